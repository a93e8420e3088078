"""The command line: ``python -m game [options]`` (also installed as ``alhambra``).

Bad options print the usage and exit with status 2, before anything starts.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from ai import UnknownAgent, agent_names, canonical_name
from game import i18n
from game.engine.game import name_problem, seed_problem
from game.engine.modules import CHOOSABLE, MODULES, RECORD_NAMES

DEFAULT_OPPONENTS = "mcts,greedy"
DEFAULT_NAME = "You"  # --name's default: the table says it in the player's language


def _agent_list(text: str) -> list[str]:
    names = [part for part in text.split(",")]
    try:
        return [canonical_name(name) for name in names]
    except UnknownAgent as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _module_list(text: str) -> tuple[str, ...]:
    """``vizier,huts`` -> the modules in the rule book's order (``CHOOSABLE``); ``all``; ``none`` or empty.

    A name given twice counts once.  Names of modules not built yet are refused by name.
    """
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if names == ["all"]:
        return CHOOSABLE
    if names in ([], ["none"]):
        return ()
    choose = f"choose from {', '.join(CHOOSABLE)}, or all"
    for name in names:
        if name in ("all", "none"):
            raise argparse.ArgumentTypeError(f"{name!r} stands alone, not in a list; {choose}")
        if name in RECORD_NAMES and name not in CHOOSABLE:
            raise argparse.ArgumentTypeError(f"the module {name!r} is not available in this version yet; {choose}")
        if name not in CHOOSABLE:
            raise argparse.ArgumentTypeError(f"unknown module {name!r}; {choose}")
    return tuple(name for name in CHOOSABLE if name in names)


def module_help() -> str:
    """The modules with their one-line summaries, for ``--help``."""
    lines = ["modules (--modules, comma-separated, or all; a name given twice counts once):"]
    lines += [f"  {name:<10} {MODULES[name].summary}" for name in CHOOSABLE]
    later = [name for name in RECORD_NAMES if name not in CHOOSABLE]
    if later:  # every module a record may name is offered once its client and AI are built
        lines.append(f"  not available in this version yet: {', '.join(later)}")
    return "\n".join(lines)


def _language(text: str) -> str:
    """A code of the game's languages (``fa``, ``zh``...), any case."""
    code = text.strip().lower()
    if code not in i18n.LANGUAGES:
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; choose from {', '.join(i18n.LANGUAGES)}")
    return code


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if width < 800 or height < 600:
        raise argparse.ArgumentTypeError("the window must be at least 800x600")
    return width, height


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def _seed(text: str) -> int:
    """A seed the game's record can hold (``engine.game.seed_problem``: below 2**64 in size)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


def _name(text: str) -> str:
    """A name the game's record can hold (``engine.game.name_problem``: one line of up to 64 characters)."""
    problem = name_problem(text, "your name")
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


MAX_PLAYERS = 6
MIN_PLAYERS = 2


def _people(text: str) -> list[str]:
    """``Ann,Bob``: the people at the screen, by name (each one a name the record can hold, no two alike)."""
    names = [part.strip() for part in text.split(",")]
    if "" in names:
        raise argparse.ArgumentTypeError(f"every person needs a name: one is empty in {text!r}")
    for name in names:
        problem = name_problem(name, "a player's name")
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"two people share a name in {text!r}: the table tells them apart by it")
    if len(names) > MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"Alhambra is played by 2 to 6 players; --players names {len(names)}")
    return names


def _speed(text: str) -> float:
    if text == "instant":
        return 0.0
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed is a factor like 1, 2 or 0.5, or 'instant'; not {text!r}") from None
    if not 0 < value <= 10:
        raise argparse.ArgumentTypeError("speed must be between 0 (exclusive) and 10, or 'instant'")
    return value


MAX_THINK_SECONDS = 60.0  # a cap above every level's own time (expert: 3 s) caps nothing, but is no typo either


