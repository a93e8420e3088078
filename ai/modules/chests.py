"""The treasure chamber for the AI ([M-CHEST-1] to [M-CHEST-9]).

At every scoring the players are ranked by their chests on buildings in their Alhambra: 7; 14 / 7; 22 / 14 / 7
([M-CHEST-8]), a player with none ranking nowhere.  The evaluation treats the chests as one more majority: each
player's chests, with the chests of a purchase still to be placed where they will go ([M-CHEST-5]: the buyer
first, as many as their free buildings of each colour take, then the next players in seat order), ranked at
every scoring to come with the same uncertainty as a building majority, growing with the chests each player may
still get before that scoring (none once the chamber is closed and empty, [M-CHEST-7]).

Buying a room takes the turn's action and at least 8 in money, with no change and no extra action
([M-CHEST-3], [M-CHEST-4]).  The rollouts consider one purchase per room, paying the least the hand allows,
priced by the chest majorities it moves (the buyer's chests against the strongest rival's, with what the buyer
cannot place passing on) less the money.  Where a chest goes among the free buildings of its colour changes no
count, so its placement is priced at nothing.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.components import BUILDING_TYPES, CARD_VALUE, CHEST_POINTS, PIECE_COLOUR, TILE_TYPE
from game.engine.messages import Message
from game.engine.modules import chests
from game.engine.modules.chests import PRICE, BuyChests, ChestPart, PlaceChest
from game.engine.payments import covering_payments

from ..forecast import strongest_rival, tiles_before_scoring, tiles_left, type_points
from .base import Advice, Price

if TYPE_CHECKING:
    from game.engine import Action, GameState

TYPES = len(BUILDING_TYPES)
CHESTS_PER_TILE = 0.4  # chests a player may get per building tile they get (a room of four every so often)
SPREAD = 2.5  # how far the chest counts may drift, times the chests still to come to a player
POWER = 2.0  # the drift grows with the chests to come: wide early, narrow near the end (tuned by greedy self-play)
SQRT_HALF = 0.7071067811865476
REMEMBERED = 20_000  # expected points per (terms, counts) kept before the memo starts afresh
# terms -> (counts -> expected points): looked up by the terms once per position, then by the counts
_POINTS: dict[tuple, dict[tuple[float, ...], tuple[float, ...]]] = {}
_POINTS_HELD = [0]  # entries in all the tables of ``_POINTS``


def part_of(state: GameState) -> ChestPart:
    """The treasure chamber's part (the module plays wherever this advice is asked)."""
    part = chests.of(state)
    assert part is not None
    return part


def counted(state: GameState, player: int) -> int:
    """[M-CHEST-6] [M-CHEST-8] ``player``'s chests that count: a chest's building is in their Alhambra or on their
    reserve, so those not on the reserve (``chests.counted`` without a look at the whole Alhambra)."""
    on = part_of(state).on[player]
    if not on:
        return 0
    reserve = state.reserves[player]
    return len(on) - sum(1 for tile in reserve if tile in on) if reserve else len(on)


def free_counts(state: GameState, player: int, part: ChestPart | None = None) -> list[int]:
    """[M-CHEST-5] [M-CHEST-6] per colour, ``player``'s buildings in their Alhambra without a chest, and the
    buildings they hold to place this turn (those may take one too).  ``part``: the chamber's, if already at hand."""
    free = state.boards[player].type_counts()
    reserve = state.reserves[player]
    for building in (part or part_of(state)).on[player]:
        if building not in reserve:
            free[TILE_TYPE[building]] -= 1  # type: ignore[index]
    if player == state.decider:
        for tile in state.held:
            kind = TILE_TYPE[tile]
            if kind is not None:
                free[kind] += 1
    return free


def place_round(
    state: GameState,
    counts: list[float],
    pending: list[int],
    order: list[int],
    free_of: list[list[int] | None] | None = None,
) -> list[int]:
    """[M-CHEST-5] the chests ``pending`` placed once round ``order``: each player as many as their free buildings
    of each colour take (added to ``counts``); the chests left over (back into the bag).

    ``free_of``: per player, their ``free_counts`` once worked out (filled in here on first need), for the rooms
    of one position, which share them: the rollouts price every room's purchase on every turn."""
    left = [0] * TYPES
    for chest in pending:
        left[PIECE_COLOUR[chest]] += 1  # type: ignore[index]
    for player in order:
        if not any(left):
            break
        if free_of is None:
            free = free_counts(state, player)
        else:
            free = free_of[player]  # type: ignore[assignment]
            if free is None:
                free = free_of[player] = free_counts(state, player)
        for colour in range(TYPES):
            placed = left[colour]
            if free[colour] < placed:  # ``min(left[colour], free[colour])`` without the call
                placed = free[colour]
            if placed:
                left[colour] -= placed
                counts[player] += placed
    return left


