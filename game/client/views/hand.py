"""Your money, grouped by currency in market order, each group with its total.

Groups are as wide as their cards need, so a long suit never squeezes a short one; cards fan
to the right and show their corner index.  While buying, the cards of the slot's currency are
the only ones lit, the chosen payment is raised in gold, and the hint's payment glows.  Cards a rule
module keeps beside the money (exchange cards: ``snap.hand_cards``) are a last group of their own,
lit while they can pay for the chosen slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Buy
from game.engine.components import CARD_CURRENCY, CARD_VALUE, MARKET_CURRENCY, SLOT_CURRENCY
from game.i18n import _, ngettext, words

from .. import theme
from ..sprites import card_size
from . import common

if TYPE_CHECKING:
    from .model import TableSnapshot

Group = tuple[int, pygame.Rect, list[tuple[int, pygame.Rect]]]  # currency (OTHERS: a module's cards), header, cards
OTHERS = -1  # the group of the cards a rule module keeps beside the money
FAN_STEP = 0.62  # a fanned card's step, as a share of a card's width, where the hand has room
LEAST_STEP = 0.3  # the least step: every card keeps its corner index in view (smaller cards, if need be)


class HandView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._groups_key: tuple | None = None
        self._groups: list[Group] = []

    def groups(self, snap: TableSnapshot) -> list[Group]:
        """Card rects by currency, recomputed only when the hand or the layout changes."""
        hand = snap.state.hands[snap.me]
        others = tuple(snap.hand_cards.get(snap.me, ()))
        key = (tuple(hand), others, tuple(self.rect), snap.ui.scale)
        if key != self._groups_key:
            self._groups, self._groups_key = self._layout(snap, hand, others), key
        return self._groups

    def _layout(self, snap: TableSnapshot, hand: list[int], others: tuple[int, ...] = ()) -> list[Group]:
        ui = snap.ui
        px = ui.px
        inner = self.rect.inflate(-px(24), 0)
        top = self.rect.y + px(34)
        header_h = px(24)
        raise_room = px(12)
        ch = min(px(108), self.rect.bottom - px(10) - (top + header_h + raise_room))
        cw, ch = card_size(ch)
        by_currency = {
            c: sorted((card for card in hand if CARD_CURRENCY[card] == c), key=lambda k: (CARD_VALUE[k], k))
            for c in MARKET_CURRENCY
        }
        if others:
            by_currency[OTHERS] = sorted(others)
        empty_w = px(64)
        gap = px(14)
        counts = [len(cards) for cards in by_currency.values()]
        filled = sum(1 for n in counts if n)
        extra = sum(n - 1 for n in counts if n)
        room = inner.w - (len(counts) - filled) * empty_w - (len(counts) - 1) * gap  # for the fans
        if filled and filled * cw + extra * cw * LEAST_STEP > room:
            # a long hand (many modules' cards and coins): smaller cards rather than two drawn as one
            cw, ch = card_size(ch * room / (filled + extra * LEAST_STEP) / cw)
        step = min(cw * FAN_STEP, (room - filled * cw) / extra) if extra else 0
        groups: list[Group] = []
        x = float(inner.x)
        for currency, cards in by_currency.items():
            width = cw + step * (len(cards) - 1) if cards else empty_w
            header = pygame.Rect(round(x), top, max(round(width), empty_w), header_h)
            rects = [
                (card, pygame.Rect(round(x + i * step), top + header_h + raise_room, cw, ch))
                for i, card in enumerate(cards)
            ]
            groups.append((currency, header, rects))
            x += max(width, empty_w) + gap
        return groups

    def card_rect(self, snap: TableSnapshot, card: int) -> pygame.Rect | None:
        for _currency, _header, cards in self.groups(snap):
            for found, rect in cards:
                if found == card:
                    return rect
        return None

    def card_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        for _currency, _header, cards in self.groups(snap):
            for card, rect in reversed(cards):
                chosen = card in snap.sel.pay or card == snap.sel.card
                lifted = rect.move(0, -snap.ui.px(12)) if chosen else rect
                if lifted.collidepoint(pos):
                    return card
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        state = snap.state
        me = snap.me
        row = self.rect.y + px(18)  # the header: your token, name and points, and your cards at the other end
        token = common.mirror(pygame.Rect(self.rect.x + px(12), row - px(10), px(20), px(20)), self.rect)
        common.seat_token(ui, surface, me, snap.names[me], token.center, px(10))
        name = ui.text.render(
            ui.text.fit(snap.names[me], ui.font_px(16), px(180), "bold"), ui.font_px(16), theme.IVORY, "bold"
        )
        surface.blit(name, common.mirror(name.get_rect(midleft=(self.rect.x + px(38), row)), self.rect))
        points = round(snap.shown_scores[me])
        said = ngettext("{n} point", "{n} points", points).format(n=points)
        score = ui.text.render(said, ui.font_px(15), theme.GOLD_LIGHT, "bold")
        at = score.get_rect(midleft=(self.rect.x + px(46) + name.get_width(), row))
        surface.blit(score, common.mirror(at, self.rect))
        hand = state.hands[me]
        # TRANSLATORS: your hand at a glance: how many money cards, and what they are worth together
        held = ngettext("{n} card · {value} in all", "{n} cards · {value} in all", len(hand)).format(
            n=len(hand), value=sum(CARD_VALUE[c] for c in hand)
        )
        total = ui.text.render(held, ui.font_px(13), theme.TEXT_DIM)
        surface.blit(total, common.mirror(total.get_rect(midright=(self.rect.right - px(14), row)), self.rect))
        buying = snap.sel.slot
        slot_currency = SLOT_CURRENCY[buying] if buying else None
        hint = snap.hint_action
        hint_cards = set(hint.paid) if isinstance(hint, Buy) else set(getattr(hint, "paid", ()))
        hint_cards |= {c for c in (getattr(hint, "card", None), *getattr(hint, "exchange", ())) if c is not None}
        exact = snap.exact_cards
        hovered = self.card_at(snap, ui.mouse)
        for currency, header, cards in self.groups(snap):
            if currency == OTHERS:
                self._draw_others(surface, snap, cards, hovered)
                continue
            lit = slot_currency is None or currency == slot_currency or currency in snap.pay_currencies
            badge = ui.sprites.currency_badge(currency, header.h)
            if not lit:
                badge = badge.copy()
                badge.set_alpha(90)
            surface.blit(badge, header.topleft)
            value = sum(CARD_VALUE[c] for c, _ in cards)
            colour = theme.GOLD_LIGHT if currency == slot_currency else (theme.IVORY if lit else theme.TEXT_FAINT)
            word = ui.text.render(str(value), ui.font_px(17), colour, "bold")
            surface.blit(word, word.get_rect(midleft=(header.x + header.h + px(5), header.centery)))
            if header.collidepoint(ui.mouse):
                said = ngettext(
                    "{n} {currency} card worth {value}", "{n} {currency} cards worth {value}", len(cards)
                ).format(n=len(cards), currency=words.currency(currency), value=value)
                ui.tooltip(said, header)
            for card, rect in cards:
                if ("card", card) in snap.hidden:
                    continue
                chosen = card in snap.sel.pay
                shown = _draw_card(snap, surface, card, rect, lit, chosen, card == hovered and bool(buying))
                if card in exact and lit:
                    common.chip(
                        ui,
                        surface,
                        "=",
                        (shown.right - px(9), shown.bottom - px(10)),
                        ui.font_px(12),
                        theme.GOLD,
                        theme.INK,
                    )
                elif card in hint_cards and not chosen:
                    common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            if hovered is not None and any(card == hovered for card, _ in cards):
                rect = next(r for c, r in cards if c == hovered)
                tip = words.card(hovered)
                if buying and lit:
                    tip = _("{card}: click to add it to or remove it from the payment").format(card=tip)
                ui.tooltip(tip, rect)

    def _draw_others(
        self, surface: pygame.Surface, snap: TableSnapshot, cards: list[tuple[int, pygame.Rect]], hovered: int | None
    ) -> None:
        """A rule module's cards beside the money: lit (and raised when chosen) while they can pay."""
        ui = snap.ui
        px = ui.px
        buying = snap.sel.slot
        hint = snap.hint_action
        hinted = {getattr(hint, "card", None), *getattr(hint, "exchange", ())}
        for card, rect in cards:
            if ("card", card) in snap.hidden:
                continue
            lit = not buying or card in snap.pay_cards
            chosen = card == snap.sel.card
            shown = _draw_card(snap, surface, card, rect, lit, chosen, card == hovered and bool(buying))
            if not chosen and card in hinted:
                common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            elif not chosen and buying and lit:
                common.dashed_rect(surface, theme.TARGET, shown.inflate(px(4), px(4)), 2, px(6))
            if card == hovered:
                tip = words.card(card)
                if buying and lit:
                    tip = _("{card}: click to pay with it, together with the money of its two currencies").format(
                        card=tip
                    )
                elif not buying:
                    # true in every phase: nothing may be for sale now (a placement, another player's turn)
                    tip = _("{card}: when you buy a tile, its two currencies may pay for it together").format(card=tip)
                ui.tooltip(tip, rect)


def _draw_card(
    snap: TableSnapshot, surface: pygame.Surface, card: int, rect: pygame.Rect, lit: bool, chosen: bool, pointed: bool
) -> pygame.Rect:
    """One card of the hand with its shadow: raised when chosen (a little when pointed at while it may pay),
    dimmed when it cannot pay now, framed when chosen.  Returns where it was drawn."""
    ui = snap.ui
    px = ui.px
    shown = rect.move(0, -(px(12) if chosen else (px(4) if pointed and lit else 0)))
    face = shown
    if ui.sprites.round_card(card):  # a round piece at the card's top (a change coin): its own shadow, a square frame
        face = pygame.Rect(shown.x, shown.y, shown.w, shown.w)
    else:
        surface.blit(ui.sprites.shadow(rect.size, 6, 3, 100), (shown.x - 6 + 2, shown.y - 6 + 3))
    surface.blit(ui.sprites.card(card, rect.h), shown)
    if not lit:
        common.dim(surface, face, 140)
    if chosen:
        common.selected_frame(surface, face, 2)
    return shown
