"""The table scene driven headless through posted input: whole deals by keyboard and mouse, every decision
kind, the layout for 3 to 8 players, random input, snapshots, and the frame loop."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import threading
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from app_helpers import top
from helpers import quick_character_ids

from game.ai import hint as hint_module
from game.ai.character import Character
from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.card_art import Deck
from game.app.portraits import draw_portrait
from game.app.scenes.common import PRESS_GUARD_S
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.results import ResultsScene
from game.app.table import painter as painter_module
from game.app.table.animation import Bubble, PopUp
from game.app.table.felt import PLATE_FILL, draw_background
from game.app.table.layout import SeatPlace, table_layout
from game.app.table.model import HUMAN, DealRecord, stop_words
from game.app.table.scene import WATCH_SUMMARY_S, TableScene
from game.app.table.words import lead_refusal
from game.config import rules_by_name
from game.engine.cards import Card, parse_cards
from game.engine.decisions import BuyDeadAction, FollowAction, FollowDecision, LeadAction, LeadDecision, StakeAction
from game.engine.rules import RuleSet

FAST_CHARACTERS = quick_character_ids()  # the searching ones are slow for a test


def characters(count: int) -> list[Character]:
    """`count` characters that decide quickly."""
    return [load_character_by_id(FAST_CHARACTERS[i % len(FAST_CHARACTERS)]) for i in range(count)]


def table(app: App, players: int = 4, rules: RuleSet | None = None, seed: int = 7,
          time_limit_s: float | None = None) -> TableScene:
    """A table with the human in seat 0, pushed on the app."""
    rules = rules or rules_by_name("classic")
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in characters(players - 1)]
    scene = TableScene.seated(app, dataclasses.replace(rules, players=players), seats, seed,
                              time_limit_s=time_limit_s)
    app.scenes.clear_to(scene)
    return scene


def key(app: App, code: int, frames: int = 1) -> None:
    """Post a key press and run the app."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(1 / 60)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a mouse move and a click at `pos` and run the app."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.step(1 / 60)


def run_until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    """Step the app until `done()`."""
    for _ in range(frames):
        if done():
            return
        app.step(1 / 60)
    assert done(), "the table never got there"


def waiting_for_human(scene: TableScene) -> Callable[[], bool]:
    return lambda: scene.human.kind is not None or isinstance(scene.app.scenes.top, (DealSummaryScene, ResultsScene))


def settled(scene: TableScene) -> Callable[[], bool]:
    """True once the table has shown everything that happened (no card or chip still moving)."""
    return lambda: not scene.director.busy


# --- layout -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("boodle", (1, 4, 13))
def test_layout_seats_apart_and_on_the_table(players: int, boodle: int) -> None:
    layout = table_layout(players, boodle)
    regions = [place.region for place in layout.seats]
    for a, b in itertools.combinations(range(players), 2):
        assert not regions[a].colliderect(regions[b]), f"seats {a} and {b} overlap at {players} players"
    fixed = {"centre": layout.centre, "hand": layout.hand, "panel": layout.panel, "status": layout.status,
             "prompt": layout.prompt}
    for seat, region in enumerate(regions):
        assert layout.on_felt(region), f"seat {seat} is off the table at {players} players"
        for name, rect in fixed.items():
            assert not region.colliderect(rect), f"seat {seat} overlaps the {name} at {players} players"
    for rect in (*layout.boodle_cards, layout.board, layout.pot, layout.dead, layout.hand, layout.panel):
        assert layout.on_felt(rect)
    for rect in (*layout.boodle_cards, layout.board, layout.pot, layout.dead):
        assert layout.centre.contains(rect)
    for first, second in itertools.combinations((layout.board, layout.pot, layout.dead, *layout.boodle_cards), 2):
        assert not first.colliderect(second)
    assert not layout.hand.colliderect(layout.panel)
    for count in range(1, 14):
        slots = layout.hand_slots(count)
        assert all(layout.hand.contains(slot) for slot in slots)


# --- a whole deal through the UI ---------------------------------------------------------------------

