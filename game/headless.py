"""AI-only games in the terminal: one game with a record, or a tournament with statistics.

Tournaments rotate the seats from game to game so that no agent keeps the advantage or
disadvantage of a seat, derive every game's seed from one seed so a tournament can be rerun
exactly, can spread the games over several processes, and can keep their results in a file that
a later run picks up from (``game.results_log``).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai import make_agent
from game.engine import Game, GameConfig, Seat
from game.engine import record as records
from game.engine.modules import dirk as dirk_module
from game.lifeline import exit_with_parent
from game.results_log import GameSummary, ResultsLog, seating


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament started with ``seed``."""
    return random.Random(f"alhambra:{seed}:{index}").getrandbits(31)


MAX_DECISIONS = 5000  # far beyond any real game (about 150-400 decisions): an agent that stalls is a bug


class StalledGame(RuntimeError):
    """Raised when agents keep a game from ending (the rules allow it: nobody has to buy the last tiles)."""


def play_game(
    config: GameConfig, on_decision: Callable[[Game], None] | None = None, think_limit: float | None = None
) -> tuple[Game, list[list[float]]]:
    """Play one game between the agents named in ``config``; return it and each seat's decision times.

    ``think_limit`` caps every searching bot's seconds a decision (``--think``); None: as their levels.
    """
    game = Game.new(config)
    agents = [
        make_agent(seat.agent, seed=config.seed * 7 + index, think_limit=think_limit)
        for index, seat in enumerate(config.seats)
    ]
    times: list[list[float]] = [[] for _ in agents]
    state = game.state
    while not state.is_over:
        if len(game.events) > 4 * MAX_DECISIONS:
            raise StalledGame(f"seed {config.seed}: no end after {MAX_DECISIONS} decisions ({config.seats})")
        player = state.decider
        legal = state.legal_actions()
        started = time.perf_counter()
        action = agents[player].choose(state.knowledge(player), legal) if len(legal) > 1 else legal[0]
        times[player].append(time.perf_counter() - started)
        game.apply(action)
        if on_decision:
            on_decision(game)
    return game, times


def modules_line(modules: Sequence[str]) -> str:
    """Which rule modules played: ``modules: vizier, huts`` or ``no modules``."""
    return f"modules: {', '.join(modules)}" if modules else "no modules"


def result_lines(game: Game) -> list[str]:
    state = game.state
    winners = set(state.winners())
    lines = [
        f"{'*' if seat in winners else ' '} {game.config.seats[seat].name:<14} {game.config.seats[seat].agent:<12} "
        f"{state.scores[seat]:>4} points"
        for seat in range(state.players)
    ]
    dirk = dirk_module.of(state)
    if dirk is not None:
        lines.append(f"  {'Dirk':<14} {'(neutral)':<12} {dirk.score:>4} points")
    lines.append(f"seed {game.config.seed}, {state.turn} turns, {modules_line(game.config.modules)}; * = winner")
    return lines


@dataclass
class Standing:
    """One agent's results over a tournament.  A shared victory between k players counts 1/k of a win."""

    agent: str
    games: int = 0
    wins: float = 0.0
    score_total: int = 0
    decisions: int = 0
    think_total: float = 0.0
    think_worst: float = 0.0
    scores: list[int] = field(default_factory=list)

    def win_interval(self) -> tuple[float, float]:
        """95 % Wilson score interval of the win rate."""
        if not self.games:
            return 0.0, 0.0
        z, n, p = 1.96, self.games, self.wins / self.games
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


def _play_one(
    agents: tuple[str, ...],
    seed: int,
    record_path: str | None,
    modules: tuple[str, ...] = (),
    think_limit: float | None = None,
) -> GameSummary:
    seats = tuple(Seat(f"{name} #{i + 1}", name) for i, name in enumerate(agents))
    config = GameConfig(seed=seed, seats=seats, modules=modules)
    game, times = play_game(config, think_limit=think_limit)
    if record_path:
        records.save(game, record_path)
    state = game.state
    return GameSummary(
        seats=agents,
        scores=tuple(state.scores),
        winners=tuple(state.winners()),
        think=tuple((len(t), sum(t), max(t, default=0.0)) for t in times),
    )


