"""Thieves (RULES.md §11.3, expansion 3).

Twelve thief cards, three per currency ([M-THIEF-1]), dealt face down: four each with two or three players, three
with four, two with five or six; the rest stay in the box unseen ([M-THIEF-2]).  After every complete turn (its
placements, refills, scorings and Dirk's draw done) a thief window opens, before the vizier's ([M-THIEF-3],
[M-THIEF-7]): the eligible players are asked once each, clockwise from the one nearest the player who just ended;
with three or more players neither that player nor the next may steal, with two only the next player may
([M-THIEF-4], [M-THIEF-5]).  The player asked plays thieves one at a time, each taking one money card of its
currency from the offer (any value), the offer refilled at once after each; or passes (not recorded).  A scoring
card drawn in the window is scored when the window closes ([M-THIEF-6]).  No window after the game's last turn
([M-THIEF-8]).  A thief takes only money cards, is no money itself, and playing one is no action ([M-THIEF-9]).

Only players who could steal something are asked (a player with no thief of a currency in the offer has no choice
to make).  Other players' face-down thieves, and those in the box, are hidden ([D-HIDDEN-1]): a player's knowledge
sorts them into one pool dealt in order; a determinization deals that pool afresh.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import (
    CARD_COUNT,
    CARD_CURRENCY,
    CARD_KIND,
    CURRENCIES,
    THIEF_CARDS,
    THIEF_CURRENCY,
    THIEVES_DEAL,
    describe_card,
    is_money_card,
    is_thief_card,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "thieves"
EVENT = "thief"  # RECORD.md: a thief played in the thief window [M-THIEF-3]
OUT_FIELD = "thieves_out"  # RECORD.md ``setup.thieves_out``: the cards left in the box
WINDOW = "thief_window"  # phase: the decider may play a thief, or pass


@typed_equality
class PlayThief(NamedTuple):
    """[M-THIEF-3] in the thief window: play thief ``card`` and take money card ``took`` of its currency from the
    offer."""

    card: int
    took: int
    kind = "thief"
    rule = "M-THIEF-3"
    event = EVENT

    @staticmethod
    def from_event(fields: EventFields) -> PlayThief:
        return PlayThief(fields.card("card"), fields.card("took"))

    def __str__(self) -> str:
        return f"play the {describe_card(self.card)} and take the {describe_card(self.took)}"

    def said(self) -> Message:
        return Message.of("play the {card} and take the {other_card}", card=self.card, other_card=self.took)


@typed_equality
class ThiefPass(NamedTuple):
    """[M-THIEF-5] in the thief window: play no (more) thieves (not recorded)."""

    kind = "thief_pass"
    rule = "M-THIEF-5"
    event = None  # RECORD.md: passes in the thief window are not recorded

    def __str__(self) -> str:
        return "play no thief"

    def said(self) -> Message:
        return Message.of("play no thief")


class ThiefPart(Part):
    """Each player's face-down thieves, those in the box, those played (out of the game), the players still to be
    asked in an open window (the one asked first), and the scorings drawn in it."""

    __slots__ = ("hands", "out", "played", "queue", "rounds")

    def __init__(self, hands: list[list[int]], out: list[int]) -> None:
        self.hands = hands
        self.out = out
        self.played: list[int] = []
        self.queue: list[int] = []
        self.rounds: list[int] = []

    def copy(self) -> ThiefPart:
        copy = ThiefPart.__new__(ThiefPart)
        copy.hands = [list(hand) for hand in self.hands]
        copy.out = list(self.out)
        copy.played = list(self.played)
        copy.queue = list(self.queue)
        copy.rounds = list(self.rounds)
        return copy

    def key(self) -> tuple:
        return (
            tuple(map(tuple, self.hands)),
            tuple(self.out),
            tuple(self.played),
            tuple(self.queue),
            tuple(self.rounds),
        )


def of(state: Play) -> ThiefPart | None:
    """The thieves' part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def eligible(players: int, ended: int) -> list[int]:
    """[M-THIEF-4] [M-THIEF-5] who may steal after ``ended``'s turn, in the order they are asked: with three or more
    players everyone but ``ended`` and the next player, clockwise from the one after the next; with two, the next."""
    if players == 2:
        return [(ended + 1) % 2]
    return [(ended + offset) % players for offset in range(2, players)]


