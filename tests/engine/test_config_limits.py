"""What a game accepts at the start, its record can hold: names and seeds are checked where they enter.

The limits are defined once (``engine.game``: ``MAX_NAME``, ``SEED_LIMIT``) and the record reader uses the
same checks, so a game that could be started can always be saved, loaded and replayed ([D-RNG-1]).
"""

from __future__ import annotations

import json

import pytest

from game.engine import ConfigError, Game, GameConfig, Seat
from game.engine import record as records
from game.engine.game import MAX_NAME, SEED_LIMIT, name_problem, seed_problem


def config(name: str = "Ann", seed: int = 7, agent: str = "human") -> GameConfig:
    return GameConfig(seed=seed, seats=(Seat(name, agent), Seat("Bob", "greedy"), Seat("Cy", "random")))


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("A" * (MAX_NAME + 1), "at most 64 characters"),
        ("Ann\tBob", "one line"),
        ("Ann\nBob", "one line"),
        ("Ann\x00", "one line"),
        ("Ann\u2028", "one line"),
    ],
)
def test_a_name_the_record_cannot_hold_is_refused_at_the_start_d_rng_1(name: str, words: str) -> None:
    """[D-RNG-1] a name over 64 characters or with a tab, line break or control character is refused when the
    game is made (it used to be played, saved, and then refused on load)."""
    with pytest.raises(ConfigError, match=words):
        config(name=name)
    with pytest.raises(ConfigError, match="agent"):
        config(agent=name)


@pytest.mark.parametrize("seed", [SEED_LIMIT, -SEED_LIMIT, 10**40])
def test_a_seed_the_record_cannot_hold_is_refused_at_the_start_d_rng_1(seed: int) -> None:
    """[D-RNG-1] a seed of 2**64 or more in size is refused when the game is made."""
    with pytest.raises(ConfigError, match="below 2\\*\\*64"):
        config(seed=seed)


def test_a_seed_must_be_a_whole_number_and_seats_two_to_six_b_setup_1() -> None:
    """[B-SETUP-1] 2 to 6 players; a seed is a whole number (not a bool, float or text)."""
    for seed in (True, 1.0, "1"):
        with pytest.raises(ConfigError, match="whole number"):
            GameConfig(seed=seed, seats=(Seat("a", "x"), Seat("b", "y")))  # type: ignore[arg-type]
    for count in (0, 1, 7):
        with pytest.raises(ConfigError, match="2 to 6 players"):
            GameConfig(seed=1, seats=tuple(Seat(f"p{i}", "random") for i in range(count)))


def test_names_and_seeds_at_the_limits_are_saved_and_loaded_back_d_rng_1() -> None:
    """[D-RNG-1] the longest name and the largest seeds allowed go through a record unchanged."""
    for seed in (SEED_LIMIT - 1, -(SEED_LIMIT - 1), 0):
        game = Game.new(config(name="Ä" * MAX_NAME, seed=seed))
        loaded = records.loads(json.dumps(records.to_record(game)))
        assert loaded.config == game.config


def test_the_reader_and_the_start_share_one_limit() -> None:
    """A name or seed the start refuses, the reader refuses too, and the other way round."""
    good = records.to_record(Game.new(config()))
    for name in ("A" * MAX_NAME, "A" * (MAX_NAME + 1), "tab\there", "", "Zoë"):
        tampered = json.loads(json.dumps(good))
        tampered["config"]["players"][0]["name"] = name
        try:
            records.from_record(tampered)
            read = True
        except records.RecordError:
            read = False
        assert read == (name_problem(name) is None), name
    for seed in (SEED_LIMIT - 1, SEED_LIMIT, -(SEED_LIMIT - 1), -SEED_LIMIT, 10**40):
        tampered = json.loads(json.dumps(good))
        tampered["config"]["seed"] = seed
        try:
            records.from_record(tampered)
            read = True
        except records.RecordError as error:
            read = "config.seed" not in str(error)  # refused for its seed, or (a new seed: a new deal) for its deal
        assert read == (seed_problem(seed) is None), seed
