"""What the table says the person can do now: the prompt band above their Alhambra, the actions panel's title, and a
move in words (a hint's, one waiting for End turn).

Words only, in the current language and a player's words (``plain``): read from the table, the selection and the rule
modules each time they are asked, so a language change shows at the next frame.  No pygame here: the drawing lays the
words out (``drawing.TableDrawing``), so what the table says is tested without a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine import Action, EndTurn, GameState, Take, said_action
from game.engine.components import CARD_VALUE, SLOT_CURRENCY, TILE_COST, is_money_card
from game.engine.messages import Message
from game.engine.state import FINAL, PLACE
from game.i18n import _, pgettext, words

from ...modules import modules_for
from ...plain import placed, plain, said, sentences
from ...shortcuts import END_TURN_KEY
from ...table import Table, agent_label
from .bot_turns import BotTurns
from .hints import Hints
from .picker import Picker

if TYPE_CHECKING:
    from ai import Decision

    from ...modules import Compiled

THINKING_SAID_AFTER = 0.3  # seconds a bot searches before the prompt says it thinks (a quick move says it plays)


def move_words(state: GameState, action: Action) -> str | Message:
    """A move as the hint names it: the engine's words (a ``Message``), except where the table has a button of
    its own or a rule module words it; said in the current language by ``plain.placed``."""
    if isinstance(action, EndTurn):  # the engine's "end the turn" would not say what is given up
        # TRANSLATORS: the hint's move when it advises to decline the extra action; {button} is the End turn button
        return _("end the turn without the extra action ({button}, {key})").format(
            button=pgettext("button", "End turn"), key=END_TURN_KEY
        )
    return modules_for(state.rules).describe(state, action) or said_action(state, action)  # a module's words


class Playback(Protocol):
    """The table's timeline as the prompt sees it (``Director``): whether it still plays moves back."""

    @property
    def busy(self) -> bool: ...


class Owner(Protocol):
    """What the prompt asks of the table scene that owns it."""

    clock: float  # the scene's seconds so far (a bot's thinking is timed by it)

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

    def shown_actor(self) -> int | None:
        """The seat whose move the table shows last (the animations may lag behind the game)."""
        ...


