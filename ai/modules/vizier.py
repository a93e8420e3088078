"""The vizier's favour for the AI ([M-VIZIER-1] to [M-VIZIER-5]).

An awake vizier is an option: after any player's turn it may buy a market tile paying exactly,
out of turn and without spending an action ([M-VIZIER-2], [M-VIZIER-3]); waking it costs a turn's
action ([M-VIZIER-4]).  The evaluation counts an awake vizier as a couple of points while
purchases remain, so that using it must be worth more than keeping it.  In a window (the phase
``vizier.WINDOW``, whose decider is the asked player, not the turn player) the rollouts price a
vizier purchase like an exact purchase without the extra action, less the vizier's option, and
passing at nothing; the tile is then placed like a bought one (``vizier.PLACING``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COST,
    TILE_TYPE,
)
from game.engine.messages import Message
from game.engine.modules import exchange, vizier
from game.engine.modules.vizier import VizierBuy, VizierPass, WakeVizier
from game.engine.payments import covering_payments

from .base import Advice, Price, young
from .exchange import card_worth as exchange_card_worth

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from game.engine import Action, GameState

AWAKE_WORTH = 1.5  # points an awake vizier is worth while each player may still buy a few tiles


def awake_worth(state: GameState) -> float:
    """[M-VIZIER-2] what an awake vizier is worth now: an exact purchase out of turn, while tiles remain."""
    return AWAKE_WORTH * young(state, 5)


def price_wake(pricer: object, action: WakeVizier) -> float:
    """[M-VIZIER-4] waking is worth the option it opens (the action it costs is what the other moves offer)."""
    return awake_worth(pricer.state)  # type: ignore[attr-defined]


def price_vizier_buy(pricer: object, action: VizierBuy) -> float:
    """[M-VIZIER-2] [M-VIZIER-3] an exact purchase without another action, less the vizier's option it uses up."""
    state = pricer.state  # type: ignore[attr-defined]
    tile = state.in_slot(action.slot)
    paid = sum(map(CARD_VALUE.__getitem__, action.paid))
    price = pricer.purchase(tile, paid, False) - awake_worth(state)  # type: ignore[attr-defined]
    if action.exchange:
        price -= exchange_card_worth(state)
    return price


def price_pass(pricer: object, action: VizierPass) -> float:
    """Letting the vizier rest changes nothing: the yardstick of a window's purchases."""
    return 0.0


def window_moves(state: GameState) -> list[Action]:
    """[M-VIZIER-2] the asked player's exact purchases and the pass."""
    return state.legal_actions()


def best_window_move(state: GameState, pricer: object) -> Action:
    """The best-priced of ``window_moves`` (the first of them on a tie, as ``max`` would pick), pricing one
    purchase per slot.

    Every purchase of a slot pays its cost exactly, so those paid in the slot's currency share one price,
    and those with an exchange card (listed after them) share one that is lower by the card's worth: the
    first purchase the engine lists for a slot is the best of that slot.  The pass is priced at nothing.
    """
    player = state.decider
    hand = state.hands[player]
    part = exchange.of(state)
    with_exchange = part is not None and bool(part.held[player])
    price = pricer.price  # type: ignore[attr-defined]
    best: Action = VizierPass()
    best_price = 0.0
    found = False
    for slot in MARKET_SLOTS:
        tile = state.in_slot(slot)
        if tile == EMPTY:
            continue
        cost = TILE_COST[tile]
        currency = SLOT_CURRENCY[slot]
        cards = tuple(sorted(c for c in hand if CARD_CURRENCY[c] == currency))
        move = None
        for paid in covering_payments(cards, cost):  # type: ignore[arg-type]
            if sum(CARD_VALUE[c] for c in paid) == cost:  # type: ignore[misc]
                move = VizierBuy(slot, paid, ())
                break
        if move is None and with_exchange:
            for card, paid in exchange.exchange_payments(state, player, slot, exact=True):
                move = VizierBuy(slot, paid, (card,))
                break
        if move is not None:
            value = price(move)
            if not found or value > best_price:
                best, best_price, found = move, value, True
    if found and best_price < 0.0:
        return VizierPass()  # listed last: it wins only when strictly better
    return best


class VizierAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        part = vizier.of(state)
        assert part is not None
        worth = 0.0
        for player, awake in enumerate(part.awake):
            if awake:
                worth = worth or awake_worth(state)
                estimate[player] += worth

    def prices(self) -> dict[type, Price]:
        return {WakeVizier: price_wake, VizierBuy: price_vizier_buy, VizierPass: price_pass}

    def turn_moves(self, state: GameState) -> list[Action]:
        part = vizier.of(state)
        assert part is not None
        return [] if part.awake[state.turn_player] else [WakeVizier()]

    def phase_moves(self) -> dict[str, Callable[[GameState], list[Action]]]:
        return {vizier.WINDOW: window_moves}

    def phase_choices(self) -> dict[str, Callable[[GameState, Any], Action]]:
        return {vizier.WINDOW: best_window_move}

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if isinstance(action, WakeVizier):
            return Message.of(
                "{move}: awake, it may buy a tile paid exactly after any player's turn, "
                "worth more now than this turn's other moves ({gain})",
                move=said_action(state, action),
                gain=f"{gain:+.1f}",
            )
        if isinstance(action, VizierBuy):
            move = said_action(state, action)
            tile = state.in_slot(action.slot)
            kind = TILE_TYPE[tile]
            if kind is None:  # a camp
                return Message.of("{move} ({tile}): before my turn, without an action", move=move, tile=tile)
            have = state.boards[me].type_counts()[kind]
            return Message.of(
                "{move} ({tile}): {type} {have} -> {then} before my turn, without spending an action",
                move=move,
                tile=tile,
                type=kind,
                have=have,
                then=have + 1,
            )
        if isinstance(action, VizierPass):
            return Message.of(
                "{move}: no tile here is worth the vizier's favour now ({gain})",
                move=said_action(state, action),
                gain=f"{gain:+.1f}",
            )
        return None
