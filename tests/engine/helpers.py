"""Helpers shared by the engine tests.

* finding components: a building with given walls/type, a money card by currency and value;
* building Alhambras by hand from ``{(x, y): tile id or wall letters}`` layouts;
* arranging a game state by hand (hands, offer, market, deck and bag tops, grids, reserves)
  by *moving* components, so that no tile or card is ever created or lost;
* invariants: conservation of every card and tile, and the contract of an illegal action
  (``IllegalAction`` whose message starts with ``[RULE-ID]``, state unchanged);
* playing random games.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable

import pytest

from ai.random_agent import RandomAgent
from game.engine import alhambra
from game.engine.actions import Action
from game.engine.alhambra import ORIGIN, cell_at, xy_of
from game.engine.board import Board
from game.engine.components import (
    ALL_MONEY,
    BONUS_CARDS,
    BUILDING_TYPES,
    BUILDINGS,
    CARD_CURRENCY,
    CARD_VALUE,
    COINS,
    CURRENCIES,
    EMPTY,
    EXCHANGE_CARDS,
    HUTS,
    MARKET_SIZE,
    PIECE_COLOUR,
    SCORING_CARDS,
    START_TILES,
    TILE_TYPE,
    TILE_WALLS,
    WALL_CARDS,
    is_bazaar,
    is_coin,
    is_exchange_card,
    is_gate_card,
    is_money_card,
    is_scoring_card,
    is_start_tile,
    is_wall_card,
    pays_as_money,
    scoring_round_of,
    walls_from_text,
)
from game.engine.game import Game, GameConfig, Seat
from game.engine.knowledge import state_key
from game.engine.modules import bazaars, bonus, chests, dirk, exchange, falcons, gates, huts, thieves, traders, walls
from game.engine.modules import change as change_module
from game.engine.record import RecordError, loads, to_record
from game.engine.setup import deal, money_cards_for
from game.engine.state import PLACE, GameState, IllegalAction

from .record_reader import check_structure, follow

RULE_MESSAGE = re.compile(r"^\[[BDM]-[A-Z]+-\d+\] \S")
Layout = dict[tuple[int, int], "int | str"]


# ------------------------------------------------------------------ components
def tiles_with(walls: str, kind: str | None = None) -> list[int]:
    """Building tiles whose walls are exactly ``walls`` (letters of NESW, "" for none), optionally of one type."""
    mask = walls_from_text(walls)
    return [t for t in BUILDINGS if TILE_WALLS[t] == mask and (kind is None or BUILDING_TYPES[TILE_TYPE[t]] == kind)]


def tile_with(walls: str, kind: str | None = None, avoid: Iterable[int] = ()) -> int:
    """The first building with exactly these walls (and type) that is not in ``avoid``."""
    avoid = set(avoid)
    for tile in tiles_with(walls, kind):
        if tile not in avoid:
            return tile
    raise LookupError(f"no free building with walls {walls!r} of type {kind!r}")


def tiles_of_type(kind: str) -> list[int]:
    return [t for t in BUILDINGS if BUILDING_TYPES[TILE_TYPE[t]] == kind]


def card(currency: str, value: int, copy: int = 0) -> int:
    """Id of the ``copy``-th money card of this currency and value (copies 0 and 1 exist in every game)."""
    matches = [c for c in ALL_MONEY if CURRENCIES[CARD_CURRENCY[c]] == currency and CARD_VALUE[c] == value]
    return matches[copy]


def value_of(cards: Iterable[int]) -> int:
    return sum(CARD_VALUE[c] for c in cards)


# ------------------------------------------------------------------ Alhambras
def build(layout: Layout, seat: int = 0, avoid: Iterable[int] = ()) -> dict[int, int]:
    """An Alhambra from ``{(x, y): tile}``; a tile given as wall letters (e.g. "NE", "") picks a
    distinct building with exactly those walls.  The seat's start tile is added at the origin."""
    used = {spec for spec in layout.values() if isinstance(spec, int)} | set(avoid)
    grid = {ORIGIN: START_TILES[seat]}
    for (x, y), spec in layout.items():
        assert (x, y) != (0, 0), "the origin holds the start tile"
        if isinstance(spec, str):
            spec = tile_with(spec, avoid=used)
            used.add(spec)
        grid[cell_at(x, y)] = spec
    return grid


