"""City gates (RULES.md §11.1) at the table: ``game/client/modules/gates.py``.

Checked through the scene's input (clicks at real positions) and the views: the gate card beside the market taken by
a click ([M-GATE-4]); a tile placed through a gate by clicks on the tray and its lit cell, the gate it would use
drawn on its side under the mouse, and the gate drawn on its double wall afterwards on every Alhambra ([M-GATE-5],
[M-GATE-7]); a redesign through a gate; the gate cards in the hands; the log's sentences and the cards' flights; the
help page, the setup key and the panel's words in every language at two sizes; a whole game.  Positions are reached
with the engine (test setup); from there on the tests only click.  The games are passed their modules explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import pygame
import pytest
from driver import MakeApp
from gate_player import GatePlayer
from module_checks import (
    check_page_renders_with_its_tabs_whole,
    check_panels_in_every_language,
    check_setup_keys,
    play_a_whole_game,
)
from module_player import position, sit_down
from test_module_panels_layout import Drawing

from game.client.modules import modules_for, moved_items
from game.client.modules.gates import GatesPanel
from game.client.narrate import narrate
from game.client.scenes.rules_help import MODULE_PAGES
from game.client.sprites import Sprites
from game.client.theme import Fonts, TextCache
from game.engine import ACTION, Game, GameState
from game.engine.alhambra import xy_of
from game.engine.components import GATE_CARDS
from game.engine.modules import gates
from game.engine.modules.gates import GatedFromReserve, GatedPlace, GatedSwap, TakeGate
from game.i18n import _, words

SIZES = ((1024, 700), (1920, 1080))
MODULES = ("gates",)


# ---------------------------------------------------------------------- positions (test setup, not play)
def gate_on_offer(state: GameState) -> bool:
    """The human's action, the gate card beside the market."""
    return (
        state.phase == ACTION and state.turn_player == 0 and any(isinstance(a, TakeGate) for a in state.legal_actions())
    )


def gated_place(state: GameState) -> bool:
    """The human places a bought tile, and a placement through a gate is open."""
    return state.decider == 0 and any(isinstance(a, GatedPlace) for a in state.legal_actions())


def gated_redesign(state: GameState) -> bool:
    """The human's action, a tile of the reserve may come in through a gate."""
    return (
        state.phase == ACTION
        and state.turn_player == 0
        and not state.held
        and any(isinstance(a, GatedFromReserve | GatedSwap) for a in state.legal_actions())
    )


def gates_standing(state: GameState) -> bool:
    part = gates.of(state)
    return state.phase == ACTION and part is not None and len(part.standing) >= 2


@cache
def _position(name: str) -> Game:
    wanted = {"take": gate_on_offer, "place": gated_place, "redesign": gated_redesign, "standing": gates_standing}[name]
    return position(wanted, modules=MODULES, players=3, seeds=range(1, 400), limit=900)


def at(name: str) -> Game:
    """A fresh copy of the cached position ``name`` (each test plays on its own)."""
    return _position(name).copy()


# ---------------------------------------------------------------------- taking the gate card
def test_the_gate_card_is_taken_by_a_click_beside_the_market(make_app: MakeApp) -> None:
    """[M-GATE-4] the face-up gate card stands at the right end of the market row; a click on it takes it, a whole
    action; it then stands in the hand beside your Alhambra."""
    driver, scene = sit_down(make_app, at("take"))
    panel = scene.module_panels[gates.NAME]
    assert isinstance(panel, GatesPanel) and panel.rect.x >= scene.market.rect.right
    card = gates.of(scene.state).display  # type: ignore[union-attr]
    assert "take the city gate card" in scene.prompt.said().lower() or scene.prompt.said()
    player = GatePlayer(driver)
    player.take_gate(scene)
    assert card in gates.of(scene.state).held[0]  # type: ignore[union-attr]
    pieces = modules_for(scene.state.rules).pieces(scene.state, 0, 0)
    assert [p.item for p in pieces] == [card]


def test_the_gate_card_is_no_move_out_of_turn(make_app: MakeApp) -> None:
    """[M-GATE-4] the panel's click makes no move when it is not the human's action: nothing happens."""
    game = at("take")
    state = game.state
    panel = modules_for(state.rules).panels()[gates.NAME]
    panel.rect = pygame.Rect(800, 40, 104, 190)
    assert isinstance(panel, GatesPanel)
    from game.client.views.model import TableSnapshot

    snap = TableSnapshot.__new__(TableSnapshot)
    object.__setattr__(snap, "state", state)
    object.__setattr__(snap, "me", 1)
    assert panel.action_at(snap, panel.card_rect().center) is None, "another seat's click takes nothing"
    object.__setattr__(snap, "me", 0)
    assert panel.action_at(snap, panel.card_rect().center) == TakeGate(state.parts[gates.NAME].display)  # type: ignore[attr-defined]
    assert panel.action_at(snap, (panel.rect.x + 1, panel.rect.y + 1)) is None


