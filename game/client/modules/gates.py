"""Everything the client knows of the city gates (RULES.md §11.1, expansion 2).

The gate card drawn in a refill lies face up beside the market ([M-GATE-3]): a narrow panel at the right end of the
market row shows it (or says that none lies there), and on your turn a click on it takes it with its wooden gate,
a whole take-money action ([M-GATE-4]).  Gate cards in a hand are public: yours stand beside your Alhambra, the
others' on their panels (``Holdings.pieces``).

A tile that could only join your Alhambra across a double wall needs gates ([M-GATE-5], [M-GATE-6]): the engine
lists such a placement as a move of its own that carries the gate cards and the sides (``GatedPlace``, and the
redesigns ``GatedFromReserve``, ``GatedSwap``).  The table lights their cells like any placement (the picker's
``module_places``), the gate(s) a placement would use drawn faded on the side(s) under the mouse, and its tooltip
says so.  Once up, each gate is drawn astride the double wall it opened (``Placements.marks``, spot "edge-<side>"),
on every view of that Alhambra, until its tile leaves ([M-GATE-7]).  Every event of the module is a line in the log,
and the cards fly: drawn to the panel, taken to the hand, played onto the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.alhambra import cell_at, xy_of
from game.engine.modules import gates
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate
from game.engine.phases import ACTION
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..sprites import card_size
from ..views import common
from . import gates_help
from .base import ClientModule, Holdings, Key, Mark, ModulePanel, Moves, Narration, Narrator, Piece, Placements

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = gates.NAME
WIDTH = 104  # the panel's width beside the market at scale 1
CARD_LEAST = 48  # the card's least height at scale 1 in the dock's column
ART = "gate"  # the wooden gate's token (``assets/tokens/gate.png``)
GATED = (GatedPlace, GatedFromReserve, GatedSwap)


def side_word(side: str) -> str:
    """A side as the rules say it ("east")."""
    return words.side(side)


def displayed(state: GameState) -> int | None:
    """[M-GATE-3] the gate card face up beside the market, or None."""
    part = gates.of(state)  # type: ignore[arg-type]
    if part is None or part.display == gates.NONE:
        return None
    return part.display


def take_move(state: GameState) -> TakeGate | None:
    """[M-GATE-4] taking the gate card, if the turn player may now (a take-money action of their turn)."""
    card = displayed(state)
    if card is None or state.phase != ACTION or state.is_over:
        return None
    move = TakeGate(card)
    return move if state.is_legal(move) else None


def held(state: GameState, seat: int) -> list[int]:
    """[M-GATE-4] the gate cards ``seat`` holds (public)."""
    part = gates.of(state)  # type: ignore[arg-type]
    return sorted(part.held[seat]) if part is not None else []


def gated_cell(state: GameState, action: Action) -> tuple[int, int] | None:
    """The cell a placement through gates puts its tile on (a swap: the swapped-out tile's cell), or None."""
    if isinstance(action, GatedPlace | GatedFromReserve):
        return action.x, action.y
    if isinstance(action, GatedSwap):
        cell = state.boards[state.turn_player].cell_of(action.alhambra_tile)
        return xy_of(cell) if cell is not None else None
    return None


def through(sides: tuple[str, ...]) -> str:
    """The gates of a placement in words: "through a city gate (east)"."""
    named = words.join(side_word(side) for side in sides)
    if len(sides) == 1:  # one gate said without a number: a language of one plural form would say "1"
        return _("through a city gate ({side})").format(side=named)
    return _("through {n} city gates ({sides})").format(n=len(sides), sides=named)


# ---------------------------------------------------------------- the log
def _aside(narrator: Narrator, event: dict) -> LogLine:
    """[M-GATE-3] a gate card drawn in a refill lies face up beside the market."""
    return LogLine(_("A city gate card is drawn: it lies face up beside the market."), None, "refill")


def _discard(narrator: Narrator, event: dict) -> LogLine:
    """[M-GATE-3] a second gate card drawn while one lies beside the market goes onto the discard pile."""
    return LogLine(
        _("Another city gate card is drawn: one already lies beside the market, so it is discarded."), None, "refill"
    )


def _take(narrator: Narrator, event: dict) -> LogLine:
    """[M-GATE-4] the gate card taken instead of money."""
    return narrator.tell(
        event,
        N_("You take the city gate card and its wooden gate instead of money"),
        N_("{player} takes the city gate card and its wooden gate instead of money"),
    )


def _gate(narrator: Narrator, event: dict) -> LogLine:
    """[M-GATE-5] a gate put up on the double wall between the tile just placed and a neighbour."""
    return narrator.tell(
        event,
        N_("You put up a city gate on the {side} side of {tile}: the double wall becomes a passage"),
        N_("{player} puts up a city gate on the {side} side of {tile}: the double wall becomes a passage"),
        side=side_word(event["side"]),
        tile=words.tile(event["tile"]),
    )


def _lost(narrator: Narrator, event: dict) -> LogLine:
    """[M-GATE-7] a gate whose tile (or neighbour) left the Alhambra goes back into the box."""
    return narrator.tell(
        event,
        N_("Your city gate on the {side} side of {tile} is gone: a tile it joined left your Alhambra"),
        N_("{player}'s city gate on the {side} side of {tile} is gone: a tile it joined left their Alhambra"),
        side=side_word(event["side"]),
        tile=words.tile(event["tile"]),
    )


class GatesNarration(Narration):
    """[M-GATE-3] to [M-GATE-7] the module's events in the log, and the gate cards' flights."""

    sayings = {  # noqa: RUF012 - read-only table
        gates.ASIDE_EVENT: _aside,
        gates.DISCARD_EVENT: _discard,
        gates.TAKE_EVENT: _take,
        gates.EVENT: _gate,
        gates.LOST_EVENT: _lost,
    }
    timing = {  # noqa: RUF012
        gates.ASIDE_EVENT: (0.45, 0.2),
        gates.DISCARD_EVENT: (0.35, 0.15),
        gates.TAKE_EVENT: (0.5, 0.3),
        gates.EVENT: (0.45, 0.3),
        gates.LOST_EVENT: (0.0, 0.3),
    }
    sounds = {  # noqa: RUF012
        gates.ASIDE_EVENT: "card",
        gates.DISCARD_EVENT: "card",
        gates.TAKE_EVENT: "card",
        gates.EVENT: "place",
        gates.LOST_EVENT: "click",
    }

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") in (gates.ASIDE_EVENT, gates.TAKE_EVENT, gates.EVENT):
            return [("card", event["card"])]
        return []

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, TakeGate):
            return _("take the city gate card (instead of money)")
        if isinstance(action, GatedPlace):
            return _("place {tile} {through}").format(tile=words.tile(action.tile), through=through(action.sides))
        if isinstance(action, GatedFromReserve):
            return _("build {tile} from your reserve {through}").format(
                tile=words.tile(action.tile), through=through(action.sides)
            )
        if isinstance(action, GatedSwap):
            return _("swap {tile} in for {other} {through}").format(
                tile=words.tile(action.reserve_tile),
                other=words.tile(action.alhambra_tile),
                through=through(action.sides),
            )
        return None


