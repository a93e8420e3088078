"""What the client knows of each rule module, in one place per module (the engine's are in game/engine/modules):
``<name>.py``, and beside it ``<name>_help.py``, its page of the rules help (``ClientModule.help_page``).

``CLIENT_MODULES`` is the one registry line per module, keyed by the engine module's name.
``modules_for(state.rules)`` gathers, once per ruleset, the hooks of the modules that play: the
table, the score sheet and the game-over screen loop over them, and over nothing in a game
without modules.  The event tables (sayings, timing, sounds) are merged for every module at
import: event names are unique, an event of a module that does not play never occurs, and the
log is narrated from events alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import _

from .base import (
    ClientModule,
    Collector,
    Column,
    Command,
    Destination,
    Key,
    Mark,
    ModulePanel,
    Narrator,
    Payment,
    Pick,
    Picker,
    Piece,
    Saying,
    ScoreLine,
    decider_name,
)
from .bazaars import BazaarsClient
from .bonus import BonusClient
from .camps import CampsClient
from .dirk import DirkClient
from .exchange import ExchangeClient
from .falcons import FalconsClient
from .huts import HutsClient
from .vizier import VizierClient

if TYPE_CHECKING:
    import pygame

    from game.engine import Action, GameState
    from game.engine.ruleset import Ruleset

# One registry line per module: its engine name -> what the client shows and accepts of it.
CLIENT_MODULES: dict[str, ClientModule] = {
    DirkClient.name: DirkClient(),
    VizierClient.name: VizierClient(),
    ExchangeClient.name: ExchangeClient(),
    HutsClient.name: HutsClient(),
    BonusClient.name: BonusClient(),
    CampsClient.name: CampsClient(),
    BazaarsClient.name: BazaarsClient(),
    FalconsClient.name: FalconsClient(),
}

# Merged over every module (see above).
SAYINGS: dict[str, Saying] = {k: v for m in CLIENT_MODULES.values() for k, v in m.sayings.items()}
TIMING: dict[str, tuple[float, float]] = {k: v for m in CLIENT_MODULES.values() for k, v in m.timing.items()}
SOUNDS: dict[str, str] = {k: v for m in CLIENT_MODULES.values() for k, v in m.sounds.items()}
# The collectors' names in English (the catalogues' source): ``collector_name`` says one in the current language.
COLLECTOR_NAMES: dict[str, str] = {c.key: c.name_source for m in CLIENT_MODULES.values() for c in m.collectors}
ICONS: tuple[str, ...] = tuple(icon for m in CLIENT_MODULES.values() for icon in m.icons)
# (key, what it does) in English, marked for the catalogues: translate ``what it does`` where it is shown (``_``).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    tuple((d.hotkey, d.shortcut_source) for m in CLIENT_MODULES.values() for d in m.destinations)
    # a command on Enter (Done buying falcons) is the table's confirmation, which the table's own list names
    + tuple((c.hotkey, c.shortcut_source) for m in CLIENT_MODULES.values() for c in m.commands if c.hotkey != "Enter")
    + tuple((m.picker.hotkey, m.picker.shortcut_source) for m in CLIENT_MODULES.values() if m.picker is not None)
    + tuple((m.pick.hotkey, m.pick.shortcut_source) for m in CLIENT_MODULES.values() if m.pick is not None)
)
_MOVERS: dict[str, ClientModule] = {k: m for m in CLIENT_MODULES.values() for k in m.timing}
_SPEAKERS: dict[str, ClientModule] = {k: m for m in CLIENT_MODULES.values() for k in m.sayings}


def setup_key(name: str) -> str:
    """The letter that switches module ``name`` on or off at setup: its client module's, else its initial."""
    module = CLIENT_MODULES.get(name)
    return ((module.setup_key if module is not None else "") or name[0]).upper()


def banner(event: dict, names: Sequence[str], you: int | None) -> str | None:
    """The word across the board for a module's event, if its module has one."""
    module = _SPEAKERS.get(event.get("e", ""))
    return module.banner(event, names, you) if module is not None else None


def moved_items(event: dict) -> list[Key]:
    """The cards and tiles a module's event moves (none for an event no module knows)."""
    module = _MOVERS.get(event.get("e", ""))
    return module.moved_items(event) if module is not None else []


def collector_name(seat: int | str, names: Sequence[str]) -> str:
    """A seat's name, or a module's collector's ("Dirk", in the current language)."""
    if isinstance(seat, str) and seat in COLLECTOR_NAMES:
        return _(COLLECTOR_NAMES[seat])
    return names[int(seat)]


