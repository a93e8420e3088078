"""Agents by name, so that ``--ai mcts:hard,greedy`` works.

A name is ``kind`` or ``kind:level``; ``make_agent`` builds a fresh agent for one seat.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent
from .beginner import BeginnerAgent
from .greedy import GreedyAgent
from .mcts import LEVELS, Level, MctsAgent
from .parallel import ParallelMctsAgent
from .random_agent import RandomAgent

# kind -> (levels, default level, factory(level, seed, think limit in seconds or None))
_REGISTRY: dict[str, tuple[tuple[str, ...], str, Callable[[str, int, float | None], Agent]]] = {
    "random": (("",), "", lambda level, seed, limit: RandomAgent(seed)),
    "beginner": (("",), "", lambda level, seed, limit: BeginnerAgent(seed)),
    "greedy": (("",), "", lambda level, seed, limit: GreedyAgent(seed)),
    "mcts": (tuple(LEVELS), "normal", lambda level, seed, limit: _mcts(LEVELS[level].limited(limit), seed)),
}

# The ladder, weakest first: each rung beats the one below in most two-player games (README, Strength).
LADDER = ("random", "beginner", "greedy", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert")


def _mcts(level: Level, seed: int) -> Agent:
    if level.parallel:
        return ParallelMctsAgent(level.budget, seed, level.settings)
    return MctsAgent(level.budget, seed, level.settings)


class UnknownAgent(ValueError):
    pass


def agent_names() -> list[str]:
    """Every accepted name, e.g. ['random', 'beginner', 'greedy', 'mcts:easy', ..., 'mcts:expert']."""
    names = []
    for kind, (levels, _, _) in _REGISTRY.items():
        names += [f"{kind}:{level}" if level else kind for level in levels]
    return names


def canonical_name(name: str) -> str:
    """'mcts' -> 'mcts:normal' (the default level); raises UnknownAgent for anything unknown."""
    kind, _, level = name.strip().partition(":")
    if kind not in _REGISTRY:
        raise UnknownAgent(f"unknown agent {name!r}; choose from {', '.join(agent_names())}")
    levels, default, _ = _REGISTRY[kind]
    level = level or default
    if level not in levels:
        raise UnknownAgent(f"unknown level {level!r} for {kind}; choose from {', '.join(levels)}")
    return f"{kind}:{level}" if level else kind


def make_agent(name: str, seed: int = 0, think_limit: float | None = None) -> Agent:
    """A fresh agent for one seat.  ``think_limit`` caps a searching bot's seconds a decision (the player's
    think-time setting: a slow machine still plays at its pace); the others decide in milliseconds anyway."""
    full = canonical_name(name)
    kind, _, level = full.partition(":")
    agent = _REGISTRY[kind][2](level, seed, think_limit)
    agent.name = full
    return agent
