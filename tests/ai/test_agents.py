"""Every registered agent keeps the contract of ``ai.Agent`` ([D-HIDDEN-1] included).

Positions come from random games with 2-6 players and cover every decision phase: starting a
turn, the extra action after an exact payment, placing bought tiles and the end-of-game
distribution.  MCTS runs with small iteration budgets here: the contract does not depend on
the budget, and strength is measured by the tournament runner, not by tests.
"""

from __future__ import annotations

import gc
import math
import random
import time

import pytest

from ai import Decision, UnknownAgent, agent_names, canonical_name, make_agent
from ai.mcts import Budget, MctsAgent, win_chances
from ai.random_agent import pick_random
from game.engine import ACTION, FINAL, PLACE, GameState, deal
from game.engine.components import is_money_card
from game.engine.knowledge import Knowledge, state_key


def positions(players: int, seed: int, every: int = 9) -> list[GameState]:
    """Positions along a random game: every ``every`` decisions, plus the first few of each phase."""
    state = GameState.start(deal(players, seed), seed)
    rng = random.Random(seed)
    found = []
    seen: dict[str, int] = {}
    step = 0
    while not state.is_over:
        seen[state.phase] = seen.get(state.phase, 0) + 1
        if step % every == 0 or seen[state.phase] <= 2 or state.phase == FINAL:
            found.append(state.clone())
        state.apply(pick_random(state.legal_actions(), rng))
        step += 1
    return found


def fast(name: str, seed: int = 0):
    """The agent by name, with MCTS cut down to a budget that keeps the suite quick."""
    agent = make_agent(name, seed)
    if isinstance(agent, MctsAgent):
        agent.budget = Budget(iterations=24)
    return agent


@pytest.mark.parametrize("name", agent_names())
@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in range(3, 7))])
def test_every_agent_returns_a_legal_action_in_every_phase(name: str, players: int) -> None:
    """Whatever the phase (ACTION, PLACE, FINAL) and table size, the choice is one of the legal actions."""
    agent = fast(name, seed=players)
    phases = set()
    for state in positions(players, seed=100 + players, every=17 if "mcts" in name else 5):
        legal = state.legal_actions()
        decision = agent.decide(state.knowledge(state.decider), legal)
        assert isinstance(decision, Decision)
        assert decision.action in legal
        assert state.is_legal(decision.action)
        phases.add(state.phase)
    assert {ACTION, PLACE} <= phases


@pytest.mark.parametrize("name", agent_names())
def test_every_agent_gives_a_readable_reason(name: str) -> None:
    """The client's hint shows ``Decision.reason``: one line of text."""
    state = positions(3, seed=7)[4]
    decision = fast(name, seed=1).decide(state.knowledge(state.decider), state.legal_actions())
    assert decision.reason and "\n" not in decision.reason


@pytest.mark.parametrize("name", [n for n in agent_names() if n != "random"])
def test_decisions_are_deterministic_for_a_seed(name: str) -> None:
    """The same seed, knowledge and legal actions give the same decisions, one after another."""
    states = positions(2, seed=11)[:8]
    first, second = fast(name, seed=5), fast(name, seed=5)
    for state in states:
        knowledge, legal = state.knowledge(state.decider), state.legal_actions()
        assert first.choose(knowledge, legal) == second.choose(knowledge, legal)


def with_hidden_order_shuffled(state: GameState, seed: int) -> GameState:
    """The same game but for the order of the deck (scoring cards kept in their piles) and of the bag."""
    other = state.knowledge(state.decider).determinize(random.Random(seed))
    other.seed = state.seed
    return other


@pytest.mark.parametrize("name", [n for n in agent_names() if n != "random"])
def test_fairness_hidden_order_never_changes_a_decision_d_hidden_1(name: str) -> None:
    """[D-HIDDEN-1] two games that differ only in deck and bag order give the same decision.

    This is the fairness test of the AI: an agent that peeked at the order could decide differently.
    """
    for state in positions(3, seed=21, every=13)[:6]:
        twin = with_hidden_order_shuffled(state, seed=99)
        assert state_key(twin) != state_key(state) or not (state.deck or state.bag)
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        mine = fast(name, seed=3).choose(state.knowledge(state.decider), legal)
        theirs = fast(name, seed=3).choose(twin.knowledge(twin.decider), legal)
        assert mine == theirs


