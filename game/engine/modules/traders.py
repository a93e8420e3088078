"""Street traders (RULES.md §11.5, expansion 3).

42 citizens, seven per building colour, and a trader disc per player ([M-TRADER-1]).  At setup each player chooses
three citizens of different colours for their disc (the other three join the open supply) and puts the disc on a
cell beside their start tile ([M-TRADER-2]).  A building placed on the disc's cell sets the disc aside; a citizen of
its colour on the disc may move onto it as its resident, and a citizen of the supply replaces it; when none matches,
one citizen of the disc may be exchanged for one of the supply ([M-TRADER-3], [M-TRADER-4]).  At the end of the turn
the disc goes back onto an empty cell beside the Alhambra; after a vizier purchase right after its placement
([M-TRADER-5]).  Residents stay on their buildings, counting only in the Alhambra ([M-TRADER-7]); at every scoring
they score in sets of different colours, 1/3/6/10/15/21 ([M-TRADER-6]).  Dirk has no disc.

**Decisions.** After the placement that set the disc aside: ``resident`` (move a matching citizen; then
``citizen_new``, the supply's citizen of the player's choice), or ``citizen_swap`` when none matches, or nothing (a
pass, not recorded).  At the end of the turn, after the chests' placement: ``trader``, the disc's new cell.

**The deal.** The choice of three citizens and the disc's cell are the players' decisions at setup (RECORD.md's
``setup.traders``); a new game deals them at random, a record says them.  Once the game starts they are public, so
nothing of this module is hidden ([D-HIDDEN-1]).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..alhambra import STEPS, cell_at, xy_of
from ..components import (
    BUILDING_TYPES,
    CITIZENS,
    PIECE_COLOUR,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    TRADER_SET_POINTS,
    describe_tile,
    is_citizen,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from ..phases import ACTION, FINAL, PLACE
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "traders"
RESIDENT_EVENT = "resident"  # RECORD.md: a citizen moves from the disc onto the building [M-TRADER-3]
NEW_EVENT = "citizen_new"  # RECORD.md: the supply's citizen chosen for the disc [M-TRADER-3]
SWAP_EVENT = "citizen_swap"  # RECORD.md: a disc citizen exchanged for one of the supply [M-TRADER-3/4]
BACK_EVENT = "trader"  # RECORD.md: the disc goes back onto an empty cell [M-TRADER-5]
SUPPLY_FIELD = "citizens"  # RECORD.md ``setup.citizens``: the open supply
SCORE_NAME = "traders"  # RECORD.md ``score`` item [M-TRADER-6]
TRADING = "trader_citizens"  # phase: the player whose disc was set aside moves a resident, exchanges, or passes
CHOOSING = "trader_new"  # phase: the player chooses the supply's citizen for their disc
DISC_BACK = "trader_back"  # phase: the player puts their disc back
ON_DISC = 3  # [M-TRADER-2]
START_SIDES: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # [M-TRADER-2] RECORD.md's order


@typed_equality
class MoveResident(NamedTuple):
    """[M-TRADER-3] move citizen ``piece`` from your disc onto the building just placed on its cell."""

    piece: int
    kind = "resident"
    rule = "M-TRADER-3"
    event = RESIDENT_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> MoveResident:
        return MoveResident(fields.tile(name="citizen"))

    def __str__(self) -> str:
        return f"move the {describe_tile(self.piece)} onto the building"

    def said(self) -> Message:
        return Message.of("move the {tile} onto the building", tile=self.piece)


@typed_equality
class NewCitizen(NamedTuple):
    """[M-TRADER-3] put citizen ``piece`` of the supply onto your disc."""

    piece: int
    kind = "citizen_new"
    rule = "M-TRADER-3"
    event = NEW_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> NewCitizen:
        return NewCitizen(fields.tile(name="citizen"))

    def __str__(self) -> str:
        return f"put the {describe_tile(self.piece)} onto your disc"

    def said(self) -> Message:
        return Message.of("put the {tile} onto your disc", tile=self.piece)


@typed_equality
class SwapCitizen(NamedTuple):
    """[M-TRADER-3] exchange citizen ``piece`` of your disc for ``other_piece`` of the supply."""

    piece: int
    other_piece: int
    kind = "citizen_swap"
    rule = "M-TRADER-3"
    event = SWAP_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> SwapCitizen:
        return SwapCitizen(fields.tile(name="out"), fields.tile(name="in"))

    def __str__(self) -> str:
        return f"exchange the {describe_tile(self.piece)} for the {describe_tile(self.other_piece)}"

    def said(self) -> Message:
        return Message.of("exchange the {tile} for the {other_tile}", tile=self.piece, other_tile=self.other_piece)


@typed_equality
class TraderPass(NamedTuple):
    """[M-TRADER-3] move no citizen and exchange none (not recorded)."""

    kind = "trader_pass"
    rule = "M-TRADER-3"
    event = None  # RECORD.md writes only what the player did

    def __str__(self) -> str:
        return "leave the citizens as they are"

    def said(self) -> Message:
        return Message.of("leave the citizens as they are")


@typed_equality
class PutDisc(NamedTuple):
    """[M-TRADER-5] put your disc back onto the empty cell (x, y) beside your Alhambra."""

    x: int
    y: int
    kind = "trader"
    rule = "M-TRADER-5"
    event = BACK_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> PutDisc:
        x, y = fields.xy("at")
        return PutDisc(x, y)

    @property
    def cell(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        return f"put your trader's disc back at ({self.x}, {self.y})"

    def said(self) -> Message:
        return Message.of("put your trader's disc back")


class TraderPart(Part):
    """Each player's disc (its citizens, its cell or None while set aside), the open supply (sorted), each player's
    residents by building, and the building whose placement set a disc aside, while its player decides."""

    __slots__ = ("at", "discs", "placed", "residents", "supply")

    def __init__(self, discs: list[list[int]], at: list[int | None], supply: list[int]) -> None:
        self.discs = discs
        self.at = at
        self.supply = supply
        self.residents: list[dict[int, int]] = [{} for _ in discs]  # building -> citizen
        self.placed = -1  # the tile just placed on a disc's cell, while its player decides

    def copy(self) -> TraderPart:
        copy = TraderPart.__new__(TraderPart)
        copy.discs = [list(disc) for disc in self.discs]
        copy.at = list(self.at)
        copy.supply = list(self.supply)
        copy.residents = [dict(on) for on in self.residents]
        copy.placed = self.placed
        return copy

    def key(self) -> tuple:
        return (
            tuple(map(tuple, self.discs)),
            tuple(self.at),
            tuple(self.supply),
            tuple(tuple(sorted(on.items())) for on in self.residents),
            self.placed,
        )


def of(state: Play) -> TraderPart | None:
    """The street traders' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def set_points(colours: list[int]) -> int:
    """[M-TRADER-6] residents of these colours (building types), grouped best: set k holds every colour with at least
    k residents; each set scores by its number of colours."""
    counts = [colours.count(kind) for kind in range(len(BUILDING_TYPES))]
    return sum(TRADER_SET_POINTS[sum(1 for c in counts if c >= k)] for k in range(1, max(counts, default=0) + 1))


