"""Treasure chamber (RULES.md §11.6, expansion 4).

42 chests in the six building colours lie in a cloth bag; four are drawn into each of the chamber's three rooms
([M-CHEST-1], [M-CHEST-2]).  Buying the four chests of a room is a turn's action: at least 8 in money of any
currencies, no change, and never an extra action, even for exactly 8; it may be the action after an exact
purchase and ends the turn's actions; an empty room cannot be bought ([M-CHEST-3], [M-CHEST-4]).

At the end of that turn, after its placements and before the market is refilled, the chests are placed: each on
a building of its colour in the buyer's Alhambra, at most one per building, the buyer first, then the next
players in seat order, once round the table (Dirk skipped).  Everybody places as many as they can and chooses
the buildings (one ``chest`` decision per chest); what nobody can place goes back into the bag ([M-CHEST-5]).
Then the emptied room is refilled with four chests drawn blind from the bag; if fewer than four are left the
room stays empty and the chamber is closed for good ([M-CHEST-7]).  A chest stays on its building, also on the
reserve, where it does not count ([M-CHEST-6]).  At every scoring players are ranked by their chests on
buildings in their Alhambra: 7; 14 / 7; 22 / 14 / 7, ties shared ([M-CHEST-8]).  Dirk has no part ([M-CHEST-9]).

**Chance and knowledge.** The bag is a set (kept sorted): every room draw names its chests (``room``), drawn from
the game's seed and the number of draws so far, so a player's knowledge (which zeroes the seed) holds nothing
hidden and a determinization (which draws a new seed) draws afresh ([D-HIDDEN-1], [D-RNG-1]).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import (
    BUILDING_TYPES,
    CARD_VALUE,
    CHEST_POINTS,
    CHESTS,
    PIECE_COLOUR,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    describe_card,
    describe_tile,
    is_chest,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from ..payments import covering_payments
from ..phases import ACTION
from ..scoring import rank_points
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "chests"
BUY_EVENT = "chests"  # RECORD.md: the action [M-CHEST-3]
PLACE_EVENT = "chest"  # RECORD.md: a chest placed on a building of its colour [M-CHEST-5]
BACK_EVENT = "chest_back"  # RECORD.md: chests nobody could place go back into the bag [M-CHEST-5]
ROOM_EVENT = "room"  # RECORD.md: the emptied room refilled [M-CHEST-7]
SCORE_NAME = "chests"  # RECORD.md ``score`` item [M-CHEST-8]
PLACING = "chests_place"  # phase: the decider places a chest bought this turn on one of their buildings
ROOMS = 3  # [M-CHEST-1]
PER_ROOM = 4  # [M-CHEST-2]
PRICE = 8  # [M-CHEST-3]


@typed_equality
class BuyChests(NamedTuple):
    """[M-CHEST-3] take the four chests of room 1-3, paying ``paid`` (money of any currencies, at least 8)."""

    room: int
    paid: tuple[int, ...]
    kind = "chests"
    rule = "M-CHEST-3"
    event = BUY_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> BuyChests:
        return BuyChests(fields.number("room", 1, ROOMS), fields.cards("paid"))

    def __str__(self) -> str:
        paid = " + ".join(describe_card(card) for card in self.paid)
        return f"buy the chests of room {self.room} paying {paid}"

    def said(self) -> Message:
        return Message.of("buy the chests of room {room} paying {paid_cards}", room=self.room, paid_cards=self.paid)


@typed_equality
class PlaceChest(NamedTuple):
    """[M-CHEST-5] put the chest ``piece`` on ``tile``, a building of its colour in your Alhambra without a chest."""

    piece: int  # the chest
    tile: int
    kind = "chest"
    rule = "M-CHEST-5"
    event = PLACE_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> PlaceChest:
        return PlaceChest(fields.tile(name="chest"), fields.tile())

    def __str__(self) -> str:
        return f"put the {describe_tile(self.piece)} on the {describe_tile(self.tile)}"

    def said(self) -> Message:
        return Message.of("put the {tile} on the {other_tile}", tile=self.piece, other_tile=self.tile)


class ChestPart(Part):
    """The bag (sorted: a set), the three rooms, the chamber closed or not, the blind draws made so far, each
    player's chests by building, and the chests of a purchase still being placed: who places now and who is left
    (all public)."""

    __slots__ = ("bag", "bought_room", "closed", "draws", "on", "pending", "queue", "rooms")

    def __init__(self, rooms: list[list[int]], bag: list[int], players: int) -> None:
        self.rooms = rooms
        self.bag = bag
        self.closed = False
        self.draws = 0
        self.on: list[dict[int, int]] = [{} for _ in range(players)]  # building -> chest
        self.pending: list[int] = []  # chests bought this turn, not yet placed (sorted)
        self.bought_room = 0  # the room they came from (0: none this turn)
        self.queue: list[int] = []  # players still to place, the one placing now first

    def copy(self) -> ChestPart:
        copy = ChestPart.__new__(ChestPart)
        copy.rooms = [list(room) for room in self.rooms]
        copy.bag = list(self.bag)
        copy.closed = self.closed
        copy.draws = self.draws
        copy.on = [dict(on) for on in self.on]
        copy.pending = list(self.pending)
        copy.bought_room = self.bought_room
        copy.queue = list(self.queue)
        return copy

    def key(self) -> tuple:
        return (
            tuple(map(tuple, self.rooms)),
            tuple(self.bag),
            self.closed,
            self.draws,
            tuple(tuple(sorted(on.items())) for on in self.on),
            tuple(self.pending),
            self.bought_room,
            tuple(self.queue),
        )


def of(state: Play) -> ChestPart | None:
    """The treasure chamber's part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def counted(state: Play, player: int) -> int:
    """[M-CHEST-6] [M-CHEST-8] ``player``'s chests that count: those on buildings in their Alhambra."""
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    grid_tiles = set(state.boards[player].grid.values())
    return sum(1 for building in part.on[player] if building in grid_tiles)


