"""The greedy player: looks one move ahead and takes the move whose position it likes best.

"Likes" is the evaluation of ``ai.evaluation``: its own expected final score minus that of its
strongest rival, so that buying a tile a rival needs, or handing one to Dirk to break a rival's
majority, is worth as much as improving its own Alhambra.  It looks at the position right after
its move, before the market and offer are refilled (which it cannot foresee), and adds what the
evaluation of a position cannot see: the extra action an exact payment brings, and the wall a
bought tile will add once placed.  Deterministic for a seed: the seed only breaks exact ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, Buy, GameState, Knowledge, Take, describe_action
from game.engine.alhambra import longest_wall
from game.engine.components import BUILDING_TYPES, CARD_CURRENCY, CARD_VALUE, TILE_COST, TILE_TYPE, describe_tile

from .base import Agent, Decision, without_stalling
from .evaluation import DEFAULT_WEIGHTS, Weights, advantage, expected_final_scores, tiles_before_scoring


def lookahead_copy(state: GameState) -> GameState:
    """A copy that stops where the turn ends, before chance refills market and offer."""
    copy = state.clone()
    copy.pause_before_refill = True
    return copy


def best_wall_gain(state: GameState, player: int, tile: int) -> int:
    """How much longer the longest wall gets if ``tile`` goes to its best legal cell."""
    grid = state.grids[player]
    now = state.wall_length(player)
    best = 0
    for x, y in state.legal_cells(player, tile):
        trial = dict(grid)
        trial[(y + 64) * 128 + (x + 64)] = tile
        best = max(best, longest_wall(trial) - now)
    return best


def exact_payment_options(state: GameState, player: int) -> list[int]:
    """Market slots (1-4) whose tile ``player`` could pay exactly right now."""
    from game.engine.components import MARKET_CURRENCY

    slots = []
    by_currency: list[list[int]] = [[], [], [], []]
    for card in state.hands[player]:
        by_currency[CARD_CURRENCY[card]].append(CARD_VALUE[card])
    for index, tile in enumerate(state.market):
        if tile >= 0 and _subset_sums_to(by_currency[MARKET_CURRENCY[index]], TILE_COST[tile]):
            slots.append(index + 1)
    return slots


def _subset_sums_to(values: list[int], target: int) -> bool:
    reachable = 1  # bit i set: sum i reachable
    for value in values:
        reachable |= reachable << value
    return bool(reachable >> target & 1)


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        me = knowledge.player
        legal = without_stalling(knowledge.state, legal)
        state = lookahead_copy(knowledge.state)
        before = expected_final_scores(state, self.weights)
        scored = [
            (self.action_value(state, action, me) + self.rng.random() * 1e-6, i) for i, action in enumerate(legal)
        ]
        value, index = max(scored)
        action = legal[index]
        return Decision(action, self.reason(state, action, me, value - advantage(before, me)))

    def action_value(self, state: GameState, action: Action, me: int) -> float:
        after = state.clone()
        after.apply(action)
        value = advantage(expected_final_scores(after, self.weights), me)
        if isinstance(action, Buy):
            tile = state.market[action.slot - 1]
            scorings_left = len(tiles_before_scoring(after))
            value += best_wall_gain(after, me, tile) * scorings_left
            if after.phase == "action":  # exact payment: another action follows ([B-TURN-4])
                value += self.weights.exact
        return value

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> str:
        text = describe_action(state, action)
        if isinstance(action, Buy):
            tile = state.market[action.slot - 1]
            kind = BUILDING_TYPES[TILE_TYPE[tile]]
            have = state.type_counts(me)[TILE_TYPE[tile]]
            paid = sum(CARD_VALUE[c] for c in action.paid)
            overpay = paid - TILE_COST[tile]
            extra = f"overpays {overpay}" if overpay else "exact payment, so another action"
            return f"{text}: {kind} {have} -> {have + 1}, {extra}"
        if isinstance(action, Take):
            total = sum(CARD_VALUE[c] for c in action.cards)
            return f"{text}: {total} in money is worth more than any purchase now"
        return f"{text}: best position in reach ({gain:+.1f} expected points against the strongest rival)"


def describe_held(state: GameState) -> str:
    return ", ".join(describe_tile(t) for t in state.held)
