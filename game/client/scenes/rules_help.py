"""A readable, scrollable summary of the rules, with the building rules drawn as examples, and one
page for each rule module: expansion 1's (RULES.md §9.1-9.4) and the 2024 edition's camps, bazaars
and falconers (§9.5-9.7, drawn with their own examples), chosen with the tabs at the top.

Each page is laid out once per width and language into one tall surface (text, tables and the example
Alhambras drawn from the tile art) and scrolled as a viewport, so scrolling costs a blit.

Every text is kept here in English, marked ``N_`` (docs/I18N.md), and translated when the page is laid out:
one message per paragraph, heading or caption, with named placeholders where a number or key goes in.  In a
right-to-left language the lines start at the right margin and the tables read from the right; the drawn
example Alhambras stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from game.engine.components import (
    BAZAAR_CURRENCY,
    BUILDING_TYPES,
    CAMPS,
    CURRENCIES,
    FALCON_KIND,
    FALCON_POINTS,
    MARKET_CURRENCY,
    SCORE_POINTS,
    TILE_WALLS,
    E,
    N,
    S,
    W,
)
from game.engine.modules import CHOOSABLE
from game.i18n import N_, _, generation, is_rtl, ngettext, pgettext, words

from .. import theme
from ..shortcuts import END_TURN_KEY, SHORTCUTS
from ..widgets import Button, Choice, Ui, draw_text
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

Block = Callable[[Ui, int], pygame.Surface]  # one part of the page drawn at a width; text parts come from a factory
# What a drawn part put where, for the layout tests: ("art", rect) a drawing, ("room", rect) the area a text
# must keep to, ("text", rect) one line of text.  Every part takes it as an optional third argument.
Placed = list[tuple[str, pygame.Rect]]

Mark = tuple[str, int, int, int]  # ("edge", x, y, side) or ("cell", x, y, 0): what the example is about
# A tile of an example: (x, y, kind, walls); kind is a building type, "start", "hut_<type>" or "camp" (walls:
# its bastions, which are also its arrows, as on every camp).
Piece = tuple[int, int, str, int]
# (caption, legal?, tiles, the new tile's cell, what to point at)
Example = tuple[str, bool, tuple[Piece, ...], tuple[int, int], Mark | None]
EXAMPLES: tuple[Example, ...] = (
    (
        # TRANSLATORS: captions under drawn examples of where a tile may go, each with a check (allowed)
        # or a cross (not allowed); this and the next five.
        N_("Shares a full side, open meets open"),
        True,
        ((0, 0, "start", 0), (1, 0, "garden", N)),
        (1, 0),
        ("edge", 1, 0, W),
    ),
    (
        N_("Wall against open side: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "tower", W | N)),
        (1, 0),
        ("edge", 1, 0, W),
    ),
    (
        N_("Wall meets wall: fine, if reachable elsewhere"),
        True,
        ((0, 0, "start", 0), (1, 0, "arcades", E), (0, 1, "pavilion", E), (1, 1, "seraglio", W | S)),
        (1, 1),
        ("edge", 1, 1, W),
    ),
    (
        N_("Cannot be reached on foot from the fountain"),
        False,
        ((0, 0, "start", 0), (1, 0, "chambers", E), (2, 0, "garden", W)),
        (2, 0),
        ("edge", 2, 0, W),
    ),
    (N_("Touching at a corner only: not allowed"), False, ((0, 0, "start", 0), (1, 1, "pavilion", 0)), (1, 1), None),
    (
        N_("Closing a hole in the middle: not allowed"),
        False,
        (
            (0, 0, "start", 0),
            (1, 0, "tower", 0),
            (2, 0, "garden", 0),
            (0, 1, "arcades", 0),
            (2, 1, "chambers", 0),
            (0, 2, "seraglio", 0),
            (1, 2, "pavilion", 0),
            (2, 2, "garden", 0),
        ),
        (1, 2),
        ("cell", 1, 1, 0),
    ),
)
EXAMPLE_COSTS = {"pavilion": 4, "seraglio": 6, "arcades": 7, "chambers": 8, "garden": 9, "tower": 11}

INTRO = N_(
    "Build the most valuable Alhambra. Points come at three scorings: for having the most buildings of "
    "each type, and for the longest outer wall of your Alhambra."
)

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("The components"),
        (
            N_(
                "54 building tiles of six types, each with a cost and 0 to 3 walls: pavilion (blue, costs 2–8), "
                "seraglio (red, 3–9), arcades (brown, 4–10), chambers (white, 5–11), garden (green, 6–12), "
                "tower (purple, 7–13). "
                "Each type has its own emblem."
            ),
            N_(
                "108 money cards in four currencies, values 1 to 9: florin (fleur-de-lis), dirham (crescent), "
                "denar (star), ducat (crown)."
            ),
            N_(
                "The market has four slots, each bound to a currency: slot 1 florin, 2 dirham, 3 denar, 4 ducat. "
                "Beside it lies the money offer of four cards."
            ),
            N_(
                "Everyone starts with the Lion Fountain and money worth at least 20. "
                "The player dealt the fewest cards starts."
            ),
        ),
    ),
    (
        # TRANSLATORS: a heading: what a player may do on their turn (exactly one of the actions below).
        N_("Your turn: one action"),
        (
            N_("Take money: one card of the offer, or several whose values add up to at most 5."),
            # TRANSLATORS: {key} is the key that ends the turn (a letter); End turn is the button's name.
            N_(
                "Buy a building: pay for a market tile with cards of that slot's currency only, at least its cost. "
                "No change is given. Pay the cost EXACTLY and you may take another action (again any of the three), "
                "or stop there: End turn (key {key}) and place what you bought. The extra action is optional."
            ),
            N_(
                "Redesign your Alhambra: move a reserve tile into it, move one of its tiles onto the reserve, or swap "
                "a reserve tile with one in the Alhambra (it takes exactly that place). The Lion Fountain never moves."
            ),
            N_(
                "At the end of your turn, place every tile you bought, in any order: in your Alhambra or on your "
                "reserve (with two players you may also give it to Dirk). Then the market and the offer are refilled."
            ),
        ),
    ),
)

SECTIONS_AFTER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("Scoring"),
        (
            N_(
                "A scoring happens when scoring card 1 or 2 comes up while refilling the offer (the game shows roughly "
                "when), and at the end. Only buildings in your Alhambra count, never the reserve."
            ),
            N_(
                "Tied players add up the points of the ranks they occupy and share them, rounded down; the next player "
                "takes the next rank."
            ),
            N_("Walls: 1 point for each wall side in your longest continuous wall on the outside of your Alhambra."),
        ),
    ),
    (
        # TRANSLATORS: a heading: how the game ends.
        N_("The end"),
        (
            N_(
                "The game ends after the turn in which the market cannot be refilled because the bag is empty. Each "
                "tile left in the market goes to the player holding the most money of its slot's currency (a tie: "
                "nobody). Then the final scoring; the highest score wins, and tied players share the victory."
            ),
        ),
    ),
    (
        # TRANSLATORS: a heading. Dirk is the neutral collector of the two-player game: name him as your rule book does.
        N_("Two players: Dirk"),
        (
            N_(
                "Dirk is a neutral collector: he takes no turns and builds nothing, but gets 6 tiles at the start, 6 "
                "more after the first scoring and a third of the bag after the second. He takes part in the majorities "
                "(never walls) and cannot win. A tile you bought may be given to him instead of being placed."
            ),
            N_("With modules he collects building tiles only: he never gets a hut, neither drawn nor given."),
        ),
    ),
    (
        # TRANSLATORS: a heading: what the game shows at the table (about hidden information).
        N_("What you see"),
        (
            N_(
                "Every take and payment is public, so a player with perfect memory knows all hands: the game shows "
                "them as a memory aid (switch it off in Settings). The order of the deck and of the bag is never shown."
            ),
            N_(
                "Legal places are outlined with a plus; your selection has a gold frame. Exact payments are marked "
                "with '=' and allow another action. Your turn is only final when you press End turn: until then, Undo "
                "restarts it."
            ),
        ),
    ),
)


def _said(text: str, args: Mapping[str, object]) -> str:
    """``text``, a message kept in English, in the current language with its named placeholders filled."""
    translated = _(text)
    return translated.format(**args) if args else translated


def _flip(x: int, w: int, width: int) -> int:
    """Where something ``w`` wide that a table puts ``x`` from its left edge goes in a ``width`` wide row: the
    same place, or mirrored in a right-to-left language, so that the table reads from the right."""
    return width - x - w if is_rtl() else x


def _report(placed: Placed | None, rect: pygame.Rect) -> None:
    if placed is not None:
        placed.append(("text", rect))


def _heading(text: str) -> Block:
    """A heading of a page: ``text`` kept in English (``N_``), said in the language of the moment it is laid out."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        word = ui.text.render(_(text), ui.font_px(24), theme.GOLD_LIGHT, "display")
        surface = pygame.Surface((width, word.get_height() + ui.px(18)), pygame.SRCALPHA)
        _report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(10))))
        pygame.draw.line(surface, theme.GOLD_DARK, (0, surface.get_height() - 2), (width, surface.get_height() - 2), 1)
        return surface

    return render


