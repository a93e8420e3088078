"""Everything the client knows of the vizier's favour (RULES.md §9.1).

Each seat's vizier token, awake or asleep, is on its panel (yours beside your Alhambra; a click on
it, the "Wake vizier" button or the V key wakes a sleeping one as the turn's action: [M-VIZIER-4]).
When the window after a turn asks you ([M-VIZIER-2]), the prompt says so, the market's tiles you
can pay exactly are marked, a click on one picks it (its exact payments suggested) and "Pass" (P)
lets the vizier rest; the tile bought is then placed like any bought tile ([M-VIZIER-3]: no
extra action, and nothing shown in the window says otherwise), its placement confirmed with "Confirm",
not "End turn" (it ends nobody's turn).  A bot using its vizier shows as a banner across the board and
a line in the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.modules import vizier
from game.engine.modules.vizier import VizierBuy, VizierPass, WakeVizier
from game.engine.phases import ACTION
from game.i18n import N_, _

from ..log_line import LogLine
from . import vizier_help
from .base import (
    ClientModule,
    Command,
    Holdings,
    Moves,
    Narration,
    Narrator,
    Payment,
    Piece,
    Purchases,
    decider_name,
)

if TYPE_CHECKING:
    from game.engine import Action, GameState

NAME = vizier.NAME


def _wake_move(state: GameState) -> Action | None:
    """[M-VIZIER-4] the action phase of a turn, the vizier asleep."""
    part = vizier.of(state)
    if part is None or state.phase != ACTION or part.awake[state.turn_player]:
        return None
    return WakeVizier()


def _pass_move(state: GameState) -> Action | None:
    """[M-VIZIER-2] asked in a window: let the vizier rest."""
    return VizierPass() if state.phase == vizier.WINDOW else None


WAKE = Command(
    widget="wake_vizier",
    label_source=N_("Wake vizier"),
    hotkey="V",
    key=pygame.K_v,
    # [M-VIZIER-4] an action like taking money: the turn's, or the one an exact payment allows ([B-TURN-4])
    tooltip_source=N_("Wake your sleeping vizier: it is an action, like taking money"),
    # TRANSLATORS: in the list of keys: what the V key does
    shortcut_source=N_("wake your sleeping vizier (the turn's action; vizier's favour)"),
    move=_wake_move,
)
PASS = Command(
    widget="vizier_pass",
    # TRANSLATORS: a button: the vizier buys nothing now
    label_source=N_("Pass"),
    hotkey="P",
    key=pygame.K_p,
    tooltip_source=N_("Let your vizier rest: buy nothing out of turn now"),
    # TRANSLATORS: in the list of keys: what the P key does
    shortcut_source=N_("in a vizier window: let the vizier rest (buy nothing)"),
    move=_pass_move,
)


def _wakes(narrator: Narrator, event: dict) -> LogLine:
    """[M-VIZIER-4] a player wakes their vizier (the turn's action)."""
    return narrator.tell(event, N_("Your vizier wakes up"), N_("{player}'s vizier wakes up"))


def _uses(narrator: Narrator, event: dict) -> LogLine:
    """[M-VIZIER-2] a player buys out of turn with their vizier (the purchase follows)."""
    narrator.out_of_turn = True  # the ``buy`` that follows grants no extra action ([M-VIZIER-3])
    return narrator.tell(
        event,
        N_("Your vizier buys out of turn, paying exactly"),
        N_("{player}'s vizier buys out of turn, paying exactly"),
    )


class VizierHoldings(Holdings):
    """Each seat's vizier token, awake or asleep (a click on yours, asleep, wakes it: [M-VIZIER-4])."""

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        part = vizier.of(state)
        if part is None:
            return []
        awake = part.awake[seat]
        mine = seat == viewer
        if awake:
            tip = (
                _("Your vizier is awake: in the window after each turn it may buy one tile paying exactly")
                if mine
                else _("Vizier awake: may buy one tile out of turn, paying exactly")
            )
        else:
            tip = (
                _("Your vizier sleeps: wake it as your turn's action (click, Wake vizier or V)")
                if mine
                else _("Vizier asleep: it must be woken as a turn's action")
            )
        action = _wake_move(state) if mine and not awake and state.decider == seat else None
        return [Piece("awake" if awake else "asleep", seat, tip, action)]


class VizierMoves(Moves):
    """Wake vizier and Pass, and the words of its window and of placing its tile."""

    commands = (WAKE, PASS)

    def turn_options(self, state: GameState) -> list[str]:
        """[M-VIZIER-4] waking a sleeping vizier."""
        # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
        return [_("wake your vizier (V)")] if WakeVizier() in state.legal_actions() else []

    def prompt(self, state: GameState) -> str | None:
        if state.phase == vizier.WINDOW:
            return _("Your vizier may buy one tile exactly — click a marked tile, or Pass (P).")
        if state.phase == vizier.PLACING:
            return _("Place the tile your vizier bought: drag it onto a highlighted place, or put it on the reserve.")
        return None

    def title(self, state: GameState, name: str | None) -> str | None:
        player = decider_name(name)
        if state.phase == vizier.WINDOW:
            return _("Your vizier") if player is None else _("{player}'s vizier").format(player=player)
        if state.phase == vizier.PLACING:
            return _("Your vizier's tile") if player is None else _("{player}'s vizier's tile").format(player=player)
        return None


class VizierPurchases(Purchases):
    """[M-VIZIER-2] a market tile bought in the window, paying exactly."""

    def payments(self, state: GameState, player: int, slot: int) -> list[Payment]:
        """[M-VIZIER-2] exact payments only, in the slot's currency or with an exchange card."""
        if state.phase != vizier.WINDOW:
            return []
        return [
            (buy.paid, buy.exchange[0] if buy.exchange else None)
            for buy in vizier.purchases(state, player)
            if buy.slot == slot
        ]

    def buy_action(self, state: GameState, slot: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        if state.phase != vizier.WINDOW:
            return None
        return VizierBuy(slot, paid, (card,) if card is not None else ())

    def exact_only(self, state: GameState) -> bool:
        return state.phase == vizier.WINDOW


class VizierNarration(Narration):
    """[M-VIZIER-2] [M-VIZIER-4] the vizier waking and buying, in the log and across the board."""

    sayings = {vizier.WAKE_EVENT: _wakes, vizier.USE_EVENT: _uses}  # noqa: RUF012 - read-only table
    timing = {vizier.WAKE_EVENT: (0.0, 0.45), vizier.USE_EVENT: (0.0, 0.7)}  # noqa: RUF012
    sounds = {vizier.WAKE_EVENT: "turn", vizier.USE_EVENT: "coin"}  # noqa: RUF012

    def banner(self, event: dict, names: Sequence[str], you: int | None) -> str | None:
        if event.get("e") != vizier.USE_EVENT:
            return None
        seat = event["player"]
        return _("Your vizier buys!") if seat == you else _("{player}'s vizier buys!").format(player=names[seat])


CLIENT = ClientModule(
    name=NAME,
    narration=VizierNarration(),
    holdings=VizierHoldings(),
    moves=VizierMoves(),
    purchases=VizierPurchases(),
    help_page=vizier_help.PAGE,
)
