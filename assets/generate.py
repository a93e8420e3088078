"""Draw every image and synthesise every sound of the ``assets`` package.

Run from the repository root::

    python -m assets.generate                 # rewrite all PNG and WAV files
    python -m assets.generate --sheet out.png # ... and a review contact sheet
    python -m assets.generate --sheet-2024 out.png  # ... and the 2024 edition's sheet

Everything is drawn in code with pygame-ce so that the art has no licence
questions, needs no network and can be regenerated after a tweak.  Output is
deterministic: the only randomness is seeded, so regenerating produces
byte-identical files and a clean ``git diff``.

Shapes are drawn on a canvas ``SS`` times larger than the target and shrunk
with premultiplied alpha, which gives smooth anti-aliased edges without dark
fringes on transparent images.  Coordinates in the drawing code are in
*target* pixels (e.g. 0..128 on a tile), so the numbers read like the asset.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import struct
import wave
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

# Headless: the generator never opens a window or an audio device.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # imported after the SDL variables above, which it reads at import

PKG = Path(__file__).resolve().parent
FONTS = PKG / "fonts"
SS = 4  # supersampling factor: draw 4x, shrink once at the end

RGB = tuple[int, int, int]
Point = tuple[float, float]

# --------------------------------------------------------------------------
# Palette
# --------------------------------------------------------------------------

INK: RGB = (38, 24, 16)  # the common dark outline: warm near-black
IVORY: RGB = (247, 238, 214)
GOLD: RGB = (214, 164, 62)
GOLD_LIGHT: RGB = (246, 214, 128)
GOLD_DARK: RGB = (134, 92, 30)
STONE_LIGHT: RGB = (242, 224, 180)
STONE_DARK: RGB = (160, 126, 78)
WATER: RGB = (64, 132, 188)
WATER_LIGHT: RGB = (164, 212, 238)
WOOD: RGB = (110, 72, 40)
TERRACOTTA: RGB = (184, 98, 56)


@dataclass(frozen=True)
class Palette:
    """Colours of one building type or currency.

    ``base`` is the identifying colour from the rules; the others are derived
    shades picked by eye so that each type still reads in greyscale through
    its emblem, never through colour alone.
    """

    base: RGB
    dark: RGB
    light: RGB
    niche: RGB  # the panel behind a tile's emblem / a card's medallion


TILE_PALETTES: dict[str, Palette] = {
    "pavilion": Palette((52, 108, 182), (24, 52, 104), (150, 192, 236), (226, 236, 246)),
    "seraglio": Palette((180, 48, 44), (104, 22, 22), (236, 146, 128), (246, 228, 220)),
    "arcades": Palette((146, 94, 52), (84, 50, 24), (214, 170, 116), (240, 228, 206)),
    "chambers": Palette((236, 228, 208), (120, 100, 72), (252, 248, 238), (206, 184, 146)),
    "garden": Palette((58, 138, 70), (24, 80, 36), (156, 212, 140), (228, 240, 218)),
    "tower": Palette((112, 64, 146), (58, 28, 84), (190, 154, 216), (236, 226, 242)),
}

START_PALETTE = Palette((220, 176, 92), (132, 88, 30), (246, 222, 160), (240, 226, 190))

CURRENCY_PALETTES: dict[str, Palette] = {
    "florin": Palette((236, 196, 58), (122, 86, 8), (252, 234, 150), (252, 244, 214)),
    "dirham": Palette((66, 150, 84), (22, 78, 40), (160, 214, 160), (236, 246, 226)),
    "denar": Palette((58, 112, 190), (20, 50, 110), (156, 192, 238), (232, 240, 250)),
    "ducat": Palette((226, 120, 40), (120, 52, 10), (250, 186, 128), (252, 236, 218)),
}

TILE_TYPES = tuple(TILE_PALETTES)
CURRENCIES = tuple(CURRENCY_PALETTES)

# Tile geometry the client relies on (documented in README.md).
TILE = 128
WALL = 15  # wall thickness drawn by the overlays
CARTOUCHE = (100.0, 100.0, 12.0)  # centre x, centre y, radius of the cost disc
CARD_W, CARD_H = 80, 120
INDEX_DIGIT = (12.5, 15.0)  # centre of a card's corner value
INDEX_EMBLEM = (12.5, 31.0, 11.0)  # centre x, y and size of the corner emblem
SLOT_W, SLOT_H = 150, 190
SLOT_TILE_POS = (11, 51)  # where a 128 tile sits inside a market slot frame


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Blend two colours; used to derive every shade from a few base colours."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# --------------------------------------------------------------------------
# Canvas: supersampled drawing in target-pixel units
# --------------------------------------------------------------------------


class Canvas:
    """A transparent surface ``SS`` times the target size.

    Methods take coordinates in target pixels and scale them, so drawing code
    reads in the units of the finished asset.  Note that pygame's draw calls
    *replace* pixels rather than blend; translucent effects are therefore
    drawn on a separate layer and composed with :meth:`blit`.
    """

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)

    def layer(self) -> Canvas:
        """A blank canvas of the same size, for composing effects."""
        return Canvas(self.w, self.h)

    @staticmethod
    def _pts(points: Iterable[Point]) -> list[Point]:
        return [(x * SS, y * SS) for x, y in points]

    def polygon(self, points: Iterable[Point], color: Sequence[int]) -> None:
        """Fill a polygon."""
        pygame.draw.polygon(self.surf, color, self._pts(points))

    def circle(self, cx: float, cy: float, r: float, color: Sequence[int]) -> None:
        """Fill a disc."""
        pygame.draw.circle(self.surf, color, (cx * SS, cy * SS), r * SS)

    def ring(self, cx: float, cy: float, r: float, width: float, color: Sequence[int]) -> None:
        """Stroke a circle centred on radius ``r`` (an even, smooth line)."""
        outer = r + width / 2
        pygame.draw.circle(self.surf, color, (cx * SS, cy * SS), outer * SS, max(1, round(width * SS)))

    def ellipse(self, x: float, y: float, w: float, h: float, color: Sequence[int]) -> None:
        """Fill an ellipse inside the given box."""
        pygame.draw.ellipse(self.surf, color, pygame.Rect(x * SS, y * SS, w * SS, h * SS))

    def rect(self, x: float, y: float, w: float, h: float, color: Sequence[int], radius: float = 0) -> None:
        """Fill a (rounded) rectangle."""
        pygame.draw.rect(
            self.surf,
            color,
            pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS)),
            border_radius=round(radius * SS),
        )

    def frame(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        color: Sequence[int],
        width: float,
        radius: float = 0,
    ) -> None:
        """Stroke a (rounded) rectangle inwards from its edge."""
        pygame.draw.rect(
            self.surf,
            color,
            pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS)),
            max(1, round(width * SS)),
            border_radius=round(radius * SS),
        )

    def stroke(
        self,
        points: Sequence[Point],
        color: Sequence[int],
        width: float,
        closed: bool = False,
    ) -> None:
        """A polyline of true width with round joins.

        pygame's own thick lines get thinner on diagonals; building each
        segment as a quad keeps the weight even, which matters for icons.
        """
        pts = self._pts(points)
        if closed:
            pts.append(pts[0])
        half = width * SS / 2
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            quad = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
            pygame.draw.polygon(self.surf, color, quad)
        for x, y in pts:
            pygame.draw.circle(self.surf, color, (x, y), half)

    def blit(self, other: Canvas) -> None:
        """Alpha-compose another canvas of the same size on top of this one."""
        self.surf.blit(other.surf, (0, 0))

    def text(
        self,
        font: str,
        size: float,
        text: str,
        color: Sequence[int],
        center: Point,
    ) -> pygame.Rect:
        """Render text centred on a point, at supersampled resolution."""
        img = load_font(font, size).render(text, True, color)
        rect = img.get_rect(center=(round(center[0] * SS), round(center[1] * SS)))
        self.surf.blit(img, rect)
        return rect

    def finish(self) -> pygame.Surface:
        """Shrink to the target size with premultiplied alpha (no dark fringes)."""
        return downsample(self.surf, (self.w, self.h))


_FONT_CACHE: dict[tuple[str, int], pygame.font.Font] = {}


def load_font(name: str, size: float) -> pygame.font.Font:
    """A bundled font at ``size`` target pixels (rendered at ``SS`` times that)."""
    key = (name, round(size * SS))
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = pygame.font.Font(str(FONTS / f"{name}.ttf"), key[1])
    return _FONT_CACHE[key]


def downsample(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Area-average ``surf`` down to ``size``, correctly for translucent pixels.

    smoothscale averages colour and alpha separately, so a white shape on a
    transparent background would gain a grey halo.  Averaging premultiplied
    colour and dividing the alpha back out avoids that.
    """
    small = pygame.transform.smoothscale(surf.premul_alpha(), size)
    data = bytearray(pygame.image.tobytes(small, "RGBA"))
    for i in range(3, len(data), 4):
        a = data[i]
        if 0 < a < 255:
            data[i - 3] = min(255, data[i - 3] * 255 // a)
            data[i - 2] = min(255, data[i - 2] * 255 // a)
            data[i - 1] = min(255, data[i - 1] * 255 // a)
    return pygame.image.frombytes(bytes(data), size, "RGBA")


# --------------------------------------------------------------------------
# Compositing effects
# --------------------------------------------------------------------------


def silhouette(src: Canvas, color: Sequence[int]) -> Canvas:
    """The shape of ``src`` filled with one colour (keeps its alpha)."""
    out = src.layer()
    out.surf.blit(src.surf, (0, 0))
    out.surf.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out.surf.fill((color[0], color[1], color[2], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def outlined(src: Canvas, color: Sequence[int], width: float) -> Canvas:
    """``src`` with an even outline around its whole silhouette.

    Outlining the composed emblem (rather than every part) gives the bold,
    sticker-like contour that keeps small art readable at 48 px.
    """
    sil = silhouette(src, color)
    out = src.layer()
    for ring_r in (width, width * 0.5):
        for k in range(24):
            a = 2 * math.pi * k / 24
            out.surf.blit(sil.surf, (round(math.cos(a) * ring_r * SS), round(math.sin(a) * ring_r * SS)))
    out.surf.blit(src.surf, (0, 0))
    return out


def shadow(src: Canvas, dx: float, dy: float, blur: float, alpha: int) -> Canvas:
    """A soft drop shadow of ``src`` (not including ``src`` itself)."""
    sil = silhouette(src, (0, 0, 0))
    blurred = pygame.transform.gaussian_blur(sil.surf, max(1, round(blur * SS)))
    out = src.layer()
    blurred.set_alpha(alpha)
    out.surf.blit(blurred, (round(dx * SS), round(dy * SS)))
    return out


def clip(src: Canvas, mask: Canvas) -> None:
    """Keep ``src`` only where ``mask`` (drawn in white) is opaque."""
    src.surf.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def vertical_gradient(c: Canvas, top: Sequence[int], bottom: Sequence[int]) -> Canvas:
    """A full-size layer shading from ``top`` to ``bottom``."""
    g = c.layer()
    rows = c.h * SS
    for y in range(rows):
        pygame.draw.line(g.surf, mix(top, bottom, y / max(1, rows - 1)), (0, y), (c.w * SS, y))
    return g


def fill_gradient(c: Canvas, shape: Callable[[Canvas, RGB], None], top: Sequence[int], bottom: Sequence[int]) -> None:
    """Fill the shape drawn by ``shape(layer, white)`` with a vertical gradient."""
    mask = c.layer()
    shape(mask, (255, 255, 255))
    g = vertical_gradient(c, top, bottom)
    clip(g, mask)
    c.blit(g)


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------


def star(cx: float, cy: float, r_out: float, r_in: float, n: int, rot: float = -90.0) -> list[Point]:
    """An ``n``-pointed star; the 8-pointed one is the Moorish signature motif."""
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * k / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular(cx: float, cy: float, r: float, n: int, rot: float = -90.0) -> list[Point]:
    """A regular polygon with ``n`` corners."""
    return [
        (cx + r * math.cos(math.radians(rot + 360.0 * k / n)), cy + r * math.sin(math.radians(rot + 360.0 * k / n)))
        for k in range(n)
    ]


def khatam(cx: float, cy: float, r: float) -> list[Point]:
    """The eight-pointed star made of two overlapping squares (Rub el Hizb)."""
    return star(cx, cy, r, r * math.cos(math.pi / 4) / math.cos(math.pi / 8), 8, -90.0)


def arch(
    cx: float,
    bottom: float,
    spring: float,
    half: float,
    sharp: float = 1.0,
    horseshoe: float = 0.0,
    steps: int = 18,
) -> list[Point]:
    """Outline of an arched opening, from the bottom-left corner clockwise.

    ``sharp`` = 1 gives a round arch, larger values a pointed two-centred
    arch; ``horseshoe`` (radians) carries the curve below the springing line
    so the opening narrows again - the Moorish horseshoe arch.
    """
    r = half * sharp
    centre = cx - half + r  # centre of the left-hand arc
    end = math.acos(max(-1.0, min(1.0, (cx - centre) / r)))
    start = math.pi + horseshoe
    left = [
        (centre + r * math.cos(a), spring - r * math.sin(a))
        for a in (start + (end - start) * i / steps for i in range(steps + 1))
    ]
    right = [(2 * cx - x, y) for x, y in reversed(left)]
    return [(left[0][0], bottom), *left, *right[1:], (right[-1][0], bottom)]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bezier curve (for domes and leaves)."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def mirror_x(points: Sequence[Point], cx: float) -> list[Point]:
    """Close a left half-outline into a symmetric shape about ``x = cx``."""
    return [*points, *[(2 * cx - x, y) for x, y in reversed(points)]]


def rotate_points(points: Iterable[Point], cx: float, cy: float, deg: float) -> list[Point]:
    """Rotate points about a centre."""
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


# --------------------------------------------------------------------------
# Ornaments shared by tiles, cards and boards
# --------------------------------------------------------------------------


def zellige_band(c: Canvas, x: float, y: float, w: float, h: float, width: float, p: Palette) -> None:
    """A square frame band with a running diamond-and-dot motif.

    It rings every tile so that a wall-less tile edge still looks finished;
    walls, when present, are drawn over it.
    """
    c.frame(x, y, w, h, p.dark, width, radius=2)
    mid = width / 2
    x0, y0, x1, y1 = x + mid, y + mid, x + w - mid, y + h - mid
    steps = 10
    for side in range(4):
        for k in range(steps):
            t = k / steps
            px, py = [
                (x0 + (x1 - x0) * t, y0),
                (x1, y0 + (y1 - y0) * t),
                (x1 - (x1 - x0) * t, y1),
                (x0, y1 - (y1 - y0) * t),
            ][side]
            if k % 2 == 0:
                r = width * 0.36
                c.polygon(regular(px, py, r, 4), p.light)
            else:
                c.circle(px, py, width * 0.16, mix(p.light, p.dark, 0.35))
    line = mix(p.light, p.dark, 0.3)
    c.frame(x, y, w, h, line, 0.7, radius=2)
    c.frame(x + width - 0.7, y + width - 0.7, w - 2 * width + 1.4, h - 2 * width + 1.4, line, 0.7)


def rosette(c: Canvas, cx: float, cy: float, r: float, fill: Sequence[int], edge: Sequence[int]) -> None:
    """A small eight-pointed star with a dot, for spandrels and corners."""
    c.polygon(khatam(cx, cy, r + 0.9), edge)
    c.polygon(khatam(cx, cy, r), fill)
    c.circle(cx, cy, r * 0.3, edge)


def cartouche(c: Canvas, at: tuple[float, float, float] = CARTOUCHE) -> None:
    """The ivory disc where the client prints a tile's cost."""
    cx, cy, r = at
    disc = c.layer()
    disc.circle(cx, cy, r, IVORY)
    c.blit(shadow(disc, 0.8, 1.2, 1.2, 120))
    c.circle(cx, cy, r + 0.9, INK)
    c.circle(cx, cy, r, GOLD)
    c.circle(cx, cy, r - 1.6, INK)
    c.circle(cx, cy, r - 2.2, IVORY)


def tile_body(p: Palette) -> Canvas:
    """The common tile: bevelled edge, gradient body and zellige border band."""
    c = Canvas(TILE, TILE)
    c.rect(0, 0, TILE, TILE, mix(p.dark, INK, 0.5), radius=5)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1.2, 1.2, TILE - 2.4, TILE - 2.4, col, radius=4),
        mix(p.base, (255, 255, 255), 0.14),
        mix(p.base, (0, 0, 0), 0.1),
    )
    zellige_band(c, 3, 3, TILE - 6, TILE - 6, 9, p)
    return c


GROUND = 92.0  # emblems stand on this line inside the niche


def niche_outline(grow: float = 0.0) -> list[Point]:
    """The niche's arch, grown outwards by ``grow`` (inwards if negative)."""
    return arch(64.0, 110.0, 62.0, 40.0 + grow, 1.12)


def niche(c: Canvas, p: Palette) -> None:
    """The arched panel that frames each emblem and lifts it off the body colour."""
    c.polygon(niche_outline(1.2), INK)
    fill_gradient(
        c,
        lambda lay, col: lay.polygon(niche_outline(), col),
        mix(p.niche, (255, 255, 255), 0.45),
        p.niche,
    )
    floor = c.layer()
    floor.rect(20, GROUND, 88, 20, mix(p.niche, p.dark, 0.18))
    for k in range(9):
        floor.polygon(regular(27 + k * 9.25, GROUND + 9, 3.2, 4), mix(p.niche, p.dark, 0.3))
    mask = c.layer()
    mask.polygon(niche_outline(), (255, 255, 255))
    clip(floor, mask)
    c.blit(floor)
    c.stroke([(24, GROUND), (104, GROUND)], mix(p.niche, p.dark, 0.45), 0.8)
    c.stroke(niche_outline(-3.2)[1:-1], mix(p.niche, p.base, 0.55), 1.0)
    for x in (25.5, 102.5):
        rosette(c, x, 24.5, 5.5, p.light, p.dark)


def compose_emblem(c: Canvas, draw: Callable[[Canvas], None]) -> None:
    """Draw an emblem on its own layer and add it with outline and shadow."""
    art = c.layer()
    draw(art)
    art = outlined(art, INK, 1.3)
    c.blit(shadow(art, 1.2, 1.6, 1.6, 110))
    c.blit(art)


# --------------------------------------------------------------------------
# Building emblems (distinct silhouettes: colour is never the only cue)
# --------------------------------------------------------------------------


def emblem_pavilion(e: Canvas, p: Palette) -> None:
    """Pavilion: an open, domed kiosk on slender columns."""
    e.rect(40, GROUND - 5, 48, 5, p.dark)
    e.rect(44, GROUND - 9, 40, 4.5, p.base)
    for x in (45.0, 78.0):
        e.rect(x, 55, 5, 28, p.light)
        e.rect(x - 2, 53, 9, 3, GOLD)
        e.rect(x - 1, 80.5, 7, 2.5, GOLD)
    scallop = [(50, 54), (78, 54), (78, 58)]
    for k in range(4):
        x = 78 - k * 7
        scallop += bezier((x, 58), (x - 1, 62), (x - 6, 62), (x - 7, 58), 6)
    e.polygon([*scallop, (50, 54)], p.dark)
    e.stroke([(64, 59), (64, 64)], GOLD_DARK, 0.9)
    e.polygon([(64, 63), (67, 67.5), (64, 72), (61, 67.5)], GOLD)
    e.polygon([(33, 54), (95, 54), (90, 47.5), (38, 47.5)], p.dark)
    e.rect(46, 43, 36, 5, p.base)
    for x in (50.5, 57, 64, 71, 77.5):
        e.rect(x - 1.3, 44, 2.6, 3, p.dark)
    dome = [
        (64 + 20 * math.cos(a) * (1 + 0.1 * math.sin(a)), 43.5 - 22 * math.sin(a) ** 0.9)
        for a in (math.pi * i / 32 for i in range(33))
    ]
    e.polygon(dome, p.base)
    shine = [
        (64 + 15 * math.cos(a), 42 - 18 * math.sin(a)) for a in (math.pi * (0.55 + 0.35 * i / 10) for i in range(11))
    ]
    e.stroke(shine, p.light, 2.2)
    for dx in (-8.0, 8.0):
        rib = [(64 + dx * math.sin(math.pi * i / 10) ** 0.5, 43 - 21.5 * i / 10) for i in range(11)]
        e.stroke(rib, mix(p.base, p.dark, 0.5), 0.9)
    e.stroke([(64, 22), (64, 17)], GOLD, 1.6)
    e.circle(64, 20, 2.2, GOLD)


def emblem_seraglio(e: Canvas, p: Palette) -> None:
    """Seraglio: a palace with a tall onion dome, crescent and corner turrets."""
    for x in (38.0, 82.0):
        e.rect(x, 36, 8, 22, p.base)
        e.rect(x - 1.5, 43, 11, 2.5, p.dark)
        e.polygon([(x - 1, 36.5), (x + 9, 36.5), (x + 4, 26.5)], p.dark)
        e.circle(x + 4, 26, 1.4, GOLD)
        e.rect(x + 2.8, 48, 2.4, 5, p.dark)
    e.rect(38, 60, 52, GROUND - 60, p.base)
    e.rect(35.5, 56.5, 57, 4.5, p.dark)
    for k in range(8):
        x = 37 + k * 7.7
        e.polygon(
            [(x, 57), (x + 5, 57), (x + 5, 54.5), (x + 3.5, 54.5), (x + 2.5, 52.5), (x + 1.5, 54.5), (x, 54.5)], p.base
        )
    e.rect(51.5, 47, 25, 10, p.light)
    for x in (56.5, 64, 71.5):
        e.polygon(arch(x, 55.5, 50.5, 1.6, 1.0), p.dark)
    half = bezier((51, 47.5), (41, 41), (45, 31.5), (58, 28.5), 14)[:-1]
    half += bezier((58, 28.5), (62, 27.5), (63.5, 26), (64, 23), 8)
    e.polygon(mirror_x(half, 64), p.base)
    shine = bezier((50, 44), (46, 39), (49, 33), (55, 30.5), 10)
    e.stroke(shine, p.light, 2.0)
    e.stroke([(64, 23.5), (64, 21)], GOLD, 1.2)
    e.circle(64, 19.6, 3.5, GOLD)
    e.circle(65.3, 18.5, 2.8, (0, 0, 0, 0))
    e.rect(52.5, 66, 23, GROUND - 66, p.light)
    door = arch(64, GROUND, 79, 7.5, 1.0, 0.35)
    e.polygon(door, mix(p.dark, INK, 0.35))
    e.stroke(door[1:-1], GOLD, 1.0)
    for x in (45.0, 83.0):
        e.polygon(arch(x, 80, 70, 3.2, 1.0, 0.3), mix(p.dark, INK, 0.35))
        e.polygon(arch(x, 87, 84, 2.4, 1.0), mix(p.dark, INK, 0.35))


def emblem_arcades(e: Canvas, p: Palette) -> None:
    """Arcades: a long gallery of three horseshoe arches with striped voussoirs."""
    e.rect(27, 46, 74, GROUND - 50, p.base)
    e.rect(25, GROUND - 4.5, 78, 4.5, p.dark)
    e.rect(25, 41.5, 78, 5, p.dark)
    for k in range(8):
        x = 27.5 + k * 9.5
        e.polygon(
            [
                (x, 42),
                (x, 38.5),
                (x + 1.6, 38.5),
                (x + 1.6, 36),
                (x + 3.2, 34),
                (x + 4.8, 36),
                (x + 4.8, 38.5),
                (x + 6.4, 38.5),
                (x + 6.4, 42),
            ],
            p.base,
        )
    spring, r, band, shoe = 63.0, 7.4, 4.6, 0.38
    for cx in (41.5, 64.0, 86.5):
        a0, a1 = math.pi + shoe, -shoe
        n = 11
        for k in range(n):
            s0 = a0 + (a1 - a0) * k / n
            s1 = a0 + (a1 - a0) * (k + 1) / n
            wedge = [
                (cx + r * math.cos(s0), spring - r * math.sin(s0)),
                (cx + (r + band) * math.cos(s0), spring - (r + band) * math.sin(s0)),
                (cx + (r + band) * math.cos(s1), spring - (r + band) * math.sin(s1)),
                (cx + r * math.cos(s1), spring - r * math.sin(s1)),
            ]
            e.polygon(wedge, p.light if k % 2 == 0 else mix(p.base, (160, 40, 28), 0.45))
        opening = arch(cx, GROUND - 4.5, spring, r, 1.0, shoe)
        e.polygon(opening, mix(p.dark, INK, 0.45))
        inner = arch(cx, GROUND - 4.5, spring + 3, r - 3.2, 1.0, shoe)
        e.polygon(inner, mix(p.dark, INK, 0.2))
    for x in (30.5, 52.75, 75.25, 97.5):
        e.rect(x - 2.6, spring - 1.5, 5.2, 2.6, GOLD)
        e.rect(x - 1.2, spring + 1, 2.4, GROUND - 4.5 - spring - 1, p.light)


def emblem_chambers(e: Canvas, p: Palette) -> None:
    """Chambers: a latticed window (mashrabiya) - a grid, not an arcade."""
    frame_col = WOOD
    e.polygon(arch(64, 87, 48, 25, 1.25), frame_col)
    inner_pts = arch(64, 83, 50.5, 19.5, 1.25)
    lattice = e.layer()
    lattice.polygon(inner_pts, mix(p.light, GOLD_LIGHT, 0.25))
    for k in range(-12, 13):
        x = 64 + k * 6.2
        lattice.stroke([(x - 40, 20), (x + 40, 100)], mix(WOOD, INK, 0.25), 1.5)
        lattice.stroke([(x + 40, 20), (x - 40, 100)], mix(WOOD, INK, 0.25), 1.5)
    mask = e.layer()
    mask.polygon(inner_pts, (255, 255, 255))
    clip(lattice, mask)
    e.blit(lattice)
    e.rect(62.3, 28, 3.4, 56, frame_col)
    e.rect(44, 59, 40, 3.4, frame_col)
    e.circle(64, 60.7, 3.2, GOLD)
    e.rect(33, 86, 62, 3, mix(frame_col, INK, 0.3))
    e.rect(36, 88.5, 56, GROUND - 88.5, frame_col)


def emblem_garden(e: Canvas, p: Palette) -> None:
    """Garden: an orange tree in a tiled planter between two flowering shrubs."""
    for cx in (37.0, 91.0):
        for dx, dy, r in ((-4.5, 2.5, 4.6), (4.5, 2.5, 4.6), (0, -1.5, 5.4)):
            e.circle(cx + dx, GROUND - 6 + dy, r, mix(p.base, p.dark, 0.45))
        for dx, dy in ((-4, -1), (3, -4), (5, 1.5), (-1, 2)):
            e.circle(cx + dx, GROUND - 6 + dy, 1.3, (240, 170, 200))
    e.polygon([(45, 83), (83, 83), (80, GROUND), (48, GROUND)], TERRACOTTA)
    e.rect(43.5, 81, 41, 3.5, mix(TERRACOTTA, INK, 0.3))
    for k in range(5):
        e.polygon(regular(51.5 + k * 6.25, 87.5, 2.0, 4), GOLD_LIGHT)
    e.polygon([(61.8, 82), (66.2, 82), (65.4, 58), (62.6, 58)], WOOD)
    e.stroke([(64, 66), (56, 58)], WOOD, 2.0)
    e.stroke([(64, 63), (72, 56)], WOOD, 2.0)
    crown = [
        (64, 42, 16.5),
        (49.5, 48.5, 11.5),
        (78.5, 48.5, 11.5),
        (54, 33.5, 11),
        (74, 33.5, 11),
        (64, 27, 10.5),
        (56, 55, 9),
        (72, 55, 9),
    ]
    for cx, cy, r in crown:
        e.circle(cx, cy, r, mix(p.base, p.dark, 0.25))
    light = e.layer()
    for cx, cy, r in crown:
        light.circle(cx - 2.2, cy - 2.6, r * 0.78, p.base)
    mask = e.layer()
    for cx, cy, r in crown:
        mask.circle(cx, cy, r, (255, 255, 255))
    clip(light, mask)
    e.blit(light)
    for cx, cy, r in ((52, 30, 4), (70, 27, 3.5), (46, 44, 3.5)):
        e.circle(cx, cy, r, mix(p.base, p.light, 0.55))
    for x, y in ((58, 36), (73, 40), (50, 52), (66, 50), (79, 50), (62, 25), (44, 41), (76, 30)):
        e.circle(x, y, 2.3, (242, 144, 36))
        e.circle(x - 0.7, y - 0.7, 0.7, (255, 220, 160))


def emblem_tower(e: Canvas, p: Palette) -> None:
    """Tower: a tall crenellated keep rising above short curtain walls."""
    wall_col = mix(p.base, p.dark, 0.35)
    for x0 in (31.0, 79.0):
        e.rect(x0, 68, 18, GROUND - 68, wall_col)
        for k in range(3):
            e.rect(x0 + 0.5 + k * 6.3, 63.5, 4.4, 5, wall_col)
    e.polygon([(49.5, GROUND), (78.5, GROUND), (76.5, 37), (51.5, 37)], p.base)
    courses = e.layer()
    for y in range(44, int(GROUND), 7):
        courses.rect(50, y, 28, 0.8, mix(p.base, p.dark, 0.3))
    mask = e.layer()
    mask.polygon([(49.5, GROUND), (78.5, GROUND), (76.5, 37), (51.5, 37)], (255, 255, 255))
    clip(courses, mask)
    e.blit(courses)
    e.rect(46, 30, 36, 8, p.base)
    e.rect(48, 37.5, 32, 2, p.dark)
    for k in range(4):
        x = 46 + k * 9.67
        e.polygon([(x, 30.5), (x, 25), (x + 3.35, 21.5), (x + 6.7, 25), (x + 6.7, 30.5)], p.base)
    e.rect(54, 44, 20, 15, p.light)
    for x in (59.5, 68.5):
        e.polygon(arch(x, 57, 50, 3.1, 1.0, 0.35), mix(p.dark, INK, 0.35))
    e.rect(63, 49, 2, 8, GOLD)
    e.rect(62.8, 65, 2.4, 9, mix(p.dark, INK, 0.35))
    door = arch(64, GROUND, 84, 6, 1.35)
    e.polygon(arch(64, GROUND, 84, 8.2, 1.35), p.light)
    e.polygon(door, mix(p.dark, INK, 0.35))


EMBLEMS: dict[str, Callable[[Canvas, Palette], None]] = {
    "pavilion": emblem_pavilion,
    "seraglio": emblem_seraglio,
    "arcades": emblem_arcades,
    "chambers": emblem_chambers,
    "garden": emblem_garden,
    "tower": emblem_tower,
}


def building_tile(kind: str) -> pygame.Surface:
    """A 128x128 building face: body, niche, emblem and the cost cartouche."""
    p = TILE_PALETTES[kind]
    c = tile_body(p)
    niche(c, p)
    compose_emblem(c, lambda e: EMBLEMS[kind](e, p))
    cartouche(c)
    return c.finish()


def lion(c: Canvas, cx: float, cy: float) -> None:
    """A lion's face, drawn upright like a heraldic emblem so it reads as one."""
    c.polygon(star(cx, cy, 7.2, 5.4, 12, -90), (160, 96, 32))
    c.circle(cx, cy, 5.6, (190, 124, 44))
    for side in (-1, 1):
        c.circle(cx + side * 3.1, cy - 3.2, 1.5, GOLD)
    c.circle(cx, cy + 0.2, 3.9, GOLD_LIGHT)
    c.ellipse(cx - 2.2, cy + 0.6, 4.4, 3.2, (252, 238, 200))
    for side in (-1, 1):
        c.circle(cx + side * 1.55, cy - 1.0, 0.62, INK)
    c.polygon([(cx - 1.0, cy + 0.8), (cx + 1.0, cy + 0.8), (cx, cy + 2.0)], INK)


def start_tile() -> pygame.Surface:
    """The Lion Fountain, as a plan of the Court of the Lions.

    Four water channels meet at a twelve-sided basin ringed by lions; it is
    golden and emblem-free so it never reads as one of the six types.
    """
    p = START_PALETTE
    c = tile_body(p)
    paving = c.layer()
    for k in range(-8, 9):
        x = 64 + k * 9
        paving.stroke([(x - 60, 4), (x + 60, 124)], mix(p.base, p.dark, 0.18), 0.7)
        paving.stroke([(x + 60, 4), (x - 60, 124)], mix(p.base, p.dark, 0.18), 0.7)
    mask = c.layer()
    mask.rect(12, 12, 104, 104, (255, 255, 255))
    clip(paving, mask)
    c.blit(paving)
    for qx in (31.0, 97.0):
        for qy in (31.0, 97.0):
            rosette(c, qx, qy, 7, p.light, p.dark)
    art = c.layer()
    for y, h, col in ((57.5, 13, STONE_LIGHT), (61, 6, WATER), (62, 2, WATER_LIGHT)):
        art.rect(12, y, 104, h, col)  # the east-west channel
        art.rect(y, 12, h, 104, col)  # the north-south channel
    art.polygon(regular(64, 64, 30, 12, -75), STONE_LIGHT)
    art.polygon(regular(64, 64, 26, 12, -75), STONE_DARK)
    art.polygon(regular(64, 64, 25, 12, -75), WATER)
    water = art.layer()
    for r, col in ((22, mix(WATER, WATER_LIGHT, 0.2)), (17, mix(WATER, WATER_LIGHT, 0.35))):
        water.ring(64, 64, r, 1.2, col)
    art.blit(water)
    art.circle(64, 64, 10, STONE_DARK)
    art.circle(64, 64, 9, STONE_LIGHT)
    art.circle(64, 64, 6.5, WATER_LIGHT)
    art.circle(64, 64, 3, (255, 255, 255))
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        art.circle(64 + math.cos(a) * 5.2, 64 + math.sin(a) * 5.2, 0.9, (255, 255, 255))
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        lion(art, 64 + math.cos(a) * 37, 64 + math.sin(a) * 37)
    art = outlined(art, INK, 1.0)
    c.blit(shadow(art, 1, 1.4, 1.4, 100))
    c.blit(art)
    return c.finish()


BACK_PALETTE = Palette((34, 52, 96), (18, 28, 58), (214, 164, 62), (44, 66, 118))


def tile_back() -> pygame.Surface:
    """The tile back: deep indigo, gold border and a large eight-pointed star."""
    p = BACK_PALETTE
    c = tile_body(p)
    lattice = c.layer()
    for gx in range(0, 5):
        for gy in range(0, 5):
            lattice.polygon(khatam(12 + gx * 26, 12 + gy * 26, 7), mix(p.base, p.niche, 0.9))
    mask = c.layer()
    mask.rect(12, 12, 104, 104, (255, 255, 255))
    clip(lattice, mask)
    c.blit(lattice)
    art = c.layer()
    art.polygon(khatam(64, 64, 38), GOLD)
    art.polygon(khatam(64, 64, 34), mix(p.base, p.dark, 0.4))
    art.polygon(khatam(64, 64, 24), GOLD)
    art.polygon(khatam(64, 64, 21), p.base)
    art.circle(64, 64, 11, GOLD)
    art.circle(64, 64, 9, mix(p.base, p.dark, 0.4))
    art.polygon(star(64, 64, 7, 3, 8), GOLD_LIGHT)
    art = outlined(art, INK, 1.0)
    c.blit(shadow(art, 1, 1.5, 1.5, 110))
    c.blit(art)
    return c.finish()


# --------------------------------------------------------------------------
# Walls
# --------------------------------------------------------------------------


WALL_STONE: RGB = (214, 184, 128)
WALL_TOP: RGB = (244, 226, 182)
WALL_SHADE: RGB = (160, 124, 74)
WALL_DEEP: RGB = (120, 88, 50)


def wall_post(c: Canvas, x: float, y: float) -> None:
    """A square corner post, identical under 90-degree rotation.

    Because every overlay draws the same post in both corners of its edge,
    two walls meeting at a corner overlap in one consistent square.
    """
    t = WALL
    c.rect(x, y, t, t, INK)
    c.rect(x + 0.9, y + 0.9, t - 1.8, t - 1.8, WALL_SHADE)
    c.rect(x + 2.0, y + 2.0, t - 4.0, t - 4.0, WALL_TOP)
    c.frame(x + 2.0, y + 2.0, t - 4.0, t - 4.0, mix(WALL_TOP, WALL_SHADE, 0.5), 0.6)
    c.polygon(regular(x + t / 2, y + t / 2, 3.4, 4, 0), WALL_SHADE)
    c.circle(x + t / 2, y + t / 2, 1.2, INK)


def wall_north() -> pygame.Surface:
    """The north wall overlay; the other three are exact rotations of it.

    Seen from above: a wall-walk of laid stone along the inside, merlons
    standing along the outside with dark gaps (crenels) between them, and a
    soft shadow cast on the tile.
    """
    t = WALL
    c = Canvas(TILE, TILE)
    shade = c.layer()
    for i in range(6):
        shade.rect(t, t + i * 0.75, TILE - 2 * t, 0.75, (0, 0, 0, 96 - i * 16))
    c.blit(shade)
    c.rect(0, 0, TILE, t, INK)
    c.rect(0, 0.9, TILE, t - 2.0, WALL_STONE)
    c.rect(0, 0.9, TILE, 6.6, WALL_DEEP)
    for row, y in enumerate((7.5, 10.6)):
        c.rect(0, y + 2.6, TILE, 0.5, mix(WALL_STONE, WALL_DEEP, 0.45))
        for k in range(14):
            x = (k + 0.5 * row) * 10 - 2
            c.rect(x, y, 0.55, 3.1, mix(WALL_STONE, WALL_DEEP, 0.45))
    c.rect(0, t - 1.9, TILE, 0.8, mix(WALL_STONE, WALL_TOP, 0.6))
    n, span = 6, TILE - 2 * t
    merlon = 10.5
    gap = (span - n * merlon) / (n + 1)
    for k in range(n):
        x = t + gap + k * (merlon + gap)
        c.rect(x - 0.8, 0.2, merlon + 1.6, 8.6, INK, radius=0.6)
        c.rect(x, 1.0, merlon, 7.0, WALL_TOP)
        c.rect(x, 6.0, merlon, 2.0, WALL_SHADE)
        c.rect(x + merlon - 1.4, 1.0, 1.4, 7.0, mix(WALL_TOP, WALL_SHADE, 0.5))
    wall_post(c, 0, 0)
    wall_post(c, TILE - t, 0)
    return c.finish()


def walls() -> dict[str, pygame.Surface]:
    """All four overlays, rotated from the north one so corners always match."""
    north = wall_north()
    return {
        "n": north,
        "e": pygame.transform.rotate(north, -90),
        "s": pygame.transform.rotate(north, 180),
        "w": pygame.transform.rotate(north, 90),
    }


# --------------------------------------------------------------------------
# Currency emblems (a shape per currency, so colour is never the only cue)
# --------------------------------------------------------------------------


def _scaled(cx: float, cy: float, s: float, pts: Iterable[Point]) -> list[Point]:
    """Map points from a 24-unit design box centred on 0,0 to the target."""
    k = s / 24.0
    return [(cx + x * k, cy + y * k) for x, y in pts]


def emblem_lily(c: Canvas, cx: float, cy: float, s: float, col: Sequence[int]) -> None:
    """Florin: the fleur-de-lis of Florence's gold coin."""
    centre = bezier((0, -12.5), (-1.6, -9.5), (-4.4, -5.5), (-3.7, -1.5), 8)
    centre += bezier((-3.7, -1.5), (-3.3, 0.5), (-2.4, 1.2), (-2, 2), 4)
    c.polygon(_scaled(cx, cy, s, mirror_x(centre, 0)), col)
    for side in (-1, 1):
        petal = bezier((-1.8, 1), (-3.5, -6.5), (-9.5, -10.8), (-12.2, -7.2), 10)
        petal += bezier((-12.2, -7.2), (-13.2, -5.6), (-12.8, -3.2), (-11.2, -2.0), 6)
        petal += bezier((-11.2, -2.0), (-10.8, -5.4), (-8.4, -6.2), (-6.0, -3.2), 6)
        petal += bezier((-6.0, -3.2), (-5.0, -2.0), (-4.6, -0.5), (-4.4, 1.6), 4)
        c.polygon(_scaled(cx, cy, s, [(x * side, y) for x, y in petal]), col)
        foot = bezier((-1.5, 4.6), (-4.6, 5.0), (-6.6, 6.8), (-6.6, 9.6), 6)
        foot += bezier((-6.6, 9.6), (-5.4, 8.2), (-3.6, 7.8), (-1.0, 7.8), 5)
        c.polygon(_scaled(cx, cy, s, [(x * side, y) for x, y in foot]), col)
    c.polygon(_scaled(cx, cy, s, [(0, 4.5), (1.7, 7.2), (0, 10.6), (-1.7, 7.2)]), col)
    c.polygon(_scaled(cx, cy, s, [(-7, 0.9), (7, 0.9), (7, 5.1), (-7, 5.1)]), col)


def emblem_crescent(c: Canvas, cx: float, cy: float, s: float, col: Sequence[int]) -> None:
    """Dirham: a crescent moon, opening to the upper right."""
    k = s / 24.0
    c.circle(cx - 0.5 * k, cy, 11.5 * k, col)
    c.circle(cx + 4.2 * k, cy - 3.3 * k, 9.3 * k, (0, 0, 0, 0))


def emblem_star(c: Canvas, cx: float, cy: float, s: float, col: Sequence[int]) -> None:
    """Denar: an eight-pointed star pierced by a round hole."""
    k = s / 24.0
    c.polygon(khatam(cx, cy, 12 * k), col)
    c.circle(cx, cy, 3.6 * k, (0, 0, 0, 0))


def emblem_crown(c: Canvas, cx: float, cy: float, s: float, col: Sequence[int]) -> None:
    """Ducat: a ducal crown with three pearl-tipped points."""
    body = [(-10, 5), (-11.5, -5.5), (-5.5, 0), (0, -9.5), (5.5, 0), (11.5, -5.5), (10, 5)]
    c.polygon(_scaled(cx, cy, s, body), col)
    c.polygon(_scaled(cx, cy, s, [(-10.5, 6.5), (10.5, 6.5), (10.5, 10.5), (-10.5, 10.5)]), col)
    k = s / 24.0
    for x, y in ((-11.6, -6.8), (0, -11), (11.6, -6.8)):
        c.circle(cx + x * k, cy + y * k, 2.2 * k, col)
    for x in (-5.5, 0, 5.5):
        c.circle(cx + x * k, cy + 8.5 * k, 1.2 * k, (0, 0, 0, 0))


CURRENCY_EMBLEMS: dict[str, Callable[[Canvas, float, float, float, Sequence[int]], None]] = {
    "florin": emblem_lily,
    "dirham": emblem_crescent,
    "denar": emblem_star,
    "ducat": emblem_crown,
}


def currency_mark(
    c: Canvas,
    currency: str,
    cx: float,
    cy: float,
    s: float,
    fill: Sequence[int],
    edge: Sequence[int] = INK,
    edge_w: float = 0.9,
) -> None:
    """A currency emblem with an even outline, composed onto ``c``."""
    art = c.layer()
    CURRENCY_EMBLEMS[currency](art, cx, cy, s, fill)
    c.blit(outlined(art, edge, edge_w))


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------


def card_body(base: Sequence[int], dark: Sequence[int], light: Sequence[int]) -> Canvas:
    """The shared card shape: rounded, outlined, softly shaded, double frame."""
    c = Canvas(CARD_W, CARD_H)
    c.rect(0, 0, CARD_W, CARD_H, INK, radius=6)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1, 1, CARD_W - 2, CARD_H - 2, col, radius=5),
        mix(base, (255, 255, 255), 0.18),
        mix(base, (0, 0, 0), 0.08),
    )
    c.frame(3.5, 3.5, CARD_W - 7, CARD_H - 7, dark, 1.1, radius=3.5)
    c.frame(5.5, 5.5, CARD_W - 11, CARD_H - 11, light, 0.6, radius=2.5)
    return c


def medallion(c: Canvas, cx: float, cy: float, r: float, fill: Sequence[int], edge: Sequence[int]) -> None:
    """A scalloped (multifoil) disc: the Moorish rosette that frames values."""
    lobes = 12
    shape = c.layer()
    shape.circle(cx, cy, r * 0.9, fill)
    for k in range(lobes):
        a = 2 * math.pi * k / lobes
        shape.circle(cx + math.cos(a) * r * 0.78, cy + math.sin(a) * r * 0.78, r * 0.27, fill)
    c.blit(outlined(shape, edge, 1.1))
    c.ring(cx, cy, r * 0.68, 0.6, mix(fill, edge, 0.45))


def money_face(currency: str) -> pygame.Surface:
    """A money card without its value (the client may print its own)."""
    return money_canvas(currency).finish()


def money_canvas(currency: str) -> Canvas:
    """Card body, emblems and central medallion of one currency."""
    p = CURRENCY_PALETTES[currency]
    c = card_body(p.base, p.dark, p.light)
    medallion(c, CARD_W / 2, CARD_H / 2, 25, p.niche, p.dark)
    for y in (17.0, CARD_H - 17.0):  # the currency's emblem large, top and bottom: it tells the cards apart
        for x0, x1 in ((22.0, 30.0), (50.0, 58.0)):  # without their colour (a colour-blind player's florin/ducat)
            c.stroke([(x0, y), (x1, y)], p.dark, 1.6)
            c.stroke([(x0, y), (x1, y)], p.light, 0.6)
        currency_mark(c, currency, CARD_W / 2, y, 16.0, IVORY, INK, 1.0)
    watermark = c.layer()
    CURRENCY_EMBLEMS[currency](watermark, CARD_W / 2, CARD_H / 2, 36, mix(p.niche, p.base, 0.5))
    c.blit(watermark)
    ex, ey, es = INDEX_EMBLEM
    currency_mark(c, currency, ex, ey, es, IVORY, INK, 0.9)
    currency_mark(c, currency, CARD_W - ex, CARD_H - ey, es, IVORY, INK, 0.9)
    return c


def outlined_text(
    c: Canvas, font: str, size: float, text: str, fill: Sequence[int], edge: Sequence[int], edge_w: float, center: Point
) -> Canvas:
    """Text with an even outline, on its own layer ready to compose."""
    lay = c.layer()
    lay.text(font, size, text, fill, center)
    return outlined(lay, edge, edge_w) if edge_w > 0 else lay


def value_card(currency: str, value: int) -> pygame.Surface:
    """A money card with its value large in the centre and in two corners.

    The corner index repeats the emblem under the digit so that a fanned
    hand, where only the left strip of each card shows, stays readable.
    The bottom-right index is upright, not rotated: on screen a card is
    never turned round, and an upside-down 9 would read as 6.
    """
    p = CURRENCY_PALETTES[currency]
    c = money_canvas(currency)
    c.blit(outlined_text(c, "display", 40, str(value), p.dark, p.niche, 1.2, (CARD_W / 2, CARD_H / 2 + 1)))
    dx, dy = INDEX_DIGIT
    for centre in ((dx, dy), (CARD_W - dx, CARD_H - dy)):
        c.blit(outlined_text(c, "display", 17, str(value), IVORY, INK, 1.4, centre))
    return c.finish()


CARD_BACK = Palette((122, 30, 38), (70, 14, 20), (214, 164, 62), (150, 44, 52))


def card_back() -> pygame.Surface:
    """The money deck back: claret with a gold star lattice."""
    p = CARD_BACK
    c = card_body(p.base, GOLD_DARK, GOLD)
    pattern = c.layer()
    for gx in range(-1, 5):
        for gy in range(-1, 7):
            x, y = 4 + gx * 18 + (9 if gy % 2 else 0), 6 + gy * 18
            pattern.polygon(khatam(x, y, 6), mix(p.base, p.niche, 0.9))
            pattern.circle(x, y, 1.6, mix(p.base, GOLD, 0.35))
    mask = c.layer()
    mask.rect(7, 7, CARD_W - 14, CARD_H - 14, (255, 255, 255), radius=2)
    clip(pattern, mask)
    c.blit(pattern)
    art = c.layer()
    art.polygon(khatam(40, 60, 24), GOLD)
    art.polygon(khatam(40, 60, 20.5), p.dark)
    art.polygon(khatam(40, 60, 13), GOLD)
    art.circle(40, 60, 8, p.base)
    art.polygon(star(40, 60, 6.5, 2.6, 8), GOLD_LIGHT)
    art = outlined(art, INK, 0.9)
    c.blit(shadow(art, 0.8, 1.2, 1.2, 110))
    c.blit(art)
    return c.finish()


def scoring_card(round_no: int) -> pygame.Surface:
    """A scoring card: parchment, an arch, a large Roman numeral and three stars under it (no word: the card
    reads the same in every language)."""
    c = card_body(STONE_LIGHT, GOLD_DARK, GOLD)
    frame = arch(40, 92, 44, 27, 1.2, 0.15)
    c.polygon(arch(40, 93.5, 44, 28.5, 1.2, 0.15), INK)
    fill_gradient(c, lambda lay, col: lay.polygon(frame, col), (128, 34, 36), (86, 18, 24))
    c.stroke(arch(40, 92, 44, 24.5, 1.2, 0.15)[1:-1], GOLD, 0.9)
    numeral = "I" * round_no
    c.blit(outlined_text(c, "display", 38, numeral, GOLD_LIGHT, INK, 1.2, (40, 60)))
    c.rect(16, 96, 48, 0.8, GOLD_DARK)
    for x in (28.0, 40.0, 52.0):  # an emblem, not a word: the card is the same in every language
        c.polygon(khatam(x, 104, 3.2), mix(INK, (120, 40, 30), 0.3))
    for x in (13.0, 67.0):
        rosette(c, x, 13, 4.2, GOLD, GOLD_DARK)
    c.polygon(khatam(40, 13, 4.2), GOLD)
    return c.finish()


# --------------------------------------------------------------------------
# Board: felt and market slots
# --------------------------------------------------------------------------


FELT: RGB = (26, 58, 54)


def felt() -> pygame.Surface:
    """A seamless 256x256 table cloth with a faint star-and-cross lattice.

    Motifs repeat every 64 px and are also drawn one period beyond each edge,
    and the mottling is upscaled from a wrapped noise grid, so the tile
    repeats without seams.
    """
    size, period = 256, 64
    c = Canvas(size, size)
    c.rect(0, 0, size, size, FELT)
    lines = c.layer()
    tone = mix(FELT, (120, 190, 170), 0.13)
    for gx in range(-1, size // period + 2):
        for gy in range(-1, size // period + 2):
            x, y = gx * period, gy * period
            lines.stroke(khatam(x, y, 19), tone, 1.3, closed=True)
            lines.stroke(regular(x + 32, y + 32, 11, 4, 0), tone, 1.3, closed=True)
            for dx, dy in ((1, 0), (0, 1)):
                lines.stroke([(x + 19 * dx, y + 19 * dy), (x + (period - 19) * dx, y + (period - 19) * dy)], tone, 1.3)
            lines.circle(x, y, 3, tone)
    c.blit(lines)
    out = c.finish()
    rng = random.Random(20240611)
    grid = pygame.Surface((48, 48), pygame.SRCALPHA)
    cells = [[rng.randint(0, 28) for _ in range(16)] for _ in range(16)]
    for x in range(48):
        for y in range(48):
            grid.set_at((x, y), (0, 0, 0, cells[y % 16][x % 16]))
    mottle = pygame.transform.smoothscale(grid, (768, 768)).subsurface((256, 256, 256, 256))
    out.blit(mottle, (0, 0))
    grain = pygame.Surface((size, size), pygame.SRCALPHA)
    for x in range(size):
        for y in range(size):
            v = rng.randint(0, 14)
            grain.set_at((x, y), (255, 255, 255, v) if rng.random() < 0.5 else (0, 0, 0, v))
    out.blit(grain, (0, 0))
    return out


def market_slot(currency: str) -> pygame.Surface:
    """A market slot frame: currency colour, emblem badge on top, a dark well.

    A 128 px tile sits at ``SLOT_TILE_POS``; the well shows a faint emblem
    when the slot is empty.
    """
    p = CURRENCY_PALETTES[currency]
    c = Canvas(SLOT_W, SLOT_H)
    c.rect(0, 0, SLOT_W, SLOT_H, INK, radius=10)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1.2, 1.2, SLOT_W - 2.4, SLOT_H - 2.4, col, radius=9),
        mix(p.base, (255, 255, 255), 0.15),
        mix(p.base, (0, 0, 0), 0.12),
    )
    c.frame(4, 4, SLOT_W - 8, SLOT_H - 8, p.dark, 1.2, radius=7)
    tx, ty = SLOT_TILE_POS
    c.rect(tx - 2.5, ty - 2.5, TILE + 5, TILE + 5, p.light, radius=6)
    c.rect(tx - 1.5, ty - 1.5, TILE + 3, TILE + 3, INK, radius=5)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(tx, ty, TILE, TILE, col, radius=4),
        mix(p.dark, INK, 0.55),
        mix(p.dark, INK, 0.25),
    )
    ghost = c.layer()
    CURRENCY_EMBLEMS[currency](ghost, tx + 64, ty + 64, 64, mix(p.dark, p.base, 0.35))
    c.blit(ghost)
    for side in (-1, 1):
        x0, x1 = SLOT_W / 2 + side * 24, SLOT_W / 2 + side * 62
        c.stroke([(x0, 26), (x1, 26)], p.dark, 2.2)
        c.stroke([(x0, 26), (x1, 26)], p.light, 0.9)
        c.polygon(regular(x1, 26, 3.6, 4), p.dark)
        c.polygon(regular(x1, 26, 2.4, 4), p.light)
    c.circle(SLOT_W / 2, 26, 20.5, INK)
    c.circle(SLOT_W / 2, 26, 19.5, p.dark)
    c.circle(SLOT_W / 2, 26, 17.5, p.niche)
    currency_mark(c, currency, SLOT_W / 2, 26, 24, p.base, INK, 1.1)
    return c.finish()


