"""``--modules`` on the command line: parsing, usage errors, and headless games with the modules on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import cli
from game.cli import build_parser, main, parse
from game.engine import record as records
from game.engine.modules import CHOOSABLE, MODULES, NOT_OFFERED_YET, PLAYABLE, RECORD_NAMES


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Parse ``argv``, expect exit status 2; return what was printed on stderr."""
    with pytest.raises(SystemExit) as exit_info:
        parse(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: alhambra")
    return err


@pytest.mark.parametrize(
    ("text", "modules"),
    [
        ("vizier", ("vizier",)),
        ("huts,vizier", ("vizier", "huts")),  # the rule book's order, whatever the order given
        ("bonus, Exchange", ("exchange", "bonus")),
        ("huts,huts", ("huts",)),  # a name given twice counts once (--help says so)
        ("all", CHOOSABLE),
        ("none", ()),
        ("", ()),
    ],
)
def test_module_lists_parse_to_choosable_order(text: str, modules: tuple[str, ...]) -> None:
    assert parse(["--modules", text]).modules == modules
    assert parse(["--headless", "--ai", "random,random", "--modules", text]).modules == modules


def test_without_modules_the_option_is_none() -> None:
    assert parse([]).modules is None


def test_all_is_every_built_module() -> None:
    # the thirteen less Dirk, in the rule book's order; a module the engine plays but setup does not offer yet would
    # not be among them
    assert parse(["--modules", "all"]).modules == CHOOSABLE
    assert tuple(name for name in PLAYABLE if name not in NOT_OFFERED_YET) == CHOOSABLE
    assert CHOOSABLE == (
        "vizier",
        "exchange",
        "huts",
        "bonus",
        "camps",
        "bazaars",
        "falcons",
        "gates",
        "change",
        "thieves",
        "walls",
        "chests",
        "traders",
    )


def test_an_unknown_module_is_a_usage_error_naming_the_modules(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["--headless", "--ai", "random,random", "--modules", "vizier,dragons"], capsys)
    assert "unknown module 'dragons'" in err
    for name in CHOOSABLE:
        assert name in err


def test_a_module_not_built_yet_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every module RECORD.md names is offered once the client and the AI know it; one that is not yet (as the 2024
    edition's were) is refused by name."""
    assert set(RECORD_NAMES) == set(CHOOSABLE) | set(NOT_OFFERED_YET)
    for name in NOT_OFFERED_YET:
        assert f"{name!r} is not available in this version yet" in usage_error(["--modules", f"vizier,{name}"], capsys)
    monkeypatch.setattr(cli, "CHOOSABLE", tuple(name for name in CHOOSABLE if name != "bazaars"))
    err = usage_error(["--modules", "vizier,bazaars"], capsys)
    assert "'bazaars' is not available in this version yet" in err


def test_all_inside_a_list_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "stands alone" in usage_error(["--modules", "all,huts"], capsys)


def test_load_with_modules_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--load" in usage_error(["--load", "game.json", "--modules", "huts"], capsys)


def test_help_lists_every_module_with_its_summary() -> None:
    text = build_parser().format_help()
    for name in CHOOSABLE:
        assert f"{name:<10} {MODULES[name].summary}" in text
    for name in RECORD_NAMES:
        assert name in text


def test_a_headless_game_with_all_modules_ends_and_its_record_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    argv = ["--headless", "--ai", "random,random,random", "--seed", "3", "--modules", "all", "--record", str(path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "modules: vizier, exchange, huts, bonus" in out
    assert json.loads(path.read_text())["config"]["modules"] == list(CHOOSABLE)
    game = records.load(path)
    assert game.state.is_over and game.config.modules == CHOOSABLE


def test_a_headless_game_without_modules_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--headless", "--ai", "random,random", "--seed", "4"]) == 0
    assert "no modules" in capsys.readouterr().out


def test_a_tournament_with_modules_writes_them_in_every_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--headless", "--ai", "random,random", "--seed", "5", "--games", "2", "--modules", "huts,vizier"]
    assert main([*argv, "--records", str(tmp_path)]) == 0
    assert "2 games, seed 5: random, random; modules: vizier, huts" in capsys.readouterr().out
    saved = sorted(tmp_path.glob("game-*.json"))
    assert len(saved) == 2
    for path in saved:
        assert json.loads(path.read_text())["config"]["modules"] == ["vizier", "huts"]
