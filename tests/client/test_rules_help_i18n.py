"""The rules help in other languages (issue 18): every word on its pages comes through the message catalogue,
a language change lays the page out again, and in a right-to-left language its text starts at the right.

The catalogue here is a stand-in that wraps every message in « »: a line of the page with a letter outside
those marks was never translated.  (A paragraph wraps over several lines, so the marks are followed from
line to line in the order the lines are rendered.)
"""

from __future__ import annotations

import pygame
import pytest
from driver import MakeApp
from marking import MarkingCatalogue

from game import i18n
from game.client import theme
from game.client.help_blocks import Block, Placed
from game.client.modules.bazaars_help import bazaar_prices
from game.client.modules.falcons_help import falcon_corners
from game.client.scenes.rules_help import PAGES, RulesScene, page_blocks

OPEN, CLOSE = "«", "»"


class Marked(MarkingCatalogue):
    """Every message 'translated' into itself between « and »."""


def untranslated(lines: list[str]) -> list[str]:
    """The lines (in rendering order) with a letter outside every « »."""
    depth, found = 0, []
    for line in lines:
        outside = False
        for char in line:
            if char == OPEN:
                depth += 1
            elif char == CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0 and char.isalpha():
                outside = True
        if outside:
            found.append(line)
    return found


def rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, every text the text cache renders, in order."""
    texts: list[str] = []
    original = theme.TextCache.render

    def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(theme.TextCache, "render", render)
    return texts


def open_rules(make_app: MakeApp, size: tuple[int, int] = (1280, 800)) -> RulesScene:
    driver = make_app(size=size)
    driver.app.start()
    driver.step()
    driver.app.push(RulesScene(driver.app))
    driver.step(2)
    scene = driver.scene
    assert isinstance(scene, RulesScene)
    return scene


def test_every_line_of_every_page_comes_through_the_catalogue(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_rules(make_app)
    english = scene._content()  # laid out in English first: a language change must lay it out again
    monkeypatch.setattr(i18n, "_catalogue", Marked())
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    texts = rendered(monkeypatch)
    for name in PAGES:
        scene.show_section(name)
        texts.clear()
        content = scene._content()
        if name == "base":
            assert content is not english, "the page is laid out again in the new language"
        assert any(OPEN in text for text in texts), f"the {name} page was not laid out again"
        assert untranslated(texts) == [], f"the {name} page shows words that are not in the catalogue"
    # The frame around the pages: title, tabs, hint and button.
    texts.clear()
    scene.scroll_by(10**6)
    scene.draw(scene.app.screen)
    assert untranslated(texts) == [], "the rules help's frame shows words that are not in the catalogue"
    for label in ("How to play Alhambra", "The game", "Close", "next page"):
        assert any(label in text and OPEN in text for text in texts), f"{label!r} not shown translated"


def test_the_page_is_cached_per_language(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_rules(make_app)
    first = scene._content()
    assert scene._content() is first, "laid out once, then kept"
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1)
    assert scene._content() is not first, "a language change lays the page out again"


def _texts(block: Block, ui: object, width: int) -> list[pygame.Rect]:
    """The lines of text of ``block`` laid out at ``width``, by row, each row in reading order."""
    placed: Placed = []
    block(ui, width, placed)  # type: ignore[call-arg]
    rtl = i18n.is_rtl()
    return sorted((rect for kind, rect in placed if kind == "text"), key=lambda r: (r.y, -r.right if rtl else r.x))


def _drawn_examples(block: Block) -> bool:
    """Parts whose captions sit under drawings that are not mirrored (the example Alhambras, the market, the
    falcons on their corners)."""
    return block.__qualname__.startswith("example_grid") or block in (bazaar_prices, falcon_corners)


def _rows(rects: list[pygame.Rect]) -> list[int]:
    """Which row, counted from the top, each rectangle is on (texts whose middles are within 3 pixels share one)."""
    middles: list[int] = []
    for middle in sorted(rect.centery for rect in rects):
        if not middles or middle - middles[-1] > 3:
            middles.append(middle)
    return [min(range(len(middles)), key=lambda row: abs(middles[row] - rect.centery)) for rect in rects]


@pytest.mark.parametrize("name", PAGES)
def test_right_to_left_text_starts_at_the_right_margin(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """In Persian every paragraph, heading, note and table of the page is the English page's mirror image."""
    scene = open_rules(make_app)
    ui, width = scene.ui, scene.view.w - scene.ui.px(16)
    blocks = [block for block in page_blocks(name) if not _drawn_examples(block)]
    left = [_texts(block, ui, width) for block in blocks]
    monkeypatch.setattr(i18n, "_current", "fa")
    assert i18n.is_rtl()
    right = [_texts(block, ui, width) for block in page_blocks(name) if not _drawn_examples(block)]
    assert sum(map(len, left)) > 10
    for block, ltr, rtl in zip(blocks, left, right, strict=True):
        assert len(ltr) == len(rtl), block.__qualname__
        for one, two in zip(ltr, rtl, strict=True):
            # The line that started at x now ends at width - x (or, centred, is centred there); a line shaped
            # right to left may come out a pixel wider or narrower.
            starts = abs(two.right - (width - one.x)) <= 1
            centred = abs(two.centerx - (width - one.centerx)) <= 1
            assert starts or centred, (block.__qualname__, one, two)
        # Each line stays on its row (Persian rows are a little taller: their letters reach above and below a
        # Latin line box, so the rows' y differ, not their order).
        assert _rows(ltr) == _rows(rtl), block.__qualname__
    # Paragraphs end at the page's right edge (a bulleted one at its indent), never at the left.
    paragraphs = [rect for rects in right for rect in rects]
    assert max(rect.right for rect in paragraphs) == width


@pytest.mark.parametrize("code", [c if c == "en" else pytest.param(c, marks=pytest.mark.slow) for c in i18n.LANGUAGES])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_page_in_every_language_fits_its_width_with_every_glyph(
    make_app: MakeApp, code: str, size: tuple[int, int]
) -> None:
    """Every page of the rules help, not only the first screenful, in each language (issue 18): each line of
    text within the page's width (measured from the rendered lines) and no character without a glyph."""
    scene = open_rules(make_app, size)
    i18n.set_language(code)
    ui, width = scene.ui, scene.view.w - scene.ui.px(16)
    ui.text._cache.clear()
    ui.text.fonts.missing.clear()
    for name in PAGES:
        rects = [rect for block in page_blocks(name) for rect in _texts(block, ui, width)]
        assert len(rects) > 5, name
        assert [rect for rect in rects if rect.left < 0 or rect.right > width] == [], f"{code} {name}"
        scene.show_section(name)
        scene._content()
    assert ui.text.fonts.missing == set(), f"{code}: no glyph for {''.join(sorted(ui.text.fonts.missing))}"
