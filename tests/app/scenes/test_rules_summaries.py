"""Every summary of a table's rules (New game, the daily deal, a campaign venue) names every change from classic."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
from app_helpers import make_app, text_words

from game.app.scenes.daily import DailyScene
from game.app.scenes.rules_lines import TOLD, changes_line, rule_changes, rules_detail
from game.campaign.daily import daily_table
from game.config import RULES_DIR, default_rules, load_rules
from game.engine.rules import BuyDeadHand


def test_the_classic_game_changes_nothing() -> None:
    assert rule_changes(default_rules()) == ()
    assert changes_line(default_rules()) == ""


def test_optional_following_is_named() -> None:
    optional = dataclasses.replace(default_rules(), follow="optional")
    assert rule_changes(optional) == (TOLD["follow"](optional),)
    assert "optional" in rules_detail(optional)


def test_the_house_rules_name_all_they_change() -> None:
    house = load_rules(RULES_DIR / "house.yaml")
    changes = rule_changes(house)
    assert changes == (TOLD["starting_chips"](house), TOLD["dealer_ante_multiplier"](house),
                       TOLD["buy_dead_hand"](house))
    assert all(line in rules_detail(house) for line in changes)


def test_a_line_said_elsewhere_is_left_out() -> None:
    rules = dataclasses.replace(default_rules(), starting_chips=60, buy_dead_hand=BuyDeadHand(True, 2))
    assert rule_changes(rules, said=("starting_chips",)) == (TOLD["buy_dead_hand"](rules),)


def test_a_house_rules_daily_deal_says_what_it_changes(tmp_path: Path) -> None:
    day = dt.date(2026, 12, 1)
    assert daily_table(day).rules_name == "house"
    app = make_app(tmp_path)
    try:
        app.scenes.clear_to(DailyScene(app, day))
        app.draw(app.screen)
        assert changes_line(daily_table(day).rules, said=("boodle_cards",)) in text_words(app)
    finally:
        app.scenes.close()
