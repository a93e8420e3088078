"""Camps (RULES.md §9.5, the 2024 edition).

Eight camp tiles are shuffled into the bag and bought from the market like buildings: in the slot's
currency, at least their cost, with the extra action after an exact payment ([M-CAMP-1]).  A bought camp is
placed, reserved or given to Dirk like a building, and one left in the market at the end is distributed
like one ([B-DIRK-5], [B-END-2]); all of that is the base game's, since a camp is a tile with a cost.

A camp shows bastions (walls, also for the wall scoring: [M-CAMP-4]) and green sides.  Where it may stand
([M-CAMP-2]) follows from those side kinds by the building rules of ``alhambra``, which read side kinds and
name no module: which sides may touch (``MAY_TOUCH``), a tile's own test (``sides_fit``), the survey's
``NO_BUILDING`` bit that keeps buildings off green sides and out of an outwork's cell, and the tiles a lift
must not take from under an outwork (a tile nobody walks through).  The base game's loops over spots never
fit an outwork (``FIT_WALLS``): this module lists a camp's places (``spots_for``) and its redesigns.  At
every scoring each camp scores the tiles in line with its arrows ([M-CAMP-3]).

The module keeps no state of its own: its tiles lie in the bag, the market, Alhambras, reserves and Dirk's pile.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..actions import Action, FromReserve, Place, Swap
from ..alhambra import STEPS, Alhambra, Spot
from ..components import CAMP_ARROWS, CAMPS, TILE_COST, TILE_KIND, TILE_WALLS, is_camp, walls_to_text
from ..messages import mark
from .base import Module

if TYPE_CHECKING:
    from ..board import Board
    from ..play import Play

NAME = "camps"
SCORE_NAME = "camp"  # RECORD.md: the `what` of a camp's points in a `score` event [M-CAMP-3]
SPOTS_REMEMBERED = 20_000  # (Alhambra, camp) pairs whose spots are remembered before starting afresh
# (Alhambra key, camp) -> the spots where the camp may go: a function of the Alhambra, asked again and again
_SPOTS: dict[tuple[frozenset[tuple[int, int]], int], tuple[Spot, ...]] = {}


def spots(board: Board, tile: int) -> tuple[Spot, ...]:
    """[M-CAMP-2] the spots of ``board`` where camp ``tile`` may go (remembered by Alhambra and camp)."""
    key = (board.key(), tile)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) >= SPOTS_REMEMBERED:
            _SPOTS.clear()
        found = _SPOTS[key] = tuple(spot for spot in board.survey().spots if board.sides_fit(spot.cell, tile))
    return found


def walk_line(grid: Alhambra, cell: int, step: int) -> tuple[int, int]:
    """[M-CAMP-3] from ``cell`` one ``step`` at a time: how many tiles lie in the unbroken line, and the cell that
    ends it (empty, or another camp's: the Choice)."""
    tiles = 0
    near = cell + step
    while (other := grid.get(near)) is not None and not is_camp(other):
        tiles += 1
        near += step
    return tiles, near


def line_points(grid: Alhambra) -> int:
    """[M-CAMP-3] 1 point per tile in the unbroken straight line from each camp in each of its arrows' directions.

    Walls inside the Alhambra do not break a line, and every tile counts (start tile, huts, bazaars) but a
    camp: an empty cell or another camp ends the line (the Choice)."""
    points = 0
    for cell, tile in grid.items():
        arrows = CAMP_ARROWS[tile]
        if not arrows:
            continue
        for side, step in STEPS:
            if arrows & side:
                points += walk_line(grid, cell, step)[0]
    return points


def redesigns(state: Play, player: int) -> list[Action]:
    """[B-TURN-6] [M-CAMP-2] the redesigns that bring a camp in from ``player``'s reserve: onto a spot where it
    fits, or in a swap for a camp of the Alhambra (a building's cell always has an open neighbour no camp may
    face, and a building in a camp's cell could not be reached on foot, so camps swap only with camps).
    Lifting a camp is the base game's ``Lift``: ``alhambra.removable_cells`` knows which camps may leave."""
    camps = [tile for tile in state.reserves[player] if is_camp(tile)]
    if not camps:
        return []
    board = state.boards[player]
    grid = board.grid
    moves: list[Action] = [FromReserve(camp, spot.x, spot.y) for camp in camps for spot in spots(board, camp)]
    for cell in sorted(grid):
        if is_camp(grid[cell]):
            moves.extend(Swap(camp, grid[cell]) for camp in camps if board.sides_fit(cell, camp))
    return moves


class Camps(Module):
    name = NAME
    summary = mark("Camps: tiles that join the walls with their bastions; each arrow scores the tiles in line with it")

    def bag_tiles(self) -> tuple[int, ...]:
        """[M-CAMP-1] the eight camps, shuffled into the bag with the buildings."""
        return CAMPS

    def tile_entries(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t,
                "kind": TILE_KIND[t],
                "cost": TILE_COST[t],
                "walls": walls_to_text(TILE_WALLS[t]),
                "arrows": walls_to_text(CAMP_ARROWS[t]),
            }
            for t in CAMPS
        ]

    def placement_moves(self, state: Play, tile: int) -> Iterable[Action]:
        """[M-CAMP-2] where a waiting camp may go in the decider's Alhambra (the reserve and Dirk are the base
        game's and Dirk's moves)."""
        if not is_camp(tile):
            return ()
        return [Place(tile, spot.x, spot.y) for spot in spots(state.boards[state.decider], tile)]

    def spots_for(self, board: Board, tile: int) -> tuple[Spot, ...]:
        """[M-CAMP-2] a camp fits by its own test: its sides against its neighbours'."""
        return spots(board, tile) if is_camp(tile) else ()

    def turn_actions(self, state: Play) -> Iterable[Action]:
        """[B-TURN-6] the turn player's redesigns with a camp from the reserve."""
        return redesigns(state, state.turn_player)

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """[M-CAMP-3] at every scoring, each player's camps score the tiles in line with their arrows."""
        return [(player, SCORE_NAME, line_points(board.grid)) for player, board in enumerate(state.boards)]
