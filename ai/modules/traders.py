"""Street traders for the AI ([M-TRADER-1] to [M-TRADER-8]).

Residents score at every scoring in sets of different colours, 1/3/6/10/15/21 ([M-TRADER-6]): the evaluation
counts each player's residents as they would score, times the scorings to come, and the citizens on the disc as
what they may still become: each one's set points if it moved in, by how many buildings of its colour are still
to come and by how good the disc's cell is (a cell where a building can go, better still where one of the
market's fits), over the scorings a resident arriving later would still see.  A building of a disc citizen's
colour held for placing counts most of its resident already; in the window after a placement on the disc's cell
([M-TRADER-3]) the pending move counts whole.

The rollouts place a building on the disc's cell when the resident is worth it (``Advice.placement_points``:
what that depends on is not the Alhambra alone, so the placement's price is never remembered), always move the
matching citizen, choose the supply's citizen that adds most, exchange a citizen only for a better one, and put
the disc back where a building of its colours can come.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.engine import Place, said_action
from game.engine.alhambra import FIT_WALLS, NO_BUILDING, fits
from game.engine.components import BUILDING_TYPES, EMPTY, PIECE_COLOUR, TILE_TYPE
from game.engine.messages import Message
from game.engine.modules import traders
from game.engine.modules.traders import (
    CHOOSING,
    TRADING,
    MoveResident,
    NewCitizen,
    PutDisc,
    SwapCitizen,
    TraderPart,
    TraderPass,
    set_points,
)

from .base import Advice, Price, young

if TYPE_CHECKING:
    from game.engine import Action, GameState

TYPES = len(BUILDING_TYPES)
DISC_SHARE = 0.3  # share of a disc citizen's set points the evaluation counts before it moves in
HELD_SHARE = 0.8  # share of a resident counted for a building of its colour held, that fits the disc's cell
OPEN_CELL = 0.6  # the disc's worth on a cell where a building can go (1.0 where a market tile of its colours fits)
CLOSED_CELL = 0.15  # on a cell where no building can go now (it moves only when one is placed there)
PLENTY = 6  # buildings of a colour still to come that make a citizen of it as likely to move in as any
SWAP_COST = 0.05  # an exchange must gain more than this: a pointless one only costs the time to think


def scorings_left(state: GameState) -> int:
    """Scorings still to come, the final one included (a scoring card is in the deck while its round is unscored)."""
    return 3 - state.rounds_scored


def part_of(state: GameState) -> TraderPart:
    """The street traders' part (the module plays wherever this advice is asked)."""
    part = traders.of(state)
    assert part is not None
    return part


@lru_cache(maxsize=4096)
def _points(colours: tuple[int, ...]) -> int:
    return set_points(list(colours))


def points_of(colours: list[int]) -> int:
    """[M-TRADER-6] ``set_points``, remembered by the colours (few sets of residents recur in a search)."""
    return _points(tuple(sorted(colours)))


@lru_cache(maxsize=4096)
def _gain(residents: tuple[int, ...], colour: int) -> int:
    return _points(tuple(sorted((*residents, colour)))) - _points(residents)


def gain_of(residents: list[int], colour: int) -> int:
    """[M-TRADER-6] the set points one more resident of ``colour`` adds at a scoring (remembered by the sorted
    residents and the colour: the rollouts ask it for every citizen of every disc they price)."""
    return _gain(tuple(sorted(residents)), colour)


def counted(state: GameState, player: int) -> list[int]:
    """[M-TRADER-7] the colours of ``player``'s residents that count: a resident's building is in their Alhambra
    or on their reserve, so those not on the reserve (``traders.counted`` without a look at the whole Alhambra)."""
    on = part_of(state).residents[player]
    if not on:
        return []
    reserve = state.reserves[player]
    return [PIECE_COLOUR[citizen] for building, citizen in on.items() if building not in reserve]  # type: ignore[misc]


