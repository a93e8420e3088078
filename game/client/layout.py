"""Where the parts of the table go, for any window size.

The design size is 1280x800 (``Ui.scale`` 1).  The side columns and the strips keep their
designed size times the scale; the centre (the market and your Alhambra) takes whatever width
and height are left, so a wider window gives your Alhambra the room, and a smaller one shrinks
everything evenly down to 800x600.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


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


def split_rows(area: pygame.Rect, weights: list[float], gap: int) -> list[pygame.Rect]:
    """Divide ``area`` into stacked rows with heights proportional to ``weights``."""
    free = area.h - gap * (len(weights) - 1)
    total = sum(weights) or 1
    rows = []
    y = area.y
    for index, weight in enumerate(weights):
        height = free - sum(r.h for r in rows) if index == len(weights) - 1 else round(free * weight / total)
        rows.append(pygame.Rect(area.x, y, area.w, height))
        y += height + gap
    return rows
