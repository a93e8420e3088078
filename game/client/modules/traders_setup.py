"""A person's secret choice at the start of a street traders game ([M-TRADER-2]): three of their six citizens
(one of each colour) for their trader's disc, and the side of the start tile the disc stands on.

Drawn inside the panel scene of the setup choices (its title, frame and Confirm are that scene's): the six citizens
in a row (a click takes one or puts it back; three at most), the start tile with its four sides around it (a click
puts the disc there).  The dealt choice is what a bot keeps: the side is preselected from it, the citizens are not
(the person chooses them).  Confirmed, ``traders.choose`` (which checks the rule) changes the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, START
from game.engine.modules import traders
from game.i18n import N_, _, words

from .. import theme
from ..views import common
from ..widgets import draw_text
from .base import ChoicePanel

if TYPE_CHECKING:
    from game.engine.play import Deal

    from ..widgets import Ui

LINES = 4  # the explanation's lines at most, above the citizens
SIDE_LETTERS = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}  # a side of the start tile: its letter
DISC = "trader_disc"  # the disc's token art (assets/tokens), as the table draws it
ON_DISC_SPOTS = ((0.0, -0.2), (-0.2, 0.14), (0.2, 0.14))  # the three citizens on a disc, from its centre


class DiscChoice(ChoicePanel):
    """The person's three citizens (colours, in the order clicked) and their disc's side."""

    title_source = N_("Your trader's disc")

    def __init__(self, deal: Deal, seat: int, name: str) -> None:
        super().__init__(deal, seat, name)
        discs, _supply = deal.parts[traders.NAME]
        self.side: tuple[int, int] = tuple(discs[seat][1])  # type: ignore[assignment]
        self.citizens = traders.seat_citizens(seat)
        self.colours: list[int] = []
        self.ui: Ui | None = None

    # ------------------------------------------------------------------ layout (after the first draw: the ui's scale)
    def _px(self, value: float) -> int:
        return self.ui.px(value) if self.ui is not None else round(value)

    def _text_bottom(self) -> int:
        line = self.ui.text.size("Ag", self.ui.font_px(17))[1] if self.ui is not None else 22
        return self.rect.y + LINES * line + self._px(12)

    def citizen_rects(self) -> list[pygame.Rect]:
        gap = self._px(14)
        size = min(self._px(72), (self.rect.w - 5 * gap) // 6)
        left = self.rect.centerx - (6 * size + 5 * gap) // 2
        top = self._text_bottom()
        return [pygame.Rect(left + i * (size + gap), top, size, size) for i in range(len(BUILDING_TYPES))]

    def side_rects(self) -> dict[tuple[int, int], pygame.Rect]:
        top = self.citizen_rects()[0].bottom + self._px(56)
        cell = max(self._px(24), min(self._px(64), (self.rect.bottom - top) // 3))
        tile = pygame.Rect(0, 0, cell, cell)
        tile.midtop = (self.rect.centerx, top + cell)
        return {side: tile.move(side[0] * cell, side[1] * cell) for side in traders.START_SIDES}

    def tile_rect(self) -> pygame.Rect:
        return self.side_rects()[(1, 0)].move(-self.side_rects()[(1, 0)].w, 0)

    # ------------------------------------------------------------------ choosing
    def click(self, pos: tuple[int, int]) -> bool:
        for kind, rect in enumerate(self.citizen_rects()):
            if rect.collidepoint(pos):
                if kind in self.colours:
                    self.colours.remove(kind)
                elif len(self.colours) < traders.ON_DISC:
                    self.colours.append(kind)
                return True
        for side, rect in self.side_rects().items():
            if rect.collidepoint(pos):
                self.side = side
                return True
        return False

    def ready(self) -> bool:
        return len(self.colours) == traders.ON_DISC

    def chosen(self) -> Deal:
        return traders.choose(self.deal, self.seat, sorted(self.colours), self.side)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        self.ui = ui
        px = ui.px
        small, body = ui.font_px(15), ui.font_px(17)
        said = _(
            "{player}: choose three citizens of different colours for your trader's disc, and the side of your "
            "start tile it stands on. The other three join the open supply. Your choice is secret until everyone "
            "has chosen."
        ).format(player=self.name)
        y = self.rect.y
        for line in ui.text.wrap(said, body, self.rect.w)[:LINES]:
            word = ui.text.render(line, body, theme.IVORY)
            y = draw_text(surface, word, (theme.text_x(self.rect.x, self.rect.right, word.get_width()), y)).bottom
        rects = self.citizen_rects()
        for kind, rect in enumerate(rects):
            picked = kind in self.colours
            surface.blit(ui.sprites.tile(self.citizens[kind], rect.w), rect)
            if picked:
                common.selected_frame(surface, rect, 3)
            name = ui.text.fit(words.label(words.building(kind)), small, rect.w + px(12))
            draw_text(
                surface, ui.text.render(name, small, theme.TEXT_DIM), (rect.centerx, rect.bottom + px(4)), "midtop"
            )
            if rect.collidepoint(ui.mouse):
                tip = _("{citizen}: on your disc") if picked else _("{citizen}: click to put it on your disc")
                ui.tooltip(tip.format(citizen=words.tile(self.citizens[kind])), rect)
        count = ui.text.render(_("{n} of 3 chosen").format(n=len(self.colours)), small, theme.GOLD_LIGHT)
        draw_text(surface, count, (self.rect.centerx, rects[0].bottom + px(28)), "midtop")
        tile = self.tile_rect()
        surface.blit(ui.sprites.drawn_tile(START, 0, tile.w), tile)
        for side, rect in self.side_rects().items():
            if side == self.side:
                pygame.draw.circle(surface, theme.INK, rect.center, rect.w // 2 - 1)
                disc = rect.inflate(-rect.w // 10, -rect.h // 10)
                surface.blit(ui.sprites.token(DISC, disc.w), disc)
                for (dx, dy), kind in zip(ON_DISC_SPOTS, sorted(self.colours), strict=False):
                    spot = pygame.Rect(0, 0, rect.w // 3, rect.h // 3)
                    spot.center = (round(rect.centerx + dx * rect.w), round(rect.centery + dy * rect.h))
                    surface.blit(ui.sprites.tile(self.citizens[kind], spot.w), spot)
            else:
                common.target_cell(surface, rect, 0.5, ui.time)
                if rect.collidepoint(ui.mouse):
                    where = words.side(SIDE_LETTERS[side])
                    ui.tooltip(
                        _("Click to put your disc on the {side} side of your start tile").format(side=where), rect
                    )
