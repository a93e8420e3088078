"""An independent reader of ``alhambra-record/1`` documents, written from RECORD.md and RULES.md only.

``check_structure`` validates the shape RECORD.md requires (top-level fields, tile and card
entries, setup fields, each event's fields).  ``follow`` replays the record by moving tiles and
cards between the places of the table exactly as the events say, checking that each event is
possible at that point (a card taken is in the offer, a refill is the next card of the deck,
totals add up, ...).  It uses no engine code except ``alhambra.violations``/``longest_wall`` on
the Alhambras it rebuilds, so it tests that a record is *self-contained*.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine import alhambra
from game.engine.alhambra import cell_at

FORMAT = "alhambra-record/1"
TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES = ("florin", "dirham", "denar", "ducat")
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
# Events this project adds (RECORD.md: "add any others you need"): a player with no legal action passes ([B-TURN-8]).
PROJECT_EVENT_FIELDS: dict[str, tuple[str, ...]] = {"pass": ("player",)}
ALL_EVENT_FIELDS = EVENT_FIELDS | PROJECT_EVENT_FIELDS
# RULES.md [B-SCORE-2]: points of ranks 1..3 per scoring round; type t (0..5) adds t to each non-zero entry
RANK_BASE = {1: (1, 0, 0), 2: (8, 1, 0), 3: (16, 8, 1)}


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_list(value: Any) -> bool:
    return isinstance(value, list) and all(is_int(v) for v in value)


def xy(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)


def check_structure(record: dict) -> None:
    """Assert that ``record`` has every field RECORD.md requires, with the right kinds of values."""
    assert isinstance(record, dict)
    assert record["format"] == FORMAT
    for key in ("config", "tiles", "cards", "setup", "events"):
        assert key in record, f"top-level field {key!r} missing"
    config = record["config"]
    assert is_int(config["seed"])
    assert isinstance(config["modules"], list)
    players = config["players"]
    assert isinstance(players, list) and 2 <= len(players) <= 6
    for seat in players:
        assert isinstance(seat["name"], str) and isinstance(seat["agent"], str)
    n = len(players)

    tiles = record["tiles"]
    ids = [t["id"] for t in tiles]
    assert all(is_int(i) for i in ids) and len(set(ids)) == len(ids)
    kinds = Counter(t["kind"] for t in tiles)
    assert kinds == {"start": n, "building": 54}
    buildings = [t for t in tiles if t["kind"] == "building"]
    assert Counter(t["type"] for t in buildings) == dict(zip(TYPES, (7, 7, 9, 9, 11, 11), strict=True))
    for t in buildings:
        assert is_int(t["cost"]) and 2 <= t["cost"] <= 13
        walls = t["walls"]
        assert isinstance(walls, str) and walls == "".join(s for s in "NESW" if s in walls) and len(walls) <= 3

    cards = record["cards"]
    ids = [c["id"] for c in cards]
    assert all(is_int(i) for i in ids) and len(set(ids)) == len(ids)
    money = [c for c in cards if c["kind"] == "money"]
    scoring = [c for c in cards if c["kind"] == "scoring"]
    assert len(money) + len(scoring) == len(cards)
    assert len(money) == (72 if n == 2 else 108)
    assert sorted(c["round"] for c in scoring) == [1, 2]
    assert Counter((c["currency"], c["value"]) for c in money) == {
        (cur, v): (2 if n == 2 else 3) for cur in CURRENCIES for v in range(1, 10)
    }

    setup = record["setup"]
    assert setup["market_currencies"] == list(CURRENCIES)
    for key in ("bag", "deck", "market", "offer", "dirk"):
        assert int_list(setup[key]), f"setup.{key}"
    assert isinstance(setup["hands"], list) and len(setup["hands"]) == n
    assert all(int_list(hand) for hand in setup["hands"])
    assert is_int(setup["start_player"]) and 0 <= setup["start_player"] < n
    assert len(setup["market"]) == 4 and len(setup["offer"]) == 4
    assert len(setup["dirk"]) == (6 if n == 2 else 0)
    tile_ids = {t["id"] for t in buildings}
    assert sorted(setup["bag"] + setup["market"] + setup["dirk"]) == sorted(tile_ids)
    dealt = [c for hand in setup["hands"] for c in hand] + setup["offer"] + setup["deck"]
    assert sorted(dealt) == sorted(c["id"] for c in cards)

    events = record["events"]
    assert isinstance(events, list) and events and events[0]["e"] == "turn"
    for index, event in enumerate(events):
        name = event.get("e")
        assert name in ALL_EVENT_FIELDS, f"event {index}: unknown event name {name!r}"
        for field in ALL_EVENT_FIELDS[name]:
            assert field in event, f"event {index} ({name}): field {field!r} missing"
        if "player" in ALL_EVENT_FIELDS[name] and name != "distribute":
            assert is_int(event["player"]) and 0 <= event["player"] < n, f"event {index}"
        if name == "distribute":
            assert event["player"] is None or (is_int(event["player"]) and 0 <= event["player"] < n)
        if "slot" in event:
            assert event["slot"] in (1, 2, 3, 4) and is_int(event["slot"])
        for field in ("tile", "card", "round"):
            if field in event:
                assert is_int(event[field]), f"event {index}: {field}"
        for field in ("cards", "paid", "deck", "tiles", "totals", "scores", "winners"):
            if field in event:
                assert int_list(event[field]), f"event {index}: {field}"
        for field in ("at", "from"):
            if field in event:
                assert xy(event[field]), f"event {index}: {field}"
        if name == "buy":
            assert isinstance(event["exact"], bool)
        if name == "score":
            assert event["round"] in (1, 2, 3)
            for award in event["points"]:
                assert set(award) >= {"player", "what", "points"}
                assert award["player"] == "dirk" or (is_int(award["player"]) and 0 <= award["player"] < n)
                assert award["what"] in (*TYPES, "wall") and is_int(award["points"]) and award["points"] > 0

    over = events[-1]["e"] == "game_over"
    assert ("result" in record) == over, "result is present exactly when the game is over"
    if over:
        result = record["result"]
        assert int_list(result["scores"]) and len(result["scores"]) == n
        assert int_list(result["winners"])
        if n == 2:
            assert is_int(result["dirk_score"])


class Table:
    """The table as the record tells it: where every tile and card is."""

    def __init__(self, record: dict) -> None:
        setup = record["setup"]
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
        self.held: list[int] = []
        self.received: list[list[int]] = [[] for _ in range(self.n)]
        self.lifted: int | None = None
        self.totals = [0] * self.n
        self.dirk_total = 0
        self.next_turn = setup["start_player"]
        self.may_act = False  # the turn player may still take money or buy: at the turn's start, after an exact buy
        self.over = False

    # -- helpers
    def walls(self, tile: int) -> int:
        text = self.tiles[tile].get("walls", "")
        return sum(bit for bit, letter in ((1, "N"), (2, "E"), (4, "S"), (8, "W")) if letter in text)

    def engine_grid(self, player: int) -> dict[int, int]:
        """The rebuilt Alhambra with ids mapped onto the engine's numbering (walls are all that matter)."""
        from game.engine.components import BUILDINGS, START_TILES, TILE_WALLS

        by_walls: dict[int, int] = {}
        for t in BUILDINGS:
            by_walls.setdefault(TILE_WALLS[t], t)
        return {
            cell_at(x, y): (START_TILES[0] if self.tiles[t]["kind"] == "start" else by_walls[self.walls(t)])
            for (x, y), t in self.grids[player].items()
        }

    def counts(self, tiles: list[int]) -> list[int]:
        kinds = Counter(self.tiles[t].get("type") for t in tiles)
        return [kinds.get(kind, 0) for kind in TYPES]

    def value(self, cards: list[int]) -> int:
        return sum(self.cards[c]["value"] for c in cards)

    # -- the events
    def follow(self, events: list[dict]) -> None:
        for index, event in enumerate(events):
            try:
                getattr(self, "on_" + event["e"])(event)
            except AssertionError as error:
                raise AssertionError(f"event {index} {event}: {error}") from None

    def on_turn(self, e: dict) -> None:
        assert not self.held and e["player"] == self.next_turn
        self.player = e["player"]
        self.next_turn = (self.player + 1) % self.n
        self.may_act = True

    def on_take(self, e: dict) -> None:
        assert e["player"] == self.player and e["cards"]
        assert self.may_act, "money is taken only as the turn's action or after an exact payment"
        self.may_act = False
        assert all(c in self.offer for c in e["cards"]) and len(set(e["cards"])) == len(e["cards"])
        assert len(e["cards"]) == 1 or self.value(e["cards"]) <= 5
        for c in e["cards"]:
            self.offer.remove(c)
            self.hands[self.player].append(c)

    def on_buy(self, e: dict) -> None:
        assert e["player"] == self.player
        assert self.may_act, "a building is bought only as the turn's action or after an exact payment"
        slot = e["slot"] - 1
        assert self.market[slot] == e["tile"]
        assert all(c in self.hands[self.player] for c in e["paid"])
        assert all(self.cards[c]["currency"] == CURRENCIES[slot] for c in e["paid"])
        paid, cost = self.value(e["paid"]), self.tiles[e["tile"]]["cost"]
        assert paid >= cost and e["exact"] == (paid == cost)
        for c in e["paid"]:
            self.hands[self.player].remove(c)
            self.discard.append(c)
        self.market[slot] = None
        self.held.append(e["tile"])
        self.may_act = e["exact"]  # RULES.md [B-TURN-4]

    def on_end_turn(self, e: dict) -> None:
        """RULES.md [B-TURN-4]: after an exact payment the player may end the turn instead of acting again."""
        assert e["player"] == self.player and self.may_act and self.held, (
            "only an exact payment's extra action is declined"
        )
        self.may_act = False

    def on_pass(self, e: dict) -> None:
        assert e["player"] == self.player and self.may_act
        self.may_act = False

    def _waiting(self, player: int) -> list[int]:
        return self.held if not self.over else self.received[player]

    def on_place(self, e: dict) -> None:
        p, tile, at = e["player"], e["tile"], tuple(e["at"])
        waiting = self._waiting(p)
        if tile in waiting:
            waiting.remove(tile)
        else:
            assert tile in self.reserves[p], "placed tile was neither bought, received nor on the reserve"
            self.reserves[p].remove(tile)
        assert at not in self.grids[p]
        self.grids[p][at] = tile
        assert alhambra.violations(self.engine_grid(p)) == []

    def on_reserve(self, e: dict) -> None:
        p, tile = e["player"], e["tile"]
        waiting = self._waiting(p)
        if tile == self.lifted:
            self.lifted = None
        else:
            assert tile in waiting
            waiting.remove(tile)
        self.reserves[p].append(tile)

    def on_lift(self, e: dict) -> None:
        p, at = e["player"], tuple(e["from"])
        assert self.grids[p].get(at) == e["tile"] and self.tiles[e["tile"]]["kind"] == "building"
        del self.grids[p][at]
        self.lifted = e["tile"]

    def on_dirk(self, e: dict) -> None:
        assert self.n == 2 and e["tile"] in self.held
        self.held.remove(e["tile"])
        self.dirk.append(e["tile"])

    def on_market(self, e: dict) -> None:
        assert self.market[e["slot"] - 1] is None and self.bag and self.bag[0] == e["tile"]
        assert all(m is not None for m in self.market[: e["slot"] - 1]), "slots are refilled in ascending order"
        self.market[e["slot"] - 1] = self.bag.pop(0)

    def on_offer(self, e: dict) -> None:
        assert self.deck[0] == e["card"] and self.cards[e["card"]]["kind"] == "money"
        self.offer.append(self.deck.pop(0))
        assert len(self.offer) <= 4

    def on_scoring_card(self, e: dict) -> None:
        card = self.cards[self.deck.pop(0)]
        assert card["kind"] == "scoring" and card["round"] == e["round"]

    def on_reshuffle(self, e: dict) -> None:
        assert not self.deck and sorted(e["deck"]) == sorted(self.discard)
        self.deck, self.discard = list(e["deck"]), []

    def on_score(self, e: dict) -> None:
        collectors = [self.counts(list(g.values())) for g in self.grids]
        if self.n == 2:
            collectors.append(self.counts(self.dirk))
        expected: Counter = Counter()
        for t, kind in enumerate(TYPES):
            points = [p + t if p else 0 for p in RANK_BASE[e["round"]]]
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
            wall = alhambra.longest_wall(self.engine_grid(p))
            if wall:
                expected[(p, "wall")] = wall
        found = Counter({(a["player"], a["what"]): a["points"] for a in e["points"]})
        assert found == expected, f"awards {found} but the rules give {expected}"
        for (who, _), points in found.items():
            if who == "dirk":
                self.dirk_total += points
            else:
                self.totals[who] += points
        assert e["totals"] == self.totals

    def on_dirk_gets(self, e: dict) -> None:
        k = len(e["tiles"])
        assert self.bag[:k] == e["tiles"]
        del self.bag[:k]
        self.dirk.extend(e["tiles"])

    def on_distribute(self, e: dict) -> None:
        slot = e["slot"] - 1
        assert self.market[slot] == e["tile"] and not self.bag
        currency = CURRENCIES[slot]
        wealth = [self.value([c for c in hand if self.cards[c]["currency"] == currency]) for hand in self.hands]
        richest = [p for p in range(self.n) if wealth[p] == max(wealth)]
        assert e["player"] == (richest[0] if len(richest) == 1 else None)
        self.over = True
        if e["player"] is not None:
            self.market[slot] = None
            self.received[e["player"]].append(e["tile"])

    def on_game_over(self, e: dict) -> None:
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
