"""A readable, scrollable summary of the rules, with the building rules drawn as examples, and one
page for each rule module: expansion 1's (RULES.md §9.1-9.4) and the 2024 edition's camps, bazaars
and falconers (§9.5-9.7, drawn with their own examples), chosen with the tabs at the top.

Each page is laid out once per width into one tall surface (text, tables and the example
Alhambras drawn from the tile art) and scrolled as a viewport, so scrolling costs a blit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.components import (
    BAZAAR_CURRENCY,
    BUILDING_TYPES,
    CAMPS,
    CURRENCIES,
    FALCON_KIND,
    FALCON_KINDS,
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

from .. import theme
from ..shortcuts import END_TURN_KEY, SHORTCUTS
from ..widgets import Button, Choice, Ui, draw_text
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

Block = Callable[[Ui, int], pygame.Surface]  # one part of the page drawn at a width; text parts come from a factory
# What a drawn part put where, for the layout tests: ("art", rect) a drawing, ("room", rect) the area a text
# must keep to, ("text", rect) one line of text.  Drawn parts take it as an optional third argument.
Placed = list[tuple[str, pygame.Rect]]

Mark = tuple[str, int, int, int]  # ("edge", x, y, side) or ("cell", x, y, 0): what the example is about
# A tile of an example: (x, y, kind, walls); kind is a building type, "start", "hut_<type>" or "camp" (walls:
# its bastions, which are also its arrows, as on every camp).
Piece = tuple[int, int, str, int]
# (caption, legal?, tiles, the new tile's cell, what to point at)
Example = tuple[str, bool, tuple[Piece, ...], tuple[int, int], Mark | None]
EXAMPLES: tuple[Example, ...] = (
    ("Shares a full side, open meets open", True, ((0, 0, "start", 0), (1, 0, "garden", N)), (1, 0), ("edge", 1, 0, W)),
    (
        "Wall against open side: not allowed",
        False,
        ((0, 0, "start", 0), (1, 0, "tower", W | N)),
        (1, 0),
        ("edge", 1, 0, W),
    ),
    (
        "Wall meets wall: fine, if reachable elsewhere",
        True,
        ((0, 0, "start", 0), (1, 0, "arcades", E), (0, 1, "pavilion", E), (1, 1, "seraglio", W | S)),
        (1, 1),
        ("edge", 1, 1, W),
    ),
    (
        "Cannot be reached on foot from the fountain",
        False,
        ((0, 0, "start", 0), (1, 0, "chambers", E), (2, 0, "garden", W)),
        (2, 0),
        ("edge", 2, 0, W),
    ),
    ("Touching at a corner only: not allowed", False, ((0, 0, "start", 0), (1, 1, "pavilion", 0)), (1, 1), None),
    (
        "Closing a hole in the middle: not allowed",
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

INTRO = (
    "Build the most valuable Alhambra. Points come at three scorings: for having the most buildings of "
    "each type, and for the longest outer wall of your Alhambra."
)

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The components",
        (
            "54 building tiles of six types, each with a cost and 0 to 3 walls: pavilion (blue, costs 2–8), "
            "seraglio (red, 3–9), arcades (brown, 4–10), chambers (white, 5–11), garden (green, 6–12), "
            "tower (purple, 7–13). "
            "Each type has its own emblem.",
            "108 money cards in four currencies, values 1 to 9: florin (fleur-de-lis), dirham (crescent), "
            "denar (star), ducat (crown).",
            "The market has four slots, each bound to a currency: slot 1 florin, 2 dirham, 3 denar, 4 ducat. "
            "Beside it lies the money offer of four cards.",
            "Everyone starts with the Lion Fountain and money worth at least 20. "
            "The player dealt the fewest cards starts.",
        ),
    ),
    (
        "Your turn: one action",
        (
            "Take money: one card of the offer, or several whose values add up to at most 5.",
            "Buy a building: pay for a market tile with cards of that slot's currency only, at least its cost. "
            "No change is given. Pay the cost EXACTLY and you may take another action (again any of the three), "
            f"or stop there: End turn (key {END_TURN_KEY}) and place what you bought. The extra action is optional.",
            "Redesign your Alhambra: move a reserve tile into it, move one of its tiles onto the reserve, or swap a "
            "reserve tile with one in the Alhambra (it takes exactly that place). The Lion Fountain never moves.",
            "At the end of your turn, place every tile you bought, in any order: in your Alhambra or on your reserve "
            "(with two players you may also give it to Dirk). Then the market and the offer are refilled.",
        ),
    ),
)

SECTIONS_AFTER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Scoring",
        (
            "A scoring happens when scoring card 1 or 2 comes up while refilling the offer (the game shows roughly "
            "when), and at the end. Only buildings in your Alhambra count, never the reserve.",
            "Tied players add up the points of the ranks they occupy and share them, rounded down; the next player "
            "takes the next rank.",
            "Walls: 1 point for each wall side in your longest continuous wall on the outside of your Alhambra.",
        ),
    ),
    (
        "The end",
        (
            "The game ends after the turn in which the market cannot be refilled because the bag is empty. Each tile "
            "left in the market goes to the player holding the most money of its slot's currency (a tie: nobody). "
            "Then the final scoring; the highest score wins, and tied players share the victory.",
        ),
    ),
    (
        "Two players: Dirk",
        (
            "Dirk is a neutral collector: he takes no turns and builds nothing, but gets 6 tiles at the start, 6 more "
            "after the first scoring and a third of the bag after the second. He takes part in the majorities (never "
            "walls) and cannot win. A tile you bought may be given to him instead of being placed.",
            "With modules he collects building tiles only: he never gets a hut, neither drawn nor given.",
        ),
    ),
    (
        "What you see",
        (
            "Every take and payment is public, so a player with perfect memory knows all hands: the game shows "
            "them as a memory aid (switch it off in Settings). The order of the deck and of the bag is never shown.",
            "Legal places are outlined with a plus; your selection has a gold frame. Exact payments are marked with "
            "'=' and allow another action. Your turn is only final when you press End turn: until then, Undo "
            "restarts it.",
        ),
    ),
)


def _heading(text: str) -> Block:
    def render(ui: Ui, width: int) -> pygame.Surface:
        word = ui.text.render(text, ui.font_px(24), theme.GOLD_LIGHT, "display")
        surface = pygame.Surface((width, word.get_height() + ui.px(18)), pygame.SRCALPHA)
        surface.blit(word, (0, ui.px(10)))
        pygame.draw.line(surface, theme.GOLD_DARK, (0, surface.get_height() - 2), (width, surface.get_height() - 2), 1)
        return surface

    return render


def _paragraph(text: str, bullet: bool = True) -> Block:
    def render(ui: Ui, width: int) -> pygame.Surface:
        size = ui.font_px(17)
        indent = ui.px(22) if bullet else 0
        lines = ui.text.wrap(text, size, width - indent)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(8)), pygame.SRCALPHA)
        if bullet:
            pygame.draw.polygon(
                surface,
                theme.GOLD,
                [
                    (ui.px(6), line_h // 2),
                    (ui.px(11), line_h // 2 - ui.px(5)),
                    (ui.px(16), line_h // 2),
                    (ui.px(11), line_h // 2 + ui.px(5)),
                ],
            )
        for i, line in enumerate(lines):
            surface.blit(ui.text.render(line, size, theme.IVORY), (indent, i * line_h))
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


def _point_at(surface: pygame.Surface, rect: pygame.Rect, mark: Mark, ok: bool, width: int) -> None:
    """Underline the side (or outline the empty cell) an example is about, green if fine, red if not."""
    colour = (70, 170, 90) if ok else (210, 70, 55)
    if mark[0] == "cell":
        inner = rect.inflate(-6, -6)
        pygame.draw.rect(surface, theme.INK, inner, width + 2, border_radius=4)
        pygame.draw.rect(surface, colour, inner, width, border_radius=4)
        return
    side = mark[3]
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
    """``text`` wrapped to ``room``'s width from its top, centred or from the left; the y below the last line."""
    line_h = ui.text.size("Ag", size, role)[1] + 2
    y = room.y
    if placed is not None:
        placed.append(("room", room.copy()))
    for line in ui.text.wrap(text, size, room.w, role):
        word = ui.text.render(line, size, colour, role)
        rect = word.get_rect(midtop=(room.centerx, y)) if centred else word.get_rect(topleft=(room.x, y))
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
        for index, (caption, ok, tiles, new, mark) in enumerate(examples):
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
            if mark is not None:
                _point_at(surface, cell_rect(mark[1], mark[2]), mark, ok, ui.px(5))
            new_rect = cell_rect(*new)
            _mark(surface, (new_rect.right - 2, new_rect.top + 2), ok, ui.px(10))
            room = pygame.Rect(ox + ui.px(8), oy + art_h + ui.px(14), box_w - ui.px(16), box_h - art_h - ui.px(14))
            _text_in(ui, surface, caption, room, ui.font_px(14), placed)
        return surface

    return render


