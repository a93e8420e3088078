"""RULES.md §6: majorities with ties ([B-SCORE-2], [B-SCORE-3]), walls in the scoring ([B-SCORE-4])
and the three scorings ([B-SCORE-1])."""

from __future__ import annotations

import pytest

from game.engine import Take
from game.engine.components import BUILDING_TYPES, SCORE_POINTS, SCORING_CARDS
from game.engine.scoring import majority_points, rank_points

from .helpers import (
    events_named,
    new_state,
    play_random_game,
    set_grid,
    set_reserve,
    stack_deck,
    tile_with,
    tiles_of_type,
    tiles_with,
)

PAVILION, SERAGLIO, TOWER = 0, 1, 5


def table(round_number: int, kind: int) -> tuple[int, ...]:
    return SCORE_POINTS[round_number - 1][kind]


# ---------------------------------------------------------------- the examples of RULES.md [B-SCORE-3]
def test_example_two_tie_for_most_towers_in_second_scoring_b_score_3():
    """[B-SCORE-3] example 1: 2nd scoring, two players tie for most towers: (13 + 6) / 2 = 9 each."""
    assert rank_points([4, 4], table(2, TOWER)) == [9, 9]
    counts = [[0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 0, 1]]
    points = majority_points(2, counts)
    assert [p[TOWER] for p in points] == [9, 9, 0]  # the third player takes rank 3, which pays nothing in round 2


def test_example_three_tie_for_first_pavilions_in_third_scoring_b_score_3():
    """[B-SCORE-3] example 2: 3rd scoring, three players tie for first pavilions: (16 + 8 + 1) / 3 = 8 each."""
    assert rank_points([2, 2, 2], table(3, PAVILION)) == [8, 8, 8]
    points = majority_points(3, [[2, 0, 0, 0, 0, 0]] * 3 + [[1, 0, 0, 0, 0, 0]])
    assert [p[PAVILION] for p in points] == [8, 8, 8, 0]


def test_example_sole_first_and_three_tied_second_seraglios_b_score_3():
    """[B-SCORE-3] example 3: 3rd scoring, a sole first seraglio (17) and three tied second: (9 + 2) / 3 = 3 each."""
    assert rank_points([5, 3, 3, 3], table(3, SERAGLIO)) == [17, 3, 3, 3]
    points = majority_points(3, [[0, 5, 0, 0, 0, 0]] + [[0, 3, 0, 0, 0, 0]] * 3)
    assert [p[SERAGLIO] for p in points] == [17, 3, 3, 3]


# ---------------------------------------------------------------- more ties and ranks
@pytest.mark.parametrize(
    ("round_number", "kind", "counts", "expected"),
    [
        (3, TOWER, [5, 5, 3], [17, 17, 6]),  # (21 + 13) / 2, the next player takes the next free rank (3rd)
        (2, TOWER, [4, 2, 2], [13, 3, 3]),  # tie for 2nd in round 2: (6 + 0) / 2
        (2, TOWER, [1, 1, 1], [6, 6, 6]),  # (13 + 6 + 0) / 3 = 6.33, rounded down
        (1, TOWER, [3, 3], [3, 3]),  # round 1 pays the first rank only: (6 + 0) / 2
        (1, TOWER, [3, 2], [6, 0]),
        (3, PAVILION, [5, 4, 3, 2], [16, 8, 1, 0]),  # a fourth rank pays nothing
        (3, PAVILION, [0, 0, 0], [0, 0, 0]),  # nobody has one: nobody scores
        (3, PAVILION, [0, 1, 0], [0, 16, 0]),  # one tile is enough for first place
        (3, SERAGLIO, [1, 0, 2, 0], [9, 0, 17, 0]),  # a player without the type never takes a rank
    ],
)
def test_rank_points_b_score_2_b_score_3(round_number, kind, counts, expected):
    """[B-SCORE-2] [B-SCORE-3] ranks by count, a tile needed to score, tied players share the ranks they occupy."""
    assert rank_points(counts, table(round_number, kind)) == expected


