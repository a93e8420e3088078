"""The bots' decisions at the table: asked of the AI worker as soon as a bot is to decide, played when the table
has caught up with the game, at a pace a person can follow.

The window never waits for a bot: the search runs in the worker while frames are drawn.  When the worker fails,
the bot thinks in the window itself, briefly; when a bot answers an illegal move, it plays its first legal one.
Both are said (``say``), never hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from ai import Decision, make_agent
from game.engine import Action, said_action
from game.engine.messages import Message
from game.i18n import _

from ...plain import said
from ...table import Table, agent_label, think_seconds
from ...widgets import Text

if TYPE_CHECKING:
    from ...scene import AppServices

THINK_MARK_AFTER = 0.5  # seconds a bot's decision is awaited before its progress mark shows
WINDOW_THINK_LIMIT = 0.5  # the most a bot thinks in the window itself (the worker failed): no frame is drawn meanwhile


class BotTurns:
    """The decision of the bot to decide now: asked once per position of the game, taken when it is ready."""

    __slots__ = ("app", "future", "key", "ready_at", "say", "since", "table")

    def __init__(self, app: AppServices, table: Table, say: Callable[[Text, bool], None]) -> None:
        self.app = app
        self.table = table
        self.say = say  # a message over the board: (words, a warning?)
        self.future: Future[Decision] | None = None
        self.key = -1  # the game's length the decision was asked for
        self.since = 0.0  # when it was asked (the scene's clock)
        self.ready_at = 0.0  # no bot move before this (the pace between two)

    @property
    def thinking(self) -> bool:
        return self.future is not None and not self.future.done()

    def progress(self, clock: float) -> tuple[float, float | None] | None:
        """While a bot's decision has been awaited longer than ``THINK_MARK_AFTER``: the seconds so far and the
        most it should take (its level's time, capped by the think-time setting; None for a bot that decides in
        milliseconds and is late only because the worker is busy or starting).  None otherwise: no mark."""
        agent = self.table.bot_to_decide
        if agent is None or not self.thinking:
            return None
        elapsed = clock - self.since
        if elapsed <= THINK_MARK_AFTER:
            return None
        return elapsed, think_seconds(agent, self.app.settings.think_limit)

    def next_move(self, clock: float, busy: bool) -> Action | None:
        """The bot's move to play now, if a bot decides and its answer is in (None while the table is ``busy``
        playing moves back, within the pace, or while the bot thinks); asks for the decision first if need be."""
        table = self.table
        agent = table.bot_to_decide
        if agent is None:
            return None
        key = len(table.game.events)
        if self.future is None or self.key != key:
            self._ask(agent, key, clock)
        assert self.future is not None
        if busy or clock < self.ready_at or not self.future.done():
            return None
        future, self.future = self.future, None
        try:
            decision = future.result()
        except Exception as error:
            decision = self._think_here(agent, type(error).__name__)
        action = decision.action
        if not table.state.is_legal(action):
            move = said_action(table.state, action)
            self.say(
                lambda: _("{bot} chose an illegal move ({move}); it plays its first legal move.").format(
                    bot=agent_label(agent), move=said(move)
                ),
                True,
            )
            action = table.state.legal_actions()[0]
        return action

    def played(self, clock: float, pace: float) -> None:
        """A bot's move was played: the next waits ``pace`` seconds."""
        self.ready_at = clock + pace

    def _ask(self, agent: str, key: int, clock: float) -> None:
        state = self.table.state
        legal = state.legal_actions()
        self.key = key
        self.since = clock
        if len(legal) == 1:
            future: Future[Decision] = Future()
            future.set_result(Decision(legal[0], Message.of("the only legal move")))
            self.future = future
        else:
            self.future = self.app.worker.submit(
                agent, self.table.decision_seed(), state.knowledge(state.decider), legal, self.app.settings.think_limit
            )

    def _think_here(self, agent: str, failure: str) -> Decision:
        """The worker failed: said once, the worker shut down, and the bot thinks in the window, briefly."""
        self.say(
            lambda: _("The AI worker failed ({error}); thinking in the window instead.").format(error=failure), True
        )
        self.app.worker.shutdown()
        state = self.table.state
        limit = self.app.settings.think_limit
        limit = WINDOW_THINK_LIMIT if limit is None else min(limit, WINDOW_THINK_LIMIT)
        return make_agent(agent, self.table.decision_seed(), limit).decide(
            state.knowledge(state.decider), state.legal_actions()
        )
