"""Everything the client knows of the building huts (RULES.md §9.3).

The six stacks are a panel at the bottom of the opponents column: each stack's top hut face up,
the number of huts in it below ([M-HUT-1]).  In your action phase a click on a top hut takes it
([M-HUT-2]: free, no extra action) while you own fewer than three ([M-HUT-5]); it then waits in
the tray and is placed like a bought tile, in the Alhambra or on the reserve ([M-HUT-3]).  At a
scoring the sheet shows what the huts add to each count ([M-HUT-4]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, HUT_COLOUR
from game.engine.modules import huts
from game.engine.modules.huts import TakeHut
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..views import common
from . import huts_help
from .base import ClientModule, Key, ModulePanel, Moves, Narration, Narrator, Scoring

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = huts.NAME
# TRANSLATORS: what the huts add to a player's count of a building type, on the score sheet
SHARE = N_("+{n} hut")
COLUMN_W = 292  # the opponents column's width at scale 1 (layout.py)
LEAST_HUT, LEAST_HUT_PX = 30, 26  # a hut in its stack is no smaller (at scale 1, and in px) where the column allows


class HutsPanel(ModulePanel):
    """The six hut stacks: the top hut face up, how many are left below it."""

    weight = 0.34  # in a column of many (four players), as high as six huts in a row beside the title need

    def __init__(self) -> None:
        super().__init__()
        self.ui: Ui | None = None  # the fonts and scale the words are measured with (set when laid out or drawn)

    @property
    def short(self) -> bool:
        """The title at the stacks' left (a low panel: many opponents), not above them: whichever shows the huts
        larger."""
        return self._size(True) > self._size(False)

    def px(self, value: float) -> int:
        """A length of the design, scaled as the column is (it is 292 px wide at scale 1)."""
        return max(1, round(value * self.rect.w / COLUMN_W))

    def least_height(self, ui: Ui, width: int) -> int:
        """As high as huts of ``LEAST_HUT`` (or as large as the width lets them be) need, the title beside them or
        above them: beside where that shows them nearly as large (it takes less height)."""
        self.ui = ui
        rect = self.rect
        self.rect = pygame.Rect(rect.x, rect.y, width, 10_000)  # the lengths of the design scale with the width
        try:
            wanted = max(self.px(LEAST_HUT), LEAST_HUT_PX)
            beside, above = (min(wanted, self._size(short)) for short in (True, False))
            short = beside >= 0.85 * above
            return self.rect.h - self._area(short).h + (beside if short else above)
        finally:
            self.rect = rect

    def _words(self) -> tuple[int, int, int, int]:
        """As drawn now (the current language and scale): the width of the title (with the count of yours under
        it or after it, when short), the title's height, the count chips' height and how far the huts below the top
        one peek out above it (px)."""
        ui = self.ui
        if ui is None:
            return self.px(48), self.px(17), self.px(16), self.px(3)
        title_w, title_h = ui.text.size(_("Huts").upper(), ui.font_px(13), "bold")
        note_w = ui.text.size(f"0/{huts.MAX_OWNED}", ui.font_px(12))[0]
        chip_h = ui.text.size("0", ui.font_px(11), "bold")[1] + 2
        block = max(title_w, note_w) if self._note_below() else title_w + ui.px(6) + note_w
        return block, title_h, chip_h, ui.px(3)

    def _note_below(self) -> bool:
        """When short: the count of yours goes under the title, or after it in a panel too low for that."""
        ui = self.ui
        if ui is None:
            return True
        title_h = ui.text.size(_("Huts").upper(), ui.font_px(13), "bold")[1]
        note_h = ui.text.size(f"0/{huts.MAX_OWNED}", ui.font_px(12))[1]
        return ui.px(6) + title_h + ui.px(1) + note_h <= self.rect.h - self.px(3)

    def _area(self, short: bool) -> pygame.Rect:
        """Where the stacks go: right of the title (``short``: the count chips on the huts' corners) or under it
        (the chips under the huts), within the panel's border, the huts peeking out above included."""
        px = self.px
        title_w, title_h, chip_h, peek = self._words()
        inner = self.rect.inflate(-px(8), -px(6))
        if short:
            chip_w = chip_h + 6  # a count chip of one digit (common.chip), centred on a hut's lower right corner
            left = self.rect.x + px(12) + title_w + px(10)
            top = inner.y + peek
            return pygame.Rect(left, top, inner.right - chip_w // 2 - left, inner.bottom - chip_h // 2 - top)
        ui_px = self.ui.px if self.ui is not None else px
        top = self.rect.y + ui_px(9) + title_h + px(3) + peek
        area = pygame.Rect(self.rect.x + px(10), top, self.rect.w - px(20), inner.bottom - chip_h - px(2) - top)
        return area

    def _size(self, short: bool) -> int:
        area = self._area(short)
        return max(8, min(self.px(44), area.h, (area.w - 5 * self.px(6)) // 6))

    def stack_rects(self) -> list[pygame.Rect]:
        """One square per stack (by building type), in a row under the title or right of it (centred in the
        height there)."""
        short = self.short
        area = self._area(short)
        size = self._size(short)
        step = (area.w - size) / 5
        y = area.y + (max(0, area.h - size) // 2 if short else 0)
        return [pygame.Rect(round(area.x + i * step), y, size, size) for i in range(len(BUILDING_TYPES))]

    def _takeable(self, snap: TableSnapshot) -> bool:
        state = snap.state
        return snap.can_act and snap.acting and huts.owned(state, state.turn_player) < huts.MAX_OWNED

    def action_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Action | None:
        part = huts.of(snap.state)
        if part is None or not snap.acting:
            return None
        for stack, rect in zip(part.stacks, self.stack_rects(), strict=True):
            if stack and rect.collidepoint(pos):
                return TakeHut(stack[0])
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        state = snap.state
        part = huts.of(state)
        if part is None:
            return
        self.ui = ui
        takeable = self._takeable(snap)
        owned = huts.owned(state, snap.me)
        # TRANSLATORS: the huts you own, of the most you may own ("yours 1/3")
        note = _("yours {owned}/{most}").format(owned=owned, most=huts.MAX_OWNED)
        if takeable:
            note = _("click one to take it · yours {owned}/{most}").format(owned=owned, most=huts.MAX_OWNED)
        if self.short:
            title = common.section_title(ui, surface, _("Huts"), (self.rect.x + px(12), self.rect.y + px(6)))
            word = ui.text.render(f"{owned}/{huts.MAX_OWNED}", ui.font_px(12), theme.TEXT_DIM)
            if self._note_below():
                surface.blit(word, (title.x, title.bottom + px(1)))
            else:  # a very low panel (six players in a small window): after the title
                surface.blit(word, word.get_rect(midleft=(title.right + px(6), title.centery)))
            if self.rect.collidepoint(ui.mouse) and not any(r.collidepoint(ui.mouse) for r in self.stack_rects()):
                ui.tooltip(_("Hut stacks: {note}").format(note=note), self.rect)
        else:
            title = common.section_title(ui, surface, _("Huts"), (self.rect.x + px(12), self.rect.y + px(9)))
            room = self.rect.right - px(12) - title.right - px(10)  # the note keeps clear of the title
            if ui.text.size(note, ui.font_px(12))[0] > room:  # a narrow panel (beside your Alhambra): the count alone
                note = f"{owned}/{huts.MAX_OWNED}"
            word = ui.text.render(ui.text.fit(note, ui.font_px(12), room), ui.font_px(12), theme.TEXT_DIM)
            surface.blit(word, word.get_rect(topright=(self.rect.right - px(12), self.rect.y + px(10))))
        hint = snap.hint_action
        short = self.short
        for kind, (stack, rect) in enumerate(zip(part.stacks, self.stack_rects(), strict=True)):
            if not stack:
                common.dashed_rect(surface, theme.TEXT_FAINT, rect, 1, px(5))
            else:
                if len(stack) > 1:  # the huts below, face down
                    surface.blit(ui.sprites.tile_back(rect.w), rect.move(px(3), -px(3)))
                top = stack[0]
                hovered = rect.collidepoint(ui.mouse)
                if ("tile", top) not in snap.hidden:
                    surface.blit(ui.sprites.tile(top, rect.w), rect.move(0, -px(2) if hovered and takeable else 0))
                if isinstance(hint, TakeHut) and hint.tile == top:
                    common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
                elif takeable and hovered:
                    common.selected_frame(surface, rect, 2)
                if hovered:
                    tip = ngettext("{tile}: {n} in this stack.", "{tile}: {n} in this stack.", len(stack)).format(
                        tile=words.label(words.tile(top)), n=len(stack)
                    )
                    if takeable:
                        # [M-HUT-2] an action (the turn's, or the one an exact payment allows) that allows no other
                        take = _("Click to take it (free; no extra action follows); place it at the end of the turn.")
                        tip = sentences(tip, take)
                    ui.tooltip(tip, rect)
            chip_h = self._words()[2]  # on the hut's corner, or just under it
            where = (rect.right, rect.bottom) if short else (rect.centerx, rect.bottom + px(2) + chip_h // 2)
            common.chip(ui, surface, str(len(stack)), where, ui.font_px(11), anchor="center")
            if not stack and rect.collidepoint(ui.mouse):
                ui.tooltip(_("The {type} huts are all taken").format(type=words.building(kind)), rect)

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """The top huts fly from their stacks."""
        return {("tile", tile): rect for tile, rect in self.top_rects(state).items()}

    def top_rects(self, state: GameState) -> dict[int, pygame.Rect]:
        part = huts.of(state)
        if part is None:
            return {}
        rects = self.stack_rects()
        return {stack[0]: rects[HUT_COLOUR[stack[0]]] for stack in part.stacks if stack}  # type: ignore[index]


def _takes(narrator: Narrator, event: dict) -> LogLine:
    """[M-HUT-2] a player takes the face-up hut of a stack."""
    return narrator.tell(
        event,
        N_("You take the {tile} (placed at the end of the turn)"),
        N_("{player} takes the {tile} (placed at the end of the turn)"),
        tile=words.tile(event["tile"]),
    )


def _turns_up(narrator: Narrator, event: dict) -> LogLine:
    """[M-HUT-2] the next hut of the stack turns face up."""
    return LogLine(_("Next hut face up: {tile}").format(tile=words.tile(event["tile"])), None, "refill")


class HutsNarration(Narration):
    """[M-HUT-2] a hut taken from its stack, and the next turning face up."""

    sayings = {huts.TAKE_EVENT: _takes, huts.UP_EVENT: _turns_up}  # noqa: RUF012 - read-only table
    timing = {huts.TAKE_EVENT: (0.5, 0.45), huts.UP_EVENT: (0.0, 0.1)}  # noqa: RUF012
    sounds = {huts.TAKE_EVENT: "place"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        return [("tile", event["tile"])] if event.get("e") == huts.TAKE_EVENT else []


class HutsMoves(Moves):
    """Taking a hut, named in the turn's prompt (a click on its stack takes it: ``HutsPanel.action_at``)."""

    def turn_options(self, state: GameState) -> list[str]:
        """[M-HUT-2] taking a hut, while a stack has one and the player owns fewer than three."""
        # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
        return [_("take a hut")] if any(isinstance(a, TakeHut) for a in state.legal_actions()) else []


class HutsScoring(Scoring):
    """[M-HUT-4] what the huts add to the counts, on the score sheet."""

    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        """[M-HUT-4] each building of a hut's colour next to it (no wall between) counts one more."""
        if huts.of(state) is None:
            return []
        counts = [0] * len(BUILDING_TYPES)
        huts.hut_bonus(state.boards[player].grid, counts)
        return [(SHARE, counts)]


CLIENT = ClientModule(
    name=NAME,
    narration=HutsNarration(),
    scoring=HutsScoring(),
    moves=HutsMoves(),
    panel=HutsPanel,
    help_page=huts_help.PAGE,
)