def test_human_plays_a_whole_deal_by_keyboard(app: App) -> None:
    scene = table(app, 4)
    cards = scene.rules.boodle_cards
    stakes = 0
    leads = 0
    run_until(app, waiting_for_human(scene))
    while not isinstance(app.scenes.top, DealSummaryScene):
        kind = scene.human.kind
        if kind == "stake":
            chips_before = scene.session.chips[0]
            key(app, pygame.K_2)  # one chip on the second boodle card
            key(app, pygame.K_PLUS)  # and another
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_KP_PLUS)
            key(app, pygame.K_EQUALS)
            key(app, pygame.K_MINUS)  # taken back
            key(app, pygame.K_UP)
            assert scene.human.left_to_place == 0
            key(app, pygame.K_c)
            stake = [a for a in scene.actions if isinstance(a, StakeAction) and a.player == 0][-1]
            assert dict(stake.boodle) == {cards[1]: 2, cards[2]: 2}
            assert scene.session.chips[0] == chips_before - 5
            stakes += 1
        elif kind == "lead":
            options = scene.human.options()
            pending = scene.session.pending()
            assert isinstance(pending, LeadDecision) and set(options) == set(pending.options)
            key(app, pygame.K_RIGHT)
            chosen = options[1 % len(options)]
            assert scene.human.buttons[0].label.startswith(f"Lead {chosen.label}")
            before = len(scene.session.view(0).plays)
            key(app, pygame.K_RETURN)
            plays = scene.session.view(0).plays
            assert plays[before] == plays[before]._replace(player=0, card=chosen, lead=True)
            assert chosen not in scene.session.hand(0)
            leads += 1
        else:
            pytest.fail(f"no {kind} decision in classic rules")
        run_until(app, waiting_for_human(scene))
        if scene.human.kind is not None:
            # what the table shows is what the engine holds, once the animations have caught up
            assert scene.model.hand == list(scene.session.hand(0))
            assert [s.chips for s in scene.model.seats] == scene.session.chips
            assert scene.model.pot == scene.session.pot and scene.model.boodle == scene.session.boodle
    assert stakes == 1 and leads >= 1
    summary = app.scenes.top
    assert isinstance(summary, DealSummaryScene)
    assert summary.record.chips_after == scene.session.chips or scene.session.deal_number == 2
    app.step(PRESS_GUARD_S)  # the summary is seen a moment before a key plays on
    key(app, pygame.K_RETURN, frames=2)
    assert top(app, TableScene) is scene


def test_human_plays_a_deal_with_the_mouse(app: App) -> None:
    scene = table(app, 3, seed=11)
    run_until(app, waiting_for_human(scene))
    layout = scene.layout
    assert scene.human.kind == "stake"
    click(app, layout.boodle_cards[0].center)
    click(app, layout.boodle_cards[0].center)
    click(app, layout.boodle_cards[0].center, button=3)  # right-click takes one back
    assert scene.human.stake[0] == 1
    spread = next(b for b in scene.human.buttons if b.label.startswith("Spread"))
    click(app, spread.rect.center)
    assert scene.human.stake == [1, 1, 1, 1]
    biggest = next(b for b in scene.human.buttons if b.label.startswith("All on"))
    click(app, biggest.rect.center)
    assert sum(scene.human.stake) == 4 and max(scene.human.stake) == 4
    confirm = next(b for b in scene.human.buttons if b.label.startswith("Confirm"))
    click(app, confirm.rect.center)
    assert isinstance(scene.actions[-1], StakeAction) or any(
        isinstance(a, StakeAction) and a.player == 0 for a in scene.actions)
    while True:
        run_until(app, waiting_for_human(scene))
        if isinstance(app.scenes.top, DealSummaryScene):
            break
        assert scene.human.kind == "lead"
        rects = scene.human.hand_rects()
        lawful = [(card, rect) for card, rect in rects if card in scene.human.lawful]
        card, rect = lawful[-1]
        click(app, (rect.x + 6, rect.y + 8))  # the corner a card shows above its neighbour
        assert card not in scene.session.hand(0)
    summary = app.scenes.top
    assert isinstance(summary, DealSummaryScene)
    app.step(PRESS_GUARD_S)
    click(app, summary.button.rect.center)
    assert top(app, TableScene) is scene


