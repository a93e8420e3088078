"""Readable sentences for the game log, made from the engine's events (RECORD.md).

Pure text, no pygame.  Each line carries the seat it is about (an int, "dirk" or None) so the
log panel can colour the speaker's name.  Runs of ``offer`` and ``market`` events (the refill at
the end of a turn) are folded into one line each: the log should read like a table talk, not a
dump.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.components import (
    CARD_CURRENCY,
    CARD_VALUE,
    CURRENCIES,
    MARKET_CURRENCY,
    describe_card,
    describe_tile,
)

ROUND_NAMES = {1: "First scoring", 2: "Second scoring", 3: "Final scoring"}


@dataclass(frozen=True)
class LogLine:
    text: str
    seat: int | str | None = None
    kind: str = "move"  # move, turn, refill, scoring, end


def _cards(cards: Iterable[int]) -> str:
    return " + ".join(describe_card(card) for card in cards)


def _paid(cards: Sequence[int]) -> str:
    if not cards:
        return "nothing"
    return f"{CURRENCIES[CARD_CURRENCY[cards[0]]]} " + "+".join(str(CARD_VALUE[c]) for c in cards)


def narrate(events: Sequence[dict], names: Sequence[str], you: int | None = None) -> list[LogLine]:
    """Log lines for ``events`` (a whole game or a slice of one); seat ``you`` is addressed as "you"."""
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

    def who(seat: object) -> str:
        if seat == "dirk":
            return "Dirk"
        if seat == you:
            return "You"
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def says(seat: object, verb: str, rest: str) -> str:
        """'Greedy takes ...' but 'You take ...'."""
        if seat == you:
            verb = {"cannot act and passes": "cannot act and pass", "holds": "hold"}.get(verb, verb[:-1])
        return f"{who(seat)} {verb} {rest}".rstrip()

    for event in events:
        kind = event.get("e")
        player = event.get("player")
        if kind == "market":
            refill_market.append(f"{describe_tile(event['tile'])} (slot {event['slot']})")
            continue
        if kind == "offer":
            refill_offer.append(event["card"])
            continue
        flush()
        if kind == "turn":
            text = "Your turn" if player == you else f"{who(player)}'s turn"
            lines.append(LogLine(text, player, "turn"))
        elif kind == "take":
            lines.append(LogLine(says(player, "takes", _cards(event["cards"])), player))
        elif kind == "buy":
            extra = " — exact, another action allowed" if event.get("exact") else ""
            lines.append(
                LogLine(
                    says(
                        player,
                        "buys",
                        f"{describe_tile(event['tile'])} from slot {event['slot']}, "
                        f"paying {_paid(event['paid'])}{extra}",
                    ),
                    player,
                )
            )
        elif kind == "place":
            x, y = event["at"]
            lines.append(LogLine(says(player, "builds", f"{describe_tile(event['tile'])} at ({x}, {y})"), player))
        elif kind == "reserve":
            lines.append(LogLine(says(player, "puts", f"{describe_tile(event['tile'])} on the reserve"), player))
        elif kind == "lift":
            x, y = event["from"]
            lines.append(LogLine(says(player, "lifts", f"{describe_tile(event['tile'])} from ({x}, {y})"), player))
        elif kind == "dirk":
            lines.append(LogLine(says(player, "gives", f"{describe_tile(event['tile'])} to Dirk"), player))
        elif kind == "end_turn":  # [B-TURN-4]: an exact payment's extra action declined
            lines.append(LogLine(says(player, "ends", "the turn without the extra action"), player))
        elif kind == "pass":
            lines.append(LogLine(says(player, "cannot act and passes", ""), player))
        elif kind == "scoring_card":
            lines.append(LogLine(f"Scoring card {event['round']} is drawn!", None, "scoring"))
        elif kind == "reshuffle":
            lines.append(
                LogLine(f"The discard pile is shuffled into a new deck ({len(event['deck'])} cards)", None, "refill")
            )
        elif kind == "score":
            gained: dict[object, int] = {}
            for award in event["points"]:
                gained[award["player"]] = gained.get(award["player"], 0) + award["points"]
            parts = [f"{who(seat)} +{points}" for seat, points in gained.items()]
            lines.append(
                LogLine(f"{ROUND_NAMES[event['round']]}: " + (", ".join(parts) or "no points"), None, "scoring")
            )
        elif kind == "dirk_gets":
            lines.append(LogLine(f"Dirk receives {len(event['tiles'])} tiles from the bag", "dirk", "scoring"))
        elif kind == "distribute":
            currency = CURRENCIES[MARKET_CURRENCY[event["slot"] - 1]]
            tile = describe_tile(event["tile"])
            if event.get("player") is None:
                lines.append(LogLine(f"{tile} stays in the market: a tie for the most {currency}", None, "end"))
            else:
                lines.append(
                    LogLine(
                        says(
                            event["player"],
                            "holds",
                            f"the most {currency} and receive" + ("" if event["player"] == you else "s") + f" {tile}",
                        ),
                        event["player"],
                        "end",
                    )
                )
        elif kind == "game_over":
            winners = [who(seat) for seat in event["winners"]]
            verb = "share the victory" if len(winners) > 1 else ("win" if winners == ["You"] else "wins")
            lines.append(LogLine(f"Game over: {' and '.join(winners)} {verb}", None, "end"))
    flush()
    return lines
