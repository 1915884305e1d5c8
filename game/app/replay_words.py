"""A kept log in words: each seat by its one name, and a replay's events told by the table's own deal log
(`table/deal_log.py`), so the replay cannot say a moment differently from the table: the deal so far, the lines
the event at the cursor added, and the deal's stops with the table's reasons. Only what the table's log never
tells (the players sitting down, each stake, a deal settled) has words of the replay's own. No pygame."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..ai.registry import load_character_by_id
from ..engine.combinations import Pile
from ..engine.events import BoodleWon, DealEnd, DealStart, Event, SessionStart, Stake, Stop
from ..locale import tr
from ..locale.cards import pile_label
from ..locale.names import seat_name
from ..replay import Replay
from ..review.walk import player_seat
from .table.deal_log import LogLine, current_deal, deal_log_lines
from .table.model import stop_reason


def shipped_character(character_id: str | None) -> Any:
    """The character a log's seat names, or None (a built-in AI, or a character since removed)."""
    if character_id is None:
        return None
    try:
        return load_character_by_id(character_id)
    except Exception:  # noqa: BLE001 - whatever is wrong with that file, the log's own name stands in
        return None


def logged_name(name: str, character_id: str | None = None) -> str:
    """A seat of a log by its one name in the current language (`seat_name`): the log keeps the name the seat sat
    under (English) and its character's id, which finds the character's name tag."""
    return seat_name(shipped_character(character_id), name)


def logged_names(start: SessionStart | None) -> tuple[str, ...]:
    """Each seat of a log's session_start by its one name, in the current language."""
    players = start.players if start is not None else ()
    return tuple(logged_name(str(player.get("name", tr("replay.seat", number=seat + 1))),
                             personality if isinstance(personality := player.get("personality"), str) else None)
                 for seat, player in enumerate(players))


def session_start(replay: Replay) -> SessionStart | None:
    """The replay's session_start (its first event, in a checked log)."""
    first = replay.steps[0].event if replay.steps else None
    return first if isinstance(first, SessionStart) else None


def replay_human(replay: Replay) -> int | None:
    """The seat the log says is the player's (None: a watched table, or a simulated one)."""
    start = session_start(replay)
    return player_seat(start) if start is not None else None


def optional_follow(replay: Replay) -> bool:
    """Whether the log's rules let a player decline to follow (a stop's reason is then told as the table tells it)."""
    return replay.rules is not None and replay.rules.follow == "optional"


def replay_log(replay: Replay, position: int, names: Sequence[str]) -> list[LogLine]:
    """The deal at `position` as the table's deal log tells it up to there, the player's seat (the one the log
    says is theirs) as "you" and the others by `names`."""
    since = deal_since(replay, position)
    steps = replay.steps[since:position + 1]
    piles: dict[Pile, Pile] = {pile: pile for pile in replay.rules.combinations} if replay.rules is not None else {}

    def name(seat: int) -> object:
        return names[seat] if 0 <= seat < len(names) else tr("replay.seat", number=seat + 1)
    lines = deal_log_lines([named(step.event, piles) for step in steps], replay_human(replay), name,
                           optional_follow(replay), paid_to_dealer=bool(steps) and steps[-1].state.paid_to_dealer)
    return [replace(line, at=line.at + since) for line in lines]


def deal_since(replay: Replay, position: int) -> int:
    """Where the events the deal log needs for the deal at `position` begin: the end of the deal before (for the
    boodle it carried), else the log's start (a long session is not told from its start at every step)."""
    steps = replay.steps
    start = next((i for i in range(min(position, len(steps) - 1), -1, -1) if isinstance(steps[i].event, DealStart)),
                 0)
    return next((i for i in range(start - 1, -1, -1) if isinstance(steps[i].event, DealEnd)), 0)


def named(event: Event, piles: dict[Pile, Pile]) -> Event:
    """`event` with its combinations (R30) under the names `piles` (the log's rules) give them, as the table has
    them: the log keys a combination by its cards alone."""
    match event:
        case Stake(boodle=staked):
            return event._replace(boodle=tuple((piles.get(pile, pile), chips) for pile, chips in staked))
        case DealEnd(boodle=carried):
            return event._replace(boodle=tuple((piles.get(pile, pile), chips) for pile, chips in carried))
        case BoodleWon(card=card):
            return event._replace(card=piles.get(card, card))
    return event


@dataclass(frozen=True)
class WordsAt:
    """What the replay says at one position: the deal so far, the moment at the cursor and the deal's stops."""

    log: list[LogLine]
    moment: list[str]
    stops: list[str]


def words_at(replay: Replay, position: int, names: Sequence[str]) -> WordsAt:
    """Everything the replay says at `position`, the seats named by `names`."""
    log = replay_log(replay, position, names)
    moment = told(replay, position, names, log) if position >= 0 else [tr("replay.begins")]  # before the first
    return WordsAt(log, moment, stops_told(replay, position))


def told(replay: Replay, position: int, names: Sequence[str], log: Sequence[LogLine] | None = None) -> list[str]:
    """What the event at `position` says: the lines it added to the deal log (`log`, the deal so far there, when
    already made), else (the log tells nothing of it) the replay's own words."""
    so_far = replay_log(replay, position, names) if log is None else log
    lines = [str(line) for line in so_far if line.at == position]
    if lines or not 0 <= position < len(replay.steps):
        return lines
    own = own_words(replay.steps[position].event, replay_human(replay), names)
    return [own] if own else []


def own_words(event: Event, human: int | None, names: Sequence[str]) -> str:
    """The replay's words for what the table's log does not tell ("" for anything else)."""
    match event:
        case SessionStart():
            return tr("replay.events.session_start")
        case DealEnd():
            return tr("replay.events.deal_end")
        case Stake(player=player, pot=pot, boodle=staked):
            boodle = ", ".join(tr("replay.events.on_card", chips=n, card=pile_label(c)) for c, n in staked)
            params = {"pot": pot, "boodle": boodle or tr("replay.events.nothing_on_boodle")}
            if player == human:
                return tr("replay.events.stake.you", **params)
            name = names[player] if 0 <= player < len(names) else tr("replay.seat", number=player + 1)
            return tr("replay.events.stake.other", name=name, **params)
    return ""


def stops_told(replay: Replay, position: int) -> list[str]:
    """Why each run of the deal at `position` stopped, up to there, in the table's words ("2♥ is in the dead
    hand"), oldest first."""
    events = [step.event for step in replay.steps[deal_since(replay, position):position + 1]]
    optional = optional_follow(replay)
    return [str(stop_reason(event.after, event.reason, optional)) for event in events[current_deal(events)[0]:]
            if isinstance(event, Stop)]
