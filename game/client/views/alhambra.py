"""One player's Alhambra on screen: fit to its area, zoom and pan, highlights on top.

The view fits the Alhambra's bounding box (plus a ring of one cell where a tile could go, for
the interactive view) into its rectangle; the player's zoom multiplies that and a right- or
middle-drag pans it.  The tiles are drawn into a cached layer that is rebuilt only when the
Alhambra, the size or the hidden tiles change; highlights are drawn each frame on top.

A rule module's tokens on the grid's corners (``Mark``: falcons) are drawn over the tiles, larger
for their cell on a small view so they stay readable; the corners a picked token may go to are lit
rings, the one chosen with the keyboard is framed in gold, and a token about to go somewhere (over
a lit corner, waiting for End turn, hinted) is drawn there faded in a dashed ring.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.alhambra import xy_of
from game.engine.components import TILE_WALLS, E, N, S, W

from .. import theme
from ..widgets import Ui
from . import common

if TYPE_CHECKING:
    from .model import Mark

Cell = tuple[int, int]


BOLD_WALLS_BELOW = 48  # cell size in px under which walls are drawn over the art as dark lines


def draw_walls(surface: pygame.Surface, rect: pygame.Rect, walls: int) -> None:
    """A tile's walls as bold dark lines along its sides, readable on a small Alhambra (the art's walls are a
    pale strip in the frame's colours there).  Lines meet at the corners, so a walled corner reads as one."""
    width = max(2, rect.w // 7)
    half = width // 2
    inner = rect.inflate(-2 * width, -2 * width)  # the lines' centres: inside the tile, its frame showing outside
    ends = {
        N: ((inner.left - half, inner.top), (inner.right + half, inner.top)),
        S: ((inner.left - half, inner.bottom), (inner.right + half, inner.bottom)),
        W: ((inner.left, inner.top - half), (inner.left, inner.bottom + half)),
        E: ((inner.right, inner.top - half), (inner.right, inner.bottom + half)),
    }
    for side, (start, end) in ends.items():
        if walls & side:
            pygame.draw.line(surface, theme.INK, start, end, width)


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

    # ------------------------------------------------------------------ corners: a module's tokens (falcons)
    @property
    def mark_size(self) -> int:
        """A token's size on a corner: under half a cell on your view, more on a small one (still readable)."""
        return max(14, round(self._cell * (0.46 if self.interactive else 0.62)))

    def corner_rect(self, x: int, y: int) -> pygame.Rect:
        """A token's square on the corner where cells (x - 1, y - 1) and (x, y) meet (``Mark.at``)."""
        size = self.mark_size
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (self._origin[0] + x * self._cell, self._origin[1] + y * self._cell)
        return rect

    def corner_at(self, pos: tuple[int, int], corners: Iterable[Cell]) -> Cell | None:
        """The corner of ``corners`` nearest ``pos``, if ``pos`` is within reach of it (and on the view)."""
        if not self.rect.collidepoint(pos):
            return None
        reach = max(self.mark_size * 0.75, self._cell * 0.36)
        found = None
        for corner in corners:
            centre = self.corner_rect(*corner).center
            distance = math.hypot(pos[0] - centre[0], pos[1] - centre[1])
            if distance <= reach:
                found, reach = corner, distance
        return found

    def mark_rect(self, mark: Mark) -> pygame.Rect:
        """Where ``mark`` is drawn: on its corner, or in its cell at its ``spot`` (see ``Mark``)."""
        if mark.spot == "corner":
            return self.corner_rect(*mark.at)
        return common.spot_rect(self.cell_rect(*mark.at), mark.spot, roomy=not self.interactive)

    def _mark_image(self, mark: Mark, size: int) -> pygame.Surface:
        return self.ui.sprites.token(mark.art, size) if mark.art else self.ui.sprites.tile(mark.item, size)

    def mark_at(self, marks: Sequence[Mark], pos: tuple[int, int]) -> Mark | None:
        """The token drawn at ``pos``, if any (the one drawn on top first)."""
        if not self.rect.collidepoint(pos):
            return None
        return next((m for m in reversed(marks) if self.mark_rect(m).collidepoint(pos)), None)

    def _draw_corners(
        self,
        surface: pygame.Surface,
        marks: Sequence[Mark],
        hidden: Collection[int],
        corners: Collection[Cell],
        chosen: Cell | None,
        ghosts: Sequence[Mark],
        glow: float,
        time: float,
    ) -> None:
        ui = self.ui
        size = self.mark_size
        for mark in marks:
            if mark.item not in hidden:
                rect = self.mark_rect(mark)
                if mark.spot in ("corner", "cell"):  # a round token: a dark rim on any tile
                    pygame.draw.circle(surface, theme.INK, rect.center, rect.w // 2 + 1)
                surface.blit(self._mark_image(mark, rect.w), rect)
                if rect.collidepoint(ui.mouse) and self.rect.collidepoint(ui.mouse):
                    ui.tooltip(mark.tip, rect)
        for corner in corners:  # a lit ring with a plus: the target cells' look, round
            centre = self.corner_rect(*corner).center
            radius = size // 2 + 2
            fill = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
            pygame.draw.circle(fill, (*theme.INK, 150), (radius + 2, radius + 2), radius + 2)  # clear on any tile
            pygame.draw.circle(fill, (*theme.TARGET, round(70 + 60 * glow)), (radius + 2, radius + 2), radius)
            surface.blit(fill, fill.get_rect(center=centre))
            common.dashed_circle(surface, theme.TARGET, centre, radius, time)
            common.plus_mark(surface, theme.TARGET, centre, max(3, size // 5), max(2, size // 12))
        if chosen is not None:
            rect = self.corner_rect(*chosen)
            pygame.draw.circle(surface, theme.INK, rect.center, size // 2 + 5, 2)
            pygame.draw.circle(surface, theme.GOLD_LIGHT, rect.center, size // 2 + 3, 3)
        for mark in ghosts:
            rect = self.mark_rect(mark)
            image = self._mark_image(mark, rect.w).copy()
            image.set_alpha(215)
            surface.blit(image, rect)
            common.dashed_circle(surface, theme.GOLD_LIGHT, rect.center, rect.w // 2 + 3, time * 0.75)

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
        if cell < BOLD_WALLS_BELOW:  # the tile art's walls vanish at this size: dark lines say where they are
            for (x, y), tile in placed:
                if tile not in faded:
                    draw_walls(layer, self.cell_rect(x, y).move(dx, dy), TILE_WALLS[tile])
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
        refused: Cell | None = None,
        marks: Sequence[Mark] = (),
        corners: Collection[Cell] = (),
        chosen_corner: Cell | None = None,
        ghost_marks: Sequence[Mark] = (),
        usable: Collection[int] = (),
    ) -> None:
        """Draw ``grid`` with the highlights; every highlight argument is optional.  ``refused``: an empty cell
        the held tile is over and may not take (marked with a cross).  ``marks``: the rule modules' tokens on its
        corners (not those in ``hidden``); ``corners``: where a picked token may go (lit), ``chosen_corner`` the
        one chosen; ``ghost_marks``: tokens about to go somewhere (faded); ``usable``: tiles a module's card picked may
        be used on (lit)."""
        ghosts = ghosts or {}
        self.fit(grid, [*targets, *ghosts, *(m.at for m in marks if m.spot != "corner")])  # a token on a cell too
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
        for tile in usable:  # a module's card picked (a wall card): the tiles that take it
            rect = self.tile_rect(grid, tile)
            if rect is not None:
                common.dashed_rect(
                    surface, theme.TARGET, rect.inflate(-4, -4), 3, max(4, rect.w // 8), (time * 0.8) % 1
                )
        if refused is not None:
            common.refused_cell(surface, self.cell_rect(*refused))
        if marks or corners or ghost_marks:
            self._draw_corners(surface, marks, hidden, corners, chosen_corner, ghost_marks, glow, time)
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
