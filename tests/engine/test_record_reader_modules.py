"""The independent record reader (``record_reader``) on expansion 1's modules: hand-written
``alhambra-record/1`` documents built from RECORD.md's "Modules" shapes, that the reader must accept,
and variants that break one rule each, that it must refuse (RULES.md §9.1-9.4, [B-DIRK-5])."""

from __future__ import annotations

import copy
import csv
import os
from pathlib import Path

import pytest

from . import record_reader as reader
from .record_reader import CURRENCIES, TYPES, Table, check, check_structure, follow

MODULES4 = ["vizier", "exchange", "huts", "bonus"]
BUILDINGS_CSV = Path(__file__).resolve().parents[2] / "game" / "engine" / "data" / "buildings.csv"
# components/ beside the repository, as the rule-coverage test finds the rule book (or where
# ALHAMBRA_COMPONENTS says): a fresh clone in any folder finds it.
SHARED_COMPONENTS = Path(
    os.environ.get("ALHAMBRA_COMPONENTS", Path(__file__).resolve().parents[3] / "shared" / "components")
)


def walls_of(row: dict[str, str], prefix: str = "wall") -> str:
    return "".join(s for s in "NESW" if row[f"{prefix}_{s.lower()}"] == "1")


def money(currency: str, value: int, copy: int = 0) -> int:
    return CURRENCIES.index(currency) * 27 + (value - 1) * 3 + copy


# cards: money 0..107 (two copies, 0 and 1, with two players), scoring 108/109, exchange 110..115, bonus 116..125
EXCHANGE = {tuple(sorted(r.values())): 110 + i for i, r in enumerate(reader.csv_rows(reader.EXCHANGE_CSV))}
BONUS = {(r["type"], int(r["cost"])): 116 + i for i, r in enumerate(reader.csv_rows(reader.BONUS_CSV))}
FD = EXCHANGE[("dirham", "florin")]  # the florin/dirham exchange card, first of pile 2


