"""The AI with city gates ([M-GATE-1] to [M-GATE-9]) and city walls ([M-WALL-1] to [M-WALL-8]).

Greedy and MCTS play whole games with either module, both, and with other modules; in constructed positions they
take the gate card for a tile only a gate brings in, place it through the gate rather than on the reserve, and build
a wall card where it lengthens the longest outer wall ([B-SCORE-4]) without walling in their own spots; the
evaluation counts a gate card held and walls on a tile not placed yet; the quick rollout policy prices and plays
the moves; greedy's hint says each in one line; decisions never depend on what a player cannot know
([D-HIDDEN-1]).  MCTS runs with small iteration budgets: strength is measured by tournaments.

The gate layout: the start tile at (0, 0) has no walls; (1, 0) shows walls east, (0, 1) south and (1, 1) east and
south.  A tile with walls east, south and west (open north only) fits no cell on foot, but at (2, 0) it touches
(1, 0) only across a double wall: a gate brings it in ([M-GATE-5]).
"""

from __future__ import annotations

import random

import pytest
from test_module_play import midgame as module_midgame

from ai import make_agent
from ai.evaluation import expected_final_scores
from ai.fast_policy import UNPRICED, Pricer, fast_action
from ai.greedy import GreedyAgent
from ai.mcts import Budget, MctsAgent
from ai.modules import gates as gates_advice
from ai.modules import walls as walls_advice
from game.engine import ACTION, GameState, deal
from game.engine.alhambra import cell_at
from game.engine.components import CARD_WALLS, TILE_WALLS, WALL_CARDS, is_gate_card
from game.engine.knowledge import state_key
from game.engine.messages import Message
from game.engine.modules import gates, walls
from game.engine.modules.gates import GatedFromReserve, GatedPlace, TakeGate
from game.engine.modules.walls import BuildWall
from tests.engine.helpers import hold, new_state, set_grid, set_hand, set_reserve, tile_with

GATE_LAYOUT = {(1, 0): "E", (0, 1): "S", (1, 1): "ES"}
MODULE_MOVES = (TakeGate, GatedPlace, GatedFromReserve, BuildWall)


def agent(name: str, seed: int = 0, iterations: int = 12):
    """The agent by name, MCTS cut down to a budget that keeps the suite quick."""
    found = make_agent(name, seed)
    if isinstance(found, MctsAgent):
        found.budget = Budget(iterations=iterations)
    return found


def turn_of(state: GameState, player: int) -> None:
    """``player``'s turn, in the action phase, with nobody stalling ([B-TURN-6] redesigns stay open)."""
    while state.turn_player != player:
        state.next_turn()
    state.phase = ACTION
    state.decider = player
    state.idle_turns = 0


def gate_beside_market(state: GameState) -> int:
    """Lay a gate card from the deck beside the market ([M-GATE-3])."""
    card = next(c for c in reversed(state.deck) if is_gate_card(c))
    state.deck.remove(card)
    gates.of(state).display = card  # type: ignore[union-attr]
    return card


def give_gate(state: GameState, player: int) -> int:
    card = next(c for c in reversed(state.deck) if is_gate_card(c))
    state.deck.remove(card)
    gates.of(state).held[player].append(card)  # type: ignore[union-attr]
    return card


def stuck_state(modules: tuple[str, ...] = ("gates",)) -> tuple[GameState, int]:
    """Player 0's turn with the gate layout and nothing in hand; the tile open only north is returned, not placed."""
    state = new_state(2, 3, modules=modules)
    turn_of(state, 0)
    grid = set_grid(state, 0, GATE_LAYOUT)
    set_hand(state, 0, [])
    stuck = tile_with("ESW", avoid=grid.values())
    return state, stuck


def wall_card(sides: int) -> int:
    return next(c for c in WALL_CARDS if CARD_WALLS[c] == sides)


def show_wall(state: GameState, card: int) -> None:
    state.deck.remove(card)
    walls.of(state).shown.append(card)  # type: ignore[union-attr]


# ================================================================== city gates
def test_a_stuck_tile_is_found_and_a_gate_is_its_only_way_in_m_gate_5() -> None:
    """[M-GATE-5] the layout's premise, as the advice sees it: the tile fits no cell on foot, two cells are walled
    in, and the engine lists a placement of it through one gate."""
    state, stuck = stuck_state()
    set_reserve(state, 0, [stuck])
    give_gate(state, 0)
    assert not state.can_place(0, stuck)
    assert gates_advice.stuck_tiles(state, 0) == [stuck]
    assert len(gates_advice.walled_in(state.boards[0])) >= 2
    assert gates.placements(state, 0, stuck)


