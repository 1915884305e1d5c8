"""The Review scene (issue 13 item 7): opened by R on a deal summary and in Replays, stepping through the deal's
decisions with posted keys, back to where it came from with Esc, and safe to leave before the review is done."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from app_helpers import FRAME, click, fuzz, key, make_app, top

from game.app.app import App
from game.app.review_words import costliest_words, figure_text, reason_text
from game.app.scene import Scene
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.review import ReviewScene
from game.locale import LANGUAGES, set_language
from game.replay import split_deals
from game.shots.extra import EXTRA_SEED, sample_session
from game.shots.render import table
from game.storage.saves import append_deal_log

WAIT_S = 20.0  # the worker's whole review of a deal, on a busy machine


def reviewed(app: App, scene: ReviewScene) -> None:
    """Run frames until the worker has reviewed every decision (the window drawing all along)."""
    for _ in range(round(WAIT_S / FRAME)):
        if scene.done:
            return
        app.step(FRAME)
        app.draw(app.screen)
    raise AssertionError("the review did not finish")


def steps_through(app: App, scene: ReviewScene) -> None:
    """Right steps on, Left steps back, End goes to the last decision; each drawn."""
    total = scene.total or 0
    assert total >= 2
    key(app, pygame.K_RIGHT)
    assert scene.index == 1
    key(app, pygame.K_PAGEUP)
    assert scene.index == 0
    key(app, pygame.K_END)
    assert scene.index == total - 1
    key(app, pygame.K_RIGHT)
    assert scene.index == total - 1
    app.draw(app.screen)


def test_review_opens_from_the_deal_summary_and_esc_returns_to_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = table(app, 3, 20240, deals=1)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.app.scenes.top is not t)
    summary = top(app, DealSummaryScene)
    assert summary.review_button is not None and summary.review_seat == 0
    for _ in range(40):  # a summary ignores keys in its first moment
        app.step(FRAME)
    key(app, pygame.K_r)
    review = top(app, ReviewScene)
    assert review.seat == 0
    reviewed(app, review)
    assert review.problem is None and review.walked is not None and review.walked.deal == 1
    steps_through(app, review)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is summary and not summary.closed


def test_review_opens_from_replays_at_the_players_seat(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    logs = split_deals([json.dumps(event) for event in sample_session(515, players=4, deals=2)])
    for log in logs:
        assert append_deal_log(tmp_path, "autosave", log) is None
    replays = ReplaysScene(app)
    app.scenes.clear_to(replays)
    click(app, replays.menu.buttons[0].rect.center)  # Review, on the newest deal
    review = top(app, ReviewScene)
    assert review.seat == 0  # the log's human seat
    reviewed(app, review)
    assert review.problem is None and review.walked is not None and review.walked.deal == 2
    steps_through(app, review)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is replays


def test_leaving_before_the_review_is_done_is_safe(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    logs = split_deals([json.dumps(event) for event in sample_session(516, players=5, deals=1)])
    replays = ReplaysScene(app)
    app.scenes.clear_to(replays)
    app.scenes.push("review", log=logs[0], seat=2)
    review = top(app, ReviewScene)
    app.draw(app.screen)  # "Reviewing… k of n" while the worker goes on
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is replays and review.stop.is_set()
    assert review.worker is not None
    review.worker.wait()  # it stops after the decision in hand
    assert len(review.judged) <= (review.total or 0)


def test_a_log_that_cannot_be_reviewed_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.clear_to(ReviewScene(app, "not a log\n", seat=0, threaded=False))
    review = top(app, ReviewScene)
    assert review.problem is not None and review.done
    app.draw(app.screen)
    key(app, pygame.K_RIGHT)  # nothing to step through: nothing breaks
    assert review.index == 0


@pytest.mark.slow
def test_the_review_survives_random_input(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    logs = split_deals([json.dumps(event) for event in sample_session(517, players=6, deals=2)])

    def start() -> Scene:
        app.scenes.clear_to(ReplaysScene(app))
        app.scenes.push("review", log=logs[1], seat=3)
        return top(app, Scene)
    seen = fuzz(app, start, 1500, seed=13)
    assert seen.get("ReviewScene", 0) > 100


def test_every_page_says_which_decision_cost_the_most(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    log = split_deals([json.dumps(event) for event in sample_session(EXTRA_SEED + 3, players=3)])[1]
    review = ReviewScene(app, log, threaded=False)
    app.scenes.clear_to(review)
    costliest, total = review.costliest(), review.total or 0
    assert review.done and costliest is not None and total >= 2
    for index in range(total):
        review.index = index
        app.draw(app.screen)
        own = review.judged[index].number == costliest
        assert review.corner() == ("" if own else costliest_words(costliest, total))  # its own page has the badge
    assert costliest_words(costliest, total) == f"Costliest: decision {costliest} of {total}"
    assert costliest_words(None, total) == "No choice in this deal clearly cost chips"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_review_words_are_all_in_the_games_font(tmp_path: Path, code: str) -> None:
    app = make_app(tmp_path)
    set_language(code)
    log = split_deals([json.dumps(event) for event in sample_session(EXTRA_SEED + 3, players=3)])[1]
    review = ReviewScene(app, log, threaded=False)
    app.scenes.clear_to(review)
    font = app.assets.font("body", 16)
    words = "".join(figure_text(option) + reason_text(judged, review.walked.players if review.walked else ())
                    for judged in review.judged for option in judged.options)
    assert words and not app.assets.font_fallback("body")
    assert [char for char in set(words) if font.metrics(char)[0] is None] == []
