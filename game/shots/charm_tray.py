"""Screenshots of the player's charm tray beside what shares its corner (R31): the focus moved to a second usable
charm at 3 seats, and the deal log open beside the tray at 8 seats. At Settings' largest text size they are drawn by
`main.py screenshots DIR --text-size 150` (every scene at that size, so the checks of each size stay apart)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from ..app.app import App
from .charms import charm_table
from .extra import shoot


def _focus_next(app: App) -> None:
    """The tray's focus moved on by one (the arrow key), as a player choosing between two usable charms does."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(1 / 60)


def charm_tray_shots(app: App, folder: Path) -> list[Path]:
    """The tray with the focus on its second tile (3 seats), and so with the deal log open (8 seats); the paths."""
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, animation_speed="instant"), remember=False)
    paths: list[Path] = []
    try:
        charm_table(app, 3)
        _focus_next(app)
        paths.append(shoot(app, folder, "21f_charm_tray_focus"))
        scene = charm_table(app, 8)
        scene.log_panel.toggle()
        _focus_next(app)
        paths.append(shoot(app, folder, "21g_charm_tray_log"))
    finally:
        app.change_settings(kept, remember=False)
        app.scenes.clear_to("title")
    return paths
