"""Whose table it is: the people at one screen, whose decision begins, and whether a curtain passes the screen.

No pygame here.  Several people may share the screen (``Table.people``).  A person's decision begins once the table
has caught up with the game (the timeline no longer busy): the table turns to them (``Table.turn_to``), a curtain
comes first where the people hold what the others may not see, and their undo point is taken, so an undo never
reaches into another's moves.  Between people, while the bots move, nobody's face-down cards are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.i18n import pgettext

from ...table import Table
from ...widgets import Text
from .curtain import secrets_between


class Choices(Protocol):
    """The settings the seating reads (``persistence.Settings``)."""

    curtain: bool  # a curtain between two people's decisions
    show_hands: bool  # the memory aid: every hand shown (off, the hands are secrets too)


@dataclass(frozen=True)
class Beginning:
    """A person's decision that has just begun."""

    seat: int
    turned: bool  # the table was turned to someone else: the scene lays the bottom of the table out for them
    curtain: bool  # the screen passes to them behind a curtain first


class Seating:
    """The people at the screen and whose decision has begun."""

    __slots__ = ("choices", "decision_of", "last_person", "table")

    def __init__(self, table: Table, choices: Choices) -> None:
        self.table = table
        self.choices = choices
        self.decision_of: int | None = None  # the person whose decision has begun (their undo point taken)
        self.last_person: int | None = None  # the person who decided last: no curtain between their decisions

    def begin(self, busy: bool) -> Beginning | None:
        """A person's decision begins now, if one is due and the table has caught up (``busy``: the timeline
        still plays moves back); None otherwise."""
        table = self.table
        seat = table.person_deciding
        if seat is None:
            self.decision_of = None  # a bot's move: the next decision of a person is a new one
            return None
        if busy or self.decision_of == seat:
            return None
        curtain = self.curtain_wanted(seat)
        turned = table.turn_to(seat)
        self.decision_of = self.last_person = seat
        table.begin_human_turn()
        return Beginning(seat, turned, curtain)

    def has_begun(self) -> bool:
        """Whether the decision of the person deciding has begun (the table turned to them): they may act."""
        return self.table.human_decides and self.decision_of == self.table.person_deciding

    @property
    def shows_private(self) -> bool:
        """Whether the bottom of the table shows its person's face-down cards: always to the one person at the
        screen; where several share it, only while that person decides (not to the others, watching the bots
        move after them)."""
        table = self.table
        return not table.shared or table.person_deciding == table.viewer

    def curtain_wanted(self, seat: int) -> bool:
        """Whether the screen passes to ``seat`` behind a curtain: several people share it, the setting is on,
        another person decided last (or none yet: a game just continued), and the table holds what one of them
        may see and another not (face-down cards, [D-HIDDEN-1]; every hand, when the memory aid is off)."""
        table = self.table
        if not table.shared or not self.choices.curtain or self.last_person == seat:
            return False
        if not self.choices.show_hands:
            return True
        state = table.state
        return any(secrets_between(state, seat, other) for other in table.people if other != seat)

    def turn_words(self, seat: int) -> Text:
        """The banner of a person's turn: "Your turn" to the one person at the screen, "Ann's turn" where
        several share it."""
        if self.table.you == seat:
            # TRANSLATORS: the word across the board when the player's turn begins
            return lambda: pgettext("banner", "Your turn")
        name = self.table.names[seat]
        # TRANSLATORS: the word across the board when a person's turn begins, where several people share the screen
        return lambda: pgettext("banner", "{player}'s turn").format(player=name)
