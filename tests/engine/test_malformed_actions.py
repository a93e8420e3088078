"""Malformed actions from outside (the client, a record, the command line, a bot's answer) are refused cleanly.

Whatever a caller builds — a number where a tuple of cards belongs, a tuple where an id belongs,
``True`` for a slot, a float, a string, an id far below or above the tables, an action with the
wrong number of fields, something that is no action at all — ``GameState.apply`` raises
``IllegalAction`` whose message starts with the id of a rule of RULES.md, describes the object as it
was given, and leaves the state and its log exactly as they were.  Hypothesis builds such actions
from random positions of random games.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Buy, EndTurn, FromReserve, IllegalAction, Lift, Pass, Place, Reserve, Swap, Take
from game.engine.components import CARD_COUNT, TILE_COUNT
from game.engine.knowledge import state_key
from game.engine.modules import ACTION_TYPES
from game.engine.modules.dirk import GiveToDirk
from game.engine.state import GameState

from .helpers import new_game, new_state, play, random_policy

RULES = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
RULE_MESSAGE = re.compile(r"^\[([BDM]-[A-Z]+-\d+)\] \S")
# the rules an action's shape can break: its own rule, the market's slots, the Alhambra's reach, "not an action"
SHAPE_RULES = {"B-TURN-1", "B-TURN-2", "B-TURN-3", "B-TURN-4", "B-TURN-6", "B-TURN-7", "B-TURN-8", "B-DIRK-4"}
SHAPE_RULES |= {"B-COMP-5", "B-PLACE-2"}

HUGE = 10**5000  # its repr alone raises ValueError (Python's limit on int-to-text conversion)
BAD_SCALARS: tuple[Any, ...] = (
    True,
    False,
    None,
    1.0,
    float("nan"),
    "3",
    b"3",
    -1,
    -1000,
    10**30,
    -(10**30),
    HUGE,
    (),
    (5,),
    [5],
    {5},
    {"id": 5},
    ((5,),),
)
BAD_CARD_TUPLES: tuple[Any, ...] = (
    3,
    -1,
    True,
    None,
    "3",
    [3],
    (True,),
    (1.0,),
    ("3",),
    (None,),
    (-1,),
    (-1000,),
    (CARD_COUNT,),
    (10**30,),
    (HUGE,),
    ((3,),),
    (3, [4]),
    tuple(range(40)),
)


def any_value() -> st.SearchStrategy[Any]:
    """Values of every kind a caller might put in an action's field."""
    return st.one_of(
        st.sampled_from(BAD_SCALARS + BAD_CARD_TUPLES),
        st.integers(),
        st.floats(allow_nan=True),
        st.text(max_size=5),
        st.booleans(),
        st.none(),
        st.tuples(st.integers()),
        st.lists(st.integers(), max_size=3).map(tuple),
        st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2).map(tuple), max_leaves=4),
    )


def well_formed(action: Any) -> bool:
    """Whether ``action`` is of the right shape after all (hypothesis sometimes draws one): then it may be legal."""
    if type(action) not in ACTION_TYPES or len(action) != len(type(action)._fields):
        return False
    for name, value in zip(type(action)._fields, action, strict=True):
        if name in ("cards", "paid"):
            if type(value) is not tuple or not all(type(v) is int and 0 <= v < CARD_COUNT for v in value):
                return False
        elif name in ("tile", "reserve_tile", "alhambra_tile"):
            if type(value) is not int or not 0 <= value < TILE_COUNT:
                return False
        elif type(value) is not int:
            return False
    return True


def assert_refused(state: GameState, action: Any) -> IllegalAction:
    """The contract: IllegalAction naming a rule of the rule book, a one-line message, nothing changed."""
    before = state_key(state)
    log = list(state.log or [])
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    found = RULE_MESSAGE.match(message)
    assert found and found.group(1) == info.value.rule, message
    assert "\n" not in message and len(message) < 300, message
    assert state_key(state) == before and (state.log or []) == log
    assert not state.is_legal(action)
    return info.value


def random_position(players: int, seed: int, steps: int) -> GameState:
    game = new_game(players, seed)
    play(game.state, random_policy(random.Random(seed)), steps=steps)
    return game.state


def malformed(action_type: type, fields: list[Any]) -> Any:
    """An action of ``action_type`` holding ``fields`` as given, whatever they are (as a caller could build it)."""
    return tuple.__new__(action_type, fields)


@settings(deadline=None, database=None, max_examples=120)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**16),
    steps=st.integers(min_value=0, max_value=300),
    data=st.data(),
)
def test_malformed_actions_of_every_kind_are_refused_b_turn_1(players, seed, steps, data):
    """[B-TURN-1] [B-TURN-2] [B-TURN-3] [B-TURN-6] [B-TURN-7] [B-COMP-5] [B-PLACE-2] from a random position,
    an action of any kind with one field replaced by a value of the wrong type or range is refused with
    IllegalAction naming a rule, and changes nothing."""
    state = random_position(players, seed, steps)
    if state.is_over:
        return
    legal = state.legal_actions()
    base = data.draw(st.sampled_from([*legal, Take((0,)), Buy(1, (0,)), Place(0, 1, 0), Swap(0, 1), Lift(3)]))
    kind = type(base)
    if not kind._fields:
        return
    fields = list(base)
    index = data.draw(st.integers(min_value=0, max_value=len(fields) - 1))
    fields[index] = data.draw(any_value())
    action = malformed(kind, fields)
    if well_formed(action):
        return  # a well-formed action: the rules decide (the property tests cover those)
    error = assert_refused(state, action)
    assert error.rule in SHAPE_RULES


