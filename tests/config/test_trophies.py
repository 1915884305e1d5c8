"""The trophy case's file and judge: config/trophies.yaml checked (every mistake `path:line: key: why`, fuzzed like
the other config files), and every condition of the vocabulary judged right and wrong on sessions built by hand
(charm uses as the contract's `charm` events)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yaml_damage import damaged

from game.config import ConfigError
from game.config.kinds import kind_name_for_path
from game.config.trophies_file import CONDITIONS, TROPHIES_FILE, Trophy, load_trophies, load_trophies_text
from game.engine.events import event_from_data
from game.locale import LANGUAGES, catalog
from game.stats.trophies import Outcome, TrophyWatch, deal_earns, judge_session

SHIPPED = TROPHIES_FILE.read_text(encoding="utf-8")
GOLDEN = Path(__file__).parents[1] / "golden" / "classic_4p_seed7.jsonl"
Events = list[dict[str, Any]]


# --- the file -------------------------------------------------------------------------------------------------

def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_trophies_text(text, "t.yaml")
    return caught.value.problems


def test_the_shipped_trophies_are_at_least_twenty_with_words_in_every_language() -> None:
    trophies = load_trophies()
    assert len(trophies) >= 20 and len({t.id for t in trophies}) == len(trophies)
    assert {t.condition for t in trophies} == set(CONDITIONS)  # every word of the vocabulary is used
    for code in LANGUAGES:
        entries = catalog(code).entries
        for trophy in trophies:
            words = [entries.get(f"trophies.list.{trophy.id}.{key}") for key in ("name", "takes", "hint")]
            assert all(isinstance(w, str) and w.strip() for w in words), (code, trophy.id)
        if code != "en":  # written in each language, not English copied
            same = [t.id for t in trophies if entries[f"trophies.list.{t.id}.takes"] ==
                    catalog("en").entries[f"trophies.list.{t.id}.takes"]]
            assert not same, (code, same)


def test_check_config_knows_the_trophies_file() -> None:
    assert kind_name_for_path(TROPHIES_FILE) == "trophies"


def test_every_mistake_is_said_with_its_line_and_key() -> None:
    found = problems("trophies:\n"
                     "  - id: first_win\n"
                     "    condition: boodle_hit\n"
                     "  - id: two_boodles\n"
                     "    condition: boodle_hits\n"
                     "    cards: 0\n"
                     "  - id: daily_winner\n"
                     "    condition: win_session\n"
                     "    mode: dayly\n"
                     "    seats: 9\n"
                     "    without_hint: yes please\n"
                     "  - id: grand_tour\n"
                     "    condition: trophies\n"
                     "    all_of: [first_wim]\n"
                     "  - id: Bad-Id\n"
                     "    condition: pot\n"
                     "    chips: 3\n"
                     "  - id: nobody_knows_me\n"
                     "    condition: boodle_sweep\n"
                     "  - id: first_win\n"
                     "    condition: boodle_sweep\n"
                     "  - id: long_run\n"
                     "    condition: run\n")
    assert found == [
        "t.yaml:3: trophies[1].condition: must be a condition the game judges (" + ", ".join(CONDITIONS)
        + "), got the text 'boodle_hit'; did you mean boodle_hits?",
        "t.yaml:6: trophies[2].cards: must be 1 to 8, got 0",
        "t.yaml:9: trophies[3].mode: must be one of any, free, daily, road, got the text 'dayly'; did you mean daily?",
        "t.yaml:10: trophies[3].seats: must be 3 to 8, got 9",
        "t.yaml:11: trophies[3].without_hint: must be true or false, got the text 'yes please'",
        "t.yaml:14: trophies[4].all_of: no trophy first_wim in this file; did you mean first_win?",
        "t.yaml:15: trophies[5].id: must be 1 to 40 lower-case letters, digits or _, starting with a letter, like "
        "clean_sweep, got the text 'Bad-Id'",
        "t.yaml:18: trophies[6].id: nobody_knows_me has no English name, takes, hint in "
        "config/locales/en/trophies.yaml (list.nobody_knows_me)",
        "t.yaml:20: trophies[7].id: first_win is already the id of trophy 1; trophy ids must be unique",
        "t.yaml:22: trophies[8].cards: missing; add a line such as `cards: 2` (a whole number from 2 to 52)",
    ]


def test_a_key_the_condition_does_not_take_is_refused() -> None:
    found = problems("trophies:\n  - id: fat_pot\n    condition: pot\n    chips: 8\n    mode: daily\n")
    assert found == ["t.yaml:5: trophies[1].mode: unknown key; the keys are id, condition, chips"]


def test_a_trophy_that_needs_itself_could_never_be_earned() -> None:
    found = problems("trophies:\n"
                     "  - id: first_win\n    condition: trophies\n    all_of: [grand_tour]\n"
                     "  - id: grand_tour\n    condition: trophies\n    all_of: [first_win]\n"
                     "  - id: rout\n    condition: trophies\n    all_of: [rout]\n")
    assert found == [
        "t.yaml:4: trophies[1].all_of: first_win needs itself through first_win → grand_tour → first_win: it could "
        "never be earned",
        "t.yaml:7: trophies[2].all_of: grand_tour needs itself through grand_tour → first_win → grand_tour: it could "
        "never be earned",
        "t.yaml:10: trophies[3].all_of: rout needs itself through rout → rout: it could never be earned"]


def test_a_trophy_of_trophies_named_before_them_is_earned_in_the_same_session() -> None:
    trophies = load_trophies_text("trophies:\n"
                                  "  - id: grand_tour\n    condition: trophies\n    all_of: [first_venue]\n"
                                  "  - id: first_venue\n    condition: trophies\n    all_of: [first_win]\n"
                                  "  - id: first_win\n    condition: win_session\n", "t.yaml")
    judged = judge_session(trophies, session(3, [1], [50, 30, 40], [0]), 0, Outcome())
    assert judged.at_end == ("first_win", "first_venue", "grand_tour")


def test_not_a_trophies_file_at_all() -> None:
    assert problems("trophies: {}\n") == [
        "t.yaml:1: trophies: must be a list of 1 to 200 trophies, got a mapping (key: value pairs)"]
    assert problems("trophies:\n  - 3\n")[0].startswith("t.yaml:2: trophies[1]: must be a trophy")
    assert problems("")[0].startswith("t.yaml: the file is empty")


_LINE = re.compile(r"^t\.yaml(:\d+)?: ")


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_trophy_files_load_or_raise_config_error(data: st.DataObject) -> None:
    text = damaged(data, SHIPPED, ["", "0", "-3", "true", "null", "[]", "{}", "[pip]", "x y", "'7'",
                                   "999999999", "1e400", ".nan", "&a 1", "*a", "[first_win, [x]]"])
    try:
        trophies = load_trophies_text(text, "t.yaml")
    except ConfigError as error:
        assert error.problems and all(_LINE.match(p) for p in error.problems)
    else:
        assert trophies and all(t.condition in CONDITIONS for t in trophies)


# --- the judge: sessions built by hand ----------------------------------------------------------------------

BOODLE = ["AS", "KH", "QC", "JD"]


def start(players: int = 3, chips: int = 40, charms: list[list[str]] | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "session_start", "seed": 1, "rules": {"boodle_cards": BOODLE},
                             "players": [{"name": f"S{i}", "kind": "ai"} for i in range(players)],
                             "chips": [chips] * players}
    if charms is not None:
        event["charms"] = charms
    return event


def dealt(number: int, hands: Iterable[int]) -> Events:
    return [{"type": "deal_start", "deal": number, "dealer": 0},
            {"type": "deal", "hands": [["2S"] * n for n in hands], "dead": []}]


def play(player: int, lead: bool = False) -> dict[str, Any]:
    return {"type": "play", "player": player, "card": "2S", "lead": lead}


def hit(player: int, card: str) -> dict[str, Any]:
    return {"type": "boodle_won", "player": player, "card": card, "chips": 3}


def charm(player: int, name: str = "peek") -> dict[str, Any]:
    return {"type": "charm", "player": player, "charm": name, "effect": "peek"}


def won(player: int, pot: int = 3) -> Events:
    return [{"type": "hand_won", "player": player, "pot": pot, "payments": []},
            {"type": "deal_end", "chips": [40, 40, 40], "boodle": {}}]


def ended(chips: list[int], winners: list[int]) -> dict[str, Any]:
    return {"type": "session_end", "chips": chips, "winners": winners}


def deal_trophies(events: Events, trophy: Trophy, seat: int = 0) -> list[bool]:
    """Whether `trophy` is earned at each deal's end."""
    watch = TrophyWatch(seat)
    return [deal_earns(trophy, facts) for facts in map(watch.see, events) if facts is not None]


