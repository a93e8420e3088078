"""Whole games with many modules on at once, played through the scenes to the end against bots in the worker.

The human seat plays by clicks and keys only, by one player composed of every module's own player
(``every_player``): it chooses its traders' disc at setup ([M-TRADER-2]), then plays its turns until the game over
scene.  Each test asks for the module moves its seed really lets the human make (said in its docstring), for the
record's seats and modules, and for the record to follow the independent reader (tests/engine/record_reader.py).
"""

from __future__ import annotations

import json
import os

import pytest
from driver import Driver, MakeApp, UiPlayer
from every_player import SIX, EveryPlayer, SixPlayer
from test_full_game import play_to_the_end
from test_module_setup import choose_secrets

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.setup_choices import SetupChoiceScene
from game.client.scenes.turn import TurnScene
from game.engine.modules import CHOOSABLE, change, chests, gates, thieves, traders, walls
from tests.engine.record_reader import check_structure, follow


def play_from_the_command_line(
    make_app: MakeApp,
    kind: type[UiPlayer],
    seed: int,
    bots: list[str],
    modules: tuple[str, ...],
    size: tuple[int, int] | None = None,
) -> tuple[Driver, UiPlayer, dict]:
    """A new game as ``alhambra --ai ... --seed ... --modules ...`` starts it: the traders' disc chosen by clicks
    on the setup choice's scene, then the human seat played by a ``kind`` player to the game over scene. The driver,
    the player and the saved record."""
    driver = make_app(ai=bots, seed=seed, speed=0.0, modules=modules, size=size)
    driver.app.start()
    driver.step()
    if traders.NAME in modules:
        assert isinstance(driver.scene, SetupChoiceScene), "[M-TRADER-2] you choose your disc's citizens first"
    choose_secrets(driver)
    assert isinstance(driver.scene, TurnScene)
    player = kind(driver, seed=seed)
    play_to_the_end(driver, player, limit=900)
    scene = driver.scene
    assert isinstance(scene, GameOverScene) and scene.table.state.is_over
    assert scene.record_path is not None and scene.record_path.is_file()
    record = json.loads(scene.record_path.read_text())
    if os.environ.get("EVERY_DEBUG"):
        print(seed, sorted(set(player.done)))
    return driver, player, record


# Thirteen modules' panels leave a crowded hand at the default size, alike cards drawn over one another: a person
# with every module plays in a large window, where each card of the hand shows.
BIG = (1920, 1080)


def check_record(record: dict, bots: list[str], modules: tuple[str, ...]) -> None:
    """The record names the human and the bots in their seats and the modules played, and follows the independent
    reader event by event to the scores it gives."""
    players = record["config"]["players"]
    assert [seat["agent"] for seat in players] == ["human", *bots]
    assert sorted(record["config"]["modules"]) == sorted(modules)
    check_structure(record)
    follow(record)


def human_events(record: dict, name: str) -> list[dict]:
    return [e for e in record["events"] if e["e"] == name and e.get("player") == 0]


# The kinds of move (``UiPlayer.done``) and of event (by the human, seat 0) of §11's six that both games' seeds give.
SIX_MOVES = {"steal", "keep thieves", "disc back", "chests", "chest", "wall", "take gate", "gate", "overpay"}
SIX_MOVES |= {"coin pays"}
SIX_EVENTS = (
    thieves.EVENT,
    traders.BACK_EVENT,
    chests.BUY_EVENT,
    chests.PLACE_EVENT,
    walls.EVENT,
    gates.TAKE_EVENT,
    gates.EVENT,
    change.EVENT,
)


def check_the_six(done: set[str], record: dict) -> None:
    """The human made each of §11's moves by clicks (``done``), and the record has them as the human's."""
    assert done >= SIX_MOVES, sorted(SIX_MOVES - done)
    assert done & {"resident", "swap", "new citizen"}, sorted(done)  # a citizen moved onto a building or exchanged
    for event in SIX_EVENTS:
        assert human_events(record, event), event
    assert human_events(record, traders.RESIDENT_EVENT) or human_events(record, traders.SWAP_EVENT)


@pytest.mark.slow
def test_a_two_player_game_with_the_six_new_modules(make_app: MakeApp) -> None:
    """RULES.md §11 with Dirk ([B-DIRK-1]), the human against a greedy bot. Seed 3 gives the human every move of
    the six: it steals a card in a thief window and keeps its thieves in another ([M-THIEF-3], [M-THIEF-5]); chooses
    its disc at setup ([M-TRADER-2]), moves a resident onto a building, chooses a new citizen and exchanges one
    ([M-TRADER-3], [M-TRADER-4]) and puts the disc back ([M-TRADER-5]); buys a room of the chamber and places its
    chests ([M-CHEST-3], [M-CHEST-5]); builds a wall ([M-WALL-4]); takes the gate card ([M-GATE-4]) and places a
    tile through a gate ([M-GATE-5]); overpays for change and spends a coin ([M-CHANGE-3], [M-CHANGE-4])."""
    bots = ["greedy"]
    _driver, player, record = play_from_the_command_line(make_app, SixPlayer, 3, bots, SIX)
    done = set(player.done)
    check_the_six(done, record)
    assert {"resident", "new citizen", "swap", "trader pass"} <= done, sorted(done)
    check_record(record, bots, SIX)
    assert "dirk_score" in record["result"], "Dirk played the two-player game"
    assert any(e["e"] == "dirk" for e in record["events"]), "tiles went to Dirk"


@pytest.mark.slow
def test_a_three_player_game_with_every_module(make_app: MakeApp) -> None:
    """All thirteen modules (``CHOOSABLE``), the human against two random bots. Seed 2 gives the human every move of
    §11's six as in the two-player game ([M-THIEF-3], [M-THIEF-5], [M-TRADER-2], [M-TRADER-3], [M-TRADER-5],
    [M-CHEST-3], [M-CHEST-5], [M-WALL-4], [M-GATE-4], [M-GATE-5], [M-CHANGE-3], [M-CHANGE-4]) beside every move of
    expansion 1 ([M-HUT-2], [M-VIZIER-2], [M-VIZIER-4], [M-EXCH-2], [M-EXCH-3], [M-BONUS-2]), camps and bazaars
    bought and placed ([M-CAMP-2], [M-BAZAAR-3]) and falcons bought by keys, clicks and a drag ([M-FALCON-2])."""
    bots = ["random", "random"]
    _driver, player, record = play_from_the_command_line(make_app, EveryPlayer, 2, bots, CHOOSABLE, BIG)
    done = set(player.done)
    check_the_six(done, record)
    expansion_1 = {"hut", "wake", "vizier buy", "vizier pass", "exchange take", "exchange buy", "bonus"}
    assert expansion_1 <= done, sorted(expansion_1 - done)
    camps_and_bazaars = {"camp buy", "camp place", "bazaar", "bazaar place"}
    assert camps_and_bazaars <= done, sorted(camps_and_bazaars - done)
    falcons = {"falcon keys", "falcon click", "falcon drag", "falcons done"}
    assert falcons <= done, sorted(falcons - done)
    check_record(record, bots, CHOOSABLE)
