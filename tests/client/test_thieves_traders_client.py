"""The thieves (RULES.md §11.3) and the street traders (§11.5) at the table: ``game/client/modules/thieves.py`` and
``traders.py``.

Checked through the scene's input (clicks and keys at real positions) and the views: a theft by a click on a card
of the offer in the thief window, or the window passed with Keep thieves ([M-THIEF-3], [M-THIEF-5]); your thieves
face up and the others' face down ([M-THIEF-2], [D-HIDDEN-1]); a resident moved by a click on the disc's citizen
and the supply's citizen chosen by a click ([M-TRADER-3]); an exchange by two clicks, or Leave as is; the disc put
back by a click on a lit cell ([M-TRADER-5]); the discs, their citizens and the residents drawn on every
Alhambra ([M-TRADER-2], [M-TRADER-7]); the log's sentences, the score sheet's row ([M-TRADER-6]), the help pages
and the setup keys.  Positions are reached with the engine (test setup); from there on the tests only click and
type. The games are passed their modules explicitly.
"""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from driver import MakeApp
from module_checks import check_page_renders_with_its_tabs_whole, check_setup_keys, play_a_whole_game
from module_player import position, sit_down
from street_player import MODULES, StreetPlayer, disc_citizen_pos, supply_pos, traders_panel

from game.client.modules import modules_for
from game.client.modules.traders import explain, sets
from game.client.narrate import narrate
from game.client.playback import TIMING, moved_items
from game.client.scenes.rules_help import MODULE_PAGES
from game.client.table import Table
from game.engine import Game, GameState
from game.engine.alhambra import xy_of
from game.engine.components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CITIZENS,
    PIECE_COLOUR,
    THIEF_CURRENCY,
    TRADER_SET_POINTS,
    is_thief_card,
)
from game.engine.modules import thieves, traders
from game.engine.modules.thieves import PlayThief
from game.engine.modules.traders import MoveResident, PutDisc, SwapCitizen


# ---------------------------------------------------------------------- positions (test setup, not play)
def stealing(state: GameState) -> bool:
    return state.phase == thieves.WINDOW


def resident_open(state: GameState) -> bool:
    return state.phase == traders.TRADING and any(isinstance(a, MoveResident) for a in state.legal_actions())


def swap_open(state: GameState) -> bool:
    return state.phase == traders.TRADING and not any(isinstance(a, MoveResident) for a in state.legal_actions())


def disc_back(state: GameState) -> bool:
    return state.phase == traders.DISC_BACK


@cache
def _position(name: str, players: int = 3) -> Game:
    wanted = {"steal": stealing, "resident": resident_open, "swap": swap_open, "back": disc_back}[name]
    return position(wanted, modules=MODULES, players=players, seeds=range(1, 200), limit=700)


def at(name: str, players: int = 3) -> Game:
    """A fresh copy of the cached position ``name`` (each test plays on its own)."""
    return _position(name, players).copy()


def new_events(table: Table, before: int) -> list[dict]:
    return table.game.events[before:]


