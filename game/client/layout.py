"""Where the parts of the table go, for any window size.

The design size is 1280x800 (``Ui.scale`` 1).  The side columns and the strips keep their
designed size times the scale; the centre (the market and your Alhambra) takes whatever width
and height are left, and a smaller window shrinks everything evenly down to 800x600.  A window
wider than the design's shape (16:9, 21:9) would leave the centre large and empty (the market row
is as high as the scale makes it, and your Alhambra is seldom wider than high): the width beyond
that shape goes to the side columns instead (``SPARE_LEFT``, up to half again their width), so the
opponents, the rule modules' panels and the log get the room.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DESIGN_WIDTH = 1280  # the design's width at scale 1 (``app.BASE_SIZE``)
SPARE_LEFT = 2 / 3  # the share of the width beyond the design's shape that the opponents' column gets
# (the rest goes to the right column: the money offer, the majorities and the log)


@dataclass(frozen=True)
class TurnLayout:
    top: pygame.Rect  # title, score track, icon buttons
    opponents: pygame.Rect  # the other players (and the rule modules' panels), stacked
    market: pygame.Rect  # the four market slots
    alhambra: pygame.Rect  # your Alhambra
    bank: pygame.Rect  # money offer, deck, discard, bag and the scoring progress
    log: pygame.Rect  # the game log (empty rect when hidden)
    hand: pygame.Rect  # your money, grouped by currency
    tray: pygame.Rect  # tiles to place and your reserve
    actions: pygame.Rect  # the buttons of the current step
    majorities: pygame.Rect  # everyone's buildings per type, under the money offer


def turn_layout(size: tuple[int, int], scale: float, show_log: bool, collectors: int = 3) -> TurnLayout:
    """The table's areas at ``size``; ``collectors``: the players and the modules' collectors (a row each in
    the majorities)."""
    w, h = size

    def px(value: float) -> int:
        return round(value * scale)

    m = px(8)
    top = pygame.Rect(0, 0, w, px(46))
    left_w, right_w, bottom_h = px(292), px(282), px(200)
    spare = max(0, w - px(DESIGN_WIDTH))  # a wide window: the centre keeps the design's shape, the columns grow
    left_w += min(round(spare * SPARE_LEFT), left_w // 2)
    right_w += min(spare - round(spare * SPARE_LEFT), right_w // 2)
    body_y = top.bottom + m
    opponents = pygame.Rect(m, body_y, left_w, h - body_y - m)
    right_x = w - m - right_w
    centre_x = opponents.right + m
    bottom = pygame.Rect(centre_x, h - m - bottom_h, w - m - centre_x, bottom_h)
    market = pygame.Rect(centre_x, body_y, right_x - m - centre_x, px(178))
    alhambra = pygame.Rect(centre_x, market.bottom + m, market.w, bottom.y - m - market.bottom - m)
    # the money offer keeps the height its contents need (stretched down to the hand it was an empty panel);
    # under it everyone's buildings per type (a row of type icons, a row per collector), sharing
    # the column with the log: at most half of it while the log is shown
    bank = pygame.Rect(right_x, body_y, right_w, min(px(300), bottom.y - m - body_y))
    below = max(0, bottom.y - m - bank.bottom - m)
    majorities_h = min(px(10) + (collectors + 1) * px(20), below // 2 if show_log else below)
    majorities = pygame.Rect(right_x, bank.bottom + m, right_w, majorities_h)
    log = (
        pygame.Rect(right_x, majorities.bottom + m, right_w, bottom.y - m - majorities.bottom - m)
        if show_log
        else pygame.Rect(right_x, majorities.bottom, right_w, 0)
    )
    actions_w = px(196)
    tray_w = px(284)
    actions = pygame.Rect(bottom.right - actions_w, bottom.y, actions_w, bottom_h)
    tray = pygame.Rect(actions.x - m - tray_w, bottom.y, tray_w, bottom_h)
    hand = pygame.Rect(bottom.x, bottom.y, tray.x - m - bottom.x, bottom_h)
    return TurnLayout(top, opponents, market, alhambra, bank, log, hand, tray, actions, majorities)


def split_rows(area: pygame.Rect, weights: list[float], gap: int, least: list[int] | None = None) -> list[pygame.Rect]:
    """Divide ``area`` into stacked rows with heights proportional to ``weights``; with ``least``, no row is lower
    than its least height (the others share what is left by their weights), when all of them fit at once (when
    they do not, the heights are the weights' alone)."""
    free = area.h - gap * (len(weights) - 1)
    least = list(least) if least is not None and sum(least) <= free else [0] * len(weights)
    fixed: dict[int, int] = {}  # the rows held at their least height
    while True:
        rest = free - sum(fixed.values())
        total = sum(w for i, w in enumerate(weights) if i not in fixed) or 1
        short = [i for i, w in enumerate(weights) if i not in fixed and rest * w / total < least[i]]
        if not short:
            break
        fixed.update((i, least[i]) for i in short)
    heights = [fixed.get(i, round(rest * w / total)) for i, w in enumerate(weights)]
    if heights:
        free_rows = [i for i in range(len(weights)) if i not in fixed]  # the rounding's pixels go to a free row
        heights[free_rows[-1] if free_rows else -1] += free - sum(heights)
    rows = []
    y = area.y
    for height in heights:
        rows.append(pygame.Rect(area.x, y, area.w, height))
        y += height + gap
    return rows