def layout_of(grid: dict[int, int]) -> dict[tuple[int, int], int]:
    return {xy_of(cell): tile for cell, tile in grid.items()}


def with_tile(grid: dict[int, int], x: int, y: int, tile: int) -> dict[int, int]:
    new = dict(grid)
    new[cell_at(x, y)] = tile
    return new


def placement_ok(grid: dict[int, int], cell: int, tile: int) -> bool:
    """Independent oracle for §4: the cell is free and the Alhambra with the tile obeys every building rule."""
    if cell in grid:
        return False
    new = dict(grid)
    new[cell] = tile
    return alhambra.violations(new) == []


# ------------------------------------------------------------------ arranging a state by hand
def new_state(players: int = 3, seed: int = 1, log: bool = True, modules: tuple[str, ...] = ()) -> GameState:
    return GameState.start(deal(players, seed, modules), seed, log=[] if log else None)


def hut_stacks(state: GameState) -> list[list[int]]:
    """The six hut stacks (the lists themselves), or none where huts do not play."""
    part = huts.of(state)
    return part.stacks if part is not None else []


def exchange_held(state: GameState) -> list[list[int]]:
    """Each player's exchange cards (the lists themselves), or none where the module does not play."""
    part = exchange.of(state)
    return part.held if part is not None else []


def bazaars_waiting(state: GameState) -> list[int]:
    """The bazaars beside the market (the list itself), or an empty list where bazaars do not play ([M-BAZAAR-2])."""
    part = bazaars.of(state)
    return part.waiting if part is not None else []


def change_bag(state: GameState) -> list[int]:
    """The coins in the change bag (the list itself), or an empty list where change does not play ([M-CHANGE-2])."""
    part = state.parts.get(change_module.NAME)
    return part.bag if part is not None else []


def dirk_tiles(state: GameState) -> list[int]:
    """Dirk's pile (the list itself, to arrange it), or an empty list where he does not play."""
    part = dirk.of(state)
    return part.tiles if part is not None else []


def _owned_tiles(state: GameState) -> set[int]:
    owned = set(dirk_tiles(state)) | set(state.held)
    for p in range(state.players):
        owned |= set(state.boards[p].grid.values()) | set(state.reserves[p]) | set(state.final_held[p])
    return owned


def _pull_tiles(state: GameState, tiles: Iterable[int]) -> None:
    """Take tiles out of wherever they are; an emptied market slot is refilled from the bag."""
    tiles = set(tiles)
    emptied = []
    for tile in tiles:
        if tile in state.bag:
            state.bag.remove(tile)
        elif tile in state.market:
            index = state.market.index(tile)
            state.market[index] = EMPTY
            emptied.append(index)
        elif tile in dirk_tiles(state):
            dirk_tiles(state).remove(tile)
        elif tile in bazaars_waiting(state):
            bazaars_waiting(state).remove(tile)
        elif tile in state.held:
            state.held.remove(tile)
        elif any(tile in stack for stack in hut_stacks(state)):
            next(stack for stack in hut_stacks(state) if tile in stack).remove(tile)
        else:
            for p in range(state.players):
                if tile in state.reserves[p]:
                    state.reserves[p].remove(tile)
                    state._forget(p)
                cell = state.boards[p].cell_of(tile)
                if cell is not None:
                    del state.boards[p].grid[cell]
                    state._forget(p)
                if tile in state.final_held[p]:
                    state.final_held[p].remove(tile)
    for index in emptied:
        # [M-BAZAAR-2] a bazaar never fills a market slot
        state.market[index] = next(t for t in reversed(state.bag) if t not in tiles and not is_bazaar(t))
        state.bag.remove(state.market[index])


