"""The guided first deal in pictures, for the screenshots command: the title's offer, then the coach at the
table step by step, played through as a player following the coach would."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..scene import Scene
from ..screenshots_extra import shoot
from .coach import FirstDealCoach

if TYPE_CHECKING:
    from ..app import App

FRAME = 1 / 60
SHOTS = (("boodle", "tutorial_1_boodle"), ("stake", "tutorial_2_stake"), ("lead", "tutorial_3_lead"),
         ("boodle_hit", "tutorial_4_boodle_hit"), ("stop", "tutorial_5_stop"), ("king", "tutorial_6_king"),
         ("payments", "tutorial_7_payments"), ("boodle_left", "tutorial_7b_boodle_left"))


def coach_of(scene: Scene | None) -> FirstDealCoach | None:
    """The coach of a guided table, if `scene` is one."""
    guide = getattr(scene, "guide", None)
    return guide if isinstance(guide, FirstDealCoach) else None


def follow_coach(app: App, coach: FirstDealCoach, until: Callable[[FirstDealCoach], bool],
                 frames: int = 20_000) -> bool:
    """Play the guided table as the coach asks (Next, an even stake, the coached lead) until `until(coach)`."""
    for _ in range(frames):
        if until(coach):
            return True
        human = coach.scene.human
        if coach.holding:
            coach.next()
        elif coach.step is not None and human.kind == "stake":
            human.spread_evenly()
            human.confirm_stake()
        elif coach.step is not None and human.kind == "lead" and coach.coached is not None:
            human.lead(coach.coached)
        app.step(FRAME)
    return until(coach)


def showing(name: str) -> Callable[[FirstDealCoach], bool]:
    """The coach shows the step called `name`."""
    return lambda coach: coach.step is not None and coach.step.name == name


def render_tutorial_screenshots(app: App, folder: Path) -> list[Path]:
    """The offer on the title and the guided deal's steps, at the game's own pace (so chips and cards land)."""
    before = app.settings
    app.change_settings(dataclasses.replace(before, first_deal_offer="ask", animation_speed="fast"), remember=False)
    paths: list[Path] = []
    try:
        app.scenes.clear_to("title")  # a new player's first title (render_all keeps the offer off before)
        app.step(FRAME)
        paths.append(shoot(app, folder, "tutorial_0_offer"))
        coach = coach_of(app.scenes.clear_to("tutorial"))
        assert coach is not None
        for name, file_name in SHOTS:
            follow_coach(app, coach, showing(name))
            for _ in range(90):  # the moment's cards and chips land
                app.step(FRAME)
            paths.append(shoot(app, folder, file_name))
        follow_coach(app, coach, lambda done: done.closing is not None)
        for _ in range(30):
            app.step(FRAME)
        paths.append(shoot(app, folder, "tutorial_8_closing"))
    finally:
        app.change_settings(before, remember=False)
    return paths
