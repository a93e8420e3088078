"""Expansion 1's modules, rule by rule (RULES.md §9.1 to §9.4 and [B-DIRK-5]).

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every
illegal move is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import json
import random

import pytest

from game.engine import Buy, Lift, Place, Reserve, Take
from game.engine.alhambra import cell_at as _cell
from game.engine.alhambra import longest_wall
from game.engine.components import (
    BONUS_CARDS,
    BONUS_TILE,
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    EMPTY,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    HUT_COLOUR,
    HUTS,
    MARKET_CURRENCY,
    TILE_COST,
    TILE_TYPE,
    TILE_WALLS,
    is_exchange_card,
    is_money_card,
    walls_to_text,
)
from game.engine.knowledge import state_key
from game.engine.modules import bonus, exchange, huts, vizier
from game.engine.modules.bonus import RevealBonus
from game.engine.modules.dirk import GiveToDirk
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.huts import TakeHut
from game.engine.modules.vizier import PLACING, WINDOW, VizierBuy, VizierPass, WakeVizier
from game.engine.record import RecordError, loads, to_record
from game.engine.setup import deal, pile_sizes
from game.engine.state import ACTION, PLACE, GameState

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    new_game,
    new_state,
    play,
    random_policy,
    set_grid,
    set_hand,
    set_offer,
    tile_with,
    tiles_of_type,
)

ALL = ("vizier", "exchange", "huts", "bonus")


def to_window(state: GameState) -> None:
    """End the turn player's turn by taking a card: the vizier window opens after it."""
    state.apply(Take((state.offer[0],)))


# ================================================================== §9.1 the vizier's favour
def test_every_vizier_starts_awake_m_vizier_1():
    """[M-VIZIER-1] each player has a vizier, awake at the start; none without the module."""
    state = new_state(4, 3, modules=("vizier",))
    assert vizier.of(state).awake == [True] * 4
    assert vizier.of(new_state(4, 3)) is None


def window_state(players: int = 3, seed: int = 5) -> GameState:
    """A vizier game where, after the start player takes a card, the next two players can buy slot 1 exactly."""
    state = new_state(players, seed, modules=("vizier",))
    for offset in range(1, players):
        player = (state.turn_player + offset) % players
        set_hand(state, player, [])
    for offset in (1, 2):
        player = (state.turn_player + offset) % players
        currency = CURRENCIES[MARKET_CURRENCY[0]]
        cost = TILE_COST[state.market[0]]
        # each gets their own copies of the exact payment (copies 0 and 1, then 2)
        cards = _exact(currency, cost, copy=offset - 1)
        set_hand(state, player, cards)
    return state


def _exact(currency: str, cost: int, copy: int) -> list[int]:
    """Cards of ``currency`` adding up to ``cost`` exactly, from copy ``copy`` of each value."""
    cards = []
    left = cost
    for value in (9, 8, 7, 6, 5, 4, 3, 2, 1):
        if left >= value:
            cards.append(card(currency, value, copy))
            left -= value
    assert left == 0
    return cards


def test_the_window_asks_the_next_player_first_and_the_ender_last_m_vizier_2():
    """[M-VIZIER-2] after a turn, players with an awake vizier who can pay exactly are asked in priority
    order: the next player first, then clockwise; a pass writes nothing and asks the next one."""
    state = window_state()
    ender = state.turn_player
    to_window(state)
    assert state.phase == WINDOW and state.decider == (ender + 1) % 3
    assert state.turn_player == ender  # the turn has ended but the next has not begun
    moves = state.legal_actions()
    assert VizierPass() in moves and all(isinstance(m, (VizierBuy, VizierPass)) for m in moves)
    written = len(state.log)
    state.apply(VizierPass())
    assert state.decider == (ender + 2) % 3 and state.phase == WINDOW
    assert len(state.log) == written  # passes are not recorded
    state.apply(VizierPass())
    assert state.phase == ACTION and state.turn_player == (ender + 1) % 3


