"""Everything the client knows of the street traders (RULES.md §11.5).

On every view of an Alhambra (yours and the opponents' panels) its player's trader's disc stands on its cell with
its three citizens, and each resident stands in the top left corner of its building ([M-TRADER-2],
[M-TRADER-7]); a citizen is a figure of its building's colour carrying that building's emblem, so it reads
without colour.  The traders' panel shows the open supply, six colours with their counts, and the disc of the
player deciding (yours when nobody is).  After you place a building on your disc's cell ([M-TRADER-3]): click
your citizen of its colour on the panel to move it onto the building, then a colour of the supply for your disc;
or, when none matches, click a citizen of your disc and then a colour of the supply to exchange them; or "No
change" (C).  At the end of the turn the empty cells beside your Alhambra light up: a click puts the disc back
there ([M-TRADER-5]).  The residents score in sets of colours at every scoring: a row of the score sheet
([M-TRADER-6]).  Each decision is a line in the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.alhambra import xy_of
from game.engine.components import BUILDING_TYPES, CITIZENS, PIECE_COLOUR, TRADER_SET_POINTS
from game.engine.modules import traders
from game.engine.modules.traders import MoveResident, NewCitizen, PutDisc, SwapCitizen, TraderPass
from game.i18n import N_, _, ngettext, npgettext, words

from .. import theme
from ..log_line import LogLine
from ..views import common
from . import traders_help
from .base import (
    ChoicePanel,
    ClientModule,
    Command,
    Key,
    Mark,
    ModulePanel,
    Moves,
    Narration,
    Narrator,
    Placements,
    ScoreLine,
    Scoring,
    decider_name,
)
from .traders_setup import DiscChoice

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = traders.NAME
PICTURE = CITIZENS[0]  # the score sheet row's picture: a citizen
LABEL = N_("Residents")  # the score sheet's row [M-TRADER-6]
LEGEND = N_("points per set of colours")  # under the row's label
NO_RESIDENT = N_("no resident")
DECIDING = (traders.TRADING, traders.CHOOSING)  # the phases decided on the panel
DISC = "trader_disc"  # the disc's art (assets/tokens)
ON_DISC = traders.ON_DISC
SUPPLY_GAP = 12  # at scale 1, between the supply's two rows in a narrow panel: its count chips hang between them


def _pass_move(state: GameState) -> Action | None:
    """[M-TRADER-3] after the disc was set aside: move no citizen and exchange none."""
    return TraderPass() if state.phase == traders.TRADING else None


NO_CHANGE = Command(
    widget="trader_pass",
    # TRANSLATORS: a button after a building was placed on the trader's disc's cell: move and exchange no citizen
    label_source=N_("Leave as is"),
    hotkey="C",
    key=pygame.K_c,
    tooltip_source=N_("Leave the citizens as they are: move none onto the building and exchange none"),
    # TRANSLATORS: in the list of keys: what the C key does
    shortcut_source=N_("street traders: leave the citizens as they are"),
    move=_pass_move,
)


# ---------------------------------------------------------------------- what the engine's part says
def _by_colour(citizens: list[int]) -> dict[int, list[int]]:
    """``citizens`` by colour (building type), each list sorted: citizens of one colour are alike."""
    found: dict[int, list[int]] = {kind: [] for kind in range(len(BUILDING_TYPES))}
    for citizen in sorted(citizens):
        found[PIECE_COLOUR[citizen]].append(citizen)  # type: ignore[index]
    return found


def _matches(legal: list, citizen: int) -> bool:
    """[M-TRADER-3] whether a citizen of ``citizen``'s colour may move onto the building now (in ``legal``)."""
    return any(isinstance(a, MoveResident) and PIECE_COLOUR[a.piece] == PIECE_COLOUR[citizen] for a in legal)


def shown_seat(state: GameState, me: int) -> int:
    """Whose disc the panel shows: the player deciding about their citizens, else the one at the bottom."""
    return state.decider if state.phase in DECIDING else me  # type: ignore[return-value]


def sets(colours: list[int]) -> list[int]:
    """[M-TRADER-6] the best sets of residents' colours: the k-th holds every colour with at least k residents;
    each set's number of colours, largest first."""
    counts = [colours.count(kind) for kind in range(len(BUILDING_TYPES))]
    return [sum(1 for c in counts if c >= k) for k in range(1, max(counts, default=0) + 1)]


