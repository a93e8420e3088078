"""Treasure chamber (RULES.md §11.6, expansion 4), rule by rule, and whole random games with chests.

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every illegal move
is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.engine import Buy, Lift, Place, Take
from game.engine.components import (
    BUILDING_TYPES,
    CARD_VALUE,
    CHESTS,
    PIECE_COLOUR,
    START_TILES,
    TILE_COST,
    TILE_TYPE,
    is_chest,
)
from game.engine.knowledge import state_key
from game.engine.modules import chests
from game.engine.modules.chests import PLACING, BuyChests, PlaceChest
from game.engine.record import RecordError, loads, read_decision, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, PLACE

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    events_named,
    new_game,
    new_state,
    play,
    random_policy,
    set_grid,
    set_hand,
    set_market,
    tiles_with,
    value_of,
)
from .record_reader import check, check_structure, follow

# Wall-less buildings: pavilion 6, seraglio 13, arcades 21, garden 40, tower 51 (as in test_falcons).
PAVILION, SERAGLIO, ARCADES, GARDEN, TOWER = 6, 13, 21, 40, 51


def chest_of(kind: str, avoid: tuple[int, ...] = ()) -> int:
    return next(c for c in CHESTS if BUILDING_TYPES[PIECE_COLOUR[c]] == kind and c not in avoid)


def fill_room(state, room: int, kinds: list[str]) -> list[int]:
    """Put chests of ``kinds`` into ``room`` (1-3), swapping them with the bag's, so no chest is created or lost."""
    part = chests.of(state)
    wanted: list[int] = []
    for kind in kinds:
        wanted.append(
            chest_of(
                kind, tuple(wanted) + tuple(c for r, other in enumerate(part.rooms) if r != room - 1 for c in other)
            )
        )
    for chest in wanted:
        for other in part.rooms:
            if chest in other:
                other.remove(chest)
        if chest in part.bag:
            part.bag.remove(chest)
    old = [c for c in part.rooms[room - 1] if c not in wanted]
    part.rooms[room - 1] = sorted(wanted)
    part.bag = sorted(part.bag + old)
    for other in part.rooms:  # a room that lost a chest to this one takes one from the bag
        while len(other) < chests.PER_ROOM and other is not part.rooms[room - 1]:
            other.append(part.bag.pop(0))
    check_conservation(state)
    return wanted


def chest_state(players: int = 3, seed: int = 1):
    state = new_state(players, seed, modules=("chests",))
    return state, state.turn_player


# ------------------------------------------------------------------ components and deal
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_three_rooms_of_four_the_rest_in_the_bag_m_chest_1_m_chest_2(players):
    """[M-CHEST-1] 42 chests, 5/5/7/7/9/9 by colour; [M-CHEST-2] all into the bag, four drawn into each of the three
    rooms, with any number of players; the deal is checked."""
    dealt = deal(players, 7, ("chests",))
    rooms, bag = dealt.parts["chests"]
    assert len(rooms) == 3 and all(len(room) == 4 for room in rooms)
    assert sorted([*bag, *(c for room in rooms for c in room)]) == list(CHESTS)
    assert deal_problems(dealt) == []
    state = new_state(players, 7, modules=("chests",))
    check_conservation(state)
    assert len(chests.of(state).bag) == 30 and chests.of(state).on == [{} for _ in range(players)]
    bad = dataclasses.replace(dealt, parts={**dealt.parts, "chests": ((*rooms[:2], (rooms[2][0],) * 4), bag)})
    assert any("M-CHEST-1" in problem for problem in deal_problems(bad))


# ------------------------------------------------------------------ buying
def test_buy_a_room_for_at_least_8_in_any_currencies_m_chest_3_m_chest_4():
    """[M-CHEST-3] [M-CHEST-4] a room's four chests for at least 8 in money of any mix of currencies, no change:
    the listed payments are all at least 8 and drop no card; paying exactly 8 grants no other action."""
    state, p = chest_state()
    paid = (card("florin", 5), card("ducat", 3))
    set_hand(state, p, [*paid, card("denar", 9)])
    listed = [a for a in state.legal_actions() if isinstance(a, BuyChests)]
    assert {a.room for a in listed} == {1, 2, 3}
    for action in listed:
        assert value_of(action.paid) >= 8 and all(value_of(action.paid) - CARD_VALUE[c] < 8 for c in action.paid)
    room = list(chests.of(state).rooms[0])
    state.apply(BuyChests(1, paid))
    assert {"e": "chests", "player": p, "room": 1, "paid": list(paid)} in state.log
    assert state.hands[p] == [card("denar", 9)] and set(paid) <= set(state.discard)  # no change given
    assert state.turn_player != p or state.phase != ACTION  # no extra action, even for exactly 8
    back = events_named(state.log, "chest_back")  # nobody has a building: all four go back
    assert back and sorted(back[-1]["chests"]) == room
    check_conservation(state)