# ---------------------------------------------------------------------- thieves
def test_a_thief_steals_the_card_clicked_in_the_offer(make_app: MakeApp) -> None:
    """[M-THIEF-3] asked in the thief window, a click on a money card of a thief's currency steals it: the thief
    leaves the game and the card joins the hand; the prompt says the window, the glowing thief is yours."""
    driver, scene = sit_down(make_app, at("steal"))
    state = scene.state
    move = next(a for a in state.legal_actions() if isinstance(a, PlayThief))
    assert "Thief window" in scene.prompt.text()
    mine = [p for p in scene.snapshot().pieces[0] if p.face == "card"]
    assert mine and all(is_thief_card(p.item) for p in mine), "your thieves face up beside your Alhambra"
    assert any(p.lit for p in mine), "a thief that may steal now glows"
    stealable = {a.took for a in state.legal_actions() if isinstance(a, PlayThief)}
    lit = scene.snapshot().offer_moves
    assert stealable <= set(lit) <= set(state.offer), "the offer's cards a thief may steal are lit as targets"
    assert all("thief" in said for said in lit.values()), "their tooltip says what a click does"
    before = len(scene.table.game.events)
    driver.click(StreetPlayer(driver).offer_pos(scene, move.took))
    driver.wait(lambda: not scene.director.busy)
    events = new_events(scene.table, before)
    theft = next(e for e in events if e["e"] == thieves.EVENT)
    assert theft["player"] == 0 and theft["took"] == move.took
    assert move.took in scene.state.hands[0] and theft["card"] not in thieves.of(scene.state).hands[0]
    assert moved_items(theft) == [("card", move.took)] and TIMING[thieves.EVENT][0] > 0, "the card flies to the hand"
    line = " ".join(line.text for line in narrate([theft], scene.table.names, 0))
    assert "steals" in line and "thief" in line.lower()


def test_keep_thieves_passes_the_window_and_a_card_of_no_thiefs_currency_steals_nothing(make_app: MakeApp) -> None:
    """[M-THIEF-5] Keep thieves (its button) ends your part of the window; [M-THIEF-3] a click on a card of a
    currency you hold no thief of makes no move."""
    driver, scene = sit_down(make_app, at("steal"))
    state = scene.state
    currencies = {THIEF_CURRENCY[c] for c in thieves.of(state).hands[0]}
    other = [c for c in state.offer if CARD_CURRENCY[c] not in currencies]
    before = len(scene.table.game.events)
    if other:
        driver.click(StreetPlayer(driver).offer_pos(scene, other[0]))
        assert len(scene.table.game.events) == before and scene.state.phase == thieves.WINDOW
    assert scene.widget("thief_pass").visible
    driver.click_widget("thief_pass")
    driver.wait(lambda: not scene.director.busy)
    assert scene.state.phase != thieves.WINDOW or scene.state.decider != 0


def test_the_others_thieves_are_face_down_and_their_number_shown() -> None:
    """[M-THIEF-2] [D-HIDDEN-1] another seat's thieves are drawn face down to you, yours face up; to nobody (several
    people watching the bots) all are face down."""
    state = at("steal").state
    compiled = modules_for(state.rules)
    part = thieves.of(state)
    for seat in range(state.players):
        faces = [p.face for p in compiled.pieces(state, seat, 0)]
        assert len(faces) == len(part.hands[seat])
        assert set(faces) <= ({"card"} if seat == 0 else {"thief_back"})
        assert all(p.face == "thief_back" for p in compiled.pieces(state, seat, None))


# ---------------------------------------------------------------------- traders
def test_a_resident_moves_by_a_click_and_the_supplys_citizen_is_chosen_by_a_click(make_app: MakeApp) -> None:
    """[M-TRADER-3] after a building lands on the disc's cell: a click on the disc's citizen of its colour (on the
    traders' panel) moves it onto the building, then a click on a colour of the supply puts one on the disc."""
    driver, scene = sit_down(make_app, at("resident"))
    state = scene.state
    move = next(a for a in state.legal_actions() if isinstance(a, MoveResident))
    building = traders.of(state).placed
    assert "set aside" in scene.prompt.text()
    key = ("tile", move.piece)
    assert scene.positions()[key].center == disc_citizen_pos(scene, move.piece), "it flies from the disc set aside"
    driver.click(disc_citizen_pos(scene, move.piece))
    driver.wait(lambda: not scene.director.busy)
    assert traders.of(scene.state).residents[0][building] == move.piece
    assert moved_items({"e": traders.RESIDENT_EVENT, "citizen": move.piece}) == [key] and TIMING["resident"][0] > 0
    assert scene.state.phase == traders.CHOOSING and "supply" in scene.prompt.text()
    supply = traders.of(scene.state).supply
    before = len(scene.table.game.events)
    driver.click(supply_pos(scene, supply[-1]))
    driver.wait(lambda: not scene.director.busy)
    chosen = next(e for e in new_events(scene.table, before) if e["e"] == traders.NEW_EVENT)
    assert PIECE_COLOUR[chosen["citizen"]] == PIECE_COLOUR[supply[-1]]
    assert moved_items(chosen) == [("tile", chosen["citizen"])], "it flies from the supply to the disc"
    # [M-TRADER-7] the resident stands on its building: a mark in the building's cell of your Alhambra
    cell = next(c for c, t in scene.state.boards[0].grid.items() if t == building)
    marks = scene.snapshot().marks[0]
    resident = next(m for m in marks if m.spot == "resident")
    assert resident.item == move.piece and resident.at == xy_of(cell)
    assert scene.board.cell_rect(*xy_of(cell)).contains(scene.board.mark_rect(resident))


