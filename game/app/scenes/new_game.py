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

from ...ai.seats import HUMAN_NAME
from ...config import RULES_DIR
from ...config.rules_file import rules_problem_line
from ...engine.rules import MAX_PLAYERS, MIN_PLAYERS, RulesError, RuleSet
from ...locale import tr, trn
from ...locale.names import seat_name
from ...storage.last_table_file import LENGTHS, save_last_table
from ...storage.resume import FREE, load_resume
from ...storage.settings import ANIMATION_SPEEDS
from .. import paint, theme
from ..canvas import Canvas
from ..form import Choice, Form, Tile
from ..kept_words import describe_snapshot, sit_at_kept
from ..scene import Scene
from ..widgets import draw_panel
from .common import felt_backdrop, heading, hint_bar, speed_names
from .last_table import DEAL_CHOICES, LENGTH_KEYS, MINUTE_CHOICES, recall, remembered, table_to_remember
from .new_game_defaults import default_table
from .new_game_tiles import (
    bottom_row,
    draw_bio,
    draw_problems,
    edit_rules_button,
    label_width,
    paint_character,
    paint_random,
    paint_rules_row,
)
from .rules_detail_box import DetailBox, detail_rect
from .rules_list import draw_rules_heading, scroll_arrows
from .table_choices import LaidTable, campaign_locks, lay_again, load_opponents, read_rules_files
from .table_strength import fill_seats

if TYPE_CHECKING:
    from ..app import App