class Script:
    """A hand-written record under construction, with just enough of the table to write the refills."""

    def __init__(self, n: int = 3, modules: list[str] | None = None) -> None:
        modules = list(MODULES4 if modules is None else modules)
        self.n = n
        tiles: list[dict] = [{"id": i, "kind": "start"} for i in range(n)]
        self.building: dict[tuple, int] = {}
        with BUILDINGS_CSV.open(encoding="utf-8") as f:
            for row in csv.DictReader(f):
                walls = walls_of(row)
                self.building.setdefault((row["type"], int(row["cost"]), walls), len(tiles))
                tiles.append(
                    {
                        "id": len(tiles),
                        "kind": "building",
                        "type": row["type"],
                        "cost": int(row["cost"]),
                        "walls": walls,
                    }
                )
        self.huts: list[int] = []
        if "huts" in modules:
            for row in reader.csv_rows(reader.HUTS_CSV):
                self.huts.append(len(tiles))
                tiles.append({"id": len(tiles), "kind": "hut", "type": row["type"], "walls": walls_of(row)})
        copies = 2 if n == 2 else 3
        cards: list[dict] = [
            {"id": money(cur, v, c), "kind": "money", "currency": cur, "value": v}
            for cur in CURRENCIES
            for v in range(1, 10)
            for c in range(copies)
        ]
        cards += [{"id": 108, "kind": "scoring", "round": 1}, {"id": 109, "kind": "scoring", "round": 2}]
        if "exchange" in modules:
            cards += [{"id": card, "kind": "exchange", "currencies": list(pair)} for pair, card in EXCHANGE.items()]
        if "bonus" in modules:
            cards += [{"id": card, "kind": "bonus", "type": t, "cost": c} for (t, c), card in BONUS.items()]
        self.cards = {c["id"]: c for c in cards}
        hands = [
            [money("denar", 9), money("denar", 1), money("ducat", 1), money("ducat", 2), money("ducat", 3)],
            [money("florin", 9), money("florin", 2), money("dirham", 9), money("dirham", 3), money("ducat", 4)],
            [money("florin", 4), money("dirham", 3, 1), money("florin", 1), money("ducat", 5)],
            [money("florin", 8)],
            [money("dirham", 8)],
            [money("denar", 8)],
        ][:n]
        offer = [money("ducat", 7), money("ducat", 8), money("ducat", 9), money("denar", 2)]
        used = {c for h in hands for c in h} | set(offer)
        rest = sorted(
            (c for c in self.cards.values() if c["kind"] == "money" and c["id"] not in used),
            key=lambda c: (c["value"], c["id"]),
        )
        rest_ids = [c["id"] for c in rest]
        q, r = divmod(len(rest_ids), 5)
        piles, start = [], 0
        for i in range(5):
            piles.append(rest_ids[start : start + q + (i < r)])
            start += q + (i < r)
        specials = [[], [108], [], [109], []]
        if "exchange" in modules:
            specials = [[], [FD, 108, 111], [112, 113], [109, 114, 115], []]
        deck = [c for i in range(5) for c in specials[i] + piles[i]]
        b = self.building
        market = [b[("garden", 11, "")], b[("garden", 12, "S")], b[("garden", 10, "")], b[("pavilion", 8, "")]]
        self.s7w, self.a9 = b[("seraglio", 7, "W")], b[("arcades", 9, "")]
        front = [b[("tower", 13, "E")], self.s7w, self.a9]
        bag = front + [t["id"] for t in tiles if t["kind"] == "building" and t["id"] not in market + front]
        dirk = bag[3:9] if n == 2 else []
        bag = [t for t in bag if t not in dirk]
        setup: dict = {
            "market_currencies": list(CURRENCIES),
            "bag": bag,
            "deck": deck,
            "hands": hands,
            "start_player": 0,
            "market": market,
            "offer": offer,
            "dirk": dirk,
        }
        if "huts" in modules:
            setup["huts"] = {kind: [h for h in self.huts if tiles[h]["type"] == kind] for kind in TYPES}
        if "bonus" in modules:
            dealt = [[BONUS["garden", 10], BONUS["pavilion", 8], BONUS["seraglio", 9]],
                     [BONUS["garden", 11], BONUS["arcades", 9], BONUS["arcades", 10]],
                     [BONUS["chambers", 10], BONUS["chambers", 11], BONUS["tower", 11]],
                     [BONUS["tower", 12]], [], []]  # fmt: skip
            per = reader.BONUS_PER_PLAYER[n]
            flat = [c for h in dealt for c in h]
            setup["bonus"] = [flat[p * per : (p + 1) * per] for p in range(n)]
        self.record = {
            "format": "alhambra-record/1",
            "config": {
                "seed": 1,
                "modules": modules,
                "players": [{"name": f"P{p}", "agent": "human"} for p in range(n)],
            },
            "tiles": tiles,
            "cards": cards,
            "setup": setup,
            "events": [],
        }
        self.events = self.record["events"]
        self.deck, self.offer, self.bag, self.market = list(deck), list(offer), list(bag), list(market)
        self.stacks = {k: list(v) for k, v in setup.get("huts", {}).items()}
        self.next = 0

    # -- writing events
    def add(self, name: str, **fields) -> dict:
        event = {"e": name, **fields}
        self.events.append(event)
        return event

    def turn(self) -> int:
        p, self.next = self.next, (self.next + 1) % self.n
        self.add("turn", player=p)
        return p

    def take(self, p: int, cards: list[int]) -> None:
        for c in cards:
            self.offer.remove(c)
        self.add("take", player=p, cards=cards)

    def buy(self, p: int, slot: int, paid: list[int], exact: bool = True) -> int:
        tile, self.market[slot - 1] = self.market[slot - 1], None
        self.add("buy", player=p, slot=slot, tile=tile, paid=paid, exact=exact)
        return tile

    def hut(self, p: int, kind: str) -> int:
        tile = self.stacks[kind].pop(0)
        self.add("hut", player=p, tile=tile)
        if self.stacks[kind]:
            self.add("hut_up", tile=self.stacks[kind][0])
        return tile

    def refill(self) -> list[int]:
        """The end-of-turn refills; returns the rounds of the scoring cards drawn."""
        for slot in range(4):
            if self.market[slot] is None:
                self.market[slot] = self.bag.pop(0)
                self.add("market", slot=slot + 1, tile=self.market[slot])
        rounds = []
        while len(self.offer) < 4 and self.deck:
            card = self.deck.pop(0)
            if self.cards[card]["kind"] == "scoring":
                rounds.append(self.cards[card]["round"])
                self.add("scoring_card", round=self.cards[card]["round"])
            else:
                self.offer.append(card)
                self.add("offer", card=card)
        return rounds

    def take_turns(self, until_next_card: int) -> None:
        """Turns of one money card each, until ``until_next_card`` is the deck's next card."""
        while self.deck[0] != until_next_card:
            p = self.turn()
            self.take(p, [self.offer[0]])
            assert not self.refill()