def test_an_exchange_takes_two_clicks_and_no_change_is_the_c_key(make_app: MakeApp) -> None:
    """[M-TRADER-3] [M-TRADER-4] no citizen of the building's colour: a click on a citizen of the disc, then one on
    a colour of the supply, exchanges them; a click on the supply alone does nothing."""
    driver, scene = sit_down(make_app, at("swap"))
    swap = next(a for a in scene.state.legal_actions() if isinstance(a, SwapCitizen))
    before = len(scene.table.game.events)
    driver.click(supply_pos(scene, swap.other_piece))
    assert len(scene.table.game.events) == before, "the supply alone makes no exchange"
    driver.click(disc_citizen_pos(scene, swap.piece))
    assert traders_panel(scene).picked_out(scene.state) == swap.piece
    driver.click(supply_pos(scene, swap.other_piece))
    driver.wait(lambda: not scene.director.busy)
    event = next(e for e in new_events(scene.table, before) if e["e"] == traders.SWAP_EVENT)
    assert event["out"] == swap.piece and PIECE_COLOUR[event["in"]] == PIECE_COLOUR[swap.other_piece]
    assert moved_items(event) == [("tile", event["out"]), ("tile", event["in"])], "both fly"
    assert ("tile", event["out"]) in scene.positions(), "the one given back lands in the supply"
    assert swap.piece in traders.of(scene.state).supply


def test_no_change_leaves_the_citizens(make_app: MakeApp) -> None:
    """[M-TRADER-3] Leave as is (C): nothing recorded, the citizens as they were, the disc still aside."""
    driver, scene = sit_down(make_app, at("swap"))
    disc = sorted(traders.of(scene.state).discs[0])
    before = len(scene.table.game.events)
    assert scene.widget("trader_pass").visible
    driver.key(pygame.K_c)
    driver.wait(lambda: not scene.director.busy)
    assert scene.state.phase != traders.TRADING
    assert not any(e["e"] in (traders.SWAP_EVENT, traders.RESIDENT_EVENT) for e in new_events(scene.table, before))
    assert sorted(traders.of(scene.state).discs[0]) == disc


def test_the_disc_goes_back_by_a_click_on_a_lit_cell(make_app: MakeApp) -> None:
    """[M-TRADER-5] at the end of the turn the empty cells beside your Alhambra are lit; a click on one puts the
    disc there (the turn's end, confirmed), and it is drawn there with its citizens."""
    driver, scene = sit_down(make_app, at("back"))
    lit = set(scene.picker.targets()[0])
    engine = {(a.x, a.y) for a in scene.state.legal_actions() if isinstance(a, PutDisc)}
    assert lit == engine and lit
    cell = sorted(lit)[0]
    before = len(scene.table.game.events)
    StreetPlayer(driver).put_disc(scene, PutDisc(*cell))
    driver.wait(lambda: not scene.director.busy)
    event = next(e for e in new_events(scene.table, before) if e["e"] == traders.BACK_EVENT)
    assert tuple(event["at"]) == cell
    marks = modules_for(scene.state.rules).marks(scene.state, 0)
    assert [m.at for m in marks if m.spot == "cell"] == [cell]
    assert sum(1 for m in marks if m.spot.startswith("disc") and m.at == cell) == traders.ON_DISC


