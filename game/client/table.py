"""The table the client plays at: the game, who sits where (people and bots), and a person's unconfirmed turn.

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

from ai import LADDER, agent_names, canonical_name
from ai.mcts import LEVELS
from game.engine import Action, Buy, Game, GameConfig, GameState, Seat
from game.engine.components import CARD_CURRENCY, CARD_VALUE, EMPTY, SLOT_CURRENCY, TILE_COST
from game.engine.play import Deal
from game.engine.state import ACTION, FINAL, PLACE
from game.i18n import N_, _, pgettext

Payment = tuple[tuple[int, ...], int | None]  # money cards paid, and a rule module's card paying with them (or None)
HUMAN = "human"
# The agent a seat falls back on when its name is unknown to this build (an old record, a level since removed):
# the strongest that answers promptly (expert takes 3 s a move and every core, so it is not a stand-in).
STRENGTH = ("mcts:hard", "mcts:normal", "greedy", "mcts:easy", "beginner", "random")
DEFAULT_OPPONENTS = ("mcts:normal", "greedy")
# The kinds of bot by name, their levels, and what each does (English, marked for the catalogues: shown with
# ``_`` where they are drawn, ``agent_label`` for a bot's whole name).
AGENT_LABELS = {"random": N_("Random"), "beginner": N_("Beginner"), "greedy": N_("Greedy"), "mcts": N_("MCTS")}
# What each kind of bot and each level does, in a sentence or two; ``bot_tip`` adds the measured strength
# (``LADDER_STRENGTH``) to those on the ladder.
AGENT_TIPS = {
    "random": N_("Random: any legal move, at random. Every other bot beats it: for trying out the table."),
    "beginner": N_(
        "Beginner: plays like Greedy with a newcomer's blind spots: now and then it misses an exact payment, "
        "a tile's walls or what its rivals need, and it does not always pick its best move."
    ),
    "greedy": N_("Greedy: the move that looks best right now, with no planning ahead."),
    "mcts": N_(
        "MCTS: plays each promising move out many times over the cards it cannot see, and picks the one "
        "that wins most often. The level says how long it thinks."
    ),
}
LEVEL_TIPS = {
    "easy": N_("Easy: about 0.1 s a move."),
    "normal": N_("Normal: about 0.3 s a move, and with two players it looks a turn further."),
    "hard": N_("Hard: up to 0.9 s a move; it looks two turns further with two players, one turn further with four."),
    "expert": N_(
        "Expert: up to 3 s a move, searching on every spare core at once; it looks three turns further with two "
        "players, one turn further with four."
    ),
}
# The ladder in the setup: each rung in a few words, weakest first (``ladder``).
LADDER_TRAITS = {
    "beginner": N_("Greedy with a newcomer's blind spots"),
    "greedy": N_("the best move for now, no planning"),
    "mcts:easy": N_("plays moves out, 0.1 s a move"),
    "mcts:normal": N_("0.3 s a move, a turn further ahead"),
    "mcts:hard": N_("0.9 s a move, two turns further ahead"),
    "mcts:expert": N_("3 s a move, on every core"),
}
# The measured strength of each rung, in one place: the share of two-player base games (in per cent) it wins
# against the rung below it; the beginner, the lowest rung, is said by what the rung above it wins against it
# (Greedy's own share).  None: not measured yet.  The README's Strength table is the source: change a number
# there first, then here.  The sentences take the number as {percent}, so no translation changes with it.
LADDER_STRENGTH: dict[str, int | None] = {
    "beginner": 64,  # Greedy beats it in about 64 % of two-player games
    "greedy": 64,  # beats Beginner
    "mcts:easy": 68,  # beats Greedy
    "mcts:normal": 69,  # beats MCTS easy
    "mcts:hard": 69,  # beats MCTS normal (68.8 % of 200 games)
    "mcts:expert": 64,  # beats MCTS hard (64.5 % of 200 games)
}
# A rung's strength on its line of the ladder (short) and in its tooltip (a sentence), by what is known of it.
STRENGTH_LINES = {
    # TRANSLATORS: on the setup's ladder of bots: the share of two-player games this bot wins against {bot}
    "beats": N_("wins {percent} % against {bot}"),
    # TRANSLATORS: on the setup's ladder of bots, for the weakest: the share {bot} wins against it
    "beaten": N_("{bot} wins {percent} % against it"),
    # TRANSLATORS: on the setup's ladder of bots: its share against {bot} is still to be measured
    "unmeasured": N_("against {bot}: not measured yet"),
}
STRENGTH_SENTENCES = {
    "beats": N_("It beats {bot} in about {percent} percent of two-player games."),
    "beaten": N_("{bot} beats it in about {percent} percent of two-player games."),
    "unmeasured": N_("It is meant to beat {bot}; how often is not measured yet."),
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
        "expert": pgettext("bot level", "expert"),
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


def ladder() -> list[str]:
    """The rungs of the ladder this build has, weakest first: ``ai.LADDER`` from the beginner up (Random is the
    floor under it, beaten by every bot, and not a rung)."""
    available = bot_names()
    return [name for name in LADDER if name in LADDER_STRENGTH and name in available]


def _measured(name: str) -> tuple[str, str, int | None] | None:
    """How ``name``'s strength is said: ("beats", the rung below, percent), ("beaten", the rung above,
    percent) for the lowest rung, ("unmeasured", the rung below, None); None off the ladder."""
    rungs = ladder()
    if name not in rungs:
        return None
    index = rungs.index(name)
    percent = LADDER_STRENGTH.get(name)
    if index == 0:
        return ("beaten", rungs[1], percent) if len(rungs) > 1 and percent is not None else None
    return ("beats" if percent is not None else "unmeasured", rungs[index - 1], percent)


def strength_line(name: str) -> str:
    """A rung's measured strength in a few words, for its line of the ladder ("wins 69 % against MCTS normal")."""
    measured = _measured(name)
    if measured is None:
        return ""
    how, other, percent = measured
    return _(STRENGTH_LINES[how]).format(bot=agent_label(other), percent=percent)


