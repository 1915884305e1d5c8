"""The session at a table, without a window: the engine, the characters and their thinking, the time limit,
and the snapshot that lets a kept session be picked up exactly where it was left.

Seat 0 is the human (when its character is None); the controller hands the human's decisions to whoever
asks (`advance` returns a `HumanTurn`) and takes the answer with `submit`. Other seats are characters: a
character's decision is worked out on a worker thread (`OnWorker`) while the table shows them thinking for
their think time, then applied. Decisions are still made one at a time and each from its character's own
random stream, so a session plays exactly as it would headless; a snapshot keeps every action applied and
where each stream stood, and the engine being deterministic, replaying the actions rebuilds the session.
In free play the player may take back their decisions of the deal in play made since its cards were dealt
(`take_back`; never a stake, made before the hand is seen): the table is laid again the same way, with the
characters' streams as they stood when that decision was asked.
"""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...ai.character import CharacterAgent, is_saved_state
from ...ai.registry import load_character_by_id
from ...ai.seats import SeatSpec
from ...ai.worker import OnWorker
from ...campaign.origin import FreePlay, TableOrigin, kept_as, origin_of
from ...campaign.scores import MAX_HINTS
from ...engine import errors
from ...engine.charm_play import PRIVATE
from ...engine.charms import CharmSpec
from ...engine.decisions import Action, CharmAction, Decision, action_from_data, action_to_data
from ...engine.errors import IllegalActionError
from ...engine.events import Event
from ...engine.rules import RuleSet
from ...engine.session import SeatInfo, Session
from ...engine.view import PlayerView
from ...locale import tr
from ...storage.door import finite_number, whole_number
from .take_back import Asked, Streams, TakeBacks, restore_streams

SNAPSHOT_VERSION = 1
STAKE_THINK = 0.35  # staking (and weighing a charm) is quick: a character takes this share of their think time


def think_seconds(drawn: float, decision: Decision, share: float = 1.0) -> float:
    """The seconds (at speed 1) the table shows a character thinking over `decision`, from the time `drawn` from
    their range and the `share` the table's pace gives this decision (the director's `think_share`)."""
    return drawn * (STAKE_THINK if decision.kind in ("stake", "charm") else 1.0) * share
HUMAN = 0


@dataclass(frozen=True)
class HumanTurn:
    """The human must decide: the decision and what they may see of the table."""

    decision: Decision
    view: PlayerView


@dataclass(frozen=True)
class Played:
    """A character's decision was applied: the events it set off."""

    events: list[Event]


@dataclass(frozen=True)
class Refused:
    """An answer the engine refused, and which rule refused it ("lead", "stake", ...)."""

    kind: str


Step = HumanTurn | Played | Refused | None  # None: nobody to wait for, or a character still thinking


@dataclass(frozen=True)
class SnapshotText:
    """A snapshot's JSON text in parts: everything but the actions, and the first `count` actions' texts (the
    list only grows, so its first `count` stay as they were)."""

    head: str
    action_texts: list[str]
    count: int

    def __str__(self) -> str:
        actions = ",".join(self.action_texts[:self.count])
        return f'{self.head[:-1]},"actions":[{actions}]}}'


@dataclass(frozen=True)
class SnapshotSetup:
    """What a snapshot says, every value checked: the table to lay and the actions to replay on it."""

    rules: RuleSet
    seats: list[SeatSpec]
    seed: int
    actions: list[Action]
    time_limit_s: float | None
    elapsed_s: float
    agent_states: list[Any] | None
    session_id: str
    taken_back: int = 0  # the player's decisions taken back in this session (older snapshots: none)
    end_deal: int | None = None  # the deal in play when the session's end was asked for (the time was up)
    hints: int = 0  # the hints the player asked in this session (older snapshots: none)
    hinted: int = -1  # the decision (by its action's index) the latest hint was asked at: asked again, it is free
    charms: tuple[tuple[CharmSpec, ...], ...] | None = None  # R31: each seat's charms (older snapshots: none)


def read_snapshot(snapshot: Any) -> SnapshotSetup:
    """A snapshot's parts, each value checked before it is used (no replay: cheap); ValueError saying what is
    wrong when they cannot make a table."""
    try:
        return _read_snapshot(snapshot)
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise ValueError(f"a table snapshot with a part missing or of the wrong kind ({error!r})") from error