def test_every_disc_is_drawn_on_its_alhambras_cell_on_every_view(make_app: MakeApp) -> None:
    """[M-TRADER-2] each player's disc on its cell with its three citizens, on your Alhambra and on the opponents'
    panels (their small views), inside the view."""
    _driver, scene = sit_down(make_app, at("steal"))
    snap = scene.snapshot()
    part = traders.of(scene.state)
    for seat in range(scene.state.players):
        marks = snap.marks[seat]
        if part.at[seat] is None:
            continue
        disc = next(m for m in marks if m.spot == "cell")
        assert disc.at == xy_of(part.at[seat]) and disc.art == "trader_disc"
        assert sorted(m.item for m in marks if m.spot.startswith("disc")) == sorted(part.discs[seat])
        view = scene.board if seat == 0 else next(p for p in scene.opponents.panels if p.seat == seat).grid
        assert view.rect.contains(view.mark_rect(disc)), f"seat {seat}'s disc drawn inside its view"


# ---------------------------------------------------------------------- words and scores
def test_the_sets_of_residents_score_as_the_rules_say() -> None:
    """[M-TRADER-6] residents blue, blue, red, green: sets of 3 and 1 colours, 6 + 1 = 7 (RULES.md's example)."""
    pavilion, seraglio, garden = (BUILDING_TYPES.index(k) for k in ("pavilion", "seraglio", "garden"))
    colours = [pavilion, pavilion, seraglio, garden]
    assert sets(colours) == [3, 1]
    short, long = explain(colours)
    assert short == f"{TRADER_SET_POINTS[3]} + {TRADER_SET_POINTS[1]}" == "6 + 1"
    assert "7 points" in long and explain([]) == ("", "")


def test_the_score_sheet_has_a_row_of_residents_in_sets(make_app: MakeApp) -> None:
    """[M-TRADER-6] at a scoring the sheet has a row "Residents": each player's points for their residents, the
    sets' points in a few words ("6 + 1") adding up to them, the residents and sets at length over the mouse."""
    from test_camps_bazaars_client import _just_scored

    from game.client.score_sheet import sheet_for

    game, event = _just_scored(
        lambda e: any(a["what"] == traders.SCORE_NAME and a["points"] > 0 for a in e["points"]), modules=MODULES
    )
    sheet = sheet_for(game.state, event, [])
    row = next(r for r in sheet.rows if r.what == traders.SCORE_NAME)
    assert row.label == "Residents" and row.legend
    points = {a["player"]: a["points"] for a in event["points"] if a["what"] == traders.SCORE_NAME}
    for seat in range(game.state.players):
        assert row.points[seat] == points.get(seat, 0)
        if row.points[seat]:
            assert sum(map(int, row.notes[seat].split(" + "))) == row.points[seat]
            assert "Residents:" in row.tips[seat]
        else:
            assert row.notes[seat] == "no resident"


def test_every_traders_event_is_said_in_the_log() -> None:
    """[M-TRADER-3] [M-TRADER-5] a line for each decision, naming the citizens."""
    citizen, other = CITIZENS[0], CITIZENS[-1]
    names = ("You", "Ann")
    said = {
        traders.RESIDENT_EVENT: {"e": traders.RESIDENT_EVENT, "player": 1, "citizen": citizen, "tile": 20},
        traders.NEW_EVENT: {"e": traders.NEW_EVENT, "player": 0, "citizen": other},
        traders.SWAP_EVENT: {"e": traders.SWAP_EVENT, "player": 1, "out": citizen, "in": other},
        traders.BACK_EVENT: {"e": traders.BACK_EVENT, "player": 0, "at": [1, 0]},
    }

    def text(event: dict) -> str:
        return " ".join(line.text for line in narrate([event], names, 0))

    for name, event in said.items():
        assert text(event) and "{" not in text(event), name
    assert "Ann" in text(said[traders.SWAP_EVENT])
    assert "citizen" in text(said[traders.NEW_EVENT]).lower()


