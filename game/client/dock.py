"""Where the rule modules' panels beside the market go: one column at the market row's right end (the dock).

Each panel beside the market was given its own width off the market's right end, so four of them squeezed the
market's tiles to a quarter of their size.  The dock gives them one column instead, as wide as the room one
panel (a bazaars' panel) always had, so the market never gets narrower than with one panel.  A single panel
keeps the market row's height (the table as it always looked); several are stacked, each at least as high as
its words and pieces need (``ModulePanel.least_height``) and at most as high as the market row, and the column
then reaches down beside your Alhambra, which gives up that width (it is seldom as wide as its area).
"""

from __future__ import annotations

import pygame

from .layout import split_rows

DOCK_W = 176  # the column's width at scale 1: the room the widest panel beside the market (the bazaars') had


def dock_rects(row: pygame.Rect, bottom: int, width: int, gap: int, least: list[int]) -> list[pygame.Rect]:
    """The panels' rects in a column ``width`` wide at the right end of the market ``row``, down to ``bottom`` at
    most: one panel as high as the row; several that fit the row at their ``least`` heights sharing it; else stacked
    from the row's top, each given its least height and then an even share of what is left up to the row's height
    (when even their least heights do not fit, the column's height is shared in proportion to them)."""
    if not least:
        return []
    x = row.right - width
    if len(least) == 1:
        return [pygame.Rect(x, row.y, width, row.h)]
    if (
        sum(least) + gap * (len(least) - 1) <= row.h
    ):  # low ones that fit the row share it (your Alhambra keeps its width)
        return split_rows(pygame.Rect(x, row.y, width, row.h), [float(max(1, h)) for h in least], gap, least)
    column = pygame.Rect(x, row.y, width, bottom - row.y)
    free = column.h - gap * (len(least) - 1)
    if sum(least) > free:  # too many for their least heights: in proportion to them (``split_rows``' fallback)
        return split_rows(column, [float(max(1, h)) for h in least], gap)
    heights = list(least)
    spare = free - sum(heights)
    growing = [i for i, height in enumerate(heights) if height < row.h]
    while spare > 0 and growing:  # an even share each, none higher than the market row
        share = max(1, spare // len(growing))
        for i in list(growing):
            grow = min(share, row.h - heights[i], spare)
            heights[i] += grow
            spare -= grow
            if heights[i] >= row.h:
                growing.remove(i)
            if spare <= 0:
                break
    rects = []
    y = row.y
    for height in heights:
        rects.append(pygame.Rect(x, y, width, height))
        y += height + gap
    return rects


def second_column(area: pygame.Rect, width: int, gap: int, least: list[int], most: int) -> list[pygame.Rect]:
    """The panels the opponents' column has no room for, stacked in a column ``width`` wide at the right end of
    ``area`` (your Alhambra's, left of the dock), each at least ``least`` high and at most ``most``."""
    if not least:
        return []
    column = pygame.Rect(area.right - width, area.y, width, area.h)
    free = column.h - gap * (len(least) - 1)
    if sum(least) > free:
        return split_rows(column, [float(max(1, h)) for h in least], gap)
    spare = free - sum(least)
    heights = [min(most, h + spare // len(least)) if h < most else h for h in least]
    rects = []
    y = column.y
    for height in heights:
        rects.append(pygame.Rect(column.x, y, width, height))
        y += height + gap
    return rects


def column_room(height: int, gap: int, opponents: int, opponent_least: int, least: list[int]) -> int:
    """How many of the module panels (in order, ``least`` their least heights) the opponents' column keeps while
    each of its ``opponents`` keeps its own least height: the rest go beside your Alhambra (``second_column``)."""
    room = height - opponents * (opponent_least + gap)
    kept = 0
    for need in least:
        room -= need + gap
        if room < 0:
            break
        kept += 1
    return kept


def fitting(height: int, gap: int, least: list[int]) -> list[int]:
    """The indices (in order) of the panels, ``least`` their least heights, that a column ``height`` high holds: the
    lowest first, so that as many as can move there do, and the one left behind is a tall one, which the opponents'
    column shares its height with by its weight (a low one squeezed there loses its words)."""
    chosen: list[int] = []
    used = -gap
    for index in sorted(range(len(least)), key=lambda i: least[i]):
        if used + gap + least[index] <= height:
            chosen.append(index)
            used += gap + least[index]
    return sorted(chosen)


def reaches_below(rects: list[pygame.Rect], row: pygame.Rect) -> bool:
    """Whether the dock goes on below the market row (your Alhambra's area then gives up its width)."""
    return any(rect.bottom > row.bottom for rect in rects)
