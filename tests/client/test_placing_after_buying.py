"""After buying, the bought tile is in hand and every pending destination shows where it goes.

A newcomer who has bought a tile is told to put it onto a highlighted place: the first bought tile is
picked up at once, with its legal cells lit and the reserve and Dirk offered; a tile sent to the
reserve or to Dirk is ghosted there until the turn ends, as a placed tile is ghosted in its cell
([B-TURN-7], [B-DIRK-4]).  Everything here goes through keys and clicks.
"""

from __future__ import annotations

import pygame
import pytest
from driver import Driver, MakeApp
from test_interactions import exact_slot, find_seed_with_exact_payment

from game.client.modules import dirk as dirk_client
from game.client.scenes.turn import TurnScene
from game.engine import Reserve
from game.engine.modules.dirk import GiveToDirk
from game.engine.state import PLACE


def buy_exactly(driver: Driver, scene: TurnScene) -> int:
    """Buy a tile exactly with the keys (the slot's letter suggests the exact payment first, Enter buys)."""
    slot = exact_slot(scene)
    assert slot is not None
    tile = scene.state.in_slot(slot)
    driver.key([pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r][slot - 1])
    driver.key(pygame.K_RETURN)
    return tile


def buy_and_end_actions(driver: Driver, scene: TurnScene) -> int:
    """Buy a tile exactly with the keys, then take a card (which ends the actions): the tile waits to be placed."""
    tile = buy_exactly(driver, scene)
    driver.wait(lambda: scene.can_act)
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: scene.can_act and scene.state.phase == PLACE)
    driver.step(2)
    assert scene.state.held == [tile]
    assert scene.toast.until <= scene.ui.time, "the offer of the extra action is withdrawn once it is used"
    return tile


def area_pixels(driver: Driver, scene: TurnScene, rect: pygame.Rect) -> bytes:
    """What ``rect`` of the table shows, drawn at one fixed moment of its animations (glows, dashes)."""
    surface = pygame.Surface(driver.app.size)
    scene.ui.time = 0.0
    scene.draw(surface)
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


def test_the_bought_tile_is_picked_up_with_its_places_lit_b_turn_7(make_app: MakeApp) -> None:
    """[B-TURN-7] once the turn's tiles are to be placed, the first is in hand: its legal cells are the targets,
    To reserve and Give to Dirk show and work by key at once; Esc drops it and it stays dropped; a click on it
    picks it up again (a second click does not drop it)."""
    driver, scene = find_seed_with_exact_payment(make_app)
    tile = buy_and_end_actions(driver, scene)
    assert scene.sel.tile == tile and scene.sel.source == "held", "the bought tile is picked up"
    cells, _ = scene.picker.targets()
    assert sorted(cells) == sorted(scene.state.legal_cells(0, tile)) and cells
    assert scene.controls.to_reserve.visible and scene.controls.to_reserve.enabled
    give = scene.widget(dirk_client.GIVE.widget)
    assert give.visible and give.enabled, "Give to Dirk is offered with two players"

    driver.key(pygame.K_ESCAPE)
    driver.step(3)
    assert scene.sel.tile is None, "Esc drops the tile, and it is not picked up again behind the player's back"
    held_rect = dict(scene.tray.held_rects(scene.snapshot()))[tile]
    driver.click(held_rect.center)
    driver.click(held_rect.center)
    assert scene.sel.tile == tile and scene.sel.source == "held", "clicking a bought tile picks it, never drops it"

    driver.key(pygame.K_t)
    assert scene.table.staged is not None and scene.table.staged.action == Reserve(tile)


