"""Options that used to be taken and then broke something later: each is checked where it enters.

A name or seed the record could not hold, a pool of more processes than games or cores, ``--record``
without ``--headless``, and ``--load`` of something that is no file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli_modules import usage_error

from game.cli import parse
from game.engine.game import MAX_NAME
from game.headless import tournament, usable_workers

ROOT = Path(__file__).resolve().parents[1]


def run_game(home: Path, *options: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m game`` as a user starts it, with ``home`` for its files and no display or sound."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        ALHAMBRA_CONFIG_DIR=str(home),
        ALHAMBRA_DATA_DIR=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(
        [sys.executable, "-m", "game", *options], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize(
    ("name", "words"), [("A" * (MAX_NAME + 1), "at most 64 characters"), ("Ann\tB", "one line"), ("A\nB", "one line")]
)
def test_a_name_the_record_cannot_hold_is_a_usage_error(name, words, capsys) -> None:
    """``--name`` over 64 characters or with a tab or line break: the usage and status 2, before anything
    starts (it used to be played and saved, and the autosave then refused on load)."""
    assert words in usage_error(["--name", name], capsys)
    assert parse(["--name", "A" * MAX_NAME]).name == "A" * MAX_NAME


@pytest.mark.parametrize("seed", [str(10**40), str(2**64), str(-(2**64)), "12x"])
def test_a_seed_the_record_cannot_hold_is_a_usage_error(seed, capsys) -> None:
    """``--seed`` of 2**64 or more in size, or no number: the usage and status 2."""
    message = usage_error(["--headless", "--ai", "random,random", "--seed", seed], capsys)
    assert "below 2**64" in message or "whole number" in message
    assert parse(["--seed", str(2**64 - 1)]).seed == 2**64 - 1


@pytest.mark.parametrize("cores", [1, 2, 16])
def test_workers_are_capped_at_the_games_and_the_cores(cores: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers`` beyond the games or the cores starts no more processes than can work."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(cores)), raising=False)
    assert usable_workers(150, 3) == min(3, cores)
    assert usable_workers(999, 10) == min(10, cores)
    assert usable_workers(1, 10) == 1
    assert usable_workers(4, 0) == 1


def test_a_tournament_asked_for_999_workers_ends_promptly() -> None:
    """``--games 2 --workers 999`` used to start 999 processes and not finish in a minute."""
    started = time.monotonic()
    standings = tournament(["random", "random"], 2, seed=3, workers=999)
    assert [(standing.agent, standing.games) for standing in standings] == [("random", 4)]  # two seats, two games
    assert time.monotonic() - started < 60.0  # seconds


def test_the_usage_says_workers_are_capped() -> None:
    from game.cli import build_parser

    assert "one a core" in " ".join(build_parser().format_help().split())


def test_record_in_the_window_is_accepted(tmp_path: Path) -> None:
    """``--record FILE`` without ``--headless`` is the record of the game played in the window (no longer
    silently ignored): it parses, and its help says so."""
    args = parse(["--ai", "greedy", "--record", str(tmp_path / "mine.json")])
    assert args.record == tmp_path / "mine.json" and not args.headless


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_load_of_a_fifo_nobody_writes_is_refused_at_once(tmp_path: Path) -> None:
    """``--load`` of a FIFO that nobody writes used to hang in ``open``; now the menu opens with the reason."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result = run_game(tmp_path, "--load", str(fifo), "--frames", "3", timeout=30)
    assert result.returncode == 0, result.stderr
    assert "not a regular file" in result.stderr
