"""The table's views draw from a ``TableSnapshot``, a value built by hand here: no ``TurnScene``.

A view reads only the snapshot (and its own layout), so it can be drawn and hit-tested from data a
test writes; and no view or client module panel imports anything from ``game/client/scenes``.
"""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from test_import_graph import import_graph

from game.client import theme
from game.client.layout import turn_layout
from game.client.modules import modules_for
from game.client.sound import Sounds
from game.client.sprites import Sprites
from game.client.table import Table
from game.client.views.alhambra import AlhambraView
from game.client.views.bank import BankView
from game.client.views.hand import HandView
from game.client.views.log import LogView
from game.client.views.market import MarketView
from game.client.views.model import Picked, Selection, TableSnapshot
from game.client.views.opponents import OpponentsView
from game.client.views.topbar import TopBar
from game.client.views.tray import TrayView
from game.client.widgets import Ui
from game.engine import Buy, Take
from game.engine.components import EMPTY, MARKET_SLOTS

SIZE = (1280, 800)


def make_ui() -> Ui:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    text = theme.TextCache(theme.Fonts())
    ui = Ui(text, Sprites(text), Sounds(False))
    ui.time = 3.0
    return ui


def hand_snapshot(ui: Ui, table: Table, **fields: object) -> TableSnapshot:
    """A snapshot written out field by field, as a test (or a screenshot tool) would."""
    state = table.state
    names = tuple(table.names)
    module_scores = {key: float(score) for key, score in modules_for(state.rules).scores(state).items()}
    seat_names: dict[int | str, str] = dict(enumerate(names))
    seat_names.update({key: key.capitalize() for key in module_scores})
    values: dict[str, object] = {
        "ui": ui,
        "state": state,
        "me": 0,
        "names": names,
        "agents": tuple(table.agents),
        "seat_names": seat_names,
        "dealt_deck": len(table.game.deal.deck),
        "can_act": True,
        "acting": True,
        "glow": 0.7,
        "shown_scores": tuple(float(s) for s in state.scores),
        "shown_module_scores": module_scores,
        "buyable": frozenset({1, 2, 3, 4}),
    }
    values.update(fields)
    return TableSnapshot(**values)  # type: ignore[arg-type]


class Views:
    """Every view of the table laid out as the table scene lays them out, without the scene."""

    def __init__(self, ui: Ui, table: Table) -> None:
        rects = turn_layout(SIZE, ui.scale, True)
        self.top, self.market, self.bank, self.hand = TopBar(), MarketView(), BankView(), HandView()
        self.tray, self.log = TrayView(), LogView()
        self.top.layout(rects.top, ui.px(190), rects.top.right - ui.px(200))
        self.market.rect, self.bank.rect, self.hand.rect = rects.market, rects.bank, rects.hand
        self.tray.rect, self.log.rect = rects.tray, rects.log
        state = table.state
        panels = list(modules_for(state.rules).panels().values())
        self.opponents = OpponentsView(ui, [s for s in range(state.players) if s != 0], panels)
        self.opponents.layout(rects.opponents, ui.px(8))
        self.board = AlhambraView(ui, interactive=True, max_cell=112)
        self.board.rect = rects.alhambra
        self.log.sync(table.game.events, table.names, 0)

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        self.top.draw_static(surface, snap.ui)
        for view in (self.top, self.opponents, self.market, self.bank, self.log, self.hand, self.tray):
            view.draw(surface, snap)
        self.board.draw(surface, snap.state.boards[snap.me].grid)


@pytest.mark.parametrize("players", [2, 3])
def test_every_view_draws_from_a_snapshot_built_by_hand(players: int) -> None:
    ui = make_ui()
    table = Table.new(["You"], ["random"] * (players - 1), seed=5)
    state = table.state
    views = Views(ui, table)
    surface = pygame.Surface(SIZE)
    slot = next(s for s in MARKET_SLOTS if state.in_slot(s) != EMPTY)
    hand = state.hands[0]
    snaps = [
        hand_snapshot(ui, table),  # the human to act, nothing picked
        hand_snapshot(ui, table, sel=Picked(offer=(state.offer[0],))),  # an offer card picked
        hand_snapshot(  # buying: a slot and a payment picked, the hint's payment glowing, a card in flight
            ui,
            table,
            sel=Picked(slot=slot, pay=tuple(hand[:1])),
            exact_cards=frozenset(hand[:1]),
            hint_action=Buy(slot, tuple(hand[:2])),
            hidden=frozenset({("card", state.offer[1]), ("tile", state.in_slot(slot))}),
        ),
        hand_snapshot(ui, table, can_act=False, acting=False, thinking=True, show_hands=False, buyable=frozenset()),
        hand_snapshot(ui, table, hint_action=Take((state.offer[0],)), me=1),  # the bottom seat another's
    ]
    for snap in snaps:
        ui.mouse = views.market.rect.center  # hovering asks for tooltips too
        views.draw(surface, snap)
        for rect in (*views.market.slot_rects(snap), *views.bank.offer_rects(snap), views.opponents.rect):
            assert surface.get_at(rect.center) != (0, 0, 0, 255)  # something was drawn there


