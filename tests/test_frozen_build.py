"""The frozen executable: build it from build.spec with PyInstaller and run it twice.

Once headless (an AI game) and once with the window under the dummy video driver for a few
frames; both must exit 0.  The build goes to a temporary folder, so the test needs nothing
built beforehand and leaves nothing behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ai.parallel import spare_cores

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # builds the app with PyInstaller and runs it


@pytest.fixture(scope="module")
def frozen(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("pyinstaller", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("PyInstaller is missing: install the dev extra (pip install -e '.[dev]')")
    work = tmp_path_factory.mktemp("frozen")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            str(ROOT / "build.spec"),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=600,
    )
    binary = work / "dist" / "alhambra" / "alhambra"
    assert binary.is_file()
    return binary


def test_frozen_headless_game_exits_0(frozen: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = subprocess.run(
        [str(frozen), "--headless", "--ai", "greedy,random", "--seed", "3", "--record", str(record)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "winner" in done.stdout and record.is_file()


def test_frozen_expert_searches_with_its_helper_process(frozen: Path, tmp_path: Path) -> None:
    """Issue 19: the expert's helper processes start in the frozen build too (spawn runs the frozen executable
    again, which ``freeze_support`` turns into a helper); one that fails says so on standard error."""
    if spare_cores() == 0:
        pytest.skip("one core: the expert has no spare core, so no helper to start")
    done = subprocess.run(
        [str(frozen), "--headless", "--ai", "mcts:expert,greedy", "--seed", "3", "--think", "0.05"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "winner" in done.stdout
    assert "helper" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def window_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a windowed run: no display, no sound, settings and saves in ``tmp_path``."""
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        ALHAMBRA_CONFIG_DIR=str(tmp_path / "config"),
        ALHAMBRA_DATA_DIR=str(tmp_path / "data"),
    )


def test_frozen_window_runs_frames_and_exits_0(frozen: Path, tmp_path: Path) -> None:
    env = window_env(tmp_path)
    done = subprocess.run(
        [str(frozen), "--frames", "30"], env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("code", ["fa", "zh", "ja", "hu"])
def test_frozen_window_runs_in_each_language(frozen: Path, tmp_path: Path, code: str) -> None:
    """The catalogues and the fonts of every language travel in the frozen build (issue 18)."""
    env = window_env(tmp_path)
    done = subprocess.run(
        [str(frozen), "--lang", code, "--frames", "20"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "catalogue" not in done.stderr and "missing" not in done.stderr, done.stderr
    folder = frozen.parent
    assert any(folder.rglob(f"locale/{code}/LC_MESSAGES/alhambra.mo"))


def test_the_frozen_app_stays_within_75_mb(frozen: Path) -> None:
    """With every language's catalogue and fonts (issue 18): at most 75 MB on disk (a symlink to a library
    in the folder is counted once, as the library)."""
    total = sum(path.stat().st_size for path in frozen.parent.rglob("*") if path.is_file() and not path.is_symlink())
    assert total <= 75 * 1024 * 1024, f"{total / 1024 / 1024:.1f} MB"
