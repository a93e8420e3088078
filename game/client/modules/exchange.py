"""Everything the client knows of the exchange offices (RULES.md §9.2).

An exchange card in the money offer is drawn like any card and taken alone ([M-EXCH-2]: a click
selects it by itself).  Taken, it lies in its holder's hand beside the money (yours as a group of
its own; an opponent's on their panel).  Buying a tile, your exchange cards whose pair includes the
slot's currency are suggested with the money of their other currency ([M-EXCH-3]); the card can
also be clicked into the payment like a money card.  Paying, it flies to the discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.components import EXCHANGE_PAIR, is_exchange_card
from game.engine.modules import exchange
from game.engine.modules.exchange import ExchangeBuy
from game.engine.phases import ACTION
from game.i18n import N_, words

from ..log_line import LogLine
from . import exchange_help
from .base import ClientModule, Holdings, Key, Narration, Narrator, Payment, Purchases

if TYPE_CHECKING:
    from game.engine import Action, GameState

NAME = exchange.NAME


def _pays(narrator: Narrator, event: dict) -> LogLine:
    """[M-EXCH-3] an exchange card pays (with the purchase that follows) and is discarded."""
    return narrator.tell(
        event, N_("You pay with the {card}"), N_("{player} pays with the {card}"), card=words.card(event["card"])
    )


class ExchangeNarration(Narration):
    """[M-EXCH-3] an exchange card paying, in the log, and its flight to the discard pile."""

    sayings = {exchange.EVENT: _pays}  # noqa: RUF012 - read-only table
    timing = {exchange.EVENT: (0.5, 0.2)}  # noqa: RUF012
    sounds = {exchange.EVENT: "card"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        return [("card", event["card"])] if event.get("e") == exchange.EVENT else []


class ExchangeHoldings(Holdings):
    """[M-EXCH-2] the exchange cards a seat took, kept beside their money."""

    def hand_cards(self, state: GameState, seat: int) -> list[int]:
        part = exchange.of(state)
        return list(part.held[seat]) if part is not None else []


class ExchangePurchases(Purchases):
    """[M-EXCH-3] an exchange card paying a market tile with money of its other currency."""

    def pays_with(self, card: int) -> tuple[int, ...]:
        pair = EXCHANGE_PAIR[card] if is_exchange_card(card) else None
        return tuple(pair) if pair else ()

    def payments(self, state: GameState, player: int, slot: int) -> list[Payment]:
        """[M-EXCH-3] in the action phase: payments that need one of the player's exchange cards."""
        if state.phase != ACTION or player != state.turn_player:
            return []
        return [(paid, card) for card, paid in exchange.exchange_payments(state, player, slot)]

    def buy_action(self, state: GameState, slot: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        if state.phase != ACTION or card is None or not is_exchange_card(card):
            return None
        return ExchangeBuy(slot, paid, card)


CLIENT = ClientModule(
    name=NAME,
    narration=ExchangeNarration(),
    holdings=ExchangeHoldings(),
    purchases=ExchangePurchases(),
    help_page=exchange_help.PAGE,
)
