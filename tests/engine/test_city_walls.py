"""City walls (RULES.md §11.4, expansion 3), rule by rule, records, and whole random games with city walls.

(``test_walls.py`` is the wall scoring of [B-SCORE-4].)  Positions are arranged by moving components
(``helpers``); every illegal move is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Buy, FromReserve, Lift, Place, Swap, Take
from game.engine.alhambra import cell_at
from game.engine.board import Board
from game.engine.components import (
    BUILDING_TYPES,
    CAMPS,
    CARD_KIND,
    CARD_WALLS,
    CURRENCIES,
    HUT_COLOUR,
    HUTS,
    SLOT_CURRENCY,
    TILE_COST,
    TILE_WALLS,
    WALL_CARDS,
    E,
    N,
    S,
    W,
    is_wall_card,
)
from game.engine.extended import Extra
from game.engine.modules import CHOOSABLE, PLAYABLE, walls
from game.engine.modules.walls import BuildWall
from game.engine.record import card_entries
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, PLACE, GameState

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    check_refused_in_one_line,
    check_round_trip,
    hold,
    new_state,
    play_with_random_agents,
    played_preferring,
    set_grid,
    set_hand,
    set_reserve,
    stack_deck,
    tile_with,
    tiles_with,
)

MODULES = ("walls",)


def part(state: GameState) -> walls.WallPart:
    found = walls.of(state)
    assert found is not None
    return found


def wall_card(sides: int) -> int:
    return next(c for c in WALL_CARDS if CARD_WALLS[c] == sides)


def show(state: GameState, *cards: int) -> None:
    """Lay ``cards`` face up beside the market (taken from the deck)."""
    for c in cards:
        state.deck.remove(c)
        part(state).shown.append(c)


def turn_of(state: GameState, player: int) -> None:
    while state.turn_player != player:
        state.next_turn()
    state.phase = ACTION
    state.decider = player


def walls_state(players: int = 3, seed: int = 3) -> GameState:
    state = new_state(players, seed, modules=MODULES)
    turn_of(state, 0)
    state.log.clear()
    return state


# ================================================================== [M-WALL-1] [M-WALL-2] components and setup
@pytest.mark.parametrize("players", [2, 4, 6])
def test_two_wall_cards_in_each_of_piles_2_to_5_m_wall_1_m_wall_2(players: int):
    """[M-WALL-1] eight wall cards (four single walls, four corners); [M-WALL-2] two shuffled into each of piles 2 to 5,
    none into a hand or the offer; the record lists them with the walls they show."""
    d = deal(players, 70 + players, MODULES)
    assert sorted(c for c in d.deck if is_wall_card(c)) == list(WALL_CARDS)
    assert not any(map(is_wall_card, [*d.offer, *(c for hand in d.hands for c in hand)]))
    assert deal_problems(d) == []
    first_money_pile = [c for c in d.deck[: len(d.deck) // 6] if CARD_KIND[c] != "money"]
    assert not any(map(is_wall_card, first_money_pile)), "pile 1 holds no wall card"
    entries = [e for e in card_entries(players, MODULES) if e["kind"] == "wall"]
    assert sorted(e["walls"] for e in entries) == sorted(["N", "E", "S", "W", "NE", "ES", "SW", "NW"])


# ================================================================== [M-WALL-3] laid out beside the market
def test_wall_cards_drawn_lie_beside_the_market_any_number_m_wall_3():
    """[M-WALL-3] a wall card drawn in a refill lies face up beside the market (``wall_up``), any number of them; the
    draw goes on until the offer holds four."""
    state = walls_state()
    first, second = WALL_CARDS[:2]
    stack_deck(state, [first, second])
    state.apply(Take((state.offer[0],)))
    assert part(state).shown == [first, second] and len(state.offer) == 4
    assert [e["card"] for e in state.log if e["e"] == "wall_up"] == [first, second]
    check_conservation(state)


# ================================================================== [M-WALL-4] to [M-WALL-6] the action
def test_build_a_wall_on_a_tile_in_the_alhambra_m_wall_4():
    """[M-WALL-4] take a face-up wall card and build exactly its walls on one of your tiles: the card leaves the
    game, the walls belong to the tile, the turn ends (no further action)."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): ""})
    tile = state.boards[0].grid[cell_at(1, 0)]
    corner = wall_card(N | E)
    show(state, corner)
    move = BuildWall(corner, tile)
    assert move in state.legal_actions()
    state.apply(move)
    assert state.log[0] == {"e": "wall", "player": 0, "card": corner, "tile": tile}
    board = state.boards[0]
    assert board.walls_of(tile) == N | E and corner in part(state).used and not part(state).shown
    assert state.turn_player == 1
    check_conservation(state)


