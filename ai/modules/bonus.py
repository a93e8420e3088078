"""Bonus cards for the AI ([M-BONUS-1] to [M-BONUS-3]).

A bonus card counts one more building of its type at every scoring while its tile (that type and
cost) is in the holder's Alhambra: every eligible card is revealed automatically right before a
scoring ([M-BONUS-3]), so the evaluation counts a card as soon as it is eligible, revealed or
not.  Bots never reveal a card early: ``RevealBonus`` is an optional move (not in
``legal_actions``) that changes nothing of the play.  For the player's rivals the evaluation
reads the cards of the state it is given: in a search those are dealt afresh for every
determinization ([D-HIDDEN-1]), so it sees a fair sample, never the real cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.alhambra import GridMemo
from game.engine.components import BONUS_TILE, TILE_COST, TILE_TYPE
from game.engine.modules import bonus

from .base import Advice, Counts

if TYPE_CHECKING:
    from game.engine import GameState


def _built(grid: dict[int, int]) -> frozenset[tuple[int | None, int | None]]:
    """The (type, cost) of every tile of an Alhambra: a bonus card is eligible when its pair is among them."""
    return frozenset((TILE_TYPE[tile], TILE_COST[tile]) for tile in grid.values())


built = GridMemo(_built)


def counted_cards(state: GameState, player: int) -> list[int]:
    """[M-BONUS-2] the cards of ``player`` a scoring now would count: revealed, or eligible (revealed then)."""
    part = bonus.of(state)
    assert part is not None
    cards = part.cards[player]
    if not cards:
        return []
    have = built.lookup(state.boards[player].key(), state.boards[player].grid)
    return [card for card in cards if card in part.shown or BONUS_TILE[card] in have]


COUNTED_REMEMBERED = 20_000  # (Alhambra, cards) answers of ``_counted_kinds`` kept before the memo starts afresh
_COUNTED: dict[tuple[frozenset[tuple[int, int]], tuple[int, ...]], tuple[int, ...]] = {}


def _counted_kinds(state: GameState, player: int, cards: list[int]) -> tuple[int, ...]:
    """The types of ``player``'s eligible cards, remembered by Alhambra and cards.

    A revealed card is always eligible (it turns face down when its tile leaves: [M-BONUS-3]), so
    eligibility alone says what a scoring counts.
    """
    key = (state.boards[player].key(), tuple(cards))
    found = _COUNTED.get(key)
    if found is None:
        if len(_COUNTED) >= COUNTED_REMEMBERED:
            _COUNTED.clear()
        have = built.lookup(key[0], state.boards[player].grid)
        found = _COUNTED[key] = tuple(BONUS_TILE[card][0] for card in cards if BONUS_TILE[card] in have)  # type: ignore[index]
    return found


class BonusAdvice(Advice):
    def count_extra(self, state: GameState, counts: Counts) -> None:
        """[M-BONUS-2] [M-BONUS-3] each counted card is one more building, as is a card whose tile waits."""
        part = bonus.of(state)
        assert part is not None
        for player, cards in enumerate(part.cards):
            if cards:
                for kind in _counted_kinds(state, player, cards):
                    counts[player][kind] += 1
        decider = state.decider
        if state.held and decider >= 0:
            have = built.lookup(state.boards[decider].key(), state.boards[decider].grid)
            waiting = {(TILE_TYPE[tile], TILE_COST[tile]) for tile in state.held if state.can_place(decider, tile)}
            for card in part.cards[decider]:
                pair = BONUS_TILE[card]
                if pair in waiting and pair not in have and card not in part.shown:
                    counts[decider][pair[0]] += 1  # type: ignore[index]

    def tile_extra(self, state: GameState, player: int, tile: int) -> float:
        """Building the tile of a card ``player`` holds and cannot count yet counts one more."""
        part = bonus.of(state)
        assert part is not None
        cards = part.cards[player]
        if not cards:
            return 0.0
        pair = (TILE_TYPE[tile], TILE_COST[tile])
        found = 0.0
        for card in cards:
            if BONUS_TILE[card] == pair and card not in part.shown:
                found += 1.0
        if found and pair in built.lookup(state.boards[player].key(), state.boards[player].grid):
            return 0.0  # counted already
        return found
