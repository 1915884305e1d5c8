"""The player's statistics, read off sessions' event logs (the event table of docs/rules.md). No pygame here.

What each figure means:
- record against a character (keyed by the seat's `personality`, else its name): sessions played together;
  sessions the player finished ahead of / behind / level with them (final chips); chips won from them and
  lost to them (a character in two seats of one session counts twice), counting the deal settlements
  between the two (R19 payments: they paid the player for cards left when the player went out, or the
  reverse) — pots and boodle chips come from everybody, so they belong to no one opponent.
- boodle cards hit: for each boodle card, how often the player hit it and the chips it paid.
- deals played / won: deals the player was dealt into, and those they went out first in (hand_won).
- biggest pot: the largest pot the player took when winning a deal (payments not included).
- longest run: the most cards the player played one after another within one run, with nobody else's
  card between (a lead and the follows that came straight after it; a stop or another player's card ends it).
- chips over time: the player's chips after every deal, across sessions, as points for a line chart.
- sessions with take backs (free play lets the player take back their decisions): counted apart, in none of the
  figures above, as how many were played, how many won, and how many decisions were taken back in them.
- the sessions counted, by their ids (the latest few hundred), so a session whose end is recorded again (its
  recording was cut short by a full disk) is never counted twice.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine.events import (
    BoodleWon,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Play,
    SessionEnd,
    SessionStart,
    Stop,
    event_from_data,
)

STATS_VERSION = 1
MAX_COUNT = 10**12  # no figure of a player's ever comes near; a larger number in a file is damage
_MAX_KEY = 100  # a character's id or a card's name
COUNTED_KEPT = 300  # session ids remembered: far more than could wait to be recorded at once
MAX_ID = 80  # a session's id, as the table names it


@dataclass
class Record:
    """The player's record against one character."""

    sessions: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0
    chips_won: int = 0
    chips_lost: int = 0

    @property
    def net(self) -> int:
        """Chips won from them less chips lost to them."""
        return self.chips_won - self.chips_lost


@dataclass
class BoodleHits:
    """How often the player hit one boodle card, and for how much."""

    hits: int = 0
    chips: int = 0


@dataclass(frozen=True)
class ChipPoint:
    """One point of the chips-over-time chart: the player's chips after a deal."""

    session: int  # 1-based count of sessions added
    deal: int
    chips: int


