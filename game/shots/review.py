"""Screenshots of the review: a deal of a sample session at 3 and at 8 players, at its costliest decision and at its
stake, and over a deal summary's Review button, from fixed seeds (reviewed at once, not on a worker thread)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..app.scenes.review import ReviewScene
from ..replay import split_deals
from .extra import EXTRA_SEED, sample_session, shoot

if TYPE_CHECKING:
    from ..app.app import App

REVIEW_DEAL = 2  # the sample sessions' deal shown


def review_shots(app: App, folder: Path) -> list[Path]:
    """The review of one deal at 3 and at 8 players: at its costliest decision (or its last), and at its stake."""
    paths: list[Path] = []
    for players, name in ((3, "17_review_3p"), (8, "17b_review_8p")):
        logs = split_deals([json.dumps(event) for event in sample_session(EXTRA_SEED + players, players=players)])
        scene = ReviewScene(app, logs[min(REVIEW_DEAL, len(logs)) - 1], threaded=False)
        app.scenes.clear_to(scene)
        total = scene.total or 0
        scene.step((scene.costliest() or total) - 1)
        app.step(1 / 60)
        paths.append(shoot(app, folder, name))
        if players == 3:
            scene.step(-total)
            app.step(1 / 60)
            paths.append(shoot(app, folder, "17c_review_stake"))
    return paths
