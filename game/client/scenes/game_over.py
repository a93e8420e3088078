"""The end: winners (a shared victory is possible), the final scoring, points per scoring, the record."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine import events as record_events
from game.engine.components import CARD_VALUE, TILE_KIND, TILE_TYPE, is_start_tile
from game.i18n import N_, _, ngettext, pgettext, words

from .. import theme
from ..modules import collector_name, modules_for
from ..score_sheet import Sheet, sheet_for
from ..table import Table, agent_label
from ..views import common
from ..views.alhambra import AlhambraView
from ..widgets import Button, draw_box, draw_text
from .panel import PanelScene
from .scoring import draw_sheet, sheet_height

if TYPE_CHECKING:
    from ..scene import AppServices


ALHAMBRAS_LEAST = 150  # design pixels: the finished Alhambras' least useful height, with their title and names


def points_by_round(events: list[dict], collectors: tuple[int | str, ...]) -> list[list[int]]:
    """Points each collector earned at scorings 1, 2 and 3 (rows), from the game's score events."""
    rows = [[0] * len(collectors) for _round in range(3)]
    index = {seat: i for i, seat in enumerate(collectors)}
    for event in events:
        if event.get("e") == record_events.SCORE:
            for award in event["points"]:
                rows[event["round"] - 1][index[award["player"]]] += award["points"]
    return rows


def other_tiles(tiles: list[int]) -> str:
    """Tiles of the rule modules that are no buildings (huts, camps...), by their names: "Garden hut, 2 × Camp 5"."""
    counted: dict[str, int] = {}
    for tile in tiles:
        name = words.tile_name(tile)
        counted[name] = counted.get(name, 0) + 1
    # TRANSLATORS: several tiles of one name, at the end of a game: "2 × Camp 5"
    return words.join(name if n == 1 else _("{n} × {tile}").format(n=n, tile=name) for name, n in counted.items())


def headline(winners: list[str], you_won: bool) -> str:
    """The end's title: who won, or who share the victory."""
    if len(winners) == 1:
        return _("You win!") if you_won else _("{player} wins").format(player=winners[0])
    return _("Shared victory: {players}").format(players=words.join(winners))