def bot_tip(name: str) -> str:
    """What a bot does and, on the ladder, how strong it measured: its tooltip, in the current language."""
    kind, _colon, level = name.partition(":")
    tip = LEVEL_TIPS.get(level) if level else AGENT_TIPS.get(kind)
    said = _(tip) if tip else ""
    measured = _measured(name)
    if measured is None:
        return said
    how, other, percent = measured
    strength = _(STRENGTH_SENTENCES[how]).format(bot=agent_label(other), percent=percent)
    # TRANSLATORS: a bot's tooltip: what it does ({description}), then how strong it measured ({strength})
    return pgettext("bot tip", "{description} {strength}").format(description=said, strength=strength)


def ladder_trait(name: str) -> str:
    """A rung in a few words ("plays moves out, 0.1 s a move"), in the current language."""
    trait = LADDER_TRAITS.get(name)
    return _(trait) if trait else ""


def level_seconds(name: str) -> float | None:
    """How long ``name`` thinks about a decision at most by its level (MCTS hard: 0.9); None for a bot that
    decides in milliseconds (random, beginner, greedy) or a name this build does not know."""
    kind, _colon, level = name.partition(":")
    if kind != "mcts" or level not in LEVELS:
        return None
    return LEVELS[level].budget.seconds


def think_seconds(name: str, think_limit: float | None) -> float | None:
    """The most a decision of ``name`` takes: its level's time, capped by the think-time setting
    (``Settings.think_limit``; None: as the level)."""
    seconds = level_seconds(name)
    if seconds is None or think_limit is None:
        return seconds
    return min(seconds, think_limit)