def test_a_window_refuses_other_moves_saying_what_it_asks_m_vizier_2():
    """[M-VIZIER-2] in a vizier window only a vizier purchase or a pass is open: any other move is refused
    with the window's rule and what it asks (not the end-of-turn placement's message), and changes nothing."""
    state = window_state()
    to_window(state)
    for move in (Take((state.offer[0],)), Buy(1, tuple(state.hands[state.decider])), WakeVizier()):
        refused = assert_illegal(state, move, "M-VIZIER-2")
        assert "vizier window is open" in str(refused), refused


def test_a_vizier_purchase_is_exact_placed_at_once_and_refilled_m_vizier_2_m_vizier_3():
    """[M-VIZIER-2] [M-VIZIER-3] the asked player buys exactly, the vizier falls asleep, the tile is placed at
    once (no extra action), the market is refilled, and asking goes on with the next player."""
    state = window_state()
    ender = state.turn_player
    to_window(state)
    buyer = state.decider
    purchase = next(m for m in state.legal_actions() if isinstance(m, VizierBuy) and m.slot == 1)
    tile = state.market[0]
    state.apply(purchase)
    assert vizier.of(state).awake[buyer] is False
    assert state.phase == PLACING and state.held == [tile] and state.decider == buyer
    assert all(isinstance(m, (Place, Reserve)) for m in state.legal_actions())  # no other action
    refused = assert_illegal(state, Take((state.offer[0],)), "M-VIZIER-2")
    assert "place the tile your vizier bought" in str(refused)
    state.apply(Reserve(tile))
    assert state.market[0] != EMPTY and state.market[0] != tile  # refilled
    events = [e["e"] for e in state.log[-5:]]
    assert events[-4:] == ["vizier", "buy", "reserve", "market"] or "market" in events
    # the next in priority order is asked, or the next turn begins
    assert (state.phase == WINDOW and state.decider == (ender + 2) % 3) or state.turn_player == (ender + 1) % 3


def test_a_vizier_pays_only_exactly_m_vizier_2():
    """[M-VIZIER-2] an overpayment is refused in the window, and nothing changes."""
    state = window_state()
    to_window(state)
    player = state.decider
    currency = MARKET_CURRENCY[0]
    extra = next(c for c in state.deck if is_money_card(c) and CARD_CURRENCY[c] == currency)
    state.deck.remove(extra)
    state.hands[player].append(extra)
    paid = tuple(c for c in state.hands[player] if CARD_CURRENCY[c] == currency)
    assert sum(CARD_VALUE[c] for c in paid) > TILE_COST[state.market[0]]
    assert_illegal(state, VizierBuy(1, paid, ()), "M-VIZIER-2")
    assert not any(isinstance(m, VizierBuy) and m.paid == paid for m in state.legal_actions())


def test_vizier_actions_outside_the_window_are_refused_m_vizier_2():
    """[M-VIZIER-2] a vizier buys only in a window, when asked; a pass is only for the asked player."""
    state = window_state()
    player = state.turn_player
    set_hand(state, player, _exact(CURRENCIES[MARKET_CURRENCY[0]], TILE_COST[state.market[0]], 2))
    assert_illegal(state, VizierBuy(1, tuple(state.hands[player]), ()), "M-VIZIER-2")
    assert_illegal(state, VizierPass(), "M-VIZIER-2")


def test_wake_the_sleeping_vizier_as_an_action_m_vizier_4():
    """[M-VIZIER-4] waking is the turn's action (like taking money) and only for a sleeping vizier."""
    state = new_state(3, 2, modules=("vizier",))
    player = state.turn_player
    assert WakeVizier() not in state.legal_actions()
    assert_illegal(state, WakeVizier(), "M-VIZIER-4")
    vizier.of(state).awake[player] = False
    assert WakeVizier() in state.legal_actions()
    state.apply(WakeVizier())
    assert vizier.of(state).awake[player] is True
    assert {"e": "vizier_wake", "player": player} in state.log
    assert state.turn_player != player or state.phase == WINDOW  # the turn is over