def cell_factor(state: GameState, player: int, cell: int | None, disc: list[int]) -> float:
    """How likely a building of the disc's colours comes onto ``cell``: a market tile of them fits it, any
    building can go there, or none can now ([M-TRADER-5]: the disc moves only with a building placed there)."""
    if cell is None:  # set aside this turn: it goes back where its player likes
        return 1.0
    spot = state.boards[player].survey().open_at.get(cell)
    if spot is None or spot.need_wall & NO_BUILDING:
        return CLOSED_CELL
    colours = {PIECE_COLOUR[c] for c in disc}
    for tile in state.market:
        if tile != EMPTY and TILE_TYPE[tile] in colours and fits(FIT_WALLS[tile], spot):
            return 1.0
    return OPEN_CELL


def disc_worth(state: GameState, residents: list[int], disc: list[int], remaining: tuple[int, ...]) -> float:
    """The set points per scoring the disc's citizens may still add, each by how likely its colour comes (a second
    citizen of one colour counts half: one moves in per building)."""
    worth = 0.0
    seen: set[int] = set()
    ranked = tuple(sorted(residents))  # ``gain_of``'s key, sorted once for every citizen
    for citizen in disc:
        colour = PIECE_COLOUR[citizen]
        share = min(1.0, remaining[colour] / PLENTY)  # type: ignore[index]
        if colour in seen:
            share *= 0.5
        seen.add(colour)  # type: ignore[arg-type]
        worth += _gain(ranked, colour) * share  # type: ignore[arg-type]
    return worth


def resident_colours(state: GameState, player: int) -> list[int]:
    """[M-TRADER-7] the colours of ``player``'s residents that count (in the Alhambra), with the one a pending
    decision moves in ([M-TRADER-3]: the window after a placement on the disc's cell)."""
    part = part_of(state)
    colours = counted(state, player)
    if state.phase == TRADING and state.decider == player and part.placed >= 0:
        kind = TILE_TYPE[part.placed]
        if (
            kind is not None
            and part.placed not in part.residents[player]
            and any(PIECE_COLOUR[c] == kind for c in part.discs[player])
        ):
            colours.append(kind)
    return colours


def disc_cell_gain(state: GameState, player: int, tile: int) -> tuple[int, float] | None:
    """(the disc's cell, the set points per scoring a resident adds) if ``tile`` placed on that cell would take
    a citizen of the disc ([M-TRADER-3]); None otherwise."""
    part = part_of(state)
    cell = part.at[player]
    kind = TILE_TYPE[tile]
    if cell is None or kind is None or tile in part.residents[player]:
        return None
    for citizen in part.discs[player]:
        if PIECE_COLOUR[citizen] == kind:
            return cell, float(gain_of(counted(state, player), kind))
    return None


def price_resident(pricer: object, action: MoveResident) -> float:
    """[M-TRADER-3] [M-TRADER-6] the resident's set points at every scoring to come."""
    state = pricer.state  # type: ignore[attr-defined]
    me = pricer.me  # type: ignore[attr-defined]
    return gain_of(counted(state, me), PIECE_COLOUR[action.piece]) * scorings_left(state)  # type: ignore[arg-type]


def price_new(pricer: object, action: NewCitizen) -> float:
    """[M-TRADER-3] the citizen's worth on the disc: what it may add, by how likely its colour comes."""
    state = pricer.state  # type: ignore[attr-defined]
    me = pricer.me  # type: ignore[attr-defined]
    part = part_of(state)
    residents = counted(state, me)
    remaining = state.tiles_to_come()
    return disc_worth(state, residents, [*part.discs[me], action.piece], remaining) - disc_worth(
        state, residents, part.discs[me], remaining
    )


def price_swap(pricer: object, action: SwapCitizen) -> float:
    """[M-TRADER-3] an exchange is worth what the disc gains by it, less a little."""
    state = pricer.state  # type: ignore[attr-defined]
    me = pricer.me  # type: ignore[attr-defined]
    part = part_of(state)
    residents = counted(state, me)
    remaining = state.tiles_to_come()
    disc = part.discs[me]
    after = [c for c in disc if c != action.piece] + [action.other_piece]
    return disc_worth(state, residents, after, remaining) - disc_worth(state, residents, disc, remaining) - SWAP_COST


def price_pass(pricer: object, action: TraderPass) -> float:
    """Leaving the citizens as they are: the yardstick."""
    return 0.0


