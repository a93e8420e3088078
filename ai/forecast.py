"""What the evaluation foresees of the game's course, in functions that know no rule module.

The tiles still to come and how many each player may add before each scoring, the expected points of a majority
over the scorings to come, the strongest rival: the evaluation (``evaluation.py``) and the modules' advice
(``ai/modules/``) both ask them, and a module's advice may not import the evaluation, which imports every module's
advice (no import cycle, not even a deferred one).  The players' share of the tiles still to come is the compiled
advice's (``advice_for``), which records it here for each ruleset it compiles (``PLAYERS_SHARE``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.components import EMPTY, scoring_round_of

if TYPE_CHECKING:
    from game.engine import GameState
    from game.engine.ruleset import Ruleset

TILES_PER_DECK_CARD = 0.55  # measured over greedy games: tiles bought per money card drawn
Terms = tuple[tuple[tuple[int, ...], float, float], ...]  # per scoring: (rank points, gap scale, arrival)
# the players' share of the tiles still to come, per ruleset: written by ``ai.modules.advice_for`` as it compiles
PLAYERS_SHARE: dict[Ruleset, float] = {}


def tiles_left(state: GameState) -> int:
    """Building tiles still to come to the players: bag and market."""
    return len(state.bag) + len(state.market) - state.market.count(EMPTY)


def horizon(state: GameState, players_share: float) -> dict[int, float]:
    """Scoring rounds still to come -> how many tiles each player may still add before it, the players getting
    ``players_share`` of the tiles still to come (the rest goes to collectors who are no seat: Dirk)."""
    left = tiles_left(state)
    players = state.players
    ahead: dict[int, float] = {}
    drawn, scored = state.drawn, state.rounds_scored
    for card, first, after in state.windows:
        round_number = scoring_round_of(card)
        if round_number > scored:  # still in the deck (see ``scoring_card_in_deck``)
            middle = (max(first, drawn) + after - 1) / 2 - drawn
            ahead[round_number] = min(left, middle * TILES_PER_DECK_CARD) / players
    ahead[3] = left * players_share / players  # Dirk takes a share ([B-DIRK-2])
    return ahead


def tiles_before_scoring(state: GameState) -> dict[int, float]:
    """``horizon`` with the players' share of the compiled advice for ``state``'s rules (compiled before any
    evaluation or rollout asks)."""
    return horizon(state, PLAYERS_SHARE[state.rules])


def type_points(terms: Terms, column: tuple[float, ...]) -> tuple[float, ...]:
    """Each player's expected points of one majority over the scorings ``terms`` (rank points, the scale of a
    pairwise gap, the chance to arrive), for the counts ``column``: the ranking ties and all ([B-SCORE-3])."""
    n = len(column)
    expected = [0.0] * n
    erf = math.erf
    pairs = [(i, j, column[i] - column[j]) for i in range(n - 1) for j in range(i + 1, n)]  # the same for every scoring
    for points, gap_scale, arrival in terms:
        ahead = [0.0] * n  # expected number of rivals ahead, a tie counting half
        for i, j, gap in pairs:
            if gap_scale and gap:
                behind = 0.5 * erf(gap * gap_scale)
                ahead[i] += 0.5 - behind
                ahead[j] += 0.5 + behind
            elif gap < 0:
                ahead[i] += 1.0
            elif gap > 0:
                ahead[j] += 1.0
            else:
                ahead[i] += 0.5
                ahead[j] += 0.5
        top = len(points)
        for i in range(n):
            mine = column[i]
            if mine <= 0 and arrival <= 0:
                continue
            rank = int(ahead[i])
            if rank >= top:
                continue
            low = points[rank]
            high = points[rank + 1] if rank + 1 < top else 0
            value = low + (high - low) * (ahead[i] - rank)
            expected[i] += value if mine >= 1 else value * arrival
    return tuple(expected)


def strongest_rival(scores: Sequence[float], me: int) -> int:
    """The rival with the highest score (the first of them on a tie)."""
    rival = -1
    for player, score in enumerate(scores):
        if player != me and (rival < 0 or score > scores[rival]):
            rival = player
    return rival
