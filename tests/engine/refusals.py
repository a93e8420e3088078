"""Refusals provoked over random play: the moves a player, a record or a careless caller might try.

``provoke`` plays random games (legal moves, bonus cards revealed early too) and at every decision tries moves
that are mostly illegal: moves legal earlier in the game, every kind of action with fields drawn from the
hand, the offer, the market, the Alhambra and the reserve or at random, and malformed ones.  Each refused move
gives its ``IllegalAction``.  Deterministic: the same games and tries on every run.

``refusals.txt`` beside this file keeps ``str(error)`` of every distinct refusal as the engine said them before
refusals kept a template and its arguments (issue 18), so that the test can hold today's English to it:

    python -m tests.engine.refusals    # rewrite refusals.txt from today's engine (only when the words change)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.engine import Buy, FromReserve, GameState, IllegalAction, Lift, Place, Swap, Take, deal
from game.engine.alhambra import xy_of
from game.engine.components import (
    BAZAAR_CURRENCY,
    CARD_COUNT,
    CARD_CURRENCY,
    EMPTY,
    EXCHANGE_PAIR,
    MARKET_SLOTS,
    SLOT_CURRENCY,
    TILE_COUNT,
)
from game.engine.modules import ACTION_TYPES, CHOOSABLE, gates, traders
from game.engine.modules.bazaars import BuyBazaar, VizierBuyBazaar
from game.engine.modules.chests import PlaceChest
from game.engine.modules.dirk import GiveToDirk
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.falcons import BuyFalcon
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate
from game.engine.modules.thieves import WINDOW, PlayThief
from game.engine.modules.vizier import VizierBuy
from game.engine.phases import TURN_END

GOLDEN = Path(__file__).with_name("refusals.txt")
# (players, seed, modules, decisions played): the base game, every module, and each table size
GAMES: tuple[tuple[int, int, tuple[str, ...], int], ...] = (
    (2, 1, (), 10_000),  # to the end: the last tiles placed ([B-END-2]) and the game over ([B-END-3])
    (3, 2, CHOOSABLE, 220),  # the modules offered at setup: a module added to the engine leaves this game as it was
    (4, 3, ("vizier", "exchange", "huts", "bonus"), 160),
    (2, 4, ("huts", "camps", "bazaars", "falcons"), 10_000),  # to the end: falcons bought one after another
    (3, 6, ("exchange", "falcons", "change"), 300),  # coins paying, with an exchange card and for falcons
    (4, 5, ("chests",), 10_000),  # to the end: the treasure chamber closed ([M-CHEST-7])
    (3, 7, ("thieves", "vizier", "exchange"), 10_000),  # to the end: thieves stealing before the vizier's window
    (3, 9, ("traders", "vizier", "huts"), 10_000),  # to the end: citizens settled, discs set aside and put back
    (2, 7, ("thieves", "exchange"), 10_000),  # to the end: an exchange card in the offer, which no thief takes
    (2, 5, ("huts", "bonus"), 10_000),  # to the end: a hut never given to Dirk, a bonus card shown twice
    (2, 5, ("gates",), 400),  # gates taken and played: every kind of gated placement listed
    (6, 3, ("gates",), 10_000),  # to the end: a player holding two gate cards tries a gate too many ([M-GATE-6])
    (3, 8, ("walls", "camps"), 10_000),  # to the end: wall cards tried on tiles of all kinds, camps among them
)
MALFORMED: tuple[Any, ...] = (True, None, 1.5, "3", -1, 10**9, (), [5], (1.5,), (0,) * 17)


def _cards(state: GameState, rng: random.Random) -> list[int]:
    """Cards worth trying: the decider's hand, the offer, a module's cards shown (bonus cards), and a few at random."""
    found = list(state.hands[state.decider]) + list(state.offer)
    for part in state.parts.values():
        found += sorted(getattr(part, "shown", ()))
    return found + [rng.randrange(CARD_COUNT) for _ in range(3)]


def _tiles(state: GameState, rng: random.Random) -> list[int]:
    """Tiles worth trying: waiting, on the decider's reserve, in their Alhambra, in the market, and at random."""
    player = state.decider
    found = list(state.held) + list(state.reserves[player]) + list(state.boards[player].grid.values())
    found += [tile for tile in state.market if tile != EMPTY]
    for part in state.parts.values():  # a module's pieces: falcons in the supply, bazaars waiting, huts on top
        found += [*getattr(part, "supply", ()), *getattr(part, "waiting", ()), *getattr(part, "pending", ())]
        found += [stack[0] for stack in getattr(part, "stacks", ()) if stack]
    return found + [rng.randrange(TILE_COUNT) for _ in range(3)]


