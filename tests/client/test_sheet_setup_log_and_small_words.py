"""The score sheet with
the rule modules' rows, the setup in every language, the game log that ``L`` enlarges, and the small things (an
article before a building's name, a tile's name starting a sentence, the reserve's drop words, tooltips over what
must be read, a word of English on the cards' art).  ``test_text_layout`` walks every screen of such games in
every language and size; these look closely at each fix, quickly."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp
from module_player import position, sit_down
from positions import every_module, exact_payment_game
from text_layout import Recording, draw_top_scene, overlaps, record_texts, watch_cuts

from game import i18n
from game.client.scenes.game_over import GameOverScene
from game.client.scenes.scoring import ScoringScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.turn import TurnScene
from game.client.score_sheet import sheet_for
from game.client.shortcuts import SHORTCUTS
from game.client.table import Table
from game.client.views.tray import RESERVE_DROP_WORDS
from game.engine.components import TILE_KIND
from game.engine.modules import CHOOSABLE
from game.engine.state import ACTION
from game.i18n import _, pgettext, words

ROOT = Path(__file__).resolve().parents[2]


def _look(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> Recording:
    """The top scene drawn onto a recording screen: its labels, cuts and covered labels (the mouse away)."""
    scene = driver.scene
    screen = Recording(driver.app.screen.get_size(), record_texts(monkeypatch, scene.ui.text))
    watch_cuts(monkeypatch, screen)
    scene.ui.mouse = (-100, -100)
    draw_top_scene(screen, driver.app.stack.scenes)
    return screen


def _with_tooltip(driver: Driver, monkeypatch: pytest.MonkeyPatch, pos: tuple[int, int]) -> Recording:
    """Point at ``pos`` long enough for its tooltip, then draw the top scene and the tooltip onto a recording screen:
    a label the tooltip's panel lands on is ``covered``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.step(2)
    ui = driver.app.ui
    ui.time += 1.0  # past the tooltip's delay
    screen = Recording(driver.app.screen.get_size(), record_texts(monkeypatch, ui.text))
    draw_top_scene(screen, driver.app.stack.scenes)
    screen.texts = {}  # the tooltip's own words are no labels: like its panel, they cover what lies under them
    ui.draw_tooltip(screen)
    return screen


def _covered_by_tooltip(driver: Driver, monkeypatch: pytest.MonkeyPatch, pos: tuple[int, int]) -> list[str]:
    """The labels the tooltip shown at ``pos`` covers (the labels already covered without it left out)."""
    driver.app.ui.mouse = (-100, -100)
    before = {words_ for words_, _rect, _sprite in _look(driver, monkeypatch).covered}
    screen = _with_tooltip(driver, monkeypatch, pos)
    return [words_ for words_, _rect, _sprite in screen.covered if words_ not in before]


# ====================================================================== item 10: the score sheet
def _open_sheet(make_app: MakeApp, size: tuple[int, int], code: str, players: int, number: int) -> Driver:
    scored, event, later = every_module(players).scorings[number - 1]
    driver = make_app(speed=0.0, size=size, lang=code)
    driver.app.replace(TurnScene(driver.app, Table(scored.copy(), (0,))))
    driver.app.screens.open_scoring(driver.scene, sheet_for(scored.state, event, list(later)))
    driver.step(2)
    assert isinstance(driver.scene, ScoringScene)
    return driver


