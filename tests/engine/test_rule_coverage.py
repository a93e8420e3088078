"""Every rule of RULES.md §1-8 and §10 is cited by at least one engine test (name or docstring)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

HERE = Path(__file__).parent
RULES = Path(os.environ.get("ALHAMBRA_RULES", "/work/shared/RULES.md"))


def cited_ids() -> set[str]:
    cited = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"\[([BD]-[A-Z]+-\d+)\]", text))
        for name in re.findall(r"def (test_\w+)", text):
            cited |= {m.upper().replace("_", "-") for m in re.findall(r"(?<![a-z])([bd]_[a-z]+_\d+)", name)}
    return cited


@pytest.mark.skipif(not RULES.exists(), reason="RULES.md not found (set ALHAMBRA_RULES)")
def test_every_base_rule_is_cited():
    """All ids [B-*] (§1-8) and [D-*] (§10) of RULES.md appear in a test's name or docstring; [M-*] (§9,
    modules) are not implemented yet and not required."""
    ids = set(re.findall(r"\[([BD]-[A-Z]+-\d+)\]", RULES.read_text(encoding="utf-8")))
    assert len(ids) == 41
    missing = sorted(ids - cited_ids())
    assert missing == []
