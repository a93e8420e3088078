"""Images from the ``assets`` package, loaded once, composed and scaled once per size.

Everything is found with ``importlib.resources.files("assets")`` so the same code works from
source and from the frozen build.  A missing file raises ``MissingAsset`` naming the file and
how to regenerate it, instead of drawing a silent placeholder.

Composition happens at the art's native 128 px (face, then the wall overlays, then the cost in the
cartouche; for a camp of the 2024 edition: its face, bastion overlays, arrow overlays and cost) and
the result is scaled per requested size and cached: a frame then costs one blit per tile.  Caches
are bounded (LRU) because zooming asks for many sizes.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from importlib import resources

import pygame

from game.engine.components import (
    BAZAAR_CURRENCY,
    BAZAAR_TYPES,
    BAZAARS,
    BONUS_CARDS,
    BONUS_TILE,
    BUILDING_TYPES,
    CAMP_ARROWS,
    CARD_CURRENCY,
    CARD_VALUE,
    CARD_WALLS,
    CHESTS,
    CITIZENS,
    COINS,
    CURRENCIES,
    EXCHANGE_CARDS,
    EXCHANGE_PAIR,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_TYPES,
    FALCONS,
    GATE_CARDS,
    HUT_COLOUR,
    PIECE_COLOUR,
    SLOT_CURRENCY,
    THIEF_CARDS,
    THIEF_CURRENCY,
    TILE_COST,
    TILE_TYPE,
    TILE_WALLS,
    WALL_CARDS,
    E,
    N,
    S,
    W,
    is_bazaar,
    is_bonus_card,
    is_camp,
    is_chest,
    is_citizen,
    is_coin,
    is_exchange_card,
    is_falcon,
    is_gate_card,
    is_hut,
    is_scoring_card,
    is_start_tile,
    is_thief_card,
    scoring_round_of,
    walls_to_text,
)

from . import theme

TILE_ART = 128
CARD_ART = (80, 120)
SLOT_ART = (150, 190)
SLOT_TILE_POS = (11, 51)  # where a 128 px tile sits inside a market slot frame (assets README)
CARTOUCHE = (100, 100, 12)  # centre and radius of the cost disc on a 128 px tile face
BADGE = (75, 26, 21)  # the currency medallion at the top of a market slot frame
WALL_FILES = ((N, "wall_n"), (E, "wall_e"), (S, "wall_s"), (W, "wall_w"))
# The 2024 edition's camps: a face, one bastion overlay and one arrow overlay per side (assets/camps).
CAMP_FACE = "camps/camp.png"
BASTION_FILES = tuple((bit, f"camps/bastion_{name[-1]}.png") for bit, name in WALL_FILES)
ARROW_FILES = tuple((bit, f"camps/arrow_{name[-1]}.png") for bit, name in WALL_FILES)
CAMP_CARTOUCHE = (96, 96, 12)  # a camp's cost disc sits further in than a building's: ramparts are deeper
FALCON_ART = 64  # a falcon token's art; shown at about a third of a tile, on a grid corner


class MissingAsset(FileNotFoundError):
    """An asset file is not in the package: the art was not generated or not bundled."""


class _Lru:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
            return found
        found = self.items[key] = make()
        if len(self.items) > self.capacity:
            self.items.popitem(last=False)
        return found


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display format when a display exists (fast blits); tools may run without one."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def load_asset_bytes(path: str) -> bytes:
    target = resources.files("assets").joinpath(*path.split("/"))
    try:
        return target.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        raise MissingAsset(f"asset missing: assets/{path} (run 'python -m assets.generate')") from None


class Sprites:
    """All images of the game by meaning (``tile(7, 64)``) rather than by file name."""

    def __init__(self, text: theme.TextCache) -> None:
        self.text = text
        self._raw: dict[str, pygame.Surface] = {}
        self._cache = _Lru(1500)
        self._base_tiles: dict[tuple[int, int], pygame.Surface] = {}

    # ------------------------------------------------------------------ raw files
    def image(self, path: str) -> pygame.Surface:
        """The PNG ``assets/<path>`` at its own size."""
        found = self._raw.get(path)
        if found is None:
            data = load_asset_bytes(path)
            found = self._raw[path] = _convert(pygame.image.load(io.BytesIO(data), path))
        return found

    def scaled(self, path: str, size: tuple[int, int]) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        return self._cache.get(("file", path, size), lambda: _smooth(self.image(path), size))

    def check(self, icons: Sequence[str] = ()) -> list[str]:
        """Asset files the client needs that are missing, for a clear message at start-up.

        ``icons``: more ``ui`` icons than the base game's (the rule modules' buttons).
        """
        needed = [f"tiles/{name}.png" for name in (*BUILDING_TYPES, "start", "back")]
        needed += [f"tiles/{name}.png" for _, name in WALL_FILES]
        needed += [f"cards/value_{c}_{v}.png" for c in CURRENCIES for v in range(1, 10)]
        needed += ["cards/back.png", "cards/scoring_1.png", "cards/scoring_2.png", "board/felt.png"]
        needed += [f"board/market_slot_{c}.png" for c in CURRENCIES]
        needed += [f"tiles/hut_{name}.png" for name in BUILDING_TYPES]
        needed += [_card_file(card) for card in (*EXCHANGE_CARDS, *BONUS_CARDS)]
        needed += ["cards/bonus_back.png", "tokens/vizier_awake.png", "tokens/vizier_asleep.png"]
        needed += [CAMP_FACE] + [path for _, path in (*BASTION_FILES, *ARROW_FILES)]
        needed += [bazaar_file(tile) for tile in BAZAARS] + [falcon_file(tile) for tile in FALCONS]
        needed += [_card_file(card) for card in THIEF_CARDS] + ["cards/thief_back.png", "tokens/trader_disc.png"]
        needed += [citizen_file(tile) for tile in CITIZENS]
        needed += [_card_file(card) for card in COINS] + [chest_file(tile) for tile in CHESTS]
        needed += [_card_file(card) for card in (*GATE_CARDS[:1], *WALL_CARDS)] + ["tokens/gate.png"]
        needed += [f"tokens/wall_{side}.png" for side in "NESW"]
        needed += [f"ui/{name}.png" for name in (*ICONS, *icons)] + ["ui/logo.png", "ui/icon.png"]
        needed += [f"sounds/{name}.wav" for name in SOUNDS] + [f"fonts/{name}" for name in theme.FONT_FILES.values()]
        missing = []
        for path in needed:
            try:
                load_asset_bytes(path)
            except MissingAsset:
                missing.append(path)
        return missing

    # ------------------------------------------------------------------ tiles
    def face(self, kind: str, walls: int, cost: int | None) -> pygame.Surface:
        """A 128 px tile: ``kind`` is a building type, 'start' or 'hut_<type>'; walls as the engine's mask."""
        key = ("face", kind, walls, cost)
        return self._cache.get(key, lambda: self._compose(kind, walls, cost))

    def _compose(self, kind: str, walls: int, cost: int | None) -> pygame.Surface:
        surface = self.image(f"tiles/{kind}.png").copy()
        for bit, name in WALL_FILES:
            if walls & bit:
                surface.blit(self.image(f"tiles/{name}.png"), (0, 0))
        if cost is not None:
            cx, cy, _ = CARTOUCHE
            digits = self.text.render(str(cost), 17 if cost < 10 else 15, theme.INK, "bold")
            surface.blit(digits, digits.get_rect(center=(cx, cy + 1)))
        return surface

    def camp_face(self, bastions: int, arrows: int, cost: int | None) -> pygame.Surface:
        """A 128 px camp (2024 edition): the face, its bastion sides, its arrows and its cost.

        ``bastions`` and ``arrows`` are masks of sides as the engine's ``TILE_WALLS`` and ``CAMP_ARROWS``.
        """
        key = ("camp", bastions, arrows, cost)
        return self._cache.get(key, lambda: self._compose_camp(bastions, arrows, cost))

    def _compose_camp(self, bastions: int, arrows: int, cost: int | None) -> pygame.Surface:
        surface = self.image(CAMP_FACE).copy()
        for mask, files in ((bastions, BASTION_FILES), (arrows, ARROW_FILES)):
            for bit, path in files:
                if mask & bit:
                    surface.blit(self.image(path), (0, 0))
        if cost is not None:
            cx, cy, _ = CAMP_CARTOUCHE
            digits = self.text.render(str(cost), 17 if cost < 10 else 15, theme.INK, "bold")
            surface.blit(digits, digits.get_rect(center=(cx, cy + 1)))
        return surface

    def camp(self, bastions: int, arrows: int, size: int, cost: int | None = None) -> pygame.Surface:
        """A camp that need not exist in the game (the rules help draws examples), ``size`` px square."""
        size = max(4, int(size))
        return self._cache.get(
            ("camp", bastions, arrows, cost, size),
            lambda: _smooth(self.camp_face(bastions, arrows, cost), (size, size)),
        )

    def tile(self, tile: int, size: int) -> pygame.Surface:
        """Tile ``tile`` (engine id) with its walls and cost, ``size`` px square.

        A hut (module [M-HUT]) is its colour's hut face with its walls and no cost.  A camp ([M-CAMP])
        is the camp face with its bastions, arrows and cost; a bazaar ([M-BAZAAR]) its own face (no walls,
        no cost).  A falcon ([M-FALCON]) is never a tile of the grid: asked for one, this gives its token
        at ``size`` (``falcon`` is the usual way, at about a third of a tile).
        """
        size = max(4, int(size))
        if is_start_tile(tile):
            return self._cache.get(("tile", "start", size), lambda: _smooth(self.face("start", 0, None), (size, size)))
        if is_hut(tile):
            hut = hut_face_name(HUT_COLOUR[tile])  # type: ignore[arg-type]
            return self._cache.get(
                ("tile", tile, size), lambda: _smooth(self.face(hut, TILE_WALLS[tile], None), (size, size))
            )
        if is_camp(tile):
            bastions, arrows, cost = TILE_WALLS[tile], CAMP_ARROWS[tile], TILE_COST[tile]
            return self._cache.get(
                ("tile", tile, size), lambda: _smooth(self.camp_face(bastions, arrows, cost), (size, size))
            )
        if is_bazaar(tile):
            return self.scaled(bazaar_file(tile), (size, size))
        if is_falcon(tile):
            return self.falcon(tile, size)
        if is_chest(tile):  # [M-CHEST-1] a chest is a wooden piece on a building, never a tile of the grid
            return self.scaled(chest_file(tile), (size, size))
        if is_citizen(tile):  # [M-TRADER-1] a citizen is a wooden piece, never a tile of the grid: its figure
            return self.scaled(citizen_file(tile), (size, size))
        kind, walls, cost = BUILDING_TYPES[TILE_TYPE[tile]], TILE_WALLS[tile], TILE_COST[tile]
        return self._cache.get(("tile", tile, size), lambda: _smooth(self.face(kind, walls, cost), (size, size)))

    def drawn_tile(self, kind: str, walls: int, size: int, cost: int | None = None) -> pygame.Surface:
        """A tile that need not exist in the game (the rules help draws examples)."""
        return self._cache.get(
            ("drawn", kind, walls, cost, size), lambda: _smooth(self.face(kind, walls, cost), (size, size))
        )

    def tile_back(self, size: int) -> pygame.Surface:
        return self.scaled("tiles/back.png", (size, size))

    def type_icon(self, kind: str, size: int) -> pygame.Surface:
        """A building type's face at icon size: the emblem tells the type without colour."""
        return self.scaled(f"tiles/{kind}.png", (size, size))

    def hut(self, colour: int | str, size: int, walls: int = 0) -> pygame.Surface:
        """A hut face of ``colour`` (building type index or name), ``size`` px square, with ``walls``.

        For the hut stacks and help screens; a hut that is a tile of the game draws with ``tile``.
        """
        size = max(4, int(size))
        name = hut_face_name(colour)
        return self._cache.get(("hut", name, walls, size), lambda: _smooth(self.face(name, walls, None), (size, size)))

    # ------------------------------------------------------------------ cards
    def card(self, card: int, height: int) -> pygame.Surface:
        """Card ``card`` (engine id) face up, ``height`` px tall: money, scoring, exchange or bonus card."""
        return self.scaled(_card_file(card), card_size(height))

    @staticmethod
    def round_card(card: int) -> bool:
        """Whether ``card`` is drawn round, a disc at the top of its card-sized art (a change coin, [M-CHANGE-1]):
        the hand gives it no card's shadow and frames the disc."""
        return is_coin(card)

    def card_back(self, height: int) -> pygame.Surface:
        return self.scaled("cards/back.png", card_size(height))

    def bonus_back(self, height: int) -> pygame.Surface:
        """The back of a bonus card (module [M-BONUS]), ``height`` px tall: unlike the money back."""
        return self.scaled("cards/bonus_back.png", card_size(height))

    # ------------------------------------------------------------------ tokens
    def falcon(self, falcon: int, size: int) -> pygame.Surface:
        """Falcon ``falcon`` (engine id, [M-FALCON]) as a round token, ``size`` px square (art 64 px).

        Drawn to sit on a grid corner at about a third of a tile.  Its kind reads from the pose (black:
        wings spread, seen from below; brown: perched in profile; white: flying in profile, wings
        raised), the rim (teeth, beads, cord) and a light or dark ground; its two colours are two
        small discs with their building emblems.
        """
        size = max(4, int(size))
        return self.scaled(falcon_file(falcon), (size, size))

    def token(self, name: str, size: int) -> pygame.Surface:
        """A module's token drawn by its file name under ``assets/tokens`` (a trader's disc), ``size`` px square."""
        return self.scaled(f"tokens/{name}.png", (max(4, int(size)), max(4, int(size))))

    def card_art(self, name: str, height: int) -> pygame.Surface:
        """A module's card drawn by its file name under ``assets/cards`` (a thief's back), ``height`` px tall."""
        return self.scaled(f"cards/{name}.png", card_size(height))

    def vizier_token(self, awake: bool, size: int) -> pygame.Surface:
        """A vizier token (module [M-VIZIER]), ``size`` px square (art 64 px).

        Awake: teal and gold, upright, eyes open; asleep: grey side up, head tipped, eyes closed, "Zz".
        """
        size = max(4, int(size))
        return self.scaled(f"tokens/vizier_{'awake' if awake else 'asleep'}.png", (size, size))

    def scoring_card(self, round_number: int, height: int) -> pygame.Surface:
        return self.scaled(f"cards/scoring_{round_number}.png", card_size(height))

    def currency_badge(self, currency: int | str, size: int) -> pygame.Surface:
        """The round currency medallion cut from the market slot art: the currency's symbol."""
        name = currency if isinstance(currency, str) else CURRENCIES[currency]

        def make() -> pygame.Surface:
            cx, cy, r = BADGE
            cut = self.image(f"board/market_slot_{name}.png").subsurface((cx - r, cy - r, 2 * r, 2 * r)).copy()
            mask = pygame.Surface(cut.get_size(), pygame.SRCALPHA)
            pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
            cut.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            return _smooth(cut, (size, size))

        return self._cache.get(("badge", name, size), make)

    # ------------------------------------------------------------------ board and ui
    def market_slot(self, slot: int, size: tuple[int, int]) -> pygame.Surface:
        return self.scaled(f"board/market_slot_{CURRENCIES[SLOT_CURRENCY[slot]]}.png", size)

    def icon(self, name: str, size: int) -> pygame.Surface:
        return self.scaled(f"ui/{name}.png", (size, size))

    def logo(self, width: int) -> pygame.Surface:
        w, h = self.image("ui/logo.png").get_size()
        return self.scaled("ui/logo.png", (width, round(width * h / w)))

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table: felt tiled over the window with a soft vignette, built once per window size."""

        def make() -> pygame.Surface:
            surface = pygame.Surface(size)
            pattern = self.image("board/felt.png")
            pw, ph = pattern.get_size()
            for x in range(0, size[0], pw):
                for y in range(0, size[1], ph):
                    surface.blit(pattern, (x, y))
            shade = pygame.Surface((64, 40), pygame.SRCALPHA)
            for y in range(40):
                for x in range(64):
                    dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
                    shade.set_at((x, y), (0, 0, 0, min(150, int(150 * max(0.0, (dx * dx + dy * dy) - 0.35) ** 1.2))))
            surface.blit(pygame.transform.smoothscale(shade, size), (0, 0))
            return surface.convert() if pygame.display.get_surface() is not None else surface

        return self._cache.get(("felt", size), make)

    # ------------------------------------------------------------------ drawn furniture
    def shadow(self, size: tuple[int, int], radius: int, blur: int = 6, alpha: int = 120) -> pygame.Surface:
        """A soft drop shadow for a rounded box of ``size``; blit it offset by (-blur, -blur) + drop."""

        def make() -> pygame.Surface:
            w, h = size
            surface = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            pygame.draw.rect(surface, (0, 0, 0, alpha), (2 * blur, 2 * blur, w, h), border_radius=radius)
            if blur:
                surface = pygame.transform.gaussian_blur(surface, blur)
            return surface

        return self._cache.get(("shadow", size, radius, blur, alpha), make)

    def panel(
        self,
        size: tuple[int, int],
        fill: theme.Color = theme.PANEL,
        alpha: int = 226,
        edge: theme.Color = theme.PANEL_EDGE,
        radius: int = 10,
    ) -> pygame.Surface:
        """A rounded panel with a thin gold edge and a lighter inner top line."""

        def make() -> pygame.Surface:
            w, h = size
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surface, (*fill[:3], alpha), (0, 0, w, h), border_radius=radius)
            pygame.draw.rect(surface, (*edge[:3], 255), (0, 0, w, h), width=1, border_radius=radius)
            inner = theme.mix(fill, (255, 255, 255), 0.12)
            pygame.draw.line(surface, (*inner, 120), (radius, 1), (w - radius, 1))
            return surface

        return self._cache.get(("panel", size, fill, alpha, edge, radius), make)


def hut_face_name(colour: int | str) -> str:
    """The face name of a hut of ``colour`` (building type index or name), for ``Sprites.face``."""
    return f"hut_{colour if isinstance(colour, str) else BUILDING_TYPES[colour]}"


def bazaar_file(tile: int) -> str:
    """The PNG (under ``assets``) of a bazaar tile: named by its currency and its three colours."""
    colours = "_".join(BUILDING_TYPES[kind] for kind in BAZAAR_TYPES[tile])  # type: ignore[union-attr]
    return f"bazaars/bazaar_{CURRENCIES[BAZAAR_CURRENCY[tile]]}_{colours}.png"  # type: ignore[index]


def falcon_file(tile: int) -> str:
    """The PNG (under ``assets``) of a falcon token: named by its kind and its two colours."""
    first, second = FALCON_TYPES[tile]  # type: ignore[misc]
    return f"tokens/falcon_{FALCON_KINDS[FALCON_KIND[tile]]}_{BUILDING_TYPES[first]}_{BUILDING_TYPES[second]}.png"  # type: ignore[index]


def citizen_file(tile: int) -> str:
    """The PNG (under ``assets``) of a citizen ([M-TRADER-1]): named by its colour, a building type."""
    return f"tokens/citizen_{BUILDING_TYPES[PIECE_COLOUR[tile]]}.png"  # type: ignore[index]


def chest_file(tile: int) -> str:
    """The PNG (under ``assets``) of a treasure chest ([M-CHEST-1]): named by its colour, a building type."""
    return f"tokens/chest_{BUILDING_TYPES[PIECE_COLOUR[tile]]}.png"  # type: ignore[index]


def _card_file(card: int) -> str:
    """The PNG (under ``assets``) of a card's face."""
    if is_coin(card):  # [M-CHANGE-1] a change coin: round, on a card-sized canvas
        return f"cards/coin_{CURRENCIES[CARD_CURRENCY[card]]}.png"  # type: ignore[index]
    if is_thief_card(card):  # [M-THIEF-1] a thief, named by the currency it steals
        return f"cards/thief_{CURRENCIES[THIEF_CURRENCY[card]]}.png"  # type: ignore[index]
    if is_gate_card(card):  # [M-GATE-1] the gate cards are alike
        return "cards/gate.png"
    if CARD_WALLS[card]:  # [M-WALL-1] a wall card, named by the sides it walls
        return f"cards/wall_{walls_to_text(CARD_WALLS[card])}.png"
    if is_exchange_card(card):
        first, second = EXCHANGE_PAIR[card]  # type: ignore[misc]
        return f"cards/exchange_{CURRENCIES[first]}_{CURRENCIES[second]}.png"
    if is_bonus_card(card):
        kind, cost = BONUS_TILE[card]  # type: ignore[misc]
        return f"cards/bonus_{BUILDING_TYPES[kind]}_{cost}.png"
    if is_scoring_card(card):
        return f"cards/scoring_{scoring_round_of(card)}.png"
    return f"cards/value_{CURRENCIES[CARD_CURRENCY[card]]}_{CARD_VALUE[card]}.png"  # type: ignore[index]