def test_too_little_or_cards_not_held_are_refused_m_chest_3_m_chest_4():
    """[M-CHEST-3] less than 8, a room that does not exist, no card; [M-CHEST-4] a card not held."""
    state, p = chest_state()
    seven = (card("florin", 4), card("dirham", 3))
    set_hand(state, p, list(seven))
    assert_illegal(state, BuyChests(1, seven), "M-CHEST-3")
    assert_illegal(state, BuyChests(4, seven), "M-CHEST-3")
    assert_illegal(state, BuyChests(2, ()), "M-CHEST-3")
    assert_illegal(state, BuyChests(2, (card("ducat", 9),)), "M-CHEST-4")
    assert not [a for a in state.legal_actions() if isinstance(a, BuyChests)]


def test_the_action_after_an_exact_purchase_and_no_more_m_chest_3_m_chest_5():
    """[M-CHEST-3] buying chests may be the action after an exact purchase ([B-TURN-4]) and ends the turn's actions;
    [M-CHEST-5] a building bought this turn is placed first and may take one."""
    state, p = chest_state()
    set_grid(state, p, {(1, 0): PAVILION})
    garden = 40
    set_market(state, [garden if i == 0 else t for i, t in enumerate(state.market)])
    exact = (card("florin", 9), card("florin", TILE_COST[garden] - 9))
    set_hand(state, p, [*exact, card("ducat", 8)])
    fill_room(state, 2, ["garden", "garden", "pavilion", "tower"])
    state.apply(Buy(1, exact))
    assert state.phase == ACTION and state.held == [garden]
    state.apply(BuyChests(2, (card("ducat", 8),)))
    assert state.phase == PLACE  # the turn's actions are over: the purchase is placed
    assert_illegal(state, Take((state.offer[0],)), "B-TURN-7")
    state.apply(Place(garden, 2, 0))
    assert state.phase == PLACING and state.decider == p
    moves = state.legal_actions()
    assert {(TILE_TYPE[m.tile], m.tile) for m in moves} == {(4, garden), (0, PAVILION)}
    check_conservation(state)


def test_an_empty_room_cannot_be_bought_m_chest_7():
    """[M-CHEST-7] a room left empty cannot be bought."""
    state, p = chest_state()
    part = chests.of(state)
    part.bag.extend(part.rooms[1])
    part.bag.sort()
    part.rooms[1] = []
    part.closed = True
    set_hand(state, p, [card("florin", 9)])
    assert_illegal(state, BuyChests(2, (card("florin", 9),)), "M-CHEST-7")
    assert {a.room for a in state.legal_actions() if isinstance(a, BuyChests)} == {1, 3}