@pytest.mark.parametrize("code", ["en", "hu", "fa"])
@pytest.mark.parametrize("number", [2, 3])
def test_the_sheets_counts_stay_in_line_and_every_word_in_its_cell(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, code: str, number: int
) -> None:
    """The huts' and bonus cards' part of a count ("+2 hut, +1 bonus") sat between two rows, lifted its count out of
    line and ran under the next cell; the camp lines' and bazaars' notes were cut with "…".  Now every word of a
    row stays in that row, every word of a cell in that cell, the counts of a row on one line, nothing is cut."""
    driver = _open_sheet(make_app, (1024, 700), code, 4, number)
    scoring = driver.scene
    screen = _look(driver, monkeypatch)
    assert screen.cuts == [] and overlaps(screen.placed) == [] and screen.covered == []
    from game.client.scenes.scoring import sheet_layout  # where the rows went

    layout = sheet_layout(scoring.ui, scoring.sheet, scoring.names(), scoring.area)
    sheet = scoring.sheet
    assert any(row.shares for row in sheet.rows) and any(row.notes for row in sheet.rows), "huts and modules' rows"
    for r, row in enumerate(sheet.rows):
        band = pygame.Rect(scoring.area.x, layout.tops[r], scoring.area.w, layout.heights[r])
        inside = [(words, rect) for words, rect in screen.placed if band.collidepoint(rect.center)]
        assert all(band.contains(rect) for _words, rect in inside), (row.title, inside)
        cells = [scoring.cell(r, c) for c in range(len(sheet.collectors))]
        for words_, rect in inside:
            cell = next((cell for cell in cells if cell.collidepoint(rect.center)), None)
            assert cell is None or cell.inflate(2, 0).contains(rect), (row.title, words_, rect, cell)
        if not row.notes:  # the counts' line: every count of the row at one height
            counts = {str(count) for count in row.counts if count is not None}
            tops = {box.centery for words_, box in screen.boxes if words_ in counts and band.collidepoint(box.center)}
            assert len(tops) <= 1, (row.title, tops)


@pytest.mark.parametrize("code", ["en", "hu"])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_end_says_every_players_tiles_whole(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, code: str, size: tuple[int, int]
) -> None:
    """ "At the end" named every hut, camp and bazaar of a player on one line, cut with "…"; now it counts them by
    kind ("3 huts, 2 camps"), on as many lines as it takes, and names them in the tooltip; the final sheet is whole."""
    game = every_module(4).end
    driver = make_app(speed=0.0, size=size, lang=code)
    driver.app.screens.show_game_over(Table(game.copy(), (0,)), None)
    driver.step(2)
    scene = driver.scene
    assert isinstance(scene, GameOverScene)
    screen = _look(driver, monkeypatch)
    assert screen.cuts == [] and overlaps(screen.placed) == []
    drawn = "".join(words_ for words_, _rect in screen.placed).replace(" ", "")
    for seat in range(4):
        text, others = scene._fact(seat)
        assert others and text.replace(" ", "") in drawn, text  # every line drawn, whole


