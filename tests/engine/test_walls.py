"""[B-SCORE-4] the longest continuous outer wall (``alhambra.longest_wall``).

Layouts are ``{(x, y): walls}`` around the start tile at (0, 0); y grows south.
"""

from __future__ import annotations

from game.engine import Place
from game.engine.alhambra import cell_at, longest_wall, violations

from .helpers import build, hold, new_state, set_grid, tile_with

RING = {
    (-1, -1): "NW",
    (0, -1): "N",
    (1, -1): "NE",
    (1, 0): "E",
    (1, 1): "ES",
    (0, 1): "S",
    (-1, 1): "SW",
    (-1, 0): "W",
}


def legal(layout):
    grid = build(layout)
    assert violations(grid) == [], violations(grid)
    return grid


def test_no_walls_no_points_b_score_4():
    """[B-SCORE-4] the lone start tile and wall-less tiles have no wall."""
    assert longest_wall(build({})) == 0
    assert longest_wall(legal({(1, 0): "", (0, 1): ""})) == 0


def test_wall_sides_of_one_tile_join_at_its_corners_b_score_4():
    """[B-SCORE-4] one tile's north, east and south walls make one continuous wall of 3."""
    assert longest_wall(legal({(1, 0): "N"})) == 1
    assert longest_wall(legal({(1, 0): "NE"})) == 2
    assert longest_wall(legal({(1, 0): "NES"})) == 3


def test_wall_continues_from_tile_to_tile_b_score_4():
    """[B-SCORE-4] north walls of neighbouring tiles join end to end into one wall."""
    assert longest_wall(legal({(1, 0): "N", (2, 0): "N", (3, 0): "NE"})) == 4


def test_separate_walls_longest_counts_b_score_4():
    """[B-SCORE-4] two walls interrupted by a wall-less tile: only the longer one (2) counts, not their sum (3)."""
    assert longest_wall(legal({(1, 0): "N", (2, 0): "", (3, 0): "NE"})) == 2


def test_walls_between_two_tiles_do_not_count_b_score_4():
    """[B-SCORE-4] an east wall facing the next tile's west wall is inside the Alhambra: 0 points."""
    grid = legal({(1, 0): "E", (2, 0): "W", (1, 1): "", (2, 1): ""})
    assert longest_wall(grid) == 0


def test_wall_ring_scores_its_full_length_b_score_4():
    """[B-SCORE-4] (Choice) eight tiles around the start tile with walls all round: a closed ring of 12
    scores 12 (some implementations would score 11)."""
    grid = legal(RING)
    assert longest_wall(grid) == 12


def test_wall_past_a_t_junction_with_an_inner_wall_b_score_4():
    """[B-SCORE-4] a T-junction: the wall between (1,0) and (2,0) meets the outer wall at a corner.

    That inner wall is no part of the outer wall and does not break it: the outer wall runs on
    over the north of both tiles and down the east side, 6 segments in all.  (In the graph of
    outer segments a corner can never join exactly three of them: around a grid corner, the
    built/empty changes are even.)
    """
    layout = {(1, 0): "NE", (2, 0): "NEW", (1, 1): "S", (2, 1): "ES"}
    assert longest_wall(legal(layout)) == 6
    layout[(2, 1)] = ""
    assert longest_wall(legal(layout)) == 3  # north of both tiles and east of (2,0)


def test_figure_eight_through_a_crossing_corner_b_score_4():
    """[B-SCORE-4] two wall rings meeting at one corner (a figure eight): the wall may pass that corner
    twice, so it counts both rings, 12 + 8 = 20, not just the larger one.

    The 3x3 ring around the start tile touches a 2x2 walled block diagonally at its south-east
    corner.  Such a crossing cannot occur in a legal Alhambra (connecting the two parts would
    enclose one of the empty cells at the crossing), so ``longest_wall`` is checked directly.
    """
    layout = dict(RING)
    layout.update({(2, 2): "NW", (3, 2): "NE", (2, 3): "SW", (3, 3): "ES"})
    grid = build(layout)
    assert longest_wall(build({(2, 2): "NW", (3, 2): "NE", (2, 3): "SW", (3, 3): "ES"})) == 8
    assert longest_wall(grid) == 20


def test_crossing_with_a_tail_b_score_4():
    """[B-SCORE-4] a ring and, at one of its corners, a tile touching it diagonally with walls on its
    north and west: the longest wall comes in along one of them, goes round the ring and leaves
    along the other, 1 + 12 + 1, passing the crossing corner twice but using no segment twice."""
    layout = dict(RING)
    layout[(2, 2)] = "NW"
    assert longest_wall(build(layout)) == 14


def test_wall_length_follows_placements_b_score_4():
    """[B-SCORE-4] the engine's cached wall length is updated when a tile is placed."""
    state = new_state(3, 2)
    player = state.turn_player
    grid = set_grid(state, player, {(1, 0): "N"})
    assert state.boards[player].wall_length() == 1
    tile = tile_with("NE", avoid=grid.values())
    hold(state, [tile])
    state.apply(Place(tile, 2, 0))
    assert state.boards[player].grid[cell_at(2, 0)] == tile
    assert state.boards[player].wall_length() == 3
