"""R31 in a log: each `charm` event checked against the charms its seat holds (session_start's `charms`), the moment
it came at, the uses each charm allows, and the shape its effect gives the event.

The charms are read from the charm files by id (`config/charms/`): a log naming a charm no file gives is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import ConfigError, load_charms
from ..engine.charms import CharmSpec
from ..engine.events import Charm, Event, Play, SessionStart, Stop

# The phases of the order (order.py) each moment may come in.
MOMENT_PHASES = {"after_deal": ("dealt",), "stop": ("stopped",), "lead": ("stopped",), "follow": ("run", "hit"),
                 "hit": ("hit",)}
# How many cards each effect's event names (low, high; peek_dead's high is its parameter).
CARD_COUNTS = {"peek_dead": (1, 13), "swap_dead": (2, 2), "move_stake": (1, 1), "make_stop": (1, 1),
               "lead_any": (1, 1), "block_follow": (1, 1), "take_lead": (1, 1), "hit_again": (0, 0)}


@dataclass
class CharmChecks:
    """What a log's charms allow, and what they have used so far."""

    held: tuple[dict[str, CharmSpec], ...] = ()
    used: dict[tuple[int, str], int] = field(default_factory=dict)  # this session
    dealt: set[tuple[int, str]] = field(default_factory=set)  # this deal
    expect: Charm | None = None  # a charm whose next event must be its lead, or its stop

    def start(self, event: SessionStart) -> list[str]:
        """The charms session_start gives each seat; a sentence for each that cannot be."""
        self.held, self.used, self.dealt, self.expect = (), {}, set(), None
        if not event.charms:
            return []
        if len(event.charms) != len(event.players):
            return [f"session_start gives charms to {len(event.charms)} seats at a table of {len(event.players)}"]
        try:
            known = load_charms()
        except ConfigError as error:
            return [f"the charm files have problems: {error.problems[0]}"]
        problems = [f"session_start gives seat {seat} the charm {charm_id}, which no charm file gives"
                    for seat, ids in enumerate(event.charms) for charm_id in ids if charm_id not in known]
        self.held = tuple({charm_id: known[charm_id] for charm_id in ids if charm_id in known}
                          for ids in event.charms)
        return problems

    def new_deal(self) -> None:
        """A deal begins: once-a-deal charms are ready again."""
        self.dealt.clear()
        self.expect = None

    def follows(self, event: Event) -> None:
        """ValueError unless `event` is what the charm just used must be followed by."""
        charm, self.expect = self.expect, None
        if charm is None:
            return
        if charm.effect == "block_follow":
            if not isinstance(event, Stop) or event.reason != "declined":
                raise ValueError(f"{charm.charm} (block_follow) must be followed by its stop (reason: declined), "
                                 f"not {event.type}")
        elif not (isinstance(event, Play) and event.lead and event.player == charm.player
                  and event.card == charm.cards[0]):
            raise ValueError(f"{charm.charm} ({charm.effect}) must be followed by seat {charm.player}'s lead of "
                             f"{charm.cards[0]}")

    def check(self, event: Charm, phase: str, last_player: int | None) -> None:
        """ValueError unless the seat holds the charm, may use it now, has a use left, and the event has the shape
        of its effect."""
        seat, charm_id = event.player, event.charm
        spec = self.held[seat].get(charm_id) if seat < len(self.held) else None
        if spec is None:
            raise ValueError(f"seat {seat} uses the charm {charm_id}, which session_start does not give them")
        if event.effect != spec.effect:
            raise ValueError(f"{charm_id}'s effect is {spec.effect}, not {event.effect}")
        if phase not in MOMENT_PHASES[spec.when] or (spec.when == "hit" and last_player != seat):
            raise ValueError(f"{charm_id} is used {spec.when}, and cannot be used here (the log is {phase})")
        key = (seat, charm_id)
        if self.used.get(key, 0) >= spec.session_uses or (spec.per_deal and key in self.dealt):
            allowed = "once a deal" if spec.per_deal else f"{spec.session_uses} times a session"
            raise ValueError(f"seat {seat} uses {charm_id} more often than it allows ({allowed})")
        if event.pot != spec.fee:
            raise ValueError(f"{charm_id} costs {spec.fee} chips, not {event.pot}")
        low, high = CARD_COUNTS[spec.effect]
        if spec.effect == "peek_dead":
            high = spec.param("cards")
        if not low <= len(event.cards) <= high or (spec.effect == "hit_again") != bool(event.payments) or (
                spec.effect == "move_stake") != bool(event.boodle):
            raise ValueError(f"{charm_id}'s event does not have the shape of {spec.effect}")
        self.used[key] = self.used.get(key, 0) + 1
        self.dealt.add(key)
        if spec.effect in ("block_follow", "lead_any", "take_lead"):
            self.expect = event