_examples = _example_grid(EXAMPLES)


def _score_table(ui: Ui, width: int) -> pygame.Surface:
    """The points per building type at each scoring."""
    size = ui.font_px(15)
    row_h = ui.px(30)
    cols = ["", "1st scoring", "2nd scoring", "final scoring"]
    col_w = [ui.px(150), ui.px(120), ui.px(150), ui.px(170)]
    surface = pygame.Surface((width, row_h * 7 + ui.px(8)), pygame.SRCALPHA)
    x = 0
    for c, name in enumerate(cols):
        surface.blit(ui.text.render(name, size, theme.GOLD_LIGHT, "bold"), (x, 0))
        x += col_w[c]
    for t, kind in enumerate(BUILDING_TYPES):
        y = row_h * (t + 1)
        surface.blit(ui.sprites.type_icon(kind, row_h - 4), (0, y))
        surface.blit(ui.text.render(kind.capitalize(), size, theme.IVORY), (row_h + ui.px(6), y + ui.px(5)))
        x = col_w[0]
        for r in range(3):
            points = [p for p in SCORE_POINTS[r][t] if p]
            surface.blit(ui.text.render(" / ".join(map(str, points)), size, theme.IVORY), (x, y + ui.px(5)))
            x += col_w[r + 1]
    return surface


