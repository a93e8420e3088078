"""The art of two modules of expansion 3: the thief cards (RULES.md §11.3) and the street traders' citizens and
discs (§11.5), drawn in code with the helpers of ``assets.generate`` (which calls ``images`` for its PNGs).

Pieces are told apart by shape and emblem, not by colour alone:

- a thief card is a card with a hooded rogue in a night-blue field, its currency's emblem large in a medallion
  (the emblem tells the four currencies apart, as on the money cards); its back is a dark card with a mask,
  unlike the money deck's and the bonus cards' backs;
- a citizen is a standing figure (a head on a rounded body) in its building colour, carrying its building
  type's emblem on a disc on its chest (the tiles' emblems, so a colour-blind player reads the type as on a
  tile);
- a trader's disc is a round wooden counter with a cart wheel, bigger than a citizen, on which three stand.
"""

from __future__ import annotations

import math

import pygame

from assets.generate import (
    CARD_H,
    CARD_W,
    CURRENCIES,
    CURRENCY_PALETTES,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    IVORY,
    TILE_PALETTES,
    TILE_TYPES,
    TOKEN,
    WOOD,
    Canvas,
    card_body,
    clip,
    currency_mark,
    fill_gradient,
    medallion,
    mix,
    outlined,
    place_emblem,
    shadow,
    star,
)

NIGHT = (34, 40, 72)  # the thieves' field: a night sky, the same for every currency (the emblem tells them apart)
NIGHT_LIGHT = (92, 104, 150)
CLOAK = (26, 24, 30)


def rogue(c: Canvas, cx: float, top: float, scale: float) -> None:
    """A hooded rogue from the chest up, a sack over the shoulder: the thief's figure, drawn dark with a gold
    rim of moonlight."""
    art = c.layer()
    s = scale
    art.polygon(  # the cloak: shoulders spreading from the hood
        [
            (cx - 20 * s, top + 46 * s),
            (cx - 13 * s, top + 18 * s),
            (cx, top + 10 * s),
            (cx + 13 * s, top + 18 * s),
            (cx + 20 * s, top + 46 * s),
        ],
        CLOAK,
    )
    art.circle(cx, top + 14 * s, 10.5 * s, CLOAK)  # the hood
    art.polygon([(cx - 3 * s, top + 2 * s), (cx + 6 * s, top + 1 * s), (cx + 2 * s, top + 9 * s)], CLOAK)  # its tip
    art.ellipse(cx - 7 * s, top + 11 * s, 14 * s, 9 * s, (60, 50, 46))  # the face in the hood's shadow
    art.rect(cx - 7 * s, top + 13 * s, 14 * s, 3.2 * s, (200, 40, 40))  # the mask over the eyes
    art.circle(cx - 3.2 * s, top + 14.6 * s, 1.1 * s, IVORY)
    art.circle(cx + 3.2 * s, top + 14.6 * s, 1.1 * s, IVORY)
    art.circle(cx + 16 * s, top + 22 * s, 8 * s, (150, 116, 70))  # the sack over the shoulder
    art.rect(cx + 12 * s, top + 13 * s, 8 * s, 3 * s, (150, 116, 70))
    c.blit(shadow(art, 0.8, 1.2, 1.2, 120))
    c.blit(outlined(art, GOLD_LIGHT, 0.9))


def thief_card(currency: str) -> pygame.Surface:
    """A thief card, 80x120: the rogue above, the currency's emblem large below in a medallion of its colour, and
    small in two corners, so the card's currency reads without colour."""
    p = CURRENCY_PALETTES[currency]
    c = card_body(NIGHT, GOLD_DARK, NIGHT_LIGHT)
    sky = c.layer()
    for x, y, r in ((18, 22, 2.2), (46, 8, 1.6), (14, 44, 1.8), (14, 50, 1.4)):
        sky.polygon(star(x, y, r * 1.8, r * 0.7, 4), mix(NIGHT_LIGHT, IVORY, 0.6))
    sky.circle(67, 42, 5, mix(GOLD_LIGHT, IVORY, 0.5))  # the moon
    sky.circle(69, 40.5, 4, NIGHT)
    c.blit(sky)
    rogue(c, CARD_W / 2, 10, 0.82)
    medallion(c, CARD_W / 2, 83, 29, p.niche, p.dark)
    currency_mark(c, currency, CARD_W / 2, 83, 40.0, p.base, INK, 1.3)
    for x, y in ((12.5, 14.0), (CARD_W - 12.5, 14.0), (12.5, CARD_H - 14.0), (CARD_W - 12.5, CARD_H - 14.0)):
        currency_mark(c, currency, x, y, 15.0, p.base, INK, 1.0)
    return c.finish()