def opening(s: Script) -> None:
    """T0: player 0 buys the garden 10 exactly, takes the garden hut, places both, reveals bonus garden 10.
    T1: player 1 buys garden 11 and garden 12 exactly, then takes money; places both."""
    b = s.building
    p = s.turn()
    garden = s.buy(p, 3, [money("denar", 9), money("denar", 1)])
    hut = s.hut(p, "garden")  # the garden hut with a north wall
    s.add("place", player=p, tile=garden, at=[1, 0])
    s.add("place", player=p, tile=hut, at=[2, 0])
    s.add("bonus", player=p, card=BONUS["garden", 10], shown=True)
    s.refill()
    p = s.turn()
    g11 = s.buy(p, 1, [money("florin", 9), money("florin", 2)])
    g12 = s.buy(p, 2, [money("dirham", 9), money("dirham", 3)])
    assert (g11, g12) == (b[("garden", 11, "")], b[("garden", 12, "S")])
    s.take(p, [s.offer[0]])
    s.add("place", player=p, tile=g11, at=[1, 0])
    s.add("place", player=p, tile=g12, at=[0, 1])
    s.refill()


# first scoring with three players after the opening: garden 3 (building, hut, bonus) against 3 (two buildings,
# bonus) -> (5 + 0) // 2 each; one outer wall side each (the hut's north wall, garden 12's south wall)
FIRST_SCORE = [
    {"player": 0, "what": "garden", "points": 2},
    {"player": 1, "what": "garden", "points": 2},
    {"player": 0, "what": "wall", "points": 1},
    {"player": 1, "what": "wall", "points": 1},
]


def to_first_scoring(s: Script) -> None:
    """Single takes up to the exchange card; player 2 takes it alone, the refill draws the first scoring card."""
    opening(s)
    s.take_turns(FD)
    p = s.turn()
    s.take(p, [s.offer[0]])
    assert not s.refill() and s.offer[-1] == FD
    p = s.turn()
    assert p == 2
    s.take(p, [FD])
    assert s.refill() == [1]
    s.add("bonus", player=1, card=BONUS["garden", 11], shown=True)  # automatic reveal before the scoring
    s.add("score", round=1, points=copy.deepcopy(FIRST_SCORE), totals=[3, 3, 0])


def main_script() -> Script:
    """The accepted record: opening, first scoring, a vizier purchase with an exchange card by player 2 (asked
    last after player 2's own turn), a take, a redesign that hides a bonus card, a vizier woken."""
    s = Script()
    to_first_scoring(s)
    s.add("vizier", player=2)
    s.add("exchange", player=2, card=FD)
    tile = s.buy(2, 1, [money("florin", 4), money("dirham", 3, 1)])  # seraglio 7 in the florin slot
    assert tile == s.s7w
    s.add("place", player=2, tile=tile, at=[-1, 0])
    s.refill()
    p = s.turn()
    s.take(p, [s.offer[0]])
    s.refill()
    p = s.turn()
    s.add("lift", player=p, tile=s.building[("garden", 11, "")], **{"from": [1, 0]})
    s.add("reserve", player=p, tile=s.building[("garden", 11, "")])
    s.add("bonus", player=p, card=BONUS["garden", 11], shown=False)
    p = s.turn()
    s.add("vizier_wake", player=p)
    return s


def index_of(events: list[dict], **match) -> int:
    return next(i for i, e in enumerate(events) if all(e.get(k) == v for k, v in match.items()))


def refused(record: dict, fragment: str, *, event: int | None = None) -> None:
    check_structure(record)
    with pytest.raises(AssertionError) as info:
        follow(record)
    message = str(info.value)
    assert fragment in message, message
    if event is not None:
        assert message.startswith(f"event {event} "), message


# ---------------------------------------------------------------- accepted
def test_a_hand_written_module_record_is_accepted():
    """[M-VIZIER-1] [M-VIZIER-2] [M-VIZIER-4] [M-EXCH-2] [M-EXCH-3] [M-HUT-2] [M-HUT-3] [M-HUT-4] [M-BONUS-2]
    [M-BONUS-3] a record using the four modules of expansion 1 passes the structure check and is followed to
    its end: the vizier purchase is exact and in its window, the exchange card pays florin + dirham and is
    discarded, the hut is placed and counts, bonus cards are revealed and hidden when they should be."""
    s = main_script()
    table = check(s.record)
    assert table.awake == [True, True, True]  # player 2 slept after the purchase and woke again
    assert FD in table.discard and FD not in table.hands[2]
    assert table.grids[2][(-1, 0)] == s.s7w
    assert table.bonus_up == [[BONUS["garden", 10]], [], []] and BONUS["garden", 11] in table.bonus_down[1]
    assert table.player_counts(0)[TYPES.index("garden")] == 3
    assert table.stacks["garden"][0] == s.huts[15] and table.totals == [3, 3, 0]