def test_greedy_takes_the_gate_card_for_a_tile_only_a_gate_brings_in_m_gate_4_m_gate_5() -> None:
    """[M-GATE-4] with a reserve tile that only a gate brings into the Alhambra, greedy takes the gate card rather
    than money, and says why."""
    state, stuck = stuck_state()
    set_reserve(state, 0, [stuck])
    card = gate_beside_market(state)
    decision = GreedyAgent(0).decide(state.knowledge(0), state.legal_actions())
    assert decision.action == TakeGate(card)
    assert "only across a double wall" in decision.reason


@pytest.mark.parametrize("level", ["mcts:easy", "mcts:normal"])
def test_mcts_takes_the_gate_card_for_the_tile_it_just_bought_m_gate_4_m_gate_5(level: str) -> None:
    """[M-GATE-4] [M-GATE-5] [B-TURN-4] the extra action after an exact payment, with the tile bought fitting only
    across a double wall: the search takes the gate card, which brings the tile in at the end of the turn."""
    state, stuck = stuck_state()
    hold(state, [stuck])
    state.phase = ACTION  # the extra action; the tile waits to be placed
    card = gate_beside_market(state)
    assert agent(level, seed=0, iterations=200).choose(state.knowledge(0), state.legal_actions()) == TakeGate(card)


def test_greedy_takes_money_when_no_tile_needs_a_gate_m_gate_4() -> None:
    """[M-GATE-4] the same position without the stuck tile: the gate card is a weak option, a money card is better."""
    state, _ = stuck_state()
    gate_beside_market(state)
    action = GreedyAgent(0).choose(state.knowledge(0), state.legal_actions())
    assert not isinstance(action, TakeGate)


def test_greedy_places_a_stuck_tile_through_a_gate_not_on_the_reserve_m_gate_5() -> None:
    """[M-GATE-5] a tile bought that fits only across a double wall goes in through the gate card held."""
    state, stuck = stuck_state()
    give_gate(state, 0)
    hold(state, [stuck])
    decision = GreedyAgent(0).decide(state.knowledge(0), state.legal_actions())
    assert isinstance(decision.action, GatedPlace) and decision.action.tile == stuck
    assert "only across a double wall" in decision.reason and "longest wall" in decision.reason


def test_greedy_builds_a_reserve_tile_through_a_gate_m_gate_5() -> None:
    """[M-GATE-5] [B-TURN-6] holding a gate card and a stuck reserve tile, greedy's redesign brings it in."""
    state, stuck = stuck_state()
    set_reserve(state, 0, [stuck])
    give_gate(state, 0)
    action = GreedyAgent(0).choose(state.knowledge(0), state.legal_actions())
    assert isinstance(action, GatedFromReserve) and action.tile == stuck


@pytest.mark.parametrize("level", ["mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert"])
def test_mcts_places_a_stuck_tile_through_a_gate_m_gate_5(level: str) -> None:
    """[M-GATE-5] the search, too, brings the bought tile in through the gate."""
    state, stuck = stuck_state()
    give_gate(state, 0)
    hold(state, [stuck])
    action = agent(level, seed=2, iterations=60).choose(state.knowledge(0), state.legal_actions())
    assert isinstance(action, GatedPlace)


def test_the_evaluation_counts_a_gate_card_held_and_the_card_beside_the_market_m_gate_4() -> None:
    """[M-GATE-4] [M-GATE-5] a gate card held is worth more with a stuck tile than without; taking the card beside
    the market from a rival who has a stuck tile gains more than the card is worth to oneself (a denial)."""
    state, stuck = stuck_state()
    base = expected_final_scores(state)[0]
    give_gate(state, 0)
    option = expected_final_scores(state)[0] - base
    assert option > 0
    set_reserve(state, 0, [stuck])
    with_stuck = expected_final_scores(state)[0]
    gates.of(state).held[0].clear()  # type: ignore[union-attr]
    without_card = expected_final_scores(state)[0]
    assert with_stuck - without_card > option

    rival, _ = stuck_state()
    set_grid(rival, 1, GATE_LAYOUT)
    set_reserve(rival, 1, [tile_with("ESW", avoid=[*rival.boards[1].grid.values(), *rival.boards[0].grid.values()])])
    card = gate_beside_market(rival)
    before = expected_final_scores(rival)
    after_state = rival.clone()
    after_state.apply_trusted(TakeGate(card))
    after = expected_final_scores(after_state)
    assert after[1] < before[1], "the rival lost the chance of the card"