def test_buying_the_dead_hand_by_keyboard(app: App) -> None:
    for answer, bought in ((pygame.K_b, True), (pygame.K_k, False)):
        scene = table(app, 4, rules=rules_by_name("michigan"), seed=5)
        assert scene.fast_forward_until(lambda s: s.human.kind == "buy_dead", 5000)
        dead = scene.session.dead_hand()
        key(app, answer)
        action = [a for a in scene.actions if isinstance(a, BuyDeadAction)][-1]
        assert action == BuyDeadAction(0, bought)
        assert scene.session.view(0).table.dead_bought is bought
        if bought:
            assert scene.session.hand(0) == dead
            run_until(app, settled(scene))
            assert set(scene.model.hand) == set(scene.session.hand(0)) | {
                c for c, m in scene.model.board.items() if m.player == 0}


def test_optional_following_play_and_decline(app: App) -> None:
    rules = dataclasses.replace(rules_by_name("classic"), follow="optional")
    scene = table(app, 5, rules=rules, seed=3)
    answered = []
    for answer in (pygame.K_p, pygame.K_d, pygame.K_RETURN):
        assert scene.fast_forward_until(lambda s: s.human.kind == "follow", 20_000)
        pending = scene.session.pending()
        assert isinstance(pending, FollowDecision)
        card = pending.card
        key(app, answer)
        action = scene.actions[-1]
        assert action == FollowAction(0, answer != pygame.K_d)
        answered.append(action.play)
        if action.play:
            assert card not in scene.session.hand(0)
        else:
            assert card in scene.session.hand(0)
    assert answered == [True, False, True]


def test_every_decision_kind_has_keys_and_a_hint(app: App) -> None:
    scene = table(app, 4, seed=2)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    key(app, pygame.K_h)
    scene.human.finish_hint()
    assert scene.human.hint and scene.human.hint.startswith("Lead ") and ": " in scene.human.hint
    assert scene.human.hint_card in scene.human.lawful
    options = scene.human.options()
    key(app, pygame.K_1 + len(options) - 1)  # the number key of the last option
    assert scene.actions[-1] == LeadAction(0, options[-1])
    assert scene.fast_forward_until(lambda s: s.human.kind == "stake", 20_000, play_for_human=True)
    key(app, pygame.K_e)
    assert scene.human.left_to_place == 0
    key(app, pygame.K_BACKSPACE)
    assert scene.human.left_to_place == 4
    key(app, pygame.K_b)
    key(app, pygame.K_RETURN)  # all placed: Enter confirms
    assert isinstance(scene.actions[-1], StakeAction) and scene.actions[-1].player == 0


def test_the_hint_is_searched_on_a_worker_thread_and_shown_when_it_is_ready(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = table(app, 4, seed=2)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    searched_on: list[str] = []
    real = hint_module.expert_hint

    def watched(*args: Any) -> Any:
        searched_on.append(threading.current_thread().name)
        return real(*args)
    monkeypatch.setattr(hint_module, "expert_hint", watched)
    key(app, pygame.K_h)
    assert scene.human.hint_pending or scene.human.hint is not None
    scene.human.finish_hint()
    assert searched_on == ["newmarket-hint"] and scene.human.hint and not scene.human.hint_pending
    again = scene.human.hint
    key(app, pygame.K_h)  # asked again: its figures (every hint here has some), and again: hidden
    assert scene.human.hint and scene.human.hint.startswith(again) and scene.human.hint != again
    key(app, pygame.K_h)
    assert scene.human.hint is None
    key(app, pygame.K_h)
    scene.human.finish_hint()
    assert scene.human.hint == again, "the same position and seed give the same hint"


def test_unlawful_leads_explained() -> None:
    classic = rules_by_name("classic")
    hand = list(parse_cards(["3C", "5C", "7H", "9H"]))
    options = parse_cards(["3C", "7H"])
    assert lead_refusal(Card.parse("5C"), hand, options, classic, None) == "You must lead the lowest ♣: 3♣"
    assert lead_refusal(Card.parse("3C"), hand, options, classic, None) == ""
    after_hearts = parse_cards(["3C"])
    assert lead_refusal(Card.parse("7H"), hand, after_hearts, classic, 1) == "After a stop in ♥ you must switch suit"
    colour = dataclasses.replace(classic, switch_to="other_colour")
    assert "black suit" in lead_refusal(Card.parse("9H"), hand, after_hearts, colour, 1)


def test_stops_are_explained_in_words() -> None:
    assert stop_words(Card.parse("7C"), "dead_hand", False) == "Stop: 8♣ is in the dead hand"
    assert stop_words(Card.parse("KH"), "king", False).startswith("Stop: King")
    assert stop_words(Card.parse("8H"), "already_played", False) == "Stop: 9♥ was already played"
    assert stop_words(Card.parse("8H"), "declined", True, human_declined=True) == "Stop: you declined 9♥"
    # with optional following the table cannot tell a decline from a dead card
    assert "declined, or in the dead hand" in stop_words(Card.parse("8H"), "dead_hand", True)


def test_hovering_an_unlawful_card_says_why(app: App) -> None:
    scene = table(app, 3, seed=4)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead" and len(s.model.hand) > len(s.human.lawful),
                                    20_000)
    app.step(1 / 60)
    for card, rect in scene.human.hand_rects():
        if card not in scene.human.lawful:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + 5, rect.bottom - 10), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.step(1 / 60)
            if scene.human.hover_card == card:
                assert scene.human.refusal(card).startswith(("You must lead", "After a stop"))
                return
    pytest.fail("no unlawful card could be hovered")


