"""The falconers at the table (RULES.md §9.7, the 2024 edition): ``game/client/modules/falcons.py``.

Checked through the scene's input (clicks, drags and keys at real positions) and the views: the supply
panel with every falcon on its place ([M-FALCON-1]); every player's falcons on the corners of their
Alhambras, your large view and the opponents' small ones, at two window sizes ([M-FALCON-3]); the falcon
action offered only as the turn's first and only action, its falcon picked by click, drag or F, its
corners lit, its card the cheapest (X or a click changes it), several falcons then Done, or Cancel before
the first ([M-FALCON-2]); the flights, the log and a falcon flying back when its tile leaves ([M-FALCON-4]);
the scoring sheet's rows per kind ([M-FALCON-5]); a whole game through the window with bots buying falcons
too; the setup toggle and the help.  Positions are reached with the engine (test setup); from there on
the tests only click and type.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp, UiPlayer
from test_full_game import play_to_the_end
from test_module_setup import setup, start
from test_render import matches
from test_snapshot import Views, hand_snapshot, make_ui

from ai import make_agent
from game.client.modules import CLIENT_MODULES, modules_for
from game.client.modules.falcons import BY_KIND, CLIENT, COLOURS_AT, DONE, PICK, FalconsPanel, FalconsPlacements
from game.client.narrate import narrate
from game.client.playback import SOUNDS, TIMING, moved_items
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.parts.prompt import move_words
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.shortcuts import SHORTCUTS
from game.client.table import Table
from game.client.widgets import shown
from game.engine import Buy, Game, GameConfig, GameState, Lift, Place, Seat
from game.engine.alhambra import xy_of
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    EMPTY,
    FALCON_KIND,
    FALCON_POINTS,
    FALCONS,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COST,
    describe_card,
    is_money_card,
)
from game.engine.modules import CHOOSABLE, falcons
from game.engine.modules.falcons import FLIGHT, BuyFalcon, StopFalcons
from game.engine.phases import ACTION
from game.engine.ruleset import Ruleset

MODULES = ("falcons",)


# ---------------------------------------------------------------------- positions (test setup, not play)
def falcon_position(
    wanted: Callable[[GameState], bool], players: int = 3, seeds=range(1, 60), limit: int = 400
) -> Game:
    """A falconers game played by greedy bots that buy falcons eagerly, until the human (seat 0) faces ``wanted``."""
    for seed in seeds:
        seats = (Seat("You", "human"), *tuple(Seat(f"Bot {i}", "greedy") for i in range(1, players)))
        game = Game.new(GameConfig(seed=seed, seats=seats, modules=MODULES))
        agent = make_agent("greedy", seed)
        rng = random.Random(seed)
        for _ in range(limit):
            state = game.state
            if state.is_over:
                break
            if state.decider == 0 and wanted(state):
                return game
            legal = state.legal_actions()
            buys = [a for a in legal if isinstance(a, BuyFalcon)]
            if buys and rng.random() < 0.7:
                game.apply(rng.choice(buys))
            elif StopFalcons() in legal:
                game.apply(StopFalcons())
            else:
                game.apply(agent.decide(state.knowledge(state.decider), legal).action)
    raise AssertionError("no such position in the seeds tried")


def eager_move(game: Game, agent, rng: random.Random) -> list[dict]:
    """One move of a greedy game whose players buy falcons eagerly (test setup); its events."""
    state = game.state
    legal = state.legal_actions()
    buys = [a for a in legal if isinstance(a, BuyFalcon)]
    if buys and rng.random() < 0.8:
        return game.apply(rng.choice(buys))
    if StopFalcons() in legal:
        return game.apply(StopFalcons())
    return game.apply(agent.decide(state.knowledge(state.decider), legal).action)


def buying(state: GameState) -> bool:
    """The human's turn begins and a falcon may be bought."""
    return state.phase == ACTION and not state.held and bool(falcons.purchases(state, 0))


def everyone_has_falcons(state: GameState) -> bool:
    return buying(state) and all(falcons.falcons_of(state, p) for p in range(state.players))


def corners(state: GameState, falcon: int) -> set[tuple[int, int]]:
    """[M-FALCON-3] the engine's corners for ``falcon`` now."""
    return {(a.x, a.y) for a in falcons.purchases(state, 0) if a.falcon == falcon}


def sit_down(make_app: MakeApp, game: Game, size: tuple[int, int] | None = None, speed: float = 0.0):
    driver = make_app(speed=speed, **({"size": size} if size else {}))
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.step(2)
    return driver, scene


def panel_of(scene: TurnScene) -> FalconsPanel:
    panel = scene.module_panels[falcons.NAME]
    assert isinstance(panel, FalconsPanel)
    return panel