def snapshot_problem(snapshot: Any) -> str | None:
    """Why a kept snapshot could not make a table (a sentence for the player), or None when it could: every
    value checked and every action replayed, as Continue would."""
    try:
        TableController.from_snapshot(snapshot)
    except ValueError as error:
        return tr("storage.why.not_resumable", error=error)
    return None


def _read_snapshot(snapshot: Any) -> SnapshotSetup:
    if not isinstance(snapshot, dict) or snapshot.get("version") != SNAPSHOT_VERSION:
        raise ValueError("unknown table snapshot version")
    rules = RuleSet.from_settings(snapshot["rules"])
    seats: list[SeatSpec] = []
    for seat in snapshot["seats"]:
        name, character_id = seat["name"], seat.get("character")
        if not isinstance(name, str) or not (character_id is None or isinstance(character_id, str)):
            raise ValueError("a seat of the snapshot is not a name and a character")
        seats.append((name, None if character_id is None else load_character_by_id(character_id)))
    seed = whole_number(snapshot["seed"])
    if seed is None:
        raise ValueError("the snapshot's seed is not a whole number")
    raw_limit = snapshot.get("time_limit_s")
    limit = None if raw_limit is None else finite_number(raw_limit, 0.0, math.inf)
    elapsed = finite_number(snapshot.get("elapsed_s", 0.0), 0.0, math.inf)
    if (raw_limit is not None and not limit) or elapsed is None:  # a limit of 0 is none a table can play to
        raise ValueError("the snapshot's time limit or time played is not a time")
    agents = snapshot.get("agents")
    if not (agents is None or isinstance(agents, list) and len(agents) == len(seats)
            and all(state is None or is_saved_state(state) for state in agents)):
        raise ValueError("the saved characters do not match the seats")
    if not isinstance(snapshot["actions"], list):
        raise ValueError("the snapshot's actions are not a list")
    actions = [action_from_data(a) for a in snapshot["actions"]]
    named = snapshot.get("session_id")  # older snapshots have none: their seed and origin name them
    session_id = named if isinstance(named, str) and 0 < len(named) <= 80 else f"{seed}-{snapshot.get('campaign_slot')}"
    taken_back = whole_number(snapshot.get("taken_back", 0), 0)
    if taken_back is None:
        raise ValueError("the snapshot's count of decisions taken back is not a whole number")
    end_deal = snapshot.get("end_deal")
    if end_deal is not None and whole_number(end_deal, 1) is None:
        raise ValueError("the snapshot's deal at which its end was asked for is not a deal")
    hints = whole_number(snapshot.get("hints", 0), 0, MAX_HINTS)
    hinted = whole_number(snapshot.get("hinted", -1), -1)
    if hints is None or hinted is None:
        raise ValueError("the snapshot's count of hints asked is not a whole number")
    raw_charms = snapshot.get("charms")
    charms = None if raw_charms is None else tuple(tuple(CharmSpec.from_data(spec) for spec in seat)
                                                   for seat in raw_charms)
    return SnapshotSetup(rules, seats, seed, actions, limit, elapsed, agents, session_id, taken_back, end_deal,
                         hints, hinted, charms)


def illegal_kind(error: IllegalActionError) -> str:
    """Which rule refused an action, from the engine error's class (its text is for programmers)."""
    for kind, cls in (("turn", errors.NotYourDecisionError), ("stake", errors.IllegalStakeError),
                      ("lead", errors.IllegalLeadError), ("buy", errors.IllegalBuyError),
                      ("over", errors.SessionOverError)):
        if isinstance(error, cls):
            return kind
    return "other"


