"""A player of city gates (RULES.md §11.1) and city walls (§11.4) through the interface (a ``UiPlayer`` that knows
them).

It makes each of their moves with clicks at real positions, as a person would: takes the gate card by a click on
it beside the market ([M-GATE-4]); places a tile through a gate by a click on the tray's tile and one on its lit
cell ([M-GATE-5]), and builds one from the reserve or swaps one in the same way; builds a wall by a click on a wall
card beside the market and one on its tile, in the tray or the Alhambra ([M-WALL-4]).  Nothing calls ``game.apply``.
"""

from __future__ import annotations

from driver import UiPlayer

from game.client.scenes.turn import TurnScene
from game.engine import Action
from game.engine.modules import gates, walls
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate
from game.engine.modules.walls import BuildWall

MODULES = ("gates", "walls")
GATED = (GatedPlace, GatedFromReserve, GatedSwap)


def gate_card_pos(scene: TurnScene) -> tuple[int, int]:
    """Where the gate card beside the market is drawn."""
    return scene.module_panels[gates.NAME].card_rect().center  # type: ignore[attr-defined]


def wall_card_pos(scene: TurnScene, card: int) -> tuple[int, int]:
    """Where a wall card beside the market is drawn."""
    return scene.module_panels[walls.NAME].placed(scene.state)[card].center  # type: ignore[attr-defined]


class GatePlayer(UiPlayer):
    """Plays the human seat, taking the gate card and placing through gates whenever it may, building walls now
    and then, the rest as a ``UiPlayer``."""

    undo_exact = False

    def choose(self, scene: TurnScene) -> Action:
        legal = scene.state.legal_actions()
        gated = [a for a in legal if isinstance(a, GATED)]
        if gated:
            return self.rng.choice(gated)
        takes = [a for a in legal if isinstance(a, TakeGate)]
        if takes:
            return takes[0]
        builds = [a for a in legal if isinstance(a, BuildWall)]
        if builds and ("wall" not in self.done or self.rng.random() < 0.3):
            return self.rng.choice(builds)
        return super().choose(scene)

    def perform(self, scene: TurnScene, action: Action) -> None:
        if isinstance(action, TakeGate):
            self.take_gate(scene)
        elif isinstance(action, GATED):
            self.gated(scene, action)
        elif isinstance(action, BuildWall):
            self.build_wall(scene, action)
        else:
            super().perform(scene, action)

    def settle(self, scene: TurnScene, before: int) -> list[dict]:
        """Confirm the move if it waits for End turn; the events it made (the bots may play on meanwhile)."""
        self.confirm_if_staged(scene)
        game = scene.table.game
        self.d.wait(lambda: len(game.events) > before)
        return game.events[before:]

    def take_gate(self, scene: TurnScene) -> None:
        """[M-GATE-4] a click on the gate card beside the market."""
        before = len(scene.table.game.events)
        self.d.click(gate_card_pos(scene))
        events = self.settle(scene, before)
        assert any(e["e"] == gates.TAKE_EVENT for e in events), "the click took the gate card"
        self.done.append("take gate")

    def gated(self, scene: TurnScene, action: GatedPlace | GatedFromReserve | GatedSwap) -> None:
        """[M-GATE-5] the tile picked in the tray, then a click on its lit cell (or the tile it swaps out)."""
        before = len(scene.table.game.events)
        tile = action.reserve_tile if isinstance(action, GatedSwap) else action.tile
        self.d.click(self.tray_pos(scene, tile))
        assert scene.sel.tile == tile, "the click picked the tile"
        if isinstance(action, GatedSwap):
            assert action.alhambra_tile in scene.picker.targets()[1], "the tile it swaps out is lit"
            self.d.click(self.grid_tile_pos(scene, action.alhambra_tile))
        else:
            assert (action.x, action.y) in scene.picker.targets()[0], "the cell through the gate is lit"
            self.d.click(self.board_pos(scene, action.x, action.y))
        events = self.settle(scene, before)
        assert any(e["e"] == gates.EVENT for e in events), "a gate went up"
        self.done.append("gate")

    def build_wall(self, scene: TurnScene, action: BuildWall) -> None:
        """[M-WALL-4] a click on the wall card, then one on its tile (lit), in the tray or the Alhambra."""
        before = len(scene.table.game.events)
        self.d.click(wall_card_pos(scene, action.card))
        assert scene.sel.use == action.card, "the click picked the wall card"
        assert action.tile in scene.picker.card_targets(), "the tile is lit"
        grid = scene.state.boards[scene.me].grid
        if action.tile in grid.values():
            self.d.click(self.grid_tile_pos(scene, action.tile))
        else:
            self.d.click(self.tray_pos(scene, action.tile))
        events = self.settle(scene, before)
        built = [e for e in events if e["e"] == walls.EVENT]
        assert built and built[0]["card"] == action.card and built[0]["tile"] == action.tile, "the wall was built"
        self.done.append("wall")
