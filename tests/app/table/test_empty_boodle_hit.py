"""A boodle card hit with nothing on it is told as such, never "for 0 chips": in the deal summary, the deal log and
the status line, in every language; and nothing rises or sounds for it at the table."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest

import game.locale
from game.ai.registry import character_ids, load_character_by_id
from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.table.animation import PopUp
from game.app.table.deal_log import deal_log_lines
from game.app.table.model import BoodleWin, DealRecord, TableModel
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import Card
from game.engine.events import BoodleWon, Event, Play
from game.engine.rules import RuleSet
from game.locale.cards import card_label

NAMES = ["You", "Ann", "Bob"]
ZERO = re.compile(r"(?<![\d/])0(?!\d)")  # a lone 0, as in "0 chips" or "+0"


def c(name: str) -> Card:
    return Card.parse(name)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    game.locale.set_language("en")


@pytest.mark.parametrize("code", sorted(game.locale.LANGUAGES))
def test_the_log_and_the_summary_say_nothing_was_on_the_card(app: App, code: str) -> None:
    game.locale.set_language(code)
    events: list[Event] = [Play(1, c("KH"), True), BoodleWon(1, c("KH"), 0), Play(0, c("AS"), True),
                           BoodleWon(0, c("AS"), 0), BoodleWon(2, c("QC"), 3)]
    lines = [str(line) for line in deal_log_lines(events, 0, NAMES.__getitem__, False)]
    told = lines[1], lines[3]
    assert all(not ZERO.search(line) and "{" not in line for line in told) and card_label(c("KH")) in told[0], told
    assert told[0] != told[1] and "Ann" in told[0] and "3" in lines[4]
    model = TableModel(RuleSet(), [("You", None), ("Ann", None), ("Bob", None)])
    record = DealRecord(1, 0, [40, 40, 40], boodle_wins=[BoodleWin(0, c("KH"), 0), BoodleWin(1, c("AS"), 0),
                                                            BoodleWin(2, c("QC"), 3)])
    summary = [words for words, _ in DealSummaryScene(app, model, record, lambda: None).lines()]
    hits = [line for line in summary if card_label(c("KH")) in line or card_label(c("AS")) in line]
    assert len(hits) == 2 and not any(ZERO.search(line) or "{" in line for line in hits), hits
    assert any(card_label(c("QC")) in line and "3" in line for line in summary)
    if code == "en":
        assert "You hit the boodle card K♥ (nothing on it)." in summary
        assert "Ann hits the boodle card K♥ (nothing on it)" in lines


def test_the_status_line_and_the_table_show_no_zero(app: App) -> None:
    ann, bob = (load_character_by_id(i) for i in character_ids()[:2])
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=3),
                              [("You", None), (ann.name, ann), (bob.name, bob)], 3)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    director = scene.director
    sounds: list[str] = []
    director.sound = lambda name, volume=1.0: sounds.append(name)  # type: ignore[method-assign]
    card = next(iter(scene.model.boodle_slot))
    before = {id(anim) for anim in director.decor.anims}
    director.present(BoodleWon(1, card, 0))
    director.present(BoodleWon(0, card, 0))
    assert not ZERO.search(scene.model.status) and "nothing on it" in scene.model.status
    assert not any(isinstance(anim, PopUp) and id(anim) not in before for anim in director.decor.anims)
    assert "boodle_win" not in sounds and "your_boodle" not in sounds
