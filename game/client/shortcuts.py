"""The keyboard shortcuts of the table, in one list: the rules help prints it, buttons quote it."""

from .modules import SHORTCUTS as MODULE_SHORTCUTS

END_TURN_KEY = "N"  # declines an exact payment's extra action ([B-TURN-4]); no other table key uses it

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("1 2 3 4", "select or unselect a card of the money offer"),
    ("Q W E R", "choose the tile in market slot 1, 2, 3 or 4 to buy"),
    ("X", "while buying: pick the next suggested payment (exact payments first), or the next card for a falcon"),
    ("Enter", "confirm: take the selected cards, buy, or end the turn (Done, after buying falcons)"),
    (END_TURN_KEY, "after an exact payment: skip the extra action and place your tiles"),
    ("Tab", "select the next tile waiting to be placed; with a falcon picked, the next lit corner"),
    ("T", "put the selected tile on the reserve"),
    *MODULE_SHORTCUTS,  # the rule modules' places for a bought tile
    ("Z  or  Ctrl+Z", "undo: restart your turn (until it is confirmed)"),
    ("H", "hint: what a computer player would do, and why"),
    ("L", "show or hide the game log"),
    ("+  −  0", "zoom your Alhambra in, out, or to fit; drag with the right button to pan"),
    ("Space", "finish the animations in progress at once"),
    ("Esc", "cancel the selection; with nothing selected, the game menu"),
    ("F11", "fullscreen on or off"),
    ("M", "sound on or off"),
)
