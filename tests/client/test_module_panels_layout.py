"""The opponents' column with every rule module of expansion 1 and the 2024 edition (the seven), measured from the
drawing (issue "Module games as clear as the base game", items 7, 8, 9, 11 and 15): two and four players, the five
languages, 1024x700, 1280x800 and 1920x1080 (and 800x600, the least window, where nothing may leave its panel).

A ``Drawing`` screen notes every blit in order, a text's (tagged by the text cache) or a sprite's, with the panel
being drawn.  A label is *covered* when a sprite drawn after it in the same panel puts opaque pixels on its ink; a
piece *crosses the border* when its opaque pixels leave its panel.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass

import pygame
import pytest
from driver import MakeApp

from ai import make_agent
from game import i18n
from game.client import layout as table_layout
from game.client.modules.falcons import KIND_NAMES, FalconsPanel
from game.client.modules.huts import HutsPanel
from game.client.scenes.turn import TurnScene
from game.client.sprites import CAMP_CARTOUCHE, CARTOUCHE, TILE_ART, Sprites
from game.client.table import Table
from game.client.theme import TextCache
from game.client.views import common
from game.engine import ACTION, Game
from game.engine.components import EMPTY, MARKET_SLOTS, SLOT_CURRENCY, TILE_COST, TILE_TYPE, is_camp
from game.engine.modules import falcons
from game.i18n import _, pgettext
from tests.engine.golden_records import ALL_SEVEN

LANGUAGES = ("en", "fa", "zh", "ja", "hu")
SIZES = ((1024, 700), (1280, 800), (1920, 1080))
EVERY_SIZE = ((800, 600), *SIZES)
MID_GAME_TURN = 60  # the turns played before the table is looked at: panels full of pieces
OPAQUE = 128  # a pixel at least this opaque hides what is under it
SLACK = 3  # pixels of a label's ink a sprite may touch (antialiased edges meeting)
READABLE = 14  # px: a falcon's colours are drawn at least this large (they were 8 to 10 px)


@dataclass
class Blit:
    words: str | None  # a text's words, or None: a sprite
    rect: pygame.Rect  # where its opaque pixels (a text's: its ink) went
    mask: pygame.mask.Mask  # those pixels, on the surface blitted
    origin: tuple[int, int]  # where the surface's top left went
    panel: object | None  # the panel drawing it


class Drawing(pygame.Surface):
    """A screen that notes every blit (``blits``), with the panel being drawn (``panel``, set by ``watch``)."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.blits: list[Blit] = []
        self.panel: object | None = None

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        placed = super().blit(source, dest, area, special_flags)
        if special_flags or placed.w == 0 or placed.h == 0:
            return placed  # light blended over the table (a glow) hides nothing
        alpha = source.get_alpha()
        if alpha is not None and alpha < OPAQUE and not source.get_flags() & pygame.SRCALPHA:
            return placed
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        if area is not None:
            source = source.subsurface(pygame.Rect(area).clip(source.get_rect()))
        words = self.texts.get(id(source))
        mask = pygame.mask.from_surface(source, 0 if words is not None else OPAQUE - 1)
        ink = mask.get_bounding_rects()
        if not ink:
            return placed
        self.blits.append(Blit(words, ink[0].unionall(ink[1:]).move(x, y), mask, (x, y), self.panel))
        return placed

    def of(self, panel: object) -> list[Blit]:
        return [blit for blit in self.blits if blit.panel is panel]

    def words(self, panel: object) -> list[str]:
        return [blit.words for blit in self.of(panel) if blit.words]


def covered(blits: list[Blit]) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """(words, their ink, the sprite over them) for every label a later sprite of the same list covers."""
    found = []
    for index, label in enumerate(blits):
        if not label.words or not label.words.strip():
            continue
        lx, ly = label.origin
        for sprite in blits[index + 1 :]:
            if sprite.words is not None or not sprite.rect.colliderect(label.rect):
                continue
            sx, sy = sprite.origin
            if label.mask.overlap_area(sprite.mask, (sx - lx, sy - ly)) > SLACK:
                found.append((label.words, label.rect, sprite.rect))
    return found


