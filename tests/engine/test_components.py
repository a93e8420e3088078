"""RULES.md §1: the components of the base game, as the engine reads them from its CSV files.

Every tile and card id has exactly one kind ([B-COMP-1] to [B-COMP-4]); a property the kind does
not have is None, and no module outside components.py tells kinds apart by where an id lies.
"""

from __future__ import annotations

import ast
import csv
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from game.engine import Buy, FromReserve, GameState, deal
from game.engine.alhambra import ORIGIN
from game.engine.components import (
    ALL_MONEY,
    BASTION,
    BAZAAR,
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    BONUS,
    BONUS_CARDS,
    BONUS_TILE,
    BUILDING,
    BUILDING_COUNT,
    BUILDING_TYPES,
    BUILDINGS,
    CAMP,
    CAMP_ARROWS,
    CAMPS,
    CARD_COUNT,
    CARD_CURRENCY,
    CARD_KIND,
    CARD_KINDS,
    CARD_VALUE,
    CARD_WALLS,
    CHEST,
    CHEST_POINTS,
    CHESTS,
    CITIZEN,
    CITIZENS,
    COIN,
    COINS,
    CURRENCIES,
    EXCHANGE,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    FALCON,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_POINTS,
    FALCON_TYPES,
    FALCONS,
    GATE,
    GATE_CARDS,
    GATES_DEAL,
    GREEN,
    HUT,
    HUT_COLOUR,
    HUTS,
    MARKET_CURRENCY,
    MONEY,
    MONEY_CARD_COUNT,
    PIECE_COLOUR,
    SCORE_POINTS,
    SCORING,
    SCORING_CARDS,
    START,
    START_TILE_BASE,
    START_TILES,
    THIEF,
    THIEF_CARDS,
    THIEF_CURRENCY,
    THIEVES_DEAL,
    TILE_COST,
    TILE_COUNT,
    TILE_KIND,
    TILE_KINDS,
    TILE_SIDES,
    TILE_TYPE,
    TILE_WALLS,
    TRADER_SET_POINTS,
    TWO_PLAYER_MONEY,
    WALL_CARD,
    WALL_CARDS,
    WALL_PILES,
    E,
    N,
    S,
    W,
    describe_card,
    describe_tile,
    is_bazaar,
    is_bonus_card,
    is_building,
    is_camp,
    is_chest,
    is_citizen,
    is_coin,
    is_exchange_card,
    is_falcon,
    is_gate_card,
    is_hut,
    is_money_card,
    is_scoring_card,
    is_start_tile,
    is_thief_card,
    is_wall_card,
    pays_as_money,
    scoring_round_of,
    walls_from_text,
    walls_to_text,
)
from game.engine.record import card_entries, tile_entries

from .helpers import assert_illegal, new_state, set_hand, set_reserve, tiles_with


def test_start_tiles_have_no_walls_and_no_type_b_comp_1():
    """[B-COMP-1] six start tiles (one per seat): no walls, no building type, never a building."""
    assert tuple(range(54, 60)) == START_TILES  # the records' ids
    assert START_TILES[0] == START_TILE_BASE
    for tile in START_TILES:
        assert is_start_tile(tile)
        assert not is_building(tile)
        assert TILE_KIND[tile] == START
        assert TILE_WALLS[tile] == 0
        assert TILE_TYPE[tile] is None
        assert TILE_COST[tile] is None
        assert describe_tile(tile) == "Lion Fountain"
    assert not any(is_start_tile(t) for t in BUILDINGS)


# ------------------------------------------------------------------ one kind per id
def _pick(predicates, component):
    return [name for name, test in predicates.items() if test(component)]


TILE_TESTS = {
    BUILDING: is_building,
    START: is_start_tile,
    HUT: is_hut,
    CAMP: is_camp,
    BAZAAR: is_bazaar,
    FALCON: is_falcon,
    CITIZEN: is_citizen,
    CHEST: is_chest,
}
CARD_TESTS = {
    MONEY: is_money_card,
    SCORING: is_scoring_card,
    EXCHANGE: is_exchange_card,
    BONUS: is_bonus_card,
    COIN: is_coin,
    THIEF: is_thief_card,
    GATE: is_gate_card,
    WALL_CARD: is_wall_card,
}


