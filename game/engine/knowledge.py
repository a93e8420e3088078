"""What one player knows ([D-HIDDEN-1]), and sampling the rest (determinization).

A player with perfect memory knows every hand (starting money is dealt face up and every take
and payment is public), every Alhambra, reserve, Dirk's tiles, the market, the offer and the
discard pile.  They know *which* cards are in the deck and *which* tiles are in the bag, and,
from the pile sizes, the stretch of the deck where each undrawn scoring card lies; they do not
know the order of the deck or the bag, nor how future reshuffles will fall.

``Knowledge`` holds a copy of the game with exactly that hidden part put into a canonical order
(sorted), so two games that differ only in what the player cannot know give equal knowledge,
and an agent that reads it cannot peek.  ``determinize`` deals the hidden part afresh.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .components import is_scoring_card
from .play import Cooperation, Play

if TYPE_CHECKING:
    from .board import Board


class _Hiding(Cooperation, Protocol):
    """The modules' part in hiding and dealing afresh what a player cannot know ([D-HIDDEN-1])."""

    conceal: tuple[Callable[[GameCopy, int], None], ...]
    redeal: tuple[Callable[[GameCopy, int, random.Random], None], ...]


class GameCopy(Play, Protocol):
    """A game as knowledge reads and copies it: the hooks' view (``Play``), and the rest of the state."""

    rules: _Hiding
    turn: int
    offer: list[int]
    deck: list[int]  # next card drawn is the last element
    discard: list[int]
    scores: list[int]
    rounds_scored: int
    seed: int
    drawn: int  # cards drawn from the deck as built at setup
    windows: tuple[tuple[int, int, int], ...]  # where each scoring card can be in that deck
    reshuffles: int
    final_held: list[list[int]]
    idle_turns: int
    progressed: bool

    def clone(self) -> GameCopy: ...


def _relative_windows(state: GameCopy) -> list[tuple[int, int, int]]:
    """Where each scoring card still in the deck can be, counted from the top of the deck."""
    in_deck = set(state.deck)
    return [
        (card, max(first, state.drawn) - state.drawn, after - state.drawn)
        for card, first, after in state.windows
        if card in in_deck
    ]


def _deck_with_scoring_cards(money_top_first: list[int], placements: list[tuple[int, int]]) -> list[int]:
    """Insert scoring cards at top-first positions and return the deck in the state's order (top last)."""
    deck = list(money_top_first)
    for position, card in sorted(placements):
        deck.insert(position, card)
    deck.reverse()
    return deck


class Knowledge:
    """One player's knowledge of a game: read ``state`` freely, ``determinize`` to simulate."""

    __slots__ = ("player", "state")

    def __init__(self, state: GameCopy, player: int) -> None:
        canonical = state.clone()
        canonical.bag = sorted(state.bag)
        money = sorted(card for card in state.deck if not is_scoring_card(card))
        canonical.deck = _deck_with_scoring_cards(money, [(first, card) for card, first, _ in _relative_windows(state)])
        canonical.seed = 0
        for conceal in state.rules.conceal:  # e.g. the huts below each stack's top ([M-HUT-1])
            conceal(canonical, player)
        self.player = player
        self.state = canonical

    def determinize(self, rng: random.Random) -> GameCopy:
        """A full game consistent with this knowledge: bag, deck and future reshuffles drawn from ``rng``."""
        state = self.state.clone()
        rng.shuffle(state.bag)
        windows = _relative_windows(state)
        money = [card for card in state.deck if not is_scoring_card(card)]
        rng.shuffle(money)
        state.deck = _deck_with_scoring_cards(
            money, [(rng.randrange(first, after), card) for card, first, after in windows]
        )
        state.seed = rng.getrandbits(62)
        for redeal in state.rules.redeal:
            redeal(state, self.player, rng)
        return state

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Knowledge)
            and self.player == other.player
            and state_key(self.state) == state_key(other.state)
        )

    __hash__ = None  # type: ignore[assignment]


def _board_key(board: Board) -> tuple:
    """An Alhambra's tiles, with what a module added beyond the printed tiles where it did (``extended``)."""
    tiles = tuple(sorted(board.grid.items()))
    return tiles if board.extra is None else (tiles, board.extra)


def state_key(state: GameCopy) -> tuple:
    """Everything that makes up a game state, as one comparable value (caches excluded)."""
    return (
        state.players,
        state.rules.names,
        state.seed,
        tuple(map(tuple, state.hands)),
        tuple(_board_key(board) for board in state.boards),
        tuple(map(tuple, state.reserves)),
        tuple(state.scores),
        tuple(sorted((name, part.key()) for name, part in state.parts.items())),
        tuple(state.bag),
        tuple(state.market),
        tuple(state.deck),
        tuple(state.offer),
        tuple(state.discard),
        state.drawn,
        state.windows,
        state.reshuffles,
        state.rounds_scored,
        state.turn_player,
        state.phase,
        state.decider,
        tuple(state.held),
        tuple(map(tuple, state.final_held)),
        state.turn,
        state.idle_turns,
        state.progressed,
    )


def knowledge_of(state: GameCopy, player: int) -> Knowledge:
    return Knowledge(state, player)
