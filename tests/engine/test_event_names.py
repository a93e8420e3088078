"""Events are emitted through their names (``engine.events``, or a module's own constants), never through a
string written at the place of emission: a misspelt name then fails at import instead of writing a record that
no reader understands (RECORD.md "Events")."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def raw_event_names(tree: ast.AST) -> list[tuple[int, str]]:
    """Lines where a dict literal's ``"e"`` key is given a string constant."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                is_e = isinstance(key, ast.Constant) and key.value == "e"
                if is_e and isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.append((node.lineno, value.value))
    return found


def test_the_scanner_finds_a_raw_event_name() -> None:
    tree = ast.parse('emit({"e": "take", "player": 1})\nemit({"e": events.TAKE})\nx = {"e": name}')
    assert raw_event_names(tree) == [(1, "take")]


def test_no_engine_file_writes_an_event_name_of_its_own() -> None:
    """Every event the engine emits names its kind through a constant (``events.TAKE``, ``dirk.GIVE_EVENT``)."""
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "events.py":
            continue
        for line, name in raw_event_names(ast.parse(path.read_text(encoding="utf-8"))):
            offenders.append(f"{path.relative_to(ENGINE)}:{line}: {name!r}")
    assert offenders == []
