"""MCTS benchmark: ``python -m ai.bench [--positions N] [--seconds S | --iterations I]``, on one core.

Prints MCTS iterations per second for 2, 3 and 4 players, measured on positions from real games
between greedy players (early, middle and late game), each searched for a fixed time.  An
iteration is one descent of the tree with one new node on a deal of the hidden deck and bag
(dealt afresh for every sweep over the root's candidates, which share it), one rollout with the
quick greedy policy until the searching player's next turn is over, one evaluation
of every player's expected score, and the backup.  Each search runs as in a game's decision, with
the cycle collector kept out (without it, its full passes over the memos land in random searches).
The last two lines measure the longer iterations of mcts:hard with two players, whose rollouts go
on to the end of the player's third own turn, and with four, to the end of their second.

With ``--iterations`` every search runs a fixed number of iterations instead, so every run does
the same work: on a machine whose speed varies from run to run, count its instructions
(``valgrind --tool=callgrind python -m ai.bench --positions 4 --iterations 300``) to compare two commits.

``--modules vizier,exchange,huts,bonus`` (or ``all``: all seven, the 2024 edition's too) measures
the same on positions of games with those rule modules, each table size next to the base game's
figure measured in the same run, and the ratio of the two.

``--fingerprint`` prints instead one hash of every root statistic (each candidate's visits and
reward, the survivors) of fixed-iteration searches on the same positions: two commits that print
the same hash searched exactly alike, which is what a change meant to make the search faster,
not different, must show.  With ``--modules`` it hashes the searches of games with those modules.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from ai.greedy import GreedyAgent
from ai.mcts import LEVELS, Budget, MctsAgent, Settings, cycle_collection_kept_out
from game.engine import ACTION, GameState, deal
from game.engine.modules import CHOOSABLE, PLAYABLE


def positions(players: int, count: int, modules: tuple[str, ...] = ()) -> list[GameState]:
    """Positions where a player is about to start a turn, spread over greedy games (with ``modules``)."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        state = GameState.start(deal(players, seed, modules), seed)
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


def iterations_per_second(
    players: int, count: int, budget: Budget, settings: Settings | None = None, modules: tuple[str, ...] = ()
) -> float:
    agent = MctsAgent(budget, seed=1, settings=settings or Settings())
    total_iterations = 0
    total_time = 0.0
    for state in positions(players, count, modules):
        started = time.perf_counter()
        with cycle_collection_kept_out():  # as in a game's decision (``MctsAgent.decide``)
            agent.search(state.knowledge(state.decider), state.legal_actions())
        total_time += time.perf_counter() - started
        total_iterations += agent.last_iterations
    return total_iterations / total_time


def fingerprint(count: int, iterations: int, modules: tuple[str, ...] = ()) -> str:
    """A hash of the root statistics of fixed-iteration searches, 2-4 players and hard's two- and four-player
    searches, on positions of games with ``modules`` (none: the base game)."""
    lines = []
    hard = LEVELS["hard"].settings
    for players, settings in ((2, Settings()), (2, hard), (3, Settings()), (4, Settings()), (4, hard)):
        agent = MctsAgent(Budget(iterations=iterations), seed=1, settings=settings)
        for state in positions(players, count, modules):
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
    parser.add_argument(
        "--modules",
        help="comma-separated rule modules (or all): measure with them, next to the base game in the same run",
    )
    args = parser.parse_args(argv)
    if args.fingerprint:
        modules = module_names(args.modules) if args.modules else ()
        label = f" ({', '.join(modules)})" if modules else ""
        print(f"search fingerprint{label}: {fingerprint(args.positions, args.iterations or 300, modules)}")
        return
    budget = Budget(iterations=args.iterations) if args.iterations else Budget(seconds=args.seconds)
    each = f"{args.iterations} iterations" if args.iterations else f"{args.seconds} s"
    if args.modules:
        compare_modules(module_names(args.modules), args.positions, budget, each)
        return
    for players in (2, 3, 4):
        rate = iterations_per_second(players, args.positions, budget)
        print(f"MCTS, {players} players: {rate:7.0f} iterations/s  ({args.positions} positions, {each} each)")
    for players, later in ((2, "one round later"), (4, "a round later")):
        rate = iterations_per_second(players, args.positions, budget, LEVELS["hard"].settings)
        print(f"MCTS, {players} players, hard: {rate:7.0f} iterations/s  (leaves {later})")


def module_names(text: str) -> tuple[str, ...]:
    """``vizier,huts`` or ``all`` -> the modules in the rule book's order; ``all`` is every module offered at setup
    (``CHOOSABLE``: those the bots know), as ``--modules all`` is for a game, so a module the engine plays before
    its AI is built moves no benchmark."""
    names = {name.strip() for name in text.split(",") if name.strip()}
    if names == {"all"}:
        return CHOOSABLE
    unknown = names - set(PLAYABLE)
    if unknown:
        raise SystemExit(f"unknown modules {sorted(unknown)}; choose from {', '.join(PLAYABLE)} or all")
    return tuple(name for name in PLAYABLE if name in names)


def compare_modules(modules: tuple[str, ...], count: int, budget: Budget, each: str) -> None:
    """Per table size (and hard's two- and four-player searches): the base game's rate, the modules' rate and
    their ratio."""
    print(f"modules: {', '.join(modules)} ({count} positions, {each} each)")
    for label, players, settings in (
        ("2 players", 2, None),
        ("3 players", 3, None),
        ("4 players", 4, None),
        ("2 players, hard", 2, LEVELS["hard"].settings),
        ("4 players, hard", 4, LEVELS["hard"].settings),
    ):
        base = iterations_per_second(players, count, budget, settings)
        with_modules = iterations_per_second(players, count, budget, settings, modules)
        print(
            f"MCTS, {label}: {base:7.0f} iterations/s base game, {with_modules:7.0f} with the modules "
            f"({with_modules / base:.0%})"
        )


if __name__ == "__main__":
    main()
