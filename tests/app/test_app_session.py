"""Nothing lost: a session in progress is kept when the window closes, offered again, and restored exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import frames, key, make_app, top

from game.app.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.engine.decisions import LeadAction, LeadDecision
from game.storage import resume
from game.storage.resume import FREE, load_resume, resume_path, save_resume

CONTINUE = "Continue: free game"


def kept_file(folder: Path) -> Path:
    """Where the free game left mid-session is kept."""
    return resume_path(folder, FREE)


def start_table(app: App, seed: int = 7, players: int = 4) -> TableScene:
    """From the title through New game to a table, as a player does it (Start is pressed by keyboard)."""
    app.scenes.push(TitleScene(app))
    key(app, pygame.K_n)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.seed = seed
    while scene.players < players:
        scene._set_players(scene.players - 2)  # the Choice index is players - 3
    key(app, pygame.K_r)  # a random table
    start = [c for c in scene.form.controls if getattr(c, "label", "") == "Start"][0]
    scene.form.focus_on(start)
    key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return table


def engine_state(table: TableScene) -> dict[str, Any]:
    """Everything the engine holds that decides what comes next."""
    session = table.session
    return {"chips": list(session.chips), "pot": session.pot, "boodle": list(session.boodle),
            "dealer": session.dealer, "deal": session.deal_number, "pending": session.pending(),
            "hands": [session.hand(seat) for seat in range(session.n)], "dead": session.dead_hand(),
            "actions": list(table.actions), "seats": [(name, c.id if c else None) for name, c in table.seats]}


def test_closing_the_window_keeps_the_session_and_continue_restores_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = start_table(app)
    assert table.fast_forward_until(lambda t: t.session.deal_number >= 2 and t.human.kind == "lead")
    before = engine_state(table)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running  # nothing asked: the session could be kept
    assert kept_file(tmp_path).is_file()
    app.scenes.close()

    again = make_app(tmp_path)
    title = TitleScene(again)
    again.scenes.push(title)
    labels = [button.label for button in title.menu.buttons]
    assert labels[:2] == ["New game", CONTINUE] and title.menu.focus == 1
    key(again, pygame.K_RETURN)
    resumed = again.scenes.top
    assert isinstance(resumed, TableScene)
    assert engine_state(resumed) == before
    assert kept_file(tmp_path).exists()  # Continue never removes the only copy: the table writes over it
    # the restored session plays on exactly as the kept one would have
    lead = table.session.pending()
    assert isinstance(lead, LeadDecision) and lead.player == 0
    card = lead.options[-1]
    assert table.session.apply(LeadAction(0, card)) == resumed.session.apply(LeadAction(0, card))
    frames(again, 30)
    again.scenes.close()


def test_quit_to_title_keeps_the_session_and_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = start_table(app, seed=9)
    table.fast_forward_until(lambda t: t.human.kind == "lead")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    key(app, pygame.K_t)
    title = app.scenes.top
    assert isinstance(title, TitleScene) and "kept" in title.message
    assert [b.label for b in title.menu.buttons][1] == CONTINUE
    snapshot = load_resume(tmp_path).snapshot
    assert snapshot is not None and snapshot["actions"]
    app.scenes.close()


def test_a_new_game_over_a_kept_session_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    save_resume(tmp_path, {"version": 1})
    scene = NewGameScene(app, seed=1)
    app.scenes.push(scene)
    scene.start()
    assert isinstance(app.scenes.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # no: the kept session stays
    assert top(app, NewGameScene) is scene and kept_file(tmp_path).exists()
    scene.start()
    key(app, pygame.K_y)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    table.recorder.keeper.flush()
    assert load_resume(tmp_path).snapshot == table.snapshot()  # the new table replaced the old one at once
    app.scenes.close()


def test_quitting_asks_only_when_the_session_cannot_be_kept(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    start_table(app, seed=3)

    def full_disk(folder: Path, snapshot: object, mode: str = FREE, saved_at: float | None = None,
                  unknown: object = None) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.storage.keeper.save_resume", full_disk)  # the table keeps it through its keeper
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert app.running and isinstance(app.scenes.top, ConfirmScene)
    assert "No space left" in app.scenes.top.detail
    key(app, pygame.K_n)
    assert app.running and isinstance(app.scenes.top, TableScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closing again while asked: quit
    app.step(1 / 60)
    assert not app.running
    app.scenes.close()


def test_quitting_from_the_title_asks_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running and not kept_file(tmp_path).exists()


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe", b"[]", b'{"format": "other"}',
                                     b'{"format": "newmarket-session", "version": 99, "snapshot": {}}',
                                     b'{"format": "newmarket-session", "version": 1, "snapshot": 3}'])
def test_an_unusable_kept_session_is_moved_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    kept_file(tmp_path).parent.mkdir()
    kept_file(tmp_path).write_bytes(content)
    app = make_app(tmp_path)
    title = TitleScene(app)
    app.scenes.push(title)
    frames(app, 3)
    told = app.notices.words()  # the window's notice, over the title
    assert "Your free game in progress could not be used" in told and app.notices.over(title)
    assert CONTINUE not in [b.label for b in title.menu.buttons]
    assert not kept_file(tmp_path).exists()
    kept = [p for p in kept_file(tmp_path).parent.iterdir() if p.name.startswith("free.json.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content and kept[0].name in told


def test_a_snapshot_that_will_not_resume_is_moved_aside_too(tmp_path: Path) -> None:
    save_resume(tmp_path, {"version": 1, "rules": {"name": "?"}, "seats": [], "seed": 1, "actions": []})
    app = make_app(tmp_path)
    title = TitleScene(app)
    app.scenes.push(title)
    key(app, pygame.K_c)
    assert app.scenes.top is title and "could not be resumed" in app.notices.words()
    assert CONTINUE not in [b.label for b in title.menu.buttons]
    assert any(p.name.startswith("free.json.unreadable-") for p in kept_file(tmp_path).parent.iterdir())


def test_resume_file_round_trip_and_set_aside_never_overwrites(tmp_path: Path) -> None:
    save_resume(tmp_path, {"version": 1, "deal": 3})
    document = json.loads(kept_file(tmp_path).read_text())
    assert document["format"] == "newmarket-session" and document["version"] == resume.VERSION
    assert load_resume(tmp_path).snapshot == {"version": 1, "deal": 3}
    for _ in range(3):
        kept_file(tmp_path).write_text("junk")
        assert load_resume(tmp_path).message
    assert len([p for p in kept_file(tmp_path).parent.iterdir() if ".unreadable-" in p.name]) == 3