def person_name(name: str, index: int, people: int) -> str:
    """A person's seat name: the name given, else "You" when they play alone, else "Player 2" (kept in the
    game's record as a name)."""
    name = name.strip()
    if name:
        return name
    if people == 1:
        # TRANSLATORS: the player's seat name when they gave none (kept in the game's record as a name)
        return pgettext("seat name", "You")
    # TRANSLATORS: a person's seat name when several people play at one screen and this one gave none
    return pgettext("seat name", "Player {number}").format(number=index + 1)


def default_opponents() -> list[str]:
    return [usable_agent(name) for name in DEFAULT_OPPONENTS]


@dataclass
class Staged:
    """An action that would end the human's turn, shown as a preview until confirmed."""

    action: Action
    text: str


class Table:
    """A game plus seating, undo and the staged end of a person's turn.

    ``people``: the seats played by people at this screen (none: the bots play it out; several: they pass the
    screen round).  ``viewer`` is the person the table is turned to: whoever decides now, or, while the bots
    play, the last person who decided (at first the first person).  Each person's decision has its own
    restart point: the undo never reaches back into another person's moves.
    """

    def __init__(self, game: Game, people: Sequence[int]) -> None:
        self.game = game
        self.people: tuple[int, ...] = tuple(sorted(set(people)))
        self.viewer: int | None = self.people[0] if self.people else None
        self.agents = [
            None if seat in self.people else usable_agent(s.agent) for seat, s in enumerate(game.config.seats)
        ]
        self.snapshot: Game | None = None
        self.snapshot_seat: int | None = None  # whose decision the snapshot restarts
        self.staged: Staged | None = None
        self._exact_cache: dict[tuple, list[tuple[int, ...]]] = {}

    @classmethod
    def new(cls, people: Sequence[str], opponents: Sequence[str], seed: int, modules: Sequence[str] = ()) -> Table:
        """A new game: the people in the first seats, in the order given (their names), then the bots in the
        order given; ``modules``: the rule modules switched on (their engine names, e.g. "vizier")."""
        if isinstance(people, str):  # a name, where a list of names was meant: "Ann" is not three people
            raise TypeError("Table.new takes a list of the people's names")
        labels = [agent_label(agent) for agent in opponents]
        seats = [Seat(person_name(name, index, len(people)), HUMAN) for index, name in enumerate(people)]
        for index, agent in enumerate(opponents):
            label = labels[index]
            if labels.count(label) > 1:
                # TRANSLATORS: a bot's name when several bots of one kind play: "Greedy 2"
                label = pgettext("bot name", "{name} {number}").format(
                    name=label, number=labels[: index + 1].count(label)
                )
            seats.append(Seat(label, agent))
        game = Game.new(GameConfig(seed=seed, seats=tuple(seats), modules=tuple(modules)))
        return cls(game, range(len(people)))

    @classmethod
    def from_game(cls, game: Game) -> Table:
        """A loaded game: every seat marked human is a person at this screen; none means the bots play it out."""
        return cls(game, [i for i, seat in enumerate(game.config.seats) if seat.agent == HUMAN])

    def start_from(self, deal: Deal) -> None:
        """Start the game afresh from ``deal`` before anyone has decided anything: the people's secret choices at
        setup (a module's ``SetupChoice``) taken with the deal, the seats and seed as they were."""
        assert self.snapshot is None and self.staged is None, "a game starts afresh only before its first decision"
        config = self.game.config
        self.game = Game(config, deal, GameState.start(deal, config.seed, log=[]))

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.game.config.seats]

    @property
    def shared(self) -> bool:
        """Several people play at this screen: the table names each of them, and none is "you"."""
        return len(self.people) > 1

    @property
    def you(self) -> int | None:
        """The seat the table's words call "you" (the one person at the screen); None when several people
        share it, or none plays: then every seat is said by its name."""
        return self.people[0] if len(self.people) == 1 else None

    @property
    def person_deciding(self) -> int | None:
        """The person whose decision it is now; None when a bot decides or the game is over."""
        state = self.game.state
        if state.is_over or state.decider not in self.people:
            return None
        return state.decider

    @property
    def human_decides(self) -> bool:
        return self.person_deciding is not None

    @property
    def bot_to_decide(self) -> str | None:
        """The agent that decides now, or None when it is a person's call or the game is over."""
        state = self.game.state
        if state.is_over or state.decider in self.people:
            return None
        return self.agents[state.decider]

    def turn_to(self, seat: int) -> bool:
        """Turn the table to the person ``seat`` (their Alhambra, hand and cards at the bottom); True if it
        was turned to someone else before."""
        if seat == self.viewer:
            return False
        self.viewer = seat
        return True

    def decision_seed(self) -> int:
        """A seed for the bot deciding now, fixed by the game's seed and progress (replays agree)."""
        return (self.game.config.seed * 1_000_003 + len(self.game.events) * 7919 + self.game.state.decider) % 2**31

    # ------------------------------------------------------------------ a person's decision
    def begin_human_turn(self) -> None:
        """Remember the position for the restart-turn undo of the person who decides now."""
        self.snapshot = self.game.copy()
        self.snapshot_seat = self.person_deciding
        self.staged = None

    @property
    def can_undo(self) -> bool:
        return (
            self.human_decides
            and self.snapshot is not None
            and self.snapshot_seat == self.game.state.decider
            and (self.staged is not None or len(self.game.events) != len(self.snapshot.events))
        )

    def undo(self) -> None:
        """Back to the start of the decision: everything done since is forgotten (only the person deciding
        can undo, and only their own moves: the snapshot is taken when their decision begins)."""
        if self.snapshot is not None and self.snapshot_seat == self.game.state.decider:
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
        """Apply the staged action (the person confirmed the end of the turn)."""
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
        currency = SLOT_CURRENCY[slot]
        return sorted(
            (c for c in state.hands[state.decider] if CARD_CURRENCY[c] == currency), key=lambda c: (-CARD_VALUE[c], c)
        )

    def exact_payments(self, slot: int) -> list[tuple[int, ...]]:
        """Sets of cards paying market ``slot``'s tile exactly (one per multiset of values), fewest cards first."""
        state = self.game.state
        tile = state.in_slot(slot)
        if tile == EMPTY:
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

    def suggestions(self, slot: int, extra: Sequence[Payment], room: int) -> list[Payment]:
        """The payments suggested for market ``slot``, the first chosen at once (``room``: how many are shown):
        the base game's exact ones and cheapest, and ``extra``, the rule modules' (an exchange card paying with the
        money, [M-EXCH-3]), put in the order of ``order_payments``: an exact payment, where there is one, first."""
        tile = self.game.state.in_slot(slot)
        if tile == EMPTY:
            return []
        base: list[Payment] = [(paid, None) for paid in self.exact_payments(slot)[:3]]
        cheapest = self.cheapest_payment(slot)
        if cheapest is not None and all(paid != cheapest for paid, _card in base):
            base.append((cheapest, None))
        return order_payments([*base, *extra], TILE_COST[tile])[:room]


def order_payments(payments: Sequence[Payment], cost: int) -> list[Payment]:
    """``payments`` for a tile costing ``cost`` in the order they are suggested: every exact payment before any
    that pays over ([B-TURN-4]: an exact payment keeps the extra action, so pressing Enter on the first
    suggestion never gives it away), those needing no rule module's card before those that do (an exchange card
    is kept for later, [M-EXCH-3]), fewer cards first; then the overpayments, the least over first.  Stable:
    payments alike keep their order."""

    def rank(payment: Payment) -> tuple[int, int, int]:
        paid, card = payment
        over = sum(CARD_VALUE[c] for c in paid) - cost
        return (over, card is not None, len(paid))

    return sorted(payments, key=rank)


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
