"""The art of the 2024 edition's modules: camps, bazaars and falcons.

Every camp and bazaar loads by engine id through ``Sprites.tile`` and every falcon through
``Sprites.falcon``, at two sizes; each piece differs from every other of its kind also in greyscale
(colour is never the only cue), falcons of different kinds differ in pose, rim and ground, camps and
bazaars never pass for buildings or huts, and ``Sprites.check`` asks for every file they need.  No
window is needed (``tests/conftest.py`` picks SDL's dummy driver).
"""

from __future__ import annotations

import itertools
from importlib import resources

import pygame
import pytest
from test_module_sprites import grey_difference, pixels

from game.client import sprites as sprites_module
from game.client import theme
from game.client.sprites import (
    ARROW_FILES,
    BASTION_FILES,
    CAMP_FACE,
    MissingAsset,
    Sprites,
    bazaar_file,
    falcon_file,
)
from game.engine.components import (
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    BUILDING_TYPES,
    BUILDINGS,
    CAMP_ARROWS,
    CAMPS,
    CURRENCIES,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_TYPES,
    FALCONS,
    TILE_COST,
    TILE_WALLS,
    N,
)

TILE_SIZES = (48, 128)
FALCON_SIZES = (32, 64)
BAZAAR_EMBLEMS = (19, 83, 90, 30)  # the three discs with building emblems on a 128 px bazaar's counter
FALCON_EMBLEMS = ((10, 38, 21, 21), (33, 38, 21, 21))  # the two discs with building emblems on a 64 px token
FALCON_BIRD = (6, 4, 52, 33)  # the falcon itself on a 64 px token, above the discs


@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.font.init()
    return Sprites(theme.TextCache(theme.Fonts()))


def test_the_pieces_are_the_expected_ones() -> None:
    assert len(CAMPS) == 8 and len(BAZAARS) == 8 and len(FALCONS) == 15
    assert len({(TILE_WALLS[t], CAMP_ARROWS[t]) for t in CAMPS}) == 8
    assert all(CAMP_ARROWS[t] and TILE_WALLS[t] and TILE_COST[t] for t in CAMPS)
    assert {BAZAAR_CURRENCY[t] for t in BAZAARS} == set(range(len(CURRENCIES)))
    assert sorted(FALCON_KIND[t] for t in FALCONS) == sorted(k for k in range(len(FALCON_KINDS)) for _ in range(5))


@pytest.mark.parametrize("size", TILE_SIZES)
def test_every_camp_loads_with_its_bastions_arrows_and_cost(sprites: Sprites, size: int) -> None:
    for tile in CAMPS:
        image = sprites.tile(tile, size)
        assert image.get_size() == (size, size)
        assert sprites.tile(tile, size) is image  # cached
        walls, arrows, cost = TILE_WALLS[tile], CAMP_ARROWS[tile], TILE_COST[tile]
        assert pixels(image) == pixels(sprites.camp(walls, arrows, size, cost))
        assert pixels(image) != pixels(sprites.camp(walls, 0, size, cost))  # the arrows show
        assert pixels(image) != pixels(sprites.camp(0, arrows, size, cost))  # the bastions show
        assert pixels(image) != pixels(sprites.camp(walls, arrows, size))  # the cost shows
    plain = sprites.camp(0, 0, 128)
    assert pixels(plain) == pixels(sprites.image(CAMP_FACE))  # nothing printed on the face


@pytest.mark.parametrize("size", TILE_SIZES)
def test_every_bazaar_loads_as_its_own_face(sprites: Sprites, size: int) -> None:
    for tile in BAZAARS:
        image = sprites.tile(tile, size)
        assert image.get_size() == (size, size)
        assert sprites.tile(tile, size) is image
        assert pixels(image) == pixels(sprites.scaled(bazaar_file(tile), (size, size)))  # no walls, no cost
        assert TILE_WALLS[tile] == 0 and TILE_COST[tile] is None


@pytest.mark.parametrize("size", FALCON_SIZES)
def test_every_falcon_token_loads(sprites: Sprites, size: int) -> None:
    for falcon in FALCONS:
        image = sprites.falcon(falcon, size)
        assert image.get_size() == (size, size)
        assert sprites.falcon(falcon, size) is image
        assert sprites.tile(falcon, size) is image  # asked as a tile, a falcon is its token
    token = sprites.falcon(FALCONS[0], 64)
    assert token.get_at((0, 0)).a == 0 and token.get_at((32, 32)).a == 255  # round, transparent corners


def test_camps_differ_from_each_other_also_in_greyscale(sprites: Sprites) -> None:
    for size, least in ((48, 4.0), (128, 5.0)):
        faces = [sprites.tile(tile, size) for tile in CAMPS]
        for a, b in itertools.combinations(faces, 2):
            assert grey_difference(a, b) > least


def test_camps_and_bazaars_never_pass_for_buildings_or_huts(sprites: Sprites) -> None:
    for size in TILE_SIZES:
        others = [sprites.tile(tile, size) for tile in BUILDINGS]
        others += [sprites.hut(colour, size, walls) for colour in range(len(BUILDING_TYPES)) for walls in (0, N, 15)]
        for tile in (*CAMPS, *BAZAARS):
            face = sprites.tile(tile, size)
            assert min(grey_difference(face, other) for other in others) > 25
        for camp, bazaar in itertools.product(CAMPS, BAZAARS):
            assert grey_difference(sprites.tile(camp, size), sprites.tile(bazaar, size)) > 25


