"""Taking back at the table, driven through posted input: Ctrl+Z and the button (with its caption) in free play
only, the table shown again where the decision was asked, the kept session, the results, the statistics kept
apart and the deals kept for the replays."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pygame
import pytest
from app_helpers import click, key, text_words, top

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.results import ResultsScene
from game.app.table.deal_log import deal_log_lines
from game.app.table.scene import TableScene
from game.campaign.origin import CampaignRoad, DailyDeal, TableOrigin
from game.campaign.roads import SLOTS
from game.config import rules_by_name
from game.engine.cards import card_order
from game.engine.decisions import LeadAction
from game.locale.cards import card_label
from game.replay import Replay
from game.storage.resume import load_resume
from game.storage.saves import load_slot
from game.storage.statistics_file import load_statistics

LINEUP = ("pip", "dex", "hetty")


def seated(app: App, origin: TableOrigin | None = None, deals: int = 3) -> TableScene:
    """Michigan for `deals` deals against the lineup, pushed on the app."""
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in LINEUP]
    rules = dataclasses.replace(rules_by_name("michigan"), deals=deals)
    scene = TableScene.seated(app, rules, seats, 5, origin=origin)
    app.scenes.clear_to(scene)
    return scene


def leading_after_a_lead(scene: TableScene) -> bool:
    """The player is asked to lead, and their last decision of the deal was a lead too."""
    offer = scene.human.take_back_offer
    return scene.human.kind == "lead" and offer is not None and offer.caption.startswith("Take back your lead of")


def two_to_take_back(scene: TableScene) -> bool:
    """The player is asked to lead after a lead, with another decision of theirs since the deal before that."""
    table = scene.table
    found = table.take_backs.before(len(table.actions), table.session.deal_number)
    return leading_after_a_lead(scene) and found is not None \
        and table.take_backs.before(found.index, table.session.deal_number) is not None


def test_ctrl_z_and_the_button_take_back_and_the_table_and_kept_session_follow(app: App) -> None:
    scene = seated(app)
    assert scene.fast_forward_until(two_to_take_back)
    button = scene.human.take_back_button
    assert button is not None and button in scene.human.buttons and scene.human.buttons[-1].label == "Hint"
    assert button.label == "Take back" and button.keycap == "Ctrl+Z"
    assert "counted apart in your statistics" in button.tooltip
    app.draw(app.screen)
    assert "Take back your lead of" in text_words(app)  # the caption over the button (its suit in colour)
    found = scene.table.to_take_back()
    assert found is not None
    asked, undone = found
    assert isinstance(undone, LeadAction)
    actions = list(scene.actions)
    key(app, pygame.K_z)  # Z alone is no take back
    assert scene.actions == actions and scene.table.taken_back == 0
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.table.taken_back == 1 and len(scene.actions) < len(actions)
    assert scene.actions == actions[:len(scene.actions)]
    assert scene.human.decision == asked  # offered again at once
    said = f"Taken back: your lead of {card_label(undone.card)}"
    assert scene.model.status == said  # what was undone, said on the status line
    app.draw(app.screen)
    assert "Taken back: your lead of" in text_words(app)  # drawn on the status line (its suit in colour)
    session = scene.session
    assert scene.model.hand == sorted(session.hand(0), key=card_order)
    assert [seat.chips for seat in scene.model.seats] == session.chips
    assert scene.model.pot == session.pot and scene.model.boodle == session.boodle
    assert not scene.director.busy and not scene.director.decor.anims  # nothing of the undone play moves on
    scene.recorder.keeper.flush()
    kept = load_resume(app.data_dir).snapshot
    assert kept is not None and kept["taken_back"] == 1 and len(kept["actions"]) == len(scene.actions)
    assert scene.human.take_back_offer is not None  # the decision before it: once more, by the button
    before = len(scene.actions)
    click(app, scene.human.take_back_button.rect.center)  # type: ignore[union-attr]
    assert scene.table.taken_back == 2 and len(scene.actions) < before


@pytest.mark.parametrize("origin", [DailyDeal(dt.date(2026, 11, 29)), CampaignRoad(SLOTS[0])])
def test_the_daily_deal_and_a_campaign_venue_offer_no_take_back(app: App, origin: TableOrigin) -> None:
    scene = seated(app, origin)
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead" and t.session.deal_number == 2
                                    and t.table.take_backs.before(len(t.actions), 2) is not None)  # one to take back
    assert scene.human.take_back_offer is None and "Take back" not in [b.label for b in scene.human.buttons]
    actions = list(scene.actions)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.actions == actions and scene.table.taken_back == 0
    # ... and says why at the table, rather than nothing (issue 24)
    said = {DailyDeal: "No take-backs in the daily deal", CampaignRoad: "No take-backs on the road"}[type(origin)]
    assert scene.model.status.startswith(said)
    app.draw(app.screen)
    assert said in text_words(app)


def test_a_session_with_take_backs_says_so_and_is_counted_apart(app: App) -> None:
    scene = seated(app, deals=2)
    assert scene.fast_forward_until(lambda t: leading_after_a_lead(t) and t.session.deal_number == 2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.table.taken_back == 1
    assert scene.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene))
    results = top(app, ResultsScene)
    app.draw(app.screen)
    assert results.taken_back == 1 and "You took back 1 decision in this session" in text_words(app)
    statistics = load_statistics(app.data_dir).statistics
    assert statistics.sessions == 0 and statistics.deals_played == 0 and not statistics.records
    assert (statistics.taken_back_sessions, statistics.decisions_taken_back) == (1, 1)
    # the deals kept for the replays are the ones played in the end
    logs = load_slot(app.data_dir, "autosave").save.logs  # type: ignore[union-attr]
    assert len(logs) == 2
    played = [step.event for step in Replay.from_text(logs[-1]).steps]
    log = scene.table.log
    start = max(i for i, event in enumerate(log) if event.type == "deal_start")
    assert played[-len(log[start:]):] == log[start:]


def test_the_statistics_show_sessions_with_take_backs_apart(app: App) -> None:
    from game.app.scenes.statistics import StatisticsScene
    from game.stats import Statistics

    app.scenes.clear_to(StatisticsScene(app, Statistics(taken_back_sessions=2, taken_back_won=1,
                                                        decisions_taken_back=5)))
    app.step(1 / 60)
    app.draw(app.screen)
    assert "Counted apart: 2 sessions with take backs (1 won, 5 decisions taken back)" in text_words(app)


def panel_words(app: App, scene: TableScene, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], str]:
    """The open deal log panel: every row it holds (stripped of their wrap indent), and the title it draws."""
    drawn: list[str] = []
    cache = app.text
    original = cache.draw

    def spy(surface: object, words: str, *args: object, **kwargs: object) -> object:
        drawn.append(words)
        return original(surface, words, *args, **kwargs)  # type: ignore[arg-type]
    with monkeypatch.context() as patch:
        patch.setattr(cache, "draw", spy)
        scene.log_panel.draw(app.screen, False)
    title = next(words for words in drawn if words.startswith("Deal") and "so far" in words)
    return [row.words.strip() for row in scene.log_panel.rows()], title


def engine_deal_lines(scene: TableScene) -> list[str]:
    """The deal in play as the deal log tells it, made afresh from the engine's own log."""
    rules = scene.table.rules
    return [str(line) for line in deal_log_lines(scene.table.log, 0, scene.model.namer,
                                                 rules.follow == "optional",
                                                 paid_to_dealer=rules.buy_dead_hand.paid_to == "dealer")]


