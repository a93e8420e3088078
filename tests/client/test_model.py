"""The client's pure parts (no pygame): the table's undo and staging, payments, narration, score sheets."""

from __future__ import annotations

import random

from positions import exact_payment_game

from ai import make_agent
from game.client.narrate import narrate
from game.client.score_sheet import ranks_of, sheet_for
from game.client.table import Table, _subsets_summing, agent_label, usable_agent
from game.engine import Buy, EndTurn, Game, GameConfig, Seat, Take
from game.engine.components import CARD_VALUE, MARKET_SLOTS, TILE_COST
from game.engine.modules import dirk


def test_exact_payments_are_distinct_and_exact() -> None:
    table = Table.new(["You"], ["random"], seed=1)
    state = table.state
    for slot in MARKET_SLOTS:
        tile = state.in_slot(slot)
        for paid in table.exact_payments(slot):
            assert sum(CARD_VALUE[c] for c in paid) == TILE_COST[tile]
            assert state.is_legal(Buy(slot, paid))
        values = [tuple(CARD_VALUE[c] for c in paid) for paid in table.exact_payments(slot)]
        assert len(values) == len(set(values))


def test_subsets_summing_finds_every_multiset() -> None:
    cards = [26, 23, 17, 8, 3]  # values depend on ids; compute the expectation by brute force
    from itertools import combinations

    target = 9
    expected = {
        tuple(sorted(CARD_VALUE[c] for c in combo))
        for n in range(1, 6)
        for combo in combinations(cards, n)
        if sum(CARD_VALUE[c] for c in combo) == target
    }
    cards_sorted = sorted(cards, key=lambda c: -CARD_VALUE[c])
    found = {tuple(sorted(CARD_VALUE[c] for c in paid)) for paid in _subsets_summing(cards_sorted, target)}
    assert found == expected


def test_ends_turn_is_asked_on_a_clone_and_undo_restores_the_start() -> None:
    table = Table.new(["You"], ["random"], seed=1)  # seed 1: the human starts
    table.begin_human_turn()
    state = table.state
    take = Take((state.offer[0],))
    assert table.ends_turn(take)
    assert len(table.game.events) == 1, "asking changes nothing"
    exact = next(((slot, paid) for slot in MARKET_SLOTS for paid in table.exact_payments(slot)), None)
    if exact is not None:
        buy = Buy(*exact)
        assert not table.ends_turn(buy)
        table.apply(buy)
        assert table.can_undo
        table.undo()
        assert table.state.market == state.market and len(table.game.events) == 1
    table.stage(take, "take")
    assert table.can_undo
    table.commit()
    assert table.state.turn_player == 1 and table.staged is None


def test_declining_the_extra_action_does_not_end_the_turn_and_undo_covers_it() -> None:
    """[B-TURN-4] EndTurn after an exact payment leads to placing, by the same player: applied at once, undoable."""
    game, buy = exact_payment_game()
    table = Table(game, (0,))
    table.begin_human_turn()
    start = game.copy()
    table.apply(buy)
    assert table.acting and not table.ends_turn(EndTurn())
    assert table.apply(EndTurn()) == [{"e": "end_turn", "player": 0}]
    assert table.placing and table.state.held == [start.state.in_slot(buy.slot)] and table.can_undo
    table.undo()
    assert table.acting and table.state.held == [] and table.game.events == start.events
    assert table.state.hands == start.state.hands and table.state.market == start.state.market


def test_narration_of_declining_the_extra_action() -> None:
    """[B-TURN-4] the log says who stopped after an exact payment, in the words of the table."""
    events = [{"e": "end_turn", "player": 1}, {"e": "end_turn", "player": 0}]
    texts = [line.text for line in narrate(events, ["You", "Ann"], you=0)]
    assert texts == ["Ann ends the turn without the extra action", "You end the turn without the extra action"]
    assert narrate(events[:1], ["Bob", "Ann"])[0].seat == 1, "the line is Ann's, for the log's colours"


def test_agent_names_and_fallbacks() -> None:
    assert agent_label("mcts:hard") == "MCTS hard"
    assert agent_label("greedy") == "Greedy"
    assert usable_agent("no-such-agent") in {"random", "greedy", "mcts:hard", "mcts:normal", "mcts:easy"}


def played_game(seed: int, players: int = 2) -> Game:
    seats = tuple(Seat(f"P{i}", "random") for i in range(players))
    game = Game.new(GameConfig(seed=seed, seats=seats))
    agent = make_agent("random", seed)
    while not game.state.is_over:
        state = game.state
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    return game


