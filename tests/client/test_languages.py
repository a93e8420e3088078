"""Every screen in every language (issue 18): no text out of the window, out of its panel or over another
label, no missing glyph, at 1024x700 and 1920x1080; screenshots of each saved for review
(``tests/client/screenshots/lang_<code>_<screen>_<size>.png``); Persian laid out from the right."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from driver import MakeApp
from screens import SCREENS, visit_screens
from text_layout import Recording, boxed, draw_top_scene, overlaps, record_texts

from game import i18n
from tests.engine.golden_records import ALL_SEVEN

SIZES = ((1024, 700), (1920, 1080))
LANGUAGES = tuple(i18n.LANGUAGES)


def _check(screen: Recording, size: tuple[int, int], name: str, panel: pygame.Rect | None = None) -> None:
    window = pygame.Rect((0, 0), size)
    assert [label for label in screen.placed if not window.contains(label[1])] == [], name
    if panel is not None and panel.w > 0:
        assert [label for label in screen.placed if not panel.inflate(2, 2).contains(label[1])] == [], name
    assert screen.outside == [], f"{name}: a text ran out of its panel"
    assert overlaps(screen.placed) == [], name


def _play_a_few_rounds(driver) -> None:  # type: ignore[no-untyped-def]
    driver.app.start()
    driver.wait_for_human()
    for _ in range(4):  # hands, reserves, Alhambras and the log fill up
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()


@pytest.mark.parametrize("code", [c if c == "en" else pytest.param(c, marks=pytest.mark.slow) for c in LANGUAGES])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("modules", ["", "all"])
def test_the_table_in_every_language(
    make_app: MakeApp,
    monkeypatch: pytest.MonkeyPatch,
    screenshots: Path,
    code: str,
    size: tuple[int, int],
    modules: str,
) -> None:
    """The table with four players (base game), or three with the seven modules of expansion 1 and the 2024
    edition (their panels and words)."""
    options = {"modules": ALL_SEVEN} if modules else {}
    players = 3 if modules else 4
    driver = make_app(ai=["greedy"] * (players - 1), seed=3, speed=0.0, size=size, **options)
    i18n.set_language(code)  # switched while the game runs, as from the settings
    _play_a_few_rounds(driver)
    scene = driver.scene
    fonts = scene.ui.text.fonts
    fonts.missing.clear()
    texts = record_texts(monkeypatch, scene.ui.text)
    scene.ui.text._cache.clear()  # draw every text afresh, so its glyphs are checked
    screen = Recording(size, texts)
    panels = [scene.bank, scene.majorities, scene.log, scene.hand, scene.tray, *scene.opponents.panels]
    for view in [*panels, *scene.module_panels.values()]:
        boxed(monkeypatch, screen, view)
    scene.ui.mouse = (-100, -100)
    scene.draw(screen)
    assert len(screen.placed) > 50
    name = f"lang_{code}_table{'_modules' if modules else ''}_{size[0]}x{size[1]}"
    pygame.image.save(screen, str(screenshots / f"{name}.png"))
    _check(screen, size, name)
    assert fonts.missing == set(), f"{name}: no glyph for {''.join(sorted(fonts.missing))}"
    assert scene.ui.cut_labels == set(), f"{name}: button labels cut short"


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_other_screen_in_every_language(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, screenshots: Path, code: str, size: tuple[int, int]
) -> None:
    """The menu, setup, settings, rules help, game menu, a scoring sheet and the game's end."""
    driver = make_app(size=size)
    i18n.set_language(code)
    driver.app.ui.text._cache.clear()
    driver.app.ui.text.fonts.missing.clear()  # from here on, every glyph drawn is checked

    def check(name: str) -> None:
        fonts = driver.scene.ui.text.fonts
        texts = record_texts(monkeypatch, driver.scene.ui.text)
        screen = Recording(size, texts)
        driver.scene.ui.mouse = (-100, -100)
        draw_top_scene(screen, driver.app.stack.scenes)
        shot = f"lang_{code}_{name.replace(' ', '_')}_{size[0]}x{size[1]}"
        pygame.image.save(screen, str(screenshots / f"{shot}.png"))
        assert screen.placed, name
        _check(screen, size, shot, getattr(driver.scene, "panel", None))
        assert fonts.missing == set(), f"{shot}: no glyph for {''.join(sorted(fonts.missing))}"
        assert driver.scene.ui.cut_labels == set(), f"{shot}: button labels cut short"

    assert visit_screens(driver, check) == list(SCREENS)


@pytest.mark.parametrize("code", ["en", "fa"])
def test_persian_lines_start_at_the_right(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """Right to left, the log's lines, the panels' titles and the prompt start at their box's right edge (the
    board, tiles and numbers stay as they are); left to right at the left edge."""
    size = (1280, 800)
    driver = make_app(ai=["greedy"], seed=3, speed=0.0, size=size)
    i18n.set_language(code)
    _play_a_few_rounds(driver)
    scene = driver.scene
    texts = record_texts(monkeypatch, scene.ui.text)
    scene.ui.text._cache.clear()
    screen = Recording(size, texts)
    scene.ui.mouse = (-100, -100)
    scene.draw(screen)
    for view in (scene.log, scene.tray):
        box = view.rect
        inside = [rect for _, rect in screen.placed if box.contains(rect) and rect.w < box.w * 3 // 4]
        assert len(inside) >= 2, view
        near_right = sum(1 for rect in inside if box.right - rect.right < box.w // 8)
        near_left = sum(1 for rect in inside if rect.left - box.left < box.w // 8)
        if code == "fa":
            assert near_right == len(inside) and near_left < len(inside), (view, inside)
        else:
            assert near_left == len(inside) and near_right < len(inside), (view, inside)
