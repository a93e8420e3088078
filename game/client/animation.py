"""Tweens: things that move over time, at the speed the player chose.

Every duration is in seconds at speed 1; the ``Animator`` divides by the speed factor, and speed 0
means instant: animations finish on the next update, callbacks still run in order, so scenes
never need a separate code path for "no animation".

A ``Flight`` carries an image from one rectangle to another on a gentle arc (cards and tiles
moving between market, hands and Alhambras).  While an item flies, its key is in
``Animator.hidden`` so the view that already shows the new state leaves its place empty until it
lands.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import pygame


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """A value running from 0 to 1 over ``duration`` after ``delay``, eased; calls ``on_done`` once."""

    def __init__(
        self,
        duration: float,
        delay: float = 0.0,
        ease: Callable[[float], float] = ease_in_out_cubic,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.duration = duration
        self.delay = delay
        self.ease = ease
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.t)

    def update(self, dt: float) -> bool:
        """Advance; True once finished (``on_done`` has then been called)."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done:
                self.on_done()
        return self.done


class Flight(Tween):
    """An image travelling from ``start`` to ``end`` (rects; the size changes along the way)."""

    def __init__(
        self,
        image: pygame.Surface,
        start: pygame.Rect,
        end: pygame.Rect,
        duration: float,
        delay: float = 0.0,
        key: Hashable | None = None,
        arc: float = 0.18,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(duration, delay, ease_in_out_cubic, on_done)
        self.image = image
        self.start = pygame.Rect(start)
        self.end = pygame.Rect(end)
        self.key = key
        self.arc = arc
        self._shade: pygame.Surface | None = None

    def rect(self) -> pygame.Rect:
        v = self.value
        w = round(lerp(self.start.w, self.end.w, v))
        h = round(lerp(self.start.h, self.end.h, v))
        distance = math.dist(self.start.center, self.end.center)
        lift = math.sin(math.pi * v) * distance * self.arc
        cx = lerp(self.start.centerx, self.end.centerx, v)
        cy = lerp(self.start.centery, self.end.centery, v) - lift
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started:
            return
        rect = self.rect()
        lifted = math.sin(math.pi * self.value)
        if self._shade is None:  # made once per flight, at its larger size, and scaled as it flies
            self._shade = soft_shadow((max(self.start.w, self.end.w), max(self.start.h, self.end.h)))
        blur = max(1, round(shadow_blur(rect.size)))
        shade = pygame.transform.smoothscale(self._shade, (rect.w + 4 * blur, rect.h + 4 * blur))
        shade.set_alpha(int(60 + 50 * lifted))
        surface.blit(shade, rect.move(int(4 + 10 * lifted) - 2 * blur, int(5 + 12 * lifted) - 2 * blur))
        image = self.image if self.image.get_size() == rect.size else pygame.transform.scale(self.image, rect.size)
        surface.blit(image, rect)


def shadow_blur(size: tuple[int, int]) -> float:
    """How far the shadow of a flying piece of ``size`` fades out: a tenth of its smaller side."""
    return max(1.0, min(size) / 10)


def soft_shadow(size: tuple[int, int]) -> pygame.Surface:
    """The shadow a piece of ``size`` casts on the table in flight: a rounded shape that fades out at its edges
    (a plain filled box looked like a hard black rectangle), opaque black; alpha is set when it is drawn."""
    blur = max(1, round(shadow_blur(size)))
    w, h = max(1, size[0]), max(1, size[1])
    shade = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 255), (2 * blur, 2 * blur, w, h), border_radius=max(2, min(w, h) // 12))
    return pygame.transform.gaussian_blur(shade, blur)


class Sparkle(Tween):
    """A short flourish: gold sparks flying out of ``center`` and fading (an exact payment, a majority won).
    Only decoration: it never keeps the table busy."""

    SPARKS = 10

    def __init__(
        self, center: tuple[int, int], reach: int, duration: float, color: tuple[int, int, int], delay: float = 0.0
    ) -> None:
        super().__init__(duration, delay, lambda t: 1 - (1 - t) ** 3)
        self.center = center
        self.reach = reach
        self.color = color

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started:
            return
        v = self.value
        fade = 1.0 - self.t
        if fade <= 0:
            return
        size = max(2, round(self.reach * 0.09 * (0.6 + 0.4 * fade)))
        for i in range(self.SPARKS):
            angle = 2 * math.pi * i / self.SPARKS + 0.3
            distance = self.reach * (0.25 + 0.75 * v)
            x = self.center[0] + math.cos(angle) * distance
            y = self.center[1] + math.sin(angle) * distance
            spark = [(x, y - size * 2), (x + size, y), (x, y + size * 2), (x - size, y)]  # a little diamond
            colour = tuple(round(c * fade + 255 * (1 - fade) * 0.2) for c in self.color)
            pygame.draw.polygon(surface, colour, spark)


class Drift(Tween):
    """A label (points won) drifting from ``start`` to ``end`` on an arc and fading as it arrives: decoration,
    like ``Sparkle``, that never keeps the table busy."""

    def __init__(
        self, image: pygame.Surface, start: tuple[int, int], end: tuple[int, int], duration: float, delay: float
    ) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.start = start
        self.end = end

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started:
            return
        v = self.value
        lift = math.sin(math.pi * v) * 0.25 * math.dist(self.start, self.end)
        x = lerp(self.start[0], self.end[0], v)
        y = lerp(self.start[1], self.end[1], v) - lift
        image = self.image.copy()
        image.set_alpha(round(255 * min(1.0, 4 * (1.0 - self.t))))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


class Animator:
    """Runs flights and timers; ``speed`` 0 is instant, 2 twice as fast."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.flights: list[Flight] = []
        self.timers: list[Tween] = []
        self.effects: list[Sparkle | Drift] = []  # decorations: drawn over the table, never making it busy

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.timers)

    @property
    def hidden(self) -> set[Hashable]:
        return {flight.key for flight in self.flights if flight.key is not None}

    def scaled(self, seconds: float) -> float:
        return 0.0 if self.speed <= 0 else seconds / self.speed

    def fly(
        self,
        image: pygame.Surface,
        start: pygame.Rect,
        end: pygame.Rect,
        duration: float = 0.5,
        delay: float = 0.0,
        key: Hashable | None = None,
        on_done: Callable[[], None] | None = None,
        arc: float = 0.18,
    ) -> None:
        self.flights.append(Flight(image, start, end, self.scaled(duration), self.scaled(delay), key, arc, on_done))

    def sparkle(
        self,
        center: tuple[int, int],
        reach: int,
        color: tuple[int, int, int],
        delay: float = 0.0,
        duration: float = 0.7,
    ) -> None:
        """A flourish at ``center`` after ``delay`` (none at the instant speed: every animation is skipped)."""
        if self.speed > 0:
            self.effects.append(Sparkle(center, reach, self.scaled(duration), color, self.scaled(delay)))

    def drift(
        self,
        image: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        delay: float = 0.0,
        duration: float = 0.9,
    ) -> None:
        """``image`` drifting from ``start`` to ``end`` (none at the instant speed)."""
        if self.speed > 0:
            self.effects.append(Drift(image, start, end, self.scaled(duration), self.scaled(delay)))

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` after ``seconds`` (scaled by speed), in order with everything else."""
        self.timers.append(Tween(self.scaled(seconds), on_done=callback))

    def update(self, dt: float) -> None:
        # Callbacks may add new flights or timers: iterate over copies and keep the new ones.
        for flight in list(self.flights):
            if flight.update(dt):
                self.flights.remove(flight)
        for timer in list(self.timers):
            if timer.update(dt):
                self.timers.remove(timer)
        self.effects = [effect for effect in self.effects if not effect.update(dt)]

    def finish(self) -> None:
        """Land everything now (e.g. when the player skips ahead)."""
        while self.busy:
            self.update(1e9)

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            flight.draw(surface)
        for effect in self.effects:
            effect.draw(surface)


def pulse(seconds: float, period: float = 1.2) -> float:
    """0..1..0 over ``period``: for glowing highlights that draw the eye without moving layout."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (seconds % period) / period)
