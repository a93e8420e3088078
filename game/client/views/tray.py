"""Beside your Alhambra: the tiles you bought this turn (to place) and your reserve.

Both are sources for drag and drop (a bought tile to place, a reserve tile to build or swap in),
and the reserve is also a drop target (a bought tile kept for later, an Alhambra tile lifted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Lift, Reserve
from game.i18n import N_, _, words

from .. import theme
from . import common
from .model import placed_at, swapped

if TYPE_CHECKING:
    from .model import TableSnapshot


def _row(area: pygame.Rect, count: int, max_size: int, gap: int) -> tuple[int, int]:
    """Tile size and tiles per row so ``count`` tiles fit ``area``."""
    size = max_size
    while size > 16:
        per_row = max(1, (area.w + gap) // (size + gap))
        rows = -(-count // per_row) if count else 1
        if rows * (size + gap) - gap <= area.h:
            return size, per_row
        size -= 2
    return size, max(1, (area.w + gap) // (size + gap))


# Per source: the drop shadow (blur, drop, alpha) and the tooltip with the tile's name.  Bought tiles
# float a little higher than reserve tiles, and the two are used differently, hence the two tips.
TILE_LOOKS = {
    "held": (
        (4, 4, 120),
        N_("{tile}: drag it onto a highlighted place, or click it and then a place; Tab selects the next"),
    ),
    "reserve": (
        (3, 3, 110),
        N_(
            "{tile} on your reserve: select it to build it into your Alhambra or swap it for a tile there "
            "(a redesign ends your turn)"
        ),
    ),
}


def _draw_tile(
    surface: pygame.Surface, snap: TableSnapshot, tile: int, rect: pygame.Rect, source: str, hinted: bool
) -> None:
    """One tile of the tray, bought or on the reserve: both are picked, dragged and hinted alike."""
    if ("tile", tile) in snap.hidden or (snap.drag_tile == tile and snap.dragging):
        return  # in flight (animation) or under the mouse (drag): drawn elsewhere
    ui = snap.ui
    (blur, drop, alpha), tip = TILE_LOOKS[source]
    surface.blit(ui.sprites.shadow(rect.size, 4, blur, alpha), (rect.x - 2 * blur + 2, rect.y - 2 * blur + drop))
    surface.blit(ui.sprites.tile(tile, rect.w), rect)
    common.draw_on_tile(ui, surface, snap.overlays.get(tile, ()), rect)  # what rule modules put on it (walls, a chest)
    if snap.sel.tile == tile and snap.sel.source == source:
        common.selected_frame(surface, rect)
    elif hinted:
        common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
    elif tile in snap.usable:  # a module's card picked (a wall card): a tile that takes it
        common.dashed_rect(surface, theme.TARGET, rect.inflate(2, 2), 2, max(4, rect.w // 8), (ui.time * 0.8) % 1)
    if rect.collidepoint(ui.mouse):
        ui.tooltip(_(tip).format(tile=words.tile(tile)), rect)


# The reserve as a target, longest first: the longest that fits beside its tiles is shown.
RESERVE_DROP_WORDS = (
    N_("Click here or drop the tile to keep it on the reserve"),
    N_("Click or drop here to keep it on the reserve"),
    N_("Drop here: reserve"),
)


class TrayView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def held(self, snap: TableSnapshot) -> list[int]:
        state = snap.state
        if state.decider != snap.me:
            return []
        staged = snap.staged_action
        # a held tile's placement, or a move of another tile (not held); a module's card used on it leaves it here
        gone = getattr(staged, "tile", None) if getattr(staged, "card", None) is None else None
        return [t for t in state.held if t != gone]

    def reserve(self, snap: TableSnapshot) -> list[int]:
        tiles = list(snap.state.reserves[snap.me])
        staged = snap.staged_action
        built, swap = placed_at(staged), swapped(staged)  # the base game's moves, or a rule module's own forms
        if staged is not None and staged.kind == "redesign" and built is not None and built[0] in tiles:
            tiles.remove(built[0])
        elif swap is not None and swap[0] in tiles:
            tiles.remove(swap[0])
        return tiles

    def _areas(self, snap: TableSnapshot) -> tuple[pygame.Rect | None, pygame.Rect]:
        px = snap.ui.px
        inner = pygame.Rect(self.rect.x + px(12), self.rect.y + px(30), self.rect.w - px(24), self.rect.h - px(40))
        if not self.held(snap):
            return None, inner
        top = pygame.Rect(inner.x, inner.y, inner.w, px(68))
        bottom = pygame.Rect(inner.x, top.bottom + px(24), inner.w, inner.bottom - top.bottom - px(24))
        return top, bottom

    def held_rects(self, snap: TableSnapshot) -> list[tuple[int, pygame.Rect]]:
        area, _ = self._areas(snap)
        if area is None:
            return []
        tiles = self.held(snap)
        size, per_row = _row(area, len(tiles), snap.ui.px(64), snap.ui.px(8))
        return [
            (
                t,
                pygame.Rect(
                    area.x + (i % per_row) * (size + snap.ui.px(8)),
                    area.y + (i // per_row) * (size + snap.ui.px(8)),
                    size,
                    size,
                ),
            )
            for i, t in enumerate(tiles)
        ]

    def reserve_zone(self, snap: TableSnapshot) -> pygame.Rect:
        return self._areas(snap)[1]

    def reserve_rects(self, snap: TableSnapshot) -> list[tuple[int, pygame.Rect]]:
        area = self.reserve_zone(snap)
        tiles = self.reserve(snap)
        gap = snap.ui.px(6)
        size, per_row = _row(area, len(tiles) + 1, snap.ui.px(56), gap)
        return [
            (t, pygame.Rect(area.x + (i % per_row) * (size + gap), area.y + (i // per_row) * (size + gap), size, size))
            for i, t in enumerate(tiles)
        ]

    def tile_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> tuple[str, int] | None:
        for tile, rect in self.held_rects(snap):
            if rect.collidepoint(pos):
                return "held", tile
        for tile, rect in self.reserve_rects(snap):
            if rect.collidepoint(pos):
                return "reserve", tile
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        held_area, reserve_area = self._areas(snap)
        hint = snap.hint_action
        if held_area is not None:
            # while an exact payment's extra action is open ([B-TURN-4]) the tiles wait: they are placed after it
            waiting = snap.acting
            title = _("Bought: placed after your action") if waiting else _("Bought: place these")
            common.section_title(ui, surface, title, (held_area.x, held_area.y - px(20)), right=held_area.right)
            for tile, rect in self.held_rects(snap):
                hinted = getattr(hint, "tile", None) == tile  # only a placement names a held tile
                _draw_tile(surface, snap, tile, rect, "held", hinted)
        reserve = snap.state.reserves[snap.me]
        # TRANSLATORS: the title of your reserve, with how many tiles are on it
        title = _("Reserve ({n})").format(n=len(reserve))
        common.section_title(ui, surface, title, (reserve_area.x, reserve_area.y - px(20)), right=reserve_area.right)
        drop = snap.reserve_drop_ok
        if drop:
            zone = reserve_area.inflate(px(6), px(6))
            surface.blit(common.tinted(zone.size, theme.TARGET, int(30 + 40 * snap.glow)), zone)
            common.dashed_rect(surface, theme.TARGET, zone, 2, px(8), (ui.time * 0.8) % 1)
            # the words go beside the reserve's tiles, clear of the dashed edge, in the longest form whose lines
            # fit there (the shortest on as many lines as it takes where none does)
            tiles = self.reserve_rects(snap)
            left = max((rect.right for _, rect in tiles), default=zone.x) + px(12)
            room = pygame.Rect(left, zone.y + px(6), max(0, zone.right - px(12) - left), zone.h - px(12))
            size = ui.font_px(12)
            line_h = ui.text.size("Ag", size, "bold")[1]
            forms = [ui.text.wrap(_(source), size, room.w, "bold") for source in RESERVE_DROP_WORDS]
            fits = [form for form in forms if len(form) * line_h <= room.h]
            fits = [form for form in fits if all(ui.text.size(line, size, "bold")[0] <= room.w for line in form)]
            lines = fits[0] if fits else forms[-1]
            y = room.centery - line_h * len(lines) // 2
            for line in lines:
                word = ui.text.render(line, size, theme.TARGET, "bold")
                surface.blit(word, word.get_rect(midtop=(room.centerx, y)))
                y += line_h
        staged = snap.staged_action
        lifted = None  # a tile on its way to the reserve, ghosted there until the turn ends
        if isinstance(staged, Lift | Reserve):
            lifted = staged.tile
        elif swapped(staged) is not None:
            lifted = swapped(staged)[1]  # type: ignore[index]
        rects = self.reserve_rects(snap)
        for tile, rect in rects:
            hinted = (
                hint is not None
                and tile in (getattr(hint, "tile", None), getattr(hint, "reserve_tile", None))
                and hint.kind == "redesign"
            )
            _draw_tile(surface, snap, tile, rect, "reserve", hinted)
        if lifted is not None:
            count = len(rects)
            gap = px(6)
            size = rects[0][1].w if rects else px(56)
            per_row = max(1, (reserve_area.w + gap) // (size + gap))
            rect = pygame.Rect(
                reserve_area.x + (count % per_row) * (size + gap),
                reserve_area.y + (count // per_row) * (size + gap),
                size,
                size,
            )
            image = ui.sprites.tile(lifted, size).copy()
            image.set_alpha(200)
            surface.blit(image, rect)
            common.dashed_rect(surface, theme.GOLD_LIGHT, rect, 2, 6, (ui.time * 0.6) % 1)
        if not reserve and lifted is None and not drop:
            size = ui.font_px(13)
            y = reserve_area.y + px(4)
            for line in ui.text.wrap(_("Empty. Tiles kept here do not score."), size, reserve_area.w):
                word = ui.text.render(line, size, theme.TEXT_FAINT)
                if y + word.get_height() > reserve_area.bottom:
                    break
                surface.blit(word, (theme.text_x(reserve_area.x, reserve_area.right, word.get_width()), y))
                y += word.get_height()
