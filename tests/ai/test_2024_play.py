"""The AI with the 2024 edition's modules: camps ([M-CAMP-1] to [M-CAMP-4]), bazaars ([M-BAZAAR-1] to
[M-BAZAAR-6]) and falconers ([M-FALCON-1] to [M-FALCON-5]).

Every agent plays whole games with all seven modules on, every decision legal; the evaluation counts camp
lines, bazaar points and falcon sets; the rollouts price a camp's or bazaar's purchase by its best cell, a
placement by the lines and bazaars it adds to, and a falcon by the points it adds over the scorings to come.
MCTS runs with small iteration budgets: strength is measured by tournaments.
"""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.evaluation import expected_final_scores
from ai.fast_policy import Pricer, turn_candidates
from ai.mcts import Budget, MctsAgent
from ai.modules import advice_for
from ai.modules.falcons import flight_moves, price_buy
from game.engine import GameState, Place, deal
from game.engine.alhambra import ORIGIN, cell_at, violations
from game.engine.board import Board
from game.engine.components import (
    BAZAAR_TYPES,
    BAZAARS,
    BUILDING_TYPES,
    BUILDINGS,
    CAMP_ARROWS,
    CAMPS,
    FALCON_KIND,
    FALCONS,
    START_TILES,
    TILE_TYPE,
    TILE_WALLS,
    N,
    is_camp,
    walls_from_text,
)
from game.engine.modules import falcons
from game.engine.modules.bazaars import BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar
from game.engine.modules.falcons import BuyFalcon, StopFalcons

SEVEN = ("vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons")
EDITION_2024 = ("camps", "bazaars", "falcons")
MODULE_MOVES = (BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar, BuyFalcon, StopFalcons)


def agent(name: str, seed: int = 0, iterations: int = 10):
    found = make_agent(name, seed)
    if isinstance(found, MctsAgent):
        found.budget = Budget(iterations=iterations)
    return found


def play(names: list[str], seed: int, modules: tuple[str, ...]) -> tuple[GameState, set[str]]:
    """A whole game between ``names``, every decision checked legal; the end and the kinds of module move made."""
    state = GameState.start(deal(len(names), seed, modules), seed)
    agents = [agent(name, seed + seat) for seat, name in enumerate(names)]
    made: set[str] = set()
    while not state.is_over:
        legal = state.legal_actions()
        choice = agents[state.decider].choose(state.knowledge(state.decider), legal) if len(legal) > 1 else legal[0]
        assert choice in legal and state.is_legal(choice), (state.phase, choice)
        if isinstance(choice, MODULE_MOVES) or (hasattr(choice, "tile") and is_camp(choice.tile)):
            made.add(type(choice).__name__ + ("(camp)" if hasattr(choice, "tile") and is_camp(choice.tile) else ""))
        state.apply(choice)
    return state, made


@pytest.mark.parametrize(
    ("names", "seed"),
    [(["greedy", "greedy"], 1), (["greedy", "random", "greedy"], 2), (["mcts:easy", "greedy"], 3)],
)
def test_agents_play_whole_games_with_all_seven_modules(names, seed):
    """[M-CAMP-1] [M-BAZAAR-3] [M-FALCON-2] every agent finishes a game with all seven modules, every decision legal;
    the bots buy and place camps, buy bazaars and falcons."""
    state, made = play(names, seed, SEVEN)
    assert state.is_over
    if "random" not in names:
        assert {"Place(camp)", "BuyBazaar", "BuyFalcon"} & made, made


def test_greedy_uses_every_2024_module_over_a_few_games():
    """[M-CAMP-1] [M-BAZAAR-3] [M-FALCON-2] over a few two-player games greedy builds camps, buys bazaars and buys
    falcons (each module's moves are priced, none is ignored)."""
    made: set[str] = set()
    for seed in range(4):
        made |= play(["greedy", "greedy"], seed, EDITION_2024)[1]
    assert {"Place(camp)", "BuyBazaar", "BuyFalcon"} <= made, made


def tiles_of_type(name: str) -> list[int]:
    return [t for t in BUILDINGS if TILE_TYPE[t] == BUILDING_TYPES.index(name)]


def set_grid(state: GameState, player: int, layout: dict[tuple[int, int], str | int]) -> None:
    """``player``'s Alhambra: the start tile and ``layout`` (a tile, or wall letters for a distinct building with
    exactly those walls), which must be legal; the tiles are taken out of the bag and market (no other check)."""
    used: set[int] = {spec for spec in layout.values() if isinstance(spec, int)}
    grid = {ORIGIN: START_TILES[player]}
    for (x, y), spec in layout.items():
        if isinstance(spec, str):
            walls = walls_from_text(spec)
            spec = next(t for t in BUILDINGS if TILE_WALLS[t] == walls and t not in used)
            used.add(spec)
        grid[cell_at(x, y)] = spec
    assert violations(grid) == []
    for tile in grid.values():
        if tile in state.bag:
            state.bag.remove(tile)
    state.boards[player] = Board(grid)
    state._forget(player)


def _state(modules: tuple[str, ...] = EDITION_2024, players: int = 2, seed: int = 5) -> GameState:
    return GameState.start(deal(players, seed, modules), seed)


def _camp(arrows: int, bastions: int) -> int:
    return next(t for t in CAMPS if CAMP_ARROWS[t] == arrows and TILE_WALLS[t] == bastions)


