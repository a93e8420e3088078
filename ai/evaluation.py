"""Position evaluation: every player's expected final score, from public knowledge only.

Both computer players rest on this estimate: greedy compares the positions its moves lead to,
MCTS scores the leaves of its search with it.  It adds to the points already scored:

* the majorities still to come, for each scoring not yet held.  Counts will move before a
  distant scoring, so each rival is ahead with a probability that falls off with the gap in
  counts, measured against how many tiles of that type are still to come and how many each
  player may still buy before that scoring.  Interpolating the rank points at the expected number
  of rivals ahead reproduces the tie rule ([B-SCORE-3]) exactly for two-way ties at a scoring
  that is imminent;
* the longest wall, counted again at every scoring still to come ([B-SCORE-4]);
* money in hand, worth a fraction of a point per unit, but only as much of it as the player can
  still spend on the tiles left;
* a penalty for an Alhambra that has almost nowhere left to grow.

It reads the deck and the bag only as counts and the scoring cards only through their public
windows, so it is safe on a ``Knowledge`` ([D-HIDDEN-1]).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine import GameState
from game.engine.alhambra import Alhambra, GridMemo, survey
from game.engine.board import Board
from game.engine.components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    MARKET_CURRENCY,
    SCORE_POINTS,
    TILE_COST,
    TILE_TYPE,
    scoring_round_of,
)

from .forecast import horizon, strongest_rival, tiles_left
from .forecast import type_points as _type_points
from .modules import advice_for

TYPES = len(BUILDING_TYPES)
AVERAGE_COST = 7.5  # mean cost of a building tile
SQRT_HALF = 0.7071067811865476

# Per scoring to come: (rank points, scale of a pairwise gap for erf, chance to get a first tile).
Terms = tuple[tuple[tuple[int, ...], float, float], ...]
TYPE_POINTS_REMEMBERED = 50_000  # entries before the memo of ``Outlook.type_points`` starts afresh
PointsTable = dict[tuple[float, ...], tuple[float, ...]]  # counts per collector -> expected points
# What an outlook's scoring terms follow from: tiles to come per type, the scorings ahead, the spread.
OutlookKey = tuple[tuple[int, ...], tuple[tuple[int, float], ...], float]


class TypePointsMemo:
    """``_type_points`` results per outlook and type, emptied when it holds too many.

    Looked up by what the scoring terms follow from, not by the terms themselves: a search
    meets the same few outlooks thousands of times, and working out and hashing six types'
    terms for every one of them cost more than the key.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.entries = 0
        self.outlooks: dict[OutlookKey, list[tuple[PointsTable, Terms] | None]] = {}

    def tables(self, key: OutlookKey) -> list[tuple[PointsTable, Terms] | None]:
        """Per building type: the table of results and the terms they were worked out with (None until needed)."""
        found = self.outlooks.get(key)
        if found is None:
            if self.entries >= self.limit:
                self.outlooks.clear()
                self.entries = 0
            found = self.outlooks[key] = [None] * TYPES
        return found

    def work_out(self, table: PointsTable, terms: Terms, column: tuple[float, ...]) -> tuple[float, ...]:
        found = table[column] = _type_points(terms, column)
        self.entries += 1
        return found


_TYPE_POINTS = TypePointsMemo(TYPE_POINTS_REMEMBERED)


@dataclass(frozen=True)
class Weights:
    """Tunable constants of the estimate (tuned by self-play tournaments)."""

    money: float = 0.30  # points per unit of money in hand while tiles remain
    reserve: float = 0.45  # share of a built tile that a reserve tile counts for in later majorities
    spread: float = 0.75  # how much the counts of one type may drift per tile of it still to come
    cramped: float = 1.5  # penalty per missing open spot below three
    exact: float = 2.0  # an exact payment's extra action, for comparing moves
    exact_option: float = 0.5  # share of an exact payment's worth that holding the right cards is worth
    compact: float = 0.3  # points per neighbour a placed tile touches


DEFAULT_WEIGHTS = Weights()


def tiles_before_scoring(state: GameState) -> dict[int, float]:
    """Scoring rounds still to come -> how many tiles each player may still add before it."""
    return horizon(state, advice_for(state.rules).players_share)


def scoring_card_in_deck(state: GameState, card: int) -> bool:
    """Whether scoring ``card`` is still to be drawn.

    The scoring cards lie in the second and fourth of the five piles ([B-SETUP-6]), so they come
    in the order of their rounds, and a card is still in the deck exactly when its round has not
    been scored yet: no need to search the deck.
    """
    return scoring_round_of(card) > state.rounds_scored


def scorings_left(state: GameState) -> int:
    """Scorings still to come: the scoring cards still in the deck, and the final one."""
    return 1 + sum(1 for card, _, _ in state.windows if scoring_card_in_deck(state, card))