def card_size(height: int) -> tuple[int, int]:
    height = max(6, int(height))
    return round(height * CARD_ART[0] / CARD_ART[1]), height


def cost_disc(tile: int, rect: pygame.Rect) -> pygame.Rect | None:
    """Where the cost disc of ``tile`` drawn in ``rect`` (``tile``) is: a building's or a camp's (None: a tile with
    no cost, the start tile, a hut, a bazaar), so that what is drawn over a tile can keep clear of its price."""
    if is_camp(tile):
        cx, cy, r = CAMP_CARTOUCHE
    elif TILE_TYPE[tile] is not None and TILE_COST[tile] is not None and not (is_hut(tile) or is_start_tile(tile)):
        cx, cy, r = CARTOUCHE
    else:
        return None
    k = rect.w / TILE_ART
    return pygame.Rect(round(rect.x + (cx - r) * k), round(rect.y + (cy - r) * k), round(2 * r * k), round(2 * r * k))


def _smooth(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    if surface.get_size() == size:
        return surface
    return pygame.transform.smoothscale(surface, size)


ICONS = (
    "hint",
    "undo",
    "reserve",
    "money",
    "buy",
    "redesign",
    "menu",
    "sound_on",
    "sound_off",
    "fast",
    "log",
    "zoom_in",
    "zoom_out",
)
SOUNDS = ("click", "card", "coin", "place", "score", "turn", "error", "flourish")