def thief_back() -> pygame.Surface:
    """The back of a thief card, 80x120: night blue with a gold lattice and a mask, unlike the money deck's back."""
    c = card_body(NIGHT, GOLD_DARK, NIGHT_LIGHT)
    pattern = c.layer()
    for gx in range(-1, 6):
        for gy in range(-1, 8):
            x, y = 4 + gx * 16 + (8 if gy % 2 else 0), 6 + gy * 16
            pattern.polygon(star(x, y, 4.2, 1.6, 4), mix(NIGHT, NIGHT_LIGHT, 0.55))
    mask = c.layer()
    mask.rect(7, 7, CARD_W - 14, CARD_H - 14, (255, 255, 255), radius=2)
    clip(pattern, mask)
    c.blit(pattern)
    art = c.layer()
    art.circle(CARD_W / 2, CARD_H / 2, 22, GOLD)
    art.circle(CARD_W / 2, CARD_H / 2, 19.5, NIGHT)
    # the mask: two eye holes in a band
    art.polygon(
        [(22, 56), (30, 51), (40, 54), (50, 51), (58, 56), (55, 66), (46, 67), (40, 62), (34, 67), (25, 66)],
        (200, 40, 40),
    )
    art.ellipse(27, 56, 9, 6, NIGHT)
    art.ellipse(44, 56, 9, 6, NIGHT)
    art = outlined(art, INK, 0.9)
    c.blit(shadow(art, 0.8, 1.2, 1.2, 110))
    c.blit(art)
    return c.finish()


def citizen(kind: str) -> pygame.Surface:
    """A citizen of building type ``kind``, 64x64: a wooden figure (head and rounded body) in the type's colour,
    with the type's emblem on a disc on its chest."""
    p = TILE_PALETTES[kind]
    c = Canvas(TOKEN, TOKEN)
    body = c.layer()
    body.circle(32, 14, 10.5, (255, 255, 255))  # the head
    body.polygon([(14, 60), (17, 32), (24, 25), (40, 25), (47, 32), (50, 60)], (255, 255, 255))  # the body
    body.circle(32, 34, 15, (255, 255, 255))
    c.blit(shadow(body, 0.8, 1.4, 1.4, 130))
    figure = c.layer()
    figure.circle(32, 14, 10.5, INK)
    figure.polygon([(13, 61), (16, 32), (24, 24), (40, 24), (48, 32), (51, 61)], INK)
    figure.circle(32, 34, 16, INK)
    c.blit(figure)
    colour = c.layer()
    fill_gradient(colour, lambda lay, col: lay.circle(32, 14, 9.2, col), p.light, p.base)
    fill_gradient(
        colour,
        lambda lay, col: lay.polygon(
            [(15, 59.8), (17.6, 32.5), (24.5, 25.4), (39.5, 25.4), (46.4, 32.5), (49, 59.8)], col
        ),
        p.light,
        p.base,
    )
    c.blit(colour)
    c.circle(27.5, 10.5, 2.4, mix(p.light, (255, 255, 255), 0.6))  # a glint of varnish on the head
    badge = c.layer()
    badge.circle(32, 43, 18.0, GOLD)
    badge.circle(32, 43, 16.5, mix(p.niche, (255, 255, 255), 0.3))
    c.blit(outlined(badge, INK, 0.9))
    place_emblem(c, kind, p, 0.38, (32, 45.0), 1.0)
    return c.finish()


def trader_disc() -> pygame.Surface:
    """A trader's disc, 64x64: a round wooden counter with a cart wheel, its rim darker."""
    c = Canvas(TOKEN, TOKEN)
    disc = c.layer()
    disc.circle(32, 32, 30, (255, 255, 255))
    c.blit(shadow(disc, 0.8, 1.4, 1.4, 130))
    c.circle(32, 32, 30.5, INK)
    c.circle(32, 32, 29.5, mix(WOOD, INK, 0.25))
    fill_gradient(c, lambda lay, col: lay.circle(32, 32, 26.5, col), (214, 170, 112), (170, 122, 70))
    wheel = c.layer()
    wheel.ring(32, 32, 17, 3.2, GOLD_DARK)
    wheel.circle(32, 32, 4.5, GOLD_DARK)
    for k in range(8):
        a = math.pi * k / 4
        wheel.stroke(
            [(32 + math.cos(a) * 4, 32 + math.sin(a) * 4), (32 + math.cos(a) * 16, 32 + math.sin(a) * 16)],
            GOLD_DARK,
            1.8,
        )
    c.blit(outlined(wheel, mix(GOLD, IVORY, 0.3), 0.5))
    return c.finish()


def images() -> dict[str, pygame.Surface]:
    """The PNGs of the thieves and the street traders, keyed by their path in the ``assets`` package."""
    out: dict[str, pygame.Surface] = {}
    for currency in CURRENCIES:
        out[f"cards/thief_{currency}.png"] = thief_card(currency)
    out["cards/thief_back.png"] = thief_back()
    for kind in TILE_TYPES:
        out[f"tokens/citizen_{kind}.png"] = citizen(kind)
    out["tokens/trader_disc.png"] = trader_disc()
    return out
