"""Drawing the table: the static layer, the views in order, your Alhambra with its targets, the actions panel's title,
the prompt band and the toast, the dragged tile and the banner.

Panels and the felt are drawn once per layout into a static layer; each frame blits it and draws only what changes on
top.  The views draw from the frame's ``TableSnapshot``; what the views do not draw (the targets of the tile held, the
prompt's words, the buttons' places in the band, the toast, the banner) the drawing is given by the parts that own it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.engine import Action, Lift
from game.engine.alhambra import xy_of
from game.i18n import _, pgettext

from ... import theme
from ...table import Table
from ...views import common
from ...views.model import Mark, TableSnapshot, placed_at, swapped
from ...widgets import Button, draw_box, shown
from .controls import Controls
from .picker import Cell, Picker
from .pointer import Pointer
from .prompt import Prompt
from .toast import Banner, Toast

if TYPE_CHECKING:
    from ...animation import Animator
    from ...layout import TurnLayout
    from ...modules import Compiled, ModulePanel
    from ...views.alhambra import AlhambraView
    from ...views.bank import BankView
    from ...views.hand import HandView
    from ...views.log import LogView
    from ...views.majorities import MajoritiesView
    from ...views.market import MarketView
    from ...views.opponents import OpponentsView
    from ...views.pieces import ShelfView
    from ...views.topbar import TopBar
    from ...views.tray import TrayView
    from ...widgets import Ui

PROMPT_LINES = 2  # the prompt band above the Alhambra holds two lines (a third only when smaller sizes fail)
TOAST_LINES = 3  # a toast over the board holds three lines; a longer one ends in "…"


def arc_points(centre: tuple[int, int], radius: float, start: float, sweep: float) -> list[tuple[float, float]]:
    """Points along a circle's arc from ``start`` (radians, 0 at the top, growing clockwise on screen) over
    ``sweep`` radians (negative: anticlockwise)."""
    steps = max(2, math.ceil(abs(sweep) / (math.pi / 36)))  # a point every 5 degrees at most
    return [
        (
            centre[0] + radius * math.sin(start + sweep * i / steps),
            centre[1] - radius * math.cos(start + sweep * i / steps),
        )
        for i in range(steps + 1)
    ]


def draw_think_mark(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    width: int,
    progress: tuple[float, float | None],
    time: float,
) -> None:
    """The mark of a bot that has thought for a while: a thin ring round its token and, on it, a thick arc that
    fills from the top as the bot's time runs (clockwise; anticlockwise, as a bar fills from the right, in a
    language written right to left), full when its time is up; with no known time, a quarter arc going round.
    The arc is told from the ring by its width as well as its colour."""
    elapsed, limit = progress
    direction = -1 if i18n.is_rtl() else 1
    if limit:
        start, sweep = 0.0, direction * 2 * math.pi * min(1.0, elapsed / limit)
    else:
        start, sweep = direction * time * 4.0, direction * math.pi / 2
    track = theme.mix(theme.PANEL, theme.TEXT_DIM, 0.35)
    pygame.draw.circle(surface, track, centre, radius, 1)
    if abs(sweep) < 0.02:
        return
    outer = arc_points(centre, radius + width / 2, start, sweep)
    inner = arc_points(centre, radius - width / 2, start, sweep)
    band = outer + inner[::-1]
    pygame.draw.polygon(surface, theme.GOLD_LIGHT, band)
    pygame.draw.aalines(surface, theme.GOLD_LIGHT, True, band)  # smooth edges
    for angle in (start, start + sweep):  # round ends
        x, y = arc_points(centre, radius, angle, 0.0)[0]
        pygame.draw.circle(surface, theme.GOLD_LIGHT, (round(x), round(y)), max(1, width // 2))


class Owner(Protocol):
    """What the drawing asks of the table scene that owns it: the views it places and lays out, and the moment."""

    ui: Ui
    table: Table
    layout_rects: TurnLayout | None
    animator: Animator  # flights and decorations, drawn over the views
    zoom_in: Button  # the zoom buttons' corner, which the board's caption and the toast keep clear of
    top: TopBar
    opponents: OpponentsView
    market: MarketView
    module_panels: dict[str, ModulePanel]
    bank: BankView
    majorities: MajoritiesView
    log: LogView
    board: AlhambraView
    prompt_band: pygame.Rect  # the prompt's band above your Alhambra: its width and centre
    shelf: ShelfView
    hand: HandView
    tray: TrayView

    @property
    def thinking(self) -> bool:
        """A bot's decision is being searched for."""
        ...

    def think_progress(self) -> tuple[float, float | None] | None:
        """The seconds a bot has thought and its most, once its mark shows (``BotTurns.progress``)."""
        ...

    def snapshot(self) -> TableSnapshot:
        """What the views draw this frame."""
        ...


