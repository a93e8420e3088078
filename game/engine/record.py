"""Game records (``alhambra-record/1``, see RECORD.md): write them, read them back, replay them.

A record is self-contained: it lists every tile and card, the deal in draw order, every event
and the result.  Reading one replays it through the engine from the deal: each decision in the
record is applied as an action (so the rules check it) and every event the engine derives from it
(refills, reshuffles, scorings, the end) must match the record's next events exactly.  Any
difference stops the load with a one-line reason naming the first bad event, and nothing of the
half-read game is returned.

Records come from files anyone may hand over, so reading trusts nothing in them: sizes are capped
before anything is processed (the file, the number of events, every list), every field is checked
for type and range before it is used, and no untrusted value is recursed into or printed whole.
Whatever is wrong with a file (broken JSON, another encoding, /dev/zero, a 5,000-digit number, a
list where an id belongs, JSON nested a million deep), ``load`` raises ``RecordError`` with one
short line and nothing else.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from . import events as names
from .actions import Action
from .components import (
    BUILDING_TYPES,
    BUILDINGS,
    CARD_COUNT,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    MARKET_CURRENCY,
    MARKET_SLOTS,
    SCORING_CARDS,
    START_TILES,
    TILE_COST,
    TILE_COUNT,
    TILE_KIND,
    TILE_TYPE,
    TILE_WALLS,
    is_building,
    scoring_round_of,
    walls_to_text,
)
from .game import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, Game, GameConfig, Seat, name_problem, seed_problem
from .modules import DECISION_READERS, MODULES, PLAYABLE, RECORD_NAMES, SETUP_ORDER
from .ruleset import Ruleset
from .setup import Deal, deal_problems, money_cards_for
from .state import GameState, IllegalAction
from .validation import REACH, shown

FORMAT = "alhambra-record/1"
DECISIONS = frozenset(DECISION_READERS)  # the events that stand for a player's decision


class RecordError(ValueError):
    """A record that cannot be loaded; the message is one line saying why."""


# ---------------------------------------------------------------------------- writing
def tile_entries(players: int, modules: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every tile of the game: start tiles, buildings, and the modules' tiles when they play (RECORD.md)."""
    tiles: list[dict[str, Any]] = [{"id": START_TILES[p], "kind": TILE_KIND[START_TILES[p]]} for p in range(players)]
    tiles += [
        {
            "id": t,
            "kind": TILE_KIND[t],
            "type": BUILDING_TYPES[TILE_TYPE[t]],
            "cost": TILE_COST[t],
            "walls": walls_to_text(TILE_WALLS[t]),
        }
        for t in BUILDINGS
    ]
    for module in Ruleset.of(players, modules).modules:  # e.g. [M-HUT-1] huts, [M-CAMP-1] camps
        tiles += module.tile_entries()
    return tiles