def thefts(state: Play, player: int) -> list[PlayThief]:
    """[M-THIEF-3] [M-THIEF-9] what ``player`` may steal now: each of their thieves (one per currency) with each
    money card of its currency in the offer (one per value)."""
    part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
    moves = []
    seen: set[int] = set()
    for card in sorted(part.hands[player]):
        currency = THIEF_CURRENCY[card]
        if currency in seen:
            continue
        seen.add(currency)  # type: ignore[arg-type]
        values: set[int] = set()
        for took in state.offer:
            if is_money_card(took) and CARD_CURRENCY[took] == currency and took // 3 not in values:
                values.add(took // 3)  # cards of one currency and value are alike
                moves.append(PlayThief(card, took))
    return moves


def _ask_next(state: Play) -> None:
    """Ask the next eligible player who could steal; when none is left, the window closes: the scorings drawn in it
    ([M-THIEF-6]), then the other windows ([M-THIEF-7])."""
    part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
    while part.queue:
        if thefts(state, part.queue[0]):
            state.ask(WINDOW, part.queue[0])
            return
        part.queue.pop(0)
    rounds, part.rounds = part.rounds, []
    state.score_rounds(rounds)
    state.open_windows()


def _check_play(state: Play, action: PlayThief) -> None:
    if state.phase != WINDOW:
        raise IllegalAction(
            "M-THIEF-9", "playing a thief is no action: thieves are played in the window after a turn, when asked"
        )
    part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    if not is_thief_card(action.card) or action.card not in part.hands[player]:
        raise IllegalAction("M-THIEF-3", "you hold no {card} to play", card=action.card)
    took = action.took
    if took not in state.offer:
        raise IllegalAction("M-THIEF-3", "{card} is not in the money offer", card=took)
    if not is_money_card(took):
        raise IllegalAction("M-THIEF-9", "a thief takes only money cards, not the {card}", card=took)
    if CARD_CURRENCY[took] != THIEF_CURRENCY[action.card]:
        raise IllegalAction(
            "M-THIEF-3",
            "the {card} takes a card of its currency, {currency}",
            card=action.card,
            currency=THIEF_CURRENCY[action.card],
        )


def _play(state: Play, action: PlayThief) -> None:
    """[M-THIEF-3] the thief leaves the game, the card joins the player's hand, the offer is refilled at once."""
    part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    part.hands[player].remove(action.card)
    part.played.append(action.card)
    state.offer.remove(action.took)
    state.hands[player].append(action.took)
    state.emit({"e": EVENT, "player": player, "card": action.card, "took": action.took})
    part.rounds += state.refill_offer()  # [M-THIEF-6] scored when the window closes
    _ask_next(state)


def _check_pass(state: Play, action: ThiefPass) -> None:
    if state.phase != WINDOW:
        raise IllegalAction("M-THIEF-5", "only a player asked in the thief window may pass it")


def _pass(state: Play, action: ThiefPass) -> None:
    state.parts[NAME].queue.pop(0)  # type: ignore[attr-defined]
    _ask_next(state)


def _window_moves(state: Play) -> list[Action]:
    return [*thefts(state, state.decider), ThiefPass()]


class Thieves(Module):
    name = NAME
    summary = mark("Thieves: between turns, steal a money card of a thief's currency from the offer")
    handlers = {  # noqa: RUF012 - read-only table
        PlayThief: (_check_play, _play),
        ThiefPass: (_check_pass, _pass),
    }
    absent_reason = mark("thieves play only with the thieves module")
    events = (EVENT,)
    phases = {WINDOW: _window_moves}  # noqa: RUF012
    asking = {  # noqa: RUF012
        WINDOW: ("M-THIEF-5", mark("the thief window is open: play a thief, or pass")),
    }

    def deal(
        self, rng: random.Random, players: int, tiles: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """[M-THIEF-2] the twelve thieves shuffled, dealt face down by the player number; the rest stay in the box."""
        cards = list(THIEF_CARDS)
        rng.shuffle(cards)
        each, _ = THIEVES_DEAL[players]
        hands = tuple(tuple(cards[each * seat : each * (seat + 1)]) for seat in range(players))
        return hands, tuple(cards[each * players :])

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        hands, out = deal.parts[NAME]
        each, left = THIEVES_DEAL[deal.players]
        problems = []
        if len(hands) != deal.players or any(len(hand) != each for hand in hands) or len(out) != left:
            problems.append(f"[M-THIEF-2] {each} thieves each with {deal.players} players, {left} left in the box")
        if sorted([*out, *(card for hand in hands for card in hand)]) != list(THIEF_CARDS):
            problems.append("[M-THIEF-1] the twelve thief cards, each dealt or left in the box once")
        return problems

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        return [
            {"id": c, "kind": CARD_KIND[c], "currency": CURRENCIES[THIEF_CURRENCY[c]]}  # type: ignore[index]
            for c in THIEF_CARDS
        ]

    def setup_fields(self, part: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]) -> dict[str, Any]:
        """RECORD.md ``setup.thieves`` (each player's, face down) and ``setup.thieves_out`` (left in the box)."""
        hands, out = part
        return {NAME: [list(hand) for hand in hands], OUT_FIELD: list(out)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple:
        hands = setup.get(NAME)
        read.need(
            isinstance(hands, list) and len(hands) == players,
            f"setup.thieves must list {players} players' thief cards ([M-THIEF-2])",
        )
        dealt = tuple(read.ids(hand, f"setup.thieves[{seat}]", CARD_COUNT, "card") for seat, hand in enumerate(hands))
        out = read.ids(setup.get(OUT_FIELD), f"setup.{OUT_FIELD}", CARD_COUNT, "card")
        return dealt, out

    def start(self, state: Play, deal: Deal) -> ThiefPart:
        hands, out = deal.parts[NAME]
        return ThiefPart([list(hand) for hand in hands], list(out))

    def conceal(self, state: Play, player: int) -> None:
        """Others' face-down thieves and those in the box are one pool to the player: dealt in sorted order."""
        part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
        pool = sorted(self._pool(part, player))
        self._fill(part, player, pool)

    def redeal(self, state: Play, player: int, rng: random.Random) -> None:
        part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
        pool = self._pool(part, player)
        rng.shuffle(pool)
        self._fill(part, player, pool)

    @staticmethod
    def _pool(part: ThiefPart, player: int) -> list[int]:
        return [card for seat, hand in enumerate(part.hands) if seat != player for card in hand] + part.out

    @staticmethod
    def _fill(part: ThiefPart, player: int, pool: list[int]) -> None:
        for seat, hand in enumerate(part.hands):
            if seat != player:
                hand[:] = pool[: len(hand)]
                del pool[: len(hand)]
        part.out[:] = pool

    def before_windows(self, state: Play) -> bool:
        """[M-THIEF-3] [M-THIEF-7] after every complete turn, before any other window: the eligible players asked."""
        part: ThiefPart = state.parts[NAME]  # type: ignore[assignment]
        part.queue = eligible(state.players, state.turn_player)
        _ask_next(state)
        return True

    def unrecorded(self, state: Play, event: dict) -> Action | None:
        """A pass: the asked player's next recorded decision is not their ``thief``."""
        if state.phase != WINDOW:
            return None
        if event.get("player") == state.decider and (
            event.get("e") == EVENT or event.get("e") in state.rules.optional_events
        ):
            return None
        return ThiefPass()
