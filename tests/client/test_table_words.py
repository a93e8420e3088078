"""Every word the table draws goes through the catalogue (issue 18): the prompt, the toasts, the buttons and their
tooltips, the hint, a refusal, a move waiting for End turn, the piles, the panels' titles, the buildings per type,
the score track, the opponents' panels, your hand, the bank, the market and the tray.

A marking catalogue stands in for a language: every message said through it comes out as "«message»" (the plural
chosen by the count), so a drawn text with letters and no mark went past the catalogue, unless it is a name (a
player's, a bot's) or a line cut from a marked sentence by the wrapping.  The messages the table looks up must also
be in the sources' extraction (marked ``_``, ``N_``, ``pgettext``...), or no translator would ever see them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from driver import Driver, MakeApp
from marking import MarkingCatalogue, note_derived
from positions import exact_payment_game
from text_layout import Recording, record_texts

from ai import make_agent
from game import i18n
from game.client.scenes.turn import TurnScene
from game.client.table import Table
from game.client.views.common import token_label
from game.client.views.majorities import majority_counts
from game.engine import Place, Take
from game.engine.components import MARKET_SLOTS
from game.i18n import catalogues

MODULES = ("vizier", "exchange", "huts", "bonus", "camps", "bazaars", "falcons")
I18N = Path(i18n.__file__).parent


class Marking(MarkingCatalogue):
    """Every message wrapped in «», the plural chosen by the count; each (context, message) looked up is kept with
    the file that asked for it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: dict[tuple[str | None, str], str] = {}

    def said(self, context: str | None, message: str, form: str) -> str:
        frame = sys._getframe(2)
        while frame is not None and Path(frame.f_code.co_filename).is_relative_to(I18N):
            frame = frame.f_back
        self.asked.setdefault((context, message), frame.f_code.co_filename if frame is not None else "?")
        return f"«{form}»"


@pytest.fixture
def marking(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Marking, set[str]]]:
    """The marking catalogue as the current language (a new generation, as a language change makes one), and the
    set that collects the lines wrapped or cut from a marked text (a wrapped sentence's middle line has no mark)."""
    catalogue = Marking()
    monkeypatch.setattr(i18n, "_catalogue", catalogue)
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    derived = note_derived(monkeypatch)
    yield catalogue, derived


def extracted() -> set[tuple[str | None, str]]:
    """Every (context, message) the catalogues' extractor finds in the sources (a plural by its singular)."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogues.extracted() if m.id}


class Look:
    """What the table drew (texts and tooltips) over several moments of a game, and the words past the catalogue."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, derived: set[str]) -> None:
        self.monkeypatch = monkeypatch
        self.derived = derived
        self.leaks: dict[str, set[str]] = {}
        self.seen: set[str] = set()

    def names(self, scene: TurnScene) -> set[str]:
        """Words shown as they are: the seats' and collectors' names and the letters on their tokens."""
        said = set(scene.table.names) | {scene.seat_name(key) for key in scene.shown_module_scores}
        return said | {token_label(name) for name in said} | {token_label(name)[1:] for name in said}

    def marked(self, text: str, names: set[str]) -> bool:
        """Through the catalogue, or no words: no letter, a key's cap or the toast's icon ("Q", "i"), a name."""
        if len(text.strip()) <= 1 or not any(ch.isalpha() for ch in text) or "«" in text or "»" in text:
            return True
        return text in self.derived or text.rstrip("…") in self.derived or text in names

    def draw(self, moment: str, driver: Driver, hover: bool = True) -> None:
        """Draw the table as it is, then once with the mouse over each thing that has a tooltip."""
        scene = driver.scene
        assert isinstance(scene, TurnScene)
        names = self.names(scene)
        texts = record_texts(self.monkeypatch, scene.ui.text)
        screen = Recording(driver.app.size, texts)
        ui = scene.ui
        ui.mouse = (-100, -100)
        scene.draw(screen)
        found = {text for text, _ in screen.placed if not self.marked(text, names)}
        self.seen.update(text for text, _ in screen.placed)
        for point in points(scene) if hover else ():
            ui.mouse = point
            ui._tooltip_asked = None
            scene.draw(screen)
            asked = ui._tooltip_asked
            if asked is not None:
                tip = asked[0].rsplit("  [", 1)[0]  # a hotkey in brackets is a key's name
                self.seen.add(tip)
                if not self.marked(tip, names):
                    found.add(f"tooltip: {tip}")
        ui.mouse = (-100, -100)
        if found:
            self.leaks[moment] = found