def test_a_bastion_is_not_a_wall(sprites: Sprites) -> None:
    """A bastion side looks unlike a building's wall, also without colour (deeper, darker, round towers)."""
    wall, bastion = sprites.image("tiles/wall_n.png"), sprites.image("camps/bastion_n.png")
    assert grey_difference(wall.subsurface((0, 0, 128, 18)), bastion.subsurface((0, 0, 128, 18))) > 40
    assert bastion.get_at((64, 16)).a == 255 and wall.get_at((64, 16)).a < 255  # deeper than a wall
    assert bastion.get_at((16, 16)).a == 255 and wall.get_at((16, 16)).a < 255  # the round corner tower


def test_bazaars_differ_from_each_other_also_in_greyscale(sprites: Sprites) -> None:
    faces = {tile: sprites.tile(tile, 128) for tile in BAZAARS}
    for a, b in itertools.combinations(BAZAARS, 2):
        assert grey_difference(faces[a], faces[b]) > 4
        if BAZAAR_CURRENCY[a] == BAZAAR_CURRENCY[b]:  # then the colours' emblems tell them apart
            ea, eb = faces[a].subsurface(BAZAAR_EMBLEMS), faces[b].subsurface(BAZAAR_EMBLEMS)
            assert grey_difference(ea, eb) > 20
        else:  # the currency's emblem in the medallion
            ma, mb = faces[a].subsurface((44, 36, 40, 40)), faces[b].subsurface((44, 36, 40, 40))
            assert grey_difference(ma, mb) > 15


def test_falcons_differ_from_each_other_also_in_greyscale(sprites: Sprites) -> None:
    tokens = {falcon: sprites.falcon(falcon, 64) for falcon in FALCONS}
    assert len({FALCON_TYPES[f] + (FALCON_KIND[f],) for f in FALCONS}) == 15  # type: ignore[operator]
    for a, b in itertools.combinations(FALCONS, 2):
        if FALCON_KIND[a] == FALCON_KIND[b]:  # same bird: the emblem of a colour they do not share differs
            discs = [(tokens[a].subsurface(disc), tokens[b].subsurface(disc)) for disc in FALCON_EMBLEMS]
            assert max(grey_difference(da, db) for da, db in discs) > 12
            assert grey_difference(tokens[a], tokens[b]) > 1.5
        else:  # pose, rim and ground differ, whatever the colours
            assert grey_difference(tokens[a], tokens[b]) > 25
            assert grey_difference(tokens[a].subsurface(FALCON_BIRD), tokens[b].subsurface(FALCON_BIRD)) > 35


def test_falcon_kinds_differ_at_a_third_of_a_tile(sprites: Sprites) -> None:
    """Shown on a corner of 128 px tiles, a falcon is about 42 px: the kinds still differ in greyscale."""
    firsts = [next(f for f in FALCONS if FALCON_KIND[f] == kind) for kind in range(len(FALCON_KINDS))]
    for a, b in itertools.combinations(firsts, 2):
        assert grey_difference(sprites.falcon(a, 42), sprites.falcon(b, 42)) > 25


def test_files_are_listed_in_what_the_client_needs(sprites: Sprites, monkeypatch: pytest.MonkeyPatch) -> None:
    assert sprites.check() == []
    asked: list[str] = []

    def record(path: str) -> bytes:
        asked.append(path)
        raise MissingAsset(path)

    monkeypatch.setattr(sprites_module, "load_asset_bytes", record)
    needed = set(sprites.check())
    assert needed == set(asked)
    files = {CAMP_FACE, *(path for _, path in (*BASTION_FILES, *ARROW_FILES))}
    files |= {bazaar_file(tile) for tile in BAZAARS} | {falcon_file(falcon) for falcon in FALCONS}
    assert len(files) == 1 + 4 + 4 + 8 + 15
    assert files <= needed


def test_no_stray_files() -> None:
    """Every generated file of the 2024 pieces is one the client asks for."""
    root = resources.files("assets")
    present = {f"camps/{entry.name}" for entry in root.joinpath("camps").iterdir() if entry.name.endswith(".png")}
    present |= {f"bazaars/{entry.name}" for entry in root.joinpath("bazaars").iterdir() if entry.name.endswith(".png")}
    present |= {f"tokens/{e.name}" for e in root.joinpath("tokens").iterdir() if e.name.startswith("falcon_")}
    wanted = {CAMP_FACE, *(path for _, path in (*BASTION_FILES, *ARROW_FILES))}
    wanted |= {bazaar_file(tile) for tile in BAZAARS} | {falcon_file(falcon) for falcon in FALCONS}
    assert present == wanted
    names = {bazaar_file(t) for t in BAZAARS}
    assert names == {
        f"bazaars/bazaar_{CURRENCIES[BAZAAR_CURRENCY[t]]}_{'_'.join(BUILDING_TYPES[k] for k in BAZAAR_TYPES[t])}.png"  # type: ignore[index,union-attr]
        for t in BAZAARS
    }
