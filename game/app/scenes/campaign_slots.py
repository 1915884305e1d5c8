"""The campaign's roads: three save slots, each a road of its own, opened, started or deleted from here.

A new road plays the campaign file chosen at the top: the shipped road, any `*.yaml` the player keeps in
`<data>/campaigns/`, and a file named with `--campaign FILE`. A road in progress always reopens with the
file it was started from. Nothing read here is changed: a damaged slot is listed with its problem and the
map (which offers the backup) deals with it; deleting sets the file aside, never erases it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...campaign.roads import PLAYERS_FOLDER, SLOTS, RoadCard, campaign_choices, read_road
from ...locale import tr
from ...storage.folders import folder_closed
from ...storage.resume import retire_resume, road_mode
from ...storage.saves import delete_slot, saves_dir
from .. import theme
from ..canvas import Canvas
from ..scene import Scene
from ..text import TextCache
from ..widgets import Button, Menu, button_width, draw_panel, signed
from .common import draw_message, felt_backdrop, heading, hint_bar
from .road_chooser import arrow_rects, draw_road_chooser

if TYPE_CHECKING:
    from ..app import App

CARD_W, CARD_H, CARD_TOP = 360, 326, 226


def road_title(slot: str) -> str:
    """'Road 1' for the first slot, and so on."""
    return tr("roads.road", number=SLOTS.index(slot) + 1) if slot in SLOTS else slot


# the campaign file last chosen for a new road, per running game: the chooser opens on it again
_LAST_CHOSEN: weakref.WeakKeyDictionary[App, Path] = weakref.WeakKeyDictionary()


class CampaignSlotsScene(Scene):
    """Three roads side by side; the campaign file for a new road is chosen along the top."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choices = campaign_choices(app.data_dir, app.options.campaign)
        app.notices.tell(folder_closed(app.data_dir / PLAYERS_FOLDER))  # listed as a choice that cannot start
        paths = [choice.path for choice in self.choices]
        last = _LAST_CHOSEN.get(app)
        self.chosen = paths.index(last) if last in paths else 0
        self.cards: list[RoadCard] = []
        self.message = ""
        self.menu = Menu(columns=1)
        self.refresh()

    def relabel(self) -> None:
        """The language changed: the buttons again in the new words (the cards are worded as they are drawn; the
        campaign files are read again, as their names and problems are worded when read)."""
        self.choices = campaign_choices(self.app.data_dir, self.app.options.campaign)
        self.chosen = min(self.chosen, len(self.choices) - 1)
        if any(card.trouble is not None for card in self.cards):  # a reader's own words are in its problem
            self.cards = [read_road(self.app.data_dir, slot) for slot in SLOTS]
        self._build_buttons()

    def resume(self) -> None:
        """Back from a road's map (a road may have been played, started or given up): read the slots again."""
        self.refresh()

    # --- reading and the buttons ------------------------------------------------------------------

    def refresh(self) -> None:
        """Read every slot again and rebuild the buttons (after a road was played, started or deleted); a saves
        folder closed to the game is said in the notices, once."""
        self.cards = [read_road(self.app.data_dir, slot) for slot in SLOTS]
        if any(card.closed for card in self.cards):
            self.app.notices.tell(folder_closed(saves_dir(self.app.data_dir)))
        self._build_buttons()

    def _build_buttons(self) -> None:
        """The buttons under the cards as they were read, in the current words and for the chosen campaign."""
        focus = self.menu.focus
        buttons: list[Button] = []
        for index, card in enumerate(self.cards):
            left = self._card_rect(index)
            y = left.bottom + 14
            if card.empty:
                choice = self.choices[self.chosen]
                why = tr("roads.choice_problem", campaign=choice.name, problem=choice.problem) \
                    if choice.problem else ""
                buttons.append(Button(pygame.Rect(left.x, y, left.width, 48), tr("roads.start"),
                                      self._opener(card.slot, new=True), pygame.K_1 + index, size=20,
                                      keycap=str(index + 1), enabled=not choice.problem, tooltip=why))
                continue
            delete_w = 0 if card.closed else button_width(self.app.text, tr("roads.delete"), 20, minimum=110, pad=20)
            buttons.append(Button(pygame.Rect(left.x, y, left.width - (delete_w + 12 if delete_w else 0), 48),
                                  tr("roads.open"), self._opener(card.slot, new=False), pygame.K_1 + index, size=20,
                                  keycap=str(index + 1)))
            if not card.closed:  # nothing there can be looked at, so nothing to delete
                buttons.append(Button(pygame.Rect(left.right - delete_w, y, delete_w, 48), tr("roads.delete"),
                                      self._deleter(card.slot), size=20))
        width = button_width(self.app.text, tr("roads.back"), 20, "Esc", minimum=150)
        buttons.append(Button(pygame.Rect(1216 - width, 640, width, 48), tr("roads.back"), self.back, size=20,
                              keycap="Esc"))
        self.menu.set(buttons)
        self.menu.focus = min(focus, len(buttons) - 1)

    def _opener(self, slot: str, *, new: bool) -> Callable[[], None]:
        return lambda: self.open(slot, new=new)

    def _deleter(self, slot: str) -> Callable[[], None]:
        return lambda: self.ask_delete(slot)

    # --- actions --------------------------------------------------------------------------------

    def open(self, slot: str, *, new: bool = False) -> None:
        """The map of the road in `slot`; a new road plays the campaign file chosen at the top."""
        path = self.choices[self.chosen].path if new else None
        self.app.scenes.push("campaign_map", slot=slot, path=path)

    def ask_delete(self, slot: str) -> None:
        """Ask before a road is deleted."""
        self.app.scenes.push("confirm", question=tr("roads.confirm_delete.title", road=road_title(slot)),
                             detail=tr("roads.confirm_delete.body"), yes=tr("roads.confirm_delete.yes"),
                             no=tr("roads.confirm_delete.no"), on_yes=lambda: self.delete(slot))

    def delete(self, slot: str) -> None:
        """Set the slot's save aside (renamed, never erased); when it cannot be, the road stays and the message says
        why."""
        moved, error = delete_slot(self.app.data_dir, slot)
        if error:
            self.message = tr("roads.not_deleted", road=road_title(slot), error=error)
        else:
            retire_resume(self.app.data_dir, road_mode(slot), "deleted")  # its venue in play goes with it
            self.message = tr("roads.set_aside", road=road_title(slot), file=moved.name) if moved else ""
        self.refresh()

    def choose_campaign(self, step: int) -> None:
        """The next (or previous) campaign file for a new road."""
        self.chosen = (self.chosen + step) % len(self.choices)
        _LAST_CHOSEN[self.app] = self.choices[self.chosen].path
        self._build_buttons()

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc back; [ and ] (or a click on the arrows) change the campaign file; the rest works the buttons."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.choose_campaign(1 if event.key in (pygame.K_RIGHTBRACKET, pygame.K_PAGEDOWN) else -1)
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
                self.menu.keyboard = True
                self.menu.move(1 if event.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            back, on = self._arrow_rects()
            if back.collidepoint(event.pos) or on.collidepoint(event.pos):
                self.choose_campaign(-1 if back.collidepoint(event.pos) else 1)
                return
        self.menu.handle_event(event)

    # --- drawing --------------------------------------------------------------------------------

    def _card_rect(self, index: int) -> pygame.Rect:
        gap = (1152 - 3 * CARD_W) // 2
        return pygame.Rect(64 + index * (CARD_W + gap), CARD_TOP, CARD_W, CARD_H)

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        return arrow_rects()

    def draw(self, surface: Canvas) -> None:
        """The campaign chooser, the three road cards with their buttons, and any message."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("roads.title"), tr("roads.subtitle"), y=22)
        draw_road_chooser(surface, text, self.choices, self.chosen)
        for index, card in enumerate(self.cards):
            self._draw_card(surface, self._card_rect(index), card)
        if self.message:
            draw_message(surface, text, self.message, self.menu.buttons[-1].rect.x - 84)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("roads.hint"))

    def _draw_card(self, surface: Canvas, box: pygame.Rect, card: RoadCard) -> None:
        text = self.app.text
        draw_panel(surface, box, alpha=225)
        inner = box.width - 44
        x, y = box.x + 22, box.y + 16
        text.draw(surface, road_title(card.slot), (x, y), role="title", size=30, colour=theme.GOLD, max_width=inner)
        y += 48
        if card.empty:
            body = text.render_wrapped(tr("roads.empty"), "body", 16, theme.INK_DIM, inner)
            surface.blit(body, (x, y))
            choice = self.choices[self.chosen]
            if not choice.problem:  # which road Start begins here, so the choice above is seen where it is used
                here = text.render_wrapped(tr("road_choice.here", road=choice.name), "bold", 16, theme.GOLD, inner)
                surface.blit(here, (x, y + body.get_height() + 14))
            return
        if card.campaign:
            y = text.draw(surface, card.campaign, (x, y), role="bold", size=18, colour=theme.INK,
                          max_width=inner, min_size=12).bottom + 8
        if card.problem:
            body = text.render_wrapped(card.problem, "body", 16, theme.LOSS, inner)
            surface.blit(body, (x, y))
            y += body.get_height() + 8
        else:
            where = text.wrap(card.where, "body", 16, inner)[:2]
            steps = (text.grown_step(21, "body", 16), text.grown_step(18, "bold", 14), text.grown_step(28, "body", 14))
            # larger words: each line lower by its growth, the gap under the venue narrower if the card runs short
            end = y + steps[0] * len(where) + 10 + steps[1] + 46 + steps[2] + text.line_height("bold", 16)
            short = max(0, end - saved_top(text, box) + 2) if card.saved else 0
            gap, under = max(2, 10 - short), 46 - min(6, max(0, short - 8))  # the title font's own room stays
            for line in where:
                text.draw(surface, line, (x, y), role="body", size=16, colour=theme.INK)
                y += steps[0]
            y += gap
            text.draw(surface, tr("roads.bankroll"), (x, y), role="bold", size=14, colour=theme.INK_DIM,
                      max_width=inner // 2 - 8)
            text.draw(surface, tr("roads.score"), (x + inner // 2, y), role="bold", size=14, colour=theme.INK_DIM,
                      max_width=inner // 2)
            y += steps[1]
            text.draw(surface, str(card.bankroll), (x, y), role="title", size=34, colour=theme.GOLD)
            text.draw(surface, str(card.score), (x + inner // 2, y), role="title", size=34, colour=theme.INK)
            y += under
            text.draw(surface, tr("roads.on_start", change=signed(card.change, "+0")), (x, y), role="body",
                      size=14, colour=theme.GAIN if card.change >= 0 else theme.LOSS, max_width=inner)
            y += steps[2]
            text.draw(surface, card.status, (x, y), role="bold", size=16, colour=theme.INK, max_width=inner,
                      min_size=12)
        if card.saved:
            text.draw(surface, tr("roads.saved", when=card.saved), (x, saved_top(text, box)), role="body", size=14,
                      colour=theme.INK_DIM, max_width=inner)


def saved_top(text: TextCache, box: pygame.Rect) -> int:
    """Where a road card's last line (when it was saved) stands: higher by half what its words grew."""
    return box.bottom - 32 - text.grown_step(0, "body", 14) // 2
