"""A readable, scrollable summary of the rules, with the building rules drawn as examples, and one page for
each rule module, chosen with the tabs at the top.

The first page, the base game's, is kept here; each module's page lives with the module
(``modules/<name>_help.py``, named by its ``ClientModule.help_page``), and this scene gathers the pages of the
modules the client knows (``CLIENT_MODULES``), naming none.  Pages are made of the parts of ``help_blocks``.

Each page is laid out once per width and language into one tall surface (text, tables and the example
Alhambras drawn from the tile art) and scrolled as a viewport, so scrolling costs a blit.

Every text is kept in English, marked ``N_`` (docs/I18N.md), and translated when the page is laid out:
one message per paragraph, heading or caption, with named placeholders where a number or key goes in.  In a
right-to-left language the lines start at the right margin and the tables read from the right; the drawn
example Alhambras stay as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, CURRENCIES, SCORE_POINTS, E, N, S, W
from game.engine.modules import CHOOSABLE
from game.i18n import N_, _, generation, is_rtl, pgettext, words

from .. import theme
from ..help_blocks import (
    Block,
    Example,
    HelpPage,
    Placed,
    example_grid,
    flip,
    heading,
    note,
    paragraph,
    report,
    subheading,
)
from ..modules import CLIENT_MODULES
from ..shortcuts import END_TURN_KEY, SHORTCUTS
from ..widgets import Button, Choice, Ui, draw_text
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

# The building rules drawn: where a tile may go and where not (``help_blocks.Example``).
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


_examples = example_grid(EXAMPLES)


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
        report(placed, surface.blit(word, (flip(x, word.get_width(), width), y)))

    x = col_w[0]
    for r, head in enumerate(heads):
        put(ui.text.render(head, size, theme.GOLD_LIGHT, "bold"), x, 0)
        x += col_w[r + 1]
    for t, kind in enumerate(BUILDING_TYPES):
        y = row_h * (t + 1)
        surface.blit(ui.sprites.type_icon(kind, row_h - 4), (flip(0, row_h - 4, width), y))
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
        cap = pygame.Rect(flip(0, cap_w, width), y + 2, cap_w, row_h - 6)
        pygame.draw.rect(surface, theme.PARCHMENT, cap, border_radius=5)
        pygame.draw.rect(surface, theme.GOLD_DARK, cap, 1, border_radius=5)
        report(placed, surface.blit(key, key.get_rect(center=cap.center)))
        word = ui.text.render(_(meaning), size, theme.IVORY)
        report(placed, surface.blit(word, (flip(ui.px(150), word.get_width(), width), y + ui.px(3))))
    return surface


def _currencies(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """The four currencies as their badges, so the names match what the table shows."""
    size = ui.px(34)
    surface = pygame.Surface((width, size + ui.px(10)), pygame.SRCALPHA)
    x = ui.px(22)
    for index, currency in enumerate(CURRENCIES):
        surface.blit(ui.sprites.currency_badge(currency, size), (flip(x, size, width), 0))
        name = words.currency(index)
        word = ui.text.render(name[:1].upper() + name[1:], ui.font_px(16), theme.IVORY)
        rect = word.get_rect(midleft=(x + size + ui.px(8), size // 2))
        rect.x = flip(rect.x, rect.w, width)
        report(placed, surface.blit(word, rect))
        x += size + word.get_width() + ui.px(36)
    return surface


# A drawn part shown at the end of the section with this title.
SECTION_EXTRAS: dict[str, Block] = {"The components": _currencies, "Scoring": _score_table}


def _sections(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> list[Block]:
    """Each section as its heading, its paragraphs and its drawn extra, if it has one."""
    blocks: list[Block] = []
    for title, paragraphs in sections:
        blocks.append(heading(title))
        blocks += [paragraph(text, **PLACEHOLDERS) for text in paragraphs]
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
# TRANSLATORS: after the paragraph on the modules: {modules} lists those the setup does not offer yet ("thieves,
# traders"), whose pages tell their rules ahead.
MODULES_WAITING = N_("More have pages of their own but cannot be switched on at setup yet: {modules}.")


def page() -> list[Block]:
    """The first page's parts (its words are translated as each part is laid out)."""
    blocks: list[Block] = [paragraph(INTRO, bullet=False), *_sections(SECTIONS)]
    blocks.append(heading(N_("Building rules")))
    blocks.append(paragraph(BUILDING_RULES))
    blocks.append(_examples)
    blocks += _sections(SECTIONS_AFTER)
    # TRANSLATORS: a heading: the optional rule modules (expansions).
    blocks.append(heading(N_("Modules")))
    blocks.append(paragraph(MODULES))
    waiting = [name for name in MODULE_PAGES if name not in CHOOSABLE]
    if waiting:
        modules = words.join(_(MODULE_PAGES[name].tab).lower() for name in waiting)
        blocks.append(paragraph(MODULES_WAITING, modules=modules))
    blocks.append(heading(N_("Keys at the table")))
    blocks.append(_keys)
    return blocks


# Every module's page, from the module that has one (``ClientModule.help_page``), in the registry's order.
MODULE_PAGES: dict[str, HelpPage] = {
    module.name: module.help_page for module in CLIENT_MODULES.values() if module.help_page is not None
}

CHOOSABLE_NOTE = N_(
    "Switch it on when you set up a new game. The keys at the table are listed at the end of the first page."
)
WAITING_NOTE = N_(
    "This module cannot be switched on at setup yet: this page tells its rules ahead. "
    "The keys at the table are listed at the end of the first page."
)


def module_blocks(name: str) -> list[Block]:
    """The page of one rule module: what it is, its sections (its rules, this game's choices, how to play it
    here) each with its drawings, and whether it can be chosen at setup."""
    module_page = MODULE_PAGES[name]
    blocks: list[Block] = [heading(module_page.title), paragraph(module_page.intro, bullet=False)]
    for section in module_page.sections:
        blocks.append(subheading(section.title))
        blocks += [paragraph(text) for text in section.paragraphs]
        blocks += section.pictures
    blocks.append(note(CHOOSABLE_NOTE if name in CHOOSABLE else WAITING_NOTE))
    return blocks


# The tabs: the base game's page, then one page per module the setup screen offers (``CHOOSABLE``), then the
# pages of the modules it does not offer yet: every module's page is shown, whatever game is being played.
PAGES: tuple[str, ...] = (
    "base",
    *(name for name in CHOOSABLE if name in MODULE_PAGES),
    *(name for name in MODULE_PAGES if name not in CHOOSABLE),
)
PAGE_LABELS: tuple[str, ...] = (
    # TRANSLATORS: the rules help's first tab: the base game's rules (the other tabs name the modules).
    N_("The game"),
    *(MODULE_PAGES[name].tab for name in PAGES[1:]),
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
        # too many tabs for one row (every module's page): two rows, the page below them
        self.tabs.rows = 1 if (max(self.tabs.needs()) + 10) * len(PAGES) <= self.tabs.rect.w else 2  # equal shares
        extra = (self.tabs.rows - 1) * (px(34) + 4)
        self.tabs.rect.h += extra
        self.view = pygame.Rect(
            self.panel.x + px(36), self.panel.y + px(122) + extra, self.panel.w - px(72), self.panel.h - px(202) - extra
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
