"""RULES.md §4, the building rules, and the redesign actions of [B-TURN-6] that must respect them.

Layouts are ``{(x, y): walls}`` (y grows south, the start tile is at (0, 0)); wall letters pick
a real building with exactly those walls.  Each rule is checked at two levels: the pure
function (``alhambra.placement_violation`` and friends) and the engine refusing the action.
"""

from __future__ import annotations

import pytest

from game.engine import FromReserve, Lift, Place, Reserve, Swap
from game.engine.actions import Take
from game.engine.alhambra import (
    MAY_TOUCH,
    ON_FOOT,
    ORIGIN,
    cell_at,
    placement_violation,
    removable_cells,
    side_pairs,
    swap_violation,
    violations,
)
from game.engine.components import (
    BASTION,
    CAMP,
    GREEN,
    OPEN,
    SIDE_KINDS,
    SIDES,
    START_TILES,
    TILE_KIND,
    TILE_SIDES,
    TILE_WALLS,
    WALL,
    walls_from_text,
)
from game.engine.state import ACTION

from .helpers import (
    assert_illegal,
    build,
    hold,
    new_state,
    placement_ok,
    set_grid,
    set_reserve,
    tile_with,
    with_tile,
)


def rule_of(message: str | None) -> str | None:
    return None if message is None else message[1 : message.index("]")]


def check(grid, x, y, walls: str) -> str | None:
    """The rule placement_violation names for a tile with ``walls`` at (x, y), cross-checked with the oracle."""
    rule = rule_of(placement_violation(grid, cell_at(x, y), walls_from_text(walls)))
    tile = tile_with(walls, avoid=grid.values())
    assert (rule is None) == placement_ok(grid, cell_at(x, y), tile)
    return rule


@pytest.fixture
def at_turn():
    """A 3-player state at the start of a turn; returns (state, current player)."""
    state = new_state(3, 8)
    return state, state.turn_player


# ---------------------------------------------------------------- [B-PLACE-1] orientation
def test_tiles_are_never_rotated_b_place_1(at_turn):
    """[B-PLACE-1] tiles are placed as printed: a spot that needs a west wall refuses a tile whose
    only wall is north (it would fit if turned), accepts one with a west wall; actions have no rotation."""
    state, player = at_turn
    layout = {(1, 0): "E", (1, 1): "", (2, 1): ""}
    set_grid(state, player, layout)
    north = tile_with("N", avoid=state.boards[player].grid.values())
    west = tile_with("W", avoid=state.boards[player].grid.values())
    hold(state, [north, west])
    assert (2, 0) not in state.legal_cells(player, north)
    assert (2, 0) in state.legal_cells(player, west)
    assert_illegal(state, Place(north, 2, 0), "B-PLACE-3")
    assert Place._fields == ("tile", "x", "y")
    state.apply(Place(west, 2, 0))
    assert TILE_WALLS[state.boards[player].grid[cell_at(2, 0)]] == walls_from_text("W")


# ---------------------------------------------------------------- [B-PLACE-2] adjacency
def test_corner_contact_or_no_contact_is_not_enough_b_place_2():
    """[B-PLACE-2] a tile must share a full side: touching a corner only, or nothing, is refused."""
    grid = build({})
    assert check(grid, 1, 1, "") == "B-PLACE-2"
    assert check(grid, -1, -1, "") == "B-PLACE-2"
    assert check(grid, 2, 0, "") == "B-PLACE-2"
    assert check(grid, 1, 0, "") is None
    assert check(grid, 0, -1, "") is None


def test_occupied_cell_is_refused_b_place_2(at_turn):
    """[B-PLACE-2] a cell already built on (also the start tile's) cannot take another tile."""
    state, player = at_turn
    set_grid(state, player, {(1, 0): ""})
    tile = tile_with("", avoid=state.boards[player].grid.values())
    hold(state, [tile])
    assert_illegal(state, Place(tile, 1, 0), "B-PLACE-2")
    assert_illegal(state, Place(tile, 0, 0), "B-PLACE-2")
    assert_illegal(state, Place(tile, -1, 1), "B-PLACE-2")  # corner only
    assert_illegal(state, Place(tile, 5, 5), "B-PLACE-2")  # far away


