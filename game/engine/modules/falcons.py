"""Falconers (RULES.md §9.7, the 2024 edition).

Fifteen falcons wait in a supply, five of each kind (black, brown, white), each showing two building
colours ([M-FALCON-1]); the supply is public and has no order (it is kept sorted).  Buying falcons is
a turn's action of its own, and must be the turn's only one: never after another action, never as
the extra action of an exact payment ([M-FALCON-2]).  Each falcon costs one money card of any
currency and value, which goes to the discard pile like any payment.  A falcon sits on a grid corner
where four tiles of the player's Alhambra meet, at most one per corner, and each of its two colours
must show on one of those four tiles: only the six building types have colours; the start tile,
huts, camps and bazaars may be among the four but give none ([M-FALCON-3] and its Choice).  Falcons
never go to the reserve and are never redesigned: when a tile under one leaves the Alhambra, lifted
or swapped out, the falcon flies back to the supply ([M-FALCON-4] and its Choice).  At every scoring
each kind scores apart by how many of it the player has ([M-FALCON-5]).

**Corners.** The corner ``[x, y]`` of a record (RECORD.md "Coordinates") is the north-west corner of
cell ``(x, y)``: the one where cells ``(x - 1, y - 1)``, ``(x, y - 1)``, ``(x - 1, y)`` and ``(x, y)``
meet.  Internally a corner is the cell number of that cell (``alhambra.cell_at(x, y)``).

**The action.** The first falcon bought (``BuyFalcon``) is the turn's action and opens the
``falcons`` phase, in which the same player buys more (``BuyFalcon`` again) or stops
(``StopFalcons``); the turn then ends as every turn does (refills, scorings, the vizier window).
The record writes one ``falcon`` event per falcon and nothing for the stop (a replay reads a stop
wherever the next event is not the player's next ``falcon``: ``unrecorded``).  When no further
purchase is possible the phase ends by itself, so a player is never asked a question with one answer.

**Moves listed.** Every falcon of the supply on every corner that takes it, paid with the player's
cheapest card of each currency they hold: paying a dearer card of the same currency only loses money
(``apply`` accepts any money card all the same).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..alhambra import ROW, GridMemo, cell_at, xy_of
from ..components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_POINTS,
    FALCON_TYPES,
    FALCONS,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    describe_card,
    describe_tile,
    is_exchange_card,
    is_falcon,
    pays_as_money,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from ..phases import ACTION, PLACE
from .base import Module, Part

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "falcons"
EVENT = "falcon"  # RECORD.md: one falcon bought and placed [M-FALCON-2] [M-FALCON-3]
BACK_EVENT = "falcon_back"  # RECORD.md: a falcon whose tile left the Alhambra returns to the supply [M-FALCON-4]
FLIGHT = "falcons"  # phase: the player who bought a falcon this turn may buy more, or stop
SCORE_NAMES: tuple[str, ...] = tuple(f"falcon_{kind}" for kind in FALCON_KINDS)  # RECORD.md [M-FALCON-5]
# [M-FALCON-3] a falcon's two colours as a mask of building types (bit t for BUILDING_TYPES[t]); 0 for other tiles
FALCON_MASK: tuple[int, ...] = tuple(
    (1 << types[0]) | (1 << types[1]) if types is not None else 0 for types in FALCON_TYPES
)
# the four cells meeting at the corner numbered like cell c: c's north-west, north and west neighbours and c itself
_AROUND: tuple[int, ...] = (-ROW - 1, -ROW, -1, 0)
Perch = tuple[int, tuple[int, ...]]  # a placed falcon and the four tiles under it (in _AROUND's order)


@typed_equality
class BuyFalcon(NamedTuple):
    """[M-FALCON-2] [M-FALCON-3] buy ``falcon`` from the supply with money ``card`` and put it on corner (x, y),
    the north-west corner of cell (x, y)."""

    falcon: int
    card: int
    x: int
    y: int
    kind = "falcon"
    rule = "M-FALCON-2"
    event = EVENT

    @staticmethod
    def from_event(fields: EventFields) -> BuyFalcon:
        x, y = fields.xy("at")
        return BuyFalcon(fields.tile(name="falcon"), fields.card("card"), x, y)

    @property
    def corner(self) -> int:
        return cell_at(self.x, self.y)

    def __str__(self) -> str:
        return (
            f"buy the {describe_tile(self.falcon)} with the {describe_card(self.card)} for corner ({self.x}, {self.y})"
        )

    def said(self) -> Message:
        return Message.of("buy the {tile} with the {card}", tile=self.falcon, card=self.card)


@typed_equality
class StopFalcons(NamedTuple):
    """[M-FALCON-2] buy no more falcons this turn (not recorded: the record goes on with the turn's end)."""

    kind = "falcon_stop"
    rule = "M-FALCON-2"
    event = None  # RECORD.md writes only the falcons bought

    def __str__(self) -> str:
        return "buy no more falcons"

    def said(self) -> Message:
        return Message.of("buy no more falcons")


class FalconPart(Part):
    """The supply (sorted) and each player's falcons by corner, with the tiles under each (all public)."""

    __slots__ = ("perches", "supply")

    def __init__(self, supply: list[int], perches: list[dict[int, Perch]]) -> None:
        self.supply = supply
        self.perches = perches

    def copy(self) -> FalconPart:
        copy = FalconPart.__new__(FalconPart)
        copy.supply = list(self.supply)
        copy.perches = [dict(perches) for perches in self.perches]
        return copy

    def key(self) -> tuple:
        return (tuple(self.supply), tuple(tuple(sorted(perches.items())) for perches in self.perches))


def of(state: Play) -> FalconPart | None:
    """The falcons' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def falcons_of(state: Play, player: int) -> dict[tuple[int, int], int]:
    """``player``'s falcons by corner (x, y), as the record names corners."""
    part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
    return {xy_of(corner): falcon for corner, (falcon, _) in part.perches[player].items()}


def _colours(tiles: Iterable[int]) -> int:
    """[M-FALCON-3] Choice: the colours some of ``tiles`` show, as a mask; only the six building types have one."""
    mask = 0
    for tile in tiles:
        kind = TILE_TYPE[tile]
        if kind is not None:
            mask |= 1 << kind
    return mask


def _meeting(grid: Alhambra) -> tuple[tuple[int, int], ...]:
    """[M-FALCON-3] every corner where four tiles of ``grid`` meet, with the colours those tiles show (sorted)."""
    found = []
    for cell in grid:  # each corner is met as the north-west corner of its south-east cell
        tiles = [grid.get(cell + step) for step in _AROUND]
        if None not in tiles:
            found.append((cell, _colours(tiles)))  # type: ignore[arg-type]
    return tuple(sorted(found))


meeting_corners = GridMemo(_meeting)  # the same few Alhambras are asked about again and again in a search


def _payment_cards(hand: list[int]) -> list[int]:
    """The cheapest card of each currency in ``hand`` (lowest id among equals), in currency order: the cards
    listed to pay a falcon with ([M-FALCON-2] any card pays; a dearer one of the same currency only loses money)."""
    cheapest: dict[int, int] = {}
    for card in hand:
        currency = CARD_CURRENCY[card]
        best = cheapest.get(currency)  # type: ignore[arg-type]
        if best is None or (CARD_VALUE[card], card) < (CARD_VALUE[best], best):  # type: ignore[operator]
            cheapest[currency] = card  # type: ignore[index]
    return [cheapest[currency] for currency in sorted(cheapest)]


def _free_corners(state: Play, player: int) -> list[tuple[int, int]]:
    """Corners of ``player``'s Alhambra where four tiles meet and no falcon sits yet, with their colours."""
    perches = state.parts[NAME].perches[player]  # type: ignore[attr-defined]
    corners = meeting_corners.lookup(state.boards[player].key(), state.boards[player].grid)
    return [(corner, colours) for corner, colours in corners if corner not in perches]


def purchases(state: Play, player: int) -> list[BuyFalcon]:
    """[M-FALCON-2] [M-FALCON-3] the falcons ``player`` may buy now: each falcon of the supply on each free corner
    showing both its colours, with the cheapest card of each currency."""
    part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
    hand = state.hands[player]
    if not hand or not part.supply:
        return []
    corners = _free_corners(state, player)
    if not corners:
        return []
    cards = _payment_cards(hand)
    moves = []
    for falcon in part.supply:
        need = FALCON_MASK[falcon]
        for corner, colours in corners:
            if colours & need == need:
                x, y = xy_of(corner)
                moves.extend(BuyFalcon(falcon, card, x, y) for card in cards)
    return moves


def can_buy(state: Play, player: int) -> bool:
    """Whether ``player`` could buy a falcon now (``purchases`` would list one), without listing them."""
    part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
    if not state.hands[player] or not part.supply:
        return False
    corners = _free_corners(state, player)
    return any(colours & FALCON_MASK[falcon] == FALCON_MASK[falcon] for falcon in part.supply for _, colours in corners)


def _check_buy(state: Play, action: BuyFalcon) -> None:
    phase = state.phase
    if phase != FLIGHT and (phase != ACTION or state.held):
        if phase in (ACTION, PLACE) and state.held:
            raise IllegalAction(
                "M-FALCON-2", "buying falcons must be the turn's only action, never one after another action"
            )
        raise IllegalAction("M-FALCON-2", "falcons are bought only as the action of your own turn")
    player = state.turn_player
    part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
    falcon, card = action.falcon, action.card
    if not is_falcon(falcon):
        raise IllegalAction("M-FALCON-1", "the {tile} is no falcon", tile=falcon)
    if falcon not in part.supply:
        raise IllegalAction("M-FALCON-1", "the {tile} is not in the supply", tile=falcon)
    if not pays_as_money(card):  # money, or [M-CHANGE-4] a change coin
        if is_exchange_card(card):
            raise IllegalAction(
                "M-FALCON-2",
                "a falcon costs one money card, not the {card} ([M-EXCH-3]: an exchange card is no money)",
                card=card,
            )
        raise IllegalAction("M-FALCON-2", "a falcon costs one money card, not the {card}", card=card)
    if card not in state.hands[player]:
        raise IllegalAction("M-FALCON-2", "you do not hold the {card}", card=card)
    _check_corner(state, player, action)


def _check_corner(state: Play, player: int, action: BuyFalcon) -> None:
    """[M-FALCON-3] four tiles of the Alhambra meet at the corner, no falcon sits there, both colours show."""
    corner, x, y = action.corner, action.x, action.y
    perched = state.parts[NAME].perches[player].get(corner)  # type: ignore[attr-defined]
    if perched is not None:
        raise IllegalAction(
            "M-FALCON-3", "one falcon per corner: your {tile} sits on corner ({x}, {y})", tile=perched[0], x=x, y=y
        )
    grid = state.boards[player].grid
    tiles = [grid.get(corner + step) for step in _AROUND]
    if None in tiles:
        raise IllegalAction(
            "M-FALCON-3",
            "a falcon sits where four tiles of your Alhambra meet; {count} meet at corner ({x}, {y})",
            count=4 - tiles.count(None),
            x=x,
            y=y,
        )
    colours = _colours(tiles)  # type: ignore[arg-type]
    missing = [kind for kind in FALCON_TYPES[action.falcon] if not colours >> kind & 1]  # type: ignore[union-attr]
    if len(missing) == 1:
        raise IllegalAction(
            "M-FALCON-3",
            "the {tile} needs {type} among the four tiles at corner ({x}, {y})",
            tile=action.falcon,
            type=missing[0],
            x=x,
            y=y,
        )
    if missing:
        raise IllegalAction(
            "M-FALCON-3",
            "the {tile} needs {type} and {other_type} among the four tiles at corner ({x}, {y})",
            tile=action.falcon,
            type=missing[0],
            other_type=missing[1],
            x=x,
            y=y,
        )


def _buy(state: Play, action: BuyFalcon) -> None:
    """The card is discarded, the falcon sits on its corner; more may follow, or the turn ends."""
    player = state.turn_player
    part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
    state.pay(player, (action.card,))  # money spent: the game moves on ([B-TURN-8]'s stalling guard counts it)
    part.supply.remove(action.falcon)
    corner = action.corner
    grid = state.boards[player].grid
    part.perches[player][corner] = (action.falcon, tuple(grid[corner + step] for step in _AROUND))
    state.emit({"e": EVENT, "player": player, "falcon": action.falcon, "card": action.card, "at": [action.x, action.y]})
    if can_buy(state, player):
        state.ask(FLIGHT)
    else:
        state.end_action()  # nothing more to buy: the turn ends as if the player stopped


def _check_stop(state: Play, action: StopFalcons) -> None:
    if state.phase != FLIGHT:
        raise IllegalAction("M-FALCON-2", "only a player buying falcons this turn can stop buying them")


def _stop(state: Play, action: StopFalcons) -> None:
    state.end_action()  # nothing was bought but falcons: the turn ends (refills, scorings, windows)


def _flight_moves(state: Play) -> list[Action]:
    return [*purchases(state, state.decider), StopFalcons()]


class Falcons(Module):
    name = NAME
    summary = mark("Falconers: buy falcons for corners where their colours meet; each kind scores by how many")
    handlers = {  # noqa: RUF012 - read-only table
        BuyFalcon: (_check_buy, _buy),
        StopFalcons: (_check_stop, _stop),
    }
    absent_reason = mark("falcons play only with the falconers module")
    events = (EVENT, BACK_EVENT)
    phases = {FLIGHT: _flight_moves}  # noqa: RUF012
    asking = {  # noqa: RUF012
        FLIGHT: ("M-FALCON-2", mark("the falcon action is this turn's only action: buy another falcon, or stop")),
    }

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """[M-FALCON-1] all fifteen falcons in the supply, in id order (nothing of chance: the supply is open)."""
        return FALCONS

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        if sorted(deal.parts[NAME]) != list(FALCONS):
            return [f"[M-FALCON-1] the supply holds the fifteen falcons {FALCONS[0]} to {FALCONS[-1]}, each once"]
        return []

    def tile_entries(self) -> list[dict[str, Any]]:
        return [
            {
                "id": t,
                "kind": TILE_KIND[t],
                "colour": FALCON_KINDS[FALCON_KIND[t]],  # type: ignore[index]
                "types": [BUILDING_TYPES[kind] for kind in FALCON_TYPES[t]],  # type: ignore[union-attr]
            }
            for t in FALCONS
        ]

    def setup_fields(self, part: tuple[int, ...]) -> dict[str, Any]:
        """RECORD.md ``setup.falcons``: the supply."""
        return {NAME: list(part)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[int, ...]:
        return read.ids(setup.get(NAME), f"setup.{NAME}", TILE_COUNT, "tile")

    def start(self, state: Play, deal: Deal) -> FalconPart:
        return FalconPart(sorted(deal.parts[NAME]), [{} for _ in range(deal.players)])

    def turn_actions(self, state: Play) -> Iterable[Action]:
        """[M-FALCON-2] the falcon action, only as the turn's first action (not after an exact payment)."""
        if state.held:
            return ()
        return purchases(state, state.turn_player)

    def after_redesign(self, state: Play, player: int) -> None:
        """[M-FALCON-4] a falcon whose tile left the Alhambra (lifted, or swapped out: the Choice) returns."""
        part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
        perches = part.perches[player]
        if not perches:
            return
        grid = state.boards[player].grid
        for corner in sorted(perches):
            falcon, tiles = perches[corner]
            if any(grid.get(corner + step) != tile for step, tile in zip(_AROUND, tiles, strict=True)):
                del perches[corner]
                insort(part.supply, falcon)
                state.emit({"e": BACK_EVENT, "player": player, "falcon": falcon})

    def unrecorded(self, state: Play, event: dict) -> Action | None:
        """The stop: the buyer's next recorded decision is not another falcon (nor a bonus card revealed)."""
        if state.phase != FLIGHT:
            return None
        if event.get("player") == state.decider and (
            event.get("e") == EVENT or event.get("e") in state.rules.optional_events
        ):
            return None
        return StopFalcons()

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """[M-FALCON-5] at every scoring each kind scores by how many of it the player has (1: 2 ... 5: 30)."""
        part: FalconPart = state.parts[NAME]  # type: ignore[assignment]
        items = []
        for player, perches in enumerate(part.perches):
            counts = [0] * len(FALCON_KINDS)
            for falcon, _ in perches.values():
                counts[FALCON_KIND[falcon]] += 1  # type: ignore[index]
            items += [(player, SCORE_NAMES[kind], FALCON_POINTS[count]) for kind, count in enumerate(counts) if count]
        return items
