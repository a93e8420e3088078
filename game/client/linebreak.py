"""Where a line of text may break, in the game's languages.

English, Hungarian and Persian break at spaces.  Chinese and Japanese have none: a line may break between
any two characters, except before a closing mark (。、，」』）…, small kana, the long-vowel mark) and after an
opening one (「『（…), the rule books' own typesetting (kinsoku).  A run of Latin letters or digits inside a
Chinese or Japanese sentence ("MCTS", "12") stays whole.
"""

from __future__ import annotations

from collections.abc import Callable

NO_BREAK_BEFORE = frozenset(
    "。、，．・：；？！）」』】〕》〉｝］ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥〜～"
    ",.:;?!)]}%»”’،؛؟"
)
NO_BREAK_AFTER = frozenset("（「『【〔《〈｛［([{«“‘")


def is_cjk(char: str) -> bool:
    """A character of Chinese or Japanese writing (ideographs, kana, their punctuation and full-width forms)."""
    code = ord(char)
    return (
        0x3000 <= code <= 0x30FF
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
    )


def may_break_before(text: str, index: int) -> bool:
    """Whether a line may end just before ``text[index]`` (spaces stay at the end of the line they end)."""
    if index <= 0 or index >= len(text):
        return False
    before, char = text[index - 1], text[index]
    if char == " ":
        return False
    if before == " ":
        return char not in NO_BREAK_BEFORE
    if not (is_cjk(before) or is_cjk(char)):
        return False
    return char not in NO_BREAK_BEFORE and before not in NO_BREAK_AFTER


def units(paragraph: str) -> list[str]:
    """``paragraph`` cut at every place a line may break (joined again, they give the paragraph)."""
    found: list[str] = []
    start = 0
    for index in range(1, len(paragraph)):
        if may_break_before(paragraph, index):
            found.append(paragraph[start:index])
            start = index
    found.append(paragraph[start:])
    return found


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Greedy line breaking of ``text`` to ``width`` pixels (``measure`` gives a line's width); a unit that is
    wider than the line stands alone.  Newlines in ``text`` always break."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit in units(paragraph):
            candidate = line + unit
            if not line or measure(candidate.rstrip(" ")) <= width:
                line = candidate
            else:
                lines.append(line.rstrip(" "))
                line = unit
        lines.append(line.rstrip(" "))
    return lines
