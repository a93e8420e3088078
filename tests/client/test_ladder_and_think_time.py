"""The ladder of bots on the setup, the think-time setting and the mark of a bot thinking for a while (issue 19).

The setup lists every rung of the ladder, weakest first, each with what it is like and its measured strength
(``table.LADDER_STRENGTH``), and marks the opponents' rungs; Beginner and MCTS expert can be chosen; the
settings' "Bot thinking time" is saved and capped every decision a bot makes (the worker's, the window's own
when the worker fails, the hint's); and while a bot's decision has been awaited more than half a second a ring
fills round its token in the actions panel, gone when the move arrives.  The ladder and the settings fit at
1024x700 and 1920x1080 in every language, with five opponents or one (and the note on Dirk with modules).
"""

from __future__ import annotations

import itertools
import time
from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp, menu_scene
from text_layout import Recording, overlaps, record_texts

from ai import LADDER, Decision, make_agent
from game import i18n
from game.client import ai_worker, persistence, theme
from game.client.persistence import THINK_LIMITS, Settings
from game.client.scenes.parts import bot_turns as bot_turns_module
from game.client.scenes.parts import drawing as table_drawing
from game.client.scenes.parts.bot_turns import THINK_MARK_AFTER
from game.client.scenes.settings import SettingsScene, think_labels
from game.client.scenes.setup import SetupScene
from game.client.scenes.turn import TurnScene
from game.client.table import (
    LADDER_STRENGTH,
    agent_label,
    bot_tip,
    ladder,
    ladder_trait,
    strength_line,
    think_seconds,
)
from game.engine import Game, GameConfig, Seat
from game.engine.messages import Message
from game.engine.modules import CHOOSABLE

