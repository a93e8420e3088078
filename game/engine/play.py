"""The contract between the engine and its modules: the deal a game starts from, and the game as a hook sees it.

A module's hooks (``modules/base.py``) receive a ``Play``: the members a module may read and the changes it may
make, named here and nowhere else.  ``GameState`` is the one class that fulfils it; typing hooks against this
protocol instead of the state keeps the engine's files out of one another's types (no file imports ``GameState``
for its hints) and tells a module's author, in one page, what a module can do.

The changes are methods rather than fields written from outside, so the state can keep what depends on them up
to date (a tile held to be placed is progress; a board is replaced, never changed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board
    from .extended import Extra


@dataclass(frozen=True)
class Deal:
    """The result of setup.  Sequences are in draw order: the first element is drawn first."""

    players: int
    bag: tuple[int, ...]
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    start_player: int
    market: tuple[int, ...]
    offer: tuple[int, ...]
    modules: tuple[str, ...] = ()  # the modules chosen at setup (RECORD.md ``config.modules``)
    # each playing module's part of the deal, by module name (its ``deal``; e.g. [B-DIRK-2] Dirk's tiles)
    parts: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        fields = (self.players, self.bag, self.deck, self.hands, self.start_player, self.market, self.offer)
        return hash((*fields, self.modules, *sorted(self.parts.items())))


class Cooperation(Protocol):
    """What the modules that play offer one another (``Ruleset``), in words of the rules: each a tuple of the hooks
    of the modules that answer it, empty when none plays.  A module reaches another only through these."""

    names: tuple[str, ...]  # the modules that play
    optional_events: tuple[str, ...]  # events of decisions that change nothing of the play (a bonus card shown)
    payment_cards: tuple[Callable[[Play, int], tuple[int, ...]], ...]
    check_card_payment: tuple[Callable[[Play, int, int, tuple[int, ...], int], int], ...]
    spend_card: tuple[Callable[[Play, int, int], None], ...]
    out_of_turn_purchases: tuple[Callable[[Play, int], Iterable[Action]], ...]
    check_out_of_turn: tuple[Callable[[Play], None], ...]
    buy_out_of_turn: tuple[Callable[[Play, int, Callable[[], None]], None], ...]


class Play(Protocol):
    """The game as a module's hooks see it: what they may read, and the changes they may make."""

    # ------------------------------------------------------------------ read
    players: int
    rules: Cooperation
    parts: dict[str, Any]  # each module's ``Part``, by module name: a module reads and changes its own
    turn_player: int
    decider: int  # who decides now
    phase: str
    boards: list[Board]  # each player's Alhambra
    reserves: list[list[int]]
    hands: list[list[int]]  # money in hand, per player
    offer: list[int]  # the money offer ([B-SETUP-5])
    held: list[int]  # tiles the decider still has to place
    market: list[int]  # tile per slot 1..4 (index 0..3), ``EMPTY`` where empty
    bag: list[int]  # next tile drawn is the last element
    resume_to: tuple[str, bool] | None  # a placement a module interrupted ([M-TRADER-3]): its phase, a redesign or not
    seed: int  # drives the game's chance after the deal ([D-RNG-1]); a player's knowledge never holds it
    planned: dict[str, list[dict]]  # replaying a record: its events naming what chance drew (``drawn_events``)

    def in_slot(self, slot: int) -> int: ...

    def emit(self, event: dict) -> None:
        """Write ``event`` to the record (look-ahead copies write none)."""

    # ------------------------------------------------------------------ checks that raise IllegalAction
    def require_phase(self, *phases: str) -> None: ...

    def check_held(self, tile: int) -> None: ...

    def check_payment(
        self, player: int, slot: int, paid: tuple[int, ...], currencies: tuple[int, ...], rule: str
    ) -> int: ...

    # ------------------------------------------------------------------ changes
    def hold(self, tile: int) -> None:
        """A tile taken or bought waits to be placed by the decider: the game progressed."""

    def release(self, tile: int) -> None:
        """A tile waiting to be placed goes elsewhere (given away)."""

    def pay(self, player: int, cards: Iterable[int]) -> None:
        """``player`` pays ``cards`` from their hand onto the discard pile: the game progressed."""

    def discard_card(self, card: int) -> None:
        """A card that is not in a hand (one a module kept) goes onto the discard pile."""

    def ask(self, phase: str, decider: int | None = None) -> None:
        """The game goes into ``phase`` (a module's own: a window, a placement), with ``decider`` deciding."""

    def purchase(self, player: int, slot: int, paid: tuple[int, ...]) -> bool: ...

    def end_action(self) -> None: ...

    def after_placement(self) -> None: ...

    def next_turn(self) -> None: ...

    def refill_market(self) -> bool: ...

    def end_game(self) -> None: ...

    def resume(self) -> None: ...

    def refill_offer(self) -> list[int]: ...

    def score_rounds(self, rounds: list[int]) -> None: ...

    def open_windows(self) -> None: ...

    def draw_tile(self, aside: list[int] | None = None) -> int: ...

    def put_aside(self, tiles: list[int]) -> None: ...

    def forget_supply(self) -> None: ...

    # ------------------------------------------------------------------ what §11 adds to an Alhambra (``extended``)
    def set_extra(self, player: int, extra: Extra) -> None:
        """``player``'s Alhambra gains what a module adds beyond the printed tiles (walls built on tiles)."""

    def place_opening(self, action: Action, opened: tuple[tuple[int, int], ...], written: list[dict]) -> None:
        """Carry out ``action`` (a held tile's ``Place``, a ``FromReserve`` or a ``Swap``, checked) opening the
        passages ``opened`` between the placed tile's cell and its neighbours: its events, with ``written`` right after
        its ``place``, then whatever follows that placement."""
