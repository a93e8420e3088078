"""A quick greedy player for MCTS rollouts and move ordering.

The greedy agent prices every move by evaluating the whole position it leads to; rollouts need
thousands of moves a second, so this policy prices moves by their *difference* instead: a
purchase changes one type's majority outlook (``Outlook.type_points`` for one column), the money
paid, and perhaps grants an extra action; taking money changes only the money; a placement
changes only the wall.  It picks the best-priced move, or with probability ``epsilon`` a random
one, so that rollouts keep some variety.  The same prices order the moves the search tree widens to.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from game.engine import ACTION, Action, Buy, EndTurn, FromReserve, GameState, Place, Reserve, Take
from game.engine.alhambra import longest_wall
from game.engine.components import CARD_CURRENCY, CARD_VALUE, EMPTY, MARKET_CURRENCY, TILE_COST, TILE_TYPE, TILE_WALLS

from .evaluation import DEFAULT_WEIGHTS, Outlook, Weights, money_cap, payable_sums, scorings_left, strongest_rival
from .modules import advice_for

# (side of the cell, step to the neighbour there, the neighbour's side that faces the cell)
_NEIGHBOUR_FACING = ((1, -128, 4), (2, 1, 8), (4, 128, 1), (8, -1, 2))
UNPRICED = -5.0  # redesigns other than building from the reserve, Dirk: rare in rollouts, last in ordering


class Pricer:
    """Prices the moves of the player to act in one position (built once per decision)."""

    __slots__ = (
        "_outlook",
        "_rival",
        "_scorings_left",
        "_short_of_exact",
        "_tile_gains",
        "advice",
        "exact_walls",
        "held_money",
        "me",
        "money_cap",
        "state",
        "weights",
    )

    def __init__(self, state: GameState, weights: Weights = DEFAULT_WEIGHTS, exact_walls: bool = True) -> None:
        self.state = state
        self.exact_walls = exact_walls
        self.weights = weights
        self.me = state.decider
        self.advice = advice_for(state.rules)
        self.held_money = sum(map(CARD_VALUE.__getitem__, state.hands[self.me]))
        self.money_cap = money_cap(state)
        # Worked out on first use: the quick policy builds a pricer for every move of every
        # rollout, and most placements need none of these but the count of scorings left.
        self._outlook: Outlook | None = None
        self._rival = -1
        self._scorings_left = -1
        self._short_of_exact: list[list[tuple[int, int, int]]] | None = None
        self._tile_gains: dict[int, float] | None = None

    def money_value(self, change: int) -> float:
        cap = self.money_cap
        return self.weights.money * (min(self.held_money + change, cap) - min(self.held_money, cap))

    def majority_gain(self, kind: int, amount: float = 1.0) -> float:
        """What ``amount`` more tiles of type ``kind`` are worth to me against my strongest rival."""
        outlook = self._outlook
        if outlook is None:
            outlook = self._outlook = Outlook(self.state, self.weights)
            self._rival = strongest_rival(self.state.scores, self.me)
        return outlook.gain(kind, self.me, self._rival, amount)

    def scorings_left(self) -> int:
        if self._scorings_left < 0:
            self._scorings_left = scorings_left(self.state)
        return self._scorings_left

    def buy(self, action: Buy) -> float:
        tile = self.state.market[action.slot - 1]
        return self.purchase(tile, sum(map(CARD_VALUE.__getitem__, action.paid)), True)

    def purchase(self, tile: int, paid: int, extra_action: bool) -> float:
        """Buying ``tile`` for ``paid``: its majority gain (with what the modules count besides, e.g. a bonus card),
        the money, and, if ``extra_action`` and the payment is exact, another action ([B-TURN-4]).  Also the price
        of a module's purchases (an exchange card's, a vizier's)."""
        exact = self.weights.exact if extra_action and paid == TILE_COST[tile] else 0.0
        if self.advice.refunds:  # e.g. [M-CHANGE-3] coins for an overpayment
            cost = TILE_COST[tile]  # None for a tile priced by its slot, a bazaar ([M-BAZAAR-3]): paid exactly
            if cost is not None and paid > cost:
                paid -= self.advice.money_back(self.state, self.me, paid - cost)
        gains = self._tile_gains
        if gains is None:
            gains = self._tile_gains = {}
        gain = gains.get(tile)
        if gain is None:  # the same tile is priced once per payment (and per exchange card, vizier): once is enough
            gain = gains[tile] = self.tile_gain(tile)
        return gain + self.money_value(-paid) + exact

    def tile_gain(self, tile: int) -> float:
        """What owning ``tile`` is worth to me: its majority gain, with what the modules count besides."""
        kind = TILE_TYPE[tile]
        if kind is None:  # a camp, a bazaar: no majority, worth what its module says
            return self.advice.worth_of_tile(self.state, self.me, tile)
        amount = 1.0
        if self.advice.tile_extra:
            amount += self.advice.extra_for_tile(self.state, self.me, tile)
        return self.majority_gain(kind, amount)

    def take(self, action: Take) -> float:
        cards = action.cards
        if len(cards) > 1:
            return self.money_value(sum(map(CARD_VALUE.__getitem__, cards))) + self._exact_chances(cards)
        # Most takes are of one card: priced here in one go (the quick policy prices thousands a second).
        card = cards[0]
        value = CARD_VALUE[card]
        if value is None:  # a module's card, taken alone (an exchange card: [M-EXCH-2])
            return self.advice.worth_of_card(self.state, self.me, card)
        held, cap = self.held_money, self.money_cap
        bonus = 0.0  # the card's value alone must close the gap to a cost
        for reachable, cost, tile in self._market_short_of_exact()[CARD_CURRENCY[card]]:
            if cost >= value and reachable >> (cost - value) & 1:
                bonus = max(bonus, self._exact_worth(tile))
        return self.weights.money * (min(held + value, cap) - min(held, cap)) + bonus

    def _exact_chances(self, taken: tuple[int, ...]) -> float:
        """Taking cards that let me pay a good market tile exactly next time is worth part of that payment."""
        short = self._market_short_of_exact()
        bonus = 0.0
        for currency in {CARD_CURRENCY[card] for card in taken}:
            entries = short[currency]
            if not entries:
                continue
            values = [CARD_VALUE[card] for card in taken if CARD_CURRENCY[card] == currency]
            for reachable, cost, tile in entries:
                sums = reachable
                for value in values:
                    sums |= sums << value
                if sums >> cost & 1:
                    bonus = max(bonus, self._exact_worth(tile))
        return bonus

    def _exact_worth(self, tile: int) -> float:
        """What holding the cards to pay ``tile`` exactly is worth: part of the extra action and the tile."""
        kind = TILE_TYPE[tile]
        gain = self.majority_gain(kind) if kind is not None else self.advice.worth_of_tile(self.state, self.me, tile)
        return self.weights.exact_option * (self.weights.exact + max(0.0, gain))

    def _market_short_of_exact(self) -> list[list[tuple[int, int, int]]]:
        """Per currency: (sums my cards of it can pay, cost, tile) for each market tile I cannot pay exactly yet.

        Worked out on first use, once per position: every take is priced against the same market and hand.
        """
        short = self._short_of_exact
        if short is not None:
            return short
        payable = payable_sums(self.state.hands[self.me])
        short = self._short_of_exact = [[], [], [], []]
        for index, tile in enumerate(self.state.market):
            if tile == EMPTY:
                continue
            currency = MARKET_CURRENCY[index]
            reachable = payable[currency]
            if not reachable >> TILE_COST[tile] & 1:
                short[currency].append((reachable, TILE_COST[tile], tile))
        return short

    def build_from_reserve(self, action: FromReserve) -> float:
        kind = TILE_TYPE[action.tile]
        majority = 0.0 if kind is None else self.majority_gain(kind, 1.0 - self.weights.reserve)  # a hut: none
        cell = (action.y + 64) * 128 + action.x + 64
        if self.advice.cell_extra:
            majority += self.cell_gain(action.tile, cell)
        if self.advice.cell_points:  # e.g. [M-CAMP-3] a camp's lines
            majority += self.advice.points_at(self.state, self.me, action.tile, cell)
        if self.advice.placement_points:  # e.g. [M-TRADER-3] the trader's disc on the cell
            majority += self.advice.points_on(self.state, self.me, action.tile).get(cell, 0.0)
        return majority + self.wall_gain(action.tile, action.x, action.y) - 1.0

    def wall_gain(self, tile: int, x: int, y: int) -> float:
        board = self.state.boards[self.me]
        cell = (y + 64) * 128 + x + 64
        if board.extra is not None:  # walls built on tiles count as printed ones: the board's own wall scoring
            return (board.placed(cell, tile).wall_length() - board.wall_length()) * self.scorings_left()
        grid = board.grid
        walls = TILE_WALLS[tile]
        touching = facing_walls = 0
        for side, step, facing in _NEIGHBOUR_FACING:
            neighbour = grid.get(cell + step)
            if neighbour is not None:
                touching |= side
                if TILE_WALLS[neighbour] & facing:
                    facing_walls += 1
        if not walls and not facing_walls:
            return 0.0  # no outer wall segment appears or disappears
        if not self.exact_walls:  # roughly: outer wall sides gained minus neighbours' walls turned inside
            return (bin(walls & ~touching).count("1") - facing_walls) * 0.5 * self.scorings_left()
        trial = dict(grid)
        trial[cell] = tile
        return (longest_wall(trial) - self.state.boards[self.me].wall_length()) * self.scorings_left()

    def place(self, action: Place) -> float:
        price = self.place_without_modules(action)
        cell = (action.y + 64) * 128 + action.x + 64
        if self.advice.cell_extra:  # e.g. next to a hut of its colour ([M-HUT-4])
            price += self.cell_gain(action.tile, cell)
        if self.advice.cell_points:  # e.g. [M-CAMP-3] lengthening a camp's line, or a camp's own lines
            price += self.advice.points_at(self.state, self.me, action.tile, cell)
        if self.advice.placement_points:  # e.g. [M-TRADER-3] the trader's disc on the cell
            price += self.advice.points_on(self.state, self.me, action.tile).get(cell, 0.0)
        return price

    def place_without_modules(self, action: Place) -> float:
        """A placement's wall and compactness: all the base game prices."""
        cell = (action.y + 64) * 128 + action.x + 64
        grid = self.state.boards[self.me].grid
        neighbours = (cell - 128 in grid) + (cell + 1 in grid) + (cell + 128 in grid) + (cell - 1 in grid)
        return self.wall_gain(action.tile, action.x, action.y) + self.weights.compact * neighbours

    def cell_gain(self, tile: int, cell: int) -> float:
        """What the modules count besides the tile itself for ``tile`` on ``cell`` (``Advice.cell_extra``)."""
        return sum(
            self.majority_gain(kind, amount) for kind, amount in self.advice.extras_at(self.state, self.me, tile, cell)
        )

    def reserve(self, action: Reserve) -> float:
        kind = TILE_TYPE[action.tile]
        if kind is None:  # no building (a hut): on the reserve it counts in nothing, as it would not yet
            return -0.5
        return -self.majority_gain(kind, 1.0 - self.weights.reserve)

    def end_turn(self, action: EndTurn) -> float:
        """Declining the extra action ([B-TURN-4]) changes nothing: the yardstick the other moves are priced against."""
        return 0.0

    def price(self, action: Action) -> float:
        method = _PRICES.get(type(action))
        if method is None:  # a redesign other than from the reserve, or a module's move
            method = self.advice.prices.get(type(action))
            if method is None:
                return UNPRICED
        return method(self, action)