# ---------------------------------------------------------------------- placing through a gate
def test_a_tile_is_placed_through_a_gate_by_clicks_its_cell_lit_and_its_gate_shown(make_app: MakeApp) -> None:
    """[M-GATE-5] the cell a tile reaches only across a double wall lights up with the others once the tile is
    picked; under the mouse the gate it would use is drawn faded on its side and the tooltip says so; a click places
    it through the gate, which is drawn on that side of the tile from then on."""
    driver, scene = sit_down(make_app, at("place"))
    move = next(a for a in scene.state.legal_actions() if isinstance(a, GatedPlace))
    player = GatePlayer(driver)
    driver.click(player.tray_pos(scene, move.tile))
    assert scene.sel.tile == move.tile
    cells, _ = scene.picker.targets()
    assert (move.x, move.y) in cells
    scene.ui.mouse = player.board_pos(scene, move.x, move.y)
    marks, _corners, ghosts = scene.drawing._board_marks(scene.snapshot(), None, None)  # type: ignore[attr-defined]
    assert {m.spot for m in ghosts} >= {f"edge-{side}" for side in move.sides[:1]}
    said = modules_for(scene.state.rules).describe(scene.state, move) or ""
    assert "through a city gate" in said and words.side(move.sides[0]) in said
    before = len(scene.table.game.events)
    driver.click(player.board_pos(scene, move.x, move.y))
    events = player.settle(scene, before)
    gate_events = [e for e in events if e["e"] == gates.EVENT]
    assert gate_events and gate_events[0]["tile"] == move.tile and gate_events[0]["side"] == move.sides[0]
    marks = modules_for(scene.state.rules).marks(scene.state, 0)
    assert any(m.at == (move.x, move.y) and m.spot == f"edge-{move.sides[0]}" and m.art == "gate" for m in marks)


def test_a_reserve_tile_comes_in_through_a_gate_by_clicks(make_app: MakeApp) -> None:
    """[M-GATE-5] [B-TURN-6] a redesign through a gate: the reserve tile picked, its gated cell (or the tile it swaps
    out) lit, a click makes it, End turn confirms it."""
    driver, scene = sit_down(make_app, at("redesign"))
    move = next(a for a in scene.state.legal_actions() if isinstance(a, GatedFromReserve | GatedSwap))
    player = GatePlayer(driver)
    player.gated(scene, move)
    assert "gate" in player.done


# ---------------------------------------------------------------------- the gates on every Alhambra
def test_the_gates_are_drawn_on_their_double_walls_on_every_alhambra() -> None:
    """[M-GATE-5] [M-GATE-7] each gate standing is a mark astride its side of its tile's cell, for its seat only;
    drawn on the middle of that side."""
    state = at("standing").state
    part = gates.of(state)
    assert part is not None
    compiled = modules_for(state.rules)
    for seat in range(state.players):
        marks = compiled.marks(state, seat)
        mine = [g for g in part.standing if g.player == seat]
        assert len(marks) == len(mine)
        for mark, gate in zip(marks, mine, strict=True):
            assert mark.at == xy_of(gate.cell) and mark.spot == f"edge-{gate.side}" and mark.art == "gate"
            assert words.side(gate.side) in mark.tip
            assert mark.key == ("card", gate.card) and gate.card in part.played, "its own card flies to it"
    # an older gate lost (its card stays played): each gate still standing keeps its own card, so no card flies
    # from one gate to another when the table is drawn again
    _lost, *kept = part.standing
    part.standing = kept
    for seat in range(state.players):
        mine = [g for g in kept if g.player == seat]
        assert [m.key for m in compiled.marks(state, seat)] == [("card", g.card) for g in mine]
    from game.client.views.alhambra import AlhambraView

    view = AlhambraView.__new__(AlhambraView)
    view._cell, view._origin, view.interactive = 60, (100, 100), True  # type: ignore[attr-defined]
    for side, point in (("N", (130, 100)), ("E", (160, 130)), ("S", (130, 160)), ("W", (100, 130))):
        from game.client.views.model import Mark

        assert view.mark_rect(Mark(0, (0, 0), "", spot=f"edge-{side}")).center == point


