"""Drawing the table: the static layer, the views in order, the prompt, toasts, banners, the dragged tile.

Part of the table scene (``TurnScene`` mixes this in).  Panels and the felt are drawn once per
layout into a static layer; each frame blits it and draws only what changes on top.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine import Action, EndTurn, FromReserve, GameState, Lift, Place, Swap, Take, said_action
from game.engine.alhambra import xy_of
from game.engine.components import CARD_VALUE, SLOT_CURRENCY, TILE_COST, is_money_card
from game.engine.messages import Message
from game.engine.state import FINAL, PLACE
from game.i18n import _, pgettext, words

from .. import theme
from ..modules import modules_for
from ..plain import placed, plain, said, sentences
from ..shortcuts import END_TURN_KEY
from ..table import agent_label
from ..views import common
from ..views.model import Mark
from ..widgets import draw_box, shown
from .turn_input import refused_here

if TYPE_CHECKING:
    from ..widgets import Button
    from .turn import TurnScene

PROMPT_LINES = 2  # the prompt band above the Alhambra holds two lines (a third only when smaller sizes fail)
TOAST_LINES = 3  # a toast over the board holds three lines; a longer one ends in "…"


def move_words(state: GameState, action: Action) -> str | Message:
    """A move as the hint names it: the engine's words (a ``Message``), except where the table has a button of
    its own or a rule module words it; said in the current language by ``plain.placed``."""
    if isinstance(action, EndTurn):  # the engine's "end the turn" would not say what is given up
        # TRANSLATORS: the hint's move when it advises to decline the extra action; {button} is the End turn button
        return _("end the turn without the extra action ({button}, {key})").format(
            button=pgettext("button", "End turn"), key=END_TURN_KEY
        )
    return modules_for(state.rules).describe(state, action) or said_action(state, action)  # a module's words


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


class TurnDrawing:
    """Drawing of the table scene (a mixin: ``self`` is the ``TurnScene``)."""

    def _static_layer(self: TurnScene, size: tuple[int, int]) -> pygame.Surface:
        """Felt, panels and their shadows: drawn once per layout, one blit per frame."""
        rects = self.layout_rects
        assert rects is not None
        key = (size, rects)
        if self._static_key == key and self._static is not None:
            return self._static
        ui = self.ui
        layer = ui.sprites.felt(size).copy()
        self.top.draw_static(layer, ui)
        for panel in self.opponents.panels:
            draw_box(ui, layer, panel.rect)
        for panel in self.module_panels.values():  # in the opponents column, or beside the market
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

    def draw(self: TurnScene, surface: pygame.Surface) -> None:
        rects = self.layout_rects
        assert rects is not None
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        snap = self.snapshot()  # what the views draw this frame
        self.top.draw(surface, snap)
        self.opponents.draw(surface, snap)
        self.market.draw(surface, snap)
        for panel in self.module_panels.values():
            if panel.beside_market:  # the column's panels are drawn with the opponents
                panel.draw(surface, snap)
        self.bank.draw(surface, snap)
        self.majorities.draw(surface, snap)
        if rects.log.h > 0:
            self.log.draw(surface, snap)
        self._draw_board(surface)
        self.shelf.draw(surface, snap)
        self.hand.draw(surface, snap)
        self.tray.draw(surface, snap)
        self._draw_actions_title(surface)
        self._draw_prompt(surface)  # places the payment chips, which the widgets pass then draws
        super().draw(surface)
        self.director.animator.draw(surface)
        self._draw_drag(surface)
        self._draw_banner(surface)

    def _draw_board(self: TurnScene, surface: pygame.Surface) -> None:
        ui = self.ui
        state = self.state
        rect = self.board.rect
        grid = state.boards[self.me].grid
        cells, swaps = self.targets()
        staged = self.staged_action
        ghosts: dict[tuple[int, int], int] = {}
        faded: list[int] = []
        if isinstance(staged, Place | FromReserve):
            ghosts[(staged.x, staged.y)] = staged.tile
        elif isinstance(staged, Swap):
            where = next(xy_of(c) for c, t in grid.items() if t == staged.alhambra_tile)
            ghosts[where] = staged.reserve_tile
        elif isinstance(staged, Lift):
            faded.append(staged.tile)
        hover = None
        if self.sel.tile is not None and cells:
            cell = self.board.cell_at(ui.mouse)
            if cell in cells:
                hover = (cell, self.sel.tile)
        refused, why = self._refused_cell(cells)
        hint = self.hint_action if self.can_act else None
        hint_cell = (hint.x, hint.y) if isinstance(hint, Place | FromReserve) else None
        hint_tile = hint.tile if isinstance(hint, Lift) else (hint.alhambra_tile if isinstance(hint, Swap) else None)
        hidden = {item for kind, item in self.hidden if kind == "tile"}
        if self.dragging and self.drag is not None and self.drag.source == "alhambra":
            hidden.add(self.drag.tile)
        marks, corners, ghost_marks = self._board_marks(staged, hint)
        self.board.draw(
            surface,
            grid,
            hidden=hidden,
            targets=cells,
            swap_targets=swaps,
            selected=self.sel.tile if self.sel.source == "alhambra" else None,
            ghosts=ghosts,
            faded=faded,
            hint_cell=hint_cell,
            hint_tile=hint_tile,
            hover=hover,
            refused=refused,
            marks=marks,
            corners=corners,
            chosen_corner=self.sel.spot if self.sel.spot in corners else None,
            ghost_marks=ghost_marks,
        )
        if refused is not None and why:
            ui.tooltip(why, self.board.cell_rect(*refused))
        wall = state.boards[self.me].wall_length()
        if self.table.human is None:
            caption = _("{player}'s Alhambra · wall {wall}").format(player=self.table.names[self.me], wall=wall)
        else:
            # TRANSLATORS: the caption under your Alhambra, with the length of its longest outer wall
            caption = _("Your Alhambra · wall {wall}").format(wall=wall)
        label = ui.text.render(caption, ui.font_px(13), theme.TEXT_DIM)
        x = theme.text_x(rect.x + ui.px(10), self.zoom_in.rect.x - ui.px(6), label.get_width())
        surface.blit(label, (x, rect.bottom - label.get_height() - ui.px(6)))

    def _board_marks(
        self: TurnScene, staged: Action | None, hint: Action | None
    ) -> tuple[tuple[Mark, ...], tuple[tuple[int, int], ...], list[Mark]]:
        """The rule modules' tokens on your Alhambra's corners (falcons), the corners lit for the picked piece, and
        the tokens drawn faded where a move would put them: waiting for End turn, hinted, or under the mouse."""
        if not self.modules.modules:
            return (), (), []
        parts = self._module_snapshot(self.can_act)
        marks: tuple[Mark, ...] = parts.get("marks", {}).get(self.me, ())  # type: ignore[attr-defined]
        corners: tuple[tuple[int, int], ...] = parts.get("spots", ())  # type: ignore[assignment]
        ghosts = [m for m in (self.modules.preview(self.state, a) for a in (staged, hint) if a is not None) if m]
        piece = self.sel.piece
        if piece is not None and corners:
            corner = self.board.corner_at(self.ui.mouse, corners)
            if corner is not None:
                ghosts.append(Mark(piece, corner, ""))
        return marks, corners, ghosts

    def _refused_cell(self: TurnScene, cells: list[tuple[int, int]]) -> tuple[tuple[int, int] | None, str]:
        """The empty cell beside your Alhambra that the tile you hold (bought, or from the reserve; dragged or
        selected) is over but may not take, and the engine's reason in words (its rule number left out)."""
        sel = self.sel
        if sel.tile is None or not self.can_act:
            return None, ""
        if not ((sel.source == "held" and self.table.placing) or (sel.source == "reserve" and self.table.acting)):
            return None, ""
        cell = self.board.cell_at(self.ui.mouse)
        if cell is None or cell in cells:
            return None, ""
        built = {xy_of(key) for key in self.state.boards[self.me].grid}
        x, y = cell
        if cell in built or not any((x + dx, y + dy) in built for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            return None, ""
        key = (sel.tile, sel.source, cell, len(self.table.game.events), i18n.generation())
        if self._refusal[0] != key:
            action = Place(sel.tile, x, y) if sel.source == "held" else FromReserve(sel.tile, x, y)
            error = self._refused(action)
            self._refusal = (key, refused_here(error) if error is not None else "")
        return cell, self._refusal[1]

    def actions_title(self: TurnScene) -> tuple[str, int | None]:
        """The actions panel's title, and the seat whose ring of "thinking"/"playing" dots it shows (None: yours).

        While the table still shows a bot's move the panel stays the bot's: "Your turn" with no buttons would
        only puzzle until the animation ends.
        """
        state = self.state
        title = None
        if not state.is_over and self.modules.modules:  # a rule module's phase has its own title
            decider = None if self.table.human_decides else self.table.names[state.decider]
            title = self.modules.title(state, decider)
        actor = self.shown_actor() if self.table.human_decides and self.director.busy else None
        if state.is_over:
            return _("Game over"), None
        if actor is not None and actor != self.me:
            return _("{player} plays").format(player=self.table.names[actor]), actor
        if not self.table.human_decides:
            return title or _("{player} plays").format(player=self.table.names[state.decider]), state.decider
        if title is not None:
            return title, None
        if state.phase in (PLACE, FINAL):
            return _("Place your tiles"), None
        # TRANSLATORS: the title of the actions panel on your turn
        return pgettext("title", "Your turn"), None

    def _draw_actions_title(self: TurnScene, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        rect = self.layout_rects.actions  # type: ignore[union-attr]
        text, seat = self.actions_title()
        text = ui.text.fit(text.upper(), ui.font_px(13), rect.w - px(24), "bold")
        common.section_title(ui, surface, text, (rect.x + px(12), rect.y + px(10)), right=rect.right - px(12))
        if seat is not None:
            centre = (rect.centerx, rect.y + px(80))
            for i in range(8):  # a ring of dots turning while the bot thinks
                angle = i / 8 * 6.283 + ui.time * 4
                alpha = (i + 1) / 8
                pos = (round(centre[0] + math.cos(angle) * px(18)), round(centre[1] + math.sin(angle) * px(18)))
                pygame.draw.circle(surface, theme.mix(theme.PANEL, theme.seat_color(seat), alpha), pos, px(4))
            common.seat_token(ui, surface, seat, self.table.names[seat], centre, px(10))
            progress = self.think_progress()
            if progress is not None:
                draw_think_mark(surface, centre, px(26), max(2, px(3)), progress, ui.time)
            # TRANSLATORS: under a bot's token in the actions panel, while it searches for its move or plays it
            said = pgettext("bot", "thinking…") if self.thinking else pgettext("bot", "playing")
            word = ui.text.render(said, ui.font_px(13), theme.TEXT_DIM)
            surface.blit(word, word.get_rect(midtop=(centre[0], centre[1] + px(31))))

    def prompt(self: TurnScene) -> str:
        """The one line telling the human what they can do now, in the current language."""
        table, sel, state = self.table, self.sel, self.state
        staged = self.table.staged
        if state.is_over:
            return _("The game is over.")
        if staged is not None:
            move = self.move_said(staged.action)
            if not self.staged_ends_own_turn():  # a placement out of turn (a vizier's tile) ends no turn of yours
                # TRANSLATORS: a move out of turn waiting for the Confirm button; "Confirm" and "Undo" are buttons
                return _("Ready: {move}. Confirm, or Undo.").format(move=move)
            # TRANSLATORS: a move waiting for the End turn button; "End turn" and "Undo" are the buttons' names
            return _("Ready: {move}. End turn to confirm, or Undo.").format(move=move)
        if not table.human_decides:
            name = table.names[state.decider]
            agent = table.agents[state.decider]
            if self.thinking and self.clock - self.bots.since > 0.3:
                label = agent_label(agent or "")
                if name.startswith(label):  # a bot named after its kind is named once
                    return _("{player} is thinking…").format(player=name)
                return _("{player} ({bot}) is thinking…").format(player=name, bot=label)
            return _("{player} is playing.").format(player=name)
        if self.director.busy:
            return "…"
        if sel.piece is not None:  # a module's piece for a corner of your Alhambra (a falcon)
            module_said = self.modules.picked_prompt(state, sel.piece, sel.pay[0] if sel.pay else None)
            if module_said is not None:
                return module_said
        if sel.slot is not None:
            return self._buying_prompt()
        if sel.offer:  # the reason a selection cannot be taken is said here, not under the raised cards
            total = sum(CARD_VALUE[c] or 0 for c in sel.offer)
            if not all(map(is_money_card, sel.offer)):  # [M-EXCH-2] an exchange card is taken alone
                if len(sel.offer) == 1:
                    return _("Take this card with Take (or Enter): it is taken alone, as your whole action.")
                return _("That card is taken alone: click the other cards (or 1–4) to drop them.")
            if state.is_legal(Take(tuple(sel.offer))):
                return _(
                    "Take these cards, {total} in all, with Take (or Enter); add or drop cards with a click or 1–4."
                ).format(total=total)
            return _(
                "These add up to {total}: take one card of any value, or several worth 5 at most together. "
                "Click a card (or 1–4) to drop it."
            ).format(total=total)
        if sel.tile is not None:
            if sel.source == "held":  # picked up as soon as it waits: a module's phase says whose tile it is
                module_said = self.modules.prompt(state) if self.modules.modules and table.placing else None
                places = [place for place, _button in self.placements if place.offered(state)]
                if not places:
                    if module_said is not None:
                        return module_said
                    return _("Click a highlighted place (or drag the tile there), or put it on the reserve (T).")
                buttons = words.join(
                    # TRANSLATORS: a button of the table and its key, in a list of what can be done ("Give to Dirk (D)")
                    pgettext("a button and its key", "{button} ({key})").format(button=place.label, key=place.hotkey)
                    for place in places
                )
                if module_said is not None:  # a module's placement (a vizier's tile): its words, the other places
                    notes = [place.note(state) for place in places if place.note is not None]
                    # TRANSLATORS: after the prompt for placing a tile bought out of turn: the buttons of other places
                    return sentences(module_said, _("Or use {buttons}.").format(buttons=buttons), *notes)
                return _(
                    "Click a highlighted place (or drag the tile there), put it on the reserve (T), or use {buttons}."
                ).format(buttons=buttons)
            if sel.source == "reserve":
                return _("Click a highlighted place to build it, or a marked tile to swap it in.")
            return _("Move this tile to the reserve, or click a reserve tile to swap.")
        if table.choosing or table.placing:
            module_said = self.modules.prompt(state) if self.modules.modules else None  # a rule module's phase
            if module_said is not None:
                return module_said
        if table.placing:
            return _("Place the tiles you bought: drag one onto a highlighted place, or click it first.")
        # a rule module's moves open now (take a hut, wake the vizier, buy a bazaar; buy falcons only as the turn's
        # first and only action, [M-FALCON-2])
        more = self.modules.turn_options(state) if self.modules.modules else []
        if state.held:  # [B-TURN-4]: the extra action is optional
            if state.legal_actions() == [EndTurn()]:
                return _("Exact payment! Nothing else is possible now: End turn ({key}) to place your tiles.").format(
                    key=END_TURN_KEY
                )
            if more:
                return _(
                    "Exact payment! You may act again: take money (1–4), buy a building (Q W E R), {options}, "
                    "or redesign — or End turn ({key}) to place your tiles."
                ).format(options=words.join(more), key=END_TURN_KEY)
            return _(
                "Exact payment! You may take another action (money, a building, or a redesign) "
                "— or End turn ({key}) to place your tiles."
            ).format(key=END_TURN_KEY)
        if more:
            return _("Your turn: take money (1–4), buy a building (Q W E R), {options}, or redesign.").format(
                options=words.join(more)
            )
        return _("Your turn: take money (1–4), buy a building (Q W E R), or redesign with a reserve or Alhambra tile.")

    def _buying_prompt(self: TurnScene) -> str:
        """The prompt while a market slot (or a module's tile it prices) is being bought: the price, the payment
        chosen, and what it leads to."""
        sel, state = self.sel, self.state
        slot = sel.slot
        assert slot is not None
        tile = state.in_slot(slot)
        currency = words.currency(SLOT_CURRENCY[slot])
        paid, cost = sum(CARD_VALUE[c] for c in sel.pay), TILE_COST[tile]
        exact_only = bool(self.modules.modules) and self.modules.exact_only(state)
        if paid == cost:
            outcome = _("exact") if exact_only else _("exact: you act again")
        elif paid > cost:
            exact = exact_only or sel.item is not None  # a module's tile for sale is paid exactly
            outcome = _("it must be exact") if exact else _("{over} over, no change").format(over=paid - cost)
        else:
            outcome = _("{short} short").format(short=cost - paid)
        if sel.item is not None:  # a module's tile for sale, priced by the slot's tile (a waiting bazaar)
            if sel.card is not None:
                return _(
                    "{tile} costs {cost} {currency} now, as slot {slot}'s tile. Chosen {paid} with your {card}: "
                    "{outcome}."
                ).format(
                    tile=words.tile(sel.item),
                    cost=cost,
                    currency=currency,
                    slot=slot,
                    paid=paid,
                    card=words.card(sel.card),
                    outcome=outcome,
                )
            return _("{tile} costs {cost} {currency} now, as slot {slot}'s tile. Chosen {paid}: {outcome}.").format(
                tile=words.tile(sel.item), cost=cost, currency=currency, slot=slot, paid=paid, outcome=outcome
            )
        if sel.card is not None:
            return _("{tile} costs {cost} {currency}. Chosen {paid} with your {card}: {outcome}.").format(
                tile=words.tile(tile),
                cost=cost,
                currency=currency,
                paid=paid,
                card=words.card(sel.card),
                outcome=outcome,
            )
        return _("{tile} costs {cost} {currency}. Chosen {paid}: {outcome}.").format(
            tile=words.tile(tile), cost=cost, currency=currency, paid=paid, outcome=outcome
        )

    def move_said(self: TurnScene, action: Action) -> str:
        """A move of the human's as the table says it now (a hint, a move waiting for End turn): a rule module's
        words or the engine's, with where it puts a tile, in the current language."""
        return placed(self.state, self.me, move_words(self.state, action), action)

    def prompt_text(self: TurnScene) -> str:
        """What the prompt band says, in a player's words (``plain``): the hint while one is shown, else
        ``prompt()``."""
        return plain(self._prompt_source())

    def _prompt_source(self: TurnScene) -> str:
        hint = self.hints.decision if self.hint_action is not None and self.can_act else None
        agent = agent_label(self.hints.agent)
        if hint is not None:
            move = self.move_said(hint.action)
            reason = hint.reason
            args = getattr(reason, "args", None)
            if isinstance(reason, Message) and args is not None and "move" in args:
                # the reason names the move itself ("{move}: ..."): said once, in the table's words for it
                said_reason = words.fill_local(reason.template, {**args, "move": move})
                # TRANSLATORS: a hint: which bot gives it, and its reason, which names the move
                return _("Hint ({agent}): {reason}").format(agent=agent, reason=said_reason)
            said_reason = said(reason)
            if not said_reason:
                return _("Hint ({agent}): {move}").format(agent=agent, move=move)
            # TRANSLATORS: a hint: which bot gives it, the move, and why
            return _("Hint ({agent}): {move} — {reason}").format(agent=agent, move=move, reason=said_reason)
        if self.hints.asked:
            return _("{bot} is thinking about a hint…").format(bot=agent)
        return self.prompt()

    def _prompt_chips(self: TurnScene) -> list[Button]:
        """The buttons drawn inside the prompt band (payment chips, Do it): they take room from the text."""
        return [c for c in self.chips if c.visible] + ([self.do_hint] if self.do_hint.visible else [])

    def _chip_widths(self: TurnScene) -> list[int]:
        """Each button in the prompt band as wide as its label needs at a button's smallest size, the usual width
        at least: a payment of several cards with an exchange card ("= 5+3+1 +card") is not cut short.  Together
        they leave the prompt's words half the band: beyond that the widths above the usual shrink alike."""
        ui = self.ui
        px = ui.px
        smallest = max(6, ui.font_px(15) * 4 // 5)  # as small as a button's label goes before it is cut
        usual = px(86)
        wanted = [
            max(usual, ui.text.size(shown(chip.label), smallest, "bold")[0] + px(14)) for chip in self._prompt_chips()
        ]
        room = (self.board.rect.w - px(24)) // 2 - px(6) * len(wanted)  # the chips' half of the band
        extra = sum(wanted) - usual * len(wanted)
        if extra <= 0 or sum(wanted) <= room:
            return wanted
        share = max(0.0, (room - usual * len(wanted)) / extra)
        return [usual + int((width - usual) * share) for width in wanted]

    def prompt_lines(self: TurnScene) -> list[str]:
        """The prompt wrapped to the band beside its chips, at the size it is drawn; all of them (the band shows
        ``PROMPT_LINES``, a third when even the least size needs it)."""
        return self._prompt_fit()[1]

    def _prompt_fit(self: TurnScene) -> tuple[int, list[str]]:
        """The prompt's font size and lines: the usual size when ``PROMPT_LINES`` hold it, else smaller sizes
        before a third line, so that what the player can do now is never lost (a long Japanese prompt at 1024x700
        used to lose its last words)."""
        ui = self.ui
        px = ui.px
        chips_w = sum(width + px(6) for width in self._chip_widths())
        width = self.board.rect.w - px(24) - chips_w
        text = self.prompt_text()
        sizes = sorted({ui.font_px(points) for points in (15, 14, 13, 12)}, reverse=True)
        for size in sizes:
            lines = ui.text.wrap(text, size, width)
            if len(lines) <= PROMPT_LINES:
                return size, lines
        return sizes[-1], lines

    def _draw_prompt(self: TurnScene, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        board = self.board.rect
        hint = self.hints.decision if self.hint_action is not None and self.can_act else None
        chips = self._prompt_chips()
        widths = self._chip_widths()
        chips_w = sum(width + px(6) for width in widths)
        size, lines = self._prompt_fit()
        if len(lines) > PROMPT_LINES + 1:  # past a third line: cut the last one shown, visibly
            rest = (" " if " " in self.prompt_text() else "").join(lines[PROMPT_LINES:])
            lines = [*lines[:PROMPT_LINES], ui.text.fit(rest, size, board.w - px(24) - chips_w)]
        line_h = ui.text.size("Ag", size)[1]
        width = max(ui.text.size(line, size)[0] for line in lines) + chips_w + px(24)
        area = self.layout_rects.alhambra  # type: ignore[union-attr]
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
            tsize = ui.font_px(14)
            # centred over the board, clear of the zoom buttons in its bottom corner on either side
            clear = max(px(8), board.right - self.zoom_in.rect.x + px(6))
            room = board.w - 2 * clear - px(44)
            tlines = ui.text.wrap(self.toast_text, tsize, room)
            if len(tlines) > TOAST_LINES:  # the last line shown is cut visibly, never dropped without a mark
                rest = (" " if " " in self.toast_text else "").join(tlines[TOAST_LINES - 1 :])
                tlines = [*tlines[: TOAST_LINES - 1], ui.text.fit(rest, tsize, room)]
            th = ui.text.size("Ag", tsize)[1]
            tw = max(ui.text.size(line, tsize)[0] for line in tlines) + px(44)
            toast = pygame.Rect(0, 0, tw, th * len(tlines) + px(14))
            toast.midbottom = (board.centerx, board.bottom - px(30))
            colour = (72, 30, 22) if self.toast.warn else (24, 52, 40)
            draw_box(ui, surface, toast, colour, 240, theme.WARN if self.toast.warn else theme.GOOD, px(8))
            ui.keep_clear(toast)  # a tooltip goes elsewhere
            icon = "!" if self.toast.warn else "i"
            mark = ui.text.render(icon, ui.font_px(16), theme.WARN if self.toast.warn else theme.GOOD, "bold")
            surface.blit(mark, mark.get_rect(center=(toast.x + px(16), toast.centery)))
            y = toast.y + px(7)
            for line in tlines:
                word = ui.text.render(line, tsize, theme.IVORY)
                surface.blit(word, (theme.text_x(toast.x + px(32), toast.right - px(12), word.get_width()), y))
                y += th

    def _draw_drag(self: TurnScene, surface: pygame.Surface) -> None:
        if not self.dragging or self.drag is None:
            return
        if self.drag.source == "piece":  # a module's round token (a falcon), at its size on your Alhambra
            size = max(self.ui.px(34), self.board.mark_size)
            shadow = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            pygame.draw.circle(shadow, (0, 0, 0, 110), (size // 2 + 2, size // 2 + 2), size // 2 + 1)
            x, y = self.ui.mouse
            surface.blit(shadow, shadow.get_rect(center=(x + self.ui.px(3), y + self.ui.px(5))))
            token = self.ui.sprites.tile(self.drag.tile, size)
            surface.blit(token, token.get_rect(center=self.ui.mouse))
            return
        size = max(self.ui.px(56), self.board.cell_size)
        image = self.ui.sprites.tile(self.drag.tile, size)
        rect = image.get_rect(center=self.ui.mouse)
        refused = self._refused_cell(self.targets()[0])[0] is not None  # over a cell it may not take
        if refused:
            image = image.copy()
            image.set_alpha(150)
        surface.blit(self.ui.sprites.shadow(rect.size, 6, 6, 130), (rect.x - 12 + 8, rect.y - 12 + 12))
        surface.blit(image, rect)
        if refused:  # the cross of the cell under it, on the tile itself
            common.refused_cell(surface, rect)

    def _draw_banner(self: TurnScene, surface: pygame.Surface) -> None:
        age = self.ui.time - self.banner.at
        length = max(0.6, self.animator.scaled(1.3))
        if not self.banner_text or age > length or self.animator.speed <= 0:
            return
        ui = self.ui
        board = self.board.rect
        fade = min(1.0, age / 0.15, (length - age) / 0.3)
        word = ui.text.shadowed(self.banner_text, ui.font_px(40), theme.GOLD_LIGHT, "display", 2)
        band = pygame.Rect(board.x, 0, board.w, word.get_height() + ui.px(24))
        band.center = board.center
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((20, 14, 8, 170))
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, 1), (band.w, 1), 2)
        pygame.draw.line(layer, (*theme.GOLD, 255), (0, band.h - 2), (band.w, band.h - 2), 2)
        layer.blit(word, word.get_rect(center=(band.w // 2 + round((1 - fade) * ui.px(40)), band.h // 2)))
        layer.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(layer, band)
