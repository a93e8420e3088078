"""The person's picking at the table: what a press on a thing means, what the picked thing may do, and the move it
makes.

Money cards from the offer are picked to take ([B-TURN-2]); a bought tile, a reserve tile or a tile of the Alhambra is
picked to place, keep or redesign ([B-TURN-6], [B-TURN-7]), its legal cells and swaps lit (``targets``); the primary
button or Enter confirms the selection (``confirm``), Esc drops it (``cancel``).  What to buy and its payment is the
``Buying`` part's.  A refused pick or drop is said with the rules' reason (``show_toast``), and the cell a held tile
may not take says why in its tooltip (``refused_cell``).

No pygame here: the table scene's input turns the mouse and keys into these calls (a press, a drop on a cell, a key)
and the drawing shows the outcome, so the rules of picking are tested without a window.  Nothing here decides what is
legal: every highlight comes from the engine (``legal_cells``, ``redesign_actions``, ``is_legal``) and every move goes
to the owner's ``perform``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game import i18n
from game.engine import (
    Action,
    Buy,
    EndTurn,
    FromReserve,
    GameState,
    IllegalAction,
    Lift,
    Pass,
    Place,
    Reserve,
    Swap,
    Take,
)
from game.engine.alhambra import xy_of
from game.engine.components import EMPTY, is_money_card
from game.engine.phases import ACTION, FINAL
from game.i18n import _, words

from ...shortcuts import END_TURN_KEY
from ...table import Table
from ...views.model import Selection
from . import buying
from .buying import Buying, Sounds, refusal
from .pointer import Drag, Pointer

if TYPE_CHECKING:
    from ...modules import Command, Compiled, Destination
    from ...views.model import Piece

Cell = tuple[int, int]
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def refused_here(error: IllegalAction) -> str:
    """Why the tile held may not go on the cell pointed at, in the current language."""
    # TRANSLATORS: over a cell the tile held may not take; {reason} is the rules' reason
    return _("Not here: {reason}").format(reason=words.refusal(error))


class Owner(buying.Owner, Protocol):
    """What the picker asks of the table scene that owns it: what buying asks, and the end of the turn confirmed."""

    def commit(self) -> None:
        """Apply the move waiting for End turn (or Confirm)."""
        ...


class Picker:
    """The selection (``sel``) as a person's presses, drops and keys change it, and the moves it makes."""

    __slots__ = (
        "buying",
        "card_cache",
        "module_cache",
        "modules",
        "owner",
        "picked_up_for",
        "pointer",
        "refusal",
        "sel",
        "sounds",
        "table",
    )

    def __init__(
        self, table: Table, modules: Compiled, pointer: Pointer, buying: Buying, owner: Owner, sounds: Sounds
    ) -> None:
        self.table = table
        self.sel: Selection = buying.sel  # one selection for picking and buying, drawn by the views
        self.modules = modules  # the rule modules' client hooks for this game
        self.pointer = pointer  # the press or drag of the mouse: dropped with the selection
        self.buying = buying
        self.owner = owner
        self.sounds = sounds
        self.picked_up_for: tuple | None = None  # the waiting tiles the first of which was last picked up
        # why the held tile may not take the cell it is over: (tile, source, cell, game length, language), the words
        self.refusal: tuple[tuple | None, str] = (None, "")
        # the rule modules' own placements of a tile (``module_places``): (tile, source, game length, nothing staged)
        self.module_cache: tuple[tuple | None, tuple[dict[Cell, Action], dict[int, Action]]] = (None, ({}, {}))
        self.card_cache: tuple[tuple | None, dict[int, Action]] = (None, {})  # ``card_targets``: (card, length)

    @property
    def state(self) -> GameState:
        return self.table.state

    # ------------------------------------------------------------------ whose decision
    def in_own_turn(self) -> bool:
        """Whether the person decides in their own turn, not out of turn (placing the tile a vizier bought,
        [M-VIZIER-2]; the tiles received at the end of the game, [B-END-2])."""
        state = self.state
        return state.turn_player == self.owner.me and state.phase not in state.rules.placing and state.phase != FINAL

    def staged_ends_own_turn(self) -> bool:
        """Whether the move waiting for confirmation ends the person's own turn (else it ends a decision out of
        turn, and its button says Confirm, not End turn)."""
        return self.in_own_turn()

    # ------------------------------------------------------------------ the primary button, Esc, the End turn key
    def confirm(self) -> None:
        """The primary button or Enter: the move waiting for End turn, else what the selection makes (a take, a
        purchase, a lift to the reserve, a piece on the corner chosen with Tab), else the one move there is (Pass,
        [B-TURN-8]; End turn after an exact payment, [B-TURN-4]) or a module's main command (Done)."""
        if self.table.staged is not None:
            self.owner.commit()
            return
        if not self.owner.can_act:
            return
        sel, perform = self.sel, self.owner.perform
        if sel.piece is not None:  # a piece for a corner of your Alhambra: put it on the corner chosen with Tab
            if sel.spot is None or not self.buying.put_piece(sel.spot):
                self.owner.show_toast(lambda: _("Choose a lit corner of your Alhambra first: click one, or Tab."))
            return
        if sel.lot is not None:  # a module's lot (a room of chests), paid as chosen
            purchase = self.buying.purchase()
            if purchase is not None:
                perform(purchase)
            return
        if self.table.choosing:  # a rule module's phase: only a chosen purchase is confirmed here
            purchase = self.buying.purchase()
            if purchase is not None:
                perform(purchase)
            elif sel.empty:  # nothing picked: the module's main command (Done, after buying falcons)
                main = next((c for c in self.modules.commands if c.primary and self._offered(c)), None)
                if main is not None:
                    self.run_command(main)
            return
        legal = self.state.legal_actions()
        if legal == [Pass()]:
            perform(Pass())
        elif legal == [EndTurn()]:
            perform(EndTurn())
        elif sel.slot is not None and (sel.pay or sel.card is not None):
            purchase = self.buying.purchase()
            if purchase is not None:
                perform(purchase)
        elif sel.offer:
            perform(Take(tuple(sel.offer)))
        elif sel.source == "alhambra" and sel.tile is not None:
            perform(Lift(sel.tile))
        elif sel.empty and EndTurn() in legal:  # what the button shows then: "End turn"
            perform(EndTurn())

    def _offered(self, command: Command) -> bool:
        """A module's command that its button offers now: a legal move of the person's."""
        move = command.move(self.state)
        return move is not None and self.state.is_legal(move)

    def decline_extra_action(self) -> None:
        """The End turn key: stop after an exact payment ([B-TURN-4]), whatever is selected.

        A key of its own, so that a player who has started picking cards for the extra action can
        still change their mind in one stroke; the selection is dropped with the action.
        """
        if not self.owner.can_act or self.table.staged is not None or not self.table.acting:
            return
        if not self.state.is_legal(EndTurn()):
            self.owner.show_toast(
                lambda: _("End turn ({key}) is for after an exact payment: now take money, buy or redesign.").format(
                    key=END_TURN_KEY
                )
            )
            return
        self.cancel()
        self.owner.perform(EndTurn())

    def cancel(self) -> None:
        """Esc or Cancel: the selection dropped, and a move waiting for End turn taken back."""
        if self.table.staged is not None:
            self.table.staged = None
            self.picked_up_for = None  # the tile taken back is picked up again
        self.sel.clear()
        self.pointer.drag = None

    def run_command(self, command: Command) -> None:
        """A rule module's button or key (wake the vizier, pass a window): its move now, if the person may make it."""
        if not self.owner.can_act or self.table.staged is not None:
            return
        action = command.move(self.state)
        if action is None:
            return
        self.cancel()
        self.owner.perform(action, confirmed=True)

    def use_piece(self, piece: Piece) -> None:
        """A click on one of your rule modules' pieces: its move if it has one now, else what it is."""
        if piece.action is None:
            self.owner.show_toast(piece.tip)  # the module's words (said in the current language)
            return
        self.cancel()
        self.owner.perform(piece.action, confirmed=True)

    def play(self, action: Action) -> None:
        """A move chosen whole (the hint's Do it): made as the table's own buttons make it."""
        self.cancel()
        if isinstance(action, Buy):
            self.sel.slot = action.slot
            self.sel.pay = list(action.paid)
            self.owner.perform(action)
        else:  # a rule module's command (wake, pass) is applied as its button applies it
            commanded = any(command.move(self.state) == action for command in self.modules.commands)
            self.owner.perform(action, confirmed=commanded)

    # ------------------------------------------------------------------ the money offer
    def toggle_offer(self, card: int) -> None:
        """A card of the money offer picked to take, or dropped again ([B-TURN-2]); a card that is no money is taken
        alone ([M-EXCH-2]).  In a rule module's phase, the move a click on it makes there (a thief steals it)."""
        if self.owner.can_act and self.table.choosing and self.table.staged is None:
            move = self.modules.offer_move(self.state, card)
            if move is not None:
                self.cancel()
                self.owner.perform(move, confirmed=True)
            return
        if not (self.owner.can_act and self.table.acting):
            return
        sel = self.sel
        chosen = [c for c in sel.offer if c != card] if card in sel.offer else [*sel.offer, card]
        if not is_money_card(card) and card not in sel.offer:
            chosen = [card]
        elif any(not is_money_card(c) for c in chosen):
            chosen = [c for c in chosen if is_money_card(c)]
        sel.clear()
        sel.offer = chosen
        self.sounds.play("click")

    # ------------------------------------------------------------------ tiles: bought, on the reserve, in the Alhambra
    def pick_up_bought_tile(self) -> None:
        """Once tiles wait to be placed, the first is picked up: its legal cells light, and To reserve (and the
        rule modules' places) show at once.  Again after each placement, once per set of waiting
        tiles, so that Esc or Cancel leaves the hand empty until something changes."""
        if not (self.owner.can_act and self.table.placing) or self.table.staged is not None:
            return
        sel = self.sel
        if sel.tile is not None or sel.piece is not None or self.pointer.drag is not None:
            return
        held = list(self.state.held)
        key = (len(self.table.game.events), tuple(held))
        if not held or key == self.picked_up_for:
            return
        self.picked_up_for = key
        sel.clear()
        sel.tile, sel.source = held[0], "held"

    def next_held(self, held: Sequence[int]) -> None:
        """Tab: the next of the waiting tiles ``held`` (in the tray's order) after the one picked."""
        if not held or not self.owner.can_act:
            return
        index = held.index(self.sel.tile) + 1 if self.sel.tile in held else 0
        self.select("held", held[index % len(held)], toggle=False)

    def select(self, source: str, tile: int, toggle: bool) -> None:
        """A tile pressed in the tray ("held", "reserve"), in the Alhambra ("alhambra") or a module's piece in its
        panel ("piece"): picked, or dropped again (``toggle``), or why not said: bought tiles wait for the end of the
        action ([B-TURN-7]), a redesign is a whole action ([B-TURN-6]), a tile may have nowhere to go."""
        if source == "piece":  # a module's piece pressed in its panel (a falcon): picked for your Alhambra's corners
            self.buying.choose_piece(tile, toggle)
            return
        sel = self.sel
        if toggle and sel.tile == tile and sel.source == source:
            sel.clear()
            return
        table, say = self.table, self.owner.show_toast
        if source == "held" and not table.placing:
            say(lambda: _("Bought tiles are placed at the end of your turn: take money, buy or redesign first."))
            return
        if source in ("reserve", "alhambra") and not table.acting:
            if table.placing:
                say(lambda: _("Place the tiles you bought first: a redesign is a whole action."))
            return
        if source == "alhambra":
            options = [
                a
                for a in self.redesigns()
                if (isinstance(a, Lift) and a.tile == tile) or (isinstance(a, Swap) and a.alhambra_tile == tile)
            ]
            if not options:
                error = self.refused(Lift(tile))
                if error is not None:
                    say(lambda: refusal(error), True)
                return
        if source == "reserve" and not any(self.reserve_targets(tile)):
            say(lambda: _("{tile} fits nowhere in your Alhambra right now.").format(tile=words.tile(tile)), True)
            return
        sel.clear()
        sel.tile, sel.source = tile, source
        self.sounds.play("click")

    def refused(self, action: Action) -> IllegalAction | None:
        """The engine's refusal of ``action`` now (tried on a clone), or None if it is legal."""
        try:
            self.state.clone().apply(action)
        except IllegalAction as error:
            return error
        return None

    def say_not_here(self, action: Action) -> None:
        """A tile let go (or clicked) on a cell it may not take: why not, as the cell's tooltip says it."""
        error = self.refused(action)
        said = (lambda: refused_here(error)) if error is not None else (lambda: _("Not there."))
        self.owner.show_toast(said, True)

    # ------------------------------------------------------------------ targets
    def redesigns(self) -> list[Action]:
        """[B-TURN-6] every redesign open now: the base game's and the rule modules' (a camp from the reserve,
        [M-CAMP-2], is the camps module's move)."""
        state = self.state
        found = state.redesign_actions()
        if state.phase == ACTION:
            found += [a for more in state.rules.turn_actions for a in more(state) if a.kind == "redesign"]
        return found

    def reserve_targets(self, tile: int) -> tuple[list[Cell], list[int]]:
        """The cells a reserve tile may be built on and the Alhambra tiles it may swap with ([B-TURN-6]), the rule
        modules' own forms of them too (``module_places``)."""
        cells, swaps = [], []
        for action in self.redesigns():
            if isinstance(action, FromReserve) and action.tile == tile:
                cells.append((action.x, action.y))
            elif isinstance(action, Swap) and action.reserve_tile == tile:
                swaps.append(action.alhambra_tile)
        places, swapped = self.module_places(tile, "reserve")
        cells += [cell for cell in places if cell not in cells]
        swaps += [built for built in swapped if built not in swaps]
        return cells, swaps

    def module_places(self, tile: int, source: str) -> tuple[dict[Cell, Action], dict[int, Action]]:
        """A rule module's own placements of ``tile`` (bought: "held", or from the reserve) that the engine lists
        besides the base game's ``Place``, ``FromReserve`` and ``Swap`` (a placement that opens a passage through a
        double wall, [M-GATE-5]): by the cell it takes, and by the Alhambra tile it swaps out; the first listed for
        each.  Lit and made like the base game's; worked out once per tile, source and move."""
        key = (tile, source, len(self.table.game.events), self.table.staged is None)
        if self.module_cache[0] == key:
            return self.module_cache[1]
        state = self.state
        if source == "held" and self.table.placing:
            moves = state.placement_actions()
        elif source == "reserve" and self.table.acting:
            moves = [a for more in state.rules.turn_actions for a in more(state) if a.kind == "redesign"]
        else:
            moves = []
        cells: dict[Cell, Action] = {}
        swaps: dict[int, Action] = {}
        for action in moves:
            if type(action) in (Place, FromReserve, Swap):
                continue
            if getattr(action, "tile", None) == tile and hasattr(action, "x") and hasattr(action, "y"):
                cells.setdefault((action.x, action.y), action)  # type: ignore[attr-defined]
            elif getattr(action, "reserve_tile", None) == tile and hasattr(action, "alhambra_tile"):
                swaps.setdefault(action.alhambra_tile, action)  # type: ignore[attr-defined]
        self.module_cache = (key, (cells, swaps))
        return cells, swaps

    def targets(self) -> tuple[list[Cell], list[int]]:
        """Legal cells and swappable Alhambra tiles for the selected (or dragged) tile."""
        sel = self.sel
        if sel.tile is None and sel.piece is None and self.owner.can_act and self.table.choosing:
            return list(self.modules.cell_moves(self.state, self.owner.me)), []  # a module's move by a cell
        if sel.tile is None or not self.owner.can_act:
            return [], []
        if sel.source == "held" and self.table.placing:
            cells = self.state.legal_cells(self.state.decider, sel.tile)
            return cells + [cell for cell in self.module_places(sel.tile, "held")[0] if cell not in cells], []
        if sel.source == "reserve" and self.table.acting:
            return self.reserve_targets(sel.tile)
        if sel.source == "alhambra" and self.table.acting:
            swaps = [a.reserve_tile for a in self.redesigns() if isinstance(a, Swap) and a.alhambra_tile == sel.tile]
            return [], swaps
        return [], []

    def reserve_drop_ok(self) -> bool:
        """The selected tile may go to the reserve now: a bought one kept ([B-TURN-7]) or one lifted from the
        Alhambra ([B-TURN-6])."""
        sel = self.sel
        if sel.tile is None or not self.owner.can_act:
            return False
        if sel.source == "held":
            return self.table.placing and self.state.is_legal(Reserve(sel.tile))
        if sel.source == "alhambra":
            return self.table.acting and self.state.is_legal(Lift(sel.tile))
        return False

    def refused_cell(self, cell: Cell | None, cells: Sequence[Cell]) -> tuple[Cell | None, str]:
        """``cell`` (the one under the mouse) if it is an empty cell beside your Alhambra that the tile you hold
        (bought, or from the reserve; dragged or selected) may not take, and the engine's reason in words (its rule
        number left out); worked out once per tile, cell, move and language."""
        sel = self.sel
        if sel.tile is None or not self.owner.can_act:
            return None, ""
        if not ((sel.source == "held" and self.table.placing) or (sel.source == "reserve" and self.table.acting)):
            return None, ""
        if cell is None or cell in cells:
            return None, ""
        built = {xy_of(key) for key in self.state.boards[self.owner.me].grid}
        x, y = cell
        if cell in built or not any((x + dx, y + dy) in built for dx, dy in SIDES):
            return None, ""
        key = (sel.tile, sel.source, cell, len(self.table.game.events), i18n.generation())
        if self.refusal[0] != key:
            action = Place(sel.tile, x, y) if sel.source == "held" else FromReserve(sel.tile, x, y)
            error = self.refused(action)
            self.refusal = (key, refused_here(error) if error is not None else "")
        return cell, self.refusal[1]

    # ------------------------------------------------------------------ moves the selection makes
    def drop_on_cell(self, cell: Cell | None, built: int | None) -> bool:
        """The selected tile let go (or a click) on ``cell`` of your Alhambra, where the tile ``built`` stands (or
        None): placed, built from the reserve or swapped in if that is legal there; True if it was."""
        sel = self.sel
        if cell is None or sel.tile is None:
            return False
        cells, swaps = self.targets()
        places, swapped = self.module_places(sel.tile, sel.source)
        if sel.source == "held" and cell in cells:
            self.owner.perform(places.get(cell) or Place(sel.tile, *cell))
            return True
        if sel.source == "reserve":
            if cell in cells:
                self.owner.perform(places.get(cell) or FromReserve(sel.tile, *cell))
                return True
            if built is not None and built in swaps:
                self.owner.perform(swapped.get(built) or Swap(sel.tile, built))
                return True
        return False

    def cell_move(self, cell: Cell | None) -> bool:
        """A click on ``cell`` of your Alhambra with nothing picked, in a rule module's phase: the module's move
        there (a trader's disc put back, [M-TRADER-5]) if it has one; True if it had."""
        if cell is None or not (self.owner.can_act and self.table.choosing) or self.table.staged is not None:
            return False
        move = self.modules.cell_moves(self.state, self.owner.me).get(cell)
        if move is None:
            return False
        self.cancel()
        self.owner.perform(move)
        return True

    # ------------------------------------------------------------------ a module's card used on one of your tiles
    def own_tiles(self) -> list[int]:
        """The person's tiles a module's card may be used on: bought and waiting, in their Alhambra, on their
        reserve ([M-WALL-4])."""
        state, me = self.state, self.owner.me
        held = list(state.held) if state.turn_player == me else []
        return [*held, *sorted(state.boards[me].grid.values()), *state.reserves[me]]

    def card_targets(self) -> dict[int, Action]:
        """The person's tiles the module card picked (``sel.use``) may be used on now, each with its move (lit);
        worked out once per card and move."""
        card = self.sel.use
        if card is None or not self.owner.can_act or not self.table.acting or self.table.staged is not None:
            return {}
        key = (card, len(self.table.game.events))
        if self.card_cache[0] != key:
            state = self.state
            found: dict[int, Action] = {}
            for tile in self.own_tiles():
                move = self.modules.card_use(state, card, tile)
                if move is not None and state.is_legal(move):
                    found[tile] = move
            self.card_cache = (key, found)
        return self.card_cache[1]

    def pick_card(self, card: int) -> None:
        """A click on a module's card on its panel (a wall card): picked to use on one of your tiles, which light up;
        clicked again, dropped; or why it cannot be used now said."""
        if not self.owner.can_act or self.table.staged is not None:
            return
        sel, say = self.sel, self.owner.show_toast
        if sel.use == card:
            sel.clear()
            return
        if not self.table.acting:
            if self.table.placing:
                say(lambda: _("Your actions are over: this card is used as an action of your turn."))
            return
        sel.clear()
        sel.use = card
        if not self.card_targets():
            sel.clear()
            say(lambda: _("None of your tiles may take this card now."), True)
            return
        self.sounds.play("click")

    def use_card_on(self, tile: int) -> None:
        """The picked module card used on ``tile`` (clicked in the tray or your Alhambra) if it may be, else the
        rules' reason said."""
        card = self.sel.use
        if card is None:
            return
        move = self.card_targets().get(tile)
        if move is not None:
            self.cancel()
            self.owner.perform(move)
            return
        attempt = self.modules.card_use(self.state, card, tile)
        error = self.refused(attempt) if attempt is not None else None
        if error is not None:
            self.owner.show_toast(lambda: refusal(error), True)

    def send_to_reserve(self) -> None:
        """To reserve (T): the bought tile kept on the reserve, or the Alhambra tile lifted to it."""
        sel = self.sel
        if sel.tile is None:
            return
        if sel.source == "held":
            self.owner.perform(Reserve(sel.tile))
        elif sel.source == "alhambra":
            self.owner.perform(Lift(sel.tile))

    def place_at(self, place: Destination) -> None:
        """Send the selected bought tile to a rule module's place (its button, key or panel)."""
        if self.sel.tile is not None and self.sel.source == "held":
            self.owner.perform(place.action(self.sel.tile))

    def take_and_drag(self, drag: Drag) -> None:
        """A module's move dragged off its panel: made at once, and the tile it takes (a hut: [M-HUT-2], placed
        like a bought tile, [M-HUT-3]) goes on with the drag, to the Alhambra or the reserve."""
        self.pointer.drag = None
        self.cancel()
        self.owner.perform(drag.move)  # type: ignore[arg-type]
        tile = drag.tile
        if tile != EMPTY and tile in self.state.held and self.table.placing and self.state.decider == self.owner.me:
            self.sel.tile, self.sel.source = tile, "held"
            self.pointer.press(Drag("held", tile, drag.start, active=True))
