"""The camps' page of the rules help (RULES.md §9.5, the 2024 edition): the pieces, buying and placing them with
drawn examples of where a camp may go, the scoring with a camp's arrows drawn over the tiles they count, this
game's choices and how it is played here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import CAMPS, TILE_WALLS, E, N, S, W
from game.i18n import N_

from .. import theme
from ..help_blocks import (
    CHOICES_TITLE,
    Example,
    HelpPage,
    HelpSection,
    Piece,
    Placed,
    arrow_line,
    draw_number,
    example_grid,
    notes_beside,
    piece_art,
)

if TYPE_CHECKING:
    from ..widgets import Ui


CAMP_OF_BASTIONS = {TILE_WALLS[tile]: tile for tile in CAMPS}  # every camp's arrows are its bastions


def camp_piece(x: int, y: int, bastions: int) -> Piece:
    """The camp of the game with these bastions (which are also its arrows) at ``(x, y)`` of an example."""
    return (x, y, CAMP_OF_BASTIONS[bastions], bastions)


CAMP_EXAMPLES: tuple[Example, ...] = (
    (
        # TRANSLATORS: captions under drawn examples of placing a camp, each with a check (fine) or a cross
        # (not allowed); this and the next three.
        N_("Bastion against a wall: fine"),
        True,
        ((0, 0, "start", 0), (1, 0, "garden", S), camp_piece(1, 1, N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Bastion against an open side: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "garden", 0), camp_piece(1, 1, N)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Green side against a wall: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "tower", S), camp_piece(1, 1, W)),
        (1, 1),
        ("edge", 1, 1, N),
    ),
    (
        N_("Two camps, green against green: fine"),
        True,
        ((0, 0, "start", 0), (1, 0, "garden", S), (2, 0, "tower", S), camp_piece(1, 1, N), camp_piece(2, 1, N | E)),
        (2, 1),
        ("edge", 2, 1, W),
    ),
)
# The camp whose arrows the scoring example follows, in a small Alhambra: (x, y) as on the table, y down.
CAMP_LINE_TILES: tuple[Piece, ...] = (
    (0, 0, "start", 0),
    (1, 0, "garden", N),
    (2, 0, "tower", N | E),
    (0, 1, "seraglio", W | S),
    (1, 1, "arcades", 0),
    (2, 1, "pavilion", E),
    camp_piece(0, 2, N | E),
    (1, 2, "chambers", W | E | S),
    (2, 2, "garden", W | S | E),
)
CAMP_LINE_NOTES = (
    # TRANSLATORS: notes beside a drawn camp whose arrows count the tiles in line with them; this and the next two.
    N_("Arrow north: a seraglio and the fountain, then empty space: 2 points."),
    N_("Arrow east: the chambers and, across the wall, the garden, then empty space: 2 points."),
    N_("The camp scores 4 points at every scoring."),
)


def camp_line(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-CAMP-3] a camp's two arrows drawn over the tiles they count, with the empty cells that end them."""
    cell = ui.px(62)
    xs = [t[0] for t in CAMP_LINE_TILES]
    ys = [t[1] for t in CAMP_LINE_TILES]
    cols, rows = max(xs) + 2, max(ys) + 2  # one empty cell past the east end and one before the north end
    surface, art = notes_beside(ui, width, (cols * cell, rows * cell), CAMP_LINE_NOTES, placed)

    def cell_rect(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(art.x + x * cell, art.y + (y + 1) * cell, cell, cell)

    for x, y in ((0, -1), (3, 2)):  # where the lines end: empty space
        pygame.draw.rect(surface, theme.TEXT_FAINT, cell_rect(x, y).inflate(-8, -8), 1, border_radius=4)
    for x, y, kind, walls in CAMP_LINE_TILES:
        surface.blit(piece_art(ui, kind, walls, cell), cell_rect(x, y))
    camp = cell_rect(0, 2)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, camp.inflate(4, 4), 2, border_radius=3)
    arrow_line(surface, camp.center, (cell_rect(0, 0).centerx, cell_rect(0, 0).top + cell // 5), ui.px(4))
    arrow_line(surface, camp.center, (cell_rect(2, 2).right - cell // 5, camp.centery), ui.px(4))
    r = ui.px(11)
    for number, (x, y) in enumerate(((0, 1), (0, 0)), start=1):
        rect = cell_rect(x, y)
        draw_number(ui, surface, (rect.x + r + 4, rect.centery), str(number), r)
    for number, (x, y) in enumerate(((1, 2), (2, 2)), start=1):
        rect = cell_rect(x, y)
        draw_number(ui, surface, (rect.centerx, rect.y + r + 4), str(number), r)
    return surface


PAGE = HelpPage(
    # TRANSLATORS: the tab and the title of the camps module's page (2024 edition).
    N_("Camps"),
    N_("Camps"),
    N_(
        "Camps are tiles of open country that lean with their bastions against the walls of your Alhambra. "
        "Their arrows score the tiles in line with them, at every scoring."
    ),
    (
        HelpSection(
            # TRANSLATORS: a heading of a module page: the pieces the module adds.
            N_("The pieces"),
            (
                N_(
                    "Eight camp tiles. Each shows one or two bastion sides (fortified walls) with an arrow "
                    "pointing out across each bastion; its other sides are green (open country). A camp with one "
                    "arrow costs 5 or 6, one with two arrows 8 or 9."
                ),
                N_(
                    "At setup the camps are shuffled into the bag with the building tiles, so they come into the "
                    "market like buildings."
                ),
                N_("A camp is not a building of any type: it never counts for the majorities."),
            ),
        ),
        HelpSection(
            # TRANSLATORS: a heading of a module page: how its pieces are bought and placed.
            N_("Buying and placing"),
            (
                N_(
                    "A camp in the market is bought like a building: with money of its slot's currency, at least "
                    "its cost, no change given. Pay exactly and you may take another action, as usual."
                ),
                N_(
                    "At the end of your turn you place it like a bought tile, in your Alhambra or on your reserve, "
                    "upright as printed, never turned."
                ),
                N_(
                    "A bastion may only touch a wall of another tile, never a camp. Two camps may only touch along "
                    "green sides. A green side or a bastion never touches an open side."
                ),
                N_(
                    "Like any tile, a camp must share a full side with your Alhambra and may not close a hole. But "
                    "it need not be reachable on foot from the Lion Fountain."
                ),
                N_("Redesigning works for camps as for other tiles, as long as every camp still fits afterwards."),
                N_(
                    "Bastions count as walls for the wall scoring: a bastion on the outside of your Alhambra can "
                    "lengthen your longest wall."
                ),
            ),
            (example_grid(CAMP_EXAMPLES, box=(225, 220)),),
        ),
        HelpSection(
            N_("Scoring"),
            (
                N_(
                    "At every scoring, all three of them, each camp scores for each of its arrows: 1 point per "
                    "tile in the unbroken straight line of tiles that starts next to the camp and runs the way "
                    "the arrow points."
                ),
                N_(
                    "Walls inside your Alhambra do not break the line. The Lion Fountain and bazaars count as "
                    "tiles like buildings do."
                ),
                N_(
                    "Example (below): the camp's arrow to the north runs over a seraglio and the fountain, then "
                    "meets empty space: 2 points. Its arrow to the east runs over the chambers and, across the "
                    "wall between them, a garden: 2 points. The camp scores 4 points at each scoring, 12 over the "
                    "game if nothing changes."
                ),
            ),
            (camp_line,),
        ),
        HelpSection(
            CHOICES_TITLE,
            (
                N_(
                    "A camp touches other tiles only with its bastions against their walls: a green side never "
                    "touches a wall. Camps meet each other only green against green."
                ),
                N_("Nobody walks through a camp: it never joins two parts of your Alhambra for the on-foot rule."),
                N_("A camp always shares a side with your Alhambra: no redesign may cut one off."),
                N_(
                    "An empty space or another camp ends an arrow's line. Huts count in the line, like the "
                    "fountain and bazaars."
                ),
                N_(
                    "A camp left in the market at the end of the game is given out like a building: to the player "
                    "holding the most money of its slot's currency (a tie: nobody)."
                ),
                N_(
                    "With two players, a camp drawn for the neutral collector is his but never scores for him, and "
                    "a camp you bought may be given to him like any tile."
                ),
            ),
        ),
        HelpSection(
            # TRANSLATORS: a heading: how it is played with this program (clicks and keys).
            N_("At the table"),
            (
                N_(
                    "A camp in the market is bought like a building: click its slot (or press the slot's key), "
                    "pick the payment, Buy. At the end of your turn click it in your tray (or Tab) and then a lit "
                    "place, or drag it there; a place it may not take shows a cross and says why. T puts it on "
                    "your reserve; from there a click on it and on a lit place builds it back, as a redesign."
                ),
                N_(
                    "At each scoring the score sheet has a row Camp lines: the tiles in line with each arrow, one "
                    "number per arrow, and over the mouse which camp's arrow runs over how many tiles."
                ),
            ),
        ),
    ),
)