_PRICES = {
    Buy: Pricer.buy,
    Take: Pricer.take,
    Place: Pricer.place,
    Reserve: Pricer.reserve,
    FromReserve: Pricer.build_from_reserve,
    EndTurn: Pricer.end_turn,
}


def turn_candidates(state: GameState) -> list[Action]:
    """The moves a rollout considers on its turn: takes, purchases, building from the reserve, and
    after an exact payment ending the turn ([B-TURN-4]; listed last, so a take priced at nothing still wins)."""
    player = state.turn_player
    moves: list[Action] = state.take_actions() + state.buy_actions()
    reserve = state.reserves[player]
    if reserve:
        board = state.boards[player]
        spots = board.spots()
        fit = board.fit  # FIT_WALLS, with the walls built on tiles ([M-WALL-7])
        for tile in reserve:
            walls = fit[tile]  # a camp fits no spot this way: its places are its module's ([M-CAMP-2])
            moves.extend(
                FromReserve(tile, spot.x, spot.y)
                for spot in spots
                if walls & spot.touching == spot.need_wall and spot.touching & ~walls
            )
    for module_moves in advice_for(state.rules).turn_moves:
        moves.extend(module_moves(state))
    if state.held:
        moves.append(EndTurn())
    return moves


def placement_candidates(state: GameState) -> list[Action]:
    tile = state.held[0]
    board = state.boards[state.decider]
    walls = board.fit[tile]  # a camp fits no spot this way: its places are its module's ([M-CAMP-2])
    moves: list[Action] = [
        Place(tile, spot.x, spot.y)
        for spot in board.spots()
        if walls & spot.touching == spot.need_wall and spot.touching & ~walls
    ]
    moves.append(Reserve(tile))
    return moves