def test_every_tile_has_exactly_one_kind_b_comp_1_b_comp_2():
    """[B-COMP-1] [B-COMP-2] [M-HUT-1] [M-CAMP-1] [M-BAZAAR-1] [M-FALCON-1] every tile id is of exactly one kind,
    and its predicate says so."""
    assert set(TILE_KINDS) == set(TILE_TESTS)
    assert len(TILE_KIND) == len(TILE_TYPE) == len(TILE_COST) == len(TILE_WALLS) == TILE_COUNT == 199
    for tile in range(TILE_COUNT):
        assert TILE_KIND[tile] in TILE_KINDS
        assert _pick(TILE_TESTS, tile) == [TILE_KIND[tile]], f"tile {tile}"
    everything = BUILDINGS + START_TILES + HUTS + CAMPS + BAZAARS + FALCONS + CITIZENS + CHESTS
    assert sorted(everything) == list(range(TILE_COUNT))


def test_every_card_has_exactly_one_kind_b_comp_3_b_comp_4():
    """[B-COMP-3] [B-COMP-4] [M-EXCH-1] [M-BONUS-1] [M-CHANGE-1] every card id is of exactly one kind, and its
    predicate says so; of them all, money cards and change coins pay as money."""
    assert set(CARD_KINDS) == set(CARD_TESTS)
    assert len(CARD_KIND) == len(CARD_CURRENCY) == len(CARD_VALUE) == CARD_COUNT == 176
    for card in range(CARD_COUNT):
        assert CARD_KIND[card] in CARD_KINDS
        assert _pick(CARD_TESTS, card) == [CARD_KIND[card]], f"card {card}"
        assert pays_as_money(card) == (CARD_KIND[card] in (MONEY, COIN))
    assert sorted(
        ALL_MONEY + SCORING_CARDS + EXCHANGE_CARDS + BONUS_CARDS + COINS + THIEF_CARDS + GATE_CARDS + WALL_CARDS
    ) == list(range(CARD_COUNT))
    assert tuple(range(126, 150)) == COINS


def _table(name: str) -> list[dict[str, str]]:
    text = resources.files("game.engine").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def test_kinds_agree_with_the_component_tables_b_comp_1_to_b_comp_4():
    """[B-COMP-1] to [B-COMP-4] 54 buildings of the six types as buildings.csv counts them, 6 start
    tiles, money.csv's 108 money cards, 2 scoring cards; the ids stay those of the records."""
    rows = _table("buildings.csv")
    assert BUILDINGS == tuple(range(len(rows))) == tuple(range(54))
    assert len(BUILDINGS) == BUILDING_COUNT
    assert Counter(BUILDING_TYPES[TILE_TYPE[t]] for t in BUILDINGS) == Counter(row["type"] for row in rows)
    assert [(TILE_COST[t], walls_to_text(TILE_WALLS[t])) for t in BUILDINGS] == [
        (int(row["cost"]), "".join(side for side in "NESW" if row[f"wall_{side.lower()}"] == "1")) for row in rows
    ]
    assert Counter(TILE_KIND) == {
        BUILDING: 54,
        START: 6,
        HUT: 24,
        CAMP: 8,
        BAZAAR: 8,
        FALCON: 15,
        CITIZEN: 42,
        CHEST: 42,
    }
    money = Counter()
    for row in _table("money.csv"):
        money[(CURRENCIES.index(row["currency"]), int(row["value"]))] += int(row["copies"])
    assert Counter((CARD_CURRENCY[c], CARD_VALUE[c]) for c in ALL_MONEY) == money
    assert tuple(range(108)) == ALL_MONEY
    assert len(ALL_MONEY) == MONEY_CARD_COUNT
    assert SCORING_CARDS == (108, 109)
    assert Counter(CARD_KIND) == {
        MONEY: 108,
        SCORING: 2,
        EXCHANGE: 6,
        BONUS: 10,
        COIN: 24,
        THIEF: 12,
        GATE: 6,
        WALL_CARD: 8,
    }


