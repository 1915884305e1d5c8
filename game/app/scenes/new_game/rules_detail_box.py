"""New game's note on a rules file (its description and every change from the classic game): the words shrink a
little to fit, and what still does not fit scrolls with the wheel or PgUp/PgDn (shown in the hint bar then), a gold
bar at the box's edge saying there is more (a helper module: it holds no scene)."""

from __future__ import annotations

import pygame

from ....locale import language, trn
from ... import paint, theme
from ...canvas import Canvas, scale
from ...comfort import text_size
from ...text import TextCache
from ..rules_lines import rules_detail
from .table_choices import RulesEntry

SIZES = (14, 13, 12)
SPACING = 1.05
BAR = 6  # the scroll bar's width
STEP = 16  # pixels one notch of the wheel scrolls


def detail_rect(area: pygame.Rect, panel: pygame.Rect) -> pygame.Rect:
    """The note's box: under the rules list's `area`, above the panel's bottom row of buttons."""
    return pygame.Rect(area.x, area.bottom + 6, area.width, panel.bottom - 70 - area.bottom - 12)


def detail_words(entry: RulesEntry) -> tuple[str, tuple[int, int, int]]:
    """What the note says of `entry`, and in which ink: its description and changes, or that it will not load."""
    if entry.rules is None:
        return "⚠ " + trn("new_game.problems", len(entry.problems), file=entry.path.name,
                         folder=str(entry.path.parent)), theme.RED_TEXT
    return rules_detail(entry.rules), theme.INK


class DetailBox:
    """The note in its box, and how far it is scrolled (back to the top when another file is shown)."""

    def __init__(self) -> None:
        self.scroll = 0
        self.most = 0  # how far the note shown last can scroll (0: it fits)
        self.page = STEP  # how far PgUp/PgDn scroll: the box's height, less a line kept in view
        self.shown: object = None
        self._made: tuple[tuple[object, ...], Canvas] | None = None  # the body last made, and what it was made of
        self._said: tuple[tuple[object, str], tuple[str, tuple[int, int, int]]] | None = None  # the words last made

    def body(self, text: TextCache, words: str, colour: tuple[int, int, int], inner: pygame.Rect) -> Canvas:
        """The words wrapped at the largest size that fits `inner`, else at the smallest, beside the scroll bar:
        made once for these words in this box, not each frame (a long note's wrapping at every size can outgrow
        the text cache, which would then wrap it again at every frame)."""
        key = (words, colour, inner.size, scale(), text_size())
        if self._made is None or self._made[0] != key:
            self._made = (key, self._wrapped(text, words, colour, inner))
        return self._made[1]

    @staticmethod
    def _wrapped(text: TextCache, words: str, colour: tuple[int, int, int], inner: pygame.Rect) -> Canvas:
        for size in SIZES:
            body = text.render_wrapped(words, "body", size, colour, inner.width, line_spacing=SPACING)
            if body.get_height() <= inner.height:
                return body
        return text.render_wrapped(words, "body", SIZES[-1], colour, inner.width - 2 * BAR, line_spacing=SPACING)

    def draw(self, surface: Canvas, text: TextCache, entry: RulesEntry | None, box: pygame.Rect) -> None:
        """The note on `entry` in `box`, scrolled as far as the wheel took it."""
        paint.rect(surface, (8, 24, 18), box, border_radius=10)
        if entry is not None and entry.path != self.shown:
            self.shown, self.scroll = entry.path, 0
        if entry is None:
            self.most = 0
            return
        inner = box.inflate(-20, -12)
        said = (entry, language())
        if self._said is None or self._said[0] != said:  # the words look the classic game up: once, not every frame
            self._said = (said, detail_words(entry))
        words, colour = self._said[1]
        body = self.body(text, words, colour, inner)
        self.most = max(0, body.get_height() - inner.height)
        self.page = max(STEP, inner.height - STEP)
        self.scroll = min(self.scroll, self.most)
        surface.blit(body, inner.topleft, area=pygame.Rect(0, self.scroll, inner.width, inner.height))
        if self.most:
            track = pygame.Rect(box.right - BAR - 5, inner.y, BAR, inner.height)
            paint.rect(surface, (30, 60, 46), track, border_radius=3)
            size = max(14, track.height * inner.height // body.get_height())
            thumb = pygame.Rect(track.x, track.y + (track.height - size) * self.scroll // self.most, BAR, size)
            paint.rect(surface, theme.GOLD, thumb, border_radius=3)

    def wheel(self, notches: int) -> bool:
        """Scroll by the wheel's `notches` (up is positive); True when the note moved."""
        before = self.scroll
        self.scroll = max(0, min(self.most, self.scroll - notches * STEP))
        return self.scroll != before

    def handle_event(self, event: pygame.event.Event, under_mouse: bool) -> bool:
        """The wheel over the note, or PgUp/PgDn (no other key of New game's), scrolls it; True when used."""
        if event.type == pygame.MOUSEWHEEL and under_mouse:
            self.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.most:
            down = event.key == pygame.K_PAGEDOWN
            self.scroll = max(0, min(self.most, self.scroll + (self.page if down else -self.page)))
            return True
        return False
