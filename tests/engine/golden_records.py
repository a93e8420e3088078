"""The golden set: whole games whose records are kept in ``tests/engine/golden/`` exactly as the game writes them.

Each game is played by ``game.headless.play_game`` (the headless game's loop and its agents' seeds) between
greedy, random and beginner seats, with a fixed seed, and written by ``game.engine.record.save``, the game's own
writer, so that byte equality means something.  The set covers the base game, each of the thirteen modules alone,
the seven of expansion 1 and the 2024 edition together (``all-*``: "all" until expansions 2-4 came) and all thirteen
together (``every-*``), with every table size from 2 players (Dirk plays) to 6 several times.

``tests/engine/test_golden_records.py`` plays every game again and asks for the same bytes, and loads every
file.  So the set pins what the engine does today (the deal, every rule, every event and score, the record's
form) and what the three quick bots choose: a change that is meant to play the same games (a reshape of the
engine's records, deal, board or hooks; a speed-up) must leave every file as it is, byte for byte.

Regenerate the files (``python -m tests.engine.golden_records``) only for a change that is meant to play other
games: a rule change, a change of the record's form, or a change of what the greedy, random or beginner bot
chooses; say in its commit which change it is and which files changed (``git status tests/engine/golden``).
Never regenerate for a reshape or a speed-up: if one changes a file, it changed the games, and the difference
(the test names the first differing event) is the bug to find.  ``--check`` plays every game and compares it
with its file without writing anything (the test does the same).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Game, GameConfig, Seat
from game.engine import record as records
from game.headless import play_game

GOLDEN_DIR = Path(__file__).parent / "golden"

ALL_SEVEN = ("vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons")  # the rule book's order
EXPANSIONS_2_TO_4 = ("gates", "change", "thieves", "walls", "chests", "traders")  # RULES.md §11, in CHOOSABLE's order
EVERY = (*ALL_SEVEN, *EXPANSIONS_2_TO_4)  # every module offered at setup


@dataclass(frozen=True)
class GoldenGame:
    """One game of the set: its modules, its seats' agents (seat by seat) and its seed."""

    modules: tuple[str, ...]
    agents: tuple[str, ...]
    seed: int

    @property
    def players(self) -> int:
        return len(self.agents)

    @property
    def file_name(self) -> str:
        """``base-2p.json``, ``huts-4p.json``, ``all-6p.json``; ``all-3p-random.json`` when only random seats play."""
        label = {ALL_SEVEN: "all", EVERY: "every"}.get(self.modules) or "-".join(self.modules) or "base"
        only_random = "-random" if set(self.agents) == {"random"} else ""
        return f"{label}-{self.players}p{only_random}.json"

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / self.file_name

    def config(self) -> GameConfig:
        """The game's config, its seats named as the headless game names them (``greedy #1``)."""
        seats = tuple(Seat(f"{agent} #{seat + 1}", agent) for seat, agent in enumerate(self.agents))
        return GameConfig(seed=self.seed, seats=seats, modules=self.modules)


G, R, B = "greedy", "random", "beginner"

# Every table size several times, every module alone twice at two sizes, the base game, the seven of before and all
# thirteen at every size, each agent in every seat position somewhere; and games of random seats only, which redesign
# far more than the others (with all seven: falcons sent back again and again).  The games after seed 129 came with
# expansions 2-4; those before kept their files byte for byte.
GOLDEN: tuple[GoldenGame, ...] = (
    GoldenGame((), (G, R), 101),
    GoldenGame((), (B, G, R), 102),
    GoldenGame((), (R, B, G, G), 103),
    GoldenGame((), (G, B, R, G, B), 104),
    GoldenGame((), (B, R, G, B, G, R), 105),
    GoldenGame(("vizier",), (R, G, B), 106),
    GoldenGame(("vizier",), (G, R, B, G, R), 107),
    GoldenGame(("exchange",), (B, G), 108),
    GoldenGame(("exchange",), (G, B, R, R, G, B), 109),
    GoldenGame(("huts",), (G, R, B), 110),
    GoldenGame(("huts",), (B, G, R, G), 111),
    GoldenGame(("bonus",), (R, B), 112),
    GoldenGame(("bonus",), (B, G, R, G, B), 113),
    GoldenGame(("camps",), (G, R, B, B), 114),
    GoldenGame(("camps",), (R, G, B, G, R, B), 115),
    GoldenGame(("bazaars",), (G, B), 116),
    GoldenGame(("bazaars",), (R, B, G, R, G), 117),
    GoldenGame(("falcons",), (B, R, G), 118),
    GoldenGame(("falcons",), (G, G, R, B, R, B), 119),
    GoldenGame(ALL_SEVEN, (G, R), 120),
    GoldenGame(ALL_SEVEN, (R, G, B), 121),
    GoldenGame(ALL_SEVEN, (B, R, G, G), 122),
    GoldenGame(ALL_SEVEN, (G, R, B, B, G), 123),
    GoldenGame(ALL_SEVEN, (B, G, R, G, B, R), 124),
    GoldenGame((), (R, R, R, R), 125),
    GoldenGame(ALL_SEVEN, (R, R, R), 129),
    GoldenGame(("gates",), (G, B, R), 130),
    GoldenGame(("gates",), (R, G, B, G, R, B), 131),
    GoldenGame(("change",), (B, G), 132),
    GoldenGame(("change",), (G, R, B, R), 133),
    GoldenGame(("thieves",), (R, G), 134),
    GoldenGame(("thieves",), (G, B, R, G, B), 135),
    GoldenGame(("walls",), (G, R, B), 136),
    GoldenGame(("walls",), (B, G, R, B, G, R), 137),
    GoldenGame(("chests",), (R, B, G, G), 138),
    GoldenGame(("chests",), (G, R), 139),
    GoldenGame(("traders",), (B, R, G), 140),
    GoldenGame(("traders",), (R, G, B, B, G), 141),
    GoldenGame(EVERY, (G, R), 142),
    GoldenGame(EVERY, (R, G, B), 143),
    GoldenGame(EVERY, (B, R, G, G), 144),
    GoldenGame(EVERY, (G, R, B, B, G), 145),
    GoldenGame(EVERY, (B, G, R, G, B, R), 146),
    GoldenGame(EVERY, (R, R, R, R), 147),
)