def chest_counts(state: GameState, free_of: list[list[int] | None] | None = None) -> list[float]:
    """[M-CHEST-8] each player's chests that count, with the chests waiting to be placed where they will go
    (``free_of``: as ``place_round`` takes it)."""
    part = part_of(state)
    counts: list[float] = [float(counted(state, p)) for p in range(state.players)]
    if part.pending:
        order = part.queue or seat_order(state, state.turn_player)
        place_round(state, counts, part.pending, order, free_of)
    return counts


def seat_order(state: GameState, first: int) -> list[int]:
    """The players once round the table from ``first`` ([M-CHEST-5]: the left neighbour next)."""
    return [(first + offset) % state.players for offset in range(state.players)]


def chests_to_come(state: GameState) -> int:
    """Chests that may still be bought: those in the rooms, and in the bag while the chamber is open."""
    part = part_of(state)
    found = sum(len(room) for room in part.rooms)
    return found if part.closed else found + len(part.bag)


Terms = tuple[tuple[tuple[int, ...], float, float], ...]
_TERMS: dict[tuple, Terms] = {}


def terms(state: GameState) -> Terms:
    """Per scoring to come: (rank points, scale of a pairwise gap, chance to get a first chest before it);
    remembered by what they follow from (the search meets the same few over and over)."""
    supply = chests_to_come(state)
    key = (
        supply,
        state.drawn,
        state.rounds_scored,
        tiles_left(state),
        state.players,
        state.windows,
        SPREAD,
        POWER,
        CHESTS_PER_TILE,
    )
    found = _TERMS.get(key)
    if found is not None:
        return found
    each = supply / state.players
    found_terms = []
    for round_number, tiles in tiles_before_scoring(state).items():
        growth = min(each, tiles * CHESTS_PER_TILE)
        variance = SPREAD * SPREAD * growth**POWER
        gap_scale = SQRT_HALF / math.sqrt(2 * variance + 0.04) if variance > 0 else 0.0
        arrival = 1.0 - math.exp(-growth) if growth > 0 else 0.0
        found_terms.append((CHEST_POINTS[round_number - 1], round(gap_scale, 3), round(arrival, 3)))
    if len(_TERMS) >= REMEMBERED:
        _TERMS.clear()
    found = _TERMS[key] = tuple(found_terms)
    return found


def points_table(scoring: Terms) -> dict[tuple[float, ...], tuple[float, ...]]:
    """The remembered expected points for the terms ``scoring``, per counts (``expected_points``'s memo)."""
    table = _POINTS.get(scoring)
    if table is None:
        if _POINTS_HELD[0] >= REMEMBERED:
            _POINTS.clear()
            _POINTS_HELD[0] = 0
        table = _POINTS[scoring] = {}
    return table


def expected_points(
    state: GameState,
    counts: list[float],
    scoring: Terms | None = None,
    table: dict[tuple[float, ...], tuple[float, ...]] | None = None,
) -> tuple[float, ...]:
    """[M-CHEST-8] each player's expected chest points over the scorings to come, for chest ``counts``;
    ``table``: ``points_table(scoring)``, if already at hand (then ``scoring`` too)."""
    if table is None:
        scoring = terms(state) if scoring is None else scoring
        table = points_table(scoring)
    key = tuple(counts)
    found = table.get(key)
    if found is None:
        _POINTS_HELD[0] += 1
        found = table[key] = type_points(scoring, key)  # type: ignore[arg-type]
    return found


def cheapest_payment(hand: list[int]) -> tuple[int, ...] | None:
    """[M-CHEST-3] [M-CHEST-4] the payment of at least 8 that pays least (the first of them), or None."""
    return _cheapest(tuple(sorted(hand)))


