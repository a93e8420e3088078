"""The bazaars of the 2024 edition, rule by rule (RULES.md §9.6, with [B-DIRK-5], [B-END-1] and [B-END-2]).

Positions are arranged by moving components (``helpers``), so conservation holds wherever it is checked;
every illegal move is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import json
import random
from itertools import takewhile

import pytest

from game.engine import Buy, EndTurn, Lift, Place, Reserve, Take
from game.engine.alhambra import cell_at, longest_wall
from game.engine.components import (
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    BUILDING_TYPES,
    BUILDINGS,
    CAMPS,
    CARD_CURRENCY,
    CURRENCIES,
    EMPTY,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    HUT_COLOUR,
    HUTS,
    MARKET_CURRENCY,
    MARKET_SIZE,
    SCORING_CARDS,
    SLOT_CURRENCY,
    START_TILES,
    TILE_COST,
    TILE_TYPE,
    is_bazaar,
    is_money_card,
)
from game.engine.knowledge import state_key
from game.engine.modules import DECISION_READERS, MODULES, PLAYABLE, bazaars, dirk, exchange, vizier
from game.engine.modules.bazaars import (
    PRICE_SLOT,
    Bazaars,
    BuyBazaar,
    ExchangeBuyBazaar,
    VizierBuyBazaar,
    alhambra_points,
    bazaar_points,
)
from game.engine.modules.dirk import GiveToDirk
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.vizier import PLACING, WINDOW, VizierBuy, VizierPass
from game.engine.record import RecordError, loads, read_decision, to_record
from game.engine.setup import deal
from game.engine.state import ACTION, FINAL, PLACE, GameState

from .helpers import (
    assert_illegal,
    bazaars_waiting,
    build,
    card,
    check_conservation,
    events_named,
    new_game,
    new_state,
    play,
    random_policy,
    set_bag,
    set_grid,
    set_hand,
    set_market,
    stack_bag,
    stack_deck,
    tile_with,
    tiles_of_type,
)
from .record_reader import check

EXPANSION_1 = ("vizier", "exchange", "huts", "bonus")


# ------------------------------------------------------------------ arranging
def bazaar_state(players: int = 3, seed: int = 1, modules: tuple[str, ...] = ()) -> GameState:
    """A new game with the bazaars (and ``modules``), no bazaar waiting yet: any drawn in setup go back to the bag."""
    chosen = tuple(name for name in PLAYABLE if name in (*modules, bazaars.NAME))
    state = new_state(players, seed, modules=chosen)
    set_waiting(state, [])
    return state


def set_waiting(state: GameState, tiles: list[int]) -> None:
    """Make the bazaars beside the market exactly ``tiles`` (taken from the bag); others go to the bag's bottom."""
    waiting = bazaars_waiting(state)
    old = [t for t in waiting if t not in tiles]
    for tile in tiles:
        if tile in state.bag:
            state.bag.remove(tile)
        else:
            assert tile in waiting, "arranged bazaars come from the bag or beside the market"
    waiting[:] = list(tiles)
    state.bag[0:0] = old


def exact(currency: int, cost: int, copy: int = 0) -> list[int]:
    """Money cards of ``currency`` adding up to ``cost`` exactly (one card per value, from copy ``copy``)."""
    cards = []
    left = cost
    for value in (9, 8, 7, 6, 5, 4, 3, 2, 1):
        if left >= value:
            cards.append(card(CURRENCIES[currency], value, copy))
            left -= value
    assert left == 0
    return cards


def price_of(state: GameState, tile: int) -> int:
    return TILE_COST[state.in_slot(PRICE_SLOT[tile])]


def ready_to_buy(state: GameState, tile: int, player: int | None = None, copy: int = 0) -> tuple[int, ...]:
    """Put bazaar ``tile`` beside the market and give ``player`` (the turn's) exactly its price in its currency."""
    player = state.turn_player if player is None else player
    if tile not in bazaars_waiting(state):
        set_waiting(state, [*bazaars_waiting(state), tile])
    paid = tuple(exact(BAZAAR_CURRENCY[tile], price_of(state, tile), copy))
    set_hand(state, player, list(paid))
    return paid


def bazaar_buys(actions: list) -> set[tuple[int, tuple[int, ...]]]:
    return {(a.tile, tuple(sorted(a.paid))) for a in actions if isinstance(a, BuyBazaar)}


# ================================================================== [M-BAZAAR-1]
def test_eight_bazaars_are_shuffled_into_the_bag_m_bazaar_1():
    """[M-BAZAAR-1] eight bazaars, each with a currency and three building colours, join the bag with the
    buildings (and only when the module plays); where they lie depends on the seed."""
    assert len(BAZAARS) == 8
    assert sorted(BAZAAR_CURRENCY[t] for t in BAZAARS) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert all(len(set(BAZAAR_TYPES[t])) == 3 for t in BAZAARS)
    placements = set()
    for players in range(2, 7):
        dealt = deal(players, players, ("bazaars",))
        tiles = dealt.bag + dealt.market + dealt.parts.get("dirk", ()) + dealt.parts.get("bazaars", ())
        assert sorted(tiles) == sorted(BUILDINGS + BAZAARS)
        placements.add(tuple(t for t in dealt.bag if is_bazaar(t)))
        base = deal(players, players)
        assert not any(map(is_bazaar, base.bag)) and base.parts.get("bazaars", ()) == ()
    assert len(placements) > 1
    assert Bazaars().bag_tiles() == BAZAARS


# ================================================================== [M-BAZAAR-2]
def test_bazaars_drawn_in_setup_go_beside_the_market_m_bazaar_2():
    """[M-BAZAAR-2] a bazaar drawn in setup, for the market or for Dirk, goes beside the market (``setup.bazaars``,
    in draw order) and the draw goes on: the market and Dirk start with the first buildings of the shuffled bag."""
    seen = 0
    for players in (2, 3):
        for seed in range(40):
            dealt = deal(players, seed, ("bazaars",))
            shuffled = [*BUILDINGS, *BAZAARS]
            random.Random(seed).shuffle(shuffled)  # the deal's first draw from its seed: the bag's order
            wanted = 4 + (6 if players == 2 else 0)
            kept = [i for i, tile in enumerate(shuffled) if not is_bazaar(tile)]
            prefix = shuffled[: kept[wanted - 1] + 1]  # up to the last tile the market and Dirk keep
            assert list(dealt.market + dealt.parts.get("dirk", ())) == [t for t in prefix if not is_bazaar(t)]
            assert list(dealt.parts.get("bazaars", ())) == [t for t in prefix if is_bazaar(t)]
            assert list(dealt.bag) == shuffled[len(prefix) :]
            assert not any(map(is_bazaar, dealt.market + dealt.parts.get("dirk", ())))
            seen += bool(dealt.parts.get("bazaars", ()))
            state = GameState.start(dealt, seed)
            assert bazaars.of(state).waiting == list(dealt.parts.get("bazaars", ()))
            check_conservation(state)
    assert seen > 5, "bazaars are often drawn in setup"


def test_without_bazaars_the_deal_is_the_base_games_m_bazaar_2():
    """[M-BAZAAR-2] [B-SETUP-2] without the module nothing is set aside: market, Dirk and bag are the shuffled bag's
    first four, next six and the rest, as in the base game."""
    for players in (2, 4):
        dealt = deal(players, 9)
        shuffled = list(BUILDINGS)
        random.Random(9).shuffle(shuffled)
        dirk_count = 6 if players == 2 else 0
        assert list(dealt.market) == shuffled[:MARKET_SIZE]
        assert list(dealt.parts.get("dirk", ())) == shuffled[MARKET_SIZE : MARKET_SIZE + dirk_count]
        assert list(dealt.bag) == shuffled[MARKET_SIZE + dirk_count :]


def test_a_bazaar_drawn_in_a_refill_goes_beside_the_market_and_the_draw_goes_on_m_bazaar_2():
    """[M-BAZAAR-2] refilling the market, a bazaar drawn goes face up beside the market (any number may wait) and
    the slot is filled by the next tile: ``bazaar_aside`` events in draw order among the ``market`` events."""
    state = bazaar_state(3, 2)
    player = state.turn_player
    set_waiting(state, [BAZAARS[7]])  # one waits already
    cheap = [tile_with("", "pavilion"), tile_with("N", "pavilion")]
    set_market(state, [cheap[0], state.market[1], cheap[1], state.market[3]])
    b1, b2, b3 = BAZAARS[0], BAZAARS[3], BAZAARS[5]
    t1, t2 = tile_with("", "tower"), tile_with("", "garden")
    stack_bag(state, [b1, b2, t1, b3, t2])
    set_hand(
        state,
        player,
        [*exact(MARKET_CURRENCY[0], TILE_COST[cheap[0]]), *exact(MARKET_CURRENCY[2], TILE_COST[cheap[1]])],
    )
    state.apply(Buy(1, tuple(c for c in state.hands[player] if CARD_CURRENCY[c] == MARKET_CURRENCY[0])))
    state.apply(Buy(3, tuple(state.hands[player])))
    state.apply(EndTurn())
    state.log.clear()
    for tile in list(state.held):
        state.apply(Reserve(tile))
    refill = [e for e in state.log if e["e"] in ("market", "bazaar_aside")]
    assert refill == [
        {"e": "bazaar_aside", "tile": b1},
        {"e": "bazaar_aside", "tile": b2},
        {"e": "market", "slot": 1, "tile": t1},
        {"e": "bazaar_aside", "tile": b3},
        {"e": "market", "slot": 3, "tile": t2},
    ]
    assert bazaars.of(state).waiting == [BAZAARS[7], b1, b2, b3]
    assert state.market[0] == t1 and state.market[2] == t2
    check_conservation(state)


def test_bazaars_waiting_are_public_and_kept_by_every_copy_d_hidden_1():
    """[M-BAZAAR-2] [D-HIDDEN-1] the bazaars beside the market lie face up: a clone and a determinization keep
    them, and they are part of every player's knowledge."""
    state = bazaar_state(4, 3)
    set_waiting(state, [BAZAARS[2], BAZAARS[6]])
    copy = state.clone()
    assert bazaars.of(copy).waiting == [BAZAARS[2], BAZAARS[6]]
    copy.parts[bazaars.NAME].waiting.append(BAZAARS[1])
    assert bazaars.of(state).waiting == [BAZAARS[2], BAZAARS[6]]  # an independent copy
    other = state.clone()
    set_waiting(other, [BAZAARS[6], BAZAARS[2]])
    assert other.knowledge(1) != state.knowledge(1)
    for seed in range(4):
        sample = state.determinize(2, random.Random(seed))
        assert bazaars.of(sample).waiting == [BAZAARS[2], BAZAARS[6]]
        assert sample.knowledge(2) == state.knowledge(2)
        check_conservation(sample)


def test_a_bazaar_drawn_for_dirk_goes_beside_the_market_b_dirk_5_m_bazaar_2():
    """[B-DIRK-5] [M-BAZAAR-2] Dirk's draws after the first and second scorings pass over bazaars: each goes beside
    the market (``bazaar_aside`` right after ``dirk_gets``) and the next tile is drawn instead; his "one third of
    the bag" counts the bazaars still in it."""
    state = bazaar_state(2, 6)
    buildings = [t for t in state.bag if not is_bazaar(t)][-8:]
    top = [BAZAARS[0], *buildings[:5], BAZAARS[1], buildings[5], BAZAARS[2], buildings[6], buildings[7]]
    stack_bag(state, top)
    stack_deck(state, [SCORING_CARDS[0], SCORING_CARDS[1]])
    state.log.clear()
    before = len(dirk.of(state).tiles)
    state.apply(Take((state.offer[0],)))  # the offer's refill draws both scoring cards
    names = [e["e"] for e in state.log]
    first, second = [i for i, name in enumerate(names) if name == "dirk_gets"]
    assert state.log[first]["tiles"] == [*buildings[:5], buildings[5]]
    assert state.log[first + 1 : first + 3] == [
        {"e": "bazaar_aside", "tile": BAZAARS[0]},
        {"e": "bazaar_aside", "tile": BAZAARS[1]},
    ]
    assert names[first + 3] == "score" and state.log[first + 3]["round"] == 2
    passed = len(list(takewhile(lambda e: e["e"] == "bazaar_aside", state.log[second + 1 :])))
    share = (len(state.bag) + len(state.log[second]["tiles"]) + passed) // 3  # the bag as it was, bazaars included
    assert len(state.log[second]["tiles"]) == share
    assert state.log[second]["tiles"][:2] == [buildings[6], buildings[7]]
    assert state.log[second + 1] == {"e": "bazaar_aside", "tile": BAZAARS[2]}
    assert not any(map(is_bazaar, dirk.of(state).tiles))
    assert len(dirk.of(state).tiles) == before + 6 + share
    assert bazaars.of(state).waiting[:3] == [BAZAARS[0], BAZAARS[1], BAZAARS[2]]
    assert len(bazaars.of(state).waiting) == 2 + passed
    check_conservation(state)


def test_dirk_gets_what_is_left_when_the_bag_runs_short_b_dirk_5():
    """[B-DIRK-5] when the bag runs short Dirk gets what is left of it; its bazaars still go beside the market."""
    state = bazaar_state(2, 7)
    t1, t2 = [t for t in state.bag if not is_bazaar(t)][:2]
    set_bag(state, [t1, BAZAARS[4], t2])
    stack_deck(state, [SCORING_CARDS[0]])
    state.log.clear()
    state.apply(Take((state.offer[0],)))
    gets = events_named(state.log, "dirk_gets")
    assert gets == [{"e": "dirk_gets", "tiles": [t1, t2]}]
    assert state.log[state.log.index(gets[0]) + 1] == {"e": "bazaar_aside", "tile": BAZAARS[4]}
    assert state.bag == [] and bazaars.of(state).waiting == [BAZAARS[4]]


def test_a_bag_of_bazaars_only_cannot_fill_the_market_b_end_1_m_bazaar_2():
    """[B-END-1] [M-BAZAAR-2] a refill that finds only bazaars sets them all aside and then runs out: the game ends,
    and the bazaars stay beside the market ([M-BAZAAR-6])."""
    state = bazaar_state(3, 4)
    player = state.turn_player
    set_bag(state, [BAZAARS[1], BAZAARS[5]])
    set_hand(state, player, exact(MARKET_CURRENCY[1], TILE_COST[state.market[1]]))
    state.apply(Buy(2, tuple(state.hands[player])))
    state.apply(EndTurn())
    state.log.clear()
    state.apply(Reserve(state.held[0]))
    assert [e["e"] for e in state.log[1:4]] == ["bazaar_aside", "bazaar_aside", "distribute"]
    assert state.phase in (FINAL, "over")
    assert events_named(state.log, "distribute") and not any(
        is_bazaar(e["tile"]) for e in events_named(state.log, "distribute")
    )
    assert bazaars.of(state).waiting == [BAZAARS[1], BAZAARS[5]]


# ================================================================== [M-BAZAAR-3]
def test_a_bazaar_costs_what_the_tile_in_its_currencys_slot_costs_m_bazaar_3():
    """[M-BAZAAR-3] a waiting bazaar is bought paying exactly, in its currency, the cost of the tile now in the market
    slot of that currency; when that tile changes, so does the price; the ``bazaar_buy`` event names the cost."""
    state = bazaar_state(3, 5)
    player = state.turn_player
    bazaar = BAZAARS[2]  # dirham: market slot 2
    slot = PRICE_SLOT[bazaar]
    assert SLOT_CURRENCY[slot] == BAZAAR_CURRENCY[bazaar]
    pavilion = next(t for t in tiles_of_type("pavilion") if TILE_COST[t] == 4)
    tower = next(t for t in tiles_of_type("tower") if TILE_COST[t] == 11)
    for in_slot in (pavilion, tower):
        market = list(state.market)
        market[slot - 1] = in_slot
        set_market(state, market)
        paid = ready_to_buy(state, bazaar)
        assert bazaar_buys(state.legal_actions()) == {(bazaar, tuple(sorted(paid)))}
        assert bazaars.price(state, bazaar) == TILE_COST[in_slot]
    state.log.clear()
    state.apply(BuyBazaar(bazaar, paid))
    assert state.log == [{"e": "bazaar_buy", "player": player, "tile": bazaar, "cost": 11, "paid": list(paid)}]
    assert state.in_slot(slot) == tower  # the slot's tile stays
    assert bazaar not in bazaars.of(state).waiting and state.held == [bazaar]
    assert set(paid) <= set(state.discard)
    check_conservation(state)


