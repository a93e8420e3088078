"""What the AI needs to know of each rule module, in one place per module (the engine's are in game/engine/modules).

The evaluation asks ``advice_for(state.rules)`` for the active modules' advice, compiled once per
ruleset: the base game gets empty answers, so it pays nothing per module.
"""

from __future__ import annotations

from game.engine.ruleset import Ruleset

from ..forecast import PLAYERS_SHARE
from .base import Advice, Compiled
from .bazaars import BazaarsAdvice
from .bonus import BonusAdvice
from .camps import CampsAdvice
from .change import ChangeAdvice
from .chests import ChestsAdvice
from .dirk import DirkAdvice
from .exchange import ExchangeAdvice
from .falcons import FalconsAdvice
from .gates import GatesAdvice
from .huts import HutsAdvice
from .thieves import ThievesAdvice
from .traders import TradersAdvice
from .vizier import VizierAdvice
from .walls import WallsAdvice

# One registry line per module: its record name -> what the AI knows of it.
ADVICE: dict[str, Advice] = {
    "dirk": DirkAdvice(),
    "vizier": VizierAdvice(),  # §9.1
    "exchange": ExchangeAdvice(),  # §9.2
    "huts": HutsAdvice(),  # §9.3
    "bonus": BonusAdvice(),  # §9.4
    "camps": CampsAdvice(),  # §9.5
    "bazaars": BazaarsAdvice(),  # §9.6
    "falcons": FalconsAdvice(),  # §9.7
    "gates": GatesAdvice(),  # §11.1
    "change": ChangeAdvice(),  # §11.2
    "thieves": ThievesAdvice(),  # §11.3
    "walls": WallsAdvice(),  # §11.4
    "chests": ChestsAdvice(),  # §11.6
    "traders": TradersAdvice(),  # §11.5
}


_COMPILED: dict[Ruleset, Compiled] = {}


def advice_for(rules: Ruleset) -> Compiled:
    """The advice of the modules that play under ``rules``, gathered per question (once per ruleset).

    The evaluation asks at every position it evaluates, so the answer is a plain dict look-up.
    """
    compiled = _COMPILED.get(rules)
    if compiled is None:
        compiled = _COMPILED[rules] = Compiled(tuple(ADVICE[name] for name in rules.names if name in ADVICE))
        PLAYERS_SHARE[rules] = compiled.players_share  # for the advice that foresees the game's course
    return compiled


__all__ = ["ADVICE", "Advice", "Compiled", "advice_for"]