def test_agents_only_ever_get_knowledge_in_canonical_order_d_hidden_1() -> None:
    """[D-HIDDEN-1] the knowledge an agent gets holds the deck and bag sorted, not in draw order."""
    state = positions(4, seed=5)[3]
    knowledge = state.knowledge(state.decider)
    assert isinstance(knowledge, Knowledge)
    assert knowledge.state.bag == sorted(state.bag)
    money_in_draw_order = [c for c in reversed(knowledge.state.deck) if is_money_card(c)]
    assert money_in_draw_order == sorted(money_in_draw_order)
    assert knowledge.state.seed == 0


def test_mcts_respects_a_time_budget() -> None:
    """A time-budgeted decision overruns its budget by at most 100 ms (the worst of several)."""
    agent = MctsAgent(Budget(seconds=0.2), seed=1)
    worst = 0.0
    for state in positions(4, seed=8, every=30)[:5]:
        started = time.perf_counter()
        agent.choose(state.knowledge(state.decider), state.legal_actions())
        worst = max(worst, time.perf_counter() - started)
    assert worst <= 0.2 + 0.1


def test_mcts_halves_to_the_final_pair_however_slow_its_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time limit the search times itself before it plans: iterations of 4 ms (all seven
    modules, four players, leaves a round later) once let the first phase take the whole time, so the
    halving never narrowed the ten candidates; now every phase runs and the budget holds.

    The last phase only decides between the final two, and it plans to end 5 % of its time before
    the deadline.  On a loaded machine one slow iteration can cut it short (this failed once in CI
    with two survivors); the move is then the better of the two by value, the same comparison the
    last halving makes.  So the test asks for the final pair, not for the last halving.
    """
    slow_iterate = MctsAgent._iterate

    def iterate_slowly(agent: MctsAgent, *args: object) -> None:
        time.sleep(0.004)
        slow_iterate(agent, *args)

    monkeypatch.setattr(MctsAgent, "_iterate", iterate_slowly)
    agent = MctsAgent(Budget(seconds=0.3), seed=1)
    searched = 0
    for state in positions(4, seed=8, every=30):
        legal = state.legal_actions()
        if state.phase != ACTION or len(legal) <= agent.settings.root_width:
            continue
        started = time.perf_counter()
        root, survivors = agent.search(state.knowledge(state.decider), legal)
        took = time.perf_counter() - started
        assert len(root.children) == agent.settings.root_width
        assert len(survivors) <= 2, f"the halving stopped at {len(survivors)} candidates"
        assert took <= 0.3 + 0.06
        searched += 1
        if searched == 3:
            break
    assert searched == 3


def test_mcts_keeps_the_cycle_collector_out_of_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its full passes took up to 220 ms, enough to overrun a budget; it runs again after the search.

    The objects that outlive the search are frozen (moved out of the collector's sight), so that
    it does not make up for lost time the moment it comes back.
    """
    agent = MctsAgent(Budget(iterations=30), seed=1)
    searching = agent.search
    collector_during_search = []

    def watched(*args):
        collector_during_search.append(gc.isenabled())
        return searching(*args)

    monkeypatch.setattr(agent, "search", watched)
    state = next(s for s in positions(4, seed=8) if s.phase == ACTION)
    assert gc.isenabled()
    agent.choose(state.knowledge(state.decider), state.legal_actions())
    assert collector_during_search == [False] and gc.isenabled()
    assert gc.get_count()[0] < 100 and gc.get_freeze_count() > 0  # what outlived the search is out of its sight

    def failing(*args):
        raise RuntimeError("a search that fails")

    monkeypatch.setattr(agent, "search", failing)
    with pytest.raises(RuntimeError):
        agent.choose(state.knowledge(state.decider), state.legal_actions())
    assert gc.isenabled()


def test_mcts_uses_its_iteration_budget() -> None:
    agent = MctsAgent(Budget(iterations=60), seed=1)
    state = next(s for s in positions(2, seed=4) if s.phase == ACTION and len(s.legal_actions()) > 12)
    agent.choose(state.knowledge(state.decider), state.legal_actions())
    assert agent.last_iterations == 60