def test_no_window_during_the_end_distribution_m_vizier_5():
    """[M-VIZIER-5] when the market cannot be filled the game ends: no vizier purchase before or during the
    distribution, and a vizier purchase whose refill runs the bag dry closes the window and ends the game."""
    for seed in range(6):
        game = new_game(3, 80 + seed, ALL)
        play(game.state, random_policy(random.Random(seed)))
        events = game.events
        first_distribution = next(i for i, e in enumerate(events) if e["e"] == "distribute")
        assert not any(e["e"] == "vizier" for e in events[first_distribution:])


def test_a_refill_that_runs_dry_after_a_vizier_purchase_ends_the_game_m_vizier_5():
    """[M-VIZIER-5] Choice: the window closes and the game ends ([B-END-1]) when the vizier's refill fails."""
    state = window_state()
    state.bag[:] = []  # nothing left to draw (the other tiles leave the game: no conservation check here)
    to_window(state)  # the taker's turn: the market is full, so the window opens
    assert state.phase == WINDOW
    purchase = next(m for m in state.legal_actions() if isinstance(m, VizierBuy))
    state.apply(purchase)
    state.apply(Reserve(state.held[0]))
    assert state.phase not in (WINDOW, PLACING, ACTION)
    assert any(e["e"] == "distribute" for e in state.log)


# ================================================================== §9.2 exchange offices
def test_two_exchange_cards_in_each_of_piles_2_3_4_m_exch_1():
    """[M-EXCH-1] the six exchange cards (one per pair of currencies) are shuffled two each into piles 2, 3
    and 4 of the deck; never dealt to a hand or the offer."""
    for players in range(2, 7):
        for seed in range(5):
            dealt = deal(players, seed, ("exchange",))
            assert sorted(c for c in dealt.deck if is_exchange_card(c)) == list(EXCHANGE_CARDS)
            assert not any(map(is_exchange_card, dealt.offer + sum(dealt.hands, ())))
            money = len(dealt.deck) - 2 - 6
            sizes = pile_sizes(money)
            sizes[1] += 3  # scoring card 1 and two exchange cards
            sizes[2] += 2
            sizes[3] += 3
            starts = [sum(sizes[:i]) for i in range(5)]
            for pile in (2, 3, 4):
                chunk = dealt.deck[starts[pile - 1] : starts[pile - 1] + sizes[pile - 1]]
                assert sum(map(is_exchange_card, chunk)) == 2, (players, seed, pile)
    assert len({frozenset(EXCHANGE_PAIR[c]) for c in EXCHANGE_CARDS}) == 6


def exchange_state() -> GameState:
    state = new_state(3, 4, modules=("exchange",))
    return state


def test_an_exchange_card_is_taken_alone_m_exch_2():
    """[M-EXCH-2] an exchange card in the offer is taken like money but only alone: a whole take action."""
    state = exchange_state()
    player = state.turn_player
    one = EXCHANGE_CARDS[0]
    small = [card("florin", 1), card("dirham", 1), card("denar", 1)]
    set_offer(state, [one, *small])
    assert Take((one,)) in state.legal_actions()
    assert not any(isinstance(a, Take) and one in a.cards and len(a.cards) > 1 for a in state.legal_actions())
    assert_illegal(state, Take((one, small[0])), "M-EXCH-2")
    state.apply(Take((one,)))
    assert exchange.of(state).held[player] == [one] and one not in state.hands[player]
    assert state.turn_player != player or state.phase != ACTION  # the turn's action is done
    check_conservation(state)