def test_2024_components_agree_with_their_tables_m_camp_1_m_bazaar_1_m_falcon_1():
    """[M-CAMP-1] eight camps with camps.csv's cost, bastions (their walls) and arrows, green on every other side;
    [M-BAZAAR-1] eight bazaars, a currency and three colours each, no walls; [M-FALCON-1] fifteen falcons, five of
    each kind, two colours each; [M-FALCON-5] 2/6/12/20/30.  Ids as RECORD.md numbers them."""
    camps, bazaars, falcons = _table("camps.csv"), _table("bazaars.csv"), _table("falcons.csv")
    assert tuple(range(84, 92)) == CAMPS and tuple(range(92, 100)) == BAZAARS and tuple(range(100, 115)) == FALCONS
    for tile, row in zip(CAMPS, camps, strict=True):
        bastions = "".join(side for side in "NESW" if row[f"bastion_{side.lower()}"] == "1")
        arrows = "".join(side for side in "NESW" if row[f"arrow_{side.lower()}"] == "1")
        assert TILE_COST[tile] == int(row["cost"]) and TILE_TYPE[tile] is None
        assert walls_to_text(TILE_WALLS[tile]) == bastions and walls_to_text(CAMP_ARROWS[tile]) == arrows
        assert TILE_SIDES[tile] == tuple(BASTION if side in bastions else GREEN for side in "NESW")
        assert describe_tile(tile).startswith(f"camp {row['cost']}")
    for tile, row in zip(BAZAARS, bazaars, strict=True):
        assert CURRENCIES[BAZAAR_CURRENCY[tile]] == row["currency"]
        assert [BUILDING_TYPES[t] for t in BAZAAR_TYPES[tile]] == [row["type_a"], row["type_b"], row["type_c"]]
        assert TILE_WALLS[tile] == 0 and TILE_TYPE[tile] is None and TILE_COST[tile] is None
    for tile, row in zip(FALCONS, falcons, strict=True):
        assert FALCON_KINDS[FALCON_KIND[tile]] == row["kind"]
        assert [BUILDING_TYPES[t] for t in FALCON_TYPES[tile]] == [row["type_a"], row["type_b"]]
    assert Counter(FALCON_KIND[t] for t in FALCONS) == {0: 5, 1: 5, 2: 5}
    assert FALCON_POINTS == (0, 2, 6, 12, 20, 30)
    for tile in range(TILE_COUNT):  # the module tables hold nothing for any other tile
        assert (CAMP_ARROWS[tile] != 0) <= is_camp(tile)
        assert (BAZAAR_CURRENCY[tile] is not None) == (BAZAAR_TYPES[tile] is not None) == is_bazaar(tile)
        assert (FALCON_KIND[tile] is not None) == (FALCON_TYPES[tile] is not None) == is_falcon(tile)


def test_module_components_agree_with_their_tables_m_hut_1_m_exch_1_m_bonus_1():
    """[M-HUT-1] 24 huts, 3/3/4/4/5/5 by colour with huts.csv's walls; [M-EXCH-1] six exchange cards, one per
    pair of currencies; [M-BONUS-1] ten bonus cards naming the ten wall-less buildings (type and cost)."""
    rows = _table("huts.csv")
    assert [(BUILDING_TYPES[HUT_COLOUR[t]], walls_to_text(TILE_WALLS[t])) for t in HUTS] == [
        (row["type"], "".join(side for side in "NESW" if row[f"wall_{side.lower()}"] == "1")) for row in rows
    ]
    assert Counter(BUILDING_TYPES[HUT_COLOUR[t]] for t in HUTS) == {
        "pavilion": 3,
        "seraglio": 3,
        "arcades": 4,
        "chambers": 4,
        "garden": 5,
        "tower": 5,
    }
    assert all(TILE_TYPE[t] is None and TILE_COST[t] is None for t in HUTS)  # [M-HUT-3] no building, no cost
    pairs = {frozenset(EXCHANGE_PAIR[c]) for c in EXCHANGE_CARDS}
    assert len(pairs) == 6 and all(len(pair) == 2 for pair in pairs)
    wall_less = {(TILE_TYPE[t], TILE_COST[t]) for t in BUILDINGS if TILE_WALLS[t] == 0}
    assert sorted(BONUS_TILE[c] for c in BONUS_CARDS) == sorted(wall_less)
    assert len(BONUS_CARDS) == 10