def test_narration_covers_a_whole_game_and_addresses_you() -> None:
    game = played_game(3)
    names = [seat.name for seat in game.config.seats]
    lines = narrate(game.events, names, you=0)
    texts = [line.text for line in lines]
    assert any(text.startswith("You ") for text in texts)
    assert any(text == "Your turn" for text in texts)
    assert any(text.startswith("First scoring") for text in texts)
    assert texts[-1].startswith("Game over")
    assert not any("You takes" in text or "You buys" in text for text in texts)


def test_ranks_share_ties_and_skip_empty() -> None:
    assert ranks_of([3, 3, 1, 0]) == ("1st=", "1st=", "3rd", "")
    assert ranks_of([2, 5, 2]) == ("2nd=", "1st", "2nd=")


def test_score_sheet_matches_the_event() -> None:
    game = played_game(5)
    state = game.state
    final = next(e for e in reversed(game.events) if e["e"] == "score")
    sheet = sheet_for(state, final, [])
    assert sheet.round == 3
    assert sheet.collectors == (0, 1, "dirk")
    assert list(sheet.totals[:2]) == state.scores and sheet.totals[2] == dirk.of(state).score
    assert sum(sheet.gained) == sum(a["points"] for a in final["points"])
    for row in sheet.rows[:-1]:
        for count, rank in zip(row.counts, row.ranks, strict=True):
            assert (rank == "") == (count == 0)


def test_random_seeds_never_break_the_exact_payment_search() -> None:
    rng = random.Random(7)
    for _ in range(30):
        cards = rng.sample(range(108), rng.randint(0, 9))
        target = rng.randint(1, 14)
        ordered = sorted(cards, key=lambda c: -CARD_VALUE[c])
        for paid in _subsets_summing(ordered, target):
            assert sum(CARD_VALUE[c] for c in paid) == target


def test_the_sheet_says_what_each_rank_is_worth_b_score_2() -> None:
    """[B-SCORE-2] under each type's name: what its paying ranks are worth at this scoring."""
    from game.client.score_sheet import rank_worth

    assert rank_worth(1, 0) == "1st 1"
    assert rank_worth(2, 5) == "1st 13 · 2nd 6"
    assert rank_worth(3, 1) == "1st 17 · 2nd 9 · 3rd 2"


def test_the_sheet_explains_a_tie_with_the_rule_books_examples_b_score_3() -> None:
    """[B-SCORE-3] the rule book's examples, said as the sheet's tooltip says them (building types capitalised
    like names, as everywhere at the table)."""
    from game.client.score_sheet import rank_explanations

    towers = rank_explanations(2, 5, [4, 4, 1])  # 2nd scoring, two tie for most towers: (13 + 6) / 2
    assert towers[0] == towers[1] and towers[0].endswith("(13 + 6 = 19), rounded down: 9 each.")
    assert towers[2] == "3rd in Tower: no points at this scoring."
    pavilions = rank_explanations(3, 0, [2, 2, 2, 0])  # 3rd scoring, three tie for first: (16 + 8 + 1) / 3
    assert pavilions[0].startswith("3 tie for 1st in Pavilion with 2 each") and pavilions[0].endswith(
        "of 1st, 2nd and 3rd (16 + 8 + 1 = 25), rounded down: 8 each."
    )
    assert pavilions[3] == ""
    seraglios = rank_explanations(3, 1, [5, 3, 3, 3])  # a sole first (17), three tied second: (9 + 2 + 0) / 3
    assert seraglios[0] == "1st in Seraglio: 17 points."
    assert seraglios[1].endswith("(9 + 2 + 0 = 11), rounded down: 3 each.")


def test_every_explanation_agrees_with_the_points_scored_b_score_3() -> None:
    """The tooltips explain the engine's points (the truth, from the score event), at every scoring of whole
    greedy games with two (Dirk among the ranked), three and four players, as the table builds its sheets:
    from the state right after the move whose events hold the scoring."""
    import re

    explained = 0
    for players in (2, 3, 4):
        game = Game.new(GameConfig(seats=tuple(Seat(f"P{i}", "greedy") for i in range(players)), seed=players))
        agent = make_agent("greedy", seed=players)
        while not game.state.is_over:
            state = game.state
            events = game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
            for offset, event in enumerate(events):
                if event["e"] != "score":
                    continue
                sheet = sheet_for(game.state, event, events[offset + 1 :])
                for row in sheet.rows[:6]:
                    for tip, points in zip(row.tips, row.points, strict=True):
                        if tip:
                            said = re.search(r"(\d+) (?:points?|each)\.$", tip)
                            assert (int(said.group(1)) if said else 0) == points, (tip, points)
                            explained += 1
    assert explained > 50
