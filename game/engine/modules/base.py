"""What a module may change, as hooks with the base game's answer ("nothing") as the default.

A hook is only called for modules that override it: ``Ruleset`` collects the overridden ones into
tuples once per game, so a base-game search never calls a hook at all.  Hooks receive the game as
a ``play.Play``: the members a module may read and the changes it may make, named in one place.

Modules never import one another.  Where they cooperate (an exchange card paying for a bazaar or for
a vizier's purchase, a bazaar bought in a vizier's window, a bonus card shown while a window is
open), one module answers a hook of the "cooperation" section below and the other asks for it
through the functions at the end of this file, which say what happens when no module answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..components import is_exchange_card
from ..errors import IllegalAction

if TYPE_CHECKING:
    import random

    from ..actions import Action
    from ..alhambra import Spot
    from ..board import Board
    from ..play import Deal, Play

Handler = tuple[Callable[["Play", Any], None], Callable[["Play", Any], None]]


class SetupReading(Protocol):
    """How a module reads its fields of a record's ``setup`` (``read_setup``): each check refuses the record with one
    line naming the field (``record.RecordError``), so a module never trusts a value it has not checked."""

    def need(self, condition: bool, message: str) -> None:
        """Refuse the record with ``message`` unless ``condition``."""

    def ids(self, value: Any, what: str, count: int, noun: str) -> tuple[int, ...]:
        """A list of ids of ``noun``s numbered 0 to ``count - 1``, named ``what`` in a refusal."""
        ...

    def bag_tiles(self, value: Any, what: str) -> tuple[int, ...]:
        """Ids of tiles that lie in the bag: buildings, and the modules' tiles shuffled in with them."""
        ...


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
    absent_rule: ClassVar[str] = ""  # the rule that says so, where a deal or record holds the module's part anyway
    events: ClassVar[tuple[str, ...]] = ()  # the names of the record events it writes (RECORD.md's Modules section)
    # its events that name what chance drew (coins from a bag): replaying a record, the engine draws what they name
    # (``Play.planned``), as it shuffles as a record's ``reshuffle`` says
    drawn_events: ClassVar[tuple[str, ...]] = ()

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

    def aside_tiles(self) -> tuple[int, ...]:
        """Tiles of the bag that never stay where they are drawn to (the market, Dirk's pile): each one drawn
        is set aside and the draw goes on ([M-BAZAAR-2] bazaars wait beside the market).  At setup they go to
        the module's ``deal``, in draw order; during play to ``set_aside``."""
        return ()

    def set_aside(self, state: Play, tile: int) -> None:
        """A tile of ``aside_tiles`` was drawn from the bag during play: the module keeps it (and writes its event)."""
        raise NotImplementedError

    def setup_draw(self, players: int) -> int:
        """How many tiles the module draws from the bag at setup, right after the market's ([B-DIRK-2] Dirk's six)."""
        return 0

    def deal_into_piles(self, rng: random.Random, piles: list[list[int]], players: int) -> None:
        """[B-SETUP-6] add the module's cards to the five piles of the deck (before each pile is shuffled), in a game of
        ``players``."""

    def aside_cards(self) -> tuple[int, ...]:
        """Cards of the deck that never enter the money offer: each one drawn in a refill goes to the module
        (``card_aside``) and the draw goes on ([M-GATE-3] a gate card, [M-WALL-3] a wall card beside the market)."""
        return ()

    def card_aside(self, state: Play, card: int) -> None:
        """A card of ``aside_cards`` was drawn while the offer was refilled: the module keeps it (and writes its
        event, in draw order among the ``offer`` events) or discards it (``state.discard_card``)."""
        raise NotImplementedError

    def deal(self, rng: random.Random, players: int, tiles: tuple[int, ...]) -> Any:
        """The module's part of the deal (``Deal.parts``), drawn from ``rng`` after the base game's.  ``tiles`` are
        the bag's tiles it took at setup, in draw order: drawn for it (``setup_draw``) or set aside (``aside_tiles``).
        None: the module has no part."""
        return None

    def dealt_tiles(self, part: Any) -> tuple[int, ...]:
        """The bag's tiles the module's part of the deal holds (its ``tiles``), counted with the bag's."""
        return ()

    def deal_problems(self, deal: Deal, drawn: tuple[int, ...]) -> list[str]:
        """Every way ``deal`` (typically read from a record) breaks the module's setup.  ``drawn``: the tiles drawn at
        setup that stay where they are drawn to (the market's and the modules' draws)."""
        return []

    # ---------------------------------------------------------------- the record (RECORD.md)
    setup_defaults: ClassVar[dict[str, Any]] = {}  # setup fields a record has even where the module does not play

    def tile_entries(self) -> list[dict[str, Any]]:
        """The record's ``tiles`` entries of the module's own tiles (RECORD.md: kind and what the tile shows)."""
        return []

    def card_entries(self, players: int) -> list[dict[str, Any]]:
        """The record's ``cards`` entries of the module's own cards in a game of ``players``."""
        return []

    def setup_fields(self, part: Any) -> dict[str, Any]:
        """The record's ``setup`` fields of the module's part of the deal, JSON-ready."""
        return {}

    def read_setup(self, setup: Mapping[str, Any], players: int, read: SetupReading) -> Any:
        """The module's part of the deal from a record's ``setup`` (what ``setup_fields`` wrote), every id checked
        through ``read`` (which refuses the record with one line); ``deal_problems`` then checks it against the
        rules."""
        return None

    def start(self, state: Play, deal: Deal) -> Part | None:
        """The module's slice of a new game's state, or None if it keeps none."""
        return None

    # ---------------------------------------------------------------- hidden information [D-HIDDEN-1]
    def conceal(self, state: Play, player: int) -> None:
        """Put what ``player`` cannot know of the module's part into a canonical order (``Knowledge``)."""

    def redeal(self, state: Play, player: int, rng: random.Random) -> None:
        """Deal what ``player`` cannot know of the module's part afresh from ``rng`` (determinization)."""

    # ---------------------------------------------------------------- a turn
    phases: ClassVar[dict[str, Callable[[Play], list]]] = {}  # the module's own decision phases: their moves
    placing: ClassVar[dict[str, Callable[[Play], None]]] = {}  # phases that place tiles: what follows the last
    # per phase of the module's own: (rule, what is asked now), the refusal of any other move in that phase
    asking: ClassVar[dict[str, tuple[str, str]]] = {}

    def turn_actions(self, state: Play) -> Iterable[Action]:
        """The module's moves in the turn player's action phase ([B-TURN-1]), listed after the base game's."""
        return ()

    def optional_actions(self, state: Play) -> Iterable[Action]:
        """Moves the decider may make at any moment besides the listed ones, which change nothing of the play
        (a bonus card revealed early): offered by the client, never searched."""
        return ()

    def overpaid(self, state: Play, player: int, amount: int) -> None:
        """[B-TURN-3] ``player`` bought a tile from the market paying ``amount`` more than its cost, right after the
        ``buy`` event (no change is given in the base game; [M-CHANGE-3] coins from the change bag)."""

    def take_back(self, state: Play, paid: tuple[int, ...]) -> tuple[int, ...]:
        """Of the cards just ``paid``, the module takes back those that return to a supply of its own instead of the
        discard pile ([M-CHANGE-5] spent coins go back into the change bag); the rest, returned, are discarded."""
        return paid

    def card_taken(self, state: Play, player: int, card: int) -> None:
        """A card that is not money was taken from the offer ([M-EXCH-2]): where it goes."""
        raise NotImplementedError

    def after_place(self, state: Play, player: int, tile: int, cell: int) -> bool:
        """``tile`` entered ``player``'s Alhambra on ``cell`` (after its ``place`` event: a purchase placed, a redesign
        from the reserve, a vizier purchase, a tile of the end): True if the module asks for decisions now (in its own
        phase), and then calls ``state.resume()`` once they are made ([M-TRADER-3] the trader's disc)."""
        return False

    def after_redesign(self, state: Play, player: int) -> None:
        """A tile left ``player``'s Alhambra in a redesign (after its ``reserve`` event)."""

    def turn_ending(self, state: Play) -> bool:
        """The turn's tiles are all placed, before the market is refilled ([B-TURN-7]): True if the module asks for
        decisions now (in its own phase) and calls ``state.end_action()`` again once they are made; False when it
        has nothing (more) to do this turn ([M-CHEST-5] the chests bought this turn are placed)."""
        return False

    def before_windows(self, state: Play) -> bool:
        """The turn has ended and the game goes on (refills and scorings done, the market full): True if the module
        opens a window that comes before every ``after_turn`` window ([M-THIEF-7]), and then calls
        ``state.open_windows()`` itself when it closes."""
        return False

    def after_turn(self, state: Play) -> bool:
        """The turn has ended (refills and scorings done, the market full): True if the module now takes
        over the flow (a vizier window), and then calls ``state.next_turn()`` itself."""
        return False

    def unrecorded(self, state: Play, event: dict) -> Action | None:
        """The decision the decider made without writing an event, if ``event`` (the record's next) shows one
        (a vizier window's pass)."""
        return None

    def spots_for(self, board: Board, tile: int) -> Sequence[Spot]:
        """The spots of ``board``'s survey where ``tile`` may go, for a tile of the module's own that the walls'
        formula never fits (an outwork, ``alhambra.FIT_WALLS``: [M-CAMP-2] a camp); empty for any other tile."""
        return ()

    def placement_moves(self, state: Play, tile: int) -> Iterable[Action]:
        """Destinations besides the Alhambra and the reserve for a tile waiting to be placed."""
        return ()

    # ---------------------------------------------------------------- cooperation (``play.Cooperation``)
    optional_events: ClassVar[tuple[str, ...]] = ()  # its events of decisions that change nothing of the play

    def payment_cards(self, state: Play, player: int) -> tuple[int, ...]:
        """Cards besides money that ``player`` holds to pay for a tile with ([M-EXCH-3] exchange cards)."""
        return ()

    def check_card_payment(self, state: Play, player: int, slot: int, paid: tuple[int, ...], card: int) -> int:
        """[M-EXCH-3] ``player`` may pay ``paid`` with ``card`` for what costs as much as the tile in ``slot``: the
        total paid (else IllegalAction)."""
        raise NotImplementedError

    def spend_card(self, state: Play, player: int, card: int) -> None:
        """[M-EXCH-3] ``player``'s ``card`` pays for the purchase that follows: discarded, and written before it."""
        raise NotImplementedError

    def out_of_turn_purchases(self, state: Play, player: int) -> Iterable[Action]:
        """What ``player`` may buy out of turn, paying exactly, besides the market's tiles ([M-VIZIER-2]:
        [M-BAZAAR-3] a bazaar beside the market)."""
        return ()

    def check_out_of_turn(self, state: Play) -> None:
        """[M-VIZIER-2] IllegalAction unless the decider is asked to buy out of turn now."""
        raise NotImplementedError

    def buy_out_of_turn(self, state: Play, player: int, purchase: Callable[[], None]) -> None:
        """[M-VIZIER-2] ``player`` buys out of turn: what that costs them, then ``purchase``, then the tile is placed
        at once ([M-VIZIER-3])."""
        raise NotImplementedError

    # ---------------------------------------------------------------- scoring
    def before_scoring(self, state: Play) -> None:
        """Right before a scoring is counted (bonus cards revealed)."""

    def count_extra(self, state: Play, player: int, counts: list[int]) -> None:
        """Add what the module counts for ``player`` per building type at a scoring ([M-HUT-4], [M-BONUS-2])."""

    def collectors(self, state: Play) -> list[list[int]]:
        """Buildings per type of collectors besides the players who take part in majorities."""
        return []

    def award(self, state: Play, collector: int, kind: int, points: int) -> dict:
        """Credit ``points`` for building type ``kind`` to this module's ``collector``; the award's record entry."""
        raise NotImplementedError

    def score_items(self, state: Play, round_number: int) -> list[tuple[int, str, int]]:
        """(player, what, points) the module scores at scoring ``round_number`` besides majorities and walls
        ([M-CAMP-3] camps, [M-BAZAAR-5] bazaars, [M-FALCON-5] falcons): ``what`` as RECORD.md names the item;
        items of no points are left out.  The state adds them to the scores and the ``score`` event."""
        return []

    def after_scoring(self, state: Play, round_number: int) -> None:
        """What happens once a scoring is over (before the turn passes)."""

    def score_fields(self, state: Play) -> dict[str, Any]:
        """Fields the module adds to every ``score`` event."""
        return {}

    def result_fields(self, state: Play) -> dict[str, Any]:
        """Fields the module adds to a finished record's ``result``."""
        return {}


