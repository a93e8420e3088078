"""Each rule module owns its knowledge: static guards over the engine's files (read as tokens and syntax trees).

Why: a module (``game/engine/modules/<name>.py``) is one place for its rules, deal, record fields and components,
registered once in ``MODULES``.  The shared files reach it only through the hooks of ``modules/base.py``, typed
against the contract of ``play.py``: a shared file that names a module (an ``if "huts" in modules``, an import of
its constants, a hook named after it) would have to change with every module added, and a module that imports
another could not be switched off without it.  So:

- no engine file outside ``modules/`` names a module in an identifier, but the component catalogue;
- no module imports another module (``base`` is the hooks, not a module);
- no engine file imports ``GameState`` (or the state's file) for its type hints: hooks are typed against ``Play``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from game.engine.modules import MODULES

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
SHARED = sorted(path for path in ENGINE.glob("*.py"))
MODULE_FILES = sorted(path for path in (ENGINE / "modules").glob("*.py") if path.stem in MODULES)


def word(pattern: str) -> str:
    return rf"(?<![a-z])({pattern})(?![a-z])"


# A module's name as it appears in identifiers (its constants, classes and functions); Dirk's anywhere in one.
NAMES = {
    "dirk": "dirk",
    "vizier": word("vizier"),
    "exchange": word("exchange"),
    "huts": word("huts?"),
    "bonus": word("bonus"),
    "camps": word("camps?"),
    "bazaars": word("bazaars?"),
    "falcons": "falcon",
    "chests": word("chests?"),
    "thieves": word("thie(f|ves)"),
    "traders": word("traders?"),
    "change": word("change"),
    "gates": word("gates?"),
    "walls": word("wall_cards?|city_walls?|build_walls?|built_walls?|wall_up|sticks?"),
}
# Shared files that may name a module, and why.
ALLOWED = {
    # the catalogue of every printed component, read from ``components/`` (tiles and cards by their kinds: a hut,
    # a camp, an exchange card); the modules declare which of them they play with and what a record says of them
    "components.py",
}


def identifiers(path: Path) -> list[tuple[int, str]]:
    """(line, identifier) of every name in the file, with camelCase humps split by "_" and lower-cased."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [
        (token.start[0], re.sub(r"([a-z])([A-Z])", r"\1_\2", token.string).lower())
        for token in tokens
        if token.type == tokenize.NAME
    ]


def test_every_module_has_a_guard():
    assert set(NAMES) == set(MODULES), "a new module needs its guard here"


@pytest.mark.parametrize("module", sorted(NAMES))
def test_shared_engine_files_name_no_module(module: str):
    """No engine file outside ``modules/`` (``record.py``, ``setup.py``, ``state.py``, ``alhambra.py``, …) names a
    module: it reaches modules through their hooks only."""
    found = [
        f"{path.name}:{line} {name}"
        for path in SHARED
        if path.name not in ALLOWED
        for line, name in identifiers(path)
        if re.search(NAMES[module], name)
    ]
    assert not found, f"shared engine files name the {module} module: {found}"


def test_the_guard_sees_a_module_named():
    """The guard is no test that cannot fail: the words it looks for are found where they are written."""
    camps = ENGINE / "modules" / "camps.py"
    assert any(re.search(NAMES["camps"], name) for _, name in identifiers(camps))
    assert any(re.search(NAMES["dirk"], name) for _, name in identifiers(ENGINE / "modules" / "__init__.py"))


def imported_modules(path: Path) -> set[str]:
    """The engine files a file imports, as paths relative to ``game/engine`` without ``.py`` (``modules/bonus``)."""
    package = path.parent.relative_to(ENGINE).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(package[: len(package) - node.level + 1])
            target = [*base, *(node.module.split(".") if node.module else [])]
            found.add("/".join(target))
            found.update("/".join([*target, alias.name]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.engine."):
            target = node.module.removeprefix("game.engine.").split(".")
            found.add("/".join(target))
            found.update("/".join([*target, alias.name]) for alias in node.names)
    return found


@pytest.mark.parametrize("path", MODULE_FILES, ids=lambda path: path.stem)
def test_no_module_imports_another(path: Path):
    """A module reaches another only through the cooperation hooks of ``modules/base.py`` ([M-BAZAAR-3] a bazaar
    bought with an exchange card or by a vizier, [M-BONUS-2] a bonus card shown in a window)."""
    others = {f"modules/{name}" for name in MODULES if name != path.stem}
    assert not imported_modules(path) & others


def test_the_import_check_sees_an_import(tmp_path: Path):
    """The check reads relative imports as the engine writes them."""
    assert "modules/base" in imported_modules(ENGINE / "modules" / "huts.py")
    assert "modules/huts" in imported_modules(ENGINE / "modules" / "__init__.py")


def type_checking_imports(path: Path) -> set[str]:
    """What the file imports inside ``if TYPE_CHECKING:`` blocks (files and names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for inner in node.body:
                if isinstance(inner, ast.ImportFrom):
                    found.add((inner.module or "").rsplit(".", 1)[-1])
                    found.update(alias.name for alias in inner.names)
    return found


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda path: str(path.relative_to(ENGINE)))
def test_no_engine_file_imports_the_state_for_its_types(path: Path):
    """Hooks and helpers are typed against ``play.Play``: importing the state for types would tie every engine file
    into one import cycle (the state imports the modules, which would import the state)."""
    assert not type_checking_imports(path) & {"state", "GameState", "setup"}


def members_used(path: Path) -> set[str]:
    """The attributes a module file reads or calls on a name ``state`` (its hooks' game)."""
    return {
        node.attr
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "state"
    }


def contract() -> set[str]:
    from game.engine.play import Play

    return set(Play.__annotations__) | {name for name in vars(Play) if not name.startswith("_")}


@pytest.mark.parametrize("path", MODULE_FILES, ids=lambda path: path.stem)
def test_modules_use_only_the_contract(path: Path):
    """Every member of the game a module reads or changes is named in ``play.Play``, the one page a module's author
    reads: the hooks read as one contract."""
    assert members_used(path) <= contract(), f"not in play.Play: {sorted(members_used(path) - contract())}"


def test_the_contract_is_what_modules_use():
    """…and the contract names nothing no module uses, so it stays the page of what modules need."""
    used = set().union(*(members_used(path) for path in MODULE_FILES))
    assert contract() <= used, f"play.Play names what no module uses: {sorted(contract() - used)}"
    from game.engine.state import GameState

    assert all(hasattr(GameState, name) or name in GameState.__slots__ for name in contract())
