"""Scenes, the stack that runs them, and what a scene may ask of the app.

A scene is one screen (menu, setup, the table...).  The app keeps a stack: the top scene gets
events and updates; an *overlay* scene (the scoring table, the pause menu) is drawn over the
scene below it, which stays frozen until the overlay is popped.  Scenes hold widgets in
``self.widgets``; the default ``handle`` offers each event to them topmost first.

A scene is given the app as ``AppServices`` and goes to another screen through its ``Navigator``
(``app.screens``), never by importing that screen's module: the app and the registry of screens
(``scenes.registry``) import the scenes, and the scenes import neither, so no module of the client
depends on itself through a circle of imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from .widgets import Text, Widget

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from game.engine import Game

    from .ai_worker import AIWorker
    from .persistence import Settings
    from .score_sheet import Sheet
    from .table import Table
    from .views.model import TableModel
    from .widgets import Ui


class Navigator(Protocol):
    """The screens a scene can go to, by what they are for.

    ``show_*`` replaces every scene (menu <-> game); ``open_*`` opens a screen over the current
    one, which comes back when it is closed (``app.pop()``).
    """

    def show_menu(self) -> None: ...

    def show_table(self, table: Table) -> None:
        """The table scene, or the result if the game is already over."""
        ...

    def show_game_over(self, table: Table, record_path: Path | None) -> None: ...

    def open_setup(self) -> None: ...

    def open_records(self) -> None: ...

    def open_rules(self) -> None: ...

    def open_settings(self) -> None: ...

    def open_curtain(self, turn: Scene, seat: int, name: str) -> None:
        """Hide the table until the person ``name`` (in ``seat``) is at the screen."""
        ...

    def choose_at_setup(self, table: Table, then: Callable[[], None]) -> None:
        """Each person's secret choices before a new game's first turn (a module's ``SetupChoice``), then ``then``."""
        ...

    def open_pause(self, turn: Scene) -> None: ...

    def open_scoring(self, turn: TableModel, sheet: Sheet) -> None: ...


class AppServices(Protocol):
    """What a scene may use of the app (``App`` is the implementation; tests drive a real one)."""

    notice: Text  # a one-line message for the next scene to show (e.g. a failed --load); the menu clears it
    speed_override: float | None  # --speed, until the player picks a speed

    @property
    def ui(self) -> Ui: ...

    @property
    def screens(self) -> Navigator: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def worker(self) -> AIWorker: ...

    @property
    def args(self) -> argparse.Namespace:
        """The command line: ``--name`` is the default player name."""
        ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def speed(self) -> float: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def save_settings(self) -> None: ...

    def set_language(self, code: str) -> bool:
        """Speak ``code`` (one of ``game.i18n.LANGUAGES``) from the next frame on, and keep the choice."""
        ...

    def toggle_fullscreen(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def new_game(
        self, people: Sequence[str], opponents: Sequence[str], seed: int | None, modules: Sequence[str] = ()
    ) -> None: ...

    def open_game(self, game: Game) -> None: ...

    def quit(self) -> None: ...


class Scene:
    """One screen of the client."""

    overlay = False

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.ui = app.ui
        self.widgets: list[Widget] = []

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; called on entry, on every resize and after a change of
        language (words take other room, and right to left the layout is mirrored)."""

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
