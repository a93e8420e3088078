"""The Vizier's Favour (RULES.md §9.1, expansion 1 and the 2024 edition).

Each player has a vizier, awake at the start ([M-VIZIER-1]).  After every turn (refills, any
scoring and Dirk's draw done: the **Choice** of [M-VIZIER-2]) a window opens: in priority order,
the next player first and the player who just ended last, each player with an awake vizier may
buy one market tile paying exactly, or pass.  The tile is placed at once, the market refilled,
and asking goes on; then the next turn begins.  A vizier purchase never grants an extra action
([M-VIZIER-3]); a sleeping vizier is woken as a turn's action ([M-VIZIER-4]).  There is no window
during the end-of-game distribution, and a refill that cannot fill the market closes the window
and ends the game ([M-VIZIER-5]).

Only players who could buy something are asked (a player who cannot pay any tile exactly has no
choice to make); passes are not recorded (RECORD.md), so a replay reads a pass wherever the next
event is not the asked player's ``vizier``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import (
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    EMPTY,
    EXCHANGE_PAIR,
    MARKET_CURRENCY,
    MARKET_SIZE,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COST,
)
from ..errors import IllegalAction
from ..events import BUY, CARD_PAYMENT, OUT_OF_TURN
from ..messages import Message, mark
from ..payments import covering_payments, two_currency_payments
from ..phases import ACTION
from .base import Module, Part, check_card_payment, out_of_turn_purchases, payment_cards, spend_card

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..play import Deal, Play

NAME = "vizier"
WAKE_EVENT = "vizier_wake"  # RECORD.md: the action [M-VIZIER-4]
USE_EVENT = OUT_OF_TURN  # RECORD.md ``vizier``: a player uses their vizier in a window [M-VIZIER-2]
WINDOW = "vizier_window"  # phase: the decider may buy with their vizier, or pass
PLACING = "vizier_place"  # phase: the decider places the tile their vizier bought


@typed_equality
class WakeVizier(NamedTuple):
    """[M-VIZIER-4] wake your sleeping vizier: the turn's action, like taking money."""

    kind = "vizier_wake"
    rule = "M-VIZIER-4"
    event = WAKE_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> WakeVizier:
        return WakeVizier()

    def __str__(self) -> str:
        return "wake your vizier"

    def said(self) -> Message:
        return Message.of("wake your vizier")


@typed_equality
class VizierBuy(NamedTuple):
    """[M-VIZIER-2] in a vizier window: buy the tile in ``slot`` paying exactly ``paid`` (with one exchange
    card in ``exchange`` or none)."""

    slot: int
    paid: tuple[int, ...]
    exchange: tuple[int, ...]
    kind = "vizier"
    rule = "M-VIZIER-2"
    event = USE_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> VizierBuy:
        """``vizier``, then ``exchange`` if an exchange card pays, then the ``buy``."""
        if fields.kind_at(1) == CARD_PAYMENT:
            card = fields.later(1, CARD_PAYMENT).card("card")
            purchase = fields.later(2, BUY)
            return VizierBuy(purchase.slot(), purchase.cards("paid"), (card,))
        purchase = fields.later(1, BUY)
        return VizierBuy(purchase.slot(), purchase.cards("paid"), ())

    def __str__(self) -> str:
        paid = " + ".join(f"{CURRENCIES[CARD_CURRENCY[c]]} {CARD_VALUE[c]}" for c in self.paid)  # type: ignore[index]
        using = " and an exchange card" if self.exchange else ""
        return f"vizier: buy from slot {self.slot} paying exactly {paid}{using}"

    def said(self) -> Message:
        if self.exchange:
            return Message.of(
                "vizier: buy from slot {slot} paying exactly {paid_cards} and an exchange card",
                slot=self.slot,
                paid_cards=self.paid,
            )
        return Message.of(
            "vizier: buy from slot {slot} paying exactly {paid_cards}", slot=self.slot, paid_cards=self.paid
        )


@typed_equality
class VizierPass(NamedTuple):
    """[M-VIZIER-2] in a vizier window: let the vizier sleep on (not recorded)."""

    kind = "vizier_pass"
    rule = "M-VIZIER-2"
    event = None  # RECORD.md: passes are not recorded

    def __str__(self) -> str:
        return "let the vizier rest"

    def said(self) -> Message:
        return Message.of("let the vizier rest")


