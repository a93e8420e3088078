"""Keep the message catalogues: extract the template, update each language's ``.po``, compile the ``.mo``.

    python -m game.i18n.catalogues extract    # sources -> locale/alhambra.pot
    python -m game.i18n.catalogues update     # alhambra.pot -> every locale/<code>/LC_MESSAGES/alhambra.po
    python -m game.i18n.catalogues compile    # every .po -> its .mo (also done by setup.py at build/install)
    python -m game.i18n.catalogues check      # untranslated, fuzzy or obsolete entries, lost placeholders, and
                                              # GNU msgfmt --check where gettext is installed
    python -m game.i18n.catalogues todo CODE OUT.json        # what a translator still has to do, as JSON
    python -m game.i18n.catalogues fill CODE IN.json [...]   # their translations put back into the .po

Babel does the work (it is a build-time tool here: the game reads the ``.mo`` files with the standard
library).  The keywords are the game's: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext``, the
engine's ``mark`` and ``Message.of``, and ``IllegalAction``'s second argument (its template).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "alhambra.pot"
SOURCES = ("game", "ai")
KEYWORDS: dict[str, object] = {
    "_": None,
    "N_": None,
    "mark": None,
    "of": None,  # Message.of(template, **args)
    "say": None,
    "IllegalAction": (2,),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
TRANSLATED = ("fa", "zh", "ja", "hu")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "alhambra.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def extracted():  # -> babel.messages.catalog.Catalog
    """Every marked message of the game's sources, as Babel finds them."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Alhambra", version="0.1.0", charset="utf-8")
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source,
            method_map=[("**/i18n/catalogues.py", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS,  # type: ignore[arg-type]
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            catalog.add(message, None, [(f"{source}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def extract() -> int:
    """Every marked message of the game's sources into the template."""
    from babel.messages.pofile import write_po

    catalog = extracted()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, catalog, width=120, sort_output=False, omit_header=False)
    print(f"{len(catalog)} messages -> {TEMPLATE.relative_to(ROOT)}")
    return 0


def update() -> int:
    """Bring every language's catalogue in line with the template (new entries empty, gone ones obsolete)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    for code in TRANSLATED:
        path = po_path(code)
        if path.exists():
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=code)
        else:
            catalog = Catalog(locale=code, project="Alhambra", version="0.1.0", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.plural_forms  # noqa: B018  (Babel derives it from the locale)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=120, include_previous=False, ignore_obsolete=True)
        entries = [m for m in catalog if m.id]
        done = sum(1 for m in entries if all(m.string if isinstance(m.string, tuple) else (m.string,)))
        print(f"{code}: {done}/{len(entries)} translated")
    return 0


def compile_all(target: Path | None = None) -> list[Path]:
    """Each ``.po`` compiled to its ``.mo`` (under ``target`` instead of beside it, for a build directory)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for code in TRANSLATED:
        source = po_path(code)
        if not source.exists():
            continue
        with source.open("rb") as stream:
            catalog = read_po(stream, locale=code)
        destination = mo_path(code) if target is None else target / mo_path(code).relative_to(PACKAGE)
        destination.parent.mkdir(parents=True, exist_ok=True)
        with destination.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(destination)
    return written


def problems(code: str) -> list[str]:
    """What keeps ``code``'s catalogue from being complete: untranslated or fuzzy entries, entries the
    sources no longer have, and translations that drop or invent a placeholder."""
    from babel.messages.pofile import read_po

    with po_path(code).open("rb") as stream:
        catalog = read_po(stream, locale=code)
    with TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    found: list[str] = []
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    have = set()
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        have.add((key, message.context))
        name = f"{code}: {key!r}" + (f" [{message.context}]" if message.context else "")
        if message.fuzzy:
            found.append(f"{name} is fuzzy")
        if "python-format" in message.flags:
            found.append(
                f"{name}: GNU gettext takes it for a %-format ('%', a space and a letter, as in '% of'), and "
                "msgfmt --check refuses its translations: write 'percent' in the English"
            )
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            found.append(f"{name} is not translated")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids))
        for string in strings:
            got = set(PLACEHOLDER.findall(string))
            # a plural form may leave out the count when the language says it otherwise ("one tile")
            missing = expected - got - ({"n", "count"} if len(ids) > 1 else set())
            if missing or got - expected:
                found.append(f"{name}: placeholders {sorted(got)} where the source has {sorted(expected)}")
    for key, _context in sorted(wanted - have, key=str):
        found.append(f"{code}: {key!r} is missing")
    for key, _context in sorted(have - wanted, key=str):
        found.append(f"{code}: {key!r} is no longer in the sources")
    return found


def msgfmt_complaints(code: str) -> list[str] | None:
    """What GNU gettext's ``msgfmt --check`` (format strings, header, domain) says of ``code``'s catalogue, one line
    per warning or error, [] when it accepts the catalogue as it is; None when ``msgfmt`` is not installed."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return None
    done = subprocess.run(
        [msgfmt, "--check", "-o", os.devnull, str(po_path(code))],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C"},
        check=False,
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    if done.returncode and not said:
        said = [f"msgfmt exited with {done.returncode}"]
    return said


def _key(message) -> str:  # type: ignore[no-untyped-def]
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{msgid}" if message.context else msgid


def todo(code: str, out: str) -> int:
    """The entries of ``code`` still to translate, as JSON for a translator: key, context, English (and its
    plural), the translators' comments and where the message is used."""
    from babel.messages.pofile import read_po

    with po_path(code).open("rb") as stream:
        catalog = read_po(stream, locale=code)
    entries = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings) and not message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        entries.append(
            {
                "key": _key(message),
                "context": message.context,
                "english": ids[0],
                "english_plural": ids[1] if len(ids) > 1 else None,
                "plural_forms": catalog.num_plurals if len(ids) > 1 else None,
                "comments": list(message.auto_comments),
                "used_in": sorted({path for path, _ in message.locations}),
            }
        )
    Path(out).write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{code}: {len(entries)} entries to translate -> {out}")
    return 0


def fill(code: str, sources: list[str]) -> int:
    """Put translations into ``code``'s catalogue from JSON files mapping an entry's key (as ``todo`` gives
    it) to its translation (a list of forms for a plural entry)."""
    from babel.messages.pofile import read_po, write_po

    with po_path(code).open("rb") as stream:
        catalog = read_po(stream, locale=code)
    given: dict[str, object] = {}
    for source in sources:
        given.update(json.loads(Path(source).read_text(encoding="utf-8")))
    used = 0
    for message in catalog:
        if not message.id or _key(message) not in given:
            continue
        value = given[_key(message)]
        if isinstance(message.id, tuple):
            forms = list(value) if isinstance(value, list) else [value]
            forms += [forms[-1]] * (catalog.num_plurals - len(forms))
            message.string = tuple(forms[: catalog.num_plurals])
        else:
            message.string = value if isinstance(value, str) else value[0]
        message.flags.discard("fuzzy")
        used += 1
    with po_path(code).open("wb") as out:
        write_po(out, catalog, width=120, include_previous=False, ignore_obsolete=True)
    unknown = len(given) - used
    print(f"{code}: {used} translations put in" + (f", {unknown} keys not in the catalogue" if unknown else ""))
    return 0


def check() -> int:
    found = [problem for code in TRANSLATED for problem in problems(code)]
    for code in TRANSLATED:
        said = msgfmt_complaints(code)
        if said is None:
            print("msgfmt (GNU gettext) is not installed: its check is skipped (apt-get install gettext)")
            break
        found += [f"{code}: msgfmt: {line}" for line in said]
    for problem in found:
        print(problem)
    print(f"{len(found)} problems")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 3 and args[0] == "todo" and args[1] in TRANSLATED:
        return todo(args[1], args[2])
    if len(args) >= 3 and args[0] == "fill" and args[1] in TRANSLATED:
        return fill(args[1], args[2:])
    commands = {
        "extract": extract,
        "update": update,
        "compile": lambda: print(*compile_all(), sep="\n") or 0,
        "check": check,
    }
    if len(args) != 1 or args[0] not in commands:
        print(
            f"usage: python -m game.i18n.catalogues {{{','.join(commands)}}}\n"
            "       python -m game.i18n.catalogues todo CODE OUT.json\n"
            "       python -m game.i18n.catalogues fill CODE IN.json [IN.json ...]",
            file=sys.stderr,
        )
        return 2
    return commands[args[0]]()


if __name__ == "__main__":
    raise SystemExit(main())
