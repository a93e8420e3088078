"""A quick rule-of-thumb player for MCTS rollouts and move ordering.

Rollouts need thousands of moves a second, so this policy never evaluates positions: it buys a
tile that helps a majority when it can pay with little or no overpayment, otherwise takes the
most money, and places tiles compactly with their walls facing out.  The same rules give the
search its move ordering (``prior``), so that the moves a sensible player would consider first
are the first the tree widens to.
"""

from __future__ import annotations

import random

from game.engine import (
    ACTION,
    Action,
    Buy,
    FromReserve,
    GameState,
    GiveToDirk,
    Lift,
    Place,
    Reserve,
    Swap,
    Take,
)
from game.engine.components import CARD_CURRENCY, CARD_VALUE, MARKET_CURRENCY, TILE_COST, TILE_TYPE, TILE_WALLS
from game.engine.state import minimal_payments

BUY_THRESHOLD = 2.0
OVERPAY_COST = 0.5
EXACT_BONUS = 1.5


def all_counts(state: GameState) -> list[list[int]]:
    """Built tiles per type for every collector (players, then Dirk)."""
    counts = [state.type_counts(p) for p in range(state.players)]
    if state.with_dirk:
        counts.append(state.dirk_counts())
    return counts


def desirability(counts: list[list[int]], player: int, tile: int) -> float:
    """How much one more tile of this type helps ``player``'s majority (towers weigh most)."""
    kind = TILE_TYPE[tile]
    mine = counts[player][kind] + 1
    rival = max(c[kind] for i, c in enumerate(counts) if i != player)
    if mine > rival + 1:
        standing = 1.0  # already safely ahead
    elif mine > rival:
        standing = 3.0  # takes or keeps the lead
    elif mine == rival:
        standing = 2.0  # draws level
    else:
        standing = 1.0 if rival - mine <= 2 else 0.3
    return standing * (kind + 6) / 9


def buy_value(counts: list[list[int]], player: int, tile: int, paid: tuple[int, ...]) -> float:
    overpay = sum(CARD_VALUE[c] for c in paid) - TILE_COST[tile]
    return desirability(counts, player, tile) - OVERPAY_COST * overpay + (EXACT_BONUS if overpay == 0 else 0.0)


def spot_score(walls: int, touching: int) -> int:
    """Compact (many neighbours) with walls towards the outside (sides without neighbours)."""
    return 2 * bin(touching).count("1") + bin(walls & ~touching).count("1")


def best_placement(state: GameState, tile: int) -> Action:
    walls = TILE_WALLS[tile]
    best: Action = Reserve(tile)
    best_score = -1
    for spot in state.spots(state.decider):
        if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
            score = spot_score(walls, spot.touching)
            if score > best_score:
                best, best_score = Place(tile, spot.x, spot.y), score
    return best


def best_buy(state: GameState, counts: list[list[int]]) -> tuple[float, Action | None]:
    player = state.turn_player
    by_currency: list[list[int]] = [[], [], [], []]
    for card in state.hands[player]:
        by_currency[CARD_CURRENCY[card]].append(card)
    best_value, best = float("-inf"), None
    for index, tile in enumerate(state.market):
        if tile < 0:
            continue
        for paid in minimal_payments(by_currency[MARKET_CURRENCY[index]], TILE_COST[tile]):
            value = buy_value(counts, player, tile, paid)
            if value > best_value:
                best_value, best = value, Buy(index + 1, paid)
    return best_value, best


def best_take(state: GameState) -> Action | None:
    takes = state.take_actions()
    if not takes:
        return None
    return max(takes, key=lambda take: sum(CARD_VALUE[c] for c in take.cards))


def fast_action(state: GameState, rng: random.Random, epsilon: float) -> Action:
    """One move of the rule-of-thumb player (a uniformly random legal move with probability ``epsilon``)."""
    if rng.random() < epsilon:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    if state.phase != ACTION:
        return best_placement(state, state.held[0])
    value, buy = best_buy(state, all_counts(state))
    if buy is not None and value >= BUY_THRESHOLD:
        return buy
    take = best_take(state)
    if take is not None:
        return take
    if buy is not None:
        return buy
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def prior(state: GameState, counts: list[list[int]], action: Action) -> float:
    """Move ordering for the search: roughly how promising a move looks before any look-ahead."""
    player = state.decider
    if isinstance(action, Buy):
        return buy_value(counts, player, state.market[action.slot - 1], action.paid)
    if isinstance(action, Take):
        return sum(CARD_VALUE[c] for c in action.cards) / 3.0
    if isinstance(action, Place | FromReserve):
        touching = 0
        grid = state.grids[player]
        cell = (action.y + 64) * 128 + action.x + 64
        for bit, step in ((1, -128), (2, 1), (4, 128), (8, -1)):
            if cell + step in grid:
                touching |= bit
        score = spot_score(TILE_WALLS[action.tile], touching) / 4.0
        return score if isinstance(action, Place) else score - 1.0 + desirability(counts, player, action.tile) / 2
    if isinstance(action, Reserve):
        return 0.0
    if isinstance(action, GiveToDirk):
        return -0.5
    if isinstance(action, Swap):
        return -1.0
    if isinstance(action, Lift):
        return -2.0
    return 0.0
