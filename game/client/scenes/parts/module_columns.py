"""Where the rule modules' panels go on the table: beside the market, and in a column beside your Alhambra.

A part of the table scene's layout (``TurnScene.layout``), kept apart because it is a policy of its own: one panel
beside the market takes the row's right end; several share one column there (``dock``), reaching down beside your
Alhambra if they must; and the opponents' column gives the panels it has no room for to a second column beside your
Alhambra.  Each function places the panels it is given and returns the table's areas, your Alhambra's narrowed where
a column took its width.  Nothing here names a module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ...dock import DOCK_W, column_room, dock_rects, fitting, reaches_below, second_column
from ...views.opponents import OpponentPanel

if TYPE_CHECKING:
    from ...layout import TurnLayout
    from ...modules import Compiled, ModulePanel
    from ...views.market import MarketView
    from ...views.opponents import OpponentsView
    from ...widgets import Ui

UNDER_BAND = 72  # at scale 1, how far below your Alhambra's top a column of panels beside it starts at the least
GAP = 8  # between panels, at scale 1


def under_band(ui: Ui) -> int:
    """How far below your Alhambra's top a column of panels beside it (and your pieces' shelf, under a band over the
    whole area) starts: under the prompt's box of three lines at its least size, in the current language's font (a
    Persian line is taller), as ``TableDrawing.draw_prompt`` draws it."""
    px = ui.px
    line = ui.text.size("Ag", ui.font_px(12))[1]
    return max(px(UNDER_BAND), px(5) + 3 * line + px(12) + px(4))


def _narrowed(rects: TurnLayout, width: int) -> TurnLayout:
    """The areas with your Alhambra's ``width`` given up at its right (to a column of panels)."""
    area = rects.alhambra
    return dataclasses.replace(rects, alhambra=pygame.Rect(area.x, area.y, area.w - width, area.h))


def beside_market(ui: Ui, panels: Sequence[ModulePanel], market: MarketView, rects: TurnLayout) -> TurnLayout:
    """The panels beside the market: one takes the row's right end; several share one column there (``dock``), down
    beside your Alhambra if they must.  The market gives up the width."""
    px = ui.px
    beside = [panel for panel in panels if panel.beside_market]
    if len(beside) == 1:
        width = min(px(beside[0].beside_market), market.rect.w // 3)
        beside[0].rect = pygame.Rect(market.rect.right - width, rects.market.y, width, rects.market.h)
        market.rect.w -= width + px(GAP)
    elif beside:
        width = min(px(DOCK_W), market.rect.w // 3)
        least = [panel.least_height(ui, width) for panel in beside]
        docked = dock_rects(rects.market, rects.alhambra.bottom, width, px(GAP), least)
        for panel, rect in zip(beside, docked, strict=True):
            panel.rect = rect
        market.rect.w -= width + px(GAP)
        if reaches_below(docked, rects.market):
            return _narrowed(rects, width + px(GAP))
    return rects


def column_overflow(
    ui: Ui, panels: Sequence[ModulePanel], opponents: OpponentsView, modules: Compiled, rects: TurnLayout
) -> TurnLayout:
    """The module panels of the opponents' column that it has no room for while every opponent keeps its least
    height (many players, many modules): stacked in a column at the right of your Alhambra's area instead, which
    gives up that width, as many as fit there at their least heights (``fitting``: the others stay in the opponents'
    column, which shares its height as before)."""
    px = ui.px
    column = [panel for panel in panels if not panel.beside_market]
    opponent = OpponentPanel.least_height(ui, modules.holds_pieces)
    area = rects.opponents
    least = [max(panel.least_height(ui, area.w), round(panel.weight * opponent)) for panel in column]
    kept = column_room(area.h, px(GAP), len(opponents.panels), opponent, least)
    width = min(px(DOCK_W), rects.alhambra.w // 3)
    area = rects.alhambra
    top = under_band(ui)
    below = pygame.Rect(area.x, area.y + top, area.w, area.h - top)
    room = [panel.least_height(ui, width) for panel in column[kept:]]
    # none where the column would be much narrower than the dock (your Alhambra's area too narrow to give it)
    chosen = fitting(below.h, px(GAP), room) if width >= px(DOCK_W) * 3 // 4 else []
    moved = [panel for i, panel in enumerate(column[kept:]) if i in chosen]
    opponents.modules = [panel for panel in column if panel not in moved]
    if not moved:
        return rects
    placed = second_column(below, width, px(GAP), [room[i] for i in chosen], rects.market.h)
    for panel, rect in zip(moved, placed, strict=True):
        panel.rect = rect
    return _narrowed(rects, width + px(GAP))
