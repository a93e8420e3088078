"""The MCTS benchmark runs and prints a figure for every table size (its figures are not checked: no timed tests)."""

from __future__ import annotations

import pytest

from ai.bench import main


def test_the_mcts_benchmark_prints_iterations_per_second_for_every_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--positions", "1", "--iterations", "12"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "MCTS, 2 players",
        "MCTS, 3 players",
        "MCTS, 4 players",
        "MCTS, 2 players, hard",
        "MCTS, 4 players, hard",
    ]
    assert all(float(line.split(":")[1].split()[0]) > 0 for line in lines)
    assert "12 iterations each" in lines[0]


def test_the_mcts_benchmark_takes_a_time_or_an_iteration_count_not_both() -> None:
    with pytest.raises(SystemExit):
        main(["--seconds", "0.1", "--iterations", "10"])


def test_the_search_fingerprint_is_the_same_for_the_same_work_and_differs_for_other_work(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two runs of the same fixed searches print the same hash; a different amount of search another one."""
    main(["--fingerprint", "--positions", "1", "--iterations", "8"])
    main(["--fingerprint", "--positions", "1", "--iterations", "8"])
    main(["--fingerprint", "--positions", "1", "--iterations", "60"])
    first, second, third = (line.split(": ")[1] for line in capsys.readouterr().out.splitlines())
    assert first == second != third and len(first) == 64


@pytest.mark.slow
def test_the_mcts_benchmark_compares_the_modules_with_the_base_game_in_one_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--modules all``: per table size, the base game's rate, the rate with the modules and their ratio."""
    main(["--modules", "all", "--positions", "1", "--iterations", "6"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("modules: vizier, exchange, huts, bonus, camps, bazaars, falcons")
    assert [line.split(":")[0] for line in lines[1:]] == [
        "MCTS, 2 players",
        "MCTS, 3 players",
        "MCTS, 4 players",
        "MCTS, 2 players, hard",
        "MCTS, 4 players, hard",
    ]
    assert all("base game" in line and "with the modules" in line and "%" in line for line in lines[1:])
    with pytest.raises(SystemExit):
        main(["--modules", "castles", "--positions", "1", "--iterations", "6"])


@pytest.mark.slow
def test_the_search_fingerprint_of_module_games_is_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    """``--fingerprint --modules``: the same hash for the same module searches, named by the modules, and another
    one than the base game's (the searches are of other positions), so module speed-ups can show they search alike."""
    main(["--fingerprint", "--positions", "1", "--iterations", "8", "--modules", "huts,falcons"])
    main(["--fingerprint", "--positions", "1", "--iterations", "8", "--modules", "falcons,huts"])
    main(["--fingerprint", "--positions", "1", "--iterations", "8"])
    first, second, base = capsys.readouterr().out.splitlines()
    assert first.startswith("search fingerprint (huts, falcons): ")
    assert first == second
    assert base.split(": ")[1] != first.split(": ")[1]
