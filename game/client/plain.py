"""The engine's words for tiles and moves, said as a player would (issue 20: no program notation), in the
player's language (issue 18).

The engine names a tile "tower 9 [NW]" and a move "put tower 9 [NW] at (1, 0)": exact forms that records,
logs for developers and tests rely on.  At the table the same things read "Tower 9 (walls north, west)"
and "put Tower 9 (walls north, west)": walls in words, building types capitalised like names, grid
coordinates left out (the board shows where: the hinted cell glows, a staged tile is ghosted in place).

Sentences the engine and the bots keep as a template (``engine.messages.Message``) are said again in the
current language by ``game.i18n.words``; ``plain`` only turns English engine notation into English words,
for the few English strings that still carry it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.alhambra import cell_at
from game.engine.components import BUILDING_TYPES, CARD_CURRENCY, CARD_VALUE, is_start_tile
from game.engine.messages import Message
from game.i18n import _, pgettext
from game.i18n import words as game_words

if TYPE_CHECKING:
    from game.engine import GameState

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_BASTIONS = re.compile(r"\[bastions ([NESW]*), arrows ([NESW]+)\]")
_WALLS = re.compile(r"\[([NESW]+)\]")
_NO_WALLS = re.compile(r" \[\]")
_AT = re.compile(r" (?:at|from|to|on) \(-?\d+, -?\d+\)")
_TYPES = re.compile(r"\b(" + "|".join(BUILDING_TYPES) + r")\b")


def sides(code: str) -> str:
    """'NW' -> 'north, west' (English: the engine's notation said in English words)."""
    return ", ".join(SIDE_WORDS[letter] for letter in code)


def _bastions_and_arrows(match: re.Match[str]) -> str:
    bastions, arrows = match.group(1), match.group(2)
    said = [f"bastion{'s' if len(bastions) > 1 else ''} {sides(bastions)}"] if bastions else []
    said.append(f"arrow{'s' if len(arrows) > 1 else ''} {sides(arrows)}")
    return "(" + "; ".join(said) + ")"


def _walls(match: re.Match[str]) -> str:
    code = match.group(1)
    return f"(wall{'s' if len(code) > 1 else ''} {sides(code)})"


def plain(text: str) -> str:
    """``text`` (English) with the engine's notation turned into words (idempotent).  Text in another
    language has none of it and passes unchanged."""
    text = _BASTIONS.sub(_bastions_and_arrows, text)
    text = _WALLS.sub(_walls, text)
    text = _NO_WALLS.sub("", text)
    text = _AT.sub("", text)
    return _TYPES.sub(lambda m: m.group(1).capitalize(), text)


def sentences(*parts: str) -> str:
    """Whole sentences (each translated and ending as its language ends one) set one after the other, as the
    language sets them (a space in English, nothing in Chinese or Japanese); empty parts left out."""
    kept = [part for part in parts if part]
    if not kept:
        return ""
    text = kept[0]
    for part in kept[1:]:
        # TRANSLATORS: two sentences of one text, one after the other (a space between them in English; nothing
        # in Chinese or Japanese)
        text = pgettext("two sentences", "{first} {second}").format(first=text, second=part)
    return text


def paid(cards: Sequence[int]) -> str:
    """The money paid for a purchase in the log: "florin 3+4"; with an exchange card each card's currency,
    the cards grouped by it ([M-EXCH-3]: "florin 5 and ducat 3+1"); "nothing" for none."""
    if not cards:
        return pgettext("paid", "nothing")
    by_currency: dict[int, list[int]] = {}
    for card in cards:
        by_currency.setdefault(CARD_CURRENCY[card], []).append(CARD_VALUE[card])  # type: ignore[arg-type]
    said = [
        # TRANSLATORS: money paid in one currency, its cards' values added ("florin 3+4")
        _("{currency} {values}").format(currency=game_words.currency(currency), values="+".join(map(str, values)))
        for currency, values in by_currency.items()
    ]
    if len(said) < 2:
        return said[0]
    # TRANSLATORS: money of two currencies paid together ("florin 3 and denar 2")
    return _("{first} and {second}").format(first=game_words.join(said[:-1]), second=said[-1])


def said(move: str) -> str:
    """A move's or a reason's words at the table: an engine's or a bot's ``Message`` said in the current
    language, any other string (already in the player's words, or English engine notation) made plain."""
    if isinstance(move, Message) and hasattr(move, "template"):
        return game_words.said(move)
    return plain(move)


def _neighbour(state: GameState, seat: int, x: int, y: int) -> int | None:
    """The tile a tile put on cell (x, y) of ``seat``'s Alhambra would touch first (north, east, south, west)."""
    grid = state.boards[seat].grid
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):  # north, east, south, west
        neighbour = grid.get(cell_at(x + dx, y + dy))
        if neighbour is not None:
            return neighbour
    return None


def where(state: GameState, seat: int, x: int, y: int) -> str:
    """Where a tile goes in ``seat``'s Alhambra, said by what it will touch: "next to your Garden 8", "next to
    the Lion Fountain" (grid coordinates mean nothing to a player); "" for a cell with no neighbour."""
    neighbour = _neighbour(state, seat, x, y)
    if neighbour is None:
        return ""
    if is_start_tile(neighbour):
        return _("next to the Lion Fountain")
    # TRANSLATORS: where a tile goes, by the tile of your Alhambra it will touch ("next to your Garden 8")
    return _("next to your {tile}").format(tile=game_words.tile_name(neighbour))


def placed(state: GameState, seat: int, move: str, action: object) -> str:
    """``move`` (a move's words: a ``Message``, or a string) said at the table, with where it puts a tile when
    it names a cell ("put Tower 9 (walls north, west) next to your Garden 8")."""
    x, y = getattr(action, "x", None), getattr(action, "y", None)
    words = said(move)
    if not (isinstance(x, int) and isinstance(y, int)):
        return words
    neighbour = _neighbour(state, seat, x, y)
    if neighbour is None:
        return words
    if is_start_tile(neighbour):
        # TRANSLATORS: a move that puts a tile, and where: by the Lion Fountain it will touch
        return _("{move} next to the Lion Fountain").format(move=words)
    # TRANSLATORS: a move that puts a tile, and where: by the tile of your Alhambra it will touch
    return _("{move} next to your {tile}").format(move=words, tile=game_words.tile_name(neighbour))
