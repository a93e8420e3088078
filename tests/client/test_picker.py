"""The person's picking at the table on its own, without a window: the picker, buying and the prompt's words.

``Picker``, ``Buying`` and ``Prompt`` (``game/client/scenes/parts/``) talk to the table scene through the ``Owner``
protocol of their files; here a stand-in owner keeps what they say and applies what they do to a real table, so the
rules of a pick are checked move by move: what a choice suggests, what it lights, and why a refused one is refused.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from positions import exact_payment_game

from game.client.modules import modules_for
from game.client.scenes.parts.bot_turns import BotTurns
from game.client.scenes.parts.buying import SUGGESTED, Buying
from game.client.scenes.parts.hints import Hints
from game.client.scenes.parts.picker import Picker
from game.client.scenes.parts.pointer import Drag, Pointer
from game.client.scenes.parts.prompt import Prompt
from game.client.table import Table
from game.client.views.model import Selection
from game.engine import Action, Buy, EndTurn, Game, Place, Take
from game.engine.alhambra import xy_of
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COST,
    is_money_card,
)
from game.engine.state import PLACE


class Person:
    """The table scene as its parts see it: the person in seat 0, who may act while ``can_act``; what is said is
    kept (``said``: words and whether they warn), what is done is kept and applied to the table (``done``), and the
    selection dropped after it, as the scene drops it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.me = 0
        self.can_act = True
        self.clock = 0.0
        self.director = SimpleNamespace(busy=False)
        self.hint_action: Action | None = None
        self.said: list[tuple[str, bool]] = []
        self.done: list[tuple[Action, bool]] = []
        self.committed = 0
        self.sel = Selection()

    def show_toast(self, text: Any, warn: bool = False) -> None:
        self.said.append((text() if callable(text) else text, warn))

    def perform(self, action: Action, confirmed: bool = False) -> None:
        self.done.append((action, confirmed))
        self.table.apply(action)
        self.sel.clear()

    def commit(self) -> None:
        self.committed += 1

    def shown_actor(self) -> int | None:
        return None


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def seated(game: Game) -> tuple[Picker, Person, Sounds]:
    """A picker (and its buying) over ``game`` at a table where seat 0 is the person."""
    table = Table.from_game(game)
    person, sounds = Person(table), Sounds()
    modules = modules_for(game.state.rules)
    buying = Buying(table, person.sel, modules, person, sounds)
    return Picker(table, modules, Pointer(), buying, person, sounds), person, sounds


def prompt_of(picker: Picker, person: Person) -> Prompt:
    app = SimpleNamespace(worker=None, settings=SimpleNamespace(think_limit=None))
    bots = BotTurns(app, picker.table, person.show_toast)  # type: ignore[arg-type]
    return Prompt(picker.table, picker.modules, picker, Hints(), bots, person)


def several_payments() -> tuple[Game, int]:
    """A new game, the person to move, holding every money card of one market slot's currency (moved from the deck:
    test setup, no card is made), so that the table suggests several payments for that slot."""
    game, buy = exact_payment_game()
    state = game.state
    currency = SLOT_CURRENCY[buy.slot]
    moved = [c for c in state.deck if is_money_card(c) and CARD_CURRENCY[c] == currency]
    state.deck[:] = [c for c in state.deck if c not in moved]
    state.hands[0].extend(moved)
    return game, buy.slot


def test_choosing_a_slot_suggests_an_exact_payment_first_b_turn_4() -> None:
    """[B-TURN-4] an exact payment keeps the extra action: choosing the slot chooses it at once, so Enter never gives
    the extra action away; its cards are the ones the hand marks, and the purchase is the base game's ``Buy``."""
    game, buy = exact_payment_game()
    picker, person, sounds = seated(game)
    picker.buying.choose_slot(buy.slot)
    sel = picker.sel
    tile = game.state.in_slot(buy.slot)
    assert sel.slot == buy.slot and sel.suggestion == 0 and 1 <= len(sel.suggestions) <= SUGGESTED
    assert sum(CARD_VALUE[c] for c in sel.suggestions[0]) == TILE_COST[tile], "the exact payment comes first"
    assert sel.pay == list(sel.suggestions[0]) and picker.buying.exact_cards() == set(sel.pay)
    assert picker.buying.purchase() == Buy(buy.slot, tuple(sel.pay))
    assert sounds.played == ["click"] and person.said == []
    picker.buying.choose_slot(buy.slot)
    assert sel.empty, "the slot chosen again is dropped"