def test_rollouts_price_and_play_the_gate_moves_m_gate_4_m_gate_5() -> None:
    """The quick policy prices taking the card and placing through a gate (never as an unpriced move), takes the card
    for a stuck tile, and places a stuck tile through the gate rather than on the reserve."""
    state, stuck = stuck_state()
    set_reserve(state, 0, [stuck])
    card = gate_beside_market(state)
    pricer = Pricer(state)
    assert pricer.price(TakeGate(card)) > 0
    moves = [fast_action(state, random.Random(seed), 0.0) for seed in range(3)]
    assert all(move == TakeGate(card) for move in moves)

    placing, stuck = stuck_state()
    give_gate(placing, 0)
    hold(placing, [stuck])
    move = fast_action(placing, random.Random(1), 0.0)
    assert isinstance(move, GatedPlace)
    assert Pricer(placing).price(move) > UNPRICED


# ================================================================== city walls
def test_greedy_builds_the_wall_where_it_lengthens_the_longest_wall_m_wall_4_b_score_4() -> None:
    """[M-WALL-4] [B-SCORE-4] a wall card south can go on any of three tiles; only on the corner tile does it join
    the longest wall, and greedy builds it there (and says so)."""
    state = new_state(2, 3, modules=("walls",))
    turn_of(state, 0)
    grid = set_grid(state, 0, {(1, 0): "N", (2, 0): "NE"})
    set_hand(state, 0, [])
    card = wall_card(4)
    show_wall(state, card)
    corner = next(tile for tile in grid.values() if TILE_WALLS[tile] == 3)  # north and east
    builds = [a for a in state.legal_actions() if isinstance(a, BuildWall)]
    assert len(builds) == 3
    decision = GreedyAgent(0).decide(state.knowledge(0), state.legal_actions())
    assert decision.action == BuildWall(card, corner)
    assert "longest wall 3 -> 4" in decision.reason


def test_a_wall_that_walls_in_a_spot_is_the_worse_of_two_equal_walls_m_wall_4_m_wall_6() -> None:
    """[M-WALL-4] [M-WALL-6] a wall card north fits the tiles at (1, 0) and (0, -1), each a wall of length 1.  At
    (1, 0) the cell in front stays open (its west neighbour shows an open side); at (0, -1) the cell in front is
    then walled in.  Greedy and the search's ordering prefer the wall that keeps the spot."""
    state = new_state(2, 3, modules=("walls",))
    turn_of(state, 0)
    grid = set_grid(state, 0, {(1, 0): "", (0, -1): ""})
    set_hand(state, 0, [])
    card = wall_card(1)  # north
    show_wall(state, card)
    board = state.boards[0]
    keeps = BuildWall(card, next(t for t in grid.values() if board.cell_of(t) == cell_at(1, 0)))
    cuts = BuildWall(card, next(t for t in grid.values() if board.cell_of(t) == cell_at(0, -1)))
    assert {keeps, cuts} == {a for a in state.legal_actions() if isinstance(a, BuildWall)}
    for move in (keeps, cuts):
        after = state.clone()
        after.apply_trusted(move)
        assert after.boards[0].wall_length() == 1
    greedy = GreedyAgent(0)
    assert greedy.action_value(state, keeps, 0) > greedy.action_value(state, cuts, 0)
    pricer = Pricer(state)
    assert pricer.price(keeps) > pricer.price(cuts)


def test_walls_on_a_tile_just_bought_count_where_it_will_go_m_wall_4_m_wall_7() -> None:
    """[M-WALL-4] [M-WALL-7] walls built on a tile not yet placed count for the longest wall it will make once
    placed: a wall that extends the best placement's wall raises the estimate, the evaluation sees it before the
    placement, and greedy builds it on the tile bought."""
    state = new_state(2, 3, modules=("walls",))
    turn_of(state, 0)
    grid = set_grid(state, 0, {(1, 0): "N"})
    set_hand(state, 0, [])
    bought = tile_with("N", avoid=grid.values())
    hold(state, [bought])
    state.phase = ACTION  # the extra action after an exact payment ([B-TURN-4]); the tile waits
    card = wall_card(2)  # east: at (2, 0) the new tile's walls run north then east
    show_wall(state, card)
    before = expected_final_scores(state)[0]
    after = state.clone()
    after.apply_trusted(BuildWall(card, bought))
    assert walls_advice.unplaced_gain(after.boards[0], bought) >= 1
    assert expected_final_scores(after)[0] > before
    assert walls_advice.build_worth(state, 0, card, bought) >= 1


def test_the_search_orders_builds_by_their_wall_m_wall_4() -> None:
    """The rollout prices order the builds the search meets: the wall that lengthens the longest wall first."""
    state = new_state(2, 3, modules=("walls",))
    turn_of(state, 0)
    set_grid(state, 0, {(1, 0): "N", (2, 0): "NE"})
    card = wall_card(4)
    show_wall(state, card)
    pricer = Pricer(state)
    builds = sorted((a for a in state.legal_actions() if isinstance(a, BuildWall)), key=pricer.price, reverse=True)
    best = builds[0]
    assert TILE_WALLS[best.tile] == 3 and pricer.price(best) > pricer.price(builds[-1])


