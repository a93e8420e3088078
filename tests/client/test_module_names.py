"""No client file outside ``game/client/modules/`` names a rule module: one static guard, one case per module.

Why: each rule module's client half lives in one file (``game/client/modules/<name>.py``), registered once in
``CLIENT_MODULES`` and compiled per ruleset by ``modules_for``.  The table, the scenes, the views and the score
sheet reach a module only through the hooks of its roles (``modules/base.py``), gathered over the modules that play
and over nothing in a base game.  A scene or view that names a module itself (an ``if "huts" in modules``, an import of
its panel, a special case for Dirk) would bypass the hooks: the module could no longer be changed, added or
removed in its one file, and its code could run in games it does not play in.  So every client file outside
the modules is read token by token, and any identifier (for Dirk, any string too) that names a module fails
the test, except in the few files listed in ``GUARDS``, each with why (and how often, but for the art).  Each
module's page of the rules help lives with it too (``modules/<name>_help.py``, its ``ClientModule.help_page``):
the rules help gathers the pages from the registry and names no module, not even by its key.
"""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from game.client.modules import CLIENT_MODULES
from game.engine.modules import NOT_OFFERED_YET

CLIENT = Path(__file__).resolve().parents[2] / "game" / "client"
ENGINE_MODULES = Path(__file__).resolve().parents[2] / "game" / "engine" / "modules"

IDENTIFIERS = frozenset({tokenize.NAME})
# Dirk is also a name shown to the players, so strings (docstrings too) may not say it either; comments may.
IDENTIFIERS_AND_STRINGS = frozenset(
    {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
)


def word(pattern: str) -> str:
    """The pattern as a whole word of an identifier: ``huts`` in ``hut_tokens`` or ``HutsClient``, not in
    ``shut``."""
    return rf"(?<![a-z])({pattern})(?![a-z])"


@dataclass(frozen=True)
class Guard:
    pattern: str  # searched in each token, lower-cased, as written and with its camelCase humps split by "_"
    kinds: frozenset[int]  # the token types searched
    allowed: dict[str, int | None]  # client files (outside modules/) that may name it: how often, or ANY number


ANY = None


# Where a module may still be named, and why.  Dirk's name is prose (strings), the others' are identifiers.  The
# 2024 edition's modules may be named any number of times in the art.
SPRITES = "sprites.py"  # the art: every module's tiles, cards and tokens drawn by id
RULES_HELP = "scenes/rules_help.py"  # the base game's page: the two-player game's rules (RULES.md §8) as prose
HELP_BLOCKS = "help_blocks.py"  # what the rules help's pages are made of, the modules' pages too
PIECES = "views/pieces.py"  # asks the sprites for the vizier's token and a bonus card's back
GUARDS = {
    "dirk": Guard(
        "dirk",
        IDENTIFIERS_AND_STRINGS,
        {
            "scenes/menu.py": 1,  # "The tile-laying game by Dirk Henn": the game's designer, not the module
            RULES_HELP: 3,  # the rules of the two-player game (RULES.md §8), as prose in the rules help
            "scenes/setup.py": 2,  # the player count's explanation, shown before any ruleset exists
        },
    ),
    "vizier": Guard(word("vizier"), IDENTIFIERS, {SPRITES: 1, PIECES: 1}),
    "exchange": Guard(word("exchange"), IDENTIFIERS, {SPRITES: 6}),
    "huts": Guard(word("huts?"), IDENTIFIERS, {SPRITES: 11}),
    "bonus": Guard(word("bonus"), IDENTIFIERS, {SPRITES: 7, PIECES: 1}),
    "camps": Guard(word("camps?"), IDENTIFIERS, {SPRITES: ANY}),
    "bazaars": Guard(word("bazaars?"), IDENTIFIERS, {SPRITES: ANY}),
    "falcons": Guard("falcon", IDENTIFIERS, {SPRITES: ANY}),
    "thieves": Guard(word("thief|thieves"), IDENTIFIERS, {SPRITES: ANY}),
    "traders": Guard(word("traders?"), IDENTIFIERS, {}),
    # "change" is also an everyday word of the code (a language change): the module's own name alone, or its coins
    "change": Guard(rf"^change$|{word('coins?')}", IDENTIFIERS, {SPRITES: ANY}),
    "chests": Guard(word("chests?"), IDENTIFIERS, {SPRITES: ANY}),
    "gates": Guard(word("gates?"), IDENTIFIERS, {SPRITES: ANY}),
    # "walls" is also an everyday word of the code (a tile's walls, the wall scoring): the name alone, counted where
    # it means those (a local ``walls``), or a wall card
    "walls": Guard(
        rf"^walls$|{word('wall_cards?')}",
        IDENTIFIERS,
        {SPRITES: ANY, "scenes/menu.py": 2, "score_sheet.py": 3, "views/alhambra.py": 2},
    ),
}


@cache
def _tokens(path: Path) -> tuple[tokenize.TokenInfo, ...]:
    return tuple(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))


