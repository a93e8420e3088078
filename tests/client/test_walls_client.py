"""City walls (RULES.md §11.4) at the table: ``game/client/modules/walls.py``, with city gates in the whole game.

Checked through the scene's input (clicks at real positions) and the views: a wall card picked beside the market and
its walls built by a click on one of your tiles, in your Alhambra or the tray, the tiles that take it lit and a tile
that does not saying the rules' reason ([M-WALL-4] to [M-WALL-6]); the walls built drawn on every Alhambra and over
the tiles in the tray and on the reserves, told apart from the printed walls by shape and colour ([M-WALL-7]); the
log's sentences and the cards' flights; the help page, the setup key and the panel's words in every language at two
sizes; a whole game with gates and walls.  Positions are reached with the engine (test setup); from there on the
tests only click. The games are passed their modules explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import pygame
import pytest
from driver import MakeApp
from gate_player import MODULES, GatePlayer, wall_card_pos
from module_checks import (
    check_page_renders_with_its_tabs_whole,
    check_panels_in_every_language,
    check_setup_keys,
    play_a_whole_game,
    table_problems,
)
from module_player import position, sit_down
from test_module_panels_layout import Drawing

from game.client.modules import modules_for, moved_items
from game.client.modules.walls import WallsPanel
from game.client.narrate import narrate
from game.client.scenes.rules_help import MODULE_PAGES
from game.client.sprites import Sprites
from game.client.theme import Fonts, TextCache
from game.engine import ACTION, Game, GameState
from game.engine.alhambra import xy_of
from game.engine.components import CARD_WALLS, TILE_WALLS, WALL_CARDS, is_camp, walls_to_text
from game.engine.modules import gates, walls
from game.engine.modules.walls import BuildWall
from game.i18n import _, words

SIZES = ((1024, 700), (1920, 1080))


# ---------------------------------------------------------------------- positions (test setup, not play)
def _builds(state: GameState) -> list[BuildWall]:
    if state.phase != ACTION or state.turn_player != 0:
        return []
    return [a for a in state.legal_actions() if isinstance(a, BuildWall)]


def wall_in_alhambra(state: GameState) -> bool:
    """The human's action, a wall card that one of their Alhambra's tiles takes and one it does not."""
    grid = state.boards[0].grid
    return any(a.tile in grid.values() for a in _builds(state)) and len(grid) >= 4


def wall_on_reserve(state: GameState) -> bool:
    """The human's action, a wall card that a tile of their reserve takes."""
    return any(a.tile in state.reserves[0] for a in _builds(state))


def walls_built(state: GameState) -> bool:
    """Walls built on tiles in an Alhambra and on a reserve."""
    part = walls.of(state)
    if part is None or state.phase != ACTION or len(part.used) < 3:
        return False
    return any(b.extra is not None and b.extra.walls for b in state.boards)


@cache
def _position(name: str) -> Game:
    wanted = {"alhambra": wall_in_alhambra, "reserve": wall_on_reserve, "built": walls_built}[name]
    return position(wanted, modules=MODULES, players=3, seeds=range(1, 400), limit=900)


def at(name: str) -> Game:
    return _position(name).copy()


# ---------------------------------------------------------------------- building a wall
def test_a_wall_is_built_on_a_tile_of_your_alhambra_by_two_clicks(make_app: MakeApp) -> None:
    """[M-WALL-4] [M-WALL-6] a click on a wall card picks it (the tiles that take it lit, the prompt says what to do);
    a click on a lit tile of your Alhambra builds its walls there; the walls are then drawn on that tile."""
    driver, scene = sit_down(make_app, at("alhambra"))
    state = scene.state
    grid = state.boards[0].grid
    move = next(a for a in _builds(state) if a.tile in grid.values())
    driver.click(wall_card_pos(scene, move.card))
    assert scene.sel.use == move.card
    lit = scene.picker.card_targets()
    assert move.tile in lit and set(lit) <= {a.tile for a in _builds(state) if a.card == move.card}
    assert scene.snapshot().usable == frozenset(lit)
    assert words.card(move.card) in scene.prompt.said()
    before = len(scene.table.game.events)
    driver.click(GatePlayer(driver).grid_tile_pos(scene, move.tile))
    events = GatePlayer(driver).settle(scene, before)
    assert [e["e"] for e in events][:1] == [walls.EVENT]
    marks = [m for m in modules_for(scene.state.rules).marks(scene.state, 0) if m.item == move.tile]
    sides = {m.art[-1] for m in marks}
    assert {m.spot for m in marks} == {"overlay"} and sides == set(walls_to_text(CARD_WALLS[move.card]))


