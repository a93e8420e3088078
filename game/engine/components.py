"""The components of the base game (RULES.md §1), read once from the packaged CSV files.

The CSV files keep the form of the project's component tables, so a corrected table is a
one-file change.  Everything else in the engine refers to tiles and cards by integer id and
looks their properties up in the flat tuples built here: tuple indexing is the cheapest lookup
Python has, and the AI performs it millions of times per decision.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from importlib import resources
from typing import NamedTuple

BUILDING_TYPES: tuple[str, ...] = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES: tuple[str, ...] = ("florin", "dirham", "denar", "ducat")

# Wall sides as bits of a mask; a tile's walls are the OR of its walled sides.
N, E, S, W = 1, 2, 4, 8
SIDES: tuple[int, ...] = (N, E, S, W)  # the order of a tile's sides in TILE_SIDES
SIDE_LETTERS: tuple[tuple[int, str], ...] = ((N, "N"), (E, "E"), (S, "S"), (W, "W"))

# What a tile shows on a side.  Buildings and start tiles show open sides and walls ([B-COMP-2]);
# the 2024 edition's camps add bastions and green sides ([M-CAMP-1]).  Which kinds may touch is a
# rule: ``alhambra.MAY_TOUCH``.
OPEN, WALL, BASTION, GREEN = "open", "wall", "bastion", "green"
SIDE_KINDS: tuple[str, ...] = (OPEN, WALL, BASTION, GREEN)


def sides_of(walls: int) -> tuple[str, ...]:
    """The side kinds, north, east, south, west, of a tile whose walls are ``walls`` (and no other kinds)."""
    return tuple(WALL if walls & side else OPEN for side in SIDES)


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


# ---------------------------------------------------------------- kinds [B-COMP-1] to [B-COMP-4]
# Every tile and every card has exactly one kind, looked up by id: code asks ``is_building(tile)``
# or ``TILE_KIND[tile]``, never where an id lies (the ids stay those of the records: tiles 0-53
# buildings, 54-59 start tiles; cards 0-107 money, 108-109 scoring cards).  Rule modules add
# their kinds here (tiles "hut", "camp", "bazaar"; cards "exchange") with new ids after these.
BUILDING, START, HUT, CAMP, BAZAAR, FALCON = "building", "start", "hut", "camp", "bazaar", "falcon"
CITIZEN, CHEST = "citizen", "chest"  # wooden pieces of §11: [M-TRADER-1] citizens, [M-CHEST-1] treasure chests
MONEY, SCORING, EXCHANGE, BONUS = "money", "scoring", "exchange", "bonus"
THIEF = "thief"  # [M-THIEF-1] the thief cards of §11
COIN = "coin"  # a card of §11: [M-CHANGE-1] a change coin
GATE, WALL_CARD = "gate", "wall"  # cards of §11: [M-GATE-1] a city-gate card, [M-WALL-1] a wall card
TILE_KINDS: tuple[str, ...] = (BUILDING, START, HUT, CAMP, BAZAAR, FALCON, CITIZEN, CHEST)
CARD_KINDS: tuple[str, ...] = (MONEY, SCORING, EXCHANGE, BONUS, COIN, THIEF, GATE, WALL_CARD)


class Tile(NamedTuple):
    """One tile of the catalogue.  ``type`` (an index into BUILDING_TYPES) and ``cost`` are None
    for a tile that has none, so that using one fails at once instead of meaning the last type."""

    kind: str
    type: int | None
    cost: int | None
    walls: int


class Card(NamedTuple):
    """One card of the catalogue.  ``currency`` (an index into CURRENCIES) and ``value`` are None
    for a card that has none (a scoring card is no money)."""

    kind: str
    currency: int | None
    value: int | None
    copy: int  # which copy of its currency and value (0 for cards that are one of a kind)
    in_two_player_game: bool


def _kind_test(kinds: tuple[str, ...], kind: str) -> Callable[[int], bool]:
    """``test(id)`` is True when component ``id`` is of ``kind``.  A table of one bool per id, read by
    its own ``__getitem__``: a single C call and no Python frame, for the search's inner loop.  Ask it of
    ids only: -1 (an empty market slot) would read the last id's answer."""
    return tuple(k == kind for k in kinds).__getitem__


