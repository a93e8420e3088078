"""The names of the record's events (RECORD.md), in one place: the engine writes them, records,
narration and playback read them.  Code compares an event's ``"e"`` with these names, never with
a string of its own, so a misspelt name fails at import instead of matching nothing.  (Dirk's two
events are here too for now; a module's own events are named in its module.)
"""

from __future__ import annotations

# a turn and its decisions (RECORD.md "Events")
TURN = "turn"
TAKE = "take"
BUY = "buy"
PLACE = "place"
RESERVE = "reserve"
LIFT = "lift"
DIRK = "dirk"
END_TURN = "end_turn"
PASS = "pass"  # this project's own: a player with no legal action ([B-TURN-8])
# what follows from them
MARKET = "market"
OFFER = "offer"
SCORING_CARD = "scoring_card"
RESHUFFLE = "reshuffle"
SCORE = "score"
DIRK_GETS = "dirk_gets"
DISTRIBUTE = "distribute"
GAME_OVER = "game_over"