def card_entries(players: int, modules: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every card of the game: money, scoring cards, and the modules' cards when they play (RECORD.md)."""
    cards: list[dict[str, Any]] = [
        {"id": c, "kind": "money", "currency": CURRENCIES[CARD_CURRENCY[c]], "value": CARD_VALUE[c]}
        for c in money_cards_for(players)
    ]
    cards += [{"id": c, "kind": "scoring", "round": scoring_round_of(c)} for c in SCORING_CARDS]
    for module in Ruleset.of(players, modules).modules:  # e.g. [M-EXCH-1] exchange cards, [M-BONUS-1] bonus cards
        cards += module.card_entries(players)
    return cards


def _module_setup(dealt: Deal) -> dict[str, Any]:
    """RECORD.md's module setup fields, each module's own (``Module.setup_fields``), in RECORD.md's order; a module
    that does not play writes the fields the base setup always has (``Module.setup_defaults``: Dirk's tiles)."""
    playing = {module.name: module for module in Ruleset.of(dealt.players, dealt.modules).modules}
    fields: dict[str, Any] = {}
    for name in SETUP_ORDER:
        module = playing.get(name)
        if module is None:
            fields.update(MODULES[name].setup_defaults)
        elif name in dealt.parts:
            fields.update(module.setup_fields(dealt.parts[name]))
    return fields


def to_record(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-ready ``alhambra-record/1`` document."""
    config, dealt, state = game.config, game.deal, game.state
    record: dict[str, Any] = {
        "format": FORMAT,
        "config": {
            "seed": config.seed,
            "modules": list(config.modules),
            "players": [{"name": seat.name, "agent": seat.agent} for seat in config.seats],
        },
        "tiles": tile_entries(config.players, config.modules),
        "cards": card_entries(config.players, config.modules),
        "setup": {
            "market_currencies": [CURRENCIES[c] for c in MARKET_CURRENCY],
            "bag": list(dealt.bag),
            "deck": list(dealt.deck),
            "hands": [list(hand) for hand in dealt.hands],
            "start_player": dealt.start_player,
            "market": list(dealt.market),
            "offer": list(dealt.offer),
            **_module_setup(dealt),
        },
        "events": [dict(event) for event in game.events],
    }
    if state.is_over:
        record["result"] = {"scores": list(state.scores), "winners": state.winners()}
        for fields in state.rules.result_fields:  # e.g. Dirk's score
            record["result"].update(fields(state))
    return record


def save(game: Game, path: str | Path) -> None:
    """Write the record atomically: a crash while saving never leaves a half-written file behind."""
    write_atomically(Path(path), json.dumps(to_record(game), separators=(",", ":")))


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to a scratch file beside ``target`` and rename it over ``target``: a reader sees the old
    file or the new one, never half of one.  When the rename fails (a folder where the file should be), the
    scratch file is removed again, so a refused save leaves nothing behind."""
    scratch = target.with_name(target.name + ".partial")
    try:
        scratch.write_text(text, encoding="utf-8")
        scratch.replace(target)
    except BaseException:
        with contextlib.suppress(OSError):
            scratch.unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------- reading
# A record is read from files anyone may hand us (a download, an edited autosave, /dev/zero), so
# nothing in it is trusted: every size is bounded before it is processed, every field is checked for
# type and range before it is used, and nothing untrusted is recursed into, repr'd or turned into
# text whole.  Whatever is wrong, the reader raises RecordError with one short line, never anything else.

MAX_BYTES = 20 * 1024 * 1024
"""A finished game's record is 50-150 KB; a file over 20 MB is no record this program wrote."""

MAX_EVENTS = 20_000
"""More events than any game could sensibly have.

The rules bound purchases (54 tiles) and takes (cards come back to the deck only through payments)
but not redesigns, so the bound is a choice, not a rule.  Random play, which redesigns far more than
anyone sensible, writes at most about 1,400 events (75 games of 2 to 6 players); 20,000 is over ten
times that, and a record that long still replays in about a second.
"""

REPLAY_GUARD = True
"""Turn an unexpected exception of the engine during the replay into RecordError (a last line of defence).

The explicit checks are meant to catch every malformed record before the engine sees it; the fuzz
test switches this off to prove that they do.
"""


def load(path: str | Path) -> Game:
    """Read and replay a record file; RecordError says in one line why a file is refused."""
    return from_record(read_json(path))


def loads(text: str | bytes) -> Game:
    """Replay a record given as JSON text (or as the bytes of a file); RecordError says why it is refused."""
    return from_record(parse_json(text))


def read_json(path: str | Path) -> Any:
    """The JSON document in a record file, read with the size cap.

    Only a regular file is read: a FIFO, a device or a folder is refused by what it is.  The file is opened
    without blocking, since opening a FIFO that nobody writes would otherwise wait for ever, before any check
    could run; the type is then checked on the open file, so nothing can swap it in between.  At most
    MAX_BYTES + 1 bytes are read, so a file that grows while it is read cannot exhaust memory either.  The
    client's file list uses this too.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError, TypeError) as error:  # ValueError: a path with a NUL character
        raise RecordError(f"cannot read {shown(str(path))}: {_reason(error)}") from None
    try:
        try:  # the descriptor is closed on every way out: by the file object once it owns it, else here
            file = os.fdopen(descriptor, "rb") if stat.S_ISREG(os.fstat(descriptor).st_mode) else None
        except BaseException:
            os.close(descriptor)
            raise
        if file is None:
            os.close(descriptor)
            raise RecordError(f"cannot read {shown(str(path))}: not a regular file (a folder, pipe or device)")
        with file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {shown(str(path))}: {_reason(error)}") from None
    if len(raw) > MAX_BYTES:
        raise RecordError(f"not a game record: the file is larger than {MAX_BYTES // 2**20} MB")
    return parse_json(raw)


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else "not a usable path"


def parse_json(text: str | bytes) -> Any:
    """The JSON document in ``text``, within the size cap; RecordError for anything that is not JSON.

    Bytes must be UTF-8 (RECORD.md's JSON); a UTF-8 byte order mark, which some Windows editors add
    on saving, is skipped as RFC 8259 allows, since it changes nothing in the document.
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise RecordError(f"not a game record: the file is larger than {MAX_BYTES // 2**20} MB")
        text = _decode(bytes(text))
    elif not isinstance(text, str):
        raise RecordError(f"not a game record: expected JSON text, not a {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise RecordError(f"not a game record: the text is longer than {MAX_BYTES // 2**20} MB")
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise RecordError(f"not a game record: broken or truncated JSON ({error})") from None
    except RecursionError:
        raise RecordError("not a game record: the JSON is nested too deeply") from None
    except ValueError:  # the only other one: an integer beyond Python's limit on digits
        raise RecordError(
            f"not a game record: it holds a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None


def _decode(raw: bytes) -> str:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise RecordError("not a game record: the file is UTF-16 (or UTF-32) text; a record is UTF-8")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"not a game record: the file is not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start})"
        ) from None


def from_record(data: Any) -> Game:
    """Replay a parsed record ([D-RNG-1]); RecordError names the first field or event that is wrong."""
    _need(isinstance(data, dict), "not a game record: the document is not a JSON object")
    found = data.get("format")
    _need(found == FORMAT, f"not a game record: format is {_show(found)}, expected {FORMAT!r}")
    config = _config(data.get("config"))
    events = data.get("events")
    _need(isinstance(events, list) and bool(events), "the record has no events (a game starts with a 'turn' event)")
    _need(len(events) <= MAX_EVENTS, f"the record has {len(events)} events; no game has more than {MAX_EVENTS}")
    _check_components(data, config.players, config.modules)
    dealt = _deal(data.get("setup"), config.players, config.modules)
    game = Game(config, dealt, GameState.start(dealt, config.seed, log=[]))
    _replay(game, events)
    _check_result(game.state, data.get("result"))
    return game


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A value from the record, short enough for a one-line message (even a 5,000-digit number)."""
    if _is_int(value) and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    return shown(value)


def _json_shown(value: Any, limit: int = 120) -> str:
    """A record's value as JSON for a message, cut to ``limit`` characters; ``_show`` when it is no JSON."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        return _show(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _same_json(expected: Any, found: Any) -> bool:
    """Equal as JSON values, and strictly so: 6.0 or true never pass for 6 or 1.

    The recursion follows ``expected``, which the engine wrote, so however deeply ``found`` is
    nested it cannot exhaust the stack.
    """
    if isinstance(expected, dict):
        return (
            isinstance(found, dict)
            and found.keys() == expected.keys()
            and all(_same_json(value, found[key]) for key, value in expected.items())
        )
    if isinstance(expected, list | tuple):
        return (
            isinstance(found, list | tuple)
            and len(found) == len(expected)
            and all(_same_json(a, b) for a, b in zip(expected, found, strict=True))
        )
    return type(found) is type(expected) and found == expected


def _same_items(expected: list, found: list) -> bool:
    """The same items in any order (awards of a scoring)."""
    if len(found) != len(expected):
        return False
    left = list(found)
    for item in expected:
        match = next((i for i, other in enumerate(left) if _same_json(item, other)), None)
        if match is None:
            return False
        del left[match]
    return True


def _ids(value: Any, what: str, count: int, noun: str) -> tuple[int, ...]:
    """A list of ids of ``noun``s numbered 0 to ``count - 1``, checked before anything indexes a table with them."""
    _need(isinstance(value, list), f"{what} must be a list of {noun} ids, not {_show(value)}")
    _need(len(value) <= count, f"{what} lists {len(value)} {noun}s; the game has {count}")
    for position, item in enumerate(value):
        _need(_is_int(item), f"{what}[{position}] must be a {noun} id, not {_show(item)}")
        _need(
            0 <= item < count,
            f"{what}[{position}]: {noun} {_show(item)} does not exist ({noun}s are numbered 0 to {count - 1})",
        )
    return tuple(value)


def _building_ids(value: Any, what: str, modules: tuple[str, ...] = ()) -> tuple[int, ...]:
    """Ids of the bag's tiles ([B-COMP-2]): ids that exist, and of buildings or of tiles the modules shuffle
    into the bag ([M-CAMP-1] camps, [M-BAZAAR-1] bazaars)."""
    tiles = _ids(value, what, TILE_COUNT, "tile")
    extra = set(Ruleset.of(MIN_PLAYERS, modules).bag_tiles) if modules else ()
    for position, tile in enumerate(tiles):
        _need(
            is_building(tile) or tile in extra,
            f"{what}[{position}]: tile {tile} is a {TILE_KIND[tile]} tile, not a building",
        )
    return tiles


class _SetupReader:
    """``SetupReading`` for the modules' ``read_setup``: the record reader's own checks, refusing with RecordError."""

    __slots__ = ("modules",)

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules

    def need(self, condition: bool, message: str) -> None:
        _need(condition, message)

    def ids(self, value: Any, what: str, count: int, noun: str) -> tuple[int, ...]:
        return _ids(value, what, count, noun)

    def bag_tiles(self, value: Any, what: str) -> tuple[int, ...]:
        return _building_ids(value, what, self.modules)


def _label(value: Any) -> bool:
    """A name or agent: a short line of printable text (the limits every new game is held to)."""
    return name_problem(value) is None


def _config(value: Any) -> GameConfig:
    _need(isinstance(value, dict), "config is missing")
    seed = value.get("seed")
    _need(_is_int(seed), "config.seed must be an integer")
    _need(seed_problem(seed) is None, f"config.seed {_show(seed)} is out of range (below 2**64 in size)")
    modules = value.get("modules", [])
    _need(isinstance(modules, list), f"config.modules must be a list, not {_show(modules)}")
    _need(
        len(modules) <= len(RECORD_NAMES), f"config.modules lists {len(modules)} modules; there are {len(RECORD_NAMES)}"
    )
    for name in modules:
        _need(
            isinstance(name, str) and name in RECORD_NAMES,
            f"config.modules: {_show(name)} is no module (known: {', '.join(RECORD_NAMES)})",
        )
        _need(name in PLAYABLE, f"config.modules: the module {name!r} is not supported by this version")
    _need(len(set(modules)) == len(modules), "config.modules names a module twice")
    players = value.get("players")
    _need(
        isinstance(players, list) and MIN_PLAYERS <= len(players) <= MAX_PLAYERS,
        f"config.players must list {MIN_PLAYERS} to {MAX_PLAYERS} players",
    )
    seats = []
    for seat, entry in enumerate(players):
        _need(
            isinstance(entry, dict) and _label(entry.get("name")) and _label(entry.get("agent")),
            f"config.players[{seat}]: every player needs a name and an agent (up to {MAX_NAME} printable characters)",
        )
        seats.append(Seat(entry["name"], entry["agent"]))
    return GameConfig(seed=seed, seats=tuple(seats), modules=tuple(modules))


def _check_components(data: dict, players: int, modules: tuple[str, ...]) -> None:
    """[B-COMP-2] [B-COMP-3] the engine plays with the standard components; a record listing others is
    foreign or tampered.  Sizes and ids are checked before the entries are indexed by id."""
    for key, expected in (("tiles", tile_entries(players, modules)), ("cards", card_entries(players, modules))):
        listed = data.get(key)
        _need(isinstance(listed, list), f"{key} must be a list of objects")
        _need(len(listed) == len(expected), f"{key}: expected {len(expected)} entries, found {len(listed)}")
        for position, item in enumerate(listed):
            _need(isinstance(item, dict), f"{key}[{position}] must be an object, not {_show(item)}")
            _need(_is_int(item.get("id")), f"{key}[{position}]: id must be an integer, not {_show(item.get('id'))}")
        by_id = {item["id"]: item for item in listed}
        _need(len(by_id) == len(listed), f"{key}: ids must be unique")
        for entry in expected:
            found = by_id.get(entry["id"])
            _need(
                found is not None and all(k in found and _same_json(v, found[k]) for k, v in entry.items()),
                f"{key}: id {entry['id']} is not the standard {entry}",
            )


def _deal(value: Any, players: int, modules: tuple[str, ...]) -> Deal:
    """The deal in draw order ([B-SETUP-2] to [B-SETUP-6], [B-DIRK-2]): every id is checked for type and
    range here, field by field, before ``deal_problems`` checks the deal against the rules."""
    _need(isinstance(value, dict), "setup is missing")
    _need(
        _same_json([CURRENCIES[c] for c in MARKET_CURRENCY], value.get("market_currencies")),
        "setup.market_currencies must be florin, dirham, denar, ducat ([B-COMP-5])",
    )
    hands = value.get("hands")
    _need(
        isinstance(hands, list) and len(hands) == players,
        f"setup.hands must be a list of {players} hands, one per player ([B-SETUP-3])",
    )
    start = value.get("start_player")
    _need(
        _is_int(start) and 0 <= start < players,
        f"setup.start_player must be a seat from 0 to {players - 1}, not {_show(start)}",
    )
    dealt = Deal(
        players=players,
        bag=_building_ids(value.get("bag"), "setup.bag", modules),
        deck=_ids(value.get("deck"), "setup.deck", CARD_COUNT, "card"),
        hands=tuple(_ids(hand, f"setup.hands[{seat}]", CARD_COUNT, "card") for seat, hand in enumerate(hands)),
        start_player=start,
        market=_building_ids(value.get("market"), "setup.market", modules),
        offer=_ids(value.get("offer"), "setup.offer", CARD_COUNT, "card"),
        modules=modules,
        parts=_module_parts(value, players, modules),
    )
    problems = deal_problems(dealt)
    _need(not problems, f"setup: {problems[0] if problems else ''}")
    return dealt


def _module_parts(setup: dict, players: int, modules: tuple[str, ...]) -> dict[str, Any]:
    """Each playing module's part of the deal, read by the module from its setup fields (``Module.read_setup``), in
    RECORD.md's order; the fields of a module that does not play may only say so (``Module.setup_defaults``)."""
    rules = Ruleset.of(players, modules)
    playing = {module.name: module for module in rules.modules}
    read = _SetupReader(modules)
    parts: dict[str, Any] = {}
    for name in SETUP_ORDER:
        module = playing.get(name)
        if module is None:
            for key, default in MODULES[name].setup_defaults.items():
                found = setup.get(key, default)
                _need(
                    _same_json(default, found),
                    f"setup.{key} is {_json_shown(found, 60)}: {MODULES[name].absent_reason} "
                    f"([{MODULES[name].absent_rule}])",
                )
        elif module in rules.dealers:
            parts[name] = module.read_setup(setup, players, read)
    return parts


def _same_event(expected: dict, found: Any) -> bool:
    """The record's event says what the engine did: every field the engine writes agrees (extra fields are fine)."""
    if not isinstance(found, dict):
        return False
    for key, value in expected.items():
        other = found.get(key)
        if key == "points" and isinstance(other, list):
            if not _same_items(value, other):
                return False
        elif not _same_json(value, other):
            return False
    return True


class _DecisionFields:
    """One decision event of a record, read field by field for the action that reads it (``EventFields``).

    Every field is checked for type and range here, so the message names the event and the field;
    ``GameState.apply`` then checks the action's shape again and the rules.
    """

    __slots__ = ("events", "index", "kind", "phase")

    def __init__(self, state: GameState, events: list, index: int) -> None:
        self.events = events
        self.index = index
        self.kind = events[index]["e"]
        self.phase = state.phase

    def _field(self, name: str, at: int | None = None) -> Any:
        at = self.index if at is None else at
        _need(name in self.events[at], f"event {at} ({self.events[at]['e']}): field '{name}' is missing")
        return self.events[at][name]

    def tile(self, at: int | None = None, name: str = "tile") -> int:
        """The tile id in field ``name`` (a falcon's is ``falcon``: [M-FALCON-2]) of event ``at``."""
        at = self.index if at is None else at
        value = self._field(name, at)
        where = f"event {at} ({self.events[at]['e']})"
        _need(_is_int(value), f"{where}: {name} must be an integer, not {_show(value)}")
        _need(0 <= value < TILE_COUNT, f"{where}: tile {_show(value)} does not exist (tiles are 0 to {TILE_COUNT - 1})")
        return value

    def cards(self, name: str) -> tuple[int, ...]:
        return _ids(self._field(name), f"event {self.index} ({self.kind}): {name}", CARD_COUNT, "card")

    def slot(self) -> int:
        slot = self._field("slot")
        _need(
            _is_int(slot) and slot in MARKET_SLOTS,
            f"event {self.index} ({self.kind}): slot must be 1 to 4 ([B-COMP-5]), not {_show(slot)}",
        )
        return slot

    def number(self, name: str, low: int, high: int) -> int:
        """The whole number in field ``name``, from ``low`` to ``high`` (a module's room or pile: [M-CHEST-3])."""
        value = self._field(name)
        _need(
            _is_int(value) and low <= value <= high,
            f"event {self.index} ({self.kind}): {name} must be {low} to {high}, not {_show(value)}",
        )
        return value

    def xy(self, name: str) -> tuple[int, int]:
        value = self._field(name)
        where = f"event {self.index} ({self.kind})"
        _need(
            isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value),
            f"{where}: '{name}' must be [x, y], not {_show(value)}",
        )
        _need(
            all(-REACH <= v <= REACH for v in value),
            f"{where}: '{name}' {_json_shown(value, 60)} is nowhere near the Alhambra ([B-PLACE-2])",
        )
        return value[0], value[1]

    def next_event(self) -> str | None:
        following = self.events[self.index + 1] if self.index + 1 < len(self.events) else None
        return following.get("e") if isinstance(following, dict) else None

    def next_tile(self) -> int:
        return self.tile(self.index + 1)

    def card(self, name: str) -> int:
        value = self._field(name)
        where = f"event {self.index} ({self.kind})"
        _need(_is_int(value), f"{where}: {name} must be a card id, not {_show(value)}")
        _need(0 <= value < CARD_COUNT, f"{where}: card {_show(value)} does not exist (cards are 0 to {CARD_COUNT - 1})")
        return value

    def side(self, name: str) -> str:
        """A side of a tile, one of ``N``, ``E``, ``S``, ``W`` (a gate's: [M-GATE-5])."""
        value = self._field(name)
        _need(
            value in ("N", "E", "S", "W") and isinstance(value, str),
            f"event {self.index} ({self.kind}): {name} must be N, E, S or W, not {_show(value)}",
        )
        return value

    def kind_at(self, offset: int) -> str | None:
        """The name of the event ``offset`` places after this one, if there is one."""
        at = self.index + offset
        following = self.events[at] if at < len(self.events) else None
        return following.get("e") if isinstance(following, dict) else None

    def later(self, offset: int, kind: str) -> _DecisionFields:
        """The event ``offset`` places after this one, which the decision is written with: it must be ``kind``."""
        at = self.index + offset
        _need(
            self.kind_at(offset) == kind,
            f"event {at}: the {self.kind} of event {self.index} is followed by its {kind}, "
            f"not {_show(self.kind_at(offset))}",
        )
        view = _DecisionFields.__new__(_DecisionFields)
        view.events, view.index, view.kind, view.phase = self.events, at, kind, self.phase
        return view


def read_decision(events: list, index: int, phase: str, decider: int) -> Action:
    """The action of the decision event ``events[index]``, made by ``decider`` in ``phase`` (RecordError if none)."""
    probe = _Probe(phase, decider)
    return _action_at(probe, events, index)  # type: ignore[arg-type]


class _Probe:
    """What reading a decision needs of the game: whose decision it is and in which phase."""

    __slots__ = ("decider", "phase")

    def __init__(self, phase: str, decider: int) -> None:
        self.phase = phase
        self.decider = decider


def _action_at(state: GameState, events: list, index: int) -> Action:
    """The action a decision event (plus, for a swap, the two events after it) stands for.

    Each action reads its own event (``DECISION_READERS``): the reader needs no list of actions.
    """
    event = events[index]
    kind = event["e"]
    player = event.get("player")
    _need(
        _is_int(player) and player == state.decider,
        f"event {index} ({kind}): the decision is player {state.decider}'s, the record names {_show(player)}",
    )
    reader = DECISION_READERS.get(kind)
    if reader is None:
        raise RecordError(f"event {index}: expected a decision of player {state.decider}, found {_show(kind)}")
    return reader(_DecisionFields(state, events, index))


def _replay(game: Game, events: list) -> None:
    """[D-RNG-1] apply each decision and check that the record's next events are exactly what the rules derive."""
    state = game.state
    log = game.events
    checked = 0
    while True:
        for index in range(checked, len(log)):
            _need(index < len(events), f"event {index}: the record ends, the game goes on with {log[index]['e']!r}")
            _need(
                _same_event(log[index], events[index]),
                f"event {index}: the record says {_json_shown(events[index])}, "
                f"the rules give {_json_shown(log[index])}",
            )
        checked = len(log)
        if checked == len(events):
            return
        _need(not state.is_over, f"event {checked}: the game is already over")
        event = events[checked]
        _need(isinstance(event, dict) and isinstance(event.get("e"), str), f"event {checked}: not an event object")
        kind = event["e"]
        unrecorded = _unrecorded(state, event)
        if unrecorded is not None:  # a decision the record does not write (a vizier window's pass)
            state.apply(unrecorded)
            continue
        _need(
            kind in DECISIONS,
            f"event {checked}: expected a decision of player {state.decider}, found {_show(kind)}",
        )
        action = _action_at(state, events, checked)
        state.planned_shuffles = _shuffles_until_next_turn(events, checked)
        state.planned = _draws_until_next_turn(events, checked, state.rules.drawn_events)
        try:
            state.apply(action)
        except IllegalAction as error:
            raise RecordError(f"event {checked} ({kind} by player {event['player']}): {error}") from None
        except Exception as error:
            if isinstance(error, ValueError) and str(error).startswith("["):
                # a planned draw refused: a reshuffle that is not the discard pile [B-FILL-2], a module's draw
                raise RecordError(f"event {checked} ({kind}): {error}") from None
            if not REPLAY_GUARD:
                raise
            reason = f"the engine could not replay it ({type(error).__name__})"
            raise RecordError(f"event {checked} ({kind}): {reason}") from None


def _unrecorded(state: GameState, event: dict) -> Action | None:
    for hook in state.rules.unrecorded:
        action = hook(state, event)
        if action is not None:
            return action
    return None


def _shuffles_until_next_turn(events: list, start: int) -> list[list[int]]:
    """Reshuffles only happen while a turn ends, so the next ones before a 'turn' event belong to this decision."""
    orders = []
    for index in range(start, len(events)):
        event = events[index]
        if not isinstance(event, dict) or event.get("e") == names.TURN:
            break
        if event.get("e") == names.RESHUFFLE:
            orders.append(list(_ids(event.get("deck"), f"event {index} (reshuffle): deck", CARD_COUNT, "card")))
    return orders


def _draws_until_next_turn(events: list, start: int, drawn: tuple[str, ...]) -> dict[str, list[dict]]:
    """The events naming what chance drew (a module's ``drawn_events``) that belong to this decision: those before the
    next 'turn' event, by name; the module that draws checks every field of one before it follows it."""
    planned: dict[str, list[dict]] = {name: [] for name in drawn}
    if not drawn:
        return planned
    for index in range(start, len(events)):
        event = events[index]
        if not isinstance(event, dict) or event.get("e") == names.TURN:
            break
        if event.get("e") in planned:
            planned[event["e"]].append(event)
    return planned


def _check_result(state: GameState, result: Any) -> None:
    """[B-END-3] the result of a finished game is the replay's; an unfinished game has none."""
    if not state.is_over:
        _need(result is None, "the record has a result but the game is not over")
        return
    _need(isinstance(result, dict), "the game is over but the record has no result")
    expected: dict[str, Any] = {"scores": state.scores, "winners": state.winners()}
    for fields in state.rules.result_fields:
        expected.update(fields(state))
    for key, value in expected.items():
        found = result.get(key)
        _need(
            _same_json(value, found),
            f"result.{key} is {_json_shown(found)}, the replay gives {json.dumps(value)}",
        )
