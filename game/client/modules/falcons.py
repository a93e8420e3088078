"""Everything the client knows of the falconers (RULES.md §9.7, the 2024 edition).

The supply is a panel at the bottom of the opponents column: a row per kind (black, brown, white), named with how
many of it you have, each falcon on its own place with its two colours (the token's small discs, and the building
types' faces across its lower rim, large enough to read), a faint ring where one was bought ([M-FALCON-1]).
Every player's falcons sit on the corners of their Alhambra, on your large view and on the
opponents' small ones ([M-FALCON-3]).

Buying falcons is a turn's only action ([M-FALCON-2]).  On your turn, while one may be bought, the
prompt names it and "Buy falcons" (F) picks the next falcon that fits (F again: the one after); a
click on a lit falcon of the supply picks that one, a drag carries it.  The corners of your Alhambra
that take it light up; a click (or the drop) on one buys it there, Tab and Enter do the same from the
keyboard.  It is paid with your cheapest money card, named in the prompt and raised in your hand;
X or a click on another card changes it.  Esc drops the falcon: before the first one that is the
turn's normal choices again (while one is picked no other action, such as waking the vizier, is
offered).  When none may be bought, F or a click on a falcon says why (``why_not``: not as the extra
action, no money card, no corner where four tiles meet, none with both its colours).  After a falcon
you may buy more the same way, or stop with "Done" (Enter), which ends the turn; a market tile or a
bazaar picked meanwhile says that the falcons are the turn's only action.  A falcon bought flies from
the supply to its corner and its card to the discard pile; when a tile under one leaves the Alhambra
it flies back ([M-FALCON-4]).  At each scoring the sheet has a row per kind with each player's falcons
and points ([M-FALCON-5]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_POINTS,
    FALCON_TYPES,
    FALCONS,
    is_falcon,
    pays_as_money,
)
from game.engine.modules import falcons
from game.engine.modules.falcons import FLIGHT, BuyFalcon, StopFalcons
from game.engine.phases import ACTION, PLACE
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..views import common
from . import falcons_help
from .base import (
    ClientModule,
    Command,
    Key,
    Mark,
    ModulePanel,
    Moves,
    Narration,
    Narrator,
    Pick,
    Placements,
    ScoreLine,
    Scoring,
    decider_name,
)

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = falcons.NAME
COLUMN_W = 292  # the opponents column's width at scale 1 (layout.py)
# A falcon in the supply: its token, and its two colours as the building types' faces side by side across the
# token's lower rim (``COLOURS`` of the token's size each, from ``COLOURS_AT`` of it down), readable where the
# token's own discs are a few pixels; ``ENTRY_W`` and ``ENTRY_H``: the whole, in tokens.
COLOURS, COLOURS_AT = 0.56, 0.64
ENTRY_W, ENTRY_H = 2 * COLOURS, COLOURS_AT + COLOURS
LEAST_TOKEN = 26  # px: a token in a labelled row is no smaller (its colours 14 px)
# each kind's five falcons in id order: a falcon's place in its kind's row of the supply
BY_KIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in FALCONS if FALCON_KIND[f] == kind) for kind in range(len(FALCON_KINDS))
)
# Each kind's words, in FALCON_KINDS order (black, brown, white).
KIND_NAMES = (N_("Black"), N_("Brown"), N_("White"))  # a row's label in the supply
KIND_FALCON = (N_("black falcon"), N_("brown falcon"), N_("white falcon"))  # one falcon of a kind
KIND_FALCONS = (N_("Black falcons"), N_("Brown falcons"), N_("White falcons"))  # the score sheet's rows
KIND_NAMED = (  # one falcon with its two colours
    N_("black falcon of {first} and {second}"),
    N_("brown falcon of {first} and {second}"),
    N_("white falcon of {first} and {second}"),
)
KIND_COUNT = (N_("{n} black"), N_("{n} brown"), N_("{n} white"))  # how many of a kind a player has


def legend() -> str:
    """What the sheet's falcon rows count: "by count: 2, 6, 12, 20, 30"."""
    return _("by count: {points}").format(points=words.join(str(p) for p in FALCON_POINTS[1:]))


