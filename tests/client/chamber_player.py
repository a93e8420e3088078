"""A player of change (RULES.md §11.2) and the treasure chamber (§11.6) through the interface (a ``UiPlayer`` that
knows them).

It makes each of their moves with clicks and keys at real positions, as a person would: buys a room's chests by
clicking the room in the chamber's panel, clicking cards of its hand until the payment is the one chosen, and the
panel's Buy button ([M-CHEST-3]); puts a chest bought on one of its lit buildings by a click ([M-CHEST-5]); pays
with change coins like money, and overpays a market tile now and then to draw change ([M-CHANGE-3]).  Nothing calls
``game.apply``.
"""

from __future__ import annotations

from driver import UiPlayer
from module_player import module_panel

from game.client.modules.chests import ChestsPanel
from game.client.scenes.turn import TurnScene
from game.engine import Action, Buy
from game.engine.alhambra import xy_of
from game.engine.components import CARD_VALUE, TILE_COST, is_coin
from game.engine.modules import chests
from game.engine.modules.chests import BuyChests, PlaceChest

MODULES = ("change", "chests")


def chests_panel(scene: TurnScene) -> ChestsPanel:
    return module_panel(scene, chests.NAME, ChestsPanel)


def room_pos(scene: TurnScene, room: int) -> tuple[int, int]:
    """Where room ``room`` of the treasure chamber is drawn (its number, left of its chests)."""
    band = chests_panel(scene).room_rects()[room]
    return band.x + 6, band.centery


class ChamberPlayer(UiPlayer):
    """Plays the human seat, buying chests and placing them, paying with coins and overpaying for change, the rest
    as a ``UiPlayer``."""

    undo_exact = False

    def choose(self, scene: TurnScene) -> Action:
        state = scene.state
        legal = state.legal_actions()
        if state.phase == chests.PLACING:
            return self.rng.choice(legal)
        rooms = [a for a in legal if isinstance(a, BuyChests)]
        if rooms and ("chests" not in self.done or self.rng.random() < 0.25):
            return self.rng.choice(rooms)
        over = [
            a
            for a in legal
            if isinstance(a, Buy) and sum(CARD_VALUE[c] for c in a.paid) >= TILE_COST[state.in_slot(a.slot)] + 2
        ]
        if over and ("overpay" not in self.done or self.rng.random() < 0.3):
            return self.rng.choice(over)
        return super().choose(scene)

    def perform(self, scene: TurnScene, action: Action) -> None:
        if isinstance(action, BuyChests):
            self.buy_chests(scene, action)
        elif isinstance(action, PlaceChest):
            self.place_chest(scene, action)
        else:
            state = scene.state
            if isinstance(action, Buy):
                paid = sum(CARD_VALUE[c] for c in action.paid)
                if paid >= TILE_COST[state.in_slot(action.slot)] + 2:
                    self.done.append("overpay")
                if any(map(is_coin, action.paid)):
                    self.done.append("coin pays")
            super().perform(scene, action)

    def buy_chests(self, scene: TurnScene, action: BuyChests) -> None:
        """[M-CHEST-3] a click on the room, clicks on the hand's cards to make the payment, then Buy."""
        before = len(scene.table.game.events)
        self.d.click(room_pos(scene, action.room))
        assert scene.sel.lot == action.room, "the click picked the room"
        for card in set(scene.sel.pay) ^ set(action.paid):
            self.d.click(self.hand_pos(scene, card))
        assert sorted(scene.sel.pay) == sorted(action.paid), "the clicks made the payment"
        self.d.click(chests_panel(scene).button_rect().center)
        self.confirm_if_staged(scene)
        self.d.wait(lambda: not scene.director.busy)
        assert any(e["e"] == chests.BUY_EVENT for e in scene.table.game.events[before:]), "the room was bought"
        if any(map(is_coin, action.paid)):
            self.done.append("coin pays")
        self.done.append("chests")

    def place_chest(self, scene: TurnScene, action: PlaceChest) -> None:
        """[M-CHEST-5] the buildings that take a chest are lit; a click on one puts it there."""
        cell = scene.state.boards[scene.state.decider].cell_of(action.tile)
        assert cell is not None
        x, y = xy_of(cell)
        assert (x, y) in scene.picker.targets()[0], "the building is lit"
        before = len(scene.table.game.events)
        self.d.click(self.board_pos(scene, x, y))
        self.confirm_if_staged(scene)
        self.d.wait(lambda: not scene.director.busy)
        assert any(e["e"] == chests.PLACE_EVENT for e in scene.table.game.events[before:]), "a chest was placed"
        self.done.append("chest")
