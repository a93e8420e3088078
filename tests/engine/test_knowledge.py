"""[D-HIDDEN-1] what a player knows (``state.knowledge``) and sampling the rest (``state.determinize``)."""

from __future__ import annotations

import random

import pytest

from game.engine.components import SCORING_CARDS
from game.engine.knowledge import state_key
from game.engine.modules import dirk

from .helpers import check_conservation, new_state, play, random_policy


def played(players: int, seed: int, steps: int):
    state = new_state(players, seed, log=False)
    play(state, random_policy(random.Random(seed)), steps=steps)
    return state


def reorder_hidden(state, rng: random.Random):
    """A copy differing only in what no player can know: the bag order, the order of the money cards
    in the deck, and where each undrawn scoring card lies inside its pile."""
    other = state.clone()
    rng.shuffle(other.bag)
    deck = other.deck  # top of the deck is the last element
    money_at = [i for i, c in enumerate(deck) if c not in SCORING_CARDS]
    money = [deck[i] for i in money_at]
    rng.shuffle(money)
    for i, c in zip(money_at, money, strict=True):
        deck[i] = c
    for card, first, after in state.windows:  # positions in the deck as built at setup
        if card in deck:
            here = deck.index(card)
            top_position = state.drawn + rng.randrange(max(first, state.drawn) - state.drawn, after - state.drawn)
            there = len(deck) - 1 - (top_position - state.drawn)
            deck[here], deck[there] = deck[there], deck[here]
    assert sorted(other.deck) == sorted(state.deck) and other.deck != state.deck
    return other


def known_parts(state):
    """Everything a player with perfect memory knows, deck and bag as sets."""
    return (
        state.players,
        [list(h) for h in state.hands],
        [dict(g) for g in [board.grid for board in state.boards]],
        [list(r) for r in state.reserves],
        list(state.scores),
        dirk.of(state).key() if dirk.of(state) else None,
        list(state.market),
        list(state.offer),
        list(state.discard),
        sorted(state.deck),
        sorted(state.bag),
        state.drawn,
        state.rounds_scored,
        state.turn_player,
        state.phase,
        state.decider,
        list(state.held),
        state.turn,
        state.windows,
    )


def scoring_positions_ok(state) -> bool:
    """Each undrawn scoring card lies inside its pile of the deck as it was built at setup."""
    for card, first, after in state.windows:
        if card in state.deck:
            position = state.drawn + (len(state.deck) - 1 - state.deck.index(card))
            if not first <= position < after:
                return False
    return True


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 40), (4, 120), (6, 10), (5, 260)])
def test_hidden_order_does_not_change_knowledge_d_hidden_1(players, steps):
    """[D-HIDDEN-1] two games differing only in the order of the deck and the bag (and where in their
    piles the scoring cards lie) give every player equal knowledge."""
    state = played(players, 70 + players, steps)
    other = reorder_hidden(state, random.Random(steps))
    assert state_key(other) != state_key(state)
    assert scoring_positions_ok(other)
    for p in range(players):
        assert state.knowledge(p) == other.knowledge(p)


def test_knowledge_differs_when_something_known_differs_d_hidden_1():
    """[D-HIDDEN-1] knowledge is not blind: another hand, another offer, or another player's view differ."""
    state = played(3, 5, 30)
    other = state.clone()
    other.hands[0].append(other.deck.pop(0) if other.deck[0] not in SCORING_CARDS else other.deck.pop(1))
    assert state.knowledge(1) != other.knowledge(1)
    assert state.knowledge(0) != state.knowledge(1)


def test_knowledge_holds_public_facts_but_not_the_order_d_hidden_1():
    """[D-HIDDEN-1] the knowledge's copy of the game shows every hand (dealt face up, takes and payments
    are public) but the bag and the deck's money cards in a canonical sorted order and no seed."""
    state = played(4, 6, 50)
    known = state.knowledge(2).state
    assert known.hands == state.hands
    assert (
        [board.grid for board in known.boards] == [board.grid for board in state.boards]
        and known.offer == state.offer
        and known.discard == state.discard
    )
    assert known.bag == sorted(state.bag)
    money = [c for c in known.deck if c not in SCORING_CARDS]
    assert money == sorted(money, reverse=True)  # top of the deck last: the smallest card is drawn first
    assert known.seed == 0
    assert scoring_positions_ok(known)


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (2, 90), (3, 60), (4, 150), (6, 30)])
def test_determinize_keeps_what_the_player_knows_d_hidden_1(players, steps):
    """[D-HIDDEN-1] a determinization changes nothing the player knows (hands, Alhambras, reserves, market,
    offer, discard, scores, Dirk, the *sets* of deck cards and bag tiles, scoring cards inside their
    piles), is a consistent game (conservation), and does change the hidden order between rng seeds."""
    state = played(players, 90 + players, steps)
    player = state.decider
    samples = [state.determinize(player, random.Random(k)) for k in range(4)]
    for sample in samples:
        assert known_parts(sample) == known_parts(state)
        assert scoring_positions_ok(sample)
        assert sample.knowledge(player) == state.knowledge(player)
        check_conservation(sample)
    orders = {(tuple(s.deck), tuple(s.bag)) for s in samples}
    assert len(orders) == len(samples)


def test_determinize_cannot_peek_d_hidden_1():
    """[D-HIDDEN-1] determinizing two games that differ only in hidden order, with the same rng, gives
    the very same state: nothing of the true order leaks into the sample."""
    state = played(3, 12, 80)
    other = reorder_hidden(state, random.Random(1))
    a = state.determinize(0, random.Random(42))
    b = other.determinize(0, random.Random(42))
    assert state_key(a) == state_key(b)


def test_determinized_game_plays_to_the_end_d_hidden_1():
    """[D-HIDDEN-1] a determinized game is a full legal game: it can be played to the end, scorings included."""
    state = played(2, 13, 30)
    sample = state.determinize(state.decider, random.Random(3))
    play(sample, random_policy(random.Random(4)), check=check_conservation)
    assert sample.is_over and sample.rounds_scored == 3