# --------------------------------------------------------------------------
# Expansion 1 modules: huts, exchange cards, bonus cards, vizier tokens
# --------------------------------------------------------------------------


def scaled_emblem(c: Canvas, kind: str, p: Palette, scale: float, centre: Point, outline: float = 1.2) -> Canvas:
    """A layer of ``c`` with a building type's emblem shrunk by ``scale``, centred on ``centre``.

    The emblems are drawn for a 128 px niche (about 78x75 px round (64, 55),
    standing on ``GROUND``); the outline is added before shrinking, thick
    enough to end up ``outline`` px wide.
    """
    art = Canvas(TILE, TILE)
    EMBLEMS[kind](art, p)
    art = outlined(art, INK, outline / scale)
    size = round(TILE * SS * scale)
    small = pygame.transform.smoothscale(art.surf, (size, size))
    out = c.layer()
    out.surf.blit(small, (round((centre[0] - 64 * scale) * SS), round((centre[1] - 55 * scale) * SS)))
    return out


def place_emblem(c: Canvas, kind: str, p: Palette, scale: float, centre: Point, outline: float = 1.2) -> None:
    """Compose a shrunken building emblem onto ``c`` with a soft shadow."""
    art = scaled_emblem(c, kind, p, scale, centre, outline)
    c.blit(shadow(art, 0.6, 0.9, 0.9, 100))
    c.blit(art)


