"""The scoring table, shown over the board when scoring card 1 or 2 comes up.

Rows appear one building type at a time: each player's count, rank (ties marked "="), and the
points earned, then the walls, then the totals counting up.  The timeline of the table waits
underneath until the player continues.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.components import BUILDING_TYPES
from game.i18n import N_, _, pgettext, words

from .. import theme
from ..scene import Scene
from ..score_sheet import Row, Sheet
from ..views import common
from ..widgets import Button, Ui, draw_box, draw_text

if TYPE_CHECKING:
    from ..scene import AppServices
    from ..views.model import TableModel

ROW_DELAY = 0.28


class ScoringScene(Scene):
    overlay = True

    def __init__(self, app: AppServices, turn: TableModel, sheet: Sheet) -> None:
        super().__init__(app)
        self.turn = turn
        self.sheet = sheet
        self.age = 0.0
        self.speed = app.speed
        self.next = Button(self.ui, lambda: pgettext("button", "Continue"), self.close, style="primary", hotkey="Enter")
        self.widgets = [self.next]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.ui.sounds.play("score")

    def names(self) -> list[str]:
        return [self.turn.seat_name(seat) for seat in self.sheet.collectors]

    def layout(self, size: tuple[int, int]) -> None:
        px = self.ui.px
        columns = len(self.sheet.collectors)
        width = px(190) + columns * px(104) + px(60)
        self.panel = pygame.Rect(0, 0, min(size[0] - 20, max(px(560), width)), min(size[1] - 20, px(600)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.next.rect = pygame.Rect(self.panel.right - px(210), self.panel.bottom - px(64), px(180), px(46))

    def revealed_rows(self) -> float:
        if self.speed <= 0:
            return 99.0
        return self.age * self.speed / ROW_DELAY

    def close(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        before = int(self.revealed_rows())
        self.age += dt
        if int(self.revealed_rows()) != before and before < len(self.sheet.rows):
            self.ui.sounds.play("coin")

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_ESCAPE,
        ):
            if self.revealed_rows() < len(self.sheet.rows) + 1:
                self.age = 1e6  # first press shows everything, the next one continues
            else:
                self.close()
            return True
        return True  # modal: the board underneath takes nothing

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        common.dim(surface, surface.get_rect(), 150)
        draw_box(ui, surface, self.panel, (28, 24, 20), 246, theme.GOLD, px(14))
        card = ui.sprites.scoring_card(min(self.sheet.round, 2), px(84))
        surface.blit(card, (self.panel.x + px(26), self.panel.y + px(22)))
        left = self.panel.x + px(26) + card.get_width() + px(18)
        right = self.panel.right - px(20)
        size = ui.font_px(34)
        said = ui.text.fit(words.scoring_round(self.sheet.round), size, right - left, "display")
        title = ui.text.render(said, size, theme.GOLD_LIGHT, "display")
        draw_text(surface, title, (theme.text_x(left, right, title.get_width()), self.panel.y + px(26)))
        y = self.panel.y + px(72)
        for line in ui.text.wrap(_(SUBTITLES[self.sheet.round]), ui.font_px(14), right - left)[:2]:
            word = ui.text.render(line, ui.font_px(14), theme.PARCHMENT)
            y = draw_text(surface, word, (theme.text_x(left, right, word.get_width()), y)).bottom
        draw_sheet(
            ui,
            surface,
            self.sheet,
            self.names(),
            pygame.Rect(self.panel.x + px(26), self.panel.y + px(124), self.panel.w - px(52), self.panel.h - px(200)),
            self.revealed_rows(),
        )
        track = pygame.Rect(
            self.panel.x + px(40),
            self.next.rect.centery - px(2),
            self.next.rect.x - px(60) - self.panel.x - px(40),
            px(8),
        )
        share = min(1.0, max(0.0, (self.revealed_rows() - len(self.sheet.rows)) / 1.5))
        draw_track(ui, surface, track, self.sheet, self.names(), share)
        super().draw(surface)


def draw_track(
    ui: Ui, surface: pygame.Surface, track: pygame.Rect, sheet: Sheet, names: list[str], share: float
) -> None:
    """The score track with every token moving from its old score to its new one as ``share`` goes 0 -> 1."""
    px = ui.px
    limit = max(60, (max(sheet.totals) // 20 + 2) * 20)
    pygame.draw.rect(surface, (44, 38, 30), track, border_radius=track.h // 2)
    pygame.draw.rect(surface, theme.GOLD_DARK, track, 1, border_radius=track.h // 2)
    radius = px(9)
    below = max(track.bottom + px(4), track.centery + radius + px(4))  # the numbers clear of the tokens
    for value in range(0, limit + 1, 20):
        x = track.x + round(track.w * value / limit)
        word = ui.text.render(str(value), ui.font_px(11), theme.TEXT_FAINT)
        surface.blit(word, word.get_rect(midtop=(x, below)))
    placed: list[int] = []
    order = sorted(range(len(sheet.collectors)), key=lambda c: sheet.totals[c] - sheet.gained[c] * (1 - share))
    for c in order:
        score = sheet.totals[c] - sheet.gained[c] * (1 - share)
        x = track.x + round(track.w * min(score, limit) / limit)
        lift = sum(1 for other in placed if abs(other - x) < radius * 1.6)
        placed.append(x)
        common.seat_token(
            ui, surface, sheet.collectors[c], names[c], (x, track.centery - lift * round(radius * 1.9)), radius
        )


# What each scoring pays for ([B-SCORE-2]): the second and third pay more places than the first.
SUBTITLES = {
    1: N_("Only the most buildings of each type score; ties share. Plus your longest outer wall."),
    2: N_("First and second places score for each type; ties share. Plus your longest outer wall."),
    3: N_("First, second and third places score for each type; ties share. Plus your longest outer wall."),
}


def draw_sheet(
    ui: Ui, surface: pygame.Surface, sheet: Sheet, names: list[str], area: pygame.Rect, revealed: float = 99.0
) -> None:
    """The table of a scoring: rows of building types and walls, a column per player (and module collector).

    Right to left (Persian) the table is mirrored: the rows' names on the right, the players' columns from the
    right; each thing is placed as left to right and then ``flip``ped across the area (numbers stay as they are).
    """
    px = ui.px
    rtl = i18n.is_rtl()

    def flip(x: int, width: int = 0) -> int:
        """Where something ``width`` wide that starts at ``x`` left to right starts in this language."""
        return area.left + area.right - x - width if rtl else x

    def flipped(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(flip(rect.x, rect.w), rect.y, rect.w, rect.h)

    label_w = px(170)
    columns = len(sheet.collectors)
    col_w = (area.w - label_w) // max(1, columns)
    rows = len(sheet.rows) + 2
    row_h = min(px(44), area.h // rows)
    for c, seat in enumerate(sheet.collectors):
        cx = area.x + label_w + c * col_w + col_w // 2
        common.seat_token(ui, surface, seat, names[c], (flip(cx), area.y + row_h // 2 - px(6)), px(10))
        word = ui.text.render(
            ui.text.fit(names[c], ui.font_px(13), col_w - 4, "bold"), ui.font_px(13), theme.IVORY, "bold"
        )
        surface.blit(word, word.get_rect(midtop=(flip(cx), area.y + row_h // 2 + px(6))))
    for r, row in enumerate(sheet.rows):
        if r >= revealed:
            break
        y = area.y + (r + 1) * row_h + px(6)
        band = pygame.Rect(area.x, y, area.w, row_h - 2)
        if r % 2 == 0:
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((255, 255, 255, 12))
            surface.blit(shade, band)
        if row.what == "wall":
            icon = ui.sprites.drawn_tile("start", 15, row_h - px(8))
            label = _("Longest wall")
        elif row.tile is not None:  # a rule module's own points (camp lines), pictured by one of its tiles
            icon = ui.sprites.tile(row.tile, row_h - px(8))
            label = row.label
        else:
            icon = ui.sprites.type_icon(row.what, row_h - px(8))
            label = words.building(BUILDING_TYPES.index(row.what))
        surface.blit(icon, (flip(area.x + px(4), icon.get_width()), y + px(3)))
        text_left = area.x + px(10) + icon.get_width()
        text_right = area.x + label_w - px(4)

        def at(image: pygame.Surface, left: int = text_left) -> int:
            return flip(left, image.get_width())

        legend = ui.text.render(row.legend, ui.font_px(11), theme.TEXT_DIM) if row.legend else None
        word = ui.text.render(label, ui.font_px(15), theme.IVORY)
        if legend is not None and word.get_height() + legend.get_height() <= row_h - 2:  # the label, and its legend
            top = y + (row_h - 2 - word.get_height() - legend.get_height()) // 2
            surface.blit(word, (at(word), top))
            fitted = ui.text.fit(row.legend, ui.font_px(11), text_right - text_left)
            small = ui.text.render(fitted, ui.font_px(11), theme.TEXT_DIM)
            surface.blit(small, (at(small), top + word.get_height()))
        else:
            word = ui.text.render(label, ui.font_px(16), theme.IVORY)
            surface.blit(word, (at(word), y + (row_h - px(22)) // 2))
            named = flipped(pygame.Rect(area.x, y, label_w, row_h - 2))
            if row.legend and named.collidepoint(ui.mouse):  # no room for it under the label: over it instead
                # TRANSLATORS: a scoring sheet's row and what each rank is worth ("Tower: 1st 8 · 2nd 1")
                ui.tooltip(_("{row}: {worth}").format(row=label, worth=row.legend), named)
        pop = min(1.0, max(0.0, revealed - r))
        for c in range(columns):
            cx = area.x + label_w + c * col_w
            count, rank, points = row.counts[c], row.ranks[c], row.points[c]
            if row.notes:  # a rule module's own points: how they came about, in place of a count and a rank
                _draw_note(ui, surface, row, c, flipped(pygame.Rect(cx, y, col_w, row_h - 2)), pop)
                continue
            share = row.shares[c] if row.shares else ""  # a rule module's part of the count ("+1 hut")
            number = ui.text.render(
                "—" if count is None else str(count),
                ui.font_px(17),
                theme.PARCHMENT if count else theme.TEXT_FAINT,
                "bold",
            )
            small = ui.text.render(share, ui.font_px(11), theme.GOLD_LIGHT) if share else None
            lift = small.get_height() // 2 if small is not None else 0
            surface.blit(number, (flip(cx + px(6), number.get_width()), y + (row_h - number.get_height()) // 2 - lift))
            if small is not None:
                fitted = ui.text.fit(share, ui.font_px(11), col_w - px(8))
                small = ui.text.render(fitted, ui.font_px(11), theme.GOLD_LIGHT)
                surface.blit(
                    small, (flip(cx + px(6), small.get_width()), y + (row_h + number.get_height()) // 2 - lift)
                )
            if rank:
                word = ui.text.render(rank, ui.font_px(12), theme.GOLD_LIGHT if points else theme.TEXT_DIM)
                left = cx + px(12) + number.get_width()
                surface.blit(word, (flip(left, word.get_width()), y + (row_h - word.get_height()) // 2 + px(1) - lift))
            cell = flipped(pygame.Rect(cx, y, col_w, row_h - 2))
            if c < len(row.tips) and row.tips[c] and cell.collidepoint(ui.mouse):  # how the rank earned its points
                ui.tooltip(row.tips[c], cell)
            if points:
                size = ui.font_px(17 + 5 * (1 - pop))
                gain = ui.text.render(f"+{points}", size, theme.GOLD_LIGHT, "bold")
                surface.blit(gain, flipped(gain.get_rect(midright=(cx + col_w - px(8), y + row_h // 2))))
    if revealed >= len(sheet.rows):
        y = area.y + (len(sheet.rows) + 1) * row_h + px(12)
        pygame.draw.line(surface, theme.GOLD_DARK, (area.x, y - px(4)), (area.right, y - px(4)), 2)
        word = ui.text.render(
            ui.text.fit(_("This scoring / total"), ui.font_px(16), label_w - px(8), "bold"),
            ui.font_px(16),
            theme.GOLD_LIGHT,
            "bold",
        )
        surface.blit(word, (flip(area.x + px(4), word.get_width()), y + px(6)))
        share = min(1.0, (revealed - len(sheet.rows)) / 1.5)
        for c in range(columns):
            cx = area.x + label_w + c * col_w
            before = sheet.totals[c] - sheet.gained[c]
            shown = round(before + sheet.gained[c] * share)
            word = ui.text.render(f"+{sheet.gained[c]}", ui.font_px(16), theme.GOLD_LIGHT, "bold")
            surface.blit(word, (flip(cx + px(6), word.get_width()), y + px(6)))
            total = ui.text.render(str(shown), ui.font_px(20), theme.IVORY, "bold")
            surface.blit(total, flipped(total.get_rect(topright=(cx + col_w - px(8), y + px(3)))))


def _draw_note(ui: Ui, surface: pygame.Surface, row: Row, c: int, cell: pygame.Rect, pop: float) -> None:
    """Collector ``c``'s cell of a rule module's own row: how the points came about ("3 + 2"), the points at the
    right, and the long explanation (``tips``) while the mouse is over it."""
    px = ui.px
    points = row.points[c]
    room = cell.w - px(14)
    if points:
        size = ui.font_px(17 + 5 * (1 - pop))
        gain = ui.text.render(f"+{points}", size, theme.GOLD_LIGHT, "bold")
        surface.blit(gain, gain.get_rect(midright=(cell.right - px(8), cell.centery)))
        room -= gain.get_width() + px(6)
    note = row.notes[c] or ("—" if not points else "")
    size = ui.font_px(13)
    ink = theme.PARCHMENT if points else theme.TEXT_FAINT
    word = ui.text.render(ui.text.fit(note, size, max(px(10), room)), size, ink)
    surface.blit(word, word.get_rect(midleft=(cell.x + px(6), cell.centery)))
    tip = row.tips[c] if c < len(row.tips) else ""
    if tip and cell.collidepoint(ui.mouse):
        ui.tooltip(tip, cell)
