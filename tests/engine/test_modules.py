"""Rule modules on one set of hooks (``game/engine/modules``, ``game/engine/ruleset.py``).

Dirk ([B-DIRK-1] to [B-DIRK-4]) is the first module; a toy module defined here exercises every
hook a module may use, in whole random games, so that the hooks are known to be called at the
right moments, cloned with the state and compared in its knowledge.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.engine import Reserve
from game.engine.components import BUILDING_TYPES, SCORING_CARDS
from game.engine.knowledge import state_key
from game.engine.modules import MODULES, Dirk, Module, Part, dirk
from game.engine.modules.base import overrides
from game.engine.modules.dirk import GiveToDirk
from game.engine.ruleset import Ruleset
from game.engine.setup import deal
from game.engine.state import GameState, IllegalAction

from .helpers import check_conservation, events_named, play, random_policy, stack_deck


def test_the_base_game_compiles_to_empty_hooks_b_turn_1():
    """[B-TURN-1] with three to six players and no module chosen, every hook tuple is empty: the base
    game never calls a module."""
    for players in range(3, 7):
        rules = Ruleset.of(players)
        assert rules.modules == () and rules.names == ()
        for hooks in (rules.starts, rules.money_cards, rules.placement_moves, rules.collectors):
            assert hooks == ()
        assert rules.after_scoring == rules.score_fields == rules.result_fields == ()
        assert Ruleset.of(players) is rules, "one ruleset per combination, shared by every game and copy"


def test_dirk_is_the_module_of_the_two_player_game_b_dirk_1():
    """[B-DIRK-1] Dirk plays exactly when two players do; his hooks are compiled, and only those he overrides."""
    rules = Ruleset.of(2)
    assert rules.names == ("dirk",) and isinstance(rules.modules[0], Dirk)
    assert len(rules.money_cards) == len(rules.placement_moves) == len(rules.after_scoring) == 1
    assert [module.name for module in rules.collectors] == ["dirk"]
    assert rules.handlers[GiveToDirk][0] is not Ruleset.of(3).handlers[GiveToDirk][0]
    assert overrides(Dirk(), "after_scoring") and not overrides(Module.__new__(Module), "after_scoring")


def test_a_module_action_is_refused_where_its_module_does_not_play_b_dirk_4():
    """[B-DIRK-4] giving a tile to Dirk in a three-player game is refused by Dirk's rule, not as a foreign object."""
    state = GameState.start(deal(3, 4), 4, log=[])
    with pytest.raises(IllegalAction) as info:
        state.apply(GiveToDirk(state.market[0]))
    assert info.value.rule == "B-DIRK-4" and "two-player" in str(info.value)


def test_unknown_modules_are_refused():
    """A module name the engine does not know is refused when the ruleset is built, listing the known ones."""
    with pytest.raises(ValueError, match="unknown modules"):
        Ruleset.of(3, ("pirates",))


def test_dirk_part_is_cloned_and_compared_b_dirk_2():
    """[B-DIRK-2] [D-HIDDEN-1] Dirk's tiles and score live in his part of the state: a clone copies it (changing
    the copy leaves the original alone) and the knowledge key compares it."""
    state = GameState.start(deal(2, 9), 9)
    copy = state.clone()
    dirk.of(copy).tiles.append(dirk.of(copy).tiles.pop(0))
    dirk.of(copy).score = 7
    assert dirk.of(state).score == 0 and dirk.of(state).tiles != dirk.of(copy).tiles
    assert state_key(state) != state_key(copy)
    assert dirk.of(GameState.start(deal(3, 9), 9)) is None


# ---------------------------------------------------------------- every hook, with a toy module
class TallyPart(Part):
    """How often each hook was called: copied with the state like any module's part."""

    __slots__ = ("calls",)

    def __init__(self, calls: dict[str, int]) -> None:
        self.calls = calls

    def copy(self) -> TallyPart:
        return TallyPart(dict(self.calls))

    def key(self) -> tuple:
        return tuple(sorted(self.calls.items()))


