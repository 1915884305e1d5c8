"""The guided first deal: the fixed deal still teaches what the coach says, the whole lesson plays through posted
input to its closing words, nothing of it is kept or counted, the title offers it only to a new player, and
every step's words fit their panel in every language."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import click, crossings_of, instant_app, key, large_print, make_app, top
from storage.test_kept_sessions import sit

import game.locale
from game.ai.hint import FollowHint, Hint, LeadHint, expert_hint
from game.ai.hint_tally import Reason
from game.ai.worker import OnWorker
from game.app.app import App
from game.app.canvas import Canvas
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.title import TitleScene
from game.app.table.controller import HumanTurn, Played
from game.app.table.scene import TableScene
from game.app.tutorial.closing import Closing
from game.app.tutorial.coach import FirstDealCoach
from game.app.tutorial.first_deal import SEED, first_deal_rules, first_deal_table
from game.app.tutorial.marks import MAX_PANEL_H, draw_coach_panel, next_button, panel_height, panel_rect
from game.app.tutorial.offer import FirstDealOffer
from game.app.tutorial.review import CLEARLY_BETTER, Choice, Run, follow_review
from game.app.tutorial.script import STEPS, Step
from game.engine.cards import Card
from game.engine.decisions import (
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from game.engine.events import BoodleWon, DealStart, Event, HandWon, Play, Stop
from game.engine.view import PlayerView
from game.locale import LANGUAGES, tr
from game.shots.tutorial import coach_of, first_sight, follow_coach, showing

STAKES = {"even": (1, 1, 1, 1), "all on the ace": (4, 0, 0, 0), "all on the jack": (0, 0, 0, 4)}
CHOICES = 6  # the lesson asks the player at least this many real choices (leads of two cards or more, follows)
SLIP, BEST = Card.parse("7S"), Card.parse("5C")  # the first lead a newcomer may well pick, and the expert's


def play_deal(stake: tuple[int, ...], answers: list[Card | bool] | None = None
              ) -> tuple[list[Event], list[Card | bool], list[Hint]]:
    """The guided deal played headless with this stake: the player answers as `answers` says in order, then as the
    expert would (its hint). The events, every answer given, and the expert's values at each decision."""
    table = first_deal_table()
    log = list(table.log)
    given: list[Card | bool] = []
    hints: list[Hint] = []
    while not table.over:
        step = table.advance(0.0, float("inf"))
        if isinstance(step, HumanTurn):
            decision = step.decision
            if isinstance(decision, StakeDecision):
                step = table.submit(StakeAction(0, tuple((c, n) for c, n in zip(decision.cards, stake) if n)))
            else:
                hint = expert_hint(step.view, decision, SEED)
                hints.append(hint)
                if answers is not None and len(given) < len(answers):
                    answer = answers[len(given)]
                elif isinstance(hint, LeadHint):
                    answer = hint.card
                else:
                    assert isinstance(hint, FollowHint)
                    answer = hint.play >= hint.decline
                given.append(answer)
                step = table.submit(LeadAction(0, answer) if isinstance(answer, Card) else FollowAction(0, answer))
        if isinstance(step, Played):
            log += step.events
    return log, given, hints


def test_the_lessons_deal_gives_real_choices_and_a_first_lead_a_newcomer_may_get_wrong() -> None:
    log, given, hints = play_deal(STAKES["even"])
    assert SEED == 117 and first_deal_rules().follow == "optional", "the lesson's rules give follow decisions"
    dealer = next(e.dealer for e in log if isinstance(e, DealStart))
    assert dealer == 3, "the player sits on the dealer's left: stakes first and leads first"
    plays = [e for e in log if isinstance(e, Play)]
    assert plays[0].player == 0 and plays[0].lead
    first = hints[0]
    assert isinstance(first, LeadHint) and len(first.ranked) >= 3 and first.card == BEST
    values = dict(first.ranked)
    assert values[BEST] - values[SLIP] >= CLEARLY_BETTER, "the slip is clearly worse: the coach names the 5♣"
    leads = sum(1 for hint in hints if isinstance(hint, LeadHint))
    follows = sum(1 for hint in hints if isinstance(hint, FollowHint))
    assert leads >= 2 and follows >= 3 and leads + follows >= CHOICES, (leads, follows)
    # played well, the deal shows a boodle card of the player's hit, a stop, a king's stop and going out
    assert any(isinstance(e, BoodleWon) and e.player == 0 for e in log)
    assert {e.reason for e in log if isinstance(e, Stop)} >= {"king", "dead_hand"}
    assert next(e for e in log if isinstance(e, HandWon)).player == 0
    # the stake changes only who wins what: the same answers play the same cards whatever it is
    for stake in STAKES.values():
        again, _, _ = play_deal(stake, given)
        assert [p.card for p in again if isinstance(p, Play)] == [p.card for p in plays]


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


