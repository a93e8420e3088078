"""RULES.md §2 (setup), with [B-DIRK-1]/[B-DIRK-2] for the two-player deal and ``deal_problems``,
the check a record's deal must pass."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from game.engine import GameState, deal
from game.engine.components import BUILDINGS, CARD_VALUE, SCORING_CARDS, TWO_PLAYER_MONEY
from game.engine.modules import dirk
from game.engine.setup import choose_start_player, deal_problems, money_cards_for, pile_sizes, scoring_windows

from .helpers import card

SEEDS = range(40)
PLAYERS = range(2, 7)


def rules_of(problems: list[str]) -> set[str]:
    assert all(p.startswith("[") and "] " in p for p in problems), problems
    return {p[1 : p.index("]")] for p in problems}


def total(hand) -> int:
    return sum(CARD_VALUE[c] for c in hand)


@pytest.mark.parametrize("players", PLAYERS)
def test_dealt_games_have_no_problems(players):
    """[B-SETUP-1..6] every deal the engine makes passes its own setup check, for 2-6 players."""
    for seed in SEEDS:
        assert deal_problems(deal(players, seed)) == []


@pytest.mark.parametrize("players", [0, 1, 7])
def test_player_count_out_of_range_is_refused_b_turn_1(players):
    """[B-TURN-1] Alhambra is for 2 to 6 players: dealing for another number fails."""
    with pytest.raises(ValueError):
        deal(players, 1)


def test_market_gets_four_distinct_buildings_b_setup_2():
    """[B-SETUP-2] four buildings go to the market; market, bag (and Dirk) hold each of the 54 buildings once."""
    for players in PLAYERS:
        for seed in SEEDS:
            d = deal(players, seed)
            assert len(d.market) == 4
            assert len(set(d.market)) == 4
            assert sorted(d.market + d.bag + d.parts.get("dirk", ())) == list(BUILDINGS)
    # the shuffle really shuffles: the market differs between seeds
    assert len({deal(3, seed).market for seed in SEEDS}) > 30


@pytest.mark.parametrize("players", PLAYERS)
def test_hands_dealt_until_twenty_b_setup_3(players):
    """[B-SETUP-3] each hand is dealt card by card until its total first reaches 20, so 20..28."""
    seen_totals = set()
    for seed in SEEDS:
        d = deal(players, seed)
        assert len(d.hands) == players
        for hand in d.hands:
            assert 20 <= total(hand) <= 28
            assert total(hand[:-1]) < 20, "a card was dealt after the hand had reached 20"
            seen_totals.add(total(hand))
    assert len(seen_totals) > 3


@pytest.mark.parametrize("players", PLAYERS)
def test_every_money_card_is_dealt_exactly_once(players):
    """[B-SETUP-3] [B-SETUP-5] [B-SETUP-6] hands, offer and deck hold the money and both scoring cards."""
    d = deal(players, 11)
    cards = [c for hand in d.hands for c in hand] + list(d.offer) + list(d.deck)
    assert sorted(cards) == sorted(money_cards_for(players) + SCORING_CARDS)


def test_start_player_fewest_cards_b_setup_4():
    """[B-SETUP-4] the player with the fewest money cards starts, even with a higher total."""
    many_small = (card("florin", 5), card("dirham", 5), card("denar", 5), card("ducat", 5))  # 4 cards, 20
    few_large = (card("florin", 9), card("dirham", 9), card("denar", 9))  # 3 cards, 27
    assert choose_start_player((many_small, few_large)) == 1
    assert choose_start_player((few_large, many_small)) == 0


def test_start_player_tie_on_cards_lowest_total_b_setup_4():
    """[B-SETUP-4] tied on the number of cards: the lowest total starts."""
    a = (card("florin", 9), card("dirham", 9), card("denar", 4))  # 3 cards, 22
    b = (card("florin", 9, 1), card("dirham", 9, 1), card("denar", 2))  # 3 cards, 20
    c = (card("florin", 8), card("dirham", 8), card("ducat", 8))  # 3 cards, 24
    assert choose_start_player((a, b, c)) == 1
    assert choose_start_player((c, a, b)) == 2


def test_start_player_full_tie_earliest_seat_b_setup_4():
    """[B-SETUP-4] (Choice) still tied on cards and total: the earliest of the tied seats starts."""
    high = (card("florin", 9), card("dirham", 9), card("denar", 5))  # 3 cards, 23
    low1 = (card("florin", 9, 1), card("dirham", 9, 1), card("ducat", 2))  # 3 cards, 20
    low2 = (card("denar", 9), card("ducat", 9), card("florin", 2))  # 3 cards, 20
    assert choose_start_player((high, low1, low2)) == 1
    assert choose_start_player((low2, high, low1)) == 0


def test_dealt_start_player_follows_the_rule_and_starts_b_setup_4_b_turn_1():
    """[B-SETUP-4] [B-TURN-1] in real deals the start player is the rule's choice, and takes the first turn."""
    starts = Counter()
    for players in PLAYERS:
        for seed in SEEDS:
            d = deal(players, seed)
            best = min((len(h), total(h), p) for p, h in enumerate(d.hands))[2]
            assert d.start_player == best
            starts[d.start_player] += 1
            state = GameState.start(d, seed, log=[])
            assert state.decider == state.turn_player == best
            assert state.log == [{"e": "turn", "player": best}]
    assert len(starts) > 2, "the start player should vary between deals"


