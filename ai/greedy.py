"""The greedy player: looks one move ahead and takes the move whose position it likes best.

"Likes" is the evaluation of ``ai.evaluation``: its own expected final score minus that of its
strongest rival, so that buying a tile a rival needs, taking the card a rival needs for an exact
payment, or handing a tile to Dirk to break a rival's majority counts as much as improving its
own Alhambra.  It looks at the position right after its move, before the market and offer are
refilled (which it cannot foresee), and adds what the evaluation of a position cannot see: the
extra action an exact payment brings, and the wall a bought tile will add once placed.
Deterministic for a seed: the seed only breaks exact ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import (
    ACTION,
    Action,
    Buy,
    EndTurn,
    GameState,
    Knowledge,
    Place,
    Reserve,
    Take,
    said_action,
)
from game.engine.alhambra import cell_at, longest_wall
from game.engine.components import CARD_VALUE, TILE_COST, TILE_TYPE
from game.engine.messages import Message
from game.engine.modules.dirk import GiveToDirk

from .base import Agent, Decision, without_stalling
from .evaluation import DEFAULT_WEIGHTS, Weights, advantage, expected_final_scores, tiles_before_scoring
from .modules import advice_for


def lookahead_copy(state: GameState) -> GameState:
    """A copy that stops where the turn ends, before chance refills market and offer."""
    copy = state.clone()
    copy.pause_before_refill = True
    return copy


def best_wall_gain(state: GameState, player: int, tile: int) -> int:
    """How much longer the longest wall gets if ``tile`` goes to its best legal cell."""
    board = state.boards[player]
    grid = board.grid
    now = board.wall_length()
    best = 0
    for x, y in state.legal_cells(player, tile):
        if board.extra is not None:  # walls built on tiles count as printed ones: the board's own wall scoring
            best = max(best, board.placed(cell_at(x, y), tile).wall_length() - now)
            continue
        trial = dict(grid)
        trial[cell_at(x, y)] = tile
        best = max(best, longest_wall(trial) - now)
    return best


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        me = knowledge.player
        legal = without_stalling(knowledge.state, legal)
        state = lookahead_copy(knowledge.state)
        scored = [
            (self.action_value(state, action, me) + self.rng.random() * 1e-6, i) for i, action in enumerate(legal)
        ]
        value, index = max(scored)
        action = legal[index]
        gain = value - advantage(expected_final_scores(state, self.weights), me)
        return Decision(action, self.reason(state, action, me, gain))

    def action_value(self, state: GameState, action: Action, me: int) -> float:
        """The lead over the strongest rival that ``action`` leads to, as the evaluation sees it."""
        after = state.clone()
        after.apply_trusted(action)
        value = advantage(expected_final_scores(after, self.weights), me)
        if len(after.held) > len(state.held) and after.decider == me:
            # a tile came to wait for placing: bought ([B-TURN-3]; also with an exchange card or by a vizier)
            # or taken (a hut, [M-HUT-2])
            tile = after.held[-1]
            value += best_wall_gain(after, me, tile) * len(tiles_before_scoring(after))
            if after.phase == ACTION:  # exact payment: another action follows ([B-TURN-4])
                value += self.weights.exact
        return value

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message:
        """One line for the hint: what the move does for the player (a module's move: as its advice says), kept as
        a template and its arguments so that the client says it in the player's language."""
        module_reason = advice_for(state.rules).reason(state, action, me, gain)
        if module_reason is not None:
            return module_reason
        move = said_action(state, action)
        signed = f"{gain:+.1f}"
        if isinstance(action, Buy):
            tile = state.in_slot(action.slot)
            kind = TILE_TYPE[tile]
            overpay = sum(CARD_VALUE[c] for c in action.paid) - TILE_COST[tile]
            if kind is None:  # a camp: its module's advice explains it, or this
                if overpay:
                    return Message.of(
                        "{move}: {tile} is worth more than the rest now ({gain}), overpays {overpay}",
                        move=move,
                        tile=tile,
                        gain=signed,
                        overpay=overpay,
                    )
                return Message.of(
                    "{move}: {tile} is worth more than the rest now ({gain}), exact payment, so another action",
                    move=move,
                    tile=tile,
                    gain=signed,
                )
            have = state.boards[me].type_counts()[kind]
            if overpay:
                return Message.of(
                    "{move}: {type} {have} -> {then}, overpays {overpay}",
                    move=move,
                    type=kind,
                    have=have,
                    then=have + 1,
                    overpay=overpay,
                )
            return Message.of(
                "{move}: {type} {have} -> {then}, exact payment, so another action",
                move=move,
                type=kind,
                have=have,
                then=have + 1,
            )
        if isinstance(action, Take):
            if any(CARD_VALUE[c] is None for c in action.cards):  # a module's card (an exchange card: [M-EXCH-2])
                return Message.of("{move}: worth more than any purchase or money now ({gain})", move=move, gain=signed)
            total = sum(CARD_VALUE[c] for c in action.cards)  # type: ignore[misc]
            return Message.of(
                "{move}: {total} in money is worth more than any purchase now ({gain})",
                move=move,
                total=total,
                gain=signed,
            )
        if isinstance(action, Place):
            after = state.clone()
            after.apply_trusted(action)
            return Message.of(
                "{move}: longest wall {before} -> {after}, room to grow",
                move=move,
                before=state.boards[me].wall_length(),
                after=after.boards[me].wall_length(),
            )
        if isinstance(action, Reserve):
            return Message.of("{move}: no cell where it helps now", move=move)
        if isinstance(action, EndTurn):
            return Message.of(
                "{move}: no other action is worth more than keeping things as they are ({gain})", move=move, gain=signed
            )
        if isinstance(action, GiveToDirk):
            return Message.of("{move}: it would help a rival more than it helps me ({gain})", move=move, gain=signed)
        return Message.of("{move}: {gain} expected points against the strongest rival", move=move, gain=signed)