def test_module_record_as_json_round_trip_is_accepted():
    """[D-RNG-1] the hand-written record survives JSON and is still accepted (the shape of engine records)."""
    import json

    check(json.loads(json.dumps(main_script().record)))


# ---------------------------------------------------------------- vizier
def test_vizier_purchase_must_be_exact_m_vizier_2():
    """[M-VIZIER-2] a vizier purchase pays exactly: paying 8 for the seraglio 7 is refused."""
    s = main_script()
    i = index_of(s.events, e="buy", player=2)
    s.events[i].update(paid=[money("florin", 4), money("dirham", 3, 1), money("florin", 1)], exact=False)
    refused(s.record, "[M-VIZIER-2] a vizier purchase pays exactly", event=i)


def test_vizier_priority_order_m_vizier_2():
    """[M-VIZIER-2] after player 2's turn player 0 is asked first, player 2 last: player 0 cannot buy after 2."""
    s = main_script()
    i = index_of(s.events, e="vizier") + 4  # vizier, exchange, buy, place, market
    assert s.events[i]["e"] == "market"
    s.events.insert(i + 1, {"e": "vizier", "player": 0})
    refused(s.record, "[M-VIZIER-2] priority order", event=i + 1)


def test_vizier_only_in_the_window_m_vizier_2():
    """[M-VIZIER-2] the window opens after the turn's placements, refills and scoring: not before the scoring."""
    s = main_script()
    i = index_of(s.events, e="score")
    s.events.insert(i, {"e": "vizier", "player": 0})
    refused(s.record, "[M-VIZIER-2] [M-VIZIER-5] a vizier buys in the window", event=i)


def test_vizier_asleep_cannot_buy_and_awake_cannot_be_woken_m_vizier_4():
    """[M-VIZIER-4] waking is for a sleeping vizier only; [M-VIZIER-2] a sleeping vizier does not buy."""
    s2 = main_script()
    turn0 = [k for k, e in enumerate(s2.events) if e == {"e": "turn", "player": 0}][-1]
    s2.events[turn0 + 1] = {"e": "vizier_wake", "player": 0}
    refused(s2.record, "[M-VIZIER-4] only a sleeping vizier is woken", event=turn0 + 1)
    s3 = main_script()
    del s3.events[index_of(s3.events, e="vizier_wake") :]
    s3.take(2, [s3.offer[0]])
    s3.refill()
    s3.add("vizier", player=2)
    refused(s3.record, "[M-VIZIER-2] only an awake vizier buys", event=len(s3.events) - 1)


def test_vizier_purchase_grants_no_extra_action_m_vizier_3():
    """[M-VIZIER-3] after the vizier purchase (placed, slot refilled) the buyer has no extra action."""
    s = main_script()
    i = index_of(s.events, e="place", player=2, at=[-1, 0])
    s.events.insert(i + 1, {"e": "take", "player": 2, "cards": [s.offer[0]]})
    refused(s.record, "money is taken only as the turn's action", event=i + 1)


def test_vizier_purchase_refills_its_own_slot_m_vizier_2():
    """[M-VIZIER-2] the tile is placed at once by its buyer and then the purchase's slot is refilled."""
    s = main_script()
    i = index_of(s.events, e="place", player=2, at=[-1, 0])
    s.events[i]["player"] = 1
    refused(s.record, "placed by the player who got it", event=i)
    s = main_script()
    s.events[i + 1]["slot"] = 2
    refused(s.record, "[M-VIZIER-2] the vizier purchase's slot is refilled", event=i + 1)


# ---------------------------------------------------------------- exchange
def test_exchange_card_taken_alone_m_exch_2():
    """[M-EXCH-2] an exchange card is taken singly: two exchange cards (or one with money) at once are refused."""
    s = Script()
    opening(s)
    s.take_turns(FD)
    p = s.turn()
    s.take(p, s.offer[:2])  # two low cards: the refill draws the exchange card, the scoring card, another one
    assert s.refill() == [1] and s.offer[-2:] == [FD, 111]
    s.add("bonus", player=1, card=BONUS["garden", 11], shown=True)
    s.add("score", round=1, points=copy.deepcopy(FIRST_SCORE), totals=[3, 3, 0])
    p = s.turn()
    good = copy.deepcopy(s.record)
    s.add("take", player=p, cards=[FD, 111])
    refused(s.record, "[M-EXCH-2] an exchange card is taken alone", event=len(s.events) - 1)
    s.events[-1]["cards"] = [s.offer[0], FD]
    refused(s.record, "[M-EXCH-2] an exchange card is taken alone", event=len(s.events) - 1)
    good["events"].append({"e": "take", "player": p, "cards": [111]})
    check(good)