def points(scene: TurnScene) -> list[tuple[int, int]]:
    """A point on each thing of the table that explains itself when the mouse is over it."""
    snap = scene.snapshot()
    rects: list[pygame.Rect] = [w.rect for w in scene.widgets if w.visible]
    rects += scene.market.slot_rects(snap) + scene.bank.offer_rects(snap) + list(scene.bank.pile_rects(snap).values())
    deck = scene.bank.pile_rects(snap)["deck"]
    rects.append(pygame.Rect(scene.bank.rect.x + 20, deck.bottom + 40, 40, 10))  # the scorings' outlook
    for _currency, header, cards in scene.hand.groups(snap):
        rects += [header, *(rect for _card, rect in cards)]
    rects += [rect for _tile, rect in scene.tray.held_rects(snap) + scene.tray.reserve_rects(snap)]
    for panel in scene.opponents.panels:
        _info, tiles, hand = panel._info_rows(snap)
        lines = [pygame.Rect(hand.x, hand.y + k * 16, hand.w, 8) for k in range(4)]  # its hand, a line per currency
        rects += [panel.areas(snap)["grid"], tiles, *lines]
        rects += [rect for _item, rect in panel.piece_rects(snap)]
    heads, rows = scene.majorities.cell_rects(snap, len(majority_counts(snap)))
    rects += heads + [cell for row in rows for cell in row]
    rects += [pygame.Rect(scene.majorities.rect.x + 8, row[0].y, 20, row[0].h) for row in rows]
    rects.append(scene.top.track)
    rects += [rect for _piece, rect in scene.shelf.piece_rects(snap)]
    for panel in scene.module_panels.values():
        rects.append(panel.rect)
    return [rect.center for rect in rects if rect.w > 0 and rect.h > 0]


def hint(scene: TurnScene) -> None:
    """A hint of the greedy bot, as if asked for with H (worked out here, not in the worker)."""
    state = scene.state
    scene.hints.decision = make_agent("greedy", 1).decide(state.knowledge(state.decider), state.legal_actions())
    scene.hints.key = scene._hint_key()


@pytest.mark.slow
def test_every_word_of_the_table_comes_through_the_catalogue(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, marking: tuple[Marking, set[str]]
) -> None:
    catalogue, derived = marking
    look = Look(monkeypatch, derived)

    # a few rounds of a four-player game: hands, reserves, Alhambras, the log and the majorities fill up
    driver = make_app(ai=["greedy"] * 3, seed=3, speed=0.0, size=(1280, 800))
    driver.app.start()
    driver.wait_for_human()
    for _ in range(4):
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    scene = driver.scene
    look.draw("your turn", driver)
    driver.key(pygame.K_1)
    driver.key(pygame.K_2)
    look.draw("cards picked from the offer", driver, hover=False)
    scene.picker.cancel()
    slot = next(s for s in MARKET_SLOTS if scene.table.can_buy(s))
    driver.key((pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r)[slot - 1])
    look.draw("buying, with the payments suggested", driver)
    scene.picker.cancel()
    hint(scene)
    driver.step()
    look.draw("a hint", driver, hover=False)
    scene.cancel_hint()
    scene.perform(Take(()))  # refused by the engine: the refusal's toast
    driver.key(pygame.K_n)  # End turn with no exact payment: what the key is for
    look.draw("a refusal and a toast", driver, hover=False)
    scene.toggle_log()
    scene.cycle_speed()
    scene.toggle_log()
    look.draw("the animation speed's toast", driver, hover=False)

    # an exact payment: the extra action offered, the tile placed, the move waiting for End turn
    game, buy = exact_payment_game()
    driver.app.play(Table(game, (0,)))
    driver.wait_for_human()
    scene = driver.scene
    scene.perform(buy)
    driver.wait(lambda: scene.can_act)
    look.draw("an exact payment", driver)
    driver.key(pygame.K_n)
    driver.wait_for_human()
    driver.step()
    look.draw("placing a bought tile", driver)
    tile = scene.state.held[0]
    cells = scene.state.legal_cells(0, tile)
    refused = next(  # a cell beside the fountain that the tile may not take: its tooltip says why
        cell
        for cell in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if cell not in cells and scene.picker.refused(Place(tile, *cell)) is not None
    )
    scene.ui.mouse = scene.board.cell_rect(*refused).center
    scene.ui._tooltip_asked = None
    scene.draw(driver.app.screen)
    assert scene.ui._tooltip_asked is not None and scene.ui._tooltip_asked[0].startswith("«Not here: ")
    scene.perform(Place(tile, *cells[0]))
    driver.step()
    assert scene.table.staged is not None
    look.draw("a move waiting for End turn", driver)
    hint(scene)
    look.draw("a hint over a move waiting", driver, hover=False)
    scene.commit()
    look.draw("a bot's turn", driver, hover=False)

    # three players with every rule module: their panels, pieces and words beside the table's
    driver = make_app(ai=["greedy"] * 2, seed=5, speed=0.0, size=(1280, 800), modules=list(MODULES))
    driver.app.start()
    driver.wait_for_human()
    for _ in range(3):
        driver.key(pygame.K_1)
        driver.key(pygame.K_RETURN)
        driver.wait_for_human()
    look.draw("every module", driver)

    assert look.leaks == {}, "words drawn past the catalogue"
    known = extracted()
    ours = ("scenes/turn", "client/table.py", "client/views/", "client/animation.py")
    unmarked = {
        message: where
        for (context, message), where in catalogue.asked.items()
        if (context, message) not in known and any(part in where for part in ours)
    }
    assert unmarked == {}, "said through the catalogue but not marked for it: no translator would see them"