@pytest.mark.parametrize("players", PLAYERS)
def test_offer_has_four_money_cards_b_setup_5(players):
    """[B-SETUP-5] four money cards face up in the money offer, never a scoring card."""
    for seed in SEEDS:
        d = deal(players, seed)
        assert len(d.offer) == 4
        assert not set(d.offer) & set(SCORING_CARDS)
        assert GameState.start(d, seed).offer == list(d.offer)


def test_pile_sizes_nearly_equal_b_setup_6():
    """[B-SETUP-6] the deck is split into five piles whose sizes differ by at most one."""
    for left in range(0, 120):
        sizes = pile_sizes(left)
        assert len(sizes) == 5
        assert sum(sizes) == left
        assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize("players", PLAYERS)
def test_scoring_cards_lie_in_piles_two_and_four_b_setup_6(players):
    """[B-SETUP-6] scoring card 1 lies in pile 2, scoring card 2 in pile 4 (pile 1 on top).

    The windows are recomputed here from the pile sizes, independently of ``scoring_windows``;
    over many seeds the cards land at several places inside their piles (they are shuffled in,
    not put on top).
    """
    positions: dict[int, set[int]] = {c: set() for c in SCORING_CARDS}
    for seed in range(120):
        d = deal(players, seed)
        money = len(d.deck) - 2
        base, extra = divmod(money, 5)
        sizes = [base + (i < extra) for i in range(5)]
        sizes[1] += 1
        sizes[3] += 1
        start2 = sizes[0]
        start4 = sizes[0] + sizes[1] + sizes[2]
        expected = ((SCORING_CARDS[0], start2, start2 + sizes[1]), (SCORING_CARDS[1], start4, start4 + sizes[3]))
        assert scoring_windows(len(d.deck)) == expected
        for c, first, after in expected:
            at = d.deck.index(c)
            assert first <= at < after
            positions[c].add(at - first)
    for c in SCORING_CARDS:
        assert min(positions[c]) == 0
        assert len(positions[c]) > 5


def test_dirk_gets_six_tiles_only_with_two_players_b_dirk_2():
    """[B-DIRK-2] with two players Dirk starts with 6 tiles from the bag; with more players there is no Dirk."""
    for seed in SEEDS:
        d = deal(2, seed)
        assert len(d.parts.get("dirk", ())) == 6
        assert dirk.plays(2)
        assert len(d.bag) == 54 - 4 - 6
        for players in range(3, 7):
            d = deal(players, seed)
            assert d.parts.get("dirk", ()) == ()
            assert not dirk.plays(players)
            assert len(d.bag) == 50


def test_two_player_deal_uses_72_cards_b_dirk_1():
    """[B-DIRK-1] the two-player deal uses the 72-card money set (one copy of each card removed)."""
    d = deal(2, 4)
    money = [c for hand in d.hands for c in hand] + list(d.offer) + [c for c in d.deck if c not in SCORING_CARDS]
    assert sorted(money) == sorted(TWO_PLAYER_MONEY)
    assert len(money) == 72


def test_same_seed_same_deal_different_seeds_different_deals_d_rng_1():
    """[D-RNG-1] a deal is determined by its seed; different seeds give different deals."""
    for players in PLAYERS:
        assert deal(players, 99) == deal(players, 99)
        assert len({deal(players, seed) for seed in SEEDS}) == len(SEEDS)


# ---------------------------------------------------------------- deal_problems, one kind of bad deal at a time
@pytest.fixture
def good3():
    return deal(3, 21)


@pytest.fixture
def good2():
    return deal(2, 21)


def test_problem_player_count_b_turn_1(good3):
    """[B-TURN-1] a deal for 7 or 1 players is refused."""
    assert rules_of(deal_problems(replace(good3, players=7))) == {"B-TURN-1"}
    assert rules_of(deal_problems(replace(good3, players=1))) == {"B-TURN-1"}


def test_problem_duplicated_or_missing_tile_b_comp_2(good3):
    """[B-COMP-2] a bag that repeats a market tile (and so lacks another) is refused."""
    bag = (good3.market[0], *good3.bag[1:])
    assert rules_of(deal_problems(replace(good3, bag=bag))) == {"B-COMP-2"}
    assert rules_of(deal_problems(replace(good3, bag=good3.bag[1:]))) == {"B-COMP-2"}