def _paragraph(text: str, bullet: bool = True, **args: object) -> Block:
    """A whole paragraph, ``text`` kept in English (``N_``) and translated when laid out, its named placeholders
    filled from ``args``; bulleted paragraphs are indented on the side the language starts from."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(17)
        indent = ui.px(22) if bullet else 0
        lines = ui.text.wrap(_said(text, args), size, width - indent)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(8)), pygame.SRCALPHA)
        if bullet:
            mid, half = line_h // 2, ui.px(5)
            points = [(ui.px(6), mid), (ui.px(11), mid - half), (ui.px(16), mid), (ui.px(11), mid + half)]
            pygame.draw.polygon(surface, theme.GOLD, [(_flip(x, 0, width), y) for x, y in points])
        left, right = (0, width - indent) if is_rtl() else (indent, width)
        for i, line in enumerate(lines):
            word = ui.text.render(line, size, theme.IVORY)
            _report(placed, surface.blit(word, (theme.text_x(left, right, word.get_width()), i * line_h)))
        return surface

    return render


def _mark(surface: pygame.Surface, centre: tuple[int, int], ok: bool, r: int) -> None:
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


def _point_at(surface: pygame.Surface, rect: pygame.Rect, pointer: Mark, ok: bool, width: int) -> None:
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


CAMP_OF_BASTIONS = {TILE_WALLS[tile]: tile for tile in CAMPS}  # every camp's arrows are its bastions


def _piece(ui: Ui, kind: str, walls: int, size: int) -> pygame.Surface:
    """One tile of an example (see ``Piece``): a camp of the game, or a drawn building, hut or fountain."""
    if kind == "camp":
        return ui.sprites.tile(CAMP_OF_BASTIONS[walls], size)
    return ui.sprites.drawn_tile(kind, walls, size, EXAMPLE_COSTS.get(kind))


def _text_height(ui: Ui, text: str, size: int, width: int, role: str = "ui") -> int:
    return (ui.text.size("Ag", size, role)[1] + 2) * len(ui.text.wrap(text, size, width, role))


def _text_in(
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


def _example_grid(examples: tuple[Example, ...], cell_px: int = 60, box: tuple[int, int] = (290, 244)) -> Block:
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

            for x, y, kind, walls in tiles:
                rect = cell_rect(x, y)
                if (x, y) == new:
                    surface.blit(ui.sprites.shadow((cell, cell), 4, 3, 120), (rect.x - 6 + 2, rect.y - 6 + 3))
                surface.blit(_piece(ui, kind, walls, cell), rect)
                if (x, y) == new:
                    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(4, 4), 2, border_radius=3)
            if placed is not None:
                placed.append(("art", pygame.Rect(gx, gy, grid_w, grid_h)))
            if pointer is not None:
                _point_at(surface, cell_rect(pointer[1], pointer[2]), pointer, ok, ui.px(5))
            new_rect = cell_rect(*new)
            _mark(surface, (new_rect.right - 2, new_rect.top + 2), ok, ui.px(10))
            room = pygame.Rect(ox + ui.px(8), oy + art_h + ui.px(14), box_w - ui.px(16), box_h - art_h - ui.px(14))
            _text_in(ui, surface, _(caption), room, ui.font_px(14), placed)
        return surface

    return render


_examples = _example_grid(EXAMPLES)


def _score_table(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """The points per building type at each scoring; the columns are as wide as their words need."""
    size = ui.font_px(15)
    row_h = ui.px(30)
    gap = ui.px(24)
    heads = [words.scoring_round(r) for r in (1, 2, 3)]
    names = [words.label(words.building(t)) for t in range(len(BUILDING_TYPES))]
    values = [[" / ".join(str(p) for p in SCORE_POINTS[r][t] if p) for r in range(3)] for t in range(len(names))]
    name_w = row_h + ui.px(6) + max(ui.text.size(name, size)[0] for name in names)
    col_w = [max(ui.px(150), name_w + gap)] + [
        max(
            ui.px(least),
            ui.text.size(heads[r], size, "bold")[0] + gap,
            max(ui.text.size(row[r], size)[0] for row in values) + gap,
        )
        for r, least in enumerate((120, 150, 170))
    ]
    surface = pygame.Surface((width, row_h * 7 + ui.px(8)), pygame.SRCALPHA)

    def put(word: pygame.Surface, x: int, y: int) -> None:
        _report(placed, surface.blit(word, (_flip(x, word.get_width(), width), y)))

    x = col_w[0]
    for r, head in enumerate(heads):
        put(ui.text.render(head, size, theme.GOLD_LIGHT, "bold"), x, 0)
        x += col_w[r + 1]
    for t, kind in enumerate(BUILDING_TYPES):
        y = row_h * (t + 1)
        surface.blit(ui.sprites.type_icon(kind, row_h - 4), (_flip(0, row_h - 4, width), y))
        put(ui.text.render(names[t], size, theme.IVORY), row_h + ui.px(6), y + ui.px(5))
        x = col_w[0]
        for r in range(3):
            put(ui.text.render(values[t][r], size, theme.IVORY), x, y + ui.px(5))
            x += col_w[r + 1]
    return surface


def _keys(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """The keyboard shortcuts, each key drawn as a keycap (its name and its meaning said in the current language)."""
    size = ui.font_px(16)
    row_h = ui.px(28)
    surface = pygame.Surface((width, row_h * len(SHORTCUTS) + ui.px(8)), pygame.SRCALPHA)
    for i, (keys, meaning) in enumerate(SHORTCUTS):
        y = i * row_h
        key = ui.text.render(_(keys), size, theme.INK, "bold")
        cap_w = max(key.get_width() + ui.px(14), ui.px(40))
        cap = pygame.Rect(_flip(0, cap_w, width), y + 2, cap_w, row_h - 6)
        pygame.draw.rect(surface, theme.PARCHMENT, cap, border_radius=5)
        pygame.draw.rect(surface, theme.GOLD_DARK, cap, 1, border_radius=5)
        _report(placed, surface.blit(key, key.get_rect(center=cap.center)))
        word = ui.text.render(_(meaning), size, theme.IVORY)
        _report(placed, surface.blit(word, (_flip(ui.px(150), word.get_width(), width), y + ui.px(3))))
    return surface


def _currencies(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """The four currencies as their badges, so the names match what the table shows."""
    size = ui.px(34)
    surface = pygame.Surface((width, size + ui.px(10)), pygame.SRCALPHA)
    x = ui.px(22)
    for index, currency in enumerate(CURRENCIES):
        surface.blit(ui.sprites.currency_badge(currency, size), (_flip(x, size, width), 0))
        name = words.currency(index)
        word = ui.text.render(name[:1].upper() + name[1:], ui.font_px(16), theme.IVORY)
        rect = word.get_rect(midleft=(x + size + ui.px(8), size // 2))
        rect.x = _flip(rect.x, rect.w, width)
        _report(placed, surface.blit(word, rect))
        x += size + word.get_width() + ui.px(36)
    return surface


# A drawn part shown at the end of the section with this title.
SECTION_EXTRAS: dict[str, Block] = {"The components": _currencies, "Scoring": _score_table}


def _sections(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> list[Block]:
    """Each section as its heading, its paragraphs and its drawn extra, if it has one."""
    blocks: list[Block] = []
    for title, paragraphs in sections:
        blocks.append(_heading(title))
        blocks += [_paragraph(text, **PLACEHOLDERS) for text in paragraphs]
        if title in SECTION_EXTRAS:
            blocks.append(SECTION_EXTRAS[title])
    return blocks


# What the first page's paragraphs name by a placeholder.
PLACEHOLDERS: dict[str, object] = {"key": END_TURN_KEY}
BUILDING_RULES = N_(
    "Tiles are placed upright, never rotated. A new tile must share a full side with your "
    "Alhambra; every touching side must match (wall to wall, open to open); every tile must "
    "be reachable on foot from the Lion Fountain without crossing a wall; and no empty space "
    "may be enclosed. Removing or swapping a tile must keep all of this true."
)
MODULES = N_(
    "Four modules of the first expansion can be switched on when you set up a game: the vizier's favour, "
    "exchange offices, building huts and bonus cards. Three come from the 2024 edition: camps, bazaars "
    "and falconers. Each has its own page: the tabs at the top."
)
# TRANSLATORS: {modules} lists the modules of the 2024 edition that cannot be chosen yet ("camps, bazaars").
MODULES_WAITING = N_(
    "Four modules of the first expansion can be switched on when you set up a game: the vizier's favour, "
    "exchange offices, building huts and bonus cards. Three come from the 2024 edition: camps, bazaars "
    "and falconers ({modules}: not offered at setup yet). Each has its own page: the tabs at the top."
)


def page() -> list[Block]:
    """The first page's parts (its words are translated as each part is laid out)."""
    blocks: list[Block] = [_paragraph(INTRO, bullet=False), *_sections(SECTIONS)]
    blocks.append(_heading(N_("Building rules")))
    blocks.append(_paragraph(BUILDING_RULES))
    blocks.append(_examples)
    blocks += _sections(SECTIONS_AFTER)
    # TRANSLATORS: a heading: the optional rule modules (expansions).
    blocks.append(_heading(N_("Modules")))
    waiting = [name for name in EDITION_2024 if name not in CHOOSABLE]
    if waiting:
        modules = words.join(_(EDITION_2024_PAGES[name][1]).lower() for name in waiting)
        blocks.append(_paragraph(MODULES_WAITING, modules=modules))
    else:
        blocks.append(_paragraph(MODULES))
    blocks.append(_heading(N_("Keys at the table")))
    blocks.append(_keys)
    return blocks


