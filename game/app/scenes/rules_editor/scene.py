"""The rules editor, opened from New game: start from any rules file, change every setting with the form's
controls (numbers stepped within their range, choices cycled, flags toggled, text typed, cards picked from a deck
grid, combination piles named and filled), read How to play's summary of the result as it changes and the checker's
words beside a setting that is wrong, and save the rules as a new commented file in the data folder's rules/.

Its rows come from the declarations in game/engine/rules_keys.py, a control for each key by its kind, so a key
declared later gets its row without a change here; a key of a kind the editor has no control for is shown as
its file writes it, to be changed in the file.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.cards import Card
from ....engine.rules import RuleSet
from ....engine.rules_keys import FIRST_LEAD_DEFAULT, RULES_KEYS, RulesKey, written
from ....locale import tr
from ... import paint, theme
from ...canvas import Canvas
from ...editor_widgets import BIG_STEP, Stepper, TextField
from ...form import Choice, Control, Form, Tile, Toggle, _draw_row
from ...scene import Scene
from ...tooltips import draw_tooltip
from ...widgets import Button, button_width, draw_panel, draw_scrollbar
from ..common import felt_backdrop, heading, hint_bar
from ..new_game.table_choices import RulesEntry, read_rules_files
from ..rules_lines import rules_summary
from .deck import PICKER, card_tiles, draw_picker
from .model import EDITABLE, GENERAL, RulesDraft, choice_label, key_label, value_words
from .piles import PileActions, draw_pile_notes, pile_controls
from .save import save_draft, unless_unsaved

if TYPE_CHECKING:
    from ...app import App

LEFT = pygame.Rect(40, 104, 720, 520)
RIGHT = pygame.Rect(780, 104, 460, 520)
ROWS = pygame.Rect(LEFT.x + 16, LEFT.y + 66, LEFT.width - 32, LEFT.height - 78)
ROW_H, ROW_GAP, PROBLEM_H = 36, 4, 20
HIDDEN = pygame.Rect(-4000, -4000, 10, 10)  # a row scrolled out of view: no click nor arrow reaches it
BOTTOM_Y = 640
SUMMARY_SIZES = (16, 15, 14, 13, 12)


class RulesEditorScene(Scene):
    """Make rules from a rules file's; Esc goes back to New game (or closes the deck grid)."""

    def __init__(self, app: App, *, folders: Sequence[Path], save_folder: Path, start: Path | None = None,
                 on_saved: Callable[[Path], None] | None = None, locked: Collection[Path] = ()) -> None:
        """`folders` hold the rules files to start from (`start` first chosen; the `locked` ones, which the
        campaign still keeps, are not offered); saving writes to `save_folder` and tells `on_saved` the file."""
        super().__init__(app)
        self.folders = list(folders)
        self.folder = save_folder
        self.on_saved = on_saved
        self.entries: list[RulesEntry] = [entry for entry in read_rules_files(self.folders)
                                        if entry.rules and entry.path not in locked]
        paths = [entry.path for entry in self.entries]
        self.start_index = paths.index(start) if start in paths else 0
        rules = self.entries[self.start_index].rules if self.entries else None
        self.draft = RulesDraft.of(rules or RuleSet())
        self.saved_values = dict(self.draft.values)  # as opened or last saved: leaving asks when they differ
        self.stem = self._default_stem()
        self.form = Form()
        self.picking: RulesKey | None = None
        self.pile: int | None = None  # R30: the combination whose cards the deck grid picks
        self.scroll = 0
        self.flash = ""
        self.flash_time = 0.0
        self.clock = 0.0
        self.row_keys: list[str] = []  # the dotted key of each row, in the form's order after its first control

    def _default_stem(self) -> str:
        """The file name offered: "my_" and the starting file's."""
        return f"my_{self.entries[self.start_index].path.stem}" if self.entries else "my_rules"

    # --- changes ------------------------------------------------------------------------------------------

    def start_from(self, index: int) -> None:
        """Start again from rules file `index`, once the player agrees to lose the changes not saved."""
        rules = self.entries[index].rules
        if rules is None or index == self.start_index:
            return

        def start() -> None:
            self.start_index = index
            self.draft = RulesDraft.of(rules)
            self.saved_values = dict(self.draft.values)
            self.stem = self._default_stem()
            self._build()
        unless_unsaved(self, start)
        self._build()  # the row shows the file still in use until the player agrees

    def change(self, name: str, value: Any) -> None:
        """Set one setting, and lay the rows out again (a problem line may come or go)."""
        self.draft.set(name, value)
        self._build()

    def pick(self, card: Card) -> None:
        """A card picked in the deck grid: in or out of a list of cards, or the card that leads first."""
        key = self.picking
        if key is None:
            return
        if key.kind == "cards":
            self.draft.toggle_card(key.name, card)
            self._build()
        elif key.kind == "combos":
            if self.pile is not None:
                self.draft.toggle_pile_card(key.name, self.pile, card)
                self._build()
        else:
            self.draft.set(key.name, str(card))
            self.close_picker()

    def open_picker(self, key: RulesKey) -> None:
        """Show the deck grid for a setting of cards."""
        self.picking = key
        self.form.set([], keep_focus=False)
        self._build()

    def close_picker(self) -> None:
        """Back to the rows, the focus on the setting picked for (from a pile's cards, back to the piles)."""
        key = self.picking
        if key is not None and key.kind == "combos" and self.pile is not None:
            pile, self.pile = self.pile, None
            self.form.set([], keep_focus=False)
            self._build()
            self.form.focus = 3 * pile + 1
            return
        self.picking = None
        self.form.set([], keep_focus=False)
        self._build()
        if key is not None and key.name in self.row_keys:
            self.form.focus = 1 + self.row_keys.index(key.name)

    def _pile_actions(self, name: str) -> PileActions:
        """R30: what the piles panel's controls do to the draft."""
        def add() -> None:
            self.draft.add_pile(name, tr("rules_editor.pile_default", number=len(self.draft.piles(name)) + 1))
            self._build()
            self.form.focus = 3 * (len(self.draft.piles(name)) - 1)

        def remove(index: int) -> None:
            self.draft.remove_pile(name, index)
            self._build()

        def pick_cards(index: int) -> None:
            self.pile = index
            self.form.set([], keep_focus=False)
            self._build()

        return PileActions(rename=lambda index, words: self.draft.rename_pile(name, index, words),
                           pick_cards=pick_cards, remove=remove, add=add, done=self.close_picker)

    def say(self, message: str) -> None:
        """A short note under the panels for a few seconds."""
        self.flash = message
        self.flash_time = 5.0

    # --- saving ---------------------------------------------------------------------------------------------

    def save(self) -> None:
        """Save under the typed file name, once nothing is wrong; ask before replacing a file."""
        save_draft(self)

    def unsaved(self) -> bool:
        """Settings changed since the editor opened on them or saved them."""
        return self.draft.values != self.saved_values

    def keep(self) -> str | None:
        """Quitting: the changes are not kept (the game asks first, with these words)."""
        return tr("rules_editor.not_kept") if self.unsaved() else None

    def back(self) -> None:
        """Back to New game, once the player agrees to lose the changes not saved."""
        unless_unsaved(self, super().back)

    # --- the stack, input and time --------------------------------------------------------------------------

    def enter(self) -> None:
        """Lay out the rows."""
        self._build()

    def resume(self) -> None:
        """Lay the rows out again (a question over them has gone)."""
        self._build()

    def relabel(self) -> None:
        """The rows in the new language."""
        self._build()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc closes the deck grid or goes back; typing goes to a focused text row; the form does the rest."""
        focused = self.form.focused
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.picking is not None:
                    self.close_picker()
                else:
                    self.back()
                return
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.save()
                return
            if isinstance(focused, TextField) and event.key == pygame.K_BACKSPACE:
                focused.erase()
                return
            if isinstance(focused, Stepper) and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                focused.adjust(BIG_STEP if event.key == pygame.K_PAGEUP else -BIG_STEP)
                return
            if self.picking is None and event.key in (pygame.K_UP, pygame.K_DOWN) and self._row_step(event.key):
                return
        if event.type == pygame.TEXTINPUT:
            if isinstance(focused, TextField):
                focused.add_text(event.text)
            return
        if event.type == pygame.MOUSEWHEEL and self.picking is None and \
                ROWS.collidepoint(self.app.window.mouse_pos()):
            self.scroll = max(0, min(self._most_scroll(), self.scroll - event.y * (ROW_H + ROW_GAP)))
            self._build()
            return
        self.form.handle_event(event)
        if self.picking is None:
            self._keep_in_view()

    def _row_step(self, key: int) -> bool:
        """Up or Down from a row to the row before or after it (scrolled into view); False at the list's ends."""
        row = self.form.focus - 1
        if not 0 <= row < len(self.row_keys):
            return False
        there = row + (1 if key == pygame.K_DOWN else -1)
        if not 0 <= there < len(self.row_keys):
            return False
        self.form.focus = 1 + there
        self.form.keyboard = True
        self._keep_in_view()
        return True

    def update(self, dt: float) -> None:
        """The caret blinks; a note fades."""
        self.clock += dt
        self.flash_time = max(0.0, self.flash_time - dt)

    # --- layout ---------------------------------------------------------------------------------------------

    def _row_tops(self) -> list[int]:
        """Each row's top within the whole list (a row with a problem has its line under it)."""
        problems = self.draft.problems()
        tops, y = [], 0
        for name in self.row_keys:
            tops.append(y)
            y += ROW_H + ROW_GAP + (PROBLEM_H if name in problems else 0)
        tops.append(y)
        return tops

    def _most_scroll(self) -> int:
        return max(0, self._row_tops()[-1] - ROWS.height)

    def _keep_in_view(self) -> None:
        """Scroll so the focused row shows whole."""
        row = self.form.focus - 1
        if not 0 <= row < len(self.row_keys):
            return
        tops = self._row_tops()
        scroll = min(self.scroll, tops[row])
        scroll = max(scroll, tops[row + 1] - ROW_GAP - ROWS.height)
        if scroll != self.scroll:
            self.scroll = scroll
            self._build()

    def _build(self) -> None:
        if self.picking is not None:
            self._build_picker()
            return
        self.row_keys = [key.name for key in RULES_KEYS]
        self.scroll = min(self.scroll, self._most_scroll())
        tops = self._row_tops()
        rows: list[Control] = []
        for key, top in zip(RULES_KEYS, tops):
            row = self._row(key)
            y = ROWS.y + top - self.scroll
            row.rect = pygame.Rect(ROWS.x, y, ROWS.width, ROW_H) if ROWS.y <= y and y + ROW_H <= ROWS.bottom \
                else HIDDEN
            rows.append(row)
        titles = [entry.title for entry in self.entries]
        start = Choice(pygame.Rect(LEFT.x + 16, LEFT.y + 14, LEFT.width - 32, 42), tr("rules_editor.start_from"),
                       titles, self.start_index, self.start_from, wrap=False, tooltip=tr("rules_editor.start_tip"),
                       enabled=bool(titles))
        back, save = tr("rules_editor.back"), tr("rules_editor.save")
        back_w = button_width(self.app.text, back, 22, minimum=150)
        save_w = button_width(self.app.text, save, 22, minimum=200)
        name = TextField(pygame.Rect(LEFT.x + back_w + 24, BOTTOM_Y, RIGHT.right - save_w - 24 - LEFT.x - back_w
                                     - 24, 48), label=tr("rules_editor.file_name"), value=self.stem,
                         on_text=self._set_stem, limit=40, tooltip=tr("rules_editor.file_name_tip"),
                         blink=int(self.clock * 2) % 2 == 0)
        self.name_field = name
        controls: list[Control] = [start, *rows,
                                   Button(pygame.Rect(LEFT.x, BOTTOM_Y, back_w, 48), back, self.back,
                                          tooltip=tr("rules_editor.back_tip")),
                                   name,
                                   Button(pygame.Rect(RIGHT.right - save_w, BOTTOM_Y, save_w, 48), save, self.save,
                                          tooltip=tr("rules_editor.save_tip"), enabled=self.draft.rules() is not None)]
        first = not self.form.controls
        self.form.set(controls)
        if first:
            self.form.focus = 1

    def _set_stem(self, stem: str) -> None:
        self.stem = stem

    def _row(self, key: RulesKey) -> Control:
        """The control of one setting, by its kind."""
        label, value = key_label(key), self.draft.values[key.name]
        if key.kind == "whole":
            return Stepper(HIDDEN, label, value=value, low=key.low, high=key.high, or_null=key.or_null,
                           null_word=tr("rules_editor.no_limit"), on_value=self._changer(key.name))
        if key.kind == "flag":
            return Toggle(HIDDEN, label, bool(value), self._changer(key.name))
        if key.kind == "word":
            index = key.choices.index(value) if value in key.choices else 0
            return Choice(HIDDEN, label, [choice_label(word) for word in key.choices], index,
                          lambda i, key=key: self.change(key.name, key.choices[i]), wrap=False)  # type: ignore[misc]
        if key.kind == "line":
            tip = ""
            if key.name == "description":  # whose words it holds: the settings' (kept in step) or the player's
                label, tip = ((tr("rules_editor.description_own"), tr("rules_editor.description_own_tip"))
                              if self.draft.own_description else
                              (tr("rules_editor.description_told"), tr("rules_editor.description_told_tip")))
            return TextField(HIDDEN, label=label, value=value, on_text=self._changer(key.name),
                             blink=int(self.clock * 2) % 2 == 0, tooltip=tip)
        if key.kind in EDITABLE:  # cards and lead: the deck grid; combinations: the piles panel
            return Tile(HIDDEN, lambda key=key: self.open_picker(key), self._painter(key, label),  # type: ignore[misc]
                        tooltip=tr("rules_editor.piles_tip" if key.kind == "combos" else "rules_editor.pick_tip"))
        return Tile(HIDDEN, lambda: self.say(tr("rules_editor.read_only")), self._painter(key, label),
                    tooltip=tr("rules_editor.read_only"))

    def _changer(self, name: str) -> Callable[[Any], None]:
        return lambda value: self.change(name, value)

    def _painter(self, key: RulesKey, label: str) -> Callable[[Canvas, pygame.Rect, bool, bool], None]:
        def painted(surface: Canvas, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
            _draw_row(surface, self.app.text, rect, label, focused, hovered, True)
            area = pygame.Rect(rect.x + rect.width // 2, rect.y + 4, rect.width // 2 - 8, rect.height - 8)
            paint.rect(surface, (6, 20, 14), area, border_radius=8)
            self.app.text.draw(surface, value_words(self.draft, key), area.center, role="bold", size=17,
                               colour=theme.INK if key.kind in EDITABLE else theme.INK_DIM, anchor="center",
                               max_width=area.width - 20, min_size=11)
        return painted

    def _build_picker(self) -> None:
        key = self.picking
        assert key is not None
        if key.kind == "combos" and self.pile is None:
            first = not self.form.controls
            self.form.set(pile_controls(self.app.text, self.app.art, self.app.settings.four_colour_deck,
                                        self.draft.piles(key.name), self._pile_actions(key.name),
                                        int(self.clock * 2) % 2 == 0))
            if first:
                self.form.focus = 0
            return
        pile = self.pile
        chosen: Callable[[], tuple[Card, ...]] = (
            (lambda: self.draft.values[key.name]) if key.kind == "cards"
            else (lambda: self.draft.piles(key.name)[pile].cards) if key.kind == "combos" and pile is not None
            else (lambda: tuple(card for card in (self.draft.lead_card(key.name),) if card is not None)))
        controls: list[Control] = list(card_tiles(self.app.art, self.app.settings.four_colour_deck, chosen,
                                                  self.pick))
        done = tr("rules_editor.done")
        done_w = button_width(self.app.text, done, 22, minimum=160)
        y = PICKER.bottom - 64
        if key.kind == "lead":
            left = tr("rules_editor.dealer_left")
            left_w = button_width(self.app.text, left, 22, minimum=160)
            controls.append(Button(pygame.Rect(PICKER.right - 28 - done_w - 16 - left_w, y, left_w, 48), left,
                                   self._lead_left))
        controls.append(Button(pygame.Rect(PICKER.right - 28 - done_w, y, done_w, 48), done, self.close_picker))
        first = not self.form.controls
        self.form.set(controls)
        if first:
            self.form.focus = 0

    def _lead_left(self) -> None:
        if self.picking is not None:
            self.draft.set(self.picking.name, FIRST_LEAD_DEFAULT)
        self.close_picker()

    # --- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The rows, the summary of the rules they make, and the deck grid over them while picking."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("rules_editor.title"), tr("rules_editor.subtitle"), y=12,
                below=LEFT.y - 2 if self.picking is None else None)  # the deck grid lies higher than the panels
        draw_panel(surface, LEFT)
        if self.picking is None:  # under the deck grid, only its edge would show
            draw_panel(surface, RIGHT)
            self._draw_summary(surface)
        for control in self.form.controls:
            if isinstance(control, TextField):
                control.blink = int(self.clock * 2) % 2 == 0
        if self.picking is None:
            self._draw_rows(surface)
            self._draw_problems(surface)
        else:
            self._draw_picking(surface)
        if self.flash_time > 0 and self.flash:
            label = text.fit(self.flash, "bold", 17, theme.GOLD, 1180)
            box = label.get_rect(center=(640, 698)).inflate(24, 8)
            paint.rect(surface, theme.PANEL, box, border_radius=10)
            paint.rect(surface, theme.GOLD, box, width=1, border_radius=10)
            surface.blit(label, label.get_rect(center=box.center))
        else:
            piles = self.picking is not None and self.picking.kind == "combos" and self.pile is None
            hint_bar(surface, text, tr("rules_editor.hint_piles" if piles else "rules_editor.hint_picking"
                                       if self.picking else "rules_editor.hint"))

    def _draw_rows(self, surface: Canvas) -> None:
        """The form's controls but the rows scrolled out of view, and the tooltip of the hovered or focused one."""
        form = self.form
        for index, control in enumerate(form.controls):
            if control.rect is not HIDDEN:
                control.draw(surface, self.app.text, index == form.focus, index == form.hover)
        draw_scrollbar(surface, pygame.Rect(LEFT.right - 12, ROWS.y, 6, ROWS.height), self.scroll, ROWS.height,
                       self._row_tops()[-1])
        shown = form.hover if form.hover is not None else (form.focus if form.keyboard else None)
        if shown is not None and self.app.scenes.top is self and form.controls[shown].tooltip and \
                form.controls[shown].rect is not HIDDEN:  # a row scrolled away has no place to point from
            control = form.controls[shown]
            draw_tooltip(surface, self.app.text, control.tooltip, control.rect, [other.rect for other in form.controls
                                                                               if other.rect is not HIDDEN])

    def _draw_problems(self, surface: Canvas) -> None:
        """The checker's words under each setting it finds wrong."""
        problems = self.draft.problems()
        size = self.app.text.fit_height("body", 14, PROBLEM_H + ROW_GAP - 2)  # clear of the next row
        for name, control in zip(self.row_keys, self.form.controls[1:]):
            if name in problems and control.rect is not HIDDEN:
                self.app.text.draw(surface, "⚠ " + " · ".join(problems[name]),
                                   (control.rect.x + 16, control.rect.bottom + 1), role="body", size=size,
                                   colour=theme.RED_TEXT, max_width=control.rect.width - 32, min_size=10)

    def _draw_summary(self, surface: Canvas) -> None:
        """How to play's lines of the rules made (the last that held together while something is wrong), the
        problems no setting is to blame for, and the focused setting as its file writes it."""
        text = self.app.text
        inner = RIGHT.inflate(-36, -28)
        text.draw(surface, tr("rules_editor.summary"), inner.topleft, role="title", size=22, colour=theme.GOLD,
                  max_width=inner.width, min_size=14)
        problems = self.draft.problems()
        rules = self.draft.rules()
        notes: list[tuple[str, tuple[int, int, int]]] = []
        if rules is None:
            notes.append((tr("rules_editor.last_good"), theme.RED_TEXT))
            notes += [("⚠ " + words, theme.RED_TEXT) for words in problems.get(GENERAL, [])]
        lines = [(line, theme.INK) for line in rules_summary(rules or self.draft.last_good)]
        box = pygame.Rect(inner.x, inner.y + 36, inner.width, inner.height - 36 - 40)
        sizes = [*SUMMARY_SIZES, *text.sizes_down(SUMMARY_SIZES[-1])[1:]]  # larger print: down to its 100% look
        for size in sizes:
            bodies = [text.render_wrapped(line, "body", size, colour, box.width) for line, colour in notes + lines]
            if sum(body.get_height() + 4 for body in bodies) <= box.height or size == sizes[-1]:
                break
        y = box.y
        for body in bodies:
            surface.blit(body, (box.x, y), area=pygame.Rect(0, 0, box.width, max(0, box.bottom - y)))
            y += body.get_height() + 4
        row = self.form.focus - 1
        if self.picking is None and 0 <= row < len(self.row_keys):
            name = self.row_keys[row]
            said = tr("rules_editor.in_file", line=f"{name}: {written(self.draft.values[name])}")
            text.draw(surface, said, (inner.x, inner.bottom - 22), role="body", size=15, colour=theme.INK_DIM,
                      max_width=inner.width, min_size=10)

    def _draw_picking(self, surface: Canvas) -> None:
        key = self.picking
        assert key is not None
        problems = self.draft.problems().get(key.name)
        if key.kind == "combos":
            piles = self.draft.piles(key.name)
            if self.pile is None:
                draw_picker(surface, self.app.text, key_label(key), tr("rules_editor.pile_note"))
                draw_pile_notes(surface, self.app.text, piles, self.draft.pile_problems(key.name))
                self.form.draw(surface, self.app.text, tooltips=False)  # the note says what each control does
                return
            title = tr("rules_editor.pile_cards_title", name=piles[self.pile].name.strip() or self.pile + 1)
            draw_picker(surface, self.app.text, title, tr("rules_editor.pick_cards"))
        else:
            note = tr("rules_editor.pick_cards" if key.kind == "cards" else "rules_editor.pick_lead")
            draw_picker(surface, self.app.text, key_label(key), note)
        self.form.draw(surface, self.app.text, tooltips=False)
        if problems:
            self.app.text.draw(surface, "⚠ " + " · ".join(problems), (PICKER.x + 28, PICKER.bottom - 56),
                               role="body", size=15, colour=theme.RED_TEXT, max_width=PICKER.width - 400,
                               min_size=10)