def token_pos(scene: TurnScene, falcon: int) -> tuple[int, int]:
    return panel_of(scene).supply_rects(scene.state)[falcon].center


def corner_pos(scene: TurnScene, corner: tuple[int, int]) -> tuple[int, int]:
    return scene.board.corner_rect(*corner).center


def hover(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.step()


def finish(driver: Driver, scene: TurnScene) -> None:
    """Confirm a move waiting for End turn and let the animations end."""
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy or driver.scene is not scene)  # a scoring may open on top


def falcon_events(scene: TurnScene, player: int | None = None) -> list[dict]:
    return [e for e in scene.table.game.events if e["e"] == falcons.EVENT and (player is None or e["player"] == player)]


# ---------------------------------------------------------------------- the registry, the log, playback
def test_the_registry_knows_the_falconers_only_where_they_play() -> None:
    compiled = modules_for(Ruleset.of(3, MODULES))
    assert [m.name for m in compiled.modules] == [falcons.NAME]
    assert CLIENT_MODULES[falcons.NAME] is CLIENT
    assert list(compiled.panels()) == [falcons.NAME]
    assert [p.widget for _, p in compiled.picks] == ["buy_falcons"]
    assert [c.widget for c in compiled.commands] == ["falcons_done"]
    base = modules_for(Ruleset.of(3))
    assert base.picks == () and base.panels() == {}
    assert ("F", PICK.shortcut) in SHORTCUTS
    enter = [said for key, said in SHORTCUTS if key == "Enter"]
    assert DONE.hotkey == "Enter" and len(enter) == 1 and "Done" in enter[0] and "falcons" in enter[0]


def test_falcon_events_are_said_in_the_log_without_coordinates() -> None:
    """[M-FALCON-2] a falcon bought with its card; [M-FALCON-4] one flying back."""
    events = [
        {"e": falcons.EVENT, "player": 1, "falcon": 100, "card": 3, "at": [1, 0]},
        {"e": falcons.EVENT, "player": 0, "falcon": 114, "card": 40, "at": [0, 1]},
        {"e": falcons.BACK_EVENT, "player": 1, "falcon": 100},
        {"e": falcons.BACK_EVENT, "player": 0, "falcon": 114},
    ]
    lines = [line.text for line in narrate(events, ["You", "Ann"], you=0)]
    assert (
        lines[0]
        == f"Ann buys a black falcon of Pavilion and Seraglio for {describe_card(3)}, on a corner of their Alhambra"
    )
    assert lines[1].startswith("You buy a white falcon of Garden and Tower") and "your Alhambra" in lines[1]
    assert (
        lines[2]
        == "Ann's black falcon of Pavilion and Seraglio flies back to the supply: a tile under it left the Alhambra"
    )
    assert lines[3].startswith("Your white falcon")
    assert not any(re.search(r"\(-?\d+, -?\d+\)|\[M-", line) for line in lines), "no coordinates, no rule ids"


def test_falcon_events_play_back() -> None:
    """A falcon flies from the supply (its card to the discard pile); one flies back."""
    assert moved_items({"e": falcons.EVENT, "player": 0, "falcon": 105, "card": 7, "at": [0, 0]}) == [
        ("tile", 105),
        ("card", 7),
    ]
    assert moved_items({"e": falcons.BACK_EVENT, "player": 0, "falcon": 105}) == [("tile", 105)]
    assert TIMING[falcons.EVENT][0] > 0 and TIMING[falcons.BACK_EVENT][0] > 0
    assert SOUNDS[falcons.EVENT] == "coin"


