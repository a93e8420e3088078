"""Setting up a game: your name, 1 to 5 opponents with their agent and level, an optional seed, the ladder of
bots (one line each, weakest first, with what it is like and its measured strength; the opponents' rungs
marked), and the rule modules of expansions 1 to 4 and the 2024 edition (each off unless chosen: ``--modules`` or the
last game's choice), each a toggle with its key and a line or two of description."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.modules import CHOOSABLE, MODULES
from game.i18n import N_, _, ngettext, pgettext, words

from .. import theme
from ..modules import setup_key
from ..table import (
    AGENT_LABELS,
    agent_label,
    bot_names,
    bot_tip,
    ladder,
    ladder_trait,
    level_name,
    person_name,
    strength_line,
    usable_agent,
)
from ..widgets import Button, Choice, Text, TextInput, Toggle, Ui, draw_text, mirrored
from .panel import PanelScene

if TYPE_CHECKING:
    from ..scene import AppServices

MAX_OPPONENTS = 5
# The key that switches each module at setup: its client module's letter, else its initial (V, E, H, B, C, Z, F);
# every module offered at setup has one (one the engine plays but setup does not offer yet has no toggle).
MODULE_KEYS: dict[str, int] = {name: getattr(pygame, f"K_{setup_key(name).lower()}") for name in CHOOSABLE}
assert len(set(MODULE_KEYS.values())) == len(MODULE_KEYS), "two modules share a setup key"


@dataclass(frozen=True)
class ToggleStyle:
    """How roomy a module's toggle is drawn (design pixels)."""

    text: int  # the description's font size
    pad: int  # the space round the toggle's contents, and between two toggles
    title: int = 16  # the title's font size
    switch: int = 24  # the switch's height (the keycap beside it is a little lower)


# The toggles' styles, roomiest first.  The setup takes the first in which every module's description fits whole
# in its column (the last is compact: the thirteen modules described whole from 1280x800 up); where none does, the
# titles alone, each description whole in its tooltip.  A description is never cut short ("…" hid a word).
TOGGLE_STYLES = (
    ToggleStyle(14, 8),
    ToggleStyle(13, 6),
    ToggleStyle(12, 4),
    ToggleStyle(11, 3),
    ToggleStyle(11, 2, title=14, switch=18),
)
WIDEST = 1500  # the setup panel's width at most (design pixels): wider than usual where the modules need it
DEFAULT_NAME = "You"  # the player's name until they give one (``--name``'s default): said in their language


def default_name() -> str:
    """The player's name at the table when they give none, in the current language (as the table says it)."""
    return pgettext("seat name", "You")


def _level_labels(levels: list[str]) -> list[Text]:
    """The levels' segments: "Hard", said when drawn."""
    return [lambda level=level: words.label(level_name(level)) for level in levels]


def _level_tips(kind: str, levels: list[str]) -> list[Text]:
    """The levels' tooltips: what each does and how strong it measured, said when drawn."""
    return [lambda name=f"{kind}:{level}": bot_tip(name) for level in levels]


def agent_kinds() -> dict[str, list[str]]:
    """Bots by kind, e.g. {'random': [''], 'greedy': [''], 'mcts': ['easy', 'normal', 'hard']}."""
    kinds: dict[str, list[str]] = {}
    for name in bot_names():
        kind, _sep, level = name.partition(":")
        kinds.setdefault(kind, []).append(level)
    return kinds


PERSON = "human"  # the kind of a seat played by a person at this screen (``table.HUMAN``, the record's word)
# TRANSLATORS: the first choice of a seat at setup: a person at this screen plays it (not a bot)
PERSON_LABEL = N_("Person")
PERSON_TIP = N_(
    "A person at this screen: the table turns to them for their decisions (behind a curtain where the table "
    "holds cards only they may see)"
)


