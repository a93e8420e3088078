"""What the client may show and accept of a rule module: a ``ClientModule`` made of the roles it has.

A ``ClientModule`` is the client's half of an engine module (``game/engine/modules/``), keyed by the same name.
It is a small composition: the module's ``name``, its ``setup_key`` (the letter that switches it on or off at
setup: its initial unless it says), its ``icons`` (the ``assets/ui`` icons its buttons use, checked at start-up),
and the roles it has, each a small class of one job whose hooks answer the base game's "nothing" unless its
module says more.  A module writes only the roles it needs; a role it lacks is None and the compiled set
(``modules_for(state.rules)`` in ``modules/__init__.py``, once per ruleset) skips it.  The roles and their hooks:

- ``Narration``: how its record events read and play back.  ``sayings``, ``timing``, ``sounds``: per event name,
  its sentence in the log (whole sentences in the current language, one for "you" and one for another player:
  ``Narrator.tell``), its flight and pause, its sound (event names are unique, so these tables are merged for all
  modules at once); ``moved_items``: the cards and tiles one of its events moves; ``banner``: a word across the
  board when one of its events is shown (a vizier buys out of turn); ``describe``: one of its moves in words
  (waiting for End turn, a hint).
- ``Scoring``: what it adds to the scorings.  ``collectors``, ``scores``, ``event_scores``, ``sheet_columns``:
  scorers who are not seats (Dirk): a token on the score track, a column on the score sheet (their buildings,
  wall, total), a row in the game-over standings and a name in the log; ``count_shares``: what it adds to a
  player's counts at a scoring ([M-HUT-4], [M-BONUS-2]); ``score_lines``: rows of the score sheet for its own
  ``score`` items (camp lines, bazaars), each player's points explained in a few words.
- ``Holdings``: what a seat holds of it.  ``pieces`` (a vizier token, bonus cards) and ``hand_cards`` (exchange
  cards kept beside the money), drawn on the opponents' panels, beside your Alhambra and in your hand.
- ``Moves``: its own moves and words on the turn.  ``commands``: buttons and keys for its moves (wake the
  vizier, pass a window); ``destinations``: places besides the Alhambra and the reserve a bought tile may go to
  (a button, a key, a drop on its panel); ``prompt``, ``title``: what the prompt band and the actions panel say in
  its own phases; ``turn_options``: its moves open on the turn, for the turn's prompt ("take a hut");
  ``offer_move``: a click on a card of the money offer in its phase (a thief steals it); ``cell_moves``: the cells
  of your Alhambra a click on which makes its move (a disc put back), lit; ``setup_choice``: a secret choice of
  each person before a new game's first turn, taken with the deal (a ``ChoicePanel``: the traders' citizens);
  ``card_use``, ``card_prompt``: one of its cards picked on its panel (``ModulePanel.card_at``) and then used on one
  of your tiles by a click on it, in the tray or your Alhambra, the tiles that take it lit (a wall card).
- ``Purchases``: other ways to buy a market slot's tile, which the table's buying flow asks.  ``payments``,
  ``buy_action``: the payments it adds and the purchase it makes of them (an exchange card paying, a vizier
  buying in its window); ``exact_only``: whether the purchases of now must pay exactly; ``pays_with``: the
  currencies one of its cards pays.
- ``Wares``: tiles it sells outside the market's slots (the bazaars waiting beside it), each priced and paid by a
  market slot.  ``for_sale``, ``item_slot``, ``item_payments``, ``item_purchase``; ``picker``: the key that picks
  the next one (a click on its panel picks one too: ``ModulePanel.item_at``); the buying flow suggests its
  payments (always exact) and makes its purchase.  ``lot_payments``, ``lot_refusal``, ``lot_prompt``,
  ``lot_purchase``: lots of its panel bought with money of any currencies rather than priced by a slot (a room of
  chests: a click on it, ``ModulePanel.lot_at``, picks it; cards of the hand join or leave its payment; its
  panel's button or Enter buys it).
- ``Placements``: pieces of its panel put on the corners of your Alhambra (falcons).  ``marks``: its tokens on
  the corners of a seat's Alhambra, drawn on every view of it; ``placeable``, ``piece_cards``, ``spots``:
  which may be picked now, the cards that pay for one (the cheapest suggested) and the corners that take it, each
  with its move; ``pick``: the button and key that pick the next (as a click on one in its panel:
  ``ModulePanel.piece_at``); ``picked_prompt``: the prompt while one is held; ``unpickable``: why none (or the one
  clicked: ``ModulePanel.piece_drawn_at``) may be picked now; ``preview``, ``previews``: the token(s) one of its
  moves would put there, drawn faded (waiting for End turn, a hint, a placement under the mouse); ``overlays``:
  what it built on a tile, drawn over it in the tray and on a reserve (the marks draw it on an Alhambra).
- ``panel``: a ``ModulePanel`` class, a new one made for each table scene: drawn every frame at the bottom of the
  opponents column (``least_height``: the height its words and pieces need there) or at the right end of the
  market row (``beside_market``); a target for drops, a click on it may make a move (``action_at``), and
  ``item_positions`` says where its cards and tiles are drawn, for their flights.
- ``help_page``: its page of the rules help (``help_blocks.HelpPage``: its tab, title, sections and drawn
  examples), kept beside it in ``<name>_help.py``; the rules help shows a tab for each module that has one.

A module's file defines the roles it needs as subclasses of these (``VizierNarration(Narration)``...) and ends
with its ``CLIENT = ClientModule(name=NAME, narration=VizierNarration(), ...)``, one line of the registry
``CLIENT_MODULES``.  The compiled set keeps one method per hook, gathered over the modules having its role; the
base game (no modules) gets empty answers.

Words (docs/I18N.md): every hook that returns words says them in the current language when it is called.
What a module keeps at import (a button's label, tooltip and shortcut, a collector's name) is English marked
``N_`` in a ``*_source`` field, and the field without the suffix (``label``, ``tooltip``...) translates it when
read; the merged ``SHORTCUTS`` and ``COLLECTOR_NAMES`` hold the English sources (``_`` where shown).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

from game.i18n import _

from ..table import Payment
from ..views.model import Mark, Piece

if TYPE_CHECKING:
    from game.engine import Action, GameState
    from game.engine.play import Deal

    from ..help_blocks import HelpPage
    from ..log_line import LogLine
    from ..views.model import TableSnapshot
    from ..widgets import Ui

Key = tuple[str, int]  # ("card", id) or ("tile", id): an item that may fly (as ``playback.Key``)


class Worded:
    """Words kept in English (marked with ``N_``, the catalogues' source) and said in the current language when
    read: ``label``, ``tooltip``, ``shortcut``, ``name``... are properties over the ``*_source`` fields, so that
    a language change shows wherever they are read next (issue 18)."""

    label_source: str
    tooltip_source: str
    shortcut_source: str

    @property
    def label(self) -> str:
        return _(self.label_source)

    @property
    def tooltip(self) -> str:
        return _(self.tooltip_source)

    @property
    def shortcut(self) -> str:
        return _(self.shortcut_source)


@dataclass(frozen=True)
class Command(Worded):
    """A button (and key) for one of the module's own moves; shown while ``move`` names one for the human."""

    widget: str  # the button's name for ``scene.widget(name)``
    label_source: str  # ``label`` in the current language
    hotkey: str
    key: int
    tooltip_source: str  # ``tooltip``
    shortcut_source: str  # ``shortcut``: for the shortcuts list of the rules help
    move: Callable[[GameState], Action | None]  # the move now, or None: the button is hidden
    primary: bool = False  # the main thing to do now (drawn as the primary button)


class Narrator(Protocol):
    """What a saying may ask of the narrator (``narrate._Narrator``)."""

    out_of_turn: bool  # the next ``buy`` is made out of turn: it grants no extra action (a vizier's)

    def who(self, seat: object) -> str:
        """A seat's or a collector's name ("You" for the player addressed, as a name in a list)."""
        ...

    def is_you(self, seat: object) -> bool: ...

    def sentence(self, seat: object, you: str, other: str, **args: object) -> str:
        """``you`` (an English template marked ``N_``, translated now) when ``seat`` is the player addressed,
        else ``other`` with ``{player}`` the seat's name; the other placeholders filled from ``args``."""
        ...

    def tell(self, event: dict, you: str, other: str, **args: object) -> LogLine:
        """A move's line about ``event["player"]`` (see ``sentence``)."""
        ...


Saying = Callable[[Narrator, dict], "LogLine"]


def decider_name(name: str | None) -> str | None:
    """The decider's name given to ``Moves.title``: None for the human.  The scene used to pass "Your" or
    a possessive ("Ann's"), English built in; both are still understood."""
    if name is None or name == "Your":
        return None
    return name[:-2] if name.endswith("'s") else name


@dataclass(frozen=True)
class Collector:
    """A scorer who is not a seat: ranked in the majorities, shown beside the players, never winning.  Its
    words are kept in English (``N_``) and said in the current language by ``name``, ``standing`` and ``role``."""

    key: str  # its "player" in the record's awards and the key of its scores
    name_source: str  # ``name``: in the log, on the score track, above its score-sheet column
    standing_source: str  # ``standing``: its row in the game-over standings
    role_source: str  # ``role``: the line under that row (where a player's shows "human" or the bot)

    @property
    def name(self) -> str:
        return _(self.name_source)

    @property
    def standing(self) -> str:
        return _(self.standing_source)

    @property
    def role(self) -> str:
        return _(self.role_source)


@dataclass(frozen=True)
class Column:
    """A collector's column on a scoring's sheet."""

    key: str
    counts: Sequence[int]  # buildings per type, as they were scored
    wall: int | None  # None: walls do not apply
    total: int  # its score after this scoring


@dataclass(frozen=True)
class Destination(Worded):
    """A place besides the Alhambra and the reserve for a bought tile: a button, a key, a drop target."""

    widget: str  # the button's name for ``scene.widget(name)`` (tests click it by that name)
    label_source: str  # ``label`` in the current language
    icon: str
    hotkey: str  # as the button and the shortcuts list show it
    key: int  # the pygame key that does the same
    tooltip_source: str  # ``tooltip``
    shortcut_source: str  # ``shortcut``: what the key does, for the shortcuts list of the rules help
    action: Callable[[int], Action]  # the move for a held tile
    offered: Callable[[GameState], bool]  # whether the button shows at all now (its legality enables it)
    drop_on: str = ""  # the module whose panel takes the tile when it is dropped there ("": none)
    # a sentence saying the rules allow the place now where a player may doubt it (a tile bought out of turn), in
    # the current language, or "": added to the button's tooltip and to the prompt
    note: Callable[[GameState], str] | None = None


class ChoicePanel:
    """A person's secret choice before a new game's first turn that the engine takes with the deal (the citizens
    on a trader's disc), drawn inside the panel scene of the setup choices (``scenes/setup_choices.py``), which
    adds the title, the frame and Confirm.  ``rect`` is set by that scene's layout."""

    title_source = ""  # its title, in English (``N_``), said in the current language when drawn

    def __init__(self, deal: Deal, seat: int, name: str) -> None:
        self.deal = deal  # as dealt, the others' choices already taken
        self.seat = seat
        self.name = name  # the person's name, for the words
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        """Draw the choice so far in ``rect`` (and ask for its tooltips)."""

    def click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: a piece or place chosen or dropped; True if it changed something."""
        return False

    def ready(self) -> bool:
        """Whether the choice is whole (Confirm is enabled)."""
        return True

    def chosen(self) -> Deal:
        """The deal changed by the choice (the engine's function checks it against the rules)."""
        return self.deal


@dataclass(frozen=True)
class ScoreLine:
    """A row of a scoring's sheet for one of the module's own ``score`` items (those named ``what``)."""

    # the words in the current language when the sheet is made (``score_lines`` is asked for each scoring)
    what: str  # the items' name in the ``score`` event ("camp")
    label: str  # the row's label ("Camp lines")
    tile: int  # a tile whose picture stands beside the label
    notes: Sequence[str]  # per seat: how the points came about, in a few words ("3 + 2"; "" for nothing)
    tips: Sequence[str] = ()  # per seat: the same at length, shown when the mouse is over it ("" for none)
    legend: str = ""  # what the notes' numbers count, in small print under the label ("tiles per arrow")


@dataclass(frozen=True)
class Picker:
    """A key that picks the module's next tile for sale (``for_sale``) or lot (``lots``) to buy, as Q W E R pick a
    market slot."""

    hotkey: str
    key: int
    shortcut_source: str  # ``shortcut`` in the current language: for the shortcuts list of the rules help

    @property
    def shortcut(self) -> str:
        return _(self.shortcut_source)


@dataclass(frozen=True)
class Pick(Worded):
    """A button and key that pick the module's next piece to put on your Alhambra (``placeable``), as a click on
    it in the module's panel does; shown while one may be picked and none is."""

    widget: str  # the button's name for ``scene.widget(name)``
    label_source: str  # ``label`` in the current language
    hotkey: str
    key: int
    tooltip_source: str  # ``tooltip``
    shortcut_source: str  # ``shortcut``: for the shortcuts list of the rules help


class ModulePanel:
    """A module's panel at the bottom of the opponents column.  ``rect`` is set by the column's layout."""

    weight: float = 1.0  # its height in the column, relative to an opponent's panel
    beside_market: int = 0  # > 0: it sits at the right end of the market row instead, this wide at scale 1

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        # the table's scale (``Ui.scale``), set by the layout: a panel beside the market scales its design's lengths
        # with its width, but never past this (in the dock's column it may be wider than it was designed)
        self.scale = 1.0

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        """Draw the panel's contents from the frame's snapshot (its box is in the table's static layer)
        and ask for its tooltip."""

    def least_height(self, ui: Ui, width: int) -> int:
        """The least height (px) at which the panel, ``width`` px wide in the column, shows its words and pieces
        whole (titles and labels uncovered, pieces large enough to read); the column gives it that much while the
        opponents keep what they need.  0: its weight alone sets its height."""
        return 0

    def target_rect(self) -> pygame.Rect:
        """Where items flying to the module land."""
        return self.rect

    def item_positions(self, state: GameState) -> dict[Key, pygame.Rect]:
        """Where the module's cards and tiles are drawn on the panel now (laid out), for their flights."""
        return {}

    def action_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> Action | None:
        """The move a click at ``pos`` on the panel makes (the human's, in the action phase or a module's own phase:
        a citizen clicked after a building set a trader's disc aside), or None."""
        return None

    def item_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        """The module's tile for sale drawn at ``pos`` (a click picks it to buy), or None."""
        return None

    def piece_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        """The module's piece drawn at ``pos`` that may be picked now (``snap.pickable``: a click picks it, a drag
        carries it to a corner of your Alhambra), or None."""
        return None

    def lot_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        """The module's lot drawn at ``pos`` that a click picks to buy (``Wares.lot_payments``), or None."""
        return None

    def card_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        """The module's card drawn at ``pos`` that a click picks to use on one of your tiles (``Moves.card_use``: a
        wall card), or None."""
        return None

    def piece_drawn_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        """The module's piece drawn at ``pos``, whether it may be picked now or not (a click on one that may not
        says why: ``Placements.unpickable``), or None."""
        return None


class Role:
    """One job of a module's client side.  Each hook answers the base game's "nothing" (no words, no items, no
    move), so a module's role overrides only what its module does of that job, and the compiled set may ask
    every module having the role without asking which module it is."""


class Narration(Role):
    """How the module's record events read in the log and play back on the table, and its moves in words.

    The tables are keyed by event name; names are unique, so they are merged for all modules at import (an
    event of a module that does not play never occurs, and the log is narrated from events alone)."""

    sayings: ClassVar[Mapping[str, Saying]] = {}  # event name -> its sentence in the log
    timing: ClassVar[Mapping[str, tuple[float, float]]] = {}  # event name -> (flight, gap) at speed 1
    sounds: ClassVar[Mapping[str, str]] = {}  # event name -> the sound it plays

    def moved_items(self, event: dict) -> list[Key]:
        """The cards and tiles one of its events moves (they fly as it is played back)."""
        return []

    def banner(self, event: dict, names: Sequence[str], you: int | None) -> str | None:
        """A word across the board when ``event`` (one of its own) is shown, or None."""
        return None

    def describe(self, state: GameState, action: Action) -> str | None:
        """One of its moves in the player's words (the move waiting for End turn, a hint), or None."""
        return None


class Scoring(Role):
    """What the module adds to the scorings: scorers who are not seats (Dirk), its part of the players' counts,
    and rows of its own score items, on the score track, the score sheet and the game-over standings."""

    collectors: ClassVar[tuple[Collector, ...]] = ()

    def scores(self, state: GameState) -> dict[str, int]:
        """The current score of each of its collectors."""
        return {}

    def event_scores(self, event: dict) -> dict[str, int]:
        """Its collectors' totals as a ``score`` event records them."""
        return {}

    def sheet_columns(self, state: GameState, event: dict, later: Sequence[dict]) -> list[Column]:
        """Its collectors' columns for the sheet of ``event`` (``later``: the events after it in its batch)."""
        return []

    def count_shares(self, state: GameState, player: int) -> list[tuple[str, list[int]]]:
        """What the module adds to ``player``'s counts at a scoring, per building type, each with how the sheet
        says it: an English template with ``{n}`` marked ``N_`` ("+{n} hut"), translated where it is shown."""
        return []

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """The sheet's rows for its own items of ``score`` ``event`` (``state``: as it was scored), or []."""
        return []


class Holdings(Role):
    """What a seat holds of the module, drawn on the opponents' panels (beside their reserves), beside your
    Alhambra and in your hand.  A module having this role makes room for its pieces on the opponents' panels."""

    def pieces(self, state: GameState, seat: int, viewer: int | None) -> list[Piece]:
        """What ``seat`` holds of the module, as ``viewer`` (the human, or None: nobody) may see it."""
        return []

    def hand_cards(self, state: GameState, seat: int) -> list[int]:
        """Cards ``seat`` keeps beside their money (exchange cards): drawn with the hand."""
        return []


class Moves(Role):
    """The module's own moves and words on the table: its buttons and keys, the places it offers a bought tile,
    and what the prompt and the actions panel say in its phases and on a turn."""

    commands: ClassVar[tuple[Command, ...]] = ()
    destinations: ClassVar[tuple[Destination, ...]] = ()

    def prompt(self, state: GameState) -> str | None:
        """The prompt when the human decides in one of the module's phases (None: not its phase)."""
        return None

    def turn_options(self, state: GameState) -> list[str]:
        """Words for the module's moves open to the human on their turn now, for the turn's prompt ("take a hut")."""
        return []

    def title(self, state: GameState, name: str | None) -> str | None:
        """The actions panel's title while the decider (``name``; None for the human) is in its phase
        (``decider_name`` reads the older "Your" / "Ann's" too)."""
        return None

    def offer_move(self, state: GameState, card: int) -> Action | None:
        """The move a click on ``card`` of the money offer makes now in one of its phases, where a click there
        takes no money for the turn (a thief stealing it), or None."""
        return None

    def setup_choice(self, state: GameState) -> type[ChoicePanel] | None:
        """A secret choice each person at the table makes before the first turn of a new game, which the engine
        takes with the deal (the citizens on a trader's disc): its panel's class, or None."""
        return None

    def cell_moves(self, state: GameState, player: int) -> dict[tuple[int, int], Action]:
        """The cells of ``player``'s Alhambra (deciding now) a click on which makes one of its moves (a trader's
        disc put back), each with its move; lit like the cells a held tile may take.  {}: none now."""
        return {}

    def card_use(self, state: GameState, card: int, tile: int) -> Action | None:
        """The move that uses ``card`` (one of its cards picked on its panel: ``ModulePanel.card_at``, a wall card)
        on ``tile``, one of the decider's tiles, unchecked (the engine judges it and says why not); None if ``card``
        is none of its."""
        return None

    def card_prompt(self, state: GameState, card: int) -> str | None:
        """The prompt while the human holds ``card`` (picked on its panel) to use on one of their tiles."""
        return None


class Purchases(Role):
    """Other ways to buy a market slot's tile, which the table's buying flow asks: a card of the module paying
    (an exchange card), a purchase in its own phase (a vizier's window)."""

    def payments(self, state: GameState, player: int, slot: int) -> list[Payment]:
        """Payments for market ``slot`` the module offers now (its card, its phase), suggested in this order."""
        return []

    def buy_action(self, state: GameState, slot: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        """The purchase of ``slot`` with ``paid`` (and ``card``) if the module makes it now, else None."""
        return None

    def exact_only(self, state: GameState) -> bool:
        """Whether the purchases of now must pay exactly (the vizier's)."""
        return False

    def pays_with(self, card: int) -> tuple[int, ...]:
        """The currencies ``card`` (one of ``Holdings.hand_cards``) lets pay together, or () if it pays nothing."""
        return ()


class Wares(Role):
    """Tiles the module sells outside the market's slots (the bazaars waiting beside it), each priced and paid by
    a market slot: picked by a click on its panel (``ModulePanel.item_at``) or by ``picker``'s key, then paid
    with the buying flow's suggestions (always exact) and bought by its purchase; and lots bought with money of any
    currencies (a room of chests), picked by a click on its panel (``ModulePanel.lot_at``) or by ``lot_picker``'s
    key."""

    picker: ClassVar[Picker | None] = None  # the key that picks its next tile for sale
    lot_picker: ClassVar[Picker | None] = None  # the key that picks its next lot (a room of chests) to buy

    def lots(self, state: GameState) -> list[int]:
        """Its lots bought with money of any currencies (``lot_payments``) on the table now, in their order."""
        return []

    def for_sale(self, state: GameState) -> list[int]:
        """Its tiles for sale outside the market's slots now (the bazaars waiting beside it), in their order."""
        return []

    def item_slot(self, state: GameState, item: int) -> int | None:
        """The market slot whose currency pays for ``item`` (one of ``for_sale``) and whose tile's cost is its price;
        None if ``item`` is not one of its tiles for sale or cannot be bought now (that slot is empty)."""
        return None

    def item_payments(self, state: GameState, player: int, item: int) -> list[Payment]:
        """The payments for ``item`` open to ``player`` now (a turn, a window of a module's), always exact."""
        return []

    def item_purchase(self, state: GameState, item: int, paid: tuple[int, ...], card: int | None) -> Action | None:
        """The purchase of ``item`` paying ``paid`` (and ``card``) now, or None if ``item`` is none of its."""
        return None

    def lot_payments(self, state: GameState, player: int, lot: int) -> list[tuple[int, ...]]:
        """Payments of ``lot`` (one of its lots bought with money of any currencies, ``ModulePanel.lot_at``) open to
        ``player`` now, the one suggested first; [] if ``lot`` is none of its or cannot be bought now."""
        return []

    def lot_refusal(self, state: GameState, player: int, lot: int) -> str | None:
        """Why ``player`` cannot buy ``lot`` now, in words (the rule it takes, or what is missing); None if they can
        or if ``lot`` is none of its."""
        return None

    def lot_purchase(self, state: GameState, lot: int, paid: tuple[int, ...]) -> Action | None:
        """The purchase of ``lot`` paying ``paid`` now, or None if ``lot`` is none of its."""
        return None

    def lot_prompt(self, state: GameState, lot: int, paid: tuple[int, ...]) -> str | None:
        """The prompt while the human buys ``lot`` paying ``paid`` (what it costs, how to change the payment and
        buy), or None if ``lot`` is none of its."""
        return None


class Placements(Role):
    """Pieces of the module's panel put on the corners of your Alhambra (falcons), and its tokens there on every
    Alhambra: a click on one in its panel (``ModulePanel.piece_at``) or ``pick``'s button and key picks it, its
    corners light up, the cheapest card is suggested to pay (X or a click on a card changes it), and a click or a
    drop on a corner (or Tab and Enter) makes the move ``spots`` names."""

    pick: ClassVar[Pick | None] = None  # the button and key that pick its next piece for your Alhambra

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        """Its tokens on the corners of ``seat``'s Alhambra (falcons), drawn on every view of it."""
        return []

    def placeable(self, state: GameState, player: int) -> list[int]:
        """Its pieces ``player`` (deciding now) may pick from its panel to put on their Alhambra now, in order."""
        return []

    def piece_cards(self, state: GameState, player: int, piece: int) -> list[int]:
        """The cards that may pay for ``piece`` (one of ``placeable``), the one suggested first (the cheapest)."""
        return []

    def spots(self, state: GameState, player: int, piece: int, card: int) -> dict[tuple[int, int], Action]:
        """The corners of ``player``'s Alhambra that take ``piece`` now (named as ``Mark.at``), each with the move
        that puts it there paid with ``card``; {} if ``piece`` is none of its."""
        return {}

    def picked_prompt(self, state: GameState, piece: int, card: int | None) -> str | None:
        """The prompt while the human holds ``piece`` (one of its, picked from its panel) to pay with ``card``."""
        return None

    def unpickable(self, state: GameState, player: int, piece: int | None) -> str | None:
        """Why ``player`` cannot pick ``piece`` (one of its pieces; None: any of them) to put on their Alhambra now,
        in words (the rule it takes, or what is missing); None if they can, or if ``piece`` is none of its."""
        return None

    def preview(self, state: GameState, action: Action) -> Mark | None:
        """The token one of its moves would put on your Alhambra (waiting for End turn, or hinted), or None."""
        return None

    def overlays(self, state: GameState, tile: int) -> tuple[Mark, ...]:
        """Its tokens on ``tile`` wherever the tile is drawn off an Alhambra (bought and waiting, on a reserve), each
        at its ``spot`` on the tile (``at`` unused): what the module built or put on it (walls, a chest); () for
        none."""
        return ()

    def previews(self, state: GameState, action: Action) -> list[Mark]:
        """Every token one of its moves would put on your Alhambra (waiting for End turn, hinted, or under the
        mouse: the gates of a placement through them), drawn faded; ``preview``'s one by default."""
        mark = self.preview(state, action)
        return [mark] if mark is not None else []


# The roles a client module may have, by the name of its field in ``ClientModule``.
ROLES: dict[str, type[Role]] = {
    "narration": Narration,
    "scoring": Scoring,
    "holdings": Holdings,
    "moves": Moves,
    "purchases": Purchases,
    "wares": Wares,
    "placements": Placements,
}


@dataclass(frozen=True)
class ClientModule:
    """The client's side of one rule module: its name, its key at setup, its icons, and the roles it has (None for
    a role it lacks: the compiled set skips it).  A module's file makes one, its ``CLIENT``."""

    name: str  # the engine module's name (``Module.name``)
    narration: Narration | None = None
    scoring: Scoring | None = None
    holdings: Holdings | None = None
    moves: Moves | None = None
    purchases: Purchases | None = None
    wares: Wares | None = None
    placements: Placements | None = None
    panel: type[ModulePanel] | None = None  # its panel's class: a new one for each table scene
    help_page: HelpPage | None = None  # its page of the rules help (None: no page of its own)
    setup_key: str = ""  # its key at setup, a letter ("": the initial of its name)
    icons: tuple[str, ...] = ()  # the ``assets/ui`` icons its buttons use

    def roles(self) -> dict[str, Role]:
        """The roles it has, by field name (those of ``ROLES`` that are not None)."""
        found = {name: getattr(self, name) for name in ROLES}
        return {name: role for name, role in found.items() if role is not None}
