"""Camps, the 2024 edition's module (RULES.md §9.5: [M-CAMP-1] to [M-CAMP-4], with [B-DIRK-5] and [B-END-2]).

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every
illegal move is checked to raise ``IllegalAction`` naming its rule and to change nothing.  The camps by
their bastions, which are also their arrows: N 84, E 85, S 86, W 87, NE 88, ES 89, SW 90, NW 91.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Buy, FromReserve, Lift, Place, Reserve, Swap, Take, alhambra
from game.engine.alhambra import (
    FIT_WALLS,
    NO_BUILDING,
    ORIGIN,
    ROW,
    cell_at,
    fits,
    longest_wall,
    placement_violation,
    removable_cells,
    sides_fit,
    survey,
    swap_violation,
    xy_of,
)
from game.engine.components import (
    BUILDING_TYPES,
    BUILDINGS,
    CAMP_ARROWS,
    CAMPS,
    EMPTY,
    HUTS,
    SCORING_CARDS,
    TILE_COST,
    TILE_KIND,
    TILE_SIDES,
    TILE_TYPE,
    TILE_WALLS,
    is_camp,
    is_start_tile,
    walls_from_text,
)
from game.engine.knowledge import state_key
from game.engine.modules import CHOOSABLE, dirk
from game.engine.modules.camps import SCORE_NAME, line_points
from game.engine.modules.dirk import GiveToDirk
from game.engine.record import RecordError, loads, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, FINAL, OVER, PLACE, GameState

from .helpers import (
    assert_illegal,
    build,
    card,
    check_conservation,
    dirk_tiles,
    events_named,
    hold,
    new_game,
    new_state,
    placement_ok,
    play,
    random_policy,
    set_bag,
    set_dirk,
    set_grid,
    set_hand,
    set_market,
    set_reserve,
    stack_bag,
    stack_deck,
    tile_with,
    tiles_of_type,
)
from .record_reader import check

CAMPS_ONLY = ("camps",)


def camp(bastions: str) -> int:
    """The camp whose bastion sides are exactly ``bastions`` (letters of NESW)."""
    (found,) = [t for t in CAMPS if TILE_WALLS[t] == walls_from_text(bastions)]
    return found


def rule_of(grid: dict[int, int], x: int, y: int, tile: int) -> str | None:
    """The rule the full check names for ``tile`` at (x, y), cross-checked with the independent oracle."""
    problem = placement_violation(grid, cell_at(x, y), TILE_WALLS[tile], TILE_SIDES[tile])
    assert (problem is None) == placement_ok(grid, cell_at(x, y), tile), problem
    return None if problem is None else problem[1:].split("]")[0]


def swapped(grid: dict[int, int], cell: int, tile: int) -> dict[int, int]:
    new = dict(grid)
    new[cell] = tile
    return new


def lifted(grid: dict[int, int], cell: int) -> dict[int, int]:
    new = dict(grid)
    del new[cell]
    return new


@pytest.fixture
def camp_game() -> tuple[GameState, int]:
    """A three-player game with camps, the log cleared, and its turn player."""
    state = new_state(3, 21, modules=CAMPS_ONLY)
    state.log.clear()
    return state, state.turn_player


@pytest.fixture
def camp_duel() -> tuple[GameState, int]:
    """A two-player game (Dirk plays) with camps, the log cleared, and its turn player."""
    state = new_state(2, 44, modules=CAMPS_ONLY)
    state.log.clear()
    return state, state.turn_player


# ================================================================== [M-CAMP-1] the tiles, the bag, the market
def test_eight_camps_are_shuffled_into_the_bag_m_camp_1():
    """[M-CAMP-1] with the module the eight camps are shuffled in with the buildings (bag, market and Dirk hold
    each once, the deal is legal); without it there is none.  Each camp has a cost, one or two bastions, an arrow
    the way of each bastion, and green sides elsewhere."""
    assert len(CAMPS) == 8 and all(TILE_KIND[t] == "camp" for t in CAMPS)
    for players in (2, 3, 6):
        dealt = deal(players, 7, CAMPS_ONLY)
        assert sorted([*dealt.bag, *dealt.market, *dealt.parts.get("dirk", ())]) == sorted((*BUILDINGS, *CAMPS))
        assert deal_problems(dealt) == []
        plain = deal(players, 7)
        assert not any(map(is_camp, [*plain.bag, *plain.market, *plain.parts.get("dirk", ())]))
    drawn = [deal(3, seed, CAMPS_ONLY) for seed in range(20)]
    assert len({(*dealt.market, *dealt.bag).index(CAMPS[0]) for dealt in drawn}) > 10  # shuffled in
    for tile in CAMPS:
        bastions = TILE_WALLS[tile]
        assert TILE_COST[tile] in (5, 6, 8, 9) and TILE_TYPE[tile] is None
        assert CAMP_ARROWS[tile] == bastions and bin(bastions).count("1") in (1, 2)
        assert TILE_SIDES[tile] == tuple("bastion" if bastions & side else "green" for side in (1, 2, 4, 8))


def test_a_camp_is_bought_like_a_building_m_camp_1(camp_game):
    """[M-CAMP-1] [B-TURN-3] [B-TURN-4] a camp in the market is bought with the slot's currency for at least its
    cost; an exact payment grants another action, an overpayment does not; other currencies are refused."""
    state, me = camp_game
    north = camp("N")  # costs 5, in slot 1 (florins)
    set_market(state, [north, 3, 13, 53])
    exact = (card("florin", 2), card("florin", 3))
    set_hand(state, me, [*exact, card("dirham", 5), card("florin", 9)])
    assert state.is_legal(Buy(1, exact))
    assert_illegal(state, Buy(1, (card("dirham", 5),)), "B-TURN-3")
    assert_illegal(state, Buy(1, (card("florin", 2),)), "B-TURN-3")  # 2 is less than 5
    overpaid = state.clone()
    overpaid.apply(Buy(1, (card("florin", 9),)))
    assert overpaid.phase == PLACE and overpaid.held == [north]
    state.apply(Buy(1, exact))
    assert state.phase == ACTION and state.held == [north] and state.market[0] == EMPTY
    assert events_named(state.log, "buy") == [
        {"e": "buy", "player": me, "slot": 1, "tile": north, "paid": list(exact), "exact": True}
    ]
    check_conservation(state)


def test_camps_are_no_buildings_to_come_m_camp_1(camp_game):
    """[M-CAMP-1] camps in the bag or the market are no building of any type still to come, before and after a
    camp is bought (the count kept up to date agrees with a fresh one)."""
    state, me = camp_game
    set_market(state, [camp("N"), camp("E"), 13, 53])
    state.forget_supply()
    fresh = state.tiles_to_come()
    in_play = [t for t in state.bag + state.market if t != EMPTY and not is_camp(t)]
    assert sum(fresh) == len(in_play)
    set_hand(state, me, [card("florin", 5)])
    state.apply(Buy(1, (card("florin", 5),)))
    assert state.tiles_to_come() == fresh
    state.forget_supply()
    assert state.tiles_to_come() == fresh


# ================================================================== [M-CAMP-2] placement
def test_a_camp_touches_other_tiles_only_bastion_against_wall_m_camp_2():
    """[M-CAMP-2] and its Choice: a bastion may touch another tile's wall; it may not touch an open side; a green
    side may touch neither a wall nor an open side of another tile (only camps' green sides)."""
    grid = build({(1, 0): "E"})  # a building with only its east wall, on foot from the start tile
    assert rule_of(grid, 2, 0, camp("W")) is None  # bastion against wall
    assert rule_of(grid, 2, 0, camp("NW")) is None
    assert rule_of(grid, 2, 0, camp("N")) == "M-CAMP-2"  # green against wall (the Choice)
    assert rule_of(grid, 1, 1, camp("N")) == "M-CAMP-2"  # bastion against (1, 0)'s open south side
    assert rule_of(grid, 0, 1, camp("E")) == "M-CAMP-2"  # green against the start tile's open south side
    assert rule_of(grid, 0, 1, camp("N")) == "M-CAMP-2"  # bastion against the start tile's open side
    assert rule_of(grid, 3, 1, camp("W")) == "B-PLACE-2"  # corners are not enough, for camps too


def test_two_camps_touch_only_along_green_sides_m_camp_2():
    """[M-CAMP-2] two camps may only touch green against green: never bastion against bastion or against green."""
    grid = build({(1, 0): "E", (2, 0): camp("NW")})  # the camp's north bastion faces (2, -1)
    assert rule_of(grid, 2, 1, camp("E")) is None  # green against the camp's green south side
    assert rule_of(grid, 2, 1, camp("N")) == "M-CAMP-2"  # bastion against green
    assert rule_of(grid, 2, -1, camp("S")) == "M-CAMP-2"  # bastion against bastion
    assert rule_of(grid, 2, -1, camp("E")) == "M-CAMP-2"  # green against bastion
    assert rule_of(grid, 3, 0, camp("E")) is None  # green against the camp's green east side


def test_a_building_never_touches_a_camps_green_side_and_walls_its_bastions_m_camp_2():
    """[M-CAMP-2] a building beside a camp: its wall may touch a bastion; its open side may touch no camp side;
    its wall may not touch a green side (the Choice)."""
    grid = build({(1, 0): "E", (1, -1): "", (2, 0): camp("NW")})
    assert (
        rule_of(grid, 2, -1, tile_with("S", avoid=grid.values())) is None
    )  # wall on the bastion, on foot from the west
    assert rule_of(grid, 2, -1, tile_with("", avoid=grid.values())) == "M-CAMP-2"  # open side on the bastion
    assert rule_of(grid, 3, 0, tile_with("W", avoid=grid.values())) == "M-CAMP-2"  # wall on green
    assert rule_of(grid, 3, 0, tile_with("", avoid=grid.values())) == "M-CAMP-2"  # open side on green


def test_the_on_foot_rule_does_not_apply_to_camps_and_nobody_walks_through_one_m_camp_2():
    """[M-CAMP-2] [B-PLACE-4] a camp touching only walls is placed (it is never walked onto), where a building
    touching only walls is not; and a building whose only neighbour is a camp cannot be reached on foot."""
    grid = build({(1, 0): "E"})
    assert rule_of(grid, 2, 0, camp("W")) is None
    assert rule_of(grid, 2, 0, tile_with("W")) == "B-PLACE-4"
    with_camp = build({(1, 0): "E", (2, 0): camp("NW")})
    assert rule_of(with_camp, 2, -1, tile_with("S", avoid=with_camp.values())) == "B-PLACE-4"  # only the bastion


def test_the_engine_places_camps_where_the_rules_allow_m_camp_2(camp_game):
    """[M-CAMP-2] a bought camp's places are exactly the legal cells (and the reserve); a placement on a forbidden
    contact is refused naming [M-CAMP-2], a building beside a camp's green side naming it too."""
    state, me = camp_game
    grid = set_grid(state, me, {(1, 0): "E"})
    west, north = camp("W"), camp("N")
    hold(state, [west, north])
    places = {(a.tile, a.x, a.y) for a in state.legal_actions() if isinstance(a, Place)}
    expected = {
        (tile, *xy_of(cell))
        for tile in (west, north)
        for cell in {c + step for c in grid for step in (-ROW, 1, ROW, -1)}
        if placement_ok(grid, cell, tile)
    }
    assert places == expected and (west, 2, 0) in places and not any(t == north for t, _, _ in places)
    assert set(state.legal_cells(me, west)) == {(x, y) for t, x, y in places if t == west}
    assert state.can_place(me, west) and not state.can_place(me, north)
    assert {Reserve(west), Reserve(north)} <= set(state.legal_actions())
    assert_illegal(state, Place(north, 2, 0), "M-CAMP-2")
    assert_illegal(state, Place(west, 0, 1), "M-CAMP-2")
    state.apply(Place(west, 2, 0))
    assert state.boards[me].grid[cell_at(2, 0)] == west
    assert events_named(state.log, "place")[-1] == {"e": "place", "player": me, "tile": west, "at": [2, 0]}
    state.apply(Reserve(north))
    assert alhambra.violations(state.boards[me].grid) == []
    check_conservation(state)


def test_the_survey_keeps_buildings_off_green_sides_and_out_of_camps_cells_m_camp_2():
    """[M-CAMP-2] the fast path: a cell a green side touches carries NO_BUILDING, so no walls fit it; a camp's
    bastion asks for a wall like a wall does; a camp's own cell refuses every building in a swap; and a camp's
    FIT_WALLS fit no spot and no slot, whatever its walls."""
    grid = build({(1, 0): "E", (2, 0): camp("NW")})
    spots = survey(grid).open_at
    green_east, bastion_north = spots[cell_at(3, 0)], spots[cell_at(2, -1)]
    assert green_east.need_wall & NO_BUILDING and not any(fits(walls, green_east) for walls in range(16))
    assert bastion_north.touching == bastion_north.need_wall == 4  # its south side touches the bastion: a wall
    slot = dict(survey(grid).slots)[camp("NW")]
    assert slot.need_wall & NO_BUILDING and not any(walls & slot.touching == slot.need_wall for walls in range(16))
    for spot in survey(grid).spots:
        assert not fits(FIT_WALLS[camp("W")], spot)
    for _, slot in survey(grid).slots:
        assert FIT_WALLS[camp("W")] & slot.touching != slot.need_wall
    assert sides_fit(grid, cell_at(3, 0), camp("E")) and not sides_fit(grid, cell_at(3, 0), camp("W"))
    assert [FIT_WALLS[t] for t in BUILDINGS] == [TILE_WALLS[t] for t in BUILDINGS]


def _camp_game_grids(players: int, seed: int, modules: tuple[str, ...] = CAMPS_ONLY) -> list[dict[int, int]]:
    state = new_state(players, seed, log=False, modules=modules)
    rng = random.Random(seed)
    grids = []
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        grids.extend(dict(grid) for grid in [board.grid for board in state.boards] if any(map(is_camp, grid.values())))
    return grids


# one tile per kind of side pattern: a building for each wall pattern, every camp
_PATTERNS = (*{TILE_WALLS[t]: t for t in BUILDINGS}.values(), *CAMPS)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=10_000))
def test_the_fast_path_agrees_with_the_full_checks_in_alhambras_with_camps_m_camp_2(players: int, seed: int):
    """[M-CAMP-2] [B-PLACE-2] to [B-PLACE-6] [B-TURN-6] in every Alhambra with camps of a random game, for every
    cell near it and every side pattern (buildings' walls and each camp): the survey's answer (``fits`` on
    ``FIT_WALLS``, ``sides_fit`` for a camp) is the full check's and the oracle's; likewise for swaps into every
    built cell, and the removable cells are exactly those whose lifting leaves a legal Alhambra."""
    grids = _camp_game_grids(players, seed)
    assert grids, "random games with camps put camps into Alhambras"
    for grid in grids[:: max(1, len(grids) // 12)]:
        found = survey(grid)
        near = {cell + step for cell in grid for step in (-ROW - 1, -ROW, -ROW + 1, -1, 0, 1, ROW - 1, ROW, ROW + 1)}
        for cell in near:
            spot = found.open_at.get(cell)
            for tile in _PATTERNS:
                fast = spot is not None and (
                    sides_fit(grid, cell, tile) if is_camp(tile) else fits(FIT_WALLS[tile], spot)
                )
                full = placement_violation(grid, cell, TILE_WALLS[tile], TILE_SIDES[tile]) is None
                assert fast == full == placement_ok(grid, cell, tile), (xy_of(cell), tile)
        for built, slot in found.slots:
            for tile in _PATTERNS:
                if is_camp(tile):
                    fast = is_camp(built) and sides_fit(grid, slot.cell, tile)
                else:
                    fast = FIT_WALLS[tile] & slot.touching == slot.need_wall
                full = swap_violation(grid, slot.cell, TILE_WALLS[tile], TILE_SIDES[tile]) is None
                assert fast == full == (alhambra.violations(swapped(grid, slot.cell, tile)) == []), (built, tile)
        oracle = {c for c in grid if c != ORIGIN and alhambra.violations(lifted(grid, c)) == []}
        assert removable_cells.work(grid) == oracle


# ================================================================== [M-CAMP-2] redesign [B-TURN-6]
def test_no_lift_cuts_a_camp_off_m_camp_2(camp_game):
    """[M-CAMP-2] [B-PLACE-6] no redesign may cut a camp off: the only tile a camp touches stays, and so does a
    camp another camp hangs on; a camp hanging on two tiles lets either go; a camp on the edge may leave."""
    state, me = camp_game
    set_grid(state, me, {(1, 0): "E", (2, 0): camp("W"), (2, 1): camp("E")})
    building = state.boards[me].grid[cell_at(1, 0)]
    assert_illegal(state, Lift(building), "M-CAMP-2")
    assert_illegal(state, Lift(camp("W")), "M-CAMP-2")  # camp E hangs on it
    assert Lift(camp("E")) in state.legal_actions() and Lift(camp("W")) not in state.legal_actions()
    state.apply(Lift(camp("E")))
    assert state.reserves[me] == [camp("E")] and alhambra.violations(state.boards[me].grid) == []
    assert events_named(state.log, "lift") == [{"e": "lift", "player": me, "tile": camp("E"), "from": [2, 1]}]
    assert events_named(state.log, "reserve") == [{"e": "reserve", "player": me, "tile": camp("E")}]
    grid = build({(1, 0): "E", (1, 1): "E", (2, 0): camp("W"), (2, 1): camp("SW")})
    assert alhambra.violations(grid) == []
    assert removable_cells(grid) == {cell_at(1, 1), cell_at(2, 0), cell_at(2, 1)}  # (1, 0) walks to (1, 1)


def test_camps_come_back_from_the_reserve_and_swap_only_with_camps_m_camp_2(camp_game):
    """[M-CAMP-2] [B-TURN-6] a camp on the reserve goes into the Alhambra where it fits, or swaps with a camp whose
    cell it matches; it never swaps with a building, nor a building with a camp (it could not be reached on foot)."""
    state, me = camp_game
    set_grid(state, me, {(1, 0): "E", (2, 0): camp("W")})
    building = state.boards[me].grid[cell_at(1, 0)]
    walled = tile_with("W", avoid=state.boards[me].grid.values())
    set_reserve(state, me, [camp("NW"), camp("S"), walled])
    legal = set(state.legal_actions())
    assert Swap(camp("NW"), camp("W")) in legal and Swap(camp("S"), camp("W")) not in legal
    assert FromReserve(camp("S"), 2, 1) in legal and FromReserve(camp("NW"), 2, 1) not in legal
    assert_illegal(state, Swap(camp("S"), camp("W")), "M-CAMP-2")  # its green west side on the wall
    assert_illegal(state, Swap(walled, camp("W")), "B-PLACE-4")  # walled in where nobody walks
    assert_illegal(state, Swap(camp("NW"), building), "M-CAMP-2")  # a bastion on the start tile's open side
    assert_illegal(state, FromReserve(camp("NW"), 2, 1), "M-CAMP-2")
    trial = state.clone()
    trial.apply(FromReserve(camp("S"), 2, 1))  # green against camp W's green south side
    assert trial.boards[me].grid[cell_at(2, 1)] == camp("S") and alhambra.violations(trial.boards[me].grid) == []
    state.apply(Swap(camp("NW"), camp("W")))
    assert state.boards[me].grid[cell_at(2, 0)] == camp("NW") and camp("W") in state.reserves[me]
    names = [e["e"] for e in state.log]
    assert names[names.index("lift") :][:3] == ["lift", "place", "reserve"]
    assert alhambra.violations(state.boards[me].grid) == []
    check_conservation(state)


def _redesign_oracle(state: GameState) -> set:
    """Every redesign whose result obeys §4 and [M-CAMP-2], found by brute force."""
    player = state.turn_player
    grid = state.boards[player].grid
    reserve = state.reserves[player]
    near = {cell + step for cell in grid for step in (-ROW, 1, ROW, -1)} - set(grid)
    moves: set = {FromReserve(t, *xy_of(c)) for t in reserve for c in near if placement_ok(grid, c, t)}
    for cell, tile in grid.items():
        if is_start_tile(tile):
            continue
        if alhambra.violations(lifted(grid, cell)) == []:
            moves.add(Lift(tile))
        moves |= {Swap(r, tile) for r in reserve if alhambra.violations(swapped(grid, cell, r)) == []}
    return moves


@pytest.mark.parametrize("players", [2, 4])
def test_every_redesign_with_camps_is_listed_and_leaves_a_legal_alhambra_m_camp_2_b_turn_6(players):
    """[M-CAMP-2] [B-TURN-6] [B-PLACE-6] at the turns of random games with camps, the redesigns offered are exactly
    those whose result obeys every building rule, and every one applied leaves legal Alhambras."""
    checked_with_camps = 0
    for seed in range(3):
        state = new_state(players, 60 + seed, log=False, modules=CAMPS_ONLY)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == ACTION and rng.random() < 0.3:
                offered = {a for a in legal if isinstance(a, (FromReserve, Lift, Swap))}
                assert offered == _redesign_oracle(state)
                mine = [*state.boards[state.turn_player].grid.values(), *state.reserves[state.turn_player]]
                checked_with_camps += any(map(is_camp, mine))
                for move in offered:
                    trial = state.clone()
                    trial.apply(move)
                    assert all(alhambra.violations(grid) == [] for grid in [board.grid for board in trial.boards])
            state.apply(rng.choice(legal))
    assert checked_with_camps > 5


# ================================================================== [M-CAMP-3] scoring the arrows
HUT_WALLED_WEST = next(t for t in HUTS if TILE_WALLS[t] == walls_from_text("W"))


def _line_layout() -> dict:
    """Row y=0: camp E at (-2, 0), a hut walled west at (-1, 0), the start tile, (1, 0) walled east, (2, 0) walled
    north, east and west (an inner wall between (1, 0) and (2, 0)), camp W at (3, 0); (1, 1) and (2, 1) below
    carry the walk to (2, 0)."""
    return {
        (-2, 0): camp("E"),
        (-1, 0): HUT_WALLED_WEST,
        (1, 0): "E",
        (2, 0): "NEW",
        (1, 1): "",
        (2, 1): "",
        (3, 0): camp("W"),
    }


def test_a_camp_scores_the_tiles_in_line_with_its_arrow_m_camp_3():
    """[M-CAMP-3] one point per tile in the unbroken straight line each arrow points along: inner walls do not break
    it, the start tile and huts count, another camp ends it (the Choice) and is not counted, so does an empty
    cell.  Camp W at (3, 0) sees (2, 0), (1, 0), the start tile and the hut (4); camp E sees the same four."""
    grid = build(_line_layout())
    assert alhambra.violations(grid) == []
    assert line_points(grid) == 8
    without_east_camp = lifted(grid, cell_at(-2, 0))
    assert line_points(without_east_camp) == 4  # the line ends at the empty cell beyond the hut
    assert line_points(lifted(without_east_camp, cell_at(-1, 0))) == 3  # without the hut, at the empty cell
    assert line_points(build({(1, 0): "E"})) == 0  # no camp, no points


def test_a_camp_with_two_arrows_scores_both_lines_m_camp_3():
    """[M-CAMP-3] a camp's arrows each score their own line: camp SW at (1, -1) looks south over (1, 0) and
    (1, 1), and west over (0, -1): 3 points."""
    grid = build({(0, -1): "E", (1, 0): "N", (1, 1): "", (1, -1): camp("SW")})
    assert alhambra.violations(grid) == []
    assert line_points(grid) == 3


def test_camps_score_at_every_scoring_m_camp_3():
    """[M-CAMP-3] at every scoring, each player's camps score their lines as one `camp` item of the `score`
    event (RECORD.md), added to the totals; players without camp points get no item."""
    state = new_state(3, 21, modules=("huts", "camps"))
    me = state.turn_player
    set_grid(state, me, _line_layout())
    for round_number in (1, 2):
        state.log.clear()
        stack_deck(state, [SCORING_CARDS[round_number - 1]])
        before = list(state.scores)
        state.apply(Take((state.offer[0],)))
        (score,) = events_named(state.log, "score")
        camps = [item for item in score["points"] if item["what"] == SCORE_NAME]
        assert camps == [{"player": me, "what": "camp", "points": 8}]
        earned = sum(item["points"] for item in score["points"] if item["player"] == me)
        assert state.scores[me] == before[me] + earned == score["totals"][me]
        assert score["round"] == round_number
        while state.turn_player != me:
            state.apply(Take((state.offer[0],)))
    check_conservation(state)


# ================================================================== [M-CAMP-4] bastions in the wall scoring
def test_bastions_count_as_walls_in_the_wall_scoring_m_camp_4(camp_game):
    """[M-CAMP-4] [B-SCORE-4] a bastion facing an empty cell is outer wall and joins the walls beside it; a bastion
    facing a neighbour's wall is inside the Alhambra and counts nothing; the state's cached length agrees."""
    outer = build({(1, 0): "NE", (2, 0): camp("NW")})  # (1, 0)'s north wall, then the camp's north bastion
    assert longest_wall(outer) == 2
    inner = build({(1, 0): "NE", (0, -1): "", (1, -1): "S", (2, -1): "S", (2, 0): camp("NW")})
    assert alhambra.violations(inner) == [] and longest_wall(inner) == 0
    state, me = camp_game
    set_grid(state, me, {(1, 0): "NE", (2, 0): camp("NW")})
    assert state.boards[me].wall_length() == 2


# ================================================================== Dirk [B-DIRK-5] and the end [B-END-2]
def test_a_camp_of_dirks_counts_in_none_of_his_majorities_b_dirk_5(camp_duel):
    """[B-DIRK-5] a camp drawn for Dirk is his, but it has no type: it counts in none of his majorities."""
    state, _ = camp_duel
    towers = tiles_of_type("tower")[:2]
    set_dirk(state, [camp("N"), *towers, camp("E")])
    counts = dirk.of(state).counts()
    assert counts[BUILDING_TYPES.index("tower")] == 2 and sum(counts) == 2
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    (score,) = events_named(state.log, "score")
    assert {item["what"] for item in score["points"] if item["player"] == "dirk"} <= set(BUILDING_TYPES)
    check_conservation(state)


def test_dirk_draws_camps_from_the_bag_b_dirk_5(camp_duel):
    """[B-DIRK-2] [B-DIRK-5] after the first scoring Dirk's six tiles are the next six of the bag, camps among them."""
    state, _ = camp_duel
    stack_bag(state, [camp("N"), camp("E")])
    top_six = list(reversed(state.bag))[:6]
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    (gets,) = events_named(state.log, "dirk_gets")
    assert gets["tiles"] == top_six and top_six[:2] == [camp("N"), camp("E")]
    assert dirk_tiles(state)[-6:] == top_six
    check_conservation(state)


def test_a_bought_camp_may_go_to_dirk_b_dirk_5(camp_duel):
    """[B-DIRK-4] [B-DIRK-5] a camp bought this turn may be given to Dirk instead of being placed or reserved."""
    state, me = camp_duel
    hold(state, [camp("W")])
    assert GiveToDirk(camp("W")) in state.legal_actions()
    state.apply(GiveToDirk(camp("W")))
    assert camp("W") in dirk_tiles(state)
    assert events_named(state.log, "dirk") == [{"e": "dirk", "player": me, "tile": camp("W")}]
    check_conservation(state)


def test_a_camp_left_in_the_market_is_distributed_like_a_building_b_end_2():
    """[B-END-2] and its Choice: a camp left in the market at the end goes to the single richest holder of its
    slot's currency (a tie leaves it), who places it under the building rules; it scores at the third scoring."""
    state = new_state(3, 31, modules=CAMPS_ONLY)
    a = state.turn_player
    b, c = (a + 1) % 3, (a + 2) % 3
    west = camp("W")
    set_market(state, [5, 3, 13, west])  # costs 7, 5, 9; the camp (6) in slot 4 (ducats)
    set_bag(state, [])
    set_hand(state, a, [card("florin", 8)])
    set_hand(state, b, [card("dirham", 6)])
    set_hand(state, c, [card("ducat", 2)])
    set_grid(state, c, {(1, 0): tile_with("E", avoid=(5, 3, 13))})
    state.log.clear()
    state.apply(Buy(1, (card("florin", 8),)))
    state.apply(Reserve(5))
    assert events_named(state.log, "distribute") == [
        {"e": "distribute", "slot": 2, "tile": 3, "player": b},
        {"e": "distribute", "slot": 3, "tile": 13, "player": None},
        {"e": "distribute", "slot": 4, "tile": west, "player": c},
    ]
    state.apply(Reserve(3))
    assert state.phase == FINAL and state.decider == c and state.held == [west]
    legal = state.legal_actions()
    assert Place(west, 2, 0) in legal and Reserve(west) in legal and not any(isinstance(x, GiveToDirk) for x in legal)
    state.apply(Place(west, 2, 0))
    assert state.phase == OVER
    score = events_named(state.log, "score")[-1]
    assert score["round"] == 3 and {"player": c, "what": "camp", "points": 2} in score["points"]


# ================================================================== whole games and records
OTHERS = tuple(name for name in CHOOSABLE if name != "camps")  # every other module offered at setup
GAME_MODULES = [
    *((CAMPS_ONLY, players) for players in range(2, 7)),
    *(((name, "camps"), 2 + index % 5) for index, name in enumerate(OTHERS)),
    ((*OTHERS, "camps"), 6),
    ((*OTHERS, "camps"), 2),
]


@pytest.mark.parametrize(
    ("modules", "players"),  # the two-player games in the quick loop, the others slow
    [
        pytest.param(
            modules, players, id=f"{'+'.join(modules)}-{players}", marks=() if players == 2 else pytest.mark.slow
        )
        for modules, players in GAME_MODULES
    ],
)
def test_random_games_with_camps_end_legally_and_replay_from_their_records_m_camp_1_m_camp_3_d_rng_1(modules, players):
    """[M-CAMP-1] [M-CAMP-2] [M-CAMP-3] [D-RNG-1] whole random games with camps (alone and beside each of expansion
    1's modules): every Alhambra obeys the building rules after every move, nothing is created or lost, the game
    ends after three scorings, and its record is followed by the independent reader and replays exactly."""
    game = new_game(players, 800 + players, modules)

    def legal_everywhere(state: GameState) -> None:
        check_conservation(state)
        assert all(board.violations() == [] for board in state.boards)  # with any gates and built walls

    play(game.state, random_policy(random.Random(players)), check=legal_everywhere)
    assert game.state.phase == OVER and game.state.rounds_scored == 3
    record = json.loads(json.dumps(to_record(game)))
    assert [t["id"] for t in record["tiles"] if t["kind"] == "camp"] == list(CAMPS)
    check(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert json.loads(json.dumps(to_record(loaded))) == record


def test_records_carry_camps_in_the_base_events_m_camp_1():
    """[M-CAMP-1] RECORD.md: camps are tiles of kind `camp` with cost, walls (bastions) and arrows; the base events
    carry them (`market`, `buy`, `place`, `reserve`, `lift`, `dirk`, `dirk_gets`, `distribute`) and the scorings
    name their points `camp`; a record written mid-game loads to the same state."""
    seen: set[str] = set()
    for seed in range(12):
        game = new_game(2 + seed % 2, 900 + seed, CAMPS_ONLY)
        play(game.state, random_policy(random.Random(seed)))
        for event in game.events:
            tiles = [event["tile"]] if "tile" in event else event.get("tiles", [])
            if any(map(is_camp, tiles)):
                seen.add(event["e"])
            if event["e"] == "score" and any(item["what"] == "camp" for item in event["points"]):
                seen.add("score")
    assert {"market", "buy", "place", "reserve", "lift", "dirk", "dirk_gets", "distribute", "score"} <= seen
    record = to_record(new_game(3, 5, CAMPS_ONLY))
    assert {"id": 88, "kind": "camp", "cost": 8, "walls": "NE", "arrows": "NE"} in record["tiles"]
    game = new_game(4, 6, CAMPS_ONLY)
    play(game.state, random_policy(random.Random(6)), steps=150)
    text = json.dumps(to_record(game))
    check(json.loads(text))
    assert state_key(loads(text).state) == state_key(game.state)


def test_the_camps_module_plays_only_when_chosen_m_camp_1():
    """[M-CAMP-1] camps are offered at setup (the AI and the client know them) and a game and a record may play
    them; without the module no camp is in the game and a record with camps is refused."""
    assert "camps" in CHOOSABLE
    assert new_state(3, 1, modules=CAMPS_ONLY).rules.has("camps")
    assert not new_state(3, 1).rules.has("camps")
    record = json.loads(json.dumps(to_record(new_game(3, 5, CAMPS_ONLY))))
    record["config"]["modules"] = []
    with pytest.raises(RecordError, match="tiles"):
        loads(json.dumps(record))
