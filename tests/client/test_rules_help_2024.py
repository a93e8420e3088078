"""The rules help's pages for the 2024 edition's modules: camps, bazaars and falconers (RULES.md §9.5-9.7).

Each page has a tab after expansion 1's pages, renders at two window sizes with every line of text inside
its area (paragraphs wrap within the page, headings are never shortened, the drawings' captions and notes
keep to their room and clear of the art and of each other), tells the key rules in player language, and
its worked examples add up to what the text says.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pygame
import pytest
from driver import MakeApp

from game.client.help_blocks import CHOICES_TITLE
from game.client.modules.bazaars_help import BAZAAR_EXAMPLE, BAZAAR_NEIGHBOURS
from game.client.modules.camps_help import CAMP_LINE_NOTES, CAMP_LINE_TILES
from game.client.modules.falcons_help import FALCON_HAND
from game.client.scenes.rules_help import MODULE_PAGES, PAGE_LABELS, PAGES, RulesScene, module_blocks
from game.engine.components import (
    BAZAAR_TYPES,
    BUILDING_TYPES,
    CAMP_ARROWS,
    CAMPS,
    FALCON_POINTS,
    TILE_WALLS,
    E,
    N,
    S,
    W,
)
from game.engine.modules import CHOOSABLE, NOT_OFFERED_YET, RECORD_NAMES, bazaars, camps, falcons

EDITION_2024 = (camps.NAME, bazaars.NAME, falcons.NAME)  # RULES.md §9.5-9.7, after expansion 1's four
SIZES = [(1024, 700), (1920, 1080)]
PROGRAM_NOTATION = re.compile(r"\[[A-Z]+-[A-Z]+-\d+\]|\(-?\d+, -?\d+\)|\b[NESW]{1,3}\b|§|_")


def open_rules(make_app: MakeApp, size: tuple[int, int], name: str) -> RulesScene:
    driver = make_app(size=size)
    driver.app.start()
    driver.step()
    driver.key(pygame.K_r)  # from the title menu
    scene = driver.scene
    assert isinstance(scene, RulesScene)
    scene.show_section(name)
    driver.step(2)
    assert scene.page == name and scene.scroll == 0
    return scene


def page_text(name: str) -> str:
    page = MODULE_PAGES[name]
    return " ".join([page.title, page.intro, *(f"{s.title} {' '.join(s.paragraphs)}" for s in page.sections)])


def test_the_2024_pages_have_tabs_after_the_first_expansion() -> None:
    assert (
        EDITION_2024 == ("camps", "bazaars", "falcons") == tuple(name for name in MODULE_PAGES if name in EDITION_2024)
    )
    offered = {name for name in RECORD_NAMES if name not in NOT_OFFERED_YET}  # the client knows those offered
    ahead = set(MODULE_PAGES) - offered  # a module not offered yet whose client half is built has its page ahead
    assert ahead <= set(NOT_OFFERED_YET)
    assert set(PAGES) == {"base", *offered, *ahead}, "every module of the rule book has a page"
    expected = ("base", *CHOOSABLE, *(name for name in MODULE_PAGES if name not in CHOOSABLE))
    assert expected == PAGES
    labels = dict(zip(PAGES, PAGE_LABELS, strict=True))
    assert [labels[name] for name in EDITION_2024] == ["Camps", "Bazaars", "Falconers"]


@pytest.mark.parametrize("size", [SIZES[0], *(pytest.param(size, marks=pytest.mark.slow) for size in SIZES[1:])])
@pytest.mark.parametrize("name", EDITION_2024)
def test_each_2024_page_renders_with_its_text_inside(
    make_app: MakeApp, tmp_path: Path, size: tuple[int, int], name: str
) -> None:
    scene = open_rules(make_app, size, name)
    ui = scene.ui
    assert scene.panel.contains(scene.view) and scene.view.bottom < scene.back.rect.top
    assert scene.tabs.rect.bottom <= scene.view.top
    for segment, label in zip(scene.tabs.segments(), scene.tabs.labels, strict=True):
        assert ui.text.fit(label, ui.font_px(14), segment.w - 6, "bold") == label, "a tab is cut"
    width = scene.view.w - ui.px(16)
    parts = [block(ui, width) for block in module_blocks(name)]
    assert all(part.get_width() <= scene.view.w for part in parts)
    # Paragraphs (bulleted, indented) wrap within the page: no word runs past the edge.
    page = MODULE_PAGES[name]
    paragraphs = [(page.intro, width)] + [(t, width - ui.px(22)) for s in page.sections for t in s.paragraphs]
    for text, room in paragraphs:
        for line in ui.text.wrap(text, ui.font_px(17), room):
            assert ui.text.size(line, ui.font_px(17))[0] <= room, f"overflows the page: {line!r}"
    for section in page.sections:
        heading = section.title
        assert ui.text.fit(heading, ui.font_px(18), width, "bold") == heading, f"heading cut: {heading}"
    # The drawings: art inside the part, each line of text inside its room, clear of the art and of other text.
    pictures = [block for section in page.sections for block in section.pictures]
    assert len(pictures) == 2
    for picture in pictures:
        placed: list[tuple[str, pygame.Rect]] = []
        surface = picture(ui, width, placed)  # type: ignore[call-arg]
        bounds = surface.get_rect()
        arts = [rect for kind, rect in placed if kind == "art"]
        rooms = [rect for kind, rect in placed if kind == "room"]
        texts = [rect for kind, rect in placed if kind == "text"]
        assert arts and texts
        for rect in arts + rooms:
            assert bounds.contains(rect), f"{picture.__name__}: {rect} outside {bounds}"
        for rect in texts:
            assert any(room.contains(rect) for room in rooms), f"{picture.__name__}: text {rect} leaves its room"
            assert rect.collidelist(arts) == -1, f"{picture.__name__}: text {rect} over the art"
        for a, b in itertools.combinations(texts, 2):
            assert not a.colliderect(b), f"{picture.__name__}: lines {a} and {b} overlap"
    pygame.image.save(scene.app.screen, str(tmp_path / f"rules_{name}_{size[0]}x{size[1]}_top.png"))
    scene.scroll_by(10**6)
    assert scene.scroll == scene.max_scroll > 0
    scene.app.step()
    pygame.image.save(scene.app.screen, str(tmp_path / f"rules_{name}_{size[0]}x{size[1]}_end.png"))


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        (
            "camps",
            (
                "bastion",
                "green",
                "arrow",
                "every scoring",
                "bought like a building",
                "may only touch a wall of another tile",
                "two camps may only touch along green sides",
                "never touches an open side",
                "need not be reachable on foot",
                "count as walls for the wall scoring",
                "walls inside your alhambra do not break the line",
                "an empty space or another camp ends",
                "huts count in the line",
                "given out like a building",
                "neutral collector",
            ),
        ),
        (
            "bazaars",
            (
                "beside the market",
                "costs what the tile in the market slot of its currency costs",
                "paid exactly",
                "cannot be bought while the slot of its currency is empty",
                "vizier",
                "exchange card",
                "a camp in the bazaar's slot sets the price",
                "only once: at the third, final scoring",
                "eight neighbours",
                "times",
                "huts",
                "not given out",
                "neutral collector",
            ),
        ),
        (
            "falcons",
            (
                "black, brown and white",
                "only action of your turn",
                "never the extra action",
                "one money card, of any currency and any value",
                "four tiles",
                "one falcon per corner",
                "each of its two colours",
                "never go to the reserve",
                "back to the supply",
                "swap",
                "hut's colour does not count",
                "an exchange card is not a money card",
                "every scoring",
                "neutral collector gets no falcons",
            ),
        ),
    ],
)
def test_each_2024_page_tells_the_key_rules(name: str, facts: tuple[str, ...]) -> None:
    text = page_text(name).lower()
    for fact in facts:
        assert fact in text, f"the {name} page does not say: {fact}"
    assert not PROGRAM_NOTATION.search(page_text(name)), "no rule ids, codes or coordinates for players"
    assert "dirk" not in text  # the two-player collector is named only on the first page
    headings = [section.title for section in MODULE_PAGES[name].sections]
    assert headings == ["The pieces", "Buying and placing", "Scoring", CHOICES_TITLE, "At the table"]


def test_the_falcon_points_are_listed_in_full() -> None:
    assert FALCON_POINTS[1:6] == (2, 6, 12, 20, 30)
    assert "1 falcon scores 2 points, 2 score 6, 3 score 12, 4 score 20 and 5 score 30" in page_text("falcons")


def test_the_camp_example_adds_up() -> None:
    """[M-CAMP-3] the drawn camp's arrows count the tiles the text names: 2 north, 2 east, 4 in all."""
    grid = {(x, y): kind for x, y, kind, _ in CAMP_LINE_TILES}
    camp_at, camp = next((cell, kind) for cell, kind in grid.items() if kind in CAMPS)
    assert all(walls == TILE_WALLS[kind] for _, _, kind, walls in CAMP_LINE_TILES if kind in CAMPS), "its bastions"
    counts = {}
    for side, (dx, dy) in {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}.items():
        if CAMP_ARROWS[camp] & side:
            x, y, n = camp_at[0] + dx, camp_at[1] + dy, 0
            while (x, y) in grid and grid[(x, y)] not in CAMPS:
                n, x, y = n + 1, x + dx, y + dy
            counts[side] = n
    assert counts == {N: 2, E: 2}
    assert "4 points" in CAMP_LINE_NOTES[-1] and "4 points at each scoring" in page_text("camps")