HUT_APEX = (64.0, 23.0)
HUT_BASE = 101.0  # the tent stands on this line
HUT_MEDALLION = (64.0, 62.0, 21.5)  # centre x, y and radius of the emblem disc


def tent_outline() -> list[Point]:
    """The bell tent, from its peak round the left side, the hem and back up."""
    ax, ay = HUT_APEX
    left = bezier((ax, ay), (ax - 8, ay + 14), (ax - 38, HUT_BASE - 38), (ax - 44, HUT_BASE), 18)
    return mirror_x(left, ax)


def hut_tile(kind: str) -> pygame.Surface:
    """A 128x128 hut face: a striped tent on sand, its colour's emblem on a disc.

    Unlike a building it has no niche, no arch and no cost cartouche, and a
    thin woven band instead of the zellige border; the emblem tells the
    colour without colour.
    """
    p = TILE_PALETTES[kind]
    ground = mix(STONE_LIGHT, p.light, 0.3)
    c = Canvas(TILE, TILE)
    c.rect(0, 0, TILE, TILE, mix(p.dark, INK, 0.5), radius=5)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1.2, 1.2, TILE - 2.4, TILE - 2.4, col, radius=4),
        mix(ground, (255, 255, 255), 0.25),
        mix(ground, STONE_DARK, 0.18),
    )
    rng = random.Random(7 + TILE_TYPES.index(kind))
    speckle = c.layer()
    for _ in range(140):
        x, y = rng.uniform(12, 116), rng.uniform(12, 116)
        speckle.circle(x, y, rng.uniform(0.4, 0.9), mix(ground, STONE_DARK, rng.uniform(0.25, 0.45)))
    c.blit(speckle)
    # the woven reed band: a thin coloured frame crossed by slanted strands
    c.frame(3, 3, TILE - 6, TILE - 6, p.dark, 7, radius=3)
    band = c.layer()
    for side in range(4):
        for k in range(20):
            t = 6.5 + k * 5.8
            strand = [(t - 1.8, 5.0), (t + 1.8, 9.0)]
            if side == 1:
                strand = [(TILE - y, x) for x, y in strand]
            elif side == 2:
                strand = [(TILE - x, TILE - y) for x, y in strand]
            elif side == 3:
                strand = [(y, TILE - x) for x, y in strand]
            band.stroke(strand, p.light if k % 2 == 0 else mix(p.base, p.light, 0.4), 1.5)
    mask = c.layer()
    mask.frame(3.8, 3.8, TILE - 7.6, TILE - 7.6, (255, 255, 255), 5.4, radius=3)
    clip(band, mask)
    c.blit(band)
    c.frame(3, 3, TILE - 6, TILE - 6, mix(p.dark, INK, 0.3), 0.7, radius=3)
    c.frame(9.3, 9.3, TILE - 18.6, TILE - 18.6, mix(p.dark, INK, 0.3), 0.7, radius=1)
    # shadow on the sand, guy ropes and pegs
    sh = c.layer()
    sh.ellipse(18, HUT_BASE - 5, 96, 12, (0, 0, 0, 255))
    c.blit(shadow(sh, 2, 1, 2.5, 70))
    rope = mix(WOOD, STONE_DARK, 0.4)
    for side in (-1, 1):
        for top, peg in (((64 + side * 30, 62), (64 + side * 47, 76)), ((64 + side * 38, 80), (64 + side * 48, 94))):
            c.stroke([top, peg], rope, 0.9)
            c.rect(peg[0] - 1.2, peg[1] - 1.5, 2.4, 3.5, WOOD, radius=0.5)
    # the tent: candy stripes from the peak, a scalloped hem and the door
    art = c.layer()
    outline = tent_outline()
    art.polygon(outline, p.base)
    stripes = art.layer()
    ax, ay = HUT_APEX
    for k in range(-4, 4):
        x0, x1 = ax + k * 11 + 2.75, ax + k * 11 + 8.25
        stripes.polygon([(ax, ay), (ax + (x0 - ax) * 1.1, HUT_BASE + 4), (ax + (x1 - ax) * 1.1, HUT_BASE + 4)], p.dark)
    tmask = art.layer()
    tmask.polygon(outline, (255, 255, 255))
    clip(stripes, tmask)
    stripes.surf.set_alpha(110)
    art.blit(stripes)
    for k in range(8):
        x = 20 + 11 * k + 5.5
        art.circle(x, HUT_BASE - 2.5, 5.5, mix(p.dark, p.base, 0.3))
    art.rect(20, HUT_BASE - 9, 88, 4, mix(p.dark, p.base, 0.3))
    art.rect(20, HUT_BASE - 8, 88, 1.2, GOLD)
    door = [(64, 84), (72, HUT_BASE + 1), (56, HUT_BASE + 1)]
    art.polygon(door, mix(p.dark, INK, 0.55))
    art.polygon([(64, 84), (56, HUT_BASE + 1), (52, HUT_BASE + 1), (62, 83)], mix(p.base, p.light, 0.35))
    art.polygon([(64, 84), (72, HUT_BASE + 1), (76, HUT_BASE + 1), (66, 83)], mix(p.base, p.light, 0.35))
    art.stroke([(ax, ay), (ax, ay - 9)], GOLD_DARK, 1.6)
    art.circle(ax, ay - 9.5, 2.4, GOLD)
    art.polygon([(ax + 0.5, ay - 7.5), (ax + 11, ay - 4.5), (ax + 0.5, ay - 1.5)], p.dark)
    cx, cy, r = HUT_MEDALLION
    art.circle(cx, cy, r + 1.4, GOLD)
    art.circle(cx, cy, r, mix(p.niche, (255, 255, 255), 0.5))
    art = outlined(art, INK, 1.2)
    c.blit(shadow(art, 1.2, 1.6, 1.6, 90))
    c.blit(art)
    c.ring(cx, cy, r - 2, 0.6, mix(p.niche, p.dark, 0.35))
    place_emblem(c, kind, p, 0.47, (cx, cy + 0.5))
    return c.finish()


