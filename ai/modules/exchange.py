"""Exchange offices for the AI ([M-EXCH-1] to [M-EXCH-4]).

An exchange card lets the money of its two currencies pay together for one tile ([M-EXCH-3]):
flexibility worth about a point while purchases remain (money that fits no market slot becomes
usable), counted by the evaluation for each card held.  Taking one costs the whole take-money
action ([M-EXCH-2]).  The rollouts price a purchase with an exchange card like a purchase of that
tile (an exact payment brings another action) less the card it uses up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.components import (
    CARD_VALUE,
    EMPTY,
    EXCHANGE_PAIR,
    TILE_COST,
    TILE_TYPE,
)
from game.engine.messages import Message
from game.engine.modules import exchange
from game.engine.modules.exchange import ExchangeBuy

from .base import Advice, Price, young

if TYPE_CHECKING:
    from game.engine import Action, GameState

CARD_WORTH = 1.0  # points an exchange card is worth while each player may still buy a few tiles
CARDS_COUNTED = 2  # more cards than that are rarely all used


def card_worth(state: GameState) -> float:
    """What one exchange card is worth now (less and less as the tiles run out)."""
    return CARD_WORTH * young(state, 4)


def price_exchange_buy(pricer: object, action: ExchangeBuy) -> float:
    """[M-EXCH-3] like a purchase of the tile (an exact one brings another action), less the card."""
    state = pricer.state  # type: ignore[attr-defined]
    tile = state.in_slot(action.slot)
    paid = sum(map(CARD_VALUE.__getitem__, action.paid))
    return pricer.purchase(tile, paid, True) - card_worth(state)  # type: ignore[attr-defined]


@lru_cache(maxsize=16384)
def exchange_buys(held: tuple[int, ...], hand: tuple[int, ...], market: tuple[int, ...]) -> tuple[ExchangeBuy, ...]:
    """[M-EXCH-3] every purchase that needs one of the exchange cards ``held``, slot by slot (as
    ``exchange.exchange_payments`` lists them): rollouts ask again and again for the same hands and markets."""
    return tuple(
        ExchangeBuy(slot, paid, card)
        for slot, tile in enumerate(market, 1)
        if tile != EMPTY
        for card, paid in exchange.payments_with(held, hand, slot, tile, False)
    )


class ExchangeAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        part = exchange.of(state)
        assert part is not None
        worth = 0.0
        for player, cards in enumerate(part.held):
            if cards:
                worth = worth or card_worth(state)
                estimate[player] += worth * min(len(cards), CARDS_COUNTED)

    def card_worth(self, state: GameState, player: int, card: int) -> float | None:
        """[M-EXCH-2] taking an exchange card is worth what holding it is."""
        if EXCHANGE_PAIR[card] is None:
            return None
        part = exchange.of(state)
        assert part is not None
        return card_worth(state) if len(part.held[player]) < CARDS_COUNTED else 0.0

    def prices(self) -> dict[type, Price]:
        return {ExchangeBuy: price_exchange_buy}

    def turn_moves(self, state: GameState) -> list[Action]:
        part = exchange.of(state)
        assert part is not None
        player = state.turn_player
        if not part.held[player]:
            return []
        return list(exchange_buys(tuple(part.held[player]), tuple(state.hands[player]), tuple(state.market)))

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if not isinstance(action, ExchangeBuy):
            return None
        move = said_action(state, action)
        tile = state.in_slot(action.slot)
        kind = TILE_TYPE[tile]
        if kind is None:  # a camp
            return Message.of("{move}: {tile} ({gain})", move=move, tile=tile, gain=f"{gain:+.1f}")
        have = state.boards[me].type_counts()[kind]
        first, second = EXCHANGE_PAIR[action.card]  # type: ignore[misc]
        overpay = sum(CARD_VALUE[c] for c in action.paid) - TILE_COST[tile]  # type: ignore[misc]
        if overpay:
            return Message.of(
                "{move}: {type} {have} -> {then}, {currency} and {other_currency} pay together, overpays {overpay}",
                move=move,
                type=kind,
                have=have,
                then=have + 1,
                currency=first,
                other_currency=second,
                overpay=overpay,
            )
        return Message.of(
            "{move}: {type} {have} -> {then}, {currency} and {other_currency} pay together, "
            "exact payment, so another action",
            move=move,
            type=kind,
            have=have,
            then=have + 1,
            currency=first,
            other_currency=second,
        )
