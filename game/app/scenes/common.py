"""What the scenes share: the felt backdrop, headings, a dimming veil, messages, character portraits and name
tags (a helper module: it holds no scene, and every scene may use it)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...ai.character import LEVELS
from ...ai.registry import load_character_by_id
from ...locale import tr
from ...locale.names import seat_name
from ...storage.settings import ANIMATION_SPEEDS
from .. import paint, theme, word_overlaps
from ..canvas import Canvas, scale
from ..card_art import ready
from ..comfort import text_size
from ..pad_words import keyed
from ..portraits import draw_portrait
from ..text import TextCache

LEVEL_TOP = LEVELS[-1]  # the pips a level is drawn with

if TYPE_CHECKING:
    from ..app import App
    from ..scene import Scene

_FELT: dict[tuple[float, tuple[int, int], tuple[int, int, int]], Canvas] = {}
_VEILS: dict[tuple[float, tuple[int, int], int], Canvas] = {}
_PORTRAITS: dict[tuple[float, float, Any, int, str], Canvas] = {}


def felt(size: tuple[int, int]) -> Canvas:
    """The green baize with a soft light in the middle and a fine weave, drawn once per size."""
    found = _FELT.get((scale(), size, theme.FELT_DARK))  # the high-contrast theme has a felt of its own
    if found is not None:
        return found
    w, h = size
    small = Canvas.new((64, 36))
    small.fill(theme.FELT_DARK)
    # concentric ellipses from the edge in: a vignette that smoothscale turns into a gradient
    for step in range(24):
        t = step / 23
        colour = tuple(round(theme.FELT_DARK[i] + (theme.FELT_LIGHT[i] - theme.FELT_DARK[i]) * (t ** 1.6) * 0.85)
                       for i in range(3))
        inset_x, inset_y = step * 1.25, step * 0.7
        paint.ellipse(small, colour, pygame.Rect(-14 + inset_x, -10 + inset_y, 92 - 2 * inset_x,
                                                       56 - 2 * inset_y))
    surface = small.scaled(size)
    tile = weave_tile()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surface.blit(tile, (x, y))
    found = _FELT[scale(), size, theme.FELT_DARK] = ready(surface, alpha=False)
    return found


def felt_backdrop(surface: Canvas) -> None:
    """The baize over the whole picture: into the bars round the logical area too, for a wider or taller window."""
    whole = surface.bleed()
    surface.blit(felt(whole.size), whole.topleft)


SHEET = pygame.Rect(18, 8, 1244, 706)  # a page opened over the table: the baize on a sheet of its own


def sheet_backdrop(surface: Canvas) -> None:
    """A page opened over the table (Settings from the pause menu): the table dimmed, showing only round the
    edge, and the baize over the rest on a framed sheet, so the page reads as its own screen."""
    dim(surface, 215)
    surface.blit(felt(SHEET.size), SHEET.topleft)
    paint.rect(surface, theme.GOLD, SHEET, 2, border_radius=6)


def weave_tile(size: int = 128) -> Canvas:
    """A square of the baize's fine weave: faint light and dark flecks, the same every run."""
    tile = Canvas.new((size, size), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(size * size // 90):
        shade = (255, 255, 255, 10) if rng.random() < 0.5 else (0, 0, 0, 16)
        tile.fill(shade, (rng.randrange(size), rng.randrange(size), 2, 1))
    return tile


def veil(size: tuple[int, int], alpha: int = 150) -> Canvas:
    """A translucent black sheet to dim what lies under an overlay."""
    key = (scale(), size, alpha)
    found = _VEILS.get(key)
    if found is None:
        found = Canvas.new(size, pygame.SRCALPHA)
        found.fill((0, 0, 0, alpha))
        found = _VEILS[key] = ready(found)
    return found


def dim(surface: Canvas, alpha: int, *, bars_only: bool = False) -> None:
    """Dim what lies under an overlay over the whole picture, the bars round the logical area too (a pause or a
    summary over a wider window left a bright band at its sides); with `bars_only`, the bars alone (the logical
    area already holds a dimmed backdrop)."""
    whole, inner = surface.bleed(), surface.get_rect()
    if not bars_only:
        surface.blit(veil(whole.size, alpha), whole.topleft)
        word_overlaps.cover(surface, whole)
        return
    strips = (pygame.Rect(whole.x, whole.y, whole.width, inner.y - whole.y),
              pygame.Rect(whole.x, inner.bottom, whole.width, whole.bottom - inner.bottom),
              pygame.Rect(whole.x, inner.y, inner.x - whole.x, inner.height),
              pygame.Rect(inner.right, inner.y, whole.right - inner.right, inner.height))
    for strip in strips:
        if strip.width > 0 and strip.height > 0:
            surface.blit(veil(strip.size, alpha), strip.topleft)


def heading(surface: Canvas, text: TextCache, title: str, subtitle: str = "", *, x: int = 64,
            y: int = 40, below: int | None = None) -> pygame.Rect:
    """A scene's title in the gold serif, with a line under it saying what the scene is for, kept above `below`
    (by default where it ends at 100% text size: what a scene lays out under it); where the last line went."""
    room = surface.get_width() - x - 40  # a long translation shrinks rather than running off the screen
    rect = text.draw(surface, title, (x, y), role="title", size=46, colour=theme.GOLD, shadow=True, max_width=room,
                     min_size=30)
    if not subtitle:
        return rect
    top = rect.bottom + 6
    usual = text.font("body", text.sizes_down(18)[-1]).get_height()  # the line's height at 100%
    size = text.fit_height("body", 18, (top + usual if below is None else below) - top)  # larger where there is room
    return text.draw(surface, subtitle, (x + 2, top), role="body", size=size, colour=theme.INK_DIM,
                     max_width=room, min_size=min(size, 13))


def hint_bar(surface: Canvas, text: TextCache, hint: str) -> None:
    """The keys the scene answers to, along the bottom edge (a controller's buttons while one is in use)."""
    w, h = surface.get_size()
    # where it starts at 100%: larger words grow down into the margin, not up into the buttons above
    top = h - 22 - text.font("body", text.sizes_down(15)[-1]).get_height() // 2
    size = text.fit_height("body", 15, h - 3 - top)
    text.draw(surface, keyed(hint), (w // 2, top), role="body", size=size, colour=theme.INK_DIM, anchor="midtop",
              max_width=w - 40, min_size=min(size, 11))


def portrait(look: Any, diameter: int, text: TextCache, seed: str) -> Canvas:
    """A character's portrait as the table draws it (their look, `seed` picking the face), cached by size (its
    initials are words, grown by the text size)."""
    key = (scale(), text_size(), look, diameter, seed)
    found = _PORTRAITS.get(key)
    if found is None:
        found = _PORTRAITS[key] = draw_portrait(look, diameter // 2, text, seed)
    return found


def draw_level_pips(surface: Canvas, level: int | None, topleft: tuple[int, int], *, dim: bool = False,
                    vertical: bool = False, step: int = 9) -> None:
    """A character's level as five pips, the first `level` lit (a column from the bottom up, or a row from the
    left); nothing for an unrated character."""
    if level is None:
        return
    lit = theme.INK_DIM if dim else theme.GOLD
    for pip in range(LEVEL_TOP):
        offset = (LEVEL_TOP - 1 - pip) * step if vertical else pip * step
        centre = (topleft[0] + 4, topleft[1] + 4 + offset) if vertical else (topleft[0] + 4 + offset, topleft[1] + 4)
        if pip < level:
            paint.circle(surface, lit, centre, 4)
        else:
            paint.circle(surface, theme.PANEL_EDGE, centre, 4, width=1)


def draw_opponents(surface: Canvas, text: TextCache, character_ids: Sequence[str], area: pygame.Rect, *,
                   diameter: int = 48, gap: int = 6, levels: bool = False) -> None:
    """A row of opponents across `area`: each portrait with their name tag (over their level's pips with
    `levels`), `gap` clear before the next face."""
    x = area.x
    step = min(170, area.width // max(1, len(character_ids)))
    for character_id in character_ids:
        try:
            character = load_character_by_id(character_id)
        except (KeyError, ValueError, OSError):  # a character whose file broke since: their seat stays empty
            continue
        disc = portrait(character.look, diameter, text, character.id)
        surface.blit(disc, disc.get_rect(midleft=(x, area.centery)))
        name_y = area.centery - 8 if levels else area.centery
        text.draw(surface, seat_name(character), (x + diameter + 6, name_y), role="bold", size=15,
                  colour=theme.INK, anchor="midleft", max_width=step - diameter - 6 - gap, min_size=10)
        if levels:
            draw_level_pips(surface, character.level, (x + diameter + 6, area.centery + 5), step=11)
        x += step


def opponent_levels(opponents: Sequence[str]) -> str:
    """The levels of a venue's opponents in words ("Levels 2 to 4"); empty when none of them is rated."""
    found = sorted(level for level in (opponent_level(opponent) for opponent in opponents) if level is not None)
    if not found:
        return ""
    if found[0] == found[-1]:
        return tr("levels.opponents_one", level=found[0])
    return tr("levels.opponents", low=found[0], high=found[-1])


def opponent_level(character_id: str) -> int | None:
    """A character's level, None when unrated or when their file will not load."""
    try:
        return load_character_by_id(character_id).level
    except (KeyError, ValueError, OSError):
        return None


def draw_message(surface: Canvas, text: Any, message: str, room: int, *, x: int = 64,
                 centre_y: int = 664) -> None:
    """A scene's message left of its buttons, in at most two lines: a long one (a translation) in smaller type."""
    longest = max(message.split(), key=len, default="")
    # larger words may rise toward the panels above (which end 40 px over the centre), never onto the hint bar
    bottom = surface.get_height() - 24 - text.line_height("body", 15) // 2
    # two lines, or three in small type; never a word cut in two; larger words down to the smallest 100% size
    for size in [size for size in range(15, 7, -1) if size >= 11 or text.line_height("bold", size) >= 13]:
        lines = len(text.wrap(message, "bold", size, room))
        if text.width(longest, "bold", size) <= room and lines <= (2 if size >= 13 else 3) and \
                lines * text.line_height("bold", size) <= bottom - centre_y + 40:
            break
    words = text.render_wrapped(message, "bold", size, theme.GOLD, room, line_spacing=1.0)
    rect = words.get_rect(midleft=(x, centre_y))
    surface.blit(words, rect.move(0, max(centre_y - 40 - rect.top, min(0, bottom - rect.bottom))))


_BACKDROPS: dict[tuple[float, tuple[int, int]], Canvas] = {}


PRESS_GUARD_S = 0.5  # how long an overlay that plays on ignores the keys and clicks that would press its buttons
PRESSES = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def too_soon(event: pygame.event.Event, clock: float, keys: Sequence[int] = PRESSES) -> bool:
    """True when `event` (one of `keys`, or a click) reaches an overlay only `clock` seconds after it opened: it
    was meant for the table under it (a quick second Enter after a going out), not for the overlay's buttons."""
    if clock >= PRESS_GUARD_S:
        return False
    return event.type == pygame.KEYDOWN and event.key in keys or event.type == pygame.MOUSEBUTTONDOWN


def freeze(app: App, under: Scene | None, veil: Canvas) -> Canvas | None:
    """The scene `under` drawn once and dimmed by `veil`, for an overlay to blit as its backdrop.

    One sheet a screen size serves every summary and the results (one is open at a time): a new
    screen-sized surface each deal would churn the allocator and grow the process over a long session.
    """
    if under is None:
        return None
    size = app.screen.get_size()
    backdrop = _BACKDROPS.get((scale(), size))
    if backdrop is None or backdrop.get_bitsize() != app.screen.get_bitsize():
        backdrop = _BACKDROPS[scale(), size] = Canvas.new(size, 0, app.screen)  # the screen's format: no conversion
    under.draw(backdrop)
    backdrop.blit(veil, (0, 0))
    return backdrop


SPEED_KEYS = {"relaxed": "settings.speed.relaxed", "slow": "settings.speed.slow", "normal": "settings.speed.normal",
              "fast": "settings.speed.fast", "instant": "settings.speed.instant"}  # New game's speed row reads them too


def speed_names() -> list[str]:
    """The animation speeds (ANIMATION_SPEEDS' order) in the current language, for Settings and New game."""
    return [tr(SPEED_KEYS[name]) for name in ANIMATION_SPEEDS]
