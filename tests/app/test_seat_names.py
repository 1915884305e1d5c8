"""A character is named the same way on their nameplate, in the deal summary and in the replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
from app_helpers import make_app

from game.ai.character import Character
from game.ai.registry import load_character_by_id, make_agent
from game.ai.seats import seats_against
from game.app.canvas import Canvas
from game.app.scenes.common import portrait
from game.app.scenes.replay import seat_faces
from game.app.table.scene import TableScene
from game.config import default_rules
from game.engine import RuleSet, SeatInfo, Session, event_dict, play_session
from game.locale.names import character_short, seat_name
from game.replay import Replay

IDS = ("professor", "reggie", "hetty", "pip")


def logged_session(rules: RuleSet, characters: list[Character]) -> list[str]:
    """The log of a session of the player (seat 0, as the table logs them) against `characters`."""
    seats = [SeatInfo("You", "human", None)] + [SeatInfo(c.name, "ai", c.id) for c in characters]
    events: list[str] = []
    play_session(Session(rules, seats, 5), [make_agent("lowest", 5, 0)] + [make_agent(c.id, 5, s + 1) for s, c in
                                                                          enumerate(characters)],
                 lambda event: events.append(json.dumps(event_dict(event))))
    return events


def pixels(surface: Canvas) -> bytes:
    """A picture's pixels, to compare two drawings."""
    return pygame.image.tobytes(surface.real, "RGBA")


def test_a_replay_draws_each_seat_with_the_face_the_table_drew(tmp_path: Path) -> None:
    rules = dataclasses.replace(default_rules(), players=len(IDS) + 1, deals=1)
    characters = [load_character_by_id(i) for i in IDS]
    app = make_app(tmp_path)
    try:
        scene = TableScene.seated(app, rules, seats_against(IDS), 5)
        app.scenes.clear_to(scene)
        scene.painter.build(scene.painter.table_look)
        table = scene.painter.portraits
        faces = seat_faces(Replay.from_lines(logged_session(rules, characters), "test"))
        for seat, face in enumerate(faces):
            diameter = 2 * scene.stage.layout.seats[seat].portrait_radius
            assert face.look is not None, seat
            assert pixels(portrait(face.look, diameter, app.text, face.key)) == pixels(table[seat]), seat
    finally:
        app.scenes.close()


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
    replay = [face.name for face in seat_faces(Replay.from_lines(logged_session(rules, characters), "test"))[1:]]
    assert plates == summary == replay == tags
    assert "Prof. Quist" in tags and seat_name(None, "Seat 2 (maud)") == "Seat 2 (maud)"
