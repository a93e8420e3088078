"""Every rule id of RULES.md is cited by a test (in its name or docstring), but for modules not built yet.

The ids come from the rule book itself (``../shared/RULES.md`` beside the repository, or the file
``ALHAMBRA_RULES`` names), so a rule added there is a rule this test asks for.  Without the rule
book the test is skipped on a developer's machine and fails in CI (``CI`` set), where it must be.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
REPOSITORY = TESTS.parent
RULES = Path(os.environ.get("ALHAMBRA_RULES", REPOSITORY.parent / "shared" / "RULES.md"))

RULE_ID = re.compile(r"\[([BDM]-[A-Z]+-\d+)\]")
RULE_IN_NAME = re.compile(r"(?<![a-z])([bdm]_[a-z]+_\d+)")

# The only rules allowed to go uncited: those of modules (RULES.md §9 and §11) that are not implemented
# yet.  Remove a module's line when it is built; its rules must then be cited like every other.
NOT_YET_IMPLEMENTED: dict[str, tuple[str, ...]] = {}


def rule_book() -> str:
    if not RULES.exists():
        if os.environ.get("CI"):
            pytest.fail(f"the rule book {RULES} is missing: CI checks every rule id against it")
        pytest.skip(f"the rule book {RULES} is not beside this checkout (set ALHAMBRA_RULES)")
    return RULES.read_text(encoding="utf-8")


def rule_ids(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def cited_ids() -> set[str]:
    """Ids in any test file's text (docstrings, comments) or in a test's name (``test_walls_b_score_4``)."""
    cited: set[str] = set()
    for path in TESTS.rglob("*.py"):
        if path.resolve() == Path(__file__).resolve():
            continue
        text = path.read_text(encoding="utf-8")
        cited |= rule_ids(text)
        for name in re.findall(r"def (test_\w+)", text):
            cited |= {found.upper().replace("_", "-") for found in RULE_IN_NAME.findall(name)}
    return cited


def excused(rule: str) -> bool:
    return any(rule.startswith(prefix) for prefixes in NOT_YET_IMPLEMENTED.values() for prefix in prefixes)


def test_every_rule_of_the_rule_book_is_cited_by_a_test():
    """All ids of RULES.md ([B-*], [D-*], [M-*]) appear in a test's name or text, but those of modules not built yet."""
    ids = rule_ids(rule_book())
    assert len(ids) >= 40, f"only {len(ids)} rule ids found in {RULES}: is it the rule book?"
    missing = sorted(rule for rule in ids - cited_ids() if not excused(rule))
    assert missing == [], f"rules no test cites: {missing}"


def test_every_excused_module_still_has_rules_in_the_rule_book():
    """The list of modules not yet built names only rule families the rule book has (no stale excuses)."""
    ids = rule_ids(rule_book())
    for module, prefixes in NOT_YET_IMPLEMENTED.items():
        for prefix in prefixes:
            assert any(rule.startswith(prefix) for rule in ids), f"{module}: no rule {prefix}* in {RULES}"


def test_the_citation_scanner_finds_ids_in_text_and_in_names():
    """The scanner itself: an id in brackets and one spelled in a test name are both found."""
    assert rule_ids("checks [B-TURN-4] and [M-HUT-4].") == {"B-TURN-4", "M-HUT-4"}
    name = "test_exact_payment_b_turn_4_and_m_hut_12"
    assert {found.upper().replace("_", "-") for found in RULE_IN_NAME.findall(name)} == {"B-TURN-4", "M-HUT-12"}
    assert not excused("B-TURN-4") and not excused("M-HUT-4") and not excused("B-DIRK-5") and not excused("M-CAMP-1")
    assert all(excused(prefix + "1") for prefixes in NOT_YET_IMPLEMENTED.values() for prefix in prefixes)
