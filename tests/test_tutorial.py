"""The guided first deal: the fixed deal still teaches what the coach says, the whole lesson plays through posted
input to its closing words, nothing of it is kept or counted, the title offers it only to a new player, and
every step's words fit their panel in every language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import click, crossings_of, instant_app, key, large_print, make_app, top

import game.locale
from game.app.app import App
from game.app.canvas import Canvas
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.title import TitleScene
from game.app.table.controller import HumanTurn, Played
from game.app.table.scene import TableScene
from game.app.tutorial.closing import Closing
from game.app.tutorial.coach import FirstDealCoach
from game.app.tutorial.first_deal import COACHED_LEADS, SEED, first_deal_table
from game.app.tutorial.marks import MAX_PANEL_H, draw_coach_panel, next_button, panel_height, panel_rect
from game.app.tutorial.offer import FirstDealOffer
from game.app.tutorial.script import SCRIPT
from game.app.tutorial.shots import coach_of, follow_coach, showing
from game.engine.cards import Card
from game.engine.decisions import LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.events import BoodleWon, DealStart, Event, HandWon, Play, Stop
from game.locale import LANGUAGES, tr

STAKES = {"even": (1, 1, 1, 1), "all on the ace": (4, 0, 0, 0), "all on the jack": (0, 0, 0, 4)}


def play_fixed_deal(stake: tuple[int, ...]) -> tuple[list[Event], int]:
    """The guided deal played headless with this stake and the coached leads: its events, and how many leads
    the player was asked for."""
    table = first_deal_table()
    log = list(table.log)
    asked = 0
    while not table.over:
        step = table.advance(0.0, float("inf"))
        if isinstance(step, HumanTurn):
            decision = step.decision
            if isinstance(decision, StakeDecision):
                step = table.submit(StakeAction(0, tuple((c, n) for c, n in zip(decision.cards, stake) if n)))
            else:
                assert isinstance(decision, LeadDecision)
                assert COACHED_LEADS[asked] in decision.options
                step = table.submit(LeadAction(0, COACHED_LEADS[asked]))
                asked += 1
        if isinstance(step, Played):
            log += step.events
    return log, asked


@pytest.mark.parametrize("stake", STAKES.values(), ids=STAKES.keys())
def test_the_fixed_deal_asks_a_stake_and_leads_and_shows_a_stop_a_boodle_hit_and_going_out(
        stake: tuple[int, ...]) -> None:
    log, asked = play_fixed_deal(stake)
    assert SEED == 776
    dealer = next(e.dealer for e in log if isinstance(e, DealStart))
    assert dealer == 3, "the player sits on the dealer's left: stakes first and leads first"
    plays = [e for e in log if isinstance(e, Play)]
    assert plays[0] == Play(0, Card.parse("8D"), True) and asked == len(COACHED_LEADS) == 3
    first_stop = next(i for i, e in enumerate(log) if isinstance(e, Stop))
    assert log[first_stop] == Stop(Card.parse("QD"), "dead_hand")  # the K♦ lies in the dead hand
    assert any(isinstance(e, BoodleWon) and e.player == 0 and e.card == Card.parse("JD") for e in log[:first_stop])
    assert [e.after for e in log if isinstance(e, Stop) and e.reason == "king"] == parse("KC KS")
    assert [e.card for e in log if isinstance(e, BoodleWon)] == parse("JD QC")
    won = next(e for e in log if isinstance(e, HandWon))
    assert won.player == 0 and [(p.source, p.chips) for p in won.payments] == [(1, 4), (2, 5), (3, 3)]
    # the stake changes only who wins what: the cards played are the same whatever it is
    assert [p.card for p in plays] == [p.card for p in play_fixed_deal(STAKES["even"])[0] if isinstance(p, Play)]


def parse(names: str) -> list[Card]:
    return [Card.parse(name) for name in names.split()]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def coach_on(app: App) -> FirstDealCoach:
    coach = coach_of(top(app, TableScene))
    assert coach is not None
    return coach


def drive(app: App, coach: FirstDealCoach, *, stray: bool = True,
          each_step: Callable[[FirstDealCoach], None] | None = None) -> None:
    """Follow the coach through posted input: Enter for Next, E and C for the stake, a click on the coached
    card for a lead (first trying another raised card, which the coach must refuse); `each_step` looks at each
    step as it comes on screen."""
    looked = 0
    for _ in range(3000):
        if coach.closing is not None:
            return
        if each_step is not None and coach.step is not None and len(coach.shown) > looked:
            looked = len(coach.shown)
            each_step(coach)
        human = coach.scene.human
        if coach.holding:
            key(app, pygame.K_RETURN)
        elif coach.step is not None and human.kind == "stake":
            key(app, pygame.K_e)
            key(app, pygame.K_c)
        elif coach.step is not None and human.kind == "lead" and coach.coached is not None:
            rects = dict(human.hand_rects())
            other = next(card for card in human.options() if card != coach.coached)
            if stray:
                click(app, rects[other].move(0, 4).center)
                assert human.kind == "lead" and coach.nudged, "another lead was let through"
            click(app, rects[coach.coached].move(0, 4).center)
        else:
            app.step(1 / 60)
    raise AssertionError(f"the lesson stalled after {coach.shown}")


def test_the_whole_guided_deal_plays_through_posted_input_and_keeps_nothing(app: App, tmp_path: Path) -> None:
    before = sorted(path.name for path in tmp_path.rglob("*"))
    app.scenes.clear_to("title")
    title = top(app, TitleScene)
    title.offer = None
    key(app, pygame.K_h)  # How to play, then its guided deal button
    key(app, pygame.K_g)
    coach = coach_on(app)
    drive(app, coach)
    assert coach.shown == [step.name for step in SCRIPT]
    assert coach.scene.table.over and coach.scene.results is None and coach.scene.summary is None
    assert app.settings.first_deal_offer == "taken", "played to its closing words, the lesson is taken"
    key(app, pygame.K_p)  # Play a real game
    top(app, NewGameScene)
    app.scenes.clear_to("title")
    assert sorted(path.name for path in tmp_path.rglob("*")) == before, "the lesson wrote something"


def test_esc_offers_to_leave_and_leaving_keeps_nothing(app: App, tmp_path: Path) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    for _ in range(200):
        if coach.step is not None:
            break
        app.step(1 / 60)
    assert coach.shown == ["welcome"] and coach.scene.director.waiting, "the welcome holds the table"
    key(app, pygame.K_ESCAPE)
    top(app, ConfirmScene)
    key(app, pygame.K_n)  # stay
    assert coach_on(app) is coach
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)  # leave
    top(app, TitleScene)
    assert not (tmp_path / "sessions").exists() or not any((tmp_path / "sessions").iterdir())


def test_the_title_offers_the_guided_deal_once_a_run_to_a_new_player_only(tmp_path: Path) -> None:
    def title_of(folder: Path) -> tuple[App, TitleScene]:
        made = make_app(folder)
        made.scenes.clear_to("title")
        return made, top(made, TitleScene)

    app, title = title_of(tmp_path)
    assert title.offer is not None
    key(app, pygame.K_l)  # not now
    assert title.offer is None
    app.scenes.clear_to("title")
    assert top(app, TitleScene).offer is None, "asked again in the same run"
    app.scenes.close()
    assert app.settings.first_deal_offer == "later", "not now is remembered for the next start"
    app, title = title_of(tmp_path)
    assert title.offer is not None, "not now means: ask once more at the next start"
    assert [b.label for b in title.offer.menu.buttons] == ["Take the guided deal", "No thanks"], "the last time"
    key(app, pygame.K_l)  # no "Not now" the last time of asking
    assert title.offer is not None and app.settings.first_deal_offer == "later"
    click(app, title.offer.menu.buttons[1].rect.center)  # no thanks
    assert title.offer is None and app.settings.first_deal_offer == "never"
    app.scenes.close()
    assert title_of(tmp_path)[1].offer is None, "asked at most twice"
    refuser = tmp_path / "refuser"
    app, title = title_of(refuser)
    assert title.offer is not None
    click(app, title.offer.menu.buttons[2].rect.center)  # never ask again, the first time
    assert app.settings.first_deal_offer == "never"
    app.scenes.close()
    assert title_of(refuser)[1].offer is None
    veteran = tmp_path / "veteran"
    veteran.mkdir()
    (veteran / "statistics.json").write_text("{}", encoding="utf-8")
    assert title_of(veteran)[1].offer is None, "a player with statistics is no longer new"
    taker = tmp_path / "taker"
    app, title = title_of(taker)
    key(app, pygame.K_g)
    assert coach_of(app.scenes.top) is not None and app.settings.first_deal_offer == "ask"
    key(app, pygame.K_q, pygame.KMOD_CTRL)  # quits midway: nothing to keep, nothing asked
    assert not app.running
    app.scenes.close()
    app, title = title_of(taker)
    assert title.offer is not None, "left midway, the lesson is offered again"
    key(app, pygame.K_g)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)  # leave for the title
    top(app, TitleScene)
    app.scenes.close()
    assert title_of(taker)[1].offer is not None, "left midway, the lesson is offered again"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_step_fits_its_panel_in_every_language(app: App, code: str) -> None:
    coach = FirstDealCoach.__new__(FirstDealCoach)
    coach.scene = TableScene(app, first_deal_table())
    coach.facts = {"follower": (2, Card.parse("9D")), "boodle": (Card.parse("JD"), 12),
                   "stop": (Card.parse("QD"), "dead_hand"), "out": (0, 4, ((1, 10), (2, 10), (3, 10)))}
    coach.facts["shares"] = ((0, 3), (1, 3), (2, 2), (3, 2))
    coach.nudged = False
    coach.clock = coach.hint_off = 0.0
    game.locale.set_language(code)
    try:
        assert app.text.fit_size(tr("tutorial.hint_off"), "bold", 21, 400 - 32, 21) == 21, code
        for step in SCRIPT:
            for nudged in (False, True) if step.waits == "lead" else (False,):
                coach.nudged = nudged
                title, body = coach.words(step)
                assert "{" not in body and "tutorial." not in body, (code, step.name, body)
                height = panel_height(app.text, title, body, step.waits == "next")
                assert height <= MAX_PANEL_H, f"{code}: {step.name} needs {height}px"
                assert app.text.fit_size(title, "bold", 21, 400 - 32, 21) == 21, (code, step.name, title)
        coach.facts["stop"] = (Card.parse("KC"), "king")
        title, body = coach.words(next(step for step in SCRIPT if step.name == "stop"))
        assert panel_height(app.text, title, body, True) <= MAX_PANEL_H
        coach.facts["shares"] = ((0, 1),)
        title, body = coach.words(next(step for step in SCRIPT if step.name == "boodle_left"))
        assert "{" not in body and panel_height(app.text, title, body, True) <= MAX_PANEL_H
    finally:
        game.locale.set_language("en")


def test_a_guided_table_keeps_no_deal_log_and_its_coach_covers_no_control(app: App,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    scene = coach.scene
    drawn: list[bool] = []
    monkeypatch.setattr(scene.log_panel, "draw", lambda surface, hovered: drawn.append(hovered))

    def look(coach: FirstDealCoach) -> None:
        scene.draw(app.screen)
        panel = coach._panel()
        assert panel is not None
        controls = [button.rect for button in scene.human.buttons] + [scene.layout.panel]
        assert not any(panel.colliderect(rect) for rect in controls), f"{coach.step}: the panel covers a control"
        if coach.step is not None and coach.step.waits == "lead":
            key(app, pygame.K_l)  # the deal log's key, while the table takes input
            click(app, scene.log_panel.button.rect.center)
            assert not scene.log_panel.open, "the deal log opened at a guided table"

    drive(app, coach, stray=False, each_step=look)
    assert not drawn, "the deal log's button was drawn at a guided table"


def test_every_arrow_ends_on_its_target_and_crosses_no_line_of_text(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    layout = coach.scene.layout
    arrows: list[str] = []

    def look(coach: FirstDealCoach) -> None:
        arrow = coach.arrow()
        if arrow is None:
            return
        (start, end), targets, panel = arrow, coach.targets(), coach._panel()
        assert panel is not None and panel.inflate(2, 2).collidepoint(start), "the arrow leaves from the panel"
        target = next((rect for rect in targets if rect.collidepoint(end)), None)
        assert target is not None, f"{coach.shown[-1]}: the tip {end} is on none of {targets}"
        for line in (layout.status, layout.prompt):
            assert target.top >= line.bottom or not line.clipline(start, end), f"{coach.shown[-1]} strikes a line"
        arrows.append(coach.shown[-1])

    drive(app, coach, stray=False, each_step=look)
    assert {"pot", "dead", "stop"} <= set(arrows), arrows


def test_the_out_step_says_the_pot_was_taken_and_rings_the_plate_it_went_to(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    seen: dict[str, tuple[list[pygame.Rect], str]] = {}

    def look(coach: FirstDealCoach) -> None:
        assert coach.step is not None
        seen[coach.step.name] = (coach.targets(), coach.words(coach.step)[1])

    drive(app, coach, stray=False, each_step=look)
    targets, words = seen["out"]
    assert targets == [coach.scene.layout.seats[0].plate] and "took the pot of 4 chips" in words
    targets, words = seen["stop"]
    assert targets[0] == coach.scene.layout.dead, "the stop points first at the dead hand holding the K♦"
    targets, words = seen["boodle_left"]  # the even stake: 3 chips left on the A♠ and 5 on the K♥, shared by R22
    assert coach.facts["left"] == (0, 1) and coach.facts["shares"] == ((0, 2), (1, 2), (2, 2), (3, 2))
    assert "the 8 chips are shared out among you all: You 2, Maud 2, Bert 2 and Pip 2." in words
    plates = [coach.scene.layout.seats[seat].plate for seat in range(4)]
    assert targets == list(coach.scene.layout.boodle_cards[:2]) + plates, "rings round the A♠, the K♥ and the plates"
    # the shares are seen to go: by the closing words the boodle is empty and every player has their two chips
    assert coach.closing is not None and list(coach.scene.model.boodle) == [0, 0, 0, 0]
    assert [seat.chips for seat in coach.scene.model.seats] == list(coach.scene.table.session.chips)


def test_h_at_a_coach_step_says_the_hint_is_off(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    assert follow_coach(app, coach, showing("lead"))
    assert coach.step is not None and coach.words(coach.step)[0] == "Your lead"
    key(app, pygame.K_h)
    assert coach.words(coach.step)[0] == "The hint is off during the lesson"
    assert coach.scene.human.hint is None and not coach.scene.human.hint_pending
    for _ in range(240):
        app.step(1 / 60)
    assert coach.words(coach.step)[0] == "Your lead", "the note is brief"


def test_no_french_step_starts_a_sentence_with_a_bare_capital_a() -> None:
    text = (Path(__file__).parent.parent / "config/locales/fr/tutorial.yaml").read_text(encoding="utf-8")
    assert not re.search(r"(?<![\w'])A (?=\w)", text), "a capital A needs its accent: À"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_at_150_percent_every_panel_of_the_lesson_keeps_its_words_whole_and_apart(app: App, code: str) -> None:
    large_print(app)
    game.locale.set_language(code)
    coach = FirstDealCoach.__new__(FirstDealCoach)
    coach.scene = TableScene(app, first_deal_table())
    coach.facts = {"follower": (2, Card.parse("9D")), "boodle": (Card.parse("JD"), 12),
                   "stop": (Card.parse("QD"), "dead_hand"), "out": (0, 4, ((1, 10), (2, 10), (3, 10))),
                   "shares": ((0, 2), (1, 2), (2, 2), (3, 2))}
    coach.nudged = False
    coach.clock = coach.hint_off = 0.0

    def draw_every_panel() -> None:
        for step in SCRIPT:
            surface = Canvas.new(app.screen.get_size())
            title, body = coach.words(step)
            held = step.waits == "next"
            panel = panel_rect(surface.get_size(), step.place, panel_height(app.text, title, body, held))
            button = next_button(app.text, panel, tr("tutorial.next"), tr("table.enter_key")) if held else None
            draw_coach_panel(surface, app.text, panel, title, body, button, True)
        for ending in (FirstDealOffer(app), Closing(app)):
            ending.draw(Canvas.new(app.screen.get_size()))

    try:
        app.text.overflows.clear()
        crossings = crossings_of(draw_every_panel)
        assert not app.text.overflows, (code, app.text.overflows)
        assert not crossings, (code, crossings)
    finally:
        game.locale.set_language("en")
