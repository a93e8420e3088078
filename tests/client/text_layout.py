"""Where a scene drew its texts: the rectangles of every label, read from the drawing itself (not by eye).

A ``Recording`` surface notes each blit of a surface that the text cache rendered; the tests then check
that no two labels intersect and that none leaves the window.  It also notes every other blit (a sprite, a
panel) that lands on the ink of a label drawn before it (``covered``), and ``watch_cuts`` notes every label
the text cache's ``fit`` shortened with "…" while the screen was drawn (``cuts``).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pygame
import pytest

from game.client.theme import TextCache

ROOT = Path(__file__).resolve().parents[2]
# A blit covers a label where its pixels at least this opaque meet the label's ink: a tint under half opaque (a
# highlight, a shade over a row, a glow round a target) leaves the words under it readable, a sprite or a
# panel does not.
COVER_ALPHA = 128
COVER_SLACK = 3  # pixels of ink a sprite may touch (antialiased edges meeting)


class Recording(pygame.Surface):
    """A screen that remembers where the texts went (``texts``: id of a rendered text surface -> its words)."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.placed: list[tuple[str, pygame.Rect]] = []  # (words, their ink)
        self.boxes: list[tuple[str, pygame.Rect]] = []  # (words, their line's box: where the text surface went)
        self.box: pygame.Rect | None = None  # the panel being drawn (``boxed``): its texts must stay inside
        self.recording = True  # off while the scenes under an overlay are drawn
        self.outside: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (words, where, the panel they left)
        self.covered: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (words, where, the sprite drawn over them)
        self.cuts: list[tuple[str, str]] = []  # (words, "file:function" that cut them short with "…")
        self._inks: list[tuple[pygame.Rect, pygame.mask.Mask, tuple[int, int]]] = []  # per label: ink, mask, where

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        placed = super().blit(source, dest, area, special_flags)
        if not self.recording:
            return placed
        words = self.texts.get(id(source))
        if words is None:
            self._cover(source, dest, area, placed, special_flags)
        elif words.strip():
            ink = self.ink(source, dest, area, placed)
            self.placed.append((words, ink))
            self.boxes.append((words, placed))
            if area is None:
                self._inks.append((ink, pygame.mask.from_surface(source), _topleft(dest)))
            if self.box is not None and not self.box.inflate(2, 2).contains(ink):
                self.outside.append((words, ink, self.box))
        return placed

    def _cover(self, source: pygame.Surface, dest, area, placed: pygame.Rect, special_flags: int) -> None:  # type: ignore[no-untyped-def]
        """Note the labels whose ink ``source`` (not a text) covers with pixels at least ``COVER_ALPHA`` opaque."""
        if special_flags or not self._inks or placed.w == 0 or placed.h == 0:
            return  # blended (added, multiplied) light is a highlight, not a sprite
        hits = placed.collidelistall([ink for ink, _mask, _at in self._inks])
        if not hits:
            return
        alpha = source.get_alpha()
        if alpha is not None and alpha < COVER_ALPHA and not source.get_flags() & pygame.SRCALPHA:
            return
        x, y = _topleft(dest)
        if area is not None:
            area = pygame.Rect(area).clip(source.get_rect())
            source = source.subsurface(area)
        mask = pygame.mask.from_surface(source, COVER_ALPHA - 1)
        for index in hits:
            ink, text, (tx, ty) = self._inks[index]
            if text.overlap_area(mask, (x - tx, y - ty)) > COVER_SLACK:
                words = next(words for words, rect in reversed(self.placed) if rect == ink)
                self.covered.append((words, ink, pygame.Rect((x, y), source.get_size())))

    @staticmethod
    def ink(source: pygame.Surface, dest, area, placed: pygame.Rect) -> pygame.Rect:  # type: ignore[no-untyped-def]
        """Where the text's pixels went, unclipped by the window: a line's glyphs, not its font's line box
        (Persian letters reach above and below a Latin line box without touching the next line's glyphs)."""
        if area is not None or source.get_flags() & pygame.SRCALPHA == 0:
            return placed
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        ink = source.get_bounding_rect(min_alpha=1)
        return ink.move(x, y) if ink.w and ink.h else placed


def _topleft(dest) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))


def watch_cuts(monkeypatch: pytest.MonkeyPatch, screen: Recording) -> None:
    """Note on ``screen.cuts`` every text ``TextCache.fit`` shortens with "…" while ``screen`` records, with the
    place that asked for it ("game/client/views/bank.py:draw")."""
    original = TextCache.fit

    def fit(self, text, size, width, role="ui"):  # type: ignore[no-untyped-def]
        fitted = original(self, text, size, width, role)
        if fitted != text and screen.recording:
            caller = sys._getframe(1).f_code
            where = Path(caller.co_filename).resolve()
            named = where.relative_to(ROOT).as_posix() if where.is_relative_to(ROOT) else where.name
            screen.cuts.append((text, f"{named}:{caller.co_name}"))
        return fitted

    monkeypatch.setattr(TextCache, "fit", fit)


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
