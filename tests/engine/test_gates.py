"""City gates (RULES.md §11.1, expansion 2), rule by rule, records, and whole random games with gates.

Positions are arranged by moving components (``helpers``); every illegal move is checked to raise ``IllegalAction``
naming its rule and to change nothing.  The layouts: the start tile at (0, 0) has no walls, ``A`` at (1, 0) shows a
wall east, so a tile with a wall west at (2, 0) touches the Alhambra only across a double wall.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Buy, Lift, Place, Reserve, Swap, Take
from game.engine.alhambra import cell_at
from game.engine.components import CARD_KIND, CURRENCIES, GATE_CARDS, SLOT_CURRENCY, TILE_COST, is_gate_card
from game.engine.modules import CHOOSABLE, PLAYABLE, gates, vizier
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate
from game.engine.record import card_entries
from game.engine.setup import PILES, deal, deal_problems, pile_sizes
from game.engine.state import ACTION, FINAL, PLACE, GameState

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    check_refused_in_one_line,
    check_round_trip,
    events_named,
    hold,
    new_state,
    play_with_random_agents,
    played_preferring,
    set_grid,
    set_hand,
    set_reserve,
    stack_deck,
    tile_with,
)

MODULES = ("gates",)


def part(state: GameState) -> gates.GatePart:
    found = gates.of(state)
    assert found is not None
    return found


def give_gates(state: GameState, player: int, count: int = 1) -> list[int]:
    """Move ``count`` gate cards from the deck into ``player``'s hand of gate cards."""
    cards = [c for c in reversed(state.deck) if is_gate_card(c)][:count]
    assert len(cards) == count
    for c in cards:
        state.deck.remove(c)
    part(state).held[player].extend(cards)
    return cards


def gated_state(players: int = 3, seed: int = 3) -> tuple[GameState, int, int]:
    """Player 0's turn: A (wall east) at (1, 0); a tile with a wall west waits to be placed; one gate card held."""
    state = new_state(players, seed, modules=MODULES)
    while state.turn_player != 0:
        state.next_turn()
    set_grid(state, 0, {(1, 0): "E"})
    walled = tile_with("W", avoid=state.boards[0].grid.values())
    hold(state, [walled])
    give_gates(state, 0)
    state.log.clear()
    return state, 0, walled


# ================================================================== [M-GATE-1] [M-GATE-2] components and setup
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_gate_card_per_player_into_piles_3_to_5_m_gate_1_m_gate_2(players: int):
    """[M-GATE-1] [M-GATE-2] one gate card per player (Dirk is none), dealt into money piles 3, 4, 5, 3, ... as
    gates.csv says; never into a hand or the offer.  The record lists exactly that many ``gate`` cards."""
    d = deal(players, 40 + players, MODULES)
    in_deck = [i for i, c in enumerate(d.deck) if is_gate_card(c)]
    assert sorted(d.deck[i] for i in in_deck) == list(GATE_CARDS[:players])
    sizes = pile_sizes(len([c for c in d.deck if CARD_KIND[c] == "money"]))
    extras = {2: 1, 4: 1}  # the scoring cards
    counts = gates.GATES_DEAL[players][1]
    starts, at = [], 0
    for pile in range(PILES):
        starts.append(at)
        at += sizes[pile] + extras.get(pile + 1, 0) + (counts[pile - 2] if pile >= 2 else 0)
    found = Counter(next(p for p in reversed(range(PILES)) if starts[p] <= i) + 1 for i in in_deck)
    assert found == {pile: n for pile, n in zip((3, 4, 5), counts, strict=True) if n}
    assert not any(map(is_gate_card, [*d.offer, *(c for hand in d.hands for c in hand)]))
    assert deal_problems(d) == []
    entries = [e for e in card_entries(players, MODULES) if e["kind"] == "gate"]
    assert len(entries) == players and all(set(e) == {"id", "kind"} for e in entries)


def test_a_deal_with_a_gate_card_in_a_hand_is_refused_m_gate_2():
    """[M-GATE-2] the gate cards lie in the deck, never in a starting hand."""
    import dataclasses

    d = deal(3, 5, MODULES)
    gate = next(c for c in d.deck if is_gate_card(c))
    money = d.hands[0][0]
    deck = tuple(money if c == gate else c for c in d.deck)
    hands = ((gate, *d.hands[0][1:]), *d.hands[1:])
    problems = deal_problems(dataclasses.replace(d, deck=deck, hands=hands))
    assert any("[M-GATE-2]" in p or "[B-SETUP-3]" in p for p in problems)


