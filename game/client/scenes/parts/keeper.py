"""Keeping the game on disk while it is played: the autosave after every turn (and on leaving the table), and a
finished game's record in the records folder and in the file ``--record`` named.  A failure never stops the game:
it is said over the board (``say``), and for ``--record`` on standard error too."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from game.i18n import _

from ... import persistence
from ...table import Table
from ...widgets import Text


class Keeper:
    """The game's files: where the finished game's record went (``record_path``, for the game-over screen).  The
    table's game is read at each save: an undo replaces it."""

    __slots__ = ("asked", "record_path", "say", "table")

    def __init__(self, table: Table, asked: str | Path | None, say: Callable[[Text, bool], None]) -> None:
        self.table = table
        self.asked = asked  # the file ``--record`` named, if any
        self.say = say  # a message over the board: (words, a warning?)
        self.record_path: Path | None = None

    def autosave(self) -> None:
        try:
            persistence.autosave(self.table.game)
        except OSError as error:
            reason = str(error)
            # TRANSLATORS: {error} is the system's reason (it may be in English)
            self.say(lambda: _("Autosave failed: {error}").format(error=reason), True)

    def finish(self) -> None:
        """Keep the finished game's record in the records folder, and in the file ``--record`` named."""
        try:
            self.record_path = persistence.save_finished(self.table.game)
            persistence.clear_autosave()
        except OSError as error:
            reason = str(error)
            # TRANSLATORS: {error} is the system's reason (it may be in English)
            self.say(lambda: _("The record could not be saved: {error}").format(error=reason), True)
        asked = self.asked
        if asked is None:
            return
        try:
            persistence.save_record(self.table.game, asked)
        except OSError as error:
            reason = str(error)
            print(f"alhambra: the record could not be written to {asked}: {reason}", file=sys.stderr)
            self.say(
                # TRANSLATORS: {path} is the file --record named; {error} the system's reason (maybe English)
                lambda: _("The record could not be written to {path}: {error}").format(path=asked, error=reason),
                True,
            )
        else:
            print(f"record written to {asked}", flush=True)
            self.record_path = Path(asked)
