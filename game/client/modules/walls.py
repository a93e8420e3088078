"""Everything the client knows of the city walls (RULES.md §11.4, expansion 3).

The wall cards drawn in refills lie face up beside the market, any number ([M-WALL-3]): a panel at the right end of
the market row shows them, each card with its walls drawn as wooden sticks on a tile's square and their sides'
letters.  "Build a wall" ([M-WALL-4]) is made by two clicks: a wall card (``ModulePanel.card_at``: picked, it is
framed), then one of your own tiles, in the tray (bought this turn and waiting, or on the reserve) or in your
Alhambra; the tiles that take the card light up (``Moves.card_use``, judged by the engine), and a click on another
says the rules' reason (a camp, a side already walled, a new wall against a neighbour).

A wall built is a wooden stick with round cut ends lying just inside its side of the tile (``tokens/wall_<side>.png``),
set in from the corners: the printed walls are stone bands running to the corners, so the two differ in shape as
well as colour.  It is drawn on every Alhambra (``Placements.marks``, spot "overlay") and over the tile in the tray
and on a reserve (``Placements.overlays``), since it belongs to the tile ([M-WALL-7]).  The log says every event of
the module; the cards fly from the deck to the panel and from the panel to the tile.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine import extended
from game.engine.alhambra import xy_of
from game.engine.components import CARD_WALLS, SIDE_LETTERS
from game.engine.modules import walls
from game.engine.modules.walls import BuildWall
from game.engine.phases import ACTION
from game.i18n import N_, _, words

from .. import theme
from ..log_line import LogLine
from ..plain import sentences
from ..sprites import card_size
from ..views import common
from . import walls_help
from .base import ClientModule, Key, Mark, ModulePanel, Moves, Narration, Narrator, Placements

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot
    from ..widgets import Ui

NAME = walls.NAME
WIDTH = 150  # the panel's width beside the market at scale 1
CARD_LEAST = 66  # a wall card's least height at scale 1 in the dock's column


def shown(state: GameState) -> list[int]:
    """[M-WALL-3] the wall cards face up beside the market, in the order drawn."""
    part = walls.of(state)  # type: ignore[arg-type]
    return list(part.shown) if part is not None else []


def card_name(card: int) -> str:
    """A wall card as a player says it: "wall card (north, east)"."""
    return words.card(card)


def sticks(mask: int) -> tuple[str, ...]:
    """The built walls' art for a mask of sides: one stick per side."""
    return tuple(f"wall_{letter}" for bit, letter in SIDE_LETTERS if mask & bit)


def _sticks_on(state: GameState, tile: int, mask: int, at: tuple[int, int], tip: str) -> list[Mark]:
    """[M-WALL-7] the sticks built on ``tile`` (its walls ``mask``), each card's first stick with the card, which
    flies to it when played back."""
    part = walls.of(state)  # type: ignore[arg-type]
    cards = [card for card, on in zip(part.used, part.built_on, strict=True) if on == tile] if part else []
    first = {}
    for card in cards:
        first.setdefault(sticks(CARD_WALLS[card])[0], card)
    return [Mark(tile, at, tip, spot="overlay", art=art, card=first.get(art)) for art in sticks(mask)]


def builds(state: GameState) -> list[BuildWall]:
    """[M-WALL-4] every wall the turn player may build now (none outside their action)."""
    if walls.of(state) is None or state.phase != ACTION or state.is_over:  # type: ignore[arg-type]
        return []
    return walls.builds(state)  # type: ignore[arg-type, return-value]


def usable(state: GameState, card: int) -> bool:
    """Whether ``card`` may be built on one of the turn player's tiles now."""
    return any(move.card == card for move in builds(state))


def added(state: GameState, seat: int, tile: int) -> int:
    """The walls built on ``tile`` of ``seat``'s."""
    return extended.added_walls(state.boards[seat].extra, tile)


# ---------------------------------------------------------------- the log
def _up(narrator: Narrator, event: dict) -> LogLine:
    """[M-WALL-3] a wall card drawn in a refill lies face up beside the market."""
    return LogLine(
        _("A {card} is drawn: it lies face up beside the market.").format(card=card_name(event["card"])), None, "refill"
    )


