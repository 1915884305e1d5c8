"""Determinization: deals of the unseen cards that agree with everything public.

A sample places every unseen card in a hand or the dead hand so that each place
gets exactly its number of cards and no card goes where `Knowledge.allowed` rules
it out. Cards that can lie in one place only are put there first; the others
go most constrained first, each to a place drawn in proportion to the room
left there, which is exactly a uniform deal when nothing but the sizes is known
and close to one otherwise. When that greedy pass paints itself into a corner
(rare: it takes several players shown void in several suits), it is retried; if
it keeps failing, a deal is built by augmenting paths (a bipartite b-matching,
which finds one whenever one exists) and randomized by swaps that respect every
constraint. Either way a sample never breaks a constraint: it is checked as it
is made, not filtered afterwards.
"""

from __future__ import annotations

import random

from ...engine.state import DEAD, PLAYED, REMOVED
from .knowledge import Knowledge

GREEDY_TRIES = 4


class InconsistentKnowledge(ValueError):
    """No deal of the unseen cards fits what is known (a sign of a wrong inference)."""


class Sampler:
    """Draws deals of the unseen cards consistent with one player's knowledge."""

    def __init__(self, knowledge: Knowledge, rng: random.Random) -> None:
        self.knowledge = knowledge
        self._rng = rng
        n = knowledge.seats
        self._dead = n
        base = [PLAYED] * 52
        for c in knowledge.hand:
            base[c] = knowledge.player
        for c in knowledge.removed:
            base[c] = REMOVED
        caps = list(knowledge.sizes)
        flexible: list[tuple[int, int]] = []
        for c in knowledge.unseen:
            mask = knowledge.allowed[c]
            if mask == 0:
                raise InconsistentKnowledge(f"card {c} can be nowhere")
            if mask & (mask - 1) == 0:  # one place only
                place = mask.bit_length() - 1
                base[c] = DEAD if place == n else place
                caps[place] -= 1
            else:
                flexible.append((c, mask))
        if any(cap < 0 for cap in caps):
            raise InconsistentKnowledge("more cards are known to lie in a place than it holds")
        if sum(caps) != len(flexible):
            raise InconsistentKnowledge("the unseen cards do not fill the hands")
        everywhere = 0
        for place, cap in enumerate(caps):
            if cap > 0:
                everywhere |= 1 << place
        # the cards that may lie anywhere with room go last, all at once, by a shuffle
        constrained = [(c, m & everywhere) for c, m in flexible if m & everywhere != everywhere]
        self._free = [c for c, m in flexible if m & everywhere == everywhere]
        constrained.sort(key=lambda item: (bin(item[1]).count("1"), item[0]))
        self._constrained = [(c, tuple(p for p in range(n + 1) if m >> p & 1)) for c, m in constrained]
        self._base = base
        self._caps = caps
        self._flexible = flexible
        self._chain: list[int] | None = None  # the last deal of the swap chain, once it is in use
        self.greedy_failures = 0
        self.samples = 0
        if constrained and self._matching(list(flexible)) is None:
            raise InconsistentKnowledge("no deal of the unseen cards fits what is known")

    def sample(self) -> list[int]:
        """A deal: the owner of every card by deck index (a seat, DEAD, PLAYED for cards out of play, REMOVED)."""
        self.samples += 1
        if self._chain is None:
            for _ in range(GREEDY_TRIES):
                owner = self._greedy()
                if owner is not None:
                    return owner
                self.greedy_failures += 1
            matched = self._matching(self._flexible)
            assert matched is not None
            self._chain = matched
        return self._walk()

    def _greedy(self) -> list[int] | None:
        """One most-constrained-first pass; None if some card found no room."""
        owner = self._base[:]
        caps = self._caps[:]
        rand = self._rng.random
        dead = self._dead
        for c, places in self._constrained:
            total = 0
            for p in places:
                total += caps[p]
            if total == 0:
                return None
            r = int(rand() * total)
            for p in places:
                r -= caps[p]
                if r < 0:
                    break
            caps[p] -= 1
            owner[c] = DEAD if p == dead else p
        slots = [DEAD if p == dead else p for p, cap in enumerate(caps) for _ in range(cap)]
        self._rng.shuffle(slots)
        for c, p in zip(self._free, slots):
            owner[c] = p
        return owner

    def _matching(self, flexible: list[tuple[int, int]]) -> list[int] | None:
        """Some deal that fits, by augmenting paths in a random order; None when none exists."""
        rng = self._rng
        cards = flexible[:]
        rng.shuffle(cards)
        n1 = self._dead + 1
        caps = self._caps
        holding: list[list[int]] = [[] for _ in range(n1)]
        place_of: dict[int, int] = {}
        mask_of = dict(cards)

        def place(c: int, seen: set[int]) -> bool:
            order = [p for p in range(n1) if mask_of[c] >> p & 1]
            rng.shuffle(order)
            for p in order:
                if len(holding[p]) < caps[p]:
                    holding[p].append(c)
                    place_of[c] = p
                    return True
            for p in order:
                if p in seen:
                    continue
                seen.add(p)
                for other in holding[p]:
                    if place(other, seen):
                        holding[p].remove(other)
                        holding[p].append(c)
                        place_of[c] = p
                        return True
            return False

        for c, _ in cards:
            if not place(c, set()):
                return None
        owner = self._base[:]
        for c, p in place_of.items():
            owner[c] = DEAD if p == self._dead else p
        return owner

    def _walk(self) -> list[int]:
        """The swap chain's next deal: random exchanges of two cards, each allowed in the other's place."""
        owner = self._chain
        assert owner is not None
        owner = owner[:]
        rng = self._rng
        dead = self._dead
        cards = [c for c, _ in self._flexible]
        allowed = self.knowledge.allowed
        for _ in range(4 * len(cards)):
            a, b = rng.choice(cards), rng.choice(cards)
            pa, pb = owner[a], owner[b]
            if pa == pb:
                continue
            qa, qb = (dead if pa == DEAD else pa), (dead if pb == DEAD else pb)
            if allowed[a] >> qb & 1 and allowed[b] >> qa & 1:
                owner[a], owner[b] = pb, pa
        self._chain = owner
        return owner
