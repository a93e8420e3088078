"""Engine benchmark: ``python -m game.bench [--games N]``, on one core.

Prints random 3-player full games per second (the random agent's policy, straight on the
engine: legal_actions + apply_trusted, as the search plays, until the game is over), and
microseconds per ``legal_actions()`` and per ``clone()`` over positions sampled from such games.
``legal_actions`` is measured cold (a position's caches emptied, as after a change to the
Alhambra) and warm.
"""

from __future__ import annotations

import argparse
import random
import time

from ai.random_agent import pick_random
from game.engine import GameState, deal


def random_game(seed: int, players: int, uniform: bool, samples: list[GameState] | None = None) -> int:
    state = GameState.start(deal(players, seed), seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.randrange(len(legal))] if uniform else pick_random(legal, rng))
        decisions += 1
        if samples is not None and decisions % 7 == 0:
            samples.append(state.clone())
    return decisions


def games_per_second(games: int, players: int, uniform: bool) -> tuple[float, float]:
    started = time.perf_counter()
    decisions = sum(random_game(seed, players, uniform) for seed in range(games))
    elapsed = time.perf_counter() - started
    return games / elapsed, decisions / games


def microseconds(samples: list[GameState], repeat: int, work) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        for state in samples:
            work(state)
    return (time.perf_counter() - started) / (repeat * len(samples)) * 1e6


def cold_legal_actions(samples: list[GameState], repeat: int) -> float:
    """Time legal_actions on copies whose caches were emptied, minus the cost of making the copies."""

    def cold(state: GameState) -> None:
        copy = state.clone()
        for player in range(copy.players):
            copy._forget(player)
        copy.legal_actions()

    def copy_only(state: GameState) -> None:
        copy = state.clone()
        for player in range(copy.players):
            copy._forget(player)

    return microseconds(samples, repeat, cold) - microseconds(samples, repeat, copy_only)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    rate, length = games_per_second(args.games, 3, uniform=False)
    print(f"random 3-player games (random agent: kind, then move): {rate:7.1f} games/s  ({length:.0f} decisions)")
    rate, length = games_per_second(args.games // 2, 3, uniform=True)
    print(f"random 3-player games (uniform over all legal moves):  {rate:7.1f} games/s  ({length:.0f} decisions)")
    samples: list[GameState] = []
    for seed in range(20):
        random_game(1000 + seed, 3, uniform=False, samples=samples)
    print(f"clone():                 {microseconds(samples, 20, GameState.clone):7.1f} us  ({len(samples)} positions)")
    print(f"legal_actions(), cold:   {cold_legal_actions(samples, 10):7.1f} us")
    print(f"legal_actions(), warm:   {microseconds(samples, 20, GameState.legal_actions):7.1f} us")


if __name__ == "__main__":
    main()