PLACEMENTS_REMEMBERED = 20_000  # placement choices remembered before the memo starts afresh
# (Alhambra, tile, scorings left, weight of compactness) -> (the candidates, the best placement, its price)
PlacementKey = tuple[frozenset[tuple[int, int]], int, int, float]
_PLACEMENTS: dict[PlacementKey, tuple[tuple[Action, ...], Action, float]] = {}


def _placement_key(state: GameState, weights: Weights) -> PlacementKey:
    return (state.boards[state.decider].key(), state.held[0], scorings_left(state), weights.compact)


def _placement_choice(
    state: GameState, weights: Weights, key: PlacementKey
) -> tuple[tuple[Action, ...], Action, float]:
    """The candidates for the first held tile, the best-priced placement among them and its price.

    A placement's price (``Pricer.place``) depends only on the Alhambra, the tile, the scorings
    left and the weight of compactness (``key``), and rollouts place the same tiles in the same
    Alhambras again and again, so the choice is remembered (the memo is emptied when full, which
    changes nothing but speed).
    """
    found = _PLACEMENTS.get(key)
    if found is None:
        pricer = Pricer(state, weights, exact_walls=False)
        candidates = tuple(placement_candidates(state))
        best = max(candidates[:-1], key=pricer.place, default=candidates[-1])
        price = pricer.place(best) if len(candidates) > 1 else -1.0
        if len(_PLACEMENTS) >= PLACEMENTS_REMEMBERED:
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key] = (candidates, best, price)
    return found


