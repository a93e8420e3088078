"""The client's rule modules (game/client/modules/): one place per module, compiled per ruleset.

Dirk is the first: his hooks play in a two-player game and nowhere else ([B-DIRK-1]); each of them
is checked here at the table (panel, button, key, drop), in the log, on the score sheet and in
the standings.  test_module_names.py keeps every other client file from naming him.
"""

from __future__ import annotations

import pygame
from driver import Driver, MakeApp
from positions import exact_payment_game

from ai import make_agent
from game.client import modules
from game.client.modules import CLIENT_MODULES, modules_for
from game.client.modules.dirk import CLIENT as DIRK
from game.client.modules.dirk import DirkPanel, DirkScoring
from game.client.narrate import SAYINGS, narrate
from game.client.plain import plain
from game.client.playback import SOUNDS, TIMING, moved_items
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.shortcuts import SHORTCUTS
from game.client.table import Table
from game.engine import Game, GameConfig, Seat
from game.engine import events as record_events
from game.engine.components import describe_tile
from game.engine.modules import dirk
from game.engine.modules.dirk import GiveToDirk
from game.engine.ruleset import Ruleset
from game.engine.state import PLACE


def played_game(seed: int, players: int) -> Game:
    game = Game.new(GameConfig(seed=seed, seats=tuple(Seat(f"P{i}", "random") for i in range(players))))
    agent = make_agent("random", seed)
    while not game.state.is_over:
        state = game.state
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    return game


def placing_with_dirk(make_app: MakeApp) -> tuple[Driver, TurnScene, int]:
    """A two-player table where the human has bought one tile and selected it to be placed."""
    game, buy = exact_payment_game(bare=True)
    tile = game.state.in_slot(buy.slot)
    driver = make_app(speed=0.0)
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    scene.perform(buy)  # test setup: the exact buy; nothing else is legal after it, so End turn places
    driver.wait(lambda: scene.can_act)
    scene.perform(scene.state.legal_actions()[0])
    driver.wait(lambda: scene.can_act and scene.state.phase == PLACE)
    driver.key(pygame.K_TAB)
    assert scene.sel.tile == tile and scene.sel.source == "held"
    driver.step(2)
    return driver, scene, tile


def confirm(driver: Driver, scene: TurnScene) -> None:
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy)


# ---------------------------------------------------------------------- the registry
def test_the_registry_compiles_dirks_hooks_in_a_two_player_game_only() -> None:
    """[B-DIRK-1] the engine plays Dirk with two players; the client's hooks follow its ruleset."""
    assert CLIENT_MODULES[dirk.NAME].name == dirk.NAME  # keyed by the engine module's name
    two = modules_for(Ruleset.of(2))
    assert two is modules_for(Ruleset.of(2)), "compiled once per ruleset"
    assert two.modules == (DIRK,)
    assert [c.key for c in two.collectors] == [dirk.NAME]
    assert [d.widget for d in two.destinations] == ["to_dirk"]
    for players in (3, 4, 5, 6):
        none = modules_for(Ruleset.of(players))
        assert none.modules == () and none.collectors == () and none.destinations == ()
        assert none.panels() == {} and none.sheet_columns(None, {}, []) == []  # type: ignore[arg-type]


def test_dirks_events_are_said_and_played_back() -> None:
    """[B-DIRK-4] a tile given to Dirk, [B-DIRK-2] tiles dealt to him: in the log and on the table."""
    assert SAYINGS[dirk.GIVE_EVENT] is modules.SAYINGS[dirk.GIVE_EVENT]
    events = [
        {"e": dirk.GIVE_EVENT, "player": 1, "tile": 7},
        {"e": dirk.GIVE_EVENT, "player": 0, "tile": 8},
        {"e": dirk.DRAW_EVENT, "tiles": [3, 4, 5]},
    ]
    lines = narrate(events, ["Ada", "Ann"], you=0)
    assert [line.text for line in lines] == [
        f"Ann gives {plain(describe_tile(7))} to Dirk",  # the log says walls in words
        f"You give {plain(describe_tile(8))} to Dirk",
        "Dirk receives 3 tiles from the bag",
    ]
    assert [line.seat for line in lines] == [1, 0, dirk.NAME]
    assert moved_items(events[0]) == [("tile", 7)]
    assert moved_items(events[2]) == [("tile", 3), ("tile", 4), ("tile", 5)]
    assert TIMING[dirk.GIVE_EVENT] == (0.5, 0.45) and TIMING[dirk.DRAW_EVENT] == (0.5, 0.5)
    assert SOUNDS[dirk.GIVE_EVENT] == "place"
    assert ("D", "give the selected tile to Dirk (two players)") in SHORTCUTS


