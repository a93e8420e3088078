"""Falconers (RULES.md §9.7, the 2024 edition), rule by rule, and whole random games with falcons.

Positions are arranged by moving components (``helpers``), so conservation holds throughout; every
illegal move is checked to raise ``IllegalAction`` naming its rule and to change nothing.  A corner
``(x, y)`` is the north-west corner of cell ``(x, y)`` (RECORD.md "Coordinates").
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from game.engine import Buy, EndTurn, FromReserve, Lift, Pass, Swap, Take
from game.engine.alhambra import cell_at
from game.engine.components import (
    BAZAARS,
    BUILDING_TYPES,
    CAMPS,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    EXCHANGE_CARDS,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_TYPES,
    FALCONS,
    HUT_COLOUR,
    HUTS,
    MARKET_CURRENCY,
    SCORING_CARDS,
    START_TILES,
    TILE_COST,
    TILE_TYPE,
    TILE_WALLS,
    N,
    is_falcon,
)
from game.engine.knowledge import state_key
from game.engine.modules import bonus, exchange, falcons, huts, vizier
from game.engine.modules.bonus import RevealBonus
from game.engine.modules.falcons import FLIGHT, BuyFalcon, StopFalcons
from game.engine.modules.huts import TakeHut
from game.engine.record import RecordError, loads, read_decision, to_record
from game.engine.setup import deal, deal_problems
from game.engine.state import ACTION, PLACE, GameState

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
    set_reserve,
    stack_deck,
)
from .record_reader import check_structure, follow

EXPANSION_1 = ("vizier", "exchange", "huts", "bonus")
# A 3 x 2 block of wall-less buildings beside the start tile: four tiles meet at corners (1, 1) and (2, 1) only.
#   (0, 0) start     (1, 0) pavilion 6   (2, 0) seraglio 13
#   (0, 1) arcades 21 (1, 1) garden 40   (2, 1) tower 51
BLOCK = {(1, 0): 6, (2, 0): 13, (0, 1): 21, (1, 1): 40, (2, 1): 51}
# corner (1, 1): start, pavilion, arcades, garden; corner (2, 1): pavilion, seraglio, garden, tower


def falcon(kind: str, first: str, second: str) -> int:
    """The falcon of ``kind`` showing these two colours (named by building type)."""
    wanted = {BUILDING_TYPES.index(first), BUILDING_TYPES.index(second)}
    return next(f for f in FALCONS if FALCON_KINDS[FALCON_KIND[f]] == kind and set(FALCON_TYPES[f]) == wanted)


BLACK_PS = falcon("black", "pavilion", "seraglio")  # fits (2, 1) only
BLACK_PG = falcon("black", "pavilion", "garden")  # fits both corners
BLACK_SA = falcon("black", "seraglio", "arcades")  # fits neither: no corner shows both
WHITE_PA = falcon("white", "pavilion", "arcades")  # fits (1, 1) only
BROWN_PT = falcon("brown", "pavilion", "tower")  # fits (2, 1) only


def falcon_state(players: int = 3, seed: int = 1, modules: tuple[str, ...] = ("falcons",)) -> tuple[GameState, int]:
    """A game whose turn player has ``BLOCK`` and florin 1, florin 5, dirham 2 and denar 9 in hand."""
    state = new_state(players, seed, modules=modules)
    player = state.turn_player
    set_grid(state, player, BLOCK)
    set_hand(state, player, [card("florin", 1), card("florin", 5), card("dirham", 2), card("denar", 9)])
    return state, player


def part(state: GameState) -> falcons.FalconPart:
    found = falcons.of(state)
    assert found is not None
    return found


def buys(actions: list) -> list[BuyFalcon]:
    return [action for action in actions if isinstance(action, BuyFalcon)]


def take_round(state: GameState, player: int) -> None:
    """Every other player takes a card, until it is ``player``'s turn again."""
    while state.turn_player != player or state.phase != ACTION:
        state.apply(Take((state.offer[0],)))


def check_falcons(state: GameState) -> None:
    """Invariants of the falcons: each is in the supply or on one corner of one Alhambra, never a tile anywhere
    ([M-FALCON-4]: never on a reserve, never redesigned); each sits where its four tiles still meet and show both
    its colours, at most one per corner ([M-FALCON-3])."""
    found = falcons.of(state)
    if found is None:
        return
    perched = [f for perches in found.perches for f, _ in perches.values()]
    assert sorted(found.supply + perched) == list(FALCONS), "[M-FALCON-1] falcons created, lost or duplicated"
    assert found.supply == sorted(found.supply)
    for player in range(state.players):
        grid = state.boards[player].grid
        assert not any(map(is_falcon, [*grid.values(), *state.reserves[player]]))
        for (x, y), bird in falcons.falcons_of(state, player).items():
            four = [grid.get(cell_at(x + dx, y + dy)) for dx, dy in ((-1, -1), (0, -1), (-1, 0), (0, 0))]
            assert None not in four, f"[M-FALCON-4] a falcon on ({x}, {y}) lost a tile under it"
            shown = {TILE_TYPE[t] for t in four}
            assert set(FALCON_TYPES[bird]) <= shown, f"[M-FALCON-3] the falcon on ({x}, {y}) lacks a colour"
    assert not any(map(is_falcon, state.held))