def session_trophies(events: Events, outcome: Outcome | None = None, seat: int = 0, held: Iterable[str] = (),
                     charms_before: Iterable[str] = ()) -> set[str]:
    judged = judge_session(load_trophies(), events, seat, outcome or Outcome(), set(held), tuple(charms_before))
    return {*judged.at_deals, *judged.at_end}


def test_boodle_hits_and_the_sweep_count_the_players_own_hits_in_one_deal() -> None:
    two = Trophy("two", "boodle_hits", count=2)
    sweep = Trophy("sweep", "boodle_sweep")
    one_each = [start(), *dealt(1, [5, 5, 5]), hit(0, "AS"), *won(1), *dealt(2, [5, 5, 5]), hit(0, "KH"), *won(1)]
    assert deal_trophies(one_each, two) == [False, False]  # two hits, but in two deals
    both = [start(), *dealt(1, [5, 5, 5]), hit(0, "AS"), hit(1, "KH"), hit(0, "QC"), *won(1)]
    assert deal_trophies(both, two) == [True] and deal_trophies(both, two, seat=1) == [False]
    assert deal_trophies(both, sweep) == [False]
    every = [start(), *dealt(1, [5, 5, 5]), *(hit(0, card) for card in BOODLE), *won(2)]
    assert deal_trophies(every, sweep) == [True] and deal_trophies(every, sweep, seat=2) == [False]
    not_boodle = [start(), *dealt(1, [5, 5, 5]), hit(0, "AS"), hit(0, "2C"), *won(2)]
    assert deal_trophies(not_boodle, two) == [False]  # a card the rules do not name is no boodle card


