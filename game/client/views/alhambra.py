"""One player's Alhambra on screen: fit to its area, zoom and pan, highlights on top.

The view fits the Alhambra's bounding box (plus a ring of one cell where a tile could go, for
the interactive view) into its rectangle; the player's zoom multiplies that and a right- or
middle-drag pans it.  The tiles are drawn into a cached layer that is rebuilt only when the
Alhambra, the size or the hidden tiles change; highlights are drawn each frame on top.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping

import pygame

from game.engine.alhambra import xy_of

from .. import theme
from ..widgets import Ui
from . import common

Cell = tuple[int, int]


class AlhambraView:
    """Draws a grid ``{cell: tile}``; ``interactive`` views leave room for targets and zoom."""

    def __init__(self, ui: Ui, interactive: bool, max_cell: int = 96) -> None:
        self.ui = ui
        self.interactive = interactive
        self.max_cell = max_cell
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.zoom = 1.0
        self.pan = [0, 0]
        self._cell = 32
        self._origin = (0, 0)  # pixel of the top-left corner of cell (0, 0)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None

    # ------------------------------------------------------------------ geometry
    def fit(self, grid: Mapping[int, int], extra: Iterable[Cell] = ()) -> None:
        """Work out cell size and origin for ``grid`` (and ``extra`` cells that must stay visible)."""
        cells = [xy_of(cell) for cell in grid] or [(0, 0)]
        ring = 1 if self.interactive else 0  # room for the places a new tile could go
        min_x, max_x = min(x for x, _ in cells) - ring, max(x for x, _ in cells) + ring
        min_y, max_y = min(y for _, y in cells) - ring, max(y for _, y in cells) + ring
        for x, y in extra:  # extra cells widen the view only where they fall outside it
            min_x, max_x, min_y, max_y = min(min_x, x), max(max_x, x), min(min_y, y), max(max_y, y)
        cols, rows = max_x - min_x + 1, max_y - min_y + 1
        pad = 0.4 if self.interactive else 0.1
        fit = min(self.rect.w / (cols + pad), self.rect.h / (rows + pad))
        cell = max(6, min(self.max_cell, int(fit * self.zoom)))
        cell -= cell % 2
        self._cell = cell
        centre_x = self.rect.centerx + self.pan[0]
        centre_y = self.rect.centery + self.pan[1]
        ox = round(centre_x - (min_x + max_x + 1) / 2 * cell)
        oy = round(centre_y - (min_y + max_y + 1) / 2 * cell)
        self._origin = (ox, oy)

    @property
    def cell_size(self) -> int:
        return self._cell

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(self._origin[0] + x * self._cell, self._origin[1] + y * self._cell, self._cell, self._cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.rect.collidepoint(pos):
            return None
        return (pos[0] - self._origin[0]) // self._cell, (pos[1] - self._origin[1]) // self._cell

    def tile_at(self, grid: Mapping[int, int], pos: tuple[int, int]) -> int | None:
        cell = self.cell_at(pos)
        if cell is None:
            return None
        for key, tile in grid.items():
            if xy_of(key) == cell:
                return tile
        return None

    def tile_rect(self, grid: Mapping[int, int], tile: int) -> pygame.Rect | None:
        for key, placed in grid.items():
            if placed == tile:
                return self.cell_rect(*xy_of(key))
        return None

    # ------------------------------------------------------------------ zoom and pan
    def zoom_by(self, factor: float) -> None:
        self.zoom = max(0.5, min(3.0, self.zoom * factor))

    def reset_view(self) -> None:
        self.zoom = 1.0
        self.pan = [0, 0]

    # ------------------------------------------------------------------ drawing
    def _tiles_layer(self, grid: Mapping[int, int], hidden: Collection[int], faded: Collection[int]) -> pygame.Surface:
        key = (
            tuple(sorted(grid.items())),
            self._cell,
            self._origin,
            self.rect.size,
            self.rect.topleft,
            tuple(sorted(t for t in hidden if t in grid.values())),
            tuple(sorted(faded)),
        )
        if key == self._layer_key and self._layer is not None:
            return self._layer
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        cell = self._cell
        blur = max(2, cell // 14)
        shadow = self.ui.sprites.shadow((cell, cell), max(2, cell // 16), blur, 120)
        placed = [(xy_of(c), t) for c, t in grid.items() if t not in hidden]
        dx, dy = -self.rect.x, -self.rect.y
        for (x, y), _ in placed:
            r = self.cell_rect(x, y).move(dx, dy)
            layer.blit(shadow, (r.x - 2 * blur + cell // 20, r.y - 2 * blur + cell // 12))
        for (x, y), tile in placed:
            image = self.ui.sprites.tile(tile, cell)
            if tile in faded:
                image = image.copy()
                image.set_alpha(90)
            layer.blit(image, self.cell_rect(x, y).move(dx, dy))
        self._layer, self._layer_key = layer, key
        return layer

    def draw(
        self,
        surface: pygame.Surface,
        grid: Mapping[int, int],
        hidden: Collection[int] = (),
        targets: Collection[Cell] = (),
        swap_targets: Collection[int] = (),
        selected: int | None = None,
        ghosts: Mapping[Cell, int] | None = None,
        faded: Collection[int] = (),
        hint_cell: Cell | None = None,
        hint_tile: int | None = None,
        hover: tuple[Cell, int] | None = None,
    ) -> None:
        """Draw ``grid`` with the highlights; every highlight argument is optional."""
        ghosts = ghosts or {}
        self.fit(grid, [*targets, *ghosts])
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.blit(self._tiles_layer(grid, hidden, faded), self.rect)
        time = self.ui.time
        glow = 0.5 + 0.5 * math.sin(time * 4)
        for cell in targets:
            common.target_cell(surface, self.cell_rect(*cell), glow, time)
        for tile in swap_targets:
            rect = self.tile_rect(grid, tile)
            if rect is not None:
                common.dashed_rect(
                    surface, theme.TARGET, rect.inflate(-4, -4), 3, max(4, rect.w // 8), (time * 0.8) % 1
                )
                common.badge(
                    self.ui, surface, "redesign", (rect.right - rect.w // 5, rect.y + rect.h // 5), max(14, rect.w // 3)
                )
        if hover is not None:
            (hx, hy), tile = hover
            image = self.ui.sprites.tile(tile, self._cell).copy()
            image.set_alpha(190)
            surface.blit(image, self.cell_rect(hx, hy))
        for (gx, gy), tile in ghosts.items():
            rect = self.cell_rect(gx, gy)
            image = self.ui.sprites.tile(tile, self._cell).copy()
            image.set_alpha(215)
            surface.blit(image, rect)
            common.dashed_rect(
                surface, theme.GOLD_LIGHT, rect.inflate(-2, -2), 3, max(4, rect.w // 8), (time * 0.6) % 1
            )
        if selected is not None:
            rect = self.tile_rect(grid, selected)
            if rect is not None:
                common.selected_frame(surface, rect)
        if hint_cell is not None:
            rect = self.cell_rect(*hint_cell)
            common.glow_frame(surface, rect, theme.GOLD_LIGHT, glow)
            common.badge(self.ui, surface, "hint", rect.topright, max(16, rect.w // 3))
        if hint_tile is not None:
            rect = self.tile_rect(grid, hint_tile)
            if rect is not None:
                common.glow_frame(surface, rect, theme.GOLD_LIGHT, glow)
                common.badge(self.ui, surface, "hint", rect.topright, max(16, rect.w // 3))
        surface.set_clip(clip)