def test_an_exchange_card_pays_one_tile_in_its_two_currencies_m_exch_3():
    """[M-EXCH-3] buying with an exchange card, its two currencies pay for the tile interchangeably; the card is
    discarded with the payment; the slot's currency must be one of its two; one card pays for one tile."""
    state = exchange_state()
    player = state.turn_player
    slot = 1
    slot_currency = MARKET_CURRENCY[0]
    card_for = next(c for c in EXCHANGE_CARDS if slot_currency in EXCHANGE_PAIR[c])
    other = next(x for x in EXCHANGE_PAIR[card_for] if x != slot_currency)
    wrong = next(c for c in EXCHANGE_CARDS if slot_currency not in EXCHANGE_PAIR[c])
    cost = TILE_COST[state.market[0]]
    mixed = [card(CURRENCIES[slot_currency], 1), *_exact(CURRENCIES[other], cost - 1, copy=0)]
    set_hand(state, player, mixed)
    exchange.of(state).held[player][:] = [card_for, wrong]
    state.deck.remove(card_for)
    state.deck.remove(wrong)
    assert_illegal(state, Buy(slot, tuple(mixed)), "B-TURN-3")  # without the card: wrong currency
    assert_illegal(state, ExchangeBuy(slot, tuple(mixed), wrong), "M-EXCH-3")  # the slot's currency is not its
    unheld = next(c for c in EXCHANGE_CARDS if c not in (card_for, wrong))
    assert_illegal(state, ExchangeBuy(slot, tuple(mixed), unheld), "M-EXCH-3")
    assert any(isinstance(a, ExchangeBuy) and a.card == card_for and a.slot == slot for a in state.legal_actions())
    assert not any(isinstance(a, ExchangeBuy) and a.card == wrong and a.slot == slot for a in state.legal_actions())
    tile = state.market[0]
    state.apply(ExchangeBuy(slot, tuple(mixed), card_for))
    assert card_for in state.discard and card_for not in exchange.of(state).held[player]
    assert tile in state.held and state.phase == ACTION  # exact: another action follows ([B-TURN-4])
    log = [e for e in state.log if e["e"] in ("exchange", "buy")][-2:]
    assert log[0] == {"e": "exchange", "player": player, "card": card_for}
    assert log[1]["e"] == "buy" and log[1]["paid"] == list(mixed) and log[1]["exact"] is True
    # a second purchase in the same turn needs another card: this one is gone
    assert_illegal(state, ExchangeBuy(2, (mixed[0],), card_for), "M-EXCH-3")
    check_conservation(state)


def test_exchange_cards_are_reshuffled_and_ignored_in_the_distribution_m_exch_4():
    """[M-EXCH-4] a used exchange card goes to the discard pile and comes back with a reshuffle; the end's
    distribution counts money only (exchange cards are never in a hand's money)."""
    seen_reshuffled = False
    for seed in range(10):
        game = new_game(3, 900 + seed, ("exchange",))
        play(game.state, random_policy(random.Random(seed)))
        for event in game.events:
            if event["e"] == "reshuffle" and any(map(is_exchange_card, event["deck"])):
                seen_reshuffled = True
        state = game.state
        assert all(not is_exchange_card(c) for hand in state.hands for c in hand)
    assert seen_reshuffled


# ================================================================== §9.3 building huts
def test_six_hut_stacks_by_colour_top_face_up_m_hut_1():
    """[M-HUT-1] 24 huts in six stacks by colour (3 blue, 3 red, 4 brown, 4 white, 5 green, 5 purple), each
    shuffled, the top of each face up; no cost, wall sides like buildings."""
    state = new_state(3, 11, modules=("huts",))
    stacks = huts.of(state).stacks
    assert [len(s) for s in stacks] == [3, 3, 4, 4, 5, 5]
    for kind, stack in enumerate(stacks):
        assert all(HUT_COLOUR[t] == kind for t in stack)
    assert sorted(t for s in stacks for t in s) == list(HUTS)
    other = deal(3, 12, ("huts",)).parts["huts"]
    assert other != deal(3, 11, ("huts",)).parts["huts"]  # shuffled by the seed


