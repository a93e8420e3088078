"""RULES.md §8: the two-player game with the neutral collector Dirk."""

from __future__ import annotations

import random

import pytest

from game.engine import Buy, Reserve, Take
from game.engine.components import SCORING_CARDS, TWO_PLAYER_MONEY
from game.engine.modules import dirk
from game.engine.modules.dirk import GiveToDirk
from game.engine.scoring import majority_points
from game.engine.state import FINAL

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    dirk_tiles,
    events_named,
    hold,
    new_game,
    new_state,
    play,
    random_policy,
    set_bag,
    set_dirk,
    set_grid,
    set_hand,
    set_market,
    stack_deck,
    tile_with,
    tiles_of_type,
    tiles_with,
)

MARKET = [5, 3, 13, 53]  # costs 7, 5, 9, 13


@pytest.fixture
def duel():
    state = new_state(2, 44)
    state.log.clear()
    return state, state.turn_player


def test_two_player_game_plays_with_72_cards_b_dirk_1():
    """[B-DIRK-1] a whole two-player game uses only the 72 cards of the reduced set, each exactly once."""
    game = new_game(2, 5)
    play(game.state, random_policy(random.Random(5)), check=check_conservation)
    cards = {c for e in events_named(game.events, "offer") for c in [e["card"]]}
    assert cards <= set(TWO_PLAYER_MONEY)


def test_dirk_draws_six_after_the_first_scoring_b_dirk_2(duel):
    """[B-DIRK-2] after the first scoring Dirk receives the next 6 tiles of the bag (a 'dirk_gets' event)."""
    state, _ = duel
    assert len(dirk_tiles(state)) == 6
    top_six = list(reversed(state.bag))[:6]
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    names = [e["e"] for e in state.log]
    assert names.index("dirk_gets") == names.index("score") + 1
    (gets,) = events_named(state.log, "dirk_gets")
    assert gets["tiles"] == top_six
    assert len(dirk_tiles(state)) == 12 and dirk_tiles(state)[6:] == top_six
    check_conservation(state)


def test_dirk_draws_a_third_of_the_bag_after_the_second_scoring_b_dirk_2(duel):
    """[B-DIRK-2] after the second scoring Dirk receives a third of the bag, rounded down (38 -> 12)."""
    state, _ = duel
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    assert len(state.bag) == 38
    stack_deck(state, [SCORING_CARDS[1]])
    state.apply(Take((state.offer[0],)))
    gets = events_named(state.log, "dirk_gets")[-1]
    assert len(gets["tiles"]) == 12
    assert len(dirk_tiles(state)) == 24 and len(state.bag) == 26
    check_conservation(state)


def test_no_dirk_draws_with_three_players_b_dirk_2():
    """[B-DIRK-2] Dirk exists only with two players: a scoring in a 3-player game gives nobody tiles."""
    state = new_state(3, 44)
    stack_deck(state, [SCORING_CARDS[0]])
    bag = len(state.bag)
    state.apply(Take((state.offer[0],)))
    assert not events_named(state.log, "dirk_gets")
    assert dirk_tiles(state) == [] and len(state.bag) == bag


def test_dirk_ranks_and_shares_ties_but_never_scores_walls_b_dirk_3(duel):
    """[B-DIRK-3] Dirk takes part in the majorities: with 3 towers he ties player A (3 towers) for first
    and they share (6 + 0) / 2 = 3 each.  He never gets wall points, and his points are tracked apart."""
    state, a = duel
    b = 1 - a
    walled = tile_with("N", "tower")
    plain = tiles_with("", "tower")
    set_grid(state, a, {(1, 0): walled, (2, 0): plain[0], (3, 0): plain[1]})
    set_dirk(state, [t for t in tiles_of_type("tower") if t not in (walled, *plain)][:3])
    set_grid(state, b, {(1, 0): tile_with("N", "pavilion")})
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    (score,) = events_named(state.log, "score")
    awards = sorted((str(p["player"]), p["what"], p["points"]) for p in score["points"])
    assert awards == sorted(
        [("dirk", "tower", 3), (str(a), "tower", 3), (str(b), "pavilion", 1), (str(a), "wall", 1), (str(b), "wall", 1)]
    )
    assert dirk.of(state).score == 3 and score["dirk_total"] == 3
    expected = [0, 0]
    expected[a], expected[b] = 4, 2
    assert state.scores == score["totals"] == expected
    check_conservation(state)


def test_dirk_can_take_first_place_alone_b_dirk_3():
    """[B-DIRK-3] Dirk is ranked like a player: more towers than both players puts him first and
    pushes them down a rank (2nd scoring: Dirk 13, the next player 6, the last nothing)."""
    assert [p[5] for p in majority_points(2, [[0] * 5 + [2], [0] * 5 + [1], [0] * 5 + [4]])] == [6, 0, 13]


def test_dirk_cannot_win_b_dirk_3(duel):
    """[B-DIRK-3] even with far more points than both players, Dirk is never among the winners."""
    state, a = duel
    set_market(state, MARKET)
    set_bag(state, [])
    set_hand(state, a, [card("florin", 8)])
    set_hand(state, 1 - a, [])
    dirk.of(state).score = 500
    state.scores = [3, 4]
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(MARKET[0]))
    assert state.is_over
    assert dirk.of(state).score >= 500
    assert state.winners() == [1]
    assert state.log[-1]["winners"] == [1]


def test_bought_tile_may_go_to_dirk_b_dirk_4(duel):
    """[B-DIRK-4] with two players a bought tile may be given to Dirk instead of being placed."""
    state, a = duel
    set_market(state, MARKET)
    set_hand(state, a, [card("florin", 8)])
    state.apply(Buy(1, (card("florin", 8),)))
    assert GiveToDirk(MARKET[0]) in state.legal_actions()
    state.apply(GiveToDirk(MARKET[0]))
    assert dirk_tiles(state)[-1] == MARKET[0]
    assert {"e": "dirk", "player": a, "tile": MARKET[0]} in state.log
    assert state.turn_player == 1 - a
    check_conservation(state)


def test_no_gift_to_dirk_with_three_players_b_dirk_4():
    """[B-DIRK-4] with three players there is no Dirk: the gift is refused and never offered."""
    state = new_state(3, 44)
    tile = state.market[0]
    hold(state, [tile])
    assert not any(isinstance(a, GiveToDirk) for a in state.legal_actions())
    assert_illegal(state, GiveToDirk(tile), "B-DIRK-4")


def test_only_bought_tiles_go_to_dirk_b_dirk_4(duel):
    """[B-DIRK-4] only a tile bought this turn can be given: not one from the bag, and not outside the
    placing phase."""
    state, _ = duel
    assert_illegal(state, GiveToDirk(state.market[0]), "B-TURN-7")
    hold(state, [state.market[0]])
    assert_illegal(state, GiveToDirk(state.bag[0]), "B-TURN-7")


def test_tile_received_at_the_end_cannot_go_to_dirk_b_dirk_4_b_end_2(duel):
    """[B-DIRK-4] [B-END-2] a tile received in the end-of-game distribution is placed by its receiver:
    giving it to Dirk is refused and not offered."""
    state, a = duel
    b = 1 - a
    set_market(state, MARKET)
    set_bag(state, [])
    set_hand(state, a, [card("florin", 8)])
    set_hand(state, b, [card("dirham", 2)])
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(MARKET[0]))
    assert state.phase == FINAL and state.decider == b and state.held == [MARKET[1]]
    assert not any(isinstance(x, GiveToDirk) for x in state.legal_actions())
    assert_illegal(state, GiveToDirk(MARKET[1]), "B-DIRK-4")
