"""The building rules of RULES.md §4 and the wall scoring of [B-SCORE-4], in one place.

An Alhambra is a dict from cell to tile id.  A cell is one integer, ``(y + 64) * 128 + (x + 64)``,
so that the four neighbours are ``cell - 128`` (north), ``+ 1`` (east), ``+ 128`` (south) and
``- 1`` (west): integer keys hash fast and a neighbour is one addition.  An Alhambra never holds
more than 55 tiles, so coordinates stay well inside ±63.

Every path that changes an Alhambra asks this module first: placing a bought, reserved or
distributed tile (``placement_violation`` / ``open_spots``), lifting a tile (``removable_cells``)
and swapping (``swap_violation``).  The functions assume the Alhambra they are given is legal,
which the engine guarantees by construction, and use that to check only what a change can break.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

from .components import (
    BASTION,
    GREEN,
    OPEN,
    SIDE_KINDS,
    SIDES,
    TILE_SIDES,
    TILE_WALLS,
    WALL,
    E,
    N,
    S,
    W,
    sides_of,
)
from .messages import mark

ROW = 128
ORIGIN = 64 * ROW + 64
STEPS: tuple[tuple[int, int], ...] = ((N, -ROW), (E, 1), (S, ROW), (W, -1))
OPPOSITE = {N: S, E: W, S: N, W: E}
ALL_SIDES = N | E | S | W

# [B-PLACE-3] which side kinds may touch: wall against wall, open against open (both ways round);
# [M-CAMP-2] a camp's bastion against another tile's wall, two camps green against green.  Every other pair is
# refused: a green or bastion side never meets an open side, two bastions never meet, and (the Choice) a green
# side never meets a wall.
MAY_TOUCH: frozenset[tuple[str, str]] = frozenset(
    {(OPEN, OPEN), (WALL, WALL), (BASTION, WALL), (WALL, BASTION), (GREEN, GREEN)}
)
# [B-PLACE-4] the pairs one can walk across ([M-CAMP-2]: nobody walks through a camp)
ON_FOOT: frozenset[tuple[str, str]] = frozenset({(OPEN, OPEN)})
# Side kinds beyond walls and open sides ([M-CAMP-1]: a camp's bastions and green sides).  A tile that shows one is an
# outwork: nobody walks through it, and it hangs on the Alhambra by touching it ([M-CAMP-2]).  The rules below read
# only side kinds, so any module's tiles that show them follow the same rules.
OUTWORK_SIDES = frozenset(SIDE_KINDS) - {OPEN, WALL}
OUTWORK: tuple[bool, ...] = tuple(not OUTWORK_SIDES.isdisjoint(sides) for sides in TILE_SIDES)  # by tile


def is_outwork(tile: int) -> bool:
    """Whether ``tile`` shows a side kind beyond walls and open sides: nobody walks through it ([M-CAMP-2])."""
    return OUTWORK[tile]


# Why a pair of sides may not touch, where it is a camp's rule ([M-CAMP-2]); any other refused pair breaks [B-PLACE-3].
_OUTWORK_MISMATCH: dict[tuple[str, str], str] = {
    **dict.fromkeys(
        ((BASTION, OPEN), (OPEN, BASTION), (GREEN, OPEN), (OPEN, GREEN)),
        "[M-CAMP-2] " + mark("a camp's green or bastion side may never touch an open side"),
    ),
    **dict.fromkeys(
        ((BASTION, BASTION), (BASTION, GREEN), (GREEN, BASTION)),
        "[M-CAMP-2] " + mark("two camps may only touch along green sides"),
    ),
    **dict.fromkeys(
        ((GREEN, WALL), (WALL, GREEN)),
        "[M-CAMP-2] " + mark("a camp touches another tile only bastion against wall, never with a green side"),
    ),
}
# [B-PLACE-3] why sides that may not touch are refused, where no camp's rule says more (``_mismatch``)
_SIDES_MISMATCH = "[B-PLACE-3] " + mark("touching sides must match: wall against wall, open against open")
_SWAP_MISMATCH = "[B-PLACE-3] " + mark(
    "the swapped-in tile's sides must match its neighbours: wall against wall, open against open"
)
_FACING = tuple((index, step, SIDES.index(OPPOSITE[side])) for index, (side, step) in enumerate(STEPS))


def side_pairs(grid: Alhambra, cell: int, sides: tuple[str, ...]) -> list[tuple[str, str]]:
    """(my side, the neighbour's side facing it) for each of ``cell``'s sides that touches a tile.

    The full rule checks read the kinds through ``MAY_TOUCH`` and ``ON_FOOT``; the survey's fast path
    works on wall masks, which says the same for tiles that show only open sides and walls.
    """
    pairs = []
    for index, step, facing in _FACING:
        neighbour = grid.get(cell + step)
        if neighbour is not None:
            pairs.append((sides[index], TILE_SIDES[neighbour][facing]))
    return pairs


Alhambra = dict[int, int]
Answer = TypeVar("Answer")
GRIDS_REMEMBERED = 4096  # Alhambras each memo holds before it starts afresh (a few kilobytes each)


class GridMemo(Generic[Answer]):
    """A function of an Alhambra's contents, remembered by those contents.

    A search sees the same few Alhambras over and over: 39,000 surveys of one four-player
    search benchmark were of 1,500 distinct Alhambras.  The key, the set of (cell, tile) pairs,
    costs a small fraction of the work it saves; the memo is emptied when full, which changes
    nothing but speed.
    """

    def __init__(self, work: Callable[[Alhambra], Answer], limit: int = GRIDS_REMEMBERED) -> None:
        self.work = work
        self.limit = limit
        self.known: dict[frozenset[tuple[int, int]], Answer] = {}
        self.__doc__ = work.__doc__

    def __call__(self, grid: Alhambra) -> Answer:
        return self.lookup(frozenset(grid.items()), grid)

    def lookup(self, key: frozenset[tuple[int, int]], grid: Alhambra) -> Answer:
        """The answer for ``grid``, whose key the caller already holds (``Board.key``)."""
        found = self.known.get(key)
        if found is None:
            if len(self.known) >= self.limit:
                self.known.clear()
            found = self.known[key] = self.work(grid)
        return found


def cell_at(x: int, y: int) -> int:
    return ORIGIN + y * ROW + x


def xy_of(cell: int) -> tuple[int, int]:
    return cell % ROW - 64, cell // ROW - 64


class Spot(NamedTuple):
    """A cell seen from its neighbours: which of its sides touch a tile, and which of those need a wall.

    For an empty cell, a tile with walls ``w`` fits iff ``w & touching == need_wall``
    ([B-PLACE-3]) and it has an open side towards a neighbour, ``touching & ~w`` ([B-PLACE-4]:
    the neighbours are reachable, so one shared open side makes the new tile reachable too).
    For a built cell it is what a swapped-in tile must match.

    Outworks (a camp: [M-CAMP-2]) keep both formulas exact for every other tile: a bastion needs a wall like
    a wall does, and ``need_wall`` carries the bit ``NO_BUILDING`` beyond the four sides where no building
    may go at all (a green side touches the cell, or the built cell is an outwork's), which no walls can
    match.  An outwork itself is fitted by ``sides_fit``; its ``FIT_WALLS`` fit neither formula.
    """

    cell: int
    x: int
    y: int
    touching: int
    need_wall: int


NO_BUILDING = 16  # in a Spot's need_wall: no building may go here ([M-CAMP-2]); beyond the four side bits
# A tile's walls as the fast path's formulas read them (``fits``, a swap's ``walls & touching == need_wall``):
# every tile's walls but an outwork's, which reads as walls all round plus NO_BUILDING.  That fits no spot (no open
# side towards a neighbour) and no slot (a building's slot has an open link, [B-PLACE-4]; an outwork's carries
# NO_BUILDING), so loops written for walls and open sides never place or swap an outwork: ``sides_fit`` does, in
# the hooks of the module whose tiles they are ([M-CAMP-2]: the camps module).
FIT_WALLS: tuple[int, ...] = tuple(
    ALL_SIDES | NO_BUILDING if is_outwork(tile) else walls for tile, walls in enumerate(TILE_WALLS)
)


def fits(walls: int, spot: Spot) -> bool:
    return walls & spot.touching == spot.need_wall and spot.touching & ~walls != 0


def sides_fit(grid: Alhambra, cell: int, tile: int) -> bool:
    """Whether ``tile``'s sides may touch every neighbour of ``cell`` (``MAY_TOUCH``): for an outwork on a spot of
    the survey (next to the Alhambra, no hole) that is the whole rule, since nobody walks through it ([M-CAMP-2]:
    bastion against another tile's wall, green against another camp's green)."""
    return all(pair in MAY_TOUCH for pair in side_pairs(grid, cell, TILE_SIDES[tile]))


def spot_at(grid: Alhambra, cell: int) -> Spot:
    touching = need_wall = 0
    for side, step in STEPS:
        neighbour = grid.get(cell + step)
        if neighbour is not None:
            touching |= side
            if TILE_WALLS[neighbour] & OPPOSITE[side]:
                need_wall |= side
    return Spot(cell, cell % ROW - 64, cell // ROW - 64, touching, need_wall)


class Survey(NamedTuple):
    """Where tiles can go in an Alhambra, worked out once per change of it.

    ``spots``: every empty cell next to the Alhambra whose filling would not enclose a hole
    ([B-PLACE-5]); whether it does depends only on which cells are built, so the list serves
    every tile, and a tile may go on a cell exactly when the cell is one of them and the tile
    ``fits`` it: ``open_at`` finds a cell's spot, so checking a placement needs no search.
    ``slots``: every built cell but the start tile, for swaps ([B-TURN-6]).
    """

    spots: tuple[Spot, ...]
    slots: tuple[tuple[int, Spot], ...]  # (tile, its cell seen from its neighbours)
    open_at: dict[int, Spot]  # the spots by cell


def _neighbour_codes(wall_side: int, touched_side: int) -> tuple[int, ...]:
    """Per tile: what it tells its neighbour beyond ``wall_side``: the side touched, 4 bits up a wall needed
    (a wall or a camp's bastion), 4 bits further ``NO_BUILDING`` if it shows a camp's green side there."""
    green = SIDES.index(wall_side)
    return tuple(
        touched_side
        | (touched_side << 4 if walls & wall_side else 0)
        | (NO_BUILDING << 4 if sides[green] == GREEN else 0)
        for walls, sides in zip(TILE_WALLS, TILE_SIDES, strict=True)
    )


_TELLS_NORTH = _neighbour_codes(N, S)
_TELLS_EAST = _neighbour_codes(E, W)
_TELLS_SOUTH = _neighbour_codes(S, N)
_TELLS_WEST = _neighbour_codes(W, E)
# what a built cell adds to its own slot's need_wall: NO_BUILDING for a camp's cell, where a building could only
# stand walled in (every neighbour of a camp shows a wall or a green side) and so never on foot ([B-PLACE-4])
_SLOT_FLAG = tuple(NO_BUILDING if is_outwork(tile) else 0 for tile in range(len(TILE_WALLS)))
_new_spot = tuple.__new__  # Spot without the keyword-handling constructor: surveys make thousands a second


def _survey(grid: Alhambra) -> Survey:
    """One pass over the tiles tells every neighbouring cell which of its sides touch a tile and need a wall.

    The engine's hottest function after a change to an Alhambra, hence the unrolled sides and the
    facts packed into one integer per cell (touching in bits 0-3, need_wall in bits 4-8, bit 8 being
    NO_BUILDING: a camp's green side, [M-CAMP-2]).
    """
    told: dict[int, int] = {}
    get = told.get
    for cell, tile in grid.items():
        near = cell - ROW
        told[near] = get(near, 0) | _TELLS_NORTH[tile]
        near = cell + 1
        told[near] = get(near, 0) | _TELLS_EAST[tile]
        near = cell + ROW
        told[near] = get(near, 0) | _TELLS_SOUTH[tile]
        near = cell - 1
        told[near] = get(near, 0) | _TELLS_WEST[tile]
    spots = []
    slots = []
    for cell in sorted(told):
        code = told[cell]
        tile = grid.get(cell)
        if tile is None:
            if not _would_enclose_hole(grid, cell, code & 15):
                spots.append(_new_spot(Spot, (cell, cell % ROW - 64, cell // ROW - 64, code & 15, code >> 4)))
        elif cell != ORIGIN:
            need = code >> 4 | _SLOT_FLAG[tile]
            slots.append((tile, _new_spot(Spot, (cell, cell % ROW - 64, cell // ROW - 64, code & 15, need))))
    return Survey(tuple(spots), tuple(slots), {spot.cell: spot for spot in spots})


survey = GridMemo(_survey)


def _would_enclose_hole(grid: Alhambra, cell: int, touching: int | None = None) -> bool:
    """[B-PLACE-5]: would building on ``cell`` cut some empty area off from the outside?

    Empty cells connect orthogonally.  If the empty orthogonal neighbours of ``cell`` are all
    joined to each other around it (through empty diagonal cells), no empty area can be cut off,
    which settles almost every case without a search.  Otherwise each separated group must still
    reach beyond the bounding box.
    """
    if touching is None:
        touching = spot_at(grid, cell).touching
    n, e, s, w = not touching & N, not touching & E, not touching & S, not touching & W
    empties = n + e + s + w
    if empties <= 1:
        return False
    links = (
        (n and e and (cell - ROW + 1) not in grid)
        + (e and s and (cell + ROW + 1) not in grid)
        + (s and w and (cell + ROW - 1) not in grid)
        + (w and n and (cell - ROW - 1) not in grid)
    )
    if empties - links <= 1:
        return False
    return any(
        not _reaches_outside(grid, cell, start)
        for start, empty in ((cell - ROW, n), (cell + 1, e), (cell + ROW, s), (cell - 1, w))
        if empty
    )


def _reaches_outside(grid: Alhambra, blocked: int, start: int) -> bool:
    """Flood the empty cells from ``start`` (``blocked`` counts as built) until one leaves the bounding box."""
    xs = [c % ROW for c in grid] + [blocked % ROW]
    ys = [c // ROW for c in grid] + [blocked // ROW]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        x, y = cell % ROW, cell // ROW
        if x < min_x or x > max_x or y < min_y or y > max_y:
            return True
        for _, step in STEPS:
            nxt = cell + step
            if nxt not in seen and nxt not in grid and nxt != blocked:
                seen.add(nxt)
                todo.append(nxt)
    return False


def _mismatch(pairs: list[tuple[str, str]], base_reason: str) -> str | None:
    """The rule the first pair of sides that may not touch breaks ([B-PLACE-3], or [M-CAMP-2] for a camp's side)."""
    for pair in pairs:
        if pair not in MAY_TOUCH:
            return _OUTWORK_MISMATCH.get(pair, base_reason)
    return None


def placement_violation(grid: Alhambra, cell: int, walls: int, sides: tuple[str, ...] | None = None) -> str | None:
    """Why a tile with ``walls`` may not go on ``cell``, as '[rule id] reason', or None if it may (the reason is
    a template of the message catalogues without arguments, ``messages.mark``: the state refuses with it).

    ``sides`` (north, east, south, west) are needed for a tile that shows more than walls and open sides: a camp,
    to which the on-foot rule does not apply ([M-CAMP-2]); its neighbours are part of the Alhambra, so sharing a
    side with one joins it."""
    if cell in grid:
        return "[B-PLACE-2] " + mark("that cell is already built on")
    if sides is None:
        sides = sides_of(walls)
    pairs = side_pairs(grid, cell, sides)
    if not pairs:
        return "[B-PLACE-2] " + mark("a new tile must share a full side with the Alhambra (corners are not enough)")
    problem = _mismatch(pairs, _SIDES_MISMATCH)
    if problem:
        return problem
    if OUTWORK_SIDES.isdisjoint(sides) and not any(pair in ON_FOOT for pair in pairs):
        return "[B-PLACE-4] " + mark("the tile could not be reached on foot from the Lion Fountain")
    if _would_enclose_hole(grid, cell):
        return "[B-PLACE-5] " + mark("the Alhambra may not enclose an empty area (a hole)")
    return None


def swap_violation(grid: Alhambra, cell: int, walls: int, sides: tuple[str, ...] | None = None) -> str | None:
    """[B-TURN-6c] a reserve tile takes exactly the vacated cell (``sides`` as for ``placement_violation``).

    Its sides towards the neighbours must match them ([B-PLACE-3]); the tile it replaces matched
    them too, so the open connections are the same as before and on-foot reachability and holes
    cannot change: matching is the whole check, but for a building taking a camp's cell, whose
    neighbours all show walls or green sides ([M-CAMP-2]): it would stand where nobody walks in.
    A camp can only take a camp's cell: a building's cell has an open neighbour it could not face.
    """
    if sides is None:
        sides = sides_of(walls)
    pairs = side_pairs(grid, cell, sides)
    problem = _mismatch(pairs, _SWAP_MISMATCH)
    if problem:
        return problem
    if OUTWORK_SIDES.isdisjoint(sides) and not any(pair in ON_FOOT for pair in pairs):
        return "[B-PLACE-4] " + mark("the swapped-in tile could not be reached on foot from the Lion Fountain")
    return None


def _removable_cells(grid: Alhambra) -> frozenset[int]:
    """Cells whose tile can be lifted out without breaking §4 ([B-PLACE-6]).

    A lifted cell becomes a hole unless it has an empty neighbour (every other empty cell already
    reaches the outside).  Every other tile stays reachable on foot unless the cell is a cut
    vertex of the on-foot graph, which one depth-first search finds for all cells at once.
    The start tile never leaves ([B-TURN-6]).  When that search misses tiles, they are camps, which
    nobody walks through: then no tile holding a camp to the Alhambra may leave ([M-CAMP-2]).
    """
    cuts, reached = _foot_cut_vertices(grid)
    removable = frozenset(
        cell
        for cell in grid
        if cell != ORIGIN and cell not in cuts and any(cell + step not in grid for _, step in STEPS)
    )
    if reached < len(grid):
        removable -= _outwork_holds(grid)
    return removable


removable_cells = GridMemo(_removable_cells)

# per tile: the steps out through its open sides ([B-PLACE-4]: in a legal Alhambra an open side faces an open one)
_FOOT_STEPS = tuple(tuple(step for index, step, _ in _FACING if sides[index] == OPEN) for sides in TILE_SIDES)


def _foot_neighbours(grid: Alhambra, cell: int) -> list[int]:
    return [cell + step for step in _FOOT_STEPS[grid[cell]] if cell + step in grid]


def _foot_cut_vertices(grid: Alhambra) -> tuple[set[int], int]:
    """Articulation points of the on-foot graph (Tarjan, rooted at the start tile), and how many tiles it reaches
    (all but the camps: [M-CAMP-2]).

    Recursive: an Alhambra is at most 55 tiles deep, and plain calls beat an explicit stack here.
    """
    order: dict[int, int] = {}
    cuts: set[int] = set()

    def visit(cell: int, parent: int) -> int:
        mine = order[cell] = len(order)
        low = mine
        children = 0
        for step in _FOOT_STEPS[grid[cell]]:
            near = cell + step
            if near not in grid:
                continue
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


def _joined(cells: set[int], start: int) -> set[int]:
    """The cells of ``cells`` joined to ``start`` side by side through cells of ``cells``."""
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        for _, step in STEPS:
            near = cell + step
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def _anchors(grid: Alhambra, outworks: set[int]) -> set[int]:
    """The cells of other tiles than outworks that touch one of ``outworks``."""
    return {
        near for cell in outworks for _, step in STEPS if (near := cell + step) in grid and not is_outwork(grid[near])
    }


def _outwork_holds(grid: Alhambra) -> set[int]:
    """Cells whose tile holds an outwork to the Alhambra: lifting it would cut the outwork off ([M-CAMP-2]).

    Nobody walks through an outwork, so outworks hang on the Alhambra by touching it: outworks that touch each
    other (a camp's green against green) hang together on the other tiles they touch.  The only such tile of a
    group holds it; an outwork of a group holds it when the group without it falls apart into a part touching no
    other tile.
    """
    outworks = {cell for cell, tile in grid.items() if is_outwork(tile)}
    holds: set[int] = set()
    while outworks:
        group = _joined(outworks, next(iter(outworks)))
        outworks -= group
        anchors = _anchors(grid, group)
        if len(anchors) == 1:
            holds |= anchors
        for outwork in group:
            rest = group - {outwork}
            while rest:
                part = _joined(rest, next(iter(rest)))
                rest -= part
                if not _anchors(grid, part):
                    holds.add(outwork)
                    break
    return holds


def holds_an_outwork(grid: Alhambra, cell: int) -> bool:
    """Whether lifting the tile on ``cell`` would cut an outwork off the Alhambra (no redesign may: [M-CAMP-2])."""
    return cell in _outwork_holds(grid)


def reachable_on_foot(grid: Alhambra) -> set[int]:
    """All cells reachable from the start tile across open sides ([B-PLACE-4])."""
    seen = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        for nxt in _foot_neighbours(grid, todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def violations(grid: Alhambra) -> list[str]:
    """Every §4 rule the whole Alhambra breaks, from scratch (for tests and for checking records)."""
    found = []
    if grid.get(ORIGIN) is None:
        found.append("[B-SETUP-1] the start tile is not at the origin")
        return found
    for cell, tile in grid.items():
        sides = TILE_SIDES[tile]
        for index, step, facing in _FACING:
            neighbour = grid.get(cell + step)
            if neighbour is not None and (sides[index], TILE_SIDES[neighbour][facing]) not in MAY_TOUCH:
                rule = "M-CAMP-2" if is_outwork(tile) or is_outwork(neighbour) else "B-PLACE-3"
                found.append(f"[{rule}] sides of {xy_of(cell)} and {xy_of(cell + step)} do not match")
    on_foot = reachable_on_foot(grid)
    if any(cell not in on_foot and not is_outwork(tile) for cell, tile in grid.items()):
        found.append("[B-PLACE-4] some tile cannot be reached on foot")
    if len(on_foot) != len(grid):
        joined = _joined(set(grid), ORIGIN)
        if any(cell not in joined and is_outwork(tile) for cell, tile in grid.items()):
            found.append("[M-CAMP-2] some camp does not touch the rest of the Alhambra")
    if _has_hole(grid):
        found.append("[B-PLACE-5] the Alhambra encloses an empty area")
    return found


def _has_hole(grid: Alhambra) -> bool:
    xs = [c % ROW for c in grid]
    ys = [c // ROW for c in grid]
    min_x, max_x, min_y, max_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = {min_y * ROW + min_x}
    todo = list(outside)
    while todo:
        cell = todo.pop()
        for _, step in STEPS:
            nxt = cell + step
            x, y = nxt % ROW, nxt // ROW
            if min_x <= x <= max_x and min_y <= y <= max_y and nxt not in grid and nxt not in outside:
                outside.add(nxt)
                todo.append(nxt)
    area = (max_x - min_x + 1) * (max_y - min_y + 1)
    return len(outside) + len(grid) != area


# ---------------------------------------------------------------- walls [B-SCORE-4]
def _longest_wall(grid: Alhambra) -> int:
    """Length of the longest continuous outer wall: the longest trail in the graph of wall segments.

    Segments are the walled sides that face an empty cell; they join at grid corners.  A trail may
    pass a corner again but never reuses a segment, so a closed ring counts in full.  Chains of
    corners where only two segments meet are collapsed into weighted edges first; the exhaustive
    search then runs over the few corners where walls branch or cross.
    """
    return longest_trail(_outer_wall_segments(grid))


def longest_trail(segments: list[tuple[int, int]]) -> int:
    """The longest trail through wall ``segments`` (pairs of corners) that uses no segment twice."""
    if not segments:
        return 0
    incident: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(segments):
        incident.setdefault(a, []).append(index)
        incident.setdefault(b, []).append(index)
    edges, rings = _collapse_chains(segments, incident)
    best = max(rings, default=0)
    if edges:
        adjacency: dict[int, list[tuple[int, int, int]]] = {}
        for index, (a, b, length) in enumerate(edges):
            adjacency.setdefault(a, []).append((index, b, length))
            if a != b:
                adjacency.setdefault(b, []).append((index, a, length))
        used = [False] * len(edges)
        for corner in adjacency:
            best = max(best, _longest_trail_from(corner, adjacency, used))
    return best


longest_wall = GridMemo(_longest_wall)


def _outer_wall_segments(grid: Alhambra) -> list[tuple[int, int]]:
    """Wall sides facing empty cells, as pairs of corners (a corner is numbered like the cell south-east of it)."""
    segments = []
    for cell, tile in grid.items():
        walls = TILE_WALLS[tile]
        if not walls:
            continue
        if walls & N and cell - ROW not in grid:
            segments.append((cell, cell + 1))
        if walls & E and cell + 1 not in grid:
            segments.append((cell + 1, cell + 1 + ROW))
        if walls & S and cell + ROW not in grid:
            segments.append((cell + ROW, cell + ROW + 1))
        if walls & W and cell - 1 not in grid:
            segments.append((cell, cell + ROW))
    return segments


def _collapse_chains(
    segments: list[tuple[int, int]], incident: dict[int, list[int]]
) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Weighted edges between corners where the wall does not simply continue, plus the lengths of pure rings."""
    used = [False] * len(segments)
    edges = []
    for corner, seg_ids in incident.items():
        if len(seg_ids) == 2:
            continue
        for first in seg_ids:
            if used[first]:
                continue
            used[first] = True
            length, at, seg = 1, corner, first
            at = segments[seg][1] if segments[seg][0] == at else segments[seg][0]
            while len(incident[at]) == 2:
                seg = incident[at][0] if incident[at][1] == seg else incident[at][1]
                if used[seg]:
                    break
                used[seg] = True
                length += 1
                at = segments[seg][1] if segments[seg][0] == at else segments[seg][0]
            edges.append((corner, at, length))
    rings = []
    for start, was_used in enumerate(used):
        if was_used:
            continue
        length, seg = 0, start
        at = segments[start][0]
        while not used[seg]:
            used[seg] = True
            length += 1
            at = segments[seg][1] if segments[seg][0] == at else segments[seg][0]
            seg = incident[at][0] if incident[at][1] == seg else incident[at][1]
        rings.append(length)
    return edges, rings


def _longest_trail_from(corner: int, adjacency: dict[int, list[tuple[int, int, int]]], used: list[bool]) -> int:
    best = 0
    for index, other, length in adjacency[corner]:
        if not used[index]:
            used[index] = True
            best = max(best, length + _longest_trail_from(other, adjacency, used))
            used[index] = False
    return best
