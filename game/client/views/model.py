"""What the views of the table read: a ``TableSnapshot``, built once per frame by the table scene.

The views draw the table and answer "what is under the mouse" from an immutable value, never from
the scene: the scene builds the snapshot (``TurnScene.snapshot``) and hands it to every view's draw
and hit-test.  So a view depends only on data and can be drawn from a snapshot built by hand; the
snapshot's fields are the answer to "what does a view need to be drawn".

``Selection`` is the human's picking as the scene keeps and changes it; the snapshot holds a frozen
copy (``Picked``).  ``TableModel`` is the table scene as the scoring scene reads it (and as the
snapshot is built from); ``TurnScene`` is its one implementation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..table import Table
    from ..widgets import Ui

Key = tuple[str, int]  # ("card", id) or ("tile", id): an item that may fly (as ``playback.Key``)


def placed_at(action: Action | None) -> tuple[int, tuple[int, int]] | None:
    """(tile, cell) of a move that puts a tile on a cell of an Alhambra: a placement or a build from the reserve,
    the base game's or a rule module's own form of it (through a city gate, [M-GATE-5]); else None."""
    if action is None or action.kind not in ("place", "redesign"):
        return None
    tile, x, y = getattr(action, "tile", None), getattr(action, "x", None), getattr(action, "y", None)
    if tile is None or x is None or y is None:
        return None
    return tile, (x, y)


def swapped(action: Action | None) -> tuple[int, int] | None:
    """(reserve tile, Alhambra tile) of a swap ([B-TURN-6c]), the base game's or a rule module's; else None."""
    reserve_tile = getattr(action, "reserve_tile", None)
    alhambra_tile = getattr(action, "alhambra_tile", None)
    if reserve_tile is None or alhambra_tile is None:
        return None
    return reserve_tile, alhambra_tile


@dataclass(frozen=True)
class Piece:
    """Something of a module a seat holds: drawn on an opponent's panel, or beside your Alhambra.

    ``face`` says how it is drawn: "card" (``Sprites.card(item)``), "back" (a bonus card face down,
    ``Sprites.bonus_back``), "awake" or "asleep" (the vizier token, ``item`` is the seat), or the name of a
    module's card art (``Sprites.card_art``: "thief_back", a thief face down).
    """

    face: str
    item: int
    tip: str
    action: Action | None = None  # what a click on your own piece does (the engine checks it)
    mark: str = ""  # a word on a chip over it ("shown": a revealed bonus card)
    lit: bool = False  # offered now: it glows (an eligible bonus card to reveal)

    @property
    def key(self) -> Key | None:
        """The card it is, for flights (a token flies nowhere)."""
        return ("card", self.item) if self.face in ("card", "back") else None


@dataclass(frozen=True)
class Mark:
    """A module's token on a seat's Alhambra, drawn by ``Sprites.tile(item)`` (or ``Sprites.token(art)``) on
    every view of that Alhambra.  On a grid corner (``spot`` "corner": a falcon), ``at`` names the corner where
    four cells meet by its south-east cell: (x, y) is the north-west corner of cell (x, y).  Otherwise ``at`` is a
    cell and ``spot`` says where in it: "cell" a piece filling it (a trader's disc on an empty cell), "resident" a
    small piece in its top left quarter, clear of the building's emblem and cost (a citizen on a building),
    "treasure" one in its lower left quarter (a chest on a building), "disc0" to "disc2" the places of three small
    pieces standing on a "cell" piece (the citizens on a disc), "edge-N" to "edge-W" a piece on the middle of that
    side of the cell, astride the line to its neighbour (a city gate), "overlay" a picture laid over the whole tile
    (a wall built on it)."""

    item: int
    at: tuple[int, int]
    tip: str
    spot: str = "corner"
    art: str = ""  # a token's file under ``assets/tokens`` drawn instead of the tile ``item`` ("": the tile)
    card: int | None = None  # the card it came with, which flies to it (a city gate's, a wall card's), or None

    @property
    def key(self) -> Key:
        """The piece it is, for flights (to and from the module's panel): the card it came with, if any."""
        return ("tile", self.item) if self.card is None else ("card", self.card)


@dataclass
class Selection:
    """What the human has picked but not yet done."""

    offer: list[int] = field(default_factory=list)
    slot: int | None = None
    pay: list[int] = field(default_factory=list)
    suggestions: list[tuple[int, ...]] = field(default_factory=list)
    suggestion: int = -1
    suggested_cards: list[int | None] = field(default_factory=list)  # per suggestion: a module's card that pays
    card: int | None = None  # a module's card chosen to pay with the money (an exchange card)
    tile: int | None = None
    source: str = ""  # "held", "reserve" or "alhambra"
    item: int | None = None  # a module's tile for sale outside the market (a waiting bazaar), priced by ``slot``
    piece: int | None = None  # a module's piece picked from its panel to put on your Alhambra (paid with ``pay``)
    spot: tuple[int, int] | None = None  # the corner chosen for ``piece`` with the keyboard (Tab)
    lot: int | None = None  # a module's lot on its panel bought with money of any currencies (paid with ``pay``)
    use: int | None = None  # a module's card picked on its panel to use on one of your tiles (a wall card)

    @property
    def empty(self) -> bool:
        """Nothing picked: the primary button is free to offer the move that needs no selection."""
        return (
            not self.offer
            and self.slot is None
            and self.tile is None
            and self.piece is None
            and self.lot is None
            and self.use is None
        )

    def clear(self) -> None:
        self.offer.clear()
        self.slot = None
        self.pay.clear()
        self.suggestions.clear()
        self.suggestion = -1
        self.suggested_cards.clear()
        self.card = None
        self.tile = None
        self.source = ""
        self.item = None
        self.piece = None
        self.spot = None
        self.lot = None
        self.use = None

    def frozen(self) -> Picked:
        """An immutable copy of what the views draw of the selection."""
        return Picked(
            tuple(self.offer),
            self.slot,
            tuple(self.pay),
            self.tile,
            self.source,
            self.card,
            self.item,
            self.piece,
            self.lot,
            self.use,
        )


@dataclass(frozen=True)
class Picked:
    """The selection as the views see it: a frozen copy of ``Selection``'s drawn parts."""

    offer: tuple[int, ...] = ()  # offer cards picked to take
    slot: int | None = None  # the market slot being bought
    pay: tuple[int, ...] = ()  # the cards chosen to pay with
    tile: int | None = None  # the tile picked to place, keep or swap
    source: str = ""  # where that tile is: "held", "reserve" or "alhambra"
    card: int | None = None  # a module's card chosen to pay with (an exchange card)
    item: int | None = None  # a module's tile for sale being bought (a waiting bazaar): ``slot`` sets its price
    piece: int | None = None  # a module's piece picked to put on your Alhambra (a falcon), paid with ``pay``
    lot: int | None = None  # a module's lot being bought with money of any currencies (a room of chests)
    use: int | None = None  # a module's card picked to use on one of your tiles (a wall card)


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the table's views read in one frame.  ``state`` and ``ui`` are references: neither
    changes while a frame is drawn (``ui`` is the drawing service: sprites, text, scale, mouse, tooltip)."""

    ui: Ui
    state: GameState
    me: int  # the seat at the bottom of the screen: the human's, or seat 0 when bots play alone
    names: tuple[str, ...]  # the seats' names
    agents: tuple[str | None, ...]  # each seat's bot (None: the human)
    seat_names: Mapping[int | str, str]  # seats' and the rule modules' collectors' names, by seat or key
    dealt_deck: int  # money cards in the deck dealt at setup (the scorings' outlook)
    sel: Picked = Picked()
    hidden: frozenset[Key] = frozenset()  # cards and tiles not drawn where they are: still to fly, or flying
    can_act: bool = False  # the human may act: their decision, and the table has caught up with the game
    acting: bool = False  # the human decides in the action phase (``Table.acting``)
    thinking: bool = False  # a bot's decision is being searched for
    glow: float = 0.0  # the pulse of highlights, 0..1
    hint_action: Action | None = None
    staged_action: Action | None = None  # the move that ends the turn, waiting for confirmation
    dragging: bool = False
    drag_tile: int | None = None  # the tile picked up by the mouse (dragged once ``dragging``)
    shown_scores: tuple[float, ...] = ()  # the scores as the track shows them while they count up
    shown_module_scores: Mapping[str, float] = field(default_factory=dict)  # the collectors', by key
    show_hands: bool = True  # the memory aid: opponents' cards by value (a setting)
    exact_cards: frozenset[int] = frozenset()  # the suggested payment's cards when it is exact (marked)
    reserve_drop_ok: bool = False  # the selected tile may go to the reserve (a lit target)
    buyable: frozenset[int] = frozenset()  # market slots the human can pay for (worked out only while acting)
    collector_counts: tuple[tuple[str, tuple[int, ...]], ...] = ()  # the modules' collectors' buildings per type
    animation_speed: float = 1.0  # the player's setting: 0 is instant (no flourishes), 2 twice as fast
    # what the rule modules add (all empty in a game without modules):
    pieces: Mapping[int, tuple[Piece, ...]] = field(default_factory=dict)  # per seat: tokens, bonus cards
    hand_cards: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # per seat: cards beside the money
    shopping: bool = False  # the human picks a market tile in a module's phase (a vizier window)
    exact_only: bool = False  # the purchases of now pay exactly (a vizier's)
    pay_currencies: frozenset[int] = frozenset()  # currencies the chosen card lets pay besides the slot's
    pay_cards: frozenset[int] = frozenset()  # the human's module cards that can pay for the chosen slot
    marks: Mapping[int, tuple[Mark, ...]] = field(default_factory=dict)  # per seat: tokens on its Alhambra's corners
    pickable: frozenset[int] = frozenset()  # the modules' pieces the human may pick now to put on their Alhambra
    spots: tuple[tuple[int, int], ...] = ()  # the corners of your Alhambra that take the picked piece (lit)
    usable: frozenset[int] = frozenset()  # your tiles the picked module card (``sel.use``) may be used on (lit)
    # the money offer's cards a click takes in a module's move now (a thief steals one), with what the move does
    offer_moves: Mapping[int, str] = field(default_factory=dict)
    overlays: Mapping[int, tuple[Mark, ...]] = field(default_factory=dict)  # per tile: modules' tokens off the grid

    def seat_name(self, seat: int | str) -> str:
        return self.seat_names[seat]


class TableModel(Protocol):
    """The table scene as the scoring scene reads it (``TurnScene`` implements it): its game and who is who."""

    ui: Ui
    table: Table

    def seat_name(self, seat: int | str) -> str: ...

    def snapshot(self) -> TableSnapshot:
        """What the views draw this frame."""
        ...
