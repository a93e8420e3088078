"""A tournament kept game by game in a results file, and picked up from it by a later run."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.headless import Standing, tournament
from game.results_log import ResultsFileError, ResultsLog, TournamentKey

AGENTS = ("greedy", "random")
KEY = TournamentKey(AGENTS, 7, ())


def figures(standings: list[Standing]) -> list[tuple[str, int, float, int, int]]:
    """What a tournament's table reports, but the times: those differ from run to run."""
    return [(s.agent, s.games, s.wins, s.score_total, s.decisions) for s in standings]


def played_in(path: Path) -> list[int]:
    return [json.loads(line)["game"] for line in path.read_text().splitlines()[1:]]


def test_a_tournament_resumed_from_its_file_counts_as_one_played_in_one_go(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, KEY) as results:
        tournament(AGENTS, 3, 7, results=results)  # a run cut short after three games
    assert played_in(path) == [0, 1, 2]
    with ResultsLog.open(path, KEY) as results:
        assert sorted(results.played) == [0, 1, 2]
        resumed = tournament(AGENTS, 5, 7, results=results)
    assert played_in(path) == [0, 1, 2, 3, 4]  # only the two missing games were played
    assert figures(resumed) == figures(tournament(AGENTS, 5, 7))


def test_a_smaller_tournament_reports_only_its_own_games_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, KEY) as results:
        tournament(AGENTS, 4, 7, results=results)
    with ResultsLog.open(path, KEY) as results:
        first_two = tournament(AGENTS, 2, 7, results=results)
    assert figures(first_two) == figures(tournament(AGENTS, 2, 7))
    assert played_in(path) == [0, 1, 2, 3]


def test_parallel_games_are_each_kept_as_they_end(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, KEY) as results:
        standings = tournament(AGENTS, 4, 7, workers=2, results=results)
    assert sorted(played_in(path)) == [0, 1, 2, 3]
    assert figures(standings) == figures(tournament(AGENTS, 4, 7))


def test_a_line_cut_off_mid_write_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, KEY) as results:
        tournament(AGENTS, 3, 7, results=results)
    text = path.read_text()
    path.write_text(text[: len(text) - 20])  # the process was killed while writing game 3
    with ResultsLog.open(path, KEY) as results:
        assert sorted(results.played) == [0, 1]
        resumed = tournament(AGENTS, 3, 7, results=results)
    assert played_in(path) == [0, 1, 2]
    assert figures(resumed) == figures(tournament(AGENTS, 3, 7))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: "", "it is empty"),
        (lambda text: '{"format": "alhambra-record"}\n', "not a tournament results file"),
        (lambda text: text.replace('"version": 1', '"version": 9'), "version 9"),
        (lambda text: text.replace('"seed": 7', '"seed": 8'), "another tournament (greedy, random, seed 8"),
        (lambda text: text.replace('"agents": ["greedy", "random"]', '"agents": ["random", "greedy"]'), "another"),
        (lambda text: text + "not json\n", "line 4: not a game's result"),
        (lambda text: text.replace('"winners": [', '"winners": [5, ', 1), "line 2: not a game's result"),
        (lambda text: text.replace('"seats": ["greedy", "random"]', '"seats": ["random", "greedy"]', 1), "seats"),
        (lambda text: text + text.splitlines(keepends=True)[1], "game 1 is in the file twice"),
    ],
)
def test_a_damaged_or_foreign_results_file_is_refused_and_left_as_it_was(
    tmp_path: Path, damage: Callable[[str], str], message: str
) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, KEY) as results:
        tournament(AGENTS, 2, 7, results=results)
    damaged = damage(path.read_text())
    path.write_text(damaged)
    with pytest.raises(ResultsFileError, match=message.replace("(", r"\(")):
        ResultsLog.open(path, KEY)
    assert path.read_text() == damaged


def test_a_capped_thinking_time_makes_another_tournament(tmp_path: Path) -> None:
    """``--think`` changes how the bots play, so its games are not mixed with those at the levels' own times;
    a file written before the cap existed (no ``think`` in its header) is one at the levels' own times."""
    capped = TournamentKey(AGENTS, 7, (), 0.5)
    path = tmp_path / "results.jsonl"
    with ResultsLog.open(path, capped) as results:
        tournament(AGENTS, 1, 7, results=results, think_limit=0.5)
    assert json.loads(path.read_text().splitlines()[0])["think"] == 0.5
    with pytest.raises(ResultsFileError, match=r"bots think at most 0.5 s\), not greedy, random, seed 7, no modules:"):
        ResultsLog.open(path, KEY)
    with ResultsLog.open(path, capped) as results:
        assert sorted(results.played) == [0]
    uncapped = tmp_path / "uncapped.jsonl"
    with ResultsLog.open(uncapped, KEY) as results:
        tournament(AGENTS, 1, 7, results=results)
    assert "think" not in json.loads(uncapped.read_text().splitlines()[0])
    with pytest.raises(ResultsFileError, match="another tournament"):
        ResultsLog.open(uncapped, capped)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120)


def test_cli_runs_the_same_command_again_to_finish_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    command = ("--headless", "--ai", "greedy,random", "--seed", "4", "--results", str(path))
    first = run_cli(*command, "--games", "2")
    assert first.returncode == 0, first.stderr
    assert "0 of these games were played by earlier runs, 2 now" in first.stdout
    second = run_cli(*command, "--games", "3")
    assert second.returncode == 0, second.stderr
    assert "2 of these games were played by earlier runs, 1 now" in second.stdout
    whole = run_cli("--headless", "--ai", "greedy,random", "--seed", "4", "--games", "3")
    table = [line.split()[:5] for line in second.stdout.splitlines() if line.startswith(("greedy ", "random "))]
    assert table == [line.split()[:5] for line in whole.stdout.splitlines() if line.startswith(("greedy ", "random "))]


def test_cli_refuses_another_tournaments_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    assert (
        run_cli("--headless", "--ai", "greedy,random", "--seed", "4", "--games", "2", "--results", str(path)).returncode
        == 0
    )
    before = path.read_text()
    done = run_cli("--headless", "--ai", "greedy,random", "--seed", "5", "--games", "2", "--results", str(path))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "another tournament" in done.stderr and "Traceback" not in done.stderr
    assert path.read_text() == before


def test_ctrl_c_stops_a_tournament_keeping_every_game_that_ended(tmp_path: Path) -> None:
    """Stopping a long run is how a tournament is split over sittings: the games kept must be whole."""
    path = tmp_path / "results.jsonl"
    command = ["--headless", "--ai", "greedy,random", "--seed", "4", "--games", "400", "--workers", "2"]
    run = subprocess.Popen(
        [sys.executable, "-m", "game", *command, "--results", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal, even under CI
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or len(path.read_text().splitlines()) < 3):
        time.sleep(0.1)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=30)
    assert run.returncode == 130, err
    assert "the same command goes on" in err and "Traceback" not in err
    kept = played_in(path)
    assert len(kept) >= 2
    with ResultsLog.open(path, TournamentKey(AGENTS, 4, ())) as results:
        assert sorted(results.played) == sorted(kept)