def explain(colours: list[int]) -> tuple[str, str]:
    """A player's residents in a few words ("6 + 1") and at length, or ("", "") for none."""
    if not colours:
        return "", ""
    found = sets(colours)
    points = [TRADER_SET_POINTS[n] for n in found]
    short = " + ".join(str(p) for p in points)
    counts = [(kind, colours.count(kind)) for kind in range(len(BUILDING_TYPES)) if colours.count(kind)]
    residents = words.join(
        # TRANSLATORS: a count of buildings of one type in a list ("3 Tower")
        npgettext("buildings of a type", "{n} {type}", "{n} {type}", n).format(n=n, type=words.building(kind))
        for kind, n in counts
    )
    said = words.join(
        ngettext("{n} colour: {points}", "{n} colours: {points}", n).format(n=n, points=p)
        for n, p in zip(found, points, strict=True)
    )
    total = sum(points)
    # TRANSLATORS: the traders' row of the score sheet at length: the residents by colour, then the sets of colours
    return short, ngettext(
        "Residents: {residents}. Sets of {sets}. In all {n} point.",
        "Residents: {residents}. Sets of {sets}. In all {n} points.",
        total,
    ).format(residents=residents, sets=said, n=total)


# ---------------------------------------------------------------------- the log
def _resident(narrator: Narrator, event: dict) -> LogLine:
    """[M-TRADER-3] a citizen of the disc moves onto the building placed on its cell."""
    return narrator.tell(
        event,
        N_("Your {citizen} moves onto your {tile}"),
        N_("{player}'s {citizen} moves onto their {tile}"),
        citizen=words.tile(event["citizen"]),
        tile=words.tile_name(event["tile"]),
    )


def _new(narrator: Narrator, event: dict) -> LogLine:
    """[M-TRADER-3] the supply's citizen chosen for the disc."""
    return narrator.tell(
        event,
        N_("You put the {citizen} of the supply onto your disc"),
        N_("{player} puts the {citizen} of the supply onto their disc"),
        citizen=words.tile(event["citizen"]),
    )


def _swap(narrator: Narrator, event: dict) -> LogLine:
    """[M-TRADER-3] a citizen of the disc exchanged for one of the supply."""
    return narrator.tell(
        event,
        N_("You exchange the {out} of your disc for the {citizen} of the supply"),
        N_("{player} exchanges the {out} of their disc for the {citizen} of the supply"),
        out=words.tile(event["out"]),
        citizen=words.tile(event["in"]),
    )


def _back(narrator: Narrator, event: dict) -> LogLine:
    """[M-TRADER-5] the disc goes back onto an empty cell beside the Alhambra."""
    return narrator.tell(
        event,
        N_("You put your trader's disc back beside your Alhambra"),
        N_("{player} puts their trader's disc back beside their Alhambra"),
    )


class TradersNarration(Narration):
    """[M-TRADER-3] [M-TRADER-5] the citizens' moves and the disc put back, in the log."""

    sayings = {  # noqa: RUF012 - read-only table
        traders.RESIDENT_EVENT: _resident,
        traders.NEW_EVENT: _new,
        traders.SWAP_EVENT: _swap,
        traders.BACK_EVENT: _back,
    }
    timing = {  # noqa: RUF012
        traders.RESIDENT_EVENT: (0.4, 0.45),
        traders.NEW_EVENT: (0.4, 0.35),
        traders.SWAP_EVENT: (0.45, 0.45),
        traders.BACK_EVENT: (0.0, 0.35),
    }
    sounds = {traders.RESIDENT_EVENT: "place", traders.SWAP_EVENT: "click", traders.BACK_EVENT: "place"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        """The citizens fly: from the disc onto the building, from the supply onto the disc, and both ways in an
        exchange."""
        name = event.get("e")
        if name in (traders.RESIDENT_EVENT, traders.NEW_EVENT):
            return [("tile", event["citizen"])]
        if name == traders.SWAP_EVENT:
            return [("tile", event["out"]), ("tile", event["in"])]
        return []

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, MoveResident):
            return _("move the {citizen} onto the building").format(citizen=words.tile(action.piece))
        if isinstance(action, NewCitizen):
            return _("put the {citizen} onto your disc").format(citizen=words.tile(action.piece))
        if isinstance(action, SwapCitizen):
            return _("exchange the {out} for the {citizen}").format(
                out=words.tile(action.piece), citizen=words.tile(action.other_piece)
            )
        if isinstance(action, TraderPass):
            return _("leave the citizens as they are")
        if isinstance(action, PutDisc):
            return _("put your trader's disc back here")
        return None


