"""A kept deal whose events are out of order, or whose rules are no rules, is explained in the Replays list
with the log check's sentence, never opened and never a crash (issue 11, item 8)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from app_helpers import key, make_app

from game.app.scenes.replays import ReplaysScene
from game.replay import split_deals
from game.storage.saves import append_deal_log

GOLDEN = sorted((Path(__file__).parents[2] / "golden").glob("*.jsonl"))


def _kept_deal(number: int) -> list[str]:
    return split_deals(GOLDEN[0].read_text(encoding="utf-8").splitlines())[number - 1].splitlines()


def _after_its_end() -> list[str]:
    last = _kept_deal(10)
    return last + last[-1:]


def _minus_five_chips() -> list[str]:
    lines = _kept_deal(2)
    start = json.loads(lines[0])
    start["rules"]["starting_chips"] = -5
    return [json.dumps(start)] + lines[1:]


@pytest.mark.parametrize("make,sentence", [
    (_after_its_end, "after session_end"),
    (_minus_five_chips, "line 1: session_start's rules: starting_chips: must not be negative, got -5"),
    (lambda: _kept_deal(3)[:2] + _kept_deal(3)[:1] + _kept_deal(3)[2:], "a second session_start"),
])
def test_a_broken_kept_deal_is_explained_not_opened(tmp_path: Path, make: Callable[[], list[str]],
                                                    sentence: str) -> None:
    app = make_app(tmp_path)
    assert append_deal_log(tmp_path, "autosave", "".join(line + "\n" for line in make())) is None
    scene = ReplaysScene(app)
    app.scenes.clear_to(scene)
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    assert scene.message.startswith("That deal cannot be replayed") and sentence in scene.message
    app.draw(app.screen)
