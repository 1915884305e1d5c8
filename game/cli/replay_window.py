"""`replay LOG.jsonl` in a window: the replay scene alone on the stack; Esc or closing the window ends it."""

from __future__ import annotations

import os
from pathlib import Path

from ..replay import Replay
from .game import say, usable_data_dir


def play_replay(chosen_dir: Path | None, replay: Replay, deal: int | None = None) -> int:
    """Open the window on `replay` (at deal `deal` when given) until it is closed; the exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    folder = usable_data_dir(chosen_dir)
    if isinstance(folder, str):
        return say(folder)
    try:
        import pygame
    except ImportError:
        return say("pygame-ce is not installed; run: python3 -m pip install -r requirements.txt")
    from ..app.app import App, AppOptions
    from ..app.scenes.replay import ReplayScene
    try:
        app = App(AppOptions(data_dir=folder))
    except pygame.error as error:
        pygame.quit()
        return say(f"cannot open the game window: {error}")
    if deal is not None:
        replay.seek_deal(deal)
    app.run(ReplayScene(app, replay))
    return 0
