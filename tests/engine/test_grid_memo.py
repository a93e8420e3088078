"""The building rules answer from memory as they would afresh ([B-PLACE-5], [B-PLACE-6], [B-SCORE-4]).

Surveys, longest walls and removable cells are remembered by an Alhambra's contents, because a
search meets the same Alhambras thousands of times.  A remembered answer must never differ from
the one worked out afresh, whatever was asked before and however full the memo is.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GameState, deal
from game.engine.alhambra import (
    FIT_WALLS,
    ROW,
    GridMemo,
    fits,
    longest_wall,
    placement_violation,
    removable_cells,
    sides_fit,
    survey,
)
from game.engine.components import BUILDINGS, CAMPS, TILE_SIDES, TILE_WALLS, is_camp

from .helpers import build, tile_with, with_tile


def _grids_of_a_random_game(players: int, seed: int, modules: tuple[str, ...] = ()) -> list[dict[int, int]]:
    state = GameState.start(deal(players, seed, modules), seed)
    rng = random.Random(seed)
    grids = []
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        grids.extend(dict(grid) for grid in [board.grid for board in state.boards])
    return grids


@settings(max_examples=8, deadline=None)
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=10_000))
def test_remembered_surveys_walls_and_removable_cells_equal_fresh_ones_b_place_5_b_place_6_b_score_4(
    players: int, seed: int
) -> None:
    """Also in games with camps ([M-CAMP-2]) every other time."""
    for grid in _grids_of_a_random_game(players, seed, ("camps",) if seed % 2 else ()):
        for memo in (survey, longest_wall, removable_cells):
            assert memo(grid) == memo.work(grid)


@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10_000),
    modules=st.sampled_from([(), ("camps",)]),
)
def test_the_survey_knows_every_legal_placement_b_place_2_b_place_3_b_place_4_b_place_5_m_camp_2(
    players: int, seed: int, modules: tuple[str, ...]
) -> None:
    """The engine checks placements against the survey; the full check must agree for every cell and tile, also
    in Alhambras with camps and for camps ([M-CAMP-2]: a camp is fitted by ``sides_fit`` on the survey's spots)."""
    kinds = {TILE_WALLS[tile]: tile for tile in BUILDINGS}  # one building per wall pattern
    tiles = [*kinds.values(), *(CAMPS if modules else ())]
    for grid in _grids_of_a_random_game(players, seed, modules)[::7]:
        open_at = survey(grid).open_at
        near = {cell + step for cell in grid for step in (-ROW - 1, -ROW, -ROW + 1, -1, 0, 1, ROW - 1, ROW, ROW + 1)}
        for cell in near:
            for tile in tiles:
                spot = open_at.get(cell)
                fast = sides_fit(grid, cell, tile) if is_camp(tile) else fits(FIT_WALLS[tile], spot) if spot else False
                allowed = spot is not None and fast
                full = placement_violation(grid, cell, TILE_WALLS[tile], TILE_SIDES[tile])
                assert allowed == (full is None), (cell, tile)


def test_same_cells_with_other_tiles_are_another_alhambra_b_score_4() -> None:
    walled = build({(0, 1): "S"})
    unwalled = with_tile(walled, 0, 1, tile_with(""))
    assert longest_wall(walled) == 1 and longest_wall(unwalled) == 0
    assert longest_wall(walled) == 1  # still remembered apart


def test_a_full_memo_starts_afresh_and_answers_as_before() -> None:
    worked: list[int] = []

    def count_tiles(grid: dict[int, int]) -> int:
        worked.append(len(grid))
        return len(grid)

    memo = GridMemo(count_tiles, limit=2)
    small, larger, largest = {1: 1}, {1: 1, 2: 2}, {1: 1, 2: 2, 3: 3}
    assert [memo(small), memo(larger), memo(small)] == [1, 2, 1] and worked == [1, 2]
    assert memo(largest) == 3 and len(memo.known) == 1  # full: emptied before the new entry
    assert memo(small) == 1 and worked == [1, 2, 3, 1]
