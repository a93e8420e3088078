"""Readable sentences for the game log, made from the engine's events (RECORD.md), in the player's language.

Pure text (it draws nothing).  Each line carries the seat it is about (an int, a module's collector
or None) so the log panel can colour the speaker's name.  The rule modules' events are said by
their modules (``modules.SAYINGS``).  Runs of ``offer`` and ``market`` events (the refill at
the end of a turn) are folded into one line each: the log should read like a table talk, not a
dump.

Every event is a whole sentence with named placeholders (issue 18), one for "you" and one for another player
(languages conjugate differently); tiles, cards, currencies and scorings are said by ``game.i18n.words``.
The lines are in the language of the moment ``narrate`` is called: the log view narrates again when the
language changes (``i18n.generation``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import events as record_events
from game.engine.components import SLOT_CURRENCY
from game.i18n import N_, _, ngettext, pgettext, words

from . import modules
from .log_line import LogLine
from .plain import paid  # the money paid, each card's currency said when a payment mixes two ([M-EXCH-3])


def names_and(names: Sequence[str]) -> str:
    """Names as a list ending in "and": "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: the last name of a list joined to the others ("Ann, Bob and Cy")
    return _("{names} and {last}").format(names=words.join(names[:-1]), last=names[-1])


class _Narrator:
    """Says one event as a sentence: who (you, a name, a module's collector) does what.  One method per event name."""

    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names = names
        self.you = you
        self.out_of_turn = False  # set by a module's saying: the next purchase grants no extra action

    def is_you(self, seat: object) -> bool:
        return self.you is not None and seat == self.you

    def who(self, seat: object) -> str:
        """A seat's name, a module collector's, or "You" for the player addressed (as a name in a list)."""
        if isinstance(seat, str) and seat in modules.COLLECTOR_NAMES:
            return modules.collector_name(seat, self.names)
        if self.is_you(seat):
            # TRANSLATORS: the player addressed, as a name among others ("You +5, Ann +3")
            return pgettext("you, as a name", "You")
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def sentence(self, seat: object, you: str, other: str, **args: object) -> str:
        """``you`` (an English template, translated now) when ``seat`` is the player addressed, else ``other``
        with ``{player}`` the seat's name; the other placeholders filled from ``args``."""
        if self.is_you(seat):
            return _(you).format(**args)
        return _(other).format(player=self.who(seat), **args)

    def tell(self, event: dict, you: str, other: str, **args: object) -> LogLine:
        """A move's line about ``event["player"]`` (see ``sentence``)."""
        return LogLine(self.sentence(event["player"], you, other, **args), event["player"])

    def turn(self, event: dict) -> LogLine:
        player = event["player"]
        text = self.sentence(player, N_("Your turn"), N_("{player}'s turn"))
        return LogLine(text, player, "turn")

    def take(self, event: dict) -> LogLine:
        return self.tell(event, N_("You take {cards}"), N_("{player} takes {cards}"), cards=words.cards(event["cards"]))

    def buy(self, event: dict) -> LogLine:
        exact = bool(event.get("exact")) and not self.out_of_turn
        self.out_of_turn = False
        args = {"tile": words.tile(event["tile"]), "slot": event["slot"], "paid": paid(event["paid"])}
        if exact:  # [B-TURN-4]
            return self.tell(
                event,
                N_("You buy {tile} from slot {slot}, paying {paid} — exact, another action allowed"),
                N_("{player} buys {tile} from slot {slot}, paying {paid} — exact, another action allowed"),
                **args,
            )
        return self.tell(
            event,
            N_("You buy {tile} from slot {slot}, paying {paid}"),
            N_("{player} buys {tile} from slot {slot}, paying {paid}"),
            **args,
        )

    def place(self, event: dict) -> LogLine:
        return self.tell(event, N_("You build {tile}"), N_("{player} builds {tile}"), tile=words.tile(event["tile"]))

    def reserve(self, event: dict) -> LogLine:
        return self.tell(
            event,
            N_("You put {tile} on the reserve"),
            N_("{player} puts {tile} on the reserve"),
            tile=words.tile(event["tile"]),
        )

    def lift(self, event: dict) -> LogLine:
        return self.tell(event, N_("You lift {tile}"), N_("{player} lifts {tile}"), tile=words.tile(event["tile"]))

    def end_turn(self, event: dict) -> LogLine:  # [B-TURN-4]: an exact payment's extra action declined
        return self.tell(
            event,
            N_("You end the turn without the extra action"),
            N_("{player} ends the turn without the extra action"),
        )

    def passes(self, event: dict) -> LogLine:
        return self.tell(event, N_("You cannot act and pass"), N_("{player} cannot act and passes"))

    def scoring_card(self, event: dict) -> LogLine:
        return LogLine(_("Scoring card {round} is drawn!").format(round=event["round"]), None, "scoring")

    def reshuffle(self, event: dict) -> LogLine:
        count = len(event["deck"])
        text = ngettext(
            "The discard pile is shuffled into a new deck ({n} card)",
            "The discard pile is shuffled into a new deck ({n} cards)",
            count,
        ).format(n=count)
        return LogLine(text, None, "refill")

    def score(self, event: dict) -> LogLine:
        gained: dict[object, int] = {}
        for award in event["points"]:
            gained[award["player"]] = gained.get(award["player"], 0) + award["points"]
        scoring = words.scoring_round(event["round"])
        if not gained:
            return LogLine(_("{scoring}: no points").format(scoring=scoring), None, "scoring")
        # TRANSLATORS: the points each collector gained at a scoring ("You +5", "Ann +3")
        parts = [
            self.sentence(seat, N_("You +{points}"), N_("{player} +{points}"), points=n) for seat, n in gained.items()
        ]
        # TRANSLATORS: a scoring and who gained what ("First scoring: You +5, Ann +3")
        text = _("{scoring}: {gains}").format(scoring=scoring, gains=words.join(parts))
        return LogLine(text, None, "scoring")

    def distribute(self, event: dict) -> LogLine:
        currency = words.currency(SLOT_CURRENCY[event["slot"]])
        tile = words.tile(event["tile"])
        receiver = event.get("player")
        if receiver is None:
            text = _("{tile} stays in the market: a tie for the most {currency}").format(tile=tile, currency=currency)
            return LogLine(text, None, "end")
        text = self.sentence(
            receiver,
            N_("You hold the most {currency} and receive {tile}"),
            N_("{player} holds the most {currency} and receives {tile}"),
            currency=currency,
            tile=tile,
        )
        return LogLine(text, receiver, "end")

    def game_over(self, event: dict) -> LogLine:
        winners = list(event["winners"])
        if len(winners) == 1:
            text = self.sentence(winners[0], N_("Game over: You win"), N_("Game over: {player} wins"))
        else:
            text = _("Game over: {players} share the victory").format(players=names_and([self.who(s) for s in winners]))
        return LogLine(text, None, "end")


