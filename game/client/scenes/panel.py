"""The screens that are one panel on the felt: setup, loading a record, settings, rules, the end.

They all answer Enter (the panel's main action) and Escape (the way out) and, but for the game
over screen, draw the same frame: the felt, a boxed panel and a display-font title.  Both live
here once so that the screens cannot drift apart in look or in keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n

from .. import theme
from ..scene import Scene
from ..widgets import Widget, draw_box, draw_text, mirrored, shown

if TYPE_CHECKING:
    from ..scene import AppServices

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class PanelScene(Scene):
    """A scene laid out in ``self.panel``; subclasses set the title and what Enter and Escape do."""

    title = ""  # the English source, marked N_ where a screen sets it; translated when drawn
    title_size = 32
    title_at = (40, 22)  # from the panel's top-left, in design pixels (``Ui.px``)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def across(self, left: int, width: int) -> int:
        """Where a span of ``width`` pixels laid out from ``left`` (left to right) starts in the current
        language: the same, or reflected within the panel in a language written right to left."""
        return self.panel.x + self.panel.right - left - width if i18n.is_rtl() else left

    def mirror(self, widgets: list[Widget]) -> None:
        """Reflect ``widgets``, laid out left to right, within the panel in a language written right to left."""
        for widget in widgets:
            widget.rect = mirrored(widget.rect, self.panel)

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
        size = ui.font_px(self.title_size)
        dx, dy = self.title_at
        room = self.panel.w - 2 * ui.px(dx)
        title = ui.text.render(ui.text.fit(shown(self.title), size, room, "display"), size, theme.GOLD_LIGHT, "display")
        x = theme.text_x(self.panel.x + ui.px(dx), self.panel.right - ui.px(dx), title.get_width())
        draw_text(surface, title, (x, self.panel.y + ui.px(dy)))


class ClosingPanelScene(PanelScene):
    """A panel with nothing to confirm (settings, the rules): Enter closes it, like Escape."""

    def press_enter(self) -> None:
        self.app.pop()