# ---------------------------------------------------------------- asking for what other modules offer
def payment_cards(state: Play, player: int) -> tuple[int, ...]:
    """The cards besides money ``player`` may pay a tile with (none unless a module offers some: [M-EXCH-3])."""
    hooks = state.rules.payment_cards
    if not hooks:
        return ()
    if len(hooks) == 1:  # the search asks after nearly every move: no generator for the one module that offers some
        return hooks[0](state, player)
    return tuple(card for hook in hooks for card in hook(state, player))


def check_card_payment(state: Play, player: int, slot: int, paid: tuple[int, ...], card: int) -> int:
    """[M-EXCH-3] the total ``player`` pays with ``paid`` and ``card`` for what costs as much as the tile in ``slot``;
    IllegalAction when the card cannot pay (in a game without such cards, no card can)."""
    for hook in state.rules.check_card_payment:
        return hook(state, player, slot, paid, card)
    if is_exchange_card(card):
        raise IllegalAction("M-EXCH-3", "you hold no {card}", card=card)
    raise IllegalAction("M-EXCH-3", "{card} is no exchange card", card=card)


def spend_card(state: Play, player: int, card: int) -> None:
    """[M-EXCH-3] ``card`` (checked by ``check_card_payment``) pays for the purchase that follows."""
    for hook in state.rules.spend_card:
        hook(state, player, card)


def out_of_turn_purchases(state: Play, player: int) -> list[Action]:
    """What the modules let ``player`` buy out of turn besides the market's tiles ([M-BAZAAR-3] a bazaar)."""
    return [purchase for more in state.rules.out_of_turn_purchases for purchase in more(state, player)]


def check_out_of_turn(state: Play) -> None:
    """[M-VIZIER-2] IllegalAction unless the decider is asked to buy out of turn now (never without a vizier)."""
    for hook in state.rules.check_out_of_turn:
        hook(state)
        return
    raise IllegalAction("M-VIZIER-2", "a vizier buys only in the window after a turn, when asked")


def buy_out_of_turn(state: Play, player: int, purchase: Callable[[], None]) -> None:
    """[M-VIZIER-2] ``player`` buys out of turn (checked by ``check_out_of_turn``)."""
    for hook in state.rules.buy_out_of_turn:
        hook(state, player, purchase)


def overrides(module: Module, hook: str) -> bool:
    """Whether ``module`` answers ``hook`` with something of its own (else the hook is never called)."""
    return getattr(type(module), hook) is not getattr(Module, hook)
