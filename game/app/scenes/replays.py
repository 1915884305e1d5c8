"""The kept deals: every finished deal kept with the saves, by slot and newest first, to open in the replay.

Each save slot keeps its finished deals' logs (`game.storage.saves`, one JSONL string per deal); this list
reads only the lines it shows (who sat, who went out) and opens a deal in `ReplayScene`. Free play's and the
daily deal's slots keep deals alone: one that cannot be read is kept aside and taken up again from its backup as
the list opens, and the player told. A campaign's slot that cannot be read is listed with its problem and left to
the road's map, which offers its backup or a fresh start.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...campaign.origin import DAILY_SLOT
from ...locale import tr, trn
from ...locale.dates import saved_date
from ...locale.names import YOU
from ...replay import LogError, Replay
from ...storage.folders import folder_closed
from ...storage.saves import AUTOSAVE, deal_logs, list_slots, saves_dir, take_up_deal_slot
from .. import paint, theme
from ..canvas import Canvas
from ..replay_words import logged_name
from ..scene import Scene
from ..widgets import Menu, button_row, draw_panel, draw_scrollbar
from .common import draw_message, felt_backdrop, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

LIST = pygame.Rect(64, 136, 1152, 484)
ROW_H = 38
TOP_PAD = 12
EMPTY = "replays.empty"  # the key of what the list says when no deal is kept
DAMAGED = "damaged"  # a kept deal's problem: its log cannot be read
_CAMPAIGN = re.compile(r"^campaign(?:-(\d+))?$")
_SHOWN = ('"session_start"', '"deal_start"', '"deal"', '"hand_won"', '"session_end"')


@dataclass(frozen=True)
class KeptDeal:
    """One kept deal as a row of the list: where it is kept, and what the player would recognise it by."""

    slot: str
    index: int  # in the slot's logs (oldest first)
    session: int  # sessions counted from the oldest kept in the slot
    deal: int | None
    players: tuple[str, ...]  # as the log names them (English)
    winner: str | None
    pot: int | None
    over: bool  # the session ended with this deal
    problem: str | None = None
    characters: tuple[str | None, ...] = ()  # each seat's character id, so a name is shown in the language
    dealt: tuple[bool, ...] = ()  # each seat dealt a hand (not out of the session before it); () when not known

    @property
    def in_deal(self) -> tuple[str, ...]:
        """The seats who played this deal, as the log names them."""
        if len(self.dealt) != len(self.players):
            return self.players
        return tuple(name for name, dealt in zip(self.players, self.dealt) if dealt)

    def shown(self, name: str) -> str:
        """A seat's one name, in the current language."""
        return logged_name(name, dict(zip(self.players, self.characters)).get(name))


@dataclass(frozen=True)
class Row:
    """A line of the list: a slot's heading (with its note), or a deal to open."""

    title: str
    note: str = ""
    deal: KeptDeal | None = None


def slot_label(slot: str) -> str:
    """What a save slot is called in the list: 'Free play', 'Campaign 2', 'Daily deal'."""
    if slot == AUTOSAVE:
        return tr("replays.slots.free_play")
    if slot == "daily":
        return tr("replays.slots.daily")
    found = _CAMPAIGN.match(slot)
    if found:
        return tr("replays.slots.campaign", number=found.group(1) or 1)
    return slot.replace("-", " ").replace("_", " ").capitalize()


def _slot_order(slot: str) -> tuple[int, int, str]:
    found = _CAMPAIGN.match(slot)
    if slot == AUTOSAVE:
        return (0, 0, slot)
    if found:
        return (1, int(found.group(1) or 1), slot)
    return (2 if slot == "daily" else 3, 0, slot)


def _event(line: str) -> dict[str, Any] | None:
    try:
        found = json.loads(line)
    except (ValueError, RecursionError):  # a line nested too deep to read is as unreadable as one cut short
        return None
    return found if isinstance(found, dict) else None


def read_deal(slot: str, index: int, session: int, log: str) -> KeptDeal:
    """A kept deal's row, from the few lines it shows; a log that cannot be read says so instead."""
    players: tuple[str, ...] = ()
    characters: tuple[str | None, ...] = ()
    dealt: tuple[bool, ...] = ()
    deal = pot = None
    winner: str | None = None
    over = False
    for line in log.splitlines():
        # only the lines a row shows are parsed: the plays (most of a deal) are skipped unread
        if not any(kind in line for kind in _SHOWN):
            continue
        event = _event(line)
        if event is None:
            continue
        kind = event.get("type")
        if kind == "session_start" and isinstance(event.get("players"), list):
            players = tuple(str(p.get("name", "?")) if isinstance(p, dict) else "?" for p in event["players"])
            characters = tuple(p.get("personality") if isinstance(p, dict) and isinstance(p.get("personality"), str)
                               else None for p in event["players"])
        elif kind == "deal_start" and type(event.get("deal")) is int:
            deal = event["deal"]
        elif kind == "deal" and isinstance(event.get("hands"), list):  # a seat out of the session is dealt nothing
            dealt = tuple(bool(hand) for hand in event["hands"])
        elif kind == "hand_won" and type(event.get("player")) is int:
            seat = event["player"]
            winner = players[seat] if 0 <= seat < len(players) else f"#{seat + 1}"
            pot = event.get("pot") if type(event.get("pot")) is int else None
        elif kind == "session_end":
            over = True
    problem = None if players and deal is not None else DAMAGED
    return KeptDeal(slot, index, session, deal, players, winner, pot, over, problem, characters, dealt)