def test_a_tile_that_cannot_take_the_wall_says_why(make_app: MakeApp) -> None:
    """[M-WALL-4] [M-WALL-5] [M-WALL-6] with a wall card picked, a click on a tile of yours that does not take it says
    the rules' reason and builds nothing; the card stays picked."""
    driver, scene = sit_down(make_app, at("alhambra"))
    state = scene.state
    move = next(a for a in _builds(state) if a.tile in state.boards[0].grid.values())
    driver.click(wall_card_pos(scene, move.card))
    lit = scene.picker.card_targets()
    refused = next(t for t in state.boards[0].grid.values() if t not in lit)
    before = len(scene.table.game.events)
    driver.click(GatePlayer(driver).grid_tile_pos(scene, refused))
    assert len(scene.table.game.events) == before and scene.table.staged is None
    said = scene.toast.said()
    assert said, "a reason is said"
    assert any(word in said for word in ("wall", "camp")), said
    assert scene.sel.use == move.card


def test_a_wall_is_built_on_a_reserve_tile_and_drawn_over_it_in_the_tray(make_app: MakeApp) -> None:
    """[M-WALL-4] [M-WALL-7] a reserve tile lit in the tray takes the card by a click; its walls are then drawn over
    it in the tray (``overlays``), since they belong to the tile."""
    driver, scene = sit_down(make_app, at("reserve"))
    move = next(a for a in _builds(scene.state) if a.tile in scene.state.reserves[0])
    GatePlayer(driver).build_wall(scene, move)
    overlaid = scene.snapshot().overlays.get(move.tile, ())
    tile_rect = scene.positions()[("tile", move.tile)]
    assert tile_rect.contains(scene.positions()[("card", move.card)]), "the card flies to its tile in the tray"
    arts = {mark.art for mark in overlaid}
    assert arts == {f"wall_{letter}" for letter in walls_to_text(CARD_WALLS[move.card])}


def test_the_card_is_dropped_again_by_a_second_click_and_by_esc(make_app: MakeApp) -> None:
    driver, scene = sit_down(make_app, at("alhambra"))
    card = _builds(scene.state)[0].card
    driver.click(wall_card_pos(scene, card))
    assert scene.sel.use == card
    driver.click(wall_card_pos(scene, card))
    assert scene.sel.use is None
    driver.click(wall_card_pos(scene, card))
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.use is None and scene.snapshot().usable == frozenset()


# ---------------------------------------------------------------------- the walls on every Alhambra
def test_the_walls_built_are_drawn_on_every_alhambra_and_off_it() -> None:
    """[M-WALL-7] each wall built on a tile of an Alhambra is a stick laid over its side of the tile, on that seat's
    Alhambra; a tile off the Alhambra (reserve) carries its sticks too."""
    state = at("built").state
    compiled = modules_for(state.rules)
    seen = 0
    for seat, board in enumerate(state.boards):
        marks = compiled.marks(state, seat)
        assert board.extra is not None or not marks
        for tile, mask in board.extra.walls if board.extra is not None else ():
            letters = set(walls_to_text(mask))
            cell = board.cell_of(tile)
            if cell is not None:
                mine = [m for m in marks if m.item == tile]
                assert {m.art for m in mine} == {f"wall_{letter}" for letter in letters}
                assert all(m.at == xy_of(cell) and m.spot == "overlay" for m in mine)
                seen += 1
            else:
                overlaid = compiled.overlays(state, tile)
                assert {m.art for m in overlaid} == {f"wall_{letter}" for letter in letters}
                assert all(m.spot == "overlay" for m in overlaid)
    assert seen
    part = walls.of(state)
    assert part is not None
    marks = [m for seat in range(state.players) for m in compiled.marks(state, seat) if m.spot == "overlay"]
    loose = [tile for reserve in state.reserves for tile in reserve] + list(state.held)
    marks += [m for tile in loose for m in compiled.overlays(state, tile)]
    flown = [m.key for m in marks if m.key[0] == "card"]
    assert len(set(flown)) == len(flown)
    assert sorted(card for _kind, card in flown) == sorted(part.used), "every used card flies to its own tile's wall"
    for card, tile in zip(part.used, part.built_on, strict=True):
        assert next(m.item for m in marks if m.key == ("card", card)) == tile


def test_a_built_wall_differs_from_a_printed_one_in_shape_and_colour() -> None:
    """[M-WALL-7] a built wall is a wooden stick set in from the corners with round ends (its art is clear near the
    tile's corners, where a printed wall runs), brown where the printed walls are stone."""
    pygame.font.init()
    sprites = Sprites(TextCache(Fonts()))
    stick = sprites.token("wall_N", 128)
    assert stick.get_at((4, 4)).a == 0 and stick.get_at((124, 4)).a == 0, "clear of the corners"
    assert stick.get_at((64, 9)).a == 255, "the stick lies along the north side"
    r, _g, b, _a = stick.get_at((64, 9))
    assert r > b + 30, "wood: brown"
    assert stick.get_at((64, 64)).a == 0, "the tile shows through"
    for card in WALL_CARDS:
        assert sprites.card(card, 120).get_height() == 120