def test_no_id_without_a_type_has_a_usable_one_b_comp_1_b_comp_4():
    """[B-COMP-1] a start tile has no type or cost, [B-COMP-4] a scoring card no currency or value: the
    tables hold None, so counting one by type or currency fails at once instead of meaning the last one."""
    for tile in range(TILE_COUNT):
        if TILE_KIND[tile] == CAMP:  # [M-CAMP-1] bought like a building, but no building type
            assert TILE_TYPE[tile] is None and TILE_COST[tile] > 0
        elif TILE_KIND[tile] != BUILDING:
            assert TILE_TYPE[tile] is None and TILE_COST[tile] is None
        else:
            assert TILE_TYPE[tile] in range(len(BUILDING_TYPES)) and TILE_COST[tile] > 0
    for card in range(CARD_COUNT):
        if CARD_KIND[card] not in (MONEY, COIN):  # [M-CHANGE-4] a coin is a money card of value 1
            assert CARD_CURRENCY[card] is None and CARD_VALUE[card] is None
        else:
            assert CARD_CURRENCY[card] in range(len(CURRENCIES)) and CARD_VALUE[card] > 0
    tally = [0] * len(BUILDING_TYPES)
    with pytest.raises(TypeError):
        tally[TILE_TYPE[START_TILES[0]]] += 1
    with pytest.raises(TypeError):
        CURRENCIES[CARD_CURRENCY[SCORING_CARDS[0]]]
    with pytest.raises(TypeError):
        sum(CARD_VALUE[c] for c in (0, SCORING_CARDS[1]))
    assert describe_card(SCORING_CARDS[1]) == "scoring card 2"
    with pytest.raises(ValueError):
        scoring_round_of(ALL_MONEY[0])


# ------------------------------------------------------------------ no id-range tests outside the catalogue
ROOT = Path(__file__).resolve().parents[2]
BOUNDARIES = {"MONEY_CARD_COUNT", "START_TILE_BASE", "BUILDING_COUNT"}
BOUNDARY_LITERALS = {54, 60, 108, 110}  # the same boundaries written as numbers
SENTINEL_TABLES = {"TILE_TYPE", "CARD_CURRENCY"}  # once -1 for "none"


def _names(node: ast.AST) -> set[str]:
    named = (n for n in ast.walk(node) if isinstance(n, ast.Name | ast.Attribute))
    return {n.id if isinstance(n, ast.Name) else n.attr for n in named}