def test_take_the_face_up_hut_free_and_place_it_at_the_end_m_hut_2_m_hut_3():
    """[M-HUT-2] [M-HUT-3] taking the face-up hut is the turn's action (free, no extra action); the next hut turns
    face up; the hut is placed at the end of the turn like a bought tile, in the Alhambra or on the reserve."""
    state = new_state(3, 11, modules=("huts",))
    player = state.turn_player
    stack = huts.of(state).stacks[4]  # gardens
    top, below = stack[0], stack[1]
    money_before = list(state.hands[player])
    assert TakeHut(top) in state.legal_actions()
    assert_illegal(state, TakeHut(below), "M-HUT-2")
    assert_illegal(state, TakeHut(state.market[0]), "M-HUT-2")
    state.apply(TakeHut(top))
    assert state.hands[player] == money_before  # free
    assert stack[0] == below
    assert state.log[-2:] == [{"e": "hut", "player": player, "tile": top}, {"e": "hut_up", "tile": below}]
    assert state.phase == PLACE and state.held == [top]  # no extra action
    moves = state.legal_actions()
    assert Reserve(top) in moves and any(isinstance(m, Place) for m in moves)
    place = next(m for m in moves if isinstance(m, Place))
    state.apply(place)
    assert state.boards[player].grid[place.cell] == top
    check_conservation(state)


def test_a_hut_is_no_building_and_its_walls_count_m_hut_3():
    """[M-HUT-3] a hut never counts in a majority itself, its walls are walls (for the wall scoring too), and the
    building rules of §4 decide where it may go, exactly as for a building with the same walls."""
    state = new_state(3, 11, modules=("huts",))
    player = state.turn_player
    hut = huts.of(state).stacks[0][0]
    state.apply(TakeHut(hut))
    same_walls = tile_with(walls_to_text(TILE_WALLS[hut]))
    assert set(state.legal_cells(player, hut)) == set(state.legal_cells(player, same_walls))
    x, y = state.legal_cells(player, hut)[0]
    state.apply(Place(hut, x, y))
    assert sum(state.boards[player].type_counts()) == 0  # the hut is no building
    grid = dict(state.boards[player].grid)
    grid[_cell(x, y)] = same_walls
    assert state.boards[player].wall_length() == longest_wall(grid)  # its wall counts like the building's would
    assert state.boards[player].wall_length() == (1 if TILE_WALLS[hut] else 0)


def test_huts_count_their_colours_neighbours_once_more_m_hut_4():
    """[M-HUT-4] at a scoring each building of the hut's colour orthogonally next to a hut counts one more,
    unless a wall stands between; a building next to two huts of its colour counts +1 for each."""
    gardens = [t for t in tiles_of_type("garden") if TILE_WALLS[t] == 0]
    green = [t for t in HUTS if HUT_COLOUR[t] == BUILDING_TYPES.index("garden")]
    # huts all have one wall: find a green hut with its wall to the north and to the south
    north = next(t for t in green if walls_to_text(TILE_WALLS[t]) == "N")
    south = next(t for t in green if walls_to_text(TILE_WALLS[t]) == "S")
    g1, g2 = gardens[0], gardens[1]
    # row: g1 at (0,0) - hut N-walled at (1,0) - g2 at (2,0): both gardens count +1
    grid = {_cell(0, 0): g1, _cell(1, 0): north, _cell(2, 0): g2}
    counts = [0] * 6
    huts.hut_bonus(grid, counts)
    assert counts[BUILDING_TYPES.index("garden")] == 2
    # a garden between two green huts counts +1 for each
    grid = {_cell(0, 0): north, _cell(1, 0): g1, _cell(2, 0): south}
    counts = [0] * 6
    huts.hut_bonus(grid, counts)
    assert counts[BUILDING_TYPES.index("garden")] == 2
    # a wall between the hut and the building: no bonus (the hut's northern wall faces the garden above it)
    grid = {_cell(0, 1): north, _cell(0, 0): g1}
    counts = [0] * 6
    huts.hut_bonus(grid, counts)
    assert counts == [0] * 6
    # a building of another colour next to the hut: nothing
    pavilion = next(t for t in tiles_of_type("pavilion") if TILE_WALLS[t] == 0)
    grid = {_cell(0, 0): pavilion, _cell(1, 0): north}
    counts = [0] * 6
    huts.hut_bonus(grid, counts)
    assert counts == [0] * 6