# --- pacing, talk, pause ------------------------------------------------------------------------------

def test_speed_setting_and_fast_forward(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, animation_speed="slow"))
    scene = table(app, 4)
    app.step(1 / 60)
    app.step(1 / 60)
    assert scene.director.busy and not scene.model.cut_cards  # the cut is being shown, slowly
    presented = scene.director.presented
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(1 / 60)
    assert scene.model.deal_number == 1 and scene.director.presented > presented  # Space landed the cut: on to the deal
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"))
    for _ in range(6):  # no waiting at all: one frame per decision of the characters before the human
        app.step(1 / 60)
    assert scene.human.kind == "stake"


def test_chattiness_zero_silences_everyone(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, chattiness=0.0))
    scene = table(app, 8)
    for seat in range(1, 8):
        for moment in ("stop", "boodle_win", "going_out", "big_loss", "win"):
            assert scene.line_for(seat, moment) is None
    app.change_settings(dataclasses.replace(app.settings, chattiness=1.0))
    spoken = [scene.line_for(seat, moment) for seat in range(1, 8) for moment in ("stop", "win") for _ in range(6)]
    assert any(spoken)


def test_escape_pauses_and_resumes(app: App) -> None:
    scene = table(app, 3)
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert top(app, PauseScene).overlay
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_time_limit_ends_with_the_deal_in_progress(app: App) -> None:
    scene = table(app, 3, time_limit_s=0.05)
    app.change_settings(dataclasses.replace(app.settings, animation_speed="fast"))
    for _ in range(5):
        app.step(1 / 30)
    assert scene.table.end_requested
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, ResultsScene), 50_000)
    assert scene.session.over and scene.session.deal_number == 1


def test_session_runs_to_the_results(app: App) -> None:
    scene = table(app, 3, rules=dataclasses.replace(rules_by_name("classic"), deals=2))
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, ResultsScene), 50_000)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert [seat.chips for seat in scene.model.seats] == scene.session.chips
    assert scene.model.chips_total() == scene.session.chips_total()
    app.step(PRESS_GUARD_S)
    key(app, pygame.K_RETURN)
    assert scene not in list(app.scenes)


# --- snapshots ----------------------------------------------------------------------------------------

def test_snapshot_resumes_the_same_session(app: App) -> None:
    scene = table(app, 5, rules=rules_by_name("michigan"), seed=21)
    assert scene.fast_forward_until(lambda s: s.session.deal_number == 2 and len(s.model.board) > 6, 50_000)
    snapshot = json.loads(json.dumps(scene.snapshot()))
    resumed = TableScene.from_snapshot(app, snapshot)
    a, b = scene.session, resumed.session
    assert a.pending() == b.pending() and a.chips == b.chips and a.pot == b.pot and a.boodle == b.boodle
    assert [a.hand(s) for s in range(5)] == [b.hand(s) for s in range(5)] and a.dead_hand() == b.dead_hand()
    assert resumed.model.hand == list(b.hand(0))
    assert set(resumed.model.board) == {p.card for p in b.view(0).plays}
    app.scenes.clear_to(resumed)
    assert resumed.fast_forward_until(lambda s: isinstance(s.app.scenes.top, DealSummaryScene), 20_000)


