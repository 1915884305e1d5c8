"""The pace spends its time where the player is (issue 24): which plays go quicker, read on logged deals and checked
by hand; the director resting less on those and as long as before on the player's own cards, at every speed; the
rest played briskly once the player is out; and the characters' thinking timed the same by the table and by the
agency measure's watched table."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.ai.character import CharacterAgent
from game.ai.registry import load_character_by_id
from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.table.attention import Attention, quick_plays
from game.app.table.director import Director
from game.app.table.pacing import BRISK, PACES
from game.app.table.scene import TableScene
from game.app.table.watched import WatchedTable
from game.config import rules_by_name
from game.engine.cards import Card
from game.engine.decisions import FollowDecision, LeadDecision
from game.engine.events import DealStart, Dealt, Event, Play, PlayerOut, Stop, event_from_data

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CAST = ("pip", "maud", "hetty")


def logged(name: str) -> list[Event]:
    """The events of a golden log."""
    with open(GOLDEN / f"{name}.jsonl", encoding="utf-8") as log:
        return [event_from_data(json.loads(line)) for line in log]


def c(name: str) -> Card:
    return Card.parse(name)


def test_the_quick_plays_of_a_logged_deal_are_the_ones_found_by_hand() -> None:
    # classic_4p_seed7, deal 1: the player (seat 0) holds 4S 7S 10S AH 7H KH 10D AC 2C 4C KC; the boodle cards are
    # AS KH QC JD. Quick: QD and KD (JD played, the player's 10D gone), JS QS KS (the player's 10S gone, 7S below),
    # 3H 4H (7H three and more ranks up), 8H 9H 10H (KH, the player's and a boodle card, three and more up); the
    # stops after KD and KS break runs the player played in, and none of the rest is quick: 3S (the player's 4S
    # next), JD (a boodle card), 9S (10S next), 5H 6H (7H near), JH QH (KH near), and every lead.
    events = logged("classic_4p_seed7")
    first_deal = [i for i in quick_plays(events, rules_by_name("classic"), 0) if i < 50]
    assert first_deal == [18, 19, 24, 25, 26, 29, 30, 34, 35, 36]
    plays = [events[i] for i in first_deal]
    assert [str(play.card) for play in plays if isinstance(play, Play)] == [
        "QD", "KD", "JS", "QS", "KS", "3H", "4H", "8H", "9H", "10H"]


@pytest.mark.parametrize("name, rules, human", [("classic_4p_seed7", "classic", 0), ("classic_4p_seed7", "classic", 2),
                                                ("michigan_5p_seed11", "michigan", 0),
                                                ("michigan_5p_seed11", "michigan", 4)])
def test_no_quick_play_touches_the_player_in_a_whole_logged_session(name: str, rules: str, human: int) -> None:
    events = logged(name)
    ruleset = rules_by_name(rules)
    boodle = set(ruleset.boodle_cards) | {card for combination in ruleset.combinations for card in combination.cards}
    quick = quick_plays(events, ruleset, human)
    holds: set[Card] = set()
    played: set[Card] = set()
    dead: tuple[Card, ...] = ()
    plays = stops = 0
    for index, event in enumerate(events):
        if isinstance(event, DealStart):
            played = set()
        if isinstance(event, Dealt):
            holds, dead = set(event.hands[human]), event.dead
        if type(event).__name__ == "BuyDead" and getattr(event, "player", None) == human:
            holds = set(dead)
        if index in quick:
            assert isinstance(event, Play | Stop), event
            if isinstance(event, Play):
                plays += 1
                assert event.player != human and not event.lead
                up = [card.rank - event.card.rank for card in holds if card.suit == event.card.suit]
                assert not any(1 <= gap <= 2 for gap in up), (index, event)  # aces low in both files
                hits = [card.rank - event.card.rank for card in boodle - played if card.suit == event.card.suit]
                assert not any(0 <= gap <= 2 for gap in hits), (index, event)
            else:
                stops += 1
        if isinstance(event, Play):
            played.add(event.card)
            holds.discard(event.card)
    assert plays > 40 and stops > 20  # a good share of each session goes quicker


def test_a_stop_in_a_run_the_player_played_in_keeps_its_beat() -> None:
    attention = Attention(rules_by_name("classic"), 0)
    attention.note(Dealt(((c("9S"), c("2H")), (c("5C"),), (c("6C"),)), ()))
    assert attention.quick(Stop(c("4C"), "dead_hand"))  # nothing of the player's near
    assert not attention.quick(Stop(c("7S"), "dead_hand"))  # the player's 9S was about to come
    attention.note(Play(0, c("9S"), True))
    assert not attention.quick(Stop(c("9S"), "dead_hand"))  # the player led this run
    attention.note(Stop(c("9S"), "dead_hand"))
    attention.note(Play(1, c("5C"), True))
    assert attention.quick(Play(2, c("6C"), False)) and attention.quick(Stop(c("6C"), "dead_hand"))


def table(app: App, rules: str = "classic", seed: int = 7) -> TableScene:
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in CAST]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name(rules), players=4), seats, seed)
    app.scenes.clear_to(scene)
    scene.director.queue.clear()  # the opening (the cut, the first deal) is not what these tests show
    return scene


def rest_after(director: Director, speed: str, event: Event) -> float:
    """The real seconds the table takes over `event` at `speed`, until it is ready for the next (frame by frame)."""
    director.pace = PACES[speed]
    director.speed = PACES[speed].speed
    director.fast_forward()
    director.push([event])
    seconds = 0.0
    while seconds < 10:
        director.update(1 / 120)
        seconds += 1 / 120
        if director.idle:
            break
    return seconds


@pytest.mark.parametrize("speed", ["relaxed", "slow", "normal", "fast"])
def test_plays_away_from_the_player_go_quicker_and_their_own_keep_their_beat(app: App, speed: str) -> None:
    director = table(app).director
    director.present(Dealt(((c("9S"), c("10S"), c("2H")), (c("4C"), c("5C")), (c("6C"),), (c("7C"),)), ()))
    director.fast_forward()
    director.chosen = None
    away = rest_after(director, speed, Play(2, c("5C"), False))  # nothing of the player's or the boodle near
    near = rest_after(director, speed, Play(2, c("8S"), False))  # the player's 9S comes next
    own = rest_after(director, speed, Play(0, c("9S"), False))  # theirs, played for them
    assert away < near < own
    before = PACES[speed]
    assert own >= before.own_lift + before.own_beat  # lifted and rested on as before
    if speed == "relaxed":
        assert away >= 0.45  # still a beat of stillness after every card


def test_the_players_stop_holds_longer_than_anothers(app: App) -> None:
    director = table(app).director
    director.present(Dealt(((c("9S"), c("2H")), (c("4C"), c("5C")), (c("6C"),), (c("7C"),)), ()))
    director.fast_forward()
    theirs = rest_after(director, "normal", Stop(c("5C"), "dead_hand"))
    mine = rest_after(director, "normal", Stop(c("8S"), "dead_hand"))
    assert mine - theirs >= 0.3


def test_once_the_player_is_out_the_rest_plays_briskly(app: App) -> None:
    director = table(app).director
    director.pace, director.speed = PACES["normal"], 1.0
    lead = LeadDecision(1, (c("4C"), c("5D")))
    assert director.think_share(lead) == 1.0
    director.present(PlayerOut(0))
    director.fast_forward()
    assert director.attention.brisk and director.think_share(lead) == 1 / BRISK
    director.hold = 1.0
    director.update(0.1)
    assert director.hold == pytest.approx(1.0 - 0.1 * BRISK)


def test_a_characters_thinking_over_a_follow_away_from_the_player_is_short(app: App) -> None:
    director = table(app, "free_following").director
    director.present(Dealt(((c("9S"), c("2H")), (c("4C"), c("5C")), (c("6C"),), (c("7C"),)), ()))
    assert director.think_share(FollowDecision(2, c("6C"))) == PACES["normal"].quick_think
    assert director.think_share(FollowDecision(2, c("8S"))) == PACES["normal"].follow_think  # the player's 9S next
    assert PACES["normal"].quick_think < PACES["normal"].follow_think < director.think_share(LeadDecision(2, ()))
    assert PACES["relaxed"].follow_think == 1.0


def test_the_table_and_the_watched_table_time_a_characters_thinking_alike(app: App) -> None:
    scene = table(app)
    controller, stand_in = scene.table, LowestAgent()
    decision = controller.session.pending()
    while decision is not None and decision.player == 0:  # the player's own answers are not watched
        controller.submit(stand_in.decide(controller.human_view(), decision))
        decision = controller.session.pending()
    assert decision is not None
    agent = controller.agents[decision.player]
    assert isinstance(agent, CharacterAgent)
    streams = agent.streams()
    assert controller.advance(0.0, 1.0, scene.director.think_share) is None and controller.thinking
    shown = controller._thinking
    assert shown is not None
    agent.restore_streams(streams)
    watched = WatchedTable(controller.rules, ["expert", *CAST])
    watched.director = scene.director
    assert watched.thinking(agent, decision) == shown[1] > 0


def test_a_resumed_table_knows_the_players_cards_for_the_pace(app: App) -> None:
    scene = table(app)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead" and len(s.model.board) > 0, 5000)
    resumed = TableScene.from_snapshot(app, json.loads(json.dumps(scene.snapshot())))
    attention = resumed.director.attention
    assert attention.holds == set(resumed.session.hand(0)) and attention.played == set(resumed.model.board)
    assert not attention.brisk
