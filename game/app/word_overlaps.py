"""Words drawn over other words in one picture, for the fit tests and the screenshots: while a watch is on,
each piece of text blitted onto the frame is kept with the rect its letters cover, and a piece whose letters
cross another's is noted. A panel or a veil drawn over earlier words hides them, so they no longer count."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import pygame

from .canvas import BLIT_WATCHERS, FILL_WATCHERS, Canvas

SLACK = 3  # logical pixels two pieces of text may touch by (antialiasing, a descender over the next ascender)


@dataclass
class _Watch:
    """What one watch has seen: the words on each canvas drawn on (the frame, a panel drawn whole) and the
    crossings noted."""

    picture: str = ""  # the name of the picture being drawn, said with each crossing
    shown: weakref.WeakKeyDictionary[Canvas, list[tuple[pygame.Rect, str]]] = field(
        default_factory=weakref.WeakKeyDictionary)
    crossings: set[str] = field(default_factory=set)


_WORDS: weakref.WeakKeyDictionary[Canvas, str] = weakref.WeakKeyDictionary()  # every text canvas, and its words
_INK: weakref.WeakKeyDictionary[Canvas, pygame.Rect] = weakref.WeakKeyDictionary()
_WATCH: list[_Watch] = []


def words_canvas(canvas: Canvas, words: str, ink: pygame.Rect | None = None) -> Canvas:
    """Know `canvas` as `words` rendered (the text cache marks everything it renders), its letters within `ink`
    (logical, on the canvas; by default wherever it is not transparent); `canvas` itself."""
    _WORDS[canvas] = words
    if ink is not None:
        _INK[canvas] = ink
    return canvas


def watching() -> bool:
    """Whether a watch is on."""
    return bool(_WATCH)


def start(into: set[str] | None = None) -> set[str]:
    """Watch from now on; the set the crossings are noted in ("a" over "b"): `into`, or a new one."""
    _WATCH[:] = [_Watch(crossings=set() if into is None else into)]
    if blitted not in BLIT_WATCHERS:
        BLIT_WATCHERS.append(blitted)
        FILL_WATCHERS.append(cover)
    return _WATCH[0].crossings


def stop() -> None:
    """Stop watching."""
    _WATCH.clear()
    if blitted in BLIT_WATCHERS:
        BLIT_WATCHERS.remove(blitted)
        FILL_WATCHERS.remove(cover)


def name_picture(name: str) -> None:
    """The pictures drawn from now on are called `name` (a screenshot's file name)."""
    if _WATCH:
        _WATCH[0].picture = name


def new_frame(frame: Canvas) -> None:
    """A new picture begins on `frame`: nothing is on it yet."""
    if _WATCH:
        _WATCH[0].shown.pop(frame, None)


def cover(target: Canvas, rect: pygame.Rect) -> None:
    """Something solid was drawn at `rect` on `target`: the words under it are hidden (a panel over a whole
    line is another layer; over a part of one, the line is cut, and noted)."""
    if not _WATCH or target not in _WATCH[0].shown:
        return
    watch = _WATCH[0]
    for shown, words in watch.shown[target]:
        crossing = rect.clip(shown)
        if crossing.width > SLACK and crossing.height > SLACK and crossing != shown:
            watch.crossings.add(f"{watch.picture + ': ' if watch.picture else ''}{words!r} cut by a panel at {rect}")
    watch.shown[target] = [(shown, words) for shown, words in watch.shown[target] if not shown.colliderect(rect)]


def blitted(target: Canvas, source: object, dest: tuple[float, float]) -> None:
    """`source` was drawn at `dest` on `target`: words are noted with what they cross."""
    if not _WATCH or not isinstance(source, Canvas):
        return
    words = _WORDS.get(source)
    if words is None:  # a picture drawn over words wholly under it (a backdrop laid again) starts them afresh
        under = _WATCH[0].shown.get(target)
        if under:
            area = pygame.Rect(round(dest[0]), round(dest[1]), *source.get_size())
            under[:] = [(shown, said) for shown, said in under if not area.contains(shown)]
        return
    ink = _INK.get(source)
    if ink is None:
        real = source.real.get_bounding_rect()
        ink = _INK[source] = pygame.Rect(int(real.x / source.k), int(real.y / source.k),
                                         max(1, round(real.width / source.k)), max(1, round(real.height / source.k)))
    if ink.width <= 1 or ink.height <= 1:
        return
    rect = ink.move(round(dest[0]), round(dest[1]))
    watch = _WATCH[0]
    on_target = watch.shown.setdefault(target, [])
    for shown, other in on_target:
        if other == words:
            continue
        crossing = rect.clip(shown)
        if crossing.width > SLACK and crossing.height > SLACK:
            watch.crossings.add(f"{watch.picture + ': ' if watch.picture else ''}{words!r} over {other!r}")
    on_target.append((rect, words))
