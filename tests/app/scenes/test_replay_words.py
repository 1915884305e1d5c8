"""The replay's words are the table's: a whole session played at the table, its deal log read after every event
shown, and the replay of that session's log telling the same lines at every step, and each step's event in the
lines the table added for it, in every language; the replay's stop list names the card the run waited for."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import instant_app

from game.ai.seats import seats_against
from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.canvas import Canvas
from game.app.replay_words import logged_names, replay_log, session_start, stops_told, told
from game.app.scenes.replay import ReplayScene
from game.app.table.deal_log import LogLine
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine import SeatInfo, Session, play_session
from game.engine.cards import Card
from game.engine.events import DealEnd, DealStart, Event, SessionStart, Stake, Stop
from game.engine.rules import BuyDeadHand, RuleSet
from game.locale import LANGUAGES, set_language
from game.replay import Replay

OWN_WORDS = (SessionStart, Stake, DealEnd)  # what the table's deal log never tells: the replay's own words


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    set_language("en")


def table_rules(kind: str) -> RuleSet:
    """Two deals of classic rules, of a board with combinations (R30), or with declining allowed and the dead
    hand sold at auction to the dealer (R26)."""
    if kind == "auction":
        return dataclasses.replace(rules_by_name("classic"), players=5, deals=2, follow="optional",
                                   buy_dead_hand=BuyDeadHand(True, 2, auction=True, paid_to="dealer"))
    return dataclasses.replace(rules_by_name(kind), players=5, deals=2)


def played_at_the_table(app: App, rules: RuleSet) -> tuple[list[Event], list[list[LogLine]]]:
    """A whole session at the table: each event shown, and the deal log's lines just after it."""
    scene = TableScene.seated(app, rules, seats_against(("pip", "hetty", "professor", "dex")), 21)
    shown: list[Event] = []
    lines: list[list[LogLine]] = []
    hear = scene.stage.presented

    def presented(event: Event) -> None:
        shown.append(event)
        lines.append(list(scene.director.deal_log.lines))
        hear(event)
    scene.stage.presented = presented
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda table: table.table.over and not table.director.busy)
    assert shown == scene.table.log, "the table showed other events than its log keeps"
    return shown, lines


@pytest.mark.parametrize("kind", ["classic", "pope_joan_board", "auction"])
def test_the_replay_tells_a_whole_session_in_the_table_s_words_in_every_language(app: App, kind: str) -> None:
    shown, table_lines = played_at_the_table(app, table_rules(kind))
    replay = Replay.from_lines([event.to_json() for event in shown], "the session")
    assert [step.event for step in replay.steps] == shown
    for code in sorted(LANGUAGES):
        set_language(code)
        names = logged_names(session_start(replay))
        heard = 0
        for at, lines in enumerate(table_lines):
            table = [str(line) for line in lines]
            assert [str(line) for line in replay_log(replay, at, names)] == table, (code, at, shown[at])
            # what the table added for this event, as spoken play hears it (a new deal's lines start afresh)
            added = table[-1:] if isinstance(shown[at], DealStart) else table[heard:]
            heard = len(table)
            said = told(replay, at, names)
            if added:
                assert said == added, (code, at, shown[at])
            else:
                assert isinstance(shown[at], OWN_WORDS) and len(said) == 1 and said[0], (code, shown[at])
            assert all("{" not in words and "deal_log." not in words for words in said), (code, said)


def test_the_replay_scene_draws_the_table_s_lines_and_you_lead(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    shown, _ = played_at_the_table(app, table_rules("classic"))
    replay = Replay.from_lines([event.to_json() for event in shown], "the session")
    drawn = drawn_at(app, replay, range(len(replay.steps)), monkeypatch)
    mine = [words for words in drawn if words.startswith("You ")]
    assert any(words.startswith("You lead ") for words in mine), "the player's lead is never told"
    assert not any(words.startswith(("You leads", "You plays", "You goes", "You pays", "You wins"))
                   for words in drawn)


def stopped_replay() -> Replay:
    """A deal of three (seed 4, lowest cards) in which a run stops after A♥ because 2♥ lies in the dead hand."""
    rules = dataclasses.replace(rules_by_name("classic"), players=3, deals=1)
    session = Session(rules, [SeatInfo("You", "human"), SeatInfo("Bob"), SeatInfo("Cat")], 4)
    events: list[Event] = []
    play_session(session, [LowestAgent()] * 3, events.append)
    return Replay.from_lines([event.to_json() for event in events], "seed 4")


def drawn_at(app: App, replay: Replay, positions: range, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the replay scene wraps (the event said, the stops, the deal so far) at each of `positions`."""
    scene = ReplayScene(app, replay, "test")
    app.scenes.clear_to(scene)
    drawn: list[str] = []
    original = app.text.render_wrapped

    def spy(words: str, *args: Any, **kwargs: Any) -> Canvas:
        drawn.append(words)
        return original(words, *args, **kwargs)
    with monkeypatch.context() as patch:
        patch.setattr(app.text, "render_wrapped", spy)
        for position in positions:
            scene.seek(position)
            app.draw(app.screen)
    return drawn


def test_the_stop_list_names_the_card_the_run_waited_for(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    replay = stopped_replay()
    at = next(i for i, step in enumerate(replay.steps) if isinstance(step.event, Stop)
              and step.event.after == Card.parse("AH") and step.event.reason == "dead_hand")
    drawn = drawn_at(app, replay, range(at, at + 1), monkeypatch)
    listed = [words for words in drawn if words.startswith("Stops: ")]
    assert listed and listed[-1].endswith("; 2♥ is in the dead hand"), listed
    assert not any("A♥ (in the dead hand)" in words for words in drawn)
    for code in sorted(LANGUAGES):
        set_language(code)
        listed = stops_told(replay, at)
        assert "2♥" in listed[-1] and "A♥" not in listed[-1], (code, listed)
    set_language("en")
    assert stops_told(replay, at)[-1] == "2♥ is in the dead hand"
    assert told(replay, at, ("You", "Bob", "Cat")) == ["Stop: 2♥ is in the dead hand"]
