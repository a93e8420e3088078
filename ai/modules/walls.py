"""City walls for the AI ([M-WALL-1] to [M-WALL-8]).

A wall card is worth what its walls add to the longest outer wall, counted again at every scoring still to come
([B-SCORE-4]), less what they cost in room to grow: a new wall faces an empty cell ([M-WALL-6]), and a cell that
every built neighbour shows a wall is reached by no tile on foot (a "walled-in" spot).  The evaluation sees the
walls built on tiles of the Alhambra at once (the board's wall length counts them, [M-WALL-7]); it adds

* for a walled tile not placed yet (waiting to be placed, or on the reserve: [M-WALL-4]), how much longer its
  walls make the longest wall where the tile would go best, against the same tile without them (a tile the walls
  leave with no spot on foot loses its place instead); a reserve tile counts half, as it waits for an action;
* a small cost per walled-in spot of every Alhambra, fading as the game runs out, so that of two walls of the
  same length the bot builds the one that leaves its future spots open.

The wall cards lie face up ([M-WALL-3]) and the walls on every tile are public: nothing here is hidden.  The
rollouts leave the wall cards alone (a build is rare and pricing every card on every tile would cost more than
it brings); the search orders the builds it meets by the same worth, so the tree tries the best first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.components import CARD_WALLS
from game.engine.extended import Extra, added_walls, with_walls
from game.engine.messages import Message
from game.engine.modules.walls import BuildWall

from .base import Advice, Price, young

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.board import Board

CUT = 0.3  # points a walled-in spot costs while every player may still buy a few tiles
UNPLACEABLE = 2.0  # walls of the length of the wall lost when they leave a tile no spot on foot
RESERVE_SHARE = 0.5  # a reserve tile's walls count this much: it waits for an action to be built
REMEMBERED = 20_000  # answers per board remembered before a memo starts afresh

_WALLED_IN: dict[object, int] = {}
_UNPLACED: dict[tuple[object, int], float] = {}


def _remember(memo: dict, key: object, value: object) -> None:
    if len(memo) >= REMEMBERED:
        memo.clear()
    memo[key] = value


def scorings_left(state: GameState) -> int:
    """Scorings still to come, the final one included (a scoring card is in the deck while its round is unscored)."""
    return 3 - state.rounds_scored


def walled_in(board: Board) -> int:
    """How many empty cells next to the Alhambra every built neighbour shows a wall: no tile reaches them on foot."""
    key = board.key()
    found = _WALLED_IN.get(key)
    if found is None:
        found = 0
        for spot in board.survey().spots:
            if spot.touching == spot.need_wall:
                found += 1
        _remember(_WALLED_IN, key, found)
    return found


def best_length(board: Board, tile: int) -> int | None:
    """The longest wall once ``tile`` (with the walls ``board`` knows on it) is built on its best spot on foot; None
    when it fits no spot."""
    walls = board.fit[tile]
    best = None
    for spot in board.survey().spots:
        if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
            length = board.placed(spot.cell, tile).wall_length()
            if best is None or length > best:
                best = length
    return best


def unplaced_gain(board: Board, tile: int) -> float:
    """How much longer the walls built on ``tile``, not in the Alhambra yet, make the longest wall once it is built
    where it goes best, against the tile without them ([M-WALL-4], [M-WALL-7]); -``UNPLACEABLE`` when they leave
    it no spot on foot where it had one."""
    key = (board.key(), tile)
    found = _UNPLACED.get(key)
    if found is None:
        extra = board.extra
        assert extra is not None
        bare = Extra(tuple(entry for entry in extra.walls if entry[0] != tile), extra.passages)
        without = best_length(board.with_extra(bare), tile)
        walled = best_length(board, tile)
        if without is None:
            found = 0.0  # it fits nowhere anyway: the walls decide nothing yet
        elif walled is None:
            found = -UNPLACEABLE
        else:
            found = float(walled - without)
        _remember(_UNPLACED, key, found)
    return found


def build_worth(state: GameState, player: int, card: int, tile: int) -> float:
    """What building ``card``'s walls on ``tile`` is worth to ``player`` in points, as the evaluation counts it."""
    board = state.boards[player]
    after = board.with_extra(with_walls(board.extra, tile, CARD_WALLS[card]))
    scorings = scorings_left(state)
    if board.cell_of(tile) is not None:
        cut = CUT * young(state, 2) * (walled_in(after) - walled_in(board))
        return (after.wall_length() - board.wall_length()) * scorings - cut
    share = 1.0 if tile in state.held else RESERVE_SHARE
    before = unplaced_gain(board, tile) if added_walls(board.extra, tile) else 0.0
    return (unplaced_gain(after, tile) - before) * scorings * share


def price_build(pricer: object, action: BuildWall) -> float:
    """[M-WALL-4] the wall's worth (only the search's ordering asks: the rollouts build no walls)."""
    return build_worth(pricer.state, pricer.me, action.card, action.tile)  # type: ignore[attr-defined]


class WallsAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-WALL-4] [M-WALL-7] the walls on tiles not placed yet; the walled-in spots of every Alhambra."""
        scorings = scorings_left(state)
        cut = CUT * young(state, 2)
        for player in range(state.players):
            board = state.boards[player]
            if cut:
                estimate[player] -= cut * walled_in(board)
            extra = board.extra
            if extra is None or not extra.walls:
                continue
            for tile in state.reserves[player]:
                if added_walls(extra, tile):
                    estimate[player] += unplaced_gain(board, tile) * scorings * RESERVE_SHARE
            if state.decider == player:
                for tile in state.held:
                    if added_walls(extra, tile):
                        estimate[player] += unplaced_gain(board, tile) * scorings

    def prices(self) -> dict[type, Price]:
        return {BuildWall: price_build}

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if not isinstance(action, BuildWall):
            return None
        move = said_action(state, action)
        signed = f"{gain:+.1f}"
        board = state.boards[me]
        after = board.with_extra(with_walls(board.extra, action.tile, CARD_WALLS[action.card]))
        if board.cell_of(action.tile) is not None:
            return Message.of(
                "{move}: longest wall {before} -> {after} at each scoring to come ({gain})",
                move=move,
                before=board.wall_length(),
                after=after.wall_length(),
                gain=signed,
            )
        longer = round(unplaced_gain(after, action.tile))
        if longer > 0:
            return Message.of(
                "{move}: where {tile} goes, my longest wall will be {length} longer ({gain})",
                move=move,
                tile=action.tile,
                length=longer,
                gain=signed,
            )
        return Message.of("{move}: worth more than any other action now ({gain})", move=move, gain=signed)
