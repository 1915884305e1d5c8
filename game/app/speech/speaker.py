"""The speaker: lines to say, queued by the game and said by a worker thread, so the frame loop never waits for a
voice (pyttsx3's `runAndWait` blocks until a line is said).

Speech must keep up with play: a line not begun within STALE_S seconds is dropped, as is the oldest waiting line
once MAX_WAITING wait (lines marked `keep`, such as a stop's reason or the player's turn, go last); a line that
`interrupts` (the focus moving on in a menu) clears the queue and cuts short the line being said where the engine
can. Off, the speaker says nothing and holds no thread.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...locale.words import Words
from .spoken import speakable
from .voices import SpeechUnavailable, Voice, open_voice

STALE_S = 5.0
MAX_WAITING = 4


@dataclass(frozen=True)
class Line:
    """One line waiting to be said, when it was asked for, and whether it is worth saying late."""

    text: str
    asked: float
    keep: bool = False


class Speaker:
    """Says lines in the game's language on a worker thread (`threaded=False`: at once, on the caller's thread, for
    tests); `problem` says why nothing can be heard."""

    def __init__(self, opener: Callable[[str], Voice] = open_voice, *, clock: Callable[[], float] = time.monotonic,
                 threaded: bool = True) -> None:
        self.opener = opener
        self.clock = clock
        self.threaded = threaded
        self.on = False
        self.language = "en"
        self.problem: Words | None = None  # why no voice speaks (None: it speaks, or has not been tried)
        self.lines: deque[Line] = deque()
        self.said: list[str] = []  # what was said, newest last (kept short: tests and the log read it)
        self._voice: Voice | None = None
        self._thread: threading.Thread | None = None
        self._wake = threading.Condition()
        self._closing = False

    @property
    def note(self) -> str:
        """Why spoken play is silent, in the current language, while it is on (empty when it can speak)."""
        return str(self.problem) if self.on and self.problem is not None else ""

    def configure(self, on: bool, language: str) -> None:
        """Speak (or not) from now on, in `language`; turning it on again tries the engine again."""
        with self._wake:
            was = self.on
            self.on, self.language = on, language
            if not on:
                self.lines.clear()
            elif not was:
                self.problem = None
            self._wake.notify()
        if not on and self._voice is not None:
            self._quietly(self._voice.stop)
        if on and not self.threaded:
            self._say_nothing()
        elif on and (self._thread is None or not self._thread.is_alive()):
            self._closing = False
            self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
            self._thread.start()

    def say(self, text: str, *, keep: bool = False, interrupt: bool = False) -> None:
        """Queue `text`, as written for the screen, to be said (nothing while off or without a voice)."""
        if not self.on or self.problem is not None or not (text := speakable(text)):
            return
        with self._wake:
            if interrupt:
                self.lines.clear()
            self.lines.append(Line(text, self.clock(), keep))
            while len(self.lines) > MAX_WAITING:
                dropped = next((line for line in self.lines if not line.keep), self.lines[0])
                self.lines.remove(dropped)
            self._wake.notify()
        if interrupt and self._voice is not None:
            self._quietly(self._voice.stop)
        if not self.threaded:
            self.drain()

    def next_line(self) -> Line | None:
        """The next line worth saying now (stale ones dropped on the way), taken off the queue."""
        with self._wake:
            while self.lines:
                line = self.lines.popleft()
                if line.keep or self.clock() - line.asked <= STALE_S:
                    return line
        return None

    def drain(self) -> None:
        """Say every waiting line on this thread (the unthreaded speaker's way)."""
        while self.on and self.problem is None and (line := self.next_line()) is not None:
            self._say(line.text)

    def close(self) -> None:
        """Stop speaking and let the worker end (the game is closing)."""
        with self._wake:
            self._closing = True
            self.on = False
            self.lines.clear()
            self._wake.notify()
        if self._voice is not None:
            self._quietly(self._voice.stop)

    def _say(self, text: str) -> None:
        """Say one line, opening the voice first if need be; any failure silences the speaker with a note."""
        try:
            if self._voice is None:
                self._voice = self.opener(self.language)
            self._voice.use_language(self.language)
            self._voice.speak(text)
        except SpeechUnavailable as unavailable:
            self.problem = unavailable.words
            return
        except Exception:  # noqa: BLE001 - an engine failing mid-game is said in Settings, never raised at the player
            self.problem = Words.of("speech.why.failed")
            self._voice = None
            return
        self.said = [*self.said[-49:], text]

    def _work(self) -> None:
        """The worker: open the voice at once (so Settings can say soon when there is none), then say lines as they
        come until the speaker closes or fails."""
        self._say_nothing()
        while self.problem is None:
            with self._wake:
                while not self._closing and not (self.on and self.lines):
                    self._wake.wait()
                if self._closing:
                    break
            line = self.next_line()
            if line is not None:
                self._say(line.text)
        self._voice = None  # an engine belongs to the thread that made it: a new worker makes its own

    def _say_nothing(self) -> None:
        """Open the voice without saying anything, so a missing engine is known before the first line."""
        if self._voice is not None:
            return
        try:
            self._voice = self.opener(self.language)
        except SpeechUnavailable as unavailable:
            self.problem = unavailable.words
        except Exception:  # noqa: BLE001 - see _say
            self.problem = Words.of("speech.why.failed")

    @staticmethod
    def _quietly(stop: Callable[[], None]) -> None:
        """Cut a line short, ignoring an engine that cannot."""
        try:
            stop()
        except Exception:  # noqa: BLE001 - cutting short is a courtesy; failing to is not worth a crash
            pass
