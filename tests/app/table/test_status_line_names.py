"""The table's status line names characters by the name tag on their plates ("Prof. Quist"), never in full."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai.registry import load_character_by_id
from game.app.app import App
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import Card


@pytest.mark.parametrize("code, tag", [("en", "Prof. Quist"), ("fr", "Prof. Quist")])
def test_the_status_line_names_a_character_as_the_plate_does(app: App, code: str, tag: str) -> None:
    app.set_language(code)
    seats = [("You", None)] + [(c.name, c) for c in map(load_character_by_id, ("professor", "bert", "vera"))]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4), seats, 11)
    app.scenes.clear_to(scene)
    seen: list[str] = []

    def watch(table: TableScene) -> bool:
        seen.append(table.turn_words)
        return table.session.deal_number > 2

    assert scene.fast_forward_until(watch, 50_000)
    assert scene.painter.plate_name(1) == tag
    assert any(tag in words for words in seen), "the professor's turn never showed on the status line"
    model = scene.model
    model.set_status(model.lead_words(1, Card.parse("7H")))
    model.set_latest("play", 1, card=Card.parse("8H"))
    status = f"{model.status} | {' '.join(seen)}"
    assert status.count(tag) >= 2 and "{" not in status, status
    assert not any(full in status for full in ("Alaric", "Professor", "Professeur")), status
