"""A whole game played through the interface: clicks and keys at real widget positions, bots in the worker.

The human takes money, buys with an exact payment (and undoes it once), declines an exact
payment's extra action with End turn ([B-TURN-4]), places tiles by clicking the tile and then a
highlighted cell, redesigns, and confirms the end of turns, until the game over scene.  Nothing
calls ``game.apply``: every move goes through the scene's event handling.
"""

from __future__ import annotations

import json

import pytest
from driver import Driver, MakeApp, UiPlayer

from game.client import persistence
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.scoring import ScoringScene
from game.client.table import bot_names

OPPONENT = "greedy" if "greedy" in bot_names() else "random"


def play_to_the_end(driver: Driver, player: UiPlayer, limit: int = 400) -> int:
    scorings = 0
    for _ in range(limit):
        driver.wait_for_human(60)
        scene = driver.scene
        if isinstance(scene, GameOverScene):
            return scorings
        if isinstance(scene, ScoringScene):
            scorings += 1
            driver.click_widget("next")
            continue
        player.play_once(scene)
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_a_whole_game_through_the_interface(make_app: MakeApp) -> None:
    driver = make_app(ai=[OPPONENT], seed=11, speed=0.0)
    driver.app.start()
    player = UiPlayer(driver, seed=3)
    scorings = play_to_the_end(driver, player)
    done = set(player.done)
    assert {"take", "buy exact", "end turn", "place", "redesign", "undo"} <= done, done
    assert scorings == 2  # the first and second scoring were shown; the final one is on the game over screen
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    assert scene.table.state.is_over
    # the finished game's record was saved, the autosave is gone, and the record names the human
    assert scene.record_path is not None and scene.record_path.is_file()
    record = json.loads(scene.record_path.read_text())
    assert record["result"]["scores"] == scene.table.state.scores
    assert record["config"]["players"][0]["agent"] == "human"
    assert not persistence.has_autosave()