class OpponentRow:
    """One seat after yours: a person (with a name) or a bot, with its difficulty for bots that have one."""

    def __init__(self, scene: SetupScene, agent: str, name: str = "") -> None:
        self.scene = scene
        self.kinds = {PERSON: [""], **agent_kinds()}
        kind, _sep, level = agent.partition(":")
        names = list(self.kinds)
        self.kind = Choice(
            scene.ui,
            "",
            names,
            names.index(kind) if kind in names else names.index(usable_agent("greedy")),
            self._kind_changed,
            labels=[PERSON_LABEL if k == PERSON else AGENT_LABELS.get(k, k.capitalize()) for k in names],
            tips=[(lambda: _(PERSON_TIP)) if k == PERSON else (lambda k=k: bot_tip(k)) for k in names],
        )
        kind = self.kind.options[self.kind.index]
        levels = self.kinds[kind]
        self.level = Choice(
            scene.ui,
            "",
            levels,
            levels.index(level) if level in levels else 0,
            lambda _index: None,
            labels=_level_labels(levels),
            tips=_level_tips(kind, levels),
        )
        self.level.visible = levels != [""]
        # TRANSLATORS: the empty name field of a person's seat at setup
        self.name = TextInput(scene.ui, name, 16, placeholder=N_("Their name"), on_enter=scene._start)
        self.name.visible = False

    @property
    def person(self) -> bool:
        """Whether a person at this screen plays the seat."""
        return self.kind.options[self.kind.index] == PERSON

    def _kind_changed(self, index: int) -> None:
        kind = self.kind.options[index]
        levels = self.kinds[kind]
        self.level.options = levels
        self.level.labels = _level_labels(levels)
        self.level.tips = _level_tips(kind, levels)
        self.level.index = levels.index(self._default_level(kind))
        self.level.visible = levels != [""]
        self.scene.layout(self.scene.app.size)  # a person's name field in place of a bot's level, or back

    def _default_level(self, kind: str) -> str:
        levels = self.kinds[kind]
        return "normal" if "normal" in levels else levels[0]

    @property
    def agent(self) -> str:
        """The seat's agent: a bot's name ("mcts:hard"), or ``PERSON``."""
        kind = self.kind.options[self.kind.index]
        level = self.level.options[self.level.index] if self.level.visible else ""
        return f"{kind}:{level}" if level else kind

    def pointed(self) -> str | None:
        """The bot the mouse is on in this row, chosen or not: a kind's segment is that kind at the level it
        would get (this row's level if it is the kind chosen), a level's segment that level; None off the row."""
        mouse = self.kind.ui.mouse
        if self.level.visible:
            kind = self.kind.options[self.kind.index]
            for level, segment in zip(self.level.options, self.level.segments(), strict=True):
                if segment.collidepoint(mouse):
                    return f"{kind}:{level}"
        if not self.kind.visible:
            return None
        for index, (kind, segment) in enumerate(zip(self.kind.options, self.kind.segments(), strict=True)):
            if segment.collidepoint(mouse) and kind != PERSON:
                if index == self.kind.index:
                    return self.agent
                level = self._default_level(kind)
                return f"{kind}:{level}" if level else kind
        return None


