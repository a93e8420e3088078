"""The table the client plays at: the game, who sits where, and the human's unconfirmed turn.

This module knows nothing of pygame, so it can be tested alone.  It holds no rules either: it asks
the engine whether an action is legal (``is_legal``) and what it leads to (on a clone), and
keeps the bookkeeping a screen needs around that:

* the restart-turn undo: a ``Game.copy()`` taken when the human starts deciding, restored on undo;
* the staged ("pending") action: the move that would end the human's turn waits for an explicit
  "End turn" so it can still be undone, because once the engine ends the turn it refills the
  market and the money offer and reveals cards and tiles that cannot be taken back;
* payment suggestions (an exact payment allows another action, which may be declined, [B-TURN-4]).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai import agent_names, canonical_name
from game.engine import Action, Buy, Game, GameConfig, GameState, Seat
from game.engine.components import CARD_CURRENCY, CARD_VALUE, MARKET_CURRENCY, TILE_COST
from game.engine.state import ACTION, FINAL, PLACE
from game.i18n import N_, _, pgettext

HUMAN = "human"
STRENGTH = ("mcts:hard", "mcts:normal", "greedy", "mcts:easy", "random")  # strongest first
DEFAULT_OPPONENTS = ("mcts:normal", "greedy")
# The kinds of bot by name, their levels, and what each does (English, marked for the catalogues: shown with
# ``_`` where they are drawn, ``agent_label`` for a bot's whole name).
AGENT_LABELS = {"random": N_("Random"), "greedy": N_("Greedy"), "mcts": N_("MCTS")}
# What each kind of bot and each level does, with its measured strength: the README's Strength table
# (two-player base games); keep the two in step.
AGENT_TIPS = {
    "random": N_("Random: any legal move, at random. Greedy beats it in every game: for trying out the table."),
    "greedy": N_(
        "Greedy: the move that looks best right now, with no planning ahead. "
        "It beats Random in every game; MCTS easy beats it in about two games of three."
    ),
    "mcts": N_(
        "MCTS: plays each promising move out many times over the cards it cannot see, and picks the one "
        "that wins most often. The level says how long it thinks."
    ),
}
LEVEL_TIPS = {
    "easy": N_("Easy: about 0.1 s a move. Beats Greedy in about 64 % of two-player games."),
    "normal": N_("Normal: about 0.3 s a move. Beats Greedy in about 85 % of two-player games."),
    "hard": N_(
        "Hard: up to 0.9 s a move, and with two players it looks a turn further. "
        "Beats Greedy in about 88 % of two-player games, and Normal in 69 %."
    ),
}


def bot_names() -> list[str]:
    """Agents a seat can be given: the registry's names, minus anything that is not a bot."""
    return [name for name in agent_names() if name.split(":")[0] != HUMAN]


def strongest_bot() -> str:
    available = bot_names()
    for name in STRENGTH:
        if name in available:
            return name
    return available[0]


def usable_agent(name: str) -> str:
    """``name`` if this build has that agent, else the strongest one it has (old records, new levels)."""
    try:
        full = canonical_name(name)
    except ValueError:
        return strongest_bot()
    return full if full in bot_names() else strongest_bot()


def level_name(level: str) -> str:
    """A bot's level in the current language ("hard"); a level this build does not know, as it is."""
    names = {
        # TRANSLATORS: a computer player's level, after its kind ("MCTS hard")
        "easy": pgettext("bot level", "easy"),
        "normal": pgettext("bot level", "normal"),
        "hard": pgettext("bot level", "hard"),
    }
    return names.get(level, level)


def agent_label(name: str) -> str:
    """'mcts:hard' -> 'MCTS hard', for menus and seat names, in the current language."""
    kind, _colon, level = name.partition(":")
    label = _(AGENT_LABELS[kind]) if kind in AGENT_LABELS else kind
    if not level:
        return label
    # TRANSLATORS: a computer player's name: its kind ("MCTS") and its level ("hard")
    return pgettext("bot name", "{kind} {level}").format(kind=label, level=level_name(level))


def default_opponents() -> list[str]:
    return [usable_agent(name) for name in DEFAULT_OPPONENTS]


@dataclass
class Staged:
    """An action that would end the human's turn, shown as a preview until confirmed."""

    action: Action
    text: str


