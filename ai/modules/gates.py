"""City gates for the AI ([M-GATE-1] to [M-GATE-9]).

A gate card is worth something only through the tiles it lets a player place: a tile that touches the Alhambra
only across double walls ([M-GATE-5]).  So the AI looks for the empty cells every one of whose built neighbours
shows it a wall ("walled-in spots", which no tile reaches on foot), and for the player's waiting tiles (on the
reserve; the tile waiting to be placed, for the decider) that fit nowhere else but would fit such a spot ("stuck"
tiles).  The evaluation counts:

* a stuck tile, for a player who holds a gate card for it, as more than a reserve tile in its majority
  (``count_extra``): the card will bring it into the Alhambra, so the card taken for a stuck tile is worth that
  tile's majority, priced by the outlook like any other;
* every further card held as an option on walled-in spots to come (``values``), a little more for each such spot
  the Alhambra has now, halved per extra card, fading as the game runs out;
* the card beside the market as anyone's: each player is credited a share of what it is worth to them, so taking
  it from a rival who has a stuck tile counts as a denial.

Everything here is face up ([M-GATE-4]): the cards held, the card beside the market, the Alhambras, the reserves;
a rival's waiting tile is never looked at (only the decider's own).  The rollouts take the card at its worth to
the player and place tiles through gates like any placement, less the card used up; swaps through gates stay
unpriced (rare, last in the search's ordering).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import FromReserve, Place, said_action
from game.engine.alhambra import NO_BUILDING, xy_of
from game.engine.components import TILE_TYPE
from game.engine.messages import Message
from game.engine.modules import gates
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate

from .base import Advice, Counts, Price, young

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.board import Board

OPTION = 0.6  # points a gate card held without a stuck tile is worth, before any walled-in spot
PER_SPOT = 0.4  # and per walled-in spot of the Alhambra now (at most ``SPOTS_COUNTED`` of them)
SPOTS_COUNTED = 2
STUCK_SHARE = 0.4  # of a tile: what a stuck tile gains in its majority while a gate card is held for it
REMEMBERED = 20_000  # boards' walled-in spots remembered before the memo starts afresh

_WALLED_IN: dict[object, tuple[tuple[int, int], ...]] = {}
# (Alhambra, tile, gate cards held) -> ``gates.placements``, for an Alhambra with no walls built or passages opened
_PLACEMENTS: dict[tuple[object, int, int], list[tuple[int, tuple[str, ...]]]] = {}


def gated_placements(state: GameState, player: int, tile: int) -> list[tuple[int, tuple[str, ...]]]:
    """[M-GATE-5] ``gates.placements``, remembered where they follow from the Alhambra's tiles alone (no walls built
    on them, no passage opened: ``Board.extra`` None), the tile and how many gate cards are held: the rollouts ask
    them for every waiting tile on every turn of a player with a gate card.  Not to be changed by the caller."""
    board = state.boards[player]
    if board.extra is not None:
        return gates.placements(state, player, tile)
    part = gates.of(state)
    assert part is not None
    key = (board.key(), tile, len(part.held[player]))
    found = _PLACEMENTS.get(key)
    if found is None:
        found = gates.placements(state, player, tile)
        if len(_PLACEMENTS) >= REMEMBERED:
            _PLACEMENTS.clear()
        _PLACEMENTS[key] = found
    return found


def walled_in(board: Board) -> tuple[tuple[int, int], ...]:
    """(touching, need_wall) of each empty cell next to the Alhambra that every built neighbour shows a wall:
    no tile reaches it on foot, so only a tile placed through a gate can fill it ([M-GATE-5])."""
    key = board.key()
    found = _WALLED_IN.get(key)
    if found is None:
        found = tuple(
            (spot.touching, spot.need_wall) for spot in board.survey().spots if spot.touching == spot.need_wall
        )
        if len(_WALLED_IN) >= REMEMBERED:
            _WALLED_IN.clear()
        _WALLED_IN[key] = found
    return found


def stuck_tiles(state: GameState, player: int) -> list[int]:
    """``player``'s waiting tiles (reserve; the tile to place, if they decide now) that fit no spot on foot but would
    fit a walled-in spot with walls on every side it touches: a gate card would bring them in."""
    board = state.boards[player]
    spots = walled_in(board)
    if not spots:
        return []
    waiting = list(state.reserves[player])
    if state.decider == player:
        waiting += state.held
    found = []
    fit = board.fit
    for tile in waiting:
        walls = fit[tile]
        if walls & NO_BUILDING or TILE_TYPE[tile] is None:  # an outwork needs no gate; a hut counts in no majority
            continue
        for touching, need in spots:
            if walls & touching == need and not state.can_place(player, tile):
                found.append(tile)
                break
    return found


def option_worth(state: GameState, player: int, cards: int) -> float:
    """What ``cards`` gate cards held beyond those meant for stuck tiles are worth as options ([M-GATE-5])."""
    if cards <= 0:
        return 0.0
    spots = min(len(walled_in(state.boards[player])), SPOTS_COUNTED)
    first = (OPTION + PER_SPOT * spots) * young(state, 2)
    return first * (2.0 - 0.5 ** (cards - 1))  # each further card half the one before


def next_card_worth(state: GameState, player: int) -> float:
    """What one more gate card is worth to ``player`` in points, roughly: a stuck tile brought in, else an option."""
    part = gates.of(state)
    held = len(part.held[player]) if part is not None else 0
    stuck = len(stuck_tiles(state, player))
    if stuck > held:
        return 1.5 * young(state, 1) + 0.5  # a stuck tile's place in its majority (the outlook prices it exactly)
    spare = held - stuck
    return option_worth(state, player, spare + 1) - option_worth(state, player, spare)


# ---------------------------------------------------------------- the rollouts' prices
def price_take(pricer: object, action: TakeGate) -> float:
    """[M-GATE-4] the card's worth to me: a stuck tile's majority share, or an option on walled-in spots."""
    state = pricer.state  # type: ignore[attr-defined]
    me = pricer.me  # type: ignore[attr-defined]
    part = gates.of(state)
    held = len(part.held[me]) if part is not None else 0
    stuck = stuck_tiles(state, me)
    if len(stuck) > held:
        kind = TILE_TYPE[stuck[held]]
        return pricer.majority_gain(kind, STUCK_SHARE)  # type: ignore[attr-defined]
    return next_card_worth(state, me)


def price_place(pricer: object, action: GatedPlace) -> float:
    """[M-GATE-5] a placement like any (wall, neighbours, what the modules count there), less the cards used."""
    place = Place(action.tile, action.x, action.y)
    return pricer.place(place) - _cards_used(pricer, len(action.cards))  # type: ignore[attr-defined]


def price_from_reserve(pricer: object, action: GatedFromReserve) -> float:
    """[M-GATE-5] building a reserve tile through gates: as building it from the reserve, less the cards used."""
    move = FromReserve(action.tile, action.x, action.y)
    return pricer.build_from_reserve(move) - _cards_used(pricer, len(action.cards))  # type: ignore[attr-defined]


def _cards_used(pricer: object, count: int) -> float:
    state = pricer.state  # type: ignore[attr-defined]
    part = gates.of(state)
    held = len(part.held[pricer.me]) if part is not None else count  # type: ignore[attr-defined]
    return option_worth(state, pricer.me, held) - option_worth(state, pricer.me, held - count)  # type: ignore[attr-defined]


def _cards_for(part: gates.GatePart, player: int, count: int) -> tuple[int, ...]:
    return tuple(sorted(part.held[player])[:count])  # the cards are alike: the engine lists the lowest ids


class GatesAdvice(Advice):
    def count_extra(self, state: GameState, counts: Counts) -> None:
        """[M-GATE-5] a stuck tile counts more than a reserve tile while its owner holds a gate card for it."""
        part = gates.of(state)
        assert part is not None
        for player, held in enumerate(part.held):
            if held:
                for tile in stuck_tiles(state, player)[: len(held)]:
                    counts[player][TILE_TYPE[tile]] += STUCK_SHARE  # type: ignore[index]

    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-GATE-4] [M-GATE-5] spare gate cards as options; the card beside the market, a share to each player."""
        part = gates.of(state)
        assert part is not None
        players = state.players
        for player, held in enumerate(part.held):
            if held:
                spare = len(held) - min(len(held), len(stuck_tiles(state, player)))
                estimate[player] += option_worth(state, player, spare)
        if part.display != gates.NONE:
            for player in range(players):
                estimate[player] += next_card_worth(state, player) / players

    def prices(self) -> dict[type, Price]:
        return {TakeGate: price_take, GatedPlace: price_place, GatedFromReserve: price_from_reserve}

    def turn_moves(self, state: GameState) -> list[Action]:
        """Taking the card beside the market; building a reserve tile through gates (not swaps: rare and costly)."""
        part = gates.of(state)
        assert part is not None
        moves: list[Action] = [TakeGate(part.display)] if part.display != gates.NONE else []
        player = state.turn_player
        if part.held[player]:
            for tile in state.reserves[player]:
                for cell, sides in gated_placements(state, player, tile):
                    x, y = xy_of(cell)
                    moves.append(GatedFromReserve(tile, x, y, _cards_for(part, player, len(sides)), sides))
        return moves

    def placement_moves(self, state: GameState, tile: int) -> list[Action]:
        """[M-GATE-5] the placements of the waiting tile through gates (none without a gate card)."""
        part = gates.of(state)
        assert part is not None
        player = state.decider
        if not part.held[player]:
            return []
        moves: list[Action] = []
        for cell, sides in gated_placements(state, player, tile):
            x, y = xy_of(cell)
            moves.append(GatedPlace(tile, x, y, _cards_for(part, player, len(sides)), sides))
        return moves

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        signed = f"{gain:+.1f}"
        if isinstance(action, TakeGate):
            return _take_reason(state, action, me, signed)
        if isinstance(action, (GatedPlace, GatedFromReserve)):
            board = state.boards[me]
            after = board.placed(action.cell, action.tile).wall_length()
            return Message.of(
                "{move}: it touches my Alhambra only across a double wall; longest wall {before} -> {after} ({gain})",
                move=said_action(state, action),
                before=board.wall_length(),
                after=after,
                gain=signed,
            )
        if isinstance(action, GatedSwap):
            return Message.of(
                "{move}: only a gate keeps every tile reachable on foot after this swap ({gain})",
                move=said_action(state, action),
                gain=signed,
            )
        return None


def _take_reason(state: GameState, action: TakeGate, me: int, signed: str) -> Message:
    move = said_action(state, action)
    part = gates.of(state)
    held = len(part.held[me]) if part is not None else 0
    stuck = stuck_tiles(state, me)
    if len(stuck) > held:
        return Message.of(
            "{move}: {tile} fits my Alhambra only across a double wall, and a gate lets me build it ({gain})",
            move=move,
            tile=stuck[held],
            gain=signed,
        )
    for rival in range(state.players):
        if rival != me and len(stuck_tiles(state, rival)) > len(part.held[rival] if part is not None else ()):
            return Message.of(
                "{move}: a rival has a tile that only a gate would bring into their Alhambra ({gain})",
                move=move,
                gain=signed,
            )
    spots = len(walled_in(state.boards[me]))
    if spots:
        return Message.of(
            "{move}: empty cells of my Alhambra reachable only across a double wall: {count} ({gain})",
            move=move,
            count=spots,
            gain=signed,
        )
    return Message.of(
        "{move}: a gate for a tile that will touch only across a double wall is worth more than money now ({gain})",
        move=move,
        gain=signed,
    )