def test_problem_market_size_b_setup_2(good3):
    """[B-SETUP-2] a market of three tiles (the fourth moved back to the bag) is refused."""
    bad = replace(good3, market=good3.market[:3], bag=(good3.market[3], *good3.bag))
    assert rules_of(deal_problems(bad)) == {"B-SETUP-2"}


def test_problem_dirk_tiles_b_dirk_2(good2, good3):
    """[B-DIRK-1] [B-DIRK-2] Dirk needs exactly 6 tiles with two players, and a deal without him holds none."""
    dirk = good2.parts["dirk"]
    bad2 = replace(good2, parts={"dirk": dirk[:5]}, bag=dirk[5:] + good2.bag)
    assert rules_of(deal_problems(bad2)) == {"B-DIRK-2"}
    bad3 = replace(good3, parts={"dirk": good3.bag[:6]}, bag=good3.bag[6:])
    assert rules_of(deal_problems(bad3)) == {"B-DIRK-1"}


def test_problem_money_cards_b_comp_3(good2, good3):
    """[B-COMP-3] a deck missing a card, or a two-player deck holding a third copy, is refused."""
    money_at = next(i for i, c in enumerate(good3.deck) if c not in SCORING_CARDS)
    missing = replace(good3, deck=good3.deck[:money_at] + good3.deck[money_at + 1 :])
    assert "B-COMP-3" in rules_of(deal_problems(missing))
    third_copy = next(c for c in range(108) if c not in TWO_PLAYER_MONEY)
    swapped = tuple(third_copy if c == good2.deck[money_at] else c for c in good2.deck)
    assert rules_of(deal_problems(replace(good2, deck=swapped))) == {"B-COMP-3"}


def test_problem_hand_count_b_setup_3(good3):
    """[B-SETUP-3] one hand per player."""
    bad = replace(good3, hands=good3.hands[:2], deck=good3.hands[2] + good3.deck)
    assert "B-SETUP-3" in rules_of(deal_problems(bad))


def test_problem_overdealt_and_underdealt_hand_b_setup_3(good3):
    """[B-SETUP-3] a hand dealt past 20 (one card too many) or short of 20 is refused."""
    extra = next(c for c in good3.deck if c not in SCORING_CARDS)
    deck = tuple(c for c in good3.deck if c != extra)
    over = replace(good3, hands=(good3.hands[0] + (extra,), *good3.hands[1:]), deck=deck)
    assert "B-SETUP-3" in rules_of(deal_problems(over))
    short_hand = good3.hands[1][:-1]
    under = replace(good3, hands=(good3.hands[0], short_hand, good3.hands[2]), deck=(good3.hands[1][-1], *good3.deck))
    assert "B-SETUP-3" in rules_of(deal_problems(under))


def test_problem_scoring_card_in_hand_b_setup_3(good3):
    """[B-SETUP-3] scoring cards are removed before the deal: one in a hand is refused."""
    hand = good3.hands[0] + (SCORING_CARDS[0],)
    deck = tuple(c for c in good3.deck if c != SCORING_CARDS[0])
    assert "B-SETUP-3" in rules_of(deal_problems(replace(good3, hands=(hand, *good3.hands[1:]), deck=deck)))


def test_problem_wrong_start_player_b_setup_4(good3):
    """[B-SETUP-4] a start player other than the rule's choice is refused (and nothing else is wrong)."""
    wrong = (good3.start_player + 1) % 3
    assert rules_of(deal_problems(replace(good3, start_player=wrong))) == {"B-SETUP-4"}


def test_problem_offer_b_setup_5(good3):
    """[B-SETUP-5] an offer of three cards, or one holding a scoring card, is refused."""
    three = replace(good3, offer=good3.offer[:3], deck=(good3.offer[3], *good3.deck))
    assert rules_of(deal_problems(three)) == {"B-SETUP-5"}
    deck = tuple(good3.offer[0] if c == SCORING_CARDS[0] else c for c in good3.deck)
    scoring = replace(good3, offer=(SCORING_CARDS[0], *good3.offer[1:]), deck=deck)
    assert "B-SETUP-5" in rules_of(deal_problems(scoring))


def test_problem_scoring_card_outside_its_pile_b_setup_6(good3):
    """[B-SETUP-6] scoring card 1 on top of the deck (pile 1) or card 2 at the bottom (pile 5) is refused."""
    deck = list(good3.deck)
    deck.remove(SCORING_CARDS[0])
    on_top = replace(good3, deck=(SCORING_CARDS[0], *deck))
    assert rules_of(deal_problems(on_top)) == {"B-SETUP-6"}
    deck = list(good3.deck)
    deck.remove(SCORING_CARDS[1])
    at_bottom = replace(good3, deck=(*deck, SCORING_CARDS[1]))
    assert rules_of(deal_problems(at_bottom)) == {"B-SETUP-6"}
