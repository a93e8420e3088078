"""The game's own words in the current language: building types, currencies, sides, tiles, cards, ranks,
lists, and the engine's and bots' messages (``engine.messages.Message``) said again in the player's language.

The terms follow each rule book's own words (``../shared/seeds``): a player who learned Alhambra from the
Persian, Chinese, Japanese or Hungarian rules finds the same names for the buildings and the money here.
Everything here is looked up when it is said, so a language change shows at the next frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.engine.components import (
    BAZAAR,
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BONUS,
    BONUS_TILE,
    CAMP,
    CAMP_ARROWS,
    CARD_CURRENCY,
    CARD_KIND,
    CARD_VALUE,
    CARD_WALLS,
    CHEST,
    CITIZEN,
    COIN,
    EXCHANGE,
    EXCHANGE_PAIR,
    FALCON,
    FALCON_KIND,
    FALCON_TYPES,
    GATE,
    HUT,
    HUT_COLOUR,
    PIECE_COLOUR,
    SCORING,
    SIDE_LETTERS,
    START,
    THIEF,
    THIEF_CURRENCY,
    TILE_COST,
    TILE_KIND,
    TILE_TYPE,
    TILE_WALLS,
    WALL_CARD,
    describe_card,
    scoring_round_of,
)
from game.engine.messages import Message, argument_kind

from . import N_, _, ngettext, pgettext

# The six building types, in BUILDING_TYPES order (pavilion, seraglio, arcades, chambers, garden, tower).
BUILDING_NAMES: tuple[str, ...] = (
    N_("Pavilion"),
    N_("Seraglio"),
    N_("Arcades"),
    N_("Chambers"),
    N_("Garden"),
    N_("Tower"),
)
# The four currencies, in CURRENCIES order.
CURRENCY_NAMES: tuple[str, ...] = (N_("florin"), N_("dirham"), N_("denar"), N_("ducat"))
FALCON_KIND_NAMES: tuple[str, ...] = (N_("black"), N_("brown"), N_("white"))
SIDE_NAMES: dict[str, str] = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
SCORING_ROUND_NAMES: dict[int, str] = {1: N_("First scoring"), 2: N_("Second scoring"), 3: N_("Final scoring")}


def building(kind: int) -> str:
    """A building type's name as the language writes it inside a sentence: "Garden" in English, "kert" in
    Hungarian (its rule book writes the types in lower case; a label that starts with one capitalises it)."""
    return _(BUILDING_NAMES[kind])


def label(text: str) -> str:
    """``text`` at the start of a label or a sentence: its first letter capitalised, the rest kept ("kert" ->
    "Kert"); no change in a script without capitals.  A tile's name, which starts with its building type, is
    capitalised so ("Torony 9", "Kertkunyhó")."""
    return text[:1].upper() + text[1:]


def currency(index: int) -> str:
    return _(CURRENCY_NAMES[index])


def side(letter: str) -> str:
    return _(SIDE_NAMES[letter])


def join(items: Iterable[str]) -> str:
    """Items of a list joined as the language joins them ("a, b, c"; Chinese and Japanese use "、")."""
    return pgettext("list separator", ", ").join(items)


def sides(mask: int) -> str:
    """A wall mask in words: 'north, west'."""
    return join(side(letter) for bit, letter in SIDE_LETTERS if mask & bit)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _with_walls(name: str, walls: int) -> str:
    if not walls:
        return name
    said = ngettext("{name} (wall {sides})", "{name} (walls {sides})", _count(walls))
    return said.format(name=name, sides=sides(walls))


def tile(tile_id: int) -> str:
    """A tile as a player says it: "Tower 9 (walls north, west)", "Lion Fountain", "Camp 5 (arrow north)"."""
    kind = TILE_KIND[tile_id]
    walls = TILE_WALLS[tile_id]
    if kind == START:
        return _("Lion Fountain")
    if kind == HUT:
        name = label(_("{type} hut").format(type=building(HUT_COLOUR[tile_id])))  # type: ignore[arg-type]
        return _with_walls(name, walls)
    if kind == CAMP:
        arrows = CAMP_ARROWS[tile_id]
        said = ngettext("arrow {sides}", "arrows {sides}", _count(arrows)).format(sides=sides(arrows))
        if walls:
            bastions = ngettext("bastion {sides}", "bastions {sides}", _count(walls)).format(sides=sides(walls))
            said = pgettext("between a camp's bastions and arrows", "; ").join((bastions, said))
        return _("Camp {cost} ({sides})").format(cost=TILE_COST[tile_id], sides=said)
    if kind == BAZAAR:
        types = "/".join(building(t) for t in BAZAAR_TYPES[tile_id])  # type: ignore[union-attr]
        said = _("{currency} bazaar ({types})").format(currency=currency(BAZAAR_CURRENCY[tile_id]), types=types)  # type: ignore[arg-type]
        return label(said)  # a tile's name starts with a capital, as "Tower 9" and "Garden hut" do
    if kind == FALCON:
        first, second = FALCON_TYPES[tile_id]  # type: ignore[misc]
        return label(
            _("{kind} falcon ({first}/{second})").format(
                kind=_(FALCON_KIND_NAMES[FALCON_KIND[tile_id]]),  # type: ignore[index]
                first=building(first),
                second=building(second),
            )
        )
    if kind == CHEST:
        return label(_("{type} chest").format(type=building(PIECE_COLOUR[tile_id])))  # type: ignore[arg-type]
    if kind == CITIZEN:
        return label(_("{type} citizen").format(type=building(PIECE_COLOUR[tile_id])))  # type: ignore[arg-type]
    name = label(_("{type} {cost}").format(type=building(TILE_TYPE[tile_id]), cost=TILE_COST[tile_id]))  # type: ignore[arg-type]
    return _with_walls(name, walls)


def tile_name(tile_id: int) -> str:
    """A tile's name without its walls: "Tower 9" (for "next to your Tower 9")."""
    kind = TILE_KIND[tile_id]
    if kind in (HUT,):
        return label(_("{type} hut").format(type=building(HUT_COLOUR[tile_id])))  # type: ignore[arg-type]
    if kind in (START, CAMP, BAZAAR, FALCON, CHEST, CITIZEN):
        return tile(tile_id) if kind != CAMP else _("Camp {cost}").format(cost=TILE_COST[tile_id])
    return label(_("{type} {cost}").format(type=building(TILE_TYPE[tile_id]), cost=TILE_COST[tile_id]))  # type: ignore[arg-type]


