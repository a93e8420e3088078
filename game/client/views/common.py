"""Drawing helpers shared by the table's views: highlight shapes, count chips, labels.

Highlights pair colour with shape (dashed frame and plus for a legal place, solid gold frame for
the selection, a badge icon for hints and swaps) so they read without colour vision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import i18n

from .. import theme
from ..widgets import Ui

if TYPE_CHECKING:
    from .model import Mark


def dashed_rect(
    surface: pygame.Surface, color: theme.Color, rect: pygame.Rect, width: int = 2, dash: int = 8, phase: float = 0.0
) -> None:
    """A dashed frame; ``phase`` (0..1) marches the dashes for a lively highlight."""
    points = []
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    perimeter = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
    offset = phase * 2 * dash
    for (ax, ay), (bx, by) in perimeter:
        length = abs(bx - ax) + abs(by - ay)
        if length == 0:
            continue
        dx, dy = (bx - ax) / length, (by - ay) / length
        t = -offset
        while t < length:
            start, end = max(0.0, t), min(float(length), t + dash)
            if end > start:
                points.append(((ax + dx * start, ay + dy * start), (ax + dx * end, ay + dy * end)))
            t += 2 * dash
    for a, b in points:
        pygame.draw.line(surface, color, a, b, width)


def dashed_circle(
    surface: pygame.Surface, color: theme.Color, center: tuple[int, int], radius: int, time: float, width: int = 2
) -> None:
    """A ring of dashes turning slowly: a round legal target (a corner), as ``dashed_rect`` frames a square one."""
    dashes = max(8, radius // 2)
    turn = (time * 0.8) % 1.0
    rect = pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)
    for i in range(dashes):
        start = (i + turn) / dashes * 2 * math.pi
        pygame.draw.arc(surface, color, rect, start, start + math.pi / dashes, width)


def plus_mark(surface: pygame.Surface, color: theme.Color, center: tuple[int, int], size: int, width: int = 3) -> None:
    x, y = center
    pygame.draw.line(surface, color, (x - size, y), (x + size, y), width)
    pygame.draw.line(surface, color, (x, y - size), (x, y + size), width)


@lru_cache(maxsize=64)
def _fill(size: tuple[int, int], color: tuple[int, ...]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(color)
    return surface


def tinted(size: tuple[int, int], color: theme.Color, alpha: int) -> pygame.Surface:
    """A translucent rectangle of ``color`` (cached by size and colour)."""
    fill = _fill(size, (*color[:3], 255))
    fill.set_alpha(alpha)
    return fill


def target_cell(surface: pygame.Surface, rect: pygame.Rect, glow: float, time: float) -> None:
    """A legal empty cell: translucent fill, marching dashed frame, a plus in the middle."""
    fill = _fill(rect.size, (*theme.TARGET, 255))
    fill.set_alpha(int(40 + 50 * glow))
    surface.blit(fill, rect)
    inner = rect.inflate(-4, -4)
    dashed_rect(surface, theme.TARGET, inner, 2, max(4, rect.w // 8), (time * 0.8) % 1.0)
    plus_mark(surface, theme.TARGET, inner.center, max(3, rect.w // 8), max(2, rect.w // 24))


def refused_cell(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An empty cell the held tile may not take: a warm fill, a solid frame and a cross (a target's plus, crossed)."""
    fill = _fill(rect.size, (*theme.WARN, 255))
    fill.set_alpha(60)
    surface.blit(fill, rect)
    inner = rect.inflate(-4, -4)
    width = max(2, rect.w // 24)
    pygame.draw.rect(surface, theme.WARN, inner, width, border_radius=max(2, rect.w // 16))
    arm = max(4, rect.w // 6)
    x, y = inner.center
    pygame.draw.line(surface, theme.WARN, (x - arm, y - arm), (x + arm, y + arm), width + 1)
    pygame.draw.line(surface, theme.WARN, (x - arm, y + arm), (x + arm, y - arm), width + 1)


def selected_frame(surface: pygame.Surface, rect: pygame.Rect, width: int = 3) -> None:
    pygame.draw.rect(surface, theme.INK, rect.inflate(2 * width + 2, 2 * width + 2), 2, border_radius=5)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(2 * width, 2 * width), width, border_radius=4)


@lru_cache(maxsize=64)
def _halo(size: tuple[int, int], color: tuple[int, ...], radius: int) -> pygame.Surface:
    w, h = size
    halo = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    for i in range(4, 0, -1):
        pygame.draw.rect(
            halo, (*color[:3], int(60 / i)), (8 - 2 * i, 8 - 2 * i, w + 4 * i, h + 4 * i), border_radius=radius + 2 * i
        )
    return halo


def glow_frame(
    surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, strength: float, radius: int = 6
) -> None:
    """A soft halo around ``rect`` (hint, the player whose turn it is)."""
    halo = _halo(rect.size, tuple(color[:3]), radius)
    halo.set_alpha(int(255 * max(0.0, min(1.0, strength))))
    surface.blit(halo, (rect.x - 8, rect.y - 8))
    pygame.draw.rect(surface, color, rect.inflate(4, 4), 2, border_radius=radius)


def badge(ui: Ui, surface: pygame.Surface, icon: str, center: tuple[int, int], size: int) -> None:
    """A round badge with a ui icon (hint bulb, swap arrows) pinned to a corner of something."""
    pygame.draw.circle(surface, theme.INK, center, size // 2 + 2)
    pygame.draw.circle(surface, theme.PARCHMENT, center, size // 2)
    image = ui.sprites.icon(icon, int(size * 0.8))
    surface.blit(image, image.get_rect(center=center))


def chip(
    ui: Ui,
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    fill: theme.Color = theme.INK,
    ink: theme.Color = theme.IVORY,
    anchor: str = "center",
) -> pygame.Rect:
    """A small rounded label (counts on stacks, hotkey caps)."""
    word = ui.text.render(text, size, ink, "bold")
    rect = pygame.Rect(0, 0, word.get_width() + size // 2 + 6, word.get_height() + 2)
    setattr(rect, anchor, pos)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=rect.h // 2)
    surface.blit(word, word.get_rect(center=rect.center))
    return rect


def keycap(ui: Ui, surface: pygame.Surface, key: str, pos: tuple[int, int], anchor: str = "center") -> pygame.Rect:
    size = ui.font_px(12)
    word = ui.text.render(key, size, theme.INK, "bold")
    rect = pygame.Rect(0, 0, max(word.get_width() + 8, word.get_height() + 2), word.get_height() + 2)
    setattr(rect, anchor, pos)
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=4)
    pygame.draw.rect(surface, theme.GOLD_DARK, rect, 1, border_radius=4)
    surface.blit(word, word.get_rect(center=rect.center))
    return rect


def section_title(
    ui: Ui,
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    color: theme.Color = theme.GOLD_LIGHT,
    size: int = 13,
    right: int | None = None,
) -> pygame.Rect:
    """A panel's title in capitals at ``pos``; with ``right`` (the panel's inner right edge) it starts there in a
    language written right to left (``theme.text_x``).  Returns where it was drawn."""
    word = ui.text.render(text.upper(), ui.font_px(size), color, "bold")
    x = pos[0] if right is None else theme.text_x(pos[0], right, word.get_width())
    surface.blit(word, (x, pos[1]))
    return word.get_rect(topleft=(x, pos[1]))


# Per seat, the token's shape: told apart without colour (two similar colours, or none seen at all), on the
# score track, in the log and on every panel.  A collector that is no seat (Dirk) keeps the round one.
TOKEN_SHAPES = ("circle", "square", "diamond", "hexagon", "pentagon", "triangle")


def token_label(name: str) -> str:
    """The letters on a seat's token: the name's initial, and its number when bots of one kind share a name
    ("Greedy 2" -> "G2"), so five MCTS bots are not five M's."""
    words = name.split()
    initial = (name[:1] or "?").upper()
    return initial + words[-1] if len(words) > 1 and words[-1].isdigit() else initial


def token_shape(seat: int | str) -> str:
    return TOKEN_SHAPES[int(seat) % len(TOKEN_SHAPES)] if isinstance(seat, int) or seat.isdigit() else "circle"


def _polygon(center: tuple[int, int], radius: float, corners: int, turn: float) -> list[tuple[float, float]]:
    return [
        (
            center[0] + radius * math.cos(turn + 2 * math.pi * i / corners),
            center[1] + radius * math.sin(turn + 2 * math.pi * i / corners),
        )
        for i in range(corners)
    ]


def _token_outline(shape: str, center: tuple[int, int], radius: float) -> list[tuple[float, float]] | None:
    """The token's corners for ``shape`` at about ``radius`` (None: a circle); each encloses its label."""
    if shape == "square":
        return _polygon(center, radius * 1.22, 4, math.pi / 4)
    if shape == "diamond":
        return _polygon(center, radius * 1.38, 4, 0.0)
    if shape == "hexagon":
        return _polygon(center, radius * 1.12, 6, 0.0)
    if shape == "pentagon":
        return _polygon(center, radius * 1.2, 5, -math.pi / 2)
    if shape == "triangle":  # point down: the wide side on top holds the label
        return _polygon((center[0], center[1] + radius * 0.3), radius * 1.55, 3, math.pi / 2)
    return None


def seat_token(
    ui: Ui, surface: pygame.Surface, seat: int | str, name: str, center: tuple[int, int], radius: int
) -> None:
    """A player's token: a shape of its own per seat, the seat's colour, and the name's initial (with the
    number that tells bots of one kind apart), so seats differ by shape and letters, not by colour alone."""
    outline = _token_outline(token_shape(seat), center, radius)
    if outline is None:
        pygame.draw.circle(surface, theme.INK, center, radius + 2)
        pygame.draw.circle(surface, theme.seat_color(seat), center, radius)
    else:
        pygame.draw.polygon(surface, theme.seat_color(seat), outline)
        pygame.draw.polygon(surface, theme.INK, outline, 2)
    label = token_label(name)
    if len(label) > 1 and radius < 10:  # too small for two letters: the number tells the bots apart
        label = label[1:]
    size = max(8, int(radius * (1.25 if len(label) == 1 else 0.95)))
    letters = ui.text.render(label, size, theme.INK, "bold")
    lift = -radius // 4 if token_shape(seat) == "triangle" else 0
    surface.blit(letters, letters.get_rect(center=(center[0], center[1] + 1 + lift)))


def mirror(rect: pygame.Rect, box: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected left to right within ``box`` in a language written right to left (else as it is): a
    panel's header row (a token, a name, a score) reads from the side its language starts on."""
    if not i18n.is_rtl():
        return rect
    return pygame.Rect(box.x + box.right - rect.right, rect.y, rect.w, rect.h)


def spot_rect(cell: pygame.Rect, spot: str, roomy: bool) -> pygame.Rect:
    """Where a module's token sits in the square ``cell`` of a tile, by its ``Mark.spot`` (any but "corner", whose
    place is a grid's corner); ``roomy``: larger pieces, where no lit targets share the cell (a view to look at)."""
    if spot == "cell":
        return cell.inflate(-round(cell.w * 0.14), -round(cell.h * 0.14))
    if spot == "overlay":  # laid over the whole tile (a wall built on one of its sides)
        return cell.copy()
    if spot.startswith("edge-"):  # on the middle of a side of the cell, astride the line between two tiles
        size = max(10, round(cell.w * (0.5 if roomy else 0.4)))
        rect = pygame.Rect(0, 0, size, size)
        rect.center = {"N": cell.midtop, "E": cell.midright, "S": cell.midbottom, "W": cell.midleft}[spot[-1]]
        return rect
    size = max(8, round(cell.w * (0.46 if roomy else 0.34)))
    rect = pygame.Rect(0, 0, size, size)
    if spot == "resident":
        rect.topleft = (cell.x + max(1, cell.w // 16), cell.y + max(1, cell.h // 16))
        return rect
    if spot == "treasure":  # the lower left quarter, clear of a resident above it and of the cost disc
        rect.bottomleft = (cell.x + max(1, cell.w // 16), cell.bottom - max(1, cell.h // 16))
        return rect
    index = int(spot[-1]) if spot[-1].isdigit() else 0  # "disc0".."disc2": a triangle on the disc
    dx, dy = ((0.0, -0.2), (-0.2, 0.14), (0.2, 0.14))[index % 3]
    rect.center = (round(cell.centerx + dx * cell.w), round(cell.centery + dy * cell.h))
    return rect


def draw_on_tile(ui: Ui, surface: pygame.Surface, marks: Sequence[Mark], rect: pygame.Rect) -> None:
    """What rule modules put on a tile drawn off an Alhambra (bought and waiting, on a reserve), at ``rect``: the
    walls built on it, a chest on its building ([M-WALL-7], [M-CHEST-6]), each at its ``Mark.spot``."""
    for mark in marks:
        at = spot_rect(rect, mark.spot, roomy=True)
        surface.blit(ui.sprites.token(mark.art, at.w) if mark.art else ui.sprites.tile(mark.item, at.w), at)


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 120) -> None:
    surface.blit(_fill(rect.size, (0, 0, 0, alpha)), rect)
