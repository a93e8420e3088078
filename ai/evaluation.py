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
* money in hand, worth a fraction of a point per unit while there are tiles left to spend it on;
* a penalty for an Alhambra that has almost nowhere left to grow.

It reads the deck and the bag only as counts and the scoring cards only through their public
windows, so it is safe on a ``Knowledge`` ([D-HIDDEN-1]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine import GameState
from game.engine.components import BUILDING_TYPES, CARD_VALUE, SCORE_POINTS, TILE_TYPE

TYPES = len(BUILDING_TYPES)
TILES_PER_DECK_CARD = 0.55  # measured over greedy games: tiles bought per money card drawn
AVERAGE_COST = 7.5  # mean cost of a building tile


@dataclass(frozen=True)
class Weights:
    """Tunable constants of the estimate (tuned by self-play tournaments)."""

    money: float = 0.30  # points per unit of money in hand while tiles remain
    reserve: float = 0.45  # share of a built tile that a reserve tile counts for in later majorities
    spread: float = 0.75  # how much the counts of one type may drift per tile of it still to come
    cramped: float = 1.5  # penalty per missing open spot below three
    exact: float = 2.0  # an exact payment's extra action, for greedy's move comparison


DEFAULT_WEIGHTS = Weights()


def remaining_tiles_by_type(state: GameState) -> list[int]:
    """Tiles of each type still to come to the players: bag and market."""
    counts = [0] * TYPES
    for tile in state.bag:
        counts[TILE_TYPE[tile]] += 1
    for tile in state.market:
        if tile >= 0:
            counts[TILE_TYPE[tile]] += 1
    return counts


def tiles_before_scoring(state: GameState) -> dict[int, float]:
    """Scoring rounds still to come -> how many tiles each player may still add before it."""
    left = len(state.bag) + sum(1 for tile in state.market if tile >= 0)
    players = state.players
    horizon: dict[int, float] = {}
    in_deck = set(state.deck)
    for card, first, after in state.windows:
        if card in in_deck:
            middle = (max(first, state.drawn) + after - 1) / 2 - state.drawn
            horizon[card - state.windows[0][0] + 1] = min(left, middle * TILES_PER_DECK_CARD) / players
    horizon[3] = left / players if not state.with_dirk else left * 0.75 / players
    return horizon


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z * 0.7071067811865476))


def majority_outlook(
    counts: list[list[float]], round_number: int, growth: float, remaining: list[int], spread: float
) -> list[float]:
    """Expected majority points per collector at scoring ``round_number``.

    ``counts[i][t]`` are collector i's (possibly fractional) counts now; ``growth`` is how many
    tiles each may add before the scoring.
    """
    table = SCORE_POINTS[round_number - 1]
    total_left = sum(remaining) or 1
    expected = [0.0] * len(counts)
    collectors = range(len(counts))
    for t in range(TYPES):
        points = table[t]
        share = remaining[t] / total_left
        variance = spread * spread * growth * share
        arrival = 1.0 - math.exp(-growth * share) if growth > 0 else 0.0
        column = [c[t] for c in counts]
        for i in collectors:
            mine = column[i]
            if mine <= 0 and arrival <= 0:
                continue
            ahead = 0.0
            for j in collectors:
                if j != i:
                    theirs = column[j]
                    if variance > 0:
                        ahead += 1.0 - _normal_cdf((mine - theirs) / math.sqrt(2 * variance + 0.04))
                    elif theirs > mine:
                        ahead += 1.0
                    elif theirs == mine:
                        ahead += 0.5
            rank = int(ahead)
            if rank >= len(points):
                continue
            low = points[rank]
            high = points[rank + 1] if rank + 1 < len(points) else 0
            value = low + (high - low) * (ahead - rank)
            expected[i] += value if mine >= 1 else value * arrival
    return expected


def projected_counts(state: GameState, player: int, reserve_weight: float) -> list[float]:
    """Built tiles, plus tiles waiting to be placed, plus a share of the reserve."""
    counts = [float(c) for c in state.type_counts(player)]
    for tile in state.reserves[player]:
        counts[TILE_TYPE[tile]] += reserve_weight
    if state.decider == player:
        for tile in state.held:
            counts[TILE_TYPE[tile]] += 1.0 if state.legal_cells(player, tile) else reserve_weight
    return counts


def open_spot_count(state: GameState, player: int) -> int:
    """Empty cells that some tile could still fill: not walled in on every side that touches."""
    return sum(1 for spot in state.spots(player) if spot.touching != spot.need_wall)


def end_distribution(state: GameState) -> list[tuple[int, int]]:
    """(player, tile) for each market tile the end-of-game distribution would hand out now ([B-END-2])."""
    from game.engine.components import MARKET_CURRENCY

    gifts = []
    for index, tile in enumerate(state.market):
        if tile < 0:
            continue
        totals = [state.currency_totals(p)[MARKET_CURRENCY[index]] for p in range(state.players)]
        best = max(totals)
        if totals.count(best) == 1:
            gifts.append((totals.index(best), tile))
    return gifts


def useful_money(state: GameState, player: int, tiles_left: int) -> float:
    """Money counts only up to what the player can still spend on the tiles left for them."""
    held = sum(CARD_VALUE[c] for c in state.hands[player])
    return min(held, AVERAGE_COST * 1.5 * tiles_left / state.players)


def expected_final_scores(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Each player's expected final score (Dirk excluded), as seen from public knowledge."""
    players = state.players
    if state.is_over:
        return [float(s) for s in state.scores]
    counts = [projected_counts(state, p, weights.reserve) for p in range(players)]
    tiles_left = len(state.bag) + sum(1 for tile in state.market if tile >= 0)
    if not state.bag:  # the game ends as soon as a slot stays empty: the richest get the rest
        for player, tile in end_distribution(state):
            counts[player][TILE_TYPE[tile]] += 1.0
    if state.with_dirk:
        counts.append([float(c) for c in state.dirk_counts()])
    remaining = remaining_tiles_by_type(state)
    horizon = tiles_before_scoring(state)
    estimate = [float(s) for s in state.scores]
    for round_number, growth in horizon.items():
        outlook = majority_outlook(counts, round_number, growth, remaining, weights.spread)
        for p in range(players):
            estimate[p] += outlook[p]
    for p in range(players):
        estimate[p] += state.wall_length(p) * len(horizon)
        estimate[p] += weights.money * useful_money(state, p, tiles_left)
        estimate[p] -= weights.cramped * max(0, 3 - open_spot_count(state, p))
    return estimate


def advantage(estimate: list[float], player: int) -> float:
    """How far ``player`` is ahead of the best rival (negative when behind)."""
    best_rival = max(v for p, v in enumerate(estimate) if p != player)
    return estimate[player] - best_rival
