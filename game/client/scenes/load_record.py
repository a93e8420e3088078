"""Opening a saved game or a record: a list of the ``.json`` files found, plus a typed path.

A file that is not a valid record is refused with ``RecordError``'s one-line reason and nothing
changes; the scene stays open so the player can pick another.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import record as records

from .. import persistence, theme
from ..widgets import Button, ListItem, ScrollList, TextInput, draw_text
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices


def describe_file(path: Path) -> str:
    """A short line about a record file without replaying it: players and whether it is finished."""
    try:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        # the record reader's size cap and JSON checks: a huge or deeply nested file must not stop the scene
        data = records.read_json(path)
        players = ", ".join(p.get("name", "?")[:24] for p in data["config"]["players"][:6])
        status = "finished" if "result" in data else "in progress"
        return f"{stamp}  ·  {players}  ·  {status}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # RecordError is a ValueError
        return "not readable as a game record"


class LoadRecordScene(PanelScene):
    """Pick a file (double-click or Open) or type a path."""

    title = "Load a saved game or record"
    title_size = 30
    title_at = (30, 22)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.files = persistence.record_files(persistence.data_dir(), Path.cwd())
        self.list = ScrollList(self.ui, self._selected, lambda _: self._open())
        self.list.items = [ListItem(path.name, f"{path.parent}  ·  {describe_file(path)}") for path in self.files]
        self.path = TextInput(self.ui, "", 400, placeholder="or type a path to a .json record", on_enter=self._open)
        self.open = Button(self.ui, "Open", self._open, style="primary", hotkey="Enter")
        self.back = Button(self.ui, "Back", app.pop, hotkey="Esc")
        self.widgets = [self.list, self.path, self.open, self.back]
        self.error = ""

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(900)), min(h - 40, px(640)))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-px(60), 0)
        self.list.rect = pygame.Rect(inner.x, self.panel.y + px(80), inner.w, self.panel.h - px(260))
        self.path.rect = pygame.Rect(inner.x, self.list.rect.bottom + px(16), inner.w, px(40))
        self.open.rect = pygame.Rect(inner.right - px(200), self.panel.bottom - px(76), px(200), px(50))
        self.back.rect = pygame.Rect(inner.x, self.panel.bottom - px(76), px(160), px(50))

    def _selected(self, index: int) -> None:
        self.path.value = str(self.files[index])
        self.error = ""

    def _open(self) -> None:
        text = self.path.value.strip()
        if not text:
            self.error = "Choose a file from the list or type its path."
            self.ui.sounds.play("error")
            return
        try:
            game = records.load(Path(text).expanduser())
        except records.RecordError as error:
            self.error = str(error)
            self.ui.sounds.play("error")
            return
        self.app.open_game(game)

    def press_enter(self) -> None:
        self._open()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.ui.px
        self.draw_frame(surface)
        where = f"Files from {persistence.data_dir()} and {Path.cwd()}"
        draw_text(
            surface,
            self.ui.text.render(
                self.ui.text.fit(where, self.ui.font_px(13), self.panel.w - px(60)), self.ui.font_px(13), theme.TEXT_DIM
            ),
            (self.panel.x + px(30), self.list.rect.y - px(6)),
            "bottomleft",
        )
        if self.error:
            y = self.path.rect.bottom + px(10)
            for line in self.ui.text.wrap(self.error, self.ui.font_px(15), self.panel.w - px(60), "bold")[:3]:
                rect = draw_text(
                    surface,
                    self.ui.text.render(line, self.ui.font_px(15), theme.WARN, "bold"),
                    (self.panel.x + px(30), y),
                )
                y = rect.bottom + 2
        super().draw(surface)
