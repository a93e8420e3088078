"""RULES.md §3 (a turn) and §5 (refilling the market and the money offer).

Most tests arrange a 3-player state by hand: the current player's hand, the money offer, the
market and the tops of the deck and the bag are set by moving components (helpers), so each
rule is exercised on a known situation.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from game.engine import Buy, EndTurn, FromReserve, Lift, Pass, Place, Reserve, Take
from game.engine.alhambra import cell_at
from game.engine.components import CARD_VALUE, EMPTY, SCORING_CARDS, TILE_COST
from game.engine.state import ACTION, PLACE, minimal_payments

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    empty_deck_into_discard,
    events_named,
    new_game,
    new_state,
    play,
    random_policy,
    set_grid,
    set_hand,
    set_market,
    set_offer,
    set_reserve,
    stack_bag,
    stack_deck,
    tile_with,
)

# market tiles by cost, one per slot: slot 1 (florin) 7, slot 2 (dirham) 5, slot 3 (denar) 9, slot 4 (ducat) 4
MARKET = [5, 3, 13, 2]


@pytest.fixture
def turn():
    """A 3-player game at the start of a turn: market MARKET, a known offer; returns (state, player)."""
    state = new_state(3, 17)
    set_market(state, MARKET)
    set_offer(state, [card("florin", 9), card("dirham", 2), card("denar", 3), card("ducat", 4)])
    state.log.clear()
    return state, state.turn_player


# ---------------------------------------------------------------- [B-TURN-1]
@pytest.mark.parametrize("players", range(2, 7))
def test_turns_go_round_in_seat_order_b_turn_1(players):
    """[B-TURN-1] from the start player, turns pass clockwise: each 'turn' event names the next seat."""
    game = new_game(players, 40 + players)
    play(game.state, random_policy(random.Random(players)))
    turns = [e["player"] for e in events_named(game.events, "turn")]
    assert turns[0] == game.deal.start_player
    for before, after in pairwise(turns):
        assert after == (before + 1) % players


# ---------------------------------------------------------------- [B-TURN-2] take money
def test_take_one_card_of_any_value_b_turn_2(turn):
    """[B-TURN-2] a single card may be taken whatever its value (a 9)."""
    state, player = turn
    nine = card("florin", 9)
    assert Take((nine,)) in state.legal_actions()
    state.apply(Take((nine,)))
    assert nine in state.hands[player]
    assert state.log[0] == {"e": "take", "player": player, "cards": [nine]}


def test_take_several_worth_at_most_five_b_turn_2(turn):
    """[B-TURN-2] several cards may be taken if they add up to at most 5 (2 + 3), whatever their currencies."""
    state, player = turn
    two, three = card("dirham", 2), card("denar", 3)
    state.apply(Take((two, three)))
    assert {two, three} <= set(state.hands[player])


def test_take_refusals_b_turn_2(turn):
    """[B-TURN-2] refused: several cards worth more than 5, a card not in the offer, no card, a card twice."""
    state, player = turn
    two, three, four, nine = card("dirham", 2), card("denar", 3), card("ducat", 4), card("florin", 9)
    assert_illegal(state, Take((two, four)), "B-TURN-2")  # 6
    assert_illegal(state, Take((two, three, four)), "B-TURN-2")
    assert_illegal(state, Take((nine, two)), "B-TURN-2")
    assert_illegal(state, Take((card("florin", 1),)), "B-TURN-2")  # in the deck, not the offer
    assert_illegal(state, Take((state.hands[player][0],)), "B-TURN-2")  # one's own card
    assert_illegal(state, Take(()), "B-TURN-2")
    assert_illegal(state, Take((two, two)), "B-TURN-2")


def test_take_actions_are_exactly_the_allowed_takes_b_turn_2(turn):
    """[B-TURN-2] the listed takes: each single card, plus the only pair worth at most 5 (2 + 3)."""
    state, _ = turn
    takes = {tuple(sorted(CARD_VALUE[c] for c in a.cards)) for a in state.take_actions()}
    assert takes == {(9,), (2,), (3,), (4,), (2, 3)}
    set_offer(state, [card("florin", 1), card("dirham", 1), card("denar", 2), card("ducat", 1)])
    takes = {tuple(sorted(CARD_VALUE[c] for c in a.cards)) for a in state.take_actions()}
    assert (1, 1, 1, 2) in takes  # all four, worth 5
    assert all(len(t) == 1 or sum(t) <= 5 for t in takes)


def test_take_is_always_possible_while_the_offer_holds_a_card_b_turn_8(turn):
    """[B-TURN-8] taking money is always possible while the offer holds a card: a single 9 left alone."""
    state, _ = turn
    set_offer(state, [card("florin", 9)])
    assert state.take_actions() == [Take((card("florin", 9),))]
    assert Pass() not in state.legal_actions()


def test_foreign_objects_are_not_actions_b_turn_1(turn):
    """[B-TURN-1] something that is not one of the game's actions is refused as such (state unchanged)."""
    state, _ = turn
    assert_illegal(state, ("take", (card("florin", 9),)), "B-TURN-1")
    assert_illegal(state, None, "B-TURN-1")


