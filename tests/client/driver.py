"""Drive the client like a player: synthetic mouse and keyboard events at real widget positions.

The tests never call ``game.apply``: they find where the scene draws a card, a tile or a
button (the scene's own views answer that) and post MOUSEBUTTONDOWN/UP or KEYDOWN events there,
then step the app a frame at a time, exactly like the main loop does.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from game.client.app import App
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.turn import TurnScene
from game.client.widgets import shown
from game.engine import Action, Buy, EndTurn, FromReserve, Lift, Pass, Place, Reserve, Swap, Take
from game.engine.alhambra import xy_of
from game.engine.components import MARKET_SLOTS
from game.engine.modules.dirk import GiveToDirk

SceneT = TypeVar("SceneT")


def args(**overrides: object) -> argparse.Namespace:
    """The Namespace cli.py builds, with the given options."""
    values = {
        "ai": None,
        "seed": None,
        "load": None,
        "name": "You",
        "speed": None,
        "fullscreen": False,
        "size": None,
        "frames": None,
    }
    values.update(overrides)
    return argparse.Namespace(**values)


class Driver:
    """An app under test plus helpers to click, type and wait."""

    def __init__(self, app: App) -> None:
        self.app = app
        app.fps = 0  # no frame cap: tests run as fast as the machine allows

    @property
    def scene(self):
        return self.app.stack.top

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.step()
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for pos in (middle, end):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.step()

    def click_widget(self, name: str) -> None:
        widget = self.scene.widget(name)
        assert widget.visible and widget.enabled, f"{name} is not clickable"
        self.click(widget.rect.center)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
        self.step()

    def type(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step()

    def wait(self, condition, timeout: float = 20.0) -> None:
        """Step frames until ``condition()`` holds (the AI thinks in another process meanwhile)."""
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, "timed out waiting"
            self.step()

    def wait_for_human(self, timeout: float = 30.0) -> None:
        """Until it is the human's move on a caught-up table, or a scoring / the end is shown."""

        def ready() -> bool:
            scene = self.scene
            if isinstance(scene, ScoringScene | GameOverScene):
                return True
            return isinstance(scene, TurnScene) and scene.can_act

        self.wait(ready, timeout)


MakeApp = Callable[..., Driver]  # the make_app fixture: options as keywords -> a Driver


