"""A player of the thieves (RULES.md §11.3) and the street traders (§11.5) through the interface (a ``UiPlayer`` that
knows them).

It makes each of their moves with clicks and keys at real positions, as a person would: steals a card of the offer
by clicking it in the thief window or keeps its thieves with the button ([M-THIEF-3], [M-THIEF-5]); after a
building lands on its disc's cell, clicks its citizen on the traders' panel to move it onto the building and then a
colour of the supply ([M-TRADER-3]), or a citizen of the disc and a colour of the supply to exchange them, or No
change; and puts the disc back by clicking a lit cell of its Alhambra ([M-TRADER-5]).  Nothing calls
``game.apply``.
"""

from __future__ import annotations

import pygame
from driver import UiPlayer
from module_player import module_panel

from game.client.modules.traders import TradersPanel
from game.client.scenes.turn import TurnScene
from game.engine import Action
from game.engine.components import PIECE_COLOUR
from game.engine.modules import thieves, traders
from game.engine.modules.thieves import PlayThief, ThiefPass
from game.engine.modules.traders import MoveResident, NewCitizen, PutDisc, SwapCitizen, TraderPass

MODULES = ("thieves", "traders")


def traders_panel(scene: TurnScene) -> TradersPanel:
    return module_panel(scene, traders.NAME, TradersPanel)


def disc_citizen_pos(scene: TurnScene, citizen: int) -> tuple[int, int]:
    """Where ``citizen`` of the deciding player's disc is drawn on the traders' panel."""
    state = scene.state
    disc = sorted(traders.of(state).discs[state.decider])  # type: ignore[union-attr]
    return traders_panel(scene).disc_rects(scene.ui)[disc.index(citizen)].center


def supply_pos(scene: TurnScene, citizen: int) -> tuple[int, int]:
    """Where the supply's colour of ``citizen`` is drawn on the traders' panel."""
    return traders_panel(scene).supply_rects(scene.ui)[PIECE_COLOUR[citizen]].center  # type: ignore[index]


class StreetPlayer(UiPlayer):
    """Plays the human seat, making every thieves and traders move it can, the rest as a ``UiPlayer``."""

    undo_exact = False

    def choose(self, scene: TurnScene) -> Action:
        state = scene.state
        legal = state.legal_actions()
        if state.phase == thieves.WINDOW:
            steals = [a for a in legal if isinstance(a, PlayThief)]
            keep = "steal" in self.done and ("keep thieves" not in self.done or self.rng.random() < 0.4)
            return ThiefPass() if keep or not steals else self.rng.choice(steals)
        if state.phase == traders.TRADING:
            moves = [a for a in legal if isinstance(a, MoveResident | SwapCitizen)]
            if moves and (self.rng.random() < 0.85 or "trader pass" in self.done):
                return self.rng.choice(moves)
            return TraderPass()
        if state.phase in (traders.CHOOSING, traders.DISC_BACK):
            return self.rng.choice(legal)
        return super().choose(scene)

    def perform(self, scene: TurnScene, action: Action) -> None:
        if isinstance(action, PlayThief):
            self.steal(scene, action)
        elif isinstance(action, ThiefPass):
            self.d.click_widget("thief_pass")
            self.done.append("keep thieves")
        elif isinstance(action, MoveResident):
            self.d.click(disc_citizen_pos(scene, action.piece))
            self.done.append("resident")
        elif isinstance(action, NewCitizen):
            self.d.click(supply_pos(scene, action.piece))
            self.confirm_if_staged(scene)  # the turn's last move (no disc to put back) waits for End turn
            self.done.append("new citizen")
        elif isinstance(action, SwapCitizen):
            self.d.click(disc_citizen_pos(scene, action.piece))
            self.d.click(supply_pos(scene, action.other_piece))
            self.confirm_if_staged(scene)
            self.done.append("swap")
        elif isinstance(action, TraderPass):
            self.d.key(pygame.K_c)
            self.confirm_if_staged(scene)
            self.done.append("trader pass")
        elif isinstance(action, PutDisc):
            self.put_disc(scene, action)
        else:
            super().perform(scene, action)

    def steal(self, scene: TurnScene, action: PlayThief) -> None:
        """[M-THIEF-3] a click on the card in the offer (the engine names one of alike cards: any of them will do)."""
        before = len(scene.table.game.events)
        self.d.click(self.offer_pos(scene, action.took))
        assert any(e["e"] == thieves.EVENT for e in scene.table.game.events[before:]), "the click stole the card"
        self.done.append("steal")

    def put_disc(self, scene: TurnScene, action: PutDisc) -> None:
        """[M-TRADER-5] the cell is lit; a click puts the disc there (the turn's end, confirmed)."""
        assert (action.x, action.y) in scene.picker.targets()[0], "the disc's cells are lit"
        self.d.click(self.board_pos(scene, action.x, action.y))
        self.confirm_if_staged(scene)
        self.done.append("disc back")
