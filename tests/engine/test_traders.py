"""Street traders (RULES.md §11.5, expansion 3), rule by rule, and whole random games with traders.

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every illegal move
is checked to raise ``IllegalAction`` naming its rule and to change nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.engine import FromReserve, Lift, Place, Take
from game.engine.alhambra import cell_at
from game.engine.components import BUILDING_TYPES, CITIZENS, HUTS, PIECE_COLOUR, TILE_TYPE, TILE_WALLS
from game.engine.knowledge import state_key
from game.engine.modules import traders, vizier
from game.engine.modules.traders import (
    CHOOSING,
    DISC_BACK,
    TRADING,
    MoveResident,
    NewCitizen,
    PutDisc,
    SwapCitizen,
    TraderPass,
)
from game.engine.record import RecordError, loads, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, PLACE

from .helpers import (
    assert_illegal,
    card,
    check_conservation,
    events_named,
    hold,
    new_game,
    new_state,
    play,
    random_policy,
    set_grid,
    set_hand,
    set_market,
    set_offer,
    set_reserve,
)
from .record_reader import check, check_structure, follow

GARDEN, TOWER, PAVILION, GARDEN_2 = 40, 51, 6, 41  # wall-less buildings


def citizen(kind: str, avoid: tuple[int, ...] = ()) -> int:
    return next(c for c in CITIZENS if BUILDING_TYPES[PIECE_COLOUR[c]] == kind and c not in avoid)


def set_disc(state, player: int, kinds: list[str], at: tuple[int, int] = (1, 0)) -> list[int]:
    """Put citizens of ``kinds`` on ``player``'s disc (swapped with the supply) and the disc on cell ``at``."""
    part = traders.of(state)
    taken = {c for disc in part.discs for c in disc} | {c for on in part.residents for c in on.values()}
    mine = list(part.discs[player])
    wanted = []
    for kind in kinds:
        found = next((c for c in mine if BUILDING_TYPES[PIECE_COLOUR[c]] == kind and c not in wanted), None)
        if found is None:
            found = next(c for c in part.supply if BUILDING_TYPES[PIECE_COLOUR[c]] == kind and c not in wanted)
        wanted.append(found)
    part.supply = sorted((set(part.supply) | set(mine)) - set(wanted))
    part.discs[player] = wanted
    part.at[player] = cell_at(*at)
    assert not (set(wanted) & (taken - set(mine)))
    check_conservation(state)
    return list(wanted)


def trader_state(players: int = 3, seed: int = 1, modules: tuple[str, ...] = ("traders",)):
    state = new_state(players, seed, modules=modules)
    return state, state.turn_player


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_three_citizens_of_different_colours_on_each_disc_beside_the_start_m_trader_1_m_trader_2(players):
    """[M-TRADER-1] 42 citizens, seven per colour; [M-TRADER-2] each player's disc holds three of different colours
    and stands beside the start tile; the rest is the open supply; Dirk has no disc."""
    dealt = deal(players, 5, ("traders",))
    discs, supply = dealt.parts["traders"]
    assert len(discs) == players and len(supply) == 42 - 3 * players
    for disc, at in discs:
        assert len({PIECE_COLOUR[c] for c in disc}) == 3 and at in traders.START_SIDES
    assert deal_problems(dealt) == []
    disc, at = discs[0]
    same = (citizen("garden"), citizen("garden", (citizen("garden"),)), disc[2])
    bad = dataclasses.replace(dealt, parts={**dealt.parts, "traders": (((same, at), *discs[1:]), supply)})
    assert any("M-TRADER-" in problem for problem in deal_problems(bad))
    state = new_state(players, 5, modules=("traders",))
    check_conservation(state)


