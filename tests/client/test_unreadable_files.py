"""Files the client reads at start that cannot be read: it starts, says so once, and destroys nothing.

A settings file that is truncated, junk, nested too deeply or full of wrong types used to be overwritten
silently (or, nested 1,000 deep, stopped the client on every start).  Now the defaults are used, the file
is kept beside as ``settings.json.unreadable-<time>``, and the player is told.  An autosave that cannot be
continued is not offered as "Continue".  ``--record`` keeps the record of the game played in the window.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from driver import MakeApp

from ai import make_agent
from game.client import persistence
from game.client.persistence import Settings
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.menu import MenuScene
from game.engine import Game, GameConfig, Seat
from game.engine import record as records

CORRUPTIONS: dict[str, bytes] = {
    "deep nesting": b"[" * 1000 + b"]" * 1000,
    "deeper nesting": b'{"speed": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "truncated": b'{"speed": 2, "sound": fal',
    "empty": b"",
    "binary junk": bytes(range(256)) * 4,
    "not utf-8": '{"name": "Zoë"}'.encode("latin-1"),
    "a list": b"[1, 2, 3]",
    "a number": b"42",
    "null": b"null",
    "wrong speed": b'{"speed": "fast"}',
    "wrong window": b'{"window": [10, 10]}',
    "wrong opponents": b'{"opponents": "greedy"}',
    "name with a tab": b'{"name": "Ann\\tBob"}',
    "unknown language": b'{"language": "xx"}',
    "huge number": b'{"speed": ' + b"9" * 5000 + b"}",
    "too large": b'{"name": "' + b"a" * 70_000 + b'"}',
}


def write_settings(data: bytes) -> Path:
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def kept_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".unreadable-*"))


@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_an_unreadable_settings_file_gives_defaults_is_kept_and_said_once(
    kind: str, make_app: MakeApp, capsys: pytest.CaptureFixture[str]
) -> None:
    """The client starts with defaults (for what is wrong), moves the unreadable bytes aside, says so on the
    menu and on stderr, and the next save writes a clean file beside the kept one."""
    data = CORRUPTIONS[kind]
    path = write_settings(data)
    driver = make_app()
    driver.app.start()
    driver.step()
    assert isinstance(driver.scene, MenuScene)
    assert "settings could not be read" in driver.scene.message
    err = capsys.readouterr().err
    assert err.count("settings file could not be read") == 1, err
    [kept] = kept_files(path)
    assert kept.read_bytes() == data, "the unreadable bytes are kept as they were"
    assert kept.name in driver.scene.message
    driver.app.save_settings()
    assert Settings.parse(json.loads(path.read_text(encoding="utf-8")))[1] == []
    assert not path.with_name(path.name + ".partial").exists()


def test_the_good_fields_of_a_partly_wrong_file_are_kept(home: Path) -> None:
    """A file with some wrong values keeps its good ones; only the wrong ones fall back to the defaults."""
    path = write_settings(b'{"speed": 2, "sound": false, "window": [10, 10], "opponents": ["greedy"]}')
    read = persistence.read_settings()
    assert read.settings.speed == 2.0 and read.settings.sound is False and read.settings.opponents == ["greedy"]
    assert read.settings.window == [1280, 800]
    assert "window" in read.problem and read.kept is not None
    assert kept_files(path) == [read.kept] and str(read.kept) in read.problem


def test_a_name_a_game_accepts_is_read_back_from_the_settings(make_app: MakeApp) -> None:
    """A name as long as ``--name`` accepts (up to 64 characters) is saved with the settings and read back whole:
    the settings file is not called unreadable for it."""
    name = "Scheherazade of the Thousand and One Nights"
    driver = make_app(name=name, ai=["greedy"], seed=3, speed=0.0)
    driver.app.start()
    driver.app.settings.name = name
    driver.app.save_settings()
    read = persistence.read_settings()
    assert read.problem == "" and read.settings.name == name


def test_a_good_file_an_older_file_and_no_file_say_nothing(home: Path) -> None:
    """Only an unreadable file is reported: a missing one is a first start, a file without the newer fields is an
    older version's, and the file this version writes reads back whole."""
    assert persistence.read_settings().problem == ""
    path = write_settings(b'{"speed": 2}')
    assert persistence.read_settings().problem == "" and persistence.load_settings().speed == 2.0
    persistence.save_settings(Settings(language="fa", think_limit=0.5, modules=["huts"]))
    read = persistence.read_settings()
    assert read.problem == "" and read.settings.language == "fa" and not kept_files(path)


