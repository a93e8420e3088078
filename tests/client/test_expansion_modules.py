"""The four modules of expansion 1 at the table: vizier, exchange offices, huts, bonus cards.

Each is a ``ClientModule`` (game/client/modules/) compiled per ruleset.  Checked here: the log's
lines and the playback tables of their events, the vizier window (prompt, marked slots, Pass, a
purchase and its placing), a hut taken from its stack and placed, a bonus card revealed by a click,
an exchange card taken alone and paying for a tile, the score sheet's shares, every module item
drawn where the views say.  That no client file outside the modules names one in code is test_module_names.py.
"""

from __future__ import annotations

import re

import pygame
from driver import MakeApp
from module_player import MODULES, confirm, position, sit_down
from test_render import matches
from test_snapshot import Views, hand_snapshot, make_ui

from ai import make_agent
from game.client.modules import CLIENT_MODULES, modules_for
from game.client.modules.huts import HutsPanel
from game.client.narrate import narrate
from game.client.plain import plain
from game.client.playback import SOUNDS, TIMING, moved_items
from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.shortcuts import SHORTCUTS
from game.client.table import Table
from game.client.widgets import shown
from game.engine import Game, GameConfig, GameState, Place, Seat
from game.engine.components import CARD_VALUE, TILE_COST, describe_card, describe_tile, is_exchange_card
from game.engine.modules import bonus, exchange, huts, vizier
from game.engine.modules.bonus import RevealBonus
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.huts import TakeHut
from game.engine.phases import ACTION, PLACE
from game.engine.ruleset import Ruleset


# ---------------------------------------------------------------------- the registry, the log, playback
def test_the_registry_compiles_the_four_modules_where_they_are_chosen() -> None:
    """The hooks follow the ruleset: every module's where chosen, none in the base game."""
    every = modules_for(Ruleset.of(3, MODULES))
    assert {m.name for m in every.modules} == set(MODULES)
    assert all(CLIENT_MODULES[name].name == name for name in MODULES)
    assert [c.widget for c in every.commands] == ["wake_vizier", "vizier_pass", "reveal_bonus"]
    assert list(every.panels()) == [huts.NAME]
    base = modules_for(Ruleset.of(3))
    assert base.commands == () and base.panels() == {}
    assert ("V", "wake your sleeping vizier (the turn's action; vizier's favour)") in SHORTCUTS
    assert any(key == "P" for key, _ in SHORTCUTS) and any(key == "B" for key, _ in SHORTCUTS)


def test_module_events_are_said_in_the_log() -> None:
    """[M-VIZIER-4] [M-VIZIER-2] [M-VIZIER-3] [M-EXCH-3] [M-HUT-2] [M-BONUS-2] [M-BONUS-3]: one line each."""
    hut, card, bonus_card = huts.BY_COLOUR[0][0], 110, 116
    events = [
        {"e": vizier.WAKE_EVENT, "player": 1},
        {"e": vizier.USE_EVENT, "player": 0},
        {"e": "buy", "player": 0, "slot": 2, "tile": 7, "paid": [40], "exact": True},
        {"e": exchange.EVENT, "player": 1, "card": card},
        {"e": "buy", "player": 1, "slot": 1, "tile": 8, "paid": [3], "exact": True},
        {"e": huts.TAKE_EVENT, "player": 1, "tile": hut},
        {"e": huts.UP_EVENT, "tile": huts.BY_COLOUR[0][1]},
        {"e": bonus.EVENT, "player": 0, "card": bonus_card, "shown": True},
        {"e": bonus.EVENT, "player": 1, "card": bonus_card, "shown": False},
    ]
    lines = [line.text for line in narrate(events, ["You", "Ann"], you=0)]
    assert lines[0] == "Ann's vizier wakes up"
    assert lines[1] == "Your vizier buys out of turn, paying exactly"
    assert "another action" not in lines[2], "a vizier purchase grants no extra action ([M-VIZIER-3])"
    assert lines[3] == f"Ann pays with the {describe_card(card)}"
    assert "another action allowed" in lines[4], "an exchange card's exact payment does ([B-TURN-4])"
    assert lines[5].startswith(f"Ann takes the {plain(describe_tile(hut))}")  # walls in words at the table
    assert lines[6] == f"Next hut face up: {plain(describe_tile(huts.BY_COLOUR[0][1]))}"
    assert lines[7].startswith("You reveal the bonus card") and "one more" in lines[7]
    assert lines[8].startswith("Ann turns the bonus card") and "face down" in lines[8]


