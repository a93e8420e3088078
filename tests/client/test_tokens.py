"""Seat tokens are told apart by shape and number, not by colour alone (issue 20, item 5)."""

from __future__ import annotations

import pygame
from driver import MakeApp

from game.client.views.common import TOKEN_SHAPES, seat_token, token_label, token_shape


def test_bots_of_one_kind_get_their_number_on_the_token() -> None:
    assert token_label("You") == "Y"
    assert token_label("Greedy") == "G"
    assert token_label("Greedy 2") == "G2"
    assert token_label("MCTS hard 3") == "M3"
    assert token_label("Dirk") == "D"


def test_every_seat_of_a_six_player_table_has_its_own_shape(make_app: MakeApp) -> None:
    """Drawn in one colour (as a colour-blind player may see them), the six seats' tokens still differ in
    outline; a collector that is no seat keeps the round token."""
    driver = make_app()
    ui = driver.app.ui
    assert len({token_shape(seat) for seat in range(6)}) == 6 == len(TOKEN_SHAPES)
    assert token_shape("dirk") == "circle"
    for seat in range(6):
        assert _token(ui, seat).get_at((30, 30)).a == 255, "the token is drawn where it stands"
    outlines = [frozenset(pygame.mask.from_surface(_token(ui, s)).outline()) for s in range(6)]
    assert len(set(outlines)) == 6, "no two seats share an outline"


def _token(ui, seat: int) -> pygame.Surface:
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    seat_token(ui, surface, seat, "Greedy", (30, 30), 14)
    return surface
