"""Where the game keeps the player's files: `--data-dir`, else the platform's usual place."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_FOLDER = "newmarket"


def default_data_dir() -> Path:
    """The per-user data folder: XDG on Linux, Application Support on macOS, APPDATA on Windows."""
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / "Newmarket"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Newmarket"
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_FOLDER


def data_dir(chosen: str | Path | None = None) -> Path:
    """The data folder to use, created if need be; `chosen` (from --data-dir) wins."""
    folder = Path(chosen).expanduser() if chosen else default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder
