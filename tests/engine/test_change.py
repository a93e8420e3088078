"""Change (RULES.md §11.2, expansion 3), rule by rule, records, and whole random games with change.

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every illegal move
is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from game.engine import Buy, EndTurn, Reserve, Take
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    COINS,
    CURRENCIES,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    TILE_COST,
    is_coin,
)
from game.engine.modules import CHOOSABLE, PLAYABLE, change
from game.engine.modules.dirk import GiveToDirk
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.falcons import BuyFalcon
from game.engine.record import RecordError, loads, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, PLACE, GameState

from .helpers import (
    assert_illegal,
    card,
    change_bag,
    check_conservation,
    check_refused_in_one_line,
    check_round_trip,
    events_named,
    exchange_held,
    new_game,
    new_state,
    play,
    play_with_random_agents,
    random_policy,
    set_bag,
    set_grid,
    set_hand,
    set_market,
)

MODULES = ("change",)
# slot 1 florin: pavilion 5 costs 7... the market of test_end: slot 1 costs 7, slot 2 5, slot 3 9, slot 4 13
MARKET = [5, 3, 13, 53]


def coin(currency: str, copy: int = 0) -> int:
    """A change coin of ``currency`` (six per currency: ``copy`` 0 to 5)."""
    return [c for c in COINS if CURRENCIES[CARD_CURRENCY[c]] == currency][copy]


def change_state(players: int = 3, seed: int = 5, modules: tuple[str, ...] = MODULES) -> tuple[GameState, int]:
    """A game with change whose turn player faces ``MARKET`` (slot 1 costs 7, slot 2 costs 5)."""
    state = new_state(players, seed, modules=modules)
    set_market(state, MARKET)
    assert [TILE_COST[t] for t in MARKET] == [7, 5, 9, 13]
    state.log.clear()
    return state, state.turn_player


def coins_of(state: GameState, player: int) -> list[int]:
    return sorted(c for c in state.hands[player] if is_coin(c))


# ================================================================== [M-CHANGE-1] [M-CHANGE-2] components and setup
def test_24_coins_six_per_currency_value_1_m_change_1():
    """[M-CHANGE-1] 24 coins of value 1, six in each currency; the record lists them as ``coin`` cards exactly when
    the module plays."""
    assert len(COINS) == 24
    assert Counter(CURRENCIES[CARD_CURRENCY[c]] for c in COINS) == {c: 6 for c in CURRENCIES}
    assert {CARD_VALUE[c] for c in COINS} == {1}
    record = json.loads(json.dumps(to_record(new_game(3, 1, MODULES))))
    entries = [c for c in record["cards"] if c["kind"] == "coin"]
    assert [c["id"] for c in entries] == list(COINS)
    assert all(c["value"] == 1 and c["currency"] in CURRENCIES for c in entries)
    plain = json.loads(json.dumps(to_record(new_game(3, 1))))
    assert not [c for c in plain["cards"] if c["kind"] == "coin"] and "change" not in plain["setup"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_coin_starts_in_the_change_bag_m_change_2(players: int):
    """[M-CHANGE-2] all 24 coins go into the change bag with any number of players (Dirk's game too); nobody holds
    one, the deck and the offer hold none, and the rest of the deal is the game's without change."""
    state = new_state(players, 7, modules=MODULES)
    assert change_bag(state) == list(COINS)
    assert not any(map(is_coin, [c for hand in state.hands for c in hand] + state.offer + state.deck))
    dealt, plain = deal(players, 7, MODULES), deal(players, 7)
    assert (dealt.bag, dealt.deck, dealt.hands, dealt.market, dealt.offer) == (
        plain.bag,
        plain.deck,
        plain.hands,
        plain.market,
        plain.offer,
    )
    record = json.loads(json.dumps(to_record(new_game(players, 7, MODULES))))
    assert record["setup"]["change"] == list(COINS)
    check_conservation(state)


def test_a_deal_or_record_without_every_coin_in_the_bag_is_refused_m_change_2():
    """[M-CHANGE-2] a deal whose change bag lacks a coin, or that deals a coin into the deck, is refused; so is a
    record whose ``setup.change`` lacks one, or names no coin, with one line."""
    dealt = deal(3, 2, MODULES)
    assert deal_problems(dataclasses.replace(dealt, parts={**dealt.parts, "change": COINS[1:]})) == [
        "[M-CHANGE-2] all 24 coins start in the change bag"
    ]
    record = json.loads(json.dumps(to_record(new_game(3, 2, MODULES))))
    for bad in (record["setup"]["change"][:-1], [*record["setup"]["change"][:-1], 0], "coins", None):
        tampered = json.loads(json.dumps(record))
        tampered["setup"]["change"] = bad
        with pytest.raises(RecordError) as info:
            loads(json.dumps(tampered))
        assert "\n" not in str(info.value) and "change" in str(info.value)
    del record["setup"]["change"]
    with pytest.raises(RecordError, match="M-CHANGE-2"):
        loads(json.dumps(record))


# ================================================================== [M-CHANGE-3] the draw
@pytest.mark.parametrize(("paid", "owed"), [((7,), 0), ((8,), 0), ((9,), 1), ((6, 4), 1), ((8, 4), 2), ((9, 4), 3)])
def test_one_coin_for_every_full_2_overpaid_m_change_3(paid: tuple[int, ...], owed: int):
    """[M-CHANGE-3] overpaid 1 → nothing, 2 or 3 → one coin, 4 or 5 → two …: drawn at once from the change bag, written
    as ``change`` right after the ``buy``; the purchase is not exact, so no extra action follows."""
    state, player = change_state()
    cards = [card("florin", v, i) for i, v in enumerate(paid)]
    set_hand(state, player, cards)
    state.apply(Buy(1, tuple(cards)))
    drawn = coins_of(state, player)
    assert len(drawn) == owed == change.coins_owed(sum(paid) - 7)
    assert sorted(change_bag(state) + drawn) == list(COINS)
    names = [e["e"] for e in state.log]
    if owed:
        assert names == ["buy", "change"]
        assert state.log[1] == {"e": "change", "player": player, "coins": state.log[1]["coins"]}
        assert sorted(state.log[1]["coins"]) == drawn
    else:
        assert names == ["buy"]
    assert state.phase == (ACTION if sum(paid) == 7 else PLACE)
    check_conservation(state)


def test_overpaying_on_purpose_is_allowed_m_change_3():
    """[M-CHANGE-3] a payment with a card to spare is legal (the engine lists only payments that cannot drop a card,
    but accepts any): florin 5 + florin 4 for a cost of 7 overpays 2 and draws a coin."""
    state, player = change_state()
    five, four = card("florin", 5), card("florin", 4)
    set_hand(state, player, [five, four, card("florin", 9)])
    state.apply(Buy(1, (five, four)))
    assert len(coins_of(state, player)) == 1


def test_the_coins_drawn_are_chance_the_seed_s_and_hidden_from_knowledge_m_change_3():
    """[M-CHANGE-3] drawn blindly: which coins come is the game's chance (its seed), which no player's knowledge holds;
    the same seed draws the same coins ([D-RNG-1]), and the bag's content is public (a set, in order)."""
    draws = set()
    for seed in range(6):
        state, player = change_state(seed=seed)
        set_hand(state, player, [card("florin", 9), card("florin", 8)])
        again = state.clone()
        state.apply(Buy(1, (card("florin", 9), card("florin", 8))))  # overpaid 10: five coins
        again.apply(Buy(1, (card("florin", 9), card("florin", 8))))
        assert coins_of(state, player) == coins_of(again, player)
        assert change_bag(state) == sorted(change_bag(state))
        draws.add(tuple(coins_of(state, player)))
        knowledge = state.knowledge((player + 1) % 3)
        assert knowledge.state.seed == 0 and change_bag(knowledge.state) == change_bag(state)
    assert len(draws) > 1


def test_an_exchange_purchase_overpaid_draws_change_m_change_3():
    """[M-CHANGE-3] overpaid is the total paid minus the cost, also when an exchange card mixes two currencies."""
    state, player = change_state(modules=("exchange", "change"))
    exchange_card = next(c for c in EXCHANGE_CARDS if set(EXCHANGE_PAIR[c]) == {0, 1})  # florin/dirham
    exchange_held(state)[player].append(exchange_card)
    state.deck.remove(exchange_card)
    paid = (card("florin", 5), card("dirham", 6))
    set_hand(state, player, list(paid))
    state.apply(ExchangeBuy(1, paid, exchange_card))  # 11 for 7: two coins
    assert [e["e"] for e in state.log] == ["exchange", "buy", "change"]
    assert len(coins_of(state, player)) == 2
    check_conservation(state)


def test_a_short_bag_gives_what_is_left_an_empty_one_nothing_m_change_3():
    """[M-CHANGE-3] with fewer coins in the bag than owed, the buyer takes what is left; from an empty bag nothing, and
    no ``change`` event is written."""
    state, player = change_state()
    other = (player + 2) % 3
    set_hand(state, other, list(COINS[1:]))  # all but one coin are in the hand of the player after the next
    set_hand(state, player, [card("florin", 9), card("florin", 8), card("florin", 7)])
    state.apply(Buy(1, (card("florin", 9), card("florin", 8))))  # owed five
    assert coins_of(state, player) == [COINS[0]] and change_bag(state) == []
    assert state.log[-1] == {"e": "change", "player": player, "coins": [COINS[0]]}
    state.apply(Reserve(MARKET[0]))
    set_hand(state, state.turn_player, [card("dirham", 9)])
    written = len(state.log)
    state.apply(Buy(2, (card("dirham", 9),)))  # overpaid 4, the bag is empty
    assert [e["e"] for e in state.log[written:]] == ["buy"]
    check_conservation(state)


def test_a_tile_given_to_dirk_still_draws_change_m_change_3():
    """[M-CHANGE-3] the buyer paid: a tile then given to Dirk keeps the coins drawn with its purchase."""
    state, player = change_state(players=2)
    set_hand(state, player, [card("florin", 9)])
    state.apply(Buy(1, (card("florin", 9),)))
    state.apply(GiveToDirk(MARKET[0]))
    assert len(coins_of(state, player)) == 1
    check_conservation(state)


def test_a_vizier_purchase_is_exact_and_draws_no_change_m_change_3():
    """[M-CHANGE-3] vizier purchases are paid exactly ([M-VIZIER-2]): one that overpays is refused, so no vizier
    purchase ever draws a coin (random games with both modules: every ``change`` follows a turn player's ``buy``)."""
    for seed in range(4):
        game = new_game(3, seed, ("vizier", "change"))
        play(game.state, random_policy(random.Random(seed)))
        events = game.events
        for index, event in enumerate(events):
            if event["e"] == "change":
                bought = events[index - 1]
                assert bought["e"] == "buy" and bought["exact"] is False and bought["player"] == event["player"]
                assert events[index - 2]["e"] != "vizier"


# ================================================================== [M-CHANGE-4] coins pay like money
def test_a_coin_pays_with_cards_of_its_currency_and_an_exact_payment_acts_again_m_change_4():
    """[M-CHANGE-4] a coin counts as a money card of value 1 in its currency: florin 6 + a florin coin pay exactly 7,
    which grants another action ([B-TURN-4]); the legal purchases list the coin; a coin of another currency is
    refused for the slot ([B-TURN-3])."""
    state, player = change_state()
    six, florin_coin, dirham_coin = card("florin", 6), coin("florin"), coin("dirham")
    set_hand(state, player, [six, florin_coin, dirham_coin])
    assert Buy(1, (six, florin_coin)) in state.legal_actions()
    assert_illegal(state, Buy(1, (six, dirham_coin)), "B-TURN-3")
    state.apply(Buy(1, (six, florin_coin)))
    assert state.log[-1]["exact"] is True and state.phase == ACTION
    assert EndTurn() in state.legal_actions()
    check_conservation(state)


def test_coins_lie_face_up_and_are_never_taken_from_the_offer_m_change_4():
    """[M-CHANGE-4] coins are public: every player's knowledge holds them in their owner's hand; they never enter the
    offer, so no take names one ([B-TURN-2])."""
    state, player = change_state()
    florin_coin = coin("florin", 2)
    set_hand(state, player, [florin_coin, card("denar", 3)])
    for viewer in range(3):
        assert florin_coin in state.knowledge(viewer).state.hands[player]
    assert_illegal(state, Take((florin_coin,)), "B-TURN-2")
    assert not any(is_coin(c) for action in state.take_actions() for c in action.cards)


def test_a_coin_pays_for_a_falcon_m_change_4():
    """[M-CHANGE-4] **Choice:** a coin is a money card of value 1, so it pays for one falcon ([M-FALCON-2]); spent, it
    goes back into the change bag."""
    state, player = change_state(modules=("falcons", "change"))
    set_grid(state, player, {(1, 0): 6, (2, 0): 13, (0, 1): 21, (1, 1): 40, (2, 1): 51})
    denar_coin = coin("denar")
    set_hand(state, player, [denar_coin])
    buy = next(a for a in state.legal_actions() if isinstance(a, BuyFalcon))
    assert buy.card == denar_coin
    state.apply(buy)
    assert denar_coin in change_bag(state) and denar_coin not in state.discard
    check_conservation(state)


# ================================================================== [M-CHANGE-5] spent coins
def test_spent_coins_go_back_into_the_change_bag_m_change_5():
    """[M-CHANGE-5] **Choice:** coins paid go back into the change bag, never onto the discard pile (so never into a
    reshuffled deck); the ``buy`` lists them in ``paid``."""
    state, player = change_state()
    two_coins = [coin("dirham", 0), coin("dirham", 1)]
    set_hand(state, player, [card("dirham", 3), *two_coins])
    before = len(change_bag(state))
    state.apply(Buy(2, (card("dirham", 3), *two_coins)))
    assert state.log[-1]["paid"] == [card("dirham", 3), *two_coins]
    assert len(change_bag(state)) == before + 2 and set(two_coins) <= set(change_bag(state))
    assert card("dirham", 3) in state.discard and not any(map(is_coin, state.discard))
    check_conservation(state)


# ================================================================== [M-CHANGE-6] the end
def test_coins_count_in_the_end_of_game_distribution_m_change_6():
    """[M-CHANGE-6] **Choice:** coins count toward a player's total of their currency when the last tiles are
    distributed ([B-END-2]): B's dirham 5 and a dirham coin beat C's dirham 5."""
    state, a = change_state()
    b, c = (a + 1) % 3, (a + 2) % 3
    set_bag(state, [])
    set_hand(state, a, [card("florin", 7)])
    set_hand(state, b, [card("dirham", 5), coin("dirham")])
    set_hand(state, c, [card("dirham", 5, 1)])
    assert state.currency_totals(b)[1] == 6
    state.apply(Buy(1, (card("florin", 7),)))
    state.apply(EndTurn())
    state.apply(Reserve(MARKET[0]))
    assert {"e": "distribute", "slot": 2, "tile": MARKET[1], "player": b} in state.log


# ================================================================== [M-CHANGE-7] nothing else
def test_change_scores_nothing_and_dirk_never_gets_coins_m_change_7():
    """[M-CHANGE-7] change scores nothing (no score name of its own) and Dirk never holds a coin: random two-player
    games with change, every coin always in a hand or the bag."""
    for seed in range(3):
        game = new_game(2, seed, MODULES)
        play(game.state, random_policy(random.Random(seed)), check=check_conservation)
        for event in events_named(game.events, "score"):
            assert all(item["what"] != "change" for item in event["points"])
        assert all(0 <= e["player"] < 2 for e in events_named(game.events, "change"))


# ================================================================== records
def played(players: int, seed: int, modules: tuple[str, ...] = MODULES) -> dict:
    game = new_game(players, seed, modules)
    play(game.state, random_policy(random.Random(seed)))
    assert events_named(game.events, "change"), "the game drew change"
    return json.loads(json.dumps(to_record(game)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_record_with_change_round_trips_m_change_3(players: int):
    """[M-CHANGE-3] [D-RNG-1] save → load → replay gives the same events and result; the independent reader follows
    every ``change``."""
    record = played(players, 11 + players)
    check_round_trip(record)


def test_a_record_s_change_names_the_coins_drawn_m_change_3():
    """[M-CHANGE-3] replaying, the engine draws the coins the record's ``change`` names (the bag is a set, the draw
    chance): another coin that was in the bag replays, and the rest of the game follows it."""
    record = played(3, 4)
    index = next(i for i, e in enumerate(record["events"]) if e["e"] == "change")
    first = record["events"][index]
    held = {c for e in record["events"][:index] if e["e"] == "change" for c in e["coins"]}
    other = next(c for c in COINS if c not in held and c not in first["coins"])
    tampered = json.loads(json.dumps(record))
    tampered["events"][index]["coins"] = [other, *first["coins"][1:]]
    tampered["events"] = tampered["events"][: index + 1]
    del tampered["result"]
    game = loads(json.dumps(tampered))
    assert other in game.state.hands[first["player"]]


@pytest.mark.parametrize("how", ["missing", "too many", "not in the bag", "not a list", "no change owed"])
def test_a_tampered_change_event_is_refused_with_one_line_m_change_3(how: str):
    """[M-CHANGE-3] a record whose ``change`` is missing, names too many coins or one not in the bag, is malformed,
    or appears where nothing was owed is refused with one line."""
    record = played(3, 4)
    events = record["events"]
    index = next(i for i, e in enumerate(events) if e["e"] == "change")
    event = events[index]
    if how == "missing":
        del events[index]
    elif how == "too many":
        event["coins"] = [*event["coins"], next(c for c in COINS if c not in event["coins"])]
    elif how == "not in the bag":
        event["coins"] = [card("florin", 1)]
    elif how == "not a list":
        event["coins"] = "coins"
    else:
        plain = next(i for i, e in enumerate(events) if e["e"] == "take")
        events.insert(plain + 1, {"e": "change", "player": events[plain]["player"], "coins": [COINS[0]]})
    check_refused_in_one_line(record)


# ================================================================== whole games
def test_change_is_playable_and_offered_at_setup():
    """The engine and its records play it, and setup offers it: the client and the AI know it."""
    assert "change" in PLAYABLE and "change" in CHOOSABLE


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_agents_play_whole_games_with_change_m_change_4(players: int):
    """[M-CHANGE-4] the random bot decides from its knowledge in games with change (and every module of §9): nothing
    is created or lost, and the record replays."""
    play_with_random_agents(players, 30 + players, PLAYABLE)
