"""The AI with four modules of expansions 3 and 4: change ([M-CHANGE-1] to [M-CHANGE-7]), thieves ([M-THIEF-1] to
[M-THIEF-9]), street traders ([M-TRADER-1] to [M-TRADER-8]) and the treasure chamber ([M-CHEST-1] to [M-CHEST-9]).

Greedy and the search finish whole games with each module alone and with the others, every decision legal, and
make every new move: steal or pass in the thief window, move a resident, choose or exchange a citizen, put the
disc back, buy a room of chests and place them, draw change and pay with coins.  In arranged positions they take
the obviously better choice, the evaluation counts what a scoring will count, the quick rollout policy prices the
same choices the same way, and greedy's hint explains each move.  No decision depends on a rival's face-down
thieves ([D-HIDDEN-1]).  MCTS runs with small iteration budgets: strength is measured by tournaments.
"""

from __future__ import annotations

import random

import pytest

from ai import make_agent
from ai.evaluation import expected_final_scores
from ai.fast_policy import Pricer, fast_action, turn_candidates
from ai.greedy import lookahead_copy
from ai.mcts import Budget, MctsAgent
from ai.modules import chests as chest_advice
from ai.modules import traders as trader_advice
from game.engine import Buy, GameState, Place, Take, deal
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    PIECE_COLOUR,
    SLOT_CURRENCY,
    TILE_COST,
    TILE_TYPE,
    is_coin,
    is_start_tile,
)
from game.engine.messages import Message
from game.engine.modules import chests, thieves, traders
from game.engine.modules.chests import BuyChests, PlaceChest
from game.engine.modules.thieves import WINDOW, PlayThief, ThiefPass
from game.engine.modules.traders import (
    CHOOSING,
    DISC_BACK,
    TRADING,
    MoveResident,
    NewCitizen,
    PutDisc,
    SwapCitizen,
    TraderPass,
)
from tests.engine.helpers import card, hold, new_state, set_bag, set_grid, set_hand, set_offer, stack_deck
from tests.engine.said import check_message
from tests.engine.test_chests import ARCADES, GARDEN, PAVILION, SERAGLIO, TOWER, fill_room
from tests.engine.test_thieves import deal_thieves, thief
from tests.engine.test_traders import set_disc

FOUR = ("change", "thieves", "traders", "chests")
MODULE_MOVES = (PlayThief, ThiefPass, MoveResident, NewCitizen, SwapCitizen, TraderPass, PutDisc, BuyChests, PlaceChest)


def agent(name: str, seed: int = 0, iterations: int = 8):
    """The agent by name, MCTS cut down to a budget that keeps the suite quick."""
    found = make_agent(name, seed)
    if isinstance(found, MctsAgent):
        found.budget = Budget(iterations=iterations)
    return found


def play(names: list[str], seed: int, modules: tuple[str, ...] = FOUR) -> tuple[GameState, dict[str, int]]:
    """A whole game between ``names``, every decision checked legal: the end, and how often each new kind of move
    was made (``coins drawn``: an overpayment that brought change; ``coins paid``: a payment with coins)."""
    state = GameState.start(deal(len(names), seed, modules), seed)
    agents = [agent(name, seed + seat) for seat, name in enumerate(names)]
    made: dict[str, int] = {}
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        choice = agents[state.decider].choose(state.knowledge(state.decider), legal) if len(legal) > 1 else legal[0]
        assert choice in legal and state.is_legal(choice), (state.phase, choice)
        kinds = [type(choice).__name__] if isinstance(choice, MODULE_MOVES) else []
        if isinstance(choice, (Buy, BuyChests)) and any(is_coin(c) for c in choice.paid):
            kinds.append("coins paid")
        coins_before = sum(map(is_coin, state.hands[state.decider]))
        player = state.decider
        state.apply(choice)
        if isinstance(choice, Buy) and sum(map(is_coin, state.hands[player])) > coins_before - sum(
            map(is_coin, choice.paid)
        ):
            kinds.append("coins drawn")
        for kind in kinds:
            made[kind] = made.get(kind, 0) + 1
        decisions += 1
        assert decisions < 4000, "the game must end"
    return state, made


