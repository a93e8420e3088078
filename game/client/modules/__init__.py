"""What the client knows of each rule module, in one place per module (the engine's are in game/engine/modules):
``<name>.py``, and beside it ``<name>_help.py``, its page of the rules help (``ClientModule.help_page``).

Each module's file defines the roles it needs (``base.py``: its narration, scoring, holdings, moves,
purchases, wares, placements, its panel's class, its help page) and composes them in its ``CLIENT``.
``CLIENT_MODULES`` is the one registry line per module, keyed by the engine module's name.
``modules_for(state.rules)`` gathers, once per ruleset, the roles of the modules that play, per role (only the
modules having it): the table, the score sheet and the game-over screen ask the compiled set's hooks, which
answer for nothing in a game without modules.  The event tables (sayings, timing, sounds) are merged for every
module at import: event names are unique, an event of a module that does not play never occurs, and the log is
narrated from events alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import _

from . import (
    bazaars,
    bonus,
    camps,
    change,
    chests,
    dirk,
    exchange,
    falcons,
    gates,
    huts,
    thieves,
    traders,
    vizier,
    walls,
)
from .base import (
    ROLES,
    ChoicePanel,
    ClientModule,
    Collector,
    Column,
    Command,
    Destination,
    Holdings,
    Key,
    Mark,
    ModulePanel,
    Moves,
    Narration,
    Narrator,
    Payment,
    Pick,
    Picker,
    Piece,
    Placements,
    Purchases,
    Role,
    Saying,
    ScoreLine,
    Scoring,
    Wares,
    decider_name,
)

if TYPE_CHECKING:
    import pygame

    from game.engine import Action, GameState
    from game.engine.ruleset import Ruleset

# One registry line per module: its engine name -> what the client shows and accepts of it.
CLIENT_MODULES: dict[str, ClientModule] = {
    module.name: module
    for module in (
        dirk.CLIENT,
        vizier.CLIENT,
        exchange.CLIENT,
        huts.CLIENT,
        bonus.CLIENT,
        camps.CLIENT,
        bazaars.CLIENT,
        falcons.CLIENT,
        change.CLIENT,
        thieves.CLIENT,
        traders.CLIENT,
        chests.CLIENT,
        gates.CLIENT,
        walls.CLIENT,
    )
}
_NARRATIONS = tuple(m.narration for m in CLIENT_MODULES.values() if m.narration is not None)
_MOVES = tuple(m.moves for m in CLIENT_MODULES.values() if m.moves is not None)

# Merged over every module (see above).
SAYINGS: dict[str, Saying] = {k: v for n in _NARRATIONS for k, v in n.sayings.items()}
TIMING: dict[str, tuple[float, float]] = {k: v for n in _NARRATIONS for k, v in n.timing.items()}
SOUNDS: dict[str, str] = {k: v for n in _NARRATIONS for k, v in n.sounds.items()}
# The collectors' names in English (the catalogues' source): ``collector_name`` says one in the current language.
COLLECTOR_NAMES: dict[str, str] = {
    c.key: c.name_source for m in CLIENT_MODULES.values() if m.scoring is not None for c in m.scoring.collectors
}
ICONS: tuple[str, ...] = tuple(icon for m in CLIENT_MODULES.values() for icon in m.icons)
# (key, what it does) in English, marked for the catalogues: translate ``what it does`` where it is shown (``_``).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    tuple((d.hotkey, d.shortcut_source) for m in _MOVES for d in m.destinations)
    # a command on Enter (Done buying falcons) is the table's confirmation, which the table's own list names
    + tuple((c.hotkey, c.shortcut_source) for moves in _MOVES for c in moves.commands if c.hotkey != "Enter")
    + tuple(
        (m.wares.picker.hotkey, m.wares.picker.shortcut_source)
        for m in CLIENT_MODULES.values()
        if m.wares is not None and m.wares.picker is not None
    )
    + tuple(
        (m.wares.lot_picker.hotkey, m.wares.lot_picker.shortcut_source)
        for m in CLIENT_MODULES.values()
        if m.wares is not None and m.wares.lot_picker is not None
    )
    + tuple(
        (m.placements.pick.hotkey, m.placements.pick.shortcut_source)
        for m in CLIENT_MODULES.values()
        if m.placements is not None and m.placements.pick is not None
    )
)
_MOVERS: dict[str, Narration] = {k: n for n in _NARRATIONS for k in n.timing}
_SPEAKERS: dict[str, Narration] = {k: n for n in _NARRATIONS for k in n.sayings}


def setup_key(name: str) -> str:
    """The letter that switches module ``name`` on or off at setup: its client module's, else its initial."""
    module = CLIENT_MODULES.get(name)
    return ((module.setup_key if module is not None else "") or name[0]).upper()


def banner(event: dict, names: Sequence[str], you: int | None) -> str | None:
    """The word across the board for a module's event, if its module has one."""
    narration = _SPEAKERS.get(event.get("e", ""))
    return narration.banner(event, names, you) if narration is not None else None