def test_huts_raise_the_counts_of_a_scoring_m_hut_4():
    """[M-HUT-4] the scoring itself counts the huts' neighbours: ``scoring_counts`` and the ``score`` event agree."""
    for seed in range(8):
        game = new_game(2, 40 + seed, ("huts",))
        play(game.state, random_policy(random.Random(seed)))
        state = game.state
        for player in range(2):
            counts = state.boards[player].type_counts()
            huts.hut_bonus(state.boards[player].grid, counts)
            assert state.scoring_counts(player) == counts


def test_at_most_three_huts_reserve_included_m_hut_5():
    """[M-HUT-5] a player owns at most three huts, Alhambra and reserve included."""
    state = new_state(3, 11, modules=("huts",))
    player = state.turn_player
    stacks = huts.of(state).stacks
    taken = [stacks[0].pop(), stacks[1].pop(), stacks[2].pop()]
    state.reserves[player].extend(taken)
    state._forget(player)
    assert not any(isinstance(a, TakeHut) for a in state.legal_actions())
    assert_illegal(state, TakeHut(stacks[4][0]), "M-HUT-5")
    state.reserves[player].remove(taken[0])
    stacks[0].append(taken[0])
    assert TakeHut(stacks[4][0]) in state.legal_actions()
    check_conservation(state)


def test_a_hut_never_goes_to_dirk_b_dirk_5():
    """[B-DIRK-5] with modules Dirk collects building tiles only: a hut is taken, not bought, never given to him;
    a vizier's purchase may go to him; he gets no huts, bonus cards or vizier."""
    state = new_state(2, 11, modules=ALL)
    player = state.turn_player
    top = huts.of(state).stacks[3][0]
    state.apply(TakeHut(top))
    assert GiveToDirk(top) not in state.legal_actions()
    assert_illegal(state, GiveToDirk(top), "B-DIRK-5")
    assert len(vizier.of(state).awake) == 2 and len(bonus.of(state).cards) == 2  # the players only
    assert player not in (None, -1)
    # a vizier purchase may be given to Dirk
    for seed in range(20):
        game = new_game(2, 300 + seed, ("vizier",))
        state = game.state
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == PLACING:
                assert GiveToDirk(state.held[0]) in state.legal_actions()
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no vizier purchase in 20 random games")


# ================================================================== §9.4 bonus cards
@pytest.mark.parametrize(("players", "each"), [(2, 3), (3, 3), (4, 2), (5, 2), (6, 1)])
def test_bonus_cards_dealt_face_down_by_player_count_m_bonus_1(players, each):
    """[M-BONUS-1] ten bonus cards naming the ten wall-less buildings; 3/3/2/2/1 each for 2/3/4/5/6 players."""
    dealt = deal(players, 3, ("bonus",))
    assert [len(cards) for cards in dealt.parts.get("bonus", ())] == [each] * players
    flat = [c for cards in dealt.parts.get("bonus", ()) for c in cards]
    assert len(set(flat)) == len(flat) and set(flat) <= set(BONUS_CARDS)
    state = new_state(players, 3, modules=("bonus",))
    assert bonus.of(state).shown == set()


def bonus_state() -> tuple[GameState, int, int]:
    """A bonus game where the turn player holds a card whose tile is in their Alhambra."""
    state = new_state(3, 21, modules=("bonus",))
    player = state.turn_player
    held = bonus.of(state).cards[player][0]
    kind, cost = BONUS_TILE[held]
    named = next(t for t in tiles_of_type(BUILDING_TYPES[kind]) if TILE_COST[t] == cost)
    set_grid(state, player, {(1, 0): named})
    return state, player, held


