"""The level ladder: the beginner's blind spots, the expert's root parallelism, the think-time cap.

How far apart the rungs are is measured by tournaments (README, Strength), not here; these tests
check that each rung does what it says.
"""

from __future__ import annotations

import multiprocessing
import os
import time
import warnings
from collections import Counter
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest
from test_agents import positions

import ai.parallel
from ai import LADDER, agent_names, canonical_name, make_agent
from ai.base import without_stalling
from ai.beginner import BLIND_WEIGHTS, BeginnerAgent
from ai.evaluation import expected_final_scores
from ai.greedy import GreedyAgent, lookahead_copy
from ai.mcts import LEVELS, Budget, MctsAgent
from ai.parallel import HelpersFailed, ParallelMctsAgent, RootStats, merge_roots, spare_cores
from game.engine import ACTION, Take


def test_the_ladder_is_every_agent_weakest_first() -> None:
    assert list(LADDER) == agent_names()
    assert [canonical_name(name) for name in LADDER] == list(LADDER)
    assert LADDER.index("beginner") < LADDER.index("greedy") < LADDER.index("mcts:easy")
    assert LADDER[-1] == "mcts:expert"
    assert isinstance(make_agent("beginner"), BeginnerAgent)
    assert isinstance(make_agent("mcts:expert"), ParallelMctsAgent)


def test_the_beginner_without_slips_and_without_doubt_plays_like_greedy() -> None:
    """Its blind spots and its softmax are all that set it apart: turned off, it makes greedy's choices."""
    beginner, greedy = BeginnerAgent(seed=1, slip=0.0, temperature=1e-9), GreedyAgent(seed=1)
    for state in positions(2, seed=31, every=7)[:25]:
        me, legal = state.decider, state.legal_actions()
        choice = beginner.choose(state.knowledge(me), legal)
        lookahead = lookahead_copy(state)
        values = {action: greedy.action_value(lookahead, action, me) for action in without_stalling(state, legal)}
        assert values[choice] == pytest.approx(max(values.values()))  # greedy's choice, or one as good


def test_the_beginner_blind_sees_only_its_own_score_without_exact_payments_or_walls() -> None:
    """On a slip it picks the move best for its own expected score, with no worth for an exact payment's extra
    action or for holding the right cards; that differs from greedy's choice somewhere in a game."""
    assert BLIND_WEIGHTS.exact == 0.0 and BLIND_WEIGHTS.exact_option == 0.0
    blind = BeginnerAgent(seed=2, slip=1.0, temperature=1e-9)
    greedy = GreedyAgent(seed=2)
    differs = 0
    for state in positions(2, seed=32, every=5)[:40]:
        me, legal = state.decider, state.legal_actions()
        choice = blind.choose(state.knowledge(me), legal)
        lookahead = lookahead_copy(state)

        def own_score(action, lookahead=lookahead, me=me) -> float:
            after = lookahead.clone()
            after.apply_trusted(action)
            return expected_final_scores(after, BLIND_WEIGHTS)[me]

        considered = without_stalling(state, legal)  # as every bot: no endless redesigns
        assert own_score(choice) == pytest.approx(max(own_score(action) for action in considered))
        differs += choice != greedy.choose(state.knowledge(me), legal)
    assert differs >= 3


def test_the_beginner_often_takes_a_close_second_and_seldom_a_poor_move() -> None:
    """Its softmax: where two moves look nearly as good, it takes either; a move points worse, almost never."""
    greedy = GreedyAgent(seed=0)

    def values_of(state):
        lookahead = lookahead_copy(state)
        return {
            a: greedy.action_value(lookahead, a, state.decider) for a in without_stalling(state, state.legal_actions())
        }

    for state in positions(2, seed=33, every=2):
        values = values_of(state)
        ranked = sorted(values.values(), reverse=True)
        if state.phase == ACTION and len(ranked) > 4 and ranked[0] - ranked[1] < 0.1 and ranked[-1] < ranked[0] - 3:
            break
    else:
        pytest.fail("no position with two close moves and a poor one")
    knowledge = state.knowledge(state.decider)
    picks = Counter(BeginnerAgent(seed=seed, slip=0.0).choose(knowledge, state.legal_actions()) for seed in range(200))
    best = max(values.values())
    assert len(picks) >= 2
    assert values[picks.most_common(1)[0][0]] >= best - 0.1
    assert sum(count for action, count in picks.items() if values[action] < best - 3) <= 2


def test_merging_roots_weighs_each_tree_by_its_visits_and_keeps_only_finalists() -> None:
    take, buy, other = Take((1,)), Take((2,)), Take((3,))
    first = RootStats({take: 90, buy: 10, other: 4}, {take: 0.6, buy: 0.9, other: 0.99}, (take,), 104)
    second = RootStats({take: 30, buy: 70, other: 4}, {take: 0.5, buy: 0.7, other: 0.99}, (buy,), 104)
    best, chance, searched = merge_roots([first, second])
    # take: (90*0.6 + 30*0.5) / 120 = 0.575; buy: (10*0.9 + 70*0.7) / 80 = 0.725; other lost both races
    assert best == buy
    assert chance == pytest.approx(0.725)
    assert searched == 3


