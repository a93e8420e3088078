"""Modules that cooperate through the named hooks of ``modules/base.py``, never by importing one another.

Each cooperation has a module that answers (exchange cards pay, a vizier buys out of turn, a bonus card shown changes
nothing of the play) and modules that ask; what the askers get where no module answers is the rule's, and two
actions that write the same event are read back by the one whose decision it is.
"""

from __future__ import annotations

import pytest

from game.engine.components import BAZAARS, EXCHANGE_CARDS, MARKET_SLOTS
from game.engine.events import CARD_PAYMENT, OUT_OF_TURN
from game.engine.modules import bazaars, exchange, vizier
from game.engine.modules.base import (
    buy_out_of_turn,
    check_card_payment,
    check_out_of_turn,
    out_of_turn_purchases,
    payment_cards,
)
from game.engine.modules.bazaars import VizierBuyBazaar
from game.engine.modules.vizier import VizierBuy
from game.engine.record import read_decision
from game.engine.ruleset import Ruleset
from game.engine.setup import deal
from game.engine.state import GameState, IllegalAction


def start(modules: tuple[str, ...], players: int = 3, seed: int = 4) -> GameState:
    return GameState.start(deal(players, seed, modules), seed)


def test_without_exchange_cards_no_card_pays_m_exch_3():
    """[M-EXCH-3] in a game without the exchange offices, nobody holds a card besides money, and a purchase naming
    one is refused by the exchange rule (an exchange card's id: "you hold no"; any other card: "no exchange card")."""
    state = start(("vizier", "bazaars"))
    assert payment_cards(state, 0) == ()
    with pytest.raises(IllegalAction, match="hold no") as held:
        check_card_payment(state, 0, MARKET_SLOTS[0], (state.hands[0][0],), EXCHANGE_CARDS[0])
    assert held.value.rule == "M-EXCH-3"
    with pytest.raises(IllegalAction, match="no exchange card") as other:
        check_card_payment(state, 0, MARKET_SLOTS[0], (), state.hands[0][0])
    assert other.value.rule == "M-EXCH-3"


def test_with_exchange_cards_the_module_answers_m_exch_3():
    """[M-EXCH-3] with the exchange offices, the cards a player holds are the module's answer."""
    state = start(("exchange", "vizier"))
    exchange.of(state).held[1].append(EXCHANGE_CARDS[2])  # type: ignore[union-attr]
    assert payment_cards(state, 1) == (EXCHANGE_CARDS[2],) and payment_cards(state, 0) == ()


def test_without_a_vizier_nobody_buys_out_of_turn_m_vizier_2():
    """[M-VIZIER-2] [M-BAZAAR-3] a bazaar bought "by a vizier" in a game without viziers is refused by the vizier's
    rule, before anything changes; and no window ever asks for purchases out of turn."""
    state = start(("bazaars",))
    with pytest.raises(IllegalAction) as refused:
        check_out_of_turn(state)
    assert refused.value.rule == "M-VIZIER-2"
    before = state.clone()
    with pytest.raises(IllegalAction) as applied:
        state.apply(VizierBuyBazaar(BAZAARS[0], (state.hands[0][0],), ()))
    assert applied.value.rule == "M-VIZIER-2" and state.hands == before.hands and state.phase == before.phase
    bought: list[bool] = []
    buy_out_of_turn(state, 0, lambda: bought.append(True))
    assert bought == [] and Ruleset.of(3, ("bazaars",)).check_out_of_turn == ()


def test_the_vizier_answers_only_in_its_window_m_vizier_2():
    """[M-VIZIER-2] with viziers, buying out of turn is refused outside a window, and the bazaars' purchases are
    what the window offers besides the market (none while no bazaar waits)."""
    state = start(("vizier", "bazaars"), seed=1)
    with pytest.raises(IllegalAction, match="window"):
        check_out_of_turn(state)
    bazaars.of(state).waiting[:] = BAZAARS  # type: ignore[union-attr]  # all eight beside the market
    state.bag[:] = [tile for tile in state.bag if tile not in BAZAARS]
    state.market[:] = [tile if tile not in BAZAARS else state.bag.pop() for tile in state.market]
    offered = [out_of_turn_purchases(state, player) for player in range(state.players)]
    assert offered == [
        [VizierBuyBazaar(tile, paid, card) for tile, paid, card in bazaars.payments(state, player)]
        for player in range(state.players)
    ]
    assert any(offered), "some player can pay a waiting bazaar exactly in this deal"


def test_a_bonus_card_shown_is_the_one_optional_event_m_bonus_2():
    """[M-BONUS-2] showing a bonus card changes nothing of the play: the event a window or the falcons' phase lets
    pass without closing; without bonus cards there is none."""
    assert Ruleset.of(3, ("vizier", "bonus", "falcons")).optional_events == ("bonus",)
    assert Ruleset.of(3, ("vizier", "falcons")).optional_events == ()


@pytest.mark.parametrize("paying", [False, True], ids=["money", "with an exchange card"])
def test_one_event_two_actions_read_back_by_whose_decision_it_is_m_bazaar_3(paying: bool):
    """[M-BAZAAR-3] [M-VIZIER-2] a ``vizier`` event (and an ``exchange`` before the purchase) is the market's
    ``VizierBuy`` when a ``buy`` follows and the bazaars' ``VizierBuyBazaar`` when a ``bazaar_buy`` does: the later
    reader answers None for the decision that is not its own, and the earlier one reads it."""
    card = [{"e": CARD_PAYMENT, "player": 0, "card": EXCHANGE_CARDS[0]}] if paying else []
    market = [
        {"e": OUT_OF_TURN, "player": 0},
        *card,
        {"e": "buy", "player": 0, "slot": 2, "tile": 7, "paid": [30], "exact": True},
    ]
    bazaar = [
        {"e": OUT_OF_TURN, "player": 0},
        *card,
        {"e": bazaars.BUY_EVENT, "player": 0, "tile": BAZAARS[0], "cost": 5, "paid": [30]},
    ]
    used = (EXCHANGE_CARDS[0],) if paying else ()
    assert read_decision(market, 0, vizier.WINDOW, 0) == VizierBuy(2, (30,), used)
    assert read_decision(bazaar, 0, vizier.WINDOW, 0) == VizierBuyBazaar(BAZAARS[0], (30,), used)
