"""Starting the windowed game: every problem before the window exists is one clear line, never a traceback."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from ..locale import set_language
from ..locale.shown import shown_name
from ..storage.door import MAX_SMALL_JSON_BYTES, PlayerFileError, read_json
from ..storage.lock import DataFolderLock
from ..storage.paths import data_dir
from ..storage.settings import SETTINGS_FILE


def say(message: str) -> int:
    """One line on stderr saying what went wrong; the exit code 1."""
    print(f"newmarket: {message}", file=sys.stderr)
    return 1


def usable_data_dir(chosen: Path | None) -> Path | str:
    """The data folder, created and writable, or a sentence saying why it cannot be used."""
    try:
        folder = data_dir(chosen)
    except OSError as error:
        where = shown_name(chosen) if chosen is not None else "the default data folder"
        return f"cannot use {where} as the data folder: {error.strerror or error}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot write in the data folder {shown_name(folder)}; choose another with --data-dir DIR"
    return folder


def open_app(chosen_dir: Path | None, *, headless: bool = False, campaign: Path | None = None,
             language: str | None = None) -> Any:
    """The App with its window open, or the exit code after one line saying why it could not open."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    folder = usable_data_dir(chosen_dir)
    if isinstance(folder, str):
        return say(folder)
    try:
        import pygame
    except ImportError:
        return say("pygame-ce is not installed; run: python3 -m pip install -r requirements.txt")
    from ..app.app import App, AppOptions  # lazy: the headless tools never load pygame
    try:
        return App(AppOptions(data_dir=folder, headless=headless, campaign=campaign, language=language))
    except pygame.error as error:
        pygame.quit()
        return say(f"cannot open the game window: {error}")


def play(chosen_dir: Path | None, *, startup_probe: bool = False, campaign: Path | None = None,
         language: str | None = None) -> int:
    """Run the game until the window closes (in `language` for this run, else the saved choice); with
    `startup_probe`, draw one frame, say when, and stop. A second copy on one data folder only says so."""
    if campaign is not None and not campaign.is_file():
        return say(f"there is no campaign file {shown_name(campaign)}")
    folder = usable_data_dir(chosen_dir)
    if isinstance(folder, str):
        return say(folder)
    lock = DataFolderLock(folder)
    if not lock.acquire():  # taken before the App reads or writes anything in the folder
        return already_open(folder, lock.holder(), language, headless=startup_probe)
    try:
        return run_game(folder, startup_probe=startup_probe, campaign=campaign, language=language)
    finally:
        lock.release()


def run_game(folder: Path, *, startup_probe: bool, campaign: Path | None, language: str | None) -> int:
    """The game on `folder`, whose lock is held."""
    app = open_app(folder, headless=startup_probe, campaign=campaign, language=language)
    if isinstance(app, int):
        return app
    import pygame
    if startup_probe:
        app.scenes.push("title")
        app.step(0.0)
        app.window.present()
        pygame.display.flip()
        print(f"first-frame {time.time():.6f}", flush=True)
        app.scenes.close()
        pygame.quit()
        return 0
    app.run("title")
    return 0


def already_open(folder: Path, holder: int | None, language: str | None, *, headless: bool) -> int:
    """Say, on stderr and in a window, that another copy has `folder`; touch nothing there; exit code 1."""
    process = f" (process {holder})" if holder is not None else ""
    say(f"Newmarket is already open on the data folder {shown_name(folder)}{process}; close the other window first")
    try:
        from ..app.busy_window import show_busy_folder  # lazy: the headless tools never load pygame
    except ImportError:
        return 1  # no pygame, no window: the line above is all there is
    set_language(language or saved_language(folder))
    try:
        show_busy_folder(folder, holder, headless=headless)
    except Exception:  # noqa: BLE001 - the line above said it; this copy writes nothing, not even a crash report
        pass
    return 1


def saved_language(folder: Path) -> str:
    """The language chosen in the folder's settings, read without changing the file ("" when unknown)."""
    try:
        data = read_json(folder / SETTINGS_FILE, MAX_SMALL_JSON_BYTES)
    except PlayerFileError:
        return ""
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, str) else ""
