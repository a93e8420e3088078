"""The rule modules at setup: toggles by mouse and keyboard, ``--modules``, and the game they start;
and the rules help's page for each module, rendered at two window sizes."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp
from module_checks import open_rules_page

from game.client.modules import CLIENT_MODULES
from game.client.scenes.menu import MenuScene
from game.client.scenes.rules_help import MODULE_PAGES, PAGES, RulesScene, module_blocks
from game.client.scenes.setup import MODULE_KEYS, SetupScene
from game.client.scenes.setup_choices import SetupChoiceScene
from game.client.scenes.turn import TurnScene
from game.engine.modules import CHOOSABLE, bazaars, bonus, camps, dirk, exchange, falcons, huts, vizier

SIZES = [(1024, 700), (1920, 1080)]
EXPANSION_1 = (vizier.NAME, exchange.NAME, huts.NAME, bonus.NAME)  # RULES.md §9.1-9.4
EDITION_2024 = (camps.NAME, bazaars.NAME, falcons.NAME)  # §9.5-9.7, their pages: test_rules_help_2024
EXPANSIONS_2_TO_4 = ("gates", "change", "thieves", "walls", "chests", "traders")  # §11.1-11.6


def setup(make_app: MakeApp, **options: object) -> Driver:
    driver = make_app(**options)
    driver.app.start()
    driver.step()
    assert isinstance(driver.scene, MenuScene)
    driver.click_widget("new_game")
    assert isinstance(driver.scene, SetupScene)
    return driver


def choose_secrets(driver: Driver) -> None:
    """[M-TRADER-2] a new game with the street traders first asks you for your disc's citizens: the first three."""
    while isinstance(driver.scene, SetupChoiceScene):
        for rect in driver.scene.choice.citizen_rects()[:3]:
            driver.click(rect.center)
        driver.key(pygame.K_RETURN)


def start(driver: Driver, opponents: int = 1) -> TurnScene:
    scene = driver.scene
    driver.click(scene.count.segments()[opponents - 1].center)
    row = scene.rows[0]
    driver.click(row.kind.segments()[row.kind.options.index("random")].center)
    driver.click_widget("start")
    choose_secrets(driver)
    table = driver.scene
    assert isinstance(table, TurnScene)
    return table


def test_every_module_is_off_by_default_and_the_game_has_none(make_app: MakeApp) -> None:
    driver = setup(make_app)
    scene = driver.scene
    assert [toggle.name for toggle in scene.toggles] == list(CHOOSABLE)
    assert scene.modules == ()
    assert start(driver).table.game.config.modules == ()


def test_clicked_toggles_start_a_game_with_those_modules(make_app: MakeApp) -> None:
    driver = setup(make_app)
    scene = driver.scene
    by_name = {toggle.name: toggle for toggle in scene.toggles}
    driver.click(by_name["huts"].rect.center)
    driver.click(by_name["vizier"].rect.center)
    driver.click(by_name["bonus"].rect.center)
    driver.click(by_name["bonus"].rect.center)  # and off again
    assert scene.modules == ("vizier", "huts")
    table = start(driver)
    assert table.table.game.config.modules == ("vizier", "huts")
    assert table.state.rules.has("huts") and huts.of(table.state) is not None
    assert vizier.of(table.state) is not None


def test_each_module_has_a_key_and_typing_a_name_does_not_switch_them(make_app: MakeApp) -> None:
    driver = setup(make_app)
    scene = driver.scene
    for name in CHOOSABLE:
        driver.key(MODULE_KEYS[name])
    assert scene.modules == CHOOSABLE
    driver.key(MODULE_KEYS["exchange"])
    rest = tuple(name for name in CHOOSABLE if name != "exchange")  # vizier, huts, bonus and the 2024 ones offered
    assert scene.modules == rest
    driver.click(scene.name.rect.center)  # the name field takes the letters while it is focused
    driver.type("bev")
    assert scene.modules == rest
    assert scene.name.value.endswith("bev")
    driver.key(pygame.K_ESCAPE)  # leaves the field, not the screen
    assert driver.scene is scene
    assert start(driver).table.game.config.modules == rest


def test_the_command_line_preselects_the_modules(make_app: MakeApp) -> None:
    driver = setup(make_app, modules=("exchange", "bonus"))
    assert driver.scene.modules == ("exchange", "bonus")


def test_the_command_line_with_ai_starts_a_game_with_the_modules(make_app: MakeApp) -> None:
    driver = make_app(ai=["random"], seed=2, speed=0.0, modules=CHOOSABLE)
    driver.app.start()
    driver.step()
    choose_secrets(driver)
    assert isinstance(driver.scene, TurnScene)
    assert driver.scene.table.game.config.modules == CHOOSABLE


