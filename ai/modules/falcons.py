"""Falconers for the AI ([M-FALCON-1] to [M-FALCON-5]).

A falcon scores at every scoring, and a kind scores more the more of it a player has (1: 2, 2: 6,
3: 12, 4: 20, 5: 30): the fifth black falcon is worth 10 points a scoring, the first only 2.  The
falcon action takes the whole turn ([M-FALCON-2]), so a falcon bought early (three scorings to come)
pays well, a lone one late hardly pays for the turn: the rollouts price a falcon by the points it adds
over the scorings to come, less the money card it costs, against the turn's other moves priced the
same way.  The evaluation counts each player's falcons as they score, times the scorings to come.
Among the many purchases the engine lists (every falcon, corner and currency), the rollouts consider
one per kind: the cheapest card and the first corner, since those are all a falcon's price depends on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import said_action
from game.engine.components import CARD_VALUE, FALCON_KIND, FALCON_KINDS, FALCON_POINTS
from game.engine.messages import Message, mark
from game.engine.modules import falcons
from game.engine.modules.falcons import FLIGHT, BuyFalcon, StopFalcons

from .base import Advice, Price

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.engine import Action, GameState

KINDS = len(FALCON_KINDS)
# the hint on buying a falcon, per kind (FALCON_KINDS' order: black, brown, white): a sentence for each, since
# the kinds are words of their own in every language
BUYING: tuple[str, ...] = (
    mark(
        "{move}: black falcons {have} -> {then}, {points} more points at each of {scorings} scorings to come ({gain})"
    ),
    mark(
        "{move}: brown falcons {have} -> {then}, {points} more points at each of {scorings} scorings to come ({gain})"
    ),
    mark(
        "{move}: white falcons {have} -> {then}, {points} more points at each of {scorings} scorings to come ({gain})"
    ),
)


def scorings_left(state: GameState) -> int:
    """Scorings still to come (the evaluation's count: a scoring card is in the deck while its round is unscored)."""
    return 3 - state.rounds_scored


def kind_counts(state: GameState, player: int) -> list[int]:
    """How many falcons of each kind ``player`` has."""
    counts = [0] * KINDS
    for falcon, _ in falcons.of(state).perches[player].values():  # type: ignore[union-attr]
        counts[FALCON_KIND[falcon]] += 1  # type: ignore[index]
    return counts


def points_now(counts: list[int]) -> int:
    """[M-FALCON-5] what falcons of these counts per kind score at one scoring."""
    return sum(FALCON_POINTS[count] for count in counts)


def price_buy(pricer: object, action: BuyFalcon) -> float:
    """[M-FALCON-5] the points the falcon adds at every scoring to come, less the card ([M-FALCON-2])."""
    state = pricer.state  # type: ignore[attr-defined]
    have = kind_counts(state, state.turn_player)[FALCON_KIND[action.falcon]]  # type: ignore[index]
    gain = (FALCON_POINTS[have + 1] - FALCON_POINTS[have]) * scorings_left(state)
    return gain + pricer.money_value(-CARD_VALUE[action.card])  # type: ignore[attr-defined,operator]


def price_stop(pricer: object, action: StopFalcons) -> float:
    """Buying no more falcons changes nothing: the yardstick of a further purchase."""
    return 0.0


def one_per_kind(state: GameState) -> list[Action]:
    """Per kind, the purchase with the cheapest card (the first listed of those): all a falcon's price depends on."""
    best: dict[int, BuyFalcon] = {}
    for move in falcons.purchases(state, state.turn_player):
        kind = FALCON_KIND[move.falcon]
        found = best.get(kind)  # type: ignore[arg-type]
        if found is None or CARD_VALUE[move.card] < CARD_VALUE[found.card]:  # type: ignore[operator]
            best[kind] = move  # type: ignore[index]
    return [best[kind] for kind in sorted(best)]


def flight_moves(state: GameState) -> list[Action]:
    """[M-FALCON-2] in the falcon action: one more falcon per kind, or stop."""
    return [*one_per_kind(state), StopFalcons()]


class FalconsAdvice(Advice):
    def values(self, state: GameState, estimate: list[float]) -> None:
        """[M-FALCON-5] each player's falcons score as they stand at every scoring to come."""
        left = scorings_left(state)
        for player in range(state.players):
            if falcons.of(state).perches[player]:  # type: ignore[union-attr]
                estimate[player] += points_now(kind_counts(state, player)) * left

    def prices(self) -> dict[type, Price]:
        return {BuyFalcon: price_buy, StopFalcons: price_stop}

    def turn_moves(self, state: GameState) -> list[Action]:
        """[M-FALCON-2] the falcon action begins a turn only (never after an exact payment's purchase)."""
        if state.held:
            return []
        return one_per_kind(state)

    def phase_moves(self) -> dict[str, Callable[[GameState], list[Action]]]:
        return {FLIGHT: flight_moves}

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        if isinstance(action, StopFalcons):
            return Message.of(
                "{move}: another falcon would not pay for its card ({gain})",
                move=said_action(state, action),
                gain=f"{gain:+.1f}",
            )
        if not isinstance(action, BuyFalcon):
            return None
        kind = FALCON_KIND[action.falcon]
        have = kind_counts(state, me)[kind]  # type: ignore[index]
        return Message.of(
            BUYING[kind],  # type: ignore[index]
            move=said_action(state, action),
            have=have,
            then=have + 1,
            points=FALCON_POINTS[have + 1] - FALCON_POINTS[have],
            scorings=scorings_left(state),
            gain=f"{gain:+.1f}",
        )
