"""The AI worker process, frame rate while it thinks, and the command line smoke runs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
from driver import MakeApp

from game.client.ai_worker import AIWorker
from game.client.table import strongest_bot
from game.engine import Game, GameConfig, Seat

ROOT = Path(__file__).resolve().parents[2]


def smoke_env(home: Path) -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        ALHAMBRA_CONFIG_DIR=str(home),
        ALHAMBRA_DATA_DIR=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )


def run_game(home: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``python -m game`` with ``options``, as a user would start it, with ``home`` for its files."""
    return subprocess.run(
        [sys.executable, "-m", "game", *options],
        cwd=ROOT,
        env=smoke_env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_worker_decides_a_legal_move(worker: AIWorker) -> None:
    game = Game.new(GameConfig(seed=4, seats=(Seat("a", "random"), Seat("b", "random"))))
    state = game.state
    decision = worker.submit("random", 1, state.knowledge(state.decider), state.legal_actions()).result(timeout=30)
    assert state.is_legal(decision.action) and decision.reason


def test_shutdown_mid_search_is_immediate() -> None:
    worker = AIWorker()
    game = Game.new(GameConfig(seed=4, seats=tuple(Seat(f"p{i}", "random") for i in range(4))))
    state = game.state
    future = worker.submit(strongest_bot(), 1, state.knowledge(state.decider), state.legal_actions())
    time.sleep(0.5)
    processes = list(worker._pool._processes.values())
    assert any(p.is_alive() for p in processes) and not future.done(), "the search is running"
    started = time.monotonic()
    worker.shutdown()
    assert time.monotonic() - started < 2.0, "the window must not wait for the search"
    reaped_by = time.monotonic() + 2.0  # a loaded machine may take a moment to reap a killed process
    while any(p.is_alive() for p in processes) and time.monotonic() < reaped_by:
        time.sleep(0.02)
    assert not worker.running and not any(p.is_alive() for p in processes)


def test_frames_keep_coming_while_the_worker_thinks(make_app: MakeApp) -> None:
    """60 frames of the real table while the strongest bot thinks: none may stall."""
    driver = make_app(ai=[strongest_bot()], seed=0, speed=1.0)  # two players, seed 0: the bot starts
    driver.app.fps = 60
    driver.app.start()
    scene = driver.scene
    driver.step()
    future = scene.bots.future
    assert future is not None, "the bot's first decision is being thought about"
    worst = 0.0
    thinking = 0
    for _ in range(60):
        started = time.perf_counter()
        driver.step()
        worst = max(worst, time.perf_counter() - started)
        thinking += not future.done()
    assert thinking > 10, "the worker was thinking during the frames"
    assert worst < 0.2, f"a frame took {worst * 1000:.0f} ms"
    future.result(timeout=30)  # leave the shared worker idle for the next test


def test_bots_answers_arrive_within_frames_that_run_over_their_budget(make_app: MakeApp) -> None:
    """Frames with no wait between them (a slow machine, a large window; here no frame cap) still leave the worker
    pool's threads the GIL: three rounds of three greedy bots take a few dozen frames.  Without the frame's
    ``time.sleep(0)`` a greedy decision of 1.4 ms came back after up to 11 s, thousands of frames, and the CI's
    table tests timed out waiting for the human's turn."""
    driver = make_app(ai=["greedy"] * 3, seed=3, speed=0.0, size=(1024, 700))
    driver.app.start()
    driver.wait_for_human()
    frames = 0
    step = driver.app.step

    def counted() -> None:
        nonlocal frames
        frames += 1
        step()

    driver.app.step = counted  # type: ignore[method-assign]
    for _ in range(3):
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    assert frames < 600, f"three rounds took {frames} frames"


def test_python_m_game_frames_5_exits_0(tmp_path: Path) -> None:
    result = run_game(tmp_path, "--frames", "5")
    assert result.returncode == 0, result.stderr


def test_game_with_ai_option_starts_at_the_table(tmp_path: Path) -> None:
    result = run_game(tmp_path, "--ai", "random,random", "--seed", "3", "--frames", "20", "--speed", "instant")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "autosave.json").is_file(), "a new game is saved at once"


def test_load_option_with_a_bad_record_prints_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    result = run_game(tmp_path, "--load", str(bad), "--frames", "3")
    assert result.returncode == 0
    assert "not a game record" in result.stderr
