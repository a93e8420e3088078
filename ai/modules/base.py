"""The questions the AI asks of a rule module, with the base game's answers as defaults.

The evaluation asks how the module changes the majorities (collectors, what a scoring counts
beyond the buildings) and what the module's holdings are worth (an exchange card, an awake
vizier); the quick rollout policy asks which of the module's moves a rollout may play and what
each is worth; the greedy player asks how to explain a module's move in one line.
``Compiled`` gathers, once per ruleset, only the modules that answer a question with something
of their own: the base game asks nothing and pays nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.components import EMPTY

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.messages import Message

Price = Callable[[Any, Any], float]  # (the rollout's Pricer, the action) -> its price
Counts = list[list[float]]  # per collector, projected buildings per type


class Advice:
    """What the AI knows of one module.  Subclasses override what their module changes."""

    def players_share(self) -> float:
        """The share of the tiles still to come that the players (rather than the module) will get."""
        return 1.0

    def collectors(self, state: GameState) -> list[list[int]]:
        """Collectors besides the players in the majorities (their buildings per type)."""
        return []

    # ------------------------------------------------------------------ the evaluation
    def count_extra(self, state: GameState, counts: Counts) -> None:
        """Add to each player's projected counts what the scorings will count beyond their buildings
        (``counts[p][t]``, players only): what ``state.scoring_counts`` would add, and what the module's
        pieces waiting to be placed or still to be used are expected to add."""

    def values(self, state: GameState, estimate: list[float]) -> None:
        """Add to each player's estimated final score what the module's holdings are worth beyond the counts."""

    def tile_extra(self, state: GameState, player: int, tile: int) -> float:
        """Counts of the tile's type beyond the tile itself that building ``tile`` anywhere adds for ``player``."""
        return 0.0

    def cell_extra(self, state: GameState, player: int, tile: int, cell: int) -> tuple[int, float] | None:
        """(type, counts) that placing ``tile`` on ``cell`` of ``player``'s Alhambra adds besides the tile itself:
        a function of that Alhambra, the tile and the cell only (the rollouts remember whether any cell has one)."""
        return None

    def tile_worth(self, state: GameState, player: int, tile: int) -> float | None:
        """What buying ``tile``, a piece of the module with no building type (a camp, a bazaar), is worth to
        ``player`` in points (None: not the module's); it counts in no majority."""
        return None

    def cell_points(self, state: GameState, player: int, tile: int, cell: int) -> float:
        """Points over the scorings to come that placing ``tile`` on ``cell`` of ``player``'s Alhambra adds outside
        the majorities and the wall (a camp's lines, [M-CAMP-3]; a bazaar's neighbours, [M-BAZAAR-5]): a function
        of that Alhambra, the tile, the cell and the scorings left only (the rollouts remember placements by
        them)."""
        return 0.0

    def card_worth(self, state: GameState, player: int, card: int) -> float | None:
        """What taking ``card`` (not money) from the offer is worth to ``player``, if the card is the module's."""
        return None

    def refund(self, state: GameState, player: int, overpaid: int) -> int:
        """Money that comes back to ``player`` for a market purchase overpaid by ``overpaid`` (none in the base
        game, [B-TURN-3]; coins from the change bag, [M-CHANGE-3])."""
        return 0

    def placement_points(self, state: GameState, player: int, tile: int) -> dict[int, float]:
        """Cells of ``player``'s Alhambra where placing ``tile`` adds points that depend on more than the Alhambra
        (a trader's disc on the cell, [M-TRADER-3]): never remembered with a placement's price.  Mostly empty."""
        return {}

    # ------------------------------------------------------------------ the rollouts
    def prices(self) -> dict[type, Price]:
        """How the rollout policy prices the module's own kinds of move (unpriced moves come last)."""
        return {}

    def turn_moves(self, state: GameState) -> list[Action]:
        """The module's moves a rollout considers on a turn, besides taking, buying and building from the reserve."""
        return []

    def placement_moves(self, state: GameState, tile: int) -> list[Action]:
        """Where else a rollout may put a waiting tile, besides the Alhambra and the reserve."""
        return []

    def phase_moves(self) -> dict[str, Callable[[GameState], list[Action]]]:
        """Per decision phase of the module's own (a vizier window): the moves a rollout considers there
        (priced with ``prices``); a phase not named here considers every legal move."""
        return {}

    def phase_choices(self) -> dict[str, Callable[[GameState, Any], Action]]:
        """Per decision phase of the module's own: a quicker way to the best-priced of ``phase_moves``
        (given the rollout's Pricer) without pricing every move; the phase must always offer two moves
        or more, so that a rollout draws its dice there as it would over the list."""
        return {}

    # ------------------------------------------------------------------ the hint
    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        """One line for the hint on one of the module's moves (None: not the module's): ``Message.of(template,
        **args)``, the move as ``said_action`` says it, so that the client says it in the player's language."""
        return None


