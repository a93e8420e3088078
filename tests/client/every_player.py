"""One player of every module through the interface, composed of the modules' own players (a ``UiPlayer``).

Each module's player (``GatePlayer``, ``StreetPlayer``, ...) decides its module's moves in ``choose`` and makes
them with clicks in ``perform``, handing everything else to ``super()``: chained by Python's method order they make
one player that tries each module's moves in turn and falls back to the base game's ``UiPlayer`` — no module's code
is copied here.  A move chosen by one link (the base player's "anything but a placement", say) is performed by
whichever link knows it, since ``perform`` walks the whole chain.  Nothing calls ``game.apply``.
"""

from __future__ import annotations

from chamber_player import ChamberPlayer
from driver import UiPlayer
from gate_player import GatePlayer
from module_player import ModulePlayer
from street_player import StreetPlayer
from test_camps_bazaars_client import CampBazaarPlayer
from test_falcons_client import FalconPlayer

# RULES.md §11's six modules, in the rule book's order.
SIX = ("gates", "change", "thieves", "walls", "chests", "traders")


class SixPlayer(StreetPlayer, ChamberPlayer, GatePlayer, UiPlayer):
    """Plays the human seat with §11's six modules: the thief window and the traders' phases first (their moves
    are the only legal ones there), then the chamber's rooms, chests and change, then the gates and walls."""


class EveryPlayer(SixPlayer, ModulePlayer, CampBazaarPlayer, FalconPlayer):
    """Plays the human seat with every module offered (``CHOOSABLE``): the six's players, then expansion 1's
    (vizier, exchange, huts, bonus), then the camps' and bazaars', then the falconers' (whose compact placements
    come last, so that the others' placements are tried first)."""