# ---------------------------------------------------------------- [B-TURN-3] buy
def test_buy_with_wrong_currency_or_too_little_is_refused_b_turn_3(turn):
    """[B-TURN-3] slot 1 (florin) costs 7: dirhams are refused, florins worth 6 are too little,
    and only cards in one's own hand pay."""
    state, player = turn
    f3, f3b, d9 = card("florin", 3), card("florin", 3, 1), card("dirham", 9)
    set_hand(state, player, [f3, f3b, d9, card("florin", 5)])
    assert TILE_COST[state.market[0]] == 7
    error = assert_illegal(state, Buy(1, (d9,)), "B-TURN-3")
    assert "florin" in str(error)
    assert_illegal(state, Buy(1, (f3, f3b)), "B-TURN-3")
    assert_illegal(state, Buy(1, (f3, card("florin", 9))), "B-TURN-3")  # the florin 9 lies in the offer
    assert_illegal(state, Buy(1, ()), "B-TURN-3")
    assert_illegal(state, Buy(1, (f3, f3)), "B-TURN-3")


def test_overpaying_ends_the_turn_b_turn_3(turn):
    """[B-TURN-3] paying 8 for a 7: accepted, no change given, the cards go to the discard pile and the
    turn ends (PLACE phase: the tile waits to be placed)."""
    state, player = turn
    f4, f4b = card("florin", 4), card("florin", 4, 1)
    set_hand(state, player, [f4, f4b, card("dirham", 1)])
    tile = state.market[0]
    state.apply(Buy(1, (f4, f4b)))
    assert state.phase == PLACE and state.decider == player
    assert state.held == [tile]
    assert state.hands[player] == [card("dirham", 1)]
    assert state.discard[-2:] == [f4, f4b]
    assert state.market[0] == EMPTY
    assert state.log[0] == {"e": "buy", "player": player, "slot": 1, "tile": tile, "paid": [f4, f4b], "exact": False}
    assert state.legal_actions() and all(a.kind in ("place", "reserve") for a in state.legal_actions())


def test_exact_payment_gives_another_action_b_turn_4(turn):
    """[B-TURN-4] paying exactly 7 for a 7 keeps the player in the ACTION phase for another action."""
    state, player = turn
    f3, f4 = card("florin", 3), card("florin", 4)
    set_hand(state, player, [f3, f4, card("dirham", 5)])
    state.apply(Buy(1, (f3, f4)))
    assert state.phase == ACTION and state.decider == state.turn_player == player
    assert state.log[0]["exact"] is True
    assert state.held == [MARKET[0]]
    # any action may follow, e.g. another purchase (dirham 5 for the 5 in slot 2)
    assert Buy(2, (card("dirham", 5),)) in state.legal_actions()


