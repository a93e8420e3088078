"""Change for the AI ([M-CHANGE-1] to [M-CHANGE-7]).

A coin is a money card of value 1 in its currency ([M-CHANGE-4]): in a hand the evaluation counts it as money
already, and its small value makes exact payments easier, which the worth of holding the right cards counts
too.  What the module changes for the AI is the price of an overpayment: a purchase overpaid by 2 or more
brings one coin back for every full 2 ([M-CHANGE-3]), as many as the change bag still holds.  The rollouts
price a purchase with that money back (``Advice.refund``); greedy sees the coins in the position after the
purchase.  The hint of a purchase that overpays or pays with coins says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Buy, said_action
from game.engine.components import CARD_VALUE, TILE_COST, TILE_TYPE, is_coin
from game.engine.messages import Message
from game.engine.modules.change import NAME, ChangePart, coins_owed

from .base import Advice

if TYPE_CHECKING:
    from game.engine import Action, GameState


def coins_back(state: GameState, overpaid: int) -> int:
    """[M-CHANGE-3] the coins an overpayment of ``overpaid`` brings: one per full 2, what the bag still holds."""
    part: ChangePart = state.parts[NAME]  # type: ignore[assignment]
    return min(coins_owed(overpaid), len(part.bag))


class ChangeAdvice(Advice):
    def refund(self, state: GameState, player: int, overpaid: int) -> int:
        """[M-CHANGE-3] [M-CHANGE-4] each coin drawn is money of value 1."""
        return coins_back(state, overpaid)

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        """A market purchase that draws change or spends coins ([M-CHANGE-3], [M-CHANGE-4]); any other: not ours."""
        if not isinstance(action, Buy):
            return None
        tile = state.in_slot(action.slot)
        paid = sum(CARD_VALUE[c] for c in action.paid)  # type: ignore[misc]
        coins = coins_back(state, paid - TILE_COST[tile])
        spent = sum(1 for c in action.paid if is_coin(c))
        if not coins and not spent:
            return None
        move = said_action(state, action)
        kind = TILE_TYPE[tile]
        said = coins or spent  # the coins drawn back where there are any, else the coins spent
        if kind is None:
            facts: dict[str, object] = {"move": move, "tile": tile, "gain": f"{gain:+.1f}", "coins": said}
            if coins:
                return Message.of(
                    "{move}: {tile} is worth more than the rest now ({gain}); change coins back: {coins}", **facts
                )
            return Message.of(
                "{move}: {tile} is worth more than the rest now ({gain}); change coins spent: {coins}", **facts
            )
        have = state.boards[me].type_counts()[kind]
        facts = {"move": move, "type": kind, "have": have, "then": have + 1, "coins": said}
        overpay = paid - TILE_COST[tile]
        if coins:
            return Message.of(
                "{move}: {type} {have} -> {then}, overpays {overpay}; change coins back: {coins}",
                overpay=overpay,
                **facts,
            )
        if not overpay:
            return Message.of(
                "{move}: {type} {have} -> {then}, change coins make the payment exact ({coins}), so another action",
                **facts,
            )
        return Message.of(
            "{move}: {type} {have} -> {then}, overpays {overpay}; change coins spent: {coins}", overpay=overpay, **facts
        )
