"""The building rules of §4 for an Alhambra that is more than its printed tiles: the general path of ``alhambra``.

Two rules of §11 change what the building rules see, for one game and one player: walls built on tiles
(they count like printed walls for every purpose) and double walls opened as passages that one walks across
(``Extra``).  A ``Board`` carries them as its ``extra``, None in every game without them: then only
``alhambra``'s fast functions run, keyed by the (cell, tile) pairs alone, and nothing here is ever called.  With
an extra, the board's questions come here, remembered by the Alhambra's contents *and* its extra.

Everything here reads a tile's sides through ``sides_at`` (printed sides with the added walls laid over them) and
walks across ``passages`` as across open sides; otherwise the rules are ``alhambra``'s, reusing its helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, NamedTuple, TypeVar

from . import alhambra
from .alhambra import (
    _FACING,
    _OUTWORK_MISMATCH,
    _SIDES_MISMATCH,
    _SLOT_FLAG,
    _SWAP_MISMATCH,
    FIT_WALLS,
    MAY_TOUCH,
    NO_BUILDING,
    ON_FOOT,
    ORIGIN,
    OUTWORK_SIDES,
    ROW,
    STEPS,
    Alhambra,
    Spot,
    Survey,
    is_outwork,
    xy_of,
)
from .components import BASTION, GREEN, SIDES, TILE_SIDES, TILE_WALLS, WALL
from .messages import mark

Pair = tuple[int, int]  # two neighbouring cells, the smaller first


class Extra(NamedTuple):
    """What one game adds to a player's Alhambra beyond the printed tiles (hashable: part of the memos' key).

    ``walls``: (tile, the sides walled on it besides its printed walls), sorted by tile; for every tile of the
    player, in the Alhambra or not (the walls belong to the tile and travel with it).  ``passages``: pairs of
    neighbouring cells whose double wall one may walk across ([B-PLACE-4]); a passage lasts while both tiles stay.
    """

    walls: tuple[tuple[int, int], ...] = ()
    passages: frozenset[Pair] = frozenset()


def pair(cell: int, other: int) -> Pair:
    return (cell, other) if cell < other else (other, cell)


def added_walls(extra: Extra | None, tile: int) -> int:
    """The walls ``tile`` carries beyond its printed ones (0 without an extra)."""
    if extra is None or not extra.walls:
        return 0
    for walled, walls in extra.walls:
        if walled == tile:
            return walls
    return 0


def walls_of(extra: Extra | None, tile: int) -> int:
    """``tile``'s walls as the rules see them: printed and added."""
    return TILE_WALLS[tile] | added_walls(extra, tile)


def with_walls(extra: Extra | None, tile: int, walls: int) -> Extra:
    """``extra`` with ``walls`` added to ``tile``."""
    extra = extra or Extra()
    table = dict(extra.walls)
    table[tile] = table.get(tile, 0) | walls
    return Extra(tuple(sorted(table.items())), extra.passages)


def with_passages(extra: Extra | None, pairs: tuple[Pair, ...]) -> Extra:
    """``extra`` with ``pairs`` of cells opened as passages."""
    extra = extra or Extra()
    return Extra(extra.walls, extra.passages | frozenset(pairs))


def without_cell(extra: Extra, cell: int) -> Extra:
    """``extra`` once the tile on ``cell`` has left: its passages are gone ([B-PLACE-6])."""
    if not any(cell in opened for opened in extra.passages):
        return extra
    return Extra(extra.walls, frozenset(opened for opened in extra.passages if cell not in opened))


def fit_table(extra: Extra) -> tuple[int, ...]:
    """``alhambra.FIT_WALLS`` with the added walls: what the survey's formulas read for each tile."""
    if not extra.walls:
        return FIT_WALLS
    table = list(FIT_WALLS)
    for tile, walls in extra.walls:
        table[tile] |= walls
    return tuple(table)


def tile_sides(extra: Extra | None, tile: int) -> tuple[str, ...]:
    """``tile``'s sides (N, E, S, W) with its added walls laid over the printed ones."""
    more = added_walls(extra, tile)
    sides = TILE_SIDES[tile]
    if not more:
        return sides
    return tuple(WALL if more & side else kind for side, kind in zip(SIDES, sides, strict=True))


def sides_at(grid: Alhambra, extra: Extra) -> dict[int, tuple[str, ...]]:
    """Every built cell's sides as the rules see them."""
    return {cell: tile_sides(extra, tile) for cell, tile in grid.items()}


# ---------------------------------------------------------------- remembered answers
Answer = TypeVar("Answer")


class ExtraMemo(Generic[Answer]):
    """``alhambra.GridMemo`` for boards with an extra: keyed by the board's key, which holds the extra too."""

    def __init__(self, work: Callable[[Alhambra, Extra], Answer], limit: int = alhambra.GRIDS_REMEMBERED) -> None:
        self.work = work
        self.limit = limit
        self.known: dict[Hashable, Answer] = {}

    def lookup(self, key: Hashable, grid: Alhambra, extra: Extra) -> Answer:
        found = self.known.get(key)
        if found is None:
            if len(self.known) >= self.limit:
                self.known.clear()
            found = self.known[key] = self.work(grid, extra)
        return found


