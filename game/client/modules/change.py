"""Everything the client knows of change (RULES.md §11.2, expansion 3).

Change coins are cards of the hand ([M-CHANGE-4]): the engine keeps them with the money, so your hand lays each one
out with the money of its currency and the buying flow suggests and accepts it like a money card of value 1 (the
market, an exchange card's pair, a falcon, the treasure chamber).  A coin is drawn round and milled with its
currency's emblem and a "1" (``Sprites.card``: ``cards/coin_<currency>.png``), never a rectangle like a money card,
so it is told apart without colour.  The change bag is a small panel at the bottom of the opponents column: a coin of
each currency with how many of it are left in the bag (the bag is public, [M-CHANGE-2]).  A ``change`` event is said
in the log and its coins fly from the bag to the buyer's hand; spent coins fly back into the bag ([M-CHANGE-5]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.components import CARD_CURRENCY, COINS, CURRENCIES
from game.engine.modules import change
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..sprites import card_size
from ..views import common
from . import change_help
from .base import ClientModule, Key, ModulePanel, Narration, Narrator

if TYPE_CHECKING:
    from game.engine import GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = change.NAME
COLUMN_W = 292  # the opponents column's width at scale 1 (layout.py)
# each currency's coins, in id order: the one drawn for the currency in the bag's panel is the first
BY_CURRENCY: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in COINS if CARD_CURRENCY[c] == currency) for currency in range(len(CURRENCIES))
)


def bag(state: GameState) -> list[int]:
    """The coins in the change bag now (none when the module does not play)."""
    part = state.parts.get(NAME)
    return list(part.bag) if part is not None else []  # type: ignore[attr-defined]


def coin_name(coin: int) -> str:
    """A coin as a player says it: "florin coin"."""
    return words.card(coin)


def _draws(narrator: Narrator, event: dict) -> LogLine:
    """[M-CHANGE-3] an overpaid purchase: the buyer draws a coin from the change bag for every full 2 overpaid."""
    coins = event["coins"]
    said = words.join(coin_name(c) for c in coins)
    if len(coins) == 1:
        return narrator.tell(
            event,
            N_("You overpaid: you draw change from the bag, a {coins}"),
            N_("{player} overpaid: they draw change from the bag, a {coins}"),
            coins=said,
        )
    return narrator.tell(
        event,
        N_("You overpaid: you draw {n} coins of change from the bag: {coins}"),
        N_("{player} overpaid: they draw {n} coins of change from the bag: {coins}"),
        n=len(coins),
        coins=said,
    )


class ChangeNarration(Narration):
    """[M-CHANGE-3] the change drawn, in the log, and its coins' flight from the bag to the hand."""

    sayings = {change.EVENT: _draws}  # noqa: RUF012 - read-only table
    timing = {change.EVENT: (0.5, 0.25)}  # noqa: RUF012
    sounds = {change.EVENT: "coin"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        return [("card", coin) for coin in event["coins"]] if event.get("e") == change.EVENT else []


class ChangePanel(ModulePanel):
    """The change bag: a coin of each currency and how many of it are left in the bag ([M-CHANGE-2])."""

    weight = 0.32

    def __init__(self) -> None:
        super().__init__()
        self.ui: Ui | None = None  # the fonts the words are measured with (set when drawn)

    def px(self, value: float) -> int:
        """A length of the design, scaled as the column is (it is 292 px wide at scale 1)."""
        return max(1, round(value * self.rect.w / COLUMN_W))

    def least_height(self, ui: Ui, width: int) -> int:
        """The title and a row of coins large enough to read their emblems (24 px at least)."""
        scale = width / COLUMN_W
        title = ui.text.size("A", ui.font_px(13), "bold")[1]
        return round(12 * scale) + title + max(24, round(26 * scale)) + round(6 * scale)

    def _title_h(self) -> int:
        """The title's band, from the panel's top (px)."""
        ui = self.ui
        return self.px(8) + (ui.text.size("A", ui.font_px(13), "bold")[1] if ui is not None else self.px(17))

    def _count(self, n: int) -> str:
        """The count after a coin: "×5", or the bare number in a panel too narrow for the sign (800x600, beside your
        Alhambra)."""
        return f"×{n}" if not self._narrow() else str(n)

    def _narrow(self) -> bool:
        ui = self.ui
        if ui is None:
            return False
        step = (self.rect.w - self.px(24)) // len(CURRENCIES)
        return step - ui.text.size("×00", ui.font_px(12), "bold")[0] - self.px(4) < 14

    def _count_w(self) -> int:
        """The room the count after each coin takes: its words keep their size where the fonts stop shrinking, so in
        a narrow panel the discs give way."""
        ui = self.ui
        if ui is None:
            return self.px(30)
        return ui.text.size(self._count(88), ui.font_px(12), "bold")[0] + self.px(4)

    def coin_rects(self) -> list[pygame.Rect]:
        """Each currency's coin in a row under the title (a coin's card-sized canvas, the disc at its top), each
        followed by its count."""
        px = self.px
        top = self.rect.y + self._title_h() + px(4)
        step = (self.rect.w - px(24)) // len(CURRENCIES)
        disc = max(10, min(px(30), self.rect.bottom - px(5) - top, step - self._count_w()))
        width, height = card_size(round(disc * 1.5))
        return [pygame.Rect(self.rect.x + px(12) + i * step, top, width, height) for i in range(len(CURRENCIES))]

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """Coins in the bag fly from (and back to) their currency's coin."""
        rects = self.coin_rects()
        return {("card", coin): rects[CARD_CURRENCY[coin]] for coin in bag(state)}  # type: ignore[index]

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        if snap.state.parts.get(NAME) is None:
            return
        self.ui = ui
        left = bag(snap.state)
        inner = (self.rect.x + px(12), self.rect.right - px(12))
        title = common.section_title(ui, surface, _("Change bag"), (inner[0], self.rect.y + px(9)), right=inner[1])
        small = ui.font_px(11)
        count = ngettext("{n} coin", "{n} coins", len(left)).format(n=len(left))
        room = self.rect.w - px(24) - title.w - px(10)
        if ui.text.size(count, small)[0] > room:  # a narrow panel: the number alone, beside the coins it counts
            count = str(len(left)) if ui.text.size(str(len(left)), small)[0] <= room else ""  # none: the coins say
        if count:
            word = ui.text.render(count, small, theme.TEXT_DIM)
            x = inner[0] if i18n.is_rtl() else inner[1] - word.get_width()
            surface.blit(word, (x, title.y + px(1)))  # at the other end from the title
        font = ui.font_px(12)
        for currency, rect in enumerate(self.coin_rects()):
            n = sum(1 for coin in left if CARD_CURRENCY[coin] == currency)
            image = ui.sprites.card(BY_CURRENCY[currency][0], rect.h)
            if n == 0:
                image = image.copy()
                image.set_alpha(90)
            surface.blit(image, rect)
            said = ui.text.render(self._count(n), font, theme.IVORY if n else theme.TEXT_FAINT, "bold")
            disc = rect.w  # the coin's disc is as wide as its canvas, at its top
            # beside the coin's disc, inside the panel however low it is squeezed (many players, many modules)
            middle = min(rect.y + round(disc * 0.5), self.rect.bottom - px(2) - said.get_height() // 2)
            surface.blit(said, said.get_rect(midleft=(rect.right + px(2), middle)))
            hit = pygame.Rect(rect.x, rect.y, rect.w + said.get_width() + px(2), rect.w)
            if hit.collidepoint(ui.mouse):
                tip = ngettext(
                    "{n} {currency} coin is left in the change bag.",
                    "{n} {currency} coins are left in the change bag.",
                    n,
                ).format(n=n, currency=words.currency(currency))
                ui.tooltip(sentences(tip, _rule()), hit)
        if title.collidepoint(ui.mouse):
            ui.tooltip(_rule(), title)


def _rule() -> str:
    """[M-CHANGE-3] [M-CHANGE-4] [M-CHANGE-5] the rule in a sentence, in the current language (a tooltip)."""
    return _(
        "Overpay a market tile and draw one coin of value 1 for every full 2 overpaid. A coin pays like a money card "
        "of its currency; spent, it goes back into the bag."
    )


CLIENT = ClientModule(
    name=NAME,
    narration=ChangeNarration(),
    panel=ChangePanel,
    help_page=change_help.PAGE,
    setup_key="O",  # change and camps both begin with C: cOins
)