def test_walls_on_a_tile_just_bought_and_on_the_reserve_m_wall_4():
    """[M-WALL-4] a tile bought this turn and not yet placed (the action after an exact payment), or on the reserve,
    takes walls too; building is no purchase, so it grants no further action ([B-TURN-4])."""
    state = walls_state()
    slot = 1
    cost = TILE_COST[state.in_slot(slot)]
    currency = CURRENCIES[SLOT_CURRENCY[slot]]
    exact = [card(currency, cost)] if cost <= 9 else [card(currency, 9), card(currency, cost - 9)]
    set_hand(state, 0, exact)
    bought = state.in_slot(slot)
    state.apply(Buy(slot, tuple(exact)))
    free = next(bit for bit in (N, E, S, W) if not state.boards[0].walls_of(bought) & bit)
    single = wall_card(free)
    show(state, single)
    state.apply(BuildWall(single, bought))
    assert state.phase == PLACE and state.boards[0].walls_of(bought) & free
    reserved = tile_with("")
    state2 = walls_state()
    set_reserve(state2, 0, [reserved])
    show(state2, wall_card(S))
    state2.apply(BuildWall(wall_card(S), reserved))
    assert state2.boards[0].walls_of(reserved) == S


def test_printed_walls_are_not_built_over_m_wall_4():
    """[M-WALL-4] every side the card shows must be wall-less on that tile (printed or built)."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): "N"})
    tile = state.boards[0].grid[cell_at(1, 0)]
    show(state, wall_card(N | E))
    assert BuildWall(wall_card(N | E), tile) not in state.legal_actions()
    assert_illegal(state, BuildWall(wall_card(N | E), tile), "M-WALL-4")


def test_only_ones_own_tiles_and_face_up_cards_m_wall_4():
    """[M-WALL-4] a tile of another player's, or a wall card not face up, is refused."""
    state = walls_state()
    set_grid(state, 1, {(1, 0): ""})
    theirs = state.boards[1].grid[cell_at(1, 0)]
    show(state, wall_card(S))
    assert_illegal(state, BuildWall(wall_card(S), theirs), "M-WALL-4")
    assert_illegal(state, BuildWall(wall_card(N), state.boards[0].grid[cell_at(0, 0)]), "M-WALL-4")
    other = new_state(3, 3)
    assert_illegal(other, BuildWall(wall_card(N), 0), "M-WALL-4")


def test_the_start_tile_takes_walls_but_a_camp_none_m_wall_5():
    """[M-WALL-5] the start tile is one of your tiles and takes walls; a camp takes none."""
    state = new_state(3, 3, modules=(*MODULES, "camps"))
    turn_of(state, 0)
    start = state.boards[0].grid[cell_at(0, 0)]
    show(state, wall_card(N))
    state.apply(BuildWall(wall_card(N), start))
    assert state.boards[0].walls_of(start) == N
    turn_of(state, 0)
    camp = CAMPS[0]
    set_reserve(state, 0, [camp])
    show(state, wall_card(S))
    assert_illegal(state, BuildWall(wall_card(S), camp), "M-WALL-5")


