"""The window, the clock and the scene stack: the one place that talks to the display."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from .. import locale as i18n
from ..campaign.roads import unlocked_on_roads
from ..locale import tr
from ..storage.crash_report import thread_crashes_reported
from ..storage.paths import data_dir
from ..storage.resume import recover
from ..storage.settings import Settings, read_settings, save_settings
from ..storage.unlocks_file import add_unlocks, load_unlocks
from . import theme, word_overlaps
from .artwork import Artwork
from .assets import Assets, warn
from .canvas import Canvas
from .comfort import set_card_size, set_reduced_motion, set_text_size
from .form import Form
from .gamepad import Gamepad
from .guard import after_crash
from .music import Music
from .notices import Notices
from .registry import SCENES
from .scene import Scene, SceneName, SceneStack
from .speech import Speaker
from .table.left_over import record_left_over
from .text import TextCache
from .theme import SCREEN_SIZE
from .tooltips import tooltips_shown
from .widgets import Menu, on_focus, on_press
from .window import Placement, Window


@dataclass
class AppOptions:
    """How the game was started: where it keeps its files, and whether a window is wanted."""

    data_dir: Path | None = None
    headless: bool = False  # no real window: tests, screenshots and the benchmark
    fps: int = 60
    campaign: Path | None = None  # a campaign file named on the command line, offered for a new road
    language: str | None = None  # --lang: this run's language, over the saved setting (None: the setting)
    size: tuple[int, int] | None = None  # the window's real size (screenshots --size); None: the logical size


def is_quit_key(event: pygame.event.Event) -> bool:
    """Ctrl+Q (Cmd+Q on a Mac): quit from any screen, as the close button does."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_q
            and bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)))