# ------------------------------------------------------------------ the disc
def test_a_building_on_the_disc_takes_a_resident_and_a_new_citizen_joins_m_trader_3_m_trader_5():
    """[M-TRADER-3] a building placed on the disc's cell sets the disc aside; a citizen of its colour may move onto it,
    and one of the supply, of the player's choice, joins the disc; [M-TRADER-5] the disc goes back at the end of the
    turn onto an empty cell beside the Alhambra, before the market is refilled."""
    state, p = trader_state()
    on_disc = set_disc(state, p, ["garden", "tower", "pavilion"])
    hold(state, [GARDEN])
    state.apply(Place(GARDEN, 1, 0))
    assert state.phase == TRADING and state.decider == p and traders.of(state).at[p] is None
    assert set(state.legal_actions()) == {MoveResident(on_disc[0]), TraderPass()}
    assert_illegal(state, MoveResident(on_disc[1]), "M-TRADER-3")
    assert_illegal(state, SwapCitizen(on_disc[1], traders.of(state).supply[0]), "M-TRADER-3")
    state.apply(MoveResident(on_disc[0]))
    assert state.phase == CHOOSING and traders.of(state).residents[p] == {GARDEN: on_disc[0]}
    choices = state.legal_actions()
    assert len(choices) == 6 and all(isinstance(m, NewCitizen) for m in choices)
    new = next(m.piece for m in choices if BUILDING_TYPES[PIECE_COLOUR[m.piece]] == "garden")
    state.apply(NewCitizen(new))
    assert state.phase == DISC_BACK and state.decider == p  # the turn's end: the disc goes back
    assert_illegal(state, PutDisc(1, 0), "M-TRADER-5")  # not empty
    assert_illegal(state, PutDisc(5, 5), "M-TRADER-5")  # not beside the Alhambra
    state.apply(PutDisc(2, 0))
    names = [e["e"] for e in state.log]
    place = names.index("place")
    assert names[place + 1 : place + 4] == ["resident", "citizen_new", "trader"]
    assert names[place + 4] in ("market", "offer", "turn")  # before the refills and the next turn
    assert state.log[place + 3] == {"e": "trader", "player": p, "at": [2, 0]}
    assert sorted(traders.of(state).discs[p]) == sorted([on_disc[1], on_disc[2], new])
    check_conservation(state)


def test_no_citizen_of_the_colour_allows_one_exchange_or_nothing_m_trader_3():
    """[M-TRADER-3] when no citizen on the disc has the building's colour the player may exchange one for one of the
    supply; passing is not recorded; a player who declines a matching citizen exchanges none either."""
    state, p = trader_state()
    on_disc = set_disc(state, p, ["tower", "pavilion", "seraglio"])
    hold(state, [GARDEN])
    state.apply(Place(GARDEN, 1, 0))
    moves = state.legal_actions()
    assert TraderPass() in moves and all(isinstance(m, (SwapCitizen, TraderPass)) for m in moves)
    supply_garden = citizen("garden", tuple(c for disc in traders.of(state).discs for c in disc))
    assert_illegal(state, MoveResident(on_disc[0]), "M-TRADER-3")
    state.apply(SwapCitizen(on_disc[0], supply_garden))
    assert state.log[-1] == {"e": "citizen_swap", "player": p, "out": on_disc[0], "in": supply_garden}
    assert supply_garden in traders.of(state).discs[p] and on_disc[0] in traders.of(state).supply
    check_conservation(state)
    state2, q = trader_state(3, 2)
    set_disc(state2, q, ["tower", "pavilion", "seraglio"])
    hold(state2, [GARDEN])
    state2.apply(Place(GARDEN, 1, 0))
    before = len(state2.log)
    state2.apply(TraderPass())
    assert state2.phase == DISC_BACK and len(state2.log) == before  # the pass is not recorded


def test_a_hut_only_pushes_the_disc_aside_and_an_inhabited_building_takes_no_second_m_trader_4():
    """[M-TRADER-4] a hut on the disc's cell only sets the disc aside (no citizen moves, none is exchanged); a building
    that already has a resident (back from the reserve) is treated as if no colour matched."""
    state, p = trader_state(3, 3, ("traders", "huts"))
    set_disc(state, p, ["garden", "tower", "pavilion"])
    hut = next(h for h in HUTS if TILE_WALLS[h] & 1)  # a north wall: fits east of the start tile
    hold(state, [hut])
    state.apply(Place(hut, 1, 0))
    assert state.phase == DISC_BACK and not events_named(state.log, "resident")
    state.apply(PutDisc(0, 1))
    state2, q = trader_state(3, 4)
    resident = set_disc(state2, q, ["garden", "tower", "pavilion"], at=(0, 1))[0]
    part = traders.of(state2)
    other = citizen("garden", tuple(part.discs[q]))
    part.supply.remove(other)
    part.residents[q][GARDEN] = other
    set_reserve(state2, q, [GARDEN])
    check_conservation(state2)
    state2.apply(FromReserve(GARDEN, 0, 1))
    assert state2.phase == TRADING
    assert MoveResident(resident) not in state2.legal_actions()
    assert_illegal(state2, MoveResident(resident), "M-TRADER-3")


