"""The game state and its rules of play: turns (§3), refilling (§5), scoring (§6) and the end (§7).

Optional rules (Dirk, §8, and the modules of §9) come in through the game's ``Ruleset``: the state
calls the hooks of the modules that play and keeps each module's ``Part`` (``game/engine/modules``).

The state is made of plain lists, dicts and ints so that ``clone`` is a handful of shallow
copies: the AI clones it for every simulated step.  It is a sequential decision process in the
spirit of OpenSpiel: ``decider`` says who chooses now, ``legal_actions()`` lists the choices and
``apply(action)`` carries one out.  Chance (the bag, the deck, reshuffles) is all resolved
inside ``apply`` from the deal and the seed ([D-RNG-1]).

A turn has two decision phases.  In the ACTION phase the player takes money, buys or redesigns
(an exact payment keeps them in this phase, to act again or end the turn: [B-TURN-4]).  In the PLACE phase they place
every tile bought this turn ([B-TURN-7]).  At the end of the game the receivers of the market's
last tiles place them in the FINAL phase ([B-END-2]).

``apply`` checks an action completely before it changes anything, so an illegal action raises
``IllegalAction`` (naming the broken rule) and leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import combinations
from typing import ClassVar

from . import alhambra, events, extended
from .actions import Action, Buy, EndTurn, FromReserve, Lift, Pass, Place, Reserve, Swap, Take
from .alhambra import FIT_WALLS, NO_BUILDING, ORIGIN, cell_at, fits, xy_of
from .board import Board, counted
from .components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    EMPTY,
    MARKET_CURRENCY,
    MARKET_SIZE,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    START_TILES,
    TILE_COST,
    TILE_SIDES,
    TILE_TYPE,
    TILE_WALLS,
    describe_tile,
    is_money_card,
    is_scoring_card,
    is_start_tile,
    scoring_round_of,
)
from .errors import IllegalAction
from .extended import Extra
from .knowledge import Knowledge
from .messages import Message
from .modules import ACTION_TYPES, Module, Part
from .payments import covering_payments, minimal_payments
from .phases import ACTION, FINAL, OVER, PLACE, TURN_END
from .play import Deal
from .ruleset import Ruleset
from .scoring import majority_points
from .setup import pile_extras, scoring_windows
from .validation import check_shape

MAX_TAKE_VALUE = 5  # [B-TURN-2]
OFFER_SIZE = 4  # [B-SETUP-5] [B-FILL-2] the money offer's cards


def _violation(message: str) -> IllegalAction:
    """Turn an alhambra-module message '[RULE] reason' into an exception (the reason is a marked template)."""
    rule, reason = message[1:].split("] ", 1)
    return IllegalAction(rule, reason)


@lru_cache(maxsize=8192)
def _takes(offer: tuple[int, ...]) -> tuple[Take, ...]:
    """What may be taken from an offer: one card, or several worth at most 5 ([B-TURN-2]).

    Cards of equal currency and value (``card // 3``) are interchangeable and listed once.
    Searches meet thousands of distinct offers, so the groups are built only from cards that
    can be in one: every card is worth at least 1, so a card worth 5 or more never is.
    """
    takes = []
    seen: set = set()
    for card in offer:
        group = card // 3 if is_money_card(card) else -card - 1  # a card that is no money is one of a kind
        if group not in seen:
            seen.add(group)
            takes.append(Take((card,)))
    # several cards only if all are money ([M-EXCH-2]: an exchange card is taken alone)
    groupable = [card for card in offer if is_money_card(card) and CARD_VALUE[card] < MAX_TAKE_VALUE]
    for count in range(2, len(groupable) + 1):
        for cards in combinations(groupable, count):
            if sum(CARD_VALUE[c] for c in cards) > MAX_TAKE_VALUE:
                continue
            key = tuple(sorted(c // 3 for c in cards))
            if key not in seen:
                seen.add(key)
                takes.append(Take(cards))
    return tuple(takes)


@lru_cache(maxsize=16384)
def _by_currency(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A hand's cards sorted into its four currencies: hands recur far more often than they change."""
    by_currency: tuple[list[int], ...] = ([], [], [], [])
    for card in sorted(hand):
        by_currency[CARD_CURRENCY[card]].append(card)
    return tuple(map(tuple, by_currency))


@lru_cache(maxsize=16384)
def _buys(slot: int, cards: tuple[int, ...], cost: int) -> tuple[Buy, ...]:
    """The purchases of the tile in market ``slot`` with ``cards`` (sorted, all of the slot's currency)."""
    return tuple(Buy(slot, paid) for paid in covering_payments(cards, cost))


class GameState:
    """One game of Alhambra in progress.  Build it with ``GameState.start(deal, seed)``."""

    __slots__ = (
        "_handlers",
        "_redesigns",
        "_supply",
        "bag",
        "boards",
        "decider",
        "deck",
        "discard",
        "drawn",
        "final_held",
        "hands",
        "held",
        "idle_turns",
        "log",
        "market",
        "offer",
        "parts",
        "pause_before_refill",
        "phase",
        "planned",
        "planned_shuffles",
        "players",
        "progressed",
        "reserves",
        "reshuffles",
        "resume_to",
        "rounds_scored",
        "rules",
        "scores",
        "seed",
        "turn",
        "turn_player",
        "windows",
    )

    players: int
    rules: Ruleset  # the base game and the modules that play, shared by every copy
    parts: dict[str, Part]  # each module's slice of the state, by module name
    seed: int
    hands: list[list[int]]
    boards: list[Board]  # each player's Alhambra (shared between copies: a board never changes, it is replaced)
    reserves: list[list[int]]
    scores: list[int]
    bag: list[int]  # next tile drawn is the last element
    market: list[int]  # tile per slot 1..4 (index 0..3), EMPTY where empty
    deck: list[int]  # next card drawn is the last element
    offer: list[int]
    discard: list[int]
    drawn: int  # cards drawn from the deck as built at setup
    windows: tuple[tuple[int, int, int], ...]
    reshuffles: int
    rounds_scored: int
    turn_player: int
    phase: str
    decider: int
    held: list[int]  # tiles the decider still has to place
    final_held: list[list[int]]  # end-of-game tiles per player still to place
    turn: int
    idle_turns: int  # turns in a row in which nobody took money or bought a tile (only redesigns or passes)
    progressed: bool  # money taken or a tile bought in the current turn
    log: list[dict] | None
    planned_shuffles: list[list[int]]
    planned: dict[str, list[dict]]  # replaying a record: its events naming what chance drew, by name, still to come
    resume_to: tuple[str, bool] | None  # where a placement a module interrupted goes on: its phase, a redesign or not
    pause_before_refill: bool  # for look-ahead: stop where chance would come in (see TURN_END)

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, deal: Deal, seed: int, log: list[dict] | None = None) -> GameState:
        """The state right before the start player's first turn.  ``seed`` drives later reshuffles."""
        s = cls.__new__(cls)
        n = deal.players
        s.players = n
        s.rules = Ruleset.of(n, tuple(deal.modules))
        s._handlers = _handlers_of(s.rules)
        s.seed = seed
        s.hands = [list(hand) for hand in deal.hands]
        s.boards = [Board({ORIGIN: START_TILES[p]}) for p in range(n)]  # [B-SETUP-1]
        s.reserves = [[] for _ in range(n)]
        s.scores = [0] * n
        s.bag = list(reversed(deal.bag))
        s.market = list(deal.market)
        s.deck = list(reversed(deal.deck))
        s.offer = list(deal.offer)
        s.discard = []
        s.drawn = 0
        s.windows = scoring_windows(len(deal.deck), pile_extras(s.rules.chosen, n))
        s.reshuffles = 0
        s.rounds_scored = 0
        s.turn_player = deal.start_player
        s.phase = ACTION
        s.decider = deal.start_player
        s.held = []
        s.final_held = [[] for _ in range(n)]
        s.turn = 1
        s.idle_turns = 0
        s.progressed = False
        s.log = log
        s.planned_shuffles = []
        s.planned = {}
        s.pause_before_refill = False
        s.resume_to = None
        s._redesigns = [None] * n
        s._supply = None
        s.parts = {}
        for name, start in s.rules.starts:
            s.parts[name] = start(s, deal)
        s.emit({"e": events.TURN, "player": s.turn_player})
        return s

    def clone(self) -> GameState:
        """An independent copy for search.  It keeps no event log."""
        c = GameState.__new__(GameState)
        c.players = self.players
        c.rules = self.rules
        c._handlers = self._handlers
        c.parts = {name: part.copy() for name, part in self.parts.items()} if self.parts else {}
        c.seed = self.seed
        c.hands = [list(h) for h in self.hands]
        c.boards = list(self.boards)
        c.reserves = [list(r) for r in self.reserves]
        c.scores = list(self.scores)
        c.bag = list(self.bag)
        c.market = list(self.market)
        c.deck = list(self.deck)
        c.offer = list(self.offer)
        c.discard = list(self.discard)
        c.drawn = self.drawn
        c.windows = self.windows
        c.reshuffles = self.reshuffles
        c.rounds_scored = self.rounds_scored
        c.turn_player = self.turn_player
        c.phase = self.phase
        c.decider = self.decider
        c.held = list(self.held)
        c.final_held = [list(f) for f in self.final_held]
        c.turn = self.turn
        c.idle_turns = self.idle_turns
        c.progressed = self.progressed
        c.log = None
        c.planned_shuffles = []
        c.planned = {}
        c.pause_before_refill = self.pause_before_refill
        c.resume_to = self.resume_to
        c._redesigns = list(self._redesigns)
        c._supply = self._supply
        return c

    def emit(self, event: dict) -> None:
        """Record ``event`` if this state keeps a log.

        Look-ahead copies keep none, so the moves the AI simulates most (taking, buying, placing,
        refilling) check ``self.log`` before they build their event at all.
        """
        if self.log is not None:
            self.log.append(event)

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        """[B-END-3] the players with the highest score share the victory (Dirk cannot win: [B-DIRK-3])."""
        best = max(self.scores)
        return [p for p in range(self.players) if self.scores[p] == best]

    def survey_everyone(self) -> None:
        """Work out every Alhambra's survey, wall, type counts and redesigns now: every later copy inherits them.

        Look-ahead copies each player's many times; without this each copy would redo the same work.
        """
        for player, board in enumerate(self.boards):
            board.worked_out()
            self._redesigns_of(player)

    def legal_cells(self, player: int, tile: int) -> list[tuple[int, int]]:
        """Where ``tile`` may go in ``player``'s Alhambra, as (x, y)."""
        board = self.boards[player]
        walls = board.fit[tile]
        cells = [(spot.x, spot.y) for spot in board.survey().spots if fits(walls, spot)]
        if not cells:  # a tile the walls' formula never fits is placed by its module ([M-CAMP-2] a camp)
            for spots_for in self.rules.spots_for:
                cells.extend((spot.x, spot.y) for spot in spots_for(board, tile))
        return cells

    def can_place(self, player: int, tile: int) -> bool:
        """Whether ``tile`` fits anywhere in ``player``'s Alhambra (if not, it can only go to the reserve)."""
        board = self.boards[player]
        walls = board.fit[tile]
        for spot in board.survey().spots:  # a plain loop: any() of a generator costs more, in the AI's inner loop
            if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
                return True
        for spots_for in self.rules.spots_for:  # noqa: SIM110 - a plain loop, as above
            if spots_for(board, tile):  # [M-CAMP-2] a camp fits by its own test
                return True
        return False

    def scoring_counts(self, player: int) -> list[int]:
        """What ``player``'s Alhambra counts per building type at a scoring: its buildings, and what the
        modules add (huts' neighbours: [M-HUT-4]; revealed bonus cards: [M-BONUS-2])."""
        counts = self.boards[player].type_counts()
        for extra in self.rules.count_extra:
            extra(self, player, counts)
        return counts

    def tiles_to_come(self) -> tuple[int, ...]:
        """Building tiles of each type still in the bag or the market (public knowledge; cached).

        Kept up to date on every purchase: the AI's majority outlook needs it at every decision,
        and refills only move tiles from the bag to the market.  A module's tiles in the bag have no
        type ([M-CAMP-1] camps, [M-BAZAAR-1] bazaars) and are no building to come.
        """
        supply = self._supply
        if supply is None:
            tally = [0] * len(BUILDING_TYPES)
            for tile in self.bag:
                kind = TILE_TYPE[tile]
                if kind is not None:
                    tally[kind] += 1
            for tile in self.market:
                if tile != EMPTY:
                    kind = TILE_TYPE[tile]
                    if kind is not None:
                        tally[kind] += 1
            supply = self._supply = tuple(tally)
        return supply

    def currency_totals(self, player: int) -> list[int]:
        totals = [0] * len(CURRENCIES)
        for card in self.hands[player]:
            totals[CARD_CURRENCY[card]] += CARD_VALUE[card]
        return totals

    def knowledge(self, player: int) -> Knowledge:
        """What ``player`` knows of this game ([D-HIDDEN-1])."""
        return Knowledge(self, player)

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A copy in which everything ``player`` cannot know is dealt afresh from ``rng``."""
        return self.knowledge(player).determinize(rng)

    def in_slot(self, slot: int) -> int:
        """The tile in market ``slot`` (1 to 4, as actions and records number the slots), or ``EMPTY``."""
        return self.market[slot - 1]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every distinct choice the decider has now.

        Interchangeable cards (same currency and value) are offered once, and only payments
        that cannot drop a card and still cover the cost are listed; ``apply`` accepts any
        valid action all the same.
        """
        phase = self.phase
        if phase == ACTION:
            actions = self.take_actions() + self.buy_actions() + self.redesign_actions()
            for more in self.rules.turn_actions:  # e.g. [M-HUT-2] take a hut
                actions.extend(more(self))
            if self.held:  # an exact payment's extra action may be declined ([B-TURN-4])
                actions.append(EndTurn())
            return actions or [Pass()]
        if phase in (OVER, TURN_END):
            return []
        if phase in (PLACE, FINAL) or phase in self.rules.placing:
            return self.placement_actions()
        return self.rules.phases[phase](self)  # a module's own phase, e.g. a vizier window [M-VIZIER-2]

    def optional_actions(self) -> list[Action]:
        """Moves the decider may also make now that change nothing of the play (a bonus card revealed
        early, [M-BONUS-2]): accepted by ``apply``, offered by the client, never worth a search."""
        if self.phase in (OVER, TURN_END):
            return []
        return [action for hook in self.rules.optional_actions for action in hook(self)]

    def take_actions(self) -> list[Action]:
        if self.phase != ACTION:
            return []
        return list(_takes(tuple(self.offer)))

    def buy_actions(self) -> list[Action]:
        if self.phase != ACTION:
            return []
        by_currency = _by_currency(tuple(self.hands[self.turn_player]))
        actions: list[Action] = []
        for slot, tile in enumerate(self.market):
            if tile != EMPTY:
                actions.extend(_buys(slot + 1, by_currency[MARKET_CURRENCY[slot]], TILE_COST[tile]))
        return actions

    def redesign_actions(self) -> list[Action]:
        """[B-TURN-6] the three forms of redesign, cached per player until their Alhambra or reserve changes."""
        if self.phase != ACTION:
            return []
        return list(self._redesigns_of(self.turn_player))

    def _redesigns_of(self, player: int) -> tuple[Action, ...]:
        cached = self._redesigns[player]
        if cached is None:
            cached = self._redesigns[player] = tuple(self._enumerate_redesigns(player))
        return cached

    def _enumerate_redesigns(self, player: int) -> list[Action]:
        board = self.boards[player]
        grid = board.grid
        reserve = self.reserves[player]
        actions: list[Action] = []
        survey = board.survey() if reserve else None
        fit = board.fit  # FIT_WALLS, with the walls built on tiles where a module builds some
        if survey:
            for tile in reserve:
                walls = fit[tile]  # an outwork fits none: its moves are its module's ([M-CAMP-2] a camp)
                for spot in survey.spots:
                    if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
                        actions.append(FromReserve(tile, spot.x, spot.y))
        for cell in sorted(board.removable()):
            actions.append(Lift(grid[cell]))
        if survey:
            for tile, slot in survey.slots:
                for other in reserve:
                    if fit[other] & slot.touching == slot.need_wall:
                        actions.append(Swap(other, tile))
            if board.extra is not None and board.extra.passages:  # a swapped-out tile takes its passages along
                actions = [
                    action
                    for action in actions
                    if type(action) is not Swap
                    or board.swap_violation(grid_cell(board, action), action.reserve_tile) is None
                ]
        return actions

    def placement_actions(self) -> list[Action]:
        if self.phase not in (PLACE, FINAL) and self.phase not in self.rules.placing:
            return []
        actions: list[Action] = []
        board = self.boards[self.decider]
        spots = board.survey().spots
        fit = board.fit
        for tile in self.held:
            walls = fit[tile]  # an outwork fits none: its places are its module's ([M-CAMP-2] a camp)
            for spot in spots:
                if walls & spot.touching == spot.need_wall and spot.touching & ~walls:
                    actions.append(Place(tile, spot.x, spot.y))
            actions.append(Reserve(tile))
            for moves in self.rules.placement_moves:  # e.g. [B-DIRK-4] to Dirk, [M-CAMP-2] a camp's places
                actions.extend(moves(self, tile))
        return actions

    def is_legal(self, action: Action) -> bool:
        """Whether ``action``, from anywhere, may be applied now (malformed actions are simply not legal)."""
        try:
            check_shape(action)
            self._check(action)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the decider, or raise IllegalAction and change nothing.

        The way in for every action from outside the engine (the client, records, the command
        line, a bot's answer): its shape is checked first, so a malformed action is refused with
        the rule it pretends to follow instead of crashing a rule check.
        """
        check_shape(action)
        self._check(action)(self, action)

    def apply_trusted(self, action: Action) -> None:
        """``apply`` for a move this engine listed (``legal_actions`` or its parts): rules checked, shape trusted.

        Search plays millions of such moves; checking the shape of each would cost it time and
        could never refuse one.
        """
        self._check(action)(self, action)

    def _check(self, action: Action) -> Callable[[GameState, Action], None]:
        """Raise IllegalAction unless the well-formed ``action`` is legal now; return what carries it out."""
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction("B-TURN-1", "{action} is not an Alhambra action", action=type(action).__name__)
        if self.phase == OVER:
            raise IllegalAction("B-END-3", "the game is over")
        if self.phase == TURN_END:
            raise IllegalAction("B-TURN-7", "this look-ahead copy stopped at the end of the turn")
        handler[0](self, action)
        return handler[1]

    def require_phase(self, *phases: str) -> None:
        if self.phase in phases:
            return
        if self.phase == PLACE:
            raise IllegalAction("B-TURN-7", "the turn is ending: place every tile bought this turn first")
        if self.phase == FINAL:
            raise IllegalAction("B-END-2", "the game is ending: place the tiles received from the market")
        asked = self.rules.asking.get(self.phase)
        if asked is not None:  # a module's own phase (a vizier window, the falcon action) says what it asks
            raise IllegalAction(*asked)
        raise IllegalAction("B-TURN-7", "only tiles bought (or received at the end) this turn are placed now")

    # --- take money [B-TURN-2]
    def _check_take(self, action: Take) -> None:
        self.require_phase(ACTION)
        cards = action.cards
        if not cards or len(set(cards)) != len(cards):
            raise IllegalAction("B-TURN-2", "take one card, or several different cards, from the money offer")
        for card in cards:
            if card not in self.offer:
                raise IllegalAction("B-TURN-2", "{card} is not in the money offer", card=card)
        if len(cards) > 1:
            for card in cards:
                if not is_money_card(card):
                    raise IllegalAction("M-EXCH-2", "{card} is taken alone, never with other cards", card=card)
            if (total := sum(map(CARD_VALUE.__getitem__, cards))) > MAX_TAKE_VALUE:
                raise IllegalAction(
                    "B-TURN-2", "several cards may be taken only if they add up to at most 5, not {total}", total=total
                )

    def _do_take(self, action: Take) -> None:
        player = self.turn_player
        for card in action.cards:
            self.offer.remove(card)
            if is_money_card(card):
                self.hands[player].append(card)
            else:  # [M-EXCH-2] an exchange card goes to its module
                for taken in self.rules.card_taken:
                    taken(self, player, card)
        self.progressed = True
        if self.log is not None:
            self.emit({"e": events.TAKE, "player": player, "cards": list(action.cards)})
        self._end_action_sequence()

    # --- buy [B-TURN-3], [B-TURN-4], [B-TURN-5]
    def _check_buy(self, action: Buy) -> None:
        self.require_phase(ACTION)
        slot = action.slot
        currency = SLOT_CURRENCY.get(slot, -1)
        self.check_payment(self.turn_player, slot, action.paid, (currency,), "B-TURN-3")

    def _do_buy(self, action: Buy) -> None:
        if not self.purchase(self.turn_player, action.slot, action.paid):
            self.end_action()

    def purchase(self, player: int, slot: int, paid: tuple[int, ...]) -> bool:
        """[B-TURN-3] ``player`` pays ``paid`` (checked) for the tile in ``slot``, which waits to be placed.
        True for an exact payment.  Also the purchase of a module's action (exchange, vizier)."""
        index = slot - 1
        tile = self.market[index]
        hand = self.hands[player]
        for card in paid:
            hand.remove(card)
        self._discard_paid(paid)
        self.market[index] = EMPTY
        self._supply = counted(self._supply, tile, -1)
        self.held.append(tile)
        self.progressed = True
        over = sum(map(CARD_VALUE.__getitem__, paid)) - TILE_COST[tile]  # type: ignore[operator]
        exact = over == 0
        if self.log is not None:
            self.emit(
                {"e": events.BUY, "player": player, "slot": slot, "tile": tile, "paid": list(paid), "exact": exact}
            )
        if over and self.rules.overpaid:  # no change in the base game ([B-TURN-3]); a module may give some
            for overpaid in self.rules.overpaid:
                overpaid(self, player, over)
        return exact

    def check_payment(
        self, player: int, slot: int, paid: tuple[int, ...], currencies: tuple[int, ...], rule: str
    ) -> int:
        """[B-TURN-3] ``paid`` is money ``player`` holds, all of ``currencies``, covering the tile in ``slot``
        (else IllegalAction with ``rule``); returns the total paid."""
        if slot not in MARKET_SLOTS:
            raise IllegalAction("B-COMP-5", "the market has slots 1 to 4, not {slot}", slot=repr(slot))
        tile = self.market[slot - 1]
        if tile == EMPTY:
            raise IllegalAction("B-TURN-5", "market slot {slot} is empty until the end of the turn", slot=slot)
        if not paid or len(set(paid)) != len(paid):
            raise IllegalAction(rule, "pay with one or more different money cards")
        hand = self.hands[player]
        for card in paid:
            if card not in hand:
                raise IllegalAction(rule, "you do not hold {card}", card=card)
            if CARD_CURRENCY[card] not in currencies:
                if len(currencies) == 1:
                    raise IllegalAction(
                        rule,
                        "slot {slot} takes only {currency}, not {card}",
                        slot=slot,
                        currency=currencies[0],
                        card=card,
                    )
                first, second = currencies  # [M-EXCH-3] an exchange card's two currencies
                raise IllegalAction(
                    rule,
                    "slot {slot} takes only {currency} or {other_currency}, not {card}",
                    slot=slot,
                    currency=first,
                    other_currency=second,
                    card=card,
                )
        total = sum(map(CARD_VALUE.__getitem__, paid))
        if total < TILE_COST[tile]:
            raise IllegalAction(
                rule, "{tile} costs {cost}; {total} is not enough", tile=tile, cost=TILE_COST[tile], total=total
            )
        return total

    # --- the changes a module may make (``play.Play``)
    def hold(self, tile: int) -> None:
        """A tile taken or bought waits to be placed by the decider: the game progressed."""
        self.held.append(tile)
        self.progressed = True

    def release(self, tile: int) -> None:
        """A tile waiting to be placed goes elsewhere (given away: [B-DIRK-4])."""
        self.held.remove(tile)

    def pay(self, player: int, cards: Iterable[int]) -> None:
        """``player`` pays ``cards`` from their hand onto the discard pile: the game progressed."""
        hand = self.hands[player]
        paid = tuple(cards)
        for card in paid:
            hand.remove(card)
        self._discard_paid(paid)
        self.progressed = True

    def _discard_paid(self, paid: tuple[int, ...]) -> None:
        """Cards just paid go onto the discard pile, but those a module takes back into a supply of its own."""
        for take_back in self.rules.take_back:
            paid = take_back(self, paid)
        self.discard.extend(paid)

    def discard_card(self, card: int) -> None:
        """A card that is not in a hand (one a module kept: [M-EXCH-3]) goes onto the discard pile."""
        self.discard.append(card)

    def ask(self, phase: str, decider: int | None = None) -> None:
        """The game goes into ``phase`` (a module's own), with ``decider`` (else the same player) deciding."""
        self.phase = phase
        if decider is not None:
            self.decider = decider

    # --- end-of-turn placement [B-TURN-7], [B-DIRK-4], [B-END-2]
    def check_held(self, tile: int) -> None:
        if self.phase not in self.rules.placing:
            self.require_phase(PLACE, FINAL)
        if tile not in self.held:
            raise IllegalAction("B-TURN-7", "{tile} is not waiting to be placed", tile=tile)

    def _check_place(self, action: Place) -> None:
        self.check_held(action.tile)
        self._check_site(self.decider, action.cell, action.tile)

    def _check_site(self, player: int, cell: int, tile: int) -> None:
        """[B-PLACE-2] to [B-PLACE-5]: may ``tile`` go on ``cell`` of ``player``'s Alhambra?

        The Alhambra's survey (cached) already knows every cell a fitting tile may fill; only a
        refused placement runs the full check, to name the rule it breaks (and every camp's, which
        the survey's formula never fits: [M-CAMP-2]).
        """
        board = self.boards[player]
        spot = board.survey().open_at.get(cell)
        if spot is None or not fits(board.fit[tile], spot):
            problem = board.placement_violation(cell, tile)
            if problem:
                raise _violation(problem)
            assert FIT_WALLS[tile] & NO_BUILDING, "the survey and the full placement check must agree"

    def _do_place(self, action: Place) -> None:
        player = self.decider
        self.held.remove(action.tile)
        self._build(player, action.cell, action.tile)
        if self.log is not None:
            self.emit({"e": events.PLACE, "player": player, "tile": action.tile, "at": [action.x, action.y]})
        if self.rules.after_place and self._after_place(player, action.tile, action.cell, False):
            return
        self.after_placement()

    def _after_place(self, player: int, tile: int, cell: int, redesign: bool) -> bool:
        """A tile entered ``player``'s Alhambra (after its ``place`` event): True if a module asks for decisions now
        ([M-TRADER-3]); the game goes on where the placement left it when the module calls ``resume``."""
        phase = self.phase
        for hook in self.rules.after_place:
            if hook(self, player, tile, cell):
                self.resume_to = (phase, redesign)
                return True
        return False

    def resume(self) -> None:
        """The decisions a module asked for after a placement are made: the placements, or the redesign's end, go on."""
        phase, redesign = self.resume_to  # type: ignore[misc]
        self.resume_to = None
        self.phase = phase
        if redesign:
            self._end_action_sequence()
        else:
            self.after_placement()

    def _check_reserve(self, action: Reserve) -> None:
        self.check_held(action.tile)

    def _do_reserve(self, action: Reserve) -> None:
        player = self.decider
        self.held.remove(action.tile)
        self.reserves[player].append(action.tile)
        self._redesigns[player] = None
        if self.log is not None:
            self.emit({"e": events.RESERVE, "player": player, "tile": action.tile})
        self.after_placement()

    # --- redesign [B-TURN-6]
    def _check_from_reserve(self, action: FromReserve) -> None:
        self.require_phase(ACTION)
        if action.tile not in self.reserves[self.turn_player]:
            raise IllegalAction("B-TURN-6", "{tile} is not on your reserve", tile=action.tile)
        self._check_site(self.turn_player, action.cell, action.tile)

    def _do_from_reserve(self, action: FromReserve) -> None:
        player = self.turn_player
        self.reserves[player].remove(action.tile)
        self._build(player, action.cell, action.tile)
        self.emit({"e": events.PLACE, "player": player, "tile": action.tile, "at": [action.x, action.y]})
        if self.rules.after_place and self._after_place(player, action.tile, action.cell, True):
            return
        self._end_action_sequence()

    def _alhambra_cell(self, tile: int) -> int:
        if is_start_tile(tile):
            raise IllegalAction("B-TURN-6", "the start tile can never be removed or swapped")
        cell = self.boards[self.turn_player].cell_of(tile)
        if cell is None:
            raise IllegalAction("B-TURN-6", "{tile} is not in your Alhambra", tile=tile)
        return cell

    def _check_lift(self, action: Lift) -> None:
        self.require_phase(ACTION)
        cell = self._alhambra_cell(action.tile)
        board = self.boards[self.turn_player]
        if cell not in board.removable():
            grid = board.grid
            if all(cell + step in grid for _, step in alhambra.STEPS):
                raise IllegalAction("B-PLACE-6", "lifting that tile would leave a hole ([B-PLACE-5])")
            if alhambra.holds_an_outwork(grid, cell):
                raise IllegalAction("M-CAMP-2", "lifting that tile would cut a camp off the Alhambra")
            raise IllegalAction("B-PLACE-6", "lifting that tile would cut other tiles off on foot ([B-PLACE-4])")

    def _do_lift(self, action: Lift) -> None:
        player = self.turn_player
        cell = self.boards[player].cell_of(action.tile)
        self._unbuild(player, cell)
        self.reserves[player].append(action.tile)
        x, y = xy_of(cell)
        self.emit({"e": events.LIFT, "player": player, "tile": action.tile, "from": [x, y]})
        self.emit({"e": events.RESERVE, "player": player, "tile": action.tile})
        for after in self.rules.after_redesign:  # e.g. [M-BONUS-3] a bonus card turns face down
            after(self, player)
        self._end_action_sequence()

    def _check_swap(self, action: Swap) -> None:
        self.require_phase(ACTION)
        if action.reserve_tile not in self.reserves[self.turn_player]:
            raise IllegalAction("B-TURN-6", "{tile} is not on your reserve", tile=action.reserve_tile)
        cell = self._alhambra_cell(action.alhambra_tile)
        tile = action.reserve_tile
        board = self.boards[self.turn_player]
        if board.extra is None:  # the base game's check, called directly: the search swaps often
            problem = alhambra.swap_violation(board.grid, cell, TILE_WALLS[tile], TILE_SIDES[tile])
        else:
            problem = board.swap_violation(cell, tile)
        if problem:
            raise _violation(problem)

    def _do_swap(self, action: Swap) -> None:
        player = self.turn_player
        cell = self.boards[player].cell_of(action.alhambra_tile)
        reserve = self.reserves[player]
        self._unbuild(player, cell)
        self._build(player, cell, action.reserve_tile)
        reserve.remove(action.reserve_tile)
        reserve.append(action.alhambra_tile)
        x, y = xy_of(cell)
        self.emit({"e": events.LIFT, "player": player, "tile": action.alhambra_tile, "from": [x, y]})
        self.emit({"e": events.PLACE, "player": player, "tile": action.reserve_tile, "at": [x, y]})
        self.emit({"e": events.RESERVE, "player": player, "tile": action.alhambra_tile})
        for after in self.rules.after_redesign:
            after(self, player)
        self._end_action_sequence()

    # --- declining the extra action [B-TURN-4]
    def _check_end_turn(self, action: EndTurn) -> None:
        self.require_phase(ACTION)
        if not self.held:
            raise IllegalAction(
                "B-TURN-4", "only an exact payment allows another action, so only then can it be declined"
            )

    def _do_end_turn(self, action: EndTurn) -> None:
        self.emit({"e": events.END_TURN, "player": self.turn_player})
        self._end_action_sequence()

    # --- pass [B-TURN-8]
    def _check_pass(self, action: Pass) -> None:
        """Only a player with no move at all passes.  Declining an exact payment's extra action is
        ``EndTurn``; records written before it existed pass there when nothing else was possible,
        which has the same effect, so that pass is still accepted."""
        self.require_phase(ACTION)
        if (
            self.take_actions()
            or self.buy_actions()
            or self.redesign_actions()
            or any(list(more(self)) for more in self.rules.turn_actions)
        ):
            raise IllegalAction("B-TURN-8", "a player who can act must act; passing is only for a player who cannot")

    def _do_pass(self, action: Pass) -> None:
        self.emit({"e": events.PASS, "player": self.turn_player})
        self._end_action_sequence()

    BASE_HANDLERS: ClassVar[dict[type, tuple]] = {
        Take: (_check_take, _do_take),
        Buy: (_check_buy, _do_buy),
        Place: (_check_place, _do_place),
        Reserve: (_check_reserve, _do_reserve),
        FromReserve: (_check_from_reserve, _do_from_reserve),
        Lift: (_check_lift, _do_lift),
        Swap: (_check_swap, _do_swap),
        EndTurn: (_check_end_turn, _do_end_turn),
        Pass: (_check_pass, _do_pass),
    }

    # ------------------------------------------------------------------ what §11 adds to an Alhambra
    def set_extra(self, player: int, extra: Extra) -> None:
        """``player``'s Alhambra gains what a module adds beyond the printed tiles (``extended.Extra``)."""
        self.boards[player] = self.boards[player].with_extra(extra)
        self._redesigns[player] = None

    def place_opening(self, action: Action, opened: tuple[tuple[int, int], ...], written: list[dict]) -> None:
        """``_do_place``, ``_do_from_reserve`` or ``_do_swap`` of a placement that opens passages ([M-GATE-5]): the
        module's events ``written`` come right after the ``place`` event."""
        if isinstance(action, Swap):
            player = self.turn_player
            cell = self.boards[player].cell_of(action.alhambra_tile)
            reserve = self.reserves[player]
            self._unbuild(player, cell)  # type: ignore[arg-type]
            self._build_opening(player, cell, action.reserve_tile, opened)  # type: ignore[arg-type]
            reserve.remove(action.reserve_tile)
            reserve.append(action.alhambra_tile)
            x, y = xy_of(cell)  # type: ignore[arg-type]
            self.emit({"e": events.LIFT, "player": player, "tile": action.alhambra_tile, "from": [x, y]})
            self.emit({"e": events.PLACE, "player": player, "tile": action.reserve_tile, "at": [x, y]})
            for event in written:
                self.emit(event)
            self.emit({"e": events.RESERVE, "player": player, "tile": action.alhambra_tile})
            for after in self.rules.after_redesign:
                after(self, player)
            self._end_action_sequence()
            return
        redesign = isinstance(action, FromReserve)
        player = self.turn_player if redesign else self.decider
        tile, cell = action.tile, action.cell  # type: ignore[union-attr]
        (self.reserves[player] if redesign else self.held).remove(tile)
        self._build_opening(player, cell, tile, opened)
        self.emit({"e": events.PLACE, "player": player, "tile": tile, "at": [action.x, action.y]})  # type: ignore[union-attr]
        for event in written:
            self.emit(event)
        if self.rules.after_place and self._after_place(player, tile, cell, redesign):
            return
        if redesign:
            self._end_action_sequence()
        else:
            self.after_placement()

    def _build_opening(self, player: int, cell: int, tile: int, opened: tuple[tuple[int, int], ...]) -> None:
        board = self.boards[player].placed(cell, tile)
        self.boards[player] = board.with_extra(extended.with_passages(board.extra, opened))
        self._redesigns[player] = None

    # ------------------------------------------------------------------ changing an Alhambra
    def _build(self, player: int, cell: int, tile: int) -> None:
        self.boards[player] = self.boards[player].placed(cell, tile)
        self._redesigns[player] = None

    def _unbuild(self, player: int, cell: int) -> None:
        self.boards[player] = self.boards[player].lifted(cell)
        self._redesigns[player] = None

    def forget_supply(self) -> None:
        """Tiles left the bag other than by a refill (e.g. dealt to Dirk): count the tiles to come afresh."""
        self._supply = None

    def _forget(self, player: int) -> None:
        """Drop what was computed from ``player``'s Alhambra and reserve (a test changed them in place)."""
        board = self.boards[player]
        self.boards[player] = Board(board.grid) if board.extra is None else Board(board.grid).with_extra(board.extra)
        self._redesigns[player] = None

    # ------------------------------------------------------------------ flow of a turn
    def _end_action_sequence(self) -> None:
        if self.held:
            self.phase = PLACE
        else:
            self._end_turn()

    end_action = _end_action_sequence  # a module's action ends the action phase like any other

    def after_placement(self) -> None:
        if self.held:
            return
        phase = self.phase
        if phase == PLACE:
            self._end_turn()
        elif phase == FINAL:
            self._next_final_decider()
        else:
            self.rules.placing[phase](self)  # e.g. a vizier purchase placed: the window goes on

    def _end_turn(self) -> None:
        """[B-TURN-7] refill market and offer; then any scoring drawn ([B-FILL-3]); then the next turn or the end."""
        if self.pause_before_refill:
            self.phase = TURN_END
            return
        for ending in self.rules.turn_ending:  # e.g. [M-CHEST-5] the chests bought this turn placed
            if ending(self):
                return
        market_short = self.refill_market()
        self.score_rounds(self.refill_offer())
        if market_short:  # [B-END-1]
            self._distribute()
            return
        for window in self.rules.before_windows:  # e.g. [M-THIEF-3] the thief window, before any other
            if window(self):
                return
        self.open_windows()

    def refill_offer(self) -> list[int]:
        """[B-FILL-2] refill the money offer to four cards; the rounds of the scoring cards drawn ([B-FILL-3])."""
        rounds = []
        aside = self.rules.cards_aside
        while len(self.offer) < OFFER_SIZE:  # [B-FILL-2]
            if not self.deck:
                if not self.discard or (aside and all(card in aside for card in self.discard)):
                    break  # a discard pile of cards that never enter the offer is not reshuffled ([M-GATE-3])
                self._reshuffle()
            card = self.deck.pop()
            self.drawn += 1
            if is_scoring_card(card):  # [B-FILL-3]
                rounds.append(scoring_round_of(card))
                self.emit({"e": events.SCORING_CARD, "round": rounds[-1]})
            elif aside and card in aside:  # a card a module lays beside the market ([M-GATE-3], [M-WALL-3])
                aside[card].card_aside(self, card)
            else:
                self.offer.append(card)
                if self.log is not None:
                    self.emit({"e": events.OFFER, "card": card})
        return rounds

    def score_rounds(self, rounds: list[int]) -> None:
        """[B-SCORE-1] the scorings whose cards were drawn, each with what follows it ([B-DIRK-2] Dirk's draws)."""
        for round_number in rounds:
            self._score(round_number)
            for after in self.rules.after_scoring:  # e.g. [B-DIRK-2] Dirk's draws
                after(self, round_number)

    def open_windows(self) -> None:
        """The turn and what came before the windows are over: the windows between turns ([M-VIZIER-2]), then the
        next turn."""
        for window in self.rules.after_turn:  # e.g. [M-VIZIER-2] the vizier window
            if window(self):
                return
        self.next_turn()

    def refill_market(self) -> bool:
        """[B-FILL-1] fill the empty market slots from the bag; True if the bag ran out first ([B-END-1])."""
        if self.rules.aside:  # a module sets some drawn tiles aside ([M-BAZAAR-2]): the base game's loop stays bare
            return self._refill_market_past_aside()
        market_short = False
        for index in range(MARKET_SIZE):
            if self.market[index] == EMPTY:
                if self.bag:
                    self.market[index] = self.bag.pop()
                    if self.log is not None:
                        self.emit({"e": events.MARKET, "slot": index + 1, "tile": self.market[index]})
                else:
                    market_short = True
        return market_short

    def _refill_market_past_aside(self) -> bool:
        """``refill_market`` drawing on past the tiles a module sets aside ([M-BAZAAR-2]: a bazaar goes beside the
        market, written in draw order among the ``market`` events)."""
        market_short = False
        for index in range(MARKET_SIZE):
            if self.market[index] == EMPTY:
                tile = self.draw_tile()
                if tile != EMPTY:
                    self.market[index] = tile
                    if self.log is not None:
                        self.emit({"e": events.MARKET, "slot": index + 1, "tile": tile})
                else:
                    market_short = True
        return market_short

    def draw_tile(self, aside: list[int] | None = None) -> int:
        """The next tile drawn from the bag that stays where it is drawn to (the market, Dirk's pile), or EMPTY when
        the bag runs out.  A tile a module sets aside when drawn ([M-BAZAAR-2]) goes to that module on the way,
        or into ``aside`` when one is given, for ``put_aside`` later (Dirk's draw writes them after his tiles)."""
        bag = self.bag
        modules = self.rules.aside
        while bag:
            tile = bag.pop()
            module = modules.get(tile)
            if module is None:
                return tile
            if aside is None:
                module.set_aside(self, tile)
            else:
                aside.append(tile)
        return EMPTY

    def put_aside(self, tiles: list[int]) -> None:
        """Hand tiles ``draw_tile`` collected to the modules that set them aside, in draw order."""
        for tile in tiles:
            self.rules.aside[tile].set_aside(self, tile)

    def end_game(self) -> None:
        """[B-END-1] the market could not be filled: the distribution and the last scoring."""
        self._distribute()

    def next_turn(self) -> None:
        """[B-TURN-1] the next player's turn begins."""
        self.idle_turns = 0 if self.progressed else self.idle_turns + 1
        self.progressed = False
        self.turn_player = (self.turn_player + 1) % self.players  # [B-TURN-1]
        self.decider = self.turn_player
        self.phase = ACTION
        self.turn += 1
        if self.log is not None:
            self.emit({"e": events.TURN, "player": self.turn_player})

    def _reshuffle(self) -> None:
        """[B-FILL-2] the discard pile becomes the new deck (no five-pile split)."""
        cards = self.discard
        if self.planned_shuffles:
            order = self.planned_shuffles.pop(0)
            if sorted(order) != sorted(cards):
                raise ValueError("[B-FILL-2] the reshuffled deck must be exactly the discard pile")
        else:
            order = sorted(cards)
            random.Random(self.seed * 1000 + self.reshuffles).shuffle(order)
        self.reshuffles += 1
        self.discard = []
        self.deck = list(reversed(order))
        self.emit({"e": events.RESHUFFLE, "deck": list(order)})

    def _score(self, round_number: int) -> None:
        """[B-SCORE-1] majorities ([B-SCORE-2], [B-SCORE-3]) and walls ([B-SCORE-4]).

        Modules may add collectors to the majorities (Dirk: [B-DIRK-3]); they rank like players,
        and the module credits what they earn.
        """
        for before in self.rules.before_scoring:  # e.g. [M-BONUS-3] eligible bonus cards revealed
            before(self)
        counts = [self.scoring_counts(p) for p in range(self.players)]
        owners: list[tuple[Module, int]] = []  # per extra collector: its module and its index there
        for module in self.rules.collectors:
            for index, collected in enumerate(module.collectors(self)):
                counts.append(collected)
                owners.append((module, index))
        points = majority_points(round_number, counts)
        awards = []
        players = self.players
        for collector, per_type in enumerate(points):
            for kind, earned in enumerate(per_type):
                if earned:
                    if collector < players:
                        self.scores[collector] += earned
                        awards.append({"player": collector, "what": BUILDING_TYPES[kind], "points": earned})
                    else:
                        module, index = owners[collector - players]
                        awards.append(module.award(self, index, kind, earned))
        for player in range(players):
            wall = self.boards[player].wall_length()
            if wall:
                self.scores[player] += wall
                awards.append({"player": player, "what": "wall", "points": wall})
        for items in self.rules.score_items:  # e.g. [M-CAMP-3] camps' lines, [M-FALCON-5] falcons
            for player, what, earned in items(self, round_number):
                if earned:
                    self.scores[player] += earned
                    awards.append({"player": player, "what": what, "points": earned})
        self.rounds_scored = round_number
        event = {"e": events.SCORE, "round": round_number, "points": awards, "totals": list(self.scores)}
        for fields in self.rules.score_fields:  # e.g. Dirk's total
            event.update(fields(self))
        self.emit(event)

    # ------------------------------------------------------------------ the end [B-END-1..3]
    def _distribute(self) -> None:
        """[B-END-2] each market tile goes to the single richest holder of its slot's currency."""
        for index in range(MARKET_SIZE):
            tile = self.market[index]
            if tile == EMPTY:
                continue
            totals = [self.currency_totals(p)[MARKET_CURRENCY[index]] for p in range(self.players)]
            best = max(totals)
            richest = [p for p in range(self.players) if totals[p] == best]
            receiver = richest[0] if len(richest) == 1 else None
            self.emit({"e": events.DISTRIBUTE, "slot": index + 1, "tile": tile, "player": receiver})
            if receiver is not None:
                self.market[index] = EMPTY
                self._supply = None
                self.final_held[receiver].append(tile)
        self.phase = FINAL
        self.held = []
        self._next_final_decider()

    def _next_final_decider(self) -> None:
        """Receivers place their end-of-game tiles one after another, in turn order from the next player."""
        for offset in range(1, self.players + 1):
            player = (self.turn_player + offset) % self.players
            if self.final_held[player]:
                self.decider = player
                self.held = self.final_held[player]
                self.final_held[player] = []
                return
        self._score(3)  # [B-END-3]
        self.phase = OVER
        self.decider = -1
        self.emit({"e": events.GAME_OVER, "scores": list(self.scores), "winners": self.winners()})


_HANDLERS: dict[Ruleset, dict[type, tuple]] = {}


def _handlers_of(rules: Ruleset) -> dict[type, tuple]:
    """Every action's (check, carry out) under ``rules``: the base game's, then the modules' (once per ruleset)."""
    table = _HANDLERS.get(rules)
    if table is None:
        table = _HANDLERS[rules] = {**GameState.BASE_HANDLERS, **rules.handlers}
        assert set(table) == set(ACTION_TYPES), "every action has exactly one handler"
    return table


def grid_cell(board: Board, action: Swap) -> int:
    """The cell of the tile a swap takes out."""
    return board.cell_of(action.alhambra_tile)  # type: ignore[return-value]


def describe_action(state: GameState, action: Action) -> str:
    """A fuller text than ``str(action)``: names the tile a purchase buys."""
    if isinstance(action, Buy) and action.slot in MARKET_SLOTS and state.in_slot(action.slot) != EMPTY:
        return f"{action} for {describe_tile(state.in_slot(action.slot))}"
    return str(action)


def said_action(state: GameState, action: Action) -> Message:
    """``action`` in a player's words (``action.said()``: no grid coordinates), naming the tile a purchase buys
    like ``describe_action``: a template and its arguments, which the client says in the player's language."""
    move = action.said()
    if isinstance(action, Buy) and action.slot in MARKET_SLOTS and state.in_slot(action.slot) != EMPTY:
        # TRANSLATORS: a market purchase and the tile it buys: "buy from slot 2 paying florin 3+4 for Tower 9"
        return Message.of("{move} for {tile}", move=move, tile=state.in_slot(action.slot))
    return move


__all__ = [
    "ACTION",
    "FINAL",
    "OVER",
    "PLACE",
    "GameState",
    "IllegalAction",
    "cell_at",
    "describe_action",
    "minimal_payments",
    "said_action",
]
