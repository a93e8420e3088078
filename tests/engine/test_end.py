"""RULES.md §7: the end of the game, the distribution of the market's last tiles, the third scoring
and the winners."""

from __future__ import annotations

import pytest

from game.engine import Buy, Place, Reserve, Take
from game.engine.components import EMPTY
from game.engine.state import ACTION, FINAL, OVER, PLACE

from .helpers import (
    assert_illegal,
    card,
    events_named,
    new_state,
    play_random_game,
    set_bag,
    set_hand,
    set_market,
)

# slot 1 florin: cost 7; slot 2 dirham: cost 5; slot 3 denar: cost 9; slot 4 ducat: the tower costing 13
MARKET = [5, 3, 13, 53]


@pytest.fixture
def last_turn():
    """A 3-player game whose bag is empty: the current player A is about to overpay for slot 1.

    After that purchase A holds denar 5.  B holds dirham 6 and denar 1; C holds denar 5, ducat 2
    and dirham 3.  So dirhams: B richest; denars: A and C tie; ducats: C richest (with only 2).
    """
    state = new_state(3, 31)
    a = state.turn_player
    b, c = (a + 1) % 3, (a + 2) % 3
    set_market(state, MARKET)
    set_bag(state, [])
    set_hand(state, a, [card("florin", 8), card("denar", 5)])
    set_hand(state, b, [card("dirham", 6), card("denar", 1)])
    set_hand(state, c, [card("denar", 5, 1), card("ducat", 2), card("dirham", 3)])
    state.log.clear()
    return state, a, b, c


def test_game_ends_when_the_market_cannot_be_refilled_b_end_1(last_turn):
    """[B-END-1] the bag is empty and a slot was bought: after this turn the game ends (no next turn)."""
    state, _a, _, _ = last_turn
    state.apply(Buy(1, (card("florin", 8),)))
    assert state.phase == PLACE
    state.apply(Reserve(MARKET[0]))
    assert state.phase in (FINAL, OVER)
    assert not events_named(state.log, "turn")
    assert events_named(state.log, "distribute")


def test_empty_bag_alone_does_not_end_the_game_b_end_1(last_turn):
    """[B-END-1] with an empty bag but a full market (nobody bought), play goes on normally."""
    state, _a, b, _ = last_turn
    state.apply(Take((state.offer[0],)))
    assert state.phase == ACTION and state.turn_player == b
    assert not events_named(state.log, "distribute")


def test_partial_refill_ends_the_game_b_end_1_b_fill_1(last_turn):
    """[B-END-1] [B-FILL-1] one tile left in the bag, two slots bought: slot 1 is refilled, slot 2 cannot
    be, so the game ends; the newly drawn tile is distributed like the others."""
    state, a, _b, _c = last_turn
    spare = 0  # the pavilion costing 2
    set_bag(state, [spare])
    set_hand(state, a, [card("florin", 3), card("florin", 4), card("dirham", 9), card("denar", 5)])
    state.apply(Buy(1, (card("florin", 3), card("florin", 4))))  # exact
    state.apply(Buy(2, (card("dirham", 9),)))  # overpays
    for tile in list(state.held):
        state.apply(Reserve(tile))
    assert events_named(state.log, "market") == [{"e": "market", "slot": 1, "tile": spare}]
    distributed = {e["slot"]: e["tile"] for e in events_named(state.log, "distribute")}
    assert distributed == {1: spare, 3: MARKET[2], 4: MARKET[3]}


def test_distribution_richest_gets_tie_stays_b_end_2(last_turn):
    """[B-END-2] each market tile goes to the single richest holder of its slot's currency, whatever
    its cost (C gets the 13-tower with 2 ducats); a tie for richest (denars) leaves the tile in the market."""
    state, _a, b, c = last_turn
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(MARKET[0]))
    assert events_named(state.log, "distribute") == [
        {"e": "distribute", "slot": 2, "tile": MARKET[1], "player": b},
        {"e": "distribute", "slot": 3, "tile": MARKET[2], "player": None},
        {"e": "distribute", "slot": 4, "tile": MARKET[3], "player": c},
    ]
    assert state.market == [EMPTY, EMPTY, MARKET[2], EMPTY]
    assert state.phase == FINAL


def test_receivers_place_their_tiles_then_third_scoring_b_end_2_b_end_3(last_turn):
    """[B-END-2] [B-END-3] the receivers place their tiles under the usual rules, in turn order after the
    last player (B, then C); other actions are refused; then the third scoring ends the game."""
    state, _a, b, c = last_turn
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(MARKET[0]))
    assert state.phase == FINAL and state.decider == b
    assert state.held == [MARKET[1]]
    assert {x.kind for x in state.legal_actions()} <= {"place", "reserve"}
    assert_illegal(state, Take((state.offer[0],)), "B-END-2")
    assert_illegal(state, Reserve(MARKET[3]), "B-TURN-7")  # C's tile, not B's
    place = next(x for x in state.legal_actions() if isinstance(x, Place))
    state.apply(place)
    assert state.boards[b].grid[place.cell] == MARKET[1]
    assert state.phase == FINAL and state.decider == c and state.held == [MARKET[3]]
    state.apply(Reserve(MARKET[3]))
    assert state.phase == OVER and state.is_over and state.decider == -1
    names = [e["e"] for e in state.log]
    assert names[-2:] == ["score", "game_over"]
    assert state.log[-2]["round"] == 3
    assert state.log[-1] == {"e": "game_over", "scores": state.scores, "winners": state.winners()}
    assert state.legal_actions() == []
    assert_illegal(state, Take((state.offer[0],)), "B-END-3")


def test_shared_victory_b_end_3(last_turn):
    """[B-END-3] tied highest scores share the victory: nobody receives a tile (all hands empty), the
    third scoring adds nothing, and the two players on 10 both win."""
    state, a, b, c = last_turn
    set_hand(state, a, [card("florin", 8)])
    set_hand(state, b, [])
    set_hand(state, c, [])
    state.scores = [10, 10, 7]
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(MARKET[0]))
    assert all(e["player"] is None for e in events_named(state.log, "distribute"))
    assert state.is_over
    assert state.scores == [10, 10, 7]
    assert state.winners() == [0, 1]
    assert state.log[-1] == {"e": "game_over", "scores": [10, 10, 7], "winners": [0, 1]}


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end_properly_b_end_1_b_end_3(players):
    """[B-END-1] [B-END-3] random games end with an empty bag and a market that could not be refilled;
    the winners are exactly the players with the highest final score."""
    for seed in range(3):
        game = play_random_game(players, 300 + seed)
        state = game.state
        assert state.is_over and state.bag == []
        last_turn_at = max(i for i, e in enumerate(game.events) if e["e"] == "turn")
        assert events_named(game.events[last_turn_at:], "distribute"), "distribution follows the last turn"
        best = max(state.scores)
        assert state.winners() == [p for p in range(players) if state.scores[p] == best]
        assert game.events[-1]["winners"] == state.winners()
