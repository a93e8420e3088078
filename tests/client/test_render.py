"""Rendering: screens saved as PNG (a few into tests/client/screenshots/ for people to look at)
and checked by pixels: the felt is there, the market shows its tiles, legal places light up.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from driver import MakeApp, UiPlayer

from game.client.scenes.game_over import GameOverScene
from game.client.scenes.menu import MenuScene
from game.client.scenes.rules_help import RulesScene
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.turn import TurnScene
from game.client.theme import TARGET
from game.engine.components import BUILDING_TYPES, MARKET_SLOTS, TILE_TYPE


def save(surface: pygame.Surface, folder: Path, name: str) -> Path:
    path = folder / name
    pygame.image.save(surface, str(path))
    return path


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(int(x) - int(y)) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def share_of(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int) -> float:
    """Fraction of pixels in ``rect`` close to ``colour`` (sampled every 2 px)."""
    hits = total = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            total += 1
            hits += near(surface.get_at((x, y)), colour, tolerance)
    return hits / max(1, total)


def matches(screen: pygame.Surface, rect: pygame.Rect, sprite: pygame.Surface, shade: float = 1.0) -> float:
    """Fraction of sampled pixels where ``screen`` inside ``rect`` shows ``sprite`` (opaque parts, darkened)."""
    hits = total = 0
    for x in range(2, rect.w - 2, 5):
        for y in range(2, rect.h - 2, 5):
            colour = sprite.get_at((x, y))
            if colour.a < 250:
                continue
            total += 1
            expected = tuple(round(channel * shade) for channel in colour[:3])
            hits += near(screen.get_at((rect.x + x, rect.y + y)), expected, 12)
    return hits / max(1, total)


def table(make_app: MakeApp, size: tuple[int, int], seed: int = 1, ai: list[str] | None = None):
    driver = make_app(ai=ai or ["random", "random"], seed=seed, speed=0.0, size=size)
    driver.app.start()
    driver.wait_for_human()
    driver.step(2)
    return driver, driver.scene


def test_menu_renders_logo_buttons_and_felt(make_app: MakeApp, screenshots: Path) -> None:
    driver = make_app()
    driver.app.start()
    driver.step(2)
    scene = driver.scene
    assert isinstance(scene, MenuScene)
    screen = driver.app.screen
    save(screen, screenshots, "menu_1280x800.png")
    assert near(screen.get_at((640, 790)), (26, 58, 54), 40), "teal felt at the bottom"
    button = scene.new_game.rect
    assert share_of(screen, button.inflate(-20, -20), (178, 128, 44), 30) > 0.5, "gold primary button"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 600)])
def test_table_at_three_sizes(make_app: MakeApp, screenshots: Path, tmp_path: Path, size: tuple[int, int]) -> None:
    driver, scene = table(make_app, size, seed=3, ai=["random", "random"])
    screen = driver.app.screen
    assert screen.get_size() == size
    name = f"table_{size[0]}x{size[1]}.png"
    save(screen, screenshots if size != (1920, 1080) else tmp_path, name)
    rects = scene.layout_rects
    for rect in (rects.market, rects.alhambra, rects.bank, rects.hand, rects.tray, rects.actions, rects.opponents):
        assert screen.get_rect().contains(rect), f"{rect} leaves the window at {size}"
    # every market tile is drawn in its slot: the screen there is the tile's own sprite
    for slot in MARKET_SLOTS:
        tile = scene.state.in_slot(slot)
        area = scene.market.tile_rect(scene.snapshot(), slot)
        sprite = scene.ui.sprites.tile(tile, area.w)
        shade = 1.0
        if not scene.table.can_buy(slot):  # dimmed, with a "you have N" chip across its middle, above the price
            shade = 1 - 110 / 255
            area = pygame.Rect(area.x, area.y, area.w, area.h // 3)
            sprite = sprite.subsurface((0, 0, area.w, area.h))
        kind = BUILDING_TYPES[TILE_TYPE[tile]]
        assert matches(screen, area, sprite, shade) > 0.9, f"slot {slot} does not show the {kind}"
    # the hand shows card art where the view says the cards are
    for _, _, cards in scene.hand.groups(scene.snapshot()):
        if cards:
            card, rect = cards[-1]  # the front card of each fan is fully visible
            assert matches(screen, rect, scene.ui.sprites.card(card, rect.h)) > 0.8


def test_legal_places_light_up_for_a_bought_tile(make_app: MakeApp, screenshots: Path) -> None:
    import pygame as pg

    for seed in (1, 3, 4, 7, 8, 10):
        driver, scene = table(make_app, (1280, 800), seed=seed, ai=["random"])
        slot = next((s for s in MARKET_SLOTS if scene.table.exact_payments(s)), None)
        if slot:
            break
    else:
        pytest.skip("no exact payment found")
    tile = scene.state.in_slot(slot)
    driver.key([pg.K_q, pg.K_w, pg.K_e, pg.K_r][slot - 1])
    save(driver.app.screen, screenshots, "table_buying.png")
    driver.key(pg.K_RETURN)
    driver.wait(lambda: scene.can_act)
    driver.key(pg.K_1)
    driver.key(pg.K_RETURN)
    driver.wait(lambda: scene.can_act)
    driver.key(pg.K_TAB)  # select the bought tile
    assert scene.sel.tile == tile
    driver.step(2)
    screen = driver.app.screen
    save(screen, screenshots, "table_placing.png")
    cells = scene.picker.targets()[0]
    assert cells
    scene.board.fit(scene.state.boards[0].grid)
    for x, y in cells:
        rect = scene.board.cell_rect(x, y)
        assert share_of(screen, rect, TARGET, 40) > 0.02, "a legal cell shows the cyan target"
    empty = scene.board.cell_rect(5, 5)
    if scene.board.rect.contains(empty):
        assert share_of(screen, empty, TARGET, 40) == 0


@pytest.mark.slow
def test_scoring_overlay_and_game_over_screens(make_app: MakeApp, screenshots: Path) -> None:
    driver = make_app(ai=["random"], seed=11, speed=0.0)
    driver.app.start()
    player = UiPlayer(driver, seed=3)
    saved_scoring = False
    for _ in range(400):
        driver.wait_for_human(60)
        scene = driver.scene
        if isinstance(scene, GameOverScene):
            break
        if isinstance(scene, ScoringScene):
            driver.step(2)
            if not saved_scoring:
                save(driver.app.screen, screenshots, "scoring.png")
                saved_scoring = True
                panel = scene.panel
                assert share_of(driver.app.screen, panel.inflate(-40, -40), (28, 24, 20), 25) > 0.3
            driver.click_widget("next")
            continue
        player.play_once(scene)
    driver.step(2)
    assert isinstance(driver.scene, GameOverScene)
    save(driver.app.screen, screenshots, "game_over.png")


def test_setup_and_rules_screens(make_app: MakeApp, screenshots: Path) -> None:
    driver = make_app()
    driver.app.start()
    driver.app.push(SetupScene(driver.app))
    scene = driver.scene
    driver.click(scene.count.segments()[0].center)
    driver.step()
    save(driver.app.screen, screenshots, "setup_two_players.png")
    driver.app.pop()
    driver.app.push(RulesScene(driver.app))
    rules = driver.scene
    rules.scroll_by(rules.max_scroll // 3)
    driver.step()
    save(driver.app.screen, screenshots, "rules.png")


def test_resizing_the_window_reflows_the_table(make_app: MakeApp) -> None:
    driver, scene = table(make_app, (1280, 800))
    before = scene.layout_rects.alhambra
    driver.app.resize((1600, 900))
    driver.step()
    after = scene.layout_rects.alhambra
    assert driver.app.screen.get_size() == (1600, 900)
    assert after.w > before.w
    driver.app.resize((640, 480))  # below the minimum: clamped
    assert driver.app.screen.get_size() == (800, 600)
    assert isinstance(driver.scene, TurnScene)