def test_the_bazaar_example_adds_up() -> None:
    """[M-BAZAAR-5] the drawn bazaar: 4 neighbours of its colours x 2 colours = 8 points; huts never count."""
    colours = {BUILDING_TYPES[kind] for kind in BAZAAR_TYPES[BAZAAR_EXAMPLE]}  # type: ignore[union-attr]
    counted = [kind for _, _, kind, _, _ in BAZAAR_NEIGHBOURS if kind in colours]
    assert [kind in colours for _, _, kind, _, _ in BAZAAR_NEIGHBOURS] == [c for *_, c in BAZAAR_NEIGHBOURS]
    assert len(BAZAAR_NEIGHBOURS) == 8 and any(kind.startswith("hut_") for _, _, kind, _, _ in BAZAAR_NEIGHBOURS)
    assert len(counted) * len(set(counted)) == 8
    assert "= 8 points" in page_text("bazaars")


def test_the_falcon_example_adds_up() -> None:
    """[M-FALCON-5] three black, one brown, two white: 12 + 2 + 6 = 20."""
    assert [len(kind) for kind in FALCON_HAND] == [3, 1, 2]
    assert sum(FALCON_POINTS[len(kind)] for kind in FALCON_HAND) == 20
    assert "12 + 2 + 6 = 20 points" in page_text("falcons")
