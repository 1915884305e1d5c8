"""New game's default table, its table strength and its word on a table that leaves the player little to do."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
from app_helpers import make_app

from game.app.scenes.new_game import NewGameScene
from game.app.scenes.new_game_defaults import default_table
from game.app.scenes.table_choices import campaign_locks
from game.app.table.scene import TableScene
from game.config import RULES_DIR, load_rules


def test_a_first_new_game_opens_on_the_default_table_and_starts_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = NewGameScene(app, seed=5)
    app.scenes.clear_to(scene)
    app.step(0.0)
    default = default_table()
    assert scene.rules_index is not None and scene.entries[scene.rules_index].path.stem == default.rules
    assert scene.players == default.players
    assert tuple(scene.characters[i].id for i in scene.chosen) == default.opponents
    scene.start()
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert [character.id for _, character in table.seats[1:] if character is not None] == list(default.opponents)
    assert table.rules == dataclasses.replace(load_rules(RULES_DIR / f"{default.rules}.yaml"), players=default.players)
    app.scenes.close()


def test_the_default_opponents_are_seatable_before_any_venue_is_won() -> None:
    locks = campaign_locks(frozenset())
    default = default_table()
    assert len(default.opponents) == default.players - 1
    assert not [who for who in default.opponents if f"character:{who}" in locks]
    assert f"rules:{default.rules}" not in locks
