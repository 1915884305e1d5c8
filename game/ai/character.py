"""Characters: an AI opponent as its YAML file describes it, and the agent that plays as it."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    CharmAction,
    CharmDecision,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from ..engine.rules import MIN_PLAYERS, RuleSet
from ..engine.view import PlayerView
from ..locale import texts
from . import strategies as _fill_registries  # noqa: F401  (importing it registers every strategy)
from .charm_choice import LIGHT_BUDGET, CharmStyles, choose_use
from .expert.memory import Seen, SessionMemory
from .expert.opponents import models_for
from .expert.search import boodle_hit_rates
from .strategies.expert import TABLE, budget_of
from .strategy import DEAD_HAND, DEAD_HAND_BIDS, FOLLOWING, LEADING, STAKING, pass_bid

MOMENTS = ("stop", "boodle_win", "going_out", "big_loss", "win")
LEVELS = range(1, 6)  # the ladder of levels: every shipped character has one, a player's own file may not
# What the table can draw on a character's portrait disc, over their colours and initials.
PORTRAIT_STYLES = ("plain", "spectacles", "bowler", "bonnet", "mortarboard", "flat_cap", "top_hat", "monocle",
                   "eyeshade", "headscarf", "beard", "curls", "crown")


@dataclass(frozen=True)
class StrategyChoice:
    """A strategy named by a character file, with the parameters it gives it."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Look:
    """How the table draws a character: colours as #rrggbb, initials, and a portrait style."""

    colour: str
    accent: str
    initials: str
    portrait: str = "plain"


@dataclass(frozen=True)
class Character:
    """An AI opponent: who they are, how they play, and what they say."""

    id: str
    name: str
    bio: str
    look: Look
    staking: StrategyChoice
    lead: StrategyChoice
    dead_hand: StrategyChoice
    follow: StrategyChoice
    think_time: tuple[float, float] = (0.4, 1.2)  # seconds, for the table's pacing
    chattiness: float = 0.5  # the chance of speaking at a moment that has lines
    lines: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mistake_rate: float = 0.0  # the chance of a random lawful choice instead of the strategy's
    level: int | None = None  # 1 (gentlest) to 5 (strongest) on the ladder of levels; None: unrated
    charms: CharmStyles = CharmStyles()  # R31: the charms it holds and how it uses them