@lru_cache(maxsize=4096)
def _cheapest(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """``cheapest_payment`` of the sorted ``cards``, remembered: the rollouts ask it on every turn, of few hands."""
    best = None
    best_total = 0
    for paid in covering_payments(cards, PRICE):
        total = sum(CARD_VALUE[c] for c in paid)  # type: ignore[misc]
        if best is None or total < best_total:
            best, best_total = paid, total
    return best


def purchase_gain(state: GameState, me: int, room: int) -> tuple[float, int]:
    """What buying ``room``'s chests does to the chest majorities: my expected points less my strongest rival's,
    and how many of the chests I can place."""
    scoring = terms(state)
    counts = chest_counts(state)
    before = expected_points(state, counts, scoring)
    return _gain_of_room(state, me, room, scoring, counts, before, strongest_rival(state.scores, me))


def _gain_of_room(
    state: GameState,
    me: int,
    room: int,
    scoring: Terms,
    counts: list[float],
    before: tuple[float, ...],
    rival: int,
) -> tuple[float, int]:
    after_counts = list(counts)
    place_round(state, after_counts, part_of(state).rooms[room - 1], seat_order(state, me))
    after = expected_points(state, after_counts, scoring)
    gain = (after[me] - before[me]) - (after[rival] - before[rival])
    return gain, int(after_counts[me] - counts[me])


class _Outlook:
    """What every room's purchase is priced against, for one pricer: the chest terms, counts, expected points and
    strongest rival of its position, and each room's gain once worked out."""

    __slots__ = ("before", "counts", "free_of", "gains", "me", "order", "pricer", "rival", "rooms", "scoring", "table")

    def __init__(self, pricer: object) -> None:
        state = pricer.state  # type: ignore[attr-defined]
        self.pricer = pricer  # kept, so that a new pricer is never mistaken for this one
        self.scoring = terms(state)
        self.free_of: list[list[int] | None] = [None] * state.players  # every room's chests go to the same buildings
        self.counts = chest_counts(state, self.free_of)
        self.table = points_table(self.scoring)
        self.before = expected_points(state, self.counts, self.scoring, self.table)
        self.rival = strongest_rival(state.scores, pricer.me)  # type: ignore[attr-defined]
        self.gains: dict[int, float] = {}
        self.me: int = pricer.me  # type: ignore[attr-defined]
        self.order = seat_order(state, self.me)  # [M-CHEST-5] the buyer first
        self.rooms = part_of(state).rooms

    def gain(self, room: int) -> float:
        """``_gain_of_room``'s gain, with what every room shares worked out once."""
        found = self.gains.get(room)
        if found is None:
            after_counts = list(self.counts)
            place_round(
                self.pricer.state,  # type: ignore[attr-defined]
                after_counts,
                self.rooms[room - 1],
                self.order,
                self.free_of,
            )
            after = expected_points(self.pricer.state, after_counts, self.scoring, self.table)  # type: ignore[attr-defined]
            me, rival, before = self.me, self.rival, self.before
            found = self.gains[room] = (after[me] - before[me]) - (after[rival] - before[rival])
        return found


# The outlook of the pricer last asked: the engine lists a purchase per room and payment, every payment of a room
# moves the majorities alike, and the rooms share their position.
_LAST: list[_Outlook | None] = [None]


def price_buy(pricer: object, action: BuyChests) -> float:
    """[M-CHEST-3] [M-CHEST-8] the majorities the room moves, less the money paid (no extra action)."""
    outlook = _LAST[0]
    if outlook is None or outlook.pricer is not pricer:
        outlook = _LAST[0] = _Outlook(pricer)
    paid = sum(map(CARD_VALUE.__getitem__, action.paid))  # type: ignore[arg-type]
    return outlook.gain(action.room) + pricer.money_value(-paid)  # type: ignore[attr-defined,no-any-return]


def price_place(pricer: object, action: PlaceChest) -> float:
    """[M-CHEST-5] every free building of the chest's colour counts alike."""
    return 0.0


class ChestsAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-CHEST-8] the chest majorities at every scoring to come."""
        counts = chest_counts(state)
        if not any(counts) and not chests_to_come(state):
            return
        for player, points in enumerate(expected_points(state, counts)):
            estimate[player] += points

    def prices(self) -> dict[type, Price]:
        return {BuyChests: price_buy, PlaceChest: price_place}

    def turn_moves(self, state: GameState) -> list[Action]:
        """[M-CHEST-3] one purchase per room that has chests, paying the least the hand allows."""
        part = part_of(state)
        if not any(part.rooms):
            return []
        paid = cheapest_payment(state.hands[state.turn_player])
        if paid is None:
            return []
        return [BuyChests(room + 1, paid) for room, chests_in in enumerate(part.rooms) if chests_in]

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if isinstance(action, PlaceChest):
            have = counted(state, me)
            return Message.of(
                "{move}: my chests {have} -> {then} for the chest majority at every scoring to come",
                move=said_action(state, action),
                have=have,
                then=have + 1,
            )
        if not isinstance(action, BuyChests):
            return None
        have = counted(state, me)
        _, placed = purchase_gain(state, me, action.room)
        best = max(counted(state, p) for p in range(state.players) if p != me)
        return Message.of(
            "{move}: {placed} of its chests fit my buildings, my chests {have} -> {then} against a rival's "
            "{best} ({gain})",
            move=said_action(state, action),
            placed=placed,
            have=have,
            then=have + placed,
            best=best,
            gain=f"{gain:+.1f}",
        )