def free_buildings(state: Play, player: int, colour: int) -> list[int]:
    """[M-CHEST-5] [M-CHEST-6] ``player``'s buildings of ``colour`` in their Alhambra that carry no chest."""
    on = state.parts[NAME].on[player]  # type: ignore[attr-defined]
    return sorted(t for t in state.boards[player].grid.values() if TILE_TYPE[t] == colour and t not in on)


def placements(state: Play, player: int) -> list[PlaceChest]:
    """[M-CHEST-5] where ``player`` may put the chests waiting now: one chest of each colour (chests of a colour are
    alike) on each free building of that colour."""
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    moves = []
    seen = set()
    for chest in part.pending:
        colour = PIECE_COLOUR[chest]
        if colour in seen:
            continue
        seen.add(colour)
        moves.extend(PlaceChest(chest, tile) for tile in free_buildings(state, player, colour))  # type: ignore[arg-type]
    return moves


def _payments(hand: list[int]) -> list[tuple[int, ...]]:
    """[M-CHEST-3] [M-CHEST-4] payments of at least 8 from ``hand`` that cannot drop a card (any currencies: cards of
    equal value are alike here, so one payment per set of values)."""
    return list(covering_payments(tuple(sorted(hand)), PRICE))


def _check_buy(state: Play, action: BuyChests) -> None:
    state.require_phase(ACTION)
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    if action.room not in range(1, ROOMS + 1):
        raise IllegalAction("M-CHEST-3", "the treasure chamber has rooms 1 to 3, not {slot}", slot=repr(action.room))
    if not part.rooms[action.room - 1]:
        raise IllegalAction("M-CHEST-7", "room {slot} is empty: an empty room cannot be bought", slot=action.room)
    paid = action.paid
    if not paid or len(set(paid)) != len(paid):
        raise IllegalAction("M-CHEST-3", "pay with one or more different money cards")
    hand = state.hands[state.turn_player]
    for card in paid:
        if card not in hand:  # a hand holds what pays: money (and change coins, [M-CHEST-4])
            raise IllegalAction("M-CHEST-4", "you do not hold {card}", card=card)
    total = sum(CARD_VALUE[card] for card in paid)  # type: ignore[misc]
    if total < PRICE:
        raise IllegalAction(
            "M-CHEST-3", "the chests of a room cost at least {cost}; {total} is not enough", cost=PRICE, total=total
        )