class VizierPart(Part):
    """Whose vizier is awake (public), and the players still to be asked in an open window, in order."""

    __slots__ = ("awake", "queue")

    def __init__(self, awake: list[bool], queue: list[int]) -> None:
        self.awake = awake
        self.queue = queue

    def copy(self) -> VizierPart:
        copy = VizierPart.__new__(VizierPart)
        copy.awake = list(self.awake)
        copy.queue = list(self.queue)
        return copy

    def key(self) -> tuple:
        return (tuple(self.awake), tuple(self.queue))


def of(state: Play) -> VizierPart | None:
    """The vizier part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def purchases(state: Play, player: int) -> list[VizierBuy]:
    """[M-VIZIER-2] what ``player``'s vizier may buy now: each market tile paid exactly, in its slot's currency
    or with an exchange card ([M-EXCH-3])."""
    return list(_purchases(tuple(state.hands[player]), tuple(state.market), payment_cards(state, player)))


@lru_cache(maxsize=16384)
def _purchases(hand: tuple[int, ...], market: tuple[int, ...], held: tuple[int, ...]) -> tuple[VizierBuy, ...]:
    """``purchases`` with money ``hand`` and exchange cards ``held``: searches ask again and again for the same
    few hands and markets."""
    found: list[VizierBuy] = []
    for slot in MARKET_SLOTS:
        tile = market[slot - 1]
        if tile == EMPTY:
            continue
        cost = TILE_COST[tile]
        currency = SLOT_CURRENCY[slot]
        cards = tuple(sorted(c for c in hand if CARD_CURRENCY[c] == currency))
        for paid in covering_payments(cards, cost):  # type: ignore[arg-type]
            if sum(CARD_VALUE[c] for c in paid) == cost:  # type: ignore[misc]
                found.append(VizierBuy(slot, paid, ()))
        if held:
            for card, paid in two_currency_payments(held, hand, slot, tile, True):
                found.append(VizierBuy(slot, paid, (card,)))
    return tuple(found)


@lru_cache(maxsize=4096)
def _exact_sums(values: tuple[int, ...]) -> frozenset[int]:
    """Every total some of the cards worth ``values`` add up to exactly."""
    sums = {0}
    for value in values:
        sums |= {total + value for total in sums}
    return frozenset(sums)


def can_buy(state: Play, player: int) -> bool:
    """Whether ``player`` could pay some market tile exactly (``purchases`` would list one): the window asks
    only such players, and it runs after every turn, so this answers without listing the payments."""
    return _can_buy(tuple(state.hands[player]), tuple(state.market), payment_cards(state, player))


@lru_cache(maxsize=16384)
def _can_buy(hand: tuple[int, ...], market: tuple[int, ...], held: tuple[int, ...]) -> bool:
    """``can_buy`` with money ``hand`` and exchange cards ``held`` (remembered: asked after every turn)."""
    by_currency: list[list[int]] = [[], [], [], []]
    for card in hand:
        by_currency[CARD_CURRENCY[card]].append(CARD_VALUE[card])  # type: ignore[index, arg-type]
    pairs = [EXCHANGE_PAIR[card] for card in held]
    for slot in range(MARKET_SIZE):
        tile = market[slot]
        if tile == EMPTY:
            continue
        cost = TILE_COST[tile]
        currency = MARKET_CURRENCY[slot]
        if cost in _exact_sums(tuple(sorted(by_currency[currency]))):
            return True
        for pair in pairs:
            if currency in pair:  # type: ignore[operator]
                first, second = pair  # type: ignore[misc]
                if cost in _exact_sums(tuple(sorted(by_currency[first] + by_currency[second]))):
                    return True
    return False


def _ask_next(state: Play) -> None:
    """Ask the next player in priority order who could use their vizier; when none is left, the next turn."""
    part: VizierPart = state.parts[NAME]  # type: ignore[assignment]
    while part.queue:
        player = part.queue.pop(0)
        if part.awake[player] and (can_buy(state, player) or out_of_turn_purchases(state, player)):
            state.ask(WINDOW, player)
            return
    state.next_turn()


def _check_wake(state: Play, action: WakeVizier) -> None:
    state.require_phase(ACTION)
    if state.parts[NAME].awake[state.turn_player]:  # type: ignore[attr-defined]
        raise IllegalAction("M-VIZIER-4", "your vizier is awake already")


def _wake(state: Play, action: WakeVizier) -> None:
    state.parts[NAME].awake[state.turn_player] = True  # type: ignore[attr-defined]
    state.emit({"e": WAKE_EVENT, "player": state.turn_player})
    state.end_action()


def _check_buy(state: Play, action: VizierBuy) -> None:
    if state.phase != WINDOW:
        raise IllegalAction("M-VIZIER-2", "a vizier buys only in the window after a turn, when asked")
    player = state.decider
    if len(action.exchange) > 1:
        raise IllegalAction("M-EXCH-3", "one exchange card pays for one tile")
    if action.exchange:
        total = check_card_payment(state, player, action.slot, action.paid, action.exchange[0])
    else:
        currency = SLOT_CURRENCY.get(action.slot, -1)
        total = state.check_payment(player, action.slot, action.paid, (currency,), "M-VIZIER-2")
    cost = TILE_COST[state.in_slot(action.slot)]
    if total != cost:
        raise IllegalAction(
            "M-VIZIER-2", "the vizier pays exactly: the tile costs {cost}, not {total}", cost=cost, total=total
        )


def _buy(state: Play, action: VizierBuy) -> None:
    player = state.decider
    state.parts[NAME].awake[player] = False  # type: ignore[attr-defined]
    state.emit({"e": USE_EVENT, "player": player})
    if action.exchange:
        spend_card(state, player, action.exchange[0])
    state.purchase(player, action.slot, action.paid)
    state.ask(PLACING)  # [M-VIZIER-3] no extra action: the tile is placed at once


def _check_pass(state: Play, action: VizierPass) -> None:
    if state.phase != WINDOW:
        raise IllegalAction("M-VIZIER-2", "only a player asked in a vizier window may let the vizier rest")


def _pass(state: Play, action: VizierPass) -> None:
    _ask_next(state)


def _placed(state: Play) -> None:
    """[M-VIZIER-2] the vizier's tile is placed: refill the market, then ask the next player ([M-VIZIER-5])."""
    if state.refill_market():
        state.end_game()
        return
    _ask_next(state)


