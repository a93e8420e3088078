"""The shape of an action from outside: the right kind of action, whole numbers where ids belong, ids that exist.

Actions reach the engine from the client, from records, from the command line and from bots'
answers; any of them may be malformed (a number where a tuple of cards belongs, a tile id far
below the tables, ``True`` for a slot).  ``check_shape`` refuses such an action with
``IllegalAction`` naming the rule of the move it pretends to be, and describes the object as it
was given, before a rule check could index a table with it.

The search never calls it: the moves it plays come from ``legal_actions`` and are well formed by
construction (``GameState.apply_trusted``), and it plays millions of them.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .components import CARD_COUNT, MARKET_SLOTS, TILE_COUNT
from .errors import IllegalAction
from .modules import ACTION_TYPES

SIDE_NAMES = ("N", "E", "S", "W")
REACH = 60  # no Alhambra of 55 tiles reaches further from its start tile
MAX_CARDS_NAMED = 16  # more cards than any take or payment could name ([B-TURN-2], [B-TURN-3])


def shown(value: Any) -> str:
    """``value`` as given, short enough for one line, even when ``repr`` itself fails.

    ``repr`` fails on huge ints and deep nesting, and an object from outside may define a ``__repr__`` that
    raises anything at all: describing a refused object must never turn the refusal into another error.
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError, MemoryError):
        return f"a {_type_name(value)} too large to show"
    except Exception:
        return f"a {_type_name(value)} that cannot be shown"
    return text if len(text) <= 80 else text[:77] + "..."


def _type_name(value: Any) -> str:
    """The name of ``value``'s type, even for a type whose name was tampered with."""
    name = getattr(type(value), "__name__", None)
    return name if isinstance(name, str) and name.isidentifier() and len(name) <= 40 else "object"


def _is_whole(value: Any) -> bool:
    return type(value) is int  # bool, a subclass of int, is refused: True is not card 1


def _card_ids(action: Action, name: str, value: Any) -> None:
    kind = type(action).__name__
    if type(value) is not tuple or not all(map(_is_whole, value)):
        raise IllegalAction(
            action.rule,
            "{action}.{field} must be a tuple of card ids, not {value}",
            action=kind,
            field=name,
            value=shown(value),
        )
    if len(value) > MAX_CARDS_NAMED:
        raise IllegalAction(
            action.rule,
            "{action}.{field} names {count} cards; no move uses that many",
            action=kind,
            field=name,
            count=len(value),
        )
    for card in value:
        if not 0 <= card < CARD_COUNT:
            raise IllegalAction(
                action.rule,
                "there is no card {value} (cards are numbered 0 to {last})",
                value=shown(card),
                last=CARD_COUNT - 1,
            )


def _tile_id(action: Action, name: str, value: Any) -> None:
    kind = type(action).__name__
    if not _is_whole(value):
        raise IllegalAction(
            action.rule, "{action}.{field} must be a tile id, not {value}", action=kind, field=name, value=shown(value)
        )
    if not 0 <= value < TILE_COUNT:
        raise IllegalAction(
            action.rule,
            "there is no tile {value} (tiles are numbered 0 to {last})",
            value=shown(value),
            last=TILE_COUNT - 1,
        )


def _card_id(action: Action, name: str, value: Any) -> None:
    if not _is_whole(value):
        raise IllegalAction(
            action.rule,
            "{action}.{field} must be a card id, not {value}",
            action=type(action).__name__,
            field=name,
            value=shown(value),
        )
    _card_ids(action, name, (value,))


def _not_whole(rule: str, action: Action, name: str, value: Any) -> IllegalAction:
    """The refusal of a field that must be a whole number, under ``rule`` (built only when refused)."""
    return IllegalAction(
        rule,
        "{action}.{field} must be a whole number, not {value}",
        action=type(action).__name__,
        field=name,
        value=shown(value),
    )


def _coordinate(action: Action, name: str, value: Any) -> None:
    if not _is_whole(value):
        raise _not_whole("B-PLACE-2", action, name, value)
    if not -REACH <= value <= REACH:
        raise IllegalAction(
            "B-PLACE-2", "{field} = {value} is nowhere near the Alhambra", field=name, value=shown(value)
        )


def _whole(action: Action, name: str, value: Any) -> None:
    """A number the action's own rule checks the range of (a module's room: [M-CHEST-3])."""
    if not _is_whole(value):
        raise _not_whole(action.rule, action, name, value)


def _sides(action: Action, name: str, value: Any) -> None:
    """Sides of a tile, each a letter of NESW (the gates of a placement: [M-GATE-5])."""
    if type(value) is not tuple or len(value) > len(SIDE_NAMES) or not all(side in SIDE_NAMES for side in value):
        raise IllegalAction(
            action.rule,
            "{action}.{field} must be a tuple of sides N, E, S, W, not {value}",
            action=type(action).__name__,
            field=name,
            value=shown(value),
        )


def _slot(action: Action, name: str, value: Any) -> None:
    if not _is_whole(value) or value not in MARKET_SLOTS:
        raise IllegalAction("B-COMP-5", "the market has slots 1 to 4, not {slot}", slot=shown(value))


_FIELD_CHECKS = {
    "cards": _card_ids,
    "paid": _card_ids,
    "exchange": _card_ids,  # a vizier purchase's exchange card, or none ([M-EXCH-3])
    "card": _card_id,
    "tile": _tile_id,
    "reserve_tile": _tile_id,
    "alhambra_tile": _tile_id,
    "falcon": _tile_id,  # the falcon bought ([M-FALCON-2]); its corner is x, y
    "piece": _tile_id,  # a wooden piece placed ([M-CHEST-5] a chest)
    "room": _whole,  # [M-CHEST-3] a room of the treasure chamber
    "other_piece": _tile_id,  # [M-TRADER-3] the citizen taken from the supply in an exchange
    "took": _card_id,  # [M-THIEF-3] the money card a thief takes
    "x": _coordinate,
    "y": _coordinate,
    "slot": _slot,
    "sides": _sides,
}


def check_shape(action: Any) -> None:
    """Raise IllegalAction unless ``action`` is an Alhambra action with well-formed fields."""
    kind = type(action)
    if kind not in ACTION_TYPES:
        raise IllegalAction("B-TURN-1", "{action} is not an Alhambra action", action=shown(action))
    if len(action) != len(kind._fields):
        raise IllegalAction(
            action.rule,
            "{action} has {count} fields, not {given}",
            action=kind.__name__,
            count=len(kind._fields),
            given=len(action),
        )
    for name, value in zip(kind._fields, action, strict=True):
        _FIELD_CHECKS[name](action, name, value)
