"""Dealing a new game (RULES.md §2, [B-DIRK-1], [B-DIRK-2]).

A ``Deal`` (``play.Deal``) is everything chance decided before the first turn, in draw order.  It is kept
separate from the game state so that a game record can carry it verbatim and a replay can start
from it without the project's random number generator ([D-RNG-1]).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from .components import (
    ALL_MONEY,
    BUILDINGS,
    CARD_COUNT,
    CARD_VALUE,
    MARKET_SIZE,
    SCORING_CARDS,
    TILE_COUNT,
    is_building,
    is_money_card,
    scoring_round_of,
)
from .modules import MODULES
from .play import Deal
from .ruleset import Ruleset

MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_MONEY = 20
PILES = 5
SCORING_PILES = (2, 4)  # the first scoring card goes into pile 2, the second into pile 4


def money_cards_for(players: int, modules: tuple[str, ...] = ()) -> tuple[int, ...]:
    """[B-COMP-3] all 108 cards, unless a module plays with others ([B-DIRK-1]: 72 with two players)."""
    return Ruleset.of(players, modules).cards_for_money(ALL_MONEY)


def pile_sizes(money_left: int) -> list[int]:
    """[B-SETUP-6] five piles of nearly equal size; the first piles take the odd cards."""
    size, extra = divmod(money_left, PILES)
    return [size + (1 if i < extra else 0) for i in range(PILES)]


def scoring_windows(deck_length: int, pile_extras: tuple[int, ...] = (0,) * PILES) -> tuple[tuple[int, int, int], ...]:
    """Where each scoring card can be in the built deck: (card, first index, index after last).

    Every player knows the pile sizes, so this is public knowledge ([D-HIDDEN-1]) and a
    determinization must keep each scoring card inside its pile.  ``pile_extras`` counts the
    modules' cards shuffled into each pile (exchange cards: [M-EXCH-1]).
    """
    sizes = pile_sizes(deck_length - len(SCORING_CARDS) - sum(pile_extras))
    for pile in SCORING_PILES:
        sizes[pile - 1] += 1
    for pile, extra in enumerate(pile_extras):
        sizes[pile] += extra
    starts = [sum(sizes[:i]) for i in range(PILES)]
    return tuple(
        (card, starts[pile - 1], starts[pile - 1] + sizes[pile - 1])
        for card, pile in zip(SCORING_CARDS, SCORING_PILES, strict=False)
    )


def choose_start_player(hands: tuple[tuple[int, ...], ...]) -> int:
    """[B-SETUP-4] fewest cards, then lowest total; still tied, the earliest seat (our choice)."""
    return min(range(len(hands)), key=lambda p: (len(hands[p]), sum(CARD_VALUE[c] for c in hands[p]), p))


def pile_extras(modules: tuple[str, ...], players: int = MIN_PLAYERS) -> tuple[int, ...]:
    """The modules' cards in each of the five piles with ``players`` (public: every player sees the piles built)."""
    piles: list[list[int]] = [[] for _ in range(PILES)]
    for into in Ruleset.of(players, modules).deal_into_piles:
        into(_Counting(), piles, players)
    return tuple(map(len, piles))


class _Counting(random.Random):
    """A random source for counting the cards a module adds to the piles, not for dealing them."""

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        return None


def draw(bag: list[int], count: int, set_aside: Collection[int], aside: list[int]) -> tuple[list[int], list[int]]:
    """The first ``count`` tiles drawn from the top of ``bag`` that stay where they are drawn to, and the bag
    left; a tile of ``set_aside`` drawn on the way goes to ``aside`` and the next is drawn instead ([M-BAZAAR-2])."""
    if not set_aside:
        return bag[:count], bag[count:]
    drawn: list[int] = []
    at = 0
    while len(drawn) < count and at < len(bag):
        (aside if bag[at] in set_aside else drawn).append(bag[at])
        at += 1
    return drawn, bag[at:]


