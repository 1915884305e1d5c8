"""Settings on two pages: General (volumes, mute, animation speed, chattiness, the table look, the language) and
Comfort (the four-colour deck, high contrast, reduced motion, the pause after each stop, spoken play); each change
counts at once."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.cards import Card
from ...locale import LANGUAGES, catalog, tr
from ...storage.settings import ANIMATION_SPEEDS, COMFORT_SIZES, Settings
from .. import paint, theme
from ..canvas import Canvas
from ..form import Choice, Control, Form, Slider, Toggle
from ..scene import Scene
from ..table.felt import draw_look_swatch
from ..table.looks import CLUB, TableLook, available_looks, look_named
from ..widgets import Button, button_width, draw_panel, percent
from .common import felt_backdrop, heading, hint_bar, sheet_backdrop, speed_names

if TYPE_CHECKING:
    from ..app import App

PREVIEW = [Card.parse(name) for name in ("AS", "QH", "JD", "KC")]  # court cards: their letters are the language's
ROW_W, ROW_H, ROW_GAP = 640, 38, 4  # room for MAX_ROWS rows a page, under the page tabs and above the buttons
TAB_H = 40
ROWS_TOP = 18 + TAB_H + 14
BUTTON_H = 46
MAX_ROWS = 9
PAGES = ("general", "comfort")
PANEL_H = ROWS_TOP + MAX_ROWS * (ROW_H + ROW_GAP) + 10 + BUTTON_H + 16
NOWHERE = pygame.Rect(0, 0, 0, 0)  # a row's place until _build lays the rows out in order
SWATCH_H = 84


def chat_label(value: float) -> str:
    """The chattiness as the player thinks of it."""
    if value <= 0:
        return tr("settings.silent")
    return percent(value)


def language_names() -> list[str]:
    """Every language by its own name ("Français"), in the order of LANGUAGES."""
    return [str(catalog(code).entries.get("meta.name", name)) for code, name in LANGUAGES.items()]


class SettingsScene(Scene):
    """The player's preferences; Esc or Back returns to where they came from."""

    def __init__(self, app: App, *, over_table: bool = False) -> None:
        super().__init__(app)
        self.overlay = over_table  # opened from the pause menu: the table stays visible underneath
        self.form = Form()
        self.panel = pygame.Rect(150, 128, 980, PANEL_H)
        self.looks: list[TableLook] = [CLUB]
        self.look_choice: Choice | None = None
        self.speech_row: Toggle | None = None
        self.page = 0  # which of PAGES shows

    def enter(self) -> None:
        """Lay out the controls from the current settings."""
        self._build()

    def resume(self) -> None:
        """Lay out the controls again from the settings as they are now."""
        self._build()

    def relabel(self) -> None:
        """The rows in the new language (the focus stays on the row it was on)."""
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        x, y = self.panel.x + 30, self.panel.y + ROWS_TOP
        self.looks = available_looks(self.app.unlocked())
        chosen = look_named(s.table_look)
        look_tip = tr("settings.tips.look") + (" " + tr("settings.more_looks") if len(self.looks) == 1 else "")
        self.look_choice = Choice(NOWHERE, tr("settings.table_look"), [look.title for look in self.looks],
                                  self.looks.index(chosen) if chosen in self.looks else 0, self._table_look,
                                  wrap=False, tooltip=look_tip)
        codes = list(LANGUAGES)
        self.speech_row = Toggle(NOWHERE, tr("speech.setting"), s.spoken_play, self._spoken_play)
        self._speech_note()
        general: list[Control] = [  # top to bottom: one more row is one more line here
            Slider(NOWHERE, tr("settings.master_volume"), s.master_volume, self._master, step=0.1,
                   tooltip=tr("settings.tips.master")),
            Slider(NOWHERE, tr("settings.effects_volume"), s.effects_volume, self._effects, step=0.1,
                   tooltip=tr("settings.tips.effects")),
            Slider(NOWHERE, tr("settings.music_volume"), s.music_volume, self._music, step=0.1,
                   tooltip=tr("settings.tips.music")),
            Toggle(NOWHERE, tr("settings.mute"), s.muted, self._mute, tooltip=tr("settings.tips.mute")),
            Choice(NOWHERE, tr("settings.animation_speed"), speed_names(),
                   ANIMATION_SPEEDS.index(s.animation_speed), self._speed, wrap=False,
                   tooltip=tr("settings.tips.speed")),
            Slider(NOWHERE, tr("settings.chattiness"), s.chattiness, self._chat, step=0.1, format=chat_label,
                   tooltip=tr("settings.tips.chat")),
            self.look_choice,
            Choice(NOWHERE, tr("settings.language"), language_names(),
                   codes.index(self.app.language) if self.app.language in codes else 0, self._language,
                   tooltip=tr("settings.tips.language")),
        ]
        sizes = [percent(size / 100) for size in COMFORT_SIZES]
        comfort: list[Control] = [
            Choice(NOWHERE, tr("settings.text_size"), sizes, COMFORT_SIZES.index(s.text_size), self._text_size,
                   wrap=False, tooltip=tr("settings.tips.text_size")),
            Choice(NOWHERE, tr("settings.card_size"), sizes, COMFORT_SIZES.index(s.card_size), self._card_size,
                   wrap=False, tooltip=tr("settings.tips.card_size")),
            Toggle(NOWHERE, tr("settings.four_colour_deck"), s.four_colour_deck, self._four_colour,
                   tooltip=tr("settings.tips.four")),
            Toggle(NOWHERE, tr("settings.high_contrast"), s.high_contrast, self._high_contrast,
                   tooltip=tr("settings.tips.high_contrast")),
            Toggle(NOWHERE, tr("settings.reduced_motion"), s.reduced_motion, self._reduced_motion,
                   tooltip=tr("settings.tips.reduced_motion")),
            Toggle(NOWHERE, tr("settings.pause_after_stop"), s.pause_after_stop, self._pause_after_stop,
                   tooltip=tr("settings.tips.pause_after_stop")),
            self.speech_row,
        ]
        rows = (general, comfort)[self.page]
        for index, control in enumerate(rows):
            control.rect = pygame.Rect(x, y + index * (ROW_H + ROW_GAP), ROW_W, ROW_H)
        tabs: list[Control] = []
        tab_x = x
        for index, page in enumerate(PAGES):
            words = tr(f"settings.pages.{page}")
            width = button_width(self.app.text, words, 20, minimum=180)
            tabs.append(Button(pygame.Rect(tab_x, self.panel.y + 18, width, TAB_H), words,
                               lambda index=index: self.show_page(index), size=20,  # type: ignore[misc]
                               selected=index == self.page, tooltip=tr("settings.pages_tip")))
            tab_x += width + 12
        back, restore = tr("settings.back"), tr("settings.restore_defaults")
        back_w = button_width(self.app.text, back, 22, minimum=200)
        restore_w = button_width(self.app.text, restore, 22, minimum=260)
        bottom = self.panel.bottom - BUTTON_H - 16
        first = not self.form.controls
        self.form.set([*tabs, *rows, Button(pygame.Rect(x, bottom, back_w, BUTTON_H), back, self.back, tooltip="Esc"),
                       Button(pygame.Rect(x + back_w + 20, bottom, restore_w, BUTTON_H), restore, self.defaults)])
        if first:
            self.form.focus = len(tabs)  # the first setting, under the tabs

    def show_page(self, index: int) -> None:
        """Show page `index` of PAGES, the focus on its tab."""
        self.page = index % len(PAGES)
        self._build()
        self.form.focus = self.page

    # --- changes --------------------------------------------------------------------------------

    def _change(self, remember: bool = True, **values: Any) -> None:
        self.app.change_settings(replace(self.app.settings, **values), remember=remember)

    def _master(self, value: float, final: bool) -> None:
        self._change(final, master_volume=value)
        if final:
            self.app.assets.play("chip_clink")

    def _effects(self, value: float, final: bool) -> None:
        self._change(final, effects_volume=value)
        if final:
            self.app.assets.play("chip_clink")

    def _music(self, value: float, final: bool) -> None:
        self._change(final, music_volume=value)  # the music itself is heard at the new level

    def _mute(self, value: bool) -> None:
        self._change(muted=value)

    def _speed(self, index: int) -> None:
        self._change(animation_speed=ANIMATION_SPEEDS[index])

    def _chat(self, value: float, final: bool) -> None:
        self._change(final, chattiness=value)

    def _four_colour(self, value: bool) -> None:
        self._change(four_colour_deck=value)

    def _high_contrast(self, value: bool) -> None:
        self._change(high_contrast=value)

    def _text_size(self, index: int) -> None:
        self._change(text_size=COMFORT_SIZES[index])

    def _card_size(self, index: int) -> None:
        self._change(card_size=COMFORT_SIZES[index])

    def _reduced_motion(self, value: bool) -> None:
        self._change(reduced_motion=value)

    def _pause_after_stop(self, value: bool) -> None:
        self._change(pause_after_stop=value)

    def _spoken_play(self, value: bool) -> None:
        self._change(spoken_play=value)
        self._speech_note()

    def _speech_note(self) -> None:
        """Spoken play's row says when no voice can be heard (known a moment after it is turned on), and why."""
        if self.speech_row is not None:
            note = self.app.speech.note
            self.speech_row.note = tr("speech.no_voice") if note else ""
            self.speech_row.tooltip = note or tr("speech.tip")

    def _table_look(self, index: int) -> None:
        self._change(table_look=self.looks[index].name)

    def _language(self, index: int) -> None:
        """Speak the chosen language at once (the app relabels every scene, this one too) and remember it."""
        code = list(LANGUAGES)[index]
        self.app.set_language(code)  # even when the saved choice is already `code` and --lang said another
        self._change(language=code)

    def defaults(self) -> None:
        """Every setting back to how the game ships (the language is kept)."""
        self.app.change_settings(replace(Settings(), language=self.app.settings.language))
        self._build()

    # --- input and drawing ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Spoken play's engine is tried on a worker thread: its row follows what it found."""
        self._speech_note()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; the form does the rest."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.show_page(self.page + (1 if event.key == pygame.K_PAGEDOWN else -1))
            return
        self.form.handle_event(event)

    def draw(self, surface: Canvas) -> None:
        """The controls, and the deck as it will look."""
        text = self.app.text
        if self.overlay:
            sheet_backdrop(surface)  # over the table: a page of its own, the table showing only round its edge
        else:
            felt_backdrop(surface)
        heading(surface, text, tr("settings.title"), tr("settings.subtitle"), below=self.panel.y - 2)
        draw_panel(surface, self.panel, alpha=225)
        preview = pygame.Rect(self.panel.x + 30 + ROW_W + 30, self.panel.y + 30, 0, 0)
        preview.width = self.panel.right - 30 - preview.x
        text.draw(surface, tr("settings.your_deck"), (preview.centerx, preview.y + 4), role="bold", size=20,
                  colour=theme.GOLD, anchor="midtop", max_width=preview.width)
        deck = self.app.art.deck(64, self.app.settings.four_colour_deck)
        span = 4 * deck.width + 3 * 8
        for index, card in enumerate(PREVIEW):
            surface.blit(deck.face(card), (preview.centerx - span // 2 + index * (deck.width + 8), preview.y + 44))
        note = tr("settings.four_colours") if self.app.settings.four_colour_deck else tr("settings.two_colours")
        top = preview.y + 44 + deck.height + 14
        about = pygame.Rect(preview.x, preview.y + 236, preview.width, 0)
        size = text.fit_block(note, "body", 16, preview.width, about.y - 4 - top)  # larger print: above the note
        body = text.render_wrapped(note, "body", size, theme.INK_DIM, preview.width, align="center")
        surface.blit(body, body.get_rect(midtop=(preview.centerx, top)))
        focused = self.form.focused
        if isinstance(focused, (Slider, Toggle, Choice)) and focused.tooltip:
            look_row = self.look_choice if focused is self.look_choice else None
            lead = 12 + text.font("bold", 17).get_height() + 8  # the row's name, then its words under it
            room = self.panel.bottom - 16 - about.y - lead - 16 - (SWATCH_H + 10 if look_row is not None else 0)
            size = text.fit_block(focused.tooltip, "body", 15, about.width - 28, room)  # inside the panel
            body = text.render_wrapped(focused.tooltip, "body", size, theme.INK, about.width - 28)
            about.height = lead + body.get_height() + 16
            if look_row is not None:
                about.height += SWATCH_H + 10
            paint.rect(surface, (8, 24, 18), about, border_radius=10)
            text.draw(surface, focused.label, (about.x + 14, about.y + 12), role="bold", size=17, colour=theme.GOLD,
                      max_width=about.width - 28)
            surface.blit(body, (about.x + 14, about.y + lead))
            if look_row is not None:  # the look as the table will wear it
                swatch = pygame.Rect(about.x + 14, about.y + lead + 6 + body.get_height(), about.width - 28, SWATCH_H)
                draw_look_swatch(surface, swatch, self.looks[look_row.index])
        if not self.app.assets.audio:
            silent = text.render_wrapped(tr("settings.no_audio"), "body", 15, theme.RED_TEXT, preview.width,
                                         align="center")
            place = silent.get_rect(midbottom=(preview.centerx, self.panel.bottom - 24))
            if place.top >= about.bottom + 4:  # a tall explanation above has the room while it is shown
                surface.blit(silent, place)
        self.form.draw(surface, text, tooltips=False)
        hint_bar(surface, text, tr("settings.hint"))
