"""Thieves for the AI ([M-THIEF-1] to [M-THIEF-9]).

A thief is an option on the money offer: in a window after another player's turn it takes one money card of its
currency, of any value, without spending an action ([M-THIEF-3], [M-THIEF-9]).  The windows come often (after
every turn of a rival, with two players), so a thief is worth about a good card's money while windows remain,
less as the game runs out, and nothing once it is over ([M-THIEF-8]).  The evaluation counts each player's thieves
by their number only: a rival's face-down thieves are hidden ([D-HIDDEN-1]), so neither their currencies nor
those of the thieves left in the box may weigh; a player's own thieves are counted the same way.  The card stolen
counts as money in hand (and towards an exact payment) like any other.

In the window the rollouts price a theft like taking that one card (its money and the exact payment it may
complete), less the thief it uses up, against passing at nothing: so a thief waits for a card worth it, and
takes the card that completes a payment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Take, said_action
from game.engine.components import CARD_CURRENCY, CARD_VALUE, EMPTY, MARKET_CURRENCY, TILE_COST
from game.engine.messages import Message
from game.engine.modules import thieves
from game.engine.modules.thieves import PlayThief, ThiefPass

from .base import Advice, Price, young

if TYPE_CHECKING:
    from game.engine import Action, GameState

THIEF_WORTH = 1.2  # points a thief in hand is worth while windows remain: a little less than a good card's money


def thief_worth(state: GameState) -> float:
    """[M-THIEF-3] [M-THIEF-8] what one thief in hand is worth now: a card's money while purchases remain."""
    return THIEF_WORTH * young(state, 3)


def price_theft(pricer: object, action: PlayThief) -> float:
    """[M-THIEF-3] the card's money and the exact payment it may complete (as taking it would be), less the thief."""
    price = pricer.take(Take((action.took,)))  # type: ignore[attr-defined]
    return price - thief_worth(pricer.state)  # type: ignore[attr-defined]


def price_pass(pricer: object, action: ThiefPass) -> float:
    """Keeping the thieves changes nothing: the yardstick of a theft."""
    return 0.0


def completes(state: GameState, player: int, card: int) -> int:
    """The market tile ``card`` lets ``player`` pay exactly with the money they hold (EMPTY: none)."""
    hand = state.hands[player]
    currency = CARD_CURRENCY[card]
    reachable = 1
    for held in hand:
        if CARD_CURRENCY[held] == currency:
            reachable |= reachable << CARD_VALUE[held]  # type: ignore[operator]
    value = CARD_VALUE[card]
    for index, tile in enumerate(state.market):
        if tile == EMPTY or MARKET_CURRENCY[index] != currency:
            continue
        cost = TILE_COST[tile]
        if not reachable >> cost & 1 and cost >= value and reachable >> (cost - value) & 1:  # type: ignore[operator]
            return tile
    return EMPTY


class ThievesAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-THIEF-2] [D-HIDDEN-1] each player's thieves by number only (a rival's are face down)."""
        part = thieves.of(state)
        assert part is not None
        worth = 0.0
        for player, hand in enumerate(part.hands):
            if hand:
                worth = worth or thief_worth(state)
                estimate[player] += worth * len(hand)

    def prices(self) -> dict[type, Price]:
        return {PlayThief: price_theft, ThiefPass: price_pass}

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if isinstance(action, ThiefPass):
            return Message.of(
                "{move}: no card in the offer is worth a thief now ({gain})",
                move=said_action(state, action),
                gain=f"{gain:+.1f}",
            )
        if not isinstance(action, PlayThief):
            return None
        move = said_action(state, action)
        tile = completes(state, me, action.took)
        if tile != EMPTY:
            return Message.of(
                "{move}: with it I can pay {tile} exactly on my turn ({gain})",
                move=move,
                tile=tile,
                gain=f"{gain:+.1f}",
            )
        return Message.of(
            "{move}: {value} in money without spending an action, worth more than keeping the thief ({gain})",
            move=move,
            value=CARD_VALUE[action.took],
            gain=f"{gain:+.1f}",
        )
