"""The table: where the game is played.  It renders the state and turns clicks into actions.

Nothing here decides what is legal.  Every highlight comes from the engine (``legal_cells``,
``redesign_actions``, ``buy_actions``, ``is_legal``) and every move goes through
``Table.apply``; an ``IllegalAction`` that still slips through is shown as a message.

The human's turn: select offer cards and Take; or pick a market slot, the payment (exact
payments suggested) and Buy; or redesign by moving a reserve or Alhambra tile.  Bought tiles are
placed by drag and drop or click-then-click.  The move that would end the turn is staged as a
preview with End turn and Undo (``Table.stage``) unless the player switched confirmation off.

Bots think in the worker process while this scene keeps drawing; their actions are applied
only when the previous animations are over, so the table always reads as a sequence of moves.
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ai import Decision, make_agent
from game.engine import (
    Action,
    Buy,
    GameState,
    FromReserve,
    GiveToDirk,
    IllegalAction,
    Lift,
    Pass,
    Place,
    Reserve,
    Swap,
    Take,
    describe_action,
)
from game.engine.alhambra import xy_of
from game.engine.components import CARD_CURRENCY, CARD_VALUE, CURRENCIES, MARKET_CURRENCY, TILE_COST, describe_tile
from game.engine.state import FINAL, PLACE

from .. import persistence, theme
from ..animation import Animator
from ..layout import TurnLayout, turn_layout
from ..playback import Director, Key, Positions
from ..scene import Scene
from ..score_sheet import Sheet
from ..table import Table, agent_label, bot_names
from ..views import common
from ..views.alhambra import AlhambraView
from ..views.bank import BankView
from ..views.hand import HandView
from ..views.log import LogView
from ..views.market import SLOT_KEYS, MarketView
from ..views.opponents import OpponentsView
from ..views.topbar import TopBar
from ..views.tray import TrayView
from ..widgets import Button, draw_box

if TYPE_CHECKING:
    from ..app import App

HINT_AGENTS = ("mcts:normal", "greedy", "mcts:easy", "random")
PACE = 0.35  # seconds between two bot moves at speed 1, so each one can be followed


@dataclass
class Selection:
    """What the human has picked but not yet done."""

    offer: list[int] = field(default_factory=list)
    slot: int | None = None
    pay: list[int] = field(default_factory=list)
    suggestions: list[tuple[int, ...]] = field(default_factory=list)
    suggestion: int = -1
    tile: int | None = None
    source: str = ""  # "held", "reserve" or "alhambra"

    def clear(self) -> None:
        self.offer.clear()
        self.slot = None
        self.pay.clear()
        self.suggestions.clear()
        self.suggestion = -1
        self.tile = None
        self.source = ""


@dataclass
class Drag:
    source: str
    tile: int
    start: tuple[int, int]
    active: bool = False


def hint_agent() -> str:
    available = bot_names()
    return next((name for name in HINT_AGENTS if name in available), available[0])


class TurnScene(Scene):
    """The game table."""

    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.me = table.human if table.human is not None else 0
        self.sel = Selection()
        self.animator = Animator(app.speed)
        self.director = Director(self, self.animator)
        state = table.state
        self.shown_scores = [float(s) for s in state.scores]
        self.target_scores = list(state.scores)
        self.shown_dirk = float(state.dirk_score)
        self.target_dirk = state.dirk_score
        self.shown_events = len(table.game.events)
        self.drag: Drag | None = None
        self.pan_from: tuple[int, int] | None = None
        self.turn_begun = False
        self.ai_future: Future[Decision] | None = None
        self.ai_key = -1
        self.ai_since = 0.0
        self.ready_at = 0.0
        self.clock = 0.0
        self.hint: Decision | None = None
        self.hint_future: Future[Decision] | None = None
        self.hint_key: tuple | None = None
        self.hint_agent = hint_agent()
        self.toast_text = ""
        self.toast_warn = False
        self.toast_until = 0.0
        self.banner_text = ""
        self.banner_at = -10.0
        self.record_path = None
        self.layout_rects: TurnLayout | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None

        ui = self.ui
        self.top = TopBar()
        self.market = MarketView()
        self.bank = BankView()
        self.hand = HandView()
        self.tray = TrayView()
        self.log = LogView()
        self.board = AlhambraView(ui, interactive=True, max_cell=112)
        others = [seat for seat in range(state.players) if seat != self.me]
        self.opponents = OpponentsView(ui, others, state.with_dirk)
        self.log.sync(table.game.events, table.names, table.human)
        if not state.is_over:
            self.autosave()

        def icon(name: str, action, tip: str, key: str) -> Button:  # noqa: ANN001 - a callback
            return Button(ui, "", action, icon=name, style="quiet", tooltip=tip, hotkey=key)

        self.log_button = icon("log", self.toggle_log, "Show or hide the game log", "L")
        self.sound_button = icon("sound_on", self.toggle_sound, "Sound on or off", "M")
        self.speed_button = icon("fast", self.cycle_speed, "Animation speed", "")
        self.menu_button = icon("menu", self.open_pause, "Game menu: rules, settings, save and quit", "Esc")
        self.zoom_in = icon("zoom_in", lambda: self.zoom(1.25), "Zoom in", "+")
        self.zoom_out = icon("zoom_out", lambda: self.zoom(0.8), "Zoom out", "-")
        self.primary = Button(ui, "", self.primary_action, style="primary", hotkey="Enter")
        self.to_reserve = Button(ui, "To reserve", self.send_to_reserve, icon="reserve", hotkey="T",
                                 tooltip="Put the selected tile on your reserve")
        self.to_dirk = Button(ui, "Give to Dirk", self.give_to_dirk, icon="dirk", hotkey="D",
                              tooltip="Give the selected tile to Dirk (he competes for majorities)")
        self.cancel = Button(ui, "Cancel", self.cancel_selection, hotkey="Esc", tooltip="Drop the selection")
        self.undo_wide = Button(ui, "Undo", self.undo, icon="undo", hotkey="Z",
                                tooltip="Restart your turn from its beginning")
        self.hint_wide = Button(ui, "Hint", self.ask_hint, icon="hint", hotkey="H",
                                tooltip="What a computer player would do here, and why")
        self.chips = [Button(ui, "", self._chip_action(i), style="normal") for i in range(4)]
        self.do_hint = Button(ui, "Do it", self.play_hint, style="primary", tooltip="Play the hinted move")
        self.widgets = [self.log_button, self.sound_button, self.speed_button,
                        self.menu_button, self.zoom_in, self.zoom_out, self.primary, self.to_reserve, self.to_dirk,
                        self.cancel, self.undo_wide, self.hint_wide, *self.chips, self.do_hint]

    # ------------------------------------------------------------------ small queries used by the views
    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def hidden(self) -> set[Key]:
        return self.director.hidden

    @property
    def can_act(self) -> bool:
        """The human may act: it is their decision and the table has caught up with the game."""
        return self.table.human_decides and not self.director.busy

    @property
    def thinking(self) -> bool:
        return self.ai_future is not None and not self.ai_future.done()

    @property
    def glow(self) -> float:
        return 0.5 + 0.5 * math.sin(self.ui.time * 4)

    @property
    def hint_action(self) -> Action | None:
        return self.hint.action if self.hint is not None and self.hint_key == self._hint_key() else None

    @property
    def staged_action(self) -> Action | None:
        return self.table.staged.action if self.table.staged else None

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag.active

    @property
    def drag_tile(self) -> int | None:
        return self.drag.tile if self.drag else None

    def seat_name(self, seat: int | str) -> str:
        return "Dirk" if seat == "dirk" else self.table.names[int(seat)]

    def exact_cards(self) -> set[int]:
        sel = self.sel
        if sel.slot is None or not (0 <= sel.suggestion < len(sel.suggestions)):
            return set()
        paid = sel.suggestions[sel.suggestion]
        tile = self.state.market[sel.slot - 1]
        if tile >= 0 and sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile]:
            return set(paid)
        return set()

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        px = ui.px
        rects = turn_layout(size, ui.scale, self.app.settings.show_log)
        self.layout_rects = rects
        self.market.rect = rects.market
        self.bank.rect = rects.bank
        self.hand.rect = rects.hand
        self.tray.rect = rects.tray
        self.log.rect = rects.log
        self.board.rect = pygame.Rect(rects.alhambra.x, rects.alhambra.y + px(44), rects.alhambra.w,
                                      rects.alhambra.h - px(44))  # the band above is the prompt's
        self.opponents.layout(rects.opponents, px(8))
        icons = [self.speed_button, self.sound_button, self.log_button, self.menu_button]
        size_icon = px(36)
        x = rects.top.right - px(8) - len(icons) * (size_icon + px(6))
        for button in icons:
            button.rect = pygame.Rect(x, rects.top.centery - size_icon // 2, size_icon, size_icon)
            x += size_icon + px(6)
        self.top.layout(rects.top, px(190), icons[0].rect.x - px(30))
        zoom = px(32)
        self.zoom_in.rect = pygame.Rect(rects.alhambra.right - zoom - px(4), rects.alhambra.bottom - 2 * zoom - px(10),
                                        zoom, zoom)
        self.zoom_out.rect = pygame.Rect(self.zoom_in.rect.x, self.zoom_in.rect.bottom + px(6), zoom, zoom)
        a = rects.actions.inflate(-px(20), 0)
        bh, gap = px(32), px(8)
        half = (a.w - gap) // 2
        self.undo_wide.rect = pygame.Rect(a.x, rects.actions.bottom - px(10) - bh, half, bh)
        self.hint_wide.rect = pygame.Rect(a.right - half, self.undo_wide.rect.y, half, bh)
        self._stack_actions()

    def _stack_actions(self) -> None:
        """The buttons of the current step, top down in the actions panel (only the visible ones)."""
        rects = self.layout_rects
        if rects is None:
            return
        px = self.ui.px
        a = rects.actions.inflate(-px(20), 0)
        y = rects.actions.y + px(32)
        for button in (self.primary, self.to_reserve, self.to_dirk, self.cancel):
            if button.visible:
                height = px(40) if button is self.primary else px(34)
                button.rect = pygame.Rect(a.x, y, a.w, height)
                y += height + px(6)

    # ------------------------------------------------------------------ the loop
    def enter(self) -> None:
        self.animator.speed = self.app.speed
        self.sound_button.icon = "sound_on" if self.app.settings.sound else "sound_off"
        if self.layout_rects is not None and self.app.settings.show_log != (self.layout_rects.log.h > 0):
            self.layout(self.app.size)

    def leave(self) -> None:
        self.cancel_hint()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.director.update(dt)
        for seat in range(len(self.shown_scores)):
            self.shown_scores[seat] = _approach(self.shown_scores[seat], self.target_scores[seat], dt)
        self.shown_dirk = _approach(self.shown_dirk, self.target_dirk, dt)
        if self.table.human_decides:
            if not self.turn_begun and not self.director.busy:
                self.turn_begun = True
                self.table.begin_human_turn()
        else:
            self.turn_begun = False
        self._poll_hint()
        self._run_bots()
        self._refresh_controls()

    def _run_bots(self) -> None:
        table = self.table
        agent = table.bot_to_decide
        if agent is None:
            return
        key = len(table.game.events)
        if self.ai_future is None or self.ai_key != key:
            legal = table.state.legal_actions()
            self.ai_key = key
            self.ai_since = self.clock
            if len(legal) == 1:
                future: Future[Decision] = Future()
                future.set_result(Decision(legal[0], "the only legal move"))
                self.ai_future = future
            else:
                knowledge = table.state.knowledge(table.state.decider)
                self.ai_future = self.app.worker.submit(agent, table.decision_seed(), knowledge, legal)
        if self.director.busy or self.clock < self.ready_at or not self.ai_future.done():
            return
        future, self.ai_future = self.ai_future, None
        try:
            decision = future.result()
        except Exception as error:  # noqa: BLE001 - the worker died: think here rather than stall the game
            self.show_toast(f"The AI worker failed ({type(error).__name__}); thinking in the window instead.", True)
            self.app.worker.shutdown()
            state = table.state
            decision = make_agent(agent, table.decision_seed()).decide(state.knowledge(state.decider),
                                                                       state.legal_actions())
        action = decision.action
        if not table.state.is_legal(action):
            self.show_toast(f"{agent} chose an illegal move ({action}); it plays its first legal move.", True)
            action = table.state.legal_actions()[0]
        self.apply(action)
        self.ready_at = self.clock + self.animator.scaled(PACE)

    # ------------------------------------------------------------------ applying actions
    def positions(self) -> Positions:
        """Where every card and tile is drawn now (used before and after an action for the flights)."""
        state = self.state
        found: Positions = {}
        for card, rect in zip(state.offer, self.bank.offer_rects(self), strict=False):
            found[("card", card)] = rect
        piles = self.bank.pile_rects(self)
        for card in state.deck:
            found[("card", card)] = piles["deck"]
        for card in state.discard:
            found[("card", card)] = piles["discard"]
        for tile in state.bag:
            found[("tile", tile)] = piles["bag"]
        for slot in range(1, 5):
            tile = state.market[slot - 1]
            if tile >= 0:
                found[("tile", tile)] = self.market.tile_rect(self, slot)
        for _, _, cards in self.hand.groups(self):
            for card, rect in cards:
                found[("card", card)] = rect
        for tile, rect in self.tray.held_rects(self) + self.tray.reserve_rects(self):
            found[("tile", tile)] = rect
        self.board.fit(state.grids[self.me])
        for cell, tile in state.grids[self.me].items():
            found[("tile", tile)] = self.board.cell_rect(*xy_of(cell))
        for panel in self.opponents.panels:
            seat = panel.seat
            hand = panel.hand_rect(self)
            card_rect = pygame.Rect(0, 0, max(8, hand.h // 3), max(12, hand.h // 2))
            card_rect.center = hand.center
            for card in state.hands[seat]:
                found[("card", card)] = card_rect
            for tile, rect, _ in panel.tile_rects(self):
                found[("tile", tile)] = rect
            panel.grid.rect = panel.areas(self)["grid"]
            panel.grid.fit(state.grids[seat])
            for cell, tile in state.grids[seat].items():
                found[("tile", tile)] = panel.grid.cell_rect(*xy_of(cell))
        if self.opponents.dirk is not None:
            target = self.opponents.dirk.target_rect()
            for tile in state.dirk_tiles:
                found[("tile", tile)] = pygame.Rect(target.x, target.y, target.h, target.h)
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
            self.show_toast(str(error), True)
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
            self.show_toast(str(error), True)
            return
        self._after(events, first, before)

    def _after(self, events: list[dict], first: int, before: Positions) -> None:
        self.sel.clear()
        self.drag = None
        self.hint = None
        self.director.play(events, first, before, self.positions())
        kinds = {event["e"] for event in events}
        if "game_over" in kinds:
            self.finish_game()
        elif "turn" in kinds:
            self.autosave()

    def perform(self, action: Action) -> None:
        """A move of the human: staged for confirmation if it ends the turn, else applied at once."""
        if not self.can_act:
            return
        try:
            ends = self.table.ends_turn(action)
        except IllegalAction as error:
            self.show_toast(str(error), True)
            return
        if ends and self.app.settings.confirm_turn and not isinstance(action, Take | Pass):
            self.table.stage(action, describe_action(self.state, action))
            self.sel.clear()
            self.drag = None
            self.ui.sounds.play("place" if action.kind != "take" else "card")
            return
        exact_buy = isinstance(action, Buy) and not ends and self.state.phase not in (PLACE, FINAL)
        if self.apply(action) and exact_buy and self.state.phase not in (PLACE, FINAL):
            self.show_toast("Exact payment: you take another action!")

    # ------------------------------------------------------------------ what the timeline reports
    def reveal(self, shown: int) -> None:
        self.shown_events = max(self.shown_events, shown)
        self.log.sync(self.table.game.events, self.table.names, self.table.human, self.shown_events)

    def on_event_shown(self, event: dict, sheet: Sheet | None) -> bool:
        """An event's moment in the timeline has come; True if a scene was opened (pause the timeline)."""
        kind = event.get("e")
        if kind == "turn":
            player = event["player"]
            self.banner_text = "Your turn" if player == self.table.human else f"{self.table.names[player]}'s turn"
            self.banner_at = self.ui.time
            if player == self.table.human:
                self.ui.sounds.play("turn")
        elif kind == "scoring_card":
            self.banner_text = f"Scoring card {event['round']}!"
            self.banner_at = self.ui.time
            self.ui.sounds.play("score")
        elif kind == "score" and sheet is not None:
            self.target_scores = list(event["totals"])
            if "dirk_total" in event:
                self.target_dirk = event["dirk_total"]
            if event["round"] < 3:
                from .scoring import ScoringScene

                self.app.push(ScoringScene(self.app, self, sheet))
                return True
        elif kind == "game_over":
            from .game_over import GameOverScene

            self.app.replace(GameOverScene(self.app, self.table, self.record_path))
            return True
        return False

    # ------------------------------------------------------------------ saving
    def autosave(self) -> None:
        try:
            persistence.autosave(self.table.game)
        except OSError as error:
            self.show_toast(f"Autosave failed: {error}", True)

    def finish_game(self) -> None:
        try:
            self.record_path = persistence.save_finished(self.table.game)
            persistence.clear_autosave()
        except OSError as error:
            self.show_toast(f"The record could not be saved: {error}", True)

    # ------------------------------------------------------------------ messages
    def show_toast(self, text: str, warn: bool = False) -> None:
        self.toast_text = text
        self.toast_warn = warn
        self.toast_until = self.ui.time + (5.0 if warn else 3.0)
        if warn:
            self.ui.sounds.play("error")

    # ------------------------------------------------------------------ buttons
    def _refresh_controls(self) -> None:
        table, sel = self.table, self.sel
        acting = self.can_act and table.acting
        placing = self.can_act and table.placing
        staged = self.staged_action
        for button in (self.primary, self.to_reserve, self.to_dirk, self.cancel, *self.chips, self.do_hint):
            button.visible = False
        self.primary.visible = staged is not None or self.can_act
        self.primary.enabled = False
        self.primary.label = "End turn" if staged else "Take"
        if staged is not None:
            self.primary.enabled = True
            self.cancel.visible = True
            self.cancel.label = "Take back"
            self.cancel.tooltip = "Take back this move (the rest of your turn stays)"
        elif acting:
            legal = table.state.legal_actions()
            if legal == [Pass()]:
                self.primary.label, self.primary.enabled = "Pass", True
            elif sel.slot is not None:
                self.primary.label = "Buy"
                self.primary.enabled = bool(sel.pay) and table.state.is_legal(Buy(sel.slot, tuple(sel.pay)))
                self.cancel.visible = True
                self.cancel.label = "Cancel"
                self._show_chips()
            elif sel.offer:
                self.primary.label = "Take"
                self.primary.enabled = table.state.is_legal(Take(tuple(sel.offer)))
                self.cancel.visible = True
                self.cancel.label = "Cancel"
            elif sel.source == "alhambra" and sel.tile is not None:
                self.primary.label = "Move to reserve"
                self.primary.enabled = table.state.is_legal(Lift(sel.tile))
                self.cancel.visible = True
                self.cancel.label = "Cancel"
            elif sel.tile is not None:
                self.primary.label = "Redesign"
                self.cancel.visible = True
                self.cancel.label = "Cancel"
            else:
                self.primary.label = "Take"
        elif placing:
            self.primary.visible = False
            if sel.tile is not None and sel.source == "held":
                self.to_reserve.visible = True
                self.to_reserve.enabled = table.state.is_legal(Reserve(sel.tile))
                if table.state.with_dirk and table.state.phase == PLACE:
                    self.to_dirk.visible = True
                    self.to_dirk.enabled = table.state.is_legal(GiveToDirk(sel.tile))
                self.cancel.visible = True
                self.cancel.label = "Cancel"
        self.undo_wide.enabled = table.can_undo and not self.director.busy
        self.hint_wide.enabled = self.can_act and self.hint_future is None
        if self.hint_action is not None and self.can_act:
            self.do_hint.visible = True
        self._stack_actions()

    def _show_chips(self) -> None:
        sel = self.sel
        tile = self.state.market[sel.slot - 1] if sel.slot else -1
        for i, button in enumerate(self.chips):
            if i >= len(sel.suggestions) or tile < 0:
                continue
            paid = sel.suggestions[i]
            total = sum(CARD_VALUE[c] for c in paid)
            values = "+".join(str(CARD_VALUE[c]) for c in paid)
            over = total - TILE_COST[tile]
            button.label = f"= {values}" if over == 0 else f"{values} (+{over})"
            button.tooltip = ("Exact payment: you take another action" if over == 0
                              else f"Pays {over} more than the cost; no change is given")
            button.selected = tuple(sorted(sel.pay)) == tuple(sorted(paid))
            button.visible = True

    def _chip_action(self, index: int):  # noqa: ANN202 - a callback
        def choose() -> None:
            if index < len(self.sel.suggestions):
                self.sel.suggestion = index
                self.sel.pay = list(self.sel.suggestions[index])

        return choose

    def primary_action(self) -> None:
        if self.staged_action is not None:
            self.commit()
            return
        if not self.can_act:
            return
        sel = self.sel
        legal = self.state.legal_actions()
        if legal == [Pass()]:
            self.perform(Pass())
        elif sel.slot is not None and sel.pay:
            self.perform(Buy(sel.slot, tuple(sel.pay)))
        elif sel.offer:
            self.perform(Take(tuple(sel.offer)))
        elif sel.source == "alhambra" and sel.tile is not None:
            self.perform(Lift(sel.tile))

    def send_to_reserve(self) -> None:
        sel = self.sel
        if sel.tile is None:
            return
        if sel.source == "held":
            self.perform(Reserve(sel.tile))
        elif sel.source == "alhambra":
            self.perform(Lift(sel.tile))

    def give_to_dirk(self) -> None:
        if self.sel.tile is not None and self.sel.source == "held":
            self.perform(GiveToDirk(self.sel.tile))

    def cancel_selection(self) -> None:
        if self.table.staged is not None:
            self.table.staged = None
        self.sel.clear()
        self.drag = None

    def undo(self) -> None:
        if not self.table.can_undo or self.director.busy:
            return
        self.table.undo()
        self.director.clear()
        self.sel.clear()
        self.drag = None
        self.hint = None
        state = self.state
        self.shown_scores = [float(s) for s in state.scores]
        self.target_scores = list(state.scores)
        self.shown_events = len(self.table.game.events)
        self.log.sync(self.table.game.events, self.table.names, self.table.human)
        self.show_toast("Your turn starts again.")
        self.ui.sounds.play("card")

    # ------------------------------------------------------------------ hint
    def _hint_key(self) -> tuple:
        return (len(self.table.game.events), self.staged_action)

    def ask_hint(self) -> None:
        if not self.can_act or self.hint_future is not None:
            return
        if self.hint_action is not None:
            return
        state = self.state
        self.hint_key = self._hint_key()
        self.hint = None
        self.hint_agent = hint_agent()
        self.hint_future = self.app.worker.submit(self.hint_agent, self.table.decision_seed(),
                                                  state.knowledge(state.decider), state.legal_actions())

    def _poll_hint(self) -> None:
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        try:
            decision = future.result()
        except Exception as error:  # noqa: BLE001 - a hint is optional: say it failed, play on
            self.show_toast(f"No hint this time ({type(error).__name__}).", True)
            return
        if self.hint_key == self._hint_key():
            self.hint = decision
            self.ui.sounds.play("click")

    def cancel_hint(self) -> None:
        self.hint_future = None
        self.hint = None

    def play_hint(self) -> None:
        action = self.hint_action
        if action is None:
            return
        self.cancel_selection()
        if isinstance(action, Buy):
            self.sel.slot = action.slot
            self.sel.pay = list(action.paid)
            self.perform(action)
        else:
            self.perform(action)

    # ------------------------------------------------------------------ toolbar
    def toggle_log(self) -> None:
        self.app.settings.show_log = not self.app.settings.show_log
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
        names = {0.0: "instant", 0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "very fast"}
        self.show_toast(f"Animation speed: {names.get(speed, speed)}")

    def zoom(self, factor: float) -> None:
        self.board.zoom_by(factor)

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    # ------------------------------------------------------------------ input
    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.board.rect.collidepoint(self.ui.mouse):
                self.zoom(1.12 if event.y > 0 else 1 / 1.12)
                return True
            if self.log.rect.collidepoint(self.ui.mouse):
                self.log.handle_wheel(self, event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (2, 3) and self.board.rect.collidepoint(event.pos):
                self.pan_from = event.pos
                return True
            if event.button == 1:
                return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if self.pan_from is not None:
                self.board.pan[0] += event.pos[0] - self.pan_from[0]
                self.board.pan[1] += event.pos[1] - self.pan_from[1]
                self.pan_from = event.pos
                return True
            if self.drag is not None and not self.drag.active:
                sx, sy = self.drag.start
                if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > self.ui.px(6):
                    self.drag.active = True
                    self._select(self.drag.source, self.drag.tile, toggle=False)
            return self.dragging
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.pan_from = None
                return True
            if event.button == 1 and self.drag is not None:
                drag, self.drag = self.drag, None
                if drag.active:
                    self._drop(event.pos)
                else:
                    self._select(drag.source, drag.tile, toggle=True)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if key == pygame.K_ESCAPE:
            if self.table.staged is not None or self.sel.slot or self.sel.offer or self.sel.tile is not None:
                self.cancel_selection()
            else:
                self.open_pause()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.primary_action()
            return True
        if key == pygame.K_z or (ctrl and key == pygame.K_z):
            self.undo()
            return True
        simple = {pygame.K_h: self.ask_hint, pygame.K_l: self.toggle_log, pygame.K_m: self.toggle_sound,
                  pygame.K_t: self.send_to_reserve, pygame.K_d: self.give_to_dirk, pygame.K_x: self.next_payment,
                  pygame.K_TAB: self.next_held, pygame.K_SPACE: self.director.animator.finish,
                  pygame.K_0: self.board.reset_view, pygame.K_KP0: self.board.reset_view}
        if key in simple:
            simple[key]()
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1.25)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(0.8)
            return True
        arrows = {pygame.K_LEFT: (40, 0), pygame.K_RIGHT: (-40, 0), pygame.K_UP: (0, 40), pygame.K_DOWN: (0, -40)}
        if key in arrows:
            self.board.pan[0] += arrows[key][0]
            self.board.pan[1] += arrows[key][1]
            return True
        offer_keys = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
        if key in offer_keys:
            index = offer_keys.index(key)
            if index < len(self.state.offer):
                self.toggle_offer(self.state.offer[index])
            return True
        slot_keys = [getattr(pygame, f"K_{k.lower()}") for k in SLOT_KEYS]
        if key in slot_keys:
            self.choose_slot(slot_keys.index(key) + 1)
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        if not self.can_act:
            return False
        table = self.table
        if table.acting:
            card = self.bank.card_at(self, pos)
            if card is not None:
                self.toggle_offer(card)
                return True
            slot = self.market.slot_at(self, pos)
            if slot is not None:
                self.choose_slot(slot)
                return True
            card = self.hand.card_at(self, pos)
            if card is not None and self.sel.slot is not None:
                self.toggle_payment(card)
                return True
        found = self.tray.tile_at(self, pos)
        if found is not None:
            source, tile = found
            if self.sel.source == "alhambra" and source == "reserve" and self.sel.tile is not None:
                self.perform(Swap(tile, self.sel.tile))
                return True
            self.drag = Drag(source, tile, pos)
            return True
        if self.board.rect.collidepoint(pos):
            if self.sel.tile is not None and self._drop_on_board(pos):
                return True
            tile = self.board.tile_at(self.state.grids[self.me], pos)
            if tile is not None and table.acting:
                self.drag = Drag("alhambra", tile, pos)
                return True
            return True
        if self.tray.reserve_zone(self).collidepoint(pos) and self.reserve_drop_ok():
            self.send_to_reserve()
            return True
        dirk = self.opponents.dirk
        if dirk is not None and dirk.rect.collidepoint(pos) and self.sel.source == "held":
            self.give_to_dirk()
            return True
        return False

    # ------------------------------------------------------------------ selecting
    def toggle_offer(self, card: int) -> None:
        if not (self.can_act and self.table.acting):
            return
        sel = self.sel
        chosen = [c for c in sel.offer if c != card] if card in sel.offer else [*sel.offer, card]
        sel.clear()
        sel.offer = chosen
        self.ui.sounds.play("click")

    def choose_slot(self, slot: int) -> None:
        if not (self.can_act and self.table.acting):
            return
        state = self.state
        tile = state.market[slot - 1]
        if tile < 0:
            self.show_toast(f"Slot {slot} is empty until the end of the turn.", True)
            return
        if self.sel.slot == slot:
            self.sel.clear()
            return
        if not self.table.can_buy(slot):
            currency = CURRENCIES[MARKET_CURRENCY[slot - 1]]
            held = state.currency_totals(state.decider)[MARKET_CURRENCY[slot - 1]]
            self.show_toast(f"{describe_tile(tile).capitalize()} costs {TILE_COST[tile]} {currency}; "
                            f"you hold {held} in {currency}.", True)
            return
        self.sel.clear()
        self.sel.slot = slot
        suggestions = list(self.table.exact_payments(slot)[:3])
        cheapest = self.table.cheapest_payment(slot)
        if cheapest is not None and cheapest not in suggestions and len(suggestions) < 4:
            suggestions.append(cheapest)
        self.sel.suggestions = suggestions
        if suggestions:
            self.sel.suggestion = 0
            self.sel.pay = list(suggestions[0])
        self.ui.sounds.play("click")

    def next_payment(self) -> None:
        sel = self.sel
        if sel.slot is None or not sel.suggestions:
            return
        sel.suggestion = (sel.suggestion + 1) % len(sel.suggestions)
        sel.pay = list(sel.suggestions[sel.suggestion])

    def toggle_payment(self, card: int) -> None:
        sel = self.sel
        if sel.slot is None or CARD_CURRENCY[card] != MARKET_CURRENCY[sel.slot - 1]:
            if sel.slot is not None:
                currency = CURRENCIES[MARKET_CURRENCY[sel.slot - 1]]
                self.show_toast(f"Slot {sel.slot} takes only {currency}.", True)
            return
        sel.pay = [c for c in sel.pay if c != card] if card in sel.pay else [*sel.pay, card]
        match = [i for i, paid in enumerate(sel.suggestions) if sorted(paid) == sorted(sel.pay)]
        sel.suggestion = match[0] if match else -1
        self.ui.sounds.play("click")

    def next_held(self) -> None:
        held = self.tray.held(self)
        if not held or not self.can_act:
            return
        index = held.index(self.sel.tile) + 1 if self.sel.tile in held else 0
        self._select("held", held[index % len(held)], toggle=False)

    def _select(self, source: str, tile: int, toggle: bool) -> None:
        sel = self.sel
        if toggle and sel.tile == tile and sel.source == source:
            sel.clear()
            return
        table = self.table
        if source == "held" and not table.placing:
            self.show_toast("Bought tiles are placed at the end of your turn: take money, buy or redesign first.")
            return
        if source in ("reserve", "alhambra") and not table.acting:
            if table.placing:
                self.show_toast("Place the tiles you bought first: a redesign is a whole action.")
            return
        if source == "alhambra":
            options = [a for a in table.state.redesign_actions()
                       if (isinstance(a, Lift) and a.tile == tile) or (isinstance(a, Swap) and a.alhambra_tile == tile)]
            if not options:
                self.show_toast(self._why_not(Lift(tile)), True)
                return
        if source == "reserve" and not self._reserve_targets(tile)[0] and not self._reserve_targets(tile)[1]:
            self.show_toast(f"{describe_tile(tile).capitalize()} fits nowhere in your Alhambra right now.", True)
            return
        sel.clear()
        sel.tile, sel.source = tile, source
        self.ui.sounds.play("click")

    def _why_not(self, action: Action) -> str:
        try:
            self.state.clone().apply(action)
        except IllegalAction as error:
            return str(error)
        return ""

    # ------------------------------------------------------------------ targets and dropping
    def _reserve_targets(self, tile: int) -> tuple[list[tuple[int, int]], list[int]]:
        cells, swaps = [], []
        for action in self.state.redesign_actions():
            if isinstance(action, FromReserve) and action.tile == tile:
                cells.append((action.x, action.y))
            elif isinstance(action, Swap) and action.reserve_tile == tile:
                swaps.append(action.alhambra_tile)
        return cells, swaps

    def targets(self) -> tuple[list[tuple[int, int]], list[int]]:
        """Legal cells and swappable Alhambra tiles for the selected (or dragged) tile."""
        sel = self.sel
        if sel.tile is None or not self.can_act:
            return [], []
        if sel.source == "held" and self.table.placing:
            return self.state.legal_cells(self.state.decider, sel.tile), []
        if sel.source == "reserve" and self.table.acting:
            return self._reserve_targets(sel.tile)
        if sel.source == "alhambra" and self.table.acting:
            swaps = [a.reserve_tile for a in self.state.redesign_actions()
                     if isinstance(a, Swap) and a.alhambra_tile == sel.tile]
            return [], swaps
        return [], []

    def reserve_drop_ok(self) -> bool:
        sel = self.sel
        if sel.tile is None or not self.can_act:
            return False
        if sel.source == "held":
            return self.table.placing and self.state.is_legal(Reserve(sel.tile))
        if sel.source == "alhambra":
            return self.table.acting and self.state.is_legal(Lift(sel.tile))
        return False

    def _drop_on_board(self, pos: tuple[int, int]) -> bool:
        sel = self.sel
        cell = self.board.cell_at(pos)
        if cell is None or sel.tile is None:
            return False
        cells, swaps = self.targets()
        if sel.source == "held" and cell in cells:
            self.perform(Place(sel.tile, *cell))
            return True
        if sel.source == "reserve":
            if cell in cells:
                self.perform(FromReserve(sel.tile, *cell))
                return True
            target = self.board.tile_at(self.state.grids[self.me], pos)
            if target is not None and target in swaps:
                self.perform(Swap(sel.tile, target))
                return True
        return False

    def _drop(self, pos: tuple[int, int]) -> None:
        sel = self.sel
        if self.board.rect.collidepoint(pos):
            if not self._drop_on_board(pos) and sel.source != "alhambra":
                cell = self.board.cell_at(pos)
                if cell is not None and sel.tile is not None and sel.source == "held":
                    self.show_toast(self._why_not(Place(sel.tile, *cell)) or "Not there.", True)
            return
        if self.tray.rect.collidepoint(pos):
            found = self.tray.tile_at(self, pos)
            if sel.source == "alhambra" and found is not None and found[0] == "reserve":
                self.perform(Swap(found[1], sel.tile))
            elif self.reserve_drop_ok():
                self.send_to_reserve()
            return
        dirk = self.opponents.dirk
        if dirk is not None and dirk.rect.collidepoint(pos) and sel.source == "held":
            self.give_to_dirk()

    # ------------------------------------------------------------------ drawing
    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, panels and their shadows: drawn once per layout, one blit per frame."""
        rects = self.layout_rects
        assert rects is not None
        key = (size, rects)
        if self._static_key == key and self._static is not None:
            return self._static
        ui = self.ui
        layer = ui.sprites.felt(size).copy()
        self.top.draw_static(layer, self)
        for panel in self.opponents.panels:
            draw_box(ui, layer, panel.rect)
        if self.opponents.dirk is not None:
            draw_box(ui, layer, self.opponents.dirk.rect)
        boxes = [rects.bank, rects.hand, rects.tray, rects.actions] + ([rects.log] if rects.log.h > 0 else [])
        for rect in boxes:
            draw_box(ui, layer, rect)
        plate = pygame.Surface(rects.alhambra.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (10, 22, 22, 110), plate.get_rect(), border_radius=ui.px(12))
        layer.blit(plate, rects.alhambra)
        self._static, self._static_key = layer, key
        return layer

    def draw(self, surface: pygame.Surface) -> None:
        rects = self.layout_rects
        assert rects is not None
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        self.top.draw(surface, self)
        self.opponents.draw(surface, self)
        self.market.draw(surface, self)
        self.bank.draw(surface, self)
        if rects.log.h > 0:
            self.log.draw(surface, self)
        self._draw_board(surface)
        self.hand.draw(surface, self)
        self.tray.draw(surface, self)
        self._draw_actions_title(surface)
        super().draw(surface)
        self._draw_prompt(surface)
        self.director.animator.draw(surface)
        self._draw_drag(surface)
        self._draw_banner(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        ui = self.ui
        state = self.state
        rect = self.board.rect
        grid = state.grids[self.me]
        cells, swaps = self.targets()
        staged = self.staged_action
        ghosts: dict[tuple[int, int], int] = {}
        faded: list[int] = []
        if isinstance(staged, Place | FromReserve):
            ghosts[(staged.x, staged.y)] = staged.tile
        elif isinstance(staged, Swap):
            where = next(xy_of(c) for c, t in grid.items() if t == staged.alhambra_tile)
            ghosts[where] = staged.reserve_tile
        elif isinstance(staged, Lift):
            faded.append(staged.tile)
        hover = None
        if self.sel.tile is not None and cells:
            cell = self.board.cell_at(ui.mouse)
            if cell in cells:
                hover = (cell, self.sel.tile)
        hint = self.hint_action if self.can_act else None
        hint_cell = (hint.x, hint.y) if isinstance(hint, Place | FromReserve) else None
        hint_tile = hint.tile if isinstance(hint, Lift) else (hint.alhambra_tile if isinstance(hint, Swap) else None)
        hidden = {item for kind, item in self.hidden if kind == "tile"}
        if self.dragging and self.drag is not None and self.drag.source == "alhambra":
            hidden.add(self.drag.tile)
        self.board.draw(surface, grid, hidden=hidden, targets=cells, swap_targets=swaps,
                        selected=self.sel.tile if self.sel.source == "alhambra" else None, ghosts=ghosts,
                        faded=faded, hint_cell=hint_cell, hint_tile=hint_tile, hover=hover)
        label = ui.text.render(f"Your Alhambra · wall {state.wall_length(self.me)}", ui.font_px(13), theme.TEXT_DIM)
        if self.table.human is None:
            label = ui.text.render(f"{self.table.names[self.me]}'s Alhambra · wall {state.wall_length(self.me)}",
                                   ui.font_px(13), theme.TEXT_DIM)
        surface.blit(label, (rect.x + ui.px(10), rect.bottom - label.get_height() - ui.px(6)))

    def _draw_actions_title(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        rect = self.layout_rects.actions  # type: ignore[union-attr]
        state = self.state
        if state.is_over:
            text = "Game over"
        elif self.table.human_decides:
            text = {PLACE: "Place your tiles", FINAL: "Place your tiles"}.get(state.phase, "Your turn")
        else:
            text = f"{self.table.names[state.decider]} plays"
        common.section_title(ui, surface, text, (rect.x + px(12), rect.y + px(10)))
        if not self.table.human_decides and not state.is_over:
            seat = state.decider
            centre = (rect.centerx, rect.y + px(80))
            for i in range(8):  # a ring of dots turning while the bot thinks
                angle = i / 8 * 6.283 + ui.time * 4
                alpha = (i + 1) / 8
                pos = (round(centre[0] + math.cos(angle) * px(18)), round(centre[1] + math.sin(angle) * px(18)))
                pygame.draw.circle(surface, theme.mix(theme.PANEL, theme.seat_color(seat), alpha), pos, px(4))
            common.seat_token(ui, surface, seat, self.table.names[seat], centre, px(10))
            word = ui.text.render("thinking…" if self.thinking else "playing", ui.font_px(13), theme.TEXT_DIM)
            surface.blit(word, word.get_rect(midtop=(centre[0], centre[1] + px(28))))

    def prompt(self) -> str:
        """The one line telling the human what they can do now."""
        table, sel, state = self.table, self.sel, self.state
        staged = self.table.staged
        if state.is_over:
            return "The game is over."
        if staged is not None:
            return f"Ready: {staged.text}. End turn to confirm, or Undo."
        if not table.human_decides:
            name = table.names[state.decider]
            agent = table.agents[state.decider]
            if self.thinking and self.clock - self.ai_since > 0.3:
                return f"{name} ({agent_label(agent or '')}) is thinking…"
            return f"{name} is playing."
        if self.director.busy:
            return "…"
        if sel.slot is not None:
            tile = state.market[sel.slot - 1]
            currency = CURRENCIES[MARKET_CURRENCY[sel.slot - 1]]
            paid = sum(CARD_VALUE[c] for c in sel.pay)
            return (f"Pay {TILE_COST[tile]} in {currency} for the {describe_tile(tile)}: chosen {paid}. "
                    "Suggestions:")
        if sel.offer:
            return "Take these cards with Take (or Enter); add or remove cards with a click or 1–4."
        if sel.tile is not None:
            if sel.source == "held":
                return "Click a highlighted place (or drag the tile there), or put it on the reserve."
            if sel.source == "reserve":
                return "Click a highlighted place to build it, or a marked tile to swap it in."
            return "Move this tile to the reserve, or click a reserve tile to swap."
        if table.placing:
            return "Place the tiles you bought: drag one onto a highlighted place, or click it first."
        if state.held:
            return "Exact payment! Take another action: money, a building, or a redesign."
        return "Your turn: take money (1–4), buy a building (Q W E R), or redesign with a reserve or Alhambra tile."

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        board = self.board.rect
        hint = self.hint if self.hint_action is not None and self.can_act else None
        if hint is not None:
            text = f"Hint ({agent_label(self.hint_agent)}): {describe_action(self.state, hint.action)} — {hint.reason}"
        elif self.hint_future is not None:
            text = f"{agent_label(self.hint_agent)} is thinking about a hint…"
        else:
            text = self.prompt()
        size = ui.font_px(15)
        chips = [c for c in self.chips if c.visible] + ([self.do_hint] if self.do_hint.visible else [])
        chips_w = sum(px(86) + px(6) for _ in chips)
        room = board.w - px(24) - chips_w
        lines = ui.text.wrap(text, size, room)[:2]
        line_h = ui.text.size("Ag", size)[1]
        width = max(ui.text.size(line, size)[0] for line in lines) + chips_w + px(24)
        area = self.layout_rects.alhambra  # type: ignore[union-attr]
        box = pygame.Rect(0, 0, min(board.w - px(8), width), max(px(34), line_h * len(lines) + px(12)))
        box.midtop = (board.centerx, area.y + px(5))
        draw_box(ui, surface, box, (30, 26, 20), 236, theme.GOLD_DARK, px(8), shadow=True)
        y = box.centery - line_h * len(lines) // 2
        for line in lines:
            surface.blit(ui.text.render(line, size, theme.GOLD_LIGHT if hint else theme.IVORY), (box.x + px(12), y))
            y += line_h
        x = box.right - chips_w - px(6)
        for chip in chips:
            chip.rect = pygame.Rect(x, box.centery - px(13), px(86), px(26))
            chip.draw(surface)
            x += px(92)
        if self.toast_text and ui.time < self.toast_until:
            tsize = ui.font_px(14)
            tlines = ui.text.wrap(self.toast_text, tsize, board.w - px(60))[:3]
            th = ui.text.size("Ag", tsize)[1]
            tw = max(ui.text.size(line, tsize)[0] for line in tlines) + px(44)
            toast = pygame.Rect(0, 0, tw, th * len(tlines) + px(14))
            toast.midbottom = (board.centerx, board.bottom - px(30))
            colour = (72, 30, 22) if self.toast_warn else (24, 52, 40)
            draw_box(ui, surface, toast, colour, 240, theme.WARN if self.toast_warn else theme.GOOD, px(8))
            icon = "!" if self.toast_warn else "i"
            mark = ui.text.render(icon, ui.font_px(16), theme.WARN if self.toast_warn else theme.GOOD, "bold")
            surface.blit(mark, mark.get_rect(center=(toast.x + px(16), toast.centery)))
            y = toast.y + px(7)
            for line in tlines:
                surface.blit(ui.text.render(line, tsize, theme.IVORY), (toast.x + px(32), y))
                y += th

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if not self.dragging or self.drag is None:
            return
        size = max(self.ui.px(56), self.board.cell_size)
        image = self.ui.sprites.tile(self.drag.tile, size)
        rect = image.get_rect(center=self.ui.mouse)
        surface.blit(self.ui.sprites.shadow(rect.size, 6, 6, 130), (rect.x - 12 + 8, rect.y - 12 + 12))
        surface.blit(image, rect)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        age = self.ui.time - self.banner_at
        length = max(0.6, self.animator.scaled(1.3))
        if not self.banner_text or age > length or self.animator.speed <= 0:
            return
        ui = self.ui
        board = self.board.rect
        fade = min(1.0, age / 0.15, (length - age) / 0.3)
        word = ui.text.shadowed(self.banner_text, ui.font_px(40), theme.GOLD_LIGHT, "display", 2)
        band = pygame.Rect(board.x, 0, board.w, word.get_height() + ui.px(24))
        band.center = board.center
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((20, 14, 8, 170))
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, 1), (band.w, 1), 2)
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, band.h - 2), (band.w, band.h - 2), 2)
        layer.blit(word, word.get_rect(center=(band.w // 2 + round((1 - fade) * ui.px(40)), band.h // 2)))
        layer.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(layer, band)


def _approach(shown: float, target: float, dt: float) -> float:
    """Move a displayed number towards its target quickly but visibly (scores counting up)."""
    if abs(target - shown) < 0.05:
        return float(target)
    return shown + (target - shown) * min(1.0, dt * 6)