class Ladder:
    """The ladder of bots on the setup: a heading, then one line per rung, weakest first: its name, what it is
    like and its measured strength (``table.LADDER_STRENGTH``).  A rung an opponent plays is marked (a pointer
    before its name, the name in gold); the rung the mouse points at, on an opponent's row or on the ladder,
    is framed, and hovering a line says the bot's whole tooltip.  Drawn in ``rect``, mirrored right to left."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cut: set[str] = set()  # traits cut short to fit a line (the tests want none)
        self.heading_shown = True  # off in a window too short for it (the lines say enough)

    @property
    def rungs(self) -> list[str]:
        return ladder()

    def _sizes(self) -> tuple[int, int, int]:
        """The heading's and the lines' font sizes, and a line's height."""
        ui = self.ui
        small = ui.font_px(13)
        return ui.font_px(14), small, ui.text.size("Ag", small)[1] + ui.px(4)

    def heading(self) -> str:
        # TRANSLATORS: above the setup's ladder of bots; each line says how often a bot won against the next one down
        return _("The bots, weakest first, and how often each won two-player games")

    def heading_lines(self, width: int) -> list[str]:
        return self.ui.text.wrap(self.heading(), self._sizes()[0], width) if self.heading_shown else []

    def height_for(self, width: int) -> int:
        """The ladder's height at ``width``: the heading, then a line per rung."""
        heading, _small, line_h = self._sizes()
        heading_h = self.ui.text.size("Ag", heading)[1] * len(self.heading_lines(width))
        return heading_h + self.ui.px(4) + line_h * len(self.rungs)

    def line_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each rung's line, top to bottom."""
        heading, _small, line_h = self._sizes()
        y = self.rect.y + self.ui.text.size("Ag", heading)[1] * len(self.heading_lines(self.rect.w)) + self.ui.px(4)
        return [
            (name, pygame.Rect(self.rect.x, y + index * line_h, self.rect.w, line_h))
            for index, name in enumerate(self.rungs)
        ]

    def draw(self, surface: pygame.Surface, chosen: set[str], pointed: str | None) -> None:
        ui = self.ui
        px = ui.px
        heading_size, size, _line_h = self._sizes()
        left, right = self.rect.x, self.rect.right
        y = self.rect.y
        for line in self.heading_lines(self.rect.w):
            word = ui.text.render(line, heading_size, theme.IVORY)
            y = draw_text(surface, word, (theme.text_x(left, right, word.get_width()), y)).bottom
        lines = self.line_rects()
        names = {name: agent_label(name) for name, _rect in lines}
        strengths = {name: strength_line(name) for name, _rect in lines}
        marker_w = px(16)
        name_w = max(ui.text.size(text, size, "bold")[0] for text in names.values())
        strength_w = max(ui.text.size(text, size)[0] for text in strengths.values())
        traits_w = max(ui.text.size(ladder_trait(name), size)[0] for name, _rect in lines)
        spare = right - left - px(6) - marker_w - name_w - strength_w - traits_w
        gap = max(px(4), min(px(12), spare // 2))  # the gaps narrow before a trait is cut short
        trait_x = left + marker_w + name_w + gap
        trait_w = right - px(6) - strength_w - gap - trait_x
        hovered = None
        for name, rect in lines:
            if rect.collidepoint(ui.mouse):
                hovered = name
        self.cut = set()
        for name, rect in lines:
            mine = name in chosen
            if name in (pointed, hovered):
                frame = rect.inflate(px(4), 0)
                surface.blit(ui.sprites.panel(frame.size, theme.PANEL_LIGHT, 235, theme.GOLD, px(5)), frame)
            if mine:  # a pointer before the name: an opponent plays this rung (told by its shape, not only gold)
                tip = mirrored(pygame.Rect(left + px(3), rect.centery - px(5), px(8), px(10)), self.rect)
                ahead = (tip.right, tip.centery) if not i18n.is_rtl() else (tip.left, tip.centery)
                behind = tip.left if not i18n.is_rtl() else tip.right
                pygame.draw.polygon(surface, theme.GOLD_LIGHT, [(behind, tip.top), ahead, (behind, tip.bottom)])
            word = ui.text.render(names[name], size, theme.GOLD_LIGHT if mine else theme.IVORY, "bold")
            box = mirrored(pygame.Rect(left + marker_w, rect.y, name_w, rect.h), self.rect)
            draw_text(surface, word, (theme.text_x(box.x, box.right, word.get_width()), rect.centery), "midleft")
            trait = ladder_trait(name)
            fitted = ui.text.fit(trait, size, trait_w)
            if fitted != trait:
                self.cut.add(trait)
            word = ui.text.render(fitted, size, theme.TEXT_DIM)
            box = mirrored(pygame.Rect(trait_x, rect.y, trait_w, rect.h), self.rect)
            draw_text(surface, word, (theme.text_x(box.x, box.right, word.get_width()), rect.centery), "midleft")
            word = ui.text.render(strengths[name], size, theme.GOLD_LIGHT if mine else theme.TEXT_DIM)
            box = mirrored(pygame.Rect(right - px(6) - strength_w, rect.y, strength_w, rect.h), self.rect)
            at = box.right - word.get_width() if not i18n.is_rtl() else box.x  # at the line's far end
            draw_text(surface, word, (at, rect.centery), "midleft")
        if hovered is not None:
            ui.tooltip(bot_tip(hovered), next(rect for name, rect in lines if name == hovered))


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
        self.described = True  # its description shown whole under the title (False: in its tooltip alone)
        self.style = TOGGLE_STYLES[0]  # the description's size and the space round it (``TOGGLE_STYLES``)
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

    def _size(self) -> int:
        return self.ui.font_px(self.style.text)

    def lines(self, width: int) -> list[str]:
        """The description wrapped to ``width``, whole; none where the layout found no room for every one."""
        return self.ui.text.wrap(self.text, self._size(), width) if self.described else []

    def cut(self, width: int) -> bool:
        """Whether the description is left out (then the tooltip says it)."""
        return not self.described

    def _pad(self) -> int:
        return self.ui.px(self.style.pad)

    def _text_top(self) -> int:
        """Where the description starts under the title (centred on the switch): below the title's box."""
        title_h = self.ui.text.size("Ag", self.ui.font_px(self.style.title), "bold")[1]
        switch = self.ui.px(self.style.switch)
        return self._pad() + max(switch - self.ui.px(2), switch // 2 + (title_h + 1) // 2)

    def height_for(self, width: int) -> int:
        """The height of the row at ``width``: the title line, then the wrapped description."""
        line_h = self.ui.text.size("Ag", self._size())[1]
        return self._text_top() + line_h * len(self.lines(width - self.ui.px(24))) + self._pad()

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
        h = px(self.style.switch)
        w = round(h * 50 / 24)
        track = pygame.Rect(self.rect.right - px(10) - w, self.rect.y + self._pad(), w, h)
        cap_right = track.x - px(10)  # the keycap's right edge, left to right
        track = mirrored(track, self.rect)
        colour = theme.GOLD if self.value else (70, 80, 78)
        pygame.draw.rect(surface, colour, track, border_radius=h // 2)
        pygame.draw.rect(surface, theme.INK, track, 2, border_radius=h // 2)
        knob_x = track.right - h // 2 if self.value else track.x + h // 2
        pygame.draw.circle(surface, theme.IVORY, (knob_x, track.centery), h // 2 - 4)
        # the key, as a keycap beside the switch
        key = ui.text.render(self.key, ui.font_px(self.style.switch // 2), theme.INK, "bold")
        cap = pygame.Rect(0, 0, max(key.get_width() + px(10), px(22)), h - px(4))
        cap.midright = (cap_right, track.centery)
        room = cap.x - self.rect.x - px(20)  # for the title, beside the keycap
        cap = mirrored(cap, self.rect)
        pygame.draw.rect(surface, theme.PARCHMENT, cap, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD_DARK, cap, 1, border_radius=4)
        surface.blit(key, key.get_rect(center=cap.center))
        # the title and the description
        size = ui.font_px(self.style.title)
        left, right = self.rect.x + px(12), self.rect.right - px(12)
        title = ui.text.fit(self.title, size, room, "bold")
        word = ui.text.render(title, size, theme.GOLD_LIGHT if self.value else theme.IVORY, "bold")
        surface.blit(word, word.get_rect(midleft=(theme.text_x(left, right, word.get_width()), track.centery)))
        small = self._size()
        line_h = ui.text.size("Ag", small)[1]
        y = self.rect.y + self._text_top()
        for line in self.lines(self.rect.w - px(24)):
            word = ui.text.render(line, small, theme.TEXT_DIM if not self.value else theme.IVORY)
            surface.blit(word, (theme.text_x(left, right, word.get_width()), y))
            y += line_h
        if hovered:
            tip = self.click_tip()
            if self.cut(self.rect.w):  # the description left out, said here
                tip = _("{description}. {how_to_switch}").format(description=self.text, how_to_switch=tip)
            ui.tooltip(tip, self.rect)


class SetupScene(PanelScene):
    """Choose the table; Enter starts, Escape goes back."""

    title = N_("New game")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        settings = app.settings
        seats = [name if name == PERSON else usable_agent(name) for name in settings.opponents][:MAX_OPPONENTS]
        opponents = seats or [usable_agent("greedy")]
        people = iter(settings.people)  # the names of the people in the seats after yours, in order
        self.rows = [
            OpponentRow(self, agent, next(people, "") if agent == PERSON else "")
            for agent in (opponents[i % len(opponents)] for i in range(MAX_OPPONENTS))
        ]
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
            allowed=str.isdecimal,  # what int() reads: 0-9 and other scripts' digits (۱۲), not ² or ½
            # TRANSLATORS: shown in the empty seed field: a random deal
            placeholder=lambda: pgettext("seed", "random"),
            on_enter=self._start,
        )
        self.start = Button(self.ui, N_("Start the game"), self._start, style="primary", hotkey="Enter")
        self.back = Button(self.ui, lambda: pgettext("button", "Back"), app.pop, hotkey="Esc")
        chosen = chosen_modules(app)
        self.toggles = [ModuleToggle(self.ui, name, name in chosen) for name in CHOOSABLE]
        self.ladder = Ladder(self.ui)
        self.error = ""

    @property
    def opponents(self) -> list[str]:
        """The seats after yours: each a bot's name or ``PERSON``."""
        return [row.agent for row in self.rows[: self.count.index + 1]]

    @property
    def bots(self) -> list[str]:
        """The bots of the seats after yours, in order."""
        return [row.agent for row in self.rows[: self.count.index + 1] if not row.person]

    @property
    def people(self) -> list[str]:
        """The people at this screen, by name: you, then the people of the seats after yours (a name left blank
        is said as the table says it: "Player 3")."""
        active = self.rows[: self.count.index + 1]
        people = [row for row in active if row.person]
        everyone = 1 + len(people)
        names = [person_name(self.name.value, 0, everyone)]
        names += [person_name(row.name.value, index, everyone) for index, row in enumerate(people, 1)]
        return names

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules switched on, in the rule book's order (``CHOOSABLE``)."""
        return tuple(toggle.name for toggle in self.toggles if toggle.value)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        # Two columns: the table and the ladder of bots on the left, the rule modules on the right.  The panel
        # grows taller for either where the window allows (seven modules; five opponents over the ladder), and
        # the modules' descriptions shrink, or are left to their tooltips, if need be.
        # the roomiest style in which every description fits whole, in a panel of its usual width or, in a wide
        # window, wider (the room going to the modules' column); where none does, the titles alone
        widths = sorted({min(w - 40, px(1220)), min(w - 40, px(WIDEST))})
        fits = [(width, style, True) for style in TOGGLE_STYLES for width in widths]
        fits += [(widths[0], style, False) for style in TOGGLE_STYLES]  # the titles alone, as roomy as they fit
        for width, style, described in fits:
            modules_w = width - px(40) - px(40 + 170 + 556 + 40)  # the right column, right of the left one
            gap = px(style.pad)
            for toggle in self.toggles:
                toggle.style, toggle.described = style, described
            needed = px(84 + 34 + 92) + sum(t.height_for(modules_w) + gap for t in self.toggles)
            if needed <= h - 40:
                break
        self.label_w = label_w = px(170)
        column_w = label_w + px(556)  # the left column's width
        row_h = px(38)
        opponent_h = px(34)  # the opponents' rows a little closer than the others, for the ladder under them
        self.ladder.heading_shown = True
        left_needed = self._left_height(column_w, row_h, opponent_h)
        if left_needed > h - 40:  # a window too short for all of it: the ladder's lines without their heading
            self.ladder.heading_shown = False
            left_needed = self._left_height(column_w, row_h, opponent_h)
        self.panel = pygame.Rect(0, 0, width, min(h - 40, max(px(640), needed, left_needed)))
        self.panel.center = (w // 2, h // 2)
        left = self.panel.x + px(40)
        field_x = left + label_w
        self.column_right = left + column_w  # the left column's right edge
        y = self.panel.y + px(84)
        self.name.rect = pygame.Rect(field_x, y, px(300), row_h)
        y += row_h + px(14)
        self.count.rect = pygame.Rect(field_x, y, px(300), row_h)
        y += row_h + px(14)
        self.row_labels: list[tuple[int, int]] = []  # (opponent number, y)
        widgets: list = [self.name, self.count]
        for index, row in enumerate(self.rows):
            active = index <= self.count.index
            row.kind.visible = active
            row.level.visible = active and row.level.options != [""]
            row.kind.rect = pygame.Rect(field_x, y, px(290), opponent_h)
            row.level.rect = pygame.Rect(field_x + px(306), y, self.column_right - field_x - px(306), opponent_h)
            self._share_row(row)
            row.name.visible = active and row.person
            if row.person:  # a person's name where a bot's level would be
                row.level.visible = False
                row.name.rect = row.level.rect.copy()
            if active:
                self.row_labels.append((index + 1, y + opponent_h // 2))
                widgets += [row.kind, row.level, row.name]
                y += opponent_h + px(6)
        y += px(8)
        self.seed_y = y
        self.seed.rect = pygame.Rect(field_x, y, px(200), row_h)
        self.hint_x = self.seed.rect.right + px(16)  # the seed's hint, right of the field (left to right)
        bottom = self.panel.bottom - px(26) - px(50)
        self.start.rect = pygame.Rect(self.panel.right - px(40) - px(240), bottom, px(240), px(50))
        self.back.rect = pygame.Rect(left, bottom, px(160), px(50))
        # the ladder of bots, at the foot of the left column (where it stays as opponents come and go)
        ladder_h = self.ladder.height_for(column_w)
        self.ladder.rect = pygame.Rect(left, bottom - px(16) - ladder_h, column_w, ladder_h)
        # the modules' column, under its heading
        self.modules_x = self.column_right + px(40)
        y = self.panel.y + px(84) + px(34)
        for toggle in self.toggles:
            toggle.rect = pygame.Rect(self.modules_x, y, modules_w, toggle.height_for(modules_w))
            y = toggle.rect.bottom + gap
        self.widgets = [*widgets, self.seed, *self.toggles, self.start, self.back]
        # laid out left to right; right to left, the panel is read from its right edge (the ladder mirrors its lines)
        self.mirror([self.name, self.count, self.seed, *self.toggles, self.start, self.back])
        self.ladder.rect = mirrored(self.ladder.rect, self.panel)
        self.mirror([choice for row in self.rows for choice in (row.kind, row.level, row.name)])

    def _share_row(self, row: OpponentRow) -> None:
        """Where a kind's or a level's name does not fit its equal share of the row (a long word of another
        language, a small window), the row is shared by what the names need: between the kinds and the levels,
        and within each among its names."""
        px = self.ui.px
        levels = max((levels for levels in row.kinds.values()), key=len)
        level_needs = Choice(self.ui, "", levels, 0, lambda _index: None, labels=_level_labels(levels)).needs()
        kind_needs = row.kind.needs()
        fits = max(kind_needs) * len(kind_needs) <= row.kind.rect.w + 4 * len(kind_needs)
        if fits and max(level_needs) * len(level_needs) <= row.level.rect.w + 4 * len(level_needs):
            row.kind.weights = row.level.weights = []
            return
        gap = px(16)
        room = self.column_right - row.kind.rect.x - gap
        kind_w = round(room * sum(kind_needs) / (sum(kind_needs) + sum(level_needs)))
        row.kind.rect.w = kind_w
        row.level.rect = pygame.Rect(row.kind.rect.right + gap, row.kind.rect.y, room - kind_w, row.kind.rect.h)
        row.kind.weights = [float(need) for need in kind_needs]
        row.level.weights = [float(need) for need in level_needs] if len(row.level.options) == len(levels) else []

    def _left_height(self, column_w: int, row_h: int, opponent_h: int) -> int:
        """The left column's height: its fields, the opponents' rows and the note under them at the most they
        take (five opponents and their note, or one and the two-player note with modules), the ladder, the
        buttons."""
        px = self.ui.px
        size = self.ui.font_px(15)
        line_h = self.ui.text.size("Ag", size)[1] + 2
        rows_and_note = max(
            count * (opponent_h + px(6)) + line_h * len(self.ui.text.wrap(self.note(count + 1, True), size, column_w))
            for count in range(1, MAX_OPPONENTS + 1)
        )
        hint_size = self.ui.font_px(13)
        hint_h = self.ui.text.size("Ag", hint_size)[1]
        hints = len(
            self.ui.text.wrap(
                _("Same seed, same deal: share a seed to compare games."), hint_size, column_w - self.label_w - px(216)
            )
        )
        below_seed = max(0, hints * hint_h - hints * hint_h // 2 - row_h // 2)  # the hint, centred on the seed's row
        fields = px(84) + 2 * (row_h + px(14)) + px(8) + row_h + below_seed + px(12)
        return fields + rows_and_note + px(12) + self.ladder.height_for(column_w) + px(16) + px(50) + px(26)

    def _label_lines(self, text: str) -> tuple[int, list[str]]:
        """A field's label in the room left of the field: on one line, else on two in a smaller size (a longer
        word of another language: "Kezdőérték (nem kötelező)"); cut short only where even that is too long."""
        ui = self.ui
        room = self.label_w - ui.px(8)
        for design in (17, 15, 13):
            size = ui.font_px(design)
            lines = ui.text.wrap(text, size, room)
            if len(lines) <= (1 if design == 17 else 2) and all(ui.text.size(line, size)[0] <= room for line in lines):
                return size, lines
        return size, [ui.text.fit(line, size, room) for line in lines[:2]]

    def _hint_lines(self) -> list[str]:
        """The seed's hint, right of the seed field."""
        hint = _("Same seed, same deal: share a seed to compare games.")
        return self.ui.text.wrap(hint, self.ui.font_px(13), self.column_right - self.hint_x)

    def _note_top(self) -> int:
        """Where the note under the seed starts: below the seed field and below its hint (centred on the field)."""
        line_h = self.ui.text.size("Ag", self.ui.font_px(13))[1]
        hint_bottom = self.seed.rect.centery + line_h * len(self._hint_lines()) - line_h * len(self._hint_lines()) // 2
        return max(self.seed.rect.bottom, hint_bottom) + self.ui.px(12)

    def note(self, players: int, modules: bool) -> str:
        """What the setup says under the seed of a game of ``players`` (with rule modules or not)."""
        if players == 2:
            note = _(
                "Two players: Dirk, a neutral collector, joins the game. He takes no turns and cannot win, "
                "but he collects tiles (6 at the start, more after each scoring), competes for majorities, "
                "and you may give him a tile you bought instead of building it."
            )
            if modules:
                note = _("{note} With modules he collects building tiles only: never huts.").format(note=note)
            return note
        return ngettext(
            "{players} player. The start player is the one dealt the fewest money cards.",
            "{players} players. The start player is the one dealt the fewest money cards.",
            players,
        ).format(players=players)

    def _start(self) -> None:
        people = self.people
        twice = next((name for index, name in enumerate(people) if name in people[:index]), None)
        if twice is not None:  # the table, the log and the curtain tell people apart by their names
            self.error = _("Two people are called {player}: give each a name of their own.").format(player=twice)
            self.ui.sounds.play("error")
            return
        self.error = ""
        name = self.name.value.strip() or default_name()
        seed = int(self.seed.value) if self.seed.value else None
        settings = self.app.settings
        settings.name = DEFAULT_NAME if name == default_name() else name  # the default, said anew in each language
        settings.opponents = self.opponents
        active = self.rows[: self.count.index + 1]
        settings.people = [row.name.value.strip() for row in active if row.person and row.name.value.strip()]
        settings.modules = list(self.modules)
        self.app.save_settings()
        self.app.new_game(people, self.bots, seed, self.modules)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click focuses the one name field under it: every other lets go of the keys first."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for field in (self.name, *(row.name for row in self.rows)):
                field.focused = False
        return super().handle(event)

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
            label_size, lines = self._label_lines(text)
            line_h = ui.text.size("Ag", label_size)[1]
            top = y - line_h * len(lines) // 2
            for line in lines:
                word = ui.text.render(line, label_size, theme.IVORY)
                draw_text(surface, word, (self.across(left, word.get_width()), top))
                top += line_h
        players = self.count.index + 2
        note = self.note(players, bool(self.modules))
        active = self.rows[: self.count.index + 1]
        pointed = next((found for row in active if (found := row.pointed()) is not None), None)
        self.ladder.draw(surface, {row.agent for row in active}, pointed)
        y = self._note_top()
        small = ui.font_px(15)
        for line in ui.text.wrap(note, small, self.column_right - left):
            word = ui.text.render(line, small, theme.GOLD_LIGHT if players == 2 else theme.TEXT_DIM)
            y = draw_text(surface, word, (self.across(left, word.get_width()), y)).bottom + 2
        hint_size = ui.font_px(13)
        hint_lines = self._hint_lines()
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
        if self.error:  # why the game did not start, over the start button
            word = ui.text.render(ui.text.fit(self.error, small, self.panel.w - px(80)), small, theme.WARN)
            draw_text(surface, word, (self.across(left, word.get_width()), self.start.rect.y - px(30)))
        super().draw(surface)


def chosen_modules(app: AppServices) -> set[str]:
    """The modules switched on when the screen opens: ``--modules`` if given, else the last choice."""
    given = getattr(app.args, "modules", None)
    if given is not None:
        return set(given)
    remembered = app.settings.modules
    return {name for name in remembered if name in CHOOSABLE}
