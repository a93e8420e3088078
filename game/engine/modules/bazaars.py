"""Bazaars (RULES.md §9.6, the 2024 edition).

Eight bazaars are shuffled into the bag with the buildings ([M-BAZAAR-1]).  A bazaar drawn from the bag
(for the market, at setup or in a refill, or for Dirk: [B-DIRK-5]) goes face up beside the market, where
any number may wait, and the next tile is drawn instead ([M-BAZAAR-2]).  A waiting bazaar costs what the
tile in the market slot of its currency costs at that moment (a camp's cost too: the **Choice**), paid
exactly in that currency; it grants the extra action like any exact payment and cannot be bought while
that slot is empty; a vizier may buy one in its window and an exchange card may pay for one ([M-BAZAAR-3],
[M-EXCH-3]).  A bought bazaar is placed like a bought tile: it has no walls and no type ([M-BAZAAR-4]).
Only at the third scoring each bazaar in an Alhambra scores its neighbours of its three colours
([M-BAZAAR-5]); bazaars left beside the market go to nobody at the end ([M-BAZAAR-6]).

Three actions buy a bazaar, as three buy a market tile (``Buy``, ``ExchangeBuy``, ``VizierBuy``): each
names the record event its decision writes first (``bazaar_buy``, ``exchange``, ``vizier``).  The last two
share their first event with the market's purchases, so their readers read a bazaar purchase where the
purchase event is ``bazaar_buy`` and hand every other to the market's reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..alhambra import ROW
from ..components import (
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    EMPTY,
    MARKET_CURRENCY,
    SLOT_CURRENCY,
    TILE_COST,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    describe_card,
    describe_tile,
    is_bazaar,
)
from ..errors import IllegalAction
from ..events import CARD_PAYMENT, OUT_OF_TURN
from ..messages import Message, mark
from ..payments import covering_payments, two_currency_payments
from ..phases import ACTION
from .base import Module, Part, buy_out_of_turn, check_card_payment, check_out_of_turn, payment_cards, spend_card

if TYPE_CHECKING:
    import random

    from ..play import Deal, Play
    from .base import SetupReading

NAME = "bazaars"
ASIDE_EVENT = "bazaar_aside"  # RECORD.md: a bazaar drawn from the bag goes beside the market [M-BAZAAR-2]
BUY_EVENT = "bazaar_buy"  # RECORD.md: a bazaar bought from beside the market [M-BAZAAR-3]
SCORE_NAME = "bazaar"  # RECORD.md: the ``what`` of its items in the third ``score`` [M-BAZAAR-5]
FINAL_ROUND = 3  # [M-BAZAAR-5] bazaars score only at the third scoring
# [M-BAZAAR-3] a bazaar's price slot (1-4): the market slot of its currency
PRICE_SLOT: dict[int, int] = {tile: MARKET_CURRENCY.index(BAZAAR_CURRENCY[tile]) + 1 for tile in BAZAARS}  # type: ignore[arg-type]
# [M-BAZAAR-5] the eight neighbours of a cell, orthogonal and diagonal (``alhambra``'s cell numbering)
AROUND: tuple[int, ...] = tuple(dy * ROW + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def _paid_text(paid: tuple[int, ...]) -> str:
    return " + ".join(describe_card(card) for card in paid)


@typed_equality
class BuyBazaar(NamedTuple):
    """[M-BAZAAR-3] buy a bazaar waiting beside the market, paying ``paid`` exactly in its currency."""

    tile: int
    paid: tuple[int, ...]
    kind = "bazaar"
    rule = "M-BAZAAR-3"
    event = BUY_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> BuyBazaar:
        return BuyBazaar(fields.tile(), fields.cards("paid"))

    def __str__(self) -> str:
        return f"buy the {describe_tile(self.tile)} paying exactly {_paid_text(self.paid)}"

    def said(self) -> Message:
        return Message.of("buy the {tile} paying exactly {paid_cards}", tile=self.tile, paid_cards=self.paid)


@typed_equality
class ExchangeBuyBazaar(NamedTuple):
    """[M-BAZAAR-3] [M-EXCH-3] buy a bazaar paying ``paid`` exactly from both currencies of exchange ``card``
    (the bazaar's currency is one of them)."""

    tile: int
    paid: tuple[int, ...]
    card: int
    kind = "bazaar"
    rule = "M-BAZAAR-3"
    event = CARD_PAYMENT

    @staticmethod
    def from_event(fields: EventFields) -> ExchangeBuyBazaar | None:
        """``exchange`` then ``bazaar_buy``; an ``exchange`` before a ``buy`` is the market's (not this one's)."""
        if fields.kind_at(1) != BUY_EVENT:
            return None
        purchase = fields.later(1, BUY_EVENT)
        return ExchangeBuyBazaar(purchase.tile(), purchase.cards("paid"), fields.card("card"))

    def __str__(self) -> str:
        return f"buy the {describe_tile(self.tile)} with the {describe_card(self.card)}, paying {_paid_text(self.paid)}"

    def said(self) -> Message:
        return Message.of(
            "buy the {tile} with the {card}, paying {paid_cards}", tile=self.tile, card=self.card, paid_cards=self.paid
        )


@typed_equality
class VizierBuyBazaar(NamedTuple):
    """[M-BAZAAR-3] [M-VIZIER-2] in a vizier window: buy a bazaar paying ``paid`` exactly (with one exchange card
    in ``exchange`` or none)."""

    tile: int
    paid: tuple[int, ...]
    exchange: tuple[int, ...]
    kind = "vizier"
    rule = "M-BAZAAR-3"
    event = OUT_OF_TURN

    @staticmethod
    def from_event(fields: EventFields) -> VizierBuyBazaar | None:
        """``vizier``, ``exchange`` if an exchange card pays, then ``bazaar_buy``; a ``vizier`` whose purchase is a
        ``buy`` is the market's (not this one's)."""
        paying = fields.kind_at(1) == CARD_PAYMENT
        if fields.kind_at(2 if paying else 1) != BUY_EVENT:
            return None
        if paying:
            card = fields.later(1, CARD_PAYMENT).card("card")
            purchase = fields.later(2, BUY_EVENT)
            return VizierBuyBazaar(purchase.tile(), purchase.cards("paid"), (card,))
        purchase = fields.later(1, BUY_EVENT)
        return VizierBuyBazaar(purchase.tile(), purchase.cards("paid"), ())

    def __str__(self) -> str:
        using = " and an exchange card" if self.exchange else ""
        return f"vizier: buy the {describe_tile(self.tile)} paying exactly {_paid_text(self.paid)}{using}"

    def said(self) -> Message:
        if self.exchange:
            return Message.of(
                "vizier: buy the {tile} paying exactly {paid_cards} and an exchange card",
                tile=self.tile,
                paid_cards=self.paid,
            )
        return Message.of("vizier: buy the {tile} paying exactly {paid_cards}", tile=self.tile, paid_cards=self.paid)


class BazaarPart(Part):
    """The bazaars waiting beside the market, in the order they were drawn (public: they lie face up)."""

    __slots__ = ("waiting",)

    def __init__(self, waiting: list[int]) -> None:
        self.waiting = waiting

    def copy(self) -> BazaarPart:
        copy = BazaarPart.__new__(BazaarPart)
        copy.waiting = list(self.waiting)
        return copy

    def key(self) -> tuple:
        return tuple(self.waiting)


def of(state: Play) -> BazaarPart | None:
    """The bazaars' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def price(state: Play, tile: int) -> int | None:
    """[M-BAZAAR-3] what bazaar ``tile`` costs now: the cost of the tile in the market slot of its currency (a
    building or, the **Choice**, a camp); None while that slot is empty."""
    in_slot = state.in_slot(PRICE_SLOT[tile])
    return None if in_slot == EMPTY else TILE_COST[in_slot]


# ---------------------------------------------------------------- buying [M-BAZAAR-3]
def _check_waiting(state: Play, tile: int) -> int:
    """``tile`` is a bazaar beside the market whose price slot holds a tile; its price slot."""
    if not is_bazaar(tile):
        raise IllegalAction("M-BAZAAR-3", "{tile} is no bazaar", tile=tile)
    if tile not in state.parts[NAME].waiting:  # type: ignore[attr-defined]
        raise IllegalAction("M-BAZAAR-3", "the {tile} is not waiting beside the market", tile=tile)
    slot = PRICE_SLOT[tile]
    if state.in_slot(slot) == EMPTY:
        raise IllegalAction(
            "M-BAZAAR-3",
            "the {tile} costs what the tile in market slot {slot} costs: it cannot be bought while that slot is empty",
            tile=tile,
            slot=slot,
        )
    return slot


def _check_purchase(state: Play, player: int, tile: int, paid: tuple[int, ...], card: tuple[int, ...]) -> None:
    """[M-BAZAAR-3] ``player`` may buy bazaar ``tile`` paying ``paid`` (with exchange card ``card``, [M-EXCH-3])."""
    slot = _check_waiting(state, tile)
    if len(card) > 1:
        raise IllegalAction("M-EXCH-3", "one exchange card pays for one tile")
    if card:
        total = check_card_payment(state, player, slot, paid, card[0])
    else:
        total = state.check_payment(player, slot, paid, (SLOT_CURRENCY[slot],), "M-BAZAAR-3")
    cost = TILE_COST[state.in_slot(slot)]
    if total != cost:
        raise IllegalAction(
            "M-BAZAAR-3",
            "the {tile} costs exactly {cost} now, what the {slot_tile} in slot {slot} costs; {total} is more",
            tile=tile,
            cost=cost,
            slot_tile=state.in_slot(slot),
            slot=slot,
            total=total,
        )


def _purchase(state: Play, player: int, tile: int, paid: tuple[int, ...], card: tuple[int, ...]) -> None:
    """[M-BAZAAR-3] the purchase (checked): the bazaar leaves the market's side and waits to be placed like a bought
    tile ([M-BAZAAR-4]); the exchange card, if one pays, is discarded with the money ([M-EXCH-3])."""
    state.parts[NAME].waiting.remove(tile)  # type: ignore[attr-defined]
    if card:
        spend_card(state, player, card[0])
    cost = price(state, tile)
    state.pay(player, paid)
    state.hold(tile)
    state.emit({"e": BUY_EVENT, "player": player, "tile": tile, "cost": cost, "paid": list(paid)})


def _check_buy(state: Play, action: BuyBazaar) -> None:
    state.require_phase(ACTION)
    _check_purchase(state, state.turn_player, action.tile, action.paid, ())


def _buy(state: Play, action: BuyBazaar) -> None:
    _purchase(state, state.turn_player, action.tile, action.paid, ())  # exact: another action may follow


def _check_exchange_buy(state: Play, action: ExchangeBuyBazaar) -> None:
    state.require_phase(ACTION)
    _check_purchase(state, state.turn_player, action.tile, action.paid, (action.card,))


def _exchange_buy(state: Play, action: ExchangeBuyBazaar) -> None:
    _purchase(state, state.turn_player, action.tile, action.paid, (action.card,))


def _check_vizier_buy(state: Play, action: VizierBuyBazaar) -> None:
    check_out_of_turn(state)
    _check_purchase(state, state.decider, action.tile, action.paid, action.exchange)


def _vizier_buy(state: Play, action: VizierBuyBazaar) -> None:
    """[M-VIZIER-2] bought out of turn: the bazaar is placed at once ([M-VIZIER-3]: no extra action)."""
    player = state.decider
    buy_out_of_turn(state, player, lambda: _purchase(state, player, action.tile, action.paid, action.exchange))


BazaarPayment = tuple[int, tuple[int, ...], tuple[int, ...]]  # a bazaar, the money paid exactly, an exchange card?


@lru_cache(maxsize=16384)
def _payments(
    hand: tuple[int, ...], market: tuple[int, ...], waiting: tuple[int, ...], held: tuple[int, ...]
) -> tuple[BazaarPayment, ...]:
    """(bazaar, money paid, exchange card or none) for every exact payment of every bazaar waiting, with money
    ``hand`` and exchange cards ``held`` ([M-BAZAAR-3], [M-EXCH-3]): remembered, since the search asks again and
    again for the same few hands and markets."""
    found = []
    for tile in waiting:
        slot = PRICE_SLOT[tile]
        in_slot = market[slot - 1]
        if in_slot == EMPTY:
            continue
        cost = TILE_COST[in_slot]
        currency = SLOT_CURRENCY[slot]
        cards = tuple(sorted(c for c in hand if CARD_CURRENCY[c] == currency))
        for paid in covering_payments(cards, cost):  # type: ignore[arg-type]
            if sum(CARD_VALUE[c] for c in paid) == cost:  # type: ignore[misc]
                found.append((tile, paid, ()))
        if held:
            for card, paid in two_currency_payments(held, hand, slot, in_slot, True):
                found.append((tile, paid, (card,)))
    return tuple(found)


def payments(state: Play, player: int) -> tuple[BazaarPayment, ...]:
    """(bazaar, money paid, exchange card or none): the bazaars ``player`` may buy now and how, paying exactly."""
    waiting = state.parts[NAME].waiting  # type: ignore[attr-defined]
    if not waiting:
        return ()
    return _payments(tuple(state.hands[player]), tuple(state.market), tuple(waiting), payment_cards(state, player))


# ---------------------------------------------------------------- scoring [M-BAZAAR-5]
def bazaar_points(grid: dict[int, int], cell: int, tile: int) -> int:
    """[M-BAZAAR-5] bazaar ``tile`` on ``cell``: (its eight neighbours that are buildings of its three colours) x
    (how many of its colours they show).  Walls do not matter; huts, camps, bazaars and start tiles have no
    colour (``TILE_TYPE`` is None)."""
    colours = BAZAAR_TYPES[tile]
    count = 0
    present = set()
    for step in AROUND:
        neighbour = grid.get(cell + step)
        if neighbour is not None:
            kind = TILE_TYPE[neighbour]
            if kind is not None and kind in colours:  # type: ignore[operator]
                count += 1
                present.add(kind)
    return count * len(present)


def alhambra_points(grid: dict[int, int]) -> int:
    """[M-BAZAAR-5] what the bazaars of one Alhambra score at the third scoring (a building may count for several)."""
    return sum(bazaar_points(grid, cell, tile) for cell, tile in grid.items() if is_bazaar(tile))


class Bazaars(Module):
    name = NAME
    summary = mark(
        "Bazaars: drawn from the bag they wait beside the market; at the end they score colourful neighbours"
    )
    handlers = {  # noqa: RUF012 - read-only table
        BuyBazaar: (_check_buy, _buy),
        ExchangeBuyBazaar: (_check_exchange_buy, _exchange_buy),
        VizierBuyBazaar: (_check_vizier_buy, _vizier_buy),
    }
    absent_reason = mark("bazaars play only with the bazaars module")
    events = (ASIDE_EVENT, BUY_EVENT)

    def bag_tiles(self) -> tuple[int, ...]:
        """[M-BAZAAR-1] the eight bazaars are shuffled into the bag."""
        return BAZAARS

    def aside_tiles(self) -> tuple[int, ...]:
        """[M-BAZAAR-2] a bazaar never stays where it is drawn to: it goes beside the market."""
        return BAZAARS

    def set_aside(self, state: Play, tile: int) -> None:
        """[M-BAZAAR-2] face up beside the market, where any number may wait."""
        state.parts[NAME].waiting.append(tile)  # type: ignore[attr-defined]
        state.emit({"e": ASIDE_EVENT, "tile": tile})

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """[M-BAZAAR-2] the bazaars drawn in setup, beside the market in draw order."""
        return tiles

    def dealt_tiles(self, part: tuple[int, ...]) -> tuple[int, ...]:
        return part

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        problems = []
        if not all(map(is_bazaar, deal.parts[NAME])):
            problems.append("[M-BAZAAR-2] setup.bazaars holds only bazaars, the ones drawn in setup")
        if any(map(is_bazaar, drawn)):
            problems.append("[M-BAZAAR-2] a bazaar drawn in setup goes beside the market: never to the market or Dirk")
        return problems

    def tile_entries(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t,
                "kind": TILE_KIND[t],
                "currency": CURRENCIES[BAZAAR_CURRENCY[t]],  # type: ignore[index]
                "types": [BUILDING_TYPES[kind] for kind in BAZAAR_TYPES[t]],  # type: ignore[union-attr]
                "walls": "",
            }
            for t in BAZAARS
        ]

    def setup_fields(self, part: tuple[int, ...]) -> dict[str, Any]:
        """RECORD.md ``setup.bazaars``: the bazaars drawn in setup (beside the market, draw order)."""
        return {NAME: list(part)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[int, ...]:
        return read.ids(setup.get(NAME), f"setup.{NAME}", TILE_COUNT, "tile")

    def start(self, state: Play, deal: Deal) -> BazaarPart:
        return BazaarPart(list(deal.parts[NAME]))

    def turn_actions(self, state: Play) -> Iterable[Action]:
        return [
            ExchangeBuyBazaar(tile, paid, card[0]) if card else BuyBazaar(tile, paid)
            for tile, paid, card in payments(state, state.turn_player)
        ]

    def out_of_turn_purchases(self, state: Play, player: int) -> Iterable[Action]:
        """[M-BAZAAR-3] [M-VIZIER-2] a bazaar beside the market, bought out of turn paying exactly."""
        return [VizierBuyBazaar(tile, paid, card) for tile, paid, card in payments(state, player)]

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """[M-BAZAAR-5] only at the third scoring: one item per player, their bazaars' points together."""
        if round_number != FINAL_ROUND:
            return []
        return [(player, SCORE_NAME, alhambra_points(state.boards[player].grid)) for player in range(state.players)]
