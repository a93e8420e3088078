"""A client module composes the roles it needs instead of overriding one base of every hook (``modules/base.py``).

Why: a module's client half used to subclass a ``ClientModule`` of some forty hooks and override a few; a reader
could not tell which jobs a module does without reading every hook, and the table asked which hooks a module's
class overrode to know whether it holds pieces.  Now a ``ClientModule`` is its name, its key at setup, its icons
and the roles it has (``Narration``, ``Scoring``, ``Holdings``, ``Moves``, ``Purchases``, ``Wares``,
``Placements``; its panel's class and its help page), each role a small class of one job.  Pinned here: every
registered module's roles are the role classes (and a role's hooks are that role's, so none is put on a role
that is never asked for it), no role grows past a dozen hooks, the compiled set answers the base game with
nothing for every hook, and it asks only the modules having a role.
"""

from __future__ import annotations

import inspect

import pytest

from game.client.help_blocks import HelpPage
from game.client.modules import (
    CLIENT_MODULES,
    ROLES,
    ClientModule,
    Compiled,
    Holdings,
    ModulePanel,
    Narration,
    Role,
    Scoring,
    modules_for,
)
from game.engine import Buy, Game, GameConfig, GameState, Seat
from game.engine.ruleset import Ruleset

MOST_HOOKS = 12

# What each module does, by role (its panel and help page apart): the shape this reshaping gave them.
EXPECTED = {
    "dirk": {"narration", "scoring", "moves"},
    "vizier": {"narration", "holdings", "moves", "purchases"},
    "exchange": {"narration", "holdings", "purchases"},
    "huts": {"narration", "scoring", "moves"},
    "bonus": {"narration", "scoring", "holdings", "moves"},
    "camps": {"scoring"},
    "bazaars": {"narration", "scoring", "moves", "wares"},
    "falcons": {"narration", "scoring", "moves", "placements"},
    "thieves": {"narration", "holdings", "moves"},
    "traders": {"narration", "scoring", "moves", "placements"},
    "change": {"narration"},
    "chests": {"narration", "scoring", "moves", "wares", "placements"},
    "gates": {"narration", "holdings", "moves", "placements"},
    "walls": {"narration", "moves", "placements"},
}


def hooks(cls: type) -> set[str]:
    """The public names a class defines itself (its hooks: methods and tables), not those it inherits."""
    return {name for name in vars(cls) if not name.startswith("_")}


def role_hooks(role_type: type[Role]) -> set[str]:
    """Every hook of a role (from the role class up to ``Role``)."""
    return {name for cls in role_type.__mro__ if issubclass(cls, Role) for name in hooks(cls)}


def base_state() -> GameState:
    seats = tuple(Seat(f"P{i}", "random") for i in range(3))
    return Game.new(GameConfig(seed=3, seats=seats)).state


# ---------------------------------------------------------------------- the registered modules
@pytest.mark.parametrize("name", list(CLIENT_MODULES))
def test_every_module_is_made_of_role_instances(name: str) -> None:
    module = CLIENT_MODULES[name]
    assert isinstance(module, ClientModule) and module.name == name
    for field, role_type in ROLES.items():
        role = getattr(module, field)
        assert role is None or isinstance(role, role_type), f"{name}.{field} is no {role_type.__name__}"
        if role is not None:
            stray = hooks(type(role)) - role_hooks(role_type)
            assert not stray, f"{name}.{field} defines {sorted(stray)}, which {role_type.__name__} never answers"
    assert set(module.roles()) == EXPECTED[name]
    assert module.panel is None or (inspect.isclass(module.panel) and issubclass(module.panel, ModulePanel))
    assert module.help_page is None or isinstance(module.help_page, HelpPage)


def test_the_roles_are_small() -> None:
    """One job each: no role has more than a dozen hooks, nor the module more than a dozen parts."""
    assert set(ROLES.values()) == set(Role.__subclasses__())
    sizes = {role_type.__name__: len(role_hooks(role_type)) for role_type in ROLES.values()}
    assert all(0 < size <= MOST_HOOKS for size in sizes.values()), sizes
    assert len(ClientModule.__dataclass_fields__) <= MOST_HOOKS


def test_a_role_answers_nothing_unless_its_module_says_more() -> None:
    """A role's default is the base game's answer, so a module writes only what its module does."""
    state = base_state()
    assert Narration().moved_items({"e": "buy"}) == [] and Narration().banner({}, ["A"], 0) is None
    assert Scoring().collectors == () and Scoring().scores(state) == {}
    assert Holdings().pieces(state, 0, 0) == [] and Holdings().hand_cards(state, 0) == []


