"""What a person is buying at the table and how they pay for it: a market slot, a rule module's tile for sale outside
the market (a waiting bazaar) or a module's piece for their Alhambra's corners (a falcon).

Choosing what to buy suggests its payments at once, an exact one first where there is one ([B-TURN-4]: an exact
payment keeps the extra action, so Enter on the first suggestion never gives it away); X, a chip or a click on a card
changes the payment.  What cannot be bought is said (``show_toast``), with the reason the rules give, never left to a
dead click.

No pygame here: the table scene's input turns keys and clicks into these calls and the controls show their outcome
(``Selection``), so the buying flow is tested without a window.  Nothing here decides what is legal: the engine and the
rule modules' client hooks (``modules``) answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.engine import Action, Buy, IllegalAction
from game.engine.components import CARD_CURRENCY, CARD_VALUE, EMPTY, SLOT_CURRENCY, TILE_COST
from game.engine.phases import ACTION
from game.i18n import _, words

from ...table import Payment, Table, order_payments
from ...views.model import Selection

if TYPE_CHECKING:
    from game.engine import GameState

    from ...modules import Compiled, Placements
    from ...widgets import Text

SUGGESTED = 4  # payments suggested at most for one purchase: a chip each in the prompt band


def refusal(error: IllegalAction) -> str:
    """A refused move as a player reads it, in the current language, without the rule's id (the record and the
    tests keep the id)."""
    # TRANSLATORS: a move the rules refuse; {reason} is the rules' reason ("you do not hold florin 3")
    return _("Not allowed: {reason}.").format(reason=words.refusal(error))


class Sounds(Protocol):
    """The table's sounds (``Ui.sounds``): a click answers a pick."""

    def play(self, name: str) -> None: ...


class Owner(Protocol):
    """What buying asks of the table scene that owns it."""

    @property
    def me(self) -> int:
        """The seat the table is turned to: the person picking."""
        ...

    @property
    def can_act(self) -> bool:
        """The person may act: their decision, and the table has caught up with the game."""
        ...

    def show_toast(self, text: Text, warn: bool = False) -> None:
        """A message over the board (``warn``: a refusal)."""
        ...

    def perform(self, action: Action, confirmed: bool = False) -> None:
        """Make the person's move: staged if it ends the turn, else applied (``confirmed``: its button said it)."""
        ...


