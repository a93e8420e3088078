"""RULES.md §1: the components of the base game, as the engine reads them from its CSV files."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Buy, FromReserve, GameState, deal
from game.engine.alhambra import ORIGIN
from game.engine.components import (
    ALL_MONEY,
    BUILDING_COUNT,
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    MARKET_CURRENCY,
    SCORE_POINTS,
    SCORING_CARDS,
    START_TILE_BASE,
    TILE_COST,
    TILE_TYPE,
    TILE_WALLS,
    TWO_PLAYER_MONEY,
    E,
    N,
    S,
    W,
    describe_tile,
    is_scoring_card,
    is_start_tile,
    scoring_round_of,
    walls_from_text,
    walls_to_text,
)
from game.engine.record import card_entries, tile_entries

from .helpers import assert_illegal, new_state, set_hand, set_reserve, tiles_with


def test_start_tiles_have_no_walls_and_no_type_b_comp_1():
    """[B-COMP-1] six start tiles (one per seat): no walls, no building type, never a building."""
    starts = [START_TILE_BASE + p for p in range(6)]
    assert starts == list(range(54, 60))
    for tile in starts:
        assert is_start_tile(tile)
        assert TILE_WALLS[tile] == 0
        assert TILE_TYPE[tile] == -1
        assert describe_tile(tile) == "Lion Fountain"
    assert not any(is_start_tile(t) for t in range(BUILDING_COUNT))


def test_each_seat_starts_with_its_own_start_tile_b_comp_1_b_setup_1():
    """[B-COMP-1] [B-SETUP-1] seat p's Alhambra is exactly its own start tile at the origin; scores start at 0."""
    for players in range(2, 7):
        state = GameState.start(deal(players, 3), 3)
        assert state.grids == [{ORIGIN: START_TILE_BASE + p} for p in range(players)]
        assert state.scores == [0] * players
        assert state.reserves == [[] for _ in range(players)]
        # a start tile counts for no majority
        assert state.type_counts(0) == [0] * 6


def test_building_counts_per_type_b_comp_2():
    """[B-COMP-2] 54 buildings: 7 pavilions, 7 seraglios, 9 arcades, 9 chambers, 11 gardens, 11 towers."""
    assert BUILDING_COUNT == 54
    assert BUILDING_TYPES == ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
    counts = Counter(BUILDING_TYPES[TILE_TYPE[t]] for t in range(BUILDING_COUNT))
    assert counts == {"pavilion": 7, "seraglio": 7, "arcades": 9, "chambers": 9, "garden": 11, "tower": 11}


@pytest.mark.parametrize(
    ("kind", "low", "high"),
    [
        ("pavilion", 2, 8),
        ("seraglio", 3, 9),
        ("arcades", 4, 10),
        ("chambers", 5, 11),
        ("garden", 6, 12),
        ("tower", 7, 13),
    ],
)
def test_cost_ranges_per_type_b_comp_2(kind, low, high):
    """[B-COMP-2] the cost range of each type is the one in the table (cheapest and dearest tile)."""
    costs = [TILE_COST[t] for t in range(BUILDING_COUNT) if BUILDING_TYPES[TILE_TYPE[t]] == kind]
    assert min(costs) == low
    assert max(costs) == high


def test_wall_counts_b_comp_2():
    """[B-COMP-2] 10/16/20/8 tiles with 0/1/2/3 walls, no tile with 4, and 20 walls on each side."""
    by_count = Counter(bin(TILE_WALLS[t]).count("1") for t in range(BUILDING_COUNT))
    assert by_count == {0: 10, 1: 16, 2: 20, 3: 8}
    for side in (N, E, S, W):
        assert sum(1 for t in range(BUILDING_COUNT) if TILE_WALLS[t] & side) == 20
    assert len(tiles_with("")) == 10


def test_wall_letters_round_trip_b_comp_2():
    """[B-COMP-2] wall sides as NESW letters (the record's form) convert both ways; bad letters are refused."""
    for mask in range(16):
        assert walls_from_text(walls_to_text(mask)) == mask
    assert walls_to_text(N | W) == "NW"
    for bad in ("X", "NN", "n"):
        with pytest.raises(ValueError):
            walls_from_text(bad)


