"""What the engine says to a player is kept as a template and its arguments (issue 18).

A refusal is ``IllegalAction(rule, template, **arguments)`` and a move in a player's words is ``action.said()``
(``said_action`` names the tile a purchase buys): the client looks the template up in the player's language and
says each argument in it.  So every template must be one the catalogues' extractor finds (a literal at the call,
or marked with ``mark``), name exactly the arguments it is given, and read in English as the engine said it
before (records, logs and tests quote it); a move said to a player names no grid coordinates.
"""

from __future__ import annotations

import pickle
import re
from functools import cache

import pytest

from game.engine import Buy, GameState, IllegalAction, Place, deal, said_action
from game.engine.components import CHESTS, EXCHANGE_CARDS, FALCONS
from game.engine.messages import ENGLISH_WORDS, Message, fill
from game.engine.modules import ACTION_TYPES, MODULES, PLAYABLE
from game.i18n import words

from .refusals import GAMES, GOLDEN, all_refusals
from .said import check_message, extracted

COORDINATES = re.compile(r" (at|for corner) \(-?\d+, -?\d+\)")


@cache
def refusals() -> tuple[IllegalAction, ...]:
    """The refusals provoked (``refusals.py``), one of each English sentence."""
    return tuple({str(error): error for error in all_refusals()}.values())


# ---------------------------------------------------------------------------------------------- refusals
# slow: refusals() provokes every refusal over random play (a few seconds); the first test to ask pays for all


@pytest.mark.slow
def test_refusals_read_as_before() -> None:
    """The English of every refusal provoked over random play, legal and illegal moves of the base game and every
    module ([B-TURN-1] to [B-TURN-8], [B-PLACE-2] to [B-PLACE-6], [B-COMP-5], [B-DIRK-4], [B-DIRK-5], [B-END-2],
    [B-END-3], [M-EXCH-2], [M-EXCH-3], [M-HUT-2], [M-HUT-5], [M-BONUS-2], [M-VIZIER-2], [M-VIZIER-4], [M-CAMP-2],
    [M-BAZAAR-3], [M-FALCON-1] to [M-FALCON-3]), is what the engine said before its refusals kept their parts
    (``refusals.txt``; only the card ids a developer once read, "(card 17)", are gone)."""
    before = set(GOLDEN.read_text(encoding="utf-8").splitlines())
    now = {str(error) for error in refusals()}
    assert sorted(now - before) == [], "refusals said differently (python -m tests.engine.refusals rewrites the file)"
    assert sorted(before - now) == [], "refusals no longer provoked (python -m tests.engine.refusals rewrites the file)"


@pytest.mark.slow
def test_every_refusal_is_a_template_with_its_arguments() -> None:
    """Each refusal's template names exactly its arguments, the extractor finds it, its English is the template
    filled with the engine's words, and the client's words can say it."""
    assert len(refusals()) > 1000
    for error in refusals():
        check_message(error.template, error.arguments)
        assert error.reason == fill(error.template, error.arguments, ENGLISH_WORDS)
        assert str(error) == f"[{error.rule}] {error.reason}"
        assert error.message == error.reason and error.message.template == error.template
        assert words.refusal(error)


@pytest.mark.slow
def test_the_refusals_provoked_cover_the_engines_templates() -> None:
    """Random play provokes every refusal the engine can say (every template of an ``IllegalAction`` or marked in
    the engine): a new refusal must be provoked by ``refusals.py`` too, so that its English is kept."""
    raised = {error.template for error in refusals()}
    summaries = {module.summary for module in MODULES.values()}  # marked for the setup's list, not refusals
    unprovoked = extracted("game/engine", refusals_only=True) - raised - summaries
    assert not unprovoked, sorted(unprovoked)


@pytest.mark.slow
def test_refusals_pickle_with_their_parts() -> None:
    """A refusal crosses processes (a bot's answer) with its rule, template and arguments."""
    for error in refusals()[::97]:
        again = pickle.loads(pickle.dumps(error))
        assert (again.rule, again.template, again.arguments, str(again)) == (
            error.rule,
            error.template,
            error.arguments,
            str(error),
        )


