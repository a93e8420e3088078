"""Change (RULES.md §11.2) and the treasure chamber (§11.6) at the table: ``game/client/modules/change.py`` and
``chests.py``.

Checked through the scene's input (clicks and keys at real positions) and the views: coins drawn round in the hand
among the money of their currency and joining a payment by a click ([M-CHANGE-4]); the change bag's panel and the
coins' flight from it ([M-CHANGE-3]); a room of the chamber bought by a click on it, clicks on cards and the Buy
button, and refusals said ([M-CHEST-3], [M-CHEST-4], [M-CHEST-7]); a chest put on a lit building by a click
([M-CHEST-5]); the chests drawn on every Alhambra ([M-CHEST-6]); the log's sentences, the score sheet's row
([M-CHEST-8]), the help pages, the setup keys and the panels' layout in every language at two sizes.  Positions are
reached with the engine (test setup); from there on the tests only click and type.  The games are passed their
modules explicitly.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache

import pygame
import pytest
from chamber_player import MODULES, ChamberPlayer, chests_panel, room_pos
from driver import MakeApp
from module_checks import (
    check_page_renders_with_its_tabs_whole,
    check_panels_in_every_language,
    check_setup_keys,
    play_a_whole_game,
)
from module_player import position, sit_down
from test_module_panels_layout import Drawing

from ai import make_agent
from game.client.modules import modules_for, moved_items, setup_key
from game.client.modules.change import ChangePanel
from game.client.modules.chests import ChestsPanel
from game.client.narrate import narrate
from game.client.scenes.rules_help import MODULE_PAGES
from game.client.score_sheet import sheet_for
from game.client.sprites import Sprites, card_size
from game.client.table import Table
from game.client.theme import Fonts, TextCache
from game.engine import ACTION, Buy, Game, GameConfig, GameState, Seat
from game.engine.alhambra import xy_of
from game.engine.components import (
    ALL_MONEY,
    CARD_CURRENCY,
    CARD_VALUE,
    CHEST_POINTS,
    CHESTS,
    COINS,
    PIECE_COLOUR,
    SLOT_CURRENCY,
    is_coin,
)
from game.engine.modules import change, chests
from game.engine.modules.chests import BuyChests, PlaceChest
from game.i18n import _

SIZES = ((1024, 700), (1920, 1080))


# ---------------------------------------------------------------------- positions (test setup, not play)
def room_open(state: GameState) -> bool:
    """The human's action, a room of the chamber affordable."""
    return state.phase == ACTION and any(isinstance(a, BuyChests) for a in state.legal_actions())


def room_out_of_reach(state: GameState) -> bool:
    """The human's action with less than 8 in money: no room may be bought."""
    return (
        state.phase == ACTION
        and state.turn_player == 0
        and not state.held
        and sum(CARD_VALUE[c] for c in state.hands[0]) < chests.PRICE
    )


def placing(state: GameState) -> bool:
    return state.phase == chests.PLACING


def coin_pays(state: GameState) -> bool:
    """The human's action with a coin in hand whose currency's slot holds a tile."""
    if state.phase != ACTION or state.turn_player != 0 or state.held:
        return False
    slots = {SLOT_CURRENCY[a.slot] for a in state.legal_actions() if isinstance(a, Buy)}
    return any(is_coin(c) and CARD_CURRENCY[c] in slots for c in state.hands[0])


def chests_on_buildings(state: GameState) -> bool:
    part = chests.of(state)
    return state.phase == ACTION and part is not None and sum(len(on) for on in part.on) >= 3


def chest_on_a_reserve(state: GameState) -> bool:
    """The human's action, with a building that carries a chest on somebody's reserve."""
    part = chests.of(state)
    return (
        state.phase == ACTION
        and part is not None
        and any(tile in on for on, reserve in zip(part.on, state.reserves, strict=True) for tile in reserve)
    )


@cache
def _position(name: str) -> Game:
    wanted = {
        "room": room_open,
        "poor": room_out_of_reach,
        "place": placing,
        "coin": coin_pays,
        "chests": chests_on_buildings,
        "reserve": chest_on_a_reserve,
    }[name]
    return position(wanted, modules=MODULES, players=3, seeds=range(1, 200), limit=900)


def at(name: str) -> Game:
    """A fresh copy of the cached position ``name`` (each test plays on its own)."""
    return _position(name).copy()


