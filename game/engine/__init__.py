"""The rules of Alhambra (RULES.md §1-8, §10) as a pure-Python engine: no pygame, no I/O but records.

Start here: ``Game.new(GameConfig(...))`` for a table with a record, or ``GameState.start(deal(n, seed), seed)``
for the bare state the AI searches.  ``state.decider`` chooses one of ``state.legal_actions()``
and ``state.apply(action)`` carries it out.
"""

from .actions import Action, Buy, EndTurn, FromReserve, Lift, Pass, Place, Reserve, Swap, Take
from .game import ConfigError, Game, GameConfig, Seat
from .knowledge import Knowledge
from .record import RecordError
from .setup import Deal, deal
from .state import ACTION, FINAL, OVER, PLACE, GameState, IllegalAction, describe_action, said_action

__all__ = [
    "ACTION",
    "FINAL",
    "OVER",
    "PLACE",
    "Action",
    "Buy",
    "ConfigError",
    "Deal",
    "EndTurn",
    "FromReserve",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "Knowledge",
    "Lift",
    "Pass",
    "Place",
    "RecordError",
    "Reserve",
    "Seat",
    "Swap",
    "Take",
    "deal",
    "describe_action",
    "said_action",
]