def kept_deals(slot: str, logs: tuple[str, ...]) -> list[KeptDeal]:
    """A slot's kept deals, newest first, each knowing which kept session it belongs to."""
    deals: list[KeptDeal] = []
    session, opening = 0, None
    for index, log in enumerate(logs):
        first = log.split("\n", 1)[0]
        if first != opening:  # each deal's log opens with its session's session_start
            session, opening = session + 1, first
        deals.append(read_deal(slot, index, session, log))
    return deals[::-1]


def deal_words(deal: KeptDeal) -> tuple[str, str, str]:
    """A row's three columns: which deal, who sat, and how it ended."""
    if deal.problem:
        return tr("replays.kept_deal", number=deal.index + 1), "", tr("replays.damaged")
    which = tr("replays.which", session=deal.session, deal=deal.deal)
    seats = trn("replays.seats", len(deal.in_deal), names=", ".join(deal.shown(p) for p in deal.in_deal))
    if deal.winner is None:
        ended = tr("replays.nobody_out")
    elif deal.winner == YOU:  # the player's own going out has its own words ("Vous êtes sorti", "Hai chiuso")
        ended = tr("replays.you_went_out_pot", pot=deal.pot) if deal.pot else tr("replays.you_went_out")
    elif deal.pot:
        ended = tr("replays.went_out_pot", name=deal.shown(deal.winner), pot=deal.pot)
    else:
        ended = tr("replays.went_out", name=deal.shown(deal.winner))
    return which, seats, tr("replays.last_deal", ended=ended) if deal.over else ended


