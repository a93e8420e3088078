"""A stand-in language for the tests that prove every visible word comes through the message catalogue."""

from __future__ import annotations

import gettext

import pytest

from game.client.theme import TextCache


class MarkingCatalogue(gettext.NullTranslations):
    """Each message "translated" by ``said`` (by default itself between « and »), the plural chosen by the
    count; a test's subclass changes ``said`` to mark, x out or note what it is asked."""

    def said(self, context: str | None, message: str, form: str) -> str:
        """What ``message`` (its singular, in ``context``) shows as, ``form`` being the form the count chose."""
        return f"«{form}»"

    def gettext(self, message: str) -> str:
        return self.said(None, message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.said(None, msgid1, msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.said(context, message, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.said(context, msgid1, msgid1 if n == 1 else msgid2)


def note_derived(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """From now on, collect the lines wrapped or cut from a marked text (a wrapped sentence's middle line has
    neither mark, yet it came through the catalogue)."""
    derived: set[str] = set()
    for name in ("wrap", "fit"):
        original = getattr(TextCache, name)

        def noted(self, text, *args, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            result = _original(self, text, *args, **kwargs)
            if "«" in text or "»" in text:
                derived.update(result if isinstance(result, list) else [result])
            return result

        monkeypatch.setattr(TextCache, name, noted)
    return derived