def test_module_events_play_back() -> None:
    """Flights: a hut from its stack, an exchange card to the discard pile; timing and sounds for each."""
    assert moved_items({"e": huts.TAKE_EVENT, "player": 0, "tile": 60}) == [("tile", 60)]
    assert moved_items({"e": exchange.EVENT, "player": 0, "card": 110}) == [("card", 110)]
    for event in (vizier.WAKE_EVENT, vizier.USE_EVENT, exchange.EVENT, huts.TAKE_EVENT, huts.UP_EVENT, bonus.EVENT):
        assert event in TIMING
    assert SOUNDS[huts.TAKE_EVENT] == "place" and SOUNDS[vizier.USE_EVENT] == "coin"


def test_the_score_sheet_names_the_huts_and_bonus_shares() -> None:
    """[M-HUT-4] [M-BONUS-2] the sheet counts what the scoring counted and says which part the modules added."""
    game = position(
        lambda s: (
            bool(s.rounds_scored) and any(s.scoring_counts(0)[k] != s.boards[0].type_counts()[k] for k in range(6))
        ),
        seeds=range(1, 200),
        limit=600,
    )
    state = game.state
    final = next(e for e in reversed(game.events) if e["e"] == "score")
    sheet = sheet_for(state, final, [])
    counted = state.scoring_counts(0)
    assert [row.counts[0] for row in sheet.rows[:-1]] == counted
    shares = [row.shares[0] for row in sheet.rows[:-1] if row.shares and row.shares[0]]
    assert shares and all(re.fullmatch(r"\+\d (hut|bonus)(, \+\d (hut|bonus))?", text) for text in shares), shares


def test_the_base_game_sheet_has_no_shares() -> None:
    game = Game.new(GameConfig(seed=4, seats=(Seat("A", "random"), Seat("B", "random"), Seat("C", "random"))))
    agent = make_agent("random", 4)
    while not game.state.is_over:
        state = game.state
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    final = next(e for e in reversed(game.events) if e["e"] == "score")
    assert all(row.shares == () for row in sheet_for(game.state, final, []).rows)


# ---------------------------------------------------------------------- the vizier window
def in_window(state: GameState) -> bool:
    return state.phase == vizier.WINDOW


def test_the_vizier_window_prompts_marks_exact_slots_and_passes(make_app: MakeApp) -> None:
    """[M-VIZIER-2] asked in a window: the prompt says so, the exactly payable slots are marked, P passes."""
    game = position(in_window)
    driver, scene = sit_down(make_app, game, (1024, 700))
    state = scene.state
    assert scene.table.choosing and not scene.table.acting
    assert scene.prompt.said() == "Your vizier may buy one tile exactly — click a marked tile, or Pass (P)."
    snap = scene.snapshot()
    payable = {buy.slot for buy in vizier.purchases(state, 0)}
    assert snap.shopping and snap.exact_only and snap.buyable == payable
    assert scene.widget("vizier_pass").visible and not scene.controls.primary.visible
    assert scene.widget("wake_vizier").visible is False
    events = len(scene.table.game.events)
    driver.key(pygame.K_p)
    driver.wait(lambda: scene.state.decider != 0 or scene.state.phase != vizier.WINDOW or scene.can_act)
    assert scene.table.game.state is not state or len(scene.table.game.events) >= events
    assert vizier.of(scene.state).awake[0], "a pass leaves the vizier awake"  # type: ignore[union-attr]