def swap_arrows(c: Canvas, cx: float, cy: float, h: float, fill: Sequence[int]) -> None:
    """Two opposed arrows side by side: the exchange symbol."""
    art = c.layer()
    half = h / 2
    for dx, down in ((-5.5, True), (5.5, False)):
        x = cx + dx
        tip, tail = (cy + half, cy - half) if down else (cy - half, cy + half)
        sign = 1 if down else -1
        art.stroke([(x, tail), (x, tip - sign * 4)], fill, 3.0)
        art.polygon([(x - 4.6, tip - sign * 5.5), (x + 4.6, tip - sign * 5.5), (x, tip)], fill)
    c.blit(outlined(art, INK, 1.0))


def exchange_card(first: str, second: str) -> pygame.Surface:
    """An exchange card: parchment, the two currencies' marks and swap arrows.

    The upper half is tinted with the first currency, the lower with the
    second; each has its emblem in a medallion, and the corner indices stack
    both emblems round a small swap sign so a fanned hand still reads.
    """
    pa, pb = CURRENCY_PALETTES[first], CURRENCY_PALETTES[second]
    c = card_body(STONE_LIGHT, GOLD_DARK, GOLD)
    tint = c.layer()
    tint.rect(1, 1, CARD_W - 2, CARD_H / 2 - 1, mix(pa.light, STONE_LIGHT, 0.35))
    tint.rect(1, CARD_H / 2, CARD_W - 2, CARD_H / 2 - 1, mix(pb.light, STONE_LIGHT, 0.35))
    mask = c.layer()
    mask.rect(7, 7, CARD_W - 14, CARD_H - 14, (255, 255, 255), radius=2)
    clip(tint, mask)
    c.blit(tint)
    c.stroke([(7, CARD_H / 2), (CARD_W - 7, CARD_H / 2)], GOLD_DARK, 0.8)
    for cy, p, cur in ((32.0, pa, first), (CARD_H - 32.0, pb, second)):
        medallion(c, CARD_W / 2, cy, 16, p.niche, p.dark)
        currency_mark(c, cur, CARD_W / 2, cy, 20, p.base, INK, 1.0)
    swap_arrows(c, CARD_W / 2, CARD_H / 2, 22, IVORY)
    ex, _, es = INDEX_EMBLEM
    for flip in (False, True):
        x = CARD_W - ex if flip else ex
        ys = (CARD_H - 14.0, CARD_H - 37.0) if flip else (14.0, 37.0)
        currency_mark(c, first, x, ys[0], es, pa.base, INK, 0.9)
        currency_mark(c, second, x, ys[1], es, pb.base, INK, 0.9)
        mid = (ys[0] + ys[1]) / 2
        c.stroke([(x - 2.2, mid - 3.5), (x - 2.2, mid + 3.5)], GOLD_DARK, 1.2)
        c.polygon([(x - 4.2, mid + 1.8), (x - 0.2, mid + 1.8), (x - 2.2, mid + 4.6)], GOLD_DARK)
        c.stroke([(x + 2.2, mid + 3.5), (x + 2.2, mid - 3.5)], GOLD_DARK, 1.2)
        c.polygon([(x + 0.2, mid - 1.8), (x + 4.2, mid - 1.8), (x + 2.2, mid - 4.6)], GOLD_DARK)
    return c.finish()


EXCHANGE_PAIRS: tuple[tuple[str, str], ...] = tuple(itertools.combinations(CURRENCIES, 2))
BONUS_TILES: tuple[tuple[str, int], ...] = (
    ("pavilion", 8),
    ("seraglio", 9),
    ("arcades", 9),
    ("arcades", 10),
    ("chambers", 10),
    ("chambers", 11),
    ("garden", 10),
    ("garden", 11),
    ("tower", 11),
    ("tower", 12),
)


def plus_badge(c: Canvas, cx: float, cy: float, r: float) -> None:
    """The bonus mark: a gold eight-pointed star carrying "+1"."""
    art = c.layer()
    art.polygon(khatam(cx, cy, r), GOLD)
    art.polygon(khatam(cx, cy, r - 1.6), GOLD_LIGHT)
    c.blit(shadow(outlined(art, INK, 0.9), 0.6, 0.9, 0.9, 110))
    c.blit(outlined(art, INK, 0.9))
    c.text("display", r * 1.05, "+1", INK, (cx, cy + 0.6))


def bonus_card(kind: str, cost: int) -> pygame.Surface:
    """A bonus card: the named tile's emblem in a niche, its cost and a "+1" star.

    The body has the building type's colour; the corner index is the cost
    over a tiny emblem, the star top right says "+1" (the card counts as one
    more building of the type) and a ribbon across the foot carries three
    stars (no word: the card reads the same in every language).
    """
    p = TILE_PALETTES[kind]
    c = card_body(p.base, p.dark, p.light)
    frame = arch(42, 92, 45, 24, 1.15)
    c.polygon(arch(42, 93.2, 45, 25.2, 1.15), INK)
    fill_gradient(c, lambda lay, col: lay.polygon(frame, col), mix(p.niche, (255, 255, 255), 0.45), p.niche)
    c.stroke(arch(42, 92, 45, 21.5, 1.15)[1:-1], mix(p.niche, p.base, 0.55), 0.8)
    place_emblem(c, kind, p, 0.56, (42, 60), 1.0)
    cx, cy, r = 62.0, 82.0, 9.5
    c.circle(cx, cy, r + 0.9, INK)
    c.circle(cx, cy, r, GOLD)
    c.circle(cx, cy, r - 1.5, INK)
    c.circle(cx, cy, r - 2.1, IVORY)
    c.text("ui_bold", 12 if cost < 10 else 10.5, str(cost), INK, (cx, cy + 0.4))
    dx, dy = INDEX_DIGIT
    c.blit(outlined_text(c, "display", 17, str(cost), IVORY, INK, 1.4, (dx, dy)))
    place_emblem(c, kind, p, 0.19, (INDEX_EMBLEM[0], INDEX_EMBLEM[1] + 1), 0.8)
    plus_badge(c, CARD_W - 15, 16, 11)
    ribbon = c.layer()
    ribbon.polygon([(6, 99), (74, 99), (70, 105.5), (74, 112), (6, 112), (10, 105.5)], GOLD)
    ribbon.rect(6, 100.5, 68, 10, mix(GOLD, GOLD_LIGHT, 0.5))
    ribbon = outlined(ribbon, INK, 0.9)
    c.blit(ribbon)
    for x in (28.0, 40.0, 52.0):  # an emblem, not a word: the card is the same in every language
        rosette(c, x, 105.5, 2.8, GOLD_LIGHT, INK)
    return c.finish()


BONUS_BACK = Palette((88, 54, 30), (52, 30, 14), (214, 164, 62), (116, 76, 44))


def bonus_back() -> pygame.Surface:
    """The bonus card back: walnut with a gold diamond trellis and a keyhole arch.

    It differs from the money back (claret, star lattice, big star) in both
    colour and shapes, so a hidden bonus card never passes for money.
    """
    p = BONUS_BACK
    c = card_body(p.base, GOLD_DARK, GOLD)
    pattern = c.layer()
    for k in range(-8, 9):
        x = 40 + k * 10
        pattern.stroke([(x - 60, 0), (x + 60, 120)], mix(p.base, p.niche, 0.9), 1.4)
        pattern.stroke([(x + 60, 0), (x - 60, 120)], mix(p.base, p.niche, 0.9), 1.4)
    for gx in range(0, 9):
        for gy in range(0, 13):
            if (gx + gy) % 2 == 0:
                pattern.circle(gx * 10, gy * 10, 1.5, mix(p.base, GOLD, 0.45))
    mask = c.layer()
    mask.rect(7, 7, CARD_W - 14, CARD_H - 14, (255, 255, 255), radius=2)
    clip(pattern, mask)
    c.blit(pattern)
    art = c.layer()
    art.polygon(arch(40, 92, 52, 22, 1.2, 0.45), GOLD)
    art.polygon(arch(40, 89, 52, 18, 1.2, 0.45), p.dark)
    art.polygon(khatam(40, 52, 13), GOLD)
    art.polygon(khatam(40, 52, 10), p.base)
    art.rect(37.6, 44, 4.8, 16, GOLD_LIGHT)
    art.rect(32, 49.6, 16, 4.8, GOLD_LIGHT)
    for x in (21.0, 59.0):
        art.polygon(khatam(x, 98, 4.5), GOLD)
    art.rect(21, 96.5, 38, 3, GOLD)
    art = outlined(art, INK, 0.9)
    c.blit(shadow(art, 0.8, 1.2, 1.2, 110))
    c.blit(art)
    return c.finish()


TOKEN = 64
VIZIER_ROBE: RGB = (30, 110, 116)
VIZIER_ASLEEP: RGB = (128, 128, 136)


