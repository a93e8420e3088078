"""Game records (``alhambra-record/1``, see RECORD.md): write them, read them back, replay them.

A record is self-contained: it lists every tile and card, the deal in draw order, every event
and the result.  Reading one replays it through the engine from the deal: each decision in the
record is applied as an action (so the rules check it) and every event the engine derives from it
(refills, reshuffles, scorings, the end) must match the record's next events exactly.  Any
difference stops the load with a one-line reason naming the first bad event, and nothing of the
half-read game is returned.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .actions import Action, Buy, EndTurn, FromReserve, GiveToDirk, Lift, Pass, Place, Reserve, Swap, Take
from .components import (
    BUILDING_COUNT,
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    MARKET_CURRENCY,
    SCORING_CARDS,
    START_TILE_BASE,
    TILE_COST,
    TILE_TYPE,
    TILE_WALLS,
    scoring_round_of,
    walls_to_text,
)
from .game import Game, GameConfig, Seat
from .setup import Deal, deal_problems, money_cards_for
from .state import ACTION, GameState, IllegalAction

FORMAT = "alhambra-record/1"
DECISIONS = ("take", "buy", "place", "reserve", "lift", "dirk", "end_turn", "pass")


class RecordError(ValueError):
    """A record that cannot be loaded; the message is one line saying why."""


# ---------------------------------------------------------------------------- writing
def tile_entries(players: int) -> list[dict[str, Any]]:
    tiles: list[dict[str, Any]] = [{"id": START_TILE_BASE + p, "kind": "start"} for p in range(players)]
    tiles += [
        {
            "id": t,
            "kind": "building",
            "type": BUILDING_TYPES[TILE_TYPE[t]],
            "cost": TILE_COST[t],
            "walls": walls_to_text(TILE_WALLS[t]),
        }
        for t in range(BUILDING_COUNT)
    ]
    return tiles


def card_entries(players: int) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = [
        {"id": c, "kind": "money", "currency": CURRENCIES[CARD_CURRENCY[c]], "value": CARD_VALUE[c]}
        for c in money_cards_for(players)
    ]
    cards += [{"id": c, "kind": "scoring", "round": scoring_round_of(c)} for c in SCORING_CARDS]
    return cards


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
        "tiles": tile_entries(config.players),
        "cards": card_entries(config.players),
        "setup": {
            "market_currencies": [CURRENCIES[c] for c in MARKET_CURRENCY],
            "bag": list(dealt.bag),
            "deck": list(dealt.deck),
            "hands": [list(hand) for hand in dealt.hands],
            "start_player": dealt.start_player,
            "market": list(dealt.market),
            "offer": list(dealt.offer),
            "dirk": list(dealt.dirk),
        },
        "events": [dict(event) for event in game.events],
    }
    if state.is_over:
        record["result"] = {"scores": list(state.scores), "winners": state.winners()}
        if state.with_dirk:
            record["result"]["dirk_score"] = state.dirk_score
    return record


def save(game: Game, path: str | Path) -> None:
    """Write the record atomically: a crash while saving never leaves a half-written file behind."""
    target = Path(path)
    scratch = target.with_name(target.name + ".partial")
    scratch.write_text(json.dumps(to_record(game), separators=(",", ":")), encoding="utf-8")
    scratch.replace(target)


# ---------------------------------------------------------------------------- reading
def load(path: str | Path) -> Game:
    """Read and replay a record file; RecordError says in one line why a file is refused."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {path}: {error}") from None
    return loads(text)


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not a game record: broken or truncated JSON ({error})") from None
    return from_record(data)


def from_record(data: Any) -> Game:
    if not isinstance(data, dict):
        raise RecordError("not a game record: the document is not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record: format is {data.get('format')!r}, expected {FORMAT!r}")
    config = _config(data.get("config"))
    _check_components(data, config.players)
    dealt = _deal(data.get("setup"), config.players)
    events = data.get("events")
    if not isinstance(events, list) or not events:
        raise RecordError("the record has no events (a game starts with a 'turn' event)")
    game = Game(config, dealt, GameState.start(dealt, config.seed, log=[]))
    _replay(game, events)
    _check_result(game.state, data.get("result"))
    return game


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: Any, what: str) -> list[int]:
    _need(isinstance(value, list) and all(_is_int(v) for v in value), f"{what} must be a list of integers")
    return value


