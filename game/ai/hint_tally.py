"""What the hint's playouts show besides chips, counted per choice as they are played: the cards the player sheds
in the run the choice starts, how often the player keeps the lead, reaches their own boodle card, lets another
player reach one in that run, or goes out first; and the one reason that best tells the choice from the next best.
A reason that names a boodle card names one of the suit of the run the choice starts (or declines to play on):
"Lead 5♦: the run stops short of another player's boodle card Q♣" would speak of a run the lead never starts.

The counting only watches the sampled deals the search plays anyway (it draws nothing from the random stream),
so the hint's choice and its chips are the expert's own; what it knows of the deal is what the view shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..engine.cards import Card
from ..engine.ranks import successors
from ..engine.view import PlayerView
from .expert.knowledge import infer
from .expert.rollout import State
from .expert.search import Branch

MIN_GAP = 0.1  # a reason must tell the choices apart by a tenth of the playouts (or a fifth of a card shed)
CARDS_WEIGHT = 0.5  # a card more shed on average weighs as half the playouts more kept
NEAR = 2.0  # within this many standard errors of the next best, a choice is about equal to it
CLEAR = 3.0  # beyond this many, it is clearly the best


@dataclass(frozen=True)
class Reason:
    """Why the hint chose as it did, in plain values; `kind` is "sheds", "keeps_lead", "sheds_and_keeps_lead",
    "own_boodle", "others_boodle", "goes_out", "chips" (no count tells the choices apart: the chips do),
    "about_equal" (the next best is within `NEAR` standard errors) or "chips_only" (there was no other choice)."""

    kind: str
    share: float = 0.0  # of the playouts, for the counted kinds
    cards: float = 0.0  # cards shed on average (sheds)
    card: Card | None = None  # the boodle card (own_boodle, others_boodle)
    holder: int | None = None  # the seat the public record says holds it (others_boodle), when it says so
    value: float = 0.0  # the choice's chips from here (chips)
    other: float = 0.0  # the next best choice's chips (chips)
    edge: float = 0.0  # the chips the choice is ahead of the next best, over the same sampled deals
    error: float = 0.0  # the standard error of `edge`, from the per-deal differences

    @property
    def spread(self) -> float:
        """The margin shown with an edge said to be about equal: `NEAR` standard errors."""
        return NEAR * self.error

    @property
    def clear(self) -> bool:
        """Whether the choice is clearly the best: ahead of the next by more than `CLEAR` standard errors."""
        return self.kind != "chips_only" and self.edge > CLEAR * self.error


@dataclass
class Tally:
    """The counts of each choice over its playouts; `watch` wraps a branch so that playing it counts."""

    me: int
    choices: int
    own: tuple[int, ...]  # the boodle cards with chips on them in the player's hand (deck indices)
    playouts: list[int] = field(default_factory=list)
    shed: list[int] = field(default_factory=list)
    kept_lead: list[int] = field(default_factory=list)
    went_out: list[int] = field(default_factory=list)
    own_reached: list[dict[int, int]] = field(default_factory=list)
    others_reached: list[dict[int, int]] = field(default_factory=list)
    starts: list[int | None] = field(default_factory=list)  # the card each choice starts its run with, if any
    results: list[list[float]] = field(default_factory=list)  # each choice's chips after each sampled deal
    after: tuple[int, ...] = successors("low")  # R23: by deck index, the card a run goes on to (-1: the top)

    @classmethod
    def of(cls, view: PlayerView, starts: list[int | None]) -> Tally:
        """An empty tally for choices that start their runs with `starts` (None: no run) in this view."""
        table = view.table
        hand = {card.index for card in view.hand}
        own = tuple(card.index for card, chips in zip(table.rules.boodle_cards, table.boodle_chips)
                    if chips > 0 and card.index in hand)
        choices = len(starts)
        return cls(view.player, choices, own, [0] * choices, [0] * choices, [0] * choices, [0] * choices,
                   [{} for _ in range(choices)], [{} for _ in range(choices)], list(starts),
                   [[] for _ in range(choices)], successors(table.rules.aces))

    def run_suit(self, best: int, second: int) -> int | None:
        """The suit of the run choice `best` starts, or (declining) the one `second` would have played on; None
        when neither starts a run (buying or keeping)."""
        starts = self.starts
        start = next((starts[i] for i in (best, second) if i < len(starts) and starts[i] is not None), None)
        return None if start is None else start // 13  # a deck index counts its suit in thirteens

    def watch(self, choice: int, branch: Branch, start: int | None) -> Branch:
        """`branch` counted as choice `choice`; `start` is the card the player plays to begin its run (None: the
        choice starts no run of the player's, as declining or buying)."""
        def counted(state: State) -> None:
            if start is not None:
                self._first_run(choice, state, start)
            branch(state)
            self.playouts[choice] += 1
            self.results[choice].append(state.chips[self.me])
            self.went_out[choice] += state.counts[self.me] == 0
            reached = self.own_reached[choice]
            for card in self.own:
                if state.bchips[card] == 0:  # played: only its holder, the player, could have
                    reached[card] = reached.get(card, 0) + 1
        return counted

    def _first_run(self, choice: int, state: State, card: int) -> None:
        """The run the player starts with `card`, read off the sampled deal before it is played: every seat
        follows (as the playouts do) until the top card, a card out of play, or someone's last card."""
        owner, counts, bchips = state.owner, state.counts, state.bchips
        used: dict[int, int] = {}
        mine = 0
        holder = self.me
        while True:
            holder = owner[card]
            if holder == self.me:
                mine += 1
            elif bchips[card]:
                others = self.others_reached[choice]
                others[card] = others.get(card, 0) + 1
            used[holder] = used.get(holder, 0) + 1
            nxt = self.after[card]
            if used[holder] == counts[holder] or nxt < 0 or owner[nxt] < 0:
                break
            card = nxt
        self.shed[choice] += mine
        self.kept_lead[choice] += holder == self.me

    def error(self, best: int, second: int) -> float:
        """The standard error of choice `best`'s mean lead over `second`: the search plays both on the same
        deals, so it is the spread of the per-deal differences over the root of their number."""
        diffs = [a - b for a, b in zip(self.results[best], self.results[second])]
        n = len(diffs)
        if n < 2:
            return 0.0
        mean = sum(diffs) / n
        return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)

    def share(self, counts: list[int] | dict[int, int], choice: int, key: int | None = None) -> float:
        """A count of choice `choice` as a share of its playouts."""
        n = self.playouts[choice]
        if not n:
            return 0.0
        if isinstance(counts, dict):
            return counts.get(key, 0) / n if key is not None else 0.0
        return counts[choice] / n


