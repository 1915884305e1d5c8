"""The stop's words fit where they are shown in every language: the banner (on two lines when the reason is
long, as French optional following's "personne n'a joué le V♥ (passé, ou dans la main morte)") and the status."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

from game.ai.registry import character_ids
from game.ai.seats import seats_against
from game.ai.simple import LowestAgent
from game.app.table.layout import table_layout
from game.app.table.model import stop_words
from game.app.table.scene import TableScene
from game.app.table.sprites import STOP_BANNER_H, make_stop_banner
from game.app.theme import suits_on_dark
from game.config import default_rules
from game.engine.cards import DECK
from game.locale import LANGUAGES, tr

REASONS = ("king", "already_played", "declined", "dead_hand", "no_follow")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_stop_reason_fits_its_banner_and_the_status_line(code: str, tmp_path: Path) -> None:
    app = make_app(tmp_path, code)
    layout = table_layout(8)
    widest = max(DECK, key=lambda card: app.text.width(str(card), "bold", 19))
    for reason in REASONS:
        for optional in (False, True):
            for declined in (False, True):
                said = stop_words(widest, reason, optional, declined)
                why = said.split(tr("stops.line", reason="|").split("|")[0], 1)[-1]
                image = make_stop_banner(app.text, tr("stops.banner"), why, layout.centre.width, (200, 40, 40),
                                         suits_on_dark(False))
                assert image.get_height() in (STOP_BANNER_H, STOP_BANNER_H + 22)
                assert app.text.width(said, "bold", 12) <= layout.status.width - 24, said
    assert not app.text.overflows, app.text.overflows


def test_french_optional_following_at_8_players_fits(tmp_path: Path) -> None:
    app = make_app(tmp_path, "fr")
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"), remember=False)
    ids = character_ids()
    seats = seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, 8)])
    rules = dataclasses.replace(default_rules(), players=8, deals=1, follow="optional")
    scene = TableScene.seated(app, rules, seats, 11)
    app.scenes.clear_to(scene)
    stand_in = LowestAgent()
    stops = 0
    for _ in range(60):
        if scene.human.decision is not None:
            decision = scene.human.decision
            scene.human.clear()
            scene.submit(stand_in.decide(scene.table.human_view(), decision))
        app.step(1 / 60)
        stops += scene.model.status_is_stop
    assert stops, "the deal reached a stop"
    assert not app.text.overflows, app.text.overflows
