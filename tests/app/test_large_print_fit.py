"""Text size 150% in every language: the deal summary and the results of eight players, the daily deal and the
campaign map lay their larger lines out by their height, so no word crosses another, none is cut or spills, and
the panels stay on the screen; the road cards and the review too; at 100% the summary keeps its designed size."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from typing import Any

import pytest

from game.ai.registry import character_ids, load_character_by_id
from game.app import word_overlaps
from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.trophies import TrophiesScene
from game.app.table.model import BoodleWin, DealRecord, TableModel
from game.app.table.scene import TableScene
from game.campaign.campaign_file import load_campaign
from game.campaign.model import CampaignProgress, SessionResult
from game.config import rules_by_name
from game.engine.cards import parse_cards
from game.engine.events import Payment
from game.engine.rules import RuleSet
from game.locale import LANGUAGES
from game.replay import split_deals
from game.shots.extra import EXTRA_SEED, sample_session, sample_trophy_case
from game.storage.saves import SaveData, save_slot

NAMES = ("You", "Professor Alaric Quist", "Aunt Hetty", "Bartholomew", "Imogen Vane", "Reggie", "Maud", "Dex Quill")


def large(app: App, code: str, size: int = 150) -> None:
    """The app in language `code`, its words drawn at `size`%."""
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, text_size=size), remember=False)


def eight() -> TableModel:
    """Eight at the table, each with a long name."""
    return TableModel(RuleSet(), [(name, None) for name in NAMES])


def long_deal() -> DealRecord:
    """A deal with every line the summary can say: a purchase, the pot, seven payers, four boodle hits, leftovers."""
    cards = parse_cards(["AS", "KH", "QC", "JD"])
    return DealRecord(3, 2, [40] * 8, bought=(2, 4), winner=1, pot=8,
                      payments=tuple(Payment(seat, seat + 1) for seat in range(8) if seat != 1),
                      boodle_wins=[BoodleWin(seat, card, 5 + seat) for seat, card in enumerate(cards[:3])],
                      chips_after=[38, 70, 30, 35, 36, 37, 38, 39], carried=((cards[3], 7),), stops=9)


def drawn(app: App, scene: Any) -> set[str]:
    """The crossings noted while `scene` is made (given as a function making it: a panel is painted as its scene
    is made), shown (if it is not yet) and drawn."""
    crossings = word_overlaps.start()
    try:
        scene = scene() if callable(scene) else scene
        if app.scenes.top is not scene:
            app.scenes.clear_to(scene)
        app.step(1.0)
        app.draw(app.screen)
    finally:
        word_overlaps.stop()
    return crossings


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_summary_and_results_of_eight_fit_at_150(app: App, code: str) -> None:
    large(app, code)
    model = eight()
    assert not drawn(app, lambda: DealSummaryScene(app, model, long_deal(), lambda: None))
    summary = app.scenes.top
    assert isinstance(summary, DealSummaryScene)
    assert summary.panel.top >= 0 and summary.panel.bottom <= app.screen.get_height()
    for seat, chips in enumerate((38, 70, 30, 35, 36, 37, 38, 39)):
        model.seats[seat].chips = chips
    model.boodle = [3, 0, 0, 2]
    assert not drawn(app, lambda: ResultsScene(app, model, lambda: None, taken_back=2))
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert results.panel.top >= 0 and results.panel.bottom <= app.screen.get_height()
    assert results.button.rect.top > results.panel.top
    assert not app.text.overflows


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("size", [100, 150])
def test_every_page_of_the_trophy_case_and_the_results_trophy_line_fit(app: App, code: str, size: int) -> None:
    large(app, code, size)
    case = TrophiesScene(app, sample_trophy_case())
    for page in range(case.pages):
        case.page = page
        assert not drawn(app, case), page
    model = eight()
    earned = ("charm_collector", "own_counsel", "winning_streak")  # the longest names, all at once
    assert not drawn(app, lambda: ResultsScene(app, model, lambda: None, taken_back=2, trophies=earned))
    results = app.scenes.top
    assert isinstance(results, ResultsScene) and results.panel.bottom <= app.screen.get_height()
    assert not app.text.overflows


def test_the_summary_keeps_its_designed_height_at_100(app: App) -> None:
    large(app, "en", 100)
    scene = DealSummaryScene(app, eight(), long_deal(), lambda: None)
    rows = sum(len(app.text.wrap(words, "body", 17, 720)) for words, _ in scene.lines())
    assert scene.panel_surface.get_height() == 104 + rows * 24 + 14 + 27 * 9 + 82


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_daily_deal_and_the_road_fit_at_150(app: App, code: str) -> None:
    large(app, code)
    for day, best in ((dt.date(2026, 11, 29), 57), (dt.date(2026, 12, 1), None)):
        daily = DailyScene(app, day, new_best=best is not None)
        daily.best = best  # a new best just made, or none yet
        assert not drawn(app, daily)
    progress = CampaignProgress.start(load_campaign())
    road = CampaignMapScene(app, progress=progress)
    for shown in range(len(progress.campaign.venues)):
        road.shown = shown
        assert not drawn(app, road), shown
    assert not app.text.overflows


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_a_road_under_way_and_the_review_fit_at_150(app: App, code: str) -> None:
    progress = CampaignProgress.start(load_campaign())
    first = progress.campaign.venues[0]
    progress.record_session(SessionResult((first.stack(progress.bankroll) + 9,) + (1,) * len(first.opponents), 0))
    save_slot(app.data_dir, "campaign", SaveData(campaign=progress.to_json(), slot="campaign"))
    large(app, code)
    assert not drawn(app, CampaignSlotsScene(app))
    logs = split_deals([json.dumps(event) for event in sample_session(EXTRA_SEED + 8, players=8)])
    review = ReviewScene(app, logs[1], threaded=False)
    assert not drawn(app, review)  # reviewed as it opens
    assert review.total
    for index in range(1, review.total):
        review.step(1)
        assert review.index == index
        assert not drawn(app, review), index
    assert not app.text.overflows


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_table_of_eight_with_its_status_line_and_open_log_fits_at_150(app: App, code: str) -> None:
    large(app, code)
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"), remember=False)
    others = [load_character_by_id(i) for i in character_ids() if i != "expert"][:7]

    def seated() -> TableScene:
        made = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=8),
                                 [("You", None)] + [(c.name, c) for c in others], 5)
        app.scenes.clear_to(made)
        assert made.fast_forward_until(lambda t: len(t.model.board) >= 10 and t.human.kind == "lead"
                                       and bool(t.model.status), 20_000)
        return made
    assert not drawn(app, seated)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    scene.log_panel.toggle()
    assert not drawn(app, scene)
    panel = scene.log_panel
    assert panel.row_h >= app.text.line_height("body", 14)  # its rows no closer than their words
    assert not app.text.overflows


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("size", [100, 150])
def test_every_venue_s_name_on_the_road_is_drawn_whole(app: App, code: str, size: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    large(app, code, size)
    progress = CampaignProgress.start(load_campaign())
    road = CampaignMapScene(app, progress=progress)
    said: list[str] = []
    draw = app.text.draw

    def noted(target: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        said.append(words)
        return draw(target, words, *args, **kwargs)

    monkeypatch.setattr(app.text, "draw", noted)
    road.draw(app.screen)
    shown = " ".join(said)
    for venue in progress.campaign.venues:  # a name's words all drawn, none dropped past a third line
        assert all(word in shown for word in venue.title().split()), venue.title()
    assert not app.text.overflows