# ---------------------------------------------------------------- [B-PLACE-3] matching sides
def test_wall_against_open_side_is_refused_b_place_3(at_turn):
    """[B-PLACE-3] a new tile's open side may not touch a wall, nor its wall an open side."""
    grid = build({(1, 0): "E"})
    assert check(grid, 2, 0, "") == "B-PLACE-3"  # open west side against the east wall
    grid = build({(1, 0): ""})
    assert check(grid, 2, 0, "W") == "B-PLACE-3"  # west wall against an open side
    assert check(grid, 2, 0, "N") is None
    state, player = at_turn
    set_grid(state, player, {(1, 0): "E"})
    tile = tile_with("", avoid=state.boards[player].grid.values())
    hold(state, [tile])
    assert_illegal(state, Place(tile, 2, 0), "B-PLACE-3")


def test_wall_against_wall_is_fine_b_place_3():
    """[B-PLACE-3] wall against wall matches, as long as another side is open to walk in by."""
    grid = build({(1, 0): "E", (1, 1): "", (2, 1): ""})
    assert check(grid, 2, 0, "W") is None  # west wall against the east wall, open south side
    assert check(grid, 2, 0, "NW") is None
    assert check(grid, 2, 0, "WS") == "B-PLACE-3"  # south wall against an open north side


# ---------------------------------------------------------------- [B-PLACE-4] on foot
def test_tile_touching_only_walls_is_unreachable_b_place_4(at_turn):
    """[B-PLACE-4] every side that touches matches, but all of them are walls: nobody can walk in."""
    grid = build({(1, 0): "E"})
    assert check(grid, 2, 0, "W") == "B-PLACE-4"
    two_sides = build({(1, 0): "E", (1, 1): "", (2, 1): "N"})
    assert violations(two_sides) == []
    assert check(two_sides, 2, 0, "WS") == "B-PLACE-4"  # walls against both neighbours' walls
    state, player = at_turn
    set_grid(state, player, {(1, 0): "E"})
    tile = tile_with("W", avoid=state.boards[player].grid.values())
    hold(state, [tile])
    assert (2, 0) not in state.legal_cells(player, tile)
    assert_illegal(state, Place(tile, 2, 0), "B-PLACE-4")


# ---------------------------------------------------------------- [B-PLACE-5] holes
ALMOST_ENCLOSED = {(1, 0): "", (2, 0): "", (2, 1): "", (0, 1): "", (0, 2): ""}  # (1, 1) open to the south


def test_single_cell_hole_is_refused_b_place_5(at_turn):
    """[B-PLACE-5] closing the fourth side of an empty cell makes a hole; building next to it elsewhere does not."""
    grid = build(ALMOST_ENCLOSED)
    assert violations(grid) == []
    assert check(grid, 1, 2, "") == "B-PLACE-5"
    assert check(grid, 2, 2, "") is None
    hole = with_tile(grid, 1, 2, tile_with("", avoid=grid.values()))
    assert any(v.startswith("[B-PLACE-5]") for v in violations(hole))
    state, player = at_turn
    set_grid(state, player, ALMOST_ENCLOSED)
    tile = tile_with("", avoid=state.boards[player].grid.values())
    hold(state, [tile])
    assert (1, 2) not in state.legal_cells(player, tile)
    assert Place(tile, 1, 2) not in state.legal_actions()
    assert_illegal(state, Place(tile, 1, 2), "B-PLACE-5")
    state.apply(Place(tile, 2, 2))
    assert violations(state.boards[player].grid) == []


RING_AROUND_TWO = {(1, 0): "", (2, 0): "", (3, 0): "", (3, 1): "", (0, 1): "", (0, 2): "", (1, 2): ""}


def test_enclosure_of_two_cells_is_a_hole_b_place_5():
    """[B-PLACE-5] (Choice) an enclosed empty area of any size is a hole: here (1,1)+(2,1), closed by (2,2).

    The cell being filled has several separate empty neighbours, so the engine must search
    whether each still reaches outside; the same ring left open at the east is legal.
    """
    grid = build(RING_AROUND_TWO)
    assert violations(grid) == []
    assert check(grid, 2, 2, "") == "B-PLACE-5"
    closed = with_tile(grid, 2, 2, tile_with("", avoid=grid.values()))
    assert any(v.startswith("[B-PLACE-5]") for v in violations(closed))
    open_east = build({k: v for k, v in RING_AROUND_TWO.items() if k != (3, 1)})
    assert check(open_east, 2, 2, "") is None