@pytest.mark.skipif("camps" not in MODULES, reason="the camps module is not built yet")
def test_a_camp_in_the_slot_sets_the_price_m_bazaar_3():
    """[M-BAZAAR-3] Choice: a camp in the bazaar's currency slot sets the price like a building."""
    state = bazaar_state(3, 5, modules=("camps",))
    bazaar = BAZAARS[4]  # denar: slot 3
    camp = CAMPS[0]
    market = list(state.market)
    market[PRICE_SLOT[bazaar] - 1] = camp
    set_market(state, market)
    paid = ready_to_buy(state, bazaar)
    assert bazaars.price(state, bazaar) == TILE_COST[camp]
    assert bazaar_buys(state.legal_actions()) == {(bazaar, tuple(sorted(paid)))}
    state.apply(BuyBazaar(bazaar, paid))
    assert state.held == [bazaar] and state.in_slot(PRICE_SLOT[bazaar]) == camp
    check_conservation(state)


def test_no_bazaar_while_its_slot_is_empty_m_bazaar_3():
    """[M-BAZAAR-3] [B-TURN-5] once the tile of its slot is bought this turn, the slot stays empty until the end of
    the turn and the bazaar cannot be bought (it has no price)."""
    state = bazaar_state(3, 8)
    player = state.turn_player
    bazaar = BAZAARS[6]  # ducat: slot 4
    slot_tile = state.market[3]
    paid = ready_to_buy(state, bazaar, copy=0)
    for_tile = exact(MARKET_CURRENCY[3], TILE_COST[slot_tile], copy=1)
    set_hand(state, player, [*paid, *for_tile])
    state.apply(Buy(4, tuple(for_tile)))
    assert state.market[3] == EMPTY and state.phase == ACTION
    assert bazaars.price(state, bazaar) is None
    assert not bazaar_buys(state.legal_actions())
    error = assert_illegal(state, BuyBazaar(bazaar, paid), "M-BAZAAR-3")
    assert "empty" in str(error)
    check_conservation(state)


def test_a_bazaar_is_paid_exactly_in_its_currency_m_bazaar_3():
    """[M-BAZAAR-3] too much, too little, another currency, cards not held, or a bazaar that is not beside the
    market: each is refused naming [M-BAZAAR-3], and nothing changes."""
    state = bazaar_state(3, 10)
    player = state.turn_player
    bazaar = BAZAARS[0]  # florin: slot 1
    paid = ready_to_buy(state, bazaar)
    currency = BAZAAR_CURRENCY[bazaar]
    one = card(CURRENCIES[currency], 1, 2)
    other = card(CURRENCIES[(currency + 1) % 4], 1, 2)
    set_hand(state, player, [*paid, one, other])
    assert_illegal(state, BuyBazaar(bazaar, (*paid, one)), "M-BAZAAR-3")  # too much
    if len(paid) > 1:
        assert_illegal(state, BuyBazaar(bazaar, paid[:-1]), "M-BAZAAR-3")  # too little
    swapped = (*paid[:-1], other) if len(paid) > 1 else (other,)
    assert_illegal(state, BuyBazaar(bazaar, swapped), "M-BAZAAR-3")  # another currency
    unheld = next(c for c in state.deck if is_money_card(c) and CARD_CURRENCY[c] == currency)
    assert_illegal(state, BuyBazaar(bazaar, (*paid[:-1], unheld)), "M-BAZAAR-3")  # not held
    assert_illegal(state, BuyBazaar(BAZAARS[1], paid), "M-BAZAAR-3")  # in the bag, not beside the market
    assert_illegal(state, BuyBazaar(state.market[0], paid), "M-BAZAAR-3")  # a building is no bazaar
    assert_illegal(state, BuyBazaar(bazaar, ()), "M-BAZAAR-3")
    assert bazaar_buys(state.legal_actions()) == {(bazaar, tuple(sorted(paid)))}  # exactly, nothing else


def test_a_bazaar_grants_the_extra_action_m_bazaar_3_b_turn_4():
    """[M-BAZAAR-3] [B-TURN-4] buying a bazaar is an exact payment: the player may act again (buy, take, redesign) or
    end the turn, and the bazaar waits with the turn's other tiles."""
    state = bazaar_state(3, 12)
    player = state.turn_player
    bazaar = BAZAARS[5]
    paid = ready_to_buy(state, bazaar)
    state.apply(BuyBazaar(bazaar, paid))
    assert state.phase == ACTION and state.turn_player == player and state.held == [bazaar]
    moves = state.legal_actions()
    assert EndTurn() in moves and any(isinstance(m, Take) for m in moves)
    state.apply(Take((state.offer[0],)))  # the extra action
    assert state.phase == PLACE and state.held == [bazaar]
    check_conservation(state)