# ====================================================================== item 12: the setup
@pytest.mark.parametrize("code", ["fa", "hu"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_setup_says_every_module_and_label_whole(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, code: str, size: tuple[int, int]
) -> None:
    """In Persian and Hungarian the modules' descriptions were cut to a line with "…" (English wrapped them) and
    the seed's label to "Kezdőérték (nem köt…"; a bot's name or level was cut in a small window.  Now every
    description shown is whole (a smaller style, then a wider panel, before the titles alone, each description then
    said whole in its tooltip: with the thirteen modules offered, the titles alone at 1024x700, every description
    at 1920x1080), a long label takes two lines, the opponents' rows are shared by what their names need."""
    driver = make_app(size=size, lang=code, modules=CHOOSABLE)
    driver.app.start()
    driver.key(pygame.K_n)
    scene = driver.scene
    assert isinstance(scene, SetupScene)
    for count in (1, 5):
        scene.count.index = count - 1
        scene.layout(size)
        for row in scene.rows[:count]:  # a level row shown on each, the longest names
            row.kind.index = row.kind.options.index("mcts")
            row._kind_changed(row.kind.index)
        screen = _look(driver, monkeypatch)
        assert screen.cuts == [], screen.cuts
        assert overlaps(screen.placed) == []
        for toggle in scene.toggles:
            whole = driver.app.ui.text.wrap(toggle.text, toggle._size(), toggle.rect.w - scene.ui.px(24))
            shown_lines = toggle.lines(toggle.rect.w - scene.ui.px(24))
            assert shown_lines == whole or (shown_lines == [] and toggle.cut(toggle.rect.w)), toggle.name
        assert all(scene.panel.contains(toggle.rect) for toggle in scene.toggles)
        if size == (1920, 1080):
            assert all(toggle.described for toggle in scene.toggles), "a large window describes every module"
        assert scene.toggles[-1].rect.bottom < scene.start.rect.top


# ====================================================================== item 13: the game log
def test_l_enlarges_the_log_then_hides_it_then_shows_it_again(make_app: MakeApp) -> None:
    """The log showed four lines at 1280x800 and ``L`` only hid it.  Now ``L`` enlarges it (the whole column under
    the money offer: more than twice the lines), then hides it, then shows it as usual; the choice is kept."""
    driver = make_app(ai=["greedy"] * 3, seed=3, speed=0.0, size=(1280, 800))
    driver.app.start()
    driver.wait_for_human()
    scene = driver.scene
    title = scene.ui.px(34)  # the panel's title, above its lines
    usual = scene.log.rect.copy()
    assert usual.h > 0 and scene.majorities.rect.h > 0
    driver.key(pygame.K_l)
    large = scene.log.rect.copy()
    assert large.h - title >= 2 * (usual.h - title), (usual, large)
    assert not large.colliderect(scene.bank.rect) and large.bottom <= scene.hand.rect.y
    assert not large.colliderect(scene.majorities.rect) and not large.colliderect(scene.board.rect)
    driver.key(pygame.K_l)
    assert scene.log.rect.h == 0 and scene.majorities.rect.h > 0
    driver.key(pygame.K_l)
    assert scene.log.rect == usual
    driver.key(pygame.K_l)
    again = make_app(ai=["greedy"], seed=3, speed=0.0, size=(1280, 800))  # the choice is saved with the settings
    again.app.start()
    again.wait_for_human()
    assert again.scene.log.rect == large
    said = dict(SHORTCUTS)["L"]
    assert "enlarge" in said and "hide" in said
    assert "enlarge" in str(scene.log_button.tooltip)


# ====================================================================== item 14: the small things
ARTICLE = re.compile(r"\ban? \{(type|first|second|other_type|building|kind|colour)\}")


def test_no_sentence_puts_an_article_before_a_buildings_name() -> None:
    """ "with a Arcades": a building type's name is no noun that takes "a" or "an" in every case, so no sentence
    of the game puts one before it."""
    found = []
    for folder in ("game/client", "game/engine", "game/i18n"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if ARTICLE.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize("code", ["en", "hu"])
def test_a_tiles_name_starts_with_a_capital(code: str) -> None:
    """ "dirham bazaar (…) costs 7 dirham now" started a sentence in lower case: a tile's name (a building, a hut,
    a camp, a bazaar, a falcon) starts with a capital, as "Tower 9" and "Garden hut" do."""
    i18n.set_language(code)
    for tile in range(len(TILE_KIND)):
        said = words.tile(tile)
        assert said[:1] == said[:1].upper(), said
        assert words.tile_name(tile)[:1] == words.tile_name(tile)[:1].upper(), words.tile_name(tile)


@pytest.mark.parametrize("code", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_reserves_drop_words_keep_clear_of_its_dashed_edge(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], code: str
) -> None:
    """The words that say a tile may be dropped on the reserve touched both ends of its dashed frame (measured in
    the regular face, drawn in bold); now they keep clear of it."""
    game, buy = exact_payment_game()
    driver = make_app(speed=0.0, size=size, lang=code)
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    scene.perform(buy)
    driver.step(2)
    driver.key(pygame.K_n)  # no extra action: the bought tile, picked up, waits to be placed
    driver.step(2)
    assert scene.sel.source == "held" and scene.picker.reserve_drop_ok()
    screen = _look(driver, monkeypatch)
    px = scene.ui.px
    zone = scene.tray._areas(scene.snapshot())[1].inflate(px(6), px(6))
    forms = {_(source) for source in RESERVE_DROP_WORDS}
    said = [rect for words_, rect in screen.placed if zone.colliderect(rect) and any(words_ in f for f in forms)]
    assert said, "the drop words are drawn"
    assert all(zone.inflate(-2 * px(6), -2 * px(4)).contains(rect) for rect in said), (zone, said)


@pytest.mark.parametrize("code", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tooltip_keeps_off_the_menus_subtitle(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], code: str
) -> None:
    """A menu button's tooltip covered the subtitle under the logo."""
    driver = make_app(size=size, lang=code)
    driver.app.start()
    driver.step()
    subtitle = _("The tile-laying game by Dirk Henn")
    for widget in [w for w in driver.scene.widgets if w.visible and w.tooltip]:
        screen = _with_tooltip(driver, monkeypatch, widget.rect.center)
        assert subtitle in [words_ for words_, _rect in screen.placed]
        assert subtitle not in [words_ for words_, _rect, _sprite in screen.covered], widget.tooltip


@pytest.mark.parametrize("code", ["en", "hu"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tooltip_keeps_off_the_toast_that_offers_a_bonus_card(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], code: str
) -> None:
    """[M-BONUS-2] "You may now reveal the bonus card…": pointing at the card covered the toast that said so."""
    game = position(lambda s: s.phase == ACTION and bool(s.optional_actions()), seeds=range(1, 200), limit=600)
    driver, scene = sit_down(make_app, game, size)
    i18n.set_language(code)
    driver.step(2)
    toast = scene.toast_text
    assert toast
    (reveal, *_) = scene.state.optional_actions()
    rect = dict((p.item, r) for p, r in scene.shelf.piece_rects(scene.snapshot()))[reveal.card]
    covered = _covered_by_tooltip(driver, monkeypatch, rect.center)
    assert driver.app.ui._tooltip is not None, "the card's tooltip is shown"
    assert [words_ for words_ in covered if words_ in toast] == []


@pytest.mark.parametrize("code", ["en", "hu"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tooltip_keeps_off_the_slot_that_prices_a_bazaar(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], code: str
) -> None:
    """[M-BAZAAR-3] buying a bazaar marks the market slot whose tile sets its price; the bazaar's tooltip covered
    that mark."""
    from test_camps_bazaars_client import position as module_position
    from test_camps_bazaars_client import waiting_and_payable

    game = module_position(waiting_and_payable)
    driver, scene = sit_down(make_app, game, size)
    i18n.set_language(code)
    driver.step(2)
    panel = next(panel for panel in scene.module_panels.values() if panel.beside_market)
    rects = panel.rects(scene.state)
    item = None
    for tile, rect in rects.items():
        driver.click(rect.center)
        if scene.sel.item == tile:
            item = tile
            break
    assert item is not None, "a bazaar picked to buy"
    snap = scene.snapshot()
    slot = scene.sel.slot
    marked = scene.market.slot_rects(snap)[slot - 1]
    mark = pgettext("market chip", "sets the price")
    screen = _look(driver, monkeypatch)
    inside = {words_ for words_, rect in screen.placed if marked.inflate(0, scene.ui.px(40)).colliderect(rect)}
    assert mark in inside, inside
    pointed = [rects[item].center] + [frame.center for frame in scene.market.slot_rects(snap)]
    pointed += [chip.rect.center for chip in scene.drawing.prompt_chips()]  # the payments offered
    for pos in pointed:
        covered = _covered_by_tooltip(driver, monkeypatch, pos)
        assert not inside & set(covered), (pos, covered)


def test_the_cards_art_says_no_word() -> None:
    """ "BONUS" was printed in English on the bonus cards in every language (and "SCORING" on the scoring cards):
    their art carries stars instead, and the files shipped are the generator's."""
    from assets import generate

    drawn: list[str] = []
    original = generate.Canvas.text

    def text(self, font, size, words_, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(words_)
        return original(self, font, size, words_, *args, **kwargs)

    generate.Canvas.text = text  # type: ignore[method-assign]
    try:
        pygame.init()
        made = {
            f"cards/bonus_{kind}_{cost}.png": generate.bonus_card(kind, cost) for kind, cost in generate.BONUS_TILES
        }
        made |= {f"cards/scoring_{n}.png": generate.scoring_card(n) for n in (1, 2)}
    finally:
        generate.Canvas.text = original  # type: ignore[method-assign]
    assert [said for said in drawn if re.search(r"[A-Za-z]", said) and not re.fullmatch(r"[IV]+", said)] == []
    for path, surface in made.items():
        shipped = pygame.image.load(str(generate.PKG / path))
        assert pygame.image.tobytes(shipped, "RGBA") == pygame.image.tobytes(surface, "RGBA"), path
