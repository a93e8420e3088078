"""What the views draw and hit-test: the table's snapshot of the moment (``views.model.TableSnapshot``).

Built once per frame, and for each input that asks a view what is under the mouse.  The costly answers (payable
slots, the exact payment, the reserve as a target, the rule modules' part) are worked out here once; the modules'
part again only when the game, the selection or the person the table is turned to changes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from game.engine import Action, Buy
from game.engine.components import EMPTY, MARKET_SLOTS

from ...modules import collector_name
from ...table import Table
from ...views.model import Selection, TableSnapshot
from .buying import Buying
from .picker import Picker

if TYPE_CHECKING:
    from ...animation import Animator
    from ...modules import Compiled
    from ...playback import Key
    from ...widgets import Ui
    from .pointer import Pointer
    from .score_ticker import ScoreTicker


class Owner(Protocol):
    """What the snapshot reads of the table scene that owns it."""

    ui: Ui
    me: int  # the seat the table is turned to
    animator: Animator
    ticker: ScoreTicker
    pointer: Pointer

    @property
    def can_act(self) -> bool: ...

    @property
    def shows_private(self) -> bool:
        """Whether the person the table is turned to may see their face-down cards now."""
        ...

    @property
    def hidden(self) -> set[Key]:
        """The cards and tiles in flight, drawn by the animator instead of their views."""
        ...

    @property
    def thinking(self) -> bool: ...

    @property
    def hint_action(self) -> Action | None: ...

    @property
    def show_hands(self) -> bool:
        """The memory aid: the opponents' hands shown."""
        ...


class Snapshots:
    """Makes the table's snapshot; keeps the rule modules' part until what it depends on changes."""

    __slots__ = ("_key", "_parts", "buying", "modules", "owner", "picker", "sel", "table")

    def __init__(
        self, owner: Owner, table: Table, sel: Selection, modules: Compiled, buying: Buying, picker: Picker
    ) -> None:
        self.owner = owner
        self.table = table
        self.sel = sel
        self.modules = modules
        self.buying = buying
        self.picker = picker
        self._key: tuple | None = None  # what the rule modules' part was worked out for
        self._parts: dict[str, object] = {}

    def forget(self) -> None:
        """Work the modules' part out afresh (the table turned to another person)."""
        self._key = None

    def make(self) -> TableSnapshot:
        owner, table = self.owner, self.table
        state = table.state
        names = tuple(table.names)
        can_act = owner.can_act
        acting = table.acting
        module_scores = dict(owner.ticker.shown_collectors)
        seat_names: dict[int | str, str] = dict(enumerate(names))
        seat_names.update((key, collector_name(key, table.names)) for key in module_scores)
        buyable = (
            frozenset(a.slot for a in state.buy_actions() if isinstance(a, Buy)) if can_act and acting else frozenset()
        )
        extra = self.module_parts(can_act) if self.modules.modules else {}
        collected = [counts for module in state.rules.collectors for counts in module.collectors(state)]
        collector_counts = tuple(
            (collector.key, tuple(counts)) for collector, counts in zip(self.modules.collectors, collected, strict=True)
        )
        if extra.get("buyable"):
            buyable |= extra.pop("buyable")  # type: ignore[operator]
        else:
            extra.pop("buyable", None)
        drag = owner.pointer.drag
        return TableSnapshot(
            ui=owner.ui,
            state=state,
            me=owner.me,
            names=names,
            agents=tuple(table.agents),
            seat_names=seat_names,
            dealt_deck=len(table.game.deal.deck),
            sel=self.sel.frozen(),
            hidden=frozenset(owner.hidden),
            can_act=can_act,
            acting=acting,
            thinking=owner.thinking,
            glow=0.5 + 0.5 * math.sin(owner.ui.time * 4),
            hint_action=owner.hint_action,
            staged_action=table.staged.action if table.staged else None,
            dragging=owner.pointer.dragging,
            drag_tile=drag.tile if drag else None,
            shown_scores=tuple(owner.ticker.shown),
            shown_module_scores=module_scores,
            show_hands=owner.show_hands,
            exact_cards=frozenset(self.buying.exact_cards()),
            reserve_drop_ok=self.picker.reserve_drop_ok(),
            buyable=buyable,
            collector_counts=collector_counts,
            animation_speed=owner.animator.speed,
            **extra,  # type: ignore[arg-type]
        )

    def module_parts(self, can_act: bool) -> dict[str, object]:
        """The rule modules' part of the snapshot: what each seat holds of them, and the purchases they add
        (worked out again only when the game, the chosen slot or card, or whom the table shows, changes)."""
        table, state, sel, owner = self.table, self.table.state, self.sel, self.owner
        shows_private = owner.shows_private
        key = (
            len(table.game.events),
            can_act,
            table.staged is not None,
            sel.slot,
            sel.card,
            sel.item,
            sel.piece,
            sel.use,
            owner.me,
            shows_private,
        )
        if key == self._key:
            return dict(self._parts)
        modules = self.modules
        me = owner.me
        viewer = table.viewer if shows_private else None  # a person's face-down cards: theirs to see
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
            parts["usable"] = frozenset(self.picker.card_targets())  # your tiles the picked card may be used on
            if modules.modules:  # the offer's cards a click takes in a module's own move (a thief's theft)
                parts["offer_moves"] = {
                    card: modules.describe(state, move) or ""
                    for card in state.offer
                    if (move := modules.offer_move(state, card)) is not None
                }
        if modules.modules:  # what the modules built on tiles off the Alhambras (walls), drawn over them
            loose = [*state.held, *(tile for reserve in state.reserves for tile in reserve)]
            parts["overlays"] = {tile: arts for tile in loose if (arts := modules.overlays(state, tile))}
        self._key, self._parts = key, parts
        return dict(parts)