def _built(narrator: Narrator, event: dict) -> LogLine:
    """[M-WALL-4] a wall card's walls built on one of the player's tiles; the card leaves the game."""
    card = event["card"]
    return narrator.tell(
        event,
        # TRANSLATORS: {sides} the sides walled ("east, south"), {tile} the tile with its printed walls
        N_("You build walls ({sides}) on {tile}; the wall card leaves the game"),
        N_("{player} builds walls ({sides}) on {tile}; the wall card leaves the game"),
        tile=words.tile(event["tile"]),
        sides=words.sides(CARD_WALLS[card]),
    )


class WallsNarration(Narration):
    """[M-WALL-3] [M-WALL-4] the module's events in the log, and the wall cards' flights."""

    sayings = {walls.UP_EVENT: _up, walls.EVENT: _built}  # noqa: RUF012 - read-only table
    timing = {walls.UP_EVENT: (0.45, 0.2), walls.EVENT: (0.5, 0.35)}  # noqa: RUF012
    sounds = {walls.UP_EVENT: "card", walls.EVENT: "place"}  # noqa: RUF012

    def moved_items(self, event: dict) -> list[Key]:
        return [("card", event["card"])] if event.get("e") in (walls.UP_EVENT, walls.EVENT) else []

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, BuildWall):
            return _("build a wall on {tile}: {sides}").format(
                tile=words.tile(action.tile), sides=words.sides(CARD_WALLS[action.card])
            )
        return None


# ---------------------------------------------------------------- the walls on the tiles
class WallsPlacements(Placements):
    """[M-WALL-7] the walls built on tiles: on every Alhambra, and over the tiles off it (tray, reserves)."""

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        board = state.boards[seat]
        if walls.of(state) is None or board.extra is None:  # type: ignore[arg-type]
            return []
        found = []
        for cell, tile in sorted(board.grid.items()):
            mask = extended.added_walls(board.extra, tile)
            if mask:
                tip = _("{tile}: walls built on it ({sides}), walls like the printed ones").format(
                    tile=words.tile(tile), sides=words.sides(mask)
                )
                found += _sticks_on(state, tile, mask, xy_of(cell), tip)
        return found

    def overlays(self, state: GameState, tile: int) -> tuple[Mark, ...]:
        if walls.of(state) is None:  # type: ignore[arg-type]
            return ()
        for board in state.boards:
            mask = extended.added_walls(board.extra, tile)
            if mask:
                return tuple(_sticks_on(state, tile, mask, (0, 0), ""))
        return ()

    def previews(self, state: GameState, action: Action) -> list[Mark]:
        """A wall waiting for End turn, on its tile in your Alhambra."""
        if not isinstance(action, BuildWall):
            return []
        cell = state.boards[state.turn_player].cell_of(action.tile)
        if cell is None:
            return []
        return [Mark(action.tile, xy_of(cell), "", spot="overlay", art=art) for art in sticks(CARD_WALLS[action.card])]


