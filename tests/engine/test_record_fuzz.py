"""Malformed game records are refused with one RecordError line, never with any other exception.

Replaying a record ([D-RNG-1]) reads files anyone may hand over: an edited autosave, a download,
``/dev/zero``.  A hypothesis test mutates good records (types, ranges, missing fields, events
duplicated, reordered or cut, deep nesting, huge numbers, other encodings, oversize files) and
checks that each one either loads (some mutations are harmless) or is refused with a short
one-line ``RecordError``.  It runs with the replay's last line of defence (``REPLAY_GUARD``, which
turns an engine crash into ``RecordError``) switched off, so the explicit checks alone must catch
everything.  Explicit tests follow for each crash a tester found.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ai.random_agent import pick_random
from game.engine import Game, GameConfig
from game.engine import record as records
from game.engine.components import CARD_COUNT, TILE_COUNT
from game.engine.knowledge import state_key
from game.engine.record import MAX_BYTES, MAX_EVENTS, RecordError, from_record, load, loads, to_record
from game.engine.setup import Deal, deal_problems
from game.engine.state import GameState
from game.engine.validation import shown

from .helpers import seats

HUGE = 10**5000  # repr, str and json.dumps of it raise ValueError (Python's 4,300-digit limit)
HUGE_PARAM = pytest.param(HUGE, id="5001-digits")  # pytest's test id would str() it
MAX_MESSAGE = 400  # no message may carry a huge value: the longest honest one is about 300 characters


# ---------------------------------------------------------------------------- good records
def random_game(players: int, seed: int, steps: int | None = None) -> Game:
    """A game played by ``pick_random`` (realistic mixes of takes, buys and redesigns), to the end or ``steps``."""
    game = Game.new(GameConfig(seed=seed, seats=seats(players)))
    rng = random.Random(seed)
    made = 0
    while not game.state.is_over and (steps is None or made < steps):
        game.apply(pick_random(game.state.legal_actions(), rng))
        made += 1
    return game


@cache
def good_records() -> tuple[dict, ...]:
    """Finished games with and without Dirk, one with reshuffles, and an unfinished one (as read from JSON)."""
    games = [random_game(2, 11), random_game(3, 5), random_game(4, 3), random_game(5, 8, steps=70)]
    return tuple(json.loads(json.dumps(to_record(game))) for game in games)


def good_text(which: int = 1) -> str:
    return json.dumps(good_records()[which])


def refusal(call: Callable[[], object]) -> str | None:
    """None when ``call`` loads; else the RecordError message, checked to be one short, non-empty line.
    Any other exception propagates and fails the test."""
    try:
        game = call()
    except RecordError as error:
        message = str(error)
        assert message.strip(), "empty message"
        assert "\n" not in message and "\r" not in message, message
        assert len(message) <= MAX_MESSAGE, message[:MAX_MESSAGE]
        return message
    assert isinstance(game, Game)
    json.dumps(to_record(game))  # a game that loads can be saved again (no absurd value slipped in)
    return None


def refused(call: Callable[[], object]) -> str:
    message = refusal(call)
    assert message is not None, "the malformed record was loaded"
    return message


# ---------------------------------------------------------------------------- mutations
DEEP = "\x00deep"  # placeholders written into a document and swapped for raw JSON text after json.dumps
DIGITS = "\x00digits"


def deep_list(depth: int) -> list:
    """A list nested ``depth`` deep, built without recursion."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def paths(document: Any) -> list[tuple]:
    """Every path (keys and indices) to a value inside ``document``, the document's own path () included."""
    found: list[tuple] = []
    stack: list[tuple[tuple, Any]] = [((), document)]
    while stack:
        path, value = stack.pop()
        found.append(path)
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
    return found


SECTIONS = ("format", "config", "tiles", "cards", "setup", "events", "result")


@cache
def paths_by_section(which: int) -> dict[str, list[tuple]]:
    """Paths grouped by top-level field, so that small sections (config, setup) are hit as often as events."""
    grouped: dict[str, list[tuple]] = {section: [] for section in SECTIONS}
    for path in paths(good_records()[which]):
        if path and path[0] in grouped:
            grouped[path[0]].append(path)
    return {section: sorted(found, key=repr) for section, found in grouped.items() if found}