class TableDrawing:
    """The table scene's frame."""

    def __init__(
        self,
        owner: Owner,
        modules: Compiled,
        picker: Picker,
        pointer: Pointer,
        prompt: Prompt,
        controls: Controls,
        toast: Toast,
        banner: Banner,
    ) -> None:
        self.owner = owner
        self.ui = owner.ui
        self.modules = modules
        self.picker = picker  # the tile held: its targets, and the cell it may not take
        self.pointer = pointer  # the tile dragged
        self.prompt = prompt
        self.controls = controls  # the chips and Do it, placed in the prompt band
        self.toast = toast
        self.banner = banner
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, panels and their shadows: drawn once per layout, one blit per frame."""
        owner = self.owner
        rects = owner.layout_rects
        assert rects is not None
        key = (size, rects)
        if self._static_key == key and self._static is not None:
            return self._static
        ui = self.ui
        layer = ui.sprites.felt(size).copy()
        owner.top.draw_static(layer, ui)
        for panel in owner.opponents.panels:
            draw_box(ui, layer, panel.rect)
        for panel in owner.module_panels.values():  # in the opponents column, or beside the market
            draw_box(ui, layer, panel.rect)
        boxes = [rects.bank, rects.hand, rects.tray, rects.actions]
        boxes += [rect for rect in (rects.majorities, rects.log) if rect.h > 0]
        for rect in boxes:
            draw_box(ui, layer, rect)
        plate = pygame.Surface(rects.alhambra.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (10, 22, 22, 110), plate.get_rect(), border_radius=ui.px(12))
        layer.blit(plate, rects.alhambra)
        self._static, self._static_key = layer, key
        return layer

    def redraw_static(self) -> None:
        """The panels changed (the table turned to another person): the static layer is drawn again next frame."""
        self._static_key = None

    def draw(self, surface: pygame.Surface, widgets: Callable[[pygame.Surface], None]) -> None:
        """The frame: the views, then the ``widgets`` (the scene's buttons), then what flies and what is dragged."""
        owner = self.owner
        rects = owner.layout_rects
        assert rects is not None
        surface.blit(self.static_layer(surface.get_size()), (0, 0))
        snap = owner.snapshot()  # what the views draw this frame
        owner.top.draw(surface, snap)
        owner.opponents.draw(surface, snap)
        owner.market.draw(surface, snap)
        for panel in owner.module_panels.values():
            if panel not in owner.opponents.modules:  # the column's panels are drawn with the opponents
                panel.draw(surface, snap)
        owner.bank.draw(surface, snap)
        owner.majorities.draw(surface, snap)
        if rects.log.h > 0:
            owner.log.draw(surface, snap)
        self._draw_board(surface, snap)
        owner.shelf.draw(surface, snap)
        owner.hand.draw(surface, snap)
        owner.tray.draw(surface, snap)
        self._draw_actions_title(surface)
        self.draw_prompt(surface)  # places the payment chips, which the widgets then draw
        widgets(surface)
        owner.animator.draw(surface)
        self._draw_drag(surface)
        self._draw_banner(surface)

    # ------------------------------------------------------------------ your Alhambra
    def _draw_board(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui, board, sel = self.ui, self.owner.board, self.picker.sel
        state, me = snap.state, snap.me
        rect = board.rect
        grid = state.boards[me].grid
        cells, swaps = self.picker.targets()
        staged = snap.staged_action
        ghosts: dict[tuple[int, int], int] = {}
        faded: list[int] = []
        built, swap = placed_at(staged), swapped(staged)  # the base game's moves, or a rule module's own forms
        if built is not None:
            ghosts[built[1]] = built[0]
        elif swap is not None:
            where = next(xy_of(c) for c, t in grid.items() if t == swap[1])
            ghosts[where] = swap[0]
        elif isinstance(staged, Lift):
            faded.append(staged.tile)
        hover = None
        if sel.tile is not None and cells:
            cell = board.cell_at(ui.mouse)
            if cell in cells:
                hover = (cell, sel.tile)
        refused, why = self.refused_cell(cells)
        hint = snap.hint_action if snap.can_act else None
        hinted = placed_at(hint)
        hint_cell = hinted[1] if hinted is not None else None
        hint_swap = swapped(hint)
        hint_tile = hint.tile if isinstance(hint, Lift) else (hint_swap[1] if hint_swap is not None else None)
        hidden = {item for kind, item in snap.hidden if kind == "tile"}
        drag = self.pointer.drag
        if self.pointer.dragging and drag is not None and drag.source == "alhambra":
            hidden.add(drag.tile)
        marks, corners, ghost_marks = self._board_marks(snap, staged, hint)
        board.draw(
            surface,
            grid,
            hidden=hidden,
            targets=cells,
            swap_targets=swaps,
            selected=sel.tile if sel.source == "alhambra" else None,
            ghosts=ghosts,
            faded=faded,
            hint_cell=hint_cell,
            hint_tile=hint_tile,
            hover=hover,
            refused=refused,
            marks=marks,
            corners=corners,
            chosen_corner=sel.spot if sel.spot in corners else None,
            ghost_marks=ghost_marks,
            usable=snap.usable,
        )
        if refused is not None and why:
            ui.tooltip(why, board.cell_rect(*refused))
        elif sel.tile is not None and sel.source in ("held", "reserve"):  # a module's placement under the mouse: said
            cell = board.cell_at(ui.mouse)
            move = self.picker.module_places(sel.tile, sel.source)[0].get(cell) if cell is not None else None
            said = self.modules.describe(state, move) if move is not None else None
            if said and cell is not None:
                ui.tooltip(said, board.cell_rect(*cell))
        wall = state.boards[me].wall_length()
        if self.owner.table.you is None:
            caption = _("{player}'s Alhambra · wall {wall}").format(player=snap.names[me], wall=wall)
        else:
            # TRANSLATORS: the caption under your Alhambra, with the length of its longest outer wall
            caption = _("Your Alhambra · wall {wall}").format(wall=wall)
        size = ui.font_px(13)
        right = self.owner.zoom_in.rect.x - ui.px(6)
        # on two lines where your Alhambra's area is narrow (a column of panels beside it in a small window), clear of
        # the zoom buttons
        lines = ui.text.wrap(caption, size, right - rect.x - ui.px(10)) or [caption]
        y = rect.bottom - ui.px(6)
        for line in reversed(lines):
            label = ui.text.render(line, size, theme.TEXT_DIM)
            y -= label.get_height()
            surface.blit(label, (theme.text_x(rect.x + ui.px(10), right, label.get_width()), y))

    def _board_marks(
        self, snap: TableSnapshot, staged: Action | None, hint: Action | None
    ) -> tuple[tuple[Mark, ...], tuple[tuple[int, int], ...], list[Mark]]:
        """The rule modules' tokens on your Alhambra's corners (falcons), the corners lit for the picked piece, and
        the tokens drawn faded where a move would put them: waiting for End turn, hinted, or under the mouse."""
        if not self.modules.modules:
            return (), (), []
        marks = snap.marks.get(snap.me, ())
        corners = snap.spots
        ghosts = [m for a in (staged, hint) if a is not None for m in self.modules.previews(snap.state, a)]
        sel = self.picker.sel
        if sel.tile is not None and sel.source in ("held", "reserve"):  # the tokens a module's placement would add
            places, swaps = self.picker.module_places(sel.tile, sel.source)
            over = places.get(self.owner.board.cell_at(self.ui.mouse))  # type: ignore[arg-type]
            if over is None:
                built = self.owner.board.tile_at(snap.state.boards[snap.me].grid, self.ui.mouse)
                over = swaps.get(built) if built is not None else None
            if over is not None:
                ghosts += self.modules.previews(snap.state, over)
        piece = self.picker.sel.piece
        if piece is not None and corners:
            corner = self.owner.board.corner_at(self.ui.mouse, corners)
            if corner is not None:
                ghosts.append(Mark(piece, corner, ""))
        return marks, corners, ghosts

    def refused_cell(self, cells: list[Cell]) -> tuple[Cell | None, str]:
        """The empty cell beside your Alhambra that the tile you hold (bought, or from the reserve; dragged or
        selected) is over but may not take, and the engine's reason in words (``Picker.refused_cell``)."""
        return self.picker.refused_cell(self.owner.board.cell_at(self.ui.mouse), cells)

    # ------------------------------------------------------------------ the actions panel's title
    def _draw_actions_title(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        rect = self.owner.layout_rects.actions  # type: ignore[union-attr]
        text, seat = self.prompt.title()
        text = ui.text.fit(text.upper(), ui.font_px(13), rect.w - px(24), "bold")
        common.section_title(ui, surface, text, (rect.x + px(12), rect.y + px(10)), right=rect.right - px(12))
        if seat is not None:
            centre = (rect.centerx, rect.y + px(80))
            for i in range(8):  # a ring of dots turning while the bot thinks
                angle = i / 8 * 6.283 + ui.time * 4
                alpha = (i + 1) / 8
                pos = (round(centre[0] + math.cos(angle) * px(18)), round(centre[1] + math.sin(angle) * px(18)))
                pygame.draw.circle(surface, theme.mix(theme.PANEL, theme.seat_color(seat), alpha), pos, px(4))
            common.seat_token(ui, surface, seat, self.owner.table.names[seat], centre, px(10))
            progress = self.owner.think_progress()
            if progress is not None:
                draw_think_mark(surface, centre, px(26), max(2, px(3)), progress, ui.time)
            # TRANSLATORS: under a bot's token in the actions panel, while it searches for its move or plays it
            said = pgettext("bot", "thinking…") if self.owner.thinking else pgettext("bot", "playing")
            word = ui.text.render(said, ui.font_px(13), theme.TEXT_DIM)
            surface.blit(word, word.get_rect(midtop=(centre[0], centre[1] + px(31))))

    # ------------------------------------------------------------------ the prompt band and the toast
    def prompt_chips(self) -> list[Button]:
        """The buttons drawn inside the prompt band (payment chips, Do it): they take room from the text."""
        controls = self.controls
        return [c for c in controls.chips if c.visible] + ([controls.do_hint] if controls.do_hint.visible else [])

    def _chip_widths(self) -> list[int]:
        """Each button in the prompt band as wide as its label needs at a button's smallest size, the usual width
        at least: a payment of several cards with an exchange card ("= 5+3+1 +card") is not cut short.  Together
        they leave the prompt's words half the band: beyond that the widths above the usual shrink alike."""
        ui = self.ui
        px = ui.px
        smallest = max(6, ui.font_px(15) * 4 // 5)  # as small as a button's label goes before it is cut
        usual = px(86)
        wanted = [
            max(usual, ui.text.size(shown(chip.label), smallest, "bold")[0] + px(14)) for chip in self.prompt_chips()
        ]
        room = (self.owner.prompt_band.w - px(24)) // 2 - px(6) * len(wanted)  # the chips' half of the band
        extra = sum(wanted) - usual * len(wanted)
        if extra <= 0 or sum(wanted) <= room:
            return wanted
        share = max(0.0, (room - usual * len(wanted)) / extra)
        return [usual + int((width - usual) * share) for width in wanted]

    def prompt_lines(self) -> list[str]:
        """The prompt wrapped to the band beside its chips, at the size it is drawn; all of them (the band shows
        ``PROMPT_LINES``, a third when even the least size needs it)."""
        return self._prompt_fit()[1]

    def _prompt_fit(self) -> tuple[int, list[str]]:
        """The prompt's font size and lines: the usual size when ``PROMPT_LINES`` hold it, else smaller sizes
        before a third line, so that what the player can do now is never lost (a long Japanese prompt at 1024x700
        used to lose its last words)."""
        ui = self.ui
        px = ui.px
        chips_w = sum(width + px(6) for width in self._chip_widths())
        width = self.owner.prompt_band.w - px(24) - chips_w
        text = self.prompt.text()
        sizes = sorted({ui.font_px(points) for points in (15, 14, 13, 12)}, reverse=True)
        for size in sizes:
            lines = ui.text.wrap(text, size, width)
            if len(lines) <= PROMPT_LINES:
                return size, lines
        return sizes[-1], lines

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The prompt band above your Alhambra (its chips placed at its end), and the toast over the board."""
        ui = self.ui
        px = ui.px
        board = self.owner.prompt_band  # as wide as your Alhambra's area, over a column of panels beside it
        hint = self.prompt.hinted()
        chips = self.prompt_chips()
        widths = self._chip_widths()
        chips_w = sum(width + px(6) for width in widths)
        size, lines = self._prompt_fit()
        if len(lines) > PROMPT_LINES + 1:  # past a third line: cut the last one shown, visibly
            rest = (" " if " " in self.prompt.text() else "").join(lines[PROMPT_LINES:])
            lines = [*lines[:PROMPT_LINES], ui.text.fit(rest, size, board.w - px(24) - chips_w)]
        line_h = ui.text.size("Ag", size)[1]
        width = max(ui.text.size(line, size)[0] for line in lines) + chips_w + px(24)
        area = self.owner.layout_rects.alhambra  # type: ignore[union-attr]
        box = pygame.Rect(0, 0, min(board.w - px(8), width), max(px(34), line_h * len(lines) + px(12)))
        box.midtop = (board.centerx, area.y + px(5))
        draw_box(ui, surface, box, (30, 26, 20), 236, theme.GOLD_DARK, px(8), shadow=True)
        y = box.centery - line_h * len(lines) // 2
        text_right = box.right - chips_w - px(12)
        for line in lines:
            word = ui.text.render(line, size, theme.GOLD_LIGHT if hint else theme.IVORY)
            surface.blit(word, (theme.text_x(box.x + px(12), text_right, word.get_width()), y))
            y += line_h
        x = box.right - chips_w - px(6)
        for chip, chip_w in zip(chips, widths, strict=True):
            chip.rect = pygame.Rect(x, box.centery - px(13), chip_w, px(26))
            x += chip_w + px(6)
        if self.toast.showing(ui.time):
            self._draw_toast(surface, self.owner.board.rect)

    def _draw_toast(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """The toast centred low over the board, clear of the zoom buttons in its bottom corner on either side."""
        ui = self.ui
        px = ui.px
        said = self.toast.said()
        tsize = ui.font_px(14)
        clear = max(px(8), board.right - self.owner.zoom_in.rect.x + px(6))
        room = board.w - 2 * clear - px(44)
        tlines = ui.text.wrap(said, tsize, room)
        if len(tlines) > TOAST_LINES:  # the last line shown is cut visibly, never dropped without a mark
            rest = (" " if " " in said else "").join(tlines[TOAST_LINES - 1 :])
            tlines = [*tlines[: TOAST_LINES - 1], ui.text.fit(rest, tsize, room)]
        th = ui.text.size("Ag", tsize)[1]
        tw = max(ui.text.size(line, tsize)[0] for line in tlines) + px(44)
        toast = pygame.Rect(0, 0, tw, th * len(tlines) + px(14))
        toast.midbottom = (board.centerx, board.bottom - px(30))
        warn = self.toast.warn
        colour = (72, 30, 22) if warn else (24, 52, 40)
        draw_box(ui, surface, toast, colour, 240, theme.WARN if warn else theme.GOOD, px(8))
        ui.keep_clear(toast)  # a tooltip goes elsewhere
        icon = "!" if warn else "i"
        mark = ui.text.render(icon, ui.font_px(16), theme.WARN if warn else theme.GOOD, "bold")
        surface.blit(mark, mark.get_rect(center=(toast.x + px(16), toast.centery)))
        y = toast.y + px(7)
        for line in tlines:
            word = ui.text.render(line, tsize, theme.IVORY)
            surface.blit(word, (theme.text_x(toast.x + px(32), toast.right - px(12), word.get_width()), y))
            y += th

    # ------------------------------------------------------------------ over everything
    def _draw_drag(self, surface: pygame.Surface) -> None:
        drag, ui, board = self.pointer.drag, self.ui, self.owner.board
        if not self.pointer.dragging or drag is None:
            return
        if drag.source == "piece":  # a module's round token (a falcon), at its size on your Alhambra
            size = max(ui.px(34), board.mark_size)
            shadow = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            pygame.draw.circle(shadow, (0, 0, 0, 110), (size // 2 + 2, size // 2 + 2), size // 2 + 1)
            x, y = ui.mouse
            surface.blit(shadow, shadow.get_rect(center=(x + ui.px(3), y + ui.px(5))))
            token = ui.sprites.tile(drag.tile, size)
            surface.blit(token, token.get_rect(center=ui.mouse))
            return
        size = max(ui.px(56), board.cell_size)
        image = ui.sprites.tile(drag.tile, size)
        rect = image.get_rect(center=ui.mouse)
        refused = self.refused_cell(self.picker.targets()[0])[0] is not None  # over a cell it may not take
        if refused:
            image = image.copy()
            image.set_alpha(150)
        surface.blit(ui.sprites.shadow(rect.size, 6, 6, 130), (rect.x - 12 + 8, rect.y - 12 + 12))
        surface.blit(image, rect)
        if refused:  # the cross of the cell under it, on the tile itself
            common.refused_cell(surface, rect)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        animator = self.owner.animator
        age = self.ui.time - self.banner.at
        length = max(0.6, animator.scaled(1.3))
        said = self.banner.said()
        if not said or age > length or animator.speed <= 0:
            return
        ui = self.ui
        board = self.owner.board.rect
        fade = min(1.0, age / 0.15, (length - age) / 0.3)
        word = ui.text.shadowed(said, ui.font_px(40), theme.GOLD_LIGHT, "display", 2)
        band = pygame.Rect(board.x, 0, board.w, word.get_height() + ui.px(24))
        band.center = board.center
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((20, 14, 8, 170))
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, 1), (band.w, 1), 2)
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, band.h - 2), (band.w, band.h - 2), 2)
        layer.blit(word, word.get_rect(center=(band.w // 2 + round((1 - fade) * ui.px(40)), band.h // 2)))
        layer.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(layer, band)
