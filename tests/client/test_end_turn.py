"""Declining the extra action of an exact payment at the table ([B-TURN-4]).

The positions are arranged with the engine before the table opens (``driver.exact_payment_game``,
test setup, not play); from there everything goes through keys and clicks, as a player would.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from driver import Driver, MakeApp
from positions import exact_payment_game

from ai import Decision
from game.client.scenes.parts.controls import END_TURN_TIP
from game.client.scenes.parts.drawing import PROMPT_LINES
from game.client.scenes.rules_help import PLACEHOLDERS, SECTIONS
from game.client.scenes.turn import TurnScene
from game.client.shortcuts import END_TURN_KEY, SHORTCUTS
from game.client.table import Table, agent_label
from game.client.widgets import shown
from game.engine import Buy, EndTurn, Game, said_action
from game.engine.messages import Message
from game.engine.state import ACTION, PLACE

SLOT_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r)
KEY_N = getattr(pygame, f"K_{END_TURN_KEY.lower()}")


def sit_down(make_app: MakeApp, game: Game, size: tuple[int, int] | None = None, speed: float = 0.0) -> Driver:
    driver = make_app(speed=speed, size=size)
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    return driver


def buy_exactly(driver: Driver, buy: Buy) -> TurnScene:
    """Buy with the keys (the slot's letter suggests the exact payment first, Enter buys)."""
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    tile = scene.state.in_slot(buy.slot)
    driver.key(SLOT_KEYS[buy.slot - 1])
    assert scene.sel.pay == list(buy.paid), "the exact payment is the first suggestion"
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == ACTION and scene.state.held == [tile], "an exact payment allows another action"
    return scene


def log_texts(scene: TurnScene) -> list[str]:
    return [line.text for line in scene.log.lines]


def test_end_turn_button_and_key_after_an_exact_payment(make_app: MakeApp) -> None:
    """[B-TURN-4] the extra action may be declined: the button says so, N does it, placing follows."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    assert EndTurn() in scene.state.legal_actions() and len(scene.state.legal_actions()) > 1
    primary = scene.controls.primary
    assert primary.visible and primary.enabled and shown(primary.label) == "End turn"
    hotkey = shown(primary.hotkey)
    assert primary.tooltip == END_TURN_TIP and END_TURN_KEY in hotkey and "Enter" in hotkey
    prompt = scene.prompt.said()
    assert "may take another action" in prompt and f"End turn ({END_TURN_KEY})" in prompt
    driver.key(KEY_N)
    driver.wait(lambda: scene.can_act)
    state = scene.state
    assert state.phase == PLACE and state.held == [scene.table.snapshot.state.in_slot(buy.slot)]
    assert scene.table.staged is None, "declining is not staged: the tiles are placed next"
    assert scene.table.game.events[-1] == {"e": "end_turn", "player": 0}
    assert log_texts(scene)[-1] == "You end the turn without the extra action"
    assert not scene.controls.primary.visible, "placing: the tiles are the controls now"


def test_enter_ends_the_turn_only_with_nothing_selected(make_app: MakeApp) -> None:
    """[B-TURN-4] with an offer card picked, Enter takes it; once the selection is dropped, Enter ends the turn."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    driver.key(pygame.K_1)
    assert scene.sel.offer and shown(scene.controls.primary.label) == "Take", (
        "a selection turns the button back into Take"
    )
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.empty and shown(scene.controls.primary.label) == "End turn"
    events = len(scene.table.game.events)
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: scene.can_act)
    assert [e["e"] for e in scene.table.game.events[events:]] == ["end_turn"]
    assert scene.state.phase == PLACE


def test_n_drops_a_started_selection_and_ends_the_turn(make_app: MakeApp) -> None:
    """[B-TURN-4] the End turn key works whatever is selected: the selection is dropped with the action."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    hand = list(scene.state.hands[0])
    driver.key(pygame.K_1)
    assert scene.sel.offer
    driver.key(KEY_N)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE and scene.state.hands[0] == hand, "nothing was taken"
    assert not scene.sel.offer and scene.sel.tile == scene.state.held[0], "the cards are dropped, the tile picked up"


def test_only_end_turn_is_legal_and_the_button_reads_end_turn(make_app: MakeApp) -> None:
    """[B-TURN-4] no money in the offer, none in hand, nothing to redesign: End turn is the one button."""
    game, buy = exact_payment_game(bare=True)
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    assert scene.state.legal_actions() == [EndTurn()]
    assert (
        scene.controls.primary.visible
        and scene.controls.primary.enabled
        and shown(scene.controls.primary.label) == "End turn"
    )
    assert "Nothing else is possible" in scene.prompt.said() and "nothing else is possible" in scene.toast_text
    driver.click_widget("primary")
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE and scene.table.game.events[-1]["e"] == "end_turn"


def test_undo_after_end_turn_restores_the_start_of_the_turn(make_app: MakeApp) -> None:
    """[B-TURN-4] declining is part of the turn: Undo brings back the market, the hand and the events."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = driver.scene
    start = scene.table.game.copy()
    buy_exactly(driver, buy)
    driver.key(KEY_N)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE and scene.controls.undo_wide.enabled
    driver.key(pygame.K_z)
    state = scene.state
    assert state.phase == ACTION and state.held == []
    assert state.market == start.state.market and state.hands == start.state.hands and state.offer == start.state.offer
    assert scene.table.game.events == start.events
    assert "You end the turn without the extra action" not in log_texts(scene)
    buy_exactly(driver, buy)  # and the turn can be played again
    assert shown(scene.controls.primary.label) == "End turn"