def _keys(ui: Ui, width: int) -> pygame.Surface:
    """The keyboard shortcuts, each key drawn as a keycap."""
    size = ui.font_px(16)
    row_h = ui.px(28)
    surface = pygame.Surface((width, row_h * len(SHORTCUTS) + ui.px(8)), pygame.SRCALPHA)
    for i, (keys, meaning) in enumerate(SHORTCUTS):
        y = i * row_h
        key = ui.text.render(keys, size, theme.INK, "bold")
        cap = pygame.Rect(0, y + 2, max(key.get_width() + ui.px(14), ui.px(40)), row_h - 6)
        pygame.draw.rect(surface, theme.PARCHMENT, cap, border_radius=5)
        pygame.draw.rect(surface, theme.GOLD_DARK, cap, 1, border_radius=5)
        surface.blit(key, key.get_rect(center=cap.center))
        surface.blit(ui.text.render(meaning, size, theme.IVORY), (ui.px(150), y + ui.px(3)))
    return surface


def _currencies(ui: Ui, width: int) -> pygame.Surface:
    """The four currencies as their badges, so the names match what the table shows."""
    size = ui.px(34)
    surface = pygame.Surface((width, size + ui.px(10)), pygame.SRCALPHA)
    x = ui.px(22)
    for currency in CURRENCIES:
        surface.blit(ui.sprites.currency_badge(currency, size), (x, 0))
        word = ui.text.render(currency.capitalize(), ui.font_px(16), theme.IVORY)
        surface.blit(word, word.get_rect(midleft=(x + size + ui.px(8), size // 2)))
        x += size + word.get_width() + ui.px(36)
    return surface


# A drawn part shown at the end of the section with this title.
SECTION_EXTRAS: dict[str, Block] = {"The components": _currencies, "Scoring": _score_table}


def _sections(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> list[Block]:
    """Each section as its heading, its paragraphs and its drawn extra, if it has one."""
    blocks: list[Block] = []
    for title, paragraphs in sections:
        blocks.append(_heading(title))
        blocks += [_paragraph(text) for text in paragraphs]
        if title in SECTION_EXTRAS:
            blocks.append(SECTION_EXTRAS[title])
    return blocks


def page() -> list[Block]:
    blocks: list[Block] = [_paragraph(INTRO, bullet=False), *_sections(SECTIONS)]
    blocks.append(_heading("Building rules"))
    blocks.append(
        _paragraph(
            "Tiles are placed upright, never rotated. A new tile must share a full side with your "
            "Alhambra; every touching side must match (wall to wall, open to open); every tile must "
            "be reachable on foot from the Lion Fountain without crossing a wall; and no empty space "
            "may be enclosed. Removing or swapping a tile must keep all of this true."
        )
    )
    blocks.append(_examples)
    blocks += _sections(SECTIONS_AFTER)
    blocks.append(_heading("Modules"))
    waiting = [EDITION_2024_PAGES[name][1].lower() for name in EDITION_2024 if name not in CHOOSABLE]
    later = f" ({' and '.join(waiting)}: not offered at setup yet)" if waiting else ""
    blocks.append(
        _paragraph(
            "Four modules of the first expansion can be switched on when you set up a game: the vizier's favour, "
            "exchange offices, building huts and bonus cards. Three come from the 2024 edition: camps, bazaars "
            f"and falconers{later}. Each has its own page: the tabs at the top.",
        )
    )
    blocks.append(_heading("Keys at the table"))
    blocks.append(_keys)
    return blocks


# One page per rule module (RULES.md §9.1-9.4), in the setup screen's order: its name as the tab says
# it, its title, what it is about, its rules, the Choices this game follows where the rule books
# leave something open, and how it is played at this table.
ModulePage = tuple[str, str, str, str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
MODULE_SECTIONS: tuple[ModulePage, ...] = (
    (
        "vizier",
        "Vizier",
        "The vizier's favour",
        "Everyone has a vizier. Once in a while it lets you buy a tile out of turn, paying exactly.",
        (
            "Everyone starts with an awake vizier.",
            "After every player's turn a vizier window opens. The players are asked one by one: the player whose "
            "turn comes next first, then in turn order, the player who has just ended last. Only players with an "
            "awake vizier who can pay a market tile exactly are asked.",
            "Asked, you may buy one tile of the market, paying exactly its cost in its slot's currency, or pass. "
            "Your vizier falls asleep, you place the tile at once (Alhambra or reserve), the market is refilled, "
            "and the next player is asked. Then the next turn begins as usual.",
            "A vizier purchase never gives an extra action, whatever you paid.",
            "Waking your sleeping vizier is an action of your turn, like taking money.",
        ),
        (
            "The window opens once the turn is completely over: tiles placed, market and offer refilled, and any "
            "scoring the turn triggered (and, with two players, the neutral collector's draw) done.",
            "Exact payment only: no overpaying with the vizier. An exchange card may help pay; with two players "
            "the tile may go to the neutral collector.",
            "No vizier window during the distribution at the end of the game. If the refill after a vizier "
            "purchase cannot fill the market, the window closes and the game ends.",
            "A hut can never be taken with the vizier.",
        ),
        (
            "When the window asks you, the table says so and marks the market tiles you can pay exactly. Click one "
            "to buy it (its exact payments are suggested), or press Pass. Then place the tile as you place a bought "
            "tile.",
            "On your turn, the Wake vizier button wakes a sleeping vizier as your turn's action.",
            "Every player's vizier, awake or asleep, is shown at the table.",
        ),
    ),
    (
        "exchange",
        "Exchange",
        "Exchange offices",
        "Six exchange cards, one for each pair of currencies, let two currencies pay for one tile.",
        (
            "The six exchange cards are shuffled into the money cards (two each into the second, third and fourth "
            "of the five piles), so they come into the money offer during the game.",
            "An exchange card in the offer is taken like a money card, but alone: never together with other cards.",
            "When you buy a tile, you may use one exchange card: its two currencies then both pay for that tile. "
            "The card is discarded. One card per tile: a second purchase in the same turn needs another card.",
            "Exchange cards are shuffled back with the discarded money, and they count for nothing in the "
            "distribution at the end of the game.",
        ),
        (
            "Taking an exchange card is a whole take-money action on its own: it has no value to add up.",
            "The tile's slot currency must be one of the card's two currencies.",
            "Paying exactly with an exchange card gives the extra action, like any exact payment. An exchange card "
            "may also help a vizier purchase.",
        ),
        (
            "Take one by selecting it alone in the money offer.",
            "When you buy, you may choose a payment that uses one of your exchange cards: the card goes with the "
            "money you pay.",
        ),
    ),
    (
        "huts",
        "Huts",
        "Building huts",
        "Huts are free tiles that make the buildings of their colour next to them count one more.",
        (
            "24 huts lie in six stacks by colour (3 blue, 3 red, 4 brown, 4 white, 5 green, 5 purple); the top hut "
            "of each stack is face up.",
            "New action: take the face-up hut of any stack. It costs nothing and gives no extra action. The next "
            "hut of that stack turns face up.",
            "A hut is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, under "
            "the same building rules. Its walls are walls, also for the wall scoring.",
            "A hut is not a building: it never counts in the majorities itself. But at every scoring each building "
            "of the hut's colour next to it (sharing a side) counts one more, unless a wall stands between them.",
            "You may own at most three huts, reserve included.",
        ),
        (
            "A hut adds 0 to 3 to its colour. A building next to two huts of its colour counts one more for each.",
            "A hut cannot be given to the neutral collector, nor taken with the vizier.",
        ),
        (
            "Take a hut by clicking the face-up hut of a stack, then place it like a bought tile; or drag it "
            "straight from its stack to its place.",
            "At a scoring, the counts of the majorities include what your huts add.",
        ),
    ),
    (
        "bonus",
        "Bonus cards",
        "Bonus cards",
        "Secret cards, each naming one building tile, that count one more building once that tile is yours.",
        (
            "Ten bonus cards, each naming one of the ten building tiles without walls, by type and cost. Each player "
            "is dealt some face down: 3 each with 2 or 3 players, 2 with 4 or 5, 1 with 6.",
            "You may reveal a card at any time while a tile of its type and cost is in your Alhambra (not on the "
            "reserve). A revealed card counts as one more building of that type at the scorings.",
            "If that tile leaves your Alhambra, the card turns face down again; it may be revealed again later.",
        ),
        (
            "Any tile of the named type and cost makes the card count, also one with walls.",
            "Right before each scoring, every card that may be revealed is revealed automatically (revealing can "
            "never hurt). Turning face down again is automatic too.",
            "The others do not know your face-down cards; once revealed, everyone sees them.",
        ),
        (
            "Your bonus cards are shown to you alone. The game offers to reveal a card when its tile is "
            "placed; you may also wait: the scoring reveals it for you.",
        ),
    ),
)
MODULE_PAGES = {page[0]: page for page in MODULE_SECTIONS}

# The 2024 edition's modules (RULES.md §9.5-9.7) have more to tell: their pieces, how to buy and place them and
# how they score, each page with drawn examples.  A page: its name, its tab, its title, what it is about, and
# its sections (title, paragraphs); the drawings come after the section named in ``MODULE_PICTURES``.
Section = tuple[str, tuple[str, ...]]
EditionPage = tuple[str, str, str, str, tuple[Section, ...]]
CHOICES_TITLE = "Where the rule books leave it open, this game"
EDITION_2024_SECTIONS: tuple[EditionPage, ...] = (
    (
        "camps",
        "Camps",
        "Camps",
        "Camps are tiles of open country that lean with their bastions against the walls of your Alhambra. "
        "Their arrows score the tiles in line with them, at every scoring.",
        (
            (
                "The pieces",
                (
                    "Eight camp tiles. Each shows one or two bastion sides (fortified walls) with an arrow pointing "
                    "out across each bastion; its other sides are green (open country). A camp with one arrow costs "
                    "5 or 6, one with two arrows 8 or 9.",
                    "At setup the camps are shuffled into the bag with the building tiles, so they come into the "
                    "market like buildings.",
                    "A camp is not a building of any type: it never counts for the majorities.",
                ),
            ),
            (
                "Buying and placing",
                (
                    "A camp in the market is bought like a building: with money of its slot's currency, at least "
                    "its cost, no change given. Pay exactly and you may take another action, as usual.",
                    "At the end of your turn you place it like a bought tile, in your Alhambra or on your reserve, "
                    "upright as printed, never turned.",
                    "A bastion may only touch a wall of another tile, never a camp. Two camps may only touch along "
                    "green sides. A green side or a bastion never touches an open side.",
                    "Like any tile, a camp must share a full side with your Alhambra and may not close a hole. But "
                    "it need not be reachable on foot from the Lion Fountain.",
                    "Redesigning works for camps as for other tiles, as long as every camp still fits afterwards.",
                    "Bastions count as walls for the wall scoring: a bastion on the outside of your Alhambra can "
                    "lengthen your longest wall.",
                ),
            ),
            (
                "Scoring",
                (
                    "At every scoring, all three of them, each camp scores for each of its arrows: 1 point per "
                    "tile in the unbroken straight line of tiles that starts next to the camp and runs the way "
                    "the arrow points.",
                    "Walls inside your Alhambra do not break the line. The Lion Fountain and bazaars count as "
                    "tiles like buildings do.",
                    "Example (below): the camp's arrow to the north runs over a seraglio and the fountain, then "
                    "meets empty space: 2 points. Its arrow to the east runs over the chambers and, across the "
                    "wall between them, a garden: 2 points. The camp scores 4 points at each scoring, 12 over the "
                    "game if nothing changes.",
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    "A camp touches other tiles only with its bastions against their walls: a green side never "
                    "touches a wall. Camps meet each other only green against green.",
                    "Nobody walks through a camp: it never joins two parts of your Alhambra for the on-foot rule.",
                    "A camp always shares a side with your Alhambra: no redesign may cut one off.",
                    "An empty space or another camp ends an arrow's line. Huts count in the line, like the "
                    "fountain and bazaars.",
                    "A camp left in the market at the end of the game is given out like a building: to the player "
                    "holding the most money of its slot's currency (a tie: nobody).",
                    "With two players, a camp drawn for the neutral collector is his but never scores for him, and "
                    "a camp you bought may be given to him like any tile.",
                ),
            ),
            (
                "At the table",
                (
                    "A camp in the market is bought like a building: click its slot (or press the slot's key), pick "
                    "the payment, Buy. At the end of your turn click it in your tray (or Tab) and then a lit place, "
                    "or drag it there; a place it may not take shows a cross and says why. T puts it on your "
                    "reserve; from there a click on it and on a lit place builds it back, as a redesign.",
                    "At each scoring the score sheet has a row Camp lines: the tiles in line with each arrow, one "
                    "number per arrow, and over the mouse which camp's arrow runs over how many tiles.",
                ),
            ),
        ),
    ),
    (
        "bazaars",
        "Bazaars",
        "Bazaars",
        "Bazaars are market stalls that wait beside the market, priced by the tile in their currency's slot. "
        "Built among buildings of their three colours, they score at the end of the game.",
        (
            (
                "The pieces",
                (
                    "Eight bazaar tiles. Each shows a currency and three building colours. A bazaar has no walls, "
                    "no cost printed on it and no building type: it never counts for the majorities.",
                    "At setup the bazaars are shuffled into the bag with the building tiles.",
                    "A bazaar drawn to fill the market is put face up beside the market instead, and drawing goes "
                    "on until all four slots are filled. Any number of bazaars may wait there.",
                ),
            ),
            (
                "Buying and placing",
                (
                    "A bazaar costs what the tile in the market slot of its currency costs at that moment: a florin "
                    "bazaar costs as much as the tile in the florin slot. When that tile changes, so does the price.",
                    "It must be paid exactly, in its currency, and gives you another action like any exact payment.",
                    "It cannot be bought while the slot of its currency is empty. The market is not refilled during "
                    "a turn, so once you have bought the tile of that slot, the bazaar waits for a later turn.",
                    "A bazaar may also be bought with the vizier.",
                    "It is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, "
                    "under the usual building and redesign rules. Without walls, it is open on all four sides.",
                    "Bazaars still waiting beside the market at the end of the game are not given out: only the "
                    "tiles in the market are.",
                ),
            ),
            (
                "Scoring",
                (
                    "Bazaars score only once: at the third, final scoring.",
                    "Look at the bazaar's eight neighbours, beside it and diagonally. Count the buildings among them "
                    "that show one of the bazaar's three colours, and count how many of its three colours are "
                    "there. The bazaar scores the first number times the second: at most 8 × 3 = 24 points.",
                    "Walls do not matter. One building may count for several bazaars. Only the six building types "
                    "have a colour here: huts, the fountain, camps and other bazaars count for nothing.",
                    "Example (below): a denar bazaar with blue, brown and white. Around it stand two blue pavilions "
                    "and two brown arcades, but no white chambers: 4 buildings of its colours × 2 colours = 8 points. "
                    "The brown hut counts for nothing. With chambers in place of the garden it would score "
                    "5 × 3 = 15.",
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    "A camp in the bazaar's slot sets the price like a building.",
                    "An exchange card may help pay for a bazaar: the bazaar's currency must be one of the card's two.",
                    "With two players, a bazaar drawn for the neutral collector goes beside the market and he gets "
                    "the next tile instead. The third of the bag he gets after the second scoring counts the camps "
                    "and bazaars in it; if the bag runs short, he gets what is left. A bazaar you bought may be "
                    "given to him like any tile.",
                ),
            ),
            (
                "At the table",
                (
                    'The waiting bazaars stand at the right of the market, each with its price now, or "not for '
                    'sale" while its slot is empty. Click one (or press A for the next one you can pay): the slot '
                    "that sets its price is marked, its exact payments are suggested (with an exchange card where "
                    "one helps), and Buy (Enter) buys it. In a vizier window your vizier buys one the same way.",
                    "Place it at the end of your turn like any bought tile. At the final scoring the score sheet "
                    "has a row Bazaars: for each bazaar, its neighbours of its colours × the colours among them.",
                ),
            ),
        ),
    ),
    (
        "falcons",
        "Falconers",
        "Falconers",
        "Falcons perch on the corners where four tiles of your Alhambra meet. Collect many of one kind: each kind "
        "scores at every scoring.",
        (
            (
                "The pieces",
                (
                    "Fifteen falcons of three kinds, black, brown and white, five of each. Each falcon shows two "
                    "building colours.",
                    "At setup all fifteen lie beside the board, a supply open to everyone.",
                ),
            ),
            (
                "Buying and placing",
                (
                    "New action: buy falcons. It must be the only action of your turn: never the extra action an "
                    "exact payment gives, and nothing else follows it.",
                    "You may buy one or more falcons at once. Each costs one money card, of any currency and any "
                    "value.",
                    "Put each falcon at once on a corner where four tiles of your Alhambra meet, one falcon per "
                    "corner at most. Each of its two colours must show on at least one of those four tiles.",
                    "Falcons never go to the reserve and are never moved. When a tile under a falcon leaves your "
                    "Alhambra, the falcon goes back to the supply.",
                ),
            ),
            (
                "Scoring",
                (
                    "At every scoring, each kind of falcon scores on its own, by how many of that kind you have: "
                    "1 falcon scores 2 points, 2 score 6, 3 score 12, 4 score 20 and 5 score 30.",
                    "Example (below): three black falcons, one brown and two white score 12 + 2 + 6 = 20 points, at "
                    "each scoring while they stay.",
                ),
            ),
            (
                CHOICES_TITLE,
                (
                    "Any tile of your Alhambra may be one of the four: the Lion Fountain, a hut, a camp or a bazaar "
                    "too. But only the six building types give colours: a hut's colour does not count.",
                    "A swap in a redesign counts as the tile leaving: the falcons on the tile swapped out go back to "
                    "the supply.",
                    "An exchange card is not a money card: it cannot pay for a falcon.",
                    "With two players, the neutral collector gets no falcons.",
                ),
            ),
            (
                "At the table",
                (
                    "Buying falcons is your turn's only action: choose it before you do anything else. Click Buy "
                    "falcons (F) or a lit falcon of the supply, under the other players: the corners of your "
                    "Alhambra that take it light up, and your cheapest money card is chosen to pay for it (X, or a "
                    "click on another card, changes it).",
                    "Click a lit corner, or drag the falcon onto it. With the keys, Tab chooses a corner and Enter "
                    "buys it there. Esc drops the falcon: before your first one, you may still take money, buy a "
                    "building or redesign.",
                    "Buy more the same way, then click Done (Enter) to end your turn. Every player's falcons sit on "
                    "the corners of their Alhambra; point at one to read its colours.",
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
        "Bastion against a wall: fine",
        True,
        ((0, 0, "start", 0), (1, 0, "garden", S), (1, 1, "camp", N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        "Bastion against an open side: not allowed",
        False,
        ((0, 0, "start", 0), (1, 0, "garden", 0), (1, 1, "camp", N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        "Green side against a wall: not allowed",
        False,
        ((0, 0, "start", 0), (1, 0, "tower", S), (1, 1, "camp", W)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        "Two camps, green against green: fine",
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
    "Arrow north: a seraglio and the fountain, then empty space: 2 points.",
    "Arrow east: the chambers and, across the wall, the garden, then empty space: 2 points.",
    "The camp scores 4 points at every scoring.",
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
    "Its colours: blue, brown and white.",
    "Neighbours of its colours: 2 pavilions and 2 arcades = 4.",
    "Its colours among them: blue and brown = 2.",
    "4 × 2 = 8 points, at the final scoring only.",
)
# The market of the price example (each slot's tile type, at its EXAMPLE_COSTS) and the bazaars waiting beside it.
BAZAAR_MARKET = ("garden", "pavilion", "arcades", "tower")
BAZAARS_WAITING = (92, BAZAAR_EXAMPLE)
FALCON_EXAMPLE = 104  # a black falcon of chambers (white) and garden (green)
# (caption, fine?, the tiles around the corner at the middle of a 2 x 2 grid)
FALCON_CORNERS: tuple[tuple[str, bool, tuple[Piece, ...]], ...] = (
    (
        "Four tiles meet, white and green among them: fine",
        True,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "garden", S | E)),
    ),
    (
        "No green tile at this corner: not allowed",
        False,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "pavilion", S | E)),
    ),
    (
        "Only three tiles meet here: not allowed",
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
    """A surface for a drawing of size ``art`` with ``notes`` beside it (or below it, if the page is narrow):
    the notes are drawn, the drawing's place is returned."""
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
    captions = (("The market: slots 1 to 4", slots_w), ("Waiting beside it", waiting_w + 2 * gap))
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
        word = ui.text.render(f"costs {price}", ui.font_px(14), theme.GOLD_LIGHT, "bold")
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
        _text_in(ui, surface, caption, room, ui.font_px(14), placed)
    return surface


def _falcon_points(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-FALCON-5] the points for falcons of one kind, and the example's three kinds added up."""
    size = ui.font_px(16)
    line_h = ui.text.size("Ag", size, "bold")[1] + 2
    row_h = line_h + ui.px(8)
    label_w, col_w = ui.px(210), ui.px(56)
    token, step = ui.px(36), ui.px(30)
    x0 = ui.px(22)
    height = 2 * row_h + ui.px(12) + len(FALCON_HAND) * (token + ui.px(8)) + row_h
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rows = (("Falcons of one kind", range(1, 6), theme.GOLD_LIGHT), ("Points", FALCON_POINTS[1:6], theme.IVORY))
    for r, (label, values, colour) in enumerate(rows):
        y = r * row_h
        _text_in(ui, surface, label, pygame.Rect(x0, y, label_w, line_h), size, placed, colour, False, "bold")
        for c, value in enumerate(values):
            room = pygame.Rect(x0 + label_w + c * col_w, y, col_w, line_h)
            _text_in(ui, surface, str(value), room, size, placed, colour)
    y = 2 * row_h + ui.px(12)
    label_x = x0 + (max(len(falcons) for falcons in FALCON_HAND) - 1) * step + token + ui.px(18)
    points = [FALCON_POINTS[len(falcons)] for falcons in FALCON_HAND]
    for falcons, score in zip(FALCON_HAND, points, strict=True):
        for i, falcon in enumerate(falcons):
            surface.blit(ui.sprites.falcon(falcon, token), (x0 + i * step, y))
        if placed is not None:
            placed.append(("art", pygame.Rect(x0, y, (len(falcons) - 1) * step + token, token)))
        kind = FALCON_KINDS[FALCON_KIND[falcons[0]]]  # type: ignore[index]
        room = pygame.Rect(label_x, y + (token - line_h) // 2, width - label_x, line_h)
        _text_in(ui, surface, f"{len(falcons)} {kind}: {score} points", room, size, placed, theme.IVORY, False)
        y += token + ui.px(8)
    total = f"In all: {' + '.join(map(str, points))} = {sum(points)} points at each scoring"
    _text_in(
        ui,
        surface,
        total,
        pygame.Rect(x0, y + ui.px(4), width - x0, line_h),
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
    """A module page's title, what it is about, and its sections (title, paragraphs)."""
    if name in EDITION_2024_PAGES:
        _, _, title, intro, sections = EDITION_2024_PAGES[name]
        return title, intro, sections
    _, _, title, intro, rules, choices, controls = MODULE_PAGES[name]
    return title, intro, (("The rules", rules), (CHOICES_TITLE, choices), ("At the table", controls))


def module_blocks(name: str) -> list[Block]:
    """The page of one rule module: what it is, its rules, this game's choices, and how to play it here."""
    title, intro, sections = module_sections(name)
    blocks: list[Block] = [_heading(title), _paragraph(intro, bullet=False)]
    for heading, paragraphs in sections:
        blocks.append(_subheading(heading))
        blocks += [_paragraph(text) for text in paragraphs]
        blocks += MODULE_PICTURES.get((name, heading), ())
    if name in CHOOSABLE:
        blocks.append(
            _note(
                "Switch it on when you set up a new game. The keys at the table are listed at the end of the first "
                "page."
            )
        )
    else:
        blocks.append(
            _note(
                "The 2024 edition's modules cannot be switched on at setup yet: this page tells their rules ahead. "
                "The keys at the table are listed at the end of the first page."
            )
        )
    return blocks


def _subheading(text: str) -> Block:
    def render(ui: Ui, width: int) -> pygame.Surface:
        word = ui.text.render(ui.text.fit(text, ui.font_px(18), width, "bold"), ui.font_px(18), theme.GOLD, "bold")
        surface = pygame.Surface((width, word.get_height() + ui.px(10)), pygame.SRCALPHA)
        surface.blit(word, (0, ui.px(8)))
        return surface

    return render


def _note(text: str) -> Block:
    def render(ui: Ui, width: int) -> pygame.Surface:
        size = ui.font_px(14)
        lines = ui.text.wrap(text, size, width)
        line_h = ui.text.size("Ag", size)[1] + 2
        surface = pygame.Surface((width, line_h * len(lines) + ui.px(16)), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            surface.blit(ui.text.render(line, size, theme.TEXT_FAINT), (0, ui.px(12) + i * line_h))
        return surface

    return render


# The tabs: the base game's page, then one page per module the setup screen offers (``CHOOSABLE``), then the
# 2024 edition's pages it does not offer yet: every module's page is shown, whatever game is being played.
PAGES: tuple[str, ...] = ("base", *CHOOSABLE, *(name for name in EDITION_2024 if name not in CHOOSABLE))
PAGE_LABELS: tuple[str, ...] = (
    "The game",
    *({**MODULE_PAGES, **EDITION_2024_PAGES}[name][1] for name in PAGES[1:]),
)


def page_blocks(name: str) -> list[Block]:
    return page() if name == "base" else module_blocks(name)


class RulesScene(ClosingPanelScene):
    """The rules: a page for the game and one per module (tabs, Left/Right or Tab); wheel, arrows or
    Page Up/Down scroll, Escape closes."""

    title = "How to play Alhambra"
    title_at = (36, 22)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.back = Button(self.ui, "Close", app.pop, style="primary", hotkey="Esc")
        self.tabs = Choice(self.ui, "", PAGES, 0, self._page_changed, labels=PAGE_LABELS)
        self.widgets = [self.tabs, self.back]
        self.scroll = 0
        self.contents: dict[str, pygame.Surface] = {}
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
        content = self.contents.get(self.page)
        if content is None:
            parts = [block(self.ui, self.view.w - self.ui.px(16)) for block in page_blocks(self.page)]
            gap = self.ui.px(6)
            height = sum(p.get_height() + gap for p in parts)
            content = pygame.Surface((self.view.w, height), pygame.SRCALPHA)
            y = 0
            for part in parts:
                content.blit(part, (0, y))
                y += part.get_height() + gap
            self.contents[self.page] = content
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
        hint = "Left / Right or Tab: next page"
        if self.max_scroll:
            track = pygame.Rect(self.view.right + self.ui.px(10), self.view.y, self.ui.px(5), self.view.h)
            pygame.draw.rect(surface, (60, 70, 70), track, border_radius=3)
            knob_h = max(self.ui.px(30), round(track.h * self.view.h / content.get_height()))
            knob_y = track.y + round((track.h - knob_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.GOLD, (track.x, knob_y, track.w, knob_h), border_radius=3)
            hint = "Scroll with the wheel, the arrow keys or Page Up / Page Down.  " + hint
        size = self.ui.font_px(13)
        room = self.back.rect.x - self.panel.x - self.ui.px(56)
        lines = self.ui.text.wrap(hint, size, room)
        line_h = self.ui.text.size("Ag", size)[1]
        y = self.back.rect.centery - line_h * len(lines) // 2
        for line in lines:
            draw_text(surface, self.ui.text.render(line, size, theme.TEXT_FAINT), (self.panel.x + self.ui.px(36), y))
            y += line_h
        super().draw(surface)