def tiles_of_kind(tile_id: int, n: int) -> str:
    """``n`` tiles of ``tile_id``'s kind, counted short: "3 huts", "1 camp", "2 bazaars" (a kind without a count of
    its own is named, "Lion Fountain")."""
    kind = TILE_KIND[tile_id]
    if kind == HUT:
        # TRANSLATORS: how many huts a player built, at the end of a game ("3 huts")
        return ngettext("{n} hut", "{n} huts", n).format(n=n)
    if kind == CAMP:
        # TRANSLATORS: how many camps a player built, at the end of a game ("2 camps")
        return ngettext("{n} camp", "{n} camps", n).format(n=n)
    if kind == BAZAAR:
        # TRANSLATORS: how many bazaars a player built, at the end of a game ("2 bazaars")
        return ngettext("{n} bazaar", "{n} bazaars", n).format(n=n)
    return tile_name(tile_id) if n == 1 else _("{n} × {tile}").format(n=n, tile=tile_name(tile_id))


def card(card_id: int) -> str:
    """A card as a player says it: "florin 3", "scoring card 1", "exchange card florin/denar", "wall card (north,
    east)"."""
    kind = CARD_KIND[card_id]
    if kind == SCORING:
        return _("scoring card {round}").format(round=scoring_round_of(card_id))
    if kind == EXCHANGE:
        first, second = EXCHANGE_PAIR[card_id]  # type: ignore[misc]
        return _("exchange card {first}/{second}").format(first=currency(first), second=currency(second))
    if kind == BONUS:
        kind_index, cost = BONUS_TILE[card_id]  # type: ignore[misc]
        return _("bonus card {type} {cost}").format(type=building(kind_index), cost=cost)
    if kind == THIEF:
        return _("thief ({currency})").format(currency=currency(THIEF_CURRENCY[card_id]))  # type: ignore[arg-type]
    if kind == COIN:  # [M-CHANGE-4] a change coin, value 1: said apart from a money card of value 1
        # TRANSLATORS: a change coin of value 1 in a currency ("florin coin")
        return _("{currency} coin").format(currency=currency(CARD_CURRENCY[card_id]))  # type: ignore[arg-type]
    if kind == GATE:  # [M-GATE-1] a city-gate card: all alike
        # TRANSLATORS: a card of the city gates module (it comes with a wooden gate)
        return _("city gate card")
    if kind == WALL_CARD:  # [M-WALL-1] a wall card, said by the sides its walls are built on
        # TRANSLATORS: a card of the city walls module; {sides} the sides it walls ("north, east")
        return _("wall card ({sides})").format(sides=sides(CARD_WALLS[card_id]))
    if CARD_CURRENCY[card_id] is None:  # a card of a kind the words do not say (none today): the engine's words
        return describe_card(card_id)
    return _("{currency} {value}").format(currency=currency(CARD_CURRENCY[card_id]), value=CARD_VALUE[card_id])  # type: ignore[arg-type]


def cards(card_ids: Iterable[int]) -> str:
    """Several cards: "florin 3 + dirham 2"."""
    return " + ".join(card(c) for c in card_ids)


def ordinal(rank: int) -> str:
    """A place in a ranking: "1st" .. "6th" (each language has its own forms)."""
    forms = {
        1: pgettext("rank", "1st"),
        2: pgettext("rank", "2nd"),
        3: pgettext("rank", "3rd"),
        4: pgettext("rank", "4th"),
        5: pgettext("rank", "5th"),
        6: pgettext("rank", "6th"),
    }
    return forms.get(rank) or pgettext("rank", "{n}th").format(n=rank)


def scoring_round(round_number: int) -> str:
    return _(SCORING_ROUND_NAMES[round_number])


_LOCAL = {
    "tile": tile,
    "card": card,
    "cards": cards,
    "type": building,
    "currency": currency,
}


def said(message: str | Message) -> str:
    """An engine's or bot's message in the current language; a plain string is shown as it is (names,
    numbers).  Arguments that are messages themselves are said the same way."""
    if not isinstance(message, Message) or not hasattr(message, "template"):
        return message
    return fill_local(message.template, message.args)


def fill_local(template: str, args: Mapping[str, object]) -> str:
    """``template`` translated and filled, each argument said in the current language by its kind."""
    translated = _(template)
    if not args:
        return translated
    shown: dict[str, object] = {}
    for name, value in args.items():
        kind = argument_kind(name)
        if kind is not None:
            shown[name] = _LOCAL[kind](value)  # type: ignore[operator]
        elif isinstance(value, Message):
            shown[name] = said(value)
        else:
            shown[name] = value
    return translated.format(**shown)


def refusal(error: Exception) -> str:
    """Why a move was refused, in the current language, without the rule's id (that stays in records)."""
    template = getattr(error, "template", None)
    if template is None:
        return str(error)
    return fill_local(template, getattr(error, "arguments", {}))
