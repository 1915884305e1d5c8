"""The controls of a form (sliders, toggles, choices, tiles) and the form that lays them out on a grid and
moves the focus among them, by mouse and keyboard alike (the settings, New game, how to play's tabs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ..locale import tr
from . import paint, theme
from .canvas import Canvas
from .text import TextCache
from .tooltips import draw_tooltip, note_place
from .widgets import Button, focus_watched, percent, pressed


def _draw_row(surface: Canvas, text: TextCache, rect: pygame.Rect, label: str, focused: bool,
              hovered: bool, enabled: bool) -> None:
    """The shared look of a form row: a soft band when focused or hovered, the label on the left."""
    if enabled and (focused or hovered):
        band = Canvas.new(rect.size, pygame.SRCALPHA)
        paint.rect(band, (*theme.FELT_LIGHT, 150 if focused else 90), band.get_rect(), border_radius=10)
        if focused:
            paint.rect(band, (*theme.GOLD, 255), band.get_rect(), width=2, border_radius=10)
        surface.blit(band, rect)
    colour = theme.INK if enabled else (120, 130, 125)
    text.draw(surface, label, (rect.x + 16, rect.centery), role="bold", size=20, colour=colour, anchor="midleft",
              max_width=rect.width // 2 - 24)


@dataclass
class Slider:
    """A value from 0 to 1: left/right step it, a click or drag on the track sets it."""

    rect: pygame.Rect
    label: str
    value: float
    on_change: Callable[[float, bool], None]  # (value, final): final is False while dragging
    step: float = 0.1
    enabled: bool = True
    tooltip: str = ""
    format: Callable[[float], str] = percent
    dragging: bool = False

    @property
    def track(self) -> pygame.Rect:
        """The bar the knob runs along."""
        left = self.rect.x + self.rect.width // 2
        return pygame.Rect(left, self.rect.centery - 4, self.rect.right - left - 104, 8)

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """Draw the row, the track, the filled part, the knob and the value."""
        _draw_row(surface, text, self.rect, self.label, focused, hovered, self.enabled)
        track = self.track
        paint.rect(surface, (6, 20, 14), track.inflate(2, 2), border_radius=5)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        if filled.width:
            paint.rect(surface, theme.GOLD if self.enabled else theme.INK_DIM, filled, border_radius=4)
        knob = (track.x + filled.width, track.centery)
        paint.circle(surface, (0, 0, 0), (knob[0], knob[1] + 2), 12)
        paint.circle(surface, theme.INK if self.enabled else theme.INK_DIM, knob, 11)
        paint.circle(surface, theme.GOLD if focused else theme.PANEL_EDGE, knob, 11, width=2)
        text.draw(surface, self.format(self.value), (self.rect.right - 16, self.rect.centery), role="bold", size=20,
                  colour=theme.GOLD if self.enabled else theme.INK_DIM, anchor="midright",
                  max_width=self.rect.right - 16 - track.right - 14)  # clear of the knob at the end of the track

    def adjust(self, direction: int) -> None:
        """Step the value by one step up or down."""
        steps = round(self.value / self.step) + direction
        self._set(min(1.0, max(0.0, steps * self.step)), True)

    def press(self, pos: tuple[int, int]) -> None:
        """A click: set the value under the pointer and start dragging."""
        self.dragging = True
        self.drag(pos)

    def drag(self, pos: tuple[int, int]) -> None:
        """The pointer moved while the button is held."""
        track = self.track
        self._set(min(1.0, max(0.0, (pos[0] - track.x) / max(1, track.width))), False)

    def release(self) -> None:
        """The button was let go: the value is final."""
        self.dragging = False
        self.on_change(self.value, True)

    def _set(self, value: float, final: bool) -> None:
        value = round(value, 3)
        if value != self.value or final:
            self.value = value
            self.on_change(value, final)


@dataclass
class Toggle:
    """On or off: Enter, Space, left/right or a click flips it."""

    rect: pygame.Rect
    label: str
    value: bool
    on_change: Callable[[bool], None]
    enabled: bool = True
    tooltip: str = ""
    note: str = ""  # said beside the switch instead of On or Off, as a warning (spoken play with no voice)

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """Draw the row and a pill switch."""
        _draw_row(surface, text, self.rect, self.label, focused, hovered, self.enabled)
        pill = pygame.Rect(0, 0, 64, 30)
        pill.midright = (self.rect.right - 16, self.rect.centery)
        paint.rect(surface, theme.GOLD if self.value else (6, 20, 14), pill, border_radius=15)
        paint.rect(surface, theme.PANEL_EDGE, pill, width=2, border_radius=15)
        knob_x = pill.right - 15 if self.value else pill.x + 15
        paint.circle(surface, theme.INK, (knob_x, pill.centery), 11)
        word = self.note or (tr("widgets.on") if self.value else tr("widgets.off"))
        colour = theme.RED_TEXT if self.note else (theme.GOLD if self.value else theme.INK_DIM)
        room = pill.x - 24 - (self.rect.x + self.rect.width // 2) if self.note else 120  # the label has its half
        text.draw(surface, word, (pill.x - 12, pill.centery), role="bold", size=18, colour=colour, anchor="midright",
                  max_width=room)

    def adjust(self, direction: int) -> None:
        """Flip."""
        self.activate()

    def activate(self) -> None:
        """Flip, report, and click (after: turning Mute off is heard, turning it on is not)."""
        self.value = not self.value
        self.on_change(self.value)
        pressed()

    def press(self, pos: tuple[int, int]) -> None:
        """A click flips it."""
        self.activate()


@dataclass
class Choice:
    """One of a list of options: left/right or the arrows step through them, Enter or a click moves on."""

    rect: pygame.Rect
    label: str
    options: Sequence[str]
    index: int
    on_change: Callable[[int], None]
    enabled: bool = True
    tooltip: str = ""
    wrap: bool = True
    value_width: int = 0  # 0: the right half of the row

    @property
    def value_rect(self) -> pygame.Rect:
        """The area of the arrows and the value."""
        width = self.value_width or self.rect.width // 2 - 8
        return pygame.Rect(self.rect.right - width - 8, self.rect.y + 6, width, self.rect.height - 12)

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """Draw the row, the value between two arrows."""
        _draw_row(surface, text, self.rect, self.label, focused, hovered, self.enabled)
        area = self.value_rect
        paint.rect(surface, (6, 20, 14), area, border_radius=8)
        lit = theme.GOLD if self.enabled else theme.INK_DIM
        can_back = self.wrap or self.index > 0
        can_on = self.wrap or self.index < len(self.options) - 1
        text.draw(surface, "◀", (area.x + 14, area.centery), role="body", size=16,
                  colour=lit if can_back else (70, 80, 75), anchor="center")
        text.draw(surface, "▶", (area.right - 14, area.centery), role="body", size=16,
                  colour=lit if can_on else (70, 80, 75), anchor="center")
        value = self.options[self.index] if self.options else ""
        text.draw(surface, value, area.center, role="bold", size=19, colour=theme.INK if self.enabled else
                  theme.INK_DIM, anchor="center", max_width=area.width - 60, min_size=12)

    def adjust(self, direction: int) -> None:
        """Step to the next or previous option."""
        if not self.options:
            return
        index = self.index + direction
        if self.wrap:
            index %= len(self.options)
        index = min(len(self.options) - 1, max(0, index))
        if index != self.index:
            pressed()
            self.index = index
            self.on_change(index)

    def activate(self) -> None:
        """Enter moves to the next option."""
        self.adjust(1)

    def press(self, pos: tuple[int, int]) -> None:
        """A click on the left arrow steps back; anywhere else steps on."""
        area = self.value_rect
        self.adjust(-1 if pos[0] < area.x + 34 else 1)


@dataclass
class Tile:
    """A focusable area drawn by its owner (a character card, a rules file); Enter or a click runs `action`."""

    rect: pygame.Rect
    action: Callable[[], None]
    paint: Callable[[Canvas, pygame.Rect, bool, bool], None]  # (surface, rect, focused, hovered)
    enabled: bool = True
    tooltip: str = ""
    hotkey: int | None = None

    def activate(self) -> None:
        """Press it: the click, then the action."""
        pressed()
        self.action()

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """Let the owner paint it."""
        self.paint(surface, self.rect, focused, hovered)


Control = Button | Slider | Toggle | Choice | Tile


def spoken(control: Control) -> str:
    """A control as a voice reads it: its label and value ("Mute, On"); a tile by its tooltip."""
    match control:
        case Button():
            return control.spoken()
        case Slider():
            said = f"{control.label}, {control.format(control.value)}"
        case Toggle():
            said = f"{control.label}, {tr('widgets.on') if control.value else tr('widgets.off')}"
        case Choice():
            said = f"{control.label}, {control.options[control.index]}" if control.options else control.label
        case Tile():
            said = control.tooltip
    return said if control.enabled else f"{said}, {tr('speech.unavailable')}"


_DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


@dataclass
class Form:
    """Controls laid out on screen with one keyboard focus.

    The arrow keys move the focus to the nearest control in that direction (so grids, lists and columns
    all work without being told their shape); left/right change the value of a focused slider, toggle or
    choice instead. Tab and Shift+Tab go through the controls in order; Enter or Space presses.
    """

    controls: list[Control] = field(default_factory=list)
    focus: int = 0
    hover: int | None = None
    dragging: Slider | None = None
    keyboard: bool = False  # the focus was last moved by a key: show its tooltip (the mouse shows its own)

    def set(self, controls: Sequence[Control], keep_focus: bool = True) -> None:
        """Replace the controls, keeping the focus index where it still makes sense."""
        self.controls = list(controls)
        if not keep_focus or self.focus >= len(self.controls):
            self.focus = 0
        if self.hover is not None and self.hover >= len(self.controls):
            self.hover = None
        if self.controls and not self.controls[self.focus].enabled:
            self.step(1)

    @property
    def focused(self) -> Control | None:
        """The control with the keyboard focus."""
        return self.controls[self.focus] if self.controls else None

    def focus_on(self, control: Control) -> None:
        """Give `control` the focus."""
        for index, candidate in enumerate(self.controls):
            if candidate is control:
                self.focus = index

    def step(self, direction: int) -> None:
        """Tab order: the next enabled control forwards or backwards, wrapping."""
        count = len(self.controls)
        for offset in range(1, count + 1):
            index = (self.focus + direction * offset) % count
            if self.controls[index].enabled:
                self.focus = index
                return

    def move(self, dx: int, dy: int) -> bool:
        """Move the focus to the nearest enabled control in direction (dx, dy); False if there is none."""
        if not self.controls:
            return False
        here = self.controls[self.focus].rect
        best, best_score = None, float("inf")
        for index, control in enumerate(self.controls):
            if index == self.focus or not control.enabled:
                continue
            there = control.rect
            # the gap along the direction, between facing edges; the offset across it, between centres
            if dx:
                along = (there.left - here.right) if dx > 0 else (here.left - there.right)
                across = abs(there.centery - here.centery)
                overlap = min(here.bottom, there.bottom) - max(here.top, there.top)
                ahead = (there.centerx - here.centerx) * dx > 0
            else:
                along = (there.top - here.bottom) if dy > 0 else (here.top - there.bottom)
                across = abs(there.centerx - here.centerx)
                overlap = min(here.right, there.right) - max(here.left, there.left)
                ahead = (there.centery - here.centery) * dy > 0
            if not ahead or along < -min(here.width if dx else here.height, 8):
                continue
            score = max(0, along) + (0 if overlap > 0 else across * 2) + across * 0.25
            if score < best_score:
                best, best_score = index, score
        if best is None:
            return False
        self.focus = best
        return True

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The control under `pos`, if any."""
        for index, control in enumerate(self.controls):
            if control.rect.collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the event; True when it was used (a focus moved or a value changed is reported: `focus_watched`)."""
        before = self.focus_words()
        used = self._handle(event)
        focus_watched(before, self.focus_words(), event)
        return used

    def focus_words(self) -> str:
        """The focused control as a voice reads it (empty when there is none)."""
        return spoken(self.controls[self.focus]) if 0 <= self.focus < len(self.controls) else ""

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            if self.dragging is not None:
                self.dragging.drag(event.pos)
                return True
            self.hover = self.index_at(event.pos)
            if self.hover is not None and self.controls[self.hover].enabled:
                self.focus = self.hover
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging.release()
            self.dragging = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is None or not self.controls[index].enabled:
                return False
            self.focus = index
            control = self.controls[index]
            if isinstance(control, (Button, Tile)):
                control.activate()
            else:
                control.press(event.pos)
                if isinstance(control, Slider):
                    self.dragging = control
            return True
        if event.type != pygame.KEYDOWN or not self.controls:
            return False
        self.keyboard = True
        for control in self.controls:
            if isinstance(control, (Button, Tile)) and control.hotkey is not None and event.key == control.hotkey \
                    and control.enabled:
                control.activate()
                return True
        focused = self.controls[self.focus]
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(focused, (Slider, Toggle, Choice)) \
                and focused.enabled:
            focused.adjust(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if event.key in _DIRECTIONS:
            self.move(*_DIRECTIONS[event.key])
            return True
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused.enabled:
                if isinstance(focused, (Button, Tile, Toggle, Choice)):
                    focused.activate()
            return True
        return False

    def note_box(self, text: TextCache, screen: pygame.Rect, index: int, *, avoid: Sequence[pygame.Rect] = (),
                 spare: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """Where control `index`'s tooltip stands on `screen` as `draw` places it (None without one)."""
        control = self.controls[index]
        if not control.tooltip:
            return None
        return note_place(text, control.tooltip, control.rect, screen, [other.rect for other in self.controls] +
                          list(avoid), spare)[1]

    def draw(self, surface: Canvas, text: TextCache, *, tooltips: bool = True,
             spare: Sequence[pygame.Rect] = (), avoid: Sequence[pygame.Rect] = ()) -> None:
        """Draw every control, and the tooltip of the hovered (else focused) one, clear of the controls and of the
        words in `avoid` (in a `spare` place, room the player can do without meanwhile, when nothing beside the
        control is clear of them)."""
        for index, control in enumerate(self.controls):
            control.draw(surface, text, index == self.focus, index == self.hover)
        if not tooltips or not self.controls:
            return
        shown = self.hover if self.hover is not None else (self.focus if self.keyboard else None)
        if shown is None:
            return
        control = self.controls[shown]
        if control.tooltip:
            draw_tooltip(surface, text, control.tooltip, control.rect,
                         [other.rect for other in self.controls] + list(avoid), spare)
