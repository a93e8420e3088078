"""AI thinking in a separate process, so the window keeps its 60 fps while a bot searches.

The agents are pure Python and CPU-bound (an MCTS decision takes up to three seconds): in a thread
they would fight the render loop for the GIL.  One worker process is started early (``start``
submits a warm-up that imports the engine and the agents) and reused for every decision.  It
uses the ``spawn`` start method: forking a process that has SDL and X11 open is fragile, and
spawn is also what the frozen build supports (``game/__main__.py`` calls ``freeze_support``).

``decide`` is a top-level function so it pickles by name; its arguments (agent name, seed, the
player's ``Knowledge``, the legal actions and the think-time setting's cap in seconds) are plain
picklable values, and so is the ``Decision`` it returns.  Quitting never waits for a search:
``shutdown`` cancels queued jobs and terminates the worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ai import Decision, make_agent
from game.engine import Action, Knowledge
from game.lifeline import exit_with_parent


def decide(
    agent: str, seed: int, knowledge: Knowledge, legal: Sequence[Action], think_limit: float | None = None
) -> Decision:
    """Run in the worker: a fresh agent (seeded, so a decision is reproducible) picks an action, thinking at most
    ``think_limit`` seconds if given (the player's think-time setting), else as long as its level does."""
    return make_agent(agent, seed, think_limit).decide(knowledge, list(legal))


def _lower_priority() -> None:
    """Run in the worker at start: on a busy machine the window's frames matter more than think time; and it ends
    with the window, even one killed mid-search."""
    exit_with_parent()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(5)


def warm_up() -> bool:
    """Run in the worker at start: the imports are done while the player is still in the menu."""
    import ai  # noqa: F401 - imported for its side effect of loading every agent module

    return True


class AIWorker:
    """One reusable worker process for bots' decisions and the player's hints."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    @property
    def running(self) -> bool:
        return self._pool is not None

    def start(self) -> None:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority
            )
            self._pool.submit(warm_up)

    def submit(
        self,
        agent: str,
        seed: int,
        knowledge: Knowledge,
        legal: Sequence[Action],
        think_limit: float | None = None,
    ) -> Future[Decision]:
        """Queue one decision (``think_limit``: ``decide``'s); if the worker died (crash, out of memory) start a
        new one once."""
        self.start()
        assert self._pool is not None
        try:
            return self._pool.submit(decide, agent, seed, knowledge, list(legal), think_limit)
        except (BrokenProcessPool, RuntimeError):
            self.shutdown()
            self.start()
            assert self._pool is not None
            return self._pool.submit(decide, agent, seed, knowledge, list(legal), think_limit)

    def shutdown(self) -> None:
        """Stop now: cancel what is queued and terminate the process even mid-search."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # The executor has no public way to stop a running task (3.14 adds terminate_workers):
        # take its processes before shutdown() forgets them, then terminate them ourselves.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=1.0)
            if process.is_alive():
                process.kill()
                process.join(timeout=1.0)