# ---------------------------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("module", FOUR)
def test_greedy_and_the_search_finish_a_game_with_each_module_alone(module: str) -> None:
    """[M-CHANGE-3] [M-THIEF-3] [M-TRADER-3] [M-CHEST-3] greedy against MCTS (normal, cut down), two players, one
    module on: the game ends, every decision legal."""
    state, _ = play(["mcts:normal", "greedy"], seed=31, modules=(module,))
    assert state.is_over


@pytest.mark.parametrize(
    ("names", "seed"),
    [(["greedy", "mcts:easy", "beginner"], 32), (["mcts:hard", "greedy"], 33), (["greedy"] * 4, 34)],
)
def test_agents_finish_games_with_all_four_modules(names: list[str], seed: int) -> None:
    """[M-THIEF-3] [M-TRADER-3] [M-CHEST-5] two to four players, all four modules on, every decision legal, in every
    new phase: the thief window, the citizens' choices, the disc put back, the chests placed."""
    state, made = play(names, seed)
    assert state.is_over
    assert made.get("BuyChests", 0) and made.get("PlaceChest", 0) and made.get("PlayThief", 0), made


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_finishes_games_with_every_module(players: int) -> None:
    """Every module of the game at once ([M-VIZIER-2], [M-FALCON-2] … [M-CHEST-3]): MCTS hard and greedy finish."""
    from game.engine.modules import PLAYABLE

    names = ["mcts:hard", "greedy", "mcts:easy", "greedy"][:players]
    state, made = play(names, seed=40 + players, modules=PLAYABLE)
    assert state.is_over and made


def test_the_bots_make_every_new_move_over_a_few_games() -> None:
    """[M-THIEF-3] [M-THIEF-5] steal and pass; [M-TRADER-3] [M-TRADER-5] move a resident, choose and exchange a
    citizen, put the disc back; [M-CHEST-3] [M-CHEST-5] buy a room and place its chests; [M-CHANGE-3]
    [M-CHANGE-4] draw change and pay with coins: greedy does each over a few games."""
    made: dict[str, int] = {}
    for names, seed in ((["greedy"] * 2, 1), (["greedy"] * 3, 2), (["greedy"] * 4, 3)):
        _, seen = play(names, seed)
        for kind, count in seen.items():
            made[kind] = made.get(kind, 0) + count
    for kind in (
        "PlayThief",
        "ThiefPass",
        "MoveResident",
        "NewCitizen",
        "SwapCitizen",
        "PutDisc",
        "BuyChests",
        "PlaceChest",
        "coins drawn",
        "coins paid",
    ):
        assert made.get(kind, 0) > 0, (kind, made)


# ---------------------------------------------------------------------------------------------- hints


def check_hint(state: GameState, action: object, reason: Message, *words: str) -> None:
    """A hint is a Message the client can say, starting with the move, one line, naming ``words``."""
    assert isinstance(reason, Message), reason
    check_message(reason.template, dict(reason.args))
    assert reason.template.startswith("{move}") and "\n" not in reason and " at (" not in reason, reason
    for word in words:
        assert word in reason, (word, reason)


def greedy_decides(state: GameState, **hint_words: str):
    """Greedy's decision for the decider, its hint checked."""
    decision = make_agent("greedy").decide(state.knowledge(state.decider), state.legal_actions())
    check_hint(lookahead_copy(state), decision.action, decision.reason, *hint_words.values())  # type: ignore[arg-type]
    return decision.action


# ---------------------------------------------------------------------------------------------- thieves