def _value(name: str, state: GameState, rng: random.Random) -> Any:
    """A value for field ``name`` of an action: well formed mostly, malformed now and then."""
    if rng.random() < 0.04:
        return rng.choice(MALFORMED)
    if name in ("cards", "paid"):
        return tuple(rng.sample(_cards(state, rng), rng.randint(1, 3)))
    if name == "exchange":
        return tuple(rng.sample(_cards(state, rng), rng.choice((0, 1, 1, 2))))
    if name in ("card", "took"):  # a card, or the one a thief takes ([M-THIEF-3])
        return rng.choice(_cards(state, rng))
    if name in ("tile", "reserve_tile", "alhambra_tile", "falcon"):
        return rng.choice(_tiles(state, rng))
    if name in ("x", "y"):
        return rng.randint(-3, 3)
    if name == "slot":
        return rng.choice((1, 2, 3, 4, 1, 2, 3, 4, 0, 5))
    if name == "room":  # [M-CHEST-3] a room of the treasure chamber
        return rng.choice((1, 2, 3, 1, 2, 3, 0, 4))
    if name in ("piece", "other_piece"):  # a wooden piece to place ([M-CHEST-5] a chest)
        return rng.choice(_tiles(state, rng))
    if name == "sides":  # [M-GATE-5] the sides of a placement's gates
        return tuple(rng.sample(("N", "E", "S", "W"), rng.choice((1, 1, 2))))
    raise AssertionError(f"no values for the field {name!r}")