def test_a_new_wall_in_the_alhambra_faces_an_empty_cell_m_wall_6():
    """[M-WALL-6] a wall against a neighbouring tile would touch an open side: refused."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): ""})
    start = state.boards[0].grid[cell_at(0, 0)]
    show(state, wall_card(E))
    assert_illegal(state, BuildWall(wall_card(E), start), "M-WALL-6")
    assert BuildWall(wall_card(E), state.boards[0].grid[cell_at(1, 0)]) in state.legal_actions()


# ================================================================== [M-WALL-7] walls for every purpose
def walled(state: GameState, tile: int, sides: int) -> None:
    show(state, wall_card(sides))
    turn_of(state, 0)
    state.apply(BuildWall(wall_card(sides), tile))
    turn_of(state, 0)


def test_built_walls_count_in_the_wall_scoring_m_wall_7():
    """[M-WALL-7] [B-SCORE-4] a built wall scores like a printed one."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): ""})
    tile = state.boards[0].grid[cell_at(1, 0)]
    assert state.boards[0].wall_length() == 0
    walled(state, tile, N | E)
    assert state.boards[0].wall_length() == 2


def test_built_walls_match_and_block_the_way_on_foot_m_wall_7():
    """[M-WALL-7] [B-PLACE-3] [B-PLACE-4] a tile walled on its reserve must match its new neighbours with its built
    walls, and a walled side is no way on foot: it no longer goes where it went, but where a wall is needed."""
    state = walls_state()
    open_tile = tile_with("")
    set_reserve(state, 0, [open_tile])
    assert FromReserve(open_tile, 0, 1) in state.legal_actions()
    walled(state, open_tile, N)
    assert FromReserve(open_tile, 0, 1) not in state.legal_actions()
    assert_illegal(state, FromReserve(open_tile, 0, 1), "B-PLACE-3")


def test_built_walls_travel_with_their_tile_m_wall_7():
    """[M-WALL-7] lifted to the reserve and back, or swapped, the tile keeps its built walls."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): "", (2, 0): ""})
    tile = state.boards[0].grid[cell_at(2, 0)]
    walled(state, tile, N | E)
    state.apply(Lift(tile))
    turn_of(state, 0)
    assert state.boards[0].walls_of(tile) == N | E
    state.apply(FromReserve(tile, 2, 0))
    assert state.boards[0].wall_length() == 2


def test_built_walls_separate_a_hut_from_a_building_m_wall_7():
    """[M-WALL-7] [M-HUT-4] a built wall between a hut and a building of its colour stops the hut's count: the hut at
    (1, 1) is reached across the open tile at (0, 1); the building above it counts once more, unless both show a
    wall there (built on each)."""
    state = new_state(3, 3, modules=(*MODULES, "huts"))
    turn_of(state, 0)
    hut = next(h for h in HUTS if TILE_WALLS[h] in (E, S) and tiles_with("", BUILDING_TYPES[HUT_COLOUR[h]]))
    colour = HUT_COLOUR[hut]
    building = tile_with("", kind=BUILDING_TYPES[colour])
    set_grid(state, 0, {(1, 0): building, (0, 1): tile_with("", avoid=[building])})
    before = state.scoring_counts(0)[colour]
    grid = {**state.boards[0].grid, cell_at(1, 1): hut}
    state.boards[0] = Board(grid)
    assert state.boards[0].violations() == [] and state.scoring_counts(0)[colour] == before + 1
    state.boards[0] = Board(grid).with_extra(Extra(walls=tuple(sorted(((hut, N), (building, S))))))
    assert state.boards[0].violations() == []
    assert state.scoring_counts(0)[colour] == before


def test_a_camp_bastion_may_lean_on_a_built_wall_m_wall_7():
    """[M-WALL-7] [M-CAMP-2] a camp's bastion must touch a wall: a built one will do."""
    state = new_state(3, 3, modules=(*MODULES, "camps"))
    turn_of(state, 0)
    camp = next(c for c in CAMPS if TILE_WALLS[c] == W)
    start = state.boards[0].grid[cell_at(0, 0)]
    hold(state, [camp])
    assert (1, 0) not in state.legal_cells(0, camp)
    state.boards[0] = state.boards[0].with_extra(Extra(walls=((start, E),)))
    state._forget(0)
    assert (1, 0) in state.legal_cells(0, camp)
    assert Place(camp, 1, 0) in state.legal_actions()


