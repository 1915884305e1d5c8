"""A campaign unlock's moment of its own: what a cleared venue gave (a character's portrait, a table look's
swatch, a rules file's name) in a panel over the map, with a line on where to find it and a sound; it waits for
a key or a click, or goes by itself after a few seconds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ...ai.character import Look
from ...ai.registry import load_character_by_id
from ...campaign.spec import Unlock
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..comfort import reduced_motion
from ..scene import Scene
from ..table.felt import draw_look_swatch
from ..table.looks import LOOKS
from ..widgets import draw_panel
from .campaign_card import unlock_name
from .common import dim, portrait

if TYPE_CHECKING:
    from ..app import App

SHOWN = 7.0  # seconds before the moment goes by itself
DEAF = 0.5  # seconds a key or click is not taken: an Enter meant for the table must not skip it
PICTURE = 120  # the portrait's diameter, the swatch's and the rules card's height
WIDTH = 640


def unlock_lines(unlock: Unlock) -> tuple[str, str]:
    """The moment's two lines: what was won ("Bert joins the cast") and where to find it."""
    name = unlock_name(unlock.kind, unlock.target)
    kind = unlock.kind if unlock.kind in ("character", "look") else "rules"
    return tr(f"unlocked.title.{kind}", name=name), tr(f"unlocked.where.{kind}", name=name)


def _look_of(character: str) -> Look | None:
    """A character's look, or None when their file cannot be read (the moment then shows a plain card)."""
    try:
        return load_character_by_id(character).look
    except (KeyError, ValueError, OSError):
        return None


class UnlockedScene(Scene):
    """The unlocks of the venue just cleared, one panel a row, over the dimmed map."""

    overlay = True

    def __init__(self, app: App, unlocks: Sequence[Unlock]) -> None:
        super().__init__(app)
        self.unlocks = tuple(unlocks)
        self.t = 0.0
        self.relabel()
        self.looks = {unlock.target: _look_of(unlock.target) for unlock in self.unlocks if unlock.kind == "character"}

    def relabel(self) -> None:
        """The heading and each unlock's lines in the current language, made once rather than every frame (a
        rules file's name is read from its file)."""
        self.question = tr("unlocked.heading")
        self.lines = [unlock_lines(unlock) for unlock in self.unlocks]

    def enter(self) -> None:
        """The moment's sound as it opens."""
        self.app.assets.play("your_boodle", 0.8)

    def close(self) -> None:
        """Back to what is underneath."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any key or click, once the first half second is past, closes it."""
        if self.t >= DEAF and (event.type == pygame.KEYDOWN or
                               (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3))):
            self.close()

    def update(self, dt: float) -> None:
        """Goes by itself after a few seconds."""
        self.t += dt
        if self.t >= SHOWN:
            self.close()

    def layout(self) -> tuple[pygame.Rect, list[tuple[pygame.Rect, pygame.Rect]]]:
        """The panel, and each unlock's picture and words inside it: a row as tall as its words need at the
        player's text size, never less than the picture."""
        text = self.app.text
        words_width = WIDTH - 32 - PICTURE - 24 - 32
        heights = []
        for _title, where in self.lines:
            tall = text.line_height("bold", 24) + 10 + text.block_height(where, "body", 16, words_width)
            heights.append(max(PICTURE, tall))
        top = 78 + text.growth("title", 30)
        panel = pygame.Rect(0, 0, WIDTH, top + sum(heights) + 24 * len(heights) + 36 + text.line_height("body", 15))
        panel.center = (self.app.screen.get_width() // 2, self.app.screen.get_height() // 2)
        rows, y = [], panel.y + top
        for height in heights:
            picture = pygame.Rect(panel.x + 32, y + (height - PICTURE) // 2, PICTURE, PICTURE)
            rows.append((picture, pygame.Rect(picture.right + 24, y, words_width, height)))
            y += height + 24
        return panel, rows

    def draw(self, surface: Canvas) -> None:
        """The dimmed map, the panel, each unlock's picture and lines, and how to go on."""
        text = self.app.text
        dim(surface, 150)
        panel, rows = self.layout()
        pulse = 0.0 if reduced_motion() else abs(((self.t * 0.8) % 2) - 1)  # the gold ring breathes, but not still
        paint.rect(surface, theme.GOLD, panel.inflate(8 + int(6 * pulse), 8 + int(6 * pulse)), 3, border_radius=20)
        draw_panel(surface, panel, alpha=255)
        heading = text.draw(surface, self.question, (panel.centerx, panel.y + 40 + text.growth("title", 30) // 2),
                            role="title", size=30, colour=theme.GOLD, anchor="center", max_width=panel.width - 120)
        for x in (heading.x - 28, heading.right + 28):
            text.draw(surface, "★", (x, heading.centery), role="body", size=24, colour=theme.GOLD, anchor="center")
        for unlock, (title, where), (picture, words) in zip(self.unlocks, self.lines, rows):
            self._draw_picture(surface, unlock, picture)
            body_height = text.block_height(where, "body", 16, words.width)
            y = words.centery - (text.line_height("bold", 24) + 10 + body_height) // 2
            drawn = text.draw(surface, title, (words.x, y), role="bold", size=24, colour=theme.INK,
                              max_width=words.width, min_size=16)
            body = text.render_wrapped(where, "body", 16, theme.INK_DIM, words.width)
            surface.blit(body, (words.x, drawn.bottom + 10))
        text.draw(surface, tr("unlocked.go_on"), (panel.centerx, panel.bottom - 28), size=15, colour=theme.INK_DIM,
                  anchor="center", max_width=panel.width - 40)

    def _draw_picture(self, surface: Canvas, unlock: Unlock, box: pygame.Rect) -> None:
        """The character's portrait, the look's swatch, or a card with the rules' name."""
        if unlock.kind == "character":
            look = self.looks.get(unlock.target)
            if look is not None:
                disc = portrait(look, PICTURE, self.app.text, unlock.target)
                surface.blit(disc, disc.get_rect(center=box.center))
                paint.circle(surface, theme.GOLD, box.center, PICTURE // 2 + 2, 3)
                return
        if unlock.kind == "look" and unlock.target in LOOKS:
            draw_look_swatch(surface, box.inflate(0, -24), LOOKS[unlock.target])
            return
        card = box.inflate(-28, 0)  # a rules file: a card with a pip of each suit (its name is the line beside)
        paint.rect(surface, theme.CARD_FACE, card, border_radius=10)
        paint.rect(surface, theme.GOLD, card, 3, border_radius=10)
        for (dx, dy), (pip, colour) in zip(((-1, -1), (1, -1), (-1, 1), (1, 1)),
                                           (("♠", (30, 30, 30)), ("♥", (190, 30, 40)), ("♦", (190, 30, 40)),
                                            ("♣", (30, 30, 30)))):
            centre = (card.centerx + dx * card.width // 4, card.centery + dy * card.height // 5)
            self.app.text.draw(surface, pip, centre, role="body", size=30, colour=colour, anchor="center")
