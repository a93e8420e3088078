"""Thieves (RULES.md §11.3, expansion 3), rule by rule, and whole random games with thieves.

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every illegal move
is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.engine import Take
from game.engine.components import (
    CARD_CURRENCY,
    CURRENCIES,
    SCORING_CARDS,
    THIEF_CARDS,
    THIEF_CURRENCY,
    TILE_COST,
)
from game.engine.knowledge import state_key
from game.engine.modules import thieves, vizier
from game.engine.modules.thieves import WINDOW, PlayThief, ThiefPass
from game.engine.record import RecordError, loads, read_decision, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    events_named,
    new_game,
    new_state,
    play,
    random_policy,
    set_hand,
    set_market,
    set_offer,
    stack_deck,
)
from .record_reader import check, check_structure, follow


def thief(currency: str, copy: int = 0) -> int:
    return [c for c in THIEF_CARDS if CURRENCIES[THIEF_CURRENCY[c]] == currency][copy]


def deal_thieves(state, hands: dict[int, list[int]]) -> None:
    """Give the players these thieves (the others keep theirs as far as possible); the rest go to the box."""
    part = thieves.of(state)
    wanted = {c for cards in hands.values() for c in cards}
    pool = [c for hand in part.hands for c in hand if c not in wanted] + [c for c in part.out if c not in wanted]
    sizes = [len(hand) for hand in part.hands]
    for seat in range(state.players):
        part.hands[seat] = list(hands.get(seat, []))
    for seat in range(state.players):
        while seat not in hands and len(part.hands[seat]) < sizes[seat] and pool:
            part.hands[seat].append(pool.pop(0))
    part.out = pool
    check_conservation(state)


def end_turn_by_taking(state, cards: tuple[int, ...]) -> None:
    state.apply(Take(cards))


# ------------------------------------------------------------------ deal
@pytest.mark.parametrize(("players", "each", "out"), [(2, 4, 4), (3, 4, 0), (4, 3, 0), (5, 2, 2), (6, 2, 0)])
def test_thieves_dealt_face_down_by_player_number_m_thief_1_m_thief_2(players, each, out):
    """[M-THIEF-1] twelve thieves, three per currency; [M-THIEF-2] 4/4/3/2/2 each for 2-6 players (Dirk none), the rest
    in the box; the deal is checked."""
    assert sorted(THIEF_CURRENCY[c] for c in THIEF_CARDS) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    dealt = deal(players, 3, ("thieves",))
    hands, box = dealt.parts["thieves"]
    assert len(hands) == players and all(len(hand) == each for hand in hands) and len(box) == out
    assert deal_problems(dealt) == []
    bad = dataclasses.replace(dealt, parts={**dealt.parts, "thieves": ((*hands[:-1], hands[-1][:-1]), box)})
    assert any("M-THIEF-2" in problem or "M-THIEF-1" in problem for problem in deal_problems(bad))
    state = new_state(players, 3, modules=("thieves",))
    assert all(not any(c in THIEF_CARDS for c in hand) for hand in state.hands)  # [M-THIEF-9] no money
    check_conservation(state)


# ------------------------------------------------------------------ the window
def four_players():
    state = new_state(4, 5, modules=("thieves",))
    p = state.turn_player
    offer = [card("florin", 3), card("dirham", 7), card("denar", 2), card("ducat", 9)]
    set_offer(state, offer)
    stack_deck(state, [card("florin", 8), card("florin", 1), card("dirham", 1), card("denar", 1), card("ducat", 1)])
    deal_thieves(
        state,
        {
            (p + 1) % 4: [thief("florin"), thief("dirham"), thief("denar")],
            (p + 2) % 4: [thief("dirham", 1), thief("ducat"), thief("ducat", 1)],
            (p + 3) % 4: [thief("florin", 1), thief("denar", 1), thief("ducat", 2)],
            p: [thief("florin", 2), thief("dirham", 2), thief("denar", 2)],
        },
    )
    return state, p


def test_after_a_complete_turn_the_eligible_players_are_asked_in_order_m_thief_3_m_thief_4_m_thief_5():
    """[M-THIEF-3] after a complete turn (refills done) the thief window opens; [M-THIEF-4] with four players neither
    the player who just ended nor the next one may steal; [M-THIEF-5] the others are asked once each, clockwise from
    the nearest; each plays any number of thieves, one at a time, or passes (not recorded)."""
    state, p = four_players()
    end_turn_by_taking(state, (card("florin", 3),))
    assert state.phase == WINDOW and state.decider == (p + 2) % 4
    moves = state.legal_actions()
    assert set(moves) == {
        PlayThief(thief("dirham", 1), card("dirham", 7)),
        PlayThief(thief("ducat"), card("ducat", 9)),
        ThiefPass(),
    }
    state.apply(PlayThief(thief("ducat"), card("ducat", 9)))
    assert card("ducat", 9) in state.hands[(p + 2) % 4] and thief("ducat") in thieves.of(state).played
    assert state.log[-2] == {"e": "thief", "player": (p + 2) % 4, "card": thief("ducat"), "took": card("ducat", 9)}
    assert state.log[-1]["e"] == "offer" and len(state.offer) == 4  # [M-THIEF-3] refilled at once
    assert state.decider == (p + 2) % 4  # asked again: a thief of its currency is still in the offer
    state.apply(ThiefPass())
    assert state.phase == WINDOW and state.decider == (p + 3) % 4
    before = len(state.log)
    state.apply(ThiefPass())
    assert state.phase == ACTION and state.turn_player == (p + 1) % 4
    assert [e["e"] for e in state.log[before:]] == ["turn"]  # passes are not recorded
    check_conservation(state)


def test_thieves_refused_outside_the_window_or_for_the_wrong_card_m_thief_3_m_thief_9():
    """[M-THIEF-9] playing a thief is no action: refused in a turn; [M-THIEF-3] only a thief held, a card of its
    currency, one in the offer; [M-THIEF-9] only money cards."""
    state, p = four_players()
    assert_illegal(state, PlayThief(thief("florin", 2), card("florin", 3)), "M-THIEF-9")
    end_turn_by_taking(state, (card("florin", 3),))
    q = state.decider
    assert_illegal(state, PlayThief(thief("florin"), card("dirham", 7)), "M-THIEF-3")  # not q's
    assert_illegal(state, PlayThief(thief("dirham", 1), card("ducat", 9)), "M-THIEF-3")  # another currency
    assert_illegal(state, PlayThief(thief("dirham", 1), card("dirham", 9)), "M-THIEF-3")  # not in the offer
    assert_illegal(state, Take((state.offer[0],)), "M-THIEF-5")
    assert q == (p + 2) % 4


def test_an_exchange_card_cannot_be_stolen_m_thief_9():
    """[M-THIEF-9] an exchange card in the offer is no money: no thief takes it."""
    state = new_state(3, 8, modules=("thieves", "exchange"))
    p = state.turn_player
    exchange_card = next(c for c in state.deck if CARD_CURRENCY[c] is None and c not in SCORING_CARDS)
    set_offer(state, [card("florin", 3), exchange_card, card("denar", 2), card("ducat", 9)])
    stack_deck(state, [card("florin", 8)])
    deal_thieves(state, {(p + 2) % 3: [thief("florin"), thief("dirham"), thief("denar"), thief("ducat")]})
    end_turn_by_taking(state, (card("florin", 3),))
    assert state.phase == WINDOW
    assert_illegal(state, PlayThief(thief("dirham"), exchange_card), "M-THIEF-9")
    assert all(move.took != exchange_card for move in state.legal_actions() if isinstance(move, PlayThief))


def test_with_two_players_only_the_next_player_steals_and_dirk_never_m_thief_4_m_thief_9():
    """[M-THIEF-4] with two players the player whose turn comes next may steal, the one who just ended not;
    [M-THIEF-9] Dirk gets no thieves."""
    state = new_state(2, 4, modules=("thieves",))
    p = state.turn_player
    assert len(thieves.of(state).hands) == 2
    set_offer(state, [card("florin", 3), card("dirham", 7), card("denar", 2), card("ducat", 9)])
    stack_deck(state, [card("florin", 8)])
    deal_thieves(state, {p: [thief("florin"), thief("dirham")], 1 - p: [thief("dirham", 1), thief("denar")]})
    end_turn_by_taking(state, (card("florin", 3),))
    assert state.phase == WINDOW and state.decider == 1 - p
    assert thieves.eligible(2, p) == [1 - p] and thieves.eligible(5, 0) == [2, 3, 4]


def test_a_scoring_drawn_in_the_window_is_scored_when_it_closes_m_thief_6():
    """[M-THIEF-6] a scoring card drawn while the offer is refilled after a theft is set aside; the scoring takes
    place when the window closes, never in the middle of it."""
    state, p = four_players()
    end_turn_by_taking(state, (card("florin", 3),))
    first = SCORING_CARDS[0]
    stack_deck(state, [first, card("ducat", 4)])
    state.apply(PlayThief(thief("ducat"), card("ducat", 9)))
    names = [e["e"] for e in state.log]
    assert names[-3:] == ["thief", "scoring_card", "offer"] and "score" not in names
    assert state.phase == WINDOW and state.decider == (p + 2) % 4
    state.apply(PlayThief(thief("ducat", 1), card("ducat", 4)))
    while state.phase == WINDOW:
        state.apply(ThiefPass())
    names = [e["e"] for e in state.log]
    assert names[-2:] == ["score", "turn"] and state.rounds_scored == 1
    check_conservation(state)


def test_the_thief_window_comes_before_the_vizier_window_m_thief_7():
    """[M-THIEF-7] the thief window first, then the vizier's: a card stolen may pay for a vizier purchase."""
    state = new_state(4, 5, modules=("thieves", "vizier"))
    p = state.turn_player
    stealer = (p + 2) % 4
    slot_currency = CARD_CURRENCY[card("florin", 1)]
    set_market(state, [6, *state.market[1:]])  # pavilion 6 costs 8
    cost = TILE_COST[6]
    for seat in range(4):
        set_hand(state, seat, [])
    set_offer(state, [card("florin", 1), card("dirham", 7), card("denar", 2), card("florin", cost)])
    stack_deck(state, [card("dirham", 8), card("ducat", 1), card("ducat", 2)])
    deal_thieves(state, {seat: [thief("florin")] if seat == stealer else [] for seat in range(4)})
    assert slot_currency == 0
    end_turn_by_taking(state, (card("florin", 1),))
    assert state.phase == WINDOW and state.decider == stealer
    state.apply(PlayThief(thief("florin"), card("florin", cost)))
    assert state.phase == vizier.WINDOW and state.decider == stealer  # the stolen card buys the tile exactly
    assert state.rules.names.index("vizier") < state.rules.names.index(
        "thieves"
    )  # the order is the hooks', not the registry's


