"""Everything the client knows of Dirk, the neutral collector of the two-player game (RULES.md §8).

His panel at the bottom of the opponents column counts his tiles by type; his token runs on the
score track, his column closes every score sheet and his row the standings ("cannot win":
[B-DIRK-3]); the log tells what he is given ([B-DIRK-4]) and dealt ([B-DIRK-2]); a bought tile goes
to him with "Give to Dirk", the D key or a drop on his panel ([B-DIRK-4]); a tile a vizier bought too,
which the prompt and the button's tooltip say the rules allow ([B-DIRK-5], [M-VIZIER-2]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.components import BUILDING_TYPES, TILE_TYPE
from game.engine.modules import dirk, vizier
from game.engine.modules.dirk import GiveToDirk
from game.engine.phases import PLACE
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..views import common
from .base import ClientModule, Collector, Column, Destination, Key, ModulePanel, Moves, Narration, Narrator, Scoring

if TYPE_CHECKING:
    from game.engine import GameState

    from ..views.model import TableSnapshot

NAME = dirk.NAME  # his "player" in the record's awards: the key of his score, column and token
# TRANSLATORS: the neutral collector of the two-player game (the rule book's "Dirk"), a name
DIRK = N_("Dirk")


class DirkPanel(ModulePanel):
    """Dirk's tiles, counted by type: he competes in the majorities and cannot win ([B-DIRK-3])."""

    weight = 0.42

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = ui.px
        state = snap.state
        name = _(DIRK)
        common.seat_token(ui, surface, NAME, name, (self.rect.x + px(18), self.rect.y + px(16)), px(9))
        title = ui.text.render(name, ui.font_px(15), theme.IVORY, "bold")
        surface.blit(title, title.get_rect(midleft=(self.rect.x + px(32), self.rect.y + px(16))))
        sub = ui.text.render(_("neutral collector"), ui.font_px(12), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midleft=(self.rect.x + px(40) + title.get_width(), self.rect.y + px(17))))
        shown = snap.shown_module_scores[NAME]
        score = ui.text.render(str(round(shown)), ui.font_px(18), theme.GOLD_LIGHT, "bold")
        surface.blit(score, score.get_rect(midright=(self.rect.right - px(12), self.rect.y + px(16))))
        counts = [0] * len(BUILDING_TYPES)
        tiles = dirk.of(state).tiles  # type: ignore[union-attr] - the panel exists only where Dirk plays
        for tile in tiles:
            kind = TILE_TYPE[tile]  # None: no building type (a camp), in no majority
            if ("tile", tile) not in snap.hidden and kind is not None:
                counts[kind] += 1
        staged = snap.staged_action  # a tile given to him this turn: ghosted here until the turn ends
        pending = staged.tile if isinstance(staged, GiveToDirk) else None
        pending_kind = TILE_TYPE[pending] if pending is not None else None
        if pending_kind is not None:
            counts[pending_kind] += 1
        if pending is not None:
            ghost = pygame.Rect(0, 0, px(24), px(24))
            ghost.midright = (score.get_rect(midright=(self.rect.right - px(12), 0)).left - px(8), self.rect.y + px(16))
            image = ui.sprites.tile(pending, ghost.w).copy()
            image.set_alpha(200)
            surface.blit(image, ghost)
            common.dashed_rect(surface, theme.GOLD_LIGHT, ghost, 2, 5, (ui.time * 0.6) % 1)
        area = pygame.Rect(self.rect.x + px(10), self.rect.y + px(34), self.rect.w - px(20), self.rect.h - px(42))
        size = min(px(34), area.h - px(2), (area.w - 5 * px(6)) // 6)
        step = (area.w - size) / 5
        for i, kind in enumerate(BUILDING_TYPES):
            x = round(area.x + i * step)
            icon = ui.sprites.type_icon(kind, size)
            surface.blit(icon, (x, area.y))
            if i == pending_kind:
                frame = pygame.Rect(x, area.y, size, size).inflate(px(4), px(4))
                common.dashed_rect(surface, theme.GOLD_LIGHT, frame, 2, 5, (ui.time * 0.6) % 1)
            common.chip(ui, surface, str(counts[i]), (x + size, area.y + size), ui.font_px(12), anchor="center")
        if self.rect.collidepoint(ui.mouse):
            on_its_way = ""
            if pending is not None:
                on_its_way = _("{tile} goes to him when your turn ends.").format(tile=words.label(words.tile(pending)))
            holds = ngettext(
                "Dirk holds {n} tile. He scores majorities, never walls, and cannot win.",
                "Dirk holds {n} tiles. He scores majorities, never walls, and cannot win.",
                len(tiles),
            ).format(n=len(tiles))
            ui.tooltip(sentences(holds, on_its_way), self.rect)

    def target_rect(self) -> pygame.Rect:
        return self.rect.inflate(-20, -20)

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """His tiles fly to (and from) his panel."""
        part = dirk.of(state)
        if part is None:
            return {}
        target = self.target_rect()
        return {("tile", tile): pygame.Rect(target.x, target.y, target.h, target.h) for tile in part.tiles}


def _gives(narrator: Narrator, event: dict) -> LogLine:
    """[B-DIRK-4] a player gives a bought tile to Dirk."""
    return narrator.tell(
        event, N_("You give {tile} to Dirk"), N_("{player} gives {tile} to Dirk"), tile=words.tile(event["tile"])
    )


def _gets(narrator: Narrator, event: dict) -> LogLine:
    """[B-DIRK-2] Dirk is dealt tiles from the bag after a scoring."""
    count = len(event["tiles"])
    text = ngettext("Dirk receives {n} tile from the bag", "Dirk receives {n} tiles from the bag", count)
    return LogLine(text.format(n=count), NAME, "scoring")


def _placing(state: GameState) -> bool:
    """[B-DIRK-4] only a tile bought this turn, not one received at the end ([B-END-2]); [B-DIRK-5] a
    module's purchase too (a vizier's, placed in its own phase)."""
    return state.phase == PLACE or state.phase in state.rules.placing


def _note(state: GameState) -> str:
    """[M-VIZIER-2] Choice, [B-DIRK-5]: a vizier's purchase, placed out of turn, may go to Dirk too (where a player
    may doubt it); nothing on a turn, where [B-DIRK-4] gives him any tile bought."""
    if vizier.of(state) is None or state.phase != vizier.PLACING:
        return ""
    return _("The rules allow it: a tile your vizier bought may go to Dirk too.")


GIVE = Destination(
    widget="to_dirk",
    label_source=N_("Give to Dirk"),
    icon="dirk",
    hotkey="D",
    key=pygame.K_d,
    tooltip_source=N_("Give the selected tile to Dirk (he competes for majorities)"),
    # TRANSLATORS: in the list of keys: what the D key does
    shortcut_source=N_("give the selected tile to Dirk (two players)"),
    action=GiveToDirk,
    offered=_placing,
    drop_on=NAME,
    note=_note,
)


class DirkNarration(Narration):
    """[B-DIRK-4] a tile given to him, [B-DIRK-2] tiles dealt to him: in the log, and flying to his panel."""

    sayings = {dirk.GIVE_EVENT: _gives, dirk.DRAW_EVENT: _gets}  # noqa: RUF012 - read-only table
    timing = {dirk.GIVE_EVENT: (0.5, 0.45), dirk.DRAW_EVENT: (0.5, 0.5)}  # noqa: RUF012
    sounds = {dirk.GIVE_EVENT: "place"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") == dirk.GIVE_EVENT:
            return [("tile", event["tile"])]
        if event.get("e") == dirk.DRAW_EVENT:
            return [("tile", t) for t in event["tiles"]]
        return []


class DirkMoves(Moves):
    """[B-DIRK-4] Give to Dirk: a place for a bought tile."""

    destinations = (GIVE,)


class DirkScoring(Scoring):
    """[B-DIRK-3] a collector who is not a seat: his token on the track, his column, his row in the standings."""

    # [B-DIRK-3]; TRANSLATORS: Dirk's row in the final standings, and the line under it
    collectors = (Collector(NAME, DIRK, N_("Dirk (cannot win)"), N_("neutral")),)

    def scores(self, state: GameState) -> dict[str, int]:
        part = dirk.of(state)
        return {NAME: part.score} if part is not None else {}

    def event_scores(self, event: dict) -> dict[str, int]:
        return {NAME: event["dirk_total"]} if "dirk_total" in event else {}

    def sheet_columns(self, state: GameState, event: dict, later: Sequence[dict]) -> list[Column]:
        """[B-DIRK-3] his column: his tiles as they were scored, no wall.

        Tiles he was dealt right after the scoring ([B-DIRK-2], in ``later``) are left out.
        """
        part = dirk.of(state)
        if part is None:
            return []
        received = {t for e in later if e.get("e") == dirk.DRAW_EVENT for t in e["tiles"]}
        held = [0] * len(BUILDING_TYPES)
        for tile in part.tiles:
            kind = TILE_TYPE[tile]  # None: no building type (a camp), in no majority
            if tile not in received and kind is not None:
                held[kind] += 1
        return [Column(NAME, held, None, event.get("dirk_total", part.score))]


CLIENT = ClientModule(
    name=NAME,
    narration=DirkNarration(),
    scoring=DirkScoring(),
    moves=DirkMoves(),
    panel=DirkPanel,
    icons=("dirk",),
)
