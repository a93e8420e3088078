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
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    TILE_COST,
    TILE_TYPE,
    describe_tile,
    is_bazaar,
)
from game.engine.modules import bazaars, vizier
from game.engine.modules.bazaars import BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar
from game.engine.phases import ACTION

from .. import theme
from ..log_line import LogLine
from ..views import common
from .base import ClientModule, Key, ModulePanel, Narrator, Payment, Picker, ScoreLine

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.alhambra import Alhambra

    from ..views.model import TableSnapshot

NAME = bazaars.NAME
PICK = Picker(
    hotkey="A",
    key=pygame.K_a,
    shortcut="pick the next bazaar beside the market you can pay, to buy it (bazaars)",
)


def name_of(tile: int) -> str:
    """'the florin bazaar (pavilion, seraglio, arcades)'."""
    colours = ", ".join(BUILDING_TYPES[kind] for kind in BAZAAR_TYPES[tile])  # type: ignore[union-attr]
    return f"the {CURRENCIES[BAZAAR_CURRENCY[tile]]} bazaar ({colours})"  # type: ignore[index]


def price_words(state: GameState, tile: int) -> str:
    """[M-BAZAAR-3] what a waiting bazaar costs now, and why."""
    slot = bazaars.PRICE_SLOT[tile]
    currency = CURRENCIES[BAZAAR_CURRENCY[tile]]  # type: ignore[index]
    in_slot = state.market[slot - 1]
    if in_slot < 0:
        return f"not for sale while the {currency} slot is empty"
    return f"costs exactly {TILE_COST[in_slot]} {currency} now, what the {describe_tile(in_slot)} in its slot costs"


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
        """A length of the design, scaled as the panel is (it is ``beside_market`` wide at scale 1)."""
        return max(1, round(value * self.rect.w / self.beside_market))

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

    def item_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        return next((tile for tile, rect in self.rects(snap.state).items() if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        rects = self.rects(state)
        shopping = snap.can_act and (snap.acting or snap.shopping)
        payable = {tile for tile, _, _ in _payments(state, snap.me)} if shopping else set()
        title = common.section_title(ui, surface, "Bazaars", (self.rect.x + px(12), self.rect.y + px(9)))
        if shopping and rects:  # the key that picks one, beside the title (clear of the tiles' price chips)
            common.keycap(ui, surface, PICK.hotkey, (title.right + px(8), title.centery), "midleft")
        if not rects:
            size = ui.font_px(12)
            y = self.rect.y + px(34)
            for line in ui.text.wrap(
                "None waiting. A bazaar drawn from the bag waits here.", size, self.rect.w - px(24)
            ):
                word = ui.text.render(line, size, theme.TEXT_FAINT)
                surface.blit(word, (self.rect.x + px(12), y))
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
                common.chip(ui, surface, "not for sale", shown.center, ui.font_px(11), (60, 24, 18), theme.WARN)
            else:
                common.chip(ui, surface, str(price), (shown.right, shown.y), ui.font_px(13), anchor="center")
            if hovered:
                tip = f"{name_of(tile).capitalize()}: {price_words(state, tile)}"
                if tile in payable:
                    tip += f". Click (or {PICK.hotkey}) to buy it, paying exactly: you may act again"
                elif shopping and price is not None:
                    tip += ". You cannot pay that exactly now"
                ui.tooltip(tip + ". It scores at the end by its neighbours of its three colours", rect)


# ---------------------------------------------------------------- the log
def _paid(cards: list[int]) -> str:
    by_currency: dict[int, list[int]] = {}
    for card in cards:
        by_currency.setdefault(CARD_CURRENCY[card], []).append(CARD_VALUE[card])  # type: ignore[arg-type]
    return " and ".join(f"{CURRENCIES[c]} " + "+".join(map(str, values)) for c, values in by_currency.items())


def _aside(narrator: Narrator, event: dict) -> LogLine:
    """[M-BAZAAR-2] a bazaar drawn from the bag goes beside the market."""
    return LogLine(f"{name_of(event['tile']).capitalize()} is drawn and waits beside the market", None, "refill")


def _buys(narrator: Narrator, event: dict) -> LogLine:
    """[M-BAZAAR-3] a bazaar bought, always exactly: another action follows, but not after a vizier's purchase."""
    extra = "" if narrator.out_of_turn else " — exact, another action allowed"
    narrator.out_of_turn = False
    return narrator.move(event, "buys", f"{name_of(event['tile'])}, paying {_paid(event['paid'])}{extra}")


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
    short = " + ".join(f"{count} × {colours}" for _, count, colours in found)
    parts = [
        f"{name_of(tile)}: {count} neighbour{'s' if count != 1 else ''} of its colours × "
        f"{colours} colour{'s' if colours != 1 else ''} = {count * colours}"
        for tile, count, colours in found
    ]
    total = sum(count * colours for _, count, colours in found)
    text = "; ".join(parts)
    return short, f"{text[:1].upper()}{text[1:]}. In all {total} points."


class BazaarsClient(ClientModule):
    name = NAME
    picker = PICK
    setup_key = "Z"  # B is the bonus cards'
    sayings = {bazaars.ASIDE_EVENT: _aside, bazaars.BUY_EVENT: _buys}  # noqa: RUF012 - read-only table
    timing = {bazaars.ASIDE_EVENT: (0.45, 0.2), bazaars.BUY_EVENT: (0.55, 0.5)}  # noqa: RUF012
    sounds = {bazaars.ASIDE_EVENT: "card", bazaars.BUY_EVENT: "coin"}  # noqa: RUF012

    def panel(self) -> BazaarPanel:
        return BazaarPanel()

    def item_positions(self, state: GameState, panel: ModulePanel | None) -> dict[Key, pygame.Rect]:
        """The waiting bazaars fly to (and from) their squares beside the market."""
        if not isinstance(panel, BazaarPanel):
            return {}
        return {("tile", tile): rect for tile, rect in panel.rects(state).items()}

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") == bazaars.ASIDE_EVENT:
            return [("tile", event["tile"])]
        if event.get("e") == bazaars.BUY_EVENT:
            return [("tile", event["tile"])] + [("card", card) for card in event["paid"]]
        return []

    def turn_options(self, state: GameState) -> list[str]:
        """[M-BAZAAR-3] buying a waiting bazaar, while one can be paid exactly."""
        return [f"buy a bazaar ({PICK.hotkey})"] if _payments(state, state.turn_player) else []

    # ------------------------------------------------------------ buying: the table's flow, a bazaar for a slot
    def for_sale(self, state: GameState) -> list[int]:
        part = bazaars.of(state)
        return list(part.waiting) if part is not None else []

    def item_slot(self, state: GameState, item: int) -> int | None:
        """[M-BAZAAR-3] the slot of its currency, unless it is empty (then it is not for sale)."""
        if item not in self.for_sale(state):
            return None
        slot = bazaars.PRICE_SLOT[item]
        return slot if state.market[slot - 1] >= 0 else None

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

    # ------------------------------------------------------------ the final scoring
    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-BAZAAR-5] only at the third scoring: each bazaar's neighbours of its colours times its colours there."""
        if event.get("round") != bazaars.FINAL_ROUND:
            return []
        said = [explain(state.grids[player]) for player in range(state.players)]
        notes = [short if short else "no bazaar" for short, _ in said]
        tips = [tip for _, tip in said]
        return [ScoreLine(bazaars.SCORE_NAME, "Bazaars", BAZAARS[0], notes, tips, "neighbours × colours")]
