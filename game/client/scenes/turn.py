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

import math
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
from game.engine.alhambra import ALL_SIDES, xy_of
from game.engine.components import EMPTY, MARKET_SLOTS
from game.engine.state import FINAL, PLACE
from game.i18n import N_, _, pgettext

from .. import persistence, theme
from ..animation import Animator
from ..layout import TurnLayout, turn_layout
from ..modules import ClientModule, banner, collector_name, modules_for
from ..plain import said
from ..playback import TIMING, Director, Key, Positions
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
from .parts.curtain import secrets_between
from .parts.drawing import TableDrawing
from .parts.hints import Hints
from .parts.input import TableInput
from .parts.keeper import Keeper
from .parts.picker import Picker
from .parts.pointer import Drag, Pointer
from .parts.prompt import Prompt
from .parts.score_ticker import ScoreTicker
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


def walled_in(state: GameState, seat: int) -> bool:
    """Whether a wall runs all round ``seat``'s Alhambra: beyond the fountain, and every side that faces an
    empty cell a wall (or a camp's bastion), so that no tile could be added any more."""
    if len(state.boards[seat].grid) < 2:
        return False
    spots = state.boards[seat].spots()
    return bool(spots) and all(spot.touching == spot.need_wall & ALL_SIDES for spot in spots)


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
        self.decision_of: int | None = None  # the person whose decision has begun (its undo point taken)
        self.last_person: int | None = None  # the person who decided last: no curtain between their decisions
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
        self.layout_rects: TurnLayout | None = None
        self._module_key: tuple | None = None  # what the rule modules' part of the snapshot was worked out for
        self._module_parts: dict[str, object] = {}
        self._offered: frozenset = frozenset()  # optional moves already pointed out (a bonus card to reveal)
        self._options_at = -1  # the game's length when they were last looked at
        self._rings: set[int] = {seat for seat in range(state.players) if walled_in(state, seat)}  # celebrated

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
    def shown_scores(self) -> list[float]:
        return self.ticker.shown

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
        table = self.table
        return table.human_decides and not self.director.busy and self.decision_of == table.person_deciding

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
    def glow(self) -> float:
        return 0.5 + 0.5 * math.sin(self.ui.time * 4)

    @property
    def hint_action(self) -> Action | None:
        return self.hints.action(self._hint_key())

    @property
    def staged_action(self) -> Action | None:
        return self.table.staged.action if self.table.staged else None

    @property
    def drag(self) -> Drag | None:
        """The tile pressed or dragged (``Pointer.drag``)."""
        return self.pointer.drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self.pointer.drag = drag

    @property
    def dragging(self) -> bool:
        return self.pointer.dragging

    @property
    def drag_tile(self) -> int | None:
        return self.drag.tile if self.drag else None

    def seat_name(self, seat: int | str) -> str:
        return collector_name(seat, self.table.names)

    def snapshot(self) -> TableSnapshot:
        """What the views draw and hit-test now: built once per frame, and for each input that asks a view
        what is under the mouse.  The costly answers (payable slots, the exact payment, the reserve as a
        target) are worked out here once."""
        table = self.table
        state = table.state
        names = tuple(table.names)
        can_act = self.can_act
        acting = table.acting
        module_scores = dict(self.shown_module_scores)
        seat_names: dict[int | str, str] = dict(enumerate(names))
        seat_names.update((key, self.seat_name(key)) for key in module_scores)
        buyable = (
            frozenset(a.slot for a in state.buy_actions() if isinstance(a, Buy)) if can_act and acting else frozenset()
        )
        extra = self._module_snapshot(can_act) if self.modules.modules else {}
        collected = [counts for module in state.rules.collectors for counts in module.collectors(state)]
        collector_counts = tuple(
            (collector.key, tuple(counts)) for collector, counts in zip(self.modules.collectors, collected, strict=True)
        )
        if extra.get("buyable"):
            buyable |= extra.pop("buyable")  # type: ignore[operator]
        else:
            extra.pop("buyable", None)
        return TableSnapshot(
            ui=self.ui,
            state=state,
            me=self.me,
            names=names,
            agents=tuple(table.agents),
            seat_names=seat_names,
            dealt_deck=len(table.game.deal.deck),
            sel=self.sel.frozen(),
            hidden=frozenset(self.hidden),
            can_act=can_act,
            acting=acting,
            thinking=self.thinking,
            glow=self.glow,
            hint_action=self.hint_action,
            staged_action=self.staged_action,
            dragging=self.dragging,
            drag_tile=self.drag_tile,
            shown_scores=tuple(self.shown_scores),
            shown_module_scores=module_scores,
            show_hands=self.app.settings.show_hands,
            exact_cards=frozenset(self.buying.exact_cards()),
            reserve_drop_ok=self.picker.reserve_drop_ok(),
            buyable=buyable,
            collector_counts=collector_counts,
            animation_speed=self.animator.speed,
            **extra,  # type: ignore[arg-type]
        )

    # What the views read of the rule modules, also on the scene itself: the tests' drivers hand the scene to a
    # view in place of a snapshot (``hand.card_rect(scene, card)``), so it answers the snapshot's new fields too.
    @property
    def hand_cards(self) -> dict[int, tuple[int, ...]]:
        return self._module_snapshot(self.can_act).get("hand_cards", {}) if self.modules.modules else {}  # type: ignore[return-value]

    @property
    def pieces(self) -> dict[int, tuple]:
        return self._module_snapshot(self.can_act).get("pieces", {}) if self.modules.modules else {}  # type: ignore[return-value]

    def _module_snapshot(self, can_act: bool) -> dict[str, object]:
        """The rule modules' part of the snapshot: what each seat holds of them, and the purchases they add
        (worked out again only when the game, the chosen slot or card changes)."""
        table, state, sel = self.table, self.state, self.sel
        key = (
            len(table.game.events),
            can_act,
            table.staged is not None,
            sel.slot,
            sel.card,
            sel.item,
            sel.piece,
            self.me,
            self.shows_private,
        )
        if key == self._module_key:
            return dict(self._module_parts)
        modules = self.modules
        me = self.me
        viewer = table.viewer if self.shows_private else None  # a person's face-down cards: theirs to see
        shopping = can_act and table.choosing and modules.exact_only(state)
        parts: dict[str, object] = {
            "pieces": {seat: tuple(modules.pieces(state, seat, viewer)) for seat in range(state.players)},
            "hand_cards": {seat: tuple(modules.hand_cards(state, seat)) for seat in range(state.players)},
            "shopping": shopping,
            "exact_only": modules.exact_only(state) and can_act,
        }
        if can_act and (table.acting or shopping):
            parts["buyable"] = frozenset(
                slot for slot in MARKET_SLOTS if state.in_slot(slot) != EMPTY and modules.payments(state, me, slot)
            )
            if sel.slot is not None:
                payments = self.buying.payments_now()  # the slot's, or a module's tile for sale's
                parts["pay_cards"] = frozenset(card for _, card in payments if card is not None)
            if sel.card is not None:
                parts["pay_currencies"] = frozenset(modules.pays_with(sel.card))
        parts["marks"] = {seat: tuple(modules.marks(state, seat)) for seat in range(state.players)}
        if can_act and table.staged is None:  # pieces for your Alhambra's corners (falcons), and where one goes
            parts["pickable"] = frozenset(modules.placeable(state, me))
            parts["spots"] = tuple(self.buying.piece_spots())
        self._module_key, self._module_parts = key, parts
        return dict(parts)

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        px = ui.px
        collectors = self.state.players + len(self.modules.collectors)  # the majorities' rows: players and collectors
        settings = self.app.settings
        rects = turn_layout(size, ui.scale, settings.show_log and not settings.large_log, collectors)
        if settings.show_log and settings.large_log:  # the log enlarged, in place of everyone's buildings
            rects = enlarged(rects)
        self.layout_rects = rects
        self.market.rect = rects.market.copy()
        for panel in self.module_panels.values():  # a rule module's panel beside the market takes its right end
            if panel.beside_market:
                width = min(px(panel.beside_market), self.market.rect.w // 3)
                panel.rect = pygame.Rect(self.market.rect.right - width, rects.market.y, width, rects.market.h)
                self.market.rect.w -= width + px(8)
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
            self.shelf.rect = pygame.Rect(
                self.board.rect.x + px(8), self.board.rect.y + px(4), shelf_w, self.board.rect.h - px(34)
            )
            self.board.rect = pygame.Rect(
                self.shelf.rect.right + px(4),
                self.board.rect.y,
                self.board.rect.right - self.shelf.rect.right - px(4),
                self.board.rect.h,
            )
        held = (ClientModule.pieces, ClientModule.hand_cards)  # a module's pieces beside the opponents' reserves
        pieces = any((type(m).pieces, type(m).hand_cards) != held for m in self.modules.modules)
        self.opponents.layout(rects.opponents, px(8), pieces)
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
        """A person's decision begins once the table has caught up with the game: the table turns to them (their
        Alhambra, hand and cards at the bottom), a curtain hides it first where the people at the screen hold
        what the others may not see, and their undo point is taken (an undo never reaches into another's moves)."""
        table = self.table
        seat = table.person_deciding
        if seat is None:
            self.decision_of = None  # a bot's move: the next decision of a person is a new one
            return
        if self.director.busy or self.decision_of == seat:
            return
        self.decision_of = seat
        if table.turn_to(seat):
            self._turn_view_to(seat)
        if self._curtain_wanted(seat):
            self.app.screens.open_curtain(self, seat, table.names[seat])
        self.last_person = seat
        table.begin_human_turn()

    @property
    def shows_private(self) -> bool:
        """Whether the bottom of the table shows its person's face-down cards: always to the one person at the
        screen; where several share it, only while that person decides (not to the others, watching the bots
        move after them)."""
        table = self.table
        return not table.shared or table.person_deciding == table.viewer

    def _curtain_wanted(self, seat: int) -> bool:
        """Whether the screen passes to ``seat`` behind a curtain: several people share it, the setting is on,
        another person decided last (or none yet: a game just continued), and the table holds what one of them
        may see and another not (face-down cards; hands, when the memory aid is off)."""
        table = self.table
        if not table.shared or not self.app.settings.curtain or self.last_person == seat:
            return False
        if not self.app.settings.show_hands:
            return True
        state = self.state
        return any(secrets_between(state, seat, other) for other in table.people if other != seat)

    def _turn_view_to(self, seat: int) -> None:
        """The table turned to ``seat``: their Alhambra and hand at the bottom, everyone else in the panels."""
        self.me = seat
        self.sel.clear()
        self.drag = None
        self.hints.forget()
        column = [panel for panel in self.module_panels.values() if not panel.beside_market]
        self.opponents = OpponentsView(self.ui, [other for other in range(self.state.players) if other != seat], column)
        self._module_key = None
        self.drawing.redraw_static()
        self.layout(self.app.size)

    def _turn_words(self, seat: int) -> Text:
        """The banner of a person's turn: "Your turn" to the one person at the screen, "Ann's turn" where
        several share it."""
        if self.table.you == seat:
            # TRANSLATORS: the word across the board when the player's turn begins
            return lambda: pgettext("banner", "Your turn")
        name = self.table.names[seat]
        # TRANSLATORS: the word across the board when a person's turn begins, where several people share the screen
        return lambda: pgettext("banner", "{player}'s turn").format(player=name)

    def _run_bots(self) -> None:
        action = self.bots.next_move(self.clock, self.director.busy)
        if action is not None:
            self.apply(action)
            self.bots.played(self.clock, self.animator.scaled(PACE))

    # ------------------------------------------------------------------ applying actions
    def positions(self) -> Positions:
        """Where every card and tile is drawn now (used before and after an action for the flights)."""
        state = self.state
        snap = self.snapshot()
        found: Positions = {}
        for card, rect in zip(state.offer, self.bank.offer_rects(snap), strict=False):
            found[("card", card)] = rect
        piles = self.bank.pile_rects(snap)
        for card in state.deck:
            found[("card", card)] = piles["deck"]
        for card in state.discard:
            found[("card", card)] = piles["discard"]
        for tile in state.bag:
            found[("tile", tile)] = piles["bag"]
        for slot in MARKET_SLOTS:
            tile = state.in_slot(slot)
            if tile != EMPTY:
                found[("tile", tile)] = self.market.tile_rect(snap, slot)
        for _currency, _header, cards in self.hand.groups(snap):
            for card, rect in cards:
                found[("card", card)] = rect
        for tile, rect in self.tray.held_rects(snap) + self.tray.reserve_rects(snap):
            found[("tile", tile)] = rect
        self.board.fit(state.boards[self.me].grid)
        for cell, tile in state.boards[self.me].grid.items():
            found[("tile", tile)] = self.board.cell_rect(*xy_of(cell))
        for panel in self.opponents.panels:
            seat = panel.seat
            hand = panel.hand_rect(snap)
            card_rect = pygame.Rect(0, 0, max(8, hand.h // 3), max(12, hand.h // 2))
            card_rect.center = hand.center
            for card in state.hands[seat]:
                found[("card", card)] = card_rect
            for tile, rect, _where in panel.tile_rects(snap):
                found[("tile", tile)] = rect
            for item, rect in panel.piece_rects(snap):
                key = ("card", item) if isinstance(item, int) else item.key  # type: ignore[attr-defined]
                if key is not None:
                    found[key] = rect
            panel.grid.rect = panel.areas(snap)["grid"]
            panel.grid.fit(state.boards[seat].grid)
            for cell, tile in state.boards[seat].grid.items():
                found[("tile", tile)] = panel.grid.cell_rect(*xy_of(cell))
            for mark in snap.marks.get(seat, ()):  # a rule module's tokens on its corners (falcons)
                found[mark.key] = panel.grid.corner_rect(*mark.at)
        for mark in snap.marks.get(self.me, ()):
            found[mark.key] = self.board.corner_rect(*mark.at)
        for piece, rect in self.shelf.piece_rects(snap):
            if piece.key is not None:
                found[piece.key] = rect
        found.update(self.modules.item_positions(state, self.module_panels))
        return found

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
        """An event's moment in the timeline has come; True if a scene was opened (pause the timeline)."""
        kind = event.get("e")
        if kind == record_events.TURN and event["player"] in self.table.people:
            # (bots' turns are shown in their panel and the actions panel, with no banner)
            self.banner.show(self._turn_words(event["player"]), self.ui.time)
            self.ui.sounds.play("turn")
        elif kind == record_events.BUY and event.get("exact"):  # an exact payment: a flourish where the tile lands
            landing = self.positions().get(("tile", event["tile"]))
            if landing is not None:
                self.animator.sparkle(landing.center, max(self.ui.px(30), landing.w), theme.GOLD_LIGHT, TIMING[kind][0])
            self.ui.sounds.play("flourish")
        elif kind == record_events.PLACE and isinstance(event.get("player"), int):
            self._celebrate_a_ring(event["player"])
        elif kind == record_events.SCORING_CARD:
            number = event["round"]
            self.banner.show(lambda: _("Scoring card {round}!").format(round=number), self.ui.time)
            self.ui.sounds.play("score")
        elif kind == record_events.SCORE and sheet is not None:
            self.ticker.scored(event["totals"], self.modules.event_scores(event))
            self._send_points_to_the_track(sheet)
            if event["round"] < 3:
                self.app.screens.open_scoring(self, sheet)
                return True
        elif kind == record_events.GAME_OVER:
            self.app.screens.show_game_over(self.table, self.record_path)
            return True
        else:
            words = banner(event, self.table.names, self.table.you)  # a rule module's moment (a vizier buys)
            if words:
                self.banner.show(words, self.ui.time)
        return False

    # ------------------------------------------------------------------ saving
    def _celebrate_a_ring(self, seat: int) -> None:
        """A wall ring completed round an Alhambra (every side facing out is a wall, [B-SCORE-4]) gets a
        flourish over that Alhambra, once until the ring is broken again."""
        if not walled_in(self.state, seat):
            self._rings.discard(seat)
            return
        if seat in self._rings:
            return
        self._rings.add(seat)
        panel = self.opponents.panel(seat)
        board = panel.areas(self.snapshot())["grid"] if panel is not None else self.board.rect
        self.animator.sparkle(board.center, max(self.ui.px(60), min(board.size) // 2), theme.GOLD_LIGHT, 0.3, 1.1)
        self.ui.sounds.play("flourish")
        wall, name = self.state.boards[seat].wall_length(), self.table.names[seat]
        if seat == self.me:
            self.show_toast(lambda: _("Your Alhambra is walled all round: a wall of {wall}.").format(wall=wall))
        else:
            self.show_toast(
                lambda: _("{player}'s Alhambra is walled all round: a wall of {wall}.").format(player=name, wall=wall)
            )

    def _send_points_to_the_track(self, sheet: Sheet) -> None:
        """Each player's points of a scoring rise from their panel to their token on the score track, which
        then counts up to its new place (after the scoring's sheet, for the first two)."""
        totals = self.ticker.totals()
        for seat, gained in zip(sheet.collectors, sheet.gained, strict=True):
            if not gained or not isinstance(seat, int):
                continue
            panel = self.opponents.panel(seat)
            start = panel.rect.midtop if panel is not None else self.hand.rect.midtop
            end = self.top.token_centre(self.ticker.target[seat], totals)
            label = self.ui.text.shadowed(f"+{gained}", self.ui.font_px(22), theme.GOLD_LIGHT, "bold", 2)
            self.animator.drift(label, (start[0], start[1] + self.ui.px(18)), end, delay=0.1 * seat)

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
        return (len(self.table.game.events), self.staged_action)

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
