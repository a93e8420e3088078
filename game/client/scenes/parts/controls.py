"""The actions panel's buttons and the payment chips: which show now, what they say, what they do.

Every button's state comes from the engine: a button shows only for what the person may do now, and is enabled only
when the move it makes is legal (``is_legal``).  The primary button changes with the moment: Take, Buy, Move to
reserve, Pass, End turn (after an exact payment the extra action may be declined, [B-TURN-4]), or End turn and
Confirm for a move staged for confirmation.  The rule modules add their places for a bought tile (``Destination``),
their own moves (``Command``) and their pieces to pick (``Pick``) as buttons of their own, never by name.

The buttons' moves are the picker's (``Picker``, ``Buying``) and the owner's (undo, hint); their places in the panel
are worked out here (``stack``), the chips' in the prompt band by the drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine import EndTurn, Lift, Pass, Reserve, Take
from game.engine.components import CARD_VALUE, EMPTY, TILE_COST
from game.i18n import N_, _, ngettext, pgettext, words

from ...shortcuts import END_TURN_KEY
from ...table import Table
from ...widgets import Button, Widget
from .buying import SUGGESTED
from .picker import Picker

if TYPE_CHECKING:
    from game.engine import Action

    from ...layout import TurnLayout
    from ...modules import Command, Compiled, Destination, Pick, Placements
    from ...widgets import Ui
    from .hints import Hints

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


def chip_words(values: str, over: int, card: int | None, exact_only: bool) -> tuple[str, str]:
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


class Playback(Protocol):
    """The table's timeline as the controls see it (``Director``): whether it still plays moves back."""

    @property
    def busy(self) -> bool: ...


class Owner(Protocol):
    """What the controls ask of the table scene that owns them."""

    hints: Hints  # a person's hint: asked (Hint is off meanwhile) or shown (Do it)
    layout_rects: TurnLayout | None  # where the actions panel is (None before the first layout)

    @property
    def me(self) -> int: ...

    @property
    def can_act(self) -> bool: ...

    @property
    def director(self) -> Playback: ...

    @property
    def hint_action(self) -> Action | None:
        """The hinted move, while its hint answers the decision at hand."""
        ...

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...

    def play_hint(self) -> None: ...


