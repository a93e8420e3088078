"""The moves of a turn, one by one, through synthetic mouse and keyboard events.

Each test starts a game whose start player is the human (seat 0), so the first decision is
theirs, and checks what the engine did after the events.  The only direct engine call is in
``test_an_illegal_action_shows_the_engine_message``: the interface never sends an illegal action,
so that test has to make one up.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp

from game.client.scenes.pause import PauseScene
from game.client.scenes.turn import TurnScene
from game.client.widgets import shown
from game.engine import Buy, Lift, Place, Take
from game.engine.components import CARD_VALUE, EMPTY, MARKET_SLOTS, TILE_COST
from game.engine.state import ACTION, PLACE

HUMAN_STARTS_2P = 1  # seeds whose start player is seat 0


def start(make_app: MakeApp, seed: int = HUMAN_STARTS_2P, ai: list[str] | None = None) -> tuple[Driver, TurnScene]:
    driver = make_app(ai=ai or ["random"], seed=seed, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene) and scene.can_act
    return driver, scene


def exact_slot(scene: TurnScene) -> int | None:
    return next((slot for slot in MARKET_SLOTS if scene.table.exact_payments(slot)), None)


def find_seed_with_exact_payment(make_app: MakeApp) -> tuple[Driver, TurnScene]:
    for seed in (1, 3, 4, 7, 8, 10, 13, 14, 15, 18):
        driver, scene = start(make_app, seed)
        if exact_slot(scene) is not None:
            return driver, scene
    pytest.skip("no seed with an exact payment at the first turn")


def test_take_money_with_number_keys_and_enter(make_app: MakeApp) -> None:
    driver, scene = start(make_app)
    card = scene.state.offer[0]
    driver.key(pygame.K_1)
    assert scene.sel.offer == [card]
    assert (
        scene.controls.primary.visible
        and scene.controls.primary.enabled
        and shown(scene.controls.primary.label) == "Take"
    )
    assert f"{CARD_VALUE[card]} in all" in scene.prompt.said(), "the prompt says what the selection adds up to"
    driver.key(pygame.K_RETURN)
    take = next(e for e in scene.table.game.events if e["e"] == "take")
    assert take == {"e": "take", "player": 0, "cards": [card]}
    assert card in scene.state.hands[0]


def test_a_take_over_five_cannot_be_confirmed(make_app: MakeApp) -> None:
    for seed in (1, 3, 4, 7, 8, 10):
        driver, scene = start(make_app, seed)
        offer = scene.state.offer
        pair = [(i, j) for i in range(4) for j in range(i + 1, 4) if CARD_VALUE[offer[i]] + CARD_VALUE[offer[j]] > 5]
        if pair:
            break
    else:
        pytest.skip("no offer with two cards worth more than 5")
    i, j = pair[0]
    rects = scene.bank.offer_rects(scene.snapshot())
    driver.click(rects[i].center)
    driver.click(rects[j].center)
    assert len(scene.sel.offer) == 2
    assert not scene.controls.primary.enabled, "only legal selections are confirmable"
    total = CARD_VALUE[offer[i]] + CARD_VALUE[offer[j]]
    said = scene.prompt.said()  # the reason is in the central prompt (it was under the raised cards)
    assert said.startswith(f"These add up to {total}:") and "5 at most" in said, said
    events = len(scene.table.game.events)
    driver.key(pygame.K_RETURN)
    assert len(scene.table.game.events) == events


def test_buying_suggests_and_marks_the_exact_payment(make_app: MakeApp) -> None:
    driver, scene = find_seed_with_exact_payment(make_app)
    slot = exact_slot(scene)
    driver.key([pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r][slot - 1])
    tile = scene.state.in_slot(slot)
    assert scene.sel.slot == slot
    assert sum(CARD_VALUE[c] for c in scene.sel.pay) == TILE_COST[tile], "the first suggestion is exact"
    assert scene.buying.exact_cards() == set(scene.sel.pay)
    assert scene.controls.chips[0].visible and shown(scene.controls.chips[0].label).startswith("=")
    assert scene.controls.primary.enabled and shown(scene.controls.primary.label) == "Buy"
    driver.click_widget("primary")
    assert tile in scene.state.held
    assert scene.state.phase == ACTION, "an exact payment grants another action"
    assert "another action" in scene.toast_text


def test_payment_cards_toggle_and_only_valid_payments_confirm(make_app: MakeApp) -> None:
    driver, scene = find_seed_with_exact_payment(make_app)
    slot = exact_slot(scene)
    driver.click(scene.market.slot_rects(scene.snapshot())[slot - 1].center)
    for card in list(scene.sel.pay):
        rect = scene.hand.card_rect(scene.snapshot(), card)
        driver.click((rect.x + 5, rect.centery))
    assert scene.sel.pay == []
    assert not scene.controls.primary.enabled, "paying nothing is not a valid payment"


def test_place_by_drag_then_end_turn_and_undo(make_app: MakeApp) -> None:
    driver, scene = find_seed_with_exact_payment(make_app)
    slot = exact_slot(scene)
    tile = scene.state.in_slot(slot)
    driver.key([pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r][slot - 1])
    driver.key(pygame.K_RETURN)  # buy (exact)
    driver.wait(lambda: scene.can_act)  # the purchase flies to the tray first
    driver.key(pygame.K_1)  # then take a card: that ends the action sequence
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE and scene.state.held == [tile]
    start_pos = dict((t, r) for t, r in scene.tray.held_rects(scene.snapshot()))[tile].center
    cell = scene.state.legal_cells(0, tile)[0]
    scene.board.fit(scene.state.boards[0].grid)
    end_pos = scene.board.cell_rect(*cell).center
    driver.drag(start_pos, end_pos)
    staged = scene.table.staged
    assert staged is not None and staged.action == Place(tile, *cell), "the last placement waits for End turn"
    assert shown(scene.controls.primary.label) == "End turn"
    # Undo restarts the whole turn: the purchase is forgotten too
    driver.key(pygame.K_z)
    assert scene.table.staged is None
    assert scene.state.in_slot(slot) == tile and scene.state.phase == ACTION
    assert [e["e"] for e in scene.table.game.events] == ["turn"]


def test_end_turn_commits_and_the_bot_plays(make_app: MakeApp) -> None:
    driver, scene = find_seed_with_exact_payment(make_app)
    slot = exact_slot(scene)
    tile = scene.state.in_slot(slot)
    driver.click(scene.market.slot_rects(scene.snapshot())[slot - 1].center)
    driver.click_widget("primary")
    driver.wait(lambda: scene.can_act)
    driver.click(scene.bank.offer_rects(scene.snapshot())[0].center)
    driver.click_widget("primary")
    driver.wait(lambda: scene.can_act)
    held = dict(scene.tray.held_rects(scene.snapshot()))
    driver.click(held[tile].center)  # select by click ...
    assert scene.picker.targets()[0], "legal cells are highlighted"
    x, y = scene.picker.targets()[0][0]
    scene.board.fit(scene.state.boards[0].grid)
    driver.click(scene.board.cell_rect(x, y).center)  # ... and click a highlighted cell
    driver.click_widget("primary")  # End turn
    assert scene.state.boards[0].grid.get(_cell(x, y)) == tile
    assert scene.state.turn_player == 1
    driver.wait(lambda: scene.state.turn_player == 0 or scene.state.is_over, 30)


def _cell(x: int, y: int) -> int:
    from game.engine.alhambra import cell_at

    return cell_at(x, y)


def redesign_position(tmp_path: Path) -> Path:
    """A saved game where the human, to move, can build from the reserve, lift and swap.

    Made with the engine (test setup, not play): random moves for both seats until such a position,
    then saved as a record and opened through --load, as a player would.
    """
    import random

    from ai import make_agent
    from game.engine import FromReserve, Game, GameConfig, Seat, Swap
    from game.engine import record as records

    for seed in range(40):
        game = Game.new(GameConfig(seed=seed, seats=(Seat("You", "human"), Seat("Random", "random"))))
        agent = make_agent("random", seed)
        rng = random.Random(seed)
        for _ in range(300):
            state = game.state
            if state.is_over:
                break
            legal = state.legal_actions()
            if state.decider == 0 and state.phase == ACTION:
                kinds = {type(a) for a in legal}
                if {FromReserve, Lift, Swap} <= kinds:
                    path = tmp_path / "redesign.json"
                    records.save(game, path)
                    return path
            places = [a for a in legal if a.kind == "place"]
            reserves = [a for a in legal if a.kind == "reserve"]
            if places or reserves:  # keep some tiles on the reserve so that redesigns appear
                action = rng.choice(reserves if reserves and rng.random() < 0.4 else places or reserves)
            else:
                action = agent.choose(state.knowledge(state.decider), legal)
            game.apply(action)
    pytest.skip("no redesign position found")


def open_position(make_app: MakeApp, path):
    driver = make_app(load=path, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    return driver, driver.scene


def test_swap_from_the_reserve_by_clicks(make_app: MakeApp, tmp_path: Path) -> None:
    driver, scene = open_position(make_app, redesign_position(tmp_path))
    from game.engine import Swap

    swap = next(a for a in scene.state.redesign_actions() if isinstance(a, Swap))
    driver.click(dict(scene.tray.reserve_rects(scene.snapshot()))[swap.reserve_tile].center)
    _, swaps = scene.picker.targets()
    assert swap.alhambra_tile in swaps, "swap targets come from the engine's redesign actions"
    driver.click(UiCells.tile_center(scene, swap.alhambra_tile))
    assert scene.table.staged is not None and scene.table.staged.action == swap
    driver.click_widget("primary")  # End turn
    kinds = [e["e"] for e in scene.table.game.events[-12:]]
    assert "lift" in kinds and "place" in kinds


def test_build_from_the_reserve_by_drag(make_app: MakeApp, tmp_path: Path) -> None:
    driver, scene = open_position(make_app, redesign_position(tmp_path))
    from game.engine import FromReserve

    move = next(a for a in scene.state.redesign_actions() if isinstance(a, FromReserve))
    start_pos = dict(scene.tray.reserve_rects(scene.snapshot()))[move.tile].center
    scene.board.fit(scene.state.boards[0].grid)
    driver.drag(start_pos, scene.board.cell_rect(move.x, move.y).center)
    assert scene.table.staged is not None and scene.table.staged.action == move


def test_lift_by_dragging_to_the_reserve_and_take_back(make_app: MakeApp, tmp_path: Path) -> None:
    driver, scene = open_position(make_app, redesign_position(tmp_path))
    lift = next(a for a in scene.state.redesign_actions() if isinstance(a, Lift))
    before = len(scene.table.game.events)
    driver.drag(UiCells.tile_center(scene, lift.tile), scene.tray.reserve_zone(scene.snapshot()).center)
    assert scene.table.staged is not None and scene.table.staged.action == lift
    driver.key(pygame.K_ESCAPE)  # take the move back: nothing happened
    assert scene.table.staged is None and len(scene.table.game.events) == before


class UiCells:
    @staticmethod
    def tile_center(scene: TurnScene, tile: int) -> tuple[int, int]:
        from game.engine.alhambra import xy_of

        grid = scene.state.boards[0].grid
        scene.board.fit(grid)
        cell = next(c for c, t in grid.items() if t == tile)
        return scene.board.cell_rect(*xy_of(cell)).center


def test_the_start_tile_cannot_be_moved_and_says_why(make_app: MakeApp) -> None:
    driver, scene = start(make_app)
    scene.board.fit(scene.state.boards[0].grid)
    driver.click(scene.board.cell_rect(0, 0).center)
    assert scene.sel.tile is None
    assert "start tile" in scene.toast_text and scene.toast.warn


def test_hint_shows_a_move_and_its_reason(make_app: MakeApp) -> None:
    driver, scene = start(make_app)
    driver.key(pygame.K_h)
    driver.wait(lambda: scene.hint_action is not None, 30)
    assert scene.hints.decision is not None and scene.hints.decision.reason
    assert scene.controls.do_hint.visible
    assert scene.state.is_legal(scene.hint_action)
    events = len(scene.table.game.events)
    driver.click(scene.controls.do_hint.rect.center)
    assert len(scene.table.game.events) > events or scene.table.staged is not None


def test_an_illegal_action_shows_the_engine_message(make_app: MakeApp) -> None:
    """The engine's reason, in a player's words: the rule's id stays in the record and the tests."""
    driver, scene = start(make_app)
    assert not scene.apply(Take(tuple(scene.state.hands[0][:1])))  # a card from the hand, not the offer
    driver.step()
    assert scene.toast.warn and "is not in the money offer" in scene.toast_text
    assert "[" not in scene.toast_text and scene.toast_text[0].isupper(), scene.toast_text


