"""Once the player is out of the session, they may skip to its results rather than watch every deal (issue 12)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app, key, top

from game.ai.registry import character_ids
from game.ai.seats import seats_against
from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.results import ResultsScene
from game.app.table.scene import TableScene
from game.config import default_rules


@pytest.fixture
def app(tmp_path: Path) -> App:
    return instant_app(tmp_path)


def out_early(app: App) -> TableScene:
    """A table of four that the player leaves early (few chips, no deal limit), the player just out."""
    rules = dataclasses.replace(default_rules(), players=5, starting_chips=8, deals=None)
    ids = character_ids()
    scene = app.scenes.clear_to("table", rules=rules, seats=seats_against(ids[:4]), seed=2)
    assert isinstance(scene, TableScene)
    assert scene.fast_forward_until(lambda t: not t.model.seats[0].in_session, 50_000)
    assert not scene.table.over, "the others play on"
    return scene


def test_the_offer_comes_only_once_the_player_is_out(app: App) -> None:
    rules = dataclasses.replace(default_rules(), players=4)
    scene = app.scenes.clear_to("table", rules=rules, seats=seats_against(character_ids()[:3]), seed=3)
    assert isinstance(scene, TableScene) and not scene.skip.offered
    key(app, pygame.K_s)
    assert not scene.skip.on
    scene = out_early(app)
    assert scene.skip.offered and scene.skip.button().rect.colliderect(scene.layout.panel)


def test_s_plays_the_rest_out_at_once_to_the_results(app: App) -> None:
    scene = out_early(app)
    scene.stage.hurrying = False  # as a player finds it: the table at its own pace
    key(app, pygame.K_s)
    assert scene.skip.on and not scene.skip.offered and scene.speed == float("inf")
    summaries = 0
    for _ in range(20_000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        summaries += isinstance(app.scenes.top, DealSummaryScene)
        app.step(1 / 60)  # no key pressed: the summaries close by themselves
    results = top(app, ResultsScene)
    assert summaries > 0 and scene.table.over and results.model is scene.model
    assert list(scene.table.session.chips) == [seat.chips for seat in scene.model.seats]
