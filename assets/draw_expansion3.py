"""The art of change (RULES.md §11.2) and of the treasure chamber (§11.6): change coins and treasure chests.

Drawn with ``generate.py``'s canvas and palettes, so the coins and chests share the base game's outlines, shading
and emblems.  Colour is never the only cue:

- a change coin is round (every money card is a rectangle) with a milled rim, the currency's emblem large in its
  middle and a small "1" under it; it is drawn on a card-sized transparent canvas, top-aligned, so that the hand
  lays coins out like its cards and the part a fan leaves showing is the coin's left half with its emblem;
- a treasure chest is a small domed chest with iron bands, in its building colour, and carries that building
  type's emblem on its front, so a chest reads on a tile of any colour and in greyscale.

``images()`` gives every PNG, keyed by its path under ``assets``; ``generate.render_images`` adds them.
"""

from __future__ import annotations

import math

import pygame

from . import generate as g

# A coin on a card-sized canvas (the hand lays it out as a card): its disc's centre and radius.
COIN_CENTRE = (g.CARD_W / 2, 40.0)
COIN_R = 37.0
CHEST = 64  # a chest token's art, shown at about a third of a tile on its building


def coin(currency: str) -> pygame.Surface:
    """A change coin of ``currency``: round, milled, the currency's emblem and a "1" ([M-CHANGE-1])."""
    p = g.CURRENCY_PALETTES[currency]
    c = g.Canvas(g.CARD_W, g.CARD_H)
    cx, cy = COIN_CENTRE
    disc = c.layer()
    disc.circle(cx, cy, COIN_R, (255, 255, 255))
    c.blit(g.shadow(disc, 1.0, 1.8, 1.8, 140))
    teeth = 36  # the milled rim: a round edge no card has
    rim = c.layer()
    rim.circle(cx, cy, COIN_R - 1.5, g.INK)
    for k in range(teeth):
        a = 2 * math.pi * k / teeth
        rim.circle(cx + math.cos(a) * (COIN_R - 2.0), cy + math.sin(a) * (COIN_R - 2.0), 2.0, g.INK)
    c.blit(rim)
    c.circle(cx, cy, COIN_R - 2.6, g.mix(p.base, g.GOLD, 0.35))
    g.fill_gradient(
        c,
        lambda lay, col: lay.circle(cx, cy, COIN_R - 6.5, col),
        g.mix(p.light, (255, 255, 255), 0.25),
        g.mix(p.base, (0, 0, 0), 0.05),
    )
    c.ring(cx, cy, COIN_R - 6.5, 1.0, p.dark)
    c.ring(cx, cy, COIN_R - 9.0, 0.6, g.mix(p.dark, p.light, 0.5))
    g.currency_mark(c, currency, cx, cy - 6.0, 30.0, g.IVORY, g.INK, 1.2)
    c.blit(g.outlined_text(c, "display", 15, "1", g.IVORY, g.INK, 1.4, (cx, cy + 19.0)))
    return c.finish()


def chest(kind: str) -> pygame.Surface:
    """A treasure chest in building colour ``kind`` with the type's emblem on its front ([M-CHEST-1])."""
    p = g.TILE_PALETTES[kind]
    c = g.Canvas(CHEST, CHEST)
    body = c.layer()
    body.rect(7, 26, 50, 31, (255, 255, 255), radius=3)
    body.ellipse(7, 11, 50, 30, (255, 255, 255))
    c.blit(g.shadow(body, 0.8, 1.6, 1.6, 140))
    c.blit(g.outlined(g.silhouette(body, g.INK), g.INK, 1.2))
    lid = c.layer()  # the domed lid
    lid.ellipse(8.5, 12.5, 47, 27, g.mix(p.base, (255, 255, 255), 0.2))
    lid.rect(8.5, 25, 47, 3, g.mix(p.base, (255, 255, 255), 0.2))
    c.blit(lid)
    c.rect(8.5, 27, 47, 28.5, p.base, radius=2.5)
    c.rect(8.5, 27, 47, 3, p.dark)  # the seam between lid and box
    for x in (15.0, 45.0):  # iron bands over lid and box
        c.rect(x, 13.5, 4, 42, g.mix(g.INK, p.dark, 0.3), radius=1.2)
        c.rect(x + 0.8, 14.5, 1.2, 40, g.mix(p.light, g.GOLD_LIGHT, 0.4), radius=0.6)
    plate = c.layer()  # the lock plate: a light disc carrying the building's emblem
    plate.circle(32, 39, 12.5, g.GOLD)
    plate.circle(32, 39, 11.0, g.mix(p.niche, (255, 255, 255), 0.4))
    c.blit(g.outlined(plate, g.INK, 0.9))
    g.place_emblem(c, kind, p, 0.24, (32, 40.0), 0.8)
    return c.finish()


def images() -> dict[str, pygame.Surface]:
    """Every PNG of change and the treasure chamber, by its path under ``assets`` (as the client's sprites name
    them: ``cards/coin_<currency>.png``, ``tokens/chest_<type>.png``)."""
    out: dict[str, pygame.Surface] = {}
    for currency in g.CURRENCIES:
        out[f"cards/coin_{currency}.png"] = coin(currency)
    for kind in g.TILE_TYPES:
        out[f"tokens/chest_{kind}.png"] = chest(kind)
    return out
