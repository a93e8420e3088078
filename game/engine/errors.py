"""The one exception every refused move raises, kept apart so that every engine module can raise it."""

from __future__ import annotations

from .messages import ENGLISH_WORDS, Message, fill


class IllegalAction(ValueError):
    """An action the rules forbid; ``rule`` is the id of the rule it breaks, e.g. 'B-PLACE-5'.

    ``template`` is the reason as an English sentence with named placeholders and ``arguments`` fills them
    (``engine.messages`` says how each kind of argument is said), so that the client says the refusal in
    the player's language; ``reason`` is the English sentence, formatted only when asked for (bots
    raise and catch refusals in their inner loop and never read them).
    """

    def __init__(self, rule: str, template: str, **args: object) -> None:
        super().__init__(rule, template)
        self.rule = rule
        self.template = template
        self.arguments = args

    @property
    def reason(self) -> str:
        """The words alone, for a player (the rule id is for records, logs and tests)."""
        return fill(self.template, self.arguments, ENGLISH_WORDS)

    @property
    def message(self) -> Message:
        return Message.of(self.template, **self.arguments)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.reason}"

    def __reduce__(self) -> tuple:
        return (_rebuild, (self.rule, self.template, self.arguments))


def _rebuild(rule: str, template: str, args: dict[str, object]) -> IllegalAction:
    return IllegalAction(rule, template, **args)