def test_record_tile_entries_list_every_tile_once_b_comp_1_b_comp_2():
    """[B-COMP-1] [B-COMP-2] the record's tile list: one start tile per player and the 54 buildings, ids unique."""
    for players in (2, 6):
        entries = tile_entries(players)
        assert len(entries) == players + 54
        assert len({e["id"] for e in entries}) == len(entries)
        assert sum(e["kind"] == "start" for e in entries) == players
        for e in entries:
            if e["kind"] == "building":
                t = e["id"]
                assert (e["type"], e["cost"], walls_from_text(e["walls"])) == (
                    BUILDING_TYPES[TILE_TYPE[t]],
                    TILE_COST[t],
                    TILE_WALLS[t],
                )


def test_money_cards_b_comp_3():
    """[B-COMP-3] 108 money cards: four currencies, values 1-9, three copies each."""
    assert len(ALL_MONEY) == 108
    assert CURRENCIES == ("florin", "dirham", "denar", "ducat")
    kinds = Counter((CARD_CURRENCY[c], CARD_VALUE[c]) for c in ALL_MONEY)
    assert set(kinds) == {(cur, v) for cur in range(4) for v in range(1, 10)}
    assert set(kinds.values()) == {3}
    assert sum(CARD_VALUE[c] for c in ALL_MONEY) == 4 * 3 * 45


def test_two_player_money_b_comp_3_b_dirk_1():
    """[B-COMP-3] [B-DIRK-1] with two players one copy of each card is removed: 72 cards, two of each kind."""
    assert len(TWO_PLAYER_MONEY) == 72
    kinds = Counter((CARD_CURRENCY[c], CARD_VALUE[c]) for c in TWO_PLAYER_MONEY)
    assert len(kinds) == 36
    assert set(kinds.values()) == {2}
    assert len(card_entries(2)) == 72 + 2
    assert len(card_entries(3)) == 108 + 2


def test_scoring_cards_b_comp_4():
    """[B-COMP-4] two scoring cards (first and second scoring), not money, in every deck exactly once."""
    assert len(SCORING_CARDS) == 2
    assert [scoring_round_of(c) for c in SCORING_CARDS] == [1, 2]
    assert all(is_scoring_card(c) for c in SCORING_CARDS)
    assert not any(is_scoring_card(c) for c in ALL_MONEY)
    for players in range(2, 7):
        dealt = deal(players, players)
        for c in SCORING_CARDS:
            assert dealt.deck.count(c) == 1
            assert all(c not in hand for hand in dealt.hands)
            assert c not in dealt.offer
    scoring_entries = [e for e in card_entries(4) if e["kind"] == "scoring"]
    assert sorted(e["round"] for e in scoring_entries) == [1, 2]


def test_market_slots_are_bound_to_currencies_b_comp_5():
    """[B-COMP-5] slot 1 florin, 2 dirham, 3 denar, 4 ducat; there are exactly four slots."""
    assert [CURRENCIES[c] for c in MARKET_CURRENCY] == ["florin", "dirham", "denar", "ducat"]
    state = new_state(3, 5)
    assert len(state.market) == 4
    hand = state.hands[state.decider]
    for slot in (0, 5, -1):
        assert_illegal(state, Buy(slot, (hand[0],)), "B-COMP-5")


def test_reserve_holds_any_number_of_tiles_b_comp_5():
    """[B-COMP-5] a reserve board holds any number of tiles: 20 on one reserve, all offered for redesign."""
    state = new_state(3, 5)
    player = state.decider
    tiles = [t for t in state.bag][:20]
    set_reserve(state, player, tiles)
    set_hand(state, player, [])
    assert len(state.reserves[player]) == 20
    from_reserve = {a.tile for a in state.legal_actions() if isinstance(a, FromReserve)}
    # every building has an open side, so each can be built next to the lone start tile
    assert from_reserve == set(tiles)


def test_scoring_table_b_score_2():
    """[B-SCORE-2] the points per rank of the three scorings are exactly RULES.md's table."""
    first = [1, 2, 3, 4, 5, 6]
    expected = (
        tuple((p, 0, 0) for p in first),
        tuple((p + 7, p, 0) for p in first),
        tuple((p + 15, p + 7, p) for p in first),
    )
    assert expected[2][5] == (21, 13, 6)
    assert expected == SCORE_POINTS
