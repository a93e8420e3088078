"""The bazaars' page of the rules help (RULES.md §9.6, the 2024 edition): the pieces, buying and placing them with a
drawn market that prices the bazaars waiting beside it, the scoring with a bazaar drawn among its eight
neighbours, this game's choices and how it is played here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import BAZAAR_CURRENCY, MARKET_CURRENCY, E, N, S, W
from game.i18n import N_, _

from .. import theme
from ..help_blocks import (
    CHOICES_TITLE,
    EXAMPLE_COSTS,
    HelpPage,
    HelpSection,
    Placed,
    draw_mark,
    notes_beside,
    piece_art,
    text_height,
    text_in,
)

if TYPE_CHECKING:
    from ..widgets import Ui


BAZAAR_EXAMPLE = 96  # the denar bazaar of pavilion, arcades and chambers
# Its eight neighbours: (x, y, kind, walls, counts?) around the bazaar at (1, 1).
BAZAAR_NEIGHBOURS: tuple[tuple[int, int, str, int, bool], ...] = (
    (0, 0, "pavilion", N | W, True),
    (1, 0, "start", 0, False),
    (2, 0, "arcades", N | E, True),
    (0, 1, "tower", W, False),
    (2, 1, "pavilion", E, True),
    (0, 2, "hut_arcades", S | W, False),
    (1, 2, "arcades", S, True),
    (2, 2, "garden", S | E, False),
)
BAZAAR_NOTES = (
    # TRANSLATORS: notes beside a drawn bazaar and its eight neighbours; this and the next three.
    N_("Its colours: blue, brown and white."),
    N_("Neighbours of its colours: 2 pavilions and 2 arcades = 4."),
    N_("Its colours among them: blue and brown = 2."),
    N_("4 × 2 = 8 points, at the final scoring only."),
)
# The market of the price example (each slot's tile type, at its EXAMPLE_COSTS) and the bazaars waiting beside it.
BAZAAR_MARKET = ("garden", "pavilion", "arcades", "tower")
BAZAARS_WAITING = (92, BAZAAR_EXAMPLE)


def bazaar_neighbours(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-BAZAAR-5] a bazaar and its eight neighbours: the ones it counts checked, the others dimmed."""
    cell = ui.px(64)
    surface, art = notes_beside(ui, width, (3 * cell, 3 * cell), BAZAAR_NOTES, placed)
    centre = pygame.Rect(art.x + cell, art.y + cell, cell, cell)
    surface.blit(ui.sprites.tile(BAZAAR_EXAMPLE, cell), centre)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, centre.inflate(4, 4), 2, border_radius=3)
    shade = pygame.Surface((cell, cell), pygame.SRCALPHA)
    shade.fill((10, 16, 18, 150))
    for x, y, kind, walls, counts in BAZAAR_NEIGHBOURS:
        rect = pygame.Rect(art.x + x * cell, art.y + y * cell, cell, cell)
        surface.blit(piece_art(ui, kind, walls, cell), rect)
        if counts:
            draw_mark(surface, (rect.right - ui.px(12), rect.top + ui.px(12)), True, ui.px(9))
        else:
            surface.blit(shade, rect)
    return surface


