"""`replay LOG.jsonl` in a window: the replay scene alone on the stack; Esc or closing the window ends it."""

from __future__ import annotations

from pathlib import Path

from ..replay import Replay
from .game import open_app


def play_replay(chosen_dir: Path | None, replay: Replay, deal: int | None = None) -> int:
    """Open the window on `replay` (at deal `deal` when given) until it is closed; the exit code."""
    app = open_app(chosen_dir)
    if isinstance(app, int):
        return app
    if deal is not None:
        replay.seek_deal(deal)
    app.run("replay", replay=replay)
    return 0