def _id_range_tests(tree: ast.AST) -> list[int]:
    """Lines of comparisons that tell component kinds apart by id: an order or membership test
    (``<``, ``<=``, ``>``, ``>=``, ``in``, ``not in``) with MONEY_CARD_COUNT, START_TILE_BASE or
    BUILDING_COUNT anywhere in an operand (``c < MONEY_CARD_COUNT``, ``t in range(BUILDING_COUNT)``);
    an order test with 54, 60, 108 or 110 (``c < 108``); and a sentinel test of TILE_TYPE or
    CARD_CURRENCY: ordered against a number below 1 (``TILE_TYPE[t] >= 0``) or equal to a negative
    one (``CARD_CURRENCY[c] == -1``).  Equality with a count (``len(ids) == BUILDING_COUNT``) passes."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        ordered = any(isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) for op in node.ops)
        member = any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
        numbers = [
            o.value if isinstance(o, ast.Constant) else -o.operand.value
            for o in operands
            if (isinstance(o, ast.Constant) and type(o.value) is int)
            or (isinstance(o, ast.UnaryOp) and isinstance(o.op, ast.USub) and isinstance(o.operand, ast.Constant))
        ]
        tables = any(isinstance(o, ast.Subscript) and _names(o.value) & SENTINEL_TABLES for o in operands)
        if (
            ((ordered or member) and any(_names(o) & BOUNDARIES for o in operands))
            or (ordered and BOUNDARY_LITERALS & set(numbers))
            or (tables and any(n < 1 if ordered else n < 0 for n in numbers))
        ):
            found.append(node.lineno)
    return found


def test_the_id_range_check_finds_what_it_should():
    """The static check below recognises the forms it forbids, and lets id validity checks pass."""
    bad = [
        "c < MONEY_CARD_COUNT",
        "t >= components.START_TILE_BASE",
        "t in range(BUILDING_COUNT)",
        "c < 108",
        "TILE_TYPE[t] >= 0",
        "CARD_CURRENCY[c] == -1",
    ]
    assert _id_range_tests(ast.parse("\n".join(bad))) == [1, 2, 3, 4, 5, 6]
    fine = [
        "0 <= c < CARD_COUNT",
        "len(ids) == BUILDING_COUNT",
        "TILE_TYPE[t] is None",
        "CARD_CURRENCY[c] == 0",
        "TILE_COST[t] <= 9",
    ]
    assert _id_range_tests(ast.parse("\n".join(fine))) == []


def test_no_module_outside_the_catalogue_tells_kinds_apart_by_id_b_comp_1_to_b_comp_4():
    """[B-COMP-1] to [B-COMP-4] only components.py knows where the kinds' ids lie: every other module of
    game/, ai/ and tests/ asks the kind (``is_start_tile(t)``, ``is_money_card(c)``, ``TILE_KIND[t]``)."""
    offenders = []
    for package in ("game", "ai", "tests"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == ROOT / "game" / "engine" / "components.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            offenders += [f"{path.relative_to(ROOT)}:{line}" for line in _id_range_tests(tree)]
    assert offenders == []


def test_each_seat_starts_with_its_own_start_tile_b_comp_1_b_setup_1():
    """[B-COMP-1] [B-SETUP-1] seat p's Alhambra is exactly its own start tile at the origin; scores start at 0."""
    for players in range(2, 7):
        state = GameState.start(deal(players, 3), 3)
        assert [board.grid for board in state.boards] == [{ORIGIN: START_TILES[p]} for p in range(players)]
        assert state.scores == [0] * players
        assert state.reserves == [[] for _ in range(players)]
        # a start tile counts for no majority
        assert state.boards[0].type_counts() == [0] * 6


def test_building_counts_per_type_b_comp_2():
    """[B-COMP-2] 54 buildings: 7 pavilions, 7 seraglios, 9 arcades, 9 chambers, 11 gardens, 11 towers."""
    assert len(BUILDINGS) == 54
    assert BUILDING_TYPES == ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
    counts = Counter(BUILDING_TYPES[TILE_TYPE[t]] for t in BUILDINGS)
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
    costs = [TILE_COST[t] for t in BUILDINGS if BUILDING_TYPES[TILE_TYPE[t]] == kind]
    assert min(costs) == low
    assert max(costs) == high


def test_wall_counts_b_comp_2():
    """[B-COMP-2] 10/16/20/8 tiles with 0/1/2/3 walls, no tile with 4, and 20 walls on each side."""
    by_count = Counter(bin(TILE_WALLS[t]).count("1") for t in BUILDINGS)
    assert by_count == {0: 10, 1: 16, 2: 20, 3: 8}
    for side in (N, E, S, W):
        assert sum(1 for t in BUILDINGS if TILE_WALLS[t] & side) == 20
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