def test_x_and_the_chips_go_through_the_suggested_payments() -> None:
    """X moves to the next suggestion and back round; a chip chooses its payment (an exchange card's too)."""
    game, slot = several_payments()
    picker, _person, _sounds = seated(game)
    buying, sel = picker.buying, picker.sel
    buying.choose_slot(slot)
    suggested = list(sel.suggestions)
    assert len(suggested) > 1
    buying.next_payment()
    assert sel.suggestion == 1 and sel.pay == list(suggested[1])
    for _ in range(len(suggested) - 1):
        buying.next_payment()
    assert sel.suggestion == 0, "round again to the first"
    buying.choose_suggestion(len(suggested) - 1)
    assert sel.pay == list(suggested[-1]) and sel.card is None


def test_cards_of_the_slots_currency_join_and_leave_the_payment_b_turn_3() -> None:
    """[B-TURN-3] a tile is paid in its slot's currency: a card of it joins the payment or leaves it (the chip of a
    suggestion it matches lights again), a card of another currency is refused with the reason."""
    game, buy = exact_payment_game()
    picker, person, _sounds = seated(game)
    picker.buying.choose_slot(buy.slot)
    sel = picker.sel
    [card] = buy.paid
    picker.buying.toggle_payment(card)
    assert sel.pay == [] and sel.suggestion == -1, "the exact card left the payment: no chip matches"
    picker.buying.toggle_payment(card)
    assert sel.pay == [card] and sel.suggestion == 0, "back in: its chip lights again"
    other = next(c for c in game.state.hands[0] if CARD_CURRENCY[c] != SLOT_CURRENCY[buy.slot])
    picker.buying.toggle_payment(other)
    assert sel.pay == [card]
    words, warn = person.said[-1]
    assert warn and f"Slot {buy.slot} takes only" in words


def test_an_empty_slot_or_one_too_dear_is_refused_with_its_reason_b_turn_3_b_turn_5() -> None:
    """[B-TURN-5] a slot bought this turn stays empty until the turn ends; [B-TURN-3] a tile dearer than the cards
    of its currency cannot be chosen: each says why, and nothing is selected."""
    game, buy = exact_payment_game()
    picker, person, _sounds = seated(game)
    picker.buying.choose_slot(buy.slot)
    picker.confirm()
    assert person.done[-1] == (Buy(buy.slot, buy.paid), False) and game.state.in_slot(buy.slot) == EMPTY
    picker.buying.choose_slot(buy.slot)
    assert picker.sel.empty and person.said[-1] == (f"Slot {buy.slot} is empty until the end of the turn.", True)
    dear = next((s for s in MARKET_SLOTS if game.state.in_slot(s) != EMPTY and not picker.table.can_buy(s)), None)
    if dear is not None:
        picker.buying.choose_slot(dear)
        words, warn = person.said[-1]
        assert picker.sel.empty and warn and "you hold" in words


def test_offer_cards_are_picked_dropped_and_taken_b_turn_2() -> None:
    """[B-TURN-2] cards of the money offer are picked and dropped one by one; Enter takes them."""
    game, _buy = exact_payment_game()
    picker, person, _sounds = seated(game)
    first, second = game.state.offer[:2]
    picker.toggle_offer(first)
    picker.toggle_offer(second)
    assert picker.sel.offer == [first, second]
    picker.toggle_offer(second)
    assert picker.sel.offer == [first]
    picker.confirm()
    assert person.done == [(Take((first,)), False)] and first in game.state.hands[0]


def test_nothing_is_picked_while_the_person_may_not_act() -> None:
    """While the table plays moves back (or a bot decides), a press picks nothing."""
    game, buy = exact_payment_game()
    picker, person, sounds = seated(game)
    person.can_act = False
    picker.buying.choose_slot(buy.slot)
    picker.toggle_offer(game.state.offer[0])
    picker.confirm()
    assert picker.sel.empty and person.done == [] and sounds.played == []


