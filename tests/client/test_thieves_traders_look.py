"""The thieves (RULES.md §11.3) and the street traders (§11.5) as players see them: pieces told apart by shape
and emblem, not colour alone (the thief cards by their currency's emblem, the six citizens by their building's
emblem, under every simulated colour-vision deficiency: ``cvd.py``), and every label of their screens clear
(the table in the thief window, after a building lands on the disc's cell, when the disc goes back, and the
choice of citizens at setup) at 1024x700 and 1920x1080 in every language: no label off the window, out of its
panel, over another, covered by a sprite or cut short (``test_text_layout``'s checks)."""

from __future__ import annotations

import itertools
from functools import cache

import pygame
import pytest
from cvd import MATRICES, difference, shape_difference, simulate
from driver import MakeApp
from module_player import position
from street_player import MODULES
from test_text_layout import LANGUAGES, _problems, _table_panels
from text_layout import Recording, boxed, draw_top_scene, record_texts, watch_cuts

from game.client.scenes.setup_choices import SetupChoiceScene
from game.client.scenes.turn import TurnScene
from game.client.sprites import Sprites
from game.client.table import Table
from game.client.theme import Fonts, TextCache
from game.engine import Game
from game.engine.components import CITIZENS, CURRENCIES, PIECE_COLOUR, THIEF_CARDS, THIEF_CURRENCY
from game.engine.modules import thieves, traders

DISTINCT = 10.0  # as test_colour_blind: the mean difference per channel under which two pieces read the same
SHAPES_APART = 7.0  # per cent of a card where one has an edge and the other none


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.font.init()
    return Sprites(TextCache(Fonts()))


def test_the_four_thief_cards_differ_in_shape_alone(sprites: Sprites) -> None:
    """[M-THIEF-1] a thief of each currency, as your thieves stand beside your Alhambra: their currency's emblem,
    large in the medallion and in two corners, tells them apart with colour ignored."""
    cards = {CURRENCIES[THIEF_CURRENCY[c]]: sprites.card(c, 96) for c in THIEF_CARDS[::3]}
    assert len(cards) == 4
    for (one, first), (two, second) in itertools.combinations(cards.items(), 2):
        assert shape_difference(first, second) >= SHAPES_APART, f"{one} and {two} thieves differ too little in shape"


@pytest.mark.parametrize("kind", sorted(MATRICES))
def test_the_six_citizens_differ_without_colour(sprites: Sprites, kind: str) -> None:
    """[M-TRADER-1] a citizen of each colour, as the traders' panel shows them: their buildings' emblems keep them
    apart for every deficiency, and in shape alone."""
    one_each = {PIECE_COLOUR[c]: c for c in reversed(CITIZENS)}
    figures = {colour: sprites.tile(citizen, 64) for colour, citizen in sorted(one_each.items())}
    assert len(figures) == 6
    for (one, first), (two, second) in itertools.combinations(figures.items(), 2):
        assert difference(simulate(first, kind), simulate(second, kind)) >= DISTINCT, (one, two, kind)
        assert shape_difference(first, second) > 0.5, f"citizens {one} and {two} have the same shape and emblem"


# ---------------------------------------------------------------------- every label clear
@cache
def _game(phase: str) -> Game:
    return position(lambda s: s.phase == phase, modules=MODULES, players=3, seeds=range(1, 200), limit=700)


PHASES = (thieves.WINDOW, traders.TRADING, traders.DISC_BACK)


@pytest.mark.parametrize(
    "code", [LANGUAGES[0], *(pytest.param(code, marks=pytest.mark.slow) for code in LANGUAGES[1:])]
)
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_label_of_their_screens_is_clear(make_app: MakeApp, code: str, size: tuple[int, int]) -> None:
    driver = make_app(size=size, lang=code, speed=0.0)
    problems: list[str] = []

    def look(name: str) -> None:
        scene = driver.scene
        with pytest.MonkeyPatch.context() as patch:
            texts = record_texts(patch, scene.ui.text)
            screen = Recording(size, texts)
            watch_cuts(patch, screen)
            if isinstance(scene, TurnScene):
                for view in _table_panels(scene):
                    boxed(patch, screen, view)
            scene.ui.mouse = (-100, -100)
            draw_top_scene(screen, driver.app.stack.scenes)
        assert screen.placed, name
        panel = None if isinstance(scene, TurnScene) else getattr(scene, "panel", None)
        problems.extend(f"{name}: {problem}" for problem in _problems(screen, size, panel))

    for phase in PHASES:
        driver.app.play(Table(_game(phase).copy(), (0,)))
        driver.wait_for_human()
        driver.step(3)
        assert driver.scene.state.phase == phase
        look(f"the table, {phase}")
    driver.app.new_game(["Bartholomew"], ["random"], 3, MODULES)
    driver.step(3)
    assert isinstance(driver.scene, SetupChoiceScene)
    for kind in (0, 3, 5):
        driver.click(driver.scene.choice.citizen_rects()[kind].center)
    driver.step(2)
    look("the choice of citizens")
    assert problems == [], "\n".join(problems)