class UiPlayer:
    """Plays the human seat through the interface; remembers which kinds of move it made."""

    def __init__(self, driver: Driver, seed: int = 1) -> None:
        self.d = driver
        self.rng = random.Random(seed)
        self.done: list[str] = []
        self.undone = False

    # ---------------------------------------------------------------- where things are
    def offer_pos(self, scene: TurnScene, card: int) -> tuple[int, int]:
        index = scene.state.offer.index(card)
        return scene.bank.offer_rects(scene.snapshot())[index].center

    def board_pos(self, scene: TurnScene, x: int, y: int) -> tuple[int, int]:
        scene.board.fit(scene.state.boards[scene.me].grid)
        return scene.board.cell_rect(x, y).center

    def grid_tile_pos(self, scene: TurnScene, tile: int) -> tuple[int, int]:
        grid = scene.state.boards[scene.me].grid
        cell = next(c for c, t in grid.items() if t == tile)
        return self.board_pos(scene, *xy_of(cell))

    def hand_pos(self, scene: TurnScene, card: int) -> tuple[int, int]:
        """A point of ``card`` in the hand that a click picks: its left edge, or further right where a crowded hand
        (a narrow one beside many modules' panels) draws the next card over it."""
        snap = scene.snapshot()
        rect = scene.hand.card_rect(snap, card)
        assert rect is not None, f"card {card} is not in the hand"
        y = rect.y + rect.h // 2
        for x in range(rect.x + 6, rect.right, 2):
            if scene.hand.card_at(snap, (x, y)) == card:
                return x, y
        raise AssertionError(f"card {card} is covered in the hand")

    def tray_pos(self, scene: TurnScene, tile: int) -> tuple[int, int]:
        for found, rect in scene.tray.held_rects(scene.snapshot()) + scene.tray.reserve_rects(scene.snapshot()):
            if found == tile:
                return rect.center
        raise AssertionError(f"tile {tile} is not in the tray")

    # ---------------------------------------------------------------- moves
    def confirm_if_staged(self, scene: TurnScene) -> None:
        if scene.table.staged is not None:
            self.d.click_widget("primary")

    def take(self, scene: TurnScene, action: Take) -> None:
        for card in action.cards:
            self.d.click(self.offer_pos(scene, card))
        assert scene.controls.primary.enabled, "a legal take must be confirmable"
        self.d.click_widget("primary")
        self.done.append("take")

    def buy(self, scene: TurnScene, action: Buy) -> None:
        self.d.click(scene.market.slot_rects(scene.snapshot())[action.slot - 1].center)
        assert scene.sel.slot == action.slot
        for card in set(scene.sel.pay) ^ set(action.paid):
            self.d.click(self.hand_pos(scene, card))
        assert sorted(scene.sel.pay) == sorted(action.paid), (scene.sel.pay, action.paid)
        exact = set(action.paid) == scene.buying.exact_cards()
        self.d.click_widget("primary")
        self.done.append("buy exact" if exact else "buy")

    def place(self, scene: TurnScene, action: Place) -> None:
        self.d.click(self.tray_pos(scene, action.tile))
        assert scene.sel.tile == action.tile
        self.d.click(self.board_pos(scene, action.x, action.y))
        self.confirm_if_staged(scene)
        self.done.append("place")

    def reserve(self, scene: TurnScene, action: Reserve) -> None:
        self.d.click(self.tray_pos(scene, action.tile))
        self.d.click_widget("to_reserve")
        self.confirm_if_staged(scene)
        self.done.append("reserve")

    def dirk(self, scene: TurnScene, action: GiveToDirk) -> None:
        self.d.click(self.tray_pos(scene, action.tile))
        self.d.click_widget("to_dirk")
        self.confirm_if_staged(scene)
        self.done.append("dirk")

    def end_turn(self, scene: TurnScene) -> None:
        """Decline an exact payment's extra action with the End turn button ([B-TURN-4])."""
        label = shown(scene.controls.primary.label)
        assert scene.sel.empty and label == "End turn", "nothing selected: the button offers End turn"
        self.d.click_widget("primary")
        assert scene.table.staged is None, "declining leads to placing the tiles, it is not the turn's last move"
        self.done.append("end turn")

    def redesign(self, scene: TurnScene, action: FromReserve | Lift | Swap) -> None:
        if isinstance(action, FromReserve):
            self.d.click(self.tray_pos(scene, action.tile))
            self.d.click(self.board_pos(scene, action.x, action.y))
        elif isinstance(action, Lift):
            self.d.click(self.grid_tile_pos(scene, action.tile))
            self.d.click_widget("primary")
        else:
            self.d.click(self.tray_pos(scene, action.reserve_tile))
            self.d.click(self.grid_tile_pos(scene, action.alhambra_tile))
        state = scene.state
        if not state.held and state.phase not in state.rules.phases:
            # with no bought tiles waiting, a redesign ends the turn (it waits for End turn), unless it led into a
            # module's own phase (one that a tile built on a module's piece opens, say)
            assert scene.table.staged is not None, "the turn's last move must wait for End turn"
        self.confirm_if_staged(scene)
        self.done.append("redesign")

    # ---------------------------------------------------------------- a policy
    def choose(self, scene: TurnScene):
        state = scene.state
        legal = state.legal_actions()
        table = scene.table
        if table.placing:
            places = [a for a in legal if isinstance(a, Place)]
            if places and ("place" not in self.done or self.rng.random() < 0.8):
                return self.rng.choice(places)
            return self.rng.choice([a for a in legal if not isinstance(a, Place)] or legal)
        if EndTurn() in legal and ("end turn" not in self.done or self.rng.random() < 0.2):
            return EndTurn()  # [B-TURN-4]: decline the extra action now and then
        exact = [Buy(slot, paid) for slot in MARKET_SLOTS for paid in table.exact_payments(slot)[:1]]
        if exact and self.rng.random() < 0.7:
            return self.rng.choice(exact)
        redesigns = [a for a in legal if a.kind == "redesign"]
        if redesigns and ("redesign" not in self.done or self.rng.random() < 0.1):
            return self.rng.choice(redesigns)
        buys = [a for a in legal if isinstance(a, Buy)]
        if buys and self.rng.random() < 0.5:
            return self.rng.choice(buys)
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            return max(takes, key=lambda t: len(t.cards))
        return legal[0]

    undo_exact = True  # undo the first exact purchase once (the restart-turn undo is tested along the way)

    def play_once(self, scene: TurnScene) -> None:
        """Make one move of the human through the interface."""
        self.perform(scene, self.choose(scene))

    def perform(self, scene: TurnScene, action: Action) -> None:
        """Make ``action`` with clicks and keys, as a person would."""
        if isinstance(action, Take):
            self.take(scene, action)
        elif isinstance(action, Buy):
            self.buy(scene, action)
            if self.undo_exact and not self.undone and self.done[-1] == "buy exact":
                self.undo(scene)
        elif isinstance(action, Place):
            self.place(scene, action)
        elif isinstance(action, Reserve):
            self.reserve(scene, action)
        elif isinstance(action, GiveToDirk):
            self.dirk(scene, action)
        elif isinstance(action, Pass):
            self.d.click_widget("primary")
            self.done.append("pass")
        elif isinstance(action, EndTurn):
            self.end_turn(scene)
        else:
            self.redesign(scene, action)

    def undo(self, scene: TurnScene) -> None:
        """Undo the exact purchase just made: the market and hand come back as they were."""
        before = len(scene.table.game.events)
        self.d.wait(lambda: scene.controls.undo_wide.enabled, 5)
        self.d.click_widget("undo_wide")
        assert len(scene.table.game.events) < before
        self.undone = True
        self.done.append("undo")


def menu_scene(make_app: MakeApp, key: int, kind: type[SceneT], **options: object) -> tuple[Driver, SceneT]:
    """A started app with the menu's ``key`` pressed (``pygame.K_n`` for the setup, ``K_s`` for the settings):
    the driver and the scene that opened, checked to be a ``kind``."""
    driver = make_app(**options)
    driver.app.start()
    driver.step()
    driver.key(key)
    scene = driver.scene
    assert isinstance(scene, kind)
    return driver, scene