# ------------------------------------------------------------------ placing and passing on
def test_placed_by_colour_one_per_building_then_passed_on_then_back_m_chest_5_m_chest_6():
    """[M-CHEST-5] each chest on a building of its colour in the placer's Alhambra, one per building; the buyer
    places all they can, then the next player clockwise, once round; what is left goes back into the bag
    (``chest_back``) before the room is refilled.  [M-CHEST-6] never on a start tile or a reserve building."""
    state, p = chest_state(3)
    left, other = (p + 1) % 3, (p + 2) % 3
    set_grid(state, p, {(1, 0): GARDEN, (2, 0): TOWER})
    set_grid(state, left, {(1, 0): 41})  # a garden
    set_grid(state, other, {(1, 0): PAVILION})
    assert TILE_TYPE[41] == BUILDING_TYPES.index("garden")
    wanted = fill_room(state, 1, ["garden", "garden", "tower", "seraglio"])
    set_hand(state, p, [card("florin", 8)])
    state.apply(BuyChests(1, (card("florin", 8),)))
    assert state.phase == PLACING and state.decider == p
    g1, g2, tower, seraglio = wanted  # fill_room keeps the order of the kinds asked for
    assert_illegal(state, PlaceChest(tower, GARDEN), "M-CHEST-5")  # not its colour
    assert_illegal(state, PlaceChest(g1, START_TILES[p]), "M-CHEST-6")  # the start tile takes none
    assert_illegal(state, PlaceChest(g1, 41), "M-CHEST-5")  # not in the placer's Alhambra
    assert_illegal(state, PlaceChest(CHESTS[-1] if CHESTS[-1] not in wanted else CHESTS[0], TOWER), "M-CHEST-5")
    state.apply(PlaceChest(g1, GARDEN))
    assert_illegal(state, PlaceChest(g2, GARDEN), "M-CHEST-5")  # one chest per building
    state.apply(PlaceChest(tower, TOWER))
    assert state.decider == left  # the buyer placed all they could: the left neighbour
    state.apply(PlaceChest(g2, 41))
    events = state.log
    names = [e["e"] for e in events]
    back = names.index("chest_back")
    assert events[back]["chests"] == [seraglio] and names[back + 1] == "room"
    assert events[back - 1] == {"e": "chest", "player": left, "chest": g2, "tile": 41}
    assert chests.of(state).on[p] == {GARDEN: g1, TOWER: tower} and chests.of(state).on[left] == {41: g2}
    assert seraglio in chests.of(state).bag or seraglio in [c for r in chests.of(state).rooms for c in r]
    check_conservation(state)
    assert_illegal(state, PlaceChest(g2, 41), "M-CHEST-5")  # only at the end of the turn they were bought in


def test_a_chest_travels_with_its_building_and_counts_only_in_the_alhambra_m_chest_6():
    """[M-CHEST-6] a chest stays on its building: lifted to the reserve it goes along and does not count, and a
    building carrying one takes no second one."""
    state, p = chest_state(3)
    set_grid(state, p, {(1, 0): GARDEN})
    chest = chest_of("garden")
    part = chests.of(state)
    for room in part.rooms:
        if chest in room:
            room.remove(chest)
            room.append(next(c for c in part.bag if c != chest))
            part.bag.remove(room[-1])
    if chest in part.bag:
        part.bag.remove(chest)
    part.on[p][GARDEN] = chest
    check_conservation(state)
    assert chests.counted(state, p) == 1
    set_hand(state, p, [])
    state.apply(Lift(GARDEN))
    assert GARDEN in state.reserves[p] and part_of(state).on[p] == {GARDEN: chest}
    assert chests.counted(state, p) == 0
    assert chests.free_buildings(state, p, 4) == []
    check_conservation(state)


def part_of(state):
    return chests.of(state)


def test_the_room_is_refilled_from_the_bag_or_closed_for_good_m_chest_7():
    """[M-CHEST-7] the emptied room takes four chests drawn from the bag (chests returned by this purchase are in
    it first); with fewer than four left it stays empty (``room`` with ``[]``) and no room is refilled again."""
    state, p = chest_state(3)
    part = chests.of(state)
    set_hand(state, p, [card("florin", 9)])
    hidden, two = part.bag[2:], part.bag[:2]
    part.bag = list(two)  # set aside: 28 chests leave the game for this test
    bought = list(part.rooms[0])
    state.apply(BuyChests(1, (card("florin", 9),)))  # nobody has a building: all four go back
    room = events_named(state.log, "room")[-1]
    assert room["room"] == 1 and len(room["chests"]) == 4 and sorted(room["chests"]) == sorted(part.rooms[0])
    assert set(part.bag + part.rooms[0]) == set(bought + two) and len(part.bag) == 2 and not part.closed
    assert hidden
    # now the buyer places all four: fewer than four are left, so the room stays empty for good
    q = state.turn_player
    kinds = [BUILDING_TYPES[PIECE_COLOUR[c]] for c in part.rooms[1]]
    layout = {}
    used: set[int] = set()
    for n, kind in enumerate(kinds):
        tile = next(t for t in tiles_with("", kind) if t not in used and t not in state.market)
        used.add(tile)
        layout[(n + 1, 0)] = tile
    set_grid(state, q, layout)
    set_hand(state, q, [card("dirham", 9)])
    state.apply(BuyChests(2, (card("dirham", 9),)))
    while state.phase == PLACING:
        state.apply(state.legal_actions()[0])
    assert events_named(state.log, "room")[-1] == {"e": "room", "room": 2, "chests": []}
    assert part.closed and part.rooms[1] == []
    r = state.turn_player
    set_hand(state, r, [card("denar", 9)])
    before = len(events_named(state.log, "room"))
    state.apply(BuyChests(3, (card("denar", 9),)))
    assert len(events_named(state.log, "room")) == before and part.rooms[2] == []


