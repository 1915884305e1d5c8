"""R22 on screen: the last deal's summary says where the chips left on the boodle go (never "for the next deal"),
the table flies the shares to the players, and the results show the split."""

from __future__ import annotations

import dataclasses

from app_helpers import text_words, top

from game.ai.registry import character_ids, load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.results import ResultsScene
from game.app.table.boodle_end import final_shares
from game.app.table.model import DealRecord, TableModel
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import parse_cards
from game.engine.events import Share
from game.engine.rules import RuleSet

NEXT_DEAL = "for the next deal"


def model_of(rules: RuleSet) -> TableModel:
    """A table of three: the player, Ann and Bob."""
    return TableModel(rules, [("You", None), ("Ann", None), ("Bob", None)])


def record() -> DealRecord:
    """Deal 10 of 10, with 3 chips left on A♠ and 2 on K♥."""
    carried = tuple(zip(parse_cards(["AS", "KH", "QC", "JD"]), (3, 2, 0, 0)))
    return DealRecord(10, 2, [40, 40, 40], chips_after=[38, 45, 32], carried=carried)


def summary_lines(app: App, rules: RuleSet, last: bool, shares: tuple[Share, ...] = ()) -> list[str]:
    """The sentences of a deal summary."""
    scene = DealSummaryScene(app, model_of(rules), record(), lambda: None, last=last, shares=shares)
    return [words for words, _ in scene.lines()]


def test_R22_the_last_deals_summary_says_the_boodle_is_shared_and_to_whom(app: App) -> None:
    lines = summary_lines(app, RuleSet(), True, (Share(0, 2), Share(1, 2), Share(2, 1)))
    assert not any(NEXT_DEAL in line for line in lines)
    # no-break spaces hold each name to its chips, so a wrapped line never parts them
    assert "5 chips are left on the boodle: they are shared among the players still in: You\u00a02, Ann\u00a02, " \
        "Bob\u00a01." in lines


def test_R22_a_wrapped_share_never_parts_a_two_word_name(app: App) -> None:
    model = TableModel(RuleSet(), [("You", None), ("Aunt Hetty", None), ("Prof. Quist", None)])
    model.shares = (Share(1, 3), Share(2, 3))
    ResultsScene(app, model, lambda: None)
    assert "Aunt\u00a0Hetty\u00a03, Prof.\u00a0Quist\u00a03" in text_words(app)


def test_R22_the_last_deals_summary_under_stay_says_the_chips_stay_for_nobody(app: App) -> None:
    lines = summary_lines(app, RuleSet(boodle_at_end="stay"), True)
    assert not any(NEXT_DEAL in line for line in lines)
    assert "5 chips are left on the boodle: they stay there, as the session is over, and count for nobody." in lines


def test_R22_a_deal_before_the_last_still_carries_the_boodle_over(app: App) -> None:
    lines = summary_lines(app, RuleSet(), False)
    # a no-break space holds each card to its count, so a wrapped line never parts them
    assert "Left on the boodle for the next deal: A♠\u00a03, K♥\u00a02" in lines


def test_R22_the_results_show_the_split(app: App) -> None:
    model = model_of(RuleSet())
    model.shares = (Share(1, 1), Share(2, 0), Share(0, 0))
    ResultsScene(app, model, lambda: None)
    assert "1 chip is left on the boodle: it goes to the players still in, from the last dealer's left: Ann\u00a01." \
        in text_words(app)


def test_R22_a_table_shows_the_split_from_the_last_summary_to_the_results(app: App) -> None:
    quick = [c for c in character_ids() if c != "expert"][:3]
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in map(load_character_by_id, quick)]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4, deals=1), seats, 3)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, DealSummaryScene), 100_000,
                                    play_for_human=True)
    summary = top(app, DealSummaryScene)
    shares = final_shares(scene.table.log)
    assert summary.last and summary.shares == shares and shares, "seed 3 leaves chips on the boodle"
    assert not any(NEXT_DEAL in words for words, _ in summary.lines())
    assert scene.fast_forward_until(lambda s: isinstance(s.app.scenes.top, ResultsScene), 100_000)
    assert scene.model.shares == shares and scene.model.boodle == [0, 0, 0, 0]
    assert [seat.chips for seat in scene.model.seats] == scene.session.chips