def _play_numbered(
    job: tuple[int, tuple[tuple[str, ...], int, str | None, tuple[str, ...]]],
) -> tuple[int, GameSummary]:
    index, arguments = job
    return index, _play_one(*arguments)


def usable_workers(asked: int, games: int) -> int:
    """The processes a tournament of ``games`` really gets: at most one a game and one a core.

    More would only wait: a process a game beyond the games to play, or a second game on one core, which
    also slows every timed bot's thinking.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(asked, games, cores))


def tournament(
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    records_dir: Path | None = None,
    progress: Callable[[int, GameSummary], None] | None = None,
    modules: Sequence[str] = (),
    results: ResultsLog | None = None,
    think_limit: float | None = None,
) -> list[Standing]:
    """Play ``games`` games, rotating seats, with the rule ``modules``; return one standing per distinct agent.

    ``think_limit`` caps every searching bot's seconds a decision (``play_game``).

    With ``results``, the games it holds already are counted, not played again, and every game
    played now is added to it as soon as it ends.
    """
    played = {index: summary for index, summary in (results.played if results else {}).items() if index < games}
    jobs = {}
    for index in range(games):
        if index not in played:
            path = str(records_dir / f"game-{index + 1:04d}.json") if records_dir else None
            jobs[index] = (seating(agents, index), game_seed(seed, index), path, tuple(modules), think_limit)
    standings: dict[str, Standing] = {name: Standing(name) for name in agents}
    for summary in played.values():
        _count(standings, summary)
    done = len(played)

    def finished(index: int, summary: GameSummary) -> None:
        nonlocal done
        if results:
            results.add(index, summary)
        _count(standings, summary)
        done += 1
        if progress:
            progress(done, summary)

    workers = usable_workers(workers, len(jobs))
    if workers > 1:
        # Kept as each game ends, not in order: a run cut short loses less.  On the way out (Ctrl+C, a
        # failed game) the pool's processes are terminated, not waited for.
        # A worker ends with this process, even one killed (``exit_with_parent``): no game plays on for nobody.
        with multiprocessing.get_context("spawn").Pool(workers, initializer=exit_with_parent) as pool:
            for index, summary in pool.imap_unordered(_play_numbered, jobs.items()):
                finished(index, summary)
    else:
        for index, job in jobs.items():
            finished(index, _play_one(*job))
    return list(standings.values())


def _count(standings: dict[str, Standing], summary: GameSummary) -> None:
    for seat, name in enumerate(summary.seats):
        standing = standings[name]
        standing.games += 1
        standing.score_total += summary.scores[seat]
        standing.scores.append(summary.scores[seat])
        if seat in summary.winners:
            standing.wins += 1 / len(summary.winners)
        decisions, total, worst = summary.think[seat]
        standing.decisions += decisions
        standing.think_total += total
        standing.think_worst = max(standing.think_worst, worst)


def standings_table(standings: list[Standing], seats: int) -> list[str]:
    """The tournament table.  With several seats for one agent, its figures are per seat."""
    lines = [f"{'agent':<14}{'games':>7}{'win rate':>10}{'95% CI':>16}{'avg score':>11}{'avg think':>11}{'worst':>9}"]
    for s in standings:
        low, high = s.win_interval()
        avg_think = s.think_total / s.decisions if s.decisions else 0.0
        lines.append(
            f"{s.agent:<14}{s.games:>7}{s.wins / max(s.games, 1):>10.1%}{f'{low:.1%}-{high:.1%}':>16}"
            f"{s.score_total / max(s.games, 1):>11.1f}{avg_think * 1000:>9.1f}ms{s.think_worst * 1000:>7.0f}ms"
        )
    lines.append(f"({seats} seats a game; seats rotate; a shared victory counts as a fraction of a win)")
    return lines
