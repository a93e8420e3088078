"""The decisions a player can make, as small immutable values with a readable text form.

``str(action)`` is the exact form for records, logs and tests (grid coordinates included); ``action.said()`` is
the move in a player's words, without coordinates, as a ``Message`` the client says in the player's language.

Actions are named tuples (cheap to build in the AI's inner loop) whose equality also takes the
action's class into account, so that ``Reserve(5)`` and ``Lift(5)`` are different moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from . import events
from .alhambra import cell_at
from .components import CARD_CURRENCY, CARD_VALUE, CURRENCIES, SLOT_CURRENCY, describe_card, describe_tile
from .messages import Message
from .phases import ACTION


def typed_equality(cls: type) -> type:
    """Make equality compare the class too; keep the tuple's own (C-level) hash.

    ``Reserve(5)`` and ``Lift(5)`` hash alike, and a dict tells them apart by this equality: such
    collisions are rare, while the search hashes actions tens of times per simulated move, and a
    hash written in Python costs several times the tuple's.
    """

    def __eq__(self: tuple, other: object) -> bool:  # noqa: N807 - dunder installed on the class
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self: tuple, other: object) -> bool:  # noqa: N807
        return not __eq__(self, other)

    cls.__eq__ = __eq__
    cls.__ne__ = __ne__
    cls.__hash__ = tuple.__hash__
    return cls


class EventFields(Protocol):
    """A decision event of a record, read field by field (``record.py`` checks each field's type and range).

    Each action reads its own event (``from_event``), so the record reader needs no list of actions.
    """

    phase: str  # the phase the game is in when the decision is made

    def cards(self, name: str) -> tuple[int, ...]: ...
    def card(self, name: str) -> int: ...
    def slot(self) -> int: ...
    def number(self, name: str, low: int, high: int) -> int: ...
    def tile(self, at: int | None = None, name: str = "tile") -> int: ...
    def xy(self, name: str) -> tuple[int, int]: ...
    def next_event(self) -> str | None: ...
    def next_tile(self) -> int: ...
    def side(self, name: str) -> str: ...
    def kind_at(self, offset: int) -> str | None: ...
    def later(self, offset: int, kind: str) -> EventFields: ...


def _cards_text(cards: tuple[int, ...]) -> str:
    return " + ".join(describe_card(card) for card in cards)


@typed_equality
class Take(NamedTuple):
    """[B-TURN-2] take one card from the money offer, or several worth at most 5 together."""

    cards: tuple[int, ...]
    kind = "take"
    rule = "B-TURN-2"
    event = events.TAKE  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Take:
        return Take(fields.cards("cards"))

    def __str__(self) -> str:
        return f"take {_cards_text(self.cards)}"

    def said(self) -> Message:
        return Message.of("take {cards}", cards=self.cards)


@typed_equality
class Buy(NamedTuple):
    """[B-TURN-3] buy the tile in market slot 1-4 with cards of that slot's currency."""

    slot: int
    paid: tuple[int, ...]
    kind = "buy"
    rule = "B-TURN-3"
    event = events.BUY  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Buy:
        return Buy(fields.slot(), fields.cards("paid"))

    def __str__(self) -> str:
        values = "+".join(str(CARD_VALUE[card]) for card in self.paid)
        currency = CURRENCIES[CARD_CURRENCY[self.paid[0]]] if self.paid else CURRENCIES[SLOT_CURRENCY[self.slot]]
        return f"buy from slot {self.slot} paying {currency} {values}"

    def said(self) -> Message:
        values = "+".join(str(CARD_VALUE[card]) for card in self.paid)
        currency = CARD_CURRENCY[self.paid[0]] if self.paid else SLOT_CURRENCY[self.slot]
        # TRANSLATORS: {values} are the values of the cards paid, "3+4"; {currency} is their currency's name
        return Message.of(
            "buy from slot {slot} paying {currency} {values}", slot=self.slot, currency=currency, values=values
        )


@typed_equality
class Place(NamedTuple):
    """[B-TURN-7] put a tile bought (or received at the end) this turn into the Alhambra at (x, y)."""

    tile: int
    x: int
    y: int
    kind = "place"
    rule = "B-TURN-7"
    event = events.PLACE  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Place | FromReserve:
        """A ``place`` event is a bought tile placed, or, in the action phase, a redesign from the reserve."""
        x, y = fields.xy("at")
        return FromReserve(fields.tile(), x, y) if fields.phase == ACTION else Place(fields.tile(), x, y)

    @property
    def cell(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        return f"place {describe_tile(self.tile)} at ({self.x}, {self.y})"

    def said(self) -> Message:
        return Message.of("place {tile}", tile=self.tile)


@typed_equality
class Reserve(NamedTuple):
    """[B-TURN-7] put a tile bought (or received at the end) this turn onto the reserve."""

    tile: int
    kind = "reserve"
    rule = "B-TURN-7"
    event = events.RESERVE  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Reserve:
        return Reserve(fields.tile())

    def __str__(self) -> str:
        return f"put {describe_tile(self.tile)} on the reserve"

    def said(self) -> Message:
        return Message.of("put {tile} on the reserve", tile=self.tile)


@typed_equality
class FromReserve(NamedTuple):
    """[B-TURN-6a] redesign: move a reserve tile into the Alhambra at (x, y)."""

    tile: int
    x: int
    y: int
    kind = "redesign"
    rule = "B-TURN-6"
    event = events.PLACE  # the record event its decision writes first

    @property
    def cell(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        return f"redesign: build {describe_tile(self.tile)} from the reserve at ({self.x}, {self.y})"

    def said(self) -> Message:
        return Message.of("redesign: build {tile} from the reserve", tile=self.tile)


@typed_equality
class Lift(NamedTuple):
    """[B-TURN-6b] redesign: move a tile from the Alhambra to the reserve."""

    tile: int
    kind = "redesign"
    rule = "B-TURN-6"
    event = events.LIFT  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Lift | Swap:
        """A ``lift`` followed by a ``place`` is a swap: a reserve tile takes the lifted one's spot ([B-TURN-6] c)."""
        if fields.next_event() == events.PLACE:
            return Swap(fields.next_tile(), fields.tile())
        return Lift(fields.tile())

    def __str__(self) -> str:
        return f"redesign: move {describe_tile(self.tile)} to the reserve"

    def said(self) -> Message:
        return Message.of("redesign: move {tile} to the reserve", tile=self.tile)


@typed_equality
class Swap(NamedTuple):
    """[B-TURN-6c] redesign: a reserve tile takes the exact place of an Alhambra tile, which goes to the reserve."""

    reserve_tile: int
    alhambra_tile: int
    kind = "redesign"
    rule = "B-TURN-6"
    event = events.LIFT  # the record event its decision writes first

    def __str__(self) -> str:
        return f"redesign: swap {describe_tile(self.reserve_tile)} in for {describe_tile(self.alhambra_tile)}"

    def said(self) -> Message:
        return Message.of(
            "redesign: swap {reserve_tile} in for {alhambra_tile}",
            reserve_tile=self.reserve_tile,
            alhambra_tile=self.alhambra_tile,
        )


@typed_equality
class EndTurn(NamedTuple):
    """[B-TURN-4] decline the extra action an exact payment allows: the turn goes on to placing its tiles."""

    kind = "end_turn"
    rule = "B-TURN-4"
    event = events.END_TURN  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> EndTurn:
        return EndTurn()

    def __str__(self) -> str:
        return "end the turn"

    def said(self) -> Message:
        return Message.of("end the turn")


@typed_equality
class Pass(NamedTuple):
    """[B-TURN-8] no legal action at all: the turn passes."""

    kind = "pass"
    rule = "B-TURN-8"
    event = events.PASS  # the record event its decision writes first

    @staticmethod
    def from_event(fields: EventFields) -> Pass:
        return Pass()

    def __str__(self) -> str:
        return "pass"

    def said(self) -> Message:
        # TRANSLATORS: a move: the player, who can do nothing at all, lets the turn pass
        return Message.of("pass")


Action = Take | Buy | Place | Reserve | FromReserve | Lift | Swap | EndTurn | Pass  # and the modules' actions
BASE_ACTION_TYPES: tuple[type, ...] = (Take, Buy, Place, Reserve, FromReserve, Lift, Swap, EndTurn, Pass)


def decision_readers(action_types: tuple[type, ...]) -> dict[str, Callable[[EventFields], Action]]:
    """Decision event name -> the reader of the action it stands for (Place reads redesigns from the
    reserve too, Lift reads swaps): the one registry records are read through.  Of two action types that
    read the same event, the later (a later module's) reads first and answers None for a decision that is not
    its own, which the earlier one then reads ([M-BAZAAR-3]: a ``vizier`` or ``exchange`` before a ``bazaar_buy``
    is a bazaar's, before a ``buy`` the market's)."""
    readers: dict[str, Callable[[EventFields], Action]] = {}
    for kind in action_types:
        if "from_event" in vars(kind):
            earlier = readers.get(kind.event)
            readers[kind.event] = kind.from_event if earlier is None else _FirstReader(kind.from_event, earlier)
    return readers


class _FirstReader:
    """Two actions' readers of one event: the later one's answer, or (when it answers None: not its decision) the
    earlier one's.  A class, not a closure, so that the readers pickle like plain functions."""

    __slots__ = ("earlier", "later")

    def __init__(self, later: Callable[[EventFields], Action | None], earlier: Callable[[EventFields], Action]) -> None:
        self.later = later
        self.earlier = earlier

    def __call__(self, fields: EventFields) -> Action:
        action = self.later(fields)
        return self.earlier(fields) if action is None else action