def test_a_resumed_table_can_buy_the_dead_hand(app: App) -> None:
    scene = table(app, 4, rules=rules_by_name("michigan"), seed=5)
    assert scene.fast_forward_until(lambda s: s.human.kind == "buy_dead", 5000)
    resumed = TableScene.from_snapshot(app, json.loads(json.dumps(scene.snapshot())))
    app.scenes.clear_to(resumed)
    dead = resumed.session.dead_hand()
    run_until(app, lambda: resumed.human.kind == "buy_dead")
    key(app, pygame.K_b)
    assert resumed.session.hand(0) == dead
    run_until(app, lambda: not resumed.director.motion.busy and resumed.director.presented > 0)
    played = {c for c, m in resumed.model.board.items() if m.player == 0}
    assert set(resumed.model.hand) | played == set(dead)


def test_a_watched_table_plays_on_by_itself(app: App) -> None:
    seats = [(c.name, c) for c in characters(4)]
    scene = TableScene.seated(app, rules_by_name("classic"), seats, 3)
    app.scenes.clear_to(scene)
    run_until(app, lambda: scene.session.deal_number >= 2, frames=4000)
    assert scene.human.kind is None


# --- robustness and frames ----------------------------------------------------------------------------

KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_9, pygame.K_KP1, pygame.K_a,
        pygame.K_b, pygame.K_c, pygame.K_d, pygame.K_e, pygame.K_h, pygame.K_k, pygame.K_n, pygame.K_p, pygame.K_y)


@pytest.mark.slow
@pytest.mark.parametrize("players", (3, 8))
def test_random_input_never_breaks_the_table(app: App, players: int) -> None:
    app.change_settings(dataclasses.replace(app.settings, animation_speed="fast"))
    rng = random.Random(players)
    rules = rules_by_name("michigan" if players == 3 else "classic")
    scene = table(app, players, rules=rules, seed=players)
    total = scene.session.chips_total()
    tables = 1
    for frame in range(2500):
        for _ in range(rng.choice((0, 0, 1, 2))):
            roll = rng.random()
            pos = (rng.randrange(1280), rng.randrange(720))
            if roll < 0.45:
                event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
            elif roll < 0.75:
                event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
            elif roll < 0.95:
                event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            else:
                event = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
            pygame.event.post(event)
        app.step(rng.choice((0.0, 1 / 120, 1 / 60, 1 / 30, 0.1)))
        assert scene.session.chips_total() == total
        if scene not in list(app.scenes):  # the session ended and the results led away: sit down again
            scene = table(app, players, rules=rules, seed=players + frame)
            total = scene.session.chips_total()
            tables += 1
    assert scene.actions or tables > 1


