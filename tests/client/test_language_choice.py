"""The game's language (issue 18): ``--lang``, the settings' choice, applied at once and kept; and every word of
the menu, setup, settings, records, game menu, scoring and end screens said through the catalogue.

The compiled catalogues of the four languages come with the translations; these tests compile small ones of
their own (``catalogue``).  The leak test puts a marking catalogue in place ("«" + message + "»", for every
message the extractor finds in the sources) and reads what each screen draws: a text with letters that is not
marked went past the catalogue.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from driver import Driver, MakeApp, menu_scene
from marking import MarkingCatalogue, note_derived
from screens import visit_screens
from test_worker_and_cli import ROOT, smoke_env
from text_layout import Recording, draw_top_scene, overlaps, record_texts

from game import cli, i18n
from game.client import persistence
from game.client.app import start_language
from game.client.scenes.load_record import LoadRecordScene
from game.client.scenes.menu import MenuScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.widgets import Button, Choice, Toggle, Widget, shown
from game.i18n import catalogues

# A few of the game's sentences in Hungarian, enough to see the screens change.
HUNGARIAN = {
    ("menu", "New game"): "Új játék",
    ("menu", "Settings"): "Beállítások",
    (None, "Settings"): "Beállítások",
    (None, "Language"): "Nyelv",
    (None, "Sound effects"): "Hanghatások",
    (None, "The tile-laying game by Dirk Henn"): "Dirk Henn lapkarakó játéka",
    (None, "Saved automatically"): "Automatikusan mentve",
}


@pytest.fixture
def catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, dict], None]]:
    """``make(code, messages)`` compiles a catalogue of ``code`` for this test; the game speaks English again
    after it."""
    folder = tmp_path / "locale"

    def make(code: str, messages: dict) -> None:
        built = Catalog(locale=code, domain=i18n.DOMAIN)
        for (context, message), translation in messages.items():
            built.add(message, translation, context=context)
        path = folder / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_mo(out, built)

    monkeypatch.setattr(i18n, "catalogue_path", lambda code: folder / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo")
    monkeypatch.setenv("LANGUAGE", "en")  # the system's language, for an app that has no choice saved
    yield make
    i18n.set_language(i18n.SOURCE_LANGUAGE)


# ---------------------------------------------------------------------------- the command line
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_lang_takes_every_language_of_the_game(code: str) -> None:
    assert cli.parse(["--lang", code]).lang == code
    assert cli.parse(["--lang", code.upper()]).lang == code
    assert cli.parse(["--headless", "--ai", "random,random", "--lang", code]).lang == code
    assert cli.parse([]).lang is None


@pytest.mark.parametrize("code", ["xx", "english", "", "fa_IR"])
def test_an_unknown_language_is_refused_with_the_usage(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse(["--lang", code])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith("usage: alhambra") and "--lang" in said and "en, fa, zh, ja, hu" in said


def test_lang_is_in_the_help_and_a_bad_one_stops_the_program(tmp_path: Path) -> None:
    shown_help = subprocess.run(
        [sys.executable, "-m", "game", "--help"], cwd=ROOT, env=smoke_env(tmp_path), capture_output=True, text=True
    )
    assert shown_help.returncode == 0 and "--lang CODE" in shown_help.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "game", "--lang", "klingon", "--frames", "1"],
        cwd=ROOT,
        env=smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "unknown language 'klingon'" in refused.stderr


def test_lang_is_harmless_with_headless(tmp_path: Path) -> None:
    """The terminal's results stay English; a language whose catalogue is missing is a warning, not a failure."""
    result = subprocess.run(
        [sys.executable, "-m", "game", "--headless", "--ai", "random,random", "--seed", "1", "--lang", "hu"],
        cwd=ROOT,
        env=smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "random #1" in result.stdout


# ---------------------------------------------------------------------------- the language at start
def test_the_language_at_start_is_lang_then_the_setting_then_the_systems(
    catalogue: Callable[[str, dict], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue("hu", HUNGARIAN)
    catalogue("ja", {})
    assert start_language("ja", "hu") == "ja"
    assert start_language(None, "hu") == "hu"
    monkeypatch.setenv("LANGUAGE", "ja_JP.UTF-8")
    assert start_language(None, "") == "ja"
    monkeypatch.setenv("LANGUAGE", "en")
    assert start_language(None, "") == "en"


def test_a_missing_catalogue_at_start_falls_back_to_english_with_a_warning(
    catalogue: Callable[[str, dict], None], capsys: pytest.CaptureFixture[str], make_app: MakeApp
) -> None:
    catalogue("hu", HUNGARIAN)
    i18n.set_language("hu")
    assert start_language(None, "zh") == "en", "zh has no catalogue here"
    warning = capsys.readouterr().err.strip().splitlines()
    assert len(warning) == 1 and "zh" in warning[0] and "English" in warning[0]
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"language": "fa"}', encoding="utf-8")
    driver = make_app()
    driver.app.start()
    driver.step()
    assert i18n.language() == "en" and isinstance(driver.scene, MenuScene)
    assert "fa" in capsys.readouterr().err


def test_lang_opens_the_window_in_that_language(catalogue: Callable[[str, dict], None], make_app: MakeApp) -> None:
    catalogue("hu", HUNGARIAN)
    driver = make_app(lang="hu")
    driver.app.start()
    driver.step()
    assert i18n.language() == "hu"
    assert shown(driver.scene.new_game.label) == "Új játék"
    assert persistence.load_settings().language == "", "the command line chooses for this session only"


# ---------------------------------------------------------------------------- the setting
def settings_screen(make_app: MakeApp) -> tuple[Driver, SettingsScene]:
    return menu_scene(make_app, pygame.K_s, SettingsScene)


def test_the_languages_are_offered_by_their_own_names(make_app: MakeApp, catalogue: Callable) -> None:
    _driver, scene = settings_screen(make_app)
    assert scene.language.options == list(i18n.LANGUAGES)
    assert [shown(label) for label in scene.language.labels] == list(i18n.LANGUAGES.values())
    assert scene.language.options[scene.language.index] == "en"


def test_a_chosen_language_applies_at_once_and_is_kept(
    make_app: MakeApp, catalogue: Callable[[str, dict], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue("hu", HUNGARIAN)
    driver, scene = settings_screen(make_app)
    texts = record_texts(monkeypatch, scene.ui.text)
    laid_out: list[tuple[int, int]] = []
    relayout = scene.layout
    monkeypatch.setattr(scene, "layout", lambda size: (laid_out.append(size), relayout(size)))
    driver.click(scene.language.segments()[scene.language.options.index("hu")].center)
    assert i18n.language() == "hu"
    assert laid_out, "the scenes are laid out again for the new words"
    assert persistence.load_settings().language == "hu", "saved at once"
    screen = Recording(driver.app.size, texts)
    scene.draw(screen)
    words = {text for text, _ in screen.placed}
    assert {"Beállítások", "Nyelv", "Hanghatások", "Automatikusan mentve"} <= words, words
    assert "Settings" not in words and "Sound effects" not in words
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    assert shown(driver.scene.new_game.label) == "Új játék", "the menu built before the change speaks it too"
    i18n.set_language("en")
    again = make_app()  # the next session starts in the language chosen
    assert again.app.settings.language == "hu" and i18n.language() == "hu"


def test_a_language_without_its_catalogue_leaves_the_choice_as_it_was(
    make_app: MakeApp, catalogue: Callable[[str, dict], None]
) -> None:
    driver, scene = settings_screen(make_app)
    driver.click(scene.language.segments()[scene.language.options.index("zh")].center)
    assert i18n.language() == "en" and scene.language.options[scene.language.index] == "en"
    assert persistence.load_settings().language == ""


def test_the_language_setting_is_checked_when_read(home: Path) -> None:
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for saved, read in (('"ja"', "ja"), ('"xx"', ""), ("[1]", ""), ('""', ""), ("3", "")):
        path.write_text(f'{{"language": {saved}, "sound": false}}', encoding="utf-8")
        settings = persistence.load_settings()
        assert settings.language == read and settings.sound is False


# ---------------------------------------------------------------------------- right to left
def test_persian_reads_from_the_right(make_app: MakeApp, catalogue: Callable[[str, dict], None]) -> None:
    """Right to left, a row's label starts at the right edge and its control moves to the left."""
    catalogue("fa", {})
    driver, scene = settings_screen(make_app)
    toggle_x, choice_x = scene.sound.rect.x, scene.language.segments()[0].x
    driver.click(scene.language.segments()[scene.language.options.index("fa")].center)
    assert i18n.is_rtl()
    assert scene.language.segments()[0].x > choice_x, "the first option is now on the right"
    assert scene.back.rect.x < scene.panel.centerx, "Done moved to the left"
    assert scene.sound.rect.x == toggle_x


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_right_to_left_screens_keep_their_words_apart(
    make_app: MakeApp, catalogue: Callable[[str, dict], None], monkeypatch: pytest.MonkeyPatch, size: tuple
) -> None:
    """The menu, the setup, the settings and the records, mirrored: no text leaves the window or its panel, and
    none runs into another."""
    catalogue("fa", {})
    driver = make_app(size=size)
    driver.app.start()
    i18n.set_language("fa")
    window = pygame.Rect((0, 0), size)
    for key in (None, pygame.K_n, pygame.K_s, pygame.K_l):
        if key is not None:
            driver.key(key)
        driver.step(2)
        texts = record_texts(monkeypatch, driver.scene.ui.text)
        screen = Recording(size, texts)
        driver.scene.ui.mouse = (-100, -100)
        draw_top_scene(screen, driver.app.stack.scenes)
        name = type(driver.scene).__name__
        assert screen.placed, name
        assert [label for label in screen.placed if not window.contains(label[1])] == [], name
        panel = getattr(driver.scene, "panel", None)
        if panel is not None:
            assert [label for label in screen.placed if not panel.inflate(2, 2).contains(label[1])] == [], name
        assert overlaps(screen.placed) == [], name
        if key is not None:
            driver.key(pygame.K_ESCAPE)


# ---------------------------------------------------------------------------- nothing past the catalogue
def extracted() -> set[tuple[str | None, str]]:
    """Every (context, message) the catalogues' extractor finds in the sources (a plural by its singular)."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogues.extracted() if m.id}


class Marking(MarkingCatalogue):
    """A catalogue that marks every message the sources mark for translation: «message»."""

    def __init__(self, known: set[tuple[str | None, str]]) -> None:
        super().__init__()
        self.known = known

    def said(self, context: str | None, message: str, form: str) -> str:
        return f"«{form}»" if (context, message) in self.known else form


def marked(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Put the marking catalogue in place; returns the set that collects the lines wrapped or cut from marked
    texts (a wrapped sentence's middle line has neither mark)."""
    monkeypatch.setattr(i18n, "_catalogue", Marking(extracted()))
    derived = note_derived(monkeypatch)
    return derived


def data_words(driver: Driver) -> set[str]:
    """What the screens show as it is: the players' names, the records' file names, the modules' keys, the
    languages' own names."""
    said: set[str] = set(i18n.LANGUAGES.values())
    for scene in driver.app.stack.scenes:
        table = getattr(scene, "table", None) or getattr(getattr(scene, "turn", None), "table", None)
        if table is not None:
            said.update(table.names)
        if isinstance(scene, LoadRecordScene):
            said.update(item.text for item in scene.list.items)
        if isinstance(scene, SetupScene):
            said.update(toggle.key for toggle in scene.toggles)
    return said


def elsewhere() -> list[str]:
    """Sentences of other files that the screens here show, not yet marked for the catalogues: the bots' names
    and descriptions (``game/client/table.py``: AGENT_LABELS, AGENT_TIPS, LEVEL_TIPS, and ``agent_label``) and the
    rule modules' summaries (``game/engine/modules/*.py``: ``summary``).  They are left to those files (and
    found by this test once the marking catalogue knows them, as it will when they are marked)."""
    from game.client.table import AGENT_LABELS, AGENT_TIPS, LEVEL_TIPS
    from game.engine.modules import MODULES

    known = extracted()
    found = [*AGENT_LABELS.values(), *AGENT_TIPS.values(), *LEVEL_TIPS.values()]
    found += [module.summary for module in MODULES.values()]
    return [text for text in found if (None, text) not in known]


def leaks(placed: list[tuple[str, pygame.Rect]], derived: set[str], data: set[str]) -> list[str]:
    """The texts with letters that did not come through the catalogue (a seat token's initials are data)."""

    def through(text: str) -> bool:
        return "«" in text or "»" in text or text in derived or text.rstrip("…") in derived

    return sorted(
        {
            text
            for text, _ in placed
            if any(ch.isalpha() for ch in text) and not through(text) and text not in data and len(text) > 2
        }
    )


def unmarked_tip(tip: str) -> bool:
    """A tooltip with words that did not come through the catalogue (a hotkey in brackets is a key's name)."""
    words = re.sub(r"\s*\[[^\]]*\]$", "", tip)
    return any(ch.isalpha() for ch in words) and "«" not in words and "»" not in words


def tooltips(driver: Driver, scene: object) -> list[str]:
    """The tooltip each of the scene's widgets (and each option of a row of choices) asks for when hovered."""
    asked: list[str] = []
    ui = driver.app.ui
    widgets: list[Widget] = [w for w in getattr(scene, "widgets", []) if w.visible]
    for widget in widgets:
        spots = widget.segments() if isinstance(widget, Choice) else [widget.rect]
        for spot in spots:
            ui.mouse = spot.center
            ui._tooltip_asked = None
            scene.draw(driver.app.screen)  # type: ignore[attr-defined]
            if ui._tooltip_asked is not None:
                asked.append(ui._tooltip_asked[0])
    ui.mouse = (-100, -100)
    return asked


MINE = {"menu", "setup", "settings", "game menu", "scoring", "game over"}


@pytest.mark.slow
def test_every_word_of_the_screens_comes_through_the_catalogue(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, catalogue: Callable
) -> None:
    derived = marked(monkeypatch)
    driver = make_app(size=(1280, 800))
    found: dict[str, list[str]] = {}

    def look(name: str) -> None:
        scene = driver.scene
        texts = record_texts(monkeypatch, scene.ui.text)
        screen = Recording(driver.app.size, texts)
        scene.ui.mouse = (-100, -100)
        draw_top_scene(screen, driver.app.stack.scenes)
        data = data_words(driver)
        said = leaks(screen.placed, derived, data)
        said += [f"tooltip: {tip}" for tip in tooltips(driver, scene) if unmarked_tip(tip)]
        said = [text for text in said if not left_to_others(text)]
        if said:
            found[name] = said

    later = [text.lower() for text in elsewhere()]

    def left_to_others(text: str) -> bool:
        return any(text.removeprefix("tooltip: ").rstrip("…").lower() in other for other in later)

    visit_screens(driver, look)
    driver.app.screens.show_menu()
    driver.key(pygame.K_l)
    look("records")
    assert {name: said for name, said in found.items() if name in MINE | {"records"}} == {}


def test_a_hotkey_in_a_tooltip_is_said_as_it_is(make_app: MakeApp) -> None:
    """ "[S]" after a tooltip is the key S, not the engine's notation for a south wall (it said "(wall south)")."""
    driver = make_app()
    driver.app.start()
    driver.step()
    scene = driver.scene
    assert isinstance(scene, MenuScene)
    assert tooltips(driver, scene)[-1] == "[Esc]"
    driver.app.ui.mouse = scene.settings.rect.center
    scene.draw(driver.app.screen)
    asked = driver.app.ui._tooltip_asked
    assert asked is not None and asked[0].endswith("fullscreen  [S]")


def test_buttons_switches_and_choices_say_their_words_when_drawn(make_app: MakeApp, catalogue: Callable) -> None:
    """A label given once is translated at every frame: a source sentence, or a function that says it."""
    catalogue("hu", HUNGARIAN)
    ui = make_app().app.ui
    button = Button(ui, "Settings", lambda: None)
    toggle = Toggle(ui, "Sound effects", True, lambda _value: None)
    choice = Choice(ui, "Language", ["1", "2"], 0, lambda _index: None)
    assert [shown(button.label), shown(toggle.label), shown(choice.label)] == ["Settings", "Sound effects", "Language"]
    i18n.set_language("hu")
    assert [shown(button.label), shown(toggle.label), shown(choice.label)] == ["Beállítások", "Hanghatások", "Nyelv"]
    assert [shown(label) for label in choice.labels] == ["1", "2"], "options without labels are shown as they are"
    assert shown("") == "", "never the catalogue's header"