def test_registry_names_and_levels() -> None:
    names = agent_names()
    assert {"random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"} <= set(names)
    assert canonical_name("mcts") == "mcts:normal"
    assert canonical_name("greedy") == "greedy"
    for bad in ("mcts:insane", "alphazero", "greedy:hard", ""):
        with pytest.raises(UnknownAgent):
            canonical_name(bad)
    assert make_agent("mcts:hard").name == "mcts:hard"


def test_an_mcts_budget_without_iterations_or_seconds_is_refused() -> None:
    with pytest.raises(ValueError, match="iterations, seconds or both"):
        Budget()


@pytest.mark.parametrize("players", [2, 4])
def test_mcts_evaluates_every_leaf_at_one_point_of_the_game(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaves are compared at one turn: the start of the turn after the searching player's next one."""
    import ai.mcts

    seen: list[tuple[int, str, bool]] = []
    original = ai.mcts.expected_final_scores

    def recording(state: GameState, weights: object) -> list[float]:
        seen.append((state.turn, state.phase, state.is_over))
        return original(state, weights)

    monkeypatch.setattr(ai.mcts, "expected_final_scores", recording)
    state = next(s for s in positions(players, seed=6) if s.phase == ACTION and s.turn > 3 and s.bag)
    agent = MctsAgent(Budget(iterations=80), seed=2)
    agent.search(state.knowledge(state.decider), state.legal_actions())
    assert len(seen) == agent.last_iterations > 40
    leaf_turn = state.turn + players + ai.mcts.Settings().extra_turns
    assert {(turn, phase) for turn, phase, over in seen if not over} == {(leaf_turn, ACTION)}


def test_mcts_trusts_the_same_lead_more_the_fewer_tiles_are_left() -> None:
    """A five-point lead is a near-toss-up early and close to a win once the bag is almost empty."""
    early = GameState.start(deal(2, 3), 3)
    late = early.clone()
    late.bag = late.bag[:4]
    agent = MctsAgent(Budget(iterations=10))
    early_chance = win_chances([105.0, 100.0], agent.lead_scale(early))[0]
    late_chance = win_chances([105.0, 100.0], agent.lead_scale(late))[0]
    assert 0.5 < early_chance < 0.6 < 0.65 < late_chance < 1.0


def test_mcts_win_chance_weighs_every_rival_not_only_the_strongest() -> None:
    """With four players, level with the leader alone is a better chance than level with two others too."""
    alone_at_the_top = win_chances([120.0, 120.0, 80.0, 80.0], 10.0)
    crowded_top = win_chances([120.0, 120.0, 120.0, 80.0], 10.0)
    assert math.isclose(sum(alone_at_the_top), 1.0) and math.isclose(sum(crowded_top), 1.0)
    assert crowded_top[0] == pytest.approx(1 / 3, abs=0.01)
    assert alone_at_the_top[0] > 0.45 > 0.34 > crowded_top[0]
    two_players = win_chances([105.0, 100.0], 5.0)
    assert two_players[0] == pytest.approx(1 / (1 + math.exp(-1)))


@pytest.mark.parametrize(
    ("players", "easy_turns", "normal_turns", "hard_turns", "expert_turns"),
    [(2, 3, 5, 7, 9), (3, 4, 4, 4, 4), (4, 5, 5, 9, 9), (5, 6, 6, 6, 6), (6, 7, 7, 7, 7)],
)
def test_mcts_levels_look_as_far_as_measured_best(
    players: int, easy_turns: int, normal_turns: int, hard_turns: int, expert_turns: int
) -> None:
    """Leaves after the player's next turn; with two players, normal's after the turn after that, hard's one
    round later still and the expert's one more; with four players, hard's and expert's after the player's
    second own turn."""
    state = GameState.start(deal(players, 4), 4)
    levels = (("easy", easy_turns), ("normal", normal_turns), ("hard", hard_turns), ("expert", expert_turns))
    for name, turns in levels:
        agent = make_agent(f"mcts:{name}")
        assert isinstance(agent, MctsAgent)
        assert agent.horizon(state) == state.turn + turns, name
