"""The position evaluation both computer players rest on."""

from __future__ import annotations

import random

import pytest

from ai import fast_policy
from ai.evaluation import (
    Outlook,
    TypePointsMemo,
    Weights,
    expected_final_scores,
    money_cap,
    payable_sums,
    scorings_left,
    useful_money,
)
from ai.fast_policy import Pricer, fast_action, placement_candidates
from ai.random_agent import pick_random
from game.engine import ACTION, FINAL, PLACE, GameState, Place, Reserve, Take, deal
from game.engine.components import ALL_MONEY, CARD_CURRENCY, CARD_VALUE, EMPTY, MARKET_CURRENCY, TILE_COST


def midgame(players: int = 3, seed: int = 4, steps: int = 60) -> GameState:
    state = GameState.start(deal(players, seed), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(pick_random(state.legal_actions(), rng))
    return state


def test_a_finished_game_is_worth_exactly_its_scores() -> None:
    state = GameState.start(deal(2, 1), 1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(pick_random(state.legal_actions(), rng))
    assert expected_final_scores(state) == [float(s) for s in state.scores]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_scorings_left_follow_the_scoring_cards_in_the_deck_b_setup_6(players: int) -> None:
    """The scoring cards come in the order of their rounds, so the rounds scored tell which are still in the deck."""
    state = GameState.start(deal(players, players), players)
    rng = random.Random(players)
    seen = set()
    while not state.is_over:
        in_deck = sum(1 for card, _, _ in state.windows if card in state.deck)
        assert scorings_left(state) == 1 + in_deck
        seen.add(in_deck)
        state.apply(pick_random(state.legal_actions(), rng))
    assert seen == {0, 1, 2}


@pytest.mark.parametrize(
    ("column", "expected"),
    [
        ([3.0, 1.0], [13.0, 6.0]),  # clear ranks
        ([3.0, 3.0], [9.5, 9.5]),  # a two-way tie shares 13 + 6 ([B-SCORE-3]: 9 each, rounded down)
        ([0.0, 2.0], [0.0, 13.0]),  # no tile of the type, no points ([B-SCORE-2])
    ],
)
def test_an_imminent_scoring_follows_the_rank_points_b_score_2_b_score_3(column, expected) -> None:
    """With no tiles left to come before a second scoring, the outlook is the scoring itself."""
    outlook = Outlook(midgame(2))
    tower = 5
    outlook.horizon = {2: 0.0}  # the second scoring, with nothing left to come before it
    assert outlook.type_points(tower, column) == pytest.approx(expected)


def test_a_distant_scoring_is_uncertain_but_favours_the_leader() -> None:
    outlook = Outlook(midgame(2))
    garden = 4
    outlook.horizon = {3: 4.0}  # only the final scoring, four tiles a player still to come
    leader, follower = outlook.type_points(garden, [4.0, 3.0])
    assert 20 > leader > follower > 5


def test_the_majority_memo_starts_afresh_when_full_and_answers_as_before() -> None:
    memo = TypePointsMemo(limit=2)
    key = ((10, 8, 9, 7, 11, 9), ((3, 4.0),), 0.75)
    terms = (((8, 4), 0.3, 0.5),)
    tables = memo.tables(key)
    assert tables == [None] * 6  # nothing worked out until a type is asked for
    table = tables[0] = ({}, terms)
    first = memo.work_out(table[0], terms, (2.0, 1.0))
    memo.work_out(table[0], terms, (1.0, 1.0))
    assert memo.tables(key) is tables and memo.entries == 2
    other = ((10, 8, 9, 7, 11, 8), ((3, 3.8),), 0.75)
    assert memo.tables(other) == [None] * 6 and memo.entries == 0 and list(memo.outlooks) == [other]
    fresh = memo.tables(key)
    assert fresh is not tables and fresh == [None] * 6
    assert memo.work_out({}, terms, (2.0, 1.0)) == first


def test_outlooks_alike_share_their_memo_and_answer_as_if_worked_out_afresh() -> None:
    state = midgame(3)
    first, second = Outlook(state), Outlook(state.clone())
    garden = 4
    column = [3.0, 1.0, 2.0]
    assert first.type_points(garden, column) == second.type_points(garden, column)
    assert first._tables is second._tables  # one memo entry for both
    afresh = TypePointsMemo(limit=1).work_out({}, first.terms(garden), tuple(column))
    assert first.type_points(garden, column) == afresh


def test_money_counts_only_as_far_as_it_can_still_be_spent() -> None:
    state = midgame(2)
    state.bag = []  # one tile left to buy
    state.market = [state.market[0], EMPTY, EMPTY, EMPTY]
    held = sum(CARD_VALUE[c] for c in state.hands[0])
    assert useful_money(state, 0, money_cap(state)) < held


def test_holding_exact_change_for_a_market_tile_is_worth_more_than_the_money() -> None:
    """An exact payment brings another action ([B-TURN-4]): the cards for one are worth more than their value."""
    coins = [c for c in ALL_MONEY if CARD_CURRENCY[c] == 0]
    four, three, two = (next(c for c in coins if CARD_VALUE[c] == v) for v in (4, 3, 2))
    assert payable_sums([four, three, two])[0] >> 5 & 1 and not payable_sums([four, three])[0] >> 5 & 1
    games = (midgame(2, seed=seed) for seed in range(20))
    state = next(s for s in games if s.market[0] != EMPTY and TILE_COST[s.market[0]] <= 9)
    player = state.decider
    cost, currency = TILE_COST[state.market[0]], MARKET_CURRENCY[0]
    exact = next(c for c in ALL_MONEY if CARD_CURRENCY[c] == currency and CARD_VALUE[c] == cost)
    without = state.clone()
    without.hands[player] = [c for c in state.hands[player] if CARD_CURRENCY[c] != currency]
    with_change = without.clone()
    with_change.hands[player].append(exact)
    gain = expected_final_scores(with_change)[player] - expected_final_scores(without)[player]
    assert gain > 0.3 * cost + 0.5


def test_taking_the_card_that_completes_an_exact_payment_is_priced_above_the_same_money_in_another_currency() -> None:
    """[B-TURN-4] an exact payment brings another action, so the card that makes one possible is worth more."""
    state = next(s for s in (midgame(2, seed=seed) for seed in range(30)) if s.phase == ACTION and s.market[0] != EMPTY)
    player = state.decider
    cost = TILE_COST[state.market[0]]
    state.market = [state.market[0], EMPTY, EMPTY, EMPTY]  # nothing else to pay exactly
    state.hands[player] = [c for c in ALL_MONEY if CARD_CURRENCY[c] == MARKET_CURRENCY[0] and CARD_VALUE[c] == 1][:1]
    completing = next(c for c in ALL_MONEY if CARD_CURRENCY[c] == MARKET_CURRENCY[0] and CARD_VALUE[c] == cost - 1)
    elsewhere = next(c for c in ALL_MONEY if CARD_CURRENCY[c] == MARKET_CURRENCY[1] and CARD_VALUE[c] == cost - 1)
    pricer = Pricer(state)
    assert pricer.take(Take((completing,))) > pricer.take(Take((elsewhere,)))
    assert Pricer(state).take(Take((elsewhere,))) == pricer.money_value(cost - 1)


def test_a_one_card_take_is_priced_as_a_take_of_several_cards_would_be() -> None:
    """One-card takes are priced by a shortcut; it must agree with the rule for any number of cards."""
    compared = bonus_seen = 0
    for seed in range(12):
        state = GameState.start(deal(3, seed), seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == ACTION:
                pricer = Pricer(state)
                for take in state.take_actions():
                    if len(take.cards) == 1:
                        (card,) = take.cards
                        general = pricer.money_value(CARD_VALUE[card]) + pricer._exact_chances(take.cards)
                        assert pricer.take(take) == general
                        compared += 1
                        bonus_seen += general != pricer.money_value(CARD_VALUE[card])
            state.apply(pick_random(state.legal_actions(), rng))
    assert compared > 500 and bonus_seen > 20


@pytest.mark.parametrize(
    ("weights", "remembered"),
    [(Weights(), 20_000), (Weights(compact=-3.0), 20_000), (Weights(), 3)],
    ids=["default", "crowding-averse", "memo-always-full"],
)
def test_the_quick_policy_places_as_if_it_had_priced_the_reserve_too(
    weights: Weights, remembered: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reserving is never priced above zero, so a placement priced at zero or more may skip its price.

    With weights that make most placements cost points, reserving is often the best move: both
    ways out of the shortcut are checked.  The choice is remembered per Alhambra and tile: asked
    again, or after the memo has started afresh, the answer is the same.
    """
    monkeypatch.setattr(fast_policy, "_PLACEMENTS", {})
    monkeypatch.setattr(fast_policy, "PLACEMENTS_REMEMBERED", remembered)
    picks = {Place: 0, Reserve: 0}
    for seed in range(12):
        state = GameState.start(deal(3, seed), seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase in (PLACE, FINAL):
                candidates = placement_candidates(state)
                if len(candidates) > 1:
                    everything_priced = max(candidates, key=Pricer(state, weights, exact_walls=False).price)
                    assert fast_action(state, random.Random(0), 0.0, weights) == everything_priced
                    assert fast_action(state, random.Random(0), 0.0, weights) == everything_priced
                    picks[type(everything_priced)] += 1
            state.apply(pick_random(state.legal_actions(), rng))
    assert len(fast_policy._PLACEMENTS) <= remembered
    assert picks[Place] > 100
    if weights.compact < 0:
        assert picks[Reserve] > 20