def set_grid(state: GameState, player: int, layout: Layout) -> dict[int, int]:
    """Replace ``player``'s Alhambra by a legal one; its old buildings go to the bottom of the bag."""
    old = [t for t in state.boards[player].grid.values() if not is_start_tile(t)]
    grid = build(layout, player, avoid=_owned_tiles(state) - set(old))
    assert alhambra.violations(grid) == [], f"test layout breaks §4: {alhambra.violations(grid)}"
    state.boards[player] = Board({ORIGIN: START_TILES[player]})
    new_tiles = [t for t in grid.values() if not is_start_tile(t)]
    _pull_tiles(state, new_tiles)
    for tile in old:
        if tile not in new_tiles:
            state.bag.insert(0, tile)
    state.boards[player] = Board(grid)
    state._forget(player)
    return grid


def set_reserve(state: GameState, player: int, tiles: list[int]) -> None:
    """Make ``player``'s reserve exactly ``tiles``; tiles it held before go to the bottom of the bag."""
    old = [t for t in state.reserves[player] if t not in tiles]
    state.reserves[player] = [t for t in state.reserves[player] if t in tiles]
    _pull_tiles(state, tiles)
    state.reserves[player] = list(tiles)
    state.bag[0:0] = old
    state._forget(player)


def set_market(state: GameState, tiles: list[int]) -> None:
    """Market slots 1..4 (``EMPTY`` for an empty slot); the tiles it held go to the bottom of the bag."""
    old = [t for t in state.market if t != EMPTY and t not in tiles]
    state.market = [EMPTY] * MARKET_SIZE
    _pull_tiles(state, [t for t in tiles if t != EMPTY])
    state.market = list(tiles)
    for tile in old:
        state.bag.insert(0, tile)


def set_dirk(state: GameState, tiles: list[int]) -> None:
    """Make Dirk's pile exactly ``tiles``; his old tiles go to the bottom of the bag."""
    pile = dirk_tiles(state)
    old = [t for t in pile if t not in tiles]
    pile[:] = [t for t in pile if t in tiles]
    _pull_tiles(state, tiles)
    pile[:] = list(tiles)
    state.bag[0:0] = old


def stack_bag(state: GameState, tiles: list[int]) -> None:
    """Put ``tiles`` on top of the bag: ``tiles[0]`` is the next one drawn."""
    _pull_tiles(state, tiles)
    state.bag.extend(reversed(tiles))


def set_bag(state: GameState, tiles: list[int]) -> None:
    """Make the bag exactly ``tiles`` (``tiles[0]`` drawn first).  The other bag tiles leave the
    game, so tests using this (typically to reach the end quickly) do not check conservation."""
    _pull_tiles(state, tiles)
    state.bag = list(reversed(tiles))


def hold(state: GameState, tiles: list[int]) -> None:
    """Move the current turn to its PLACE phase with ``tiles`` bought and waiting to be placed."""
    _pull_tiles(state, tiles)
    state.held = list(tiles)
    state.phase = PLACE
    state.decider = state.turn_player


def _pull_cards(state: GameState, cards: Iterable[int]) -> None:
    for c in set(cards):
        for pile in (state.deck, state.offer, state.discard, *state.hands, *exchange_held(state), change_bag(state)):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(f"card {c} is not in this game")


def set_hand(state: GameState, player: int, cards: list[int]) -> None:
    """Give ``player`` exactly ``cards``; their old cards go to the bottom of the deck."""
    old = [c for c in state.hands[player] if c not in cards]
    _pull_cards(state, cards)
    for c in old:
        state.hands[player].remove(c)
        state.deck.insert(0, c)
    state.hands[player] = list(cards)


