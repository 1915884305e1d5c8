"""Statistics (issue 5, item 5): each figure read off event logs, and a JSON round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai.registry import make_agent
from game.config import rules_by_name
from game.engine import Event, SeatInfo, Session, play_session
from game.engine.events import BoodleWon, EventDataError
from game.stats import BoodleHits, ChipPoint, Record, Statistics

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))
PLAYERS = [{"name": "You", "kind": "human", "personality": None},
           {"name": "Pip", "kind": "ai", "personality": "pip"},
           {"name": "Dex", "kind": "ai", "personality": "dex"}]


def _play(player: int, card: str, lead: bool = False) -> dict[str, Any]:
    return {"type": "play", "player": player, "card": card, "lead": lead}


def _session(final: list[int], winners: list[int]) -> list[dict[str, Any]]:
    return [
        {"type": "session_start", "seed": 1, "rules": {}, "players": PLAYERS, "chips": [40, 40, 40]},
        {"type": "deal_start", "deal": 1, "dealer": 2},
        {"type": "deal", "hands": [["2H", "3H", "4H", "7H"], ["5H", "AS"], ["6H", "9C"]], "dead": []},
        _play(0, "2H", True), _play(0, "3H"), _play(0, "4H"), _play(1, "5H"), _play(2, "6H"), _play(0, "7H"),
        {"type": "stop", "after": "7H", "reason": "dead_hand"},
        _play(0, "8H", True), _play(0, "9H"),
        {"type": "boodle_won", "player": 0, "card": "AS", "chips": 6},
        {"type": "hand_won", "player": 0, "pot": 3, "payments": [{"from": 1, "chips": 1}, {"from": 2, "chips": 2}]},
        {"type": "deal_end", "chips": [50, 34, 33], "boodle": {}},
        {"type": "deal_start", "deal": 2, "dealer": 0},
        {"type": "deal", "hands": [["2C"], ["3C"], ["4C"]], "dead": []},
        _play(1, "3C", True), _play(1, "4C"), _play(1, "5C"), _play(1, "6C"),
        {"type": "boodle_won", "player": 0, "card": "AS", "chips": 2},
        {"type": "hand_won", "player": 1, "pot": 7, "payments": [{"from": 0, "chips": 4}, {"from": 2, "chips": 1}]},
        {"type": "deal_end", "chips": final, "boodle": {}},
        {"type": "session_end", "chips": final, "winners": winners},
    ]


def test_each_figure_from_a_hand_made_session() -> None:
    stats = Statistics()
    stats.add_session(_session([45, 46, 29], [1]), human_seat=0)
    assert (stats.sessions, stats.sessions_won, stats.deals_played, stats.deals_won) == (1, 0, 2, 1)
    assert stats.biggest_pot == 3
    assert stats.longest_run == 3  # 2H 3H 4H; 7H after others' cards starts again, 8H 9H is two
    assert stats.boodle == {"AS": BoodleHits(hits=2, chips=8)}
    assert stats.records == {"pip": Record(sessions=1, behind=1, chips_won=1, chips_lost=4),
                             "dex": Record(sessions=1, ahead=1, chips_won=2)}
    assert stats.records["pip"].net == -3
    assert stats.chips_over_time == [ChipPoint(1, 1, 50), ChipPoint(1, 2, 45)]


def test_sessions_add_up_and_seats_count_from_the_player() -> None:
    stats = Statistics()
    stats.add_session(_session([45, 46, 29], [1]), human_seat=0)
    stats.add_session(_session([50, 40, 30], [0]), human_seat=0)
    assert stats.sessions == 2 and stats.sessions_won == 1
    assert stats.records["pip"].sessions == 2 and stats.records["pip"].ahead == 1
    assert [p.session for p in stats.chips_over_time] == [1, 1, 2, 2]
    other = Statistics()
    other.add_session(_session([45, 46, 29], [1]), human_seat=1)
    assert other.deals_won == 1 and other.longest_run == 4 and set(other.records) == {"You", "dex"}


def test_json_round_trip_and_bad_data() -> None:
    stats = Statistics()
    for path in GOLDEN:
        stats.add_session(path.read_text(encoding="utf-8").splitlines(), human_seat=0)
    text = stats.to_json()
    assert Statistics.from_json(text) == stats
    assert Statistics.from_dict(json.loads(text)).to_json() == text
    for rubbish in ("", "[]", '{"version": 99}', '{"version": 1, "sessions": 1}'):
        with pytest.raises(ValueError, match="statistics could not be read"):
            Statistics.from_json(rubbish)


def test_engine_events_count_the_same_as_their_log() -> None:
    rules = rules_by_name("classic")
    ids = ["vera", "dex", "hetty", "expert"]  # seat 0 plays every deal of this session
    session = Session(rules, [SeatInfo(i, "ai", i) for i in ids], 2)
    events: list[Event] = []
    play_session(session, [make_agent(i, 2, seat) for seat, i in enumerate(ids)], events.append)
    direct, from_log = Statistics(), Statistics()
    direct.add_session(events, human_seat=0)
    from_log.add_session([e.to_json() for e in events], human_seat=0)
    assert direct == from_log
    assert direct.deals_played == session.deal_number
    assert sum(r.sessions for r in direct.records.values()) == 3
    assert direct.chips_over_time[-1].chips == session.chips[0]
    hit = [e for e in events if isinstance(e, BoodleWon) and e.player == 0]
    assert sum(h.hits for h in direct.boodle.values()) == len(hit)
    assert sum(h.chips for h in direct.boodle.values()) == sum(e.chips for e in hit)


def test_a_line_that_is_not_an_event_is_refused_with_the_log_check_s_sentence() -> None:
    broken = _session([45, 46, 29], [1])
    broken[5] = {"type": "play", "player": 0, "card": "1Z", "lead": False}
    with pytest.raises(EventDataError, match="play has an impossible card in card"):
        Statistics().add_session(broken, human_seat=0)
    with pytest.raises(EventDataError, match="deal_end is missing boodle"):
        Statistics().add_session(['{"type": "deal_end", "chips": [1, 2, 3]}'], human_seat=0)