class GameOverScene(PanelScene):
    """Enter plays again, M goes to the title, Escape quits; the panel has its own festive frame."""

    def __init__(self, app: AppServices, table: Table, record_path: Path | None) -> None:
        super().__init__(app)
        self.table = table
        self.record_path = record_path
        state = table.state
        events = table.game.events
        final = next(e for e in reversed(events) if e.get("e") == record_events.SCORE)
        self.sheet: Sheet = sheet_for(state, final, [])
        self.rounds = points_by_round(events, self.sheet.collectors)
        self.winners = state.winners()
        self.again = Button(
            self.ui,
            N_("Play again"),
            self._again,
            style="primary",
            hotkey="Enter",
            tooltip=N_("A new deal against the same opponents"),
        )
        self.menu = Button(self.ui, N_("Main menu"), app.screens.show_menu, hotkey="M")
        self.quit = Button(self.ui, lambda: pgettext("menu", "Quit"), app.quit, hotkey="Esc")
        self.widgets = [self.again, self.menu, self.quit]
        self.views = [AlhambraView(self.ui, interactive=False, max_cell=40) for _seat in range(state.players)]
        self.ui.sounds.play("score")

    def names(self) -> list[str]:
        return [collector_name(seat, self.table.names) for seat in self.sheet.collectors]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 30, px(1240)), h - px(30))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.bottom - px(68)
        self.quit.rect = pygame.Rect(self.panel.right - px(30) - px(140), y, px(140), px(48))
        self.menu.rect = pygame.Rect(self.quit.rect.x - px(12) - px(170), y, px(170), px(48))
        self.again.rect = pygame.Rect(self.menu.rect.x - px(12) - px(200), y, px(200), px(48))
        self.mirror([self.quit, self.menu, self.again])

    def _again(self) -> None:
        """The same table again, with a new deal: the same people (first) and bots, the same modules; a game
        the bots played out is played again with you in the first seat."""
        table = self.table
        people = [table.names[seat] for seat in table.people]
        opponents = [agent for agent in table.agents if agent is not None]
        if not people:
            people = [self.app.settings.name]
            opponents = opponents[1:] or opponents
        self.app.new_game(people, opponents, None, table.game.config.modules)

    def press_enter(self) -> None:
        self.again.click()

    def press_escape(self) -> None:
        self.app.quit()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.menu.click()
            return True
        return super().on_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        w, h = surface.get_size()
        surface.blit(ui.sprites.felt((w, h)), (0, 0))
        draw_box(ui, surface, self.panel, (26, 24, 20), 240, theme.GOLD, px(14))
        names = self.table.names
        winners = [names[p] for p in self.winners]
        said = headline(winners, self.table.you is not None and self.winners == [self.table.you])
        size = ui.font_px(40)
        said = ui.text.fit(said, size, self.panel.w - px(160), "display")  # room for the crowns
        title = ui.text.shadowed(said, size, theme.GOLD_LIGHT, "display", 2)
        rect = draw_text(surface, title, (self.panel.centerx, self.panel.y + px(20)), "midtop")
        crown = ui.sprites.currency_badge("ducat", px(40))  # the ducat's crown, for the winner
        surface.blit(crown, crown.get_rect(midright=(rect.x - px(16), rect.centery)))
        surface.blit(crown, crown.get_rect(midleft=(rect.right + px(16), rect.centery)))
        bottom = self._standings(surface, pygame.Rect(self.panel.x + px(30), self.panel.y + px(90), px(330), px(300)))
        # the final sheet: every row as high as it needs, roomier where that leaves the Alhambras under it their
        # least useful height (they give way where it does not)
        width = self.panel.w - px(420)
        room = self.again.rect.y - px(20) - self.panel.y - px(90 + 18)
        need = sheet_height(ui, self.sheet, self.names(), width, small=True)
        high = min(room, max(need, min(px(360), room - px(ALHAMBRAS_LEAST) - px(20))))
        table_area = pygame.Rect(self.panel.x + px(390), self.panel.y + px(90), width, high)
        common.section_title(
            ui, surface, words.scoring_round(3), (table_area.x, table_area.y - px(4)), right=table_area.right
        )
        table_area.bottom = draw_sheet(
            ui, surface, self.sheet, self.names(), table_area.move(0, px(18)), small=True
        ).bottom
        bottom = self._rounds(surface, pygame.Rect(self.panel.x + px(30), bottom + px(24), px(330), px(150)))
        self._facts(
            surface,
            pygame.Rect(self.panel.x + px(30), bottom + px(24), px(330), self.again.rect.y - px(40) - bottom - px(24)),
        )
        top = table_area.bottom + px(20)
        self._alhambras(surface, pygame.Rect(table_area.x, top, table_area.w, self.again.rect.y - px(34) - top))
        if self.record_path is not None:
            note = _("Record saved: {path}").format(path=self.record_path)
        else:
            note = _("This game was opened from a record.")
        word = ui.text.render(ui.text.fit(note, ui.font_px(13), self.panel.w - px(60)), ui.font_px(13), theme.TEXT_DIM)
        surface.blit(word, (self.across(self.panel.x + px(30), word.get_width()), self.again.rect.y - px(26)))
        super().draw(surface)

    def _standings(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """Draw the ranking; return the y below it."""
        ui = self.ui
        px = ui.px
        state = self.table.state
        common.section_title(ui, surface, _("Standings"), (area.x, area.y - px(4)), right=area.right)
        order = sorted(range(state.players), key=lambda p: -state.scores[p])
        rows: list[tuple[int | str, str, int, str]] = [(p, self.table.names[p], state.scores[p], "") for p in order]
        rows += modules_for(state.rules).standings(state)  # listed last: they score, but are not in the race
        y = area.y + px(22)
        for seat, name, score, role in rows:
            won = seat in self.winners
            band = pygame.Rect(area.x, y, area.w, px(40))
            draw_box(
                ui,
                surface,
                band,
                (70, 54, 24) if won else theme.PANEL_LIGHT,
                230,
                theme.GOLD if won else theme.PANEL_EDGE,
                px(8),
                shadow=False,
            )
            common.seat_token(ui, surface, seat, name, (band.x + px(22), band.centery), px(11))
            points = ui.text.render(str(score), ui.font_px(24), theme.GOLD_LIGHT, "bold")
            room = band.w - px(42) - px(26) - points.get_width()  # between the token and the points
            size = next(
                (ui.font_px(s) for s in (17, 15, 13) if ui.text.size(name, ui.font_px(s), "bold")[0] <= room),
                ui.font_px(13),
            )  # a longer name ("Dirk (cannot win)" in another language) smaller, before it is cut short
            label = ui.text.render(ui.text.fit(name, size, room, "bold"), size, theme.IVORY, "bold")
            agent = self.table.agents[seat] if isinstance(seat, int) else None
            if won:
                # TRANSLATORS: under a winner's name in the final standings
                sub = pgettext("standings", "winner")
            elif agent:
                sub = agent_label(agent)
            else:
                # TRANSLATORS: under the (human) player's name in the final standings
                sub = role or pgettext("standings", "human")
            small = ui.text.render(
                ui.text.fit(sub, ui.font_px(12), room), ui.font_px(12), theme.GOLD_LIGHT if won else theme.TEXT_DIM
            )
            top = band.centery - (label.get_height() + small.get_height()) // 2  # the name, then its role, stacked
            left, right = band.x + px(42), band.x + px(42) + room
            surface.blit(label, (theme.text_x(left, right, label.get_width()), top))
            surface.blit(small, (theme.text_x(left, right, small.get_width()), top + label.get_height()))
            surface.blit(points, points.get_rect(midright=(band.right - px(14), band.centery)))
            if isinstance(seat, int) and band.collidepoint(ui.mouse):  # what they had at the end, over their line
                text, others = self._fact(seat)
                ui.tooltip(f"{text}\n{others}" if others else text, band)
            y += px(46)
        return y

    def _alhambras(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Every player's finished Alhambra, side by side."""
        ui = self.ui
        px = ui.px
        if area.h < px(90):  # too small to tell one tile from another (the final sheet took the room)
            return
        common.section_title(ui, surface, _("The Alhambras"), (area.x, area.y), right=area.right)
        state = self.table.state
        width = area.w // len(self.views)
        for seat, view in enumerate(self.views):
            column = len(self.views) - 1 - seat if i18n.is_rtl() else seat  # right to left, the first seat on the right
            box = pygame.Rect(area.x + column * width, area.y + px(22), width - px(8), area.h - px(42))
            pygame.draw.rect(surface, (14, 24, 24), box, border_radius=px(6))
            view.rect = box.inflate(-px(8), -px(8))
            marks = modules_for(state.rules).marks(state, seat)  # falcons too
            view.draw(surface, state.boards[seat].grid, marks=marks)
            name = ui.text.render(
                ui.text.fit(self.table.names[seat], ui.font_px(13), width - px(30)), ui.font_px(13), theme.IVORY
            )
            token_x = box.right - px(9) if i18n.is_rtl() else box.x + px(9)
            common.seat_token(ui, surface, seat, self.table.names[seat], (token_x, box.bottom + px(10)), px(7))
            name_x = theme.text_x(box.x + px(20), box.right - px(20), name.get_width())
            surface.blit(name, name.get_rect(midleft=(name_x, box.bottom + px(10))))

    def _facts(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A line per player, wrapped where it is long: buildings built, the rule modules' tiles by kind (each
        named in the tooltip), tiles left on the reserve and, without the modules' tiles, money left in hand."""
        ui = self.ui
        px = ui.px
        state = self.table.state
        if area.h < px(60):
            return
        size = ui.font_px(13)
        line_h = ui.text.size("Ag", size)[1]
        said = [(seat, *self._fact(seat)) for seat in range(state.players)]
        said = [(seat, text, others, ui.text.wrap(text, size, area.w - px(44))) for seat, text, others in said]
        if area.y + px(24) + sum(len(lines) * line_h + px(5) for *_rest, lines in said) > area.bottom + px(9):
            return  # every player's line or none (each is said over their standing too)
        common.section_title(ui, surface, _("At the end"), (area.x, area.y), right=area.right)
        y = area.y + px(24)
        for seat, _text, others, lines in said:
            token_x = area.right - px(8) if i18n.is_rtl() else area.x + px(8)
            common.seat_token(ui, surface, seat, self.table.names[seat], (token_x, y + px(9)), px(7))
            block = pygame.Rect(area.x, y, area.w, len(lines) * line_h)
            for line in lines:
                word = ui.text.render(line, size, theme.PARCHMENT)
                surface.blit(word, (theme.text_x(area.x + px(22), area.right - px(22), word.get_width()), y))
                y += line_h
            if others and block.collidepoint(ui.mouse):  # the modules' tiles by name
                ui.tooltip(others, block)
            y += px(5)

    def _fact(self, seat: int) -> tuple[str, str]:
        """``seat``'s line at the end, and the rule modules' tiles in their Alhambra by name ("" for none)."""
        state = self.table.state
        tiles = [t for t in state.boards[seat].grid.values() if not is_start_tile(t)]
        built = sum(TILE_TYPE[t] is not None for t in tiles)
        money = sum(CARD_VALUE[c] for c in state.hands[seat])
        reserve = len(state.reserves[seat])
        buildings = ngettext("{n} building", "{n} buildings", built).format(n=built)
        on_reserve = ngettext("{n} on the reserve", "{n} on the reserve", reserve).format(n=reserve)
        if len(tiles) > built:  # tiles of a rule module that are no buildings (huts, camps...), counted by kind
            others = [t for t in tiles if TILE_TYPE[t] is None]
            kinds: dict[str, list[int]] = {}
            for tile in others:
                kinds.setdefault(TILE_KIND[tile], []).append(tile)
            counted = words.join(words.tiles_of_kind(found[0], len(found)) for found in kinds.values())
            # TRANSLATORS: a player's facts at the end: "5 buildings + 1 hut, 2 camps · 1 on the reserve"
            text = _("{buildings} + {others} · {on_reserve}").format(
                buildings=buildings, others=counted, on_reserve=on_reserve
            )
            return text, other_tiles(others)
        left = ngettext("{n} in money left", "{n} in money left", money).format(n=money)
        # TRANSLATORS: a player's facts at the end: "5 buildings · 1 on the reserve · 7 in money left"
        text = _("{buildings} · {on_reserve} · {money_left}").format(
            buildings=buildings, on_reserve=on_reserve, money_left=left
        )
        return text, ""

    def _rounds(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The points each collector made at each scoring; return the y below the table."""
        ui = self.ui
        px = ui.px
        common.section_title(ui, surface, _("Points per scoring"), (area.x, area.y), right=area.right)
        names = self.names()
        col_w = (area.w - px(90)) // max(1, len(names))
        y = area.y + px(24)

        def middle(c: int) -> int:  # the middle of collector c's column; right to left the table is mirrored
            x = area.x + px(90) + c * col_w + col_w // 2
            return area.left + area.right - x if i18n.is_rtl() else x

        for c, name in enumerate(names):
            common.seat_token(ui, surface, self.sheet.collectors[c], name, (middle(c), y + px(8)), px(8))
        # TRANSLATORS: the rows of the points per scoring at the end: the first, second and final scoring (short)
        labels = (pgettext("scoring", "1st"), pgettext("scoring", "2nd"), pgettext("scoring", "Final"))
        for r, label in enumerate(labels):
            y += px(24)
            word = ui.text.render(ui.text.fit(label, ui.font_px(14), px(86)), ui.font_px(14), theme.PARCHMENT)
            label_x = area.right - px(86) + (px(86) - word.get_width()) if i18n.is_rtl() else area.x
            surface.blit(word, (label_x, y))
            for c in range(len(names)):
                word = ui.text.render(str(self.rounds[r][c]), ui.font_px(15), theme.IVORY, "bold")
                surface.blit(word, word.get_rect(midtop=(middle(c), y)))
        return y + px(24)
