"""Screenshots of the words a charm's holder reads (R31): New game's charm card with its uses and fee (the Charms
row's note beside it), Cut In's question after a stop, and a deal summary with the charms used in it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..app.scenes.new_game.scene import NewGameScene
from .charms import charm_table
from .extra import shoot

if TYPE_CHECKING:
    from ..app.app import App
    from ..app.table.scene import TableScene

NEW_GAME_SEED = 7


def charm_word_shots(app: App, folder: Path) -> list[Path]:
    """New game with the player's Cut In and the Charms row hovered, Cut In asked after a stop (3 seats), and the
    first deal summary (8 seats) that tells a charm's use; the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    new_game = NewGameScene(app, seed=NEW_GAME_SEED)
    app.scenes.clear_to(new_game)
    new_game.charms.mode, new_game.charms.charm = 1, "cut_in"
    new_game._build()
    rows = [index for index, control in enumerate(new_game.form.controls) if getattr(control, "charm_row", False)]
    if rows:
        new_game.form.focus = new_game.form.hover = rows[0]
    app.step(1 / 60)
    paths = [shoot(app, folder, "02c_new_game_charm")]
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, animation_speed="instant"), remember=False)
    try:
        scene = charm_table(app, 3)
        if not scene.fast_forward_until(_cut_in_asked):
            raise RuntimeError("no Cut In asked at the charm table: its seed no longer gives one")
        choice = scene.human.charm
        for _ in range(len(choice.charms) if choice is not None else 0):  # from letting it pass, by the arrows
            if choice is None or choice.focused == "cut_in":
                break
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
            app.step(1 / 60)
        app.step(1 / 60)
        paths.append(shoot(app, folder, "21h_charm_cut_in"))
        scene = charm_table(app, 8)
        if not scene.fast_forward_until(_summary_with_charms, max_steps=60_000):
            raise RuntimeError("no charm used before a deal summary at the charm table: its seed no longer gives one")
        for _ in range(20):  # the panel in place, its button shown
            app.step(1 / 60)
        paths.append(shoot(app, folder, "21i_charm_summary"))
    finally:
        app.change_settings(kept, remember=False)
        app.scenes.clear_to("title")
    return paths


def _cut_in_asked(table: TableScene) -> bool:
    """The player is asked whether to use a charm after a stop, Cut In among them."""
    choice = table.human.charm
    return choice is not None and choice.decision.moment == "stop" and "cut_in" in choice.charms


def _summary_with_charms(table: TableScene) -> bool:
    """A deal summary is open over a deal where some charm was used."""
    record = table.model.record
    return table.summary is not None and record is not None and bool(record.charms)
