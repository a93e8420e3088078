"""The table scene's parts: each owns one concern of the table and talks to the scene through a narrow interface
(explicit arguments, and what it reads of the scene as the ``Owner`` protocol of its own file, never ``TurnScene``), so
that it can be read, tested and changed on its own.  Without pygame: ``toast`` (the message over the board and the
banner), ``bot_turns`` (the bots' decisions), ``hints`` (a person's hint), ``score_ticker``, ``pointer`` (a press, a
drag, a pan), ``keeper`` (the game's files), ``picker`` and ``buying`` (what a pick means and the move it makes),
``prompt`` (the table's words), ``seating`` (whose decision begins, and the curtain between people) with ``curtain``
(what people at one screen may not see of each other) and ``snapshot`` (what the views draw).  With pygame:
``controls`` (the buttons), ``input`` (the mouse and keys), ``drawing`` (the frame), ``flights`` (where everything is
drawn, for the flights) and ``moments`` (the game's moments as the timeline shows them)."""
