"""The engine's words for tiles and moves, said as a player would (issue 20: no program notation).

The engine names a tile "tower 9 [NW]" and a move "put tower 9 [NW] at (1, 0)": exact forms that records,
logs for developers and tests rely on.  At the table the same things read "Tower 9 (walls north, west)"
and "put Tower 9 (walls north, west)": walls in words, building types capitalised like names, grid
coordinates left out (the board shows where: the hinted cell glows, a staged tile is ghosted in place).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.engine.alhambra import cell_at
from game.engine.components import BUILDING_TYPES, describe_tile, is_start_tile

if TYPE_CHECKING:
    from game.engine import GameState

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_BASTIONS = re.compile(r"\[bastions ([NESW]*), arrows ([NESW]+)\]")
_WALLS = re.compile(r"\[([NESW]+)\]")
_NO_WALLS = re.compile(r" \[\]")
_AT = re.compile(r" (?:at|from|to|on) \(-?\d+, -?\d+\)")
_TYPES = re.compile(r"\b(" + "|".join(BUILDING_TYPES) + r")\b")


def sides(code: str) -> str:
    """'NW' -> 'north, west'."""
    return ", ".join(SIDE_WORDS[letter] for letter in code)


def _bastions_and_arrows(match: re.Match[str]) -> str:
    bastions, arrows = match.group(1), match.group(2)
    said = [f"bastion{'s' if len(bastions) > 1 else ''} {sides(bastions)}"] if bastions else []
    said.append(f"arrow{'s' if len(arrows) > 1 else ''} {sides(arrows)}")
    return "(" + "; ".join(said) + ")"


def _walls(match: re.Match[str]) -> str:
    code = match.group(1)
    return f"(wall{'s' if len(code) > 1 else ''} {sides(code)})"


def plain(text: str) -> str:
    """``text`` with the engine's notation turned into words (idempotent)."""
    text = _BASTIONS.sub(_bastions_and_arrows, text)
    text = _WALLS.sub(_walls, text)
    text = _NO_WALLS.sub("", text)
    text = _AT.sub("", text)
    return _TYPES.sub(lambda m: m.group(1).capitalize(), text)


def where(state: GameState, seat: int, x: int, y: int) -> str:
    """Where a tile goes in ``seat``'s Alhambra, said by what it will touch: "next to your Garden 8", "next to
    the Lion Fountain" (grid coordinates mean nothing to a player); "" for a cell with no neighbour."""
    grid = state.grids[seat]
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):  # north, east, south, west
        neighbour = grid.get(cell_at(x + dx, y + dy))
        if neighbour is not None:
            if is_start_tile(neighbour):
                return "next to the Lion Fountain"
            return f"next to your {plain(describe_tile(neighbour).split(' [')[0])}"  # its name, without walls
    return ""


def placed(state: GameState, seat: int, words: str, action: object) -> str:
    """``words`` for a move, in plain words, with where it puts a tile when it names a cell."""
    x, y = getattr(action, "x", None), getattr(action, "y", None)
    said = plain(words)
    if isinstance(x, int) and isinstance(y, int):
        place = where(state, seat, x, y)
        if place:
            said = f"{said} {place}"
    return said