def _forms(text: str) -> tuple[str, ...]:
    """``HutsClient`` is read as ``hutsclient`` and as ``huts_client``."""
    return text.lower(), re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower()


def _hits(path: Path, guard: Guard) -> list[str]:
    words = re.compile(guard.pattern)
    return [t.string for t in _tokens(path) if t.type in guard.kinds and any(words.search(f) for f in _forms(t.string))]


def test_every_module_has_a_guard() -> None:
    """One case per module: the client's registry, the engine's module files (but those the engine plays and setup
    does not offer yet, which the client does not know) and the guards name the same modules, and each guard catches
    its module's own engine name."""
    engine_names = {
        importlib.import_module(f"game.engine.modules.{path.stem}").NAME
        for path in ENGINE_MODULES.glob("*.py")
        if path.stem not in ("__init__", "base")
    }
    offered = engine_names - set(NOT_OFFERED_YET)  # a module not offered yet may have its client half already
    assert set(GUARDS) == set(CLIENT_MODULES)
    assert offered <= set(CLIENT_MODULES) <= engine_names
    for name, guard in GUARDS.items():
        assert re.search(guard.pattern, name), name


@pytest.mark.parametrize("module", list(GUARDS))
def test_no_client_code_outside_the_modules_names_the_module(module: str) -> None:
    """The files outside ``game/client/modules/`` that name ``module``, and how often, are exactly the
    allowed ones (a count that grows or shrinks is a change to look at, and to note in ``GUARDS``)."""
    guard = GUARDS[module]
    found = {}
    for path in sorted(CLIENT.rglob("*.py")):
        relative = path.relative_to(CLIENT).as_posix()
        if relative.startswith("modules/") or guard.allowed.get(relative, 0) is ANY:
            continue
        hits = _hits(path, guard)
        if hits:
            found[relative] = len(hits)
    assert found == {file: count for file, count in guard.allowed.items() if count is not ANY}, (
        f"client code outside game/client/modules/ names {module!r}: reach it through its roles' hooks "
        "(or, where naming it is right, such as art drawn by id, note the file and its count in GUARDS)"
    )


@pytest.mark.parametrize("relative", [RULES_HELP, HELP_BLOCKS])
def test_the_rules_help_names_no_module_in_code(relative: str) -> None:
    """Each module's page of the rules help (its sections, its drawn examples) lives with the module, in
    ``modules/<name>_help.py``, named by its ``ClientModule.help_page``: the rules help gathers the pages of the
    modules in the registry, and neither it nor the parts its pages are made of names a module, not in an
    identifier (Dirk's neither), nor by its key in a string."""
    path = CLIENT / relative
    named = [t.string for t in _tokens(path) if t.type == tokenize.STRING and t.string.strip("\"'") in GUARDS]
    named += [hit for guard in GUARDS.values() for hit in _hits(path, Guard(guard.pattern, IDENTIFIERS, {}))]
    assert named == [], f"{relative} names a module: {named}"