class Controls:
    """The actions panel's buttons (with Undo and Hint at its foot), the rule modules' buttons, and the payment
    chips and Do it of the prompt band."""

    def __init__(self, ui: Ui, table: Table, modules: Compiled, picker: Picker, owner: Owner) -> None:
        self.ui = ui
        self.table = table
        self.modules = modules
        self.picker = picker
        self.buying = picker.buying
        self.owner = owner
        self.primary = Button(ui, LABELS["take"], picker.confirm, style="primary", hotkey="Enter")
        self.to_reserve = Button(
            ui,
            lambda: pgettext("button", "To reserve"),
            picker.send_to_reserve,
            icon="reserve",
            hotkey="T",
            tooltip=N_("Put the selected tile on your reserve"),
        )
        # the rule modules' places for a bought tile, each with its button (their words are English marked for
        # the catalogues, ``*_source``: the buttons say them in the current language)
        self.placements: list[tuple[Destination, Button]] = [
            (
                place,
                Button(
                    ui,
                    place.label_source,
                    self._placer(place),
                    icon=place.icon,
                    hotkey=place.hotkey,
                    tooltip=place.tooltip_source,
                ),
            )
            for place in modules.destinations
        ]
        # the rule modules' own moves (wake the vizier, pass a window, reveal a bonus card), each with its button
        self.commanders: list[tuple[Command, Button]] = [
            (
                command,
                Button(
                    ui,
                    command.label_source,
                    self._commander(command),
                    style="primary" if command.primary else "normal",
                    hotkey=command.hotkey,
                    tooltip=command.tooltip_source,
                ),
            )
            for command in modules.commands
        ]
        # the rule modules' pieces for your Alhambra's corners (buy falcons): a button that picks the next one
        self.piece_picks: list[tuple[Placements, Pick, Button]] = [
            (
                module,
                pick,
                Button(
                    ui,
                    pick.label_source,
                    self.buying.piece_picker(module),
                    hotkey=pick.hotkey,
                    tooltip=pick.tooltip_source,
                ),
            )
            for module, pick in modules.picks
        ]
        self.cancel = Button(ui, LABELS["cancel"], picker.cancel, hotkey="Esc", tooltip=DROP_TIP)
        self.undo_wide = Button(
            ui,
            lambda: pgettext("button", "Undo"),
            owner.undo,
            icon="undo",
            hotkey="Z",
            tooltip=self._undo_tip,
        )
        self.hint_wide = Button(
            ui,
            lambda: pgettext("button", "Hint"),
            owner.ask_hint,
            icon="hint",
            hotkey="H",
            tooltip=N_("What a computer player would do here, and why"),
        )
        self.chips = [Button(ui, "", self._chooser(i), style="normal") for i in range(SUGGESTED)]
        self.do_hint = Button(
            ui,
            lambda: pgettext("button", "Do it"),
            owner.play_hint,
            style="primary",
            tooltip=N_("Play the hinted move"),
        )

    def _placer(self, place: Destination) -> Callable[[], None]:
        return lambda: self.picker.place_at(place)

    def _commander(self, command: Command) -> Callable[[], None]:
        return lambda: self.picker.run_command(command)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.buying.choose_suggestion(index)

    # ------------------------------------------------------------------ the buttons
    @property
    def placement_buttons(self) -> list[Button]:
        return [button for _, button in self.placements]

    @property
    def command_buttons(self) -> list[Button]:
        return [button for _, button in self.commanders]

    @property
    def pick_buttons(self) -> list[Button]:
        return [button for _, _, button in self.piece_picks]

    @property
    def buttons(self) -> list[Button]:
        """Every button, in the order they take clicks (the last first) and are drawn."""
        return [
            self.primary,
            self.to_reserve,
            *self.placement_buttons,
            *self.command_buttons,
            *self.pick_buttons,
            self.cancel,
            self.undo_wide,
            self.hint_wide,
            *self.chips,
            self.do_hint,
        ]

    def widget(self, name: str) -> Widget | None:
        """A button by its name: a rule module's by its ``Destination.widget``, ``Command.widget`` or ``Pick.widget``
        name, the table's own by its attribute's ("primary", "to_reserve", "cancel", "undo_wide"...)."""
        for place, button in self.placements:
            if place.widget == name:
                return button
        for command, button in self.commanders:
            if command.widget == name:
                return button
        for _module, pick, button in self.piece_picks:
            if pick.widget == name:
                return button
        found = getattr(self, name, None)
        return found if isinstance(found, Widget) else None

    def _undo_tip(self) -> str:
        """What Undo restarts: the person's turn, or a decision out of turn ([M-VIZIER-2])."""
        if self.picker.in_own_turn():
            return _("Restart your turn from its beginning")
        return _("Start this decision out of turn again")

    # ------------------------------------------------------------------ what shows now
    def refresh(self) -> None:
        """Each button shown, labelled and enabled for the moment (every frame, and at each layout)."""
        table, sel, owner = self.table, self.picker.sel, self.owner
        can_act = owner.can_act
        acting = can_act and table.acting
        placing = can_act and table.placing
        choosing = can_act and table.choosing
        staged = table.staged.action if table.staged else None
        primary, cancel = self.primary, self.cancel
        for button in (
            primary,
            self.to_reserve,
            *self.placement_buttons,
            *self.command_buttons,
            *self.pick_buttons,
            cancel,
            *self.chips,
            self.do_hint,
        ):
            button.visible = False
        primary.visible = staged is not None or can_act
        primary.enabled = False
        primary.label = LABELS["take"]
        if staged is not None:  # "End turn" only where it ends your own turn ([M-VIZIER-2]: a vizier's tile does not)
            primary.label = LABELS["end turn"] if self.picker.staged_ends_own_turn() else LABELS["confirm"]
        primary.tooltip, primary.hotkey = "", "Enter"
        cancel.label, cancel.tooltip = LABELS["cancel"], DROP_TIP
        if staged is not None:
            primary.enabled = True
            cancel.visible = True
            cancel.label = LABELS["take back"]
            cancel.tooltip = (
                N_("Take back this move (the rest of your turn stays)")
                if self.picker.staged_ends_own_turn()
                else N_("Take back this move")
            )
        elif acting:
            self._acting()
        elif placing:
            primary.visible = False
            if sel.tile is not None and sel.source == "held":
                self.to_reserve.visible = True
                self.to_reserve.enabled = table.state.is_legal(Reserve(sel.tile))
                for place, button in self.placements:  # the rule modules' places for it
                    if place.offered(table.state):
                        button.visible = True
                        button.enabled = table.state.is_legal(place.action(sel.tile))
                        button.tooltip = self._place_tip(place)
                cancel.visible = True
        elif choosing:  # a rule module's phase: pick a market tile (a vizier's purchase), or its commands
            primary.visible = sel.slot is not None
            if sel.piece is not None:  # one more piece for your Alhambra's corners (buying falcons)
                self._offer_piece()
            elif sel.slot is not None:
                self._offer_purchase()
        if can_act and staged is None:
            self._module_buttons()
        self.undo_wide.enabled = table.can_undo and not owner.director.busy
        self.hint_wide.enabled = can_act and not owner.hints.asked
        if owner.hint_action is not None and can_act:
            self.do_hint.visible = True
        self.stack()

    def _acting(self) -> None:
        """The primary button in the action phase: what the selection makes, or the one move there is."""
        table, sel, primary = self.table, self.picker.sel, self.primary
        legal = table.state.legal_actions()
        if legal == [Pass()]:
            primary.label, primary.enabled = LABELS["pass"], True
        elif legal == [EndTurn()]:  # exact payment, and nothing else is possible
            self._offer_end_turn()
        elif sel.piece is not None:  # a module's piece for a corner of your Alhambra (a falcon)
            self._offer_piece()
        elif sel.slot is not None:
            self._offer_purchase()
        elif sel.lot is not None:  # a module's lot bought with money of any currencies (a room of chests)
            self.primary.label = LABELS["buy"]
            purchase = self.buying.purchase()
            self.primary.enabled = purchase is not None and table.state.is_legal(purchase)
            self.cancel.visible = True
        elif sel.offer:
            primary.label = LABELS["take"]
            primary.enabled = table.state.is_legal(Take(tuple(sel.offer)))
            self.cancel.visible = True
        elif sel.source == "alhambra" and sel.tile is not None:
            primary.label = LABELS["lift"]
            primary.enabled = table.state.is_legal(Lift(sel.tile))
            self.cancel.visible = True
        elif sel.tile is not None:  # a reserve tile: its targets are on the board, no button needed
            primary.visible = False
            self.cancel.visible = True
        elif EndTurn() in legal:  # after an exact payment the extra action may be declined
            self._offer_end_turn()
        else:
            primary.label = LABELS["take"]

    def _module_buttons(self) -> None:
        """The rule modules' commands and picks that make a move now."""
        state, sel = self.table.state, self.picker.sel
        optional = state.optional_actions() if sel.piece is not None else []
        for command, button in self.commanders:
            move = command.move(state)
            # a piece picked (a falcon, [M-FALCON-2]: the turn's only action): no other action is offered, only
            # the module's main command (Done) and moves that change nothing of the play (reveal a bonus card)
            if move is not None and (sel.piece is None or command.primary or move in optional):
                button.visible = True
                button.enabled = state.is_legal(move)
        if sel.piece is None:  # a piece for your Alhambra's corners (buy falcons): while one may be picked
            for module, _, button in self.piece_picks:
                button.visible = button.enabled = bool(module.placeable(state, self.owner.me))

    def _offer_purchase(self) -> None:
        """Buy, enabled for a legal purchase, and the payment chips."""
        self.primary.label = LABELS["buy"]
        purchase = self.buying.purchase()
        self.primary.enabled = purchase is not None and self.table.state.is_legal(purchase)
        self.cancel.visible = True
        self._show_chips()

    def _place_tip(self, place: Destination) -> Callable[[], str]:
        """A rule module's place's tooltip, with its note where the rules allowing it may be doubted now."""
        note = place.note
        if note is None:
            return lambda: place.tooltip

        def said() -> str:
            now = note(self.table.state)
            if not now:
                return place.tooltip
            # TRANSLATORS: a button's tooltip (it has no full stop of its own), then a sentence saying why the rules
            # allow that move now ("Give the selected tile to Dirk (...). The rules allow it: ...")
            return pgettext("a tooltip and a note", "{tooltip}. {note}").format(tooltip=place.tooltip, note=now)

        return said

    def _offer_piece(self) -> None:
        """A piece picked for a corner of your Alhambra: a click on a lit corner puts it there, so the primary
        button shows only for the corner chosen with Tab; Cancel drops the piece."""
        self.primary.visible = self.picker.sel.spot is not None
        self.primary.label, self.primary.enabled = LABELS["buy here"], True
        self.primary.tooltip = N_("Put it on the corner chosen with Tab")
        self.cancel.visible = True

    def _offer_end_turn(self) -> None:
        """The primary button as "End turn" for declining the extra action ([B-TURN-4]).

        It is the same button that confirms a staged end of turn, because both say "I am done".
        """
        self.primary.label, self.primary.enabled = LABELS["end turn"], True
        # TRANSLATORS: the keys of the End turn button: Enter, or the key of its own
        self.primary.tooltip, self.primary.hotkey = END_TURN_TIP, lambda: _("Enter or {key}").format(key=END_TURN_KEY)

    def _show_chips(self) -> None:
        """A chip per suggested payment, the one chosen lit ([B-TURN-4]: an exact one says the action it keeps)."""
        sel, state = self.picker.sel, self.table.state
        tile = state.in_slot(sel.slot) if sel.slot else EMPTY
        exact_only = bool(self.modules.modules) and self.modules.exact_only(state)
        for i, button in enumerate(self.chips):
            if i >= len(sel.suggestions) or tile == EMPTY:
                continue
            paid = sel.suggestions[i]
            total = sum(CARD_VALUE[c] for c in paid)
            values = "+".join(str(CARD_VALUE[c]) for c in paid)
            over = total - TILE_COST[tile]
            card = sel.suggested_cards[i] if i < len(sel.suggested_cards) else None  # a module's (an exchange card)
            said = chip_words(values, over, card, exact_only)
            button.label, button.tooltip = (lambda said=said: said[0]), (lambda said=said: said[1])
            button.selected = tuple(sorted(sel.pay)) == tuple(sorted(paid)) and sel.card == card
            button.visible = True

    def stack(self) -> None:
        """The buttons of the current step, top down in the actions panel (only the visible ones)."""
        rects = self.owner.layout_rects
        if rects is None:
            return
        px = self.ui.px
        a = rects.actions.inflate(-px(20), 0)
        y = rects.actions.y + px(32)
        buttons = (self.primary, *self.command_buttons, *self.pick_buttons, self.to_reserve, *self.placement_buttons)
        for button in (*buttons, self.cancel):
            if button.visible:
                height = px(40) if button is self.primary else px(34)
                button.rect = pygame.Rect(a.x, y, a.w, height)
                y += height + px(6)

    def place(self, actions: pygame.Rect) -> None:
        """Undo and Hint side by side at the foot of the actions panel ``actions``."""
        px = self.ui.px
        a = actions.inflate(-px(20), 0)
        bh, gap = px(32), px(8)
        half = (a.w - gap) // 2
        self.undo_wide.rect = pygame.Rect(a.x, actions.bottom - px(10) - bh, half, bh)
        self.hint_wide.rect = pygame.Rect(a.right - half, self.undo_wide.rect.y, half, bh)
