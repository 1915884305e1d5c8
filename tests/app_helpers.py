"""Driving the real app headless: an App in a temporary data folder, posted input events, random input."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from game.app import word_overlaps
from game.app.app import App, AppOptions
from game.app.scene import Scene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.settings import SettingsScene
from game.app.table.scene import TableScene

FRAME = 1 / 60
S = TypeVar("S", bound=Scene)
KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F11, pygame.K_a, pygame.K_c,
        pygame.K_h, pygame.K_m, pygame.K_n, pygame.K_p, pygame.K_q, pygame.K_r, pygame.K_s, pygame.K_t, pygame.K_y,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_8, pygame.K_PLUS, pygame.K_MINUS, pygame.K_KP_ENTER)


def make_app(folder: Path, language: str | None = "en") -> App:
    """A headless App keeping its files in `folder`, in English (whatever the machine's locale) unless
    `language` says otherwise; None: the language the saved settings choose, as a player's start would."""
    return App(AppOptions(data_dir=folder, headless=True, language=language))


def instant_app(folder: Path) -> App:
    """A headless English App whose animations take no time: for tests that play tables through."""
    app = make_app(folder)
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"))
    return app


def top(app: App, kind: type[S]) -> S:
    """The scene on top of the stack, which must be a `kind` (the test fails saying what is there instead)."""
    scene = app.scenes.top
    assert isinstance(scene, kind), f"{type(scene).__name__} on top, not {kind.__name__}"
    return scene


C = TypeVar("C")


def settings_row(app: App, label: str, kind: type[C]) -> C:
    """The row of the Settings scene on top that is a `kind` control labelled `label`."""
    form = top(app, SettingsScene).form
    return next(c for c in form.controls if isinstance(c, kind) and getattr(c, "label", None) == label)


def text_keys(app: App) -> list[tuple[object, ...]]:
    """The keys of the text surfaces the app has drawn and keeps: ("plain", words, role, size, colour) and the like."""
    return [entry for entry in app.text._surfaces if isinstance(entry, tuple)]


def text_words(app: App) -> str:
    """Every piece of text the app has drawn and keeps, joined by spaces."""
    return " ".join(str(entry[1]) for entry in text_keys(app) if len(entry) > 1)


def opponent_ids(table: TableScene) -> list[str]:
    """The ids of the characters in seats 1 on, each of which must hold a character."""
    ids = [character.id for _, character in table.seats[1:] if character is not None]
    assert len(ids) == len(table.seats) - 1, f"a seat past the first has no character: {table.seats}"
    return ids


def empty_table(scene: NewGameScene) -> None:
    """Unseat every opponent New game opened with (its default table), as a player clicking each seated tile."""
    for index in list(scene.chosen):
        scene.toggle(index)


def key(app: App, code: int, mod: int = 0) -> None:
    """Post one key press and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


def click(app: App, pos: tuple[int, int]) -> None:
    """Post a left click at `pos` and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(FRAME)


def frames(app: App, count: int, dt: float = FRAME) -> None:
    """Run `count` frames with no input."""
    for _ in range(count):
        app.step(dt)


def random_event(rng: random.Random) -> pygame.event.Event:
    """One plausible input event: mostly keys and clicks, some motion, wheel and releases."""
    roll = rng.random()
    pos = (rng.randrange(1280), rng.randrange(720))
    if roll < 0.45:
        mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)
    if roll < 0.65:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.9:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.3, 0, 0))
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-2, -1, 1, 2)), flipped=False)


def fuzz(app: App, start: Callable[[], Scene], count: int, seed: int, *, draw_every: int = 3) -> dict[str, int]:
    """`count` frames of seeded random input and random frame times from the stack `start()` sets up; whenever
    the input quits the game or empties the stack, start again. Returns how often each scene class was on top."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    start()
    for frame in range(count):
        if not app.running or app.scenes.top is None:
            app.running = True
            start()
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            pygame.event.post(random_event(rng))
        if rng.random() < 0.002:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        for event in pygame.event.get():
            app.handle_event(event)
        top = app.scenes.top
        if top is None or not app.running:
            app.running = True
            top = start()
        seen[type(top).__name__] = seen.get(type(top).__name__, 0) + 1
        top.update(rng.choice((0.0, FRAME, FRAME, 0.033, 0.1, rng.random() * 0.5)))
        if frame % draw_every == 0:
            app.draw(app.screen)
    return seen


def large_print(app: App, size: int = 150) -> None:
    """Draw every word at the `size` % text size from now on (not kept in the settings file)."""
    app.change_settings(dataclasses.replace(app.settings, text_size=size), remember=False)


def crossings_of(draw: Callable[[], object]) -> set[str]:
    """The words `draw` lays across other words or has a panel cut, noted while it draws."""
    crossings = word_overlaps.start()
    try:
        draw()
    finally:
        word_overlaps.stop()
    return set(crossings)
