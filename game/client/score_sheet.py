"""The table shown at a scoring: per building type, who has how many, their rank and points.

Pure data (it draws nothing).  Points come from the engine's ``score`` event (the truth); counts and
walls are read back from the state for display.  A scoring happens at the very end of a turn, so
the state right after the action that caused it still shows the Alhambras as they were scored;
only a module's collector may have received tiles after a scoring, and its
columns (``Scoring.sheet_columns``) take those off again.  The counts are what the scoring
counted (``GameState.scoring_counts``): a rule module's share of a count (huts' neighbours,
revealed bonus cards: ``Scoring.count_shares``) is named beside it, e.g. "+1 hut, +1 bonus".  A module's
own score items (camp lines, bazaars: ``Scoring.score_lines``) get a row each after the walls, with each
player's points explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import GameState
from game.engine.components import BUILDING_TYPES, SCORE_POINTS
from game.i18n import _, ngettext, pgettext, words

from .modules import modules_for

WALL = "wall"  # the walls' row's ``what`` (as the ``score`` event names the walls' items)


@dataclass(frozen=True)
class Row:
    """One row of the sheet.  Its words (``ranks``, ``shares``, ``label``, ``notes``, ``tips``, ``legend``) are in
    the language of the moment the sheet was made (``sheet_for``); ``title`` says the row's name now."""

    what: str  # a building type (its engine name: the icon's key) or "wall"
    counts: tuple[int | None, ...]  # per collector; None where it does not apply (a module collector's walls)
    ranks: tuple[str, ...]  # "1st", "2nd=" (shared), "" (none)
    points: tuple[int, ...]
    shares: tuple[str, ...] = ()  # per collector: what the rule modules added to its count ("+1 hut"), or ""
    # a rule module's own score items (``ScoreLine``: camp lines): no count or rank, but per collector how the
    # points came about, said short (``notes``) and at length (``tips``), under ``label`` beside ``tile``'s picture
    label: str = ""
    tile: int | None = None
    notes: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    legend: str = ""  # what the notes' numbers count, in small print under the label

    @property
    def title(self) -> str:
        """The row's name in the current language: a building type ("Pavilion"), "Longest wall", a module's label."""
        if self.what == WALL:
            return _("Longest wall")
        if self.what in BUILDING_TYPES:
            return words.label(words.building(BUILDING_TYPES.index(self.what)))
        return self.label


@dataclass(frozen=True)
class Sheet:
    round: int
    collectors: tuple[int | str, ...]  # seat numbers, then the modules' collectors (by key)
    rows: tuple[Row, ...]
    gained: tuple[int, ...]
    totals: tuple[int, ...]  # scores after this scoring, per collector


def ranks_of(counts: Sequence[int]) -> tuple[str, ...]:
    """Display ranks: players with no building of a type have none; equal counts share (marked '=')."""
    ranks = []
    for count in counts:
        if count <= 0:
            ranks.append("")
            continue
        rank = 1 + sum(1 for other in counts if other > count)
        shared = sum(1 for other in counts if other == count) > 1
        # TRANSLATORS: a rank shared with others on the score sheet ("2nd=")
        ranks.append(pgettext("rank", "{rank}=").format(rank=words.ordinal(rank)) if shared else words.ordinal(rank))
    return tuple(ranks)


def rank_worth(round_number: int, kind: int) -> str:
    """What each paying rank of type ``kind`` is worth at scoring ``round_number`` ([B-SCORE-2]): "1st 8 · 2nd 1"."""
    paying = [points for points in SCORE_POINTS[round_number - 1][kind] if points]
    # TRANSLATORS: what a rank is worth, under a building type on the score sheet ("1st 8")
    said = [
        _("{rank} {points}").format(rank=words.ordinal(rank), points=points) for rank, points in enumerate(paying, 1)
    ]
    return pgettext("between ranks", " · ").join(said)


def _places(ranks: Sequence[int]) -> str:
    """Ranks as a list: "1st, 2nd and 3rd"."""
    said = [words.ordinal(rank) for rank in ranks]
    # TRANSLATORS: the last of the ranks tied players share ("1st, 2nd and 3rd")
    return _("{ranks} and {last}").format(ranks=words.join(said[:-1]), last=said[-1])