def copy_along(document: Any, path: tuple) -> tuple[Any, Any]:
    """A copy of ``document`` sharing everything but the containers on ``path``; returns it and the copied
    container that holds ``path``'s last step (the document itself for the empty path)."""
    root = copy.copy(document)
    holder = root
    for step in path[:-1]:
        holder[step] = copy.copy(holder[step])
        holder = holder[step]
    return root, holder


@cache
def very_deep() -> list:
    return deep_list(100_000)


def deep(as_text: bool) -> Any:
    """A 100,000-deep list: the placeholder when the document goes through JSON text, else the list itself."""
    return DEEP if as_text else very_deep()


def huge(as_text: bool) -> Any:
    """A 5,000-digit number: the placeholder when the document goes through JSON text, else the number itself."""
    return DIGITS if as_text else HUGE


def unprintable(values: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``values``, drawn by index: hypothesis may repr what ``sampled_from`` holds, and the repr of a
    100,000-deep list or a 5,000-digit number raises."""
    return st.integers(0, len(values) - 1).map(lambda index: values[index])


def wrong_types(old: Any, as_text: bool) -> list[Any]:
    """Values of another type (or an absurd size) for a field that held ``old``."""
    values: list[Any] = [
        None, True, False, 1.5, "", "7", [], {}, [old], {"id": old}, "x" * 5000, "line\nbreak", "\ud800",
        float("nan"), deep(as_text), huge(as_text),
    ]  # fmt: skip
    if isinstance(old, int) and not isinstance(old, bool) and old.bit_length() <= 64:  # str() and float() of it work
        values += [str(old), float(old), bool(old)]
    if isinstance(old, list):
        values += [old[:-1], old + old, old[::-1], [shown(v) for v in old], [*old, old], [deep(as_text)]]
    if isinstance(old, dict):
        values += [list(old.values()), {key: shown(value) for key, value in old.items()}]
    return values


def wrong_ranges(old: int, as_text: bool) -> list[Any]:
    """Integers out of range (or just different) for a field that held the integer ``old``."""
    values: list[Any] = [0, -1, 1, 4, 54, 60, 110, 2**31, 2**64, -(2**64), 10**4000, huge(as_text)]
    if old.bit_length() <= 64:
        values += [-old, -old - 1, old + 1, old - 1, old + 60, old * 1000]
    return values


def invented(draw: st.DrawFn, as_text: bool) -> dict:
    """An event made up from a name and fields of any type and range."""
    anything = st.one_of(
        st.integers(-3, 120), unprintable([None, "1", [1], [[0, 0]], {}, 1.0, True, huge(as_text), deep(as_text)])
    )
    event: dict[str, Any] = {"e": draw(st.sampled_from([*records.DECISIONS, "turn", "reshuffle", "score", "", "?"]))}
    event["player"] = draw(st.one_of(st.integers(-1, 6), anything))
    for name in draw(st.lists(st.sampled_from(["tile", "cards", "paid", "slot", "at", "deck", "exact"]), max_size=4)):
        event[name] = draw(st.one_of(anything, st.lists(st.integers(-2, 120), max_size=5)))
    return event


@dataclass
class Case:
    """A mutated record, whether it goes through JSON text, and what was done to it.

    Its repr is the list of mutations: a failing example is reported readably, where the repr of a
    100,000-deep list or a 5,000-digit number would itself raise.
    """

    document: Any
    as_text: bool
    done: list[str]

    def __repr__(self) -> str:
        return f"Case({'text' if self.as_text else 'object'}: {'; '.join(self.done)})"


def mutate_at(
    draw: st.DrawFn, document: Any, path: tuple, old: Any, kind: str, as_text: bool, done: list[str]
) -> tuple[Any, list[str]]:
    """One mutation of the value ``old`` at ``path``: another value, deleted, or an object with a field more."""
    document, holder = copy_along(document, path)
    last = path[-1]
    if kind == "value":
        is_int = isinstance(old, int) and not isinstance(old, bool)
        choices = wrong_ranges(old, as_text) if is_int and draw(st.booleans()) else wrong_types(old, as_text)
        holder[last] = draw(unprintable(choices))
        done.append(f"{path} = {shown(holder[last])}")
    elif kind == "delete":
        del holder[last]
        done.append(f"del {path}")
    elif isinstance(old, dict):
        old = dict(old)
        old[draw(st.sampled_from(["extra", "id", "e", "player", "tile"]))] = draw(st.sampled_from([1, "x", None]))
        holder[last] = old
        done.append(f"{path} got {shown(old)}")
    return document, done


@st.composite
def mutated(draw: st.DrawFn) -> Case:
    """A good record with one to three mutations, to be loaded from JSON text or as a Python object."""
    as_text = draw(st.booleans())
    which = draw(st.integers(0, len(good_records()) - 1))
    document: Any = good_records()[which]
    by_section = paths_by_section(which)
    done = [f"record {which}"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["value"] * 5 + ["delete", "add"] + ["events"] * 3 + ["whole"]))
        if not isinstance(document, dict):
            break
        if kind == "events" and isinstance(document.get("events"), list) and document["events"]:
            events = list(document["events"])
            at = draw(st.integers(0, len(events) - 1))
            other = draw(st.integers(0, len(events) - 1))
            how = draw(st.sampled_from(["duplicate", "delete", "swap", "truncate", "move", "foreign", "invent"]))
            if how == "duplicate":
                events.insert(at, events[at])
            elif how == "delete":
                del events[at]
            elif how == "swap":
                events[at], events[other] = events[other], events[at]
            elif how == "truncate":
                events = events[:at]
            elif how == "move":
                events.insert(other, events.pop(at))
            elif how == "foreign":
                events[at] = good_records()[(which + 1) % len(good_records())]["events"][at % 50]
            else:
                events.insert(at, invented(draw, as_text))
            document = dict(document, events=events)
            done.append(f"events: {how} at {at} (other {other})")
            continue
        if kind == "whole":
            how = draw(st.sampled_from(["in a list", "nested", "scalar", "unknown deep field"]))
            if how == "in a list":
                document = [document]
            elif how == "nested":
                document = {"format": records.FORMAT, "config": deep_list(draw(st.sampled_from([30, 3000])))}
            elif how == "scalar":
                document = draw(unprintable([None, 0, "alhambra", huge(as_text), deep(as_text)]))
            else:
                document = dict(document, annotations=deep(as_text))
            done.append(f"whole: {how}")
            continue
        # the events are most of a record, and the setup holds the ids a deal is checked with
        section = draw(st.sampled_from([*sorted(by_section), "setup", "events", "events", "events"]))
        path = draw(st.sampled_from(by_section[section]))
        old = document
        for step in path:
            if not isinstance(old, dict | list) or step not in (old if isinstance(old, dict) else range(len(old))):
                break  # an earlier mutation changed what this path leads to
            old = old[step]
        else:
            document, done = mutate_at(draw, document, path, old, kind, as_text, done)
    return Case(document, as_text, done)


def to_text(document: Any) -> str:
    """JSON text of ``document`` with the placeholders swapped for a 100,000-deep array or a 5,000-digit number."""
    text = json.dumps(document)
    text = text.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)
    return text.replace(json.dumps(DIGITS), "9" * 5000)


def encoded(text: str, how: str, where: float) -> bytes:
    """The text as a file's bytes: UTF-8, or another encoding, or UTF-8 broken, cut or padded beyond the cap."""
    if how == "utf-16":
        return text.encode("utf-16")
    if how == "utf-16-be":
        return text.encode("utf-16-be")  # no byte order mark: NUL bytes everywhere
    if how == "utf-32":
        return text.encode("utf-32")
    if how == "latin-1":
        return text.replace('"P0"', '"Pé"').encode("latin-1", errors="replace")
    raw = text.encode("utf-8", errors="surrogatepass")  # a lone surrogate is no UTF-8
    at = int(len(raw) * where)
    if how == "bom":
        return b"\xef\xbb\xbf" + raw
    if how == "bad byte":
        return raw[:at] + b"\xff" + raw[at:]
    if how == "cut":
        return raw[:at]
    if how == "oversize":
        return raw + b" " * (MAX_BYTES + 1 - len(raw))
    return raw


@settings(
    max_examples=1000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    case=mutated(),
    encoding=st.sampled_from(
        ["utf-8"] * 14 + ["bom", "utf-16", "utf-16-be", "utf-32", "latin-1", "bad byte", "cut"] + ["oversize"]
    ),
    where=st.floats(0, 1),
)
def test_mutated_records_load_or_are_refused_in_one_line_d_rng_1(case, encoding, where):
    """[D-RNG-1] [B-SETUP-3] [B-COMP-2] a mutated record (as a Python object with 5,000-digit numbers and
    100,000-deep lists, or as the bytes of a file in UTF-8 or another encoding) either loads or is refused
    with one short RecordError line; nothing else escapes, even with the replay's guard switched off."""
    document, as_text = case.document, case.as_text
    with mock.patch.object(records, "REPLAY_GUARD", False):
        if as_text:
            try:
                text = to_text(document)
            except (ValueError, RecursionError):  # a 5,000-digit number or a deep list: only an object holds it
                as_text = False
        if not as_text:
            event(outcome(refusal(lambda: from_record(document))))
            return
        raw = encoded(text, encoding, where)
        message = refusal(lambda: loads(raw))
        event(outcome(message))
        if encoding in ("utf-16", "utf-16-be", "utf-32", "bad byte", "oversize"):
            assert message is not None, "a record in another encoding, or over the cap, was loaded"


def outcome(message: str | None) -> str:
    """What a fuzz example came to, for ``--hypothesis-show-statistics``: loaded, or where it was refused."""
    if message is None:
        return "loaded"
    return re.sub(r"\d+", "N", message)[:32]


def test_the_fuzz_test_sees_every_event_name():
    """[D-RNG-1] the good records the fuzz test mutates hold every kind of event it must survive, end_turn
    ([B-TURN-4]) and reshuffle ([B-FILL-2]) included, and load as they are."""
    names = {event["e"] for record in good_records() for event in record["events"]}
    assert {"take", "buy", "place", "reserve", "lift", "dirk", "dirk_gets", "reshuffle", "score", "end_turn"} <= names
    for record in good_records():
        assert refusal(lambda record=record: from_record(record)) is None


# ---------------------------------------------------------------------------- the crashes found by a tester
def tampered(change: Callable[[dict], None], which: int = 1) -> dict:
    record = copy.deepcopy(good_records()[which])
    change(record)
    return record


def event_index(record: dict, name: str, which: int = 0) -> int:
    """The index of the ``which``-th decision named ``name`` (a reserve right after a lift is the rules' doing)."""
    events = record["events"]
    return [i for i, e in enumerate(events) if e["e"] == name and (i == 0 or events[i - 1]["e"] != "lift")][which]


@pytest.mark.parametrize("value", [-1, -(2**70), CARD_COUNT, 9999, HUGE_PARAM])
def test_card_id_out_of_range_in_setup_hands_is_refused_b_setup_3(value):
    """[B-SETUP-3] a hand holding card -1 or 9999 (or a 5,000-digit number) is refused, naming the hand,
    before any table is indexed with the id."""
    message = refused(lambda: from_record(tampered(lambda r: r["setup"]["hands"][0].__setitem__(0, value))))
    assert message.startswith("setup.hands[0][0]: card "), message
    assert "does not exist" in message


@pytest.mark.parametrize(
    ("field", "value"),
    [("bag", -1), ("bag", 54), ("market", -5), ("deck", -1), ("deck", 500), ("offer", -2), ("offer", CARD_COUNT)],
)
def test_ids_out_of_range_in_the_setup_are_refused(field, value):
    """[B-SETUP-2] [B-SETUP-5] [B-SETUP-6] a tile or card id out of range anywhere in the setup is refused,
    naming the field and position."""
    message = refused(lambda: from_record(tampered(lambda r: r["setup"][field].__setitem__(0, value))))
    assert message.startswith(f"setup.{field}[0]: "), message


def test_ids_out_of_range_in_dirks_tiles_and_start_player_are_refused_b_dirk_2():
    """[B-DIRK-2] [B-SETUP-4] a tile of Dirk's that does not exist, or a start player who is no seat, is refused."""
    message = refused(lambda: from_record(tampered(lambda r: r["setup"]["dirk"].__setitem__(2, -7), which=0)))
    assert message.startswith("setup.dirk[2]: tile -7 does not exist"), message
    for value in (-1, 3, 2**64, "0", True):
        message = refused(
            lambda value=value: from_record(tampered(lambda r: r["setup"].__setitem__("start_player", value)))
        )
        assert message.startswith("setup.start_player"), message


def test_deal_problems_checks_ids_before_indexing_b_setup_3():
    """[B-SETUP-3] ``deal_problems`` on a deal holding ids that are no tile or card (a deal from a file
    may hold anything) reports them instead of raising IndexError from the card values table."""
    bad = Deal(
        players=2,
        bag=(-1,),
        deck=(),
        hands=((-1, 10**30), (True,)),
        start_player=5,
        market=(),
        offer=(),
        parts={"dirk": ()},
    )
    problems = deal_problems(bad)
    assert any("[B-COMP-2]" in p for p in problems) and any("[B-COMP-3]" in p for p in problems)
    assert any("[B-SETUP-4]" in p for p in problems)


@pytest.mark.parametrize("name", ["place", "reserve", "buy", "take"])
@pytest.mark.parametrize("value", [-1, 9999, HUGE_PARAM, "3", 2.0, None, [1], {"id": 1}])
def test_bad_ids_in_events_are_refused_at_the_event_d_rng_1(name, value):
    """[D-RNG-1] [B-PLACE-2] [B-TURN-2] [B-TURN-3] a tile or card in a decision event that does not exist or is no
    integer stops the replay at that event, with the event named."""
    record = good_records()[1]
    i = event_index(record, name, 2)
    field = {"take": "cards", "buy": "paid"}.get(name, "tile")

    def change(r: dict) -> None:
        r["events"][i][field] = [value] if field in ("cards", "paid") else value

    message = refused(lambda: from_record(tampered(change)))
    assert message.startswith(f"event {i} ({name})"), message


@pytest.mark.parametrize("which", ["tiles", "cards"])
@pytest.mark.parametrize("value", [[1, 2], {"a": 1}, None, "4", 1.0, True])
def test_id_that_is_a_list_or_object_is_refused_b_comp_2(which, value):
    """[B-COMP-2] [B-COMP-3] an id in tiles or cards that is a list or an object (unhashable, so it cannot key
    a table) or any other non-integer is refused, naming the entry."""
    message = refused(lambda: from_record(tampered(lambda r: r[which][3].__setitem__("id", value))))
    assert message.startswith(f"{which}[3]: id must be an integer"), message


def test_deeply_nested_json_is_refused_d_rng_1():
    """[D-RNG-1] JSON nested deeper than Python's recursion limit is refused, as text and inside a record;
    a Python object nested as deep in any field gives no RecursionError either."""
    assert "nested too deeply" in refused(lambda: loads("[" * 100_000 + "]" * 100_000))
    assert "nested too deeply" in refused(lambda: loads('{"a":' * 100_000 + "1" + "}" * 100_000))
    text = good_text().replace('"seed": 5', '"seed": ' + "[" * 50_000 + "]" * 50_000)
    assert "nested too deeply" in refused(lambda: loads(text))
    deep = deep_list(100_000)
    i = event_index(good_records()[1], "place", 3)
    for change in (
        lambda r: r["config"].__setitem__("seed", deep),
        lambda r: r["events"].__setitem__(i, deep),
        lambda r: r["events"][i].__setitem__("tile", deep),
        lambda r: r["events"][i - 1].__setitem__("player", deep),
        lambda r: r["result"].__setitem__("scores", deep),
        lambda r: r["setup"].__setitem__("market_currencies", deep),
    ):
        refused(lambda change=change: from_record(tampered(change)))


def test_huge_integer_is_refused_d_rng_1():
    """[D-RNG-1] a 5,000-digit integer literal is refused while parsing; as a Python value (from_record), in the
    seed, an id, a player, a score or the format, it is refused with a message that does not print it."""
    text = good_text().replace('"seed": 5', '"seed": ' + "7" * 5000)
    assert "digits" in refused(lambda: loads(text))
    i = event_index(good_records()[1], "place", 3)
    for change in (
        lambda r: r.__setitem__("format", HUGE),
        lambda r: r["config"].__setitem__("seed", HUGE),
        lambda r: r["config"].__setitem__("modules", [HUGE]),
        lambda r: r["tiles"][0].__setitem__("id", HUGE),
        lambda r: r["events"][i].__setitem__("player", HUGE),
        lambda r: r["events"][i].__setitem__("at", [HUGE, 0]),
        lambda r: r["events"][i].__setitem__("tile", HUGE),
        lambda r: r["result"]["scores"].__setitem__(0, HUGE),
    ):
        message = refused(lambda change=change: from_record(tampered(change)))
        assert "9999999999" not in message and "0000000000" not in message, message


def test_seed_is_bounded_d_rng_1():
    """[D-RNG-1] a seed drives every later reshuffle; one of 2**64 or more in size is refused, not carried
    into arithmetic and file names, while the seeds this program draws load."""
    assert "config.seed" in refused(lambda: from_record(tampered(lambda r: r["config"].__setitem__("seed", 2**64))))
    game = random_game(3, 2**63, steps=20)
    assert state_key(loads(json.dumps(to_record(game))).state) == state_key(game.state)


def test_dev_zero_is_refused_without_reading_it():
    """An endless device (/dev/zero) is no record file: refused by what it is, before a byte is read."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert refused(lambda: load("/dev/zero")).endswith("not a regular file (a folder, pipe or device)")


def test_a_folder_is_refused_as_no_file(tmp_path):
    """A folder given as a record is refused in one line."""
    assert refused(lambda: load(tmp_path)).endswith("not a regular file (a folder, pipe or device)")


def test_file_over_the_cap_is_refused(tmp_path):
    """A file one byte over 20 MB is refused (a real record is 50-150 KB); one at the cap is read and judged."""
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(MAX_BYTES + 1)
    assert "larger than 20 MB" in refused(lambda: load(path))
    text = good_text()
    path.write_text(text + " " * (MAX_BYTES - len(text)), encoding="utf-8")
    assert refusal(lambda: load(path)) is None
    assert "longer than 20 MB" in refused(lambda: loads(text + " " * (MAX_BYTES + 1 - len(text))))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_whether_or_not_anyone_writes(tmp_path):
    """A FIFO is no record file: one that nobody writes is refused at once instead of blocking for ever in
    ``open`` (the reader opens without blocking, then looks at what it opened), and so is one being fed."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    answer: list[str] = []
    reader = threading.Thread(target=lambda: answer.append(refused(lambda: load(fifo))), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "reading a FIFO that nobody writes blocked"
    assert answer[0].endswith("not a regular file (a folder, pipe or device)")

    def feed() -> None:
        try:
            with fifo.open("wb") as pipe:
                pipe.write(good_text().encode())
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    while writer.is_alive():  # opened for reading until the writer's open returns
        message = refusal(lambda: load(fifo))
        assert message is not None and message.endswith("not a regular file (a folder, pipe or device)")
        writer.join(timeout=0.05)


def test_non_utf8_files_are_refused_and_a_bom_is_skipped(tmp_path):
    """A record is UTF-8 JSON: a file in Latin-1 or UTF-16 is refused with the reason; a UTF-8 byte order mark
    (some Windows editors add one) is skipped as RFC 8259 allows, so such a file loads."""
    text = good_text()
    path = tmp_path / "record.json"
    path.write_bytes(text.replace('"P0"', '"Pé"').encode("latin-1"))
    assert "not UTF-8" in refused(lambda: load(path))
    path.write_bytes(text.encode("utf-16"))
    assert "UTF-16" in refused(lambda: load(path))
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert refusal(lambda: load(path)) is None
    assert refusal(lambda: loads("\ufeff" + text)) is None


def test_unreadable_paths_are_refused_in_one_line(tmp_path):
    """A directory, a missing file or a path with a NUL character gives one RecordError line."""
    for path in (tmp_path, tmp_path / "missing.json", str(tmp_path / "a\0b.json"), tmp_path / "new\nline.json"):
        assert refused(lambda path=path: load(path)).startswith("cannot read ")


def test_absurd_sizes_are_refused_before_the_replay():
    """[D-RNG-1] more events than any game has, or more tiles or cards than the game has, are refused before
    the replay (so a crafted file cannot make the load take minutes)."""
    events = good_records()[1]["events"]
    many = tampered(lambda r: r.__setitem__("events", events * (MAX_EVENTS // len(events) + 1)))
    with mock.patch.object(GameState, "apply", side_effect=AssertionError("the replay started")):
        assert f"no game has more than {MAX_EVENTS}" in refused(lambda: from_record(many))
        for which in ("tiles", "cards"):
            message = refused(lambda which=which: from_record(tampered(lambda r: r[which].extend(r[which]))))
            assert message.startswith(f"{which}: expected"), message
        message = refused(lambda: from_record(tampered(lambda r: r["setup"]["bag"].extend(range(TILE_COUNT)))))
        assert message.startswith("setup.bag lists"), message


def test_names_must_be_short_printable_lines():
    """A player's name or agent is a short line: a 10,000-character name or one with a line break is refused."""
    for name in ("x" * 10_000, "two\nlines", 7, None):
        message = refused(
            lambda name=name: from_record(tampered(lambda r: r["config"]["players"][0].__setitem__("name", name)))
        )
        assert message.startswith("config.players[0]"), message


def test_end_turn_event_is_checked_like_any_decision_b_turn_4():
    """[B-TURN-4] an end_turn decision by the wrong player, or where no exact payment allows it, stops the replay."""
    record = next(r for r in good_records() if any(e["e"] == "end_turn" for e in r["events"]))
    i = next(i for i, e in enumerate(record["events"]) if e["e"] == "end_turn")
    bad = copy.deepcopy(record)
    bad["events"][i]["player"] = (bad["events"][i]["player"] + 1) % len(bad["config"]["players"])
    assert refused(lambda: from_record(bad)).startswith(f"event {i} (end_turn)")
    bad = copy.deepcopy(record)
    first_take = event_index(bad, "take")
    bad["events"][first_take] = {"e": "end_turn", "player": bad["events"][first_take]["player"]}
    assert refused(lambda: from_record(bad)).startswith(f"event {first_take} (end_turn")


def test_replay_guard_turns_an_engine_crash_into_record_error_d_rng_1():
    """[D-RNG-1] the last line of defence: an unexpected exception of the engine during the replay becomes a
    RecordError naming the event; switched off (as in the fuzz test) it propagates."""
    with mock.patch.object(GameState, "apply", side_effect=TypeError("boom")):
        assert refused(lambda: from_record(good_records()[1])).startswith("event 1 (")
        with mock.patch.object(records, "REPLAY_GUARD", False), pytest.raises(TypeError):
            from_record(good_records()[1])


def test_recursion_limit_is_untouched():
    """Loading never changes the interpreter's limits (the fix is checks, not a raised recursion limit)."""
    before = (sys.getrecursionlimit(), sys.get_int_max_str_digits())
    refused(lambda: loads("[" * 100_000 + "]" * 100_000))
    assert (sys.getrecursionlimit(), sys.get_int_max_str_digits()) == before