def test_going_out_first_counts_the_cards_the_others_still_hold() -> None:
    quick = Trophy("quick", "out_first", count=8)
    plays = [play(0, lead=True), play(1), play(0), play(2)]
    early = [start(), *dealt(1, [2, 5, 5]), *plays, *won(0)]  # the others hold 4 + 4
    assert deal_trophies(early, quick) == [True]
    late = [start(), *dealt(1, [2, 5, 4]), *plays, *won(0)]  # 4 + 3
    assert deal_trophies(late, quick) == [False]
    theirs = [start(), *dealt(1, [2, 5, 5]), *plays, *won(1)]
    assert deal_trophies(theirs, quick) == [False]  # someone else went out


def test_the_pot_is_the_players_when_they_go_out() -> None:
    fat = Trophy("fat", "pot", count=8)
    assert deal_trophies([start(), *dealt(1, [1, 1, 1]), *won(0, pot=8)], fat) == [True]
    assert deal_trophies([start(), *dealt(1, [1, 1, 1]), *won(0, pot=7)], fat) == [False]
    assert deal_trophies([start(), *dealt(1, [1, 1, 1]), *won(1, pot=12)], fat) == [False]


def test_a_run_is_the_players_own_cards_one_after_another() -> None:
    run = Trophy("run", "run", count=3)
    mine = [start(), *dealt(1, [5, 5, 5]), play(0, lead=True), play(0), play(0), *won(1)]
    assert deal_trophies(mine, run) == [True]
    broken = [start(), *dealt(1, [5, 5, 5]), play(0, lead=True), play(0), play(1), play(0), *won(1)]
    assert deal_trophies(broken, run) == [False]
    stopped = [start(), *dealt(1, [5, 5, 5]), play(0, lead=True), play(0), {"type": "stop", "after": "2S",
                                                                          "reason": "x"}, play(0, lead=True), *won(1)]
    assert deal_trophies(stopped, run) == [False]


def test_a_deal_nobody_goes_out_of_ends_at_its_deal_end() -> None:
    two = Trophy("two", "boodle_hits", count=2)
    events = [start(), *dealt(1, [5, 5, 5]), hit(0, "AS"), hit(0, "KH"),
              {"type": "deal_end", "chips": [40, 40, 40], "boodle": {}}]
    assert deal_trophies(events, two) == [True]