def test_a_vizier_purchase_is_picked_in_the_market_and_placed_like_a_bought_tile(make_app: MakeApp) -> None:
    """[M-VIZIER-2] [M-VIZIER-3] click a marked slot, its exact payment is suggested, Buy; then place the tile."""
    game = position(lambda s: in_window(s) and any(not b.exchange for b in vizier.purchases(s, 0)))
    driver, scene = sit_down(make_app, game)
    buy = next(b for b in vizier.purchases(scene.state, 0) if not b.exchange)
    tile = scene.state.in_slot(buy.slot)
    driver.click(scene.market.slot_rects(scene.snapshot())[buy.slot - 1].center)
    assert scene.sel.slot == buy.slot and scene.sel.suggestions, "the exact payments are suggested"
    assert all(sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile] for paid in scene.sel.suggestions), "exact only"
    assert "costs" in scene.prompt.said() and ": exact." in scene.prompt.said()
    driver.click_widget("primary")
    assert scene.state.phase == vizier.PLACING and tile in scene.state.held
    assert not vizier.of(scene.state).awake[0]  # type: ignore[union-attr]
    driver.wait(lambda: scene.can_act)
    assert scene.table.placing and "vizier bought" in scene.prompt.said()
    driver.key(pygame.K_TAB)
    assert scene.sel.tile == tile
    place = next(a for a in scene.state.legal_actions() if isinstance(a, Place))
    scene.board.fit(scene.state.boards[0].grid)
    driver.click(scene.board.cell_rect(place.x, place.y).center)
    confirm(driver, scene)
    assert tile in scene.state.boards[0].grid.values()
    assert any(e["e"] == vizier.USE_EVENT and e["player"] == 0 for e in scene.table.game.events)


# ---------------------------------------------------------------------- huts
def test_a_hut_is_taken_from_its_stack_and_placed(make_app: MakeApp) -> None:
    """[M-HUT-2] a click on a stack's face-up hut takes it; [M-HUT-3] it is placed like a bought tile."""
    game = position(lambda s: s.phase == ACTION and any(isinstance(a, TakeHut) for a in s.legal_actions()))
    driver, scene = sit_down(make_app, game)
    panel = scene.module_panels[huts.NAME]
    assert isinstance(panel, HutsPanel) and scene.opponents.rect.contains(panel.rect)
    tile, rect = next(iter(panel.top_rects(scene.state).items()))
    assert scene.positions()[("tile", tile)] == rect, "the hut flies from its stack"
    driver.click(rect.center)
    assert scene.state.phase == PLACE and scene.state.held == [tile]
    assert any(e["e"] == huts.TAKE_EVENT for e in scene.table.game.events)
    driver.wait(lambda: scene.can_act)
    assert scene.widget("to_dirk").visible is False if scene.state.players == 2 else True
    driver.key(pygame.K_TAB)
    place = next(a for a in scene.state.legal_actions() if isinstance(a, Place))
    scene.board.fit(scene.state.boards[0].grid)
    driver.click(scene.board.cell_rect(place.x, place.y).center)
    confirm(driver, scene)
    assert tile in scene.state.boards[0].grid.values()


def test_the_turns_prompt_names_the_module_moves_open_now(make_app: MakeApp) -> None:
    """[M-HUT-2] [M-VIZIER-4] the prompt of a turn names taking a hut while one may be taken, and waking the vizier
    only while it sleeps."""
    game = position(lambda s: s.phase == ACTION and any(isinstance(a, TakeHut) for a in s.legal_actions()))
    driver, scene = sit_down(make_app, game)
    driver.wait(lambda: scene.can_act)
    assert "take a hut" in scene.prompt.said() and "wake your vizier" not in scene.prompt.said(), scene.prompt.said()
    vizier.of(scene.state).awake[scene.me] = False
    assert "wake your vizier (V)" in scene.prompt.said(), scene.prompt.said()


def test_a_hut_is_dragged_from_its_stack_into_the_alhambra(make_app: MakeApp) -> None:
    """[M-HUT-2] [M-HUT-3] dragging a stack's face-up hut takes it and places it where it is let go, in one gesture
    (a click on a cell where it may not go leaves it waiting, taken)."""
    game = position(lambda s: s.phase == ACTION and any(isinstance(a, TakeHut) for a in s.legal_actions()))
    driver, scene = sit_down(make_app, game)
    panel = scene.module_panels[huts.NAME]
    tile, rect = next(iter(panel.top_rects(scene.state).items()))
    scene.board.fit(scene.state.boards[0].grid)
    after = scene.state.clone()
    after.apply(TakeHut(tile))
    place = next(a for a in after.legal_actions() if isinstance(a, Place) and a.tile == tile)
    driver.drag(rect.center, scene.board.cell_rect(place.x, place.y).center)
    confirm(driver, scene)
    assert tile in scene.state.boards[0].grid.values(), "the hut was taken and built where it was dropped"
    assert [e["e"] for e in scene.table.game.events].count(huts.TAKE_EVENT) >= 1