# Event name -> how it is said (refills are gathered apart), the modules' events last.  An event not
# listed here says nothing.
SAYINGS: dict[str, Callable[[_Narrator, dict], LogLine]] = {
    record_events.TURN: _Narrator.turn,
    record_events.TAKE: _Narrator.take,
    record_events.BUY: _Narrator.buy,
    record_events.PLACE: _Narrator.place,
    record_events.RESERVE: _Narrator.reserve,
    record_events.LIFT: _Narrator.lift,
    record_events.END_TURN: _Narrator.end_turn,
    record_events.PASS: _Narrator.passes,
    record_events.SCORING_CARD: _Narrator.scoring_card,
    record_events.RESHUFFLE: _Narrator.reshuffle,
    record_events.SCORE: _Narrator.score,
    record_events.DISTRIBUTE: _Narrator.distribute,
    record_events.GAME_OVER: _Narrator.game_over,
    **modules.SAYINGS,
}


def narrate(events: Sequence[dict], names: Sequence[str], you: int | None = None) -> list[LogLine]:
    """Log lines for ``events`` (a whole game or a slice of one), in the current language; seat ``you`` is
    addressed as "you"."""
    narrator = _Narrator(names, you)
    lines: list[LogLine] = []
    refill_offer: list[int] = []
    refill_market: list[str] = []

    def flush() -> None:
        if refill_market:
            text = _("Market refilled: {tiles}").format(tiles=words.join(refill_market))
            lines.append(LogLine(text, None, "refill"))
            refill_market.clear()
        if refill_offer:
            text = _("Money offer refilled: {cards}").format(cards=words.cards(refill_offer))
            lines.append(LogLine(text, None, "refill"))
            refill_offer.clear()

    for event in events:
        kind = event.get("e")
        if kind == record_events.MARKET:
            # TRANSLATORS: a tile put in a market slot, in the list of a refill ("Tower 9 (slot 2)")
            refill_market.append(_("{tile} (slot {slot})").format(tile=words.tile(event["tile"]), slot=event["slot"]))
            continue
        if kind == record_events.OFFER:
            refill_offer.append(event["card"])
            continue
        flush()
        saying = SAYINGS.get(kind)  # type: ignore[arg-type]
        if saying is not None:
            lines.append(saying(narrator, event))
    flush()
    return lines
