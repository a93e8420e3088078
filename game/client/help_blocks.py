"""The toolkit the rules help's pages are made of: the base game's page (``scenes/rules_help.py``) and each rule
module's page, which lives with its module (``modules/<name>_help.py``, named by ``ClientModule.help_page``).

A page is a list of ``Block``: each draws one part of the page (a heading, a paragraph, a table, a drawn example)
at a given width, and is laid out once per width and language.  Every text is kept in English, marked ``N_``
(docs/I18N.md), and translated when its part is drawn: one message per paragraph, heading or caption, with named
placeholders where a number or key goes in.  In a right-to-left language the lines start at the right margin and
the tables read from the right; the drawn example Alhambras stay as they are.

A module's page is a ``HelpPage``: its tab, its title, what it is about and its sections (``HelpSection``: a
heading, paragraphs and the drawings shown after them).  ``HelpPage.of_rules`` makes the first expansion's
shape of page: the rules, this game's choices where the rule books leave something open, how it is played here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.components import E, N, S, W
from game.i18n import N_, _, is_rtl

from . import theme

if TYPE_CHECKING:
    from .widgets import Ui

Block = Callable[["Ui", int], pygame.Surface]  # one part of the page drawn at a width; text parts come from a factory
# What a drawn part put where, for the layout tests: ("art", rect) a drawing, ("room", rect) the area a text
# must keep to, ("text", rect) one line of text.  Every part takes it as an optional third argument.
Placed = list[tuple[str, pygame.Rect]]

Pointer = tuple[str, int, int, int]  # ("edge", x, y, side) or ("cell", x, y, 0): what the example is about
# A tile of an example: (x, y, kind, walls); kind is a building type, "start" or "hut_<type>", drawn with those
# walls, or a tile of the game (its id), drawn from its art.
Piece = tuple[int, int, str | int, int]
# (caption, legal?, tiles, the new tile's cell, what to point at)
Example = tuple[str, bool, tuple[Piece, ...], tuple[int, int], Pointer | None]
EXAMPLE_COSTS = {"pavilion": 4, "seraglio": 6, "arcades": 7, "chambers": 8, "garden": 9, "tower": 11}

# TRANSLATORS: a heading over how this game settles what the rule books leave open; the list under it says what it does.
CHOICES_TITLE = N_("Where the rule books leave it open, this game")


@dataclass(frozen=True)
class HelpSection:
    """A section of a module's page: its heading and paragraphs, kept in English (``N_``), and the drawings shown
    after its paragraphs."""

    title: str
    paragraphs: tuple[str, ...]
    pictures: tuple[Block, ...] = ()


@dataclass(frozen=True)
class HelpPage:
    """A rule module's page of the rules help: the name its tab says, its title, what it is about and its sections,
    all kept in English (``N_``) and translated as the page is laid out."""

    tab: str
    title: str
    intro: str
    sections: tuple[HelpSection, ...]

    @classmethod
    def of_rules(
        cls,
        tab: str,
        title: str,
        intro: str,
        rules: tuple[str, ...],
        choices: tuple[str, ...],
        controls: tuple[str, ...],
    ) -> HelpPage:
        """A page of the first expansion's shape (RULES.md §9.1-9.4): its rules, the choices this game follows where
        the rule books leave something open, and how it is played at this table."""
        # TRANSLATORS: headings of a module page: its rules; how this game settles what the rule books leave
        # open; how it is played here.
        sections = ((N_("The rules"), rules), (CHOICES_TITLE, choices), (N_("At the table"), controls))
        return cls(tab, title, intro, tuple(HelpSection(heading, paragraphs) for heading, paragraphs in sections))


def piece_art(ui: Ui, kind: str | int, walled: int, size: int) -> pygame.Surface:
    """One tile of an example (see ``Piece``): a tile of the game from its art, or a drawn building, hut or
    fountain."""
    if isinstance(kind, int):
        return ui.sprites.tile(kind, size)
    return ui.sprites.drawn_tile(kind, walled, size, EXAMPLE_COSTS.get(kind))


def said(text: str, args: Mapping[str, object]) -> str:
    """``text``, a message kept in English, in the current language with its named placeholders filled."""
    translated = _(text)
    return translated.format(**args) if args else translated


def flip(x: int, w: int, width: int) -> int:
    """Where something ``w`` wide that a table puts ``x`` from its left edge goes in a ``width`` wide row: the
    same place, or mirrored in a right-to-left language, so that the table reads from the right."""
    return width - x - w if is_rtl() else x


def report(placed: Placed | None, rect: pygame.Rect) -> None:
    if placed is not None:
        placed.append(("text", rect))


def heading(text: str) -> Block:
    """A heading of a page: ``text`` kept in English (``N_``), said in the language of the moment it is laid out."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        word = ui.text.render(_(text), ui.font_px(24), theme.GOLD_LIGHT, "display")
        surface = pygame.Surface((width, word.get_height() + ui.px(18)), pygame.SRCALPHA)
        report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(10))))
        pygame.draw.line(surface, theme.GOLD_DARK, (0, surface.get_height() - 2), (width, surface.get_height() - 2), 1)
        return surface

    return render


