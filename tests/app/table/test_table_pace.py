"""The table's pace and words: the player's cards that the rules play for them are captioned and rested on, the
status line tells every moment and who must act, Relaxed rests on every card, the pause after a stop waits for a
key (never while fast-forwarding), and the deal log opens, scrolls and stays open."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pygame
import pytest

from game.ai.registry import character_ids, load_character_by_id
from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.assets import Assets
from game.app.scenes.pause import PauseScene
from game.app.table import scene as table_scene
from game.app.table.autoplay import play_along
from game.app.table.captions import chosen_card
from game.app.table.deal_log import DealLog
from game.app.table.director import Director
from game.app.table.layout import table_layout
from game.app.table.log_panel import LogPanel
from game.app.table.model import TableModel
from game.app.table.pacing import PACES, pace_of
from game.app.table.scene import TableScene
from game.app.table.stage import Stage
from game.app.table.stop_pause import StopPause
from game.app.table.words import their_turn, your_turn
from game.app.text import TextCache
from game.config import rules_by_name
from game.engine.cards import Card
from game.engine.decisions import FollowAction, LeadAction, LeadDecision, StakeAction
from game.engine.events import BoodleWon, BuyDead, HandWon, Play, Stop
from game.storage.settings import ANIMATION_SPEEDS, SETTINGS_FILE, Settings, load_settings

FAST = [i for i in character_ids() if i != "expert"]


def table(app: App, players: int = 4, seed: int = 7) -> TableScene:
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in FAST[:players - 1]]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=players), seats, seed)
    app.scenes.clear_to(scene)
    return scene


def at(director: Director, speed: str) -> Director:
    director.pace = PACES[speed]
    director.speed = PACES[speed].speed
    director.hold = 0.0
    return director


def real_hold(director: Director) -> float:
    """The seconds the table rests on what was just presented (the hold runs down at the speed)."""
    return director.hold / director.pace.speed


def c(name: str) -> Card:
    return Card.parse(name)


# --- the player's own cards ---------------------------------------------------------------------------

def test_a_forced_follow_of_the_players_card_is_captioned_and_rested_on_longer(app: App) -> None:
    scene = table(app)
    director = at(scene.director, "normal")
    director.present(Play(1, c("5S"), False))
    theirs = real_hold(director)
    assert director.own.lifted is None and not director.own.showing
    at(director, "normal").present(Play(0, c("6S"), False))
    mine = real_hold(director)
    assert director.own.lifted == c("6S") and director.own.showing
    assert str(director.own.words) == "You play 6♠"
    assert mine >= theirs + 0.9  # a beat of its own: lifted, then rested on
    director.fast_forward()
    assert director.own.lifted is None and "You play 6♠" in scene.model.status  # flown, and said on the status line


def test_the_card_the_player_chose_is_not_captioned_but_the_ones_after_it_are(app: App) -> None:
    scene = table(app)
    events = [Play(0, c("4H"), True), Play(0, c("5H"), False)]
    director = at(scene.director, "normal")
    director.chosen = chosen_card(LeadAction(0, c("4H")), events)
    director.present(events[0])
    assert director.own.lifted is None and real_hold(director) < 0.5
    at(director, "normal").present(events[1])
    assert director.own.lifted == c("5H") and str(director.own.words) == "You play 5♥"
    assert chosen_card(FollowAction(0, False), events) is None and chosen_card(StakeAction(0, ()), events) is None


def test_a_forced_lead_is_captioned_as_a_lead_at_every_speed_but_instant(app: App) -> None:
    scene = table(app)
    for speed in ("relaxed", "slow", "normal", "fast"):
        at(scene.director, speed).present(Play(0, c("2C"), True))
        assert str(scene.director.own.words) == "You lead 2♣" and scene.director.own.lifted == c("2C"), speed
        scene.director.fast_forward()
    scene.director.own.words = None
    at(scene.director, "instant").present(Play(0, c("3C"), True))
    assert scene.director.own.words is None and scene.director.deal_log.lines[-1].mine  # still in the log


# --- pacing -------------------------------------------------------------------------------------------

def test_relaxed_is_the_slowest_speed_and_rests_on_every_card(app: App) -> None:
    assert ANIMATION_SPEEDS[0] == "relaxed"
    scene = table(app)
    seconds = {}
    for speed in ANIMATION_SPEEDS:
        at(scene.director, speed).present(Play(1, c("9D"), False))
        seconds[speed] = 0.0 if speed == "instant" else real_hold(scene.director)
        scene.director.fast_forward()
    assert seconds["relaxed"] >= 1.2 and seconds["relaxed"] > seconds["slow"] > seconds["normal"] > seconds["fast"]
    assert pace_of("relaxed", hurrying=True) is PACES["instant"] and pace_of("warp") is PACES["normal"]


def test_relaxed_and_the_pause_load_from_the_settings_file_and_old_files_still_load(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"animation_speed": "relaxed", "pause_after_stop": True}))
    assert load_settings(tmp_path) == (Settings(animation_speed="relaxed", pause_after_stop=True), None)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"animation_speed": "slow", "muted": True}))
    assert load_settings(tmp_path) == (Settings(animation_speed="slow", muted=True), None)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"pause_after_stop": "yes"}))
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem is not None


# --- the status line ----------------------------------------------------------------------------------

def test_the_status_line_changes_with_every_moment_and_names_who_must_act(app: App) -> None:
    scene = table(app)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    assert your_turn("lead") in scene.turn_words
    director, said = at(scene.director, "normal"), []
    for event in (Play(1, c("9D"), True), Play(2, c("10D"), False), Play(0, c("JD"), False),
                  BoodleWon(0, c("JD"), 23), Stop(c("JD"), "dead_hand")):
        director.present(event)
        director.fast_forward()
        said.append(scene.model.status)
    name = scene.model.name(1)  # as its plate names it
    assert said[0] == f"{name} leads 9♦"
    assert said[1].startswith(f"{name} leads 9♦") and said[1].endswith(f"{scene.model.name(2)} plays 10♦")
    assert said[2].endswith("You play J♦") and said[3].endswith("You win 23 chips on J♦")
    assert said[4] == "Stop: Q♦ is in the dead hand"
    assert len(set(said)) == len(said)
    director.present(BuyDead(2, 1))
    assert scene.model.status == f"{scene.model.name(2)} buys the dead hand for 1 chip"
    director.present(HandWon(1, 4, ()))
    assert scene.model.status.endswith(f"{name} goes out and takes the pot of 4")
    scene.table.turn = ("lead", 2)
    assert scene.turn_words == their_turn("lead", scene.model.name(2))


# --- the pause after a stop ---------------------------------------------------------------------------

def play_on(app: App, scene: TableScene, until: Callable[[], bool], frames: int = 4000) -> bool:
    return play_along(app.step, scene, until, frames, 1 / 30)


def test_the_pause_after_a_stop_waits_for_a_key_and_never_while_fast_forwarding(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, animation_speed="fast", pause_after_stop=True))
    scene = table(app, seed=3)
    assert play_on(app, scene, lambda: scene.director.pause.waiting)
    assert scene.model.status_is_stop and not scene.director.idle and scene.human.decision is None
    presented = scene.director.presented
    for _ in range(40):
        app.step(1 / 30)
    assert scene.director.presented == presented and scene.director.pause.waiting  # it waits
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    app.step(1 / 30)
    assert not scene.director.pause.waiting
    assert play_on(app, scene, lambda: scene.director.presented > presented, 200)
    assert scene.fast_forward_until(lambda s: s.session.deal_number == 2, 20_000)  # no wait without a player


def test_the_pause_lets_a_mouse_wheel_and_escape_by(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, animation_speed="fast", pause_after_stop=True))
    scene = table(app, seed=3)
    assert play_on(app, scene, lambda: scene.director.pause.waiting)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1 / 30)
    assert scene.director.pause.waiting
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene) and scene.director.pause.waiting  # Esc is the pause menu's
    press(app, pygame.K_ESCAPE)
    assert list(app.scenes)[-1] is scene and scene.director.pause.waiting
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=1))
    app.step(1 / 30)
    assert not scene.director.pause.waiting


def test_the_pause_prompt_shows_only_once_the_stop_banner_has_gone(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.change_settings(dataclasses.replace(app.settings, animation_speed="fast", pause_after_stop=True))
    scene = table(app, seed=3)
    drawn: list[bool] = []
    monkeypatch.setattr(table_scene, "draw_stop_pause",
                        lambda surface, stage: drawn.append(scene.director.stop_banner_showing()))
    assert play_on(app, scene, lambda: scene.director.pause.waiting and scene.director.stop_banner_showing())
    assert play_on(app, scene, lambda: not scene.director.stop_banner_showing(), 400)
    app.step(1 / 30)
    assert drawn and not any(drawn)  # drawn, and never while the band covered its line


def test_the_pause_never_waits_for_the_players_own_lead_even_one_the_rules_play_for_them() -> None:
    pause = StopPause()
    pause.on = True
    pause.stopped()
    assert not pause.holds(Play(0, c("5H"), True), 0) and not pause.waiting  # their only lawful lead, played for them
    pause.stopped()
    assert pause.holds(Play(2, c("5H"), True), 0) and pause.waiting  # a character's lead waits
    pause.release()
    pause.stopped()
    pause.next_decision(others_lead=False)
    assert not pause.waiting and not pause.due


@pytest.mark.parametrize("when_unable", ["same_suit", "pass_left"])
def test_at_the_table_the_pause_waits_only_for_a_characters_lead(app: App, when_unable: str) -> None:
    app.change_settings(dataclasses.replace(app.settings, pause_after_stop=True))
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in FAST[:3]]
    rules = dataclasses.replace(rules_by_name("classic"), players=4, when_unable=when_unable)
    scene = TableScene.seated(app, rules, seats, 5)
    app.scenes.clear_to(scene)
    waits, own_leads_after_stop = 0, 0
    stand_in = LowestAgent()
    for _ in range(3000):
        if scene.summary is not None or scene.results is not None:
            break
        decision = scene.human.decision
        if decision is not None:
            own_leads_after_stop += scene.model.status_is_stop and decision.kind == "lead"
            scene.human.clear()
            scene.submit(stand_in.decide(scene.table.human_view(), decision))
        app.step(1 / 30)
        if scene.director.pause.waiting:
            queue, pending = scene.director.queue, scene.table.session.pending()
            following = queue[0] if queue else pending
            assert isinstance(following, Play | LeadDecision) and following.player != 0, following  # never theirs
            waits += 1
            scene.director.pause.release()
    assert waits and own_leads_after_stop  # both kinds of lead came after a stop


# --- the deal log panel -------------------------------------------------------------------------------

def press(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_open_deal_log_hides_no_seat_and_shows_five_rows_or_more(players: int) -> None:
    layout = table_layout(players)
    text = TextCache(Assets(audio=False))  # the rows step by the words' height (at 100% here)
    log = DealLog(0, str, False)
    rules = dataclasses.replace(rules_by_name("classic"), players=players)
    model = TableModel(rules, [("You", None)] + [(f"Seat {i}", None) for i in range(1, players)])  # no charms
    panel = LogPanel(cast(Stage, SimpleNamespace(layout=layout, text=text, model=model)), lambda: log)
    rect = panel.panel
    for place in layout.seats:
        assert not rect.colliderect(place.region), (place.seat, rect, place.region)
    for part in (layout.pot, layout.board, layout.dead, layout.status, layout.prompt, panel.button.rect):
        assert not rect.colliderect(part), (rect, part)
    assert layout.felt.contains(rect) and panel.body.height > 0 and panel.shown_rows >= 5
    assert rect.height >= (531 if players == 3 else 134)  # the tallest free stretch of the left column


def test_the_results_close_the_deal_log_rather_than_leave_it_peeking_out(app: App) -> None:
    scene = table(app, 3, seed=5)
    scene.log_panel.toggle()
    assert scene.fast_forward_until(lambda s: s.results is not None, 60_000)
    assert not scene.log_panel.open


def test_the_deal_log_opens_scrolls_and_stays_open_across_deals(app: App) -> None:
    scene = table(app, 8, seed=5)
    panel = scene.log_panel
    assert scene.fast_forward_until(lambda s: len(s.model.board) >= 14 and s.human.kind is not None, 20_000)
    press(app, pygame.K_l)
    assert panel.open and panel.top is None
    assert len(panel.rows()) > panel.shown_rows  # enough lines to scroll
    press(app, pygame.K_PAGEUP)
    assert panel.top is not None and panel.first_shown() < len(panel.rows()) - panel.shown_rows
    press(app, pygame.K_END)
    assert panel.top is None  # following the newest again
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.panel.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.step(1 / 60)
    assert panel.top is not None
    deal = scene.session.deal_number
    assert scene.fast_forward_until(lambda s: s.session.deal_number == deal + 1 and s.human.kind is not None, 20_000)
    assert panel.open and str(panel.log.lines[0]).startswith(f"Deal {deal + 1}:")
    button = panel.button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
    app.step(1 / 60)
    assert not panel.open
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
    app.step(1 / 60)
    assert panel.open
    press(app, pygame.K_l)
    assert not panel.open


def test_the_open_log_leaves_the_board_the_hand_and_the_controls_in_view(app: App) -> None:
    for players in (3, 8):
        scene = table(app, players)
        panel, layout = scene.log_panel.panel, scene.layout
        assert not panel.colliderect(layout.board) and not panel.colliderect(layout.hand)
        assert not panel.colliderect(layout.pot) and not panel.colliderect(layout.seats[0].plate)
        assert layout.felt.contains(panel) and not scene.log_panel.button.rect.colliderect(layout.seats[0].plate)
        assert not any(scene.log_panel.button.rect.colliderect(seat.plate) for seat in layout.seats)