# ================================================================== [M-FALCON-1] the supply
def test_fifteen_falcons_five_of_each_kind_in_the_supply_m_falcon_1():
    """[M-FALCON-1] all fifteen falcons start in the supply, five black, five brown, five white, each showing two
    colours; the deal draws nothing for them (the supply is open: the other draws are the game's without them), the
    record's ``setup.falcons`` lists all fifteen, and a deal without them all is refused."""
    state = new_state(3, 1, modules=("falcons",))
    assert part(state).supply == list(FALCONS) and len(FALCONS) == 15
    assert Counter(FALCON_KINDS[FALCON_KIND[f]] for f in FALCONS) == {"black": 5, "brown": 5, "white": 5}
    assert all(len(set(FALCON_TYPES[f])) == 2 for f in FALCONS)
    assert falcons.of(new_state(3, 1)) is None
    dealt, plain = deal(4, 9, ("falcons",)), deal(4, 9)
    assert dealt.parts.get("falcons", ()) == FALCONS and plain.parts.get("falcons", ()) == ()
    assert (dealt.bag, dealt.deck, dealt.hands, dealt.market) == (plain.bag, plain.deck, plain.hands, plain.market)
    record = json.loads(json.dumps(to_record(new_game(3, 1, ("falcons",)))))
    assert record["setup"]["falcons"] == list(range(100, 115))
    assert [t["id"] for t in record["tiles"] if t["kind"] == "falcon"] == list(FALCONS)
    assert deal_problems(dataclasses.replace(dealt, parts={**dealt.parts, "falcons": FALCONS[1:]})) == [
        "[M-FALCON-1] the supply holds the fifteen falcons 100 to 114, each once"
    ]
    assert deal_problems(dataclasses.replace(dealt, parts={**dealt.parts, "falcons": (*FALCONS[1:], FALCONS[1])}))
    record["setup"]["falcons"] = record["setup"]["falcons"][:-1]
    with pytest.raises(RecordError, match="M-FALCON-1"):
        loads(json.dumps(record))


# ================================================================== [M-FALCON-2] the action
def test_buy_falcons_one_card_each_as_the_turns_action_m_falcon_2():
    """[M-FALCON-2] buying a falcon is the turn's action: one money card is discarded, the falcon leaves the supply
    for its corner, one ``falcon`` event is written; the same player may then buy more (each one a decision and an
    event) and nothing else; when nothing more can be bought the turn ends by itself."""
    state, player = falcon_state()
    florin_1, dirham_2 = card("florin", 1), card("dirham", 2)
    written = len(state.log)
    state.apply(BuyFalcon(BLACK_PG, florin_1, 1, 1))
    assert state.log[written:] == [
        {"e": "falcon", "player": player, "falcon": BLACK_PG, "card": florin_1, "at": [1, 1]}
    ]
    assert state.phase == FLIGHT and state.decider == player and state.turn_player == player
    assert florin_1 not in state.hands[player] and state.discard[-1] == florin_1
    assert BLACK_PG not in part(state).supply and falcons.falcons_of(state, player) == {(1, 1): BLACK_PG}
    moves = state.legal_actions()
    assert StopFalcons() in moves and all(isinstance(m, (BuyFalcon, StopFalcons)) for m in moves)
    assert {(m.x, m.y) for m in buys(moves)} == {(2, 1)}, "the corner taken is no longer offered"
    for other in (Take((state.offer[0],)), Buy(1, (card("florin", 5),)), EndTurn(), Pass()):
        refused = assert_illegal(state, other)  # nothing else this turn
        assert "falcon" in str(refused), f"the refusal says what the falcon action asks: {refused}"
    state.apply(BuyFalcon(BLACK_PS, dirham_2, 2, 1))  # the last free corner: nothing more to buy
    assert [e["e"] for e in state.log[written:]] == ["falcon", "falcon", "turn"]
    assert state.turn_player == (player + 1) % state.players and state.phase == ACTION
    assert falcons.falcons_of(state, player) == {(1, 1): BLACK_PG, (2, 1): BLACK_PS}
    check_conservation(state)
    check_falcons(state)


