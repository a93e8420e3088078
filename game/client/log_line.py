"""One line of the game log: the sentence, the seat it is about, its kind (for the log's colours).

Its own module so that both the narration (``narrate.py``) and the rule modules' sayings
(``modules/``) can make lines without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LogLine:
    text: str
    seat: int | str | None = None  # a seat number, a module's collector's key, or nobody
    kind: str = "move"  # move, turn, refill, scoring, end
