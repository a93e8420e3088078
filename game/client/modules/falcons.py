"""Everything the client knows of the falconers (RULES.md §9.7, the 2024 edition).

The supply is a panel at the bottom of the opponents column: a row per kind (black, brown, white),
each falcon on its own place with its two colours, a faint ring where one was bought ([M-FALCON-1]).
Every player's falcons sit on the corners of their Alhambra, on your large view and on the
opponents' small ones ([M-FALCON-3]).

Buying falcons is a turn's only action ([M-FALCON-2]).  On your turn, while one may be bought, the
prompt names it and "Buy falcons" (F) picks the next falcon that fits (F again: the one after); a
click on a lit falcon of the supply picks that one, a drag carries it.  The corners of your Alhambra
that take it light up; a click (or the drop) on one buys it there, Tab and Enter do the same from the
keyboard.  It is paid with your cheapest money card, named in the prompt and raised in your hand;
X or a click on another card changes it.  Esc drops the falcon: before the first one that is the
turn's normal choices again.  After a falcon you may buy more the same way, or stop with "Done"
(Enter), which ends the turn.  A falcon bought flies from the supply to its corner and its card to
the discard pile; when a tile under one leaves the Alhambra it flies back ([M-FALCON-4]).  At each
scoring the sheet has a row per kind with each player's falcons and points ([M-FALCON-5]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.components import (
    BUILDING_TYPES,
    CARD_CURRENCY,
    CARD_VALUE,
    FALCON_KIND,
    FALCON_KINDS,
    FALCON_POINTS,
    FALCON_TYPES,
    FALCONS,
    describe_card,
    is_falcon,
    is_money_card,
)
from game.engine.modules import falcons
from game.engine.modules.falcons import FLIGHT, BuyFalcon, StopFalcons
from game.engine.phases import ACTION

from .. import theme
from ..log_line import LogLine
from ..views import common
from .base import ClientModule, Command, Key, Mark, ModulePanel, Narrator, Pick, ScoreLine

if TYPE_CHECKING:
    from game.engine import Action, GameState

    from ..views.model import TableSnapshot

NAME = falcons.NAME
COLUMN_W = 292  # the opponents column's width at scale 1 (layout.py)
# each kind's five falcons in id order: a falcon's place in its kind's row of the supply
BY_KIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in FALCONS if FALCON_KIND[f] == kind) for kind in range(len(FALCON_KINDS))
)
LEGEND = "by count: " + ", ".join(str(p) for p in FALCON_POINTS[1:])  # "by count: 2, 6, 12, 20, 30"
SCALE = ", ".join(f"{n} → {FALCON_POINTS[n]}" for n in range(1, len(FALCON_POINTS)))  # "1 → 2, 2 → 6, ..."


def colours(falcon: int) -> tuple[str, str]:
    """The two building types a falcon shows ([M-FALCON-1])."""
    first, second = FALCON_TYPES[falcon]  # type: ignore[misc]
    return BUILDING_TYPES[first], BUILDING_TYPES[second]


def named(falcon: int) -> str:
    """'black falcon of pavilion and seraglio'."""
    first, second = colours(falcon)
    return f"{FALCON_KINDS[FALCON_KIND[falcon]]} falcon of {first} and {second}"  # type: ignore[index]


def kind_counts(state: GameState, seat: int) -> list[int]:
    """How many falcons of each kind ``seat`` has."""
    counts = [0] * len(FALCON_KINDS)
    for falcon in falcons.falcons_of(state, seat).values():
        counts[FALCON_KIND[falcon]] += 1  # type: ignore[index]
    return counts


def _buying(state: GameState, player: int) -> bool:
    """[M-FALCON-2] ``player`` decides at the start of their turn's action (nothing bought yet), or buys falcons."""
    if state.is_over or state.decider != player or falcons.of(state) is None:
        return False
    return (state.phase == ACTION and not state.held) or state.phase == FLIGHT


def _done_move(state: GameState) -> Action | None:
    """[M-FALCON-2] buying falcons: stop (the turn ends)."""
    return StopFalcons() if state.phase == FLIGHT else None


DONE = Command(
    widget="falcons_done",
    label="Done",
    hotkey="Enter",
    key=pygame.K_RETURN,
    tooltip="Buy no more falcons: your turn ends",
    shortcut="while buying falcons: done, no more falcons (the turn ends; falconers)",
    move=_done_move,
    primary=True,
)
PICK = Pick(
    widget="buy_falcons",
    label="Buy falcons",
    hotkey="F",
    key=pygame.K_f,
    tooltip="Buy falcons: that is your whole turn. Pick a falcon, then a lit corner of your Alhambra",
    shortcut="buy falcons (your whole turn): pick the next falcon that fits your Alhambra (falconers)",
)


