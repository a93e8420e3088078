"""The keyboard shortcuts of the table, in one list: the rules help prints it, buttons quote it.

Each entry is (keys, what they do), both English sources marked for the catalogues and translated where
they are shown (``_(keys)``, ``_(description)``): the language can change while the game runs.
"""

from game.i18n import N_

from .modules import SHORTCUTS as MODULE_SHORTCUTS

END_TURN_KEY = "N"  # declines an exact payment's extra action ([B-TURN-4]); no other table key uses it

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("1 2 3 4", N_("select or unselect a card of the money offer")),
    ("Q W E R", N_("choose the tile in market slot 1, 2, 3 or 4 to buy")),
    (
        "X",
        N_("while buying: pick the next suggested payment (exact payments first), or the next card for a falcon"),
    ),
    ("Enter", N_("confirm: take the selected cards, buy, or end the turn (Done, after buying falcons)")),
    (END_TURN_KEY, N_("after an exact payment: skip the extra action and place your tiles")),
    ("Tab", N_("select the next tile waiting to be placed; with a falcon picked, the next lit corner")),
    ("T", N_("put the selected tile on the reserve")),
    *MODULE_SHORTCUTS,  # the rule modules' places for a bought tile
    # TRANSLATORS: keys of the keyboard: translate only the word "or"
    (N_("Z  or  Ctrl+Z"), N_("undo: restart your turn (until it is confirmed)")),
    ("H", N_("hint: what a computer player would do, and why")),
    ("L", N_("the game log: enlarge it, hide it, show it again")),
    ("+  −  0", N_("zoom your Alhambra in, out, or to fit; drag with the right button to pan")),
    # TRANSLATORS: the space bar, as a keycap says it
    (N_("Space"), N_("finish the animations in progress at once")),
    ("Esc", N_("cancel the selection; with nothing selected, the game menu")),
    ("F11", N_("fullscreen on or off")),
    ("M", N_("sound on or off")),
)