def moved_items(event: dict) -> list[Key]:
    """The cards and tiles a module's event moves (none for an event no module knows)."""
    narration = _MOVERS.get(event.get("e", ""))
    return narration.moved_items(event) if narration is not None else []


def collector_name(seat: int | str, names: Sequence[str]) -> str:
    """A seat's name, or a module's collector's ("Dirk", in the current language)."""
    if isinstance(seat, str) and seat in COLLECTOR_NAMES:
        return _(COLLECTOR_NAMES[seat])
    return names[int(seat)]


class Compiled:
    """The client hooks of the modules of one ruleset, gathered per role: each hook asks only the modules having
    its role, and answers for nothing where none has it (the base game)."""

    def __init__(self, modules: tuple[ClientModule, ...]) -> None:
        self.modules = modules
        self._narration = tuple(m.narration for m in modules if m.narration is not None)
        self._scoring = tuple(m.scoring for m in modules if m.scoring is not None)
        self._holdings = tuple(m.holdings for m in modules if m.holdings is not None)
        self._moves = tuple(m.moves for m in modules if m.moves is not None)
        self._purchases = tuple(m.purchases for m in modules if m.purchases is not None)
        self._wares = tuple(m.wares for m in modules if m.wares is not None)
        self._placements = tuple(m.placements for m in modules if m.placements is not None)
        self._panels = tuple((m.name, m.panel) for m in modules if m.panel is not None)
        # whether a module holds pieces or cards of a seat's (a vizier token, exchange cards): the opponents' panels
        # make room for them beside the reserves
        self.holds_pieces = bool(self._holdings)
        self.collectors: tuple[Collector, ...] = tuple(c for s in self._scoring for c in s.collectors)
        self.destinations: tuple[Destination, ...] = tuple(d for m in self._moves for d in m.destinations)
        self.commands: tuple[Command, ...] = tuple(c for moves in self._moves for c in moves.commands)
        self.pickers: tuple[tuple[Wares, Picker], ...] = tuple(
            (wares, wares.picker) for wares in self._wares if wares.picker is not None
        )
        self.lot_pickers: tuple[tuple[Wares, Picker], ...] = tuple(
            (wares, wares.lot_picker) for wares in self._wares if wares.lot_picker is not None
        )
        self.picks: tuple[tuple[Placements, Pick], ...] = tuple(
            (placements, placements.pick) for placements in self._placements if placements.pick is not None
        )

    # ------------------------------------------------------------ holdings
    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        """Everything ``seat`` holds of the modules, as ``viewer`` may see it."""
        return [piece for h in self._holdings for piece in h.pieces(state, seat, viewer)]

    def hand_cards(self, state: GameState, seat: int) -> list[int]:
        return [card for h in self._holdings for card in h.hand_cards(state, seat)]

    # ------------------------------------------------------------ moves
    def prompt(self, state: GameState) -> str | None:
        return next((text for m in self._moves if (text := m.prompt(state)) is not None), None)

    def turn_options(self, state: GameState) -> list[str]:
        return [words for m in self._moves for words in m.turn_options(state)]

    def title(self, state: GameState, name: str | None) -> str | None:
        """The actions panel's title in a module's phase; ``name``: the decider's name, None for the human."""
        return next((text for m in self._moves if (text := m.title(state, name)) is not None), None)

    def offer_move(self, state: GameState, card: int) -> Action | None:
        return next((a for m in self._moves if (a := m.offer_move(state, card)) is not None), None)

    def cell_moves(self, state: GameState, player: int) -> dict[tuple[int, int], Action]:
        return next((found for m in self._moves if (found := m.cell_moves(state, player))), {})

    def card_use(self, state: GameState, card: int, tile: int) -> Action | None:
        return next((a for m in self._moves if (a := m.card_use(state, card, tile)) is not None), None)

    def card_prompt(self, state: GameState, card: int) -> str | None:
        return next((t for m in self._moves if (t := m.card_prompt(state, card)) is not None), None)

    def setup_choices(self, state: GameState) -> list[type[ChoicePanel]]:
        """The secret choices each person makes before a new game's first turn (their panels), in the modules'
        order."""
        return [choice for m in self._moves if (choice := m.setup_choice(state)) is not None]

    # ------------------------------------------------------------ purchases
    def pays_with(self, card: int) -> tuple[int, ...]:
        return tuple(c for p in self._purchases for c in p.pays_with(card))

    def payments(self, state: GameState, player: int, slot: int) -> list[Payment]:
        return [payment for p in self._purchases for payment in p.payments(state, player, slot)]

    def buy_action(self, state: GameState, slot: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        return next((a for p in self._purchases if (a := p.buy_action(state, slot, paid, card)) is not None), None)

    def exact_only(self, state: GameState) -> bool:
        return any(p.exact_only(state) for p in self._purchases)

    # ------------------------------------------------------------ wares
    def item_slot(self, state: GameState, item: int) -> int | None:
        return next((slot for w in self._wares if (slot := w.item_slot(state, item)) is not None), None)

    def item_payments(self, state: GameState, player: int, item: int) -> list[Payment]:
        return [payment for w in self._wares for payment in w.item_payments(state, player, item)]

    def item_purchase(self, state: GameState, item: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        return next((a for w in self._wares if (a := w.item_purchase(state, item, paid, card)) is not None), None)

    def lot_payments(self, state: GameState, player: int, lot: int) -> list[tuple[int, ...]]:
        return next((found for w in self._wares if (found := w.lot_payments(state, player, lot))), [])

    def lot_refusal(self, state: GameState, player: int, lot: int) -> str | None:
        return next((t for w in self._wares if (t := w.lot_refusal(state, player, lot)) is not None), None)

    def lot_purchase(self, state: GameState, lot: int, paid: tuple[int, ...]) -> Action | None:
        return next((a for w in self._wares if (a := w.lot_purchase(state, lot, paid)) is not None), None)

    def lot_prompt(self, state: GameState, lot: int, paid: tuple[int, ...]) -> str | None:
        return next((t for w in self._wares if (t := w.lot_prompt(state, lot, paid)) is not None), None)

    # ------------------------------------------------------------ placements
    def marks(self, state: GameState, seat: int) -> list[Mark]:
        return [mark for p in self._placements for mark in p.marks(state, seat)]

    def placeable(self, state: GameState, player: int) -> list[int]:
        return [piece for p in self._placements for piece in p.placeable(state, player)]

    def piece_cards(self, state: GameState, player: int, piece: int) -> list[int]:
        return [card for p in self._placements for card in p.piece_cards(state, player, piece)]

    def spots(self, state: GameState, player: int, piece: int, card: int) -> dict[tuple[int, int], Action]:
        return next((found for p in self._placements if (found := p.spots(state, player, piece, card))), {})

    def picked_prompt(self, state: GameState, piece: int, card: int | None) -> str | None:
        return next((t for p in self._placements if (t := p.picked_prompt(state, piece, card)) is not None), None)

    def unpickable(self, state: GameState, player: int, piece: int | None) -> str | None:
        return next((t for p in self._placements if (t := p.unpickable(state, player, piece)) is not None), None)

    def preview(self, state: GameState, action: Action) -> Mark | None:
        return next((mark for p in self._placements if (mark := p.preview(state, action)) is not None), None)

    def overlays(self, state: GameState, tile: int) -> tuple[Mark, ...]:
        return tuple(mark for p in self._placements for mark in p.overlays(state, tile))

    def previews(self, state: GameState, action: Action) -> list[Mark]:
        return [mark for p in self._placements for mark in p.previews(state, action)]

    # ------------------------------------------------------------ narration
    def describe(self, state: GameState, action: Action) -> str | None:
        return next((text for n in self._narration if (text := n.describe(state, action)) is not None), None)

    # ------------------------------------------------------------ scoring
    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        return [share for s in self._scoring for share in s.count_shares(state, player)]

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        return [line for s in self._scoring for line in s.score_lines(state, event)]

    def scores(self, state: GameState) -> dict[str, int]:
        """Every module collector's current score, in the order of ``collectors``."""
        found: dict[str, int] = {}
        for scoring in self._scoring:
            found.update(scoring.scores(state))
        return found

    def event_scores(self, event: dict) -> dict[str, int]:
        found: dict[str, int] = {}
        for scoring in self._scoring:
            found.update(scoring.event_scores(event))
        return found

    def sheet_columns(self, state: GameState, event: dict, later: Sequence[dict]) -> list[Column]:
        return [column for scoring in self._scoring for column in scoring.sheet_columns(state, event, later)]

    def standings(self, state: GameState) -> list[tuple[str, str, int, str]]:
        """The collectors' rows of the game-over standings: (key, label, score, role), after the players."""
        scores = self.scores(state)
        return [(c.key, c.standing, scores[c.key], c.role) for c in self.collectors]

    # ------------------------------------------------------------ panels
    def panels(self) -> dict[str, ModulePanel]:
        """New panels for a table scene, by module name."""
        return {name: panel() for name, panel in self._panels}

    def item_positions(self, state: GameState, panels: dict[str, ModulePanel]) -> dict[Key, pygame.Rect]:
        """Where the modules' items are drawn on their panels (``panels``: a scene's, laid out), for flights."""
        found: dict[Key, pygame.Rect] = {}
        for panel in panels.values():
            found.update(panel.item_positions(state))
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
    "ROLES",
    "SAYINGS",
    "SHORTCUTS",
    "SOUNDS",
    "TIMING",
    "ChoicePanel",
    "ClientModule",
    "Collector",
    "Column",
    "Command",
    "Compiled",
    "Destination",
    "Holdings",
    "Mark",
    "ModulePanel",
    "Moves",
    "Narration",
    "Narrator",
    "Payment",
    "Pick",
    "Picker",
    "Piece",
    "Placements",
    "Purchases",
    "Role",
    "ScoreLine",
    "Scoring",
    "Wares",
    "banner",
    "collector_name",
    "decider_name",
    "modules_for",
    "moved_items",
    "setup_key",
]
