"""The table: where the game is played.  It renders the state and turns clicks into actions.

Nothing here decides what is legal.  Every highlight comes from the engine (``legal_cells``,
``redesign_actions``, ``buy_actions``, ``is_legal``) and every move goes through
``Table.apply``; an ``IllegalAction`` that still slips through is shown as a message.

The human's turn: select offer cards and Take; or pick a market slot, the payment (exact
payments suggested) and Buy; or redesign by moving a reserve or Alhambra tile.  Bought tiles are
placed by drag and drop or click-then-click.  The move that would end the turn is staged as a
preview with End turn and Undo (``Table.stage``) unless the player switched confirmation off.
After an exact payment the player may act again or decline with End turn ([B-TURN-4]); that
``EndTurn`` only leads to placing the bought tiles, so it is applied at once like a take.

Bots think in the worker process while this scene keeps drawing; their actions are applied
only when the previous animations are over, so the table always reads as a sequence of moves.

The scene owns its parts (``parts/``), each with a narrow interface: the person's picking (``Picker``, and
``Buying`` for a purchase and its payment), the action panel's buttons (``Controls``), the words of the prompt
(``Prompt``), the mouse and keys (``TableInput``), the drawing (``TableDrawing``), the bots' turns, the hint, the
toast and the banner, the score ticker, the pointer and the keeper of the game's files.  This module keeps the game,
the timeline, the layout and the snapshot the views draw from.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    Action,
    Buy,
    EndTurn,
    GameState,
    IllegalAction,
    Pass,
    Take,
    said_action,
)
from game.engine import events as record_events
from game.engine.state import FINAL, PLACE
from game.i18n import N_, _, pgettext

from .. import persistence
from ..animation import Animator
from ..layout import TurnLayout, turn_layout
from ..modules import collector_name, modules_for
from ..plain import said
from ..playback import Director, Key, Positions
from ..scene import Scene
from ..score_sheet import Sheet
from ..shortcuts import END_TURN_KEY
from ..table import Table
from ..views.alhambra import AlhambraView
from ..views.bank import BankView
from ..views.hand import HandView
from ..views.log import LogView, enlarged
from ..views.majorities import MajoritiesView
from ..views.market import MarketView
from ..views.model import Selection, TableSnapshot
from ..views.opponents import OpponentsView
from ..views.pieces import ShelfView
from ..views.topbar import TopBar
from ..views.tray import TrayView
from ..widgets import Button, Text, Widget
from .parts.bot_turns import BotTurns
from .parts.buying import Buying, refusal
from .parts.controls import Controls
from .parts.drawing import TableDrawing
from .parts.flights import positions
from .parts.hints import Hints
from .parts.input import TableInput
from .parts.keeper import Keeper
from .parts.module_columns import beside_market, column_overflow, under_band
from .parts.moments import Moments
from .parts.picker import Picker
from .parts.pointer import Drag, Pointer
from .parts.prompt import Prompt
from .parts.score_ticker import ScoreTicker
from .parts.seating import Seating
from .parts.snapshot import Snapshots
from .parts.toast import Banner, Toast

if TYPE_CHECKING:
    from ..scene import AppServices

PACE = 0.35  # seconds between two bot moves at speed 1, so each one can be followed


def speed_name(speed: float) -> str:
    """An animation speed in words, for the toast that follows the speed button."""
    names = {
        # TRANSLATORS: the animation speeds, in the toast "Animation speed: {speed}"
        0.0: pgettext("animation speed", "instant"),
        0.5: pgettext("animation speed", "slow"),
        1.0: pgettext("animation speed", "normal"),
        2.0: pgettext("animation speed", "fast"),
        4.0: pgettext("animation speed", "very fast"),
    }
    return names.get(speed, str(speed))


class TurnScene(Scene):
    """The game table."""

    def __init__(self, app: AppServices, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.me = table.viewer if table.viewer is not None else 0  # the seat the table is turned to
        self.sel = Selection()  # what the person has picked: changed by the picker, drawn by the views
        self.animator = Animator(app.speed)
        self.director = Director(self, self.animator)
        state = table.state
        self.modules = modules_for(state.rules)  # what the rule modules that play show and accept
        self.ticker = ScoreTicker(state.scores, self.modules.scores(state))  # the track's counting scores
        self.shown_events = len(table.game.events)
        self.pointer = Pointer()  # the mouse: a pan, a press, a drag
        self.seating = Seating(table, app.settings)  # the people at the screen, and whose decision has begun
        self.clock = 0.0
        self.toast = Toast()  # the message over the board
        self.bots = BotTurns(app, table, self.show_toast)  # the bots' decisions, asked of the worker
        self.hints = Hints()  # the hint of the person deciding
        # the game's files: the autosave, the finished game's record (``--record``: a Namespace built by hand in
        # tests may lack it)
        self.keeper = Keeper(table, getattr(app.args, "record", None), self.show_toast)
        self.banner = Banner()  # the word across the board
        self.buying = Buying(table, self.sel, self.modules, self, app.ui.sounds)  # a purchase and its payment
        self.picker = Picker(table, self.modules, self.pointer, self.buying, self, app.ui.sounds)  # the picking
        self.snapshots = Snapshots(self, table, self.sel, self.modules, self.buying, self.picker)  # what views draw
        self.layout_rects: TurnLayout | None = None
        self.prompt_band = pygame.Rect(0, 0, 0, 0)  # the prompt's band above your Alhambra (``layout``)
        self._offered: frozenset = frozenset()  # optional moves already pointed out (a bonus card to reveal)
        self._options_at = -1  # the game's length when they were last looked at
        self.moments = Moments(self, state)  # the game's moments as the timeline shows them

        ui = self.ui
        self.top = TopBar()
        self.market = MarketView()
        self.bank = BankView()
        self.hand = HandView()
        self.tray = TrayView()
        self.log = LogView()
        self.majorities = MajoritiesView()
        self.shelf = ShelfView()  # your pieces of the rule modules, beside your Alhambra
        self.board = AlhambraView(ui, interactive=True, max_cell=112)
        others = [seat for seat in range(state.players) if seat != self.me]
        self.module_panels = self.modules.panels()
        column = [panel for panel in self.module_panels.values() if not panel.beside_market]
        self.opponents = OpponentsView(ui, others, column)
        self.log.sync(table.game.events, table.names, table.you)
        if not state.is_over:
            self.autosave()

        def icon(name: str, action: Callable[[], None], tip: str, key: str) -> Button:
            return Button(ui, "", action, icon=name, style="quiet", tooltip=tip, hotkey=key)

        # the tooltips are English marked for the catalogues: the buttons say them in the current language
        self.log_button = icon("log", self.toggle_log, N_("The game log: enlarge it, hide it, show it again"), "L")
        self.sound_button = icon("sound_on", self.toggle_sound, N_("Sound on or off"), "M")
        self.speed_button = icon("fast", self.cycle_speed, N_("Animation speed"), "")
        self.menu_button = icon("menu", self.open_pause, N_("Game menu: rules, settings, save and quit"), "Esc")
        self.zoom_in = icon("zoom_in", lambda: self.zoom(1.25), N_("Zoom in"), "+")
        self.zoom_out = icon("zoom_out", lambda: self.zoom(0.8), N_("Zoom out"), "-")
        self.controls = Controls(ui, table, self.modules, self.picker, self)  # the actions panel's buttons, the chips
        self.prompt = Prompt(table, self.modules, self.picker, self.hints, self.bots, self)  # what the table says
        self.drawing = TableDrawing(
            self, self.modules, self.picker, self.pointer, self.prompt, self.controls, self.toast, self.banner
        )
        self.input = TableInput(self, self.modules, self.picker, self.pointer)  # the mouse and the keys
        self.widgets = [
            self.log_button,
            self.sound_button,
            self.speed_button,
            self.menu_button,
            self.zoom_in,
            self.zoom_out,
            *self.controls.buttons,
        ]

    def widget(self, name: str) -> Widget:
        """A named widget: the controls' (a rule module's button by its ``Destination.widget``, ``Command.widget``
        or ``Pick.widget`` name), else the scene's own."""
        return self.controls.widget(name) or super().widget(name)

    # ------------------------------------------------------------------ small queries used by the views
    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def shown_module_scores(self) -> dict[str, float]:
        return self.ticker.shown_collectors

    @property
    def hidden(self) -> set[Key]:
        return self.director.hidden

    @property
    def can_act(self) -> bool:
        """The person deciding may act: it is their decision, the table has caught up with the game and has
        turned to them (``_follow_the_decider``)."""
        return not self.director.busy and self.seating.has_begun()

    def shown_actor(self) -> int | None:
        """The seat whose move the table shows last (None before any): the game may be further on while
        the animations catch up with it."""
        events = self.table.game.events
        for index in range(min(self.shown_events, len(events)) - 1, max(-1, self.shown_events - 40), -1):
            player = events[index].get("player")
            if isinstance(player, int):
                return player
        return None

    @property
    def thinking(self) -> bool:
        return self.bots.thinking

    def think_progress(self) -> tuple[float, float | None] | None:
        """The mark of a bot's decision awaited long enough to show it (``BotTurns.progress``)."""
        return self.bots.progress(self.clock)

    @property
    def hint_action(self) -> Action | None:
        return self.hints.action(self._hint_key())

    @property
    def show_hands(self) -> bool:
        return self.app.settings.show_hands

    @property
    def drag(self) -> Drag | None:
        """The tile pressed or dragged (``Pointer.drag``)."""
        return self.pointer.drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self.pointer.drag = drag

    def seat_name(self, seat: int | str) -> str:
        return collector_name(seat, self.table.names)

    def snapshot(self) -> TableSnapshot:
        """What the views draw and hit-test now (``Snapshots.make``)."""
        return self.snapshots.make()

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        px = ui.px
        collectors = self.state.players + len(self.modules.collectors)  # the majorities' rows: players and collectors
        settings = self.app.settings
        rects = turn_layout(size, ui.scale, settings.show_log and not settings.large_log, collectors)
        if settings.show_log and settings.large_log:  # the log enlarged, in place of everyone's buildings
            rects = enlarged(rects)
        whole = rects.alhambra  # your Alhambra's area before a column of panels beside it narrows it
        self.market.rect = rects.market.copy()
        for panel in self.module_panels.values():
            panel.scale = ui.scale
        rects = beside_market(ui, list(self.module_panels.values()), self.market, rects)
        band_right = rects.alhambra.right  # the prompt's band spans the column of panels beside your Alhambra
        rects = column_overflow(ui, list(self.module_panels.values()), self.opponents, self.modules, rects)
        beside = rects.alhambra != whole  # a column of panels beside your Alhambra: the prompt's band over the shelf
        self.layout_rects = rects
        self.bank.rect = rects.bank
        self.hand.rect = rects.hand
        self.tray.rect = rects.tray
        self.log.rect = rects.log
        self.majorities.rect = rects.majorities
        self.board.rect = pygame.Rect(
            rects.alhambra.x, rects.alhambra.y + px(44), rects.alhambra.w, rects.alhambra.h - px(44)
        )  # the band above is the prompt's
        if self.table.viewer is not None and self.modules.pieces(self.state, self.me, self.me):
            shelf_w = px(62)  # your rule modules' pieces stand in a column at the left of your Alhambra
            # under the prompt's band when it spans your Alhambra's whole area (a column of panels beside it)
            top = rects.alhambra.y + under_band(ui) if beside else self.board.rect.y + px(4)
            self.shelf.rect = pygame.Rect(
                self.board.rect.x + px(8), top, shelf_w, self.board.rect.bottom - px(30) - top
            )
            self.board.rect = pygame.Rect(
                self.shelf.rect.right + px(4),
                self.board.rect.y,
                self.board.rect.right - self.shelf.rect.right - px(4),
                self.board.rect.h,
            )
        # the prompt's band: over your Alhambra, or (a column of panels beside it: a long prompt in a narrower area)
        # over its whole area, from its left edge to the dock's
        left = rects.alhambra.x + px(4) if beside else self.board.rect.x
        self.prompt_band = pygame.Rect(left, rects.alhambra.y, band_right - left - (px(4) if beside else 0), px(44))
        # a module's pieces beside the opponents' reserves
        self.opponents.layout(rects.opponents, px(8), self.modules.holds_pieces)
        icons = [self.speed_button, self.sound_button, self.log_button, self.menu_button]
        size_icon = px(36)
        x = rects.top.right - px(8) - len(icons) * (size_icon + px(6))
        for button in icons:
            button.rect = pygame.Rect(x, rects.top.centery - size_icon // 2, size_icon, size_icon)
            x += size_icon + px(6)
        self.top.layout(rects.top, px(190), icons[0].rect.x - px(30))
        zoom = px(32)
        self.zoom_in.rect = pygame.Rect(
            rects.alhambra.right - zoom - px(4), rects.alhambra.bottom - 2 * zoom - px(10), zoom, zoom
        )
        self.zoom_out.rect = pygame.Rect(self.zoom_in.rect.x, self.zoom_in.rect.bottom + px(6), zoom, zoom)
        self.controls.place(rects.actions)  # Undo and Hint at the foot of the actions panel
        self.controls.refresh()  # right from the first frame, even if an overlay opens before an update

    # ------------------------------------------------------------------ the loop
    def enter(self) -> None:
        self.animator.speed = self.app.speed
        self.sound_button.icon = "sound_on" if self.app.settings.sound else "sound_off"
        if self.layout_rects is not None and self.app.settings.show_log != (self.layout_rects.log.h > 0):
            self.layout(self.app.size)

    def leave(self) -> None:
        """Quitting or leaving to the title: the game is saved as it stands, so a turn half played (a purchase
        whose extra action is open, tiles waiting to be placed) is not lost; only a move still waiting for
        End turn is.  (It was saved only at each turn's start, and quitting lost the turn without a word.)"""
        self.cancel_hint()
        if not self.state.is_over:
            self.autosave()

    def on_event(self, event: pygame.event.Event) -> bool:
        """The mouse and keys no widget took (``TableInput``)."""
        return self.input.on_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The frame (``TableDrawing``), the widgets drawn over the views."""
        self.drawing.draw(surface, super().draw)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.director.update(dt)
        self.ticker.update(dt)
        self._follow_the_decider()
        self._poll_hint()
        self._run_bots()
        if self.modules.commands and self.can_act and len(self.table.game.events) != self._options_at:
            self._options_at = len(self.table.game.events)
            self._point_out_options()
        self.picker.pick_up_bought_tile()
        self.controls.refresh()

    def _follow_the_decider(self) -> None:
        """A person's decision begins (``Seating.begin``): the table turned to them, behind a curtain if need be."""
        began = self.seating.begin(self.director.busy)
        if began is None:
            return
        if began.turned:
            self._turn_view_to(began.seat)
        if began.curtain:
            self.app.screens.open_curtain(self, began.seat, self.table.names[began.seat])

    @property
    def shows_private(self) -> bool:
        """Whether the bottom of the table shows its person's face-down cards (``Seating.shows_private``)."""
        return self.seating.shows_private

    def _turn_view_to(self, seat: int) -> None:
        """The table turned to ``seat``: their Alhambra and hand at the bottom, everyone else in the panels."""
        self.me = seat
        self.sel.clear()
        self.drag = None
        self.hints.forget()
        column = [panel for panel in self.module_panels.values() if not panel.beside_market]
        self.opponents = OpponentsView(self.ui, [other for other in range(self.state.players) if other != seat], column)
        self.snapshots.forget()
        self.drawing.redraw_static()
        self.layout(self.app.size)

    def _run_bots(self) -> None:
        action = self.bots.next_move(self.clock, self.director.busy)
        if action is not None:
            self.apply(action)
            self.bots.played(self.clock, self.animator.scaled(PACE))

    # ------------------------------------------------------------------ applying actions
    def positions(self) -> Positions:
        """Where every card and tile is drawn now (before and after a move, for the flights)."""
        return positions(self)

    def item_image(self, key: Key, height: int) -> pygame.Surface:
        kind, item = key
        if kind == "card":
            return self.ui.sprites.card(item, height)
        return self.ui.sprites.tile(item, height)

    def apply(self, action: Action) -> bool:
        """Apply ``action`` now and play its events back; False (and a message) if the engine refuses it."""
        before = self.positions()
        first = len(self.table.game.events)
        try:
            events = self.table.apply(action)
        except IllegalAction as error:
            self.show_toast(lambda error=error: refusal(error), True)
            return False
        self._after(events, first, before)
        return True

    def commit(self) -> None:
        """End the turn with the staged action."""
        before = self.positions()
        first = len(self.table.game.events)
        try:
            events = self.table.commit()
        except IllegalAction as error:
            self.show_toast(lambda error=error: refusal(error), True)
            return
        self._after(events, first, before)

    def _after(self, events: list[dict], first: int, before: Positions) -> None:
        self.toast.moved()
        self.sel.clear()
        self.drag = None
        self.hints.forget()
        self.director.play(events, first, before, self.positions())
        kinds = {event["e"] for event in events}
        if record_events.TURN in kinds:
            self.toast.turn_ended()
        if record_events.GAME_OVER in kinds:
            self.finish_game()
        elif record_events.TURN in kinds:
            self.autosave()

    def perform(self, action: Action, confirmed: bool = False) -> None:
        """A move of the human: staged for confirmation if it ends the turn, else applied at once.

        ``confirmed``: the button that makes the move says what it does (a rule module's command).
        """
        if not self.can_act:
            return
        try:
            ends = self.table.ends_turn(action)
        except IllegalAction as error:
            self.show_toast(lambda error=error: refusal(error), True)
            return
        # Take, Pass and EndTurn are confirmed by the button that makes them; EndTurn never ends the turn
        # by itself anyway (the bought tiles are placed next), and Undo still restarts the turn after it.
        if ends and self.app.settings.confirm_turn and not confirmed and not isinstance(action, Take | Pass | EndTurn):
            # the prompt says it again in the language of the moment
            self.table.stage(action, self.prompt.move_said(action))
            self.sel.clear()
            self.drag = None
            self.ui.sounds.play("place" if action.kind != "take" else "card")
            return
        buying = isinstance(action, Buy) or hasattr(action, "paid")  # a module's too (a bazaar's)
        exact_buy = buying and not ends and self.state.phase not in (PLACE, FINAL)
        if self.apply(action) and exact_buy and self.table.acting:
            if self.state.legal_actions() == [EndTurn()]:
                self.show_toast(
                    lambda: _("Exact payment, but nothing else is possible: End turn ({key}).").format(key=END_TURN_KEY)
                )
            else:
                self.show_toast(
                    lambda: _("Exact payment: you may take another action, or End turn ({key}) to stop here.").format(
                        key=END_TURN_KEY
                    )
                )
            self.toast.lasts_one_action = True  # the next move answers it

    def _point_out_options(self) -> None:
        """Say once when an optional move becomes possible for the human (a bonus card to reveal)."""
        if not self.can_act or not self.modules.commands:
            return
        offered = frozenset(self.state.optional_actions())
        new = offered - self._offered
        self._offered = offered
        if new:
            command = next((c for c in self.modules.commands if c.move(self.state) in new), None)
            move = said_action(self.state, next(iter(new)))
            if command is None:
                self.show_toast(lambda: _("You may now {move}: click it.").format(move=said(move)))
            else:
                self.show_toast(
                    lambda: _("You may now {move}: click it ({button}, {key}).").format(
                        move=said(move), button=command.label, key=command.hotkey
                    )
                )

    # ------------------------------------------------------------------ what the timeline reports
    def reveal(self, shown: int) -> None:
        self.shown_events = max(self.shown_events, shown)
        self.log.sync(self.table.game.events, self.table.names, self.table.you, self.shown_events)

    def on_event_shown(self, event: dict, sheet: Sheet | None) -> bool:
        """An event's moment in the timeline has come (``Moments.shown``); True if a scene was opened."""
        return self.moments.shown(event, sheet)

    def open_scoring(self, sheet: Sheet) -> None:
        self.app.screens.open_scoring(self, sheet)

    def show_the_end(self) -> None:
        self.app.screens.show_game_over(self.table, self.record_path)

    # ------------------------------------------------------------------ saving
    def autosave(self) -> None:
        self.keeper.autosave()

    def finish_game(self) -> None:
        self.keeper.finish()

    @property
    def record_path(self) -> Path | None:
        """Where the finished game's record went (the game-over screen names it)."""
        return self.keeper.record_path

    # ------------------------------------------------------------------ messages
    def show_toast(self, text: Text, warn: bool = False) -> None:
        """A short message over the board: ``text`` is a function that says it (so a language change shows at
        once), or words already said."""
        self.toast.show(text, warn, self.ui.time)
        if warn:
            self.ui.sounds.play("error")

    @property
    def toast_text(self) -> str:
        """The toast in the current language, in a player's words (walls said, no grid coordinates)."""
        return self.toast.said()

    @property
    def banner_text(self) -> str:
        """The word across the board, in the current language."""
        return self.banner.said()

    def undo(self) -> None:
        if not self.table.can_undo or self.director.busy:
            return
        self.table.undo()
        self.director.clear()
        self.sel.clear()
        self.drag = None
        self.hints.forget()
        state = self.state
        self.ticker.reset(state.scores)
        self.shown_events = len(self.table.game.events)
        self.log.sync(self.table.game.events, self.table.names, self.table.you)
        if self.picker.in_own_turn():
            self.show_toast(lambda: _("Your turn starts again."))
        else:  # a decision out of turn (the vizier's window, its tile's placement): no turn of yours restarts
            self.show_toast(lambda: _("Your decision starts again."))
        self.ui.sounds.play("card")

    # ------------------------------------------------------------------ hint
    def _hint_key(self) -> tuple:
        return (len(self.table.game.events), self.table.staged.action if self.table.staged else None)

    def ask_hint(self) -> None:
        if not self.can_act or self.hints.asked or self.hint_action is not None:
            return
        self.hints.ask(self.app, self.table, self._hint_key())

    def _poll_hint(self) -> None:
        answer = self.hints.poll(self._hint_key())
        if answer is True:
            self.ui.sounds.play("click")
        elif answer:
            failure = answer
            self.show_toast(lambda: _("No hint this time ({error}).").format(error=failure), True)

    def cancel_hint(self) -> None:
        self.hints.cancel()

    def play_hint(self) -> None:
        """Do it: the hinted move, made as the table's own buttons make it."""
        action = self.hint_action
        if action is not None:
            self.picker.play(action)

    # ------------------------------------------------------------------ toolbar
    def toggle_log(self) -> None:
        """The game log as usual, then large (beside your Alhambra), then hidden, then as usual again."""
        settings = self.app.settings
        if settings.show_log and not settings.large_log:
            settings.large_log = True
        else:
            settings.show_log, settings.large_log = not settings.show_log, False
        self.app.save_settings()
        self.layout(self.app.size)

    def toggle_sound(self) -> None:
        settings = self.app.settings
        settings.sound = not settings.sound
        self.ui.sounds.enabled = settings.sound
        self.sound_button.icon = "sound_on" if settings.sound else "sound_off"
        self.app.save_settings()

    def cycle_speed(self) -> None:
        speeds = persistence.SPEEDS
        current = min(range(len(speeds)), key=lambda i: abs(speeds[i] - self.app.speed))
        speed = speeds[(current + 1) % len(speeds)]
        self.app.settings.speed = speed
        self.app.speed_override = None
        self.app.save_settings()
        self.animator.speed = speed
        self.show_toast(lambda: _("Animation speed: {speed}").format(speed=speed_name(speed)))

    def zoom(self, factor: float) -> None:
        self.board.zoom_by(factor)

    def open_pause(self) -> None:
        self.app.screens.open_pause(self)
