"""Charms (R31-R39): rules for one seat, as values: the effects the engine knows, when each may be used, and how often.

A charm file (config/charms/) names one effect of `EFFECTS`, one of the moments that effect allows (`when`), its
uses (`session`: once a session; `deal`: once a deal; a number: that many times a session), the effect's
parameters and a fee (chips into the pot at each use, 0 by default). The engine never reads a file: a `Session`
is handed each seat's `CharmSpec`s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .rules import RuleSet

CHARM_ID = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")
USES_WORDS = ("session", "deal")
MAX_USES = 20
MAX_FEE = 20

# The moments a charm may be used at (R31), in the order of a deal.
MOMENTS = ("after_deal", "stop", "lead", "follow", "hit")


@dataclass(frozen=True)
class Param:
    """One parameter of an effect: its range and default."""

    low: int
    high: int
    default: int


@dataclass(frozen=True)
class Effect:
    """One word of the effects' vocabulary: the moments it may be used at, its parameters and its rule."""

    word: str
    moments: tuple[str, ...]
    params: tuple[tuple[str, Param], ...]
    rule: str


EFFECTS: dict[str, Effect] = {effect.word: effect for effect in (
    Effect("peek_dead", ("after_deal", "stop"), (("cards", Param(1, 13, 3)),), "R32"),
    Effect("swap_dead", ("after_deal",), (), "R33"),
    Effect("move_stake", ("after_deal",), (), "R34"),
    Effect("make_stop", ("after_deal", "stop"), (), "R35"),
    Effect("lead_any", ("lead",), (), "R36"),
    Effect("block_follow", ("follow",), (), "R37"),
    Effect("take_lead", ("stop",), (("min_hand", Param(0, 13, 0)),), "R38"),
    Effect("hit_again", ("hit",), (("per", Param(1, 20, 4)),), "R39"),
)}


@dataclass(frozen=True)
class CharmSpec:
    """One charm: its id, effect, moment, uses (`session`, `deal` or a number) and the effect's parameters."""

    id: str
    effect: str
    when: str
    uses: int | str = "session"
    params: tuple[tuple[str, int], ...] = ()
    fee: int = 0  # chips the holder pays into the pot at each use

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise ValueError(f"charm {self.id!r}: " + "; ".join(f"{key}: {why}" for key, why in problems))

    def problems(self) -> list[tuple[str, str]]:
        """Every (key, why) this charm breaks R31 by, in English for programmers (files say it in every language)."""
        found: list[tuple[str, str]] = []
        if not isinstance(self.id, str) or not CHARM_ID.match(self.id):
            found.append(("id", f"must be a lower-case word like peek, got {self.id!r}"))
        effect = EFFECTS.get(self.effect)
        if effect is None:
            found.append(("effect", f"must be one of {', '.join(EFFECTS)}, got {self.effect!r}"))
        elif self.when not in effect.moments:
            found.append(("when", f"{self.effect} may be used {' or '.join(effect.moments)}, got {self.when!r}"))
        if not (self.uses in USES_WORDS or (type(self.uses) is int and 1 <= self.uses <= MAX_USES)):
            found.append(("uses", f"must be session, deal or 1 to {MAX_USES}, got {self.uses!r}"))
        if type(self.fee) is not int or not 0 <= self.fee <= MAX_FEE:
            found.append(("fee", f"must be 0 to {MAX_FEE}, got {self.fee!r}"))
        if effect is not None:
            declared = dict(effect.params)
            for name, value in self.params:
                param = declared.get(name)
                if param is None:
                    found.append((f"params.{name}", f"{self.effect} has no parameter {name}"))
                elif type(value) is not int or not param.low <= value <= param.high:
                    found.append((f"params.{name}", f"must be {param.low} to {param.high}, got {value!r}"))
        return found

    def param(self, name: str) -> int:
        """The value of one of the effect's parameters (its default when the file leaves it out)."""
        for key, value in self.params:
            if key == name:
                return value
        return dict(EFFECTS[self.effect].params)[name].default

    def idle_at(self, rules: RuleSet, players: int) -> str | None:
        """Why the charm can never be used at a full table of `players` seats under `rules` (`follow`, `switch`,
        `piles` or `hand`: nothing for its effect to do there), or None when it may be."""
        if self.effect == "block_follow" and rules.follow != "compulsory":  # R37: an optional follow needs no block
            return "follow"
        if self.effect == "lead_any" and not rules.switch_suit:  # R36: with no switch, every suit may be led
            return "switch"
        if self.effect == "move_stake" and (rules.ante_boodle <= 0 or len(rules.boodle_cards) < 2):  # R34
            return "piles"
        if self.effect == "take_lead":  # R38: the biggest hand dealt must reach `min_hand`
            biggest = -(-(52 - len(rules.removed_cards)) // (players + 1))
            if biggest < self.param("min_hand"):
                return "hand"
        return None

    def acts_under(self, rules: RuleSet, players: int) -> bool:
        """True when the charm may be used at some moment at a full table of `players` seats under `rules` (so a
        road, the daily deal and a new table deal it there)."""
        return self.idle_at(rules, players) is None

    @property
    def per_deal(self) -> bool:
        """True for a charm used at most once a deal, any number of deals."""
        return self.uses == "deal"

    @property
    def session_uses(self) -> int:
        """How many times a session the charm may be used (once a deal: as many as there are deals)."""
        return 1 if self.uses == "session" else self.uses if type(self.uses) is int else 1 << 30

    def to_data(self) -> dict[str, Any]:
        """The charm as JSON-ready data (a kept session keeps the charms it was played with)."""
        return {"id": self.id, "effect": self.effect, "when": self.when, "uses": self.uses,
                "params": dict(self.params), "fee": self.fee}

    @classmethod
    def from_data(cls, data: Any) -> CharmSpec:
        """The charm `to_data` wrote; ValueError if `data` is not one."""
        try:
            params = data.get("params") or {}
            return cls(data["id"], data["effect"], data["when"], data["uses"],
                       tuple((str(name), value) for name, value in params.items()), data.get("fee", 0))
        except (AttributeError, KeyError, TypeError) as error:
            raise ValueError(f"not a kept charm: {data!r} ({error})") from None


def charm_ids(charms: tuple[tuple[CharmSpec, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Each seat's charm ids, as `session_start` logs them."""
    return tuple(tuple(spec.id for spec in seat) for seat in charms)