def bazaar_prices(ui: Ui, width: int, placed: Placed | None = None) -> pygame.Surface:
    """[M-BAZAAR-2] [M-BAZAAR-3] the market with two bazaars waiting beside it, each priced by its slot."""
    cell, badge, gap = ui.px(62), ui.px(26), ui.px(10)
    size = ui.font_px(15)
    slots_w = 4 * cell + 3 * gap
    waiting_w = len(BAZAARS_WAITING) * cell + (len(BAZAARS_WAITING) - 1) * gap
    apart = ui.px(48)
    total_w = slots_w + apart + waiting_w
    label_y = badge + ui.px(6) + cell + ui.px(6)
    captions = (
        # TRANSLATORS: caption under a drawing of the market's four slots (tiles and currencies).
        (_("The market: slots 1 to 4"), slots_w),
        # TRANSLATORS: caption under two drawn bazaars that wait beside the market to be bought.
        (_("Waiting beside it"), waiting_w + 2 * gap),
    )
    label_h = max(text_height(ui, text, size, w) for text, w in captions)
    height = label_y + label_h + ui.px(10)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    x0 = (width - total_w) // 2
    tiles_y = badge + ui.px(6)
    for slot, kind in enumerate(BAZAAR_MARKET):
        x = x0 + slot * (cell + gap)
        surface.blit(ui.sprites.currency_badge(MARKET_CURRENCY[slot], badge), (x + (cell - badge) // 2, 0))
        surface.blit(piece_art(ui, kind, 0, cell), (x, tiles_y))
    room = pygame.Rect(x0, label_y, captions[0][1], label_h)
    text_in(ui, surface, captions[0][0], room, size, placed, theme.TEXT_DIM)
    wx = x0 + slots_w + apart
    divider = x0 + slots_w + apart // 2
    pygame.draw.line(surface, theme.GOLD_DARK, (divider, ui.px(4)), (divider, tiles_y + cell), 1)
    for i, bazaar in enumerate(BAZAARS_WAITING):
        x = wx + i * (cell + gap)
        surface.blit(ui.sprites.tile(bazaar, cell), (x, tiles_y))
        price = EXAMPLE_COSTS[BAZAAR_MARKET[MARKET_CURRENCY.index(BAZAAR_CURRENCY[bazaar])]]  # type: ignore[arg-type]
        # TRANSLATORS: above a drawn bazaar: what it costs now.
        word = ui.text.render(_("costs {price}").format(price=price), ui.font_px(14), theme.GOLD_LIGHT, "bold")
        rect = word.get_rect(midtop=(x + cell // 2, ui.px(4)))
        surface.blit(word, rect)
        if placed is not None:
            placed += [("room", rect.copy()), ("text", rect)]
    room = pygame.Rect(wx - gap, label_y, captions[1][1], label_h)
    text_in(ui, surface, captions[1][0], room, size, placed, theme.TEXT_DIM)
    if placed is not None:
        placed += [("art", pygame.Rect(x0, tiles_y, slots_w, cell)), ("art", pygame.Rect(wx, tiles_y, waiting_w, cell))]
    return surface


PAGE = HelpPage(
    # TRANSLATORS: the tab and the title of the bazaars module's page (2024 edition).
    N_("Bazaars"),
    N_("Bazaars"),
    N_(
        "Bazaars are market stalls that wait beside the market, priced by the tile in their currency's slot. "
        "Built among buildings of their three colours, they score at the end of the game."
    ),
    (
        HelpSection(
            N_("The pieces"),
            (
                N_(
                    "Eight bazaar tiles. Each shows a currency and three building colours. A bazaar has no walls, "
                    "no cost printed on it and no building type: it never counts for the majorities."
                ),
                N_("At setup the bazaars are shuffled into the bag with the building tiles."),
                N_(
                    "A bazaar drawn to fill the market is put face up beside the market instead, and drawing goes "
                    "on until all four slots are filled. Any number of bazaars may wait there."
                ),
            ),
        ),
        HelpSection(
            N_("Buying and placing"),
            (
                N_(
                    "A bazaar costs what the tile in the market slot of its currency costs at that moment: a "
                    "florin bazaar costs as much as the tile in the florin slot. When that tile changes, so does "
                    "the price."
                ),
                N_("It must be paid exactly, in its currency, and gives you another action like any exact payment."),
                N_(
                    "It cannot be bought while the slot of its currency is empty. The market is not refilled "
                    "during a turn, so once you have bought the tile of that slot, the bazaar waits for a later "
                    "turn."
                ),
                N_("A bazaar may also be bought with the vizier."),
                N_(
                    "It is placed at the end of your turn like a bought tile, in your Alhambra or on your reserve, "
                    "under the usual building and redesign rules. Without walls, it is open on all four sides."
                ),
                N_(
                    "Bazaars still waiting beside the market at the end of the game are not given out: only the "
                    "tiles in the market are."
                ),
            ),
            (bazaar_prices,),
        ),
        HelpSection(
            N_("Scoring"),
            (
                N_("Bazaars score only once: at the third, final scoring."),
                N_(
                    "Look at the bazaar's eight neighbours, beside it and diagonally. Count the buildings among "
                    "them that show one of the bazaar's three colours, and count how many of its three colours are "
                    "there. The bazaar scores the first number times the second: at most 8 × 3 = 24 points."
                ),
                N_(
                    "Walls do not matter. One building may count for several bazaars. Only the six building types "
                    "have a colour here: huts, the fountain, camps and other bazaars count for nothing."
                ),
                N_(
                    "Example (below): a denar bazaar with blue, brown and white. Around it stand two blue "
                    "pavilions and two brown arcades, but no white chambers: 4 buildings of its colours × 2 "
                    "colours = 8 points. The brown hut counts for nothing. With chambers in place of the garden it "
                    "would score 5 × 3 = 15."
                ),
            ),
            (bazaar_neighbours,),
        ),
        HelpSection(
            CHOICES_TITLE,
            (
                N_("A camp in the bazaar's slot sets the price like a building."),
                N_("An exchange card may help pay for a bazaar: the bazaar's currency must be one of the card's two."),
                N_(
                    "With two players, a bazaar drawn for the neutral collector goes beside the market and he gets "
                    "the next tile instead. The third of the bag he gets after the second scoring counts the camps "
                    "and bazaars in it; if the bag runs short, he gets what is left. A bazaar you bought may be "
                    "given to him like any tile."
                ),
            ),
        ),
        HelpSection(
            N_("At the table"),
            (
                N_(
                    'The waiting bazaars stand at the right of the market, each with its price now, or "not for '
                    'sale" while its slot is empty. Click one (or press A for the next one you can pay): the slot '
                    "that sets its price is marked, its exact payments are suggested (with an exchange card where "
                    "one helps), and Buy (Enter) buys it. In a vizier window your vizier buys one the same way."
                ),
                N_(
                    "Place it at the end of your turn like any bought tile. At the final scoring the score sheet "
                    "has a row Bazaars: for each bazaar, its neighbours of its colours × the colours among them."
                ),
            ),
        ),
    ),
)
