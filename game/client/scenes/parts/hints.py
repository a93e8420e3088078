"""A person's hint: what a computer player would do in their place, and why.

Asked on demand of the AI worker (the window never waits), kept while the decision it answers stands: a move made
or staged since makes it stale (``key``), and a stale hint is never shown or played.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

from ai import Decision
from game.engine import Action

from ...table import Table, bot_names

if TYPE_CHECKING:
    from ...scene import AppServices

HINT_AGENTS = ("mcts:normal", "greedy", "mcts:easy", "random")  # the first of them this build has gives hints


def hint_agent() -> str:
    available = bot_names()
    return next((name for name in HINT_AGENTS if name in available), available[0])


class Hints:
    """The hint of the decision at hand: asked, awaited, then kept with the decision it answers."""

    __slots__ = ("agent", "decision", "future", "key")

    def __init__(self) -> None:
        self.agent = hint_agent()
        self.decision: Decision | None = None
        self.future: Future[Decision] | None = None
        self.key: tuple | None = None  # the decision the hint answers (the game's length, the staged move)

    def action(self, key: tuple) -> Action | None:
        """The hinted move, if the hint answers the decision ``key``."""
        return self.decision.action if self.decision is not None and self.key == key else None

    @property
    def asked(self) -> bool:
        return self.future is not None

    def ask(self, app: AppServices, table: Table, key: tuple) -> None:
        """Ask for the hint of the decision ``key``.  The hint is a bot's decision too, so the think-time setting
        caps it like the others: a player who asked bots to answer within 0.2 s (a slow machine) wants the hint as
        soon; uncapped it is MCTS normal's 0.3 s, so the cap changes it only at its lowest choice."""
        state = table.state
        self.key = key
        self.decision = None
        self.agent = hint_agent()
        self.future = app.worker.submit(
            self.agent,
            table.decision_seed(),
            state.knowledge(state.decider),
            state.legal_actions(),
            app.settings.think_limit,
        )

    def poll(self, key: tuple) -> bool | str:
        """Take the answer if it came: True when a hint for the decision ``key`` is now shown, the failure's name
        when the worker failed, False otherwise (not yet, or the answer is stale)."""
        future = self.future
        if future is None or not future.done():
            return False
        self.future = None
        try:
            decision = future.result()
        except Exception as error:
            return type(error).__name__
        if self.key == key:
            self.decision = decision
            return True
        return False

    def forget(self) -> None:
        """The decision changed (a move was made, a turn undone): no hint is shown until asked again."""
        self.decision = None

    def cancel(self) -> None:
        self.future = None
        self.decision = None