def end_distribution(state: GameState) -> list[tuple[int, int]]:
    """(player, tile) for each market tile the end-of-game distribution would hand out now ([B-END-2])."""
    gifts = []
    by_player = [state.currency_totals(p) for p in range(state.players)]
    for index, tile in enumerate(state.market):
        if tile == EMPTY:
            continue
        totals = [player_totals[MARKET_CURRENCY[index]] for player_totals in by_player]
        best = max(totals)
        if totals.count(best) == 1:
            gifts.append((totals.index(best), tile))
    return gifts


def projected_counts(state: GameState, reserve_weight: float) -> list[list[float]]:
    """Per player: built tiles, plus tiles waiting to be placed, plus a share of the reserve, plus what the
    modules make a scoring count besides the buildings (``Advice.count_extra``: huts' neighbours, bonus cards).

    Pieces that are no building (a hut, [M-HUT-3]) count in no majority by themselves.
    """
    counts: list[list[float]] = [state.boards[p].type_counts() for p in range(state.players)]  # fresh lists of ints
    for player, reserve in enumerate(state.reserves):
        for tile in reserve:
            kind = TILE_TYPE[tile]
            if kind is not None:
                counts[player][kind] += reserve_weight
    decider = state.decider
    for tile in state.held:
        kind = TILE_TYPE[tile]
        if kind is not None:
            counts[decider][kind] += 1.0 if state.can_place(decider, tile) else reserve_weight
    for extra in advice_for(state.rules).count_extra:  # e.g. [M-HUT-4] huts' neighbours, [M-BONUS-2] bonus cards
        extra(state, counts)
    return counts


