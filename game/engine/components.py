"""The components of the base game (RULES.md §1), read once from the packaged CSV files.

The CSV files keep the form of the project's component tables, so a corrected table is a
one-file change.  Everything else in the engine refers to tiles and cards by integer id and
looks their properties up in the flat tuples built here: tuple indexing is the cheapest lookup
Python has, and the AI performs it millions of times per decision.
"""

from __future__ import annotations

import csv
from importlib import resources
from typing import NamedTuple

BUILDING_TYPES: tuple[str, ...] = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES: tuple[str, ...] = ("florin", "dirham", "denar", "ducat")

# Wall sides as bits of a mask; a tile's walls are the OR of its walled sides.
N, E, S, W = 1, 2, 4, 8
SIDE_LETTERS: tuple[tuple[int, str], ...] = ((N, "N"), (E, "E"), (S, "S"), (W, "W"))


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def walls_to_text(walls: int) -> str:
    """Wall mask as the record's letter string, e.g. 0b1001 -> "NW"."""
    return "".join(letter for bit, letter in SIDE_LETTERS if walls & bit)


def walls_from_text(text: str) -> int:
    """Inverse of walls_to_text; raises ValueError for anything but letters of NESW."""
    mask = 0
    for letter in text:
        bits = [bit for bit, side in SIDE_LETTERS if side == letter]
        if not bits or mask & bits[0]:
            raise ValueError(f"bad wall letters {text!r}")
        mask |= bits[0]
    return mask


# ---------------------------------------------------------------- tiles [B-COMP-1], [B-COMP-2]
_BUILDINGS = _rows("buildings.csv")
BUILDING_COUNT = len(_BUILDINGS)  # 54
MAX_PLAYERS = 6
START_TILE_BASE = BUILDING_COUNT  # start tile of seat p has id START_TILE_BASE + p
TILE_COUNT = BUILDING_COUNT + MAX_PLAYERS

TILE_TYPE: tuple[int, ...] = tuple([BUILDING_TYPES.index(row["type"]) for row in _BUILDINGS] + [-1] * MAX_PLAYERS)
TILE_COST: tuple[int, ...] = tuple([int(row["cost"]) for row in _BUILDINGS] + [0] * MAX_PLAYERS)
TILE_WALLS: tuple[int, ...] = tuple(
    [
        sum(bit for bit, key in ((N, "wall_n"), (E, "wall_e"), (S, "wall_s"), (W, "wall_w")) if row[key] == "1")
        for row in _BUILDINGS
    ]
    + [0] * MAX_PLAYERS
)


def is_start_tile(tile: int) -> bool:
    return tile >= START_TILE_BASE


def describe_tile(tile: int) -> str:
    if is_start_tile(tile):
        return "Lion Fountain"
    walls = walls_to_text(TILE_WALLS[tile])
    return f"{BUILDING_TYPES[TILE_TYPE[tile]]} {TILE_COST[tile]}" + (f" [{walls}]" if walls else "")


# ---------------------------------------------------------------- money [B-COMP-3], [B-COMP-4]
_MONEY = _rows("money.csv")
MARKET_CURRENCY: tuple[int, ...] = tuple(
    CURRENCIES.index(currency) for _, currency in sorted({(int(r["market_slot"]), r["currency"]) for r in _MONEY})
)  # market slot 1..4 (index 0..3) -> currency index


class _CardKind(NamedTuple):
    currency: int
    value: int
    copy: int
    in_two_player_game: bool


def _money_cards() -> list[_CardKind]:
    cards = []
    for row in sorted(_MONEY, key=lambda r: (CURRENCIES.index(r["currency"]), int(r["value"]))):
        for copy in range(int(row["copies"])):
            cards.append(
                _CardKind(
                    CURRENCIES.index(row["currency"]), int(row["value"]), copy, copy < int(row["copies_two_players"])
                )
            )
    return cards


_CARDS = _money_cards()
MONEY_CARD_COUNT = len(_CARDS)  # 108
SCORING_CARDS: tuple[int, int] = (MONEY_CARD_COUNT, MONEY_CARD_COUNT + 1)  # first and second scoring
CARD_COUNT = MONEY_CARD_COUNT + 2
CARD_CURRENCY: tuple[int, ...] = tuple([c.currency for c in _CARDS] + [-1, -1])
CARD_VALUE: tuple[int, ...] = tuple([c.value for c in _CARDS] + [0, 0])
TWO_PLAYER_MONEY: tuple[int, ...] = tuple(i for i, c in enumerate(_CARDS) if c.in_two_player_game)
ALL_MONEY: tuple[int, ...] = tuple(range(MONEY_CARD_COUNT))


def is_scoring_card(card: int) -> bool:
    return card >= MONEY_CARD_COUNT


def scoring_round_of(card: int) -> int:
    return card - MONEY_CARD_COUNT + 1


def describe_card(card: int) -> str:
    if is_scoring_card(card):
        return f"scoring card {scoring_round_of(card)}"
    return f"{CURRENCIES[CARD_CURRENCY[card]]} {CARD_VALUE[card]}"


# ---------------------------------------------------------------- scoring table [B-SCORE-2]
def _scoring_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """SCORE_POINTS[round - 1][type] = points for ranks 1, 2, 3 (0 where a rank pays nothing)."""
    table = [[[0, 0, 0] for _ in BUILDING_TYPES] for _ in range(3)]
    for row in _rows("scoring.csv"):
        for t, name in enumerate(BUILDING_TYPES):
            table[int(row["round"]) - 1][t][int(row["place"]) - 1] = int(row[name])
    return tuple(tuple(tuple(points) for points in per_type) for per_type in table)


SCORE_POINTS = _scoring_table()