@dataclass
class Statistics:
    """Every figure above, added up over the sessions given to `add_session`."""

    sessions: int = 0
    sessions_won: int = 0
    deals_played: int = 0
    deals_won: int = 0
    biggest_pot: int = 0
    longest_run: int = 0
    records: dict[str, Record] = field(default_factory=dict)
    boodle: dict[str, BoodleHits] = field(default_factory=dict)
    chips_over_time: list[ChipPoint] = field(default_factory=list)
    taken_back_sessions: int = 0
    taken_back_won: int = 0
    decisions_taken_back: int = 0
    counted: list[str] = field(default_factory=list)  # the ids of the latest sessions counted, oldest first

    def add_session(self, events: Iterable[Event | dict[str, Any] | str], human_seat: int, *,
                    taken_back: int = 0, session_id: str | None = None) -> bool:
        """Count one session's log (engine events, event dicts or JSON lines) seen from `human_seat`; one in
        which the player took back `taken_back` decisions is counted apart (`add_taken_back`). A session named
        `session_id` is counted once: False when it was already."""
        if session_id is not None and 0 < len(session_id) <= MAX_ID:
            if session_id in self.counted:
                return False
            self.counted = [*self.counted, session_id][-COUNTED_KEPT:]
        self._add(events, human_seat, taken_back)
        return True

    def _add(self, events: Iterable[Event | dict[str, Any] | str], human_seat: int, taken_back: int) -> None:
        """Count one session's log, whatever its id."""
        if taken_back > 0:
            self.add_taken_back(events, human_seat, taken_back)
            return
        me = human_seat
        self.sessions += 1
        session = self.sessions
        opponents: dict[int, str] = {}
        streak = deal = 0
        last_player: int | None = None
        for event in map(_as_event, events):
            match event:
                case SessionStart(players=players):
                    for seat, player in enumerate(players):
                        if seat != me:
                            opponents[seat] = str(player.get("personality") or player.get("name") or f"seat {seat}")
                case DealStart(deal=number):
                    deal = number
                case Dealt(hands=hands):
                    if me < len(hands) and hands[me]:
                        self.deals_played += 1
                    last_player, streak = None, 0
                case Play(player=player, lead=lead):
                    if lead or player != last_player:
                        streak = 0
                    last_player = player
                    if player == me:
                        streak += 1
                        self.longest_run = max(self.longest_run, streak)
                case Stop():
                    last_player, streak = None, 0
                case BoodleWon(player=player, card=card, chips=chips) if player == me:
                    hits = self.boodle.setdefault(str(card), BoodleHits())
                    hits.hits += 1
                    hits.chips += chips
                case HandWon(player=winner, pot=pot, payments=payments):
                    if winner == me:
                        self.deals_won += 1
                        self.biggest_pot = max(self.biggest_pot, pot)
                    for source, chips in payments:
                        if winner == me and source in opponents:
                            self._record(opponents[source]).chips_won += chips
                        elif source == me and winner in opponents:
                            self._record(opponents[winner]).chips_lost += chips
                case DealEnd(chips=chips):
                    if me < len(chips):
                        self.chips_over_time.append(ChipPoint(session, deal, chips[me]))
                case SessionEnd(chips=final, winners=winners):
                    last = self.chips_over_time[-1] if self.chips_over_time else None
                    if last is not None and last.session == session and me < len(final):
                        # R22: the boodle shared at the end is the last deal's, so its point ends where the session did
                        self.chips_over_time[-1] = ChipPoint(session, last.deal, final[me])
                    if me in winners:
                        self.sessions_won += 1
                    for seat, character in opponents.items():
                        if me < len(final) and seat < len(final):
                            record = self._record(character)
                            if final[me] > final[seat]:
                                record.ahead += 1
                            elif final[me] < final[seat]:
                                record.behind += 1
                            else:
                                record.level += 1
        for character in opponents.values():
            self._record(character).sessions += 1

    def add_taken_back(self, events: Iterable[Event | dict[str, Any] | str], human_seat: int, taken_back: int) -> None:
        """Count a session in which the player took back `taken_back` decisions: apart from every other figure,
        since a session played again until it went well says nothing of how the player plays."""
        self.taken_back_sessions += 1
        self.decisions_taken_back = min(MAX_COUNT, self.decisions_taken_back + taken_back)
        ended = [event for event in map(_as_event, events) if isinstance(event, SessionEnd)]
        if ended and human_seat in ended[-1].winners:
            self.taken_back_won += 1

    def _record(self, character: str) -> Record:
        return self.records.setdefault(character, Record())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (with a version number) that `from_dict` reads back."""
        data = asdict(self)
        data["chips_over_time"] = [[p.session, p.deal, p.chips] for p in self.chips_over_time]
        return {"version": STATS_VERSION, **data}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Statistics from `to_dict` data; ValueError (one sentence) if it is not that, or if any part of it
        cannot be used (`read` keeps the parts that can)."""
        if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
            raise ValueError("the statistics could not be read: not statistics of a known version")
        statistics, bad = cls.read(data)
        if bad:
            raise ValueError(f"the statistics could not be read: {bad} parts are not what the game wrote")
        return statistics

    @classmethod
    def read(cls, data: dict[str, Any]) -> tuple[Statistics, int]:
        """The statistics in `to_dict` data (its version checked by the caller), keeping every figure, record,
        boodle card and chart point that is whole, and how many parts could not be used. Every value is checked
        (a whole number from 0 to MAX_COUNT, chips from -MAX_COUNT) before it is used."""
        bad = 0
        figures: dict[str, int] = {}
        for name in _FIGURES:
            value = _count(data.get(name))
            if value is None:
                bad += 1
            figures[name] = value or 0
        for name in _TAKEN_BACK:  # files from before take backs have none of these: none were counted
            value = _count(data.get(name, 0))
            if value is None:
                bad += 1
            figures[name] = value or 0
        records: dict[str, Record] = {}
        raw_records = data.get("records")
        for key, raw in (raw_records.items() if isinstance(raw_records, dict) else ()):
            counts = {f: _count(raw.get(f)) for f in _RECORD_FIELDS} if isinstance(raw, dict) else {}
            if len(counts) != len(_RECORD_FIELDS) or None in counts.values() or set(raw) != set(_RECORD_FIELDS):
                bad += 1
                continue
            records[str(key)[:_MAX_KEY]] = Record(**{f: n or 0 for f, n in counts.items()})
        boodle: dict[str, BoodleHits] = {}
        raw_boodle = data.get("boodle")
        for key, raw in (raw_boodle.items() if isinstance(raw_boodle, dict) else ()):
            hits, chips = (_count(raw.get("hits")), _count(raw.get("chips"))) if isinstance(raw, dict) else (None, None)
            if hits is None or chips is None:
                bad += 1
                continue
            boodle[str(key)[:_MAX_KEY]] = BoodleHits(hits, chips)
        points: list[ChipPoint] = []
        raw_points = data.get("chips_over_time")
        for raw in (raw_points if isinstance(raw_points, list) else ()):
            point = _point(raw)
            if point is None:
                bad += 1
            else:
                points.append(point)
        bad += sum(not isinstance(data.get(name), kind) for name, kind in
                   (("records", dict), ("boodle", dict), ("chips_over_time", list)))
        raw_counted = data.get("counted", [])  # files from before it count none
        counted = [item for item in raw_counted if isinstance(item, str) and 0 < len(item) <= MAX_ID] \
            if isinstance(raw_counted, list) else []
        bad += len(raw_counted) - len(counted) if isinstance(raw_counted, list) else 1
        return cls(**figures, records=records, boodle=boodle, chips_over_time=points,
                   counted=counted[-COUNTED_KEPT:]), bad

    def to_json(self) -> str:
        """The statistics as one JSON text."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Statistics:
        """Statistics from `to_json` text; ValueError if it is not that."""
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as error:
            raise ValueError(f"the statistics could not be read: {error.msg}") from None
        except RecursionError:
            raise ValueError("the statistics could not be read: nested too deeply") from None


def _as_event(event: Event | dict[str, Any] | str) -> Event:
    """An engine event, whichever way it came; EventDataError (a ValueError) if it is not one."""
    if isinstance(event, str):
        return event_from_data(json.loads(event))
    if isinstance(event, dict):
        return event_from_data(event)
    return event


_FIGURES = ("sessions", "sessions_won", "deals_played", "deals_won", "biggest_pot", "longest_run")
_TAKEN_BACK = ("taken_back_sessions", "taken_back_won", "decisions_taken_back")
_RECORD_FIELDS = ("sessions", "ahead", "behind", "level", "chips_won", "chips_lost")


def _count(value: Any, low: int = 0) -> int | None:
    """`value` if it is a whole number (not a bool) from `low` to MAX_COUNT, else None."""
    return value if type(value) is int and low <= value <= MAX_COUNT else None


def _point(raw: Any) -> ChipPoint | None:
    """A chart point [session, deal, chips] from a file, or None when it is not one."""
    if not isinstance(raw, list) or len(raw) != 3:
        return None
    session, deal, chips = _count(raw[0]), _count(raw[1]), _count(raw[2], -MAX_COUNT)
    if session is None or deal is None or chips is None:
        return None
    return ChipPoint(session, deal, chips)
