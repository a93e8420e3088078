"""City gates (RULES.md §11.1, expansion 2, "Die Tore der Stadt").

One gate card and one wooden gate per player ([M-GATE-1], [M-GATE-2]); the cards are dealt into money piles 3, 4
and 5 (``components.GATES_DEAL``).  A gate card drawn while the offer is refilled lies face up beside the market,
unless one already lies there: then it goes onto the discard pile ([M-GATE-3]).  Taking it is a whole take-money
action ([M-GATE-4]).  Whenever a tile enters a player's Alhambra — at the end of a turn, from the reserve, in a swap,
after a vizier purchase, at the end of the game — gate cards may be played with it where the placement would
otherwise break the way on foot: each gate stands on a double wall between the tile just placed and a neighbour,
which becomes a passage ([M-GATE-5], [M-GATE-6]).  A gate lasts while both its tiles stay ([M-GATE-7]); it scores
nothing ([M-GATE-8]); Dirk never gets one, and a gate card is no money ([M-GATE-9]).

The passages live on the players' boards (``extended.Extra``): the building rules see them there, and a board
without any keeps the fast path.  This module keeps the cards and which gates stand where (for ``gate_lost``).
Everything of the module is face up: nothing is concealed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import extended
from ..actions import Action, EventFields, FromReserve, Place, Swap, typed_equality
from ..alhambra import NO_BUILDING, cell_at, xy_of
from ..components import CARD_KIND, GATE_CARDS, GATES_DEAL, SIDE_LETTERS, describe_tile, is_gate_card, is_start_tile
from ..errors import IllegalAction
from ..events import LIFT, PLACE
from ..messages import Message, mark
from ..phases import ACTION
from .base import Module, Part

if TYPE_CHECKING:
    from ..board import Board
    from ..play import Deal, Play

NAME = "gates"
ASIDE_EVENT = "gate_aside"  # RECORD.md: a gate card drawn goes beside the market [M-GATE-3]
DISCARD_EVENT = "gate_discard"  # RECORD.md: a second gate card drawn goes to the discard pile [M-GATE-3]
TAKE_EVENT = "gate_take"  # RECORD.md: the action of taking the gate card [M-GATE-4]
EVENT = "gate"  # RECORD.md: a wooden gate put on a double wall of a tile just placed [M-GATE-5]
LOST_EVENT = "gate_lost"  # RECORD.md: a gate whose tile left the Alhambra goes back into the box [M-GATE-7]
PILES = (3, 4, 5)  # [M-GATE-2] the piles the gate cards go into, dealt in this order
NONE = -1  # no gate card beside the market
LETTER = dict(SIDE_LETTERS)  # side bit -> N, E, S, W
STEP_OF = {"N": -128, "E": 1, "S": 128, "W": -1}  # a side's step to the neighbouring cell (``alhambra.STEPS``)


class _Gated(NamedTuple):
    """What the placements through gates share: the gate cards played and the sides their gates stand on."""

    cards: tuple[int, ...]
    sides: tuple[str, ...]


def _read_gates(fields: EventFields, first: int) -> _Gated:
    """The ``gate`` events from ``first`` places after the decision's event on: their cards and sides."""
    cards, sides = [], []
    offset = first
    while fields.kind_at(offset) == EVENT:
        gate = fields.later(offset, EVENT)
        cards.append(gate.card("card"))
        sides.append(gate.side("side"))
        offset += 1
    return _Gated(tuple(cards), tuple(sides))


def _through(sides: tuple[str, ...]) -> str:
    return "through a city gate" if len(sides) == 1 else f"through {len(sides)} city gates"


@typed_equality
class TakeGate(NamedTuple):
    """[M-GATE-4] take the face-up gate card (with its wooden gate) instead of money."""

    card: int
    kind = "gate_take"
    rule = "M-GATE-4"
    event = TAKE_EVENT

    @staticmethod
    def from_event(fields: EventFields) -> TakeGate:
        return TakeGate(fields.card("card"))

    def __str__(self) -> str:
        return "take the city gate"

    def said(self) -> Message:
        return Message.of("take the city gate")


