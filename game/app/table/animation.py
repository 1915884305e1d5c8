"""Tweens on a timeline: flying cards, sliding chips, pop-ups, banners, bubbles and confetti.

Two kinds of animation: *motions* (cards and chips on their way) block the table, which waits
for them before presenting the next event; *decorations* (pop-ups, banners, speech bubbles,
confetti) never block and fade on their own. Each animation may run a callback when it starts
and when it lands; the model changes there, so the display lags the engine exactly as the
animations present it. Finished animations are dropped at once, so nothing grows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from .. import paint
from ..canvas import Canvas
from ..comfort import reduced_motion

Point = tuple[float, float]
Callback = Callable[[], None] | None


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    return 1 - (1 - t) ** 3


class Anim:
    """One timed animation: waits `delay`, runs `duration`, with callbacks at start and landing."""

    blocking = True

    def __init__(self, duration: float, delay: float = 0.0, on_start: Callback = None,
                 on_done: Callback = None) -> None:
        self.duration = max(1e-6, duration)
        self.clock = -delay
        self.on_start = on_start
        self.on_done = on_done
        self.started = False
        self.done = False

    @property
    def t(self) -> float:
        """Progress from 0 to 1."""
        return 0.0 if self.clock <= 0 else min(1.0, self.clock / self.duration)

    def step(self, dt: float) -> bool:
        """Advance by `dt`; True once finished."""
        if self.done:
            return True
        self.clock += dt
        if not self.started and self.clock >= 0:
            self._start()
        if self.clock >= self.duration:
            self.finish()
            return True
        if self.started:
            self.advance(dt)
        return False

    def advance(self, dt: float) -> None:
        """Per-step work beyond the clock (particles move here)."""

    def _start(self) -> None:
        self.started = True
        if self.on_start is not None:
            self.on_start()

    def finish(self) -> None:
        """Jump to the end, running any callbacks not yet run."""
        if not self.started:
            self._start()
        if not self.done:
            self.done = True
            if self.on_done is not None:
                self.on_done()

    def draw(self, surface: Canvas) -> None:
        """Draw the animation at its present state."""


class Flight(Anim):
    """A sprite (card or chip) flying from one centre to another along a low arc."""

    def __init__(self, image: Canvas, start: Point, end: Point, duration: float, delay: float = 0.0,
                 *, arc: float = 24.0, end_image: Canvas | None = None, on_start: Callback = None,
                 on_done: Callback = None) -> None:
        super().__init__(duration, delay, on_start, on_done)
        self.image = image
        self.end_image = end_image  # shown from half way: a card turned face up in flight
        self.start = start
        self.end = end
        self.arc = arc

    def position(self) -> Point:
        """Where the sprite's centre is now."""
        e = ease_out(self.t)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - math.sin(math.pi * self.t) * self.arc
        return x, y

    def draw(self, surface: Canvas) -> None:
        """The sprite where it is."""
        image = self.end_image if self.end_image is not None and self.t >= 0.5 else self.image
        x, y = self.position()
        surface.blit(image, (round(x - image.get_width() / 2), round(y - image.get_height() / 2)))


class Wait(Anim):
    """Nothing to see: holds the table for a while (a pause between moves)."""


class Decoration(Anim):
    """An animation that never blocks the table."""

    blocking = False

    def alpha(self, fade_in: float = 0.12, fade_out: float = 0.25) -> int:
        """Opacity with a quick fade in and a fade out over the last part."""
        t = self.t
        a = 1.0
        if t < fade_in:
            a = t / fade_in
        elif t > 1 - fade_out:
            a = (1 - t) / fade_out
        return max(0, min(255, round(255 * a)))


def blit_faded(surface: Canvas, image: Canvas, pos: tuple[int, int], alpha: int) -> None:
    """Blit `image` at `alpha`, leaving the image as it was (it may be a shared cached surface)."""
    if alpha >= 255:
        surface.blit(image, pos)
        return
    image.set_alpha(alpha)
    surface.blit(image, pos)
    image.set_alpha(255)


class PopUp(Decoration):
    """A number such as "+12" rising from a seat and fading."""

    def __init__(self, image: Canvas, centre: Point, duration: float = 1.3, delay: float = 0.0,
                 rise: float = 42.0) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.centre = centre
        self.rise = rise

    def cut(self, after: float) -> None:
        """End `after` seconds from now (when the next number for the same seat appears)."""
        self.duration = max(1e-6, min(self.duration, self.clock + after))

    def topleft(self) -> tuple[int, int]:
        """Where the number's image is now: risen by how far it has got."""
        x = self.centre[0] - self.image.get_width() / 2
        risen = 0.0 if reduced_motion() else self.rise * ease_out(self.t)  # under reduced motion it only fades
        y = self.centre[1] - self.image.get_height() / 2 - risen
        return round(x), round(y)

    def draw(self, surface: Canvas) -> None:
        """The number where it has risen to."""
        blit_faded(surface, self.image, self.topleft(), self.alpha(0.1, 0.35))