def set_offer(state: GameState, cards: list[int]) -> None:
    old = [c for c in state.offer if c not in cards]
    _pull_cards(state, cards)
    for c in old:
        state.offer.remove(c)
        state.deck.insert(0, c)
    state.offer = list(cards)


def stack_deck(state: GameState, cards: list[int]) -> None:
    """Put ``cards`` on top of the deck: ``cards[0]`` is the next one drawn."""
    _pull_cards(state, cards)
    state.deck.extend(reversed(cards))


def empty_deck_into_discard(state: GameState) -> None:
    state.discard.extend(c for c in reversed(state.deck) if not is_scoring_card(c))
    state.deck = [c for c in state.deck if is_scoring_card(c)]


# ------------------------------------------------------------------ invariants
def all_cards(state: GameState) -> list[int]:
    """Money, scoring and exchange cards wherever they are (bonus cards are checked apart)."""
    held = [c for cards in exchange_held(state) for c in cards]
    return [c for hand in state.hands for c in hand] + state.offer + state.deck + state.discard + held


def all_tiles(state: GameState) -> list[int]:
    tiles = list(state.bag) + [t for t in state.market if t != EMPTY] + list(dirk_tiles(state)) + list(state.held)
    tiles += [t for stack in hut_stacks(state) for t in stack]
    tiles += bazaars_waiting(state)
    for p in range(state.players):
        tiles += list(state.boards[p].grid.values()) + list(state.reserves[p]) + list(state.final_held[p])
    return tiles


