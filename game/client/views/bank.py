"""The money side of the table: the offer, the deck, the discard pile, the bag, and when the scorings come.

Only what every player may know is shown ([D-HIDDEN-1]): how many cards and tiles are left, and
from the pile sizes dealt at setup where each scoring card can still be; never their order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Take
from game.engine.components import is_money_card
from game.i18n import N_, _, ngettext, pgettext, words

from .. import theme
from ..sprites import card_size
from . import common

if TYPE_CHECKING:
    from .model import TableSnapshot

OFFER_KEYS = ("1", "2", "3", "4")
# What each pile is, when the mouse is over it (English, marked for the catalogues; said where shown).
PILE_TEXT_GAP = 6  # between a pile and its label and count (design pixels)
DECK_STACK = 3  # backs drawn behind the deck's top card, each 2 px up and to the right
PILE_TIPS = {
    "deck": N_("Money cards left to draw (their order is hidden)"),
    "discard": N_("Cards paid for buildings; shuffled into a new deck when the deck runs out"),
    "bag": N_("Building tiles left; when the market cannot be refilled, the game ends"),
}


def pile_label(key: str) -> str:
    """A pile's name under the offer, in the current language."""
    labels = {
        # TRANSLATORS: the piles under the money offer: the money deck, the discard pile, the bag of building tiles
        "deck": pgettext("pile", "Deck"),
        "discard": pgettext("pile", "Discard"),
        "bag": pgettext("pile", "Bag"),
    }
    return labels[key]


def _outlook_sentence(number: int, low: int, high: int) -> str:
    """When the next scoring card (round ``number``, 1 or 2) can come: between ``low`` and ``high`` cards on."""
    if number == 1:
        if low == 0:
            return ngettext(
                "The first scoring card can come any time in the next card",
                "The first scoring card can come any time in the next {n} cards",
                high,
            ).format(n=high)
        return ngettext(
            "The first scoring comes in {low} to {n} card", "The first scoring comes in {low} to {n} cards", high
        ).format(low=low + 1, n=high)
    if low == 0:
        return ngettext(
            "The second scoring card can come any time in the next card",
            "The second scoring card can come any time in the next {n} cards",
            high,
        ).format(n=high)
    return ngettext(
        "The second scoring comes in {low} to {n} card", "The second scoring comes in {low} to {n} cards", high
    ).format(low=low + 1, n=high)


def scoring_outlook(snap: TableSnapshot) -> tuple[list[tuple[float, float, bool]], float, str]:
    """Windows of the scoring cards as fractions of the deck dealt at setup, the fraction drawn, and a sentence."""
    state = snap.state
    total = max(1, snap.dealt_deck)
    drawn = min(state.drawn, total)
    windows = []
    upcoming = []
    for round_number, (_round, first, after) in enumerate(state.windows, start=1):
        done = state.rounds_scored >= round_number
        windows.append((first / total, after / total, done))
        if not done:
            upcoming.append((round_number, max(0, first - drawn), max(1, after - drawn)))
    if upcoming:
        text = _outlook_sentence(*upcoming[0])
    elif state.is_over:
        text = _("All three scorings are done")
    else:
        text = ngettext(
            "Final scoring when the bag runs out: {n} tile left",
            "Final scoring when the bag runs out: {n} tiles left",
            len(state.bag),
        ).format(n=len(state.bag))
    return windows, drawn / total, text