# ---------------------------------------------------------------------- the treasure chamber: buying
def test_a_room_is_picked_by_a_click_its_payment_suggested_and_bought_with_buy(make_app: MakeApp) -> None:
    """[M-CHEST-3] a click on a room picks it and suggests the payment worth the least (at least 8); the Buy button
    under the rooms buys its four chests, which wait in the room, framed, to be placed."""
    driver, scene = sit_down(make_app, at("room"))
    state = scene.state
    room = next(a.room for a in state.legal_actions() if isinstance(a, BuyChests))
    part = chests.of(state)
    assert part is not None
    bought = sorted(part.rooms[room - 1])
    driver.click(room_pos(scene, room))
    assert scene.sel.lot == room
    paid = sum(CARD_VALUE[c] for c in scene.sel.pay)
    cheapest = min(sum(CARD_VALUE[c] for c in a.paid) for a in state.legal_actions() if isinstance(a, BuyChests))
    assert paid == cheapest >= chests.PRICE
    assert scene.prompt.said().startswith(f"Buy the chests of room {room}"), scene.prompt.said()
    before = len(scene.table.game.events)
    driver.click(chests_panel(scene).button_rect().center)
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy)
    events = scene.table.game.events[before:]
    assert events[0]["e"] == chests.BUY_EVENT and events[0]["room"] == room
    after = chests.of(scene.state)
    assert after is not None and (after.pending == bought or after.bought_room == 0)


def test_j_picks_the_next_room_that_can_be_bought(make_app: MakeApp) -> None:
    """[M-CHEST-3] the keyboard's way to a room: J picks the first room that can be bought now, again the next (the
    prompt names the key); Esc drops it."""
    driver, scene = sit_down(make_app, at("room"))
    state = scene.state
    rooms = sorted({a.room for a in state.legal_actions() if isinstance(a, BuyChests)})
    assert "J" in scene.prompt.said()
    seen = []
    for _press in rooms:
        driver.key(pygame.K_j)
        seen.append(scene.sel.lot)
        assert scene.sel.pay and sum(CARD_VALUE[c] for c in scene.sel.pay) >= chests.PRICE
    assert seen == rooms, "each room that can be bought, in turn"
    driver.key(pygame.K_ESCAPE)
    assert scene.sel.lot is None


def test_j_says_why_no_room_can_be_bought(make_app: MakeApp) -> None:
    """With less than 8 in money, J picks nothing and says why, as a click on a room does."""
    driver, scene = sit_down(make_app, at("poor"))
    driver.key(pygame.K_j)
    assert scene.sel.lot is None and scene.table.staged is None
    assert "at least 8" in scene.toast_text


