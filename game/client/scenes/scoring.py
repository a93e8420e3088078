"""The scoring table, shown over the board when scoring card 1 or 2 comes up.

Rows appear one building type at a time: each player's count, rank (ties marked "="), and the
points earned, then the walls, then the totals counting up.  The timeline of the table waits
underneath until the player continues.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import i18n
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
        self.area = pygame.Rect(0, 0, 0, 0)  # the sheet's
        self.ui.sounds.play("score")

    def names(self) -> list[str]:
        return [self.turn.seat_name(seat) for seat in self.sheet.collectors]

    def layout(self, size: tuple[int, int]) -> None:
        """The panel as wide as the columns want and as tall as the sheet needs (within the window); the sheet
        under the title and its subtitle, however many lines the subtitle takes."""
        px = self.ui.px
        columns = len(self.sheet.collectors)
        width = min(size[0] - 20, max(px(560), px(190) + columns * px(150) + px(60)))
        lines = len(self._subtitle(width))
        top = max(px(124), px(72) + lines * self.ui.text.size("Ag", self.ui.font_px(14))[1] + px(14))
        needed = top + sheet_height(self.ui, self.sheet, self.names(), width - px(52)) + px(76)
        self.panel = pygame.Rect(0, 0, width, min(size[1] - 20, max(px(600), needed)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.area = pygame.Rect(self.panel.x + px(26), self.panel.y + top, width - px(52), self.panel.h - top - px(76))
        self.next.rect = pygame.Rect(self.panel.right - px(210), self.panel.bottom - px(64), px(180), px(46))

    def _subtitle(self, width: int) -> list[str]:
        """The subtitle's lines in a panel ``width`` wide (right of the scoring card)."""
        px = self.ui.px
        card = self.ui.sprites.scoring_card(min(self.sheet.round, 2), px(84)).get_width()
        room = width - px(26) - card - px(18) - px(20)
        return self.ui.text.wrap(_(SUBTITLES[self.sheet.round]), self.ui.font_px(14), room)

    def cell(self, row: int, column: int) -> pygame.Rect:
        """Where collector ``column``'s cell of the sheet's row ``row`` is on the screen."""
        rect = sheet_layout(self.ui, self.sheet, self.names(), self.area).cell(row, column)
        if i18n.is_rtl():
            rect.x = self.area.left + self.area.right - rect.right
        return rect

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
        for line in ui.text.wrap(_(SUBTITLES[self.sheet.round]), ui.font_px(14), right - left):
            word = ui.text.render(line, ui.font_px(14), theme.PARCHMENT)
            y = draw_text(surface, word, (theme.text_x(left, right, word.get_width()), y)).bottom
        draw_sheet(ui, surface, self.sheet, self.names(), self.area, self.revealed_rows())
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
    # a number every 20 points, or every 40, 60 … where three-digit numbers would touch (a high-scoring game with
    # many modules on a narrow track)
    widest = ui.text.size(str(limit), ui.font_px(11))[0] + px(6)
    step = 20
    while track.w * step / limit < widest and step < limit:
        step += 20
    for value in range(0, limit + 1, step):
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


@dataclass(frozen=True)
class SheetLayout:
    """Where the parts of a score sheet go in ``area``, laid out left to right (``draw_sheet`` mirrors them right to
    left): the rows' names in a column ``label_w`` wide, then a column ``col_w`` wide per collector; the header
    (tokens and names), each row from ``tops[r]``, ``heights[r]`` high, and the totals from ``total_y``."""

    area: pygame.Rect
    label_w: int
    col_w: int
    header_h: int
    tops: tuple[int, ...]
    heights: tuple[int, ...]
    total_y: int
    total_h: int
    compact: bool = False  # ranks and shares without room beside their counts are said by the cells' tooltips

    @property
    def bottom(self) -> int:
        return self.total_y + self.total_h

    def cell(self, row: int, column: int) -> pygame.Rect:
        """Collector ``column``'s cell of row ``row``, left to right."""
        return pygame.Rect(
            self.area.x + self.label_w + column * self.col_w, self.tops[row], self.col_w, self.heights[row] - 2
        )

    def named(self, row: int) -> pygame.Rect:
        """Row ``row``'s name (its icon and label), left to right."""
        return pygame.Rect(self.area.x, self.tops[row], self.label_w, self.heights[row] - 2)


