"""The art of the expansion 1 modules: huts, exchange cards, bonus cards and vizier tokens.

Every new sprite loads by engine id at two sizes, each hut colour, exchange pair and bonus card has
a face of its own (also in greyscale: colour is never the only cue), the two vizier states differ,
and the base game's art is untouched.  No window is needed (``tests/conftest.py`` picks SDL's dummy
driver); ``Sprites`` only converts surfaces when a display exists.
"""

from __future__ import annotations

import hashlib
import itertools
from importlib import resources

import pygame
import pytest

from game.client import theme
from game.client.sprites import Sprites, card_size
from game.engine.components import (
    ALL_MONEY,
    BONUS_CARDS,
    BONUS_TILE,
    BUILDING_TYPES,
    BUILDINGS,
    CURRENCIES,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    HUT_COLOUR,
    HUTS,
    SCORING_CARDS,
    TILE_WALLS,
)

TILE_SIZES = (48, 128)
CARD_HEIGHTS = (60, 120)
TOKEN_SIZES = (32, 64)

# SHA-256 over the base game's PNG files (path and bytes, sorted by path).  The modules only add files;
# if you change the base art on purpose, regenerate, look at the contact sheet and update this digest.
# Last changed on purpose: the scoring cards' word "SCORING" replaced by three stars, the same in every language
# (issue "Module games as clear as the base game", item 14).
BASE_PNG_DIGEST = "a6f26a2006fdc0614e190d99a6ca6f5b5273a18ec4f2d4d38254eee7eb0376ee"


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.font.init()
    return Sprites(theme.TextCache(theme.Fonts()))


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def grey_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference of two same-sized images seen in greyscale (0..255)."""
    ga = pygame.image.tobytes(pygame.transform.grayscale(a), "RGB")[::3]
    gb = pygame.image.tobytes(pygame.transform.grayscale(b), "RGB")[::3]
    return sum(abs(x - y) for x, y in zip(ga, gb, strict=True)) / len(ga)


def test_module_ids_are_the_expected_ones() -> None:
    assert len(HUTS) == 24 and len(EXCHANGE_CARDS) == 6 and len(BONUS_CARDS) == 10
    assert {HUT_COLOUR[t] for t in HUTS} == set(range(len(BUILDING_TYPES)))


@pytest.mark.parametrize("size", TILE_SIZES)
def test_every_hut_tile_loads_with_its_walls_and_no_cost(sprites: Sprites, size: int) -> None:
    for tile in HUTS:
        image = sprites.tile(tile, size)
        assert image.get_size() == (size, size)
        assert sprites.tile(tile, size) is image  # cached
        assert pixels(image) == pixels(sprites.hut(HUT_COLOUR[tile], size, TILE_WALLS[tile]))  # type: ignore[arg-type]
        assert TILE_WALLS[tile], "every hut has a wall"
        assert pixels(image) != pixels(sprites.hut(HUT_COLOUR[tile], size))  # type: ignore[arg-type]
    for colour, name in enumerate(BUILDING_TYPES):
        plain = sprites.hut(colour, 128)
        assert pixels(plain) == pixels(sprites.image(f"tiles/hut_{name}.png"))  # nothing printed on it
        assert sprites.hut(name, 128) is plain


def test_hut_faces_differ_per_colour_also_in_greyscale(sprites: Sprites) -> None:
    faces = [sprites.hut(colour, 128) for colour in range(len(BUILDING_TYPES))]
    emblems = [face.subsurface((43, 41, 42, 42)) for face in faces]  # the disc with the type's emblem
    for a, b in itertools.combinations(emblems, 2):
        assert grey_difference(a, b) > 25
    for colour, name in enumerate(BUILDING_TYPES):  # a hut never looks like a building of its colour
        assert grey_difference(faces[colour], sprites.type_icon(name, 128)) > 40


@pytest.mark.parametrize("height", CARD_HEIGHTS)
def test_every_exchange_and_bonus_card_loads(sprites: Sprites, height: int) -> None:
    for card in (*EXCHANGE_CARDS, *BONUS_CARDS):
        image = sprites.card(card, height)
        assert image.get_size() == card_size(height)
        assert sprites.card(card, height) is image
    back = sprites.bonus_back(height)
    assert back.get_size() == card_size(height)
    assert pixels(back) != pixels(sprites.card_back(height))


def test_exchange_cards_differ_per_pair(sprites: Sprites) -> None:
    pairs = {EXCHANGE_PAIR[card] for card in EXCHANGE_CARDS}
    assert pairs == set(itertools.combinations(range(len(CURRENCIES)), 2))
    faces = [sprites.card(card, 120) for card in EXCHANGE_CARDS]
    for a, b in itertools.combinations(faces, 2):
        assert grey_difference(a, b) > 4
    for face in faces:
        assert grey_difference(face, sprites.card(ALL_MONEY[0], 120)) > 20


def test_bonus_cards_differ_per_card_and_from_the_back(sprites: Sprites) -> None:
    assert len({BONUS_TILE[card] for card in BONUS_CARDS}) == len(BONUS_CARDS)
    faces = [sprites.card(card, 120) for card in BONUS_CARDS]
    for a, b in itertools.combinations(faces, 2):  # two of a type differ in their cost only
        assert grey_difference(a, b) > 1
    back = sprites.bonus_back(120)
    for face in faces:
        assert grey_difference(face, back) > 20
    assert grey_difference(back, sprites.card_back(120)) > 5


@pytest.mark.parametrize("size", TOKEN_SIZES)
def test_vizier_tokens_awake_and_asleep(sprites: Sprites, size: int) -> None:
    awake, asleep = sprites.vizier_token(True, size), sprites.vizier_token(False, size)
    assert awake.get_size() == asleep.get_size() == (size, size)
    assert sprites.vizier_token(True, size) is awake
    assert grey_difference(awake, asleep) > 10


def test_all_files_the_client_needs_are_there(sprites: Sprites) -> None:
    assert sprites.check() == []


def test_base_game_sprites_by_id_are_unchanged(sprites: Sprites) -> None:
    for card in ALL_MONEY[::7]:
        assert pixels(sprites.card(card, 120)) == pixels(sprites.image(_value_file(card)))
    for number, card in enumerate(SCORING_CARDS, start=1):
        assert pixels(sprites.card(card, 120)) == pixels(sprites.scoring_card(number, 120))
    for tile in range(0, len(BUILDINGS), 5):
        assert sprites.tile(tile, 64).get_size() == (64, 64)


def test_base_game_art_is_unchanged() -> None:
    """The base game's PNG files are byte-identical to those generated last on purpose (the modules only add)."""
    root = resources.files("assets")
    module_art = (
        "tiles/hut_",
        "cards/exchange_",
        "cards/bonus_",
        "cards/coin_",
        "cards/thief_",
        "cards/gate",
        "cards/wall_",
        "tokens/",
    )
    paths = []
    for folder in ("board", "cards", "tiles", "ui"):
        for entry in root.joinpath(folder).iterdir():
            path = f"{folder}/{entry.name}"
            if path.endswith(".png") and not path.startswith(module_art):
                paths.append(path)
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.encode() + b"\0" + root.joinpath(*path.split("/")).read_bytes())
    assert len(paths) == 76
    assert digest.hexdigest() == BASE_PNG_DIGEST


def _value_file(card: int) -> str:
    from game.engine.components import CARD_CURRENCY, CARD_VALUE

    return f"cards/value_{CURRENCIES[CARD_CURRENCY[card]]}_{CARD_VALUE[card]}.png"  # type: ignore[index]
