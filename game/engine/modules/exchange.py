"""Exchange offices (RULES.md §9.2, expansion 1).

Six exchange cards, one per pair of currencies, are shuffled two each into piles 2, 3 and 4 of the
deck ([M-EXCH-1]).  One in the money offer is taken alone, as a whole take-money action
([M-EXCH-2]); it is kept apart from the player's money (it has no value and no currency of its
own, and the end-of-game distribution ignores it: [M-EXCH-4]).  Paying for one tile, it lets its
two currencies pay interchangeably, and is discarded with the payment ([M-EXCH-3]).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import (
    CARD_KIND,
    CURRENCIES,
    EMPTY,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    describe_card,
    is_exchange_card,
)
from ..errors import IllegalAction
from ..events import BUY, CARD_PAYMENT
from ..messages import Message, mark
from ..payments import two_currency_payments
from ..phases import ACTION
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play

NAME = "exchange"
EVENT = CARD_PAYMENT  # RECORD.md ``exchange``: right before the ``buy`` (or ``bazaar_buy``) it pays for
PILES = (2, 3, 4)  # [M-EXCH-1] two exchange cards shuffled into each of these piles
PER_PILE = 2


@typed_equality
class ExchangeBuy(NamedTuple):
    """[M-EXCH-3] buy the tile in market ``slot`` paying ``paid`` from both currencies of exchange ``card``."""

    slot: int
    paid: tuple[int, ...]
    card: int
    kind = "exchange"
    rule = "M-EXCH-3"
    event = EVENT

    @staticmethod
    def from_event(fields: EventFields) -> ExchangeBuy:
        purchase = fields.later(1, BUY)
        return ExchangeBuy(purchase.slot(), purchase.cards("paid"), fields.card("card"))

    def __str__(self) -> str:
        return f"buy from slot {self.slot} with the {describe_card(self.card)}, paying {_paid_text(self.paid)}"

    def said(self) -> Message:
        return Message.of(
            "buy from slot {slot} with the {card}, paying {paid_cards}",
            slot=self.slot,
            card=self.card,
            paid_cards=self.paid,
        )


def _paid_text(paid: tuple[int, ...]) -> str:
    return " + ".join(describe_card(card) for card in paid)  # a coin too ([M-CHANGE-4])


class ExchangePart(Part):
    """The exchange cards each player holds (public: every take is seen)."""

    __slots__ = ("held",)

    def __init__(self, held: list[list[int]]) -> None:
        self.held = held

    def copy(self) -> ExchangePart:
        copy = ExchangePart.__new__(ExchangePart)
        copy.held = [list(cards) for cards in self.held]
        return copy

    def key(self) -> tuple:
        return tuple(map(tuple, self.held))


def of(state: Play) -> ExchangePart | None:
    """The exchange part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def check_exchange_payment(state: Play, player: int, slot: int, paid: tuple[int, ...], card: int) -> int:
    """[M-EXCH-3] ``player`` may pay ``paid`` for the tile in ``slot`` with exchange ``card``; the total paid."""
    part = of(state)
    if part is None or card not in part.held[player]:
        if is_exchange_card(card):
            raise IllegalAction("M-EXCH-3", "you hold no {card}", card=card)
        raise IllegalAction("M-EXCH-3", "{card} is no exchange card", card=card)
    pair = EXCHANGE_PAIR[card]
    assert pair is not None
    if slot in MARKET_SLOTS and SLOT_CURRENCY[slot] not in pair:
        raise IllegalAction(
            "M-EXCH-3",
            "the {card} cannot pay for slot {slot}: it takes {currency}",
            card=card,
            slot=slot,
            currency=SLOT_CURRENCY[slot],
        )
    return state.check_payment(player, slot, paid, pair, "M-EXCH-3")


def pay_with_exchange(state: Play, player: int, slot: int, paid: tuple[int, ...], card: int) -> bool:
    """[M-EXCH-3] the purchase (checked): the card is discarded with the payment; True if exact."""
    spend(state, player, card)
    return state.purchase(player, slot, paid)


