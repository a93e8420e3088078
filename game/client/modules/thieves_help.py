"""The thieves' page of the rules help (RULES.md §11.3, expansion 3): its rules, reconstructed from summaries, the
choices this game makes (RULES.md's **Choice** lines and docs/RULE_CHOICES.md) and how it is played here."""

from __future__ import annotations

from game.i18n import N_

from ..help_blocks import HelpPage

PAGE = HelpPage.of_rules(
    # TRANSLATORS: the tab of the thieves module's page in the rules help (short).
    N_("Thieves"),
    N_("Thieves"),
    N_(
        "Secret thief cards steal money from the offer between turns. No complete rule sheet of this expansion "
        "could be read: these rules are reconstructed from summaries and reviews, and this game decides what they "
        "leave open."
    ),
    (
        N_("Twelve thief cards, three for each currency. A thief card is not money and pays for nothing."),
        N_(
            "At the start each player gets thief cards face down: 4 each with two or three players, 3 with four, "
            "2 with five or six. The rest go back into the box unseen. Your thieves are secret until played."
        ),
        N_(
            "After every complete turn a thief window opens. Asked, you may play a thief: take one money card of "
            "its currency from the offer, whatever its value. The thief leaves the game and the offer is refilled "
            "at once. You may play several thieves one after the other, or none."
        ),
        N_("The player whose turn comes next may not steal just before their own turn."),
        N_("A thief takes only money cards: no exchange cards or other cards. Playing one is not an action."),
    ),
    (
        N_(
            "Who may steal: with three or more players, everyone except the player who has just ended and the "
            "player whose turn comes next; with two players, only the player whose turn comes next."
        ),
        N_(
            "The players who may steal are asked once each, clockwise, starting with the one nearest the player "
            "who has just ended. Only players holding a thief of a currency in the offer are asked."
        ),
        N_(
            "The window opens when the turn is completely over (tiles placed, market and offer refilled, its "
            "scorings done). A scoring card drawn in the window is scored when the window closes."
        ),
        N_("The thief window comes before the vizier window, so a stolen card may pay for a vizier purchase."),
        N_("With two players each gets 4 thieves and the neutral collector none; he never steals."),
        N_("No thief window after the game's last turn: thieves left in hand are worthless."),
    ),
    (
        N_(
            "Your thief cards stand face up beside your Alhambra; the other players' lie face down on their "
            "panels, so you see how many they hold but not which."
        ),
        N_(
            "When the window asks you, the table says so and your thieves that can steal glow. Click a money card "
            "of a thief's currency in the offer (or the glowing thief, when only one such card lies there) to "
            "steal it, as often as you like; Keep thieves (K) ends your part of the window."
        ),
        N_(
            "With several people at one screen, the screen passes behind a curtain before a person is asked out "
            "of turn: thieves are secret."
        ),
    ),
)
