"""Root parallelism for the expert level: independent searches on the machine's spare cores, merged at the root.

The search is pure Python, so threads would share one core (the GIL).  Instead each spare core runs
a whole search of its own in a helper process, over the same knowledge and legal moves but with its
own deals and rollout dice, while this process runs one too.  Their root statistics are then
merged: a candidate's value is the visit-weighted mean of its value in every tree, and the move
played is the best among those that survived the halving in any tree.  Independent trees share
nothing while they search, so there is no locking and no waiting, and n trees together see n
times the deals that one would in the same time (Chaslot, Winands and van den Herik 2008 found
root parallelism the best simple scheme for this reason).

The helper processes are started once (``spawn``, as the frozen build wants) and kept for the
next decision; with no spare core, or when a helper fails, the expert searches alone.
Under the window the search already runs in the AI worker process at a lowered priority; the
helpers inherit that priority, so the window's frames come first on a busy machine.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import time
import warnings
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from game.engine import Action, Knowledge
from game.engine.messages import Message
from game.lifeline import exit_with_parent

from .base import Decision, without_stalling
from .mcts import Budget, MctsAgent, Settings, cycle_collection_kept_out

DEFAULT_SETTINGS = Settings()
MIN_HELPER_SECONDS = 0.05  # a helper that starts too late still returns a few iterations
MAX_HELPERS = 3  # more trees than this add little: each sees fewer deals per move as the candidates stay the same


def spare_cores() -> int:
    """Cores this process may use besides its own, at most ``MAX_HELPERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(0, min(MAX_HELPERS, cores - 1))


@dataclass(frozen=True)
class RootStats:
    """What one tree found at its root: each candidate's visits and value, the halving's survivors."""

    visits: dict[Action, int]
    values: dict[Action, float]
    survivors: tuple[Action, ...]
    iterations: int


def root_stats(agent: MctsAgent, knowledge: Knowledge, legal: Sequence[Action]) -> RootStats:
    with cycle_collection_kept_out():
        root, survivors = agent.search(knowledge, legal)
    return RootStats(
        visits={action: child.visits for action, child in root.children.items()},
        values={action: child.value() for action, child in root.children.items()},
        survivors=tuple(survivors),
        iterations=agent.last_iterations,
    )


def search_in_helper(
    budget: Budget,
    settings: Settings,
    seed: int,
    knowledge: Knowledge,
    legal: Sequence[Action],
    finish_by: float | None,
) -> RootStats:
    """Run in a helper process: one independent search.  Top-level so that it pickles by name.

    ``finish_by`` is the wall-clock time (``time.time``, one clock for every process) by which the
    decision is due: a helper that got the job late (its first start, a busy machine) searches
    for less time rather than keep the decision waiting.
    """
    if finish_by is not None:
        budget = Budget(budget.iterations, max(MIN_HELPER_SECONDS, finish_by - time.time()))
    return root_stats(MctsAgent(budget, seed, settings), knowledge, legal)


def merge_roots(trees: Sequence[RootStats]) -> tuple[Action, float, int]:
    """The move the trees together found best, its estimated winning chance, and how many moves were searched.

    A candidate's value is the mean of its values in the trees weighted by its visits there, so a
    tree that looked at it only briefly before the halving dropped it counts for little.  Only
    moves that survived the halving in at least one tree can be chosen: the others lost a race.
    """
    finalists: list[Action] = []
    for tree in trees:
        finalists += [action for action in tree.survivors if action not in finalists]
    searched: set[Action] = set()
    for tree in trees:
        searched.update(tree.visits)

    def merged(action: Action) -> tuple[float, int]:
        visits = sum(tree.visits.get(action, 0) for tree in trees)
        weighted = sum(tree.visits.get(action, 0) * tree.values.get(action, 0.0) for tree in trees)
        return (weighted / visits if visits else 0.0), visits

    best = max(finalists, key=merged)
    return best, merged(best)[0], len(searched)


_helpers: ProcessPoolExecutor | None = None


def _helper_pool(size: int) -> ProcessPoolExecutor:
    """The helper processes, started on first use and kept; shut down when this process exits, and ending with it
    when it is killed (the window's AI worker is terminated mid-search when the player quits)."""
    global _helpers
    if _helpers is None:
        _helpers = ProcessPoolExecutor(
            size, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent
        )
        atexit.register(_stop_helpers)
    return _helpers


def warm_up_helpers(size: int) -> None:
    """Start the helpers now (their imports take a few tenths of a second), not in the first decision."""
    if _helpers is not None:
        return
    with contextlib.suppress(BrokenProcessPool, OSError, RuntimeError):
        pool = _helper_pool(size)
        for _ in range(size):
            pool.submit(_ready)


def _ready() -> bool:
    """Run in each helper at start: unpickling this function imported ``ai.parallel``, and with it every agent."""
    return True


def _stop_helpers() -> None:
    global _helpers
    pool, _helpers = _helpers, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


class HelpersFailed(RuntimeWarning):
    """The expert's helper processes could not search: it played on, weaker, on fewer cores."""


def _warn_searching_alone(missing: int) -> None:
    """Say so on standard error (once for each count of missing helpers): the move is still made, but a frozen
    build that cannot start its helpers, or a machine short of memory, would otherwise make the expert quietly
    weaker."""
    warnings.warn(
        f"mcts:expert: {missing} of its helper processes did not answer; it searched on fewer cores",
        HelpersFailed,
        stacklevel=3,
    )


class ParallelMctsAgent(MctsAgent):
    """MCTS on every spare core: this process's tree and one per helper, merged at the root."""

    name = "mcts:expert"

    def __init__(
        self, budget: Budget, seed: int = 0, settings: Settings = DEFAULT_SETTINGS, helpers: int | None = None
    ) -> None:
        super().__init__(budget, seed, settings)
        self.helpers = spare_cores() if helpers is None else helpers
        self.trees = 0  # trees merged for the last decision: 1 + the helpers that answered
        if self.helpers:
            warm_up_helpers(self.helpers)

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        legal = without_stalling(knowledge.state, legal)
        if len(legal) == 1:
            return Decision(legal[0], Message.of("the only legal move"))
        seeds = [self.rng.getrandbits(32) for _ in range(self.helpers)]
        futures = self._start_helpers(seeds, knowledge, legal)
        trees = [root_stats(self, knowledge, legal)]
        for future in futures:
            with contextlib.suppress(BrokenProcessPool, OSError, RuntimeError):
                trees.append(future.result())
        if len(trees) <= len(futures):  # a helper died: start afresh next time
            _stop_helpers()
        if len(trees) <= len(seeds):
            _warn_searching_alone(len(seeds) + 1 - len(trees))
        self.trees = len(trees)
        self.last_iterations = sum(tree.iterations for tree in trees)
        return self.explained(knowledge, *merge_roots(trees))

    def _start_helpers(
        self, seeds: list[int], knowledge: Knowledge, legal: Sequence[Action]
    ) -> list[Future[RootStats]]:
        if not seeds:
            return []
        try:
            pool = _helper_pool(len(seeds))
            moves = list(legal)
            finish_by = time.time() + self.budget.seconds if self.budget.seconds else None
            return [
                pool.submit(search_in_helper, self.budget, self.settings, seed, knowledge, moves, finish_by)
                for seed in seeds
            ]
        except (BrokenProcessPool, OSError, RuntimeError):
            _stop_helpers()
            return []
