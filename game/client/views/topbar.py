"""The strip across the top: the title and the score track with every player's token (and the rule
modules' collectors', after the players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, pgettext, words

from .. import theme
from ..widgets import Ui
from . import common

if TYPE_CHECKING:
    from .model import TableSnapshot


class TopBar:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect, left: int, right: int) -> None:
        self.rect = rect
        self.track = pygame.Rect(left, rect.centery - 6, max(40, right - left), 8)

    def draw_static(self, surface: pygame.Surface, ui: Ui) -> None:
        """The band and the logo (part of the table's static layer, drawn once per layout)."""
        band = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        band.fill((12, 20, 20, 200))
        surface.blit(band, self.rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, self.rect.bottomleft, self.rect.bottomright)
        logo = ui.sprites.logo(ui.px(150))
        surface.blit(logo, logo.get_rect(midleft=(self.rect.x + ui.px(10), self.rect.centery)))

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        self._draw_track(surface, snap)

    def token_centre(self, score: float, scores: list[float]) -> tuple[int, int]:
        """Where a token stands on the track for ``score`` among all ``scores`` (the track's length follows the
        leader)."""
        limit = track_limit(max(scores))
        return self.track.x + round(self.track.w * min(score, limit) / limit), self.track.centery

    def _draw_track(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        track = self.track
        names = snap.names
        scores = [(seat, snap.shown_scores[seat], names[seat]) for seat in range(len(names))]
        scores += [(key, shown, snap.seat_name(key)) for key, shown in snap.shown_module_scores.items()]
        limit = track_limit(max(score for _, score, _ in scores))
        pygame.draw.rect(surface, (30, 44, 44), track, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, 1, border_radius=4)
        radius = px(9)
        tokens = []
        last_x = -(10**6)
        for seat, score, name in sorted(scores, key=lambda s: (s[1], str(s[0]))):
            x = track.x + round(track.w * min(score, limit) / limit)
            x = max(x, last_x + round(radius * 1.5))  # equal scores sit side by side, not on top of each other
            last_x = x
            tokens.append((seat, name, x))
        for value in range(0, limit + 1, 10):
            x = track.x + round(track.w * value / limit)
            pygame.draw.line(surface, theme.GOLD_DARK, (x, track.y - 3), (x, track.bottom + 2))
            if value % 20 == 0:
                word = ui.text.render(str(value), ui.font_px(11), theme.TEXT_FAINT)
                if all(abs(x - token_x) > radius + word.get_width() // 2 + 2 for _, _, token_x in tokens):
                    surface.blit(word, word.get_rect(midtop=(x, track.bottom + px(3))))  # where no token stands
        for seat, name, x in tokens:
            common.seat_token(ui, surface, seat, name, (x, track.centery), radius)
        if track.inflate(0, px(30)).collidepoint(ui.mouse):
            standings = words.join(
                # TRANSLATORS: one player's place in the list of scores: a name and its points ("Ann 34")
                pgettext("a name and its score", "{name} {points}").format(name=name, points=round(score))
                for _seat, score, name in sorted(scores, key=lambda s: -s[1])
            )
            ui.tooltip(_("Scores: {standings}").format(standings=standings), track)


def track_limit(top: float) -> int:
    """The score at the track's right end: 60 at least, and always a little ahead of the leader."""
    return max(60, (int(top) // 20 + 2) * 20)
