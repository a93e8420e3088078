"""Change (RULES.md §11.2, expansion 3, "Das Wechselgeld").

24 coins of value 1, six per currency, wait in the change bag ([M-CHANGE-1], [M-CHANGE-2]).  A player who
buys a tile from the market paying more than its cost draws one coin blindly for every full 2 overpaid
([M-CHANGE-3]).  Coins lie face up in their owner's hand and pay like money cards of value 1 in their currency
([M-CHANGE-4]); spent, they go back into the change bag, never onto the discard pile ([M-CHANGE-5]).  They count
in the end-of-game distribution like money ([M-CHANGE-6]) and score nothing; Dirk never gets any ([M-CHANGE-7]).

The bag is a set (RECORD.md ``setup.change``): everybody knows which coins are in it (every coin out of it lies
face up), so nothing is concealed; which coins a draw brings is chance, drawn from the game's seed (which no
player's knowledge holds) or, replaying a record, as its ``change`` event names them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..components import CARD_COUNT, CARD_CURRENCY, CARD_KIND, CARD_VALUE, COINS, CURRENCIES, is_coin
from ..messages import mark
from .base import Module, Part, SetupReading

if TYPE_CHECKING:
    from ..play import Deal, Play

NAME = "change"
EVENT = "change"  # RECORD.md ``change``: right after a ``buy`` that overpaid by 2 or more
PER_COIN = 2  # [M-CHANGE-3] one coin for every full 2 units overpaid


class ChangePart(Part):
    """The coins in the change bag (sorted: a set), and how many draws were made (each draw's own chance)."""

    __slots__ = ("bag", "draws")

    def __init__(self, bag: list[int], draws: int = 0) -> None:
        self.bag = bag
        self.draws = draws

    def copy(self) -> ChangePart:
        return ChangePart(list(self.bag), self.draws)

    def key(self) -> tuple:
        return tuple(self.bag), self.draws


def coins_owed(overpaid: int) -> int:
    """[M-CHANGE-3] one coin for every full 2 overpaid; an odd unit is lost."""
    return overpaid // PER_COIN


def _planned_draw(state: Play, count: int, bag: list[int]) -> list[int] | None:
    """Replaying a record: the coins its next ``change`` event names, checked against the bag (a ValueError naming the
    rule refuses the record, as a planned reshuffle that is not the discard pile does: [B-FILL-2])."""
    planned = state.planned.get(EVENT)
    if not planned:
        return None
    event = planned.pop(0)
    coins = event.get("coins")
    if (
        not isinstance(coins, list)
        or len(coins) != count
        or not all(type(c) is int and 0 <= c < CARD_COUNT for c in coins)
        or len(set(coins)) != len(coins)
        or not set(coins) <= set(bag)
    ):
        raise ValueError(f"[M-CHANGE-3] the change drawn must be {count} different coins from the change bag")
    return coins


def draw_change(state: Play, player: int, overpaid: int) -> None:
    """[M-CHANGE-3] ``player`` overpaid by ``overpaid``: they draw their coins blindly from the change bag (what is
    left, when it holds fewer); the draw is automatic, a coin never hurts its owner."""
    part: ChangePart = state.parts[NAME]  # type: ignore[assignment]
    count = min(coins_owed(overpaid), len(part.bag))
    if count == 0:
        return
    coins = _planned_draw(state, count, part.bag)
    if coins is None:
        coins = random.Random(f"{state.seed}/{NAME}/{part.draws}").sample(part.bag, count)
    part.draws += 1
    for coin in coins:
        part.bag.remove(coin)
    state.hands[player].extend(coins)  # [M-CHANGE-4] face up in front of their owner, paying like money
    state.emit({"e": EVENT, "player": player, "coins": list(coins)})


class Change(Module):
    name = NAME
    summary = mark("Change: overpay a tile by 2 or more and draw coins of value 1 from the change bag")
    events = (EVENT,)
    drawn_events = (EVENT,)

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """[M-CHANGE-2] every coin goes into the change bag, with any number of players."""
        return COINS

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        problems = []
        if sorted(deal.parts[NAME]) != list(COINS):
            problems.append("[M-CHANGE-2] all 24 coins start in the change bag")
        dealt = [card for hand in deal.hands for card in hand] + list(deal.offer) + list(deal.deck)
        if any(map(is_coin, dealt)):
            problems.append("[M-CHANGE-4] coins never enter the money deck, the offer or a starting hand")
        return problems

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        """RECORD.md ``coin``: its currency, and value 1."""
        return [
            {"id": c, "kind": CARD_KIND[c], "currency": CURRENCIES[CARD_CURRENCY[c]], "value": CARD_VALUE[c]}  # type: ignore[index]
            for c in COINS
        ]

    def setup_fields(self, part: tuple[int, ...]) -> dict[str, Any]:
        """RECORD.md ``setup.change``: the coins in the change bag (a set)."""
        return {NAME: sorted(part)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[int, ...]:
        """[M-CHANGE-2] ``setup.change``: the coins in the change bag."""
        read.need(NAME in setup, "setup.change must list the coins in the change bag ([M-CHANGE-2])")
        return tuple(sorted(read.ids(setup[NAME], "setup.change", CARD_COUNT, "card")))

    def start(self, state: Play, deal: Deal) -> ChangePart:
        return ChangePart(sorted(deal.parts[NAME]))

    def overpaid(self, state: Play, player: int, amount: int) -> None:
        draw_change(state, player, amount)

    def take_back(self, state: Play, paid: tuple[int, ...]) -> tuple[int, ...]:
        """[M-CHANGE-5] spent coins go back into the change bag, not onto the discard pile."""
        coins = [card for card in paid if is_coin(card)]
        if not coins:
            return paid
        part: ChangePart = state.parts[NAME]  # type: ignore[assignment]
        part.bag.extend(coins)
        part.bag.sort()
        return tuple(card for card in paid if not is_coin(card))
