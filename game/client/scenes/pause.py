"""The game menu over the table: resume, rules, settings, back to the title, quit.

Leaving keeps the game: it was saved when the last turn ended, so "Continue" on the title screen
resumes it at the start of the turn in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, pgettext

from .. import theme
from ..scene import Scene
from ..views import common
from ..widgets import Button, draw_box, draw_text

if TYPE_CHECKING:
    from ..scene import AppServices


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: AppServices, turn: Scene) -> None:
        super().__init__(app)
        self.turn = turn
        self.resume = Button(self.ui, lambda: pgettext("menu", "Resume"), app.pop, style="primary", hotkey="Esc")
        self.rules = Button(self.ui, lambda: pgettext("menu", "Rules"), self._rules, hotkey="R")
        self.settings = Button(self.ui, lambda: pgettext("menu", "Settings"), self._settings, hotkey="S")
        self.leave_game = Button(
            self.ui,
            N_("Save and leave to the title"),
            app.screens.show_menu,
            tooltip=N_("The game is saved as it stands; Continue resumes it"),
        )
        self.quit = Button(self.ui, lambda: pgettext("menu", "Quit"), app.quit, hotkey="Q")
        self.widgets = [self.resume, self.rules, self.settings, self.leave_game, self.quit]
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _rules(self) -> None:
        self.app.screens.open_rules()

    def _settings(self) -> None:
        self.app.screens.open_settings()

    def layout(self, size: tuple[int, int]) -> None:
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, px(380), px(420))
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + px(86)
        for button in self.widgets:
            button.rect = pygame.Rect(self.panel.x + px(40), y, self.panel.w - px(80), px(48))
            y += px(60)

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.resume,
                pygame.K_r: self.rules,
                pygame.K_s: self.settings,
                pygame.K_q: self.quit,
            }
            if event.key in keys:
                keys[event.key].click()
                return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        common.dim(surface, surface.get_rect(), 140)
        draw_box(self.ui, surface, self.panel, (28, 24, 20), 246, theme.GOLD, self.ui.px(14))
        size = self.ui.font_px(30)
        said = self.ui.text.fit(_("Game menu"), size, self.panel.w - self.ui.px(40), "display")
        title = self.ui.text.render(said, size, theme.GOLD_LIGHT, "display")
        draw_text(surface, title, (self.panel.centerx, self.panel.y + self.ui.px(24)), "midtop")
        super().draw(surface)