def test_reveal_a_bonus_card_while_its_tile_is_built_m_bonus_2():
    """[M-BONUS-2] a card may be revealed while a tile of its type and cost is in the Alhambra (at any moment: an
    optional move, not in the legal actions), and then counts as one more building of its type."""
    state, player, held = bonus_state()
    kind = BONUS_TILE[held][0]
    assert RevealBonus(held) in state.optional_actions() and RevealBonus(held) not in state.legal_actions()
    before = state.scoring_counts(player)
    phase, decider = state.phase, state.decider
    state.apply(RevealBonus(held))
    assert held in bonus.of(state).shown
    assert state.log[-1] == {"e": "bonus", "player": player, "card": held, "shown": True}
    assert (state.phase, state.decider) == (phase, decider)  # it changes nothing of the turn
    after = state.scoring_counts(player)
    assert after[kind] == before[kind] + 1
    assert_illegal(state, RevealBonus(held), "M-BONUS-2")  # face up already
    other = next(c for c in bonus.of(state).cards[player] if c != held and not bonus.eligible(state, player, c))
    assert_illegal(state, RevealBonus(other), "M-BONUS-2")  # its tile is not built
    foreign = bonus.of(state).cards[(player + 1) % 3][0]
    assert_illegal(state, RevealBonus(foreign), "M-BONUS-2")


def test_a_card_turns_face_down_when_its_tile_leaves_m_bonus_3():
    """[M-BONUS-3] a redesign that takes the named tile out turns the card face down again, right after the
    ``reserve`` event; it may be revealed again once the tile is back."""
    state, player, held = bonus_state()
    state.apply(RevealBonus(held))
    tile = next(t for t in state.boards[player].grid.values() if TILE_TYPE[t] is not None)
    state.apply(Lift(tile))
    assert held not in bonus.of(state).shown
    names = [e["e"] for e in state.log]
    at = max(i for i, name in enumerate(names) if name == "reserve")
    assert state.log[at + 1] == {"e": "bonus", "player": player, "card": held, "shown": False}
    check_conservation(state)


def test_every_eligible_card_is_revealed_before_each_scoring_m_bonus_3():
    """[M-BONUS-3] Choice: at each scoring every eligible face-down card is revealed (right before ``score``)."""
    for seed in range(6):
        game = new_game(3, 600 + seed, ("bonus",))
        play(game.state, random_policy(random.Random(seed)))
        events = game.events
        for index, event in enumerate(events):
            if event["e"] == "score":
                j = index - 1
                while events[j]["e"] == "bonus":
                    assert events[j]["shown"] is True
                    j -= 1


def test_scores_count_revealed_bonus_cards_m_bonus_2():
    """[M-BONUS-2] the counts a scoring uses include the revealed cards (and the record replays them)."""
    state, player, held = bonus_state()
    kind = BONUS_TILE[held][0]
    counts = state.scoring_counts(player)
    state.apply(RevealBonus(held))
    assert state.scoring_counts(player)[kind] == counts[kind] + 1