class _Sizes:
    """The sheet's font sizes and line heights at the ui's scale (``small``: a size less, for the sheet that sums
    up the end of a game beside its standings and above its Alhambras)."""

    def __init__(self, ui: Ui, small: bool = False) -> None:
        less = 2 if small else 0
        self.count = ui.font_px(17 - less)  # a count and its points, bold
        self.rank = ui.font_px(12 - less // 2)
        self.share = ui.font_px(11)  # a rule module's part of a count ("+1 hut")
        self.note = ui.font_px(13 - less // 2)  # a rule module's own row: how its points came about
        self.label = ui.font_px(15 - less // 2)
        self.legend = ui.font_px(11)
        self.name = ui.font_px(13 - less // 2)
        self.count_h = ui.text.size("Ag", self.count, "bold")[1]
        self.rank_h = ui.text.size("Ag", self.rank)[1]
        self.share_h = ui.text.size("Ag", self.share)[1]
        self.note_h = ui.text.size("Ag", self.note)[1]
        self.label_h = ui.text.size("Ag", self.label)[1]
        self.legend_h = ui.text.size("Ag", self.legend)[1]
        self.name_h = ui.text.size("Ag", self.name, "bold")[1]
        self.pad = ui.px(1 if small else 3)  # above and below a row's contents
        self.gap = ui.px(6)  # between the parts of a cell
        self.icon = ui.px(28)


def note_lines(ui: Ui, text: str, size: int, width: int, first: int | None = None) -> list[str]:
    """A cell's ``text`` in lines of at most ``width`` pixels (the first at most ``first``, where the points stand
    beside it), broken at spaces but never inside a product ("6 × 3 + 2 × 2": "6 × 3 +" / "2 × 2"), or between
    characters in Chinese and Japanese."""
    first = width if first is None else first
    if " × " not in text:
        lines = ui.text.wrap(text, size, first)
        if len(lines) == 1 or first == width:
            return lines
        return [lines[0], *ui.text.wrap(text[len(lines[0]) :].strip(), size, width)]
    parts: list[str] = []
    for word in text.split(" "):
        if parts and (word == "×" or parts[-1].endswith("×")):
            parts[-1] += " " + word
        else:
            parts.append(word)
    lines: list[str] = []
    for part in parts:
        room = first if len(lines) <= 1 else width
        if lines and ui.text.size(f"{lines[-1]} {part}", size)[0] <= room:
            lines[-1] += " " + part
        else:
            lines.append(part)
    return lines


@dataclass(frozen=True)
class _CountCell:
    """How a cell of a building's row is laid out: the count, its rank beside it if there is room (else on the line
    under it), what the rule modules added to the count ("+1 hut") beside them if there is room, else on lines
    under them, and the points at the first line's far end.  In a ``compact`` sheet nothing goes under the first
    line: what has no room beside the count is said by the cell's tooltip (``hidden``)."""

    rank_beside: bool
    share_beside: bool
    below: tuple[tuple[str, str], ...]  # ("rank" | "share", words) per line under the first
    hidden: str = ""  # the share, where a compact sheet has no room for it

    def height(self, sizes: _Sizes) -> int:
        return sizes.count_h + sum(sizes.rank_h if kind == "rank" else sizes.share_h for kind, _ in self.below)


def _count_text(count: int | None) -> str:
    return "—" if count is None else str(count)


def _count_cell(ui: Ui, sizes: _Sizes, row: Row, c: int, inner: int, compact: bool = False) -> _CountCell:
    text = ui.text
    share = row.shares[c] if row.shares else ""
    rank, points = row.ranks[c], row.points[c]
    first = text.size(_count_text(row.counts[c]), sizes.count, "bold")[0]
    if points:
        first += sizes.gap + text.size(f"+{points}", sizes.count, "bold")[0]
    below: list[tuple[str, str]] = []
    rank_beside = not rank or first + sizes.gap + text.size(rank, sizes.rank)[0] <= inner
    if rank and rank_beside:
        first += sizes.gap + text.size(rank, sizes.rank)[0]
    elif rank and not compact:
        below.append(("rank", rank))
    share_beside = bool(share) and rank_beside and first + sizes.gap + text.size(share, sizes.share)[0] <= inner
    if share and not share_beside and not compact:
        below += [("share", line) for line in text.wrap(share, sizes.share, inner)]
    hidden = share if share and not share_beside and compact else ""
    return _CountCell(rank_beside, share_beside, tuple(below), hidden)


def _points_w(ui: Ui, sizes: _Sizes, row: Row, c: int) -> int:
    """The width of a cell's points, and the gap before them (none without points)."""
    points = row.points[c]
    return ui.text.size(f"+{points}", sizes.count, "bold")[0] + sizes.gap if points else 0


def _note(row: Row, c: int) -> str:
    return row.notes[c] or ("—" if not row.points[c] else "")


def _note_size(sizes: _Sizes, compact: bool) -> int:
    return sizes.share if compact else sizes.note


def _note_cell(ui: Ui, sizes: _Sizes, row: Row, c: int, inner: int, compact: bool) -> list[str]:
    """A rule module's note in its cell: its first line beside the points, the rest under them."""
    size = _note_size(sizes, compact)
    return note_lines(ui, _note(row, c), size, inner, inner - _points_w(ui, sizes, row, c))


def _label_lines(ui: Ui, sizes: _Sizes, row: Row, label_w: int) -> list[str]:
    return ui.text.wrap(row.title, sizes.label, label_w - sizes.icon - ui.px(14))


def _row_needs(ui: Ui, sizes: _Sizes, row: Row, label_w: int, col_w: int, compact: bool) -> int:
    """The least height row ``row`` takes: its name's lines, and its tallest cell."""
    inner = col_w - ui.px(14)
    need = len(_label_lines(ui, sizes, row, label_w)) * sizes.label_h
    note_h = sizes.share_h if compact else sizes.note_h
    for c in range(len(row.points)):
        if row.notes:
            need = max(need, sizes.count_h, len(_note_cell(ui, sizes, row, c, inner, compact)) * note_h)
        else:
            need = max(need, _count_cell(ui, sizes, row, c, inner, compact).height(sizes))
    return need + 2 * sizes.pad + 2


def _columns(ui: Ui, sheet: Sheet, width: int) -> tuple[int, int]:
    label_w = min(ui.px(170), width // 4)
    return label_w, (width - label_w) // max(1, len(sheet.collectors))


def _header_lines(ui: Ui, sizes: _Sizes, names: list[str], col_w: int) -> list[list[str]]:
    return [ui.text.wrap(name, sizes.name, col_w - ui.px(6), "bold") for name in names]


def _total_lines(ui: Ui, label_w: int) -> list[str]:
    return ui.text.wrap(_("This scoring / total"), ui.font_px(16), label_w - ui.px(8), "bold")


def sheet_layout(
    ui: Ui, sheet: Sheet, names: list[str], area: pygame.Rect, compact: bool | None = None, small: bool = False
) -> SheetLayout:
    """The sheet laid out in ``area``: each row at least as high as its contents need, and as high as ``px(44)``
    where the area has room for that; ``compact`` (by default: where the rows do not fit the area otherwise)
    when what has no room beside a count is said by its cell's tooltip rather than on lines under it."""
    sizes = _Sizes(ui, small)
    label_w, col_w = _columns(ui, sheet, area.w)
    header_h = ui.px(26) + max(len(lines) for lines in _header_lines(ui, sizes, names, col_w)) * sizes.name_h
    total_lines = _total_lines(ui, label_w)
    total_h = max(len(total_lines) * ui.text.size("Ag", ui.font_px(16), "bold")[1], ui.px(28)) + ui.px(10)
    room = area.h - header_h - ui.px(12) - total_h
    needs = [_row_needs(ui, sizes, row, label_w, col_w, bool(compact)) for row in sheet.rows]
    if compact is None and sum(needs) > room:
        compact = True
        needs = [_row_needs(ui, sizes, row, label_w, col_w, True) for row in sheet.rows]
    comfortable = ui.px(44)
    while comfortable > 0 and sum(max(need, comfortable) for need in needs) > room:
        comfortable -= 1
    heights = tuple(max(need, comfortable) for need in needs)
    tops = []
    y = area.y + header_h
    for height in heights:
        tops.append(y)
        y += height
    return SheetLayout(area, label_w, col_w, header_h, tuple(tops), heights, y + ui.px(12), total_h, bool(compact))


def _legends_fit(ui: Ui, sizes: _Sizes, sheet: Sheet, layout: SheetLayout) -> bool:
    """Whether every row's legend fits under its label (then all are shown; else each is its label's tooltip)."""
    room = layout.label_w - sizes.icon - ui.px(14)
    for r, row in enumerate(sheet.rows):
        if row.legend:
            lines = len(_label_lines(ui, sizes, row, layout.label_w)) * sizes.label_h
            legend = len(ui.text.wrap(row.legend, sizes.legend, room)) * sizes.legend_h
            if lines + legend > layout.heights[r] - 2 - 2 * sizes.pad:
                return False
    return True


def sheet_height(ui: Ui, sheet: Sheet, names: list[str], width: int, small: bool = False) -> int:
    """The least height the sheet takes at ``width``: every row at the height its contents need."""
    return sheet_layout(ui, sheet, names, pygame.Rect(0, 0, width, 0), compact=False, small=small).bottom


def draw_sheet(
    ui: Ui,
    surface: pygame.Surface,
    sheet: Sheet,
    names: list[str],
    area: pygame.Rect,
    revealed: float = 99.0,
    small: bool = False,
) -> SheetLayout:
    """The table of a scoring: rows of building types and walls (and the rule modules' own), a column per player
    (and module collector); returns where its parts went.

    Every row is as high as its contents need (``sheet_layout``): a count keeps its place in its row, with its
    rank and what the rule modules added to it ("+1 hut") beside it where the cell has room and on lines under it
    where not.  Right to left (Persian) the table is mirrored: the rows' names on the right, the players' columns
    from the right; each thing is placed as left to right and then ``flip``ped across the area (numbers stay as
    they are).
    """
    px = ui.px
    rtl = i18n.is_rtl()
    sizes = _Sizes(ui, small)
    layout = sheet_layout(ui, sheet, names, area, small=small)
    label_w, col_w = layout.label_w, layout.col_w

    def flip(x: int, width: int = 0) -> int:
        """Where something ``width`` wide that starts at ``x`` left to right starts in this language."""
        return area.left + area.right - x - width if rtl else x

    def flipped(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(flip(rect.x, rect.w), rect.y, rect.w, rect.h)

    columns = len(sheet.collectors)
    for c, lines in enumerate(_header_lines(ui, sizes, names, col_w)):
        cx = area.x + label_w + c * col_w + col_w // 2
        common.seat_token(ui, surface, sheet.collectors[c], names[c], (flip(cx), area.y + px(11)), px(10))
        y = area.y + px(23)
        for line in lines:
            said = ui.text.fit(line, sizes.name, col_w - px(6), "bold")  # a name of one word wider than its column
            word = ui.text.render(said, sizes.name, theme.IVORY, "bold")
            surface.blit(word, word.get_rect(midtop=(flip(cx), y)))
            y += sizes.name_h
    inner = col_w - px(14)
    legends = _legends_fit(ui, sizes, sheet, layout)
    for r, row in enumerate(sheet.rows):
        if r >= revealed:
            break
        y, row_h = layout.tops[r], layout.heights[r]
        band = pygame.Rect(area.x, y, area.w, row_h - 2)
        if r % 2 == 0:
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((255, 255, 255, 12))
            surface.blit(shade, band)
        icon_size = min(sizes.icon, row_h - 2 - px(4))
        if row.what == "wall":
            icon = ui.sprites.drawn_tile("start", 15, icon_size)
        elif row.tile is not None:  # a rule module's own points (camp lines), pictured by one of its tiles
            icon = ui.sprites.tile(row.tile, icon_size)
        else:
            icon = ui.sprites.type_icon(row.what, icon_size)
        surface.blit(icon, (flip(area.x + px(4), icon.get_width()), band.centery - icon.get_height() // 2))
        text_left = area.x + px(10) + sizes.icon
        text_room = label_w - sizes.icon - px(14)
        lines = _label_lines(ui, sizes, row, label_w)
        legend = ui.text.wrap(row.legend, sizes.legend, text_room) if row.legend else []
        block = len(lines) * sizes.label_h
        with_legend = bool(legend) and legends
        if with_legend:
            block += len(legend) * sizes.legend_h
        top = y + (row_h - 2 - block) // 2
        for line in lines:
            word = ui.text.render(line, sizes.label, theme.IVORY)
            surface.blit(word, (flip(text_left, word.get_width()), top))
            top += sizes.label_h
        if with_legend:  # what each rank is worth, in small print under the label
            for line in legend:
                small = ui.text.render(line, sizes.legend, theme.TEXT_DIM)
                surface.blit(small, (flip(text_left, small.get_width()), top))
                top += sizes.legend_h
        named = flipped(layout.named(r))
        if row.legend and not with_legend and named.collidepoint(ui.mouse):  # no room under the label: over it
            # TRANSLATORS: a scoring sheet's row and what each rank is worth ("Tower: 1st 8 · 2nd 1")
            ui.tooltip(_("{row}: {worth}").format(row=row.title, worth=row.legend), named)
        pop = min(1.0, max(0.0, revealed - r))
        if row.notes:  # a rule module's own points: how they came about, in place of a count and a rank
            for c in range(columns):
                _draw_note(ui, surface, sizes, row, c, flipped(layout.cell(r, c)), pop, layout.compact)
            continue
        cells = [_count_cell(ui, sizes, row, c, inner, layout.compact) for c in range(columns)]
        first = y + (row_h - 2 - max(cell.height(sizes) for cell in cells)) // 2  # the counts' line, the same in a row
        for c, cell in enumerate(cells):
            cx = area.x + label_w + c * col_w
            count, rank, points = row.counts[c], row.ranks[c], row.points[c]
            number = ui.text.render(
                _count_text(count), sizes.count, theme.PARCHMENT if count else theme.TEXT_FAINT, "bold"
            )
            middle = first + sizes.count_h // 2
            x = cx + px(6)
            surface.blit(number, (flip(x, number.get_width()), middle - number.get_height() // 2))
            x += number.get_width() + sizes.gap
            rank_colour = theme.GOLD_LIGHT if points else theme.TEXT_DIM
            if rank and cell.rank_beside:
                word = ui.text.render(rank, sizes.rank, rank_colour)
                surface.blit(word, (flip(x, word.get_width()), middle - word.get_height() // 2 + px(1)))
                x += word.get_width() + sizes.gap
            share = row.shares[c] if row.shares else ""
            if cell.share_beside:
                word = ui.text.render(share, sizes.share, theme.GOLD_LIGHT)
                surface.blit(word, (flip(x, word.get_width()), middle - word.get_height() // 2 + px(1)))
            below = first + sizes.count_h
            for kind, said in cell.below:
                small = kind == "share"
                word = ui.text.render(
                    said, sizes.share if small else sizes.rank, theme.GOLD_LIGHT if small else rank_colour
                )
                surface.blit(word, (flip(cx + px(6), word.get_width()), below))
                below += sizes.share_h if small else sizes.rank_h
            cell_rect = flipped(layout.cell(r, c))
            tip = row.tips[c] if c < len(row.tips) else ""  # how the rank earned its points
            if cell.hidden:  # and what the rule modules added to the count, where the cell had no room for it
                # TRANSLATORS: a score sheet's cell, over the mouse: how a rank earned its points, then what the rule
                # modules added to the count ("2nd in Tower: 9 points. (+1 hut, +1 bonus)")
                tip = _("{explanation} ({share})").format(explanation=tip, share=cell.hidden) if tip else cell.hidden
            if tip and cell_rect.collidepoint(ui.mouse):
                ui.tooltip(tip, cell_rect)
            if points:
                gain = ui.text.render(
                    f"+{points}", sizes.count + round(5 * ui.scale * (1 - pop)), theme.GOLD_LIGHT, "bold"
                )
                surface.blit(gain, flipped(gain.get_rect(midright=(cx + col_w - px(8), middle))))
    if revealed >= len(sheet.rows):
        y = layout.total_y
        pygame.draw.line(surface, theme.GOLD_DARK, (area.x, y - px(4)), (area.right, y - px(4)), 2)
        line_y = y + px(6)
        for line in _total_lines(ui, label_w):
            word = ui.text.render(line, ui.font_px(16), theme.GOLD_LIGHT, "bold")
            surface.blit(word, (flip(area.x + px(4), word.get_width()), line_y))
            line_y += word.get_height()
        share = min(1.0, (revealed - len(sheet.rows)) / 1.5)
        for c in range(columns):
            cx = area.x + label_w + c * col_w
            before = sheet.totals[c] - sheet.gained[c]
            shown = round(before + sheet.gained[c] * share)
            word = ui.text.render(f"+{sheet.gained[c]}", ui.font_px(16), theme.GOLD_LIGHT, "bold")
            surface.blit(word, (flip(cx + px(6), word.get_width()), y + px(6)))
            total = ui.text.render(str(shown), ui.font_px(20), theme.IVORY, "bold")
            surface.blit(total, flipped(total.get_rect(topright=(cx + col_w - px(8), y + px(3)))))
    return layout


def _draw_note(
    ui: Ui, surface: pygame.Surface, sizes: _Sizes, row: Row, c: int, cell: pygame.Rect, pop: float, compact: bool
) -> None:
    """Collector ``c``'s cell of a rule module's own row: how the points came about ("3 + 2"), on as many lines as
    it takes (its first beside the points), the points at the far end, and the long explanation (``tips``) while
    the mouse is over it."""
    px = ui.px
    points = row.points[c]
    size = _note_size(sizes, compact)
    line_h = ui.text.size("Ag", size)[1]
    lines = _note_cell(ui, sizes, row, c, cell.w - px(14), compact)
    top = cell.centery - len(lines) * line_h // 2
    middle = top + line_h // 2 if len(lines) > 1 else cell.centery  # the points beside the note's first line
    if points:
        gain = ui.text.render(f"+{points}", sizes.count + round(5 * ui.scale * (1 - pop)), theme.GOLD_LIGHT, "bold")
        at = gain.get_rect(midright=(cell.right - px(8), middle))
        if i18n.is_rtl():
            at.midleft = (cell.x + px(8), middle)
        surface.blit(gain, at)
    ink = theme.PARCHMENT if points else theme.TEXT_FAINT
    for line in lines:
        word = ui.text.render(line, size, ink)
        x = cell.right - px(6) - word.get_width() if i18n.is_rtl() else cell.x + px(6)
        surface.blit(word, (x, top))
        top += line_h
    tip = row.tips[c] if c < len(row.tips) else ""
    if tip and cell.collidepoint(ui.mouse):
        ui.tooltip(tip, cell)
