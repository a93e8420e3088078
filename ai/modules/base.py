"""The questions the evaluation asks of a rule module, with the base game's answers as defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import GameState


class Advice:
    """What the AI knows of one module.  Subclasses override what their module changes."""

    def players_share(self) -> float:
        """The share of the tiles still to come that the players (rather than the module) will get."""
        return 1.0

    def collectors(self, state: GameState) -> list[list[int]]:
        """Collectors besides the players in the majorities (their buildings per type)."""
        return []


class Compiled:
    """The advice of every module of one ruleset, gathered per question once."""

    __slots__ = ("collecting", "players_share")

    def __init__(self, advice: tuple[Advice, ...]) -> None:
        share = 1.0
        for one in advice:
            share *= one.players_share()
        self.players_share = share
        self.collecting = tuple(one for one in advice if type(one).collectors is not Advice.collectors)

    def extra_collectors(self, state: GameState) -> list[list[int]]:
        found: list[list[int]] = []
        for one in self.collecting:
            found.extend(one.collectors(state))
        return found