def spend(state: Play, player: int, card: int) -> None:
    """[M-EXCH-3] ``player``'s exchange ``card`` pays for the purchase that follows (a tile, [M-BAZAAR-3] a bazaar):
    discarded, and written right before it."""
    of(state).held[player].remove(card)  # type: ignore[union-attr]
    state.discard_card(card)
    state.emit({"e": EVENT, "player": player, "card": card})


Payment = tuple[int, tuple[int, ...]]  # an exchange card and the money cards paid with it


def exchange_payments(state: Play, player: int, slot: int, exact: bool = False) -> list[Payment]:
    """(exchange card, payment) pairs for the tile in ``slot`` that need the card: payments that cannot drop a
    card and use the card's other currency (paying in the slot's own currency needs no exchange card)."""
    part = of(state)
    tile = state.in_slot(slot)
    if part is None or tile == EMPTY or not part.held[player]:
        return []
    return list(payments_with(tuple(part.held[player]), tuple(state.hands[player]), slot, tile, exact))


payments_with = two_currency_payments  # ``exchange_payments`` for exchange cards ``held`` and money ``hand``


def _check_buy(state: Play, action: ExchangeBuy) -> None:
    state.require_phase(ACTION)
    check_exchange_payment(state, state.turn_player, action.slot, action.paid, action.card)


def _buy(state: Play, action: ExchangeBuy) -> None:
    if not pay_with_exchange(state, state.turn_player, action.slot, action.paid, action.card):
        state.end_action()  # [B-TURN-4] an exact payment allows another action


class Exchange(Module):
    name = NAME
    summary = mark("Exchange offices: six cards that let two currencies pay for one tile")
    handlers = {ExchangeBuy: (_check_buy, _buy)}  # noqa: RUF012 - read-only table
    absent_reason = mark("exchange cards play only with the exchange offices module")
    events = (EVENT,)

    def deal_into_piles(self, rng: random.Random, piles: list[list[int]], players: int) -> None:
        """[M-EXCH-1] two of the six exchange cards, shuffled, into each of piles 2, 3 and 4."""
        cards = list(EXCHANGE_CARDS)
        rng.shuffle(cards)
        for index, pile in enumerate(PILES):
            piles[pile - 1].extend(cards[index * PER_PILE : (index + 1) * PER_PILE])

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        dealt = [card for hand in deal.hands for card in hand] + list(deal.offer)
        if any(map(is_exchange_card, dealt)):
            return ["[M-EXCH-1] the exchange cards are shuffled into the deck, never dealt to a hand or the offer"]
        return []

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        return [
            {"id": c, "kind": CARD_KIND[c], "currencies": [CURRENCIES[x] for x in EXCHANGE_PAIR[c]]}  # type: ignore[union-attr]
            for c in EXCHANGE_CARDS
        ]

    def start(self, state: Play, deal: Deal) -> ExchangePart:
        return ExchangePart([[] for _ in range(deal.players)])

    def card_taken(self, state: Play, player: int, card: int) -> None:
        """[M-EXCH-2] an exchange card taken from the offer joins the player's exchange cards."""
        state.parts[NAME].held[player].append(card)  # type: ignore[attr-defined]

    def turn_actions(self, state: Play) -> Iterable[Action]:
        player = state.turn_player
        if not state.parts[NAME].held[player]:  # type: ignore[attr-defined]
            return ()
        return [
            ExchangeBuy(slot, paid, card)
            for slot in MARKET_SLOTS
            for card, paid in exchange_payments(state, player, slot)
        ]

    def payment_cards(self, state: Play, player: int) -> tuple[int, ...]:
        """[M-EXCH-3] the exchange cards ``player`` holds."""
        return tuple(state.parts[NAME].held[player])  # type: ignore[attr-defined]

    def check_card_payment(self, state: Play, player: int, slot: int, paid: tuple[int, ...], card: int) -> int:
        return check_exchange_payment(state, player, slot, paid, card)

    def spend_card(self, state: Play, player: int, card: int) -> None:
        spend(state, player, card)
