"""What the client may show and accept of a rule module, as hooks with the base game's answer ("nothing").

A ``ClientModule`` is the client's half of an engine module (``game/engine/modules/``), keyed by
the same name.  It overrides only what its module shows or accepts:

- ``collectors``, ``scores``, ``event_scores``: scorers who are not seats (Dirk).  They get a token on
  the score track, a column on the score sheet, a row in the game-over standings and a name in the log.
- ``sheet_columns``: those collectors' columns of a scoring's sheet (their buildings, wall, total).
- ``panel``: a panel at the bottom of the opponents column (drawn every frame, a target for drops).
- ``item_positions``: where the module's cards and tiles are drawn, for their flights.
- ``destinations``: places besides the Alhambra and the reserve a bought tile may go to (a button, a
  key, a drop on the module's panel).
- ``sayings``, ``timing``, ``sounds``, ``moved_items``: how its record events read in the log and play
  back on the table (event names are unique, so these tables are merged for all modules at once).
- ``icons``: the ``assets/ui`` icons its buttons use (checked at start-up).

``modules_for(state.rules)`` (``modules/__init__.py``) compiles the hooks of the modules that play
once per ruleset; the base game gets empty tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..log_line import LogLine
    from ..views.model import TableSnapshot

Key = tuple[str, int]  # ("card", id) or ("tile", id): an item that may fly (as ``playback.Key``)


class Narrator(Protocol):
    """What a saying may ask of the narrator (``narrate._Narrator``)."""

    def who(self, seat: object) -> str: ...

    def move(self, event: dict, verb: str, rest: str) -> LogLine:
        """'<who> <verb> <rest>' about ``event["player"]``, conjugated for "you"."""
        ...


Saying = Callable[[Narrator, dict], "LogLine"]


@dataclass(frozen=True)
class Collector:
    """A scorer who is not a seat: ranked in the majorities, shown beside the players, never winning."""

    key: str  # its "player" in the record's awards and the key of its scores
    name: str  # in the log, on the score track, above its score-sheet column
    standing: str  # its row in the game-over standings
    role: str  # the line under that row (where a player's shows "human" or the bot)


@dataclass(frozen=True)
class Column:
    """A collector's column on a scoring's sheet."""

    key: str
    counts: Sequence[int]  # buildings per type, as they were scored
    wall: int | None  # None: walls do not apply
    total: int  # its score after this scoring


@dataclass(frozen=True)
class Destination:
    """A place besides the Alhambra and the reserve for a bought tile: a button, a key, a drop target."""

    widget: str  # the button's name for ``scene.widget(name)`` (tests click it by that name)
    label: str
    icon: str
    hotkey: str  # as the button and the shortcuts list show it
    key: int  # the pygame key that does the same
    tooltip: str
    shortcut: str  # what the key does, for the shortcuts list of the rules help
    action: Callable[[int], Action]  # the move for a held tile
    offered: Callable[[GameState], bool]  # whether the button shows at all now (its legality enables it)
    drop_on: str = ""  # the module whose panel takes the tile when it is dropped there ("": none)


class ModulePanel:
    """A module's panel at the bottom of the opponents column.  ``rect`` is set by the column's layout."""

    weight: float = 1.0  # its height in the column, relative to an opponent's panel

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        """Draw the panel's contents from the frame's snapshot (its box is in the table's static layer)
        and ask for its tooltip."""

    def target_rect(self) -> pygame.Rect:
        """Where items flying to the module land."""
        return self.rect


class ClientModule:
    """The client's side of one rule module.  Subclasses override what their module shows or accepts."""

    name: ClassVar[str]  # the engine module's name (``Module.name``)
    collectors: ClassVar[tuple[Collector, ...]] = ()
    destinations: ClassVar[tuple[Destination, ...]] = ()
    sayings: ClassVar[dict[str, Saying]] = {}  # event name -> its sentence in the log
    timing: ClassVar[dict[str, tuple[float, float]]] = {}  # event name -> (flight, gap) at speed 1
    sounds: ClassVar[dict[str, str]] = {}  # event name -> the sound it plays
    icons: ClassVar[tuple[str, ...]] = ()

    def scores(self, state: GameState) -> dict[str, int]:
        """The current score of each of its collectors."""
        return {}

    def event_scores(self, event: dict) -> dict[str, int]:
        """Its collectors' totals as a ``score`` event records them."""
        return {}

    def sheet_columns(self, state: GameState, event: dict, later: Sequence[dict]) -> list[Column]:
        """Its collectors' columns for the sheet of ``event`` (``later``: the events after it in its batch)."""
        return []

    def panel(self) -> ModulePanel | None:
        """A new panel for a table scene, or None."""
        return None

    def item_positions(self, state: GameState, panel: ModulePanel | None) -> dict[Key, pygame.Rect]:
        """Where its items are drawn now (``panel``: its own, laid out)."""
        return {}

    def moved_items(self, event: dict) -> list[Key]:
        """The cards and tiles one of its events moves."""
        return []
