"""The packages' import graphs have no cycles.

A cycle of imports makes the order modules load in matter, invites imports hidden inside functions
to dodge it, and means no module of the cycle can be read, changed or tested without the others.
The graph is built from the source with ``ast``: an edge ``a -> b`` is an import of ``b`` that
runs when ``a`` is loaded.  Imports under ``if TYPE_CHECKING:`` are type hints only and never
run, so they are not edges.

``game.client`` is held to more: an import inside a function counts as an edge too (so one cannot
hide a cycle: scenes reach each other through ``app.screens``), and even the type-hint imports close
no circle: the table scene's parts (``scenes/parts/``) name what they need of the scene in a
``Protocol`` of their own, never ``TurnScene``.  ``game.engine`` and ``ai`` are checked at module
level.

Run ``python tests/client/test_import_graph.py [package ...]`` to print every cycle (strongly
connected component) and its edges, with and without the imports inside functions and the
type-hint imports.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

Graph = dict[str, set[str]]


def modules_of(package: str) -> dict[str, Path]:
    """Every module of ``package`` (dotted name -> file), packages named by their ``__init__``."""
    folder = ROOT.joinpath(*package.split("."))
    found: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    body: Iterable[ast.stmt], in_functions: bool, type_hints: bool = False
) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module runs (or, with ``in_functions``, ever).

    ``type_hints`` adds the imports under ``if TYPE_CHECKING:``: the coupling a reader sees.
    """
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If):
            if type_hints or not _is_type_checking(node.test):
                yield from _imports(node.body, in_functions, type_hints)
            yield from _imports(node.orelse, in_functions, type_hints)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if in_functions:
                yield from _imports(node.body, in_functions, type_hints)
        else:  # class bodies, try/with/for/while blocks run at import time
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                children = getattr(node, field, None)
                if isinstance(children, list):
                    for child in children:
                        if isinstance(child, ast.ExceptHandler | ast.match_case):
                            yield from _imports(child.body, in_functions, type_hints)
                        elif isinstance(child, ast.stmt):
                            yield from _imports([child], in_functions, type_hints)


def _target(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name ``from ... import`` reads from."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def import_graph(package: str, in_functions: bool = False, type_hints: bool = False) -> Graph:
    """``module -> modules of package it imports`` (only edges inside ``package``).

    Importing ``a.b`` also runs ``a/__init__``, but Python has loaded the parent before the child,
    so that is no edge: only the module named by the import statement is.
    """
    modules = modules_of(package)
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        for node in _imports(tree.body, in_functions, type_hints):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = _target(name, is_package, node)
                # ``from pkg import sub`` imports the module ``pkg.sub``; ``from mod import name`` reads ``mod``
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=len, reverse=True)


def describe(graph: Graph, found: list[list[str]]) -> str:
    """Each cycle with its member count and the edges that stay inside it."""
    lines = []
    for component in found:
        members = set(component)
        lines.append(f"cycle of {len(component)} modules: {', '.join(component)}")
        lines.extend(f"    {a} -> {b}" for a in component for b in sorted(graph[a] & members))
    return "\n".join(lines)


def test_client_has_no_import_cycle_even_through_deferred_imports() -> None:
    graph = import_graph("game.client", in_functions=True)
    found = cycles(graph)
    assert not found, "game.client imports itself in a circle:\n" + describe(graph, found)


def test_client_type_hints_close_no_circle() -> None:
    """Views read a ``TableSnapshot``, scenes the ``AppServices`` protocol and the table scene's parts the
    ``Owner`` protocol of their own file: not the app, and never ``TurnScene`` (its input and drawing were mixins
    typed ``self: TurnScene``, the one circle of the client's type hints until they became parts)."""
    graph = import_graph("game.client", in_functions=True, type_hints=True)
    found = cycles(graph)
    assert not found, "game.client's type hints import themselves in a circle:\n" + describe(graph, found)


def test_only_who_opens_the_table_imports_it() -> None:
    """No module of the client imports the table scene, not even for a type hint, but those that construct it:
    the registry of screens and the frame benchmark.  Its parts know it by their protocols."""
    graph = import_graph("game.client", in_functions=True, type_hints=True)
    importers = {name for name, imported in graph.items() if "game.client.scenes.turn" in imported}
    assert importers <= {"game.client.scenes.registry", "game.client.bench"}, importers


def test_engine_and_ai_have_no_import_cycle_even_through_deferred_imports() -> None:
    """The engine and the AI, like the client, import nothing in a circle, not even inside a function
    (the state and its knowledge, the rules and their modules used to lean on deferred imports)."""
    for package in ("game.engine", "ai"):
        graph = import_graph(package, in_functions=True)
        found = cycles(graph)
        assert not found, f"{package} imports itself in a circle:\n" + describe(graph, found)


def test_engine_type_hints_close_no_circle() -> None:
    """The engine's hooks are typed against the contract of ``play.py`` (``Play``, ``Deal``), never the state: not even
    the type hints of the engine's files import one another in a circle (the state, the setup, the ruleset and every
    module's file used to)."""
    graph = import_graph("game.engine", in_functions=True, type_hints=True)
    found = cycles(graph)
    assert not found, "game.engine's type hints import themselves in a circle:\n" + describe(graph, found)


def test_the_graph_sees_cycles() -> None:
    """The checker itself: a two-module circle and a three-module one are found, a chain is not."""
    graph: Graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c", "f"}, "f": set()}
    assert cycles(graph) == [["c", "d", "e"], ["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_reads_relative_imports() -> None:
    """Spot checks against imports the client has: a parent's module, a sibling package's module."""
    graph = import_graph("game.client")
    assert "game.client.theme" in graph["game.client.widgets"]  # from . import theme
    assert "game.client.views.common" in graph["game.client.scenes.pause"]  # from ..views import common


if __name__ == "__main__":
    for package in sys.argv[1:] or ["game.client", "game.engine", "ai"]:
        for kind, deferred, hints in (
            ("module level", False, False),
            ("+ imports inside functions", True, False),
            ("+ imports inside functions + TYPE_CHECKING imports", True, True),
        ):
            graph = import_graph(package, in_functions=deferred, type_hints=hints)
            found = cycles(graph)
            print(f"== {package} ({kind}): {len(graph)} modules, {len(found)} cycle(s)")
            if found:
                print(describe(graph, found))