# ---------------------------------------------------------------------- bonus cards
def test_a_bonus_card_is_offered_and_revealed_by_one_click(make_app: MakeApp) -> None:
    """[M-BONUS-2] the table says a card may be revealed, it glows beside the Alhambra, one click reveals it."""
    game = position(lambda s: s.phase == ACTION and bool(s.optional_actions()), seeds=range(1, 200), limit=600)
    driver, scene = sit_down(make_app, game)
    (reveal, *_) = scene.state.optional_actions()
    assert isinstance(reveal, RevealBonus)
    assert "reveal" in scene.toast_text and "B" in scene.toast_text, scene.toast_text
    assert scene.widget("reveal_bonus").visible
    pieces = dict((p.item, (p, r)) for p, r in scene.shelf.piece_rects(scene.snapshot()))
    piece, rect = pieces[reveal.card]
    assert piece.lit and piece.action == reveal and scene.shelf.rect.contains(rect)
    driver.click(rect.center)
    part = bonus.of(scene.state)
    assert part is not None and reveal.card in part.shown
    driver.step(2)
    piece, _ = dict((p.item, (p, r)) for p, r in scene.shelf.piece_rects(scene.snapshot()))[reveal.card]
    assert piece.mark == "shown" and piece.action is None
    # the others see it face up now; a card never revealed is a back on its owner's panel
    others = scene.table.state.knowledge(1).state
    assert reveal.card in bonus.of(others).cards[0]  # type: ignore[union-attr]


# ---------------------------------------------------------------------- exchange cards
def test_an_exchange_card_in_the_offer_is_taken_alone(make_app: MakeApp) -> None:
    """[M-EXCH-2] clicking it selects it alone; Take takes it; it lies in the hand beside the money."""
    game = position(lambda s: s.phase == ACTION and any(map(is_exchange_card, s.offer)), seeds=range(1, 200))
    driver, scene = sit_down(make_app, game)
    card = next(c for c in scene.state.offer if is_exchange_card(c))
    money = next((c for c in scene.state.offer if not is_exchange_card(c)), None)
    rects = scene.bank.offer_rects(scene.snapshot())
    if money is not None:
        driver.click(rects[scene.state.offer.index(money)].center)
    driver.click(rects[scene.state.offer.index(card)].center)
    assert scene.sel.offer == [card], "an exchange card is taken alone"
    assert scene.controls.primary.enabled
    driver.click_widget("primary")
    driver.wait(lambda: not scene.director.busy)
    assert card in exchange.of(scene.state).held[0]  # type: ignore[union-attr]
    assert card not in scene.state.hands[0]


def test_paying_with_an_exchange_card(make_app: MakeApp) -> None:
    """[M-EXCH-3] buying a slot, the payment with the exchange card is suggested; Buy pays with it."""
    game = position(
        lambda s: s.phase == ACTION and any(isinstance(a, ExchangeBuy) for a in s.legal_actions()),
        seeds=range(1, 300),
        limit=600,
    )
    driver, scene = sit_down(make_app, game)
    action = next(a for a in scene.state.legal_actions() if isinstance(a, ExchangeBuy))
    driver.click(scene.market.slot_rects(scene.snapshot())[action.slot - 1].center)
    assert action.card in scene.sel.suggested_cards, "the exchange card's payment is suggested"
    assert action.card in scene.snapshot().pay_cards
    index = scene.sel.suggested_cards.index(action.card)
    scene.controls.refresh()
    chip = scene.controls.chips[index]
    assert chip.visible and "+card" in shown(chip.label)
    driver.click(chip.rect.center)
    assert scene.sel.card == action.card
    assert scene.snapshot().pay_currencies, "the card's two currencies are lit"
    driver.click_widget("primary")
    driver.wait(lambda: not scene.director.busy)
    assert action.card in scene.state.discard or scene.table.staged is not None
    confirm(driver, scene)
    assert action.card not in exchange.of(scene.state).held[0]  # type: ignore[union-attr]
    assert any(e["e"] == exchange.EVENT and e["card"] == action.card for e in scene.table.game.events)