class FalconsPanel(ModulePanel):
    """The supply: a row per kind, each falcon on its own place (an empty ring where one was bought)."""

    weight = 0.65

    def px(self, value: float) -> int:
        """A length of the design, scaled as the column is (it is 292 px wide at scale 1)."""
        return max(1, round(value * self.rect.w / COLUMN_W))

    @property
    def short(self) -> bool:
        """Too low for a title above three labelled rows (many opponents): the title goes to their left and the
        rows lose their labels (each falcon's tooltip names its kind)."""
        return self.rect.h < self.px(118)

    def _rows(self) -> list[pygame.Rect]:
        """One band per kind, under the title (or right of it, when short)."""
        px = self.px
        if self.short:
            area = pygame.Rect(self.rect.x + px(96), self.rect.y + px(5), self.rect.w - px(104), self.rect.h - px(10))
        else:
            top = self.rect.y + px(28)
            area = pygame.Rect(self.rect.x + px(10), top, self.rect.w - px(20), self.rect.bottom - px(6) - top)
        step = area.h / len(FALCON_KINDS)
        return [pygame.Rect(area.x, round(area.y + i * step), area.w, round(step)) for i in range(len(FALCON_KINDS))]

    def _label_w(self) -> int:
        return 0 if self.short else self.px(70)

    def place_rects(self) -> dict[int, pygame.Rect]:
        """Every falcon's place in the supply, bought or not (squares: the tokens are round)."""
        px = self.px
        found: dict[int, pygame.Rect] = {}
        for kind, row in enumerate(self._rows()):
            x0 = row.x + self._label_w()
            room = row.right - x0
            size = max(8, min(px(40), row.h - px(4), (room - 4 * px(4)) // 5))
            step = (room - size) / 4
            for i, falcon in enumerate(BY_KIND[kind]):
                found[falcon] = pygame.Rect(round(x0 + i * step), row.centery - size // 2, size, size)
        return found

    def supply_rects(self, state: GameState) -> dict[int, pygame.Rect]:
        """The falcons in the supply where they are drawn."""
        part = falcons.of(state)
        if part is None:
            return {}
        places = self.place_rects()
        return {falcon: places[falcon] for falcon in part.supply}

    def piece_at(self, snap: TableSnapshot, pos: tuple[int, int]) -> int | None:
        for falcon, rect in self.supply_rects(snap.state).items():
            if falcon in snap.pickable and _round_hit(rect, pos):
                return falcon
        return None

    def draw(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        ui = snap.ui
        px = self.px
        state = snap.state
        part = falcons.of(state)
        if part is None:
            return
        title = common.section_title(ui, surface, "Falcons", (self.rect.x + px(12), self.rect.y + px(9)))
        buying = bool(snap.pickable)
        size = ui.font_px(12)
        if self.short:
            note = "click to buy" if buying and snap.sel.piece is None else f"{len(part.supply)} left"
            word = ui.text.render(ui.text.fit(note, size, px(84)), size, theme.TEXT_DIM)
            surface.blit(word, (title.x, title.bottom + px(2)))
        else:
            note = "click one to buy it" if buying and snap.sel.piece is None else f"{len(part.supply)} in the supply"
            room = self.rect.right - px(12) - title.right - px(10)
            word = ui.text.render(ui.text.fit(note, size, room), size, theme.TEXT_DIM)
            surface.blit(word, word.get_rect(topright=(self.rect.right - px(12), self.rect.y + px(10))))
        mine = kind_counts(state, snap.me)
        if title.collidepoint(ui.mouse):
            have = ", ".join(f"{n} {FALCON_KINDS[k]}" for k, n in enumerate(mine) if n) or "none"
            ui.tooltip(
                f"Falcons: each kind scores at every scoring by how many you have ({SCALE}). Yours: {have}", title
            )
        if not self.short:
            for kind, row in enumerate(self._rows()):
                self._draw_label(surface, snap, kind, row, mine[kind])
        hint = snap.hint_action
        hinted = hint.falcon if isinstance(hint, BuyFalcon) else None
        places = self.place_rects()
        for falcon, rect in places.items():
            carried = snap.dragging and snap.drag_tile == falcon  # in the hand of the mouse
            if falcon not in part.supply or ("tile", falcon) in snap.hidden or carried:
                if falcon not in part.supply or carried:  # bought (or carried): its place stays, a faint ring
                    pygame.draw.circle(surface, theme.TEXT_FAINT, rect.center, rect.w // 2 - 1, 1)
                continue
            self._draw_token(surface, snap, falcon, rect, buying, hinted == falcon)

    def _draw_label(self, surface: pygame.Surface, snap: TableSnapshot, kind: int, row: pygame.Rect, mine: int) -> None:
        ui = snap.ui
        px = self.px
        name = FALCON_KINDS[kind].capitalize()
        big, small = ui.font_px(14), ui.font_px(11)
        word = ui.text.render(name, big, theme.IVORY, "bold")
        two_lines = row.h >= word.get_height() + ui.text.size("Ag", small)[1]
        y = row.centery - (word.get_height() if two_lines else word.get_height() // 2)
        surface.blit(word, (row.x, y))
        points = FALCON_POINTS[mine]
        if two_lines:
            said = f"yours {mine}" + (f" · {points} pts" if mine else "")
            if ui.text.size(said, small)[0] > self._label_w() - px(4):  # a narrow column: the points in the tooltip
                said = f"yours {mine}"
            line = ui.text.render(ui.text.fit(said, small, self._label_w() - px(4)), small, theme.TEXT_DIM)
            surface.blit(line, (row.x, y + word.get_height()))
        label = pygame.Rect(row.x, row.y, self._label_w() - px(4), row.h)
        if label.collidepoint(ui.mouse):
            have = f"You have {mine} ({points} points at each scoring)." if mine else "You have none."
            ui.tooltip(f"{name} falcons score at every scoring by how many you have: {SCALE}. {have}", label)

    def _draw_token(
        self, surface: pygame.Surface, snap: TableSnapshot, falcon: int, rect: pygame.Rect, buying: bool, hinted: bool
    ) -> None:
        ui = snap.ui
        pickable = falcon in snap.pickable
        chosen = snap.sel.piece == falcon
        hovered = _round_hit(rect, ui.mouse)
        shown = rect.move(0, -self.px(3) if chosen or (hovered and pickable) else 0)
        staged = snap.staged_action
        leaving = isinstance(staged, BuyFalcon) and staged.falcon == falcon  # bought once the turn is confirmed
        image = ui.sprites.tile(falcon, rect.w)
        if (buying and not pickable) or leaving:  # no corner of your Alhambra takes it now, or it is on its way
            image = image.copy()
            image.set_alpha(110 if leaving else 140)
        surface.blit(image, shown)
        radius = rect.w // 2
        if leaving:
            common.dashed_circle(surface, theme.GOLD_LIGHT, shown.center, radius + 2, ui.time * 0.75)
        elif chosen:
            pygame.draw.circle(surface, theme.INK, shown.center, radius + 4, 2)
            pygame.draw.circle(surface, theme.GOLD_LIGHT, shown.center, radius + 2, 3)
        elif hinted:
            common.glow_frame(surface, shown, theme.GOLD_LIGHT, 0.5 + 0.5 * snap.glow, radius)
        elif pickable:  # may be picked now: a marching ring
            common.dashed_circle(surface, theme.TARGET, shown.center, radius + 3, ui.time)
        if hovered:
            first, second = colours(falcon)
            tip = f"{named(falcon).capitalize()}: it sits on a corner of four tiles with a {first} and a {second}"
            if pickable:
                tip += ". Click it (or drag it to a lit corner) to buy it"
            elif buying:
                tip += ". No corner of your Alhambra takes it now"
            ui.tooltip(tip, rect)


def _round_hit(rect: pygame.Rect, pos: tuple[int, int]) -> bool:
    """``pos`` within the round token drawn in ``rect`` (a little margin)."""
    dx, dy = pos[0] - rect.centerx, pos[1] - rect.centery
    return dx * dx + dy * dy <= (rect.w / 2 + 2) ** 2


def _buys(narrator: Narrator, event: dict) -> LogLine:
    """[M-FALCON-2] [M-FALCON-3] a falcon bought with one money card and set on a corner of the Alhambra."""
    whose = "your" if narrator.who(event["player"]) == "You" else "their"
    card = describe_card(event["card"])
    return narrator.move(event, "buys", f"a {named(event['falcon'])} for {card}, on a corner of {whose} Alhambra")


def _flies_back(narrator: Narrator, event: dict) -> LogLine:
    """[M-FALCON-4] a tile under a falcon left the Alhambra: the falcon returns to the supply."""
    who = narrator.who(event["player"])
    whose = "Your" if who == "You" else f"{who}'s"
    return LogLine(
        f"{whose} {named(event['falcon'])} flies back to the supply: a tile under it left the Alhambra",
        event["player"],
    )


class FalconsClient(ClientModule):
    name = NAME
    commands = (DONE,)
    pick = PICK
    sayings = {falcons.EVENT: _buys, falcons.BACK_EVENT: _flies_back}  # noqa: RUF012 - read-only table
    timing = {falcons.EVENT: (0.55, 0.45), falcons.BACK_EVENT: (0.55, 0.4)}  # noqa: RUF012
    sounds = {falcons.EVENT: "coin", falcons.BACK_EVENT: "card"}  # noqa: RUF012

    def panel(self) -> FalconsPanel:
        return FalconsPanel()

    def item_positions(self, state: GameState, panel: ModulePanel | None) -> dict[Key, pygame.Rect]:
        """The falcons of the supply fly from (and back to) their places."""
        if not isinstance(panel, FalconsPanel):
            return {}
        return {("tile", falcon): rect for falcon, rect in panel.supply_rects(state).items()}

    def moved_items(self, event: dict) -> list[Key]:
        if event.get("e") == falcons.EVENT:
            return [("tile", event["falcon"]), ("card", event["card"])]
        if event.get("e") == falcons.BACK_EVENT:
            return [("tile", event["falcon"])]
        return []

    def marks(self, state: GameState, seat: int) -> list[Mark]:
        """[M-FALCON-3] each falcon on its corner."""
        if falcons.of(state) is None:
            return []
        return [Mark(falcon, at, named(falcon).capitalize()) for at, falcon in falcons.falcons_of(state, seat).items()]

    def turn_options(self, state: GameState) -> list[str]:
        """[M-FALCON-2] buying falcons, while one fits a corner of the Alhambra."""
        if state.phase == ACTION and self.placeable(state, state.decider):
            return ["buy falcons (F, your whole turn)"]
        return []

    def placeable(self, state: GameState, player: int) -> list[int]:
        """[M-FALCON-2] [M-FALCON-3] the falcons of the supply that some free corner of ``player``'s Alhambra takes."""
        if not _buying(state, player):
            return []
        return sorted({buy.falcon for buy in falcons.purchases(state, player)})

    def piece_cards(self, state: GameState, player: int, piece: int) -> list[int]:
        """[M-FALCON-2] any money card pays for a falcon: the cheapest first."""
        if not is_falcon(piece):
            return []
        money = [c for c in state.hands[player] if is_money_card(c)]
        return sorted(money, key=lambda c: (CARD_VALUE[c], CARD_CURRENCY[c], c))

    def spots(self, state: GameState, player: int, piece: int, card: int) -> dict[tuple[int, int], Action]:
        """[M-FALCON-3] the free corners where four tiles meet showing both the falcon's colours."""
        if not is_falcon(piece) or not _buying(state, player):
            return {}
        corners = sorted({(buy.x, buy.y) for buy in falcons.purchases(state, player) if buy.falcon == piece})
        return {corner: BuyFalcon(piece, card, *corner) for corner in corners}

    def picked_prompt(self, state: GameState, piece: int, card: int | None) -> str | None:
        if not is_falcon(piece):
            return None
        paid = f"It costs your {describe_card(card)} (X: another card)." if card is not None else ""
        whole = "" if state.phase == FLIGHT else " Falcons are your whole turn."
        return (
            f"Put the {FALCON_KINDS[FALCON_KIND[piece]]} falcon on a lit corner: click or drag, "  # type: ignore[index]
            f"or Tab then Enter. {paid}{whole}"
        )

    def prompt(self, state: GameState) -> str | None:
        if state.phase == FLIGHT:
            return (
                "You may buy another falcon: click one in the supply (or F), then a lit corner. "
                "Done (Enter) ends your turn."
            )
        return None

    def title(self, state: GameState, name: str) -> str | None:
        return f"{name} falcons" if state.phase == FLIGHT else None

    def describe(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, BuyFalcon):
            return f"buy the {named(action.falcon)} with the {describe_card(action.card)}"
        if isinstance(action, StopFalcons):
            return "buy no more falcons"
        return None

    def preview(self, state: GameState, action: Action) -> Mark | None:
        if isinstance(action, BuyFalcon):
            return Mark(action.falcon, (action.x, action.y), named(action.falcon).capitalize())
        return None

    def score_lines(self, state: GameState, event: dict) -> list[ScoreLine]:
        """[M-FALCON-5] a row per kind someone scored: each player's falcons of it and their points."""
        lines = []
        for kind, what in enumerate(falcons.SCORE_NAMES):
            scored = {a["player"]: a["points"] for a in event["points"] if a["what"] == what}
            if not scored:
                continue
            word = FALCON_KINDS[kind]
            counts = [FALCON_POINTS.index(scored[seat]) if seat in scored else 0 for seat in range(state.players)]
            notes = [f"{n} {word}" if n else "" for n in counts]
            tips = [
                f"{n} {word} falcon{'s' if n > 1 else ''}: {FALCON_POINTS[n]} points ({SCALE})" if n else ""
                for n in counts
            ]
            label = f"{word.capitalize()} falcons"
            lines.append(ScoreLine(what, label, BY_KIND[kind][0], notes, tips, legend=LEGEND))
        return lines