class Table:
    """A game plus seating, undo and the staged end of the human's turn."""

    def __init__(self, game: Game, human: int | None) -> None:
        self.game = game
        self.human = human
        self.agents = [None if seat == human else usable_agent(s.agent) for seat, s in enumerate(game.config.seats)]
        self.snapshot: Game | None = None
        self.staged: Staged | None = None
        self._exact_cache: dict[tuple, list[tuple[int, ...]]] = {}

    @classmethod
    def new(cls, name: str, opponents: Sequence[str], seed: int, modules: Sequence[str] = ()) -> Table:
        """A new game: the human in seat 0, then the bots in the order given; ``modules``: the rule modules
        switched on (their engine names, e.g. "vizier")."""
        labels = [agent_label(agent) for agent in opponents]
        # TRANSLATORS: the player's seat name when they gave none (kept in the game's record as a name)
        seats = [Seat(name or pgettext("seat name", "You"), HUMAN)]
        for index, agent in enumerate(opponents):
            label = labels[index]
            if labels.count(label) > 1:
                # TRANSLATORS: a bot's name when several bots of one kind play: "Greedy 2"
                label = pgettext("bot name", "{name} {number}").format(
                    name=label, number=labels[: index + 1].count(label)
                )
            seats.append(Seat(label, agent))
        return cls(Game.new(GameConfig(seed=seed, seats=tuple(seats), modules=tuple(modules))), 0)

    @classmethod
    def from_game(cls, game: Game) -> Table:
        """A loaded game: the first seat marked human plays; none means the bots play it out."""
        human = next((i for i, seat in enumerate(game.config.seats) if seat.agent == HUMAN), None)
        return cls(game, human)

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.game.config.seats]

    @property
    def human_decides(self) -> bool:
        state = self.game.state
        return self.human is not None and not state.is_over and state.decider == self.human

    @property
    def bot_to_decide(self) -> str | None:
        """The agent that decides now, or None when it is the human's call or the game is over."""
        state = self.game.state
        if state.is_over or state.decider == self.human:
            return None
        return self.agents[state.decider]

    def decision_seed(self) -> int:
        """A seed for the bot deciding now, fixed by the game's seed and progress (replays agree)."""
        return (self.game.config.seed * 1_000_003 + len(self.game.events) * 7919 + self.game.state.decider) % 2**31

    # ------------------------------------------------------------------ the human's turn
    def begin_human_turn(self) -> None:
        """Remember the position for the restart-turn undo."""
        self.snapshot = self.game.copy()
        self.staged = None

    @property
    def can_undo(self) -> bool:
        return (
            self.human_decides
            and self.snapshot is not None
            and (self.staged is not None or len(self.game.events) != len(self.snapshot.events))
        )

    def undo(self) -> None:
        """Back to the start of the turn: everything done since is forgotten."""
        if self.snapshot is not None:
            self.game = self.snapshot.copy()
        self.staged = None

    def ends_turn(self, action: Action) -> bool:
        """Whether ``action`` hands the decision on (to the next turn, another receiver or the end).

        Tried on a clone, so what the end of the turn would reveal stays unseen.  Declining an exact
        payment's extra action (``EndTurn``, [B-TURN-4]) does not: the same player places the tiles
        bought next, so it is applied at once and the restart-turn undo still covers it.
        """
        state = self.game.state
        trial = state.clone()
        trial.apply(action)
        return trial.is_over or trial.decider != state.decider or trial.turn != state.turn

    def stage(self, action: Action, text: str) -> None:
        self.staged = Staged(action, text)

    def commit(self) -> list[dict]:
        """Apply the staged action (the human confirmed the end of the turn)."""
        assert self.staged is not None
        action, self.staged = self.staged.action, None
        return self.game.apply(action)

    def apply(self, action: Action) -> list[dict]:
        """Apply now; IllegalAction propagates with the engine's message and changes nothing."""
        return self.game.apply(action)

    # ------------------------------------------------------------------ buying
    def in_phase(self, *phases: str) -> bool:
        return self.game.state.phase in phases

    @property
    def placing(self) -> bool:
        """The human places tiles: bought this turn, received at the end, or bought in a rule module's phase
        (a vizier's purchase)."""
        state = self.game.state
        return self.human_decides and (self.in_phase(PLACE, FINAL) or state.phase in state.rules.placing)

    @property
    def acting(self) -> bool:
        return self.human_decides and self.in_phase(ACTION)

    @property
    def choosing(self) -> bool:
        """The human decides in a rule module's own phase (a vizier window), not in a turn's phases."""
        state = self.game.state
        return self.human_decides and state.phase in state.rules.phases

    def slot_cards(self, slot: int) -> list[int]:
        """The human's cards in the currency of market ``slot``, highest first."""
        state = self.game.state
        currency = MARKET_CURRENCY[slot - 1]
        return sorted(
            (c for c in state.hands[state.decider] if CARD_CURRENCY[c] == currency), key=lambda c: (-CARD_VALUE[c], c)
        )

    def exact_payments(self, slot: int) -> list[tuple[int, ...]]:
        """Sets of cards paying market ``slot``'s tile exactly (one per multiset of values), fewest cards first."""
        state = self.game.state
        tile = state.market[slot - 1]
        if tile < 0:
            return []
        cards = self.slot_cards(slot)
        key = (slot, tile, tuple(cards))
        found = self._exact_cache.get(key)
        if found is None:
            found = self._exact_cache[key] = _subsets_summing(cards, TILE_COST[tile])
        return found

    def cheapest_payment(self, slot: int) -> tuple[int, ...] | None:
        """The engine's minimal payment for ``slot`` that overpays least (None if unaffordable)."""
        options = [a.paid for a in self.game.state.buy_actions() if isinstance(a, Buy) and a.slot == slot]
        if not options:
            return None
        return min(options, key=lambda paid: (sum(CARD_VALUE[c] for c in paid), len(paid)))

    def can_buy(self, slot: int) -> bool:
        return any(isinstance(a, Buy) and a.slot == slot for a in self.game.state.buy_actions())


def _subsets_summing(cards: list[int], target: int) -> list[tuple[int, ...]]:
    """Distinct (by values) subsets of ``cards`` (sorted by value, descending) whose values sum to ``target``."""
    found: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()

    def extend(start: int, chosen: list[int], total: int) -> None:
        if total == target:
            values = tuple(CARD_VALUE[c] for c in chosen)
            if values not in seen:
                seen.add(values)
                found.append(tuple(chosen))
            return
        previous = None
        for index in range(start, len(cards)):
            value = CARD_VALUE[cards[index]]
            if value == previous or total + value > target:
                continue  # equal values at one depth give the same multiset
            previous = value
            extend(index + 1, [*chosen, cards[index]], total + value)

    extend(0, [], 0)
    return sorted(found, key=lambda paid: (len(paid), [-CARD_VALUE[c] for c in paid]))