def test_exchange_currency_and_position_m_exch_3():
    """[M-EXCH-3] the slot's currency is one of the card's two; the paid cards are of its two currencies; the
    `exchange` event comes immediately before its purchase; the card is the player's."""
    s = main_script()
    i = index_of(s.events, e="buy", player=2)
    s.events[i]["paid"] = [money("florin", 4), money("ducat", 5)]  # a ducat is not one of florin/dirham
    refused(s.record, "[B-TURN-3] [M-EXCH-3] currency", event=i)
    s = main_script()
    s.events.insert(i, {"e": "bonus", "player": 0, "card": BONUS["garden", 10], "shown": True})
    refused(s.record, "[M-EXCH-3] `exchange` comes immediately before", event=i)
    s = main_script()
    s.events[i - 1]["card"] = 111  # not in player 2's hand
    refused(s.record, "[M-EXCH-3] an exchange card held", event=i - 1)


def test_exchange_slot_currency_must_be_on_the_card_m_exch_3():
    """[M-EXCH-3] a florin/dirham card cannot pay for a tile of the denar slot."""
    s = main_script()
    i = index_of(s.events, e="buy", player=2)
    denar_tile = s.events[index_of(s.events, e="market", slot=3)]["tile"]
    s.events[i].update(slot=3, tile=denar_tile)
    refused(s.record, "[M-EXCH-3] the slot's currency is one of the exchange card's two", event=i)


def test_exchange_cards_ignored_in_distribution_m_exch_4():
    """[M-EXCH-4] the end distribution counts money only: an exchange card of the slot's currency adds nothing."""
    s = main_script()
    table = Table(s.record)
    table.player, table.bag = 0, []
    table.hands = [[money("florin", 3)], [money("florin", 2), FD], [112]]
    tile = table.market[0]
    table.follow([{"e": "distribute", "slot": 1, "tile": tile, "player": 0}])
    assert table.received[0] == [tile]
    table = Table(s.record)
    table.player, table.bag = 0, []
    table.hands = [[money("florin", 2)], [money("florin", 2), FD], []]
    table.follow([{"e": "distribute", "slot": 1, "tile": tile, "player": None}])  # a tie: the tile stays
    assert table.market[0] == tile


def test_exchange_cards_are_dealt_into_piles_two_to_four_m_exch_1():
    """[M-EXCH-1] exchange cards are in the deck, two in each of piles 2, 3 and 4, never in hands or offer."""
    s = Script()
    deck = s.record["setup"]["deck"]
    bad = copy.deepcopy(s.record)
    bad["setup"]["deck"] = [FD, *[c for c in deck if c != FD]]  # into pile 1
    with pytest.raises(AssertionError, match="five piles"):
        check_structure(bad)
    bad = copy.deepcopy(s.record)
    hand = bad["setup"]["hands"][0]
    bad["setup"]["deck"] = [hand[0] if c == FD else c for c in deck]
    hand[0] = FD
    with pytest.raises(AssertionError, match=r"\[M-EXCH-1\] hands and offer hold money cards only"):
        check_structure(bad)


# ---------------------------------------------------------------- huts
def hut_turns(s: Script, takes: int) -> list[int]:
    """Player 0 takes a garden hut every round onto the reserve; the others take money."""
    taken = []
    for _ in range(takes):
        p = s.turn()
        taken.append(s.hut(p, "garden"))
        s.add("reserve", player=p, tile=taken[-1])
        for _ in range(s.n - 1):
            q = s.turn()
            s.take(q, [s.offer[0]])
            s.refill()
    return taken


def test_fourth_hut_is_refused_m_hut_5():
    """[M-HUT-5] a player owns at most three huts, the reserve included: the fourth is refused."""
    s = Script()
    hut_turns(s, 3)
    check(s.record)
    s.turn()
    s.hut(0, "garden")
    refused(s.record, "[M-HUT-5] at most three huts", event=len(s.events) - 2)


