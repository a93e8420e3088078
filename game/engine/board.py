"""One player's Alhambra as the rules see it: its grid, and what is worked out from it once asked.

A ``Board`` never changes once built: placing a tile or lifting one makes a new board (``placed``,
``lifted``).  So copies of a game share their boards instead of copying them, which is what the
search does thousands of times a second, and whatever one copy works out about a board (where tiles
fit, which tiles may be lifted, the longest wall, the buildings per type) every copy that shares it
knows too.  The answers come from ``alhambra``'s memos, keyed by the Alhambra's contents
(``key``), so two boards with the same tiles in the same cells ask each question once.

A board may carry an ``extra`` (``extended.Extra``): walls built on its tiles and double walls opened as passages,
which some rules of §11 add for one game.  It is None in every game without them, and then the board asks
``alhambra``'s fast functions exactly as before; with one, its key holds the extra too and ``extended``'s general
functions answer.
"""

from __future__ import annotations

from collections.abc import Hashable

from . import alhambra, extended
from .alhambra import FIT_WALLS, Alhambra, Spot, Survey
from .components import BUILDING_TYPES, TILE_SIDES, TILE_TYPE, TILE_WALLS
from .extended import Extra, Pair

KEYS_REMEMBERED = 20_000  # distinct Alhambra keys kept (``Board.key``) before starting afresh
_KEYS: dict[Hashable, Hashable] = {}


class Board:
    """A player's Alhambra: ``grid`` maps cell to tile (read it, never change it: make a new board).

    This class is the board of every game without §11's additions, on ``alhambra``'s fast path; ``with_extra``
    makes an ``ExtendedBoard``, which answers the same questions on ``extended``'s general path."""

    __slots__ = ("_counts", "_key", "_removable", "_survey", "_wall", "extra", "fit", "grid")

    def __init__(self, grid: Alhambra, counts: tuple[int, ...] | None = None) -> None:
        self.grid = grid
        self._key: Hashable | None = None
        self._survey: Survey | None = None
        self._removable: frozenset[int] | None = None
        self._wall: int | None = None
        self._counts = counts
        self.extra: Extra | None = None  # walls built, passages opened: only an ``ExtendedBoard`` has some
        self.fit = FIT_WALLS  # what the survey's formulas read for each tile (``ExtendedBoard``: with built walls)

    def placed(self, cell: int, tile: int) -> Board:
        """This board with ``tile`` built on the empty ``cell``."""
        grid = dict(self.grid)
        grid[cell] = tile
        return Board(grid, counted(self._counts, tile, 1))

    def lifted(self, cell: int) -> Board:
        """This board without the tile on ``cell``."""
        grid = dict(self.grid)
        tile = grid.pop(cell)
        return Board(grid, counted(self._counts, tile, -1))

    def with_extra(self, extra: Extra) -> Board:
        """This board with ``extra`` instead of its own (walls built, passages opened: ``extended``)."""
        return ExtendedBoard(self.grid, self._counts, extra)

    def walls_of(self, tile: int) -> int:
        """``tile``'s walls as the rules see them (printed, and built on it in this game: ``ExtendedBoard``)."""
        return TILE_WALLS[tile]

    def key(self) -> Hashable:
        """The Alhambra as a set of (cell, tile): the key of every ``GridMemo``.

        One object per contents: every memo keyed by it then finds its entry by identity, without comparing
        two equal sets element by element.
        """
        key = self._key
        if key is None:
            key = frozenset(self.grid.items())
            if len(_KEYS) >= KEYS_REMEMBERED:
                _KEYS.clear()
            key = self._key = _KEYS.setdefault(key, key)
        return key

    def survey(self) -> Survey:
        """Where tiles can go ([B-PLACE-2] to [B-PLACE-5]) and what a swap must match."""
        found = self._survey
        if found is None:
            found = self._survey = alhambra.survey.lookup(self.key(), self.grid)  # type: ignore[arg-type]
        return found

    def spots(self) -> tuple[Spot, ...]:
        """Empty cells next to the Alhambra that a tile could fill without a hole."""
        return self.survey().spots

    def removable(self) -> frozenset[int]:
        """Cells whose tile may be lifted ([B-PLACE-6])."""
        cells = self._removable
        if cells is None:
            cells = self._removable = alhambra.removable_cells.lookup(self.key(), self.grid)  # type: ignore[arg-type]
        return cells

    def wall_length(self) -> int:
        """[B-SCORE-4] the longest outer wall."""
        length = self._wall
        if length is None:
            length = self._wall = alhambra.longest_wall.lookup(self.key(), self.grid)  # type: ignore[arg-type]
        return length

    def type_counts(self) -> list[int]:
        """Buildings of each type (a start tile, a hut and other tiles of no type count none: [B-COMP-1])."""
        counts = self._counts
        if counts is None:
            tally = [0] * len(BUILDING_TYPES)
            for tile in self.grid.values():
                building_type = TILE_TYPE[tile]
                if building_type is not None:
                    tally[building_type] += 1
            counts = self._counts = tuple(tally)
        return list(counts)

    def placement_violation(self, cell: int, tile: int, opened: tuple[Pair, ...] = ()) -> str | None:
        """Why ``tile`` may not go on the empty ``cell`` ('[rule] reason'), or None; ``opened``: passages the
        placement opens (``extended``)."""
        if opened:
            return extended.placement_violation(self.grid, Extra(), cell, tile, opened)
        return alhambra.placement_violation(self.grid, cell, TILE_WALLS[tile], TILE_SIDES[tile])

    def swap_violation(self, cell: int, tile: int, opened: tuple[Pair, ...] = ()) -> str | None:
        """Why ``tile`` may not take the built ``cell`` in a swap ([B-TURN-6] c), or None."""
        if opened:
            return extended.swap_violation(self.grid, Extra(), cell, tile, opened)
        return alhambra.swap_violation(self.grid, cell, TILE_WALLS[tile], TILE_SIDES[tile])

    def sides_fit(self, cell: int, tile: int) -> bool:
        """``alhambra.sides_fit`` as the rules see this board's tiles (a camp's fit: [M-CAMP-2])."""
        return alhambra.sides_fit(self.grid, cell, tile)

    def violations(self) -> list[str]:
        """Every §4 rule the whole Alhambra breaks, from scratch (tests, records)."""
        return alhambra.violations(self.grid)

    def cell_of(self, tile: int) -> int | None:
        """The cell ``tile`` stands on, or None when it is not in this Alhambra."""
        for cell, placed in self.grid.items():
            if placed == tile:
                return cell
        return None

    def worked_out(self) -> None:
        """Work out the survey, the wall and the counts now, so that every copy of the game sharing the board
        has them (look-ahead copies each position many times)."""
        self.survey()
        self.wall_length()
        self.type_counts()