def test_views_answer_what_is_under_the_mouse_from_a_snapshot() -> None:
    ui = make_ui()
    table = Table.new(["You"], ["random"], seed=5)
    state = table.state
    views = Views(ui, table)
    snap = hand_snapshot(ui, table)
    offer = views.bank.offer_rects(snap)
    assert views.bank.card_at(snap, offer[0].center) == state.offer[0]
    assert views.market.slot_at(snap, views.market.slot_rects(snap)[2].center) == 3
    card, rect = next(cards[-1] for _, _, cards in views.hand.groups(snap) if cards)  # the top card of a fan
    assert views.hand.card_at(snap, rect.center) == card
    assert views.tray.tile_at(snap, views.tray.reserve_zone(snap).center) is None  # an empty reserve


def test_a_snapshot_is_a_value() -> None:
    """Frozen, with a frozen copy of the selection: a view cannot change what the scene holds."""
    ui = make_ui()
    table = Table.new(["You"], ["random"], seed=5)
    selection = Selection(offer=[table.state.offer[0]], slot=2, pay=[1])
    snap = hand_snapshot(ui, table, sel=selection.frozen())
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.can_act = False  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.sel.slot = 3  # type: ignore[misc]
    selection.clear()
    assert snap.sel == Picked(offer=(table.state.offer[0],), slot=2, pay=(1,))


def test_views_and_module_panels_import_nothing_from_the_scenes() -> None:
    """Not even a type hint or an import inside a function, directly or through another module."""
    graph = import_graph("game.client", in_functions=True, type_hints=True)
    drawers = [m for m in graph if m.startswith(("game.client.views", "game.client.modules"))]
    assert drawers
    for module in drawers:
        seen, todo = {module}, [module]
        while todo:
            for target in graph[todo.pop()]:
                assert not target.startswith("game.client.scenes"), f"{module} reaches {target}"
                if target not in seen:
                    seen.add(target)
                    todo.append(target)


@pytest.mark.parametrize("size", [(1024, 700), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_hand_shows_every_card_in_its_fan(size: tuple[int, int]) -> None:
    """A hand of many cards (every module's cards and coins at a narrow table) never draws two cards as one: a
    fanned card shows at least its corner index (``LEAST_STEP`` of a card's width), on smaller cards if need be,
    and every card stays inside the hand."""
    from game.client.views.hand import LEAST_STEP
    from game.engine.components import CARD_CURRENCY

    ui = make_ui()
    table = Table.new(["You"], ["random"], seed=5)
    money = [card for card, currency in enumerate(CARD_CURRENCY) if currency is not None]
    table.state.hands[0] = money[:: max(1, len(money) // 28)][:28]  # test setup: a hand no game deals at once
    ui.scale = max(0.6, min(size[0] / SIZE[0], size[1] / SIZE[1]))  # as the app scales a window of that size
    view = HandView()
    view.rect = turn_layout(size, ui.scale, True).hand
    groups = view.groups(hand_snapshot(ui, table))
    rects = [rect for _currency, _header, cards in groups for _card, rect in cards]
    assert len(rects) == len(table.state.hands[0])
    assert all(view.rect.left <= rect.left and rect.right <= view.rect.right for rect in rects)
    for _currency, _header, cards in groups:
        for (_, before), (_, after) in itertools.pairwise(cards):
            assert after.x - before.x >= LEAST_STEP * before.w - 1


@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_piles_words_never_run_into_the_next_pile_in_any_language(size: tuple[int, int]) -> None:
    """Deck, discard and bag each keep their label and count clear of the pile to their right and inside the panel,
    in every language ("Dobópakli" and «استفاده‌شده» ran into the bag at 1024x700)."""
    from game import i18n
    from game.client.views.bank import DECK_STACK, pile_label

    ui = make_ui()
    ui.scale = max(0.6, min(size[0] / SIZE[0], size[1] / SIZE[1]))
    table = Table.new(["You"], ["random"], seed=5)
    view = BankView()
    view.rect = turn_layout(size, ui.scale, True).bank
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            piles, gap = view.pile_layout(hand_snapshot(ui, table))
            ends = [
                piles[key].right + gap + ui.text.size(pile_label(key), ui.font_px(13))[0] + stack
                for key, stack in (("deck", 2 * DECK_STACK), ("discard", 0), ("bag", 0))
            ]
            assert ends[0] <= piles["discard"].x and ends[1] <= piles["bag"].x, code
            assert ends[2] <= view.rect.right, code
    finally:
        i18n.set_language("en")
