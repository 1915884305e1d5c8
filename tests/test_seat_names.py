"""A character is named the same way on their nameplate, in the deal summary and in the replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
from app_helpers import make_app

from game.ai.registry import load_character_by_id, make_agent
from game.ai.seats import seats_against
from game.app.scenes.replay import seat_faces
from game.app.table.scene import TableScene
from game.config import default_rules
from game.engine import SeatInfo, Session, event_dict, play_session
from game.locale.names import character_short, seat_name
from game.replay import Replay

IDS = ("professor", "reggie", "hetty", "pip")


def test_a_character_is_named_by_one_tag_on_plate_summary_and_replay(tmp_path: Path) -> None:
    rules = dataclasses.replace(default_rules(), players=len(IDS) + 1, deals=1)
    characters = [load_character_by_id(i) for i in IDS]
    tags = [character_short(c) for c in characters]
    app = make_app(tmp_path)
    try:
        scene = TableScene.seated(app, rules, seats_against(IDS), 5)
        app.scenes.clear_to(scene)
        plates = [scene.painter.plate_name(seat) for seat in range(1, len(IDS) + 1)]
        summary = [scene.model.name(seat) for seat in range(1, len(IDS) + 1)]  # what the summary names
    finally:
        app.scenes.close()
    seats = [SeatInfo("You", "human", None)] + [SeatInfo(c.name, "ai", c.id) for c in characters]
    events: list[str] = []
    play_session(Session(rules, seats, 5), [make_agent("lowest", 5, 0)] + [make_agent(i, 5, s + 1) for s, i in
                                                                          enumerate(IDS)],
                 lambda event: events.append(json.dumps(event_dict(event))))
    replay = [face.name for face in seat_faces(Replay.from_lines(events, "test"))[1:]]
    assert plates == summary == replay == tags
    assert "Prof. Quist" in tags and seat_name(None, "Seat 2 (maud)") == "Seat 2 (maud)"
