"""The scores as the score track shows them: each counts up to its new total once a scoring is shown, quickly but
visibly, for the seats and for the collectors who are not seats (a module's: ``Scoring.scores``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

SETTLED = 0.05  # a shown score this close to its target is the target
RATE = 6.0  # the share of the way a shown score goes in a second (capped at all of it)


def approach(shown: float, target: float, dt: float) -> float:
    """A displayed number moved towards its target quickly but visibly (scores counting up)."""
    if abs(target - shown) < SETTLED:
        return float(target)
    return shown + (target - shown) * min(1.0, dt * RATE)


class ScoreTicker:
    """The seats' and the other collectors' scores: the totals shown so far (``target``) and the counting numbers."""

    __slots__ = ("shown", "shown_collectors", "target", "target_collectors")

    def __init__(self, scores: Sequence[int], collectors: Mapping[str, int]) -> None:
        self.target = list(scores)
        self.shown = [float(score) for score in scores]
        self.target_collectors = dict(collectors)
        self.shown_collectors = {key: float(score) for key, score in collectors.items()}

    def scored(self, totals: Sequence[int], collectors: Mapping[str, int]) -> None:
        """A scoring was shown: the new totals, which the numbers count up to."""
        self.target = list(totals)
        self.target_collectors.update(collectors)

    def reset(self, scores: Sequence[int]) -> None:
        """The seats' scores are ``scores`` at once (a turn undone: no scoring is ever undone)."""
        self.target = list(scores)
        self.shown = [float(score) for score in scores]

    def update(self, dt: float) -> None:
        for seat, shown in enumerate(self.shown):
            self.shown[seat] = approach(shown, self.target[seat], dt)
        for key, shown in self.shown_collectors.items():
            self.shown_collectors[key] = approach(shown, self.target_collectors[key], dt)

    def totals(self) -> list[float]:
        """Every total the track places a token for: the seats', then the other collectors'."""
        return [float(t) for t in self.target] + [float(v) for v in self.target_collectors.values()]
