"""One name per character, on every screen: a table of five characters played through, and every word the table
(plates, banners, bubbles, the status line, the deal log), the deal summary, the results, spoken play, the kept
deals, the replay, the review, statistics, the daily deal and the campaign map draw or say names each character by
their one name (`seat_name`), never by their full name. Only New game's character box, which introduces a
character, shows the full name."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_helpers import instant_app

from game.ai.character import Character
from game.ai.registry import character_ids, load_character_by_id
from game.ai.seats import seats_against
from game.ai.simple import LowestAgent
from game.app import text as text_module
from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.statistics import StatisticsScene
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.locale.names import seat_name
from game.locale.texts import character_name
from game.storage.saves import load_slot

FIVE = ("pip", "dex", "hetty", "professor", "expert")


class Words:
    """Every piece of text the app renders (banners and bubbles as they are made, the rest as it is drawn) and
    every line spoken, by the screen they belong to."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.screen = "table"
        self.seen: dict[str, set[str]] = {}
        cache = app.text
        fetch = cache._get

        def spy(key: Any) -> Any:
            self.seen.setdefault(self.screen, set()).add(text_module._words_of(key))
            return fetch(key)
        monkeypatch.setattr(cache, "_get", spy)
        speak = app.speech.say

        def said(text: str, **options: Any) -> None:
            self.seen.setdefault("spoken", set()).add(text)
            speak(text, **options)
        monkeypatch.setattr(app.speech, "say", said)
        push = app.scenes.push

        def pushed(scene: Any, /, **options: Any) -> Any:  # a scene's words may be made as it is pushed
            self.screen = {"deal_summary": "summary", "results": "results"}.get(scene, self.screen)
            return push(scene, **options)
        monkeypatch.setattr(app.scenes, "push", pushed)


def said(name: str, words: str) -> bool:
    """Whether `words` say `name` as a word of its own."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", words) is not None


def forbidden(character: Character) -> list[str]:
    """The words of a character's full name their one name leaves out ("Hartley", "Professor", "Alaric")."""
    kept = set(seat_name(character).replace(".", " ").split())
    return [word for word in character_name(character).split() if word not in kept]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    made.change_settings(dataclasses.replace(made.settings, spoken_play=True))
    yield made
    made.scenes.close()
    made.speech.close()
    made.set_language("en")


def play_through(app: App, words: Words) -> TableScene:
    """A session of one deal against the five, drawn as it goes, its summary and results drawn too."""
    rules = dataclasses.replace(rules_by_name("classic"), players=len(FIVE) + 1, deals=1)
    table = TableScene.seated(app, rules, seats_against(FIVE), 12)
    app.scenes.clear_to(table)
    table.log_panel.toggle()  # the deal log open all along
    stand_in = LowestAgent()
    for step in range(20_000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if table.summary is not None:
            app.draw(app.screen)
            table.close_summary()
            words.screen = "table"
            continue
        decision = table.human.decision
        if decision is not None:
            app.draw(app.screen)
            table.human.clear()
            table.submit(stand_in.decide(table.table.human_view(), decision))
            continue
        table.update(1 / 30)
        if step % 4 == 0:
            app.draw(app.screen)
    app.step(1 / 60)
    app.draw(app.screen)
    assert isinstance(app.scenes.top, ResultsScene) and words.screen == "results"
    return table


@pytest.mark.parametrize("code", ["en", "fr"])
def test_every_screen_names_each_character_by_one_name(app: App, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app.set_language(code)
    words = Words(app, monkeypatch)
    play_through(app, words)
    tables = load_slot(app.data_dir, "autosave").save
    assert tables is not None and tables.logs
    words.screen = "replays"
    app.scenes.clear_to(ReplaysScene(app))
    app.draw(app.screen)
    words.screen = "replay"
    replay = ReplayScene.from_deal_logs(app, tables.logs, 0)
    app.scenes.clear_to(replay)
    for position in range(len(replay.replay.steps)):
        replay.seek(position)
        app.draw(app.screen)
    words.screen = "review"
    review = ReviewScene(app, tables.logs[0], threaded=False)
    app.scenes.clear_to(review)
    for _ in range(review.total or 0):
        app.draw(app.screen)
        review.step(1)
    words.screen = "statistics"
    app.scenes.clear_to(StatisticsScene(app))
    app.step(1 / 60)
    app.draw(app.screen)
    for screen, scene in (("daily", DailyScene(app)), ("campaign", CampaignMapScene(app))):
        words.screen = screen
        app.scenes.clear_to(scene)
        app.draw(app.screen)
    seated = [load_character_by_id(i) for i in FIVE]
    unnamed = [f"{seat_name(character)} on the {screen}"
               for screen in ("table", "summary", "results", "replay", "replays", "statistics", "spoken")
               for character in seated if not any(said(seat_name(character), shown) for shown in words.seen[screen])]
    assert not unnamed, f"never named: {unnamed}"
    assert any(said(seat_name(c), shown) for c in seated for shown in words.seen["review"]), "the review names nobody"
    in_full = [f"{character_name(character)} on the {screen}: {shown!r}"
               for character in map(load_character_by_id, character_ids()) for word in forbidden(character)
               for screen, seen in sorted(words.seen.items()) for shown in sorted(seen) if said(word, shown)]
    assert not in_full, "named in full:\n" + "\n".join(in_full[:40])


def test_the_one_name_is_the_name_tag_the_player_you_and_a_stranger_as_logged() -> None:
    hetty, professor = load_character_by_id("hetty"), load_character_by_id("professor")
    assert seat_name(hetty) == seat_name(hetty, hetty.name) == "Aunt Hetty"
    assert seat_name(professor) == "Prof. Quist" and forbidden(professor) == ["Professor", "Alaric"]
    assert seat_name(None, "You") == seat_name(None) == "You"
    assert seat_name(None, "Seat 3 (hetty)") == "Seat 3 (hetty)" and seat_name(hetty, "Seat 3 (hetty)") == \
        "Seat 3 (Aunt Hetty)"
    assert seat_name(None, "Mabel Smith") == "Mabel Smith"
