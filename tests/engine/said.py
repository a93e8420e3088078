"""Checks of what the engine and the bots say to a player (issue 18), shared by the engine's and the bots' tests.

A ``Message`` or a refusal is a template and its arguments: ``check_message`` holds one to what the client and the
translators need (``docs/I18N.md``).
"""

from __future__ import annotations

from functools import cache
from string import Formatter

from game.engine.components import BUILDING_TYPES, CARD_COUNT, CURRENCIES, TILE_COUNT
from game.engine.messages import Message, argument_kind
from game.i18n import catalogues, words

# every argument kind's range of values: what the client's words can say
KIND_RANGE = {"tile": TILE_COUNT, "card": CARD_COUNT, "type": len(BUILDING_TYPES), "currency": len(CURRENCIES)}


@cache
def extracted(source: str = "", refusals_only: bool = False) -> frozenset[str]:
    """Every template the catalogues' extractor finds (``catalogues.extract``) in the engine and the bots, or in
    ``source`` alone; with ``refusals_only`` only refusals: ``IllegalAction``'s and those marked (the engine marks
    nothing else)."""
    from babel.messages.extract import extract_from_dir

    keywords = {"IllegalAction": (2,), "mark": None} if refusals_only else catalogues.KEYWORDS
    found = set()
    for folder in (source,) if source else ("game/engine", "ai"):
        for _, _, message, _, _ in extract_from_dir(
            catalogues.ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=keywords,  # type: ignore[arg-type]
        ):
            found.add(message if isinstance(message, str) else message[0])
    return frozenset(found)


def placeholders(template: str) -> set[str]:
    """The names of ``template``'s placeholders; a placeholder without a name, a conversion (``!r``) or a format
    (``:+.1f``) fails: a translator keeps names, nothing else."""
    names = set()
    for literal, name, spec, conversion in Formatter().parse(template):
        assert "{" not in literal and "}" not in literal, f"literal braces in {template!r}"
        if name is None:
            continue
        assert name.isidentifier() and not spec and conversion is None, f"{{{name}}} in {template!r}"
        names.add(name)
    return names


def check_message(template: str, args: dict[str, object]) -> None:
    """``template`` names exactly ``args``, each argument of a kind holds a value of that kind, the extractor
    finds the template, and the client can say it (``words``: in English, as the rule books' words)."""
    if args:
        assert placeholders(template) == set(args), (template, sorted(args))
    else:
        assert "{" not in template and "}" not in template, template
    for name, value in args.items():
        kind = argument_kind(name)
        if kind == "cards":
            assert isinstance(value, tuple) and all(0 <= card < CARD_COUNT for card in value), (name, value)
        elif kind is not None:
            assert type(value) is int and 0 <= value < KIND_RANGE[kind], (name, value)
        elif isinstance(value, Message):
            check_message(value.template, dict(value.args))
    assert template in extracted(), f"the extractor misses {template!r}"
    said = words.fill_local(template, args)
    assert "{" not in said.replace(str(args.get("value", "")), ""), said