def _config(value: Any) -> GameConfig:
    _need(isinstance(value, dict), "config is missing")
    seed = value.get("seed")
    _need(_is_int(seed), "config.seed must be an integer")
    modules = value.get("modules", [])
    _need(isinstance(modules, list), "config.modules must be a list")
    _need(not modules, f"modules {modules} are not supported by this version (base game and Dirk only)")
    players = value.get("players")
    _need(isinstance(players, list) and 2 <= len(players) <= 6, "config.players must list 2 to 6 players")
    seats = []
    for seat in players:
        _need(
            isinstance(seat, dict) and isinstance(seat.get("name"), str) and isinstance(seat.get("agent"), str),
            "every player needs a name and an agent",
        )
        seats.append(Seat(seat["name"], seat["agent"]))
    return GameConfig(seed=seed, seats=tuple(seats))


def _check_components(data: dict, players: int) -> None:
    """The engine plays with the standard components; a record listing others is foreign or tampered."""
    for key, expected in (("tiles", tile_entries(players)), ("cards", card_entries(players))):
        listed = data.get(key)
        _need(
            isinstance(listed, list) and all(isinstance(item, dict) for item in listed),
            f"{key} must be a list of objects",
        )
        by_id = {item.get("id"): item for item in listed}
        _need(len(by_id) == len(listed), f"{key}: ids must be unique")
        _need(len(listed) == len(expected), f"{key}: expected {len(expected)} entries, found {len(listed)}")
        for entry in expected:
            found = by_id.get(entry["id"])
            _need(
                found is not None and all(found.get(k) == v for k, v in entry.items()),
                f"{key}: id {entry['id']} is not the standard {entry}",
            )


def _deal(value: Any, players: int) -> Deal:
    _need(isinstance(value, dict), "setup is missing")
    _need(
        value.get("market_currencies") == [CURRENCIES[c] for c in MARKET_CURRENCY],
        "setup.market_currencies must be florin, dirham, denar, ducat ([B-COMP-5])",
    )
    hands = value.get("hands")
    _need(isinstance(hands, list), "setup.hands must be a list")
    start = value.get("start_player")
    _need(_is_int(start), "setup.start_player must be an integer")
    dealt = Deal(
        players=players,
        bag=tuple(_int_list(value.get("bag"), "setup.bag")),
        deck=tuple(_int_list(value.get("deck"), "setup.deck")),
        hands=tuple(tuple(_int_list(hand, "setup.hands")) for hand in hands),
        start_player=start,
        market=tuple(_int_list(value.get("market"), "setup.market")),
        offer=tuple(_int_list(value.get("offer"), "setup.offer")),
        dirk=tuple(_int_list(value.get("dirk", []), "setup.dirk")),
    )
    problems = deal_problems(dealt)
    _need(not problems, f"setup: {problems[0] if problems else ''}")
    return dealt


def _same_event(expected: dict, found: Any) -> bool:
    """The record's event says what the engine did: every field the engine writes agrees (extra fields are fine)."""
    if not isinstance(found, dict):
        return False
    for key, value in expected.items():
        other = found.get(key)
        if key == "points" and isinstance(other, list):
            if _canonical(value) != _canonical(other):
                return False
        elif json.dumps(other, sort_keys=True) != json.dumps(value, sort_keys=True):
            return False  # compared as JSON so that 6.0 or true never pass for 6 or 1
    return True