def test_no_thief_window_after_the_last_turn_m_thief_8():
    """[M-THIEF-8] when the market cannot be filled the game ends: no thief window after the last turn."""
    game = new_game(3, 12, ("thieves",))
    play(game.state, random_policy(random.Random(2)))
    events = game.events
    first = next(i for i, e in enumerate(events) if e["e"] == "distribute")
    assert not [e for e in events[first:] if e["e"] == "thief"]
    assert events_named(events, "thief"), "random play stole"


# ------------------------------------------------------------------ knowledge, records
def test_others_thieves_and_the_box_are_hidden_d_hidden_1():
    """[D-HIDDEN-1] [M-THIEF-2] a player knows their own thieves, not the others' face-down ones nor those in the
    box: two games differing only there give equal knowledge; a determinization deals them afresh."""
    state = new_state(5, 9, modules=("thieves",))
    viewer = 0
    other = state.clone()
    part = thieves.of(other)
    part.hands[2][0], part.out[0] = part.out[0], part.hands[2][0]
    part.hands[3], part.hands[4] = part.hands[4], part.hands[3]
    assert state.knowledge(viewer) == other.knowledge(viewer)
    assert state.knowledge(2) != other.knowledge(2)
    dealt = set()
    for seed in range(8):
        sample = state.determinize(viewer, random.Random(seed))
        assert thieves.of(sample).hands[viewer] == thieves.of(state).hands[viewer]
        assert sample.knowledge(viewer) == state.knowledge(viewer)
        check_conservation(sample)
        dealt.add(tuple(map(tuple, thieves.of(sample).hands)))
    assert len(dealt) > 1