def thief_window(small_only: bool = False) -> tuple[GameState, int, int, int]:
    """Two players with thieves; the one whose turn comes next is asked in the thief window.  They hold a card 2
    short of paying the tile in slot 1 exactly; the offer holds that slot's currency as a 2 (completes the payment)
    and a 6, or (``small_only``) a 1 alone.  Returns the state, the thief's player, and the 2's and the 6's ids."""
    state = new_state(2, 4, modules=("thieves",))
    p = state.turn_player
    q = 1 - p
    currency = CURRENCIES[SLOT_CURRENCY[1]]
    cost = TILE_COST[state.market[0]]
    other = next(c for c in CURRENCIES if c != currency)
    set_hand(state, q, [card(currency, cost - 2)])
    set_hand(state, p, [card(other, 1)])
    two, six = card(currency, 2), card(currency, 6)
    wanted = [card(currency, 1)] if small_only else [two, six]
    filler = [card(other, 9), card(other, 8), card(other, 7)][: 4 - len(wanted)]
    set_offer(state, [*wanted, *filler])
    stack_deck(state, [card(other, 3), card(other, 4)])
    deal_thieves(state, {q: [thief(currency), thief(currency, 1)], p: [thief(other)]})
    state.apply(Take((filler[-1],)))
    assert state.phase == WINDOW and state.decider == q
    return state, q, two, six


def test_a_thief_steals_the_card_that_completes_a_purchase_m_thief_3() -> None:
    """[M-THIEF-3] of a 2 that lets the player pay a market tile exactly and a 6 that does not, greedy, the quick
    rollout policy and the search steal the 2; the hint says which tile it pays."""
    state, q, two, _ = thief_window()
    action = greedy_decides(state, tile=str(Message.of("{tile}", tile=state.market[0])))
    assert isinstance(action, PlayThief) and action.took == two
    assert fast_action(state, random.Random(1), epsilon=0.0) == action
    search = MctsAgent(Budget(iterations=200), seed=3)
    assert search.decide(state.knowledge(q), state.legal_actions()).action == action


def test_a_thief_waits_for_a_better_card_early_in_the_game_m_thief_3() -> None:
    """[M-THIEF-3] with the whole game to come, a 1 is not worth a thief: greedy and the rollouts pass, and the
    hint says why."""
    state, _, _, _ = thief_window(small_only=True)
    assert any(isinstance(move, PlayThief) for move in state.legal_actions())
    assert greedy_decides(state) == ThiefPass()
    assert fast_action(state, random.Random(1), epsilon=0.0) == ThiefPass()


def test_no_bot_reads_a_rivals_face_down_thieves_d_hidden_1() -> None:
    """[D-HIDDEN-1] [M-THIEF-2] two games that differ only in which thieves the rival holds face down (and which
    lie in the box): the player's knowledge is the same, and so are the evaluation of either game and the
    decisions of greedy and of the search."""
    state, q, _, _ = thief_window()
    p = 1 - q
    part = thieves.of(state)
    assert part is not None and len(part.out) >= len(part.hands[p])
    other = state.clone()
    other_part = thieves.of(other)
    assert other_part is not None
    other_part.hands[p], other_part.out = (
        list(part.out[: len(part.hands[p])]),
        [
            *part.out[len(part.hands[p]) :],
            *part.hands[p],
        ],
    )
    assert sorted(other_part.hands[p]) != sorted(part.hands[p])
    assert state.knowledge(q) == other.knowledge(q)
    assert expected_final_scores(state) == expected_final_scores(other)
    for name in ("greedy", "mcts"):
        first = agent(name, 5, 60).decide(state.knowledge(q), state.legal_actions())
        second = agent(name, 5, 60).decide(other.knowledge(q), other.legal_actions())
        assert first.action == second.action