# ================================================================== hidden information and records
def test_others_bonus_cards_and_hidden_huts_are_not_known_d_hidden_1():
    """[D-HIDDEN-1] a player's knowledge does not depend on the other players' face-down bonus cards, the cards
    not dealt, or the huts below each stack's top; a determinization deals them afresh."""
    state = new_state(4, 5, modules=ALL)
    other = state.clone()
    part = bonus.of(other)
    # swap a card between two other players, and one with the cards not dealt
    part.cards[1][0], part.cards[2][0] = part.cards[2][0], part.cards[1][0]
    part.cards[3][0], part.aside[0] = part.aside[0], part.cards[3][0]
    stacks = huts.of(other).stacks
    stacks[5][1], stacks[5][2] = stacks[5][2], stacks[5][1]
    assert other.knowledge(0) == state.knowledge(0)
    assert other.knowledge(1) != state.knowledge(1)  # player 1 knows their own cards
    samples = {state_key(state.determinize(0, random.Random(s))) for s in range(6)}
    assert len(samples) > 1
    for s in range(6):
        sample = state.determinize(0, random.Random(s))
        assert bonus.of(sample).cards[0] == bonus.of(state).cards[0]
        assert [st[0] for st in huts.of(sample).stacks] == [st[0] for st in huts.of(state).stacks]
        check_conservation(sample)


def test_revealed_cards_stay_known_d_hidden_1():
    """[D-HIDDEN-1] a card once revealed is remembered as its owner's, face down again or not."""
    state, player, held = bonus_state()
    state.apply(RevealBonus(held))
    viewer = (player + 1) % 3
    for s in range(5):
        sample = state.determinize(viewer, random.Random(s))
        assert held in bonus.of(sample).cards[player]


def test_a_module_record_round_trips_and_tampering_is_refused_d_rng_1():
    """[D-RNG-1] a record with all four modules replays exactly; changing a vizier purchase's payment, a hut taken
    or a reveal is refused with one line naming the event."""
    game = new_game(3, 17, ALL)
    play(game.state, random_policy(random.Random(4)))
    record = json.loads(json.dumps(to_record(game)))
    assert state_key(loads(json.dumps(record)).state) == state_key(game.state)
    events = record["events"]
    hut = next(i for i, e in enumerate(events) if e["e"] == "hut")
    bad = json.loads(json.dumps(record))
    bad["events"][hut]["tile"] = next(t for t in HUTS if t != events[hut]["tile"])
    with pytest.raises(RecordError, match=f"event {hut}"):
        loads(json.dumps(bad))
    used = next(i for i, e in enumerate(events) if e["e"] == "vizier")
    bad = json.loads(json.dumps(record))
    bad["events"][used]["player"] = (events[used]["player"] + 1) % 3
    with pytest.raises(RecordError):
        loads(json.dumps(bad))
    bad = json.loads(json.dumps(record))
    bad["setup"]["huts"]["garden"] = bad["setup"]["huts"]["tower"]
    with pytest.raises(RecordError, match="M-HUT-1"):
        loads(json.dumps(bad))
    bad = json.loads(json.dumps(record))
    bad["setup"]["bonus"][0] = bad["setup"]["bonus"][1]
    with pytest.raises(RecordError, match="M-BONUS-1"):
        loads(json.dumps(bad))


def test_module_actions_are_refused_without_their_module():
    """[M-VIZIER-4] [M-HUT-2] [M-EXCH-3] [M-BONUS-2] a module's action in a game without it names its rule."""
    state = new_state(3, 1)
    assert_illegal(state, WakeVizier(), "M-VIZIER-4")
    assert_illegal(state, TakeHut(HUTS[0]), "M-HUT-2")
    assert_illegal(state, ExchangeBuy(1, (state.hands[state.turn_player][0],), EXCHANGE_CARDS[0]), "M-EXCH-3")
    assert_illegal(state, RevealBonus(BONUS_CARDS[0]), "M-BONUS-2")


def test_the_window_asks_exactly_those_who_can_buy_m_vizier_2():
    """[M-VIZIER-2] the window's quick test of who can pay a tile exactly agrees with the purchases listed, over
    random games with exchange cards (which may pay too: [M-EXCH-3])."""
    for seed in range(6):
        state = new_state(3 + seed % 3, 50 + seed, modules=("vizier", "exchange"))
        rng = random.Random(seed)
        while not state.is_over:
            for player in range(state.players):
                assert vizier.can_buy(state, player) == bool(vizier.purchases(state, player))
            state.apply(rng.choice(state.legal_actions()))