# Per placement candidate but the last (the reserve): (wall and compactness, what the modules count besides
# there, the module's points there), as ``Pricer.place`` adds them up.
CellParts = tuple[tuple[float, tuple[tuple[int, float], ...], float], ...]
_CELL_PARTS: dict[PlacementKey, CellParts | None] = {}  # None: no cell adds more for the tile


def _cell_parts(
    state: GameState, weights: Weights, key: PlacementKey, candidates: tuple[Action, ...]
) -> CellParts | None:
    """The parts of ``Pricer.place`` for each placement of ``candidates`` that depend on the Alhambra, the tile,
    the scorings left and compactness (``key``), remembered; None when no cell adds more for the tile
    (``Advice.cell_extra``).

    What a module counts besides on a cell (next to a hut of the tile's colour, [M-HUT-4]) is priced by the
    majorities of the moment, so those prices cannot be remembered whole: their parts can.
    """
    if key in _CELL_PARTS:
        return _CELL_PARTS[key]
    advice = advice_for(state.rules)
    me, tile = state.decider, key[1]
    places = cast(tuple[Place, ...], candidates[:-1])
    extras = [tuple(advice.extras_at(state, me, tile, move.cell)) for move in places]
    parts: CellParts | None = None
    if any(extras):
        pricer = Pricer(state, weights, exact_walls=False)
        parts = tuple(
            (
                pricer.place_without_modules(move),
                found,
                advice.points_at(state, me, tile, move.cell) if advice.cell_points else 0.0,
            )
            for move, found in zip(places, extras, strict=True)
        )
    if len(_CELL_PARTS) >= PLACEMENTS_REMEMBERED:
        _CELL_PARTS.clear()
    _CELL_PARTS[key] = parts
    return parts


def _best_of_parts(state: GameState, weights: Weights, candidates: tuple[Action, ...], parts: CellParts) -> Action:
    """``max(candidates, key=Pricer.price)`` from the remembered ``parts``: the same sums in the same order."""
    pricer = Pricer(state, weights, exact_walls=False)
    advice = pricer.advice
    best = candidates[-1]
    best_price = 0.0
    first = True
    for move, (price, extras, points) in zip(candidates[:-1], parts, strict=True):  # the reserve (last) has none
        if advice.cell_extra:
            price += sum(pricer.majority_gain(kind, amount) for kind, amount in extras)
        if advice.cell_points:
            price += points
        if first or price > best_price:
            best, best_price, first = move, price, False
    if pricer.reserve(cast(Reserve, candidates[-1])) > best_price:
        best = candidates[-1]
    return best


