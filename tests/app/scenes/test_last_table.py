"""New game opens with the last table started: the players, the characters chosen, the rules file, the length
and the speed; a damaged file, a rules file gone and a character gone or locked fall back with a word."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import empty_table, make_app

from game.app.app import App
from game.app.scenes.new_game.defaults import default_table
from game.app.scenes.new_game.scene import NewGameScene
from game.app.table.scene import TableScene
from game.config import RULES_DIR
from game.storage.last_table_file import LAST_TABLE_FILE, LastTable, load_last_table, save_last_table


def open_new_game(app: App, locks: dict[str, str] | None = None) -> NewGameScene:
    """New game on top of the stack, laid out (nothing locked unless `locks` says)."""
    scene = NewGameScene(app, seed=7, locks=locks or {})
    app.scenes.clear_to(scene)
    app.step(0.0)
    return scene


def said(scene: NewGameScene) -> str:
    """The notes New game shows under its panels, the one shown and those waiting."""
    return " ".join([scene.flash, *scene.notes])


def choices(scene: NewGameScene) -> tuple[object, ...]:
    """Everything New game lets the player choose, as comparable values."""
    rules = scene.entries[scene.rules_index].path if scene.rules_index is not None else None
    return (scene.players, [scene.characters[i].id for i in scene.chosen], rules, scene.length, scene.deals_index,
            scene.minutes_index, scene.app.settings.animation_speed)


def test_start_remembers_the_table_and_new_game_opens_with_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app)
    first = choices(scene)
    house = [i for i, entry in enumerate(scene.entries) if entry.path.stem == "house"][0]
    scene.choose_rules(house)
    scene._set_players(5 - 3)
    for index in (4, 1, 2):
        scene.toggle(index)
    scene._set_length(2)
    scene._set_amount(5)  # 45 minutes
    scene._set_speed(2)  # fast
    chosen = choices(scene)
    assert chosen != first and chosen[0] == 5 and chosen[3] == 2
    scene.start()
    assert isinstance(app.scenes.top, TableScene) and len(app.scenes.top.seats) == 5
    assert (tmp_path / LAST_TABLE_FILE).is_file()
    app.scenes.close()
    again = make_app(tmp_path)  # the next run of the game
    reopened = open_new_game(again)
    assert choices(reopened) == chosen and said(reopened).strip() == ""
    again.scenes.close()


def test_a_damaged_file_gives_the_usual_choices_and_a_word_and_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / LAST_TABLE_FILE).write_bytes(b'{"players": 5, "characters": [')
    app = make_app(tmp_path)
    scene = open_new_game(app)
    default = default_table()
    assert scene.players == default.players and tuple(scene.characters[i].id for i in scene.chosen) == default.opponents
    assert "remembered table file could not be used" in app.notices.words(), "in the window's notice"
    assert not (tmp_path / LAST_TABLE_FILE).exists()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(LAST_TABLE_FILE)]
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"players": 5, "characters": ['
    app.scenes.close()


def test_a_partly_usable_file_keeps_what_it_can(tmp_path: Path) -> None:
    (tmp_path / LAST_TABLE_FILE).write_text(json.dumps({"players": 99, "characters": ["maud"], "length": "time",
                                                        "minutes": "soon"}))
    app = make_app(tmp_path)
    scene = open_new_game(app)
    assert scene.players == 4 and [scene.characters[i].id for i in scene.chosen] == ["maud"] and scene.length == 2
    assert "2 of its values could not be used" in app.notices.words()
    last, problem = load_last_table(tmp_path)
    assert problem is None and last is not None and last.characters == ("maud",), "what was usable is written back"
    app.scenes.close()


def test_a_rules_file_gone_and_a_character_gone_or_locked_fall_back_with_a_word(tmp_path: Path) -> None:
    mine = tmp_path / "rules"
    mine.mkdir()
    shutil.copy(RULES_DIR / "classic.yaml", mine / "my_rules.yaml")
    app = make_app(tmp_path)
    scene = open_new_game(app)
    my_rules = [i for i, entry in enumerate(scene.entries) if entry.path.parent == mine][0]
    scene.choose_rules(my_rules)
    empty_table(scene)
    ids = [c.id for c in scene.characters]
    scene.toggle(ids.index("maud"))
    scene.toggle(ids.index("bert"))
    scene.start()
    last, _ = load_last_table(tmp_path)
    assert last == LastTable(4, ("maud", "bert"), "my_rules.yaml", True, "deals", 10, 20, "fair"), \
        "levels 2 and 3 keep the default table's strength"
    app.scenes.close()
    (mine / "my_rules.yaml").unlink()
    save_last_table(tmp_path, LastTable(4, ("maud", "nobody_now", "bert"), "my_rules.yaml", True))
    again = make_app(tmp_path)
    reopened = open_new_game(again, locks={"character:bert": "The Crown"})
    assert reopened.rules is not None and \
        reopened.entries[reopened.rules_index or 0].path.stem == default_table().rules, "New game's own choice"
    assert [reopened.characters[i].id for i in reopened.chosen] == ["maud"]
    assert "my_rules.yaml" in reopened.flash and "is no longer there" in reopened.flash, "the first note at once"
    assert "nobody_now" in said(reopened) and "The Crown" in said(reopened)
    for _ in range(2):  # each note in turn
        reopened.update(6.0)
        reopened.update(0.0)
    assert "The Crown" in reopened.flash and not reopened.notes
    again.scenes.close()


@pytest.mark.parametrize("data", [b"[]", b"7", b'{"rules": "../../etc/passwd"}', b'{"characters": ["a b"]}',
                                  b"\xff\xfe", b'{"deals": 1e999}', b'{"players": true}'])
def test_no_file_makes_new_game_fail(tmp_path: Path, data: bytes) -> None:
    (tmp_path / LAST_TABLE_FILE).write_bytes(data)
    app = make_app(tmp_path)
    scene = open_new_game(app)
    assert scene.rules is not None and 3 <= scene.players <= 8 and app.notices.waiting, "said at once"
    app.scenes.close()