class Compiled:
    """The client hooks of the modules of one ruleset, gathered per hook (only the modules that answer it)."""

    def __init__(self, modules: tuple[ClientModule, ...]) -> None:
        self.modules = modules
        self.collectors: tuple[Collector, ...] = tuple(c for m in modules for c in m.collectors)
        self.destinations: tuple[Destination, ...] = tuple(d for m in modules for d in m.destinations)
        self._scoring = tuple(m for m in modules if m.collectors)
        self.commands: tuple[Command, ...] = tuple(c for m in modules for c in m.commands)
        self.pickers: tuple[tuple[ClientModule, Picker], ...] = tuple(
            (m, m.picker) for m in modules if m.picker is not None
        )
        self.picks: tuple[tuple[ClientModule, Pick], ...] = tuple((m, m.pick) for m in modules if m.pick is not None)

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        """Everything ``seat`` holds of the modules, as ``viewer`` may see it."""
        return [piece for m in self.modules for piece in m.pieces(state, seat, viewer)]

    def hand_cards(self, state: GameState, seat: int) -> list[int]:
        return [card for m in self.modules for card in m.hand_cards(state, seat)]

    def prompt(self, state: GameState) -> str | None:
        return next((text for m in self.modules if (text := m.prompt(state)) is not None), None)

    def turn_options(self, state: GameState) -> list[str]:
        return [words for m in self.modules for words in m.turn_options(state)]

    def title(self, state: GameState, name: str | None) -> str | None:
        """The actions panel's title in a module's phase; ``name``: the decider's name, None for the human."""
        return next((text for m in self.modules if (text := m.title(state, name)) is not None), None)

    def pays_with(self, card: int) -> tuple[int, ...]:
        return tuple(c for m in self.modules for c in m.pays_with(card))

    def payments(self, state: GameState, player: int, slot: int) -> list[Payment]:
        return [payment for m in self.modules for payment in m.payments(state, player, slot)]

    def buy_action(self, state: GameState, slot: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        return next((a for m in self.modules if (a := m.buy_action(state, slot, paid, card)) is not None), None)

    def exact_only(self, state: GameState) -> bool:
        return any(m.exact_only(state) for m in self.modules)

    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        return [share for m in self.modules for share in m.count_shares(state, player)]

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        return [line for m in self.modules for line in m.score_lines(state, event)]

    def item_slot(self, state: GameState, item: int) -> int | None:
        return next((slot for m in self.modules if (slot := m.item_slot(state, item)) is not None), None)

    def item_payments(self, state: GameState, player: int, item: int) -> list[Payment]:
        return [payment for m in self.modules for payment in m.item_payments(state, player, item)]

    def item_purchase(self, state: GameState, item: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        return next((a for m in self.modules if (a := m.item_purchase(state, item, paid, card)) is not None), None)

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        return [mark for m in self.modules for mark in m.marks(state, seat)]

    def placeable(self, state: GameState, player: int) -> list[int]:
        return [piece for m in self.modules for piece in m.placeable(state, player)]

    def piece_cards(self, state: GameState, player: int, piece: int) -> list[int]:
        return [card for m in self.modules for card in m.piece_cards(state, player, piece)]

    def spots(self, state: GameState, player: int, piece: int, card: int) -> dict[tuple[int, int], Action]:
        return next((found for m in self.modules if (found := m.spots(state, player, piece, card))), {})

    def picked_prompt(self, state: GameState, piece: int, card: int | None) -> str | None:
        return next((t for m in self.modules if (t := m.picked_prompt(state, piece, card)) is not None), None)

    def unpickable(self, state: GameState, player: int, piece: int | None) -> str | None:
        return next((t for m in self.modules if (t := m.unpickable(state, player, piece)) is not None), None)

    def describe(self, state: GameState, action: Action) -> str | None:
        return next((text for m in self.modules if (text := m.describe(state, action)) is not None), None)

    def preview(self, state: GameState, action: Action) -> Mark | None:
        return next((mark for m in self.modules if (mark := m.preview(state, action)) is not None), None)

    def scores(self, state: GameState) -> dict[str, int]:
        """Every module collector's current score, in the order of ``collectors``."""
        found: dict[str, int] = {}
        for module in self._scoring:
            found.update(module.scores(state))
        return found

    def event_scores(self, event: dict) -> dict[str, int]:
        found: dict[str, int] = {}
        for module in self._scoring:
            found.update(module.event_scores(event))
        return found

    def sheet_columns(self, state: GameState, event: dict, later: Sequence[dict]) -> list[Column]:
        return [column for module in self._scoring for column in module.sheet_columns(state, event, later)]

    def standings(self, state: GameState) -> list[tuple[str, str, int, str]]:
        """The collectors' rows of the game-over standings: (key, label, score, role), after the players."""
        scores = self.scores(state)
        return [(c.key, c.standing, scores[c.key], c.role) for c in self.collectors]

    def panels(self) -> dict[str, ModulePanel]:
        """New panels for a table scene, by module name."""
        made = {module.name: module.panel() for module in self.modules}
        return {name: panel for name, panel in made.items() if panel is not None}

    def item_positions(self, state: GameState, panels: dict[str, ModulePanel]) -> dict[Key, pygame.Rect]:
        found: dict[Key, pygame.Rect] = {}
        for module in self.modules:
            found.update(module.item_positions(state, panels.get(module.name)))
        return found


_COMPILED: dict[Ruleset, Compiled] = {}


def modules_for(rules: Ruleset) -> Compiled:
    """The client hooks of the modules that play under ``rules`` (compiled once per ruleset)."""
    compiled = _COMPILED.get(rules)
    if compiled is None:
        modules = tuple(CLIENT_MODULES[name] for name in rules.names if name in CLIENT_MODULES)
        compiled = _COMPILED[rules] = Compiled(modules)
    return compiled


__all__ = [
    "CLIENT_MODULES",
    "COLLECTOR_NAMES",
    "ICONS",
    "SAYINGS",
    "SHORTCUTS",
    "SOUNDS",
    "TIMING",
    "ClientModule",
    "Collector",
    "Column",
    "Command",
    "Compiled",
    "Destination",
    "Mark",
    "ModulePanel",
    "Narrator",
    "Payment",
    "Pick",
    "Picker",
    "Piece",
    "ScoreLine",
    "banner",
    "collector_name",
    "decider_name",
    "modules_for",
    "moved_items",
    "setup_key",
]
