"""Who has how many buildings of each type: the majorities at a glance, for every player and collector.

A scoring ranks everyone by these counts ([B-SCORE-2]), so a player weighing a purchase needs all of
them at once; hovering each Alhambra in turn was the only way.  A column per type, a row per player
(yours marked) and per rule module's collector (the neutral one of two-player games), the leaders'
counts in gold.  The counts are what a scoring would count now (``GameState.scoring_counts``: huts'
neighbours and revealed bonus cards included; face-down cards stay secret), less tiles still flying
to an Alhambra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, TILE_TYPE

from .. import theme
from . import common

if TYPE_CHECKING:
    from .model import TableSnapshot

TYPES = len(BUILDING_TYPES)


def majority_counts(snap: TableSnapshot) -> list[tuple[int | str, list[int]]]:
    """(seat or collector key, counts per type) in the order of the rows: the players, then the rule
    modules' collectors (``snap.collector_counts``)."""
    state = snap.state
    flying = {item for kind, item in snap.hidden if kind == "tile"}
    found: list[tuple[int | str, list[int]]] = []
    for seat in range(state.players):
        counts = state.scoring_counts(seat)
        for tile in flying & set(state.grids[seat].values()):  # counted once it has landed
            kind = TILE_TYPE[tile]
            if kind is not None:
                counts[kind] -= 1
        found.append((seat, counts))
    found.extend((key, list(counts)) for key, counts in snap.collector_counts)
    return found


class MajoritiesView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def cell_rects(self, snap: TableSnapshot, rows: int) -> tuple[list[pygame.Rect], list[list[pygame.Rect]]]:
        """The type icons' cells, and per row (collector) its counts' cells, one per type."""
        px = snap.ui.px
        inner = pygame.Rect(self.rect.x + px(10), self.rect.y + px(5), self.rect.w - px(20), self.rect.h - px(10))
        label_w = px(40)
        col_w = (inner.w - label_w) // TYPES
        row_h = inner.h // (rows + 1)
        heads = [pygame.Rect(inner.x + label_w + t * col_w, inner.y, col_w, row_h) for t in range(TYPES)]
        return heads, [[head.move(0, (r + 1) * row_h) for head in heads] for r in range(rows)]

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        if self.rect.h <= 0:
            return
        ui = snap.ui
        px = ui.px
        rows = majority_counts(snap)
        heads, cells = self.cell_rects(snap, len(rows))
        row_h = heads[0].h
        corner = pygame.Rect(self.rect.x + px(6), heads[0].y, heads[0].x - self.rect.x - px(6), row_h)
        if corner.collidepoint(ui.mouse):
            ui.tooltip("Buildings of each type: what a scoring would count now (gold: the most)", corner)
        icon_size = max(8, min(px(20), row_h - 2))
        for kind, head in enumerate(heads):
            icon = ui.sprites.type_icon(BUILDING_TYPES[kind], icon_size)
            surface.blit(icon, icon.get_rect(center=head.center))
            if head.collidepoint(ui.mouse):
                ui.tooltip(BUILDING_TYPES[kind].capitalize(), head)
        tops = [max(counts[kind] for _, counts in rows) for kind in range(TYPES)]
        size = max(10, min(ui.font_px(15), row_h - 3))
        radius = max(5, min(px(8), row_h // 2 - 2))
        for (seat, counts), row in zip(rows, cells, strict=True):
            mine = seat == snap.me
            name = snap.seat_name(seat)
            centre = (self.rect.x + px(12) + radius, row[0].centery)
            if mine:  # your row: a band behind it
                band = pygame.Rect(self.rect.x + px(6), row[0].y, self.rect.w - px(12), row_h)
                surface.blit(common.tinted(band.size, theme.GOLD, 28), band)
            common.seat_token(ui, surface, seat, name, centre, radius)
            label = pygame.Rect(self.rect.x + px(6), row[0].y, row[0].x - self.rect.x - px(6), row_h)
            if label.collidepoint(ui.mouse):
                ui.tooltip("You" if mine else name, label)
            for kind, (value, cell) in enumerate(zip(counts, row, strict=True)):
                leads = value == tops[kind] and value > 0
                word = ui.text.render(
                    str(value) if value else "·",
                    size,
                    theme.GOLD_LIGHT if leads else (theme.IVORY if value else theme.TEXT_FAINT),
                    "bold" if leads else "ui",
                )
                surface.blit(word, word.get_rect(center=cell.center))
                if cell.collidepoint(ui.mouse):
                    who = "You have" if mine else f"{name} has"
                    lead = ""
                    if leads:
                        shared = sum(1 for _, other in rows if other[kind] == value) > 1
                        lead = " (tied for the most)" if shared else " (the most)"
                    ui.tooltip(f"{who} {value} {BUILDING_TYPES[kind]}{lead}", cell)
