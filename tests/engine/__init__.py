"""Tests of the rules engine (``game.engine``) against RULES.md §1-8 and §10 and RECORD.md."""
