"""The treasure chamber's page of the rules help (RULES.md §11.6, expansion 4): its rules, reconstructed from the
official sheets' openings and reviews, the choices this game makes (RULES.md's **Choice** lines and
docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the treasure chamber module's page in the rules help (short).
    N_("Chests"),
    N_("Treasure chamber"),
    N_(
        "Buy treasure chests, put them on your buildings of their colour and score for the most chests. Only the "
        "openings of the official sheets and reviews were found: the rules are reconstructed from summaries, and "
        "where they say nothing this game makes a choice, listed below."
    ),
    (
        N_(
            "42 chests in the six building colours lie in a bag; four are drawn into each of the treasure "
            "chamber's three rooms."
        ),
        N_(
            "As your turn's action you may buy all four chests of one room: pay at least 8 in money of any "
            "currencies. No change is given, and paying exactly 8 gives no other action."
        ),
        N_(
            "The chests are placed in the turn they were bought: each on a building of its colour in your "
            "Alhambra, at most one chest per building; buildings on the reserve take none. What you cannot place "
            "goes to the next player, who places what they can for free, and so on; what nobody can place goes "
            "back into the bag."
        ),
        N_(
            "Then the emptied room is refilled with four chests from the bag. If fewer than four are left, it "
            "stays empty and no room is refilled again."
        ),
        N_(
            "At every scoring players are ranked by their chests on buildings in their Alhambra, whatever the "
            "colour: 7 points at the first scoring; 14 and 7 at the second; 22, 14 and 7 at the third."
        ),
    ),
    (
        N_(
            "The purchase may be the action after an exact purchase, and it ends your turn's actions. An empty "
            "room cannot be bought. Buying is allowed even if nobody can place the chests."
        ),
        N_(
            "Money cards and change coins pay; exchange cards are not needed and pay nothing. Overpaying gives no "
            "change coins."
        ),
        N_(
            "The chests are placed after the turn's placements, so buildings bought this turn may take one, and "
            "before the market is refilled. They go once round the table in seat order, not back to the buyer, "
            "and skip Dirk. Everybody places as many as they can and chooses the buildings."
        ),
        N_(
            "A chest stays on its building: on the reserve it does not count, and counts again when the building "
            "returns. Only the six building types take chests."
        ),
        N_("Once a room stays empty the chamber is closed for good, even if chests later go back into the bag."),
        N_(
            "Ties share the points of the places they take, and you need at least one chest to rank. Dirk never "
            "takes part."
        ),
    ),
    (
        N_(
            "The treasure chamber is beside the market. On your turn click a room: the cheapest payment is "
            "suggested (X: another); click cards of your hand to change it (at least 8), then Buy under the rooms "
            "or Enter."
        ),
        N_("Placing a chest: your buildings that may take one are lit; click one. Chests of one colour are alike."),
        N_("Chests sit on the buildings of every Alhambra, and the score sheet has a row for them."),
    ),
)