def test_exact_payment_extra_action_may_be_declined_b_turn_4(turn):
    """[B-TURN-4] the extra action is optional: after an exact payment the player may end the turn instead.
    Ending it takes nothing and refills nothing yet; the bought tile is placed, then the turn passes."""
    state, player = turn
    f3, f4 = card("florin", 3), card("florin", 4)
    set_hand(state, player, [f3, f4, card("dirham", 5)])
    offer = list(state.offer)
    state.apply(Buy(1, (f3, f4)))
    assert EndTurn() in state.legal_actions() and state.is_legal(EndTurn())
    assert state.legal_actions()[-1] == EndTurn(), "listed after every action it declines"
    state.log.clear()
    state.apply(EndTurn())
    assert state.log == [{"e": "end_turn", "player": player}]
    assert state.phase == PLACE and state.decider == player and state.held == [MARKET[0]]
    assert state.offer == offer and state.hands[player] == [card("dirham", 5)]
    assert all(a.kind in ("place", "reserve") for a in state.legal_actions())
    state.apply(Reserve(MARKET[0]))
    assert state.turn_player == (player + 1) % 3
    assert [e["e"] for e in state.log[:3]] == ["end_turn", "reserve", "market"]


def test_the_turn_can_only_be_ended_early_after_an_exact_payment_b_turn_4(turn):
    """[B-TURN-4] without an exact payment there is no extra action to decline: EndTurn is refused at the start
    of a turn, after an overpayment (the turn is already in its placing phase) and after a take."""
    state, player = turn
    assert EndTurn() not in state.legal_actions()
    assert_illegal(state, EndTurn(), "B-TURN-4")
    f9 = card("florin", 9, 1)
    set_hand(state, player, [f9])
    state.apply(Buy(1, (f9,)))  # 9 for a 7: no extra action
    assert EndTurn() not in state.legal_actions()
    assert_illegal(state, EndTurn(), "B-TURN-7")


def test_declining_is_the_only_move_when_nothing_else_is_possible_b_turn_4_b_turn_8(turn):
    """[B-TURN-4] [B-TURN-8] after an exact payment with nothing left to take, buy or redesign, the player's one
    choice is to end the turn (it is not a pass: the player did act).  Records written before EndTurn existed
    passed there; that pass is still accepted and has the same effect."""
    state, player = turn
    f3, f4 = card("florin", 3), card("florin", 4)
    set_hand(state, player, [f3, f4])
    set_offer(state, [])
    state.apply(Buy(1, (f3, f4)))
    assert state.legal_actions() == [EndTurn()]
    old_style = state.clone()
    state.apply(EndTurn())
    old_style.apply(Pass())
    assert state.phase == old_style.phase == PLACE and state.held == old_style.held


def test_market_not_refilled_during_the_turn_b_turn_5(turn):
    """[B-TURN-5] after an exact purchase the emptied slot stays empty: buying from it again is refused,
    the other slots can still be bought; bought tiles wait beside the Alhambra until the turn ends."""
    state, player = turn
    f3, f4, d5 = card("florin", 3), card("florin", 4), card("dirham", 5)
    set_hand(state, player, [f3, f4, d5, card("florin", 9, 1)])
    state.apply(Buy(1, (f3, f4)))
    assert state.market[0] == EMPTY
    assert not any(isinstance(a, Buy) and a.slot == 1 for a in state.legal_actions())
    assert_illegal(state, Buy(1, (card("florin", 9, 1),)), "B-TURN-5")
    state.apply(Buy(2, (d5,)))  # exact again
    assert state.phase == ACTION
    assert state.market[:2] == [EMPTY, EMPTY]
    assert state.held == [MARKET[0], MARKET[1]]
    assert not events_named(state.log, "market")