def test_a_vizier_purchase_on_the_disc_puts_it_back_right_after_m_trader_5():
    """[M-TRADER-5] a vizier purchase is no turn: a disc its placement set aside goes back right after that placement,
    before the market slot is refilled."""
    state, p = trader_state(3, 6, ("traders", "vizier"))
    q = (p + 1) % 3
    set_disc(state, q, ["tower", "pavilion", "seraglio"])
    set_market(state, [GARDEN, *state.market[1:]])
    for seat in range(3):
        set_hand(state, seat, [])
    set_hand(state, q, [card("florin", 9), card("florin", 1)])
    set_offer(state, [card("dirham", 1), card("dirham", 2), card("denar", 1), card("ducat", 2)])
    state.apply(Take((card("dirham", 1),)))
    assert state.phase == vizier.WINDOW and state.decider == q
    buy = next(m for m in state.legal_actions() if isinstance(m, vizier.VizierBuy))
    state.apply(buy)
    state.apply(Place(GARDEN, 1, 0))
    assert state.phase == TRADING
    state.apply(TraderPass())
    assert state.phase == DISC_BACK and state.decider == q
    state.apply(PutDisc(2, 0))
    names = [e["e"] for e in state.log]
    assert names[names.index("trader") + 1] == "market"


# ------------------------------------------------------------------ scoring and residents
def test_residents_score_in_sets_of_different_colours_m_trader_6():
    """[M-TRADER-6] residents grouped into sets of different colours, set k holding every colour with at least k
    residents: blue, blue, red, green -> 6 + 1 = 7; six colours 21."""
    assert traders.set_points([0, 0, 1, 4]) == 7
    assert traders.set_points(list(range(6))) == 21
    assert traders.set_points([2, 2, 2]) == 3 and traders.set_points([]) == 0
    state, p = trader_state()
    set_grid(state, p, {(1, 0): GARDEN, (2, 0): TOWER})
    part = traders.of(state)
    for building in (GARDEN, TOWER):
        c = next(c for c in part.supply if PIECE_COLOUR[c] == TILE_TYPE[building])
        part.supply.remove(c)
        part.residents[p][building] = c
    check_conservation(state)
    assert traders.Traders().score_items(state, 1) == [(s, "traders", 3 if s == p else 0) for s in range(3)]


def test_a_resident_travels_with_its_building_and_counts_only_in_the_alhambra_m_trader_7():
    """[M-TRADER-7] a building lifted to the reserve takes its resident along, which then does not count."""
    state, p = trader_state()
    set_grid(state, p, {(1, 0): GARDEN})
    part = traders.of(state)
    c = next(c for c in part.supply if PIECE_COLOUR[c] == TILE_TYPE[GARDEN])
    part.supply.remove(c)
    part.residents[p][GARDEN] = c
    assert traders.counted(state, p) == [TILE_TYPE[GARDEN]]
    state.apply(Lift(GARDEN))
    assert part.residents[p] == {GARDEN: c} and traders.counted(state, p) == []
    check_conservation(state)