def test_a_message_pickles_with_its_parts() -> None:
    """A Message (a bot's reason crosses processes) keeps its template and arguments, a message inside it too."""
    state = GameState.start(deal(3, 5), 5)
    buy = next(action for action in state.legal_actions() if isinstance(action, Buy))
    message = Message.of("{move}: {type} {have} -> {then}", move=said_action(state, buy), type=2, have=1, then=2)
    again = pickle.loads(pickle.dumps(message))
    assert again == message and again.template == message.template and dict(again.args) == dict(message.args)
    inner = again.args["move"]
    assert isinstance(inner, Message) and inner.template == "{move} for {tile}"
    assert isinstance(inner.args["move"], Message) and inner.args["move"].template.startswith("buy from slot")


# ---------------------------------------------------------------------------------------------- moves said

SAMPLE = {
    "cards": (0, 3),
    "paid": (0, 3),
    "exchange": (EXCHANGE_CARDS[0],),
    "card": 5,
    "tile": 10,
    "reserve_tile": 10,
    "alhambra_tile": 11,
    "falcon": FALCONS[0],
    "x": 37,
    "y": -41,
    "slot": 2,
    "room": 3,
    "piece": CHESTS[0],
    "took": 7,
    "other_piece": CHESTS[1],
    "sides": ("N",),  # [M-GATE-5] the sides of a placement's gates
}


@cache
def listed_actions() -> tuple[object, ...]:
    """Every move listed over random play of the games ``refusals`` plays (legal and optional), once each."""
    import random

    found: dict[object, None] = {}
    for players, seed, modules, decisions in GAMES:
        rng = random.Random(seed)
        state = GameState.start(deal(players, seed, modules), seed)
        for _ in range(min(decisions, 400)):
            if state.is_over:
                break
            legal = state.legal_actions() + state.optional_actions()
            found.update(dict.fromkeys(legal))
            state.apply(rng.choice(legal))
    return tuple(found)


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=lambda kind: kind.__name__)
def test_every_move_is_said_without_coordinates(kind: type) -> None:
    """Every action of the base game and every module has ``said()``: the move in a player's words, a template
    with its arguments, that reads as ``str(action)`` without its grid coordinates (players never see them)."""
    made = kind(*(SAMPLE[name] for name in kind._fields))
    listed = [action for action in listed_actions() if type(action) is kind]
    for action in [made, *listed[:50]]:
        said = action.said()
        assert isinstance(said, Message), kind
        check_message(said.template, dict(said.args))
        assert not {"x", "y"} & set(said.args), said.template
        assert said == COORDINATES.sub("", str(action)), (said, str(action))
        assert "37" not in said and "-41" not in said


def test_every_kind_of_move_comes_up_in_play() -> None:
    """The games played list every kind of action but the rare ones (a pass, [B-TURN-8]; a bazaar bought with an
    exchange card or by a vizier, [M-BAZAAR-3]), so that moves said are checked as the engine lists them too."""
    listed = {type(action) for action in listed_actions()}
    rare = {"Pass", "VizierBuyBazaar", "ExchangeBuyBazaar"}
    assert {kind.__name__ for kind in ACTION_TYPES if kind not in listed} <= rare


def test_a_purchase_said_names_its_tile() -> None:
    """[B-TURN-3] ``said_action`` names the tile a market purchase buys, as ``describe_action`` does; other moves
    are said as they are."""
    state = GameState.start(deal(3, 5, PLAYABLE), 5)
    for action in state.legal_actions():
        said = said_action(state, action)
        if isinstance(action, Buy):
            tile = state.in_slot(action.slot)
            assert said.template == "{move} for {tile}" and said.args["tile"] == tile
            assert said == f"{action.said()} for {ENGLISH_WORDS['tile'](tile)}"
        else:
            assert said == action.said() and said.template == action.said().template
    place = Place(10, 3, -2)
    assert said_action(state, place) == "place " + ENGLISH_WORDS["tile"](10)