# ---------------------------------------------------------------- the hands and the boards
class GatesHoldings(Holdings):
    """[M-GATE-4] each seat's gate cards, face up to everyone."""

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        cards = held(state, seat)
        if seat == viewer:
            tip = _(
                "Your city gate card: a tile that touches your Alhambra only across double walls may still be "
                "placed, its gate opening the wall; such places light up with the others"
            )
        else:
            tip = _("A city gate card (public): its owner may place a tile across a double wall")
        return [Piece("card", card, tip) for card in cards]


def gate_mark(cell: int, tile: int, side: str, tip: str, card: int | None = None) -> Mark:
    """A gate astride ``side`` of ``cell`` (its tile's), with the card it was put up with (where that card flies)."""
    return Mark(tile, xy_of(cell), tip, spot=f"edge-{side}", art=ART, card=card)


class GatesPlacements(Placements):
    """[M-GATE-5] [M-GATE-7] the gates standing on a seat's Alhambra, and those a placement would put up."""

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        part = gates.of(state)  # type: ignore[arg-type]
        if part is None:
            return []
        found = []
        for gate in part.standing:
            if gate.player == seat:
                tip = _("A city gate on the {side} side of {tile}: this double wall is a passage").format(
                    side=side_word(gate.side), tile=words.tile(gate.tile)
                )
                found.append(gate_mark(gate.cell, gate.tile, gate.side, tip, gate.card))  # its card flies to it
        return found

    def previews(self, state: GameState, action: Action) -> list[Mark]:
        if not isinstance(action, GATED):
            return []
        at = gated_cell(state, action)
        if at is None:
            return []
        cell = cell_at(*at)
        tile = action.reserve_tile if isinstance(action, GatedSwap) else action.tile
        return [gate_mark(cell, tile, side, "") for side in action.sides]

    def preview(self, state: GameState, action: Action) -> Mark | None:
        found = self.previews(state, action)
        return found[0] if found else None


