"""Readable sentences for the game log, made from the engine's events (RECORD.md).

Pure text (it draws nothing).  Each line carries the seat it is about (an int, a module's collector
or None) so the log panel can colour the speaker's name.  The rule modules' events are said by
their modules (``modules.SAYINGS``).  Runs of ``offer`` and ``market`` events (the refill at
the end of a turn) are folded into one line each: the log should read like a table talk, not a
dump.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from game.engine import events as record_events
from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    MARKET_CURRENCY,
    describe_card,
    describe_tile,
)

from . import modules
from .log_line import LogLine
from .plain import plain

ROUND_NAMES = {1: "First scoring", 2: "Second scoring", 3: "Final scoring"}


def _cards(cards: Iterable[int]) -> str:
    return " + ".join(describe_card(card) for card in cards)


def _paid(cards: Sequence[int]) -> str:
    if not cards:
        return "nothing"
    return f"{CURRENCIES[CARD_CURRENCY[cards[0]]]} " + "+".join(str(CARD_VALUE[c]) for c in cards)


class _Narrator:
    """Says one event as a sentence: who (you, a name, a module's collector) does what.  One method per event name."""

    def __init__(self, names: Sequence[str], you: int | None) -> None:
        self.names = names
        self.you = you
        self.out_of_turn = False  # set by a module's saying: the next purchase grants no extra action

    def who(self, seat: object) -> str:
        if isinstance(seat, str) and seat in modules.COLLECTOR_NAMES:
            return modules.COLLECTOR_NAMES[seat]
        if seat == self.you:
            return "You"
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def says(self, seat: object, verb: str, rest: str) -> str:
        """'Greedy takes ...' but 'You take ...'."""
        if seat == self.you:
            verb = {"cannot act and passes": "cannot act and pass", "holds": "hold"}.get(verb, verb[:-1])
        return f"{self.who(seat)} {verb} {rest}".rstrip()

    def move(self, event: dict, verb: str, rest: str) -> LogLine:
        return LogLine(self.says(event["player"], verb, rest), event["player"])

    def turn(self, event: dict) -> LogLine:
        player = event["player"]
        return LogLine("Your turn" if player == self.you else f"{self.who(player)}'s turn", player, "turn")

    def take(self, event: dict) -> LogLine:
        return self.move(event, "takes", _cards(event["cards"]))

    def buy(self, event: dict) -> LogLine:
        extra = " — exact, another action allowed" if event.get("exact") and not self.out_of_turn else ""
        self.out_of_turn = False
        tile = describe_tile(event["tile"])
        return self.move(event, "buys", f"{tile} from slot {event['slot']}, paying {_paid(event['paid'])}{extra}")

    def place(self, event: dict) -> LogLine:
        x, y = event["at"]
        return self.move(event, "builds", f"{describe_tile(event['tile'])} at ({x}, {y})")

    def reserve(self, event: dict) -> LogLine:
        return self.move(event, "puts", f"{describe_tile(event['tile'])} on the reserve")

    def lift(self, event: dict) -> LogLine:
        x, y = event["from"]
        return self.move(event, "lifts", f"{describe_tile(event['tile'])} from ({x}, {y})")

    def end_turn(self, event: dict) -> LogLine:  # [B-TURN-4]: an exact payment's extra action declined
        return self.move(event, "ends", "the turn without the extra action")

    def passes(self, event: dict) -> LogLine:
        return self.move(event, "cannot act and passes", "")

    def scoring_card(self, event: dict) -> LogLine:
        return LogLine(f"Scoring card {event['round']} is drawn!", None, "scoring")

    def reshuffle(self, event: dict) -> LogLine:
        return LogLine(f"The discard pile is shuffled into a new deck ({len(event['deck'])} cards)", None, "refill")

    def score(self, event: dict) -> LogLine:
        gained: dict[object, int] = {}
        for award in event["points"]:
            gained[award["player"]] = gained.get(award["player"], 0) + award["points"]
        parts = [f"{self.who(seat)} +{points}" for seat, points in gained.items()]
        return LogLine(f"{ROUND_NAMES[event['round']]}: " + (", ".join(parts) or "no points"), None, "scoring")

    def distribute(self, event: dict) -> LogLine:
        currency = CURRENCIES[MARKET_CURRENCY[event["slot"] - 1]]
        tile = describe_tile(event["tile"])
        receiver = event.get("player")
        if receiver is None:
            return LogLine(f"{tile} stays in the market: a tie for the most {currency}", None, "end")
        receives = "receive" if receiver == self.you else "receives"
        return LogLine(self.says(receiver, "holds", f"the most {currency} and {receives} {tile}"), receiver, "end")

    def game_over(self, event: dict) -> LogLine:
        winners = [self.who(seat) for seat in event["winners"]]
        verb = "share the victory" if len(winners) > 1 else ("win" if winners == ["You"] else "wins")
        return LogLine(f"Game over: {' and '.join(winners)} {verb}", None, "end")


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
    """Log lines for ``events`` (a whole game or a slice of one); seat ``you`` is addressed as "you"."""
    narrator = _Narrator(names, you)
    lines: list[LogLine] = []
    refill_offer: list[int] = []
    refill_market: list[str] = []

    def flush() -> None:
        if refill_market:
            lines.append(LogLine("Market refilled: " + ", ".join(refill_market), None, "refill"))
            refill_market.clear()
        if refill_offer:
            lines.append(LogLine("Money offer refilled: " + _cards(refill_offer), None, "refill"))
            refill_offer.clear()

    for event in events:
        kind = event.get("e")
        if kind == record_events.MARKET:
            refill_market.append(f"{describe_tile(event['tile'])} (slot {event['slot']})")
            continue
        if kind == record_events.OFFER:
            refill_offer.append(event["card"])
            continue
        flush()
        saying = SAYINGS.get(kind)  # type: ignore[arg-type]
        if saying is not None:
            lines.append(saying(narrator, event))
    flush()
    return [replace(line, text=plain(line.text)) for line in lines]  # walls in words, no grid coordinates