def test_the_score_sheet_has_dirks_column_with_two_players_only() -> None:
    """[B-DIRK-3] he ranks in the majorities (his column) but scores no wall (None)."""
    for players in (2, 3):
        game = played_game(5, players)
        state = game.state
        final = next(e for e in reversed(game.events) if e["e"] == record_events.SCORE)
        sheet = sheet_for(state, final, [])
        if players == 2:
            assert sheet.collectors == (0, 1, dirk.NAME)
            assert sheet.rows[-1].counts[-1] is None, "no wall for Dirk"
            assert sheet.totals[-1] == dirk.of(state).score  # type: ignore[union-attr]
            assert sum(row.counts[-1] or 0 for row in sheet.rows) == len(dirk.of(state).tiles)  # type: ignore[union-attr]
        else:
            assert dirk.NAME not in sheet.collectors


def test_dirks_column_leaves_out_the_tiles_dealt_after_the_scoring() -> None:
    """[B-DIRK-2] tiles dealt to him right after a scoring were not part of it."""
    game = played_game(5, 2)
    state = game.state
    final = next(e for e in reversed(game.events) if e["e"] == record_events.SCORE)
    part = dirk.of(state)
    assert part is not None
    later = [{"e": dirk.DRAW_EVENT, "tiles": part.tiles[:4]}]
    (column,) = DirkScoring().sheet_columns(state, final, later)
    assert sum(column.counts) == len(part.tiles) - 4 and column.wall is None


def test_the_standings_list_dirk_last_and_he_cannot_win() -> None:
    """[B-DIRK-3] he scores, but he is not in the race."""
    game = played_game(5, 2)
    state = game.state
    assert modules_for(state.rules).standings(state) == [
        (dirk.NAME, "Dirk (cannot win)", dirk.of(state).score, "neutral")  # type: ignore[union-attr]
    ]
    assert modules_for(played_game(5, 3).state.rules).standings(played_game(5, 3).state) == []


def test_the_game_over_screen_names_dirk(make_app: MakeApp) -> None:
    game = played_game(5, 2)
    driver = make_app(speed=0.0)
    driver.app.screens.show_game_over(Table(game, (0,)), None)
    driver.step(2)
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    assert scene.names()[-1] == "Dirk"


# ---------------------------------------------------------------------- at the table
def test_dirks_panel_and_track_token_only_with_two_players(make_app: MakeApp) -> None:
    """[B-DIRK-1] [B-DIRK-3] his panel (his tiles, his score) and his token show only where he plays."""
    for players in (2, 3):
        driver = make_app(ai=["random"] * (players - 1), seed=3, speed=0.0)
        driver.app.start()
        driver.wait_for_human()
        scene = driver.scene
        assert isinstance(scene, TurnScene)
        if players == 2:
            panel = scene.module_panels[dirk.NAME]
            assert isinstance(panel, DirkPanel) and scene.opponents.modules == [panel]
            assert scene.opponents.rect.contains(panel.rect) and panel.rect.bottom == scene.opponents.rect.bottom
            assert list(scene.shown_module_scores) == [dirk.NAME]
            assert scene.seat_name(dirk.NAME) == "Dirk"
            positions = scene.positions()
            for tile in dirk.of(scene.state).tiles:  # type: ignore[union-attr]
                assert panel.rect.contains(positions[("tile", tile)])
            driver.app.ui.mouse = panel.rect.center
            driver.step(1)
            assert driver.app.ui._tooltip is not None and "Dirk holds" in driver.app.ui._tooltip[0]
        else:
            assert scene.module_panels == {} and scene.opponents.modules == []
            assert scene.shown_module_scores == {} and scene.controls.placements == []


def test_give_to_dirk_by_button(make_app: MakeApp) -> None:
    """[B-DIRK-4] a bought tile goes to Dirk with the "Give to Dirk" button."""
    driver, scene, tile = placing_with_dirk(make_app)
    button = scene.widget("to_dirk")
    assert button.visible and button.enabled and button.label == "Give to Dirk" and button.hotkey == "D"
    driver.click_widget("to_dirk")
    confirm(driver, scene)
    assert tile in dirk.of(scene.state).tiles  # type: ignore[union-attr]


def test_give_to_dirk_by_the_d_key(make_app: MakeApp) -> None:
    """[B-DIRK-4] the D key does what the button does."""
    driver, scene, tile = placing_with_dirk(make_app)
    driver.key(pygame.K_d)
    confirm(driver, scene)
    assert tile in dirk.of(scene.state).tiles  # type: ignore[union-attr]


def test_give_to_dirk_by_dropping_on_his_panel(make_app: MakeApp) -> None:
    """[B-DIRK-4] a bought tile dragged onto his panel goes to him."""
    driver, scene, tile = placing_with_dirk(make_app)
    start = next(rect.center for t, rect in scene.tray.held_rects(scene.snapshot()) if t == tile)
    driver.drag(start, scene.module_panels[dirk.NAME].rect.center)
    confirm(driver, scene)
    assert tile in dirk.of(scene.state).tiles  # type: ignore[union-attr]
    assert scene.state.is_legal(GiveToDirk(tile)) is False


def test_no_give_to_dirk_with_three_players(make_app: MakeApp) -> None:
    """[B-DIRK-1] no button, no key: D does nothing when Dirk does not play."""
    driver = make_app(ai=["random", "random"], seed=3, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    assert scene.controls.placements == [] and all(getattr(w, "label", "") != "Give to Dirk" for w in scene.widgets)
