"""The names of the record's events (RECORD.md), in one place: the engine writes them, records,
narration and playback read them.  Code compares an event's ``"e"`` with these names, never with
a string of its own, so a misspelt name fails at import instead of matching nothing.  A module's own
events are named in its module (Dirk's: ``modules.dirk.GIVE_EVENT``, ``DRAW_EVENT``), but for the two
below, which other modules' actions write too.
"""

from __future__ import annotations

# a turn and its decisions (RECORD.md "Events")
TURN = "turn"
TAKE = "take"
BUY = "buy"
PLACE = "place"
RESERVE = "reserve"
LIFT = "lift"
END_TURN = "end_turn"
PASS = "pass"  # this project's own: a player with no legal action ([B-TURN-8])
# what follows from them
MARKET = "market"
OFFER = "offer"
SCORING_CARD = "scoring_card"
RESHUFFLE = "reshuffle"
SCORE = "score"
DISTRIBUTE = "distribute"
GAME_OVER = "game_over"
# written by one module and by other modules' actions too (RECORD.md §9: a purchase paid with a card, or made out of
# turn, is written the same way whatever it buys: a market tile or a bazaar)
CARD_PAYMENT = "exchange"  # a card that pays in two currencies pays for the purchase that follows [M-EXCH-3]
OUT_OF_TURN = "vizier"  # a player buys out of turn, in the window after a turn [M-VIZIER-2]
