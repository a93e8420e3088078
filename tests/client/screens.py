"""A walk through every screen besides the table, for the tests that look at each one in turn."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from driver import Driver
from positions import every_module
from test_camps_bazaars_client import _just_scored
from test_model import played_game

from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.table import Table

SCREENS = ("menu", "setup", "settings", "rules", "game menu", "curtain", "scoring", "game over")


def visit_screens(driver: Driver, look: Callable[[str], None], game: bool = True) -> list[str]:
    """Show each of ``SCREENS`` in turn, by keys where a player would use keys, and call ``look(name)`` on each
    (the game menu and the scoring sheet over a table whose second scoring has just been made); without
    ``game``, only those before a game (the menu, the setup, the settings and the rules)."""
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
    if not game:
        return seen
    game, event = _just_scored(lambda e: e["round"] == 2, modules=())
    driver.app.play(Table(game, (0,)))
    driver.step(2)
    driver.key(pygame.K_ESCAPE)
    show("game menu")
    driver.key(pygame.K_ESCAPE)
    driver.app.screens.open_curtain(driver.scene, 1, "Bartholomew")  # the screen passed to another person
    show("curtain")
    driver.key(pygame.K_RETURN)
    driver.app.screens.open_scoring(driver.scene, sheet_for(game.state, event, []))
    show("scoring")
    driver.app.screens.show_game_over(Table(played_game(7, players=3), (0,)), None)
    show("game over")
    return seen


MODULE_SCREENS = ("table", "scoring 1", "scoring 2", "scoring 3", "game menu", "game over")


def visit_module_screens(driver: Driver, players: int, look: Callable[[str], None]) -> list[str]:
    """Show each of ``MODULE_SCREENS`` of a game with all seven modules and ``players`` players in turn (the human
    in seat 0) and call ``look(name)`` on each: the table in the middle of the game, each scoring's sheet as it
    was made (over its table), the game menu and the end.  The positions are played by greedy bots with the
    engine (``positions.every_module``), not through the interface."""
    game = every_module(players)
    seen: list[str] = []

    def show(name: str) -> None:
        driver.step(2)
        look(name)
        seen.append(name)

    driver.app.play(Table(game.middle.copy(), (0,)))
    driver.wait_for_human()
    show("table")
    for number, (scored, event, later) in enumerate(game.scorings, 1):
        driver.app.replace(TurnScene(driver.app, Table(scored.copy(), (0,))))  # the final one too: over its table
        driver.app.screens.open_scoring(driver.scene, sheet_for(scored.state, event, list(later)))
        show(f"scoring {number}")
    driver.app.play(Table(game.middle.copy(), (0,)))
    driver.wait_for_human()
    driver.key(pygame.K_ESCAPE)
    show("game menu")
    driver.app.screens.show_game_over(Table(game.end.copy(), (0,)), None)
    show("game over")
    return seen