# ---------------------------------------------------------------- the survey
def _survey(grid: Alhambra, extra: Extra) -> Survey:
    """``alhambra._survey`` reading every tile's sides with its added walls (a passage changes no spot: a tile that
    reaches a neighbour across an open side reaches the start tile, passages or not)."""
    sides = sides_at(grid, extra)
    told: dict[int, int] = {}
    for cell, shown in sides.items():
        for index, step, _facing in _FACING:
            near = cell + step
            touched = SIDES[(index + 2) % 4]
            kind = shown[index]
            code = touched
            if kind in (WALL, BASTION):
                code |= touched << 4
            elif kind == GREEN:
                code |= NO_BUILDING << 4
            told[near] = told.get(near, 0) | code
    spots = []
    slots = []
    for cell in sorted(told):
        code = told[cell]
        tile = grid.get(cell)
        if tile is None:
            if not alhambra._would_enclose_hole(grid, cell, code & 15):
                spots.append(Spot(cell, cell % ROW - 64, cell // ROW - 64, code & 15, code >> 4))
        elif cell != ORIGIN:
            slots.append((tile, Spot(cell, cell % ROW - 64, cell // ROW - 64, code & 15, code >> 4 | _SLOT_FLAG[tile])))
    return Survey(tuple(spots), tuple(slots), {spot.cell: spot for spot in spots})


survey = ExtraMemo(_survey)


# ---------------------------------------------------------------- on foot [B-PLACE-4]
def foot_links(grid: Alhambra, extra: Extra, sides: dict[int, tuple[str, ...]] | None = None) -> dict[int, list[int]]:
    """Per built cell, the cells one walks to from it: across open sides facing open sides, and across passages.
    Nobody walks through an outwork ([M-CAMP-2])."""
    if sides is None:
        sides = sides_at(grid, extra)
    links: dict[int, list[int]] = {cell: [] for cell in grid}
    for cell, shown in sides.items():
        for index, step, facing in _FACING:
            near = cell + step
            other = sides.get(near)
            if other is not None and (shown[index], other[facing]) in ON_FOOT:
                links[cell].append(near)
    for first, second in extra.passages:
        if first in links and second in links:
            links[first].append(second)
            links[second].append(first)
    return links


def reachable(links: dict[int, list[int]]) -> set[int]:
    """The cells reached on foot from the start tile."""
    seen = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        for near in links[todo.pop()]:
            if near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def all_reached(grid: Alhambra, extra: Extra, sides: dict[int, tuple[str, ...]] | None = None) -> bool:
    """Whether every tile but the outworks is reached on foot from the start tile."""
    reached = reachable(foot_links(grid, extra, sides))
    return all(cell in reached or is_outwork(tile) for cell, tile in grid.items())


def _cut_vertices(links: dict[int, list[int]]) -> tuple[set[int], int]:
    """``alhambra._foot_cut_vertices`` over ``links``."""
    order: dict[int, int] = {}
    cuts: set[int] = set()

    def visit(cell: int, parent: int) -> int:
        mine = order[cell] = len(order)
        low = mine
        children = 0
        for near in links[cell]:
            seen = order.get(near)
            if seen is None:
                children += 1
                below = visit(near, cell)
                low = min(low, below)
                if parent >= 0 and below >= mine:
                    cuts.add(cell)
            elif near != parent:
                low = min(low, seen)
        if parent < 0 and children > 1:
            cuts.add(cell)
        return low

    visit(ORIGIN, -1)
    return cuts, len(order)


def _removable_cells(grid: Alhambra, extra: Extra) -> frozenset[int]:
    """``alhambra._removable_cells`` on the graph with passages: a lifted tile takes its passages with it."""
    cuts, reached = _cut_vertices(foot_links(grid, extra))
    removable = frozenset(
        cell
        for cell in grid
        if cell != ORIGIN and cell not in cuts and any(cell + step not in grid for _, step in STEPS)
    )
    if reached < len(grid):
        removable -= alhambra._outwork_holds(grid)
    return removable


removable_cells = ExtraMemo(_removable_cells)


# ---------------------------------------------------------------- the wall scoring [B-SCORE-4]
def _longest_wall(grid: Alhambra, extra: Extra) -> int:
    segments = []
    for cell, tile in grid.items():
        walls = walls_of(extra, tile)
        if walls & 1 and cell - ROW not in grid:
            segments.append((cell, cell + 1))
        if walls & 2 and cell + 1 not in grid:
            segments.append((cell + 1, cell + 1 + ROW))
        if walls & 4 and cell + ROW not in grid:
            segments.append((cell + ROW, cell + ROW + 1))
        if walls & 8 and cell - 1 not in grid:
            segments.append((cell, cell + ROW))
    return alhambra.longest_trail(segments)


longest_wall = ExtraMemo(_longest_wall)


# ---------------------------------------------------------------- checks of a change
def _pairs(grid: Alhambra, extra: Extra, cell: int, sides: tuple[str, ...]) -> list[tuple[str, str]]:
    pairs = []
    for index, step, facing in _FACING:
        neighbour = grid.get(cell + step)
        if neighbour is not None:
            pairs.append((sides[index], tile_sides(extra, neighbour)[facing]))
    return pairs


def _mismatch(pairs: list[tuple[str, str]], reason: str) -> str | None:
    for found in pairs:
        if found not in MAY_TOUCH:
            return _OUTWORK_MISMATCH.get(found, reason)
    return None


def sides_fit(grid: Alhambra, extra: Extra, cell: int, tile: int) -> bool:
    """``alhambra.sides_fit`` with the added walls."""
    return all(found in MAY_TOUCH for found in _pairs(grid, extra, cell, tile_sides(extra, tile)))


def placement_violation(
    grid: Alhambra, extra: Extra, cell: int, tile: int, opened: tuple[Pair, ...] = ()
) -> str | None:
    """``alhambra.placement_violation`` with the added walls; ``opened``: the passages the placement opens between
    ``cell`` and its neighbours, which make it reachable on foot like an open side."""
    if cell in grid:
        return "[B-PLACE-2] " + mark("that cell is already built on")
    sides = tile_sides(extra, tile)
    pairs = _pairs(grid, extra, cell, sides)
    if not pairs:
        return "[B-PLACE-2] " + mark("a new tile must share a full side with the Alhambra (corners are not enough)")
    problem = _mismatch(pairs, _SIDES_MISMATCH)
    if problem:
        return problem
    if OUTWORK_SIDES.isdisjoint(sides) and not opened and not any(found in ON_FOOT for found in pairs):
        return "[B-PLACE-4] " + mark("the tile could not be reached on foot from the Lion Fountain")
    if alhambra._would_enclose_hole(grid, cell):
        return "[B-PLACE-5] " + mark("the Alhambra may not enclose an empty area (a hole)")
    return None


def swap_violation(grid: Alhambra, extra: Extra, cell: int, tile: int, opened: tuple[Pair, ...] = ()) -> str | None:
    """``alhambra.swap_violation`` with the added walls: the tile taking ``cell`` matches its neighbours, and, the
    passages of the tile it replaces being gone ([B-PLACE-6]), every tile is still reached on foot (with the
    passages ``opened`` for it)."""
    sides = tile_sides(extra, tile)
    problem = _mismatch(_pairs(grid, extra, cell, sides), _SWAP_MISMATCH)
    if problem:
        return problem
    after = dict(grid)
    after[cell] = tile
    kept = without_cell(extra, cell)
    if not all_reached(after, with_passages(kept, opened)):
        return "[B-PLACE-4] " + mark("the swapped-in tile could not be reached on foot from the Lion Fountain")
    return None


def violations(grid: Alhambra, extra: Extra) -> list[str]:
    """``alhambra.violations`` with the added walls and the passages."""
    if grid.get(ORIGIN) is None:
        return ["[B-SETUP-1] the start tile is not at the origin"]
    found = []
    sides = sides_at(grid, extra)
    for cell, shown in sides.items():
        for index, step, facing in _FACING:
            other = sides.get(cell + step)
            if other is not None and (shown[index], other[facing]) not in MAY_TOUCH:
                rule = "M-CAMP-2" if is_outwork(grid[cell]) or is_outwork(grid[cell + step]) else "B-PLACE-3"
                found.append(f"[{rule}] sides of {xy_of(cell)} and {xy_of(cell + step)} do not match")
    for first, second in extra.passages:
        if first not in grid or second not in grid or second - first not in (1, ROW):
            found.append(f"[B-PLACE-4] a passage between {xy_of(first)} and {xy_of(second)} joins no two neighbours")
    if not all_reached(grid, extra, sides):
        found.append("[B-PLACE-4] some tile cannot be reached on foot")
    base = alhambra.violations(grid)
    found += [problem for problem in base if problem.startswith(("[M-CAMP-2] some", "[B-PLACE-5]"))]
    return found


def opened_sides(grid: Alhambra, extra: Extra, cell: int, tile: int) -> list[tuple[int, int]]:
    """(side, neighbour cell) of each double wall ``tile`` on ``cell`` would make with a neighbour that is no
    outwork: where a passage could be opened."""
    sides = tile_sides(extra, tile)
    found = []
    for index, step, facing in _FACING:
        near = cell + step
        neighbour = grid.get(near)
        if (
            neighbour is not None
            and not is_outwork(neighbour)
            and sides[index] == WALL
            and tile_sides(extra, neighbour)[facing] == WALL
        ):
            found.append((SIDES[index], near))
    return found
