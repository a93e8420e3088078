"""An independent reader of ``alhambra-record/1`` documents, written from RECORD.md and RULES.md only.

``check_structure`` validates the shape RECORD.md requires (top-level fields, tile and card
entries, setup fields, each event's fields), modules included.  ``follow`` replays the record by
moving tiles and cards between the places of the table exactly as the events say, checking that each
event is possible at that point (a card taken is in the offer, a refill is the next card of the deck,
a vizier purchase comes in its window and is exact, a hut is the top of its stack, totals add up, ...).
It uses no engine code except ``alhambra.violations``/``longest_wall`` on the Alhambras it rebuilds (and
``alhambra.longest_trail`` on the wall segments it finds itself where walls were built, [M-WALL-7]),
so it tests that a record is *self-contained*.  ``check`` does both.

Modules followed: all seven (RULES.md §9.1-9.7).  An Alhambra with camps is checked by this reader's own
building rules ([M-CAMP-2] with its Choice); one without camps by ``alhambra.violations``.  The component
tables below are transcribed from RECORD.md's
``components/*.csv`` (``test_record_reader_modules`` compares them with those files when present).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from game.engine import alhambra
from game.engine.alhambra import cell_at

FORMAT = "alhambra-record/1"
TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES = ("florin", "dirham", "denar", "ducat")
MODULES = (
    "vizier",
    "exchange",
    "huts",
    "bonus",
    "camps",
    "bazaars",
    "falcons",
    "change",
    "chests",
    "thieves",
    "traders",
    "gates",
    "walls",
)
FOLLOWED_MODULES = MODULES
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("player",),
    "take": ("player", "cards"),
    "buy": ("player", "slot", "tile", "paid", "exact"),
    "place": ("player", "tile", "at"),
    "reserve": ("player", "tile"),
    "lift": ("player", "tile", "from"),
    "dirk": ("player", "tile"),
    "end_turn": ("player",),
    "market": ("slot", "tile"),
    "offer": ("card",),
    "scoring_card": ("round",),
    "reshuffle": ("deck",),
    "score": ("round", "points", "totals"),
    "dirk_gets": ("tiles",),
    "distribute": ("slot", "tile", "player"),
    "game_over": ("scores", "winners"),
}
# RECORD.md "Modules / Events": each module's events and their fields
MODULE_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "vizier_wake": ("player",),
    "vizier": ("player",),
    "exchange": ("player", "card"),
    "hut": ("player", "tile"),
    "hut_up": ("tile",),
    "bonus": ("player", "card", "shown"),
    "bazaar_aside": ("tile",),
    "bazaar_buy": ("player", "tile", "cost", "paid"),
    "falcon": ("player", "falcon", "card", "at"),
    "falcon_back": ("player", "falcon"),
    "change": ("player", "coins"),
    "chests": ("player", "room", "paid"),
    "thief": ("player", "card", "took"),
    "resident": ("player", "citizen", "tile"),
    "citizen_new": ("player", "citizen"),
    "citizen_swap": ("player", "out", "in"),
    "trader": ("player", "at"),
    "chest": ("player", "chest", "tile"),
    "chest_back": ("chests",),
    "room": ("room", "chests"),
    "gate_aside": ("card",),
    "gate_discard": ("card",),
    "gate_take": ("player", "card"),
    "gate": ("player", "card", "tile", "side"),
    "gate_lost": ("player", "tile", "side"),
    "wall_up": ("card",),
    "wall": ("player", "card", "tile"),
}
EVENT_MODULE = {
    "vizier_wake": "vizier",
    "vizier": "vizier",
    "exchange": "exchange",
    "hut": "huts",
    "hut_up": "huts",
    "bonus": "bonus",
    "bazaar_aside": "bazaars",
    "bazaar_buy": "bazaars",
    "falcon": "falcons",
    "falcon_back": "falcons",
    "change": "change",
    "chests": "chests",
    "thief": "thieves",
    "resident": "traders",
    "citizen_new": "traders",
    "citizen_swap": "traders",
    "trader": "traders",
    "chest": "chests",
    "chest_back": "chests",
    "room": "chests",
    "gate_aside": "gates",
    "gate_discard": "gates",
    "gate_take": "gates",
    "gate": "gates",
    "gate_lost": "gates",
    "wall_up": "walls",
    "wall": "walls",
}
# Events this project adds (RECORD.md: "add any others you need"): a player with no legal action passes ([B-TURN-8]).
PROJECT_EVENT_FIELDS: dict[str, tuple[str, ...]] = {"pass": ("player",)}
ALL_EVENT_FIELDS = EVENT_FIELDS | MODULE_EVENT_FIELDS | PROJECT_EVENT_FIELDS
# RULES.md [B-SCORE-2]: points of ranks 1..3 per scoring round; type t (0..5) adds t to each non-zero entry
RANK_BASE = {1: (1, 0, 0), 2: (8, 1, 0), 3: (16, 8, 1)}
# RECORD.md: the `what` names a module adds to `score` ([M-CAMP-3], [M-BAZAAR-5], [M-FALCON-5])
MODULE_SCORE_NAMES = {
    "camps": ("camp",),
    "bazaars": ("bazaar",),
    "falcons": ("falcon_black", "falcon_brown", "falcon_white"),
    "chests": ("chests",),
    "traders": ("traders",),
}
# [M-FALCON-5] points for 0..5 falcons of one kind
FALCON_POINTS = (0, 2, 6, 12, 20, 30)
# [M-BONUS-1] bonus cards dealt to each player, by number of players
BONUS_PER_PLAYER = {2: 3, 3: 3, 4: 2, 5: 2, 6: 1}

# components/*.csv, transcribed (walls/bastions/arrows as NESW flags)
HUTS_CSV = """type,colour,wall_n,wall_e,wall_s,wall_w
pavilion,blue,1,0,0,0
pavilion,blue,0,1,0,0
pavilion,blue,0,0,1,0
seraglio,red,0,1,0,0
seraglio,red,0,0,1,0
seraglio,red,0,0,0,1
arcades,brown,0,0,1,0
arcades,brown,0,0,0,1
arcades,brown,1,0,0,0
arcades,brown,0,1,0,0
chambers,white,0,0,0,1
chambers,white,1,0,0,0
chambers,white,0,1,0,0
chambers,white,0,0,1,0
garden,green,1,0,0,0
garden,green,0,1,0,0
garden,green,0,0,1,0
garden,green,0,0,0,1
garden,green,1,0,0,0
tower,purple,0,1,0,0
tower,purple,0,0,1,0
tower,purple,0,0,0,1
tower,purple,1,0,0,0
tower,purple,0,1,0,0
"""
EXCHANGE_CSV = """currency_a,currency_b
florin,dirham
florin,denar
florin,ducat
dirham,denar
dirham,ducat
denar,ducat
"""
BONUS_CSV = """type,cost
pavilion,8
seraglio,9
arcades,9
arcades,10
chambers,10
chambers,11
garden,10
garden,11
tower,11
tower,12
"""
CAMPS_CSV = """cost,bastion_n,bastion_e,bastion_s,bastion_w,arrow_n,arrow_e,arrow_s,arrow_w
5,1,0,0,0,1,0,0,0
5,0,1,0,0,0,1,0,0
6,0,0,1,0,0,0,1,0
6,0,0,0,1,0,0,0,1
8,1,1,0,0,1,1,0,0
8,0,1,1,0,0,1,1,0
9,0,0,1,1,0,0,1,1
9,1,0,0,1,1,0,0,1
"""
BAZAARS_CSV = """currency,type_a,type_b,type_c
florin,pavilion,seraglio,arcades
florin,chambers,garden,tower
dirham,seraglio,arcades,garden
dirham,pavilion,chambers,tower
denar,pavilion,arcades,chambers
denar,seraglio,garden,tower
ducat,pavilion,chambers,garden
ducat,seraglio,arcades,tower
"""
FALCONS_CSV = """kind,type_a,type_b
black,pavilion,seraglio
black,pavilion,garden
black,seraglio,arcades
black,arcades,tower
black,chambers,garden
brown,pavilion,tower
brown,seraglio,chambers
brown,seraglio,garden
brown,arcades,garden
brown,chambers,tower
white,pavilion,arcades
white,pavilion,chambers
white,seraglio,tower
white,arcades,chambers
white,garden,tower
"""
# [M-CHEST-8] points of ranks 1..3 by the number of chests, per scoring round
CHEST_POINTS = {1: (7, 0, 0), 2: (14, 7, 0), 3: (22, 14, 7)}
# [M-THIEF-2] thieves dealt to each player and left in the box, by the number of players
THIEVES_DEAL = {2: (4, 4), 3: (4, 0), 4: (3, 0), 5: (2, 2), 6: (2, 0)}
THIEVES_CSV = """currency,colour,copies
florin,yellow,3
dirham,green,3
denar,blue,3
ducat,orange,3
"""
# [M-TRADER-6] points for a set of residents of 0..6 colours
TRADER_POINTS = (0, 1, 3, 6, 10, 15, 21)
TRADER_SIDES = ([0, -1], [1, 0], [0, 1], [-1, 0])  # [M-TRADER-2] the cells beside the start tile
CITIZENS_CSV = """type,colour,count
pavilion,blue,7
seraglio,red,7
arcades,brown,7
chambers,white,7
garden,green,7
tower,purple,7
"""
CHESTS_CSV = """type,colour,count
pavilion,blue,5
seraglio,red,5
arcades,brown,7
chambers,white,7
garden,green,9
tower,purple,9
"""
CHANGE_CSV = """currency,colour,value,copies
florin,yellow,1,6
dirham,green,1,6
denar,blue,1,6
ducat,orange,1,6
"""
# [M-WALL-1] walls_cards.csv: the sides each of the eight wall cards shows; [M-WALL-2] two into each of piles 2-5
WALLS_CARDS_CSV = """wall_n,wall_e,wall_s,wall_w
1,0,0,0
0,1,0,0
0,0,1,0
0,0,0,1
1,1,0,0
0,1,1,0
0,0,1,1
1,0,0,1
"""
WALLS_IN_PILES = (0, 2, 2, 2, 2)
COMPONENT_CSV = {
    "huts.csv": HUTS_CSV,
    "exchange.csv": EXCHANGE_CSV,
    "bonus.csv": BONUS_CSV,
    "camps.csv": CAMPS_CSV,
    "bazaars.csv": BAZAARS_CSV,
    "falcons.csv": FALCONS_CSV,
    "change.csv": CHANGE_CSV,
    "walls_cards.csv": WALLS_CARDS_CSV,
}


def csv_rows(text: str) -> list[dict[str, str]]:
    header, *lines = text.strip().splitlines()
    names = header.split(",")
    return [dict(zip(names, line.split(","), strict=True)) for line in lines]


def sides(row: dict[str, str], prefix: str) -> str:
    return "".join(letter for letter in "NESW" if row[f"{prefix}_{letter.lower()}"] == "1")


# what identifies a component entry of each module kind, as a multiset over the module's set
COMPONENT_SETS: dict[str, Counter] = {
    "hut": Counter((r["type"], sides(r, "wall")) for r in csv_rows(HUTS_CSV)),
    "exchange": Counter(tuple(sorted((r["currency_a"], r["currency_b"]))) for r in csv_rows(EXCHANGE_CSV)),
    "bonus": Counter((r["type"], int(r["cost"])) for r in csv_rows(BONUS_CSV)),
    "camp": Counter((int(r["cost"]), sides(r, "bastion"), sides(r, "arrow")) for r in csv_rows(CAMPS_CSV)),
    "bazaar": Counter(
        (r["currency"], tuple(sorted((r["type_a"], r["type_b"], r["type_c"])))) for r in csv_rows(BAZAARS_CSV)
    ),
    "falcon": Counter((r["kind"], tuple(sorted((r["type_a"], r["type_b"])))) for r in csv_rows(FALCONS_CSV)),
    "coin": Counter({(r["currency"], int(r["value"])): int(r["copies"]) for r in csv_rows(CHANGE_CSV)}),
    "chest": Counter({(r["type"],): int(r["count"]) for r in csv_rows(CHESTS_CSV)}),
    "citizen": Counter({(r["type"],): int(r["count"]) for r in csv_rows(CITIZENS_CSV)}),
    "thief": Counter({(r["currency"],): int(r["copies"]) for r in csv_rows(THIEVES_CSV)}),
    "wall": Counter((sides(r, "wall"),) for r in csv_rows(WALLS_CARDS_CSV)),
}
TILE_MODULE = {
    "hut": "huts",
    "camp": "camps",
    "bazaar": "bazaars",
    "falcon": "falcons",
    "chest": "chests",
    "citizen": "traders",
}
CARD_MODULE = {
    "exchange": "exchange",
    "bonus": "bonus",
    "coin": "change",
    "thief": "thieves",
    "gate": "gates",
    "wall": "walls",
}
# [M-GATE-2] gates.csv: gate cards in piles 1..5 by the number of players (one per player, dealt to 3, 4, 5, 3, ...)
GATES_IN_PILES = {2: (0, 0, 1, 1, 0), 3: (0, 0, 1, 1, 1), 4: (0, 0, 2, 1, 1), 5: (0, 0, 2, 2, 1), 6: (0, 0, 2, 2, 2)}
PAYING = ("money", "coin")  # [M-CHANGE-4] a coin pays like a money card of value 1 in its currency


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_list(value: Any) -> bool:
    return isinstance(value, list) and all(is_int(v) for v in value)


def xy(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)


def wall_text(value: Any, most: int = 4) -> bool:
    """A wall (or arrow) string: letters of NESW, each at most once, in NESW order."""
    return isinstance(value, str) and value == "".join(s for s in "NESW" if s in value) and len(value) <= most


def type_list(value: Any, size: int) -> bool:
    return isinstance(value, list) and len(value) == size and len(set(value)) == size and set(value) <= set(TYPES)


def component_key(entry: dict) -> tuple:
    """The identity of a module component entry (RECORD.md "Tiles and cards"), checking its fields' kinds."""
    kind = entry["kind"]
    if kind == "hut":
        assert entry["type"] in TYPES and wall_text(entry["walls"]), f"hut {entry}"
        return (entry["type"], entry["walls"])
    if kind == "camp":
        assert is_int(entry["cost"]) and wall_text(entry["walls"]) and wall_text(entry["arrows"]), f"camp {entry}"
        assert entry["arrows"], f"camp {entry}: one or two arrows"
        return (entry["cost"], entry["walls"], entry["arrows"])
    if kind == "bazaar":
        assert entry["currency"] in CURRENCIES and type_list(entry["types"], 3), f"bazaar {entry}"
        assert entry["walls"] == "", f"bazaar {entry}: a bazaar has no walls"
        return (entry["currency"], tuple(sorted(entry["types"])))
    if kind == "falcon":
        assert entry["colour"] in ("black", "brown", "white") and type_list(entry["types"], 2), f"falcon {entry}"
        return (entry["colour"], tuple(sorted(entry["types"])))
    if kind == "exchange":
        pair = entry["currencies"]
        assert isinstance(pair, list) and len(pair) == 2 and len(set(pair)) == 2 and set(pair) <= set(CURRENCIES)
        return tuple(sorted(pair))
    if kind == "bonus":
        assert entry["type"] in TYPES and is_int(entry["cost"]), f"bonus {entry}"
        return (entry["type"], entry["cost"])
    if kind == "thief":
        assert entry["currency"] in CURRENCIES, f"thief {entry}"
        return (entry["currency"],)
    if kind == "citizen":
        assert entry["type"] in TYPES, f"citizen {entry}"
        return (entry["type"],)
    if kind == "chest":
        assert entry["type"] in TYPES, f"chest {entry}"
        return (entry["type"],)
    if kind == "coin":
        assert entry["currency"] in CURRENCIES and entry["value"] == 1, f"coin {entry}"
        return (entry["currency"], entry["value"])
    if kind == "wall":  # [M-WALL-1] one wall, or two meeting at a corner
        walls = entry["walls"]
        assert wall_text(walls, 2) and walls and walls not in ("NS", "EW"), f"wall card {entry}"
        return (walls,)
    if kind == "gate":  # [M-GATE-1] all gate cards are alike
        assert set(entry) == {"id", "kind"}, f"gate {entry}"
        return ()
    raise AssertionError(f"unknown component kind {kind!r}")


