"""Where the game's own files (assets/, config/) are: beside the source, or inside a PyInstaller build."""

from __future__ import annotations

import sys
from pathlib import Path


def bundle_folder() -> Path | None:
    """The built program's data folder (PyInstaller's `sys._MEIPASS`), or None when Python runs the source."""
    folder = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or not isinstance(folder, str):
        return None
    return Path(folder).resolve()


def install_root() -> Path:
    """The folder holding assets/ and config/: the bundle's data folder when built, else the repository."""
    return bundle_folder() or Path(__file__).resolve().parents[1]


def program_name() -> str:
    """What the player types to start the game, for usage lines and crash reports."""
    return "newmarket" if bundle_folder() is not None else "main.py"


def program_command() -> list[str]:
    """The command that starts this game again: the built program itself, or Python on main.py."""
    if bundle_folder() is not None:
        return [sys.executable]
    return [sys.executable, str(ROOT / "main.py")]


ROOT = install_root()
ASSETS_DIR = ROOT / "assets"
CONFIG_DIR = ROOT / "config"
