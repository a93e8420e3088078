"""Small reusable pieces of interface: buttons, toggles, choices, a text field, a scroll list.

Widgets draw from caches (``Sprites.panel``, ``TextCache``) so a frame re-renders nothing.  The
mouse position comes from events (``Ui.mouse``), not ``pygame.mouse.get_pos``, so synthetic
events in tests drive hover and clicks exactly like a real mouse.  Tooltips are requested while
drawing and shown by the app after a short hover, on top of everything.

Words are translated when they are drawn, never when a widget is built (the language can change while a
screen is open): a widget's label, tooltip or option is a ``Text``, either the English source sentence (marked
``N_`` where it is written), which the widget passes through ``_()`` at every frame, or a function that says
it (``lambda: pgettext("button", "Back")``, a sentence with its placeholders filled, a name said as it is:
``verbatim(name)``).  In a language written right to left a line of text starts at its box's right edge
(``theme.text_x``) and a labelled control (a switch, a row of choices) is mirrored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game import i18n
from game.i18n import N_, _, pgettext

from . import theme
from .plain import plain
from .sound import Sounds
from .sprites import Sprites

Text = str | Callable[[], str]
"""What a widget shows: an English source sentence translated when drawn, or a function saying it now."""


def shown(text: Text) -> str:
    """``text`` in the current language: a function is asked now, a source sentence translated now."""
    if callable(text):
        return text()
    return _(text) if text else ""  # gettext("") would answer the catalogue's header


def verbatim(text: str) -> Callable[[], str]:
    """``text`` shown as it is, in every language: a name, a number, a language's own name."""
    return lambda: text


