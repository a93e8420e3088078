"""Checks every module's client tests make alike, written once: its help page renders with the tabs whole, its
setup key is its own, its panels' words stay inside them in every language, and the table with it is clear
(``text_layout``'s checks). Each module's test calls them with its own names and positions and cites its rule ids;
this file names no module (tests/client/test_guard.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping

import pygame
import pytest
from driver import Driver, MakeApp, UiPlayer
from test_full_game import play_to_the_end
from test_module_panels_layout import LANGUAGES, Drawing, covered, outside, tag_texts

from game import i18n
from game.client.modules import CLIENT_MODULES, setup_key
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.rules_help import PAGES, RulesScene, module_blocks
from game.client.scenes.turn import TurnScene
from game.client.table import Table
from game.engine import Game
from game.engine.modules import CHOOSABLE


def open_rules_page(make_app: MakeApp, size: tuple[int, int], name: str) -> tuple[Driver, RulesScene]:
    """The rules help opened from the title menu (key R) at ``name``'s page, in a window of ``size``."""
    driver = make_app(size=size)
    driver.app.start()
    driver.step()
    driver.key(pygame.K_r)
    scene = driver.scene
    assert isinstance(scene, RulesScene)
    scene.show_section(name)
    driver.step(2)
    return driver, scene


def check_page_renders_with_its_tabs_whole(
    make_app: MakeApp, size: tuple[int, int], name: str, *, tabs_above_view: bool = False
) -> None:
    """``name``'s page has a tab and renders inside the view; no tab's name is cut (and, with ``tabs_above_view``,
    the tabs end above the view however many pages there are)."""
    assert name in PAGES and name in CHOOSABLE
    _driver, scene = open_rules_page(make_app, size, name)
    ui = scene.ui
    if tabs_above_view:
        assert scene.tabs.rect.bottom <= scene.view.top
    for segment, label in zip(scene.tabs.segments(), scene.tabs.labels, strict=True):
        assert ui.text.fit(label, ui.font_px(14), segment.w - 6, "bold") == label, "a tab is cut"
    width = scene.view.w - ui.px(16)
    assert all(block(ui, width).get_width() <= scene.view.w for block in module_blocks(name))


def check_setup_keys(keys: Mapping[str, str]) -> None:
    """Each module of ``keys`` is switched at setup by its letter, which no other module offered at setup uses;
    no two of those share a letter."""
    assert {name: setup_key(name) for name in keys} == dict(keys)
    offered = [name for name in CLIENT_MODULES if name in CHOOSABLE]
    others = [setup_key(name) for name in offered if name not in keys]
    assert not set(keys.values()) & set(others), others
    every = [setup_key(name) for name in offered]
    assert len(set(every)) == len(every), every


def watch_panels(monkeypatch: pytest.MonkeyPatch, views: Iterable[object]) -> None:
    """Each of ``views`` draws with a ``Drawing``'s ``panel`` set to it, so that its blits are known as its."""
    for view in views:
        original = view.draw  # type: ignore[attr-defined]

        def watched(surface, *args, _view=view, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            if isinstance(surface, Drawing):
                surface.panel = _view
            try:
                return _original(surface, *args, **kwargs)
            finally:
                if isinstance(surface, Drawing):
                    surface.panel = None

        monkeypatch.setattr(view, "draw", watched)


def seat(make_app: MakeApp, game: Game, size: tuple[int, int]) -> TurnScene:
    """The human's turn (seat 0) at a copy of ``game`` in a window of ``size``: the turn scene."""
    driver = make_app(speed=0.0, size=size)
    driver.app.start()
    driver.app.play(Table(copy.deepcopy(game), (0,)))
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    return scene


def check_panels_in_every_language(
    make_app: MakeApp,
    monkeypatch: pytest.MonkeyPatch,
    game: Game,
    size: tuple[int, int],
    check: Callable[[str, Drawing, Mapping[str, object]], None],
    names: Iterable[str] | None = None,
) -> None:
    """At ``game`` in a window of ``size``, in every language: the table laid out afresh and drawn, nothing of
    the module panels of ``names`` (all of them by default) covering their words or leaving the panel;
    ``check(language, screen, panels)`` asks the rest (the titles drawn, the pieces' least sizes)."""
    scene = seat(make_app, game, size)
    texts = tag_texts(monkeypatch)
    panels = scene.module_panels
    watch_panels(monkeypatch, panels.values())
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            scene.layout(scene.app.size)
            screen = Drawing(scene.app.size, texts)
            scene.ui.mouse = (-100, -100)
            scene.draw(screen)
            check(language, screen, panels)
            for panel in panels.values() if names is None else [panels[name] for name in names]:
                blits = screen.of(panel)
                assert covered(blits) == [], (language, size, panel.rect)
                assert outside(blits, panel.rect) == [], (language, size, panel.rect)
    finally:
        i18n.set_language("en")


def table_problems(make_app: MakeApp, game: Game, size: tuple[int, int]) -> list[str]:
    """At ``game`` in a window of ``size``, in every language: what ``layout_problems`` finds on the table, each
    said with its language."""
    scene = seat(make_app, game, size)
    problems: list[str] = []
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            scene.layout(scene.app.size)
            problems += [f"{language}: {problem}" for problem in layout_problems(scene, size)]
    finally:
        i18n.set_language("en")
    return problems


def layout_problems(scene: TurnScene, size: tuple[int, int]) -> list[str]:
    """What ``text_layout``'s checks find on the table ``scene`` as it is laid out now: a label off the window, out
    of its panel, over another, covered by a sprite drawn after it, or cut short where a player must read it."""
    from test_text_layout import _problems, _table_panels
    from text_layout import Recording, boxed, record_texts, watch_cuts

    with pytest.MonkeyPatch.context() as patch:
        texts = record_texts(patch, scene.ui.text)
        screen = Recording(size, texts)
        watch_cuts(patch, screen)
        for view in _table_panels(scene):
            boxed(patch, screen, view)
        scene.ui.mouse = (-100, -100)
        scene.draw(screen)
    return _problems(screen, size, None)


def play_a_whole_game(
    make_app: MakeApp, kind: type[UiPlayer], seed: int, modules: tuple[str, ...]
) -> tuple[set[str], set[str]]:
    """A whole game with ``modules`` (seed ``seed``) through the interface: the human seat played by clicks and keys
    by a ``kind`` player, two random bots deciding in the worker, until the game over scene. Returns the kinds of
    move the player made and the names of the game's events, for the module's test to ask for its own."""
    driver = make_app(speed=0.0)
    table = Table.new(["You"], ["random", "random"], seed, modules)
    driver.app.play(table)
    player = kind(driver, seed=seed)
    play_to_the_end(driver, player, limit=900)
    assert isinstance(driver.scene, GameOverScene) and table.state.is_over
    return set(player.done), {event["e"] for event in table.game.events}