def test_the_evaluation_counts_thieves_by_number_and_the_stolen_card_as_money_m_thief_3() -> None:
    """[M-THIEF-3] a thief in hand is worth something while the game goes on, a stolen card is money in hand."""
    state, q, _, six = thief_window()
    before = expected_final_scores(state)[q]
    part = thieves.of(state)
    assert part is not None
    spent = state.clone()
    thieves.of(spent).hands[q].pop()  # type: ignore[union-attr]
    assert expected_final_scores(spent)[q] < before
    richer = state.clone()
    richer.hands[q].append(richer.offer.pop(richer.offer.index(six)))
    assert expected_final_scores(richer)[q] > before


# ---------------------------------------------------------------------------------------------- street traders


def trader_position() -> tuple[GameState, int]:
    """Three players with traders; the turn player has residents on a tower and a pavilion, a garden citizen on
    their disc at (1, 0), and a wall-less garden bought and waiting to be placed."""
    state = new_state(3, 1, modules=("traders",))
    p = state.turn_player
    set_grid(state, p, {(0, 1): TOWER, (0, -1): PAVILION})
    part = traders.of(state)
    assert part is not None
    for building in (TOWER, PAVILION):
        citizen = next(c for c in part.supply if PIECE_COLOUR[c] == TILE_TYPE[building])
        part.supply.remove(citizen)
        part.residents[p][building] = citizen
    set_disc(state, p, ["garden", "arcades", "seraglio"], at=(1, 0))
    hold(state, [GARDEN])
    return state, p


def test_a_building_goes_onto_the_disc_when_its_resident_completes_a_set_m_trader_3_m_trader_6() -> None:
    """[M-TRADER-3] [M-TRADER-6] a garden on the disc's cell makes the residents three colours (3 -> 6 points a
    scoring): greedy and the rollouts place it there, move the citizen in, take a citizen of a colour they have
    neither as resident nor on the disc, and put the disc back where a market tile of its colours fits."""
    state, p = trader_position()
    place = greedy_decides(state, score="3 -> 6")
    assert place == Place(GARDEN, 1, 0)
    assert fast_action(state, random.Random(1), epsilon=0.0) == place
    state.apply(place)
    assert state.phase == TRADING
    move = greedy_decides(state)
    assert isinstance(move, MoveResident) and fast_action(state, random.Random(1), epsilon=0.0) == move
    state.apply(move)
    assert state.phase == CHOOSING
    part = traders.of(state)
    assert part is not None
    taken = {PIECE_COLOUR[c] for c in part.discs[p]} | {TILE_TYPE[b] for b in part.residents[p]}
    new = greedy_decides(state)
    assert isinstance(new, NewCitizen) and PIECE_COLOUR[new.piece] not in taken
    rollout = fast_action(state, random.Random(1), epsilon=0.0)
    assert isinstance(rollout, NewCitizen) and PIECE_COLOUR[rollout.piece] not in taken
    state.apply(new)
    assert state.phase == DISC_BACK
    put = greedy_decides(state)
    assert isinstance(put, PutDisc)
    best = max(trader_advice.cell_factor(state, p, move.cell, part.discs[p]) for move in state.legal_actions())  # type: ignore[attr-defined]
    assert trader_advice.cell_factor(state, p, put.cell, part.discs[p]) == best
    rollout = fast_action(state, random.Random(1), epsilon=0.0)
    assert trader_advice.cell_factor(state, p, rollout.cell, part.discs[p]) == best  # type: ignore[attr-defined]


def test_the_evaluation_counts_residents_sets_at_every_scoring_to_come_m_trader_6() -> None:
    """[M-TRADER-6] [M-TRADER-7] the same Alhambra with the garden's citizen as its resident, or back in the supply:
    a third colour among the residents is worth its 3 more set points at each of the 3 scorings to come, or more."""
    state, p = trader_position()
    part = traders.of(state)
    assert part is not None
    citizen = next(c for c in part.discs[p] if PIECE_COLOUR[c] == TILE_TYPE[GARDEN])
    part.discs[p].remove(citizen)
    part.supply = sorted([*part.supply, citizen])
    set_grid(state, p, {(0, 1): TOWER, (0, -1): PAVILION, (-1, 0): GARDEN})
    without = expected_final_scores(state)[p]
    part.supply.remove(citizen)
    part.residents[p][GARDEN] = citizen
    assert traders.set_points(traders.counted(state, p)) == 6
    assert expected_final_scores(state)[p] - without >= 3 * 3 - 1e-9


