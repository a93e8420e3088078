"""The table scene's parts on their own, without a window: the toast, the bots' turns, a person's hint.

Each part talks to the scene through a narrow interface (``game/client/scenes/parts/``), so each is tested here with
a real table and a stand-in for the AI worker that answers at once, or fails.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from types import SimpleNamespace
from typing import Any

from ai import Decision, make_agent
from game.client import persistence
from game.client.scenes.parts.bot_turns import THINK_MARK_AFTER, BotTurns
from game.client.scenes.parts.hints import Hints
from game.client.scenes.parts.keeper import Keeper
from game.client.scenes.parts.pointer import Drag, Pointer, Release
from game.client.scenes.parts.score_ticker import ScoreTicker, approach
from game.client.scenes.parts.toast import TIP_SECONDS, WARN_SECONDS, Banner, Toast
from game.client.table import Table
from game.engine import Game, GameConfig, Seat
from game.engine.messages import Message


class Worker:
    """Answers like the AI worker: a future per decision, done at once (greedy's move) or failed."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.asked: list[str] = []
        self.shut = False

    def submit(self, agent: str, seed: int, knowledge: Any, legal: list, think_limit: float | None) -> Future:
        self.asked.append(agent)
        future: Future[Decision] = Future()
        if self.fail:
            future.set_exception(RuntimeError("gone"))
        else:
            future.set_result(make_agent("greedy", seed).decide(knowledge, legal))
        return future

    def shutdown(self) -> None:
        self.shut = True


def app(worker: Worker) -> Any:
    return SimpleNamespace(worker=worker, settings=SimpleNamespace(think_limit=None))


def table(human: int | None = 0) -> Table:
    seats = (Seat("Ann", "human"), Seat("Bot", "greedy"), Seat("Cy", "greedy"))
    return Table(Game.new(GameConfig(seed=5, seats=seats)), () if human is None else (human,))


def test_the_toast_says_its_words_for_as_long_as_they_take_to_read():
    toast = Toast()
    assert not toast.showing(0.0)
    toast.show(lambda: "Slot 2 is empty", True, now=10.0)
    assert toast.said() == "Slot 2 is empty" and toast.warn
    assert toast.showing(10.0 + WARN_SECONDS - 0.1) and not toast.showing(10.0 + WARN_SECONDS)
    toast.show("a tip", False, now=20.0)
    assert toast.showing(20.0 + TIP_SECONDS - 0.1) and not toast.showing(20.0 + TIP_SECONDS)


def test_a_toast_of_the_next_move_goes_with_it_and_a_tip_with_the_turn():
    toast = Toast()
    toast.show("Exact payment: you may take another action", False, now=0.0)
    toast.lasts_one_action = True
    toast.moved()
    assert not toast.showing(0.1) and not toast.lasts_one_action
    toast.show("a tip", False, now=0.0)
    toast.turn_ended()
    assert not toast.showing(0.1)
    toast.show("a warning", True, now=0.0)
    toast.turn_ended()
    assert toast.showing(0.1), "a warning stays to be read when the turn ends"


def test_the_bots_move_comes_from_the_worker_at_the_tables_pace():
    """A bot's decision is asked once per position, played when the table is not busy and the pace allows."""
    worker = Worker()
    seated = table(human=None)  # bots only
    bots = BotTurns(app(worker), seated, lambda text, warn: None)
    assert bots.next_move(clock=0.0, busy=True) is None and worker.asked == ["greedy"]
    move = bots.next_move(clock=0.1, busy=False)
    assert move is not None and seated.state.is_legal(move) and worker.asked == ["greedy"]
    seated.apply(move)
    bots.played(clock=0.1, pace=0.35)
    assert bots.next_move(clock=0.2, busy=False) is None, "the next bot waits for the pace"
    assert bots.next_move(clock=0.5, busy=False) is not None


def test_no_bot_asked_while_a_person_decides():
    worker = Worker()
    first = table(human=None).state.decider  # the start player of this deal sits as the person
    bots = BotTurns(app(worker), table(human=first), lambda text, warn: None)
    assert bots.table.bot_to_decide is None
    assert bots.next_move(clock=0.0, busy=False) is None and worker.asked == [] and not bots.thinking


def test_a_failed_worker_is_said_and_the_bot_thinks_in_the_window():
    said: list[tuple[str, bool]] = []
    worker = Worker(fail=True)
    seated = table(human=None)
    bots = BotTurns(app(worker), seated, lambda text, warn: said.append((text() if callable(text) else text, warn)))
    move = bots.next_move(clock=0.0, busy=False)
    assert move is not None and seated.state.is_legal(move)
    assert worker.shut and said and said[0][1] and "failed" in said[0][0]


def test_the_thinking_mark_shows_only_after_a_while():
    seated = table(human=None)
    bots = BotTurns(app(Worker()), seated, lambda text, warn: None)
    bots.future = Future()  # as if still searching
    bots.since = 0.0
    assert bots.thinking and bots.progress(THINK_MARK_AFTER - 0.1) is None
    elapsed, _ = bots.progress(THINK_MARK_AFTER + 0.2)  # type: ignore[misc]
    assert elapsed > THINK_MARK_AFTER


def test_a_hint_answers_the_decision_it_was_asked_for():
    worker = Worker()
    seated = table(human=0)
    hints = Hints()
    key = (len(seated.game.events), None)
    hints.ask(app(worker), seated, key)
    assert hints.asked and hints.poll(key) is True and not hints.asked
    assert hints.action(key) is not None and seated.state.is_legal(hints.action(key))
    assert hints.action((key[0] + 1, None)) is None, "a move since makes the hint stale"
    hints.forget()
    assert hints.action(key) is None


def test_a_stale_or_failed_hint_is_not_shown():
    seated = table(human=0)
    hints = Hints()
    key = (len(seated.game.events), None)
    hints.ask(app(Worker()), seated, key)
    assert hints.poll((key[0] + 1, None)) is False and hints.decision is None
    hints.ask(app(Worker(fail=True)), seated, key)
    assert hints.poll(key) == "RuntimeError" and hints.decision is None
    hints.decision = Decision(seated.state.legal_actions()[0], Message.of("the only legal move"))
    hints.cancel()
    assert hints.decision is None and not hints.asked


def test_the_scores_count_up_to_the_totals_of_a_scoring_shown():
    ticker = ScoreTicker([0, 4], {"dirk": 0})
    ticker.scored([9, 4], {"dirk": 5})
    ticker.update(0.05)
    assert 0 < ticker.shown[0] < 9 and ticker.shown[1] == 4 and 0 < ticker.shown_collectors["dirk"] < 5
    for _ in range(60):
        ticker.update(0.05)
    assert ticker.shown == [9.0, 4.0] and ticker.shown_collectors == {"dirk": 5.0}
    assert ticker.totals() == [9.0, 4.0, 5.0]
    ticker.reset([9, 4])
    assert ticker.shown == [9.0, 4.0] and ticker.target == [9, 4]
    assert approach(1.0, 1.04, 0.01) == 1.04, "a number this close is its target"


def test_a_press_is_a_click_until_the_mouse_moves_past_the_threshold():
    pointer = Pointer()
    pointer.press(Drag("held", 12, (100, 100)))
    assert pointer.moved((103, 102), threshold=6) is None and not pointer.dragging
    started = pointer.moved((110, 100), threshold=6)
    assert started is pointer.drag and pointer.dragging
    assert pointer.release() == Release("drop", started)
    assert pointer.drag is None and pointer.release() is None


def test_a_click_picks_and_a_panels_move_is_made():
    pointer = Pointer()
    pointer.press(Drag("market", 3, (0, 0)))
    released = pointer.release()
    assert released is not None and released.kind == "click" and released.drag.tile == 3
    move = object()
    pointer.press(Drag("module", 70, (0, 0), move=move))  # type: ignore[arg-type]
    released = pointer.release()
    assert released is not None and released.kind == "move"


def test_a_panels_move_dragged_off_starts_no_drag_of_its_own():
    """A module's move pressed and dragged is made first; the tile it takes goes on with a drag the scene starts."""
    pointer = Pointer()
    drag = Drag("module", 70, (0, 0), move=object())  # type: ignore[arg-type]
    pointer.press(drag)
    assert pointer.moved((20, 0), threshold=6) is drag and not drag.active and not pointer.dragging


def test_panning_follows_the_mouse_and_ends_on_release():
    pointer = Pointer()
    pointer.start_pan((10, 10))
    assert pointer.moved((15, 7), threshold=6) == (5, -3)
    assert pointer.moved((15, 9), threshold=6) == (0, 2)
    pointer.end_pan()
    assert pointer.moved((40, 40), threshold=6) is None


def test_the_banner_says_its_word_in_the_language_of_the_moment():
    banner = Banner()
    assert banner.said() == "" and banner.at < 0
    words = ["Your turn"]
    banner.show(lambda: words[0], now=3.0)
    words[0] = "Du bist dran"
    assert banner.said() == "Du bist dran" and banner.at == 3.0


def test_the_keeper_saves_and_says_a_failure_without_stopping_the_game(tmp_path, monkeypatch):
    """The autosave and the finished game's record go to the data folder and to the file ``--record`` named; a
    failure is said over the board (and the record's on standard error), and the game goes on."""
    monkeypatch.setenv("ALHAMBRA_DATA_DIR", str(tmp_path / "data"))
    said: list[tuple[str, bool]] = []
    seated = table(human=0)
    keeper = Keeper(seated, tmp_path / "game.json", lambda text, warn: said.append((text(), warn)))
    keeper.autosave()
    assert persistence.has_autosave() and said == []
    keeper.finish()
    assert keeper.record_path == tmp_path / "game.json" and (tmp_path / "game.json").exists()
    (tmp_path / "taken.json").mkdir()  # a folder where the record should go
    blocked = Keeper(seated, tmp_path / "taken.json", lambda text, warn: said.append((text(), warn)))
    blocked.finish()
    assert said and said[-1][1] and "could not be written" in said[-1][0]


def test_the_keeper_saves_the_tables_game_of_the_moment(tmp_path, monkeypatch):
    """An undo gives the table a new game object (a copy from before the turn): the keeper saves that one, never the
    game it saw first (a whole game through the interface once ended with a record of no result)."""
    monkeypatch.setenv("ALHAMBRA_DATA_DIR", str(tmp_path / "data"))
    seated = table(human=0)
    keeper = Keeper(seated, tmp_path / "game.json", lambda text, warn: None)
    seats = (Seat("Ann", "human"), Seat("Bot", "greedy"), Seat("Cy", "greedy"))
    seated.game = Game.new(GameConfig(seed=6, seats=seats))  # as an undo replaces it
    keeper.finish()
    assert json.loads((tmp_path / "game.json").read_text())["config"]["seed"] == 6
