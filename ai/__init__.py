"""Computer players for Alhambra, all behind one interface (``Agent``) and reachable by name."""

from .base import Agent, Decision
from .registry import LADDER, UnknownAgent, agent_names, canonical_name, make_agent

__all__ = ["LADDER", "Agent", "Decision", "UnknownAgent", "agent_names", "canonical_name", "make_agent"]
