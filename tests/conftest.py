"""Test-wide setup: no display and no sound device are needed (CI has neither), and the game speaks English
unless a test chooses a language (the machine's own locale must not change what the tests read)."""

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends in English."""
    from game import i18n

    if i18n.language() != "en":
        i18n.set_language("en")
    yield
    if i18n.language() != "en":
        i18n.set_language("en")