def _buy(state: Play, action: BuyChests) -> None:
    """[M-CHEST-3] paid (no change, no extra action): the chests wait for the end of the turn's placements."""
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.turn_player
    state.pay(player, action.paid)
    room = part.rooms[action.room - 1]
    part.pending = sorted(room)
    room.clear()
    part.bought_room = action.room
    state.emit({"e": BUY_EVENT, "player": player, "room": action.room, "paid": list(action.paid)})
    state.end_action()


def _check_place(state: Play, action: PlaceChest) -> None:
    if state.phase != PLACING:
        raise IllegalAction("M-CHEST-5", "chests are placed only at the end of the turn they were bought in")
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    if action.piece not in part.pending:
        raise IllegalAction("M-CHEST-5", "the {tile} is not waiting to be placed", tile=action.piece)
    player = state.decider
    tile = action.tile
    if state.boards[player].cell_of(tile) is None:
        raise IllegalAction("M-CHEST-5", "the {tile} is not in your Alhambra", tile=tile)
    if TILE_TYPE[tile] is None:
        raise IllegalAction("M-CHEST-6", "only the six building types take chests, not the {tile}", tile=tile)
    if TILE_TYPE[tile] != PIECE_COLOUR[action.piece]:
        raise IllegalAction("M-CHEST-5", "the {tile} goes on a building of its colour", tile=action.piece)
    if tile in part.on[player]:
        raise IllegalAction("M-CHEST-5", "the {tile} carries a chest already: one chest per building", tile=tile)


def _place(state: Play, action: PlaceChest) -> None:
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.pending.remove(action.piece)
    part.on[player][action.tile] = action.piece
    state.emit({"e": PLACE_EVENT, "player": player, "chest": action.piece, "tile": action.tile})
    _ask_next(state)


def _planned_draw(state: Play, bag: list[int]) -> list[int] | None:
    """Replaying a record: the chests its next ``room`` event names, if they are four different chests of the bag
    (else the engine draws its own, and the replay refuses the record's event as not what the rules give)."""
    planned = getattr(state, "planned", {}).get(ROOM_EVENT)  # a game replaying a record plans its draws
    if not planned:
        return None
    chests = planned.pop(0).get("chests")
    if (
        isinstance(chests, list)
        and len(chests) == PER_ROOM
        and all(type(chest) is int for chest in chests)
        and len(set(chests)) == PER_ROOM
        and set(chests) <= set(bag)
    ):
        return chests
    return None


def _ask_next(state: Play) -> None:
    """[M-CHEST-5] the player placing goes on while they can; then the next one who can; then the chests left go
    back into the bag and the room is refilled ([M-CHEST-7]), and the turn's end goes on."""
    part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
    while part.queue:
        if part.pending and placements(state, part.queue[0]):
            state.ask(PLACING, part.queue[0])
            return
        part.queue.pop(0)
    if part.pending:
        part.bag = sorted(part.bag + part.pending)
        state.emit({"e": BACK_EVENT, "chests": list(part.pending)})
        part.pending = []
    room, part.bought_room = part.bought_room, 0
    if not part.closed:
        drawn: list[int] = []
        if len(part.bag) >= PER_ROOM:
            drawn = _planned_draw(state, part.bag) or random.Random(f"{state.seed}/{NAME}/{part.draws}").sample(
                part.bag, PER_ROOM
            )
            part.bag = [chest for chest in part.bag if chest not in drawn]
            part.rooms[room - 1] = sorted(drawn)
        else:
            part.closed = True
        part.draws += 1
        state.emit({"e": ROOM_EVENT, "room": room, "chests": drawn})
    state.end_action()  # the turn's end goes on: the market and the offer are refilled


