"""Fixtures every test folder shares, and pygame made headless for all of them (the helpers live in helpers.py)."""

from __future__ import annotations

import os

# pygame headless for every test: set once here, before any test module or helper imports pygame
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import StackedDeals
from rendered import Rendered

import game.locale
from game.app import comfort

MEMORY_DISK = Path("/dev/shm")


def _scratch_in_memory() -> None:
    """The tests' scratch folders (tmp_path, and the temporary folders of the game and of the processes the tests
    start) on the memory-backed /dev/shm when the machine has one with room to spare and no TMPDIR was chosen: the
    same files, renames and fsyncs, without each fsync waiting for a disk (thousands of saves are written)."""
    if "TMPDIR" in os.environ or not MEMORY_DISK.is_dir() or not os.access(MEMORY_DISK, os.W_OK | os.X_OK):
        return
    if shutil.disk_usage(MEMORY_DISK).free < 2 * 1024 ** 3:
        return
    os.environ["TMPDIR"] = str(MEMORY_DISK)
    tempfile.tempdir = None  # asked again, from TMPDIR


_scratch_in_memory()


def _compiled_once_for_the_children() -> Path | None:
    """The game's processes the tests start (main.py, the children) share one bytecode cache, in a scratch folder
    of this run's (PYTHONPYCACHEPREFIX), so each does not compile the game again when the environment says not to
    write bytecode (PYTHONDONTWRITEBYTECODE); the tree gets no __pycache__ either way. The folder, or None."""
    if "PYTHONPYCACHEPREFIX" in os.environ or not sys.dont_write_bytecode:
        return None
    folder = Path(tempfile.mkdtemp(prefix="newmarket-pyc-"))
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    return folder


BYTECODE = _compiled_once_for_the_children()


def pytest_sessionfinish() -> None:
    """The children's bytecode cache goes with the run."""
    if BYTECODE is not None:
        shutil.rmtree(BYTECODE, ignore_errors=True)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English and a "system language" of English, so a French machine passes too;
    a test that wants another language sets it (and is put back to English after)."""
    monkeypatch.setattr(game.locale, "system_language", lambda known: "en")
    game.locale.set_language("en")
    yield
    game.locale.set_language("en")


@pytest.fixture(autouse=True)
def comfort_as_designed() -> Iterator[None]:
    """Every test starts with the words and cards at their designed size (a test that sets a larger one, or an
    app made with one, must not leave it to the tests after)."""
    yield
    comfort.set_text_size(1.0)
    comfort.set_card_size(1.0)


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> StackedDeals:
    """Chosen deals for the engine: `stacked.queue({seat: "2S 3S", ...})` (see helpers.StackedDeals)."""
    return StackedDeals(monkeypatch)


# The languages whose screenshot files are written and read: English's are checked as files
# (test_app_cli), Dutch's byte for byte against the command line's (test_locales); the PNG encoding is the
# same code in every language and took about a third of the fixture's time.
WRITTEN = ("en", "nl")


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Rendered]]:
    """Every scene rendered in every language, once for the whole run (the slowest thing the suite draws), with
    every button's label checked against its margins as it is drawn; written as PNG files in the languages whose
    files a test reads (`WRITTEN`), every picture drawn in all of them."""
    import app_helpers  # noqa: F401  (dummy video and audio drivers before pygame starts)
    import pygame

    from game.app.canvas import Canvas
    from game.app.text import TextCache
    from game.app.widgets import PAD_X, Button
    from game.locale import LANGUAGES
    from game.shots.render import render_all

    found: dict[str, Rendered] = {}
    draw = Button.draw
    language = ""

    def checked(self: Button, surface: Canvas, text: TextCache, focused: bool, hovered: bool) -> None:
        box = self.label_box(text)
        found[language].buttons.add(self.label)
        found[language].keycaps.add((self.label, pygame.key.name(self.hotkey) if self.hotkey else None, self.keycap))
        lines = self.label_lines(text)[0] if self.wrap else [self.label]  # a wrapping label: each of its lines
        if any(text.width(line, "bold", self.size) > box.width for line in lines) or \
                box.left < self.rect.left + PAD_X or \
                box.right > self.rect.right - PAD_X:
            found[language].tight.add(f"{self.label!r} in {self.rect.width}px at {self.size}")
        draw(self, surface, text, focused, hovered)

    def drawn_only(surface: pygame.Surface, file: object, namehint: str = "") -> None:
        """The picture is drawn (`shoot` draws it first) but not encoded: no test reads this language's files."""

    Button.draw = checked  # type: ignore[method-assign]
    save = pygame.image.save
    try:
        for language in sorted(LANGUAGES):
            found[language] = Rendered([])
            pygame.image.save = save if language in WRITTEN else drawn_only
            found[language].paths = render_all(tmp_path_factory.mktemp(f"shots-{language}"),
                                               tmp_path_factory.mktemp(f"data-{language}"), language=language,
                                               overflows=found[language].overflows,
                                               crossings=found[language].crossings)
    finally:
        Button.draw = draw  # type: ignore[method-assign]
        pygame.image.save = save
        game.locale.set_language("en")
    yield found


@pytest.fixture(scope="session")
def large_print_screenshots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Rendered]]:
    """Every scene drawn in every language at Settings' largest text size and card size (150%), the words
    that did not fit and those that crossed others noted; no file is encoded."""
    import app_helpers  # noqa: F401  (dummy video and audio drivers before pygame starts)
    import pygame

    from game.locale import LANGUAGES
    from game.shots.render import render_all
    from game.storage.settings import COMFORT_SIZES

    def drawn_only(surface: pygame.Surface, file: object, namehint: str = "") -> None:
        """The picture is drawn (`shoot` draws it first) but not encoded."""

    found: dict[str, Rendered] = {}
    save = pygame.image.save
    pygame.image.save = drawn_only
    try:
        for language in sorted(LANGUAGES):
            found[language] = Rendered([])
            found[language].paths = render_all(tmp_path_factory.mktemp(f"large-{language}"),
                                               tmp_path_factory.mktemp(f"large-data-{language}"), language=language,
                                               overflows=found[language].overflows,
                                               comfort=(max(COMFORT_SIZES), max(COMFORT_SIZES)),
                                               crossings=found[language].crossings)
    finally:
        pygame.image.save = save
        game.locale.set_language("en")
    yield found