def paragraph(text: str, bullet: bool = True, **args: object) -> Block:
    """A whole paragraph, ``text`` kept in English (``N_``) and translated when laid out, its named placeholders
    filled from ``args``; bulleted paragraphs are indented on the side the language starts from."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(17)
        indent = ui.px(22) if bullet else 0
        lines = ui.text.wrap(said(text, args), size, width - indent)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(8)), pygame.SRCALPHA)
        if bullet:
            mid, half = line_h // 2, ui.px(5)
            points = [(ui.px(6), mid), (ui.px(11), mid - half), (ui.px(16), mid), (ui.px(11), mid + half)]
            pygame.draw.polygon(surface, theme.GOLD, [(flip(x, 0, width), y) for x, y in points])
        left, right = (0, width - indent) if is_rtl() else (indent, width)
        for i, line in enumerate(lines):
            word = ui.text.render(line, size, theme.IVORY)
            report(placed, surface.blit(word, (theme.text_x(left, right, word.get_width()), i * line_h)))
        return surface

    return render


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], ok: bool, r: int) -> None:
    """A check or a cross in a disc: the shape carries the meaning, not only the colour."""
    pygame.draw.circle(surface, theme.INK, centre, r + 2)
    pygame.draw.circle(surface, (60, 150, 80) if ok else (190, 60, 50), centre, r)
    x, y = centre
    k = r * 0.5
    if ok:
        pygame.draw.lines(
            surface, theme.IVORY, False, [(x - k, y), (x - k * 0.2, y + k * 0.8), (x + k, y - k * 0.7)], max(2, r // 4)
        )
    else:
        pygame.draw.line(surface, theme.IVORY, (x - k, y - k), (x + k, y + k), max(2, r // 4))
        pygame.draw.line(surface, theme.IVORY, (x - k, y + k), (x + k, y - k), max(2, r // 4))


def point_at(surface: pygame.Surface, rect: pygame.Rect, pointer: Pointer, ok: bool, width: int) -> None:
    """Underline the side (or outline the empty cell) an example is about, green if fine, red if not."""
    colour = (70, 170, 90) if ok else (210, 70, 55)
    if pointer[0] == "cell":
        inner = rect.inflate(-6, -6)
        pygame.draw.rect(surface, theme.INK, inner, width + 2, border_radius=4)
        pygame.draw.rect(surface, colour, inner, width, border_radius=4)
        return
    side = pointer[3]
    ends = {
        N: (rect.topleft, rect.topright),
        S: (rect.bottomleft, rect.bottomright),
        W: (rect.topleft, rect.bottomleft),
        E: (rect.topright, rect.bottomright),
    }[side]
    pygame.draw.line(surface, theme.INK, ends[0], ends[1], width + 4)
    pygame.draw.line(surface, colour, ends[0], ends[1], width)


def text_height(ui: Ui, text: str, size: int, width: int, role: str = "ui") -> int:
    return (ui.text.size("Ag", size, role)[1] + 2) * len(ui.text.wrap(text, size, width, role))


def text_in(
    ui: Ui,
    surface: pygame.Surface,
    text: str,
    room: pygame.Rect,
    size: int,
    placed: Placed | None,
    colour: theme.Color = theme.PARCHMENT,
    centred: bool = True,
    role: str = "ui",
) -> int:
    """``text`` (already in the player's language) wrapped to ``room``'s width from its top, centred or from the
    side the language starts on; the y below the last line."""
    line_h = ui.text.size("Ag", size, role)[1] + 2
    y = room.y
    if placed is not None:
        placed.append(("room", room.copy()))
    for line in ui.text.wrap(text, size, room.w, role):
        word = ui.text.render(line, size, colour, role)
        if centred:
            rect = word.get_rect(midtop=(room.centerx, y))
        else:
            rect = word.get_rect(topleft=(theme.text_x(room.x, room.right, word.get_width()), y))
        surface.blit(word, rect)
        if placed is not None:
            placed.append(("text", rect))
        y += line_h
    return y


def example_grid(examples: tuple[Example, ...], cell_px: int = 60, box: tuple[int, int] = (290, 244)) -> Block:
    """Examples of where a tile may go, drawn from the tile art with a check or a cross each."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        cell = ui.px(cell_px)
        box_w, box_h = ui.px(box[0]), ui.px(box[1])
        art_h = box_h - ui.px(60)
        per_row = max(1, width // box_w)
        rows = (len(examples) + per_row - 1) // per_row
        surface = pygame.Surface((width, rows * box_h), pygame.SRCALPHA)
        left = (width - per_row * box_w) // 2
        for index, (caption, ok, tiles, new, pointer) in enumerate(examples):
            ox, oy = left + (index % per_row) * box_w, (index // per_row) * box_h
            xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
            grid_w, grid_h = (max(xs) - min(xs) + 1) * cell, (max(ys) - min(ys) + 1) * cell
            gx, gy = ox + (box_w - grid_w) // 2, oy + ui.px(6) + (art_h - grid_h) // 2
            origin_x, origin_y = gx - min(xs) * cell, gy - min(ys) * cell

            def cell_rect(x: int, y: int, ox: int = origin_x, oy: int = origin_y) -> pygame.Rect:
                return pygame.Rect(ox + x * cell, oy + y * cell, cell, cell)

            for x, y, kind, walled in tiles:
                rect = cell_rect(x, y)
                if (x, y) == new:
                    surface.blit(ui.sprites.shadow((cell, cell), 4, 3, 120), (rect.x - 6 + 2, rect.y - 6 + 3))
                surface.blit(piece_art(ui, kind, walled, cell), rect)
                if (x, y) == new:
                    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(4, 4), 2, border_radius=3)
            if placed is not None:
                placed.append(("art", pygame.Rect(gx, gy, grid_w, grid_h)))
            if pointer is not None:
                point_at(surface, cell_rect(pointer[1], pointer[2]), pointer, ok, ui.px(5))
            new_rect = cell_rect(*new)
            draw_mark(surface, (new_rect.right - 2, new_rect.top + 2), ok, ui.px(10))
            room = pygame.Rect(ox + ui.px(8), oy + art_h + ui.px(14), box_w - ui.px(16), box_h - art_h - ui.px(14))
            text_in(ui, surface, _(caption), room, ui.font_px(14), placed)
        return surface

    return render


def arrow_line(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
    """A straight gold arrow from ``start`` to ``end`` (along a row or a column), edged in ink to read on any tile."""
    (sx, sy), (ex, ey) = start, end
    dx, dy = (ex > sx) - (ex < sx), (ey > sy) - (ey < sy)
    head = width * 3
    back = (ex - dx * head, ey - dy * head)
    head_points = [(ex, ey), (back[0] - dy * head, back[1] + dx * head), (back[0] + dy * head, back[1] - dx * head)]
    pygame.draw.line(surface, theme.INK, start, back, width + 4)
    pygame.draw.polygon(surface, theme.INK, head_points, 0)
    pygame.draw.polygon(surface, theme.INK, head_points, 4)
    pygame.draw.line(surface, theme.GOLD_LIGHT, start, back, width)
    pygame.draw.polygon(surface, theme.GOLD_LIGHT, head_points, 0)


def draw_number(ui: Ui, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int) -> None:
    """A count in a small parchment disc, drawn on a tile the example counts."""
    pygame.draw.circle(surface, theme.INK, centre, r + 2)
    pygame.draw.circle(surface, theme.PARCHMENT, centre, r)
    word = ui.text.render(text, ui.font_px(14), theme.INK, "bold")
    surface.blit(word, word.get_rect(center=centre))


def notes_beside(
    ui: Ui, width: int, art: tuple[int, int], notes: tuple[str, ...], placed: Placed | None
) -> tuple[pygame.Surface, pygame.Rect]:
    """A surface for a drawing of size ``art`` with ``notes`` (kept in English, ``N_``) beside it, on the side the
    language reads last (or below it, if the page is narrow): the notes are drawn, the drawing's place is returned."""
    notes = tuple(_(note) for note in notes)
    size, gap, margin = ui.font_px(16), ui.px(28), ui.px(10)
    beside = width - art[0] - gap >= ui.px(300)
    note_w = min(ui.px(480), width - art[0] - gap) if beside else min(width, ui.px(520))
    heights = [text_height(ui, note, size, note_w) for note in notes]
    notes_h = sum(heights) + ui.px(8) * (len(notes) - 1)
    if beside:
        total_w = art[0] + gap + note_w
        height = max(art[1], notes_h) + 2 * margin
        x0 = (width - total_w) // 2
        art_rect = pygame.Rect(x0, (height - art[1]) // 2, *art)
        nx, ny = art_rect.right + gap, (height - notes_h) // 2
        if is_rtl():
            art_rect.right, nx = x0 + total_w, x0
    else:
        height = margin + art[1] + ui.px(14) + notes_h + margin
        art_rect = pygame.Rect((width - art[0]) // 2, margin, *art)
        nx, ny = (width - note_w) // 2, art_rect.bottom + ui.px(14)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    for note, h in zip(notes, heights, strict=True):
        text_in(ui, surface, note, pygame.Rect(nx, ny, note_w, h), size, placed, theme.IVORY, centred=False)
        ny += h + ui.px(8)
    if placed is not None:
        placed.append(("art", art_rect.copy()))
    return surface, art_rect


def mirrored(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` of a table row ``width`` wide, mirrored in a right-to-left language (see ``flip``)."""
    return pygame.Rect(flip(rect.x, rect.w, width), rect.y, rect.w, rect.h)


def subheading(text: str) -> Block:
    """A section's heading on a module page (``text`` kept in English, shortened to the page if need be)."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(18)
        word = ui.text.render(ui.text.fit(_(text), size, width, "bold"), size, theme.GOLD, "bold")
        surface = pygame.Surface((width, word.get_height() + ui.px(10)), pygame.SRCALPHA)
        report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(8))))
        return surface

    return render


def note(text: str) -> Block:
    """A faint note at the end of a page (``text`` kept in English)."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(14)
        lines = ui.text.wrap(_(text), size, width)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(16)), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            word = ui.text.render(line, size, theme.TEXT_FAINT)
            report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(12) + i * line_h)))
        return surface

    return render
