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
from game.engine.components import CAMP_ARROWS, CAMPS, SIDE_LETTERS, TILE_COST, is_camp
from game.engine.modules import camps
from game.i18n import N_, _, ngettext, pgettext, words

from . import camps_help
from .base import ClientModule, ScoreLine, Scoring

if TYPE_CHECKING:
    from game.engine import GameState
    from game.engine.alhambra import Alhambra

NAME = camps.NAME
DIRECTIONS = dict(SIDE_LETTERS)  # a side's bit -> its letter ("N"), as an arrow points
PICTURE = CAMPS[4]  # the row's picture: a camp with two arrows
LABEL = N_("Camp lines")  # the score sheet's row
LEGEND = N_("tiles in line, per arrow")  # under the row's label
NO_CAMP = N_("no camp")  # a player's cell in that row, without a camp


def lines(grid: Alhambra) -> list[tuple[int, list[tuple[str, int]]]]:
    """[M-CAMP-3] each camp of ``grid`` (by cell order) with its arrows' lines: (camp, [(direction, tiles)]), the
    direction a side's letter ("N")."""
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


def arrow_line(direction: str, count: int) -> str:
    """An arrow's line in words: "2 tiles to the north"."""
    if direction == "N":
        said = ngettext("{n} tile to the north", "{n} tiles to the north", count)
    elif direction == "E":
        said = ngettext("{n} tile to the east", "{n} tiles to the east", count)
    elif direction == "S":
        said = ngettext("{n} tile to the south", "{n} tiles to the south", count)
    else:
        said = ngettext("{n} tile to the west", "{n} tiles to the west", count)
    return said.format(n=count)


def explain(grid: Alhambra) -> tuple[str, str]:
    """A player's camp lines in a few words ("3 + 2") and at length (each camp, each arrow), or ("", "")."""
    found = lines(grid)
    if not found:
        return "", ""
    short = " + ".join(str(count) for _tile, arrows in found for _side, count in arrows)
    parts = []
    for tile, arrows in found:
        said = words.join(arrow_line(direction, count) for direction, count in arrows)
        # TRANSLATORS: one camp of an Alhambra and its arrows' lines ("the camp costing 8: 2 tiles to the north")
        parts.append(_("the camp costing {cost}: {lines}").format(cost=TILE_COST[tile], lines=said))
    total = sum(count for _tile, arrows in found for _side, count in arrows)
    # TRANSLATORS: between the camps of one Alhambra, in the score sheet's explanation
    camps_said = words.label(pgettext("between camps", "; ").join(parts))
    return short, ngettext(
        "{camps}. In all {n} tile in line with the arrows: {n} point.",
        "{camps}. In all {n} tiles in line with the arrows: {n} points.",
        total,
    ).format(camps=camps_said, n=total)


class CampsScoring(Scoring):
    """[M-CAMP-3] the score sheet's row "Camp lines" at every scoring."""

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-CAMP-3] at every scoring, each player's camp lines, one number per arrow."""
        said = [explain(state.boards[player].grid) for player in range(state.players)]
        notes = [short if short else _(NO_CAMP) for short, _tip in said]
        tips = [tip for _short, tip in said]
        return [ScoreLine(camps.SCORE_NAME, _(LABEL), PICTURE, notes, tips, _(LEGEND))]


CLIENT = ClientModule(name=NAME, scoring=CampsScoring(), help_page=camps_help.PAGE)