# ------------------------------------------------------------------ scoring
@pytest.mark.parametrize(
    ("round_number", "counts", "points"),
    [
        (1, [2, 1, 0], [7, 0, 0]),
        (2, [3, 3, 1], [10, 10, 0]),  # (14 + 7) / 2 shared, the third rank pays nothing
        (3, [2, 1, 1], [22, 10, 10]),  # (14 + 7) / 2
        (3, [1, 0, 0], [22, 0, 0]),  # no chest, no rank
    ],
)
def test_the_most_chests_on_buildings_score_m_chest_8(round_number, counts, points):
    """[M-CHEST-8] players ranked by their chests on buildings in the Alhambra, colours irrelevant: 7; 14 / 7;
    22 / 14 / 7; ties share the ranks' points rounded down ([B-SCORE-3]); no chest, no points."""
    state, _ = chest_state(3)
    part = chests.of(state)
    buildings = [GARDEN, TOWER, ARCADES, SERAGLIO, PAVILION, 41, 52, 22, 14]
    free = list(buildings)
    for player, count in enumerate(counts):
        mine = free[:count]
        free = free[count:]
        set_grid(state, player, {(n + 1, 0): tile for n, tile in enumerate(mine)})
        for tile in mine:
            chest = next(c for c in part.bag if PIECE_COLOUR[c] == TILE_TYPE[tile])
            part.bag.remove(chest)
            part.on[player][tile] = chest
    check_conservation(state)
    items = chests.Chests().score_items(state, round_number)
    assert [earned for _, what, earned in items if what == "chests"] == points


def test_dirk_never_gets_or_scores_chests_m_chest_9():
    """[M-CHEST-9] with two players Dirk is skipped when chests are passed on and never scores for them."""
    state = new_state(2, 3, modules=("chests",))
    p = state.turn_player
    set_grid(state, p, {(1, 0): GARDEN})
    set_hand(state, p, [card("florin", 8)])
    state.apply(BuyChests(1, (card("florin", 8),)))
    while state.phase == PLACING:
        assert state.decider in (0, 1)
        state.apply(state.legal_actions()[0])
    assert len(chests.of(state).on) == 2
    check_conservation(state)
    state._score(1)
    score = events_named(state.log, "score")[-1]
    assert all(item["player"] != "dirk" for item in score["points"] if item["what"] == "chests")
    assert {"player": p, "what": "chests", "points": 7} in score["points"]


# ------------------------------------------------------------------ knowledge, records
def test_the_chamber_is_known_to_everyone_and_draws_are_dealt_afresh_d_hidden_1():
    """[D-HIDDEN-1] rooms, bag (a set) and chests on buildings are public; which chests a refill will draw is
    not: two games differing only in the seed that draws them give equal knowledge, and a determinization can
    draw other chests."""
    state, p = chest_state(3, 11)
    other = state.clone()
    other.seed = 12345
    assert state.knowledge(p) == other.knowledge(p)
    draws = set()
    for sample_seed in range(6):
        sample = state.determinize(p, random.Random(sample_seed))
        assert chests.of(sample).key() == chests.of(state).key()
        set_hand(sample, p, [card("florin", 9)])
        sample.log = []
        sample.apply(BuyChests(1, (card("florin", 9),)))
        draws.add(tuple(events_named(sample.log, "room")[-1]["chests"]))
    assert len(draws) > 1


def test_chest_actions_are_refused_without_the_module_m_chest_3():
    """[M-CHEST-3] a game without the treasure chamber has no chests to buy."""
    state = new_state(3, 1)
    assert_illegal(state, BuyChests(1, (state.hands[state.turn_player][0],)), "M-CHEST-3")
    assert_illegal(state, PlaceChest(CHESTS[0], GARDEN), "M-CHEST-5")


