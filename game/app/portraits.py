"""Character portraits: a face drawn from a character's look, the same at every seat and in every menu."""

from __future__ import annotations

import math
import random

import pygame

from ..ai.character import Look
from . import paint
from .canvas import Canvas
from .card_art import mix, ready
from .text import TextCache

Colour = tuple[int, int, int]


SS = 3  # supersampling for portraits


SKINS: tuple[Colour, ...] = ((241, 204, 170), (224, 172, 130), (198, 140, 98), (150, 100, 66), (110, 72, 48))


HUMAN_LOOK = Look(colour="#1f6f4a", accent="#ecc454", initials="YOU", portrait="plain")


def hex_colour(text: str, default: Colour = (90, 90, 90)) -> Colour:
    """A "#rrggbb" string as an RGB tuple."""
    try:
        value = text.lstrip("#")
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except (ValueError, IndexError, AttributeError):
        return default


def draw_portrait(look: Look, radius: int, text: TextCache, seed: str) -> Canvas:
    """A medallion portrait: a little drawn face in the character's colours, with their initials."""
    r = radius * SS
    size = 2 * r
    colour, accent = hex_colour(look.colour), hex_colour(look.accent, (230, 220, 190))
    rng = random.Random(seed)
    skin = SKINS[rng.randrange(len(SKINS))]
    hair = rng.choice(((60, 40, 28), (32, 28, 26), (140, 96, 48), (190, 160, 110), (120, 120, 124)))
    art = Canvas.new((size, size), pygame.SRCALPHA)
    # backdrop: the character's colour, lighter towards the middle
    for k in range(8, 0, -1):
        paint.circle(art, mix(colour, (255, 255, 255), 0.18 * (1 - k / 8)), (r, r), round(r * k / 8))
    cx, cy = r, round(r * 0.92)
    head = round(r * 0.40)
    dark = mix(colour, (0, 0, 0), 0.45)
    # shoulders
    paint.ellipse(art, dark, (round(r * 0.28), round(r * 1.38), round(r * 1.44), round(r * 1.0)))
    paint.polygon(art, accent, [(r - round(r * 0.16), round(r * 1.40)), (r + round(r * 0.16), round(r * 1.40)),
                                      (r, round(r * 1.66))])
    style = look.portrait
    if style == "curls":
        for k in range(11):
            a = math.pi * (0.85 + 1.3 * k / 10)
            curl = (cx + round(math.cos(a) * head * 1.02), cy + round(math.sin(a) * head * 1.02))
            paint.circle(art, hair, curl, round(head * 0.34))
    if style == "headscarf":
        paint.circle(art, accent, (cx, cy), round(head * 1.22))
    paint.circle(art, skin, (cx, cy), head)
    paint.ellipse(art, skin, (cx - head - round(head * 0.12), cy - round(head * 0.2), round(head * 0.3),
                                    round(head * 0.45)))
    paint.ellipse(art, skin, (cx + head - round(head * 0.18), cy - round(head * 0.2), round(head * 0.3),
                                    round(head * 0.45)))
    if style in ("plain", "spectacles", "monocle", "beard", "eyeshade"):
        paint.arc(art, hair, (cx - head, cy - head, 2 * head, 2 * head), math.radians(15), math.radians(165),
                        round(head * 0.32))
    # eyes, cheeks, smile
    eye_y = cy - round(head * 0.05)
    for side in (-1, 1):
        paint.circle(art, (30, 26, 24), (cx + side * round(head * 0.36), eye_y), max(2, round(head * 0.1)))
        cheek = (cx + side * round(head * 0.52), cy + round(head * 0.3))
        paint.circle(art, mix(skin, (230, 90, 90), 0.35), cheek, round(head * 0.14))
    paint.arc(art, (110, 50, 40), (cx - round(head * 0.36), cy + round(head * 0.05), round(head * 0.72),
                                         round(head * 0.5)), math.radians(200), math.radians(340), max(2, SS * 2))
    line = max(2, SS * 2)
    if style == "spectacles":
        for side in (-1, 1):
            paint.circle(art, (40, 36, 34), (cx + side * round(head * 0.36), eye_y), round(head * 0.24), line)
        paint.line(art, (40, 36, 34), (cx - round(head * 0.12), eye_y), (cx + round(head * 0.12), eye_y), line)
    elif style == "monocle":
        paint.circle(art, (200, 170, 70), (cx + round(head * 0.36), eye_y), round(head * 0.27), line)
        paint.line(art, (200, 170, 70), (cx + round(head * 0.5), eye_y + round(head * 0.2)),
                         (cx + round(head * 0.75), cy + round(head * 1.2)), max(1, SS))
    elif style == "beard":
        paint.ellipse(art, hair, (cx - round(head * 0.8), cy + round(head * 0.1), round(head * 1.6),
                                        round(head * 1.1)))
        paint.arc(art, (110, 50, 40), (cx - round(head * 0.3), cy + round(head * 0.2), round(head * 0.6),
                                             round(head * 0.35)), math.radians(200), math.radians(340), line)
    elif style == "bowler":
        paint.ellipse(art, (28, 26, 26), (cx - round(head * 1.25), cy - round(head * 0.78), round(head * 2.5),
                                                round(head * 0.4)))
        paint.ellipse(art, (36, 32, 32), (cx - round(head * 0.85), cy - round(head * 1.5), round(head * 1.7),
                                                round(head * 1.35)))
        paint.rect(art, accent, (cx - round(head * 0.85), cy - round(head * 0.85), round(head * 1.7),
                                       round(head * 0.14)))
    elif style == "top_hat":
        paint.ellipse(art, (20, 20, 22), (cx - round(head * 1.3), cy - round(head * 0.8), round(head * 2.6),
                                                round(head * 0.38)))
        paint.rect(art, (24, 24, 28), (cx - round(head * 0.75), cy - round(head * 1.95), round(head * 1.5),
                                             round(head * 1.3)))
        paint.rect(art, accent, (cx - round(head * 0.75), cy - round(head * 0.92), round(head * 1.5),
                                       round(head * 0.18)))
    elif style == "mortarboard":
        paint.ellipse(art, (26, 26, 30), (cx - round(head * 0.85), cy - round(head * 1.1), round(head * 1.7),
                                                round(head * 0.8)))
        paint.polygon(art, (20, 20, 24), [(cx - round(head * 1.35), cy - round(head * 1.05)),
                                                (cx, cy - round(head * 1.45)), (cx + round(head * 1.35),
                                                                                cy - round(head * 1.05)),
                                                (cx, cy - round(head * 0.7))])
        paint.line(art, accent, (cx, cy - round(head * 1.05)), (cx + round(head * 1.1), cy - round(head * 0.4)),
                         line)
        paint.circle(art, accent, (cx + round(head * 1.1), cy - round(head * 0.4)), round(head * 0.12))
    elif style == "flat_cap":
        paint.ellipse(art, accent, (cx - round(head * 1.05), cy - round(head * 1.25), round(head * 2.1),
                                          round(head * 1.0)))
        paint.ellipse(art, mix(accent, (0, 0, 0), 0.3), (cx - round(head * 0.3), cy - round(head * 0.62),
                                                               round(head * 1.5), round(head * 0.35)))
    elif style == "eyeshade":
        paint.polygon(art, (40, 150, 90), [(cx - round(head * 1.0), cy - round(head * 0.45)),
                                                 (cx + round(head * 1.0), cy - round(head * 0.45)),
                                                 (cx + round(head * 0.75), cy - round(head * 0.1)),
                                                 (cx - round(head * 0.75), cy - round(head * 0.1))])
        paint.line(art, (20, 90, 50), (cx - round(head * 0.95), cy - round(head * 0.45)),
                         (cx + round(head * 0.95), cy - round(head * 0.45)), line)
    elif style == "headscarf":
        paint.arc(art, accent, (cx - round(head * 1.2), cy - round(head * 1.2), round(head * 2.4),
                                      round(head * 2.4)), math.radians(0), math.radians(180), round(head * 0.5))
        paint.circle(art, mix(accent, (0, 0, 0), 0.2), (cx + round(head * 0.9), cy + round(head * 0.9)),
                           round(head * 0.22))
    elif style == "bonnet":
        paint.arc(art, accent, (cx - round(head * 1.25), cy - round(head * 1.25), round(head * 2.5),
                                      round(head * 2.5)), math.radians(-20), math.radians(200), round(head * 0.42))
        paint.line(art, accent, (cx - round(head * 0.6), cy + round(head * 0.85)),
                         (cx + round(head * 0.6), cy + round(head * 0.85)), line)
    elif style == "crown":
        top = cy - round(head * 1.55)
        base = cy - round(head * 0.78)
        gold = (236, 196, 84)
        outer, inner = round(head * 0.8), round(head * 0.4)
        paint.polygon(art, gold, [(cx - outer, base), (cx - outer, top + round(head * 0.3)),
                                        (cx - inner, top + round(head * 0.55)), (cx, top),
                                        (cx + inner, top + round(head * 0.55)),
                                        (cx + outer, top + round(head * 0.3)), (cx + outer, base)])
        for x in (-0.4, 0.0, 0.4):
            paint.circle(art, (200, 40, 60), (cx + round(head * x), base - round(head * 0.2)), round(head * 0.1))
    elif style == "curls":
        pass
    # clip to the disc, then add the rim
    mask = Canvas.new((size, size), pygame.SRCALPHA)
    paint.circle(mask, (255, 255, 255, 255), (r, r), r)
    art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    paint.circle(art, accent, (r, r), r, max(SS, round(r * 0.09)))
    paint.circle(art, mix(accent, (0, 0, 0), 0.4), (r, r), r, max(1, SS))
    portrait = art.scaled((2 * radius, 2 * radius))
    # the initials on a small tag at the foot of the medallion
    initials = (look.initials or "?")[:3]
    label = text.render(initials, "condensed", max(9, round(radius * 0.42)), colour)
    tag = pygame.Rect(0, 0, label.get_width() + 8, label.get_height())
    tag.midbottom = (radius, 2 * radius)
    canvas = Canvas.new((2 * radius, 2 * radius + 2), pygame.SRCALPHA)
    canvas.blit(portrait, (0, 0))
    paint.rect(canvas, accent, tag, border_radius=tag.height // 2)
    paint.rect(canvas, mix(accent, (0, 0, 0), 0.4), tag, 1, border_radius=tag.height // 2)
    canvas.blit(label, label.get_rect(center=tag.center))
    return ready(canvas)
