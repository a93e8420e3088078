"""Optional rules as modules on one set of hooks (RULES.md §8 Dirk, §9 the expansion modules).

A module is one place: its components, its slice of the game state, its actions with their
checks and effects, and what it adds to the deal, the placements, the scorings and the record.
``Ruleset`` (``game/engine/ruleset.py``) compiles the active modules' hooks into tuples once per
game, so the base game iterates over nothing.  ``MODULES`` is the one registry line per module.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import BASE_ACTION_TYPES, Action, EventFields, decision_readers
from .base import Module, Part
from .bazaars import Bazaars
from .bonus import Bonus
from .camps import Camps
from .change import Change
from .chests import Chests
from .dirk import Dirk
from .exchange import Exchange
from .falcons import Falcons
from .gates import Gates
from .huts import Huts
from .thieves import Thieves
from .traders import Traders
from .vizier import Vizier
from .walls import Walls

# Every module by its record name (RECORD.md ``config.modules``), one line each; Dirk is switched on
# by the player count, not by name ([B-DIRK-1]).  The order is the order their hooks run in.
MODULES: dict[str, type[Module]] = {
    Dirk.name: Dirk,
    Vizier.name: Vizier,  # §9.1
    Exchange.name: Exchange,  # §9.2
    Huts.name: Huts,  # §9.3
    Bonus.name: Bonus,  # §9.4
    Camps.name: Camps,  # §9.5
    Bazaars.name: Bazaars,  # §9.6
    Falcons.name: Falcons,  # §9.7
    Gates.name: Gates,  # §11.1
    Change.name: Change,  # §11.2
    Thieves.name: Thieves,  # §11.3
    Walls.name: Walls,  # §11.4
    Chests.name: Chests,  # §11.6
    Traders.name: Traders,  # §11.5: after the chests, whose placement comes first at a turn's end
}
# The modules a game can play besides Dirk (RECORD.md ``config.modules``: a record may name them), in the rule
# book's order.
PLAYABLE: tuple[str, ...] = tuple(name for name in MODULES if name != Dirk.name)
# Modules that play in the engine and its records but are not offered at setup yet, while the AI or the client
# does not know them (the 2024 edition's were, until their clients were built; §11's until theirs were): none now.
NOT_OFFERED_YET: tuple[str, ...] = ()
# The modules a player chooses at setup (the CLI, the setup screen, the bench), in the rule book's order.
CHOOSABLE: tuple[str, ...] = tuple(name for name in PLAYABLE if name not in NOT_OFFERED_YET)
# The order of the modules' fields in a record's ``setup`` (RECORD.md: Dirk's tiles with the base fields, then §9's
# in the order its example lists them): every record written so far keeps its bytes.  Every module is listed.
SETUP_ORDER: tuple[str, ...] = (
    Dirk.name,
    Vizier.name,
    Exchange.name,
    Huts.name,
    Bonus.name,
    Camps.name,
    Falcons.name,
    Bazaars.name,
    Change.name,  # §11's fields in the order of RECORD.md's example: change, thieves, traders, chests
    Thieves.name,
    Traders.name,
    Chests.name,  # §11.6
    Gates.name,  # §11.1: no setup fields of its own (its cards lie in the deck)
    Walls.name,  # §11.4: none either
)
assert sorted(SETUP_ORDER) == sorted(MODULES), "every module has its place among the record's setup fields"
# Every name RECORD.md gives a module, built here or not yet (the 2024 edition's: issue 17).
RECORD_NAMES: tuple[str, ...] = (
    "vizier",
    "exchange",
    "huts",
    "bonus",
    "camps",
    "bazaars",
    "falcons",
    "gates",
    "change",
    "thieves",
    "walls",
    "traders",
    "chests",
)

# Every kind of action of the game and its modules: what ``apply`` accepts at all, and the readers
# of their record events.
ACTION_TYPES: tuple[type, ...] = BASE_ACTION_TYPES + tuple(
    kind for module in MODULES.values() for kind in module.handlers if kind not in BASE_ACTION_TYPES
)
DECISION_READERS: dict[str, Callable[[EventFields], Action]] = decision_readers(ACTION_TYPES)

__all__ = [
    "ACTION_TYPES",
    "CHOOSABLE",
    "DECISION_READERS",
    "MODULES",
    "NOT_OFFERED_YET",
    "PLAYABLE",
    "RECORD_NAMES",
    "SETUP_ORDER",
    "Dirk",
    "Module",
    "Part",
]
