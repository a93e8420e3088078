"""The 2024 edition's camps and bazaars at the table, played through the scene's input and read from the views.

Camps ([M-CAMP-1] to [M-CAMP-4]): bought in the market like a building, placed like a bought tile with its legal
cells lit (the engine's ``legal_cells``), a cell it may not take crossed out with the reason while it is held over
it, brought back from the reserve by a redesign, drawn in every Alhambra and on the reserves, and each player's
camp lines explained on the score sheet.  Bazaars ([M-BAZAAR-1] to [M-BAZAAR-6]): waiting beside the market with
their price (or "not for sale"), bought by a click or the A key with an exact payment (an exchange card where it
helps, the vizier in its window), flown in from the bag and out to the buyer, said in the log, placed like a bought
tile, and their points explained at the final scoring.  The setup screen switches every module offered, each with its
key; a whole game with both modules is played to the end through the interface against bots.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import module_player
import pygame
import pytest
from driver import Driver, MakeApp, UiPlayer
from module_player import confirm, sit_down
from test_full_game import play_to_the_end
from test_render import matches, share_of

from ai import make_agent
from game.client.modules import CLIENT_MODULES, SHORTCUTS, modules_for
from game.client.modules.bazaars import BazaarPanel
from game.client.modules.bazaars import explain as bazaar_explain
from game.client.modules.camps import explain as camp_explain
from game.client.narrate import narrate
from game.client.playback import SOUNDS, TIMING, moved_items
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.setup import MODULE_KEYS, SetupScene
from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.table import Table
from game.client.theme import TARGET, WARN
from game.client.widgets import shown
from game.engine import Buy, FromReserve, Game, GameConfig, GameState, Place, Seat
from game.engine.alhambra import cell_at, xy_of
from game.engine.components import (
    BAZAARS,
    BUILDING_TYPES,
    CAMPS,
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    SLOT_CURRENCY,
    START_TILES,
    TILE_COST,
    TILE_TYPE,
    describe_tile,
    is_bazaar,
    is_camp,
)
from game.engine.modules import CHOOSABLE, bazaars, camps, vizier
from game.engine.modules.bazaars import BuyBazaar, ExchangeBuyBazaar, VizierBuyBazaar
from game.engine.phases import ACTION, PLACE
from game.i18n import words

BOTH = ("camps", "bazaars")


def position(
    wanted: Callable[[GameState], bool],
    modules: tuple[str, ...] = BOTH,
    players: int = 3,
    seeds: range = range(1, 120),
    limit: int = 600,
) -> Game:
    """A game with camps and bazaars (or ``modules``) where the human (seat 0) faces ``wanted``."""
    return module_player.position(wanted, modules, players, seeds, limit)


def hover(driver: Driver, pos: tuple[int, int], frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.step(frames)


def tooltip(driver: Driver) -> str:
    """The tooltip asked for in the last frame drawn."""
    asked = driver.app.ui._tooltip
    return asked[0] if asked else ""


def click_cell(driver: Driver, scene: TurnScene, cell: tuple[int, int]) -> None:
    driver.step()  # the board is fitted as it was last drawn
    driver.click(scene.board.cell_rect(*cell).center)


def held_camp(state: GameState) -> bool:
    return state.phase == PLACE and any(is_camp(t) for t in state.held) and len(state.boards[0].grid) > 2


# ====================================================================== camps
def test_a_camp_in_the_market_is_shown_and_bought_like_a_building(make_app: MakeApp) -> None:
    """[M-CAMP-1] a camp in a market slot is drawn there, named with its cost, and bought by a click and Buy with
    money of the slot's currency; then it waits in the tray like any bought tile."""
    game = position(
        lambda s: s.phase == ACTION and any(isinstance(a, Buy) and is_camp(s.in_slot(a.slot)) for a in s.buy_actions())
    )
    driver, scene = sit_down(make_app, game)
    buy = next(a for a in scene.state.buy_actions() if isinstance(a, Buy) and is_camp(scene.state.in_slot(a.slot)))
    camp = scene.state.in_slot(buy.slot)
    snap = scene.snapshot()
    rect = scene.market.tile_rect(snap, buy.slot)
    hover(driver, (0, 0))
    assert matches(driver.app.screen, rect, driver.app.ui.sprites.tile(camp, rect.w)) > 0.8, "the camp in its slot"
    driver.click(scene.market.slot_rects(snap)[buy.slot - 1].center)
    assert scene.sel.slot == buy.slot and scene.sel.item is None
    assert scene.prompt.said().startswith(words.tile(camp)), scene.prompt.said()
    for card in set(scene.sel.pay) ^ set(buy.paid):
        card_rect = scene.hand.card_rect(scene.snapshot(), card)
        driver.click((card_rect.x + 6, card_rect.y + card_rect.h // 2))
    driver.click_widget("primary")
    assert scene.table.staged is None, "a purchase does not end the turn"
    assert camp in scene.state.held and scene.state.in_slot(buy.slot) == EMPTY
    assert scene.table.game.events[-1]["e"] == "buy" and scene.table.game.events[-1]["tile"] == camp


def test_a_held_camp_lights_its_legal_cells_and_is_placed_by_clicks(make_app: MakeApp) -> None:
    """[M-CAMP-2] while a bought camp is selected its legal cells are the engine's ``legal_cells`` (a camp's own
    test), lit on the board; a click on one builds it."""
    game = position(held_camp)
    driver, scene = sit_down(make_app, game)
    camp = next(t for t in scene.state.held if is_camp(t))
    legal = scene.state.legal_cells(0, camp)
    assert legal, "a position where the camp fits somewhere"
    rect = next(r for t, r in scene.tray.held_rects(scene.snapshot()) if t == camp)
    driver.click(rect.center)
    assert scene.sel.tile == camp and scene.sel.source == "held"
    assert sorted(scene.picker.targets()[0]) == sorted(legal)
    hover(driver, (0, 0))
    for cell in legal:
        assert share_of(driver.app.screen, scene.board.cell_rect(*cell), TARGET, 40) > 0.02, "a legal cell is lit"
    click_cell(driver, scene, legal[0])
    confirm(driver, scene)
    assert scene.state.boards[0].grid.get(cell_at(*legal[0])) == camp


def test_a_camp_held_over_a_cell_it_may_not_take_is_crossed_out_with_the_reason(make_app: MakeApp) -> None:
    """[M-CAMP-2] dragging a camp over an empty cell beside the Alhambra where it may not go marks that cell and the
    dragged camp with a cross and says why (the engine's reason, without its rule number); let go there, it stays."""
    game = position(held_camp)
    driver, scene = sit_down(make_app, game)
    camp = next(t for t in scene.state.held if is_camp(t))
    legal = set(scene.state.legal_cells(0, camp))
    built = {xy_of(c) for c in scene.state.boards[0].grid}
    beside = {(x + dx, y + dy) for x, y in built for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - built
    bad = sorted(beside - legal)[0]
    start = next(r for t, r in scene.tray.held_rects(scene.snapshot()) if t == camp).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    driver.step()
    hover(driver, (start[0] + 30, start[1] - 30))
    assert scene.pointer.dragging and scene.sel.tile == camp
    end = scene.board.cell_rect(*bad).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    driver.step(2)
    cell, why = scene.drawing.refused_cell(scene.picker.targets()[0])
    assert cell == bad
    assert why.startswith("Not here: ") and "[" not in why, why
    around = scene.board.cell_rect(*bad)
    assert share_of(driver.app.screen, around, WARN, 40) > 0.03, "the cross in the warning colour"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    driver.step()
    assert camp in scene.state.held and cell_at(*bad) not in scene.state.boards[0].grid
    assert scene.toast.warn and scene.toast_text
    # over a legal cell there is no cross
    scene.sel.tile, scene.sel.source = camp, "held"
    hover(driver, scene.board.cell_rect(*sorted(legal)[0]).center)
    assert scene.drawing.refused_cell(scene.picker.targets()[0]) == (None, "")


def test_a_camp_on_the_reserve_comes_back_by_a_redesign(make_app: MakeApp) -> None:
    """[B-TURN-6] [M-CAMP-2] the camps module's redesigns: a camp on the reserve lights the spots where it fits, a
    click builds it there (the turn's action, confirmed with End turn)."""
    game = position(
        lambda s: (
            s.phase == ACTION and any(isinstance(a, FromReserve) and is_camp(a.tile) for a in camps.redesigns(s, 0))
        ),
        seeds=range(1, 300),
        limit=800,
    )
    driver, scene = sit_down(make_app, game)
    move = next(a for a in camps.redesigns(scene.state, 0) if isinstance(a, FromReserve))
    rect = next(r for t, r in scene.tray.reserve_rects(scene.snapshot()) if t == move.tile)
    driver.click(rect.center)
    assert scene.sel.tile == move.tile and scene.sel.source == "reserve"
    assert (move.x, move.y) in scene.picker.targets()[0]
    click_cell(driver, scene, (move.x, move.y))
    confirm(driver, scene)
    assert move.tile in scene.table.game.state.boards[0].grid.values()


def test_camps_are_drawn_in_every_alhambra_and_on_the_reserves(make_app: MakeApp) -> None:
    """Camps in your Alhambra, in an opponent's small one and on a reserve show their own picture."""
    game = position(
        lambda s: (
            s.phase == ACTION
            and any(is_camp(t) for t in s.boards[0].grid.values())
            and any(is_camp(t) for seat in (1, 2) for t in s.boards[seat].grid.values())
        ),
        seeds=range(1, 300),
        limit=900,
    )
    driver, scene = sit_down(make_app, game, (1024, 700))
    hover(driver, (0, 0))
    screen, sprites = driver.app.screen, driver.app.ui.sprites
    scene.board.fit(scene.state.boards[0].grid)
    camp = next(t for t in scene.state.boards[0].grid.values() if is_camp(t))
    rect = scene.board.tile_rect(scene.state.boards[0].grid, camp)
    assert rect is not None and matches(screen, rect, sprites.tile(camp, rect.w)) > 0.7
    for panel in scene.opponents.panels:
        grid = scene.state.boards[panel.seat].grid
        for tile in (t for t in grid.values() if is_camp(t)):
            small = panel.grid.tile_rect(grid, tile)
            assert small is not None and matches(screen, small, sprites.tile(tile, small.w)) > 0.6, describe_tile(tile)
    reserve = [(t, r) for t, r in scene.tray.reserve_rects(scene.snapshot()) if is_camp(t)]
    for tile, small in reserve:
        assert matches(screen, small, sprites.tile(tile, small.w)) > 0.7


def test_camp_lines_are_explained_one_number_per_arrow() -> None:
    """[M-CAMP-3] a camp scores the tiles in line with each arrow; an empty cell or another camp ends a line."""
    north_east = next(t for t in CAMPS if camps.CAMP_ARROWS[t] == 0b0011)  # arrows north and east
    south = next(t for t in CAMPS if camps.CAMP_ARROWS[t] == 0b0100)
    grid = {cell_at(0, 0): START_TILES[0], cell_at(0, 1): north_east, cell_at(0, -1): 1, cell_at(1, 1): 2}
    grid[cell_at(2, 1)] = south  # a camp ends the east line after one tile
    short, tip = camp_explain(grid)
    assert short == "2 + 1 + 0"  # north: fountain and a building; east: one building; south of the other camp: none
    assert f"costing {TILE_COST[north_east]}: 2 tiles to the north, 1 tile to the east" in tip
    assert tip.endswith("In all 3 tiles in line with the arrows: 3 points.")
    assert camps.line_points(grid) == 3
    assert camp_explain({cell_at(0, 0): START_TILES[0]}) == ("", "")


def test_the_score_sheet_has_each_players_camp_lines(make_app: MakeApp, screenshots: Path) -> None:
    """[M-CAMP-3] at a scoring the overlay has a row "Camp lines": the points of each player's ``camp`` items, the
    length of each line, and the lines in words over the mouse."""
    game, event = _just_scored(lambda e: any(a["what"] == camps.SCORE_NAME for a in e["points"]))
    sheet = sheet_for(game.state, event, [])  # as the table does: right after the move that scored
    row = next(r for r in sheet.rows if r.what == camps.SCORE_NAME)
    points = {(a["player"], a["what"]): a["points"] for a in event["points"]}
    for seat in range(game.state.players):
        assert row.points[seat] == points.get((seat, "camp"), 0)
        short, tip = camp_explain(game.state.boards[seat].grid)
        assert row.notes[seat] == (short or "no camp") and row.tips[seat] == tip
        lines = sum(map(int, short.split(" + "))) if short else 0
        assert lines == row.points[seat], "the lines listed add up to the points scored"
    assert row.label == "Camp lines" and row.legend
    driver = make_app(speed=0.0, size=(1024, 700))
    driver.app.play(Table(game, (0,)))
    driver.step(2)
    driver.app.screens.open_scoring(driver.scene, sheet)
    scoring = driver.scene
    assert isinstance(scoring, ScoringScene)
    driver.step(2)  # at speed 0 every row is there at once
    pygame.image.save(driver.app.screen, str(screenshots / "scoring_camp_lines_1024x700.png"))
    seat = next(s for s in range(game.state.players) if row.tips[s])
    assert any(row.tips[seat] in t for t in _tips_over_the_sheet(driver, scoring, sheet.rows.index(row), seat))


def _just_scored(wanted: Callable[[dict], bool], modules: tuple[str, ...] = BOTH) -> tuple[Game, dict]:
    """A game of random agents stopped right after a move whose ``score`` event is ``wanted`` (the state as
    scored, as the table shows it), and that event."""
    for seed in range(1, 100):
        seats = (Seat("You", "human"), Seat("Bot 1", "random"), Seat("Bot 2", "random"))
        game = Game.new(GameConfig(seed=seed, seats=seats, modules=modules))
        agent = make_agent("random", seed)
        while not game.state.is_over:
            state = game.state
            events = game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
            scored = [e for e in events if e["e"] == "score" and wanted(e)]
            if scored:
                return game, scored[0]
    raise AssertionError("no such scoring in the seeds tried")


def _tips_over_the_sheet(driver: Driver, scoring: ScoringScene, row: int, column: int) -> list[str]:
    """The tooltips asked for while the mouse crosses the sheet's row ``row``."""
    hover(driver, scoring.cell(row, column).center, 1)
    return [tooltip(driver)]


# ====================================================================== bazaars
def waiting_and_payable(state: GameState) -> bool:
    return state.phase == ACTION and any(isinstance(a, BuyBazaar) for a in state.legal_actions())


def test_waiting_bazaars_are_shown_beside_the_market_with_their_price(make_app: MakeApp) -> None:
    """[M-BAZAAR-2] [M-BAZAAR-3] the bazaars waiting beside the market are drawn in a panel at the market's right
    end, each with its price now: the cost of the tile in its currency's slot."""
    game = position(lambda s: s.phase == ACTION and len(bazaars.of(s).waiting) >= 2)  # type: ignore[union-attr]
    for size in ((1024, 700), (1920, 1080)):
        driver, scene = sit_down(make_app, game, size)
        panel = scene.module_panels[bazaars.NAME]
        assert isinstance(panel, BazaarPanel) and panel.beside_market
        slots = scene.market.slot_rects(scene.snapshot())
        assert all(not panel.rect.colliderect(slot) for slot in slots) and panel.rect.x > slots[-1].right
        assert panel.rect.colliderect(scene.layout_rects.market) and not panel.rect.colliderect(scene.board.rect)
        hover(driver, (0, 0))
        for tile, rect in panel.rects(scene.state).items():
            assert panel.rect.contains(rect)
            sprite = driver.app.ui.sprites.tile(tile, rect.w)  # dimmed (shade) while you cannot pay it
            shown = max(matches(driver.app.screen, rect, sprite), matches(driver.app.screen, rect, sprite, 155 / 255))
            assert shown > 0.5, describe_tile(tile)
            price = bazaars.price(scene.state, tile)
            slot_tile = scene.state.in_slot(bazaars.PRICE_SLOT[tile])
            assert price == (TILE_COST[slot_tile] if slot_tile != EMPTY else None)
            hover(driver, rect.center)
            said = tooltip(driver)
            assert ("not for sale" in said) if price is None else (f"costs exactly {price} " in said), said
            assert scene.positions()[("tile", tile)] == rect, "it flies to and from its square"


def _exact_buys_of_price_slots(state: GameState) -> list[tuple[int, Buy]]:
    """(waiting bazaar, an exact purchase of the tile in its currency's slot)."""
    part = bazaars.of(state)
    return [
        (tile, buy)
        for tile in (part.waiting if part is not None else [])
        for buy in state.buy_actions()
        if isinstance(buy, Buy)
        and buy.slot == bazaars.PRICE_SLOT[tile]
        and sum(CARD_VALUE[c] for c in buy.paid) == TILE_COST[state.in_slot(buy.slot)]
    ]


def test_a_bazaar_is_not_for_sale_while_its_slot_is_empty(make_app: MakeApp) -> None:
    """[M-BAZAAR-3] once the tile of its currency's slot is bought, a bazaar is "not for sale" and cannot be picked."""
    game = position(lambda s: s.phase == ACTION and bool(_exact_buys_of_price_slots(s)), seeds=range(1, 300), limit=900)
    driver, scene = sit_down(make_app, game)
    tile, buy = _exact_buys_of_price_slots(scene.state)[0]
    UiPlayer(driver).buy(scene, buy)  # exact: the turn goes on with the slot empty
    driver.wait(lambda: scene.can_act)
    assert scene.table.acting and scene.state.in_slot(buy.slot) == EMPTY
    panel = scene.module_panels[bazaars.NAME]
    rect = panel.rects(scene.state)[tile]
    hover(driver, rect.center)
    assert "not for sale" in tooltip(driver)
    driver.click(rect.center)
    assert scene.sel.item is None and scene.toast.warn and "not for sale" in scene.toast_text


def test_a_bazaar_is_bought_by_a_click_paying_exactly_and_placed(make_app: MakeApp, screenshots: Path) -> None:
    """[M-BAZAAR-3] a click picks a bazaar like a market slot: its exact payments are the chips, the slot that sets
    its price is marked, Buy buys it with the extra action; [M-BAZAAR-4] it is placed like a bought tile."""
    game = position(waiting_and_payable)
    driver, scene = sit_down(make_app, game, (1024, 700))
    buy = next(a for a in scene.state.legal_actions() if isinstance(a, BuyBazaar))
    slot = bazaars.PRICE_SLOT[buy.tile]
    panel = scene.module_panels[bazaars.NAME]
    driver.click(panel.rects(scene.state)[buy.tile].center)
    sel = scene.sel
    assert sel.item == buy.tile and sel.slot == slot
    cost = TILE_COST[scene.state.in_slot(slot)]
    assert sel.suggestions and all(sum(CARD_VALUE[c] for c in paid) == cost for paid in sel.suggestions), "exact only"
    assert all(CARD_CURRENCY[c] == SLOT_CURRENCY[slot] for paid in sel.suggestions for c in paid)
    assert scene.prompt.said().endswith(": exact: you act again."), scene.prompt.said()
    assert f"as slot {slot}'s tile" in scene.prompt.said()
    driver.step(2)
    pygame.image.save(driver.app.screen, str(screenshots / "bazaar_buying_1024x700.png"))
    assert shown(scene.controls.primary.label) == "Buy" and scene.controls.primary.enabled
    events = len(scene.table.game.events)
    driver.click_widget("primary")
    bought = [e for e in scene.table.game.events[events:] if e["e"] == bazaars.BUY_EVENT]
    assert bought and bought[0]["tile"] == buy.tile and bought[0]["cost"] == cost
    assert buy.tile in scene.state.held and scene.state.phase == ACTION, "an exact payment: another action may follow"
    assert buy.tile not in bazaars.of(scene.state).waiting  # type: ignore[union-attr]
    driver.wait(lambda: scene.can_act)
    driver.key(pygame.K_n)  # End turn: place what was bought
    assert scene.table.placing
    driver.key(pygame.K_TAB)
    assert scene.sel.tile == buy.tile
    place = next(a for a in scene.state.legal_actions() if isinstance(a, Place) and a.tile == buy.tile)
    assert sorted(scene.picker.targets()[0]) == sorted(scene.state.legal_cells(0, buy.tile))
    click_cell(driver, scene, (place.x, place.y))
    confirm(driver, scene)
    assert buy.tile in scene.table.game.state.boards[0].grid.values()


def test_the_a_key_picks_the_next_bazaar_you_can_pay(make_app: MakeApp) -> None:
    """[M-BAZAAR-3] the keyboard's way: A picks a bazaar that can be paid (again: the next one), Enter buys it; the
    key of the slot that sets its price picks that slot's own tile instead."""
    game = position(waiting_and_payable)
    driver, scene = sit_down(make_app, game)
    payable = {a.tile for a in scene.state.legal_actions() if isinstance(a, BuyBazaar | ExchangeBuyBazaar)}
    assert "buy a bazaar (A)" in scene.prompt.said(), scene.prompt.said()
    assert ("A", CLIENT_MODULES[bazaars.NAME].wares.picker.shortcut) in SHORTCUTS  # type: ignore[union-attr]
    driver.key(pygame.K_a)
    picked = scene.sel.item
    assert picked in payable
    slot = bazaars.PRICE_SLOT[picked]
    driver.key((pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r)[slot - 1])
    assert scene.sel.item is None and scene.sel.slot == slot, "the slot's own tile, not the bazaar"
    driver.key(pygame.K_a)
    picked = scene.sel.item
    assert picked in payable and scene.sel.slot == bazaars.PRICE_SLOT[picked]
    driver.key(pygame.K_RETURN)
    assert picked in scene.state.held and any(e["e"] == bazaars.BUY_EVENT for e in scene.table.game.events[-3:])


def test_a_bazaar_paid_with_an_exchange_card(make_app: MakeApp) -> None:
    """[M-BAZAAR-3] [M-EXCH-3] where an exchange card lets the player pay a bazaar exactly, that payment is a chip
    ("+card"); Buy pays with it and discards the card."""
    game = position(
        lambda s: s.phase == ACTION and any(isinstance(a, ExchangeBuyBazaar) for a in s.legal_actions()),
        modules=("exchange", "bazaars"),
        seeds=range(1, 400),
        limit=900,
    )
    driver, scene = sit_down(make_app, game)
    action = next(a for a in scene.state.legal_actions() if isinstance(a, ExchangeBuyBazaar))
    driver.click(scene.module_panels[bazaars.NAME].rects(scene.state)[action.tile].center)
    sel = scene.sel
    assert sel.item == action.tile and action.card in sel.suggested_cards
    wanted = (sorted(action.paid), action.card)
    index = next(
        i for i, (p, c) in enumerate(zip(sel.suggestions, sel.suggested_cards, strict=True)) if (sorted(p), c) == wanted
    )
    scene.controls.refresh()
    chip = scene.controls.chips[index]
    assert chip.visible and "+card" in shown(chip.label)
    driver.click(chip.rect.center)
    assert sel.card == action.card and action.card in scene.snapshot().pay_cards
    events = len(scene.table.game.events)
    driver.click_widget("primary")
    kinds = [e["e"] for e in scene.table.game.events[events:]]
    assert kinds[:2] == ["exchange", bazaars.BUY_EVENT], kinds
    assert action.tile in scene.state.held and action.card in scene.state.discard


def test_a_vizier_buys_a_bazaar_in_its_window(make_app: MakeApp) -> None:
    """[M-BAZAAR-3] [M-VIZIER-2] in a vizier window the payable bazaars are lit; a click and Buy make the vizier's
    purchase (no extra action: [M-VIZIER-3]), and the bazaar is placed at once."""
    game = position(
        lambda s: s.phase == vizier.WINDOW and any(isinstance(a, VizierBuyBazaar) for a in s.legal_actions()),
        modules=("vizier", "bazaars"),
        seeds=range(1, 400),
        limit=900,
    )
    driver, scene = sit_down(make_app, game)
    action = next(a for a in scene.state.legal_actions() if isinstance(a, VizierBuyBazaar))
    assert scene.table.choosing and scene.snapshot().shopping
    rect = scene.module_panels[bazaars.NAME].rects(scene.state)[action.tile]
    hover(driver, (0, 0))
    assert share_of(driver.app.screen, rect.inflate(8, 8), TARGET, 40) > 0.01, "a payable bazaar is lit"
    driver.click(rect.center)
    assert scene.sel.item == action.tile and scene.prompt.said().endswith(": exact."), scene.prompt.said()
    driver.click_widget("primary")
    assert scene.state.phase == vizier.PLACING and action.tile in scene.state.held
    assert not vizier.of(scene.state).awake[0]  # type: ignore[union-attr]
    lines = [line.text for line in narrate(scene.table.game.events[-3:], scene.table.names, 0)]
    assert any(line.startswith("You buy the ") and "another action" not in line for line in lines), lines
    driver.wait(lambda: scene.can_act)
    driver.key(pygame.K_TAB)
    place = next(a for a in scene.state.legal_actions() if isinstance(a, Place))
    click_cell(driver, scene, (place.x, place.y))
    confirm(driver, scene)
    assert action.tile in scene.table.game.state.boards[0].grid.values()


def test_bazaar_events_are_said_and_fly() -> None:
    """[M-BAZAAR-2] a bazaar drawn from the bag flies beside the market and the log says so; [M-BAZAAR-3] a bought one
    flies to its buyer with the money paid."""
    tile = BAZAARS[2]
    aside = {"e": bazaars.ASIDE_EVENT, "tile": tile}
    buy = {"e": bazaars.BUY_EVENT, "player": 1, "tile": tile, "cost": 7, "paid": [44, 45]}
    lines = [line.text for line in narrate([aside, buy], ["You", "Ann"], you=0)]
    assert lines[0].startswith("The dirham bazaar (") and lines[0].endswith("waits beside the market")
    assert lines[1].startswith("Ann buys the dirham bazaar (") and "another action allowed" in lines[1]
    assert "[" not in "".join(lines)
    assert moved_items(aside) == [("tile", tile)]
    assert moved_items(buy) == [("tile", tile), ("card", 44), ("card", 45)]
    assert TIMING[bazaars.ASIDE_EVENT][0] > 0 and TIMING[bazaars.BUY_EVENT][0] > 0
    assert SOUNDS[bazaars.BUY_EVENT] == "coin"


def test_a_bazaar_drawn_in_a_refill_flies_from_the_bag_to_its_square(make_app: MakeApp) -> None:
    """[M-BAZAAR-2] played back: the bazaar set aside in a refill is hidden at its square until its flight from the
    bag, then lands there."""
    game = position(lambda s: s.phase == ACTION)
    driver = make_app(speed=1.0)
    table = Table(game, (0,))
    driver.app.play(table)
    driver.wait_for_human()
    scene = driver.scene
    state = scene.state
    before = scene.positions()
    bag = scene.bank.pile_rects(scene.snapshot())["bag"]
    tile = next(t for t in state.bag if is_bazaar(t))
    assert before[("tile", tile)] == bag
    first = len(table.game.events)
    state.bag.remove(tile)  # test setup: drawn as a refill draws it, set aside by the engine (which writes the event)
    state.put_aside([tile])
    events = table.game.events[first:]
    assert events == [{"e": bazaars.ASIDE_EVENT, "tile": tile}]
    after = scene.positions()
    panel = scene.module_panels[bazaars.NAME]
    assert after[("tile", tile)] == panel.rects(state)[tile]
    scene.director.play(events, first, before, after)
    assert ("tile", tile) in scene.hidden, "not drawn at its square before it has flown there"
    flights = scene.director.animator.flights
    driver.wait(lambda: any(f.key == ("tile", tile) for f in flights), 5)
    flight = next(f for f in flights if f.key == ("tile", tile))
    assert flight.start == bag and flight.end == after[("tile", tile)], "from the bag to its square"
    driver.wait(lambda: not scene.director.busy, 10)
    assert ("tile", tile) not in scene.hidden
    assert "waits beside the market" in scene.log.lines[-1].text


def test_a_bought_bazaar_flies_from_its_square_to_the_buyer(make_app: MakeApp) -> None:
    """[M-BAZAAR-3] played back: the bazaar bought flies from beside the market to the tiles its buyer places."""
    game = position(waiting_and_payable)
    driver = make_app(speed=1.0)
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    buy = next(a for a in scene.state.legal_actions() if isinstance(a, BuyBazaar))
    square = scene.module_panels[bazaars.NAME].rects(scene.state)[buy.tile]
    driver.click(square.center)
    driver.click_widget("primary")
    flights = scene.director.animator.flights
    driver.wait(lambda: any(f.key == ("tile", buy.tile) for f in flights), 5)
    flight = next(f for f in flights if f.key == ("tile", buy.tile))
    held = dict(scene.tray.held_rects(scene.snapshot()))
    assert flight.start == square and flight.end == held[buy.tile]


def test_bazaar_points_are_explained_as_neighbours_times_colours() -> None:
    """[M-BAZAAR-5] a bazaar scores its neighbours of its colours (diagonals too) times the colours among them."""
    bazaar = BAZAARS[4]  # denar: pavilion, arcades, chambers
    colours = bazaars.BAZAAR_TYPES[bazaar]
    pavilion = next(t for t in range(54) if TILE_TYPE[t] == colours[0])
    arcades = next(t for t in range(54) if TILE_TYPE[t] == colours[1])
    garden = next(t for t in range(54) if TILE_TYPE[t] == BUILDING_TYPES.index("garden"))
    grid = {cell_at(0, 0): bazaar, cell_at(1, 1): pavilion, cell_at(-1, 0): arcades, cell_at(0, 1): garden}
    grid[cell_at(1, 0)] = START_TILES[0]
    short, tip = bazaar_explain(grid)
    assert short == "2 × 2"
    assert "2 neighbours of its colours × 2 colours = 4" in tip and tip.endswith("In all 4 points.")
    assert bazaars.alhambra_points(grid) == 4
    assert bazaar_explain({cell_at(0, 0): START_TILES[0]}) == ("", "")


def test_the_final_sheet_has_each_players_bazaar_points() -> None:
    """[M-BAZAAR-5] only the third scoring's sheet has a "Bazaars" row: each player's ``bazaar`` points, explained."""
    game = _finished(BOTH, 6)
    scores = [e for e in game.events if e["e"] == "score"]
    assert [e["round"] for e in scores] == [1, 2, 3]
    for event in scores:
        sheet = sheet_for(game.state, event, [])
        rows = [r for r in sheet.rows if r.what == bazaars.SCORE_NAME]
        assert bool(rows) == (event["round"] == 3)
    final = sheet_for(game.state, scores[-1], [])
    row = next(r for r in final.rows if r.what == bazaars.SCORE_NAME)
    assert row.label == "Bazaars" and row.legend == "neighbours × colours"
    for seat in range(game.state.players):
        points = sum(a["points"] for a in scores[-1]["points"] if a["player"] == seat and a["what"] == "bazaar")
        assert row.points[seat] == points == bazaars.alhambra_points(game.state.boards[seat].grid)
        products = re.findall(r"(\d+) × (\d+)", row.notes[seat])
        assert sum(int(a) * int(b) for a, b in products) == points


def _finished(modules: tuple[str, ...], seed: int) -> Game:
    seats = (Seat("You", "greedy"), Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy"))
    game = Game.new(GameConfig(seed=seed, seats=seats, modules=modules))
    agent = make_agent("greedy", seed)
    while not game.state.is_over:
        state = game.state
        game.apply(agent.decide(state.knowledge(state.decider), state.legal_actions()).action)
    return game


# ====================================================================== setup and the client's reach
def test_the_setup_screen_switches_every_module_by_click_and_key(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, screenshots: Path
) -> None:
    """Every module offered at setup (the thirteen) has a toggle with its summary in a line or two, or where not a
    line each fits its title alone with the summary said whole in its tooltip, and a key (C camps, Z bazaars,
    F falconers), laid out in the modules' column at both window sizes."""
    assert {name: pygame.key.name(MODULE_KEYS[name]) for name in ("camps", "bazaars", "falcons")} == {
        "camps": "c",
        "bazaars": "z",
        "falcons": "f",
    }
    assert set(MODULE_KEYS) == set(CHOOSABLE) and len(CHOOSABLE) == 13  # the seven and RULES.md §11's six
    assert len(set(MODULE_KEYS.values())) == len(CHOOSABLE)
    for size in ((1024, 700), (1920, 1080)):
        for opponents in (1, 5):
            driver = make_app(size=size)
            driver.app.start()
            driver.step()
            driver.click_widget("new_game")
            scene = driver.scene
            assert isinstance(scene, SetupScene) and [t.name for t in scene.toggles] == list(CHOOSABLE)
            driver.click(scene.count.segments()[opponents - 1].center)
            driver.step(2)
            rects = [toggle.rect for toggle in scene.toggles]
            left = [scene.name.rect, scene.count.rect, scene.seed.rect]
            left += [row.level.rect for row in scene.rows[:opponents] if row.level.visible]
            for toggle in scene.toggles:
                assert scene.panel.contains(toggle.rect) and toggle.rect.bottom < scene.start.rect.top
                assert not any(toggle.rect.colliderect(other) for other in left)
                lines = toggle.lines(toggle.rect.w - scene.ui.px(24))
                assert lines or toggle.cut(toggle.rect.w), toggle.name
            for above, below in itertools.pairwise(rects):
                assert above.bottom < below.top
            if opponents == 5:
                pygame.image.save(driver.app.screen, str(screenshots / f"setup_every_module_{size[0]}x{size[1]}.png"))
    driver.key(pygame.K_c)
    driver.key(pygame.K_z)
    assert scene.modules == ("camps", "bazaars")
    driver.click(scene.toggles[CHOOSABLE.index("camps")].rect.center)
    assert scene.modules == ("bazaars",)


def test_the_registry_compiles_camps_and_bazaars_where_they_play() -> None:
    from game.engine.ruleset import Ruleset

    both = modules_for(Ruleset.of(3, BOTH))
    assert [m.name for m in both.modules] == list(BOTH)
    assert [p.beside_market for p in both.panels().values()] == [BazaarPanel.beside_market]
    assert [picker.hotkey for _, picker in both.pickers] == ["A"]
    assert modules_for(Ruleset.of(3, ("camps",))).panels() == {}


# ====================================================================== a whole game
class CampBazaarPlayer(UiPlayer):
    """Plays the human seat with clicks and keys, buying camps and bazaars whenever it first can."""

    def choose(self, scene: TurnScene):
        state = scene.state
        legal = state.legal_actions()
        first = lambda kind: kind not in self.done or self.rng.random() < 0.3  # noqa: E731
        if scene.table.acting:
            bazaar = [a for a in legal if isinstance(a, BuyBazaar)]
            if bazaar and first("bazaar"):
                return self.rng.choice(bazaar)
            camp = [a for a in legal if isinstance(a, Buy) and is_camp(state.in_slot(a.slot))]
            if camp and first("camp buy"):
                return self.rng.choice(camp)
            back = [a for a in legal if isinstance(a, FromReserve) and is_camp(a.tile)]
            if back and first("camp back"):
                return back[0]
        if scene.table.placing:
            places = [a for a in legal if isinstance(a, Place) and (is_camp(a.tile) or is_bazaar(a.tile))]
            if places:
                return self.rng.choice(places)
        return super().choose(scene)

    undo_exact = False

    def perform(self, scene: TurnScene, action) -> None:
        if isinstance(action, BuyBazaar):
            self.buy_bazaar(scene, action)
            return
        tile = getattr(action, "tile", None)
        kind = (
            "camp" if tile is not None and is_camp(tile) else "bazaar" if tile is not None and is_bazaar(tile) else ""
        )
        if isinstance(action, Buy) and is_camp(scene.state.in_slot(action.slot)):
            kind = "camp"
        super().perform(scene, action)
        if kind:
            self.done.append(f"{kind} {self.done[-1]}")

    def buy_bazaar(self, scene: TurnScene, action: BuyBazaar) -> None:
        """A click on the bazaar, or the A key until it is picked; its payment's chip; Buy."""
        if "bazaar key" not in self.done:
            for _ in range(len(bazaars.of(scene.state).waiting) + 1):  # type: ignore[union-attr]
                if scene.sel.item == action.tile:
                    break
                self.d.key(pygame.K_a)
            self.done.append("bazaar key")
        else:
            self.d.click(scene.module_panels[bazaars.NAME].rects(scene.state)[action.tile].center)
        assert scene.sel.item == action.tile
        chip = next(i for i, paid in enumerate(scene.sel.suggestions) if sorted(paid) == sorted(action.paid))
        scene.controls.refresh()
        self.d.click(scene.controls.chips[chip].rect.center)
        assert sorted(scene.sel.pay) == sorted(action.paid)
        self.d.click_widget("primary")
        assert action.tile in scene.state.held
        self.done.append("bazaar")


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 7)])
def test_a_whole_game_with_camps_and_bazaars_through_the_interface(make_app: MakeApp, players: int, seed: int) -> None:
    """The human buys camps and bazaars and places them by clicks and keys; the bots play theirs in the worker; the
    scorings show camp lines, the last one bazaars, until the game over screen."""
    driver = make_app(speed=0.0)
    table = Table.new(["You"], ["greedy"] * (players - 1), seed, BOTH)
    driver.app.play(table)
    player = CampBazaarPlayer(driver, seed=seed)
    play_to_the_end(driver, player, limit=700)
    scene = driver.scene
    assert isinstance(scene, GameOverScene) and scene.table.state.is_over
    done = set(player.done)
    assert {"bazaar", "bazaar key", "bazaar place"} <= done, sorted(done)
    assert {"camp buy", "camp buy exact"} & done, sorted(done)
    assert {"camp place", "camp redesign"} & done, sorted(done)  # built when bought, or later from the reserve
    events = scene.table.game.events
    assert any(e["e"] == bazaars.BUY_EVENT and e["player"] != 0 for e in events), "a bot bought a bazaar too"
    assert any(e["e"] == bazaars.ASIDE_EVENT for e in events)
    final = scene.sheet
    assert any(r.what == bazaars.SCORE_NAME for r in final.rows) and any(r.what == camps.SCORE_NAME for r in final.rows)
    assert isinstance(scene, GameOverScene)
    assert scene.table.state.rules.has(bazaars.NAME) and scene.table.state.rules.has(camps.NAME)