# One page per rule module (RULES.md §9.1-9.4), in the setup screen's order: its name as the tab says
# it, its title, what it is about, its rules, the Choices this game follows where the rule books
# leave something open, and how it is played at this table.
ModulePage = tuple[str, str, str, str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
MODULE_SECTIONS: tuple[ModulePage, ...] = (
    (
        "vizier",
        # TRANSLATORS: the tab of the vizier module's page in the rules help (short).
        N_("Vizier"),
        N_("The vizier's favour"),
        N_("Everyone has a vizier. Once in a while it lets you buy a tile out of turn, paying exactly."),
        (
            N_("Everyone starts with an awake vizier."),
            N_(
                "After every player's turn a vizier window opens. The players are asked one by one: the player whose "
                "turn comes next first, then in turn order, the player who has just ended last. Only players with an "
                "awake vizier who can pay a market tile exactly are asked."
            ),
            N_(
                "Asked, you may buy one tile of the market, paying exactly its cost in its slot's currency, or pass. "
                "Your vizier falls asleep, you place the tile at once (Alhambra or reserve), the market is refilled, "
                "and the next player is asked. Then the next turn begins as usual."
            ),
            N_("A vizier purchase never gives an extra action, whatever you paid."),
            N_("Waking your sleeping vizier is an action of your turn, like taking money."),
        ),
        (
            N_(
                "The window opens once the turn is completely over: tiles placed, market and offer refilled, and any "
                "scoring the turn triggered (and, with two players, the neutral collector's draw) done."
            ),
            N_(
                "Exact payment only: no overpaying with the vizier. An exchange card may help pay; with two players "
                "the tile may go to the neutral collector."
            ),
            N_(
                "No vizier window during the distribution at the end of the game. If the refill after a vizier "
                "purchase cannot fill the market, the window closes and the game ends."
            ),
            N_("A hut can never be taken with the vizier."),
        ),
        (
            N_(
                "When the window asks you, the table says so and marks the market tiles you can pay exactly. Click one "
                "to buy it (its exact payments are suggested), or press Pass. Then place the tile as you place a "
                "bought tile."
            ),
            N_("On your turn, the Wake vizier button wakes a sleeping vizier as your turn's action."),
            N_("Every player's vizier, awake or asleep, is shown at the table."),
        ),
    ),
    (
        "exchange",
        # TRANSLATORS: the tab of the exchange offices module's page in the rules help (short).
        N_("Exchange"),
        N_("Exchange offices"),
        N_("Six exchange cards, one for each pair of currencies, let two currencies pay for one tile."),
        (
            N_(
                "The six exchange cards are shuffled into the money cards (two each into the second, third and fourth "
                "of the five piles), so they come into the money offer during the game."
            ),
            N_("An exchange card in the offer is taken like a money card, but alone: never together with other cards."),
            N_(
                "When you buy a tile, you may use one exchange card: its two currencies then both pay for that tile. "
                "The card is discarded. One card per tile: a second purchase in the same turn needs another card."
            ),
            N_(
                "Exchange cards are shuffled back with the discarded money, and they count for nothing in the "
                "distribution at the end of the game."
            ),
        ),
        (
            N_("Taking an exchange card is a whole take-money action on its own: it has no value to add up."),
            N_("The tile's slot currency must be one of the card's two currencies."),
            N_(
                "Paying exactly with an exchange card gives the extra action, like any exact payment. An exchange card "
                "may also help a vizier purchase."
            ),
        ),
        (
            N_("Take one by selecting it alone in the money offer."),
            N_(
                "When you buy, you may choose a payment that uses one of your exchange cards: the card goes with the "
                "money you pay."
            ),
        ),
    ),
    (
        "huts",
        # TRANSLATORS: the tab of the building huts module's page in the rules help (short).
        N_("Huts"),
        N_("Building huts"),
        N_("Huts are free tiles that make the buildings of their colour next to them count one more."),
        (
            N_(
                "24 huts lie in six stacks by colour (3 blue, 3 red, 4 brown, 4 white, 5 green, 5 purple); the top hut "
                "of each stack is face up."
            ),
            N_(
                "New action: take the face-up hut of any stack. It costs nothing and gives no extra action. The next "
                "hut of that stack turns face up."
            ),
            N_(
                "A hut is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, "
                "under the same building rules. Its walls are walls, also for the wall scoring."
            ),
            N_(
                "A hut is not a building: it never counts in the majorities itself. But at every scoring each building "
                "of the hut's colour next to it (sharing a side) counts one more, unless a wall stands between them."
            ),
            N_("You may own at most three huts, reserve included."),
        ),
        (
            N_("A hut adds 0 to 3 to its colour. A building next to two huts of its colour counts one more for each."),
            N_("A hut cannot be given to the neutral collector, nor taken with the vizier."),
        ),
        (
            N_(
                "Take a hut by clicking the face-up hut of a stack, then place it like a bought tile; or drag it "
                "straight from its stack to its place."
            ),
            N_("At a scoring, the counts of the majorities include what your huts add."),
        ),
    ),
    (
        "bonus",
        # TRANSLATORS: the tab of the bonus cards module's page in the rules help (short).
        N_("Bonus cards"),
        N_("Bonus cards"),
        N_("Secret cards, each naming one building tile, that count one more building once that tile is yours."),
        (
            N_(
                "Ten bonus cards, each naming one of the ten building tiles without walls, by type and cost. Each "
                "player is dealt some face down: 3 each with 2 or 3 players, 2 with 4 or 5, 1 with 6."
            ),
            N_(
                "You may reveal a card at any time while a tile of its type and cost is in your Alhambra (not on the "
                "reserve). A revealed card counts as one more building of that type at the scorings."
            ),
            N_("If that tile leaves your Alhambra, the card turns face down again; it may be revealed again later."),
        ),
        (
            N_("Any tile of the named type and cost makes the card count, also one with walls."),
            N_(
                "Right before each scoring, every card that may be revealed is revealed automatically (revealing can "
                "never hurt). Turning face down again is automatic too."
            ),
            N_("The others do not know your face-down cards; once revealed, everyone sees them."),
        ),
        (
            N_(
                "Your bonus cards are shown to you alone. The game offers to reveal a card when its tile is "
                "placed; you may also wait: the scoring reveals it for you."
            ),
        ),
    ),
)
MODULE_PAGES = {page[0]: page for page in MODULE_SECTIONS}

# The 2024 edition's modules (RULES.md §9.5-9.7) have more to tell: their pieces, how to buy and place them and
# how they score, each page with drawn examples.  A page: its name, its tab, its title, what it is about, and
# its sections (title, paragraphs); the drawings come after the section named in ``MODULE_PICTURES``.
Section = tuple[str, tuple[str, ...]]
EditionPage = tuple[str, str, str, str, tuple[Section, ...]]
# TRANSLATORS: a heading over how this game settles what the rule books leave open; the list under it says what it does.
CHOICES_TITLE = N_("Where the rule books leave it open, this game")
EDITION_2024_SECTIONS: tuple[EditionPage, ...] = (
    (
        "camps",
        # TRANSLATORS: the tab and the title of the camps module's page (2024 edition).
        N_("Camps"),
        N_("Camps"),
        N_(
            "Camps are tiles of open country that lean with their bastions against the walls of your Alhambra. "
            "Their arrows score the tiles in line with them, at every scoring."
        ),
        (
            (
                # TRANSLATORS: a heading of a module page: the pieces the module adds.
                N_("The pieces"),
                (
                    N_(
                        "Eight camp tiles. Each shows one or two bastion sides (fortified walls) with an arrow "
                        "pointing out across each bastion; its other sides are green (open country). A camp with one "
                        "arrow costs 5 or 6, one with two arrows 8 or 9."
                    ),
                    N_(
                        "At setup the camps are shuffled into the bag with the building tiles, so they come into the "
                        "market like buildings."
                    ),
                    N_("A camp is not a building of any type: it never counts for the majorities."),
                ),
            ),
            (
                # TRANSLATORS: a heading of a module page: how its pieces are bought and placed.
                N_("Buying and placing"),
                (
                    N_(
                        "A camp in the market is bought like a building: with money of its slot's currency, at least "
                        "its cost, no change given. Pay exactly and you may take another action, as usual."
                    ),
                    N_(
                        "At the end of your turn you place it like a bought tile, in your Alhambra or on your reserve, "
                        "upright as printed, never turned."
                    ),
                    N_(
                        "A bastion may only touch a wall of another tile, never a camp. Two camps may only touch along "
                        "green sides. A green side or a bastion never touches an open side."
                    ),
                    N_(
                        "Like any tile, a camp must share a full side with your Alhambra and may not close a hole. But "
                        "it need not be reachable on foot from the Lion Fountain."
                    ),
                    N_("Redesigning works for camps as for other tiles, as long as every camp still fits afterwards."),
                    N_(
                        "Bastions count as walls for the wall scoring: a bastion on the outside of your Alhambra can "
                        "lengthen your longest wall."
                    ),
                ),
            ),
            (
                N_("Scoring"),
                (
                    N_(
                        "At every scoring, all three of them, each camp scores for each of its arrows: 1 point per "
                        "tile in the unbroken straight line of tiles that starts next to the camp and runs the way "
                        "the arrow points."
                    ),
                    N_(
                        "Walls inside your Alhambra do not break the line. The Lion Fountain and bazaars count as "
                        "tiles like buildings do."
                    ),
                    N_(
                        "Example (below): the camp's arrow to the north runs over a seraglio and the fountain, then "
                        "meets empty space: 2 points. Its arrow to the east runs over the chambers and, across the "
                        "wall between them, a garden: 2 points. The camp scores 4 points at each scoring, 12 over the "
                        "game if nothing changes."
                    ),
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    N_(
                        "A camp touches other tiles only with its bastions against their walls: a green side never "
                        "touches a wall. Camps meet each other only green against green."
                    ),
                    N_("Nobody walks through a camp: it never joins two parts of your Alhambra for the on-foot rule."),
                    N_("A camp always shares a side with your Alhambra: no redesign may cut one off."),
                    N_(
                        "An empty space or another camp ends an arrow's line. Huts count in the line, like the "
                        "fountain and bazaars."
                    ),
                    N_(
                        "A camp left in the market at the end of the game is given out like a building: to the player "
                        "holding the most money of its slot's currency (a tie: nobody)."
                    ),
                    N_(
                        "With two players, a camp drawn for the neutral collector is his but never scores for him, and "
                        "a camp you bought may be given to him like any tile."
                    ),
                ),
            ),
            (
                # TRANSLATORS: a heading: how it is played with this program (clicks and keys).
                N_("At the table"),
                (
                    N_(
                        "A camp in the market is bought like a building: click its slot (or press the slot's key), "
                        "pick the payment, Buy. At the end of your turn click it in your tray (or Tab) and then a lit "
                        "place, or drag it there; a place it may not take shows a cross and says why. T puts it on "
                        "your reserve; from there a click on it and on a lit place builds it back, as a redesign."
                    ),
                    N_(
                        "At each scoring the score sheet has a row Camp lines: the tiles in line with each arrow, one "
                        "number per arrow, and over the mouse which camp's arrow runs over how many tiles."
                    ),
                ),
            ),
        ),
    ),
    (
        "bazaars",
        # TRANSLATORS: the tab and the title of the bazaars module's page (2024 edition).
        N_("Bazaars"),
        N_("Bazaars"),
        N_(
            "Bazaars are market stalls that wait beside the market, priced by the tile in their currency's slot. "
            "Built among buildings of their three colours, they score at the end of the game."
        ),
        (
            (
                N_("The pieces"),
                (
                    N_(
                        "Eight bazaar tiles. Each shows a currency and three building colours. A bazaar has no walls, "
                        "no cost printed on it and no building type: it never counts for the majorities."
                    ),
                    N_("At setup the bazaars are shuffled into the bag with the building tiles."),
                    N_(
                        "A bazaar drawn to fill the market is put face up beside the market instead, and drawing goes "
                        "on until all four slots are filled. Any number of bazaars may wait there."
                    ),
                ),
            ),
            (
                N_("Buying and placing"),
                (
                    N_(
                        "A bazaar costs what the tile in the market slot of its currency costs at that moment: a "
                        "florin bazaar costs as much as the tile in the florin slot. When that tile changes, so does "
                        "the price."
                    ),
                    N_(
                        "It must be paid exactly, in its currency, and gives you another action like any exact payment."
                    ),
                    N_(
                        "It cannot be bought while the slot of its currency is empty. The market is not refilled "
                        "during a turn, so once you have bought the tile of that slot, the bazaar waits for a later "
                        "turn."
                    ),
                    N_("A bazaar may also be bought with the vizier."),
                    N_(
                        "It is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, "
                        "under the usual building and redesign rules. Without walls, it is open on all four sides."
                    ),
                    N_(
                        "Bazaars still waiting beside the market at the end of the game are not given out: only the "
                        "tiles in the market are."
                    ),
                ),
            ),
            (
                N_("Scoring"),
                (
                    N_("Bazaars score only once: at the third, final scoring."),
                    N_(
                        "Look at the bazaar's eight neighbours, beside it and diagonally. Count the buildings among "
                        "them that show one of the bazaar's three colours, and count how many of its three colours are "
                        "there. The bazaar scores the first number times the second: at most 8 × 3 = 24 points."
                    ),
                    N_(
                        "Walls do not matter. One building may count for several bazaars. Only the six building types "
                        "have a colour here: huts, the fountain, camps and other bazaars count for nothing."
                    ),
                    N_(
                        "Example (below): a denar bazaar with blue, brown and white. Around it stand two blue "
                        "pavilions and two brown arcades, but no white chambers: 4 buildings of its colours × 2 "
                        "colours = 8 points. The brown hut counts for nothing. With chambers in place of the garden it "
                        "would score 5 × 3 = 15."
                    ),
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    N_("A camp in the bazaar's slot sets the price like a building."),
                    N_(
                        "An exchange card may help pay for a bazaar: the bazaar's currency must be one of the card's "
                        "two."
                    ),
                    N_(
                        "With two players, a bazaar drawn for the neutral collector goes beside the market and he gets "
                        "the next tile instead. The third of the bag he gets after the second scoring counts the camps "
                        "and bazaars in it; if the bag runs short, he gets what is left. A bazaar you bought may be "
                        "given to him like any tile."
                    ),
                ),
            ),
            (
                N_("At the table"),
                (
                    N_(
                        'The waiting bazaars stand at the right of the market, each with its price now, or "not for '
                        'sale" while its slot is empty. Click one (or press A for the next one you can pay): the slot '
                        "that sets its price is marked, its exact payments are suggested (with an exchange card where "
                        "one helps), and Buy (Enter) buys it. In a vizier window your vizier buys one the same way."
                    ),
                    N_(
                        "Place it at the end of your turn like any bought tile. At the final scoring the score sheet "
                        "has a row Bazaars: for each bazaar, its neighbours of its colours × the colours among them."
                    ),
                ),
            ),
        ),
    ),
    (
        "falcons",
        # TRANSLATORS: the tab and the title of the falconers module's page (2024 edition).
        N_("Falconers"),
        N_("Falconers"),
        N_(
            "Falcons perch on the corners where four tiles of your Alhambra meet. Collect many of one kind: each kind "
            "scores at every scoring."
        ),
        (
            (
                N_("The pieces"),
                (
                    N_(
                        "Fifteen falcons of three kinds, black, brown and white, five of each. Each falcon shows two "
                        "building colours."
                    ),
                    N_("At setup all fifteen lie beside the board, a supply open to everyone."),
                ),
            ),
            (
                N_("Buying and placing"),
                (
                    N_(
                        "New action: buy falcons. It must be the only action of your turn: never the extra action an "
                        "exact payment gives, and nothing else follows it."
                    ),
                    N_(
                        "You may buy one or more falcons at once. Each costs one money card, of any currency and any "
                        "value."
                    ),
                    N_(
                        "Put each falcon at once on a corner where four tiles of your Alhambra meet, one falcon per "
                        "corner at most. Each of its two colours must show on at least one of those four tiles."
                    ),
                    N_(
                        "Falcons never go to the reserve and are never moved. When a tile under a falcon leaves your "
                        "Alhambra, the falcon goes back to the supply."
                    ),
                ),
            ),
            (
                N_("Scoring"),
                (
                    N_(
                        "At every scoring, each kind of falcon scores on its own, by how many of that kind you have: "
                        "1 falcon scores 2 points, 2 score 6, 3 score 12, 4 score 20 and 5 score 30."
                    ),
                    N_(
                        "Example (below): three black falcons, one brown and two white score 12 + 2 + 6 = 20 points, "
                        "at each scoring while they stay."
                    ),
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    N_(
                        "Any tile of your Alhambra may be one of the four: the Lion Fountain, a hut, a camp or a "
                        "bazaar too. But only the six building types give colours: a hut's colour does not count."
                    ),
                    N_(
                        "A swap in a redesign counts as the tile leaving: the falcons on the tile swapped out go back "
                        "to the supply."
                    ),
                    N_("An exchange card is not a money card: it cannot pay for a falcon."),
                    N_("With two players, the neutral collector gets no falcons."),
                ),
            ),
            (
                N_("At the table"),
                (
                    N_(
                        "Buying falcons is your turn's only action: choose it before you do anything else. Click Buy "
                        "falcons (F) or a lit falcon of the supply, under the other players: the corners of your "
                        "Alhambra that take it light up, and your cheapest money card is chosen to pay for it (X, or a "
                        "click on another card, changes it)."
                    ),
                    N_(
                        "Click a lit corner, or drag the falcon onto it. With the keys, Tab chooses a corner and Enter "
                        "buys it there. Esc drops the falcon: before your first one, you may still take money, buy a "
                        "building or redesign."
                    ),
                    N_(
                        "Buy more the same way, then click Done (Enter) to end your turn. Every player's falcons sit "
                        "on the corners of their Alhambra; point at one to read its colours."
                    ),
                ),
            ),
        ),
    ),
)
EDITION_2024_PAGES = {page[0]: page for page in EDITION_2024_SECTIONS}
EDITION_2024: tuple[str, ...] = tuple(EDITION_2024_PAGES)

# ------------------------------------------------------------------ the 2024 edition's drawings
CAMP_EXAMPLES: tuple[Example, ...] = (
    (
        # TRANSLATORS: captions under drawn examples of placing a camp, each with a check (fine) or a cross
        # (not allowed); this and the next three.
        N_("Bastion against a wall: fine"),
        True,
        ((0, 0, "start", 0), (1, 0, "garden", S), (1, 1, "camp", N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Bastion against an open side: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "garden", 0), (1, 1, "camp", N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Green side against a wall: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "tower", S), (1, 1, "camp", W)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Two camps, green against green: fine"),
        True,
        ((0, 0, "start", 0), (1, 0, "garden", S), (2, 0, "tower", S), (1, 1, "camp", N), (2, 1, "camp", N | E)),
        (2, 1),
        ("edge", 2, 1, W),
    ),
)
# The camp whose arrows the scoring example follows, in a small Alhambra: (x, y) as on the table, y down.
CAMP_LINE_TILES: tuple[Piece, ...] = (
    (0, 0, "start", 0),
    (1, 0, "garden", N),
    (2, 0, "tower", N | E),
    (0, 1, "seraglio", W | S),
    (1, 1, "arcades", 0),
    (2, 1, "pavilion", E),
    (0, 2, "camp", N | E),
    (1, 2, "chambers", W | E | S),
    (2, 2, "garden", W | S | E),
)
CAMP_LINE_NOTES = (
    # TRANSLATORS: notes beside a drawn camp whose arrows count the tiles in line with them; this and the next two.
    N_("Arrow north: a seraglio and the fountain, then empty space: 2 points."),
    N_("Arrow east: the chambers and, across the wall, the garden, then empty space: 2 points."),
    N_("The camp scores 4 points at every scoring."),
)
BAZAAR_EXAMPLE = 96  # the denar bazaar of pavilion, arcades and chambers
# Its eight neighbours: (x, y, kind, walls, counts?) around the bazaar at (1, 1).
BAZAAR_NEIGHBOURS: tuple[tuple[int, int, str, int, bool], ...] = (
    (0, 0, "pavilion", N | W, True),
    (1, 0, "start", 0, False),
    (2, 0, "arcades", N | E, True),
    (0, 1, "tower", W, False),
    (2, 1, "pavilion", E, True),
    (0, 2, "hut_arcades", S | W, False),
    (1, 2, "arcades", S, True),
    (2, 2, "garden", S | E, False),
)
BAZAAR_NOTES = (
    # TRANSLATORS: notes beside a drawn bazaar and its eight neighbours; this and the next three.
    N_("Its colours: blue, brown and white."),
    N_("Neighbours of its colours: 2 pavilions and 2 arcades = 4."),
    N_("Its colours among them: blue and brown = 2."),
    N_("4 × 2 = 8 points, at the final scoring only."),
)
# The market of the price example (each slot's tile type, at its EXAMPLE_COSTS) and the bazaars waiting beside it.
BAZAAR_MARKET = ("garden", "pavilion", "arcades", "tower")
BAZAARS_WAITING = (92, BAZAAR_EXAMPLE)
FALCON_EXAMPLE = 104  # a black falcon of chambers (white) and garden (green)
# (caption, fine?, the tiles around the corner at the middle of a 2 x 2 grid)
FALCON_CORNERS: tuple[tuple[str, bool, tuple[Piece, ...]], ...] = (
    (
        # TRANSLATORS: captions under drawn falcons on corners (the falcon shows white and green), each with a
        # check or a cross; this and the next two.
        N_("Four tiles meet, white and green among them: fine"),
        True,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "garden", S | E)),
    ),
    (
        N_("No green tile at this corner: not allowed"),
        False,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "pavilion", S | E)),
    ),
    (
        N_("Only three tiles meet here: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "garden", N | E), (0, 1, "chambers", W | S)),
    ),
)
FALCON_HAND = ((100, 101, 103), (105,), (110, 114))  # the scoring example: 3 black, 1 brown, 2 white