class App:
    """Owns the window and the loop; scenes do the rest."""

    def __init__(self, options: AppOptions) -> None:
        self.options = options
        if options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # the window first: without a display there is no game, and the error should not follow audio noise
        pygame.display.init()
        pygame.display.set_caption("Newmarket")
        self.data_dir = data_dir(options.data_dir)
        self.settings, settings_problem = read_settings(self.data_dir)  # the window opens where it was left
        s = self.settings
        remembered = Placement((s.window_size[0], s.window_size[1]) if s.window_size else None,
                               (s.window_position[0], s.window_position[1]) if s.window_position else None,
                               s.fullscreen)
        self.window = Window(SCREEN_SIZE, options.headless, options.size, remembered)
        pygame.init()
        self.clock = pygame.time.Clock()
        self.pad = Gamepad()  # a controller's buttons become the keys every scene answers
        self.scenes = SceneStack(self, SCENES)
        self._quit_question: Scene | None = None  # asked because the window was closing
        self._f11_held = False
        self.running = True
        self.draws_every_frame = True  # the screenshots draw only the frames they keep (a draw changes nothing)
        theme.use_high_contrast(self.settings.high_contrast)
        set_reduced_motion(self.settings.reduced_motion)
        self._sizes = self._comfort_sizes()
        self.assets = Assets(audio=not options.headless or os.environ.get("SDL_AUDIODRIVER") == "dummy")
        self.assets.apply_settings(self.settings)
        self.music = Music(audio=self.assets.audio)
        self.music.apply_settings(self.settings)
        on_press(self.click)  # every button and form control clicks, whichever scene it is on
        self.notices = Notices()  # what the player must hear of their files, shown over whatever scene is on top
        self._notice_heard: tuple[str, ...] = ()  # the notices spoken play last said
        # --lang, else the saved choice, else the system's language, else English (set_language falls back)
        self.language = self._speak(options.language or self.settings.language)
        self.notices.tell(settings_problem)  # words, worded when shown: in the language the settings chose
        # what a crash or an older version left: half-written files settled, the one old kept session moved
        for said in recover(self.data_dir):
            self.notices.tell(said)
        record_left_over(self.data_dir, self.notices.tell)  # a session's end a full disk kept from being recorded
        unlocks_problem = load_unlocks(self.data_dir)[1]
        if unlocks_problem:  # said at once, and what the saved roads unlocked is won back before the map is opened
            self.notices.tell(unlocks_problem)
            self.notices.tell(add_unlocks(self.data_dir, unlocked_on_roads(self.data_dir)))
        self.text = TextCache(self.assets)
        self.art = Artwork(self.assets)
        self.window.on_rescale.append(self._rescaled)
        self.speech = Speaker()  # spoken play: silent, with no thread, unless the setting is on
        self.speech.configure(self.settings.spoken_play, self.language)
        on_focus(self.say_focus)  # every menu and form says the control that takes the focus
        self._heard: Scene | None = None  # the top scene spoken play last introduced

    @property
    def screen(self) -> Canvas:
        """The picture every scene draws on: the window's real pixels, addressed in 1280×720 logical ones."""
        return self.window.picture

    def _rescaled(self) -> None:
        """The window changed scale: the words and cards drawn for the old one are let go, and every scene
        draws its pictures afresh at once (as for a new language)."""
        self.text.clear()
        self.art.forget_decks()
        for scene in list(self.scenes):
            scene.relabel()

    def set_language(self, code: str) -> str:
        """Speak `code` from now on: every cached word and card face is redrawn and every scene on the stack
        relabelled at once. Remembering the choice is the settings' business (`change_settings`)."""
        code = self._speak(code)
        if code == self.language:
            return code
        self.language = code
        self.speech.configure(self.settings.spoken_play, code)
        self.text.clear()
        self.art.forget_decks()  # rank letters are drawn on the faces: V D R in French
        for scene in list(self.scenes):
            scene.relabel()
        return code

    def _speak(self, code: str) -> str:
        """Make `code` the language (English when its files cannot be read, with a notice); the code spoken."""
        spoken = i18n.set_language(code)
        problem = i18n.load_problem(code) if code in i18n.LANGUAGES else None
        if problem:
            self.notices.tell(i18n.tr("app.language_unreadable", language=i18n.LANGUAGES[code], why=problem))
        return spoken

    def _comfort_sizes(self) -> tuple[float, float]:
        """Set the text size and the card size from the settings; the two factors."""
        sizes = self.settings.text_size / 100, self.settings.card_size / 100
        set_text_size(sizes[0])
        set_card_size(sizes[1])
        return sizes

    def change_settings(self, settings: Settings, remember: bool = True) -> None:
        """Take new settings at once and (unless `remember` is False, as while a slider is dragged) remember
        them for the next run."""
        before = self.settings.language
        self.settings = settings.clean()
        set_reduced_motion(self.settings.reduced_motion)
        sizes = self._comfort_sizes()
        if theme.use_high_contrast(self.settings.high_contrast) or sizes != self._sizes:
            self._sizes = sizes
            self.text.clear()
            for scene in list(self.scenes):
                scene.relabel()  # what a scene drew once and kept (a table's plates, bubbles) in the new colours
        self.assets.apply_settings(self.settings)
        self.music.apply_settings(self.settings)
        self.speech.configure(self.settings.spoken_play, self.language)
        if self.settings.language != before:
            self.set_language(self.settings.language)
        if not remember:
            return
        try:
            self.notices.tell(save_settings(self.data_dir, self.settings))  # a file set aside on the way
        except OSError as error:  # its message is the sentence of why
            self.notices.tell(str(error))

    def say_focus(self, words: str) -> None:
        """Spoken play: the control now in focus, said at once over whatever was being said."""
        self.speech.say(words, interrupt=True)

    def introduce(self, top: Scene | None) -> None:
        """Spoken play: a scene come to the top says the question it asks, if any, and the control in focus (the
        menus and forms of the scenes are called `menu` or `form`)."""
        if top is self._heard:
            return
        self._heard = top
        if top is None or not self.speech.on:
            return
        question = getattr(top, "question", "")
        controls = getattr(top, "form", None) or getattr(top, "menu", None)
        focus = controls.focus_words() if isinstance(controls, (Form, Menu)) else ""
        # not cutting in: the table's last lines (going out, the payments) go on under the summary opening
        self.speech.say(" ".join(part for part in (question if isinstance(question, str) else "", focus) if part))

    def click(self) -> None:
        """The sound of a button pressed."""
        self.assets.play("click")

    def unlocked(self) -> frozenset[str]:
        """Everything the player has unlocked on a campaign road, as "kind:target" names (look:green_baize)."""
        names, problem = load_unlocks(self.data_dir)
        self.notices.tell(problem)
        return names

    def step(self, dt: float) -> None:
        """One frame: input, update, draw."""
        for event in pygame.event.get():
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window.sync()  # re-laid at once: the events after it are mapped at the new size
            top = self.scenes.top
            shoulders = top.pad_shoulders() if top is not None else (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
            for each in self.pad.translate(self.window.map_event(event), shoulders):
                self.handle_event(each)
        for each in self.pad.update(dt):  # a direction held on the controller repeats
            self.handle_event(each)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.music.play(self.track())
        self.music.update(dt)
        self.introduce(self.scenes.top)
        self._say_notices()
        self.window.sync()
        if self.draws_every_frame:
            self.draw(self.screen)

    def _say_notices(self) -> None:
        """Spoken play: the notices shown over the scene, said once as they come up."""
        shown = tuple(self.notices.page(self.text, self.screen.get_size())[0]) \
            if self.notices.over(self.scenes.top) else ()
        if shown != self._notice_heard:
            self._notice_heard = shown
            if shown and self.speech.on:
                self.speech.say(" ".join((tr("notices.title"), *shown)), interrupt=True)

    def track(self) -> str | None:
        """The music the screen asks for: that of the scene the others are drawn over (None: keep what plays)."""
        shown = self.scenes.visible()
        return shown[0].music if shown else None

    def draw(self, surface: Canvas) -> None:
        """Draw the visible scenes, bottom first; only the top one shows a tooltip."""
        if surface is self.screen:
            self.window.clear_bars()
        word_overlaps.new_frame(surface)
        top = self.scenes.top
        held = self.notices.over(top)  # the notices' panel over the scene: its tooltip would show through
        for scene in self.scenes.visible():
            with tooltips_shown(scene is top and not held):
                scene.draw(surface)
        self.notices.draw(surface, self.text, top)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-wide keys and the close button, then the notices' panel; everything else goes to the top scene."""
        if event.type == pygame.QUIT or is_quit_key(event):
            self.request_quit()
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            if event.type == pygame.KEYDOWN and not self._f11_held and not self.options.headless:
                self.window.toggle_fullscreen()
            self._f11_held = event.type == pygame.KEYDOWN  # a held F11 repeats: one switch a press, not a flicker
        elif self.notices.handle_event(event, self.scenes.top, self.text, self.screen.get_size()):
            return
        elif self.scenes.top is not None:
            self.scenes.top.handle_event(event)

    def quit(self) -> None:
        """Leave the loop, the window's place remembered for the next start; scenes save what they hold as they exit."""
        self.running = False
        if not self.options.headless:
            place = self.window.placement()
            self.change_settings(dataclasses.replace(self.settings, window_size=place.size or (),
                                                     window_position=place.position or (),
                                                     fullscreen=place.fullscreen))

    def request_quit(self) -> None:
        """Close the game, keeping a session in progress for the next start; ask only if it cannot be kept."""
        if self._quit_question is not None and self.scenes.top is self._quit_question:
            self.quit()  # closing the window again while asked means it
            return
        problem = self.keep_session()
        if problem is None:
            self.quit()
            return
        self._quit_question = self.scenes.push("confirm", question=tr("app.quit.question"),
                                               detail=tr("app.quit.detail", problem=problem),
                                               yes=tr("app.quit.yes"), no=tr("app.quit.no"), on_yes=self.quit)

    def keep_session(self) -> str | None:
        """Save the session in progress for the next start: None when kept (or there is none), else why not."""
        for scene in reversed(list(self.scenes)):
            if not scene.unsaved():
                continue
            try:
                return scene.keep()
            except Exception as error:  # noqa: BLE001 - whatever went wrong, the player is asked rather than the game ending
                warn(f"the session could not be saved: {error!r}")
                return tr("app.session.not_saved")
        return None

    def run(self, first: SceneName, **options: Any) -> None:
        """Play until the window closes, starting from the scene called `first` (built with `options`); an
        unexpected exception keeps the session, writes a crash report and shows the crash screen."""
        try:
            with thread_crashes_reported(self.data_dir):
                if self._guarded(lambda: self.scenes.push(first, **options)):
                    while self.running and self._guarded(self._frame):
                        pass
        except BaseException:
            self.keep_session()  # Ctrl+C must not cost the player their session
            raise
        finally:
            self.scenes.close()
            self.pad.close()
            on_press(None)
            on_focus(None)
            self.speech.close()
            pygame.quit()

    def _frame(self) -> None:
        """One frame at the chosen pace, shown."""
        self.step(self.clock.tick(self.options.fps) / 1000)
        self.window.present()
        pygame.display.flip()

    def _guarded(self, work: Callable[[], object]) -> bool:
        """Do `work`; on an unexpected exception recover onto the crash screen. False when the game must stop."""
        try:
            work()
        except Exception as error:  # noqa: BLE001 - the crash guard: nothing unexpected reaches the player
            return after_crash(self, error)
        return True


