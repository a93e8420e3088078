"""Setting up a game: your name, 1 to 5 opponents with their agent and level, an optional seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..table import AGENT_LABELS, bot_names, usable_agent
from ..widgets import Button, Choice, TextInput, draw_text
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

MAX_OPPONENTS = 5


def agent_kinds() -> dict[str, list[str]]:
    """Bots by kind, e.g. {'random': [''], 'greedy': [''], 'mcts': ['easy', 'normal', 'hard']}."""
    kinds: dict[str, list[str]] = {}
    for name in bot_names():
        kind, _, level = name.partition(":")
        kinds.setdefault(kind, []).append(level)
    return kinds


class OpponentRow:
    """The agent and, for agents that have them, the difficulty of one opponent."""

    def __init__(self, scene: SetupScene, agent: str) -> None:
        self.kinds = agent_kinds()
        kind, _, level = agent.partition(":")
        names = list(self.kinds)
        self.kind = Choice(
            scene.ui,
            "",
            names,
            names.index(kind),
            self._kind_changed,
            labels=[AGENT_LABELS.get(k, k.capitalize()) for k in names],
        )
        levels = self.kinds[kind]
        self.level = Choice(
            scene.ui, "", levels, levels.index(level), lambda _: None, labels=[lv.capitalize() for lv in levels]
        )
        self.level.visible = levels != [""]

    def _kind_changed(self, index: int) -> None:
        levels = self.kinds[self.kind.options[index]]
        default = "normal" if "normal" in levels else levels[0]
        self.level.options = levels
        self.level.labels = [lv.capitalize() for lv in levels]
        self.level.index = levels.index(default)
        self.level.visible = levels != [""]

    @property
    def agent(self) -> str:
        kind = self.kind.options[self.kind.index]
        level = self.level.options[self.level.index] if self.level.visible else ""
        return f"{kind}:{level}" if level else kind


class SetupScene(PanelScene):
    """Choose the table; Enter starts, Escape goes back."""

    title = "New game"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        settings = app.settings
        opponents = [usable_agent(name) for name in settings.opponents][:MAX_OPPONENTS] or [usable_agent("greedy")]
        self.rows = [OpponentRow(self, opponents[i % len(opponents)]) for i in range(MAX_OPPONENTS)]
        name = app.args.name if app.args.name and app.args.name != "You" else settings.name  # --name wins
        self.name = TextInput(self.ui, name, 16, placeholder="Your name", on_enter=self._start)
        self.count = Choice(
            self.ui,
            "",
            [str(n) for n in range(1, MAX_OPPONENTS + 1)],
            len(opponents) - 1,
            lambda _: self.layout(self.app.size),
            tooltip="Two players (one opponent) play with Dirk, a neutral collector",
        )
        self.seed = TextInput(self.ui, "", 10, allowed=str.isdigit, placeholder="random", on_enter=self._start)
        self.start = Button(self.ui, "Start the game", self._start, style="primary", hotkey="Enter")
        self.back = Button(self.ui, "Back", app.pop, hotkey="Esc")
        self.error = ""

    @property
    def opponents(self) -> list[str]:
        return [row.agent for row in self.rows[: self.count.index + 1]]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(860)), min(h - 40, px(640)))
        self.panel.center = (w // 2, h // 2)
        left = self.panel.x + px(40)
        label_w = px(190)
        field_x = left + label_w
        field_w = self.panel.right - px(40) - field_x
        row_h = px(38)
        y = self.panel.y + px(84)
        self.name.rect = pygame.Rect(field_x, y, min(field_w, px(300)), row_h)
        y += row_h + px(18)
        self.count.rect = pygame.Rect(field_x, y, min(field_w, px(300)), row_h)
        y += row_h + px(18)
        self.row_labels: list[tuple[str, int]] = []
        widgets: list = [self.name, self.count]
        for index, row in enumerate(self.rows):
            active = index <= self.count.index
            row.kind.visible = active
            row.level.visible = active and row.level.options != [""]
            row.kind.rect = pygame.Rect(field_x, y, px(300), row_h)
            row.level.rect = pygame.Rect(field_x + px(316), y, field_w - px(316), row_h)
            if active:
                self.row_labels.append((f"Opponent {index + 1}", y + row_h // 2))
                widgets += [row.kind, row.level]
                y += row_h + px(10)
        y += px(8)
        self.seed_y = y
        self.seed.rect = pygame.Rect(field_x, y, px(200), row_h)
        bottom = self.panel.bottom - px(26) - px(50)
        self.start.rect = pygame.Rect(self.panel.right - px(40) - px(240), bottom, px(240), px(50))
        self.back.rect = pygame.Rect(left, bottom, px(160), px(50))
        self.widgets = [*widgets, self.seed, self.start, self.back]

    def _start(self) -> None:
        name = self.name.value.strip() or "You"
        seed = int(self.seed.value) if self.seed.value else None
        settings = self.app.settings
        settings.name = name
        settings.opponents = self.opponents
        self.app.save_settings()
        self.app.new_game(name, self.opponents, seed)

    def press_enter(self) -> None:
        self.start.click()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.ui.px
        self.draw_frame(surface)
        size = self.ui.font_px(17)
        labels = [
            ("Your name", self.name.rect.centery),
            ("Opponents", self.count.rect.centery),
            *self.row_labels,
            ("Seed (optional)", self.seed.rect.centery),
        ]
        for text, y in labels:
            draw_text(surface, self.ui.text.render(text, size, theme.IVORY), (self.panel.x + px(40), y), "midleft")
        players = self.count.index + 2
        if players == 2:
            note = (
                "Two players: Dirk, a neutral collector, joins the game. He takes no turns and cannot win, "
                "but he collects tiles (6 at the start, more after each scoring), competes for majorities, "
                "and you may give him a tile you bought instead of building it."
            )
        else:
            note = f"{players} players. The start player is the one dealt the fewest money cards."
        hint = "Same seed, same deal: share a seed to compare games."
        y = self.seed.rect.bottom + px(16)
        for line in self.ui.text.wrap(note, self.ui.font_px(15), self.panel.w - px(80)):
            rect = draw_text(
                surface,
                self.ui.text.render(line, self.ui.font_px(15), theme.GOLD_LIGHT if players == 2 else theme.TEXT_DIM),
                (self.panel.x + px(40), y),
            )
            y = rect.bottom + 2
        draw_text(
            surface,
            self.ui.text.render(hint, self.ui.font_px(13), theme.TEXT_FAINT),
            (self.seed.rect.right + px(16), self.seed.rect.centery),
            "midleft",
        )
        super().draw(surface)
