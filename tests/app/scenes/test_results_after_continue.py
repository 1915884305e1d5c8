"""The session results after Continue count every deal of the session, not only those played since the resume."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from app_helpers import instant_app, top

from game.ai.registry import character_ids, load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.results import ResultsScene
from game.app.table.model import records_from_log
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.events import HandWon

DEALS = 6
BREAK_AT = 4  # the deal in which the player quits and later continues
SEED = 11


def seated(app: App) -> TableScene:
    """The player and three quick characters for a six-deal classic session, on the app's stack."""
    quick = [c for c in character_ids() if c != "expert"][:3]
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in map(load_character_by_id, quick)]
    rules = dataclasses.replace(rules_by_name("classic"), players=4, deals=DEALS)
    scene = TableScene.seated(app, rules, seats, SEED)
    app.scenes.clear_to(scene)
    return scene


def figures(app: App, scene: TableScene) -> dict[str, Any]:
    """Play the session to its results (a plain stand-in answers for the player) and read them."""
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, ResultsScene), 100_000)
    results = top(app, ResultsScene)
    return {"deals": scene.model.deal_number, "won": results.deals_won(),
            "chips": [seat.chips for seat in scene.model.seats], "records": scene.model.records}


def test_the_results_after_continue_count_every_deal_of_the_session(tmp_path: Path) -> None:
    straight_app = instant_app(tmp_path / "straight")
    try:
        straight = figures(straight_app, seated(straight_app))
    finally:
        straight_app.scenes.close()
    assert straight["deals"] == DEALS and sum(straight["won"]) == DEALS  # every deal is won by someone

    before_app = instant_app(tmp_path / "broken")
    try:
        scene = seated(before_app)
        assert scene.fast_forward_until(lambda s: s.session.deal_number == BREAK_AT and s.human.kind is not None,
                                        100_000, play_for_human=True)
        snapshot = json.loads(json.dumps(scene.snapshot()))  # as the kept file holds it
    finally:
        before_app.scenes.close()
    after_app = instant_app(tmp_path / "broken")
    try:
        resumed = TableScene.from_snapshot(after_app, snapshot)
        assert len(resumed.model.records) == BREAK_AT  # the deals before the quit, and the one in play
        after_app.scenes.clear_to(resumed)
        continued = figures(after_app, resumed)
        wins = [0] * 4
        for event in resumed.table.log:
            if isinstance(event, HandWon):
                wins[event.player] += 1
    finally:
        after_app.scenes.close()
    assert continued == straight
    assert continued["won"] == wins


def test_deal_records_from_a_log_are_those_the_table_built_showing_it(tmp_path: Path) -> None:
    app = instant_app(tmp_path)
    try:
        scene = seated(app)
        played = figures(app, scene)
        assert records_from_log(scene.table.log) == played["records"]
    finally:
        app.scenes.close()
