"""What the other players' leads this deal say about a sampled deal: its weight in the search.

Each lead another player made this deal was made from a hand the public record
does not show. A sampled deal fills that hand in (the cards the sample gives the
player now, and the ones they have played since that lead), so the lead can be
asked of the player's model at that moment: the same cards played before it, the
same stops, the lawful leads that hand had (the stacks and boodle chips are those
of now: the view does not keep what they were then). A deal under which the leads the
players made were likely counts for more; one under which they were unlikely
counts for less. A seat's weight is the mixture of its model's guesses, each
guess's chance of every lead of that seat multiplied together, so over a deal
the guess that explains the seat's play takes over; averaged over the sampled
deals, those chances are what the deal showed of each guess (`shown`), which the
session memory carries into the next deals.

Only the view is read, never another player's hand or random stream: the
model's strategies draw from a stream seeded by the expert's own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import DECK
from ...engine.decisions import LeadDecision
from ...engine.view import PlayerView
from .opponents import SeatModel
from .rollout import Table, lead_options


@dataclass(frozen=True)
class Moment:
    """One lead of another player this deal, as the table saw it before the lead was made."""

    seat: int
    card: int  # deck index of the card led
    stopped: int  # the suit of the stop before it (-1: the deal's first lead)
    later: int  # the cards `seat` has played from this lead on, as a mask
    before: PlayerView  # the public record just before the lead, seen from `seat` (its hand filled per sample)


class Evidence:
    """The weight of a sampled deal: how likely it makes the other players' leads this deal."""

    def __init__(self, view: PlayerView, models: Sequence[SeatModel | None], table: Table,
                 rng: random.Random) -> None:
        self._table = table
        self._rng = random.Random(rng.random())  # the models' draws: the expert's own stream, at one remove
        self._models = models
        self.asked = 0  # the style strategies asked so far: the search counts them as work
        self.read = 0  # the leads read so far (a hand and its lawful leads rebuilt for each), also work
        self.moments: dict[int, list[Moment]] = {}
        self.samples = 0  # the sampled deals weighed
        self._shown: dict[int, list[float]] = {}  # each read seat's guesses' chances of its leads, summed over them
        plays = view.plays
        later = [0] * len(view.table.chips)
        moments: list[Moment] = []
        for i in range(len(plays) - 1, -1, -1):
            play = plays[i]
            later[play.player] |= 1 << play.card.index
            seat = play.player
            if not play.lead or seat == view.player or seat >= len(models) or models[seat] is None:
                continue
            before = plays[:i]
            shown = {p.card.index for p in before}
            stops = tuple(stop for stop in view.stops if stop.after.index in shown)
            stopped = before[-1].card.index // 13 if before else -1
            moments.append(Moment(seat, play.card.index, stopped, later[seat],
                                  PlayerView(seat, view.table, (), before, stops, ())))
        for moment in reversed(moments):
            self.moments.setdefault(moment.seat, []).append(moment)

    def __bool__(self) -> bool:
        """Whether any lead of another player can tell sampled deals apart."""
        return bool(self.moments)

    def weight(self, hands: Sequence[int]) -> float:
        """How likely the sampled deal, each seat's hand a mask (a playout state's `hands`), makes every modelled
        lead of this deal (up to a constant)."""
        weight = 1.0
        self.samples += 1
        for seat, moments in self.moments.items():
            model = self._models[seat]
            assert model is not None
            weight *= self._seat_weight(seat, model, moments, hands[seat])
        return weight

    def shown(self) -> dict[int, tuple[float, ...]]:
        """For each seat read, how likely each of its model's guesses made its leads this deal, averaged over the
        sampled deals weighed so far (what the session memory keeps)."""
        return {seat: tuple(total / self.samples for total in totals) for seat, totals in self._shown.items()
                if self.samples}

    def _seat_weight(self, seat: int, model: SeatModel, moments: list[Moment], now: int) -> float:
        """The chance, mixed over the seat's guesses, of every lead the seat made, given its hand `now`."""
        rng = self._rng
        table = self._table
        guesses = model.guesses
        chances = [1.0] * len(guesses)
        shown = self._shown.setdefault(seat, [0.0] * len(guesses))
        for moment in moments:
            self.read += 1
            hand = now | moment.later
            options = lead_options(table, hand, moment.stopped)
            if not options and table.step_down:  # R28: another suit before the same one
                options = lead_options(table, hand, moment.stopped, table.step_down)
            options = options or lead_options(table, hand, -1)
            if moment.card not in options:
                return 0.0  # this deal cannot have allowed the lead made
            if len(options) == 1:
                continue
            cards = tuple(DECK[c] for c in range(52) if hand >> c & 1)
            view = moment.before._replace(hand=cards)
            decision = LeadDecision(moment.seat, tuple(DECK[c] for c in options))
            card = DECK[moment.card]
            hits = [way.leads(view, decision, card, rng) for way in model.ways]
            self.asked += len(hits)
            for k, guess in enumerate(guesses):
                chances[k] *= guess.chance(hits, len(options))
        total = 0.0
        for k, (guess, chance) in enumerate(zip(guesses, chances)):
            shown[k] += chance
            total += guess.prior * chance
        return total
