"""The one interface every computer player implements.

An agent sees what its player knows ([D-HIDDEN-1]: a ``Knowledge``, never the game state itself)
and the legal actions, and returns one of them.  It may keep state between decisions (a random
generator, statistics) but never anything about the hidden deck or bag order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Action, GameState, Knowledge


@dataclass(frozen=True)
class Decision:
    """An action with a one-line reason a human can read (the client's hint shows it).

    ``reason`` is English text, and a ``Message`` where the agent gives one (every agent here does): the client
    says its template and arguments in the player's language; a reason that starts with the move has the move
    as its ``move`` argument (``said_action``)."""

    action: Action
    reason: str


class Agent(ABC):
    """A computer player.  ``name`` is its registry name, e.g. 'mcts:hard'."""

    name: str

    @abstractmethod
    def decide(self, knowledge: Knowledge, legal: Sequence[Action]) -> Decision:
        """Pick one of ``legal`` for ``knowledge.player`` and say why."""

    def choose(self, knowledge: Knowledge, legal: Sequence[Action]) -> Action:
        return self.decide(knowledge, legal).action


def without_stalling(state: GameState, legal: Sequence[Action]) -> list[Action]:
    """The legal moves minus redesigns once a whole round has gone by with nothing but redesigns.

    The rules let players redesign for ever, and two bots whose best replies to each other are
    undoing each other's redesigns would never end the game.  After a round in which nobody took
    money or bought a tile, a bot takes money or buys if it can.
    """
    if state.idle_turns < state.players:
        return list(legal)
    progress = [action for action in legal if action.kind != "redesign"]
    return progress or list(legal)
