"""The art of city gates (RULES.md §11.1) and city walls (§11.4): gate cards, wooden gates, wall cards and the
wooden wall sticks built on tiles.

Drawn with ``generate.py``'s canvas and palettes.  Colour is never the only cue:

- a gate card shows a stone arch with a wooden double door, on a pale stone card with no value and no currency;
  the wooden gate itself (a token drawn on the double wall it opens) is the same arched door, small and round;
- a wall card shows a tile's square with thick wooden sticks on the sides it walls, and those sides' letters;
- a wall built on a tile is a wooden stick (brown, with its grain, a dark outline and a light rim, so that it shows
  on a brown tile too) lying just inside the tile's edge, with a round cut end at each end: the printed walls are
  flat stone bands running to the corners, so a built wall differs in shape (a stick with visible round ends, set
  in from the corners) as well as in colour.

``images()`` gives every PNG, keyed by its path under ``assets``; ``generate.render_images`` adds them.
"""

from __future__ import annotations

import pygame

from . import generate as g

TOKEN = 64  # a gate token's art, drawn on a tile's side at about a third of a tile
OVERLAY = g.TILE  # a built wall's art: a tile-sized transparent square, the stick along one side
SIDES = ("N", "E", "S", "W")
STICK = (158, 104, 54)  # a built wall's wood: lighter than the gate's door
WOOD_LIGHT = (214, 166, 106)
WOOD_DARK = (72, 44, 22)
STONE = (214, 204, 182)


def _door(c: g.Canvas, cx: float, top: float, w: float, h: float) -> None:
    """An arched wooden double door in a stone arch: the city gate."""
    arch = c.layer()
    arch.rect(cx - w / 2 - 4, top + w / 2, w + 8, h - w / 2 + 2, STONE)
    arch.circle(cx, top + w / 2, w / 2 + 4, STONE)
    c.blit(g.shadow(arch, 0.8, 1.4, 1.4, 130))
    c.blit(g.outlined(arch, g.INK, 1.0))
    door = c.layer()
    door.rect(cx - w / 2, top + w / 2, w, h - w / 2, g.WOOD)
    door.circle(cx, top + w / 2, w / 2, g.WOOD)
    c.blit(door)
    for k in range(1, 4):  # the planks
        x = cx - w / 2 + k * w / 4
        c.rect(x - 0.5, top + 2, 1.0, h - 2, WOOD_DARK)
    c.rect(cx - 0.9, top, 1.8, h, g.INK)  # the two leaves meet
    for y in (top + w / 2 + 2, top + h - 6):  # iron bands
        c.rect(cx - w / 2, y, w, 2.2, g.mix(g.INK, g.WOOD, 0.3))
    c.circle(cx - 3.2, top + h * 0.62, 1.6, g.GOLD_LIGHT)  # the rings
    c.circle(cx + 3.2, top + h * 0.62, 1.6, g.GOLD_LIGHT)


def gate_card() -> pygame.Surface:
    """A city-gate card, 80x120 ([M-GATE-1]): the gate large, no value, no currency."""
    c = g.card_body(STONE, g.STONE_DARK, g.IVORY)
    _door(c, g.CARD_W / 2, 22, 40, 62)
    c.rect(10, 92, g.CARD_W - 20, 4, g.STONE_DARK, radius=2)  # the wall the gate stands in
    return c.finish()


def gate_token() -> pygame.Surface:
    """The wooden gate, 64x64, on a round stone ground: drawn on the double wall it opens ([M-GATE-5])."""
    c = g.Canvas(TOKEN, TOKEN)
    ground = c.layer()
    ground.circle(32, 32, 29, STONE)
    c.blit(g.outlined(ground, g.INK, 1.4))
    _door(c, 32, 12, 26, 40)
    return c.finish()


def _stick(c: g.Canvas, x: float, y: float, w: float, h: float) -> None:
    """A wooden stick in (x, y, w, h), its grain along it and a round cut end at each end."""
    art = c.layer()
    art.rect(x, y, w, h, STICK, radius=min(w, h) / 2)
    c.blit(g.shadow(art, 1.0, 1.6, 1.6, 150))
    c.blit(g.outlined(g.outlined(art, g.INK, 1.6), g.GOLD_LIGHT, 1.4))  # a light rim: clear on a brown tile too
    along = w >= h
    thick = h if along else w
    for k in (0.3, 0.62):  # the grain
        if along:
            c.rect(x + thick, y + thick * k, w - 2 * thick, 1.2, WOOD_LIGHT)
        else:
            c.rect(x + thick * k, y + thick, 1.2, h - 2 * thick, WOOD_LIGHT)
    ends = (
        ((x + thick / 2, y + h / 2), (x + w - thick / 2, y + h / 2))
        if along
        else (
            (x + w / 2, y + thick / 2),
            (x + w / 2, y + h - thick / 2),
        )
    )
    for ex, ey in ends:  # the cut ends: rings of the wood, seen end on
        c.circle(ex, ey, thick / 2 - 0.6, WOOD_LIGHT)
        c.ring(ex, ey, thick / 2 - 0.6, 1.0, WOOD_DARK)
        c.circle(ex, ey, thick / 6, WOOD_DARK)


def _stick_rect(side: str, size: float, inset: float, thick: float) -> tuple[float, float, float, float]:
    """Where a stick lies along ``side`` of a square of ``size``: just inside the edge, clear of the corners."""
    long = size - 2 * inset
    if side == "N":
        return inset, 3, long, thick
    if side == "S":
        return inset, size - 3 - thick, long, thick
    if side == "W":
        return 3, inset, thick, long
    return size - 3 - thick, inset, thick, long


def built_wall(side: str) -> pygame.Surface:
    """A wall built on a tile ([M-WALL-4]), 128x128 transparent but for the stick along ``side``."""
    c = g.Canvas(OVERLAY, OVERLAY)
    _stick(c, *_stick_rect(side, OVERLAY, 16, 20))
    return c.finish()


def wall_card(letters: str) -> pygame.Surface:
    """A wall card, 80x120 ([M-WALL-1]): a tile's square with sticks on the sides it walls, and their letters."""
    c = g.card_body(g.mix(STONE, g.WOOD, 0.15), g.WOOD, g.IVORY)
    size, x0, y0 = 54.0, (g.CARD_W - 54) / 2, 24.0
    square = c.layer()
    square.rect(x0, y0, size, size, g.mix(STONE, g.IVORY, 0.5), radius=3)
    c.blit(g.outlined(square, g.STONE_DARK, 1.0))
    for side in letters:
        x, y, w, h = _stick_rect(side, size, 5, 10)
        _stick(c, x0 + x, y0 + y, w, h)
    label = " ".join(letters)
    c.blit(g.outlined_text(c, "display", 15, label, g.IVORY, g.INK, 1.4, (g.CARD_W / 2, 96.0)))
    return c.finish()


def images() -> dict[str, pygame.Surface]:
    """Every PNG of city gates and city walls, by its path under ``assets`` (as the client's sprites name them:
    ``cards/gate.png``, ``tokens/gate.png``, ``cards/wall_<sides>.png``, ``tokens/wall_<side>.png``)."""
    from game.engine.components import CARD_WALLS, WALL_CARDS, walls_to_text

    out: dict[str, pygame.Surface] = {"cards/gate.png": gate_card(), "tokens/gate.png": gate_token()}
    for card in WALL_CARDS:
        letters = walls_to_text(CARD_WALLS[card])
        out[f"cards/wall_{letters}.png"] = wall_card(letters)
    for side in SIDES:
        out[f"tokens/wall_{side}.png"] = built_wall(side)
    return out
