"""The replay's lower left tells the deal so far in words (the table's deal log, every seat by name), with room
kept for it at 8 seats; its boodle chips take the table's colours, one per boodle card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

from game.app import replay_words
from game.app.replay_words import replay_log
from game.app.scenes.replay import LOG_MIN, SEATS, ReplayScene, seat_row
from game.replay import Replay
from game.shots.extra import sample_session


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay.from_lines([json.dumps(event) for event in sample_session(5, players=4, deals=2)], "sample")


def test_the_deal_so_far_is_told_up_to_the_step_shown(replay: Replay) -> None:
    plays = [i for i, step in enumerate(replay.steps) if step.event.type == "play"]
    middle = plays[len(plays) // 3]
    names = ["Ann", "Bob", "Cy", "Di"]
    lines = [str(line) for line in replay_log(replay, middle, names)]
    assert lines and any(name in line for line in lines for name in names)
    later = [str(line) for line in replay_log(replay, middle + 1, names)]
    assert len(later) > len(lines) and later[:len(lines)] == lines


@pytest.mark.parametrize("count", range(3, 9))
def test_room_is_kept_under_the_seats_for_the_log(count: int) -> None:
    assert SEATS.bottom - seat_row(count - 1, count).bottom >= LOG_MIN


def test_the_replay_draws_its_log_and_boodle_chips_in_the_tables_colours(replay: Replay, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    scene = ReplayScene(app, replay)
    app.scenes.clear_to(scene)
    plays = [i for i, step in enumerate(replay.steps) if step.event.type == "play"]
    scene.seek(plays[len(plays) // 2])
    colours: list[int] = []
    kept = app.art.draw_stack

    def stack(target: Any, colour: int, *args: Any, **kwargs: Any) -> Any:
        colours.append(colour)
        return kept(target, colour, *args, **kwargs)
    monkeypatch.setattr(app.art, "draw_stack", stack)
    said: list[str] = []
    drawn = app.text.render_wrapped

    def wrapped(words: str, *args: Any, **kwargs: Any) -> Any:
        said.append(words)
        return drawn(words, *args, **kwargs)
    monkeypatch.setattr(app.text, "render_wrapped", wrapped)
    app.step(1 / 60)
    boodle = [chips for _, chips in replay.state.boodle if chips]
    assert len(boodle) < 2 or len(set(colours)) >= 2, "the boodle chips are all one colour"
    told = [str(line) for line in replay_log(replay, scene.position, [face.name for face in scene.faces])]
    assert told[-1] in said, "the newest line of the deal so far is drawn"


def test_the_words_are_made_once_a_position_not_once_a_frame(replay: Replay, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = replay_words.replay_log

    def counted(shown: Replay, position: int, names: Any) -> Any:
        made.append(position)
        return real(shown, position, names)
    monkeypatch.setattr(replay_words, "replay_log", counted)
    app = make_app(tmp_path)
    scene = ReplayScene(app, replay)
    app.scenes.push(scene)
    scene.seek(len(replay.steps) // 2)
    for _ in range(5):
        app.draw(app.screen)
    assert len(made) == 1, "the deal so far, the moment and the stops made once for the position shown"
    scene.seek(scene.position + 1)
    app.draw(app.screen)
    assert len(made) == 2
    app.scenes.close()
