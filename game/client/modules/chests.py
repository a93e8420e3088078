"""Everything the client knows of the treasure chamber (RULES.md §11.6, expansion 4).

The chamber is a panel at the right end of the market row: its three rooms one under the other, each with its four
chests ([M-CHEST-2]), the price rule in a line (8 or more in any currencies, no change: [M-CHEST-3], [M-CHEST-4]) and
the bag's count, or the chamber closed ([M-CHEST-7]).  A chest is drawn with its building type's emblem on its
front (``Sprites.tile``: ``tokens/chest_<type>.png``), so its colour is never the only cue.

Buying is a lot of the buying flow (``Wares.lot_payments``): on your turn a click on a room picks it and suggests the
payment worth the least (X: the next one), a click on a card of your hand adds or drops it, and the Buy button under
the rooms (or Enter) makes the purchase; the engine judges it, so a refused purchase says the rule's reason, and a
room that cannot be bought says why when clicked (not your action now, the room empty, too little money).

The chests bought wait in their room, framed, while they are placed ([M-CHEST-5]): the person deciding sees their
buildings that take one lit (``Moves.cell_moves``), and a click on one puts a chest of its colour there; bots'
placements are said in the log and their chests fly from the room to the building.  Every Alhambra (yours, the
opponents' panels, the game-over screen) shows its chests on their buildings (``Placements.marks``, spot
"treasure": the building's lower left quarter).  The score sheet has a row for the chests at every scoring
([M-CHEST-8]); the log says every event of the module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.alhambra import xy_of
from game.engine.components import CARD_VALUE, CHEST_POINTS, CHESTS, PIECE_COLOUR
from game.engine.modules import chests
from game.engine.modules.chests import BuyChests, PlaceChest
from game.engine.payments import covering_payments
from game.engine.phases import ACTION
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import paid, sentences
from ..views import common
from . import chests_help
from .base import (
    ClientModule,
    Key,
    Mark,
    ModulePanel,
    Moves,
    Narration,
    Narrator,
    Picker,
    Placements,
    ScoreLine,
    Scoring,
    Wares,
    decider_name,
)

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = chests.NAME
ROOMS = tuple(range(1, chests.ROOMS + 1))
SPOT = "treasure"  # where a chest sits on its building (``Mark.spot``): the lower left quarter
WIDTH = 188  # the panel's width beside the market at scale 1
ROOM_LEAST = 27  # a room's band at the least, at scale 1: its chests about 20 px
SUGGESTED = 4  # payments suggested for a room at most (X goes through them)


def chest_name(chest: int) -> str:
    """A chest as a player says it: "Pavilion chest"."""
    return words.tile(chest)


def chest_tip(chest: int, building: int) -> str:
    """A chest on its building, in words (its tooltip on an Alhambra and on a reserve)."""
    return _("{chest} on {building}").format(chest=chest_name(chest), building=words.tile(building))


def colours(pieces: list[int]) -> str:
    """The colours of ``pieces`` (chests) as building types, each once: "Pavilion, Garden"."""
    seen: list[int] = []
    for piece in pieces:
        if PIECE_COLOUR[piece] not in seen:
            seen.append(PIECE_COLOUR[piece])  # type: ignore[arg-type]
    return words.join(words.building(kind) for kind in seen)


def buying(state: GameState, player: int) -> bool:
    """[M-CHEST-3] ``player`` decides on their turn's action: a room may be bought now (also after an exact
    purchase)."""
    return (
        chests.of(state) is not None
        and not state.is_over
        and state.phase == ACTION
        and state.decider == player == state.turn_player
    )


def payments(state: GameState, player: int, room: int) -> list[tuple[int, ...]]:
    """[M-CHEST-3] [M-CHEST-4] the payments of at least 8 for ``room`` open to ``player`` now that cannot drop a card,
    the cheapest first (then the fewest cards); [] if the room cannot be bought now."""
    part = chests.of(state)
    if part is None or room not in ROOMS or not part.rooms[room - 1] or not buying(state, player):
        return []
    found = covering_payments(tuple(sorted(state.hands[player])), chests.PRICE)
    return sorted(found, key=lambda p: (sum(CARD_VALUE[c] for c in p), len(p), p))[:SUGGESTED]


def why_not(state: GameState, player: int, room: int) -> str | None:
    """Why ``player`` cannot buy ``room`` now, in words; None if they can."""
    part = chests.of(state)
    if part is None or room not in ROOMS or payments(state, player, room):
        return None
    if not buying(state, player):
        if state.phase == chests.PLACING:
            return _("The chests bought this turn are being placed first.")
        return _("Chests are bought only as an action of your own turn.")
    if not part.rooms[room - 1]:
        if part.closed:
            return _("Room {room} is empty and the treasure chamber is closed: too few chests were left.").format(
                room=room
            )
        return _("Room {room} is empty: an empty room cannot be bought.").format(room=room)
    total = sum(CARD_VALUE[c] for c in state.hands[player])
    return _("The chests of a room cost at least {cost} in any currencies; you hold {total}.").format(
        cost=chests.PRICE, total=total
    )


def price_rule() -> str:
    """[M-CHEST-3] [M-CHEST-4] the price in a few words, in the current language."""
    # TRANSLATORS: the treasure chamber's price rule, short: at least 8 in money of any currencies, no change given
    return _("{cost}+ any currencies · no change").format(cost=chests.PRICE)


def scale() -> str:
    """The points per scoring: "7 · 14/7 · 22/14/7"."""
    return " · ".join("/".join(str(p) for p in points if p) for points in CHEST_POINTS)


# ---------------------------------------------------------------- the panel beside the market
class ChestsPanel(ModulePanel):
    """The treasure chamber: three rooms of four chests, the price rule, the bag, and the Buy button of a room
    picked."""

    beside_market = WIDTH

    def __init__(self) -> None:
        super().__init__()
        self.ui: Ui | None = None  # the table's, for the price rule's lines (set by ``least_height`` and ``draw``)

    def px(self, value: float) -> int:
        """A length of the design, scaled as the panel is (``WIDTH`` wide at scale 1), and never past
        the table's scale (in the dock's column it may be wider)."""
        return max(1, round(value * min(self.rect.w / WIDTH, self.scale)))

    def _rule_lines(self, width: int) -> list[str]:
        """The price rule wrapped to a panel ``width`` wide (a narrow panel in the dock's column: two lines)."""
        ui = self.ui
        if ui is None:
            return [price_rule()]
        return ui.text.wrap(price_rule(), ui.font_px(11), width - round(20 * self._k(width))) or [price_rule()]

    def _k(self, width: int) -> float:
        """The design's scale in a panel ``width`` wide (``px``)."""
        return min(width / WIDTH, self.scale if self.ui is None else self.ui.scale)

    def _title_h(self, width: int | None = None) -> int:
        """The title and the price rule under it, with room for Persian letters below the line: the design's 50 px
        at scale 1, more where the rule wraps (a narrow panel) or the fonts, which stop shrinking at 11 px, need it
        (a small window)."""
        width = self.rect.w if width is None else width
        k = self._k(width)
        ui = self.ui
        if ui is None:
            return max(1, round(50 * k))
        title = ui.text.size("A", ui.font_px(13), "bold")[1]  # as ``common.section_title`` draws it
        lines = len(self._rule_lines(width)) * ui.text.size("Ag", ui.font_px(11))[1]
        return max(round(50 * k), round(8 * k) + title + round(3 * k) + lines + round(6 * k))

    def _foot_h(self) -> int:
        return self.px(30)

    def least_height(self, ui: Ui, width: int) -> int:
        """In the dock's column: the title and the price rule, three rooms whose chests show their emblems (a
        room's band ``ROOM_LEAST`` high at scale 1) and the foot."""
        self.ui = ui
        return self._title_h(width) + round(self._k(width) * (len(ROOMS) * ROOM_LEAST + 30))

    def room_rects(self) -> dict[int, pygame.Rect]:
        """Each room's band, under the title and above the foot (the bag's line or the Buy button)."""
        px = self.px
        top = self.rect.y + self._title_h()
        height = self.rect.bottom - self._foot_h() - top
        step = height / len(ROOMS)
        return {
            room: pygame.Rect(self.rect.x + px(8), round(top + i * step), self.rect.w - px(16), round(step) - px(3))
            for i, room in enumerate(ROOMS)
        }

    def chest_rects(self, room: pygame.Rect) -> list[pygame.Rect]:
        """The four places of a room's chests, right of its number."""
        px = self.px
        label = px(22)
        size = max(8, min(room.h - px(4), (room.w - label - px(6)) // chests.PER_ROOM - px(3)))
        step = (room.w - label - px(4) - size) / (chests.PER_ROOM - 1)
        y = room.centery - size // 2
        return [pygame.Rect(round(room.x + label + i * step), y, size, size) for i in range(chests.PER_ROOM)]

    def button_rect(self) -> pygame.Rect:
        """The Buy button of a room picked, across the foot."""
        px = self.px
        return pygame.Rect(self.rect.x + px(10), self.rect.bottom - self._foot_h(), self.rect.w - px(20), px(25))

    def bag_rect(self) -> pygame.Rect:
        """Where chests go back into (and are drawn from) the bag: at the foot's left."""
        px = self.px
        return pygame.Rect(self.rect.x + px(12), self.rect.bottom - self._foot_h() + px(3), px(22), px(22))

    def placed(self, state: GameState) -> dict[int, pygame.Rect]:
        """Every chest in the chamber where it is drawn: in its room, or (bought, waiting to be placed) in the room
        it came from."""
        part = chests.of(state)
        if part is None:
            return {}
        rooms = self.room_rects()
        found: dict[int, pygame.Rect] = {}
        for room in ROOMS:
            held = part.rooms[room - 1] or (part.pending if part.bought_room == room else [])
            found.update(zip(held, self.chest_rects(rooms[room]), strict=False))
        return found

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """The chests fly from their rooms to buildings, and from (and back into) the bag."""
        part = chests.of(state)
        if part is None:
            return {}
        bag = self.bag_rect()
        found: dict[Key, pygame.Rect] = {("tile", chest): bag for chest in part.bag}
        found.update({("tile", chest): rect for chest, rect in self.placed(state).items()})
        return found

    def lot_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        if chests.of(snap.state) is None:
            return None
        return next((room for room, rect in self.room_rects().items() if rect.collidepoint(pos)), None)

    def action_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Action | None:
        """[M-CHEST-3] the Buy button of the room picked: its purchase with the payment chosen (the engine judges
        it)."""
        room = snap.sel.lot
        if room is None or not snap.sel.pay or not self.button_rect().collidepoint(pos):
            return None
        return BuyChests(room, tuple(snap.sel.pay))

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        self.ui = ui
        px = self.px
        state = snap.state
        part = chests.of(state)
        if part is None:
            return
        right = self.rect.right - px(10)
        title = common.section_title(
            ui, surface, _("Treasure chamber"), (self.rect.x + px(10), self.rect.y + px(8)), right=right
        )
        small = ui.font_px(11)
        said = title.copy()
        y = title.bottom + px(3)
        for line in self._rule_lines(self.rect.w):  # the price rule, wrapped in a narrow panel
            rule = ui.text.render(ui.text.fit(line, small, self.rect.w - px(20)), small, theme.TEXT_DIM)
            at = rule.get_rect(topleft=(theme.text_x(self.rect.x + px(10), right, rule.get_width()), y))
            surface.blit(rule, at)
            said.union_ip(at)
            y += rule.get_height()
        if said.collidepoint(ui.mouse):
            ui.tooltip(_tip_rules(), said)
        for room, band in self.room_rects().items():
            self._draw_room(surface, snap, room, band)
        self._draw_foot(surface, snap)

    def _draw_room(self, surface: pygame.Surface, snap: TableSnapshot, room: int, band: pygame.Rect) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        part = chests.of(state)
        assert part is not None
        held = list(part.rooms[room - 1])
        waiting = part.bought_room == room and bool(part.pending)
        shown = held or (list(part.pending) if waiting else [])
        can_buy = bool(payments(state, snap.me, room)) and snap.can_act
        picked = snap.sel.lot == room
        hovered = band.collidepoint(ui.mouse)
        back = common.tinted(band.size, theme.INK, 70 if not hovered else 110)
        surface.blit(back, band)
        number = ui.text.render(str(room), ui.font_px(15), theme.GOLD_LIGHT if held else theme.TEXT_FAINT, "bold")
        surface.blit(number, number.get_rect(center=(band.x + px(11), band.centery)))
        for chest, rect in zip(shown, self.chest_rects(band), strict=False):
            if ("tile", chest) in snap.hidden:
                continue
            image = ui.sprites.tile(chest, rect.w)
            if waiting:
                image = image.copy()
                image.set_alpha(200)
            surface.blit(image, rect)
        if not shown:
            said = _("closed") if part.closed else _("empty")
            word = ui.text.render(said, ui.font_px(12), theme.TEXT_FAINT)
            surface.blit(word, word.get_rect(midleft=(band.x + px(26), band.centery)))
        hint = snap.hint_action
        if picked:
            common.selected_frame(surface, band, 2)
        elif waiting:  # the chests bought this turn, being placed ([M-CHEST-5])
            common.dashed_rect(surface, theme.GOLD_LIGHT, band, 2, px(6), (ui.time * 0.6) % 1)
        elif isinstance(hint, BuyChests) and hint.room == room and snap.can_act:
            common.glow_frame(surface, band, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
        elif can_buy:
            common.dashed_rect(surface, theme.TARGET, band, 2, px(8), (ui.time * 0.8) % 1)
        if hovered:
            ui.tooltip(self._room_tip(snap, room, shown, waiting, can_buy), band)

    def _room_tip(self, snap: TableSnapshot, room: int, shown: list[int], waiting: bool, can_buy: bool) -> str:
        if not shown:
            what = _("Room {room} is empty.").format(room=room)
        elif waiting:
            what = _("Room {room}: {chests}, bought this turn and being placed.").format(
                room=room, chests=words.join(chest_name(c) for c in shown)
            )
        else:
            what = _("Room {room}: {chests}.").format(room=room, chests=words.join(chest_name(c) for c in shown))
        if can_buy:
            then = _(
                "Click to buy its four chests for {cost} or more in any currencies: no change, no other action."
            ).format(cost=chests.PRICE)
        elif snap.can_act:
            then = why_not(snap.state, snap.me, room) or ""
        else:
            then = ""
        return sentences(what, then)

    def _draw_foot(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        part = chests.of(snap.state)
        assert part is not None
        room = snap.sel.lot
        if room is not None and snap.can_act:
            total = sum(CARD_VALUE[c] for c in snap.sel.pay)
            enough = total >= chests.PRICE
            button = self.button_rect()
            hovered = button.collidepoint(ui.mouse)
            fill = theme.GOLD if enough else (70, 60, 50)
            pygame.draw.rect(surface, fill if not hovered else theme.GOLD_LIGHT, button, border_radius=px(6))
            pygame.draw.rect(surface, theme.INK, button, 2, border_radius=px(6))
            # TRANSLATORS: the treasure chamber's button: buy the room picked, paying {paid} (the cards' total)
            said = _("Buy room {room} · {paid}").format(room=room, paid=total)
            size = ui.font_px(13)
            word = ui.text.render(ui.text.fit(said, size, button.w - px(10), "bold"), size, theme.INK, "bold")
            surface.blit(word, word.get_rect(center=button.center))
            if hovered:
                if enough:
                    tip = _("Buy the four chests of room {room}, paying {paid}. Enter does the same.").format(
                        room=room, paid=paid(snap.sel.pay)
                    )
                else:
                    tip = _("Pay at least {cost}: click cards of your hand to add them.").format(cost=chests.PRICE)
                ui.tooltip(tip, button)
            return
        bag = self.bag_rect()
        if part.bag:
            surface.blit(ui.sprites.tile(part.bag[0], bag.w), bag)
        if part.closed:
            said = _("closed: no more refills")
            short = _("closed")
        else:
            said = ngettext("{n} chest in the bag", "{n} chests in the bag", len(part.bag)).format(n=len(part.bag))
            short = str(len(part.bag))  # the number beside the bag's chest: the tooltip says it in words
        small = ui.font_px(11)
        room = self.rect.right - bag.right - px(16)
        shown = said if ui.text.size(said, small)[0] <= room else short  # a narrow panel: the short form
        word = ui.text.render(ui.text.fit(shown, small, room), small, theme.TEXT_DIM)
        at = word.get_rect(midleft=(bag.right + px(6), bag.centery))
        surface.blit(word, at)
        if at.union(bag).collidepoint(ui.mouse):
            tip = _(
                "An emptied room is refilled with four chests from the bag; with fewer than four left it stays "
                "empty and the chamber closes."
            )
            ui.tooltip(sentences(said, tip) if shown != said else tip, at.union(bag))


def _tip_rules() -> str:
    """The chamber's rules in a tooltip."""
    return sentences(
        _(
            "Your turn's action: buy the four chests of a room for {cost} or more in any currencies. No change is "
            "given and no other action follows, even for exactly {cost}."
        ).format(cost=chests.PRICE),
        _("Each chest goes on one of your buildings of its colour; what you cannot place goes round the table."),
        _("At every scoring the most chests on buildings of your Alhambra score: {scale}.").format(scale=scale()),
    )


# ---------------------------------------------------------------- buying and placing
LOT_PICKER = Picker(
    hotkey="J",
    key=pygame.K_j,
    # TRANSLATORS: in the list of keys: what the J key does
    shortcut_source=N_("pick the next room of chests you can pay, to buy it (treasure chamber)"),
)


class ChestsWares(Wares):
    """[M-CHEST-3] [M-CHEST-4] a room's four chests, a lot bought with money of any currencies: a click on the room
    or J picks it."""

    lot_picker = LOT_PICKER

    def lots(self, state: GameState) -> list[int]:
        part = chests.of(state)
        return [room for room in ROOMS if part.rooms[room - 1]] if part is not None else []

    def lot_payments(self, state: GameState, player: int, lot: int) -> list[tuple[int, ...]]:
        return payments(state, player, lot)

    def lot_refusal(self, state: GameState, player: int, lot: int) -> str | None:
        return why_not(state, player, lot)

    def lot_purchase(self, state: GameState, lot: int, paid: tuple[int, ...]) -> Action | None:
        return BuyChests(lot, paid) if chests.of(state) is not None and lot in ROOMS else None

    def lot_prompt(self, state: GameState, lot: int, paid: tuple[int, ...]) -> str | None:
        if chests.of(state) is None or lot not in ROOMS:
            return None
        total = sum(CARD_VALUE[c] for c in paid)
        buy = _("Buy the chests of room {room} for {cost} or more in any currencies (no change, no other action).")
        if total >= chests.PRICE:
            now = _("Paying {total}: Buy room {room} or Enter; click cards to change the payment, X for another.")
        else:
            now = _("Paying {total}: click cards of your hand to add them.")
        return sentences(buy.format(room=lot, cost=chests.PRICE), now.format(total=total, room=lot))


def placing(state: GameState, player: int) -> bool:
    """[M-CHEST-5] ``player`` decides where a chest bought this turn goes."""
    return chests.of(state) is not None and state.phase == chests.PLACING and state.decider == player


class ChestsMoves(Moves):
    """[M-CHEST-5] a chest put on a lit building by a click; the words of that phase, and buying on the turn."""

    def cell_moves(self, state: GameState, player: int) -> dict[tuple[int, int], Action]:
        """[M-CHEST-5] each free building of a waiting chest's colour, with the move that puts one there."""
        if not placing(state, player):
            return {}
        board = state.boards[player]
        found: dict[tuple[int, int], Action] = {}
        for move in chests.placements(state, player):
            cell = board.cell_of(move.tile)
            if cell is not None:
                found[xy_of(cell)] = move
        return found

    def prompt(self, state: GameState) -> str | None:
        part = chests.of(state)
        if part is None or state.phase != chests.PLACING:
            return None
        return _("Put a chest on a lit building of its colour ({colours}): click one.").format(
            colours=colours(part.pending)
        )

    def title(self, state: GameState, name: str | None) -> str | None:
        if chests.of(state) is None or state.phase != chests.PLACING:
            return None
        player = decider_name(name)
        return _("Your chests") if player is None else _("{player}'s chests").format(player=player)

    def turn_options(self, state: GameState) -> list[str]:
        if any(payments(state, state.decider, room) for room in ROOMS):
            # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
            return [_("buy chests ({key})").format(key=LOT_PICKER.hotkey)]
        return []


class ChestsPlacements(Placements):
    """[M-CHEST-5] [M-CHEST-6] every player's chests on their buildings, drawn on every view of their Alhambra."""

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        part = chests.of(state)
        if part is None:
            return []
        board = state.boards[seat]
        found = []
        for building, chest in sorted(part.on[seat].items()):
            cell = board.cell_of(building)
            if cell is not None:  # on the reserve it is not drawn (and does not count, [M-CHEST-6])
                tip = chest_tip(chest, building)
                found.append(Mark(chest, xy_of(cell), tip, spot=SPOT))
        return found

    def overlays(self, state: GameState, tile: int) -> tuple[Mark, ...]:
        """[M-CHEST-6] a chest stays on its building moved to the reserve (it counts only in the Alhambra): drawn
        there too, so its owner does not forget it."""
        part = chests.of(state)
        if part is None:
            return ()
        for on in part.on:
            chest = on.get(tile)
            if chest is not None:
                tip = chest_tip(chest, tile)
                return (Mark(chest, (0, 0), tip, spot=SPOT),)
        return ()

    def preview(self, state: GameState, action: Action) -> Mark | None:
        if isinstance(action, PlaceChest):
            cell = state.boards[state.decider].cell_of(action.tile)
            if cell is not None:
                return Mark(action.piece, xy_of(cell), chest_name(action.piece), spot=SPOT)
        return None


# ---------------------------------------------------------------- the log
def _buys(narrator: Narrator, event: dict) -> LogLine:
    """[M-CHEST-3] a room's chests bought: no change, no other action."""
    return narrator.tell(
        event,
        N_("You buy the chests of room {room}, paying {paid}: no change, no other action"),
        N_("{player} buys the chests of room {room}, paying {paid}: no change, no other action"),
        room=event["room"],
        paid=paid(event["paid"]),
    )


def _places(narrator: Narrator, event: dict) -> LogLine:
    """[M-CHEST-5] a chest put on a building of its colour."""
    return narrator.tell(
        event,
        N_("You put the {chest} on your {building}"),
        N_("{player} puts the {chest} on their {building}"),
        chest=chest_name(event["chest"]),
        building=words.tile(event["tile"]),
    )


def _back(narrator: Narrator, event: dict) -> LogLine:
    """[M-CHEST-5] chests nobody could place go back into the bag."""
    said = words.join(chest_name(c) for c in event["chests"])
    text = ngettext(
        "Nobody can place the {chests}: back into the bag",
        "Nobody can place the {chests}: back into the bag",
        len(event["chests"]),
    ).format(chests=said)
    return LogLine(text, None, "refill")


def _room(narrator: Narrator, event: dict) -> LogLine:
    """[M-CHEST-7] the emptied room refilled, or the chamber closed."""
    if not event["chests"]:
        text = _("Fewer than four chests are left: room {room} stays empty and the treasure chamber closes").format(
            room=event["room"]
        )
    else:
        text = _("Room {room} is refilled: {chests}").format(
            room=event["room"], chests=words.join(chest_name(c) for c in event["chests"])
        )
    return LogLine(text, None, "refill")


class ChestsNarration(Narration):
    """Every event of the treasure chamber in the log, its flights, and its moves in words."""

    sayings = {  # noqa: RUF012 - read-only table
        chests.BUY_EVENT: _buys,
        chests.PLACE_EVENT: _places,
        chests.BACK_EVENT: _back,
        chests.ROOM_EVENT: _room,
    }
    timing = {  # noqa: RUF012
        chests.BUY_EVENT: (0.5, 0.35),
        chests.PLACE_EVENT: (0.55, 0.35),
        chests.BACK_EVENT: (0.5, 0.2),
        chests.ROOM_EVENT: (0.5, 0.3),
    }
    sounds = {  # noqa: RUF012
        chests.BUY_EVENT: "coin",
        chests.PLACE_EVENT: "place",
        chests.BACK_EVENT: "card",
        chests.ROOM_EVENT: "card",
    }

    def moved_items(self, event: dict) -> list[Key]:
        name = event.get("e")
        if name == chests.BUY_EVENT:
            return [("card", card) for card in event["paid"]]
        if name == chests.PLACE_EVENT:
            return [("tile", event["chest"])]
        if name in (chests.BACK_EVENT, chests.ROOM_EVENT):
            return [("tile", chest) for chest in event["chests"]]
        return []

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, BuyChests):
            # TRANSLATORS: a move, as a hint names it or as it waits for End turn
            return _("buy the chests of room {room}, paying {paid}").format(room=action.room, paid=paid(action.paid))
        if isinstance(action, PlaceChest):
            # TRANSLATORS: a move, as a hint names it or as it waits for End turn
            return _("put the {chest} on your {building}").format(
                chest=chest_name(action.piece), building=words.tile(action.tile)
            )
        return None


# ---------------------------------------------------------------- the scorings
class ChestsScoring(Scoring):
    """[M-CHEST-8] a row of the score sheet: each player's chests on buildings of their Alhambra and the points."""

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        if chests.of(state) is None:
            return []
        scored = {a["player"]: a["points"] for a in event["points"] if a["what"] == chests.SCORE_NAME}
        if not scored:
            return []
        counts = [chests.counted(state, seat) for seat in range(state.players)]
        notes = [ngettext("{n} chest", "{n} chests", n).format(n=n) if n else "" for n in counts]
        tips = [
            ngettext(
                "{n} chest on buildings of the Alhambra: {points} points",
                "{n} chests on buildings of the Alhambra: {points} points",
                n,
            ).format(n=n, points=scored.get(seat, 0))
            if n
            else ""
            for seat, n in enumerate(counts)
        ]
        # TRANSLATORS: what the score sheet's chest row ranks, in small print: the points by scoring
        legend = _("most chests: {scale}").format(scale=scale())
        return [ScoreLine(chests.SCORE_NAME, _("Treasure chests"), CHESTS[0], notes, tips, legend)]


CLIENT = ClientModule(
    name=NAME,
    narration=ChestsNarration(),
    scoring=ChestsScoring(),
    moves=ChestsMoves(),
    wares=ChestsWares(),
    placements=ChestsPlacements(),
    panel=ChestsPanel,
    help_page=chests_help.PAGE,
    setup_key="K",  # C is the camps' (and change's O): K, as the chest's last sound
)
