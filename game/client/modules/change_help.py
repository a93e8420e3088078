"""Change's page of the rules help (RULES.md §11.2, expansion 3): its rules, reconstructed from reviews, the choices
this game makes (RULES.md's **Choice** lines and docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the change module's page in the rules help (short): coins given back as change.
    N_("Change"),
    N_("Change"),
    N_(
        "Overpay a tile and you get change: coins of value 1. No official text of this module was found: its rules "
        "are reconstructed from summaries and reviews, and where they say nothing this game makes a choice, listed "
        "below."
    ),
    (
        N_("24 coins of value 1, six in each currency, start in the change bag, with any number of players."),
        N_(
            "Whoever buys a tile from the market paying more than its cost draws one coin blindly from the change "
            "bag for every full 2 overpaid: overpaid 1 gives nothing, 2 or 3 one coin, 4 or 5 two coins. An odd "
            "unit is lost. Overpaying on purpose is allowed."
        ),
        N_(
            "Coins lie face up in front of their owner. Each pays like a money card of value 1 in its currency, "
            "also in an exact payment that gives another action."
        ),
        N_("Change scores nothing, and Dirk never gets coins."),
    ),
    (
        N_(
            "The draw is automatic: a coin never hurts its owner. If the bag holds fewer coins than owed, you get "
            "what is left."
        ),
        N_(
            "Overpaid is the total paid minus the cost, also with an exchange card. Every purchase from the market "
            "gives change, camps too, and a tile then given to Dirk. Bazaars and vizier purchases are paid "
            "exactly; chests give no change; huts and falcons cannot be overpaid."
        ),
        N_(
            "A coin may be paired through an exchange card, may pay for one falcon and may pay for chests. Coins "
            "never enter the money offer or the deck: they cannot be taken with a take-money action or stolen."
        ),
        N_("Spent coins go back into the change bag, not onto the discard pile."),
        N_(
            "At the end of the game coins count toward your total of their currency in the distribution of the "
            "last tiles."
        ),
        N_(
            "The game suggests only payments that cannot leave out a card: a card that could be left out gives "
            "money away for half as much change."
        ),
    ),
    (
        N_(
            "Your coins are the round pieces among the money of their currency in your hand; opponents' are counted "
            "with their money."
        ),
        N_("Coins join payments like money cards: suggested with the others, or clicked into a payment."),
        N_("The change bag's panel shows how many coins of each currency are left in it."),
    ),
)
