"""Ctrl+Q quits from any screen, handled once by the app: at once when the session is kept (or there is none),
asking first only when it could not be kept."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app

from game.ai.registry import load_character_by_id
from game.app.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.storage import keeper as keeper_module
from game.storage.resume import FREE, load_resume


def ctrl_q(app: App) -> None:
    """Press Ctrl+Q and run a frame."""
    key(app, pygame.K_q, mod=pygame.KMOD_LCTRL)


def sit(app: App) -> TableScene:
    """A table of the player and three characters, played until the player is asked something."""
    seats = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert", "vera")]
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=3), seats, 11)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: t.human.decision is not None and len(t.actions) > 3,
                                    play_for_human=True)
    return table


@pytest.mark.parametrize("scene", ["title", "new_game", "settings", "how_to_play", "statistics"])
def test_ctrl_q_quits_at_once_from_a_menu(tmp_path: Path, scene: str) -> None:
    app = make_app(tmp_path)
    app.scenes.clear_to(scene)  # type: ignore[arg-type]
    ctrl_q(app)
    assert not app.running, f"Ctrl+Q on {scene} did not quit"
    app.scenes.close()


def test_ctrl_q_at_the_table_keeps_the_session_and_quits_without_asking(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app)
    ctrl_q(app)
    assert not app.running and not isinstance(app.scenes.top, ConfirmScene)
    snapshot = load_resume(tmp_path, FREE).snapshot
    assert snapshot is not None and len(snapshot["actions"]) == len(table.actions), "kept as it stood"
    app.scenes.close()


def test_ctrl_q_asks_when_the_session_could_not_be_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    sit(app)

    def full_disk(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(keeper_module, "save_resume", full_disk)
    ctrl_q(app)
    question = app.scenes.top
    assert app.running and isinstance(question, ConfirmScene)
    assert "No space left on device" in question.detail and "lost" in question.detail
    key(app, pygame.K_ESCAPE)  # keep playing
    assert app.running and isinstance(app.scenes.top, TableScene)
    ctrl_q(app)
    assert isinstance(app.scenes.top, ConfirmScene)
    ctrl_q(app)  # asked, Ctrl+Q again means it
    assert not app.running
    app.scenes.close()


def test_ctrl_q_over_a_question_and_the_pause_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app)
    app.scenes.push("pause", table=table)
    ctrl_q(app)
    assert not app.running and load_resume(tmp_path, FREE).snapshot is not None
    app.scenes.close()
