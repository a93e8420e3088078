"""Bonus cards (RULES.md §9.4, expansion 1).

Ten bonus cards, each naming one wall-less building by type and cost, dealt face down: three each
with two or three players, two with four or five, one with six ([M-BONUS-1]).  A player may
reveal one while a tile of that type and cost is in their Alhambra; revealed, it counts as one
more building of its type at scorings ([M-BONUS-2]).  When no such tile is left the card turns
face down again; at each scoring every eligible card is revealed (**Choice** of [M-BONUS-3]).

Since a scoring reveals every eligible card anyway, revealing early changes nothing of the play:
it is an optional action (``Play.optional_actions``) the client offers and bots never make.
Other players' face-down cards are hidden ([D-HIDDEN-1]); a card once revealed stays known.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import (
    BONUS_CARDS,
    BONUS_TILE,
    BUILDING_TYPES,
    CARD_COUNT,
    CARD_KIND,
    TILE_COST,
    TILE_TYPE,
    describe_card,
    is_bonus_card,
)
from ..errors import IllegalAction
from ..messages import Message, mark
from .base import Module, Part

if TYPE_CHECKING:
    from ..play import Deal, Play
    from .base import SetupReading

NAME = "bonus"
EVENT = "bonus"  # RECORD.md: a card revealed (shown: true) or turned face down (shown: false)
DEALT = {2: 3, 3: 3, 4: 2, 5: 2, 6: 1}  # [M-BONUS-1] cards per player by player count


@typed_equality
class RevealBonus(NamedTuple):
    """[M-BONUS-2] reveal a bonus card while a tile of its type and cost is in your Alhambra."""

    card: int
    kind = "bonus"
    rule = "M-BONUS-2"
    event = EVENT

    @staticmethod
    def from_event(fields: EventFields) -> RevealBonus:
        return RevealBonus(fields.card("card"))

    def __str__(self) -> str:
        return f"reveal the {describe_card(self.card)}"

    def said(self) -> Message:
        return Message.of("reveal the {card}", card=self.card)


class BonusPart(Part):
    """Each player's bonus cards, which are face up, which everyone knows the owner of, and those not dealt."""

    __slots__ = ("aside", "cards", "known", "shown")

    def __init__(self, cards: list[list[int]], aside: list[int]) -> None:
        self.cards = cards
        self.shown: set[int] = set()
        self.known: set[int] = set()  # revealed at least once: everyone remembers whose it is
        self.aside = aside

    def copy(self) -> BonusPart:
        copy = BonusPart.__new__(BonusPart)
        copy.cards = [list(cards) for cards in self.cards]
        copy.shown = set(self.shown)
        copy.known = set(self.known)
        copy.aside = list(self.aside)
        return copy

    def key(self) -> tuple:
        return (tuple(map(tuple, self.cards)), tuple(sorted(self.shown)), tuple(sorted(self.known)), tuple(self.aside))


