"""The log, the rule modules' words and the score sheet in the player's language (issue 18).

A fake catalogue stands in for a language: it wraps every message in «» and turns each of its letters into
"x", its placeholders kept.  Said through it, a sentence has no letter left but the x's and the players'
names (Greek here): a word that did not go through the catalogue shows as English letters.  Every event
kind of whole recorded games with every rule module is said that way, and so is every module hook that
returns words (labels, tooltips, prompts, titles, tips, the score sheet).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from marking import MarkingCatalogue

from ai import make_agent
from game import i18n
from game.client import modules as client_modules
from game.client.log_line import LogLine
from game.client.modules import CLIENT_MODULES, collector_name, modules_for
from game.client.narrate import SAYINGS, narrate
from game.client.plain import placed, where
from game.client.score_sheet import Row, sheet_for
from game.client.views.log import LogView
from game.engine import Game, GameConfig, Place, Seat
from game.engine import events as record_events
from game.engine.components import GATE_CARDS
from game.engine.messages import Message

# every module the client knows (offered at setup or not yet), and Dirk with two players
EVERY_MODULE = tuple(name for name in CLIENT_MODULES if name != "dirk")
NAMES = ["Ψα", "Ψβ", "Ψγ"]  # no Latin letter: whatever Latin letter is left was not translated


def marked(message: str) -> str:
    """A message "in another language": wrapped in «», its letters x'd, its placeholders kept."""
    parts = re.split(r"(\{\w*\})", message)
    return "«" + "".join(p if p.startswith("{") else re.sub(r"[A-Za-z]", "x", p) for p in parts) + "»"


class Marked(MarkingCatalogue):
    def said(self, context: str | None, message: str, form: str) -> str:
        return marked(form)


@pytest.fixture
def fake_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fake catalogue as the current language (a new generation, as ``set_language`` makes one)."""
    monkeypatch.setattr(i18n, "_catalogue", Marked())
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    yield


# The keys the modules' words name ("buy a bazaar (A)"): keys keep their names in every language.
KEYS = {
    key
    for module in CLIENT_MODULES.values()
    for key in (
        *(c.hotkey for c in (module.moves.commands if module.moves else ())),
        *(d.hotkey for d in (module.moves.destinations if module.moves else ())),
        *((module.placements.pick.hotkey,) if module.placements and module.placements.pick else ()),
        *((module.wares.picker.hotkey,) if module.wares and module.wares.picker else ()),
        *((module.wares.lot_picker.hotkey,) if module.wares and module.wares.lot_picker else ()),
    )
}


def leaks(text: str) -> list[str]:
    """Words of Latin letters not from the catalogue (an x) in ``text``, but for the keys' names."""
    return [word for word in re.findall(r"[A-Za-z]+", text) if re.search(r"[A-WYZa-wyz]", word) and word not in KEYS]


def played(players: int, seed: int, modules: tuple[str, ...] = EVERY_MODULE) -> Game:
    seats = tuple(Seat(f"P{i}", "random") for i in range(players))
    game = Game.new(GameConfig(seed=seed, seats=seats, modules=modules))
    agent = make_agent("random", seed)
    while not game.state.is_over:
        state = game.state
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    return game


GAMES = ((2, 1), (3, 2), (2, 3), (3, 4))
RARE = [  # seldom in random play
    {"e": record_events.PASS, "player": 1},
    {"e": record_events.PASS, "player": 0},
    {"e": "gate_discard", "card": GATE_CARDS[-1]},  # [M-GATE-3] a second gate card drawn while one lies out
]


def every_event() -> list[list[dict]]:
    return [played(players, seed).events for players, seed in GAMES] + [RARE]


def test_every_event_kind_of_recorded_games_is_said() -> None:
    """(a) each event kind a saying knows occurs in the games (or the rare ones added) and says a sentence, for
    the player addressed and for someone watching."""
    games = every_event()
    seen = {event["e"] for events in games for event in events}
    assert set(SAYINGS) <= seen, set(SAYINGS) - seen
    for events in games:
        for you in (0, None):
            lines = narrate(events, NAMES, you)
            assert lines and all(isinstance(line, LogLine) and isinstance(line.text, str) for line in lines)
            assert all(line.text.strip() for line in lines)
            assert not any("{" in line.text or "}" in line.text for line in lines), "every placeholder filled"


def test_the_log_in_another_language_has_no_english_left(fake_language: None) -> None:
    """(b) every line is a translated whole sentence (it starts and ends the catalogue's way) and no word of it
    escaped the catalogue: only names and translated templates."""
    for events in every_event():
        for you in (0, None):
            for line in narrate(events, NAMES, you):
                assert line.text.startswith("«") and line.text.endswith("»"), line.text
                assert not leaks(line.text), (line.text, leaks(line.text))