def mirrored(rect: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected left to right within ``within`` in a language written right to left (else as it is)."""
    if not i18n.is_rtl():
        return rect
    return pygame.Rect(within.x + within.right - rect.right, rect.y, rect.w, rect.h)


class Ui:
    """What every widget and view needs: text, sprites, sounds, the scale and the mouse."""

    def __init__(self, text: theme.TextCache, sprites: Sprites, sounds: Sounds) -> None:
        self.text = text
        self.sprites = sprites
        self.sounds = sounds
        self.scale = 1.0
        self.time = 0.0
        self.mouse = (-1, -1)
        self._tooltip: tuple[str, pygame.Rect] | None = None
        self._tooltip_since = 0.0
        self._tooltip_asked: tuple[str, pygame.Rect] | None = None
        self.buttons_drawn: list[pygame.Rect] = []  # this frame's buttons: a tooltip keeps clear of them
        self.kept_clear: list[pygame.Rect] = []  # and this frame's marks to be read (``keep_clear``)
        self.cut_labels: set[str] = set()  # button labels that had to be cut short to fit (the tests want none)

    def px(self, value: float) -> int:
        """A length designed for a 1280x800 window, scaled to the current one."""
        return max(1, round(value * self.scale))

    def font_px(self, value: float) -> int:
        return max(11, round(value * self.scale))

    # ------------------------------------------------------------------ tooltips
    def keep_clear(self, rect: pygame.Rect) -> None:
        """Keep this frame's tooltip off ``rect``: something the player reads while pointing elsewhere (a toast, a
        screen's subtitle, the mark on the slot that prices the tile pointed at)."""
        self.kept_clear.append(pygame.Rect(rect))

    def tooltip(self, text: str, rect: pygame.Rect, hotkey: str = "") -> None:
        """Ask for a tooltip this frame (the hovered widget calls this while drawing), in a player's words, with
        the ``hotkey`` that does the same in brackets (as it is: "[S]" is a key, not the engine's south wall)."""
        said = plain(text) if text else ""
        if hotkey:
            said = f"{said}  [{hotkey}]" if said else f"[{hotkey}]"
        if said:
            self._tooltip_asked = (said, rect)

    def tooltip_box(
        self, anchor: pygame.Rect, size: tuple[int, int], screen: pygame.Rect, buttons: list[pygame.Rect]
    ) -> pygame.Rect:
        """Where a tooltip of ``size`` goes for ``anchor``: below it, else above, else beside it, else below or
        above from one of its edges, the first place that stays on screen and covers none of this frame's other
        buttons (it covered the button a player was about to press) or marks kept clear (``keep_clear``); below,
        or above at the bottom of the screen, when every place covers one."""
        w, h = size
        gap = self.px(8)
        x = min(max(4, anchor.centerx - w // 2), screen.w - w - 4)
        y = min(max(4, anchor.centery - h // 2), screen.h - h - 4)
        places = [
            pygame.Rect(x, anchor.bottom + gap, w, h),
            pygame.Rect(x, anchor.top - gap - h, w, h),
            pygame.Rect(anchor.left - gap - w, y, w, h),
            pygame.Rect(anchor.right + gap, y, w, h),
        ]
        places += [  # below or above, from the anchor's left or right edge, where the middle covers something
            pygame.Rect(min(max(4, anchor.x), screen.w - w - 4), anchor.bottom + gap, w, h),
            pygame.Rect(min(max(4, anchor.right - w), screen.w - w - 4), anchor.bottom + gap, w, h),
            pygame.Rect(min(max(4, anchor.x), screen.w - w - 4), anchor.top - gap - h, w, h),
            pygame.Rect(min(max(4, anchor.right - w), screen.w - w - 4), anchor.top - gap - h, w, h),
        ]
        others = [rect for rect in buttons if rect != anchor]
        on_screen = [place for place in places if screen.contains(place)]
        for place in on_screen:
            if not any(place.colliderect(other) for other in others):
                return place
        return on_screen[0] if on_screen else places[0].clamp(screen)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        asked, self._tooltip_asked = self._tooltip_asked, None
        buttons, self.buttons_drawn = self.buttons_drawn, []
        kept, self.kept_clear = self.kept_clear, []
        if asked is None or self._tooltip is None or asked[0] != self._tooltip[0]:
            self._tooltip = asked
            self._tooltip_since = self.time
            return
        if self.time - self._tooltip_since < 0.45:
            return
        text, anchor = asked
        size = self.font_px(14)
        lines = self.text.wrap(text, size, self.px(320))
        line_h = self.text.size("Ag", size)[1]
        w = max(self.text.size(line, size)[0] for line in lines) + self.px(20)
        h = line_h * len(lines) + self.px(14)
        box = self.tooltip_box(anchor, (w, h), surface.get_rect(), [*buttons, *kept])
        surface.blit(self.sprites.shadow(box.size, 8, 5, 140), (box.x - 10 + 2, box.y - 10 + 4))
        surface.blit(self.sprites.panel(box.size, (30, 24, 18), 245, theme.GOLD, 8), box)
        for i, line in enumerate(lines):
            word = self.text.render(line, size, theme.IVORY)
            x = theme.text_x(box.x + self.px(10), box.right - self.px(10), word.get_width())
            surface.blit(word, (x, box.y + self.px(7) + i * line_h))


def draw_text(
    surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int], anchor: str = "topleft"
) -> pygame.Rect:
    """Blit ``image`` with one of its rect's anchor points (``center``, ``midleft``...) at ``pos``."""
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_box(
    ui: Ui,
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: theme.Color = theme.PANEL,
    alpha: int = 226,
    edge: theme.Color = theme.PANEL_EDGE,
    radius: int = 10,
    shadow: bool = True,
) -> None:
    """A panel with a soft drop shadow: the common container of the whole client."""
    if shadow:
        blur = 7
        surface.blit(ui.sprites.shadow(rect.size, radius, blur, 110), (rect.x - 2 * blur + 3, rect.y - 2 * blur + 5))
    surface.blit(ui.sprites.panel(rect.size, fill, alpha, edge, radius), rect)


class Widget:
    """Something with a rectangle that may react to events and draws itself."""

    def __init__(self, ui: Ui, rect: pygame.Rect | None = None, tooltip: Text = "") -> None:
        self.ui = ui
        self.rect = pygame.Rect(rect or (0, 0, 0, 0))
        self.tooltip: Text = tooltip
        self.visible = True
        self.enabled = True

    @property
    def hovered(self) -> bool:
        return self.visible and self.rect.collidepoint(self.ui.mouse)

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True if it was used (then nothing below sees it)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.hovered and self.tooltip:
            self.ui.tooltip(shown(self.tooltip), self.rect)


STYLES = {
    # fill, hover fill, edge, text
    "primary": ((178, 128, 44), (214, 164, 62), theme.GOLD_LIGHT, theme.INK),
    "normal": ((44, 62, 64), (62, 86, 88), theme.PANEL_EDGE, theme.IVORY),
    "quiet": ((30, 44, 46), (46, 64, 66), (70, 88, 84), theme.IVORY),
}


class Button(Widget):
    """A labelled (and/or iconed) button; ``hotkey`` is shown in its tooltip."""

    def __init__(
        self,
        ui: Ui,
        label: Text,
        on_click: Callable[[], None],
        rect: pygame.Rect | None = None,
        icon: str | None = None,
        style: str = "normal",
        tooltip: Text = "",
        hotkey: Text = "",
    ) -> None:
        super().__init__(ui, rect, tooltip)
        self.label: Text = label
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.hotkey: Text = hotkey
        self.selected = False
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self._pressed = self._pressed, False
            if was and self.enabled and self.rect.collidepoint(event.pos):
                self.click()
                return True
        return False

    def click(self) -> None:
        self.ui.sounds.play("click")
        self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.ui.buttons_drawn.append(self.rect)
        fill, hover, edge, ink = STYLES[self.style]
        hovered = self.hovered and self.enabled
        if not self.enabled:
            fill, edge, ink = theme.mix(fill, (60, 60, 60), 0.6), (80, 80, 76), theme.TEXT_FAINT
        elif self.selected:
            fill, edge = theme.mix(fill, theme.GOLD, 0.35), theme.GOLD_LIGHT
        rect = self.rect.move(0, -1 if hovered and not self._pressed else 0)
        radius = min(self.ui.px(9), rect.h // 2)
        surface.blit(
            self.ui.sprites.shadow(rect.size, radius, 4, 110 if self.enabled else 50),
            (rect.x - 8 + 1, rect.y - 8 + (4 if hovered else 3)),
        )
        surface.blit(self.ui.sprites.panel(rect.size, hover if hovered else fill, 250, edge, radius), rect)
        size = self.ui.font_px(15)
        content: list[pygame.Surface] = []
        label = shown(self.label)
        if self.icon:
            side = min(rect.h - self.ui.px(12), self.ui.px(22 if label else 28))
            icon = self.ui.sprites.icon(self.icon, side)
            if not self.enabled:
                icon = icon.copy()
                icon.set_alpha(110)
            content.append(icon)
        if label:
            room = rect.w - self.ui.px(10) - sum(c.get_width() + self.ui.px(6) for c in content)
            # A longer word of another language first takes a smaller size (down to four fifths), then the room of
            # the icon (the label says what the icon shows), and only then is cut.
            smallest = max(6, size * 4 // 5)
            if content and self.ui.text.size(label, smallest, "bold")[0] > room:
                content, room = [], rect.w - self.ui.px(10)
            while size > smallest and self.ui.text.size(label, size, "bold")[0] > room:
                size -= 1
            fitted = self.ui.text.fit(label, size, room, "bold")
            if fitted != label:
                self.ui.cut_labels.add(label)
            content.append(self.ui.text.render(fitted, size, ink, "bold"))
        if i18n.is_rtl():
            content.reverse()  # the icon, then the label, read from the right
        width = sum(c.get_width() for c in content) + self.ui.px(6) * (len(content) - 1)
        x = rect.centerx - width // 2
        for part in content:
            surface.blit(part, part.get_rect(midleft=(x, rect.centery)))
            x += part.get_width() + self.ui.px(6)
        if hovered or (self.hovered and not self.enabled):
            self.ui.tooltip(shown(self.tooltip), self.rect, shown(self.hotkey))


class Toggle(Widget):
    """An on/off switch with a label on its left (on its right, and the switch on the left, right to left)."""

    def __init__(self, ui: Ui, label: Text, value: bool, on_change: Callable[[bool], None], tooltip: Text = "") -> None:
        super().__init__(ui, None, tooltip)
        self.label: Text = label
        self.value = value
        self.on_change = on_change

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.value = not self.value
            self.ui.sounds.play("click")
            self.on_change(self.value)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = self.ui.font_px(17)
        font = self.ui.font_px(12)
        # TRANSLATORS: the two states of a switch in the settings, written on the switch (keep them short)
        on, off = pgettext("switch", "ON"), pgettext("switch", "OFF")
        said = on if self.value else off
        h = self.ui.px(28)
        widest = max(self.ui.text.size(word, font, "bold")[0] for word in (on, off))
        w = max(self.ui.px(58), widest + h + self.ui.px(8))  # the switch grows to hold its longer word
        track = mirrored(pygame.Rect(self.rect.right - w, self.rect.centery - h // 2, w, h), self.rect)
        label = self.ui.text.render(
            self.ui.text.fit(shown(self.label), size, self.rect.w - w - self.ui.px(12)), size, theme.IVORY
        )
        x = theme.text_x(self.rect.x, self.rect.right, label.get_width())
        surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        colour = theme.GOLD if self.value else (70, 80, 78)
        if self.hovered:
            colour = theme.mix(colour, (255, 255, 255), 0.15)
        pygame.draw.rect(surface, colour, track, border_radius=h // 2)
        pygame.draw.rect(surface, theme.INK, track, 2, border_radius=h // 2)
        knob_x = track.right - h // 2 if self.value else track.x + h // 2
        pygame.draw.circle(surface, theme.IVORY, (knob_x, track.centery), h // 2 - 4)
        fitted = self.ui.text.fit(said, font, w - h - self.ui.px(6), "bold")
        if fitted != said:
            self.ui.cut_labels.add(said)
        word = self.ui.text.render(fitted, font, theme.INK if self.value else theme.IVORY, "bold")
        wx = track.x + self.ui.px(8) if self.value else track.right - self.ui.px(8) - word.get_width()
        surface.blit(word, word.get_rect(midleft=(wx, track.centery)))


class Choice(Widget):
    """A row of segments, one selected: for a small set of options (speeds, counts, agents)."""

    def __init__(
        self,
        ui: Ui,
        label: Text,
        options: Sequence[str],
        index: int,
        on_change: Callable[[int], None],
        tooltip: Text = "",
        labels: Sequence[Text] | None = None,
        tips: Sequence[Text] | None = None,
    ) -> None:
        super().__init__(ui, None, tooltip)
        self.label: Text = label
        self.options = list(options)
        self.labels: list[Text] = list(labels or [verbatim(option) for option in options])
        self.tips: list[Text] = list(tips or [])  # per option, shown while its segment is hovered (else ``tooltip``)
        self.index = index
        self.on_change = on_change
        self.label_width = 0
        self.weights: list[float] = []  # each option's share of the row, where its words need it (empty: equal)
        self.rows = 1  # the rows the options are laid out in (the rules help's many tabs take two in a small window)

    def segments(self) -> list[pygame.Rect]:
        """The options' rectangles, in the options' order: left to right after the label, or right to left
        before it in a language written right to left; in ``rows`` rows of as many options each (the first rows
        take one more where they do not divide evenly)."""
        left = self.rect.x + self.label_width
        count = max(1, len(self.options))
        weights = self.weights if len(self.weights) == len(self.options) else [1.0] * count
        rows = max(1, min(self.rows, len(self.options)))
        gap = 4 if rows > 1 else 0
        height = (self.rect.h - gap * (rows - 1)) // rows
        per_row = -(-len(self.options) // rows)
        found = []
        for row in range(rows):
            first = row * per_row
            mine = weights[first : first + per_row]
            total = sum(mine) or 1.0
            edges = [float(left)]
            for weight in mine:
                edges.append(edges[-1] + (self.rect.right - left) * weight / total)
            y = self.rect.y + row * (height + gap)
            found += [
                mirrored(pygame.Rect(round(edges[i]), y, round(edges[i + 1]) - round(edges[i]) - 4, height), self.rect)
                for i in range(len(mine))
            ]
        return found

    def needs(self) -> list[int]:
        """The width each option's words take in their segment, at the segment's size (its padding included)."""
        size = self.ui.font_px(14)
        return [self.ui.text.size(shown(label), size, "bold")[0] + 10 for label in self.labels]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        for i, seg in enumerate(self.segments()):
            if seg.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP and i != self.index:
                    self.index = i
                    self.ui.sounds.play("click")
                    self.on_change(i)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        said = shown(self.label)
        if said:
            size = self.ui.font_px(17)
            if self.label_width > 0:
                said = self.ui.text.fit(said, size, self.label_width - self.ui.px(6))
            label = self.ui.text.render(said, size, theme.IVORY)
            x = theme.text_x(self.rect.x, self.rect.right, label.get_width())
            surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        size = self.ui.font_px(14)
        for i, seg in enumerate(self.segments()):
            chosen = i == self.index
            hovered = seg.collidepoint(self.ui.mouse)
            fill = theme.GOLD if chosen else ((62, 86, 88) if hovered else (40, 56, 58))
            surface.blit(
                self.ui.sprites.panel(
                    seg.size, fill, 250, theme.GOLD_LIGHT if chosen else theme.PANEL_EDGE, self.ui.px(7)
                ),
                seg,
            )
            said, segment_size = shown(self.labels[i]), size
            while segment_size > size * 4 // 5 and self.ui.text.size(said, segment_size, "bold")[0] > seg.w - 6:
                segment_size -= 1  # a longer word of another language first takes a smaller size, then is cut
            text = self.ui.text.fit(said, segment_size, seg.w - 6, "bold")
            if text != said:
                self.ui.cut_labels.add(said)
            word = self.ui.text.render(text, segment_size, theme.INK if chosen else theme.IVORY, "bold")
            surface.blit(word, word.get_rect(center=seg.center))
            if hovered and i < len(self.tips) and self.tips[i]:
                self.ui.tooltip(shown(self.tips[i]), seg)


class TextInput(Widget):
    """A one-line text field; it takes keys while focused (click it, or it starts focused)."""

    def __init__(
        self,
        ui: Ui,
        value: str,
        max_length: int = 24,
        allowed: Callable[[str], bool] | None = None,
        placeholder: Text = "",
        on_enter: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ui)
        self.value = value
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder: Text = placeholder
        self.on_enter = on_enter
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.value) < self.max_length and self.allowed(ch):
                    self.value += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_enter:
                    self.on_enter()
                return True
            if event.key == pygame.K_ESCAPE:
                self.focused = False
                return True
            return event.key not in (pygame.K_TAB, pygame.K_F11)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        fill = (16, 26, 28) if self.focused else (28, 40, 42)
        edge = theme.PANEL_EDGE
        if self.focused:
            edge = theme.GOLD
        elif self.hovered:
            edge = theme.mix(theme.PANEL_EDGE, theme.GOLD, 0.5)
        surface.blit(self.ui.sprites.panel(self.rect.size, fill, 250, edge, self.ui.px(7)), self.rect)
        size = self.ui.font_px(17)
        text = self.value or shown(self.placeholder)
        colour = theme.IVORY if self.value else theme.TEXT_FAINT
        room = self.rect.w - self.ui.px(20)
        while text and self.ui.text.size(text, size)[0] > room:
            text = text[1:]
        word = self.ui.text.render(text, size, colour)
        left, right = self.rect.x + self.ui.px(10), self.rect.right - self.ui.px(10)
        x = theme.text_x(left, right, word.get_width())
        rect = surface.blit(word, word.get_rect(midleft=(x, self.rect.centery)))
        if self.focused and int(self.ui.time * 2) % 2 == 0:
            # the caret where the next letter goes: after the text, on the side the language reads to
            ends = (rect.x - 2, right) if i18n.is_rtl() else (rect.right + 2, left)
            x = ends[0] if self.value else ends[1]
            top, bottom = self.rect.y + self.ui.px(7), self.rect.bottom - self.ui.px(7)
            pygame.draw.line(surface, theme.GOLD_LIGHT, (x, top), (x, bottom), 2)
        super().draw(surface)


@dataclass
class ListItem:
    """A row of a ``ScrollList``: data said as it is (a file's name, and a line about it), in the current
    language already; the scene that fills the list fills it again when the language changes."""

    text: str
    detail: str = ""


class ScrollList(Widget):
    """A vertical list of selectable items with wheel scrolling (the record file picker)."""

    def __init__(self, ui: Ui, on_select: Callable[[int], None], on_activate: Callable[[int], None]) -> None:
        super().__init__(ui)
        self.items: list[ListItem] = []
        self.selected = -1
        self.offset = 0
        self.on_select = on_select
        self.on_activate = on_activate
        self.empty = N_("No saved games or records found here.")  # said when there are no items
        self._last_click = (-1, -10.0)

    @property
    def row_height(self) -> int:
        return self.ui.px(46)

    def item_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + 6,
            self.rect.y + 6 + (index - self.offset) * self.row_height,
            self.rect.w - 12,
            self.row_height - 4,
        )

    def visible_rows(self) -> int:
        return max(1, (self.rect.h - 12) // self.row_height)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.ui.mouse):
            top = max(0, len(self.items) - self.visible_rows())
            self.offset = min(top, max(0, self.offset - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            for index in range(self.offset, min(len(self.items), self.offset + self.visible_rows())):
                if self.item_rect(index).collidepoint(event.pos):
                    double = self._last_click[0] == index and self.ui.time - self._last_click[1] < 0.4
                    self._last_click = (index, self.ui.time)
                    self.selected = index
                    self.on_select(index)
                    if double:
                        self.on_activate(index)
                    return True
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(
            self.ui.sprites.panel(self.rect.size, (16, 26, 28), 235, theme.PANEL_EDGE, self.ui.px(8)), self.rect
        )
        if not self.items:
            word = self.ui.text.render(_(self.empty), self.ui.font_px(16), theme.TEXT_DIM)
            surface.blit(word, word.get_rect(center=self.rect.center))
        for index in range(self.offset, min(len(self.items), self.offset + self.visible_rows())):
            item, rect = self.items[index], self.item_rect(index)
            chosen = index == self.selected
            if chosen or rect.collidepoint(self.ui.mouse):
                surface.blit(
                    self.ui.sprites.panel(
                        rect.size,
                        (96, 72, 30) if chosen else (40, 58, 60),
                        240,
                        theme.GOLD if chosen else theme.PANEL_EDGE,
                        self.ui.px(6),
                    ),
                    rect,
                )
            size = self.ui.font_px(16)
            name = self.ui.text.render(
                self.ui.text.fit(item.text, size, rect.w - 20, "bold"), size, theme.IVORY, "bold"
            )
            left, right = rect.x + self.ui.px(10), rect.right - self.ui.px(10)
            surface.blit(name, (theme.text_x(left, right, name.get_width()), rect.y + self.ui.px(4)))
            detail = self.ui.text.render(
                self.ui.text.fit(item.detail, self.ui.font_px(13), rect.w - 20), self.ui.font_px(13), theme.TEXT_DIM
            )
            surface.blit(
                detail,
                (theme.text_x(left, right, detail.get_width()), rect.bottom - detail.get_height() - self.ui.px(3)),
            )
        if len(self.items) > self.visible_rows():
            track = pygame.Rect(self.rect.right - 8, self.rect.y + 6, 4, self.rect.h - 12)
            pygame.draw.rect(surface, (60, 70, 70), track, border_radius=2)
            share = self.visible_rows() / len(self.items)
            knob = pygame.Rect(
                track.x, track.y + round(track.h * self.offset / len(self.items)), 4, max(12, round(track.h * share))
            )
            pygame.draw.rect(surface, theme.GOLD, knob, border_radius=2)


def layout_column(widgets: Sequence[Widget], x: int, y: int, width: int, height: int, gap: int) -> int:
    """Stack ``widgets`` top to bottom; return the y below the last one."""
    for widget in widgets:
        widget.rect = pygame.Rect(x, y, width, height)
        y += height + gap
    return y