def test_stopping_ends_the_turn_and_is_not_recorded_m_falcon_2():
    """[M-FALCON-2] after a falcon the player may stop: the turn ends like any turn and the record writes nothing
    for the stop; stopping is refused to anyone not buying falcons."""
    state, player = falcon_state()
    assert_illegal(state, StopFalcons(), "M-FALCON-2")
    state.apply(BuyFalcon(WHITE_PA, card("florin", 1), 1, 1))
    written = len(state.log)
    state.apply(StopFalcons())
    assert state.log[written:] == [{"e": "turn", "player": (player + 1) % 3}]
    assert_illegal(state, StopFalcons(), "M-FALCON-2")


def test_no_falcon_after_an_exact_payment_m_falcon_2():
    """[M-FALCON-2] the falcon action is never the extra action of an exact payment ([B-TURN-4]): not listed, and
    refused naming the rule; nor once the turn is placing its tiles."""
    state, player = falcon_state()
    cost = TILE_COST[state.market[0]]
    currency = CURRENCIES[MARKET_CURRENCY[0]]
    exact = []
    for value in (9, 8, 7, 6, 5, 4, 3, 2, 1):
        if cost - sum(CARD_VALUE[c] for c in exact) >= value:
            exact.append(card(currency, value, 2))
    ducat = card("ducat", 3)
    set_hand(state, player, [*exact, ducat])
    assert buys(state.legal_actions()), "a falcon could be bought as the turn's first action"
    state.apply(Buy(1, tuple(exact)))
    assert state.phase == ACTION and state.held, "an exact payment: another action may follow"
    assert not buys(state.legal_actions())
    error = assert_illegal(state, BuyFalcon(BLACK_PG, ducat, 1, 1), "M-FALCON-2")
    assert "only action" in str(error)
    state.apply(EndTurn())
    assert state.phase == PLACE
    assert_illegal(state, BuyFalcon(BLACK_PG, ducat, 1, 1), "M-FALCON-2")


def test_no_falcon_after_another_action_m_falcon_2():
    """[M-FALCON-2] the falcon action must be the turn's only one: refused after an inexact purchase and after taking
    a hut (the turn is placing its tiles), and in a vizier window, which is no turn of the asked player's."""
    state, player = falcon_state(modules=("huts", "falcons"))
    state.apply(TakeHut(next(stack[0] for stack in huts.of(state).stacks if stack)))
    assert state.phase == PLACE
    assert_illegal(state, BuyFalcon(BLACK_PG, card("florin", 1), 1, 1), "M-FALCON-2")

    state, player = falcon_state()
    florins = [card("florin", 9, 2), card("florin", 8, 2)]
    set_hand(state, player, [*florins, card("ducat", 3)])
    state.apply(Buy(1, tuple(florins)))  # 17 pays more than any tile costs: no extra action
    assert state.phase == PLACE
    assert_illegal(state, BuyFalcon(BLACK_PG, card("ducat", 3), 1, 1), "M-FALCON-2")

    state = new_state(3, 5, modules=("vizier", "falcons"))
    asked = (state.turn_player + 1) % 3
    set_grid(state, asked, BLOCK)
    cost = TILE_COST[state.market[0]]
    currency = CURRENCIES[MARKET_CURRENCY[0]]
    exact = [card(currency, value, 2) for value in (9, 8, 7, 6, 5, 4, 3, 2, 1) if value == cost] or [
        card(currency, cost - 9, 2),
        card(currency, 9, 2),
    ]
    set_hand(state, asked, exact)
    state.apply(Take((state.offer[0],)))
    assert state.phase == vizier.WINDOW and state.decider == asked
    assert_illegal(state, BuyFalcon(BLACK_PG, exact[0], 1, 1), "M-FALCON-2")


def test_any_money_card_pays_but_no_exchange_card_m_falcon_2():
    """[M-FALCON-2] a falcon costs one money card of any currency and value; an exchange card is no money
    ([M-EXCH-3] Choice) and is refused, as is a card the player does not hold.  The moves listed pay with the
    cheapest card of each currency held (a dearer one of the same currency, though legal, only loses money)."""
    state, player = falcon_state(modules=("exchange", "falcons"))
    held = exchange.of(state).held[player]
    swap_card = EXCHANGE_CARDS[0]
    state.deck.remove(swap_card)
    held.append(swap_card)
    for paid in (card("florin", 1), card("florin", 5), card("dirham", 2), card("denar", 9)):
        assert state.is_legal(BuyFalcon(BLACK_PG, paid, 1, 1))
    listed = buys(state.legal_actions())
    assert {m.card for m in listed} == {card("florin", 1), card("dirham", 2), card("denar", 9)}
    error = assert_illegal(state, BuyFalcon(BLACK_PG, swap_card, 1, 1), "M-FALCON-2")
    assert "exchange" in str(error)
    assert_illegal(state, BuyFalcon(BLACK_PG, card("ducat", 4), 1, 1), "M-FALCON-2")
    assert_illegal(state, BuyFalcon(BLACK_PG, SCORING_CARDS[0], 1, 1), "M-FALCON-2")
    state.apply(BuyFalcon(BLACK_PG, card("denar", 9), 1, 1))
    assert state.discard[-1] == card("denar", 9)
    check_conservation(state)