RULES_ROWS = 4
RULES_PITCH = 31
GRID_COLUMNS = 5

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
        table = default_table()
        usable = [i for i, entry in enumerate(self.entries) if entry.rules is not None and not self.rules_lock(i)]
        named = [i for i in usable if self.entries[i].path.stem == table.rules]
        self.rules_index: int | None = (named or usable)[0] if usable else None
        self.players = table.players
        ids = [character.id for character in self.characters]
        self.chosen = [ids.index(wanted) for wanted in table.opponents  # indexes into self.characters, seat order
                       if wanted in ids and not self.character_lock(ids.index(wanted))][:self.players - 1]
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
        if laid is not None:  # Change table: this table, not the one remembered
            lay_again(self, laid, LENGTHS, DEAL_CHOICES, MINUTE_CHOICES)
        else:
            self._recall()

    def _recall(self) -> None:
        """Open with the last table started, as far as it can still be chosen; say what could not be."""
        last = remembered(self.app.data_dir, self.app.notices.tell)
        if last is not None:
            found = recall(last, self.entries, self.rules_folders, self.characters, self.rules_lock,
                           self.character_lock)
            if found.rules_index is not None:
                self.rules_index = found.rules_index
            self.players, self.chosen = found.players, list(found.chosen)
            self.length, self.deals_index, self.minutes_index = found.length, found.deals_index, found.minutes_index
            self.notes = list(found.notes)

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
        rules = self.rules
        if rules is None or rules.deals is None:
            self.length = 1
            self.deals_index = DEAL_CHOICES.index(10)
        else:
            self.length = 0
            deals = rules.deals
            self.deals_index = min(range(len(DEAL_CHOICES)), key=lambda i: abs(DEAL_CHOICES[i] - deals))

    def session_rules(self) -> tuple[RuleSet | None, float | None, str]:
        """The rules to play (with the chosen length and players), the time limit, and why not if impossible."""
        rules = self.rules
        if rules is None:
            return None, None, tr("new_game.no_rules")
        if not self.characters:
            return None, None, tr("new_game.no_characters")
        mode = LENGTHS[self.length]
        deals: int | None = DEAL_CHOICES[self.deals_index] if mode == "deals" else None
        limit = MINUTE_CHOICES[self.minutes_index] * 60.0 if mode == "time" else None
        try:
            chosen = dataclasses.replace(rules, players=self.players, deals=deals)
        except RulesError as error:
            if mode == "time":  # no open-ended play under these rules: the file's own limit backs up the clock
                try:
                    return dataclasses.replace(rules, players=self.players), limit, ""
                except RulesError:
                    pass
            return None, None, "; ".join(str(rules_problem_line(problem)) for problem in error.problems)
        return chosen, limit, ""

    def seats(self) -> list[tuple[str, Any]]:
        """The table: the human first, then the chosen characters, empty seats filled at random."""
        picked = fill_seats(self.chosen, self.characters, self.seatable(), self.players - 1, self.rng, None)
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
        self._build()

    def random_table(self) -> None:
        """Seat a random set of opponents."""
        pool = self.seatable()
        self.chosen = self.rng.sample(pool, min(self.players - 1, len(pool)))
        self._build()

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

    def say(self, message: str) -> None:
        """A short note under the panels for a few seconds."""
        self.flash = message
        self.flash_time = 4.0

    def _set_players(self, index: int) -> None:
        self.players = MIN_PLAYERS + index
        del self.chosen[self.players - 1:]
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
            self.length, self.deals_index, self.minutes_index))
        self.app.notices.tell(problem)  # the table starts all the same: only the next New game's choices are lost
        self.app.scenes.clear_to("table", rules=rules, seats=self.seats(), seed=self.seed, time_limit_s=limit)

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
            slot = self._rules_slot()
            if slot is not None and event.key in (pygame.K_UP, pygame.K_DOWN):
                last = min(RULES_ROWS, len(self.entries)) - 1
                if event.key == pygame.K_UP and slot == 0 and self.rules_scroll > 0:
                    self.rules_scroll -= 1
                    self._build()
                    return
                if event.key == pygame.K_DOWN and slot == last and \
                        self.rules_scroll + RULES_ROWS < len(self.entries):
                    self.rules_scroll += 1
                    self._build()
                    return
        mouse = self.app.window.mouse_pos()
        if self.detail.handle_event(event, detail_rect(self._rules_area(), RIGHT).collidepoint(mouse)):
            return  # a long note scrolls under the mouse, or by PgUp/PgDn
        wheel = event.type == pygame.MOUSEWHEEL and self._rules_area().collidepoint(mouse)
        arrows = scroll_arrows(self.app.text, self._rules_area(), len(self.entries))
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and len(self.entries) > RULES_ROWS
        arrow = next((step for step, rect in zip((1, -1), arrows) if clicked and rect.collidepoint(event.pos)), 0)
        if wheel or arrow:
            most = max(0, len(self.entries) - RULES_ROWS)
            self.rules_scroll = max(0, min(most, self.rules_scroll - (event.y if wheel else arrow)))
            self._build()
            return
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
        height = min(138, (300 - (rows - 1) * 10) // rows)
        width = (LEFT.width - 40 - (GRID_COLUMNS - 1) * 10) // GRID_COLUMNS
        return width, height, rows

    def _rules_area(self) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 20, RIGHT.y + 272, RIGHT.width - 40, RULES_ROWS * RULES_PITCH)

    def _build(self) -> None:
        controls: list[Any] = []
        width, height, _ = self._grid()
        for slot in range(len(self.characters) + 1):
            column, row = slot % GRID_COLUMNS, slot // GRID_COLUMNS
            rect = pygame.Rect(LEFT.x + 20 + column * (width + 10), LEFT.y + 52 + row * (height + 10), width, height)
            if slot < len(self.characters):
                tile = Tile(rect, partial(self.toggle, slot), self._character_painter(slot))
                tile.character = slot  # type: ignore[attr-defined]
            else:
                tile = Tile(rect, self.random_table, self._paint_random, hotkey=pygame.K_r,
                            tooltip=tr("new_game.random_tip"))
            controls.append(tile)
        x, y, w = RIGHT.x + 20, RIGHT.y + 46, RIGHT.width - 40
        row_h = 44
        values = max(w // 2 - 8, w - label_width(self.app.text) - 40)  # the value boxes take what the labels leave
        controls.append(Choice(pygame.Rect(x, y, w, row_h), tr("new_game.players"),
                               [trn("new_game.players_value", n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                               self.players - MIN_PLAYERS, self._set_players, wrap=False,
                               tooltip=tr("new_game.players_tip"), value_width=values))
        controls.append(Choice(pygame.Rect(x, y + 48, w, row_h), tr("new_game.length_label"),
                               [tr(key) for key in LENGTH_KEYS], self.length, self._set_length,
                               tooltip=tr("new_game.length_tip"), value_width=values))
        mode = LENGTHS[self.length]
        if mode == "time":
            amount = Choice(pygame.Rect(x, y + 96, w, row_h), tr("new_game.minutes"),
                            [trn("new_game.minutes_value", m) for m in MINUTE_CHOICES],
                            self.minutes_index, self._set_amount, wrap=False, value_width=values)
        elif mode == "deals":
            amount = Choice(pygame.Rect(x, y + 96, w, row_h), tr("new_game.deals"),
                            [trn("new_game.deals_value", d) for d in DEAL_CHOICES], self.deals_index,
                            self._set_amount, wrap=False, value_width=values)
        else:
            amount = Choice(pygame.Rect(x, y + 96, w, row_h), tr("new_game.deals"), [tr("new_game.no_limit")], 0,
                            lambda i: None, enabled=False, value_width=values)
        controls.append(amount)
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
        rules, _, problem = self.session_rules()
        kept = None if self.kept_free is None else (self.continue_kept, describe_snapshot(self.kept_free))
        controls += bottom_row(self.app.text, RIGHT, self.back, (self.start, rules is not None, problem), kept)
        if not self.form.controls:
            self.form.set(controls, keep_focus=False)
            self.form.focus_on(controls[-1])  # Start: a player in a hurry needs one key
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
        title = text.draw(surface, tr("new_game.opponents"), (LEFT.x + 22, LEFT.y + 14), role="title", size=24,
                          colour=theme.GOLD, max_width=LEFT.width // 2 - 30)
        seated = len(self.chosen)
        needed = self.players - 1
        count = trn("new_game.seated", needed, seated=seated)
        if seated < needed:
            count += trn("new_game.at_random", needed - seated)
        text.draw(surface, count, (LEFT.right - 22, LEFT.y + 20), role="body", size=16, colour=theme.INK_DIM,
                  anchor="topright", max_width=LEFT.right - 22 - title.right - 16, min_size=12)
        text.draw(surface, tr("new_game.table"), (RIGHT.x + 22, RIGHT.y + 14), role="title", size=24,
                  colour=theme.GOLD, max_width=RIGHT.width - 44)
        area = self._rules_area()
        draw_rules_heading(surface, text, area, (self.rules_scroll, RULES_ROWS, len(self.entries)))
        if not self.entries:
            text.draw(surface, tr("new_game.no_rules_files", folder=RULES_DIR), area.topleft, role="body", size=16,
                      colour=theme.RED_TEXT, max_width=area.width, min_size=11)
        self._draw_bio(surface)
        self._draw_rules_detail(surface)
        # none over a question; Edit rules' note (nothing beside it is free) over the rules file's note, not Animation
        self.form.draw(surface, text, tooltips=self.app.scenes.top is self, spare=[detail_rect(area, RIGHT)])
        slot = self._rules_slot()
        if slot is not None and self.entries[self.rules_scroll + slot].rules is None:
            area = self._rules_area()
            draw_problems(surface, self.app.text, self.entries[self.rules_scroll + slot],
                          pygame.Rect(RIGHT.x + 10, RIGHT.y + 10, RIGHT.width - 20, area.y - 36 - RIGHT.y - 10))
        if self.flash_time > 0 and self.flash:
            label = text.fit(self.flash, "bold", text.fit_height("bold", 17, 28), theme.GOLD, 1180)
            box = label.get_rect(center=(640, 694)).inflate(24, 10)
            box.y = max(box.y, LEFT.bottom + 2)  # larger print grows down, clear of the panels
            paint.rect(surface, theme.PANEL, box, border_radius=10)
            paint.rect(surface, theme.GOLD, box, width=1, border_radius=10)
            surface.blit(label, label.get_rect(center=box.center))
        else:
            hint_bar(surface, text, tr("new_game.hint_scroll" if self.detail.most else "new_game.hint"))

    def _draw_bio(self, surface: Canvas) -> None:
        """The focused (else the last seated) character: portrait, name, bio."""
        if not self.characters:
            self.app.text.draw(surface, tr("new_game.no_characters"), (LEFT.x + 24, LEFT.bottom - 150), role="body",
                               size=16, colour=theme.RED_TEXT, max_width=LEFT.width - 48, min_size=11)
            return
        _, height, rows = self._grid()
        top = LEFT.y + 52 + rows * (height + 10) + 6
        index = min(self.focused_character, len(self.characters) - 1)
        draw_bio(surface, self.app.text, self.characters[index], self.character_lock(index),
                 pygame.Rect(LEFT.x + 20, top, LEFT.width - 40, LEFT.bottom - 16 - top),
                 guests=self.players - 1 - len(self.seatable()))

    def _draw_rules_detail(self, surface: Canvas) -> None:
        """The focused (else the chosen) rules file: its description, or its problem lines."""
        slot = self._rules_slot()
        index = self.rules_scroll + slot if slot is not None else self.rules_index
        entry = self.entries[index] if index is not None and index < len(self.entries) else None
        self.detail.draw(surface, self.app.text, entry, detail_rect(self._rules_area(), RIGHT))
