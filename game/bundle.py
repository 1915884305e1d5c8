"""Where the game's own files (assets/, config/) are: beside the source, in the installed package, or inside a
PyInstaller build."""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPOSITORY = PACKAGE.parent
# `pip install .` puts assets/ and config/ here, inside the game package (setup.py maps them in), so an installed
# game never looks for them beside itself in site-packages
SHIPPED = "shipped"


def bundle_folder() -> Path | None:
    """The built program's data folder (PyInstaller's `sys._MEIPASS`), or None when Python runs the source."""
    folder = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or not isinstance(folder, str):
        return None
    return Path(folder).resolve()


def package_folder() -> Path | None:
    """The installed package's copy of assets/ and config/, or None when the game runs from its repository."""
    folder = PACKAGE / SHIPPED
    return folder if folder.is_dir() else None


def install_root() -> Path:
    """The folder holding assets/ and config/: the bundle's data folder when built, the package's copy when
    installed, else the repository."""
    return bundle_folder() or package_folder() or REPOSITORY


def program_name() -> str:
    """What the player types to start the game, for usage lines and crash reports."""
    started_as = Path(sys.argv[0]).stem if sys.argv and sys.argv[0] else ""
    # `pip install -e .` runs the repository's source, but through the `newmarket` command
    return "main.py" if install_root() == REPOSITORY and started_as != "newmarket" else "newmarket"


def program_command() -> list[str]:
    """The command that starts this game again: the built program itself, Python on main.py in the repository,
    else Python on the installed package."""
    if bundle_folder() is not None:
        return [sys.executable]
    if install_root() == REPOSITORY:
        return [sys.executable, str(REPOSITORY / "main.py")]
    return [sys.executable, "-m", "game"]


ROOT = install_root()
ASSETS_DIR = ROOT / "assets"
CONFIG_DIR = ROOT / "config"
