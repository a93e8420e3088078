"""No text overflows the window or runs into another label on the table, at the four window sizes the
game is tried at, with two and four players (issue 20, item 8: measured from the drawing, not by eye)."""

from __future__ import annotations

import itertools
from functools import cache

import pygame
import pytest
from driver import MakeApp
from module_checks import layout_problems
from screens import MODULE_SCREENS, SCREENS, visit_module_screens, visit_screens
from text_layout import Recording, boxed, draw_top_scene, overlaps, record_texts, watch_cuts

from ai import make_agent
from game import i18n
from game.client.table import Table
from game.engine import ACTION, Game, GameConfig, Seat
from game.engine.modules import CHOOSABLE, PLAYABLE

SIZES = ((800, 600), (1024, 700), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("people", [1, 2], ids=["one person", "two people"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tables_labels_never_overlap(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int, people: int
) -> None:
    """One person against bots, and two people at one screen (the table turned to whoever decides)."""
    names = ["Ann", "Bartholomew"][:people]
    driver = make_app(players=names, ai=["greedy"] * (players - people), seed=3, speed=0.0, size=size)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    for _ in range(4):  # a few rounds: hands, reserves, Alhambras and the log fill up
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    texts = record_texts(monkeypatch, scene.ui.text)
    screen = Recording(size, texts)
    panels = [scene.bank, scene.majorities, scene.log, scene.hand, scene.tray, *scene.opponents.panels]
    for view in [*panels, *scene.module_panels.values()]:
        boxed(monkeypatch, screen, view)
    scene.ui.mouse = (-100, -100)  # no tooltip
    scene.draw(screen)
    assert len(screen.placed) > 50, "the table's texts were recorded"
    window = pygame.Rect((0, 0), size)
    assert [label for label in screen.placed if not window.contains(label[1])] == []
    assert screen.outside == [], "a text ran out of its panel"
    assert overlaps(screen.placed) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_other_screens_labels_stay_apart(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The menu, the setup (with every module listed), the settings, the rules help, the game menu, a scoring's
    sheet and the end of a game: no label runs into another, out of the window, or out of the screen's panel
    (an overlay counts its own)."""
    driver = make_app(size=size)
    window = pygame.Rect((0, 0), size)

    def check(name: str) -> None:
        texts = record_texts(monkeypatch, driver.scene.ui.text)
        screen = Recording(size, texts)
        driver.scene.ui.mouse = (-100, -100)
        draw_top_scene(screen, driver.app.stack.scenes)
        assert screen.placed, name
        assert [label for label in screen.placed if not window.contains(label[1])] == [], name
        panel = getattr(driver.scene, "panel", None)  # a screen drawn in a panel keeps its words inside it
        if panel is not None and panel.w > 0:
            assert [label for label in screen.placed if not panel.inflate(2, 2).contains(label[1])] == [], name
        assert overlaps(screen.placed) == [], name

    assert visit_screens(driver, check) == list(SCREENS)


# ====================================================================== every screen, every module, every language
LANGUAGES = tuple(i18n.LANGUAGES)
MATRIX_PLAYERS = (2, 4, 6)
# Where a label may be cut short with "…" by design (``TextCache.fit``'s callers), and why it may: the place's
# "file:function", and the reason.  Anywhere else a cut hides words a player must read.
CUT_BY_DESIGN: dict[str, str] = {
    "game/client/views/bank.py:_draw_outlook": "the money offer's outlook on the next scoring: the bar above it shows "
    "where the scoring cards lie in the deck; the sentence gets the lines the panel has left and its tooltip says it "
    "whole (a small window, or a longer language: Persian at 1024x700)",
    "game/client/scenes/scoring.py:draw_sheet": "a player's own name, one word wider than its column of the score "
    "sheet (names wrap at their spaces; the bots' names fit)",
}


def _table_panels(scene) -> list:  # type: ignore[no-untyped-def]
    return [
        scene.bank,
        scene.majorities,
        scene.log,
        scene.hand,
        scene.tray,
        *scene.opponents.panels,
        *scene.module_panels.values(),
    ]


def _problems(screen: Recording, size: tuple[int, int], panel: pygame.Rect | None) -> list[str]:
    """Everything wrong with the labels of one drawn screen, said one line each."""
    window = pygame.Rect((0, 0), size)
    found = [f"off the window: {words!r} at {rect}" for words, rect in screen.placed if not window.contains(rect)]
    if panel is not None and panel.w > 0:
        found += [
            f"out of the screen's panel: {words!r} at {rect}"
            for words, rect in screen.placed
            if not panel.inflate(2, 2).contains(rect)
        ]
    found += [f"out of its panel {box}: {words!r} at {rect}" for words, rect, box in screen.outside]
    found += [f"over another label: {one!r} and {two!r}" for one, two, _area in overlaps(screen.placed)]
    found += [f"covered by a sprite at {sprite}: {words!r}" for words, _rect, sprite in screen.covered]
    found += [f"cut with '…' in {where}: {words!r}" for words, where in screen.cuts if where not in CUT_BY_DESIGN]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_of_a_game_with_every_module(make_app: MakeApp, code: str, size: tuple[int, int]) -> None:
    """Issue "Module games as clear as the base game": with all seven modules, with 2, 4 and 6 players, in each
    language at each size, the menu, the setup (every module on; one opponent and five), the settings, the
    rules, the table in the middle of a game, the sheet of each scoring, the game menu and the end: no label off
    the window, out of its panel, over another label, covered by a sprite drawn after it, or cut short with "…"
    where a player must read it (``CUT_BY_DESIGN`` lists where that is meant)."""
    driver = make_app(size=size, lang=code, speed=0.0, modules=CHOOSABLE)
    problems: list[str] = []

    def look(name: str, players: int | None = None) -> None:
        scene = driver.scene
        with pytest.MonkeyPatch.context() as patch:
            texts = record_texts(patch, scene.ui.text)
            screen = Recording(size, texts)
            watch_cuts(patch, screen)
            if name == "table":
                for view in _table_panels(scene):
                    boxed(patch, screen, view)
            scene.ui.mouse = (-100, -100)
            draw_top_scene(screen, driver.app.stack.scenes)
        assert screen.placed, name
        said = f"{name}" if players is None else f"{name}, {players} players"
        panel = None if name == "table" else getattr(scene, "panel", None)
        problems.extend(f"{said}: {problem}" for problem in _problems(screen, size, panel))

    def setup(name: str) -> None:
        look(name)
        if name == "setup":
            scene = driver.scene
            scene.count.index = len(scene.count.options) - 1  # five opponents: the most rows and the longest note
            scene.layout(size)
            look("setup, five opponents")
            scene.count.index = 0
            scene.layout(size)
            look("setup, one opponent")

    assert visit_screens(driver, setup, game=False)[:4] == ["menu", "setup", "settings", "rules"]
    for players in MATRIX_PLAYERS:
        assert visit_module_screens(driver, players, lambda name, p=players: look(name, p)) == list(MODULE_SCREENS)
    assert problems == [], "\n".join(problems)


# ====================================================================== the table with every module at once
LAYOUT_SIZES = ((1024, 700), (1280, 800), (1920, 1080))
EVERY_MODULE = PLAYABLE  # offered at setup or not yet: all thirteen (and Dirk with two players)


@cache
def _every_module_game(players: int) -> Game:
    """A game with every module, greedy in every seat up to the human's action at turn 22 or later (seed 7): a
    market, bazaars waiting, wall cards and chests beside it, pieces on every panel."""
    seats = (Seat("You", "human"), *(Seat(f"Greedy {n}", "greedy") for n in range(1, players)))
    game = Game.new(GameConfig(seed=7, seats=seats, modules=EVERY_MODULE))
    bot = make_agent("greedy", 7)
    while not game.state.is_over:
        state = game.state
        if state.turn >= 22 and state.decider == 0 and state.phase == ACTION and not state.held:
            return game
        game.apply(bot.choose(state.knowledge(state.decider), state.legal_actions()))
    raise AssertionError("the game ended before turn 22")


def _seated(make_app: MakeApp, game: Game, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    driver = make_app(size=size, speed=0.0)
    driver.app.start()
    driver.app.play(Table(game.copy(), (0,)))
    driver.wait_for_human()
    return driver.scene


@pytest.mark.parametrize("code", ["en", *(pytest.param(code, marks=pytest.mark.slow) for code in LANGUAGES[1:])])
@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("size", LAYOUT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_with_every_module_is_clear(
    make_app: MakeApp, size: tuple[int, int], players: int, code: str
) -> None:
    """Every module on at once (four panels beside the market, four in the opponents' column), with 2 and 6
    players, in each language at 1024x700, 1280x800 and 1920x1080: no label off the window, out of its panel, over
    another label, covered by a sprite drawn after it, or cut short with "…" where a player must read it; no two
    panels on top of each other or of the market, and each inside the window."""
    scene = _seated(make_app, _every_module_game(players), size)
    problems: list[str] = []
    try:
        i18n.set_language(code)
        scene.layout(scene.app.size)
        problems += layout_problems(scene, size)
    finally:
        i18n.set_language("en")
    window = pygame.Rect((0, 0), size)
    boxes = {"market": scene.market.rect, **{name: panel.rect for name, panel in scene.module_panels.items()}}
    boxes.update({f"opponent {panel.seat}": panel.rect for panel in scene.opponents.panels})
    problems += [f"{name} off the window: {rect}" for name, rect in boxes.items() if not window.contains(rect)]
    problems += [
        f"{one} over {two}"
        for (one, first), (two, second) in itertools.combinations(boxes.items(), 2)
        if first.colliderect(second)
    ]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("size", LAYOUT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_markets_tiles_keep_their_size_with_every_module(
    make_app: MakeApp, size: tuple[int, int], players: int
) -> None:
    """With every module on, the market's four slots are as large as with the bazaars' panel alone beside them (the
    panels beside the market share one column, ``game/client/dock.py``), and your Alhambra keeps most of its area."""
    alone = Game.new(
        GameConfig(
            seed=7,
            seats=(Seat("You", "human"), *(Seat(f"Bot {n}", "greedy") for n in range(1, players))),
            modules=("bazaars",),
        )
    )
    scene = _seated(make_app, alone, size)
    bazaars_alone = scene.market.slot_rects(scene.snapshot())
    full_area = scene.layout_rects.alhambra
    scene = _seated(make_app, _every_module_game(players), size)
    every = scene.market.slot_rects(scene.snapshot())
    assert [rect.size for rect in every] == [rect.size for rect in bazaars_alone]
    assert every[0].h >= scene.ui.px(110), every[0]  # a tile a player reads across the table
    area = scene.layout_rects.alhambra
    assert area.w * area.h >= 0.4 * full_area.w * full_area.h, (area, full_area)
