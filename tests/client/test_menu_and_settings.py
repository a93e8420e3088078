"""The title screen, setup, settings, loading records and continuing a saved game, through events."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from driver import Driver, MakeApp

from game.client import persistence
from game.client.persistence import Settings
from game.client.scenes.load_record import LoadRecordScene
from game.client.scenes.menu import MenuScene
from game.client.scenes.rules_help import RulesScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.turn import TurnScene
from game.engine.modules import dirk


def menu(make_app: MakeApp) -> Driver:
    driver = make_app()
    driver.app.start()
    driver.step()
    assert isinstance(driver.scene, MenuScene)
    return driver


def test_continue_is_greyed_out_without_a_saved_game(make_app: MakeApp) -> None:
    driver = menu(make_app)
    assert not driver.scene.continue_game.enabled
    driver.click(driver.scene.continue_game.rect.center)
    assert isinstance(driver.scene, MenuScene)


def test_new_game_setup_with_name_seed_and_opponents(make_app: MakeApp) -> None:
    driver = menu(make_app)
    driver.click_widget("new_game")
    scene = driver.scene
    assert isinstance(scene, SetupScene)
    driver.click(scene.name.rect.center)
    for _ in range(5):
        driver.key(pygame.K_BACKSPACE)
    driver.type("Ada")
    driver.click(scene.seed.rect.center)
    driver.type("42x")  # letters are refused in the seed field
    segment = scene.count.segments()[0]  # one opponent: Dirk joins
    driver.click(segment.center)
    row = scene.rows[0]
    driver.click(row.kind.segments()[row.kind.options.index("random")].center)
    assert scene.opponents == ["random"]
    driver.click_widget("start")
    table_scene = driver.scene
    assert isinstance(table_scene, TurnScene)
    config = table_scene.table.game.config
    assert config.seed == 42
    assert config.seats[0].name == "Ada" and config.seats[0].agent == "human"
    assert dirk.of(table_scene.state) is not None
    saved = json.loads(persistence.settings_path().read_text())
    assert saved["name"] == "Ada" and saved["opponents"] == ["random"]


def test_setup_offers_only_bots_and_says_dirk_plays_with_two(make_app: MakeApp) -> None:
    from game.client.scenes.setup import agent_kinds

    assert "human" not in agent_kinds()
    driver = menu(make_app)
    driver.key(pygame.K_n)
    scene = driver.scene
    driver.click(scene.count.segments()[0].center)
    driver.step()
    assert scene.count.index == 0  # the screen then explains Dirk (checked in the render tests)


def test_setup_explains_each_kind_of_bot_and_level_with_its_strength(make_app: MakeApp) -> None:
    """Hovering Random, Beginner, Greedy or MCTS, or a level, says what that bot does and, for a rung of the ladder,
    how strong it measured (``table.LADDER_STRENGTH``)."""
    from game.client.table import LADDER_STRENGTH

    driver = menu(make_app)
    driver.key(pygame.K_n)
    scene = driver.scene
    assert isinstance(scene, SetupScene)
    row = scene.rows[0]

    def tip_over(rect: pygame.Rect) -> str:
        driver.app.ui.mouse = rect.center
        driver.step(1)
        asked = driver.app.ui._tooltip
        return asked[0] if asked is not None else ""

    kinds = dict(zip(row.kind.options, row.kind.segments(), strict=True))
    assert "any legal move" in tip_over(kinds["random"]) and "%" not in tip_over(kinds["random"])
    beginner, greedy = tip_over(kinds["beginner"]), tip_over(kinds["greedy"])
    assert "newcomer" in beginner and f"{LADDER_STRENGTH['beginner']} percent" in beginner
    assert "no planning" in greedy and f"{LADDER_STRENGTH['greedy']} percent" in greedy
    assert "many times" in tip_over(kinds["mcts"])
    if not row.level.visible:
        driver.click(kinds["mcts"].center)
        driver.step(1)
    levels = dict(zip(row.level.options, row.level.segments(), strict=True))
    for level in ("easy", "normal", "hard", "expert"):
        said = tip_over(levels[level])
        percent = LADDER_STRENGTH[f"mcts:{level}"]
        figure = f"{percent} percent" if percent is not None else "not measured yet"
        assert said.startswith(level.capitalize()) and figure in said, said


def test_settings_are_saved_and_read_back(make_app: MakeApp) -> None:
    driver = menu(make_app)
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    driver.click(scene.speed.segments()[0].center)  # Instant
    driver.click(scene.sound.rect.move(scene.sound.rect.w // 2 - 20, 0).center)
    driver.click(scene.hands.rect.move(scene.hands.rect.w // 2 - 20, 0).center)
    saved = persistence.load_settings()
    assert saved.speed == 0.0 and saved.sound is False and saved.show_hands is False
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    again = make_app()  # a new session reads them
    assert again.app.settings.speed == 0.0 and again.app.speed == 0.0


def test_the_fullscreen_switch_follows_f11_and_sets_what_it_shows(make_app: MakeApp) -> None:
    """F11 pressed in the settings moves the switch with it; a click on the switch then asks for the state it
    shows next (it once toggled blindly, turning fullscreen on while it showed ON over a window)."""
    driver = menu(make_app)
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    assert not driver.app.fullscreen and not scene.fullscreen.value
    driver.key(pygame.K_F11)
    assert driver.app.fullscreen and scene.fullscreen.value, "the switch shows ON with F11"
    assert persistence.load_settings().fullscreen
    switch = scene.fullscreen.rect.move(scene.fullscreen.rect.w // 2 - 20, 0).center  # laid out anew
    driver.click(switch)
    assert not driver.app.fullscreen and not scene.fullscreen.value, "a click on ON turns fullscreen off"
    driver.key(pygame.K_F11)
    driver.key(pygame.K_F11)
    assert not driver.app.fullscreen and not scene.fullscreen.value
    assert not persistence.load_settings().fullscreen


def test_a_broken_settings_file_gives_defaults(home) -> None:
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"speed": "fast", "sound": false, "window": [10, 10], "opponents": "x"', encoding="utf-8")
    assert persistence.load_settings() == Settings()
    path.write_text('{"speed": 2, "sound": false, "window": [10, 10], "opponents": ["greedy"]}', encoding="utf-8")
    loaded = persistence.load_settings()
    assert loaded.speed == 2.0 and loaded.sound is False and loaded.window == [1280, 800]
    assert loaded.opponents == ["greedy"]


def test_the_chosen_modules_are_remembered_and_checked(home) -> None:
    """The setup's last choice of modules (RULES.md §9) is saved; unknown or repeated names give no modules."""
    path = persistence.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"modules": ["huts", "vizier"]}', encoding="utf-8")
    assert persistence.load_settings().modules == ["huts", "vizier"]
    for bad in ('["huts", "huts"]', '["dragons"]', '"huts"', "[1]"):
        path.write_text(f'{{"modules": {bad}}}', encoding="utf-8")
        assert persistence.load_settings().modules == []