def seat_citizens(seat: int) -> list[int]:
    """[M-TRADER-2] the citizens ``seat`` takes at setup, one of each colour (by building type): the seat-th of it."""
    by_colour = [[c for c in CITIZENS if PIECE_COLOUR[c] == kind] for kind in range(len(BUILDING_TYPES))]
    return [by_colour[kind][seat] for kind in range(len(BUILDING_TYPES))]


def choose(deal: Deal, seat: int, colours: Sequence[int], side: Sequence[int]) -> Deal:
    """[M-TRADER-2] ``deal`` with ``seat``'s secret choice at setup: the three colours (building types) of the
    citizens on their disc, taken from the six they hold, and the side of the start tile their disc stands on
    (one of ``START_SIDES``); the others' discs kept and the supply made of every citizen on no disc.  A new game
    deals every choice at random (``Traders.deal``); a person makes theirs before the first turn and the game
    starts from the deal so changed, which its record keeps (``setup.traders``)."""
    chosen = sorted(set(colours))
    if len(chosen) != ON_DISC or len(list(colours)) != ON_DISC or not all(0 <= c < len(BUILDING_TYPES) for c in chosen):
        raise IllegalAction("M-TRADER-2", "choose three citizens of different colours for your disc")
    if tuple(side) not in START_SIDES:
        raise IllegalAction("M-TRADER-2", "your disc goes on a side of your start tile")
    discs, _supply = deal.parts[NAME]
    if not 0 <= seat < len(discs):
        raise IllegalAction("M-TRADER-2", "there is no such seat at this table")
    citizens = seat_citizens(seat)
    disc = (tuple(citizens[kind] for kind in chosen), tuple(side))
    discs = tuple(disc if index == seat else entry for index, entry in enumerate(discs))
    on_discs = {c for entry, _at in discs for c in entry}
    return dataclasses.replace(
        deal, parts={**deal.parts, NAME: (discs, tuple(c for c in CITIZENS if c not in on_discs))}
    )


