"""The one exception every refused move raises, kept apart so that every engine module can raise it."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid; ``rule`` is the id of the rule it breaks, e.g. 'B-PLACE-5'."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason  # the words alone, for a player (the rule id is for records, logs and tests)