# ================================================================== [M-WALL-8]
def test_wall_cards_are_no_money_and_dirk_gets_none_m_wall_8():
    """[M-WALL-8] a wall card is never in a hand or the offer (no thief takes one), pays for nothing, and is worth
    nothing at the end."""
    state = walls_state(2)
    show(state, WALL_CARDS[0])
    assert_illegal(state, Take((WALL_CARDS[0],)), "B-TURN-2")
    assert_illegal(state, Buy(1, (WALL_CARDS[0],)), "B-TURN-3")
    assert all(not is_wall_card(c) for hand in state.hands for c in hand)


# ================================================================== records
def played(players: int, seed: int, modules: tuple[str, ...] = MODULES) -> dict:
    """A whole game whose random choices prefer building walls."""
    return played_preferring(players, seed, modules, (BuildWall,), 0.6)


@pytest.mark.parametrize(("players", "modules"), [(2, MODULES), (4, (*MODULES, "gates", "huts", "camps"))])
def test_a_record_with_walls_round_trips_m_wall_4_m_wall_7(players: int, modules: tuple[str, ...]):
    """[M-WALL-3] [M-WALL-4] [M-WALL-7] save → load → replay gives the same events and result; the independent
    reader follows every wall built (with gates, huts and camps too)."""
    record = played(players, 30 + players, modules)
    assert Counter(e["e"] for e in record["events"])["wall"]
    check_round_trip(record)


@pytest.mark.parametrize("how", ["card", "tile", "printed", "up"])
def test_a_tampered_wall_record_is_refused_with_one_line_m_wall_4(how: str):
    """[M-WALL-3] [M-WALL-4] a record building a card not face up, on a tile not the player's, over a printed wall,
    or laying out a card not drawn, is refused with one line."""
    record = played(3, 33)
    events = record["events"]
    index = next(i for i, e in enumerate(events) if e["e"] == "wall")
    if how == "card":
        events[index]["card"] = next(c for c in WALL_CARDS if c != events[index]["card"])
    elif how == "tile":
        events[index]["tile"] = 53 if events[index]["tile"] != 53 else 52
    elif how == "printed":
        events[index]["tile"] = next(t["id"] for t in record["tiles"] if t.get("walls") == "NESW"[0:3])
    else:
        up = next(i for i, e in enumerate(events) if e["e"] == "wall_up")
        events[up]["card"] = 7
    check_refused_in_one_line(record)


# ================================================================== whole games
def test_walls_are_playable_and_offered_at_setup():
    """The engine and its records play it, and setup offers it: the client and the AI know it."""
    assert "walls" in PLAYABLE and "walls" in CHOOSABLE


@pytest.mark.parametrize("players", [2, 5])
def test_random_agents_play_whole_games_with_walls_m_wall_7(players: int):
    """[M-WALL-7] the random bot decides from its knowledge in games with city walls and gates (and every module
    offered): nothing is created or lost, every Alhambra obeys §4 with its built walls, and the record replays."""
    play_with_random_agents(players, 80 + players, PLAYABLE, boards=True)


def test_a_swap_keeps_the_matching_with_built_walls_m_wall_7():
    """[M-WALL-7] [B-TURN-6] a swap reads the built walls of the tile swapped in."""
    state = walls_state()
    set_grid(state, 0, {(1, 0): ""})
    inner = state.boards[0].grid[cell_at(1, 0)]
    other = tile_with("", avoid=[inner])
    set_reserve(state, 0, [other])
    assert Swap(other, inner) in state.legal_actions()
    walled(state, other, W)
    assert Swap(other, inner) not in state.legal_actions()
    assert_illegal(state, Swap(other, inner), "B-PLACE-3")