def test_the_last_choice_is_offered_again(make_app: MakeApp) -> None:
    driver = setup(make_app)
    driver.key(MODULE_KEYS["huts"])
    start(driver)
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("leave_game")
    assert isinstance(driver.scene, MenuScene)
    driver.click_widget("new_game")
    assert driver.scene.modules == ("huts",)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("opponents", [1, 5])
def test_the_toggles_fit_in_their_column(
    make_app: MakeApp, tmp_path: Path, size: tuple[int, int], opponents: int
) -> None:
    driver = setup(make_app, size=size, modules=("vizier", "huts"))
    scene = driver.scene
    driver.click(scene.count.segments()[opponents - 1].center)
    driver.step(2)
    pygame.image.save(driver.app.screen, str(tmp_path / f"setup_{size[0]}x{size[1]}.png"))
    rects = [toggle.rect for toggle in scene.toggles]
    left_column = [scene.name.rect, scene.count.rect, scene.seed.rect]
    left_column += [row.level.rect for row in scene.rows[:opponents] if row.level.visible]
    for rect in rects:
        assert scene.panel.contains(rect)
        assert rect.bottom < scene.start.rect.top
        assert not any(rect.colliderect(other) for other in left_column)
    for above, below in itertools.pairwise(rects):
        assert above.bottom < below.top


def test_every_module_has_a_rules_page() -> None:
    """Each module's page lives with the module (``ClientModule.help_page``), and the rules help shows them all;
    Dirk, who has none of his own, is told on the first page (the two-player game)."""
    assert CHOOSABLE[: len(EXPANSION_1)] == EXPANSION_1
    assert PAGES[: len(EXPANSION_1) + 1] == ("base", *EXPANSION_1)
    after = len(EXPANSION_1) + 1 + len(EDITION_2024)
    assert set(PAGES[len(EXPANSION_1) + 1 : after]) == set(EDITION_2024)  # then the 2024 edition's pages
    assert PAGES[after:] == EXPANSIONS_2_TO_4  # then RULES.md §11's, in the rule book's order
    assert set(CLIENT_MODULES) - set(CHOOSABLE) == {dirk.NAME}  # and no page of a module setup does not offer
    assert set(CHOOSABLE) <= set(PAGES)
    for name in PAGES[1:]:
        assert MODULE_PAGES[name] is CLIENT_MODULES[name].help_page
    assert [name for name, module in CLIENT_MODULES.items() if module.help_page is None] == [dirk.NAME]


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_pages_turn_with_the_keys_and_the_tabs(make_app: MakeApp, size: tuple[int, int]) -> None:
    driver = make_app(size=size)
    driver.app.start()
    driver.step()
    driver.key(pygame.K_r)
    scene = driver.scene
    assert isinstance(scene, RulesScene) and scene.page == "base"
    for segment, label in zip(scene.tabs.segments(), scene.tabs.labels, strict=True):
        assert scene.ui.text.fit(label, scene.ui.font_px(14), segment.w - 6, "bold") == label, "a tab is cut"
    driver.key(pygame.K_END)
    for name in PAGES[1:]:
        driver.key(pygame.K_RIGHT)
        assert scene.page == name and scene.scroll == 0
    driver.key(pygame.K_RIGHT)
    assert scene.page == "base"
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.page == PAGES[-1]
    driver.click(scene.tabs.segments()[PAGES.index("huts")].center)
    assert scene.page == "huts"


@pytest.mark.parametrize("size", [SIZES[0], *(pytest.param(size, marks=pytest.mark.slow) for size in SIZES[1:])])
@pytest.mark.parametrize("name", EXPANSION_1)  # the 2024 pages: test_rules_help_2024
def test_each_module_page_of_the_rules_renders(make_app: MakeApp, tmp_path: Path, size: tuple, name: str) -> None:
    driver, scene = open_rules_page(make_app, size, name)
    assert scene.page == name
    width = scene.view.w - scene.ui.px(16)
    parts = [block(scene.ui, width) for block in module_blocks(name)]
    assert all(part.get_width() <= scene.view.w for part in parts)
    assert scene.max_scroll < scene.view.h  # a page, scrolled at most once
    assert scene.view.bottom < scene.back.rect.top and scene.tabs.rect.bottom <= scene.view.top
    pygame.image.save(driver.app.screen, str(tmp_path / f"rules_{name}_{size[0]}x{size[1]}.png"))
    driver.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
