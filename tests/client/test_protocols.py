"""The protocols that keep the client's imports acyclic are kept by what implements them.

Scenes see the app only as ``AppServices`` and open screens through a ``Navigator``; the scoring
scene reads the table scene as a ``TableModel`` (the views draw from the ``TableSnapshot`` it
builds); the timeline plays on a ``Stage``; the table scene's parts read it as their ``Owner``.
No type checker runs in CI, so this test checks that every member a protocol names exists on a
real instance: a renamed attribute fails here, not in the middle of a game.
"""

from __future__ import annotations

import inspect

from driver import MakeApp

from game.client.playback import Stage
from game.client.scene import AppServices, Navigator
from game.client.scenes.parts import buying, controls, drawing, flights, moments, picker, prompt, seating, snapshot
from game.client.scenes.parts import input as table_input
from game.client.scenes.turn import TurnScene
from game.client.views.model import TableModel


def members(protocol: type) -> set[str]:
    """The names a protocol declares: its annotated attributes, properties and methods."""
    names = set(inspect.get_annotations(protocol))
    names.update(
        name
        for name, value in vars(protocol).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    )
    return names


def missing(instance: object, protocol: type) -> set[str]:
    return {name for name in members(protocol) if not hasattr(instance, name)}


def test_the_app_the_navigator_and_the_table_scene_have_every_member(make_app: MakeApp) -> None:
    driver = make_app(ai=["random", "random"], seed=3, speed=0.0)
    app = driver.app
    app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    assert members(AppServices) >= {"ui", "screens", "notice", "push", "new_game"}  # the reader sees them
    assert missing(app, AppServices) == set()
    assert missing(app.screens, Navigator) == set()
    assert missing(scene, TableModel) == set()
    assert missing(scene, Stage) == set()


def test_the_table_scene_is_every_owner_its_parts_name(make_app: MakeApp) -> None:
    """Each part of the table scene names what it reads of the scene in the ``Owner`` protocol of its file (never
    ``TurnScene``, so no import closes a circle): the real scene has every member of each, and its timeline and
    sounds what the parts ask of them."""
    driver = make_app(ai=["random", "random"], seed=3, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    assert isinstance(scene, TurnScene)
    owners = (
        buying.Owner,
        picker.Owner,
        controls.Owner,
        prompt.Owner,
        drawing.Owner,
        table_input.Owner,
        snapshot.Owner,
        moments.Owner,
        flights.Views,
    )
    for owner in owners:
        assert members(owner), owner
        assert missing(scene, owner) == set(), owner.__module__
    assert missing(scene.director, controls.Playback) == set()
    assert missing(scene.director, prompt.Playback) == set()
    assert missing(scene.director, table_input.Timeline) == set()
    assert missing(scene.ui.sounds, buying.Sounds) == set()
    assert missing(driver.app.settings, seating.Choices) == set()