def test_enclosure_of_an_l_shaped_area_is_a_hole_b_place_5():
    """[B-PLACE-5] an L-shaped empty area of three cells, (1,1) (2,1) (2,2), closed off by (2,3), is a hole."""
    layout = {
        (1, 0): "",
        (2, 0): "",
        (3, 0): "",
        (3, 1): "",
        (3, 2): "",
        (3, 3): "",
        (0, 1): "",
        (0, 2): "",
        (1, 2): "",
    }
    grid = build(layout)
    assert violations(grid) == []
    assert check(grid, 2, 3, "") == "B-PLACE-5"
    assert check(grid, 1, 3, "") is None


def test_from_reserve_that_makes_a_hole_is_refused_b_place_5_b_turn_6(at_turn):
    """[B-PLACE-5] [B-TURN-6] moving a reserve tile into the Alhambra obeys the hole rule too."""
    state, player = at_turn
    set_grid(state, player, ALMOST_ENCLOSED)
    tile = tile_with("", avoid=state.boards[player].grid.values())
    set_reserve(state, player, [tile])
    legal = state.legal_actions()
    assert FromReserve(tile, 1, 2) not in legal
    assert FromReserve(tile, 2, 2) in legal
    assert_illegal(state, FromReserve(tile, 1, 2), "B-PLACE-5")
    assert_illegal(state, FromReserve(tile, 2, 0), "B-PLACE-2")
    state.apply(FromReserve(tile, 2, 2))
    assert state.boards[player].grid[cell_at(2, 2)] == tile
    assert state.reserves[player] == []


# ---------------------------------------------------------------- [B-PLACE-6] removals
def test_lift_that_disconnects_is_refused_b_place_6(at_turn):
    """[B-PLACE-6] lifting the middle tile of a chain would cut the end tile off."""
    state, player = at_turn
    grid = set_grid(state, player, {(1, 0): "", (2, 0): ""})
    middle, end = grid[cell_at(1, 0)], grid[cell_at(2, 0)]
    assert Lift(middle) not in state.legal_actions()
    assert Lift(end) in state.legal_actions()
    assert_illegal(state, Lift(middle), "B-PLACE-6")


def test_lift_that_leaves_a_hole_is_refused_b_place_6():
    """[B-PLACE-6] lifting the centre of a full 3x3 block would leave a hole; lifting an edge or corner would not."""
    layout = {(x, y): "" for x in range(3) for y in range(3) if (x, y) != (0, 0)}
    state = new_state(3, 8)
    player = state.turn_player
    grid = set_grid(state, player, layout)
    assert violations(grid) == []
    removable = removable_cells(grid)
    assert cell_at(1, 1) not in removable
    assert {cell_at(2, 2), cell_at(1, 0), cell_at(2, 1)} <= removable
    error = assert_illegal(state, Lift(grid[cell_at(1, 1)]), "B-PLACE-6")
    assert "hole" in str(error)
    state.apply(Lift(grid[cell_at(2, 2)]))
    assert violations(state.boards[player].grid) == []


FOOT_LOOP = {(1, 0): "S", (2, 0): "", (2, 1): "", (1, 1): "N"}  # (1,1) touches (1,0) only wall to wall


def test_lift_that_cuts_a_tile_off_on_foot_is_refused_b_place_6_b_place_4(at_turn):
    """[B-PLACE-6] [B-PLACE-4] (1,1) still touches (1,0) after lifting (2,1), but only through a wall:
    it could no longer be reached on foot, so the lift is refused although the tiles stay adjacent."""
    state, player = at_turn
    grid = set_grid(state, player, FOOT_LOOP)
    assert violations(grid) == []
    link, leaf = grid[cell_at(2, 1)], grid[cell_at(1, 1)]
    legal = state.legal_actions()
    assert Lift(link) not in legal
    assert Lift(grid[cell_at(2, 0)]) not in legal
    assert Lift(leaf) in legal
    error = assert_illegal(state, Lift(link), "B-PLACE-6")
    assert "foot" in str(error)


