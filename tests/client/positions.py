"""Positions arranged with the engine for the client tests (test setup, not play; no pygame here).

A test that needs a particular situation at the table builds it here and opens it with
``App.play(Table(game, (0,)))``; from then on it plays through keys and clicks.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from game.engine import Buy, Game, GameConfig, Seat
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COST,
    is_money_card,
)
from game.engine.state import ACTION


def exact_payment_game(bare: bool = False, seed: int = 1) -> tuple[Game, Buy]:
    """A new game, the human (seat 0) to move, holding one card that pays a market tile exactly.

    Arranged with the engine (test setup, not play): the card is swapped in from the deck; cards
    move between piles, none is made, so every card stays in the game once.

    ``bare``: that card is all they hold and the money offer is empty (the rest goes to the
    discard pile); with only the Lion Fountain built and an empty reserve, nothing but EndTurn is
    legal after the purchase.
    """
    game = Game.new(GameConfig(seed=seed, seats=(Seat("You", "human"), Seat("Random", "random"))))
    state = game.state
    assert state.decider == 0 and state.phase == ACTION, "a seed whose start player is the human (1 is)"
    slots = [s for s in MARKET_SLOTS if state.in_slot(s) != EMPTY and TILE_COST[state.in_slot(s)] <= 9]
    slot = min(slots, key=lambda s: TILE_COST[state.in_slot(s)])
    cost, currency = TILE_COST[state.in_slot(slot)], SLOT_CURRENCY[slot]
    index = next(
        i
        for i, c in enumerate(state.deck)
        if is_money_card(c) and CARD_CURRENCY[c] == currency and CARD_VALUE[c] == cost
    )
    card = state.deck[index]
    state.deck[index] = state.hands[0].pop()  # a swap: the deck keeps its length, scoring cards their places
    state.hands[0].append(card)
    if bare:
        state.discard.extend([c for c in state.hands[0] if c != card] + state.offer)
        state.hands[0], state.offer = [card], []
    return game, Buy(slot, (card,))


# ---------------------------------------------------------------------------- games with every module
@dataclass(frozen=True)
class EveryModule:
    """A game with all seven modules that greedy played for every seat (the human's too), kept at three moments:
    ``middle``, the human's first fresh turn a round after the first scoring (hands, reserves, huts, falcons,
    bonus cards, bazaars and the log filled), each scoring as it was made (the game right after the move, its
    ``score`` event and the events after it in that move), and the end.  Copy a game before playing on."""

    middle: Game
    scorings: tuple[tuple[Game, dict, tuple[dict, ...]], ...]
    end: Game


@functools.cache
def every_module(players: int, seed: int = 1) -> EveryModule:
    from ai import make_agent
    from game.engine.modules import CHOOSABLE

    seats = (Seat("You", "human"), *(Seat(f"Greedy {n}", "greedy") for n in range(1, players)))
    game = Game.new(GameConfig(seed=seed, seats=seats, modules=CHOOSABLE))
    bot = make_agent("greedy", seed)
    scorings: list[tuple[Game, dict, tuple[dict, ...]]] = []
    middle: Game | None = None
    first = 0  # the turn of the first scoring
    while not game.state.is_over:
        state = game.state
        fresh = state.turn_player == 0 and not state.progressed and not state.held and state.decider == 0
        if middle is None and scorings and state.turn >= first + players and state.phase == ACTION and fresh:
            middle = game.copy()
        events = game.apply(bot.choose(state.knowledge(state.decider), state.legal_actions()))
        for index, event in enumerate(events):
            if event["e"] == "score":
                first = first or game.state.turn
                scorings.append((game.copy(), event, tuple(events[index + 1 :])))
    assert middle is not None and len(scorings) == 3, "a seed whose game has a middle and three scorings"
    return EveryModule(middle, tuple(scorings), game)
