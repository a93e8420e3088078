"""The street traders' secret choice at setup ([M-TRADER-2]) made by a person: ``traders.choose`` changes a deal's
disc of one seat (three citizens of different colours from the six the seat takes, and a side of the start tile),
keeps the others' and makes the supply of every citizen on no disc; the game starts from that deal and its record
keeps the choice.  A choice the rule does not allow is refused naming [M-TRADER-2]."""

from __future__ import annotations

import json

import pytest

from game.engine import Game, GameConfig, IllegalAction, Seat
from game.engine.components import BUILDING_TYPES, CITIZENS, PIECE_COLOUR
from game.engine.modules import traders
from game.engine.play import Deal
from game.engine.record import loads, to_record
from game.engine.setup import deal_problems
from game.engine.state import GameState


def new_deal(players: int = 3, seed: int = 5) -> tuple[GameConfig, Deal]:
    seats = tuple(Seat(f"P{n}", "human" if n == 0 else "random") for n in range(players))
    config = GameConfig(seed=seed, seats=seats, modules=("traders",))
    return config, Game.new(config).deal


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_person_chooses_three_colours_and_a_side_m_trader_2(players: int) -> None:
    config, dealt = new_deal(players)
    colours = [BUILDING_TYPES.index(k) for k in ("tower", "pavilion", "garden")]
    chosen = traders.choose(dealt, 1, colours, (-1, 0))
    discs, supply = chosen.parts[traders.NAME]
    disc, at = discs[1]
    assert sorted(PIECE_COLOUR[c] for c in disc) == sorted(colours) and at == (-1, 0)
    assert [entry for seat, entry in enumerate(discs) if seat != 1] == [
        entry for seat, entry in enumerate(dealt.parts[traders.NAME][0]) if seat != 1
    ], "the others' discs are kept"
    assert sorted([*supply, *(c for entry, _at in discs for c in entry)]) == list(CITIZENS)
    assert deal_problems(chosen) == []
    game = Game(config, chosen, GameState.start(chosen, config.seed, log=[]))
    part = traders.of(game.state)
    assert sorted(part.discs[1]) == sorted(disc) and part.supply == sorted(supply)
    again = loads(json.dumps(to_record(game)))
    assert again.deal.parts[traders.NAME] == chosen.parts[traders.NAME], "the record keeps the choice"


@pytest.mark.parametrize(
    ("colours", "side"),
    [([0, 0, 1], (1, 0)), ([0, 1], (1, 0)), ([0, 1, 2, 3], (1, 0)), ([0, 1, 9], (1, 0)), ([0, 1, 2], (1, 1))],
)
def test_a_choice_the_rule_does_not_allow_is_refused_m_trader_2(colours: list[int], side: tuple[int, int]) -> None:
    _config, dealt = new_deal()
    with pytest.raises(IllegalAction) as refused:
        traders.choose(dealt, 0, colours, side)
    assert refused.value.rule == "M-TRADER-2"