def check_piles(
    deck: list[int],
    cards: dict[int, dict],
    exchange: bool,
    gates: tuple[int, ...] = (0,) * 5,
    walls: tuple[int, ...] = (0,) * 5,
) -> None:
    """[B-SETUP-6] [M-EXCH-1] the deck is five piles of (nearly) equal numbers of money cards, top pile first:
    scoring card 1 in pile 2, scoring card 2 in pile 4 and, with exchange offices, two exchange cards in
    each of piles 2, 3 and 4; piles 1 and 5 hold money only.  Which piles are the larger ones is not
    prescribed, so every split into sizes q and q + 1 is tried."""

    def special(card: int) -> tuple | None:
        c = cards[card]
        return None if c["kind"] == "money" else (c["kind"], c.get("round"))

    two = 2 if exchange else 0
    wanted = [
        Counter(),
        Counter({("scoring", 1): 1, ("exchange", None): two}),
        Counter({("exchange", None): two}),
        Counter({("scoring", 2): 1, ("exchange", None): two}),
        Counter(),
    ]
    for pile, count in enumerate(gates):  # [M-GATE-2]
        wanted[pile][("gate", None)] = count
    for pile, count in enumerate(walls):  # [M-WALL-2]
        wanted[pile][("wall", None)] = count
    money = sum(1 for c in deck if cards[c]["kind"] == "money")
    q, r = divmod(money, 5)
    for larger in combinations(range(5), r):
        start, fits = 0, True
        for pile in range(5):
            length = q + (pile in larger) + wanted[pile].total()
            found = Counter(special(c) for c in deck[start : start + length])
            found.pop(None, None)
            if found != +wanted[pile]:
                fits = False
                break
            start += length
        if fits and start == len(deck):
            return
    raise AssertionError("setup.deck is not five piles with the scoring (and exchange) cards in piles 2-4")