class CharacterAgent:
    """Plays as a character: each decision goes to the strategy its file names, now and then a slip."""

    def __init__(self, character: Character, seed: int | str, *, deadline_ms: float | None = None) -> None:
        """`deadline_ms`, unless None, replaces the file's search safety net in every strategy (0: none)."""
        self.character = character
        self._rng = random.Random(f"{character.id}:{seed}")
        # pacing and talk draw from their own stream, so a windowed game decides exactly as a headless one
        self._table_rng = random.Random(f"{character.id}:{seed}:table")
        self._stake = STAKING.get(character.staking.name)
        self._lead = LEADING.get(character.lead.name)
        self._buy = DEAD_HAND.get(character.dead_hand.name)
        self._bid = DEAD_HAND_BIDS.get(character.dead_hand.name, pass_bid)
        self._follow = FOLLOWING.get(character.follow.name)
        self._stake_params = self._stake.resolved(character.staking.params)
        self._lead_params = self._lead.resolved(character.lead.params)
        self._buy_params = self._buy.resolved(character.dead_hand.params)
        self._follow_params = self._follow.resolved(character.follow.params)
        self.memory: SessionMemory | None = None  # what a searching character has seen the others do (`meet`)
        if deadline_ms is not None:
            for params in self._params():
                if "deadline_ms" in params:
                    params["deadline_ms"] = deadline_ms

    def _params(self) -> tuple[dict[str, Any], ...]:
        """The resolved parameters of each strategy: staking, lead, dead hand, follow."""
        return self._stake_params, self._lead_params, self._buy_params, self._follow_params

    @property
    def deadlines_ms(self) -> tuple[float, ...]:
        """The search's safety net of each strategy that has one, in CPU milliseconds (0: off)."""
        return tuple(float(params["deadline_ms"]) for params in self._params() if "deadline_ms" in params)

    def meet(self, table: Sequence[Character | None], rules: RuleSet | None = None) -> None:
        """Learn who sits at each seat (None: a player not known, such as the human), as the table shows everyone;
        a character whose strategies search then reads the other players' leads by their public styles, and one
        who stakes as the expert works out, before the first deal, how often each boodle card is played."""
        memory = SessionMemory(models_for([None if seat is None else (seat.lead.name, seat.lead.params,
                                                                      seat.mistake_rate) for seat in table]))
        self.memory = memory if any("time_budget_ms" in params for params in self._params()) else None
        for params in self._params():
            if "time_budget_ms" in params:
                params[TABLE] = memory
        if rules is not None and self.character.staking.name == "expert":
            # kept for the session, at every size the table may shrink to, so no stake waits for them
            for seats in range(MIN_PLAYERS, len(table) + 1):
                boodle_hit_rates(rules, seats)

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The character's answer to this decision."""
        rng = self._rng
        if isinstance(decision, CharmDecision):  # R31: by the character's style for each charm
            searching = "time_budget_ms" in self._lead_params
            budget = budget_of(self._lead_params) if searching else LIGHT_BUDGET
            return CharmAction(decision.player, choose_use(view, decision, self.character.charms, searching, budget,
                                                           rng, self.memory))
        slip = self.character.mistake_rate > 0 and rng.random() < self.character.mistake_rate
        if isinstance(decision, LeadDecision):
            if slip:
                return LeadAction(decision.player, rng.choice(decision.options))
            return LeadAction(decision.player, self._lead.function(view, decision, self._lead_params, rng))
        if isinstance(decision, StakeDecision):
            return StakeAction(decision.player, self._stake.function(view, decision, self._stake_params, rng))
        if isinstance(decision, BuyDeadDecision):
            buy = self._buy.function(view, decision, self._buy_params, rng)
            return BuyDeadAction(decision.player, (not buy) if slip else buy)
        if isinstance(decision, BidDecision):
            bid = self._bid(view, decision, self._buy_params, rng)
            return BidAction(decision.player, (0 if bid else decision.low) if slip else bid)
        assert isinstance(decision, FollowDecision)
        play = self._follow.function(view, decision, self._follow_params, rng)
        return FollowAction(decision.player, (not play) if slip else play)

    def saved_state(self) -> dict[str, Any]:
        """The decision stream and the memory of the table as plain JSON-ready data, so a saved session plays on
        exactly."""
        version, internal, gauss = self._rng.getstate()
        return {"rng": [version, list(internal), gauss],
                "memory": None if self.memory is None else self.memory.to_data()}

    def restore_saved(self, state: Any) -> None:
        """Put the decision stream and the memory back where `saved_state()` found them (an older save's bare
        stream leaves the memory fresh); ValueError if `state` is not one."""
        if is_random_state(state):  # kept before the memory was
            state = {"rng": state, "memory": None}
        if not isinstance(state, dict) or set(state) != {"rng", "memory"} or not is_random_state(state["rng"]):
            raise ValueError(f"not a saved state for {self.character.id}")
        version, internal, gauss = state["rng"]
        try:
            self._rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as error:
            raise ValueError(f"not a saved random state for {self.character.id}: {error}") from None
        if state["memory"] is not None:
            if self.memory is None:
                raise ValueError(f"{self.character.id} keeps no memory of the table")
            self.memory.from_data(state["memory"])

    def streams(self) -> tuple[Any, Any, Seen | None]:
        """Both streams as they stand, decisions and the table's pacing and talk, and the memory of the table (a
        take back puts them back)."""
        return self._rng.getstate(), self._table_rng.getstate(), None if self.memory is None else self.memory.seen

    def restore_streams(self, streams: tuple[Any, Any, Seen | None]) -> None:
        """Put both streams and the memory back where `streams()` found them."""
        self._rng.setstate(streams[0])
        self._table_rng.setstate(streams[1])
        if self.memory is not None and streams[2] is not None:
            self.memory.restore(streams[2])

    def think_time(self) -> float:
        """Seconds to wait before acting at the table, drawn from the character's range."""
        low, high = self.character.think_time
        return self._table_rng.uniform(low, high)

    def line(self, moment: str) -> str | None:
        """Something to say at this moment, or None when the character keeps quiet."""
        lines = texts.character_lines(self.character, moment)  # the current language's, as many as in English
        if not lines or self._table_rng.random() >= self.character.chattiness:
            return None
        return self._table_rng.choice(lines)


def searches(character: Character) -> bool:
    """Whether any of the character's strategies decides by the expert's search."""
    return any(registry.get(choice.name).searches for registry, choice in (
        (STAKING, character.staking), (LEADING, character.lead), (DEAD_HAND, character.dead_hand),
        (FOLLOWING, character.follow)))


def is_saved_state(state: Any) -> bool:
    """Whether `state` looks like what `saved_state()` writes, or an older save's bare stream (the memory's
    numbers are checked when it is restored)."""
    if is_random_state(state):
        return True
    return isinstance(state, dict) and set(state) == {"rng", "memory"} and is_random_state(state["rng"])


def is_random_state(state: Any) -> bool:
    """Whether `state` is a random stream as `saved_state()` writes it: a version, 625 words of 32 bits, and None
    or a number."""
    if not isinstance(state, (list, tuple)) or len(state) != 3:
        return False
    version, internal, gauss = state
    return (type(version) is int and isinstance(internal, (list, tuple)) and len(internal) == 625
            and all(type(n) is int and 0 <= n < 2 ** 32 for n in internal)
            and (gauss is None or type(gauss) is float and math.isfinite(gauss)))
