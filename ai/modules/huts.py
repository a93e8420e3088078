"""Building huts for the AI ([M-HUT-1] to [M-HUT-5]).

A hut is no building ([M-HUT-3]), but at every scoring each building of its colour next to it
(no wall between) counts one more ([M-HUT-4]): a hut next to two buildings of its colour is worth
two buildings in that majority.  The evaluation counts exactly that for the huts in an Alhambra,
and a little more for each open side of a hut onto an empty cell, where a building of its colour
may still come; a hut waiting to be placed counts what its best cell would give.  The rollouts
price taking a hut by what it adds against taking money, and a placement next to a hut of the
tile's colour by the extra count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.alhambra import OPPOSITE, STEPS, GridMemo, cell_at
from game.engine.components import BUILDING_TYPES, HUT_COLOUR, TILE_TYPE, TILE_WALLS
from game.engine.messages import Message
from game.engine.modules import huts
from game.engine.modules.huts import TakeHut

from .base import Advice, Counts, Price

if TYPE_CHECKING:
    from game.engine import Action, GameState

HUT_POTENTIAL = 0.25  # counts per open side of a hut onto an empty cell: a building of its colour may come there
HUT_TAKING = 0.3  # what taking a hut costs besides the action: one of the three a player may own ([M-HUT-5])
TYPES = len(BUILDING_TYPES)


def _hut_counts(grid: dict[int, int]) -> tuple[tuple[int, float], ...]:
    """[M-HUT-4] (type, counts) for each type an Alhambra's huts add to at a scoring, with their open sides'
    potential; empty without huts (not None, which the memo would not remember)."""
    counts: list[float] = [0] * TYPES
    huts.hut_bonus(grid, counts)  # type: ignore[arg-type] - adds ints to a list of numbers
    for cell, tile in grid.items():
        colour = HUT_COLOUR[tile]
        if colour is None:
            continue
        walls = TILE_WALLS[tile]
        for side, step in STEPS:
            if not walls & side and cell + step not in grid:
                counts[colour] += HUT_POTENTIAL
    return tuple((kind, amount) for kind, amount in enumerate(counts) if amount)


# per Alhambra: a search evaluates the same few Alhambras over and over
hut_counts = GridMemo(_hut_counts)


def neighbours_counted(grid: dict[int, int], tile: int, cell: int) -> tuple[int, float] | None:
    """(type, counts) that ``tile`` on ``cell`` adds through huts ([M-HUT-4]), besides the tile itself.

    A hut: each neighbour of its colour with no wall between, and the potential of its open sides
    onto empty cells.  A building: each neighbouring hut of its type with no wall between (which
    then loses that side's potential).
    """
    walls = TILE_WALLS[tile]
    colour = HUT_COLOUR[tile]
    if colour is not None:
        found = 0.0
        for side, step in STEPS:
            if walls & side:
                continue
            neighbour = grid.get(cell + step)
            if neighbour is None:
                found += HUT_POTENTIAL
            elif TILE_TYPE[neighbour] == colour and not TILE_WALLS[neighbour] & OPPOSITE[side]:
                found += 1.0
        return colour, found
    kind = TILE_TYPE[tile]
    if kind is None:
        return None
    found = 0.0
    for side, step in STEPS:
        neighbour = grid.get(cell + step)
        if (
            neighbour is not None
            and HUT_COLOUR[neighbour] == kind
            and not walls & side
            and not TILE_WALLS[neighbour] & OPPOSITE[side]
        ):
            found += 1.0 - HUT_POTENTIAL
    return (kind, found) if found else None


BEST_CELLS_REMEMBERED = 20_000  # (Alhambra, tile) answers of ``best_cell`` kept before the memo starts afresh
_BEST_CELLS: dict[tuple[frozenset[tuple[int, int]], int], tuple[int, float] | None] = {}


def best_cell(state: GameState, player: int, tile: int) -> tuple[int, float] | None:
    """The most ``neighbours_counted`` gives for ``tile`` over the cells it may go to (None: it fits nowhere).

    A function of the Alhambra and the tile, remembered: rollouts ask it for every tile waiting to be placed.
    """
    key = (state.boards[player].key(), tile)
    found = _BEST_CELLS.get(key, False)
    if found is False:
        if len(_BEST_CELLS) >= BEST_CELLS_REMEMBERED:
            _BEST_CELLS.clear()
        found = _BEST_CELLS[key] = _best_cell(state, player, tile)
    return found  # type: ignore[return-value]


def _best_cell(state: GameState, player: int, tile: int) -> tuple[int, float] | None:
    grid = state.boards[player].grid
    walls = TILE_WALLS[tile]
    kind = HUT_COLOUR[tile]
    if kind is None:
        kind = TILE_TYPE[tile]
    best = None
    for spot in state.boards[player].spots():
        if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
            found = neighbours_counted(grid, tile, cell_at(spot.x, spot.y))
            amount = found[1] if found else 0.0
            if best is None or amount > best:
                best = amount
    return None if best is None or kind is None else (kind, best)


def price_take_hut(pricer: object, action: TakeHut) -> float:
    """[M-HUT-2] a hut is worth the counts it adds on its best cell, less the hut it uses up; 0 for money."""
    state = pricer.state  # type: ignore[attr-defined]
    found = best_cell(state, pricer.me, action.tile)  # type: ignore[attr-defined]
    if found is None:
        return -1.0  # it could only wait on the reserve
    kind, amount = found
    return (pricer.majority_gain(kind, amount) if amount else 0.0) - HUT_TAKING  # type: ignore[attr-defined]


class HutsAdvice(Advice):
    def count_extra(self, state: GameState, counts: Counts) -> None:
        """[M-HUT-4] the huts in each Alhambra (with their potential); a hut or a building waiting to be placed
        counts what its best cell gives."""
        for player, board in enumerate(state.boards):
            extra = hut_counts.lookup(board.key(), board.grid)
            if extra:
                mine = counts[player]
                for kind, amount in extra:
                    mine[kind] += amount
        decider = state.decider
        for tile in state.held:
            found = best_cell(state, decider, tile)
            if found is not None and found[1]:
                counts[decider][found[0]] += found[1]

    def cell_extra(self, state: GameState, player: int, tile: int, cell: int) -> tuple[int, float] | None:
        return neighbours_counted(state.boards[player].grid, tile, cell)

    def prices(self) -> dict[type, Price]:
        return {TakeHut: price_take_hut}

    def turn_moves(self, state: GameState) -> list[Action]:
        """[M-HUT-2] the stack tops of the colours the player has buildings of (a hut elsewhere adds little)."""
        player = state.turn_player
        if huts.owned(state, player) >= huts.MAX_OWNED:
            return []
        have = state.boards[player].type_counts()
        part = huts.of(state)
        assert part is not None
        return [TakeHut(stack[0]) for kind, stack in enumerate(part.stacks) if stack and have[kind]]

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if not isinstance(action, TakeHut):
            return None
        colour = HUT_COLOUR[action.tile]
        assert colour is not None
        grid = state.boards[me].grid
        walls = TILE_WALLS[action.tile]
        best = 0
        for spot in state.boards[me].spots():
            if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
                cell = cell_at(spot.x, spot.y)
                here = sum(
                    1
                    for side, step in STEPS
                    if not walls & side
                    and (neighbour := grid.get(cell + step)) is not None
                    and TILE_TYPE[neighbour] == colour
                    and not TILE_WALLS[neighbour] & OPPOSITE[side]
                )
                best = max(best, here)
        move = said_action(state, action)
        signed = f"{gain:+.1f}"
        if best == 1:
            return Message.of(
                "{move}: next to {count} {type} building it makes them count {count} more at every scoring ({gain})",
                move=move,
                count=best,
                type=colour,
                gain=signed,
            )
        if best:
            return Message.of(
                "{move}: next to {count} {type} buildings it makes them count {count} more at every scoring ({gain})",
                move=move,
                count=best,
                type=colour,
                gain=signed,
            )
        return Message.of(
            "{move}: room for {type} buildings around it, each to count one more ({gain})",
            move=move,
            type=colour,
            gain=signed,
        )