def test_an_exchange_card_pays_for_a_bazaar_m_exch_3_m_bazaar_3():
    """[M-EXCH-3] Choice: an exchange card pays for a bazaar when the bazaar's currency is one of its two; the card
    is discarded with the money, written as ``exchange`` right before the ``bazaar_buy``."""
    state = bazaar_state(3, 14, modules=("exchange",))
    player = state.turn_player
    bazaar = BAZAARS[3]  # dirham: slot 2
    currency = BAZAAR_CURRENCY[bazaar]
    fits = next(c for c in EXCHANGE_CARDS if currency in EXCHANGE_PAIR[c])
    wrong = next(c for c in EXCHANGE_CARDS if currency not in EXCHANGE_PAIR[c])
    other = next(x for x in EXCHANGE_PAIR[fits] if x != currency)
    set_waiting(state, [bazaar])
    cost = price_of(state, bazaar)
    mixed = (card(CURRENCIES[currency], 1, 0), *exact(other, cost - 1))
    set_hand(state, player, list(mixed))
    for held in (fits, wrong):
        state.deck.remove(held)
    exchange.of(state).held[player][:] = [fits, wrong]
    assert_illegal(state, BuyBazaar(bazaar, mixed), "M-BAZAAR-3")  # without the card: another currency
    assert_illegal(state, ExchangeBuyBazaar(bazaar, mixed, wrong), "M-EXCH-3")  # not the bazaar's currency
    listed = [a for a in state.legal_actions() if isinstance(a, ExchangeBuyBazaar)]
    assert listed and all(a.card == fits and a.tile == bazaar for a in listed)
    state.log.clear()
    state.apply(ExchangeBuyBazaar(bazaar, mixed, fits))
    assert state.log == [
        {"e": "exchange", "player": player, "card": fits},
        {"e": "bazaar_buy", "player": player, "tile": bazaar, "cost": cost, "paid": list(mixed)},
    ]
    assert fits in state.discard and exchange.of(state).held[player] == [wrong]
    assert state.phase == ACTION and state.held == [bazaar]  # exact: another action may follow
    check_conservation(state)


def vizier_bazaar_state(exchange_card: bool = False) -> tuple[GameState, int, int, tuple[int, ...]]:
    """After the turn player takes a card, the next player (alone) can buy a waiting bazaar exactly: the only money
    anyone holds is its price (which also pays the tile in its slot exactly: they share slot and price)."""
    modules = ("vizier", "exchange") if exchange_card else ("vizier",)
    state = bazaar_state(3, 16, modules=modules)
    buyer = (state.turn_player + 1) % 3
    for player in range(3):
        set_hand(state, player, [])
    bazaar = BAZAARS[1]  # florin: slot 1
    set_waiting(state, [bazaar])
    cost = price_of(state, bazaar)
    if exchange_card:
        fits = next(c for c in EXCHANGE_CARDS if EXCHANGE_PAIR[c] == (0, 3) or EXCHANGE_PAIR[c] == (3, 0))
        paid = (card("florin", 1, 0), *exact(3, cost - 1))
        state.deck.remove(fits)
        exchange.of(state).held[buyer].append(fits)
    else:
        paid = tuple(exact(0, cost))
    set_hand(state, buyer, list(paid))
    return state, buyer, bazaar, paid


def test_a_vizier_may_buy_a_bazaar_m_bazaar_3_m_vizier_2():
    """[M-BAZAAR-3] [M-VIZIER-2] [M-VIZIER-3] a player who can pay a waiting bazaar exactly is asked in the window,
    which offers the bazaar besides the market's tiles; the purchase writes ``vizier`` then ``bazaar_buy``, the
    vizier sleeps, the bazaar is placed at once (no extra action) and, no slot being emptied, nothing is refilled."""
    state, buyer, bazaar, paid = vizier_bazaar_state()
    slot_tile = state.market[0]
    state.apply(Take((state.offer[0],)))
    assert state.phase == WINDOW and state.decider == buyer
    moves = state.legal_actions()
    offered = {(m.tile, tuple(sorted(m.paid)), m.exchange) for m in moves if isinstance(m, VizierBuyBazaar)}
    assert offered == {(bazaar, tuple(sorted(paid)), ())}
    assert VizierBuy(1, paid, ()) in moves or any(isinstance(m, VizierBuy) and m.slot == 1 for m in moves)
    assert VizierPass() in moves
    assert_illegal(state, BuyBazaar(bazaar, paid), "M-VIZIER-2")  # a turn's purchase: the window asks for the vizier's
    state.log.clear()
    state.apply(VizierBuyBazaar(bazaar, paid, ()))
    assert state.log == [
        {"e": "vizier", "player": buyer},
        {"e": "bazaar_buy", "player": buyer, "tile": bazaar, "cost": TILE_COST[slot_tile], "paid": list(paid)},
    ]
    assert vizier.of(state).awake[buyer] is False
    assert state.phase == PLACING and state.held == [bazaar] and state.decider == buyer
    assert all(isinstance(m, (Place, Reserve)) for m in state.legal_actions())
    state.apply(Reserve(bazaar))
    assert not events_named(state.log, "market")  # the slot's tile stayed: no refill
    assert state.market[0] == slot_tile and bazaar in state.reserves[buyer]
    check_conservation(state)