# ---------------------------------------------------------------------------------------------- treasure chamber


def chest_position(last_round: bool = True) -> tuple[GameState, int]:
    """Two players with the treasure chamber near the end (the last scoring to come, eight tiles left): the turn
    player has a garden, tower, pavilion and arcades and no chest, 10 in money; room 1 holds chests of exactly those
    colours, room 2 seraglio and chambers chests (which only the rival can place); the rival has two chests."""
    state = new_state(2, 1, modules=("chests",))
    p = state.turn_player
    set_grid(state, p, {(1, 0): GARDEN, (-1, 0): TOWER, (0, 1): PAVILION, (0, -1): ARCADES})
    fill_room(state, 1, ["garden", "tower", "pavilion", "arcades"])
    fill_room(state, 2, ["seraglio", "seraglio", "chambers", "chambers"])
    grid = set_grid(state, 1 - p, {(1, 0): SERAGLIO, (-1, 0): "N"})
    part = chests.of(state)
    assert part is not None
    for building in (t for t in grid.values() if not is_start_tile(t)):
        chest = next(c for c in part.bag if PIECE_COLOUR[c] == TILE_TYPE[building])
        part.bag.remove(chest)
        part.on[1 - p][building] = chest
    set_hand(state, p, [card("florin", 5), card("ducat", 3), card("denar", 2)])
    if last_round:
        state.rounds_scored = 2
        set_bag(state, state.bag[-4:])
        state.forget_supply()
    return state, p


def test_a_room_is_bought_when_it_wins_the_chest_majority_m_chest_3_m_chest_8() -> None:
    """[M-CHEST-3] [M-CHEST-5] [M-CHEST-8] before the last scoring, room 1's four chests all fit the player's
    buildings and put them ahead of the rival's two: greedy and the rollouts buy it, paying at least 8, rather than
    a tile or money; the hint says how many chests fit."""
    state, _ = chest_position()
    action = greedy_decides(state, fit="4 of its chests fit")
    assert isinstance(action, BuyChests) and action.room == 1
    assert sum(CARD_VALUE[c] for c in action.paid) >= 8  # type: ignore[misc]
    rollout = fast_action(state, random.Random(1), epsilon=0.0)
    assert isinstance(rollout, BuyChests) and rollout.room == 1


def test_a_room_whose_chests_only_the_rival_can_place_is_not_worth_buying_m_chest_5() -> None:
    """[M-CHEST-5] chests the buyer cannot place go to the next player: room 2 would only help the rival."""
    state, _ = chest_position()
    pricer = Pricer(state)
    rooms = {move.room: pricer.price(move) for move in turn_candidates(state) if isinstance(move, BuyChests)}
    assert rooms[2] < 0 < rooms[1]


def test_the_evaluation_counts_the_chests_bought_and_waiting_to_be_placed_m_chest_5_m_chest_8() -> None:
    """[M-CHEST-5] [M-CHEST-8] in greedy's look ahead the chests of a purchase wait for the turn's end: counted for
    the buyer where they will go; once placed they count as much; then placing them is explained."""
    state, p = chest_position()
    before = expected_final_scores(state)[p] - expected_final_scores(state)[1 - p]
    look = lookahead_copy(state)
    paid = (card("florin", 5), card("ducat", 3))
    look.apply(BuyChests(1, paid))
    assert chests.of(look).pending and chest_advice.chest_counts(look)[p] == 4  # type: ignore[union-attr]
    after = expected_final_scores(look)
    assert after[p] - after[1 - p] > before + 5
    state.apply(BuyChests(1, paid))
    assert state.phase == chests.PLACING and state.decider == p
    greedy_decides(state, chests="my chests 0 -> 1")


