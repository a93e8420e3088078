"""The ways to pay a price from a set of money cards ([B-TURN-3]), shared by the base game's purchases and
the modules' (exchange cards: [M-EXCH-3]).  Cached: hands and prices recur far more often than they change.
"""

from __future__ import annotations

from functools import lru_cache

from .components import CARD_CURRENCY, CARD_VALUE, PAYS_IN_TWO, SLOT_CURRENCY, TILE_COST


@lru_cache(maxsize=65536)
def _minimal_payments(values: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    """Index sets into ``values`` (sorted descending) that cover ``cost`` and from which no card can be dropped.

    Equal values are interchangeable, so for k cards of one value only the first k are used:
    the list has one entry per distinct multiset of values.
    """
    groups: list[tuple[int, int, int]] = []  # (value, first index, count)
    for i, v in enumerate(values):
        if groups and groups[-1][0] == v:
            groups[-1] = (v, groups[-1][1], groups[-1][2] + 1)
        else:
            groups.append((v, i, 1))
    found: list[tuple[int, ...]] = []

    def extend(group: int, chosen: list[int], total: int) -> None:
        if total >= cost:
            if total - values[chosen[-1]] < cost:  # the smallest chosen card is needed
                found.append(tuple(chosen))
            return
        if group == len(groups):
            return
        value, first, count = groups[group]
        for k in range(count, -1, -1):
            extend(group + 1, chosen + list(range(first, first + k)), total + k * value)

    extend(0, [], 0)
    return tuple(found)


def minimal_payments(cards: list[int], cost: int) -> tuple[tuple[int, ...], ...]:
    """Payments from ``cards`` (all of one currency) covering ``cost`` that cannot drop a card."""
    return covering_payments(tuple(sorted(cards)), cost)


@lru_cache(maxsize=16384)
def covering_payments(cards: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    ordered = sorted(cards, key=lambda c: (-CARD_VALUE[c], c))
    values = tuple(CARD_VALUE[c] for c in ordered)
    if sum(values) < cost:
        return ()
    return tuple(tuple(ordered[i] for i in chosen) for chosen in _minimal_payments(values, cost))


CardPayment = tuple[int, tuple[int, ...]]  # a card that pays in two currencies, and the money paid with it


@lru_cache(maxsize=16384)
def two_currency_payments(
    held: tuple[int, ...], hand: tuple[int, ...], slot: int, tile: int, exact: bool
) -> tuple[CardPayment, ...]:
    """[M-EXCH-3] (card, money paid) for each card of ``held`` that lets two currencies pay for ``tile`` in market
    ``slot`` (an exchange card: one of them the slot's), with money from ``hand``: payments that cannot drop a card
    and need the card (paying in the slot's own currency needs none); only exact ones if ``exact``.  Remembered:
    the search asks again and again for the same few hands and markets."""
    currency = SLOT_CURRENCY[slot]
    cost = TILE_COST[tile]
    found = []
    for card in sorted(set(held)):
        pair = PAYS_IN_TWO[card]
        if currency not in pair:  # type: ignore[operator]
            continue
        cards = [c for c in hand if CARD_CURRENCY[c] in pair]  # type: ignore[operator]
        for paid in minimal_payments(cards, cost):  # type: ignore[arg-type]
            needs_card = any(CARD_CURRENCY[c] != currency for c in paid)
            if needs_card and (not exact or sum(CARD_VALUE[c] for c in paid) == cost):  # type: ignore[misc]
                found.append((card, paid))
    return tuple(found)