def test_a_vizier_bazaar_paid_with_an_exchange_card_m_bazaar_3_m_exch_3():
    """[M-BAZAAR-3] [M-EXCH-3] [M-VIZIER-2] a vizier's bazaar may be paid with an exchange card: ``vizier``,
    ``exchange``, ``bazaar_buy``; the record reads it back as that very purchase."""
    state, buyer, _, paid = vizier_bazaar_state(exchange_card=True)
    state.apply(Take((state.offer[0],)))
    assert state.phase == WINDOW and state.decider == buyer
    purchase = next(m for m in state.legal_actions() if isinstance(m, VizierBuyBazaar))
    assert purchase.exchange and sorted(purchase.paid) == sorted(paid)
    first = len(state.log)
    state.apply(purchase)
    assert [e["e"] for e in state.log[first:]] == ["vizier", "exchange", "bazaar_buy"]
    assert read_decision(state.log, first, WINDOW, buyer) == purchase
    check_conservation(state)


def test_bazaar_purchases_are_read_back_from_the_record_d_rng_1_m_bazaar_3():
    """[D-RNG-1] [M-BAZAAR-3] the readers of ``exchange`` and ``vizier`` read a bazaar purchase where ``bazaar_buy``
    follows, and the market's purchase where ``buy`` does."""
    assert DECISION_READERS["bazaar_buy"] == BuyBazaar.from_event
    events = [
        {"e": "vizier", "player": 1},
        {"e": "buy", "player": 1, "slot": 2, "tile": 7, "paid": [30], "exact": True},
        {"e": "vizier", "player": 1},
        {"e": "exchange", "player": 1, "card": EXCHANGE_CARDS[0]},
        {"e": "bazaar_buy", "player": 1, "tile": BAZAARS[0], "cost": 5, "paid": [1, 2]},
        {"e": "exchange", "player": 1, "card": EXCHANGE_CARDS[1]},
        {"e": "buy", "player": 1, "slot": 3, "tile": 9, "paid": [60], "exact": False},
        {"e": "exchange", "player": 1, "card": EXCHANGE_CARDS[2]},
        {"e": "bazaar_buy", "player": 1, "tile": BAZAARS[3], "cost": 4, "paid": [40]},
    ]
    assert read_decision(events, 0, WINDOW, 1) == VizierBuy(2, (30,), ())
    assert read_decision(events, 2, WINDOW, 1) == VizierBuyBazaar(BAZAARS[0], (1, 2), (EXCHANGE_CARDS[0],))
    assert read_decision(events, 5, ACTION, 1) == ExchangeBuy(3, (60,), EXCHANGE_CARDS[1])
    assert read_decision(events, 7, ACTION, 1) == ExchangeBuyBazaar(BAZAARS[3], (40,), EXCHANGE_CARDS[2])


def test_bazaar_actions_are_refused_without_the_module_m_bazaar_3():
    """[M-BAZAAR-3] a bazaar purchase in a game without bazaars names its rule; a vizier's bazaar only in a window."""
    state = new_state(3, 1, modules=("vizier", "exchange"))
    paid = (state.hands[state.turn_player][0],)
    assert_illegal(state, BuyBazaar(BAZAARS[0], paid), "M-BAZAAR-3")
    assert_illegal(state, ExchangeBuyBazaar(BAZAARS[0], paid, EXCHANGE_CARDS[0]), "M-BAZAAR-3")
    assert_illegal(state, VizierBuyBazaar(BAZAARS[0], paid, ()), "M-BAZAAR-3")
    with_bazaars = bazaar_state(3, 1)
    bazaar = BAZAARS[0]
    paid = ready_to_buy(with_bazaars, bazaar)
    assert_illegal(with_bazaars, VizierBuyBazaar(bazaar, paid, ()), "M-VIZIER-2")
    assert_illegal(with_bazaars, ExchangeBuyBazaar(bazaar, paid, EXCHANGE_CARDS[0]), "M-EXCH-3")


# ================================================================== [M-BAZAAR-4]
def test_a_bought_bazaar_is_placed_like_a_wall_less_tile_m_bazaar_4():
    """[M-BAZAAR-4] a bought bazaar follows the building rules: it may go wherever a wall-less building could, or to
    the reserve; it has no walls (the wall scoring is unchanged) and no type (no majority counts it)."""
    state = bazaar_state(3, 18)
    player = state.turn_player
    set_grid(state, player, {(1, 0): "", (0, 1): "S", (-1, 0): "W"})
    bazaar = BAZAARS[4]
    state.apply(BuyBazaar(bazaar, ready_to_buy(state, bazaar)))
    state.apply(EndTurn())
    plain = tile_with("", avoid=state.boards[player].grid.values())
    assert set(state.legal_cells(player, bazaar)) == set(state.legal_cells(player, plain))
    moves = state.legal_actions()
    assert Reserve(bazaar) in moves
    assert {(m.x, m.y) for m in moves if isinstance(m, Place)} == set(state.legal_cells(player, bazaar))
    counts = state.boards[player].type_counts()
    x, y = state.legal_cells(player, bazaar)[0]
    state.apply(Place(bazaar, x, y))
    assert state.boards[player].grid[cell_at(x, y)] == bazaar
    assert state.boards[player].type_counts() == counts
    as_plain = {**state.boards[player].grid, cell_at(x, y): plain}
    assert state.boards[player].wall_length() == longest_wall(as_plain)  # its walls are a wall-less building's: none
    check_conservation(state)