def test_several_purchases_then_a_final_action_then_place_all_b_turn_4_b_turn_7(turn):
    """[B-TURN-4] [B-TURN-7] two exact purchases, then a take ends the action sequence; the player then
    places every bought tile, in any order, before the market and offer are refilled and the turn passes."""
    state, player = turn
    set_hand(state, player, [card("florin", 3), card("florin", 4), card("dirham", 5)])
    state.apply(Buy(1, (card("florin", 3), card("florin", 4))))
    state.apply(Buy(2, (card("dirham", 5),)))
    assert state.phase == ACTION
    state.apply(Take((card("florin", 9),)))
    assert state.phase == PLACE and state.decider == player
    assert sorted(state.held) == sorted(MARKET[:2])
    assert len(state.offer) == 3, "the offer is refilled only at the end of the turn"
    # the second tile first, into the reserve: order is free
    state.apply(Reserve(MARKET[1]))
    assert state.phase == PLACE and state.market[:2] == [EMPTY, EMPTY]
    cells = state.legal_cells(player, MARKET[0])
    place = Place(MARKET[0], *cells[0])
    assert_illegal(state, Place(MARKET[1], *cells[0]), "B-TURN-7")  # already placed
    state.apply(place)
    assert state.held == []
    assert state.turn_player == (player + 1) % 3 and state.phase == ACTION
    assert EMPTY not in state.market and len(state.offer) == 4
    assert MARKET[1] in state.reserves[player]
    check_conservation(state)


def test_place_phase_refuses_other_actions_b_turn_7(turn):
    """[B-TURN-7] while bought tiles wait, only placing them is allowed: taking, buying, redesigning,
    passing and placing a tile that was not bought are refused."""
    state, player = turn
    set_hand(state, player, [card("florin", 4), card("florin", 4, 1), card("dirham", 5)])
    spare = tile_with("", avoid=MARKET)
    set_reserve(state, player, [spare])
    state.apply(Buy(1, (card("florin", 4), card("florin", 4, 1))))
    assert_illegal(state, Take((card("dirham", 2),)), "B-TURN-7")
    assert_illegal(state, Buy(2, (card("dirham", 5),)), "B-TURN-7")
    assert_illegal(state, FromReserve(spare, 1, 0), "B-TURN-7")
    assert_illegal(state, Pass(), "B-TURN-7")
    assert_illegal(state, Reserve(spare), "B-TURN-7")
    assert_illegal(state, Place(MARKET[2], 1, 0), "B-TURN-7")


def test_placement_actions_outside_the_place_phase_are_refused_b_turn_7(turn):
    """[B-TURN-7] at the start of a turn nothing waits to be placed: Place and Reserve are refused."""
    state, _ = turn
    assert_illegal(state, Place(MARKET[0], 1, 0), "B-TURN-7")
    assert_illegal(state, Reserve(MARKET[0]), "B-TURN-7")


def test_boolean_slot_is_refused_b_comp_5(turn):
    """[B-COMP-5] a slot must be one of the integers 1-4.  ``Buy(True, paid)`` is accepted as slot 1
    because ``True in (1, 2, 3, 4)``; the buy event then says ``"slot": true`` and the saved record can
    no longer be loaded ('slot must be an integer')."""
    state, player = turn
    set_hand(state, player, [card("florin", 3), card("florin", 4)])
    assert_illegal(state, Buy(True, (card("florin", 3), card("florin", 4))), "B-COMP-5")


def test_minimal_payments_and_any_covering_payment_b_turn_3():
    """[B-TURN-3] the listed payments are those that cannot drop a card (5+3 and 5+5 for a 7);
    a larger overpayment (5+5+3) is still accepted by the rules."""
    f5, f5b, f3 = card("florin", 5), card("florin", 5, 1), card("florin", 3)
    payments = {tuple(sorted(CARD_VALUE[c] for c in p)) for p in minimal_payments([f5, f5b, f3], 7)}
    assert payments == {(3, 5), (5, 5)}
    assert minimal_payments([f3], 7) == ()
    state = new_state(3, 17)
    set_market(state, MARKET)
    set_hand(state, state.turn_player, [f5, f5b, f3])
    assert state.is_legal(Buy(1, (f5, f5b, f3)))
    assert not state.is_legal(Buy(1, (f3,)))


