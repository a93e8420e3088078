"""Scenes and the stack that runs them.

A scene is one screen (menu, setup, the table...).  The app keeps a stack: the top scene gets
events and updates; an *overlay* scene (the scoring table, the pause menu) is drawn over the
scene below it, which stays frozen until the overlay is popped.  Scenes hold widgets in
``self.widgets``; the default ``handle`` offers each event to them topmost first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .widgets import Widget

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen of the client."""

    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = app.ui
        self.widgets: list[Widget] = []

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; called on entry and on every resize."""

    def handle(self, event: pygame.event.Event) -> bool:
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle(event):
                return True
        return self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> bool:
        """Events no widget took (keyboard shortcuts, clicks on the board)."""
        return False

    def update(self, dt: float) -> None:
        """Advance time-based state by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)

    def widget(self, name: str) -> Widget:
        """A named widget (an attribute holding it): tests click at ``scene.widget('quit').rect``."""
        found = getattr(self, name, None)
        if not isinstance(found, Widget):
            raise KeyError(f"{type(self).__name__} has no widget {name!r}")
        return found


class SceneStack:
    """The scenes of the app, top last."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, size: tuple[int, int]) -> None:
        self.scenes.append(scene)
        scene.layout(size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene, size: tuple[int, int]) -> None:
        """Drop every scene and show ``scene`` alone (menu <-> game)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene, size)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.layout(size)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[max(0, start) :]:
            scene.draw(surface)