def _chest_game(players: int, seed: int, modules: tuple[str, ...] = ("chests",)):
    """A whole random game that buys chests often enough to place some."""
    game = new_game(players, seed, modules)
    rng = random.Random(seed)
    state = game.state
    while not state.is_over:
        moves = state.legal_actions() + state.optional_actions()
        buys = [m for m in moves if isinstance(m, BuyChests)]
        builds = [m for m in moves if type(m).__name__ in ("Buy", "Place")]
        pool = buys if buys and rng.random() < 0.15 else builds if builds and rng.random() < 0.6 else moves
        first, phase, decider = len(game.events), state.phase, state.decider
        action = rng.choice(pool)
        game.apply(action)
        if isinstance(action, (BuyChests, PlaceChest)):
            assert read_decision(game.events, first, phase, decider) == action
        check_conservation(state)
    return game


def test_chest_events_read_back_and_tampering_is_refused_d_rng_1():
    """[D-RNG-1] [M-CHEST-3] [M-CHEST-5] [M-CHEST-7] the ``chests`` and ``chest`` events read back as the decisions
    that wrote them, with RECORD.md's fields; the independent reader follows the game; it replays exactly; a chest
    put on another building, a room refilled with other chests, or a setup with a chest twice is refused with one
    line."""
    game = _chest_game(3, 41)
    record = json.loads(json.dumps(to_record(game)))
    events = record["events"]
    placed = events_named(events, "chest")
    assert placed and events_named(events, "chests") and events_named(events, "room")
    assert all(set(e) == {"e", "player", "room", "paid"} for e in events_named(events, "chests"))
    assert all(set(e) == {"e", "player", "chest", "tile"} for e in placed)
    assert all(set(e) == {"e", "chests"} for e in events_named(events, "chest_back"))
    assert all(set(e) == {"e", "room", "chests"} for e in events_named(events, "room"))
    assert set(record["setup"]["chests"]) == {"rooms", "bag"}
    assert next(t for t in record["tiles"] if t["kind"] == "chest") == {
        "id": CHESTS[0],
        "kind": "chest",
        "type": "pavilion",
    }
    check(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert json.loads(json.dumps(to_record(loaded))) == record
    index = next(i for i, e in enumerate(events) if e["e"] == "chest")
    bad = json.loads(json.dumps(record))
    bad["events"][index]["tile"] = START_TILES[bad["events"][index]["player"]]
    with pytest.raises(RecordError, match=f"^event {index} .*M-CHEST-6[^\n]*$"):
        loads(json.dumps(bad))
    index = next(i for i, e in enumerate(events) if e["e"] == "room" and e["chests"])
    bad = json.loads(json.dumps(record))
    bad["events"][index]["chests"] = bad["events"][index]["chests"][:3] + bad["events"][index]["chests"][:1]
    with pytest.raises(RecordError, match=f"^event {index}: the record says .*, the rules give [^\n]*$"):
        loads(json.dumps(bad))
    bad = json.loads(json.dumps(record))
    rooms = bad["setup"]["chests"]["rooms"]
    rooms[0][0] = rooms[1][0]
    with pytest.raises(RecordError, match=r"^setup: \[M-CHEST-1\]"):
        loads(json.dumps(bad))


@pytest.mark.parametrize(
    "modules", [("chests",), ("chests", "vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons")]
)
@pytest.mark.parametrize("players", [2, 3, *(pytest.param(n, marks=pytest.mark.slow) for n in range(4, 7))])
def test_random_games_with_chests_end_legally_and_replay_m_chest_1_m_chest_8_d_rng_1(players, modules):
    """[M-CHEST-1] [M-CHEST-5] [M-CHEST-8] [D-RNG-1] whole random games with the treasure chamber (2-6 players, alone
    and with every module of §9): every chest stays accounted for, the game ends after the third scoring, and the
    record is followed by the independent reader and replays to the same state."""
    game = _chest_game(players, 500 + players, modules)
    assert game.state.rounds_scored == 3
    record = json.loads(json.dumps(to_record(game)))
    check_structure(record)
    follow(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert all(is_chest(t["id"]) for t in record["tiles"] if t["kind"] == "chest")
    assert play(loaded.state, random_policy(random.Random(1)), steps=0) == 0
