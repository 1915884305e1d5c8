"""A folder of the player's that the system closes to the game (`chmod 000`, or `r--`, whose names can be listed
but nothing in it looked at), told apart from a file that alone cannot be read.

What such a folder holds is unknown, so nothing is claimed about it (no save damaged, no backup to restore): it is
said in one sentence naming the folder and the system's reason (`closed_words`), the same sentence wherever it is
met, so the notices tell it once. Nothing here raises.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..locale import tr
from ..locale.shown import shown_name


def closed_to(path: Path) -> OSError | None:
    """When `path`, a file in a player's folder, could not be read, moved or written: the system's refusal if its
    folder is closed (nothing in it can even be looked at); None when the file alone is the cause, or is missing."""
    try:
        os.lstat(path)
    except PermissionError as error:
        return error
    except (OSError, ValueError):
        return None
    return None


def closed_folder(folder: Path) -> OSError | None:
    """The system's refusal when the game may not look into `folder` (list it, or look at what it lists); None
    when it may, or when there is no such folder."""
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return None
    except OSError as error:
        return error
    return closed_to(Path(folder) / names[0]) if names else None


def closed_words(folder: Path, error: OSError) -> str:
    """The one sentence for a folder the system closes to the game, with the system's reason."""
    return tr("storage.folder.closed", folder=shown_name(folder), error=error.strerror or error)


def folder_closed(folder: Path) -> str | None:
    """The sentence for `folder` when the game may not look into it, else None."""
    error = closed_folder(folder)
    return None if error is None else closed_words(folder, error)


def file_closed(path: Path) -> str | None:
    """The sentence for the folder of `path` when the game may not look at what it holds, else None (a file that
    could not be read is then its own problem)."""
    error = closed_to(path)
    return None if error is None else closed_words(path.parent, error)