def check_conservation(state: GameState) -> None:
    """Every card and tile of the game is in exactly one place; nothing was created or lost.

    Cards: hands, offer, deck and discard pile, or (scoring cards only) drawn and set aside,
    which is the case exactly when that scoring has happened.  Tiles: bag, market, Alhambras,
    reserves, tiles waiting to be placed, Dirk's pile, and the bazaars beside the market.
    """
    cards = all_cards(state)
    money = sorted(c for c in cards if is_money_card(c))
    assert money == sorted(money_cards_for(state.players)), "money cards created, lost or duplicated"
    for scoring in SCORING_CARDS:
        count = cards.count(scoring)
        assert count == state.deck.count(scoring), "a scoring card left the deck for a hand, offer or discard"
        assert count == (0 if state.rounds_scored >= scoring_round_of(scoring) else 1), (
            f"scoring card {scoring} present {count} times after {state.rounds_scored} scorings"
        )
    exchanged = sorted(c for c in cards if is_exchange_card(c))
    assert exchanged == (list(EXCHANGE_CARDS) if state.rules.has(exchange.NAME) else []), "[M-EXCH-1] exchange cards"
    assert all(map(pays_as_money, (c for hand in state.hands for c in hand))), "[M-EXCH-2] hands hold money only"
    coins = sorted([c for c in cards if is_coin(c)] + change_bag(state))  # [M-CHANGE-4] coins in hands, or in the bag
    assert coins == (list(COINS) if state.rules.has(change_module.NAME) else []), "[M-CHANGE-1] coins created or lost"
    assert not any(map(is_coin, state.deck + state.offer + state.discard)), "[M-CHANGE-5] coins never in the deck"
    tiles = sorted(all_tiles(state))
    expected = [*BUILDINGS, *START_TILES[: state.players], *(HUTS if state.rules.has(huts.NAME) else ())]
    expected += state.rules.bag_tiles  # [M-CAMP-1] camps, [M-BAZAAR-1] bazaars
    assert tiles == sorted(expected), "tiles created, lost or duplicated"
    cards_of_bonus = bonus.of(state)
    if cards_of_bonus is not None:
        dealt = [c for cards in cards_of_bonus.cards for c in cards]
        assert sorted(dealt + cards_of_bonus.aside) == list(BONUS_CARDS), "[M-BONUS-1] bonus cards created or lost"
        for player, cards in enumerate(cards_of_bonus.cards):
            for card in cards:
                if card in cards_of_bonus.shown:
                    assert bonus.eligible(state, player, card), "[M-BONUS-3] a face-up card without its tile"
    birds = falcons.of(state)
    if birds is not None:  # each falcon in the supply or on one corner of one Alhambra
        perched = [f for perches in birds.perches for f, _ in perches.values()]
        assert sorted(birds.supply + perched) == list(falcons.FALCONS), "[M-FALCON-1] falcons created or lost"
    rogues = thieves.of(state)
    if rogues is not None:  # each thief face down in a hand, in the box, or played (out of the game)
        everywhere = [card for hand in rogues.hands for card in hand] + rogues.out + rogues.played
        assert sorted(everywhere) == list(thieves.THIEF_CARDS), "[M-THIEF-1] thieves created or lost"
    market = traders.of(state)
    if market is not None:  # each citizen on one disc, in the supply, or on one building as its resident
        living = [c for disc in market.discs for c in disc] + market.supply
        living += [c for on in market.residents for c in on.values()]
        assert sorted(living) == list(traders.CITIZENS), "[M-TRADER-1] citizens created or lost"
        for player, on in enumerate(market.residents):  # [M-TRADER-3] [M-TRADER-7] on a building of its colour
            owned = set(state.boards[player].grid.values()) | set(state.reserves[player])
            assert all(tile in owned and TILE_TYPE[tile] == PIECE_COLOUR[c] for tile, c in on.items())
            assert len(market.discs[player]) <= 3
    gated = gates.of(state)
    in_deck = sorted(c for c in state.deck + state.discard if is_gate_card(c))
    if gated is not None:  # each gate card in the deck or discard pile, beside the market, in a hand, or played
        shown = [gated.display] if gated.display != gates.NONE else []
        held = [c for cards in gated.held for c in cards]
        assert sorted(in_deck + shown + held + gated.played) == list(gates.cards_of(state.players)), (
            "[M-GATE-1] gate cards created or lost"
        )
    else:
        assert not in_deck, "[M-GATE-1] gate cards only with the city gates"
    assert not any(map(is_gate_card, state.offer)), "[M-GATE-3] a gate card is never one of the offer's cards"
    laid = walls.of(state)
    in_deck = sorted(c for c in state.deck + state.discard + state.offer if is_wall_card(c))
    if laid is not None:  # each wall card in the deck, face up beside the market, or used (out of the game)
        assert not any(map(is_wall_card, state.discard + state.offer)), "[M-WALL-3] wall cards never in the offer"
        assert sorted(in_deck + laid.shown + laid.used) == list(WALL_CARDS), "[M-WALL-1] wall cards created or lost"
    else:
        assert not in_deck, "[M-WALL-1] wall cards only with the city walls"
    chamber = chests.of(state)
    if chamber is not None:  # each chest in the bag, a room, waiting to be placed, or on one building
        placed = [chest for on in chamber.on for chest in on.values()]
        rooms = [chest for room in chamber.rooms for chest in room]
        everywhere = chamber.bag + rooms + chamber.pending + placed
        assert sorted(everywhere) == list(chests.CHESTS), "[M-CHEST-1] chests created or lost"
        for player, on in enumerate(chamber.on):  # [M-CHEST-5] [M-CHEST-6] on a building of its colour it owns
            owned = set(state.boards[player].grid.values()) | set(state.reserves[player])
            assert all(tile in owned and TILE_TYPE[tile] == PIECE_COLOUR[chest] for tile, chest in on.items())
    for p in range(state.players):
        assert state.boards[p].grid.get(ORIGIN) == START_TILES[p], "[B-SETUP-1] start tile left the origin"
    assert (dirk.of(state) is not None) == (state.players == 2), "[B-DIRK-1] Dirk plays exactly with two players"


