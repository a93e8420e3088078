"""Lines of text in any of the game's languages: which font draws which characters, and in what order.

One bundled font cannot draw Persian, Chinese, Japanese and Latin at once, and SDL_ttf draws a string in one
font and one direction.  So a line is cut into pieces:

1. **Direction** (a small part of Unicode's bidirectional algorithm, enough for the game's sentences):
   Arabic-script letters are right to left, other letters and digits left to right, and the rest (spaces,
   punctuation) take the direction of the letters on both sides when those agree, else the paragraph's.
   A Persian paragraph is right to left; its numbers and Latin names stay left to right inside it.
2. **Font**: each character goes to the first font of the language's list that has it (a run keeps its
   font while that font has the next character, so an Arabic phrase is shaped as one piece), from
   ``assets/fonts/coverage.json``, written by ``assets/subset_fonts.py``.
3. **Order**: in a right-to-left paragraph the pieces are laid from the right; a right-to-left piece is
   shaped by HarfBuzz (``Font.set_direction``/``set_script``), which joins Arabic letters and mirrors
   brackets.

Pieces are drawn on one baseline.  Every line keeps the height of the Latin UI font at its size (unless
its glyphs reach further), so layouts measured in one language hold in the others.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import pygame

from game import i18n

# Which bundled fonts draw a role in a language, in order of preference.
_LATIN = {"ui": ("ui.ttf",), "bold": ("ui_bold.ttf",), "display": ("display.ttf", "ui_bold.ttf")}
_OTHERS = {"ui": ("fa.ttf", "zh.otf", "ja.otf"), "bold": ("fa_bold.ttf", "zh_bold.otf", "ja_bold.otf")}
_OTHERS["display"] = _OTHERS["bold"]
FONT_CHAINS: dict[str, dict[str, tuple[str, ...]]] = {}
for _code in i18n.LANGUAGES:
    FONT_CHAINS[_code] = {}
    for _role in ("ui", "bold", "display"):
        weight = "" if _role == "ui" else "_bold"
        if _code == "fa":
            chain = (f"fa{weight}.ttf", *_LATIN[_role], *_OTHERS[_role][1:])
        elif _code in ("zh", "ja"):
            other = "ja" if _code == "zh" else "zh"
            chain = (f"{_code}{weight}.otf", *_LATIN[_role], f"{other}{weight}.otf", _OTHERS[_role][0])
        else:
            chain = (*_LATIN[_role], *_OTHERS[_role])
        FONT_CHAINS[_code][_role] = chain
NOMINAL = {"ui": "ui.ttf", "bold": "ui_bold.ttf", "display": "display.ttf"}  # the font whose line box a role keeps
ARABIC_FONTS = frozenset({"fa.ttf", "fa_bold.ttf"})
MIN_SIZE = 6
# The tallest and deepest letters of the languages whose script is not Latin: their line box holds these.
LINE_SAMPLES = {"fa": "Agگلطکجعیژپچ", "zh": "Ag国関」", "ja": "Ag国関」"}


_ARABIC_BLOCKS = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))


def _is_arabic(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _ARABIC_BLOCKS)


def direction_of(char: str) -> str:
    """'R' (right to left), 'L' (left to right) or 'N' (takes its neighbours' direction)."""
    if _is_arabic(char):
        return "R" if not ("\u0660" <= char <= "\u0669" or "\u06f0" <= char <= "\u06f9") else "L"
    if char.isalnum():
        return "L"
    return "N"


def resolve_directions(text: str, rtl: bool) -> list[bool]:
    """For each character, whether it is laid right to left, in a paragraph of that base direction."""
    strong = [direction_of(c) for c in text]
    base = "R" if rtl else "L"
    resolved: list[str] = list(strong)
    index = 0
    while index < len(text):
        if strong[index] != "N":
            index += 1
            continue
        end = index
        while end < len(text) and strong[end] == "N":
            end += 1
        before = strong[index - 1] if index > 0 else base
        after = strong[end] if end < len(text) else base
        fill = before if before == after else base
        for position in range(index, end):
            resolved[position] = fill
        index = end
    return [d == "R" for d in resolved]


@cache
def coverage() -> dict[str, frozenset[str]]:
    text = resources.files("assets").joinpath("fonts", "coverage.json").read_text(encoding="utf-8")
    return {name: frozenset(chars) for name, chars in json.loads(text).items()}


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of a line drawn in one font and one direction."""

    text: str
    font: str
    rtl: bool


def font_for(char: str, chain: Sequence[str], current: str | None) -> str:
    have = coverage()
    if current is not None and char in have.get(current, ()):
        return current
    for name in chain:
        if char in have.get(name, ()):
            return name
    return chain[0]


def pieces(text: str, role: str, language: str | None = None) -> list[Piece]:
    """``text`` cut into pieces, in the order they are drawn from left to right."""
    code = language or i18n.language()
    chain = FONT_CHAINS[code][role]
    rtl_paragraph = i18n.is_rtl(code)
    if text.isascii() and not rtl_paragraph and chain[0] in _LATIN[role]:
        return [Piece(text, chain[0], False)]  # the common case: one font, left to right
    directions = resolve_directions(text, rtl_paragraph)
    logical: list[Piece] = []
    font: str | None = None
    start = 0
    for index, char in enumerate(text):
        chosen = font_for(char, chain, font)
        if index > start and (chosen != font or directions[index] != directions[start]):
            logical.append(Piece(text[start:index], font, directions[start]))  # type: ignore[arg-type]
            start = index
        font = chosen
    if text:
        logical.append(Piece(text[start:], font, directions[start]))  # type: ignore[arg-type]
    # Order: runs of one direction; right-to-left runs have their pieces reversed, and in a right-to-left
    # paragraph the runs themselves go from the right.
    runs: list[list[Piece]] = []
    for piece in logical:
        if runs and runs[-1][0].rtl == piece.rtl:
            runs[-1].append(piece)
        else:
            runs.append([piece])
    ordered_runs = [list(reversed(run)) if run[0].rtl else run for run in runs]
    if rtl_paragraph:
        ordered_runs.reverse()
    return [piece for run in ordered_runs for piece in run]


class FontBook:
    """The bundled font files, each opened once per (size, direction)."""

    def __init__(self) -> None:
        self._data: dict[str, bytes] = {}
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self.missing: set[str] = set()  # characters drawn with no font that has them (tofu), for the tests
        self._boxes: dict[tuple[str, str, int], tuple[int, int]] = {}

    def data(self, name: str) -> bytes:
        data = self._data.get(name)
        if data is None:
            path = resources.files("assets").joinpath("fonts", name)
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                raise FileNotFoundError(f"font asset missing: assets/fonts/{name}") from None
            self._data[name] = data
        return data

    def font(self, name: str, size: int, rtl: bool = False) -> pygame.font.Font:
        key = (name, max(MIN_SIZE, int(size)), rtl)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(io.BytesIO(self.data(name)), key[1])
            if rtl:
                font.set_direction(pygame.DIRECTION_RTL)
            if name in ARABIC_FONTS:
                font.set_script("Arab")
            self._fonts[key] = font
        return font

    def note_missing(self, text: str, name: str) -> None:
        have = coverage().get(name, frozenset())
        self.missing.update(c for c in text if c not in have and c.isprintable() and not c.isspace())

    def line_box(self, role: str, size: int, language: str | None = None) -> tuple[int, int]:
        """How far a line of ``role`` at ``size`` reaches above and below its baseline in a language: the Latin
        font's line box, grown to hold the tallest and deepest letters of the language's own script (Persian
        letters reach above and below a Latin line), so that lines set one line box apart never touch."""
        code = language or i18n.language()
        key = (code, role, int(size))
        box = self._boxes.get(key)
        if box is None:
            nominal = self.font(NOMINAL[role], size)
            above, below = nominal.get_ascent(), nominal.get_height() - nominal.get_ascent()
            sample = LINE_SAMPLES.get(code)
            if sample:
                canvas, baseline = self._compose(sample, role, size, (255, 255, 255), code, note=False)
                ink = canvas.get_bounding_rect(min_alpha=1)
                above, below = max(above, baseline - ink.top), max(below, ink.bottom - baseline)
            box = self._boxes[key] = (above, below)
        return box

    def _compose(
        self, text: str, role: str, size: int, color: tuple, language: str | None = None, note: bool = True
    ) -> tuple[pygame.Surface, int]:
        """The pieces of ``text`` drawn side by side on one baseline: the canvas and the baseline's row."""
        drawn = []
        for part in pieces(text, role, language):
            if note:
                self.note_missing(part.text, part.font)
            font = self.font(part.font, size, part.rtl)
            drawn.append((font.render(part.text, True, color), font.get_ascent()))
        ascent = max(a for _, a in drawn) if drawn else 0
        depth = max((s.get_height() - a for s, a in drawn), default=0)
        width = sum(s.get_width() for s, _ in drawn)
        canvas = pygame.Surface((max(1, width), max(1, ascent + depth)), pygame.SRCALPHA)
        x = 0
        for surface, piece_ascent in drawn:
            canvas.blit(surface, (x, ascent - piece_ascent))
            x += surface.get_width()
        return canvas, ascent

    def render(self, text: str, role: str, size: int, color: tuple) -> pygame.Surface:
        """``text`` drawn as one line in the current language's fonts, in the language's line box."""
        parts = pieces(text, role)
        if (
            len(parts) == 1
            and parts[0].font == NOMINAL[role]
            and not parts[0].rtl
            and i18n.language() not in LINE_SAMPLES
        ):
            self.note_missing(text, parts[0].font)
            return self.font(NOMINAL[role], size).render(text, True, color)
        canvas, baseline = self._compose(text, role, size, color)
        above, below = self.line_box(role, size)
        used = canvas.get_bounding_rect(min_alpha=1)
        top = min(baseline - above, used.top) if used.height else baseline - above
        bottom = max(baseline + below, used.bottom)
        framed = pygame.Surface((canvas.get_width(), bottom - top), pygame.SRCALPHA)
        framed.blit(canvas, (0, -top))
        return framed

    def size(self, text: str, role: str, size: int) -> tuple[int, int]:
        parts = pieces(text, role)
        if (
            len(parts) == 1
            and parts[0].font == NOMINAL[role]
            and not parts[0].rtl
            and i18n.language() not in LINE_SAMPLES
        ):
            return self.font(NOMINAL[role], size).size(text)
        width = sum(self.font(p.font, size, p.rtl).size(p.text)[0] for p in parts)
        above, below = self.line_box(role, size)
        return width, above + below