def counted(state: Play, player: int) -> list[int]:
    """[M-TRADER-7] the colours of ``player``'s residents on buildings in their Alhambra (not on the reserve)."""
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    grid = set(state.boards[player].grid.values())
    return [PIECE_COLOUR[citizen] for building, citizen in part.residents[player].items() if building in grid]  # type: ignore[misc]


def _one_per_colour(citizens: list[int]) -> list[int]:
    """The lowest citizen of each colour among ``citizens``: citizens of one colour are alike."""
    found: dict[int, int] = {}
    for citizen in sorted(citizens):
        found.setdefault(PIECE_COLOUR[citizen], citizen)  # type: ignore[arg-type]
    return sorted(found.values())


def _matching(part: TraderPart, player: int, tile: int) -> list[int]:
    """[M-TRADER-3] [M-TRADER-4] the disc's citizens that may move onto ``tile``: only onto a building of their colour
    that has no resident yet."""
    kind = TILE_TYPE[tile]
    if kind is None or tile in part.residents[player]:
        return []
    return [citizen for citizen in part.discs[player] if PIECE_COLOUR[citizen] == kind]


def _trading_moves(state: Play) -> list[Action]:
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    matching = _matching(part, player, part.placed)
    if matching:
        return [MoveResident(_one_per_colour(matching)[0]), TraderPass()]
    supply = _one_per_colour(part.supply)
    return [
        *(
            SwapCitizen(out, new)
            for out in _one_per_colour(part.discs[player])
            for new in supply
            if PIECE_COLOUR[out] != PIECE_COLOUR[new]
        ),
        TraderPass(),
    ]


def _can_trade(part: TraderPart, player: int, tile: int) -> bool:
    """Whether the player has a choice after ``tile`` set their disc aside: a resident to move, or an exchange."""
    if TILE_TYPE[tile] is None:  # [M-TRADER-4] a hut, camp or bazaar only pushes the disc aside
        return False
    if _matching(part, player, tile):
        return True
    return any(PIECE_COLOUR[out] != PIECE_COLOUR[new] for out in part.discs[player] for new in part.supply)


def empty_cells(state: Play, player: int) -> list[int]:
    """[M-TRADER-5] the empty cells sharing a side with a tile of ``player``'s Alhambra."""
    grid = state.boards[player].grid
    return sorted({cell + step for cell in grid for _, step in STEPS if cell + step not in grid})


def _done(state: Play) -> None:
    """The citizens are settled: the disc goes back right away after a placement outside the turn (a vizier
    purchase), else the game goes on (the disc goes back at the end of the turn; never after the game's end)."""
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    part.placed = -1
    phase = state.resume_to[0] if state.resume_to else state.phase  # type: ignore[attr-defined]
    if phase not in (ACTION, PLACE, FINAL):
        state.ask(DISC_BACK)
        return
    state.resume()


