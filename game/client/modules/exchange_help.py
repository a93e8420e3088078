"""The exchange offices' page of the rules help (RULES.md §9.2): its rules, this game's choices and how it is played
here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the exchange offices module's page in the rules help (short).
    N_("Exchange"),
    N_("Exchange offices"),
    N_("Six exchange cards, one for each pair of currencies, let two currencies pay for one tile."),
    (
        N_(
            "The six exchange cards are shuffled into the money cards (two each into the second, third and fourth "
            "of the five piles), so they come into the money offer during the game."
        ),
        N_("An exchange card in the offer is taken like a money card, but alone: never together with other cards."),
        N_(
            "When you buy a tile, you may use one exchange card: its two currencies then both pay for that tile. "
            "The card is discarded. One card per tile: a second purchase in the same turn needs another card."
        ),
        N_(
            "Exchange cards are shuffled back with the discarded money, and they count for nothing in the "
            "distribution at the end of the game."
        ),
    ),
    (
        N_("Taking an exchange card is a whole take-money action on its own: it has no value to add up."),
        N_("The tile's slot currency must be one of the card's two currencies."),
        N_(
            "Paying exactly with an exchange card gives the extra action, like any exact payment. An exchange card "
            "may also help a vizier purchase."
        ),
    ),
    (
        N_("Take one by selecting it alone in the money offer."),
        N_(
            "When you buy, you may choose a payment that uses one of your exchange cards: the card goes with the "
            "money you pay."
        ),
    ),
)
