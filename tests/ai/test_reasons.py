"""The bots' reasons are said in the player's language (issue 18): each is a ``Message``, a template and its
arguments, whose move is the move in a player's words (``said_action``: no grid coordinates).

Greedy explains every legal move of positions from random games of the base game and with every module; the
search and the random player explain their decisions.
"""

from __future__ import annotations

import pickle
import random

import pytest

from ai import make_agent
from ai.greedy import lookahead_copy
from ai.mcts import Budget, MctsAgent
from ai.random_agent import pick_random
from game.engine import GameState, deal, said_action
from game.engine.messages import Message
from game.engine.modules import PLAYABLE
from tests.engine.said import check_message


def positions(players: int, seed: int, modules: tuple[str, ...], every: int = 7) -> list[GameState]:
    """Positions along a random game, every ``every`` decisions."""
    state = GameState.start(deal(players, seed, modules), seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while not state.is_over:
        if step % every == 0:
            found.append(state.clone())
        state.apply(pick_random(state.legal_actions(), rng))
        step += 1
    return found


def check_reason(state: GameState, action: object, reason: str) -> None:
    """A reason is a Message that the client can say; one that starts with the move has the move as ``said_action``
    says it, so without coordinates."""
    assert isinstance(reason, Message), reason
    check_message(reason.template, dict(reason.args))
    assert "\n" not in reason and " at (" not in reason and "corner (" not in reason, reason
    if reason.template.startswith("{move}"):
        move = reason.args["move"]
        expected = said_action(state, action)  # type: ignore[arg-type]
        assert isinstance(move, Message) and (move, move.template, move.args) == (
            expected,
            expected.template,
            expected.args,
        )


@pytest.mark.parametrize(
    ("players", "seed", "modules"), [(2, 11, ()), (3, 12, ()), (3, 13, PLAYABLE), (2, 14, PLAYABLE), (4, 15, PLAYABLE)]
)
def test_greedy_explains_every_move_with_a_message(players: int, seed: int, modules: tuple[str, ...]) -> None:
    """Greedy's hint on any legal move (base game and every module: [M-HUT-2], [M-EXCH-3], [M-VIZIER-2],
    [M-VIZIER-4], [M-CAMP-1], [M-BAZAAR-3], [M-FALCON-2] among them) is a Message with the move said first."""
    greedy = make_agent("greedy")
    templates = set()
    for state in positions(players, seed, modules):
        me = state.decider
        look = lookahead_copy(state)
        for action in state.legal_actions()[:40]:
            reason = greedy.reason(look, action, me, 0.5)  # type: ignore[attr-defined]
            check_reason(look, action, reason)
            templates.add(reason.template)
    assert len(templates) >= 5


def test_the_search_and_the_random_player_explain_with_messages() -> None:
    """The search's reason names its move, how many it compared and its chance; the random player says it picked
    at random; both are Messages, which cross processes (pickled) with their parts."""
    state = positions(3, 21, PLAYABLE)[5]
    legal = state.legal_actions()
    assert len(legal) > 1
    for agent in (MctsAgent(Budget(iterations=30), seed=1), make_agent("random")):
        decision = agent.decide(state.knowledge(state.decider), legal)
        check_reason(state, decision.action, decision.reason)
        again = pickle.loads(pickle.dumps(decision.reason))
        assert again == decision.reason and again.template == decision.reason.template  # type: ignore[attr-defined]
