"""The building huts' page of the rules help (RULES.md §9.3): its rules, this game's choices and how it is played
here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the building huts module's page in the rules help (short).
    N_("Huts"),
    N_("Building huts"),
    N_("Huts are free tiles that make the buildings of their colour next to them count one more."),
    (
        N_(
            "24 huts lie in six stacks by colour (3 blue, 3 red, 4 brown, 4 white, 5 green, 5 purple); the top hut "
            "of each stack is face up."
        ),
        N_(
            "New action: take the face-up hut of any stack. It costs nothing and gives no extra action. The next "
            "hut of that stack turns face up."
        ),
        N_(
            "A hut is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, "
            "under the same building rules. Its walls are walls, also for the wall scoring."
        ),
        N_(
            "A hut is not a building: it never counts in the majorities itself. But at every scoring each building "
            "of the hut's colour next to it (sharing a side) counts one more, unless a wall stands between them."
        ),
        N_("You may own at most three huts, reserve included."),
    ),
    (
        N_("A hut adds 0 to 3 to its colour. A building next to two huts of its colour counts one more for each."),
        N_("A hut cannot be given to the neutral collector, nor taken with the vizier."),
    ),
    (
        N_(
            "Take a hut by clicking the face-up hut of a stack, then place it like a bought tile; or drag it "
            "straight from its stack to its place."
        ),
        N_("At a scoring, the counts of the majorities include what your huts add."),
    ),
)