def test_the_hint_can_suggest_end_turn_and_do_it(make_app: MakeApp) -> None:
    """[B-TURN-4] a hint agent asked where only EndTurn is legal suggests it; the hint reads well and Do it plays it."""
    game, buy = exact_payment_game(bare=True)
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    driver.key(pygame.K_h)
    driver.wait(lambda: scene.hint_action is not None, 30)
    assert scene.hint_action == EndTurn()
    text = scene.prompt.text()
    assert text.startswith("Hint (") and "end the turn without the extra action" in text
    assert text.count("end the turn") == 1, text
    assert scene.controls.do_hint.visible
    driver.click(scene.controls.do_hint.rect.center)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE and scene.table.game.events[-1] == {"e": "end_turn", "player": 0}


def test_a_hint_reason_starting_with_the_move_is_not_repeated(make_app: MakeApp) -> None:
    """[B-TURN-4] the greedy agent's reason starts with "end the turn" (its ``move`` argument): the hint names the
    move once, in the table's words for it."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = buy_exactly(driver, buy)
    scene.hints.key = scene._hint_key()
    end = said_action(scene.state, EndTurn())
    scene.hints.decision = Decision(
        EndTurn(), Message.of("{move}: no other action is worth more than keeping things as they are", move=end)
    )
    driver.step()
    agent = agent_label(scene.hints.agent)
    assert scene.prompt.text() == (
        f"Hint ({agent}): end the turn without the extra action (End turn, {END_TURN_KEY}): no other action is worth "
        "more than keeping things as they are"
    )
    scene.hints.decision = Decision(
        EndTurn(), Message.of("the only legal move")
    )  # a reason that does not name the move
    assert scene.prompt.text().endswith(f"(End turn, {END_TURN_KEY}) — the only legal move")
    driver.click(scene.controls.do_hint.rect.center)
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == PLACE


def test_n_at_the_start_of_a_turn_changes_nothing_and_says_when_it_works(make_app: MakeApp) -> None:
    """[B-TURN-4] only an exact payment can be declined; N is no other table key, so it moves nothing else."""
    game, _ = exact_payment_game()
    driver = sit_down(make_app, game)
    scene = driver.scene
    before = scene.table.game.copy()
    driver.key(KEY_N)
    assert scene.table.game.events == before.events and scene.state.phase == ACTION
    assert scene.sel.empty and scene.board.pan == [0, 0]
    assert "exact payment" in scene.toast_text and not scene.toast.warn


def test_declining_at_normal_speed_does_not_hold_up_the_table(make_app: MakeApp) -> None:
    """[B-TURN-4] the end_turn event moves nothing: the timeline is through it within a couple of frames."""
    game, buy = exact_payment_game()
    driver = sit_down(make_app, game, speed=1.0)
    scene = buy_exactly(driver, buy)
    driver.key(KEY_N)
    driver.step(2)
    assert not scene.director.busy and scene.can_act and scene.state.phase == PLACE


def test_the_rules_help_says_the_extra_action_is_optional_and_names_the_key() -> None:
    """[B-TURN-4] the rules page and its key list mention End turn, and its key is used by nothing else."""
    turn_rules = " ".join(  # the paragraphs as English shows them: the key fills its placeholder
        text.format(**PLACEHOLDERS)
        for title, paragraphs in SECTIONS
        for text in paragraphs
        if title.startswith("Your turn")
    )
    assert "optional" in turn_rules and f"End turn (key {END_TURN_KEY})" in turn_rules
    assert any(keys == END_TURN_KEY and "exact payment" in meaning for keys, meaning in SHORTCUTS)
    listed = [key for keys, _ in SHORTCUTS for key in keys.split() if key != "or"]
    assert len(listed) == len(set(listed)), "every key does one thing"


def test_end_turn_screen_at_two_sizes(make_app: MakeApp, screenshots: Path) -> None:
    """[B-TURN-4] the prompt fits its two lines and the End turn button shows its whole label, small and large."""
    for size in ((1024, 700), (1920, 1080)):
        game, buy = exact_payment_game()
        driver = sit_down(make_app, game, size=size)
        scene = buy_exactly(driver, buy)
        driver.step(2)
        assert driver.app.screen.get_size() == size
        pygame.image.save(driver.app.screen, str(screenshots / f"table_end_turn_{size[0]}x{size[1]}.png"))
        assert len(scene.drawing.prompt_lines()) <= PROMPT_LINES, scene.drawing.prompt_lines()
        ui, button = scene.ui, scene.controls.primary
        assert scene.layout_rects.actions.contains(button.rect)
        label_w = ui.text.size(shown(button.label), ui.font_px(15), "bold")[0]
        assert label_w <= button.rect.w - ui.px(10), "the label is not cut short"
        for other in (scene.controls.undo_wide, scene.controls.hint_wide, scene.controls.cancel):
            assert not other.visible or not other.rect.colliderect(button.rect)
