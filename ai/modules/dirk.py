"""Dirk for the AI: he takes a share of the tiles to come and ranks in the majorities ([B-DIRK-2], [B-DIRK-3])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.modules import dirk

from .base import Advice

if TYPE_CHECKING:
    from game.engine import GameState


class DirkAdvice(Advice):
    def players_share(self) -> float:
        """Dirk's draws after the first two scorings take about a quarter of what the bag still holds."""
        return 0.75

    def collectors(self, state: GameState) -> list[list[int]]:
        return [state.parts[dirk.NAME].counts()]  # type: ignore[attr-defined] - asked only where Dirk plays