# ---------------------------------------------------------------- the panel beside the market
class WallsPanel(ModulePanel):
    """[M-WALL-3] [M-WALL-4] the wall cards face up beside the market; a click picks one to build."""

    beside_market = WIDTH

    def px(self, value: float) -> int:
        """A length of the design, scaled as the panel is (``WIDTH`` wide at scale 1), and never past
        the table's scale (in the dock's column it may be wider)."""
        return max(1, round(value * min(self.rect.w / WIDTH, self.scale)))

    def least_height(self, ui: Ui, width: int) -> int:
        """In the dock's column: the title and a row of cards ``CARD_LEAST`` high at scale 1 (their sides readable)."""
        return round(min(width / WIDTH, ui.scale) * (36 + CARD_LEAST + 6))

    def card_rects(self, count: int) -> list[pygame.Rect]:
        """``count`` cards in one row (up to three) or two, as large as the panel allows, under the title."""
        px = self.px
        area = pygame.Rect(self.rect.x + px(8), self.rect.y + px(36), self.rect.w - px(16), self.rect.h - px(42))
        if count <= 0 or area.w <= 0 or area.h <= 0:
            return []
        rows = 1 if count <= 3 else 2
        per_row = math.ceil(count / rows)
        gap = px(4)
        height = min((area.h - gap * (rows - 1)) // rows, round(((area.w - gap * (per_row - 1)) / per_row) * 1.5))
        width, height = card_size(max(12, height))
        total_w = per_row * width + (per_row - 1) * gap
        x0 = area.centerx - total_w // 2
        return [
            pygame.Rect(x0 + (i % per_row) * (width + gap), area.y + (i // per_row) * (height + gap), width, height)
            for i in range(count)
        ]

    def placed(self, state: GameState) -> dict[int, pygame.Rect]:
        cards = shown(state)
        return dict(zip(cards, self.card_rects(len(cards)), strict=True))

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        return {("card", card): rect for card, rect in self.placed(state).items()}

    def card_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        return next((card for card, rect in self.placed(snap.state).items() if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        if walls.of(state) is None:  # type: ignore[arg-type]
            return
        right = self.rect.right - px(8)
        title = common.section_title(
            ui, surface, _("City walls"), (self.rect.x + px(8), self.rect.y + px(8)), right=right
        )
        placed = self.placed(state)
        mine = snap.can_act and snap.acting
        hint = snap.hint_action
        for card, rect in placed.items():
            if ("card", card) in snap.hidden:
                continue
            surface.blit(ui.sprites.card(card, rect.h), rect)
            can = mine and usable(state, card)
            if snap.sel.use == card:
                common.selected_frame(surface, rect, 2)
            elif isinstance(hint, BuildWall) and hint.card == card and snap.can_act:
                common.glow_frame(surface, rect, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow)
            elif can:
                common.dashed_rect(surface, theme.TARGET, rect.inflate(px(4), px(4)), 2, px(6), (ui.time * 0.8) % 1)
            if rect.collidepoint(ui.mouse):
                ui.tooltip(self._card_tip(snap, card, can), rect)
        if not placed:
            small = ui.font_px(11)
            lines = ui.text.wrap(_("No wall card lies here yet."), small, self.rect.w - px(16))
            y = title.bottom + px(10)
            for line in lines:
                word = ui.text.render(line, small, theme.TEXT_FAINT)
                surface.blit(word, (theme.text_x(self.rect.x + px(8), right, word.get_width()), y))
                y += word.get_height()
        if title.collidepoint(ui.mouse):
            ui.tooltip(_tip_rules(), title)

    @staticmethod
    def _card_tip(snap: TableSnapshot, card: int, can: bool) -> str:
        what = _("The {card}: its walls are built on one of your tiles, on sides without a wall.").format(
            card=card_name(card)
        )
        if snap.sel.use == card:
            then = _("Now click a lit tile of yours, in the tray or your Alhambra (Esc: drop the card).")
        elif can:
            then = _("Click it, then one of your lit tiles: building a wall is your whole action.")
        elif snap.can_act and snap.acting:
            then = _("None of your tiles may take this card now.")
        else:
            then = _("Building a wall is an action of your turn.")
        return sentences(what, then)


def _tip_rules() -> str:
    """The walls' rules in a tooltip."""
    return sentences(
        _(
            "Your turn's action: take a wall card and build its walls on one of your tiles (bought this turn, in "
            "your Alhambra or on your reserve), on sides without a wall."
        ),
        _("In your Alhambra a new wall must face an empty cell; a camp takes none."),
        _("Built walls are walls for every purpose and stay with their tile; the card leaves the game."),
    )


# ---------------------------------------------------------------- the turn
class WallsMoves(Moves):
    """[M-WALL-4] a wall card picked on the panel, then used on one of your tiles; the turn's words."""

    def card_use(self, state: GameState, card: int, tile: int) -> Action | None:
        return BuildWall(card, tile) if CARD_WALLS[card] else None

    def card_prompt(self, state: GameState, card: int) -> str | None:
        if not CARD_WALLS[card]:
            return None
        return _(
            "Build the walls of the {card}: click a lit tile of yours, in the tray or your Alhambra (Esc: drop it)."
        ).format(card=card_name(card))

    def turn_options(self, state: GameState) -> list[str]:
        if builds(state):
            # TRANSLATORS: one of the moves listed in the turn's prompt ("Your turn: take money (1–4), ...")
            return [_("build a wall (click a wall card)")]
        return []


CLIENT = ClientModule(
    name=NAME,
    narration=WallsNarration(),
    moves=WallsMoves(),
    placements=WallsPlacements(),
    panel=WallsPanel,
    help_page=walls_help.PAGE,
    setup_key="W",
)