def test_a_building_may_carry_a_resident_and_a_chest_m_trader_8():
    """[M-TRADER-8] other modules: a building may carry both a resident and a chest ([M-CHEST-6])."""
    from game.engine.modules import chests

    state, p = trader_state(3, 7, ("traders", "chests"))
    set_grid(state, p, {(1, 0): GARDEN})
    part, chamber = traders.of(state), chests.of(state)
    c = next(c for c in part.supply if PIECE_COLOUR[c] == TILE_TYPE[GARDEN])
    part.supply.remove(c)
    part.residents[p][GARDEN] = c
    chest = next(x for x in chamber.bag if PIECE_COLOUR[x] == TILE_TYPE[GARDEN])
    chamber.bag.remove(chest)
    chamber.on[p][GARDEN] = chest
    check_conservation(state)
    assert traders.counted(state, p) and chests.counted(state, p) == 1


def test_trader_actions_are_refused_without_the_module_m_trader_3():
    """[M-TRADER-3] a game without street traders has no discs."""
    state = new_state(3, 1)
    assert_illegal(state, MoveResident(CITIZENS[0]), "M-TRADER-3")
    assert_illegal(state, PutDisc(1, 0), "M-TRADER-5")


# ------------------------------------------------------------------ records
def _trader_game(players: int, seed: int, modules: tuple[str, ...] = ("traders",)):
    game = new_game(players, seed, modules)
    rng = random.Random(seed)
    state = game.state
    while not state.is_over:
        moves = state.legal_actions() + state.optional_actions()
        keen = [m for m in moves if isinstance(m, (MoveResident, SwapCitizen))]
        builds = [m for m in moves if type(m).__name__ in ("Buy", "Place")]
        pool = keen or (builds if builds and rng.random() < 0.6 else moves)
        game.apply(rng.choice(pool))
        check_conservation(state)
    return game


def test_trader_events_read_back_and_tampering_is_refused_d_rng_1():
    """[D-RNG-1] [M-TRADER-3] [M-TRADER-5] the traders' events carry RECORD.md's fields; the setup has ``traders`` and
    ``citizens``; the independent reader follows; the game replays exactly; a resident of another colour is refused
    with one line naming the event."""
    game = _trader_game(3, 31)
    record = json.loads(json.dumps(to_record(game)))
    events = record["events"]
    assert events_named(events, "resident") and events_named(events, "trader")
    assert all(set(e) == {"e", "player", "citizen", "tile"} for e in events_named(events, "resident"))
    assert all(set(e) == {"e", "player", "citizen"} for e in events_named(events, "citizen_new"))
    assert all(set(e) == {"e", "player", "out", "in"} for e in events_named(events, "citizen_swap"))
    assert all(set(e) == {"e", "player", "at"} for e in events_named(events, "trader"))
    assert all(set(d) == {"disc", "at"} for d in record["setup"]["traders"]) and "citizens" in record["setup"]
    check(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert json.loads(json.dumps(to_record(loaded))) == record
    index = next(i for i, e in enumerate(events) if e["e"] == "resident")
    bad = json.loads(json.dumps(record))
    player = bad["events"][index]["player"]
    colour = PIECE_COLOUR[bad["events"][index]["citizen"]]
    bad["events"][index]["citizen"] = next(c for c in CITIZENS if PIECE_COLOUR[c] != colour)
    with pytest.raises(RecordError, match=f"^event {index} \\(resident by player {player}\\): \\[M-TRADER-3\\][^\n]*$"):
        loads(json.dumps(bad))


@pytest.mark.parametrize(
    "modules",
    [
        ("traders",),
        ("traders", "vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons", "thieves", "chests"),
    ],
)
@pytest.mark.parametrize("players", [2, 3, *(pytest.param(n, marks=pytest.mark.slow) for n in range(4, 7))])
def test_random_games_with_traders_end_legally_and_replay_m_trader_1_m_trader_6_d_rng_1(players, modules):
    """[M-TRADER-1] [M-TRADER-6] [D-RNG-1] whole random games with street traders (2-6 players, alone and with every
    module built): every citizen stays accounted for, the game ends after the third scoring, the independent reader
    follows the record and it replays to the same state."""
    game = new_game(players, 800 + players, modules)
    play(game.state, random_policy(random.Random(players)), check=check_conservation)
    assert game.state.rounds_scored == 3
    record = json.loads(json.dumps(to_record(game)))
    check_structure(record)
    follow(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    assert game.state.phase not in (PLACE, ACTION)
