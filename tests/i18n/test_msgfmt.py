"""GNU gettext's own check accepts every catalogue: ``msgfmt --check`` (its format strings against their msgids, the
header, the domain) says nothing, so every standard tool can read and compile them, not only Babel.

Without ``msgfmt`` the test is skipped on a developer's machine (``apt-get install gettext``), but not in CI:
there (the ``CI`` variable set) a missing ``msgfmt`` fails, so the check cannot silently stop running.
"""

from __future__ import annotations

import os

import pytest

from game.i18n import catalogues


@pytest.mark.parametrize("code", catalogues.TRANSLATED)
def test_gnu_msgfmt_accepts_the_catalogue(code: str) -> None:
    said = catalogues.msgfmt_complaints(code)
    if said is None:
        if os.environ.get("CI"):
            pytest.fail("msgfmt (GNU gettext) is not installed, and CI must run this check: apt-get install gettext")
        pytest.skip("msgfmt (GNU gettext) is not installed: apt-get install gettext (CI installs it)")
    assert said == []


def test_no_message_looks_like_a_percent_format() -> None:
    """A msgid with "% " and a letter after it ("% of") is flagged python-format by Babel and GNU gettext, and
    msgfmt --check then refuses its translations: the template has none (checked without msgfmt too)."""
    from babel.messages.pofile import read_po

    with catalogues.TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    assert [m.id for m in template if m.id and "python-format" in m.flags] == []
