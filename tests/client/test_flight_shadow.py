"""A piece in flight casts a soft shadow on the table, not a hard-edged black box."""

from __future__ import annotations

import pygame

from game.client.animation import Flight


def test_a_flying_piece_casts_a_shadow_that_fades_at_its_edge() -> None:
    """Mid-flight, the shade to the right of the card goes from dark to the table's colour over several steps
    (a filled box went from dark to nothing in one), and reaches the table's colour before its outer edge."""
    card = pygame.Surface((60, 90))
    card.fill((200, 30, 30))
    flight = Flight(card, pygame.Rect(100, 200, 60, 90), pygame.Rect(400, 200, 60, 90), duration=1.0)
    flight.update(0.5)
    table = pygame.Surface((640, 480))
    table.fill((255, 255, 255))
    flight.draw(table)
    rect = flight.rect()
    y = rect.centery + 20
    row = [table.get_at((x, y))[0] for x in range(rect.right, rect.right + 40)]
    shaded = [value for value in row if value < 250]
    assert shaded, "there is a shadow beside the card"
    assert len(set(shaded)) >= 5, f"the shadow fades in steps, not at one hard edge: {row}"
    assert row[-1] == 255, "beyond the shadow the table shows as it is"
    assert min(row) < 235, "and it is dark enough to be seen"
