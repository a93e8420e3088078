"""Information-set Monte Carlo tree search (single-observer ISMCTS with determinization).

Each iteration deals the cards and tiles its player cannot know afresh (``Knowledge.determinize``,
[D-HIDDEN-1]), walks down one shared tree of decisions — its own and its rivals' — and backs up
an estimate of everyone's chances.  Chance (refills, reshuffles, scoring cards) differs from one
deal to the next, so a node's legal moves vary: every child counts how often it was *available*
and the selection rule compares a child's visits with its availability (Cowling, Powley and
Whitehouse 2012).  Every player picks the move best for themself (max^n).

At the root the greedy player's best few moves race each other by sequential halving, and every
sweep of the race runs all remaining candidates on one shared deal with the same rollout dice,
so the luck of the deal cancels out of their comparison.  Every leaf is evaluated at the same
point of the game, at the end of the searching player's next turn: every rival has replied to
the candidate and the player has made their follow-up (spent the money a candidate took, say),
and no candidate looks better merely because it was looked at less deeply.

What an iteration includes:
1. a determinization of the hidden deck and bag order (one per sweep, shared by its candidates);
2. the descent: below the root, the legal moves are ordered by the quick greedy policy's prices
   and a node may only consider as many of them as its visits allow (progressive widening),
   then UCB on rewards rescaled to the range seen so far;
3. one new node;
4. a rollout with the epsilon-greedy quick policy until the searching player's next turn is over
   (with two players, normal plays on to the end of their second own turn, hard of their third,
   expert of their fourth)
   or the game is over;
5. the evaluation of ``ai.evaluation`` for every player, turned into each player's chance of
   finishing first (a lead counts for more the fewer tiles are left);
6. the backup.

Budgets are iterations, seconds, or both (whichever ends first).  With an iteration budget and no
time limit a decision is a pure function of the knowledge, the legal moves and the seed.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from game.engine import ACTION, Action, GameState, Knowledge, said_action
from game.engine.components import BUILDING_COUNT
from game.engine.messages import Message

from .base import Agent, Decision, without_stalling
from .evaluation import DEFAULT_WEIGHTS, Weights, expected_final_scores, tiles_left
from .fast_policy import fast_action, ordered
from .greedy import GreedyAgent, lookahead_copy


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if not self.iterations and not self.seconds:
            raise ValueError("an MCTS budget needs iterations, seconds or both")


@dataclass(frozen=True)
class Settings:
    exploration: float = 0.25  # UCB constant below the root, on rewards rescaled to the range seen so far
    widening: float = 2.0  # a node below the root considers 1 + widening * sqrt(visits) moves
    epsilon: float = 0.1  # chance of a random move in rollouts
    scale_at_end: float = 5.0  # points of lead that make a win chance of about 73 % once every tile is gone
    scale_growth: float = 1.8  # that scale is e ** 1.8 (six) times larger while every tile is still to come
    root_width: int = 10  # moves searched at the root: the greedy player's best
    rounds: tuple[tuple[int, int], ...] = ()  # (players, own turns before the leaf) where more than one
    extra_turns: int = 1  # turns played past the start of that own turn before the leaf


@dataclass(frozen=True)
class Level:
    """A difficulty: how long the search may take, how far ahead it looks, and whether it searches on every core."""

    budget: Budget
    settings: Settings = Settings()
    parallel: bool = False  # independent trees on the spare cores, merged at the root (``ai.parallel``)

    def limited(self, seconds: float | None) -> Level:
        """The level with its thinking time capped at ``seconds`` (the think-time setting); None: as it is."""
        if seconds is None or (self.budget.seconds is not None and self.budget.seconds <= seconds):
            return self
        return replace(self, budget=Budget(self.budget.iterations, seconds))


# More iterations alone barely separate the levels with two players (0.9 s of search won 52.5 % of
# 40 games against 300 iterations, 57 % of 50 against 700; two searches of 1,800 iterations pick
# the same move only two times in three: the moves they weigh are that close).  Depth separates them:
# with two players, where a round is short, normal's leaves follow the player's second own turn and
# hard's their third (hard won 56.5 % of 100 games against normal at normal's depth, 71.0 % a round
# deeper; docs/MEASUREMENTS.md).  With four players, too, hard's leaves follow the player's second own
# turn, not the first: less than half the iterations, but it won 70.5 % of 200 games against three greedy
# where the shallower search had won 55.0 % of the same deals (docs/MEASUREMENTS.md).  Three, five and six
# players keep one round: not measured.  The expert has some six times hard's iterations (three times the
# time on two cores), and iterations alone are worth little: so with two players its leaves follow the
# player's fourth own turn, a round later than hard's; four players keep hard's depth (not measured deeper).
HARD_ROUNDS = ((2, 3), (4, 2))
EXPERT_ROUNDS = ((2, 4), (4, 2))
LEVELS: dict[str, Level] = {
    "easy": Level(Budget(iterations=100, seconds=0.1)),
    "normal": Level(Budget(iterations=300, seconds=0.3), Settings(rounds=((2, 2),))),
    "hard": Level(Budget(iterations=6000, seconds=0.9), Settings(rounds=HARD_ROUNDS)),
    "expert": Level(Budget(iterations=30000, seconds=3.0), Settings(rounds=EXPERT_ROUNDS), parallel=True),
}


TIME_MARGIN = 0.95  # share of the time left that the halving plans to use: iterations vary in length
FOLLOW_UP_VISITS = 4  # visits before a follow-up move's value stands for its parent's


@contextmanager
def cycle_collection_kept_out() -> Iterator[None]:
    """Keep Python's cycle collector out of a search, and its passes short after it.

    A search makes no reference cycles (the tree points only downwards), so reference counting
    frees everything it drops; but its thousands of allocations set off the collector, whose
    full passes over every long-lived object (the memos and caches, some 160,000 objects after
    a few dozen decisions) took up to 220 ms in four-player games: enough to push a decision past
    its budget.  Merely pausing the collector moved those passes to the moment it came back.
    So the objects that outlive a search (the memos' new entries) are moved out of its sight
    (``gc.freeze``): they hold no cycles, and reference counting still frees them.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


class Node:
    __slots__ = ("actor", "available", "children", "order", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor  # who chose the move leading here (the reward is theirs)
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, Node] = {}
        self.order: tuple[Sequence[Action], list[Action]] | None = None  # legal moves as listed, best-priced first

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def value(self) -> float:
        """The node's worth to its actor, who will pick their own follow-up moves well.

        When the same player moves again (an extra action, placing bought tiles), the average
        over all the follow-ups the search tried would undervalue a purchase against taking
        money, which has none; the most visited follow-up is the one the player would pick.
        """
        follow_ups = [child for child in self.children.values() if child.actor == self.actor]
        if follow_ups:
            best = max(follow_ups, key=lambda child: child.visits)
            if best.visits >= FOLLOW_UP_VISITS:
                return best.value()
        return self.mean()


class MctsAgent(Agent):
    name = "mcts"

    def __init__(
        self, budget: Budget, seed: int = 0, settings: Settings = Settings(), weights: Weights = DEFAULT_WEIGHTS
    ) -> None:
        self.budget = budget
        self.rng = random.Random(seed)
        self.settings = settings
        self.weights = weights
        self.last_iterations = 0
        self._reward_range = (1.0, 0.0)

    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        legal = without_stalling(knowledge.state, legal)
        if len(legal) == 1:
            return Decision(legal[0], Message.of("the only legal move"))
        with cycle_collection_kept_out():  # the tree is gone before the collector comes back
            best, chance, candidates = self._best_move(*self.search(knowledge, legal))
        return self.explained(knowledge, best, chance, candidates)

    def explained(self, knowledge: Knowledge, best: Action, chance: float, candidates: int) -> Decision:
        """The decision with the hint's line: the move, how many moves were compared, and the chance it sees."""
        return Decision(
            best,
            Message.of(
                "{move}: the best of the {candidates} moves it compared, each played out many times "
                "({iterations} games in all); it rates its chance to win at {chance}",
                move=said_action(knowledge.state, best),
                candidates=candidates,
                iterations=self.last_iterations,
                chance=f"{chance:.0%}",
            ),
        )

    @staticmethod
    def _best_move(root: Node, survivors: list[Action]) -> tuple[Action, float, int]:
        """The move the search found best, its estimated winning chance, and how many moves were searched."""
        best = max(survivors, key=lambda a: (root.children[a].value(), root.children[a].visits))
        return best, root.children[best].value(), len(root.children)

    def shortlist(self, knowledge: Knowledge, legal: Sequence[Action]) -> list[Action]:
        """The moves the greedy player values most: the root's candidates, best first."""
        if len(legal) <= self.settings.root_width:
            return list(legal)
        greedy = GreedyAgent(weights=self.weights)
        state = lookahead_copy(knowledge.state)
        values = {action: greedy.action_value(state, action, knowledge.player) for action in legal}
        return sorted(legal, key=values.__getitem__, reverse=True)[: self.settings.root_width]

    def search(self, knowledge: Knowledge, legal: Sequence[Action]) -> tuple[Node, list[Action]]:
        """Sequential halving over the root candidates, every sweep on one shared deal.

        A sweep deals the hidden cards once and runs one iteration through every candidate still
        in the race, with the same deal and the same rollout dice: the candidates are compared on
        common random numbers, so the luck of the deal cancels out of their differences.  After
        each phase the worse half of the candidates drops out.  Below the root every iteration is
        an ordinary ISMCTS descent.
        """
        started = time.perf_counter()
        budget = self.budget
        deadline = started + budget.seconds if budget.seconds else None
        candidates = self.shortlist(knowledge, legal)
        knowledge.state.survey_everyone()  # the Alhambras are public: every deal below shares these
        root = Node(actor=-1)
        self._reward_range = (1.0, 0.0)  # nothing seen yet
        for action in candidates:
            root.children[action] = Node(knowledge.player)
        phases = max(1, math.ceil(math.log2(len(candidates))))
        iterations = 0
        survivors = list(candidates)
        searching_since = time.perf_counter()
        for phase in range(phases):
            swept = 0
            if deadline is not None and iterations == 0:  # a first sweep times the search before it plans
                iterations += self._sweep(root, knowledge, survivors)
                swept = 1
            left = self._iterations_left(iterations, searching_since, deadline)
            sweeps = max(1, (swept * len(survivors) + left) // ((phases - phase) * len(survivors)))
            for _ in range(sweeps - swept):
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                iterations += self._sweep(root, knowledge, survivors)
            else:
                if len(survivors) > 1:
                    survivors.sort(key=lambda a: root.children[a].value(), reverse=True)
                    survivors = survivors[: math.ceil(len(survivors) / 2)]
                continue
            break
        self.last_iterations = iterations
        return root, survivors

    def _sweep(self, root: Node, knowledge: Knowledge, survivors: list[Action]) -> int:
        """One iteration through every candidate still in the race, all on one deal and the same rollout dice."""
        deal = knowledge.determinize(self.rng)
        dice = self.rng.getrandbits(32)
        for action in survivors:
            self._iterate(root, action, deal.clone(), random.Random(dice))
        return len(survivors)

    def _iterations_left(self, done: int, searching_since: float, deadline: float | None) -> int:
        """The iterations the rest of the search can afford: the iteration budget left, or what fits in the time left.

        Under a time limit the halving plans its remaining phases from the speed measured so far,
        so that the last phase, the one that decides between the two best moves, is never cut off.
        It never plans from a guess: one assumed before anything had run (2,000 iterations a second)
        was off by a factor of four with every module and four players, so the first phase took the
        whole time and the halving never narrowed the candidates.
        """
        limit = self.budget.iterations
        if deadline is None:
            return (limit or 0) - done  # Budget guarantees an iteration limit when there is no deadline
        now = time.perf_counter()
        affordable = int(done / (now - searching_since) * (deadline - now) * TIME_MARGIN)
        return affordable if limit is None else min(limit - done, affordable)

    def _iterate(self, root: Node, first: Action, state: GameState, dice: random.Random) -> None:
        horizon = self.horizon(state)
        node = root.children[first]
        path = [root, node]
        state.apply_trusted(first)
        expanded = False
        while not expanded and not self._at_horizon(state, horizon):
            action, node, expanded = self._select(node, state, state.legal_actions())
            path.append(node)
            state.apply_trusted(action)
        rewards = self._rollout_and_evaluate(state, horizon, dice)
        low, high = self._reward_range
        self._reward_range = (min(low, *rewards), max(high, *rewards))
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
            if node.order is None or node.order[0] != legal:  # the deal decides what is legal here
                node.order = (legal, ordered(state, legal, self.weights))
            candidates = node.order[1][:allowed]
        untried = None
        tried = []
        for action in candidates:
            child = children.get(action)
            if child is not None:
                child.available += 1
                tried.append((action, child))
            elif untried is None:
                untried = action
        if untried is not None:
            child = children[untried] = Node(state.decider)
            child.available = 1
            return untried, child, True
        best_action, best_child = tried[0]
        best_score = -1.0
        exploration = self.settings.exploration
        low, high = self._reward_range
        scale = 1.0 / (high - low) if high > low else 1.0
        for action, child in tried:
            mean = (child.reward / child.visits - low) * scale
            score = mean + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_child, best_score = action, child, score
        return best_action, best_child, False

    def horizon(self, state: GameState) -> int:
        """The turn whose start is the leaf of every iteration from ``state`` (the root).

        The leaf follows the player's next own turn, or a later one of theirs (``Settings.rounds``):
        with two players, where a round is only two turns, normal's follows their second, hard's their
        third and the expert's their fourth; with four, hard's and the expert's follow their second (nine
        turns of play an iteration).
        """
        players = state.players
        start = state.turn
        if state.phase in state.rules.phases or state.phase in state.rules.placing:
            # A module's window between two turns (a vizier's, [M-VIZIER-2]): the searcher is not the turn
            # player, or is but has ended their turn.  Counted as if their own turn started ``players``
            # turns before their next one, so the leaf follows that next turn as it would at a turn's start.
            start = state.turn + ((state.decider - state.turn_player) % players or players) - players
        rounds = 1
        for count, own_turns in self.settings.rounds:
            if count == players:
                rounds = own_turns
        own_turn = start + players * rounds
        return own_turn + self.settings.extra_turns

    @staticmethod
    def _at_horizon(state: GameState, horizon: int) -> bool:
        """Every leaf is evaluated at the same point: ``horizon`` is the turn that starts it.

        Leaves at different depths would not be comparable: a position right after a rival's move
        looks worse than one right before it, and the deeper subtrees of well-searched moves would
        make exactly those moves look worse.  The default point, the end of the searching
        player's next turn, lets the evaluation see what a move sets up: money taken now is spent
        next turn, on whatever the rivals left in the market.  (Stopping when that turn starts
        won 65 % of 60 two-player games against greedy at 500 iterations a move; stopping when
        it ends won 86 % on the same deals.)
        """
        phase = state.phase
        if phase == ACTION:
            return state.turn >= horizon
        if state.is_over:
            return True
        # A module's window after a turn (a vizier's, [M-VIZIER-2]) opens once the turn before the leaf's has
        # ended: the leaf is there, at the same moment as when no window opens, before the window's decisions
        # (the evaluation counts an awake vizier's option instead).
        return phase in state.rules.phases and state.turn >= horizon - 1

    def _rollout_and_evaluate(self, state: GameState, horizon: int, dice: random.Random) -> list[float]:
        """Play on with the quick greedy policy until the leaf's turn starts."""
        rng = dice
        epsilon = self.settings.epsilon
        weights = self.weights
        while not self._at_horizon(state, horizon):
            state.apply_trusted(fast_action(state, rng, epsilon, weights))
        estimate = expected_final_scores(state, self.weights)
        return win_chances(estimate, self.lead_scale(state))

    def lead_scale(self, state: GameState) -> float:
        """Points of lead that make a win chance of about 73 %: many early in the game, few near its end.

        The same lead is safer the fewer tiles are left to change it.  Fitted to who won 600
        games between greedy players (logistic regression of the winner on the estimated lead,
        by stage of the game): about 19 points with 20-40 % of the tiles gone, 11 at 40-60 %,
        7.5 at 60-80 % and 6 after that.  One scale for the whole game overrated early leads
        and underrated late ones.
        """
        settings = self.settings
        return settings.scale_at_end * math.exp(settings.scale_growth * tiles_left(state) / BUILDING_COUNT)


def win_chances(estimate: list[float], scale: float) -> list[float]:
    """Each player's chance of finishing first: ``e^(estimate / scale)``, shared out so the chances add up to 1.

    With two players this is the logistic of the lead.  With more it weighs every rival, not
    just the strongest: three players level with each other have a third each, and a player
    level with the leader but far ahead of everyone else is closer to a half than one who has
    two rivals at the leader's level too.  On 29,000 positions of 300 four-player greedy games
    it predicts each player's win better than the logistic of the lead over the strongest rival
    (log loss 0.46 against 0.49 mid-game), at about the same scale.
    """
    top = max(estimate)
    weights = [math.exp((value - top) / scale) for value in estimate]
    total = sum(weights)
    return [weight / total for weight in weights]