def play(golden: GoldenGame) -> Game:
    """Play the game again, as a headless game does."""
    game, _ = play_game(golden.config())
    return game


def record_bytes(game: Game) -> bytes:
    """The record file ``record.save`` writes for ``game``, as bytes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        records.save(game, path)
        return path.read_bytes()


def first_difference(expected: bytes, found: bytes) -> str:
    """Where two record files part: the first differing section, event or byte, in one short paragraph."""
    if expected == found:
        return "the records are identical"
    try:
        want, got = json.loads(expected), json.loads(found)
    except ValueError as error:
        return f"a record is not JSON ({error}); {_first_byte(expected, found)}"
    if want == got:
        return f"the same JSON written differently (the record's form changed): {_first_byte(expected, found)}"
    for key in sorted(set(want) | set(got), key=_section_order):
        if want.get(key) == got.get(key):
            continue
        if key == "events" and isinstance(want.get(key), list) and isinstance(got.get(key), list):
            events_want, events_got = want[key], got[key]
            for index in range(max(len(events_want), len(events_got))):
                one = events_want[index] if index < len(events_want) else "(none: the game ended)"
                other = events_got[index] if index < len(events_got) else "(none: the game ended)"
                if one != other:
                    return (
                        f"first differing event: event {index} of {len(events_want)} "
                        f"(of {len(events_got)} now)\n  golden: {_short(one)}\n  now:    {_short(other)}"
                    )
        return f"first differing section: {key!r}\n  golden: {_short(want.get(key))}\n  now:    {_short(got.get(key))}"
    return _first_byte(expected, found)  # not reached: the documents differ somewhere


def _section_order(key: str) -> tuple[int, str]:
    order = ("format", "config", "tiles", "cards", "setup", "events", "result")
    return (order.index(key) if key in order else len(order), key)


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit] + "…"


def _first_byte(expected: bytes, found: bytes) -> str:
    at = next((i for i, (a, b) in enumerate(zip(expected, found, strict=False)) if a != b), None)
    if at is None:
        at = min(len(expected), len(found))
    return f"first differing byte {at} (golden {len(expected)} bytes, now {len(found)}): {expected[at : at + 60]!r}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.engine.golden_records", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--check", action="store_true", help="compare every game with its file; write nothing")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(exist_ok=True)
    started = time.perf_counter()
    differing = 0
    for golden in GOLDEN:
        text = record_bytes(play(golden))
        old = golden.path.read_bytes() if golden.path.exists() else None
        if args.check:
            if old != text:
                differing += 1
                why = first_difference(old, text) if old is not None else "no file"
                print(f"{golden.file_name}: DIFFERS: {why}")
        else:
            golden.path.write_bytes(text)
            state = "unchanged" if old == text else "new" if old is None else "CHANGED"
            print(f"{golden.file_name}: {len(text):,} bytes, {state}")
    stray = sorted({p.name for p in GOLDEN_DIR.glob("*.json")} - {g.file_name for g in GOLDEN})
    for name in stray:
        print(f"{name}: not in the golden set (remove it)")
    total = sum(g.path.stat().st_size for g in GOLDEN if g.path.exists())
    print(f"{len(GOLDEN)} games, {total:,} bytes, {time.perf_counter() - started:.1f} s")
    return 1 if differing or stray else 0


if __name__ == "__main__":
    sys.exit(main())