# ---------------------------------------------------------------- tiles [B-COMP-1], [B-COMP-2]
_BUILDINGS = _rows("buildings.csv")
MAX_PLAYERS = 6


_HUTS = _rows("huts.csv")
_CAMPS = _rows("camps.csv")
_BAZAARS = _rows("bazaars.csv")
_FALCONS = _rows("falcons.csv")
_CITIZENS = _rows("citizens.csv")
_CHESTS = _rows("chests.csv")
_WALL_COLUMNS = ((N, "wall_n"), (E, "wall_e"), (S, "wall_s"), (W, "wall_w"))
_BASTION_COLUMNS = ((N, "bastion_n"), (E, "bastion_e"), (S, "bastion_s"), (W, "bastion_w"))
_ARROW_COLUMNS = ((N, "arrow_n"), (E, "arrow_e"), (S, "arrow_s"), (W, "arrow_w"))
FALCON_KINDS: tuple[str, ...] = ("black", "brown", "white")  # [M-FALCON-1] each scores apart ([M-FALCON-5])


def _walls_of(row: dict[str, str], columns: tuple[tuple[int, str], ...] = _WALL_COLUMNS) -> int:
    return sum(bit for bit, column in columns if row[column] == "1")


def _tiles() -> tuple[Tile, ...]:
    """[B-COMP-2] the buildings of buildings.csv, [B-COMP-1] one start tile per seat, then [M-HUT-1] the huts,
    [M-CAMP-1] the camps, [M-BAZAAR-1] the bazaars and [M-FALCON-1] the falcons (ids as RECORD.md's Modules
    section numbers them: huts 60-83, camps 84-91, bazaars 92-99, falcons 100-114).

    None of them is a building: their ``type`` is None, so they never count in a majority ([M-HUT-3]).
    A hut's colour is ``HUT_COLOUR``.  A camp has a cost (it is bought like a building, [M-CAMP-1]) and
    its bastion sides as its walls: they match walls and count in the wall scoring ([M-CAMP-4]); its
    other sides are green (``TILE_SIDES``).  A bazaar has no walls and no cost of its own ([M-BAZAAR-3]),
    a falcon is never part of an Alhambra's grid (it sits on a corner, [M-FALCON-3]).  Then the wooden pieces
    of §11, neither in any grid nor of any type: [M-TRADER-1] the 42 citizens and [M-CHEST-1] the 42 chests
    (ids 115-156 and 157-198), each of a colour (``PIECE_COLOUR``).
    """
    buildings = [
        Tile(BUILDING, BUILDING_TYPES.index(row["type"]), int(row["cost"]), _walls_of(row)) for row in _BUILDINGS
    ]
    huts = [Tile(HUT, None, None, _walls_of(row)) for row in _HUTS]
    camps = [Tile(CAMP, None, int(row["cost"]), _walls_of(row, _BASTION_COLUMNS)) for row in _CAMPS]
    bazaars = [Tile(BAZAAR, None, None, 0)] * len(_BAZAARS)
    falcons = [Tile(FALCON, None, None, 0)] * len(_FALCONS)
    citizens = [Tile(CITIZEN, None, None, 0)] * sum(int(row["count"]) for row in _CITIZENS)
    chests = [Tile(CHEST, None, None, 0)] * sum(int(row["count"]) for row in _CHESTS)
    start = [Tile(START, None, None, 0)] * MAX_PLAYERS
    return (*buildings, *start, *huts, *camps, *bazaars, *falcons, *citizens, *chests)


TILES = _tiles()
TILE_COUNT = len(TILES)
TILE_KIND: tuple[str, ...] = tuple(t.kind for t in TILES)
TILE_TYPE: tuple[int | None, ...] = tuple(t.type for t in TILES)
TILE_COST: tuple[int | None, ...] = tuple(t.cost for t in TILES)
TILE_WALLS: tuple[int, ...] = tuple(t.walls for t in TILES)
# N, E, S, W per tile: a camp's bastions and green sides ([M-CAMP-1]), every other tile's walls and open sides
TILE_SIDES: tuple[tuple[str, ...], ...] = tuple(
    tuple(BASTION if t.walls & side else GREEN for side in SIDES) if t.kind == CAMP else sides_of(t.walls)
    for t in TILES
)

