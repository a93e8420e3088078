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


def test_a_sparkle_decorates_without_keeping_the_table_busy_and_respects_the_speed() -> None:
    """A flourish (an exact payment's) runs beside the flights: it never makes the table wait for it, it is
    scaled by the animation speed like everything else, and the instant speed shows none."""
    from game.client.animation import Animator

    animator = Animator(speed=2.0)
    animator.sparkle((50, 50), 40, (255, 220, 120), delay=0.2, duration=0.6)
    assert animator.effects and not animator.busy
    table = pygame.Surface((100, 100))
    animator.update(0.05)
    animator.draw(table)  # before its delay (0.1 s at double speed): nothing drawn yet
    assert table.get_at((50, 50 - 20))[:3] == (0, 0, 0)
    animator.update(0.2)
    animator.draw(table)
    assert any(table.get_at((x, y))[:3] != (0, 0, 0) for x in range(100) for y in range(100))
    animator.update(0.3)  # 0.1 + 0.3 s at double speed: gone
    assert not animator.effects
    instant = Animator(speed=0.0)
    instant.sparkle((50, 50), 40, (255, 220, 120))
    assert not instant.effects