def _window_moves(state: Play) -> list[Action]:
    return [*purchases(state, state.decider), *out_of_turn_purchases(state, state.decider), VizierPass()]


class Vizier(Module):
    name = NAME
    summary = mark("The vizier's favour: once in a while, buy a tile exactly out of turn")
    handlers = {  # noqa: RUF012 - read-only table
        WakeVizier: (_check_wake, _wake),
        VizierBuy: (_check_buy, _buy),
        VizierPass: (_check_pass, _pass),
    }
    absent_reason = mark("the vizier plays only with the vizier's favour module")
    events = (WAKE_EVENT, USE_EVENT)
    phases = {WINDOW: _window_moves}  # noqa: RUF012
    placing = {PLACING: _placed}  # noqa: RUF012
    asking = {  # noqa: RUF012
        WINDOW: ("M-VIZIER-2", mark("a vizier window is open: buy a tile with your vizier, paying exactly, or pass")),
        PLACING: ("M-VIZIER-2", mark("place the tile your vizier bought first (Alhambra or reserve)")),
    }

    def start(self, state: Play, deal: Deal) -> VizierPart:
        """[M-VIZIER-1] every vizier starts awake."""
        return VizierPart([True] * deal.players, [])

    def turn_actions(self, state: Play) -> Iterable[Action]:
        return () if state.parts[NAME].awake[state.turn_player] else (WakeVizier(),)  # type: ignore[attr-defined]

    def after_turn(self, state: Play) -> bool:
        """[M-VIZIER-2] open the window: the next player first, the player who just ended last."""
        players = state.players
        part: VizierPart = state.parts[NAME]  # type: ignore[assignment]
        part.queue = [(state.turn_player + offset) % players for offset in range(1, players + 1)]
        _ask_next(state)
        return True

    def unrecorded(self, state: Play, event: dict) -> Action | None:
        """A window's pass: the asked player's next recorded decision is not their ``vizier``."""
        if state.phase != WINDOW:
            return None
        if event.get("player") == state.decider and (
            event.get("e") == USE_EVENT or event.get("e") in state.rules.optional_events
        ):
            return None
        return VizierPass()

    def check_out_of_turn(self, state: Play) -> None:
        if state.phase != WINDOW:
            raise IllegalAction("M-VIZIER-2", "a vizier buys only in the window after a turn, when asked")

    def buy_out_of_turn(self, state: Play, player: int, purchase: Callable[[], None]) -> None:
        """[M-VIZIER-2] the vizier falls asleep, the purchase is made, and its tile is placed at once ([M-VIZIER-3]:
        no extra action)."""
        state.parts[NAME].awake[player] = False  # type: ignore[attr-defined]
        state.emit({"e": USE_EVENT, "player": player})
        purchase()
        state.ask(PLACING)