class Outlook:
    """The majority part of the estimate, split by building type so that a move's effect is cheap to price.

    ``counts[i][t]`` is collector i's projected count of type t (players first, then Dirk).
    """

    __slots__ = ("_gains", "_now", "_tables", "counts", "horizon", "remaining", "spread")

    def __init__(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.counts = projected_counts(state, weights.reserve)
        if not state.bag:  # the game ends as soon as a slot stays empty: the richest get the rest
            for player, tile in end_distribution(state):
                kind = TILE_TYPE[tile]
                if kind is not None:  # a camp counts in no majority ([B-END-2] hands it out all the same)
                    self.counts[player][kind] += 1.0
        advice = advice_for(state.rules)
        if advice.collecting:  # e.g. Dirk ([B-DIRK-3])
            self.counts.extend(advice.extra_collectors(state))
        self.remaining = state.tiles_to_come()
        self.horizon = tiles_before_scoring(state)
        self.spread = weights.spread
        self._gains: dict[tuple[int, int, int, float], float] = {}
        self._tables: list[tuple[PointsTable, Terms] | None] | None = None  # from the memo, on first use
        self._now: list[tuple[float, ...] | None] = [None] * TYPES

    def terms(self, t: int) -> Terms:
        """The scorings to come as ``Terms`` for type ``t``."""
        share = self.remaining[t] / (sum(self.remaining) or 1)
        found = []
        for round_number, growth in self.horizon.items():
            variance = self.spread * self.spread * growth * share
            gap_scale = SQRT_HALF / math.sqrt(2 * variance + 0.04) if variance > 0 else 0.0
            arrival = 1.0 - math.exp(-growth * share) if growth > 0 else 0.0
            found.append((SCORE_POINTS[round_number - 1][t], gap_scale, arrival))
        return tuple(found)

    def type_points(self, t: int, column: Sequence[float]) -> tuple[float, ...]:
        """Expected points per collector from type ``t`` over the scorings to come, for counts ``column``.

        Remembered across positions: the positions one search evaluates share most of their
        counts and outlooks (nine calls in ten repeat an earlier one), and the erf sums are the
        costliest part of an evaluation.  The memo is looked up by the outlook once per position
        (on first use: most placements the quick policy prices need none), then by the counts.
        """
        tables = self._tables
        if tables is None:
            key = (self.remaining, tuple(self.horizon.items()), self.spread)
            tables = self._tables = _TYPE_POINTS.tables(key)
        table = tables[t]
        if table is None:
            table = tables[t] = ({}, self.terms(t))
        known, terms = table
        key = tuple(column)
        found = known.get(key)
        if found is None:
            found = _TYPE_POINTS.work_out(known, terms, key)
        return found

    def gain(self, t: int, collector: int, rival: int, amount: float = 1.0) -> float:
        """What ``amount`` more tiles of type ``t`` are worth to ``collector`` against ``rival``."""
        key = (t, collector, rival, amount)
        found = self._gains.get(key)
        if found is None:
            before = self.points_now(t)
            column = [c[t] for c in self.counts]
            column[collector] += amount
            after = self.type_points(t, column)
            found = self._gains[key] = (after[collector] - before[collector]) - (after[rival] - before[rival])
        return found

    def points_now(self, t: int) -> tuple[float, ...]:
        """``type_points`` for the counts as they stand, which every gain in type ``t`` starts from."""
        found = self._now[t]
        if found is None:
            found = self._now[t] = self.type_points(t, [c[t] for c in self.counts])
        return found

    def majority_points(self) -> list[float]:
        """Each collector's expected points from the majorities of every type still to be scored."""
        now = self._now
        for t, column in enumerate(zip(*self.counts, strict=True)):
            if now[t] is None:
                now[t] = self.type_points(t, column)
        return [sum(points) for points in zip(*now, strict=True)]


def money_cap(state: GameState) -> float:
    """The most money a player can still spend: about one and a half tiles' worth per tile left to them."""
    return AVERAGE_COST * 1.5 * tiles_left(state) / state.players


def useful_money(state: GameState, player: int, cap: float) -> float:
    """Money counts only up to what the player can still spend on the tiles left for them (``money_cap``)."""
    return min(sum(map(CARD_VALUE.__getitem__, state.hands[player])), cap)


def payable_sums(hand: Iterable[int]) -> list[int]:
    """Per currency, every sum some of the cards add up to, as a bit mask (bit s set: s can be paid exactly)."""
    reachable = [1, 1, 1, 1]
    for card in hand:
        currency = CARD_CURRENCY[card]
        reachable[currency] |= reachable[currency] << CARD_VALUE[card]
    return reachable


def exact_option_value(state: GameState, player: int, outlook: Outlook, rival: int, weights: Weights) -> float:
    """Holding the cards to pay a market tile exactly is worth part of that payment's extra action and tile."""
    payable = payable_sums(state.hands[player])
    best = 0.0
    for index, tile in enumerate(state.market):
        if tile != EMPTY and payable[MARKET_CURRENCY[index]] >> TILE_COST[tile] & 1:
            kind = TILE_TYPE[tile]
            gain = (
                outlook.gain(kind, player, rival)
                if kind is not None
                else advice_for(state.rules).worth_of_tile(state, player, tile)  # a camp
            )
            worth = weights.exact + max(0.0, gain)
            best = max(best, worth)
    return weights.exact_option * best


def shared_sides(grid: Alhambra) -> int:
    """Sides where two tiles of the Alhambra meet: the more, the more compact it is."""
    return sum((cell + 1 in grid) + (cell + 128 in grid) for cell in grid)


def open_spot_count(grid: Alhambra) -> int:
    """Empty cells that some tile could still fill: not walled in on every side that touches."""
    return sum(1 for spot in survey(grid).spots if spot.touching != spot.need_wall)


def _shape(grid: Alhambra) -> tuple[int, int]:
    return open_spot_count(grid), shared_sides(grid)


# (open spots, shared sides) per Alhambra: a search evaluates the same few Alhambras over and over.
shape = GridMemo(_shape)


def board_shape(board: Board) -> tuple[int, int]:
    """``_shape`` of a board with an extra (walls built on its tiles close spots as printed walls do): read from
    the board's own survey, which the board remembers."""
    return sum(1 for spot in board.survey().spots if spot.touching != spot.need_wall), shared_sides(board.grid)


def expected_final_scores(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Each player's expected final score (Dirk excluded), as seen from public knowledge."""
    players = state.players
    if state.is_over:
        return [float(s) for s in state.scores]
    outlook = Outlook(state, weights)
    majorities = outlook.majority_points()
    scorings_left = len(outlook.horizon)
    cap = money_cap(state)
    estimate = []
    for p in range(players):
        board = state.boards[p]
        open_spots, shared = shape.lookup(board.key(), board.grid) if board.extra is None else board_shape(board)
        estimate.append(
            state.scores[p]
            + majorities[p]
            + state.boards[p].wall_length() * scorings_left
            + weights.money * useful_money(state, p, cap)
            - weights.cramped * max(0, 3 - open_spots)
            + weights.compact * shared
        )
    for value in advice_for(state.rules).values:  # e.g. exchange cards, an awake vizier
        value(state, estimate)
    if weights.exact_option:
        leader = max(range(players), key=estimate.__getitem__)
        for p in range(players):
            rival = leader if p != leader else strongest_rival(estimate, leader)
            estimate[p] += exact_option_value(state, p, outlook, rival, weights)
    return estimate


def advantage(estimate: list[float], player: int) -> float:
    """How far ``player`` is ahead of the best rival (negative when behind)."""
    best_rival = max(v for p, v in enumerate(estimate) if p != player)
    return estimate[player] - best_rival