def test_a_tile_at_the_end_of_a_camps_line_is_worth_its_points_m_camp_3():
    """[M-CAMP-3] the rollouts price a building placed at the end of a camp's arrow line by the point it adds at every
    scoring to come; the same building elsewhere adds nothing to a line."""
    state = _state()
    camp = _camp(N, N)  # bastion and arrow north
    set_grid(state, 0, {(1, 0): "S", (1, 1): camp})  # the camp under (1, 0)'s south wall: its line holds (1, 0)
    advice = advice_for(state.rules)
    tile = tiles_of_type("garden")[0]
    assert advice.points_at(state, 0, tile, cell_at(1, -1)) == 3  # one more tile in line at each of 3 scorings
    assert advice.points_at(state, 0, tile, cell_at(-1, 0)) == 0
    assert expected_final_scores(state)[0] - expected_final_scores(_state())[0] > 0


def test_a_camp_is_worth_its_best_cell_and_nothing_where_it_fits_nowhere_m_camp_1_m_camp_2():
    """[M-CAMP-1] [M-CAMP-2] a camp to buy is worth the lines its best cell gives over the scorings to come; in an
    Alhambra with no wall for its bastion to meet it could only wait on the reserve: worth nothing."""
    state = _state()
    camp = _camp(N, N)
    advice = advice_for(state.rules)
    assert advice.worth_of_tile(state, 0, camp) == 0.0  # start tile alone: no wall for its bastion anywhere
    set_grid(state, 0, {(1, 0): "S", (1, -1): ""})
    assert advice.worth_of_tile(state, 0, camp) >= 2 * 3  # under (1, 0): two tiles in line at each of 3 scorings


def test_camp_placements_come_from_the_camps_rule_m_camp_2():
    """[M-CAMP-2] a waiting camp's placements in the rollouts are exactly the engine's legal cells for it (the base
    game's placement candidates never fit a camp)."""
    state = _state()
    me = state.decider
    set_grid(state, me, {(1, 0): "S", (2, 0): "S", (-1, 0): "N"})
    camp = _camp(N, N)
    (camp_moves,) = [hook for hook in advice_for(state.rules).placement_moves]
    expected = {Place(camp, x, y) for x, y in state.legal_cells(me, camp)}
    assert set(camp_moves(state, camp)) == expected and expected


def test_bazaar_points_are_counted_and_priced_m_bazaar_5():
    """[M-BAZAAR-5] the evaluation counts a bazaar's neighbours of its colours times its colours among them; a building
    of a bazaar's colour next to it is priced by what it adds."""
    state = _state()
    bazaar = BAZAARS[0]
    first, second, _ = BAZAAR_TYPES[bazaar]
    a, b = tiles_of_type(BUILDING_TYPES[first])[0], tiles_of_type(BUILDING_TYPES[second])[0]
    set_grid(state, 0, {(1, 0): "", (0, 1): ""})
    grid = dict(state.boards[0].grid)
    grid[cell_at(1, 1)] = bazaar
    state.boards[0] = Board(grid)
    state._forget(0)
    before = expected_final_scores(state)[0]
    advice = advice_for(state.rules)
    added = advice.points_at(state, 0, a, cell_at(2, 1))  # a building of its first colour beside it
    assert added >= 1
    grid = dict(state.boards[0].grid)
    grid[cell_at(2, 1)] = a
    grid[cell_at(2, 0)] = b
    state.boards[0] = Board(grid)
    state._forget(0)
    assert expected_final_scores(state)[0] > before


def test_a_falcon_is_priced_by_its_points_over_the_scorings_to_come_m_falcon_5():
    """[M-FALCON-5] the second falcon of a kind adds 4 points a scoring, the first 2: the rollouts price them so, over
    the scorings to come, less the card; the evaluation counts a player's falcons the same way."""
    state = _state()
    kind = FALCON_KIND[FALCONS[0]]
    same = [f for f in FALCONS if FALCON_KIND[f] == kind]
    pricer = Pricer(state)
    card = state.hands[state.turn_player][0]
    first = price_buy(pricer, BuyFalcon(same[0], card, 0, 0))
    part = falcons.of(state)
    part.perches[state.turn_player][cell_at(5, 5)] = (same[1], (0, 0, 0, 0))
    part.supply.remove(same[1])
    second = price_buy(pricer, BuyFalcon(same[0], card, 0, 0))
    assert second - first == pytest.approx((6 - 2 - 2) * 3)
    estimate_with = expected_final_scores(state)[state.turn_player]
    del part.perches[state.turn_player][cell_at(5, 5)]
    assert estimate_with - expected_final_scores(state)[state.turn_player] == pytest.approx(2 * 3)


def test_rollouts_consider_one_falcon_per_kind_m_falcon_2():
    """[M-FALCON-2] among the many falcon purchases (falcon x corner x card) the rollouts consider one per kind, with
    the cheapest card; in the falcon action also the stop."""
    state = _state()
    layout = {(x, y): "" for x in range(-1, 2) for y in range(-1, 2) if (x, y) != (0, 0)}
    set_grid(state, state.turn_player, layout)
    buys = [move for move in turn_candidates(state) if isinstance(move, BuyFalcon)]
    listed = falcons.purchases(state, state.turn_player)
    assert listed and len({FALCON_KIND[m.falcon] for m in buys}) == len(buys) <= 3
    assert {FALCON_KIND[m.falcon] for m in buys} == {FALCON_KIND[m.falcon] for m in listed}
    moves = flight_moves(state)
    assert isinstance(moves[-1], StopFalcons)
