"""Settings: the language, animation speed, the bots' thinking time, sound, the opponents' hands memory aid,
turn confirmation, seat colours, the curtain between people at one screen, fullscreen.

Every change is saved at once to the user's config dir, so a crash never loses it.  A new language shows at
the next frame, on this screen and on every other (the app lays every scene out again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import N_, _, pgettext

from .. import theme
from ..persistence import SPEEDS, THINK_LIMITS
from ..widgets import Button, Choice, Toggle, draw_text, shown, verbatim
from .panel import ClosingPanelScene

if TYPE_CHECKING:
    from ..scene import AppServices


def speed_labels() -> tuple[str, ...]:
    """The animation speeds' names, in SPEEDS order."""
    return (
        # TRANSLATORS: animation speeds, on the segments of one row of the settings (keep them short)
        pgettext("speed", "Instant"),
        pgettext("speed", "Slow"),
        pgettext("speed", "Normal"),
        pgettext("speed", "Fast"),
        pgettext("speed", "Very fast"),
    )


def _speed_label(index: int) -> str:
    return speed_labels()[index]


def think_labels() -> tuple[str, ...]:
    """The think-time choices' names, in THINK_LIMITS order: as the level, then each cap."""
    return (
        # TRANSLATORS: bots' thinking time, on the segments of one row of the settings (keep them short): each bot
        # thinks as long as its level does (MCTS expert 3 s, hard 0.9 s)
        pgettext("think time", "As its level"),
        # TRANSLATORS: bots' thinking time: no bot thinks longer than this about a move
        pgettext("think time", "1 s at most"),
        pgettext("think time", "0.5 s at most"),
        pgettext("think time", "0.2 s at most"),
    )


def _think_label(index: int) -> str:
    return think_labels()[index]