def test_only_falcons_of_the_supply_m_falcon_1():
    """[M-FALCON-1] a falcon comes from the supply: one already on a corner, or a tile that is no falcon, is
    refused."""
    state, _ = falcon_state()
    state.apply(BuyFalcon(BLACK_PG, card("florin", 1), 1, 1))
    assert_illegal(state, BuyFalcon(BLACK_PG, card("florin", 5), 2, 1), "M-FALCON-1")
    assert_illegal(state, BuyFalcon(40, card("florin", 5), 2, 1), "M-FALCON-1")


# ================================================================== [M-FALCON-3] corners
def test_a_falcon_needs_four_tiles_at_its_corner_m_falcon_3():
    """[M-FALCON-3] a falcon goes only on a corner where four tiles of the player's Alhambra meet: the corners of the
    block's edge (one, two or three tiles) are refused; the two inner corners are the ones listed."""
    state, _ = falcon_state()
    florin = card("florin", 1)
    for x, y in ((0, 0), (1, 0), (3, 1), (2, 2), (0, 1), (5, 5)):
        error = assert_illegal(state, BuyFalcon(BLACK_PG, florin, x, y), "M-FALCON-3")
        assert "four tiles" in str(error)
    assert {(m.x, m.y) for m in buys(state.legal_actions())} == {(1, 1), (2, 1)}


def test_both_colours_must_show_among_the_four_tiles_m_falcon_3():
    """[M-FALCON-3] each of the falcon's two colours shows on at least one of the four tiles: the black
    pavilion/seraglio falcon fits (2, 1) only, the white pavilion/arcades one (1, 1) only, the black
    seraglio/arcades one neither (each corner shows one of its colours)."""
    state, _ = falcon_state()
    florin = card("florin", 1)
    assert_illegal(state, BuyFalcon(BLACK_PS, florin, 1, 1), "M-FALCON-3")
    assert_illegal(state, BuyFalcon(WHITE_PA, florin, 2, 1), "M-FALCON-3")
    for x in (1, 2):
        error = assert_illegal(state, BuyFalcon(BLACK_SA, florin, x, 1), "M-FALCON-3")
        assert "needs seraglio" in str(error) or "needs arcades" in str(error)
    listed = {(m.falcon, m.x, m.y) for m in buys(state.legal_actions())}
    assert (BLACK_PS, 2, 1) in listed and (WHITE_PA, 1, 1) in listed and (BROWN_PT, 2, 1) in listed
    assert not {(f, x, y) for f, x, y in listed if f == BLACK_SA}
    assert state.is_legal(BuyFalcon(BLACK_PS, florin, 2, 1)) and state.is_legal(BuyFalcon(WHITE_PA, florin, 1, 1))


def test_the_start_tile_and_huts_count_as_tiles_but_give_no_colour_m_falcon_3():
    """[M-FALCON-3] and its Choice: the start tile and a hut may be among the four tiles, but give no colour, not
    even the hut's own: with an arcades hut beside the start tile, a pavilion and a seraglio, the corner takes the
    pavilion/seraglio falcon and refuses the seraglio/arcades one."""
    state = new_state(3, 2, modules=("huts", "falcons"))
    player = state.turn_player
    hut = next(t for t in HUTS if BUILDING_TYPES[HUT_COLOUR[t]] == "arcades" and TILE_WALLS[t] == N)
    set_grid(state, player, {(1, 0): hut, (0, 1): 6, (1, 1): 13})
    set_hand(state, player, [card("florin", 1)])
    assert_illegal(state, BuyFalcon(BLACK_SA, card("florin", 1), 1, 1), "M-FALCON-3")
    assert {(m.falcon, m.x, m.y) for m in buys(state.legal_actions())} == {(BLACK_PS, 1, 1)}
    state.apply(BuyFalcon(BLACK_PS, card("florin", 1), 1, 1))
    check_falcons(state)


def test_camps_and_bazaars_give_no_colour_m_falcon_3():
    """[M-FALCON-3] Choice: any tile may be one of the four (camps and bazaars too), but only buildings of the six
    types give colours."""
    origin = cell_at(0, 0)
    grid = {origin: START_TILES[0], cell_at(1, 0): CAMPS[0], cell_at(0, 1): BAZAARS[0], cell_at(1, 1): 40}
    assert falcons.meeting_corners(grid) == ((cell_at(1, 1), 1 << BUILDING_TYPES.index("garden")),)