# ---------------------------------------------------------------------- the supply and the falcons on the corners
def test_the_supply_and_every_players_falcons_are_drawn_where_the_views_say() -> None:
    """[M-FALCON-1] each falcon of the supply on its place in its kind's row; [M-FALCON-3] every player's
    falcons on their Alhambra's corners (the opponents' small views here, from a snapshot by hand)."""
    ui = make_ui()
    game = falcon_position(everyone_has_falcons)
    table = Table(game, (0,))
    state = table.state
    compiled = modules_for(state.rules)
    views = Views(ui, table)
    panel = FalconsPanel()
    panel.rect = pygame.Rect(10, 560, 292, 200)
    marks = {seat: tuple(compiled.marks(state, seat)) for seat in range(state.players)}
    snap = hand_snapshot(ui, table, marks=marks)
    surface = pygame.Surface((1280, 800))
    ui.mouse = (-100, -100)
    views.draw(surface, snap)
    panel.draw(surface, snap)
    supply = falcons.of(state).supply  # type: ignore[union-attr]
    places = panel.place_rects()
    assert set(places) == set(FALCONS)
    for kind, row in enumerate(BY_KIND):
        ys = {places[f].centery for f in row}
        assert len(ys) == 1, "a kind's falcons share a row"
        assert all(FALCON_KIND[f] == kind for f in row)
    for falcon in supply:
        rect = places[falcon]
        assert panel.rect.contains(rect)
        assert panel.rect.contains(panel.colours_rect(rect)), "its two colours under it, in the panel"
        upper = pygame.Rect(rect.x, rect.y, rect.w, round(rect.w * COLOURS_AT))  # the token above its colours
        token = ui.sprites.tile(falcon, rect.w).subsurface((0, 0, upper.w, upper.h))
        assert matches(surface, upper, token) > 0.8, falcon
    for opponent in views.opponents.panels:
        shown = marks[opponent.seat]
        assert {m.at: m.item for m in shown} == falcons.falcons_of(state, opponent.seat)
        for mark in shown:
            rect = opponent.grid.corner_rect(*mark.at)
            assert opponent.grid.rect.contains(rect)
            assert rect.w >= 12, "readable on a small view"
            assert matches(surface, rect, ui.sprites.tile(mark.item, rect.w)) > 0.7, mark


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_table_shows_the_supply_and_the_falcons_at_two_sizes(
    make_app: MakeApp, screenshots: Path, size: tuple[int, int]
) -> None:
    """[M-FALCON-1] [M-FALCON-3] the supply panel inside the opponents column, your falcons on your Alhambra's
    corners, the opponents' on theirs, and the action offered ([M-FALCON-2]); a screenshot at each size."""
    game = falcon_position(everyone_has_falcons)
    driver, scene = sit_down(make_app, game, size)
    hover(driver, (2, 2))
    screen = driver.app.screen
    state = scene.state
    panel = panel_of(scene)
    assert scene.opponents.rect.contains(panel.rect)
    pickable = scene.snapshot().pickable
    assert pickable == set(FalconsPlacements().placeable(state, 0)) and pickable
    for falcon, rect in panel.supply_rects(state).items():
        assert rect.w >= 20, "a falcon of the supply is big enough to tell apart"
        assert panel.rect.contains(rect)
        upper = pygame.Rect(rect.x, rect.y, rect.w, round(rect.w * COLOURS_AT))  # the token above its colours
        token = driver.app.ui.sprites.tile(falcon, rect.w).subsurface((0, 0, upper.w, upper.h))
        shown = matches(screen, upper, token)
        if falcon in pickable:  # drawn as it is (the others are dimmed: no corner of yours takes them now)
            assert shown > 0.6, falcon
        else:
            assert shown < 0.5, falcon
    mine = falcons.falcons_of(state, 0)
    assert mine
    for at, falcon in mine.items():
        rect = scene.board.corner_rect(*at)
        assert scene.board.rect.contains(rect)
        assert matches(screen, rect, driver.app.ui.sprites.tile(falcon, rect.w)) > 0.7, falcon
    for opponent in scene.opponents.panels:
        for at in falcons.falcons_of(state, opponent.seat):
            assert opponent.grid.rect.contains(opponent.grid.corner_rect(*at))
    assert scene.widget("buy_falcons").visible
    assert "buy falcons (F" in scene.prompt.said()
    pygame.image.save(screen, str(screenshots / f"table_falcons_{size[0]}x{size[1]}.png"))


# ---------------------------------------------------------------------- the falcon action
def test_f_picks_a_falcon_its_corners_light_up_x_changes_the_card_tab_and_enter_buy(make_app: MakeApp) -> None:
    """[M-FALCON-2] [M-FALCON-3] all by keys: F picks the first falcon that fits, the engine's corners are lit,
    the cheapest money card is suggested and X picks the next, Tab chooses a corner and Enter buys it there."""
    game = falcon_position(lambda s: buying(s) and len({c for c in s.hands[0] if is_money_card(c)}) >= 2)
    driver, scene = sit_down(make_app, game)
    state = scene.state
    before = len(state.hands[0])
    driver.key(pygame.K_f)
    falcon = scene.sel.piece
    assert falcon == min(FalconsPlacements().placeable(state, 0)), "F picks the first falcon that fits"
    assert set(scene.snapshot().spots) == corners(state, falcon), "exactly the engine's corners are lit"
    money = [c for c in state.hands[0] if is_money_card(c)]
    order = [paid[0] for paid in scene.sel.suggestions]  # what X goes through
    assert sorted(order) == sorted(money), "any money card may pay"
    assert [CARD_VALUE[c] for c in order] == sorted(CARD_VALUE[c] for c in money), "cheapest first"
    assert scene.sel.pay == [order[0]], "the cheapest card is suggested"
    prompt = scene.prompt.said()
    assert "whole turn" in prompt and describe_card(scene.sel.pay[0]) in prompt
    assert not re.search(r"\(-?\d+, -?\d+\)", prompt)
    driver.key(pygame.K_x)
    card = scene.sel.pay[0]
    assert card == order[1] and describe_card(card) in scene.prompt.said(), "X: the next card"
    driver.key(pygame.K_TAB)
    corner = scene.sel.spot
    assert corner in corners(state, falcon)
    assert scene.controls.primary.visible and shown(scene.controls.primary.label) == "Buy here"
    driver.key(pygame.K_RETURN)
    finish(driver, scene)
    bought = falcon_events(scene, 0)[-1]
    assert (bought["falcon"], bought["card"], tuple(bought["at"])) == (falcon, card, corner)
    assert falcons.falcons_of(scene.state, 0)[corner] == falcon
    assert len(scene.state.hands[0]) == before - 1 and card in scene.state.discard