def test_a_bazaar_is_redesigned_like_a_building_m_bazaar_4_b_turn_6():
    """[M-BAZAAR-4] [B-TURN-6] a bazaar in the Alhambra may be lifted to the reserve and built again from it."""
    state = bazaar_state(3, 19)
    player = state.turn_player
    bazaar = BAZAARS[7]
    set_waiting(state, [])
    state.bag.remove(bazaar)
    state.boards[player] = state.boards[player].placed(cell_at(1, 0), bazaar)
    state._forget(player)
    assert Lift(bazaar) in state.legal_actions()
    state.apply(Lift(bazaar))
    assert bazaar in state.reserves[player]
    check_conservation(state)


def test_a_bought_bazaar_may_be_given_to_dirk_b_dirk_5_m_bazaar_4():
    """[B-DIRK-5] Choice: any bought tile may go to Dirk, a bazaar too; it has no type and counts for none of his
    majorities (his draws, ``dirk_gets``, never hold one)."""
    state = bazaar_state(2, 20)
    bazaar = BAZAARS[2]
    state.apply(BuyBazaar(bazaar, ready_to_buy(state, bazaar)))
    state.apply(EndTurn())
    assert GiveToDirk(bazaar) in state.legal_actions()
    counts = dirk.of(state).counts()
    state.apply(GiveToDirk(bazaar))
    assert bazaar in dirk.of(state).tiles and dirk.of(state).counts() == counts
    check_conservation(state)


# ================================================================== [M-BAZAAR-5]
def test_bazaar_points_count_the_eight_neighbours_of_its_colours_m_bazaar_5():
    """[M-BAZAAR-5] (neighbours, orthogonal and diagonal, that are buildings of the bazaar's colours) x (how many of
    its colours are among them): walls do not matter, a building may count for several bazaars, huts, the start
    tile and other tiles without a type never count."""
    florin = BAZAARS[0]  # pavilion / seraglio / arcades
    denar = BAZAARS[4]  # pavilion / arcades / chambers
    pavilion = tile_with("", "pavilion")
    walled_seraglio = tile_with("NE", "seraglio")
    other_pavilion = next(t for t in tiles_of_type("pavilion") if t != pavilion)
    garden = tile_with("", "garden")
    chambers = tile_with("W", "chambers")
    pavilion_hut = next(t for t in HUTS if HUT_COLOUR[t] == BUILDING_TYPES.index("pavilion"))
    grid = build(
        {
            (1, 0): florin,
            (2, 0): pavilion,  # orthogonal, next to both bazaars
            (2, 1): walled_seraglio,  # diagonal to the florin bazaar, walls or not
            (0, 1): other_pavilion,  # diagonal
            (1, 1): garden,  # not a colour of the florin bazaar
            (1, -1): pavilion_hut,  # a hut has no colour here
            (3, 0): denar,
            (4, 1): chambers,  # diagonal to the denar bazaar
        }
    )
    assert bazaar_points(grid, cell_at(1, 0), florin) == 3 * 2  # pavilion, seraglio, pavilion: two colours
    assert bazaar_points(grid, cell_at(3, 0), denar) == 2 * 2  # the shared pavilion and the chambers
    assert alhambra_points(grid) == 10
    assert bazaar_points({cell_at(0, 0): START_TILES[0], cell_at(1, 0): florin}, cell_at(1, 0), florin) == 0
    lone = {cell_at(0, 0): florin, cell_at(1, 1): pavilion, cell_at(-1, -1): other_pavilion}
    assert bazaar_points(lone, cell_at(0, 0), florin) == 2 * 1  # two of one colour, diagonals only
    ring = {cell_at(0, 0): florin}
    kinds = [tile_with("", "pavilion"), tile_with("", "seraglio"), tile_with("", "arcades")]
    for index, (dx, dy) in enumerate([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]):
        ring[cell_at(dx, dy)] = tiles_of_type(BUILDING_TYPES[TILE_TYPE[kinds[index % 3]]])[index // 3]
    assert bazaar_points(ring, cell_at(0, 0), florin) == 8 * 3  # the most a bazaar can score


def test_bazaars_score_only_at_the_third_scoring_m_bazaar_5():
    """[M-BAZAAR-5] the first and second scorings never count bazaars; the third adds one ``bazaar`` item per
    player with points, their bazaars' points together (also on a hand-built Alhambra)."""
    state = bazaar_state(3, 21)
    player = state.turn_player
    florin = BAZAARS[0]
    set_waiting(state, [])
    pavilion, seraglio = tile_with("", "pavilion"), tile_with("", "seraglio")
    set_grid(state, player, {(1, 0): pavilion, (2, 0): seraglio, (1, 1): tile_with("", "arcades")})
    state.bag.remove(florin)
    state.boards[player] = state.boards[player].placed(
        cell_at(2, 1), florin
    )  # next to the seraglio, diagonal to the pavilion, beside the arcades
    state._forget(player)
    check_conservation(state)
    module = Bazaars()
    assert module.score_items(state, 1) == [] and module.score_items(state, 2) == []
    items = [item for item in module.score_items(state, 3) if item[2]]
    assert items == [(player, "bazaar", 3 * 3)]
    for seed in range(6):
        game = new_game(2 + seed % 5, 40 + seed, ("bazaars",))
        play(game.state, random_policy(random.Random(seed)))
        for event in events_named(game.events, "score"):
            named = [item for item in event["points"] if item["what"] == "bazaar"]
            if event["round"] < 3:
                assert named == []
            else:
                expected = [
                    {"player": p, "what": "bazaar", "points": alhambra_points(grid)}
                    for p, grid in enumerate([board.grid for board in game.state.boards])
                    if alhambra_points(grid)
                ]
                assert named == expected


# ================================================================== [M-BAZAAR-6]
def test_bazaars_beside_the_market_are_not_distributed_m_bazaar_6_b_end_2():
    """[M-BAZAAR-6] [B-END-2] at the end only the market's tiles are distributed: the bazaars beside it stay there."""
    state = bazaar_state(3, 22)
    player = state.turn_player
    set_waiting(state, [BAZAARS[3], BAZAARS[6]])
    set_bag(state, [])
    set_hand(state, player, exact(MARKET_CURRENCY[0], TILE_COST[state.market[0]]))
    state.apply(Buy(1, tuple(state.hands[player])))
    state.apply(EndTurn())
    state.apply(Reserve(state.held[0]))
    distributed = events_named(state.log, "distribute")
    assert [e["slot"] for e in distributed] == [2, 3, 4]
    assert not any(is_bazaar(e["tile"]) for e in distributed)
    assert bazaars.of(state).waiting == [BAZAARS[3], BAZAARS[6]]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert bazaars.of(state).waiting == [BAZAARS[3], BAZAARS[6]]


# ================================================================== whole games and records
@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in range(3, 7))])
def test_random_games_with_bazaars_end_legally_and_replay_d_rng_1_m_bazaar_2(players):
    """[D-RNG-1] [M-BAZAAR-2] [M-BAZAAR-3] [M-BAZAAR-6] [B-END-1] random games with the bazaars alone, with each module
    of expansion 1 and with all of them: every tile and card stays accounted for after every decision, bazaars
    never reach the market, Dirk's draws or the distribution, the game ends after three scorings, and the record has
    RECORD.md's structure, is followed by the independent reader and replays to the same state and record."""
    for index, extra in enumerate(((), *((name,) for name in EXPANSION_1), EXPANSION_1)):
        modules = tuple(name for name in PLAYABLE if name in (*extra, "bazaars"))
        game = new_game(players, 3000 + 10 * players + index, modules)
        play(game.state, random_policy(random.Random(index)), check=_check_bazaars)
        state = game.state
        assert state.is_over and state.rounds_scored == 3
        record = json.loads(json.dumps(to_record(game)))
        check(record)
        loaded = loads(json.dumps(record))
        assert state_key(loaded.state) == state_key(state)
        assert json.loads(json.dumps(to_record(loaded))) == record