class ReplaysScene(Scene):
    """The kept deals by slot, newest first: arrows or the wheel to move, Enter or a click to replay, Esc back."""

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = app.data_dir if folder is None else folder  # the data folder whose saves are listed
        self.rows: list[Row] = []
        self.logs: dict[str, tuple[str, ...]] = {}
        self.selected: int | None = None  # index in `rows` of the deal Enter opens
        self.hover: int | None = None
        self.scroll = 0  # the first row shown
        self.message = ""
        self.closed: str | None = None  # the saves folder, closed to the game, in its one sentence
        self.menu = Menu()
        self._build_menu()
        for slot in (AUTOSAVE, DAILY_SLOT):  # a damaged slot of deals alone is taken up from its backup now
            app.notices.tell(take_up_deal_slot(self.folder, slot))
        self.reload()

    def _build_menu(self) -> None:
        self.menu.set(button_row(self.app.text, [(tr("review.button"), self.review, pygame.K_r, "R", True),
                                                 (tr("replays.back"), self.back, None, "Esc", True)]),
                      keep_focus=False)

    def relabel(self) -> None:
        """The language changed: the headings and the button again in the new words (the place in the list kept)."""
        selected, scroll = self.selected, self.scroll
        self._build_menu()
        self.reload()
        self.selected, self.scroll = selected, scroll

    # --- the list -------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the slots again: their kept deals, and the problem of any that cannot be read (or of the folder
        they are kept in, when the game may not look into it)."""
        self.closed = folder_closed(saves_dir(self.folder))
        self.app.notices.tell(self.closed)
        self.logs = dict(deal_logs(self.folder))
        slots = list_slots(self.folder)
        problems = {info.slot: info.problem for info in slots if info.problem and info.problem != "missing"}
        saved = {info.slot: info.saved_at for info in slots if info.saved_at}
        rows: list[Row] = []
        for slot in sorted(set(self.logs) | set(problems), key=_slot_order):
            if slot in problems:
                rows.append(Row(slot_label(slot), tr("replays.unreadable", why=problems[slot])))
                continue
            deals = kept_deals(slot, self.logs[slot])
            count = trn("replays.kept", len(deals))
            when = saved.get(slot)
            note = tr("replays.last_saved", kept=count, date=saved_date(when)) if when \
                else count
            rows.append(Row(slot_label(slot), note))
            rows += [Row("", deal=deal) for deal in deals]
        self.rows = rows
        self.selected = next((i for i, row in enumerate(rows) if row.deal is not None), None)
        self.scroll = 0

    @property
    def visible(self) -> int:
        """How many rows the panel shows at once."""
        return (LIST.height - 2 * TOP_PAD) // ROW_H

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row `index` is drawn, or None while it is scrolled out of sight."""
        shown = index - self.scroll
        if not 0 <= shown < self.visible:
            return None
        return pygame.Rect(LIST.x + 16, LIST.y + TOP_PAD + shown * ROW_H, LIST.width - 48, ROW_H - 4)

    def scroll_by(self, rows: int) -> None:
        """Move the view by `rows` (clamped to the list)."""
        self.scroll = max(0, min(self.scroll + rows, len(self.rows) - self.visible))

    def select(self, step: int) -> None:
        """Move the selection `step` deals on (headings are skipped) and keep it in view."""
        deals = [i for i, row in enumerate(self.rows) if row.deal is not None]
        if not deals:
            return
        at = deals.index(self.selected) if self.selected in deals else 0
        self.selected = deals[max(0, min(len(deals) - 1, at + step))]
        if self.selected < self.scroll + 1:
            self.scroll = max(0, self.selected - 1)  # keep the slot's heading in view with its first deal
        elif self.selected >= self.scroll + self.visible:
            self.scroll = self.selected - self.visible + 1
        self.scroll_by(0)

    def open(self, index: int | None = None) -> None:
        """Replay the deal of row `index` (the selected one by default); an unsound log is explained instead."""
        index = self.selected if index is None else index
        if index is None or not 0 <= index < len(self.rows) or self.rows[index].deal is None:
            return
        deal = self.rows[index].deal
        assert deal is not None
        title = tr("replays.open_title", slot=slot_label(deal.slot), which=deal_words(deal)[0])
        try:
            replay = Replay.from_text(self.logs[deal.slot][deal.index], f"deal {deal.index + 1} of the save")
        except LogError as error:
            self.message = tr("replays.cannot_replay", why=error.problems[0] if error.problems else error)
            return
        self.message = ""
        self.app.scenes.push("replay", replay=replay, title=title)

    def review(self) -> None:
        """Review the selected deal's decisions: the player's seat, or the seat its log says is the player's."""
        index = self.selected
        deal = self.rows[index].deal if index is not None and 0 <= index < len(self.rows) else None
        if deal is None or deal.problem:
            return
        self.message = ""
        self.app.scenes.push("review", log=self.logs[deal.slot][deal.index])

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The deal row under `pos`, if any."""
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible)):
            rect = self.row_rect(index)
            if rect is not None and rect.collidepoint(pos) and self.rows[index].deal is not None:
                return index
        return None

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows, PgUp/PgDn, Home/End and the wheel move; Enter or a click opens; Esc or Backspace leaves."""
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.visible,
                     pygame.K_PAGEUP: -self.visible, pygame.K_END: len(self.rows), pygame.K_HOME: -len(self.rows)}
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif event.key in moves:
                self.hover = None
                self.select(moves[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open()
            elif event.key == pygame.K_r:
                self.review()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                self.selected = index
                self.open(index)
                return
        self.menu.handle_event(event)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The felt, the list of kept deals (or why there are none), and Back."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("replays.title"), tr("replays.subtitle"), y=22)
        draw_panel(surface, LIST, alpha=225)
        if not self.rows:
            if self.closed:  # not "no deals kept": what the folder holds is unknown
                surface.blit(text.render_wrapped(self.closed, "body", 18, theme.INK_DIM, LIST.width - 96),
                             (LIST.x + 48, LIST.y + 48))
            else:
                text.draw(surface, tr(EMPTY), LIST.center, role="body", size=18, colour=theme.INK_DIM,
                          anchor="center", max_width=LIST.width - 48)
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible)):
            rect = self.row_rect(index)
            if rect is not None:
                self._draw_row(surface, self.rows[index], rect, index)
        self._draw_scrollbar(surface)
        if self.message:
            draw_message(surface, text, self.message, (self.menu.buttons[0].rect.x if self.menu.buttons else 924) - 84)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("replays.hint"))

    def _draw_row(self, surface: Canvas, row: Row, rect: pygame.Rect, index: int) -> None:
        text = self.app.text
        if row.deal is None:
            title = text.draw(surface, row.title, (rect.x + 4, rect.bottom - 6), role="title", size=22,
                              colour=theme.GOLD, anchor="bottomleft", max_width=rect.width // 3)
            text.draw(surface, row.note, (title.right + 16, rect.bottom - 9), size=15, colour=theme.INK_DIM,
                      anchor="bottomleft", max_width=rect.right - title.right - 20, min_size=12)
            return
        if index == self.selected or index == self.hover:
            paint.rect(surface, (40, 80, 56), rect, border_radius=8)
            if index == self.selected:
                paint.rect(surface, theme.GOLD, rect, 2, border_radius=8)
        which, seats, ended = deal_words(row.deal)
        y = rect.centery
        text.draw(surface, which, (rect.x + 24, y), role="bold", size=17, colour=theme.INK, anchor="midleft",
                  max_width=226, min_size=11)
        text.draw(surface, seats, (rect.x + 260, y), size=16, colour=theme.INK_DIM, anchor="midleft",
                  max_width=480, min_size=12)
        text.draw(surface, ended, (rect.x + 760, y), size=16,
                  colour=theme.GOLD if row.deal.winner == YOU else theme.INK, anchor="midleft",
                  max_width=rect.right - rect.x - 772, min_size=12)

    def _draw_scrollbar(self, surface: Canvas) -> None:
        track = pygame.Rect(LIST.right - 22, LIST.y + TOP_PAD, 8, LIST.height - 2 * TOP_PAD)
        draw_scrollbar(surface, track, self.scroll, self.visible, len(self.rows))

