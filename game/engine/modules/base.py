"""What a module may change, as hooks with the base game's answer ("nothing") as the default.

A hook is only called for modules that override it: ``Ruleset`` collects the overridden ones into
tuples once per game, so a base-game search never calls a hook at all.  Hooks receive the
``GameState`` and change it through its ordinary fields and their own ``Part``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import random

    from ..actions import Action
    from ..alhambra import Spot
    from ..board import Board
    from ..setup import Deal
    from ..state import GameState

Handler = tuple[Callable[["GameState", Any], None], Callable[["GameState", Any], None]]

# The 2024 edition's modules by their record names (RECORD.md ``config.modules``): named here, where the
# record and the setup can read them before (or without) the modules' own files.
CAMPS_MODULE, BAZAARS_MODULE, FALCONS_MODULE = "camps", "bazaars", "falcons"


class Part:
    """A module's slice of the game state: copied with every clone, compared in every knowledge key."""

    __slots__ = ()

    def copy(self) -> Part:
        raise NotImplementedError

    def key(self) -> tuple:
        """Everything the part holds, as one comparable value (``knowledge.state_key``)."""
        raise NotImplementedError


class Module:
    """One optional set of rules.  Subclasses override the hooks they need and nothing else."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""  # one line for the setup screen and ``--help``
    handlers: ClassVar[dict[type, Handler]] = {}  # the module's actions: type -> (check, carry out)
    absent_reason: ClassVar[str] = ""  # why the module's actions are refused in a game it does not play
    events: ClassVar[tuple[str, ...]] = ()  # the names of the record events it writes (RECORD.md's Modules section)

    @classmethod
    def applies(cls, players: int, chosen: tuple[str, ...]) -> bool:
        """Whether the module plays in a game of ``players`` with the modules ``chosen`` at setup."""
        return cls.name in chosen

    # ---------------------------------------------------------------- setup
    def money_cards(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """The money cards the game is played with (before shuffling)."""
        return cards

    def bag_tiles(self) -> tuple[int, ...]:
        """Tiles shuffled into the bag with the buildings ([M-CAMP-1] camps, [M-BAZAAR-1] bazaars)."""
        return ()

    aside_field: ClassVar[str] = ""  # the ``Deal`` field of the tiles it set aside at setup (``aside_tiles``)

    def aside_tiles(self) -> tuple[int, ...]:
        """Tiles of the bag that never stay where they are drawn to (the market, Dirk's pile): each one drawn
        is set aside and the draw goes on ([M-BAZAAR-2] bazaars wait beside the market).  At setup they go to
        the deal's ``aside_field``, in draw order; during play to ``set_aside``."""
        return ()

    def set_aside(self, state: GameState, tile: int) -> None:
        """A tile of ``aside_tiles`` was drawn from the bag during play: the module keeps it (and writes its event)."""
        raise NotImplementedError

    def deal_into_piles(self, rng: random.Random, piles: list[list[int]]) -> None:
        """[B-SETUP-6] add the module's cards to the five piles of the deck (before each pile is shuffled)."""

    def deal(self, rng: random.Random, players: int) -> dict[str, Any]:
        """The module's own setup, drawn from ``rng`` after the base game's: ``Deal`` fields by name."""
        return {}

    def deal_problems(self, deal: Deal) -> list[str]:
        """Every way ``deal`` (typically read from a record) breaks the module's setup."""
        return []

    def start(self, state: GameState, deal: Deal) -> Part | None:
        """The module's slice of a new game's state, or None if it keeps none."""
        return None

    # ---------------------------------------------------------------- hidden information [D-HIDDEN-1]
    def conceal(self, state: GameState, player: int) -> None:
        """Put what ``player`` cannot know of the module's part into a canonical order (``Knowledge``)."""

    def redeal(self, state: GameState, player: int, rng: random.Random) -> None:
        """Deal what ``player`` cannot know of the module's part afresh from ``rng`` (determinization)."""

    # ---------------------------------------------------------------- a turn
    phases: ClassVar[dict[str, Callable[[GameState], list]]] = {}  # the module's own decision phases: their moves
    placing: ClassVar[dict[str, Callable[[GameState], None]]] = {}  # phases that place tiles: what follows the last
    # per phase of the module's own: (rule, what is asked now), the refusal of any other move in that phase
    asking: ClassVar[dict[str, tuple[str, str]]] = {}

    def turn_actions(self, state: GameState) -> Iterable[Action]:
        """The module's moves in the turn player's action phase ([B-TURN-1]), listed after the base game's."""
        return ()

    def optional_actions(self, state: GameState) -> Iterable[Action]:
        """Moves the decider may make at any moment besides the listed ones, which change nothing of the play
        (a bonus card revealed early): offered by the client, never searched."""
        return ()

    def card_taken(self, state: GameState, player: int, card: int) -> None:
        """A card that is not money was taken from the offer ([M-EXCH-2]): where it goes."""
        raise NotImplementedError

    def after_redesign(self, state: GameState, player: int) -> None:
        """A tile left ``player``'s Alhambra in a redesign (after its ``reserve`` event)."""

    def after_turn(self, state: GameState) -> bool:
        """The turn has ended (refills and scorings done, the market full): True if the module now takes
        over the flow (a vizier window), and then calls ``state.next_turn()`` itself."""
        return False

    def unrecorded(self, state: GameState, event: dict) -> Action | None:
        """The decision the decider made without writing an event, if ``event`` (the record's next) shows one
        (a vizier window's pass)."""
        return None

    def spots_for(self, board: Board, tile: int) -> Sequence[Spot]:
        """The spots of ``board``'s survey where ``tile`` may go, for a tile of the module's own that the walls'
        formula never fits (an outwork, ``alhambra.FIT_WALLS``: [M-CAMP-2] a camp); empty for any other tile."""
        return ()

    def placement_moves(self, state: GameState, tile: int) -> Iterable[Action]:
        """Destinations besides the Alhambra and the reserve for a tile waiting to be placed."""
        return ()

    def vizier_purchases(self, state: GameState, player: int) -> Iterable[Action]:
        """What ``player``'s vizier may buy in a window besides the market's tiles, paying exactly ([M-VIZIER-2]:
        [M-BAZAAR-3] a bazaar beside the market)."""
        return ()

    # ---------------------------------------------------------------- scoring
    def before_scoring(self, state: GameState) -> None:
        """Right before a scoring is counted (bonus cards revealed)."""

    def count_extra(self, state: GameState, player: int, counts: list[int]) -> None:
        """Add what the module counts for ``player`` per building type at a scoring ([M-HUT-4], [M-BONUS-2])."""

    def collectors(self, state: GameState) -> list[list[int]]:
        """Buildings per type of collectors besides the players who take part in majorities."""
        return []

    def award(self, state: GameState, collector: int, kind: int, points: int) -> dict:
        """Credit ``points`` for building type ``kind`` to this module's ``collector``; the award's record entry."""
        raise NotImplementedError

    def score_items(self, state: GameState, round_number: int) -> list[tuple[int, str, int]]:
        """(player, what, points) the module scores at scoring ``round_number`` besides majorities and walls
        ([M-CAMP-3] camps, [M-BAZAAR-5] bazaars, [M-FALCON-5] falcons): ``what`` as RECORD.md names the item;
        items of no points are left out.  The state adds them to the scores and the ``score`` event."""
        return []

    def after_scoring(self, state: GameState, round_number: int) -> None:
        """What happens once a scoring is over (before the turn passes)."""

    def score_fields(self, state: GameState) -> dict[str, Any]:
        """Fields the module adds to every ``score`` event."""
        return {}

    def result_fields(self, state: GameState) -> dict[str, Any]:
        """Fields the module adds to a finished record's ``result``."""
        return {}


def overrides(module: Module, hook: str) -> bool:
    """Whether ``module`` answers ``hook`` with something of its own (else the hook is never called)."""
    return getattr(type(module), hook) is not getattr(Module, hook)