def test_one_falcon_per_corner_m_falcon_3():
    """[M-FALCON-3] at most one falcon per corner: a second one on a taken corner is refused, in the same turn and
    in a later one."""
    state, player = falcon_state()
    state.apply(BuyFalcon(BLACK_PG, card("florin", 1), 1, 1))
    error = assert_illegal(state, BuyFalcon(WHITE_PA, card("florin", 5), 1, 1), "M-FALCON-3")
    assert "one falcon per corner" in str(error)
    state.apply(StopFalcons())
    take_round(state, player)
    assert_illegal(state, BuyFalcon(WHITE_PA, card("florin", 5), 1, 1), "M-FALCON-3")
    assert {(m.x, m.y) for m in buys(state.legal_actions())} == {(2, 1)}


def corner_oracle(state: GameState, player: int) -> set[tuple[int, int, int]]:
    """(falcon, x, y) for every falcon of the supply and every corner that takes it, worked out from the rule alone."""
    grid = state.boards[player].grid
    found = falcons.of(state)
    taken = set(falcons.falcons_of(state, player))
    xs = [cell % 128 - 64 for cell in grid]
    ys = [cell // 128 - 64 for cell in grid]
    legal = set()
    for x in range(min(xs), max(xs) + 2):
        for y in range(min(ys), max(ys) + 2):
            four = [grid.get(cell_at(x + dx, y + dy)) for dx, dy in ((-1, -1), (0, -1), (-1, 0), (0, 0))]
            if None in four or (x, y) in taken:
                continue
            colours = {TILE_TYPE[t] for t in four} - {None}
            legal |= {(f, x, y) for f in found.supply if set(FALCON_TYPES[f]) <= colours}
    return legal


def cheapest_cards(hand: list[int]) -> set[int]:
    best: dict[int, int] = {}
    for c in hand:
        old = best.get(CARD_CURRENCY[c])
        if old is None or (CARD_VALUE[c], c) < (CARD_VALUE[old], old):
            best[CARD_CURRENCY[c]] = c
    return set(best.values())


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_falcons_listed_are_exactly_the_legal_ones_m_falcon_2_m_falcon_3(players):
    """[M-FALCON-2] [M-FALCON-3] at every decision of random games, the falcon purchases listed are every falcon of
    the supply on every corner the rule allows (an oracle from the rule alone), each with the cheapest card of each
    currency held; each is accepted, and ``can_buy`` agrees; none is listed where the falcon action is not allowed."""
    for seed in range(3):
        state = new_state(players, 60 + seed, log=False, modules=("falcons",))
        rng = random.Random(seed)
        bought = 0
        while not state.is_over:
            moves = state.legal_actions()
            listed = buys(moves)
            player = state.turn_player
            allowed = state.phase == FLIGHT or (state.phase == ACTION and not state.held)
            expected = corner_oracle(state, player) if allowed and state.hands[player] else set()
            assert {(m.falcon, m.x, m.y) for m in listed} == expected
            assert len(set(listed)) == len(listed)
            if listed:
                assert {m.card for m in listed} == cheapest_cards(state.hands[player])
                for move in rng.sample(listed, min(3, len(listed))):
                    assert state.is_legal(move)
            if state.phase in (ACTION, FLIGHT):
                assert falcons.can_buy(state, player) == bool(falcons.purchases(state, player))
            choice = rng.choice(moves)
            bought += isinstance(choice, BuyFalcon)
            state.apply(choice)
            check_falcons(state)
        assert bought, "random play bought falcons"


# ================================================================== [M-FALCON-4] falcons return
def two_falcons(players: int = 3) -> tuple[GameState, int]:
    """``BLOCK`` with the black pavilion/garden falcon on (1, 1) and the black pavilion/seraglio one on (2, 1), and
    the owner's turn again."""
    state, player = falcon_state(players)
    state.apply(BuyFalcon(BLACK_PG, card("florin", 1), 1, 1))
    state.apply(BuyFalcon(BLACK_PS, card("dirham", 2), 2, 1))
    take_round(state, player)
    return state, player


def test_a_falcon_returns_when_a_tile_under_it_is_lifted_m_falcon_4():
    """[M-FALCON-4] a falcon is never redesigned: lifting a tile under it sends it back to the supply, a
    ``falcon_back`` event right after the redesign's ``reserve``; a falcon on another corner stays."""
    state, player = two_falcons()
    written = len(state.log)
    state.apply(Lift(21))  # the arcades at (0, 1): under the corner (1, 1) only
    assert state.log[written : written + 3] == [
        {"e": "lift", "player": player, "tile": 21, "from": [0, 1]},
        {"e": "reserve", "player": player, "tile": 21},
        {"e": "falcon_back", "player": player, "falcon": BLACK_PG},
    ]
    assert falcons.falcons_of(state, player) == {(2, 1): BLACK_PS}
    assert BLACK_PG in part(state).supply and 21 in state.reserves[player]
    check_conservation(state)
    check_falcons(state)


def test_a_tile_under_two_falcons_sends_both_back_m_falcon_4():
    """[M-FALCON-4] the pavilion at (1, 0) lies under both corners: lifting it returns both falcons."""
    state, player = two_falcons()
    written = len(state.log)
    state.apply(Lift(6))
    back = events_named(state.log[written:], "falcon_back")
    assert {e["falcon"] for e in back} == {BLACK_PG, BLACK_PS}
    assert [e["e"] for e in state.log[written : written + 4]] == ["lift", "reserve", "falcon_back", "falcon_back"]
    assert falcons.falcons_of(state, player) == {} and part(state).supply == list(FALCONS)
    check_falcons(state)


def test_a_swap_returns_the_falcon_too_m_falcon_4():
    """[M-FALCON-4] Choice: a swap ([B-TURN-6] c) takes a tile out of the Alhambra too: the falcon on it returns,
    right after the swap's ``reserve``, even though the tile swapped in shows the same colour."""
    state, player = two_falcons()
    set_reserve(state, player, [22])  # the other wall-less arcades
    written = len(state.log)
    state.apply(Swap(22, 21))  # the arcades at (0, 1): under the corner (1, 1) only
    assert [e["e"] for e in state.log[written : written + 4]] == ["lift", "place", "reserve", "falcon_back"]
    assert state.log[written + 3] == {"e": "falcon_back", "player": player, "falcon": BLACK_PG}
    assert falcons.falcons_of(state, player) == {(2, 1): BLACK_PS}
    check_falcons(state)


def test_other_redesigns_leave_the_falcons_where_they_are_m_falcon_4():
    """[M-FALCON-4] falcons never go to the reserve and are never moved: building from the reserve or lifting a tile
    under no falcon writes no ``falcon_back`` and leaves every falcon on its corner."""
    state, player = two_falcons()
    set_reserve(state, player, [52])
    state.apply(FromReserve(52, 3, 1))
    take_round(state, player)
    state.apply(Lift(52))
    assert not events_named(state.log, "falcon_back")
    assert falcons.falcons_of(state, player) == {(1, 1): BLACK_PG, (2, 1): BLACK_PS}
    check_falcons(state)


# ================================================================== [M-FALCON-5] scoring
def perch(state: GameState, player: int, birds: list[int]) -> None:
    """Arrange: ``player``'s falcons are ``birds`` (on corners far away; the scoring only counts them)."""
    found = part(state)
    for perches in found.perches:
        for corner, (bird, _) in list(perches.items()):
            if bird in birds:
                del perches[corner]
                found.supply.append(bird)
    for bird in birds:
        found.supply.remove(bird)
        found.perches[player][cell_at(bird - FALCONS[0], 30)] = (bird, ())  # a corner of its own
    found.supply.sort()


def of_kind(kind: str) -> list[int]:
    return [f for f in FALCONS if FALCON_KINDS[FALCON_KIND[f]] == kind]


def falcon_items(event: dict) -> dict[tuple[int, str], int]:
    return {(p["player"], p["what"]): p["points"] for p in event["points"] if p["what"].startswith("falcon_")}


def test_each_kind_scores_by_how_many_the_player_has_m_falcon_5():
    """[M-FALCON-5] at every scoring each kind scores apart by how many of it the player has: 1 -> 2, 2 -> 6,
    3 -> 12, 4 -> 20, 5 -> 30, as ``falcon_black``, ``falcon_brown``, ``falcon_white`` items added to the totals."""
    state = new_state(3, 7, modules=("falcons",))
    black, brown, white = of_kind("black"), of_kind("brown"), of_kind("white")
    perch(state, 0, [black[0], *brown[:2], *white[:3]])
    perch(state, 1, [*black[1:], *brown[2:], *white[3:]])
    before = list(state.scores)
    stack_deck(state, [SCORING_CARDS[0]])
    state.apply(Take((state.offer[0],)))
    (score,) = events_named(state.log, "score")
    assert falcon_items(score) == {
        (0, "falcon_black"): 2,
        (0, "falcon_brown"): 6,
        (0, "falcon_white"): 12,
        (1, "falcon_black"): 20,
        (1, "falcon_brown"): 12,
        (1, "falcon_white"): 6,
    }
    for player in range(3):
        earned = sum(p["points"] for p in score["points"] if p["player"] == player)
        assert state.scores[player] - before[player] == earned
    perch(state, 0, black)
    perch(state, 2, white)
    stack_deck(state, [SCORING_CARDS[1]])
    state.apply(Take((state.offer[0],)))
    assert falcon_items(events_named(state.log, "score")[-1]) == {
        (0, "falcon_black"): 30,
        (0, "falcon_brown"): 6,
        (1, "falcon_brown"): 12,
        (2, "falcon_white"): 30,
    }


def recount_falcon_scores(record: dict) -> int:
    """[M-FALCON-5] follow a record's falcon events and check every ``score``'s falcon items against the falcons each
    player holds at that moment; returns the number of falcon items seen."""
    players = len(record["config"]["players"])
    holding: list[Counter] = [Counter() for _ in range(players)]
    kind_of = {t["id"]: t["colour"] for t in record["tiles"] if t["kind"] == "falcon"}
    seen = 0
    for event in record["events"]:
        if event["e"] == "falcon":
            holding[event["player"]][kind_of[event["falcon"]]] += 1
        elif event["e"] == "falcon_back":
            holding[event["player"]][kind_of[event["falcon"]]] -= 1
        elif event["e"] == "score":
            expected = {
                (p, f"falcon_{kind}"): (0, 2, 6, 12, 20, 30)[count]
                for p in range(players)
                for kind, count in holding[p].items()
                if count
            }
            assert falcon_items(event) == expected
            seen += len(expected)
    return seen


# ================================================================== state, knowledge, records
def test_the_falcons_are_cloned_and_known_to_everyone_d_hidden_1():
    """[D-HIDDEN-1] the supply and every player's falcons are public: a clone copies them (changing the copy leaves
    the original alone), the knowledge key compares them, and every player's knowledge holds them."""
    state, player = falcon_state()
    state.apply(BuyFalcon(BLACK_PG, card("florin", 1), 1, 1))
    copy = state.clone()
    part(copy).perches[player].clear()
    part(copy).supply.append(BLACK_PG)
    assert falcons.falcons_of(state, player) == {(1, 1): BLACK_PG} and BLACK_PG not in part(state).supply
    assert state_key(copy) != state_key(state)
    for viewer in range(state.players):
        known = state.knowledge(viewer).state
        assert falcons.falcons_of(known, player) == {(1, 1): BLACK_PG}
        sample = state.determinize(viewer, random.Random(viewer))
        assert part(sample).key() == part(state).key()


def test_falcon_actions_are_refused_without_the_module_m_falcon_2():
    """[M-FALCON-2] without the falconers module, buying a falcon or stopping is refused naming the falcon rule."""
    state = new_state(3, 1)
    player = state.turn_player
    set_grid(state, player, BLOCK)
    error = assert_illegal(state, BuyFalcon(BLACK_PG, state.hands[player][0], 1, 1), "M-FALCON-2")
    assert "falconers" in str(error)
    assert_illegal(state, StopFalcons(), "M-FALCON-2")
    assert not buys(state.legal_actions())


def test_falcon_events_read_back_and_tampering_is_refused_d_rng_1():
    """[D-RNG-1] [M-FALCON-2] [M-FALCON-4] each ``falcon`` event reads back as the very decision that wrote it, with
    RECORD.md's fields; a game with falcons replays exactly; a falcon moved to another corner, paid with a card not
    held, or written after the stop is refused with one line naming the event."""
    game = new_game(3, 21, ("falcons",))
    rng = random.Random(3)
    state = game.state
    while not state.is_over:
        moves = state.legal_actions()
        bird = buys(moves)
        action = rng.choice(bird) if bird and rng.random() < 0.5 else rng.choice(moves)
        first, phase, decider = len(game.events), state.phase, state.decider
        game.apply(action)
        if isinstance(action, BuyFalcon):
            assert read_decision(game.events, first, phase, decider) == action
    record = json.loads(json.dumps(to_record(game)))
    events = record["events"]
    assert all(set(e) == {"e", "player", "falcon", "card", "at"} for e in events_named(events, "falcon"))
    assert all(set(e) == {"e", "player", "falcon"} for e in events_named(events, "falcon_back"))
    assert events_named(events, "falcon_back"), "random play lifted a tile under a falcon"
    for index, event in enumerate(events):
        if event["e"] == "falcon_back":
            assert events[index - 1]["e"] in ("reserve", "falcon_back")
    assert recount_falcon_scores(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(game.state)
    bought = next(i for i, e in enumerate(events) if e["e"] == "falcon")
    bad = json.loads(json.dumps(record))
    bad["events"][bought]["at"] = [40, 40]
    with pytest.raises(RecordError, match=f"event {bought} .*M-FALCON-3"):
        loads(json.dumps(bad))
    bad = json.loads(json.dumps(record))
    bad["events"][bought]["card"] = SCORING_CARDS[0]
    with pytest.raises(RecordError, match=f"event {bought} .*M-FALCON-2"):
        loads(json.dumps(bad))
    stop = next(i for i, e in enumerate(events) if e["e"] == "falcon" and events[i + 1]["e"] == "turn")
    bad = json.loads(json.dumps(record))
    bad["events"].insert(stop + 2, dict(bad["events"][stop]))
    with pytest.raises(RecordError, match=f"event {stop + 2}"):
        loads(json.dumps(bad))


def test_an_unfinished_game_saved_while_buying_falcons_loads_d_rng_1():
    """[D-RNG-1] a record saved between two falcons of one turn loads to the same state (still buying falcons),
    and the loaded game goes on exactly like the original."""
    game = new_game(3, 33, ("falcons",))
    rng = random.Random(5)
    while game.state.phase != FLIGHT:
        moves = game.state.legal_actions()
        bird = buys(moves)
        game.apply(rng.choice(bird) if bird else rng.choice(moves))
    loaded = loads(json.dumps(to_record(game)))
    assert loaded.state.phase == FLIGHT and state_key(loaded.state) == state_key(game.state)
    for copy in (game, loaded):
        copy.apply(StopFalcons())
    assert to_record(loaded) == to_record(game)


def test_a_bonus_card_revealed_between_two_falcons_m_bonus_2():
    """[M-BONUS-2] a bonus card may be revealed at any moment while eligible, also between two falcons: the falcon
    action goes on after it, and the record reads the falcon after the reveal as the same turn's."""
    state, player = falcon_state(modules=("bonus", "falcons"))
    cards = bonus.of(state)
    named = next(c for c in bonus.BONUS_CARDS if bonus.BONUS_TILE[c] == (TILE_TYPE[40], TILE_COST[40]))
    mine = cards.cards[player]
    if named not in mine:  # arrange: the card naming the garden at (1, 1) is the player's
        pile = next((held for held in cards.cards if named in held), cards.aside)
        pile[pile.index(named)], mine[0] = mine[0], named
    state.apply(BuyFalcon(BLACK_PG, card("florin", 1), 1, 1))
    assert RevealBonus(named) in state.optional_actions()
    state.apply(RevealBonus(named))
    assert state.phase == FLIGHT and StopFalcons() in state.legal_actions()
    state.apply(BuyFalcon(BLACK_PS, card("dirham", 2), 2, 1))
    assert [e["e"] for e in state.log[-4:]] == ["falcon", "bonus", "falcon", "turn"]
    assert read_decision(state.log, len(state.log) - 2, FLIGHT, player) == BuyFalcon(BLACK_PS, card("dirham", 2), 2, 1)


def test_a_record_with_a_reveal_between_two_falcons_replays_d_rng_1():
    """[D-RNG-1] [M-BONUS-2] a random game's record with a bonus card revealed between two falcons of one turn
    replays exactly (the replay reads no stop before the reveal)."""
    for seed in range(60):
        game = new_game(3, 400 + seed, ("bonus", "falcons"))
        play(game.state, random_policy(random.Random(seed)))
        events = game.events
        if any(
            events[i - 1]["e"] == events[i + 1]["e"] == "falcon" and events[i]["e"] == "bonus"
            for i in range(1, len(events) - 1)
        ):
            loaded = loads(json.dumps(to_record(game)))
            assert state_key(loaded.state) == state_key(game.state)
            return
    pytest.fail("no random game revealed a bonus card between two falcons")


# ================================================================== whole games
GAME_MODULES = [("falcons",), *((name, "falcons") for name in EXPANSION_1), (*EXPANSION_1, "falcons")]


def _no_reveal_while_buying_falcons(rng: random.Random):
    """Random choices among the legal and optional moves, but no bonus card revealed between two falcons: the
    independent reader (``record_reader.follow``) does not yet accept one (RECORD.md allows it at any moment)."""

    def choose(state: GameState, actions: list) -> object:
        if state.phase == FLIGHT:
            actions = [a for a in actions if not isinstance(a, RevealBonus)]
        return rng.choice(actions)

    return choose


@pytest.mark.parametrize("modules", GAME_MODULES, ids=lambda chosen: "+".join(chosen))
@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in range(3, 7))])
def test_random_games_with_falcons_end_legally_and_replay_m_falcon_4_d_rng_1(players, modules):
    """[M-FALCON-1] [M-FALCON-4] [M-FALCON-5] [D-RNG-1] whole random games with falcons (2-6 players, alone and with
    each of expansion 1's modules and all four): every card and tile and every falcon stays accounted for after
    every decision, every falcon sits where its four tiles meet and show its colours, the game ends after the
    third scoring, the falcons' score items match the falcons held, and the record is followed by the independent
    reader and replays to the same state, written back unchanged."""
    seed = 900 + 10 * players + GAME_MODULES.index(modules)
    game = new_game(players, seed, modules)
    choose = _no_reveal_while_buying_falcons(random.Random(seed))
    state = game.state
    while not state.is_over:
        state.apply(choose(state, state.legal_actions() + state.optional_actions()))
        check_conservation(state)
        check_falcons(state)
    assert state.rounds_scored == 3 and state.legal_actions() == []
    record = json.loads(json.dumps(to_record(game)))
    assert events_named(record["events"], "falcon"), "random play bought falcons"
    recount_falcon_scores(record)
    check_structure(record)
    follow(record)
    loaded = loads(json.dumps(record))
    assert state_key(loaded.state) == state_key(state)
    assert json.loads(json.dumps(to_record(loaded))) == record