# ---------------------------------------------------------------- the panel beside the market
class GatesPanel(ModulePanel):
    """[M-GATE-3] [M-GATE-4] the gate card face up beside the market (a click takes it), or the place where one
    would lie."""

    beside_market = WIDTH

    def px(self, value: float) -> int:
        """A length of the design, scaled as the panel is (``WIDTH`` wide at scale 1), and never past
        the table's scale (in the dock's column it may be wider)."""
        return max(1, round(value * min(self.rect.w / WIDTH, self.scale)))

    def least_height(self, ui: Ui, width: int) -> int:
        """In the dock's column: the title, the card ``CARD_LEAST`` high at scale 1 and the count in hands under it."""
        return round(min(width / WIDTH, ui.scale) * (40 + CARD_LEAST + 30))

    def card_rect(self) -> pygame.Rect:
        """The card's place, under the title, as large as the panel allows."""
        px = self.px
        top = self.rect.y + px(40)
        height = max(20, min(self.rect.bottom - px(30) - top, round((self.rect.w - px(20)) * 1.5)))
        width, height = card_size(height)
        return pygame.Rect(self.rect.centerx - width // 2, top, width, height)

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        card = displayed(state)
        rect = self.card_rect()
        found: dict[Key, pygame.Rect] = {("card", card): rect} if card is not None else {}
        return found

    def action_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Action | None:
        """[M-GATE-4] a click on the gate card takes it (the engine judges it)."""
        if not self.card_rect().collidepoint(pos) or snap.state.decider != snap.me:
            return None
        return take_move(snap.state)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        if gates.of(state) is None:  # type: ignore[arg-type]
            return
        right = self.rect.right - px(8)
        title = common.section_title(
            ui, surface, _("City gate"), (self.rect.x + px(8), self.rect.y + px(8)), right=right
        )
        card = displayed(state)
        rect = self.card_rect()
        small = ui.font_px(11)
        if card is None or ("card", card) in snap.hidden:
            common.dashed_rect(surface, theme.TEXT_FAINT, rect, 1, px(6), 0)
            said = ui.text.fit(_("none"), small, rect.w - px(4))
            word = ui.text.render(said, small, theme.TEXT_FAINT)
            surface.blit(word, word.get_rect(center=rect.center))
            tip = _("No city gate card lies beside the market. One drawn in a refill is laid here.")
        else:
            surface.blit(ui.sprites.card(card, rect.h), rect)
            move = take_move(state) if snap.can_act and state.decider == snap.me else None
            hint = snap.hint_action
            if isinstance(hint, TakeGate) and snap.can_act:
                common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            elif move is not None:
                common.dashed_rect(surface, theme.TARGET, rect.inflate(px(6), px(6)), 2, px(8), (ui.time * 0.8) % 1)
            tip = sentences(
                _("The city gate card, with its wooden gate."),
                _("Click to take it instead of money: it is your whole action.")
                if move is not None
                else _("Taking it is a take-money action of your turn."),
            )
        count = sum(len(cards) for cards in gates.of(state).held)  # type: ignore[union-attr]
        if count:
            said = ngettext("{n} in hand", "{n} in hands", count).format(n=count)
            word = ui.text.render(ui.text.fit(said, small, self.rect.w - px(12)), small, theme.TEXT_DIM)
            surface.blit(word, word.get_rect(midtop=(self.rect.centerx, rect.bottom + px(4))))
        if rect.collidepoint(ui.mouse) or title.collidepoint(ui.mouse):
            ui.tooltip(tip, rect)


# ---------------------------------------------------------------- the turn
class GatesMoves(Moves):
    """[M-GATE-4] taking the gate card, in the turn's prompt."""

    def turn_options(self, state: GameState) -> list[str]:
        if take_move(state) is not None:
            # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
            return [_("take the city gate card (click it)")]
        return []


CLIENT = ClientModule(
    name=NAME,
    narration=GatesNarration(),
    holdings=GatesHoldings(),
    moves=GatesMoves(),
    placements=GatesPlacements(),
    panel=GatesPanel,
    help_page=gates_help.PAGE,
    setup_key="G",
)
