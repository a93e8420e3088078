"""Everything the client knows of the bazaars (RULES.md §9.6, the 2024 edition).

The bazaars waiting beside the market ([M-BAZAAR-2]) are a panel at the market's right end, each with
its price now: the cost of the tile in the market slot of its currency, or "not for sale" while that
slot is empty ([M-BAZAAR-3]).  A bazaar drawn from the bag flies there; the log says so.

In your action phase a click on a bazaar (or the A key, which picks the next one you can pay) chooses
it like a market slot: its exact payments in its currency are suggested as chips, with an exchange
card where one lets you pay ([M-EXCH-3]), and Buy (Enter) buys it with the extra action of an exact
payment.  The slot that sets its price is marked in the market.  In a vizier window your vizier may
buy one the same way ([M-VIZIER-2]).  A bought bazaar flies to its buyer and is placed like any bought
tile ([M-BAZAAR-4]).  At the final scoring the score sheet has a row "Bazaars": each bazaar's
neighbours of its colours times the colours among them ([M-BAZAAR-5]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import (
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    EMPTY,
    TILE_COST,
    TILE_TYPE,
    is_bazaar,
)
from game.engine.modules import bazaars, vizier
from game.engine.modules.bazaars import BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar
from game.engine.phases import ACTION
from game.i18n import N_, _, ngettext, pgettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import paid, sentences
from ..views import common
from . import bazaars_help
from .base import (
    ClientModule,
    Key,
    ModulePanel,
    Moves,
    Narration,
    Narrator,
    Payment,
    Picker,
    ScoreLine,
    Scoring,
    Wares,
)

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.alhambra import Alhambra

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = bazaars.NAME
PICK = Picker(
    hotkey="A",
    key=pygame.K_a,
    # TRANSLATORS: in the list of keys: what the A key does
    shortcut_source=N_("pick the next bazaar beside the market you can pay, to buy it (bazaars)"),
)
LABEL = N_("Bazaars")  # the score sheet's row
LEGEND = N_("neighbours × colours")  # under the row's label
NO_BAZAAR = N_("no bazaar")  # a player's cell in that row, without a bazaar


def name_of(tile: int) -> str:
    """'florin bazaar (Pavilion, Seraglio, Arcades)'."""
    colours = words.join(words.building(kind) for kind in BAZAAR_TYPES[tile])  # type: ignore[union-attr]
    return _("{currency} bazaar ({types})").format(currency=words.currency(BAZAAR_CURRENCY[tile]), types=colours)  # type: ignore[arg-type]


def price_words(state: GameState, tile: int) -> str:
    """[M-BAZAAR-3] what a waiting bazaar costs now, and why: "The florin bazaar (...): costs exactly 7 florin
    now, what the Tower 7 in its slot costs."."""
    slot = bazaars.PRICE_SLOT[tile]
    currency = words.currency(BAZAAR_CURRENCY[tile])  # type: ignore[arg-type]
    in_slot = state.in_slot(slot)
    if in_slot == EMPTY:
        return _("The {bazaar}: not for sale while the {currency} slot is empty.").format(
            bazaar=name_of(tile), currency=currency
        )
    return _("The {bazaar}: costs exactly {cost} {currency} now, what the {tile} in its slot costs.").format(
        bazaar=name_of(tile), cost=TILE_COST[in_slot], currency=currency, tile=words.tile(in_slot)
    )


def _in_window(state: GameState) -> bool:
    return vizier.of(state) is not None and state.phase == vizier.WINDOW


def _payments(state: GameState, player: int) -> tuple[bazaars.BazaarPayment, ...]:
    """[M-BAZAAR-3] the exact payments of the waiting bazaars open to ``player`` now: on their turn, or with their
    vizier in a window ([M-VIZIER-2])."""
    if bazaars.of(state) is None or player != state.decider:
        return ()
    if not ((state.phase == ACTION and player == state.turn_player) or _in_window(state)):
        return ()
    return bazaars.payments(state, player)


