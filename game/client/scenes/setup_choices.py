"""The people's secret choices before a new game's first turn: each rule module that asks one (its ``ChoicePanel``:
the street traders' citizens for a disc, [M-TRADER-2]) is shown to each person in turn in a panel scene of its own,
behind a curtain where several people share the screen (a choice is secret until all have chosen); the engine
takes the choices with the deal and the game starts from it (``Table.start_from``), then the table.  Bots keep the
deal's own choices.  Nothing here names a module: the choices come from the modules that play (``modules_for``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import pgettext

from ..modules import modules_for
from ..widgets import Button
from .curtain import CurtainScene
from .panel import PanelScene

if TYPE_CHECKING:
    from game.engine.play import Deal

    from ..modules import ChoicePanel
    from ..scene import AppServices
    from ..table import Table


class SetupChoiceScene(PanelScene):
    """One person's choice of one module: its panel in the frame, Confirm (Enter) once the choice is whole."""

    def __init__(self, app: AppServices, choice: ChoicePanel, done: Callable[[Deal], None]) -> None:
        super().__init__(app)
        self.choice = choice
        self.done = done
        self.title = choice.title_source
        self.confirm = Button(
            self.ui,
            # TRANSLATORS: the button that confirms a secret choice made before the first turn (citizens for a disc)
            lambda: pgettext("button", "Confirm"),
            self.press_enter,
            style="primary",
            hotkey="Enter",
        )
        self.widgets = [self.confirm]

    @property
    def seat(self) -> int:
        return self.choice.seat

    def layout(self, size: tuple[int, int]) -> None:
        px = self.ui.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, px(760)), min(h - 40, px(560)))
        self.panel.center = (w // 2, h // 2)
        self.confirm.rect = pygame.Rect(self.panel.right - px(240), self.panel.bottom - px(70), px(200), px(48))
        self.mirror([self.confirm])
        top = self.panel.y + px(72)
        self.choice.rect = pygame.Rect(
            self.panel.x + px(40), top, self.panel.w - px(80), self.confirm.rect.y - px(12) - top
        )

    def press_enter(self) -> None:
        if self.choice.ready():
            self.done(self.choice.chosen())

    def press_escape(self) -> None:
        """Nothing to go back to: the new game waits for the choice."""

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.choice.click(event.pos):
            self.ui.sounds.play("click")
            return True
        return super().on_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.confirm.enabled = self.choice.ready()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self.choice.draw(surface, self.ui)
        super().draw(surface)


class SetupChoices:
    """Asks each person's choices one after the other, then starts the game from the deal they made."""

    def __init__(self, app: AppServices, table: Table, then: Callable[[], None]) -> None:
        self.app = app
        self.table = table
        self.then = then
        panels = modules_for(table.state.rules).setup_choices(table.state)
        self.steps: list[tuple[int, type[ChoicePanel]]] = [(seat, panel) for seat in table.people for panel in panels]
        self.deal: Deal = table.game.deal

    def start(self) -> None:
        if not self.steps:
            self.then()
            return
        self._next()

    def _next(self) -> None:
        if not self.steps:
            self.table.start_from(self.deal)
            self.then()
            return
        seat, panel = self.steps.pop(0)
        name = self.table.names[seat]
        scene = SetupChoiceScene(self.app, panel(self.deal, seat, name), self._done)
        self.app.push(scene)
        if self.table.shared:  # secret until all have chosen: the screen passes to them behind a curtain
            self.app.push(CurtainScene(self.app, scene, seat, name))

    def _done(self, deal: Deal) -> None:
        self.deal = deal
        self.app.pop()
        self._next()
