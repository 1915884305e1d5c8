"""The deal log's lines from the engine's events (pure: no pygame), in two languages, the player's own marked; and
the log after a resumed session equal to the log of the session played without a break."""

from __future__ import annotations

import dataclasses
import json

import pytest
from app_helpers import large_print
from helpers import quick_character_ids

import game.locale
from game.ai.registry import load_character_by_id
from game.app.app import App
from game.app.table.deal_log import DealLog, deal_log_lines
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import Card
from game.engine.events import (
    STOP_REASONS,
    BoodleWon,
    BuyDead,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Payment,
    Play,
    PlayerOut,
    SessionEnd,
    Stake,
    Stop,
)

NAMES = ["You", "Reggie", "Madge", "Hetty"]


def c(name: str) -> Card:
    return Card.parse(name)


def a_deal() -> list[Event]:
    """A deal with every kind of moment the log tells, the player (seat 0) in most of them."""
    return [
        DealEnd((40, 40, 40, 40), ((c("AS"), 2), (c("JD"), 20))),  # the last deal's end: what it carried
        PlayerOut(3),
        DealStart(2, 1),
        Stake(0, 1, ((c("AS"), 1), (c("JD"), 1))),
        Stake(1, 1, ((c("AS"), 1), (c("JD"), 1))),
        Stake(2, 1, ((c("AS"), 1), (c("JD"), 1))),
        Dealt(((c("9D"),), (c("10D"),), ()), ()),
        BuyDead(1, 1),
        Play(1, c("9D"), True),
        Play(0, c("10D"), False),
        Play(0, c("JD"), False),
        BoodleWon(0, c("JD"), 23),
        Stop(c("JD"), "dead_hand"),
        Play(0, c("2S"), True),
        Stop(c("2S"), "already_played"),
        Play(2, c("AS"), True),
        BoodleWon(2, c("AS"), 1),
        Stop(c("AS"), "king"),
        HandWon(2, 4, (Payment(0, 1), Payment(1, 5))),
        DealEnd((38, 40, 50, 0), ((c("AS"), 0), (c("JD"), 0))),
        SessionEnd((38, 40, 50, 0), (2,)),
    ]


def lines_of(events: list[Event], human: int | None = 0, names: list[str] = NAMES) -> list[tuple[str, str, bool]]:
    return [(str(line), line.kind, line.mine) for line in deal_log_lines(events, human, names.__getitem__, False)]


def test_every_moment_of_a_deal_is_told_in_english_newest_last() -> None:
    lines = lines_of(a_deal())
    assert lines == [
        ("Hetty cannot pay the next ante and leaves the table", "leave", False),
        ("Deal 2: Reggie deals", "deal", False),
        ("Staked: 3 in the pot; the boodle holds A♠ 5, J♦ 23", "stake", False),
        ("Reggie buys the dead hand for 1 chip", "buy", False),
        ("Reggie leads 9♦", "lead", False),
        ("You play 10♦", "play", True),
        ("You play J♦", "play", True),
        ("You win 23 chips on J♦", "boodle", True),
        ("Stop: Q♦ is in the dead hand", "stop", False),
        ("You lead 2♠", "lead", True),
        ("Stop: 3♠ was already played", "stop", False),
        ("Madge leads A♠", "lead", False),
        ("Madge wins 1 chip on A♠", "boodle", False),
        ("Stop: King — A♠ ends the run", "stop", False),
        ("Madge goes out and takes the pot of 4", "out", False),
        ("You pay 1 chip for the cards left", "pay", True),
        ("Reggie pays 5 chips for the cards left", "pay", False),
        ("The session is over. Most chips: Madge", "end", False),
    ]


def test_the_log_is_worded_in_the_language_shown_and_court_letters_are_its_own() -> None:
    lines = deal_log_lines(a_deal(), 0, NAMES.__getitem__, False)
    game.locale.set_language("fr")
    french = [str(line) for line in lines]
    assert "Vous jouez V♦" in french and "Reggie entame 9♦" in french  # the jack is the valet
    assert "Vous gagnez 23 jetons sur V♦" in french and "Arrêt : D♦ est dans la main morte" in french
    assert not any(line.startswith("deal_log.") for line in french)


