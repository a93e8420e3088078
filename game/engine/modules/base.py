"""What a module may change, as hooks with the base game's answer ("nothing") as the default.

A hook is only called for modules that override it: ``Ruleset`` collects the overridden ones into
tuples once per game, so a base-game search never calls a hook at all.  Hooks receive the
``GameState`` and change it through its ordinary fields and their own ``Part``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..actions import Action
    from ..setup import Deal
    from ..state import GameState

Handler = tuple[Callable[["GameState", Any], None], Callable[["GameState", Any], None]]


class Part:
    """A module's slice of the game state: copied with every clone, compared in every knowledge key."""

    __slots__ = ()

    def copy(self) -> Part:
        raise NotImplementedError

    def key(self) -> tuple:
        """Everything the part holds, as one comparable value (``knowledge.state_key``)."""
        raise NotImplementedError


class Module:
    """One optional set of rules.  Subclasses override the hooks they need and nothing else."""

    name: ClassVar[str]
    handlers: ClassVar[dict[type, Handler]] = {}  # the module's actions: type -> (check, carry out)
    absent_reason: ClassVar[str] = ""  # why the module's actions are refused in a game it does not play
    events: ClassVar[tuple[str, ...]] = ()  # the names of the record events it writes (RECORD.md's Modules section)

    @classmethod
    def applies(cls, players: int, chosen: tuple[str, ...]) -> bool:
        """Whether the module plays in a game of ``players`` with the modules ``chosen`` at setup."""
        return cls.name in chosen

    # ---------------------------------------------------------------- setup
    def money_cards(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """The money cards the game is played with (before shuffling)."""
        return cards

    def start(self, state: GameState, deal: Deal) -> Part | None:
        """The module's slice of a new game's state, or None if it keeps none."""
        return None

    # ---------------------------------------------------------------- a turn
    def placement_moves(self, state: GameState, tile: int) -> Iterable[Action]:
        """Destinations besides the Alhambra and the reserve for a tile waiting to be placed."""
        return ()

    # ---------------------------------------------------------------- scoring
    def collectors(self, state: GameState) -> list[list[int]]:
        """Buildings per type of collectors besides the players who take part in majorities."""
        return []

    def award(self, state: GameState, collector: int, kind: int, points: int) -> dict:
        """Credit ``points`` for building type ``kind`` to this module's ``collector``; the award's record entry."""
        raise NotImplementedError

    def after_scoring(self, state: GameState, round_number: int) -> None:
        """What happens once a scoring is over (before the turn passes)."""

    def score_fields(self, state: GameState) -> dict[str, Any]:
        """Fields the module adds to every ``score`` event."""
        return {}

    def result_fields(self, state: GameState) -> dict[str, Any]:
        """Fields the module adds to a finished record's ``result``."""
        return {}


def overrides(module: Module, hook: str) -> bool:
    """Whether ``module`` answers ``hook`` with something of its own (else the hook is never called)."""
    return getattr(type(module), hook) is not getattr(Module, hook)