class ExtendedBoard(Board):
    """A board with an ``extra`` (walls built on its owner's tiles, double walls opened as passages): its memo key
    holds the extra, and ``extended``'s general functions answer the board's questions."""

    __slots__ = ()

    def __init__(self, grid: Alhambra, counts: tuple[int, ...] | None, extra: Extra) -> None:
        super().__init__(grid, counts)
        self.extra = extra
        self.fit = extended.fit_table(extra)

    def placed(self, cell: int, tile: int) -> Board:
        grid = dict(self.grid)
        grid[cell] = tile
        return self._like(grid, counted(self._counts, tile, 1), self.extra)  # type: ignore[arg-type]

    def lifted(self, cell: int) -> Board:
        """This board without the tile on ``cell``, and the passages that tile opened onto ([B-PLACE-6])."""
        grid = dict(self.grid)
        tile = grid.pop(cell)
        return self._like(grid, counted(self._counts, tile, -1), extended.without_cell(self.extra, cell))  # type: ignore[arg-type]

    def _like(self, grid: Alhambra, counts: tuple[int, ...] | None, extra: Extra) -> Board:
        board = ExtendedBoard.__new__(ExtendedBoard)
        Board.__init__(board, grid, counts)
        board.extra = extra
        board.fit = self.fit if extra.walls is self.extra.walls else extended.fit_table(extra)  # type: ignore[union-attr]
        return board

    def walls_of(self, tile: int) -> int:
        return extended.walls_of(self.extra, tile)

    def key(self) -> Hashable:
        """The Alhambra as a set of (cell, tile), with the extra."""
        key = self._key
        if key is None:
            key = (frozenset(self.grid.items()), self.extra)
            if len(_KEYS) >= KEYS_REMEMBERED:
                _KEYS.clear()
            key = self._key = _KEYS.setdefault(key, key)
        return key

    def survey(self) -> Survey:
        found = self._survey
        if found is None:
            found = self._survey = extended.survey.lookup(self.key(), self.grid, self.extra)  # type: ignore[arg-type]
        return found

    def removable(self) -> frozenset[int]:
        cells = self._removable
        if cells is None:
            cells = self._removable = extended.removable_cells.lookup(self.key(), self.grid, self.extra)  # type: ignore[arg-type]
        return cells

    def wall_length(self) -> int:
        length = self._wall
        if length is None:
            length = self._wall = extended.longest_wall.lookup(self.key(), self.grid, self.extra)  # type: ignore[arg-type]
        return length

    def placement_violation(self, cell: int, tile: int, opened: tuple[Pair, ...] = ()) -> str | None:
        return extended.placement_violation(self.grid, self.extra, cell, tile, opened)  # type: ignore[arg-type]

    def swap_violation(self, cell: int, tile: int, opened: tuple[Pair, ...] = ()) -> str | None:
        return extended.swap_violation(self.grid, self.extra, cell, tile, opened)  # type: ignore[arg-type]

    def sides_fit(self, cell: int, tile: int) -> bool:
        return extended.sides_fit(self.grid, self.extra, cell, tile)  # type: ignore[arg-type]

    def violations(self) -> list[str]:
        return extended.violations(self.grid, self.extra)  # type: ignore[arg-type]


def counted(counts: tuple[int, ...] | None, tile: int, step: int) -> tuple[int, ...] | None:
    """Type counts after one building ``tile`` came (+1) or went (-1), if they were known before.

    Kept up to date rather than counted again: look-ahead asks for them after nearly every move.
    """
    if counts is None:
        return None
    kind = TILE_TYPE[tile]
    if kind is None:  # no building (a hut: [M-HUT-3])
        return counts
    tally = list(counts)
    tally[kind] += step
    return tuple(tally)