class Banner(Decoration):
    """A band across the table with a title: sweeps in, holds, fades."""

    def __init__(self, image: Canvas, centre: Point, duration: float = 1.4, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.centre = centre

    @property
    def rect(self) -> pygame.Rect:
        """Where the band stands once it has slid in."""
        return self.image.get_rect(center=(round(self.centre[0]), round(self.centre[1])))

    def draw(self, surface: Canvas) -> None:
        """The band, sliding in from the left at first."""
        t = self.t
        slide = 0.0 if t > 0.15 or reduced_motion() else (1 - ease_out(t / 0.15)) * 120
        x = self.centre[0] - self.image.get_width() / 2 - slide
        y = self.centre[1] - self.image.get_height() / 2
        # quick fades: a half-seen band lets the board's cards read through its words
        blit_faded(surface, self.image, (round(x), round(y)), self.alpha(0.03, 0.08))


BUBBLE_POP = 0.08  # seconds a bubble takes to pop in
BUBBLE_GO = 0.15  # and to go: it is read whole until its very end
BUBBLE_SMALLEST = 0.85  # popping, a bubble is drawn no smaller: its words stay near the smallest a bubble is made at


class Bubble(Decoration):
    """A speech bubble next to a seat."""

    def __init__(self, image: Canvas, topleft: tuple[int, int], duration: float, delay: float = 0.0,
                 seat: int = -1) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.topleft = topleft
        self.seat = seat

    def opacity(self) -> int:
        """Whole from just after it pops in until just before it goes."""
        shown = min(1.0, self.clock / BUBBLE_POP, (self.duration - self.clock) / BUBBLE_GO)
        return max(0, min(255, round(255 * shown)))

    def draw(self, surface: Canvas) -> None:
        """The bubble, popping in and out by growing and shrinking whole: a half-clear bubble would let the card
        backs under it read through its words."""
        shown = self.opacity() / 255
        if shown <= 0:
            return
        if shown >= 1:
            surface.blit(self.image, self.topleft)
            return
        w, h = self.image.get_size()
        k = BUBBLE_SMALLEST + (1 - BUBBLE_SMALLEST) * shown  # a pop, not a shrink to unreadable words
        small = self.image.scaled((max(1, round(w * k)), max(1, round(h * k))))
        surface.blit(small, small.get_rect(center=(self.topleft[0] + w // 2, self.topleft[1] + h // 2)))


class Ring(Decoration):
    """A ring spreading out and fading: a boodle card hit, a card landing."""

    def __init__(self, centre: Point, colour: tuple[int, int, int], radius: float, duration: float = 0.6,
                 delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.centre = (round(centre[0]), round(centre[1]))
        self.colour = colour
        self.radius = radius

    def draw(self, surface: Canvas) -> None:
        """A widening circle, thinner as it goes."""
        r = round(self.radius * (0.4 + 0.9 * ease_out(self.t)))
        width = max(1, round(6 * (1 - self.t)))
        paint.circle(surface, self.colour, self.centre, r, width)


CONFETTI_COLOURS = ((236, 196, 84), (232, 96, 84), (84, 170, 232), (120, 210, 120), (245, 240, 225),
                    (200, 120, 220))


class Confetti(Decoration):
    """A burst of paper confetti that falls and flutters: the celebration for going out."""

    def __init__(self, centre: Point, count: int = 90, duration: float = 2.4, seed: int = 0,
                 spread: float = 360.0, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        rng = random.Random(seed)
        self.x = [float(centre[0])] * count
        self.y = [float(centre[1])] * count
        self.vx: list[float] = []
        self.vy: list[float] = []
        self.size: list[int] = []
        self.colour: list[tuple[int, int, int]] = []
        self.phase: list[float] = []
        for _ in range(count):
            angle = rng.uniform(-math.pi, 0) if spread < 360 else rng.uniform(0, 2 * math.pi)
            speed = rng.uniform(160, 460)
            self.vx.append(math.cos(angle) * speed)
            self.vy.append(math.sin(angle) * speed - 160)
            self.size.append(rng.randint(4, 8))
            self.colour.append(rng.choice(CONFETTI_COLOURS))
            self.phase.append(rng.uniform(0, 6.28))
        self.rect = pygame.Rect(0, 0, 1, 1)

    def advance(self, dt: float) -> None:
        """Gravity and air drag."""
        dt = min(dt, 0.05)
        drag = 1 - 1.6 * dt
        for i in range(len(self.x)):
            self.vx[i] *= drag
            self.vy[i] = self.vy[i] * drag + 520 * dt
            self.x[i] += self.vx[i] * dt
            self.y[i] += self.vy[i] * dt

    def draw(self, surface: Canvas) -> None:
        """Each piece as a small rectangle that turns (its width changes) as it falls."""
        rect = self.rect
        clock = self.clock
        fade = self.t > 0.8
        for i in range(len(self.x)):
            s = self.size[i]
            turn = abs(math.sin(clock * 9 + self.phase[i]))
            rect.w = max(1, round(s * turn))
            rect.h = s if not fade else max(1, round(s * (1 - self.t) * 5))
            rect.center = (round(self.x[i]), round(self.y[i]))
            surface.fill(self.colour[i], rect)


class Timeline:
    """Running animations, in the order they were added (later ones draw on top)."""

    def __init__(self) -> None:
        self.anims: list[Anim] = []

    def add(self, anim: Anim) -> Anim:
        """Start running `anim`."""
        self.anims.append(anim)
        return anim

    def update(self, dt: float) -> None:
        """Advance every animation; drop those that have finished."""
        if not self.anims:
            return
        for anim in list(self.anims):
            anim.step(dt)
        self.anims = [anim for anim in self.anims if not anim.done]

    def finish_all(self) -> None:
        """Fast-forward: every animation jumps to its end (callbacks may add more; those finish too)."""
        for _ in range(1000):
            if not self.anims:
                return
            anims, self.anims = self.anims, []
            for anim in anims:
                anim.finish()

    def clear(self) -> None:
        """Drop every animation without running its callbacks."""
        self.anims.clear()

    @property
    def busy(self) -> bool:
        """True while a blocking animation runs."""
        return any(anim.blocking for anim in self.anims)

    def __len__(self) -> int:
        return len(self.anims)

    def draw(self, surface: Canvas) -> None:
        """Draw every started animation."""
        for anim in self.anims:
            if anim.started and not anim.done:
                anim.draw(surface)