def deal(players: int, seed: int, modules: tuple[str, ...] = ()) -> Deal:
    """Shuffle and deal a new game exactly as §2 (and each chosen module's setup, §9) describes, all chance
    drawn from ``seed``.  Without modules the draws are exactly the base game's."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Alhambra is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    rules = Ruleset.of(players, tuple(modules))
    rng = random.Random(seed)
    bag = [*BUILDINGS, *rules.bag_tiles]  # e.g. [M-CAMP-1] camps, [M-BAZAAR-1] bazaars
    rng.shuffle(bag)
    aside: list[int] = []  # [M-BAZAAR-2] tiles a module sets aside as they are drawn, in draw order
    market, bag = draw(bag, MARKET_SIZE, rules.aside, aside)  # [B-SETUP-2]
    taken: dict[str, tuple[int, ...]] = {}  # the bag's tiles each module took at setup, in draw order
    for module in rules.setup_draws:  # e.g. [B-DIRK-2] Dirk's six tiles
        drawn, bag = draw(bag, module.setup_draw(players), rules.aside, aside)
        taken[module.name] = tuple(drawn)

    money = list(money_cards_for(players, modules))
    rng.shuffle(money)
    hands = []
    for _ in range(players):  # [B-SETUP-3]
        hand: list[int] = []
        while sum(CARD_VALUE[c] for c in hand) < START_MONEY:
            hand.append(money.pop(0))
        hands.append(tuple(hand))
    offer, money = money[:4], money[4:]  # [B-SETUP-5]

    piles = []
    at = 0
    for size in pile_sizes(len(money)):  # [B-SETUP-6]
        piles.append(money[at : at + size])
        at += size
    added: list[list[int]] = [[] for _ in range(PILES)]
    for card, pile in zip(SCORING_CARDS, SCORING_PILES, strict=False):
        added[pile - 1].append(card)
    for into in rules.deal_into_piles:  # e.g. [M-EXCH-1] two exchange cards into each of piles 2, 3 and 4
        into(rng, added, players)
    for pile, cards in enumerate(added):
        if cards:
            piles[pile].extend(cards)
            rng.shuffle(piles[pile])
    deck = [card for pile in piles for card in pile]
    for tile in aside:  # e.g. [M-BAZAAR-2] the bazaars drawn in setup wait beside the market
        name = rules.aside[tile].name
        taken[name] = (*taken.get(name, ()), tile)
    parts: dict[str, Any] = {}
    for module in rules.dealers:  # e.g. [M-HUT-1] the hut stacks, [M-BONUS-1] the bonus cards
        parts[module.name] = module.deal(rng, players, taken.get(module.name, ()))
    return Deal(
        players=players,
        bag=tuple(bag),
        deck=tuple(deck),
        hands=tuple(hands),
        start_player=choose_start_player(tuple(hands)),
        market=tuple(market),
        offer=tuple(offer),
        modules=tuple(modules),
        parts=parts,
    )


def deal_problems(d: Deal) -> list[str]:
    """Every way a deal (typically read from a record) breaks §2; empty when it is a legal deal."""
    problems = []
    if not MIN_PLAYERS <= d.players <= MAX_PLAYERS:
        return [f"[B-TURN-1] {d.players} players: Alhambra needs 2 to 6"]
    rules = Ruleset.of(d.players, d.modules)
    parts = _part_problems(d, rules)
    if parts:
        return parts  # the checks below read every part of the deal
    unknown = _unknown_ids(d)
    if unknown:
        return unknown  # the checks below index tables with the ids
    tiles = [*d.bag, *d.market, *_dealt_tiles(d, rules)]
    bag_tiles = rules.bag_tiles
    if sorted(tiles) != sorted(BUILDINGS + bag_tiles):
        problems.append(
            "[B-COMP-2] bag, market and Dirk must hold each of the 54 building tiles exactly once"
            + (" (and the modules' tiles)" if bag_tiles else "")
        )
    if len(d.market) != MARKET_SIZE:
        problems.append("[B-SETUP-2] the market must start with four tiles")
    cards = [c for hand in d.hands for c in hand] + list(d.offer) + list(d.deck)
    piles: list[list[int]] = [[] for _ in range(PILES)]
    for into in rules.deal_into_piles:
        into(_Counting(), piles, d.players)
    module_cards = [card for pile in piles for card in pile]
    if sorted(cards) != sorted(money_cards_for(d.players, d.modules) + SCORING_CARDS + tuple(module_cards)):
        problems.append(
            "[B-COMP-3] hands, offer and deck must hold each money card of the game and both scoring cards once"
            + (" (and the modules' cards)" if module_cards else "")
        )
    if len(d.hands) != d.players:
        problems.append("[B-SETUP-3] there must be one hand per player")
    all_money = True  # only money has a value ([B-COMP-3], [B-COMP-4])
    for seat, hand in enumerate(d.hands):
        money = all(map(is_money_card, hand))
        all_money = all_money and money
        values = [CARD_VALUE[c] for c in hand] if money else []
        if not money or sum(values) < START_MONEY or sum(values[:-1]) >= START_MONEY:  # type: ignore[arg-type]
            problems.append(f"[B-SETUP-3] seat {seat} must be dealt money until the total first reaches {START_MONEY}")
    if all_money and len(d.hands) == d.players and d.start_player != choose_start_player(d.hands):
        problems.append("[B-SETUP-4] the start player holds the fewest cards, then the lowest total, then sits first")
    if len(d.offer) != 4 or not all(map(is_money_card, d.offer)):
        problems.append("[B-SETUP-5] the money offer must start with four money cards")
    extras = tuple(map(len, piles))
    for card, first, after in scoring_windows(len(d.deck), extras):
        if card not in d.deck[first:after]:
            problems.append(f"[B-SETUP-6] scoring card {scoring_round_of(card)} must lie in its pile of the deck")
    drawn = (*d.market, *(tile for module in rules.setup_draws for tile in module.dealt_tiles(d.parts[module.name])))
    for module in rules.modules:
        problems.extend(module.deal_problems(d, drawn))
    return problems


def _part_problems(d: Deal, rules: Ruleset) -> list[str]:
    """A part of the deal for each module that keeps one, and none for a module that does not play."""
    problems = []
    for name in d.parts:
        if name not in rules.names:
            module = MODULES.get(name)
            reason = f"[{module.absent_rule}] {module.absent_reason}" if module else f"no module is named {name!r}"
            problems.append(reason)
    for module in rules.dealers:
        if module.name not in d.parts:
            problems.append(f"[B-SETUP-1] the deal has no part for the module {module.name!r}")
    return problems


def _dealt_tiles(d: Deal, rules: Ruleset) -> list[int]:
    """The bag's tiles the modules' parts of the deal hold ([B-DIRK-2] Dirk's, [M-BAZAAR-2] set aside)."""
    return [tile for module in rules.modules for tile in module.dealt_tiles(d.parts.get(module.name))]


def _unknown_ids(d: Deal) -> list[str]:
    """Ids that are no tile or card of the game (a deal read from a file may hold anything), or a start
    player who is no seat; ``deal_problems`` must not index a table with them."""

    def is_id(value: object, count: int) -> bool:
        return type(value) is int and 0 <= value < count  # bool, a subclass of int, is no id

    rules = Ruleset.of(d.players, d.modules)
    tiles = [*d.bag, *d.market, *_dealt_tiles(d, rules)]
    cards = [*d.deck, *d.offer, *(card for hand in d.hands for card in hand)]
    problems = []
    bag_tiles = set(rules.bag_tiles) if d.modules else set()
    if not all(is_id(tile, TILE_COUNT) and (is_building(tile) or tile in bag_tiles) for tile in tiles):
        problems.append(
            f"[B-COMP-2] bag, market and Dirk may hold only building tiles {BUILDINGS[0]} to {BUILDINGS[-1]}"
            + (" and the modules' tiles" if bag_tiles else "")
        )
    if not all(is_id(card, CARD_COUNT) for card in cards):
        problems.append(f"[B-COMP-3] hands, offer and deck may hold only cards 0 to {CARD_COUNT - 1}")
    if not is_id(d.start_player, d.players):
        problems.append(f"[B-SETUP-4] the start player must be a seat from 0 to {d.players - 1}")
    return problems
