"""The title screen: new game, continue, load a record, rules, settings, quit."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine import Game
from game.engine import record as records
from game.engine.components import BUILDING_TYPES, TILE_COST, TILE_TYPE, E, N, S, W
from game.i18n import N_, _, pgettext

from .. import persistence, theme
from ..scene import Scene
from ..widgets import Button, Text, draw_text, shown

if TYPE_CHECKING:
    from ..scene import AppServices


CONTINUE_TIP = N_("Resume the game you left (saved after every turn)")
NOTHING_TO_CONTINUE = N_("No game in progress to continue")


class MenuScene(Scene):
    """The first screen; Escape quits from here."""

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.new_game = Button(
            self.ui,
            lambda: pgettext("menu", "New game"),
            self._new_game,
            style="primary",
            hotkey="N",
            tooltip=N_("Choose opponents and start a game"),
        )
        self.continue_game = Button(
            self.ui, lambda: pgettext("menu", "Continue"), self._continue, hotkey="C", tooltip=CONTINUE_TIP
        )
        self.load = Button(
            self.ui,
            lambda: pgettext("menu", "Load a record"),
            self._load,
            hotkey="L",
            tooltip=N_("Open a saved game or a finished game's record"),
        )
        self.rules = Button(
            self.ui, lambda: pgettext("menu", "Rules"), self._rules, hotkey="R", tooltip=N_("How to play, and the keys")
        )
        self.settings = Button(
            self.ui,
            lambda: pgettext("menu", "Settings"),
            self._settings,
            hotkey="S",
            tooltip=N_("Language, animation speed, sound, memory aid, fullscreen"),
        )
        self.quit = Button(self.ui, lambda: pgettext("menu", "Quit"), app.quit, hotkey="Esc")
        self.widgets = [self.new_game, self.continue_game, self.load, self.rules, self.settings, self.quit]
        self._message: Text = app.notice
        app.notice = ""

    @property
    def message(self) -> str:
        """What went wrong (a record that could not be read), in the current language; "" for nothing."""
        return shown(self._message)

    @message.setter
    def message(self, text: Text) -> None:
        self._message = text

    def enter(self) -> None:
        """Offer "Continue" only for a saved game that can be continued: the autosave is read now (a long game
        replays in about 20 ms), and one that cannot be read says why on the disabled button."""
        saved: Game | None = None
        tooltip: Text = NOTHING_TO_CONTINUE
        if persistence.has_autosave():
            try:
                saved = records.load(persistence.autosave_path())
                tooltip = CONTINUE_TIP
            except records.RecordError as error:
                tooltip = _cannot_continue(str(error))
        self.continue_game.enabled = saved is not None
        self.continue_game.tooltip = tooltip

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        width, height, gap = px(320), px(50), px(12)
        top = round(h * 0.36)
        for i, button in enumerate(self.widgets):
            button.rect = pygame.Rect(w // 2 - width // 2, top + i * (height + gap), width, height)

    # ------------------------------------------------------------------ actions
    def _new_game(self) -> None:
        self.app.screens.open_setup()

    def _continue(self) -> None:
        try:  # read again: the file read on entering may have changed since
            game = records.load(persistence.autosave_path())
        except records.RecordError as error:
            self.message = _cannot_continue(str(error))
            self.continue_game.enabled = False
            self.continue_game.tooltip = self.message
            self.ui.sounds.play("error")
            return
        self.app.open_game(game)

    def _load(self) -> None:
        self.app.screens.open_records()

    def _rules(self) -> None:
        self.app.screens.open_rules()

    def _settings(self) -> None:
        self.app.screens.open_settings()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        keys = {
            pygame.K_n: self.new_game,
            pygame.K_c: self.continue_game,
            pygame.K_l: self.load,
            pygame.K_r: self.rules,
            pygame.K_s: self.settings,
            pygame.K_q: self.quit,
            pygame.K_ESCAPE: self.quit,
        }
        button = keys.get(event.key)
        if button is not None and button.enabled:
            button.click()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.ui.sprites.felt((w, h)), (0, 0))
        self._draw_ornament(surface)
        logo = self.ui.sprites.logo(min(self.ui.px(620), w - 80))
        bob = round(math.sin(self.ui.time * 1.3) * self.ui.px(3))
        surface.blit(logo, logo.get_rect(midtop=(w // 2, round(h * 0.08) + bob)))
        subtitle = self.ui.text.shadowed(
            _("The tile-laying game by Dirk Henn"), self.ui.font_px(20), theme.PARCHMENT, "display"
        )
        placed = draw_text(surface, subtitle, (w // 2, round(h * 0.08) + logo.get_height() + self.ui.px(10)), "midtop")
        self.ui.keep_clear(placed)  # a button's tooltip goes elsewhere
        super().draw(surface)
        message = self.message
        if message:
            size = self.ui.font_px(15)
            lines = self.ui.text.wrap(message, size, min(w - 80, self.ui.px(760)))
            y = self.quit.rect.bottom + self.ui.px(18)
            for line in lines:
                rect = draw_text(surface, self.ui.text.shadowed(line, size, theme.WARN, "bold"), (w // 2, y), "midtop")
                y = rect.bottom + 2
        foot = self.ui.text.render(
            _("F11 fullscreen  ·  hover a button for its key"), self.ui.font_px(13), theme.TEXT_FAINT
        )
        draw_text(surface, foot, (w // 2, h - self.ui.px(14)), "midbottom")

    def _draw_ornament(self, surface: pygame.Surface) -> None:
        """A little Alhambra on either side of the buttons, drawn from the tile art."""
        w, h = surface.get_size()
        size = self.ui.px(74)
        walls = [N | W, N, N | E, W, 0, E, S | W, S, S | E]
        for side, cx in ((-1, w // 2 - self.ui.px(390)), (1, w // 2 + self.ui.px(390))):
            if cx - size * 1.5 < 0 or cx + size * 1.5 > w:
                continue
            top = round(h * 0.42)
            for i, wall in enumerate(walls):
                col, row = i % 3, i // 3
                kind = "start" if i == 4 else BUILDING_TYPES[(i + (0 if side < 0 else 3)) % 6]
                tile = self.ui.sprites.drawn_tile(kind, wall, size, _ornament_cost(kind, i))
                x, y = cx + (col - 1.5) * size, top + row * size
                surface.blit(self.ui.sprites.shadow((size, size), 6, 5, 70), (x - 10 + 3, y - 10 + 5))
                surface.blit(tile, (x, y))


def _cannot_continue(reason: str) -> Text:
    # TRANSLATORS: {reason} is the record reader's reason, in English (it names the file's fields)
    return lambda: _("The saved game cannot be continued: {reason}").format(reason=reason)


def _ornament_cost(kind: str, index: int) -> int | None:
    """A cost the game's tiles of ``kind`` really have, for the price badge of the ornament's tile ``index``
    (the start tile has none)."""
    if kind == "start":
        return None
    costs = sorted({TILE_COST[t] for t, k in enumerate(TILE_TYPE) if k is not None and BUILDING_TYPES[k] == kind})
    return costs[index % len(costs)]