class TableController:
    """A session of Newmarket with its seats; seat 0 is the human unless it has a character (a watched table)."""

    def __init__(self, rules: RuleSet, seats: Sequence[SeatSpec], seed: int, *, time_limit_s: float | None = None,
                 origin: TableOrigin | None = None, replay: Sequence[Action] = (), elapsed: float = 0.0,
                 agent_states: Sequence[Any] | None = None, session_id: str | None = None,
                 taken_back: int = 0, end_deal: int | None = None, hints: tuple[int, int] = (0, -1),
                 charms: Sequence[Sequence[CharmSpec]] | None = None) -> None:
        if not 3 <= len(seats) <= 8:
            raise ValueError(f"a table seats 3 to 8 players, not {len(seats)}")
        if any(character is None for _, character in seats[1:]):
            raise ValueError("only seat 0 may be the human (character None)")
        self.rules = rules
        self.charms = None if charms is None or not any(charms) else tuple(tuple(seat) for seat in charms)  # R31
        # the session's own name, kept in its snapshot: its end is recorded once, however often it comes back
        self.session_id = session_id or f"{seed}-{uuid.uuid4().hex[:16]}"
        self.seats: list[SeatSpec] = list(seats)
        self.seed = seed
        self.origin: TableOrigin = origin if origin is not None else FreePlay()
        self.time_limit_s = time_limit_s
        self.elapsed = elapsed
        self.human_seat: int | None = HUMAN if seats[0][1] is None else None
        self._infos = [SeatInfo(name, "human" if character is None else "ai",
                                None if character is None else character.id) for name, character in seats]
        # A resumed session's characters take up their decision streams where the save left them, so the
        # rest plays out as it would have; a save without them gives fresh streams rather than replayed ones.
        salt = f":{len(replay)}" if replay and agent_states is None else ""
        self.agents: list[CharacterAgent | None] = [
            None if character is None else CharacterAgent(character, f"{seed}:{seat}{salt}")
            for seat, (_, character) in enumerate(seats)]
        for agent in self.agents:
            if agent is not None:
                agent.meet([character for _, character in seats], rules)
        if agent_states is not None:
            if len(agent_states) != len(self.agents):
                raise ValueError("the saved characters do not match the seats")
            for agent, state in zip(self.agents, agent_states):
                if agent is not None:
                    agent.restore_saved(state)
        self._agent_states = [None if agent is None else agent.saved_state() for agent in self.agents]
        # the deal in play when the end was asked for (the time was up): the replay asks for it again there, so a
        # kept session rebuilt ends as it did, not in a deal it never played
        self.end_deal = end_deal
        self.turn: tuple[str, int] | None = None  # the decision waited for (its kind) and whose it is
        self._thinking: tuple[OnWorker[Action], float] | None = None  # the decision worked out, and time left
        self.taken_back = taken_back  # the player's decisions taken back in this session
        # the hints asked in this session, and the decision (its action's index) the latest was asked at: kept in
        # the snapshot, so a crash and Continue cannot wash them out of the daily's or the road's score
        self.hints, self.hinted = hints
        self.take_backs = TakeBacks()
        events = self._lay(replay)
        self.opening: list[Event] = [] if replay else list(events)  # what a new table presents first

    def _lay(self, replay: Sequence[Action]) -> list[Event]:
        """Lay the session from its seed and replay `replay` on it; the events of its start."""
        self.session = Session(self.rules, self._infos, self.seed, self.charms)
        # new lists, not emptied ones: a snapshot text still waiting to be written reads the old
        self.actions: list[Action] = []
        self._action_texts: list[str] = []  # each action's JSON, made once: a snapshot never re-encodes the session
        events = self.session.start()
        self.log: list[Event] = list(events)  # the whole session, for the player's statistics at its end
        for action in replay:
            self._ask_for_the_end()
            self.log += self.session.apply(action)
            self._took(action)
        self._ask_for_the_end()
        return events

    def _ask_for_the_end(self) -> None:
        """Ask the engine for the session's end once the deal it was asked for in is in play (the engine reads
        the request only as a deal is settled, so asking at any moment of that deal is the same)."""
        if self.end_deal is not None and self.session.deal_number >= self.end_deal:
            self.session.request_end()

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> TableController:
        """The table of a `snapshot()`, with the session replayed to exactly where it was (ValueError if the
        snapshot is not one, or its actions are not lawful)."""
        setup = read_snapshot(snapshot)

        def table(end_deal: int | None) -> TableController:
            return cls(setup.rules, setup.seats, setup.seed, time_limit_s=setup.time_limit_s,
                       origin=origin_of(snapshot.get("campaign_slot")), replay=setup.actions,
                       elapsed=setup.elapsed_s, agent_states=setup.agent_states, session_id=setup.session_id,
                       taken_back=setup.taken_back, end_deal=end_deal, hints=(setup.hints, setup.hinted),
                       charms=setup.charms)
        laid = table(setup.end_deal)
        deal = snapshot.get("deal")
        if snapshot.get("over") is True and not laid.over and setup.end_deal is None and whole_number(deal, 1):
            # kept by a version that did not say when the end was asked for: an ended session kept at deal N
            # whose replay goes on past it had its end asked for in deal N (its time was up)
            laid = table(deal)
        return laid

    def snapshot(self) -> dict[str, Any]:
        """What is needed to resume: rules, seats, seed and every action applied (the engine is deterministic)."""
        return {**self._snapshot_head(), "actions": [action_to_data(a) for a in self.actions]}

    def snapshot_text(self) -> SnapshotText:
        """`snapshot()` as compact JSON text, put together only when written (`str()`), without encoding the
        session's actions again: this costs the same at any deal of a session."""
        head = json.dumps(self._snapshot_head(), ensure_ascii=False, separators=(",", ":"))
        return SnapshotText(head, self._action_texts, len(self._action_texts))

    def _snapshot_head(self) -> dict[str, Any]:
        """Everything of the snapshot but the actions."""
        kept = kept_as(self.origin)
        return {**({} if kept is None else {"campaign_slot": kept}), "version": SNAPSHOT_VERSION,
                "session_id": self.session_id,
                "rules": self.rules.settings(),
                "seats": [{"name": name, "character": None if character is None else character.id}
                          for name, character in self.seats],
                "seed": self.seed, "agents": list(self._agent_states),
                "time_limit_s": self.time_limit_s, "elapsed_s": round(self.elapsed, 3),
                "deal": self.session.deal_number, "taken_back": self.taken_back,
                "hints": self.hints, "hinted": self.hinted,
                **({} if self.end_deal is None else {"end_deal": self.end_deal}),
                **({} if self.charms is None else {"charms": [[spec.to_data() for spec in seat]
                                                               for seat in self.charms]}),
                **({"over": True} if self.session.over else {})}  # an end the next start may have to record

    def _took(self, action: Action) -> None:
        """Remember an applied action (and its JSON, for the snapshots)."""
        self.actions.append(action)
        self._action_texts.append(json.dumps(action_to_data(action), ensure_ascii=False, separators=(",", ":")))

    @property
    def over(self) -> bool:
        """True once the session has ended."""
        return self.session.over

    @property
    def thinking(self) -> bool:
        """True while a character works out or mulls over a decision."""
        return self._thinking is not None

    # --- time -----------------------------------------------------------------------------------

    @property
    def end_requested(self) -> bool:
        """True once the session's end was asked for (it ends with the deal in play)."""
        return self.end_deal is not None

    def count_time(self, dt: float) -> bool:
        """Count `dt` seconds of play against the time limit; True when the limit is reached just now."""
        if self.time_limit_s is None or self.end_requested or self.over:
            return False
        self.elapsed += dt
        return self.elapsed >= self.time_limit_s and self.end_now()

    def time_is_up(self) -> bool:
        """True when a resumed session had already used its time, ending with the deal in play (its end asked
        for already, or now): news to the player sitting down at it again."""
        if self.over:
            return False
        if self.end_requested:
            return True
        return self.time_limit_s is not None and self.elapsed >= self.time_limit_s and self.end_now()

    def end_now(self) -> bool:
        """End the session with the deal in play (the time is up); True when that is news."""
        if self.end_requested:
            return False
        self.end_deal = self.session.deal_number
        self.session.request_end()
        return True

    # --- decisions ------------------------------------------------------------------------------

    def advance(self, dt: float, speed: float, think_share: Callable[[Decision], float] | None = None) -> Step:
        """Wait for the pending decision: the human's is handed back; a character thinks (for the `think_share`
        of their drawn time the table gives the decision), then answers."""
        decision = self.session.pending()
        if decision is None:
            self.turn = None
            return None
        seat = decision.player
        self.turn = (decision.kind, seat)
        if seat == self.human_seat:
            self.take_backs.asked(len(self.actions), self.session.deal_number, decision, self._streams)
            return HumanTurn(decision, self.session.view(seat))
        instant = math.isinf(speed)
        if self._thinking is None:
            agent = self.agents[seat]
            assert agent is not None
            think = think_seconds(agent.think_time(), decision, 1.0 if think_share is None else think_share(decision))
            view = self.session.view(seat)
            thought = OnWorker(lambda: agent.decide(view, decision), name="newmarket-thinking", threaded=not instant)
            self._thinking = (thought, think)
            return None
        thought, left = self._thinking
        left = 0.0 if instant else left - dt * speed
        if instant:
            thought.wait()
        if left > 0 or not thought.ready:
            self._thinking = (thought, max(0.0, left))
            return None
        self._thinking = None
        return self.submit(thought.result())

    def finish_thinking(self) -> None:
        """Wait until the character thinking has made their decision (it is still answered in the table's own
        time): pictures and tests then see the same frames however fast the machine is."""
        if self._thinking is not None:
            self._thinking[0].wait()

    def hurry(self) -> None:
        """A character thinking answers as soon as their decision is made."""
        if self._thinking is not None:
            self._thinking = (self._thinking[0], 0.0)

    def submit(self, action: Action) -> Played | Refused:
        """Apply an answer to the pending decision: the events it set off, or which rule refused it."""
        try:
            events = self.session.apply(action)
        except IllegalActionError as error:
            return Refused(illegal_kind(error))
        self._took(action)
        self.log += events
        agent = self.agents[action.player]
        if agent is not None:  # its stream has moved on by exactly this decision
            self._agent_states[action.player] = agent.saved_state()
        self.turn = None
        return Played(events)

    def human_view(self) -> PlayerView:
        """What the human's seat (or seat 0 at a watched table) may see."""
        return self.session.view(self.human_seat if self.human_seat is not None else 0)

    def count_hint(self) -> bool:
        """The player asked the hint at the decision in hand: count it, once a decision (asked again to see it
        again, it is not counted again); True when it was counted."""
        if self.hinted == len(self.actions):
            return False
        self.hints += 1
        self.hinted = len(self.actions)
        return True

    # --- taking back (free play) ----------------------------------------------------------------

    def _streams(self) -> Streams:
        """Each seat's character's streams as they stand (None for the player's seat)."""
        return tuple(None if agent is None else agent.streams() for agent in self.agents)

    def _asked_before(self) -> Asked | None:
        """The player's latest decision of the deal in play before the one waited for (only in free play, and only
        while the player is the one to decide), whatever they have seen since."""
        decision = self.session.pending()
        if not isinstance(self.origin, FreePlay) or decision is None or decision.player != self.human_seat \
                or self._thinking is not None:
            return None
        return self.take_backs.before(len(self.actions), self.session.deal_number)

    def _to_take_back(self) -> Asked | None:
        """The player's decision a take back would return to: the one before, unless a charm has shown them hidden
        cards since."""
        asked = self._asked_before()
        return None if asked is None or self.saw_since(asked.index) else asked

    def peek_kept(self) -> bool:
        """True when a take back is refused only because it would unsee what a charm showed the player."""
        asked = self._asked_before()
        return asked is not None and self.saw_since(asked.index)

    def saw_since(self, index: int) -> bool:
        """True when the player has used a charm since action `index` that showed them hidden cards (R32, R33):
        what a peek or a swap showed cannot be unseen, so no take back returns to before it."""
        seat = self.human_seat
        if self.charms is None or seat is None:
            return False
        held = {spec.id: spec.effect for spec in self.charms[seat]}
        return any(isinstance(action, CharmAction) and action.player == seat and action.use is not None
                   and held.get(action.use.charm) in PRIVATE for action in self.actions[index:])

    def to_take_back(self) -> tuple[Decision, Action] | None:
        """The decision a take back would return to and the player's answer to it that it undoes, if any."""
        asked = self._to_take_back()
        return None if asked is None else (asked.decision, self.actions[asked.index])

    def take_back(self) -> bool:
        """Return to the player's latest earlier decision of the deal in play: the session laid again from the
        seed and the actions before it, each character's streams as they stood when it was asked; False when
        there is none to return to."""
        asked = self._to_take_back()
        if asked is None:
            return False
        self._lay(self.actions[:asked.index])  # the end, if asked for, is asked for again as it was
        restore_streams(self.agents, asked.streams)
        self._agent_states = [None if agent is None else agent.saved_state() for agent in self.agents]
        self.take_backs.back_to(asked)
        self.taken_back += 1
        self.turn = None
        return True
