"""Everything the client knows of the camps (RULES.md §9.5, the 2024 edition).

A camp comes into the market like a building and is bought like one, with money of its slot's
currency and at least its cost ([M-CAMP-1]): the market and the buying flow know it as a tile with
a cost.  Bought, it waits in the tray and is placed like any bought tile, in the Alhambra or on the
reserve; its legal cells (the engine's ``legal_cells``, which knows a camp's own test, [M-CAMP-2])
are lit, and a cell it may not take says why while the camp is held over it.  From the reserve it
comes back in by the camps module's redesigns.  Its bastions count as walls ([M-CAMP-4]): the
engine's wall length already says so.

At every scoring ([M-CAMP-3]) the score sheet has a row "Camp lines": each player's points, the
length of each arrow's line ("3 + 2"), and at length, over the mouse, which camp's arrow runs over
how many tiles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.alhambra import STEPS
from game.engine.components import CAMP_ARROWS, CAMPS, TILE_COST, is_camp
from game.engine.modules import camps

from .base import ClientModule, ScoreLine

if TYPE_CHECKING:
    from game.engine import GameState
    from game.engine.alhambra import Alhambra

NAME = camps.NAME
DIRECTIONS = dict(zip((side for side, _ in STEPS), ("north", "east", "south", "west"), strict=True))
PICTURE = CAMPS[4]  # the row's picture: a camp with two arrows


def lines(grid: Alhambra) -> list[tuple[int, list[tuple[str, int]]]]:
    """[M-CAMP-3] each camp of ``grid`` (by cell order) with its arrows' lines: (camp, [(direction, tiles)])."""
    found = []
    for cell in sorted(grid):
        tile = grid[cell]
        if not is_camp(tile):
            continue
        arrows = CAMP_ARROWS[tile]
        found.append(
            (tile, [(DIRECTIONS[side], camps.walk_line(grid, cell, step)[0]) for side, step in STEPS if arrows & side])
        )
    return found


def _tiles(count: int) -> str:
    return f"{count} tile" if count == 1 else f"{count} tiles"


def explain(grid: Alhambra) -> tuple[str, str]:
    """A player's camp lines in a few words ("3 + 2") and at length (each camp, each arrow), or ("", "")."""
    found = lines(grid)
    if not found:
        return "", ""
    short = " + ".join(str(count) for _, arrows in found for _, count in arrows)
    parts = []
    for tile, arrows in found:
        said = ", ".join(f"{_tiles(count)} to the {direction}" for direction, count in arrows)
        parts.append(f"the camp costing {TILE_COST[tile]}: {said}")
    total = sum(count for _, arrows in found for _, count in arrows)
    return short, f"{'; '.join(parts).capitalize()}. In all {_tiles(total)} in line with the arrows: {total} points."


class CampsClient(ClientModule):
    name = NAME

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-CAMP-3] at every scoring, each player's camp lines, one number per arrow."""
        said = [explain(state.grids[player]) for player in range(state.players)]
        notes = [short if short else "no camp" for short, _ in said]
        tips = [tip for _, tip in said]
        return [ScoreLine(camps.SCORE_NAME, "Camp lines", PICTURE, notes, tips, "tiles in line, per arrow")]