def tag_texts(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Every surface the text cache hands out, by id: its words."""
    texts: dict[int, str] = {}
    for name in ("render", "shadowed"):
        original = getattr(TextCache, name)

        def tagged(self, text, *args, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            surface = _original(self, text, *args, **kwargs)
            texts[id(surface)] = text
            return surface

        monkeypatch.setattr(TextCache, name, tagged)
    return texts


@functools.cache
def _game(players: int) -> Game:
    """A game with the seven modules of expansion 1 and the 2024 edition (the issue's items are about them), greedy
    in every seat up to the human's turn 60 (seed 5): the opponents hold a vizier token and bonus cards beside an
    empty reserve, falcons have been bought, huts taken, and the market holds a tile the human cannot pay for."""
    table = Table.new(["You"], ("greedy",) * (players - 1), 5, ALL_SEVEN)
    game = table.game
    bot = make_agent("greedy", 5)
    while not game.state.is_over:
        state = game.state
        fresh = state.turn_player == 0 and not state.progressed and not state.held
        if state.turn >= MID_GAME_TURN and state.phase == ACTION and state.decider == 0 and fresh:
            return game
        game.apply(bot.choose(state.knowledge(state.decider), state.legal_actions()))
    raise AssertionError(f"the game ended before turn {MID_GAME_TURN}")


class Seated:
    """The human's seat at a table of ``_game(players)`` in a window of ``size``, its panels watched."""

    def __init__(self, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int):
        driver = make_app(speed=0.0, size=size)
        driver.app.start()
        driver.app.play(Table(copy.deepcopy(_game(players)), (0,)))
        driver.wait_for_human()
        scene = driver.scene
        assert isinstance(scene, TurnScene)
        self.scene = scene
        self.texts = tag_texts(monkeypatch)
        self.screen: Drawing | None = None
        from module_checks import watch_panels  # here: module_checks is built on this file's Drawing

        watch_panels(monkeypatch, [*scene.opponents.panels, *scene.module_panels.values(), scene.market])

    def draw(self, language: str) -> Drawing:
        """The table in ``language`` (laid out afresh, as a new window in it would be), every blit noted."""
        scene = self.scene
        i18n.set_language(language)
        scene.layout(scene.app.size)
        screen = Drawing(scene.app.size, self.texts)
        scene.ui.mouse = (-100, -100)  # no tooltip, nothing hovered
        scene.draw(screen)
        return screen


def outside(blits: list[Blit], rect: pygame.Rect) -> list[tuple[str | None, pygame.Rect]]:
    return [(blit.words, blit.rect) for blit in blits if not rect.contains(blit.rect)]


# ---------------------------------------------------------------------------------------------------- item 7
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_covers_the_words_of_an_opponents_reserve(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    """Item 7: the vizier token and the bonus cards' backs sat over the word after "Reserve" ("nor…", "ninc…",
    "な…"); now every word of an opponent's panel shows whole and inside it, the pieces included."""
    table = Seated(make_app, monkeypatch, size, players)
    scene = table.scene
    for language in LANGUAGES:
        screen = table.draw(language)
        for panel in scene.opponents.panels:
            said = screen.words(panel)
            assert pgettext("reserve", "Reserve") in said, (language, said)
            assert not scene.state.reserves[panel.seat], "the position has empty reserves"
            assert pgettext("reserve", "none") in said, (language, said)
            assert covered(screen.of(panel)) == [], (language, size)
            assert outside(screen.of(panel), panel.rect.inflate(2, 2)) == [], (language, size)
            pieces = panel.piece_rects(scene.snapshot())
            assert len(pieces) >= 2, "the position has a vizier token and bonus cards beside the reserve"


# ---------------------------------------------------------------------------------------------------- item 8
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_huts_keep_clear_of_their_title_and_inside_their_panel(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    """Item 8: at four players the hut tiles covered the panel's title ("仮設小屋" lost its last character, the
    Hungarian heading was hidden) and crossed its border; now the title shows whole and every hut, back and count
    stays inside the panel, at least ``HutsPanel.least_height``'s huts large where the column has the room."""
    table = Seated(make_app, monkeypatch, size, players)
    scene = table.scene
    panel = scene.module_panels["huts"]
    assert isinstance(panel, HutsPanel)
    for language in LANGUAGES:
        screen = table.draw(language)
        blits = screen.of(panel)
        assert _("Huts").upper() in [blit.words for blit in blits], language
        assert covered(blits) == [], (language, size, panel.rect)
        assert outside(blits, panel.rect) == [], (language, size, panel.rect)
        if size != (800, 600):
            tops = [rect.w for rect in panel.top_rects(scene.state).values()]
            assert min(tops) >= 20, (language, size, tops)


# ---------------------------------------------------------------------------------------------------- item 9
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_falcon_supply_keeps_its_labels_and_readable_colours(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    """Item 9: at four players the supply lost its rows' names and "yours N", and each falcon's two colours were
    8-10 px discs; now every row says its kind and how many you have, and each falcon in the supply shows its
    colours as two building faces at least ``READABLE`` px large, all inside the panel, none over a label."""
    table = Seated(make_app, monkeypatch, size, players)
    scene = table.scene
    panel = scene.module_panels["falcons"]
    assert isinstance(panel, FalconsPanel)
    faces: list[int] = []
    original = Sprites.type_icon

    def noted(self, kind, size_px):  # type: ignore[no-untyped-def]
        faces.append(size_px)
        return original(self, kind, size_px)

    monkeypatch.setattr(Sprites, "type_icon", noted)
    supply = falcons.of(scene.state).supply
    assert 5 <= len(supply) < 15, "some falcons were bought"
    for language in LANGUAGES:
        faces.clear()
        screen = table.draw(language)
        blits = screen.of(panel)
        said = [blit.words for blit in blits if blit.words]
        for name in KIND_NAMES:
            assert _(name) in said, (language, size, said)
        yours = [words for words in said if words.startswith(_("yours {n}").split("{n}")[0])]
        assert len(yours) == 3, (language, size, said)
        assert covered(blits) == [], (language, size)
        assert outside(blits, panel.rect) == [], (language, size)
        assert len(faces) >= 2 * len(supply), "each falcon's two colours are drawn"
        if size != (800, 600):
            assert min(faces) >= READABLE, (language, size, sorted(set(faces)))


# ---------------------------------------------------------------------------------------------------- item 11
def _price(tile: int, rect: pygame.Rect) -> pygame.Rect:
    """Where the tile's cost disc is on the screen (the art's cartouche, scaled)."""
    cx, cy, r = CAMP_CARTOUCHE if is_camp(tile) else CARTOUCHE
    k = rect.w / TILE_ART
    return pygame.Rect(round(rect.x + (cx - r) * k), round(rect.y + (cy - r) * k), round(2 * r * k), round(2 * r * k))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_you_have_chip_leaves_the_tiles_price_in_view(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    """Item 11: the "you have N" chip on a market tile the player cannot pay for half hid the tile's cost; now it
    sits across the tile above the price, which it does not touch, in every language."""
    table = Seated(make_app, monkeypatch, size, players)
    scene = table.scene
    chips: list[tuple[str, pygame.Rect]] = []
    original = common.chip

    def noted(ui, surface, text, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = original(ui, surface, text, pos, *args, **kwargs)
        chips.append((text, rect))
        return rect

    monkeypatch.setattr(common, "chip", noted)
    snap = scene.snapshot()
    unpaid = [slot for slot in MARKET_SLOTS if slot not in snap.buyable and scene.state.in_slot(slot) != EMPTY]
    assert unpaid, "the position has market tiles the human cannot pay for"
    for language in LANGUAGES:
        chips.clear()
        table.draw(language)
        for slot in unpaid:
            tile = scene.state.in_slot(slot)
            assert TILE_TYPE[tile] is not None or is_camp(tile)
            assert TILE_COST[tile] is not None
            place = scene.market.tile_rect(scene.snapshot(), slot)
            have = scene.state.currency_totals(0)[SLOT_CURRENCY[slot]]
            note = _("you have {amount}").format(amount=have)
            drawn = [rect for text, rect in chips if text == note and rect.colliderect(place)]
            assert drawn, (language, slot, chips)
            assert not drawn[0].colliderect(_price(tile, place)), (language, size, slot, drawn[0], place)
            assert scene.market.slot_rects(scene.snapshot())[slot - 1].contains(drawn[0]) or size == (800, 600)


# ---------------------------------------------------------------------------------------------------- item 15
def test_a_wide_window_gives_the_side_columns_the_room() -> None:
    """Item 15: at 1920x1080 the side columns kept their 1280x800 width times the scale while the centre grew
    large and empty; now the width beyond the design's shape goes to the columns (the centre keeps the shape),
    and a window of the design's shape is laid out as before."""
    wide = table_layout.turn_layout((1920, 1080), 1.35, True, 4)
    design = table_layout.turn_layout((1280, 800), 1.0, True, 4)
    assert (design.opponents.w, design.log.w) == (292, 282)
    assert wide.opponents.w >= round(292 * 1.35) + 100
    assert wide.log.w >= round(282 * 1.35) + 50
    centre = wide.market.w
    assert centre <= round(design.market.w * 1.35) + 2, "the centre keeps the design's shape"
    tall = table_layout.turn_layout((1280, 1024), 1.0, True, 4)  # a window taller than the design: as before
    assert (tall.opponents.w, tall.log.w) == (292, 282)
    for size, scale in (((800, 600), 0.625), ((2560, 1080), 1.35), ((1366, 768), 0.96)):
        rects = table_layout.turn_layout(size, scale, True, 4)
        window = pygame.Rect((0, 0), size)
        for rect in (rects.opponents, rects.market, rects.alhambra, rects.bank, rects.log, rects.hand, rects.tray):
            assert window.contains(rect), (size, rect)
        assert rects.market.w >= round(600 * scale), "the market keeps room for its four slots"


@pytest.mark.parametrize("players", [2, 4])
def test_at_1920x1080_the_panels_pieces_are_larger(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """Item 15: at 1920x1080 the falcons, the huts and the opponents' Alhambras get the room: larger than at
    1280x800 by more than the scale (1.35), the opponents' Alhambras in a box as wide as their words leave."""
    found: dict[tuple[int, int], dict[str, float]] = {}
    for size in ((1280, 800), (1920, 1080)):
        table = Seated(make_app, monkeypatch, size, players)
        scene = table.scene
        table.draw("en")
        snap = scene.snapshot()
        huts_panel = scene.module_panels["huts"]
        falcon_panel = scene.module_panels["falcons"]
        assert isinstance(huts_panel, HutsPanel) and isinstance(falcon_panel, FalconsPanel)
        grids = [panel.areas(snap)["grid"] for panel in scene.opponents.panels]
        found[size] = {
            "huts": min(rect.w for rect in huts_panel.top_rects(scene.state).values()),
            "falcons": min(rect.w for rect in falcon_panel.supply_rects(scene.state).values()),
            "grid": min(rect.w for rect in grids),
            "cell": min(panel.grid.cell_size for panel in scene.opponents.panels),
        }
    small, large = found[(1280, 800)], found[(1920, 1080)]
    for what in ("huts", "falcons", "grid"):
        assert large[what] >= (1.6 if what == "grid" else 1.4) * small[what], (what, small, large)
    assert large["cell"] >= 1.35 * small["cell"], (small, large)
