"""The person's hands on the table: pygame's mouse and key events turned into the picker's and the pointer's calls.

What a press, a drag or a key means is decided elsewhere: the pointer tells a click from a drag and a pan
(``Pointer``), the picker and buying what a pick or a drop does (``Picker``, ``Buying``).  Here the views answer what
is under the mouse, from the frame's snapshot (the table as it is drawn), and the keys are mapped to their calls: the
rule modules' keys (their places, commands, pickers and picks) by their hooks, never by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine import Action, Place, Swap
from game.engine.components import EMPTY
from game.i18n import _

from ...shortcuts import END_TURN_KEY
from ...table import Table
from ...views.market import SLOT_KEYS
from ...views.model import TableSnapshot
from .picker import Picker
from .pointer import Drag, Pointer

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...modules import Compiled, ModulePanel, Wares
    from ...views.alhambra import AlhambraView
    from ...views.bank import BankView
    from ...views.hand import HandView
    from ...views.log import LogView
    from ...views.market import MarketView
    from ...views.pieces import ShelfView
    from ...views.tray import TrayView
    from ...widgets import Text, Ui

Point = tuple[int, int]
DRAG_AFTER = 6  # pixels (at the design scale) a press moves before it becomes a drag


class Timeline(Protocol):
    """The table's timeline as the keys see it (``Director``): Space finishes the animations at once."""

    def skip(self) -> None: ...


class Owner(Protocol):
    """What the input asks of the table scene that owns it: the views that answer what is under the mouse, and the
    scene's own commands (the toolbar's, undo, hint)."""

    ui: Ui
    table: Table
    bank: BankView
    market: MarketView
    hand: HandView
    tray: TrayView
    log: LogView
    board: AlhambraView
    shelf: ShelfView
    module_panels: dict[str, ModulePanel]

    @property
    def me(self) -> int: ...

    @property
    def can_act(self) -> bool: ...

    @property
    def director(self) -> Timeline: ...

    def snapshot(self) -> TableSnapshot: ...

    def perform(self, action: Action, confirmed: bool = False) -> None:
        """Make the person's move (a module's panel clicked, a tile swapped by a drop on the reserve)."""
        ...

    def show_toast(self, text: Text, warn: bool = False) -> None: ...

    def zoom(self, factor: float) -> None: ...

    def open_pause(self) -> None: ...

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...

    def toggle_log(self) -> None: ...

    def toggle_sound(self) -> None: ...