# ================================================================== [M-GATE-3] laid out beside the market
def test_a_gate_card_drawn_lies_beside_the_market_and_the_draw_goes_on_m_gate_3():
    """[M-GATE-3] a gate card drawn in a refill goes face up beside the market (``gate_aside``, in draw order among
    the ``offer`` events); drawing goes on until the offer holds four money cards."""
    state = new_state(3, 2, modules=MODULES)
    gate = next(c for c in state.deck if is_gate_card(c))
    taken = state.offer[0]
    nxt = [c for c in reversed(state.deck) if CARD_KIND[c] == "money"][:1]
    stack_deck(state, [gate, *nxt])
    state.log.clear()
    state.apply(Take((taken,)))
    assert part(state).display == gate and len(state.offer) == 4 and gate not in state.offer
    names = [e["e"] for e in state.log]
    assert names[names.index("gate_aside") + 1] == "offer"
    assert {"e": "gate_aside", "card": gate} in state.log
    check_conservation(state)


def test_a_second_gate_card_goes_onto_the_discard_pile_m_gate_3():
    """[M-GATE-3] while a gate card lies beside the market, the next one drawn goes onto the discard pile
    (``gate_discard``): at most one gate card is ever on offer."""
    state = new_state(4, 2, modules=MODULES)
    first, second = [c for c in state.deck if is_gate_card(c)][:2]
    stack_deck(state, [first, second])
    state.apply(Take((state.offer[0],)))
    assert part(state).display == first and second in state.discard
    assert {"e": "gate_discard", "card": second} in state.log
    check_conservation(state)


def test_a_discard_pile_of_gate_cards_only_is_not_reshuffled_m_gate_3():
    """[M-GATE-3] (Choice) with the deck empty and only gate cards on the discard pile, nothing is reshuffled and the
    offer stays short until money comes back."""
    state = new_state(4, 2, modules=MODULES)
    first, second = [c for c in state.deck if is_gate_card(c)][:2]
    state.deck = [c for c in state.deck if c not in (first, second)]
    state.discard = [second]
    part(state).display = first
    scoring = [c for c in state.deck if CARD_KIND[c] == "scoring"]
    state.deck = scoring  # the scorings stay for the rounds; the money leaves the game for this test
    state.offer = state.offer[:1]
    rounds = state.refill_offer()
    assert len(state.offer) == 1 and state.discard == [second] and not any(map(is_gate_card, state.offer))
    assert len(rounds) == 2 and state.deck == []


# ================================================================== [M-GATE-4] taking the gate card
def test_taking_the_gate_card_is_a_whole_take_money_action_m_gate_4():
    """[M-GATE-4] the face-up gate card (with its wooden gate) goes into the player's hand instead of money, as a
    whole action: the turn ends (nothing to refill in the offer), and everybody sees who holds it."""
    state = new_state(3, 2, modules=MODULES)
    gate = give_gates(state, 1)[0]
    part(state).held[1].remove(gate)
    part(state).display = gate
    player = state.turn_player
    assert TakeGate(gate) in state.legal_actions()
    state.log.clear()
    state.apply(TakeGate(gate))
    assert part(state).held[player] == [gate] and part(state).display == gates.NONE
    assert state.log[0] == {"e": "gate_take", "player": player, "card": gate}
    assert state.turn_player != player and state.phase == ACTION
    other = state.turn_player
    assert gate in state.knowledge(other).state.parts["gates"].held[player]  # face up ([D-HIDDEN-1])
    check_conservation(state)


def test_the_gate_card_may_be_the_action_after_an_exact_payment_m_gate_4():
    """[M-GATE-4] taking it may be the action after an exact payment ([B-TURN-4]); it grants no other action."""
    state = new_state(3, 2, modules=MODULES)
    player = state.turn_player
    gate = give_gates(state, 1)[0]
    part(state).held[1].remove(gate)
    part(state).display = gate
    slot = 1
    cost = TILE_COST[state.in_slot(slot)]
    currency = CURRENCIES[SLOT_CURRENCY[slot]]
    exact = [card(currency, cost)] if cost <= 9 else [card(currency, 9), card(currency, cost - 9)]
    set_hand(state, player, exact)
    state.apply(Buy(slot, tuple(exact)))
    assert state.phase == ACTION and TakeGate(gate) in state.legal_actions()
    state.apply(TakeGate(gate))
    assert state.phase == PLACE and part(state).held[player] == [gate]


