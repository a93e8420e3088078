"""The city walls' page of the rules help (RULES.md §11.4, expansion 3): its rules, reconstructed from summaries, the
choices this game makes (RULES.md's **Choice** lines and docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the city walls module's page in the rules help (short).
    N_("City walls"),
    N_("City walls"),
    N_(
        "Wall cards let you build walls on your own tiles. Only the opening of the official rule sheet could be "
        "read: these rules are reconstructed from it and from summaries and reviews, and this game decides what "
        "they leave open (the cards' walls too)."
    ),
    (
        N_("Eight wall cards and twelve wooden sticks. Each card shows one wall, or two meeting at a corner."),
        N_(
            "Two wall cards are shuffled into each of money piles 2 to 5. A wall card drawn while the offer is "
            "refilled lies face up beside the market, any number of them; drawing goes on until the offer holds "
            "four cards."
        ),
        N_(
            "New action, build a wall: take a face-up wall card and build exactly its walls on one of your own "
            "tiles: one bought this turn and not yet placed, one in your Alhambra, or one on your reserve. Printed "
            "walls may not be built over: every side the card shows must be without a wall."
        ),
        N_("On a tile in your Alhambra every new wall must face an empty cell."),
        N_(
            "Built walls are permanent and belong to their tile: they move with it and count like printed walls for "
            "every purpose: matching, the way on foot, redesign and the wall scoring."
        ),
    ),
    (
        N_(
            "The wall cards are this game's own set (the printed ones could not be found): the four single walls "
            "and the four corners, twelve sticks in all."
        ),
        N_("All eight cards are used, two in each of piles 2 to 5."),
        N_("A card used leaves the game. One card per action."),
        N_(
            "Building a wall is an action like a redesign: it may be the action after an exact payment and never "
            "grants another."
        ),
        N_(
            "Any tile of yours takes walls: a building, a hut, a bazaar or the start tile; not a camp, whose sides "
            "are bastions or open country."
        ),
        N_(
            "A tile on the reserve or still waiting takes walls on any free side; it must match its neighbours "
            "with them when it is placed, so a tile walled on all four sides comes in only through a city gate."
        ),
        N_(
            "The neutral collector of a two-player game gets no wall cards; a walled tile given to him keeps its "
            "sticks, which never score."
        ),
    ),
    (
        N_(
            "The face-up wall cards stand at the right end of the market row. On your turn click one, then one "
            "of your lit tiles, in the tray or in your Alhambra; a tile that cannot take it says why."
        ),
        N_(
            "A wall built is a wooden stick with round cut ends, set in from the tile's corners; printed walls are "
            "stone bands running to the corners. It is drawn on the tile wherever the tile goes: every Alhambra, "
            "the tray and the reserve."
        ),
    ),
)