class BankView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _card_h(self, snap: TableSnapshot) -> int:
        px = snap.ui.px
        width = (self.rect.w - px(24) - 3 * px(8)) // 4
        return min(px(96), round(width * 1.5))

    def offer_rects(self, snap: TableSnapshot) -> list[pygame.Rect]:
        px = snap.ui.px
        cw, ch = card_size(self._card_h(snap))
        gap = px(8)
        x0 = self.rect.centerx - (4 * cw + 3 * gap) // 2
        y = self.rect.y + px(30)
        return [pygame.Rect(x0 + i * (cw + gap), y, cw, ch) for i in range(4)]

    def _piles_y(self, snap: TableSnapshot) -> int:
        """Under the offer's key caps (which hang below the cards), clear of the deck's stack (drawn 6 px higher)."""
        ui = snap.ui
        caps = ui.text.size("Ag", ui.font_px(12), "bold")[1] + 2
        return self.offer_rects(snap)[0].bottom + max(ui.px(24), caps + 5)

    def pile_rects(self, snap: TableSnapshot) -> dict[str, pygame.Rect]:
        """Deck, discard and bag, side by side under the offer (``pile_layout``)."""
        return self.pile_layout(snap)[0]

    def pile_layout(self, snap: TableSnapshot) -> tuple[dict[str, pygame.Rect], int]:
        """Deck, discard and bag, side by side under the offer, each with its label and count to its right (the
        gap between a pile and its words, the second value): each as wide as its words need (a long word of
        another language: "Dobópakli", «استفاده‌شده»), the room left over shared out between them."""
        ui = snap.ui
        px = ui.px
        h = px(46)
        cw, _ = card_size(h)
        y = self._piles_y(snap)
        bag = px(38)
        counts = ui.text.size("888", ui.font_px(17), "bold")[0]
        icons = {"deck": cw + DECK_STACK * 2, "discard": cw, "bag": bag}  # the deck's backs stacked to the right
        words = {key: max(ui.text.size(pile_label(key), ui.font_px(13))[0], counts) for key in icons}
        margin, gap = px(12), px(PILE_TEXT_GAP)
        if sum(icons.values()) + sum(words.values()) + 3 * gap > self.rect.w - 2 * margin:
            margin, gap = px(4), px(3)  # a narrow panel: closer, rather than words running into a pile
        needs = {key: icons[key] + gap + words[key] for key in icons}
        spare = max(0, self.rect.w - 2 * margin - sum(needs.values())) / 2
        x = self.rect.x + margin
        deck = pygame.Rect(x, y, cw, h)
        discard = pygame.Rect(round(x + needs["deck"] + spare), y, cw, h)
        bag_x = round(x + needs["deck"] + needs["discard"] + 2 * spare)
        bag_rect = pygame.Rect(bag_x, y + (h - bag) // 2, bag, bag)
        return {"deck": deck, "discard": discard, "bag": bag_rect}, gap

    def card_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        offer = snap.state.offer
        for i, rect in enumerate(self.offer_rects(snap)):
            if i < len(offer) and rect.collidepoint(pos):
                return offer[i]
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        state = snap.state
        common.section_title(
            ui, surface, _("Money offer"), (self.rect.x + px(12), self.rect.y + px(9)), right=self.rect.right - px(12)
        )
        acting = snap.can_act and snap.acting
        hint = snap.hint_action
        selected = snap.sel.offer  # what the selection adds up to, and why it may not be taken: the prompt's
        rects = self.offer_rects(snap)
        for i, rect in enumerate(rects):
            if i >= len(state.offer):
                pygame.draw.rect(surface, (16, 28, 28), rect, border_radius=px(6))
                pygame.draw.rect(surface, (60, 76, 72), rect, 1, border_radius=px(6))
                continue
            card = state.offer[i]
            if ("card", card) in snap.hidden:
                continue
            chosen = card in selected
            hovered = acting and rect.collidepoint(ui.mouse)
            shown = rect.move(0, -px(6) if chosen else (-px(3) if hovered else 0))  # clear of the title above
            surface.blit(ui.sprites.shadow(rect.size, 6, 4, 120), (shown.x - 8 + 2, shown.y - 8 + 5))
            surface.blit(ui.sprites.card(card, rect.h), shown)
            if chosen:
                common.selected_frame(surface, shown)
            elif isinstance(hint, Take) and card in hint.cards:
                common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
                common.badge(ui, surface, "hint", shown.topright, px(24))
            elif card in snap.offer_moves:  # a module's move takes it by a click (a thief steals it): lit as a target
                phase = (ui.time * 0.8) % 1
                common.dashed_rect(surface, theme.TARGET, shown.inflate(4, 4), 2, max(4, shown.w // 8), phase)
                if not acting and rect.collidepoint(ui.mouse) and snap.offer_moves[card]:
                    said = snap.offer_moves[card]
                    ui.tooltip(said[:1].upper() + said[1:], shown)
            if acting:
                common.keycap(ui, surface, OFFER_KEYS[i], (shown.centerx, shown.bottom - px(2)), "midtop")
            if hovered:
                tip = (
                    _("{card}: click to select (key {key}); take one card, or several worth 5 at most")
                    if is_money_card(card)
                    else _("{card}: click to select (key {key}); it is taken alone, as a whole action")
                )
                ui.tooltip(tip.format(card=words.card(card), key=OFFER_KEYS[i]), shown)
        self._draw_piles(surface, snap)
        self._draw_outlook(surface, snap)

    def _draw_piles(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        state = snap.state
        piles, gap = self.pile_layout(snap)
        size = ui.font_px(13)
        deck = piles["deck"]
        if state.deck:
            for k in range(min(DECK_STACK, len(state.deck) // 10 + 1), 0, -1):
                surface.blit(ui.sprites.card_back(deck.h), deck.move(k * 2, -k * 2))
            surface.blit(ui.sprites.card_back(deck.h), deck)
        else:
            pygame.draw.rect(surface, (60, 76, 72), deck, 1, border_radius=4)
        discard = piles["discard"]
        if state.discard:
            surface.blit(ui.sprites.card(state.discard[-1], discard.h), discard)
        else:
            pygame.draw.rect(surface, (60, 76, 72), discard, 1, border_radius=4)
        bag = piles["bag"]
        if state.bag:
            surface.blit(ui.sprites.shadow(bag.size, 4, 3, 110), (bag.x - 6 + 2, bag.y - 6 + 3))
            surface.blit(ui.sprites.tile_back(bag.w), bag)
        for key, count in (("deck", len(state.deck)), ("discard", len(state.discard)), ("bag", len(state.bag))):
            rect = piles[key]
            x = rect.right + gap + (DECK_STACK * 2 if key == "deck" else 0)
            word = ui.text.render(pile_label(key), size, theme.TEXT_DIM)
            number = ui.text.render(str(count), ui.font_px(17), theme.IVORY, "bold")
            top = rect.centery - (word.get_height() + number.get_height()) // 2  # stacked, never overlapping
            surface.blit(word, (x, top))
            surface.blit(number, (x, top + word.get_height()))
            if rect.collidepoint(ui.mouse):
                ui.tooltip(_(PILE_TIPS[key]), rect)

    def _draw_outlook(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        piles = self.pile_rects(snap)
        top = piles["deck"].bottom + px(14)
        common.section_title(ui, surface, _("Scorings"), (self.rect.x + px(12), top), right=self.rect.right - px(12))
        windows, drawn, text = scoring_outlook(snap)
        bar = pygame.Rect(self.rect.x + px(12), top + px(22), self.rect.w - px(24), px(14))
        pygame.draw.rect(surface, (14, 24, 24), bar, border_radius=bar.h // 2)
        done_w = round(bar.w * drawn)
        if done_w:
            pygame.draw.rect(surface, (70, 96, 92), (bar.x, bar.y, done_w, bar.h), border_radius=bar.h // 2)
        below = bar.bottom
        for number, (start, end, done) in enumerate(windows, start=1):
            zone = pygame.Rect(
                bar.x + round(bar.w * start), bar.y - px(3), max(px(8), round(bar.w * (end - start))), bar.h + px(6)
            )
            fill = (*theme.GOLD, 90 if not done else 40)
            shade = pygame.Surface(zone.size, pygame.SRCALPHA)
            shade.fill(fill)
            surface.blit(shade, zone)
            pygame.draw.rect(surface, theme.GOLD if not done else theme.GOLD_DARK, zone, 1, border_radius=3)
            # TRANSLATORS: under a scoring card's zone on the money deck's bar, once that scoring is over
            label = str(number) if not done else _("{number} done").format(number=number)
            word = ui.text.render(label, ui.font_px(11), theme.GOLD_LIGHT if not done else theme.TEXT_DIM, "bold")
            placed = surface.blit(word, word.get_rect(midtop=(zone.centerx, zone.bottom + px(2))))
            below = max(below, placed.bottom)
        marker_x = max(bar.x + px(2), min(bar.right - px(2), bar.x + done_w))
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.h // 2)
        pygame.draw.line(surface, theme.IVORY, (marker_x, bar.y - px(2)), (marker_x, bar.bottom + px(1)), 2)
        y = max(bar.bottom + px(22), below + px(3))  # under the zones' numbers, however large the font
        size = ui.font_px(13)
        left, right = self.rect.x + px(12), self.rect.right - px(12)
        lines = ui.text.wrap(text, size, right - left)[:2]
        start = 0  # where the line being drawn starts in ``text``
        for index, line in enumerate(lines):
            start = max(start, text.find(line, start))
            word = ui.text.render(line, size, theme.PARCHMENT)
            if y + word.get_height() > self.rect.bottom - px(4):  # no room left in the panel: end with "…"
                break
            if index + 1 < len(lines) and y + 2 * word.get_height() > self.rect.bottom - px(4):
                rest = text[start:].replace("\n", " ")  # the rest of the outlook on this last line, cut short
                word = ui.text.render(ui.text.fit(rest, size, right - left), size, theme.PARCHMENT)
                surface.blit(word, (theme.text_x(left, right, word.get_width()), y))
                break
            surface.blit(word, (theme.text_x(left, right, word.get_width()), y))
            y += word.get_height()
            start += len(line)
        outlook = pygame.Rect(bar.x, bar.y - px(10), bar.w, y - bar.y + px(24))
        if outlook.collidepoint(ui.mouse):  # the whole outlook too, where the panel had to cut it short
            ui.tooltip(
                _(
                    "{outlook}. The money deck: the marker is how far it has been drawn; the gold zones are where "
                    "the scoring cards were shuffled in (piles 2 and 4 of 5)."
                ).format(outlook=text),
                bar,
            )