def assert_illegal(state: GameState, action: Action, rule: str | None = None) -> IllegalAction:
    """``action`` raises IllegalAction naming ``rule``; the message starts with the rule id in
    brackets, ``is_legal`` agrees, and neither the state nor its log changed."""
    before = state_key(state)
    log_length = None if state.log is None else len(state.log)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    error = info.value
    message = str(error)
    assert RULE_MESSAGE.match(message), message
    assert message.startswith(f"[{error.rule}] "), message
    if rule is not None:
        assert error.rule == rule, message
    assert state_key(state) == before, f"illegal {action!r} changed the state"
    if log_length is not None:
        assert len(state.log) == log_length, f"illegal {action!r} wrote events"
    assert not state.is_legal(action)
    return error


# ------------------------------------------------------------------ games
def seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"P{i}", "random") for i in range(players))


def new_game(players: int, seed: int, modules: tuple[str, ...] = ()) -> Game:
    return Game.new(GameConfig(seed=seed, seats=seats(players), modules=tuple(modules)))


def play(
    state: GameState,
    choose: Callable[[GameState, list[Action]], Action],
    steps: int | None = None,
    check: Callable[[GameState], None] | None = None,
) -> int:
    """Apply ``choose``'s pick until the game is over (or ``steps`` decisions); returns decisions made.

    The choice includes the optional moves (a bonus card revealed early, [M-BONUS-2]) besides the legal ones."""
    made = 0
    while not state.is_over and (steps is None or made < steps):
        state.apply(choose(state, state.legal_actions() + state.optional_actions()))
        made += 1
        if check is not None:
            check(state)
    return made


def random_policy(rng: random.Random) -> Callable[[GameState, list[Action]], Action]:
    def choose(state: GameState, actions: list[Action]) -> Action:
        return rng.choice(actions)

    return choose


def play_random_game(players: int, seed: int, choice_seed: int | None = None) -> Game:
    game = new_game(players, seed)
    play(game.state, random_policy(random.Random(seed if choice_seed is None else choice_seed)))
    return game


def events_named(events: list[dict], name: str) -> list[dict]:
    return [event for event in events if event["e"] == name]


def played_preferring(
    players: int, seed: int, modules: tuple[str, ...], kinds: tuple[type[Action], ...], share: float
) -> dict:
    """The record of a whole game whose random choices (``random.Random(seed)``) take a move of ``kinds`` with
    chance ``share`` wherever one is legal, so that a module's moves are played often enough to be followed."""
    game = new_game(players, seed, modules)
    state = game.state
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        preferred = [a for a in legal if isinstance(a, kinds)]
        state.apply(rng.choice(preferred) if preferred and rng.random() < share else rng.choice(legal))
    return json.loads(json.dumps(to_record(game)))


def check_round_trip(record: dict) -> None:
    """[D-RNG-1] the independent reader follows ``record``; save → load → replay gives the same events, a game
    over, and the same record again."""
    check_structure(record)
    follow(record)
    game = loads(json.dumps(record))
    assert game.events == record["events"] and game.state.is_over
    assert json.loads(json.dumps(to_record(game))) == record


def play_with_random_agents(players: int, seed: int, modules: tuple[str, ...], boards: bool = False) -> None:
    """A whole game of random bots (``RandomAgent``), each deciding from its own knowledge: nothing created or lost
    after any move (with ``boards``, every Alhambra obeys §4 after any move), and the record replays to the same
    state."""
    game = new_game(players, seed, modules)
    state = game.state
    agents = [RandomAgent(s) for s in range(players)]
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(agents[state.decider].decide(state.knowledge(state.decider), legal).action)
        check_conservation(state)
        if boards:
            for board in state.boards:
                assert board.violations() == []
    assert state_key(loads(json.dumps(to_record(game))).state) == state_key(state)


def check_refused_in_one_line(record: dict) -> None:
    """Loading ``record`` (tampered with) is refused: a ``RecordError`` of one line, for a person to read."""
    with pytest.raises(RecordError) as info:
        loads(json.dumps(record))
    assert "\n" not in str(info.value)
