"""The street traders' page of the rules help (RULES.md §11.5, expansion 3): its rules, reconstructed from summaries,
the choices this game makes (RULES.md's **Choice** lines and docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the street traders module's page in the rules help (short).
    N_("Traders"),
    N_("Street traders"),
    N_(
        "A trader's disc beside your Alhambra carries three citizens; a building placed on its cell takes one "
        "as its resident, and residents of different colours score in sets. No complete rule sheet of this "
        "expansion could be read: these rules are reconstructed from summaries and reviews, and this game "
        "decides what they leave open."
    ),
    (
        N_(
            "42 citizens, seven in each building colour, and a trader's disc per player. At the start each "
            "player chooses three citizens of different colours for their disc; the others form the open supply. "
            "The disc stands on one of the four cells next to the start tile."
        ),
        N_(
            "When you place a building on your disc's cell, the disc is set aside. If a citizen on it has the "
            "building's colour, you may move it onto the building, where it is a resident, and then put a "
            "citizen of the supply onto the disc. If none has that colour, you may exchange one citizen of the "
            "disc for one of the supply."
        ),
        N_("At the end of the turn you put the disc back on any empty cell next to your Alhambra."),
        N_(
            "At every scoring the residents in your Alhambra score in sets of different colours: a set of 1 "
            "colour scores 1 point, 2 colours 3, 3 colours 6, 4 colours 10, 5 colours 15, 6 colours 21."
        ),
    ),
    (
        N_(
            "The supply's citizen for your disc is the one you choose (the supply lies open). If the supply is "
            "empty, you get none."
        ),
        N_(
            "Only the six building types take residents, one each. A hut, camp or bazaar placed on the disc's "
            "cell only pushes the disc aside. A building that already has a resident is treated as if no colour "
            "matched."
        ),
        N_(
            "The exchange is allowed only when no citizen of the disc has the building's colour: declining to "
            "move a matching citizen allows no exchange either."
        ),
        N_(
            "The disc may go back next to any tile, the start tile too, even on a cell where no tile could be "
            "built. Once set aside it is not triggered again in that turn; after a vizier purchase it goes back "
            "right after that placement."
        ),
        N_(
            "A resident stays on its building: if the building goes to the reserve the resident goes with it and "
            "counts again when it returns."
        ),
        N_(
            "Residents are grouped the best way for you: each set holds every colour with at least that many "
            "residents. Residents blue, blue, red, green: sets of 3 and 1 colours, 6 + 1 = 7 points. They score at "
            "every scoring; the neutral collector has no disc."
        ),
        N_(
            "Each person at the table chooses their three citizens and their disc's side before the first turn, "
            "in secret; the bots choose at random. From then on everything of the traders is open."
        ),
    ),
    (
        N_(
            "Every Alhambra shows its trader's disc with its three citizens on its cell, and each resident in the "
            "top left corner of its building. A citizen carries its building's emblem."
        ),
        N_(
            "The traders' panel shows the supply and a disc. After you place a building on the disc's cell, "
            "click your citizen of its colour to move it onto the building, then a citizen of the supply; or, "
            "when none matches, click a citizen of your disc and then one of the supply to exchange them; or Leave "
            "as is (C)."
        ),
        N_("At the end of the turn the empty cells next to your Alhambra light up: click one to put the disc back."),
        N_("The score sheet shows each player's residents in sets of colours at every scoring."),
    ),
)