def test_escape_opens_the_game_menu_and_resumes(make_app: MakeApp) -> None:
    driver, scene = start(make_app)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, PauseScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene


def test_zoom_and_pan_change_the_board_view(make_app: MakeApp) -> None:
    driver, scene = start(make_app)
    scene.board.fit(scene.state.boards[0].grid)
    size = scene.board.cell_size
    driver.key(pygame.K_PLUS)
    driver.step()
    assert scene.board.cell_size > size
    pos = scene.board.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 30, pos[1] + 10), rel=(30, 10), buttons=(0, 0, 1))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(pos[0] + 30, pos[1] + 10), button=3))
    driver.step()
    assert scene.board.pan == [30, 10]
    driver.key(pygame.K_0)
    assert scene.board.pan == [0, 0] and scene.board.zoom == 1.0


def test_quitting_while_a_bot_thinks_exits_at_once() -> None:
    """The app owns its worker here; a quit mid-search must not wait for the search."""
    from driver import Driver, args

    from game.client.app import App
    from game.client.table import strongest_bot

    pygame.init()
    app = App(args(ai=[strongest_bot()], seed=0, speed=0.0))  # seed 0: the bot starts
    driver = Driver(app)
    app.start()
    scene = driver.scene
    driver.wait(lambda: scene.bots.future is not None, 10)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.step()
    assert not app.running
    started = time.monotonic()
    app.close()
    assert time.monotonic() - started < 2.0
    assert not app.worker.running


def test_buy_from_the_hint_selects_the_payment(make_app: MakeApp) -> None:
    driver, scene = find_seed_with_exact_payment(make_app)
    slot = exact_slot(scene)
    paid = scene.table.exact_payments(slot)[0]
    scene.hints.key = scene._hint_key()
    from ai import Decision

    scene.hints.decision = Decision(Buy(slot, paid), "an exact payment keeps the turn going")
    driver.step()
    assert scene.controls.do_hint.visible
    driver.click(scene.controls.do_hint.rect.center)
    assert scene.state.in_slot(slot) == EMPTY or scene.state.phase == PLACE


def test_space_plays_the_animations_at_once(make_app: MakeApp) -> None:
    driver = make_app(ai=["random"], seed=0, speed=1.0)  # seed 0: the bot starts, at normal speed
    driver.app.start()
    scene = driver.scene
    driver.wait(lambda: scene.director.busy, 20)
    driver.key(pygame.K_SPACE)
    assert not scene.director.animator.flights