class TableInput:
    """The table's mouse and keys."""

    def __init__(self, owner: Owner, modules: Compiled, picker: Picker, pointer: Pointer) -> None:
        self.owner = owner
        self.ui = owner.ui
        self.modules = modules
        self.picker = picker
        self.buying = picker.buying
        self.pointer = pointer

    def on_event(self, event: pygame.event.Event) -> bool:
        """An event no widget took; True if it meant something here."""
        owner, ui = self.owner, self.ui
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            if owner.board.rect.collidepoint(ui.mouse):
                owner.zoom(1.12 if event.y > 0 else 1 / 1.12)
                return True
            if owner.log.rect.collidepoint(ui.mouse):
                owner.log.handle_wheel(ui, event.y)
                return True
            return False
        pointer = self.pointer
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (2, 3) and owner.board.rect.collidepoint(event.pos):
                pointer.start_pan(event.pos)
                return True
            if event.button == 1:
                return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            moved = pointer.moved(event.pos, ui.px(DRAG_AFTER))
            if isinstance(moved, tuple):  # the board pans
                owner.board.pan[0] += moved[0]
                owner.board.pan[1] += moved[1]
                return True
            if moved is not None:  # a press became a drag
                if moved.move is not None:
                    self.picker.take_and_drag(moved)
                else:
                    self.picker.select(moved.source, moved.tile, toggle=False)
            return pointer.dragging
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                pointer.end_pan()
                return True
            released = pointer.release() if event.button == 1 else None
            if released is None:
                return False
            drag = released.drag
            if released.kind == "drop":
                self._drop(event.pos)
            elif released.kind == "move":  # a click on a module's panel makes its move
                self.picker.cancel()
                owner.perform(drag.move)  # type: ignore[arg-type]
            else:  # a click on a bought tile always picks it (it is often picked already: Esc drops it)
                self.picker.select(drag.source, drag.tile, toggle=drag.source != "held")
            return True
        return False

    # ------------------------------------------------------------------ keys
    def _keys(self) -> dict[int, Callable[[], None]]:
        """The keys that call one thing each: the table's and the rule modules' (their places, commands, pickers of
        tiles for sale and picks of pieces)."""
        owner, picker, buying = self.owner, self.picker, self.buying
        return {
            pygame.K_h: owner.ask_hint,
            pygame.K_l: owner.toggle_log,
            pygame.K_m: owner.toggle_sound,
            pygame.K_t: picker.send_to_reserve,
            **{place.key: (lambda place=place: picker.place_at(place)) for place in self.modules.destinations},
            **{command.key: (lambda c=command: picker.run_command(c)) for command in self.modules.commands},
            **{chooser.key: self._item_picker(module) for module, chooser in self.modules.pickers},
            **{chooser.key: self._lot_picker(module) for module, chooser in self.modules.lot_pickers},
            **{pick.key: buying.piece_picker(module) for module, pick in self.modules.picks},
            pygame.K_x: buying.next_payment,
            getattr(pygame, f"K_{END_TURN_KEY.lower()}"): picker.decline_extra_action,
            pygame.K_TAB: self.next_held,
            pygame.K_SPACE: owner.director.skip,
            pygame.K_0: owner.board.reset_view,
            pygame.K_KP0: owner.board.reset_view,
        }

    def _item_picker(self, module: Wares) -> Callable[[], None]:
        """A module's key for its tiles for sale (a bazaar, A): the next one to buy."""
        return lambda: self.buying.pick_next_item(module.for_sale(self.owner.table.state))

    def _lot_picker(self, module: Wares) -> Callable[[], None]:
        """A module's key for its lots (a room of chests, J): the next one to buy."""
        return lambda: self.buying.pick_next_lot(module.lots(self.owner.table.state))

    def _key(self, event: pygame.event.Event) -> bool:
        owner, picker = self.owner, self.picker
        key = event.key
        if key == pygame.K_ESCAPE:
            sel = picker.sel
            if owner.table.staged is not None or not sel.empty:
                picker.cancel()
            else:
                owner.open_pause()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            picker.confirm()
            return True
        if key == pygame.K_z:  # Z, with or without Ctrl
            owner.undo()
            return True
        simple = self._keys()
        if key in simple:
            simple[key]()
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            owner.zoom(1.25)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            owner.zoom(0.8)
            return True
        arrows = {pygame.K_LEFT: (40, 0), pygame.K_RIGHT: (-40, 0), pygame.K_UP: (0, 40), pygame.K_DOWN: (0, -40)}
        if key in arrows:
            owner.board.pan[0] += arrows[key][0]
            owner.board.pan[1] += arrows[key][1]
            return True
        offer_keys = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
        if key in offer_keys:
            index = offer_keys.index(key)
            offer = owner.table.state.offer
            if index < len(offer):
                picker.toggle_offer(offer[index])
            return True
        slot_keys = [getattr(pygame, f"K_{k.lower()}") for k in SLOT_KEYS]
        if key in slot_keys:
            self.buying.choose_slot(slot_keys.index(key) + 1)
            return True
        return False

    def next_held(self) -> None:
        """Tab: the next tile waiting to be placed, in the tray's order; with a piece picked, the next lit corner."""
        if self.picker.sel.piece is not None:
            self.buying.next_spot()
            return
        self.picker.next_held(self.owner.tray.held(self.owner.snapshot()))

    # ------------------------------------------------------------------ the mouse
    def _press(self, pos: Point) -> bool:
        """Button 1 went down at ``pos``: what is there is picked, pressed (a click or a drag to come) or said."""
        owner, picker, buying = self.owner, self.picker, self.buying
        if not owner.can_act:
            return False
        table, sel = owner.table, picker.sel
        snap = owner.snapshot()  # what the views hit-test: the table as it is drawn
        if sel.use is not None and self._use_card(snap, pos):  # a module's card picked: on to one of your tiles
            return True
        if table.acting or table.choosing:  # choosing: a rule module's phase may buy (a vizier's window)
            card = owner.bank.card_at(snap, pos)  # in a module's phase, its move by the card (a thief steals it)
            if card is not None:
                picker.toggle_offer(card)
                return True
            slot = owner.market.slot_at(snap, pos)
            if slot is not None:
                buying.choose_slot(slot)
                return True
            for panel in owner.module_panels.values():  # a module's tile for sale (a waiting bazaar)
                use = panel.card_at(snap, pos)  # a card used on one of your tiles (a wall card)
                if use is not None:
                    picker.pick_card(use)
                    return True
                item = panel.item_at(snap, pos)
                if item is not None:
                    buying.choose_item(item)
                    return True
                lot = panel.lot_at(snap, pos)  # a lot bought with money of any currencies (a room of chests)
                if lot is not None:
                    buying.choose_lot(lot)
                    return True
                piece = panel.piece_at(snap, pos)  # a piece for your Alhambra's corners (a falcon): click or drag
                if piece is not None:
                    self.pointer.press(Drag("piece", piece, pos))
                    return True
            card = owner.hand.card_at(snap, pos)
            if card is not None and sel.piece is not None:
                buying.pay_piece_with(card)
                return True
            if card is not None and sel.slot is not None:
                buying.toggle_payment(card)
                return True
            if card is not None and sel.lot is not None:
                buying.toggle_lot_card(card)
                return True
        for panel in owner.module_panels.values():  # a piece for your Alhambra that may not be picked now: why not
            drawn = panel.piece_drawn_at(snap, pos)
            if drawn is not None:
                buying.say_unpickable(self.modules.unpickable, drawn)
                return True
        piece = owner.shelf.piece_at(snap, pos)
        if piece is not None:
            picker.use_piece(piece)
            return True
        if table.acting or table.choosing:  # choosing: a module's phase decided on its panel (citizens)
            for panel in owner.module_panels.values():
                move = panel.action_at(snap, pos)
                if move is not None:  # made on release: a click, or a drag of the tile it takes ([M-HUT-2])
                    picker.cancel()
                    self.pointer.press(Drag("module", getattr(move, "tile", EMPTY), pos, move=move))
                    return True
        found = owner.tray.tile_at(snap, pos)
        if found is not None:
            source, tile = found
            if sel.source == "alhambra" and source == "reserve" and sel.tile is not None:
                owner.perform(Swap(tile, sel.tile))
                return True
            self.pointer.press(Drag(source, tile, pos))
            return True
        if owner.board.rect.collidepoint(pos):
            return self._press_board(pos)
        if owner.tray.reserve_zone(snap).collidepoint(pos) and picker.reserve_drop_ok():
            picker.send_to_reserve()
            return True
        return self._drop_on_module(pos)

    def _use_card(self, snap: TableSnapshot, pos: Point) -> bool:
        """With a module's card picked (a wall card): a press on one of your tiles, in the tray or your Alhambra,
        uses it there (or says why not); True if ``pos`` was on one."""
        owner = self.owner
        found = owner.tray.tile_at(snap, pos)
        tile = found[1] if found is not None else None
        if tile is None and owner.board.rect.collidepoint(pos):
            tile = owner.board.tile_at(owner.table.state.boards[owner.me].grid, pos)
        if tile is None:
            return False
        self.picker.use_card_on(tile)
        return True

    def _press_board(self, pos: Point) -> bool:
        """A press on your Alhambra: the picked piece or tile goes there if it may, a tile of it is pressed (a
        redesign, [B-TURN-6]), or why the held tile may not go there is said."""
        owner, picker = self.owner, self.picker
        sel, board = picker.sel, owner.board
        if sel.piece is not None:  # a picked piece goes to the lit corner clicked
            self._drop_piece(pos)
            return True
        if sel.tile is not None and self._drop_on_board(pos):
            return True
        if sel.tile is None and picker.cell_move(board.cell_at(pos)):  # a module's move on a cell (a disc put back)
            return True
        tile = board.tile_at(owner.table.state.boards[owner.me].grid, pos)
        if tile is not None and owner.table.acting:
            self.pointer.press(Drag("alhambra", tile, pos))
            return True
        cell = board.cell_at(pos)
        if tile is None and cell is not None and sel.source == "held" and sel.tile is not None:
            picker.say_not_here(Place(sel.tile, *cell))
        return True

    def _drop(self, pos: Point) -> None:
        """The dragged tile or piece let go at ``pos``."""
        owner, picker = self.owner, self.picker
        sel = picker.sel
        if sel.piece is not None:  # a module's piece dragged from its panel (a falcon): onto a lit corner
            self._drop_piece(pos)
            return
        if owner.board.rect.collidepoint(pos):
            if not self._drop_on_board(pos) and sel.source != "alhambra":
                cell = owner.board.cell_at(pos)
                if cell is not None and sel.tile is not None and sel.source == "held":
                    picker.say_not_here(Place(sel.tile, *cell))
            return
        if owner.tray.rect.collidepoint(pos):
            found = owner.tray.tile_at(owner.snapshot(), pos)
            if sel.source == "alhambra" and found is not None and found[0] == "reserve":
                owner.perform(Swap(found[1], sel.tile))  # type: ignore[arg-type]
            elif picker.reserve_drop_ok():
                picker.send_to_reserve()
            return
        self._drop_on_module(pos)

    def _drop_on_board(self, pos: Point) -> bool:
        """The selected tile let go (or a click) at ``pos`` on your Alhambra: placed, built or swapped in if it may."""
        board, sel = self.owner.board, self.picker.sel
        cell = board.cell_at(pos)
        if cell is None or sel.tile is None:
            return False
        built = (
            board.tile_at(self.owner.table.state.boards[self.owner.me].grid, pos) if sel.source == "reserve" else None
        )
        return self.picker.drop_on_cell(cell, built)

    def _drop_piece(self, pos: Point) -> None:
        """The picked piece let go (or a click) at ``pos``: on a lit corner it goes there, elsewhere on your
        Alhambra the table says where it may go."""
        board = self.owner.board
        corner = board.corner_at(pos, self.buying.piece_spots())
        if corner is not None:
            self.buying.put_piece(corner)
        elif board.rect.collidepoint(pos):
            self.owner.show_toast(
                lambda: _("Not there: put it on one of the lit corners of your Alhambra (or Esc)."), True
            )

    def _drop_on_module(self, pos: Point) -> bool:
        """A held tile let go (or a click) on a rule module's panel that takes it; True if one did."""
        for place in self.modules.destinations:
            panel = self.owner.module_panels.get(place.drop_on)
            if panel is not None and panel.rect.collidepoint(pos) and self.picker.sel.source == "held":
                self.picker.place_at(place)
                return True
        return False