def test_lifted_tile_goes_to_reserve_and_ends_turn_b_turn_6(at_turn):
    """[B-TURN-6b] a lift moves the tile to the reserve, writes lift+reserve events and ends the turn."""
    state, player = at_turn
    grid = set_grid(state, player, {(1, 0): ""})
    tile = grid[cell_at(1, 0)]
    state.log.clear()
    state.apply(Lift(tile))
    assert state.reserves[player] == [tile]
    assert state.boards[player].grid == {ORIGIN: START_TILES[player]}
    assert state.log[:2] == [
        {"e": "lift", "player": player, "tile": tile, "from": [1, 0]},
        {"e": "reserve", "player": player, "tile": tile},
    ]
    assert state.turn_player != player and state.phase == ACTION


# ---------------------------------------------------------------- the start tile and swaps [B-TURN-6]
def test_start_tile_cannot_be_lifted_or_swapped_b_turn_6(at_turn):
    """[B-TURN-6] the start tile never leaves: no Lift or Swap of it is offered, and both are refused."""
    state, player = at_turn
    set_grid(state, player, {(1, 0): ""})
    spare = tile_with("", avoid=state.boards[player].grid.values())
    set_reserve(state, player, [spare])
    start = START_TILES[player]
    for action in state.legal_actions():
        assert start not in (getattr(action, "tile", None), getattr(action, "alhambra_tile", None))
    assert_illegal(state, Lift(start), "B-TURN-6")
    assert_illegal(state, Swap(spare, start), "B-TURN-6")
    assert ORIGIN not in removable_cells(state.boards[player].grid)


def test_legal_swap_takes_exactly_the_vacated_cell_b_turn_6(at_turn):
    """[B-TURN-6c] a reserve tile takes exactly the place of the Alhambra tile, which goes to the reserve.

    The swapped-in tile may differ on sides that touch nothing (here it adds a north wall).
    """
    state, player = at_turn
    grid = set_grid(state, player, {(1, 0): "", (2, 0): ""})
    old = grid[cell_at(1, 0)]
    new = tile_with("N", avoid=grid.values())
    set_reserve(state, player, [new])
    assert swap_violation(grid, cell_at(1, 0), TILE_WALLS[new]) is None
    assert Swap(new, old) in state.legal_actions()
    state.log.clear()
    state.apply(Swap(new, old))
    assert state.boards[player].grid[cell_at(1, 0)] == new
    assert state.reserves[player] == [old]
    assert violations(state.boards[player].grid) == []
    assert [e["e"] for e in state.log[:3]] == ["lift", "place", "reserve"]
    assert state.log[1] == {"e": "place", "player": player, "tile": new, "at": [1, 0]}
    assert state.turn_player != player, "a redesign ends the turn"


def test_illegal_swaps_are_refused_b_turn_6_b_place_3(at_turn):
    """[B-TURN-6] [B-PLACE-3] a swapped-in tile must match the neighbours of the vacated cell;
    the reserve tile must be on the reserve and the Alhambra tile in the Alhambra."""
    state, player = at_turn
    grid = set_grid(state, player, {(1, 0): "", (2, 0): ""})
    old = grid[cell_at(1, 0)]
    walled = tile_with("W", avoid=grid.values())  # west wall against the start tile's open side
    set_reserve(state, player, [walled])
    assert swap_violation(grid, cell_at(1, 0), TILE_WALLS[walled]).startswith("[B-PLACE-3]")
    assert Swap(walled, old) not in state.legal_actions()
    assert_illegal(state, Swap(walled, old), "B-PLACE-3")
    stranger = next(t for t in state.bag)
    assert_illegal(state, Swap(stranger, old), "B-TURN-6")  # not on the reserve
    assert_illegal(state, Swap(walled, stranger), "B-TURN-6")  # not in the Alhambra
    assert_illegal(state, FromReserve(stranger, 0, 1), "B-TURN-6")
    assert_illegal(state, Lift(stranger), "B-TURN-6")


def test_redesign_only_in_the_action_phase_b_turn_6(at_turn):
    """[B-TURN-6] redesigning is an action: while bought tiles wait to be placed it is refused."""
    state, player = at_turn
    grid = set_grid(state, player, {(1, 0): ""})
    tile = tile_with("", avoid=grid.values())
    hold(state, [tile])
    assert_illegal(state, Lift(grid[cell_at(1, 0)]), "B-TURN-7")
    assert_illegal(state, Take((state.offer[0],)), "B-TURN-7")
    assert Reserve(tile) in state.legal_actions()


