"""What the AI knows of rule modules (``ai/modules``): compiled per ruleset, asked by the evaluation and the rollouts.

Dirk is the first module; a toy advice defined here answers every question the quick rollout policy
asks (prices, turn moves, placement moves) so that each hook is known to be used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ai.evaluation import Outlook, tiles_before_scoring
from ai.fast_policy import Pricer, fast_action
from ai.modules import _COMPILED, ADVICE, Advice, advice_for
from ai.modules.dirk import DirkAdvice
from game.engine import ACTION, PLACE, Action, GameState, Lift, deal
from game.engine.components import EMPTY
from game.engine.modules import dirk
from game.engine.modules.dirk import GiveToDirk
from game.engine.ruleset import Ruleset


def test_the_base_game_asks_no_module_anything():
    """Three to six players: no collectors, no share taken, no prices, no extra rollout moves."""
    for players in range(3, 7):
        compiled = advice_for(Ruleset.of(players))
        assert compiled.players_share == 1.0 and compiled.collecting == ()
        assert compiled.prices == {} and compiled.turn_moves == () and compiled.placement_moves == ()
        assert advice_for(Ruleset.of(players)) is compiled, "compiled once per ruleset"


def test_dirk_ranks_in_the_outlook_and_takes_a_share_of_the_tiles_b_dirk_2_b_dirk_3():
    """[B-DIRK-2] [B-DIRK-3] with two players the evaluation counts Dirk as a third collector and expects the
    players to get three quarters of the tiles left after the scorings to come (he draws the rest)."""
    state = GameState.start(deal(2, 3), 3)
    compiled = advice_for(state.rules)
    assert compiled.players_share == 0.75 and isinstance(compiled.collecting[0], DirkAdvice)
    outlook = Outlook(state)
    assert len(outlook.counts) == 3 and outlook.counts[2] == dirk.of(state).counts()
    three = GameState.start(deal(3, 3), 3)
    assert len(Outlook(three).counts) == 3
    left = len(state.bag) + sum(1 for tile in state.market if tile != EMPTY)
    assert tiles_before_scoring(state)[3] == pytest.approx(left * 0.75 / 2)


class Eager(Advice):
    """A toy: prizes Dirk's gift (of even-numbered tiles) and lifting tiles above everything, and offers both."""

    def prices(self) -> dict[type, object]:
        return {GiveToDirk: lambda pricer, action: 100.0, Lift: lambda pricer, action: 90.0}

    def turn_moves(self, state: GameState) -> list[Action]:
        return [action for action in state.redesign_actions() if isinstance(action, Lift)]

    def placement_moves(self, state: GameState, tile: int) -> list[Action]:
        return [GiveToDirk(tile)] if state.phase == PLACE and tile % 2 == 0 else []


@pytest.fixture
def eager() -> Iterator[None]:
    saved = ADVICE["dirk"]
    ADVICE["dirk"] = Eager()
    _COMPILED.clear()
    try:
        yield
    finally:
        ADVICE["dirk"] = saved
        _COMPILED.clear()


def test_rollouts_play_and_price_a_modules_moves_b_dirk_4(eager):
    """[B-DIRK-4] [B-TURN-6] a module's prices, turn moves and placement moves reach the quick policy: with the
    toy advice, its rollouts give every even-numbered bought tile to Dirk and lift a tile whenever one may be."""
    state = GameState.start(deal(2, 8), 8)
    rng = random.Random(1)
    gifts = lifts = 0
    while not state.is_over and state.turn < 40:
        legal = state.legal_actions()
        action = fast_action(state, rng, epsilon=0.0)
        assert action in legal
        liftable = state.phase == ACTION and any(isinstance(a, Lift) for a in legal)
        if state.phase == PLACE and state.held[0] % 2 == 0:
            assert isinstance(action, GiveToDirk), "the toy prices the gift above every placement"
            gifts += 1
        elif liftable:
            assert isinstance(action, Lift)
            lifts += 1
        state.apply(action)
    assert gifts and lifts
    assert Pricer(state).price(GiveToDirk(0)) == 100.0


def test_without_the_toy_dirk_is_not_in_the_rollouts_b_dirk_4():
    """[B-DIRK-4] the real advice leaves Dirk out of the rollouts (gifts are rare and priced apart by the search)."""
    state = GameState.start(deal(2, 8), 8)
    rng = random.Random(2)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    compiled = advice_for(state.rules)
    assert compiled.turn_moves == () and compiled.placement_moves == () and GiveToDirk not in compiled.prices