def test_a_charm_unused_is_one_held_and_not_yet_used_this_session() -> None:
    reserve = Trophy("reserve", "out_with_charm_unused")
    held = start(charms=[["peek", "swap"], [], []])
    assert deal_trophies([held, *dealt(1, [1, 1, 1]), *won(0)], reserve) == [True]
    one_used = [held, *dealt(1, [1, 1, 1]), charm(0, "peek"), *won(0)]
    assert deal_trophies(one_used, reserve) == [True]  # the swap is still unused
    both_used = [held, *dealt(1, [1, 1, 1]), charm(0, "peek"), *won(1), *dealt(2, [1, 1, 1]), charm(0, "swap"),
                 *won(0)]
    assert deal_trophies(both_used, reserve) == [False, False]
    theirs_used = [held, *dealt(1, [1, 1, 1]), charm(1, "peek"), charm(1, "swap"), *won(0)]
    assert deal_trophies(theirs_used, reserve) == [True]  # another seat's uses are theirs
    none_held = [start(), *dealt(1, [1, 1, 1]), *won(0)]
    assert deal_trophies(none_held, reserve) == [False]


def test_going_out_after_a_charm_needs_the_charm_in_that_deal() -> None:
    exit_ = Trophy("exit", "out_after_charm")
    held = start(charms=[["peek"], [], []])
    events = [held, *dealt(1, [1, 1, 1]), charm(0), *won(1), *dealt(2, [1, 1, 1]), *won(0),
              *dealt(3, [1, 1, 1]), charm(0), *won(0), *dealt(4, [1, 1, 1]), charm(1), *won(0)]
    assert deal_trophies(events, exit_) == [False, False, True, False]


def session(players: int, deals: list[int], final: list[int], winners: list[int], *, chips: int = 40,
            lows: list[int] | None = None, charms: list[list[str]] | None = None,
            extra: Events = ()) -> Events:  # type: ignore[assignment]
    """A session of `deals` (who went out first in each), the player's chips at each deal's end from `lows`."""
    events: Events = [start(players, chips, charms), *extra]
    for number, winner in enumerate(deals, start=1):
        events += dealt(number, [1] * players)
        events.append({"type": "hand_won", "player": winner, "pot": 1, "payments": []})
        mine = lows[number - 1] if lows else chips
        events.append({"type": "deal_end", "chips": [mine] + [chips] * (players - 1), "boodle": {}})
    return [*events, ended(final, winners)]


def test_a_session_won_in_each_mode_with_and_without_the_hint() -> None:
    win = session(3, [1, 2], [50, 30, 40], [0])
    assert {"first_win", "free_winner"} <= session_trophies(win)
    assert "daily_winner" not in session_trophies(win)
    daily = session_trophies(win, Outcome("daily"))
    assert {"first_win", "daily_winner", "daily_unaided"} <= daily and "free_winner" not in daily
    hinted = session_trophies(win, Outcome("daily", hints=1))
    assert "daily_winner" in hinted and "daily_unaided" not in hinted
    lost = session_trophies(session(3, [1, 2], [30, 50, 40], [1]), Outcome("daily"))
    assert not {"first_win", "daily_winner", "daily_unaided"} & lost
    shared = session_trophies(session(3, [1], [50, 50, 20], [0, 1]))
    assert "first_win" in shared  # a win shared is a win


def test_the_table_size_and_the_charms_held_are_the_sessions() -> None:
    eight = session(8, [1], [60] + [35] * 7, [0])
    assert {"full_table", "own_counsel"} <= session_trophies(eight)
    assert "own_counsel" not in session_trophies(eight, Outcome(hints=2))
    six = session_trophies(session(6, [1], [60] + [35] * 5, [0]))
    assert "own_counsel" in six and "full_table" not in six
    five = session_trophies(session(5, [1], [60] + [35] * 4, [0]))
    assert not {"own_counsel", "full_table"} & five
    charmed = session(3, [1], [50, 30, 40], [0], charms=[["peek"], [], []])
    assert "charmed_life" in session_trophies(charmed)
    assert "charmed_life" not in session_trophies(session(3, [1], [50, 30, 40], [0], charms=[[], ["peek"], []]))


