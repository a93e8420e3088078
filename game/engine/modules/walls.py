"""City walls (RULES.md §11.4, expansion 3, "Die Mauern").

Eight wall cards, each showing one wall or two meeting at a corner (``components/walls_cards.csv``, the project's own
set), and twelve sticks ([M-WALL-1]).  Two cards are shuffled into each of money piles 2 to 5 ([M-WALL-2]); a wall
card drawn while the offer is refilled lies face up beside the market, any number of them ([M-WALL-3]).  The action
"build a wall" takes one of them and builds exactly its walls on one of the player's tiles — bought this turn and
not yet placed, in their Alhambra, or on their reserve — on sides without a wall; the card leaves the game
([M-WALL-4]).  Any tile but a camp ([M-WALL-5]); in the Alhambra every new wall faces an empty cell ([M-WALL-6]).
Built walls are walls for every purpose and travel with their tile ([M-WALL-7]); Dirk gets no wall cards
([M-WALL-8]).

The walls built live on the players' boards (``extended.Extra``): the building rules, the wall scoring, the camps'
bastions and the huts see them there, and a board without any keeps the fast path.  Everything of the module is
face up: nothing is concealed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import extended
from ..actions import Action, EventFields, typed_equality
from ..alhambra import STEPS
from ..components import (
    CARD_KIND,
    CARD_WALLS,
    WALL_CARDS,
    WALL_PILES,
    describe_card,
    describe_tile,
    is_camp,
    walls_to_text,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from ..phases import ACTION
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play

NAME = "walls"
UP_EVENT = "wall_up"  # RECORD.md: a wall card drawn in a refill goes face up beside the market [M-WALL-3]
EVENT = "wall"  # RECORD.md: the action of building a card's walls on a tile [M-WALL-4]


@typed_equality
class BuildWall(NamedTuple):
    """[M-WALL-4] take the face-up wall ``card`` and build the walls it shows on ``tile``, one of the player's."""

    card: int
    tile: int
    kind = "wall"
    rule = "M-WALL-4"
    event = EVENT

    @staticmethod
    def from_event(fields: EventFields) -> BuildWall:
        return BuildWall(fields.card("card"), fields.tile())

    def __str__(self) -> str:
        return f"build the walls of the {describe_card(self.card)} on {describe_tile(self.tile)}"

    def said(self) -> Message:
        return Message.of("build the walls of the {card} on {tile}", card=self.card, tile=self.tile)


class WallPart(Part):
    """The wall cards face up beside the market (in the order drawn), those used (out of the game), and the tile
    each used card's walls were built on (the table shows the card flying to them)."""

    __slots__ = ("built_on", "shown", "used")

    def __init__(self) -> None:
        self.shown: list[int] = []
        self.used: list[int] = []
        self.built_on: list[int] = []  # per card of ``used``, in its order

    def copy(self) -> WallPart:
        copy = WallPart.__new__(WallPart)
        copy.shown = list(self.shown)
        copy.used = list(self.used)
        copy.built_on = list(self.built_on)
        return copy

    def key(self) -> tuple:
        return tuple(self.shown), tuple(self.used), tuple(self.built_on)


def of(state: Play) -> WallPart | None:
    """The walls' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def _owns(state: Play, player: int, tile: int) -> bool:
    """[M-WALL-4] one of the player's tiles: bought this turn and not yet placed, in their Alhambra, or on their
    reserve."""
    return tile in state.held or tile in state.reserves[player] or tile in state.boards[player].grid.values()


def _problem(state: Play, player: int, card: int, tile: int) -> tuple[str, str] | None:
    """Why ``player`` may not build ``card``'s walls on ``tile`` now: (rule, reason), or None."""
    if not _owns(state, player, tile):
        return "M-WALL-4", mark("walls are built on one of your tiles: bought this turn, in your Alhambra or reserve")
    if is_camp(tile):
        return "M-WALL-5", mark("a camp takes no walls: its sides are bastions or open country")
    board = state.boards[player]
    walls = CARD_WALLS[card]
    if board.walls_of(tile) & walls:
        return "M-WALL-4", mark("walls are built only on sides without a wall")
    cell = board.cell_of(tile)
    if cell is not None:
        grid = board.grid
        for side, step in STEPS:
            if walls & side and cell + step in grid:
                return "M-WALL-6", mark("a new wall of a tile in the Alhambra must face an empty cell")
    return None


def _check_build(state: Play, action: BuildWall) -> None:
    state.require_phase(ACTION)
    part: WallPart = state.parts[NAME]  # type: ignore[assignment]
    if action.card not in part.shown:
        raise IllegalAction("M-WALL-4", "{card} is not a wall card beside the market", card=action.card)
    problem = _problem(state, state.turn_player, action.card, action.tile)
    if problem is not None:
        rule, reason = problem
        raise IllegalAction(rule, reason)


def _build(state: Play, action: BuildWall) -> None:
    """[M-WALL-4] the card leaves the game; its walls belong to the tile from now on ([M-WALL-7])."""
    part: WallPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.turn_player
    part.shown.remove(action.card)
    part.used.append(action.card)
    part.built_on.append(action.tile)
    board = state.boards[player]
    state.set_extra(player, extended.with_walls(board.extra, action.tile, CARD_WALLS[action.card]))
    state.emit({"e": EVENT, "player": player, "card": action.card, "tile": action.tile})
    state.end_action()  # an action like a redesign: it never grants another ([B-TURN-4])


def builds(state: Play) -> list[Action]:
    """Every wall the turn player may build now: each face-up card on each of their tiles that takes its walls."""
    part: WallPart = state.parts[NAME]  # type: ignore[assignment]
    if not part.shown:
        return []
    player = state.turn_player
    tiles = [*state.held, *sorted(state.boards[player].grid.values()), *state.reserves[player]]
    return [
        BuildWall(card, tile) for card in part.shown for tile in tiles if _problem(state, player, card, tile) is None
    ]


class Walls(Module):
    name = NAME
    summary = mark("City walls: build the walls of a face-up wall card on one of your tiles")
    handlers = {BuildWall: (_check_build, _build)}  # noqa: RUF012 - read-only table
    absent_reason = mark("wall cards play only with the city walls module")
    events = (UP_EVENT, EVENT)

    def deal_into_piles(self, rng: random.Random, piles: list[list[int]], players: int) -> None:
        """[M-WALL-2] the eight wall cards shuffled, two into each of piles 2 to 5 (walls_piles.csv)."""
        cards = list(WALL_CARDS)
        rng.shuffle(cards)
        for pile, count in enumerate(WALL_PILES):
            piles[pile].extend(cards[:count])
            del cards[:count]

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        dealt = [card for hand in deal.hands for card in hand] + list(deal.offer)
        if any(CARD_WALLS[card] for card in dealt):
            return ["[M-WALL-2] the wall cards are shuffled into the deck, never dealt to a hand or the offer"]
        return []

    def aside_cards(self) -> tuple[int, ...]:
        return WALL_CARDS

    def card_aside(self, state: Play, card: int) -> None:
        """[M-WALL-3] face up beside the market; any number may lie there."""
        state.parts[NAME].shown.append(card)  # type: ignore[attr-defined]
        state.emit({"e": UP_EVENT, "card": card})

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        """RECORD.md ``wall``: the sides it shows."""
        return [{"id": c, "kind": CARD_KIND[c], "walls": walls_to_text(CARD_WALLS[c])} for c in WALL_CARDS]

    def start(self, state: Play, deal: Deal) -> WallPart:
        return WallPart()

    def turn_actions(self, state: Play) -> Iterable[Action]:
        return builds(state)
