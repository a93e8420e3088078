"""Opening a saved game or a record: a list of the ``.json`` files found, plus a typed path.

A file that is not a valid record is refused with ``RecordError``'s one-line reason and nothing
changes; the scene stays open so the player can pick another.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import record as records
from game.i18n import N_, _, pgettext, words

from .. import persistence, theme
from ..widgets import Button, ListItem, ScrollList, Text, TextInput, draw_text, shown
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices


@dataclass(frozen=True)
class FileFacts:
    """What the list says about a record file, read once (the words are said again in each language)."""

    stamp: str  # when it was written, "2025-11-26 00:46" (the same in every language)
    players: tuple[str, ...]
    finished: bool


def file_facts(path: Path) -> FileFacts | None:
    """The facts of a record file without replaying it; None if it is not readable as a record."""
    try:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        # the record reader's size cap and JSON checks: a huge or deeply nested file must not stop the scene
        data = records.read_json(path)
        players = tuple(str(p.get("name", "?"))[:24] for p in data["config"]["players"][:6])
        return FileFacts(stamp, players, "result" in data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # RecordError is a ValueError
        return None


def describe(facts: FileFacts | None) -> str:
    """A short line about a record file, in the current language: players and whether it is finished."""
    if facts is None:
        return _("not readable as a game record")
    # TRANSLATORS: the state of a saved game in the list of records
    status = pgettext("game", "finished") if facts.finished else pgettext("game", "in progress")
    # TRANSLATORS: a line about a saved game: when it was saved, its players, and whether it is finished
    return _("{date}  ·  {players}  ·  {status}").format(
        date=facts.stamp, players=words.join(facts.players), status=status
    )


def describe_file(path: Path) -> str:
    """A short line about a record file without replaying it: players and whether it is finished."""
    return describe(file_facts(path))


class LoadRecordScene(PanelScene):
    """Pick a file (double-click or Open) or type a path."""

    title = N_("Load a saved game or record")
    title_size = 30
    title_at = (30, 22)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.files = persistence.record_files(persistence.data_dir(), Path.cwd())
        self.facts = [file_facts(path) for path in self.files]
        self.list = ScrollList(self.ui, self._selected, lambda _index: self._open())
        self.fill_list()
        self.path = TextInput(self.ui, "", 400, placeholder=N_("or type a path to a .json record"), on_enter=self._open)
        self.open = Button(self.ui, lambda: pgettext("button", "Open"), self._open, style="primary", hotkey="Enter")
        self.back = Button(self.ui, lambda: pgettext("button", "Back"), app.pop, hotkey="Esc")
        self.widgets = [self.list, self.path, self.open, self.back]
        self._error: Text = ""

    @property
    def error(self) -> str:
        """Why the file could not be opened, in the current language where it is the game's own sentence (the
        record reader's reasons name the file's fields); "" for nothing."""
        return shown(self._error)

    @error.setter
    def error(self, text: Text) -> None:
        self._error = text

    def fill_list(self) -> None:
        """The list's rows in the current language (again after a change of language)."""
        self.list.items = [
            ListItem(path.name, f"{path.parent}  ·  {describe(facts)}")
            for path, facts in zip(self.files, self.facts, strict=True)
        ]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(900)), min(h - 40, px(640)))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-px(60), 0)
        # the list under the title and the line that says where its files come from (small windows: fonts have a
        # least size, so the two need more than their design room)
        title_h = self.ui.text.render(shown(self.title), self.ui.font_px(self.title_size), theme.IVORY, "display")
        where_h = self.ui.text.size("Ag", self.ui.font_px(13))[1]
        top = max(px(80), px(self.title_at[1]) + title_h.get_height() + where_h + px(8) + 2)
        self.list.rect = pygame.Rect(inner.x, self.panel.y + top, inner.w, self.panel.h - px(180) - top)
        self.path.rect = pygame.Rect(inner.x, self.list.rect.bottom + px(16), inner.w, px(40))
        self.open.rect = pygame.Rect(inner.right - px(200), self.panel.bottom - px(76), px(200), px(50))
        self.back.rect = pygame.Rect(inner.x, self.panel.bottom - px(76), px(160), px(50))
        self.mirror([self.open, self.back])
        self.fill_list()  # layout follows a change of language: the rows' words too

    def _selected(self, index: int) -> None:
        self.path.value = str(self.files[index])
        self.error = ""

    def _open(self) -> None:
        text = self.path.value.strip()
        if not text:
            self.error = N_("Choose a file from the list or type its path.")
            self.ui.sounds.play("error")
            return
        try:
            game = records.load(Path(text).expanduser())
        except records.RecordError as error:
            self.error = str(error)  # the record reader's reason (translated where its catalogue has it)
            self.ui.sounds.play("error")
            return
        self.app.open_game(game)

    def press_enter(self) -> None:
        self._open()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.ui.px
        self.draw_frame(surface)
        where = _("Files from {folder} and {other_folder}").format(
            folder=persistence.data_dir(), other_folder=Path.cwd()
        )
        size = self.ui.font_px(13)
        word = self.ui.text.render(self.ui.text.fit(where, size, self.panel.w - px(60)), size, theme.TEXT_DIM)
        left = self.panel.x + px(30)
        draw_text(surface, word, (self.across(left, word.get_width()), self.list.rect.y - px(6)), "bottomleft")
        error = self.error
        if error:
            y = self.path.rect.bottom + px(10)
            for line in self.ui.text.wrap(error, self.ui.font_px(15), self.panel.w - px(60), "bold")[:3]:
                word = self.ui.text.render(line, self.ui.font_px(15), theme.WARN, "bold")
                y = draw_text(surface, word, (self.across(left, word.get_width()), y)).bottom + 2
        super().draw(surface)