def test_no_gate_card_to_take_is_refused_m_gate_4():
    """[M-GATE-4] only the card beside the market can be taken, and only as an action of the turn."""
    state = new_state(3, 2, modules=MODULES)
    gate = next(c for c in state.deck if is_gate_card(c))
    assert_illegal(state, TakeGate(gate), "M-GATE-4")
    other = new_state(3, 2)
    assert "city gates play only with" in str(assert_illegal(other, TakeGate(gate), "M-GATE-4"))


# ================================================================== [M-GATE-5] [M-GATE-6] placing through a gate
def test_a_tile_touching_only_across_a_double_wall_goes_in_through_a_gate_m_gate_5():
    """[M-GATE-5] the tile cannot be reached on foot ([B-PLACE-4]) but may be placed with a gate card: the gate stands
    on the new double wall, written right after the ``place``; the card leaves the game.  The passage counts for the
    on-foot rule in every later check: an open tile beyond it is reachable."""
    state, player, walled = gated_state()
    assert_illegal(state, Place(walled, 2, 0), "B-PLACE-4")
    gate = part(state).held[player][0]
    move = GatedPlace(walled, 2, 0, (gate,), ("W",))
    assert move in state.legal_actions()
    state.apply(move)
    assert state.log[0] == {"e": "place", "player": player, "tile": walled, "at": [2, 0]}
    assert state.log[1] == {"e": "gate", "player": player, "card": gate, "tile": walled, "side": "W"}
    assert gate in part(state).played and not part(state).held[player]
    assert [g.card for g in part(state).standing] == [gate], "a gate knows the card played for it"
    board = state.boards[player]
    assert board.violations() == [] and board.extra is not None and board.extra.passages
    beyond = tile_with("", avoid=board.grid.values())
    assert (3, 0) in state.legal_cells(player, beyond) or any(s.cell == cell_at(3, 0) for s in board.spots())
    check_conservation(state)


def test_gates_from_the_reserve_m_gate_5():
    """[M-GATE-5] a redesign from the reserve may go through a gate ([B-TURN-6] a)."""
    state, player, walled = gated_state()
    state.held = []
    state.phase = ACTION
    set_reserve(state, player, [walled])
    gate = part(state).held[player][0]
    move = GatedFromReserve(walled, 2, 0, (gate,), ("W",))
    assert move in state.legal_actions()
    state.apply(move)
    assert state.boards[player].grid[cell_at(2, 0)] == walled and events_named(state.log, "gate")


def test_gates_in_the_end_of_game_placement_m_gate_5():
    """[M-GATE-5] (Choice) a tile received in the end-of-game distribution ([B-END-2]) may go through a gate too: the
    placements listed in that phase offer it."""
    state, player, walled = gated_state()
    state.phase = FINAL
    gate = part(state).held[player][0]
    assert GatedPlace(walled, 2, 0, (gate,), ("W",)) in state.placement_actions()


def test_a_placement_that_needs_no_gate_takes_none_m_gate_6():
    """[M-GATE-6] gates only where needed: a placement legal without one is refused with a gate; a gate stands only
    on a new double wall of the tile placed; one gate more than needed is refused; the matching rule still holds."""
    state, player, walled = gated_state()
    gate = part(state).held[player][0]
    open_tile = tile_with("", avoid=state.boards[player].grid.values())
    hold(state, [walled, open_tile])
    assert_illegal(state, GatedPlace(open_tile, 0, 1, (gate,), ("N",)), "M-GATE-6")
    assert_illegal(state, GatedPlace(walled, 2, 0, (gate,), ("E",)), "M-GATE-6")
    extra = give_gates(state, player)[0]
    assert_illegal(state, GatedPlace(walled, 2, 0, (gate, extra), ("W", "N")), "M-GATE-6")
    assert_illegal(state, GatedPlace(walled, 2, 0, (gate, gate), ("W", "W")), "M-GATE-5")
    mismatched = tile_with("N", avoid=state.boards[player].grid.values())
    hold(state, [mismatched])
    assert_illegal(state, GatedPlace(mismatched, 2, 0, (gate,), ("W",)), "B-PLACE-3")
    assert_illegal(state, GatedPlace(walled, 2, 0, (GATE_CARDS[-1],), ("W",)), "B-TURN-7")


