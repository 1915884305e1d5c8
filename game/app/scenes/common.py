"""What the menu scenes share: the felt backdrop, headings, a dimming veil, and character portraits."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme
from ..text import TextCache

_FELT: dict[tuple[int, int], pygame.Surface] = {}
_VEILS: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
_PORTRAITS: dict[tuple[Any, int, str], pygame.Surface] = {}


def _ready(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """Convert for quick blits when a display exists."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green baize with a soft light in the middle and a fine weave, drawn once per size."""
    found = _FELT.get(size)
    if found is not None:
        return found
    w, h = size
    small = pygame.Surface((64, 36))
    small.fill(theme.FELT_DARK)
    # concentric ellipses from the edge in: a vignette that smoothscale turns into a gradient
    for step in range(24):
        t = step / 23
        colour = tuple(round(theme.FELT_DARK[i] + (theme.FELT_LIGHT[i] - theme.FELT_DARK[i]) * (t ** 1.6) * 0.85)
                       for i in range(3))
        inset_x, inset_y = step * 1.25, step * 0.7
        pygame.draw.ellipse(small, colour, pygame.Rect(-14 + inset_x, -10 + inset_y, 92 - 2 * inset_x,
                                                       56 - 2 * inset_y))
    surface = pygame.transform.smoothscale(small, size)
    tile = weave_tile()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surface.blit(tile, (x, y))
    found = _FELT[size] = _ready(surface)
    return found


def weave_tile(size: int = 128) -> pygame.Surface:
    """A square of the baize's fine weave: faint light and dark flecks, the same every run."""
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(size * size // 90):
        shade = (255, 255, 255, 10) if rng.random() < 0.5 else (0, 0, 0, 16)
        tile.fill(shade, (rng.randrange(size), rng.randrange(size), 2, 1))
    return tile


def veil(size: tuple[int, int], alpha: int = 150) -> pygame.Surface:
    """A translucent black sheet to dim what lies under an overlay."""
    key = (size, alpha)
    found = _VEILS.get(key)
    if found is None:
        found = pygame.Surface(size, pygame.SRCALPHA)
        found.fill((0, 0, 0, alpha))
        found = _VEILS[key] = _ready(found, alpha=True)
    return found


def heading(surface: pygame.Surface, text: TextCache, title: str, subtitle: str = "", *, x: int = 64,
            y: int = 40) -> None:
    """A scene's title in the gold serif, with a line under it saying what the scene is for."""
    room = surface.get_width() - x - 40  # a long translation shrinks rather than running off the screen
    rect = text.draw(surface, title, (x, y), role="title", size=46, colour=theme.GOLD, shadow=True, max_width=room,
                     min_size=30)
    if subtitle:
        text.draw(surface, subtitle, (x + 2, rect.bottom + 6), role="body", size=18, colour=theme.INK_DIM,
                  max_width=room, min_size=13)


def hint_bar(surface: pygame.Surface, text: TextCache, hint: str) -> None:
    """The keys the scene answers to, along the bottom edge."""
    w, h = surface.get_size()
    text.draw(surface, hint, (w // 2, h - 22), role="body", size=15, colour=theme.INK_DIM, anchor="center",
              max_width=w - 40, min_size=11)


def portrait(look: Any, diameter: int, text: TextCache, seed: str) -> pygame.Surface:
    """A character's portrait as the table draws it (their look, `seed` picking the face), cached by size."""
    from ..table.sprites import draw_portrait
    key = (look, diameter, seed)
    found = _PORTRAITS.get(key)
    if found is None:
        found = _PORTRAITS[key] = draw_portrait(look, diameter // 2, text, seed)
    return found


# the words of kinship and the titles in the five languages' character names: a name tag keeps the kinship
# word whole and shortens the title ("Tante Hetty", "Prof. Quist")
_FAMILY = ("Aunt", "Uncle", "Granny", "Grandpa", "Nan", "Cousin",
           "Tante", "Oncle", "Mamie", "Papi", "Cousine", "Zia", "Zio", "Nonna", "Nonno", "Cugino", "Cugina",
           "Tia", "Tio", "Avó", "Avô", "Primo", "Prima", "Oom", "Oma", "Opa", "Neef", "Nicht")
_TITLES = {"Professor": "Prof.", "Doctor": "Dr", "Captain": "Capt.", "Colonel": "Col.", "Reverend": "Rev.",
           "Lady": "Lady", "Lord": "Lord", "Sir": "Sir", "Dame": "Dame", "Mrs": "Mrs", "Mr": "Mr", "Miss": "Miss",
           "Professeur": "Prof.", "Docteur": "Dr", "Capitaine": "Cap.", "Professore": "Prof.", "Professoressa": "Prof.",
           "Dottore": "Dott.", "Capitano": "Cap.", "Colonnello": "Col.", "Doutor": "Dr.", "Capitão": "Cap.",
           "Coronel": "Cel.", "Dokter": "Dr.", "Kapitein": "Kapt.", "Kolonel": "Kol.", "Dominee": "Ds."}


def draw_opponents(surface: pygame.Surface, text: TextCache, character_ids: Sequence[str], area: pygame.Rect, *,
                   diameter: int = 48, gap: int = 6) -> None:
    """A row of opponents across `area`: each portrait with their name tag, `gap` clear before the next face."""
    from ...ai.registry import load_character_by_id
    x = area.x
    step = min(170, area.width // max(1, len(character_ids)))
    for character_id in character_ids:
        try:
            character = load_character_by_id(character_id)
        except (KeyError, ValueError, OSError):  # a character whose file broke since: their seat stays empty
            continue
        disc = portrait(character.look, diameter, text, character.id)
        surface.blit(disc, disc.get_rect(midleft=(x, area.centery)))
        text.draw(surface, character_short(character), (x + diameter + 6, area.centery), role="bold", size=15,
                  colour=theme.INK, anchor="midleft", max_width=step - diameter - 6 - gap, min_size=10)
        x += step


def character_short(character: Any) -> str:
    """A character's name tag in the current language: the locale's own short form for a shipped character
    ("Tante Hetty"), else their name shortened."""
    from ...locale.texts import character_name, character_short_name
    return character_short_name(character) or short_name(character_name(character))


def short_name(name: str) -> str:
    """What a name tag has room for: 'Maud', 'Aunt Hetty', 'Prof. Quist'."""
    words = name.split()
    if len(words) < 2:
        return name
    if words[0] in _FAMILY:
        return f"{words[0]} {words[1]}"
    if words[0] in _TITLES:
        return f"{_TITLES[words[0]]} {words[-1]}"
    return words[0]
