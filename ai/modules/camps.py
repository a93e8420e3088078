"""Camps for the AI ([M-CAMP-1] to [M-CAMP-4]).

A camp is no building: it counts in no majority.  Its worth is its arrows: at every scoring each
arrow scores the tiles in line with it ([M-CAMP-3]), so a line already built is worth its length at
each scoring to come, and every tile placed later at the end of a line lengthens it.  The evaluation
counts each player's lines as they stand, times the scorings left; the rollouts price a camp to buy
by its best cell now plus a little for each arrow's room to grow, and a placement of any tile by the
lines it lengthens (or, for a camp, starts).  Bastions are walls for the wall score ([M-CAMP-4]),
which the base game's wall pricing already counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Place, said_action
from game.engine.alhambra import STEPS, GridMemo
from game.engine.components import CAMP_ARROWS, is_camp
from game.engine.messages import Message
from game.engine.modules.camps import line_points, spots, walk_line

from .base import Advice

if TYPE_CHECKING:
    from game.engine import Action, GameState


def scorings_left(state: GameState) -> int:
    """Scorings still to come, this one included if its card is drawn ([B-SCORE-1]): the evaluation's count
    (a scoring card is in the deck exactly while its round is unscored)."""
    return 3 - state.rounds_scored


ARROW_ROOM = 0.5  # points per arrow and scoring to come that a camp's open line may still gain


# per Alhambra: the points its camps' lines score at one scoring (a search meets the same few Alhambras)
lines = GridMemo(line_points)


def points_added(grid: dict[int, int], tile: int, cell: int) -> int:
    """Line points per scoring that ``tile`` on ``cell`` adds ([M-CAMP-3]): a camp's own lines, or the lines of
    the camps whose arrows run through the tiles up to this cell (a camp on ``cell`` would end them instead)."""
    trial = dict(grid)
    trial[cell] = tile
    return line_points(trial) - lines(grid)


def arrow_room(grid: dict[int, int], tile: int, cell: int) -> int:
    """The arrows of camp ``tile`` on ``cell`` whose line may still grow (it does not end at another camp)."""
    arrows = CAMP_ARROWS[tile]
    room = 0
    for side, step in STEPS:
        if arrows & side:
            room += walk_line(grid, cell, step)[1] not in grid
    return room


def _line_ends(grid: dict[int, int]) -> dict[int, int]:
    """Per empty cell at the end of a camp's line: the line points per scoring a building there would add (the
    cell itself and the tiles beyond it up to the next gap or camp); empty without camps."""
    ends: dict[int, int] = {}
    for cell, tile in grid.items():
        arrows = CAMP_ARROWS[tile]
        if not arrows:
            continue
        for side, step in STEPS:
            if arrows & side:
                end = walk_line(grid, cell, step)[1]
                if end not in grid:  # a building there joins the line, with the tiles beyond it up to the next gap
                    ends[end] = ends.get(end, 0) + 1 + walk_line(grid, end, step)[0]
    return ends


line_ends = GridMemo(_line_ends)

BEST_REMEMBERED = 20_000
_BEST: dict[tuple[frozenset[tuple[int, int]], int], float] = {}


def best_camp_cell(state: GameState, player: int, tile: int) -> float:
    """Points per scoring camp ``tile`` scores at its best cell in ``player``'s Alhambra now, with its arrows' room
    to grow (-1 where it fits nowhere: it could only wait on the reserve).  Remembered by Alhambra and camp."""
    key = (state.boards[player].key(), tile)
    found = _BEST.get(key)
    if found is None:
        grid = state.boards[player].grid
        found = -1.0
        for spot in spots(state.boards[player], tile):
            found = max(found, points_added(grid, tile, spot.cell) + ARROW_ROOM * arrow_room(grid, tile, spot.cell))
        if len(_BEST) >= BEST_REMEMBERED:
            _BEST.clear()
        _BEST[key] = found
    return found


class CampsAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-CAMP-3] each player's camp lines score as they stand at every scoring to come."""
        left = scorings_left(state)
        for player in range(state.players):
            points = lines.lookup(state.boards[player].key(), state.boards[player].grid)
            if points:
                estimate[player] += points * left
        decider = state.decider
        for tile in state.held:  # a camp waiting to be placed: what its best cell will give
            if is_camp(tile) and decider >= 0:
                estimate[decider] += max(0.0, best_camp_cell(state, decider, tile)) * left

    def tile_worth(self, state: GameState, player: int, tile: int) -> float | None:
        """[M-CAMP-1] a camp bought is worth its best cell's lines at every scoring to come."""
        if not is_camp(tile):
            return None
        return max(0.0, best_camp_cell(state, player, tile)) * scorings_left(state)

    def cell_points(self, state: GameState, player: int, tile: int, cell: int) -> float:
        """[M-CAMP-3] line points that ``tile`` on ``cell`` adds at every scoring to come (any tile may lengthen a
        line)."""
        grid = state.boards[player].grid
        if is_camp(tile):
            per_scoring = points_added(grid, tile, cell) + ARROW_ROOM * arrow_room(grid, tile, cell)
        else:
            per_scoring = line_ends.lookup(state.boards[player].key(), grid).get(cell, 0)
        return per_scoring * scorings_left(state)

    def placement_moves(self, state: GameState, tile: int) -> list[Action]:
        """[M-CAMP-2] where a waiting camp may go (the base game's placements never fit a camp)."""
        if not is_camp(tile):
            return []
        return [Place(tile, spot.x, spot.y) for spot in spots(state.boards[state.decider], tile)]

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        tile = getattr(action, "tile", None)
        if tile is None or not is_camp(tile):
            return None
        return Message.of(
            "{move}: {tile}, its arrows score the tiles in line at every scoring ({gain})",
            move=said_action(state, action),
            tile=tile,
            gain=f"{gain:+.1f}",
        )
