"""The questions the AI asks of a rule module, with the base game's answers as defaults.

The evaluation asks how the module changes the majorities; the quick rollout policy asks which of
the module's moves a rollout may play and what each is worth.  ``Compiled`` gathers, once per
ruleset, only the modules that answer a question with something of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Action, GameState

Price = Callable[[Any, Any], float]  # (the rollout's Pricer, the action) -> its price


class Advice:
    """What the AI knows of one module.  Subclasses override what their module changes."""

    def players_share(self) -> float:
        """The share of the tiles still to come that the players (rather than the module) will get."""
        return 1.0

    def collectors(self, state: GameState) -> list[list[int]]:
        """Collectors besides the players in the majorities (their buildings per type)."""
        return []

    def prices(self) -> dict[type, Price]:
        """How the rollout policy prices the module's own kinds of move (unpriced moves come last)."""
        return {}

    def turn_moves(self, state: GameState) -> list[Action]:
        """The module's moves a rollout considers on a turn, besides taking, buying and building from the reserve."""
        return []

    def placement_moves(self, state: GameState, tile: int) -> list[Action]:
        """Where else a rollout may put a waiting tile, besides the Alhambra and the reserve."""
        return []


def _overrides(advice: Advice, question: str) -> bool:
    return getattr(type(advice), question) is not getattr(Advice, question)


class Compiled:
    """The advice of every module of one ruleset, gathered per question once (empty for the base game)."""

    __slots__ = ("collecting", "placement_moves", "players_share", "prices", "turn_moves")

    def __init__(self, advice: tuple[Advice, ...]) -> None:
        share = 1.0
        for one in advice:
            share *= one.players_share()
        self.players_share = share
        self.collecting = tuple(one for one in advice if _overrides(one, "collectors"))
        self.prices: dict[type, Price] = {}
        for one in advice:
            self.prices.update(one.prices())
        self.turn_moves = tuple(one.turn_moves for one in advice if _overrides(one, "turn_moves"))
        self.placement_moves = tuple(one.placement_moves for one in advice if _overrides(one, "placement_moves"))

    def extra_collectors(self, state: GameState) -> list[list[int]]:
        found: list[list[int]] = []
        for one in self.collecting:
            found.extend(one.collectors(state))
        return found