# ---------------------------------------------------------------------- the log
def test_every_gates_event_is_said_in_the_log_and_its_card_flies() -> None:
    """[M-GATE-3] to [M-GATE-7] a line for each event of the module, none with a placeholder left; the cards fly."""
    card = GATE_CARDS[0]
    said = {
        "aside": {"e": gates.ASIDE_EVENT, "card": card},
        "discard": {"e": gates.DISCARD_EVENT, "card": card},
        "take": {"e": gates.TAKE_EVENT, "player": 1, "card": card},
        "gate": {"e": gates.EVENT, "player": 0, "card": card, "tile": 20, "side": "E"},
        "lost": {"e": gates.LOST_EVENT, "player": 1, "tile": 20, "side": "W"},
    }

    def text(event: dict) -> str:
        return " ".join(line.text for line in narrate([event], ("You", "Ann"), 0))

    for name, event in said.items():
        assert text(event) and "{" not in text(event), name
    assert "beside the market" in text(said["aside"]) and "discarded" in text(said["discard"])
    assert text(said["take"]).startswith("Ann takes the city gate card")
    assert text(said["gate"]).startswith("You put up a city gate on the east side")
    assert "Ann's city gate on the west side" in text(said["lost"])
    assert moved_items(said["take"]) == [("card", card)] and moved_items(said["gate"]) == [("card", card)]
    assert moved_items(said["lost"]) == []


def test_a_gate_card_is_said_in_the_current_language() -> None:
    """``words.card`` names a gate card itself, not by the engine's English fallback."""
    assert words.card(GATE_CARDS[0]) == "city gate card"


# ---------------------------------------------------------------------- help, setup and layout
def test_the_page_says_its_rules_are_reconstructed_and_lists_its_choices() -> None:
    """RULES.md §11.1: the page says its rules are reconstructed and lists this game's choices (RULES.md's
    **Choice** lines of §11.1 and docs/RULE_CHOICES.md)."""
    page = MODULE_PAGES[gates.NAME]
    text = " ".join([page.intro, *(p for s in page.sections for p in s.paragraphs)])
    assert "reconstructed from" in page.intro
    assert len(page.sections) == 3 and len(page.sections[1].paragraphs) >= 5, "the choices, each in a paragraph"
    for fact in ("whole take-money action", "piles 3 and 4", "discard pile", "each gate", "camp", "stays short"):
        assert fact in text, fact


@pytest.mark.parametrize("size", SIZES)
def test_the_page_renders_in_the_rules_help_with_its_tabs_whole(make_app: MakeApp, size: tuple[int, int]) -> None:
    """RULES.md §11.1's page has a tab and renders inside the view; no tab's name is cut."""
    check_page_renders_with_its_tabs_whole(make_app, size, gates.NAME)


def test_the_setup_key_is_g_and_free() -> None:
    """G switches the city gates at setup: no other module's letter."""
    check_setup_keys({gates.NAME: "G"})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panels_words_stay_whole_and_inside_in_every_language(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The gate card's panel beside the market: its title drawn, nothing of it covering its words or
    leaving the panel, in every language at 1024x700 and 1920x1080; the card at least 40 px tall."""

    def check(language: str, screen: Drawing, panels: Mapping[str, object]) -> None:
        panel = panels[gates.NAME]
        assert isinstance(panel, GatesPanel)
        assert _("City gate").upper() in screen.words(panel), language
        assert panel.card_rect().h >= 40 and panel.rect.contains(panel.card_rect()), (language, size)

    check_panels_in_every_language(make_app, monkeypatch, _position("take"), size, check, [gates.NAME])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_screenshot_of_a_gated_placement(make_app: MakeApp, screenshots, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The table with the gate card's panel, gates standing and a tile held over a cell through a gate, saved to look
    at (tests/client/screenshots)."""
    driver, scene = sit_down(make_app, at("place"), size)
    move = next(a for a in scene.state.legal_actions() if isinstance(a, GatedPlace))
    player = GatePlayer(driver)
    driver.click(player.tray_pos(scene, move.tile))
    surface = pygame.Surface(size)
    scene.draw(surface)  # the board fitted to its lit cells
    pos = scene.board.cell_rect(move.x, move.y).center
    scene.ui.mouse = pos
    scene.draw(surface)
    pygame.image.save(surface, str(screenshots / f"gates_{size[0]}x{size[1]}.png"))
    assert surface.get_at(pos) != surface.get_at((0, 0))


# ---------------------------------------------------------------------- the art
def test_the_gate_card_and_token_load() -> None:
    pygame.font.init()
    sprites = Sprites(TextCache(Fonts()))
    card = sprites.card(GATE_CARDS[0], 120)
    token = sprites.token("gate", 64)
    assert card.get_height() == 120 and token.get_size() == (64, 64)
    assert token.get_at((1, 1)).a == 0 and token.get_at((32, 32)).a == 255


# ---------------------------------------------------------------------- a whole game
@pytest.mark.slow
def test_a_whole_game_with_gates_through_the_interface(make_app: MakeApp) -> None:
    """The gate card taken and tiles placed through gates by clicks ([M-GATE-4], [M-GATE-5]), the bots deciding in
    the worker, until the game over scene."""
    done, kinds = play_a_whole_game(make_app, GatePlayer, 3, MODULES)
    assert {"take gate", "place"} <= done, done
    assert {gates.ASIDE_EVENT, gates.TAKE_EVENT} <= kinds, kinds
