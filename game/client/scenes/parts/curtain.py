"""What the people sharing one screen may not see of each other: the part of the table the curtain hides.

No pygame here.  The engine already knows what each player knows ([D-HIDDEN-1], ``engine.knowledge``): two
people hold secrets from each other exactly when their knowledge of the game differs (face-down bonus cards, and
whatever a rule module conceals from all but its owner).  Asking the engine, rather than listing the modules
that hide something, keeps this true for every module, those still to come included.
"""

from __future__ import annotations

from game.engine import GameState
from game.engine.knowledge import knowledge_of, state_key


def secrets_between(state: GameState, one: int, other: int) -> bool:
    """Whether the players ``one`` and ``other`` know different things of the game: one holds what the other
    may not see, so the screen passes between them behind a curtain."""
    return state_key(knowledge_of(state, one).state) != state_key(knowledge_of(state, other).state)