class Chests(Module):
    name = NAME
    summary = mark("Treasure chamber: buy four chests for 8 or more; the most chests on your buildings score")
    handlers = {  # noqa: RUF012 - read-only table
        BuyChests: (_check_buy, _buy),
        PlaceChest: (_check_place, _place),
    }
    absent_reason = mark("chests play only with the treasure chamber module")
    events = (BUY_EVENT, PLACE_EVENT, BACK_EVENT, ROOM_EVENT)
    drawn_events = (ROOM_EVENT,)
    phases = {PLACING: lambda state: placements(state, state.decider)}  # noqa: RUF012
    asking = {  # noqa: RUF012
        PLACING: (
            "M-CHEST-5",
            mark("the chests bought this turn are being placed: put one on a building of its colour"),
        ),
    }

    def deal(
        self, rng: random.Random, players: int, tiles: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """[M-CHEST-2] all chests into the bag, four drawn at random into each room: (rooms, the rest of the bag)."""
        bag = list(CHESTS)
        rng.shuffle(bag)
        rooms = tuple(tuple(bag[PER_ROOM * room : PER_ROOM * (room + 1)]) for room in range(ROOMS))
        return rooms, tuple(sorted(bag[PER_ROOM * ROOMS :]))

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        rooms, bag = deal.parts[NAME]
        if len(rooms) != ROOMS or any(len(room) != PER_ROOM for room in rooms):
            return ["[M-CHEST-2] three rooms of four chests each"]
        if sorted([*bag, *(chest for room in rooms for chest in room)]) != list(CHESTS):
            return [f"[M-CHEST-1] the rooms and the bag hold the 42 chests {CHESTS[0]} to {CHESTS[-1]}, each once"]
        return []

    def tile_entries(self) -> list[dict[str, Any]]:
        return [{"id": t, "kind": TILE_KIND[t], "type": BUILDING_TYPES[PIECE_COLOUR[t]]} for t in CHESTS]  # type: ignore[index]

    def setup_fields(self, part: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]) -> dict[str, Any]:
        """RECORD.md ``setup.chests``: the chests of rooms 1-3 and the rest of the bag."""
        rooms, bag = part
        return {NAME: {"rooms": [list(room) for room in rooms], "bag": list(bag)}}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple:
        value = setup.get(NAME)
        read.need(isinstance(value, dict), "setup.chests must be an object with rooms and bag ([M-CHEST-2])")
        rooms = value.get("rooms")
        read.need(
            isinstance(rooms, list) and len(rooms) == ROOMS,
            "setup.chests.rooms must list the three rooms ([M-CHEST-2])",
        )
        read_rooms = tuple(
            read.ids(room, f"setup.chests.rooms[{n}]", TILE_COUNT, "tile") for n, room in enumerate(rooms)
        )
        bag = read.ids(value.get("bag"), "setup.chests.bag", TILE_COUNT, "tile")
        read.need(all(map(is_chest, bag)), "setup.chests.bag must hold chests only ([M-CHEST-1])")
        return read_rooms, tuple(sorted(bag))

    def start(self, state: Play, deal: Deal) -> ChestPart:
        rooms, bag = deal.parts[NAME]
        return ChestPart([sorted(room) for room in rooms], sorted(bag), deal.players)

    def turn_actions(self, state: Play) -> Iterable[Action]:
        """[M-CHEST-3] buy a room's chests: as the turn's action, also after an exact payment."""
        part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
        payments = _payments(state.hands[state.turn_player])
        return [BuyChests(n + 1, paid) for n, room in enumerate(part.rooms) if room for paid in payments]

    def turn_ending(self, state: Play) -> bool:
        """[M-CHEST-5] after the turn's placements: the chests bought are placed, the buyer first."""
        part: ChestPart = state.parts[NAME]  # type: ignore[assignment]
        if not part.bought_room:
            return False
        players = state.players
        part.queue = [(state.turn_player + offset) % players for offset in range(players)]
        _ask_next(state)
        return True

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """[M-CHEST-8] players ranked by their chests on buildings in their Alhambra; ties shared ([B-SCORE-3])."""
        counts = [counted(state, player) for player in range(state.players)]
        points = rank_points(counts, CHEST_POINTS[round_number - 1])
        return [(player, SCORE_NAME, earned) for player, earned in enumerate(points)]
