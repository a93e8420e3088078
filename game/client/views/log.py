"""The game log: everyone's moves as sentences, newest at the bottom, scrollable with the wheel.

Lines are narrated once per event and wrapped once per width; an undo that shortens the event
list rebuilds them, and so does a language change (``i18n.generation``): the log is said again in the
new language at the next frame.  Only the visible lines are blitted.

``L`` shows it as usual (in the right column, under everyone's buildings), then large (``enlarged``: the whole
column under the money offer), then hides it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _, ngettext

from .. import theme
from ..narrate import LogLine, narrate
from ..widgets import Ui
from . import common

if TYPE_CHECKING:
    from ..layout import TurnLayout
    from .model import TableSnapshot

KIND_COLORS = {
    "move": theme.IVORY,
    "turn": theme.GOLD_LIGHT,
    "refill": theme.TEXT_DIM,
    "scoring": theme.GOLD,
    "end": theme.GOLD_LIGHT,
}


def enlarged(rects: TurnLayout) -> TurnLayout:
    """The table's areas with the log enlarged: the whole right column under the money offer, where everyone's
    buildings per type stood (they come back with the log as usual or hidden)."""
    column = rects.majorities
    log = pygame.Rect(column.x, column.y, column.w, rects.alhambra.bottom - column.y)  # down to the bottom row
    return dataclasses.replace(rects, log=log, majorities=pygame.Rect(column.x, column.y, column.w, 0))


class LogView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[LogLine] = []
        self._events_seen = 0
        self._wrapped: list[tuple[LogLine, str, bool]] = []  # line, text, first row of the line
        self._wrap_key: tuple[int, int, int, int] | None = None
        self.scroll = 0  # rows scrolled up from the bottom
        self._said: tuple[list[dict], list[str], int | None] | None = None  # what was narrated: events, names, you
        self._generation = i18n.generation()  # the language the lines are in

    def sync(self, events: list[dict], names: list[str], you: int | None, upto: int | None = None) -> None:
        """Narrate the events not yet in the log (``upto``: only those already shown on the table)."""
        end = len(events) if upto is None else upto
        if end < self._events_seen:
            self.lines, self._events_seen = [], 0
        self._said = (events, names, you)
        if end > self._events_seen:
            self.lines = narrate(events[:end], names, you)
            self._events_seen = end
            self._generation = i18n.generation()
            self.scroll = 0

    def follow_language(self) -> None:
        """Say the lines again if the language changed since they were narrated."""
        if self._generation == i18n.generation():
            return
        self._generation = i18n.generation()
        if self._said is not None and self._events_seen:
            events, names, you = self._said
            self.lines = narrate(events[: self._events_seen], names, you)

    def _rows(self, ui: Ui) -> list[tuple[LogLine, str, bool]]:
        self.follow_language()
        key = (len(self.lines), self.rect.w, ui.font_px(13), self._generation)
        if key != self._wrap_key:
            rows = []
            for line in self.lines:
                role = _role(line)
                for i, text in enumerate(ui.text.wrap(line.text, ui.font_px(13), self.rect.w - ui.px(40), role)):
                    rows.append((line, text, i == 0))
            self._wrapped, self._wrap_key = rows, key
        return self._wrapped

    def handle_wheel(self, ui: Ui, amount: int) -> None:
        rows = len(self._rows(ui))
        self.scroll = max(0, min(rows - 3, self.scroll + amount * 3))

    @staticmethod
    def line_height(ui: Ui) -> int:
        return ui.text.size("Ag", ui.font_px(13))[1] + 1

    def text_area(self, ui: Ui) -> pygame.Rect:
        """Where the lines go: the panel under its title."""
        px = ui.px
        return pygame.Rect(self.rect.x + px(10), self.rect.y + px(28), self.rect.w - px(20), self.rect.h - px(34))

    def lines_shown(self, ui: Ui) -> int:
        """How many lines the panel shows at once."""
        return max(1, self.text_area(ui).h // self.line_height(ui))

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        common.section_title(
            ui, surface, _("Game log"), (self.rect.x + px(12), self.rect.y + px(9)), right=self.rect.right - px(12)
        )
        rows = self._rows(ui)
        line_h = self.line_height(ui)
        area = self.text_area(ui)
        visible = self.lines_shown(ui)
        end = len(rows) - self.scroll
        start = max(0, end - visible)
        y = area.bottom - (end - start) * line_h
        token_x = area.right - px(7) if i18n.is_rtl() else area.x + px(7)  # on the side the lines start on
        for line, text, first in rows[start:end]:
            if first and line.seat is not None:
                common.seat_token(ui, surface, line.seat, snap.seat_name(line.seat), (token_x, y + line_h // 2), px(6))
            word = ui.text.render(text, ui.font_px(13), KIND_COLORS.get(line.kind, theme.IVORY), _role(line))
            surface.blit(word, (theme.text_x(area.x + px(18), area.right - px(18), word.get_width()), y))
            y += line_h
        if self.scroll:
            below = ngettext("{n} newer line below", "{n} newer lines below", self.scroll).format(n=self.scroll)
            word = ui.text.render(below, ui.font_px(12), theme.GOLD_LIGHT)
            surface.blit(word, word.get_rect(topright=(self.rect.right - px(12), self.rect.y + px(9))))


def _role(line: LogLine) -> str:
    """Turns, scorings and the end stand out in bold."""
    return "bold" if line.kind in ("turn", "scoring", "end") else "ui"
