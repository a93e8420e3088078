"""The random player: the floor every real agent must clear by a wide margin."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, Knowledge
from game.engine.messages import Message

from .base import Agent, Decision


def pick_random(legal: Sequence[Action], rng: random.Random) -> Action:
    """A kind of move first (take, buy, redesign, place, ...), then one move of that kind, both uniformly.

    Picking uniformly among all moves would make this player redesign almost every turn, since a
    reserve of a few tiles gives dozens of redesign moves against a handful of ways to take money.
    """
    kind = rng.choice(sorted({action.kind for action in legal}))
    moves = [action for action in legal if action.kind == kind]
    return moves[rng.randrange(len(moves))]


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        return Decision(pick_random(legal, self.rng), Message.of("picked at random"))