BUILDINGS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == BUILDING)
START_TILES: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == START)  # seat p: START_TILES[p]
BUILDING_COUNT = len(BUILDINGS)  # 54, a count: never a boundary between kinds
START_TILE_BASE = START_TILES[0]  # the records' first start-tile id; prefer START_TILES[seat]

HUTS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == HUT)  # [M-HUT-1] in huts.csv order
# [M-HUT-1] a hut's colour, as the building type whose stack it belongs to (None for every other tile)
HUT_COLOUR: tuple[int | None, ...] = tuple(
    BUILDING_TYPES.index(_HUTS[t - HUTS[0]]["type"]) if kind == HUT else None for t, kind in enumerate(TILE_KIND)
)

CAMPS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == CAMP)  # [M-CAMP-1] camps.csv order
# [M-CAMP-3] a camp's arrows as a mask of sides (N, E, S, W bits); 0 for every other tile
CAMP_ARROWS: tuple[int, ...] = tuple(
    _walls_of(_CAMPS[t - CAMPS[0]], _ARROW_COLUMNS) if kind == CAMP else 0 for t, kind in enumerate(TILE_KIND)
)
BAZAARS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == BAZAAR)  # [M-BAZAAR-1]
FALCONS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == FALCON)  # [M-FALCON-1]

is_building = _kind_test(TILE_KIND, BUILDING)  # [B-COMP-2]
is_start_tile = _kind_test(TILE_KIND, START)  # [B-COMP-1]
is_hut = _kind_test(TILE_KIND, HUT)  # [M-HUT-1]
is_camp = _kind_test(TILE_KIND, CAMP)  # [M-CAMP-1]
is_bazaar = _kind_test(TILE_KIND, BAZAAR)  # [M-BAZAAR-1]
is_falcon = _kind_test(TILE_KIND, FALCON)  # [M-FALCON-1]
is_citizen = _kind_test(TILE_KIND, CITIZEN)  # [M-TRADER-1]
is_chest = _kind_test(TILE_KIND, CHEST)  # [M-CHEST-1]


def _pieces(rows: list[dict[str, str]]) -> tuple[int, ...]:
    """The colour (building type) of each of a set of wooden pieces, in the table's order and counts."""
    return tuple(BUILDING_TYPES.index(row["type"]) for row in rows for _ in range(int(row["count"])))


CITIZENS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == CITIZEN)  # [M-TRADER-1]
CHESTS: tuple[int, ...] = tuple(t for t, kind in enumerate(TILE_KIND) if kind == CHEST)  # [M-CHEST-1]
# a citizen's or chest's colour, as a building type ([M-TRADER-1], [M-CHEST-1]); None for every other tile
PIECE_COLOUR: tuple[int | None, ...] = tuple(
    {**dict(zip(CITIZENS, _pieces(_CITIZENS), strict=True)), **dict(zip(CHESTS, _pieces(_CHESTS), strict=True))}.get(t)
    for t in range(len(TILE_KIND))
)


def describe_tile(tile: int) -> str:
    kind = TILE_KIND[tile]
    if kind == START:
        return "Lion Fountain"
    if kind == HUT:
        walls = walls_to_text(TILE_WALLS[tile])
        return f"{BUILDING_TYPES[HUT_COLOUR[tile]]} hut" + (f" [{walls}]" if walls else "")  # type: ignore[index]
    if kind == CAMP:
        bastions, arrows = walls_to_text(TILE_WALLS[tile]), walls_to_text(CAMP_ARROWS[tile])
        return f"camp {TILE_COST[tile]} [bastions {bastions}, arrows {arrows}]"
    if kind == BAZAAR:
        colours = "/".join(BUILDING_TYPES[t] for t in BAZAAR_TYPES[tile])  # type: ignore[union-attr]
        return f"{CURRENCIES[BAZAAR_CURRENCY[tile]]} bazaar ({colours})"  # type: ignore[index]
    if kind == FALCON:
        first, second = FALCON_TYPES[tile]  # type: ignore[misc]
        return f"{FALCON_KINDS[FALCON_KIND[tile]]} falcon ({BUILDING_TYPES[first]}/{BUILDING_TYPES[second]})"  # type: ignore[index]
    if kind in (CITIZEN, CHEST):
        return f"{BUILDING_TYPES[PIECE_COLOUR[tile]]} {kind}"  # type: ignore[index]
    walls = walls_to_text(TILE_WALLS[tile])
    return f"{BUILDING_TYPES[TILE_TYPE[tile]]} {TILE_COST[tile]}" + (f" [{walls}]" if walls else "")  # type: ignore[index]