def rank_explanations(round_number: int, kind: int, counts: Sequence[int]) -> tuple[str, ...]:
    """Per collector (the players, a neutral collector), how their rank in type ``kind`` earned its points ([B-SCORE-2],
    [B-SCORE-3]): the tied add up the points of the ranks they occupy and share them, rounded down; "" for none."""
    table = SCORE_POINTS[round_number - 1][kind]
    name = words.building(kind)
    found = []
    for count in counts:
        if count <= 0:
            found.append("")
            continue
        rank = 1 + sum(1 for other in counts if other > count)
        tied = sum(1 for other in counts if other == count)
        occupied = range(rank, rank + tied)
        worth = [table[r - 1] if r <= len(table) else 0 for r in occupied]
        if tied == 1:
            if worth[0]:
                said = ngettext("{rank} in {type}: {n} point.", "{rank} in {type}: {n} points.", worth[0])
                found.append(said.format(rank=words.ordinal(rank), type=name, n=worth[0]))
            else:
                found.append(
                    _("{rank} in {type}: no points at this scoring.").format(rank=words.ordinal(rank), type=name)
                )
            continue
        total = sum(worth)
        # TRANSLATORS: how players tied in a building type share points ([B-SCORE-3]); {sum} is e.g. "13 + 6"
        said = _(
            "{tied} tie for {rank} in {type} with {count} each: they share the points of {places} "
            "({sum} = {total}), rounded down: {each} each."
        )
        found.append(
            said.format(
                tied=tied,
                rank=words.ordinal(rank),
                type=name,
                count=count,
                places=_places(occupied),
                sum=" + ".join(map(str, worth)),
                total=total,
                each=total // tied,
            )
        )
    return tuple(found)


def sheet_for(state: GameState, event: dict, later: Sequence[dict]) -> Sheet:
    """The sheet of ``event`` (a ``score`` event); ``later`` are the events after it in the same batch."""
    players = state.players
    collectors: list[int | str] = list(range(players))
    counts = [state.boards[p].type_counts() for p in range(players)]
    modules = modules_for(state.rules)
    shares: list[list[tuple[str, list[int]]]] = [modules.count_shares(state, p) for p in range(players)]
    for p, found in enumerate(shares):
        for _share, extra in found:
            counts[p] = [count + more for count, more in zip(counts[p], extra, strict=True)]
    walls: list[int | None] = [state.boards[p].wall_length() for p in range(players)]
    totals = list(event["totals"])
    for column in modules.sheet_columns(state, event, later):
        collectors.append(column.key)
        counts.append(list(column.counts))
        walls.append(column.wall)
        totals.append(column.total)
    index = {seat: i for i, seat in enumerate(collectors)}
    points = {(a["player"], a["what"]): a["points"] for a in event["points"]}
    rows = []
    for kind, name in enumerate(BUILDING_TYPES):
        per = tuple(counts[i][kind] for i in range(len(collectors)))
        said = tuple(
            words.join(_(what).format(n=extra[kind]) for what, extra in shares[i] if extra[kind]) if i < players else ""
            for i in range(len(collectors))
        )
        row_points = tuple(points.get((seat, name), 0) for seat in collectors)
        rows.append(
            Row(
                name,
                per,
                ranks_of(per),
                row_points,
                said if any(said) else (),
                tips=rank_explanations(event["round"], kind, per),
                legend=rank_worth(event["round"], kind),
            )
        )
    wall_points = tuple(points.get((seat, "wall"), 0) for seat in collectors)
    rows.append(Row(WALL, tuple(walls), ("",) * len(collectors), wall_points))
    for line in modules.score_lines(state, event):  # the modules' own items (camp lines), explained
        rows.append(
            Row(
                line.what,
                (None,) * len(collectors),
                ("",) * len(collectors),
                tuple(points.get((seat, line.what), 0) for seat in collectors),
                label=line.label,
                tile=line.tile,
                notes=tuple(line.notes[i] if i < min(players, len(line.notes)) else "" for i in range(len(collectors))),
                tips=tuple(line.tips[i] if i < min(players, len(line.tips)) else "" for i in range(len(collectors))),
                legend=line.legend,
            )
        )
    gained = [0] * len(collectors)
    for (seat, _what), value in points.items():
        gained[index[seat]] += value
    return Sheet(event["round"], tuple(collectors), tuple(rows), tuple(gained), tuple(totals))