def test_autosave_then_continue_from_the_menu(make_app: MakeApp) -> None:
    driver = make_app(ai=["random"], seed=1, speed=0.0)
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)
    driver.wait(lambda: scene.state.turn_player == 0 and scene.can_act, 30)
    assert persistence.has_autosave()
    events = len(scene.table.game.events)
    driver.key(pygame.K_ESCAPE)
    driver.click_widget("leave_game")
    assert isinstance(driver.scene, MenuScene)
    assert driver.scene.continue_game.enabled
    driver.click_widget("continue_game")
    resumed = driver.scene
    assert isinstance(resumed, TurnScene)
    assert len(resumed.table.game.events) == events
    assert resumed.table.game.config.seats[0].agent == "human"


def test_loading_a_bad_record_shows_the_reason_and_changes_nothing(make_app: MakeApp, tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "alhambra-record/1", "config": {"seed": "x"}}', encoding="utf-8")
    driver = menu(make_app)
    driver.key(pygame.K_l)
    scene = driver.scene
    assert isinstance(scene, LoadRecordScene)
    assert any(item.text == "broken.json" for item in scene.list.items), "files of the current folder are listed"
    index = next(i for i, item in enumerate(scene.list.items) if item.text == "broken.json")
    driver.click(scene.list.item_rect(index).center)
    driver.click_widget("open")
    assert isinstance(driver.scene, LoadRecordScene)
    assert scene.error == "config.seed must be an integer"
    driver.click(scene.path.rect.center)
    driver.type(str(tmp_path / "missing.json"))
    scene.path.value = str(tmp_path / "missing.json")
    driver.key(pygame.K_RETURN)
    assert scene.error.startswith("cannot read")