def test_one_tree_merged_is_the_plain_search() -> None:
    """Without helpers the expert's merge picks what the single search picks, seed for seed."""
    budget = Budget(iterations=80)
    for state in positions(2, seed=34, every=11)[:6]:
        knowledge, legal = state.knowledge(state.decider), state.legal_actions()
        alone = ParallelMctsAgent(budget, seed=9, settings=LEVELS["expert"].settings, helpers=0)
        plain = MctsAgent(budget, seed=9, settings=LEVELS["expert"].settings)
        assert alone.choose(knowledge, legal) == plain.choose(knowledge, legal)


def test_the_expert_searches_on_a_spare_core_and_stays_deterministic_for_an_iteration_budget() -> None:
    """With a helper, two trees are merged (twice the games of one), and the same seed decides the same."""
    state = next(s for s in positions(2, seed=35, every=4) if s.phase == ACTION and len(s.legal_actions()) > 12)
    knowledge, legal = state.knowledge(state.decider), state.legal_actions()
    first = ParallelMctsAgent(Budget(iterations=60), seed=4, helpers=1)
    second = ParallelMctsAgent(Budget(iterations=60), seed=4, helpers=1)
    assert first.choose(knowledge, legal) == second.choose(knowledge, legal)
    assert first.trees == 2
    assert first.last_iterations == 120


def test_the_expert_keeps_to_its_time_with_helpers() -> None:
    """The helpers finish by the decision's wall-clock deadline, even one that got its job late."""
    state = next(s for s in positions(2, seed=36, every=4) if s.phase == ACTION and len(s.legal_actions()) > 12)
    knowledge, legal = state.knowledge(state.decider), state.legal_actions()
    agent = ParallelMctsAgent(Budget(seconds=0.3), seed=4, helpers=1)
    agent.choose(knowledge, legal)  # the helper is up after the first decision
    started = time.perf_counter()
    agent.choose(knowledge, legal)
    assert time.perf_counter() - started < 0.3 + 0.4
    assert agent.trees == 2


class _BrokenPool:
    """A helper pool whose every job fails, as when a helper process died (out of memory, killed)."""

    def submit(self, *args: object) -> Future[RootStats]:
        future: Future[RootStats] = Future()
        future.set_exception(BrokenProcessPool("a helper died"))
        return future


def _no_pool(size: int) -> object:
    raise OSError("cannot start a process")  # as when a frozen build cannot start its helpers


@pytest.mark.parametrize("pool", [lambda size: _BrokenPool(), _no_pool], ids=["helper died", "no helper started"])
def test_an_expert_whose_helpers_fail_still_moves_and_says_so(monkeypatch: pytest.MonkeyPatch, pool: object) -> None:
    """A failed helper costs the expert strength, not the move; it is said on standard error, not kept quiet."""
    state = next(s for s in positions(2, seed=35, every=4) if s.phase == ACTION and len(s.legal_actions()) > 12)
    knowledge, legal = state.knowledge(state.decider), state.legal_actions()
    monkeypatch.setattr(ai.parallel, "_helper_pool", pool)
    agent = ParallelMctsAgent(Budget(iterations=40), seed=4, helpers=1)
    with pytest.warns(HelpersFailed, match="1 of its helper processes did not answer"):
        move = agent.choose(knowledge, legal)
    assert move in legal and agent.trees == 1
    alone = ParallelMctsAgent(Budget(iterations=40), seed=4, helpers=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an expert meant to search alone (one core) has nothing to say
        alone.choose(knowledge, legal)


def test_spare_cores_leave_this_process_its_own() -> None:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    assert spare_cores() == max(0, min(3, cores - 1))


def _expert_then_wait(pids: multiprocessing.Queue) -> None:
    """Run in a child: start an expert's helper, report its pid, then wait to be killed."""
    from ai import parallel

    parallel.warm_up_helpers(1)
    assert parallel._helpers is not None
    parallel._helpers.submit(parallel._ready).result()
    pids.put([process.pid for process in parallel._helpers._processes.values()])
    time.sleep(60)


def test_helpers_exit_when_the_process_that_started_them_is_killed() -> None:
    """The window's AI worker is terminated when the player quits mid-search; its helpers must not linger."""
    context = multiprocessing.get_context("spawn")
    pids = context.Queue()
    parent = context.Process(target=_expert_then_wait, args=(pids,))
    parent.start()
    helpers = pids.get(timeout=60)
    assert helpers
    parent.kill()
    parent.join(5)
    deadline = time.monotonic() + 10
    alive = helpers
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in helpers if _running(pid)]
        time.sleep(0.05)
    assert not alive


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("name", ["mcts:easy", "mcts:hard", "mcts:expert"])
def test_the_think_time_cap_shortens_a_search_and_never_lengthens_it(name: str) -> None:
    level = LEVELS[name.split(":")[1]]
    capped = make_agent(name, think_limit=0.2)
    assert capped.budget.seconds == min(0.2, level.budget.seconds)
    assert capped.budget.iterations == level.budget.iterations
    assert make_agent(name, think_limit=None).budget == level.budget
    assert make_agent(name, think_limit=60.0).budget == level.budget
