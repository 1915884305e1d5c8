"""The guided first deal: the fixed deal still teaches what the coach says, the whole lesson plays through posted
input to its closing words, nothing of it is kept or counted, the title offers it only to a new player, and
every step's words fit their panel in every language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import click, instant_app, key, make_app, top

import game.locale
from game.app.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.title import TitleScene
from game.app.table.controller import HumanTurn, Played
from game.app.table.scene import TableScene
from game.app.tutorial.coach import FirstDealCoach
from game.app.tutorial.first_deal import COACHED_LEADS, SEED, first_deal_table
from game.app.tutorial.marks import MAX_PANEL_H, panel_height
from game.app.tutorial.script import SCRIPT
from game.app.tutorial.shots import coach_of
from game.engine.cards import Card
from game.engine.decisions import LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.events import BoodleWon, DealStart, Event, HandWon, Play, Stop
from game.locale import LANGUAGES

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


def drive(app: App, coach: FirstDealCoach, *, stray: bool = True) -> None:
    """Follow the coach through posted input: Enter for Next, E and C for the stake, a click on the coached
    card for a lead (first trying another raised card, which the coach must refuse)."""
    for _ in range(3000):
        if coach.closing is not None:
            return
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
    app, title = title_of(tmp_path)
    assert title.offer is not None, "not now means: ask at the next start"
    click(app, title.offer.menu.buttons[2].rect.center)  # never ask again
    assert app.settings.first_deal_offer == "never"
    app.scenes.close()
    assert title_of(tmp_path)[1].offer is None
    veteran = tmp_path / "veteran"
    veteran.mkdir()
    (veteran / "statistics.json").write_text("{}", encoding="utf-8")
    assert title_of(veteran)[1].offer is None, "a player with statistics is no longer new"
    taker = tmp_path / "taker"
    app, title = title_of(taker)
    key(app, pygame.K_g)
    assert coach_of(app.scenes.top) is not None and app.settings.first_deal_offer == "taken"
    app.scenes.close()
    assert title_of(taker)[1].offer is None


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_step_fits_its_panel_in_every_language(app: App, code: str) -> None:
    coach = FirstDealCoach.__new__(FirstDealCoach)
    coach.scene = TableScene(app, first_deal_table())
    coach.facts = {"follower": (2, Card.parse("9D")), "boodle": (Card.parse("JD"), 12),
                   "stop": (Card.parse("QD"), "dead_hand"), "out": (0, 4, ((1, 10), (2, 10), (3, 10)))}
    coach.nudged = False
    game.locale.set_language(code)
    try:
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
    finally:
        game.locale.set_language("en")
