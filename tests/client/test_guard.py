"""The project needs pygame-ce, not pygame: installing both silently replaces one with the other."""

import pygame


def test_pygame_is_the_community_edition() -> None:
    assert getattr(pygame, "IS_CE", False), "pygame-ce is required: pip install --force-reinstall pygame-ce"