# ---------------------------------------------------------------------- on the Alhambras
def _resident_tip(citizen: int, building: int) -> str:
    """A resident on its building, in words (its tooltip on an Alhambra and on a reserve)."""
    return _("{citizen}: a resident of the {tile}").format(citizen=words.tile(citizen), tile=words.tile_name(building))


class TradersPlacements(Placements):
    """[M-TRADER-2] [M-TRADER-7] each player's disc and its citizens on its cell, and the residents on their
    buildings, on every view of their Alhambra."""

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None:
            return []
        found: list[Mark] = []
        cell = part.at[seat]
        if cell is not None:
            at = xy_of(cell)
            on = words.join(words.tile(c) for c in sorted(part.discs[seat]))
            tip = _("Trader's disc ({citizens}): a building placed here may take one of them").format(citizens=on)
            found.append(Mark(-1 - seat, at, tip, "cell", DISC))
            for index, citizen in enumerate(sorted(part.discs[seat])[:ON_DISC]):
                found.append(Mark(citizen, at, tip, f"disc{index}"))
        grid = state.boards[seat].grid
        cells = {tile: cell for cell, tile in grid.items()}
        for building, citizen in sorted(part.residents[seat].items()):
            if building in cells:  # [M-TRADER-7] one on the reserve does not count: drawn there (``overlays``)
                found.append(Mark(citizen, xy_of(cells[building]), _resident_tip(citizen, building), "resident"))
        return found

    def overlays(self, state: GameState, tile: int) -> tuple[Mark, ...]:
        """[M-TRADER-7] a resident stays on its building moved to the reserve (where it does not count): drawn
        there too."""
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None:
            return ()
        for residents in part.residents:
            citizen = residents.get(tile)
            if citizen is not None:
                return (Mark(citizen, (0, 0), _resident_tip(citizen, tile), "resident"),)
        return ()


# ---------------------------------------------------------------------- the moves
class TradersMoves(Moves):
    """Leave as is (C), the disc put back by a click on a lit cell, and the words of the traders' phases."""

    commands = (NO_CHANGE,)

    def prompt(self, state: GameState) -> str | None:
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None:
            return None
        if state.phase == traders.TRADING:
            matching = [m for m in state.legal_actions() if isinstance(m, MoveResident)]
            if matching:
                return _(
                    "Your disc was set aside: click your {citizen} on the traders' panel to move it onto the "
                    "{tile}, or Leave as is (C)."
                ).format(citizen=words.tile(matching[0].piece), tile=words.tile_name(part.placed))
            return _(
                "Your disc was set aside: to exchange, click a citizen of your disc on the traders' panel, then a "
                "citizen of the supply; or Leave as is (C)."
            )
        if state.phase == traders.CHOOSING:
            return _("Choose a citizen of the supply for your disc: click one on the traders' panel.")
        if state.phase == traders.DISC_BACK:
            return _("Put your trader's disc back: click a lit cell beside your Alhambra.")
        return None

    def title(self, state: GameState, name: str | None) -> str | None:
        if state.phase not in (*DECIDING, traders.DISC_BACK):
            return None
        player = decider_name(name)
        return _("Your street trader") if player is None else _("{player}'s street trader").format(player=player)

    def setup_choice(self, state: GameState) -> type[ChoicePanel] | None:
        """[M-TRADER-2] each person chooses their disc's three citizens and its side before the first turn."""
        return DiscChoice if traders.of(state) is not None else None  # type: ignore[arg-type]

    def cell_moves(self, state: GameState, player: int) -> dict[tuple[int, int], Action]:
        """[M-TRADER-5] the empty cells beside the Alhambra that take the disc back."""
        if state.phase != traders.DISC_BACK or state.decider != player:
            return {}
        return {(a.x, a.y): a for a in state.legal_actions() if isinstance(a, PutDisc)}


# ---------------------------------------------------------------------- the score sheet
class TradersScoring(Scoring):
    """[M-TRADER-6] the score sheet's row "Residents" at every scoring."""

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        if traders.of(state) is None:  # type: ignore[arg-type]
            return []
        said = [explain(traders.counted(state, player)) for player in range(state.players)]  # type: ignore[arg-type]
        notes = [short if short else _(NO_RESIDENT) for short, _tip in said]
        tips = [tip for _short, tip in said]
        return [ScoreLine(traders.SCORE_NAME, _(LABEL), PICTURE, notes, tips, _(LEGEND))]