# ---------------------------------------------------------------------------------------------- change


def change_position(bag_coins: bool = True) -> tuple[GameState, int, Buy]:
    """Two players with change: the turn player holds one card, which overpays the tile of slot 1 (cost 4) by 4."""
    state = new_state(2, 1, modules=("change",))
    p = state.turn_player
    assert TILE_COST[state.market[0]] == 4
    set_hand(state, p, [card(CURRENCIES[SLOT_CURRENCY[1]], 8)])
    buy = next(a for a in state.legal_actions() if isinstance(a, Buy) and a.slot == 1)
    if not bag_coins:
        state.parts["change"].bag.clear()  # type: ignore[attr-defined]
    return state, p, buy


def test_rollouts_price_an_overpayment_with_its_change_m_change_3() -> None:
    """[M-CHANGE-3] [M-CHANGE-4] overpaying by 4 brings two coins of value 1: the rollouts price the purchase as if it
    had cost 2 less (6, not 8); with the change bag empty, at its full price."""
    for bag_coins, paid in ((True, 6), (False, 8)):
        state, _, buy = change_position(bag_coins)
        pricer = Pricer(state)
        assert pricer.buy(buy) == pytest.approx(pricer.tile_gain(state.market[0]) + pricer.money_value(-paid))
    full, _, buy = change_position()
    empty, _, _ = change_position(bag_coins=False)
    assert Pricer(full).buy(buy) > Pricer(empty).buy(buy)


def test_change_is_money_in_the_evaluation_and_explained_in_the_hint_m_change_3_m_change_4() -> None:
    """[M-CHANGE-4] a coin in hand counts like money of value 1; greedy's hint on an overpayment of 4 says that two
    coins come back, and on a payment with coins that coins pay."""
    state, p, buy = change_position()
    before = expected_final_scores(state)[p]
    richer = state.clone()
    coin = richer.parts["change"].bag.pop()  # type: ignore[attr-defined]
    richer.hands[p].append(coin)
    assert expected_final_scores(richer)[p] > before
    reason = make_agent("greedy").reason(lookahead_copy(state), buy, p, 1.0)  # type: ignore[attr-defined]
    check_hint(state, buy, reason, "change coins back: 2")
    look = lookahead_copy(state)
    look.apply(buy)
    assert sum(map(is_coin, look.hands[p])) == 2
    coins = [c for c in state.parts["change"].bag if CARD_CURRENCY[c] == SLOT_CURRENCY[1]][:2]  # type: ignore[attr-defined]
    state.parts["change"].bag = [c for c in state.parts["change"].bag if c not in coins]  # type: ignore[attr-defined]
    state.hands[p] = [card(CURRENCIES[SLOT_CURRENCY[1]], 2), *coins]
    with_coins = next(
        a for a in state.legal_actions() if isinstance(a, Buy) and any(is_coin(c) for c in a.paid) and a.slot == 1
    )
    reason = make_agent("greedy").reason(lookahead_copy(state), with_coins, p, 1.0)  # type: ignore[attr-defined]
    check_hint(state, with_coins, reason, "change coins")


def test_every_module_move_of_a_game_has_a_hint() -> None:
    """Greedy's hint on every move it makes in a game with the four modules is a Message starting with the move;
    the new moves have hints of their own (not the catch-all)."""
    state = GameState.start(deal(3, 8, FOUR), 8)
    greedy = make_agent("greedy")
    own = 0
    while not state.is_over:
        legal = state.legal_actions()
        decision = greedy.decide(state.knowledge(state.decider), legal)
        check_hint(lookahead_copy(state), decision.action, decision.reason)
        if isinstance(decision.action, MODULE_MOVES):
            assert "expected points against the strongest rival" not in decision.reason, decision.reason
            own += 1
        state.apply(decision.action)
    assert own > 10