def check_structure(record: dict) -> None:
    """Assert that ``record`` has every field RECORD.md requires, with the right kinds of values."""
    assert isinstance(record, dict)
    assert record["format"] == FORMAT
    for key in ("config", "tiles", "cards", "setup", "events"):
        assert key in record, f"top-level field {key!r} missing"
    config = record["config"]
    assert is_int(config["seed"])
    modules = config["modules"]
    assert isinstance(modules, list) and all(m in MODULES for m in modules), f"config.modules {modules}"
    assert len(set(modules)) == len(modules), "config.modules names each module at most once"
    players = config["players"]
    assert isinstance(players, list) and 2 <= len(players) <= 6
    for seat in players:
        assert isinstance(seat["name"], str) and isinstance(seat["agent"], str)
    n = len(players)

    tiles = record["tiles"]
    ids = [t["id"] for t in tiles]
    assert all(is_int(i) for i in ids) and len(set(ids)) == len(ids)
    kinds = Counter(t["kind"] for t in tiles)
    expected_kinds = {"start": n, "building": 54}
    for kind, module in TILE_MODULE.items():
        if module in modules:
            expected_kinds[kind] = COMPONENT_SETS[kind].total()
    assert kinds == expected_kinds, f"tile kinds {dict(kinds)}, expected {expected_kinds}"
    buildings = [t for t in tiles if t["kind"] == "building"]
    assert Counter(t["type"] for t in buildings) == dict(zip(TYPES, (7, 7, 9, 9, 11, 11), strict=True))
    for t in buildings:
        assert is_int(t["cost"]) and 2 <= t["cost"] <= 13
        assert wall_text(t["walls"], 3)
    for kind in TILE_MODULE:
        if kind in kinds:
            found = Counter(component_key(t) for t in tiles if t["kind"] == kind)
            assert found == COMPONENT_SETS[kind], f"the {kind} tiles are not the set of components/"

    cards = record["cards"]
    ids = [c["id"] for c in cards]
    assert all(is_int(i) for i in ids) and len(set(ids)) == len(ids)
    card_kinds = Counter(c["kind"] for c in cards)
    expected_cards = {"money": 72 if n == 2 else 108, "scoring": 2}
    for kind, module in CARD_MODULE.items():
        if module in modules:
            expected_cards[kind] = n if kind == "gate" else COMPONENT_SETS[kind].total()  # [M-GATE-2] one per player
    assert card_kinds == expected_cards, f"card kinds {dict(card_kinds)}, expected {expected_cards}"
    money = [c for c in cards if c["kind"] == "money"]
    scoring = [c for c in cards if c["kind"] == "scoring"]
    assert sorted(c["round"] for c in scoring) == [1, 2]
    assert Counter((c["currency"], c["value"]) for c in money) == {
        (cur, v): (2 if n == 2 else 3) for cur in CURRENCIES for v in range(1, 10)
    }
    for kind in CARD_MODULE:
        if kind in card_kinds:
            found = Counter(component_key(c) for c in cards if c["kind"] == kind)
            if kind == "gate":
                assert found == Counter({(): n}), "[M-GATE-2] one gate card per player"
                continue
            assert found == COMPONENT_SETS[kind], f"the {kind} cards are not the set of components/"
    card_by_id = {c["id"]: c for c in cards}

    setup = record["setup"]
    assert setup["market_currencies"] == list(CURRENCIES)
    for key in ("bag", "deck", "market", "offer", "dirk"):
        assert int_list(setup[key]), f"setup.{key}"
    assert isinstance(setup["hands"], list) and len(setup["hands"]) == n
    assert all(int_list(hand) for hand in setup["hands"])
    assert is_int(setup["start_player"]) and 0 <= setup["start_player"] < n
    assert len(setup["market"]) == 4 and len(setup["offer"]) == 4
    assert len(setup["dirk"]) == (6 if n == 2 else 0)
    # a module's setup field is required when it is on, and (if written at all) empty when it is off
    for key, module in (("huts", "huts"), ("bonus", "bonus"), ("falcons", "falcons"), ("bazaars", "bazaars")):
        if module not in modules:
            assert not setup.get(key), f"setup.{key} without the {module} module"
    bazaars_aside = setup["bazaars"] if "bazaars" in modules else []
    assert int_list(bazaars_aside), "setup.bazaars"
    by_tile = {t["id"]: t for t in tiles}
    bag_kinds = ("building", "camp", "bazaar")
    bag_tiles = {t["id"] for t in tiles if t["kind"] in bag_kinds}
    assert sorted(setup["bag"] + setup["market"] + setup["dirk"] + bazaars_aside) == sorted(bag_tiles)
    assert all(by_tile[t]["kind"] != "bazaar" for t in setup["market"] + setup["dirk"]), (
        "[M-BAZAAR-2] market and dirk never hold a bazaar"
    )
    assert all(by_tile[t]["kind"] == "bazaar" for t in bazaars_aside)
    dealt = [c for hand in setup["hands"] for c in hand] + setup["offer"] + setup["deck"]
    in_play = [c["id"] for c in cards if c["kind"] not in ("bonus", "coin", "thief")]
    assert sorted(dealt) == sorted(in_play), "hands, offer and deck hold every money, scoring and exchange card"
    for c in [c for hand in setup["hands"] for c in hand] + setup["offer"]:
        assert card_by_id[c]["kind"] == "money", "[M-EXCH-1] hands and offer hold money cards only"
    check_piles(
        setup["deck"],
        card_by_id,
        "exchange" in modules,
        GATES_IN_PILES[n] if "gates" in modules else (0,) * 5,
        WALLS_IN_PILES if "walls" in modules else (0,) * 5,
    )
    if "huts" in modules:
        stacks = setup["huts"]
        assert isinstance(stacks, dict) and sorted(stacks) == sorted(TYPES), "setup.huts: the six stacks by type"
        for kind, stack in stacks.items():
            assert int_list(stack), f"setup.huts.{kind}"
            assert sorted(stack) == sorted(t["id"] for t in tiles if t["kind"] == "hut" and t["type"] == kind), (
                f"[M-HUT-1] setup.huts.{kind} holds exactly the {kind} huts"
            )
    if "bonus" in modules:
        hands = setup["bonus"]
        assert isinstance(hands, list) and len(hands) == n and all(int_list(h) for h in hands), "setup.bonus"
        assert all(len(h) == BONUS_PER_PLAYER[n] for h in hands), f"[M-BONUS-1] {BONUS_PER_PLAYER[n]} cards each"
        flat = [c for h in hands for c in h]
        assert len(set(flat)) == len(flat) and all(card_by_id[c]["kind"] == "bonus" for c in flat if c in card_by_id)
        assert set(flat) <= set(card_by_id), "setup.bonus names unknown cards"
    if "falcons" in modules:
        assert int_list(setup["falcons"]), "setup.falcons"
        assert sorted(setup["falcons"]) == sorted(t["id"] for t in tiles if t["kind"] == "falcon")
    if "change" in modules:  # [M-CHANGE-2] every coin in the change bag
        assert int_list(setup["change"]), "setup.change"
        assert sorted(setup["change"]) == sorted(c["id"] for c in cards if c["kind"] == "coin"), "setup.change"
    else:
        assert not setup.get("change"), "setup.change without the change module"
    if "thieves" in modules:  # [M-THIEF-2] dealt face down by the number of players, the rest in the box
        each, left = THIEVES_DEAL[n]
        dealt, out = setup["thieves"], setup["thieves_out"]
        assert isinstance(dealt, list) and len(dealt) == n and all(int_list(h) and len(h) == each for h in dealt)
        assert int_list(out) and len(out) == left, "setup.thieves_out"
        every = [c for h in dealt for c in h] + out
        assert sorted(every) == sorted(c["id"] for c in cards if c["kind"] == "thief"), "[M-THIEF-1] setup.thieves"
    else:
        assert not setup.get("thieves") and not setup.get("thieves_out"), "setup.thieves without the thieves module"
    if "traders" in modules:  # [M-TRADER-2] three citizens of different colours per disc, beside the start tile
        discs, supply = setup["traders"], setup["citizens"]
        assert isinstance(discs, list) and len(discs) == n and int_list(supply), "setup.traders"
        by_id = {t["id"]: t for t in tiles}
        for disc in discs:
            assert int_list(disc["disc"]) and len(disc["disc"]) == 3 and disc["at"] in TRADER_SIDES, "setup.traders"
            assert len({by_id[c]["type"] for c in disc["disc"]}) == 3, "[M-TRADER-2] three different colours"
        every = [c for disc in discs for c in disc["disc"]] + supply
        assert sorted(every) == sorted(t["id"] for t in tiles if t["kind"] == "citizen"), "[M-TRADER-1] citizens"
    else:
        assert not setup.get("traders") and not setup.get("citizens"), "setup.traders without the traders module"
    if "chests" in modules:  # [M-CHEST-2] four chests in each of the three rooms, the rest in the bag
        chamber = setup["chests"]
        assert isinstance(chamber, dict) and int_list(chamber["bag"]), "setup.chests"
        rooms = chamber["rooms"]
        assert isinstance(rooms, list) and len(rooms) == 3 and all(int_list(r) and len(r) == 4 for r in rooms)
        every = [c for room in rooms for c in room] + chamber["bag"]
        assert sorted(every) == sorted(t["id"] for t in tiles if t["kind"] == "chest"), "[M-CHEST-2] setup.chests"
    else:
        assert not setup.get("chests"), "setup.chests without the chests module"

    score_names = (*TYPES, "wall", *(name for m in modules for name in MODULE_SCORE_NAMES.get(m, ())))
    events = record["events"]
    assert isinstance(events, list) and events and events[0]["e"] == "turn"
    for index, event in enumerate(events):
        name = event.get("e")
        assert name in ALL_EVENT_FIELDS, f"event {index}: unknown event name {name!r}"
        if name in EVENT_MODULE:
            assert EVENT_MODULE[name] in modules, f"event {index}: {name!r} without the {EVENT_MODULE[name]} module"
        for field in ALL_EVENT_FIELDS[name]:
            assert field in event, f"event {index} ({name}): field {field!r} missing"
        if "player" in ALL_EVENT_FIELDS[name] and name != "distribute":
            assert is_int(event["player"]) and 0 <= event["player"] < n, f"event {index}"
        if name == "distribute":
            assert event["player"] is None or (is_int(event["player"]) and 0 <= event["player"] < n)
        if "slot" in event:
            assert event["slot"] in (1, 2, 3, 4) and is_int(event["slot"])
        for field in ("tile", "card", "round", "falcon", "cost", "chest", "room"):
            if field in event:
                assert is_int(event[field]), f"event {index}: {field}"
        for field in ("cards", "paid", "deck", "tiles", "totals", "scores", "winners", "coins", "chests"):
            if field in event:
                assert int_list(event[field]), f"event {index}: {field}"
        for field in ("at", "from"):
            if field in event:
                assert xy(event[field]), f"event {index}: {field}"
        if name == "buy":
            assert isinstance(event["exact"], bool)
        if name == "bonus":
            assert isinstance(event["shown"], bool), f"event {index}: shown"
        if name == "score":
            assert event["round"] in (1, 2, 3)
            assert isinstance(event["points"], list), f"event {index}: points"
            for award in event["points"]:
                assert set(award) >= {"player", "what", "points"}
                assert award["player"] == "dirk" or (is_int(award["player"]) and 0 <= award["player"] < n)
                assert award["what"] in score_names, f"event {index}: what {award['what']!r}"
                assert is_int(award["points"]) and award["points"] > 0
                assert award["what"] != "bazaar" or event["round"] == 3, "[M-BAZAAR-5] bazaars score at the third"

    over = events[-1]["e"] == "game_over"
    assert ("result" in record) == over, "result is present exactly when the game is over"
    if over:
        result = record["result"]
        assert int_list(result["scores"]) and len(result["scores"]) == n
        assert int_list(result["winners"])
        if n == 2:
            assert is_int(result["dirk_score"])


# (side, dx, dy, the neighbour's side facing it); y grows to the south (RECORD.md "Coordinates")
NEIGHBOURS = (("N", 0, -1, "S"), ("E", 1, 0, "W"), ("S", 0, 1, "N"), ("W", -1, 0, "E"))


