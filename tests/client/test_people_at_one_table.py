"""Several people at one screen: the seats, the curtain between them, a hint and an undo each, the table turned to
whoever decides, and a whole game of two people and a bot, and of three people, played through the scenes.

The games are played with synthetic clicks and keys only (``driver.UiPlayer`` plays whichever person decides);
the curtain is passed with Enter, as a person passes it.
"""

from __future__ import annotations

import itertools
import json

import pytest
from driver import Driver, MakeApp, UiPlayer
from module_player import MODULES, ModulePlayer

from ai import make_agent
from game.cli import parse
from game.client import persistence
from game.client.narrate import narrate
from game.client.scenes.curtain import CurtainScene
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.parts.curtain import secrets_between
from game.client.scenes.parts.seating import Seating
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.turn import TurnScene
from game.client.table import HUMAN, Table, bot_names
from game.engine import Game, GameConfig, Seat, Take
from game.engine import record as records

BOT = "greedy" if "greedy" in bot_names() else "random"


# ---------------------------------------------------------------------- the table's seats, without a window
def test_people_sit_first_then_the_bots_and_each_seat_is_marked_in_the_record() -> None:
    table = Table.new(["Ann", "Bob"], [BOT], seed=3)
    assert table.names == ["Ann", "Bob", "Greedy" if BOT == "greedy" else "Random"]
    assert table.people == (0, 1) and table.shared and table.you is None
    assert table.agents == [None, None, BOT]
    seats = records.to_record(table.game)["config"]["players"]
    assert [seat["agent"] for seat in seats] == [HUMAN, HUMAN, BOT]
    # a game loaded again keeps every seat as it was
    again = Table.from_game(records.from_record(json.loads(json.dumps(records.to_record(table.game)))))
    assert again.people == (0, 1) and again.agents == [None, None, BOT]


def test_one_person_is_you_and_a_table_of_people_only_has_no_bot() -> None:
    alone = Table.new(["Ann"], [BOT, BOT], seed=3)
    assert alone.you == 0 and not alone.shared
    people = Table.new(["Ann", "Bob", "Cy"], [], seed=3)
    assert people.agents == [None, None, None] and people.bot_to_decide is None
    assert people.person_deciding == people.state.decider


def test_a_person_left_unnamed_is_said_by_their_seat() -> None:
    table = Table.new(["Ann", " "], [], seed=3)
    assert table.names == ["Ann", "Player 2"]
    assert Table.new([""], [BOT], seed=3).names[0] == "You"


def test_a_name_is_not_a_list_of_people() -> None:
    with pytest.raises(TypeError):
        Table.new("Ann", [BOT], seed=3)  # type: ignore[arg-type]


def test_each_person_undoes_only_their_own_decision() -> None:
    """The undo point is taken when a person's decision begins: the next person cannot undo the last one's move."""
    table = Table.new(["Ann", "Bob"], [], seed=3)
    first = table.state.decider
    table.begin_human_turn()
    take = next(a for a in table.state.legal_actions() if isinstance(a, Take))
    table.apply(take)
    assert table.state.decider != first, "a take ends the turn"
    assert not table.can_undo, "the other person cannot undo the first one's turn"
    table.undo()
    assert len(table.game.events) > 1 and table.state.decider != first, "nothing was undone"
    table.begin_human_turn()
    assert table.snapshot_seat == table.state.decider


def test_the_table_turns_to_whoever_decides() -> None:
    table = Table.new(["Ann", "Bob"], [], seed=3)
    assert table.viewer == 0
    assert not table.turn_to(0)
    assert table.turn_to(1) and table.viewer == 1


# ---------------------------------------------------------------------- what is private between two people
def test_face_down_bonus_cards_are_secrets_between_people_and_the_base_game_has_none() -> None:
    """[D-HIDDEN-1]: another player's face-down bonus cards are hidden; in the base game every hand is known."""
    seats = (Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("Cy", HUMAN))
    base = Game.new(GameConfig(seed=4, seats=seats))
    assert not secrets_between(base.state, 0, 1)
    bonus = Game.new(GameConfig(seed=4, seats=seats, modules=("bonus",)))
    assert secrets_between(bonus.state, 0, 1)


