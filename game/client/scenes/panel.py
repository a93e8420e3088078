"""The screens that are one panel on the felt: setup, loading a record, settings, rules, the end.

They all answer Enter (the panel's main action) and Escape (the way out) and, but for the game
over screen, draw the same frame: the felt, a boxed panel and a display-font title.  Both live
here once so that the screens cannot drift apart in look or in keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import draw_box, draw_text

if TYPE_CHECKING:
    from ..scene import AppServices

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class PanelScene(Scene):
    """A scene laid out in ``self.panel``; subclasses set the title and what Enter and Escape do."""

    title = ""
    title_size = 32
    title_at = (40, 22)  # from the panel's top-left, in design pixels (``Ui.px``)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def press_enter(self) -> None:
        """The panel's main action (start, open, close...)."""

    def press_escape(self) -> None:
        """Leave the panel: back to the scene below unless a subclass says otherwise."""
        self.app.pop()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in ENTER_KEYS:
                self.press_enter()
                return True
            if event.key == pygame.K_ESCAPE:
                self.press_escape()
                return True
        return False

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The felt, the panel and its title: what every panel screen draws first."""
        ui = self.ui
        surface.blit(ui.sprites.felt(surface.get_size()), (0, 0))
        draw_box(ui, surface, self.panel)
        title = ui.text.render(self.title, ui.font_px(self.title_size), theme.GOLD_LIGHT, "display")
        dx, dy = self.title_at
        draw_text(surface, title, (self.panel.x + ui.px(dx), self.panel.y + ui.px(dy)))


class ClosingPanelScene(PanelScene):
    """A panel with nothing to confirm (settings, the rules): Enter closes it, like Escape."""

    def press_enter(self) -> None:
        self.app.pop()
