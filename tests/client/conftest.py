"""Fixtures of the client tests: private settings/save folders, one shared AI worker, an app to drive.

``tests/conftest.py`` already selects SDL's dummy video and audio drivers.  Nothing here calls
``pygame.quit()``: only the outermost entry point does that (TOOLCHAIN.md), and apps built by
the tests are closed with ``App.close`` (worker left to the session, settings saved).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from driver import Driver, args

from game.client.ai_worker import AIWorker
from game.client.app import App

SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, autosave and records go to a fresh folder, never to the user's own."""
    folder = tmp_path / "home"
    monkeypatch.setenv("ALHAMBRA_CONFIG_DIR", str(folder / "config"))
    monkeypatch.setenv("ALHAMBRA_DATA_DIR", str(folder / "data"))
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture(scope="session")
def worker() -> Iterator[AIWorker]:
    """One worker process for the whole session (spawning one costs a few hundred ms)."""
    shared = AIWorker()
    shared.start()
    yield shared
    shared.shutdown()


@pytest.fixture
def make_app(worker: AIWorker) -> Iterator:
    """Build apps with cli-like options; each is closed after the test."""
    made: list[App] = []

    def make(**options: object) -> Driver:
        pygame.init()  # idempotent; a test may have de-initialised a module
        app = App(args(**options), worker=worker)
        made.append(app)
        return Driver(app)

    yield make
    for app in made:
        app.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
