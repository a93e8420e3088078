"""The golden set (``tests/engine/golden_records.py``): today's games, kept as record files, byte for byte.

Every golden game played again with the same agents and seeds writes the same bytes with the game's own writer
(``record.save``), and every golden file loads, replays to the end and writes itself again unchanged.  A change
meant to play the same games (a reshape of the engine, a speed-up) must pass this unchanged; regenerating the
files is for an intended rule change only (the script's docstring says when).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.engine.knowledge import state_key
from game.engine.modules import CHOOSABLE
from game.engine.record import loads

from .golden_records import ALL_SEVEN, EVERY, GOLDEN, GOLDEN_DIR, GoldenGame, first_difference, play, record_bytes

REGENERATE = (
    "if the change is meant to play other games (a rule change), regenerate with python -m "
    "tests.engine.golden_records and say so in the commit; a reshape or speed-up must not change a file"
)


def by_name(games: tuple[GoldenGame, ...]) -> list:
    return [pytest.param(golden, id=golden.file_name) for golden in games]


def test_the_golden_set_covers_every_module_every_table_size_and_every_quick_bot() -> None:
    """The base game, each choosable module alone, the seven of before together and all thirteen together; 2 to 6
    players (2: Dirk plays) several times each; greedy, random and beginner seats; and the folder holds exactly the
    set's files."""
    assert set(EVERY) == set(CHOOSABLE), "a new module needs golden games of its own (alone, and in 'every')"
    alone = {golden.modules[0] for golden in GOLDEN if len(golden.modules) == 1}
    assert alone == set(CHOOSABLE)
    assert any(not golden.modules for golden in GOLDEN)
    assert any(golden.modules == ALL_SEVEN for golden in GOLDEN)
    assert {golden.players for golden in GOLDEN if golden.modules == EVERY} == {2, 3, 4, 5, 6}
    sizes = Counter(golden.players for golden in GOLDEN)
    assert sorted(sizes) == [2, 3, 4, 5, 6] and min(sizes.values()) >= 4, sizes
    assert {agent for golden in GOLDEN for agent in golden.agents} == {"greedy", "random", "beginner"}
    assert len({golden.file_name for golden in GOLDEN}) == len(GOLDEN)
    assert sorted(path.name for path in GOLDEN_DIR.iterdir()) == sorted(golden.file_name for golden in GOLDEN)


@pytest.mark.parametrize("golden", by_name(GOLDEN))
def test_every_golden_record_loads_replays_to_its_result_and_writes_itself_again(golden: GoldenGame) -> None:
    """The file is the game its entry names (seed, modules, seats); ``record.loads`` replays it to the end, to
    the scores and winners of its result; and the replayed game's record is the file, byte for byte."""
    text = golden.path.read_bytes()
    data = json.loads(text)
    config = golden.config()
    assert data["config"] == {
        "seed": config.seed,
        "modules": list(config.modules),
        "players": [{"name": seat.name, "agent": seat.agent} for seat in config.seats],
    }
    game = loads(text)
    assert game.config == config
    assert game.state.is_over
    assert list(game.state.scores) == data["result"]["scores"]
    assert game.state.winners() == data["result"]["winners"]
    again = record_bytes(game)
    if again != text:
        pytest.fail(f"{golden.file_name} loaded and written again: {first_difference(text, again)}", pytrace=False)


@pytest.mark.slow
@pytest.mark.parametrize("golden", by_name(GOLDEN))
def test_every_golden_game_plays_again_to_the_same_record_byte_for_byte(golden: GoldenGame) -> None:
    """The same config, agents and seeds (``game.headless.play_game``) write the golden file's bytes exactly, and
    end in the state its replay ends in."""
    expected = golden.path.read_bytes()
    game = play(golden)
    found = record_bytes(game)
    if found != expected:
        pytest.fail(
            f"{golden.file_name} played again differs from its golden record: {first_difference(expected, found)}\n"
            f"({REGENERATE})",
            pytrace=False,
        )
    assert state_key(game.state) == state_key(loads(expected).state)
