"""Sound effects: played through the mixer when there is one, silently skipped when there is none."""

from __future__ import annotations

import pygame
import pytest

from game.client.sound import Sounds
from game.client.sprites import SOUNDS


def test_effects_load_and_play_with_the_dummy_driver() -> None:
    pygame.mixer.init()
    sounds = Sounds(enabled=True)
    assert sounds.available
    assert set(sounds._effects) == set(SOUNDS)
    sounds.play("coin")
    sounds.enabled = False
    sounds.play("coin")  # a muted game plays nothing and raises nothing


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*_: object, **__: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(enabled=True)
    assert not sounds.available
    sounds.play("score")  # nothing happens, nothing breaks
