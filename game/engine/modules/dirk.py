"""Dirk, the neutral collector of the two-player game (RULES.md §8): the first module.

He takes no turns and builds no Alhambra: he is dealt tiles at setup and after the first two
scorings ([B-DIRK-2]), ranks in the majorities without scoring walls ([B-DIRK-3]), and receives
bought tiles a player gives him ([B-DIRK-4]).  He plays exactly when two players do, with one
copy of each money card fewer ([B-DIRK-1]).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action, EventFields, typed_equality
from ..components import BUILDING_TYPES, EMPTY, TILE_TYPE, TWO_PLAYER_MONEY, describe_tile, is_hut
from ..errors import IllegalAction
from ..messages import Message, mark
from ..phases import FINAL
from .base import Module, Part

if TYPE_CHECKING:
    import random

    from ..play import Deal, Play
    from .base import SetupReading

NAME = "dirk"  # his name in the record: the "player" of his awards, the key of his part
START_TILES = 6  # [B-DIRK-2] at setup, and again after the first scoring
# his record events (RECORD.md): a player gives him a tile; he receives tiles after a scoring
GIVE_EVENT = "dirk"
DRAW_EVENT = "dirk_gets"


@typed_equality
class GiveToDirk(NamedTuple):
    """[B-DIRK-4] give a tile bought this turn to Dirk (two-player game)."""

    tile: int
    kind = "dirk"
    rule = "B-DIRK-4"
    event = GIVE_EVENT  # the record event its decision writes

    @staticmethod
    def from_event(fields: EventFields) -> GiveToDirk:
        return GiveToDirk(fields.tile())

    def __str__(self) -> str:
        return f"give {describe_tile(self.tile)} to Dirk"

    def said(self) -> Message:
        return Message.of("give {tile} to Dirk", tile=self.tile)


class DirkPart(Part):
    """His tiles (public: [B-DIRK-2]) and his points (tracked, though he cannot win: [B-DIRK-3])."""

    __slots__ = ("score", "tiles")

    def __init__(self, tiles: list[int], score: int = 0) -> None:
        self.tiles = tiles
        self.score = score

    def copy(self) -> DirkPart:
        copy = DirkPart.__new__(DirkPart)  # no __init__ call: the search copies the state for every iteration
        copy.tiles = list(self.tiles)
        copy.score = self.score
        return copy

    def key(self) -> tuple:
        return (tuple(self.tiles), self.score)

    def counts(self) -> list[int]:
        """His buildings per type, as a collector in the majorities (a camp or bazaar he holds has no type:
        [B-DIRK-5])."""
        counts = [0] * len(BUILDING_TYPES)
        for tile in self.tiles:
            kind = TILE_TYPE[tile]
            if kind is not None:
                counts[kind] += 1
        return counts


def of(state: Play) -> DirkPart | None:
    """Dirk's part of ``state``, or None when he does not play."""
    return state.parts.get(NAME)  # type: ignore[return-value]


def plays(players: int) -> bool:
    """[B-DIRK-1] Dirk plays in, and only in, the two-player game."""
    return players == 2


def _check_give(state: Play, action: GiveToDirk) -> None:
    if state.phase == FINAL:
        raise IllegalAction("B-DIRK-4", "only a bought tile may be given to Dirk, not one received at the end")
    state.check_held(action.tile)
    if is_hut(action.tile):
        raise IllegalAction("B-DIRK-5", "a hut is taken, not bought: it never goes to Dirk")


def _give(state: Play, action: GiveToDirk) -> None:
    state.release(action.tile)
    state.parts[NAME].tiles.append(action.tile)  # type: ignore[attr-defined]
    state.emit({"e": GIVE_EVENT, "player": state.decider, "tile": action.tile})
    state.after_placement()


class Dirk(Module):
    name = NAME
    handlers = {GiveToDirk: (_check_give, _give)}  # noqa: RUF012 - read-only table
    absent_reason = mark("Dirk plays only in a two-player game")
    absent_rule = "B-DIRK-1"
    events = (GIVE_EVENT, DRAW_EVENT)
    setup_defaults = {NAME: []}  # noqa: RUF012 - RECORD.md's base setup lists his tiles, none without him

    @classmethod
    def applies(cls, players: int, chosen: tuple[str, ...]) -> bool:
        return plays(players)

    def money_cards(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """[B-DIRK-1] one copy of each money card fewer: 72 cards."""
        kept = set(TWO_PLAYER_MONEY)
        return tuple(card for card in cards if card in kept)

    def setup_draw(self, players: int) -> int:
        """[B-DIRK-2] six tiles from the bag, after the market's."""
        return START_TILES

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """[B-DIRK-2] his tiles, in draw order."""
        return tiles

    def dealt_tiles(self, part: tuple[int, ...]) -> tuple[int, ...]:
        return part

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        if len(deal.parts[NAME]) != START_TILES:
            return ["[B-DIRK-2] Dirk starts with 6 tiles in a two-player game and does not exist otherwise"]
        return []

    def setup_fields(self, part: tuple[int, ...]) -> dict[str, Any]:
        return {NAME: list(part)}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> tuple[int, ...]:
        return read.bag_tiles(setup.get(NAME, []), f"setup.{NAME}")

    def start(self, state: Play, deal: Deal) -> DirkPart:
        return DirkPart(list(deal.parts[NAME]))

    def placement_moves(self, state: Play, tile: int) -> Iterable[Action]:
        """[B-DIRK-4] a tile bought this turn may go to Dirk (not one received at the end: [B-END-2]), also one
        bought by a vizier; [B-DIRK-5] never a hut."""
        return () if state.phase == FINAL or is_hut(tile) else (GiveToDirk(tile),)

    def collectors(self, state: Play) -> list[list[int]]:
        """[B-DIRK-3] he ranks in the majorities like a player."""
        return [state.parts[NAME].counts()]  # type: ignore[attr-defined]

    def award(self, state: Play, collector: int, kind: int, points: int) -> dict:
        state.parts[NAME].score += points  # type: ignore[attr-defined]
        return {"player": NAME, "what": BUILDING_TYPES[kind], "points": points}

    def after_scoring(self, state: Play, round_number: int) -> None:
        """[B-DIRK-2] six more tiles after the first scoring, a third of the bag (rounded down) after the second.

        [B-DIRK-5] the third counts every tile in the bag; a tile a module sets aside when drawn (a bazaar goes
        beside the market: [M-BAZAAR-2]) is replaced by the next one, and is written right after his tiles;
        when the bag runs short he gets what is left."""
        if round_number == 1:
            count = START_TILES
        elif round_number == 2:
            count = len(state.bag) // 3
        else:
            return
        tiles: list[int] = []
        aside: list[int] = []
        while len(tiles) < count:
            tile = state.draw_tile(aside)
            if tile == EMPTY:
                break
            tiles.append(tile)
        state.parts[NAME].tiles.extend(tiles)  # type: ignore[attr-defined]
        state.forget_supply()
        state.emit({"e": DRAW_EVENT, "tiles": tiles})
        state.put_aside(aside)

    def score_fields(self, state: Play) -> dict[str, Any]:
        return {"dirk_total": state.parts[NAME].score}  # type: ignore[attr-defined]

    def result_fields(self, state: Play) -> dict[str, Any]:
        return {"dirk_score": state.parts[NAME].score}  # type: ignore[attr-defined]
