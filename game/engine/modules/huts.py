"""Building huts (RULES.md §9.3, expansion 1).

24 huts in six stacks by colour, the top of each face up ([M-HUT-1]).  Taking the face-up hut of
a stack is a turn's action, free and without an extra action; the next hut of that stack turns
face up ([M-HUT-2]).  A hut is placed at the end of the turn like a bought tile under the same
building rules, its walls count as walls, and it is no building of any type ([M-HUT-3]).  At
every scoring each building of the hut's colour orthogonally next to it counts one more, unless a
wall stands between them ([M-HUT-4]).  Nobody owns more than three huts ([M-HUT-5]).

Which huts lie below each stack's top is hidden ([D-HIDDEN-1]): a player's knowledge keeps the
tops and sorts the rest; a determinization shuffles them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..alhambra import STEPS
from ..components import (
    BUILDING_TYPES,
    HUT_COLOUR,
    HUTS,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    TILE_WALLS,
    describe_tile,
    is_hut,
    walls_to_text,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from ..phases import ACTION
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "huts"
TAKE_EVENT = "hut"  # RECORD.md: the action [M-HUT-2]
UP_EVENT = "hut_up"  # RECORD.md: the stack's next hut turns face up
MAX_OWNED = 3  # [M-HUT-5]
# [M-HUT-1] the huts of each colour, by building type
BY_COLOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in HUTS if HUT_COLOUR[t] == kind) for kind in range(len(BUILDING_TYPES))
)


@typed_equality
class TakeHut(NamedTuple):
    """[M-HUT-2] take the face-up hut of a stack (free, no extra action); it is placed at the end of the turn."""

    tile: int
    kind = "hut"
    rule = "M-HUT-2"
    event = TAKE_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> TakeHut:
        return TakeHut(fields.tile())

    def __str__(self) -> str:
        return f"take the {describe_tile(self.tile)}"

    def said(self) -> Message:
        return Message.of("take the {tile}", tile=self.tile)


class HutPart(Part):
    """The six stacks by colour, top (face up) first."""

    __slots__ = ("stacks",)

    def __init__(self, stacks: list[list[int]]) -> None:
        self.stacks = stacks

    def copy(self) -> HutPart:
        copy = HutPart.__new__(HutPart)
        copy.stacks = [list(stack) for stack in self.stacks]
        return copy

    def key(self) -> tuple:
        return tuple(map(tuple, self.stacks))


def of(state: Play) -> HutPart | None:
    """The huts' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def owned(state: Play, player: int) -> int:
    """[M-HUT-5] the huts ``player`` owns: in the Alhambra, on the reserve and waiting to be placed."""
    count = sum(map(is_hut, state.boards[player].grid.values())) + sum(map(is_hut, state.reserves[player]))
    if state.decider == player:
        count += sum(map(is_hut, state.held))
    return count


def hut_bonus(grid: dict[int, int], counts: list[int], table: tuple[int, ...] = TILE_WALLS) -> None:
    """[M-HUT-4] each building of a hut's colour next to the hut counts one more, unless a wall is between.

    ``table``: every tile's walls, the printed ones by default; with walls built on tiles, the board's
    (``Board.fit``: [M-WALL-7] a built wall separates a hut from a building like a printed one)."""
    for cell, tile in grid.items():
        colour = HUT_COLOUR[tile]
        if colour is None:
            continue
        walls = table[tile]
        for side, step in STEPS:
            neighbour = grid.get(cell + step)
            if neighbour is None or TILE_TYPE[neighbour] != colour or walls & side:
                continue
            if table[neighbour] & _OPPOSITE[side]:
                continue
            counts[colour] += 1


_OPPOSITE = {1: 4, 2: 8, 4: 1, 8: 2}  # N<->S, E<->W as wall bits


