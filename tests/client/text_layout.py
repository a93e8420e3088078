"""Where a scene drew its texts: the rectangles of every label, read from the drawing itself (not by eye).

A ``Recording`` surface notes each blit of a surface that the text cache rendered; the tests then check
that no two labels intersect and that none leaves the window.
"""

from __future__ import annotations

import itertools

import pygame
import pytest


class Recording(pygame.Surface):
    """A screen that remembers where the texts went (``texts``: id of a rendered text surface -> its words)."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.box: pygame.Rect | None = None  # the panel being drawn (``boxed``): its texts must stay inside
        self.recording = True  # off while the scenes under an overlay are drawn
        self.outside: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (words, where, the panel they left)

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        placed = super().blit(source, dest, area, special_flags)
        words = self.texts.get(id(source)) if self.recording else None
        if words is not None and words.strip():
            placed = self.ink(source, dest, area, placed)
            self.placed.append((words, placed))
            if self.box is not None and not self.box.inflate(2, 2).contains(placed):
                self.outside.append((words, placed, self.box))
        return placed

    @staticmethod
    def ink(source: pygame.Surface, dest, area, placed: pygame.Rect) -> pygame.Rect:  # type: ignore[no-untyped-def]
        """Where the text's pixels went, unclipped by the window: a line's glyphs, not its font's line box
        (Persian letters reach above and below a Latin line box without touching the next line's glyphs)."""
        if area is not None or source.get_flags() & pygame.SRCALPHA == 0:
            return placed
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        ink = source.get_bounding_rect(min_alpha=1)
        return ink.move(x, y) if ink.w and ink.h else placed


def boxed(monkeypatch: pytest.MonkeyPatch, screen: Recording, view: object) -> None:
    """While ``view`` draws, the texts it draws must stay within its ``rect``."""
    original = view.draw  # type: ignore[attr-defined]

    def draw(surface, *args, **kwargs):  # type: ignore[no-untyped-def]
        screen.box = view.rect  # type: ignore[attr-defined]
        try:
            return original(surface, *args, **kwargs)
        finally:
            screen.box = None

    monkeypatch.setattr(view, "draw", draw)


def record_texts(monkeypatch: pytest.MonkeyPatch, cache: object) -> dict[int, str]:
    """Tag every surface the text cache hands out with its words, from now on."""
    texts: dict[int, str] = {}
    kind = type(cache)
    for name in ("render", "shadowed"):
        original = getattr(kind, name)

        def tagged(self, text, *args, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            surface = _original(self, text, *args, **kwargs)
            texts[id(surface)] = text
            return surface

        monkeypatch.setattr(kind, name, tagged)
    return texts


def overlaps(placed: list[tuple[str, pygame.Rect]], slack: int = 6) -> list[tuple[str, str, int]]:
    """Pairs of labels whose boxes share more than ``slack`` pixels."""
    found = []
    for (first, one), (second, two) in itertools.combinations(placed, 2):
        shared = one.clip(two)
        if shared.w * shared.h > slack:
            found.append((first, second, shared.w * shared.h))
    return found


def draw_top_scene(screen: Recording, scenes: list) -> None:
    """Draw a scene stack onto ``screen``, recording only the top scene's texts (an overlay's, not the dimmed
    table's under it)."""
    screen.recording = False
    for scene in scenes[:-1]:
        scene.draw(screen)
    screen.recording = True
    scenes[-1].draw(screen)