def test_wooden_pieces_of_expansions_3_and_4_agree_with_their_tables_m_trader_1_m_chest_1():
    """[M-TRADER-1] 42 citizens, seven of each building colour (citizens.csv), [M-TRADER-6] a set of 1..6 colours
    scores 1/3/6/10/15/21; [M-CHEST-1] 42 chests, 5/5/7/7/9/9 by colour (chests.csv), [M-CHEST-8] 7; 14/7; 22/14/7.
    Neither is a building: no type, no cost, no walls, never in a majority."""
    assert len(CITIZENS) == len(CHESTS) == 42 and CHESTS[0] == CITIZENS[-1] + 1
    assert Counter(BUILDING_TYPES[PIECE_COLOUR[t]] for t in CITIZENS) == {kind: 7 for kind in BUILDING_TYPES}
    assert Counter(BUILDING_TYPES[PIECE_COLOUR[t]] for t in CHESTS) == {
        row["type"]: int(row["count"]) for row in _table("chests.csv")
    }
    assert TRADER_SET_POINTS == (0, 1, 3, 6, 10, 15, 21)
    assert CHEST_POINTS == ((7, 0, 0), (14, 7, 0), (22, 14, 7))
    for tile in range(TILE_COUNT):
        assert (PIECE_COLOUR[tile] is not None) == (is_chest(tile) or is_citizen(tile))
        if PIECE_COLOUR[tile] is not None:
            assert TILE_TYPE[tile] is None and TILE_COST[tile] is None and TILE_WALLS[tile] == 0
    assert describe_tile(CHESTS[-1]) == "tower chest" and describe_tile(CITIZENS[0]) == "pavilion citizen"


def test_thief_cards_agree_with_their_tables_m_thief_1_m_thief_2():
    """[M-THIEF-1] twelve thief cards, three per currency (thieves.csv), no money: no value, no currency to pay in;
    [M-THIEF-2] dealt 4/4/3/2/2 each to 2-6 players, 4/0/0/2/0 left in the box (thieves_deal.csv)."""
    assert len(THIEF_CARDS) == 12
    assert Counter(CURRENCIES[THIEF_CURRENCY[c]] for c in THIEF_CARDS) == {
        row["currency"]: int(row["copies"]) for row in _table("thieves.csv")
    }
    assert THIEVES_DEAL == {2: (4, 4), 3: (4, 0), 4: (3, 0), 5: (2, 2), 6: (2, 0)}
    for players, (each, left) in THIEVES_DEAL.items():
        assert each * players + left == 12
    for c in THIEF_CARDS:
        assert CARD_VALUE[c] is None and CARD_CURRENCY[c] is None and not is_money_card(c)
        assert describe_card(c).startswith("thief (")
    assert all((THIEF_CURRENCY[c] is not None) == is_thief_card(c) for c in range(CARD_COUNT))


def test_gate_cards_agree_with_their_table_m_gate_1_m_gate_2():
    """[M-GATE-1] six gate cards, all alike, no money; [M-GATE-2] one per player, dealt into piles 3, 4 and 5 as
    gates.csv says (2 → piles 3 and 4; 4 → 3, 3, 4, 5; 6 → two each)."""
    assert len(GATE_CARDS) == 6
    assert GATES_DEAL == {
        2: (2, (1, 1, 0)),
        3: (3, (1, 1, 1)),
        4: (4, (2, 1, 1)),
        5: (5, (2, 2, 1)),
        6: (6, (2, 2, 2)),
    }
    for players, (count, piles) in GATES_DEAL.items():
        assert count == players == sum(piles)
    for c in GATE_CARDS:
        assert CARD_VALUE[c] is None and CARD_CURRENCY[c] is None and not is_money_card(c) and CARD_WALLS[c] == 0
        assert describe_card(c) == "city gate"


def test_wall_cards_agree_with_their_tables_m_wall_1_m_wall_2():
    """[M-WALL-1] eight wall cards: the four single walls and the four corners (walls_cards.csv), twelve sticks in
    all; [M-WALL-2] two cards into each of piles 2 to 5 (walls_piles.csv)."""
    assert len(WALL_CARDS) == 8
    assert sorted(CARD_WALLS[c] for c in WALL_CARDS) == sorted((N, E, S, W, N | E, E | S, S | W, W | N))
    assert sum(bin(CARD_WALLS[c]).count("1") for c in WALL_CARDS) == 12
    assert WALL_PILES == (0, 2, 2, 2, 2)
    for c in WALL_CARDS:
        assert CARD_VALUE[c] is None and CARD_CURRENCY[c] is None and not is_money_card(c)
        assert describe_card(c).startswith("wall card [")
    assert all((CARD_WALLS[c] != 0) == is_wall_card(c) for c in range(CARD_COUNT))