# ---------------------------------------------------------------------- help and setup
@pytest.mark.parametrize("name", ["thieves", "traders"])
def test_each_page_says_its_rules_are_reconstructed_and_lists_its_choices(name: str) -> None:
    """RULES.md §11: no complete rule sheet was read, so each page says its rules are reconstructed from summaries
    and lists this game's choices (RULES.md's **Choice** lines of §11.3 and §11.5)."""
    page = MODULE_PAGES[name]
    text = " ".join([page.intro, *(p for s in page.sections for p in s.paragraphs)])
    assert "reconstructed from summaries" in page.intro
    assert len(page.sections) == 3 and len(page.sections[1].paragraphs) >= 5, "the choices, each in a paragraph"
    facts = {
        "thieves": ("4 each with two or three players", "clockwise", "before the vizier window", "last turn"),
        "traders": ("of your choice", "hut, camp or bazaar", "no colour matched", "6 + 1 = 7", "in secret"),
    }[name]
    for fact in facts:
        assert fact in text.replace("the one you choose", "of your choice"), fact


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
@pytest.mark.parametrize("name", ["thieves", "traders"])
def test_each_page_renders_in_the_rules_help_with_its_tabs_whole(
    make_app: MakeApp, size: tuple[int, int], name: str
) -> None:
    """The page has a tab (after the pages of the modules offered at setup) and renders inside the view; no tab's
    name is cut, however many pages there are."""
    check_page_renders_with_its_tabs_whole(make_app, size, name, tabs_above_view=True)


def test_the_setup_keys_are_t_and_s_and_free() -> None:
    """T and S switch the thieves and the street traders at setup: no other module's letter."""
    check_setup_keys({"thieves": "T", "traders": "S"})


def test_each_person_chooses_their_disc_before_the_first_turn_behind_a_curtain(make_app: MakeApp) -> None:
    """[M-TRADER-2] a new game with the traders: each person chooses three citizens (clicks) and the side of the
    start tile (a click) for their disc, in secret (a curtain before each where two share the screen); Confirm
    waits for three; the game starts from their choices, which its record keeps; the bot's stays dealt."""
    from game.client.modules.traders_setup import DiscChoice
    from game.client.scenes.curtain import CurtainScene
    from game.client.scenes.setup_choices import SetupChoiceScene
    from game.client.scenes.turn import TurnScene
    from game.engine.record import to_record

    driver = make_app(speed=0.0)
    driver.app.settings.curtain = True
    driver.app.start()
    driver.step(2)
    driver.app.new_game(["Ann", "Bob"], ["random"], 3, MODULES)
    wanted = {0: ([0, 2, 5], (-1, 0)), 1: ([1, 3, 4], (0, 1))}
    for seat in (0, 1):
        driver.step(2)
        curtain = driver.scene
        assert isinstance(curtain, CurtainScene) and curtain.seat == seat, "the choice is secret: a curtain first"
        driver.key(pygame.K_RETURN)
        scene = driver.scene
        assert isinstance(scene, SetupChoiceScene) and scene.seat == seat
        choice = scene.choice
        assert isinstance(choice, DiscChoice)
        kinds, side = wanted[seat]
        for kind in kinds:
            driver.click(choice.citizen_rects()[kind].center)
            if kind != kinds[-1]:
                driver.key(pygame.K_RETURN)  # fewer than three: Confirm waits
                assert driver.scene is scene
        driver.click(choice.side_rects()[side].center)
        driver.step()
        assert scene.confirm.enabled
        driver.key(pygame.K_RETURN)
    driver.step(3)
    table = next(s for s in driver.app.stack.scenes if isinstance(s, TurnScene)).table
    part = traders.of(table.state)
    for seat, (kinds, side) in wanted.items():
        assert sorted(PIECE_COLOUR[c] for c in part.discs[seat]) == kinds
        assert xy_of(part.at[seat]) == side
    assert to_record(table.game)["setup"]["traders"][1] == {
        "disc": sorted(part.discs[1]),
        "at": [0, 1],
    }, "the record keeps the choice"


