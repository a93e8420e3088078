"""Sound effects from the bundled WAVs; silent when there is no audio device.

Many machines (CI, remote desktops, some laptops) have no usable audio device, and SDL then
raises from ``mixer.init``: the game must run on anyway, so every mixer call is guarded and a
failed start simply makes ``play`` do nothing.
"""

from __future__ import annotations

import io

import pygame

from .sprites import SOUNDS, MissingAsset, load_asset_bytes


class Sounds:
    """Play effects by name; ``enabled`` is the player's on/off setting."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._effects: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            self.available = True
        except (pygame.error, OSError):
            return
        for name in SOUNDS:
            try:
                sound = pygame.mixer.Sound(io.BytesIO(load_asset_bytes(f"sounds/{name}.wav")))
            except (MissingAsset, pygame.error):
                continue
            sound.set_volume(0.55)
            self._effects[name] = sound

    def play(self, name: str) -> None:
        if not (self.enabled and self.available):
            return
        effect = self._effects.get(name)
        if effect is not None:
            effect.play()
