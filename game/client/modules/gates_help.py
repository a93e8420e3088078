"""The city gates' page of the rules help (RULES.md §11.1, expansion 2): its rules, reconstructed from summaries, the
choices this game makes (RULES.md's **Choice** lines and docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the city gates module's page in the rules help (short).
    N_("City gates"),
    N_("City gates"),
    N_(
        "A gate card lets a tile join your Alhambra across a double wall. Only the opening of the official rule "
        "sheet could be read: these rules are reconstructed from it and from summaries and reviews, and this game "
        "decides what they leave open."
    ),
    (
        N_(
            "One gate card and one wooden gate per player (Dirk gets none). The cards are shuffled into money piles "
            "3, 4 and 5 when the deck is split."
        ),
        N_(
            "A gate card drawn while the offer is refilled lies face up beside the market; drawing goes on until "
            "the offer holds four cards. If one already lies there, the new one goes onto the discard pile."
        ),
        N_(
            "New action: take the face-up gate card with its wooden gate instead of money. Gate cards in hand are "
            "public."
        ),
        N_(
            "Whenever a tile enters your Alhambra, you may play gate cards with it: a tile that touches your "
            "Alhambra only across double walls (a wall against a wall) may be placed anyway. Its gate stands on "
            "that double wall, which becomes a passage for the way on foot. The card leaves the game. Using a gate "
            "is not an action."
        ),
        N_("Gates score nothing; a gate card is not money and is worthless at the end."),
    ),
    (
        N_(
            "Taking the gate card is a whole take-money action, with no money card; it may be the action after an "
            "exact payment and never grants another."
        ),
        N_("Dirk is not a player: a two-player game uses two gate cards, dealt to piles 3 and 4."),
        N_("The second gate card drawn goes onto the discard pile and so may come back after a reshuffle."),
        N_(
            "A gate stands only on a double wall made by the placement (between the tile just placed and a "
            "neighbour), never on an older inner double wall, and only where needed: each gate of a placement is "
            "needed. A gate never lifts the other building rules: a wall never touches an open side, and no holes."
        ),
        N_(
            "Gates work in every placement: at the end of a turn, in a redesign (from the reserve or a swap), "
            "after a vizier purchase and at the end of the game."
        ),
        N_(
            "A gate lasts while both its tiles stay in the Alhambra; when either leaves, the gate goes back into the "
            "box. No gate on a camp's side: camps ignore the way on foot."
        ),
        N_(
            "With the deck empty and only gate (or wall) cards on the discard pile, nothing is reshuffled and the "
            "offer stays short until money comes back."
        ),
    ),
    (
        N_(
            "The gate card beside the market stands at the right end of the market row; on your turn a click on it "
            "takes it. Your gate cards stand beside your Alhambra, the others' on their panels."
        ),
        N_(
            "When you hold a gate card, the places a tile may reach only through a gate light up with the others. "
            "Over one of them, the gate it would use is drawn on its side; drop the tile there to place it through "
            "the gate."
        ),
        N_("A gate is drawn astride its double wall on every Alhambra, for as long as it stands."),
    ),
)
