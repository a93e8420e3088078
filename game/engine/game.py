"""A game with its table: who sits where, the deal, the state and the log of everything that happened.

``GameState`` is the bare rules machine the AI clones by the thousand; ``Game`` is what the
client, the headless runner and the record format work with.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .setup import Deal, deal
from .state import GameState

MAX_NAME = 64
"""Players' names and agents are short labels (the setup screen takes names of up to 16 characters)."""

SEED_LIMIT = 2**64
"""Seeds are drawn below 2**31; a bound keeps an absurd seed out of later arithmetic and file names."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # [B-SETUP-1]


class ConfigError(ValueError):
    """A table no game can be played at, or whose record could not be read back: one line saying why.

    The limits are the record reader's own (``record`` uses ``name_problem`` and ``seed_problem``), so what a
    game accepts at the start it can always save and load again.
    """


def name_problem(text: object, what: str = "a name") -> str | None:
    """Why ``text`` cannot be a player's name (or an agent's label); None when it can."""
    if not isinstance(text, str):
        return f"{what} must be text"
    if len(text) > MAX_NAME:
        return f"{what} has at most {MAX_NAME} characters, not {len(text)}"
    if not text.isprintable():
        return f"{what} is one line of printable characters: no tab, line break or control character"
    return None


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a game ([D-RNG-1]); None when it can."""
    if type(seed) is not int:
        return "the seed must be a whole number"
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        return "the seed must be below 2**64 in size"
    return None


@dataclass(frozen=True)
class Seat:
    name: str
    agent: str


@dataclass(frozen=True)
class GameConfig:
    """Configuration of one game: its seed, its seats and the modules chosen at setup (RECORD.md names).

    Checked when made (``ConfigError``): a game is only started with what its record can hold.
    """

    seed: int
    seats: tuple[Seat, ...]
    modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problem = seed_problem(self.seed)
        if problem is None and not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            problem = f"Alhambra is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(self.seats)}"
        for number, seat in enumerate(self.seats, 1):
            if problem is not None:
                break
            problem = name_problem(seat.name, f"player {number}'s name") or name_problem(
                seat.agent, f"player {number}'s agent"
            )
        if problem is not None:
            raise ConfigError(problem)

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
        return cls(config, dealt, GameState.start(dealt, config.seed, log=[]))

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