def test_hut_up_names_the_next_hut_m_hut_2():
    """[M-HUT-2] `hut` takes the face-up top of its stack and `hut_up` right after names the stack's next hut;
    it is required while the stack holds a tile and absent when it is empty."""
    s = Script()
    hut_turns(s, 1)
    i = index_of(s.events, e="hut_up")
    good = copy.deepcopy(s.record)
    s.events[i]["tile"] = s.huts[16]  # the third garden hut, not the second
    refused(s.record, "[M-HUT-2] the next hut of that stack", event=i)
    s.record = copy.deepcopy(good)
    del s.record["events"][i]
    refused(s.record, "[M-HUT-2] the stack's next hut turns face up right after", event=i)
    s.record = copy.deepcopy(good)
    s.record["events"][i - 1]["tile"] = s.huts[15]  # not the top of the stack
    refused(s.record, "[M-HUT-2] the face-up hut on top", event=i - 1)
    # the pavilion stack (three huts) taken by three players: no hut_up after the last one
    s = Script()
    for _ in range(3):
        p = s.turn()
        s.add("reserve", player=p, tile=s.hut(p, "pavilion"))
    assert [e["e"] for e in s.events].count("hut_up") == 2
    check(s.record)
    last = index_of(s.events, e="hut", tile=s.huts[2])
    s.events.insert(last + 1, {"e": "hut_up", "tile": s.huts[0]})
    refused(s.record, "[M-HUT-2] hut_up only right after `hut`, and never for an empty stack", event=last + 1)


def test_hut_is_an_action_without_extra_action_m_hut_2():
    """[M-HUT-2] taking a hut is the turn's action (after an exact payment too) and grants no extra action."""
    s = main_script()
    i = index_of(s.events, e="hut")
    s.events.insert(i + 2, {"e": "take", "player": 0, "cards": [s.record["setup"]["offer"][0]]})
    refused(s.record, "money is taken only as the turn's action", event=i + 2)


def test_hut_never_goes_to_dirk_b_dirk_5():
    """[B-DIRK-5] [M-HUT-3] a hut is taken, not bought: it is placed (Alhambra or reserve), never given to Dirk."""
    s = Script(n=2)
    p = s.turn()
    tile = s.hut(p, "tower")
    s.add("dirk", player=p, tile=tile)
    refused(s.record, "[B-DIRK-5] a hut is taken, not bought", event=len(s.events) - 1)
    s.events[-1] = {"e": "place", "player": p, "tile": tile, "at": [1, 0]}  # the tower hut with an east wall
    check(s.record)


def test_hut_follows_the_building_rules_m_hut_3():
    """[M-HUT-3] a hut is placed under the building rules: its north wall cannot face the start tile's open side."""
    s = Script()
    p = s.turn()
    tile = s.hut(p, "garden")
    s.add("place", player=p, tile=tile, at=[0, 1])
    refused(s.record, "building rules", event=len(s.events) - 1)


def test_score_counts_the_hut_m_hut_4():
    """[M-HUT-4] [M-BONUS-2] the first scoring's gardens are 3 against 3 (player 0: building, hut, bonus card;
    player 1: two buildings, bonus card): a score that leaves out the hut (2 against 3) is refused."""
    s = main_script()
    i = index_of(s.events, e="score")
    s.events[i]["points"][:2] = [{"player": 1, "what": "garden", "points": 5}]
    s.events[i]["totals"] = [1, 6, 0]
    refused(s.record, "but the rules give", event=i)


def table_with(grid0: dict[tuple[int, int], int], s: Script) -> Table:
    table = Table(s.record)
    table.grids[0] = {(0, 0): 0, **grid0}
    table.legal(0)
    return table


def test_hut_counts_per_neighbour_unless_a_wall_separates_m_hut_4():
    """[M-HUT-4] a hut adds one per orthogonal building of its colour without a wall between them, and a
    building beside two huts counts once for each; a hut is not a building of its type itself."""
    s = Script()
    b, h = s.building, s.huts
    garden = TYPES.index("garden")
    # garden 9 with an east wall beside the garden hut with a west wall: wall against wall, no bonus (the hut
    # is reached on foot from the south, across open tiles of other types)
    south = {(0, 1): b[("pavilion", 8, "")], (1, 1): b[("seraglio", 9, "")], (2, 1): b[("arcades", 9, "")]}
    table = table_with({(1, 0): b[("garden", 9, "E")], (2, 0): h[17], **south}, s)
    assert table.player_counts(0)[garden] == 1
    # open garden 10 between two garden huts (north walls): +1 for each
    table = table_with({(1, 0): h[14], (2, 0): b[("garden", 10, "")], (3, 0): h[18]}, s)
    assert table.player_counts(0)[garden] == 3
    # a tower hut beside the garden: nothing; huts alone count nothing
    table = table_with({(1, 0): b[("garden", 10, "")], (2, 0): h[22]}, s)
    assert table.player_counts(0)[garden] == 1 and sum(table.player_counts(0)) == 1


