"""The curtain between two people at one screen: "Pass to Ann", until Ann says she is there.

Several people share the screen (``Table.people``).  Before one of them decides, where the table holds what the
others may not see (face-down bonus cards; hands, when the memory aid is off), this scene covers the whole table
(it is no overlay: nothing of the table is drawn under it) until that person clicks or presses Enter.  The table
scene waits below it and takes up the decision after.  A setting (``Settings.curtain``) leaves it out for tables
that do not care.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, pgettext

from .. import theme
from ..views import common
from ..widgets import Button, draw_text
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices, Scene


class CurtainScene(PanelScene):
    """The table hidden until ``name`` (in ``seat``) is at the screen; Enter or a click shows it to them."""

    def __init__(self, app: AppServices, table_scene: Scene, seat: int, name: str) -> None:
        super().__init__(app)
        self.table_scene = table_scene  # under the curtain: the game menu opens over it
        self.seat = seat
        self.name = name
        self.ready = Button(
            self.ui,
            # TRANSLATORS: the curtain's button, pressed by the person the screen was passed to
            lambda: pgettext("button", "I am {player}: show my table").format(player=self.name),
            self.open,
            style="primary",
            hotkey="Enter",
        )
        self.menu = Button(
            self.ui,
            N_("Game menu"),
            self._menu,
            hotkey="Esc",
            tooltip=N_("Game menu: rules, settings, save and quit"),
        )
        self.widgets = [self.ready, self.menu]

    @property
    def headline(self) -> str:
        # TRANSLATORS: the curtain between two people at one screen, in large letters
        return _("Pass the screen to {player}").format(player=self.name)

    @property
    def explanation(self) -> str:
        return _(
            "{player} decides next, and the table holds what only {player} may see. {player}: press the button "
            "or Enter when nobody else is looking."
        ).format(player=self.name)

    def open(self) -> None:
        """The person is there: the table, turned to them."""
        self.ui.sounds.play("turn")
        self.app.pop()

    def _menu(self) -> None:
        self.app.screens.open_pause(self.table_scene)

    def press_enter(self) -> None:
        self.ready.click()

    def press_escape(self) -> None:
        self.menu.click()

    def layout(self, size: tuple[int, int]) -> None:
        px = self.ui.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, px(720)), min(h - 40, px(340)))
        self.panel.center = (w // 2, h // 2)
        bottom = self.panel.bottom - px(30)
        self.menu.rect = pygame.Rect(self.panel.x + px(30), bottom - px(44), px(170), px(44))
        ready_x = self.menu.rect.right + px(20)
        self.ready.rect = pygame.Rect(ready_x, bottom - px(52), self.panel.right - px(30) - ready_x, px(52))
        self.mirror([self.menu, self.ready])  # right to left, the menu at the right

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        surface.blit(ui.sprites.felt(surface.get_size()), (0, 0))
        common.dim(surface, surface.get_rect(), 90)
        surface.blit(ui.sprites.panel(self.panel.size, theme.PANEL, 240, theme.GOLD, px(14)), self.panel)
        common.seat_token(ui, surface, self.seat, self.name, (self.panel.centerx, self.panel.y + px(46)), px(18))
        room = self.panel.w - px(60)
        size = ui.font_px(34)
        said = ui.text.fit(self.headline, size, room, "display")
        title = ui.text.shadowed(said, size, theme.GOLD_LIGHT, "display", 2)
        y = draw_text(surface, title, (self.panel.centerx, self.panel.y + px(78)), "midtop").bottom + px(14)
        small = ui.font_px(17)
        for line in ui.text.wrap(self.explanation, small, room):
            word = ui.text.render(line, small, theme.IVORY)
            y = draw_text(surface, word, (self.panel.centerx, y), "midtop").bottom + px(2)
        super().draw(surface)
