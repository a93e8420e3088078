"""Who has how many buildings of each type: the majorities at a glance, for every player and collector.

A scoring ranks everyone by these counts ([B-SCORE-2]), so a player weighing a purchase needs all of
them at once; hovering each Alhambra in turn was the only way.  A column per type, a row per player
(yours marked) and per rule module's collector (the neutral one of two-player games), the leaders'
counts in gold.  The counts are what a scoring would count now (``GameState.scoring_counts``: huts'
neighbours and revealed bonus cards included; face-down cards stay secret), less tiles still flying
to an Alhambra.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, TILE_TYPE
from game.i18n import _, ngettext, pgettext, words

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
        for tile in flying & set(state.boards[seat].grid.values()):  # counted once it has landed
            kind = TILE_TYPE[tile]
            if kind is not None:
                counts[kind] -= 1
        found.append((seat, counts))
    found.extend((key, list(counts)) for key, counts in snap.collector_counts)
    return found


FLASH_SECONDS = 1.4  # how long a majority won or lost glows on its cell, at the normal animation speed


class MajoritiesView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._leaders: list[frozenset[int | str]] | None = None  # per type, who had the most when last drawn
        self.flashes: dict[tuple[int | str, int], tuple[float, bool]] = {}  # (who, type) -> (since, won)

    def _note_changes(self, snap: TableSnapshot, rows: list[tuple[int | str, list[int]]]) -> None:
        """A majority won or lost since the last frame starts a flash on that cell (none at the instant speed,
        none for the first look at the table)."""
        leaders = []
        for kind in range(TYPES):
            top = max(counts[kind] for _, counts in rows)
            leaders.append(frozenset(who for who, counts in rows if top > 0 and counts[kind] == top))
        before, self._leaders = self._leaders, leaders
        if before is None or snap.animation_speed <= 0:
            return
        now = snap.ui.time
        for kind, (old, new) in enumerate(zip(before, leaders, strict=True)):
            for who in new - old:
                self.flashes[(who, kind)] = (now, True)
            for who in old - new:
                self.flashes[(who, kind)] = (now, False)
        lasting = FLASH_SECONDS / snap.animation_speed
        self.flashes = {key: flash for key, flash in self.flashes.items() if now - flash[0] < lasting}

    def _draw_flash(self, surface: pygame.Surface, snap: TableSnapshot, cell: pygame.Rect, key: tuple) -> None:
        flash = self.flashes.get(key)
        if flash is None or snap.animation_speed <= 0:
            return
        since, won = flash
        left = 1.0 - (snap.ui.time - since) * snap.animation_speed / FLASH_SECONDS
        if left <= 0:
            return
        glow = left * (0.6 + 0.4 * math.sin((snap.ui.time - since) * 12))
        colour = theme.GOLD if won else theme.WARN
        box = cell.inflate(-snap.ui.px(4), -2)
        surface.blit(common.tinted(box.size, colour, int(40 + 150 * glow)), box)

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
        self._note_changes(snap, rows)
        heads, cells = self.cell_rects(snap, len(rows))
        row_h = heads[0].h
        corner = pygame.Rect(self.rect.x + px(6), heads[0].y, heads[0].x - self.rect.x - px(6), row_h)
        if corner.collidepoint(ui.mouse):
            ui.tooltip(_("Buildings of each type: what a scoring would count now (gold: the most)"), corner)
        icon_size = max(8, min(px(20), row_h - 2))
        for kind, head in enumerate(heads):
            icon = ui.sprites.type_icon(BUILDING_TYPES[kind], icon_size)
            surface.blit(icon, icon.get_rect(center=head.center))
            if head.collidepoint(ui.mouse):
                ui.tooltip(words.label(words.building(kind)), head)
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
                # TRANSLATORS: the name of your row in the table of buildings per type
                ui.tooltip(pgettext("your row", "You") if mine else name, label)
            for kind, (value, cell) in enumerate(zip(counts, row, strict=True)):
                self._draw_flash(surface, snap, cell, (seat, kind))
                leads = value == tops[kind] and value > 0
                word = ui.text.render(
                    str(value) if value else "·",
                    size,
                    theme.GOLD_LIGHT if leads else (theme.IVORY if value else theme.TEXT_FAINT),
                    "bold" if leads else "ui",
                )
                surface.blit(word, word.get_rect(center=cell.center))
                if cell.collidepoint(ui.mouse):
                    shared = leads and sum(1 for _, other in rows if other[kind] == value) > 1
                    said = _count_said(mine, leads, shared, value)
                    ui.tooltip(said.format(type=words.building(kind), n=value, player=name), cell)


def _count_said(mine: bool, leads: bool, shared: bool, n: int) -> str:
    """The sentence of a count's tooltip (placeholders ``type``, ``n``, ``player``): yours or another's, and
    whether it is the most, or tied for the most."""
    if mine:
        if shared:
            return ngettext("{type}: you have {n} (tied for the most)", "{type}: you have {n} (tied for the most)", n)
        if leads:
            return ngettext("{type}: you have {n} (the most)", "{type}: you have {n} (the most)", n)
        return ngettext("{type}: you have {n}", "{type}: you have {n}", n)
    if shared:
        return ngettext(
            "{type}: {player} has {n} (tied for the most)", "{type}: {player} has {n} (tied for the most)", n
        )
    if leads:
        return ngettext("{type}: {player} has {n} (the most)", "{type}: {player} has {n} (the most)", n)
    return ngettext("{type}: {player} has {n}", "{type}: {player} has {n}", n)
