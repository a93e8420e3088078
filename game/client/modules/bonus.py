"""Everything the client knows of the bonus cards (RULES.md §9.4).

Your bonus cards stand face up beside your Alhambra (only you see them); the other players' are
face-down backs on their panels until revealed, then face up for everyone ([M-BONUS-1]).  While
the named tile is in your Alhambra a card glows: one click on it, the "Reveal bonus" button or the
B key reveals it ([M-BONUS-2]); the table also says so when it becomes possible.  Revealed cards
are marked; one whose tile leaves turns face down again ([M-BONUS-3]).  The score sheet shows what
revealed cards add to each count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BONUS_TILE, BUILDING_TYPES
from game.engine.modules import bonus
from game.engine.modules.bonus import RevealBonus
from game.i18n import N_, _, pgettext, words

from ..log_line import LogLine
from ..plain import sentences
from . import bonus_help
from .base import ClientModule, Command, Holdings, Moves, Narration, Narrator, Piece, Scoring

if TYPE_CHECKING:
    from game.engine import Action, GameState

NAME = bonus.NAME


def _reveal_move(state: GameState) -> Action | None:
    """[M-BONUS-2] the decider's first card that may be revealed now."""
    return next((a for a in state.optional_actions() if isinstance(a, RevealBonus)), None)


REVEAL = Command(
    widget="reveal_bonus",
    label_source=N_("Reveal bonus"),
    hotkey="B",
    key=pygame.K_b,
    tooltip_source=N_("Reveal your bonus card: its tile is in your Alhambra, so it counts as one more building"),
    # TRANSLATORS: in the list of keys: what the B key does
    shortcut_source=N_("reveal a bonus card whose tile is in your Alhambra (bonus cards)"),
    move=_reveal_move,
)


# TRANSLATORS: what revealed bonus cards add to a player's count of a building type, on the score sheet
SHARE = N_("+{n} bonus")


def _named(card: int) -> str:
    """The tile a bonus card names: "Pavilion 8"."""
    kind, cost = BONUS_TILE[card]  # type: ignore[misc]
    return _("{type} {cost}").format(type=words.building(kind), cost=cost)


def _turns(narrator: Narrator, event: dict) -> LogLine:
    """[M-BONUS-2] a card revealed; [M-BONUS-3] one turned face down again."""
    card = event["card"]
    if event.get("shown", True):
        return narrator.tell(
            event,
            N_("You reveal the bonus card {building}: one more {type} at scorings"),
            N_("{player} reveals the bonus card {building}: one more {type} at scorings"),
            building=_named(card),
            type=words.building(BONUS_TILE[card][0]),  # type: ignore[index]
        )
    return narrator.tell(
        event,
        N_("You turn the bonus card {building} face down: its tile left the Alhambra"),
        N_("{player} turns the bonus card {building} face down: its tile left the Alhambra"),
        building=_named(card),
    )


class BonusNarration(Narration):
    """[M-BONUS-2] [M-BONUS-3] a card revealed or turned face down again, in the log."""

    sayings = {bonus.EVENT: _turns}  # noqa: RUF012 - read-only table
    timing = {bonus.EVENT: (0.0, 0.4)}  # noqa: RUF012
    sounds = {bonus.EVENT: "card"}  # noqa: RUF012


class BonusMoves(Moves):
    """Reveal bonus (B), while a card's tile is in your Alhambra."""

    commands = (REVEAL,)


class BonusHoldings(Holdings):
    """[M-BONUS-1] each seat's bonus cards: yours face up, the others' face down until revealed."""

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        part = bonus.of(state)
        if part is None:
            return []
        offered = {a.card for a in state.optional_actions() if isinstance(a, RevealBonus)} if seat == viewer else set()
        found = []
        for card in part.cards[seat]:
            named = words.label(words.card(card))
            if card in part.shown:
                tip = _("{card}, revealed: counts one more").format(card=named)
                # TRANSLATORS: a word on a revealed bonus card
                found.append(Piece("card", card, tip, mark=pgettext("bonus card", "shown")))
            elif seat == viewer:
                if card in offered:
                    tip = sentences(
                        _("{card}: its tile is in your Alhambra.").format(card=named), _("Click (or B) to reveal it.")
                    )
                    found.append(Piece("card", card, tip, RevealBonus(card), lit=True))
                else:
                    tip = _("{card} (hidden from the others): reveal it once {building} is built").format(
                        card=named, building=_named(card)
                    )
                    found.append(Piece("card", card, tip))
            else:
                found.append(Piece("back", card, _("A bonus card, face down")))
        return found


class BonusScoring(Scoring):
    """[M-BONUS-2] what revealed cards add to the counts, on the score sheet."""

    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        """[M-BONUS-2] a revealed card counts as one more building of its type."""
        part = bonus.of(state)
        if part is None:
            return []
        counts = [0] * len(BUILDING_TYPES)
        for card in part.cards[player]:
            if card in part.shown:
                counts[BONUS_TILE[card][0]] += 1  # type: ignore[index]
        return [(SHARE, counts)]


CLIENT = ClientModule(
    name=NAME,
    narration=BonusNarration(),
    scoring=BonusScoring(),
    holdings=BonusHoldings(),
    moves=BonusMoves(),
    help_page=bonus_help.PAGE,
)
