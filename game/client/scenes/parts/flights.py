"""Where every card and tile is drawn now: asked before and after a move, so that what moved flies from one to
the other (``playback.Director``).  Read from the views as the snapshot lays them out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.alhambra import xy_of
from game.engine.components import EMPTY, MARKET_SLOTS

from ...views import common

if TYPE_CHECKING:
    from ...modules import Compiled, ModulePanel
    from ...playback import Positions
    from ...table import Table
    from ...views.alhambra import AlhambraView
    from ...views.bank import BankView
    from ...views.hand import HandView
    from ...views.market import MarketView
    from ...views.model import TableSnapshot
    from ...views.opponents import OpponentsView
    from ...views.pieces import ShelfView
    from ...views.tray import TrayView


class Views(Protocol):
    """The table scene's views, as laid out now, and the seat the table is turned to."""

    table: Table
    me: int
    modules: Compiled
    bank: BankView
    market: MarketView
    hand: HandView
    tray: TrayView
    board: AlhambraView
    opponents: OpponentsView
    shelf: ShelfView
    module_panels: dict[str, ModulePanel]

    def snapshot(self) -> TableSnapshot: ...


def positions(views: Views) -> Positions:
    """Every card and tile where it is drawn now, by its key ("card", id) or ("tile", id)."""
    state = views.table.state
    snap = views.snapshot()
    me = views.me
    found: Positions = {}
    for card, rect in zip(state.offer, views.bank.offer_rects(snap), strict=False):
        found[("card", card)] = rect
    piles = views.bank.pile_rects(snap)
    for card in state.deck:
        found[("card", card)] = piles["deck"]
    for card in state.discard:
        found[("card", card)] = piles["discard"]
    for tile in state.bag:
        found[("tile", tile)] = piles["bag"]
    for slot in MARKET_SLOTS:
        tile = state.in_slot(slot)
        if tile != EMPTY:
            found[("tile", tile)] = views.market.tile_rect(snap, slot)
    for _currency, _header, cards in views.hand.groups(snap):
        for card, rect in cards:
            found[("card", card)] = rect
    for tile, rect in views.tray.held_rects(snap) + views.tray.reserve_rects(snap):
        found[("tile", tile)] = rect
        found.update(_on_tile(snap, tile, rect))
    board = views.board
    board.fit(state.boards[me].grid)
    for cell, tile in state.boards[me].grid.items():
        found[("tile", tile)] = board.cell_rect(*xy_of(cell))
    for panel in views.opponents.panels:
        seat = panel.seat
        hand = panel.hand_rect(snap)
        card_rect = pygame.Rect(0, 0, max(8, hand.h // 3), max(12, hand.h // 2))
        card_rect.center = hand.center
        for card in state.hands[seat]:
            found[("card", card)] = card_rect
        for tile, rect, _where in panel.tile_rects(snap):
            found[("tile", tile)] = rect
            found.update(_on_tile(snap, tile, rect))
        for item, rect in panel.piece_rects(snap):
            key = ("card", item) if isinstance(item, int) else item.key  # type: ignore[attr-defined]
            if key is not None:
                found[key] = rect
        panel.grid.rect = panel.areas(snap)["grid"]
        panel.grid.fit(state.boards[seat].grid)
        for cell, tile in state.boards[seat].grid.items():
            found[("tile", tile)] = panel.grid.cell_rect(*xy_of(cell))
        for mark in snap.marks.get(seat, ()):  # a rule module's tokens on its corners (falcons)
            found[mark.key] = panel.grid.mark_rect(mark)
    for mark in snap.marks.get(me, ()):
        found[mark.key] = board.mark_rect(mark)
    for piece, rect in views.shelf.piece_rects(snap):
        if piece.key is not None:
            found[piece.key] = rect
    found.update(views.modules.item_positions(state, views.module_panels))
    return found


def _on_tile(snap: TableSnapshot, tile: int, rect: pygame.Rect) -> Positions:
    """What rule modules put on ``tile``, drawn off the Alhambras at ``rect``: a wall card's first stick (the card
    flies there when it is built), a chest on its building."""
    return {
        mark.key: common.spot_rect(rect, mark.spot, roomy=True)
        for mark in snap.overlays.get(tile, ())
        if mark.key != ("tile", tile)
    }