@settings(deadline=None, database=None, max_examples=40)
@given(seed=st.integers(min_value=0, max_value=2**16), steps=st.integers(min_value=0, max_value=200), data=st.data())
def test_actions_with_the_wrong_number_of_fields_or_of_no_kind_are_refused_b_turn_1(seed, steps, data):
    """[B-TURN-1] tuples posing as actions with too few or too many fields, and objects that are no action
    (plain tuples, strings, None, numbers, the action classes themselves) are refused, nothing changed."""
    state = random_position(3, seed, steps)
    if state.is_over:
        return
    kind = data.draw(st.sampled_from(ACTION_TYPES))
    count = data.draw(st.integers(min_value=0, max_value=5).filter(lambda n: n != len(kind._fields)))
    assert_refused(state, malformed(kind, [1] * count))
    stranger = data.draw(st.sampled_from([None, 3, "take", ("take", (1,)), (1, 2), Take, [], {}, object()]))
    assert assert_refused(state, stranger).rule == "B-TURN-1"


@pytest.mark.parametrize(
    ("action", "rule", "shown"),
    [
        (Take(3), "B-TURN-2", "3"),  # an int where a tuple belongs
        (Take((-1,)), "B-TURN-2", "card -1"),  # described as given, not as 'ducat 0'
        (Take((-1000,)), "B-TURN-2", "card -1000"),
        (Take((HUGE,)), "B-TURN-2", "card"),
        (Take([1, 2]), "B-TURN-2", "[1, 2]"),
        (Take((True,)), "B-TURN-2", "(True,)"),
        (Buy(1, 7), "B-TURN-3", "7"),
        (Buy(True, (0,)), "B-COMP-5", "True"),
        (Buy(1.0, (0,)), "B-COMP-5", "1.0"),
        (Buy(9, (0,)), "B-COMP-5", "9"),
        (Lift((5,)), "B-TURN-6", "(5,)"),  # a tuple where an int belongs
        (Lift(-1000), "B-TURN-6", "tile -1000"),
        (Place(0, (1,), 0), "B-PLACE-2", "(1,)"),
        (Place(-1000, 1, 0), "B-TURN-7", "tile -1000"),
        (Place(0, 10**9, 0), "B-PLACE-2", "1000000000"),
        (Place(0, HUGE, 0), "B-PLACE-2", "nowhere near"),
        (FromReserve(0, 1, 2.5), "B-PLACE-2", "2.5"),
        (Reserve("5"), "B-TURN-7", "'5'"),
        (GiveToDirk(None), "B-DIRK-4", "None"),
        (Swap(TILE_COUNT, 0), "B-TURN-6", f"tile {TILE_COUNT}"),
    ],
)
def test_the_malformed_actions_found_by_hand_are_refused_and_described_as_given_b_turn_1(action, rule, shown):
    """[B-TURN-1] the cases a tester found crashing with TypeError or IndexError, or refused with a message
    about another object: each is refused with the rule of the move it poses as, showing what was given."""
    state = new_state(3, 5)
    error = assert_refused(state, action)
    assert error.rule == rule and shown in str(error), str(error)
    if isinstance(action, Take) and action == Take((-1,)):
        assert "ducat" not in str(error)


class _Unshowable:
    """An object from outside whose description itself fails, with any exception at all."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __repr__(self) -> str:
        raise self.error("no repr for you")


class _NotText:
    def __repr__(self) -> Any:
        return 5  # repr() itself refuses a __repr__ that returns no str


@pytest.mark.parametrize("error", [TypeError, KeyError, AttributeError, RuntimeError, ZeroDivisionError, OSError])
def test_a_field_that_cannot_be_described_is_still_refused_as_illegal_b_turn_2(error):
    """[B-TURN-2] [B-TURN-1] a field whose ``repr`` raises (``Take((W(),))``) ends as IllegalAction naming the rule,
    not as the exception of its ``repr``, and nothing changes."""
    for action in (Take((_Unshowable(error),)), Take(_Unshowable(error)), Reserve(_Unshowable(error))):
        state = new_state(3, 5)
        caught = assert_refused(state, action)
        assert "cannot be shown" in str(caught), str(caught)
    state = new_state(3, 5)
    assert "cannot be shown" in str(assert_refused(state, Take((_NotText(),))))
    assert "not an Alhambra action" in str(assert_refused(state, _Unshowable(error)))


def test_well_formed_actions_are_still_judged_by_the_rules_b_turn_4():
    """[B-TURN-4] [B-TURN-8] the shape check lets every well-formed action through to the rules: the legal
    ones apply, EndTurn and Pass are refused by their own rules where they do not apply."""
    state = new_state(4, 9)
    assert assert_refused(state, EndTurn()).rule == "B-TURN-4"
    assert assert_refused(state, Pass()).rule == "B-TURN-8"
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)


def test_every_rule_a_refusal_names_is_in_the_rule_book_b_turn_1():
    """[B-TURN-1] the rule ids the shape check names exist in RULES.md (skipped without the rule book)."""
    if not RULES.exists():
        pytest.skip("RULES.md is not beside this checkout")
    ids = set(re.findall(r"\[([BDM]-[A-Z]+-\d+)\]", RULES.read_text(encoding="utf-8")))
    assert ids >= SHAPE_RULES
    assert {kind.rule for kind in ACTION_TYPES} <= ids


def test_every_field_of_every_action_has_a_shape_check_b_turn_1():
    """[B-TURN-1] the shape check knows every field of every action, the modules' included: a module adding an
    action with a field of a new name must say how that field is checked."""
    from game.engine.validation import _FIELD_CHECKS

    for kind in ACTION_TYPES:
        assert set(kind._fields) <= set(_FIELD_CHECKS), kind.__name__
