"""The replay window as a new player reads it: no pot drawn under rules with none, and a chip counted as one."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import instant_app, text_words

from game.ai.simple import FirstOptionAgent
from game.app.app import App
from game.app.scenes.replay import ReplayScene
from game.app.table.deal_log import deal_log_lines
from game.config import rules_by_name
from game.engine import SeatInfo, Session
from game.engine.cards import Card
from game.engine.events import BoodleWon, HandWon, Payment
from game.engine.play import play_session
from game.locale import LANGUAGES, set_language
from game.replay import Replay, split_deals


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


@pytest.fixture
def language() -> Iterator[None]:
    yield
    set_language("en")


def first_deal_log(rules: str) -> str:
    """The first deal of a four-player session under `rules`, as a save keeps it."""
    ruleset = dataclasses.replace(rules_by_name(rules), players=4, deals=2)
    session = Session(ruleset, [SeatInfo(name) for name in ("You", "Bob", "Cat", "Dan")], 5)
    lines: list[str] = []
    play_session(session, [FirstOptionAgent()] * 4, lambda event: lines.append(event.to_json()))
    return split_deals(lines)[0]


@pytest.mark.parametrize("rules, pot", [("michigan_us", False), ("classic", True)])
def test_the_replay_draws_a_pot_only_under_rules_that_have_one(app: App, rules: str, pot: bool) -> None:
    replay = Replay.from_text(first_deal_log(rules))
    assert replay.has_pot is pot and replay.rules is not None and replay.rules.has_pot is pot
    scene = ReplayScene(app, replay, "test")
    app.scenes.clear_to(scene)
    for position in range(len(replay.steps)):
        scene.seek(position)
        app.draw(app.screen)
    assert ("Pot" in text_words(app).split()) is pot


def test_going_out_and_a_boodle_hit_count_their_chips(language: None) -> None:
    jack = Card.parse("JD")

    def said(event: HandWon | BoodleWon) -> list[str]:
        """The event as the replay tells it: the deal log's lines, the player in seat 0."""
        return [str(line) for line in deal_log_lines([event], 0, ("You", "Bob", "Cat").__getitem__, False)]

    assert said(HandWon(1, 4, (Payment(0, 1),))) == ["Bob goes out and takes the pot of 4",
                                                      "You pay 1 chip for the cards left"]
    assert said(HandWon(0, 0, (Payment(1, 1), Payment(2, 2)))) == [
        "You go out", "Bob pays 1 chip for the cards left", "Cat pays 2 chips for the cards left"]
    assert said(HandWon(1, 4, ())) == ["Bob goes out and takes the pot of 4"]
    assert said(HandWon(2, 0, ())) == ["Cat goes out"]
    assert said(BoodleWon(0, jack, 1)) == ["You win 1 chip on J♦"]
    assert said(BoodleWon(1, jack, 0)) == ["Bob hits the boodle card J♦ (nothing on it)"]
    for code in sorted(LANGUAGES):
        set_language(code)
        for event in (HandWon(1, 4, (Payment(0, 1),)), HandWon(0, 0, (Payment(1, 2),)), HandWon(1, 3, ()),
                      BoodleWon(1, jack, 1), BoodleWon(0, jack, 0)):
            for words in said(event):
                assert words and "{" not in words and "deal_log." not in words and " 0 " not in words, (code, words)
