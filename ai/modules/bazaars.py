"""Bazaars for the AI ([M-BAZAAR-1] to [M-BAZAAR-6]).

A bazaar is no building: it counts in no majority and scores once, at the third scoring, its
neighbours of its three colours times the colours among them ([M-BAZAAR-5]).  The evaluation counts
each player's bazaars as they score now, and some of the room around them that buildings may still
fill while tiles remain; the rollouts price a bazaar to buy (waiting beside the market, at the cost of
the tile in its currency's slot, paid exactly, with the extra action: [M-BAZAAR-3]) by its best cell,
and any placement by what it adds to the bazaars around it.  A bazaar is never distributed at the end
([M-BAZAAR-6]): nothing to count there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.alhambra import GridMemo, cell_at
from game.engine.components import CARD_VALUE, is_bazaar
from game.engine.messages import Message
from game.engine.modules import bazaars
from game.engine.modules.bazaars import AROUND, BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar

from .base import Advice, Price, young
from .exchange import card_worth as exchange_card_worth
from .vizier import awake_worth

if TYPE_CHECKING:
    from game.engine import Action, GameState

ROOM_WORTH = 0.6  # points per empty neighbour of a bazaar while each player may still place several tiles
ROOM_TURNS = 6  # purchases each player must have left for the room to count in full (``young``)


# per Alhambra: what its bazaars score at the third scoring as it stands, and their empty neighbours
def _standing(grid: dict[int, int]) -> tuple[int, int]:
    points = room = 0
    for cell, tile in grid.items():
        if is_bazaar(tile):
            points += bazaars.bazaar_points(grid, cell, tile)
            room += sum(1 for step in AROUND if cell + step not in grid)
    return points, room


standing = GridMemo(_standing)


def _bazaar_cells(grid: dict[int, int]) -> tuple[int, ...]:
    return tuple(cell for cell, tile in grid.items() if is_bazaar(tile))


bazaar_cells = GridMemo(_bazaar_cells)


def added_points(grid: dict[int, int], tile: int, cell: int) -> int:
    """What ``tile`` on ``cell`` adds to the Alhambra's bazaar points: its own if it is a bazaar, and what it adds
    to the bazaars among its eight neighbours (a building of their colours)."""
    trial = dict(grid)
    trial[cell] = tile
    found = bazaars.bazaar_points(trial, cell, tile) if is_bazaar(tile) else 0
    for step in AROUND:
        near = cell + step
        other = grid.get(near)
        if other is not None and is_bazaar(other):
            found += bazaars.bazaar_points(trial, near, other) - bazaars.bazaar_points(grid, near, other)
    return found


BEST_REMEMBERED = 20_000
_BEST: dict[tuple[frozenset[tuple[int, int]], int], float] = {}


def best_bazaar_cell(state: GameState, player: int, tile: int) -> float:
    """The most bazaar ``tile`` scores on a cell of ``player``'s Alhambra now, with a share of its empty neighbours
    (not counting the growth factor; -1 where it fits nowhere).  Remembered by Alhambra and bazaar."""
    key = (state.boards[player].key(), tile)
    found = _BEST.get(key)
    if found is None:
        grid = state.boards[player].grid
        found = -1.0
        for x, y in state.legal_cells(player, tile):
            cell = cell_at(x, y)
            room = sum(1 for step in AROUND if cell + step not in grid)
            found = max(found, added_points(grid, tile, cell) + ROOM_WORTH * room)
        if len(_BEST) >= BEST_REMEMBERED:
            _BEST.clear()
        _BEST[key] = found
    return found


def price_buy(pricer: object, action: BuyBazaar) -> float:
    """[M-BAZAAR-3] an exact purchase: the bazaar's worth, the money, the extra action."""
    return pricer.purchase(action.tile, sum(map(CARD_VALUE.__getitem__, action.paid)), True)  # type: ignore[attr-defined]


def price_exchange_buy(pricer: object, action: ExchangeBuyBazaar) -> float:
    """[M-EXCH-3] as ``price_buy``, less the exchange card it spends."""
    state = pricer.state  # type: ignore[attr-defined]
    return price_buy(pricer, action) - exchange_card_worth(state)  # type: ignore[arg-type]


def price_vizier_buy(pricer: object, action: VizierBuyBazaar) -> float:
    """[M-VIZIER-2] a vizier's purchase of a bazaar: no extra action, and the vizier's option used up."""
    state = pricer.state  # type: ignore[attr-defined]
    price = pricer.purchase(action.tile, sum(map(CARD_VALUE.__getitem__, action.paid)), False)  # type: ignore[attr-defined]
    price -= awake_worth(state)
    if action.exchange:
        price -= exchange_card_worth(state)
    return price


def turn_moves(state: GameState) -> list[Action]:
    """[M-BAZAAR-3] the bazaars the turn player can pay exactly now (the engine's list: a handful at most)."""
    return [
        ExchangeBuyBazaar(tile, paid, card[0]) if card else BuyBazaar(tile, paid)
        for tile, paid, card in bazaars.payments(state, state.turn_player)
    ]


class BazaarsAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-BAZAAR-5] each player's bazaars as they would score now, and the room around them while tiles come."""
        growth = young(state, ROOM_TURNS)
        for player in range(state.players):
            key = state.boards[player].key()
            if not bazaar_cells.lookup(key, state.boards[player].grid):
                continue
            points, room = standing.lookup(key, state.boards[player].grid)
            estimate[player] += points + ROOM_WORTH * room * growth
        decider = state.decider
        for tile in state.held:  # a bazaar waiting to be placed: what its best cell will give
            if is_bazaar(tile) and decider >= 0:
                estimate[decider] += max(0.0, best_bazaar_cell(state, decider, tile) * growth)

    def tile_worth(self, state: GameState, player: int, tile: int) -> float | None:
        if not is_bazaar(tile):
            return None
        return max(0.0, best_bazaar_cell(state, player, tile)) * young(state, ROOM_TURNS)

    def cell_points(self, state: GameState, player: int, tile: int, cell: int) -> float:
        """[M-BAZAAR-5] what ``tile`` on ``cell`` adds to the bazaars there (and a bazaar's own points)."""
        grid = state.boards[player].grid
        if not is_bazaar(tile) and not bazaar_cells.lookup(state.boards[player].key(), grid):
            return 0.0
        return float(added_points(grid, tile, cell))

    def prices(self) -> dict[type, Price]:
        return {BuyBazaar: price_buy, ExchangeBuyBazaar: price_exchange_buy, VizierBuyBazaar: price_vizier_buy}

    def turn_moves(self, state: GameState) -> list[Action]:
        return turn_moves(state)

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if not isinstance(action, BuyBazaar | ExchangeBuyBazaar | VizierBuyBazaar):
            return None
        if isinstance(action, VizierBuyBazaar):  # [M-VIZIER-3] a vizier's purchase gives no extra action
            return Message.of(
                "{move}: the {tile} scores its neighbours of its colours at the last scoring, "
                "bought before my turn without spending an action ({gain})",
                move=said_action(state, action),
                tile=action.tile,
                gain=f"{gain:+.1f}",
            )
        return Message.of(
            "{move}: the {tile} scores its neighbours of its colours at the last scoring, "
            "and an exact payment gives another action ({gain})",
            move=said_action(state, action),
            tile=action.tile,
            gain=f"{gain:+.1f}",
        )