def test_a_card_clicked_joins_or_leaves_the_rooms_payment_and_x_changes_it(make_app: MakeApp) -> None:
    """[M-CHEST-4] any money card (or coin) joins the payment by a click, whatever its currency; again, it leaves."""
    driver, scene = sit_down(make_app, at("room"))
    room = next(a.room for a in scene.state.legal_actions() if isinstance(a, BuyChests))
    driver.click(room_pos(scene, room))
    out = next((c for c in scene.state.hands[0] if c not in scene.sel.pay), None)
    if out is None:  # every card pays: drop one instead
        out = scene.sel.pay[0]
    had = out in scene.sel.pay
    rect = scene.hand.card_rect(scene.snapshot(), out)
    assert rect is not None
    driver.click((rect.x + 6, rect.y + rect.h // 2))
    assert (out in scene.sel.pay) != had
    driver.click((rect.x + 6, rect.y + rect.h // 2))
    assert (out in scene.sel.pay) == had
    before = list(scene.sel.pay)
    driver.key(pygame.K_x)
    assert len(scene.sel.suggestions) == 1 or scene.sel.pay != before


def test_a_payment_under_8_is_refused_with_the_rules_reason(make_app: MakeApp) -> None:
    """[M-CHEST-3] the Buy button with less than 8 chosen: the engine refuses it and the table says why."""
    driver, scene = sit_down(make_app, at("room"))
    room = next(a.room for a in scene.state.legal_actions() if isinstance(a, BuyChests))
    driver.click(room_pos(scene, room))
    while sum(CARD_VALUE[c] for c in scene.sel.pay) >= chests.PRICE:
        card = max(scene.sel.pay, key=lambda c: CARD_VALUE[c])
        rect = scene.hand.card_rect(scene.snapshot(), card)
        assert rect is not None
        driver.click((rect.x + 6, rect.y + rect.h // 2))
    before = len(scene.table.game.events)
    if scene.sel.pay:
        driver.click(chests_panel(scene).button_rect().center)
        driver.step(2)
        assert len(scene.table.game.events) == before, "nothing bought"
        assert "at least 8" in scene.toast_text


def test_a_room_out_of_reach_says_why_when_clicked(make_app: MakeApp) -> None:
    """[M-CHEST-3] less than 8 in money: a click on a room picks nothing and says the price."""
    driver, scene = sit_down(make_app, at("poor"))
    driver.click(room_pos(scene, 1))
    assert scene.sel.lot is None
    assert "at least 8" in scene.toast_text


# ---------------------------------------------------------------------- the treasure chamber: placing
def test_a_chest_goes_on_a_lit_building_by_a_click(make_app: MakeApp) -> None:
    """[M-CHEST-5] the buildings of a waiting chest's colour without a chest are lit; a click on one puts a chest
    there, which is then drawn on it."""
    driver, scene = sit_down(make_app, at("place"))
    state = scene.state
    moves = [a for a in state.legal_actions() if isinstance(a, PlaceChest)]
    lit = set(scene.picker.targets()[0])
    board = state.boards[0]
    assert lit == {xy_of(board.cell_of(m.tile)) for m in moves}  # type: ignore[arg-type]
    move = moves[0]
    before = len(scene.table.game.events)
    x, y = xy_of(board.cell_of(move.tile))  # type: ignore[arg-type]
    scene.board.fit(board.grid)
    driver.click(scene.board.cell_rect(x, y).center)
    if scene.table.staged is not None:
        driver.key(pygame.K_RETURN)
    driver.wait(lambda: not scene.director.busy)
    placed = [e for e in scene.table.game.events[before:] if e["e"] == chests.PLACE_EVENT]
    assert placed and placed[0]["tile"] == move.tile and placed[0]["player"] == 0
    marks = modules_for(scene.state.rules).marks(scene.state, 0)
    assert any(m.at == (x, y) and m.spot == "treasure" for m in marks)
    assert "chest" in scene.prompt.said().lower() or scene.state.phase != chests.PLACING


def test_the_chests_are_drawn_on_every_alhambra_where_the_flights_say() -> None:
    """[M-CHEST-6] each chest on a building of an Alhambra is a mark on its cell, for every seat; the chests in the
    rooms and the bag have their places on the panel (flights from the room, back to the bag)."""
    game = at("chests")
    state = game.state
    part = chests.of(state)
    assert part is not None
    compiled = modules_for(state.rules)
    for seat in range(state.players):
        marks = compiled.marks(state, seat)
        counted = chests.counted(state, seat)
        assert len(marks) == counted
        for mark in marks:
            assert part.on[seat].get(state.boards[seat].grid[_cell(state, seat, mark.at)]) == mark.item
    panel = chests_panel_of(state)
    places = panel.item_positions(state)
    in_chamber = [c for room in part.rooms for c in room] + list(part.bag)
    assert all(("tile", c) in places for c in in_chamber)


def test_a_chest_on_a_building_on_the_reserve_is_drawn_on_it_there(make_app: MakeApp) -> None:
    """[M-CHEST-6] a chest stays on its building moved to the reserve (where it does not count): the tile carries
    it wherever it is drawn off the Alhambra, in its lower left quarter like on the Alhambra."""
    game = at("reserve")
    state = game.state
    part = chests.of(state)
    assert part is not None
    carried = {
        tile: on[tile] for on, reserve in zip(part.on, state.reserves, strict=True) for tile in reserve if tile in on
    }
    assert carried
    _, scene = sit_down(make_app, game)
    overlays = scene.snapshot().overlays
    for tile, chest in carried.items():
        assert [(m.item, m.spot) for m in overlays.get(tile, ())] == [(chest, "treasure")]
    assert not any(m.item in carried.values() for seat in range(state.players) for m in scene.snapshot().marks[seat])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_screenshot_with_a_chest_on_a_reserve(make_app: MakeApp, screenshots, size) -> None:  # type: ignore[no-untyped-def]
    """The table with a chest on a building on a reserve, saved to look at (tests/client/screenshots)."""
    _, scene = sit_down(make_app, at("reserve"), size)
    surface = pygame.Surface(size)
    scene.draw(surface)
    pygame.image.save(surface, str(screenshots / f"chest_on_reserve_{size[0]}x{size[1]}.png"))


def _cell(state: GameState, seat: int, at: tuple[int, int]) -> int:
    return next(cell for cell in state.boards[seat].grid if xy_of(cell) == at)


def chests_panel_of(state: GameState) -> ChestsPanel:
    """A new chamber panel, laid out beside a market."""
    panel = modules_for(state.rules).panels()[chests.NAME]
    assert isinstance(panel, ChestsPanel)
    panel.rect = pygame.Rect(600, 40, 188, 190)
    return panel


# ---------------------------------------------------------------------- change
def test_a_coin_is_round_and_joins_a_payment_like_money(make_app: MakeApp) -> None:
    """[M-CHANGE-4] a coin lies among the money of its currency, drawn round (not a card's rectangle), and a click
    adds it to the payment of a slot of its currency."""
    driver, scene = sit_down(make_app, at("coin"))
    state = scene.state
    slots = {SLOT_CURRENCY[a.slot]: a.slot for a in state.legal_actions() if isinstance(a, Buy)}
    coin = next(c for c in state.hands[0] if is_coin(c) and CARD_CURRENCY[c] in slots)
    assert Sprites.round_card(coin) and not Sprites.round_card(next(c for c in range(108) if not is_coin(c)))
    groups = {currency: [card for card, _ in cards] for currency, _header, cards in scene.hand.groups(scene.snapshot())}
    assert coin in groups[CARD_CURRENCY[coin]]
    art = scene.ui.sprites.card(coin, 120)
    assert art.get_at((1, 118)).a == 0, "below the round coin the art is clear: no card's corner"
    slot = slots[CARD_CURRENCY[coin]]
    driver.click(scene.market.slot_rects(scene.snapshot())[slot - 1].center)
    assert scene.sel.slot == slot
    rect = scene.hand.card_rect(scene.snapshot(), coin)
    assert rect is not None
    had = coin in scene.sel.pay
    driver.click((rect.x + 6, rect.y + rect.h // 2))
    assert (coin in scene.sel.pay) != had


def test_the_change_drawn_flies_from_the_bag_to_the_hand_and_is_said() -> None:
    """[M-CHANGE-3] a ``change`` event moves its coins from the bag's panel to the buyer's hand, and the log says
    how many coins and which."""
    event = {"e": change.EVENT, "player": 1, "coins": [COINS[0], COINS[-1]]}
    assert moved_items(event) == [("card", COINS[0]), ("card", COINS[-1])]
    text = " ".join(line.text for line in narrate([event], ("You", "Ann"), 0))
    assert "Ann" in text and "2 coins" in text and "florin coin" in text.lower()
    one = " ".join(line.text for line in narrate([{**event, "player": 0, "coins": [COINS[0]]}], ("You", "Ann"), 0))
    assert one.startswith("You") and "{" not in one
    game = at("coin")
    panel = ChangePanel()
    panel.rect = pygame.Rect(0, 600, 292, 90)
    places = panel.item_positions(game.state)
    assert set(places) == {("card", c) for c in game.state.parts[change.NAME].bag}  # type: ignore[attr-defined]
    rects = panel.coin_rects()
    assert len(rects) == 4 and all(panel.rect.contains(r.clip(panel.rect)) for r in rects)


# ---------------------------------------------------------------------- the log and the score sheet
def test_every_chests_event_is_said_in_the_log() -> None:
    """[M-CHEST-3] [M-CHEST-5] [M-CHEST-7] a line for the purchase, each chest placed, chests going back, a room
    refilled and the chamber closing."""
    names = ("You", "Ann")
    said = {
        "buy": {"e": chests.BUY_EVENT, "player": 1, "room": 2, "paid": [0, 3]},
        "place": {"e": chests.PLACE_EVENT, "player": 0, "chest": CHESTS[0], "tile": 20},
        "back": {"e": chests.BACK_EVENT, "chests": [CHESTS[0], CHESTS[-1]]},
        "room": {"e": chests.ROOM_EVENT, "room": 2, "chests": list(CHESTS[:4])},
        "closed": {"e": chests.ROOM_EVENT, "room": 3, "chests": []},
    }

    def text(event: dict) -> str:
        return " ".join(line.text for line in narrate([event], names, 0))

    for name, event in said.items():
        assert text(event) and "{" not in text(event), name
    assert "Ann" in text(said["buy"]) and "room 2" in text(said["buy"]) and "no change" in text(said["buy"])
    assert text(said["place"]).startswith("You put the")
    assert "back into the bag" in text(said["back"])
    assert "closes" in text(said["closed"])
    assert moved_items(said["place"]) == [("tile", CHESTS[0])]
    assert moved_items(said["buy"]) == [("card", 0), ("card", 3)]


def test_the_score_sheet_has_a_row_for_the_chests() -> None:
    """[M-CHEST-8] at a scoring where chests scored: a row with each player's chests and points."""
    game = at("chests")
    state = game.state
    counts = [chests.counted(state, seat) for seat in range(state.players)]
    from game.engine.scoring import rank_points

    points = rank_points(counts, CHEST_POINTS[1])
    event = {
        "e": "score",
        "round": 2,
        "totals": [0] * state.players,
        "points": [{"player": p, "what": chests.SCORE_NAME, "points": n} for p, n in enumerate(points) if n],
    }
    lines = modules_for(state.rules).score_lines(state, event)
    assert [line.what for line in lines] == [chests.SCORE_NAME]
    line = lines[0]
    for seat, n in enumerate(counts):
        assert line.notes[seat] == (f"{n} chest" + ("s" if n != 1 else "") if n else "")
        if n:
            assert f"{points[seat]} points" in line.tips[seat]
    sheet = sheet_for(state, event, [])
    assert chests.SCORE_NAME in {row.what for row in sheet.rows}


# ---------------------------------------------------------------------- help, setup and layout
@pytest.mark.parametrize("name", ["change", "chests"])
def test_each_page_says_its_rules_are_reconstructed_and_lists_its_choices(name: str) -> None:
    """RULES.md §11: each page says its rules are reconstructed from summaries and lists this game's choices
    (RULES.md's **Choice** lines of §11.2 and §11.6)."""
    page = MODULE_PAGES[name]
    text = " ".join([page.intro, *(p for s in page.sections for p in s.paragraphs)])
    assert "reconstructed from summaries" in page.intro
    assert len(page.sections) == 3 and len(page.sections[1].paragraphs) >= 5, "the choices, each in a paragraph"
    facts = {
        "change": ("automatic", "back into the change bag", "pay for one falcon", "distribution", "exchange card"),
        "chests": ("after an exact purchase", "change coins pay", "seat order", "reserve", "closed for good"),
    }[name]
    for fact in facts:
        assert fact in text, fact


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["change", "chests"])
def test_each_page_renders_in_the_rules_help_with_its_tabs_whole(
    make_app: MakeApp, size: tuple[int, int], name: str
) -> None:
    """The page has a tab and renders inside the view; no tab's name is cut."""
    check_page_renders_with_its_tabs_whole(make_app, size, name)


def test_the_setup_keys_are_o_and_k_and_free() -> None:
    """Change and the camps both begin with C, the chests too: O (cOins) and K switch them at setup."""
    check_setup_keys({"change": "O", "chests": "K"})
    assert setup_key("camps") == "C"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panels_words_stay_whole_and_inside_in_every_language(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The chamber beside the market and the change bag in the column: their titles drawn, nothing of theirs
    covering their words or leaving the panel, in every language at 1024x700 and 1920x1080; the chests at least
    16 px, the coins' discs at least 20 px."""

    def check(language: str, screen: Drawing, panels: Mapping[str, object]) -> None:
        chamber, bag = panels[chests.NAME], panels[change.NAME]
        assert isinstance(bag, ChangePanel)
        assert _("Treasure chamber").upper() in screen.words(chamber), language
        assert _("Change bag").upper() in screen.words(bag), language
        assert isinstance(chamber, ChestsPanel)
        band = chamber.room_rects()[1]
        assert chamber.chest_rects(band)[0].w >= 16, (language, size)
        assert min(r.w for r in bag.coin_rects()) >= 20, (language, size)

    names = [chests.NAME, change.NAME]
    check_panels_in_every_language(make_app, monkeypatch, _position("chests"), size, check, names)


# ---------------------------------------------------------------------- a whole game
@pytest.mark.slow
def test_a_whole_game_with_change_and_chests_through_the_interface(make_app: MakeApp) -> None:
    """Rooms bought and chests placed by clicks ([M-CHEST-3], [M-CHEST-5]), tiles overpaid for change and coins
    paying ([M-CHANGE-3], [M-CHANGE-4]), the bots deciding in the worker, until the game over scene."""
    done, kinds = play_a_whole_game(make_app, ChamberPlayer, 7, MODULES)
    assert {"chests", "chest", "overpay", "place"} <= done, done
    assert {change.EVENT, chests.BUY_EVENT, chests.PLACE_EVENT, chests.ROOM_EVENT} <= kinds, kinds


# ---------------------------------------------------------------------- the art
@pytest.fixture(scope="module")
def sprites() -> Sprites:
    pygame.font.init()
    return Sprites(TextCache(Fonts()))


def grey(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGB")[::3]


def grey_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference of two same-sized images seen in greyscale (0..255)."""
    return sum(abs(x - y) for x, y in zip(grey(a), grey(b), strict=True)) / len(grey(a))


@pytest.mark.parametrize("height", [60, 120])
def test_every_coin_loads_round_and_differs_per_currency_also_in_greyscale(sprites: Sprites, height: int) -> None:
    """[M-CHANGE-1] a coin per currency, told apart by its emblem (not colour alone) and from a money card of value 1
    by its shape: its art's corners are clear where a card's are not."""
    faces = {CARD_CURRENCY[c]: sprites.card(c, height) for c in COINS}
    assert len(faces) == 4 and all(face.get_size() == card_size(height) for face in faces.values())
    for a, b in itertools.combinations(faces.values(), 2):
        assert grey_difference(a, b) > 3
    money = next(c for c in ALL_MONEY if CARD_VALUE[c] == 1 and CARD_CURRENCY[c] == 0)
    card = sprites.card(money, height)
    assert card.get_at((2, height - 3)).a > 200 and faces[0].get_at((2, height - 3)).a == 0
    assert grey_difference(faces[0], card) > 20


@pytest.mark.parametrize("size", [24, 64])
def test_every_chest_loads_with_its_building_emblem_and_differs_per_colour(sprites: Sprites, size: int) -> None:
    """[M-CHEST-1] a chest per building colour, each with that type's emblem: they differ in greyscale too."""
    faces = {PIECE_COLOUR[c]: sprites.tile(c, size) for c in CHESTS}
    assert len(faces) == 6 and all(face.get_size() == (size, size) for face in faces.values())
    if size == 64:
        for a, b in itertools.combinations(faces.values(), 2):
            assert grey_difference(a, b) > 2


# ---------------------------------------------------------------------- a bot's chest, played back
@cache
def _bot_placing() -> Game:
    """A game where a bot (seat 1) is about to put a chest on one of its buildings (random play, test setup)."""
    for seed in range(1, 120):
        seats = (Seat("You", "human"), Seat("Bot 1", "random"), Seat("Bot 2", "random"))
        game = Game.new(GameConfig(seed=seed, seats=seats, modules=MODULES))
        agent = make_agent("random", seed)
        for _turn in range(900):
            state = game.state
            if state.is_over:
                break
            if state.phase == chests.PLACING and state.decider == 1:
                return game
            game.apply(agent.choose(state.knowledge(state.decider), state.legal_actions()))
    raise AssertionError("no bot placing a chest in the seeds tried")


def test_a_bots_chest_flies_from_its_room_to_the_building_on_its_panel(make_app: MakeApp) -> None:
    """[M-CHEST-5] at normal speed a bot's placement is played back: the chest flies from the room it was bought
    from to its building on the bot's panel, where it is drawn after, and the log says it."""
    game = _bot_placing().copy()
    part = chests.of(game.state)
    assert part is not None
    driver = make_app(speed=1.0)
    driver.app.play(Table(game, (0,)))
    seen: dict = {}
    scene = None
    for _frame in range(3000):
        driver.step()
        scene = driver.scene
        for flight in getattr(getattr(scene, "animator", None), "flights", ()):
            seen.setdefault(flight.key, (flight.start.copy(), flight.end.copy()))
        placed = [e for e in scene.table.game.events if e["e"] == chests.PLACE_EVENT and e["player"] == 1]
        if placed and ("tile", placed[0]["chest"]) in seen:
            break
    assert scene is not None and placed, "the bot placed a chest"
    chest = placed[0]["chest"]
    begin, end = seen[("tile", chest)]
    panel = next(p for p in scene.opponents.panels if p.seat == 1)
    assert panel.rect.colliderect(end), "it lands on the bot's panel"
    assert chests_panel(scene).rect.colliderect(begin), "it leaves the treasure chamber"
    said = " ".join(line.text for line in narrate(scene.table.game.events, ("You", "Bot 1", "Bot 2"), 0))
    assert "Bot 1 puts the" in said