def test_frames_run_and_drawing_a_frame_again_changes_and_renders_nothing(app: App,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # what keeps a frame cheap, counted rather than timed (`python main.py bench` times it): the still picture
    # is built once, not every frame; the deck is drawn once; and drawing the same frame again is all cache hits
    builds: list[tuple[int, int]] = []
    def counted_background(*args: Any, **kwargs: Any) -> Canvas:
        surface = draw_background(*args, **kwargs)
        builds.append(surface.get_size())
        return surface
    monkeypatch.setattr(painter_module, "draw_background", counted_background)
    card_draws = [0]
    real_face = Deck._draw_face

    def counted_face(*args: Any, **kwargs: Any) -> Canvas:
        card_draws[0] += 1
        return real_face(*args, **kwargs)
    monkeypatch.setattr(Deck, "_draw_face", counted_face)

    app.change_settings(dataclasses.replace(app.settings, animation_speed="normal"))
    seats = [(c.name, c) for c in characters(8)]
    scene = TableScene.seated(app, rules_by_name("classic"), seats, 1)
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    faces_drawn = card_draws[0]
    for _ in range(240):
        app.step(1 / 60)
        version, presented, queued = scene.model.version, scene.director.presented, len(scene.director.queue)
        misses = app.text.misses
        scene.draw(app.screen)
        assert (scene.model.version, scene.director.presented, len(scene.director.queue)) == \
            (version, presented, queued)
        assert app.text.misses == misses, "drawing the same frame again rendered text again"
    assert scene.model.version > 0 and scene.director.presented > 0  # the frames did play the deal
    assert builds == [app.screen.get_size()], "the still picture was built more than once"
    assert card_draws[0] == faces_drawn, "a card face was drawn again after the first frame"


# --- what the review found: pop-ups, overlays and bubbles, portraits, watched summaries -----------------

def name_band(app: App, place: SeatPlace) -> pygame.Rect:
    """Where a seat's name may be drawn: its whole line on the plate, from the tallest glyph to the lowest."""
    ink = app.text.render("ÅÉgjpqy|", "bold", 17).get_bounding_rect()
    return pygame.Rect(place.name_left, place.plate.y + 8 + ink.y, place.plate.right - 10 - place.name_left,
                       ink.height)


@pytest.mark.parametrize("players", range(3, 9))
def test_chip_pop_ups_never_hide_a_name_and_stay_on_screen(app: App, players: int) -> None:
    scene = table(app, players)
    app.step(1 / 60)
    screen = app.screen.get_rect()
    bands = [name_band(app, place) for place in scene.layout.seats]
    count_w = app.text.width("888", "bold", 18)
    for seat, place in enumerate(scene.layout.seats):
        count = pygame.Rect(place.name_left + 22, place.plate.y + 36, count_w, 22)  # a three-digit chip count
        for amount in (1, 12, -7, 40, 123, -140):
            scene.director.popup(seat, amount)
            popup = scene.director.decor.anims[-1]
            assert isinstance(popup, PopUp)
            ink = popup.image.get_bounding_rect()
            for step in range(11):
                popup.clock = popup.duration * step / 10
                rect = ink.move(popup.topleft())
                assert screen.contains(rect), f"seat {seat}'s {amount:+} leaves the screen at {players} players"
                for other, band in enumerate(bands):
                    assert not rect.colliderect(band), \
                        f"seat {seat}'s {amount:+} covers seat {other}'s name at {players} players"
                assert not rect.colliderect(count), f"seat {seat}'s {amount:+} covers its chip count"
            scene.director.decor.clear()


def test_a_new_pop_up_ends_the_last_one_at_the_same_seat(app: App) -> None:
    scene = table(app, 4)
    app.step(1 / 60)
    scene.director.popup(2, 8)
    first = scene.director.decor.anims[-1]
    scene.director.decor.update(0.2)
    scene.director.popup(2, 19, delay=0.3)
    scene.director.decor.update(0.31)
    assert first.done and not scene.director.decor.anims[-1].done


@pytest.mark.parametrize("players", range(3, 9))
def test_bubbles_stay_whole_on_the_table_at_every_seat(app: App, players: int) -> None:
    scene = table(app, players)
    app.step(1 / 60)
    layout = scene.layout
    bands = [name_band(app, place) for place in layout.seats]
    lines = ("Ha!", "Typical. Absolutely typical.",
             "Cards on the table. Oh, what a splendid muddle we have made of it, my dear friends, all of us!")
    for seat in range(players):
        for words in lines:
            _, rect = scene.director.bubble_for(seat, words)
            assert app.screen.get_rect().contains(rect) and layout.on_felt(rect), \
                f"seat {seat}'s bubble is cut off at {players} players"
            for other, band in enumerate(bands):
                assert not rect.colliderect(band), f"seat {seat}'s bubble covers seat {other}'s name"


def opaque(panel: Canvas, radius: int) -> bool:
    """True when every pixel of the rounded panel (inside its corners) is fully opaque."""
    inner = panel.get_rect().inflate(-radius, -radius)
    return all(panel.get_at((x, y)).a == 255 for x in range(inner.x, inner.right, 7)
               for y in range(inner.y, inner.bottom, 7))


def test_overlays_are_opaque_and_no_bubble_shows_over_them(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.change_settings(dataclasses.replace(app.settings, chattiness=1.0))
    scene = table(app, 5, rules=dataclasses.replace(rules_by_name("classic"), deals=1), seed=9)
    monkeypatch.setattr(scene, "line_for", lambda seat, moment: "Typical. Absolutely typical.")
    drawn: list[int] = []
    monkeypatch.setattr(Bubble, "draw", lambda self, surface: drawn.append(self.seat))
    assert scene.fast_forward_until(lambda s: s.human.kind is not None, play_for_human=False)
    for seat in range(1, 5):
        scene.director.say(seat, "stop")
    app.step(1 / 60)
    assert drawn, "the bubbles show on the table itself"
    drawn.clear()
    key(app, pygame.K_ESCAPE)  # the pause menu over the table
    assert app.scenes.top is not scene
    app.draw(app.screen)
    assert not drawn, "a bubble drew over the pause menu"
    key(app, pygame.K_ESCAPE)
    # a bubble still up when the deal ends must not be frozen into the summary's backdrop
    deal_end = scene.on_deal_end

    def talk_then_end(record: DealRecord | None) -> None:
        scene.director.say(1, "stop")
        deal_end(record)
    monkeypatch.setattr(scene, "on_deal_end", talk_then_end)
    drawn.clear()
    assert scene.fast_forward_until(lambda s: s.summary is not None)
    summary = scene.summary
    assert isinstance(summary, DealSummaryScene) and app.scenes.top is summary
    app.draw(app.screen)
    assert not drawn, "a bubble drew into or over the deal summary"
    assert opaque(summary.panel_surface, 18)
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, ResultsScene), 50_000)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    drawn.clear()
    app.draw(app.screen)
    assert not drawn and opaque(results.panel_surface, 20)