def _arrow_line(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
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


def _number(ui: Ui, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int) -> None:
    """A count in a small parchment disc, drawn on a tile the example counts."""
    pygame.draw.circle(surface, theme.INK, centre, r + 2)
    pygame.draw.circle(surface, theme.PARCHMENT, centre, r)
    word = ui.text.render(text, ui.font_px(14), theme.INK, "bold")
    surface.blit(word, word.get_rect(center=centre))


def _notes_beside(
    ui: Ui, width: int, art: tuple[int, int], notes: tuple[str, ...], placed: Placed | None
) -> tuple[pygame.Surface, pygame.Rect]:
    """A surface for a drawing of size ``art`` with ``notes`` (kept in English, ``N_``) beside it, on the side the
    language reads last (or below it, if the page is narrow): the notes are drawn, the drawing's place is returned."""
    notes = tuple(_(note) for note in notes)
    size, gap, margin = ui.font_px(16), ui.px(28), ui.px(10)
    beside = width - art[0] - gap >= ui.px(300)
    note_w = min(ui.px(480), width - art[0] - gap) if beside else min(width, ui.px(520))
    heights = [_text_height(ui, note, size, note_w) for note in notes]
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
        _text_in(ui, surface, note, pygame.Rect(nx, ny, note_w, h), size, placed, theme.IVORY, centred=False)
        ny += h + ui.px(8)
    if placed is not None:
        placed.append(("art", art_rect.copy()))
    return surface, art_rect


def _camp_line(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-CAMP-3] a camp's two arrows drawn over the tiles they count, with the empty cells that end them."""
    cell = ui.px(62)
    xs = [t[0] for t in CAMP_LINE_TILES]
    ys = [t[1] for t in CAMP_LINE_TILES]
    cols, rows = max(xs) + 2, max(ys) + 2  # one empty cell past the east end and one before the north end
    surface, art = _notes_beside(ui, width, (cols * cell, rows * cell), CAMP_LINE_NOTES, placed)

    def cell_rect(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(art.x + x * cell, art.y + (y + 1) * cell, cell, cell)

    for x, y in ((0, -1), (3, 2)):  # where the lines end: empty space
        pygame.draw.rect(surface, theme.TEXT_FAINT, cell_rect(x, y).inflate(-8, -8), 1, border_radius=4)
    for x, y, kind, walls in CAMP_LINE_TILES:
        surface.blit(_piece(ui, kind, walls, cell), cell_rect(x, y))
    camp = cell_rect(0, 2)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, camp.inflate(4, 4), 2, border_radius=3)
    _arrow_line(surface, camp.center, (cell_rect(0, 0).centerx, cell_rect(0, 0).top + cell // 5), ui.px(4))
    _arrow_line(surface, camp.center, (cell_rect(2, 2).right - cell // 5, camp.centery), ui.px(4))
    r = ui.px(11)
    for number, (x, y) in enumerate(((0, 1), (0, 0)), start=1):
        rect = cell_rect(x, y)
        _number(ui, surface, (rect.x + r + 4, rect.centery), str(number), r)
    for number, (x, y) in enumerate(((1, 2), (2, 2)), start=1):
        rect = cell_rect(x, y)
        _number(ui, surface, (rect.centerx, rect.y + r + 4), str(number), r)
    return surface


def _bazaar_neighbours(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-BAZAAR-5] a bazaar and its eight neighbours: the ones it counts checked, the others dimmed."""
    cell = ui.px(64)
    surface, art = _notes_beside(ui, width, (3 * cell, 3 * cell), BAZAAR_NOTES, placed)
    centre = pygame.Rect(art.x + cell, art.y + cell, cell, cell)
    surface.blit(ui.sprites.tile(BAZAAR_EXAMPLE, cell), centre)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, centre.inflate(4, 4), 2, border_radius=3)
    shade = pygame.Surface((cell, cell), pygame.SRCALPHA)
    shade.fill((10, 16, 18, 150))
    for x, y, kind, walls, counts in BAZAAR_NEIGHBOURS:
        rect = pygame.Rect(art.x + x * cell, art.y + y * cell, cell, cell)
        surface.blit(_piece(ui, kind, walls, cell), rect)
        if counts:
            _mark(surface, (rect.right - ui.px(12), rect.top + ui.px(12)), True, ui.px(9))
        else:
            surface.blit(shade, rect)
    return surface


def _bazaar_prices(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-BAZAAR-2] [M-BAZAAR-3] the market with two bazaars waiting beside it, each priced by its slot."""
    cell, badge, gap = ui.px(62), ui.px(26), ui.px(10)
    size = ui.font_px(15)
    slots_w = 4 * cell + 3 * gap
    waiting_w = len(BAZAARS_WAITING) * cell + (len(BAZAARS_WAITING) - 1) * gap
    apart = ui.px(48)
    total_w = slots_w + apart + waiting_w
    label_y = badge + ui.px(6) + cell + ui.px(6)
    captions = (
        # TRANSLATORS: caption under a drawing of the market's four slots (tiles and currencies).
        (_("The market: slots 1 to 4"), slots_w),
        # TRANSLATORS: caption under two drawn bazaars that wait beside the market to be bought.
        (_("Waiting beside it"), waiting_w + 2 * gap),
    )
    label_h = max(_text_height(ui, text, size, w) for text, w in captions)
    height = label_y + label_h + ui.px(10)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    x0 = (width - total_w) // 2
    tiles_y = badge + ui.px(6)
    for slot, kind in enumerate(BAZAAR_MARKET):
        x = x0 + slot * (cell + gap)
        surface.blit(ui.sprites.currency_badge(MARKET_CURRENCY[slot], badge), (x + (cell - badge) // 2, 0))
        surface.blit(_piece(ui, kind, 0, cell), (x, tiles_y))
    room = pygame.Rect(x0, label_y, captions[0][1], label_h)
    _text_in(ui, surface, captions[0][0], room, size, placed, theme.TEXT_DIM)
    wx = x0 + slots_w + apart
    divider = x0 + slots_w + apart // 2
    pygame.draw.line(surface, theme.GOLD_DARK, (divider, ui.px(4)), (divider, tiles_y + cell), 1)
    for i, bazaar in enumerate(BAZAARS_WAITING):
        x = wx + i * (cell + gap)
        surface.blit(ui.sprites.tile(bazaar, cell), (x, tiles_y))
        price = EXAMPLE_COSTS[BAZAAR_MARKET[MARKET_CURRENCY.index(BAZAAR_CURRENCY[bazaar])]]  # type: ignore[arg-type]
        # TRANSLATORS: above a drawn bazaar: what it costs now.
        word = ui.text.render(_("costs {price}").format(price=price), ui.font_px(14), theme.GOLD_LIGHT, "bold")
        rect = word.get_rect(midtop=(x + cell // 2, ui.px(4)))
        surface.blit(word, rect)
        if placed is not None:
            placed += [("room", rect.copy()), ("text", rect)]
    room = pygame.Rect(wx - gap, label_y, captions[1][1], label_h)
    _text_in(ui, surface, captions[1][0], room, size, placed, theme.TEXT_DIM)
    if placed is not None:
        placed += [("art", pygame.Rect(x0, tiles_y, slots_w, cell)), ("art", pygame.Rect(wx, tiles_y, waiting_w, cell))]
    return surface


def _falcon_corners(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-FALCON-3] a falcon on a corner of four tiles, and two corners where it may not go."""
    cell, token = ui.px(64), ui.px(40)
    box_w, art_h, text_h = ui.px(250), 2 * cell + ui.px(12), ui.px(48)
    box_h = art_h + ui.px(10) + text_h
    per_row = max(1, width // box_w)
    rows = (len(FALCON_CORNERS) + per_row - 1) // per_row
    surface = pygame.Surface((width, rows * box_h), pygame.SRCALPHA)
    left = (width - per_row * box_w) // 2
    for index, (caption, ok, tiles) in enumerate(FALCON_CORNERS):
        ox, oy = left + (index % per_row) * box_w, (index // per_row) * box_h
        gx, gy = ox + (box_w - 2 * cell) // 2, oy + ui.px(6)
        for x, y, kind, walls in tiles:
            surface.blit(_piece(ui, kind, walls, cell), (gx + x * cell, gy + y * cell))
        corner = (gx + cell, gy + cell)
        surface.blit(
            ui.sprites.shadow((token, token), token // 2, 3, 140),
            (corner[0] - token // 2 - 4, corner[1] - token // 2 - 2),
        )
        surface.blit(ui.sprites.falcon(FALCON_EXAMPLE, token), (corner[0] - token // 2, corner[1] - token // 2))
        _mark(surface, (corner[0] + token // 2, corner[1] - token // 2), ok, ui.px(10))
        if placed is not None:
            placed.append(("art", pygame.Rect(gx, gy, 2 * cell, 2 * cell)))
        room = pygame.Rect(ox + ui.px(8), oy + art_h + ui.px(10), box_w - ui.px(16), text_h)
        _text_in(ui, surface, _(caption), room, ui.font_px(14), placed)
    return surface


def _mirrored(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` of a table row ``width`` wide, mirrored in a right-to-left language (see ``_flip``)."""
    return pygame.Rect(_flip(rect.x, rect.w, width), rect.y, rect.w, rect.h)


def _falcon_points(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-FALCON-5] the points for falcons of one kind, and the example's three kinds added up (a table: it
    reads from the right in a right-to-left language)."""
    size = ui.font_px(16)
    line_h = ui.text.size("Ag", size, "bold")[1] + 2
    row_h = line_h + ui.px(8)
    label_w, col_w = ui.px(210), ui.px(56)
    token, step = ui.px(36), ui.px(30)
    x0 = ui.px(22)
    height = 2 * row_h + ui.px(12) + len(FALCON_HAND) * (token + ui.px(8)) + row_h
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rows = (
        # TRANSLATORS: a row of the falcon points table: how many falcons of one kind (black, brown or white).
        (_("Falcons of one kind"), range(1, 6), theme.GOLD_LIGHT),
        # TRANSLATORS: a row of the falcon points table: the points for that many falcons.
        (_("Points"), FALCON_POINTS[1:6], theme.IVORY),
    )
    for r, (label, values, colour) in enumerate(rows):
        y = r * row_h
        room = _mirrored(pygame.Rect(x0, y, label_w, line_h), width)
        _text_in(ui, surface, label, room, size, placed, colour, False, "bold")
        for c, value in enumerate(values):
            room = _mirrored(pygame.Rect(x0 + label_w + c * col_w, y, col_w, line_h), width)
            _text_in(ui, surface, str(value), room, size, placed, colour)
    y = 2 * row_h + ui.px(12)
    label_x = x0 + (max(len(falcons) for falcons in FALCON_HAND) - 1) * step + token + ui.px(18)
    points = [FALCON_POINTS[len(falcons)] for falcons in FALCON_HAND]
    for falcons, score in zip(FALCON_HAND, points, strict=True):
        for i, falcon in enumerate(falcons):
            surface.blit(ui.sprites.falcon(falcon, token), (_flip(x0 + i * step, token, width), y))
        if placed is not None:
            placed.append(("art", _mirrored(pygame.Rect(x0, y, (len(falcons) - 1) * step + token, token), width)))
        kind = _(words.FALCON_KIND_NAMES[FALCON_KIND[falcons[0]]])  # type: ignore[index]
        # TRANSLATORS: beside drawn falcons of one kind: "3 black: 12 points" (three black falcons score 12 points).
        label = ngettext("{count} {kind}: {points} point", "{count} {kind}: {points} points", score)
        room = _mirrored(pygame.Rect(label_x, y + (token - line_h) // 2, width - label_x, line_h), width)
        said = label.format(count=len(falcons), kind=kind, points=score)
        _text_in(ui, surface, said, room, size, placed, theme.IVORY, False)
        y += token + ui.px(8)
    # TRANSLATORS: under the falcon example: "In all: 12 + 2 + 6 = 20 points at each scoring".
    total = ngettext(
        "In all: {sum} = {total} point at each scoring", "In all: {sum} = {total} points at each scoring", sum(points)
    ).format(sum=" + ".join(map(str, points)), total=sum(points))
    _text_in(
        ui,
        surface,
        total,
        _mirrored(pygame.Rect(x0, y + ui.px(4), width - x0, line_h), width),
        size,
        placed,
        theme.GOLD_LIGHT,
        False,
        "bold",
    )
    return surface


# Drawn parts of a module page, each shown at the end of the section named.
MODULE_PICTURES: dict[tuple[str, str], tuple[Block, ...]] = {
    ("camps", "Buying and placing"): (_example_grid(CAMP_EXAMPLES, box=(225, 220)),),
    ("camps", "Scoring"): (_camp_line,),
    ("bazaars", "Buying and placing"): (_bazaar_prices,),
    ("bazaars", "Scoring"): (_bazaar_neighbours,),
    ("falcons", "Buying and placing"): (_falcon_corners,),
    ("falcons", "Scoring"): (_falcon_points,),
}


def module_sections(name: str) -> tuple[str, str, tuple[Section, ...]]:
    """A module page's title, what it is about, and its sections (title, paragraphs): all kept in English
    (``N_``), translated as the page is laid out."""
    if name in EDITION_2024_PAGES:
        title, intro, sections = EDITION_2024_PAGES[name][2:]
        return title, intro, sections
    title, intro, rules, choices, controls = MODULE_PAGES[name][2:]
    # TRANSLATORS: headings of a module page: its rules; how this game settles what the rule books leave
    # open; how it is played here.
    return title, intro, ((N_("The rules"), rules), (CHOICES_TITLE, choices), (N_("At the table"), controls))


CHOOSABLE_NOTE = N_(
    "Switch it on when you set up a new game. The keys at the table are listed at the end of the first page."
)
WAITING_NOTE = N_(
    "The 2024 edition's modules cannot be switched on at setup yet: this page tells their rules ahead. "
    "The keys at the table are listed at the end of the first page."
)


def module_blocks(name: str) -> list[Block]:
    """The page of one rule module: what it is, its rules, this game's choices, and how to play it here."""
    title, intro, sections = module_sections(name)
    blocks: list[Block] = [_heading(title), _paragraph(intro, bullet=False)]
    for heading, paragraphs in sections:
        blocks.append(_subheading(heading))
        blocks += [_paragraph(text) for text in paragraphs]
        blocks += MODULE_PICTURES.get((name, heading), ())
    blocks.append(_note(CHOOSABLE_NOTE if name in CHOOSABLE else WAITING_NOTE))
    return blocks


def _subheading(text: str) -> Block:
    """A section's heading on a module page (``text`` kept in English, shortened to the page if need be)."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(18)
        word = ui.text.render(ui.text.fit(_(text), size, width, "bold"), size, theme.GOLD, "bold")
        surface = pygame.Surface((width, word.get_height() + ui.px(10)), pygame.SRCALPHA)
        _report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(8))))
        return surface

    return render


def _note(text: str) -> Block:
    """A faint note at the end of a page (``text`` kept in English)."""

    def render(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
        size = ui.font_px(14)
        lines = ui.text.wrap(_(text), size, width)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(16)), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            word = ui.text.render(line, size, theme.TEXT_FAINT)
            _report(placed, surface.blit(word, (theme.text_x(0, width, word.get_width()), ui.px(12) + i * line_h)))
        return surface

    return render


# The tabs: the base game's page, then one page per module the setup screen offers (``CHOOSABLE``), then the
# 2024 edition's pages it does not offer yet: every module's page is shown, whatever game is being played.
PAGES: tuple[str, ...] = ("base", *CHOOSABLE, *(name for name in EDITION_2024 if name not in CHOOSABLE))
PAGE_LABELS: tuple[str, ...] = (
    # TRANSLATORS: the rules help's first tab: the base game's rules (the other tabs name the modules).
    N_("The game"),
    *({**MODULE_PAGES, **EDITION_2024_PAGES}[name][1] for name in PAGES[1:]),
)


def page_blocks(name: str) -> list[Block]:
    return page() if name == "base" else module_blocks(name)


# TRANSLATORS: the hint under the rules help's pages; the second one when the page is longer than the window.
HINT = N_("Left / Right or Tab: next page")
HINT_SCROLL = N_("Scroll with the wheel, the arrow keys or Page Up / Page Down.  Left / Right or Tab: next page")


class RulesScene(ClosingPanelScene):
    """The rules: a page for the game and one per module (tabs, Left/Right or Tab); wheel, arrows or
    Page Up/Down scroll, Escape closes.  Its words follow the language: each page is laid out again after a
    language change; the title, the tabs and the button are translated as they are drawn (``widgets.shown``)."""

    title = N_("How to play Alhambra")
    title_at = (36, 22)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.back = Button(self.ui, lambda: pgettext("button", "Close"), app.pop, style="primary", hotkey="Esc")
        self.tabs = Choice(self.ui, "", PAGES, 0, self._page_changed, labels=PAGE_LABELS)
        self.widgets = [self.tabs, self.back]
        self.scroll = 0
        self.contents: dict[tuple[str, int], pygame.Surface] = {}  # by page and language (``generation``)
        self.view = pygame.Rect(0, 0, 0, 0)

    @property
    def page(self) -> str:
        return PAGES[self.tabs.index]

    def show_section(self, name: str) -> None:
        """Open the page of ``name`` ("base" or a module), at its top."""
        self.tabs.index = PAGES.index(name)
        self._page_changed(self.tabs.index)

    def _page_changed(self, _index: int) -> None:
        self.scroll = 0

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(1000)), h - px(40))
        self.panel.center = (w // 2, h // 2)
        self.tabs.rect = pygame.Rect(self.panel.x + px(36), self.panel.y + px(74), self.panel.w - px(72), px(34))
        self.view = pygame.Rect(
            self.panel.x + px(36), self.panel.y + px(122), self.panel.w - px(72), self.panel.h - px(202)
        )
        self.back.rect = pygame.Rect(self.panel.right - px(36) - px(160), self.panel.bottom - px(66), px(160), px(46))
        self.contents = {}

    def _content(self) -> pygame.Surface:
        """The current page laid out at the view's width in the current language (once: then kept)."""
        key = (self.page, generation())
        content = self.contents.get(key)
        if content is None:
            margin = self.ui.px(16)  # towards the scroll bar; on the left in a right-to-left language
            parts = [block(self.ui, self.view.w - margin) for block in page_blocks(self.page)]
            gap = self.ui.px(6)
            height = sum(p.get_height() + gap for p in parts)
            content = pygame.Surface((self.view.w, height), pygame.SRCALPHA)
            x, y = (margin if is_rtl() else 0), 0
            for part in parts:
                content.blit(part, (x, y))
                y += part.get_height() + gap
            self.contents[key] = content
        return content

    @property
    def max_scroll(self) -> int:
        return max(0, self._content().get_height() - self.view.h)

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.ui.px(60))
            return True
        if event.type == pygame.KEYDOWN:
            turn = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_TAB: -1 if event.mod & pygame.KMOD_SHIFT else 1}
            if event.key in turn:
                self.show_section(PAGES[(self.tabs.index + turn[event.key]) % len(PAGES)])
                self.ui.sounds.play("click")
                return True
            steps = {
                pygame.K_DOWN: 60,
                pygame.K_UP: -60,
                pygame.K_PAGEDOWN: self.view.h - 40,
                pygame.K_PAGEUP: -(self.view.h - 40),
                pygame.K_SPACE: self.view.h - 40,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return super().on_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        content = self._content()
        surface.blit(content, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h))
        hint = _(HINT)
        if self.max_scroll:
            track = pygame.Rect(self.view.right + self.ui.px(10), self.view.y, self.ui.px(5), self.view.h)
            pygame.draw.rect(surface, (60, 70, 70), track, border_radius=3)
            knob_h = max(self.ui.px(30), round(track.h * self.view.h / content.get_height()))
            knob_y = track.y + round((track.h - knob_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.GOLD, (track.x, knob_y, track.w, knob_h), border_radius=3)
            hint = _(HINT_SCROLL)
        size = self.ui.font_px(13)
        left = self.panel.x + self.ui.px(36)
        room = self.back.rect.x - self.panel.x - self.ui.px(56)
        lines = self.ui.text.wrap(hint, size, room)
        line_h = self.ui.text.size("Ag", size)[1]
        y = self.back.rect.centery - line_h * len(lines) // 2
        for line in lines:
            word = self.ui.text.render(line, size, theme.TEXT_FAINT)
            draw_text(surface, word, (theme.text_x(left, left + room, word.get_width()), y))
            y += line_h
        super().draw(surface)
