"""The vizier's page of the rules help (RULES.md §9.1): its rules, this game's choices and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the vizier module's page in the rules help (short).
    N_("Vizier"),
    N_("The vizier's favour"),
    N_("Everyone has a vizier. Once in a while it lets you buy a tile out of turn, paying exactly."),
    (
        N_("Everyone starts with an awake vizier."),
        N_(
            "After every player's turn a vizier window opens. The players are asked one by one: the player whose "
            "turn comes next first, then in turn order, the player who has just ended last. Only players with an "
            "awake vizier who can pay a market tile exactly are asked."
        ),
        N_(
            "Asked, you may buy one tile of the market, paying exactly its cost in its slot's currency, or pass. "
            "Your vizier falls asleep, you place the tile at once (Alhambra or reserve), the market is refilled, "
            "and the next player is asked. Then the next turn begins as usual."
        ),
        N_("A vizier purchase never gives an extra action, whatever you paid."),
        N_("Waking your sleeping vizier is an action of your turn, like taking money."),
    ),
    (
        N_(
            "The window opens once the turn is completely over: tiles placed, market and offer refilled, and any "
            "scoring the turn triggered (and, with two players, the neutral collector's draw) done."
        ),
        N_(
            "Exact payment only: no overpaying with the vizier. An exchange card may help pay; with two players "
            "the tile may go to the neutral collector."
        ),
        N_(
            "No vizier window during the distribution at the end of the game. If the refill after a vizier "
            "purchase cannot fill the market, the window closes and the game ends."
        ),
        N_("A hut can never be taken with the vizier."),
    ),
    (
        N_(
            "When the window asks you, the table says so and marks the market tiles you can pay exactly. Click one "
            "to buy it (its exact payments are suggested), or press Pass. Then place the tile as you place a "
            "bought tile."
        ),
        N_("On your turn, the Wake vizier button wakes a sleeping vizier as your turn's action."),
        N_("Every player's vizier, awake or asleep, is shown at the table."),
    ),
)