class Table:
    """The table as the record tells it: where every tile and card is."""

    def __init__(self, record: dict) -> None:
        setup = record["setup"]
        self.modules = set(record["config"]["modules"])
        unfollowed = sorted(self.modules - set(FOLLOWED_MODULES))
        if unfollowed:
            raise NotImplementedError(f"record_reader.follow does not follow the {', '.join(unfollowed)} module yet")
        self.n = len(record["config"]["players"])
        self.tiles = {t["id"]: t for t in record["tiles"]}
        self.cards = {c["id"]: c for c in record["cards"]}
        self.bag = list(setup["bag"])
        self.deck = list(setup["deck"])
        self.hands = [list(h) for h in setup["hands"]]
        self.market: list[int | None] = list(setup["market"])
        self.offer = list(setup["offer"])
        self.dirk = list(setup["dirk"])
        self.discard: list[int] = []
        starts = [t["id"] for t in record["tiles"] if t["kind"] == "start"]
        self.grids = [{(0, 0): starts[p]} for p in range(self.n)]
        self.reserves: list[list[int]] = [[] for _ in range(self.n)]
        self.player: int | None = None  # whose turn it is (None before the first `turn`)
        self.held: list[int] = []  # tiles waiting to be placed: bought or taken this turn, or a vizier purchase
        self.holder: int | None = None  # the player the held tiles belong to
        self.received: list[list[int]] = [[] for _ in range(self.n)]
        self.lifted: int | None = None
        self.lifted_from: tuple[int, int] | None = None
        self.totals = [0] * self.n
        self.dirk_total = 0
        self.next_turn = setup["start_player"]
        self.may_act = False  # the turn player may still act: at the turn's start, after an exact buy
        self.pending_rounds: list[int] = []  # scoring cards drawn, not yet scored [B-FILL-3]
        self.dirk_due: int | None = None  # tiles Dirk is to get after a scoring [B-DIRK-2]
        self.over = False  # the end-of-game distribution has begun
        self.distributed: set[int] = set()
        self.scored_last = False
        # [M-VIZIER-1] every vizier awake; the window after a turn asks in priority order [M-VIZIER-2]
        self.awake = [True] * self.n
        self.window_pos = -1
        self.vizier_stage: str | None = None  # "buy", "place", "refill" during a vizier purchase
        self.vizier_player: int | None = None
        self.vizier_slot: int | None = None
        self.exchange: tuple[int, int] | None = None  # (player, card) of an exchange waiting for its buy
        self.stacks = {kind: list(stack) for kind, stack in (setup.get("huts") or {}).items()}
        self.hut_up_due: int | None = None  # the hut that must turn face up next [M-HUT-2]
        self.bonus_down = [list(h) for h in setup["bonus"]] if "bonus" in self.modules else [[] for _ in starts]
        self.bonus_up: list[list[int]] = [[] for _ in range(self.n)]
        self.must_hide: set[int] = set()  # revealed cards a redesign left without an eligible tile [M-BONUS-3]
        self.hider: int | None = None
        # [M-BAZAAR-2] bazaars waiting beside the market; those Dirk's draw passed over, due as `bazaar_aside`
        self.aside: list[int] = list(setup.get("bazaars") or [])
        self.aside_due: list[int] = []
        # [M-FALCON-1] the supply; each player's falcons by corner (the north-west corner of cell [x, y])
        self.supply: list[int] = list(setup.get("falcons") or [])
        self.falcons: list[dict[tuple[int, int], int]] = [{} for _ in range(self.n)]
        self.acted = False  # the turn player has done something this turn (a falcon action must come first)
        self.falconing = False  # the turn's falcon action is under way [M-FALCON-2]
        self.must_return: set[int] = set()  # falcons a redesign took the tile from [M-FALCON-4]
        self.vacated: tuple[int, int] | None = None  # the cell a redesign's lifted tile left
        self.change_bag: set[int] = set(setup.get("change") or [])  # [M-CHANGE-2] the coins in the change bag
        self.change_due: tuple[int, int] | None = None  # (player, coins owed) right after an overpaying `buy`
        self.thieves = [list(h) for h in setup["thieves"]] if "thieves" in self.modules else [[] for _ in starts]
        self.thief_pos = -1  # the thief window after a turn: the position in priority order reached (-1: not open)
        self.thief_closed = False  # a vizier purchase came: the thief window is over [M-THIEF-7]
        traders = setup.get("traders") or [{"disc": [], "at": None} for _ in starts]
        self.discs = [list(t["disc"]) for t in traders]  # [M-TRADER-2]
        self.disc_at: list[tuple[int, int] | None] = [tuple(t["at"]) if t["at"] else None for t in traders]
        self.citizen_supply: set[int] = set(setup.get("citizens") or [])
        self.residents: list[dict[int, int]] = [{} for _ in starts]  # building -> citizen [M-TRADER-7]
        self.trading: tuple[int, int] | None = None  # (player, building) just placed on the disc's cell
        self.new_due: int | None = None  # the player who takes a supply citizen next (`citizen_new`)
        chamber = setup.get("chests") or {"rooms": [[], [], []], "bag": []}
        self.rooms: list[list[int]] = [list(room) for room in chamber["rooms"]]  # [M-CHEST-2]
        self.chest_bag: set[int] = set(chamber["bag"])
        self.chests_on: list[dict[int, int]] = [{} for _ in range(self.n)]  # building -> chest [M-CHEST-6]
        self.chests_waiting: list[int] = []  # bought this turn, not yet placed [M-CHEST-5]
        self.chest_room: int | None = None  # the room bought this turn, until its `room` event
        self.chest_order: list[int] = []  # who places, the buyer first and then clockwise, still to come
        self.chamber_closed = False  # [M-CHEST-7] a room stayed empty: no more refills
        self.gate_display: int | None = None  # [M-GATE-3] the gate card beside the market
        self.gate_hands: list[list[int]] = [[] for _ in range(self.n)]  # [M-GATE-4] gate cards held
        self.passages: list[set[frozenset[tuple[int, int]]]] = [set() for _ in range(self.n)]  # [M-GATE-5] gated walls
        self.gates: list[tuple[int, int, str, tuple[int, int], tuple[int, int]]] = []  # (player, tile, side, at, near)
        self.placing: tuple[int, tuple[int, int], int] | None = None  # (player, at, tile) of the last `place`
        self.new_gates: list[frozenset[tuple[int, int]]] = []  # the gates of that placement
        self.lost_due: set[tuple[int, int, str]] = set()  # [M-GATE-7] gates whose tile left, due as `gate_lost`
        self.wall_display: list[int] = []  # [M-WALL-3] wall cards face up beside the market
        self.built: dict[int, int] = {}  # [M-WALL-7] tile -> the walls built on it (NESW bits)

    # -- helpers
    def walls(self, tile: int) -> int:
        """The tile's walls: printed, and built on it ([M-WALL-7])."""
        text = self.tiles[tile].get("walls", "")
        printed = sum(bit for bit, letter in ((1, "N"), (2, "E"), (4, "S"), (8, "W")) if letter in text)
        return printed | self.built.get(tile, 0)

    def kind(self, tile: int) -> str:
        return self.tiles[tile]["kind"]

    def engine_grid(self, player: int) -> dict[int, int]:
        """The rebuilt Alhambra with ids mapped onto the engine's numbering (walls are all that matter:
        a hut follows the building rules like a building with the same walls [M-HUT-3], a bazaar like one
        without walls [M-BAZAAR-4]; for the wall score a camp's bastions are walls [M-CAMP-4])."""
        from game.engine.components import BUILDINGS, START_TILES, TILE_WALLS

        by_walls: dict[int, int] = {}
        for t in BUILDINGS:
            by_walls.setdefault(TILE_WALLS[t], t)
        return {
            cell_at(x, y): (START_TILES[0] if self.tiles[t]["kind"] == "start" else by_walls[self.walls(t)])
            for (x, y), t in self.grids[player].items()
        }

    def legal(self, player: int) -> None:
        grid = self.grids[player]
        walled = any(t in self.built for t in grid.values())  # [M-WALL-7]
        if walled or any(self.kind(t) == "camp" for t in grid.values()) or self.passages[player]:
            found = self.camp_violations(grid, self.passages[player])
        else:
            found = alhambra.violations(self.engine_grid(player))
        assert found == [], f"the Alhambra breaks the building rules: {found}"

    def side(self, tile: int, letter: str) -> str:
        """What ``tile`` shows on side ``letter``: wall or open; a camp bastion or green [M-CAMP-1]."""
        walled = bool(self.walls(tile) & {"N": 1, "E": 2, "S": 4, "W": 8}[letter])
        if self.kind(tile) == "camp":
            return "bastion" if walled else "green"
        return "wall" if walled else "open"

    def camp_violations(
        self, grid: dict[tuple[int, int], int], passages: set[frozenset[tuple[int, int]]] | None = None
    ) -> list[str]:
        """§4 and [M-CAMP-2] with its Choice, for an Alhambra with camps: sides match (wall-wall, open-open,
        bastion against a non-camp wall, green-green between camps); every non-camp tile is reachable on foot
        from the start tile across open sides of non-camp tiles (nobody walks through a camp); the tiles
        hang together side by side (a camp is never cut off); no holes [B-PLACE-5]."""
        found = []
        allowed = {("wall", "wall"), ("open", "open"), ("bastion", "wall"), ("wall", "bastion"), ("green", "green")}
        for (x, y), tile in grid.items():
            for letter, dx, dy, facing in NEIGHBOURS:
                other = grid.get((x + dx, y + dy))
                if other is not None and (self.side(tile, letter), self.side(other, facing)) not in allowed:
                    found.append(f"[B-PLACE-3] [M-CAMP-2] sides of {(x, y)} and {(x + dx, y + dy)} do not match")
        start = next(at for at, t in grid.items() if self.kind(t) == "start")
        walked, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for letter, dx, dy, facing in NEIGHBOURS:
                at = (x + dx, y + dy)
                other = grid.get(at)
                if other is None or at in walked or self.kind(other) == "camp":
                    continue
                gated = passages is not None and frozenset({(x, y), at}) in passages  # [M-GATE-5] a gate's passage
                if gated or (self.side(grid[(x, y)], letter) == "open" and self.side(other, facing) == "open"):
                    walked.add(at)
                    todo.append(at)
        if any(at not in walked for at, t in grid.items() if self.kind(t) != "camp"):
            found.append("[B-PLACE-4] some tile cannot be reached on foot")
        joined, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for _, dx, dy, _ in NEIGHBOURS:
                at = (x + dx, y + dy)
                if at in grid and at not in joined:
                    joined.add(at)
                    todo.append(at)
        if len(joined) != len(grid):
            found.append("[B-PLACE-2] [M-CAMP-2] some tile shares no side with the rest of the Alhambra")
        xs, ys = [x for x, _ in grid], [y for _, y in grid]
        box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
        outside, todo = {(min(xs) - 1, min(ys) - 1)}, [(min(xs) - 1, min(ys) - 1)]
        while todo:
            x, y = todo.pop()
            for _, dx, dy, _ in NEIGHBOURS:
                at = (x + dx, y + dy)
                if at in box and at not in grid and at not in outside:
                    outside.add(at)
                    todo.append(at)
        if len(outside) + len(grid) != len(box):
            found.append("[B-PLACE-5] the Alhambra encloses an empty area")
        return found

    def wall_length(self, player: int) -> int:
        """[B-SCORE-4] the longest outer wall; where walls were built ([M-WALL-7]) on this reader's own segments."""
        grid = self.grids[player]
        if not any(t in self.built for t in grid.values()):
            return alhambra.longest_wall(self.engine_grid(player))
        segments = []  # walled sides facing an empty cell, between corners (a corner numbered like its cell)
        for (x, y), tile in grid.items():
            walls = self.walls(tile)
            for bit, dx, dy, ends in (
                (1, 0, -1, ((0, 0), (1, 0))),
                (2, 1, 0, ((1, 0), (1, 1))),
                (4, 0, 1, ((0, 1), (1, 1))),
                (8, -1, 0, ((0, 0), (0, 1))),
            ):
                if walls & bit and (x + dx, y + dy) not in grid:
                    (ax, ay), (bx, by) = ends
                    segments.append((cell_at(x + ax, y + ay), cell_at(x + bx, y + by)))
        return alhambra.longest_trail(segments)

    def camp_points(self, player: int) -> int:
        """[M-CAMP-3] each arrow of each camp: one point per tile in the unbroken straight line that way (walls do
        not break it; start tile, huts, bazaars count); an empty cell or another camp ends it."""
        grid = self.grids[player]
        points = 0
        for (x, y), tile in grid.items():
            if self.kind(tile) != "camp":
                continue
            for letter, dx, dy, _ in NEIGHBOURS:
                if letter not in self.tiles[tile]["arrows"]:
                    continue
                at = (x + dx, y + dy)
                while at in grid and self.kind(grid[at]) != "camp":
                    points += 1
                    at = (at[0] + dx, at[1] + dy)
        return points

    def bazaar_points(self, player: int) -> int:
        """[M-BAZAAR-5] each bazaar: (neighbours of its three colours among the eight around it) x (its colours
        present there); only buildings have a colour."""
        grid = self.grids[player]
        points = 0
        for (x, y), tile in grid.items():
            if self.kind(tile) != "bazaar":
                continue
            colours = self.tiles[tile]["types"]
            around = [grid.get((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
            matching = [
                self.tiles[t]["type"]
                for t in around
                if t is not None and self.kind(t) == "building" and self.tiles[t]["type"] in colours
            ]
            points += len(matching) * len(set(matching))
        return points

    def corner_tiles(self, player: int, corner: tuple[int, int]) -> list[int | None]:
        """The four cells meeting at corner [x, y], the north-west corner of cell [x, y] (RECORD.md)."""
        x, y = corner
        grid = self.grids[player]
        return [grid.get(at) for at in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))]

    def counts(self, tiles: list[int]) -> list[int]:
        kinds = Counter(self.tiles[t]["type"] for t in tiles if self.tiles[t]["kind"] == "building")
        return [kinds.get(kind, 0) for kind in TYPES]

    def player_counts(self, player: int) -> list[int]:
        """Buildings per type in the Alhambra, plus [M-HUT-4] one per building of a hut's colour beside the hut
        with no wall between them (per hut), plus [M-BONUS-2] one per revealed bonus card."""
        grid = self.grids[player]
        counts = self.counts(list(grid.values()))
        for (x, y), hut in grid.items():
            if self.tiles[hut]["kind"] != "hut":
                continue
            colour = self.tiles[hut]["type"]
            for side, dx, dy, facing in NEIGHBOURS:
                other = grid.get((x + dx, y + dy))
                if other is None or self.tiles[other]["kind"] != "building" or self.tiles[other]["type"] != colour:
                    continue
                if side not in self.tiles[hut]["walls"] and facing not in self.tiles[other]["walls"]:
                    counts[TYPES.index(colour)] += 1
        for card in self.bonus_up[player]:
            counts[TYPES.index(self.cards[card]["type"])] += 1
        return counts

    def eligible(self, player: int, card: int) -> bool:
        """[M-BONUS-2] a tile of the card's type and cost stands in the player's Alhambra."""
        named = (self.cards[card]["type"], self.cards[card]["cost"])
        return any(
            self.tiles[t]["kind"] == "building" and (self.tiles[t]["type"], self.tiles[t]["cost"]) == named
            for t in self.grids[player].values()
        )

    def huts_of(self, player: int) -> int:
        owned = [*self.grids[player].values(), *self.reserves[player]]
        if self.holder == player:
            owned += self.held
        return sum(1 for t in owned if self.tiles[t]["kind"] == "hut")

    def spend(self, cards: list[int]) -> None:
        """Paid cards go onto the discard pile, but coins back into the change bag ([M-CHANGE-5])."""
        for c in cards:
            if self.cards[c]["kind"] == "coin":
                self.change_bag.add(c)
            else:
                self.discard.append(c)

    def value(self, cards: list[int]) -> int:
        return sum(self.cards[c]["value"] for c in cards)

    def offer_full(self) -> bool:
        """Four cards, or nothing left to draw ([M-GATE-3] a discard pile of gate cards only is not reshuffled)."""
        aside = ("gate",)
        return len(self.offer) == 4 or not (self.deck or any(self.cards[c]["kind"] not in aside for c in self.discard))

    def turn_done(self) -> bool:
        """The turn's actions, placements and redesign are over (the end-of-turn refills may begin)."""
        return (
            self.player is not None
            and not self.may_act
            and not self.held
            and self.lifted is None
            and self.vizier_stage is None
            and not self.must_return
            and not self.chests_busy()
            # [M-TRADER-5] the disc goes back at the end of a turn; not after a tile of the end (RECORD.md: no `trader`)
            and not (
                not self.over
                and self.player is not None
                and self.discs[self.player]
                and self.disc_at[self.player] is None
            )
        )

    def settled(self) -> bool:
        """Everything the last turn (or vizier purchase) set going is done: refills, scorings, Dirk's draw."""
        return (
            self.turn_done()
            and all(slot is not None for slot in self.market)
            and self.offer_full()
            and not self.pending_rounds
            and not self.dirk_due
            and not self.over
        )

    # -- the events
    def follow(self, events: list[dict]) -> None:
        for index, event in enumerate(events):
            try:
                self.before(event)
                getattr(self, "on_" + event["e"])(event)
            except AssertionError as error:
                raise AssertionError(f"event {index} {event}: {error}") from None
        if self.placing is not None:  # the record ends with a placement (and its gates)
            try:
                self.placed_through_gates()
            except AssertionError as error:
                raise AssertionError(f"event {len(events) - 1} {events[-1]}: {error}") from None

    def before(self, e: dict) -> None:
        """Events that must come immediately after another one (RECORD.md "Modules / Events")."""
        name = e["e"]
        if self.placing is not None and name != "gate":
            self.placed_through_gates()
        if self.lost_due and self.lifted is None:
            assert name in ("gate_lost", "falcon_back", "bonus"), (
                f"[M-GATE-7] gates {sorted(self.lost_due)} go back into the box right after the redesign's `reserve`"
            )
        if self.new_due is not None and name != "bonus":
            assert name == "citizen_new" and e["player"] == self.new_due, "[M-TRADER-3] a new citizen after `resident`"
        if self.trading is not None:
            keeps = name in ("bonus", "gate") or (  # [M-GATE-5] a placement's gates come before its citizens
                name in ("resident", "citizen_swap") and e["player"] == self.trading[0]
            )
            if not keeps:
                self.trading = None  # [M-TRADER-3] the player moved no citizen and exchanged none
        if self.hut_up_due is not None:
            assert name == "hut_up", "[M-HUT-2] the stack's next hut turns face up right after `hut`"
        if self.change_due is not None and not self.change_bag:
            self.change_due = None  # [M-CHANGE-3] an empty bag gives nothing: no event (RECORD.md)
        if self.change_due is not None:
            assert name == "change", "[M-CHANGE-3] coins are drawn right after a `buy` that overpaid by 2 or more"
        elif name == "change":
            raise AssertionError("[M-CHANGE-3] `change` follows only a `buy` that overpaid by 2 or more")
        if self.exchange is not None:
            assert name in ("buy", "bazaar_buy") and e["player"] == self.exchange[0], (
                "[M-EXCH-3] `exchange` comes immediately before the purchase it pays for"
            )
        if self.aside_due:
            assert name == "bazaar_aside", "[M-BAZAAR-2] bazaars Dirk's draw passed over go beside the market next"
        if self.falconing and not (name == "falcon" and e["player"] == self.player) and name != "bonus":
            self.falconing = False  # [M-FALCON-2] the falcon action is over (a bonus card may be shown meanwhile)
        if self.must_return:
            assert name in ("falcon_back", "gate_lost") or (name == "bonus" and e["shown"] is False), (
                f"[M-FALCON-4] falcons {sorted(self.must_return)} return right after the redesign's `reserve`"
            )
        if self.must_hide:
            assert name in ("falcon_back", "gate_lost") or (name == "bonus" and e["shown"] is False), (
                f"[M-BONUS-3] cards {sorted(self.must_hide)} turn face down right after the redesign's `reserve`"
            )

    def on_turn(self, e: dict) -> None:
        assert self.player is None or self.settled(), "a turn begins when the last one (and its window) is over"
        assert e["player"] == self.next_turn
        self.player = self.holder = e["player"]
        self.next_turn = (self.player + 1) % self.n
        self.may_act = True
        self.acted = False
        self.window_pos = -1
        self.thief_pos, self.thief_closed = -1, False

    def on_take(self, e: dict) -> None:
        assert e["player"] == self.player and e["cards"]
        assert self.may_act, "money is taken only as the turn's action or after an exact payment"
        self.may_act = False
        self.acted = True
        assert all(c in self.offer for c in e["cards"]) and len(set(e["cards"])) == len(e["cards"])
        if any(self.cards[c]["kind"] == "exchange" for c in e["cards"]):
            assert len(e["cards"]) == 1, "[M-EXCH-2] an exchange card is taken alone"
        else:
            assert len(e["cards"]) == 1 or self.value(e["cards"]) <= 5, "[B-TURN-2]"
        for c in e["cards"]:
            self.offer.remove(c)
            self.hands[self.player].append(c)

    def on_exchange(self, e: dict) -> None:
        p, card = e["player"], e["card"]
        assert self.cards[card]["kind"] == "exchange" and card in self.hands[p], "[M-EXCH-3] an exchange card held"
        if self.vizier_stage is not None:
            assert self.vizier_stage == "buy" and p == self.vizier_player, "[M-VIZIER-2] the vizier's purchase"
        else:
            assert p == self.player and self.may_act, "[M-EXCH-3] an exchange pays for the player's purchase"
        self.exchange = (p, card)

    def on_buy(self, e: dict) -> None:
        p = e["player"]
        vizier = self.vizier_stage is not None
        if vizier:
            assert self.vizier_stage == "buy" and p == self.vizier_player, "[M-VIZIER-2] the vizier's purchase"
            assert e["exact"] is True, "[M-VIZIER-2] a vizier purchase pays exactly"
        else:
            assert p == self.player, "only the turn player buys (but with the vizier)"
            assert self.may_act, "a building is bought only as the turn's action or after an exact payment"
            self.acted = True
        slot = e["slot"] - 1
        assert self.market[slot] == e["tile"], "the tile is in that market slot"
        paid = e["paid"]
        assert len(set(paid)) == len(paid) and all(c in self.hands[p] for c in paid), "paid cards are in the hand"
        assert all(self.cards[c]["kind"] in PAYING for c in paid), "[M-EXCH-3] only money cards (and coins) pay"
        currencies = {CURRENCIES[slot]}
        if self.exchange is not None:
            card = self.exchange[1]
            pair = set(self.cards[card]["currencies"])
            assert CURRENCIES[slot] in pair, "[M-EXCH-3] the slot's currency is one of the exchange card's two"
            currencies = pair
        assert all(self.cards[c]["currency"] in currencies for c in paid), "[B-TURN-3] [M-EXCH-3] currency"
        total, cost = self.value(paid), self.tiles[e["tile"]]["cost"]
        assert total >= cost and e["exact"] == (total == cost), "[B-TURN-3] [B-TURN-4] payment"
        for c in paid:
            self.hands[p].remove(c)
        self.spend(paid)
        if "change" in self.modules and total - cost >= 2:  # [M-CHANGE-3] one coin per full 2 overpaid
            self.change_due = (p, (total - cost) // 2)
        if self.exchange is not None:
            self.hands[p].remove(self.exchange[1])
            self.discard.append(self.exchange[1])
            self.exchange = None
        self.market[slot] = None
        self.held.append(e["tile"])
        if vizier:
            self.vizier_stage, self.vizier_slot = "place", slot  # [M-VIZIER-3] no extra action
        else:
            self.may_act = e["exact"]  # RULES.md [B-TURN-4]

    def on_change(self, e: dict) -> None:
        """[M-CHANGE-3] the coins drawn from the change bag, one per full 2 overpaid (what is left, when fewer)."""
        assert self.change_due is not None
        p, owed = self.change_due
        coins = e["coins"]
        assert e["player"] == p, "[M-CHANGE-3] the buyer who overpaid draws the coins"
        assert len(set(coins)) == len(coins) and set(coins) <= self.change_bag, "[M-CHANGE-3] coins from the bag"
        assert len(coins) == min(owed, len(self.change_bag)), f"[M-CHANGE-3] {owed} coins owed"
        self.change_bag -= set(coins)
        self.hands[p].extend(coins)  # [M-CHANGE-4] face up, paying like money
        self.change_due = None

    def on_end_turn(self, e: dict) -> None:
        """RULES.md [B-TURN-4]: after an exact payment the player may end the turn instead of acting again."""
        assert e["player"] == self.player and self.may_act and self.held, (
            "only an exact payment's extra action is declined"
        )
        self.may_act = False

    def on_pass(self, e: dict) -> None:
        assert e["player"] == self.player and self.may_act
        self.may_act = False

    def on_vizier_wake(self, e: dict) -> None:
        p = e["player"]
        assert p == self.player and self.may_act, "[M-VIZIER-4] waking the vizier is an action of the turn"
        assert not self.awake[p], "[M-VIZIER-4] only a sleeping vizier is woken"
        self.awake[p] = True
        self.may_act = False
        self.acted = True

    def on_vizier(self, e: dict) -> None:
        q = e["player"]
        self.thief_closed = True  # [M-THIEF-7] the thief window comes before the vizier's
        assert self.settled(), (
            "[M-VIZIER-2] [M-VIZIER-5] a vizier buys in the window after a turn has ended (placed, refilled, scored),"
            " never after the market could not be filled"
        )
        assert self.awake[q], "[M-VIZIER-2] only an awake vizier buys"
        position = (q - self.player - 1) % self.n
        assert position > self.window_pos, "[M-VIZIER-2] priority order, the next player first, each at most once"
        self.window_pos = position
        self.awake[q] = False
        self.vizier_stage, self.vizier_player, self.holder = "buy", q, q

    def on_hut(self, e: dict) -> None:
        p, tile = e["player"], e["tile"]
        assert p == self.player and self.may_act, "[M-HUT-2] taking a hut is an action of the turn"
        assert self.tiles[tile]["kind"] == "hut"
        stack = self.stacks[self.tiles[tile]["type"]]
        assert stack and stack[0] == tile, "[M-HUT-2] the face-up hut on top of its stack"
        assert self.huts_of(p) < 3, "[M-HUT-5] at most three huts, reserve included"
        stack.pop(0)
        self.held.append(tile)
        self.may_act = False  # [M-HUT-2] no extra action
        self.acted = True
        self.hut_up_due = stack[0] if stack else None

    def on_hut_up(self, e: dict) -> None:
        assert self.hut_up_due is not None, "[M-HUT-2] hut_up only right after `hut`, and never for an empty stack"
        assert e["tile"] == self.hut_up_due, "[M-HUT-2] the next hut of that stack turns face up"
        self.hut_up_due = None

    def on_bonus(self, e: dict) -> None:
        p, card = e["player"], e["card"]
        assert card in self.bonus_down[p] + self.bonus_up[p], "[M-BONUS-1] one of the player's bonus cards"
        if e["shown"]:
            assert card in self.bonus_down[p], "[M-BONUS-2] a face-down card is revealed"
            assert self.eligible(p, card), "[M-BONUS-2] revealed only while a tile of its type and cost is placed"
            self.bonus_down[p].remove(card)
            self.bonus_up[p].append(card)
        else:
            assert card in self.must_hide and p == self.hider, (
                "[M-BONUS-3] a card turns face down right after the redesign that left it no eligible tile"
            )
            self.must_hide.discard(card)
            self.bonus_up[p].remove(card)
            self.bonus_down[p].append(card)

    def take_waiting(self, p: int, tile: int) -> bool:
        """Remove ``tile`` from the tiles waiting for ``p`` to place them; False if it is not one of them."""
        if self.over:
            if tile in self.received[p]:
                self.received[p].remove(tile)
                return True
            return False
        if tile not in self.held:
            return False
        assert p == self.holder, "a waiting tile is placed by the player who got it"
        assert not self.may_act and self.lifted is None, "[B-TURN-7] the turn's tiles are placed when it ends"
        assert self.vizier_stage in (None, "place"), "[M-VIZIER-2] a vizier's tile is placed after its purchase"
        self.held.remove(tile)
        if self.vizier_stage == "place":  # a bazaar's purchase emptied no slot: nothing to refill
            self.vizier_stage = "refill" if self.vizier_slot is not None else None
        return True

    def on_place(self, e: dict) -> None:
        p, tile, at = e["player"], e["tile"], tuple(e["at"])
        assert at not in self.grids[p], "the spot is free"
        if not self.take_waiting(p, tile):
            assert tile in self.reserves[p], "placed tile was neither bought, taken, received nor on the reserve"
            assert p == self.player and not self.over and self.vizier_stage is None, "[B-TURN-6] a redesign"
            if self.lifted is not None:
                assert at == self.lifted_from, "[B-TURN-6] a swap puts the reserve tile on the vacated spot"
                self.lifted_from = None
            else:
                assert self.may_act, "[B-TURN-6] a redesign is an action of the turn"
                self.may_act = False
                self.acted = True
            self.reserves[p].remove(tile)
        self.grids[p][at] = tile
        self.placing, self.new_gates = (p, at, tile), []  # checked once its `gate` events are read
        if self.disc_at[p] == at and self.discs[p]:  # [M-TRADER-3] the disc is set aside
            self.disc_at[p] = None
            self.trading = (p, tile)

    def on_reserve(self, e: dict) -> None:
        p, tile = e["player"], e["tile"]
        if tile == self.lifted:
            assert p == self.player
            self.lifted = self.lifted_from = None
            self.legal(p)  # [B-PLACE-6] the removal (or swap) leaves a legal Alhambra
            self.must_hide = {c for c in self.bonus_up[p] if not self.eligible(p, c)}
            self.hider = p
            # [M-FALCON-4] (and its Choice for a swap) the falcons on the corners of the tile that left
            assert self.vacated is not None
            x, y = self.vacated
            corners = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
            self.must_return = {f for at, f in self.falcons[p].items() if at in corners}
            self.vacated = None
        else:
            assert self.take_waiting(p, tile), "reserved tile was neither bought, taken, received nor lifted"
        self.reserves[p].append(tile)

    def on_lift(self, e: dict) -> None:
        p, at = e["player"], tuple(e["from"])
        assert p == self.player and self.may_act, "[B-TURN-6] a redesign is an action of the turn"
        assert self.lifted is None and self.vizier_stage is None and not self.over
        assert self.grids[p].get(at) == e["tile"] and self.tiles[e["tile"]]["kind"] != "start", "[B-TURN-6]"
        del self.grids[p][at]
        for gate in [g for g in self.gates if g[0] == p and at in (g[3], g[4])]:  # [M-GATE-7] its gates are gone
            self.gates.remove(gate)
            self.passages[p].discard(frozenset({gate[3], gate[4]}))
            self.lost_due.add(gate[:3])
        self.lifted, self.lifted_from = e["tile"], at
        self.vacated = at
        self.may_act = False
        self.acted = True

    def on_dirk(self, e: dict) -> None:
        assert self.n == 2 and not self.over
        assert self.tiles[e["tile"]]["kind"] != "hut", "[B-DIRK-5] a hut is taken, not bought: never Dirk's"
        assert self.take_waiting(e["player"], e["tile"]), "[B-DIRK-4] only a tile just bought goes to Dirk"
        self.dirk.append(e["tile"])

    def on_market(self, e: dict) -> None:
        assert self.kind(e["tile"]) != "bazaar", "[M-BAZAAR-2] a bazaar never fills a market slot"
        slot = e["slot"] - 1
        if self.vizier_stage == "refill":
            assert slot == self.vizier_slot, "[M-VIZIER-2] the vizier purchase's slot is refilled"
            self.vizier_stage = None
        else:
            assert self.turn_done(), "[B-TURN-7] the market is refilled after the turn's placements"
            assert all(m is not None for m in self.market[:slot]), "slots are refilled in ascending order"
        assert self.market[slot] is None and self.bag and self.bag[0] == e["tile"]
        self.market[slot] = self.bag.pop(0)

    def refilling_offer(self) -> None:
        assert self.turn_done(), "[B-TURN-7] the offer is refilled at the end of the turn"
        assert all(m is not None for m in self.market) or not self.bag, "[B-TURN-7] after the market"

    def on_offer(self, e: dict) -> None:
        self.refilling_offer()
        assert self.deck and self.deck[0] == e["card"], "the next card of the deck"
        assert self.cards[e["card"]]["kind"] in ("money", "exchange")
        self.offer.append(self.deck.pop(0))
        assert len(self.offer) <= 4

    def on_scoring_card(self, e: dict) -> None:
        self.refilling_offer()
        assert self.deck, "the deck is empty"
        card = self.cards[self.deck.pop(0)]
        assert card["kind"] == "scoring" and card["round"] == e["round"]
        self.pending_rounds.append(e["round"])

    def on_reshuffle(self, e: dict) -> None:
        self.refilling_offer()
        assert not self.deck and sorted(e["deck"]) == sorted(self.discard)
        self.deck, self.discard = list(e["deck"]), []

    def on_score(self, e: dict) -> None:
        r = e["round"]
        assert self.turn_done() and not self.scored_last
        if r < 3:
            assert self.pending_rounds[:1] == [r], "[B-SCORE-1] a scoring follows its scoring card"
            self.pending_rounds.pop(0)
        else:
            assert not self.pending_rounds and not self.bag and None in self.market, "[B-END-1] the game has ended"
            assert not any(self.received), "[B-END-2] the distributed tiles are placed before the third scoring"
            self.scored_last = True
        for p in range(self.n):
            for card in self.bonus_down[p]:
                assert not self.eligible(p, card), f"[M-BONUS-3] player {p}'s eligible card {card} is revealed"
        collectors = [self.player_counts(p) for p in range(self.n)]
        if self.n == 2:
            collectors.append(self.counts(self.dirk))
        expected: Counter = Counter()
        for t, kind in enumerate(TYPES):
            points = [p + t if p else 0 for p in RANK_BASE[r]]
            column = [c[t] for c in collectors]
            rank = 0
            for count in sorted({c for c in column if c > 0}, reverse=True):
                tied = [i for i, c in enumerate(column) if c == count]
                share = sum(points[rank : rank + len(tied)]) // len(tied)
                for i in tied:
                    if share:
                        expected[("dirk" if i == self.n else i, kind)] = share
                rank += len(tied)
        for p in range(self.n):
            wall = self.wall_length(p)
            if wall:
                expected[(p, "wall")] = wall
            if "camps" in self.modules and self.camp_points(p):
                expected[(p, "camp")] = self.camp_points(p)
            if "bazaars" in self.modules and r == 3 and self.bazaar_points(p):
                expected[(p, "bazaar")] = self.bazaar_points(p)
            chest_column = [self.chest_count(q) for q in range(self.n)]
            if chest_column[p]:  # [M-CHEST-8] ranked by the chests on buildings in the Alhambra, ties shared
                rank = sorted(chest_column, reverse=True).index(chest_column[p])
                tied = chest_column.count(chest_column[p])
                share = sum(CHEST_POINTS[r][rank : rank + tied]) // tied
                if share:
                    expected[(p, "chests")] = share
            grid = set(self.grids[p].values())
            colours = [self.tiles[c]["type"] for b, c in self.residents[p].items() if b in grid]
            most = max(Counter(colours).values(), default=0)
            sets = sum(TRADER_POINTS[sum(1 for k in TYPES if colours.count(k) >= i)] for i in range(1, most + 1))
            if sets:  # [M-TRADER-6] the best grouping into sets of different colours
                expected[(p, "traders")] = sets
            kinds = Counter(self.tiles[f]["colour"] for f in self.falcons[p].values())
            for colour, many in kinds.items():
                expected[(p, f"falcon_{colour}")] = FALCON_POINTS[many]
        found: Counter = Counter()
        for a in e["points"]:
            found[(a["player"], a["what"])] += a["points"]  # RECORD.md: items with the same player and name add up
        assert found == expected, f"awards {dict(found)} but the rules give {dict(expected)}"
        for (who, _), points in found.items():
            if who == "dirk":
                self.dirk_total += points
            else:
                self.totals[who] += points
        assert e["totals"] == self.totals
        if self.n == 2 and r < 3:  # [B-DIRK-2] (what is left when the bag runs short [B-DIRK-5])
            # [B-DIRK-5] "one third of the bag" counts camps and bazaars; he gets only what is not a bazaar
            share = 6 if r == 1 else len(self.bag) // 3
            self.dirk_due = min(share, sum(1 for t in self.bag if self.kind(t) != "bazaar"))

    def on_dirk_gets(self, e: dict) -> None:
        k = len(e["tiles"])
        assert self.dirk_due is not None and k == self.dirk_due, f"[B-DIRK-2] Dirk gets {self.dirk_due} tiles"
        self.dirk_due = None
        got: list[int] = []
        while len(got) < k:  # [M-BAZAAR-2] [B-DIRK-5] a bazaar drawn for Dirk goes beside the market
            tile = self.bag.pop(0)
            if self.kind(tile) == "bazaar":
                self.aside_due.append(tile)
            else:
                got.append(tile)
        assert got == e["tiles"], "[B-DIRK-2] Dirk gets the next tiles of the bag"
        self.dirk.extend(e["tiles"])

    def on_bazaar_aside(self, e: dict) -> None:
        """[M-BAZAAR-2] a bazaar drawn from the bag goes beside the market: in a market refill (in draw order), or
        right after ``dirk_gets`` for those Dirk's draw passed over."""
        tile = e["tile"]
        assert self.kind(tile) == "bazaar"
        if self.aside_due:
            assert self.aside_due[0] == tile, "[M-BAZAAR-2] in draw order"
            self.aside_due.pop(0)
        else:
            assert None in self.market, "[M-BAZAAR-2] drawn while refilling the market"
            if self.vizier_stage != "refill":
                assert self.turn_done(), "[B-TURN-7] the market is refilled after the turn's placements"
            assert self.bag and self.bag[0] == tile, "the next tile of the bag"
            self.bag.pop(0)
        self.aside.append(tile)

    def on_bazaar_buy(self, e: dict) -> None:
        """[M-BAZAAR-3] a waiting bazaar, at the cost of the tile in its currency's slot, paid exactly in that currency
        (or with an exchange card), with the extra action; or bought with the vizier."""
        p, tile, paid = e["player"], e["tile"], e["paid"]
        assert tile in self.aside, "[M-BAZAAR-3] a bazaar waiting beside the market"
        vizier = self.vizier_stage is not None
        if vizier:
            assert self.vizier_stage == "buy" and p == self.vizier_player, "[M-VIZIER-2] the vizier's purchase"
        else:
            assert p == self.player and self.may_act, "a bazaar is bought as the turn's action or an extra action"
            self.acted = True
        currency = self.tiles[tile]["currency"]
        slot = CURRENCIES.index(currency)
        assert self.market[slot] is not None, "[M-BAZAAR-3] not while its currency's slot is empty"
        cost = self.tiles[self.market[slot]]["cost"]
        assert e["cost"] == cost, "[M-BAZAAR-3] it costs what the tile in its currency's slot costs"
        assert len(set(paid)) == len(paid) and all(c in self.hands[p] for c in paid), "paid cards are in the hand"
        assert all(self.cards[c]["kind"] in PAYING for c in paid), "[M-EXCH-3] only money cards (and coins) pay"
        currencies = {currency}
        if self.exchange is not None:
            pair = set(self.cards[self.exchange[1]]["currencies"])
            assert currency in pair, "[M-EXCH-3] the bazaar's currency is one of the exchange card's two"
            currencies = pair
        assert all(self.cards[c]["currency"] in currencies for c in paid), "[M-BAZAAR-3] [M-EXCH-3] currency"
        assert self.value(paid) == cost, "[M-BAZAAR-3] paid exactly"
        for c in paid:
            self.hands[p].remove(c)
        self.spend(paid)
        if self.exchange is not None:
            self.hands[p].remove(self.exchange[1])
            self.discard.append(self.exchange[1])
            self.exchange = None
        self.aside.remove(tile)
        self.held.append(tile)
        if vizier:
            self.vizier_stage, self.vizier_slot = "place", None  # [M-VIZIER-3]; no market slot to refill
        else:
            self.may_act = True  # [B-TURN-4] an exact payment

    def on_falcon(self, e: dict) -> None:
        """[M-FALCON-2] [M-FALCON-3] the turn's first and only action: falcons bought one money card each, each on a
        corner where four tiles meet that shows both its colours, one falcon per corner."""
        p, falcon, card, at = e["player"], e["falcon"], e["card"], tuple(e["at"])
        assert p == self.player and self.vizier_stage is None and not self.over
        if not self.falconing:
            assert self.may_act and not self.acted, "[M-FALCON-2] the falcon action is the turn's first and only"
            self.falconing, self.acted, self.may_act = True, True, False
        assert falcon in self.supply, "[M-FALCON-1] a falcon from the supply"
        assert card in self.hands[p] and self.cards[card]["kind"] in PAYING, "[M-FALCON-2] one money card (or coin)"
        assert at not in self.falcons[p], "[M-FALCON-3] one falcon per corner"
        four = self.corner_tiles(p, at)
        assert None not in four, "[M-FALCON-3] four tiles of the Alhambra meet at the corner"
        present = {self.tiles[t]["type"] for t in four if self.kind(t) == "building"}  # type: ignore[index]
        assert set(self.tiles[falcon]["types"]) <= present, "[M-FALCON-3] both its colours among the four tiles"
        self.hands[p].remove(card)
        self.spend([card])
        self.supply.remove(falcon)
        self.falcons[p][at] = falcon

    def on_falcon_back(self, e: dict) -> None:
        p, falcon = e["player"], e["falcon"]
        assert falcon in self.must_return and p == self.hider, "[M-FALCON-4] a falcon whose tile left"
        self.must_return.discard(falcon)
        del self.falcons[p][next(at for at, f in self.falcons[p].items() if f == falcon)]
        self.supply.append(falcon)

    def on_distribute(self, e: dict) -> None:
        if self.vizier_stage == "refill":  # [M-VIZIER-5] the refill after a vizier purchase failed: the game ends
            assert not self.bag
            self.vizier_stage = None
        assert self.turn_done() and not self.pending_rounds and not self.dirk_due and not self.scored_last
        slot = e["slot"] - 1
        assert slot not in self.distributed, "each market slot is distributed once"
        assert self.market[slot] == e["tile"] and not self.bag
        currency = CURRENCIES[slot]
        # [M-EXCH-4] exchange cards are ignored: only money counts
        wealth = [
            self.value([c for c in hand if self.cards[c]["kind"] in PAYING and self.cards[c]["currency"] == currency])
            for hand in self.hands
        ]
        richest = [p for p in range(self.n) if wealth[p] == max(wealth)]
        assert e["player"] == (richest[0] if len(richest) == 1 else None), "[B-END-2] the richest in that currency"
        self.over = True
        self.distributed.add(slot)
        if e["player"] is not None:
            self.market[slot] = None
            self.received[e["player"]].append(e["tile"])

    # -- street traders (RULES.md §11.5)
    def on_resident(self, e: dict) -> None:
        """[M-TRADER-3] [M-TRADER-4] a citizen of the building's colour moves from the disc onto it, if it has none."""
        p, citizen, tile = e["player"], e["citizen"], e["tile"]
        assert self.trading == (p, tile), "[M-TRADER-3] right after the placement that set the disc aside"
        assert self.kind(tile) == "building" and tile not in self.residents[p], "[M-TRADER-4] a building, one each"
        assert citizen in self.discs[p] and self.tiles[citizen]["type"] == self.tiles[tile]["type"], "its colour"
        self.discs[p].remove(citizen)
        self.residents[p][tile] = citizen
        self.trading = None
        self.new_due = p if self.citizen_supply else None

    def on_citizen_new(self, e: dict) -> None:
        p, citizen = e["player"], e["citizen"]
        assert self.new_due == p and citizen in self.citizen_supply, "[M-TRADER-3] a citizen of the supply"
        self.new_due = None
        self.citizen_supply.discard(citizen)
        self.discs[p].append(citizen)

    def on_citizen_swap(self, e: dict) -> None:
        """[M-TRADER-3] when no citizen of the disc may move onto the building: one exchanged with the supply."""
        p, out, new = e["player"], e["out"], e["in"]
        assert self.trading is not None and self.trading[0] == p, "[M-TRADER-3] right after that placement"
        tile = self.trading[1]
        assert self.kind(tile) == "building", "[M-TRADER-4] only a building"
        kind = self.tiles[tile]["type"]
        matching = [c for c in self.discs[p] if self.tiles[c]["type"] == kind] if tile not in self.residents[p] else []
        assert not matching, "[M-TRADER-3] no exchange while a citizen of the building's colour is on the disc"
        assert out in self.discs[p] and new in self.citizen_supply, "[M-TRADER-3] disc for supply"
        self.discs[p].remove(out)
        self.discs[p].append(new)
        self.citizen_supply.discard(new)
        self.citizen_supply.add(out)
        self.trading = None

    def on_trader(self, e: dict) -> None:
        """[M-TRADER-5] the disc back onto an empty cell beside the Alhambra: at the end of the turn in which it was set
        aside, or right after a vizier purchase's placement."""
        p, at = e["player"], tuple(e["at"])
        assert self.disc_at[p] is None and not self.over, "[M-TRADER-5] a disc set aside, never after the game's end"
        assert self.new_due is None, "[M-TRADER-3] after the citizens are settled"
        grid = self.grids[p]
        beside = any((at[0] + dx, at[1] + dy) in grid for _, dx, dy, _ in NEIGHBOURS)
        assert at not in grid and beside, "[M-TRADER-5] an empty cell beside the Alhambra"
        self.disc_at[p] = at

    # -- thieves (RULES.md §11.3)
    def on_thief(self, e: dict) -> None:
        """[M-THIEF-3] to [M-THIEF-7] [M-THIEF-9] in the window after a complete turn, before the vizier's: an eligible
        player, in priority order, plays a thief of theirs and takes one money card of its currency from the offer."""
        p, card, took = e["player"], e["card"], e["took"]
        assert self.player is not None and not self.thief_closed, "[M-THIEF-7] before the vizier's window"
        if self.thief_pos < 0:
            assert self.settled(), "[M-THIEF-3] after a complete turn: placed, refilled, scored"
        else:  # [M-THIEF-6] a scoring card drawn in the window is scored when it closes
            assert self.turn_done() and None not in self.market and self.offer_full() and not self.dirk_due
        order = [(self.player + 1) % 2] if self.n == 2 else [(self.player + k) % self.n for k in range(2, self.n)]
        assert p in order, "[M-THIEF-4] not the player who just ended, nor (with three or more) the next one"
        assert order.index(p) >= self.thief_pos, "[M-THIEF-5] asked once each, clockwise from the nearest"
        self.thief_pos = order.index(p)
        assert card in self.thieves[p], "[M-THIEF-2] a thief of the player's"
        thief = self.cards[card]
        assert took in self.offer and self.cards[took]["kind"] == "money", "[M-THIEF-9] a money card of the offer"
        assert self.cards[took]["currency"] == thief["currency"], "[M-THIEF-3] of the thief's currency"
        self.thieves[p].remove(card)
        self.offer.remove(took)
        self.hands[p].append(took)

    # -- the treasure chamber (RULES.md §11.6)
    def chests_busy(self) -> bool:
        """A purchase of chests this turn is not over: chests still to place or go back, or the room to refill."""
        if self.chest_room is None:
            return False
        return bool(self.chests_waiting) or not self.chamber_closed

    def chest_count(self, p: int) -> int:
        """[M-CHEST-6] the chests on buildings in ``p``'s Alhambra (not on the reserve)."""
        return sum(1 for tile in self.chests_on[p] if tile in self.grids[p].values())

    def chest_spots(self, p: int) -> bool:
        """Whether ``p`` could place one of the waiting chests: a bare building of its colour in the Alhambra."""
        grid = self.grids[p].values()
        bare = {self.tiles[t]["type"] for t in grid if self.kind(t) == "building" and t not in self.chests_on[p]}
        return any(self.tiles[c]["type"] in bare for c in self.chests_waiting)

    def pass_chests_to(self, p: int | None) -> None:
        """[M-CHEST-5] the players before ``p`` in the order (all, for None) are done: none could place more."""
        while self.chest_order and self.chest_order[0] != p:
            q = self.chest_order.pop(0)
            assert not self.chest_spots(q), f"[M-CHEST-5] player {q} places every chest they can"
        assert p is None or self.chest_order, "[M-CHEST-5] the chests go once round the table, the buyer first"

    def on_chests(self, e: dict) -> None:
        """[M-CHEST-3] [M-CHEST-4] the four chests of a room, at least 8 in money of any currencies; no extra action."""
        p, room, paid = e["player"], e["room"], e["paid"]
        assert p == self.player and self.may_act and self.vizier_stage is None, "[M-CHEST-3] the turn's action"
        assert room in (1, 2, 3) and self.rooms[room - 1], "[M-CHEST-7] a room that holds chests"
        assert len(set(paid)) == len(paid) and all(c in self.hands[p] for c in paid), "paid cards are in the hand"
        assert all(self.cards[c]["kind"] in PAYING for c in paid), "[M-CHEST-4] money (and coins) pay"
        assert self.value(paid) >= 8, "[M-CHEST-3] at least 8"
        for c in paid:
            self.hands[p].remove(c)
        self.spend(paid)
        self.chests_waiting, self.rooms[room - 1] = self.rooms[room - 1], []
        self.chest_room = room
        self.chest_order = [(p + k) % self.n for k in range(self.n)]
        self.may_act, self.acted = False, True

    def on_chest(self, e: dict) -> None:
        """[M-CHEST-5] after the turn's placements: on a bare building of its colour in the placer's Alhambra."""
        p, chest, tile = e["player"], e["chest"], e["tile"]
        assert self.chest_room is not None and not self.may_act and not self.held and self.lifted is None
        self.pass_chests_to(p)
        assert chest in self.chests_waiting, "[M-CHEST-5] a chest bought this turn"
        assert tile in self.grids[p].values() and self.kind(tile) == "building", "[M-CHEST-6] a building there"
        assert self.tiles[tile]["type"] == self.tiles[chest]["type"], "[M-CHEST-5] of its colour"
        assert tile not in self.chests_on[p], "[M-CHEST-5] one chest per building"
        self.chests_waiting.remove(chest)
        self.chests_on[p][tile] = chest

    def on_chest_back(self, e: dict) -> None:
        assert self.chest_room is not None and self.chests_waiting, "[M-CHEST-5] chests nobody could place"
        self.pass_chests_to(None)
        assert sorted(e["chests"]) == sorted(self.chests_waiting), "[M-CHEST-5] every chest left goes back"
        self.chest_bag |= set(self.chests_waiting)
        self.chests_waiting = []

    def on_room(self, e: dict) -> None:
        """[M-CHEST-7] the room refilled with four chests of the bag, or left empty for good when fewer are left."""
        assert self.chest_room is not None and e["room"] == self.chest_room and not self.chamber_closed
        self.pass_chests_to(None)
        assert not self.chests_waiting, "[M-CHEST-5] chests left go back before the refill"
        chests = e["chests"]
        if len(self.chest_bag) < 4:
            assert chests == [], "[M-CHEST-7] fewer than four left: the room stays empty"
            self.chamber_closed = True
        else:
            assert len(set(chests)) == 4 and set(chests) <= self.chest_bag, "[M-CHEST-7] four chests of the bag"
            self.chest_bag -= set(chests)
            self.rooms[self.chest_room - 1] = list(chests)
        self.chest_room = None

    # -- city gates (RULES.md §11.1)
    def on_gate_aside(self, e: dict) -> None:
        """[M-GATE-3] a gate card drawn in a refill goes face up beside the market, when none lies there."""
        self.refilling_offer()
        assert self.deck and self.deck[0] == e["card"] and self.cards[e["card"]]["kind"] == "gate", "the deck's next"
        assert self.gate_display is None, "[M-GATE-3] a second gate card goes to the discard pile"
        self.gate_display = self.deck.pop(0)

    def on_gate_discard(self, e: dict) -> None:
        """[M-GATE-3] a gate card drawn while one lies beside the market goes onto the discard pile."""
        self.refilling_offer()
        assert self.deck and self.deck[0] == e["card"] and self.cards[e["card"]]["kind"] == "gate", "the deck's next"
        assert self.gate_display is not None, "[M-GATE-3] the first gate card drawn goes beside the market"
        self.discard.append(self.deck.pop(0))

    def on_gate_take(self, e: dict) -> None:
        """[M-GATE-4] taking the face-up gate card is a whole take-money action."""
        p = e["player"]
        assert p == self.player and self.may_act, "[M-GATE-4] an action of the turn"
        assert e["card"] == self.gate_display is not None, "[M-GATE-4] the gate card beside the market"
        self.may_act = False
        self.acted = True
        self.gate_hands[p].append(e["card"])
        self.gate_display = None

    def on_gate(self, e: dict) -> None:
        """[M-GATE-5] [M-GATE-6] a gate on a double wall between the tile just placed and a neighbour (no camp)."""
        p, card, tile, side = e["player"], e["card"], e["tile"], e["side"]
        assert self.placing is not None and self.placing[0] == p and self.placing[2] == tile, "right after its `place`"
        assert card in self.gate_hands[p], "[M-GATE-5] a gate card of the player's"
        at = self.placing[1]
        step = {letter: (dx, dy, facing) for letter, dx, dy, facing in NEIGHBOURS}
        assert side in step, "[M-GATE-5] a side N, E, S or W"
        dx, dy, facing = step[side]
        near = (at[0] + dx, at[1] + dy)
        other = self.grids[p].get(near)
        assert other is not None and self.kind(other) != "camp", "[M-GATE-9] a gate between two tiles, no camp"
        assert self.side(tile, side) == "wall" and self.side(other, facing) == "wall", "[M-GATE-5] a double wall"
        passage = frozenset({at, near})
        assert passage not in self.new_gates, "[M-GATE-5] one gate per double wall"
        self.gate_hands[p].remove(card)  # the card leaves the game
        self.new_gates.append(passage)
        self.passages[p].add(passage)
        self.gates.append((p, tile, side, at, near))

    def placed_through_gates(self) -> None:
        """After a `place` and its `gate` events: the Alhambra is legal, and each gate was needed ([M-GATE-6])."""
        assert self.placing is not None
        p = self.placing[0]
        gates, self.placing, self.new_gates = self.new_gates, None, []
        self.legal(p)
        if gates:
            grid, passages = self.grids[p], self.passages[p]
            assert self.camp_violations(grid, passages - set(gates)), "[M-GATE-6] gates only where needed"
            for gate in gates:
                assert self.camp_violations(grid, passages - {gate}), "[M-GATE-6] each gate is needed"

    def on_gate_lost(self, e: dict) -> None:
        """[M-GATE-7] a gate whose tile (or neighbour) left the Alhambra goes back into the box."""
        lost = (e["player"], e["tile"], e["side"])
        assert lost in self.lost_due and self.lifted is None, "[M-GATE-7] a gate whose tile left, after `reserve`"
        self.lost_due.discard(lost)

    # -- city walls (RULES.md §11.4)
    def on_wall_up(self, e: dict) -> None:
        """[M-WALL-3] a wall card drawn in a refill lies face up beside the market (any number of them)."""
        self.refilling_offer()
        assert self.deck and self.deck[0] == e["card"] and self.cards[e["card"]]["kind"] == "wall", "the deck's next"
        self.wall_display.append(self.deck.pop(0))

    def on_wall(self, e: dict) -> None:
        """[M-WALL-4] to [M-WALL-6] the action: a face-up wall card's walls built on one of the player's tiles (bought
        this turn and not placed, in the Alhambra or on the reserve; no camp), on sides without a wall, facing empty
        cells in the Alhambra; the card leaves the game."""
        p, card, tile = e["player"], e["card"], e["tile"]
        assert p == self.player and self.may_act, "[M-WALL-4] an action of the turn"
        assert card in self.wall_display, "[M-WALL-4] a wall card face up beside the market"
        at = next((xy for xy, t in self.grids[p].items() if t == tile), None)
        owned = at is not None or tile in self.reserves[p] or (tile in self.held and self.holder == p)
        assert owned, "[M-WALL-4] one of the player's tiles"
        assert self.kind(tile) != "camp", "[M-WALL-5] a camp takes no walls"
        letters = self.cards[card]["walls"]
        new = sum(bit for bit, letter in ((1, "N"), (2, "E"), (4, "S"), (8, "W")) if letter in letters)
        assert not self.walls(tile) & new, "[M-WALL-4] printed (or built) walls are not built over"
        if at is not None:
            for letter, dx, dy, _ in NEIGHBOURS:
                if letter in letters:
                    assert (at[0] + dx, at[1] + dy) not in self.grids[p], "[M-WALL-6] a new wall faces an empty cell"
        self.wall_display.remove(card)
        self.built[tile] = self.built.get(tile, 0) | new
        self.may_act = False
        self.acted = True
        if at is not None:
            self.legal(p)

    def on_game_over(self, e: dict) -> None:
        assert self.scored_last, "[B-END-3] the game ends with the third scoring"
        assert not self.held and not any(self.received)
        assert e["scores"] == self.totals
        assert e["winners"] == [p for p in range(self.n) if self.totals[p] == max(self.totals)]


def follow(record: dict) -> Table:
    """Replay ``record`` on an independent table; returns the table at the end."""
    table = Table(record)
    table.follow(record["events"])
    if "result" in record:
        assert record["result"]["scores"] == table.totals
        assert record["result"]["winners"] == [p for p in range(table.n) if table.totals[p] == max(table.totals)]
        if table.n == 2:
            assert record["result"]["dirk_score"] == table.dirk_total
    return table


def check(record: dict) -> Table:
    """``check_structure`` then ``follow``: how a record of any module set is checked."""
    check_structure(record)
    return follow(record)