def test_a_tile_sent_to_the_reserve_or_to_dirk_is_ghosted_there_b_turn_7_b_dirk_4(make_app: MakeApp) -> None:
    """[B-TURN-7] [B-DIRK-4] until End turn, a tile on its way to the reserve is drawn there (the reserve no longer
    says it is empty) and one given to Dirk is counted on his panel; taking the move back picks the tile up again."""
    driver, scene = find_seed_with_exact_payment(make_app)
    tile = buy_and_end_actions(driver, scene)
    tray = scene.tray.rect  # the tiles to place above the reserve
    dirk_panel = scene.module_panels[dirk_client.NAME].rect
    reserve_before = area_pixels(driver, scene, tray)
    dirk_before = area_pixels(driver, scene, dirk_panel)

    driver.key(pygame.K_t)
    assert scene.table.staged is not None and scene.table.staged.action == Reserve(tile)
    reserve_pending = area_pixels(driver, scene, tray)
    assert area_pixels(driver, scene, dirk_panel) == dirk_before

    driver.key(pygame.K_ESCAPE)  # take the move back: the tile is in hand again
    driver.step(2)
    assert scene.table.staged is None and scene.sel.tile == tile
    assert area_pixels(driver, scene, tray) == reserve_before

    driver.key(pygame.K_d)
    assert scene.table.staged is not None and scene.table.staged.action == GiveToDirk(tile)
    assert area_pixels(driver, scene, dirk_panel) != dirk_before, "Dirk's panel shows the tile on its way"
    assert area_pixels(driver, scene, tray) != reserve_pending, "the reserve showed the tile on its way, not now"


@pytest.mark.slow
def test_the_actions_panel_stays_the_bots_while_its_move_is_shown(make_app: MakeApp) -> None:
    """While a bot's move is still being animated the game already waits for the human; the actions panel
    keeps saying that the bot plays (it said "Your turn" with no buttons for a second) until the table shows
    the human's turn beginning, then says "Your turn", with its buttons once the table has caught up."""
    driver = make_app(ai=["random"], seed=1, speed=1.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)  # take a card: the turn ends, the bot plays, its moves fly
    seen: list[tuple[tuple[str, int | None], int | None]] = []

    def caught_up() -> bool:
        if scene.state.decider == 0 and not scene.can_act:
            seen.append((scene.prompt.title(), scene.shown_actor()))
        return scene.state.decider == 0 and scene.can_act

    driver.wait(caught_up, 40)
    assert any(actor == 1 for _, actor in seen), "the game waited for the human while the bot's move was shown"
    for title, actor in seen:
        assert title == (("Random plays", 1) if actor == 1 else ("Your turn", None)), (title, actor)
    assert scene.prompt.title() == ("Your turn", None) and scene.controls.primary.visible


def test_quitting_mid_turn_saves_the_turn_as_it_stands(make_app: MakeApp) -> None:
    """Quitting in the middle of a turn (here: a tile bought exactly, its extra action open) loses nothing:
    the game is saved as it stands and Continue comes back to that moment (it was saved only when a turn began,
    so the purchase was silently lost)."""
    from game.client import persistence
    from game.engine import record

    driver, scene = find_seed_with_exact_payment(make_app)
    tile = buy_exactly(driver, scene)
    driver.wait(lambda: scene.can_act)
    assert scene.state.held == [tile]
    events = len(scene.table.game.events)
    driver.app.close()  # what the window's close button leads to
    saved = record.load(persistence.autosave_path())
    assert len(saved.events) == events and saved.state.held == [tile] and saved.state.turn_player == 0


