"""The pause menu opened over a deal summary names the deal whose summary is open, not the next one."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app, key, top
from helpers import quick_character_ids

from game.ai.registry import load_character_by_id
from game.app.app import App
from game.app.scenes.common import PRESS_GUARD_S
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.pause import PauseScene, describe_table
from game.app.table.scene import TableScene
from game.config import rules_by_name


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def test_the_pause_over_a_summary_names_the_deal_summed_up(app: App) -> None:
    rules = dataclasses.replace(rules_by_name("classic"), players=3, deals=10)
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(i) for i in quick_character_ids()[:2])]
    scene = TableScene.seated(app, rules, seats, 7)
    app.scenes.clear_to(scene)
    for deal in (1, 2):
        assert scene.fast_forward_until(lambda s: s.summary is not None, 50_000, play_for_human=True)
        summary = top(app, DealSummaryScene)
        assert summary.record.deal == deal
        app.step(PRESS_GUARD_S)
        key(app, pygame.K_ESCAPE)
        pause = top(app, PauseScene)
        assert describe_table(pause.table).endswith(f"deal {deal} of 10")
        key(app, pygame.K_ESCAPE)
        assert top(app, DealSummaryScene) is summary
        key(app, pygame.K_RETURN)
        assert top(app, TableScene) is scene