def vizier_token(awake: bool) -> pygame.Surface:
    """The vizier token, 64x64: a round counter with a turbaned vizier.

    Awake: teal and gold, upright, eyes open. Asleep: the token is turned
    over to its grey side, the head is tipped over with closed eyes and a
    large "Zz" floats beside it, so the states differ in shape, not only in
    colour.
    """
    c = Canvas(TOKEN, TOKEN)
    ground = VIZIER_ROBE if awake else VIZIER_ASLEEP
    rim = GOLD if awake else (176, 176, 182)
    disc = c.layer()
    disc.circle(32, 32, 30, (255, 255, 255))
    c.blit(shadow(disc, 0.8, 1.4, 1.4, 130))
    c.circle(32, 32, 30.5, INK)
    c.circle(32, 32, 29.5, rim)
    c.circle(32, 32, 26.5, INK)
    fill_gradient(
        c, lambda lay, col: lay.circle(32, 32, 25.8, col), mix(ground, (255, 255, 255), 0.25), mix(ground, INK, 0.2)
    )
    ring = c.layer()
    for k in range(16):
        a = 2 * math.pi * k / 16
        ring.circle(32 + math.cos(a) * 28, 32 + math.sin(a) * 28, 0.9, mix(rim, INK, 0.35))
    c.blit(ring)
    if not awake:
        c.ring(32, 32, 23.5, 0.7, mix(ground, (255, 255, 255), 0.4))
    skin = (222, 178, 132) if awake else (198, 190, 184)
    turban = IVORY if awake else (228, 226, 222)
    robe = (150, 40, 44) if awake else (104, 104, 112)
    jewel = GOLD if awake else (170, 170, 176)
    shade = mix(turban, STONE_DARK, 0.45)
    fig = c.layer()
    fig.polygon(mirror_x(bezier((32, 43), (23, 43), (17, 48), (15.5, 58), 10), 32), robe)
    fig.polygon([(28.5, 43), (35.5, 43), (32, 51)], mix(robe, (255, 255, 255), 0.35))
    fig.stroke([(32, 45), (32, 57)], jewel, 1.2)
    fig.polygon(mirror_x(bezier((32, 48), (27, 47), (25, 43), (25.5, 38), 6), 32), mix(INK, skin, 0.25))
    fig.ellipse(24.5, 25, 15, 17, skin)
    fig.polygon(mirror_x(bezier((32, 47.5), (28, 46.5), (26.5, 42), (26.5, 37.5), 6), 32), (60, 44, 36))
    fig.polygon(mirror_x([(32, 39.5), (29, 39), (27, 40.5)], 32), (60, 44, 36))
    fig.polygon([(32, 33), (30.6, 37), (33.4, 37)], mix(skin, INK, 0.25))
    for side in (-1, 1):
        fig.stroke(
            bezier((32, 39.2), (32 + side * 2.5, 38), (32 + side * 4.5, 38.5), (32 + side * 6, 40.5), 6),
            (60, 44, 36),
            1.4,
        )
    fig.ellipse(20, 12, 24, 17, turban)
    fig.stroke(bezier((21.5, 22), (26, 16.5), (36, 15.5), (42.5, 20), 8), shade, 1.0)
    fig.stroke(bezier((21, 26), (27, 20.5), (37, 20.5), (43, 24), 8), shade, 1.0)
    fig.polygon([(32, 22.5), (34.6, 19.5), (32, 16.5), (29.4, 19.5)], jewel)
    fig.polygon(
        [
            (32, 16),
            *bezier((32, 16), (30, 11), (33, 6), (37, 4), 6),
            *bezier((37, 4), (35.5, 8), (35, 12), (33.5, 16), 6),
        ],
        mix(jewel, (255, 255, 255), 0.3) if awake else jewel,
    )
    if awake:
        for x in (28.5, 35.5):
            fig.circle(x, 32, 1.5, INK)
            fig.circle(x + 0.5, 31.5, 0.45, (255, 255, 255))
        fig.stroke([(26.5, 29), (30, 28.3)], INK, 0.9)
        fig.stroke([(34, 28.3), (37.5, 29)], INK, 0.9)
    else:
        for x in (28.5, 35.5):
            fig.stroke([(x - 2.2, 31.5), (x - 1, 32.8), (x + 1, 32.8), (x + 2.2, 31.5)], INK, 0.9)
    fig = outlined(fig, INK, 1.0)
    if not awake:
        tipped = pygame.transform.rotozoom(fig.surf, 24, 1.0)
        fig.surf = pygame.Surface((TOKEN * SS, TOKEN * SS), pygame.SRCALPHA)
        rect = tipped.get_rect(center=(29 * SS, 35 * SS))
        fig.surf.blit(tipped, rect)
    body_mask = c.layer()
    body_mask.circle(32, 32, 25.8, (255, 255, 255))
    clip(fig, body_mask)
    c.blit(shadow(fig, 0.6, 1.0, 1.0, 110))
    c.blit(fig)
    if not awake:
        for text, size, at in (("Z", 15, (47, 17)), ("z", 11, (54.5, 9.5))):
            c.blit(outlined_text(c, "display", size, text, (255, 255, 255), INK, 1.3, at))
    return c.finish()


# --------------------------------------------------------------------------
# 2024 edition: camps, bazaars and falcons
# --------------------------------------------------------------------------

MEADOW: RGB = (132, 178, 84)
MEADOW_DARK: RGB = (96, 146, 62)
HEDGE: RGB = (40, 92, 44)
HEDGE_LEAF: RGB = (78, 140, 62)
TENT_CLOTH: RGB = (242, 232, 206)
TENT_TRIM: RGB = (168, 50, 40)
BASTION = 18  # depth of a camp's bastion rampart (a building's wall is WALL = 15)
BASTION_TOWER = (9.0, 11.5)  # a corner tower's centre, this far from both edges, and its radius
BASTION_STONE: RGB = (124, 118, 116)
BASTION_LIGHT: RGB = (214, 208, 198)
BASTION_SHADE: RGB = (96, 90, 90)
BASTION_DEEP: RGB = (58, 52, 54)
# A camp's cost disc sits further in than a building's (CARTOUCHE): its ramparts are deeper than walls.
CAMP_CARTOUCHE = (96.0, 96.0, 12.0)

# The camps of the 2024 edition as (cost, bastion sides); arrows point the same ways.  Only the
# contact sheet uses this table: the files are a face and overlays, composed by the client.
CAMP_TILES: tuple[tuple[int, str], ...] = (
    (5, "n"),
    (5, "e"),
    (6, "s"),
    (6, "w"),
    (8, "ne"),
    (8, "es"),
    (9, "sw"),
    (9, "nw"),
)
# The bazaars: a currency and three building colours each (the engine's bazaars.csv).
BAZAAR_TILES: tuple[tuple[str, tuple[str, str, str]], ...] = (
    ("florin", ("pavilion", "seraglio", "arcades")),
    ("florin", ("chambers", "garden", "tower")),
    ("dirham", ("seraglio", "arcades", "garden")),
    ("dirham", ("pavilion", "chambers", "tower")),
    ("denar", ("pavilion", "arcades", "chambers")),
    ("denar", ("seraglio", "garden", "tower")),
    ("ducat", ("pavilion", "chambers", "garden")),
    ("ducat", ("seraglio", "arcades", "tower")),
)
# The falcons: a kind and two building colours each (the engine's falcons.csv).
FALCON_TOKENS: tuple[tuple[str, str, str], ...] = (
    ("black", "pavilion", "seraglio"),
    ("black", "pavilion", "garden"),
    ("black", "seraglio", "arcades"),
    ("black", "arcades", "tower"),
    ("black", "chambers", "garden"),
    ("brown", "pavilion", "tower"),
    ("brown", "seraglio", "chambers"),
    ("brown", "seraglio", "garden"),
    ("brown", "arcades", "garden"),
    ("brown", "chambers", "tower"),
    ("white", "pavilion", "arcades"),
    ("white", "pavilion", "chambers"),
    ("white", "seraglio", "tower"),
    ("white", "arcades", "chambers"),
    ("white", "garden", "tower"),
)


def side_points(points: Iterable[Point], side: int) -> list[Point]:
    """Points drawn for the north edge of a tile, carried to edge ``side`` (0 N, 1 E, 2 S, 3 W)."""
    out = list(points)
    if side == 1:
        return [(TILE - y, x) for x, y in out]
    if side == 2:
        return [(TILE - x, TILE - y) for x, y in out]
    if side == 3:
        return [(y, TILE - x) for x, y in out]
    return out


def hedge_band(c: Canvas) -> None:
    """A camp's border: a leafy hedge, open country on every green side.

    Round leafy bumps, unlike a building's zellige band (diamonds and dots) and a hut's woven
    reeds; a bastion overlay covers it where the camp is fortified.
    """
    c.frame(3, 3, TILE - 6, TILE - 6, HEDGE, 9, radius=3)
    leaves = c.layer()
    rng = random.Random(2024)
    for side in range(4):
        for k in range(23):
            x = 4.5 + k * 5.3
            for dx, dy, r, col in ((0.0, 9.0, 3.3, mix(HEDGE, HEDGE_LEAF, 0.55)), (2.6, 5.6, 3.4, HEDGE_LEAF)):
                (px, py) = side_points([(x + dx, dy)], side)[0]
                leaves.circle(px, py, r, col)
                leaves.circle(px - 0.9, py - 1.0, r * 0.45, mix(HEDGE_LEAF, (255, 255, 255), 0.28))
            if rng.random() < 0.3:
                (px, py) = side_points([(x + 1.3, 7.4)], side)[0]
                leaves.circle(px, py, 0.9, (250, 240, 200) if rng.random() < 0.6 else (240, 150, 180))
    mask = c.layer()
    mask.frame(3.6, 3.6, TILE - 7.2, TILE - 7.2, (255, 255, 255), 7.8, radius=3)
    clip(leaves, mask)
    c.blit(leaves)
    c.frame(3, 3, TILE - 6, TILE - 6, mix(HEDGE, INK, 0.4), 0.8, radius=3)
    c.frame(11.3, 11.3, TILE - 22.6, TILE - 22.6, mix(HEDGE, INK, 0.4), 0.8, radius=1)


def ridge_tent(e: Canvas, cx: float, base: float, half: float, height: float, pennant: bool) -> None:
    """A soldier's ridge tent, seen from the front and a little from the side.

    A straight-sided canvas prism with an open door: pointed and angular, unlike a hut's round
    bell tent.
    """
    apex = (cx, base - height)
    depth = (half * 0.55, -half * 0.32)  # the ridge runs back to the upper right
    back = (apex[0] + depth[0], apex[1] + depth[1])
    corner = (cx + half + depth[0], base + depth[1])
    e.polygon([apex, back, corner, (cx + half, base)], mix(TENT_CLOTH, STONE_DARK, 0.38))
    e.stroke([apex, back], TENT_TRIM, max(1.0, half * 0.09))
    e.polygon([apex, (cx + half, base), (cx - half, base)], TENT_CLOTH)
    door_top = (cx, base - height * 0.58)
    e.polygon([door_top, (cx + half * 0.36, base), (cx - half * 0.36, base)], mix(INK, WOOD, 0.35))
    for side in (-1, 1):
        e.polygon(
            [door_top, (cx + side * half * 0.36, base), (cx + side * half * 0.6, base - height * 0.2)],
            mix(TENT_CLOTH, STONE_DARK, 0.15),
        )
    trim = max(1.1, half * 0.09)
    e.stroke([(cx - half, base), apex, (cx + half, base)], TENT_TRIM, trim)
    e.stroke([(cx - half, base), (cx + half, base), corner], TENT_TRIM, trim * 1.1)
    if pennant:
        e.stroke([apex, (cx, apex[1] - 6)], WOOD, 1.3)
        e.polygon([(cx + 0.5, apex[1] - 6.5), (cx + 8.5, apex[1] - 4.2), (cx + 0.5, apex[1] - 2)], TENT_TRIM)
        e.circle(cx, apex[1] - 6.6, 1.3, GOLD)


def camp_tile() -> pygame.Surface:
    """A 128x128 camp face: a meadow with tents inside a hedge, and the cost cartouche.

    Every side is green; the bastion overlays fortify the camp's bastion sides and the arrow
    overlays add its arrows (``camps/bastion_*.png``, ``camps/arrow_*.png``).  No arched niche
    and no building emblem, so it never reads as a building; green grass and straight ridge
    tents, so it never reads as a hut.
    """
    c = Canvas(TILE, TILE)
    c.rect(0, 0, TILE, TILE, mix(HEDGE, INK, 0.5), radius=5)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1.2, 1.2, TILE - 2.4, TILE - 2.4, col, radius=4),
        mix(MEADOW, (255, 255, 255), 0.12),
        MEADOW_DARK,
    )
    rng = random.Random(1524)
    grass = c.layer()
    for _ in range(80):
        x, y = rng.uniform(14, 114), rng.uniform(14, 114)
        col = mix(MEADOW_DARK, HEDGE, rng.uniform(0.2, 0.6))
        for dx in (-1.5, 0.0, 1.5):
            grass.stroke([(x + dx * 0.3, y), (x + dx, y - 2.8 + abs(dx) * 0.5)], col, 0.6)
    for _ in range(30):
        x, y = rng.uniform(14, 114), rng.uniform(14, 114)
        grass.circle(x, y, 0.8, (250, 244, 214) if rng.random() < 0.6 else (246, 210, 96))
    c.blit(grass)
    hedge_band(c)
    art = c.layer()
    for cx, base in ((36.0, 47.0), (87.0, 47.0), (36.0, 99.0)):
        ridge_tent(art, cx, base, 9.0, 13.0, False)
    ridge_tent(art, 60, 78, 15.5, 22, True)
    art = outlined(art, INK, 1.2)
    c.blit(shadow(art, 1.2, 1.6, 1.6, 100))
    c.blit(art)
    cartouche(c, CAMP_CARTOUCHE)
    return c.finish()


def bastion_tower(c: Canvas, cx: float, cy: float) -> None:
    """A round crenellated corner tower, the same under quarter turns so corners always match."""
    r = BASTION_TOWER[1]
    c.circle(cx, cy, r + 0.9, INK)
    c.circle(cx, cy, r, BASTION_LIGHT)
    for k in range(8):
        notch = [(cx + r - 3.6, cy - 1.5), (cx + r + 0.5, cy - 1.5), (cx + r + 0.5, cy + 1.5), (cx + r - 3.6, cy + 1.5)]
        c.polygon(rotate_points(notch, cx, cy, 22.5 + 45 * k), BASTION_DEEP)
    c.circle(cx, cy, r - 3.6, INK)
    c.circle(cx, cy, r - 4.3, BASTION_STONE)
    c.ring(cx, cy, r - 6.6, 0.7, BASTION_SHADE)
    c.circle(cx, cy, 2.2, BASTION_DEEP)


def bastion_north() -> pygame.Surface:
    """The north bastion overlay of a camp; the other three are exact rotations of it.

    A massive rampart of dark grey rusticated stone, deeper than a building's sandstone wall,
    with a sloping inner face, broad merlons and a round crenellated tower at both corners
    (a building's wall has square corner posts).
    """
    t = BASTION
    c = Canvas(TILE, TILE)
    shade = c.layer()
    for i in range(8):
        shade.rect(0, t + i * 0.75, TILE, 0.75, (0, 0, 0, 120 - i * 14))
    c.blit(shade)
    c.rect(0, 0, TILE, t, INK)
    c.rect(0, 0.9, TILE, t - 1.8, BASTION_STONE)
    c.rect(0, 0.9, TILE, 7.6, BASTION_DEEP)
    for row, (y, h) in enumerate(((8.5, 4.4), (12.9, 4.2))):
        for k in range(-1, 12):
            x = k * 12.0 + (6.0 if row else 0.0)
            c.rect(x + 0.5, y, 11.0, h, BASTION_SHADE)
            c.rect(x + 0.5, y, 10.0, h - 0.9, mix(BASTION_STONE, BASTION_LIGHT, 0.3 + 0.1 * row))
            c.rect(x + 1.6, y + 1.0, 7.8, h - 2.6, mix(BASTION_STONE, BASTION_LIGHT, 0.1 * row))
    n, merlon = 5, 11.0
    x0 = BASTION_TOWER[0] + BASTION_TOWER[1] + 1.0
    span = TILE - 2 * x0
    gap = (span - n * merlon) / (n + 1)
    for k in range(n):
        x = x0 + gap + k * (merlon + gap)
        c.rect(x - 0.8, 0.1, merlon + 1.6, 9.0, INK, radius=0.8)
        c.rect(x, 0.9, merlon, 7.4, BASTION_LIGHT, radius=0.5)
        c.rect(x, 6.3, merlon, 2.0, mix(BASTION_LIGHT, BASTION_SHADE, 0.55))
    for cx in (BASTION_TOWER[0], TILE - BASTION_TOWER[0]):
        halo = c.layer()
        halo.circle(cx, BASTION_TOWER[0], BASTION_TOWER[1] + 1, (0, 0, 0))
        c.blit(shadow(halo, 0, 0, 1.8, 130))
        bastion_tower(c, cx, BASTION_TOWER[0])
    return c.finish()


def bastions() -> dict[str, pygame.Surface]:
    """All four bastion overlays, rotated from the north one so the corner towers always match."""
    north = bastion_north()
    return {
        "n": north,
        "e": pygame.transform.rotate(north, -90),
        "s": pygame.transform.rotate(north, 180),
        "w": pygame.transform.rotate(north, 90),
    }


def camp_arrow(side: int) -> pygame.Surface:
    """A camp's scoring arrow, pointing from the main tent to edge ``side`` (0 N, 1 E, 2 S, 3 W).

    A bold ivory arrow with a notched tail; each is drawn in place (not rotated) so the light
    and the drop shadow fall the same way on all four.
    """
    x, tail, neck, tip = 64.0, 44.0, 30.0, 17.0
    shaft, head = 5.0, 12.0
    outline = [
        (x - shaft, tail + 2.0),
        (x - shaft, neck),
        (x - head, neck),
        (x, tip),
        (x + head, neck),
        (x + shaft, neck),
        (x + shaft, tail + 2.0),
        (x, tail - 1.5),
    ]
    half = [(x, tip), (x + head, neck), (x + shaft, neck), (x + shaft, tail + 2.0), (x, tail - 1.5)]
    c = Canvas(TILE, TILE)
    art = c.layer()
    art.polygon(rotate_points(outline, 64, 64, 90 * side), IVORY)
    art.polygon(rotate_points(half, 64, 64, 90 * side), mix(IVORY, STONE_DARK, 0.3))
    art.stroke(rotate_points([(x, neck + 1.5), (x, tail - 3.0)], 64, 64, 90 * side), GOLD, 1.4)
    art = outlined(art, INK, 1.6)
    c.blit(shadow(art, 1.2, 1.6, 1.6, 140))
    c.blit(art)
    return c.finish()


