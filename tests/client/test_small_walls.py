"""Walls stay readable on small Alhambras: bold dark lines along the walled sides (issue 20, item 6)."""

from __future__ import annotations

import pygame
from driver import MakeApp

from game.client import theme
from game.client.views.alhambra import BOLD_WALLS_BELOW, AlhambraView
from game.engine.alhambra import cell_at
from game.engine.components import START_TILES, TILE_TYPE, TILE_WALLS, N


def _dark_share(surface: pygame.Surface, points: list[tuple[int, int]]) -> float:
    dark = sum(1 for p in points if sum(abs(a - b) for a, b in zip(surface.get_at(p)[:3], theme.INK, strict=True)) < 40)
    return dark / len(points)


def test_a_walled_side_is_a_dark_line_on_a_small_alhambra_b_place_3(make_app: MakeApp) -> None:
    """[B-PLACE-3] walls decide where tiles fit, so they must read at 20-30 px: along a walled side of a tile
    the band inside its edge is dark; along an open side it is not; at a large size the art alone shows them."""
    driver = make_app()
    tile = next(t for t, kind in enumerate(TILE_TYPE) if kind is not None and TILE_WALLS[t] == N)
    grid = {cell_at(0, 0): START_TILES[0], cell_at(0, -1): tile}
    for cell, expect_lines in ((24, True), (BOLD_WALLS_BELOW + 16, False)):
        view = AlhambraView(driver.app.ui, interactive=False, max_cell=cell)
        view.rect = pygame.Rect(0, 0, 6 * cell, 6 * cell)
        surface = pygame.Surface(view.rect.size)
        surface.fill((255, 255, 255))
        view.draw(surface, grid)
        rect = view.cell_rect(0, -1)
        assert rect.w <= cell
        width = max(2, rect.w // 7)
        inside = range(rect.x + 2 * width, rect.right - 2 * width)
        north = [(x, rect.y + width) for x in inside]
        south = [(x, rect.bottom - 1 - width) for x in inside]
        if expect_lines:
            assert _dark_share(surface, north) > 0.9, "the walled north side is a dark line"
            assert _dark_share(surface, south) < 0.5, "the open south side is not"
        else:
            assert _dark_share(surface, north) < 0.9, "large tiles keep their art's walls"
