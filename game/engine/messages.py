"""Sentences the engine and the bots say to a player, kept as a template and its named arguments.

A refusal ("{tile} costs {cost}; {total} is not enough") or a hint's reason is English text for records, logs
and tests, and at the table it is said in the player's language (issue 18): the client looks the template up
in its catalogue and fills the arguments in its own words.  So the engine never builds the sentence for a
player; it keeps the parts.

Arguments whose name says what they hold are turned into words by whoever says the message:

- ``tile``, or a name ending in ``_tile``: a tile id;
- ``card``, or a name ending in ``_card``: a card id; ``cards``: a tuple of card ids;
- ``type``, or a name ending in ``_type``: a building type (an index of BUILDING_TYPES);
- ``currency``, or a name ending in ``_currency``: a currency (an index of CURRENCIES).

Every other argument is shown as it is (numbers, rule ids).  ``mark`` only marks a template for the
catalogues' extractor (it is gettext's ``N_``); the engine itself translates nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .components import BUILDING_TYPES, CURRENCIES, describe_card, describe_tile


def mark(template: str) -> str:
    """Mark an English template for the message catalogues (returned unchanged)."""
    return template


def argument_kind(name: str) -> str | None:
    """What an argument called ``name`` holds: 'tile', 'card', 'cards', 'type', 'currency' or None (as it is)."""
    if name == "cards" or name.endswith("_cards"):
        return "cards"
    for kind in ("tile", "card", "type", "currency"):
        if name == kind or name.endswith("_" + kind):
            return kind
    return None


ENGLISH_WORDS: dict[str, Callable[[object], str]] = {
    "tile": lambda tile: describe_tile(tile),  # type: ignore[arg-type]
    "card": lambda card: describe_card(card),  # type: ignore[arg-type]
    "cards": lambda cards: " + ".join(describe_card(card) for card in cards),  # type: ignore[attr-defined]
    "type": lambda kind: BUILDING_TYPES[kind],  # type: ignore[index]
    "currency": lambda currency: CURRENCIES[currency],  # type: ignore[index]
}


def fill(template: str, args: Mapping[str, object], words: Mapping[str, Callable[[object], str]]) -> str:
    """``template`` with its arguments turned into words by ``words`` (by argument kind)."""
    if not args:
        return template
    shown = {}
    for name, value in args.items():
        kind = argument_kind(name)
        shown[name] = words[kind](value) if kind is not None else value
    return template.format(**shown)


class Message(str):
    """A sentence in English (it is that ``str``) that also keeps its template and arguments, so that it can
    be said again in another language.  ``Message.of("{tile} is no hut", tile=7)``."""

    template: str
    args: Mapping[str, object]

    @classmethod
    def of(cls, template: str, **args: object) -> Message:
        message = cls(fill(template, args, ENGLISH_WORDS))
        message.template = template
        message.args = args
        return message

    def __reduce__(self) -> tuple:  # pickles (a bot's decision crosses processes) with its parts
        return (_rebuild, (self.template, dict(self.args)))


def _rebuild(template: str, args: dict[str, object]) -> Message:
    return Message.of(template, **args)
