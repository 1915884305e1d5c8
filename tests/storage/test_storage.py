"""The player's files: atomic writes that survive a failure half way, and settings that never break the game."""

import json
import os
from pathlib import Path

import pytest

from game.atomic import backup_path, write_atomically
from game.storage.paths import data_dir
from game.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings


def test_write_atomically_replaces_and_keeps_a_backup(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    write_atomically(target, b"one", keep_backup=True)
    write_atomically(target, b"two", keep_backup=True)
    assert target.read_bytes() == b"two"
    assert backup_path(target).read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json", "save.json.bak"]


def test_a_write_that_fails_after_the_temporary_file_leaves_the_old_file(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "save.json"
    write_atomically(target, b"old")
    real_replace = os.replace

    def failing_replace(src: str, dst: str) -> None:
        if Path(dst) == target:
            raise OSError("disk pulled out")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError):
        write_atomically(target, b"new", keep_backup=True)
    assert target.read_bytes() == b"old"
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_data_dir_is_created_where_asked(tmp_path: Path) -> None:
    folder = data_dir(tmp_path / "deep" / "er")
    assert folder.is_dir() and folder == tmp_path / "deep" / "er"


def test_settings_round_trip(tmp_path: Path) -> None:
    chosen = Settings(master_volume=0.25, muted=True, animation_speed="fast", four_colour_deck=True)
    save_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == (chosen, None)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "", "\x00\x01", '"a string"'])
def test_unreadable_settings_fall_back_to_defaults_with_a_reason(tmp_path: Path, text: str) -> None:
    (tmp_path / SETTINGS_FILE).write_text(text, encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings()
    assert problem is not None and SETTINGS_FILE in problem


def test_out_of_range_and_unknown_settings_take_their_defaults_and_the_file_is_kept(tmp_path: Path) -> None:
    data = {"master_volume": 7, "effects_volume": -1, "muted": "yes", "animation_speed": "warp", "future": 1,
            "chattiness": 0.5}
    raw = json.dumps(data).encode("utf-8")
    (tmp_path / SETTINGS_FILE).write_bytes(raw)
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(chattiness=0.5)  # the good value is kept, the others take their defaults
    kept = list(tmp_path.glob(SETTINGS_FILE + ".unreadable-*"))
    assert problem is not None and kept and kept[0].name in problem and "5 of its values" in problem
    assert kept[0].read_bytes() == raw  # the file as it was, byte for byte
    assert load_settings(tmp_path) == (settings, None)  # what could be used was written back
