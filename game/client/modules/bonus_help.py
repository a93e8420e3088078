"""The bonus cards' page of the rules help (RULES.md §9.4): its rules, this game's choices and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the bonus cards module's page in the rules help (short).
    N_("Bonus cards"),
    N_("Bonus cards"),
    N_("Secret cards, each naming one building tile, that count one more building once that tile is yours."),
    (
        N_(
            "Ten bonus cards, each naming one of the ten building tiles without walls, by type and cost. Each "
            "player is dealt some face down: 3 each with 2 or 3 players, 2 with 4 or 5, 1 with 6."
        ),
        N_(
            "You may reveal a card at any time while a tile of its type and cost is in your Alhambra (not on the "
            "reserve). A revealed card counts as one more building of that type at the scorings."
        ),
        N_("If that tile leaves your Alhambra, the card turns face down again; it may be revealed again later."),
    ),
    (
        N_("Any tile of the named type and cost makes the card count, also one with walls."),
        N_(
            "Right before each scoring, every card that may be revealed is revealed automatically (revealing can "
            "never hurt). Turning face down again is automatic too."
        ),
        N_("The others do not know your face-down cards; once revealed, everyone sees them."),
    ),
    (
        N_(
            "Your bonus cards are shown to you alone. The game offers to reveal a card when its tile is "
            "placed; you may also wait: the scoring reveals it for you."
        ),
    ),
)