def price_put(pricer: object, action: PutDisc) -> float:
    """[M-TRADER-5] the disc's cell by how likely a building of its colours comes there."""
    state = pricer.state  # type: ignore[attr-defined]
    me = pricer.me  # type: ignore[attr-defined]
    return cell_factor(state, me, action.cell, part_of(state).discs[me])


class TradersAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-TRADER-6] residents at every scoring to come; the disc's citizens as what they may become."""
        part = part_of(state)
        left = scorings_left(state)
        remaining = state.tiles_to_come()
        chance = DISC_SHARE * young(state, 4)
        decider = state.decider
        for player in range(state.players):
            residents = resident_colours(state, player)
            value = points_of(residents) * left
            disc = part.discs[player]
            if disc and chance:
                factor = cell_factor(state, player, part.at[player], disc)
                value += chance * factor * disc_worth(state, residents, disc, remaining) * (left - 0.5)
            if player == decider and state.held:
                for tile in state.held:  # a building of a disc citizen's colour waits to be placed
                    found = disc_cell_gain(state, player, tile)
                    if found is not None:
                        spot = state.boards[player].survey().open_at.get(found[0])
                        if spot is not None and fits(FIT_WALLS[tile], spot):
                            value += HELD_SHARE * found[1] * left
                            break
            estimate[player] += value

    def placement_points(self, state: GameState, player: int, tile: int) -> dict[int, float]:
        """[M-TRADER-3] a building of a disc citizen's colour on the disc's cell: its resident's set points."""
        found = disc_cell_gain(state, player, tile)
        if found is None:
            return {}
        cell, gain = found
        return {cell: gain * scorings_left(state)}

    def prices(self) -> dict[type, Price]:
        return {
            MoveResident: price_resident,
            NewCitizen: price_new,
            SwapCitizen: price_swap,
            TraderPass: price_pass,
            PutDisc: price_put,
        }

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        signed = f"{gain:+.1f}"
        if isinstance(action, MoveResident):
            residents = counted(state, me)
            colour = PIECE_COLOUR[action.piece]
            return Message.of(
                "{move}: my residents score {before} -> {after} at each of {scorings} scorings to come",
                move=said_action(state, action),
                before=points_of(residents),
                after=points_of([*residents, colour]),  # type: ignore[list-item]
                scorings=scorings_left(state),
            )
        if isinstance(action, NewCitizen):
            return Message.of(
                "{move}: one more {type} resident would add most to my sets ({gain})",
                move=said_action(state, action),
                type=PIECE_COLOUR[action.piece],
                gain=signed,
            )
        if isinstance(action, SwapCitizen):
            return Message.of(
                "{move}: one more {type} resident would add more to my sets ({gain})",
                move=said_action(state, action),
                type=PIECE_COLOUR[action.other_piece],
                gain=signed,
            )
        if isinstance(action, TraderPass):
            return Message.of(
                "{move}: no exchange would make my disc better ({gain})", move=said_action(state, action), gain=signed
            )
        if isinstance(action, PutDisc):
            factor = cell_factor(state, me, action.cell, part_of(state).discs[me])
            if factor >= 1.0:
                return Message.of(
                    "{move}: a market tile of my disc's colours fits that cell ({gain})",
                    move=said_action(state, action),
                    gain=signed,
                )
            if factor > CLOSED_CELL:
                return Message.of(
                    "{move}: a building of my disc's colours can come onto that cell ({gain})",
                    move=said_action(state, action),
                    gain=signed,
                )
            return Message.of(
                "{move}: no cell beside my Alhambra can take a building now ({gain})",
                move=said_action(state, action),
                gain=signed,
            )
        if isinstance(action, Place) and state.phase != CHOOSING:
            found = disc_cell_gain(state, me, action.tile)
            if found is not None and found[0] == action.cell:
                residents = counted(state, me)
                return Message.of(
                    "{move}: onto my trader's disc, where the {type} citizen moves in: residents score "
                    "{before} -> {after} at each of {scorings} scorings to come",
                    move=said_action(state, action),
                    type=TILE_TYPE[action.tile],
                    before=points_of(residents),
                    after=points_of([*residents, TILE_TYPE[action.tile]]),  # type: ignore[list-item]
                    scorings=scorings_left(state),
                )
        return None