# ---------------------------------------------------------------------- the log
def test_every_walls_event_is_said_in_the_log_and_its_card_flies() -> None:
    card = WALL_CARDS[4]  # north and east
    up = {"e": walls.UP_EVENT, "card": card}
    built = {"e": walls.EVENT, "player": 1, "card": card, "tile": 20}

    def text(event: dict) -> str:
        return " ".join(line.text for line in narrate([event], ("You", "Ann"), 0))

    assert "wall card (north, east)" in text(up) and "beside the market" in text(up)
    assert text(built).startswith("Ann builds walls (north, east) on") and "leaves the game" in text(built)
    assert text({**built, "player": 0}).startswith("You build walls (north, east) on")
    assert moved_items(up) == [("card", card)] and moved_items(built) == [("card", card)]


def test_a_wall_card_is_said_by_its_sides_in_the_current_language() -> None:
    """``words.card`` names a wall card by its sides, each side said in the current language."""
    assert [words.card(c) for c in WALL_CARDS[:2]] == ["wall card (north)", "wall card (east)"]
    assert words.card(WALL_CARDS[4]) == "wall card (north, east)"


# ---------------------------------------------------------------------- help, setup and layout
def test_the_page_says_its_rules_are_reconstructed_and_lists_its_choices() -> None:
    page = MODULE_PAGES[walls.NAME]
    text = " ".join([page.intro, *(p for s in page.sections for p in s.paragraphs)])
    assert "reconstructed from" in page.intro
    assert len(page.sections) == 3 and len(page.sections[1].paragraphs) >= 5, "the choices, each in a paragraph"
    for fact in ("own set", "piles 2 to 5", "leaves the game", "exact payment", "not a camp", "city gate"):
        assert fact in text, fact


@pytest.mark.parametrize("size", SIZES)
def test_the_page_renders_in_the_rules_help_with_its_tabs_whole(make_app: MakeApp, size: tuple[int, int]) -> None:
    """RULES.md §11.4's page has a tab and renders inside the view; no tab's name is cut."""
    check_page_renders_with_its_tabs_whole(make_app, size, walls.NAME)


def test_the_setup_keys_are_w_and_g_and_free() -> None:
    """W and G switch the city walls and the city gates at setup: no other module's letter."""
    check_setup_keys({gates.NAME: "G", walls.NAME: "W"})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panels_words_stay_whole_and_inside_in_every_language(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The gate card's and the wall cards' panels beside the market: their titles drawn, nothing of theirs covering
    their words or leaving the panel, in every language at 1024x700 and 1920x1080; the cards at least 30 px tall."""

    def check(language: str, screen: Drawing, panels: Mapping[str, object]) -> None:
        wall_panel = panels[walls.NAME]
        assert isinstance(wall_panel, WallsPanel)
        assert _("City walls").upper() in screen.words(wall_panel), language
        assert _("City gate").upper() in screen.words(panels[gates.NAME]), language
        rects = wall_panel.card_rects(len(WALL_CARDS))
        assert min(r.h for r in rects) >= 30 and all(wall_panel.rect.contains(r) for r in rects), (language, size)

    check_panels_in_every_language(make_app, monkeypatch, _position("built"), size, check)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_screenshot_with_walls_built_and_a_wall_card_picked(make_app: MakeApp, screenshots, size) -> None:  # type: ignore[no-untyped-def]
    """The table with both panels, walls built and a wall card picked (its tiles lit), saved to look at
    (tests/client/screenshots)."""
    driver, scene = sit_down(make_app, at("alhambra"), size)
    card = _builds(scene.state)[0].card
    driver.click(wall_card_pos(scene, card))
    surface = pygame.Surface(size)
    scene.draw(surface)
    pygame.image.save(surface, str(screenshots / f"walls_{size[0]}x{size[1]}.png"))
    assert scene.snapshot().usable


def test_no_wall_card_is_offered_on_a_camp() -> None:
    """[M-WALL-5] the tiles lit for a wall card are never camps (with camps on, their tiles are lit by the engine's
    judgement alone)."""
    state = at("alhambra").state
    assert not any(is_camp(a.tile) for a in _builds(state))
    assert all(not TILE_WALLS[a.tile] & CARD_WALLS[a.card] for a in _builds(state))


# ---------------------------------------------------------------------- a whole game
@pytest.mark.slow
def test_a_whole_game_with_gates_and_walls_through_the_interface(make_app: MakeApp) -> None:
    """Gate cards taken, tiles placed through gates and walls built by clicks ([M-GATE-4], [M-GATE-5], [M-WALL-4]),
    the bots deciding in the worker, until the game over scene."""
    done, kinds = play_a_whole_game(make_app, GatePlayer, 5, MODULES)
    assert {"wall", "take gate", "place"} <= done, done
    assert {walls.UP_EVENT, walls.EVENT, gates.TAKE_EVENT} <= kinds, kinds


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_with_gates_and_walls_is_clear_in_every_language(make_app: MakeApp, size: tuple[int, int]) -> None:
    """The table with both panels beside the market (the market narrower for them), walls built and gates
    standing, in every language at 1024x700 and 1920x1080: no label off the window, out of its panel, over another
    label, covered by a sprite drawn after it, or cut short with "…" where a player must read it
    (``text_layout``'s checks, as the module matrix of ``test_text_layout``)."""
    problems = table_problems(make_app, _position("built"), size)
    assert problems == [], "\n".join(problems)
