"""The phases of a game's flow, by name: who decides what now (see ``GameState``).

A leaf module, so that rule modules can ask which phase a game is in without importing the state.
"""

from __future__ import annotations

ACTION = "action"  # the turn player takes money, buys or redesigns ([B-TURN-1])
PLACE = "place"  # the turn player places the tiles bought this turn ([B-TURN-7])
FINAL = "final"  # the receivers of the market's last tiles place them ([B-END-2])
OVER = "over"
TURN_END = "turn_end"  # only with pause_before_refill: the turn is done, refills not yet drawn