def _canonical(items: list) -> list[str]:
    """Awards in any order compare equal."""
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def _action_at(state: GameState, events: list, index: int) -> Action:
    """The action a decision event (plus, for a swap, the two events after it) stands for."""
    event = events[index]
    kind = event.get("e")
    _need(
        event.get("player") == state.decider,
        f"event {index} ({kind}): it is player {state.decider}'s decision, not {event.get('player')!r}'s",
    )

    def field(name: str) -> Any:
        _need(name in event, f"event {index} ({kind}): field '{name}' is missing")
        return event[name]

    def tile() -> int:
        value = field("tile")
        _need(_is_int(value), f"event {index} ({kind}): tile must be an integer")
        return value

    def xy(name: str) -> tuple[int, int]:
        value = field(name)
        _need(
            isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value),
            f"event {index} ({kind}): '{name}' must be [x, y]",
        )
        return value[0], value[1]

    if kind == "take":
        return Take(tuple(_int_list(field("cards"), f"event {index} (take): cards")))
    if kind == "buy":
        _need(_is_int(field("slot")), f"event {index} (buy): slot must be an integer")
        return Buy(field("slot"), tuple(_int_list(field("paid"), f"event {index} (buy): paid")))
    if kind == "pass":
        return Pass()
    if kind == "end_turn":
        return EndTurn()
    if kind == "dirk":
        return GiveToDirk(tile())
    if kind == "place":
        x, y = xy("at")
        return FromReserve(tile(), x, y) if state.phase == ACTION else Place(tile(), x, y)
    if kind == "reserve":
        return Reserve(tile())
    if kind == "lift":
        following = events[index + 1] if index + 1 < len(events) else {}
        if isinstance(following, dict) and following.get("e") == "place":
            swapped_in = following.get("tile")
            _need(_is_int(swapped_in), f"event {index + 1} (place): tile must be an integer")
            return Swap(swapped_in, tile())
        return Lift(tile())
    raise RecordError(f"event {index}: expected a decision of player {state.decider}, found {kind!r}")


def _replay(game: Game, events: list) -> None:
    state = game.state
    log = game.events
    checked = 0
    while True:
        for index in range(checked, len(log)):
            _need(index < len(events), f"event {index}: the record ends, the game goes on with {log[index]['e']!r}")
            _need(
                _same_event(log[index], events[index]),
                f"event {index}: the record says {json.dumps(events[index])[:120]}, "
                f"the rules give {json.dumps(log[index])[:120]}",
            )
        checked = len(log)
        if checked == len(events):
            return
        _need(not state.is_over, f"event {checked}: the game is already over")
        event = events[checked]
        _need(isinstance(event, dict) and isinstance(event.get("e"), str), f"event {checked}: not an event object")
        _need(
            event["e"] in DECISIONS,
            f"event {checked}: expected a decision of player {state.decider}, found {event['e']!r}",
        )
        action = _action_at(state, events, checked)
        state.planned_shuffles = _shuffles_until_next_turn(events, checked)
        try:
            state.apply(action)
        except IllegalAction as error:
            raise RecordError(f"event {checked} ({event['e']} by player {event.get('player')}): {error}") from None
        except (ValueError, TypeError) as error:
            raise RecordError(f"event {checked} ({event['e']}): {error}") from None


def _shuffles_until_next_turn(events: list, start: int) -> list[list[int]]:
    """Reshuffles only happen while a turn ends, so the next ones before a 'turn' event belong to this decision."""
    orders = []
    for index in range(start, len(events)):
        event = events[index]
        if not isinstance(event, dict) or event.get("e") == "turn":
            break
        if event.get("e") == "reshuffle":
            orders.append(_int_list(event.get("deck"), f"event {index} (reshuffle): deck"))
    return orders


def _check_result(state: GameState, result: Any) -> None:
    if not state.is_over:
        _need(result is None, "the record has a result but the game is not over")
        return
    _need(isinstance(result, dict), "the game is over but the record has no result")
    expected = {"scores": state.scores, "winners": state.winners()}
    if state.with_dirk:
        expected["dirk_score"] = state.dirk_score
    for key, value in expected.items():
        _need(
            json.dumps(result.get(key)) == json.dumps(value),
            f"result.{key} is {json.dumps(result.get(key))}, the replay gives {json.dumps(value)}",
        )