def scale() -> str:
    """A kind's points by how many: "1 → 2, 2 → 6, ..."."""
    return words.join(f"{n} → {FALCON_POINTS[n]}" for n in range(1, len(FALCON_POINTS)))


def _tip(kind: int, count: int) -> str:
    """A player's falcons of ``kind`` on the score sheet, at length: "2 black falcons: 6 points (1 → 2, ...)"."""
    if kind == 0:
        said = ngettext(
            "{n} black falcon: {points} points ({scale})", "{n} black falcons: {points} points ({scale})", count
        )
    elif kind == 1:
        said = ngettext(
            "{n} brown falcon: {points} points ({scale})", "{n} brown falcons: {points} points ({scale})", count
        )
    else:
        said = ngettext(
            "{n} white falcon: {points} points ({scale})", "{n} white falcons: {points} points ({scale})", count
        )
    return said.format(n=count, points=FALCON_POINTS[count], scale=scale())


def colours(falcon: int) -> tuple[str, str]:
    """The two building types a falcon shows ([M-FALCON-1]), in the current language."""
    first, second = FALCON_TYPES[falcon]  # type: ignore[misc]
    return words.building(first), words.building(second)


def named(falcon: int) -> str:
    """'black falcon of Pavilion and Seraglio'."""
    first, second = colours(falcon)
    return _(KIND_NAMED[FALCON_KIND[falcon]]).format(first=first, second=second)  # type: ignore[index]


def kind_counts(state: GameState, seat: int) -> list[int]:
    """How many falcons of each kind ``seat`` has."""
    counts = [0] * len(FALCON_KINDS)
    for falcon in falcons.falcons_of(state, seat).values():
        counts[FALCON_KIND[falcon]] += 1  # type: ignore[index]
    return counts


def _buying(state: GameState, player: int) -> bool:
    """[M-FALCON-2] ``player`` decides at the start of their turn's action (nothing bought yet), or buys falcons."""
    if state.is_over or state.decider != player or falcons.of(state) is None:
        return False
    return (state.phase == ACTION and not state.held) or state.phase == FLIGHT


def why_not(state: GameState, player: int, falcon: int | None) -> str | None:
    """Why ``player`` (deciding now) cannot pick ``falcon`` (None: any falcon) to buy now, in words; None if they
    can: the falcon action's moment ([M-FALCON-2]), the supply ([M-FALCON-1]), a money card to pay with
    ([M-FALCON-2]), a free corner where four tiles meet with both its colours ([M-FALCON-3])."""
    part = falcons.of(state)
    if part is None or state.is_over or state.decider != player or (falcon is not None and not is_falcon(falcon)):
        return None
    buying = _buying(state, player)
    open_now = {buy.falcon for buy in falcons.purchases(state, player)} if buying else set()
    if (falcon in open_now) if falcon is not None else open_now:
        return None
    if not buying:
        if state.turn_player == player and state.phase in (ACTION, PLACE):  # after another action of the turn
            return _("Buying falcons must be the only action of your turn, never one after another action.")
        return _("Falcons are bought only as the action of your own turn.")
    if not part.supply:
        return _("No falcons are left in the supply.")
    if not any(pays_as_money(card) for card in state.hands[player]):
        return _("You have no money left: each falcon costs one money card.")
    corners = falcons.meeting_corners.lookup(state.boards[player].key(), state.boards[player].grid)
    if not corners:
        return _("No corner of your Alhambra has four tiles meeting yet: a falcon sits where four tiles meet.")
    perches = part.perches[player]
    if all(corner in perches for corner, _colours in corners):
        return _("Every corner where four tiles of your Alhambra meet has a falcon already.")
    if falcon is None:
        return _("No free corner where four tiles of your Alhambra meet shows both colours of a falcon in the supply.")
    first, second = colours(falcon)
    return _("No free corner where four tiles of your Alhambra meet shows both {first} and {second}.").format(
        first=first, second=second
    )


def _done_move(state: GameState) -> Action | None:
    """[M-FALCON-2] buying falcons: stop (the turn ends)."""
    return StopFalcons() if state.phase == FLIGHT else None


