"""The events' one schema: every logged event reads back to the same line, and a damaged field is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.cards import Card
from game.engine.events import (
    EVENT_TYPES,
    BoodleWon,
    Event,
    EventDataError,
    HandWon,
    Payment,
    Play,
    Stake,
    event_dict,
    event_from_data,
)
from game.replay import LogError, Replay

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_every_golden_event_reads_back_to_the_same_line(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    events = [event_from_data(json.loads(line)) for line in lines]
    assert [event.to_json() for event in events] == lines
    assert {event.type for event in events} <= set(EVENT_TYPES)
    assert all(type(event) is EVENT_TYPES[event.type] for event in events)


def test_read_back_events_are_the_engine_s_values() -> None:
    line = '{"type": "play", "player": 2, "card": "10H", "lead": true}'
    play = event_from_data(json.loads(line))
    assert play == Play(2, Card.parse("10H"), True) and isinstance(play, Play) and play.card is Card.parse("10H")
    won = event_from_data({"type": "hand_won", "player": 1, "pot": 5, "payments": [{"from": 0, "chips": 3}]})
    assert won == HandWon(1, 5, (Payment(0, 3),))
    stake = Stake(0, 1, ((Card.parse("AS"), 2), (Card.parse("QC"), 2)))
    assert event_from_data(event_dict(stake)) == stake
    assert event_from_data(event_dict(BoodleWon(3, Card.parse("JD"), 0))) == BoodleWon(3, Card.parse("JD"), 0)


def test_every_event_type_has_a_kind_for_each_field() -> None:
    for kind, cls in EVENT_TYPES.items():
        assert cls.type == kind
        assert [name for name, _ in cls.schema] == list(cls._fields)


PLAY: dict[str, Any] = {"type": "play", "player": 0, "card": "AS", "lead": True}
CARD_WORDS = "a card (rank then suit: AS, 10H, QC)"


@pytest.mark.parametrize("data,sentence", [
    ([1, 2], "not a JSON object"),
    ({"player": 1}, "has no event type"),
    ({"type": "jump"}, "unknown event type 'jump'"),
    ({"type": "stake", "player": 1}, "stake is missing pot, boodle"),
    ({**PLAY, "card": "1Z"}, f'play has an impossible card in card: "1Z" (should be {CARD_WORDS})'),
    ({**PLAY, "card": "as"}, f'play has an impossible card in card: "as" (should be {CARD_WORDS})'),
    ({**PLAY, "player": -1}, "play has a bad value in player: -1 (should be a seat number)"),
    ({**PLAY, "lead": 1}, "play has a bad value in lead: 1 (should be true or false)"),
    ({"type": "cut", "cards": ["AS", "ZZ"], "dealer": 0},
     'cut has a bad value in cards: ["AS", "ZZ"] (should be a list of cards (null for seats not cutting))'),
    ({"type": "cut", "cards": [None], "dealer": "x"},
     'cut has a bad value in dealer: "x" (should be a seat number (null for a tied cut))'),
    ({"type": "stake", "player": 1, "pot": 1, "boodle": {"AS": -1}},
     'stake has a bad value in boodle: {"AS": -1} (should be an object of card -> chips)'),
    ({"type": "deal", "hands": [["AS"], ["1Z"]], "dead": []},
     'deal has a bad value in hands: [["AS"], ["1Z"]] (should be a list of hands (lists of cards))'),
    ({"type": "deal", "hands": [], "dead": "AS"}, 'deal has a bad value in dead: "AS" (should be a list of cards)'),
    ({"type": "stop", "after": "KS", "reason": "nope"},
     'stop has a bad value in reason: "nope" (should be one of king, dead_hand, already_played, declined, '
     'no_follow, ace, removed)'),
    ({"type": "hand_won", "player": 0, "pot": 1, "payments": [{"from": -1, "chips": 1}]},
     'hand_won has a bad value in payments: [{"from": -1, "chips": 1}] (should be a list of {from, chips})'),
    ({"type": "session_start", "seed": 1, "rules": [], "players": [], "chips": []},
     "session_start has a bad value in rules: [] (should be an object)"),
    ({"type": "session_start", "seed": 1, "rules": {}, "players": [{"nam": 1}], "chips": []},
     'session_start has a bad value in players: [{"nam": 1}] (should be a list of {name, kind, personality})'),
    ({"type": "session_end", "chips": [1, "2"], "winners": [0]},
     'session_end has a bad value in chips: [1, "2"] (should be a list of whole numbers)'),
    ({"type": "deal_start", "deal": 1.5, "dealer": 0},
     "deal_start has a bad value in deal: 1.5 (should be a whole number)"),
])
def test_a_damaged_object_is_refused_with_the_log_check_s_sentence(data: Any, sentence: str) -> None:
    with pytest.raises(EventDataError) as caught:
        event_from_data(data)
    assert str(caught.value) == sentence
    lines = GOLDEN[0].read_text(encoding="utf-8").splitlines()
    lines[3] = json.dumps(data)
    with pytest.raises(LogError) as refused:
        Replay.from_lines(lines)
    assert [str(p) for p in refused.value.problems] == [f"line 4: {sentence}"]


def test_events_are_typed_values_not_dicts() -> None:
    replay = Replay.from_file(GOLDEN[1])
    events: list[Event] = [step.event for step in replay.steps]
    assert all(type(event) in EVENT_TYPES.values() for event in events)