# ---------------------------------------------------------------- the checker itself
def test_violations_detects_each_kind_of_broken_alhambra_b_place_3_b_place_4_b_place_5():
    """[B-PLACE-3] [B-PLACE-4] [B-PLACE-5] [B-SETUP-1] ``violations`` (the oracle of the property tests)
    reports mismatched sides, unreachable tiles, holes and a missing start tile."""
    assert violations(build({(1, 0): "", (0, 1): "N"}))[0].startswith("[B-PLACE-3]")
    assert any(v.startswith("[B-PLACE-4]") for v in violations(build({(3, 3): ""})))
    assert any(v.startswith("[B-PLACE-4]") for v in violations(build({(1, 0): "E", (2, 0): "W"})))
    hole = build({(1, 0): "", (2, 0): "", (2, 1): "", (0, 1): "", (0, 2): "", (1, 2): ""})
    assert [v[:13] for v in violations(hole)] == ["[B-PLACE-5] t"]
    assert violations({cell_at(1, 0): 3})[0].startswith("[B-SETUP-1]")
    assert violations(build({})) == []


def test_far_away_coordinates_are_refused_b_place_2(at_turn):
    """[B-PLACE-2] a Place at (128, -1) names a cell 128 columns east of the start tile, touching nothing,
    so it must be refused.  The engine packs (x, y) into (y + 64) * 128 + (x + 64) without a range check:
    (128, -1) becomes the cell of (0, 0)... and (129, -1) that of (1, 0), where the tile is then built while
    the event log says it stands at [129, -1]."""
    state, player = at_turn
    tile = tile_with("", avoid=state.boards[player].grid.values())
    hold(state, [tile])
    assert cell_at(129, -1) == cell_at(1, 0)  # the aliasing itself
    assert_illegal(state, Place(tile, 129, -1), "B-PLACE-2")


# ---------------------------------------------------------------- sides with kinds
def test_side_kinds_and_which_may_touch_b_place_3_b_place_4_m_camp_2():
    """[B-PLACE-3] [B-PLACE-4] [M-CAMP-2] every tile shows a kind on each side (open or wall for the base game's
    tiles, the start tile open all round); wall meets wall and open meets open, a camp's bastion meets a wall and
    two camps meet green against green, nothing else (both ways round: never two bastions, never a green or
    bastion side against an open side, never green against a wall), and only open against open can be walked
    across (nobody walks through a camp)."""
    for tile in range(len(TILE_WALLS)):
        if TILE_KIND[tile] == CAMP:
            continue  # [M-CAMP-1] bastions and green sides: the components' test
        assert len(TILE_SIDES[tile]) == 4 and set(TILE_SIDES[tile]) <= {OPEN, WALL}
        assert TILE_SIDES[tile] == tuple(WALL if TILE_WALLS[tile] & side else OPEN for side in SIDES)
    assert all(TILE_SIDES[tile] == (OPEN,) * 4 for tile in START_TILES)
    assert {(a, b) for a in SIDE_KINDS for b in SIDE_KINDS if (a, b) in MAY_TOUCH} == {
        (OPEN, OPEN),
        (WALL, WALL),
        (BASTION, WALL),
        (WALL, BASTION),
        (GREEN, GREEN),
    }
    assert all((b, a) in MAY_TOUCH for a, b in MAY_TOUCH) and ON_FOOT <= MAY_TOUCH
    assert {(OPEN, OPEN)} == ON_FOOT and {BASTION, GREEN} <= set(SIDE_KINDS)


def test_the_side_pairs_of_a_cell_are_its_touching_neighbours_facing_sides_b_place_3():
    """[B-PLACE-3] ``side_pairs`` pairs each side of a cell that touches a tile with the neighbour's side facing it."""
    grid = build({(1, 0): "N", (0, 1): "E"})
    north_walled, east_walled = grid[cell_at(1, 0)], grid[cell_at(0, 1)]
    assert TILE_SIDES[north_walled][0] == WALL and TILE_SIDES[east_walled][1] == WALL
    pairs = side_pairs(grid, cell_at(1, 1), (WALL, OPEN, OPEN, WALL))
    assert pairs == [(WALL, OPEN), (WALL, WALL)]  # north meets (1, 0)'s open south; west meets (0, 1)'s east wall
