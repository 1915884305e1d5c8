"""The charm tray at the table beside what else is drawn there (R31): the open deal log leaves it free, its tiles
tell the focused charm from a merely usable one and from one that may not be used, the uses badge keeps off the gem,
and every name fits its tile at every text size in every language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import instant_app

from game.ai.registry import character_ids, load_character_by_id
from game.app.app import App
from game.app.table.charm_places import shown_tiles, tray_bounds
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.config.charm_file import load_charms

FAST = [c for c in character_ids() if c != "expert"]
MINE = ("glimpse", "sleight", "lock", "cut_in")  # at the deal's end the first three may be used, Cut In not
FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()


def charm_table(app: App, players: int, mine: tuple[str, ...] = MINE, seed: int = 11) -> TableScene:
    """A table where the player holds `mine` and the others none, played to the player's first charm decision."""
    known = load_charms()
    rules = dataclasses.replace(rules_by_name("classic"), players=players)
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(FAST[(i * 3) % len(FAST)])
                                                      for i in range(players - 1))]
    held = [tuple(known[charm] for charm in mine)] + [() for _ in range(players - 1)]
    scene = TableScene.seated(app, rules, seats, seed, charms=held)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.human.kind == "charm")
    app.step(FRAME)
    return scene


def text_size(app: App, percent: int) -> None:
    app.change_settings(dataclasses.replace(app.settings, text_size=percent), remember=False)


@pytest.mark.parametrize("percent", [100, 150])
def test_the_open_deal_log_leaves_the_tray_free_at_every_table_size(app: App, percent: int) -> None:
    text_size(app, percent)
    for players in range(3, 9):
        scene = charm_table(app, players)
        panel = scene.log_panel
        panel.toggle()
        app.step(FRAME)
        tiles = shown_tiles(scene.layout, frozenset(range(len(MINE))), len(MINE))  # every tile raised, the worst
        assert panel.panel.collidelist(tiles) < 0, (players, percent, panel.panel, tiles)
        assert panel.panel.collidelist([place.region for place in scene.layout.seats]) < 0, players
        assert panel.shown_rows >= 2, (players, percent)  # still a log to read, not a sliver
        assert panel.body.bottom <= panel.panel.bottom and panel.body.height >= panel.shown_rows * panel.row_h


def test_without_charms_the_log_keeps_its_old_place(app: App) -> None:
    scene = charm_table(app, 8)
    with_tray = scene.log_panel.panel
    bounds = tray_bounds(scene.layout, len(MINE))
    assert bounds is not None and with_tray.bottom <= bounds.top
    assert tray_bounds(scene.layout, 0) is None
    scene.stage.model.charms.seats[0] = []  # the tray empty: the panel may take the stretch over the plate again
    assert scene.log_panel.panel.height > with_tray.height