# ---------------------------------------------------------------- bonus cards
def test_bonus_revealed_only_while_eligible_m_bonus_2():
    """[M-BONUS-2] a card is revealed only while a tile of its type and cost stands in the player's Alhambra,
    and only by its owner."""
    s = main_script()
    i = index_of(s.events, e="bonus", shown=True)
    s.events[i]["card"] = BONUS["pavilion", 8]
    refused(s.record, "[M-BONUS-2] revealed only while", event=i)
    s = main_script()
    s.events[i]["player"] = 1
    refused(s.record, "[M-BONUS-1] one of the player's bonus cards", event=i)
    s = main_script()
    s.events[i - 1], s.events[i] = s.events[i], s.events[i - 1]  # before the hut's placement: eligible
    check(s.record)
    s.events[i - 2], s.events[i - 1] = s.events[i - 1], s.events[i - 2]  # before the garden's: not yet
    refused(s.record, "[M-BONUS-2] revealed only while", event=i - 2)


def test_eligible_card_revealed_before_each_score_m_bonus_3():
    """[M-BONUS-3] every eligible face-down card is revealed just before a score."""
    s = main_script()
    i = index_of(s.events, e="score")
    del s.events[i - 1]
    refused(s.record, "[M-BONUS-3] player 1's eligible card", event=i - 1)


def test_bonus_hidden_right_after_the_redesign_m_bonus_3():
    """[M-BONUS-3] a redesign that takes the card's last eligible tile away turns it face down right after its
    `reserve`: a missing hide, or a hide of a card still eligible, is refused."""
    s = main_script()
    i = index_of(s.events, e="bonus", shown=False)
    del s.events[i]
    refused(s.record, "[M-BONUS-3] cards", event=i)
    s = main_script()
    s.events.insert(i + 1, {"e": "bonus", "player": 0, "card": BONUS["garden", 10], "shown": False})
    refused(s.record, "[M-BONUS-3] a card turns face down right after the redesign", event=i + 1)


def test_revealed_bonus_card_counts_m_bonus_2():
    """[M-BONUS-2] [M-BONUS-3] a revealed card counts one more building of its type, a hidden one nothing."""
    table = check(main_script().record)
    garden = TYPES.index("garden")
    assert table.player_counts(0)[garden] == 3 and table.player_counts(1)[garden] == 1  # 1's card hidden again
    table.bonus_down[0], table.bonus_up[0] = table.bonus_up[0], []
    assert table.player_counts(0)[garden] == 2


# ---------------------------------------------------------------- structure
def test_structure_modules_and_components():
    """[M-HUT-1] [M-EXCH-1] [M-BONUS-1] config.modules names known modules once each; a module's components
    are listed exactly when it is on; setup.huts holds the six stacks; setup.bonus 3/3/2/2/1 cards each."""
    s = Script()
    s.turn()
    check(s.record)
    for change, fragment in (
        (lambda r: r["config"]["modules"].append("huts"), "at most once"),
        (lambda r: r["config"]["modules"].append("dragons"), "config.modules"),
        (lambda r: r["config"]["modules"].remove("huts"), "tile kinds"),
        (lambda r: r["tiles"].pop(), "tile kinds"),
        (lambda r: r["tiles"][-1].update(walls="NE"), "the hut tiles are not the set"),
        (lambda r: r["cards"][-1].update(cost=13), "the bonus cards are not the set"),
        (lambda r: r["setup"]["huts"]["garden"].append(r["setup"]["huts"]["tower"].pop()), "[M-HUT-1]"),
        (lambda r: r["setup"]["huts"].pop("tower"), "six stacks"),
        (lambda r: r["setup"]["bonus"][0].pop(), "[M-BONUS-1] 3 cards each"),
        (lambda r: r["events"].append({"e": "hut_up"}), "field 'tile' missing"),
        (lambda r: r["events"].append({"e": "bonus", "player": 0, "card": 116, "shown": 1}), "shown"),
    ):
        record = copy.deepcopy(s.record)
        record["events"] = [{"e": "turn", "player": 0}]
        change(record)
        with pytest.raises((AssertionError, KeyError)) as info:
            check_structure(record)
        assert fragment in str(info.value), (fragment, str(info.value))
    base = Script(modules=[])
    base.record["events"] = [{"e": "turn", "player": 0}, {"e": "vizier_wake", "player": 0}]
    with pytest.raises(AssertionError, match="without the vizier module"):
        check_structure(base.record)