# ---------------------------------------------------------------------- the compiled set
def say_nothing(compiled: Compiled, state: GameState) -> set[str]:
    """Ask every hook of ``compiled`` and check each answers nothing; the names asked."""
    action = Buy(0, ())
    answers = {
        "pieces": compiled.pieces(state, 0, 0),
        "hand_cards": compiled.hand_cards(state, 0),
        "prompt": compiled.prompt(state),
        "turn_options": compiled.turn_options(state),
        "title": compiled.title(state, None),
        "pays_with": compiled.pays_with(0),
        "payments": compiled.payments(state, 0, 0),
        "buy_action": compiled.buy_action(state, 0, (), None),
        "exact_only": compiled.exact_only(state),
        "item_slot": compiled.item_slot(state, 0),
        "item_payments": compiled.item_payments(state, 0, 0),
        "item_purchase": compiled.item_purchase(state, 0, (), None),
        "lot_payments": compiled.lot_payments(state, 0, 1),
        "lot_refusal": compiled.lot_refusal(state, 0, 1),
        "lot_purchase": compiled.lot_purchase(state, 1, ()),
        "lot_prompt": compiled.lot_prompt(state, 1, ()),
        "marks": compiled.marks(state, 0),
        "placeable": compiled.placeable(state, 0),
        "piece_cards": compiled.piece_cards(state, 0, 0),
        "spots": compiled.spots(state, 0, 0, 0),
        "picked_prompt": compiled.picked_prompt(state, 0, None),
        "unpickable": compiled.unpickable(state, 0, None),
        "preview": compiled.preview(state, action),
        "previews": compiled.previews(state, action),
        "overlays": compiled.overlays(state, 0),
        "card_use": compiled.card_use(state, 0, 0),
        "card_prompt": compiled.card_prompt(state, 0),
        "describe": compiled.describe(state, action),
        "offer_move": compiled.offer_move(state, state.offer[0]),
        "cell_moves": compiled.cell_moves(state, 0),
        "setup_choices": compiled.setup_choices(state),
        "count_shares": compiled.count_shares(state, 0),
        "score_lines": compiled.score_lines(state, {"e": "score", "round": 1, "points": []}),
        "scores": compiled.scores(state),
        "event_scores": compiled.event_scores({"e": "score"}),
        "sheet_columns": compiled.sheet_columns(state, {"e": "score"}, []),
        "standings": compiled.standings(state),
        "panels": compiled.panels(),
        "item_positions": compiled.item_positions(state, {}),
        "collectors": compiled.collectors,
        "destinations": compiled.destinations,
        "commands": compiled.commands,
        "pickers": compiled.pickers,
        "lot_pickers": compiled.lot_pickers,
        "picks": compiled.picks,
        "holds_pieces": compiled.holds_pieces,
    }
    assert {name: answer for name, answer in answers.items() if answer} == {}
    return set(answers)


def test_the_base_game_compiles_to_nothing_for_every_hook() -> None:
    """No modules: every hook answers empty, None or False, so the table and the sheet draw the base game."""
    state = base_state()
    compiled = modules_for(state.rules)
    assert compiled.modules == ()
    asked = say_nothing(compiled, state)
    public = {name for name in vars(Compiled) if not name.startswith("_")} | {
        name for name in vars(compiled) if not name.startswith("_")
    }
    assert public - {"modules"} == asked, "a new hook of the compiled set is asked here too"


class Cards(Holdings):
    """A module's cards kept beside the money: the seat's number, to be told apart."""

    def hand_cards(self, state: GameState, seat: int) -> list[int]:
        return [100 + seat]


class Shares(Scoring):
    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        return [("+{n} test", [player])]


def test_a_module_without_a_role_is_skipped() -> None:
    """The compiled set asks each hook of the modules having its role only: a module lacking it (None) is never
    asked, and a module of no role at all compiles to nothing."""
    state = base_state()
    bare = ClientModule(name="bare")
    talker = ClientModule(name="talker", narration=Narration())
    holder = ClientModule(name="holder", holdings=Cards(), scoring=Shares())
    say_nothing(Compiled((bare, talker)), state)
    both = Compiled((bare, talker, holder))
    assert both.hand_cards(state, 2) == [102] and both.pieces(state, 2, 2) == []
    assert both.count_shares(state, 1) == [("+{n} test", [1])] and both.score_lines(state, {}) == []
    assert both.holds_pieces and not Compiled((talker,)).holds_pieces
    assert both.prompt(state) is None and both.payments(state, 0, 0) == [] and both.panels() == {}


@pytest.mark.parametrize("name", [name for name in CLIENT_MODULES if name != "dirk"])
def test_a_module_holds_pieces_where_it_has_holdings(name: str) -> None:
    """The opponents' panels make room beside the reserves for what a seat holds of a module (a vizier token,
    bonus cards, exchange cards): asked as "does any module that plays have holdings?"."""
    compiled = modules_for(Ruleset.of(3, (name,)))
    assert compiled.holds_pieces == (name in ("vizier", "exchange", "bonus", "thieves", "gates"))
