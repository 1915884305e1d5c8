"""The voices spoken play can use: the platform's engine through pyttsx3 (SAPI on Windows, NSSpeechSynthesizer on
macOS, espeak-ng on Linux), else the espeak-ng program on its own; and the words for a player when there is none.

pyttsx3 is an optional extra (requirements-speech.txt): it is imported only when spoken play is turned on, and
whatever goes wrong while a voice is found (no library, no engine, a driver that fails) becomes `SpeechUnavailable`
carrying words for the Settings row, never a traceback.
"""

from __future__ import annotations

import importlib
import platform
import shutil
import subprocess
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from ...locale.words import Words

ESPEAK_PROGRAMS = ("espeak-ng", "espeak")
FILE_TIMEOUT_S = 60.0  # a line spoken into a file takes well under a second; a hung engine must not hang a test


class SpeechUnavailable(Exception):
    """No voice can speak here; `words` tell the player why."""

    def __init__(self, words: Words) -> None:
        super().__init__(words.key)
        self.words = words


class Voice(Protocol):
    """Something that speaks: `speak` returns when the line has been said (it runs on the speaker's thread)."""

    def use_language(self, code: str) -> None:
        """Speak the language `code` from the next line on, where the engine has a voice for it."""

    def speak(self, text: str) -> None:
        """Say `text` aloud and return when it has been said."""

    def stop(self) -> None:
        """Cut short the line being said, if the engine can (called from the game's thread)."""

    def save(self, text: str, path: Path) -> None:
        """Speak `text` into the WAV file `path`."""


def voice_for(voices: Iterable[Any], code: str) -> str | None:
    """The id of the first of an engine's `voices` that speaks language `code` ("fr" matches "fr", "fr-FR",
    "fr_FR"; SAPI and macOS ids that only name it count too), or None."""
    code = code.lower()

    def speaks(tag: str) -> bool:
        tag = tag.lower().replace("_", "-")
        return tag == code or tag.startswith(code + "-")
    listed = list(voices)
    for voice in listed:
        for tag in getattr(voice, "languages", None) or ():
            if isinstance(tag, bytes):  # older espeak drivers: a priority byte, then the tag
                tag = tag[1:].decode("ascii", "ignore")
            if speaks(str(tag)):
                return str(voice.id)
    for voice in listed:
        last = str(voice.id).replace("\\", "/").split("/")[-1].split(".")[-1]
        if speaks(last) or f"{code}-" in str(voice.id).lower().replace("_", "-"):
            return str(voice.id)
    return None


class Pyttsx3Voice:
    """The platform's engine through pyttsx3; made, used and ended on one thread (the engines are not thread-safe,
    so `stop` does nothing and a line is never cut short: lines are short and stale ones are dropped instead)."""

    def __init__(self, module: Any, code: str) -> None:
        self.engine = module.init()
        self.language = ""
        self.use_language(code)

    def use_language(self, code: str) -> None:
        """Choose the engine's voice for `code`, if it has one (else its default voice goes on)."""
        if code == self.language:
            return
        self.language = code
        found = voice_for(self.engine.getProperty("voices"), code)
        if found is not None:
            self.engine.setProperty("voice", found)

    def speak(self, text: str) -> None:
        """Say `text` and wait for the engine to finish."""
        self.engine.say(text)
        self.engine.runAndWait()

    def stop(self) -> None:
        """Nothing: see the class."""

    def save(self, text: str, path: Path) -> None:
        """Speak `text` into `path`."""
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()
        # the espeak driver may return before its synthesis thread has written the file: wait for it, whole
        deadline, size = time.monotonic() + FILE_TIMEOUT_S, -1
        while time.monotonic() < deadline and not (path.exists() and path.stat().st_size == size > 0):
            size = path.stat().st_size if path.exists() else -1
            time.sleep(0.02)


class EspeakVoice:
    """The espeak-ng program, one process a line (the text goes in on stdin, so no line is read as an option)."""

    def __init__(self, program: str, code: str) -> None:
        self.program = program
        self.language = code
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def use_language(self, code: str) -> None:
        """espeak-ng has a voice named for each of the game's languages."""
        self.language = code

    def speak(self, text: str) -> None:
        """Say `text` through the program and wait for it."""
        process = subprocess.Popen([self.program, "-v", self.language, "--stdin"], stdin=subprocess.PIPE,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with self._lock:
            self._process = process
        try:
            process.communicate(text.encode("utf-8"))
        finally:
            with self._lock:
                self._process = None
        if process.returncode not in (0, -15):  # -15: cut short by `stop`
            raise OSError(f"{self.program} exited with {process.returncode}")

    def stop(self) -> None:
        """End the line being said."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()

    def save(self, text: str, path: Path) -> None:
        """Speak `text` into `path`."""
        subprocess.run([self.program, "-v", self.language, "-w", str(path), "--stdin"], input=text.encode("utf-8"),
                       check=True, timeout=FILE_TIMEOUT_S, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def espeak_program() -> str | None:
    """The espeak-ng (or espeak) program on the PATH, if any."""
    return next((found for name in ESPEAK_PROGRAMS if (found := shutil.which(name)) is not None), None)


def open_voice(code: str) -> Voice:
    """A voice for language `code`: pyttsx3's engine where it is installed and can play, else the espeak-ng program;
    SpeechUnavailable with the player's words when there is neither."""
    program = espeak_program()
    try:
        module = importlib.import_module("pyttsx3")
    except ImportError:
        module = None
    # on Linux pyttsx3 plays what espeak-ng makes with aplay: without it, it would say nothing and raise nothing
    plays = platform.system() != "Linux" or shutil.which("aplay") is not None
    if module is not None and (plays or program is None):
        try:
            return Pyttsx3Voice(module, code)
        except Exception:  # noqa: BLE001 - a driver may fail in any way (no libespeak, no COM): try the program
            if program is None:
                raise SpeechUnavailable(Words.of("speech.why.no_engine")) from None
    if program is not None:
        return EspeakVoice(program, code)
    raise SpeechUnavailable(Words.of("speech.why.no_library"))
