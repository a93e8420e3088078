"""Playing the engine's events back on screen, one after another.

The engine applies an action at once and returns its events.  The ``Director`` turns them into
a timeline: cards and tiles fly from where they were (positions taken before the action) to
where they are now (positions after it), sounds play, banners show, and a scoring opens the
scoring table, which pauses the timeline until it is closed.

Items that will move later in the timeline are hidden at their new place until their flight
starts (``waiting``), and while they fly (``Animator.hidden``): the views draw the new state and
simply skip hidden items, so the table never shows a card twice or a tile before it lands.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine import events as record_events

from . import modules
from .animation import Animator
from .score_sheet import Sheet, sheet_for

if TYPE_CHECKING:
    from .table import Table
    from .widgets import Ui

Key = tuple[str, int]  # ("card", id) or ("tile", id)
Positions = dict[Key, pygame.Rect]

# seconds at speed 1: (flight duration, gap before the next event starts).  Events not listed move
# nothing and take no time ("turn", "lift", "end_turn", "pass", ...): they only reach the log and
# ``TurnScene.on_event_shown``, so a bot declining its extra action goes straight on to placing.
# The rule modules' events come from their modules (``modules.TIMING``, ``modules.SOUNDS``).
TIMING = {
    record_events.TAKE: (0.5, 0.45),
    record_events.BUY: (0.55, 0.5),
    record_events.PLACE: (0.45, 0.4),
    record_events.RESERVE: (0.45, 0.4),
    record_events.MARKET: (0.45, 0.14),
    record_events.OFFER: (0.4, 0.12),
    record_events.DISTRIBUTE: (0.55, 0.5),
    **modules.TIMING,
}
SOUNDS = {
    record_events.TAKE: "card",
    record_events.BUY: "coin",
    record_events.PLACE: "place",
    record_events.RESERVE: "place",
    record_events.OFFER: "card",
    **modules.SOUNDS,
}


@dataclass(order=True)
class Step:
    at: float
    order: int
    run: Callable[[], bool] = field(compare=False)  # True: stop here this frame (a scene was opened)


def moved_items(event: dict) -> list[Key]:
    """The cards and tiles an event moves."""
    kind = event.get("e")
    if kind == record_events.TAKE:
        return [("card", c) for c in event["cards"]]
    if kind == record_events.BUY:
        return [("tile", event["tile"])] + [("card", c) for c in event["paid"]]
    if kind in (record_events.PLACE, record_events.RESERVE, record_events.MARKET, record_events.DISTRIBUTE):
        return [("tile", event["tile"])]
    if kind == record_events.OFFER:
        return [("card", event["card"])]
    return modules.moved_items(event)


class Stage(Protocol):
    """The scene a timeline plays on (``TurnScene``): the timeline calls it back at each event."""

    ui: Ui
    table: Table

    def item_image(self, key: Key, height: int) -> pygame.Surface:
        """The picture of a card or tile, to fly."""
        ...

    def reveal(self, shown: int) -> None:
        """The first ``shown`` events of the game may now be shown (the log)."""
        ...

    def on_event_shown(self, event: dict, sheet: Sheet | None) -> bool:
        """An event's moment has come; True if a scene was opened (the timeline pauses)."""
        ...


class Director:
    """The timeline of the table scene."""

    def __init__(self, scene: Stage, animator: Animator) -> None:
        self.scene = scene
        self.animator = animator
        self.clock = 0.0
        self.steps: deque[Step] = deque()
        self.waiting: set[Key] = set()
        self._order = 0

    @property
    def busy(self) -> bool:
        return bool(self.steps) or self.animator.busy

    @property
    def hidden(self) -> set[Key]:
        return self.waiting | self.animator.hidden  # type: ignore[operator]

    def _at(self, start: float, delay: float, run: Callable[[], bool]) -> None:
        """Schedule ``run`` ``delay`` seconds (at speed 1) after the moment ``start`` of the clock."""
        self._order += 1
        self.steps.append(Step(start + self.animator.scaled(delay), self._order, run))

    def clear(self) -> None:
        """Forget the timeline (undo): land what flies, drop what was to come."""
        self.steps.clear()
        self.waiting.clear()
        self.animator.flights.clear()
        self.animator.timers.clear()

    def skip(self) -> None:
        """Play everything now (the Space key), stopping only where a scene opens."""
        while self.steps:
            self.clock = max(self.clock, self.steps[0].at)
            step = self.steps.popleft()
            blocked = step.run()
            self.animator.finish()
            if blocked:
                return
        self.animator.finish()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.animator.update(dt)
        while self.steps and self.steps[0].at <= self.clock:
            step = self.steps.popleft()
            if step.run():
                break

    # ------------------------------------------------------------------ building a timeline
    def play(self, events: Sequence[dict], first_index: int, before: Positions, after: Positions) -> None:
        """Schedule ``events`` (which start at index ``first_index`` of the game's events)."""
        start = max(self.clock, self.steps[-1].at) if self.steps else self.clock  # after what is still to come
        state = self.scene.table.state
        cursor = 0.0
        for offset, event in enumerate(events):
            index = first_index + offset
            kind = event.get("e")
            items = [key for key in moved_items(event) if key in before and key in after]
            if kind == record_events.LIFT:
                items = []  # the following 'reserve' (or swap 'place') moves the tile
            self.waiting.update(items)
            duration, gap = TIMING.get(kind, (0.0, 0.0))
            sheet = None
            if kind == record_events.SCORE:
                sheet = sheet_for(state, event, events[offset + 1 :])
            self._at(start, cursor, self._step(index, event, items, before, after, duration, sheet))
            cursor += gap
            if kind == record_events.SCORING_CARD:
                cursor += 0.5
            if kind == record_events.TURN:
                cursor += 0.15
        self._at(start, cursor, lambda: False)  # the batch ends when its last flight has started

    def _step(
        self,
        index: int,
        event: dict,
        items: list[Key],
        before: Positions,
        after: Positions,
        duration: float,
        sheet: Sheet | None,
    ) -> Callable[[], bool]:
        def run() -> bool:
            scene = self.scene
            for key in items:
                self.waiting.discard(key)
                image = scene.item_image(key, max(before[key].h, after[key].h))
                self.animator.fly(image, before[key], after[key], duration, key=key)
            scene.reveal(index + 1)
            kind = event.get("e")
            if kind in SOUNDS:
                scene.ui.sounds.play(SOUNDS[kind])
            return scene.on_event_shown(event, sheet)

        return run