class Prompt:
    """The table's words for the moment."""

    __slots__ = ("bots", "hints", "modules", "owner", "picker", "table")

    def __init__(
        self, table: Table, modules: Compiled, picker: Picker, hints: Hints, bots: BotTurns, owner: Owner
    ) -> None:
        self.table = table
        self.modules = modules
        self.picker = picker  # the selection, and whose turn a staged move ends
        self.hints = hints
        self.bots = bots
        self.owner = owner

    @property
    def state(self) -> GameState:
        return self.table.state

    def text(self) -> str:
        """What the prompt band says, in a player's words (``plain``): the hint while one is shown, else
        ``said()``."""
        return plain(self._source())

    def hinted(self) -> Decision | None:
        """The hint the band shows (its words in gold), if one answers the decision at hand."""
        return self.hints.decision if self.owner.hint_action is not None and self.owner.can_act else None

    def _source(self) -> str:
        hint = self.hinted()
        agent = agent_label(self.hints.agent)
        if hint is not None:
            move = self.move_said(hint.action)
            reason = hint.reason
            args = getattr(reason, "args", None)
            if isinstance(reason, Message) and args is not None and "move" in args:
                # the reason names the move itself ("{move}: ..."): said once, in the table's words for it
                said_reason = words.fill_local(reason.template, {**args, "move": move})
                # TRANSLATORS: a hint: which bot gives it, and its reason, which names the move
                return _("Hint ({agent}): {reason}").format(agent=agent, reason=said_reason)
            said_reason = said(reason)
            if not said_reason:
                return _("Hint ({agent}): {move}").format(agent=agent, move=move)
            # TRANSLATORS: a hint: which bot gives it, the move, and why
            return _("Hint ({agent}): {move} — {reason}").format(agent=agent, move=move, reason=said_reason)
        if self.hints.asked:
            return _("{bot} is thinking about a hint…").format(bot=agent)
        return self.said()

    def move_said(self, action: Action) -> str:
        """A move of the person's as the table says it now (a hint, a move waiting for End turn): a rule module's
        words or the engine's, with where it puts a tile, in the current language."""
        return placed(self.state, self.owner.me, move_words(self.state, action), action)

    def title(self) -> tuple[str, int | None]:
        """The actions panel's title, and the seat whose ring of "thinking"/"playing" dots it shows (None: yours).

        While the table still shows a bot's move the panel stays the bot's: "Your turn" with no buttons would
        only puzzle until the animation ends.
        """
        table, state = self.table, self.state
        title = None
        if not state.is_over and self.modules.modules:  # a rule module's phase has its own title
            decider = None if table.human_decides else table.names[state.decider]
            title = self.modules.title(state, decider)
        actor = self.owner.shown_actor() if table.human_decides and self.owner.director.busy else None
        if state.is_over:
            return _("Game over"), None
        if actor is not None and actor != self.owner.me:
            return _("{player} plays").format(player=table.names[actor]), actor
        if not table.human_decides:
            return title or _("{player} plays").format(player=table.names[state.decider]), state.decider
        if title is not None:
            return title, None
        if state.phase in (PLACE, FINAL):
            return _("Place your tiles"), None
        # TRANSLATORS: the title of the actions panel on your turn
        return pgettext("title", "Your turn"), None

    def said(self) -> str:
        """The one line telling the person what they can do now, in the current language."""
        table, sel, state = self.table, self.picker.sel, self.state
        staged = table.staged
        if state.is_over:
            return _("The game is over.")
        if staged is not None:
            move = self.move_said(staged.action)
            if not self.picker.staged_ends_own_turn():  # a placement out of turn (a vizier's tile) ends no turn
                # TRANSLATORS: a move out of turn waiting for the Confirm button; "Confirm" and "Undo" are buttons
                return _("Ready: {move}. Confirm, or Undo.").format(move=move)
            # TRANSLATORS: a move waiting for the End turn button; "End turn" and "Undo" are the buttons' names
            return _("Ready: {move}. End turn to confirm, or Undo.").format(move=move)
        if not table.human_decides:
            return self._bot_plays()
        if self.owner.director.busy:
            return "…"
        if sel.piece is not None:  # a module's piece for a corner of your Alhambra (a falcon)
            module_said = self.modules.picked_prompt(state, sel.piece, sel.pay[0] if sel.pay else None)
            if module_said is not None:
                return module_said
        if sel.use is not None:  # a module's card picked to use on one of your tiles (a wall card)
            module_said = self.modules.card_prompt(state, sel.use)
            if module_said is not None:
                return module_said
        if sel.lot is not None:  # a module's lot bought with money of any currencies (a room of chests)
            module_said = self.modules.lot_prompt(state, sel.lot, tuple(sel.pay))
            if module_said is not None:
                return module_said
        if sel.slot is not None:
            return self._buying()
        if sel.offer:  # the reason a selection cannot be taken is said here, not under the raised cards
            return self._taking(sel.offer)
        if sel.tile is not None:
            return self._tile()
        if table.choosing or table.placing:
            module_said = self.modules.prompt(state) if self.modules.modules else None  # a rule module's phase
            if module_said is not None:
                return module_said
        if table.placing:
            return _("Place the tiles you bought: drag one onto a highlighted place, or click it first.")
        return self._turn()

    def _bot_plays(self) -> str:
        """A bot decides: it is thinking (after a moment: a quick move is only played), or it plays."""
        table, state = self.table, self.state
        name = table.names[state.decider]
        agent = table.agents[state.decider]
        if self.bots.thinking and self.owner.clock - self.bots.since > THINKING_SAID_AFTER:
            label = agent_label(agent or "")
            if name.startswith(label):  # a bot named after its kind is named once
                return _("{player} is thinking…").format(player=name)
            return _("{player} ({bot}) is thinking…").format(player=name, bot=label)
        return _("{player} is playing.").format(player=name)

    def _taking(self, offer: list[int]) -> str:
        """Cards picked from the money offer: what they add up to, and whether they may be taken ([B-TURN-2])."""
        total = sum(CARD_VALUE[c] or 0 for c in offer)
        if not all(map(is_money_card, offer)):  # [M-EXCH-2] an exchange card is taken alone
            if len(offer) == 1:
                return _("Take this card with Take (or Enter): it is taken alone, as your whole action.")
            return _("That card is taken alone: click the other cards (or 1–4) to drop them.")
        if self.state.is_legal(Take(tuple(offer))):
            return _(
                "Take these cards, {total} in all, with Take (or Enter); add or drop cards with a click or 1–4."
            ).format(total=total)
        return _(
            "These add up to {total}: take one card of any value, or several worth 5 at most together. "
            "Click a card (or 1–4) to drop it."
        ).format(total=total)

    def _tile(self) -> str:
        """A tile picked: where a bought one may go (the rule modules' places too), or what a redesign does."""
        sel, state = self.picker.sel, self.state
        if sel.source == "held":  # picked up as soon as it waits: a module's phase says whose tile it is
            module_said = self.modules.prompt(state) if self.modules.modules and self.table.placing else None
            places = [place for place in self.modules.destinations if place.offered(state)]
            if not places:
                if module_said is not None:
                    return module_said
                return _("Click a highlighted place (or drag the tile there), or put it on the reserve (T).")
            buttons = words.join(
                # TRANSLATORS: a button of the table and its key, in a list of what can be done ("Give to Dirk (D)")
                pgettext("a button and its key", "{button} ({key})").format(button=place.label, key=place.hotkey)
                for place in places
            )
            if module_said is not None:  # a module's placement (a vizier's tile): its words, the other places
                notes = [place.note(state) for place in places if place.note is not None]
                # TRANSLATORS: after the prompt for placing a tile bought out of turn: the buttons of other places
                return sentences(module_said, _("Or use {buttons}.").format(buttons=buttons), *notes)
            return _(
                "Click a highlighted place (or drag the tile there), put it on the reserve (T), or use {buttons}."
            ).format(buttons=buttons)
        if sel.source == "reserve":
            return _("Click a highlighted place to build it, or a marked tile to swap it in.")
        return _("Move this tile to the reserve, or click a reserve tile to swap.")

    def _turn(self) -> str:
        """Nothing picked on the person's turn: the actions open, and after an exact payment the optional extra
        one ([B-TURN-4])."""
        state = self.state
        # a rule module's moves open now (take a hut, wake the vizier, buy a bazaar; buy falcons only as the turn's
        # first and only action, [M-FALCON-2])
        more = self.modules.turn_options(state) if self.modules.modules else []
        if state.held:  # [B-TURN-4]: the extra action is optional
            if state.legal_actions() == [EndTurn()]:
                return _("Exact payment! Nothing else is possible now: End turn ({key}) to place your tiles.").format(
                    key=END_TURN_KEY
                )
            if more:
                return _(
                    "Exact payment! You may act again: take money (1–4), buy a building (Q W E R), {options}, "
                    "or redesign — or End turn ({key}) to place your tiles."
                ).format(options=words.join(more), key=END_TURN_KEY)
            return _(
                "Exact payment! You may take another action (money, a building, or a redesign) "
                "— or End turn ({key}) to place your tiles."
            ).format(key=END_TURN_KEY)
        if more:
            return _("Your turn: take money (1–4), buy a building (Q W E R), {options}, or redesign.").format(
                options=words.join(more)
            )
        return _("Your turn: take money (1–4), buy a building (Q W E R), or redesign with a reserve or Alhambra tile.")

    def _buying(self) -> str:
        """The prompt while a market slot (or a module's tile it prices) is being bought: the price, the payment
        chosen, and what it leads to ([B-TURN-3]; an exact payment keeps the extra action, [B-TURN-4])."""
        sel, state = self.picker.sel, self.state
        slot = sel.slot
        assert slot is not None
        tile = state.in_slot(slot)
        currency = words.currency(SLOT_CURRENCY[slot])
        paid, cost = sum(CARD_VALUE[c] for c in sel.pay), TILE_COST[tile]
        exact_only = bool(self.modules.modules) and self.modules.exact_only(state)
        if paid == cost:
            outcome = _("exact") if exact_only else _("exact: you act again")
        elif paid > cost:
            exact = exact_only or sel.item is not None  # a module's tile for sale is paid exactly
            outcome = _("it must be exact") if exact else _("{over} over, no change").format(over=paid - cost)
        else:
            outcome = _("{short} short").format(short=cost - paid)
        if sel.item is not None:  # a module's tile for sale, priced by the slot's tile (a waiting bazaar)
            if sel.card is not None:
                return _(
                    "{tile} costs {cost} {currency} now, as slot {slot}'s tile. Chosen {paid} with your {card}: "
                    "{outcome}."
                ).format(
                    tile=words.tile(sel.item),
                    cost=cost,
                    currency=currency,
                    slot=slot,
                    paid=paid,
                    card=words.card(sel.card),
                    outcome=outcome,
                )
            return _("{tile} costs {cost} {currency} now, as slot {slot}'s tile. Chosen {paid}: {outcome}.").format(
                tile=words.tile(sel.item), cost=cost, currency=currency, slot=slot, paid=paid, outcome=outcome
            )
        if sel.card is not None:
            return _("{tile} costs {cost} {currency}. Chosen {paid} with your {card}: {outcome}.").format(
                tile=words.tile(tile),
                cost=cost,
                currency=currency,
                paid=paid,
                card=words.card(sel.card),
                outcome=outcome,
            )
        return _("{tile} costs {cost} {currency}. Chosen {paid}: {outcome}.").format(
            tile=words.tile(tile), cost=cost, currency=currency, paid=paid, outcome=outcome
        )