def kilim_band(c: Canvas, p: Palette) -> None:
    """A bazaar's border: a woven rug edge with a zigzag, in its currency's colours."""
    c.frame(3, 3, TILE - 6, TILE - 6, p.dark, 9, radius=3)
    band = c.layer()
    for side in range(4):
        zig = [(4.0 + k * 3.6, 5.2 if k % 2 == 0 else 9.8) for k in range(34)]
        band.stroke(side_points(zig, side), p.light, 1.5)
        for k in range(1, 33, 2):
            (px, py) = side_points([(4.0 + k * 3.6, 6.3)], side)[0]
            band.circle(px, py, 0.7, IVORY)
    mask = c.layer()
    mask.frame(3.6, 3.6, TILE - 7.2, TILE - 7.2, (255, 255, 255), 7.8, radius=3)
    clip(band, mask)
    c.blit(band)
    for x, y in ((7.5, 7.5), (TILE - 7.5, 7.5), (7.5, TILE - 7.5), (TILE - 7.5, TILE - 7.5)):
        c.polygon(regular(x, y, 4.2, 4), p.dark)
        c.polygon(regular(x, y, 3.0, 4), GOLD)
    c.frame(3, 3, TILE - 6, TILE - 6, mix(p.dark, INK, 0.4), 0.8, radius=3)
    c.frame(11.3, 11.3, TILE - 22.6, TILE - 22.6, mix(p.dark, INK, 0.4), 0.8, radius=1)


def bazaar_tile(currency: str, types: Sequence[str]) -> pygame.Surface:
    """A 128x128 bazaar: a market stall, its currency's emblem large, its three colours' emblems.

    A striped awning on two poles over a wooden counter, on a rug-bordered paving: no niche, no
    walls and no cartouche (a bazaar costs what its currency's market slot costs).  The currency
    reads from the big emblem in the medallion, the colours from the building emblems on the
    three discs on the counter.
    """
    p = CURRENCY_PALETTES[currency]
    ground = mix(STONE_LIGHT, p.light, 0.25)
    c = Canvas(TILE, TILE)
    c.rect(0, 0, TILE, TILE, mix(p.dark, INK, 0.5), radius=5)
    fill_gradient(
        c,
        lambda lay, col: lay.rect(1.2, 1.2, TILE - 2.4, TILE - 2.4, col, radius=4),
        mix(ground, (255, 255, 255), 0.3),
        mix(ground, STONE_DARK, 0.15),
    )
    paving = c.layer()
    for k in range(-8, 9):
        y = 12 + k * 10.0
        paving.stroke([(12, y), (116, y)], mix(ground, STONE_DARK, 0.25), 0.6)
        for j in range(12):
            paving.stroke(
                [(12 + j * 10 + (5 if k % 2 else 0), y), (12 + j * 10 + (5 if k % 2 else 0), y + 10)],
                mix(ground, STONE_DARK, 0.25),
                0.6,
            )
    mask = c.layer()
    mask.rect(12, 12, 104, 104, (255, 255, 255))
    clip(paving, mask)
    c.blit(paving)
    kilim_band(c, p)
    stall = c.layer()
    for x in (16.0, 112.0):
        stall.rect(x - 2.2, 26, 4.4, 56, WOOD)
        stall.rect(x - 0.8, 26, 1.2, 56, mix(WOOD, (255, 255, 255), 0.25))
    top, hem = 13.0, 31.0
    awning = [(20, top), (108, top), (117, hem), (11, hem)]
    stripes = stall.layer()
    for k in range(9):
        a0, a1 = k / 9, (k + 1) / 9
        quad = [
            (20 + 88 * a0, top),
            (20 + 88 * a1, top),
            (11 + 106 * a1, hem + 0.5),
            (11 + 106 * a0, hem + 0.5),
        ]
        stripes.polygon(quad, p.base if k % 2 == 0 else IVORY)
    amask = stall.layer()
    amask.polygon(awning, (255, 255, 255))
    clip(stripes, amask)
    stall.blit(stripes)
    for k in range(9):
        x = 11 + 106 * (k + 0.5) / 9
        stall.circle(x, hem, 106 / 18, p.base if k % 2 == 0 else IVORY)
    stall.rect(18, top - 3, 92, 3.5, mix(p.dark, WOOD, 0.4), radius=1.5)
    stall.rect(9, 79, 110, 5, mix(WOOD, (255, 255, 255), 0.2), radius=1)
    stall.rect(12, 84, 104, 29, WOOD)
    for y in (93.5, 103.5):
        stall.stroke([(13, y), (115, y)], mix(WOOD, INK, 0.4), 0.8)
    stall = outlined(stall, INK, 1.2)
    c.blit(shadow(stall, 1.2, 1.6, 1.6, 100))
    c.blit(stall)
    for k in range(9):
        x = 11 + 106 * (k + 0.5) / 9
        c.stroke([(x, hem + 2), (x, hem + 4.5)], mix(p.dark, INK, 0.2), 0.6)
    cx, cy, r = 64.0, 56.5, 20.5
    medal = c.layer()
    medal.circle(cx, cy, r + 1.6, GOLD)
    medal.circle(cx, cy, r, mix(p.niche, (255, 255, 255), 0.3))
    medal = outlined(medal, INK, 1.1)
    c.blit(shadow(medal, 1.0, 1.4, 1.4, 110))
    c.blit(medal)
    c.ring(cx, cy, r - 2, 0.6, mix(p.niche, p.dark, 0.4))
    currency_mark(c, currency, cx, cy + 0.5, 31, p.base, INK, 1.1)
    for kind, x in zip(types, (34.0, 64.0, 94.0), strict=True):
        tp = TILE_PALETTES[kind]
        disc = c.layer()
        disc.circle(x, 98, 14.2, GOLD)
        disc.circle(x, 98, 12.8, mix(tp.niche, (255, 255, 255), 0.4))
        disc = outlined(disc, INK, 1.0)
        c.blit(disc)
        place_emblem(c, kind, tp, 0.3, (x, 98.5), 1.0)
    return c.finish()


@dataclass(frozen=True)
class FalconStyle:
    """Colours of one falcon kind; the kinds differ in pose and rim pattern as well."""

    body: RGB
    mid: RGB
    light: RGB
    ground: tuple[RGB, RGB]
    rim: RGB
    rim_mark: RGB


FALCON_STYLES: dict[str, FalconStyle] = {
    # a black bird on a pale sky, a dark rim with gold teeth
    "black": FalconStyle(
        body=(44, 40, 46),
        mid=(96, 92, 104),
        light=(196, 190, 180),
        ground=((232, 238, 240), (182, 200, 210)),
        rim=(70, 66, 74),
        rim_mark=GOLD,
    ),
    # a brown bird with a cream breast on parchment, a wooden rim with beads
    "brown": FalconStyle(
        body=(128, 78, 40),
        mid=(170, 116, 62),
        light=(244, 226, 188),
        ground=((246, 236, 206), (214, 192, 146)),
        rim=(150, 100, 54),
        rim_mark=GOLD_LIGHT,
    ),
    # a white bird with dark flecks on a night-blue ground, a pale rim with a twisted cord
    "white": FalconStyle(
        body=(248, 246, 240),
        mid=(196, 202, 212),
        light=(110, 118, 134),
        ground=((62, 84, 132), (30, 42, 78)),
        rim=(226, 226, 232),
        rim_mark=(120, 124, 140),
    ),
}


def falcon_spread(e: Canvas, s: FalconStyle) -> None:
    """The black falcon: seen from below in flight, long pointed wings spread wide."""
    cx, cy = 32.0, 24.0

    def at(points: Iterable[Point], side: int = -1) -> list[Point]:
        return [(cx + side * dx, cy + dy) for dx, dy in points]

    wing = [(2.8, -6.0), (8.5, -8.6), (14.5, -9.4), (19.0, -8.0), (22.8, -5.2)]
    wing += [(18.8, -2.4), (19.4, -1.4), (15.0, -0.6), (15.4, 0.6), (10.5, 1.4), (6.0, 2.6), (2.8, 3.6)]
    for side in (-1, 1):
        e.polygon(at(wing, side), s.body)
        e.stroke(at([(3.5, -4.4), (9.0, -6.6), (14.5, -7.2), (18.5, -5.8)], side), s.mid, 1.3)
        for k in range(3):
            e.stroke(at([(9.0 + 4.2 * k, -3.6 + 0.2 * k), (9.6 + 4.2 * k, -0.6)], side), s.mid, 0.7)
    e.polygon(at([(-2.4, 5.0), (-3.8, 16.5), (0.0, 15.5), (3.8, 16.5), (2.4, 5.0)]), s.body)
    for dy in (9.0, 12.8):
        e.stroke(at([(-2.8, dy), (2.8, dy)]), s.mid, 0.7)
    e.ellipse(cx - 4.2, cy - 11.0, 8.4, 18.5, s.body)
    for dy in (-4.5, -1.0, 2.5):
        e.stroke(at([(-2.0, dy), (0.0, dy + 1.2), (2.0, dy)]), s.mid, 0.7)
    e.circle(cx, cy - 12.0, 3.4, s.body)
    e.polygon(at([(-1.3, -14.6), (1.3, -14.6), (0.0, -17.2)]), GOLD_LIGHT)
    for side in (-1, 1):
        e.stroke(at([(1.4, -12.6), (2.2, -10.2)], side), s.mid, 0.8)


def falcon_perched(e: Canvas, s: FalconStyle) -> None:
    """The brown falcon: in profile, upright on a perch, wings folded."""
    e.rect(13.0, 35.5, 38.0, 3.6, WOOD, radius=1.6)
    e.rect(14.0, 35.8, 36.0, 1.1, mix(WOOD, (255, 255, 255), 0.3), radius=0.5)
    e.polygon([(26.5, 31.0), (23.0, 43.0), (28.0, 43.5), (31.5, 32.0)], s.body)
    body = bezier((35.0, 9.0), (27.5, 10.5), (25.5, 22.0), (27.0, 34.5), 12)
    body += bezier((30.0, 36.5), (38.0, 34.5), (42.5, 25.0), (40.5, 15.0), 12)
    e.polygon(body, s.light)
    for x, y in ((35.5, 22.0), (38.5, 25.5), (34.0, 27.5), (37.0, 30.5), (39.0, 20.0), (32.5, 31.5)):
        e.polygon([(x - 1.1, y - 0.6), (x, y + 0.9), (x + 1.1, y - 0.6), (x, y + 0.1)], s.body)
    wing = bezier((36.0, 14.0), (27.5, 14.0), (25.0, 25.0), (25.5, 38.5), 10)
    wing += bezier((25.5, 38.5), (31.5, 32.0), (35.0, 24.0), (36.0, 14.0), 10)
    e.polygon(wing, s.body)
    for k in range(3):
        e.stroke(
            bezier((33.5 - k, 18.0 + 5 * k), (30.5 - k, 21 + 5 * k), (28.5 - k, 26 + 5 * k), (27.5, 33.0 + 2 * k), 6),
            s.mid,
            0.8,
        )
    e.circle(37.0, 12.5, 5.4, s.body)
    e.polygon([(37.2, 12.5), (42.4, 12.0), (41.8, 17.5), (38.0, 17.0)], s.light)
    e.polygon([(37.6, 13.5), (39.8, 13.2), (38.9, 18.0), (37.6, 17.6)], s.body)
    e.circle(39.4, 11.6, 1.25, (250, 210, 90))
    e.circle(39.6, 11.6, 0.7, INK)
    e.polygon([(41.5, 10.5), (45.0, 11.8), (44.6, 15.0), (43.2, 13.4), (41.6, 13.8)], GOLD_LIGHT)
    for x in (31.5, 35.0):
        e.stroke([(x, 32.5), (x, 36.0), (x + 1.8, 37.6)], GOLD, 1.3)


def falcon_flying(e: Canvas, s: FalconStyle) -> None:
    """The white falcon: in profile in flight, both pointed wings raised high and swept back."""
    far = [(37.0, 28.0), (40.5, 21.0), (41.5, 14.0), (38.0, 8.0), (37.2, 13.5), (35.5, 19.0), (34.0, 27.0)]
    e.polygon(far, s.mid)
    e.polygon([(18.0, 30.0), (7.0, 28.8), (6.6, 36.6), (18.0, 34.4)], s.body)
    for y in (30.8, 33.0, 35.2):
        e.stroke([(7.6, y), (15.0, y - 0.2 + 0.1 * (y - 33))], s.mid, 0.6)
    body = bezier((16.0, 30.0), (25.0, 26.5), (36.0, 23.0), (44.5, 23.5), 12)
    body += bezier((48.5, 30.5), (42.0, 36.5), (28.0, 36.5), (16.0, 34.6), 12)
    e.polygon(body, s.body)
    e.circle(46.0, 26.8, 4.4, s.body)
    e.polygon([(49.5, 24.8), (53.8, 26.6), (53.0, 29.6), (51.6, 28.1), (49.6, 28.8)], GOLD_LIGHT)
    e.circle(47.8, 25.8, 1.15, INK)
    e.stroke([(47.0, 27.6), (46.2, 30.6)], s.light, 1.1)
    near = [(36.0, 27.5), (34.0, 21.0), (29.5, 15.0), (20.5, 9.5), (22.5, 14.0), (21.6, 14.8), (24.2, 19.0)]
    near += [(23.4, 19.8), (26.0, 24.0), (27.0, 29.0)]
    e.polygon(near, s.body)
    e.stroke([(33.0, 21.0), (29.0, 16.5), (22.5, 11.5)], s.mid, 0.7)
    for x, y in ((27.5, 22.0), (30.5, 25.5), (25.5, 17.5), (22.0, 31.5), (28.0, 31.5), (34.0, 30.5), (40.0, 28.5)):
        e.polygon([(x - 0.9, y - 0.5), (x, y + 0.7), (x + 0.9, y - 0.5), (x, y + 0.1)], s.light)


FALCON_POSES: dict[str, Callable[[Canvas, FalconStyle], None]] = {
    "black": falcon_spread,
    "brown": falcon_perched,
    "white": falcon_flying,
}


def falcon_rim(c: Canvas, kind: str, s: FalconStyle) -> None:
    """The rim pattern of a kind: teeth (black), beads (brown) or a twisted cord (white)."""
    if kind == "black":
        for k in range(16):
            a = 2 * math.pi * (k + 0.5) / 16
            ca, sa = math.cos(a), math.sin(a)
            tri = [
                (32 + ca * 29.4 - sa * 2.2, 32 + sa * 29.4 + ca * 2.2),
                (32 + ca * 29.4 + sa * 2.2, 32 + sa * 29.4 - ca * 2.2),
                (32 + ca * 26.8, 32 + sa * 26.8),
            ]
            c.polygon(tri, s.rim_mark)
    elif kind == "brown":
        for k in range(18):
            a = 2 * math.pi * k / 18
            c.circle(32 + math.cos(a) * 28, 32 + math.sin(a) * 28, 1.15, s.rim_mark)
    else:
        for k in range(30):
            a = 2 * math.pi * k / 30
            b = a + 0.16
            c.stroke(
                [
                    (32 + math.cos(a) * 29.3, 32 + math.sin(a) * 29.3),
                    (32 + math.cos(b) * 26.8, 32 + math.sin(b) * 26.8),
                ],
                s.rim_mark,
                0.8,
            )


def falcon_token(kind: str, first: str, second: str) -> pygame.Surface:
    """A 64x64 falcon token (shown at about a third of a tile, on a grid corner).

    The kind reads from the pose (black: wings spread, seen from the front; brown: perched in
    profile; white: flying in profile with raised wings), the rim pattern (teeth, beads, cord)
    and the light or dark ground, as well as from the bird's colour; the two building colours
    are two small discs with their types' emblems.
    """
    s = FALCON_STYLES[kind]
    c = Canvas(TOKEN, TOKEN)
    disc = c.layer()
    disc.circle(32, 32, 30, (255, 255, 255))
    c.blit(shadow(disc, 0.8, 1.4, 1.4, 130))
    c.circle(32, 32, 30.5, INK)
    c.circle(32, 32, 29.5, s.rim)
    falcon_rim(c, kind, s)
    c.circle(32, 32, 26.5, INK)
    fill_gradient(c, lambda lay, col: lay.circle(32, 32, 25.8, col), s.ground[0], s.ground[1])
    bird = c.layer()
    FALCON_POSES[kind](bird, s)
    bird = outlined(bird, INK, 1.0)
    body_mask = c.layer()
    body_mask.circle(32, 32, 25.8, (255, 255, 255))
    clip(bird, body_mask)
    c.blit(shadow(bird, 0.6, 1.0, 1.0, 110))
    c.blit(bird)
    for kind_name, x in ((first, 20.5), (second, 43.5)):
        tp = TILE_PALETTES[kind_name]
        badge = c.layer()
        badge.circle(x, 48.5, 10.0, GOLD)
        badge.circle(x, 48.5, 8.8, mix(tp.niche, (255, 255, 255), 0.4))
        badge = outlined(badge, INK, 0.9)
        c.blit(shadow(badge, 0.5, 0.8, 0.8, 110))
        c.blit(badge)
        place_emblem(c, kind_name, tp, 0.2, (x, 49.0), 0.8)
    return c.finish()


def bazaar_file(currency: str, types: Sequence[str]) -> str:
    """The file of a bazaar, named by its currency and colours as the client looks it up."""
    return f"bazaars/bazaar_{currency}_{'_'.join(types)}.png"


def edition_2024_images() -> dict[str, pygame.Surface]:
    """The PNGs of the 2024 edition's camps, bazaars and falcons."""
    out: dict[str, pygame.Surface] = {"camps/camp.png": camp_tile()}
    for side, surf in bastions().items():
        out[f"camps/bastion_{side}.png"] = surf
    for k, side in enumerate("nesw"):
        out[f"camps/arrow_{side}.png"] = camp_arrow(k)
    for currency, types in BAZAAR_TILES:
        out[bazaar_file(currency, types)] = bazaar_tile(currency, types)
    for kind, first, second in FALCON_TOKENS:
        out[f"tokens/falcon_{kind}_{first}_{second}.png"] = falcon_token(kind, first, second)
    return out


