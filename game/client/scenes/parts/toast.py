"""The words over the board: the toast, a short message of what a move did not do or what it allows now, and the
banner, the word across the board at a moment of the game (your turn, a scoring card, a module's moment).

No pygame here: the scene draws them (``turn_draw``) and plays their sounds; these parts keep what they say, whether
a toast warns, and when they show.
"""

from __future__ import annotations

from ...plain import plain
from ...widgets import Text

WARN_SECONDS = 5.0  # a refusal or a failure stays longer: it is read more slowly than a tip
TIP_SECONDS = 3.0


class Toast:
    """One message at a time; a new one replaces the one shown."""

    __slots__ = ("lasts_one_action", "text", "until", "warn")

    def __init__(self) -> None:
        self.text: Text = ""  # said when drawn: a function (a language change shows at once), or words already said
        self.warn = False
        self.until = 0.0  # the ui time it goes at
        self.lasts_one_action = False  # it speaks of the next move only (the extra action's offer)

    def show(self, text: Text, warn: bool, now: float) -> None:
        self.text = text
        self.warn = warn
        self.until = now + (WARN_SECONDS if warn else TIP_SECONDS)

    def said(self) -> str:
        """The message in the current language, in a player's words (walls said, no grid coordinates)."""
        text = self.text
        return plain(text() if callable(text) else text)

    def showing(self, now: float) -> bool:
        return now < self.until and bool(self.said())

    def end(self) -> None:
        """Gone at once: what it said is old news."""
        self.until = 0.0
        self.lasts_one_action = False

    def moved(self) -> None:
        """A move was made: a toast that spoke of that move only (the extra action an exact payment gave) goes."""
        if self.lasts_one_action:
            self.end()

    def turn_ended(self) -> None:
        """A tip about the turn that just ended is old news; a warning stays to be read."""
        if not self.warn:
            self.until = 0.0


class Banner:
    """The word across the board: said from ``at`` on, for as long as the scene's drawing lets it fade."""

    __slots__ = ("at", "text")

    def __init__(self) -> None:
        self.text: Text = ""  # a function that says it in the current language, or words already said
        self.at = -10.0  # the ui time it was shown (long ago: none yet)

    def show(self, text: Text, now: float) -> None:
        self.text = text
        self.at = now

    def said(self) -> str:
        text = self.text
        return text() if callable(text) else text