def drive(app: App, coach: FirstDealCoach, choose: Callable[[FirstDealCoach], Card | bool] = first_sight,
          each_step: Callable[[FirstDealCoach], None] | None = None) -> None:
    """Play the lesson through posted input: Enter for Next, E and C for the stake, a click on the card `choose`
    picks for a lead, P or D for a follow; `each_step` looks at each step as it comes on screen."""
    looked = 0
    for _ in range(6000):
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
        elif human.kind in ("lead", "follow") and coach.choice is not None and coach.choice.decision is human.decision:
            asked, answer = human.decision, choose(coach)
            if isinstance(answer, Card):
                click(app, dict(human.hand_rects())[answer].move(0, 4).center)
            else:
                key(app, pygame.K_p if answer else pygame.K_d)
            assert human.decision is not asked, f"the answer {answer} was not taken"
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
    said: dict[str, list[str]] = {}

    def listen(coach: FirstDealCoach) -> None:
        assert coach.step is not None
        said.setdefault(coach.step.name, []).append(" ".join(coach.words(coach.step)))

    drive(app, coach, each_step=listen)  # the newcomer leads the first raised card: the 7♠
    assert coach.shown[:8] == ["welcome", "boodle", "pot", "stake", "hand", "dead", "board", "lead"]
    assert {"stop", "review", "lead_again", "run", "boodle_hit", "king", "your_follow", "out", "payments",
            "boodle_left"} <= set(coach.shown), coach.shown
    # the slip, and the coach's answer: what it did, and the better lead named with what the player could see
    assert coach.choices[0].made == SLIP
    assert said["review"][0] == "What your 7♠ did Nobody played the 8♠, so your 7♠ stopped at once. The 5♣ was " \
        "better: it starts 4 of your cards in a row, so the run keeps coming back to you."
    assert not any(re.search(r"[±+]\d|\d\.\d", words) for step in said.values() for words in step), \
        "a newcomer reads words, not the expert's figures"
    kinds = [choice.decision.kind for choice in coach.choices]
    assert len(kinds) >= CHOICES and kinds.count("lead") >= 2 and kinds.count("follow") >= 3, kinds
    assert all(len(c.decision.options) >= 2 for c in coach.choices if isinstance(c.decision, LeadDecision))
    assert coach.scene.table.over and coach.scene.results is None and coach.scene.summary is None
    assert app.settings.first_deal_offer == "taken", "played to its closing words, the lesson is taken"
    key(app, pygame.K_p)  # Play a real game
    top(app, NewGameScene)
    app.scenes.clear_to("title")
    assert sorted(path.name for path in tmp_path.rglob("*")) == before, "the lesson wrote something"


