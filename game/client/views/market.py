"""The building market: four slots, each bound to a currency, with the tile for sale and its price."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Buy
from game.engine.components import EMPTY, MARKET_CURRENCY, MARKET_SIZE, TILE_COST, TILE_TYPE
from game.i18n import _, pgettext, words

from .. import theme
from ..sprites import SLOT_ART, SLOT_TILE_POS, TILE_ART, cost_disc
from . import common

if TYPE_CHECKING:
    from .model import TableSnapshot

SLOT_KEYS = ("Q", "W", "E", "R")


def slot_label(tile: int, currency: str, short: bool | None = False) -> str:
    """The words under a market slot: the tile's building type, its price and the slot's currency ("Tower · 9
    florin"; ``short``: without the currency; None: the type alone, for a slot too narrow for more).  A tile of
    no building type (a module's) is named whole, with its price ("Camp 6 · florin")."""
    kind = TILE_TYPE[tile]
    if short is None:
        return words.label(words.building(kind)) if kind is not None else words.tile_name(tile)
    if kind is None:
        if short:
            return words.tile_name(tile)
        # TRANSLATORS: under a market slot: a rule module's tile (its name and price) and the slot's currency
        return pgettext("market label", "{tile} · {currency}").format(tile=words.tile_name(tile), currency=currency)
    if short:
        # TRANSLATORS: under a market slot, where the currency does not fit: the building type and its price
        said = pgettext("market label", "{type} · {cost}").format(type=words.building(kind), cost=TILE_COST[tile])
        return words.label(said)
    # TRANSLATORS: under a market slot: the building type, its price and the slot's currency ("Tower · 9 florin")
    return words.label(
        pgettext("market label", "{type} · {cost} {currency}").format(
            type=words.building(kind), cost=TILE_COST[tile], currency=currency
        )
    )


class MarketView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def slot_rects(self, snap: TableSnapshot) -> list[pygame.Rect]:
        px = snap.ui.px
        label_h = px(22)
        fh = self.rect.h - label_h - px(4)
        fw = round(fh * SLOT_ART[0] / SLOT_ART[1])
        gaps = MARKET_SIZE + 1  # between the slots and at both ends
        if MARKET_SIZE * fw + gaps * px(6) > self.rect.w:  # a narrow market (a module's panel beside it): smaller slots
            fw = (self.rect.w - gaps * px(6)) // MARKET_SIZE
            fh = round(fw * SLOT_ART[1] / SLOT_ART[0])
        gap = min(px(18), max(4, (self.rect.w - MARKET_SIZE * fw) // gaps))
        total = MARKET_SIZE * fw + (MARKET_SIZE - 1) * gap
        x0 = self.rect.centerx - total // 2
        return [pygame.Rect(x0 + i * (fw + gap), self.rect.y, fw, fh) for i in range(MARKET_SIZE)]

    def tile_rect(self, snap: TableSnapshot, slot: int) -> pygame.Rect:
        frame = self.slot_rects(snap)[slot - 1]
        k = frame.w / SLOT_ART[0]
        return pygame.Rect(
            frame.x + round(SLOT_TILE_POS[0] * k),
            frame.y + round(SLOT_TILE_POS[1] * k),
            round(TILE_ART * k),
            round(TILE_ART * k),
        )

    @staticmethod
    def chip_centre(snap: TableSnapshot, tile: int, tile_rect: pygame.Rect, note: str) -> tuple[int, int]:
        """Where the chip over a tile the player cannot pay for goes: across the tile, just above its price, which
        it leaves in full view ("you have 4" over the "7")."""
        ui = snap.ui
        chip_h = ui.text.size(note, ui.font_px(12), "bold")[1] + 2  # as ``common.chip`` draws it
        disc = cost_disc(tile, tile_rect)
        bottom = (disc.y if disc is not None else tile_rect.bottom) - ui.px(3)
        return tile_rect.centerx, bottom - (chip_h + 1) // 2

    def slot_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.slot_rects(snap)):
            if rect.collidepoint(pos):
                return i + 1
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        state = snap.state
        acting = snap.can_act and (snap.acting or snap.shopping)  # shopping: a module's purchase (a vizier's)
        hint = snap.hint_action
        frames = self.slot_rects(snap)
        room = frames[0].w + min(ui.px(16), frames[1].x - frames[0].right - ui.px(4))  # a label's width: its gaps'
        for i, frame in enumerate(frames):
            slot = i + 1
            tile = state.market[i]
            hovered = frame.collidepoint(ui.mouse) and acting and tile != EMPTY
            lift = -2 if hovered else 0
            surface.blit(ui.sprites.shadow(frame.size, 10, 6, 120), (frame.x - 12 + 3, frame.y - 12 + 6))
            surface.blit(ui.sprites.market_slot(slot, frame.size), frame.move(0, lift))
            tile_rect = self.tile_rect(snap, slot).move(0, lift)
            if tile != EMPTY and ("tile", tile) not in snap.hidden:
                surface.blit(ui.sprites.tile(tile, tile_rect.w), tile_rect)
                if acting and slot not in snap.buyable:  # dimmed, and how much money is missing
                    common.dim(surface, tile_rect, 110)
                    have = state.currency_totals(state.decider)[MARKET_CURRENCY[i]]
                    # TRANSLATORS: a chip across a market tile the player cannot pay for (exactly, or at all)
                    note = (
                        pgettext("market chip", "not exact")
                        if snap.exact_only
                        else _("you have {amount}").format(amount=have)
                    )
                    common.chip(
                        ui,
                        surface,
                        note,
                        self.chip_centre(snap, tile, tile_rect, note),
                        ui.font_px(12),
                        (60, 24, 18),
                        theme.WARN,
                    )
                elif acting and snap.exact_only and snap.sel.slot != slot:  # payable exactly: a lit target
                    common.dashed_rect(surface, theme.TARGET, frame.inflate(ui.px(6), ui.px(6)), 3, ui.px(10))
            currency = words.currency(MARKET_CURRENCY[i])
            if snap.sel.slot == slot and snap.sel.item is not None:  # its tile sets the price of a module's tile
                common.dashed_rect(surface, theme.GOLD_LIGHT, frame.inflate(ui.px(6), ui.px(6)), 2, ui.px(7))
                # TRANSLATORS: a chip on the market slot whose tile prices a bazaar being bought
                said = pgettext("market chip", "sets the price")
                common.chip(ui, surface, said, (frame.centerx, frame.y), ui.font_px(11), anchor="center")
                mark = pygame.Rect(frame.x - ui.px(3), frame.y - ui.px(8), frame.w + ui.px(6), frame.h + ui.px(32))
                ui.keep_clear(mark)  # with its label under it: a tooltip goes elsewhere
            elif snap.sel.slot == slot:
                common.selected_frame(surface, frame.move(0, lift), 3)
            elif (isinstance(hint, Buy) or hasattr(hint, "paid")) and getattr(hint, "slot", None) == slot:
                common.glow_frame(surface, frame, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
                common.badge(ui, surface, "hint", frame.topright, ui.px(26))
            if acting:
                common.keycap(ui, surface, SLOT_KEYS[i], (frame.x + ui.px(6), frame.y + ui.px(6)), "topleft")
            size = ui.font_px(13)
            if tile != EMPTY:
                # the longest wording that fits: with the currency, without it, and at last the name alone (the
                # price is on the tile's own disc, which nothing covers)
                fitting = (slot_label(tile, currency, short) for short in (False, True, None))
                label = next((said for said in fitting if ui.text.size(said, size)[0] <= room), "")
                label = label or slot_label(tile, currency, short=None)
            else:
                # TRANSLATORS: under an empty market slot: its tile was bought this turn
                label = pgettext("market slot", "sold") if not state.is_over else "—"
            word = ui.text.shadowed(ui.text.fit(label, size, room), size, theme.PARCHMENT)
            surface.blit(word, word.get_rect(midtop=(frame.centerx, frame.bottom + ui.px(4))))
            if hovered:
                affordable = slot in snap.buyable
                if snap.exact_only:
                    tip = (
                        _("Buy this tile paying exactly (slot {slot}, key {key})")
                        if affordable
                        else _("No exact payment for this tile")
                    )
                else:
                    tip = (
                        _("Buy this tile with {currency} (slot {slot}, key {key})")
                        if affordable
                        else _("You hold too little {currency} for this tile")
                    )
                ui.tooltip(tip.format(currency=currency, slot=slot, key=SLOT_KEYS[i]), frame)