def test_click_a_falcon_then_a_lit_corner_and_a_card_of_the_hand(make_app: MakeApp) -> None:
    """[M-FALCON-2] by mouse: a click on a lit falcon picks it, a click on another card pays with it, a click
    beside the lit corners says where it may go and buys nothing, a click on a lit corner buys."""
    game = falcon_position(lambda s: buying(s) and len([c for c in s.hands[0] if is_money_card(c)]) >= 2)
    driver, scene = sit_down(make_app, game)
    state = scene.state
    falcon = max(FalconsPlacements().placeable(state, 0))
    driver.click(token_pos(scene, falcon))
    assert scene.sel.piece == falcon
    other = next(c for c in state.hands[0] if is_money_card(c) and c != scene.sel.pay[0])
    rect = scene.hand.card_rect(scene.snapshot(), other)
    driver.click((rect.x + 6, rect.y + rect.h // 2))
    assert scene.sel.pay == [other]
    tile_cell = scene.board.cell_rect(0, 0).center  # the fountain's centre: no corner
    driver.click(tile_cell)
    assert scene.sel.piece == falcon and not falcon_events(scene, 0), "nothing bought off a corner"
    assert "lit corners" in scene.toast_text
    corner = sorted(corners(state, falcon))[0]
    driver.click(corner_pos(scene, corner))
    finish(driver, scene)
    bought = falcon_events(scene, 0)[-1]
    assert (bought["falcon"], bought["card"], tuple(bought["at"])) == (falcon, other, corner)


def test_drag_a_falcon_from_the_supply_onto_a_corner(make_app: MakeApp) -> None:
    """[M-FALCON-3] a falcon dragged from the supply and let go on a lit corner is bought there."""
    game = falcon_position(buying, seeds=range(3, 60))
    driver, scene = sit_down(make_app, game)
    state = scene.state
    falcon = FalconsPlacements().placeable(state, 0)[0]
    corner = sorted(corners(state, falcon))[-1]
    driver.drag(token_pos(scene, falcon), corner_pos(scene, corner))
    finish(driver, scene)
    bought = falcon_events(scene, 0)[-1]
    assert (bought["falcon"], tuple(bought["at"])) == (falcon, corner)


def test_esc_or_cancel_before_the_first_falcon_goes_back_to_the_turns_choices(make_app: MakeApp) -> None:
    """[M-FALCON-2] picking a falcon changes nothing until one is bought: Esc and Cancel drop it."""
    game = falcon_position(buying)
    driver, scene = sit_down(make_app, game)
    events = len(scene.table.game.events)
    normal = scene.prompt.said()
    driver.click_widget("buy_falcons")
    assert scene.sel.piece is not None and scene.controls.cancel.visible
    assert not scene.widget("buy_falcons").visible, "the button is for the first pick"
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.piece is None and scene.prompt.said() == normal and scene.snapshot().spots == ()
    driver.key(pygame.K_f)
    driver.click_widget("cancel")
    assert scene.sel.piece is None and scene.state.phase == ACTION
    assert len(scene.table.game.events) == events
    assert driver.scene is scene, "Esc dropped the falcon, it did not open the menu"


def more_after(state: GameState, falcons_first: int) -> bool:
    """The human may start buying falcons, and after the engine's first ``falcons_first`` purchases may buy more."""
    if not buying(state):
        return False
    trial = state.clone()
    for _ in range(falcons_first):
        trial.apply(falcons.purchases(trial, 0)[0])
        if trial.phase != FLIGHT:
            return False
    return True


def test_several_falcons_then_done_by_enter_ends_the_turn(make_app: MakeApp) -> None:
    """[M-FALCON-2] after the first falcon the same player buys more (the title and prompt say so), picking one and
    cancelling keeps those bought, and Done (Enter) ends the turn with the falcons bought."""
    game = falcon_position(lambda s: more_after(s, 2), seeds=range(60, 200))
    driver, scene = sit_down(make_app, game)
    turn, first_event = scene.state.turn, len(scene.table.game.events)
    bought = []
    for _ in range(2):
        buy = falcons.purchases(scene.state, 0)[0]
        driver.click(token_pos(scene, buy.falcon))
        driver.click(corner_pos(scene, (buy.x, buy.y)))
        finish(driver, scene)
        bought.append(buy.falcon)
        assert scene.state.phase == FLIGHT and scene.table.staged is None, "more falcons may follow"
        assert scene.widget("falcons_done").visible and scene.widget("buy_falcons").visible
        assert "another falcon" in scene.prompt.said() and "Done (Enter)" in scene.prompt.said()
        assert scene.modules.title(scene.state, "Your") == "Your falcons"
    driver.key(pygame.K_f)
    assert scene.sel.piece is not None
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.piece is None and scene.state.phase == FLIGHT, "cancel keeps the falcons bought"
    driver.key(pygame.K_RETURN)  # Done
    finish(driver, scene)
    assert scene.state.turn > turn, "Done ended the turn"
    events = scene.table.game.events[first_event:]
    assert [e["falcon"] for e in events if e["e"] == falcons.EVENT and e["player"] == 0] == bought


def test_done_by_its_button_after_one_falcon(make_app: MakeApp) -> None:
    """[M-FALCON-2] the Done button stops buying: the turn ends with the one falcon, no confirmation needed."""
    game = falcon_position(lambda s: more_after(s, 1), seeds=range(1, 120))
    driver, scene = sit_down(make_app, game)
    turn, first_event = scene.state.turn, len(scene.table.game.events)
    driver.key(pygame.K_f)
    falcon = scene.sel.piece
    driver.key(pygame.K_TAB)
    driver.click_widget("primary")  # Buy here
    finish(driver, scene)
    assert scene.state.phase == FLIGHT
    driver.click_widget("falcons_done")
    assert scene.table.staged is None, "Done is the confirmation"
    finish(driver, scene)
    assert scene.state.turn > turn
    events = scene.table.game.events[first_event:]
    assert [e["falcon"] for e in events if e["e"] == falcons.EVENT and e["player"] == 0] == [falcon]


def exact_payment(state: GameState) -> tuple[int, tuple[int, ...]] | None:
    """A market slot the human can pay exactly, and the cards: the base game's extra action follows."""
    for slot in MARKET_SLOTS:
        tile = state.in_slot(slot)
        if tile == EMPTY:
            continue
        cards = [c for c in state.hands[0] if is_money_card(c) and CARD_CURRENCY[c] == SLOT_CURRENCY[slot]]
        for size in range(1, len(cards) + 1):
            for paid in itertools.combinations(cards, size):
                if sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile]:
                    return slot, paid
    return None


def test_the_falcon_action_is_offered_only_as_the_turns_first_action(make_app: MakeApp) -> None:
    """[M-FALCON-2] after an exact payment (its extra action) neither the button, F, nor a click on the supply
    offers falcons, and the prompt no longer names them."""
    game = falcon_position(lambda s: buying(s) and exact_payment(s) is not None, seeds=range(1, 150))
    driver, scene = sit_down(make_app, game)
    assert scene.widget("buy_falcons").visible and "falcons" in scene.prompt.said()
    slot, paid = exact_payment(scene.state)  # type: ignore[misc]
    UiPlayer(driver).buy(scene, Buy(slot, paid))
    driver.wait(lambda: scene.can_act)
    assert scene.state.phase == ACTION and scene.state.held, "the extra action of an exact payment"
    assert not scene.widget("buy_falcons").visible
    driver.key(pygame.K_f)
    assert scene.sel.piece is None
    supply = falcons.of(scene.state).supply  # type: ignore[union-attr]
    driver.click(token_pos(scene, supply[0]))
    assert scene.sel.piece is None and scene.snapshot().pickable == frozenset()
    assert "falcon" not in scene.prompt.said()


def test_the_last_falcon_possible_waits_for_end_turn_with_its_ghost(make_app: MakeApp) -> None:
    """[M-FALCON-2] when no more falcon fits, the purchase ends the turn: it waits for End turn, drawn faded on
    its corner and named without coordinates; Take back returns to the choices."""

    def last(state: GameState) -> bool:
        if not buying(state):
            return False
        trial = state.clone()
        trial.apply(falcons.purchases(state, 0)[0])
        return trial.phase != FLIGHT

    game = falcon_position(last, seeds=range(1, 120))
    driver, scene = sit_down(make_app, game)
    buy = falcons.purchases(scene.state, 0)[0]
    driver.click(token_pos(scene, buy.falcon))
    while scene.sel.pay[0] != buy.card:
        driver.key(pygame.K_x)
    driver.click(corner_pos(scene, (buy.x, buy.y)))
    staged = scene.table.staged
    assert staged is not None and staged.action == buy
    assert "falcon" in staged.text and not re.search(r"\d+, -?\d+", staged.text)
    assert scene.modules.preview(scene.state, buy) is not None
    screen = driver.app.screen
    driver.step(2)
    rect = scene.board.corner_rect(buy.x, buy.y)
    faded = driver.app.ui.sprites.tile(buy.falcon, rect.w)
    assert matches(screen, rect, faded) < 0.95 and matches(screen, rect, faded) > 0.2, "drawn faded"
    driver.click_widget("cancel")
    assert scene.table.staged is None and not falcon_events(scene, 0)
    driver.click(token_pos(scene, buy.falcon))
    driver.click(corner_pos(scene, (buy.x, buy.y)))
    driver.click_widget("primary")  # End turn
    finish(driver, scene)
    assert falcon_events(scene, 0)


def test_the_hint_names_a_falcon_in_words() -> None:
    game = falcon_position(buying)
    state = game.state
    buy = falcons.purchases(state, 0)[0]
    words = move_words(state, buy)
    assert "falcon" in words and describe_card(buy.card) in words
    assert not re.search(r"\(-?\d+, -?\d+\)", words)
    assert move_words(state, StopFalcons()) == "buy no more falcons"


# ---------------------------------------------------------------------- flights
def test_a_falcon_flies_from_the_supply_to_its_corner_and_its_card_to_the_discard(make_app: MakeApp) -> None:
    """[M-FALCON-2] at normal speed: the falcon's flight starts on its place in the supply and ends on its corner."""
    game = falcon_position(buying)
    driver, scene = sit_down(make_app, game, speed=1.0)
    buy = falcons.purchases(scene.state, 0)[0]
    start = panel_of(scene).supply_rects(scene.state)[buy.falcon].copy()
    driver.click(token_pos(scene, buy.falcon))
    while scene.sel.pay[0] != buy.card:
        driver.key(pygame.K_x)
    driver.click(corner_pos(scene, (buy.x, buy.y)))
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    corner = scene.board.corner_rect(buy.x, buy.y).copy()  # where it lands, as laid out after the move
    seen: dict = {}
    for _ in range(400):
        for flight in scene.animator.flights:
            seen.setdefault(flight.key, (flight.start.copy(), flight.end.copy()))
        if ("tile", buy.falcon) in seen and ("card", buy.card) in seen:
            break
        driver.step()
    assert ("tile", buy.falcon) in seen and ("card", buy.card) in seen, seen.keys()
    begin, end = seen[("tile", buy.falcon)]
    assert begin == start and end == corner


def test_a_falcon_flies_back_when_its_tile_is_lifted(make_app: MakeApp) -> None:
    """[M-FALCON-4] lifting a tile under your falcon to the reserve sends the falcon back to the supply: said in
    the log, flown back at normal speed, drawn in the supply again."""

    def liftable(state: GameState) -> bool:
        if state.phase != ACTION or state.held:
            return False
        under = {t for _, tiles in falcons.of(state).perches[0].values() for t in tiles}  # type: ignore[union-attr]
        return any(isinstance(a, Lift) and a.tile in under for a in state.redesign_actions())

    game = falcon_position(liftable, seeds=range(1, 200), limit=600)
    driver, scene = sit_down(make_app, game, speed=1.0)
    state = scene.state
    perches = falcons.of(state).perches[0]  # type: ignore[union-attr]
    lift = next(
        a
        for a in state.redesign_actions()
        if isinstance(a, Lift) and any(a.tile in tiles for _, tiles in perches.values())
    )
    leaving = [falcon for falcon, tiles in perches.values() if lift.tile in tiles]
    on_corners = {f: scene.board.corner_rect(*at).copy() for at, f in falcons.falcons_of(state, 0).items()}
    first = len(scene.table.game.events)
    player = UiPlayer(driver)
    driver.click(player.grid_tile_pos(scene, lift.tile))
    driver.click_widget("primary")  # Move to reserve
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    homes = panel_of(scene).place_rects()
    seen: dict = {}
    for _ in range(600):
        for flight in scene.animator.flights:
            seen.setdefault(flight.key, (flight.start.copy(), flight.end.copy()))
        if all(("tile", f) in seen for f in leaving):
            break
        driver.step()
    for falcon in leaving:
        assert seen[("tile", falcon)] == (on_corners[falcon], homes[falcon]), "from its corner to its place"
    backs = [e for e in scene.table.game.events[first:] if e["e"] == falcons.BACK_EVENT]
    assert sorted((e["player"], e["falcon"]) for e in backs) == [(0, f) for f in sorted(leaving)]
    said = narrate(scene.table.game.events[first:], scene.table.names, 0)
    assert sum(line.text.startswith("Your ") and "flies back to the supply" in line.text for line in said) == len(
        leaving
    )
    assert all(f in falcons.of(scene.state).supply for f in leaving)  # type: ignore[union-attr]


# ---------------------------------------------------------------------- scoring
def test_the_score_sheet_has_a_row_per_falcon_kind_scored() -> None:
    """[M-FALCON-5] each kind someone scored has a row: the falcons of it per player and their points."""
    seats = tuple(Seat(n, "greedy") for n in ("A", "B", "C"))
    rng = random.Random(5)
    for seed in range(1, 40):
        game = Game.new(GameConfig(seed=seed, seats=seats, modules=MODULES))
        agent = make_agent("greedy", seed)
        found = None
        while not game.state.is_over and found is None:
            events = eager_move(game, agent, rng)
            for index, event in enumerate(events):
                kinds = {a["what"] for a in event.get("points", ()) if a["what"].startswith("falcon")}
                if event["e"] == "score" and len(kinds) >= 2:
                    found = (event, events[index + 1 :])
        if found is not None:
            break
    assert found is not None
    event, later = found
    sheet = sheet_for(game.state, event, later)
    rows = {row.what: row for row in sheet.rows if row.what.startswith("falcon")}
    scored = {a["what"] for a in event["points"] if a["what"].startswith("falcon")}
    assert set(rows) == scored
    for what, row in rows.items():
        kind = what.split("_")[1]
        assert row.label == f"{kind.capitalize()} falcons" and row.tile is not None
        for seat in range(3):
            points = next((a["points"] for a in event["points"] if a["player"] == seat and a["what"] == what), 0)
            assert row.points[seat] == points
            count = FALCON_POINTS.index(points)
            assert row.notes[seat] == (f"{count} {kind}" if count else "")
            if count:
                assert f"{FALCON_POINTS[count]} points" in row.tips[seat]


@pytest.mark.slow
def test_the_scoring_overlay_shows_the_falcon_rows_at_two_sizes(make_app: MakeApp, screenshots: Path) -> None:
    """[M-FALCON-5] the overlay after a scoring lists the falcon kinds scored, their labels on screen."""
    seats = (Seat("You", "human"), Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy"))
    rng = random.Random(2)
    game = Game.new(GameConfig(seed=2, seats=seats, modules=MODULES))
    agent = make_agent("greedy", 2)
    found = None
    while found is None:
        events = eager_move(game, agent, rng)
        found = next(((e, events[i + 1 :]) for i, e in enumerate(events) if e["e"] == "score"), None)
    event, later = found
    assert any(a["what"].startswith("falcon") for a in event["points"])
    for size in ((1024, 700), (1920, 1080)):
        driver = make_app(speed=0.0, size=size)
        driver.app.play(Table(game, (0,)))
        driver.step(2)
        sheet = sheet_for(game.state, event, later)
        driver.app.screens.open_scoring(driver.scene, sheet)
        driver.step(120)
        assert isinstance(driver.scene, ScoringScene)
        assert any(row.label.endswith("falcons") for row in sheet.rows)
        pygame.image.save(driver.app.screen, str(screenshots / f"scoring_falcons_{size[0]}x{size[1]}.png"))


# ---------------------------------------------------------------------- a whole game
def blocks_with(state: GameState, place: Place) -> int:
    """How many corners of four tiles the human's Alhambra has once ``place`` is built."""
    cells = {xy_of(cell) for cell in state.boards[0].grid} | {(place.x, place.y)}
    return sum((x - 1, y - 1) in cells and (x, y - 1) in cells and (x - 1, y) in cells for x, y in cells)


class FalconPlayer(UiPlayer):
    """Plays the human seat of a falconers game by clicks, drags and keys, buying falcons whenever it can now and
    then, each way of the interface in turn."""

    WAYS = ("falcon keys", "falcon click", "falcon drag")

    def choose(self, scene: TurnScene):
        state = scene.state
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, BuyFalcon)]
        places = [a for a in legal if isinstance(a, Place)]
        if places and self.rng.random() < 0.8:  # builds compactly, so that corners of four tiles appear
            return max(places, key=lambda a: (blocks_with(state, a), self.rng.random()))
        if state.phase == FLIGHT:
            if buys and self.rng.random() < 0.5:
                return self.rng.choice(buys)
            return StopFalcons()
        if buys and self.rng.random() < 0.9:
            return self.rng.choice(buys)
        return super().choose(scene)

    bought: list[BuyFalcon]

    def __init__(self, driver: Driver, seed: int = 1) -> None:
        super().__init__(driver, seed)
        self.bought = []

    def perform(self, scene: TurnScene, action) -> None:
        if isinstance(action, BuyFalcon):
            self.buy_falcon(scene, action)
        elif isinstance(action, StopFalcons):
            if self.rng.random() < 0.5:
                self.d.click_widget("falcons_done")
            else:
                self.d.key(pygame.K_RETURN)
            self.done.append("falcons done")
        else:
            super().perform(scene, action)

    def buy_falcon(self, scene: TurnScene, action: BuyFalcon) -> None:
        way = self.WAYS[len(self.bought) % len(self.WAYS)]
        d = self.d
        if way == "falcon keys":
            for _ in range(20):
                d.key(pygame.K_f)
                if scene.sel.piece == action.falcon:
                    break
        elif way == "falcon drag":  # a drag pays with the suggested card (any money card pays: [M-FALCON-2])
            card = FalconsPlacements().piece_cards(scene.state, 0, action.falcon)[0]
            action = BuyFalcon(action.falcon, card, action.x, action.y)
            d.drag(token_pos(scene, action.falcon), corner_pos(scene, (action.x, action.y)))
            self.confirm_if_staged(scene)
            self.bought.append(action)
            self.done.append(way)
            return
        else:
            d.click(token_pos(scene, action.falcon))
        assert scene.sel.piece == action.falcon
        for _ in range(len(scene.sel.suggestions)):
            if scene.sel.pay == [action.card]:
                break
            d.key(pygame.K_x)
        assert scene.sel.pay == [action.card]
        corner = (action.x, action.y)
        if way == "falcon keys":
            while scene.sel.spot != corner:
                d.key(pygame.K_TAB)
            d.key(pygame.K_RETURN)
        else:
            d.click(corner_pos(scene, corner))
        self.confirm_if_staged(scene)
        self.bought.append(action)
        self.done.append(way)


