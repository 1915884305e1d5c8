"""Screenshots of the notices: their panel over the title (a statistics file kept aside, a session that could not
be saved on a full disk) and their tab over a table of eight in play, with fixed words and file names."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..locale import tr
from ..locale.words import Words
from .extra import shoot

if TYPE_CHECKING:
    from ..app.app import App

SET_ASIDE = "statistics.json.unreadable-20260504-101500"  # a fixed name: the same build gives the same picture


def notice_shot(app: App, folder: Path, name: str) -> Path:
    """The scene on top with two notices waiting, as `name`.png; the notices are gone again after. They are
    queued as the game words them, without the stderr line `tell` adds."""
    damaged = Words.of("files.damaged", what=Words.of("files.what.statistics"), why=tr("storage.why.not_json"),
                       file=SET_ASIDE)
    full = tr("app.session.not_saved_in", folder="~/.local/share/newmarket", why="No space left on device")
    try:
        app.notices.waiting[:] = [damaged, full]
        return shoot(app, folder, name)  # drawn without a frame run: the pictures after it stay as they were
    finally:
        app.notices.waiting.clear()
        app.notices.opened = False