def test_a_gate_card_not_held_is_refused_m_gate_5():
    """[M-GATE-5] only the player's own gate cards can be played."""
    state, player, walled = gated_state()
    other = next(c for c in GATE_CARDS if c not in part(state).held[player])
    assert_illegal(state, GatedPlace(walled, 2, 0, (other,), ("W",)), "M-GATE-5")
    assert_illegal(state, GatedPlace(walled, 2, 0, (), ()), "M-GATE-5")


# ================================================================== [M-GATE-7] permanence
def placed_through_a_gate() -> tuple[GameState, int, int]:
    state, player, walled = gated_state()
    gate = part(state).held[player][0]
    state.apply(GatedPlace(walled, 2, 0, (gate,), ("W",)))
    while state.turn_player != player or state.phase != ACTION:
        state.next_turn()
    state.log.clear()
    return state, player, walled


def test_a_gate_goes_back_into_the_box_when_its_tile_leaves_m_gate_7():
    """[M-GATE-7] lifting the tile placed through the gate: the gate is lost (``gate_lost`` after the ``reserve``),
    and the tile needs a new card to come back the same way."""
    state, player, walled = placed_through_a_gate()
    state.apply(Lift(walled))
    names = [e["e"] for e in state.log]
    assert names == ["lift", "reserve", "gate_lost", *names[3:]]
    assert state.log[2] == {"e": "gate_lost", "player": player, "tile": walled, "side": "W"}
    assert not part(state).standing and not state.boards[player].extra.passages  # type: ignore[union-attr]
    while state.turn_player != player:
        state.next_turn()
    assert_illegal(state, GatedFromReserve(walled, 2, 0, (GATE_CARDS[0],), ("W",)), "M-GATE-5")


def test_a_tile_held_by_a_gate_keeps_its_neighbour_in_place_m_gate_7():
    """[M-GATE-7] [B-PLACE-6] the neighbour the gate joins may not leave while the gated tile hangs on it."""
    state, player, _ = placed_through_a_gate()
    neighbour = state.boards[player].grid[cell_at(1, 0)]
    assert Lift(neighbour) not in state.legal_actions()
    assert_illegal(state, Lift(neighbour), "B-PLACE-6")


def test_a_swap_takes_the_gate_out_and_needs_a_new_one_m_gate_7():
    """[M-GATE-7] [M-GATE-6] swapping the gated tile out loses its gate; a tile swapped in that again touches only
    across the double wall needs a gate of its own: a plain swap is refused."""
    state, player, walled = placed_through_a_gate()
    other = tile_with("W", avoid=[*state.boards[player].grid.values(), walled])
    set_reserve(state, player, [other])
    assert Swap(other, walled) not in state.legal_actions()
    assert_illegal(state, Swap(other, walled), "B-PLACE-4")
    gate = give_gates(state, player)[0]
    move = GatedSwap(other, walled, (gate,), ("W",))
    assert move in state.legal_actions()
    state.log.clear()
    state.apply(move)
    assert [e["e"] for e in state.log][:5] == ["lift", "place", "gate", "reserve", "gate_lost"]
    assert state.log[4] == {"e": "gate_lost", "player": player, "tile": walled, "side": "W"}
    assert state.boards[player].violations() == [] and len(part(state).standing) == 1


# ================================================================== [M-GATE-8] [M-GATE-9]
def test_gates_score_nothing_and_a_gated_wall_is_inner_m_gate_8():
    """[M-GATE-8] a gated double wall lies between two tiles: the wall scoring is what it is without the gate."""
    state, player, _ = placed_through_a_gate()
    from game.engine.board import Board

    assert state.boards[player].wall_length() == Board(dict(state.boards[player].grid)).wall_length()


