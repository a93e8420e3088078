"""What the views of the table read: the ``TableModel`` protocol and the human's ``Selection``.

The views draw the table scene's state and answer "what is under the mouse", so they read the
scene; but the scene builds the views, and a view importing the scene would make the two depend
on each other.  The views depend on this protocol instead, which ``TurnScene`` satisfies.  It
lists everything they read, so it is also the answer to "what does a view need to be drawn".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine import Action

    from ..persistence import Settings
    from ..playback import Key
    from ..table import Table
    from ..widgets import Ui


@dataclass
class Selection:
    """What the human has picked but not yet done."""

    offer: list[int] = field(default_factory=list)
    slot: int | None = None
    pay: list[int] = field(default_factory=list)
    suggestions: list[tuple[int, ...]] = field(default_factory=list)
    suggestion: int = -1
    tile: int | None = None
    source: str = ""  # "held", "reserve" or "alhambra"

    @property
    def empty(self) -> bool:
        """Nothing picked: the primary button is free to offer the move that needs no selection."""
        return not self.offer and self.slot is None and self.tile is None

    def clear(self) -> None:
        self.offer.clear()
        self.slot = None
        self.pay.clear()
        self.suggestions.clear()
        self.suggestion = -1
        self.tile = None
        self.source = ""


class HasSettings(Protocol):
    """The app as the views see it: only the player's settings (whether hands are shown)."""

    @property
    def settings(self) -> Settings: ...


class TableModel(Protocol):
    """The table scene as its views read it; ``TurnScene`` is the one implementation."""

    ui: Ui
    table: Table
    me: int  # the seat at the bottom of the screen: the human's, or seat 0 when bots play alone
    sel: Selection
    shown_scores: list[float]  # the scores as the track shows them while they count up
    shown_module_scores: dict[str, float]  # the rule modules' collectors', by key, likewise

    @property
    def app(self) -> HasSettings: ...

    @property
    def hidden(self) -> set[Key]:
        """Cards and tiles not to draw where they are: still to fly there, or flying."""
        ...

    @property
    def can_act(self) -> bool:
        """The human may act: it is their decision and the table has caught up with the game."""
        ...

    @property
    def thinking(self) -> bool:
        """A bot's decision is being searched for."""
        ...

    @property
    def glow(self) -> float:
        """The pulse of highlights, 0..1."""
        ...

    @property
    def hint_action(self) -> Action | None: ...

    @property
    def staged_action(self) -> Action | None: ...

    @property
    def dragging(self) -> bool: ...

    @property
    def drag_tile(self) -> int | None: ...

    def exact_cards(self) -> set[int]:
        """The cards of the suggested payment when it is exact (drawn with a mark)."""
        ...

    def reserve_drop_ok(self) -> bool:
        """The selected tile may go to the reserve (the reserve lights up as a target)."""
        ...

    def seat_name(self, seat: int | str) -> str: ...
