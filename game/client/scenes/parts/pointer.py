"""What the mouse is doing over the table: panning the Alhambra, or pressing a piece that becomes a drag once
the mouse moves, and what its release means.  No pygame here: the scene turns pygame's events into these calls
and the answers into moves (``turn_input``), so the rules of a press, a drag and a click are tested alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.engine import Action

Point = tuple[int, int]


@dataclass
class Drag:
    """A press on a tile: a click if the mouse comes up where it went down, a drag once it moves."""

    source: str  # where the tile was pressed: "held", "reserve", "alhambra", "market", "piece", "module"
    tile: int
    start: Point
    active: bool = False
    move: Action | None = None  # a rule module's move pressed on its panel (a hut taken from its stack)


class Release(NamedTuple):
    """What letting go of the pressed tile means: a ``drop`` of the dragged tile, a ``move`` of a module's panel
    clicked, or a ``click`` on the tile (which picks it)."""

    kind: str
    drag: Drag


class Pointer:
    """One press at a time: a pan (buttons 2 and 3 on the board) or a drag (button 1 on a piece)."""

    __slots__ = ("drag", "pan_from")

    def __init__(self) -> None:
        self.drag: Drag | None = None
        self.pan_from: Point | None = None

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag.active

    def start_pan(self, at: Point) -> None:
        self.pan_from = at

    def end_pan(self) -> None:
        self.pan_from = None

    def press(self, drag: Drag) -> None:
        """A piece pressed: a click so far."""
        self.drag = drag

    def moved(self, to: Point, threshold: int) -> Point | Drag | None:
        """The mouse moved to ``to``: how far the board pans, or the drag that starts now (the press moved more
        than ``threshold`` pixels), or None (nothing changes)."""
        if self.pan_from is not None:
            dx, dy = to[0] - self.pan_from[0], to[1] - self.pan_from[1]
            self.pan_from = to
            return dx, dy
        drag = self.drag
        if drag is not None and not drag.active:
            sx, sy = drag.start
            if abs(to[0] - sx) + abs(to[1] - sy) > threshold:
                if drag.move is None:
                    drag.active = True  # a module's move starts its own drag once it is made
                return drag
        return None

    def release(self) -> Release | None:
        """Button 1 let go: what the press was, if there was one (the press ends)."""
        drag, self.drag = self.drag, None
        if drag is None:
            return None
        if drag.active:
            return Release("drop", drag)
        if drag.move is not None:
            return Release("move", drag)
        return Release("click", drag)