def of(state: Play) -> BonusPart | None:
    """The bonus part of ``state``, or None when the module does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def eligible(state: Play, player: int, card: int) -> bool:
    """[M-BONUS-2] a tile of the card's type and cost is in ``player``'s Alhambra (walled or not: the Choice)."""
    kind, cost = BONUS_TILE[card]  # type: ignore[misc]
    return any(TILE_TYPE[tile] == kind and TILE_COST[tile] == cost for tile in state.boards[player].grid.values())


def _reveal(state: Play, part: BonusPart, player: int, card: int) -> None:
    part.shown.add(card)
    part.known.add(card)
    state.emit({"e": EVENT, "player": player, "card": card, "shown": True})


def _check_reveal(state: Play, action: RevealBonus) -> None:
    part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
    player = state.decider
    if not is_bonus_card(action.card) or action.card not in part.cards[player]:
        raise IllegalAction("M-BONUS-2", "you hold no {card}", card=action.card)
    if action.card in part.shown:
        raise IllegalAction("M-BONUS-2", "the {card} is face up already", card=action.card)
    if not eligible(state, player, action.card):
        raise IllegalAction("M-BONUS-2", "the {card} needs its tile in your Alhambra", card=action.card)


def _do_reveal(state: Play, action: RevealBonus) -> None:
    _reveal(state, state.parts[NAME], state.decider, action.card)  # type: ignore[arg-type]


class Bonus(Module):
    name = NAME
    summary = mark("Bonus cards: secret cards that count one more building once their tile is built")
    handlers = {RevealBonus: (_check_reveal, _do_reveal)}  # noqa: RUF012 - read-only table
    absent_reason = mark("bonus cards play only with the bonus cards module")
    events = (EVENT,)
    optional_events = (EVENT,)  # [M-BONUS-2] showing a card changes nothing of the play: a window stays open

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """[M-BONUS-1] shuffle the ten cards and deal each player their share, face down."""
        cards = list(BONUS_CARDS)
        rng.shuffle(cards)
        share = DEALT[players]
        return tuple(tuple(cards[seat * share : (seat + 1) * share]) for seat in range(players))

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        hands = deal.parts[NAME]
        dealt = [card for cards in hands for card in cards]
        share = DEALT.get(deal.players)
        if (
            len(hands) != deal.players
            or any(len(cards) != share for cards in hands)
            or len(set(dealt)) != len(dealt)
            or not all(card in BONUS_CARDS for card in dealt)
        ):
            return [f"[M-BONUS-1] {share} different bonus cards for each of the {deal.players} players"]
        return []

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        return [
            {"id": c, "kind": CARD_KIND[c], "type": BUILDING_TYPES[BONUS_TILE[c][0]], "cost": BONUS_TILE[c][1]}  # type: ignore[index]
            for c in BONUS_CARDS
        ]

    def setup_fields(self, part: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
        """RECORD.md ``setup.bonus``: each player's bonus cards."""
        return {NAME: [list(cards) for cards in part]}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[tuple[int, ...], ...]:
        """[M-BONUS-1] ``setup.bonus``: each player's bonus cards."""
        value = setup.get(NAME)
        read.need(
            isinstance(value, list) and len(value) == players,
            f"setup.bonus must list the bonus cards of each of the {players} players ([M-BONUS-1])",
        )
        return tuple(read.ids(cards, f"setup.bonus[{seat}]", CARD_COUNT, "card") for seat, cards in enumerate(value))

    def start(self, state: Play, deal: Deal) -> BonusPart:
        hands = deal.parts[NAME]
        dealt = {card for cards in hands for card in cards}
        return BonusPart([list(cards) for cards in hands], [c for c in BONUS_CARDS if c not in dealt])

    def conceal(self, state: Play, player: int) -> None:
        """Others' cards never revealed, and those not dealt, are one pool to the player: dealt in sorted order."""
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        pool, slots = self._hidden(part, player)
        pool.sort()
        self._fill(part, player, pool, slots)

    def redeal(self, state: Play, player: int, rng: random.Random) -> None:
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        pool, slots = self._hidden(part, player)
        rng.shuffle(pool)
        self._fill(part, player, pool, slots)

    @staticmethod
    def _hidden(part: BonusPart, player: int) -> tuple[list[int], list[int]]:
        pool = list(part.aside)
        slots = []
        for seat, cards in enumerate(part.cards):
            hidden = [card for card in cards if seat != player and card not in part.known]
            pool.extend(hidden)
            slots.append(len(hidden))
        return pool, slots

    @staticmethod
    def _fill(part: BonusPart, player: int, pool: list[int], slots: list[int]) -> None:
        at = 0
        for seat, cards in enumerate(part.cards):
            if seat == player:
                continue
            kept = [card for card in cards if card in part.known]
            part.cards[seat] = kept + pool[at : at + slots[seat]]
            at += slots[seat]
        part.aside = pool[at:]

    def optional_actions(self, state: Play) -> Iterable[Action]:
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        player = state.decider
        if player < 0:
            return ()
        return [
            RevealBonus(card) for card in part.cards[player] if card not in part.shown and eligible(state, player, card)
        ]

    def after_redesign(self, state: Play, player: int) -> None:
        """[M-BONUS-3] a revealed card whose tile left the Alhambra turns face down."""
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        for card in part.cards[player]:
            if card in part.shown and not eligible(state, player, card):
                part.shown.discard(card)
                state.emit({"e": EVENT, "player": player, "card": card, "shown": False})

    def before_scoring(self, state: Play) -> None:
        """[M-BONUS-3] Choice: at each scoring every eligible face-down card is revealed."""
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        for player, cards in enumerate(part.cards):
            for card in cards:
                if card not in part.shown and eligible(state, player, card):
                    _reveal(state, part, player, card)

    def count_extra(self, state: Play, player: int, counts: list[int]) -> None:
        """[M-BONUS-2] a revealed card counts as one more building of its type."""
        part: BonusPart = state.parts[NAME]  # type: ignore[assignment]
        for card in part.cards[player]:
            if card in part.shown:
                counts[BONUS_TILE[card][0]] += 1  # type: ignore[index]
