"""MCTS benchmark: ``python -m ai.bench [--positions N] [--seconds S | --iterations I]``, on one core.

Prints MCTS iterations per second for 2, 3 and 4 players, measured on positions from real games
between greedy players (early, middle and late game), each searched for a fixed time.  An
iteration is one descent of the tree with one new node on a deal of the hidden deck and bag
(dealt afresh for every sweep over the root's candidates, which share it), one rollout with the
quick greedy policy until the searching player's next turn is over, one evaluation
of every player's expected score, and the backup.  A last line measures the longer iterations
of mcts:hard with two players, whose rollouts go on to the end of the player's turn after that.

With ``--iterations`` every search runs a fixed number of iterations instead, so every run does
the same work: on a machine whose speed varies from run to run, count its instructions
(``valgrind --tool=callgrind python -m ai.bench --positions 4 --iterations 300``) to compare two commits.

``--fingerprint`` prints instead one hash of every root statistic (each candidate's visits and
reward, the survivors) of fixed-iteration searches on the same positions: two commits that print
the same hash searched exactly alike, which is what a change meant to make the search faster,
not different, must show.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from ai.greedy import GreedyAgent
from ai.mcts import LEVELS, Budget, MctsAgent, Settings
from game.engine import ACTION, GameState, deal


def positions(players: int, count: int) -> list[GameState]:
    """Positions where a player is about to start a turn, spread over greedy games."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        state = GameState.start(deal(players, seed), seed)
        agents = [GreedyAgent(seed * 10 + p) for p in range(players)]
        decisions = 0
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == ACTION and decisions % 23 == 11 and len(found) < count:
                found.append(state.clone())
            state.apply(agents[state.decider].choose(state.knowledge(state.decider), legal))
            decisions += 1
        seed += 1
    return found


def iterations_per_second(players: int, count: int, budget: Budget, settings: Settings | None = None) -> float:
    agent = MctsAgent(budget, seed=1, settings=settings or Settings())
    total_iterations = 0
    total_time = 0.0
    for state in positions(players, count):
        started = time.perf_counter()
        agent.search(state.knowledge(state.decider), state.legal_actions())
        total_time += time.perf_counter() - started
        total_iterations += agent.last_iterations
    return total_iterations / total_time


def fingerprint(count: int, iterations: int) -> str:
    """A hash of the root statistics of fixed-iteration searches, 2-4 players and hard's two-player search."""
    lines = []
    for players, settings in ((2, Settings()), (2, LEVELS["hard"].settings), (3, Settings()), (4, Settings())):
        agent = MctsAgent(Budget(iterations=iterations), seed=1, settings=settings)
        for state in positions(players, count):
            root, survivors = agent.search(state.knowledge(state.decider), state.legal_actions())
            stats = sorted(
                (str(action), child.visits, round(child.reward, 9)) for action, child in root.children.items()
            )
            lines.append(repr((players, stats, [str(action) for action in survivors])))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--seconds", type=float, default=0.5, help="search time per position (default 0.5)")
    limit.add_argument("--iterations", type=int, help="a fixed number of iterations per position instead")
    parser.add_argument(
        "--fingerprint", action="store_true", help="print a hash of fixed searches' results (default 300 iterations)"
    )
    args = parser.parse_args(argv)
    if args.fingerprint:
        print(f"search fingerprint: {fingerprint(args.positions, args.iterations or 300)}")
        return
    budget = Budget(iterations=args.iterations) if args.iterations else Budget(seconds=args.seconds)
    each = f"{args.iterations} iterations" if args.iterations else f"{args.seconds} s"
    for players in (2, 3, 4):
        rate = iterations_per_second(players, args.positions, budget)
        print(f"MCTS, {players} players: {rate:7.0f} iterations/s  ({args.positions} positions, {each} each)")
    rate = iterations_per_second(2, args.positions, budget, LEVELS["hard"].settings)
    print(f"MCTS, 2 players, hard: {rate:7.0f} iterations/s  (leaves one round later)")


if __name__ == "__main__":
    main()
