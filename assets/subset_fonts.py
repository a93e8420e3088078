"""Regenerate the bundled Persian, Chinese and Japanese fonts: subsets of Noto Sans Arabic and Noto Sans CJK
holding the glyphs the message catalogues use, and ``fonts/coverage.json``, which says which characters each
bundled font has (the client picks a font per run of text from it; the tests use it to find tofu).

    python -m assets.subset_fonts            # after the catalogues change (needs fontTools and Debian's
                                             # fonts-noto-core and fonts-noto-cjk)

Why subsets: the whole of Noto Sans CJK is 20 MB per weight, and the frozen game must stay small.  What is
kept for each language: every character of its catalogue, every language's own name (the settings list them
all), and for the CJK fonts printable ASCII and the characters of the English messages (a Chinese or
Japanese screen writes player names, numbers and Latin punctuation in the same font, for an even line).
Layout features are all kept: Persian needs its joining forms and ligatures (HarfBuzz picks them).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FONTS = Path(__file__).resolve().parent / "fonts"
LOCALE = Path(__file__).resolve().parent.parent / "game" / "i18n" / "locale"
NOTO_ARABIC = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
# bundled file -> (source file, index in a collection or None, language whose catalogue it serves)
SUBSETS: dict[str, tuple[Path, int | None, str]] = {
    "fa.ttf": (NOTO_ARABIC / "NotoSansArabic-Regular.ttf", None, "fa"),
    "fa_bold.ttf": (NOTO_ARABIC / "NotoSansArabic-Bold.ttf", None, "fa"),
    "zh.otf": (NOTO_CJK / "NotoSansCJK-Regular.ttc", 2, "zh"),  # Noto Sans CJK SC
    "zh_bold.otf": (NOTO_CJK / "NotoSansCJK-Bold.ttc", 2, "zh"),
    "ja.otf": (NOTO_CJK / "NotoSansCJK-Regular.ttc", 0, "ja"),  # Noto Sans CJK JP
    "ja_bold.otf": (NOTO_CJK / "NotoSansCJK-Bold.ttc", 0, "ja"),
}
LATIN_FONTS = ("ui.ttf", "ui_bold.ttf", "display.ttf")
ENDONYMS = "English فارسی 简体中文 日本語 Magyar"
# Marks a translation may use around the catalogue's words (quotes, brackets, dots, arrows and the like).
PUNCTUATION = "…–—·×→←↑↓★•‹›«»“”‘’「」『』（）【】《》〈〉、。，：；？！・～ー々〜％＋－／"


def catalogue_text(code: str) -> str:
    """Every character of a language's translations (empty before it has a catalogue)."""
    from babel.messages.pofile import read_po

    path = LOCALE / code / "LC_MESSAGES" / "alhambra.po"
    if not path.exists():
        return ""
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=code)
    parts = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        parts.extend(s for s in strings if s)
    return "".join(parts)


def english_text() -> str:
    from babel.messages.pofile import read_po

    template = LOCALE / "alhambra.pot"
    if not template.exists():
        return ""
    with template.open("rb") as stream:
        catalog = read_po(stream)
    return "".join(m.id if isinstance(m.id, str) else "".join(m.id) for m in catalog if m.id)


def wanted(code: str) -> set[str]:
    from game.client.typeset import LINE_SAMPLES  # the letters that size a language's line box

    text = catalogue_text(code) + ENDONYMS + PUNCTUATION + LINE_SAMPLES.get(code, "")
    if code in ("zh", "ja"):
        text += "".join(chr(c) for c in range(0x20, 0x7F)) + english_text()
    return {c for c in text if c.isprintable() or c in "\u200c\u200d"}


def subset(name: str) -> None:
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    source, index, code = SUBSETS[name]
    font = TTFont(source, fontNumber=index) if index is not None else TTFont(source)
    options = ft_subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    subsetter = ft_subset.Subsetter(options)
    cmap = font.getBestCmap()
    subsetter.populate(unicodes=sorted(ord(c) for c in wanted(code) if ord(c) in cmap))
    subsetter.subset(font)
    font.flavor = None
    font.save(FONTS / name)


def coverage() -> dict[str, str]:
    from fontTools.ttLib import TTFont

    found = {}
    for name in (*LATIN_FONTS, *SUBSETS):
        cmap = TTFont(FONTS / name).getBestCmap()
        found[name] = "".join(chr(c) for c in sorted(cmap) if c >= 0x20)
    return found


def main() -> int:
    missing = [str(source) for source, _, _ in SUBSETS.values() if not source.exists()]
    if missing:
        needed = ", ".join(sorted(set(missing)))
        print(f"missing source fonts (apt-get install fonts-noto-core fonts-noto-cjk): {needed}")
        return 1
    for name in SUBSETS:
        subset(name)
        print(f"{name}: {(FONTS / name).stat().st_size // 1024} KB")
    (FONTS / "coverage.json").write_text(json.dumps(coverage(), ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
