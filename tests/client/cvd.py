"""Colour-vision deficiency simulation for the tests: what a protanope, deuteranope or tritanope sees.

Machado, Oliveira and Fernandes (2009) give one 3x3 matrix per deficiency (severity 1.0, dichromacy); applied
to sRGB values here, an approximation good enough to tell whether two pieces still differ.  Pure Python on
the surface's bytes (the project has no numpy): callers scale screens down first.
"""

from __future__ import annotations

import pygame

MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def simulate(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """``surface`` as someone with ``kind`` (a key of ``MATRICES``) would see it (opaque RGB)."""
    (a, b, c), (d, e, f), (g, h, i) = MATRICES[kind]
    source = pygame.image.tobytes(surface.convert(24) if surface.get_bitsize() != 24 else surface, "RGB")
    out = bytearray(len(source))
    cache: dict[int, tuple[int, int, int]] = {}
    for k in range(0, len(source), 3):
        r, g_, b_ = source[k], source[k + 1], source[k + 2]
        key = (r << 16) | (g_ << 8) | b_
        seen = cache.get(key)
        if seen is None:
            seen = cache[key] = (
                min(255, max(0, round(a * r + b * g_ + c * b_))),
                min(255, max(0, round(d * r + e * g_ + f * b_))),
                min(255, max(0, round(g * r + h * g_ + i * b_))),
            )
        out[k], out[k + 1], out[k + 2] = seen
    return pygame.image.frombytes(bytes(out), surface.get_size(), "RGB")


def difference(first: pygame.Surface, second: pygame.Surface) -> float:
    """Mean absolute difference per channel of two same-sized images (0..255)."""
    one = pygame.image.tobytes(first, "RGB")
    two = pygame.image.tobytes(second, "RGB")
    return sum(abs(x - y) for x, y in zip(one, two, strict=True)) / len(one)


def edges(surface: pygame.Surface, contrast: int = 60) -> list[bool]:
    """Where an image has strong light-dark edges, colour ignored: its shapes and emblems as anyone sees them."""
    grey = pygame.image.tobytes(pygame.transform.grayscale(surface.convert(24)), "RGB")[::3]
    w, h = surface.get_size()
    return [
        abs(grey[y * w + x] - grey[y * w + x + 1]) + abs(grey[y * w + x] - grey[(y + 1) * w + x]) > contrast
        for y in range(h - 1)
        for x in range(w - 1)
    ]


def shape_difference(first: pygame.Surface, second: pygame.Surface) -> float:
    """Per cent of the picture where one image has an edge and the other none: how far apart two pieces are
    in shape alone (two cards that differ only in tiny corner marks score about 5)."""
    one, two = edges(first), edges(second)
    return 100.0 * sum(a != b for a, b in zip(one, two, strict=True)) / len(one)
