"""No class of the client grows past what a newcomer can read in one sitting (issue 48: the table scene was one
class of 2,208 lines over two mixins).

A class that needs more is doing more than one job: split it into parts with narrow interfaces, as the table
scene's ``scenes/parts/`` are.  Measured from the source with ``ast``: a class's lines from its ``class`` line
to its last, docstrings and comments included.
"""

from __future__ import annotations

import ast
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "game" / "client"
MOST_LINES = 500


def class_sizes(folder: Path) -> list[tuple[str, int]]:
    """Every class under ``folder`` as ("file:Class", lines), the longest first."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((f"{path.relative_to(folder)}:{node.name}", lines))
    return sorted(found, key=lambda item: -item[1])


def test_no_class_of_the_client_is_over_500_lines() -> None:
    assert [(name, lines) for name, lines in class_sizes(CLIENT) if lines > MOST_LINES] == []


def test_the_guard_measures_classes() -> None:
    """The guard sees the classes it looks for, and measures them whole."""
    sizes = dict(class_sizes(CLIENT))
    assert sizes["scenes/turn.py:TurnScene"] > 100
    assert len(sizes) > 50


if __name__ == "__main__":
    for name, lines in class_sizes(CLIENT)[:15]:
        print(f"{lines:5}  {name}")