class SettingsScene(ClosingPanelScene):
    """Every setting applies and is saved at once, so there is nothing to confirm."""

    title = N_("Settings")
    title_at = (40, 24)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        s = app.settings
        codes = list(i18n.LANGUAGES)
        self.language = Choice(
            self.ui,
            N_("Language"),
            codes,
            codes.index(i18n.language()) if i18n.language() in codes else 0,
            self._language,
            labels=[verbatim(i18n.LANGUAGES[code]) for code in codes],  # each in its own words, in every language
            tooltip=N_("The game's language; it changes at once"),
        )
        speed_index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - app.speed))
        self.speed = Choice(
            self.ui,
            N_("Animation speed"),
            [str(v) for v in SPEEDS],
            speed_index,
            self._speed,
            labels=[lambda index=index: _speed_label(index) for index in range(len(SPEEDS))],
            tooltip=N_("How fast cards and tiles move; Instant skips animations"),
        )
        limits = list(THINK_LIMITS)
        self.think = Choice(
            self.ui,
            N_("Bot thinking time"),
            ["" if limit is None else str(limit) for limit in limits],
            limits.index(s.think_limit) if s.think_limit in limits else 0,
            self._think,
            labels=[lambda index=index: _think_label(index) for index in range(len(limits))],
            tooltip=N_(
                "How long a bot may think about a move. As its level: MCTS expert takes up to 3 s, hard up to "
                "0.9 s. A cap makes the searching bots quicker, and a little weaker, on a slow computer."
            ),
        )
        self.sound = Toggle(self.ui, N_("Sound effects"), s.sound, self._sound)
        self.hands = Toggle(
            self.ui,
            N_("Show opponents' hands (memory aid)"),
            s.show_hands,
            self._hands,
            tooltip=N_(
                "Every take and payment is public, so a player with perfect memory knows "
                "all hands. Off: you see only how many cards each holds."
            ),
        )
        self.confirm = Toggle(
            self.ui,
            N_("Confirm the end of my turn"),
            s.confirm_turn,
            self._confirm,
            tooltip=N_("The move that ends your turn waits for End turn, so you can still undo it"),
        )
        self.colour_safe = Toggle(
            self.ui,
            N_("Colour-blind friendly seat colours"),
            s.colour_safe,
            self._colour_safe,
            tooltip=N_("Seat colours that stay apart in every kind of colour blindness (seats also differ by shape)"),
        )
        self.curtain = Toggle(
            self.ui,
            N_("Pass the screen behind a curtain"),
            s.curtain,
            self._curtain,
            tooltip=N_(
                "Several people at one screen: before each one decides, a curtain hides the table until they "
                "are ready, so nobody sees another's face-down cards. Off: the table turns to them at once."
            ),
        )
        self.fullscreen = Toggle(self.ui, N_("Fullscreen (F11)"), app.fullscreen, app.set_fullscreen)
        self.back = Button(self.ui, lambda: pgettext("button", "Done"), app.pop, style="primary", hotkey="Esc")
        self.widgets = [
            self.language,
            self.speed,
            self.think,
            self.sound,
            self.hands,
            self.confirm,
            self.colour_safe,
            self.curtain,
            self.fullscreen,
            self.back,
        ]

    def _language(self, index: int) -> None:
        """Speak the chosen language from the next frame on (saved with the settings); a language whose
        catalogue is missing leaves the choice where it was."""
        if not self.app.set_language(self.language.options[index]):
            self.language.index = self.language.options.index(i18n.language())
            self.ui.sounds.play("error")

    def _speed(self, index: int) -> None:
        self.app.settings.speed = SPEEDS[index]
        self.app.speed_override = None
        self.app.save_settings()

    def _think(self, index: int) -> None:
        """Cap the bots' thinking from their next decision on (one already being searched keeps its time)."""
        self.app.settings.think_limit = THINK_LIMITS[index]
        self.app.save_settings()

    def _sound(self, value: bool) -> None:
        self.app.settings.sound = value
        self.ui.sounds.enabled = value
        self.app.save_settings()

    def _hands(self, value: bool) -> None:
        self.app.settings.show_hands = value
        self.app.save_settings()

    def _colour_safe(self, value: bool) -> None:
        self.app.settings.colour_safe = value
        theme.use_colour_safe_seats(value)
        self.app.save_settings()

    def _curtain(self, value: bool) -> None:
        self.app.settings.curtain = value
        self.app.save_settings()

    def _confirm(self, value: bool) -> None:
        self.app.settings.confirm_turn = value
        self.app.save_settings()

    def enter(self) -> None:
        self.fullscreen.value = self.app.fullscreen
        self.language.index = self.language.options.index(i18n.language())

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.value = self.app.fullscreen  # F11 works here too: the switch follows it

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.ui.px
        self.panel = pygame.Rect(0, 0, min(w - 40, px(760)), min(h - 40, px(688)))
        self.panel.center = (w // 2, h // 2)
        x, width = self.panel.x + px(40), self.panel.w - px(80)
        y = self.panel.y + px(90)
        choices = (self.language, self.speed, self.think)
        widest = max(self.ui.text.size(shown(choice.label), self.ui.font_px(17))[0] for choice in choices)
        for choice in choices:
            choice.label_width = min(max(px(200), widest + px(10)), width // 2)  # a longer label in another language
            choice.rect = pygame.Rect(x, y, width, px(40))
            y += px(56)
        y += px(4)
        for toggle in (self.sound, self.hands, self.confirm, self.colour_safe, self.curtain, self.fullscreen):
            toggle.rect = pygame.Rect(x, y, width, px(40))
            y += px(52)
        self.back.rect = pygame.Rect(self.panel.right - px(40) - px(180), self.panel.bottom - px(76), px(180), px(50))
        self.mirror([self.back])  # right to left, Done at the left

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        size = self.ui.font_px(13)
        room = self.panel.w - self.ui.px(80) - self.back.rect.w
        where = self.ui.text.render(self.ui.text.fit(_("Saved automatically"), size, room), size, theme.TEXT_FAINT)
        x = self.across(self.panel.x + self.ui.px(40), where.get_width())
        draw_text(surface, where, (x, self.panel.bottom - self.ui.px(50)), "midleft")
        super().draw(surface)