# ================================================================== hints
def test_greedy_explains_every_gate_and_wall_move_in_one_line() -> None:
    """Each new move has its own line: a template with named arguments, the move said as ``said_action`` says it."""
    state, stuck = stuck_state(("gates", "walls"))
    set_reserve(state, 0, [stuck])
    card = gate_beside_market(state)
    show_wall(state, wall_card(1))
    greedy = GreedyAgent(0)
    lines = {"take": greedy.reason(state, TakeGate(card), 0, 1.0)}
    give_gate(state, 0)
    build_from_reserve = next(a for a in state.legal_actions() if isinstance(a, GatedFromReserve))
    lines["reserve"] = greedy.reason(state, build_from_reserve, 0, 1.0)
    lines["wall"] = greedy.reason(state, next(a for a in state.legal_actions() if isinstance(a, BuildWall)), 0, 1.0)
    for key, line in lines.items():
        assert isinstance(line, Message), key
        assert line.args["move"] and "\n" not in str(line) and "{" not in str(line), key
        assert "expected points against the strongest rival" not in str(line), key


# ================================================================== whole games
def play(names: list[str], seed: int, modules: tuple[str, ...]) -> tuple[GameState, dict[str, int]]:
    """A whole game between ``names``; every decision is checked to be legal.  Returns the end and the moves made."""
    state = GameState.start(deal(len(names), seed, modules), seed)
    agents = [agent(name, seed + seat) for seat, name in enumerate(names)]
    seen: dict[str, int] = {}
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        choice = agents[state.decider].choose(state.knowledge(state.decider), legal) if len(legal) > 1 else legal[0]
        assert choice in legal and state.is_legal(choice), (state.phase, choice)
        seen[type(choice).__name__] = seen.get(type(choice).__name__, 0) + 1
        state.apply(choice)
        decisions += 1
        assert decisions < 3000, "the game must end"
    return state, seen


def test_greedy_finishes_a_two_player_game_with_gates_and_walls() -> None:
    """[M-GATE-4] [M-WALL-4] a whole game, every decision legal; greedy builds walls."""
    state, seen = play(["greedy", "greedy"], 5, ("gates", "walls"))
    assert state.is_over and seen.get("BuildWall", 0) > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "modules",
    [("gates",), ("walls",), ("gates", "walls"), ("vizier", "gates", "camps", "walls", "thieves", "chests")],
)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["greedy", "mcts:easy"])
def test_every_agent_finishes_whole_games_with_gates_and_walls(
    name: str, players: int, modules: tuple[str, ...]
) -> None:
    """[M-GATE-4] [M-GATE-5] [M-WALL-4] complete games with each module alone, both, and with others; every
    decision legal."""
    state, _ = play([name] * players, 60 + players, modules)
    assert state.is_over


@pytest.mark.slow
def test_the_bots_use_every_new_move_over_a_few_games() -> None:
    """Over a few games greedy and MCTS take gate cards, place through gates and build walls."""
    seen: dict[str, int] = {}
    for seed in range(6):
        _, moves = play(["greedy", "mcts:easy", "greedy"], 80 + seed, ("gates", "walls"))
        for key, count in moves.items():
            seen[key] = seen.get(key, 0) + count
    assert seen.get("TakeGate", 0) > 0 and seen.get("BuildWall", 0) > 0
    assert seen.get("GatedPlace", 0) + seen.get("GatedFromReserve", 0) + seen.get("GatedSwap", 0) > 0


# ================================================================== [D-HIDDEN-1]
def midgame(seed: int) -> GameState:
    """Sixty decisions into a game with gates and walls (``test_module_play.midgame``)."""
    return module_midgame(seed, 60, ("gates", "walls"))


@pytest.mark.parametrize("name", ["greedy", "mcts:easy"])
def test_decisions_never_depend_on_where_gate_and_wall_cards_lie_in_the_deck_d_hidden_1(name: str) -> None:
    """[D-HIDDEN-1] [M-GATE-2] [M-WALL-2] two games that differ only in the order of the face-down deck (where the
    gate and wall cards still to come lie) give the player the same knowledge, and a bot the same decision."""
    for seed in (3, 4):
        state = midgame(seed)
        twin = state.clone()
        rng = random.Random(seed)
        rng.shuffle(twin.deck)
        assert state_key(twin) != state_key(state)
        me = state.decider
        assert twin.knowledge(me) == state.knowledge(me)
        legal = state.legal_actions()
        mine = agent(name, seed=8, iterations=30).choose(state.knowledge(me), legal)
        theirs = agent(name, seed=8, iterations=30).choose(twin.knowledge(me), legal)
        assert mine == theirs