# --------------------------------------------------------------------------
# UI icons, logo and window icon
# --------------------------------------------------------------------------


ICON = 48
ICON_FILL: RGB = IVORY
ICON_ACCENT: RGB = GOLD
ALERT: RGB = (206, 72, 58)


def finish_icon(art: Canvas) -> pygame.Surface:
    """Give an icon its common look: bold dark outline and a soft shadow.

    The same treatment on every icon keeps the set consistent and readable
    on both the dark felt and light panels.
    """
    art = outlined(art, INK, 2.0)
    c = art.layer()
    c.blit(shadow(art, 0.8, 1.4, 1.2, 120))
    c.blit(art)
    return c.finish()


def icon_hint() -> pygame.Surface:
    """Hint: a glowing lightbulb."""
    e = Canvas(ICON, ICON)
    for k in range(7):
        a = math.radians(-180 + k * 30)
        e.stroke(
            [(24 + math.cos(a) * 14, 21 + math.sin(a) * 14), (24 + math.cos(a) * 16.8, 21 + math.sin(a) * 16.8)],
            ICON_ACCENT,
            2.4,
        )
    e.circle(24, 21, 10.5, GOLD_LIGHT)
    e.polygon([(17, 26), (31, 26), (28.8, 33.5), (19.2, 33.5)], GOLD_LIGHT)
    e.circle(20.5, 17, 3.0, (255, 248, 220))
    e.stroke([(21, 32), (21, 25.5), (23.5, 22.5), (24.5, 25.5), (27, 22.5), (27, 32)], GOLD_DARK, 1.3)
    for y in (34.0, 37.5):
        e.rect(18.5, y, 11, 3, STONE_DARK, radius=1)
    e.rect(21, 40.5, 6, 2.5, STONE_DARK, radius=1)
    return finish_icon(e)


def icon_undo() -> pygame.Surface:
    """Undo: an arrow that turns back on itself."""
    e = Canvas(ICON, ICON)
    path = [(17, 17), (27, 17)]
    path += [(27 + 10 * math.sin(a), 27 - 10 * math.cos(a)) for a in (math.pi * i / 16 for i in range(17))]
    path += [(17, 37)]
    e.stroke(path, ICON_FILL, 5.5)
    e.polygon([(6, 17), (18, 7.5), (18, 26.5)], ICON_FILL)
    return finish_icon(e)


def icon_reserve() -> pygame.Surface:
    """Reserve: a storage box with two tiles waiting in it."""
    e = Canvas(ICON, ICON)
    t1 = rotate_points([(12, 9), (27, 9), (27, 24), (12, 24)], 19.5, 16.5, -12)
    t2 = rotate_points([(22, 7), (37, 7), (37, 22), (22, 22)], 29.5, 14.5, 10)
    for pts, kind in ((t1, "pavilion"), (t2, "garden")):
        e.polygon(pts, mix(TILE_PALETTES[kind].dark, INK, 0.2))
        cx, cy = sum(x for x, _ in pts) / 4, sum(y for _, y in pts) / 4
        e.polygon([(cx + (x - cx) * 0.8, cy + (y - cy) * 0.8) for x, y in pts], TILE_PALETTES[kind].base)
    box = (170, 118, 66)
    e.polygon([(7, 21), (41, 21), (39, 41), (9, 41)], box)
    e.rect(5.5, 19.5, 37, 5.5, mix(box, (255, 255, 255), 0.25), radius=1)
    for y in (29.0, 35.0):
        e.stroke([(9.5, y), (38.5, y)], mix(box, INK, 0.45), 1.0)
    e.rect(20, 27, 8, 4.5, GOLD, radius=1)
    return finish_icon(e)


def icon_dirk() -> pygame.Surface:
    """Dirk, the neutral collector: a turbaned bust in neutral grey."""
    e = Canvas(ICON, ICON)
    robe = (176, 176, 186)
    e.polygon(mirror_x(bezier((24, 29), (14, 29), (8, 34), (7.5, 43), 10), 24), robe)
    e.polygon([(20, 29), (28, 29), (24, 37)], mix(robe, (255, 255, 255), 0.4))
    e.circle(24, 21, 7.5, (214, 206, 196))
    e.ellipse(13.5, 7, 21, 13, ICON_FILL)
    e.stroke(bezier((15, 14), (19, 10), (27, 9), (33, 13), 8), mix(ICON_FILL, STONE_DARK, 0.4), 1.0)
    e.stroke(bezier((15, 17), (20, 12.5), (28, 12.5), (33, 16), 8), mix(ICON_FILL, STONE_DARK, 0.4), 1.0)
    e.circle(24, 12.5, 2.3, ICON_ACCENT)
    e.polygon([(24, 4.5), (25.6, 8), (22.4, 8)], ICON_ACCENT)
    return finish_icon(e)


def icon_money() -> pygame.Surface:
    """Money: a small fan of cards in three currencies."""
    e = Canvas(ICON, ICON)
    for deg, cur in ((-18, "florin"), (0, "dirham"), (18, "denar")):
        p = CURRENCY_PALETTES[cur]
        card = rotate_points([(15, 8), (33, 8), (33, 36), (15, 36)], 24, 42, deg)
        e.polygon(card, INK)
        inner = rotate_points([(16.2, 9.2), (31.8, 9.2), (31.8, 34.8), (16.2, 34.8)], 24, 42, deg)
        e.polygon(inner, p.base)
        cx, cy = rotate_points([(24, 21)], 24, 42, deg)[0]
        e.circle(cx, cy, 5.2, p.niche)
    return finish_icon(e)


def icon_buy() -> pygame.Surface:
    """Buy: a building tile and a gold coin."""
    e = Canvas(ICON, ICON)
    p = TILE_PALETTES["seraglio"]
    e.rect(6, 7, 26, 26, p.dark, radius=3)
    e.rect(8, 9, 22, 22, p.base, radius=2)
    e.polygon(arch(19, 28, 19, 6, 1.2), p.niche)
    e.circle(32, 32, 11, GOLD_DARK)
    e.circle(32, 32, 9.5, GOLD)
    e.ring(32, 32, 7, 1.0, GOLD_DARK)
    e.polygon(khatam(32, 32, 4.5), GOLD_LIGHT)
    return finish_icon(e)


def icon_redesign() -> pygame.Surface:
    """Redesign: two arrows swapping places."""
    e = Canvas(ICON, ICON)
    e.stroke([(8, 16), (31, 16)], ICON_FILL, 5)
    e.polygon([(42, 16), (30, 7), (30, 25)], ICON_FILL)
    e.stroke([(40, 32), (17, 32)], ICON_ACCENT, 5)
    e.polygon([(6, 32), (18, 23), (18, 41)], ICON_ACCENT)
    return finish_icon(e)


def icon_menu() -> pygame.Surface:
    """Menu: the familiar three bars."""
    e = Canvas(ICON, ICON)
    for y in (12.0, 21.5, 31.0):
        e.rect(9, y, 30, 5.5, ICON_FILL, radius=2.7)
    return finish_icon(e)


def speaker(e: Canvas) -> None:
    """The loudspeaker shared by both sound icons."""
    e.polygon([(7, 18), (14, 18), (23, 10), (23, 38), (14, 30), (7, 30)], ICON_FILL)


def icon_sound_on() -> pygame.Surface:
    """Sound on: a speaker sending out waves."""
    e = Canvas(ICON, ICON)
    speaker(e)
    for r in (7.5, 14.0):
        pts = [
            (24 + r * math.cos(a), 24 + r * math.sin(a)) for a in (math.radians(-45 + 90 * i / 12) for i in range(13))
        ]
        e.stroke(pts, ICON_ACCENT, 3.2)
    return finish_icon(e)


def icon_sound_off() -> pygame.Surface:
    """Sound off: a speaker with a red cross."""
    e = Canvas(ICON, ICON)
    speaker(e)
    e.stroke([(29, 17), (41, 31)], ALERT, 4)
    e.stroke([(41, 17), (29, 31)], ALERT, 4)
    return finish_icon(e)


def icon_fast() -> pygame.Surface:
    """Fast: a double chevron (fast-forward)."""
    e = Canvas(ICON, ICON)
    e.polygon([(6, 11), (24, 24), (6, 37)], ICON_FILL)
    e.polygon([(23, 11), (41, 24), (23, 37)], ICON_ACCENT)
    return finish_icon(e)


def icon_log() -> pygame.Surface:
    """Log: a scroll with lines of writing."""
    e = Canvas(ICON, ICON)
    e.rect(11, 8, 26, 32, ICON_FILL)
    for y in (8.0, 40.0):
        e.ellipse(8, y - 3.5, 32, 7, mix(ICON_FILL, STONE_DARK, 0.45))
        e.ellipse(8, y - 2.5, 3, 5, GOLD)
        e.ellipse(37, y - 2.5, 3, 5, GOLD)
    for k, y in enumerate((15.5, 20.5, 25.5, 30.5)):
        e.rect(15, y, 18 - (6 if k == 3 else 0), 1.8, mix(INK, STONE_DARK, 0.3), radius=0.9)
    return finish_icon(e)


def magnifier(e: Canvas) -> None:
    """The lens and handle shared by the zoom icons."""
    e.stroke([(28, 28), (40, 40)], WOOD, 6)
    e.circle(20, 20, 13, ICON_FILL)
    e.circle(20, 20, 9.5, (196, 224, 238))
    e.circle(16.5, 16.5, 3, (240, 250, 255))


def icon_zoom_in() -> pygame.Surface:
    """Zoom in: a magnifier with a plus."""
    e = Canvas(ICON, ICON)
    magnifier(e)
    e.stroke([(14.5, 20), (25.5, 20)], INK, 2.6)
    e.stroke([(20, 14.5), (20, 25.5)], INK, 2.6)
    return finish_icon(e)


def icon_zoom_out() -> pygame.Surface:
    """Zoom out: a magnifier with a minus."""
    e = Canvas(ICON, ICON)
    magnifier(e)
    e.stroke([(14.5, 20), (25.5, 20)], INK, 2.6)
    return finish_icon(e)


ICONS: dict[str, Callable[[], pygame.Surface]] = {
    "hint": icon_hint,
    "undo": icon_undo,
    "reserve": icon_reserve,
    "dirk": icon_dirk,
    "money": icon_money,
    "buy": icon_buy,
    "redesign": icon_redesign,
    "menu": icon_menu,
    "sound_on": icon_sound_on,
    "sound_off": icon_sound_off,
    "fast": icon_fast,
    "log": icon_log,
    "zoom_in": icon_zoom_in,
    "zoom_out": icon_zoom_out,
}


LOGO_W, LOGO_H = 640, 160


def logo() -> pygame.Surface:
    """The title: gold letters under a wide Moorish arch with star finials."""
    c = Canvas(LOGO_W, LOGO_H)
    orn = c.layer()
    cx = LOGO_W / 2
    for half, apex, width in ((292, 18, 4.0), (279, 29, 1.8)):
        pts = arch(cx, 136, 136, half, 1.18, 0.0, 48)[1:-1]
        squash = (136 - apex) / (136 - min(y for _, y in pts))
        frame = [(x, 136 - (136 - y) * squash) for x, y in pts]
        orn.stroke(frame, GOLD_DARK, width + 3)
        orn.stroke(frame, GOLD, width)
    orn.stroke([(34, 136), (cx - 40, 136)], GOLD_DARK, 5)
    orn.stroke([(cx + 40, 136), (LOGO_W - 34, 136)], GOLD_DARK, 5)
    orn.stroke([(34, 136), (cx - 40, 136)], GOLD, 2.2)
    orn.stroke([(cx + 40, 136), (LOGO_W - 34, 136)], GOLD, 2.2)
    for x in (28.0, LOGO_W - 28.0):
        orn.polygon(khatam(x, 136, 12), GOLD)
        orn.polygon(khatam(x, 136, 6), (150, 38, 40))
    orn.polygon(khatam(cx, 136, 15), GOLD)
    orn.polygon(khatam(cx, 136, 9), (150, 38, 40))
    orn.circle(cx, 136, 3.5, GOLD_LIGHT)
    orn.polygon(khatam(cx, 18, 11), GOLD)
    orn.polygon(khatam(cx, 18, 5.5), (150, 38, 40))
    orn = outlined(orn, INK, 2.0)
    c.blit(shadow(orn, 2, 3, 3, 130))
    c.blit(orn)
    letters = c.layer()
    font = load_font("display", 76)
    glyphs = [font.render(ch, True, (255, 255, 255)) for ch in "ALHAMBRA"]
    spacing = 4 * SS
    total = sum(g.get_width() for g in glyphs) + spacing * (len(glyphs) - 1)
    x = (LOGO_W * SS - total) / 2
    for g in glyphs:
        letters.surf.blit(g, (round(x), round(84 * SS - g.get_height() / 2)))
        x += g.get_width() + spacing
    gold = c.layer()
    top, bottom = 84 - 34, 84 + 30  # the cap height of the letters
    for y in range(LOGO_H * SS):
        t = min(1.0, max(0.0, (y / SS - top) / (bottom - top)))
        col = mix((255, 240, 184), GOLD, t * 1.6) if t < 0.62 else mix(GOLD, GOLD_DARK, (t - 0.62) / 0.38)
        pygame.draw.line(gold.surf, col, (0, y), (LOGO_W * SS, y))
    clip(gold, letters)
    text = outlined(gold, INK, 3.2)
    c.blit(shadow(text, 3, 4, 4, 150))
    c.blit(text)
    return c.finish()


def window_icon() -> pygame.Surface:
    """The 64x64 window icon: a gold horseshoe gate on a blue zellige tile."""
    c = Canvas(64, 64)
    p = TILE_PALETTES["pavilion"]
    c.rect(1, 1, 62, 62, INK, radius=10)
    fill_gradient(
        c, lambda lay, col: lay.rect(2.5, 2.5, 59, 59, col, radius=9), mix(p.base, (255, 255, 255), 0.1), p.dark
    )
    c.frame(5, 5, 54, 54, GOLD, 2, radius=7)
    gate = c.layer()
    gate.polygon(arch(32, 56, 30, 19, 1.1, 0.4), GOLD)
    gate.polygon(arch(32, 56, 31, 13, 1.1, 0.4), (120, 30, 34))
    gate.polygon(khatam(32, 30, 8.5), GOLD_LIGHT)
    gate.circle(32, 30, 3, (120, 30, 34))
    gate = outlined(gate, INK, 1.4)
    c.blit(shadow(gate, 1, 1.5, 1.5, 130))
    c.blit(gate)
    return c.finish()


# --------------------------------------------------------------------------
# Sounds: tiny additive/subtractive synthesis, 16-bit mono WAV
# --------------------------------------------------------------------------


RATE = 44100
Samples = list[float]


def silence(seconds: float) -> Samples:
    """A buffer of the given length to mix voices into."""
    return [0.0] * round(seconds * RATE)


def add(buf: Samples, voice: Samples, at: float = 0.0, gain: float = 1.0) -> None:
    """Mix ``voice`` into ``buf`` starting ``at`` seconds (clipped to fit)."""
    start = round(at * RATE)
    for i, v in enumerate(voice[: max(0, len(buf) - start)]):
        buf[start + i] += v * gain


def partials(
    freq: float,
    seconds: float,
    parts: Sequence[tuple[float, float, float]],
    attack: float = 0.004,
    vibrato: float = 0.0,
) -> Samples:
    """Sum of sine partials ``(ratio, amplitude, decay per second)``.

    Inharmonic ratios make bells and coins, harmonic ones with slow decay
    make the soft brass of the fanfare; the short attack avoids clicks.
    """
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        wobble = 1.0 + vibrato * math.sin(2 * math.pi * 5.5 * t) * min(1.0, t * 4)
        v = sum(a * math.exp(-d * t) * math.sin(2 * math.pi * freq * r * wobble * t) for r, a, d in parts)
        out.append(v * min(1.0, t / attack))
    return out


def noise(seconds: float, seed: int) -> Samples:
    """Seeded white noise, so the generated files never change."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(x: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` may vary with time for sweeps."""
    out, y = [], 0.0
    for i, v in enumerate(x):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        y += (1.0 - math.exp(-2 * math.pi * fc / RATE)) * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    """One-pole high-pass: the signal minus its low-passed self."""
    return [v - lp for v, lp in zip(x, lowpass(x, cutoff), strict=True)]


def envelope(x: Samples, fn: Callable[[float], float]) -> Samples:
    """Multiply by an amplitude curve given as a function of time."""
    return [v * fn(i / RATE) for i, v in enumerate(x)]


def finish_sound(x: Samples, peak: float, fade: float = 0.01) -> Samples:
    """Fade both ends to silence (no clicks) and normalise to a moderate peak."""
    n = len(x)
    f = max(1, round(fade * RATE))
    lead = round(0.0015 * RATE)
    x = [v * min(1.0, (n - 1 - i) / f, i / lead) for i, v in enumerate(x)]
    top = max(abs(v) for v in x) or 1.0
    return [v * peak / top for v in x]