def test_the_language_of_the_moment_says_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Narrated again after a change of language, the same events read differently: the log view follows at its
    next frame (it narrates again when ``i18n.generation`` moves)."""
    events = played(2, 1).events
    english = [line.text for line in narrate(events, NAMES, 0)]
    view = LogView()
    view.sync(events, NAMES, 0)
    assert [line.text for line in view.lines] == english
    monkeypatch.setattr(i18n, "_catalogue", Marked())
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    other = [line.text for line in narrate(events, NAMES, 0)]
    assert len(other) == len(english) and all(a != b for a, b in zip(english, other, strict=True))
    view.follow_language()
    assert [line.text for line in view.lines] == other
    assert [line.seat for line in view.lines] == [line.seat for line in narrate(events, NAMES, 0)]


def module_words(game_modules: tuple[str, ...], players: int, seed: int) -> Iterator[str]:
    """Every string the module hooks give, at every decision of a random game with ``game_modules``, then the
    sheets of its scorings."""
    seats = tuple(Seat(f"P{i}", "random") for i in range(players))
    game = Game.new(GameConfig(seed=seed, seats=seats, modules=game_modules))
    agent = make_agent("random", seed)
    compiled = modules_for(game.state.rules)
    for command in compiled.commands:
        yield from (command.label, command.tooltip, command.shortcut)
    for place in compiled.destinations:
        yield from (place.label, place.tooltip, place.shortcut)
    for _module, pick in compiled.picks:
        yield from (pick.label, pick.tooltip, pick.shortcut)
    for _module, picker in compiled.pickers:
        yield picker.shortcut
    for collector in compiled.collectors:
        yield from (collector.name, collector.standing, collector.role, collector_name(collector.key, NAMES))
    steps = 0
    while not game.state.is_over:
        state = game.state
        me = state.decider
        for seat in range(players):
            for piece in compiled.pieces(state, seat, me):
                yield piece.tip
                yield piece.mark
            yield from (mark.tip for mark in compiled.marks(state, seat))
        yield from compiled.turn_options(state)
        yield from (text for text in (compiled.prompt(state), compiled.title(state, None)) if text)
        yield from (text for text in (compiled.title(state, NAMES[me]),) if text)
        legal = state.legal_actions()
        for action in legal[:12]:
            said = compiled.describe(state, action)
            if said is not None:
                yield said
            mark = compiled.preview(state, action)
            if mark is not None:
                yield mark.tip
        for piece in compiled.placeable(state, me)[:2]:
            cards = compiled.piece_cards(state, me, piece)
            for card in [*cards[:1], None]:
                said = compiled.picked_prompt(state, piece, card)
                if said is not None:
                    yield said
        before = len(game.events)
        game.apply(agent.choose(state.knowledge(me), legal))
        new = game.events[before:]
        for i, event in enumerate(new):
            banner = client_modules.banner(event, NAMES, 0)
            if banner:
                yield banner
            if event["e"] == record_events.SCORE:
                sheet = sheet_for(game.state, event, new[i + 1 :])
                for row in sheet.rows:
                    yield row.title
                    yield from (*row.ranks, *row.shares, *row.notes, *row.tips, row.label, row.legend)
        steps += 1
    assert steps


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (2, 3)])
def test_every_module_word_goes_through_the_catalogue(fake_language: None, players: int, seed: int) -> None:
    """(b) labels, tooltips, shortcuts, collectors' names, prompts, titles, moves, pieces' and marks' tips, banners
    and the score sheet's rows: no English left."""
    found = 0
    for text in module_words(EVERY_MODULE, players, seed):
        assert isinstance(text, str)
        assert not leaks(text), (text, leaks(text))
        found += bool(text)
    assert found > 100


def test_the_module_words_are_english_in_english() -> None:
    """The same hooks in the source language: English words, the sheet's rows named as before."""
    words = [text for text in module_words(EVERY_MODULE, 2, 1) if text]
    assert "Give to Dirk" in words and "Dirk (cannot win)" in words and "Wake vizier" in words
    assert any(text.endswith(" falcons") for text in words)
    assert Row("pavilion", (1,), ("1st",), (1,)).title == "Pavilion"
    assert Row("wall", (1,), ("",), (0,)).title == "Longest wall"


def test_labels_translate_themselves(fake_language: None) -> None:
    """A module's button keeps its English source and says its label in the current language when read."""
    wake = CLIENT_MODULES["vizier"].moves.commands[0]  # type: ignore[union-attr]
    assert wake.label_source == "Wake vizier" and wake.label == marked("Wake vizier")
    assert client_modules.SHORTCUTS and all(not leaks(i18n._(said)) for _key, said in client_modules.SHORTCUTS)
    assert collector_name("dirk", NAMES) == marked("Dirk")


def test_a_placement_is_said_in_the_language_of_the_table(fake_language: None) -> None:
    """``where`` and ``placed`` say the neighbour in the current language, for an engine ``Message`` too."""
    from game.engine.alhambra import cell_at
    from tests.engine.helpers import new_state, set_grid

    state = new_state(players=2)
    grid = set_grid(state, 0, {(1, 0): "NE"})
    assert grid[cell_at(1, 0)] is not None
    for said in (where(state, 0, 0, -1), where(state, 0, 2, 0)):
        assert said.startswith("«") and not leaks(said), said
    move = Message.of("put {tile}", tile=45)
    said = placed(state, 0, move, Place(45, 2, 0))
    assert not leaks(said) and said.startswith("«"), said


def test_a_placement_of_an_engine_message_reads_as_before_in_english() -> None:
    from game.engine.components import describe_tile
    from tests.engine.helpers import new_state, set_grid

    state = new_state(players=2)
    set_grid(state, 0, {(1, 0): "NE"})
    old = placed(state, 0, f"put {describe_tile(45)} at (2, 0)", Place(45, 2, 0))  # the engine's notation, made plain
    new = placed(state, 0, Message.of("put {tile}", tile=45), Place(45, 2, 0))
    assert new == old and old.startswith("put Tower 9 (walls east, south) next to your ")