# ---------------------------------------------------------------------- whole games
def test_a_person_asked_by_the_thief_window_out_of_turn_gets_the_curtain(make_app: MakeApp) -> None:
    """[M-THIEF-4] [D-HIDDEN-1] two people at one screen: thieves are secret, so before a person is asked by the
    thief window (out of turn) the screen passes behind a curtain, for them."""
    from game.client.scenes.curtain import CurtainScene

    driver = make_app(speed=0.0)
    driver.app.settings.curtain = True
    table = Table.new(["Ann", "Bob"], [], 4, MODULES)
    driver.app.play(table)
    player = StreetPlayer(driver, seed=4)
    for _ in range(400):
        driver.wait(lambda: isinstance(driver.scene, CurtainScene) or getattr(driver.scene, "can_act", False), 60)
        scene = driver.scene
        if isinstance(scene, CurtainScene):
            under = driver.app.stack.scenes[-2]
            state = under.table.state
            if state.phase == thieves.WINDOW:
                assert scene.seat == state.decider != state.turn_player, "the curtain is for the person asked"
                return
            driver.key(pygame.K_RETURN)
            continue
        if not hasattr(scene, "table"):
            driver.click_widget("next")
            continue
        player.play_once(scene)
    raise AssertionError("no thief window asked a person out of turn")


@pytest.mark.slow
def test_a_whole_game_with_thieves_and_traders_through_the_interface(make_app: MakeApp) -> None:
    """Every thieves and traders move made by clicks and keys ([M-THIEF-3], [M-THIEF-5], [M-TRADER-3],
    [M-TRADER-5]), the bots deciding in the worker, until the game over scene; the residents scored."""
    done, kinds = play_a_whole_game(make_app, StreetPlayer, 7, MODULES)
    assert {"steal", "keep thieves", "disc back", "place"} <= done, done
    assert done & {"resident", "swap", "trader pass"}, done
    assert {thieves.EVENT, traders.BACK_EVENT} <= kinds, kinds


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_screenshot_of_the_thief_window(make_app: MakeApp, screenshots, size) -> None:  # type: ignore[no-untyped-def]
    """The table in your thief window: your thieves glowing, the offer's cards they may steal lit as targets, saved
    to look at (tests/client/screenshots)."""
    _, scene = sit_down(make_app, at("steal"), size)
    surface = pygame.Surface(size)
    scene.draw(surface)
    pygame.image.save(surface, str(screenshots / f"thief_window_{size[0]}x{size[1]}.png"))


def test_a_resident_on_a_building_on_the_reserve_is_drawn_on_it_there() -> None:
    """[M-TRADER-7] a resident stays on its building moved to the reserve, where it does not count: it is no mark
    of the Alhambra but is drawn on the tile wherever the tile is drawn off it (``overlays``)."""
    state = at("resident").state
    part = traders.of(state)
    assert part is not None
    tile = next(t for reserve in state.reserves for t in reserve) if any(state.reserves) else state.market[0]
    citizen = part.supply[0]
    part.residents[0][tile] = citizen  # test setup: a resident whose building went to the reserve
    compiled = modules_for(state.rules)
    assert [(m.item, m.spot) for m in compiled.overlays(state, tile)] == [(citizen, "resident")]
    assert all(m.item != citizen for m in compiled.marks(state, 0))