class Patron(Module):
    """A toy module: a patron who collects one tower and is credited what it earns; counts every hook."""

    name = "patron"

    def start(self, state: GameState, dealt: Any) -> TallyPart:
        return TallyPart({"start": 1})

    def _count(self, state: GameState, hook: str) -> None:
        calls = state.parts[self.name].calls  # type: ignore[attr-defined]
        calls[hook] = calls.get(hook, 0) + 1

    def placement_moves(self, state: GameState, tile: int) -> tuple:
        self._count(state, "placement_moves")
        return ()

    def collectors(self, state: GameState) -> list[list[int]]:
        self._count(state, "collectors")
        return [[0, 0, 0, 0, 0, 1]]

    def award(self, state: GameState, collector: int, kind: int, points: int) -> dict:
        self._count(state, "award")
        return {"player": self.name, "what": BUILDING_TYPES[kind], "points": points}

    def after_scoring(self, state: GameState, round_number: int) -> None:
        self._count(state, f"after_scoring {round_number}")

    def score_fields(self, state: GameState) -> dict[str, Any]:
        return {"patron_calls": state.parts[self.name].calls.get("collectors", 0)}  # type: ignore[attr-defined]

    def result_fields(self, state: GameState) -> dict[str, Any]:
        return {"patron": True}


@pytest.fixture
def with_patron() -> Iterator[None]:
    MODULES[Patron.name] = Patron
    Ruleset.of.cache_clear()
    try:
        yield
    finally:
        del MODULES[Patron.name]
        Ruleset.of.cache_clear()


@pytest.mark.parametrize("players", [2, 4])
def test_every_hook_is_called_at_its_moment_b_score_1(with_patron, players):
    """[B-SCORE-1] [B-DIRK-3] a module chosen at setup gets its part at the start, is asked for placement moves
    for every waiting tile, adds a collector to every scoring (ranked with the players and Dirk, credited
    through ``award``), hears of every scoring after it, and adds its fields to score events; with two
    players it plays beside Dirk."""
    state = GameState.start(deal(players, 21, ("patron",)), 21, log=[])
    assert state.rules.names == (("dirk", "patron") if players == 2 else ("patron",))
    play(state, random_policy(random.Random(players)), check=check_conservation)
    calls = state.parts["patron"].calls
    assert calls["start"] == 1 and calls["placement_moves"] > 0
    assert calls["collectors"] == 3 and all(calls[f"after_scoring {r}"] == 1 for r in (1, 2))
    scores = events_named(state.log, "score")
    assert [event["patron_calls"] for event in scores] == [1, 2, 3]
    patron_awards = [a for event in scores for a in event["points"] if a["player"] == "patron"]
    assert calls.get("award", 0) == len(patron_awards)
    if players == 2:
        assert all("dirk_total" in event for event in scores)


def test_a_module_part_is_cloned_and_in_the_knowledge_key(with_patron):
    """[D-HIDDEN-1] a module's part goes with every clone and determinization and counts in the knowledge key."""
    state = GameState.start(deal(3, 5, ("patron",)), 5)
    stack_deck(state, [SCORING_CARDS[0]])
    copy = state.clone()
    copy.parts["patron"].calls["start"] = 99
    assert state.parts["patron"].calls["start"] == 1
    assert state_key(copy) != state_key(state)
    sample = state.determinize(0, random.Random(3))
    assert sample.parts["patron"].key() == state.parts["patron"].key()


def test_a_module_may_offer_placement_moves_b_turn_7(with_patron):
    """[B-TURN-7] placement moves come from the base game (cells, reserve) and from every module that adds
    some: with Dirk, each bought tile may also go to him ([B-DIRK-4])."""
    state = GameState.start(deal(2, 13, ("patron",)), 13)
    while not state.held or state.phase == "action":
        state.apply(random.Random(len(state.held)).choice(state.legal_actions()))
    tile = state.held[0]
    moves = state.legal_actions()
    assert Reserve(tile) in moves and GiveToDirk(tile) in moves


@pytest.mark.parametrize("players", [2, 3])
def test_a_state_pickles_with_its_ruleset_d_hidden_1(players):
    """[D-HIDDEN-1] bots decide in another process from a pickled ``Knowledge``: the state pickles with its
    module parts, unpickles to the very ruleset it was built with (one per combination), and plays on."""
    state = GameState.start(deal(players, 31), 31, log=[])
    play(state, random_policy(random.Random(1)), steps=40)
    knowledge = state.knowledge(state.decider)
    copy = pickle.loads(pickle.dumps(knowledge))
    assert copy == knowledge and copy.state.rules is state.rules
    sample = copy.determinize(random.Random(2))
    play(sample, random_policy(random.Random(3)), steps=60, check=check_conservation)
