"""A tournament's results, game by game, in a file that a later run picks up from.

Measuring the strongest bots takes longer than one sitting: two hundred games of mcts:expert
against mcts:hard are about twelve hours on a two-core machine.  With ``--results FILE`` every
finished game is appended to FILE at once (JSON Lines), and the same command run again plays only
the games FILE does not hold yet and reports on all of them, as one tournament: a run cut short
(the machine shut down, the session ended) loses at most the games it was playing.  A larger
``--games`` with the same FILE extends the tournament with the next games of the same seed.

The first line says which tournament the file belongs to (the agents in their seat order, the
seed, the modules, the thinking time where ``--think`` capped it); a run of any other tournament
is refused rather than mixed in.  A last line cut off mid-write (the process was killed) is
dropped and overwritten: its game is played again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

FORMAT = "alhambra-tournament-results"
VERSION = 1


class ResultsFileError(ValueError):
    """The file is not a results file, is damaged, or belongs to another tournament."""


@dataclass(frozen=True)
class GameSummary:
    """One finished game of a tournament: who sat where, the scores, the winners and the thinking times."""

    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    think: tuple[tuple[int, float, float], ...]  # per seat: decisions, total seconds, worst seconds


@dataclass(frozen=True)
class TournamentKey:
    """What makes two runs the same tournament: game ``i`` of both is then the same deal at the same seats."""

    agents: tuple[str, ...]
    seed: int
    modules: tuple[str, ...]
    think_limit: float | None = None  # ``--think``: the bots' thinking time capped; None: as their levels

    def described(self) -> str:
        modules = ", ".join(self.modules) if self.modules else "no modules"
        thinking = f", bots think at most {self.think_limit} s" if self.think_limit is not None else ""
        return f"{', '.join(self.agents)}, seed {self.seed}, {modules}{thinking}"


class ResultsLog:
    """The results file of one tournament, open for appending the games this run finishes."""

    def __init__(self, path: Path, key: TournamentKey, played: dict[int, GameSummary], stream: TextIO) -> None:
        self.path = path
        self.key = key
        self.played = played  # game index -> summary, read from the file when the run started
        self._stream = stream

    @classmethod
    def open(cls, path: Path, key: TournamentKey) -> ResultsLog:
        """Open (or start) ``path`` for the tournament ``key``; raises ResultsFileError naming what is wrong."""
        played: dict[int, GameSummary] = {}
        if path.exists():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise ResultsFileError(f"cannot read results file {path}: {error}") from error
            played, complete = _read(path, text, key)
            if complete < len(text.encode("utf-8")):  # a last line cut off mid-write: played again
                with path.open("r+b") as raw:
                    raw.truncate(complete)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            header = {"format": FORMAT, "version": VERSION, **_key_fields(key)}
            path.write_text(json.dumps(header) + "\n", encoding="utf-8")
        return cls(path, key, played, path.open("a", encoding="utf-8"))

    def add(self, index: int, summary: GameSummary) -> None:
        """Append a finished game, flushed at once: it is kept whatever happens to the run after."""
        line = {
            "game": index,
            "seats": list(summary.seats),
            "scores": list(summary.scores),
            "winners": list(summary.winners),
            "think": [list(seat) for seat in summary.think],
        }
        self._stream.write(json.dumps(line) + "\n")
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()

    def __enter__(self) -> ResultsLog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _key_fields(key: TournamentKey) -> dict[str, Any]:
    """The header's fields that name the tournament; ``think`` only where the thinking time was capped, so a
    file of a run at the levels' own times reads the same as before the cap existed."""
    fields: dict[str, Any] = {"agents": list(key.agents), "seed": key.seed, "modules": list(key.modules)}
    if key.think_limit is not None:
        fields["think"] = key.think_limit
    return fields


def _read(path: Path, text: str, key: TournamentKey) -> tuple[dict[int, GameSummary], int]:
    """The games in the file and the length in bytes of its complete lines."""
    lines = text.split("\n")
    ending = lines.pop()  # "" when the file ends with a newline; else a line cut off mid-write
    complete = len(text.encode("utf-8")) - len(ending.encode("utf-8"))
    if not lines:
        raise ResultsFileError(f"{path} is not a tournament results file (it is empty)")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ResultsFileError(f"{path} is not a tournament results file")
    if header.get("version") != VERSION:
        version = header.get("version")
        raise ResultsFileError(f"{path} is a results file of version {version}; this game reads version {VERSION}")
    expected = {"think": None, **_key_fields(key)}
    if {name: header.get(name) for name in ("agents", "seed", "modules", "think")} != expected:
        found = TournamentKey(
            tuple(header.get("agents", ())),
            header.get("seed", 0),
            tuple(header.get("modules", ())),
            header.get("think"),
        )
        raise ResultsFileError(
            f"{path} holds another tournament ({found.described()}), not {key.described()}: use another file"
        )
    played: dict[int, GameSummary] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            index, summary = _game(json.loads(line), key)
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
            raise ResultsFileError(f"{path}, line {number}: not a game's result ({error})") from error
        if index in played:
            raise ResultsFileError(f"{path}, line {number}: game {index + 1} is in the file twice")
        played[index] = summary
    return played, complete


def _game(entry: dict[str, Any], key: TournamentKey) -> tuple[int, GameSummary]:
    index = entry["game"]
    players = len(key.agents)
    seats = tuple(str(name) for name in entry["seats"])
    if not isinstance(index, int) or index < 0:
        raise ValueError("the game's number is not a count")
    if seats != seating(key.agents, index):
        raise ValueError(f"game {index + 1} was not played at this tournament's seats")
    scores = tuple(int(score) for score in entry["scores"])
    winners = tuple(int(seat) for seat in entry["winners"])
    think = tuple((int(n), float(total), float(worst)) for n, total, worst in entry["think"])
    if len(scores) != players or len(think) != players or not winners or any(not 0 <= w < players for w in winners):
        raise ValueError("the scores, winners or times do not fit the seats")
    return index, GameSummary(seats, scores, winners, think)


def seating(agents: Sequence[str], index: int) -> tuple[str, ...]:
    """The seats of game ``index``: the agents rotated by one seat a game, so no agent keeps a seat's (dis)advantage."""
    shift = index % len(agents)
    return tuple(agents[(seat + shift) % len(agents)] for seat in range(len(agents)))