# [M-BAZAAR-1] a bazaar's currency (its price slot's, [M-BAZAAR-3]) and three colours; None for every other tile
BAZAAR_CURRENCY: tuple[int | None, ...] = tuple(
    CURRENCIES.index(_BAZAARS[t - BAZAARS[0]]["currency"]) if kind == BAZAAR else None
    for t, kind in enumerate(TILE_KIND)
)
BAZAAR_TYPES: tuple[tuple[int, int, int] | None, ...] = tuple(
    tuple(BUILDING_TYPES.index(_BAZAARS[t - BAZAARS[0]][column]) for column in ("type_a", "type_b", "type_c"))  # type: ignore[misc]
    if kind == BAZAAR
    else None
    for t, kind in enumerate(TILE_KIND)
)
# [M-FALCON-1] a falcon's kind (an index into FALCON_KINDS) and two colours; None for every other tile
FALCON_KIND: tuple[int | None, ...] = tuple(
    FALCON_KINDS.index(_FALCONS[t - FALCONS[0]]["kind"]) if kind == FALCON else None for t, kind in enumerate(TILE_KIND)
)
FALCON_TYPES: tuple[tuple[int, int] | None, ...] = tuple(
    (BUILDING_TYPES.index(_FALCONS[t - FALCONS[0]]["type_a"]), BUILDING_TYPES.index(_FALCONS[t - FALCONS[0]]["type_b"]))
    if kind == FALCON
    else None
    for t, kind in enumerate(TILE_KIND)
)
# [M-FALCON-5] points for 1..5 falcons of one kind (index 0: none)
FALCON_POINTS: tuple[int, ...] = (
    0,
    *(int(row["points"]) for row in sorted(_rows("falcon_scoring.csv"), key=lambda r: int(r["falcons_of_one_kind"]))),
)

# [M-TRADER-6] points for a set of residents of 1..6 colours (index 0: none)
TRADER_SET_POINTS: tuple[int, ...] = (
    0,
    *(int(row["points"]) for row in sorted(_rows("trader_scoring.csv"), key=lambda r: int(r["colours_in_set"]))),
)
# [M-CHEST-8] points per rank (1st, 2nd, 3rd) at scoring round 1..3 (index 0..2), 0 where a rank pays nothing
CHEST_POINTS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(  # type: ignore[misc]
        sum(int(r["points"]) for r in _rows("chest_scoring.csv") if int(r["round"]) == rnd and int(r["place"]) == place)
        for place in (1, 2, 3)
    )
    for rnd in (1, 2, 3)
)

# ---------------------------------------------------------------- cards [B-COMP-3], [B-COMP-4]
_MONEY = _rows("money.csv")
MARKET_CURRENCY: tuple[int, ...] = tuple(
    CURRENCIES.index(currency) for _, currency in sorted({(int(r["market_slot"]), r["currency"]) for r in _MONEY})
)  # market slot 1..4 (index 0..3) -> currency index
MARKET_SIZE = len(MARKET_CURRENCY)  # [B-COMP-5] the market's four slots
MARKET_SLOTS: tuple[int, ...] = tuple(range(1, MARKET_SIZE + 1))  # the slots as actions and records number them
SLOT_CURRENCY: dict[int, int] = {slot: MARKET_CURRENCY[slot - 1] for slot in MARKET_SLOTS}  # by slot number
EMPTY = -1  # no tile: an empty market slot, or nothing left in the bag to draw


_EXCHANGE = _rows("exchange.csv")
_BONUS = _rows("bonus.csv")
_THIEVES = _rows("thieves.csv")
_COINS = _rows("change.csv")
_GATES = _rows("gates.csv")
_WALL_CARDS = _rows("walls_cards.csv")