def test_thief_actions_are_refused_without_the_module_m_thief_3():
    """[M-THIEF-3] a game without thieves has no thief window."""
    state = new_state(3, 1)
    assert_illegal(state, PlayThief(THIEF_CARDS[0], state.offer[0]), "M-THIEF-3")
    assert_illegal(state, ThiefPass(), "M-THIEF-5")


def test_thief_events_read_back_and_tampering_is_refused_d_rng_1():
    """[D-RNG-1] [M-THIEF-3] each ``thief`` event reads back as the decision that wrote it, with RECORD.md's fields;
    the setup has ``thieves`` and ``thieves_out``; the independent reader follows; the game replays exactly; a thief
    not held, or a stolen card of another currency, is refused with one line naming the event."""
    game = new_game(4, 17, ("thieves", "vizier"))
    rng = random.Random(4)
    state = game.state
    while not state.is_over:
        moves = state.legal_actions()
        steals = [m for m in moves if isinstance(m, PlayThief)]
        action = steals[0] if steals and rng.random() < 0.7 else rng.choice(moves)
        first, phase, decider = len(game.events), state.phase, state.decider
        game.apply(action)
        if isinstance(action, PlayThief):
            assert read_decision(game.events, first, phase, decider) == action
        check_conservation(state)
    record = json.loads(json.dumps(to_record(game)))
    events = record["events"]
    assert events_named(events, "thief")
    assert all(set(e) == {"e", "player", "card", "took"} for e in events_named(events, "thief"))
    assert {"thieves", "thieves_out"} <= set(record["setup"])
    assert next(c for c in record["cards"] if c["kind"] == "thief") == {
        "id": THIEF_CARDS[0],
        "kind": "thief",
        "currency": "florin",
    }
    for index, event in enumerate(events):  # [M-THIEF-7] no theft after a vizier purchase in the same gap
        if event["e"] == "vizier":
            later = next((e for e in events[index:] if e["e"] in ("turn", "thief")), {"e": "turn"})
            assert later["e"] == "turn"
    check(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert json.loads(json.dumps(to_record(loaded))) == record
    index = next(i for i, e in enumerate(events) if e["e"] == "thief")
    bad = json.loads(json.dumps(record))
    player = bad["events"][index]["player"]
    bad["events"][index]["card"] = next(c for c in THIEF_CARDS if c not in record["setup"]["thieves"][player])
    with pytest.raises(RecordError, match=f"^event {index} .*M-THIEF-3[^\n]*$"):
        loads(json.dumps(bad))


@pytest.mark.parametrize(
    "modules",
    [("thieves",), ("thieves", "vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons", "chests")],
)
@pytest.mark.parametrize("players", [2, 3, *(pytest.param(n, marks=pytest.mark.slow) for n in range(4, 7))])
def test_random_games_with_thieves_end_legally_and_replay_m_thief_1_m_thief_3_d_rng_1(players, modules):
    """[M-THIEF-1] [M-THIEF-3] [D-RNG-1] whole random games with thieves (2-6 players, alone and with every module
    built): every thief stays accounted for, the game ends after the third scoring, the independent reader follows
    the record and it replays to the same state."""
    game = new_game(players, 700 + players, modules)
    play(game.state, random_policy(random.Random(players)), check=check_conservation)
    assert game.state.rounds_scored == 3
    record = json.loads(json.dumps(to_record(game)))
    check_structure(record)
    follow(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
