"""Agents by name, so that ``--ai mcts:hard,greedy`` works.

A name is ``kind`` or ``kind:level``; ``make_agent`` builds a fresh agent for one seat.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent
from .beginner import BeginnerAgent
from .greedy import GreedyAgent
from .mcts import LEVELS, MctsAgent
from .random_agent import RandomAgent

# kind -> (levels, default level, factory(level, seed))
_REGISTRY: dict[str, tuple[tuple[str, ...], str, Callable[[str, int], Agent]]] = {
    "random": (("",), "", lambda level, seed: RandomAgent(seed)),
    "beginner": (("",), "", lambda level, seed: BeginnerAgent(seed)),
    "greedy": (("",), "", lambda level, seed: GreedyAgent(seed)),
    "mcts": (
        tuple(LEVELS),
        "normal",
        lambda level, seed: MctsAgent(LEVELS[level].budget, seed, LEVELS[level].settings),
    ),
}


class UnknownAgent(ValueError):
    pass


def agent_names() -> list[str]:
    """Every accepted name, e.g. ['random', 'greedy', 'mcts:easy', 'mcts:normal', 'mcts:hard']."""
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


def make_agent(name: str, seed: int = 0) -> Agent:
    full = canonical_name(name)
    kind, _, level = full.partition(":")
    agent = _REGISTRY[kind][2](level, seed)
    agent.name = full
    return agent