@pytest.mark.parametrize("code", sorted(game.locale.LANGUAGES))
def test_every_line_has_words_in_every_language(code: str) -> None:
    game.locale.set_language(code)
    words = [str(line) for line in deal_log_lines(a_deal(), 0, NAMES.__getitem__, False)]
    words += [str(line) for line in deal_log_lines(a_deal(), None, NAMES.__getitem__, False)]
    assert all(word and "deal_log." not in word and "{" not in word for word in words), words


def test_at_a_watched_table_nothing_is_the_players_and_everyone_is_named() -> None:
    lines = lines_of(a_deal(), None, ["Maud"] + NAMES[1:])
    assert not any(mine for _, _, mine in lines)
    assert ("Maud plays 10♦", "play", False) in lines and ("Maud pays 1 chip for the cards left", "pay", False) in lines


@pytest.mark.parametrize("reason", STOP_REASONS)
def test_every_stop_reason_is_told(reason: str) -> None:
    [line] = deal_log_lines([Stop(c("7C"), reason)], 0, NAMES.__getitem__, False)
    assert line.kind == "stop" and str(line).startswith("Stop: ") and len(str(line)) > len("Stop: 8♣")


def test_the_cut_is_told_with_the_first_deal() -> None:
    events: list[Event] = [Cut((c("KS"), c("KH"), c("2C")), None), Cut((c("3S"), c("9H"), None), 1),
                           DealStart(1, 1)]
    assert [text for text, _, _ in lines_of(events)] == [
        "The highest cards tie: cut again", "Reggie cuts the highest card, 9♥, and deals first", "Deal 1: Reggie deals"]


def test_the_kept_log_tells_only_the_deal_in_play() -> None:
    log = DealLog(0, NAMES.__getitem__, False)
    events = a_deal()
    log.extend(events[:-3])
    assert log.deal == 2 and str(log.lines[1]) == "Deal 2: Reggie deals"
    version = log.version
    log.extend([events[-2], DealStart(3, 2), Stake(0, 2, ((c("AS"), 2),)), Dealt(((), (), ()), ())])
    assert log.version == version + 4 and log.deal == 3
    assert [str(line) for line in log.lines] == ["Deal 3: Madge deals",
                                                 "Staked: 2 in the pot; the boodle holds A♠ 2, J♦ 0"]
    assert not any(isinstance(event, Play) for event in log.events)  # the earlier deal is let go


# --- after a resume ------------------------------------------------------------------------------------

def test_the_log_after_continue_is_the_log_of_the_session_played_through(app: App) -> None:
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i))
                               for i in quick_character_ids()[:3]]
    rules = dataclasses.replace(rules_by_name("classic"), players=4)
    scene = TableScene.seated(app, rules, seats, 13)  # a seed where the player has a lead pending in deal 2
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.session.deal_number == 2 and len(s.model.board) >= 6
                                    and s.human.kind is not None, 20_000)
    played = [(str(line), line.mine) for line in scene.director.deal_log.lines]
    resumed = TableScene.from_snapshot(app, json.loads(json.dumps(scene.snapshot())))
    assert [(str(line), line.mine) for line in resumed.director.deal_log.lines] == played
    assert played[0][0].startswith("Deal 2:") and any(mine for _, mine in played)


def test_the_panel_wraps_again_when_the_words_change_size(app: App) -> None:
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i))
                               for i in quick_character_ids()[:3]]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4), seats, 13)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: len(s.director.deal_log.lines) >= 8, 20_000)
    designed = [row.words for row in scene.log_panel.rows()]
    large_print(app)
    assert len(scene.log_panel.rows()) > len(designed), "larger words take more rows"
    large_print(app, 100)
    assert [row.words for row in scene.log_panel.rows()] == designed  # and back, not left at the larger wrap