def _overrides(advice: Advice, question: str) -> bool:
    return getattr(type(advice), question) is not getattr(Advice, question)


class Compiled:
    """The advice of every module of one ruleset, gathered per question once (empty for the base game)."""

    __slots__ = (
        "card_worth",
        "cell_extra",
        "cell_points",
        "collecting",
        "count_extra",
        "phase_choices",
        "phase_moves",
        "placement_moves",
        "placement_points",
        "players_share",
        "prices",
        "reasons",
        "refunds",
        "tile_extra",
        "tile_worth",
        "turn_moves",
        "values",
    )

    def __init__(self, advice: tuple[Advice, ...]) -> None:
        share = 1.0
        for one in advice:
            share *= one.players_share()
        self.players_share = share
        self.collecting = tuple(one for one in advice if _overrides(one, "collectors"))
        self.prices: dict[type, Price] = {}
        self.phase_moves: dict[str, Callable[[GameState], list[Action]]] = {}
        self.phase_choices: dict[str, Callable[[GameState, Any], Action]] = {}
        for one in advice:
            self.prices.update(one.prices())
            self.phase_moves.update(one.phase_moves())
            self.phase_choices.update(one.phase_choices())

        def answering(question: str) -> tuple[Callable[..., Any], ...]:
            return tuple(getattr(one, question) for one in advice if _overrides(one, question))

        self.turn_moves = answering("turn_moves")
        self.placement_moves = answering("placement_moves")
        self.count_extra = answering("count_extra")
        self.values = answering("values")
        self.tile_extra = answering("tile_extra")
        self.cell_extra = answering("cell_extra")
        self.cell_points = answering("cell_points")
        self.card_worth = answering("card_worth")
        self.tile_worth = answering("tile_worth")
        self.reasons = answering("reason")
        self.refunds = answering("refund")
        self.placement_points = answering("placement_points")

    def extra_collectors(self, state: GameState) -> list[list[int]]:
        found: list[list[int]] = []
        for one in self.collecting:
            found.extend(one.collectors(state))
        return found

    def extra_for_tile(self, state: GameState, player: int, tile: int) -> float:
        """``Advice.tile_extra`` summed over the modules (0 when none answers)."""
        found = 0.0
        for extra in self.tile_extra:
            found += extra(state, player, tile)
        return found

    def extras_at(self, state: GameState, player: int, tile: int, cell: int) -> list[tuple[int, float]]:
        """Every module's ``Advice.cell_extra`` for ``tile`` on ``cell`` (empty when none adds anything)."""
        found = []
        for extra in self.cell_extra:
            one = extra(state, player, tile, cell)
            if one is not None and one[1]:
                found.append(one)
        return found

    def points_at(self, state: GameState, player: int, tile: int, cell: int) -> float:
        """``Advice.cell_points`` summed over the modules."""
        found = 0.0
        for points in self.cell_points:
            found += points(state, player, tile, cell)
        return found

    def worth_of_tile(self, state: GameState, player: int, tile: int) -> float:
        """``Advice.tile_worth`` of the module whose piece ``tile`` is (0 when none knows it)."""
        for worth in self.tile_worth:
            found = worth(state, player, tile)
            if found is not None:
                return found
        return 0.0

    def worth_of_card(self, state: GameState, player: int, card: int) -> float:
        for worth in self.card_worth:
            found = worth(state, player, card)
            if found is not None:
                return found
        return 0.0

    def money_back(self, state: GameState, player: int, overpaid: int) -> int:
        """``Advice.refund`` summed over the modules (0 when none answers)."""
        found = 0
        for refund in self.refunds:
            found += refund(state, player, overpaid)
        return found

    def points_on(self, state: GameState, player: int, tile: int) -> dict[int, float]:
        """``Advice.placement_points`` of every module, cell by cell (empty when no cell adds anything)."""
        if len(self.placement_points) == 1:
            return self.placement_points[0](state, player, tile)
        found: dict[int, float] = {}
        for points in self.placement_points:
            for cell, value in points(state, player, tile).items():
                found[cell] = found.get(cell, 0.0) + value
        return found

    def reason(self, state: GameState, action: Action, me: int, gain: float) -> Message | None:
        for reason in self.reasons:
            found = reason(state, action, me, gain)
            if found is not None:
                return found
        return None


def young(state: GameState, turns: float) -> float:
    """1 while each player may still buy ``turns`` tiles or more, falling to 0 as the last tiles go.

    What a module's holding is worth (an exchange card, an awake vizier) lies in the purchases still
    to come: its worth shrinks as the bag and market empty.
    """
    market = state.market
    left = len(state.bag) + len(market) - market.count(EMPTY)
    return min(1.0, left / (state.players * turns))
