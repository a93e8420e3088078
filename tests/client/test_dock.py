"""The dock: where the rule modules' panels beside the market go (``game/client/dock.py``), as arithmetic on rects.

The table's own tests (``test_text_layout``: every module on, 2 and 6 players, three sizes, every language) check
the drawing; these check the policy itself: one panel keeps the market row's height, several stack in one column
at their least heights and no higher than the row, the column reaches down only when it must, and the panels the
opponents' column cannot hold move beside your Alhambra only as far as they fit there."""

from __future__ import annotations

import itertools

import pygame

from game.client.dock import column_room, dock_rects, fitting, reaches_below, second_column

ROW = pygame.Rect(300, 50, 680, 178)  # the market row at scale 1
BOTTOM = 580  # your Alhambra's area's bottom


def test_one_panel_keeps_the_market_rows_height_at_its_right_end() -> None:
    (rect,) = dock_rects(ROW, BOTTOM, 176, 8, [120])
    assert rect == pygame.Rect(ROW.right - 176, ROW.y, 176, ROW.h)
    assert not reaches_below([rect], ROW)


def test_several_panels_stack_at_their_least_heights_and_no_higher_than_the_row() -> None:
    least = [128, 118, 108, 150]
    rects = dock_rects(ROW, BOTTOM, 176, 8, least)
    assert all(rect.x == ROW.right - 176 and rect.w == 176 for rect in rects)
    assert all(least[i] <= rect.h <= ROW.h for i, rect in enumerate(rects))
    assert all(one.bottom + 8 == two.y for one, two in itertools.pairwise(rects)), "stacked, a gap apart"
    assert rects[0].y == ROW.y and rects[-1].bottom <= BOTTOM
    assert reaches_below(rects, ROW)


def test_two_low_panels_that_fit_the_row_leave_your_alhambra_its_width() -> None:
    rects = dock_rects(ROW, BOTTOM, 176, 8, [64, 70])
    assert not reaches_below(rects, ROW)
    assert rects[0].y == ROW.y and rects[-1].bottom == ROW.bottom
    assert rects[0].h >= 64 and rects[1].h >= 70


def test_too_many_for_their_least_heights_share_the_column_in_proportion() -> None:
    rects = dock_rects(ROW, BOTTOM, 176, 8, [200, 200, 200])
    assert rects[-1].bottom <= BOTTOM and rects[0].y == ROW.y
    assert max(rect.h for rect in rects) - min(rect.h for rect in rects) <= 1


def test_the_opponents_column_keeps_the_module_panels_that_fit_under_its_opponents() -> None:
    # 738 px high, 5 opponents of 155: no room for any; 1 opponent: room for all three
    assert column_room(738, 8, 5, 155, [60, 120, 60]) == 0
    assert column_room(738, 8, 1, 155, [60, 120, 60]) == 3
    assert column_room(738, 8, 3, 155, [60, 120, 60]) == 2


def test_the_lowest_panels_move_first_as_many_as_fit() -> None:
    # a column 272 high: the three lowest fit (74 + 52 + 122 and two gaps), the tallest stays behind
    assert fitting(272, 8, [74, 150, 52, 122]) == [0, 2, 3]
    assert fitting(40, 8, [74, 150]) == []
    assert fitting(500, 8, [74, 150, 52, 122]) == [0, 1, 2, 3]


def test_the_second_column_stands_at_the_areas_right_end_each_no_higher_than_most() -> None:
    area = pygame.Rect(300, 300, 490, 272)
    rects = second_column(area, 176, 8, [74, 52, 122], 178)
    assert all(rect.right == area.right and rect.w == 176 for rect in rects)
    assert rects[0].y == area.y and rects[-1].bottom <= area.bottom
    assert all(need <= rect.h <= 178 for need, rect in zip([74, 52, 122], rects, strict=True))
