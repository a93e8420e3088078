"""Colours, fonts and cached text: one place for the look, so every scene agrees.

The palette follows the sprites in ``assets`` (warm ink, ivory, gold on a teal felt).  Highlights
never rely on hue alone: legal targets are dashed outlines with a plus mark, the selection is a
solid gold frame, warnings carry an icon, so the game stays readable for colour-blind players.

Text is rendered through an LRU cache keyed by (text, font, size, colour): a frame redraws the
same labels sixty times a second, and ``Font.render`` is the one costly call in that path.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game import i18n

from . import linebreak, typeset

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


FONT_FILES = {"ui": "ui.ttf", "bold": "ui_bold.ttf", "display": "display.ttf"}  # each role's Latin font


class Fonts(typeset.FontBook):
    """The bundled fonts, opened once per (file, size, direction); never SysFont (machines differ).

    ``get(role, size)`` is a role's Latin font, whose line box every language keeps (``typeset``).
    """

    def get(self, role: str, size: int) -> pygame.font.Font:
        return self.font(FONT_FILES[role], size)


class TextCache:
    """Rendered strings, least recently used dropped first, in the current language's fonts and direction
    (``typeset``: Persian shaped right to left, Chinese and Japanese in their own fonts)."""

    def __init__(self, fonts: Fonts, capacity: int = 3000) -> None:
        self.fonts = fonts
        self.capacity = capacity
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._sizes: dict[tuple, tuple[int, int]] = {}

    def _keep(self, key: tuple, surface: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surface
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surface

    def render(self, text: str, size: int, color: Color = TEXT, role: str = "ui") -> pygame.Surface:
        key = (text, role, int(size), color, i18n.language())
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        return self._keep(key, self.fonts.render(text, role, int(size), color))

    def shadowed(self, text: str, size: int, color: Color = TEXT, role: str = "ui", offset: int = 1) -> pygame.Surface:
        """Text with a soft dark drop shadow, for labels drawn straight onto the felt or art."""
        key = ("\0shadow", text, role, int(size), color, offset, i18n.language())
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        front = self.render(text, size, color, role)
        back = self.fonts.render(text, role, int(size), SHADOW)
        back.set_alpha(150)
        surface = pygame.Surface((front.get_width() + offset + 1, front.get_height() + offset + 1), pygame.SRCALPHA)
        surface.blit(back, (offset + 1, offset + 1))
        surface.blit(back, (offset, offset))
        surface.blit(front, (0, 0))
        return self._keep(key, surface)

    def size(self, text: str, size: int, role: str = "ui") -> tuple[int, int]:
        key = (text, role, int(size), i18n.language())
        found = self._sizes.get(key)
        if found is None:
            if len(self._sizes) > 4 * self.capacity:
                self._sizes.clear()
            found = self._sizes[key] = self.fonts.size(text, role, int(size))
        return found

    def wrap(self, text: str, size: int, width: int, role: str = "ui") -> list[str]:
        """Lines of ``text`` no wider than ``width`` pixels, broken where the language allows (``linebreak``:
        at spaces, or between Chinese and Japanese characters); a unit longer than the line stands alone."""
        return linebreak.wrap(text, width, lambda line: self.size(line, size, role)[0])

    def fit(self, text: str, size: int, width: int, role: str = "ui") -> str:
        """``text`` shortened with an ellipsis so it fits ``width`` pixels."""
        if self.size(text, size, role)[0] <= width:
            return text
        while text and self.size(text + "…", size, role)[0] > width:
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
