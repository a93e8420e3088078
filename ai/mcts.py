"""Information-set Monte Carlo tree search (single-observer ISMCTS with determinization).

Each iteration deals the cards and tiles its player cannot know afresh (``Knowledge.determinize``,
[D-HIDDEN-1]), walks down one shared tree of decisions — its own and its rivals' — and backs up
an estimate of everyone's chances.  Chance (refills, reshuffles, scoring cards) differs from one
deal to the next, so a node's legal moves vary: every child counts how often it was *available*
and the selection rule compares a child's visits with its availability (Cowling, Powley and
Whitehouse 2012).  Every player picks the move best for themself (max^n).

What an iteration includes:
1. a determinization of the hidden deck and bag order;
2. the descent: at each node, the legal moves are ordered by the rule-of-thumb prior and the
   node may only consider as many of them as its visits allow (progressive widening), then UCB;
3. one new node;
4. a rollout with the epsilon-greedy fast policy until every player has had one more turn
   (or the game is over);
5. the evaluation of ``ai.evaluation`` for every player, squashed into a win chance by each
   player's lead over their strongest rival;
6. the backup.

Budgets are iterations, seconds, or both (whichever ends first).  With an iteration budget and no
time limit a decision is a pure function of the knowledge, the legal moves and the seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Action, GameState, Knowledge, describe_action

from .base import Agent, Decision
from .evaluation import DEFAULT_WEIGHTS, Weights, expected_final_scores
from .fast_policy import all_counts, fast_action, prior


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None


LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=150, seconds=0.15),
    "normal": Budget(iterations=700, seconds=0.45),
    "hard": Budget(iterations=3000, seconds=0.9),
}


@dataclass(frozen=True)
class Settings:
    exploration: float = 0.7  # UCB constant, on rewards in [0, 1]
    widening: float = 2.0  # a node considers 1 + widening * sqrt(visits) moves
    epsilon: float = 0.1  # chance of a random move in rollouts
    reward_scale: float = 12.0  # points of lead that make a win chance of about 73 %


class Node:
    __slots__ = ("actor", "available", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor  # who chose the move leading here (the reward is theirs)
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, Node] = {}


class MctsAgent(Agent):
    name = "mcts"

    def __init__(self, budget: Budget, seed: int = 0, settings: Settings = Settings(),
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.budget = budget
        self.rng = random.Random(seed)
        self.settings = settings
        self.weights = weights
        self.last_iterations = 0

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
        root = self.search(knowledge, legal)
        def visits(action: Action) -> tuple[int, float]:
            child = root.children.get(action)
            return (child.visits, child.reward) if child else (0, 0.0)

        best = max(legal, key=visits)
        child = root.children.get(best)
        if child is None or not child.visits:
            return Decision(best, "no time to search: the first candidate")
        chance = child.reward / child.visits
        share = child.visits / max(root.visits, 1)
        return Decision(
            best,
            f"{describe_action(knowledge.state, best)}: best in {self.last_iterations} simulations "
            f"({chance:.0%} estimated winning chance, {share:.0%} of the search)",
        )

    def search(self, knowledge: Knowledge, legal: Sequence[Action]) -> Node:
        """Run the budget and return the root, whose children carry the statistics of ``legal``."""
        root = Node(actor=-1)
        deadline = time.perf_counter() + self.budget.seconds if self.budget.seconds else None
        limit = self.budget.iterations
        iterations = 0
        while (limit is None or iterations < limit) and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, knowledge.determinize(self.rng), legal)
            iterations += 1
        self.last_iterations = iterations
        return root

    def _iterate(self, root: Node, state: GameState, root_legal: Sequence[Action]) -> None:
        path = [root]
        node = root
        legal: Sequence[Action] = root_legal
        expanded = False
        while not state.is_over and not expanded:
            action, node, expanded = self._select(node, state, legal)
            path.append(node)
            state.apply(action)
            legal = state.legal_actions() if not state.is_over else ()
        rewards = self._rollout_and_evaluate(state)
        for visited in path:
            visited.visits += 1
            if visited.actor >= 0:
                visited.reward += rewards[visited.actor]

    def _select(self, node: Node, state: GameState, legal: Sequence[Action]) -> tuple[Action, Node, bool]:
        """Expand the most promising untried move the node may consider, or pick one by UCB."""
        children = node.children
        allowed = 1 + int(self.settings.widening * math.sqrt(node.visits))
        candidates = legal
        if len(legal) > allowed:
            counts = all_counts(state)
            candidates = sorted(legal, key=lambda a: -prior(state, counts, a))[:allowed]
        untried = None
        for action in candidates:
            child = children.get(action)
            if child is not None:
                child.available += 1
            elif untried is None:
                untried = action
        if untried is not None:
            child = children[untried] = Node(state.decider)
            child.available = 1
            return untried, child, True
        best_action, best_score = candidates[0], -1.0
        exploration = self.settings.exploration
        for action in candidates:
            child = children[action]
            score = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action, children[best_action], False

    def _rollout_and_evaluate(self, state: GameState) -> list[float]:
        turns_to_play = state.players
        start_turn = state.turn
        rng = self.rng
        epsilon = self.settings.epsilon
        while not state.is_over and state.turn - start_turn < turns_to_play:
            state.apply(fast_action(state, rng, epsilon))
        estimate = expected_final_scores(state, self.weights)
        return win_chances(estimate, self.settings.reward_scale)


def win_chances(estimate: list[float], scale: float) -> list[float]:
    """Each player's lead over their strongest rival, squashed into (0, 1)."""
    chances = []
    for player, value in enumerate(estimate):
        rival = max(v for p, v in enumerate(estimate) if p != player)
        chances.append(1.0 / (1.0 + math.exp(-(value - rival) / scale)))
    return chances
