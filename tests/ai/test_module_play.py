"""The AI with expansion 1's modules: the vizier ([M-VIZIER-1] to [M-VIZIER-5]), exchange cards ([M-EXCH-1] to
[M-EXCH-4]), huts ([M-HUT-1] to [M-HUT-5]) and bonus cards ([M-BONUS-1] to [M-BONUS-3]).

Every agent plays whole games with all four on; the evaluation counts what a scoring will count; greedy
and MCTS take a hut and use the vizier where it clearly helps; decisions never depend on what a player
cannot know ([D-HIDDEN-1]).  MCTS runs with small iteration budgets: strength is measured by tournaments.
"""

from __future__ import annotations

import random

import pytest

from ai import make_agent
from ai.evaluation import expected_final_scores, projected_counts
from ai.fast_policy import Pricer, fast_action
from ai.mcts import Budget, MctsAgent
from ai.modules.vizier import best_window_move
from game.engine import ACTION, Buy, GameState, Take, deal
from game.engine.alhambra import cell_at
from game.engine.components import (
    ALL_MONEY,
    BONUS_TILE,
    CARD_CURRENCY,
    CARD_VALUE,
    EXCHANGE_PAIR,
    SLOT_CURRENCY,
    TILE_COST,
    TILE_TYPE,
)
from game.engine.knowledge import state_key
from game.engine.modules import bonus, exchange, huts, vizier
from game.engine.modules.exchange import ExchangeBuy
from game.engine.modules.huts import TakeHut
from game.engine.modules.vizier import VizierBuy, VizierPass, WakeVizier

ALL = ("vizier", "exchange", "huts", "bonus")
CHAMBERS = 3  # building type index
MODULE_MOVES = (TakeHut, ExchangeBuy, WakeVizier, VizierBuy, VizierPass)


def agent(name: str, seed: int = 0, iterations: int = 12):
    """The agent by name, MCTS cut down to a budget that keeps the suite quick."""
    found = make_agent(name, seed)
    if isinstance(found, MctsAgent):
        found.budget = Budget(iterations=iterations)
    return found


def play(names: list[str], seed: int, modules: tuple[str, ...] = ALL) -> tuple[GameState, dict[str, int]]:
    """A whole game between ``names``; every decision is checked to be legal.  Returns the end and the phases seen."""
    state = GameState.start(deal(len(names), seed, modules), seed)
    agents = [agent(name, seed + seat) for seat, name in enumerate(names)]
    seen: dict[str, int] = {}
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        choice = agents[state.decider].choose(state.knowledge(state.decider), legal) if len(legal) > 1 else legal[0]
        assert choice in legal and state.is_legal(choice), (state.phase, choice)
        seen[state.phase] = seen.get(state.phase, 0) + 1
        seen[type(choice).__name__] = seen.get(type(choice).__name__, 0) + 1
        state.apply(choice)
        decisions += 1
        assert decisions < 3000, "the game must end"
    return state, seen