# ---------------------------------------------------------------------- the panel
class TradersPanel(ModulePanel):
    """The open supply (six colours, their counts) and a disc: the deciding player's (set aside), else yours.  A
    click on a citizen makes the move of the phase: a resident, the supply's citizen chosen, or an exchange (a
    citizen of the disc, then a colour of the supply)."""

    def __init__(self) -> None:
        super().__init__()
        self.out: tuple[tuple, int] | None = None  # the disc's citizen picked to exchange: (the decision, it)
        self.ui: Ui | None = None

    def least_height(self, ui: Ui, width: int) -> int:
        """The title and two rows, each under its label: the disc's three citizens, the supply's six colours."""
        return ui.px(9) + self._title_h(ui) + 2 * (self._label_h(ui) + ui.px(26)) + ui.px(16)

    # ------------------------------------------------------------------ layout
    @staticmethod
    def _title_h(ui: Ui) -> int:
        return ui.text.size("Ag", ui.font_px(13), "bold")[1]

    @staticmethod
    def _label_h(ui: Ui) -> int:
        return ui.text.size("Ag", ui.font_px(11))[1]

    def _rows(self, ui: Ui) -> tuple[int, int, int, int]:
        """The rows' left edge, the first row's top (its label's), the pieces' size and the rows' pitch."""
        return self._shape(ui)[:4]

    def _shape(self, ui: Ui) -> tuple[int, int, int, int, int]:
        """``_rows`` and how many of the supply's colours stand in a row: all six, or (a narrow panel, beside your
        Alhambra: the citizens larger so) three in each of two rows."""
        px = ui.px
        top = self.rect.y + px(9) + self._title_h(ui) + px(3)
        label = self._label_h(ui) + px(1)
        room = self.rect.bottom - px(10) - top  # the chips hang half below the last row
        best: tuple[int, int, int, int, int] | None = None
        for per_row in (len(BUILDING_TYPES), ON_DISC):
            rows = 1 + -(-len(BUILDING_TYPES) // per_row)  # the disc's row, then the supply's
            size = (room - 2 * label - px(8) - (rows - 2) * px(SUPPLY_GAP)) // rows
            size = max(8, min(px(44), size, (self.rect.w - px(24) - (per_row - 1) * px(6)) // per_row))
            if best is None or size > best[2] + px(2):  # six in a row unless two rows make them larger
                best = (self.rect.x + px(12), top, size, label + size + px(8), per_row)
        assert best is not None
        return best

    def disc_rects(self, ui: Ui) -> list[pygame.Rect]:
        """The three places of the disc's citizens, in the first row."""
        left, top, size, _pitch = self._rows(ui)
        y = top + self._label_h(ui) + ui.px(1)
        return [pygame.Rect(left + i * (size + ui.px(6)), y, size, size) for i in range(ON_DISC)]

    def supply_rects(self, ui: Ui) -> list[pygame.Rect]:
        """One place per colour of the supply (building type order), in the second row."""
        left, top, size, pitch, per_row = self._shape(ui)
        y = top + pitch + self._label_h(ui) + ui.px(1)
        step = size + ui.px(SUPPLY_GAP)  # a second row clear of the first's count chips
        return [
            pygame.Rect(left + (i % per_row) * (size + ui.px(6)), y + (i // per_row) * step, size, size)
            for i in range(len(BUILDING_TYPES))
        ]

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """The supply's citizens in their colours' places, and those of a disc set aside while its player decides
        (a disc beside an Alhambra has its citizens drawn there): the citizens' flights start or end here."""
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None or self.ui is None:
            return {}
        supply_rects = self.supply_rects(self.ui)
        found: dict[Key, pygame.Rect] = {("tile", c): supply_rects[PIECE_COLOUR[c]] for c in part.supply}  # type: ignore[index]
        seat = state.decider
        if state.phase in DECIDING and seat is not None and part.at[seat] is None:
            found.update(
                {("tile", c): r for c, r in zip(sorted(part.discs[seat]), self.disc_rects(self.ui), strict=False)}
            )
        return found

    # ------------------------------------------------------------------ clicks
    def _key(self, state: GameState) -> tuple:
        part = traders.of(state)  # type: ignore[arg-type]
        return (state.phase, state.decider, tuple(part.discs[state.decider]) if part is not None else ())

    def picked_out(self, state: GameState) -> int | None:
        """The disc's citizen picked to exchange, while the decision it was picked for is open."""
        if self.out is None or self.out[0] != self._key(state):
            return None
        return self.out[1]

    def action_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Action | None:
        state = snap.state
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None or not snap.can_act or state.phase not in DECIDING or state.decider != snap.me:
            return None
        ui = snap.ui
        disc = sorted(part.discs[state.decider])
        legal = state.legal_actions()
        for citizen, rect in zip(disc, self.disc_rects(ui), strict=False):
            if rect.collidepoint(pos) and state.phase == traders.TRADING:
                move = MoveResident(citizen)
                if _matches(legal, citizen):
                    return move
                self.out = (self._key(state), citizen)  # the first of an exchange's two clicks
                return None
        supply = _by_colour(part.supply)
        for kind, rect in enumerate(self.supply_rects(ui)):
            if not rect.collidepoint(pos) or not supply[kind]:
                continue
            if state.phase == traders.CHOOSING:
                return NewCitizen(supply[kind][0])
            out = self.picked_out(state)
            if out is not None:
                return SwapCitizen(out, supply[kind][0])
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        self.ui = ui
        px = ui.px
        state = snap.state
        part = traders.of(state)  # type: ignore[arg-type]
        if part is None:
            return
        seat = shown_seat(state, snap.me)
        deciding = snap.can_act and state.phase in DECIDING and state.decider == snap.me
        right = self.rect.right - px(12)  # a language written right to left starts there
        common.section_title(ui, surface, _("Street traders"), (self.rect.x + px(12), self.rect.y + px(9)), right=right)
        small = ui.font_px(11)
        name = _("Your disc") if seat == snap.me else _("{player}'s disc").format(player=snap.names[seat])
        if part.at[seat] is None:
            name = _("{disc}, set aside").format(disc=name)
        disc_rects, supply_rects = self.disc_rects(ui), self.supply_rects(ui)
        room = self.rect.right - px(6) - disc_rects[0].x  # a narrow panel: the labels reach nearly to its edge
        for said, rect in ((name, disc_rects[0]), (_("Supply"), supply_rects[0])):
            word = ui.text.render(ui.text.fit(said, small, room), small, theme.TEXT_DIM)
            surface.blit(
                word, word.get_rect(bottomleft=(theme.text_x(rect.x, right, word.get_width()), rect.y - px(1)))
            )
        out = self.picked_out(state)
        legal = state.legal_actions() if deciding else []
        exchanging = deciding and state.phase == traders.TRADING and not any(isinstance(a, MoveResident) for a in legal)
        for citizen, rect in zip(sorted(part.discs[seat]), disc_rects, strict=False):
            surface.blit(ui.sprites.tile(citizen, rect.w), rect)
            matching = _matches(legal, citizen)
            if citizen == out:
                common.selected_frame(surface, rect, 2)
            elif matching or (exchanging and out is None):
                common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            if rect.collidepoint(ui.mouse):
                tip = words.tile(citizen)
                if matching:
                    tip = _("{citizen}: click to move it onto the building").format(citizen=tip)
                elif deciding and state.phase == traders.TRADING:
                    tip = _("{citizen}: click it, then a citizen of the supply, to exchange them").format(citizen=tip)
                ui.tooltip(tip, rect)
        for rect in disc_rects[len(part.discs[seat]) :]:
            common.dashed_rect(surface, theme.TEXT_FAINT, rect, 1, px(5))
        supply = _by_colour(part.supply)
        choosing = deciding and (state.phase == traders.CHOOSING or out is not None)
        for kind, rect in enumerate(supply_rects):
            citizens = supply[kind]
            if citizens:
                surface.blit(ui.sprites.tile(citizens[0], rect.w), rect)
                if choosing and (out is None or PIECE_COLOUR[out] != kind):
                    common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            else:
                common.dashed_rect(surface, theme.TEXT_FAINT, rect, 1, px(5))
            common.chip(ui, surface, str(len(citizens)), (rect.right, rect.bottom), small, anchor="center")
            if rect.collidepoint(ui.mouse):
                said = ngettext("{n} {type} citizen in the supply", "{n} {type} citizens in the supply", len(citizens))
                tip = said.format(n=len(citizens), type=words.building(kind))
                if choosing and citizens:
                    tip = _("{said}: click to take one").format(said=tip)
                ui.tooltip(tip, rect)


CLIENT = ClientModule(
    name=NAME,
    narration=TradersNarration(),
    scoring=TradersScoring(),
    moves=TradersMoves(),
    placements=TradersPlacements(),
    panel=TradersPanel,
    help_page=traders_help.PAGE,
    setup_key="S",
)
