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
from screens import SCREENS, visit_screens

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


@pytest.mark.slow
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


@pytest.mark.slow
def test_every_other_screen_as_colour_blind_players_see_it_is_saved_for_review(
    make_app: MakeApp, screenshots: Path
) -> None:
    """Every other screen (menu, setup, settings, rules help, game menu, a scoring's sheet, the end of a game)
    through each simulation, at 1024x700 (tests/client/screenshots/cvd_<screen>_<kind>.png)."""
    driver = make_app(size=(1024, 700))

    def save(name: str) -> None:
        small = pygame.transform.smoothscale(driver.app.screen, (512, 350))
        for kind in sorted(MATRICES):
            pygame.image.save(simulate(small, kind), str(screenshots / f"cvd_{name.replace(' ', '_')}_{kind}.png"))

    assert visit_screens(driver, save) == list(SCREENS)
    assert (screenshots / "cvd_game_over_deuteranopia.png").is_file()