def _cards() -> tuple[Card, ...]:
    """[B-COMP-3] the money of money.csv by currency and value, [B-COMP-4] the two scoring cards, then
    [M-EXCH-1] the six exchange cards and [M-BONUS-1] the ten bonus cards (none of them money), then
    [M-CHANGE-1] the 24 change coins (value 1 each in its currency: they pay like money, ``pays_as_money``)."""
    money = []
    for row in sorted(_MONEY, key=lambda r: (CURRENCIES.index(r["currency"]), int(r["value"]))):
        currency, value, copies = CURRENCIES.index(row["currency"]), int(row["value"]), int(row["copies"])
        money += [Card(MONEY, currency, value, c, c < int(row["copies_two_players"])) for c in range(copies)]
    scoring = [Card(SCORING, None, None, 0, True)] * 2  # the first and the second scoring
    exchange = [Card(EXCHANGE, None, None, 0, True)] * len(_EXCHANGE)
    bonus = [Card(BONUS, None, None, 0, True)] * len(_BONUS)
    coins = [
        Card(COIN, CURRENCIES.index(row["currency"]), int(row["value"]), c, True)
        for row in sorted(_COINS, key=lambda r: CURRENCIES.index(r["currency"]))
        for c in range(int(row["copies"]))
    ]
    # [M-THIEF-1] three thieves per currency (their currency: ``THIEF_CURRENCY``; they are no money)
    thieves = [Card(THIEF, None, None, c, True) for row in _THIEVES for c in range(int(row["copies"]))]
    # [M-GATE-1] as many gate cards as the most players use (all alike); [M-WALL-1] the eight wall cards
    gates = [Card(GATE, None, None, 0, True)] * max(int(row["gate_cards"]) for row in _GATES)
    wall_cards = [Card(WALL_CARD, None, None, 0, True)] * len(_WALL_CARDS)
    return (*money, *scoring, *exchange, *bonus, *coins, *thieves, *gates, *wall_cards)


CARDS = _cards()
CARD_COUNT = len(CARDS)
CARD_KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
CARD_CURRENCY: tuple[int | None, ...] = tuple(c.currency for c in CARDS)
CARD_VALUE: tuple[int | None, ...] = tuple(c.value for c in CARDS)

ALL_MONEY: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == MONEY)
TWO_PLAYER_MONEY: tuple[int, ...] = tuple(c for c in ALL_MONEY if CARDS[c].in_two_player_game)
SCORING_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == SCORING)  # 1st, 2nd
MONEY_CARD_COUNT = len(ALL_MONEY)  # 108, a count: never a boundary between kinds

EXCHANGE_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == EXCHANGE)
BONUS_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == BONUS)
# [M-EXCH-1] an exchange card's two currencies (indices into CURRENCIES); None for every other card
EXCHANGE_PAIR: tuple[tuple[int, int] | None, ...] = tuple(
    (
        CURRENCIES.index(_EXCHANGE[c - EXCHANGE_CARDS[0]]["currency_a"]),
        CURRENCIES.index(_EXCHANGE[c - EXCHANGE_CARDS[0]]["currency_b"]),
    )
    if kind == EXCHANGE
    else None
    for c, kind in enumerate(CARD_KIND)
)
COINS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == COIN)  # [M-CHANGE-1]
# what the shared payment rules call it ([M-EXCH-3]): the two currencies a card pays in, None for a single one
PAYS_IN_TWO = EXCHANGE_PAIR
# [M-BONUS-1] the tile a bonus card names: its building type and cost; None for every other card
BONUS_TILE: tuple[tuple[int, int] | None, ...] = tuple(
    (BUILDING_TYPES.index(_BONUS[c - BONUS_CARDS[0]]["type"]), int(_BONUS[c - BONUS_CARDS[0]]["cost"]))
    if kind == BONUS
    else None
    for c, kind in enumerate(CARD_KIND)
)