def test_load_option_with_a_bad_file_opens_the_menu_with_the_reason(make_app: MakeApp, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    driver = make_app(load=bad)
    driver.app.start()
    assert isinstance(driver.scene, MenuScene)
    assert "broken or truncated JSON" in driver.scene.message


def test_rules_help_scrolls_and_closes(make_app: MakeApp) -> None:
    driver = menu(make_app)
    driver.key(pygame.K_r)
    scene = driver.scene
    assert isinstance(scene, RulesScene)
    assert scene.max_scroll > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    driver.step()
    assert scene.scroll > 0
    driver.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_escape_on_the_title_screen_quits(make_app: MakeApp) -> None:
    driver = menu(make_app)
    driver.key(pygame.K_ESCAPE)
    assert not driver.app.running


def test_frames_option_stops_the_loop(make_app: MakeApp) -> None:
    driver = make_app(frames=3)
    assert driver.app.run() == 0
    assert driver.app.frames_left == 0


def test_a_finished_record_opens_on_the_result(make_app: MakeApp, tmp_path: Path) -> None:
    from game.client.scenes.game_over import GameOverScene
    from game.engine import GameConfig, Seat
    from game.engine import record as records
    from game.headless import play_game

    game, _ = play_game(GameConfig(seed=5, seats=(Seat("a", "random"), Seat("b", "random"))))
    path = tmp_path / "finished.json"
    records.save(game, path)
    driver = make_app(load=path)
    driver.app.start()
    driver.step()
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    assert scene.record_path is None and scene.table.state.scores == game.state.scores


def test_a_record_without_a_human_seat_is_played_out_by_the_bots(make_app: MakeApp, tmp_path: Path) -> None:
    from ai import make_agent
    from game.engine import Game, GameConfig, Seat
    from game.engine import record as records

    game = Game.new(GameConfig(seed=6, seats=(Seat("a", "random"), Seat("b", "random"))))
    agent = make_agent("random", 1)
    for _ in range(10):
        state = game.state
        game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    path = tmp_path / "bots.json"
    records.save(game, path)
    driver = make_app(load=path, speed=0.0)
    driver.app.start()
    scene = driver.scene
    assert isinstance(scene, TurnScene) and scene.table.people == ()
    before = len(scene.table.game.events)
    driver.wait(lambda: len(scene.table.game.events) > before + 5, 20)


def test_the_menu_ornament_shows_a_real_price_on_every_building() -> None:
    """The little Alhambras beside the menu show each building's price badge filled with a cost that tiles of its
    type really have (they were blank); the start tile has no badge."""
    from game.client.scenes.menu import _ornament_cost
    from game.engine.components import BUILDING_TYPES, TILE_COST, TILE_TYPE

    assert _ornament_cost("start", 4) is None
    for kind_index, kind in enumerate(BUILDING_TYPES):
        real = {TILE_COST[t] for t, k in enumerate(TILE_TYPE) if k == kind_index}
        for index in range(9):
            assert _ornament_cost(kind, index) in real


def test_hiding_the_log_leaves_no_empty_panel() -> None:
    """With the log hidden the money offer keeps the height its contents need (it was stretched down to the
    hand, mostly empty); the log takes no room; the other areas stay where they were."""
    from game.client.layout import turn_layout

    for size, scale in (((1024, 700), 0.8), ((1920, 1080), 1.35)):
        shown, hidden = turn_layout(size, scale, True), turn_layout(size, scale, False)
        assert hidden.bank == shown.bank
        assert hidden.log.h == 0 and shown.log.h > 0
        assert hidden.majorities.h >= shown.majorities.h > 0, "everyone's buildings show under the offer"
        assert shown.log.h >= shown.majorities.h, "the log keeps at least half the column"
        assert (hidden.market, hidden.alhambra, hidden.hand, hidden.tray) == (
            shown.market,
            shown.alhambra,
            shown.hand,
            shown.tray,
        )


def test_a_colour_blind_palette_for_the_seats_is_a_setting(make_app: MakeApp) -> None:
    """The settings switch every seat to Okabe and Ito's colours, which stay apart for colour-blind players;
    the choice is saved and taken up by the next session (the seats also differ by their tokens' shapes)."""
    from game.client import theme

    driver = menu(make_app)
    driver.key(pygame.K_s)
    scene = driver.scene
    assert isinstance(scene, SettingsScene)
    before = [theme.seat_color(seat) for seat in range(6)]
    driver.click(scene.colour_safe.rect.move(scene.colour_safe.rect.w // 2 - 20, 0).center)
    assert persistence.load_settings().colour_safe
    assert [theme.seat_color(seat) for seat in range(6)] == list(theme.COLOUR_SAFE_SEAT_COLORS) != before
    assert theme.seat_color("dirk") == theme.NEUTRAL_COLOR
    again = make_app()
    assert again.app.settings.colour_safe and theme.seat_color(1) == theme.COLOUR_SAFE_SEAT_COLORS[1]
    driver.click(scene.colour_safe.rect.move(scene.colour_safe.rect.w // 2 - 20, 0).center)
    assert [theme.seat_color(seat) for seat in range(6)] == before


def test_a_tooltip_keeps_clear_of_the_other_buttons(make_app: MakeApp) -> None:
    """A tooltip goes below what it explains, else above, else beside it: the first place on screen that covers
    no other button of the frame (it covered the next button of a column); below when nothing is free."""
    ui = make_app().app.ui
    screen = pygame.Rect(0, 0, 1024, 700)
    anchor = pygame.Rect(400, 300, 160, 40)
    below = pygame.Rect(400, 350, 160, 40)
    above = pygame.Rect(400, 250, 160, 40)
    size = (200, 60)
    assert ui.tooltip_box(anchor, size, screen, []).top > anchor.bottom, "below by default"
    box = ui.tooltip_box(anchor, size, screen, [anchor, below])
    assert box.bottom < anchor.top and not box.colliderect(below), "above when a button stands below"
    box = ui.tooltip_box(anchor, size, screen, [anchor, below, above])
    assert not box.colliderect(below) and not box.colliderect(above) and not box.colliderect(anchor)
    assert screen.contains(box)
    everywhere = [pygame.Rect(0, 0, 1024, 290), pygame.Rect(0, 345, 1024, 355), anchor]
    everywhere += [pygame.Rect(0, 290, 395, 55), pygame.Rect(565, 290, 459, 55)]
    assert ui.tooltip_box(anchor, size, screen, everywhere).top > anchor.bottom, "nothing free: below"
