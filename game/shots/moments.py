"""Screenshots of the table's big moments, from fixed seeds: the player's boodle hit with its number in flight,
a trophy earned as the player goes out, the held moment after the player went out, the celebration of a session
won, and the player asked to bid for the dead hand at auction with the others' bids said by their seats (R26)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..ai.registry import character_ids
from ..ai.seats import seats_against
from ..app.scenes.results import ResultsScene
from ..app.table.scene import TableScene
from ..app.table.trophy_moment import DealTrophies
from ..config import default_rules
from ..config.trophies_file import shipped_trophies
from ..engine.events import BoodleWon, Event, HandWon
from ..engine.rules import BuyDeadHand
from ..stats.callouts import RecordWatch
from .extra import shoot

if TYPE_CHECKING:
    from ..app.app import App

MOMENT_SEED = 20240  # the player hits a boodle card, then goes out, early at these tables
WON_SEED = 20254  # a one-deal session the player wins
AUCTION_SEED = 5  # the dealer keeps their hand and the others bid before the player
FRAME = 1 / 60


def _table(app: App, players: int, seed: int, deals: int, auction: bool = False) -> TableScene:
    ids = character_ids()
    seats = seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, players)])
    rules = dataclasses.replace(default_rules(), players=players, deals=deals)
    if auction:
        rules = dataclasses.replace(rules, buy_dead_hand=BuyDeadHand(True, 2, auction=True, paid_to="dealer"))
    scene = TableScene.seated(app, rules, seats, seed)
    app.scenes.clear_to(scene)
    return scene


def _yours(kind: type[Event]) -> Callable[[Event], bool]:
    """An event of `kind` that is the player's (a boodle hit must pay something)."""
    return lambda e: isinstance(e, kind) and getattr(e, "player", None) == 0 and getattr(e, "chips", 1) > 0


def present_until(app: App, scene: TableScene, wanted: Callable[[Event], bool], after: float) -> bool:
    """Play at instant speed until a wanted event is queued, then at the table's own pace until it has been
    presented and `after` seconds more have passed; False if the session never queued one."""
    if not scene.fast_forward_until(lambda t: any(wanted(e) for e in t.director.queue), 6000):
        return False
    target = scene.director.presented + next(i for i, e in enumerate(scene.director.queue) if wanted(e)) + 1
    for _ in range(3600):  # a minute of game time: the player's own cards before it each have their beat
        if scene.director.presented >= target:
            break
        app.step(FRAME)
    for _ in range(round(after / FRAME)):
        app.step(FRAME)
    return True


def moment_shots(app: App, folder: Path) -> list[Path]:
    """your_boodle and trophy_earned (8 players), you_went_out (3 players, beating a small record), session_won
    (4 players) and auction_bid (5 players) as PNGs in `folder`."""
    paths: list[Path] = []
    eight = _table(app, 8, MOMENT_SEED, 10)
    if present_until(app, eight, _yours(BoodleWon), 0.7):
        paths.append(shoot(app, folder, "17_your_boodle"))
    # none held yet, and none kept (the picture is the same whatever the data folder holds)
    eight.stage.trophies = DealTrophies(shipped_trophies(), (), 0, lambda _: None, lambda _: None)
    eight.stage.trophies.quietly(eight.table.log[:eight.director.presented])
    if present_until(app, eight, _yours(HandWon), 1.0):
        paths.append(shoot(app, folder, "17d_trophy_earned"))
    three = _table(app, 3, MOMENT_SEED, 10)
    three.stage.records = RecordWatch(0, biggest_pot=2, longest_run=2)  # records of an earlier session, to beat
    if present_until(app, three, _yours(HandWon), 1.2):
        paths.append(shoot(app, folder, "18_you_went_out"))
    won = _table(app, 4, WON_SEED, 1)
    if won.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene), 6000):
        for _ in range(round(1.1 / FRAME)):
            app.step(FRAME)
        paths.append(shoot(app, folder, "19_session_won"))
    bidding = _table(app, 5, AUCTION_SEED, 3, auction=True)
    if bidding.fast_forward_until(lambda t: t.human.kind == "bid", 6000):
        for _ in range(round(0.5 / FRAME)):
            app.step(FRAME)
        paths.append(shoot(app, folder, "20_auction_bid"))
    return paths
