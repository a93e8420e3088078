"""The falconers' page of the rules help (RULES.md §9.7, the 2024 edition): the pieces, buying and placing them with
drawn falcons on corners where they may and may not go, the scoring with its table and a worked example, this
game's choices and how it is played here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import FALCON_KIND, FALCON_POINTS, E, N, S, W
from game.i18n import N_, _, ngettext, words

from .. import theme
from ..help_blocks import (
    CHOICES_TITLE,
    HelpPage,
    HelpSection,
    Piece,
    Placed,
    draw_mark,
    flip,
    mirrored,
    piece_art,
    text_in,
)

if TYPE_CHECKING:
    from ..widgets import Ui


FALCON_EXAMPLE = 104  # a black falcon of chambers (white) and garden (green)
# (caption, fine?, the tiles around the corner at the middle of a 2 x 2 grid)
FALCON_CORNERS: tuple[tuple[str, bool, tuple[Piece, ...]], ...] = (
    (
        # TRANSLATORS: captions under drawn falcons on corners (the falcon shows white and green), each with a
        # check or a cross; this and the next two.
        N_("Four tiles meet, white and green among them: fine"),
        True,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "garden", S | E)),
    ),
    (
        N_("No green tile at this corner: not allowed"),
        False,
        ((0, 0, "chambers", N | W), (1, 0, "start", 0), (0, 1, "tower", W | S), (1, 1, "pavilion", S | E)),
    ),
    (
        N_("Only three tiles meet here: not allowed"),
        False,
        ((0, 0, "start", 0), (1, 0, "garden", N | E), (0, 1, "chambers", W | S)),
    ),
)
FALCON_HAND = ((100, 101, 103), (105,), (110, 114))  # the scoring example: 3 black, 1 brown, 2 white


def falcon_corners(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-FALCON-3] a falcon on a corner of four tiles, and two corners where it may not go."""
    cell, token = ui.px(64), ui.px(40)
    box_w, art_h, text_h = ui.px(250), 2 * cell + ui.px(12), ui.px(48)
    box_h = art_h + ui.px(10) + text_h
    per_row = max(1, width // box_w)
    rows = (len(FALCON_CORNERS) + per_row - 1) // per_row
    surface = pygame.Surface((width, rows * box_h), pygame.SRCALPHA)
    left = (width - per_row * box_w) // 2
    for index, (caption, ok, tiles) in enumerate(FALCON_CORNERS):
        ox, oy = left + (index % per_row) * box_w, (index // per_row) * box_h
        gx, gy = ox + (box_w - 2 * cell) // 2, oy + ui.px(6)
        for x, y, kind, walls in tiles:
            surface.blit(piece_art(ui, kind, walls, cell), (gx + x * cell, gy + y * cell))
        corner = (gx + cell, gy + cell)
        surface.blit(
            ui.sprites.shadow((token, token), token // 2, 3, 140),
            (corner[0] - token // 2 - 4, corner[1] - token // 2 - 2),
        )
        surface.blit(ui.sprites.falcon(FALCON_EXAMPLE, token), (corner[0] - token // 2, corner[1] - token // 2))
        draw_mark(surface, (corner[0] + token // 2, corner[1] - token // 2), ok, ui.px(10))
        if placed is not None:
            placed.append(("art", pygame.Rect(gx, gy, 2 * cell, 2 * cell)))
        room = pygame.Rect(ox + ui.px(8), oy + art_h + ui.px(10), box_w - ui.px(16), text_h)
        text_in(ui, surface, _(caption), room, ui.font_px(14), placed)
    return surface


def falcon_points(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-FALCON-5] the points for falcons of one kind, and the example's three kinds added up (a table: it
    reads from the right in a right-to-left language)."""
    size = ui.font_px(16)
    line_h = ui.text.size("Ag", size, "bold")[1] + 2
    row_h = line_h + ui.px(8)
    label_w, col_w = ui.px(210), ui.px(56)
    token, step = ui.px(36), ui.px(30)
    x0 = ui.px(22)
    height = 2 * row_h + ui.px(12) + len(FALCON_HAND) * (token + ui.px(8)) + row_h
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rows = (
        # TRANSLATORS: a row of the falcon points table: how many falcons of one kind (black, brown or white).
        (_("Falcons of one kind"), range(1, 6), theme.GOLD_LIGHT),
        # TRANSLATORS: a row of the falcon points table: the points for that many falcons.
        (_("Points"), FALCON_POINTS[1:6], theme.IVORY),
    )
    for r, (label, values, colour) in enumerate(rows):
        y = r * row_h
        room = mirrored(pygame.Rect(x0, y, label_w, line_h), width)
        text_in(ui, surface, label, room, size, placed, colour, False, "bold")
        for c, value in enumerate(values):
            room = mirrored(pygame.Rect(x0 + label_w + c * col_w, y, col_w, line_h), width)
            text_in(ui, surface, str(value), room, size, placed, colour)
    y = 2 * row_h + ui.px(12)
    label_x = x0 + (max(len(falcons) for falcons in FALCON_HAND) - 1) * step + token + ui.px(18)
    points = [FALCON_POINTS[len(falcons)] for falcons in FALCON_HAND]
    for falcons, score in zip(FALCON_HAND, points, strict=True):
        for i, falcon in enumerate(falcons):
            surface.blit(ui.sprites.falcon(falcon, token), (flip(x0 + i * step, token, width), y))
        if placed is not None:
            placed.append(("art", mirrored(pygame.Rect(x0, y, (len(falcons) - 1) * step + token, token), width)))
        kind = _(words.FALCON_KIND_NAMES[FALCON_KIND[falcons[0]]])  # type: ignore[index]
        # TRANSLATORS: beside drawn falcons of one kind: "3 black: 12 points" (three black falcons score 12 points).
        label = ngettext("{count} {kind}: {points} point", "{count} {kind}: {points} points", score)
        room = mirrored(pygame.Rect(label_x, y + (token - line_h) // 2, width - label_x, line_h), width)
        said = label.format(count=len(falcons), kind=kind, points=score)
        text_in(ui, surface, said, room, size, placed, theme.IVORY, False)
        y += token + ui.px(8)
    # TRANSLATORS: under the falcon example: "In all: 12 + 2 + 6 = 20 points at each scoring".
    total = ngettext(
        "In all: {sum} = {total} point at each scoring", "In all: {sum} = {total} points at each scoring", sum(points)
    ).format(sum=" + ".join(map(str, points)), total=sum(points))
    text_in(
        ui,
        surface,
        total,
        mirrored(pygame.Rect(x0, y + ui.px(4), width - x0, line_h), width),
        size,
        placed,
        theme.GOLD_LIGHT,
        False,
        "bold",
    )
    return surface


PAGE = HelpPage(
    # TRANSLATORS: the tab and the title of the falconers module's page (2024 edition).
    N_("Falconers"),
    N_("Falconers"),
    N_(
        "Falcons perch on the corners where four tiles of your Alhambra meet. Collect many of one kind: each kind "
        "scores at every scoring."
    ),
    (
        HelpSection(
            N_("The pieces"),
            (
                N_(
                    "Fifteen falcons of three kinds, black, brown and white, five of each. Each falcon shows two "
                    "building colours."
                ),
                N_("At setup all fifteen lie beside the board, a supply open to everyone."),
            ),
        ),
        HelpSection(
            N_("Buying and placing"),
            (
                N_(
                    "New action: buy falcons. It must be the only action of your turn: never the extra action an "
                    "exact payment gives, and nothing else follows it."
                ),
                N_(
                    "You may buy one or more falcons at once. Each costs one money card, of any currency and any value."
                ),
                N_(
                    "Put each falcon at once on a corner where four tiles of your Alhambra meet, one falcon per "
                    "corner at most. Each of its two colours must show on at least one of those four tiles."
                ),
                N_(
                    "Falcons never go to the reserve and are never moved. When a tile under a falcon leaves your "
                    "Alhambra, the falcon goes back to the supply."
                ),
            ),
            (falcon_corners,),
        ),
        HelpSection(
            N_("Scoring"),
            (
                N_(
                    "At every scoring, each kind of falcon scores on its own, by how many of that kind you have: "
                    "1 falcon scores 2 points, 2 score 6, 3 score 12, 4 score 20 and 5 score 30."
                ),
                N_(
                    "Example (below): three black falcons, one brown and two white score 12 + 2 + 6 = 20 points, "
                    "at each scoring while they stay."
                ),
            ),
            (falcon_points,),
        ),
        HelpSection(
            CHOICES_TITLE,
            (
                N_(
                    "Any tile of your Alhambra may be one of the four: the Lion Fountain, a hut, a camp or a "
                    "bazaar too. But only the six building types give colours: a hut's colour does not count."
                ),
                N_(
                    "A swap in a redesign counts as the tile leaving: the falcons on the tile swapped out go back "
                    "to the supply."
                ),
                N_("An exchange card is not a money card: it cannot pay for a falcon."),
                N_("With two players, the neutral collector gets no falcons."),
            ),
        ),
        HelpSection(
            N_("At the table"),
            (
                N_(
                    "Buying falcons is your turn's only action: choose it before you do anything else. Click Buy "
                    "falcons (F) or a lit falcon of the supply, under the other players: the corners of your "
                    "Alhambra that take it light up, and your cheapest money card is chosen to pay for it (X, or a "
                    "click on another card, changes it)."
                ),
                N_(
                    "Click a lit corner, or drag the falcon onto it. With the keys, Tab chooses a corner and Enter "
                    "buys it there. Esc drops the falcon: before your first one, you may still take money, buy a "
                    "building or redesign."
                ),
                N_(
                    "Buy more the same way, then click Done (Enter) to end your turn. Every player's falcons sit "
                    "on the corners of their Alhambra; point at one to read its colours."
                ),
            ),
        ),
    ),
)