class Buying:
    """The purchase in the selection (``sel.slot``, ``sel.item`` or ``sel.piece``) and its payment (``sel.pay``,
    ``sel.card``, the suggestions)."""

    __slots__ = ("modules", "owner", "sel", "sounds", "table")

    def __init__(self, table: Table, sel: Selection, modules: Compiled, owner: Owner, sounds: Sounds) -> None:
        self.table = table
        self.sel = sel  # shared with the picker and drawn by the views: changed in place, never replaced
        self.modules = modules  # the rule modules' client hooks for this game
        self.owner = owner
        self.sounds = sounds

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def may_pick(self) -> bool:
        """The person may pick something to buy: their decision, in the action phase or a module's phase (a vizier's
        window)."""
        return self.owner.can_act and (self.table.acting or self.table.choosing)

    # ------------------------------------------------------------------ what the selection buys
    def exact_cards(self) -> set[int]:
        """The suggested payment's cards when it pays the slot's tile exactly (the hand marks them)."""
        sel = self.sel
        if sel.slot is None or not (0 <= sel.suggestion < len(sel.suggestions)):
            return set()
        paid = sel.suggestions[sel.suggestion]
        tile = self.state.in_slot(sel.slot)
        if tile != EMPTY and sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile]:
            return set(paid)
        return set()

    def purchase(self) -> Action | None:
        """The purchase the selection makes: a rule module's (its card, its phase), else the base game's ``Buy``."""
        sel = self.sel
        if sel.lot is not None:  # a module's lot paid with money of any currencies (a room of chests)
            return self.modules.lot_purchase(self.state, sel.lot, tuple(sel.pay)) if sel.pay else None
        if sel.slot is None or not (sel.pay or sel.card is not None):
            return None
        paid = tuple(sel.pay)
        if sel.item is not None:  # a module's tile for sale outside the market (a waiting bazaar)
            return self.modules.item_purchase(self.state, sel.item, paid, sel.card)
        action = self.modules.buy_action(self.state, sel.slot, paid, sel.card) if self.modules.modules else None
        if action is None and sel.card is None and self.table.acting:
            action = Buy(sel.slot, paid)
        return action

    def payments_now(self) -> list[Payment]:
        """The rule modules' payments for what is being bought: the chosen slot's tile, or a module's tile for sale."""
        sel = self.sel
        if sel.item is not None:
            return self.modules.item_payments(self.state, self.owner.me, sel.item)
        return self.modules.payments(self.state, self.owner.me, sel.slot) if sel.slot is not None else []

    # ------------------------------------------------------------------ choosing what to buy
    def _buys_nothing_now(self) -> bool:
        """In a rule module's phase that buys nothing from the market (buying falcons, [M-FALCON-2]): say its rule
        (the engine's words for the phase) and True; False where the market or a module's tile may be bought."""
        if not self.table.choosing or (self.modules.modules and self.modules.exact_only(self.state)):
            return False
        try:
            self.state.require_phase(ACTION)  # a module's phase says what it asks instead
        except IllegalAction as error:
            refused = error
            self.owner.show_toast(lambda: refusal(refused), True)
        return True

    def choose_slot(self, slot: int) -> None:
        """Pick market ``slot`` to buy (again: drop it), its payments suggested, an exact one first ([B-TURN-4]); or
        say why it cannot be bought: empty until the turn ends ([B-TURN-5]), or dearer than the cards of its currency
        are worth ([B-TURN-3])."""
        if not self.may_pick or self._buys_nothing_now():
            return
        state = self.state
        tile = state.in_slot(slot)
        if tile == EMPTY:
            self.owner.show_toast(lambda: _("Slot {slot} is empty until the end of the turn.").format(slot=slot), True)
            return
        if self.sel.slot == slot and self.sel.item is None:  # (with a module's tile picked, the slot's tile instead)
            self.sel.clear()
            return
        extra = self.modules.payments(state, state.decider, slot) if self.modules.modules else []
        if self.table.choosing:
            if not extra:
                self.owner.show_toast(
                    lambda: _("No exact payment for {tile} in your hand.").format(tile=words.tile(tile)), True
                )
                return
            self.suggest(slot, order_payments(extra, TILE_COST[tile]))
            return
        if not self.table.can_buy(slot) and not extra:
            currency = SLOT_CURRENCY[slot]
            held = state.currency_totals(state.decider)[currency]
            self.owner.show_toast(
                lambda: _("{tile} costs {cost} {currency}; you hold {held} in {currency}.").format(
                    tile=words.tile(tile), cost=TILE_COST[tile], currency=words.currency(currency), held=held
                ),
                True,
            )
            return
        self.suggest(slot, self.table.suggestions(slot, extra, SUGGESTED))  # an exact payment first

    def choose_item(self, item: int) -> None:
        """Pick a rule module's tile for sale outside the market (a waiting bazaar) to buy: priced and paid by the
        market slot ``item_slot`` names, its exact payments suggested like a slot's."""
        if not self.may_pick or self._buys_nothing_now():
            return
        if self.sel.item == item:
            self.sel.clear()
            return
        state = self.state
        slot = self.modules.item_slot(state, item)
        if slot is None:
            self.owner.show_toast(
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
            self.owner.show_toast(
                lambda: _("The {tile} costs exactly {cost} {currency}: you cannot pay that.").format(
                    tile=words.tile(item), cost=cost, currency=words.currency(currency)
                ),
                True,
            )
            return
        self.suggest(slot, payments)
        self.sel.item = item

    def pick_next_item(self, items: Sequence[int]) -> None:
        """A module's picker key: the next of ``items`` (its tiles for sale) after the one picked, to buy."""
        items = list(items)
        if not items or not self.may_pick or self._buys_nothing_now():
            return
        after = items.index(self.sel.item) + 1 if self.sel.item in items else 0
        for item in items[after:] + items[:after]:  # the next that can be bought now, else say why not
            if self.modules.item_payments(self.state, self.state.decider, item):
                self.choose_item(item)
                return
        self.choose_item(items[after % len(items)])

    def pick_next_lot(self, lots: Sequence[int]) -> None:
        """A module's lot picker key: the next of ``lots`` after the one picked that can be bought now; none can:
        the first one's reason is said."""
        lots = list(lots)
        if not lots or not self.may_pick or self._buys_nothing_now():
            return
        after = lots.index(self.sel.lot) + 1 if self.sel.lot in lots else 0
        for lot in lots[after:] + lots[:after]:
            if lot != self.sel.lot and self.modules.lot_payments(self.state, self.state.decider, lot):
                self.choose_lot(lot)
                return
        if self.sel.lot is None:
            self.choose_lot(lots[0])  # says why it cannot be bought

    def choose_lot(self, lot: int) -> None:
        """Pick a rule module's lot bought with money of any currencies (a room of chests): its first payment
        suggested, X for the next, a click on a card of the hand to add or drop it; again: dropped.  Why it cannot
        be bought now is said instead (the module's words: the rule, or too little money)."""
        if not self.may_pick or self._buys_nothing_now():
            return
        if self.sel.lot == lot:
            self.sel.clear()
            return
        payments = self.modules.lot_payments(self.state, self.owner.me, lot)
        if not payments:
            said = self.modules.lot_refusal(self.state, self.owner.me, lot)
            if said is not None:
                self.owner.show_toast(said, True)
            return
        sel = self.sel
        sel.clear()
        sel.lot = lot
        sel.suggestions = [tuple(paid) for paid in payments[:SUGGESTED]]
        sel.suggestion = 0
        sel.pay = list(payments[0])
        self.sounds.play("click")

    def toggle_lot_card(self, card: int) -> None:
        """A click on a card of the hand while a lot is picked: it joins or leaves the lot's payment (the engine
        judges the payment when it is made: a card that pays nothing is refused with its rule then)."""
        sel = self.sel
        sel.pay = [c for c in sel.pay if c != card] if card in sel.pay else [*sel.pay, card]
        match = [i for i, paid in enumerate(sel.suggestions) if sorted(paid) == sorted(sel.pay)]
        sel.suggestion = match[0] if match else -1
        self.sounds.play("click")

    # ------------------------------------------------------------------ the payment
    def suggest(self, slot: int, payments: Sequence[Payment]) -> None:
        """Select ``slot`` with ``payments`` suggested in their order (``SUGGESTED`` at most), the first chosen: each
        the money paid and a rule module's card that pays with it (an exchange card) or None."""
        payments = payments[:SUGGESTED]
        sel = self.sel
        sel.clear()
        sel.slot = slot
        sel.suggestions = [paid for paid, _card in payments]
        sel.suggested_cards = [card for _paid, card in payments]
        if payments:
            sel.suggestion = 0
            sel.pay = list(payments[0][0])
            sel.card = payments[0][1]
        self.sounds.play("click")

    def choose_suggestion(self, index: int) -> None:
        """A payment chip: the ``index``-th suggested payment is chosen."""
        sel = self.sel
        if index < len(sel.suggestions):
            sel.suggestion = index
            sel.pay = list(sel.suggestions[index])
            sel.card = sel.suggested_cards[index] if index < len(sel.suggested_cards) else None

    def next_payment(self) -> None:
        """X: the next suggested payment (a slot's, or the cards that may pay for a piece)."""
        sel = self.sel
        if (sel.slot is None and sel.piece is None and sel.lot is None) or not sel.suggestions:
            return
        sel.suggestion = (sel.suggestion + 1) % len(sel.suggestions)
        sel.pay = list(sel.suggestions[sel.suggestion])
        sel.card = sel.suggested_cards[sel.suggestion] if sel.suggestion < len(sel.suggested_cards) else None

    def toggle_payment(self, card: int) -> None:
        """A click on a card of the hand while a slot is picked: it joins or leaves the payment, if its currency (or
        the chosen module card's, [M-EXCH-3]) may pay for the slot ([B-TURN-3]); a module's card beside the money (an
        exchange card) is chosen or dropped instead."""
        sel = self.sel
        if sel.slot is not None and self.modules.modules and card in self.modules.hand_cards(self.state, self.owner.me):
            self._toggle_card(card)  # a rule module's card beside the money (an exchange card)
            return
        allowed = {SLOT_CURRENCY[sel.slot]} if sel.slot is not None else set()
        if sel.card is not None:
            allowed.update(self.modules.pays_with(sel.card))
        if sel.slot is None or CARD_CURRENCY[card] not in allowed:
            if sel.slot is not None:
                slot, currency = sel.slot, SLOT_CURRENCY[sel.slot]
                self.owner.show_toast(
                    lambda: _("Slot {slot} takes only {currency}.").format(
                        slot=slot, currency=words.currency(currency)
                    ),
                    True,
                )
            return
        sel.pay = [c for c in sel.pay if c != card] if card in sel.pay else [*sel.pay, card]
        self._match_suggestion()
        self.sounds.play("click")

    def _toggle_card(self, card: int) -> None:
        sel = self.sel
        if sel.card == card:
            sel.card = None
            slot_currency = SLOT_CURRENCY[sel.slot]  # type: ignore[operator]
            sel.pay = [c for c in sel.pay if CARD_CURRENCY[c] == slot_currency]
        elif card in {c for _, c in self.payments_now() if c is not None}:
            sel.card = card
        else:
            slot = sel.slot
            self.owner.show_toast(
                lambda: _("Your {card} cannot pay for slot {slot}.").format(card=words.card(card), slot=slot), True
            )
            return
        self._match_suggestion()
        self.sounds.play("click")

    def _match_suggestion(self) -> None:
        """The chip of the payment chosen card by card, if it is one of the suggestions (else none is lit)."""
        sel = self.sel
        match = [
            i
            for i, paid in enumerate(sel.suggestions)
            if sorted(paid) == sorted(sel.pay)
            and (sel.suggested_cards[i] if i < len(sel.suggested_cards) else None) == sel.card
        ]
        sel.suggestion = match[0] if match else -1

    # ------------------------------------------------------------------ a module's piece for your Alhambra's corners
    def piece_picker(self, module: Placements) -> Callable[[], None]:
        """What a module's pick button or key does (buy falcons, F): the next piece that fits, or why none does."""

        def pick() -> None:
            pieces = module.placeable(self.state, self.owner.me)
            if not pieces and self.owner.can_act and self.table.staged is None:  # none fits: say why
                self.say_unpickable(module.unpickable, None)
            self.pick_next_piece(pieces)

        return pick

    def say_unpickable(self, why: Callable[[GameState, int, int | None], str | None], piece: int | None) -> None:
        """Say why ``piece`` (None: any of a module's pieces) cannot be picked now (buy falcons: no corner where
        four tiles meet with both its colours, no money left, not as an extra action, [M-FALCON-2])."""
        said = why(self.state, self.owner.me, piece)  # once: the reason for this click, not re-judged every frame
        if said is not None:
            self.owner.show_toast(said, True)

    def pick_next_piece(self, pieces: Sequence[int]) -> None:
        """A pick's button or key (buy falcons): the next of ``pieces`` after the one picked, else the first."""
        pieces = list(pieces)
        if not pieces or not self.owner.can_act or self.table.staged is not None:
            return
        after = pieces.index(self.sel.piece) + 1 if self.sel.piece in pieces else 0
        self.choose_piece(pieces[after % len(pieces)])

    def choose_piece(self, piece: int, toggle: bool = False) -> None:
        """Pick ``piece`` of a module's panel (a falcon) to put on a corner of your Alhambra: the corners that take it
        light up, and the suggested card (the cheapest) pays for it."""
        if not self.owner.can_act or self.table.staged is not None:
            return
        sel = self.sel
        if toggle and sel.piece == piece:
            sel.clear()
            return
        if piece not in self.modules.placeable(self.state, self.owner.me):
            return
        cards = self.modules.piece_cards(self.state, self.owner.me, piece)
        sel.clear()
        sel.piece = piece
        sel.suggestions = [(card,) for card in cards]
        if cards:
            sel.suggestion = 0
            sel.pay = [cards[0]]
        self.sounds.play("click")

    def pay_piece_with(self, card: int) -> None:
        """A click on a card of your hand while a piece is picked: that card pays for it."""
        sel = self.sel
        options = [paid[0] for paid in sel.suggestions]
        if card not in options:
            self.owner.show_toast(
                lambda: _("Your {card} cannot pay for it: only money cards do.").format(card=words.card(card)), True
            )
            return
        sel.pay = [card]
        sel.suggestion = options.index(card)
        self.sounds.play("click")

    def piece_spots(self) -> dict[tuple[int, int], Action]:
        """The corners of your Alhambra that take the picked piece, with the move that puts it there."""
        sel = self.sel
        if sel.piece is None or not sel.pay or not self.owner.can_act:
            return {}
        return self.modules.spots(self.state, self.owner.me, sel.piece, sel.pay[0])

    def next_spot(self) -> None:
        """Tab while a piece is picked: choose the next lit corner (Enter puts the piece there)."""
        spots = list(self.piece_spots())
        if not spots:
            return
        after = spots.index(self.sel.spot) + 1 if self.sel.spot in spots else 0
        self.sel.spot = spots[after % len(spots)]
        self.sounds.play("click")

    def put_piece(self, corner: tuple[int, int]) -> bool:
        """Put the picked piece on ``corner`` of your Alhambra if it is lit there; True if it was."""
        action = self.piece_spots().get(corner)
        if action is None:
            return False
        self.owner.perform(action)
        return True
