"""What the player must hear of their files, in one place in the window: a file set aside, one that could not be
read, something that could not be saved. A player who started the game from its icon never sees the terminal.

Any part of the game tells the app's `Notices` (`app.notices.tell`); the sentence also goes to stderr. The
notices wait in a queue and show over whichever scene is on top, as a panel the player dismisses (a click, Enter,
Esc or Space; a controller's A or B), which holds the scene's input until then. Over a scene being played (the
table, `Scene.plays`) the panel would cover play, so a small tab says notices wait instead, where the scene leaves
room for it (`Scene.notice_tab`; the scene draws it, `draw_tab`, in its own layer); a click on the tab opens the
panel, and so does anything that covers the table (the pause menu, a deal's summary, the results). Each sentence
is told once a run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..locale import tr, trn
from ..locale.words import Words
from . import theme
from .assets import warn
from .canvas import Canvas
from .scenes.common import dim
from .text import TextCache
from .widgets import Button, button_width, draw_panel

if TYPE_CHECKING:
    from .scene import Scene

PANEL_W = 760
MARGIN = 36  # the panel's inside margin, and its least distance from the window's edges
HEAD_H = 78  # the title's band
BODY_SIZE = 18
GAP = 12  # between two sentences
BUTTON_H = 48
DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE)
# a release goes through to the scene: a slider dragged when a notice came must still let go
HELD = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT)


class Notices:
    """The sentences waiting for the player, shown a panel at a time."""

    def __init__(self) -> None:
        self.waiting: list[str | Words] = []
        self.opened = False  # the player opened the panel over a scene being played (from its tab)
        self.told: set[str] = set()  # every sentence told this run
        self._click_up = False  # the button's release after a click that dismissed the panel is the panel's too
        self._typed = False  # so is the text a key that dismissed it types (Space's " " into a name being typed)

    def tell(self, sentence: str | Words | None) -> None:
        """Tell the player `sentence` (and stderr): it waits until dismissed; one told before this run is not
        told again (a disk that stays full is said once, not at every decision)."""
        if sentence is None or not str(sentence).strip():
            return
        said = str(sentence)
        if said in self.told:
            return
        self.told.add(said)
        warn(said)
        self.waiting.append(sentence)

    def words(self) -> str:
        """Every sentence waiting, worded now (in the current language)."""
        return " ".join(str(sentence) for sentence in self.waiting)

    def over(self, top: Scene | None) -> bool:
        """Whether the panel shows (and holds the input) over `top`."""
        return bool(self.waiting) and (top is None or not top.plays or self.opened)

    def tab(self, top: Scene | None) -> pygame.Rect | None:
        """Where the tab shows over `top`, a scene being played, while notices wait (None: no tab now)."""
        if not self.waiting or top is None or not top.plays or self.opened:
            return None
        return top.notice_tab()

    # --- the panel ------------------------------------------------------------------------------

    def page(self, text: TextCache, size: tuple[int, int]) -> tuple[list[str], pygame.Rect]:
        """The sentences the panel shows now (those that fit it, at least one) and the panel's rect."""
        width = min(PANEL_W, size[0] - 2 * MARGIN)
        room = size[1] - 2 * MARGIN - HEAD_H - BUTTON_H - 2 * MARGIN
        shown: list[str] = []
        height = 0
        for sentence in self.waiting:
            words = str(sentence)
            tall = text.block_height(words, "body", BODY_SIZE, width - 2 * MARGIN) + (GAP if shown else 0)
            if shown and height + tall > room:
                break
            shown.append(words)
            height += tall
        panel = pygame.Rect(0, 0, width, HEAD_H + min(height, room) + 2 * MARGIN + BUTTON_H)
        panel.center = (size[0] // 2, size[1] // 2)
        return shown, panel

    def button(self, text: TextCache, panel: pygame.Rect) -> Button:
        """The panel's OK button, at its foot."""
        label = tr("notices.ok")
        width = button_width(text, label, 22, "Enter", minimum=180)
        rect = pygame.Rect(0, 0, width, BUTTON_H)
        rect.midbottom = (panel.centerx, panel.bottom - MARGIN + 8)
        return Button(rect, label, lambda: None, pygame.K_RETURN, size=22, keycap="Enter")

    def dismiss(self, text: TextCache, size: tuple[int, int]) -> None:
        """The sentences shown were read: the next ones show, or the panel closes."""
        shown, _ = self.page(text, size)
        del self.waiting[:len(shown)]
        if not self.waiting:
            self.opened = False

    # --- input and drawing ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, top: Scene | None, text: TextCache,
                     size: tuple[int, int]) -> bool:
        """Take `event` if it is the notices' (True): a click on the tab opens the panel; while the panel shows,
        a click, Enter, Esc or Space dismisses it and no other key or click reaches the scene."""
        if self._click_up and event.type == pygame.MOUSEBUTTONUP:
            self._click_up = False
            return True
        if self._typed and event.type == pygame.TEXTINPUT:
            self._typed = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:  # a new press: a release that never came is not waited for
            self._click_up = False
        elif event.type == pygame.KEYDOWN:
            self._typed = False
        tab = self.tab(top)
        if tab is not None and event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and tab.collidepoint(event.pos):
            self.opened = True
            self._click_up = True
            return True
        if not self.over(top) or event.type not in HELD:
            return False
        dismissed = (event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS) or \
            (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1)
        if dismissed:
            self._click_up = event.type == pygame.MOUSEBUTTONDOWN
            self._typed = event.type == pygame.KEYDOWN
            self.dismiss(text, size)
        return True

    def draw(self, surface: Canvas, text: TextCache, top: Scene | None) -> None:
        """The panel over everything, while it shows."""
        if not self.over(top):
            return
        shown, panel = self.page(text, surface.get_size())
        dim(surface, 150)
        draw_panel(surface, panel, alpha=255)
        text.draw(surface, tr("notices.title"), (panel.centerx, panel.y + HEAD_H // 2 + 6), role="title", size=30,
                  colour=theme.GOLD, anchor="center", max_width=panel.width - 2 * MARGIN)
        y = panel.y + HEAD_H
        room = self.button(text, panel).rect.top - MARGIN // 2 - y
        for words in shown:
            body = text.render_wrapped(words, "body", BODY_SIZE, theme.INK, panel.width - 2 * MARGIN)
            surface.blit(body, (panel.x + MARGIN, y), area=pygame.Rect(0, 0, body.get_width(), max(0, room)))
            used = body.get_height() + GAP
            y += used
            room -= used
        self.button(text, panel).draw(surface, text, True, False)

    def draw_tab(self, surface: Canvas, text: TextCache, scene: Scene) -> None:
        """The tab saying notices wait, where `scene` (on top, being played) leaves room for it: drawn by the
        scene in its own layer, under what passes over it (a speech bubble), as its own buttons are."""
        rect = self.tab(scene)
        if rect is not None:
            label = trn("notices.tab", len(self.waiting))
            Button(rect, label, lambda: None, size=16, selected=True).draw(surface, text, True, False)