RUNGS = ["beginner", "greedy", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert"]


def setup_scene(make_app: MakeApp, **options: object) -> tuple[Driver, SetupScene]:
    return menu_scene(make_app, pygame.K_n, SetupScene, **options)


def drawn(driver: Driver, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> Recording:
    """The top scene drawn afresh onto a recording screen, the mouse where it is."""
    texts = record_texts(monkeypatch, driver.scene.ui.text)
    driver.scene.ui.text._cache.clear()
    screen = Recording(size, texts)
    driver.scene.draw(screen)
    return screen


# ---------------------------------------------------------------------------- the ladder
def test_the_ladder_is_the_bots_weakest_first_with_one_figure_each() -> None:
    """Random is the floor, not a rung; every rung has its words and a strength said from the one table."""
    assert ladder() == RUNGS == [name for name in LADDER if name != "random"]
    assert set(LADDER_STRENGTH) == set(RUNGS)
    for name in RUNGS:
        assert ladder_trait(name), name
        line = strength_line(name)
        percent = LADDER_STRENGTH[name]
        if percent is not None:
            assert f"{percent} %" in line and f"{percent} percent" in bot_tip(name), name
        else:
            assert "not measured" in line and "not measured" in bot_tip(name), name
    # each rung is said against its neighbour: the one below, or for the lowest the one above
    assert agent_label("greedy") in strength_line("beginner")
    for lower, upper in itertools.pairwise(RUNGS):
        assert agent_label(lower) in strength_line(upper), upper


def test_a_new_figure_needs_no_new_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures are placeholders of translated sentences: a measured expert, or a new share, shows in every
    language at once."""
    import game.client.table as table

    monkeypatch.setitem(table.LADDER_STRENGTH, "mcts:expert", 57)
    monkeypatch.setitem(table.LADDER_STRENGTH, "mcts:normal", 61)
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        assert "57" in strength_line("mcts:expert") and "57" in bot_tip("mcts:expert"), code
        assert "61" in strength_line("mcts:normal") and "61" in bot_tip("mcts:normal"), code


def test_a_rung_not_yet_measured_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new rung goes on the ladder before its tournament is played: its line and tooltip say it is not measured
    yet, against the rung below, and show no figure."""
    import game.client.table as table

    monkeypatch.setitem(table.LADDER_STRENGTH, "mcts:expert", None)
    line, tip = strength_line("mcts:expert"), bot_tip("mcts:expert")
    assert "not measured" in line and agent_label("mcts:hard") in line and "%" not in line
    assert "not measured" in tip and "%" not in tip


def test_the_setup_shows_every_rung_on_a_line_of_its_own(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """One line per rung, weakest first: the bot's name, what it is like and its measured strength, side by side
    on one line; the rungs the opponents play are marked, the one pointed at (on an opponent's row) framed."""
    size = (1280, 800)
    driver, scene = setup_scene(make_app, size=size)
    lines = scene.ladder.line_rects()
    assert [name for name, _rect in lines] == RUNGS
    assert all(one.bottom <= two.top for (_a, one), (_b, two) in itertools.pairwise(lines))
    scene.ui.mouse = (-100, -100)
    screen = drawn(driver, monkeypatch, size)
    for name, rect in lines:
        for words in (agent_label(name), ladder_trait(name), strength_line(name)):
            assert any(said == words and rect.inflate(0, 2).contains(at) for said, at in screen.placed), words
    assert scene.ladder.cut == set()

    calls: list[tuple[set[str], str | None]] = []
    original = scene.ladder.draw
    monkeypatch.setattr(
        scene.ladder,
        "draw",
        lambda surface, chosen, pointed: calls.append((chosen, pointed)) or original(surface, chosen, pointed),
    )
    row = scene.rows[0]
    scene.ui.mouse = row.level.segments()[row.level.options.index("expert")].center
    driver.step()
    chosen, pointed = calls[-1]
    assert chosen == set(scene.opponents) and pointed == "mcts:expert"
    scene.ui.mouse = lines[0][1].center  # a line of the ladder: its bot's whole tooltip
    driver.step(2)
    asked = driver.app.ui._tooltip
    assert asked is not None and "newcomer" in asked[0] and f"{LADDER_STRENGTH['beginner']} percent" in asked[0]


def test_beginner_and_expert_are_chosen_at_setup(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    driver, scene = setup_scene(make_app)
    monkeypatch.setattr(driver.app.worker, "submit", FakeWorker().submit)  # the game starts; nobody thinks
    driver.click(scene.count.segments()[1].center)  # two opponents
    first, second = scene.rows[:2]
    driver.click(first.kind.segments()[first.kind.options.index("beginner")].center)
    assert not first.level.visible, "the beginner has no levels"
    driver.click(second.kind.segments()[second.kind.options.index("mcts")].center)
    driver.click(second.level.segments()[second.level.options.index("expert")].center)
    assert scene.opponents == ["beginner", "mcts:expert"]
    assert "Beginner" in bot_tip("beginner") and "Expert" in bot_tip("mcts:expert")
    driver.click_widget("start")
    table = driver.scene.table
    assert [seat.agent for seat in table.game.config.seats] == ["human", "beginner", "mcts:expert"]
    assert table.names[1:] == ["Beginner", "MCTS expert"]
    assert persistence.load_settings().opponents == ["beginner", "mcts:expert"]


# ---------------------------------------------------------------------------- the think-time setting
def test_the_think_time_is_a_setting_saved_and_read_back(make_app: MakeApp) -> None:
    driver = make_app()
    driver.app.start()
    driver.step()
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    assert scene.think.index == 0 and driver.app.settings.think_limit is None, "as the level, unless chosen"
    assert [scene.think.labels[i]() for i in range(len(THINK_LIMITS))] == list(think_labels())  # type: ignore[operator]
    driver.click(scene.think.segments()[THINK_LIMITS.index(0.5)].center)
    assert persistence.load_settings().think_limit == 0.5
    again = make_app()  # a new session reads it, and the settings show it
    assert again.app.settings.think_limit == 0.5
    again.app.start()
    again.step()
    again.key(pygame.K_s)
    assert again.scene.think.index == THINK_LIMITS.index(0.5)


def test_a_think_time_on_disk_is_checked(home) -> None:
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for written, read in (("1", 1.0), ("0.2", 0.2), ("null", None), ("0.7", None), ("true", None), ('"1"', None)):
        path.write_text(f'{{"think_limit": {written}}}', encoding="utf-8")
        loaded = persistence.load_settings()
        assert loaded.think_limit == read and type(loaded.think_limit) is type(read), written
    assert Settings().think_limit is None


def test_the_limit_is_the_levels_time_capped_by_the_setting() -> None:
    assert think_seconds("mcts:expert", None) == 3.0 and think_seconds("mcts:hard", None) == 0.9
    assert think_seconds("mcts:expert", 1.0) == 1.0 and think_seconds("mcts:easy", 1.0) == 0.1
    assert think_seconds("greedy", 0.5) is None and think_seconds("beginner", None) is None


def test_the_worker_passes_the_limit_to_the_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    """``decide`` (run in the worker, pickled by name) builds the agent with the cap."""
    import pickle

    built: list[tuple] = []

    class Agent:
        def decide(self, knowledge, legal):  # type: ignore[no-untyped-def]
            return Decision(legal[0], Message.of("the only legal move"))

    def make_agent(name: str, seed: int = 0, think_limit: float | None = None) -> Agent:
        built.append((name, seed, think_limit))
        return Agent()

    monkeypatch.setattr(ai_worker, "make_agent", make_agent)
    game = Game.new(GameConfig(seed=4, seats=(Seat("a", "greedy"), Seat("b", "mcts:expert"))))
    state = game.state
    assert pickle.loads(pickle.dumps(ai_worker.decide)) is ai_worker.decide
    ai_worker.decide("mcts:expert", 7, state.knowledge(state.decider), state.legal_actions(), 0.2)
    ai_worker.decide("greedy", 8, state.knowledge(state.decider), state.legal_actions())
    assert built == [("mcts:expert", 7, 0.2), ("greedy", 8, None)]


class FakeWorker:
    """Stands in for the AI worker's ``submit``: remembers what was asked and answers when the test says."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.futures: list[Future] = []
        self.answering = False  # True: every later decision is answered at once, by a random move

    def submit(self, agent, seed, knowledge, legal, think_limit=None):  # type: ignore[no-untyped-def]
        self.asked.append((agent, think_limit))
        future: Future = Future()
        if self.answering:
            future.set_result(make_agent("random", seed).decide(knowledge, list(legal)))
        self.futures.append(future)
        return future


def bot_to_move(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, limit: float | None, **options) -> tuple:  # type: ignore[no-untyped-def]
    """A table where MCTS expert moves first (two players, seed 0), its worker a ``FakeWorker``."""
    fake = FakeWorker()
    driver = make_app(ai=["mcts:expert"], seed=0, speed=0.0, **options)
    monkeypatch.setattr(driver.app.worker, "submit", fake.submit)
    driver.app.settings.think_limit = limit
    driver.app.start()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.wait(lambda: bool(fake.asked), 10)
    assert scene.table.bot_to_decide == "mcts:expert"
    return driver, scene, fake


def test_every_bot_decision_is_capped_by_the_setting(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's decision, the window's own when the worker fails (at most half a second there: the window
    draws no frame meanwhile), and the hint all get the setting's cap."""
    driver, scene, fake = bot_to_move(make_app, monkeypatch, 1.0)
    assert fake.asked == [("mcts:expert", 1.0)]
    made: list[tuple] = []
    real_make_agent = bot_turns_module.make_agent

    def make_agent(name: str, seed: int = 0, think_limit: float | None = None):  # type: ignore[no-untyped-def]
        made.append((name, think_limit))
        return real_make_agent("random", seed)

    monkeypatch.setattr(bot_turns_module, "make_agent", make_agent)
    monkeypatch.setattr(driver.app.worker, "shutdown", lambda: None)  # the shared worker stays
    fake.answering = True
    fake.futures[-1].set_exception(RuntimeError("the worker died"))
    driver.wait(lambda: scene.table.human_decides and scene.can_act, 20)
    assert made == [("mcts:expert", 0.5)], "thought out in the window, within half a second"
    assert all(asked == ("mcts:expert", 1.0) for asked in fake.asked)
    scene.ask_hint()
    assert fake.asked[-1] == (scene.hints.agent, 1.0)


def drawn_marks(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Every progress mark drawn from now on, as (centre, (elapsed, limit)); still drawn for real."""
    marks: list[tuple] = []
    real_mark = table_drawing.draw_think_mark
    monkeypatch.setattr(
        table_drawing,
        "draw_think_mark",
        lambda surface, centre, r, w, progress, t: (
            marks.append((centre, progress)) or real_mark(surface, centre, r, w, progress, t)
        ),
    )
    return marks


def test_the_progress_mark_shows_after_half_a_second_and_goes_with_the_move(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    marks = drawn_marks(monkeypatch)
    driver, scene, fake = bot_to_move(make_app, monkeypatch, 1.0)
    scene.bots.since = scene.clock - (THINK_MARK_AFTER - 0.2)
    driver.step()
    assert scene.think_progress() is None and marks == [], "no mark in the first half second"
    scene.bots.since = scene.clock - (THINK_MARK_AFTER + 0.3)
    driver.step()
    _elapsed, limit = scene.think_progress()  # type: ignore[misc]
    assert limit == 1.0, "expert's 3 s capped by the setting"
    elapsed, drawn_limit = marks[-1][1]
    assert drawn_limit == 1.0 and THINK_MARK_AFTER < elapsed < 2.0
    first = elapsed
    time.sleep(0.05)
    driver.step()
    assert marks[-1][1][0] > first, "the ring fills as the bot thinks"
    state = scene.table.state
    events = len(scene.table.game.events)
    fake.futures[-1].set_result(Decision(state.legal_actions()[0], Message.of("the only legal move")))
    driver.wait(lambda: len(scene.table.game.events) > events, 10)
    marks.clear()
    driver.step()
    assert scene.think_progress() is None and marks == [], "the mark is gone with the move"


def test_the_mark_fills_the_other_way_right_to_left() -> None:
    """Drawn on a plain surface: 30 % of the time gone lights the ring's top right left to right, its top left
    right to left (told by the arc's place and width, not its colour alone); with no known time a quarter arc
    goes round."""
    pygame.init()
    at_45 = (round(50 + 30 * 0.7071), round(50 - 30 * 0.7071))  # top right, on the ring of radius 30
    at_315 = (round(50 - 30 * 0.7071), round(50 - 30 * 0.7071))  # top left
    for code, lit, unlit in (("en", at_45, at_315), ("fa", at_315, at_45)):
        i18n.set_language(code)
        surface = pygame.Surface((100, 100))
        table_drawing.draw_think_mark(surface, (50, 50), 30, 8, (0.9, 3.0), 0.0)  # 30 %: from the top to 108 degrees
        assert surface.get_at(lit)[:3] == theme.GOLD_LIGHT, code
        assert surface.get_at(unlit)[:3] != theme.GOLD_LIGHT, code
        inside = (lit[0] + (2 if lit[0] < 50 else -2), lit[1] + 2)  # 2.8 px in from the ring: within the arc's width
        assert surface.get_at(inside)[:3] == theme.GOLD_LIGHT, code
        inside = (unlit[0] + (2 if unlit[0] < 50 else -2), unlit[1] + 2)  # but not within the thin ring's
        assert surface.get_at(inside)[:3] == (0, 0, 0), code
    i18n.set_language("en")
    surface = pygame.Surface((100, 100))
    table_drawing.draw_think_mark(surface, (50, 50), 30, 4, (0.9, None), 1.0)
    gold = sum(surface.get_at((x, y))[:3] == theme.GOLD_LIGHT for x in range(100) for y in range(100))
    assert 0 < gold < 3.14 * 60 * 4 / 2, "a part of the ring, not all of it"
    screen = pygame.Surface((1920, 1080))
    # the processor time this process spent, not the wall clock: a busy machine (a tournament beside the tests)
    # must not fail it, only a mark that costs too much to draw
    started = time.process_time()
    for frame in range(200):  # drawn every frame: it must cost next to nothing of a 16 ms frame
        table_drawing.draw_think_mark(screen, (1800, 1000), 35, 4, (0.5 + frame / 100, 3.0), frame / 60)
    assert (time.process_time() - started) / 200 < 0.002


# ---------------------------------------------------------------------------- every language, both sizes
@pytest.mark.parametrize("code", [c if c == "en" else pytest.param(c, marks=pytest.mark.slow) for c in i18n.LANGUAGES])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ladder_fits_with_five_opponents_or_one(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, screenshots: Path, code: str, size: tuple[int, int]
) -> None:
    """The setup with five opponents, and with one and every module (the longest note on Dirk): no label over
    another, out of the panel or cut short, every glyph drawn; the settings with the think-time row likewise."""
    driver, scene = setup_scene(make_app, size=size, modules=CHOOSABLE)
    i18n.set_language(code)
    driver.step()
    fonts = scene.ui.text.fonts
    window = pygame.Rect((0, 0), size)
    for count in (5, 1):
        driver.click(scene.count.segments()[count - 1].center)
        scene.ui.mouse = (-100, -100)
        fonts.missing.clear()
        screen = drawn(driver, monkeypatch, size)
        name = f"ladder_{code}_{count}_{size[0]}x{size[1]}"
        pygame.image.save(screen, str(screenshots / f"{name}.png"))
        assert [label for label in screen.placed if not window.contains(label[1])] == [], name
        assert [label for label in screen.placed if not scene.panel.inflate(2, 2).contains(label[1])] == [], name
        assert overlaps(screen.placed) == [], name
        assert scene.ladder.cut == set(), f"{name}: a rung's words cut short"
        assert scene.ui.cut_labels == set(), f"{name}: {scene.ui.cut_labels}"
        assert fonts.missing == set(), f"{name}: no glyph for {''.join(sorted(fonts.missing))}"
        assert scene.ladder.heading_shown, name
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_s)
    settings = driver.scene
    assert isinstance(settings, SettingsScene)
    settings.ui.mouse = (-100, -100)
    screen = drawn(driver, monkeypatch, size)
    assert overlaps(screen.placed) == [] and settings.ui.cut_labels == set(), code
    assert all(word in dict(screen.placed) for word in think_labels()), code


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_ring_is_drawn_round_the_thinking_bot_at_both_sizes(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, screenshots: Path, size: tuple[int, int]
) -> None:
    """The mark as a player sees it: saved as ``thinking_<size>.png`` to look at; drawn, and filled part way."""
    marks = drawn_marks(monkeypatch)
    driver, scene, _fake = bot_to_move(make_app, monkeypatch, None, size=size)
    scene.bots.since = scene.clock - 1.4
    driver.step()
    assert marks, "a bot that has thought 1.4 s shows its mark"
    (x, y), (elapsed, limit) = marks[-1]
    assert limit == 3.0 and 1.3 < elapsed < 2.0
    assert 0 <= x < size[0] and 0 <= y < size[1]
    pygame.image.save(driver.app.screen, str(screenshots / f"thinking_{size[0]}x{size[1]}.png"))