def test_a_folder_where_the_settings_file_should_be_leaves_no_stray_file(make_app: MakeApp) -> None:
    """A folder in the file's place: the client starts with defaults and says the file cannot be read; saving
    fails with a notice and leaves no ``settings.json.partial`` behind."""
    path = persistence.settings_path()
    path.mkdir(parents=True)
    driver = make_app()
    driver.app.start()
    driver.step()
    assert "settings could not be read" in driver.scene.message
    driver.app.save_settings()
    assert not path.with_name(path.name + ".partial").exists()
    assert path.is_dir() and list(path.iterdir()) == []


@pytest.mark.parametrize("content", [b"{ not json", b"[]", b'{"format": "alhambra-record/1"}'])
def test_continue_is_not_offered_for_an_autosave_that_cannot_be_continued(content: bytes, make_app: MakeApp) -> None:
    """A corrupt autosave is kept, and "Continue" is greyed out with the reason as its tooltip, instead of
    being offered and then refused."""
    save = persistence.autosave_path()
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_bytes(content)
    driver = make_app()
    driver.app.start()
    driver.step()
    scene = driver.scene
    assert isinstance(scene, MenuScene)
    assert not scene.continue_game.enabled
    tooltip = scene.continue_game.tooltip
    assert "cannot be continued" in (tooltip() if callable(tooltip) else tooltip)
    assert save.read_bytes() == content


def test_record_option_keeps_the_record_of_the_game_played_in_the_window(make_app: MakeApp, tmp_path: Path) -> None:
    """``--record FILE`` without ``--headless`` writes the record of the window's game when it ends, and the
    game-over screen names that file."""
    config = GameConfig(seed=8, seats=(Seat("a", "greedy"), Seat("b", "greedy")))
    played = Game.new(config)
    agents = [make_agent("greedy", seat) for seat in range(2)]
    decisions = []
    while not played.state.is_over:
        state = played.state
        action = agents[state.decider].choose(state.knowledge(state.decider), state.legal_actions())
        decisions.append(action)
        played.apply(action)
    almost = Game.new(config)
    for action in decisions[:-4]:
        almost.apply(action)
    start = tmp_path / "almost.json"
    records.save(almost, start)
    wanted = tmp_path / "kept" / "mine.json"
    driver = make_app(load=start, speed=0.0, record=wanted)
    driver.app.start()
    driver.wait(lambda: isinstance(driver.scene, GameOverScene), 60)
    assert records.load(wanted).state.scores == played.state.scores
    assert driver.scene.record_path == wanted


def test_the_setup_fields_refuse_what_a_game_cannot_start_with(make_app: MakeApp) -> None:
    """The name field takes one line of printable characters (no tab or line break), the seed field only digits
    that make a number (Persian ۴۲ is 42; a superscript ² used to crash the start)."""
    from game.client.scenes.setup import SetupScene
    from game.client.scenes.turn import TurnScene

    driver = make_app()
    driver.app.start()
    driver.click_widget("new_game")
    scene = driver.scene
    assert isinstance(scene, SetupScene)
    scene.name.value = ""
    driver.click(scene.name.rect.center)
    driver.type("An\tn\nB\x00")
    assert scene.name.value == "AnnB"
    driver.click(scene.seed.rect.center)
    driver.type("²۴½2")
    assert scene.seed.value == "۴2"
    driver.click_widget("start")
    assert isinstance(driver.scene, TurnScene)
    assert driver.scene.table.game.config.seed == 42 and driver.scene.table.game.config.seats[0].name == "AnnB"