def _check_trading(state: Play, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction("M-TRADER-3", "citizens move only right after a building is placed on your disc's cell")


def _check_resident(state: Play, action: MoveResident) -> None:
    _check_trading(state, TRADING)
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    if action.piece not in _matching(part, state.decider, part.placed):
        raise IllegalAction(
            "M-TRADER-3",
            "the {tile} is no citizen of your disc of the {other_tile}'s colour",
            tile=action.piece,
            other_tile=part.placed,
        )


def _resident(state: Play, action: MoveResident) -> None:
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.discs[player].remove(action.piece)
    part.residents[player][part.placed] = action.piece
    state.emit({"e": RESIDENT_EVENT, "player": player, "citizen": action.piece, "tile": part.placed})
    if part.supply:
        state.ask(CHOOSING)
    else:
        _done(state)  # the supply holds none: the player gets none


def _check_new(state: Play, action: NewCitizen) -> None:
    _check_trading(state, CHOOSING)
    if action.piece not in state.parts[NAME].supply:  # type: ignore[attr-defined]
        raise IllegalAction("M-TRADER-3", "the {tile} is not in the supply", tile=action.piece)


def _new(state: Play, action: NewCitizen) -> None:
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.supply.remove(action.piece)
    part.discs[player].append(action.piece)
    state.emit({"e": NEW_EVENT, "player": player, "citizen": action.piece})
    _done(state)


def _check_swap(state: Play, action: SwapCitizen) -> None:
    _check_trading(state, TRADING)
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    if _matching(part, player, part.placed):
        raise IllegalAction("M-TRADER-3", "a citizen of the building's colour is on your disc: no exchange")
    if action.piece not in part.discs[player]:
        raise IllegalAction("M-TRADER-3", "the {tile} is not on your disc", tile=action.piece)
    if action.other_piece not in part.supply:
        raise IllegalAction("M-TRADER-3", "the {tile} is not in the supply", tile=action.other_piece)


def _swap(state: Play, action: SwapCitizen) -> None:
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.discs[player].remove(action.piece)
    part.supply.remove(action.other_piece)
    part.discs[player].append(action.other_piece)
    part.supply = sorted([*part.supply, action.piece])
    state.emit({"e": SWAP_EVENT, "player": player, "out": action.piece, "in": action.other_piece})
    _done(state)


def _check_pass(state: Play, action: TraderPass) -> None:
    _check_trading(state, TRADING)


def _pass(state: Play, action: TraderPass) -> None:
    _done(state)


def _check_put(state: Play, action: PutDisc) -> None:
    if state.phase != DISC_BACK:
        raise IllegalAction("M-TRADER-5", "the disc goes back at the end of the turn in which it was set aside")
    if action.cell not in empty_cells(state, state.decider):
        raise IllegalAction(
            "M-TRADER-5",
            "the disc goes onto an empty cell beside your Alhambra, not ({x}, {y})",
            x=action.x,
            y=action.y,
        )


def _put(state: Play, action: PutDisc) -> None:
    part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.at[player] = action.cell
    state.emit({"e": BACK_EVENT, "player": player, "at": [action.x, action.y]})
    if state.resume_to is not None:  # type: ignore[attr-defined]
        state.resume()  # right after a vizier purchase's placement: the window goes on
    else:
        state.end_action()  # the turn's end goes on: the market is refilled


class Traders(Module):
    name = NAME
    summary = mark("Street traders: a building placed on your disc's cell takes a citizen; sets of colours score")
    handlers = {  # noqa: RUF012 - read-only table
        MoveResident: (_check_resident, _resident),
        NewCitizen: (_check_new, _new),
        SwapCitizen: (_check_swap, _swap),
        TraderPass: (_check_pass, _pass),
        PutDisc: (_check_put, _put),
    }
    absent_reason = mark("citizens play only with the street traders module")
    events = (RESIDENT_EVENT, NEW_EVENT, SWAP_EVENT, BACK_EVENT)
    phases = {  # noqa: RUF012
        TRADING: _trading_moves,
        CHOOSING: lambda state: [NewCitizen(c) for c in _one_per_colour(state.parts[NAME].supply)],
        DISC_BACK: lambda state: [PutDisc(*xy_of(cell)) for cell in empty_cells(state, state.decider)],
    }
    asking = {  # noqa: RUF012
        TRADING: (
            "M-TRADER-3",
            mark("your disc was set aside: move a citizen onto the building, exchange one or pass"),
        ),
        CHOOSING: ("M-TRADER-3", mark("choose a citizen of the supply for your disc")),
        DISC_BACK: ("M-TRADER-5", mark("put your trader's disc back beside your Alhambra")),
    }

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple:
        """[M-TRADER-2] each player takes one citizen of each colour and chooses three for the disc (here at random: the
        players' choice, which a record says), the disc on a side of the start tile; the rest is the supply."""
        discs = []
        for seat in range(players):
            chosen = sorted(rng.sample(range(len(BUILDING_TYPES)), ON_DISC))
            citizens = seat_citizens(seat)
            discs.append((tuple(citizens[kind] for kind in chosen), rng.choice(START_SIDES)))
        on_discs = {c for disc, _ in discs for c in disc}
        return tuple(discs), tuple(c for c in CITIZENS if c not in on_discs)

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        discs, supply = deal.parts[NAME]
        problems = []
        if len(discs) != deal.players or any(
            len(disc) != ON_DISC or len({PIECE_COLOUR[c] for c in disc}) != ON_DISC for disc, _ in discs
        ):
            problems.append("[M-TRADER-2] three citizens of different colours on each player's disc")
        if any(tuple(at) not in START_SIDES for _, at in discs):
            problems.append("[M-TRADER-2] each disc on a side of its player's start tile")
        if sorted([*supply, *(c for disc, _ in discs for c in disc)]) != list(CITIZENS):
            problems.append("[M-TRADER-1] the 42 citizens, each on a disc or in the supply once")
        return problems

    def tile_entries(self) -> list[dict[str, Any]]:
        return [{"id": t, "kind": TILE_KIND[t], "type": BUILDING_TYPES[PIECE_COLOUR[t]]} for t in CITIZENS]  # type: ignore[index]

    def setup_fields(self, part: tuple) -> dict[str, Any]:
        """RECORD.md ``setup.traders`` (per seat: the disc's citizens and cell) and ``setup.citizens`` (the supply)."""
        discs, supply = part
        return {NAME: [{"disc": list(disc), "at": list(at)} for disc, at in discs], SUPPLY_FIELD: list(supply)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple:
        value = setup.get(NAME)
        read.need(
            isinstance(value, list) and len(value) == players and all(isinstance(v, dict) for v in value),
            f"setup.traders must list {players} discs ([M-TRADER-2])",
        )
        discs = []
        for seat, entry in enumerate(value):
            disc = read.ids(entry.get("disc"), f"setup.traders[{seat}].disc", TILE_COUNT, "tile")
            at = entry.get("at")
            read.need(
                isinstance(at, list) and tuple(at) in START_SIDES and all(type(v) is int for v in at),
                f"setup.traders[{seat}].at must be a side of the start tile ([M-TRADER-2])",
            )
            read.need(all(map(is_citizen, disc)), f"setup.traders[{seat}].disc must hold citizens ([M-TRADER-1])")
            discs.append((disc, tuple(at)))
        supply = read.ids(setup.get(SUPPLY_FIELD), f"setup.{SUPPLY_FIELD}", TILE_COUNT, "tile")
        read.need(all(map(is_citizen, supply)), "setup.citizens must hold citizens ([M-TRADER-1])")
        return tuple(discs), tuple(sorted(supply))

    def start(self, state: Play, deal: Deal) -> TraderPart:
        discs, supply = deal.parts[NAME]
        return TraderPart([list(disc) for disc, _ in discs], [cell_at(*at) for _, at in discs], sorted(supply))

    def after_place(self, state: Play, player: int, tile: int, cell: int) -> bool:
        """[M-TRADER-3] [M-TRADER-4] a tile placed on the player's disc's cell sets the disc aside; the player decides
        about the citizens if they have a choice (after a vizier purchase the disc goes back right away)."""
        part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
        if part.at[player] != cell:
            return False
        part.at[player] = None
        if _can_trade(part, player, tile):
            part.placed = tile
            state.ask(TRADING)
            return True
        if state.phase not in (ACTION, PLACE, FINAL):  # [M-TRADER-5] a vizier purchase: the disc goes back now
            state.ask(DISC_BACK)
            return True
        return False

    def turn_ending(self, state: Play) -> bool:
        """[M-TRADER-5] at the end of a turn in which the disc was set aside, it goes back (after the chests)."""
        part: TraderPart = state.parts[NAME]  # type: ignore[assignment]
        player = state.turn_player
        if part.at[player] is not None:
            return False
        state.ask(DISC_BACK, player)
        return True

    def unrecorded(self, state: Play, event: dict) -> Action | None:
        """A pass: the player's next recorded decision is neither a ``resident`` nor a ``citizen_swap``."""
        if state.phase != TRADING:
            return None
        if event.get("player") == state.decider and (
            event.get("e") in (RESIDENT_EVENT, SWAP_EVENT) or event.get("e") in state.rules.optional_events
        ):
            return None
        return TraderPass()

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """[M-TRADER-6] each player's residents on buildings in their Alhambra, in the best sets of colours."""
        return [(player, SCORE_NAME, set_points(counted(state, player))) for player in range(state.players)]
