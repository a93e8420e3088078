"""Settings and saved games on disk, in the user's own directories (platformdirs).

Settings live in the user config dir (``settings.json``); the autosave and finished games' records
in the user data dir.  ``ALHAMBRA_CONFIG_DIR`` and ``ALHAMBRA_DATA_DIR`` override both, for tests
and for a portable install.  Saved games are ordinary ``alhambra-record/1`` records, so
"continue" is ``record.load`` and a crash loses at most the turn in progress.

A settings file that cannot be read (truncated, edited by hand, junk) yields the defaults for whatever
is wrong instead of stopping the game, and is never silently lost: ``read_settings`` moves it aside as
``settings.json.unreadable-<time>`` before the defaults are written, and says so once.  A missing file
is simply a first start.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from game.engine import Game
from game.engine import record as records
from game.engine.game import name_problem
from game.engine.modules import CHOOSABLE
from game.i18n import LANGUAGES

APP = "alhambra"
SPEEDS = (0.0, 0.5, 1.0, 2.0, 4.0)  # the settings screen's choices; 0 is instant
# The bots' thinking time, the settings screen's choices: None thinks as long as the level does (expert 3 s,
# hard 0.9 s), a number caps every bot's decision at that many seconds (``ai.make_agent``'s ``think_limit``).
THINK_LIMITS: tuple[float | None, ...] = (None, 1.0, 0.5, 0.2)


def config_dir() -> Path:
    return Path(os.environ.get("ALHAMBRA_CONFIG_DIR") or platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    return Path(os.environ.get("ALHAMBRA_DATA_DIR") or platformdirs.user_data_dir(APP, appauthor=False))


def records_dir() -> Path:
    return data_dir() / "records"


@dataclass
class Settings:
    """What the player chose once and expects to find again."""

    speed: float = 1.0
    sound: bool = True
    show_hands: bool = True  # the memory aid of [D-HIDDEN-1]: opponents' hands shown
    fullscreen: bool = False
    confirm_turn: bool = True  # the move that ends a turn waits for "End turn" (so it can be undone)
    show_log: bool = True
    large_log: bool = False  # the game log enlarged beside your Alhambra (L: as usual, large, hidden)
    colour_safe: bool = False  # seats in colours that stay apart for colour-blind players
    curtain: bool = True  # several people at one screen: a curtain before each one's decision hides the table
    name: str = "You"
    opponents: list[str] = field(default_factory=lambda: ["mcts:normal", "greedy"])  # "human": a person
    people: list[str] = field(default_factory=list)  # the names of the people in the opponents' seats, in order
    window: list[int] = field(default_factory=lambda: [1280, 800])
    modules: list[str] = field(default_factory=list)  # the rule modules last chosen at setup (RULES.md §9)
    language: str = ""  # a code of game.i18n.LANGUAGES; "" until the player picks one (then the system's)
    think_limit: float | None = None  # the most seconds a bot thinks about a decision; None: as its level

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        return cls.parse(data)[0]

    @classmethod
    def parse(cls, data: object) -> tuple[Settings, list[str]]:
        """The settings in ``data`` (a JSON object), and the names of the fields whose values were unusable and
        so are left at their defaults.  Fields that are missing (an older version's file) are not unusable."""
        settings = cls()
        if not isinstance(data, dict):
            return settings, ["the whole file"]
        unusable = []
        for item in fields(cls):
            if item.name not in data:
                continue
            value = data[item.name]
            default = getattr(settings, item.name)
            if item.name == "language":
                ok = value == "" or (isinstance(value, str) and value in LANGUAGES)  # "": not chosen yet
            elif item.name == "think_limit":
                ok = value in THINK_LIMITS and not isinstance(value, bool)
            elif isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10
            elif item.name == "name":  # what a game accepts (--name), so a name played with is read back
                ok = isinstance(value, str) and value != "" and name_problem(value) is None
            elif isinstance(default, str):
                ok = isinstance(value, str) and 0 < len(value) <= 24 and value.isprintable()
            elif item.name == "people":  # names a game accepts, up to five (the seats after yours)
                ok = (
                    isinstance(value, list)
                    and len(value) <= 5
                    and all(isinstance(v, str) and v != "" and name_problem(v) is None for v in value)
                )
            elif item.name == "modules":
                ok = isinstance(value, list) and len(value) == len(set(value)) and all(v in CHOOSABLE for v in value)
            elif item.name == "window":
                ok = (
                    isinstance(value, list)
                    and len(value) == 2
                    and all(isinstance(v, int) and 400 <= v <= 10000 for v in value)
                )
            else:
                ok = isinstance(value, list) and all(isinstance(v, str) for v in value) and 1 <= len(value) <= 5
            if ok:
                number = isinstance(default, float) or (item.name == "think_limit" and value is not None)
                setattr(settings, item.name, float(value) if number else value)
            else:
                unusable.append(item.name)
        return settings, unusable


MAX_SETTINGS_BYTES = 64 * 1024  # the file this program writes is under 1 KB; more is no settings file of ours


@dataclass(frozen=True)
class SettingsRead:
    """The settings read at start, and what went wrong reading them (one English line, "" for nothing)."""

    settings: Settings
    problem: str = ""
    kept: Path | None = None  # where the unreadable file was moved, so that the defaults do not overwrite it


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings (``read_settings`` without its report; an unreadable file is still moved aside)."""
    return read_settings().settings


def read_settings() -> SettingsRead:
    """The saved settings; for a file that cannot be read, the defaults (for what is wrong) and why.

    An unreadable file (broken JSON, junk, nesting too deep, values of the wrong type) is moved aside as
    ``settings.json.unreadable-<time>`` so that the next save does not destroy what the player may want to
    mend by hand; one that cannot even be opened (a folder in its place, no permission) is left where it is.
    """
    path = settings_path()
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return SettingsRead(Settings())
    except OSError as error:
        return SettingsRead(Settings(), f"the settings file {path} cannot be read ({error.strerror or error})")
    reason = ""
    settings = Settings()
    if len(raw) > MAX_SETTINGS_BYTES:
        reason = f"it is larger than {MAX_SETTINGS_BYTES // 1024} KB"
    else:
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            reason = "it is not UTF-8 text"
        except RecursionError:
            reason = "its JSON is nested too deeply"
        except ValueError as error:  # JSONDecodeError, or a number of too many digits
            reason = f"it is not valid JSON ({str(error)[:60]})"
        else:
            settings, unusable = Settings.parse(data)
            if unusable:
                reason = f"unusable values for {', '.join(unusable)}"
    if not reason:
        return SettingsRead(settings)
    kept = path.with_name(f"{path.name}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        path.replace(kept)
    except OSError:
        return SettingsRead(
            settings,
            f"the settings file {path} could not be read: {reason}; defaults are used for what could not be read",
        )
    return SettingsRead(
        settings,
        f"the settings file could not be read: {reason}; defaults are used for what could not be read, and the "
        f"file is kept as {kept}",
        kept,
    )


def save_settings(settings: Settings) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    records.write_atomically(path, json.dumps(asdict(settings), indent=2))


# ---------------------------------------------------------------------------- saved games
def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def has_autosave() -> bool:
    return autosave_path().is_file()


def autosave(game: Game) -> None:
    """Write the game in progress (atomic: ``record.save`` writes a scratch file and renames it)."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    records.save(game, path)


def clear_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


def save_finished(game: Game) -> Path:
    """Save a finished game's record under a name that sorts by date; return the path."""
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"alhambra-{stamp}-seed{game.config.seed}.json"
    records.save(game, path)
    return path


def save_record(game: Game, path: Path) -> None:
    """Write ``game``'s record to ``path`` (``--record``): a folder is made for it if need be."""
    path.parent.mkdir(parents=True, exist_ok=True)
    records.save(game, path)


def record_files(*folders: Path) -> list[Path]:
    """The ``.json`` files in ``folders`` (and the records folder under each), newest first."""
    found: dict[Path, float] = {}
    for folder in folders:
        for place in (folder, folder / "records"):
            try:
                for path in place.glob("*.json"):
                    if path.is_file():
                        found[path.resolve()] = path.stat().st_mtime
            except OSError:
                continue
    return sorted(found, key=lambda p: -found[p])
