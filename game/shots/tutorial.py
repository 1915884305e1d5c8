"""The guided first deal in pictures, for the screenshots command: the title's offer, then the coach at the
table step by step, played through as a newcomer might (the first raised card led, every next card played)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..app.scene import Scene
from ..app.tutorial.coach import FirstDealCoach
from ..engine.cards import Card
from .extra import shoot

if TYPE_CHECKING:
    from ..app.app import App

FRAME = 1 / 60
SHOTS = (("boodle", "tutorial_1_boodle"), ("stake", "tutorial_2_stake"), ("lead", "tutorial_3_lead"),
         ("review", "tutorial_4_review"), ("boodle_hit", "tutorial_5_boodle_hit"),
         ("your_follow", "tutorial_6_follow"), ("payments", "tutorial_7_payments"),
         ("boodle_left", "tutorial_7b_boodle_left"))


def coach_of(scene: Scene | None) -> FirstDealCoach | None:
    """The coach of a guided table, if `scene` is one."""
    guide = getattr(scene, "guide", None)
    return guide if isinstance(guide, FirstDealCoach) else None


def follow_coach(app: App, coach: FirstDealCoach, until: Callable[[FirstDealCoach], bool],
                 choose: Callable[[FirstDealCoach], Card | bool] | None = None, frames: int = 20_000) -> bool:
    """Play the guided table through the coach (Next, an even stake, and each lead or follow as `choose` says:
    by default the lead a newcomer might pick first, the one furthest left, and every follow played) until
    `until(coach)`."""
    for _ in range(frames):
        if until(coach):
            return True
        human = coach.scene.human
        coach.finish_searches()  # a review, and a character's answer, come at the same frame on any machine
        coach.scene.table.finish_thinking()
        if coach.holding:
            coach.next()
        elif human.kind == "stake" and coach.step is not None:
            human.spread_evenly()
            human.confirm_stake()
        elif human.kind in ("lead", "follow") and coach.choice is not None and coach.choice.decision is human.decision:
            answer = (choose or first_sight)(coach)
            if isinstance(answer, Card):
                human.lead(answer)
            else:
                human.follow(answer)
        app.step(FRAME)
    return until(coach)


def first_sight(coach: FirstDealCoach) -> Card | bool:
    """A newcomer's pick: the first raised card of the hand, and every next card played."""
    human = coach.scene.human
    return next(card for card, _ in human.hand_rects() if card in human.lawful) if human.kind == "lead" else True


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
