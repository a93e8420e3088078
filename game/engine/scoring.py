"""Majority scoring with ties ([B-SCORE-2], [B-SCORE-3]).

Kept apart from the turn logic because the AI evaluates hypothetical scorings constantly: it
calls ``majority_points`` on projected counts without touching a game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .components import BUILDING_TYPES, SCORE_POINTS


def rank_points(counts: Sequence[int], points_by_rank: Sequence[int]) -> list[int]:
    """Points each collector earns for one building type.

    ``counts[i]`` is how many tiles of the type collector i has; a collector needs at least one
    to score.  Tied collectors add up the points of the ranks they occupy and share them equally,
    rounded down; the next collector after a tie takes the next free rank.
    """
    return list(_rank_points(tuple(counts), tuple(points_by_rank)))


@lru_cache(maxsize=4096)
def _rank_points(counts: tuple[int, ...], points_by_rank: tuple[int, ...]) -> tuple[int, ...]:
    """Remembered: simulated games score the same few count columns over and over."""
    earned = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c > 0), reverse=True)
    rank = 0
    for count in ranked:
        if rank >= len(points_by_rank):
            break
        tied = [i for i, c in enumerate(counts) if c == count]
        share = sum(points_by_rank[rank : rank + len(tied)]) // len(tied)
        for i in tied:
            earned[i] = share
        rank += len(tied)
    return tuple(earned)


def majority_points(round_number: int, counts_by_collector: Sequence[Sequence[int]]) -> list[list[int]]:
    """Points per collector and building type for scoring round 1, 2 or 3.

    ``counts_by_collector[i][t]`` is collector i's number of buildings of type t.
    """
    table = SCORE_POINTS[round_number - 1]
    result = [[0] * len(BUILDING_TYPES) for _ in counts_by_collector]
    for t in range(len(BUILDING_TYPES)):
        column = _rank_points(tuple([counts[t] for counts in counts_by_collector]), tuple(table[t]))
        for i, points in enumerate(column):
            result[i][t] = points
    return result