@pytest.mark.slow
def test_a_whole_falconers_game_through_the_interface(make_app: MakeApp) -> None:
    """[M-FALCON-1] to [M-FALCON-5]: a three-player game to the end, the human buying falcons by keys, clicks and
    drags and stopping with Done, the bots (in the worker) buying theirs, every scoring shown."""
    driver = make_app(speed=0.0)
    table = Table.new(["You"], ["greedy", "greedy"], 5, MODULES)
    driver.app.play(table)
    player = FalconPlayer(driver, seed=5)
    play_to_the_end(driver, player, limit=700)
    scene = driver.scene
    assert isinstance(scene, GameOverScene) and scene.table.state.is_over
    done = set(player.done)
    assert {*FalconPlayer.WAYS, "falcons done"} <= done, done
    bought = [e for e in scene.table.game.events if e["e"] == falcons.EVENT]
    assert {e["player"] for e in bought} >= {0} and any(e["player"] != 0 for e in bought), "bots buy falcons too"
    assert any(
        a["what"].startswith("falcon") for e in scene.table.game.events if e["e"] == "score" for a in e["points"]
    )


# ---------------------------------------------------------------------- setup and help
def test_falconers_are_offered_at_setup_and_switched_on_by_their_key(make_app: MakeApp) -> None:
    """The setup screen has a toggle for the falconers; F switches it, and the game starts with the supply."""
    assert falcons.NAME in CHOOSABLE
    driver = setup(make_app)
    scene = driver.scene
    toggle = next(t for t in scene.toggles if t.name == falcons.NAME)
    assert not toggle.value and scene.modules == ()
    driver.key(pygame.K_f)
    assert toggle.value and scene.modules == (falcons.NAME,)
    assert driver.app.screen.get_rect().contains(toggle.rect), "the toggle is on the screen"
    table = start(driver)
    assert table.table.game.config.modules == (falcons.NAME,)
    assert sorted(falcons.of(table.state).supply) == list(FALCONS)  # type: ignore[union-attr]
    assert falcons.NAME in table.module_panels


def test_the_rules_help_names_the_falcon_controls() -> None:
    """The falconers page's "At the table" names the real controls."""
    page = CLIENT.help_page  # the falconers' page lives with their client module
    assert page is not None
    sections = {section.title: section.paragraphs for section in page.sections}
    text = " ".join(sections["At the table"])
    for words in ("Buy falcons", "(F)", "Tab", "Enter", "X", "Done", "Esc", "drag"):
        assert words in text, words
