"""Buttons and the menus that hold them: mouse and keyboard alike, drawn in the table's style."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ..locale import percent as whole_percent
from ..locale import tr
from . import paint, theme, word_overlaps
from .canvas import Canvas
from .pad_words import pad_cap
from .text import TextCache
from .tooltips import draw_tooltip

PAD_X = 16  # a button's label keeps at least this far from its sides
CAP_GAP = 10  # and this far from its keycap
CAP_SIZE = 15  # a keycap's letters, as designed
CAP_HEIGHT = 26
LINE_H = 40  # a one-line button's height, where a wrapping button weighs one line against two
ONE_LINE_GIVE = 0.75  # a wrapping button's label keeps one line while at least this share of a one-line button's

_press_sound: list[Callable[[], None]] = []  # the one sound of a press; the app sets it (widgets know no assets)
_focus_voice: list[Callable[[str], None]] = []  # who hears the control that takes the focus (spoken play)


def on_press(sound: Callable[[], None] | None) -> None:
    """Make `sound` what every button and form control plays when pressed (None: nothing)."""
    _press_sound[:] = [] if sound is None else [sound]


def pressed() -> None:
    """Play the sound of a press, once."""
    for sound in _press_sound:
        sound()


def on_focus(say: Callable[[str], None] | None) -> None:
    """Make `say` hear the words of every control a key or a click moves the focus to, or changes while it is
    focused, in any menu or form of any scene (None: nobody)."""
    _focus_voice[:] = [] if say is None else [say]


def focus_moved(words: str) -> None:
    """Tell the listener, if any, the words of the control now in focus."""
    for say in _focus_voice:
        say(words)


def focus_watched(before: str, after: str, event: pygame.event.Event) -> None:
    """The one place menus and forms report their focus: `after` is said when an event other than the pointer
    passing over changed the focused control's words from `before`."""
    if after and after != before and event.type != pygame.MOUSEMOTION:
        focus_moved(after)