@pytest.mark.slow
@pytest.mark.parametrize("name", ["random", "greedy", "mcts:easy"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_agent_plays_whole_games_with_all_four_modules(name: str, players: int) -> None:
    """[M-VIZIER-2] [M-VIZIER-4] [M-EXCH-3] [M-HUT-2] [M-BONUS-3] complete games, every decision legal, in every
    phase: turns, placing, vizier windows (whose decider is not the turn player) and their placing."""
    state, seen = play([name] * players, seed=40 + players)
    assert state.is_over
    assert seen.get(vizier.WINDOW, 0) > 0 and seen.get(ACTION, 0) > 0
    if name != "random":
        assert seen.get("VizierBuy", 0) + seen.get("TakeHut", 0) > 0, "the bots use the modules"


def test_the_bots_use_every_module_over_a_few_games() -> None:
    """[M-HUT-2] [M-EXCH-3] [M-VIZIER-2] [M-VIZIER-4] greedy takes huts, pays with exchange cards, buys with its
    vizier and wakes it again, over a few four-player games."""
    used: dict[str, int] = {}
    for seed in (1, 2):
        _, seen = play(["greedy"] * 4, seed)
        for kind in MODULE_MOVES:
            used[kind.__name__] = used.get(kind.__name__, 0) + seen.get(kind.__name__, 0)
    assert used["TakeHut"] and used["ExchangeBuy"] and used["VizierBuy"] and used["WakeVizier"], used


# ---------------------------------------------------------------------------------------------- positions


def money_of(state: GameState, currency: int, values: list[int]) -> list[int]:
    """Money cards of ``currency`` worth ``values``, taken out of the deck (so that no card is twice in play)."""
    found = []
    for value in values:
        card = next(
            c
            for c in ALL_MONEY
            if c in state.deck and CARD_CURRENCY[c] == currency and CARD_VALUE[c] == value and c not in found
        )
        state.deck.remove(card)
        found.append(card)
    return found


def build(state: GameState, player: int, tiles: dict[tuple[int, int], int]) -> None:
    """Put building tiles (taken out of the bag or market) into ``player``'s Alhambra; right after the start only."""
    for (x, y), tile in tiles.items():
        if tile in state.bag:
            state.bag.remove(tile)
        else:
            state.market[state.market.index(tile)] = state.bag.pop()
        state.boards[player] = state.boards[player].placed(cell_at(x, y), tile)
    state.forget_supply()


def hut_position() -> tuple[GameState, int]:
    """Three players with huts: player 0 has two chambers round an empty cell, no money, and a chambers hut
    on top of its stack that fits that cell; rival 1 has a chambers too."""
    state = GameState.start(deal(3, 5, ("huts",)), 5)
    state.turn_player = state.decider = 0
    build(state, 0, {(1, 0): 30, (0, 1): 31})
    build(state, 1, {(1, 0): 29})
    state.deck.extend(state.hands[0])
    state.hands[0] = []
    part = huts.of(state)
    assert part is not None
    stack = part.stacks[CHAMBERS]
    stack.remove(72)  # chambers hut, wall to the east: fits (1, 1) between the two
    stack.insert(0, 72)
    return state, 72


def test_greedy_takes_a_hut_that_clearly_helps_m_hut_2_m_hut_4() -> None:
    """[M-HUT-2] [M-HUT-4] a hut between two buildings of its colour makes both count twice: greedy takes it
    rather than money (it has none to buy with), and places it there."""
    state, hut = hut_position()
    legal = state.legal_actions()
    assert TakeHut(hut) in legal
    decision = make_agent("greedy").decide(state.knowledge(0), legal)
    assert decision.action == TakeHut(hut)
    assert "chambers" in decision.reason and "\n" not in decision.reason
    state.apply(decision.action)
    placed = make_agent("greedy").choose(state.knowledge(0), state.legal_actions())
    assert (placed.tile, placed.x, placed.y) == (hut, 1, 1)  # type: ignore[union-attr]
    state.apply(placed)
    assert state.scoring_counts(0)[CHAMBERS] == 4


def test_rollouts_price_a_hut_by_what_it_adds_m_hut_4() -> None:
    """[M-HUT-4] the quick policy prices the chambers hut above a hut of a colour the player has none of, and
    places it next to its colour."""
    state, hut = hut_position()
    pricer = Pricer(state)
    tops = [TakeHut(stack[0]) for stack in huts.of(state).stacks]  # type: ignore[union-attr]
    best = max(tops, key=pricer.price)
    assert best == TakeHut(hut) and pricer.price(best) > 1.0
    state.apply(TakeHut(hut))
    place = fast_action(state, random.Random(1), epsilon=0.0)
    assert (place.x, place.y) == (1, 1)  # type: ignore[union-attr]


def test_the_evaluation_counts_huts_neighbours_m_hut_4() -> None:
    """[M-HUT-4] the projected counts include each building next to a hut of its colour, like a scoring."""
    state, hut = hut_position()
    before = projected_counts(state, 0.45)[0][CHAMBERS]
    state.boards[0] = state.boards[0].placed(cell_at(1, 1), hut)
    huts.of(state).stacks[CHAMBERS].remove(hut)  # type: ignore[union-attr]
    state._forget(0)  # the Alhambra changed behind the state's back
    after = projected_counts(state, 0.45)[0][CHAMBERS]
    assert state.scoring_counts(0)[CHAMBERS] == 4
    assert after - before >= 2.0, "both chambers count once more"
    assert expected_final_scores(state)[0] > 0


def test_the_evaluation_counts_eligible_bonus_cards_m_bonus_2_m_bonus_3() -> None:
    """[M-BONUS-2] [M-BONUS-3] a bonus card counts one building more once its tile is in the Alhambra, revealed
    or not (a scoring reveals it); a card whose tile is elsewhere counts nothing; buying its tile is priced
    one count higher."""
    state = GameState.start(deal(3, 6, ("bonus",)), 6)
    part = bonus.of(state)
    assert part is not None
    card = part.cards[0][0]
    kind, cost = BONUS_TILE[card]  # type: ignore[misc]
    tile = next(t for t in range(54) if TILE_TYPE[t] == kind and TILE_COST[t] == cost)
    plain = state.boards[0].type_counts()[kind]
    assert projected_counts(state.clone(), 0.45)[0][kind] == plain
    state = GameState.start(deal(3, 6, ("bonus",)), 6)  # nothing worked out yet
    part = bonus.of(state)
    assert part is not None
    build(state, 0, {(1, 0): tile})
    assert bonus.eligible(state, 0, card) and card not in part.shown
    assert projected_counts(state, 0.45)[0][kind] == plain + 2  # the tile and the card
    assert state.scoring_counts(0)[kind] == plain + 1  # a scoring would reveal it first
    other = GameState.start(deal(3, 6, ("bonus",)), 6)
    other.boards[0] = other.boards[0].placed(
        cell_at(1, 0), next(t for t in range(54) if TILE_TYPE[t] == kind and TILE_COST[t] != cost)
    )
    assert projected_counts(other, 0.45)[0][kind] == plain + 1  # no card counted


def vizier_window() -> tuple[GameState, int]:
    """Three players with the vizier: after player 0's turn the window asks player 1, who holds the exact price
    of a chambers tile in the market and has as many chambers as each rival (buying it takes the lead)."""
    state = GameState.start(deal(3, 7, ("vizier",)), 7)
    state.turn_player = state.decider = 0
    build(state, 0, {(1, 0): 23})
    build(state, 1, {(1, 0): 24})
    build(state, 2, {(1, 0): 26})
    slot = 2
    tile = 25  # chambers, cost 7
    if tile in state.bag:
        state.bag.remove(tile)
        state.bag.append(state.in_slot(slot))
    state.market[slot - 1] = tile
    state.forget_supply()
    state.deck.extend(state.hands[1])
    state.hands[1] = money_of(state, SLOT_CURRENCY[slot], [3, 4])
    state.apply(state.take_actions()[0])  # player 0's turn ends: the window opens
    assert state.phase == vizier.WINDOW and state.decider == 1 and state.turn_player == 0
    return state, slot


def test_greedy_uses_the_vizier_for_a_clearly_good_tile_m_vizier_2() -> None:
    """[M-VIZIER-2] [M-VIZIER-3] asked in the window (not on its turn), greedy buys the chambers that gives it
    the lead, paying exactly, and places it at once."""
    state, slot = vizier_window()
    decision = make_agent("greedy").decide(state.knowledge(1), state.legal_actions())
    assert isinstance(decision.action, VizierBuy) and decision.action.slot == slot
    assert "before my turn" in decision.reason
    state.apply(decision.action)
    assert state.phase == vizier.PLACING and state.decider == 1
    state.apply(make_agent("greedy").choose(state.knowledge(1), state.legal_actions()))
    assert state.boards[1].type_counts()[CHAMBERS] == 2 and not vizier.of(state).awake[1]  # type: ignore[union-attr]


def test_mcts_uses_the_vizier_for_a_clearly_good_tile_and_searches_from_the_window_m_vizier_2() -> None:
    """[M-VIZIER-2] MCTS in the window decides like on a turn: it buys the tile; its leaves come after its own
    next turn, with the window's decider as the searcher."""
    state, slot = vizier_window()
    mcts = agent("mcts:normal", seed=3, iterations=200)
    horizon = mcts.horizon(state)
    assert horizon == state.turn + 1 + 1  # its next turn is the next one; the leaf follows it
    decision = mcts.decide(state.knowledge(1), state.legal_actions())
    assert isinstance(decision.action, VizierBuy) and decision.action.slot == slot


def test_the_quick_policy_decides_a_window_not_a_placement_m_vizier_2() -> None:
    """[M-VIZIER-2] in a window the rollouts choose among its purchases and the pass, priced: a pass at
    nothing, a purchase like an exact one without another action, less the vizier's option."""
    state, slot = vizier_window()
    pricer = Pricer(state)
    assert pricer.me == 1 and pricer.price(VizierPass()) == 0.0
    buy = next(a for a in state.legal_actions() if isinstance(a, VizierBuy))
    assert pricer.price(buy) < pricer.purchase(state.in_slot(slot), TILE_COST[state.in_slot(slot)], True)
    for seed in range(5):
        assert fast_action(state, random.Random(seed), epsilon=0.5) in state.legal_actions()


def test_the_quick_window_choice_is_the_best_priced_window_move_m_vizier_2() -> None:
    """[M-VIZIER-2] the rollouts' quick window decision, pricing one purchase per slot, picks what the best-priced
    of all the window's moves would be (the first on a tie), in every window of a few games with all four modules
    and with the vizier alone; every window offers a purchase besides the pass."""
    windows = 0
    for seed, modules in ((3, ALL), (4, ALL), (5, ("vizier",)), (6, ("vizier", "exchange"))):
        state = GameState.start(deal(3, seed, modules), seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == vizier.WINDOW:
                moves = state.legal_actions()
                assert len(moves) >= 2
                pricer = Pricer(state, exact_walls=False)
                assert best_window_move(state, pricer) == max(moves, key=pricer.price)
                windows += 1
            state.apply_trusted(fast_action(state, rng, epsilon=0.3))
    assert windows > 20


def test_waking_and_exchange_purchases_are_priced_m_vizier_4_m_exch_3() -> None:
    """[M-VIZIER-4] waking is worth the option it opens; [M-EXCH-3] a purchase with an exchange card is priced
    like the purchase less the card; taking an exchange card has a price ([M-EXCH-2])."""
    state = GameState.start(deal(3, 9, ALL), 9)
    vizier.of(state).awake[state.turn_player] = False  # type: ignore[union-attr]
    pricer = Pricer(state)
    assert pricer.price(WakeVizier()) > 0
    held = exchange.of(state)
    assert held is not None
    card = next(c for c in range(110, 116) if EXCHANGE_PAIR[c] == (0, 1))
    held.held[state.turn_player].append(card)
    state.hands[state.turn_player] = [c for c in state.hands[state.turn_player] if CARD_CURRENCY[c] > 1]
    state.hands[state.turn_player] += money_of(state, 1, [9, 9])
    moves = [a for a in state.legal_actions() if isinstance(a, ExchangeBuy)]
    assert moves, "dirhams pay for the florin slot with the card"
    pricer = Pricer(state)
    move = moves[0]
    tile = state.in_slot(move.slot)
    paid = sum(CARD_VALUE[c] for c in move.paid)  # type: ignore[misc]
    assert pricer.price(move) < pricer.purchase(tile, paid, True)
    assert pricer.price(Take((card,))) > 0


def test_greedy_explains_every_module_move_in_one_line() -> None:
    """Greedy's hint names what a module move does: a hut, an exchange purchase, waking, buying or resting."""
    greedy = make_agent("greedy")
    state = GameState.start(deal(3, 9, ALL), 9)
    me = state.turn_player
    lines = {}
    for action in state.legal_actions():
        if isinstance(action, TakeHut):
            lines["hut"] = greedy.reason(state, action, me, 1.0)  # type: ignore[attr-defined]
    vizier.of(state).awake[me] = False  # type: ignore[union-attr]
    lines["wake"] = greedy.reason(state, WakeVizier(), me, 1.0)  # type: ignore[attr-defined]
    card = 110
    exchange.of(state).held[me].append(card)  # type: ignore[union-attr]
    buy = next(a for a in state.legal_actions() if isinstance(a, Buy))
    lines["exchange"] = greedy.reason(state, ExchangeBuy(buy.slot, buy.paid, card), me, 1.0)  # type: ignore[attr-defined]
    window, _ = vizier_window()
    purchase = next(a for a in window.legal_actions() if isinstance(a, VizierBuy))
    lines["vizier"] = greedy.reason(window, purchase, 1, 1.0)  # type: ignore[attr-defined]
    lines["pass"] = greedy.reason(window, VizierPass(), 1, -1.0)  # type: ignore[attr-defined]
    assert set(lines) == {"hut", "wake", "exchange", "vizier", "pass"}
    for text in lines.values():
        assert text and "\n" not in text
    assert "count" in lines["hut"] and "after any player's turn" in lines["wake"]
    assert "pay together" in lines["exchange"] and "without spending an action" in lines["vizier"]
    assert "rest" in lines["pass"]


# ---------------------------------------------------------------------------------------------- [D-HIDDEN-1]


def midgame(seed: int, steps: int = 70, modules: tuple[str, ...] = ALL) -> GameState:
    """Three players ``steps`` decisions into a game with ``modules``: greedy bots, a random move three times in
    ten, so that the hidden cards and tiles lie anywhere."""
    state = GameState.start(deal(3, seed, modules), seed)
    rng = random.Random(seed)
    greedy = [make_agent("greedy", p) for p in range(3)]
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(
            greedy[state.decider].choose(state.knowledge(state.decider), legal)
            if rng.random() < 0.7
            else rng.choice(legal)
        )
    return state


def with_hidden_modules_changed(state: GameState, rng: random.Random) -> GameState:
    """The same game for ``state.decider`` but for the rivals' face-down bonus cards (swapped with the cards
    nobody holds) and the huts below each stack's top (shuffled)."""
    me = state.decider
    twin = state.clone()
    part = bonus.of(twin)
    assert part is not None
    for seat, cards in enumerate(part.cards):
        if seat == me:
            continue
        for index, card in enumerate(cards):
            if card not in part.known and part.aside:
                swap = part.aside.pop(rng.randrange(len(part.aside)))
                part.aside.append(card)
                cards[index] = swap
    for stack in huts.of(twin).stacks:  # type: ignore[union-attr]
        rest = stack[1:]
        rng.shuffle(rest)
        stack[1:] = rest
    return twin


@pytest.mark.parametrize("name", ["greedy", "mcts:easy"])
def test_decisions_never_depend_on_hidden_bonus_cards_or_huts_d_hidden_1(name: str) -> None:
    """[D-HIDDEN-1] [M-BONUS-1] [M-HUT-1] two games that differ only in the rivals' face-down bonus cards and
    the huts below the stack tops give the player the same knowledge, and a bot the same decision."""
    checked = 0
    for seed in (3, 4, 5):
        state = midgame(seed)
        twin = with_hidden_modules_changed(state, random.Random(seed))
        assert state_key(twin) != state_key(state), "the twin differs in what the player cannot know"
        me = state.decider
        assert twin.knowledge(me) == state.knowledge(me)
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        mine = agent(name, seed=8, iterations=40).choose(state.knowledge(me), legal)
        theirs = agent(name, seed=8, iterations=40).choose(twin.knowledge(me), legal)
        assert mine == theirs
        checked += 1
    assert checked == 3


def test_bots_never_reveal_a_bonus_card_m_bonus_2() -> None:
    """[M-BONUS-2] revealing is an optional move, never among the legal ones, so no bot makes it; the scorings
    reveal every eligible card by themselves ([M-BONUS-3])."""
    state, seen = play(["greedy", "greedy"], seed=12)
    assert "RevealBonus" not in seen
    part = bonus.of(state)
    assert part is not None and part.shown <= {c for cards in part.cards for c in cards}
