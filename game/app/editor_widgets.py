"""Form rows the rules editor adds to the game's controls: a number stepper that keeps to a range (and may step
past its least value to "no limit"), and a line of typed text; both are kinds of the form's own controls, so
the form moves the focus to them and steps them like the others."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import paint, theme
from .canvas import Canvas
from .form import Choice, Tile, _draw_row
from .text import TextCache
from .widgets import pressed

BIG_STEP = 10  # Page Up / Page Down


def _nothing(*_: object) -> None:
    """A control's action when its owner reacts otherwise."""


@dataclass
class Stepper(Choice):
    """A whole number between `low` and `high` (no bound when None): left/right or a click on an arrow step it;
    with `or_null`, a step below `low` reaches None, shown as `null_word`."""

    options: list[str] = field(default_factory=list)
    index: int = 0
    on_change: Callable[[int], None] = _nothing
    value: int | None = 0
    low: int | None = None
    high: int | None = None
    or_null: bool = False
    null_word: str = ""
    on_value: Callable[[int | None], None] = _nothing

    def shown(self) -> str:
        """The value as the row shows it."""
        return self.null_word if self.value is None else str(self.value)

    def stepped(self, direction: int) -> int | None:
        """The value `direction` steps away (kept to the range; None below `low` when null is allowed)."""
        if self.value is None:
            return (self.low if self.low is not None else 0) if direction > 0 else None
        value = self.value + direction
        if self.low is not None and value < self.low:
            return None if self.or_null else self.low
        if self.high is not None and value > self.high:
            return self.high
        return value

    def adjust(self, direction: int) -> None:
        """Step by `direction` (±1, or ±BIG_STEP), and report the new value."""
        value = self.stepped(direction)
        if value != self.value:
            pressed()
            self.value = value
            self.on_value(value)

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """The row, the number between two arrows, each lit while it can step."""
        _draw_row(surface, text, self.rect, self.label, focused, hovered, self.enabled)
        area = self.value_rect
        paint.rect(surface, (6, 20, 14), area, border_radius=8)
        for mark, x, live in (("◀", area.x + 14, self.stepped(-1) != self.value),
                              ("▶", area.right - 14, self.stepped(1) != self.value)):
            text.draw(surface, mark, (x, area.centery), role="body", size=16, anchor="center",
                      colour=theme.GOLD if live else (70, 80, 75))
        text.draw(surface, self.shown(), area.center, role="bold", size=19, colour=theme.INK, anchor="center",
                  max_width=area.width - 60, min_size=12)


@dataclass
class TextField(Tile):
    """A line of text typed while the row has the focus (the scene sends it the typing); Backspace erases."""

    action: Callable[[], None] = _nothing
    paint: Callable[[Canvas, pygame.Rect, bool, bool], None] = _nothing
    label: str = ""
    value: str = ""
    limit: int = 120
    on_text: Callable[[str], None] = _nothing
    blink: bool = True  # the caret shows (the scene blinks it)

    def add_text(self, typed: str) -> None:
        """Add the printable characters typed, up to `limit`."""
        value = self.value + "".join(ch for ch in typed if ch.isprintable())
        self.set(value[:self.limit])

    def erase(self) -> None:
        """Take the last character away."""
        self.set(self.value[:-1])

    def set(self, value: str) -> None:
        """Change the text and report it."""
        if value != self.value:
            self.value = value
            self.on_text(value)

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """The row, and the text in a field with a caret while focused."""
        _draw_row(surface, text, self.rect, self.label, focused, hovered, self.enabled)
        box = pygame.Rect(self.rect.x + self.rect.width // 2, self.rect.y + 4, self.rect.width // 2 - 8,
                          self.rect.height - 8)
        paint.rect(surface, (6, 20, 14), box, border_radius=8)
        if focused:
            paint.rect(surface, theme.GOLD, box, 2, border_radius=8)
        room = box.width - 24
        size = text.fit_size(self.value, "body", 17, room, 13)
        # a long line shows its end while typed (where the caret is), else its start; "…" says the rest is there
        shown = text.render(clipped(text, self.value, size, room, keep_end=focused), "body", size, theme.INK)
        surface.blit(shown, shown.get_rect(midleft=(box.x + 10, box.centery)))
        if focused and self.blink:
            x = box.x + 10 + shown.get_width() + 2
            paint.line(surface, theme.GOLD, (x, box.y + 7), (x, box.bottom - 7), 2)


def clipped(text: TextCache, value: str, size: int, room: int, *, keep_end: bool) -> str:
    """`value` cut to fit `room` with "…" where the cut is: its end kept, or its start."""
    if text.width(value, "body", size) <= room:
        return value
    low, high = 0, len(value)
    while low < high:  # the most characters kept that fit beside the ellipsis
        middle = (low + high + 1) // 2
        kept = "…" + value[len(value) - middle:] if keep_end else value[:middle] + "…"
        if text.width(kept, "body", size) <= room:
            low = middle
        else:
            high = middle - 1
    return "…" + value[len(value) - low:] if keep_end else value[:low] + "…"