def test_the_deal_log_after_a_take_back_shows_the_deal_as_it_stands_and_goes_on(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = seated(app)
    assert scene.fast_forward_until(lambda t: leading_after_a_lead(t) and t.session.deal_number == 1)
    key(app, pygame.K_l)
    assert scene.log_panel.open
    found = scene.table.to_take_back()
    assert found is not None and isinstance(found[1], LeadAction)
    undone = f"You lead {card_label(found[1].card)}"
    rows, _ = panel_words(app, scene, monkeypatch)
    assert undone in rows  # the lead about to be taken back is told
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.table.taken_back == 1
    rows, title = panel_words(app, scene, monkeypatch)
    assert undone not in rows and title == "Deal 1 so far"
    assert " ".join(rows) == " ".join(engine_deal_lines(scene))  # the deal as it now stands
    before, told = len(rows), len(scene.director.deal_log.lines)
    assert scene.fast_forward_until(lambda t: len(t.director.deal_log.lines) > told + 1 and not t.director.busy)
    rows, _ = panel_words(app, scene, monkeypatch)
    assert len(rows) > before, "no line was added after the take back"
    assert " ".join(rows) == " ".join(engine_deal_lines(scene))
    assert scene.fast_forward_until(lambda t: t.session.deal_number == 2 and t.human.kind == "lead"
                                    and not t.director.busy)
    rows, title = panel_words(app, scene, monkeypatch)
    assert title == "Deal 2 so far"
    assert any(row.startswith("Deal 2: ") for row in rows), rows
    assert " ".join(rows) == " ".join(engine_deal_lines(scene))
