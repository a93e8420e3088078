"""A game with its table: who sits where, the deal, the state and the log of everything that happened.

``GameState`` is the bare rules machine the AI clones by the thousand; ``Game`` is what the
client, the headless runner and the record format work with.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .setup import Deal, deal
from .state import GameState


@dataclass(frozen=True)
class Seat:
    name: str
    agent: str


@dataclass(frozen=True)
class GameConfig:
    """Configuration of one game: its seed, its seats and the modules chosen at setup (RECORD.md names)."""

    seed: int
    seats: tuple[Seat, ...]
    modules: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return len(self.seats)


class Game:
    """A game in progress or finished: config, deal, state and event log ([D-RNG-1])."""

    def __init__(self, config: GameConfig, dealt: Deal, state: GameState) -> None:
        self.config = config
        self.deal = dealt
        self.state = state

    @classmethod
    def new(cls, config: GameConfig) -> Game:
        dealt = deal(config.players, config.seed, config.modules)
        return cls(config, dealt, GameState.start(dealt, config.seed, log=[], modules=config.modules))

    @property
    def events(self) -> list[dict]:
        assert self.state.log is not None
        return self.state.log

    def copy(self) -> Game:
        """An independent copy, log included (the client's restart-turn undo keeps one)."""
        state = self.state.clone()
        state.log = list(self.events)
        return Game(self.config, self.deal, state)

    def apply(self, action: Action) -> list[dict]:
        """Apply ``action`` and return the events it caused (IllegalAction leaves everything unchanged)."""
        before = len(self.events)
        self.state.apply(action)
        return self.events[before:]
