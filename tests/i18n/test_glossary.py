"""The glossary in docs/I18N.md is what the catalogues say: each language's word for the buildings, the currencies,
the modules, Dirk and his role, the start tile, the tile and the money offer.

The glossary is a table per language (term, its entry in the catalogue, the game's word, the rule book's word, the
variants ruled out).  A term's own entry translates to the glossary's word; no message of the catalogue uses a
variant the glossary rules out, once the glossary's own words are set aside ("بازیکن فرضی" is no bare "فرضی") and
the rule book's word given once as a gloss after the game's ("獅子の噴水（スタートタイル）").  Persian, whose rule
book calls a tile «کارت» like every other card, says «کارت ساختمان» wherever another card or money is near; and it
writes its numbers in Latin digits (docs/I18N.md, "Numbers").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game.i18n import catalogues

DOC = Path(__file__).resolve().parents[2] / "docs" / "I18N.md"
LANGUAGES = catalogues.TRANSLATED
# What the glossary must cover: the six buildings, the four currencies, the seven modules of expansion 1 and the
# 2024 edition, Dirk and his role (and the label under his name), the start tile, the tile, the money offer, and the six
# modules of expansions 2-4 with their pieces (RULES.md §11).
TERMS = (
    "Pavilion",
    "Seraglio",
    "Arcades",
    "Chambers",
    "Garden",
    "Tower",
    "florin",
    "dirham",
    "denar",
    "ducat",
    "vizier's favour",
    "exchange offices",
    "building huts",
    "bonus cards",
    "camps",
    "bazaars",
    "falconers",
    "Dirk",
    "the neutral player",
    "Dirk's label",
    "start tile",
    "tile",
    "money offer",
    "city gates",
    "change",
    "thieves",
    "city walls",
    "treasure chamber",
    "street traders",
    "gate card",
    "change coin",
    "thief card",
    "wall card",
    "chest",
    "citizen",
    "resident",
    "trader's disc",
    "thief window",
    "double wall",
)
NONE = ("—", "-", "")


@dataclass(frozen=True)
class Term:
    term: str
    entry: str | None  # the English msgid of the term's own message, if it has one
    word: str
    book: tuple[str, ...]  # the rule book's words for it
    never: tuple[str, ...]  # variants the catalogue must not use


def _words(cell: str) -> tuple[str, ...]:
    return () if cell in NONE else tuple(word.strip() for word in cell.split(", ") if word.strip())


def parse_glossary(text: str) -> dict[str, list[Term]]:
    """The tables under "## Glossary", by the language code each "### ... (`code`)" heading names."""
    section = text.split("\n## Glossary\n", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, list[Term]] = {}
    code = None
    for line in section.splitlines():
        heading = re.match(r"### .*\(`(\w+)`\)", line)
        if heading:
            code = heading.group(1)
            tables[code] = []
            continue
        if code is None or not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] == "term":
            continue
        term, entry, word, book, never = cells
        tables[code].append(Term(term, None if entry in NONE else entry.strip("`"), word, _words(book), _words(never)))
    return tables


def glossary() -> dict[str, list[Term]]:
    return parse_glossary(DOC.read_text(encoding="utf-8"))


def catalogue(code: str) -> Catalog:
    with catalogues.po_path(code).open("rb") as stream:
        return read_po(stream, locale=code)


def strings(catalog: Catalog) -> list[tuple[str, str]]:
    """(msgid, translation) for every form of every message."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(key, form) for form in forms if form]
    return found


def wrong_entries(catalog: Catalog, terms: list[Term]) -> list[str]:
    """Terms whose own entry does not say the glossary's word."""
    found = []
    for term in terms:
        if term.entry is None:
            continue
        message = catalog.get(term.entry)
        said = None if message is None else message.string
        if said != term.word:
            found.append(f"{term.term}: {term.entry!r} says {said!r}, the glossary {term.word!r}")
    return found


def ruled_out(catalog: Catalog, terms: list[Term]) -> list[str]:
    """Messages that use a variant the glossary rules out."""
    glosses = [
        f"{t.word}{open_}{book}{close}"
        for t in terms
        for book in t.book
        for open_, close in (("（", "）"), (" (", ")"))
    ]
    kept = sorted({t.word for t in terms} | set(glosses), key=len, reverse=True)
    found = []
    for key, said in strings(catalog):
        text = said
        for word in kept:
            text = text.replace(word, "\x00")
        for term in terms:
            found += [f"{key!r}: {variant!r} for {term.term} in {said!r}" for variant in term.never if variant in text]
    return found


def test_the_glossary_covers_every_language_and_term() -> None:
    tables = glossary()
    assert sorted(tables) == sorted(LANGUAGES)
    for code, terms in tables.items():
        assert tuple(t.term for t in terms) == TERMS, code
        assert all(t.word for t in terms), code


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_term_is_translated_by_its_glossary_word(code: str) -> None:
    assert wrong_entries(catalogue(code), glossary()[code]) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_message_uses_a_variant_the_glossary_rules_out(code: str) -> None:
    assert ruled_out(catalogue(code), glossary()[code]) == []


def test_the_checks_catch_a_wrong_term() -> None:
    """The checks above fail on a catalogue that strays: a term's entry changed, a ruled-out variant used."""
    terms = glossary()["zh"]
    catalog = catalogue("zh")
    assert wrong_entries(catalog, terms) == [] and ruled_out(catalog, terms) == []
    catalog["neutral collector"].string = "中立收集者"
    catalog["Two players: Dirk"].string = "双人游戏：中立的德克"
    assert [line.split(":")[0] for line in wrong_entries(catalog, terms)] == ["the neutral player"]
    assert {line.split("': ")[0].strip("'") for line in ruled_out(catalog, terms)} == {
        "neutral collector",
        "Two players: Dirk",
    }


# A Persian message names a tile beside another card (money, exchange, bonus or scoring card), money or the money
# offer when its English has the word "tile" and one of these.
_BESIDE_A_CARD = re.compile(r"\bcards?\b|\bmoney\b|\boffer\b|\{card\}|\{cards\}")
_TILE = re.compile(r"(?<!\{)\btiles?\b(?!\})")
_BUILDING_CARD = re.compile(r"کارت(?:‌های|‌ها)?(?: پول و)? ساختمان")


def test_persian_says_building_card_where_another_card_is_near() -> None:
    missing = [
        (key, said)
        for key, said in strings(catalogue("fa"))
        if _TILE.search(key) and _BESIDE_A_CARD.search(key) and "کارت" in said and not _BUILDING_CARD.search(said)
    ]
    assert missing == []


def test_persian_writes_numbers_in_latin_digits() -> None:
    """The choice in docs/I18N.md ("Numbers"): Latin digits, as on the tiles and cards and in the engine's words."""
    native = [(key, said) for key, said in strings(catalogue("fa")) if re.search("[\u06f0-\u06f9\u0660-\u0669]", said)]
    assert native == []