def test_a_well_chosen_lead_is_praised_for_what_the_player_could_see(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    reviews: list[str] = []

    def best_first(coach: FirstDealCoach) -> Card | bool:
        human = coach.scene.human
        return BEST if human.kind == "lead" and BEST in human.lawful else first_sight(coach)

    def look(coach: FirstDealCoach) -> None:
        if coach.step is not None and coach.step.name == "review":
            reviews.append(coach.words(coach.step)[1])

    drive(app, coach, best_first, each_step=look)
    assert reviews[0].startswith("Your 5♣ started a run of 8 cards, 5 of them yours.")
    assert reviews[0].endswith("Well chosen: it starts 4 of your cards in a row, so the run keeps coming back to "
                               "you."), reviews[0]


def test_keeping_a_card_back_is_a_stop_the_coach_puts_down_to_the_player(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    said: list[tuple[str, str]] = []

    def keep_the_six(coach: FirstDealCoach) -> Card | bool:
        human = coach.scene.human
        if human.kind == "lead":
            return BEST if BEST in human.lawful else first_sight(coach)
        return coach.asked["follow"] > 1  # keep the first next card back (the 6♣), play every later one

    def look(coach: FirstDealCoach) -> None:
        assert coach.step is not None
        said.append((coach.step.name, coach.words(coach.step)[1]))

    drive(app, coach, keep_the_six, each_step=look)
    assert coach.choices[1].made is False
    assert ("stop", "You kept the 6♣ back, so the run stopped. That is a stop: whoever played the last card leads "
                    "next.") in said
    review = next(words for name, words in said if name == "review")
    assert review.startswith("You kept the 6♣ back, so your 5♣ stopped at once.")


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
    mid_game = tmp_path / "mid_game"  # killed in their first session: no statistics yet, but a table kept
    playing = make_app(mid_game)
    sit(playing, 3).fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    playing.scenes.close()
    assert title_of(mid_game)[1].offer is None, "a player with a kept session is not new"
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


def first_lead() -> tuple[LeadDecision, PlayerView]:
    """The player's first lead of the guided deal, and what they see then (the even stake placed)."""
    table = first_deal_table()
    while True:
        step = table.advance(0.0, float("inf"))
        if isinstance(step, HumanTurn) and isinstance(step.decision, StakeDecision):
            table.submit(StakeAction(0, tuple((card, 1) for card in step.decision.cards)))
        elif isinstance(step, HumanTurn):
            assert isinstance(step.decision, LeadDecision)
            return step.decision, step.view


def answered(hint: Hint) -> OnWorker[Hint]:
    return OnWorker(lambda: hint, name="test", threaded=False)


def every_panel(coach: FirstDealCoach) -> Iterator[tuple[Step, str, str]]:
    """Every step of the lesson with each of its wordings, the longest facts filled in: (step, title, body)."""
    decision, view = first_lead()
    ten, jack, nine, king = parse("10D JD 9D KC")
    coach.facts = {"follower": (2, ten), "boodle": (0, jack, 12), "out": (0, 12, ((1, 10), (2, 10), (3, 10))),
                   "shares": ((0, 3), (1, 3), (2, 2), (3, 2)), "stop": (nine, "nobody")}
    for step in STEPS.values():
        if step.name not in ("your_follow", "review", "follow_review"):
            coach.about = None
            yield step, *coach.words(step)
    coach.about = FollowDecision(0, ten)
    yield STEPS["your_follow"], *coach.words(STEPS["your_follow"])
    for facts in ({"boodle": (1, jack, 12)}, {"stop": (nine, "king")}, {"stop": (nine, "kept")},
                  {"stop": (nine, "already_played")}, {"stop": (king, "king")},
                  {"out": (2, 12, ((0, 10), (1, 10), (3, 10)))}, {"shares": ((0, 1),)}):
        coach.facts.update(facts)
        for step in STEPS.values():
            if step.target in ("boodle_hit", "stop", "out", "payments", "boodle_left"):
                yield step, *coach.words(step)
    hands = [parse(hand) for hand in ("JD 7S", "9D 10D JD 7S", "8D 10D JD 7S", "QS KS 7S", "5C 6C 7C 8C 7S", "9H 7S")]
    for hand, better in zip(hands, parse("JD 9D 8D QS 5C 9H")):  # every reason a better lead may have
        seen = view._replace(hand=tuple(hand))
        ranked = ((better, 9.0), (SLIP, 1.0))
        for made in (SLIP, better):
            choice = Choice(decision, seen, answered(LeadHint(ranked, Reason("chips"))), made=made)
            plays = [(0, made)] + [(seat % 4, ten) for seat in range(9)]
            alone = [Run(choice, plays[:1], stop=(made, reason)) for reason in ("nobody", "kept", "already_played")]
            for run in (*alone, Run(choice, plays, [(jack, 12)], stop=(ten, "nobody")),
                        Run(choice, plays, [(jack, 12)], out=1)):
                coach.about = run
                yield STEPS["review"], *coach.words(STEPS["review"])
        for play in (True, False):  # a follow of the first card of `hand`, and the other answer clearly better
            follow = FollowDecision(0, hand[0])
            hint = FollowHint(hand[0], 0.0 if play else 5.0, 5.0 if play else 0.0, Reason("chips"))
            coach.about = Choice(follow, seen, answered(hint), made=play)
            if follow_review(coach.about) is not None:  # a fine follow gets no word
                yield STEPS["follow_review"], *coach.words(STEPS["follow_review"])


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_step_fits_its_panel_in_every_language(app: App, code: str) -> None:
    coach = FirstDealCoach(TableScene(app, first_deal_table()))
    game.locale.set_language(code)
    try:
        assert app.text.fit_size(tr("tutorial.hint_off"), "bold", 21, 400 - 32, 21) == 21, code
        assert code == "en" or tr("tutorial.next") != "Next", f"{code}: the words did not load (English instead)"
        count = 0
        for step, title, body in every_panel(coach):
            count += 1
            assert body and "{" not in body and "tutorial." not in body, (code, step.name, body)
            height = panel_height(app.text, title, body, step.waits == "next")
            assert height <= MAX_PANEL_H, f"{code}: {step.name} needs {height}px for {body}"
            assert app.text.fit_size(title, "bold", 21, 400 - 32, 21) == 21, (code, step.name, title)
        assert count > 80
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
        assert scene.human.take_back_button is None and scene.take_back_offer() is None, "a lesson has no take back"
        controls = [button.rect for button in scene.human.buttons] + [scene.layout.panel]
        assert not any(panel.colliderect(rect) for rect in controls), f"{coach.step}: the panel covers a control"
        if coach.step is not None and coach.step.waits == "lead":
            key(app, pygame.K_l)  # the deal log's key, while the table takes input
            click(app, scene.log_panel.button.rect.center)
            assert not scene.log_panel.open, "the deal log opened at a guided table"

    drive(app, coach, each_step=look)
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

    drive(app, coach, each_step=look)
    assert {"pot", "dead", "stop"} <= set(arrows), arrows


def test_the_out_step_says_the_pot_was_taken_and_rings_the_plate_it_went_to(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    seen: dict[str, tuple[list[pygame.Rect], str]] = {}

    def look(coach: FirstDealCoach) -> None:
        assert coach.step is not None
        seen[coach.step.name] = (coach.targets(), coach.words(coach.step)[1])

    drive(app, coach, each_step=look)
    targets, words = seen["out"]
    assert targets == [coach.scene.layout.seats[0].plate] and "took the pot of 4 chips" in words
    targets, words = seen["stop"]
    assert targets[0] == coach.scene.layout.dead, "the stop points first at the dead hand holding the K♦"
    targets, words = seen["boodle_left"]  # the even stake: 6 chips left on the A♠, shared by R22
    assert coach.facts["left"] == (0,) and coach.facts["shares"] == ((0, 2), (1, 2), (2, 1), (3, 1))
    assert "the 6 chips are shared out among you all: You 2, Maud 2, Bert 1 and Pip 1." in words
    plates = [coach.scene.layout.seats[seat].plate for seat in range(4)]
    assert targets == [coach.scene.layout.boodle_cards[0]] + plates, "rings round the A♠ and the plates"
    # the shares are seen to go: by the closing words the boodle is empty and every player has their chips
    assert coach.closing is not None and list(coach.scene.model.boodle) == [0, 0, 0, 0]
    assert [seat.chips for seat in coach.scene.model.seats] == list(coach.scene.table.session.chips)


def test_when_another_player_goes_out_the_coach_says_who_and_what_the_player_paid(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    seen: dict[str, tuple[list[pygame.Rect], tuple[str, str]]] = {}

    def slip_then_clubs(coach: FirstDealCoach) -> Card | bool:
        human = coach.scene.human
        if human.kind == "lead" and coach.asked["lead"] == 2 and BEST in human.lawful:
            return BEST
        return first_sight(coach)

    def look(coach: FirstDealCoach) -> None:
        assert coach.step is not None
        seen[coach.step.name] = (coach.targets(), coach.words(coach.step))

    drive(app, coach, slip_then_clubs, each_step=look)
    winner, _, payments = coach.facts["out"]
    assert winner == 2, "Bert goes out first"
    plates = coach.scene.layout.seats
    targets, (title, words) = seen["out"]
    assert targets == [plates[2].plate] and title == "Bert is out!" and "takes the pot of 4 chips" in words
    targets, (_, words) = seen["payments"]
    assert targets == [plates[0].plate, plates[2].plate]
    assert words.startswith("Everyone else pays Bert a chip for each card still in their hand: You ")


def test_h_at_a_coach_step_says_the_hint_is_off(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    assert follow_coach(app, coach, showing("lead"))
    assert coach.step is not None and coach.words(coach.step)[0] == "Your lead, your choice"
    key(app, pygame.K_h)
    assert coach.words(coach.step)[0] == "The hint is off during the lesson"
    assert coach.scene.human.hint is None and not coach.scene.human.hint_pending
    for _ in range(240):
        app.step(1 / 60)
    assert coach.words(coach.step)[0] == "Your lead, your choice", "the note is brief"


def test_an_enter_pressed_on_as_the_lead_step_comes_leads_nothing(app: App) -> None:
    app.scenes.clear_to("title")
    app.scenes.push("tutorial")
    coach = coach_on(app)
    assert follow_coach(app, coach, showing("board"))
    key(app, pygame.K_RETURN)  # Next on the board, and at once again: meant for the next step, not the 7♠
    assert coach.step is not None and coach.step.name == "lead"
    key(app, pygame.K_RETURN)
    assert coach.scene.human.kind == "lead" and not coach.choices, "a hurried Enter led a card"
    for _ in range(60):
        app.step(1 / 60)
    key(app, pygame.K_RETURN)  # a moment later, Enter leads the card the lead button offers
    assert [choice.made for choice in coach.choices] == [SLIP]


def test_no_french_step_starts_a_sentence_with_a_bare_capital_a() -> None:
    text = (Path(__file__).parents[2] / "config/locales/fr/tutorial.yaml").read_text(encoding="utf-8")
    assert not re.search(r"(?<![\w'])A (?=\w)", text), "a capital A needs its accent: À"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_at_150_percent_every_panel_of_the_lesson_keeps_its_words_whole_and_apart(app: App, code: str) -> None:
    large_print(app)
    game.locale.set_language(code)
    coach = FirstDealCoach(TableScene(app, first_deal_table()))

    def draw_every_panel() -> None:
        for step, title, body in every_panel(coach):
            surface = Canvas.new(app.screen.get_size())
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
