"""The other players, stacked in the left column, and the rule modules' panels below them.

Each panel shows the score, the Alhambra in miniature, the reserve, tiles bought and not yet
placed, and the hand: every card's value per currency when the memory aid is on ([D-HIDDEN-1]:
takes and payments are public), otherwise only how many cards are held.  With rule modules a row
shows what the seat holds of them (``snap.pieces`` and ``snap.hand_cards``: a vizier token, exchange
cards, bonus cards face down until revealed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, CARD_CURRENCY, CARD_VALUE, MARKET_CURRENCY
from game.i18n import _, ngettext, npgettext, pgettext, words

from .. import theme
from ..layout import split_rows
from ..table import agent_label
from ..widgets import Ui
from . import common
from .alhambra import AlhambraView
from .pieces import draw_piece, natural_width, piece_row

if TYPE_CHECKING:
    from ..modules import ModulePanel
    from .model import TableSnapshot


COLUMN_W = 292  # the column's width at scale 1 (``layout``): wider, on a wide window, the Alhambras get the room
INFO_W = 160  # at scale 1, what the words beside an opponent's Alhambra need at the least (reserve and hand)
HAND_LINE = 15  # at scale 1, the least height of a line of the hand (a currency's cards)


def _reserve_label() -> str:
    # TRANSLATORS: the label of a player's reserve in their panel, before its tiles
    return pgettext("reserve", "Reserve")


class OpponentPanel:
    def __init__(self, ui: Ui, seat: int) -> None:
        self.seat = seat
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grid = AlhambraView(ui, interactive=False, max_cell=34)

    def areas(self, snap: TableSnapshot) -> dict[str, pygame.Rect]:
        px = snap.ui.px
        body = pygame.Rect(self.rect.x + px(10), self.rect.y + px(32), self.rect.w - px(20), self.rect.h - px(40))
        info_h = px(112)
        if self._tall(snap):  # a tall panel (few opponents): the Alhambra on top, full width
            info_h += px(40) if self._has_pieces(snap) else 0  # a rule module's pieces: a row more
            grid = pygame.Rect(body.x, body.y, body.w, body.h - info_h - px(8))
            info = pygame.Rect(body.x, grid.bottom + px(8), body.w, info_h)
            self.grid.max_cell = px(64)
        else:
            self.grid.max_cell = px(34)
            side = min(body.h, round(body.w * 0.46))  # a square
            if self.rect.w > px(COLUMN_W):  # a wide column (a wide window): all the width the words do not need
                side = max(side, body.w - px(10) - px(INFO_W))
            grid = pygame.Rect(body.x, body.y, side, body.h)
            info = pygame.Rect(grid.right + px(10), body.y, body.right - grid.right - px(10), body.h)
        return {"grid": grid, "info": info}

    @staticmethod
    def least_height(ui: Ui, pieces: bool) -> int:
        """The least height of a panel beside the others (the Alhambra at its left): its header, the reserve's row,
        the row of a rule module's pieces (``pieces``) and the four lines of the hand."""
        px = ui.px
        return px(40) + px(22) + (px(27) if pieces else 0) + px(6) + 4 * px(HAND_LINE)

    def _tall(self, snap: TableSnapshot) -> bool:
        px = snap.ui.px
        return self.rect.h - px(40) > (self.rect.w - px(20)) * 0.6 + px(112)

    def _has_pieces(self, snap: TableSnapshot) -> bool:
        return bool(snap.pieces.get(self.seat) or snap.hand_cards.get(self.seat))

    def _info_rows(self, snap: TableSnapshot) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Tiles (reserve and bought), then the hand."""
        px = snap.ui.px
        info = self.areas(snap)["info"]
        tiles = pygame.Rect(info.x, info.y, info.w, px(22))  # reserve (and tiles bought this turn, framed)
        top = tiles.bottom
        if self._has_pieces(snap):
            pieces = self.pieces_rect(snap)
            if pieces.y > tiles.y:
                top = pieces.bottom
            else:  # the pieces share the reserve's row, at its right end
                tiles.w = max(0, pieces.x - px(6) - tiles.x)
        hand = pygame.Rect(info.x, top + px(6), info.w, info.bottom - top - px(6))
        return info, tiles, hand

    def pieces_rect(self, snap: TableSnapshot) -> pygame.Rect:
        """The row of what the seat holds of the rule modules, under the tiles (empty without modules)."""
        px = snap.ui.px
        info = self.areas(snap)["info"]
        if not self._has_pieces(snap):
            return pygame.Rect(info.x, info.y + px(22), info.w, 0)
        if self._tall(snap):  # a row of their own, under the reserve
            return pygame.Rect(info.x, info.y + px(22) + px(5), info.w, px(34))
        height = px(22)  # a narrow panel
        natural = natural_width(snap, self.seat, height)
        beside = info.w - self._reserve_w(snap) - px(6)  # what the reserve's row leaves at its right end
        if natural > beside and info.h >= px(22) + px(5) + height + px(6) + 4 * px(HAND_LINE):
            # a row of their own under the reserve, rather than over its words or tiles (the hand keeps four lines)
            return pygame.Rect(info.x, info.y + px(22) + px(5), info.w, height)
        # a low panel (many opponents): at the right end of the reserve's row, so the hand keeps its four lines, one
        # over the other where the reserve leaves too little room (``piece_row``)
        width = max(beside, min(natural, height))
        return pygame.Rect(info.right - width, info.y, width, height)

    def _reserve_w(self, snap: TableSnapshot) -> int:
        """How wide the reserve's row is drawn: the word "Reserve", then its tiles or the word "none"."""
        ui = snap.ui
        state = snap.state
        tiles = len(state.reserves[self.seat]) + (len(state.held) if state.decider == self.seat else 0)
        if tiles:
            return self._after_label(snap) + tiles * ui.px(23)
        return self._after_label(snap) + ui.text.size(pgettext("reserve", "none"), ui.font_px(12))[0]

    def piece_rects(self, snap: TableSnapshot) -> list[tuple[object, pygame.Rect]]:
        """(piece or exchange-like card id, rect) along the pieces row (from its right end in a language written right
        to left)."""
        row = self.pieces_rect(snap)
        return [(item, common.mirror(rect, row)) for item, rect in piece_row(snap, self.seat, row)]

    def tile_rects(self, snap: TableSnapshot) -> list[tuple[int, pygame.Rect, str]]:
        """Reserve and bought tiles as small squares: (tile, rect, 'reserve' or 'held')."""
        px = snap.ui.px
        _, row, _ = self._info_rows(snap)
        state = snap.state
        tiles = [(t, "held") for t in (state.held if state.decider == self.seat else [])]
        tiles += [(t, "reserve") for t in state.reserves[self.seat]]
        size = px(20)
        start = self._after_label(snap)
        step = size
        if len(tiles) > 1:  # closer together when they would not fit, never on top of each other
            step = max(px(3), min(size + px(3), (row.w - start - size) / (len(tiles) - 1)))
        return [
            (t, common.mirror(pygame.Rect(round(row.x + start + i * step), row.y + 1, size, size), row), where)
            for i, (t, where) in enumerate(tiles)  # right to left, after the word "Reserve" on the right
        ]

    @staticmethod
    def _after_label(snap: TableSnapshot) -> int:
        """Where the reserve's tiles (or "none") start: after the word "Reserve", whatever the font's size (and
        the language)."""
        ui = snap.ui
        return max(ui.px(52), ui.text.size(_reserve_label(), ui.font_px(12))[0] + ui.px(6))

    def hand_rect(self, snap: TableSnapshot) -> pygame.Rect:
        return self._info_rows(snap)[2]

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        state = snap.state
        seat = self.seat
        active = state.decider == seat and not state.is_over
        if active:  # the panel itself is in the table's static layer; lighten it for the player to move
            surface.blit(ui.sprites.panel(self.rect.size, theme.PANEL_LIGHT, 150, theme.PANEL_EDGE, 10), self.rect)
            common.glow_frame(surface, self.rect, theme.seat_color(seat), 0.45 + 0.35 * snap.glow, 10)
        name = snap.names[seat]
        row = self.rect.y + px(16)  # the header: token, name and who plays it, and the score at the other end
        token = common.mirror(pygame.Rect(self.rect.x + px(9), row - px(9), px(18), px(18)), self.rect)
        common.seat_token(ui, surface, seat, name, token.center, px(9))
        score = ui.text.render(str(round(snap.shown_scores[seat])), ui.font_px(18), theme.GOLD_LIGHT, "bold")
        surface.blit(score, common.mirror(score.get_rect(midright=(self.rect.right - px(12), row)), self.rect))
        agent = snap.agents[seat]
        # TRANSLATORS: under a player's name in their panel: a person plays this seat (not a bot)
        sub = agent_label(agent) if agent else pgettext("seat", "human")
        if active and snap.thinking:
            # TRANSLATORS: under a bot's name while it works out its move; dots are added after it
            sub = pgettext("seat", "thinking") + "." * (1 + int(ui.time * 3) % 3)
        room = self.rect.w - px(44) - score.get_width() - px(12)
        title = ui.text.render(
            ui.text.fit(name, ui.font_px(15), room // 2 + px(30), "bold"), ui.font_px(15), theme.IVORY, "bold"
        )
        surface.blit(title, common.mirror(title.get_rect(midleft=(self.rect.x + px(32), row)), self.rect))
        label = ui.text.render(
            ui.text.fit(sub, ui.font_px(12), room - title.get_width() - px(8)),
            ui.font_px(12),
            theme.GOLD_LIGHT if active else theme.TEXT_DIM,
        )
        at = label.get_rect(midleft=(self.rect.x + px(40) + title.get_width(), row + 1))
        surface.blit(label, common.mirror(at, self.rect))
        areas = self.areas(snap)
        self.grid.rect = areas["grid"]
        pygame.draw.rect(surface, (14, 26, 26), areas["grid"], border_radius=px(6))
        hidden = {item[1] for item in snap.hidden if item[0] == "tile"}
        marks = snap.marks.get(seat, ())  # a rule module's tokens on its corners (falcons)
        self.grid.draw(surface, state.boards[seat].grid, hidden=hidden, marks=marks)
        self._draw_tiles(surface, snap)
        if self._has_pieces(snap):
            for item, rect in self.piece_rects(snap):
                draw_piece(surface, snap, item, rect)
        self._draw_hand(surface, snap)
        over_mark = self.grid.mark_at(marks, ui.mouse) is not None  # its own tooltip
        if self.rect.collidepoint(ui.mouse) and areas["grid"].collidepoint(ui.mouse) and not over_mark:
            counts = state.boards[seat].type_counts()
            # TRANSLATORS: a count of buildings of one type in a list ("3 Tower")
            parts = [
                npgettext("buildings of a type", "{n} {type}", "{n} {type}", counts[i]).format(
                    n=counts[i], type=words.building(i)
                )
                for i in range(len(BUILDING_TYPES))
                if counts[i]
            ]
            if parts:
                said = _("{player}'s Alhambra: {buildings}; longest outer wall {wall}")
            else:
                said = _("{player}'s Alhambra: only the fountain; longest outer wall {wall}")
            ui.tooltip(
                said.format(player=name, buildings=words.join(parts), wall=state.boards[seat].wall_length()),
                areas["grid"],
            )

    def _draw_tiles(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        _, row, _ = self._info_rows(snap)
        label = ui.text.render(_reserve_label(), ui.font_px(12), theme.TEXT_DIM)
        surface.blit(label, common.mirror(label.get_rect(midleft=(row.x, row.centery)), row))
        rects = self.tile_rects(snap)
        if not rects:
            # TRANSLATORS: after "Reserve" in a player's panel: no tile on it
            word = ui.text.render(pgettext("reserve", "none"), ui.font_px(12), theme.TEXT_FAINT)
            surface.blit(
                word, common.mirror(word.get_rect(midleft=(row.x + self._after_label(snap), row.centery)), row)
            )
        for tile, rect, where in rects:
            if ("tile", tile) in snap.hidden:
                continue
            surface.blit(ui.sprites.tile(tile, rect.w), rect)
            common.draw_on_tile(ui, surface, snap.overlays.get(tile, ()), rect)  # walls, a chest: modules' tokens
            if where == "held":
                pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(2, 2), 1)
        if row.collidepoint(ui.mouse) and rects:
            state = snap.state
            n = len(state.reserves[self.seat])
            said = ngettext("Reserve: {n} tile (it does not score)", "Reserve: {n} tiles (they do not score)", n)
            ui.tooltip(said.format(n=n), row)

    def _draw_hand(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        area = self.hand_rect(snap)
        hand = [c for c in snap.state.hands[self.seat] if ("card", c) not in snap.hidden]
        if not snap.show_hands:
            said = ngettext("{n} money card", "{n} money cards", len(hand)).format(n=len(hand))
            word = ui.text.render(said, ui.font_px(13), theme.IVORY)
            surface.blit(word, (theme.text_x(area.x, area.right, word.get_width()), area.y))
            return
        line_h = max(ui.px(12), min(px(19), area.h // 4))
        badge = line_h - 2
        size = max(11, min(ui.font_px(13), line_h - 3))
        while size > 8 and ui.text.size("0", size)[1] > line_h:  # a line's text stays within its line
            size -= 1
        for i, currency in enumerate(MARKET_CURRENCY):
            y = area.y + i * line_h
            if y + line_h > area.bottom + 2:
                break
            cards = sorted(CARD_VALUE[c] for c in hand if CARD_CURRENCY[c] == currency)
            badge_rect = common.mirror(
                pygame.Rect(area.x, y, badge, badge), area
            )  # right to left: the row from the right
            surface.blit(ui.sprites.currency_badge(currency, badge), badge_rect)
            total = sum(cards)
            sum_word = ui.text.render(str(total) if cards else "", size, theme.GOLD_LIGHT, "bold")
            surface.blit(sum_word, common.mirror(sum_word.get_rect(midright=(area.right, y + badge // 2 + 1)), area))
            text = " ".join(map(str, cards)) if cards else "—"
            room = area.w - badge - px(10) - sum_word.get_width() - px(6)
            word = ui.text.render(ui.text.fit(text, size, room), size, theme.IVORY if cards else theme.TEXT_FAINT)
            surface.blit(word, common.mirror(word.get_rect(midleft=(area.x + badge + px(5), y + badge // 2 + 1)), area))
            if pygame.Rect(area.x, y, area.w, line_h).collidepoint(ui.mouse):
                said = ngettext(
                    "{n} {currency} card worth {value} (memory aid: everyone saw it taken)",
                    "{n} {currency} cards worth {value} (memory aid: everyone saw these taken)",
                    len(cards),
                ).format(n=len(cards), currency=words.currency(currency), value=total)
                ui.tooltip(said, pygame.Rect(area.x, y, area.w, line_h))


class OpponentsView:
    """Lays the panels out in the left column; the rule modules' panels, if any, at the bottom."""

    def __init__(self, ui: Ui, seats: list[int], modules: list[ModulePanel]) -> None:
        self.ui = ui
        self.panels = [OpponentPanel(ui, seat) for seat in seats]
        self.modules = modules
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect, gap: int, pieces: bool = False) -> None:
        """The panels stacked in ``rect`` by their weights; a module's panel no lower than its words and pieces need
        (``ModulePanel.least_height``) while the opponents' keep what theirs need (``pieces``: a rule module's
        pieces beside their reserve)."""
        self.rect = rect
        weights = [1.0] * len(self.panels) + [panel.weight for panel in self.modules]
        least = [OpponentPanel.least_height(self.ui, pieces)] * len(self.panels)
        least += [panel.least_height(self.ui, rect.w) for panel in self.modules]
        rows = split_rows(rect, weights, gap, least)
        for panel, row in zip([*self.panels, *self.modules], rows, strict=False):
            panel.rect = row

    def panel(self, seat: int) -> OpponentPanel | None:
        return next((p for p in self.panels if p.seat == seat), None)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        for panel in self.panels:
            panel.draw(surface, snap)
        for module in self.modules:
            module.draw(surface, snap)