def _check_bazaars(state: GameState) -> None:
    """Every tile and card in one place; [M-BAZAAR-2] no bazaar in the market."""
    check_conservation(state)
    assert not any(is_bazaar(t) for t in state.market if t != EMPTY)


def test_random_agents_buy_bazaars_and_records_write_them_m_bazaar_3():
    """[M-BAZAAR-3] [M-BAZAAR-2] over a few random games bazaars are set aside, bought on turns, with exchange cards
    and by viziers, and ``bazaar_buy`` always costs what the tile in its currency's slot cost."""
    seen = set()
    for seed in range(12):
        game = new_game(3 + seed % 3, 4000 + seed, ("vizier", "exchange", "bazaars"))
        rng = random.Random(seed)
        state = game.state
        while not state.is_over:
            moves = state.legal_actions()
            bazaar_moves = [m for m in moves if isinstance(m, (BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar))]
            move = rng.choice(bazaar_moves) if bazaar_moves and rng.random() < 0.5 else rng.choice(moves)
            if isinstance(move, (BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar)):
                cost = bazaars.price(state, move.tile)
                written = game.apply(move)
                bought = next(e for e in written if e["e"] == "bazaar_buy")
                assert bought["cost"] == cost and bought["tile"] == move.tile
                seen.add(type(move))
            else:
                game.apply(move)
        seen |= {"aside"} if events_named(game.events, "bazaar_aside") else set()
        loads(json.dumps(to_record(game)))
    assert seen == {BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar, "aside"}


def test_tampered_bazaar_records_are_refused_m_bazaar_2_m_bazaar_3():
    """[M-BAZAAR-2] [M-BAZAAR-3] a record whose setup puts a bazaar into the market or a building beside it, or whose
    ``bazaar_buy`` states another cost, is refused with one line."""
    for seed in range(20):
        game = new_game(3, 5000 + seed, ("bazaars",))
        play(game.state, random_policy(random.Random(seed)))
        record = json.loads(json.dumps(to_record(game)))
        if record["setup"]["bazaars"] and events_named(record["events"], "bazaar_buy"):
            break
    else:
        pytest.fail("no game with a bazaar in setup and one bought")
    bad = json.loads(json.dumps(record))
    bad["setup"]["market"][0], bad["setup"]["bazaars"][0] = bad["setup"]["bazaars"][0], bad["setup"]["market"][0]
    with pytest.raises(RecordError, match="M-BAZAAR-2"):
        loads(json.dumps(bad))
    bought = next(i for i, e in enumerate(record["events"]) if e["e"] == "bazaar_buy")
    bad = json.loads(json.dumps(record))
    bad["events"][bought]["cost"] += 1
    with pytest.raises(RecordError, match=f"event {bought}"):
        loads(json.dumps(bad))
    bad = json.loads(json.dumps(record))
    bad["events"][bought]["paid"] = bad["events"][bought]["paid"][:-1] or [0]
    with pytest.raises(RecordError, match=f"event {bought}"):
        loads(json.dumps(bad))
