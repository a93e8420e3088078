"""A readable, scrollable summary of the rules, with the building rules drawn as examples, and one
page for each rule module of expansion 1 (RULES.md §9.1-9.4), chosen with the tabs at the top.

Each page is laid out once per width into one tall surface (text, tables and the example
Alhambras drawn from the tile art) and scrolled as a viewport, so scrolling costs a blit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, CURRENCIES, SCORE_POINTS, E, N, S, W
from game.engine.modules import CHOOSABLE

from .. import theme
from ..shortcuts import END_TURN_KEY, SHORTCUTS
from ..widgets import Button, Choice, Ui, draw_text
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

Block = Callable[[Ui, int], pygame.Surface]  # one part of the page drawn at a width; text parts come from a factory

Mark = tuple[str, int, int, int]  # ("edge", x, y, side) or ("cell", x, y, 0): what the example is about
# (caption, legal?, tiles as (x, y, kind, walls), the new tile's cell, what to point at)
EXAMPLES: tuple[tuple[str, bool, tuple[tuple[int, int, str, int], ...], tuple[int, int], Mark | None], ...] = (
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


def _examples(ui: Ui, width: int) -> pygame.Surface:
    """The building-rule examples, drawn from the tile art with a check or a cross each."""
    cell = ui.px(60)
    box_w, box_h = ui.px(290), ui.px(244)
    per_row = max(1, width // box_w)
    rows = (len(EXAMPLES) + per_row - 1) // per_row
    surface = pygame.Surface((width, rows * box_h), pygame.SRCALPHA)
    left = (width - per_row * box_w) // 2
    for index, (caption, ok, tiles, new, mark) in enumerate(EXAMPLES):
        ox, oy = left + (index % per_row) * box_w, (index // per_row) * box_h
        xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
        grid_w, grid_h = (max(xs) - min(xs) + 1) * cell, (max(ys) - min(ys) + 1) * cell
        gx, gy = ox + (box_w - grid_w) // 2, oy + ui.px(6) + (ui.px(184) - grid_h) // 2
        origin_x, origin_y = gx - min(xs) * cell, gy - min(ys) * cell

        def cell_rect(x: int, y: int, ox: int = origin_x, oy: int = origin_y) -> pygame.Rect:
            return pygame.Rect(ox + x * cell, oy + y * cell, cell, cell)

        for x, y, kind, walls in tiles:
            rect = cell_rect(x, y)
            tile = ui.sprites.drawn_tile(kind, walls, cell, EXAMPLE_COSTS.get(kind))
            if (x, y) == new:
                surface.blit(ui.sprites.shadow((cell, cell), 4, 3, 120), (rect.x - 6 + 2, rect.y - 6 + 3))
            surface.blit(tile, rect)
            if (x, y) == new:
                pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(4, 4), 2, border_radius=3)
        if mark is not None:
            _point_at(surface, cell_rect(mark[1], mark[2]), mark, ok, ui.px(5))
        new_rect = cell_rect(*new)
        _mark(surface, (new_rect.right - 2, new_rect.top + 2), ok, ui.px(10))
        for i, line in enumerate(ui.text.wrap(caption, ui.font_px(14), box_w - ui.px(16))[:2]):
            word = ui.text.render(line, ui.font_px(14), theme.PARCHMENT)
            surface.blit(word, word.get_rect(midtop=(ox + box_w // 2, oy + ui.px(198) + i * ui.px(18))))
    return surface


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
    blocks.append(
        _paragraph(
            "Four modules of the first expansion can be switched on when you set up a game: the vizier's favour, "
            "exchange offices, building huts and bonus cards. Each has its own page: the tabs at the top.",
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


def module_blocks(name: str) -> list[Block]:
    """The page of one rule module: what it is, its rules, this game's choices, and how to play it here."""
    _, _, title, intro, rules, choices, controls = MODULE_PAGES[name]
    blocks: list[Block] = [_heading(title), _paragraph(intro, bullet=False)]
    for heading, paragraphs in (
        ("The rules", rules),
        ("Where the rule books leave it open, this game", choices),
        ("At the table", controls),
    ):
        blocks.append(_subheading(heading))
        blocks += [_paragraph(text) for text in paragraphs]
    blocks.append(
        _note("Switch it on when you set up a new game. The keys at the table are listed at the end of the first page.")
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


# The tabs: the base game's page, then one page per module.
PAGES: tuple[str, ...] = ("base", *CHOOSABLE)
PAGE_LABELS: tuple[str, ...] = ("The game", *(MODULE_PAGES[name][1] for name in CHOOSABLE))


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