def fast_action(state: GameState, rng: random.Random, epsilon: float, weights: Weights = DEFAULT_WEIGHTS) -> Action:
    """One move of the quick greedy player (a random move of the same kind with probability ``epsilon``).

    Outside the action phase a tile waits to be placed (after a turn, at the end, after a vizier's
    purchase), or the decider is in a module's own phase (a vizier window): its moves come from the
    module's advice and are priced like the others.
    """
    if state.phase != ACTION:
        if state.held and state.phase not in state.rules.phases:  # not a module's decision between two placements
            return _fast_placement(state, rng, epsilon, weights)
        return _fast_module_phase(state, rng, epsilon, weights)
    candidates = turn_candidates(state)
    if not candidates:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    if len(candidates) == 1:
        return candidates[0]
    if rng.random() < epsilon:
        return candidates[rng.randrange(len(candidates))]
    return max(candidates, key=Pricer(state, weights, exact_walls=False).price)


def _fast_module_phase(state: GameState, rng: random.Random, epsilon: float, weights: Weights) -> Action:
    """A decision in a module's own phase (a vizier window, [M-VIZIER-2]): the advice's moves, best-priced."""
    advice = advice_for(state.rules)
    moves_of = advice.phase_moves.get(state.phase)
    choose = advice.phase_choices.get(state.phase)
    if choose is not None and moves_of is not None:  # two moves or more: the moves are listed only for a random one
        if rng.random() < epsilon:
            candidates = moves_of(state)
            return candidates[rng.randrange(len(candidates))]
        return choose(state, Pricer(state, weights, exact_walls=False))
    candidates = moves_of(state) if moves_of is not None else state.legal_actions()
    if len(candidates) == 1:
        return candidates[0]
    if rng.random() < epsilon:
        return candidates[rng.randrange(len(candidates))]
    return max(candidates, key=Pricer(state, weights, exact_walls=False).price)


def _fast_placement(state: GameState, rng: random.Random, epsilon: float, weights: Weights) -> Action:
    advice = advice_for(state.rules)
    if advice.placement_points and advice.points_on(state, state.decider, state.held[0]):
        # a cell adds points that depend on more than the Alhambra (the trader's disc, [M-TRADER-3]): the prices
        # cannot be remembered, every candidate is priced afresh (rare: a building of the disc's colours)
        choices = placement_candidates(state)
        if rng.random() < epsilon:
            return choices[rng.randrange(len(choices))]
        return max(choices, key=Pricer(state, weights, exact_walls=False).price)
    key = _placement_key(state, weights)
    candidates, best, price = _placement_choice(state, weights, key)
    module_hooks = advice.placement_moves
    if module_hooks:  # a module offers other destinations (they depend on more than the Alhambra: not remembered)
        extra = [move for hook in module_hooks for move in hook(state, state.held[0])]
        if extra:
            choices = [*candidates[:-1], *extra, candidates[-1]]
            if rng.random() < epsilon:
                return choices[rng.randrange(len(choices))]
            return max(choices, key=Pricer(state, weights, exact_walls=False).price)
    # A module counts more on some cells (next to a hut of the tile's colour, [M-HUT-4]): those prices
    # depend on the majorities, not only on the Alhambra, so they are not remembered.
    if advice.cell_extra and len(candidates) > 1:
        parts = _cell_parts(state, weights, key, candidates)
        if parts is not None:
            if rng.random() < epsilon:
                return candidates[rng.randrange(len(candidates))]
            return _best_of_parts(state, weights, candidates, parts)
    if len(candidates) == 1:
        return candidates[0]
    if rng.random() < epsilon:
        return candidates[rng.randrange(len(candidates))]
    if weights.reserve < 1.0 and price >= 0:
        # Reserving is the last candidate and never priced above zero while a reserve tile counts
        # for less than a built one (more tiles of a type never lower one's majority chances), so
        # a placement priced at zero or more beats it: most placements are settled without the
        # outlook that pricing the reserve would need.
        return best
    return max(candidates, key=Pricer(state, weights, exact_walls=False).price)


def ordered(state: GameState, legal: Sequence[Action], weights: Weights = DEFAULT_WEIGHTS) -> list[Action]:
    """``legal`` from the best-priced move to the worst."""
    pricer = Pricer(state, weights)
    return sorted(legal, key=pricer.price, reverse=True)
