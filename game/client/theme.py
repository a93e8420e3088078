"""Colours, fonts and cached text: one place for the look, so every scene agrees.

The palette follows the sprites in ``assets`` (warm ink, ivory, gold on a teal felt).  Highlights
never rely on hue alone: legal targets are dashed outlines with a plus mark, the selection is a
solid gold frame, warnings carry an icon, so the game stays readable for colour-blind players.

Text is rendered through an LRU cache keyed by (text, font, size, colour): a frame redraws the
same labels sixty times a second, and ``Font.render`` is the one costly call in that path.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from importlib import resources

import pygame

from game import i18n

Color = tuple[int, int, int] | tuple[int, int, int, int]

INK = (38, 24, 16)
IVORY = (247, 238, 214)
PARCHMENT = (236, 222, 188)
GOLD = (214, 164, 62)
GOLD_LIGHT = (246, 214, 128)
GOLD_DARK = (134, 92, 30)
FELT = (26, 58, 54)
PANEL = (22, 34, 36)
PANEL_EDGE = (96, 78, 44)
PANEL_LIGHT = (38, 56, 58)
TEXT = IVORY
TEXT_DIM = (176, 186, 172)
TEXT_FAINT = (120, 134, 126)
TARGET = (120, 214, 236)  # legal drop targets: a cool cyan, distinct from the gold selection
WARN = (236, 120, 72)
GOOD = (150, 222, 132)
SHADOW = (0, 0, 0)

TYPE_COLORS: dict[str, tuple[int, int, int]] = {
    "pavilion": (52, 108, 182),
    "seraglio": (180, 48, 44),
    "arcades": (146, 94, 52),
    "chambers": (236, 228, 208),
    "garden": (58, 138, 70),
    "tower": (112, 64, 146),
}
CURRENCY_COLORS: dict[str, tuple[int, int, int]] = {
    "florin": (236, 196, 58),
    "dirham": (66, 150, 84),
    "denar": (58, 112, 190),
    "ducat": (226, 120, 40),
}
# Seat colours for tokens on the score track and names in the log; each seat also has a letter.
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (246, 214, 128),
    (236, 132, 120),
    (132, 196, 240),
    (170, 224, 140),
    (214, 160, 236),
    (244, 176, 96),
)
NEUTRAL_COLOR = (200, 200, 200)  # a rule module's collector, who is not a seat
# The seats' colours for colour-blind players (a setting): Okabe and Ito's palette, whose colours stay apart
# in protanopia, deuteranopia and tritanopia (the default's yellow and orange merge for many).
COLOUR_SAFE_SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (204, 121, 167),  # reddish purple
    (0, 158, 115),  # bluish green
)
_seat_palette = SEAT_COLORS


def use_colour_safe_seats(on: bool) -> None:
    """Switch every seat's colour to the colour-blind palette (or back), from the next frame on."""
    global _seat_palette
    _seat_palette = COLOUR_SAFE_SEAT_COLORS if on else SEAT_COLORS


FONT_FILES = {"ui": "ui.ttf", "bold": "ui_bold.ttf", "display": "display.ttf"}


class Fonts:
    """The bundled TTFs, opened once per (role, size); never SysFont (machines differ)."""

    def __init__(self) -> None:
        self._data: dict[str, bytes] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def _bytes(self, role: str) -> bytes:
        data = self._data.get(role)
        if data is None:
            path = resources.files("assets").joinpath("fonts", FONT_FILES[role])
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                raise FileNotFoundError(f"font asset missing: assets/fonts/{FONT_FILES[role]}") from None
            self._data[role] = data
        return data

    def get(self, role: str, size: int) -> pygame.font.Font:
        key = (role, max(6, int(size)))
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = pygame.font.Font(io.BytesIO(self._bytes(role)), key[1])
        return font


class TextCache:
    """Rendered strings, least recently used dropped first."""

    def __init__(self, fonts: Fonts, capacity: int = 3000) -> None:
        self.fonts = fonts
        self.capacity = capacity
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def render(self, text: str, size: int, color: Color = TEXT, role: str = "ui") -> pygame.Surface:
        key = (text, role, int(size), color)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        surface = self.fonts.get(role, size).render(text, True, color)
        self._cache[key] = surface
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surface

    def shadowed(self, text: str, size: int, color: Color = TEXT, role: str = "ui", offset: int = 1) -> pygame.Surface:
        """Text with a soft dark drop shadow, for labels drawn straight onto the felt or art."""
        key = ("\0shadow", text, role, int(size), color, offset)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        front = self.render(text, size, color, role)
        back = self.fonts.get(role, size).render(text, True, SHADOW)
        back.set_alpha(150)
        surface = pygame.Surface((front.get_width() + offset + 1, front.get_height() + offset + 1), pygame.SRCALPHA)
        surface.blit(back, (offset + 1, offset + 1))
        surface.blit(back, (offset, offset))
        surface.blit(front, (0, 0))
        self._cache[key] = surface
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surface

    def size(self, text: str, size: int, role: str = "ui") -> tuple[int, int]:
        return self.fonts.get(role, size).size(text)

    def wrap(self, text: str, size: int, width: int, role: str = "ui") -> list[str]:
        """Greedy word wrap to ``width`` pixels; a word longer than the line stands alone."""
        font = self.fonts.get(role, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                if font.size(candidate)[0] <= width or not line:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def fit(self, text: str, size: int, width: int, role: str = "ui") -> str:
        """``text`` shortened with an ellipsis so it fits ``width`` pixels."""
        font = self.fonts.get(role, size)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"


def text_x(left: int, right: int, width: int) -> int:
    """Where a line of ``width`` pixels starts in the box from ``left`` to ``right``: at the left edge, or at
    the right edge when the language is written right to left (Persian), so lists, panels and the log read
    from the side their language starts on."""
    return right - width if i18n.is_rtl() else left


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """Blend two colours: t=0 gives ``a``, t=1 gives ``b``."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def seat_color(seat: int | str) -> tuple[int, int, int]:
    if isinstance(seat, str) and not seat.isdigit():  # a module's collector, named by its key
        return NEUTRAL_COLOR
    return _seat_palette[int(seat) % len(_seat_palette)]
