"""The scoring overlay says what each rank is worth and how a tie earned its points ([B-SCORE-2], [B-SCORE-3])."""

from __future__ import annotations

from pathlib import Path

import pygame
from driver import MakeApp
from test_camps_bazaars_client import _just_scored, _tips_over_the_sheet

from game.client.scenes.scoring import SUBTITLES, ScoringScene
from game.client.score_sheet import rank_worth, sheet_for
from game.client.table import Table


def _tie(event: dict) -> bool:
    """A scoring where two players share a paying rank of some type."""
    by_what: dict[str, list[int]] = {}
    for award in event["points"]:
        by_what.setdefault(award["what"], []).append(award["points"])
    return any(len(points) != len(set(points)) for what, points in by_what.items() if what != "wall")


def test_the_overlay_says_rank_worth_and_explains_a_tie_b_score_2_b_score_3(
    make_app: MakeApp, screenshots: Path
) -> None:
    """[B-SCORE-2] each type's row says what its ranks are worth at this scoring; [B-SCORE-3] over a tied
    player's cell, the tooltip adds up the ranks they share and divides; the subtitle says which places pay."""
    game, event = _just_scored(_tie, modules=())
    sheet = sheet_for(game.state, event, [])
    for kind, row in enumerate(sheet.rows[:6]):
        assert row.legend == rank_worth(event["round"], kind)
    tied_row, seat = next(
        (r, c)
        for r, row in enumerate(sheet.rows[:6])
        for c, rank in enumerate(row.ranks)
        if rank.endswith("=") and row.points[c]
    )
    for size in ((1024, 700), (1920, 1080)):
        driver = make_app(speed=0.0, size=size)
        driver.app.play(Table(game, (0,)))
        driver.step(2)
        driver.app.screens.open_scoring(driver.scene, sheet)
        scoring = driver.scene
        assert isinstance(scoring, ScoringScene)
        driver.step(2)
        pygame.image.save(driver.app.screen, str(screenshots / f"scoring_ranks_{size[0]}x{size[1]}.png"))
        said = _tips_over_the_sheet(driver, scoring, tied_row, seat)
        assert any("tie for" in text and f"{sheet.rows[tied_row].points[seat]} each." in text for text in said), said
    assert "second places score" in SUBTITLES[2] and "third places score" in SUBTITLES[3]


def test_points_of_a_scoring_rise_to_each_token_on_the_track_b_score_1(make_app: MakeApp) -> None:
    """[B-SCORE-1] points are added to the score track at once: each player's points of the scoring rise from
    their panel to where their token will stand, then the token counts up there; none at the instant speed."""
    from game.client.animation import Drift

    game, event = _just_scored(lambda e: e["round"] == 1, modules=())
    sheet = sheet_for(game.state, event, [])
    for speed, expected in ((1.0, True), (0.0, False)):
        driver = make_app(speed=speed, size=(1280, 800))
        driver.app.play(Table(game, (0,)))
        driver.step(2)
        scene = driver.scene
        scene.on_event_shown(event, sheet)
        drifts = [effect for effect in scene.animator.effects if isinstance(effect, Drift)]
        winners = [seat for seat, gained in zip(sheet.collectors, sheet.gained, strict=True) if gained]
        if not expected:
            assert drifts == []
            continue
        assert len(drifts) == len(winners) > 0
        totals = [float(t) for t in event["totals"]]
        for drift, seat in zip(drifts, winners, strict=True):
            assert drift.end == scene.top.token_centre(event["totals"][seat], totals)
        assert scene.ticker.target == list(event["totals"])
