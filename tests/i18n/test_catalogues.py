"""The message catalogues: complete, faithful to their placeholders, compiled, and drawable (issue 18)."""

from __future__ import annotations

import gettext
import json

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from assets import subset_fonts
from game import i18n
from game.client import typeset
from game.i18n import catalogues

LANGUAGES = catalogues.TRANSLATED


def keys(catalog) -> set[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def test_the_template_holds_every_message_of_the_sources() -> None:
    """A new visible string that nobody extracted would stay English in every language."""
    with catalogues.TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    fresh = catalogues.extracted()
    assert sorted(keys(fresh) - keys(template), key=str) == [], "run python -m game.i18n.catalogues extract"
    assert sorted(keys(template) - keys(fresh), key=str) == [], "run python -m game.i18n.catalogues extract"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalogue_is_complete(code: str) -> None:
    """No entry untranslated or fuzzy, none missing, every placeholder kept (and none invented)."""
    assert catalogues.problems(code) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalogue_is_the_written_one(code: str) -> None:
    """The .mo the game reads (compiled at install) says what the .po says."""
    with catalogues.po_path(code).open("rb") as stream:
        written = read_po(stream, locale=code)
    with i18n.catalogue_path(code).open("rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    for message in written:
        if not message.id or isinstance(message.id, tuple):
            continue
        looked_up = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
        assert looked_up == message.string, message.id


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_character_of_a_catalogue_has_a_glyph(code: str) -> None:
    """No tofu: each character a translation uses is in a bundled font of that language's list (the subsets
    keep exactly what the catalogues need; rerun ``python -m assets.subset_fonts`` after translating)."""
    have = typeset.coverage()
    with catalogues.po_path(code).open("rb") as stream:
        catalog = read_po(stream, locale=code)
    text = "".join(s for m in catalog for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s)
    for role in ("ui", "bold", "display"):
        chain = typeset.FONT_CHAINS[code][role]
        missing = sorted(
            {c for c in text if c.isprintable() and not c.isspace() and not any(c in have[f] for f in chain)}
        )
        assert missing == [], f"{code} {role}: {''.join(missing)}"
    primary = typeset.FONT_CHAINS[code]["ui"][0]
    native = {c for c in text if (typeset.direction_of(c) == "R" or not c.isascii()) and c.isalpha()}
    assert sorted(native - have[primary]) == [], f"{code}: letters its own font lacks"


def test_the_coverage_file_says_what_the_fonts_hold() -> None:
    """``coverage.json`` (which picks the font for each character) agrees with the font files themselves."""
    recorded = json.loads((subset_fonts.FONTS / "coverage.json").read_text(encoding="utf-8"))
    for name in (*subset_fonts.LATIN_FONTS, *subset_fonts.SUBSETS):
        cmap = TTFont(subset_fonts.FONTS / name).getBestCmap()
        assert recorded[name] == "".join(chr(c) for c in sorted(cmap) if c >= 0x20), name


def test_the_bundled_fonts_stay_small() -> None:
    """The subsets keep the frozen game small (the whole of Noto Sans CJK is about 20 MB a weight)."""
    total = sum((subset_fonts.FONTS / name).stat().st_size for name in subset_fonts.SUBSETS)
    assert total < 6_000_000, total


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_loads_and_switches_back(code: str) -> None:
    i18n.set_language(code)
    assert i18n.language() == code
    assert i18n._("Pavilion") != "Pavilion"
    i18n.set_language("en")
    assert i18n._("Pavilion") == "Pavilion"