DONE = Command(
    widget="falcons_done",
    # TRANSLATORS: a button: buy no more falcons
    label_source=N_("Done"),
    hotkey="Enter",
    key=pygame.K_RETURN,
    tooltip_source=N_("Buy no more falcons: your turn ends"),
    # TRANSLATORS: in the list of keys: what Enter does while buying falcons
    shortcut_source=N_("while buying falcons: done, no more falcons (the turn ends; falconers)"),
    move=_done_move,
    primary=True,
)
PICK = Pick(
    widget="buy_falcons",
    label_source=N_("Buy falcons"),
    hotkey="F",
    key=pygame.K_f,
    tooltip_source=N_("Buy falcons: that is your whole turn. Pick a falcon, then a lit corner of your Alhambra"),
    # TRANSLATORS: in the list of keys: what the F key does
    shortcut_source=N_("buy falcons (your whole turn): pick the next falcon that fits your Alhambra (falconers)"),
)


class FalconsPanel(ModulePanel):
    """The supply: a row per kind, each falcon on its own place (an empty ring where one was bought)."""

    weight = 0.65

    def px(self, value: float) -> int:
        """A length of the design, scaled as the column is (it is 292 px wide at scale 1)."""
        return max(1, round(value * self.rect.w / COLUMN_W))

    def __init__(self) -> None:
        super().__init__()
        self.ui: Ui | None = None  # the fonts and scale the labels are measured with (set when laid out or drawn)
        # the label's measure for (column width, scale, language): the geometry asks for it many times a frame
        self._label_memo: tuple[tuple[int, float, int], tuple[int, int]] | None = None

    @property
    def short(self) -> bool:
        """Too low for a title above three labelled rows (six players): the title goes to their left and the rows
        lose their labels (each falcon's tooltip names its kind)."""
        return self.rect.h < self._labelled_height(self.rect.w)

    def _label(self) -> tuple[int, int]:
        """A row's label as drawn now (the kind's name over "yours N", in the current language): its width and the
        height of its two lines (px)."""
        ui = self.ui
        if ui is None:
            return self.px(66), self.px(32)
        key = (self.rect.w, ui.scale, i18n.generation())
        if self._label_memo is None or self._label_memo[0] != key:
            self._label_memo = (key, self._measure_label(ui))
        return self._label_memo[1]

    def _measure_label(self, ui: Ui) -> tuple[int, int]:
        big, small = ui.font_px(14), ui.font_px(11)
        width = max(
            max(ui.text.size(_(name), big, "bold")[0] for name in KIND_NAMES),
            ui.text.size(_("yours {n}").format(n=5), small)[0],
        )
        points = ui.text.size(_("yours {n} · {points} pts").format(n=5, points=FALCON_POINTS[5]), small)[0]
        if max(width, points) + self.px(8) <= self.rect.w // 4:  # a wide column: room for the points too
            width = max(width, points)
        return width, ui.text.size("Ag", big, "bold")[1] + ui.text.size("Ag", small)[1]

    def _header(self) -> int:
        """The title's band, from the panel's top."""
        title_h = self.ui.text.size("A", self.ui.font_px(13), "bold")[1] if self.ui is not None else self.px(17)
        return self.px(9) + title_h + self.px(3)

    def _least_token(self) -> int:
        """The least size of a token in a labelled row: its colours (``COLOURS`` of it) stay readable."""
        return max(self.px(24), LEAST_TOKEN)

    def _labelled_height(self, width: int) -> int:
        """The least height of the panel with its title above three labelled rows, ``width`` px wide."""
        px = self.px
        row = max(self._label()[1], round(self._least_token() * ENTRY_H)) + px(2)
        return self._header() + len(FALCON_KINDS) * row + px(6)

    def least_height(self, ui: Ui, width: int) -> int:
        self.ui = ui
        rect = self.rect
        self.rect = pygame.Rect(rect.x, rect.y, width, rect.h)  # the lengths of the design scale with the width
        try:
            return self._labelled_height(width)
        finally:
            self.rect = rect

    def _rows(self) -> list[pygame.Rect]:
        """One band per kind, under the title (or right of it, when short)."""
        px = self.px
        if self.short:
            left = self.rect.x + px(12) + self._short_block() + px(8)
            area = pygame.Rect(left, self.rect.y + px(5), self.rect.right - px(8) - left, self.rect.h - px(10))
        else:
            top = self.rect.y + self._header()
            area = pygame.Rect(self.rect.x + px(10), top, self.rect.w - px(20), self.rect.bottom - px(6) - top)
        step = area.h / len(FALCON_KINDS)
        return [pygame.Rect(area.x, round(area.y + i * step), area.w, round(step)) for i in range(len(FALCON_KINDS))]

    def _short_block(self) -> int:
        """When short: how wide the title and the note under it are, whatever the note says now."""
        ui = self.ui
        if ui is None:
            return self.px(84)
        notes = (_("click to buy"), _("{n} left").format(n=len(FALCONS)))
        return max(
            ui.text.size(_("Falcons").upper(), ui.font_px(13), "bold")[0],
            *(ui.text.size(note, ui.font_px(12))[0] for note in notes),
        )

    def _label_w(self) -> int:
        """The labels' column: as wide as the widest label, at most two fifths of the row (a narrow panel beside
        your Alhambra: "yours 0" whole in Persian)."""
        return 0 if self.short else min(self._label()[0] + self.px(8), self.rect.w * 2 // 5)

    def place_rects(self) -> dict[int, pygame.Rect]:
        """Every falcon's place in the supply, bought or not (squares: the tokens are round), its colours under it
        (``colours_rect``)."""
        px = self.px
        found: dict[int, pygame.Rect] = {}
        for kind, row in enumerate(self._rows()):
            x0 = row.x + self._label_w()
            room = row.right - x0
            width = (room - 4 * px(8)) / 5  # a falcon with its colours side by side under it, apart from the next
            size = max(8, min(px(44), int((row.h - px(2)) / ENTRY_H), int(width / ENTRY_W)))
            step = (room - size * ENTRY_W) / 4
            top = row.centery - round(size * ENTRY_H) // 2
            for i, falcon in enumerate(BY_KIND[kind]):
                x = x0 + i * step + (size * ENTRY_W - size) / 2
                found[falcon] = pygame.Rect(round(x), top, size, size)
        return found

    @staticmethod
    def colours_rect(place: pygame.Rect) -> pygame.Rect:
        """Where a falcon's two colours are drawn, side by side across the lower rim of its token at ``place``."""
        size = round(place.w * COLOURS)
        return pygame.Rect(place.centerx - size, place.y + round(place.w * COLOURS_AT), 2 * size + 1, size)

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """The falcons of the supply fly from (and back to) their places."""
        return {("tile", falcon): rect for falcon, rect in self.supply_rects(state).items()}

    def supply_rects(self, state: GameState) -> dict[int, pygame.Rect]:
        """The falcons in the supply where they are drawn."""
        part = falcons.of(state)
        if part is None:
            return {}
        places = self.place_rects()
        return {falcon: places[falcon] for falcon in part.supply}

    def piece_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        falcon = self.piece_drawn_at(snap, pos)
        return falcon if falcon in snap.pickable else None

    def piece_drawn_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        for falcon, rect in self.supply_rects(snap.state).items():
            if _round_hit(rect, pos) or self.colours_rect(rect).collidepoint(pos):
                return falcon
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        part = falcons.of(state)
        if part is None:
            return
        self.ui = ui
        title = common.section_title(ui, surface, _("Falcons"), (self.rect.x + px(12), self.rect.y + px(9)))
        buying = bool(snap.pickable)
        size = ui.font_px(12)
        left = len(part.supply)
        if self.short:
            note = _("click to buy") if buying and snap.sel.piece is None else _("{n} left").format(n=left)
            word = ui.text.render(note, size, theme.TEXT_DIM)  # as wide as the rows leave (``_short_block``)
            surface.blit(word, (title.x, title.bottom + px(2)))
        else:
            if buying and snap.sel.piece is None:
                notes = (_("click one to buy it"), _("click to buy"))
            else:
                notes = (ngettext("{n} in the supply", "{n} in the supply", left).format(n=left),)
                notes += (_("{n} left").format(n=left),)
            room = self.rect.right - px(12) - title.right - px(10)
            # the shorter wording where the longer does not fit, none where neither does (a narrow panel beside your
            # Alhambra: the tokens show how many are left, the prompt how to buy them)
            note = next((said for said in notes if ui.text.size(said, size)[0] <= room), "")
            if note:
                word = ui.text.render(note, size, theme.TEXT_DIM)
                surface.blit(word, word.get_rect(topright=(self.rect.right - px(12), self.rect.y + px(10))))
        mine = kind_counts(state, snap.me)
        if title.collidepoint(ui.mouse):
            have = words.join(_(KIND_COUNT[k]).format(n=n) for k, n in enumerate(mine) if n)
            if have:
                tip = _("Falcons: each kind scores at every scoring by how many you have ({scale}). Yours: {have}")
            else:
                tip = _("Falcons: each kind scores at every scoring by how many you have ({scale}). Yours: none")
            ui.tooltip(tip.format(scale=scale(), have=have), title)
        if not self.short:
            for kind, row in enumerate(self._rows()):
                self._draw_label(surface, snap, kind, row, mine[kind])
        hint = snap.hint_action
        hinted = hint.falcon if isinstance(hint, BuyFalcon) else None
        places = self.place_rects()
        for falcon, rect in places.items():
            carried = snap.dragging and snap.drag_tile == falcon  # in the hand of the mouse
            if falcon not in part.supply or ("tile", falcon) in snap.hidden or carried:
                if falcon not in part.supply or carried:  # bought (or carried): its place stays, a faint ring
                    pygame.draw.circle(surface, theme.TEXT_FAINT, rect.center, rect.w // 2 - 1, 1)
                continue
            self._draw_token(surface, snap, falcon, rect, buying, hinted == falcon)

    def _draw_label(self, surface: pygame.Surface, snap: TableSnapshot, kind: int, row: pygame.Rect, mine: int) -> None:
        ui = snap.ui
        px = self.px
        name = _(KIND_NAMES[kind])
        big, small = ui.font_px(14), ui.font_px(11)
        word = ui.text.render(name, big, theme.IVORY, "bold")
        two_lines = row.h >= word.get_height() + ui.text.size("Ag", small)[1]
        y = row.centery - (word.get_height() if two_lines else word.get_height() // 2)
        surface.blit(word, (row.x, y))
        points = FALCON_POINTS[mine]
        if two_lines:
            yours = _("yours {n}").format(n=mine)
            # TRANSLATORS: how many falcons of a kind you have and what they score ("yours 2 · 6 pts")
            said = _("yours {n} · {points} pts").format(n=mine, points=points) if mine else yours
            if ui.text.size(said, small)[0] > self._label_w() - px(4):  # a narrow column: the points in the tooltip
                said = yours
            line = ui.text.render(ui.text.fit(said, small, self._label_w() - px(4)), small, theme.TEXT_DIM)
            surface.blit(line, (row.x, y + word.get_height()))
        label = pygame.Rect(row.x, row.y, self._label_w() - px(4), row.h)
        if label.collidepoint(ui.mouse):
            have = (
                ngettext(
                    "You have {n} ({points} points at each scoring).",
                    "You have {n} ({points} points at each scoring).",
                    mine,
                ).format(n=mine, points=points)
                if mine
                else _("You have none.")
            )
            scores = _("{falcons} score at every scoring by how many you have: {scale}.").format(
                falcons=_(KIND_FALCONS[kind]), scale=scale()
            )
            ui.tooltip(sentences(scores, have), label)

    def _draw_token(
        self, surface: pygame.Surface, snap: TableSnapshot, falcon: int, rect: pygame.Rect, buying: bool, hinted: bool
    ) -> None:
        ui = snap.ui
        pickable = falcon in snap.pickable
        chosen = snap.sel.piece == falcon
        hovered = _round_hit(rect, ui.mouse) or self.colours_rect(rect).collidepoint(ui.mouse)
        shown = rect.move(0, -self.px(3) if chosen or (hovered and pickable) else 0)
        staged = snap.staged_action
        leaving = isinstance(staged, BuyFalcon) and staged.falcon == falcon  # bought once the turn is confirmed
        image = ui.sprites.tile(falcon, rect.w)
        faded = (buying and not pickable) or leaving  # no corner of your Alhambra takes it now, or it is on its way
        if faded:
            image = image.copy()
            image.set_alpha(110 if leaving else 140)
        surface.blit(image, shown)
        # its two colours, large enough to read (the token's own discs are a few pixels): the building types' faces
        where = self.colours_rect(shown)
        for kind, x in zip(FALCON_TYPES[falcon], (where.x, where.right - where.h), strict=True):  # type: ignore[arg-type]
            face = ui.sprites.type_icon(BUILDING_TYPES[kind], where.h)
            if faded:
                face = face.copy()
                face.set_alpha(110 if leaving else 140)
            surface.blit(face, (x, where.y))
        radius = rect.w // 2
        if leaving:
            common.dashed_circle(surface, theme.GOLD_LIGHT, shown.center, radius + 2, ui.time * 0.75)
        elif chosen:
            pygame.draw.circle(surface, theme.INK, shown.center, radius + 4, 2)
            pygame.draw.circle(surface, theme.GOLD_LIGHT, shown.center, radius + 2, 3)
        elif hinted:
            common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow, radius)
        elif pickable:  # may be picked now: a marching ring
            common.dashed_circle(surface, theme.TARGET, shown.center, radius + 3, ui.time)
        if hovered:
            first, second = colours(falcon)
            tip = _("{falcon}: it sits on a corner of four tiles that show {first} and {second}.").format(
                falcon=words.label(named(falcon)), first=first, second=second
            )
            if pickable:
                tip = sentences(tip, _("Click it (or drag it to a lit corner) to buy it."))
            elif snap.can_act:  # why it cannot be bought now ([M-FALCON-2], [M-FALCON-3])
                tip = sentences(tip, why_not(snap.state, snap.me, falcon) or "")
            ui.tooltip(tip, rect)


def _round_hit(rect: pygame.Rect, pos: tuple[int, int]) -> bool:
    """``pos`` within the round token drawn in ``rect`` (a little margin)."""
    dx, dy = pos[0] - rect.centerx, pos[1] - rect.centery
    return dx * dx + dy * dy <= (rect.w / 2 + 2) ** 2


def _buys(narrator: Narrator, event: dict) -> LogLine:
    """[M-FALCON-2] [M-FALCON-3] a falcon bought with one money card and set on a corner of the Alhambra."""
    return narrator.tell(
        event,
        N_("You buy a {falcon} for {card}, on a corner of your Alhambra"),
        N_("{player} buys a {falcon} for {card}, on a corner of their Alhambra"),
        falcon=named(event["falcon"]),
        card=words.card(event["card"]),
    )


def _flies_back(narrator: Narrator, event: dict) -> LogLine:
    """[M-FALCON-4] a tile under a falcon left the Alhambra: the falcon returns to the supply."""
    return narrator.tell(
        event,
        N_("Your {falcon} flies back to the supply: a tile under it left the Alhambra"),
        N_("{player}'s {falcon} flies back to the supply: a tile under it left the Alhambra"),
        falcon=named(event["falcon"]),
    )


def placeable(state: GameState, player: int) -> list[int]:
    """[M-FALCON-2] [M-FALCON-3] the falcons of the supply that some free corner of ``player``'s Alhambra takes."""
    if not _buying(state, player):
        return []
    return sorted({buy.falcon for buy in falcons.purchases(state, player)})


class FalconsPlacements(Placements):
    """[M-FALCON-2] [M-FALCON-3] falcons of the supply bought onto the corners of your Alhambra, and every player's
    falcons on theirs."""

    pick = PICK

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        """[M-FALCON-3] each falcon on its corner."""
        if falcons.of(state) is None:
            return []
        return [Mark(falcon, at, words.label(named(falcon))) for at, falcon in falcons.falcons_of(state, seat).items()]

    def placeable(self, state: GameState, player: int) -> list[int]:
        return placeable(state, player)

    def piece_cards(self, state: GameState, player: int, piece: int) -> list[int]:
        """[M-FALCON-2] any money card pays for a falcon: the cheapest first."""
        if not is_falcon(piece):
            return []
        money = [c for c in state.hands[player] if pays_as_money(c)]
        return sorted(money, key=lambda c: (CARD_VALUE[c], CARD_CURRENCY[c], c))

    def spots(self, state: GameState, player: int, piece: int, card: int) -> dict[tuple[int, int], Action]:
        """[M-FALCON-3] the free corners where four tiles meet showing both the falcon's colours."""
        if not is_falcon(piece) or not _buying(state, player):
            return {}
        corners = sorted({(buy.x, buy.y) for buy in falcons.purchases(state, player) if buy.falcon == piece})
        return {corner: BuyFalcon(piece, card, *corner) for corner in corners}

    def unpickable(self, state: GameState, player: int, piece: int | None) -> str | None:
        return why_not(state, player, piece)

    def picked_prompt(self, state: GameState, piece: int, card: int | None) -> str | None:
        if not is_falcon(piece):
            return None
        put = _("Put the {falcon} on a lit corner: click or drag, or Tab then Enter.").format(
            falcon=_(KIND_FALCON[FALCON_KIND[piece]])  # type: ignore[index]
        )
        paid = _("It costs your {card} (X: another card).").format(card=words.card(card)) if card is not None else ""
        whole = "" if state.phase == FLIGHT else _("Falcons are your whole turn.")
        return sentences(put, paid, whole)

    def preview(self, state: GameState, action: Action) -> Mark | None:
        if isinstance(action, BuyFalcon):
            return Mark(action.falcon, (action.x, action.y), words.label(named(action.falcon)))
        return None


class FalconsMoves(Moves):
    """Buying falcons named in the turn's prompt, Done (Enter) while buying them, and the words of that phase."""

    commands = (DONE,)

    def turn_options(self, state: GameState) -> list[str]:
        """[M-FALCON-2] buying falcons, while one fits a corner of the Alhambra."""
        if state.phase == ACTION and placeable(state, state.decider):
            # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
            return [_("buy falcons (F, your whole turn)")]
        return []

    def prompt(self, state: GameState) -> str | None:
        if state.phase == FLIGHT:
            return _(
                "You may buy another falcon: click one in the supply (or F), then a lit corner. "
                "Done (Enter) ends your turn."
            )
        return None

    def title(self, state: GameState, name: str | None) -> str | None:
        if state.phase != FLIGHT:
            return None
        player = decider_name(name)
        return _("Your falcons") if player is None else _("{player}'s falcons").format(player=player)


class FalconsNarration(Narration):
    """[M-FALCON-2] [M-FALCON-4] a falcon bought and one flying back, in the log and in flight; its moves in
    words."""

    sayings = {falcons.EVENT: _buys, falcons.BACK_EVENT: _flies_back}  # noqa: RUF012 - read-only table
    timing = {falcons.EVENT: (0.55, 0.45), falcons.BACK_EVENT: (0.55, 0.4)}  # noqa: RUF012
    sounds = {falcons.EVENT: "coin", falcons.BACK_EVENT: "card"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") == falcons.EVENT:
            return [("tile", event["falcon"]), ("card", event["card"])]
        if event.get("e") == falcons.BACK_EVENT:
            return [("tile", event["falcon"])]
        return []

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, BuyFalcon):
            # TRANSLATORS: a move, as a hint names it or as it waits for End turn
            return _("buy the {falcon} with the {card}").format(
                falcon=named(action.falcon), card=words.card(action.card)
            )
        if isinstance(action, StopFalcons):
            # TRANSLATORS: a move, as a hint names it
            return _("buy no more falcons")
        return None


class FalconsScoring(Scoring):
    """[M-FALCON-5] a row per kind on the score sheet, at every scoring."""

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-FALCON-5] a row per kind someone scored: each player's falcons of it and their points."""
        lines = []
        for kind, what in enumerate(falcons.SCORE_NAMES):
            scored = {a["player"]: a["points"] for a in event["points"] if a["what"] == what}
            if not scored:
                continue
            counts = [FALCON_POINTS.index(scored[seat]) if seat in scored else 0 for seat in range(state.players)]
            notes = [_(KIND_COUNT[kind]).format(n=n) if n else "" for n in counts]
            tips = [_tip(kind, n) if n else "" for n in counts]
            lines.append(ScoreLine(what, _(KIND_FALCONS[kind]), BY_KIND[kind][0], notes, tips, legend=legend()))
        return lines


CLIENT = ClientModule(
    name=NAME,
    narration=FalconsNarration(),
    scoring=FalconsScoring(),
    moves=FalconsMoves(),
    placements=FalconsPlacements(),
    panel=FalconsPanel,
    help_page=falcons_help.PAGE,
)