def _building(state: GameState, rng: random.Random) -> list[Any]:
    """Tiles placed, built from the reserve, lifted and swapped in the decider's Alhambra, on and around it
    (the building rules' refusals, [B-PLACE-2] to [B-PLACE-6])."""
    player = state.decider
    grid = state.boards[player].grid
    near = sorted(
        {(x + dx, y + dy) for x, y in map(xy_of, grid) for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
    )
    tries: list[Any] = []
    for tile in list(state.held) + list(state.reserves[player]):
        for x, y in rng.sample(near, min(4, len(near))):
            tries += [Place(tile, x, y), FromReserve(tile, x, y)]
    built = sorted(grid.values())
    tries += [GiveToDirk(tile) for tile in state.held]  # [B-DIRK-4] [B-DIRK-5] a tile waiting, given to Dirk
    tries += [Lift(tile) for tile in rng.sample(built, min(3, len(built)))]
    for tile in state.reserves[player]:
        tries += [Swap(tile, other) for other in rng.sample(built, min(3, len(built)))]
    return tries


def _paying(state: GameState) -> list[Any]:
    """Every purchase paid with all the decider's cards that could pay for it (overpaying where a purchase must
    be exact), and with each of their exchange cards (for slots it cannot pay for too); every pair of offered
    cards taken together."""
    player = state.decider
    hand = state.hands[player]
    tries: list[Any] = []
    exchange = state.parts.get("exchange")
    held: list[int] = list(exchange.held[player]) if exchange is not None else []  # type: ignore[attr-defined]
    for slot in MARKET_SLOTS:
        paid = tuple(card for card in hand if CARD_CURRENCY[card] == SLOT_CURRENCY[slot])
        tries += [Buy(slot, paid), VizierBuy(slot, paid, ())]
        for card in held:
            pair = EXCHANGE_PAIR[card]
            both = tuple(c for c in hand if CARD_CURRENCY[c] in pair)  # type: ignore[operator]
            tries += [
                ExchangeBuy(slot, both, card),
                VizierBuy(slot, both, (card,)),
                ExchangeBuy(slot, tuple(hand), card),
            ]
    bazaars = state.parts.get("bazaars")
    for tile in bazaars.waiting if bazaars is not None else ():  # type: ignore[attr-defined]
        paid = tuple(card for card in hand if CARD_CURRENCY[card] == BAZAAR_CURRENCY[tile])
        tries += [BuyBazaar(tile, paid), VizierBuyBazaar(tile, paid, ())]
    offer = list(state.offer)
    tries += [Take((first, second)) for i, first in enumerate(offer) for second in offer[i + 1 :]]
    return tries


def _perching(state: GameState, rng: random.Random) -> list[Any]:
    """[M-FALCON-3] falcons of the supply tried on corners where four tiles of the decider's Alhambra meet."""
    falcons = state.parts.get("falcons")
    hand = state.hands[state.decider]
    if falcons is None or not hand or not falcons.supply:  # type: ignore[attr-defined]
        return []
    built = set(map(xy_of, state.boards[state.decider].grid))
    corners = [(x, y) for x, y in sorted(built) if {(x - 1, y - 1), (x, y - 1), (x - 1, y)} <= built]
    return [BuyFalcon(rng.choice(falcons.supply), hand[0], x, y) for x, y in corners]  # type: ignore[attr-defined]


def _chests(state: GameState) -> list[Any]:
    """[M-CHEST-5] [M-CHEST-6] each chest waiting to be placed tried on every tile of the decider's Alhambra."""
    part = state.parts.get("chests")
    if part is None or not part.pending:  # type: ignore[attr-defined]
        return []
    grid = state.boards[state.decider].grid.values()
    return [PlaceChest(chest, tile) for chest in part.pending for tile in grid]  # type: ignore[attr-defined]


def _thieving(state: GameState) -> list[Any]:
    """[M-THIEF-3] [M-THIEF-9] in the thief window, each thief of the decider tried on every card of the offer."""
    part = state.parts.get("thieves")
    if part is None or state.phase != WINDOW:
        return []
    return [PlayThief(card, took) for card in part.hands[state.decider] for took in state.offer]  # type: ignore[attr-defined]


def _gating(state: GameState, rng: random.Random, seen: list[Any]) -> list[Any]:
    """[M-GATE-4] to [M-GATE-6] with the decider's gate cards: every placement, redesign and swap tried through a gate
    on each side and through two gates, the gated moves listed earlier with a gate too many, and the face-up gate
    card taken at any time."""
    part = state.parts.get("gates")
    if part is None:
        return []
    tries: list[Any] = []
    if part.display != gates.NONE:  # type: ignore[attr-defined]
        tries.append(TakeGate(part.display))  # type: ignore[attr-defined]
    held = sorted(part.held[state.decider])  # type: ignore[attr-defined]
    if not held:
        return tries
    sides = rng.sample(("N", "E", "S", "W"), 2)
    two = (held[0], held[1] if len(held) > 1 else held[0])
    for move in rng.sample(seen, min(6, len(seen))):
        if isinstance(move, (Place, FromReserve)):
            kind = GatedPlace if isinstance(move, Place) else GatedFromReserve
            tries += [kind(move.tile, move.x, move.y, (held[0],), (sides[0],)), kind(*move, two, tuple(sides))]
        elif isinstance(move, Swap):
            tries += [GatedSwap(*move, (held[0],), (sides[0],)), GatedSwap(*move, two, tuple(sides))]
    for move in state.legal_actions():  # a listed gated move with its gate elsewhere, and with one gate more
        if isinstance(move, (GatedPlace, GatedFromReserve, GatedSwap)):
            for side in ("N", "E", "S", "W"):
                if side not in move.sides:
                    tries.append(move._replace(sides=(side,)))
                    tries.append(move._replace(cards=(*move.cards, held[-1]), sides=(*move.sides, side)))
    return tries


def _stopped(state: GameState, rng: random.Random) -> GameState:
    """A look-ahead copy played on to where it stops, at the end of the turn ([B-TURN-7])."""
    copy = state.clone()
    copy.pause_before_refill = True
    while copy.phase != TURN_END and not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    return copy


def _tries(state: GameState, rng: random.Random, seen: list[Any]) -> list[Any]:
    """The moves tried at one decision."""
    tries: list[Any] = [rng.choice(seen) for _ in range(min(4, len(seen)))]
    tries += _paying(state) + _perching(state, rng) + _chests(state) + _thieving(state) + _gating(state, rng, seen)
    for kind in ACTION_TYPES:
        for _ in range(2):
            tries.append(kind(*(_value(name, state, rng) for name in kind._fields)))
    tries += _building(state, rng)
    if rng.random() < 0.05:
        kind = rng.choice(ACTION_TYPES)
        tries.append(tuple.__new__(kind, (1,) * (len(kind._fields) + 1)))  # one field too many
    if rng.random() < 0.05:
        tries.append(("take", 3))  # no action at all
    return tries


def provoke(players: int, seed: int, modules: tuple[str, ...], decisions: int) -> Iterator[IllegalAction]:
    """Every refusal of the moves tried over ``decisions`` random decisions of one game.  The game's moves are drawn
    apart from the tries, so a catalogue grown by a module (ids drawn at random) leaves the game's course alone."""
    rng = random.Random(seed)
    moves = random.Random(seed)
    state = GameState.start(deal(players, seed, modules), seed)
    seen: list[Any] = []
    for _ in range(decisions):
        if state.is_over:
            yield from _refused(state, seen[-4:])
            return
        yield from _refused(state, _tries(state, rng, seen))
        if rng.random() < 0.03:
            yield from _refused(_stopped(state, rng), seen[-2:])
        legal = state.legal_actions() + state.optional_actions()
        seen.extend(legal)
        del seen[:-200]
        state.apply(moves.choice(legal))


def _refused(state: GameState, tries: list[Any]) -> Iterator[IllegalAction]:
    for action in tries:
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction as error:
            yield error


def setup_choices() -> Iterator[IllegalAction]:
    """[M-TRADER-2] a person's secret choice at setup made wrong: two citizens of one colour, a disc beside no side of
    the start tile, a seat not at the table (the choices are made before the first decision, so no game tries them)."""
    dealt = deal(3, 9, ("traders",))
    for seat, colours, side in ((0, (0, 0, 1), (0, -1)), (0, (0, 1, 2), (2, 2)), (5, (0, 1, 2), (0, -1))):
        try:
            traders.choose(dealt, seat, colours, side)
        except IllegalAction as error:
            yield error


def all_refusals() -> Iterator[IllegalAction]:
    for game in GAMES:
        yield from provoke(*game)
    yield from setup_choices()


def main() -> None:
    said = sorted({str(error) for error in all_refusals()})
    GOLDEN.write_text("\n".join(said) + "\n", encoding="utf-8")
    print(f"{len(said)} refusals -> {GOLDEN}")


if __name__ == "__main__":
    main()