def _check_take(state: Play, action: TakeHut) -> None:
    state.require_phase(ACTION)
    part: HutPart = state.parts[NAME]  # type: ignore[assignment]
    if not is_hut(action.tile):
        raise IllegalAction("M-HUT-2", "{tile} is no hut", tile=action.tile)
    if not any(stack and stack[0] == action.tile for stack in part.stacks):
        raise IllegalAction("M-HUT-2", "the {tile} is not face up on top of its stack", tile=action.tile)
    if owned(state, state.turn_player) >= MAX_OWNED:
        raise IllegalAction("M-HUT-5", "a player owns at most {count} huts, reserve included", count=MAX_OWNED)


def _take(state: Play, action: TakeHut) -> None:
    part: HutPart = state.parts[NAME]  # type: ignore[assignment]
    stack = part.stacks[HUT_COLOUR[action.tile]]  # type: ignore[index]
    stack.pop(0)
    state.hold(action.tile)
    state.emit({"e": TAKE_EVENT, "player": state.turn_player, "tile": action.tile})
    if stack:
        state.emit({"e": UP_EVENT, "tile": stack[0]})
    state.end_action()


class Huts(Module):
    name = NAME
    summary = mark("Building huts: free tiles; each building of their colour beside one counts once more")
    handlers = {TakeHut: (_check_take, _take)}  # noqa: RUF012 - read-only table
    absent_reason = mark("huts play only with the building huts module")
    events = (TAKE_EVENT, UP_EVENT)

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """[M-HUT-1] each colour's huts shuffled into a stack: the six stacks by building type, top first."""
        stacks = []
        for huts in BY_COLOUR:
            stack = list(huts)
            rng.shuffle(stack)
            stacks.append(tuple(stack))
        return tuple(stacks)

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        stacks = deal.parts[NAME]
        if len(stacks) != len(BY_COLOUR) or any(
            sorted(stack) != sorted(huts) for stack, huts in zip(stacks, BY_COLOUR, strict=False)
        ):
            return ["[M-HUT-1] six hut stacks, each holding exactly the huts of its colour"]
        return []

    def tile_entries(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t,
                "kind": TILE_KIND[t],
                "type": BUILDING_TYPES[HUT_COLOUR[t]],  # type: ignore[index]
                "walls": walls_to_text(TILE_WALLS[t]),
            }
            for t in HUTS
        ]

    def setup_fields(self, part: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
        """RECORD.md ``setup.huts``: the stacks by building type, top first."""
        return {NAME: {BUILDING_TYPES[kind]: list(stack) for kind, stack in enumerate(part)}}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[tuple[int, ...], ...]:
        """[M-HUT-1] ``setup.huts``: the six stacks by building type, top first."""
        value = setup.get(NAME)
        read.need(isinstance(value, dict), "setup.huts must be an object of six stacks by building type ([M-HUT-1])")
        read.need(
            sorted(value) == sorted(BUILDING_TYPES) if all(isinstance(k, str) for k in value) else False,
            f"setup.huts must name the six building types, {', '.join(BUILDING_TYPES)} ([M-HUT-1])",
        )
        return tuple(read.ids(value[kind], f"setup.huts.{kind}", TILE_COUNT, "tile") for kind in BUILDING_TYPES)

    def start(self, state: Play, deal: Deal) -> HutPart:
        return HutPart([list(stack) for stack in deal.parts[NAME]])

    def conceal(self, state: Play, player: int) -> None:
        for stack in state.parts[NAME].stacks:  # type: ignore[attr-defined]
            stack[1:] = sorted(stack[1:])

    def redeal(self, state: Play, player: int, rng: random.Random) -> None:
        for stack in state.parts[NAME].stacks:  # type: ignore[attr-defined]
            rest = stack[1:]
            rng.shuffle(rest)
            stack[1:] = rest

    def turn_actions(self, state: Play) -> Iterable[Action]:
        if owned(state, state.turn_player) >= MAX_OWNED:
            return ()
        return [TakeHut(stack[0]) for stack in state.parts[NAME].stacks if stack]  # type: ignore[attr-defined]

    def count_extra(self, state: Play, player: int, counts: list[int]) -> None:
        board = state.boards[player]
        hut_bonus(board.grid, counts, TILE_WALLS if board.extra is None else board.fit)
