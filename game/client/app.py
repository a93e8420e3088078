"""The client's entry point (``run_client``) and the app: window, main loop, scene stack.

The language is chosen before the first scene (``start_language``: ``--lang``, else the saved setting, else
the system's) and may change while the game runs (the settings): every scene is laid out again before the
next frame, and every word is translated where it is drawn.

``run_client`` is the outermost layer and the only place that calls ``pygame.quit()``: tests
build an ``App`` directly and drive it frame by frame with ``step()``, and a quit inside would
de-initialise pygame under the next test.

The loop runs at 60 fps.  Nothing in it blocks: AI decisions run in the worker process
(``ai_worker``), saving a record takes a few milliseconds.  Quitting shuts the worker down
without waiting for a search in progress.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import time
import warnings
from collections.abc import Sequence

import pygame

from game import i18n
from game.engine import Game
from game.engine import record as records
from game.i18n import _

from . import modules, persistence, theme
from .ai_worker import AIWorker
from .scene import Scene, SceneStack
from .scenes.registry import Screens
from .scenes.setup import DEFAULT_NAME, default_name
from .sound import Sounds
from .sprites import Sprites, load_asset_bytes
from .table import Table, default_opponents
from .widgets import Text, Ui

TITLE = "Alhambra"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 600)
BASE_SIZE = (1280, 800)  # the layout's design size: ``Ui.scale`` is 1 here


def start_language(asked: str | None, saved: str) -> str:
    """Speak ``asked`` (``--lang``), else ``saved`` (the settings), else the system's language; English, with a
    line on stderr, when that language's catalogue is missing (a build that did not compile it).  Returns the
    language spoken."""
    code = asked or saved or i18n.system_language()
    try:
        if code != i18n.language():
            i18n.set_language(code)
    except (FileNotFoundError, ValueError) as error:
        print(f"alhambra: {error}; the game speaks English", file=sys.stderr)
        if i18n.language() != i18n.SOURCE_LANGUAGE:
            i18n.set_language(i18n.SOURCE_LANGUAGE)
    return i18n.language()


def run_client(args: argparse.Namespace) -> int:
    """Open the window and play; returns the process exit code."""
    app = App(args)
    try:
        return app.run()
    finally:
        app.close()
        pygame.quit()


class App:
    """Window, scenes, settings and the AI worker of one client session."""

    def __init__(self, args: argparse.Namespace, worker: AIWorker | None = None) -> None:
        self.args = args
        read = persistence.read_settings()
        self.settings = read.settings
        start_language(getattr(args, "lang", None), self.settings.language)  # a Namespace built by hand may lack it
        self._language_generation = i18n.generation()
        theme.use_colour_safe_seats(self.settings.colour_safe)
        self.speed_override: float | None = args.speed
        self.frames_left: int | None = args.frames
        self.fps = 60
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []
        self._owns_worker = worker is None
        self.worker = worker or AIWorker()
        self.notice: Text = ""  # a one-line message for the next scene to show (e.g. a failed --load)
        if read.problem:
            print(f"alhambra: {read.problem}", file=sys.stderr)
            problem = read.problem
            # TRANSLATORS: {reason} says in English what was wrong with the file and where it was kept
            self.notice = lambda: _("Your settings could not be read, so the defaults are used: {reason}").format(
                reason=problem
            )

        # The window's class names the game to the desktop (task bars, window lists).  pygame sets it on import to
        # the program's file name ("__main__.py") unless the environment names one; a name given there is kept.
        program = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
        for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            if os.environ.get(variable) in (None, program):
                os.environ[variable] = TITLE
        pygame.display.init()
        pygame.font.init()
        fonts = theme.Fonts()
        self.text = theme.TextCache(fonts)
        self.sounds = Sounds(self.settings.sound)
        self.sprites = Sprites(self.text)
        self.ui = Ui(self.text, self.sprites, self.sounds)
        self.fullscreen = bool(args.fullscreen or self.settings.fullscreen)
        self.windowed_size = tuple(args.size or self.settings.window or DEFAULT_SIZE)
        self.screen = self._open_window()
        missing = self.sprites.check(modules.ICONS)
        if missing:
            raise SystemExit(
                f"alhambra: {len(missing)} asset files are missing, e.g. assets/{missing[0]}; "
                "run 'python -m assets.generate'"
            )
        self.stack = SceneStack()
        self.screens = Screens(self)  # how scenes open other screens without importing them
        self._trace = bool(os.environ.get("ALHAMBRA_TRACE_SCENES"))  # the end-to-end test reads the screen names
        self._traced: type | None = None

    # ------------------------------------------------------------------ window
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(TITLE)
        try:
            icon = pygame.image.load(io.BytesIO(load_asset_bytes("ui/icon.png")), "icon.png")
            pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError):
            pass  # the check after opening the window names every missing asset
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = self._fit_desktop(self.windowed_size)
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._set_minimum_size()
        self._rescale(screen.get_size())
        return screen

    def _fit_desktop(self, size: tuple[int, int]) -> tuple[int, int]:
        """``size`` within the minimum and, unless --size asked for it exactly, within the screen.

        A 1280x800 window does not fit a 1366x768 laptop; a window taller than the screen hides
        the hand.  The dummy driver's made-up desktop (tests, benchmarks) is not a screen.
        """
        w, h = size
        if self.args.size is None and pygame.display.get_driver() not in ("dummy", "offscreen"):
            desktops = pygame.display.get_desktop_sizes()
            if desktops:
                w, h = min(w, desktops[0][0] - 40), min(h, desktops[0][1] - 80)
        return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)

    @staticmethod
    def _set_minimum_size() -> None:
        """Stop the window from shrinking below what the layout supports (where SDL allows it)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    def _rescale(self, size: tuple[int, int]) -> None:
        self.ui.scale = max(0.6, min(2.2, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (the user dragged it, or a test asks): reflow every scene."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.fullscreen:
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            else:
                self.screen = pygame.display.get_surface()
            self.windowed_size = size
            self.settings.window = list(size)
        self._rescale(size)
        self.stack.resize(size)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen on or off (F11, or the settings' switch, which asks for a state rather than a change)."""
        if on == self.fullscreen:
            return
        self.fullscreen = on
        self.settings.fullscreen = on
        self.screen = self._open_window()
        self.stack.resize(self.size)
        self.save_settings()

    # ------------------------------------------------------------------ settings
    @property
    def speed(self) -> float:
        return self.settings.speed if self.speed_override is None else self.speed_override

    def save_settings(self) -> None:
        try:
            persistence.save_settings(self.settings)
        except OSError as error:
            reason = str(error)
            self.notice = lambda: _("Settings could not be saved: {reason}").format(reason=reason)

    def set_language(self, code: str) -> bool:
        """Speak ``code`` from the next frame on and keep the choice; False (and nothing changes) if its
        catalogue is missing."""
        try:
            i18n.set_language(code)
        except (FileNotFoundError, ValueError) as error:
            print(f"alhambra: {error}", file=sys.stderr)
            return False
        self.settings.language = code
        self.save_settings()
        return True

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> None:
        self.stack.push(scene, self.size)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene, self.size)

    def show_menu(self) -> None:
        self.screens.show_menu()

    def play(self, table: Table) -> None:
        """Sit down at ``table``: the table scene, or the result if the game is already over."""
        self.worker.start()
        self.screens.show_table(table)

    def new_game(
        self, people: Sequence[str], opponents: Sequence[str], seed: int | None, modules: Sequence[str] = ()
    ) -> None:
        """A new game: ``people`` (their names) sit first, then the bots ``opponents``; ``modules`` are the rule
        modules chosen (``--modules`` or the setup screen)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        # --name's default, in the player's language
        people = [default_name() if name == DEFAULT_NAME and len(people) == 1 else name for name in people]
        table = Table.new(people, opponents, seed, modules)
        self.screens.choose_at_setup(table, lambda: self.play(table))  # the people's secret choices first, if any

    def open_game(self, game: Game) -> None:
        self.play(Table.from_game(game))

    def start(self) -> None:
        """The first scene, from the command line: a game to load, a game to start, or the menu."""
        args = self.args
        if args.load is not None:
            try:
                self.open_game(records.load(args.load))
                return
            except records.RecordError as error:
                print(f"alhambra: Could not load {args.load}: {error}", file=sys.stderr)
                reason = str(error)
                # TRANSLATORS: {reason} is the record reader's reason, in English (it names the file's fields)
                self.notice = lambda: _("Could not load {path}: {reason}").format(path=args.load, reason=reason)
        elif args.ai is not None or args.seed is not None or getattr(args, "players", None):
            self.worker.start()
            modules = getattr(args, "modules", None) or ()  # a Namespace built by hand (tests) may lack it
            people = getattr(args, "players", None)
            if people:  # the people named, then the bots named (none: a table of people only)
                self.new_game(people, list(args.ai or ()), args.seed, modules)
            else:
                self.new_game([args.name], list(args.ai or default_opponents()), args.seed, modules)
            return
        self.show_menu()

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        self.start()
        self.step()
        if os.environ.get("ALHAMBRA_TIMING"):
            print(f"first-frame {time.time():.6f}", flush=True)
        # The worker starts once the first frame is up: the menu appears at once, and the agents are
        # imported in the other process while the player reads it.
        if self.running:
            self.worker.start()
        while self.running:
            self.step()
        return 0

    def step(self) -> None:
        """One frame: events, update, draw, flip; then the frame limit of ``--frames``."""
        dt = self.clock.tick(self.fps) / 1000.0
        started = time.perf_counter()
        dt = min(dt, 0.1)  # a stall (window drag, debugger) must not make animations jump
        self.ui.time += dt
        for event in pygame.event.get():
            self.dispatch(event)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        if i18n.generation() != self._language_generation:  # a new language: every scene's words take new room
            self._language_generation = i18n.generation()
            self.stack.resize(self.size)
        top = self.stack.top
        if self._trace and type(top) is not self._traced:
            self._traced = type(top)
            print(f"scene {self._traced.__name__}", flush=True)
        self.stack.draw(self.screen)
        self.ui.draw_tooltip(self.screen)
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - started)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        # Leave the GIL to the worker pool's threads once a frame: they hand decisions to the AI process and
        # take its answers back.  The frame limit's wait usually does that, but a frame that runs over its
        # budget (a slow machine, a large window, the tests' uncapped frames) waits nothing, and then a
        # greedy bot's 1.4 ms decision came back after up to 11 s (measured in docs/MEASUREMENTS.md).
        time.sleep(0)
        if self.frames_left is not None:
            self.frames_left -= 1
            if self.frames_left <= 0:
                self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.ui.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.stack.top
        if top is not None:
            top.handle(event)

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Leave quickly and cleanly: stop the worker mid-search, keep the settings."""
        for scene in list(self.stack.scenes):
            scene.leave()
        if self._owns_worker:
            self.worker.shutdown()
        self.save_settings()