def test_majority_points_scores_every_type_separately_b_score_2():
    """[B-SCORE-2] each of the six types is ranked on its own with its own row of the table."""
    counts = [[1, 0, 2, 0, 3, 0], [0, 1, 1, 0, 3, 1]]
    assert majority_points(1, counts) == [[1, 0, 3, 0, 2, 0], [0, 2, 0, 0, 2, 6]]
    assert majority_points(2, counts) == [[8, 0, 10, 0, 8, 0], [0, 9, 3, 0, 8, 13]]


# ---------------------------------------------------------------- scorings in a game
@pytest.fixture
def scored_table():
    """Three Alhambras: P0 two towers; P1 one tower with a north wall (and three towers on the reserve,
    which never count); P2 a pavilion with a north wall.  The current player is about to take a card."""
    state = new_state(3, 23)
    order = [(state.turn_player + k) % 3 for k in range(3)]
    a, b, c = order
    plain = tiles_with("", "tower")
    towers = set_grid(state, a, {(1, 0): plain[0], (2, 0): plain[1]})
    walled_tower = tile_with("N", "tower")
    set_grid(state, b, {(1, 0): walled_tower})
    spare_towers = [t for t in tiles_of_type("tower") if t not in towers.values() and t != walled_tower][:3]
    set_reserve(state, b, spare_towers)
    set_grid(state, c, {(1, 0): tile_with("N", "pavilion")})
    state.log.clear()
    return state, a, b, c


def awards(event):
    return sorted((p["player"], p["what"], p["points"]) for p in event["points"])


def test_first_scoring_in_a_game_b_score_1_b_score_2_b_score_4(scored_table):
    """[B-SCORE-1] [B-SCORE-2] [B-SCORE-4] the first scoring card: the sole tower leader gets 6, the sole
    pavilion owner 1, walls 1 each; the reserve's towers do not count; points are added at once."""
    state, a, b, c = scored_table
    assert state.boards[b].type_counts()[TOWER] == 1
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    (score,) = events_named(state.log, "score")
    assert score["round"] == 1
    assert awards(score) == sorted([(a, "tower", 6), (c, "pavilion", 1), (b, "wall", 1), (c, "wall", 1)])
    expected = [0, 0, 0]
    expected[a], expected[b], expected[c] = 6, 1, 2
    assert score["totals"] == expected == state.scores
    assert state.rounds_scored == 1


def test_two_scoring_cards_in_one_refill_b_score_1_b_fill_3(scored_table):
    """[B-SCORE-1] [B-FILL-3] both scoring cards drawn in one refill: both scorings follow the turn,
    in order, each adding its points (round 2: towers 13 / 6, pavilion 8, walls again)."""
    state, a, b, c = scored_table
    stack_deck(state, [SCORING_CARDS[0], SCORING_CARDS[1]])
    state.apply(Take((state.offer[0],)))
    first, second = events_named(state.log, "score")
    assert (first["round"], second["round"]) == (1, 2)
    assert awards(second) == sorted(
        [(a, "tower", 13), (b, "tower", 6), (c, "pavilion", 8), (b, "wall", 1), (c, "wall", 1)]
    )
    expected = [0, 0, 0]
    expected[a], expected[b], expected[c] = 6 + 13, 1 + 6 + 1, 2 + 9
    assert second["totals"] == expected == state.scores
    assert len(state.offer) == 4


@pytest.mark.parametrize("players", range(2, 7))
def test_three_scorings_per_game_add_up_b_score_1(players):
    """[B-SCORE-1] a whole game has scorings 1, 2, 3 in that order; each total is the previous total
    plus that scoring's points, and the last totals are the final scores."""
    for seed in range(3):
        game = play_random_game(players, 100 + seed)
        scores = events_named(game.events, "score")
        assert [s["round"] for s in scores] == [1, 2, 3]
        totals = [0] * players
        for s in scores:
            for award in s["points"]:
                assert award["what"] in (*BUILDING_TYPES, "wall")
                if award["player"] != "dirk":
                    totals[award["player"]] += award["points"]
            assert s["totals"] == totals
        assert game.state.scores == totals
