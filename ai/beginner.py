"""The beginner: the bottom rung of the ladder, a player a newcomer to Alhambra can beat.

It plays like someone in their first few games: moves that look sensible, with a newcomer's
blind spots.  On most decisions it sees what greedy sees.  But on a share of them (``slip``) it
looks only at its own Alhambra, as a newcomer does:

* it does not plan exact payments: the extra action they bring and the worth of holding the right
  cards count for nothing (it still pays exactly when that happens to be the sensible buy);
* it does not look at what a bought tile could add to its walls, only at the tile;
* it does not watch its rivals: a move is worth what it does for its own score, so it neither
  takes a tile a rival needs for a majority nor hands one to Dirk to break a rival's majority.

And it does not always see the best move: it picks among the moves in proportion to how good they
look (a softmax with a temperature of ``temperature`` points), so a close second is often chosen
and a clearly worse move seldom.

The two knobs were tuned by tournaments so that greedy beats it in about two two-player games of
three, not in nearly all of them (docs/MEASUREMENTS.md).  Deterministic for a seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.engine import Action, GameState, Knowledge

from .base import Decision, without_stalling
from .evaluation import DEFAULT_WEIGHTS, Weights, advantage, expected_final_scores
from .greedy import GreedyAgent, lookahead_copy

# What a newcomer overlooks: exact payments' extra action and the worth of keeping the right cards.
BLIND_WEIGHTS = Weights(
    money=DEFAULT_WEIGHTS.money,
    reserve=DEFAULT_WEIGHTS.reserve,
    spread=DEFAULT_WEIGHTS.spread,
    cramped=DEFAULT_WEIGHTS.cramped,
    exact=0.0,
    exact_option=0.0,
    compact=DEFAULT_WEIGHTS.compact,
)
SLIP = 0.4  # share of decisions made with the blind spots
TEMPERATURE = 0.35  # points of estimated lead that make a move e (2.7) times likelier


class BeginnerAgent(GreedyAgent):
    name = "beginner"

    def __init__(self, seed: int = 0, slip: float = SLIP, temperature: float = TEMPERATURE) -> None:
        super().__init__(seed, DEFAULT_WEIGHTS)
        self.slip = slip
        self.temperature = temperature

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        me = knowledge.player
        legal = without_stalling(knowledge.state, legal)
        state = lookahead_copy(knowledge.state)
        if self.rng.random() < self.slip:
            values = [self.blind_value(state, action, me) for action in legal]
        else:
            values = [self.action_value(state, action, me) for action in legal]
        index = self._pick(values)
        action = legal[index]
        gain = self.action_value(state, action, me) - advantage(expected_final_scores(state, self.weights), me)
        return Decision(action, self.reason(state, action, me, gain))

    def _pick(self, values: Sequence[float]) -> int:
        """A move drawn in proportion to exp(value / temperature): the better it looks, the likelier."""
        best = max(values)
        weights = [math.exp((value - best) / self.temperature) for value in values]
        return self.rng.choices(range(len(values)), weights=weights)[0]

    @staticmethod
    def blind_value(state: GameState, action: Action, me: int) -> float:
        """The player's own expected score after ``action``, without the walls a bought tile could add, the extra
        action an exact payment brings, or any thought of the rivals: what a newcomer sees."""
        after = state.clone()
        after.apply_trusted(action)
        return expected_final_scores(after, BLIND_WEIGHTS)[me]