def test_a_gate_card_is_no_money_m_gate_9():
    """[M-GATE-9] a gate card pays for nothing, is never taken with money, never lies in the offer (so no thief takes
    it), and is ignored in the end-of-game distribution; Dirk never gets one."""
    state = new_state(2, 2, modules=MODULES)
    gate = give_gates(state, state.turn_player)[0]
    assert_illegal(state, Buy(1, (gate,)), "B-TURN-3")
    assert_illegal(state, Take((gate,)), "B-TURN-2")
    assert all(not is_gate_card(c) for hand in state.hands for c in hand)


# ================================================================== records
def played(players: int, seed: int, modules: tuple[str, ...] = MODULES) -> dict:
    """A whole game whose random choices prefer gated moves."""
    return played_preferring(players, seed, modules, (TakeGate, GatedPlace, GatedFromReserve, GatedSwap), 0.8)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_record_with_gates_round_trips_m_gate_5_m_gate_7(players: int):
    """[M-GATE-3] to [M-GATE-7] save → load → replay gives the same events and result; the independent reader follows
    every gate event."""
    record = played(players, 20 + players)
    names = Counter(e["e"] for e in record["events"])
    assert names["gate_take"] and names["gate"]
    check_round_trip(record)


@pytest.mark.parametrize("how", ["side", "card", "missing gate", "no gate needed", "lost missing", "aside"])
def test_a_tampered_gate_record_is_refused_with_one_line_m_gate_5(how: str):
    """[M-GATE-3] [M-GATE-5] [M-GATE-7] a record whose gate stands elsewhere, plays a card not held, leaves a needed
    gate out, adds one where none is needed, omits a gate lost or lays a gate card out that was not drawn, is refused
    with one line."""
    record = played(3, 23)
    events = record["events"]
    index = next(i for i, e in enumerate(events) if e["e"] == "gate")
    if how == "side":
        events[index]["side"] = {"N": "S", "S": "N", "E": "W", "W": "E"}[events[index]["side"]]
    elif how == "card":
        events[index]["card"] = next(c for c in GATE_CARDS if c != events[index]["card"])
    elif how == "missing gate":
        del events[index]
    elif how == "no gate needed":
        plain = next(i for i, e in enumerate(events) if e["e"] == "place" and events[i + 1]["e"] != "gate")
        events.insert(plain + 1, {**events[index], "tile": events[plain]["tile"]})
    elif how == "lost missing":
        lost = next((i for i, e in enumerate(events) if e["e"] == "gate_lost"), None)
        if lost is None:
            pytest.skip("no gate lost in this game")
        del events[lost]
    else:
        aside = next(i for i, e in enumerate(events) if e["e"] == "gate_aside")
        events[aside]["card"] = 7
    check_refused_in_one_line(record)


# ================================================================== whole games
def test_gates_are_playable_and_offered_at_setup():
    """The engine and its records play it, and setup offers it: the client and the AI know it."""
    assert "gates" in PLAYABLE and "gates" in CHOOSABLE


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_agents_play_whole_games_with_gates_m_gate_5(players: int):
    """[M-GATE-5] the random bot decides from its knowledge in games with gates (and every module offered): nothing is
    created or lost, every Alhambra obeys §4 with its gates, and the record replays."""
    play_with_random_agents(players, 50 + players, PLAYABLE, boards=True)


def test_the_vizier_places_through_a_gate_m_gate_5():
    """[M-GATE-5] (Choice) a vizier purchase is placed at once ([M-VIZIER-2]), through a gate where it needs one: the
    moves listed while the vizier's tile waits offer the gated placement, and the engine accepts it."""
    state = new_state(3, 3, modules=("vizier", "gates"))
    while state.turn_player != 1:
        state.next_turn()
    set_grid(state, 0, {(1, 0): "E"})
    walled = tile_with("W", avoid=state.boards[0].grid.values())
    hold(state, [walled])
    gate = give_gates(state, 0)[0]
    state.phase, state.decider = vizier.PLACING, 0
    move = GatedPlace(walled, 2, 0, (gate,), ("W",))
    assert move in state.legal_actions() and state.is_legal(move)
    assert not state.is_legal(Place(walled, 2, 0))


def test_reserve_stays_open_for_a_tile_needing_a_gate_m_gate_5():
    """[M-GATE-5] using a gate is never forced: the tile may go to the reserve instead."""
    state, _, walled = gated_state()
    assert Reserve(walled) in state.legal_actions()
