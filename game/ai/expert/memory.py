"""What the expert has seen each player do this session: the weight of each guess about them, deal by deal.

Within a deal, every sampled deal is weighed by how likely it makes the other
players' leads (`evidence`); how well each guess about a seat explained its
leads, averaged over the sampled deals, is what the deal showed of it. When the
next deal begins, that showing is settled: a guess's prior weight for the rest of
the session is its first prior times how well it explained each deal so far
(Bayes' rule, deal by deal, each deal as the search saw it at the expert's last
decision in it). A floor keeps every guess alive, since a player may change their
ways and a model is only a model.

The memory is part of the agent's state: a take back restores it with the random
streams, and a kept session saves it, so a session continued later plays on as
an unbroken one would.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .opponents import SeatModel

FLOOR = 0.02  # the least prior weight of a guess, whatever the session has shown
LEAST = -60.0  # the least log weight kept for a guess (relative to the seat's best): beyond it, the floor rules
NOTHING = 1e-12  # the least chance a deal's showing gives a guess, so a guess it ruled out can still come back

Weights = tuple[tuple[float, ...], ...]  # per seat, a number for each guess of its model (empty: a seat not read)


@dataclass(frozen=True)
class Seen:
    """The memory as plain data: each seat's log weights over the deals settled, and the deal being read now with
    what it has shown so far."""

    settled: Weights = ()
    deal: int = 0
    showing: Weights = ()


class SessionMemory:
    """The models of the players at one table, reweighed by what each has shown over the session."""

    def __init__(self, models: Sequence[SeatModel | None]) -> None:
        self.models = tuple(models)
        self.seen = Seen()
        self._weighed: tuple[Weights, tuple[SeatModel | None, ...]] = ((), self.models)

    def models_now(self, deal: int) -> tuple[SeatModel | None, ...]:
        """The models for a decision in deal `deal`: the last deal's showing settled first if this one is new."""
        if deal != self.seen.deal:
            self.seen = Seen(self._settle(), deal, ())
        settled = self.seen.settled
        if self._weighed[0] != settled:
            self._weighed = (settled, tuple(model if model is None or not weights else model.weighed(
                priors(model, weights)) for model, weights in zip(self.models, _padded(settled, self.models))))
        return self._weighed[1]

    def saw(self, deal: int, shown: Mapping[int, Sequence[float]]) -> None:
        """What the leads of deal `deal` showed of each seat's guesses at the latest decision (replacing what an
        earlier decision of the deal saw: it read fewer leads)."""
        if deal != self.seen.deal:
            self.models_now(deal)
        showing = tuple(tuple(shown[seat]) if seat in shown else () for seat in range(len(self.models)))
        self.seen = Seen(self.seen.settled, deal, showing)

    def _settle(self) -> Weights:
        """Each seat's log weights once the deal read now is added to those settled."""
        settled = []
        for model, weights, shown in zip(self.models, _padded(self.seen.settled, self.models),
                                         _padded(self.seen.showing, self.models)):
            if model is None or not shown:
                settled.append(weights)
                continue
            logs = [math.log(max(chance, NOTHING)) for chance in shown]
            total = [(weights[k] if weights else 0.0) + logs[k] for k in range(len(logs))]
            best = max(total)
            settled.append(tuple(max(LEAST, t - best) for t in total))
        return tuple(settled)

    def to_data(self) -> dict[str, Any]:
        """The memory as JSON-ready data, for a kept session."""
        return {"settled": [list(w) for w in self.seen.settled], "deal": self.seen.deal,
                "showing": [list(w) for w in self.seen.showing]}

    def restore(self, seen: Seen) -> None:
        """Put the memory back as `seen` holds it (a take back)."""
        self.seen = seen

    def from_data(self, data: Any) -> None:
        """Put the memory back as `to_data()` wrote it; ValueError if `data` is not a memory of this table."""
        if not isinstance(data, dict) or set(data) != {"settled", "deal", "showing"}:
            raise ValueError("not a saved memory of the table")
        deal = data["deal"]
        if type(deal) is not int or deal < 0:
            raise ValueError("the saved memory's deal is not a deal number")
        settled = self._weights(data["settled"], LEAST, 0.0)
        showing = self._weights(data["showing"], 0.0, 1.0)
        self.seen = Seen(settled, deal, showing)

    def _weights(self, data: Any, low: float, high: float) -> Weights:
        """Per-seat numbers from saved data, each seat's as many as its guesses (or none), within [low, high]."""
        if not isinstance(data, list) or len(data) > len(self.models):
            raise ValueError("the saved memory does not match the seats")
        weights = []
        for model, seat in zip(self.models, data):
            if not isinstance(seat, list) or seat and (model is None or len(seat) != len(model.guesses)):
                raise ValueError("the saved memory does not match the seats")
            if not all(type(w) in (int, float) and math.isfinite(w) and low <= w <= high for w in seat):
                raise ValueError("the saved memory holds a weight out of its range")
            weights.append(tuple(float(w) for w in seat))
        return tuple(weights)


def priors(model: SeatModel, weights: Sequence[float]) -> list[float]:
    """The model's first priors times each guess's settled weight, normalised, with the floor under each."""
    raw = [guess.prior * math.exp(w) for guess, w in zip(model.guesses, weights)]
    total = sum(raw)
    share = 1.0 - FLOOR * len(raw)  # FLOOR times at most the seven guesses of a player not known: well below 1
    return [FLOOR + share * r / total for r in raw]


def _padded(weights: Weights, models: Sequence[SeatModel | None]) -> Weights:
    """`weights` with an empty entry for every seat it does not reach."""
    return tuple(weights) + ((),) * (len(models) - len(weights))