# ---------------------------------------------------------------- [B-TURN-6] redesign ends the sequence
def test_redesign_ends_the_turn_b_turn_6(turn):
    """[B-TURN-6] a redesign is never a purchase: moving a reserve tile in ends the turn at once."""
    state, player = turn
    spare = tile_with("", avoid=MARKET)
    set_reserve(state, player, [spare])
    state.apply(FromReserve(spare, 1, 0))
    assert state.boards[player].grid[cell_at(1, 0)] == spare
    assert state.turn_player == (player + 1) % 3 and state.phase == ACTION


def test_redesign_after_exact_purchase_ends_the_sequence_b_turn_6_b_turn_4(turn):
    """[B-TURN-6] [B-TURN-4] after an exact purchase a redesign is allowed, but it ends the action
    sequence: the player goes on to place the bought tile, with no further action."""
    state, player = turn
    grid = set_grid(state, player, {(1, 0): ""})
    set_hand(state, player, [card("florin", 3), card("florin", 4)])
    state.apply(Buy(1, (card("florin", 3), card("florin", 4))))
    state.apply(Lift(grid[cell_at(1, 0)]))
    assert state.phase == PLACE and state.decider == player
    assert state.held == [MARKET[0]]


# ---------------------------------------------------------------- [B-FILL-1] market refill
def test_market_refilled_in_slot_order_from_the_bag_b_fill_1(turn):
    """[B-FILL-1] empty slots are refilled in ascending order: slots 4 then 2 were bought, but the
    bag's next tile goes to slot 2 and the one after to slot 4."""
    state, player = turn
    set_hand(state, player, [card("ducat", 4), card("dirham", 5)])
    first, second = state.bag[-1], state.bag[-2]
    state.apply(Buy(4, (card("ducat", 4),)))
    state.apply(Buy(2, (card("dirham", 5),)))
    state.apply(Take((card("florin", 9),)))
    for tile in list(state.held):
        state.apply(Reserve(tile))
    market_events = events_named(state.log, "market")
    assert market_events == [{"e": "market", "slot": 2, "tile": first}, {"e": "market", "slot": 4, "tile": second}]
    assert state.market == [MARKET[0], first, MARKET[2], second]


def test_stacked_bag_tiles_go_to_the_market_b_fill_1(turn):
    """[B-FILL-1] refills come from the bag in draw order (the test puts two known tiles on top)."""
    state, player = turn
    a, b = state.bag[0], state.bag[1]  # the two tiles at the bottom
    stack_bag(state, [a, b])
    set_hand(state, player, [card("florin", 3), card("florin", 4), card("ducat", 5)])
    state.apply(Buy(1, (card("florin", 3), card("florin", 4))))
    state.apply(Buy(4, (card("ducat", 5),)))  # overpays the 4: ends the sequence
    for tile in list(state.held):
        state.apply(Reserve(tile))
    assert state.market[0] == a and state.market[3] == b


# ---------------------------------------------------------------- [B-FILL-2] offer refill and reshuffle
def test_offer_refilled_to_four_from_the_deck_b_fill_2(turn):
    """[B-FILL-2] after taking two cards the offer is refilled with the next two cards of the deck."""
    state, _ = turn
    a, b = card("florin", 1), card("ducat", 8)
    stack_deck(state, [a, b])
    state.apply(Take((card("dirham", 2), card("denar", 3))))
    assert state.offer == [card("florin", 9), card("ducat", 4), a, b]
    assert events_named(state.log, "offer") == [{"e": "offer", "card": a}, {"e": "offer", "card": b}]


def test_empty_deck_reshuffles_the_discard_pile_b_fill_2(turn):
    """[B-FILL-2] when the deck runs out, the discard pile is shuffled into a new deck (one reshuffle
    event listing the new draw order); the refill continues from it and the discard pile is empty."""
    state, _ = turn
    state.rounds_scored = 2  # both scoring cards have been drawn and set aside
    empty_deck_into_discard(state)
    state.deck = [c for c in state.deck if c not in SCORING_CARDS]
    discard = sorted(state.discard)
    assert state.deck == [] and len(discard) > 20
    state.apply(Take((card("florin", 9),)))
    (reshuffle,) = events_named(state.log, "reshuffle")
    assert sorted(reshuffle["deck"]) == discard
    assert reshuffle["deck"] != discard, "the new deck is shuffled"
    assert state.discard == []
    assert state.offer[-1] == reshuffle["deck"][0]
    assert list(reversed(state.deck)) == reshuffle["deck"][1:]
    assert state.reshuffles == 1
    check_conservation(state)