# ---------------------------------------------------------------------- drawing
def test_every_module_item_is_drawn_where_the_views_say() -> None:
    """Vizier tokens, exchange and bonus cards on the opponents' panels, the top huts: from a snapshot by hand."""
    ui = make_ui()
    game = position(
        lambda s: s.phase == ACTION and any(exchange.of(s).held[1]) and not vizier.of(s).awake[2],  # type: ignore[union-attr]
        seeds=range(1, 300),
        limit=600,
    )
    table = Table(game, (0,))
    state = table.state
    compiled = modules_for(state.rules)
    views = Views(ui, table)
    pieces = {seat: tuple(compiled.pieces(state, seat, 0)) for seat in range(state.players)}
    cards = {seat: tuple(compiled.hand_cards(state, seat)) for seat in range(state.players)}
    snap = hand_snapshot(ui, table, pieces=pieces, hand_cards=cards)
    surface = pygame.Surface((1280, 800))
    ui.mouse = (-100, -100)
    views.draw(surface, snap)
    for panel in views.opponents.panels:
        shown = panel.piece_rects(snap)
        assert shown, f"seat {panel.seat} shows its pieces"
        for item, rect in shown:
            assert panel.rect.contains(rect)
            if isinstance(item, int):
                sprite = ui.sprites.card(item, rect.h)
            elif item.face in ("awake", "asleep"):
                sprite = ui.sprites.vizier_token(item.face == "awake", rect.h)
            elif item.face == "back":
                sprite = ui.sprites.bonus_back(rect.h)
            else:
                sprite = ui.sprites.card(item.item, rect.h)
            last = item is shown[-1][0]
            if last:  # the last one is not overlapped by the next
                assert matches(surface, rect, sprite) > 0.8
        faces = [item.face for item, _ in shown if not isinstance(item, int)]
        assert faces.count("awake") + faces.count("asleep") == 1
        assert "back" in faces or "card" in faces  # bonus cards: backs unless revealed
    assert exchange.of(state).held[1][0] in [i for i, _ in views.opponents.panel(1).piece_rects(snap)]  # type: ignore[union-attr]
    hut_panel = views.opponents.modules[0]
    assert isinstance(hut_panel, HutsPanel)
    for tile, rect in hut_panel.top_rects(state).items():
        assert matches(surface, rect, ui.sprites.tile(tile, rect.w)) > 0.8, describe_tile(tile)
    # the human's exchange cards are a group of the hand; an exchange card in the offer is a card
    mine = tuple(exchange.of(state).held[0]) or (110,)  # type: ignore[union-attr]
    snap = hand_snapshot(ui, table, pieces=pieces, hand_cards={0: mine})
    groups = views.hand.groups(snap)
    assert [c for c, _ in groups[-1][2]] == sorted(mine)


def test_the_base_game_table_has_no_module_pieces(make_app: MakeApp) -> None:
    """No module: no shelf, no commands, nothing added to the snapshot."""
    driver = make_app(ai=["random", "random"], seed=3, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    snap = scene.snapshot()
    assert snap.pieces == {} and snap.hand_cards == {} and not snap.shopping
    assert scene.controls.commanders == [] and scene.shelf.rect.w == 0


# ---------------------------------------------------------------------- the hint
def test_the_hint_plays_a_module_move(make_app: MakeApp) -> None:
    """[M-VIZIER-2] in a vizier window the hint names a purchase or a pass, and "Do it" plays it."""
    game = position(in_window)
    driver, scene = sit_down(make_app, game)
    events = len(scene.table.game.events)
    driver.key(pygame.K_h)
    driver.wait(lambda: scene.hint_action is not None, 60)
    hinted = scene.hint_action
    assert hinted in scene.state.legal_actions()
    assert scene.prompt.text().startswith("Hint")
    driver.step(1)
    driver.click_widget("do_hint")
    confirm(driver, scene)
    assert (
        scene.table.game.state.phase != vizier.WINDOW
        or scene.state.decider != 0
        or len(scene.table.game.events) > events
    )


def test_a_bots_vizier_purchase_is_a_banner(make_app: MakeApp) -> None:
    """[M-VIZIER-2] a bot buying out of turn is announced across the board (and said in the log)."""
    game = position(lambda s: s.phase == ACTION)
    _, scene = sit_down(make_app, game)
    assert scene.on_event_shown({"e": vizier.USE_EVENT, "player": 1}, None) is False
    assert scene.banner_text == "Bot 1's vizier buys!"
    scene.on_event_shown({"e": vizier.USE_EVENT, "player": 0}, None)
    assert scene.banner_text == "Your vizier buys!"
