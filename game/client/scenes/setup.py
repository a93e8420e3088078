"""Setting up a game: your name, 1 to 5 opponents with their agent and level, an optional seed, and
the rule modules of expansion 1 and the 2024 edition (each off unless chosen: ``--modules`` or the last
game's choice), each a toggle with its key and a line or two of description."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.modules import CHOOSABLE, MODULES, PLAYABLE
from game.i18n import N_, _, ngettext, pgettext

from .. import theme
from ..modules import setup_key
from ..plain import capital
from ..table import AGENT_LABELS, AGENT_TIPS, LEVEL_TIPS, bot_names, level_name, usable_agent
from ..widgets import Button, Choice, Text, TextInput, Toggle, Ui, draw_text, mirrored
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

MAX_OPPONENTS = 5
# The key that switches each module at setup: its client module's letter, else its initial (V, E, H, B, C, Z, F);
# every module a game may play has one, offered at setup or not yet.
MODULE_KEYS: dict[str, int] = {name: getattr(pygame, f"K_{setup_key(name).lower()}") for name in PLAYABLE}
assert len(set(MODULE_KEYS.values())) == len(MODULE_KEYS), "two modules share a setup key"
DESCRIPTION_LINES = 2  # a toggle's description is cut to this many lines (the whole of it in the tooltip)
DEFAULT_NAME = "You"  # the player's name until they give one (``--name``'s default): said in their language


def default_name() -> str:
    """The player's name at the table when they give none, in the current language (as the table says it)."""
    return pgettext("seat name", "You")


def _level_labels(levels: list[str]) -> list[Text]:
    """The levels' segments: "Hard", said when drawn."""
    return [lambda level=level: capital(level_name(level)) for level in levels]


def agent_kinds() -> dict[str, list[str]]:
    """Bots by kind, e.g. {'random': [''], 'greedy': [''], 'mcts': ['easy', 'normal', 'hard']}."""
    kinds: dict[str, list[str]] = {}
    for name in bot_names():
        kind, _sep, level = name.partition(":")
        kinds.setdefault(kind, []).append(level)
    return kinds


class OpponentRow:
    """The agent and, for agents that have them, the difficulty of one opponent."""

    def __init__(self, scene: SetupScene, agent: str) -> None:
        self.kinds = agent_kinds()
        kind, _sep, level = agent.partition(":")
        names = list(self.kinds)
        self.kind = Choice(
            scene.ui,
            "",
            names,
            names.index(kind),
            self._kind_changed,
            labels=[AGENT_LABELS.get(k, k.capitalize()) for k in names],  # sources, translated when drawn
            tips=[AGENT_TIPS.get(k, "") for k in names],
        )
        levels = self.kinds[kind]
        self.level = Choice(
            scene.ui,
            "",
            levels,
            levels.index(level),
            lambda _index: None,
            labels=_level_labels(levels),
            tips=[LEVEL_TIPS.get(lv, "") for lv in levels],
        )
        self.level.visible = levels != [""]

    def _kind_changed(self, index: int) -> None:
        levels = self.kinds[self.kind.options[index]]
        default = "normal" if "normal" in levels else levels[0]
        self.level.options = levels
        self.level.labels = _level_labels(levels)
        self.level.tips = [LEVEL_TIPS.get(lv, "") for lv in levels]
        self.level.index = levels.index(default)
        self.level.visible = levels != [""]

    @property
    def agent(self) -> str:
        kind = self.kind.options[self.kind.index]
        level = self.level.options[self.level.index] if self.level.visible else ""
        return f"{kind}:{level}" if level else kind


def module_title(name: str) -> tuple[str, str]:
    """A module's summary in the current language as a title and a sentence: ("The vizier's favour", "Once in a
    while, ..."); the summary is translated whole (the title's colon is the language's own: "：" in Chinese)."""
    summary = _(MODULES[name].summary)
    for colon in (": ", "：", ":"):
        title, found, text = summary.partition(colon)
        if found and text.strip():
            text = text.strip()
            return title.strip(), text[:1].upper() + text[1:]
    return name.capitalize(), summary