@dataclass
class Button:
    """A labelled button; `action` runs on a click, Enter while focused, or its hotkey."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    hotkey: int | None = None
    enabled: bool = True
    tooltip: str = ""  # shown while hovered or focused, e.g. why a button is disabled
    size: int = 22
    selected: bool = False  # for choice buttons: the current choice
    keycap: str = ""  # a key shown at the right end, such as the hotkey's letter
    wrap: bool = False  # a long label takes two lines (at a space) rather than shrinking, if the button is tall enough

    def activate(self) -> None:
        """Press it: the click, then the action (by mouse, Enter or hotkey alike)."""
        pressed()
        self.action()

    def spoken(self) -> str:
        """The button as a voice reads it: its label, and whether it can be pressed."""
        return self.label if self.enabled else f"{self.label}, {tr('speech.unavailable')}"

    def keycap_rect(self, text: TextCache, size: int = CAP_SIZE) -> pygame.Rect | None:
        """Where the keycap sits (at the right end), if the button has one, its letters at `size`: as tall as
        they need, within the button."""
        if not self.keycap:
            return None
        height = min(max(CAP_HEIGHT, text.font("bold", size).get_height() + 4), max(CAP_HEIGHT, self.rect.height - 8))
        cap = pygame.Rect(0, 0, max(height, text.width(self.keycap, "bold", size) + 12), height)
        cap.midright = (self.rect.right - 12, self.rect.centery)
        return cap

    def label_box(self, text: TextCache, cap_size: int = CAP_SIZE) -> pygame.Rect:
        """Where the label goes: inside the side margins and clear of the keycap (its letters at `cap_size`);
        centred on the button when it fits so, else centred in the room left of the keycap."""
        inner = self.rect.inflate(-2 * PAD_X, 0)
        cap = self.keycap_rect(text, cap_size)
        if cap is None:
            return inner
        right = cap.x - CAP_GAP
        centred = 2 * (right - self.rect.centerx)
        if text.width(self.label, "bold", self.size) <= centred:
            return pygame.Rect(self.rect.centerx - centred // 2, inner.y, centred, inner.height)
        return pygame.Rect(inner.x, inner.y, max(1, right - inner.x), inner.height)

    def sizes(self, text: TextCache) -> tuple[int, int]:
        """The label's size and its keycap's: as large as the button's height allows; where larger print leaves
        the label no room beside its keycap, the two give back their growth together, step for step, so the
        label is never small beside a large keycap (only then does the label shrink alone, as a last resort)."""
        size = text.fit_height("bold", self.size, self.rect.height - 4)  # larger print gives way to a low button
        if not self.keycap:
            return size, CAP_SIZE
        labels, caps = text.sizes_down(size), text.sizes_down(CAP_SIZE)
        for step in range(max(len(labels), len(caps))):
            label, cap = labels[min(step, len(labels) - 1)], caps[min(step, len(caps) - 1)]
            if text.width(self.label, "bold", label) <= self.label_box(text, cap).width:
                return label, cap
        return labels[-1], caps[-1]

    def label_lines(self, text: TextCache) -> tuple[list[str], int, int]:
        """The label's lines, their size and the keycap's: the one line `sizes` gives; or, on a button that wraps,
        two lines broken at a space (its keycap at its designed look) when they are larger than one line would be
        squeezed to."""
        size, cap_size = self.sizes(text)
        if not self.wrap or self.rect.height <= LINE_H:  # a button of one line's height: no room for two
            return [self.label], size, cap_size
        one = text.fit_size(self.label, "bold", size, self.label_box(text, cap_size).width, 1)
        if text.width(self.label, "bold", one) > self.label_box(text, cap_size).width:
            one = 0
        keep = max(ONE_LINE_GIVE * text.fit_height("bold", self.size, LINE_H - 4), text.sizes_down(self.size)[-1])
        if one >= keep:  # near its one-line neighbours' size, and never below its designed look: one line
            return [self.label], size, cap_size
        cap_size = text.sizes_down(CAP_SIZE)[-1]
        box = self.label_box(text, cap_size)
        for at in range(self.size, max(one, 9), -1):
            if 2 * text.line_height("bold", at) > self.rect.height - 6:
                continue
            lines = text.wrap(self.label, "bold", at, box.width)
            if len(lines) == 2 and " ".join(lines) == self.label and \
                    all(text.width(line, "bold", at) <= box.width for line in lines):
                return lines, at, cap_size
        return [self.label], size, self.sizes(text)[1]

    def draw(self, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        """Draw the button in its state."""
        lit = self.enabled and (focused or hovered)
        fill = theme.FELT_LIGHT if lit else (theme.SELECTED if self.selected else theme.PANEL)
        if not self.enabled:
            fill = (40, 48, 44)
        shadow = self.rect.move(0, 3)
        paint.rect(surface, (0, 0, 0), shadow, border_radius=10)
        paint.rect(surface, fill, self.rect, border_radius=10)
        edge = theme.GOLD if (focused and self.enabled) or self.selected else theme.PANEL_EDGE
        paint.rect(surface, edge, self.rect, width=2, border_radius=10)
        colour = theme.INK if self.enabled else (120, 130, 125)
        lines, size, cap_size = self.label_lines(text)
        cap = self.keycap_rect(text, cap_size)
        if cap is not None:
            paint.rect(surface, (0, 0, 0), cap.move(0, 2), border_radius=6)
            paint.rect(surface, theme.SELECTED if lit else (30, 56, 44), cap, border_radius=6)
            text.draw(surface, pad_cap(self.hotkey, self.keycap), cap.center, role="bold", size=cap_size,
                      colour=theme.GOLD if self.enabled else (120, 130, 125), anchor="center")
        box = self.label_box(text, cap_size)
        if len(lines) > 1:
            step = text.line_height("bold", size)
            for row, line in enumerate(lines):
                text.draw(surface, line, (box.centerx, box.centery + (2 * row - len(lines)) * step // 2), role="bold",
                          size=size, colour=colour, anchor="midtop")
            return
        label = text.fit(self.label, "bold", size, colour, box.width, 11)  # shrinks only as a last resort
        surface.blit(label, label.get_rect(center=box.center))


def wrapped_height(text: TextCache, label: str, size: int, keycap: str, width: int) -> int:
    """How tall a wrapping button `width` wide must be for `label` at `size`: a one-line button's height when the
    label keeps one line, else tall enough for the two lines it takes at their designed look (larger print gives
    way, so a stack of buttons grows by no more than a line)."""
    tall = max(LINE_H, 2 * text.line_height("bold", text.sizes_down(size)[-1]) + 8)
    trial = Button(pygame.Rect(0, 0, width, tall), label, lambda: None, size=size, keycap=keycap, wrap=True)
    lines, at, _ = trial.label_lines(text)
    return LINE_H if len(lines) == 1 else max(LINE_H, 2 * text.line_height("bold", at) + 8)


def button_width(text: TextCache, label: str, size: int, keycap: str = "", minimum: int = 0, pad: int = 28) -> int:
    """The width a button needs to show `label` at `size` with comfortable margins of `pad` (and its keycap)."""
    width = text.width(label, "bold", size) + 2 * max(pad, PAD_X)
    if keycap:
        width += max(26, text.width(keycap, "bold", 15) + 12) + CAP_GAP + 12 - max(pad, PAD_X)
    return max(minimum, width)


@dataclass
class Menu:
    """A set of buttons with one keyboard focus; arrows or Tab move it, Enter or Space press."""

    buttons: list[Button] = field(default_factory=list)
    focus: int = 0
    hover: int | None = None
    columns: int = 1  # left/right move by one, up/down by this many
    keyboard: bool = False  # the focus was last moved by a key: show its tooltip (the mouse shows its own)

    def set(self, buttons: Sequence[Button], keep_focus: bool = True) -> None:
        """Replace the buttons, keeping the focus index where it still makes sense."""
        self.buttons = list(buttons)
        if not keep_focus or self.focus >= len(self.buttons):
            self.focus = 0
        self._skip_disabled(1)

    def _skip_disabled(self, step: int) -> None:
        for _ in range(len(self.buttons)):
            if self.buttons and not self.buttons[self.focus].enabled:
                self.focus = (self.focus + step) % len(self.buttons)

    def move(self, step: int) -> None:
        """Move the focus by `step`, wrapping and skipping disabled buttons."""
        if not self.buttons:
            return
        self.focus = (self.focus + step) % len(self.buttons)
        self._skip_disabled(1 if step > 0 else -1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the event; True when it was used (a focus moved is reported: `focus_watched`)."""
        before = self.focus_words()
        used = self._handle(event)
        focus_watched(before, self.focus_words(), event)
        return used

    def focus_words(self) -> str:
        """The focused button as a voice reads it (empty when there is none)."""
        return self.buttons[self.focus].spoken() if 0 <= self.focus < len(self.buttons) else ""

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.index_at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None and self.buttons[index].enabled:
                self.focus = index
                self.buttons[index].activate()
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        self.keyboard = True
        for button in self.buttons:
            if button.hotkey is not None and event.key == button.hotkey and button.enabled:
                button.activate()
                return True
        moves = {pygame.K_DOWN: self.columns, pygame.K_UP: -self.columns, pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
        if event.key in moves:
            self.move(moves[event.key])
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
            button = self.buttons[self.focus]
            if button.enabled:
                button.activate()
            return True
        return False

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The button under `pos`, if any."""
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return index
        return None

    def draw(self, surface: Canvas, text: TextCache, *, show_focus: bool = True) -> None:
        """Draw every button, and the tooltip of the hovered or focused one (no focus shown while the keys answer
        something else, such as an offer over the menu)."""
        for index, button in enumerate(self.buttons):
            button.draw(surface, text, show_focus and index == self.focus, index == self.hover)
        shown = self.hover if self.hover is not None else (self.focus if self.buttons and self.keyboard else None)
        if shown is not None and self.buttons[shown].tooltip:
            draw_tooltip(surface, text, self.buttons[shown].tooltip, self.buttons[shown].rect,
                         [button.rect for button in self.buttons])


def draw_panel(surface: Canvas, rect: pygame.Rect, alpha: int = 215, radius: int = 16) -> None:
    """A dark translucent panel with a thin edge, for menus and summaries over the felt."""
    panel = Canvas.new(rect.size, pygame.SRCALPHA)
    alpha = max(alpha, theme.PANEL_ALPHA_FLOOR)
    paint.rect(panel, (*theme.PANEL, alpha), panel.get_rect(), border_radius=radius)
    paint.rect(panel, (*theme.PANEL_EDGE, 255), panel.get_rect(), width=2, border_radius=radius)
    surface.blit(panel, rect)
    word_overlaps.cover(surface, rect)


# --- form controls: rows with a label and a value, for settings and the new-game scene ---------------------


def percent(value: float) -> str:
    """A 0..1 value as a whole percentage, as the language writes it ("40%", "40 %")."""
    return whole_percent(round(value * 100))


def signed(change: int, zero: str = "0") -> str:
    """A chip change with its sign ("+3", "−2"); `zero` for no change ("0", or "+0" where a sign always shows)."""
    return f"+{change}" if change > 0 else (f"−{-change}" if change < 0 else zero)


ButtonEntry = tuple[str, Callable[[], None], "int | None", str, bool]  # label, action, hotkey, keycap, enabled


def button_row(text: TextCache, entries: Sequence[ButtonEntry], *, right: int = 1220, y: int = 640,
               size: int = 20, minimum: int = 150, gap: int = 14) -> list[Button]:
    """Buttons in one row ending at `right`, each as wide as its label needs (and at least `minimum`)."""
    buttons: list[Button] = []
    x = right
    for label, action, hotkey, cap, enabled in reversed(entries):
        width = button_width(text, label, size, cap, minimum=minimum)
        x -= width
        buttons.append(Button(pygame.Rect(x, y, width, 48), label, action, hotkey, enabled=enabled, size=size,
                              keycap=cap))
        x -= gap
    buttons.reverse()
    return buttons


def notice_panel(surface: Canvas, text: TextCache, title: str,
                 size: tuple[int, int]) -> tuple[pygame.Rect, int]:
    """A plain notice on the dark felt: a centred panel of `size` with `title` at its head; the panel and the
    width its lines may take."""
    surface.fill(theme.FELT_DARK)
    panel = pygame.Rect((0, 0), size)
    panel.center = surface.get_rect().center
    draw_panel(surface, panel, alpha=255)
    room = panel.width - 80
    text.draw(surface, title, (panel.centerx, panel.y + 48), role="title", size=32, colour=theme.GOLD,
              anchor="center", max_width=room)
    return panel, room


def draw_scrollbar(surface: Canvas, track: pygame.Rect, first: int, shown: int, total: int) -> None:
    """A scroll bar in `track` whose thumb says which of `total` rows (or pixels) show, `shown` from `first`."""
    if total <= shown:
        return
    paint.rect(surface, (30, 60, 46), track, border_radius=track.width // 2)
    size = max(24, track.height * shown // total)
    thumb = pygame.Rect(track.x, track.y + (track.height - size) * first // max(1, total - shown), track.width, size)
    paint.rect(surface, theme.GOLD, thumb, border_radius=track.width // 2)
