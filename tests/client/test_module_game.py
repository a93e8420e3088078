"""Whole games with the four modules of expansion 1 on, played through the interface against bots.

The human seat plays by clicks and keys only (``ModulePlayer``): it takes huts from their stacks
([M-HUT-2]) and places them ([M-HUT-3]), wakes its vizier ([M-VIZIER-4]), buys and passes in vizier
windows ([M-VIZIER-2]) and places the vizier's tile ([M-VIZIER-3]), takes exchange cards ([M-EXCH-2])
and pays with them ([M-EXCH-3]), reveals bonus cards ([M-BONUS-2]); the bots play in the worker,
their vizier windows included, until the game over scene.
"""

from __future__ import annotations

import pytest
from driver import Driver, MakeApp
from module_player import MODULES, ModulePlayer
from test_full_game import play_to_the_end

from game.client.scenes.game_over import GameOverScene
from game.client.table import Table


def module_table(driver: Driver, players: int, seed: int, modules=MODULES) -> Table:
    table = Table.new(["You"], ["random"] * (players - 1), seed, modules)
    driver.app.play(table)
    return table


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "reveals"), [(2, 5, False), (3, 8, True)])
def test_a_whole_module_game_through_the_interface(make_app: MakeApp, players: int, seed: int, reveals: bool) -> None:
    driver = make_app(speed=0.0)
    table = module_table(driver, players, seed)
    player = ModulePlayer(driver, seed=seed)
    play_to_the_end(driver, player, limit=600)
    scene = driver.scene
    assert isinstance(scene, GameOverScene) and scene.table.state.is_over
    assert table.game.config.modules == MODULES
    done = set(player.done)
    every = {"hut", "place", "wake", "vizier pass", "vizier buy", "exchange take", "exchange buy", "take", "redesign"}
    assert every <= done, every - done
    assert reveals <= ("bonus" in done), "a bonus card revealed by a click (seed 8)"
    kinds = {event["e"] for event in scene.table.game.events}
    assert {"hut", "vizier", "bonus"} <= kinds, kinds