# ---------------------------------------------------------------------- the command line
def test_players_names_the_people_and_ai_the_bots_after_them() -> None:
    args = parse(["--players", "Ann,Bob", "--ai", "greedy"])
    assert args.players == ["Ann", "Bob"] and args.ai == ["greedy"]
    assert parse(["--players", "Ann,Bob"]).ai is None  # a table of people only


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "Ann"], "2 to 6 players"),
        (["--players", "A,B,C,D", "--ai", "greedy,greedy,greedy"], "2 to 6 players"),
        (["--players", "Ann,Ann"], "share a name"),
        (["--players", "Ann,Bob", "--name", "Cy"], "--players"),
        (["--players", "Ann,Bob", "--headless", "--ai", "greedy,greedy"], "--headless"),
        (["--players", "Ann,,Bob"], "name"),
    ],
)
def test_bad_players_print_the_usage(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "usage:" in error and says in error


def test_the_usage_says_people_sit_first() -> None:
    from game.cli import build_parser

    usage = " ".join(build_parser().format_help().split())
    assert "--players NAMES" in usage and "they sit first, then the bots of --ai" in usage


# ---------------------------------------------------------------------- whole games through the scenes
def _play_people(driver: Driver, player: UiPlayer | None = None, limit: int = 900) -> tuple[list[str], int]:
    """Play every person's moves through the interface until the game over screen; the curtains passed (the
    names they were for, and "out of turn" for a curtain before a decision out of turn) and the scorings shown."""
    player = player or UiPlayer(driver, seed=5)
    curtains: list[str] = []
    scorings = 0
    seen_deciders: list[int] = []
    for _ in range(limit):
        driver.wait(
            lambda: (
                isinstance(driver.scene, CurtainScene | ScoringScene | GameOverScene)
                or (isinstance(driver.scene, TurnScene) and driver.scene.can_act)
            ),
            60,
        )
        scene = driver.scene
        if isinstance(scene, GameOverScene):
            return curtains, scorings
        if isinstance(scene, CurtainScene):
            table_scene = scene.table_scene
            assert isinstance(table_scene, TurnScene)
            assert table_scene.table.names[scene.seat] == scene.name
            assert scene.seat == table_scene.table.person_deciding, "the curtain is for the person who decides"
            curtains.append(scene.name)
            if table_scene.table.choosing:  # a module's window asks this person out of turn (a vizier's)
                curtains.append("out of turn")
            driver.key(13)  # Enter: the person is at the screen
            assert driver.scene is table_scene
            continue
        if isinstance(scene, ScoringScene):
            scorings += 1
            driver.click_widget("next")
            continue
        decider = scene.table.person_deciding
        assert decider is not None
        assert scene.me == decider and scene.table.viewer == decider, "the table is turned to whoever decides"
        others = [panel.seat for panel in scene.opponents.panels]
        assert others == [s for s in range(scene.state.players) if s != decider], "everyone else in the panels"
        if not seen_deciders or seen_deciders[-1] != decider:
            seen_deciders.append(decider)
        player.play_once(scene)
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_two_people_and_a_bot_play_a_whole_game_with_the_modules_behind_curtains(make_app: MakeApp) -> None:
    """Face-down bonus cards ([M-BONUS-1], [D-HIDDEN-1]): the screen passes between Ann and Bob behind a curtain
    each time, a vizier window asking one of them out of turn ([M-VIZIER-2]) too; every module move is made by
    clicks; the record marks both human, the game over screen names the winners, the log names everyone."""
    driver = make_app(players=["Ann", "Bob"], ai=[BOT], seed=21, speed=0.0, modules=MODULES)
    driver.app.start()
    player = ModulePlayer(driver, seed=5)
    curtains, scorings = _play_people(driver, player)
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    assert {"Ann", "Bob", "out of turn"} <= set(curtains)
    names = [name for name in curtains if name != "out of turn"]
    assert all(a != b for a, b in itertools.pairwise(names)), "no curtain between one's own decisions"
    assert scorings == 2
    assert {"vizier pass", "bonus", "take", "place"} <= set(player.done)
    record = json.loads(scene.record_path.read_text())
    assert [seat["agent"] for seat in record["config"]["players"]] == [HUMAN, HUMAN, BOT]
    assert scene.table.you is None, "the game over screen names the winners: nobody at the screen is 'you'"
    table = scene.table
    log = [line.text for line in narrate(table.game.events, table.names, table.you)]
    assert any(line.startswith("Ann ") for line in log) and not any(line.startswith("You ") for line in log)
    assert not persistence.has_autosave()


@pytest.mark.slow
def test_three_people_play_a_whole_game_and_the_memory_aid_off_brings_the_curtain(make_app: MakeApp) -> None:
    """Three people, no bot: with the opponents' hands hidden (the memory aid off) each decision of another
    person comes behind a curtain."""
    driver = make_app(players=["Ann", "Bob", "Cy"], seed=8, speed=0.0)
    driver.app.settings.show_hands = False
    driver.app.start()
    curtains, _scorings = _play_people(driver)
    assert {"Ann", "Bob", "Cy"} <= set(curtains)
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    table = scene.table
    log = [line.text for line in narrate(table.game.events, table.names, table.you)]
    assert any(line.startswith("Bob ") for line in log) and not any(line.startswith("You ") for line in log)


def test_no_curtain_where_nothing_is_private_or_the_setting_is_off(make_app: MakeApp) -> None:
    """The memory aid on and no face-down cards: every hand is known ([D-HIDDEN-1]), so the table turns to the
    next person at once; with bonus cards and the curtain switched off, too."""
    for modules, curtain in (((), True), (("bonus",), False)):
        driver = make_app(players=["Ann", "Bob"], seed=21, speed=0.0, modules=modules)
        driver.app.settings.curtain = curtain
        driver.app.start()
        for _ in range(6):
            driver.wait(lambda driver=driver: isinstance(driver.scene, CurtainScene) or driver.scene.can_act, 20)
            assert not isinstance(driver.scene, CurtainScene)
            scene = driver.scene
            take = next(a for a in scene.state.legal_actions() if isinstance(a, Take))
            UiPlayer(driver).take(scene, take)
            driver.step(3)


def test_the_curtain_hides_the_table_until_the_person_says_they_are_there(make_app: MakeApp) -> None:
    driver = make_app(players=["Ann", "Bob"], seed=21, speed=0.0, modules=("bonus",))
    driver.app.start()
    driver.wait(lambda: isinstance(driver.scene, CurtainScene), 10)
    curtain = driver.scene
    assert isinstance(curtain, CurtainScene) and not curtain.overlay, "nothing of the table is drawn under it"
    first = curtain.name
    assert first in curtain.headline and "Pass the screen" in curtain.headline
    driver.key(13)
    scene = driver.scene
    assert isinstance(scene, TurnScene) and scene.can_act and scene.shows_private
    # Ann's turn ends with a take: the next person's decision comes behind the curtain, for them
    take = next(a for a in scene.state.legal_actions() if isinstance(a, Take))
    UiPlayer(driver).take(scene, take)
    driver.wait(lambda: isinstance(driver.scene, CurtainScene), 10)
    curtain = driver.scene
    assert curtain.name != first and scene.table.viewer == curtain.seat, "the table turned to them, behind it"
    driver.key(13)
    assert driver.scene is scene and scene.me == curtain.seat and scene.shows_private


def test_between_people_a_bots_move_shows_nobodys_face_down_cards(make_app: MakeApp) -> None:
    """[D-HIDDEN-1]: while a bot moves after Ann, her face-down bonus cards are not shown to the screen."""
    driver = make_app(players=["Ann", "Bob"], ai=[BOT], seed=21, speed=0.0, modules=("bonus",))
    driver.app.start()
    driver.wait(lambda: isinstance(driver.scene, TurnScene), 10)
    scene = driver.scene
    driver.wait(lambda: scene.table.bot_to_decide is not None or isinstance(driver.scene, CurtainScene), 30)
    while scene.table.bot_to_decide is None:
        if isinstance(driver.scene, CurtainScene):
            driver.key(13)
        driver.wait(lambda: scene.can_act or scene.table.bot_to_decide is not None, 30)
        if scene.can_act:
            take = next(a for a in scene.state.legal_actions() if isinstance(a, Take))
            UiPlayer(driver).take(scene, take)
    assert scene.table.viewer in scene.table.people and not scene.shows_private
    pieces = scene.snapshot().pieces[scene.me]
    assert pieces and all(piece.face == "back" or piece.mark for piece in pieces), "face down, or revealed to all"


# ---------------------------------------------------------------------- the seating, without a window
def _seating(people: list[str], bots: list[str], modules: tuple[str, ...] = (), curtain: bool = True) -> Seating:
    from types import SimpleNamespace

    table = Table.new(people, bots, seed=21, modules=modules)
    return Seating(table, SimpleNamespace(curtain=curtain, show_hands=True))


def test_a_decision_begins_only_once_the_table_has_caught_up() -> None:
    seating = _seating(["Ann", "Bob"], [], ("bonus",))
    assert seating.begin(busy=True) is None and not seating.has_begun()
    began = seating.begin(busy=False)
    assert began is not None and began.seat == seating.table.state.decider
    assert seating.has_begun() and seating.table.snapshot_seat == began.seat
    assert seating.begin(busy=False) is None, "a decision begins once"


def test_the_curtain_comes_between_two_people_not_between_ones_own_decisions() -> None:
    """[D-HIDDEN-1]: face-down bonus cards are secrets between the people at the screen."""
    seating = _seating(["Ann", "Bob"], [], ("bonus",))
    first = seating.begin(busy=False)
    assert first is not None and first.curtain, "a game begins behind the curtain: someone holds secrets"
    table = seating.table
    table.apply(next(a for a in table.state.legal_actions() if isinstance(a, Take)))
    second = seating.begin(busy=False)
    assert second is not None and second.seat != first.seat and second.curtain and second.turned
    assert seating.curtain_wanted(second.seat) is False, "not again for the one who decides now"


def test_no_curtain_for_one_person_nor_where_it_is_switched_off() -> None:
    alone = _seating(["Ann"], [BOT], ("bonus",))
    assert not alone.curtain_wanted(0)
    off = _seating(["Ann", "Bob"], [], ("bonus",), curtain=False)
    assert not off.curtain_wanted(0) and not off.curtain_wanted(1)


def test_face_down_cards_show_only_to_the_person_deciding_where_several_share_the_screen() -> None:
    """[D-HIDDEN-1]: turned to Bob while Ann decides (or a bot after Bob), the table shows none of Bob's secrets."""
    alone = _seating(["Ann"], [BOT])
    alone.table.viewer = 0
    assert alone.shows_private, "the one person at the screen always sees their own"
    shared = _seating(["Ann", "Bob"], [BOT])
    table = shared.table
    decider = table.state.decider
    table.viewer = decider if decider in table.people else 0
    assert shared.shows_private == (decider in table.people)
    table.viewer = 1 if decider != 1 else 0
    assert not shared.shows_private


def test_the_banner_says_your_turn_to_one_person_and_names_each_of_several() -> None:
    assert _seating(["Ann"], [BOT]).turn_words(0)() == "Your turn"
    assert _seating(["Ann", "Bob"], []).turn_words(1)() == "Bob's turn"


def test_continue_keeps_every_seat_as_it_was(make_app: MakeApp) -> None:
    """The autosave is a record whose seats say who is a person: Continue seats Ann and Bob at the screen again,
    and the bot as the bot, and the curtain passes the screen to whoever decides (nobody has seen the table yet)."""
    driver = make_app(players=["Ann", "Bob"], ai=[BOT], seed=21, speed=0.0, modules=("bonus",))
    driver.app.start()
    driver.wait(lambda: isinstance(driver.scene, CurtainScene), 10)
    driver.key(13)
    scene = driver.scene
    take = next(a for a in scene.state.legal_actions() if isinstance(a, Take))
    UiPlayer(driver).take(scene, take)
    driver.app.screens.show_menu()  # leaving the table saves it
    assert persistence.has_autosave()
    driver.step(2)
    driver.key(ord("c"))
    driver.wait(lambda: isinstance(driver.scene, CurtainScene | TurnScene), 10)
    table = driver.scene.table_scene.table if isinstance(driver.scene, CurtainScene) else driver.scene.table
    assert table.people == (0, 1) and table.agents[2] == BOT and table.names[:2] == ["Ann", "Bob"]


def test_play_again_seats_the_same_people_and_bots_with_the_same_modules(make_app: MakeApp) -> None:
    """The game over screen's "Play again": Ann and Bob first, then the bot, on a new deal, the modules kept."""
    seats = (Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("Greedy", BOT))
    game = Game.new(GameConfig(seed=6, seats=seats, modules=("bonus",)))
    while not game.state.is_over:  # played out by the bot's policy in every seat (test setup, not play)
        state = game.state
        game.apply(make_agent("random", 6).choose(state.knowledge(state.decider), state.legal_actions()))
    driver = make_app(speed=0.0)
    driver.app.screens.show_game_over(Table.from_game(game), None)
    driver.step(2)
    driver.key(13)  # Enter: play again
    driver.wait(lambda: isinstance(driver.scene, CurtainScene | TurnScene), 10)
    scene = driver.scene
    table = scene.table_scene.table if isinstance(scene, CurtainScene) else scene.table
    assert table.names[:2] == ["Ann", "Bob"] and table.people == (0, 1) and table.agents[2] == BOT
    assert table.game.config.modules == ("bonus",) and table.game.config.seed != 6