# ---------------------------------------------------------------- the panel beside the market
class BazaarPanel(ModulePanel):
    """The bazaars waiting beside the market, each with its price now ([M-BAZAAR-2], [M-BAZAAR-3])."""

    beside_market = 176

    def px(self, value: float) -> int:
        """A length of the design, scaled as the panel is (it is ``beside_market`` wide at scale 1), and
        never past the table's scale (in the dock's column it may be wider)."""
        return max(1, round(value * min(self.rect.w / self.beside_market, self.scale)))

    def least_height(self, ui: Ui, width: int) -> int:
        """In the dock's column: the title and two rows of tiles large enough to read their prices (``tile_rects``
        lays out as many as wait, as large as fit)."""
        return round(min(width / self.beside_market, ui.scale) * (38 + 2 * 38 + 8 + 6))

    def tile_rects(self, count: int) -> list[pygame.Rect]:
        """Where ``count`` waiting bazaars go: a grid under the title, the tiles as large as fit (a market tile's
        size at most)."""
        px = self.px
        area = pygame.Rect(self.rect.x + px(10), self.rect.y + px(38), self.rect.w - px(20), self.rect.h - px(44))
        if count == 0 or area.w <= 0 or area.h <= 0:
            return []
        gap = px(8)
        best, shape = 0, (1, count)
        for columns in range(1, count + 1):
            rows = -(-count // columns)
            size = min((area.w - (columns - 1) * gap) // columns, (area.h - (rows - 1) * gap) // rows, px(92))
            if size > best:
                best, shape = size, (columns, rows)
        columns, rows = shape
        width = columns * best + (columns - 1) * gap
        height = rows * best + (rows - 1) * gap
        x0, y0 = area.centerx - width // 2, area.y + (area.h - height) // 2
        return [
            pygame.Rect(x0 + (i % columns) * (best + gap), y0 + (i // columns) * (best + gap), best, best)
            for i in range(count)
        ]

    def waiting(self, state: GameState) -> list[int]:
        part = bazaars.of(state)
        return list(part.waiting) if part is not None else []

    def rects(self, state: GameState) -> dict[int, pygame.Rect]:
        """Each waiting bazaar's square."""
        tiles = self.waiting(state)
        return dict(zip(tiles, self.tile_rects(len(tiles)), strict=True))

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """The waiting bazaars fly to (and from) their squares beside the market."""
        return {("tile", tile): rect for tile, rect in self.rects(state).items()}

    def item_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        return next((tile for tile, rect in self.rects(snap.state).items() if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        rects = self.rects(state)
        shopping = snap.can_act and (snap.acting or snap.shopping)
        payable = {tile for tile, _, _ in _payments(state, snap.me)} if shopping else set()
        title = common.section_title(ui, surface, _(LABEL), (self.rect.x + px(12), self.rect.y + px(9)))
        if shopping and rects:  # the key that picks one, beside the title (clear of the tiles' price chips)
            common.keycap(ui, surface, PICK.hotkey, (title.right + px(8), title.centery), "midleft")
        if not rects:
            size = ui.font_px(12)
            y = self.rect.y + px(34)
            for line in ui.text.wrap(
                _("None waiting. A bazaar drawn from the bag waits here."), size, self.rect.w - px(24)
            ):
                word = ui.text.render(line, size, theme.TEXT_FAINT)
                surface.blit(word, (theme.text_x(self.rect.x + px(12), self.rect.right - px(12), word.get_width()), y))
                y += word.get_height()
        hint = snap.hint_action
        for tile, rect in rects.items():
            hovered = rect.collidepoint(ui.mouse)
            price = bazaars.price(state, tile)
            lift = -px(2) if hovered and tile in payable else 0
            shown = rect.move(0, lift)
            if ("tile", tile) not in snap.hidden:
                surface.blit(ui.sprites.shadow(rect.size, 4, 3, 110), (rect.x - 4, rect.y - 2))
                surface.blit(ui.sprites.tile(tile, rect.w), shown)
                if price is None or (shopping and tile not in payable):
                    common.dim(surface, shown, 100)
            if snap.sel.item == tile:
                common.selected_frame(surface, shown, 3)
            elif isinstance(hint, BuyBazaar | ExchangeBuyBazaar | VizierBuyBazaar) and hint.tile == tile:
                common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
                common.badge(ui, surface, "hint", shown.topright, max(14, rect.w // 3))
            elif tile in payable:  # exact payments only: a lit target, as the vizier's slots are
                common.dashed_rect(surface, theme.TARGET, shown.inflate(px(6), px(6)), 2, px(8), (ui.time * 0.8) % 1)
            if price is None:
                # TRANSLATORS: on a bazaar whose price slot is empty
                said = pgettext("bazaar", "not for sale")
                common.chip(ui, surface, said, shown.center, ui.font_px(11), (60, 24, 18), theme.WARN)
            else:
                common.chip(ui, surface, str(price), (shown.right, shown.y), ui.font_px(13), anchor="center")
            if hovered:
                can = ""
                if tile in payable and _in_window(state):  # [M-VIZIER-3] no extra action out of turn
                    can = _(
                        "Click (or {key}) to buy it with your vizier, paying exactly; no extra action follows."
                    ).format(key=PICK.hotkey)
                elif tile in payable:  # [M-BAZAAR-3] an exact payment on your turn: another action
                    can = _("Click (or {key}) to buy it, paying exactly: you may act again.").format(key=PICK.hotkey)
                elif shopping and price is not None:
                    can = _("You cannot pay that exactly now.")
                scores = _("It scores at the end by its neighbours of its three colours.")
                ui.tooltip(sentences(price_words(state, tile), can, scores), rect)


# ---------------------------------------------------------------- the log
def _aside(narrator: Narrator, event: dict) -> LogLine:
    """[M-BAZAAR-2] a bazaar drawn from the bag goes beside the market."""
    text = _("The {bazaar} is drawn and waits beside the market").format(bazaar=name_of(event["tile"]))
    return LogLine(text, None, "refill")


def _buys(narrator: Narrator, event: dict) -> LogLine:
    """[M-BAZAAR-3] a bazaar bought, always exactly: another action follows, but not after a vizier's purchase."""
    out_of_turn = narrator.out_of_turn
    narrator.out_of_turn = False
    args = {"bazaar": name_of(event["tile"]), "paid": paid(event["paid"])}
    if out_of_turn:
        return narrator.tell(
            event, N_("You buy the {bazaar}, paying {paid}"), N_("{player} buys the {bazaar}, paying {paid}"), **args
        )
    return narrator.tell(
        event,
        N_("You buy the {bazaar}, paying {paid} — exact, another action allowed"),
        N_("{player} buys the {bazaar}, paying {paid} — exact, another action allowed"),
        **args,
    )


# ---------------------------------------------------------------- the final scoring
def neighbours(grid: Alhambra, cell: int, tile: int) -> tuple[int, int]:
    """[M-BAZAAR-5] bazaar ``tile`` on ``cell``: its neighbours of its colours, and how many of its colours show."""
    colours = BAZAAR_TYPES[tile]
    kinds = [TILE_TYPE[grid[cell + step]] for step in bazaars.AROUND if cell + step in grid]
    counted = [kind for kind in kinds if kind is not None and kind in colours]  # type: ignore[operator]
    return len(counted), len(set(counted))


def explain(grid: Alhambra) -> tuple[str, str]:
    """A player's bazaars at the final scoring in a few words ("4×2 + 3×1") and at length, or ("", "")."""
    found = [(tile, *neighbours(grid, cell, tile)) for cell, tile in sorted(grid.items()) if is_bazaar(tile)]
    if not found:
        return "", ""
    short = " + ".join(f"{count} × {colours}" for _tile, count, colours in found)
    parts = [
        # TRANSLATORS: one bazaar's points ("florin bazaar (...): 4 neighbours of its colours × 2 colours = 8")
        _("{bazaar}: {neighbours} × {colours} = {points}").format(
            bazaar=name_of(tile),
            neighbours=ngettext("{n} neighbour of its colours", "{n} neighbours of its colours", count).format(n=count),
            colours=ngettext("{n} colour", "{n} colours", colours).format(n=colours),
            points=count * colours,
        )
        for tile, count, colours in found
    ]
    total = sum(count * colours for _tile, count, colours in found)
    # TRANSLATORS: between the bazaars of one Alhambra, in the score sheet's explanation
    text = words.label(pgettext("between bazaars", "; ").join(parts))
    return short, ngettext("{bazaars}. In all {n} point.", "{bazaars}. In all {n} points.", total).format(
        bazaars=text, n=total
    )


class BazaarsNarration(Narration):
    """[M-BAZAAR-2] a bazaar set beside the market, [M-BAZAAR-3] one bought: in the log, and flying."""

    sayings = {bazaars.ASIDE_EVENT: _aside, bazaars.BUY_EVENT: _buys}  # noqa: RUF012 - read-only table
    timing = {bazaars.ASIDE_EVENT: (0.45, 0.2), bazaars.BUY_EVENT: (0.55, 0.5)}  # noqa: RUF012
    sounds = {bazaars.ASIDE_EVENT: "card", bazaars.BUY_EVENT: "coin"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") == bazaars.ASIDE_EVENT:
            return [("tile", event["tile"])]
        if event.get("e") == bazaars.BUY_EVENT:
            return [("tile", event["tile"])] + [("card", card) for card in event["paid"]]
        return []


class BazaarsMoves(Moves):
    """Buying a bazaar, named in the turn's prompt."""

    def turn_options(self, state: GameState) -> list[str]:
        """[M-BAZAAR-3] buying a waiting bazaar, while one can be paid exactly."""
        if not _payments(state, state.turn_player):
            return []
        # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
        return [_("buy a bazaar ({key})").format(key=PICK.hotkey)]


class BazaarsWares(Wares):
    """[M-BAZAAR-3] the bazaars waiting beside the market, each priced and paid by the market slot of its currency
    and bought through the table's buying flow as that slot's tile is."""

    picker = PICK

    def for_sale(self, state: GameState) -> list[int]:
        part = bazaars.of(state)
        return list(part.waiting) if part is not None else []

    def item_slot(self, state: GameState, item: int) -> int | None:
        """[M-BAZAAR-3] the slot of its currency, unless it is empty (then it is not for sale)."""
        if item not in self.for_sale(state):
            return None
        slot = bazaars.PRICE_SLOT[item]
        return slot if state.in_slot(slot) != EMPTY else None

    def item_payments(self, state: GameState, player: int, item: int) -> list[Payment]:
        """[M-BAZAAR-3] exact payments in its currency, fewest cards first, then those with an exchange card
        ([M-EXCH-3]) where one lets the player pay."""
        found = [(paid, card[0] if card else None) for tile, paid, card in _payments(state, player) if tile == item]
        return sorted(found, key=lambda payment: (payment[1] is not None, len(payment[0])))

    def item_purchase(self, state: GameState, item: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        if not is_bazaar(item):
            return None
        if _in_window(state):  # [M-VIZIER-2] with the vizier, out of turn
            return VizierBuyBazaar(item, paid, (card,) if card is not None else ())
        return ExchangeBuyBazaar(item, paid, card) if card is not None else BuyBazaar(item, paid)


class BazaarsScoring(Scoring):
    """[M-BAZAAR-5] the score sheet's row "Bazaars" at the final scoring."""

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-BAZAAR-5] only at the third scoring: each bazaar's neighbours of its colours times its colours there."""
        if event.get("round") != bazaars.FINAL_ROUND:
            return []
        said = [explain(state.boards[player].grid) for player in range(state.players)]
        notes = [short if short else _(NO_BAZAAR) for short, _tip in said]
        tips = [tip for _short, tip in said]
        return [ScoreLine(bazaars.SCORE_NAME, _(LABEL), BAZAARS[0], notes, tips, _(LEGEND))]


CLIENT = ClientModule(
    name=NAME,
    narration=BazaarsNarration(),
    scoring=BazaarsScoring(),
    moves=BazaarsMoves(),
    wares=BazaarsWares(),
    panel=BazaarPanel,
    help_page=bazaars_help.PAGE,
    setup_key="Z",  # B is the bonus cards'
)
