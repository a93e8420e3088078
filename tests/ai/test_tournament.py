"""The headless runner: single games with records, tournaments with rotated seats and statistics."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import GameConfig, Seat
from game.engine import record as records
from game.headless import Standing, game_seed, play_game, tournament


def test_a_smoke_tournament_counts_every_seat_once_and_rotates_seats(tmp_path: Path) -> None:
    standings = tournament(["greedy", "random"], games=4, seed=3, records_dir=tmp_path)
    by_name = {s.agent: s for s in standings}
    assert by_name["greedy"].games == by_name["random"].games == 4
    assert by_name["greedy"].wins + by_name["random"].wins == pytest.approx(4)
    assert by_name["greedy"].decisions > 0 and by_name["greedy"].think_worst >= 0
    saved = sorted(tmp_path.glob("game-*.json"))
    assert len(saved) == 4
    seatings = [json.loads(path.read_text())["config"]["players"][0]["agent"] for path in saved]
    assert seatings == ["greedy", "random", "greedy", "random"]
    for path in saved:
        records.load(path)  # every record replays


def test_tournament_games_get_distinct_reproducible_seeds() -> None:
    seeds = [game_seed(1, i) for i in range(50)]
    assert len(set(seeds)) == 50
    assert seeds == [game_seed(1, i) for i in range(50)]


def test_a_shared_victory_counts_as_a_fraction_of_a_win() -> None:
    standing = Standing("x", games=10, wins=5.5)
    low, high = standing.win_interval()
    assert 0.2 < low < 0.55 < high < 0.85


def test_play_game_is_reproducible_d_rng_1() -> None:
    """[D-RNG-1] the same seed and the same (deterministic) agents give the same game."""
    config = GameConfig(seed=12, seats=(Seat("a", "greedy"), Seat("b", "greedy"), Seat("c", "random")))
    first, _ = play_game(config)
    second, _ = play_game(config)
    assert records.to_record(first) == records.to_record(second)
    assert first.state.is_over


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120)


def test_cli_headless_game_prints_the_result_and_writes_a_record(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    done = run_cli("--headless", "--ai", "random,random,random", "--seed", "5", "--record", str(out))
    assert done.returncode == 0, done.stderr
    assert "winner" in done.stdout and "points" in done.stdout
    game = records.load(out)
    assert game.state.is_over and game.config.seed == 5


def test_cli_tournament_prints_win_rates_with_intervals() -> None:
    done = run_cli("--headless", "--ai", "greedy,random", "--games", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "95% CI" in done.stdout and "greedy" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--headless", "--ai", "random,wizard"),
        ("--headless", "--ai", "random"),
        ("--headless", "--ai", ",".join(["random"] * 7)),
        ("--headless",),
        ("--games", "3"),
        ("--size", "huge"),
        ("--speed", "warp"),
        ("--frames", "0"),
        ("--no-such-option",),
        ("--headless", "--ai", "greedy,random", "--games", "2", "--record", "x.json"),
        ("--headless", "--ai", "greedy,random", "--seed", "1", "--results", "r.jsonl"),
        ("--headless", "--ai", "greedy,random", "--games", "2", "--results", "r.jsonl"),
        ("--ai", "greedy", "--results", "r.jsonl"),
        ("--headless", "--ai", "greedy,random", "--think", "0"),
        ("--headless", "--ai", "greedy,random", "--think", "fast"),
        ("--headless", "--ai", "greedy,random", "--think", "61"),
        ("--ai", "greedy", "--think", "1"),
    ],
)
def test_cli_bad_options_print_usage_and_exit_2(args: tuple[str, ...]) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert "usage:" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_every_rung_of_the_ladder_plays_by_name() -> None:
    """Issue 19: every level is reachable by name, the beginner and the expert too."""
    done = run_cli("--headless", "--ai", "beginner,greedy", "--games", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "beginner" in done.stdout and "greedy" in done.stdout


@pytest.mark.slow
def test_cli_think_caps_every_bots_thinking_time() -> None:
    """Issue 19: ``--think`` is the settings' Bot thinking time for headless games: hard's 0.9 s become 0.05 s."""
    done = run_cli("--headless", "--ai", "mcts:hard,greedy", "--games", "2", "--seed", "3", "--think", "0.05")
    assert done.returncode == 0, done.stderr
    assert "bots think at most 0.05 s a move" in done.stdout
    hard = next(line for line in done.stdout.splitlines() if line.startswith("mcts:hard"))
    worst_ms = float(hard.split()[-1].removesuffix("ms"))
    assert 0 < worst_ms < 300  # its level alone takes up to 900 ms; a busy machine may add a little to 50


def test_cli_warns_that_parallel_games_share_the_experts_cores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The expert uses every spare core: games side by side would take its cores from each other."""
    import game.headless
    from game.cli import main

    monkeypatch.setattr(game.headless, "tournament", lambda *args, **kwargs: [])
    assert main(["--headless", "--ai", "mcts:expert,random", "--games", "4", "--workers", "2"]) == 0
    assert "--workers 1" in capsys.readouterr().err
    assert main(["--headless", "--ai", "mcts:expert,random", "--games", "4"]) == 0
    assert "--workers 1" not in capsys.readouterr().err


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started that run a pool's worker (``spawn_main``), from ``/proc``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_a_tournaments_workers_end_when_it_is_killed() -> None:
    """A tournament killed outright (``kill -9``: no clean-up runs) leaves no worker playing on for nobody."""
    import os
    import signal
    import time

    parent = subprocess.Popen(
        [sys.executable, "-m", "game", "--headless", "--ai", "mcts:hard,greedy", "--games", "4", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) == 2, "the tournament's two workers did not start"
        time.sleep(1.0)  # into their first games
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "a worker kept playing after its tournament was killed"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)
