"""Every screen of the client, and how each one is opened: the ``Navigator`` the app hands to scenes.

This is the one module that imports the scenes, all at the top: scenes ask for a screen through
``app.screens`` instead of importing each other, so the client's imports have no circle and no
import waits inside a function.  A frozen build (PyInstaller) finds the scenes by following
these static imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .curtain import CurtainScene
from .game_over import GameOverScene
from .load_record import LoadRecordScene
from .menu import MenuScene
from .pause import PauseScene
from .rules_help import RulesScene
from .scoring import ScoringScene
from .settings import SettingsScene
from .setup import SetupScene
from .setup_choices import SetupChoices
from .turn import TurnScene

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from ..scene import AppServices, Scene
    from ..score_sheet import Sheet
    from ..table import Table
    from ..views.model import TableModel


class Screens:
    """Opens the client's screens on the app's scene stack (satisfies ``scene.Navigator``)."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    # ------------------------------------------------------------------ replacing every scene
    def show_menu(self) -> None:
        self.app.replace(MenuScene(self.app))

    def show_table(self, table: Table) -> None:
        """The table scene, or the result if the game is already over."""
        if table.game.state.is_over:
            self.show_game_over(table, None)
        else:
            self.app.replace(TurnScene(self.app, table))

    def show_game_over(self, table: Table, record_path: Path | None) -> None:
        self.app.replace(GameOverScene(self.app, table, record_path))

    # ------------------------------------------------------------------ over the current scene
    def open_setup(self) -> None:
        self.app.push(SetupScene(self.app))

    def open_records(self) -> None:
        self.app.push(LoadRecordScene(self.app))

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def choose_at_setup(self, table: Table, then: Callable[[], None]) -> None:
        """Before a new game's first turn, each person's secret choices of the modules that ask for one (behind a
        curtain where several share the screen), taken with the deal; then ``then`` (the table)."""
        SetupChoices(self.app, table, then).start()

    def open_curtain(self, turn: Scene, seat: int, name: str) -> None:
        self.app.push(CurtainScene(self.app, turn, seat, name))

    def open_pause(self, turn: Scene) -> None:
        self.app.push(PauseScene(self.app, turn))

    def open_scoring(self, turn: TableModel, sheet: Sheet) -> None:
        self.app.push(ScoringScene(self.app, turn, sheet))