def test_a_bought_tile_is_picked_up_and_lights_its_legal_cells_b_turn_7() -> None:
    """[B-TURN-7] the tiles bought are placed at the end of the action: picked up at once, their legal cells lit
    (the engine's ``legal_cells``), a drop there places the tile; a cell beside the Alhambra that it may not take says
    why; before the action ends, picking a bought tile is refused with the reason."""
    game, buy = exact_payment_game(bare=True)
    picker, person, _sounds = seated(game)
    picker.buying.choose_slot(buy.slot)
    picker.confirm()
    tile = game.state.held[0]
    picker.select("held", tile, toggle=False)
    words, _warn = person.said[-1]
    assert picker.sel.empty and "placed at the end of your turn" in words
    picker.confirm()  # nothing else is possible after this exact payment: Enter declines the extra action
    assert person.done[-1] == (EndTurn(), False) and game.state.phase == PLACE
    picker.pick_up_bought_tile()
    assert (picker.sel.tile, picker.sel.source) == (tile, "held")
    cells, swaps = picker.targets()
    assert sorted(cells) == sorted(game.state.legal_cells(0, tile)) and swaps == []
    built = {xy_of(key) for key in game.state.boards[0].grid}
    beside = {(x + dx, y + dy) for x, y in built for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - built
    refused = sorted(beside - set(cells))
    if refused:
        cell, why = picker.refused_cell(refused[0], cells)
        assert cell == refused[0] and why.startswith("Not here: ") and "[" not in why
        assert picker.refused_cell(cells[0], cells) == (None, ""), "a legal cell says nothing"
        assert not picker.drop_on_cell(refused[0], None)
    assert picker.drop_on_cell(cells[0], None)
    assert person.done[-1][0] == Place(tile, *cells[0])


def test_the_start_tile_is_never_redesigned_b_turn_6() -> None:
    """[B-TURN-6] the start tile can never be moved: pressing it picks nothing and says the rules' reason."""
    game, _buy = exact_payment_game()
    picker, person, _sounds = seated(game)
    [(_cell, fountain)] = game.state.boards[0].grid.items()
    picker.select("alhambra", fountain, toggle=False)
    words, warn = person.said[-1]
    assert picker.sel.empty and warn and words.startswith("Not allowed: ") and "start tile" in words


def test_cancel_drops_the_selection_the_drag_and_a_staged_move() -> None:
    """Esc: nothing picked, nothing pressed, and the move waiting for End turn taken back."""
    game, buy = exact_payment_game()
    picker, _person, _sounds = seated(game)
    picker.buying.choose_slot(buy.slot)
    picker.pointer.press(Drag("held", 3, (0, 0)))
    picker.table.stage(buy, "buy")
    picker.cancel()
    assert picker.sel.empty and picker.pointer.drag is None and picker.table.staged is None


def test_the_prompt_says_the_price_and_what_the_payment_leads_to_b_turn_4() -> None:
    """[B-TURN-4] the prompt says what the person may do now: the actions of a turn, then for a slot chosen its
    price, the payment chosen and its outcome (exact: another action)."""
    game, buy = exact_payment_game()
    picker, person, _sounds = seated(game)
    prompt = prompt_of(picker, person)
    assert prompt.said().startswith("Your turn: take money (1–4), buy a building (Q W E R)")
    assert prompt.title() == ("Your turn", None)
    picker.buying.choose_slot(buy.slot)
    said = prompt.said()
    assert f"costs {TILE_COST[game.state.in_slot(buy.slot)]}" in said and said.endswith(": exact: you act again.")
    assert prompt.text() == said, "no hint: the band says the prompt"


def test_the_picking_parts_draw_nothing() -> None:
    """The picker, buying, the prompt's words and the pointer import neither pygame nor a view or widget when they
    run (type hints aside): what a pick means is kept apart from how it is drawn, and tested here without a window."""
    parts = Path(__file__).resolve().parents[2] / "game" / "client" / "scenes" / "parts"
    for name in ("picker.py", "buying.py", "prompt.py", "pointer.py"):
        tree = ast.parse((parts / name).read_text(encoding="utf-8"))
        imported = []
        for node in tree.body:  # the module's own imports (those under ``if TYPE_CHECKING:`` are hints only)
            if isinstance(node, ast.Import):
                imported += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                imported.append("." * node.level + (node.module or ""))
        drawn = [module for module in imported if "pygame" in module or "widgets" in module or "views" in module]
        assert drawn in ([], ["...views.model"]), (name, drawn)
