"""Player text without program notation: walls in words, building types as names, no grid coordinates
(issue 20, item 4).  The engine's exact forms stay in records and in the engine's own messages."""

from __future__ import annotations

import re

import pygame
from driver import MakeApp
from test_model import played_game

from game.client.narrate import narrate
from game.client.plain import plain
from game.engine import events as record_events


def test_the_engines_notation_is_said_in_words() -> None:
    assert plain("put tower 9 [NW] at (1, 0)") == "put Tower 9 (walls north, west)"
    assert plain("You buy garden 6 [S] from slot 2") == "You buy Garden 6 (wall south) from slot 2"
    assert plain("camp 8 [bastions NE, arrows NE] at (-1, 2)") == "camp 8 (bastions north, east; arrows north, east)"
    assert plain("chambers hut [W]") == "Chambers hut (wall west)"
    assert plain("lift arcades 4 [NES] from (0, -1)") == "lift Arcades 4 (walls north, east, south)"
    assert plain(plain("tower 9 [NW]")) == plain("tower 9 [NW]"), "saying it twice changes nothing"


def test_a_whole_games_log_has_no_codes_and_no_coordinates() -> None:
    """Every line of a three-player game's log reads as table talk: no wall codes, no rule ids, no (x, y); the
    record keeps the exact forms (its events still carry the cells)."""
    game = played_game(4, players=3)
    lines = [line.text for line in narrate(game.events, ["You", "Ann", "Bob"], you=0)]
    assert lines
    for text in lines:
        assert not re.search(r"\[[A-Z]", text), text
        assert not re.search(r"\(-?\d+, -?\d+\)", text), text
        assert not re.search(r"\b(pavilion|seraglio|arcades|chambers|garden|tower)\b", text), text
    assert any(e["e"] == record_events.PLACE and "at" in e for e in game.events)


def test_a_placement_is_said_by_what_the_tile_will_touch() -> None:
    """A hint or a staged placement says where by its neighbour ("next to your Garden 8"), not by (x, y)."""
    from game.client.plain import placed, where
    from game.engine import Place
    from game.engine.alhambra import cell_at
    from game.engine.components import describe_tile
    from tests.engine.helpers import new_state, set_grid

    state = new_state(players=2)
    grid = set_grid(state, 0, {(1, 0): "NE"})
    name = plain(describe_tile(grid[cell_at(1, 0)]).split(" [")[0])  # e.g. "Garden 8"
    assert where(state, 0, 0, -1) == "next to the Lion Fountain"
    assert where(state, 0, 2, 0) == f"next to your {name}"
    assert where(state, 0, 5, 5) == ""
    said = placed(state, 0, "put tower 9 [NW] at (2, 0)", Place(45, 2, 0))
    assert said == f"put Tower 9 (walls north, west) next to your {name}"


def test_a_thinking_bot_is_named_once_and_the_hint_speaks_plainly(make_app: MakeApp) -> None:
    """A bot named after its kind is not named twice while it thinks ("MCTS hard (MCTS hard) is thinking"),
    and a search's reason says what it compared, not its candidates and simulations."""
    from concurrent.futures import Future

    from ai import make_agent
    from game.client.scenes.turn import TurnScene
    from game.engine import GameState, deal

    driver = make_app(ai=["mcts:hard"], seed=1, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)  # the bot's turn
    scene.bots.future = Future()  # as if still searching, for a while
    scene.bots.since = scene.clock - 1.0
    name = scene.table.names[scene.state.decider]
    assert scene.prompt.said() == f"{name} is thinking…" and name == "MCTS hard"
    state = GameState.start(deal(2, 3), 3)
    decision = make_agent("mcts:easy", 1).decide(state.knowledge(state.decider), state.legal_actions())
    assert "moves it compared" in decision.reason and "simulations" not in decision.reason
    assert "candidates" not in decision.reason
