"""The human's hands on the table: selections, clicks, drags, keys and the action buttons.

Part of the table scene (``TurnScene`` mixes this in).  Every highlight and every button state
comes from the engine: legal cells from ``legal_cells``, redesign targets from
``redesign_actions``, confirmable selections from ``is_legal``.  Moves go to ``perform``, which
stages the one that would end the turn.

After an exact payment the extra action is optional ([B-TURN-4]): with nothing selected the
primary button offers "End turn" (Enter, or ``END_TURN_KEY`` at any time), which applies the
engine's ``EndTurn`` and moves on to placing the bought tiles.

The rule modules add to this through their hooks (``modules/``), never by name: their own moves
are buttons and keys (``Command``), their panels and pieces answer clicks with a move, and their
purchases (a card that pays with the money, a purchase in a phase of their own) come into the
buying flow as suggested payments and ``buy_action``.  A piece of a module's panel for your
Alhambra's corners (a falcon) is picked by a click, a drag or its key (``Pick``), its corners light
up (``spots``), X or a click on a card changes the card that pays, and a click or drop on a lit
corner (or Tab, then Enter) makes the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    Action,
    Buy,
    EndTurn,
    FromReserve,
    IllegalAction,
    Lift,
    Pass,
    Place,
    Reserve,
    Swap,
    Take,
)
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    SLOT_CURRENCY,
    TILE_COST,
    is_money_card,
)
from game.engine.phases import ACTION, FINAL
from game.i18n import N_, _, ngettext, pgettext, words

from ..modules import ClientModule, Destination, Payment
from ..shortcuts import END_TURN_KEY
from ..table import order_payments
from ..views.market import SLOT_KEYS
from ..views.model import Piece
from .parts.pointer import Drag

if TYPE_CHECKING:
    from game.engine import GameState

    from .turn import TurnScene

END_TURN_TIP = N_("Decline the extra action: place the tiles you bought, then the turn ends")
DROP_TIP = N_("Drop the selection")

# The action buttons' labels, said when drawn (``Button`` calls them at every frame).
# TRANSLATORS: the action buttons of the table (short: they sit on buttons)
LABELS = {
    "take": lambda: pgettext("button", "Take"),
    "buy": lambda: pgettext("button", "Buy"),
    "pass": lambda: pgettext("button", "Pass"),
    "end turn": lambda: pgettext("button", "End turn"),
    # TRANSLATORS: confirms a move out of turn (placing the tile a vizier bought), which hands the game on
    "confirm": lambda: pgettext("button", "Confirm"),
    "lift": lambda: pgettext("button", "Move to reserve"),
    "buy here": lambda: pgettext("button", "Buy here"),
    "cancel": lambda: pgettext("button", "Cancel"),
    "take back": lambda: pgettext("button", "Take back"),
}


def refusal(error: IllegalAction) -> str:
    """A refused move as a player reads it, in the current language, without the rule's id (the record and the
    tests keep the id)."""
    # TRANSLATORS: a move the rules refuse; {reason} is the rules' reason ("you do not hold florin 3")
    return _("Not allowed: {reason}.").format(reason=words.refusal(error))


def refused_here(error: IllegalAction) -> str:
    """Why the tile held may not go on the cell pointed at, in the current language."""
    # TRANSLATORS: over a cell the tile held may not take; {reason} is the rules' reason
    return _("Not here: {reason}").format(reason=words.refusal(error))


def _chip_words(values: str, over: int, card: int | None, exact_only: bool) -> tuple[str, str]:
    """A payment chip's label and tooltip: the cards' values, what the payment is over the cost, and the module's
    card that pays with them (an exchange card)."""
    if card is None:
        label = f"= {values}" if over == 0 else f"{values} (+{over})"
        if over == 0:
            tip = _("Exact payment") if exact_only else _("Exact payment: you may take another action")
        else:
            tip = ngettext(
                "Pays {n} more than the cost; no change is given",
                "Pays {n} more than the cost; no change is given",
                over,
            ).format(n=over)
        return label, tip
    said = words.card(card)
    if over == 0:
        # TRANSLATORS: a payment chip that also pays with a module's card (an exchange card)
        label = pgettext("payment chip", "= {values} +card").format(values=values)
        if exact_only:
            tip = _("Exact payment, with your {card}").format(card=said)
        else:
            tip = _("Exact payment with your {card}: you may take another action").format(card=said)
        return label, tip
    label = pgettext("payment chip", "{values} (+{over}) +card").format(values=values, over=over)
    tip = ngettext(
        "Pays {n} more than the cost, with your {card}; no change is given",
        "Pays {n} more than the cost, with your {card}; no change is given",
        over,
    ).format(n=over, card=said)
    return label, tip


class TurnInput:
    """Input handling of the table scene (a mixin: ``self`` is the ``TurnScene``)."""

    def exact_cards(self: TurnScene) -> set[int]:
        sel = self.sel
        if sel.slot is None or not (0 <= sel.suggestion < len(sel.suggestions)):
            return set()
        paid = sel.suggestions[sel.suggestion]
        tile = self.state.in_slot(sel.slot)
        if tile != EMPTY and sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile]:
            return set(paid)
        return set()

    # ------------------------------------------------------------------ buttons
    def purchase(self: TurnScene) -> Action | None:
        """The purchase the selection makes: a rule module's (its card, its phase), else the base game's ``Buy``."""
        sel = self.sel
        if sel.slot is None or not (sel.pay or sel.card is not None):
            return None
        paid = tuple(sel.pay)
        if sel.item is not None:  # a module's tile for sale outside the market (a waiting bazaar)
            return self.modules.item_purchase(self.state, sel.item, paid, sel.card)
        action = self.modules.buy_action(self.state, sel.slot, paid, sel.card) if self.modules.modules else None
        if action is None and sel.card is None and self.table.acting:
            action = Buy(sel.slot, paid)
        return action

    def _refresh_controls(self: TurnScene) -> None:
        table, sel = self.table, self.sel
        acting = self.can_act and table.acting
        placing = self.can_act and table.placing
        choosing = self.can_act and table.choosing
        staged = self.staged_action
        for button in (
            self.primary,
            self.to_reserve,
            *self.placement_buttons,
            *self.command_buttons,
            *self.pick_buttons,
            self.cancel,
            *self.chips,
            self.do_hint,
        ):
            button.visible = False
        self.primary.visible = staged is not None or self.can_act
        self.primary.enabled = False
        self.primary.label = LABELS["take"]
        if staged is not None:  # "End turn" only where it ends your own turn ([M-VIZIER-2]: a vizier's tile does not)
            self.primary.label = LABELS["end turn"] if self.staged_ends_own_turn() else LABELS["confirm"]
        self.primary.tooltip, self.primary.hotkey = "", "Enter"
        self.cancel.label, self.cancel.tooltip = LABELS["cancel"], DROP_TIP
        if staged is not None:
            self.primary.enabled = True
            self.cancel.visible = True
            self.cancel.label = LABELS["take back"]
            self.cancel.tooltip = (
                N_("Take back this move (the rest of your turn stays)")
                if self.staged_ends_own_turn()
                else N_("Take back this move")
            )
        elif acting:
            legal = table.state.legal_actions()
            if legal == [Pass()]:
                self.primary.label, self.primary.enabled = LABELS["pass"], True
            elif legal == [EndTurn()]:  # exact payment, and nothing else is possible
                self._offer_end_turn()
            elif sel.piece is not None:  # a module's piece for a corner of your Alhambra (a falcon)
                self._offer_piece()
            elif sel.slot is not None:
                self.primary.label = LABELS["buy"]
                purchase = self.purchase()
                self.primary.enabled = purchase is not None and table.state.is_legal(purchase)
                self.cancel.visible = True
                self._show_chips()
            elif sel.offer:
                self.primary.label = LABELS["take"]
                self.primary.enabled = table.state.is_legal(Take(tuple(sel.offer)))
                self.cancel.visible = True
            elif sel.source == "alhambra" and sel.tile is not None:
                self.primary.label = LABELS["lift"]
                self.primary.enabled = table.state.is_legal(Lift(sel.tile))
                self.cancel.visible = True
            elif sel.tile is not None:  # a reserve tile: its targets are on the board, no button needed
                self.primary.visible = False
                self.cancel.visible = True
            elif EndTurn() in legal:  # after an exact payment the extra action may be declined
                self._offer_end_turn()
            else:
                self.primary.label = LABELS["take"]
        elif placing:
            self.primary.visible = False
            if sel.tile is not None and sel.source == "held":
                self.to_reserve.visible = True
                self.to_reserve.enabled = table.state.is_legal(Reserve(sel.tile))
                for place, button in self.placements:  # the rule modules' places for it
                    if place.offered(table.state):
                        button.visible = True
                        button.enabled = table.state.is_legal(place.action(sel.tile))
                        button.tooltip = self._place_tip(place)
                self.cancel.visible = True
        elif choosing:  # a rule module's phase: pick a market tile (a vizier's purchase), or its commands
            self.primary.visible = sel.slot is not None
            if sel.piece is not None:  # one more piece for your Alhambra's corners (buying falcons)
                self._offer_piece()
            elif sel.slot is not None:
                self.primary.label = LABELS["buy"]
                purchase = self.purchase()
                self.primary.enabled = purchase is not None and table.state.is_legal(purchase)
                self.cancel.visible = True
                self._show_chips()
        if self.can_act and staged is None:
            optional = table.state.optional_actions() if sel.piece is not None else []
            for command, button in self.commanders:
                move = command.move(table.state)
                # a piece picked (a falcon, [M-FALCON-2]: the turn's only action): no other action is offered, only
                # the module's main command (Done) and moves that change nothing of the play (reveal a bonus card)
                if move is not None and (sel.piece is None or command.primary or move in optional):
                    button.visible = True
                    button.enabled = table.state.is_legal(move)
            if sel.piece is None:  # a piece for your Alhambra's corners (buy falcons): while one may be picked
                for module, _, button in self.piece_picks:
                    button.visible = button.enabled = bool(module.placeable(table.state, self.me))
        self.undo_wide.enabled = table.can_undo and not self.director.busy
        self.hint_wide.enabled = self.can_act and not self.hints.asked
        if self.hint_action is not None and self.can_act:
            self.do_hint.visible = True
        self._stack_actions()

    def in_own_turn(self: TurnScene) -> bool:
        """Whether the human decides in their own turn, not out of turn (placing the tile a vizier bought,
        [M-VIZIER-2]; the tiles received at the end of the game, [B-END-2])."""
        state = self.state
        return state.turn_player == self.me and state.phase not in state.rules.placing and state.phase != FINAL

    def staged_ends_own_turn(self: TurnScene) -> bool:
        """Whether the move waiting for confirmation ends the human's own turn (else it ends a decision out of
        turn, and its button says Confirm, not End turn)."""
        return self.in_own_turn()

    def _place_tip(self: TurnScene, place: Destination) -> Callable[[], str]:
        """A rule module's place's tooltip, with its note where the rules allowing it may be doubted now."""
        note = place.note
        if note is None:
            return lambda: place.tooltip

        def said() -> str:
            now = note(self.state)
            if not now:
                return place.tooltip
            # TRANSLATORS: a button's tooltip (it has no full stop of its own), then a sentence saying why the rules
            # allow that move now ("Give the selected tile to Dirk (...). The rules allow it: ...")
            return pgettext("a tooltip and a note", "{tooltip}. {note}").format(tooltip=place.tooltip, note=now)

        return said

    def _offer_piece(self: TurnScene) -> None:
        """A piece picked for a corner of your Alhambra: a click on a lit corner puts it there, so the primary
        button shows only for the corner chosen with Tab; Cancel drops the piece."""
        self.primary.visible = self.sel.spot is not None
        self.primary.label, self.primary.enabled = LABELS["buy here"], True
        self.primary.tooltip = N_("Put it on the corner chosen with Tab")
        self.cancel.visible = True

    def _offer_end_turn(self: TurnScene) -> None:
        """The primary button as "End turn" for declining the extra action ([B-TURN-4]).

        It is the same button that confirms a staged end of turn, because both say "I am done".
        """
        self.primary.label, self.primary.enabled = LABELS["end turn"], True
        # TRANSLATORS: the keys of the End turn button: Enter, or the key of its own
        self.primary.tooltip, self.primary.hotkey = END_TURN_TIP, lambda: _("Enter or {key}").format(key=END_TURN_KEY)

    def _show_chips(self: TurnScene) -> None:
        sel = self.sel
        tile = self.state.in_slot(sel.slot) if sel.slot else EMPTY
        exact_only = bool(self.modules.modules) and self.modules.exact_only(self.state)
        for i, button in enumerate(self.chips):
            if i >= len(sel.suggestions) or tile == EMPTY:
                continue
            paid = sel.suggestions[i]
            total = sum(CARD_VALUE[c] for c in paid)
            values = "+".join(str(CARD_VALUE[c]) for c in paid)
            over = total - TILE_COST[tile]
            card = sel.suggested_cards[i] if i < len(sel.suggested_cards) else None  # a module's (an exchange card)
            said = _chip_words(values, over, card, exact_only)
            button.label, button.tooltip = (lambda said=said: said[0]), (lambda said=said: said[1])
            button.selected = tuple(sorted(sel.pay)) == tuple(sorted(paid)) and sel.card == card
            button.visible = True

    def _chip_action(self: TurnScene, index: int) -> Callable[[], None]:
        def choose() -> None:
            if index < len(self.sel.suggestions):
                self.sel.suggestion = index
                self.sel.pay = list(self.sel.suggestions[index])
                self.sel.card = self.sel.suggested_cards[index] if index < len(self.sel.suggested_cards) else None

        return choose

    def primary_action(self: TurnScene) -> None:
        if self.staged_action is not None:
            self.commit()
            return
        if not self.can_act:
            return
        sel = self.sel
        if sel.piece is not None:  # a piece for a corner of your Alhambra: put it on the corner chosen with Tab
            if sel.spot is None or not self.put_piece(sel.spot):
                self.show_toast(lambda: _("Choose a lit corner of your Alhambra first: click one, or Tab."))
            return
        if self.table.choosing:  # a rule module's phase: only a chosen purchase is confirmed here
            purchase = self.purchase()
            if purchase is not None:
                self.perform(purchase)
            elif sel.empty:  # nothing picked: the module's main command (Done, after buying falcons)
                main = next((c for c, b in self.commanders if c.primary and b.visible and b.enabled), None)
                if main is not None:
                    self._commander(main)()
            return
        legal = self.state.legal_actions()
        if legal == [Pass()]:
            self.perform(Pass())
        elif legal == [EndTurn()]:
            self.perform(EndTurn())
        elif sel.slot is not None and (sel.pay or sel.card is not None):
            purchase = self.purchase()
            if purchase is not None:
                self.perform(purchase)
        elif sel.offer:
            self.perform(Take(tuple(sel.offer)))
        elif sel.source == "alhambra" and sel.tile is not None:
            self.perform(Lift(sel.tile))
        elif sel.empty and EndTurn() in legal:  # what the button shows then: "End turn"
            self.perform(EndTurn())

    def decline_extra_action(self: TurnScene) -> None:
        """The End turn key: stop after an exact payment ([B-TURN-4]), whatever is selected.

        A key of its own, so that a player who has started picking cards for the extra action can
        still change their mind in one stroke; the selection is dropped with the action.
        """
        if not self.can_act or self.staged_action is not None or not self.table.acting:
            return
        if not self.state.is_legal(EndTurn()):
            self.show_toast(
                lambda: _("End turn ({key}) is for after an exact payment: now take money, buy or redesign.").format(
                    key=END_TURN_KEY
                )
            )
            return
        self.cancel_selection()
        self.perform(EndTurn())

    def send_to_reserve(self: TurnScene) -> None:
        sel = self.sel
        if sel.tile is None:
            return
        if sel.source == "held":
            self.perform(Reserve(sel.tile))
        elif sel.source == "alhambra":
            self.perform(Lift(sel.tile))

    def place_at(self: TurnScene, place: Destination) -> None:
        """Send the selected bought tile to a rule module's place (its button, key or panel)."""
        if self.sel.tile is not None and self.sel.source == "held":
            self.perform(place.action(self.sel.tile))

    def _placer(self: TurnScene, place: Destination) -> Callable[[], None]:
        return lambda: self.place_at(place)

    def _picker(self: TurnScene, module: ClientModule) -> Callable[[], None]:
        return lambda: self.pick_next_item(module.for_sale(self.state))

    def _drop_on_module(self: TurnScene, pos: tuple[int, int]) -> bool:
        """A held tile let go (or a click) on a rule module's panel that takes it; True if one did."""
        for place, _button in self.placements:
            panel = self.module_panels.get(place.drop_on)
            if panel is not None and panel.rect.collidepoint(pos) and self.sel.source == "held":
                self.place_at(place)
                return True
        return False

    def cancel_selection(self: TurnScene) -> None:
        if self.table.staged is not None:
            self.table.staged = None
            self.picked_up_for = None  # the tile taken back is picked up again
        self.sel.clear()
        self.drag = None

    def pick_up_bought_tile(self: TurnScene) -> None:
        """Once tiles wait to be placed, the first is picked up: its legal cells light, and To reserve (and the
        rule modules' places) show at once.  Again after each placement, once per set of waiting
        tiles, so that Esc or Cancel leaves the hand empty until something changes."""
        if not (self.can_act and self.table.placing) or self.table.staged is not None:
            return
        sel = self.sel
        if sel.tile is not None or sel.piece is not None or self.drag is not None:
            return
        held = list(self.state.held)
        key = (len(self.table.game.events), tuple(held))
        if not held or key == self.picked_up_for:
            return
        self.picked_up_for = key
        sel.clear()
        sel.tile, sel.source = held[0], "held"

    # ------------------------------------------------------------------ input
    def on_event(self: TurnScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.board.rect.collidepoint(self.ui.mouse):
                self.zoom(1.12 if event.y > 0 else 1 / 1.12)
                return True
            if self.log.rect.collidepoint(self.ui.mouse):
                self.log.handle_wheel(self.ui, event.y)
                return True
            return False
        pointer = self.pointer
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (2, 3) and self.board.rect.collidepoint(event.pos):
                pointer.start_pan(event.pos)
                return True
            if event.button == 1:
                return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            moved = pointer.moved(event.pos, self.ui.px(6))
            if isinstance(moved, tuple):  # the board pans
                self.board.pan[0] += moved[0]
                self.board.pan[1] += moved[1]
                return True
            if moved is not None:  # a press became a drag
                if moved.move is not None:
                    self._take_and_drag(moved)
                else:
                    self._select(moved.source, moved.tile, toggle=False)
            return self.dragging
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                pointer.end_pan()
                return True
            released = pointer.release() if event.button == 1 else None
            if released is None:
                return False
            drag = released.drag
            if released.kind == "drop":
                self._drop(event.pos)
            elif released.kind == "move":  # a click on a module's panel makes its move
                self.cancel_selection()
                self.perform(drag.move)  # type: ignore[arg-type]
            else:  # a click on a bought tile always picks it (it is often picked already: Esc drops it)
                self._select(drag.source, drag.tile, toggle=drag.source != "held")
            return True
        return False

    def _key(self: TurnScene, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            sel = self.sel
            if self.table.staged is not None or sel.slot or sel.offer or sel.tile is not None or sel.piece is not None:
                self.cancel_selection()
            else:
                self.open_pause()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.primary_action()
            return True
        if key == pygame.K_z:  # Z, with or without Ctrl
            self.undo()
            return True
        simple = {
            pygame.K_h: self.ask_hint,
            pygame.K_l: self.toggle_log,
            pygame.K_m: self.toggle_sound,
            pygame.K_t: self.send_to_reserve,
            **{place.key: self._placer(place) for place, _ in self.placements},
            **{command.key: self._commander(command) for command, _ in self.commanders},
            **{picker.key: self._picker(module) for module, picker in self.modules.pickers},
            **{pick.key: self._piece_picker(module) for module, pick, _ in self.piece_picks},
            pygame.K_x: self.next_payment,
            getattr(pygame, f"K_{END_TURN_KEY.lower()}"): self.decline_extra_action,
            pygame.K_TAB: self.next_held,
            pygame.K_SPACE: self.director.skip,
            pygame.K_0: self.board.reset_view,
            pygame.K_KP0: self.board.reset_view,
        }
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

    def _press(self: TurnScene, pos: tuple[int, int]) -> bool:
        if not self.can_act:
            return False
        table = self.table
        snap = self.snapshot()  # what the views hit-test: the table as it is drawn
        if table.acting or table.choosing:  # choosing: a rule module's phase may buy (a vizier's window)
            card = self.bank.card_at(snap, pos) if table.acting else None
            if card is not None:
                self.toggle_offer(card)
                return True
            slot = self.market.slot_at(snap, pos)
            if slot is not None:
                self.choose_slot(slot)
                return True
            for panel in self.module_panels.values():  # a module's tile for sale (a waiting bazaar)
                item = panel.item_at(snap, pos)
                if item is not None:
                    self.choose_item(item)
                    return True
                piece = panel.piece_at(snap, pos)  # a piece for your Alhambra's corners (a falcon): click or drag
                if piece is not None:
                    self.pointer.press(Drag("piece", piece, pos))
                    return True
            card = self.hand.card_at(snap, pos)
            if card is not None and self.sel.piece is not None:
                self.pay_piece_with(card)
                return True
            if card is not None and self.sel.slot is not None:
                self.toggle_payment(card)
                return True
        for panel in self.module_panels.values():  # a piece for your Alhambra that may not be picked now: why not
            drawn = panel.piece_drawn_at(snap, pos)
            if drawn is not None:
                self._say_unpickable(self.modules.unpickable, drawn)
                return True
        piece = self.shelf.piece_at(snap, pos)
        if piece is not None:
            self._use_piece(piece)
            return True
        if table.acting:
            for panel in self.module_panels.values():
                move = panel.action_at(snap, pos)
                if move is not None:  # made on release: a click, or a drag of the tile it takes ([M-HUT-2])
                    self.cancel_selection()
                    self.pointer.press(Drag("module", getattr(move, "tile", EMPTY), pos, move=move))
                    return True
        found = self.tray.tile_at(snap, pos)
        if found is not None:
            source, tile = found
            if self.sel.source == "alhambra" and source == "reserve" and self.sel.tile is not None:
                self.perform(Swap(tile, self.sel.tile))
                return True
            self.pointer.press(Drag(source, tile, pos))
            return True
        if self.board.rect.collidepoint(pos):
            if self.sel.piece is not None:  # a picked piece goes to the lit corner clicked
                self._drop_piece(pos)
                return True
            if self.sel.tile is not None and self._drop_on_board(pos):
                return True
            tile = self.board.tile_at(self.state.boards[self.me].grid, pos)
            if tile is not None and table.acting:
                self.pointer.press(Drag("alhambra", tile, pos))
                return True
            cell = self.board.cell_at(pos)
            if tile is None and cell is not None and self.sel.source == "held" and self.sel.tile is not None:
                self._say_not_here(Place(self.sel.tile, *cell))
            return True
        if self.tray.reserve_zone(snap).collidepoint(pos) and self.reserve_drop_ok():
            self.send_to_reserve()
            return True
        return self._drop_on_module(pos)

    def _use_piece(self: TurnScene, piece: Piece) -> None:
        """A click on one of your rule modules' pieces: its move if it has one now, else what it is."""
        if piece.action is None:
            self.show_toast(piece.tip)  # the module's words (said in the current language)
            return
        self.cancel_selection()
        self.perform(piece.action, confirmed=True)

    # ------------------------------------------------------------------ selecting
    def toggle_offer(self: TurnScene, card: int) -> None:
        if not (self.can_act and self.table.acting):
            return
        sel = self.sel
        chosen = [c for c in sel.offer if c != card] if card in sel.offer else [*sel.offer, card]
        if not is_money_card(card) and card not in sel.offer:
            chosen = [card]  # a card that is no money is taken alone ([M-EXCH-2])
        elif any(not is_money_card(c) for c in chosen):
            chosen = [c for c in chosen if is_money_card(c)]
        sel.clear()
        sel.offer = chosen
        self.ui.sounds.play("click")

    def _buys_nothing_now(self: TurnScene) -> bool:
        """In a rule module's phase that buys nothing from the market (buying falcons, [M-FALCON-2]): say its rule
        (the engine's words for the phase) and True; False where the market or a module's tile may be bought."""
        if not self.table.choosing or (self.modules.modules and self.modules.exact_only(self.state)):
            return False
        error = self._refused_now(ACTION)
        if error is not None:
            self.show_toast(lambda: refusal(error), True)
        return True

    def _refused_now(self: TurnScene, phase: str) -> IllegalAction | None:
        """The engine's refusal of any move of ``phase`` now (a module's phase says what it asks), or None."""
        try:
            self.state.require_phase(phase)
        except IllegalAction as error:
            return error
        return None

    def choose_slot(self: TurnScene, slot: int) -> None:
        if not (self.can_act and (self.table.acting or self.table.choosing)) or self._buys_nothing_now():
            return
        state = self.state
        tile = state.in_slot(slot)
        if tile == EMPTY:
            self.show_toast(lambda: _("Slot {slot} is empty until the end of the turn.").format(slot=slot), True)
            return
        if self.sel.slot == slot and self.sel.item is None:  # (with a module's tile picked, the slot's tile instead)
            self.sel.clear()
            return
        extra = self.modules.payments(state, state.decider, slot) if self.modules.modules else []
        if self.table.choosing:
            if not extra:
                self.show_toast(
                    lambda: _("No exact payment for {tile} in your hand.").format(tile=words.tile(tile)), True
                )
                return
            self._suggest(slot, order_payments(extra, TILE_COST[tile]))
            return
        if not self.table.can_buy(slot) and not extra:
            currency = SLOT_CURRENCY[slot]
            held = state.currency_totals(state.decider)[currency]
            self.show_toast(
                lambda: _("{tile} costs {cost} {currency}; you hold {held} in {currency}.").format(
                    tile=words.tile(tile), cost=TILE_COST[tile], currency=words.currency(currency), held=held
                ),
                True,
            )
            return
        self._suggest(slot, self.table.suggestions(slot, extra, len(self.chips)))  # an exact payment first

    def choose_item(self: TurnScene, item: int) -> None:
        """Pick a rule module's tile for sale outside the market (a waiting bazaar) to buy: priced and paid by the
        market slot ``item_slot`` names, its exact payments suggested like a slot's."""
        if not (self.can_act and (self.table.acting or self.table.choosing)) or self._buys_nothing_now():
            return
        if self.sel.item == item:
            self.sel.clear()
            return
        state = self.state
        slot = self.modules.item_slot(state, item)
        if slot is None:
            self.show_toast(
                lambda: _("The {tile} is not for sale while its currency's slot is empty.").format(
                    tile=words.tile(item)
                ),
                True,
            )
            return
        payments = self.modules.item_payments(state, state.decider, item)
        if not payments:
            currency = SLOT_CURRENCY[slot]
            cost = TILE_COST[state.in_slot(slot)]
            self.show_toast(
                lambda: _("The {tile} costs exactly {cost} {currency}: you cannot pay that.").format(
                    tile=words.tile(item), cost=cost, currency=words.currency(currency)
                ),
                True,
            )
            return
        self._suggest(slot, payments)
        self.sel.item = item

    def pick_next_item(self: TurnScene, items: list[int]) -> None:
        """A module's picker key: the next of ``items`` (its tiles for sale) after the one picked, to buy."""
        if not items or not (self.can_act and (self.table.acting or self.table.choosing)) or self._buys_nothing_now():
            return
        after = items.index(self.sel.item) + 1 if self.sel.item in items else 0
        for item in items[after:] + items[:after]:  # the next that can be bought now, else say why not
            if self.modules.item_payments(self.state, self.state.decider, item):
                self.choose_item(item)
                return
        self.choose_item(items[after % len(items)])

    # ------------------------------------------------------------------ a module's piece for your Alhambra's corners
    def _piece_picker(self: TurnScene, module: ClientModule) -> Callable[[], None]:
        def pick() -> None:
            pieces = module.placeable(self.state, self.me)
            if not pieces and self.can_act and self.staged_action is None:  # none fits: say why (its key, F)
                self._say_unpickable(module.unpickable, None)
            self.pick_next_piece(pieces)

        return pick

    def _say_unpickable(
        self: TurnScene, why: Callable[[GameState, int, int | None], str | None], piece: int | None
    ) -> None:
        """Say why ``piece`` (None: any of a module's pieces) cannot be picked now (buy falcons: no corner where
        four tiles meet with both its colours, no money left, not as an extra action)."""
        said = why(self.state, self.me, piece)  # once: the reason for this click, not re-judged every frame
        if said is not None:
            self.show_toast(said, True)

    def pick_next_piece(self: TurnScene, pieces: list[int]) -> None:
        """A pick's button or key (buy falcons): the next of ``pieces`` after the one picked, else the first."""
        if not pieces or not self.can_act or self.staged_action is not None:
            return
        after = pieces.index(self.sel.piece) + 1 if self.sel.piece in pieces else 0
        self.choose_piece(pieces[after % len(pieces)])

    def choose_piece(self: TurnScene, piece: int, toggle: bool = False) -> None:
        """Pick ``piece`` of a module's panel (a falcon) to put on a corner of your Alhambra: the corners that take it
        light up, and the suggested card (the cheapest) pays for it."""
        if not self.can_act or self.staged_action is not None:
            return
        sel = self.sel
        if toggle and sel.piece == piece:
            sel.clear()
            return
        if piece not in self.modules.placeable(self.state, self.me):
            return
        cards = self.modules.piece_cards(self.state, self.me, piece)
        sel.clear()
        sel.piece = piece
        sel.suggestions = [(card,) for card in cards]
        if cards:
            sel.suggestion = 0
            sel.pay = [cards[0]]
        self.ui.sounds.play("click")

    def pay_piece_with(self: TurnScene, card: int) -> None:
        """A click on a card of your hand while a piece is picked: that card pays for it."""
        sel = self.sel
        options = [paid[0] for paid in sel.suggestions]
        if card not in options:
            self.show_toast(
                lambda: _("Your {card} cannot pay for it: only money cards do.").format(card=words.card(card)), True
            )
            return
        sel.pay = [card]
        sel.suggestion = options.index(card)
        self.ui.sounds.play("click")

    def piece_spots(self: TurnScene) -> dict[tuple[int, int], Action]:
        """The corners of your Alhambra that take the picked piece, with the move that puts it there."""
        sel = self.sel
        if sel.piece is None or not sel.pay or not self.can_act:
            return {}
        return self.modules.spots(self.state, self.me, sel.piece, sel.pay[0])

    def next_spot(self: TurnScene) -> None:
        """Tab while a piece is picked: choose the next lit corner (Enter puts the piece there)."""
        spots = list(self.piece_spots())
        if not spots:
            return
        after = spots.index(self.sel.spot) + 1 if self.sel.spot in spots else 0
        self.sel.spot = spots[after % len(spots)]
        self.ui.sounds.play("click")

    def put_piece(self: TurnScene, corner: tuple[int, int]) -> bool:
        """Put the picked piece on ``corner`` of your Alhambra if it is lit there; True if it was."""
        action = self.piece_spots().get(corner)
        if action is None:
            return False
        self.perform(action)
        return True

    def _drop_piece(self: TurnScene, pos: tuple[int, int]) -> None:
        """The picked piece let go (or a click) at ``pos``: on a lit corner it goes there, elsewhere on your
        Alhambra the table says where it may go."""
        corner = self.board.corner_at(pos, self.piece_spots())
        if corner is not None:
            self.put_piece(corner)
        elif self.board.rect.collidepoint(pos):
            self.show_toast(lambda: _("Not there: put it on one of the lit corners of your Alhambra (or Esc)."), True)

    def _suggest(self: TurnScene, slot: int, payments: list[Payment]) -> None:
        """Select ``slot`` with ``payments`` suggested in their order (as many as there are chips), the first
        chosen: each the money paid and a rule module's card that pays with it (an exchange card) or None."""
        payments = payments[: len(self.chips)]
        self.sel.clear()
        self.sel.slot = slot
        self.sel.suggestions = [paid for paid, _card in payments]
        self.sel.suggested_cards = [card for _paid, card in payments]
        if payments:
            self.sel.suggestion = 0
            self.sel.pay = list(payments[0][0])
            self.sel.card = payments[0][1]
        self.ui.sounds.play("click")

    def next_payment(self: TurnScene) -> None:
        sel = self.sel
        if (sel.slot is None and sel.piece is None) or not sel.suggestions:  # a slot's payments, or a piece's cards
            return
        sel.suggestion = (sel.suggestion + 1) % len(sel.suggestions)
        sel.pay = list(sel.suggestions[sel.suggestion])
        sel.card = sel.suggested_cards[sel.suggestion] if sel.suggestion < len(sel.suggested_cards) else None

    def toggle_payment(self: TurnScene, card: int) -> None:
        sel = self.sel
        if sel.slot is not None and self.modules.modules and card in self.modules.hand_cards(self.state, self.me):
            self._toggle_card(card)  # a rule module's card beside the money (an exchange card)
            return
        allowed = {SLOT_CURRENCY[sel.slot]} if sel.slot is not None else set()
        if sel.card is not None:
            allowed.update(self.modules.pays_with(sel.card))
        if sel.slot is None or CARD_CURRENCY[card] not in allowed:
            if sel.slot is not None:
                slot, currency = sel.slot, SLOT_CURRENCY[sel.slot]
                self.show_toast(
                    lambda: _("Slot {slot} takes only {currency}.").format(
                        slot=slot, currency=words.currency(currency)
                    ),
                    True,
                )
            return
        sel.pay = [c for c in sel.pay if c != card] if card in sel.pay else [*sel.pay, card]
        self._match_suggestion()
        self.ui.sounds.play("click")

    def _toggle_card(self: TurnScene, card: int) -> None:
        sel = self.sel
        if sel.card == card:
            sel.card = None
            slot_currency = SLOT_CURRENCY[sel.slot]  # type: ignore[operator]
            sel.pay = [c for c in sel.pay if CARD_CURRENCY[c] == slot_currency]
        elif card in {c for _, c in self._payments_now() if c is not None}:
            sel.card = card
        else:
            slot = sel.slot
            self.show_toast(
                lambda: _("Your {card} cannot pay for slot {slot}.").format(card=words.card(card), slot=slot), True
            )
            return
        self._match_suggestion()
        self.ui.sounds.play("click")

    def _payments_now(self: TurnScene) -> list[tuple[tuple[int, ...], int | None]]:
        """The rule modules' payments for what is being bought: the chosen slot's tile, or a module's tile for sale."""
        sel = self.sel
        if sel.item is not None:
            return self.modules.item_payments(self.state, self.me, sel.item)
        return self.modules.payments(self.state, self.me, sel.slot) if sel.slot is not None else []

    def _match_suggestion(self: TurnScene) -> None:
        sel = self.sel
        match = [
            i
            for i, paid in enumerate(sel.suggestions)
            if sorted(paid) == sorted(sel.pay)
            and (sel.suggested_cards[i] if i < len(sel.suggested_cards) else None) == sel.card
        ]
        sel.suggestion = match[0] if match else -1

    def next_held(self: TurnScene) -> None:
        if self.sel.piece is not None:  # Tab with a piece picked for your Alhambra's corners: the next lit corner
            self.next_spot()
            return
        held = self.tray.held(self.snapshot())
        if not held or not self.can_act:
            return
        index = held.index(self.sel.tile) + 1 if self.sel.tile in held else 0
        self._select("held", held[index % len(held)], toggle=False)

    def _select(self: TurnScene, source: str, tile: int, toggle: bool) -> None:
        if source == "piece":  # a module's piece pressed in its panel (a falcon): picked for your Alhambra's corners
            self.choose_piece(tile, toggle)
            return
        sel = self.sel
        if toggle and sel.tile == tile and sel.source == source:
            sel.clear()
            return
        table = self.table
        if source == "held" and not table.placing:
            self.show_toast(
                lambda: _("Bought tiles are placed at the end of your turn: take money, buy or redesign first.")
            )
            return
        if source in ("reserve", "alhambra") and not table.acting:
            if table.placing:
                self.show_toast(lambda: _("Place the tiles you bought first: a redesign is a whole action."))
            return
        if source == "alhambra":
            options = [
                a
                for a in self.redesigns()
                if (isinstance(a, Lift) and a.tile == tile) or (isinstance(a, Swap) and a.alhambra_tile == tile)
            ]
            if not options:
                error = self._refused(Lift(tile))
                if error is not None:
                    self.show_toast(lambda: refusal(error), True)
                return
        if source == "reserve" and not self._reserve_targets(tile)[0] and not self._reserve_targets(tile)[1]:
            self.show_toast(
                lambda: _("{tile} fits nowhere in your Alhambra right now.").format(tile=words.tile(tile)), True
            )
            return
        sel.clear()
        sel.tile, sel.source = tile, source
        self.ui.sounds.play("click")

    def _refused(self: TurnScene, action: Action) -> IllegalAction | None:
        """The engine's refusal of ``action`` now (tried on a clone), or None if it is legal."""
        try:
            self.state.clone().apply(action)
        except IllegalAction as error:
            return error
        return None

    def _say_not_here(self: TurnScene, action: Action) -> None:
        """A tile let go (or clicked) on a cell it may not take: why not, as the cell's tooltip says it."""
        error = self._refused(action)
        self.show_toast((lambda: refused_here(error)) if error is not None else (lambda: _("Not there.")), True)

    # ------------------------------------------------------------------ targets and dropping
    def redesigns(self: TurnScene) -> list[Action]:
        """[B-TURN-6] every redesign open now: the base game's and the rule modules' (a camp from the reserve,
        [M-CAMP-2], is the camps module's move)."""
        state = self.state
        found = state.redesign_actions()
        if state.phase == ACTION:
            found += [a for more in state.rules.turn_actions for a in more(state) if a.kind == "redesign"]
        return found

    def _reserve_targets(self: TurnScene, tile: int) -> tuple[list[tuple[int, int]], list[int]]:
        cells, swaps = [], []
        for action in self.redesigns():
            if isinstance(action, FromReserve) and action.tile == tile:
                cells.append((action.x, action.y))
            elif isinstance(action, Swap) and action.reserve_tile == tile:
                swaps.append(action.alhambra_tile)
        return cells, swaps

    def targets(self: TurnScene) -> tuple[list[tuple[int, int]], list[int]]:
        """Legal cells and swappable Alhambra tiles for the selected (or dragged) tile."""
        sel = self.sel
        if sel.tile is None or not self.can_act:
            return [], []
        if sel.source == "held" and self.table.placing:
            return self.state.legal_cells(self.state.decider, sel.tile), []
        if sel.source == "reserve" and self.table.acting:
            return self._reserve_targets(sel.tile)
        if sel.source == "alhambra" and self.table.acting:
            swaps = [a.reserve_tile for a in self.redesigns() if isinstance(a, Swap) and a.alhambra_tile == sel.tile]
            return [], swaps
        return [], []

    def reserve_drop_ok(self: TurnScene) -> bool:
        sel = self.sel
        if sel.tile is None or not self.can_act:
            return False
        if sel.source == "held":
            return self.table.placing and self.state.is_legal(Reserve(sel.tile))
        if sel.source == "alhambra":
            return self.table.acting and self.state.is_legal(Lift(sel.tile))
        return False

    def _drop_on_board(self: TurnScene, pos: tuple[int, int]) -> bool:
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
            target = self.board.tile_at(self.state.boards[self.me].grid, pos)
            if target is not None and target in swaps:
                self.perform(Swap(sel.tile, target))
                return True
        return False

    def _take_and_drag(self: TurnScene, drag: Drag) -> None:
        """A module's move dragged off its panel: made at once, and the tile it takes (a hut: [M-HUT-2], placed
        like a bought tile, [M-HUT-3]) goes on with the drag, to the Alhambra or the reserve."""
        self.drag = None
        self.cancel_selection()
        self.perform(drag.move)  # type: ignore[arg-type]
        tile = drag.tile
        if tile != EMPTY and tile in self.state.held and self.table.placing and self.state.decider == self.me:
            self.sel.tile, self.sel.source = tile, "held"
            self.pointer.press(Drag("held", tile, drag.start, active=True))

    def _drop(self: TurnScene, pos: tuple[int, int]) -> None:
        sel = self.sel
        if sel.piece is not None:  # a module's piece dragged from its panel (a falcon): onto a lit corner
            self._drop_piece(pos)
            return
        if self.board.rect.collidepoint(pos):
            if not self._drop_on_board(pos) and sel.source != "alhambra":
                cell = self.board.cell_at(pos)
                if cell is not None and sel.tile is not None and sel.source == "held":
                    self._say_not_here(Place(sel.tile, *cell))
            return
        if self.tray.rect.collidepoint(pos):
            found = self.tray.tile_at(self.snapshot(), pos)
            if sel.source == "alhambra" and found is not None and found[0] == "reserve":
                self.perform(Swap(found[1], sel.tile))
            elif self.reserve_drop_ok():
                self.send_to_reserve()
            return
        self._drop_on_module(pos)
