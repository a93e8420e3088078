"""The moments of the game as the timeline shows them: a person's turn, an exact payment's flourish, a wall ring
closed round an Alhambra, a scoring card, a scoring's points rising to the track, the end, and the rule modules'
own moments (a vizier buying out of turn).  ``playback.Director`` calls ``shown`` at each event's moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine import GameState
from game.engine import events as record_events
from game.engine.alhambra import ALL_SIDES
from game.i18n import _

from ... import theme
from ...modules import banner
from ...playback import TIMING
from .seating import Seating

if TYPE_CHECKING:
    from ...animation import Animator
    from ...modules import Compiled
    from ...playback import Positions
    from ...score_sheet import Sheet
    from ...table import Table
    from ...views.alhambra import AlhambraView
    from ...views.hand import HandView
    from ...views.model import TableSnapshot
    from ...views.opponents import OpponentsView
    from ...views.topbar import TopBar
    from ...widgets import Text, Ui
    from .score_ticker import ScoreTicker
    from .toast import Banner


def walled_in(state: GameState, seat: int) -> bool:
    """Whether a wall runs all round ``seat``'s Alhambra: beyond the fountain, and every side that faces an
    empty cell a wall (or a camp's bastion), so that no tile could be added any more."""
    if len(state.boards[seat].grid) < 2:
        return False
    spots = state.boards[seat].spots()
    return bool(spots) and all(spot.touching == spot.need_wall & ALL_SIDES for spot in spots)


class Owner(Protocol):
    """What the moments use of the table scene that owns them."""

    ui: Ui
    table: Table
    me: int
    modules: Compiled
    animator: Animator
    ticker: ScoreTicker
    banner: Banner
    seating: Seating
    opponents: OpponentsView
    board: AlhambraView
    hand: HandView
    top: TopBar

    def snapshot(self) -> TableSnapshot: ...

    def positions(self) -> Positions: ...

    def show_toast(self, text: Text, warn: bool = False) -> None: ...

    def open_scoring(self, sheet: Sheet) -> None:
        """The sheet of a scoring over the table (the timeline waits for it)."""
        ...

    def show_the_end(self) -> None:
        """The game over screen, in place of the table."""
        ...


class Moments:
    """The table's flourishes, banners and sounds at the game's moments."""

    __slots__ = ("owner", "rings")

    def __init__(self, owner: Owner, state: GameState) -> None:
        self.owner = owner
        self.rings: set[int] = {seat for seat in range(state.players) if walled_in(state, seat)}  # celebrated

    def shown(self, event: dict, sheet: Sheet | None) -> bool:
        """An event's moment in the timeline has come; True if a scene was opened (pause the timeline)."""
        owner = self.owner
        ui = owner.ui
        kind = event.get("e")
        if kind == record_events.TURN and event["player"] in owner.table.people:
            # (bots' turns are shown in their panel and the actions panel, with no banner)
            owner.banner.show(owner.seating.turn_words(event["player"]), ui.time)
            ui.sounds.play("turn")
        elif kind == record_events.BUY and event.get("exact"):  # an exact payment: a flourish where the tile lands
            landing = owner.positions().get(("tile", event["tile"]))
            if landing is not None:
                owner.animator.sparkle(landing.center, max(ui.px(30), landing.w), theme.GOLD_LIGHT, TIMING[kind][0])
            ui.sounds.play("flourish")
        elif kind == record_events.PLACE and isinstance(event.get("player"), int):
            self.celebrate_a_ring(event["player"])
        elif kind == record_events.SCORING_CARD:
            number = event["round"]
            owner.banner.show(lambda: _("Scoring card {round}!").format(round=number), ui.time)
            ui.sounds.play("score")
        elif kind == record_events.SCORE and sheet is not None:
            owner.ticker.scored(event["totals"], owner.modules.event_scores(event))
            self.send_points_to_the_track(sheet)
            if event["round"] < 3:
                owner.open_scoring(sheet)
                return True
        elif kind == record_events.GAME_OVER:
            owner.show_the_end()
            return True
        else:
            words = banner(event, owner.table.names, owner.table.you)  # a rule module's moment (a vizier buys)
            if words:
                owner.banner.show(words, ui.time)
        return False

    def celebrate_a_ring(self, seat: int) -> None:
        """A wall ring completed round an Alhambra (every side facing out is a wall, [B-SCORE-4]) gets a
        flourish over that Alhambra, once until the ring is broken again."""
        owner = self.owner
        state = owner.table.state
        if not walled_in(state, seat):
            self.rings.discard(seat)
            return
        if seat in self.rings:
            return
        self.rings.add(seat)
        ui = owner.ui
        panel = owner.opponents.panel(seat)
        board = panel.areas(owner.snapshot())["grid"] if panel is not None else owner.board.rect
        owner.animator.sparkle(board.center, max(ui.px(60), min(board.size) // 2), theme.GOLD_LIGHT, 0.3, 1.1)
        ui.sounds.play("flourish")
        wall, name = state.boards[seat].wall_length(), owner.table.names[seat]
        if seat == owner.me:
            owner.show_toast(lambda: _("Your Alhambra is walled all round: a wall of {wall}.").format(wall=wall))
        else:
            owner.show_toast(
                lambda: _("{player}'s Alhambra is walled all round: a wall of {wall}.").format(player=name, wall=wall)
            )

    def send_points_to_the_track(self, sheet: Sheet) -> None:
        """Each player's points of a scoring rise from their panel to their token on the score track, which
        then counts up to its new place (after the scoring's sheet, for the first two)."""
        owner = self.owner
        ui = owner.ui
        totals = owner.ticker.totals()
        for seat, gained in zip(sheet.collectors, sheet.gained, strict=True):
            if not gained or not isinstance(seat, int):
                continue
            panel = owner.opponents.panel(seat)
            start = panel.rect.midtop if panel is not None else owner.hand.rect.midtop
            end = owner.top.token_centre(owner.ticker.target[seat], totals)
            label = ui.text.shadowed(f"+{gained}", ui.font_px(22), theme.GOLD_LIGHT, "bold", 2)
            owner.animator.drift(label, (start[0], start[1] + ui.px(18)), end, delay=0.1 * seat)