def reason_for(tally: Tally, view: PlayerView, values: list[float], best: int, against: int | None = None) -> Reason:
    """The count that best tells choice `best` from the next best by chips (or from choice `against`), or the
    chips when none does."""
    others = [i for i in range(len(values)) if i != best]
    if not others:
        return Reason("chips_only", value=values[best])
    second = against if against is not None and against != best else max(others, key=lambda i: values[i])
    share = tally.share
    found: list[tuple[float, Reason]] = []
    if tally.playouts[best] and tally.playouts[second]:
        shed_best = tally.shed[best] / tally.playouts[best]
        shed_second = tally.shed[second] / tally.playouts[second]
        lead_best, lead_second = share(tally.kept_lead, best), share(tally.kept_lead, second)
        sheds = (shed_best - shed_second) * CARDS_WEIGHT
        keeps = lead_best - lead_second
        if sheds >= MIN_GAP and keeps >= MIN_GAP:
            found.append((sheds + keeps, Reason("sheds_and_keeps_lead", share=lead_best, cards=shed_best)))
        found.append((sheds, Reason("sheds", cards=shed_best)))
        found.append((keeps, Reason("keeps_lead", share=lead_best)))
        suit = tally.run_suit(best, second)  # a boodle card of another suit is no reason for this run
        for card in (card for card in tally.own if suit in (None, card // 13)):
            mine = share(tally.own_reached[best], best, card)
            found.append((mine - share(tally.own_reached[second], second, card),
                          Reason("own_boodle", share=mine, card=Card.from_index(card))))
        reached = set(tally.others_reached[best]) | set(tally.others_reached[second])
        for card in sorted(card for card in reached if suit in (None, card // 13)):
            gap = share(tally.others_reached[second], second, card) - share(tally.others_reached[best], best, card)
            found.append((gap, Reason("others_boodle", share=gap, card=Card.from_index(card),
                                      holder=known_holder(view, card))))
        out_best = share(tally.went_out, best)
        found.append((out_best - share(tally.went_out, second), Reason("goes_out", share=out_best)))
    gap, reason = max(found, key=lambda found_reason: found_reason[0], default=(0.0, Reason("chips")))
    if gap >= MIN_GAP:
        return reason
    return Reason("chips", value=values[best], other=values[second])


def known_holder(view: PlayerView, card: int) -> int | None:
    """The seat that holds `card` by the public record alone (the only place it may lie), else None."""
    knowledge = infer(view)
    if card not in knowledge.unseen:
        return None
    places = knowledge.allowed[card]
    if places & (places - 1) or places >> knowledge.seats:
        return None  # more than one place, or the dead hand
    return places.bit_length() - 1