def test_a_character_has_one_face_at_every_seat_and_in_the_picker(app: App) -> None:
    cast = characters(3)
    rules = dataclasses.replace(rules_by_name("classic"), players=4)
    faces: dict[str, list[bytes]] = {c.id: [] for c in cast}
    for order in (cast, cast[::-1], cast[1:] + cast[:1]):
        scene = TableScene.seated(app, rules, [("You", None)] + [(c.name, c) for c in order], 7)
        app.scenes.clear_to(scene)
        app.step(1 / 60)
        for seat, character in enumerate(order, start=1):
            faces[character.id].append(pygame.image.tobytes(scene.painter.portraits[seat].real, "RGBA"))
    radius = scene.layout.seats[1].portrait_radius
    for character in cast:
        picker = pygame.image.tobytes(draw_portrait(character.look, radius, app.text, character.id).real, "RGBA")
        assert faces[character.id] == [picker] * 3, f"{character.id}'s face changes with the seat"


def test_a_watched_table_moves_past_its_deal_summaries(app: App) -> None:
    seats = [(c.name, c) for c in characters(4)]
    scene = TableScene.seated(app, rules_by_name("classic"), seats, 3)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.summary is not None)
    summary = scene.summary
    assert app.scenes.top is summary
    for _ in range(round(WATCH_SUMMARY_S * 60) - 30):
        app.step(1 / 60)
    assert app.scenes.top is summary, "the summary closed before anyone could read it"
    for _ in range(60):
        app.step(1 / 60)
    assert app.scenes.top is scene and scene.summary is None and not scene.director.waiting
    deals = scene.model.deal_number
    run_until(app, lambda: scene.model.deal_number > deals or scene.summary is not None, frames=6000)


def test_a_summary_waits_for_the_human_until_they_are_out(app: App) -> None:
    scene = table(app, 4, seed=3)
    assert scene.fast_forward_until(lambda s: s.summary is not None)
    summary = scene.summary
    for _ in range(round(WATCH_SUMMARY_S * 60) * 3):
        app.step(1 / 60)
    assert app.scenes.top is summary, "a summary closed under a human who was still playing"
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    scene.model.seats[HUMAN].in_session = False  # as if the human had gone out of the session
    assert scene.fast_forward_until(lambda s: s.summary is not None, play_for_human=True)
    summary = scene.summary
    for _ in range(round(WATCH_SUMMARY_S * 60) + 30):
        app.step(1 / 60)
    assert app.scenes.top is scene and scene.summary is None


def test_suit_symbols_on_dark_backgrounds_are_light() -> None:
    def luminance(colour: tuple[int, ...]) -> float:
        def channel(c: int) -> float:
            v = c / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(c) for c in colour[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    for four in (False, True):
        for colour in theme.suits_on_dark(four):
            for ground in (theme.PANEL, (8, 20, 14), PLATE_FILL):
                contrast = (luminance(colour) + 0.05) / (luminance(ground) + 0.05)
                assert contrast >= 4.5, f"{colour} on {ground}: contrast {contrast:.1f}"