def test_deals_running_double_up_and_the_comeback() -> None:
    row = session(3, [0, 0, 1, 0, 0, 0], [50, 30, 40], [0])
    assert "hat_trick" in session_trophies(row) and "winning_streak" not in session_trophies(row)
    assert "hat_trick" not in session_trophies(session(3, [0, 0, 1, 0, 0], [50, 30, 40], [0]))
    assert "winning_streak" in session_trophies(session(3, [0] * 5, [50, 30, 40], [0]))
    assert "double_up" in session_trophies(session(3, [1], [80, 20, 20], [0]))
    assert "double_up" not in session_trophies(session(3, [1], [79, 21, 20], [0]))
    back = session(3, [1, 1, 0], [50, 30, 40], [0], lows=[20, 10, 50])
    assert "comeback" in session_trophies(back)
    assert "comeback" not in session_trophies(session(3, [1, 1, 0], [50, 30, 40], [0], lows=[20, 11, 50]))
    assert "comeback" not in session_trophies(session(3, [1, 1, 0], [30, 50, 40], [1], lows=[20, 10, 30]))


def test_the_road_a_venue_cleared_and_the_whole_road() -> None:
    played = session(4, [1], [30, 50, 40, 40], [1])  # a venue's goal need not be first place
    venue = session_trophies(played, Outcome("road", venue_cleared=True))
    assert {"first_venue", "venue_unaided"} <= venue and "road_cleared" not in venue
    assert "venue_unaided" not in session_trophies(played, Outcome("road", hints=1, venue_cleared=True))
    assert not {"first_venue"} & session_trophies(played, Outcome("road"))
    road = session_trophies(played, Outcome("road", venue_cleared=True, road_cleared=True, road_hints=0))
    assert {"road_cleared", "road_unaided"} <= road and "road_charmed" not in road
    hinted = session_trophies(played, Outcome("road", venue_cleared=True, road_cleared=True, road_hints=3))
    assert "road_cleared" in hinted and "road_unaided" not in hinted
    charmed = session(4, [1], [30, 50, 40, 40], [1], charms=[["peek"], [], [], []])
    assert "road_charmed" in session_trophies(charmed, Outcome("road", venue_cleared=True, road_cleared=True))


def test_charms_used_count_over_every_session() -> None:
    uses = [charm(0, name) for name in ("a", "b", "c")] + [charm(1, "d")]
    events = session(3, [1], [30, 50, 40], [1], charms=[["a", "b", "c"], ["d"], []], extra=uses)
    assert "charm_collector" not in session_trophies(events, charms_before=["e", "f", "g", "h"])
    assert "charm_collector" in session_trophies(events, charms_before=["e", "f", "g", "h", "a", "x"])
    judged = judge_session(load_trophies(), events, 0, Outcome())
    assert judged.charms_used == {"a", "b", "c"}


def test_a_trophy_of_trophies_is_earned_with_the_last_of_them() -> None:
    win = session(3, [1], [50, 30, 40], [0])
    assert "grand_tour" not in session_trophies(win, held={"daily_winner"})
    assert "grand_tour" in session_trophies(win, held={"daily_winner", "first_venue"})  # free_winner earned now


def test_trophies_held_are_not_earned_again_and_take_backs_earn_none() -> None:
    events = [start(), *dealt(1, [5, 5, 5]), hit(0, "AS"), hit(0, "KH"), *won(0), ended([60, 30, 30], [0])]
    assert {"two_boodles", "first_win"} <= session_trophies(events)
    assert not {"two_boodles", "first_win"} & session_trophies(events, held={"two_boodles", "first_win"})
    judged = judge_session(load_trophies(), events, 0, Outcome(taken_back=2))
    assert judged.at_deals == () and judged.at_end == ()


def test_an_unfinished_session_earns_nothing_at_its_end() -> None:
    events = session(3, [0, 0, 0], [50, 30, 40], [0])[:-1]
    assert session_trophies(events) & {"first_win", "hat_trick"} == set()


def test_a_real_session_is_judged_from_engine_events_dicts_and_lines_alike() -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    events = [event_from_data(json.loads(line)) for line in lines]
    judged = [judge_session(load_trophies(), form, seat, Outcome()) for form in (lines, events)
              for seat in range(4)]
    assert judged[:4] == judged[4:]
    assert [bool(j.at_end) for j in judged[:4]] == [False, False, False, True]  # seat 3 won it
    assert judged[0].at_deals == ("two_boodles",)


def test_the_vocabulary_in_the_files_header_is_every_condition() -> None:
    header = SHIPPED.split("trophies:")[0]
    for word in CONDITIONS:
        assert re.search(rf"#\s+{word}\b", header), word

