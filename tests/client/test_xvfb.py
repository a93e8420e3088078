"""A real X11 window under Xvfb, driven by xdotool: real mouse clicks and key presses reach the game.

Recipe from TOOLCHAIN.md: the window is found by its WM_CLASS (``SDL_VIDEO_X11_WMCLASS``;
xdotool cannot match SDL's UTF-8 window name), the app quits through its own Escape key (never
``xdotool windowclose``, which kills SDL with an X error).  The app prints the name of each
screen it shows when ``ALHAMBRA_TRACE_SCENES`` is set; the test reads that to know where it is.

Skipped, saying so, when Xvfb or xdotool are missing: ``apt-get install -y xvfb xdotool x11-utils imagemagick``.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WM_CLASS = "alhambra_xtest"
pytestmark = [pytest.mark.xvfb, pytest.mark.slow]

MISSING = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


class Lines:
    """The app's stdout, read in a thread so the test can wait for a line with a timeout."""

    def __init__(self, stream) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        for line in stream:
            self.queue.put(line.strip())

    def wait_for(self, text: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {text!r} from the app; it said {self.seen}"
            try:
                self.seen.append(self.queue.get(timeout=remaining))
            except queue.Empty:
                continue


def xdotool(display: dict[str, str], *arguments: str) -> str:
    return subprocess.run(
        ["xdotool", *arguments], env=display, capture_output=True, text=True, timeout=20, check=True
    ).stdout.strip()


@pytest.fixture
def xserver():
    """A private Xvfb server (``game.client.bench.private_x_server``); yields the environment that points at it."""
    if MISSING:
        pytest.skip(f"{' and '.join(MISSING)} not installed (apt-get install -y xvfb xdotool x11-utils imagemagick)")
    from game.client.bench import private_x_server

    with private_x_server() as display:
        yield dict(os.environ, DISPLAY=display)


@contextlib.contextmanager
def launch(
    xserver: dict[str, str], home: Path, size: str, window_class: str | None
) -> Iterator[tuple[subprocess.Popen, dict]]:
    """The game in a real window on ``xserver``, printing its scenes' names; ``window_class`` None: its own.
    Killed on the way out if it has not quit by itself."""
    env = {key: value for key, value in xserver.items() if key != "SDL_VIDEO_X11_WMCLASS"}
    env.update(
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        ALHAMBRA_TRACE_SCENES="1",
        ALHAMBRA_CONFIG_DIR=str(home),
        ALHAMBRA_DATA_DIR=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    if window_class is not None:
        env["SDL_VIDEO_X11_WMCLASS"] = window_class
    app = subprocess.Popen(
        [sys.executable, "-u", "-m", "game", "--size", size],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield app, env
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=5)


def test_real_window_clicks_and_keys(xserver: dict[str, str], tmp_path: Path, screenshots: Path) -> None:
    with launch(xserver, tmp_path, "1280x800", WM_CLASS) as (app, env):
        lines = Lines(app.stdout)
        window = xdotool(env, "search", "--sync", "--onlyvisible", "--class", WM_CLASS).splitlines()[0]
        lines.wait_for("scene MenuScene")
        time.sleep(0.3)
        if shutil.which("import"):
            subprocess.run(
                ["import", "-window", "root", str(screenshots / "xvfb_menu.png")], env=env, timeout=20, check=True
            )
        # The title screen's buttons at 1280x800: 320x50 from y=288, 62 apart; "Rules" is the fourth.
        xdotool(env, "mousemove", "--window", window, "640", str(288 + 3 * 62 + 25), "click", "1")
        lines.wait_for("scene RulesScene")
        xdotool(env, "key", "Escape")
        _menu_again(lines, times=2)
        xdotool(env, "key", "n")  # a keyboard shortcut: New game
        lines.wait_for("scene SetupScene")
        xdotool(env, "key", "Escape")
        _menu_again(lines, times=3)
        xdotool(env, "key", "Escape")  # Escape on the title screen quits
        assert app.wait(timeout=15) == 0, app.stderr.read() if app.stderr else ""


def _menu_again(lines: Lines, times: int = 2) -> None:
    """Wait until the title screen has been shown ``times`` times in all."""
    deadline = time.monotonic() + 15
    while lines.seen.count("scene MenuScene") < times:
        assert time.monotonic() < deadline, f"the title screen did not come back: {lines.seen}"
        try:
            lines.seen.append(lines.queue.get(timeout=0.5))
        except queue.Empty:
            continue


def test_the_window_is_named_alhambra_for_the_desktop(xserver: dict[str, str], tmp_path: Path) -> None:
    """The window's class (what task bars and window lists group it by) is "Alhambra", not the program's file
    name ("__main__.py"), when nothing else asks for another."""
    with launch(xserver, tmp_path, "1024x700", None) as (app, env):
        lines = Lines(app.stdout)
        found = xdotool(env, "search", "--sync", "--onlyvisible", "--classname", "Alhambra").splitlines()
        assert found, "no window of class Alhambra"
        lines.wait_for("scene MenuScene")
        xdotool(env, "key", "Escape")  # Escape on the title screen quits
        assert app.wait(timeout=15) == 0, app.stderr.read() if app.stderr else ""


def test_the_launch_benchmark_times_a_real_window(xserver: dict[str, str]) -> None:
    """``python -m game.client.bench --x11`` times the launch into a real X window on a private Xvfb (the drawn
    menu on screen, as a player's desktop shows it), not only into SDL's dummy display."""
    from game.client.bench import launch_benchmark

    real = launch_benchmark(1, None, x11=True)
    assert len(real) == 1 and 0 < real[0] < 30