def write_wav(path: Path, x: Samples) -> None:
    """Write 16-bit mono PCM."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = struct.pack(f"<{len(x)}h", *(round(max(-1.0, min(1.0, v)) * 32767) for v in x))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def sound_click() -> Samples:
    """A short, soft wooden tick for buttons."""
    buf = silence(0.05)
    add(buf, partials(1850, 0.05, [(1, 1.0, 130), (2.71, 0.35, 220)], attack=0.0008))
    tick = envelope(highpass(noise(0.05, 1), 2000), lambda t: math.exp(-t * 500))
    add(buf, tick, gain=0.35)
    return finish_sound(buf, 0.32, 0.008)


def sound_card() -> Samples:
    """A card sliding: band-passed noise swept upwards then away."""
    dur = 0.24

    def cutoff(t: float) -> float:
        return 900 + 3600 * math.sin(math.pi * min(1.0, t / dur))

    body = highpass(lowpass(lowpass(noise(dur, 2), cutoff), cutoff), 450)
    shaped = envelope(body, lambda t: (min(1.0, t / 0.05) ** 1.5) * math.exp(-max(0.0, t - 0.05) * 14))
    return finish_sound(shaped, 0.34, 0.03)


def sound_coin() -> Samples:
    """Two bright metallic strikes, as coins dropping on a tray."""
    buf = silence(0.55)
    ring = [(1, 1.0, 7.5), (2.76, 0.3, 13), (5.40, 0.1, 22), (8.93, 0.04, 30)]
    add(buf, partials(1567.98, 0.55, ring, attack=0.002))
    add(buf, partials(2093.0, 0.48, ring, attack=0.002), at=0.075, gain=0.8)
    return finish_sound(lowpass(buf, 7000), 0.36, 0.05)


def sound_place() -> Samples:
    """A tile set down: a low, quickly damped thump with a woody knock."""
    dur = 0.26
    buf = silence(dur)
    phase, thump = 0.0, []
    for i in range(round(dur * RATE)):
        t = i / RATE
        phase += 2 * math.pi * (80 + 90 * math.exp(-t * 35)) / RATE
        thump.append(math.sin(phase) * math.exp(-t * 20) * min(1.0, t / 0.002))
    add(buf, thump)
    add(buf, partials(430, dur, [(1, 1.0, 45), (1.53, 0.5, 60)], attack=0.001), gain=0.22)
    knock = envelope(lowpass(noise(dur, 3), 1100), lambda t: math.exp(-t * 80))
    add(buf, knock, gain=0.9)
    return finish_sound(buf, 0.55, 0.04)


def sound_score() -> Samples:
    """A rising C-major fanfare arpeggio that rings out (about 0.8 s)."""
    dur = 0.82
    buf = silence(dur)
    brass = [(1, 1.0, 3.0), (2, 0.5, 4.0), (3, 0.28, 5.5), (4, 0.14, 7.0), (5, 0.07, 9.0)]
    notes = [(523.25, 0.0), (659.25, 0.11), (783.99, 0.22), (1046.5, 0.33)]
    for k, (f, at) in enumerate(notes):
        last = k == len(notes) - 1
        voice = partials(f, dur - at, brass, attack=0.015, vibrato=0.004 if last else 0.0)
        add(buf, voice, at=at, gain=1.0 if last else 0.75)
    add(buf, partials(261.63, dur - 0.33, [(1, 1.0, 2.5), (2, 0.3, 4)], attack=0.03), at=0.33, gain=0.45)
    return finish_sound(lowpass(buf, 5000), 0.45, 0.12)


def sound_turn() -> Samples:
    """A soft bell telling the player it is their turn."""
    bell = [(1, 1.0, 4.0), (2.0, 0.45, 5.5), (2.76, 0.22, 7.0), (4.07, 0.1, 10), (5.4, 0.05, 14)]
    buf = silence(0.75)
    add(buf, partials(659.25, 0.75, bell, attack=0.004))
    add(buf, partials(987.77, 0.6, bell, attack=0.004), at=0.12, gain=0.55)
    return finish_sound(lowpass(buf, 6000), 0.38, 0.1)


def sound_error() -> Samples:
    """A gentle low double buzz for an illegal move (not a harsh beep)."""
    buzz = [(n, 1.0 / (n * n), 6.0) for n in range(1, 8)]
    buf = silence(0.32)
    for at in (0.0, 0.16):
        tone = partials(146.83, 0.14, buzz, attack=0.012)
        tone = envelope(tone, lambda t: min(1.0, max(0.0, (0.14 - t) / 0.04)))
        add(buf, tone, at=at)
    return finish_sound(lowpass(buf, 1800), 0.28, 0.02)


def sound_flourish() -> Samples:
    """A quick bright run of three bell notes, for an exact payment and a majority won (about 0.5 s)."""
    bell = [(1, 1.0, 6.0), (2.0, 0.4, 8.0), (3.0, 0.15, 11.0)]
    buf = silence(0.55)
    for k, (freq, at) in enumerate(((1318.51, 0.0), (1567.98, 0.07), (2093.0, 0.14))):
        add(buf, partials(freq, 0.55 - at, bell, attack=0.003), at=at, gain=0.7 + 0.15 * k)
    return finish_sound(lowpass(buf, 7000), 0.3, 0.08)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "click": sound_click,
    "card": sound_card,
    "coin": sound_coin,
    "place": sound_place,
    "score": sound_score,
    "turn": sound_turn,
    "error": sound_error,
    "flourish": sound_flourish,
}


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def render_images() -> dict[str, pygame.Surface]:
    """Every PNG of the package, keyed by its path relative to the package."""
    out: dict[str, pygame.Surface] = {}
    for kind in TILE_TYPES:
        out[f"tiles/{kind}.png"] = building_tile(kind)
    out["tiles/start.png"] = start_tile()
    out["tiles/back.png"] = tile_back()
    for side, surf in walls().items():
        out[f"tiles/wall_{side}.png"] = surf
    for cur in CURRENCIES:
        out[f"cards/{cur}.png"] = money_face(cur)
        for value in range(1, 10):
            out[f"cards/value_{cur}_{value}.png"] = value_card(cur, value)
        out[f"board/market_slot_{cur}.png"] = market_slot(cur)
    out["cards/back.png"] = card_back()
    out["cards/scoring_1.png"] = scoring_card(1)
    out["cards/scoring_2.png"] = scoring_card(2)
    out["board/felt.png"] = felt()
    for name, draw in ICONS.items():
        out[f"ui/{name}.png"] = draw()
    out["ui/logo.png"] = logo()
    out["ui/icon.png"] = window_icon()
    out.update(module_images())
    out.update(edition_2024_images())
    from assets import draw_traders  # expansion 3's thieves and street traders: their own file

    out.update(draw_traders.images())
    from assets import draw_expansion3  # expansion 3's change coins and expansion 4's treasure chests: their own file

    out.update(draw_expansion3.images())
    from assets import draw_expansion2  # expansion 2's city gates and expansion 3's city walls: their own file

    out.update(draw_expansion2.images())
    return out


def module_images() -> dict[str, pygame.Surface]:
    """The PNGs of the expansion 1 modules (huts, exchange and bonus cards, vizier)."""
    out: dict[str, pygame.Surface] = {}
    for kind in TILE_TYPES:
        out[f"tiles/hut_{kind}.png"] = hut_tile(kind)
    for first, second in EXCHANGE_PAIRS:
        out[f"cards/exchange_{first}_{second}.png"] = exchange_card(first, second)
    for kind, cost in BONUS_TILES:
        out[f"cards/bonus_{kind}_{cost}.png"] = bonus_card(kind, cost)
    out["cards/bonus_back.png"] = bonus_back()
    out["tokens/vizier_awake.png"] = vizier_token(True)
    out["tokens/vizier_asleep.png"] = vizier_token(False)
    return out


def save_png(path: Path, surf: pygame.Surface) -> None:
    """Save a surface as PNG, creating folders as needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    """One picture of everything, for reviewing the art at a glance.

    Rows: tile faces; faces with assorted walls and sample costs printed the
    way the client will; faces at 48 px with a greyscale copy (emblems must
    tell the types apart without colour); plain cards; value cards fanned as
    in a hand; market slots; icons on dark and light grounds; logo and icon;
    then the modules: hut faces with walls and in greyscale, exchange and
    bonus cards (also in greyscale), the bonus back and the vizier tokens.
    """
    sheet = pygame.Surface((1180, 1570))
    felt_img = images["board/felt.png"]
    for x in range(0, sheet.get_width(), 256):
        for y in range(0, sheet.get_height(), 256):
            sheet.blit(felt_img, (x, y))
    faces = [images[f"tiles/{k}.png"] for k in TILE_TYPES]
    faces += [images["tiles/start.png"], images["tiles/back.png"]]
    for i, face in enumerate(faces):
        sheet.blit(face, (12 + i * 144, 12))
    combos = ["", "n", "ne", "nes", "nesw", "ew", "sw", "nw"]
    cost_font = pygame.font.Font(str(FONTS / "ui_bold.ttf"), 17)
    for i, kind in enumerate(TILE_TYPES + TILE_TYPES[:2]):
        comp = images[f"tiles/{kind}.png"].copy()
        for side in combos[i]:
            comp.blit(images[f"tiles/wall_{side}.png"], (0, 0))
        digits = cost_font.render(str(3 + i), True, INK)
        comp.blit(digits, digits.get_rect(center=(round(CARTOUCHE[0]), round(CARTOUCHE[1]))))
        sheet.blit(comp, (12 + i * 144, 152))
    for i, face in enumerate(faces):
        small = pygame.transform.smoothscale(face, (48, 48))
        sheet.blit(small, (12 + i * 144, 292))
        sheet.blit(pygame.transform.grayscale(small), (66 + i * 144, 292))
    for i, face in enumerate(faces):
        sheet.blit(pygame.transform.grayscale(face), (12 + i * 144, 352))
    row = [images[f"cards/{c}.png"] for c in CURRENCIES]
    row += [images["cards/back.png"], images["cards/scoring_1.png"], images["cards/scoring_2.png"]]
    for i, card in enumerate(row):
        sheet.blit(card, (12 + i * 88, 494))
    for i, cur in enumerate(CURRENCIES):
        sheet.blit(pygame.transform.grayscale(images[f"cards/value_{cur}_{i + 3}.png"]), (640 + i * 88, 494))
    for j, cur in enumerate(CURRENCIES):
        x0, y0 = 12 + (j % 2) * 590, 630 + (j // 2) * 130
        for v in range(1, 10):
            sheet.blit(images[f"cards/value_{cur}_{v}.png"], (x0 + (v - 1) * 30, y0))
        for v in range(1, 10):
            sheet.blit(images[f"cards/value_{cur}_{v}.png"], (x0 + 320 + (v - 1) * 20, y0))
    for i, cur in enumerate(CURRENCIES):
        sheet.blit(images[f"board/market_slot_{cur}.png"], (12 + i * 160, 900))
        if i % 2:
            sheet.blit(
                images[f"tiles/{TILE_TYPES[i + 2]}.png"], (12 + i * 160 + SLOT_TILE_POS[0], 900 + SLOT_TILE_POS[1])
            )
    pygame.draw.rect(sheet, (236, 226, 200), (660, 900, 510, 124))
    for i, name in enumerate(ICONS):
        x, y = 668 + (i % 7) * 72, 906 + (i // 7) * 60
        sheet.blit(images[f"ui/{name}.png"], (x, y))
        sheet.blit(images[f"ui/{name}.png"], (x, y + 130))
    sheet.blit(images["ui/logo.png"], (12, 1090))
    sheet.blit(images["ui/icon.png"], (700, 1140))
    sheet.blit(pygame.transform.smoothscale(images["ui/icon.png"], (32, 32)), (780, 1156))
    sheet.blit(pygame.transform.smoothscale(images["ui/icon.png"], (16, 16)), (830, 1164))
    for i, kind in enumerate(TILE_TYPES):
        hut = images[f"tiles/hut_{kind}.png"].copy()
        for side in combos[i + 1]:
            hut.blit(images[f"tiles/wall_{side}.png"], (0, 0))
        sheet.blit(hut, (12 + i * 144, 1260))
        small = pygame.transform.smoothscale(hut, (48, 48))
        sheet.blit(small, (880 + (i % 3) * 100, 1260 + (i // 3) * 60))
        sheet.blit(pygame.transform.grayscale(small), (930 + (i % 3) * 100, 1260 + (i // 3) * 60))
    cards = [images[f"cards/exchange_{a}_{b}.png"] for a, b in EXCHANGE_PAIRS]
    cards += [images[f"cards/bonus_{kind}_{cost}.png"] for kind, cost in BONUS_TILES]
    cards.append(images["cards/bonus_back.png"])
    for i, card in enumerate(cards):
        half = pygame.transform.smoothscale(card, (40, 60))
        sheet.blit(half, (12 + i * 46, 1400))
        sheet.blit(pygame.transform.grayscale(half), (12 + i * 46, 1466))
    for i, state in enumerate(("awake", "asleep")):
        sheet.blit(images[f"tokens/vizier_{state}.png"], (820 + i * 76, 1400))
        sheet.blit(pygame.transform.grayscale(images[f"tokens/vizier_{state}.png"]), (820 + i * 76, 1472))
    return sheet


def compose_camp(images: dict[str, pygame.Surface], sides: str, cost: int | None) -> pygame.Surface:
    """A camp as the client composes it: face, bastion overlays, arrow overlays, cost (for the sheet)."""
    comp = images["camps/camp.png"].copy()
    for side in sides:
        comp.blit(images[f"camps/bastion_{side}.png"], (0, 0))
    for side in sides:
        comp.blit(images[f"camps/arrow_{side}.png"], (0, 0))
    if cost is not None:
        digits = pygame.font.Font(str(FONTS / "ui_bold.ttf"), 17).render(str(cost), True, INK)
        comp.blit(digits, digits.get_rect(center=(round(CAMP_CARTOUCHE[0]), round(CAMP_CARTOUCHE[1]) + 1)))
    return comp


def contact_sheet_2024(images: dict[str, pygame.Surface]) -> pygame.Surface:
    """One picture of the 2024 edition's art, for review.

    Rows: the eight camps composed as the client does (bastions, arrows, cost), the eight
    bazaars and the fifteen falcons at full size; camps and bazaars at 48 px beside a walled
    building and a hut, each with a greyscale copy; falcons at 42 px (a third of a tile) and on
    the corner of four tiles; then greyscale copies of the full-size rows.
    """
    sheet = pygame.Surface((1180, 1250))
    felt_img = images["board/felt.png"]
    for x in range(0, sheet.get_width(), 256):
        for y in range(0, sheet.get_height(), 256):
            sheet.blit(felt_img, (x, y))
    camps = [compose_camp(images, sides, cost) for cost, sides in CAMP_TILES]
    bazaars = [images[bazaar_file(cur, types)] for cur, types in BAZAAR_TILES]
    falcons = [images[f"tokens/falcon_{k}_{a}_{b}.png"] for k, a, b in FALCON_TOKENS]
    wall_tile = images["tiles/garden.png"].copy()
    for side in "ne":
        wall_tile.blit(images[f"tiles/wall_{side}.png"], (0, 0))
    hut = images["tiles/hut_garden.png"].copy()
    hut.blit(images["tiles/wall_n.png"], (0, 0))
    grey = pygame.transform.grayscale
    for i, img in enumerate(camps):
        sheet.blit(img, (12 + i * 144, 12))
        sheet.blit(grey(img), (12 + i * 144, 968))
    for i, img in enumerate(bazaars):
        sheet.blit(img, (12 + i * 144, 152))
        sheet.blit(grey(img), (12 + i * 144, 1108))
    for i, img in enumerate(falcons):
        sheet.blit(img, (12 + i * 77, 292))
        sheet.blit(grey(img), (12 + i * 77, 366))
    for row, items in enumerate(([*camps, wall_tile], [*bazaars, hut])):
        for i, img in enumerate(items):
            small = pygame.transform.smoothscale(img, (48, 48))
            x, y = 12 + i * 112, 446 + row * 58
            sheet.blit(small, (x, y))
            sheet.blit(grey(small), (x + 52, y))
    for i, img in enumerate(falcons):
        small = pygame.transform.smoothscale(img, (42, 42))
        sheet.blit(small, (12 + i * 50, 570))
        sheet.blit(grey(small), (12 + i * 50, 618))
        tiny = pygame.transform.smoothscale(img, (24, 24))
        sheet.blit(tiny, (870 + (i % 5) * 28, 570 + (i // 5) * 28))
        sheet.blit(grey(tiny), (1020 + (i % 5) * 28, 570 + (i // 5) * 28))
    blocks = (
        (("pavilion", "camp", "seraglio", "garden"), 0),
        (("tower", "arcades", "bazaar", "pavilion"), 5),
        (("seraglio", "garden", "chambers", "tower"), 12),
    )
    for b, (names, falcon) in enumerate(blocks):
        x0, y0 = 12 + b * 390, 700
        for k, name in enumerate(names):
            if name == "camp":
                tile = camps[5]
            elif name == "bazaar":
                tile = bazaars[0]
            else:
                tile = images[f"tiles/{name}.png"]
            sheet.blit(tile, (x0 + (k % 2) * 128, y0 + (k // 2) * 128))
        token = pygame.transform.smoothscale(falcons[falcon], (43, 43))
        sheet.blit(token, token.get_rect(center=(x0 + 128, y0 + 128)))
        small = pygame.transform.smoothscale(sheet.subsurface((x0, y0, 256, 256)), (96, 96))
        sheet.blit(small, (x0 + 264, y0))
        sheet.blit(grey(small), (x0 + 264, y0 + 110))
    return sheet


def main(argv: Sequence[str] | None = None) -> None:
    """Regenerate all assets; optionally also write a review contact sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    parser.add_argument("--sheet-2024", type=Path, help="also write the 2024 edition's contact sheet PNG here")
    args = parser.parse_args(argv)
    pygame.init()
    images = render_images()
    for rel, surf in images.items():
        save_png(PKG / rel, surf)
    for name, make in SOUNDS.items():
        write_wav(PKG / "sounds" / f"{name}.wav", make())
    if args.sheet:
        save_png(args.sheet, contact_sheet(images))
    if args.sheet_2024:
        save_png(args.sheet_2024, contact_sheet_2024(images))
    print(f"wrote {len(images)} images and {len(SOUNDS)} sounds to {PKG}")


if __name__ == "__main__":
    main()
