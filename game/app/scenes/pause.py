"""The pause menu over the table: Resume, Settings, How to play, Quit to title, Quit game; Esc toggles it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...locale import tr
from ...locale.texts import rules_name
from .. import theme
from ..canvas import Canvas
from ..scene import Scene
from ..widgets import Button, Menu, button_width, draw_panel
from .common import dim

if TYPE_CHECKING:
    from ..app import App

PANEL_MIN_W, BUTTON_MIN_W = 420, 300


class PauseScene(Scene):
    """Stops the table (only the top scene updates) and offers the ways out."""

    overlay = True
    gives_way = True

    def __init__(self, app: App, table: Any = None) -> None:
        super().__init__(app)
        self.table = table
        self.panel = pygame.Rect(0, 0, PANEL_MIN_W, 446)
        self.menu = Menu()
        self._build()

    def relabel(self) -> None:
        """The menu in the new language, the focus where it was."""
        focus = self.menu.focus
        self._build()
        self.menu.focus = focus

    def _build(self) -> None:
        """The panel as wide as the longest label needs, and the five buttons in it."""
        entries = ((tr("pause.resume"), self.back_to_table, pygame.K_r, "Esc"),
                   (tr("pause.settings"), self.settings, pygame.K_s, ""),
                   (tr("pause.how_to_play"), self.how_to_play, pygame.K_h, ""),
                   (tr("pause.quit_to_title"), self.quit_to_title, pygame.K_t, tr("pause.tips.quit_to_title")),
                   (tr("pause.quit_game"), self.app.request_quit, pygame.K_q, tr("pause.tips.quit_game")))
        caps = ["Esc" if key == pygame.K_r else pygame.key.name(key).upper() for _, _, key, _ in entries]
        wide = max(button_width(self.app.text, label, 23, cap, minimum=BUTTON_MIN_W)
                   for (label, *_), cap in zip(entries, caps))
        w, h = self.app.screen.get_size()
        self.panel = pygame.Rect(0, 0, max(PANEL_MIN_W, wide + 120), 446)
        self.panel.center = (w // 2, h // 2)
        top = self.panel.y + 110
        self.menu.set([Button(pygame.Rect(self.panel.centerx - wide // 2, top + i * 64, wide, 52), label, action, key,
                              tooltip=tip, size=23, keycap=cap)
                       for i, ((label, action, key, tip), cap) in enumerate(zip(entries, caps))])

    def back_to_table(self) -> None:
        """Back to the table."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def settings(self) -> None:
        """The settings, over the table."""
        self.app.scenes.push("settings", over_table=True)

    def how_to_play(self) -> None:
        """The rules of the table in play."""
        self.app.scenes.push("how_to_play", rules=getattr(self.table, "rules", None), over_table=True)

    def quit_to_title(self) -> None:
        """Keep the session and go to the title; ask first only if it cannot be kept."""
        problem = self.app.keep_session()
        if problem is None:
            self._to_title(kept=self.table is not None and self.table.unsaved())
            return
        self.app.scenes.push("confirm", question=tr("pause.leave.question"),
                             detail=tr("pause.leave.detail", problem=problem), yes=tr("pause.leave.yes"),
                             no=tr("pause.leave.no"), on_yes=self._to_title)

    def _to_title(self, kept: bool = False) -> None:
        self.app.scenes.clear_to("title", message=(lambda: tr("pause.kept")) if kept else "", passing=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc resumes; the menu does the rest."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.back_to_table()
            return
        self.menu.handle_event(event)

    def draw(self, surface: Canvas) -> None:
        """The table dimmed, and the menu in a panel."""
        text = self.app.text
        dim(surface, 140)
        draw_panel(surface, self.panel, alpha=255)  # opaque: the table does not show through
        text.draw(surface, tr("pause.title"), (self.panel.centerx, self.panel.y + 46), role="title", size=40,
                  colour=theme.GOLD, anchor="center", max_width=self.panel.width - 40, min_size=24)
        about = describe_table(self.table)
        if about:
            text.draw(surface, about, (self.panel.centerx, self.panel.y + 84), role="body", size=16,
                      colour=theme.INK_DIM, anchor="center", max_width=self.panel.width - 40)
        self.menu.draw(surface, text)


def describe_table(table: Any) -> str:
    """'Classic Newmarket · deal 3 of 10', from what the table scene offers: the deal the table shows."""
    rules = getattr(table, "rules", None)
    if rules is None:
        return ""
    parts = [rules_name(rules)]
    model = getattr(table, "model", None)  # not the session's: over a summary it has dealt the next deal, unseen
    deal = getattr(model, "deal_number", 0)
    if isinstance(deal, int) and deal > 0:
        parts.append(tr("pause.deal_of", deal=deal, deals=rules.deals) if rules.deals else
                     tr("pause.deal", deal=deal))
    return "  ·  ".join(parts)