@pytest.mark.parametrize("players", range(2, 7))
def test_structure_bonus_counts_per_player_m_bonus_1(players):
    """[M-BONUS-1] 3/3/2/2/1 bonus cards each with 2/3/4/5/6 players; every module with any player count."""
    s = Script(n=players)
    s.turn()
    check(s.record)
    assert [len(h) for h in s.record["setup"]["bonus"]] == [reader.BONUS_PER_PLAYER[players]] * players


def add_2024_modules(record: dict) -> None:
    """Camps, bazaars and falcons added to a record's components and setup (RECORD.md's shapes)."""
    tiles = record["tiles"]
    camps, bazaars = [], []
    for row in reader.csv_rows(reader.CAMPS_CSV):
        camps.append(len(tiles))
        tiles.append(
            {
                "id": len(tiles),
                "kind": "camp",
                "cost": int(row["cost"]),
                "walls": walls_of(row, "bastion"),
                "arrows": walls_of(row, "arrow"),
            }
        )
    for row in reader.csv_rows(reader.BAZAARS_CSV):
        bazaars.append(len(tiles))
        tiles.append(
            {
                "id": len(tiles),
                "kind": "bazaar",
                "currency": row["currency"],
                "walls": "",
                "types": [row["type_a"], row["type_b"], row["type_c"]],
            }
        )
    falcons = []
    for row in reader.csv_rows(reader.FALCONS_CSV):
        falcons.append(len(tiles))
        tiles.append(
            {"id": len(tiles), "kind": "falcon", "colour": row["kind"], "types": [row["type_a"], row["type_b"]]}
        )
    setup = record["setup"]
    setup["bag"] = setup["bag"][:5] + camps + bazaars[1:] + setup["bag"][5:]
    setup["bazaars"] = bazaars[:1]
    setup["falcons"] = falcons
    record["config"]["modules"] += ["camps", "bazaars", "falcons"]


def test_camps_bazaars_falcons_structure_and_a_falcon_on_a_bare_corner():
    """[M-CAMP-1] [M-BAZAAR-1] [M-BAZAAR-2] [M-FALCON-1] the 2024 modules' components and setup fields are
    checked; [M-FALCON-3] ``follow`` refuses a falcon where four tiles do not meet."""
    s = Script()
    add_2024_modules(s.record)
    s.record["events"] = [
        {"e": "turn", "player": 0},
        {
            "e": "falcon",
            "player": 0,
            "falcon": s.record["setup"]["falcons"][0],
            "card": s.record["setup"]["hands"][0][0],
            "at": [0, 0],
        },
        {
            "e": "score",
            "round": 1,
            "totals": [30, 0, 0],
            "points": [{"player": 0, "what": "falcon_black", "points": 30}],
        },
    ]
    check_structure(s.record)
    with pytest.raises(AssertionError, match=r"\[M-FALCON-3\] four tiles"):
        follow(s.record)
    bad = copy.deepcopy(s.record)
    bad["setup"]["market"][0], bad["setup"]["bazaars"][0] = bad["setup"]["bazaars"][0], bad["setup"]["market"][0]
    with pytest.raises(AssertionError, match=r"\[M-BAZAAR-2\]"):
        check_structure(bad)
    bad = copy.deepcopy(s.record)
    bad["events"][2]["points"][0]["what"] = "bazaar"
    with pytest.raises(AssertionError, match=r"\[M-BAZAAR-5\]"):
        check_structure(bad)
    bad = copy.deepcopy(s.record)
    bad["tiles"][-1]["colour"] = "grey"
    with pytest.raises(AssertionError, match="falcon"):
        check_structure(bad)


@pytest.mark.parametrize("name", sorted(reader.COMPONENT_CSV))
def test_transcribed_component_tables_match_components(name):
    """[M-HUT-1] [M-EXCH-1] [M-BONUS-1] [M-CAMP-1] [M-BAZAAR-1] [M-FALCON-1] the reader's component tables are
    the files of components/, verbatim (skipped without them, but never in CI)."""
    if not SHARED_COMPONENTS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the components {SHARED_COMPONENTS} are missing: CI checks the reader's tables against them")
        pytest.skip(f"components/ is not beside this checkout at {SHARED_COMPONENTS} (set ALHAMBRA_COMPONENTS)")
    assert (SHARED_COMPONENTS / name).read_text(encoding="utf-8").strip() == reader.COMPONENT_CSV[name].strip()
