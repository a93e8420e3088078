"""The game in the rule books' languages: the current language and its message catalogue.

Every visible sentence goes through ``_`` (or ``ngettext``/``pgettext``) at the moment it is drawn, never
when a module is imported: the language can change while the game runs ([issue 18]: "a language change
applies without restarting"), so a string translated once and kept would stay in the old language.
Sentences written at module level are marked with ``N_`` (which returns them unchanged) so that Babel's
extractor finds them, and translated where they are shown.

The catalogues are GNU gettext files: ``locale/<code>/LC_MESSAGES/alhambra.po``, written by translators,
compiled to ``.mo`` by Babel when the package is built or installed (``setup.py``) and read here with the
standard library's ``gettext`` (no Babel at run time).  English is the source language: its catalogue is
the identity, so ``en`` needs no file.

Messages are whole sentences with named placeholders (``"{player} buys {tile}"``), formatted after
translation, so that no English word order is built in code.
"""

from __future__ import annotations

import gettext as _gettext
import locale as _locale
import os
from collections.abc import Callable
from importlib import resources

DOMAIN = "alhambra"
SOURCE_LANGUAGE = "en"
# Each language by its own name (a player looks for their language written in it).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fa": "فارسی",
    "zh": "简体中文",
    "ja": "日本語",
    "hu": "Magyar",
}
RIGHT_TO_LEFT = frozenset({"fa"})

_current = SOURCE_LANGUAGE
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
_generation = 0  # bumped on every change, so that layouts cached per language know to redo themselves
_listeners: list[Callable[[str], None]] = []


def catalogue_path(code: str) -> resources.abc.Traversable:
    """Where the compiled catalogue of ``code`` lies inside the package (also in the frozen build)."""
    return resources.files(__package__).joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")


def load_catalogue(code: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``code``; English is the identity.  A missing catalogue is an error:
    a build that forgot to compile one must not quietly show English to a player who chose Persian."""
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    path = catalogue_path(code)
    try:
        with path.open("rb") as stream:
            return _gettext.GNUTranslations(stream)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"the {code} catalogue was not compiled ({path}); "
            "install the package, or run python -m game.i18n.catalogues compile"
        ) from None


def set_language(code: str) -> None:
    """Switch every later ``_`` call to ``code`` (one of LANGUAGES) and tell the listeners."""
    global _current, _catalogue, _generation
    catalogue = load_catalogue(code)
    _current, _catalogue = code, catalogue
    _generation += 1
    for listener in list(_listeners):
        listener(code)


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every language change (fonts and cached layouts follow the language)."""
    _listeners.append(listener)


def language() -> str:
    return _current


def generation() -> int:
    """A number that changes with every language change: part of the key of anything laid out in words."""
    return _generation


def is_rtl(code: str | None = None) -> bool:
    """Whether ``code`` (default: the current language) is written right to left."""
    return (code or _current) in RIGHT_TO_LEFT


def system_language() -> str:
    """The user's language as the system says it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the locale
    module), if the game has it; English otherwise."""
    candidates: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            candidates.extend(value.split(":"))
    try:
        found = _locale.getlocale()[0]
    except ValueError:
        found = None
    if found:
        candidates.append(found)
    for candidate in candidates:
        code = candidate.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            continue
    return SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalogue.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for it, which extractors know
    """Mark ``message`` for the catalogues without translating it now (it is translated where it is shown)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language (its placeholders still to fill)."""
    return _catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, for a short word whose meaning needs its ``context``."""
    return _catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _catalogue.npgettext(context, singular, plural, count)


def say(template: str, **args: object) -> str:
    """``template`` translated, then its named placeholders filled."""
    return _(template).format(**args)


__all__ = [
    "LANGUAGES",
    "N_",
    "RIGHT_TO_LEFT",
    "_",
    "generation",
    "is_rtl",
    "language",
    "ngettext",
    "npgettext",
    "on_change",
    "pgettext",
    "say",
    "set_language",
    "system_language",
]
