"""The pictures of the table's pace and words: 8 players at Relaxed speed with a card of the player's that the rules
play for them lifted and captioned, and the deal log open mid-deal."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..ai.registry import character_ids
from ..ai.seats import seats_against
from ..app.app import App
from ..app.table.autoplay import play_along
from ..app.table.scene import TableScene
from ..config import default_rules
from ..engine.events import Play
from ..locale import texts
from .extra import shoot

FEEL_SEED = 20243
FRAME = 1 / 60


def seated(app: App, players: int, seed: int) -> TableScene:
    """A table of `players`, the human at seat 0, on top of the stack."""
    ids = character_ids()
    seats = seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, players)])
    scene = TableScene.seated(app, dataclasses.replace(default_rules(), players=players, deals=10), seats, seed)
    app.scenes.clear_to(scene)
    return scene


def own_card_queued(scene: TableScene) -> bool:
    """A card of the player's that the rules play for them waits to be shown."""
    chosen = scene.director.chosen
    return any(isinstance(e, Play) and e.player == 0 and e.card != chosen for e in scene.director.queue)


def run_until_lifted(app: App, scene: TableScene, frames: int = 1200) -> bool:
    """Run the app at its own pace until a card of the player's stands lifted (the human answered by a plain agent)."""
    return play_along(app.step, scene, lambda: scene.director.own.lifted is not None, frames, FRAME)


def feel_shots(app: App, folder: Path) -> list[Path]:
    """`table_8_relaxed_own_card`, `deal_log_open`, `table_8_bubbles` and `06d_stop_optional_following` in
    `folder`; the paths."""
    paths: list[Path] = []
    folder.mkdir(parents=True, exist_ok=True)
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, animation_speed="relaxed"), remember=False)
    try:
        eight = seated(app, 8, FEEL_SEED)
        eight.fast_forward_until(own_card_queued)
        run_until_lifted(app, eight)
        for _ in range(12):  # the caption faded in, the card still standing
            app.step(FRAME)
        paths.append(shoot(app, folder, "table_8_relaxed_own_card"))
    finally:
        app.change_settings(kept, remember=False)
    five = seated(app, 5, FEEL_SEED + 1)
    five.fast_forward_until(lambda t: len(t.model.board) >= 14 and t.human.kind == "lead")
    five.log_panel.toggle()
    for _ in range(60):
        app.step(FRAME)
    paths.append(shoot(app, folder, "deal_log_open"))
    paths.append(bubbles_shot(app, folder))
    paths.append(long_stop_shot(app, folder))
    return paths


def long_stop_shot(app: App, folder: Path) -> Path:
    """`06d_stop_optional_following`: 8 players following at will, the stop's banner up; its long reason (French's
    "personne n'a joué le V♥ (passé, ou dans la main morte)") on a second line rather than cut."""
    ids = character_ids()
    seats = seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, 8)])
    rules = dataclasses.replace(default_rules(), players=8, deals=10, follow="optional")
    scene = TableScene.seated(app, rules, seats, 11)
    app.scenes.clear_to(scene)
    play_along(app.step, scene, scene.director.stop_banner_showing, 3600, FRAME)
    for _ in range(20):  # the band swept in
        app.step(FRAME)
    return shoot(app, folder, "06d_stop_optional_following")


MOMENTS = ("stop", "boodle_win", "going_out", "big_loss", "win")


def longest_line(scene: TableScene, seat: int) -> str | None:
    """The longest thing the character at `seat` may say, in the language spoken."""
    character = getattr(scene.table.agents[seat], "character", None)
    if character is None:
        return None
    said = [line for moment in MOMENTS for line in texts.character_lines(character, moment)]
    return max(said, key=len) if said else None


def bubbles_shot(app: App, folder: Path) -> Path:
    """`table_8_bubbles`: every character at 8 players saying their longest line at once, late in the bubbles'
    lives, each placed clear of the plates, the pot, the dead hand, the boodle counts and the hand."""
    eight = seated(app, 8, FEEL_SEED + 2)
    eight.fast_forward_until(lambda t: len(t.model.board) >= 8 and t.human.kind == "lead")
    for _ in range(180):  # banners and pop-ups gone
        app.step(FRAME)
    eight.stage.line_for = lambda seat, moment: longest_line(eight, seat)
    for seat in range(1, 8):
        eight.director.say(seat, "stop")
    for _ in range(150):  # 2.5 s on: the old bubbles were fading by now
        app.step(FRAME)
    return shoot(app, folder, "table_8_bubbles")
