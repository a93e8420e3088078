"""Right-to-left ordering, fonts per script and line breaking without spaces (issue 18)."""

from __future__ import annotations

import pytest

from game import i18n
from game.client import linebreak, typeset


def visual(text: str, language: str) -> str:
    """The characters of ``text`` in the order they appear on screen from the left (a right-to-left
    piece's characters reversed, as HarfBuzz lays them)."""
    return "".join(p.text[::-1] if p.rtl else p.text for p in typeset.pieces(text, "ui", language))


def test_a_persian_sentence_reads_from_the_right_with_its_numbers_left_to_right() -> None:
    assert visual("امتیاز 12", "fa") == "12 زایتما"
    assert visual("بازیکن Dirk برد", "fa") == "درب Dirk نکیزاب"


def test_brackets_take_the_direction_of_their_letters() -> None:
    pieces = typeset.pieces("برج (۱۲)", "ui", "fa")
    brackets = [p for p in pieces if "(" in p.text or ")" in p.text]
    assert len(brackets) == 2 and all(p.rtl for p in brackets), pieces  # mirrored by HarfBuzz with their letters
    assert typeset.resolve_directions("a (b) c", rtl=True) == [False] * 7  # neutrals between Latin stay Latin


def test_english_text_with_a_persian_name_keeps_its_order() -> None:
    assert visual("Language: فارسی", "en") == "Language: یسراف"


def test_each_script_goes_to_a_font_that_has_it() -> None:
    fonts = {p.text: p.font for p in typeset.pieces("Magyar 日本語 فارسی", "ui", "en")}
    assert fonts["Magyar "] == "ui.ttf"
    assert typeset.pieces("简体中文", "ui", "zh")[0].font == "zh.otf"
    assert typeset.pieces("日本語", "ui", "ja")[0].font == "ja.otf"
    assert typeset.pieces("فارسی", "bold", "fa")[0].font == "fa_bold.ttf"


def test_ascii_in_english_is_one_piece() -> None:
    assert typeset.pieces("Your turn", "ui", "en") == [typeset.Piece("Your turn", "ui.ttf", False)]


@pytest.mark.parametrize(
    ("text", "cannot_start"),
    [("这是一个测试。「你好」，再见", "。」，"), ("あなたの番です。ターンを終える", "。ー")],
)
def test_chinese_and_japanese_break_between_characters_but_not_before_closing_marks(
    text: str, cannot_start: str
) -> None:
    lines = linebreak.wrap(text, 3, len)
    assert "".join(lines) == text
    assert len(lines) > 2
    assert all(line[0] not in cannot_start for line in lines[1:]), lines
    assert all(line[-1] not in "「（" for line in lines), lines


def test_latin_words_inside_chinese_stay_whole() -> None:
    units = linebreak.units("轮到Dirk了，得12分")
    assert "Dirk" in "".join(units) and any(u.startswith("Dirk") or u == "Dirk" for u in units)
    assert not any(u in ("D", "i", "1") for u in units)
    assert "12" in "".join(u for u in units if "1" in u)


def test_spaced_languages_break_at_spaces_only() -> None:
    assert linebreak.wrap("Vedd el a kártyát most", 10, len) == ["Vedd el a", "kártyát", "most"]
    assert linebreak.wrap("کارت را بردار", 8, len) == ["کارت را", "بردار"]


def test_the_language_list_names_each_language_in_itself() -> None:
    assert i18n.LANGUAGES == {"en": "English", "fa": "فارسی", "zh": "简体中文", "ja": "日本語", "hu": "Magyar"}
    assert i18n.is_rtl("fa") and not i18n.is_rtl("ja")
