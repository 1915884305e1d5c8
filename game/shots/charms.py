"""Screenshots of charms at the table (R31): the player's tray at a charm decision with 3 seats, a charm's targets
raised with 8, the dead cards a peek showed with the Lock's question (3 seats), a locked card's marks (8), and
a replay at another seat's use of one; from fixed seeds, so a build gives the same pictures."""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any

import pygame

from ..ai.registry import load_character_by_id
from ..ai.simple import RandomAgent
from ..app.app import App
from ..app.scenes.replay import ReplayScene
from ..app.table.scene import TableScene
from ..config import default_rules, load_charms
from ..engine import Event, SeatInfo, Session, event_dict, play_session
from ..replay import Replay
from .extra import shoot

CHARM_SEED = 31
MINE = ("glimpse", "sleight", "lock", "cut_in")  # the player's tray: three usable after the deal, one after a stop
THEIRS = (("encore", "dam"), ("free_rein",), ("second_thoughts", "glimpse"), ("cut_in",), ("lock",), ("dam",),
          ("encore",))
OPPONENTS = ("maud", "hetty", "professor", "reggie", "vera", "bert", "dex")


def charm_session(seed: int = CHARM_SEED, players: int = 4, deals: int = 3) -> list[dict[str, Any]]:
    """A session's events (as dicts) where every seat holds charms and uses them at random."""
    return list(_charm_played(seed, players, deals))


@functools.lru_cache(maxsize=8)
def _charm_played(seed: int, players: int, deals: int) -> tuple[dict[str, Any], ...]:
    known = load_charms()
    rules = dataclasses.replace(default_rules(), players=players, deals=deals)
    seats = [SeatInfo("You", "human", None)] + [SeatInfo(name.title(), "ai", name) for name in OPPONENTS[:players - 1]]
    charms = [tuple(known[c] for c in MINE)] + [tuple(known[c] for c in THEIRS[seat]) for seat in range(players - 1)]
    session = Session(rules, seats, seed, charms)
    events: list[dict[str, Any]] = []

    def keep(event: Event) -> None:
        events.append(event_dict(event))
    play_session(session, [RandomAgent(f"{seed}:{seat}") for seat in range(players)], keep)
    return tuple(events)


def charm_table(app: App, players: int) -> TableScene:
    """A table where the player holds `MINE` and the others their `THEIRS`, at the player's first charm decision."""
    known = load_charms()
    rules = dataclasses.replace(default_rules(), players=players)
    others = [load_character_by_id(name) for name in OPPONENTS[:players - 1]]
    charms = [tuple(known[c] for c in MINE)] + [tuple(known[c] for c in THEIRS[seat]) for seat in range(players - 1)]
    scene = TableScene.seated(app, rules, [("You", None)] + [(c.name, c) for c in others], CHARM_SEED,
                              charms=charms)
    app.scenes.clear_to(scene)
    scene.fast_forward_until(lambda t: t.human.kind == "charm")
    app.step(1 / 60)
    return scene


def _press(app: App, pressed: int) -> None:
    """A key pressed at the table, and the frames it takes to be shown."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pressed, mod=0, unicode=""))
    for _ in range(3):
        app.step(1 / 60)


def _settle(app: App) -> None:
    """A second of frames: the rings of a charm's use fade before the picture."""
    for _ in range(60):
        app.step(1 / 60)


def charm_shots(app: App, folder: Path) -> list[Path]:
    """The tray at a charm decision (3 seats), Sleight of Hand's targets raised (8 seats), a peek's cards with the
    Lock's question (3 seats), a locked card (8 seats), and a replay at a charm used by another seat; the paths."""
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, animation_speed="instant"), remember=False)
    try:
        charm_table(app, 3)
        paths = [shoot(app, folder, "21_charm_tray")]
        charm_table(app, 8)
        _press(app, pygame.K_F2)
        paths.append(shoot(app, folder, "21b_charm_targets"))
        charm_table(app, 3)
        _press(app, pygame.K_F1)  # Glimpse: the dead cards seen, face up by the dead hand
        _press(app, pygame.K_F3)  # the Lock picked: its question says what its stop does
        _settle(app)
        paths.append(shoot(app, folder, "21d_charm_peek"))
        charm_table(app, 8)
        for pressed in (pygame.K_F3, pygame.K_RIGHT, pygame.K_RETURN):  # the Lock on the first card it may take
            _press(app, pressed)
        _settle(app)
        paths.append(shoot(app, folder, "21e_charm_lock"))
    finally:
        app.change_settings(kept, remember=False)
        app.scenes.clear_to("title")
    replay = Replay.from_lines([json.dumps(event) for event in charm_session()], "charms")
    used = [i for i, step in enumerate(replay.steps) if step.event.type == "charm" and step.event.player != 0]
    replay_scene = ReplayScene(app, replay)
    app.scenes.clear_to(replay_scene)
    replay_scene.seek(used[0] if used else 0)
    app.step(1 / 60)
    paths.append(shoot(app, folder, "21c_charm_replay"))
    return paths
