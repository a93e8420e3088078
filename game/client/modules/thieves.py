"""Everything the client knows of the thieves (RULES.md §11.3).

Each seat's thief cards are shown beside their Alhambra: yours face up (beside your Alhambra, the ones you can
play now glowing), the others' face down, their count public and their currencies secret ([M-THIEF-2],
[D-HIDDEN-1]: the engine's knowledge conceals them, so between people at one screen the curtain falls before a
person is asked).  After every complete turn the thief window asks the eligible players in turn ([M-THIEF-3] to
[M-THIEF-5]): asked, you click a money card of a thief's currency in the offer (or the thief itself, when only
one card of its currency lies there) to steal it, as often as you have thieves and the offer allows, or "Keep
thieves" (K) to let the window go on.  The theft is a line in the log, a word across the board and the card's
flight from the offer to the thief's hand.  A bot decides in the worker like for any window of a module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.components import THIEF_CURRENCY
from game.engine.modules import thieves
from game.engine.modules.thieves import PlayThief, ThiefPass
from game.i18n import N_, _, words

from ..log_line import LogLine
from . import thieves_help
from .base import ClientModule, Command, Holdings, Key, Moves, Narration, Narrator, Piece, decider_name

if TYPE_CHECKING:
    from game.engine import Action, GameState

NAME = thieves.NAME


def _pass_move(state: GameState) -> Action | None:
    """[M-THIEF-5] asked in the thief window: play no (more) thieves."""
    return ThiefPass() if state.phase == thieves.WINDOW else None


KEEP = Command(
    widget="thief_pass",
    # TRANSLATORS: a button in the thief window: steal nothing (more) now, keep your thief cards
    label_source=N_("Keep thieves"),
    hotkey="K",
    key=pygame.K_k,
    tooltip_source=N_("Steal nothing now: keep your thief cards for a later window"),
    # TRANSLATORS: in the list of keys: what the K key does
    shortcut_source=N_("in the thief window: steal nothing (more) now"),
    move=_pass_move,
    primary=True,
)


def thefts(state: GameState) -> list[PlayThief]:
    """[M-THIEF-3] the thefts open to the player asked in the window now (none outside it)."""
    if state.phase != thieves.WINDOW:
        return []
    return thieves.thefts(state, state.decider)  # type: ignore[arg-type]


def _steals(narrator: Narrator, event: dict) -> LogLine:
    """[M-THIEF-3] a thief played in the window: the card taken from the offer; the thief leaves the game."""
    return narrator.tell(
        event,
        N_("Your thief steals the {card} from the offer"),
        N_("{player}'s thief steals the {card} from the offer"),
        card=words.card(event["took"]),
    )


class ThievesNarration(Narration):
    """[M-THIEF-3] a theft in the log, across the board, and the card's flight to the thief's hand."""

    sayings = {thieves.EVENT: _steals}  # noqa: RUF012 - read-only table
    timing = {thieves.EVENT: (0.55, 0.35)}  # noqa: RUF012
    sounds = {thieves.EVENT: "card"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        return [("card", event["took"])] if event.get("e") == thieves.EVENT else []

    def banner(self, event: dict, names: Sequence[str], you: int | None) -> str | None:
        if event.get("e") != thieves.EVENT:
            return None
        seat = event["player"]
        # TRANSLATORS: the word across the board when a thief card is played between turns
        return _("Your thief strikes!") if seat == you else _("{player}'s thief strikes!").format(player=names[seat])

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, PlayThief):
            return _("steal the {card} with your thief").format(card=words.card(action.took))
        if isinstance(action, ThiefPass):
            return _("keep your thieves")
        return None


class ThievesHoldings(Holdings):
    """[M-THIEF-2] each seat's thieves: face up to their owner (glowing when one may steal now, a click steals
    the one card of its currency there is), face down to everyone else."""

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        part = thieves.of(state)  # type: ignore[arg-type]
        if part is None:
            return []
        hand = sorted(part.hands[seat])
        if seat != viewer:
            tip = _("A thief card, face down: its currency is secret until it is played")
            return [Piece("thief_back", card, tip) for card in hand]
        open_now = thefts(state) if state.decider == seat else []
        found = []
        for card in hand:
            currency = words.currency(THIEF_CURRENCY[card])  # type: ignore[arg-type]
            mine = [move for move in open_now if THIEF_CURRENCY[move.card] == THIEF_CURRENCY[card]]
            if mine:
                tip = _("Your thief ({currency}): click a {currency} card in the offer to steal it").format(
                    currency=currency
                )
            else:
                tip = _("Your thief ({currency}): steals one {currency} card from the offer in a thief window").format(
                    currency=currency
                )
            action = PlayThief(card, mine[0].took) if len(mine) == 1 else None
            found.append(Piece("card", card, tip, action, lit=bool(mine)))
        return found


class ThievesMoves(Moves):
    """Keep thieves (K), a click on an offer card to steal it, and the words of the window."""

    commands = (KEEP,)

    def prompt(self, state: GameState) -> str | None:
        if state.phase != thieves.WINDOW:
            return None
        currencies = sorted({THIEF_CURRENCY[move.card] for move in thefts(state)})  # type: ignore[type-var]
        named = words.join(words.currency(c) for c in currencies)  # type: ignore[arg-type]
        # TRANSLATORS: {currencies} lists the currencies of the player's thieves that may steal now ("denar, ducat")
        return _("Thief window: click a card of the offer to steal it ({currencies}), or Keep thieves (K).").format(
            currencies=named
        )

    def title(self, state: GameState, name: str | None) -> str | None:
        if state.phase != thieves.WINDOW:
            return None
        player = decider_name(name)
        return _("Your thieves") if player is None else _("{player}'s thieves").format(player=player)

    def offer_move(self, state: GameState, card: int) -> Action | None:
        """[M-THIEF-3] a click on a money card of a thief's currency steals it with that thief."""
        return next((move for move in thefts(state) if move.took == card), None) or self._alike(state, card)

    @staticmethod
    def _alike(state: GameState, card: int) -> Action | None:
        """A card alike to one the engine lists (same currency and value): the engine names the lowest of them."""
        for move in thefts(state):
            if card in state.offer and card // 3 == move.took // 3:
                return PlayThief(move.card, card)
        return None


CLIENT = ClientModule(
    name=NAME,
    narration=ThievesNarration(),
    holdings=ThievesHoldings(),
    moves=ThievesMoves(),
    help_page=thieves_help.PAGE,
    setup_key="T",
)
