"""The deal summary and the results ignore, for their first moment, the keys and clicks that would press their
buttons: a quick second Enter meant for the table (after a going out) never dismisses them unseen. Game time
only (dt steps), never the wall clock."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import click, instant_app, key

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.common import PRESS_GUARD_S
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.results import ResultsScene
from game.app.table.scene import TableScene
from game.config import rules_by_name


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def seated(app: App, deals: int) -> TableScene:
    """Classic rules for `deals` deals, the player against three characters."""
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("pip", "dex", "hetty")]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=deals), seats, 3)
    app.scenes.clear_to(scene)
    return scene


def summary_open(app: App) -> DealSummaryScene:
    """The first deal played through to its summary, just opened."""
    scene = seated(app, 2)
    assert scene.fast_forward_until(lambda t: t.summary is not None)
    summary = app.scenes.top
    assert isinstance(summary, DealSummaryScene) and summary.clock == 0.0
    return summary


@pytest.mark.parametrize("code", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE])
def test_a_key_in_the_summarys_first_moment_is_ignored_and_one_after_it_plays_on(app: App, code: int) -> None:
    summary = summary_open(app)
    app.step(0.2)
    key(app, code)
    assert app.scenes.top is summary and not summary.closed  # meant for the table: the summary stays
    app.step(0.4)
    assert summary.clock >= 0.6
    key(app, code)
    assert summary.closed and summary not in list(app.scenes)


def test_a_click_on_the_summarys_button_in_its_first_moment_is_ignored(app: App) -> None:
    summary = summary_open(app)
    app.step(0.2)
    click(app, summary.button.rect.center)
    assert not summary.closed
    app.step(PRESS_GUARD_S)
    click(app, summary.button.rect.center)
    assert summary.closed


def test_esc_still_opens_the_pause_menu_at_once(app: App) -> None:
    summary = summary_open(app)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not summary and not summary.closed


@pytest.mark.parametrize("code", [pygame.K_RETURN, pygame.K_ESCAPE])
def test_the_results_ignore_a_key_in_their_first_moment(app: App, code: int) -> None:
    scene = seated(app, 1)
    assert scene.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene), 50_000)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    app.step(0.2)
    key(app, code)
    assert app.scenes.top is results and scene in list(app.scenes)
    app.step(0.4)
    key(app, code)
    assert scene not in list(app.scenes)
