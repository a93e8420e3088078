"""No text overflows the window or runs into another label on the table, at the four window sizes the
game is tried at, with two and four players (issue 20, item 8: measured from the drawing, not by eye)."""

from __future__ import annotations

import pygame
import pytest
from driver import MakeApp
from screens import SCREENS, visit_screens
from text_layout import Recording, boxed, draw_top_scene, overlaps, record_texts

SIZES = ((800, 600), (1024, 700), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tables_labels_never_overlap(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int
) -> None:
    driver = make_app(ai=["greedy"] * (players - 1), seed=3, speed=0.0, size=size)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    for _ in range(4):  # a few rounds: hands, reserves, Alhambras and the log fill up
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    texts = record_texts(monkeypatch, scene.ui.text)
    screen = Recording(size, texts)
    panels = [scene.bank, scene.majorities, scene.log, scene.hand, scene.tray, *scene.opponents.panels]
    for view in [*panels, *scene.module_panels.values()]:
        boxed(monkeypatch, screen, view)
    scene.ui.mouse = (-100, -100)  # no tooltip
    scene.draw(screen)
    assert len(screen.placed) > 50, "the table's texts were recorded"
    window = pygame.Rect((0, 0), size)
    assert [label for label in screen.placed if not window.contains(label[1])] == []
    assert screen.outside == [], "a text ran out of its panel"
    assert overlaps(screen.placed) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_other_screens_labels_stay_apart(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The menu, the setup (with every module listed), the settings, the rules help, the game menu, a scoring's
    sheet and the end of a game: no label runs into another, out of the window, or out of the screen's panel
    (an overlay counts its own)."""
    driver = make_app(size=size)
    window = pygame.Rect((0, 0), size)

    def check(name: str) -> None:
        texts = record_texts(monkeypatch, driver.scene.ui.text)
        screen = Recording(size, texts)
        driver.scene.ui.mouse = (-100, -100)
        draw_top_scene(screen, driver.app.stack.scenes)
        assert screen.placed, name
        assert [label for label in screen.placed if not window.contains(label[1])] == [], name
        panel = getattr(driver.scene, "panel", None)  # a screen drawn in a panel keeps its words inside it
        if panel is not None and panel.w > 0:
            assert [label for label in screen.placed if not panel.inflate(2, 2).contains(label[1])] == [], name
        assert overlaps(screen.placed) == [], name

    assert visit_screens(driver, check) == list(SCREENS)