class ModuleToggle(Toggle):
    """One rule module: its title and key, an on/off switch, and its one-line description below."""

    def __init__(self, ui: Ui, name: str, value: bool) -> None:
        self.name = name
        self.key = setup_key(name)
        self.limit = DESCRIPTION_LINES  # lines of description shown (the layout may allow fewer)
        super().__init__(ui, lambda: self.title, value, lambda _value: None, tooltip=self.click_tip)

    @property
    def title(self) -> str:
        return module_title(self.name)[0]

    @property
    def text(self) -> str:
        return module_title(self.name)[1]

    def click_tip(self) -> str:
        return _("Click or press {key} to switch it on or off. The rules: Rules in the main menu").format(key=self.key)

    def flip(self) -> None:
        """The keyboard's way to click it."""
        self.value = not self.value
        self.ui.sounds.play("click")
        self.on_change(self.value)

    def lines(self, width: int) -> list[str]:
        """The description wrapped to ``width``, at most ``limit`` lines (the last one cut short with an ellipsis)."""
        size = self.ui.font_px(14)
        lines = self.ui.text.wrap(self.text, size, width)
        if len(lines) > self.limit:
            lines = lines[: self.limit]
            last = lines[-1]
            while last and self.ui.text.size(last + "…", size)[0] > width:
                last = last[:-1]
            lines[-1] = last.rstrip(" ,;") + "…"
        return lines

    def cut(self, width: int) -> bool:
        """Whether the description is cut short at ``width`` (then the tooltip says it whole)."""
        return len(self.ui.text.wrap(self.text, self.ui.font_px(14), width - self.ui.px(24))) > self.limit

    def _text_top(self) -> int:
        """Where the description starts under the title (centred on the switch): below the title's box."""
        title_h = self.ui.text.size("Ag", self.ui.font_px(16), "bold")[1]
        return max(self.ui.px(30), self.ui.px(20) + (title_h + 1) // 2)

    def height_for(self, width: int) -> int:
        """The height of the row at ``width``: the title line, then the wrapped description."""
        line_h = self.ui.text.size("Ag", self.ui.font_px(14))[1]
        return self._text_top() + line_h * len(self.lines(width - self.ui.px(24))) + self.ui.px(8)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        px = ui.px
        hovered = self.hovered
        fill = (44, 64, 62) if self.value else (30, 44, 46)
        if hovered:
            fill = theme.mix(fill, (255, 255, 255), 0.06)
        edge = theme.GOLD if self.value else theme.PANEL_EDGE
        surface.blit(ui.sprites.panel(self.rect.size, fill, 235, edge, px(8)), self.rect)
        # the switch, top right (top left, and all mirrored, right to left)
        w, h = px(50), px(24)
        track = pygame.Rect(self.rect.right - px(10) - w, self.rect.y + px(8), w, h)
        cap_right = track.x - px(10)  # the keycap's right edge, left to right
        track = mirrored(track, self.rect)
        colour = theme.GOLD if self.value else (70, 80, 78)
        pygame.draw.rect(surface, colour, track, border_radius=h // 2)
        pygame.draw.rect(surface, theme.INK, track, 2, border_radius=h // 2)
        knob_x = track.right - h // 2 if self.value else track.x + h // 2
        pygame.draw.circle(surface, theme.IVORY, (knob_x, track.centery), h // 2 - 4)
        # the key, as a keycap beside the switch
        key = ui.text.render(self.key, ui.font_px(12), theme.INK, "bold")
        cap = pygame.Rect(0, 0, max(key.get_width() + px(10), px(22)), px(20))
        cap.midright = (cap_right, track.centery)
        room = cap.x - self.rect.x - px(20)  # for the title, beside the keycap
        cap = mirrored(cap, self.rect)
        pygame.draw.rect(surface, theme.PARCHMENT, cap, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD_DARK, cap, 1, border_radius=4)
        surface.blit(key, key.get_rect(center=cap.center))
        # the title and the description
        size = ui.font_px(16)
        left, right = self.rect.x + px(12), self.rect.right - px(12)
        title = ui.text.fit(self.title, size, room, "bold")
        word = ui.text.render(title, size, theme.GOLD_LIGHT if self.value else theme.IVORY, "bold")
        surface.blit(word, word.get_rect(midleft=(theme.text_x(left, right, word.get_width()), track.centery)))
        small = ui.font_px(14)
        line_h = ui.text.size("Ag", small)[1]
        y = self.rect.y + self._text_top()
        for line in self.lines(self.rect.w - px(24)):
            word = ui.text.render(line, small, theme.TEXT_DIM if not self.value else theme.IVORY)
            surface.blit(word, (theme.text_x(left, right, word.get_width()), y))
            y += line_h
        if hovered:
            tip = self.click_tip()
            if self.cut(self.rect.w):  # the description cut short, said whole
                tip = _("{description}. {how_to_switch}").format(description=self.text, how_to_switch=tip)
            ui.tooltip(tip, self.rect)


class SetupScene(PanelScene):
    """Choose the table; Enter starts, Escape goes back."""

    title = N_("New game")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        settings = app.settings
        opponents = [usable_agent(name) for name in settings.opponents][:MAX_OPPONENTS] or [usable_agent("greedy")]
        self.rows = [OpponentRow(self, opponents[i % len(opponents)]) for i in range(MAX_OPPONENTS)]
        name = app.args.name if app.args.name and app.args.name != DEFAULT_NAME else settings.name  # --name wins
        if name == DEFAULT_NAME:
            name = default_name()  # the default name, said in the player's language
        self.name = TextInput(self.ui, name, 16, placeholder=N_("Your name"), on_enter=self._start)
        self.count = Choice(
            self.ui,
            "",
            [str(n) for n in range(1, MAX_OPPONENTS + 1)],
            len(opponents) - 1,
            lambda _index: self.layout(self.app.size),
            tooltip=N_("Two players (one opponent) play with Dirk, a neutral collector"),
        )
        self.seed = TextInput(
            self.ui,
            "",
            10,
            allowed=str.isdigit,
            # TRANSLATORS: shown in the empty seed field: a random deal
            placeholder=lambda: pgettext("seed", "random"),
            on_enter=self._start,
        )
        self.start = Button(self.ui, N_("Start the game"), self._start, style="primary", hotkey="Enter")
        self.back = Button(self.ui, lambda: pgettext("button", "Back"), app.pop, hotkey="Esc")
        chosen = chosen_modules(app)
        self.toggles = [ModuleToggle(self.ui, name, name in chosen) for name in CHOOSABLE]
        self.error = ""

    @property
    def opponents(self) -> list[str]:
        return [row.agent for row in self.rows[: self.count.index + 1]]

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules switched on, in the rule book's order (``CHOOSABLE``)."""
        return tuple(toggle.name for toggle in self.toggles if toggle.value)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        # Two columns: the table on the left, the rule modules on the right.  The panel grows taller for the
        # modules where the window allows (seven of them), and their descriptions shrink to a line if need be.
        width = min(w - 40, px(1220))
        modules_w = width - px(40) - px(40 + 170 + 556 + 40)  # the right column, right of the left one
        gap = px(8)
        for limit in range(DESCRIPTION_LINES, 0, -1):
            for toggle in self.toggles:
                toggle.limit = limit
            needed = px(84 + 34 + 92) + sum(t.height_for(modules_w) + gap for t in self.toggles)
            if needed <= h - 40:
                break
        self.panel = pygame.Rect(0, 0, width, min(h - 40, max(px(640), needed)))
        self.panel.center = (w // 2, h // 2)
        left = self.panel.x + px(40)
        self.label_w = label_w = px(170)
        field_x = left + label_w
        self.column_right = field_x + px(556)  # the left column's right edge
        row_h = px(38)
        y = self.panel.y + px(84)
        self.name.rect = pygame.Rect(field_x, y, px(300), row_h)
        y += row_h + px(18)
        self.count.rect = pygame.Rect(field_x, y, px(300), row_h)
        y += row_h + px(18)
        self.row_labels: list[tuple[int, int]] = []  # (opponent number, y)
        widgets: list = [self.name, self.count]
        for index, row in enumerate(self.rows):
            active = index <= self.count.index
            row.kind.visible = active
            row.level.visible = active and row.level.options != [""]
            row.kind.rect = pygame.Rect(field_x, y, px(290), row_h)
            row.level.rect = pygame.Rect(field_x + px(306), y, self.column_right - field_x - px(306), row_h)
            if active:
                self.row_labels.append((index + 1, y + row_h // 2))
                widgets += [row.kind, row.level]
                y += row_h + px(10)
        y += px(8)
        self.seed_y = y
        self.seed.rect = pygame.Rect(field_x, y, px(200), row_h)
        self.hint_x = self.seed.rect.right + px(16)  # the seed's hint, right of the field (left to right)
        bottom = self.panel.bottom - px(26) - px(50)
        self.start.rect = pygame.Rect(self.panel.right - px(40) - px(240), bottom, px(240), px(50))
        self.back.rect = pygame.Rect(left, bottom, px(160), px(50))
        # the modules' column, under its heading
        self.modules_x = self.column_right + px(40)
        y = self.panel.y + px(84) + px(34)
        for toggle in self.toggles:
            toggle.rect = pygame.Rect(self.modules_x, y, modules_w, toggle.height_for(modules_w))
            y = toggle.rect.bottom + gap
        self.widgets = [*widgets, self.seed, *self.toggles, self.start, self.back]
        # laid out left to right; right to left, the panel is read from its right edge
        self.mirror([self.name, self.count, self.seed, *self.toggles, self.start, self.back])
        self.mirror([choice for row in self.rows for choice in (row.kind, row.level)])

    def _start(self) -> None:
        name = self.name.value.strip() or default_name()
        seed = int(self.seed.value) if self.seed.value else None
        settings = self.app.settings
        settings.name = DEFAULT_NAME if name == default_name() else name  # the default, said anew in each language
        settings.opponents = self.opponents
        # Settings has no field for the modules yet: the choice is kept for this session (and saved
        # with the settings once persistence.Settings has a ``modules`` field).
        settings.modules = list(self.modules)
        self.app.save_settings()
        self.app.new_game(name, self.opponents, seed, self.modules)  # type: ignore[call-arg]

    def press_enter(self) -> None:
        self.start.click()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            for toggle in self.toggles:
                if event.key == MODULE_KEYS[toggle.name]:
                    toggle.flip()
                    return True
        return super().on_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.ui.px
        ui = self.ui
        self.draw_frame(surface)
        size = ui.font_px(17)
        left = self.panel.x + px(40)
        labels = [
            (_("Your name"), self.name.rect.centery),
            (_("Opponents"), self.count.rect.centery),
            *((_("Opponent {number}").format(number=number), y) for number, y in self.row_labels),
            (_("Seed (optional)"), self.seed.rect.centery),
        ]
        for text, y in labels:
            word = ui.text.render(ui.text.fit(text, size, self.label_w - px(8)), size, theme.IVORY)
            draw_text(surface, word, (self.across(left, word.get_width()), y), "midleft")
        players = self.count.index + 2
        if players == 2:
            note = _(
                "Two players: Dirk, a neutral collector, joins the game. He takes no turns and cannot win, "
                "but he collects tiles (6 at the start, more after each scoring), competes for majorities, "
                "and you may give him a tile you bought instead of building it."
            )
            if self.modules:
                note = _("{note} With modules he collects building tiles only: never huts.").format(note=note)
        else:
            note = ngettext(
                "{players} player. The start player is the one dealt the fewest money cards.",
                "{players} players. The start player is the one dealt the fewest money cards.",
                players,
            ).format(players=players)
        hint = _("Same seed, same deal: share a seed to compare games.")
        y = self.seed.rect.bottom + px(16)
        small = ui.font_px(15)
        for line in ui.text.wrap(note, small, self.column_right - left):
            word = ui.text.render(line, small, theme.GOLD_LIGHT if players == 2 else theme.TEXT_DIM)
            y = draw_text(surface, word, (self.across(left, word.get_width()), y)).bottom + 2
        hint_size = ui.font_px(13)
        hint_lines = ui.text.wrap(hint, hint_size, self.column_right - self.hint_x)
        line_h = ui.text.size("Ag", hint_size)[1]
        y = self.seed.rect.centery - line_h * len(hint_lines) // 2
        for line in hint_lines:
            word = ui.text.render(line, hint_size, theme.TEXT_FAINT)
            draw_text(surface, word, (self.across(self.hint_x, word.get_width()), y))
            y += line_h
        heading = ui.text.render(_("Modules"), size, theme.IVORY)
        draw_text(
            surface, heading, (self.across(self.modules_x, heading.get_width()), self.name.rect.centery), "midleft"
        )
        x = self.across(self.column_right + px(20), 1)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, self.panel.y + px(84)), (x, self.back.rect.y - px(20)), 1)
        tip = _("Off unless you switch them on: click one or press its key. Rules, in the menu, explains each.")
        tip_lines = ui.text.wrap(tip, ui.font_px(13), self.toggles[-1].rect.w) if self.toggles else []
        line_h = ui.text.size("Ag", ui.font_px(13))[1]
        if tip_lines and self.toggles[-1].rect.bottom + px(8) + line_h * len(tip_lines) <= self.back.rect.y - px(8):
            y = self.toggles[-1].rect.bottom + px(8)
            for line in tip_lines:  # only where it fits under the toggles (the toggles' tooltips say it too)
                word = ui.text.render(line, ui.font_px(13), theme.TEXT_FAINT)
                y = draw_text(surface, word, (self.across(self.modules_x, word.get_width()), y)).bottom
        super().draw(surface)


def chosen_modules(app: AppServices) -> set[str]:
    """The modules switched on when the screen opens: ``--modules`` if given, else the last choice."""
    given = getattr(app.args, "modules", None)
    if given is not None:
        return set(given)
    remembered = app.settings.modules
    return {name for name in remembered if name in CHOOSABLE}
