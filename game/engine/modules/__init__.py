"""Optional rules as modules on one set of hooks (RULES.md §8 Dirk, §9 the expansion modules).

A module is one place: its components, its slice of the game state, its actions with their
checks and effects, and what it adds to the deal, the placements, the scorings and the record.
``Ruleset`` (``game/engine/ruleset.py``) compiles the active modules' hooks into tuples once per
game, so the base game iterates over nothing.  ``MODULES`` is the one registry line per module.
"""

from __future__ import annotations

from .base import Module, Part
from .dirk import Dirk

# Every module by its record name (RECORD.md ``config.modules``); Dirk is switched on by the player
# count, not by name ([B-DIRK-1]), and is listed for the look-up of his record fields all the same.
MODULES: dict[str, type[Module]] = {Dirk.name: Dirk}

__all__ = ["MODULES", "Dirk", "Module", "Part"]
