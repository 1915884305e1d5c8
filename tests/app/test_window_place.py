"""Issue 15 item 1: the window opens where, as large as, and as full-screen as the player left it, kept safe when a
screen has gone since (a corner off every desktop is forgotten, a size larger than any desktop shrinks)."""

from __future__ import annotations

import json
from pathlib import Path

from game.app.window import Placement, usable
from game.storage.settings import Settings, load_settings, save_settings

DESKTOPS = [(1920, 1080)]


def test_a_remembered_place_on_the_desktop_is_kept() -> None:
    place = Placement((1600, 900), (120, 80), False)
    assert usable(place, DESKTOPS) == place
    assert usable(Placement((1600, 900), None, True), DESKTOPS) == Placement((1600, 900), None, True)


def test_a_corner_left_on_a_screen_since_unplugged_is_forgotten_but_the_size_kept() -> None:
    gone = Placement((1280, 720), (2500, 100), False)  # on a second screen to the right
    assert usable(gone, DESKTOPS) == Placement((1280, 720), None, False)
    assert usable(gone, [(1920, 1080), (1920, 1080)]) == gone  # the second screen is back
    assert usable(Placement((1280, 720), (40, -30), False), DESKTOPS).position is None  # its title bar above the top


def test_a_size_larger_than_any_desktop_shrinks_to_fit_and_no_desktop_keeps_only_full_screen() -> None:
    assert usable(Placement((3840, 2160), (0, 0), False), DESKTOPS) == Placement((1920, 1080), (0, 0), False)
    assert usable(Placement((1280, 720), (10, 10), True), []) == Placement(None, None, True)


def test_the_place_is_remembered_in_the_settings_and_a_damaged_one_forgotten(tmp_path: Path) -> None:
    kept = Settings(window_size=(1600, 900), window_position=(-1800, 40), fullscreen=True)
    save_settings(tmp_path, kept)
    assert load_settings(tmp_path)[0] == kept
    for size, position in (([10, 10], [0, 0]), ([1600], [0, 0]), ("big", [0, 0]), ([1600, 900], [True, 3])):
        (tmp_path / "settings.json").write_text(json.dumps({"window_size": size, "window_position": position}),
                                                encoding="utf-8")
        loaded, problem = load_settings(tmp_path)
        assert problem and (loaded.window_size == () or loaded.window_position == ()), (size, position)
