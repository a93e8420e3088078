"""Settings: animation speed, sound, the opponents' hands memory aid, turn confirmation, fullscreen.

Every change is saved at once to the user's config dir, so a crash never loses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..persistence import SPEEDS
from ..widgets import Button, Choice, Toggle, draw_text
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

SPEED_LABELS = ("Instant", "Slow", "Normal", "Fast", "Very fast")


class SettingsScene(ClosingPanelScene):
    """Every setting applies and is saved at once, so there is nothing to confirm."""

    title = "Settings"
    title_at = (40, 24)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        s = app.settings
        speed_index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - app.speed))
        self.speed = Choice(
            self.ui,
            "Animation speed",
            [str(v) for v in SPEEDS],
            speed_index,
            self._speed,
            labels=SPEED_LABELS,
            tooltip="How fast cards and tiles move; Instant skips animations",
        )
        self.sound = Toggle(self.ui, "Sound effects", s.sound, self._sound)
        self.hands = Toggle(
            self.ui,
            "Show opponents' hands (memory aid)",
            s.show_hands,
            self._hands,
            tooltip="Every take and payment is public, so a player with perfect memory knows "
            "all hands. Off: you see only how many cards each holds.",
        )
        self.confirm = Toggle(
            self.ui,
            "Confirm the end of my turn",
            s.confirm_turn,
            self._confirm,
            tooltip="The move that ends your turn waits for End turn, so you can still undo it",
        )
        self.colour_safe = Toggle(
            self.ui,
            "Colour-blind friendly seat colours",
            s.colour_safe,
            self._colour_safe,
            tooltip="Seat colours that stay apart in every kind of colour blindness (seats also differ by shape)",
        )
        self.fullscreen = Toggle(self.ui, "Fullscreen (F11)", app.fullscreen, app.set_fullscreen)
        self.back = Button(self.ui, "Done", app.pop, style="primary", hotkey="Esc")
        self.widgets = [
            self.speed,
            self.sound,
            self.hands,
            self.confirm,
            self.colour_safe,
            self.fullscreen,
            self.back,
        ]

    def _speed(self, index: int) -> None:
        self.app.settings.speed = SPEEDS[index]
        self.app.speed_override = None
        self.app.save_settings()

    def _sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.ui.sounds.enabled = value
        self.app.save_settings()

    def _hands(self, value: bool) -> None:
        self.app.settings.show_hands = value
        self.app.save_settings()

    def _colour_safe(self, value: bool) -> None:
        self.app.settings.colour_safe = value
        theme.use_colour_safe_seats(value)
        self.app.save_settings()

    def _confirm(self, value: bool) -> None:
        self.app.settings.confirm_turn = value
        self.app.save_settings()

    def enter(self) -> None:
        self.fullscreen.value = self.app.fullscreen

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.value = self.app.fullscreen  # F11 works here too: the switch follows it

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(760)), min(h - 40, px(520)))
        self.panel.center = (w // 2, h // 2)
        x, width = self.panel.x + px(40), self.panel.w - px(80)
        y = self.panel.y + px(96)
        self.speed.label_width = px(200)
        self.speed.rect = pygame.Rect(x, y, width, px(40))
        y += px(66)
        for toggle in (self.sound, self.hands, self.confirm, self.colour_safe, self.fullscreen):
            toggle.rect = pygame.Rect(x, y, width, px(40))
            y += px(56)
        self.back.rect = pygame.Rect(self.panel.right - px(40) - px(180), self.panel.bottom - px(76), px(180), px(50))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        where = self.ui.text.render("Saved automatically", self.ui.font_px(13), theme.TEXT_FAINT)
        draw_text(surface, where, (self.panel.x + self.ui.px(40), self.panel.bottom - self.ui.px(50)), "midleft")
        super().draw(surface)