def _think(text: str) -> float:
    """Seconds a bot may think about a decision: a number above 0, at most ``MAX_THINK_SECONDS``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds such as 0.5, not {text!r}") from None
    if not 0 < value <= MAX_THINK_SECONDS:
        raise argparse.ArgumentTypeError(f"thinking time must be above 0 and at most {MAX_THINK_SECONDS:g} s")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="alhambra",
        description="Alhambra, the tile-laying board game by Dirk Henn, against computer opponents.",
        epilog=f"agents: {', '.join(agent_names())}.\nTwo players play with Dirk, the neutral collector.\n\n"
        + module_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--ai",
        type=_agent_list,
        metavar="LIST",
        help=f"comma-separated agents: your opponents (default {DEFAULT_OPPONENTS}; with --players, the bots "
        "after the people, none by default), or with --headless every player (2 to 6)",
    )
    parser.add_argument(
        "--players",
        type=_people,
        metavar="NAMES",
        help="comma-separated names of the people sharing this screen, e.g. Ann,Bob: they sit first, then the "
        "bots of --ai (if any); 2 to 6 seats in all",
    )
    parser.add_argument(
        "--modules",
        type=_module_list,
        metavar="LIST",
        help="comma-separated rule modules of expansions 1 to 4 and the 2024 edition (listed below), or all; "
        "in the window they start the game with --ai or --seed, else the setup screen preselects them",
    )
    parser.add_argument("--seed", type=_seed, help="seed of the deal, a whole number below 2**64 (default: random)")
    parser.add_argument("--headless", action="store_true", help="play AI-only games in the terminal")
    parser.add_argument("--games", type=_positive, default=1, help="with --headless: play a tournament of N games")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help="with --headless: processes for a tournament (at most one a game and one a core: more are not started)",
    )
    parser.add_argument(
        "--think",
        type=_think,
        metavar="SECONDS",
        help="with --headless: the most seconds any bot thinks about a move (a slow machine plays at its pace; "
        "in the window, the settings' Bot thinking time)",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="write the game's record to FILE: with --headless, of its one game; in the window, of the game you "
        "play, when it ends",
    )
    parser.add_argument("--records", type=Path, metavar="DIR", help="with --games: write every game's record here")
    parser.add_argument(
        "--results",
        type=Path,
        metavar="FILE",
        help="with --games: keep every game's result in FILE as it ends; run the same command again to "
        "play only the games FILE lacks (a long tournament over several sittings)",
    )
    parser.add_argument("--load", type=Path, metavar="FILE", help="load a saved game or record")
    parser.add_argument(
        "--name",
        type=_name,
        default=DEFAULT_NAME,
        help="your name at the table (one line, up to 64 characters); several people: --players",
    )
    parser.add_argument("--speed", type=_speed, help="animation speed factor (1 normal, 2 fast) or 'instant'")
    parser.add_argument(
        "--lang",
        type=_language,
        metavar="CODE",
        help=f"the game's language, one of {', '.join(i18n.LANGUAGES)} (default: the one chosen in the settings, "
        "else the system's; the command line's own output stays English)",
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x800")
    parser.add_argument("--frames", type=_positive, metavar="N", help="run N frames and exit (smoke tests)")
    return parser


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.load and args.modules is not None:
        parser.error("--load opens a game with the modules it was played with; --modules cannot change them")
    if args.headless:
        if args.ai is None:
            parser.error("--headless needs --ai with every player, e.g. --ai greedy,random")
        if not 2 <= len(args.ai) <= 6:
            parser.error(f"Alhambra is played by 2 to 6 players; --ai names {len(args.ai)}")
        if args.record and args.games > 1:
            parser.error("--record writes one game; use --records DIR with --games")
        if args.results and args.games == 1:
            parser.error("--results keeps a tournament's games: use it with --games N")
        if args.results and args.seed is None:
            parser.error("--results resumes a tournament by its seed: give --seed too")
        if args.load:
            parser.error("--load opens a saved game in the window; it cannot be combined with --headless")
        if args.players:
            parser.error("--players seats people at the window; --headless plays bots only")
    else:
        if args.players is not None:
            seats = len(args.players) + len(args.ai or ())
            if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
                parser.error(
                    f"Alhambra is played by 2 to 6 players; --players and --ai seat {seats} "
                    "(people first, then the bots)"
                )
            if args.name != DEFAULT_NAME:
                parser.error("--name is the one person's name; with --players, name everyone there")
            if args.load:
                parser.error("--load opens a game with the seats it was played with; --players cannot change them")
        elif args.ai is not None and not 1 <= len(args.ai) <= 5:
            parser.error(f"you play against 1 to 5 opponents; --ai names {len(args.ai)}")
        for option in ("games", "workers"):
            if getattr(args, option) != 1:
                parser.error(f"--{option} needs --headless")
        for option in ("records", "results", "think"):
            if getattr(args, option):
                parser.error(f"--{option} needs --headless")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.headless:
        return run_headless(args)
    from game.client.app import run_client  # imports pygame: only when a window is wanted

    return run_client(args)


def run_headless(args: argparse.Namespace) -> int:
    if args.lang is not None and args.lang != i18n.language():
        try:  # the results printed here stay English; the language is set for whatever says a sentence
            i18n.set_language(args.lang)
        except FileNotFoundError as error:
            print(f"alhambra: {error}; the game speaks English", file=sys.stderr)
    from game.engine import GameConfig, Seat
    from game.engine import record as records
    from game.headless import modules_line, play_game, result_lines, standings_table, tournament
    from game.results_log import ResultsFileError, ResultsLog, TournamentKey

    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little") >> 1
    modules = args.modules or ()
    if args.games == 1:
        seats = tuple(Seat(f"{name} #{i + 1}", name) for i, name in enumerate(args.ai))
        game, _ = play_game(GameConfig(seed=seed, seats=seats, modules=modules), think_limit=args.think)
        print("\n".join(result_lines(game)))
        if args.record:
            records.save(game, args.record)
            print(f"record written to {args.record}")
        return 0
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    if args.workers > 1 and any(name.endswith(":expert") for name in args.ai):
        print(
            "note: mcts:expert searches on every spare core; with more than one game at a time its games "
            "share the cores (use --workers 1 to measure it)",
            file=sys.stderr,
        )

    def progress(done: int, _summary: object) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{args.games} games", end="", file=sys.stderr, flush=True)

    results = None
    if args.results:
        try:
            results = ResultsLog.open(args.results, TournamentKey(tuple(args.ai), seed, tuple(modules), args.think))
        except ResultsFileError as error:
            print(f"alhambra: {error}", file=sys.stderr)
            return 2
    try:
        with results or contextlib.nullcontext():
            standings = tournament(
                args.ai,
                args.games,
                seed,
                workers=args.workers,
                records_dir=args.records,
                progress=progress,
                modules=modules,
                results=results,
                think_limit=args.think,
            )
    except KeyboardInterrupt:
        if results is None:
            raise
        print(f"\nstopped: the games that ended are kept in {args.results}; the same command goes on", file=sys.stderr)
        return 130
    if sys.stderr.isatty():
        print(file=sys.stderr)
    thinking = f"; bots think at most {args.think:g} s a move" if args.think else ""
    print(f"{args.games} games, seed {seed}: {', '.join(args.ai)}; {modules_line(modules)}{thinking}")
    if results:
        earlier = sum(1 for index in results.played if index < args.games)
        now = args.games - earlier
        print(f"({earlier} of these games were played by earlier runs, {now} now; all are in {args.results})")
    print("\n".join(standings_table(standings, len(args.ai))))
    return 0