def test_everyones_buildings_per_type_show_without_hovering_b_score_2(make_app: MakeApp) -> None:
    """[B-SCORE-2] beside the money offer, a row per player and one for Dirk count the buildings of each type
    as a scoring would now; a count that leads is said so over it (majorities needed hovering every Alhambra)."""
    from game.client.views.majorities import majority_counts
    from game.engine.modules import dirk

    driver = make_app(ai=["random"], seed=1, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    for _ in range(8):  # a few rounds: tiles are bought and Dirk collects at the scorings
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    state = scene.state
    rows = majority_counts(scene.snapshot())
    assert [seat for seat, _ in rows] == [0, 1, dirk.NAME]
    assert rows[0][1] == state.scoring_counts(0) and rows[1][1] == state.scoring_counts(1)
    assert rows[2][1] == dirk.of(state).counts()  # type: ignore[union-attr]
    assert scene.majorities.rect.h > 0 and scene.layout_rects.bank.bottom < scene.majorities.rect.y
    _, cells = scene.majorities.cell_rects(scene.snapshot(), len(rows))
    kind, row = next(
        ((k, r) for k in range(6) for r, (_, counts) in enumerate(rows) if counts[k] == max(c[k] for _, c in rows) > 0),
        (None, None),
    )
    assert kind is not None, "someone has a building after eight rounds"
    driver.app.ui.mouse = cells[row][kind].center
    driver.step(1)
    said = driver.app.ui._tooltip[0] if driver.app.ui._tooltip else ""
    assert "the most" in said and str(rows[row][1][kind]) in said, said


def test_an_exact_payment_gets_a_flourish_and_its_sound_b_turn_4(make_app: MakeApp) -> None:
    """[B-TURN-4] paying exactly earns another action: the table marks it with sparks where the tile lands and
    a short bell run, at the animation speed the player chose."""
    driver, scene = find_seed_with_exact_payment(make_app)
    driver.app.settings.speed = 1.0
    driver.app.speed_override = None
    scene.enter()  # the speed is taken up when the table is shown
    played: list[str] = []
    original = scene.ui.sounds.play
    scene.ui.sounds.play = lambda name: (played.append(name), original(name))[1]  # type: ignore[method-assign]
    buy_exactly(driver, scene)
    driver.step(3)
    assert "flourish" in played
    assert scene.animator.effects, "sparks where the bought tile lands"
    driver.wait(lambda: scene.can_act)


def test_a_majority_won_or_lost_flashes_on_its_cell() -> None:
    """[B-SCORE-2] when a count takes the lead of a type (or loses it), its cell in the buildings table glows,
    gold for won and red for lost, for a moment scaled by the animation speed; never on the first look, never
    at the instant speed."""
    from types import SimpleNamespace

    from game.client.views.majorities import FLASH_SECONDS, MajoritiesView

    view = MajoritiesView()
    snap = SimpleNamespace(ui=SimpleNamespace(time=10.0), animation_speed=2.0)
    before = [(0, [1, 0, 0, 0, 0, 0]), (1, [0, 0, 0, 0, 0, 0]), ("dirk", [0, 0, 0, 0, 0, 0])]
    view._note_changes(snap, before)  # type: ignore[arg-type]
    assert view.flashes == {}, "the first look at a table flashes nothing"
    after = [(0, [1, 0, 0, 0, 0, 0]), (1, [2, 0, 0, 0, 0, 0]), ("dirk", [0, 0, 0, 0, 0, 0])]
    snap.ui.time = 11.0
    view._note_changes(snap, after)  # type: ignore[arg-type]
    assert view.flashes == {(1, 0): (11.0, True), (0, 0): (11.0, False)}
    snap.ui.time = 11.0 + FLASH_SECONDS / 2.0 + 0.01  # past the flash at double speed
    view._note_changes(snap, after)  # type: ignore[arg-type]
    assert view.flashes == {}
    instant = MajoritiesView()
    snap.animation_speed = 0.0
    instant._note_changes(snap, before)  # type: ignore[arg-type]
    instant._note_changes(snap, after)  # type: ignore[arg-type]
    assert instant.flashes == {}


def test_a_wall_ring_round_an_alhambra_gets_a_flourish_once_b_score_4(make_app: MakeApp) -> None:
    """[B-SCORE-4] a wall all round an Alhambra (every side facing out a wall) is celebrated once with sparks
    over it, a bell run and a word; not again until the ring is broken and closed anew."""
    from game.client.scenes.parts.moments import walled_in
    from tests.engine.helpers import set_grid

    _, scene = find_seed_with_exact_payment(make_app)
    state = scene.state
    assert not walled_in(state, 0)
    ring = {(0, -1): "NEW", (0, 1): "ESW", (1, 0): "NES", (-1, 0): "NSW"}  # the fountain's four sides walled out
    set_grid(state, 0, ring)
    assert walled_in(state, 0)
    played: list[str] = []
    original = scene.ui.sounds.play
    scene.ui.sounds.play = lambda name: (played.append(name), original(name))[1]  # type: ignore[method-assign]
    scene.animator.speed = 1.0
    scene.on_event_shown(
        {"e": "place", "player": 0, "tile": state.boards[0].grid[next(iter(state.boards[0].grid))]}, None
    )
    assert played == ["flourish"] and scene.animator.effects
    assert "walled all round" in scene.toast_text and "Your Alhambra" in scene.toast_text
    scene.on_event_shown({"e": "place", "player": 0, "tile": 0}, None)
    assert played == ["flourish"], "once per ring"
