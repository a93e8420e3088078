"""The engine's words for tiles and moves, said as a player would (issue 20: no program notation).

The engine names a tile "tower 9 [NW]" and a move "put tower 9 [NW] at (1, 0)": exact forms that records,
logs for developers and tests rely on.  At the table the same things read "Tower 9 (walls north, west)"
and "put Tower 9 (walls north, west)": walls in words, building types capitalised like names, grid
coordinates left out (the board shows where: the hinted cell glows, a staged tile is ghosted in place).
"""

from __future__ import annotations

import re

from game.engine.components import BUILDING_TYPES

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