@typed_equality
class GatedPlace(NamedTuple):
    """[M-GATE-5] place a tile bought (or received) through gates: gate ``cards`` played, a gate on each of ``sides``
    of the tile, on a double wall with a neighbour."""

    tile: int
    x: int
    y: int
    cards: tuple[int, ...]
    sides: tuple[str, ...]
    kind = "place"
    rule = "M-GATE-5"
    event = PLACE

    @staticmethod
    def from_event(fields: EventFields) -> GatedPlace | GatedFromReserve | None:
        """A ``place`` followed by ``gate`` events; in the action phase a redesign from the reserve."""
        if fields.kind_at(1) != EVENT:
            return None
        x, y = fields.xy("at")
        gated = _read_gates(fields, 1)
        if fields.phase == ACTION:
            return GatedFromReserve(fields.tile(), x, y, *gated)
        return GatedPlace(fields.tile(), x, y, *gated)

    @property
    def cell(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        return f"place {describe_tile(self.tile)} at ({self.x}, {self.y}) {_through(self.sides)}"

    def said(self) -> Message:
        if len(self.sides) == 1:
            return Message.of("place {tile} through a city gate", tile=self.tile)
        return Message.of("place {tile} through {count} city gates", tile=self.tile, count=len(self.sides))


@typed_equality
class GatedFromReserve(NamedTuple):
    """[B-TURN-6a] [M-GATE-5] redesign: a reserve tile into the Alhambra at (x, y) through gates."""

    tile: int
    x: int
    y: int
    cards: tuple[int, ...]
    sides: tuple[str, ...]
    kind = "redesign"
    rule = "M-GATE-5"
    event = PLACE

    @property
    def cell(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        where = f"from the reserve at ({self.x}, {self.y})"
        return f"redesign: build {describe_tile(self.tile)} {where} {_through(self.sides)}"

    def said(self) -> Message:
        if len(self.sides) == 1:
            return Message.of("redesign: build {tile} from the reserve through a city gate", tile=self.tile)
        return Message.of(
            "redesign: build {tile} from the reserve through {count} city gates", tile=self.tile, count=len(self.sides)
        )


@typed_equality
class GatedSwap(NamedTuple):
    """[B-TURN-6c] [M-GATE-5] redesign: a reserve tile takes an Alhambra tile's place, with gates on its sides."""

    reserve_tile: int
    alhambra_tile: int
    cards: tuple[int, ...]
    sides: tuple[str, ...]
    kind = "redesign"
    rule = "M-GATE-5"
    event = LIFT

    @staticmethod
    def from_event(fields: EventFields) -> GatedSwap | None:
        """A ``lift``, the ``place`` of the reserve tile, and ``gate`` events right after that place."""
        if fields.kind_at(1) != PLACE or fields.kind_at(2) != EVENT:
            return None
        return GatedSwap(fields.next_tile(), fields.tile(), *_read_gates(fields, 2))

    def __str__(self) -> str:
        return (
            f"redesign: swap {describe_tile(self.reserve_tile)} in for {describe_tile(self.alhambra_tile)} "
            f"{_through(self.sides)}"
        )

    def said(self) -> Message:
        if len(self.sides) == 1:
            return Message.of(
                "redesign: swap {reserve_tile} in for {alhambra_tile} through a city gate",
                reserve_tile=self.reserve_tile,
                alhambra_tile=self.alhambra_tile,
            )
        return Message.of(
            "redesign: swap {reserve_tile} in for {alhambra_tile} through {count} city gates",
            reserve_tile=self.reserve_tile,
            alhambra_tile=self.alhambra_tile,
            count=len(self.sides),
        )


class Standing(NamedTuple):
    """A wooden gate on the board: whose, the tile it was placed with and its side, the two cells and tiles, and
    the gate card played for it (out of the game: the table shows it flying to its gate)."""

    player: int
    tile: int
    side: str
    cell: int
    near: int
    near_tile: int
    card: int


class GatePart(Part):
    """The gate card beside the market (``NONE`` if none), each player's gate cards, the cards played (out of the
    game), and the gates standing."""

    __slots__ = ("display", "held", "played", "standing")

    def __init__(self, players: int) -> None:
        self.display = NONE
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.played: list[int] = []
        self.standing: list[Standing] = []

    def copy(self) -> GatePart:
        copy = GatePart.__new__(GatePart)
        copy.display = self.display
        copy.held = [list(cards) for cards in self.held]
        copy.played = list(self.played)
        copy.standing = list(self.standing)
        return copy

    def key(self) -> tuple:
        return self.display, tuple(map(tuple, self.held)), tuple(self.played), tuple(self.standing)


def of(state: Play) -> GatePart | None:
    """The gates' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def gate_count(players: int) -> int:
    """[M-GATE-2] one gate card per player (Dirk is none)."""
    return GATES_DEAL[players][0]


def cards_of(players: int) -> tuple[int, ...]:
    """The gate cards a game of ``players`` plays with."""
    return GATE_CARDS[: gate_count(players)]


# ---------------------------------------------------------------- where gates may stand [M-GATE-6]
def double_walls(board: Board, cell: int, tile: int) -> dict[str, int]:
    """Side letter -> neighbour cell, for each double wall ``tile`` on ``cell`` would make with a neighbour that is no
    camp ([M-GATE-9]: no gate on a camp's side)."""
    found = extended.opened_sides(board.grid, board.extra or extended.Extra(), cell, tile)
    return {LETTER[side]: near for side, near in found}


def _opened(cell: int, sides: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(extended.pair(cell, cell + STEP_OF[side]) for side in sides)


def _violation(board: Board, cell: int, tile: int, swap: bool, sides: tuple[str, ...]) -> str | None:
    opened = _opened(cell, sides)
    if swap:
        return board.swap_violation(cell, tile, opened)
    return board.placement_violation(cell, tile, opened)


def gate_choices(board: Board, cell: int, tile: int, swap: bool, most: int) -> list[tuple[str, ...]]:
    """[M-GATE-5] [M-GATE-6] the sets of at most ``most`` gates that make placing (or swapping in) ``tile`` on ``cell``
    legal where it is not without gates, each gate needed: empty when it needs none or no gates help."""
    if most < 1 or _violation(board, cell, tile, swap, ()) is None:
        return []
    walls = sorted(double_walls(board, cell, tile))
    found: list[tuple[str, ...]] = []
    for size in range(1, min(most, len(walls)) + 1):
        for sides in combinations(walls, size):
            if any(set(smaller) <= set(sides) for smaller in found):
                continue  # a gate not needed ([M-GATE-6])
            if _violation(board, cell, tile, swap, sides) is None:
                found.append(sides)
    return found


def _check_gates(
    state: Play, player: int, cell: int, tile: int, cards: tuple[int, ...], sides: tuple[str, ...], swap: bool
) -> None:
    """[M-GATE-5] [M-GATE-6] the gate cards are the player's, each gate stands on a new double wall, without them
    the placement would break the way on foot, with them it is legal, and each is needed."""
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    if not sides or len(cards) != len(sides) or len(set(cards)) != len(cards) or len(set(sides)) != len(sides):
        raise IllegalAction("M-GATE-5", "play one gate card for each gate, each on another side")
    for card in cards:
        if not is_gate_card(card) or card not in part.held[player]:
            raise IllegalAction("M-GATE-5", "you hold no {card} to play", card=card)
    board = state.boards[player]
    without = _violation(board, cell, tile, swap, ())
    if without is None:
        raise IllegalAction("M-GATE-6", "this placement needs no gate: gates are used only where needed")
    if not without.startswith("[B-PLACE-4]"):
        rule, reason = without[1:].split("] ", 1)
        raise IllegalAction(rule, reason)
    walls = double_walls(board, cell, tile)
    for side in sides:
        if side not in walls:
            raise IllegalAction(
                "M-GATE-6", "a gate stands only on a double wall between the tile placed and a neighbour (no camp)"
            )
    problem = _violation(board, cell, tile, swap, sides)
    if problem is not None:
        rule, reason = problem[1:].split("] ", 1)
        raise IllegalAction(rule, reason)
    for side in sides:
        rest = tuple(other for other in sides if other != side)
        if rest and _violation(board, cell, tile, swap, rest) is None:
            raise IllegalAction("M-GATE-6", "each gate must be needed: the placement is legal without one of them")


def _standing(
    state: Play, player: int, cell: int, tile: int, cards: tuple[int, ...], sides: tuple[str, ...]
) -> list[dict]:
    """The gates go up: the cards leave the game, the gates stand; their ``gate`` events."""
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    grid = state.boards[player].grid
    written = []
    for card, side in zip(cards, sides, strict=True):
        part.held[player].remove(card)
        part.played.append(card)
        near = cell + STEP_OF[side]
        part.standing.append(Standing(player, tile, side, cell, near, grid[near], card))
        written.append({"e": EVENT, "player": player, "card": card, "tile": tile, "side": side})
    return written


# ---------------------------------------------------------------- the actions
def _check_take(state: Play, action: TakeGate) -> None:
    state.require_phase(ACTION)
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    if part.display == NONE or action.card != part.display:
        raise IllegalAction("M-GATE-4", "{card} is not the gate card beside the market", card=action.card)


def _take(state: Play, action: TakeGate) -> None:
    """[M-GATE-4] a whole take-money action: the card (and its wooden gate) into the player's hand, face up."""
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    player = state.turn_player
    part.held[player].append(action.card)
    part.display = NONE
    state.emit({"e": TAKE_EVENT, "player": player, "card": action.card})
    state.end_action()


def _check_place(state: Play, action: GatedPlace) -> None:
    state.check_held(action.tile)
    _check_gates(state, state.decider, action.cell, action.tile, action.cards, action.sides, False)


def _place(state: Play, action: GatedPlace) -> None:
    player = state.decider
    written = _standing(state, player, action.cell, action.tile, action.cards, action.sides)
    state.place_opening(Place(action.tile, action.x, action.y), _opened(action.cell, action.sides), written)


def _check_from_reserve(state: Play, action: GatedFromReserve) -> None:
    state.require_phase(ACTION)
    player = state.turn_player
    if action.tile not in state.reserves[player]:
        raise IllegalAction("B-TURN-6", "{tile} is not on your reserve", tile=action.tile)
    _check_gates(state, player, action.cell, action.tile, action.cards, action.sides, False)


def _from_reserve(state: Play, action: GatedFromReserve) -> None:
    player = state.turn_player
    written = _standing(state, player, action.cell, action.tile, action.cards, action.sides)
    state.place_opening(FromReserve(action.tile, action.x, action.y), _opened(action.cell, action.sides), written)


def _swapped_cell(state: Play, action: GatedSwap) -> int:
    player = state.turn_player
    if action.reserve_tile not in state.reserves[player]:
        raise IllegalAction("B-TURN-6", "{tile} is not on your reserve", tile=action.reserve_tile)
    if is_start_tile(action.alhambra_tile):
        raise IllegalAction("B-TURN-6", "the start tile can never be removed or swapped")
    cell = state.boards[player].cell_of(action.alhambra_tile)
    if cell is None:
        raise IllegalAction("B-TURN-6", "{tile} is not in your Alhambra", tile=action.alhambra_tile)
    return cell


def _check_swap(state: Play, action: GatedSwap) -> None:
    state.require_phase(ACTION)
    cell = _swapped_cell(state, action)
    _check_gates(state, state.turn_player, cell, action.reserve_tile, action.cards, action.sides, True)


def _swap(state: Play, action: GatedSwap) -> None:
    player = state.turn_player
    cell = state.boards[player].cell_of(action.alhambra_tile)
    written = _standing(state, player, cell, action.reserve_tile, action.cards, action.sides)  # type: ignore[arg-type]
    state.place_opening(
        Swap(action.reserve_tile, action.alhambra_tile),
        _opened(cell, action.sides),
        written,  # type: ignore[arg-type]
    )


# ---------------------------------------------------------------- the moves listed
def placements(state: Play, player: int, tile: int) -> list[tuple[int, tuple[str, ...]]]:
    """(cell, gates) of every placement of ``tile`` in ``player``'s Alhambra that needs gates ([M-GATE-5]): spots where
    its walls match every neighbour but no open side meets one."""
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    most = len(part.held[player])
    if not most:
        return []
    board = state.boards[player]
    walls = board.fit[tile]
    if walls & NO_BUILDING:  # an outwork ignores the way on foot: it never needs a gate ([M-GATE-9] camps)
        return []
    found = []
    for spot in board.survey().spots:
        if walls & spot.touching == spot.need_wall and not spot.touching & ~walls:
            found.extend((spot.cell, sides) for sides in gate_choices(board, spot.cell, tile, False, most))
    return found


def _cards_for(part: GatePart, player: int, count: int) -> tuple[int, ...]:
    return tuple(sorted(part.held[player])[:count])  # gate cards are alike: the lowest ids stand for any


def _placement_moves(state: Play, tile: int) -> list[Action]:
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    moves: list[Action] = []
    for cell, sides in placements(state, player, tile):
        x, y = xy_of(cell)
        moves.append(GatedPlace(tile, x, y, _cards_for(part, player, len(sides)), sides))
    return moves


def _redesigns(state: Play) -> list[Action]:
    part: GatePart = state.parts[NAME]  # type: ignore[assignment]
    player = state.turn_player
    most = len(part.held[player])
    reserve = state.reserves[player]
    if not most or not reserve:
        return []
    moves: list[Action] = []
    for tile in reserve:
        for cell, sides in placements(state, player, tile):
            x, y = xy_of(cell)
            moves.append(GatedFromReserve(tile, x, y, _cards_for(part, player, len(sides)), sides))
    board = state.boards[player]
    fit = board.fit
    for tile, slot in board.survey().slots:
        for other in reserve:
            if fit[other] & slot.touching == slot.need_wall:
                for sides in gate_choices(board, slot.cell, other, True, most):
                    moves.append(GatedSwap(other, tile, _cards_for(part, player, len(sides)), sides))
    return moves


class Gates(Module):
    name = NAME
    summary = mark("City gates: take a gate card instead of money and place tiles that only touch across double walls")
    handlers = {  # noqa: RUF012 - read-only table
        TakeGate: (_check_take, _take),
        GatedPlace: (_check_place, _place),
        GatedFromReserve: (_check_from_reserve, _from_reserve),
        GatedSwap: (_check_swap, _swap),
    }
    absent_reason = mark("city gates play only with the city gates module")
    absent_rule = "M-GATE-1"
    events = (ASIDE_EVENT, DISCARD_EVENT, TAKE_EVENT, EVENT, LOST_EVENT)

    def deal_into_piles(self, rng: random.Random, piles: list[list[int]], players: int) -> None:
        """[M-GATE-2] one gate card per player, dealt to piles 3, 4, 5, 3, 4, 5 in that order."""
        for index, card in enumerate(cards_of(players)):
            piles[PILES[index % len(PILES)] - 1].append(card)

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        dealt = [card for hand in deal.hands for card in hand] + list(deal.offer)
        if any(map(is_gate_card, dealt)):
            return ["[M-GATE-2] the gate cards are shuffled into the deck, never dealt to a hand or the offer"]
        return []

    def aside_cards(self) -> tuple[int, ...]:
        return GATE_CARDS

    def card_aside(self, state: Play, card: int) -> None:
        """[M-GATE-3] face up beside the market, unless a gate card lies there: then onto the discard pile."""
        part: GatePart = state.parts[NAME]  # type: ignore[assignment]
        if part.display == NONE:
            part.display = card
            state.emit({"e": ASIDE_EVENT, "card": card})
        else:
            state.discard_card(card)
            state.emit({"e": DISCARD_EVENT, "card": card})

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        """RECORD.md ``gate``: one card per player ([M-GATE-2])."""
        return [{"id": c, "kind": CARD_KIND[c]} for c in cards_of(players)]

    def start(self, state: Play, deal: Deal) -> GatePart:
        return GatePart(deal.players)

    def turn_actions(self, state: Play) -> Iterable[Action]:
        part: GatePart = state.parts[NAME]  # type: ignore[assignment]
        moves: list[Action] = [TakeGate(part.display)] if part.display != NONE else []
        return moves + _redesigns(state)

    def placement_moves(self, state: Play, tile: int) -> Iterable[Action]:
        return _placement_moves(state, tile)

    def after_redesign(self, state: Play, player: int) -> None:
        """[M-GATE-7] a gate whose tile, or whose neighbour's, left the Alhambra goes back into the box."""
        part: GatePart = state.parts[NAME]  # type: ignore[assignment]
        grid = state.boards[player].grid
        kept = []
        for gate in part.standing:
            if gate.player == player and (grid.get(gate.cell) != gate.tile or grid.get(gate.near) != gate.near_tile):
                state.emit({"e": LOST_EVENT, "player": player, "tile": gate.tile, "side": gate.side})
            else:
                kept.append(gate)
        part.standing = kept
