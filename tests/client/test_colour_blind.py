"""Nothing is told by colour alone: pieces stay apart for players with a colour-vision deficiency (issue 20,
item 5).  Each check simulates protanopia, deuteranopia and tritanopia (``cvd.py``); the simulated table
screens are saved beside the other screenshots for review."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from cvd import MATRICES, difference, shape_difference, simulate
from driver import MakeApp

from game.client.sprites import Sprites
from game.client.theme import Fonts, TextCache
from game.engine.components import BUILDING_TYPES, CARD_CURRENCY, CARD_VALUE, CURRENCIES

DISTINCT = 10.0  # mean difference per channel (0..255) under which two pieces would read as the same
SHAPES_APART = 7.0  # per cent of a card where one has an edge and the other none (``cvd.shape_difference``)


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.font.init()
    return Sprites(TextCache(Fonts()))


def test_the_four_currencies_cards_differ_in_shape_alone(sprites: Sprites) -> None:
    """Cards of one value in the four currencies, as a hand shows them, differ in their shapes, colour ignored:
    their large emblems (fleur, crescent, flower, crown, top and bottom) carry them where their colours merge
    (florin and ducat in deuteranopia).  With only the corner marks, pairs differed in 4.5-7.6 % of the card."""
    cards = {
        CURRENCIES[currency]: sprites.card(
            next(c for c, cur in enumerate(CARD_CURRENCY) if cur == currency and CARD_VALUE[c] == 6), 96
        )
        for currency in range(4)
    }
    for (one, first), (two, second) in itertools.combinations(cards.items(), 2):
        assert shape_difference(first, second) >= SHAPES_APART, f"{one} and {two} cards differ too little in shape"


@pytest.mark.parametrize("kind", sorted(MATRICES))
def test_the_six_building_types_differ_without_colour(sprites: Sprites, kind: str) -> None:
    """The six building types, drawn as the market and the Alhambras show them (no walls), differ for every
    deficiency by their buildings' shapes, not only by their colours (seraglio and arcades turn one olive)."""
    tiles = {kind_name: simulate(sprites.drawn_tile(kind_name, 0, 64), kind) for kind_name in BUILDING_TYPES}
    for (one, first), (two, second) in itertools.combinations(tiles.items(), 2):
        assert difference(first, second) >= DISTINCT, f"{one} and {two} look alike in {kind}"


def test_the_table_as_colour_blind_players_see_it_is_saved_for_review(make_app: MakeApp, screenshots: Path) -> None:
    """The table of a four-player game at 1024x700 and 1920x1080, through each simulation (images to look at:
    tests/client/screenshots/cvd_*.png)."""
    for size in ((1024, 700), (1920, 1080)):
        driver = make_app(ai=["greedy", "greedy", "random"], seed=3, speed=0.0, size=size)
        driver.app.start()
        driver.wait_for_human()
        for _ in range(3):
            driver.key(pygame.K_1)
            driver.key(pygame.K_RETURN)
            driver.wait_for_human()
        small = pygame.transform.smoothscale(driver.app.screen, (size[0] // 2, size[1] // 2))
        for kind in sorted(MATRICES):
            seen = simulate(small, kind)
            assert difference(seen, small) > 0
            pygame.image.save(seen, str(screenshots / f"cvd_{kind}_{size[0]}x{size[1]}.png"))


def test_every_other_screen_as_colour_blind_players_see_it_is_saved_for_review(
    make_app: MakeApp, screenshots: Path
) -> None:
    """Every other screen (menu, setup, settings, rules help, game menu, a scoring's sheet, the end of a game)
    through each simulation, at
    1024x700 (tests/client/screenshots/cvd_<screen>_<kind>.png)."""
    from test_camps_bazaars_client import _just_scored
    from test_model import played_game

    from game.client.score_sheet import sheet_for
    from game.client.table import Table

    driver = make_app(size=(1024, 700))
    driver.app.start()
    driver.step(2)
    saved = []

    def save(name: str) -> None:
        driver.step(2)
        small = pygame.transform.smoothscale(driver.app.screen, (512, 350))
        for kind in sorted(MATRICES):
            pygame.image.save(simulate(small, kind), str(screenshots / f"cvd_{name}_{kind}.png"))
        saved.append(name)

    save("menu")
    for key, name in ((pygame.K_n, "setup"), (pygame.K_s, "settings"), (pygame.K_r, "rules")):
        driver.key(key)
        save(name)
        driver.key(pygame.K_ESCAPE)
    game, event = _just_scored(lambda e: e["round"] == 2, modules=())
    driver.app.play(Table(game, 0))
    driver.step(2)
    driver.key(pygame.K_ESCAPE)
    save("game_menu")
    driver.key(pygame.K_ESCAPE)
    driver.app.screens.open_scoring(driver.scene, sheet_for(game.state, event, []))
    save("scoring")
    finished = played_game(7, players=3)
    driver.app.screens.show_game_over(Table(finished, 0), None)
    save("game_over")
    assert saved == ["menu", "setup", "settings", "rules", "game_menu", "scoring", "game_over"]
    assert all((screenshots / f"cvd_{name}_deuteranopia.png").is_file() for name in saved)