def test_no_cards_anywhere_leaves_the_offer_short_b_fill_2(turn):
    """[B-FILL-2] with deck and discard pile both empty the offer simply stays short."""
    state, player = turn
    state.rounds_scored = 2
    others = [c for c in state.deck if c not in SCORING_CARDS]
    state.deck = []
    state.hands[(player + 1) % 3].extend(others)
    state.apply(Take((card("florin", 9),)))
    assert len(state.offer) == 3
    assert not events_named(state.log, "reshuffle")
    check_conservation(state)


# ---------------------------------------------------------------- [B-FILL-3] scoring card
def test_scoring_card_drawn_while_refilling_b_fill_3_b_score_1(turn):
    """[B-FILL-3] [B-SCORE-1] a scoring card drawn while refilling is set aside, drawing goes on until
    four money cards lie in the offer, and the scoring happens after the turn, before the next turn."""
    state, player = turn
    a, b = card("florin", 1), card("dirham", 1)
    stack_deck(state, [a, SCORING_CARDS[0], b])
    state.apply(Take((card("dirham", 2), card("denar", 3))))
    names = [e["e"] for e in state.log]
    assert names == ["take", "offer", "scoring_card", "offer", "score", "turn"]
    assert state.log[2] == {"e": "scoring_card", "round": 1}
    assert state.offer == [card("florin", 9), card("ducat", 4), a, b]
    assert SCORING_CARDS[0] not in state.deck
    assert state.rounds_scored == 1
    assert state.log[4]["round"] == 1
    assert state.log[5] == {"e": "turn", "player": (player + 1) % 3}
    check_conservation(state)


# ---------------------------------------------------------------- [B-TURN-8] pass
def nothing_to_do(state, player):
    """Empty offer, an empty hand, a bare Alhambra and an empty reserve: no action at all."""
    set_offer(state, [])
    set_hand(state, player, [card("florin", 1)])
    set_grid(state, player, {})
    set_reserve(state, player, [])


def test_pass_only_when_nothing_is_legal_b_turn_8(turn):
    """[B-TURN-8] (Choice) a player with no legal action (nothing to take, afford or redesign) passes."""
    state, player = turn
    nothing_to_do(state, player)
    assert state.legal_actions() == [Pass()]
    state.log.clear()
    state.apply(Pass())
    assert state.log[0] == {"e": "pass", "player": player}
    assert state.turn_player == (player + 1) % 3
    assert len(state.offer) == 4, "the offer is refilled at the end of the passed turn"


def test_pass_refused_while_something_is_legal_b_turn_8(turn):
    """[B-TURN-8] passing is refused while the offer holds a card, or a redesign is possible."""
    state, player = turn
    assert_illegal(state, Pass(), "B-TURN-8")
    nothing_to_do(state, player)
    set_reserve(state, player, [tile_with("", avoid=MARKET)])
    assert Pass() not in state.legal_actions()
    assert_illegal(state, Pass(), "B-TURN-8")
    set_reserve(state, player, [])
    set_hand(state, player, [card("florin", 9), card("florin", 1)])  # can afford slot 1
    assert_illegal(state, Pass(), "B-TURN-8")


def test_actions_of_different_kinds_with_the_same_fields_are_different_moves_b_turn_6() -> None:
    """``Reserve(5)`` and ``Lift(5)`` share their hash (the tuple's); equality still tells them apart."""
    reserve, lift = Reserve(5), Lift(5)
    assert hash(reserve) == hash(lift) and reserve != lift and (reserve == lift) is False
    children = {reserve: "reserve", lift: "lift"}
    assert len(children) == 2 and children[Reserve(5)] == "reserve" and children[Lift(5)] == "lift"
    assert Reserve(5) == Reserve(5) and {Reserve(5), Reserve(5)} == {reserve}
