"""New game: how many players, which characters, which rules file, how long, how fast; then Start.

Every rules file in config/rules (and in the data folder's rules/, for files the player keeps apart) is
listed. A file that will not load stays in the list, marked, with its problem lines shown when it has the
focus; it cannot be chosen. Seats left empty when Start is pressed are filled with characters at random.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ....ai.seats import HUMAN_NAME
from ....config import RULES_DIR
from ....engine.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from ....locale import tr, trn
from ....locale.names import seat_name
from ....storage.last_table_file import LENGTHS, save_last_table
from ....storage.resume import FREE, load_resume
from ....storage.settings import ANIMATION_SPEEDS
from ... import theme
from ...canvas import Canvas
from ...form import Choice, Form, Tile
from ...kept_words import describe_snapshot, sit_at_kept
from ...scene import Scene
from ...widgets import Button, draw_panel
from ..common import felt_backdrop, heading, hint_bar, speed_names
from .charms import CharmChoice, charm_rows, draw_charm_card, seat_charms, shipped_charms
from .last_table import DEAL_CHOICES, MINUTE_CHOICES, recall, remembered, table_to_remember
from .little_to_do import draw_word, leaves_little, offer_button, offered
from .rules_detail_box import DetailBox, detail_rect
from .rules_list import draw_rules_heading, scrolled
from .session_length import file_length, length_rows, session_rules
from .table_choices import LaidTable, campaign_locks, default_choices, lay_again, load_opponents, read_rules_files
from .table_strength import (
    STRENGTH_IDS,
    band_free,
    fill_seats,
    random_opponents,
    seat_strength,
    strength_index,
    strength_of,
    strength_words,
)
from .tiles import (
    bottom_row,
    draw_bio,
    draw_flash,
    draw_opponents_heading,
    draw_problems,
    edit_rules_button,
    label_width,
    paint_character,
    paint_random,
    paint_rules_row,
)

if TYPE_CHECKING:
    from ...app import App

RULES_ROWS = 4
RULES_PITCH = 31
GRID_COLUMNS = 5
GRID_TOP = 96  # the character tiles' top, under the table strength's row
GRID_ROOM = 210  # the tiles' height in all: with the charms' row under them, the bio keeps nearly the room it had
CHARMS_ROW = 38  # the charms' row under the tiles (R31), above the bio

LEFT = pygame.Rect(40, 104, 640, 572)
RIGHT = pygame.Rect(700, 104, 540, 572)


class NewGameScene(Scene):
    """Choose the table and start it; Esc goes back to the title."""

    def __init__(self, app: App, *, rules_folders: Sequence[Path] | None = None, seed: int | None = None,
                 characters: Sequence[Any] | None = None, locks: dict[str, str] | None = None,
                 laid: LaidTable | None = None) -> None:
        """`locks` (what the campaign still keeps locked, with the venue that unlocks each) defaults to the
        shipped road's against what the player has unlocked; `laid` is a table to start from (Change table)."""
        super().__init__(app)
        self.locks = locks if locks is not None else campaign_locks(app.unlocked())
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.rng = random.Random(self.seed)
        if rules_folders is None:
            rules_folders = [RULES_DIR, app.data_dir / "rules"]
        self.rules_folders = list(rules_folders)
        self.entries = read_rules_files(self.rules_folders, app.notices.tell)
        self.characters = list(characters) if characters is not None else load_opponents()
        self.rules_index: int | None
        self.chosen: list[int]  # indexes into self.characters, in seat order
        self.strength: int | None  # None: the player's own choice
        self.rules_index, self.players, self.chosen, self.strength = default_choices(
            self.entries, self.characters, self.rules_lock, self.character_lock)
        self.length = 0
        self.deals_index = 0
        self.minutes_index = MINUTE_CHOICES.index(20)
        self._reset_length()
        self.rules_scroll = 0
        self.focused_character = 0
        self.flash = ""
        self.flash_time = 0.0
        self.form = Form()
        self.detail = DetailBox()  # the rules file's note, scrolled by the wheel when long
        self.kept_free: dict[str, Any] | None = None  # the free game left mid-session, read as the scene opens
        self.notes: list[str] = []  # said one after another under the panels
        self.offer_button: Button | None = None  # optional following, offered on a table with little to do
        self.charms = CharmChoice(known=shipped_charms())  # nobody holds one unless the player (or last table) says
        if laid is not None:  # Change table: this table, not the one remembered
            lay_again(self, laid, LENGTHS, DEAL_CHOICES, MINUTE_CHOICES)
        else:
            self._recall()
        self._restrength()

    def _recall(self) -> None:
        """Open with the last table started, as far as it can still be chosen; say what could not be."""
        last = remembered(self.app.data_dir, self.app.notices.tell)
        if last is not None:
            self.charms.recall(last.charms, last.charm)
            found = recall(last, self.entries, self.rules_folders, self.characters, self.rules_lock,
                           self.character_lock)
            if found.rules_index is not None:
                self.rules_index = found.rules_index
            self.players, self.chosen = found.players, list(found.chosen)
            self.length, self.deals_index, self.minutes_index = found.length, found.deals_index, found.minutes_index
            self.notes = list(found.notes)
            self.strength = strength_index(found.strength)

    # --- state ------------------------------------------------------------------------------------

    def character_lock(self, index: int) -> str:
        """The venue that unlocks character `index`, or "" when it can be seated."""
        return self.locks.get(f"character:{self.characters[index].id}", "")

    def rules_lock(self, index: int) -> str:
        """The venue that unlocks rules file `index` (only the shipped files can be locked), or ""."""
        path = self.entries[index].path
        return self.locks.get(f"rules:{path.stem}", "") if path.parent == RULES_DIR else ""

    def seatable(self) -> list[int]:
        """The characters that can be seated (not locked)."""
        return [i for i in range(len(self.characters)) if not self.character_lock(i)]

    @property
    def rules(self) -> RuleSet | None:
        """The chosen rules file's rules."""
        return self.entries[self.rules_index].rules if self.rules_index is not None else None

    def _reset_length(self) -> None:
        """Take the length the chosen rules file sets."""
        self.length, self.deals_index = file_length(self.rules)

    def session_rules(self) -> tuple[RuleSet | None, float | None, str]:
        """The rules to play (with the chosen length and players), the time limit, and why not if impossible."""
        if self.rules is not None and not self.characters:
            return None, None, tr("new_game.no_characters")
        return session_rules(self.rules, self.players, (self.length, self.deals_index, self.minutes_index))

    def seats(self) -> list[tuple[str, Any]]:
        """The table: the human first, then the chosen characters, empty seats filled at the table's strength (at
        random when it is the player's own choice)."""
        picked = fill_seats(self.chosen, self.characters, self.seatable(), self.players - 1, self.rng, self.strength)
        return [(HUMAN_NAME, None)] + [(self.characters[i].name, self.characters[i]) for i in picked]

    # --- actions ----------------------------------------------------------------------------------

    def toggle(self, index: int) -> None:
        """Seat or unseat character `index`."""
        self.focused_character = index
        venue = self.character_lock(index)
        if venue and index not in self.chosen:
            self.say(tr("new_game.character_locked", name=seat_name(self.characters[index]), venue=venue))
        elif index in self.chosen:
            self.chosen.remove(index)
        elif len(self.chosen) < self.players - 1:
            self.chosen.append(index)
        else:
            self.say(trn("new_game.table_full", self.players - 1))
        self._restrength()
        self._build()

    def random_table(self) -> None:
        """Seat a random set of opponents: at the table's strength when it has one."""
        self.chosen = random_opponents(self.strength, self.characters, self.seatable(), self.players - 1, self.rng)
        self._build()

    def choose_strength(self, strength: int | None) -> None:
        """Seat a table of `strength` (keeping the seated characters that fit it); None: the player's own choice."""
        self.strength = strength
        if strength is not None:
            self.chosen = seat_strength(strength, self.characters, self.seatable(), self.players - 1, self.rng,
                                        keep=self.chosen)
            if not band_free(strength, self.characters, self.seatable()):
                self.say(tr("new_game.strength_locked", strength=strength_words(strength)))
        self._build()

    def _restrength(self) -> None:
        """The strength the seated characters still make, or the player's own choice."""
        self.strength = strength_of(self.chosen, self.characters, self.seatable(), self.players - 1, self.strength)

    def choose_rules(self, index: int) -> None:
        """Choose rules file `index`, if it loads."""
        entry = self.entries[index]
        if entry.rules is None:
            self.say(tr("new_game.rules_broken", file=entry.path.name))
            return
        venue = self.rules_lock(index)
        if venue:
            self.say(tr("new_game.rules_locked", rules=entry.title, venue=venue))
            return
        self.rules_index = index
        self._reset_length()
        self._build()

    def offer(self) -> int | None:
        """The optional-following file to offer when the table leaves the player little to do, else None."""
        return offered(self.entries, self.rules_lock) if leaves_little(self.rules, self.players) else None

    def take_offer(self) -> None:
        """The same seats, the same length, under optional following."""
        index = self.offer()
        if index is not None:
            self.rules_index = index
            self.rules_scroll = min(max(self.rules_scroll, index - RULES_ROWS + 1), index)
            self._build()
            self.form.focus_on(self.form.controls[-1])  # Start, where the offer was

    def say(self, message: str) -> None:
        """A short note under the panels for a few seconds."""
        self.flash = message
        self.flash_time = 4.0

    def _set_players(self, index: int) -> None:
        self.players = MIN_PLAYERS + index
        del self.chosen[self.players - 1:]
        if self.strength is not None:  # the seats a bigger table adds are taken at its strength
            self.chosen = seat_strength(self.strength, self.characters, self.seatable(), self.players - 1, self.rng,
                                        keep=self.chosen)
        self._build()

    def _set_length(self, index: int) -> None:
        self.length = index
        self._build()

    def _set_amount(self, index: int) -> None:
        if LENGTHS[self.length] == "time":
            self.minutes_index = index
        else:
            self.deals_index = index

    def _set_speed(self, index: int) -> None:
        self.app.change_settings(dataclasses.replace(self.app.settings, animation_speed=ANIMATION_SPEEDS[index]))

    def start(self) -> None:
        """Start the session, after asking if it would replace a kept one."""
        rules, _, problem = self.session_rules()
        if rules is None:
            self.say(problem)
            return
        kept = load_resume(self.app.data_dir, FREE)  # a file that cannot be used is kept aside here, and said
        self.app.notices.tell(kept.message)
        if kept.snapshot is not None or kept.replacing:
            detail = tr("new_game.replace_detail") if kept.snapshot is not None else kept.replacing
            self.app.scenes.push("confirm", question=tr("new_game.replace_title"), detail=detail,
                                 yes=tr("new_game.replace_yes"), no=tr("new_game.replace_no"), on_yes=self._start_now)
            return
        self._start_now()

    def _start_now(self) -> None:
        rules, limit, _ = self.session_rules()
        if rules is None or self.rules_index is None:
            return
        problem = save_last_table(self.app.data_dir, table_to_remember(
            self.players, self.chosen, self.characters, self.entries[self.rules_index], self.rules_folders[0],
            (self.length, self.deals_index, self.minutes_index),
            STRENGTH_IDS[self.strength] if self.strength is not None else "", (self.charms.mode_id, self.charms.charm)))
        self.app.notices.tell(problem)  # the table starts all the same: only the next New game's choices are lost
        seats = self.seats()
        self.app.scenes.clear_to("table", rules=rules, seats=seats, seed=self.seed, time_limit_s=limit,
                                 charms=seat_charms(self.charms, seats, self.seed, rules))

    def continue_kept(self) -> None:
        """Sit down again at the free game left mid-session, exactly as it stood."""
        problem = sit_at_kept(self.app, FREE)
        if problem is not None:
            self.say(problem)
            self.enter()

    # --- the stack, input and time ------------------------------------------------------------------

    def enter(self) -> None:
        """Lay out the controls, with Continue when a free game was left mid-session (read once, here)."""
        self.kept_free = load_resume(self.app.data_dir, FREE).snapshot
        self._build()

    def resume(self) -> None:
        """Lay out the controls again (a question over them has gone)."""
        self._build()

    def relabel(self) -> None:
        """Lay the controls out again in the current language (the rules files' names with them)."""
        self.flash = ""
        self.flash_time = 0.0
        self.reread(self.entries[self.rules_index].path if self.rules_index is not None else None)

    def reread(self, chosen: Path | None) -> None:
        """Read the rules files again (the loader words a broken file's problems anew) and choose `chosen`."""
        self.entries = read_rules_files(self.rules_folders, self.app.notices.tell)
        paths = [entry.path for entry in self.entries]
        if chosen in paths and self.entries[paths.index(chosen)].rules is not None:
            self.rules_index = paths.index(chosen)
            self.rules_scroll = min(max(self.rules_scroll, self.rules_index - RULES_ROWS + 1), self.rules_index)
        self.rules_scroll = min(self.rules_scroll, max(0, len(self.entries) - RULES_ROWS))
        self._build()

    def edit_rules(self) -> None:
        """The rules editor, from the chosen rules file; a file saved there is listed here and chosen."""
        chosen = self.entries[self.rules_index].path if self.rules_index is not None else None
        locked = [entry.path for index, entry in enumerate(self.entries) if self.rules_lock(index)]
        self.app.scenes.push("rules_editor", folders=self.rules_folders, save_folder=self.app.data_dir / "rules",
                             start=chosen, on_saved=self.reread, locked=locked)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; the rules list scrolls at its edges; the form does the rest."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
        mouse = self.app.window.mouse_pos()
        scroll = scrolled(event, self.app.text, self._rules_area(), (self.rules_scroll, RULES_ROWS, len(self.entries)),
                          self._rules_slot(), mouse)
        if scroll is not None:
            self.rules_scroll = scroll
            self._build()
            return
        if self.detail.handle_event(event, detail_rect(self._rules_area(), RIGHT).collidepoint(mouse)):
            return  # a long note scrolls under the mouse, or by PgUp/PgDn
        self.form.handle_event(event)
        focused = self.form.focused
        index = getattr(focused, "character", None)
        if isinstance(index, int):
            self.focused_character = index

    def update(self, dt: float) -> None:
        """Let a note fade, and say the next one waiting."""
        if self.flash_time > 0:
            self.flash_time = max(0.0, self.flash_time - dt)
        elif self.notes:
            self.say(self.notes.pop(0))
            self.flash_time = 6.0  # a longer sentence than a note's few words

    def _rules_slot(self) -> int | None:
        """Which visible row of the rules list has the focus, if one does."""
        focused = self.form.focused
        slot = getattr(focused, "rules_slot", None)
        return slot if isinstance(slot, int) else None

    # --- layout -----------------------------------------------------------------------------------

    def _grid(self) -> tuple[int, int, int]:
        """The character tiles' width, height and row count."""
        tiles = len(self.characters) + 1
        rows = max(1, -(-tiles // GRID_COLUMNS))
        height = min(138, (GRID_ROOM - (rows - 1) * 10) // rows)
        width = (LEFT.width - 40 - (GRID_COLUMNS - 1) * 10) // GRID_COLUMNS
        return width, height, rows

    def _rules_area(self) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 20, RIGHT.y + 272, RIGHT.width - 40, RULES_ROWS * RULES_PITCH)

    def _build(self) -> None:
        controls: list[Any] = []
        width, height, rows = self._grid()
        for slot in range(len(self.characters) + 1):
            column, row = slot % GRID_COLUMNS, slot // GRID_COLUMNS
            rect = pygame.Rect(LEFT.x + 20 + column * (width + 10), LEFT.y + GRID_TOP + row * (height + 10), width,
                               height)
            if slot < len(self.characters):
                tile = Tile(rect, partial(self.toggle, slot), self._character_painter(slot))
                tile.character = slot  # type: ignore[attr-defined]
            else:
                tile = Tile(rect, self.random_table, self._paint_random, hotkey=pygame.K_r,
                            tooltip=tr("new_game.random_tip"))
            controls.append(tile)
        controls += charm_rows(pygame.Rect(LEFT.x + 20, LEFT.y + GRID_TOP + rows * (height + 10) + 2, LEFT.width - 40,
                                           CHARMS_ROW), self.charms, self._build)
        strengths = [strength_words(i) for i in range(len(STRENGTH_IDS))] + [strength_words(None)]
        controls.append(Choice(pygame.Rect(LEFT.x + 20, LEFT.y + 48, LEFT.width - 40, 40),
                               tr("new_game.strength_label"),
                               strengths, len(STRENGTH_IDS) if self.strength is None else self.strength,
                               lambda i: self.choose_strength(i if i < len(STRENGTH_IDS) else None), wrap=False,
                               tooltip=tr("new_game.strength_tip"), value_width=(LEFT.width - 40) * 3 // 5))
        x, y, w = RIGHT.x + 20, RIGHT.y + 46, RIGHT.width - 40
        row_h = 44
        values = max(w // 2 - 8, w - label_width(self.app.text) - 40)  # the value boxes take what the labels leave
        controls.append(Choice(pygame.Rect(x, y, w, row_h), tr("new_game.players"),
                               [trn("new_game.players_value", n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                               self.players - MIN_PLAYERS, self._set_players, wrap=False,
                               tooltip=tr("new_game.players_tip"), value_width=values))
        controls += length_rows(pygame.Rect(x, y + 48, w, row_h), 48, values,
                                (self.length, self.deals_index, self.minutes_index), self._set_length, self._set_amount)
        controls.append(Choice(pygame.Rect(x, y + 144, w, row_h), tr("new_game.animation"), speed_names(),
                               ANIMATION_SPEEDS.index(self.app.settings.animation_speed), self._set_speed, wrap=False,
                               tooltip=tr("new_game.animation_tip"), value_width=values))
        area = self._rules_area()
        for slot in range(min(RULES_ROWS, len(self.entries))):
            index = self.rules_scroll + slot
            rect = pygame.Rect(area.x, area.y + slot * RULES_PITCH, area.width, RULES_PITCH - 2)
            tile = Tile(rect, partial(self.choose_rules, index), self._rules_painter(index))
            tile.rules_slot = slot  # type: ignore[attr-defined]
            controls.append(tile)
        controls.append(edit_rules_button(self.app.text, area, self.edit_rules, (len(self.entries), RULES_ROWS)))
        offer = self.offer()
        self.offer_button = None if offer is None else offer_button(
            self.app.text, self.players, self.take_offer, self.entries[offer].title)
        rules, _, problem = self.session_rules()
        kept = None if self.kept_free is None else (self.continue_kept, describe_snapshot(self.kept_free))
        buttons = bottom_row(self.app.text, RIGHT, self.back, (self.start, rules is not None, problem), kept)
        controls += buttons + ([self.offer_button] if self.offer_button is not None else [])  # last: it comes and goes
        if not self.form.controls:
            self.form.set(controls, keep_focus=False)
            self.form.focus_on(buttons[-1])  # Start: a player in a hurry needs one key
        else:
            self.form.set(controls)

    # --- drawing ----------------------------------------------------------------------------------

    def _character_painter(self, index: int) -> Callable[[Canvas, pygame.Rect, bool, bool], None]:
        def paint(surface: Canvas, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
            seat = self.chosen.index(index) + 1 if index in self.chosen else None
            paint_character(surface, rect, self.app.text, self.characters[index], focused or hovered, focused,
                            seat, locked=bool(self.character_lock(index)))
        return paint

    def _paint_random(self, surface: Canvas, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        paint_random(surface, rect, self.app.text, focused or hovered, focused)

    def _rules_painter(self, index: int) -> Callable[[Canvas, pygame.Rect, bool, bool], None]:
        def paint(surface: Canvas, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
            paint_rules_row(surface, rect, self.app.text, self.entries[index], focused or hovered, focused,
                            chosen=index == self.rules_index, locked=bool(self.rules_lock(index)))
        return paint

    def draw(self, surface: Canvas) -> None:
        """The two panels: who plays, and how."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("new_game.heading"), tr("new_game.subtitle"), y=12, below=LEFT.y - 2)
        draw_panel(surface, LEFT)
        draw_panel(surface, RIGHT)
        draw_opponents_heading(surface, text, LEFT, len(self.chosen), self.players - 1, self.strength is not None)
        text.draw(surface, tr("new_game.table"), (RIGHT.x + 22, RIGHT.y + 14), role="title", size=24,
                  colour=theme.GOLD, max_width=RIGHT.width - 44)
        area = self._rules_area()
        draw_rules_heading(surface, text, area, (self.rules_scroll, RULES_ROWS, len(self.entries)))
        if not self.entries:
            text.draw(surface, tr("new_game.no_rules_files", folder=RULES_DIR), area.topleft, role="body", size=16,
                      colour=theme.RED_TEXT, max_width=area.width, min_size=11)
        self._draw_bio(surface)
        self._draw_rules_detail(surface)
        # none over a question, nor over the heading of the box under the tiles (the character's or charm's name);
        # Edit rules' note (nothing beside it is free) over the rules file's note, not Animation
        self.form.draw(surface, text, tooltips=self.app.scenes.top is self, spare=self.note_spare(),
                       avoid=self.note_avoid())
        slot = self._rules_slot()
        if slot is not None and self.entries[self.rules_scroll + slot].rules is None:
            area = self._rules_area()
            draw_problems(surface, self.app.text, self.entries[self.rules_scroll + slot],
                          pygame.Rect(RIGHT.x + 10, RIGHT.y + 10, RIGHT.width - 20, area.y - 36 - RIGHT.y - 10))
        offer = self.offer_button.rect if self.offer_button is not None else None
        if self.flash_time > 0 and self.flash:  # beside the offer, which stays to be pressed
            draw_flash(surface, text, self.flash, LEFT.bottom + 2, offer.x - 8 if offer is not None else 1280)
        elif offer is not None:
            draw_word(surface, text, offer, self.players)
        else:
            hint_bar(surface, text, tr("new_game.hint_scroll" if self.detail.most else "new_game.hint"))

    def bio_box(self) -> pygame.Rect:
        """The box under the tiles and the charms' row: the focused character's bio, or the player's charm."""
        _, height, rows = self._grid()
        top = LEFT.y + GRID_TOP + rows * (height + 10) + CHARMS_ROW + 10
        return pygame.Rect(LEFT.x + 20, top, LEFT.width - 40, LEFT.bottom - 16 - top)

    def note_avoid(self) -> list[pygame.Rect]:
        """What a tooltip must never cover: the heading of the box under the tiles (a name, or a charm's)."""
        box = self.bio_box()
        return [pygame.Rect(box.x, box.y, box.width, 14 + self.app.text.line_height("title", 24) + 4)]

    def note_spare(self) -> list[pygame.Rect]:
        """Room a tooltip may take when nothing beside its control is clear: the rules file's note."""
        return [detail_rect(self._rules_area(), RIGHT)]

    def note_box(self, index: int) -> pygame.Rect | None:
        """Where control `index`'s tooltip stands, as drawn."""
        return self.form.note_box(self.app.text, pygame.Rect(0, 0, 1280, 720), index,
                                  avoid=self.note_avoid(), spare=self.note_spare())

    def _draw_bio(self, surface: Canvas) -> None:
        """The focused (else the last seated) character: portrait, name, bio."""
        if not self.characters:
            self.app.text.draw(surface, tr("new_game.no_characters"), (LEFT.x + 24, LEFT.bottom - 150), role="body",
                               size=16, colour=theme.RED_TEXT, max_width=LEFT.width - 48, min_size=11)
            return
        box = self.bio_box()
        if draw_charm_card(surface, self.app.text, self.charms, self.form.focused, box, self.session_rules()[0]):
            return
        index = min(self.focused_character, len(self.characters) - 1)
        draw_bio(surface, self.app.text, self.characters[index], self.character_lock(index), box,
                 guests=self.players - 1 - len(self.seatable()))

    def _draw_rules_detail(self, surface: Canvas) -> None:
        """The focused (else the chosen) rules file: its description, or its problem lines."""
        slot = self._rules_slot()
        index = self.rules_scroll + slot if slot is not None else self.rules_index
        entry = self.entries[index] if index is not None and index < len(self.entries) else None
        self.detail.draw(surface, self.app.text, entry, detail_rect(self._rules_area(), RIGHT))
