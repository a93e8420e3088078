"""A walk through every screen besides the table, for the tests that look at each one in turn."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from driver import Driver
from test_camps_bazaars_client import _just_scored
from test_model import played_game

from game.client.score_sheet import sheet_for
from game.client.table import Table

SCREENS = ("menu", "setup", "settings", "rules", "game menu", "scoring", "game over")


def visit_screens(driver: Driver, look: Callable[[str], None]) -> list[str]:
    """Show each of ``SCREENS`` in turn, by keys where a player would use keys, and call ``look(name)`` on each
    (the game menu and the scoring sheet over a table whose second scoring has just been made)."""
    seen: list[str] = []

    def show(name: str) -> None:
        driver.step(2)
        look(name)
        seen.append(name)

    driver.app.start()
    show("menu")
    for key, name in ((pygame.K_n, "setup"), (pygame.K_s, "settings"), (pygame.K_r, "rules")):
        driver.key(key)
        show(name)
        driver.key(pygame.K_ESCAPE)
    game, event = _just_scored(lambda e: e["round"] == 2, modules=())
    driver.app.play(Table(game, 0))
    driver.step(2)
    driver.key(pygame.K_ESCAPE)
    show("game menu")
    driver.key(pygame.K_ESCAPE)
    driver.app.screens.open_scoring(driver.scene, sheet_for(game.state, event, []))
    show("scoring")
    driver.app.screens.show_game_over(Table(played_game(7, players=3), 0), None)
    show("game over")
    return seen