is_money_card = _kind_test(CARD_KIND, MONEY)  # [B-COMP-3]
is_scoring_card = _kind_test(CARD_KIND, SCORING)  # [B-COMP-4]
is_exchange_card = _kind_test(CARD_KIND, EXCHANGE)  # [M-EXCH-1]
is_bonus_card = _kind_test(CARD_KIND, BONUS)  # [M-BONUS-1]
is_thief_card = _kind_test(CARD_KIND, THIEF)  # [M-THIEF-1]
THIEF_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == THIEF)  # [M-THIEF-1]
# [M-THIEF-1] the currency a thief card steals (an index into CURRENCIES); None for every other card
THIEF_CURRENCY: tuple[int | None, ...] = tuple(
    {
        card: CURRENCIES.index(row["currency"])
        for card, row in zip(THIEF_CARDS, [r for r in _THIEVES for _ in range(int(r["copies"]))], strict=True)
    }.get(c)
    for c in range(len(CARD_KIND))
)
# [M-THIEF-2] per player number: thief cards dealt to each player, and how many stay in the box
THIEVES_DEAL: dict[int, tuple[int, int]] = {
    int(row["players"]): (int(row["thieves_each"]), int(row["left_in_box"])) for row in _rows("thieves_deal.csv")
}
is_coin = _kind_test(CARD_KIND, COIN)  # [M-CHANGE-1]
is_gate_card = _kind_test(CARD_KIND, GATE)  # [M-GATE-1]
is_wall_card = _kind_test(CARD_KIND, WALL_CARD)  # [M-WALL-1]
GATE_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == GATE)  # [M-GATE-1]
# [M-GATE-2] per player number: the gate cards used, and how many go into money piles 3, 4 and 5
GATES_DEAL: dict[int, tuple[int, tuple[int, int, int]]] = {
    int(row["players"]): (int(row["gate_cards"]), (int(row["pile_3"]), int(row["pile_4"]), int(row["pile_5"])))
    for row in _GATES
}
WALL_CARDS: tuple[int, ...] = tuple(c for c, kind in enumerate(CARD_KIND) if kind == WALL_CARD)  # [M-WALL-1]
# [M-WALL-1] the walls a wall card shows, as a mask of sides (N, E, S, W bits); 0 for every other card
CARD_WALLS: tuple[int, ...] = tuple(
    {card: _walls_of(row) for card, row in zip(WALL_CARDS, _WALL_CARDS, strict=True)}.get(c, 0)
    for c in range(len(CARD_KIND))
)
# [M-WALL-2] wall cards shuffled into each of the five money piles (index 0: pile 1)
WALL_PILES: tuple[int, ...] = tuple(
    int(row["wall_cards"]) for row in sorted(_rows("walls_piles.csv"), key=lambda r: int(r["pile"]))
)
# what pays as money: money cards, and change coins, each "a money card of value 1 in its currency" ([M-CHANGE-4])
pays_as_money = tuple(kind in (MONEY, COIN) for kind in CARD_KIND).__getitem__


def scoring_round_of(card: int) -> int:
    """[B-COMP-4] 1 for the first scoring card, 2 for the second; ValueError for any other card."""
    return SCORING_CARDS.index(card) + 1


def describe_card(card: int) -> str:
    if CARD_KIND[card] == THIEF:
        return f"thief ({CURRENCIES[THIEF_CURRENCY[card]]})"  # type: ignore[index]
    if CARD_KIND[card] == SCORING:
        return f"scoring card {scoring_round_of(card)}"
    if CARD_KIND[card] == EXCHANGE:
        first, second = EXCHANGE_PAIR[card]  # type: ignore[misc]
        return f"exchange card {CURRENCIES[first]}/{CURRENCIES[second]}"
    if CARD_KIND[card] == BONUS:
        kind, cost = BONUS_TILE[card]  # type: ignore[misc]
        return f"bonus card {BUILDING_TYPES[kind]} {cost}"
    if CARD_KIND[card] == COIN:
        return f"{CURRENCIES[CARD_CURRENCY[card]]} coin"  # type: ignore[index]
    if CARD_KIND[card] == GATE:
        return "city gate"
    if CARD_KIND[card] == WALL_CARD:
        return f"wall card [{walls_to_text(CARD_WALLS[card])}]"
    return f"{CURRENCIES[CARD_CURRENCY[card]]} {CARD_VALUE[card]}"  # type: ignore[index]


# ---------------------------------------------------------------- scoring table [B-SCORE-2]
def _scoring_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """SCORE_POINTS[round - 1][type] = points for ranks 1, 2, 3 (0 where a rank pays nothing)."""
    table = [[[0, 0, 0] for _ in BUILDING_TYPES] for _ in range(3)]
    for row in _rows("scoring.csv"):
        for t, name in enumerate(BUILDING_TYPES):
            table[int(row["round"]) - 1][t][int(row["place"]) - 1] = int(row[name])
    return tuple(tuple(tuple(points) for points in per_type) for per_type in table)


SCORE_POINTS = _scoring_table()
