"""What a seat holds of the rule modules, drawn small: a vizier token, cards kept beside the money,
bonus cards (``snap.pieces``, ``snap.hand_cards``).  The opponents' panels draw them in a row
(``piece_row``), yours stand beside your Alhambra (``ShelfView``).

A piece is told apart by its shape, not its colour alone: the vizier is a round token (upright and
open-eyed awake, grey with "Zz" asleep), a card is a card, a face-down bonus card shows its own back;
a revealed bonus card carries a "revealed" chip, one that may be revealed now glows in a marching frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import words

from .. import theme
from ..sprites import card_size
from . import common

if TYPE_CHECKING:
    from .model import Piece, TableSnapshot

TOKENS = ("awake", "asleep")


def _ordered(snap: TableSnapshot, seat: int) -> list[Piece | int]:
    """Tokens first, then the cards beside the money, then the other pieces (bonus cards)."""
    pieces = snap.pieces.get(seat, ())
    tokens = [p for p in pieces if p.face in TOKENS]
    rest = [p for p in pieces if p.face not in TOKENS]
    return [*tokens, *snap.hand_cards.get(seat, ()), *rest]


def _width(item: Piece | int, height: int) -> int:
    if isinstance(item, int) or item.face not in TOKENS:
        return card_size(height)[0]
    return height


def natural_width(snap: TableSnapshot, seat: int, height: int) -> int:
    """How wide the seat's pieces are side by side at ``height``."""
    items = _ordered(snap, seat)
    gap = snap.ui.px(4)
    return sum(_width(item, height) for item in items) + gap * max(0, len(items) - 1)


def piece_row(snap: TableSnapshot, seat: int, row: pygame.Rect) -> list[tuple[Piece | int, pygame.Rect]]:
    """The seat's pieces left to right along ``row`` (overlapping when they would not fit)."""
    items = _ordered(snap, seat)
    if not items or row.h <= 0:
        return []
    gap = snap.ui.px(4)
    widths = [_width(item, row.h) for item in items]
    room = row.w - widths[-1]
    natural = sum(widths[:-1]) + gap * (len(items) - 1)
    shrink = min(1.0, room / natural) if natural > 0 else 1.0
    found = []
    x = float(row.x)
    for item, width in zip(items, widths, strict=True):
        found.append((item, pygame.Rect(round(x), row.y, width, row.h)))
        x += (width + gap) * shrink
    return found


def draw_piece(surface: pygame.Surface, snap: TableSnapshot, item: Piece | int, rect: pygame.Rect) -> None:
    """One piece (or a card beside the money) in ``rect``, with its mark, glow and tooltip."""
    ui = snap.ui
    if isinstance(item, int):
        if ("card", item) in snap.hidden:
            return
        surface.blit(ui.sprites.card(item, rect.h), rect)
        if rect.collidepoint(ui.mouse):
            ui.tooltip(words.card(item), rect)
        return
    if item.key is not None and item.key in snap.hidden:
        return
    if item.face in TOKENS:
        surface.blit(ui.sprites.vizier_token(item.face == "awake", rect.h), rect)
    elif item.face == "back":
        surface.blit(ui.sprites.bonus_back(rect.h), rect)
    elif item.face == "card":
        surface.blit(ui.sprites.card(item.item, rect.h), rect)
    else:  # a module's own card art by name (a thief face down)
        surface.blit(ui.sprites.card_art(item.face, rect.h), rect)
    if item.lit:
        common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
        common.dashed_rect(surface, theme.TARGET, rect.inflate(ui.px(6), ui.px(6)), 2, ui.px(6), (ui.time * 0.8) % 1)
    if item.mark:
        if rect.h >= ui.px(44):
            common.chip(ui, surface, item.mark, (rect.centerx, rect.bottom - ui.px(2)), ui.font_px(11), anchor="center")
        else:  # too small for a word: a gold frame and a dot
            pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(2, 2), 1, border_radius=2)
            pygame.draw.circle(surface, theme.INK, (rect.right - 1, rect.bottom - 1), max(3, rect.h // 6) + 1)
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (rect.right - 1, rect.bottom - 1), max(3, rect.h // 6))
    if rect.collidepoint(ui.mouse):
        ui.tooltip(item.tip, rect)


class ShelfView:
    """Your pieces beside your Alhambra, top down: the vizier token, then your bonus cards."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def piece_rects(self, snap: TableSnapshot) -> list[tuple[Piece, pygame.Rect]]:
        pieces = snap.pieces.get(snap.me, ())
        if not pieces or self.rect.w <= 0:
            return []
        px = snap.ui.px
        gap = px(8)
        tokens = [p for p in pieces if p.face in TOKENS]
        cards = [p for p in pieces if p.face not in TOKENS]
        token = min(self.rect.w, px(46))
        found: list[tuple[Piece, pygame.Rect]] = []
        y = self.rect.y
        for piece in tokens:
            found.append((piece, pygame.Rect(self.rect.centerx - token // 2, y, token, token)))
            y += token + gap
        if cards:
            room = self.rect.bottom - y - gap * (len(cards) - 1)
            height = max(px(20), min(px(90), room // len(cards), round(self.rect.w * 1.5)))
            width = card_size(height)[0]
            for piece in cards:
                found.append((piece, pygame.Rect(self.rect.centerx - width // 2, y, width, height)))
                y += height + gap
        return found

    def piece_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Piece | None:
        for piece, rect in self.piece_rects(snap):
            if rect.collidepoint(pos):
                return piece
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        for piece, rect in self.piece_rects(snap):
            draw_piece(surface, snap, piece, rect)
