"""The table scene's parts: each owns one concern of the table and talks to the scene through a narrow
interface, so that it can be read, tested and changed on its own (``toast``: the message over the board;
``bot_turns``: the bots' decisions; ``hints``: a person's hint)."""
