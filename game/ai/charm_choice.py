"""How a character uses its charms (R31): a style per charm or per kind of charm, eager, careful or never.

- eager: at the first lawful chance, unless a rule of thumb says the use is plainly bad (no search: cheap).
- careful: only when the expert's search says the use beats letting the moment pass by a clear margin.
- never: lets every moment pass.

A character file's `charms:` section names the charms it holds and its styles (`character_file.py`);
without one, a character that searches is careful and the others are eager.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.cards import Card
from ..engine.charms import EFFECTS, CharmSpec
from ..engine.decisions import CharmDecision, CharmUse
from ..engine.ranks import successors
from ..engine.view import PlayerView
from .expert.charm_search import MARGIN, peeks_now, searched_use, spec_of
from .expert.memory import SessionMemory
from .expert.search import Budget

STYLES = ("eager", "careful", "never")
# a character that does not search weighs a careful use with this much search: a few deals, a few milliseconds
LIGHT_BUDGET = Budget(time_budget_ms=2.0, max_samples=40, min_samples=8, deadline_ms=0.0)
CAREFUL_MARGIN = 0.5  # a character that does not search wants a plainer edge from its short search


@dataclass(frozen=True)
class CharmStyles:
    """The charms a character holds (ids) and how it uses each: `by` maps a charm id or an effect to a style,
    the charm's id first; `style` is for the rest (None: careful if the character searches, else eager)."""

    held: tuple[str, ...] = ()
    style: str | None = None
    by: Mapping[str, str] = field(default_factory=dict)

    def style_of(self, spec: CharmSpec, searches: bool) -> str:
        """The style the character uses `spec` in."""
        found = self.by.get(spec.id) or self.by.get(spec.effect) or self.style
        return found if found is not None else "careful" if searches else "eager"


def style_keys() -> tuple[str, ...]:
    """The effects a style may be given for (a charm id may be given too)."""
    return tuple(EFFECTS)


def choose_use(view: PlayerView, decision: CharmDecision, styles: CharmStyles, searches: bool, budget: Budget,
               rng: random.Random, memory: SessionMemory | None) -> CharmUse | None:
    """The character's use of a charm now, or None to let the moment pass."""
    by_style: dict[str, list[CharmUse]] = {style: [] for style in STYLES}
    for use in decision.options:
        by_style[styles.style_of(spec_of(view, use.charm)[0], searches)].append(use)
    for use in by_style["eager"] + by_style["careful"]:
        if peeks_now(view, use):
            return use
    eager = eager_use(view, by_style["eager"])
    if eager is not None:
        return eager
    careful = [use for use in by_style["careful"] if not peeks_now(view, use)]
    if not careful:
        return None
    narrowed = decision._replace(options=tuple(careful))
    return searched_use(view, narrowed, budget if searches else LIGHT_BUDGET, rng, memory,
                        MARGIN if searches else CAREFUL_MARGIN)[0]


def eager_use(view: PlayerView, options: list[CharmUse]) -> CharmUse | None:
    """The first use a rule of thumb does not call plainly bad (None: none, or all plainly bad)."""
    for use in options:
        spec, _ = spec_of(view, use.charm)
        if spec.fee > view.chips[view.player] // 4:
            continue  # a fee a quarter of the stack is plainly too dear
        target = _eager_target(view, spec, [u for u in options if u.charm == use.charm])
        if target is not None:
            return target
    return None


def _eager_target(view: PlayerView, spec: CharmSpec, uses: list[CharmUse]) -> CharmUse | None:
    """The use of one charm a rule of thumb picks, or None when every use of it is plainly bad."""
    effect = spec.effect
    hand = set(view.hand)
    after = successors(view.rules.aces)
    boodle = set(view.rules.boodle_cards)
    if effect == "swap_dead":  # give the card with the most missing below it in its suit: the runs strand it
        return max(uses, key=lambda u: (u.card is not None and u.card not in boodle and _gap(u.card, hand),
                                        u.card.index if u.card is not None else 0))
    if effect == "move_stake":  # onto a boodle card it holds, so the chips come back to it
        held = [u for u in uses if u.card in hand]
        return held[0] if held else None
    if effect == "make_stop":  # a card whose next card is not its own: it keeps the lead there
        cards = [u for u in uses if u.card is not None and not (after[u.card.index] >= 0
                                                               and Card.from_index(after[u.card.index]) in hand)]
        return cards[0] if cards else None
    if effect == "block_follow":  # keep the card only to deny the next player a boodle card
        for use in uses:
            if use.card is not None and after[use.card.index] >= 0:
                nxt = Card.from_index(after[use.card.index])
                if nxt in boodle and nxt not in hand and dict(view.boodle).get(nxt, 0) > 0:
                    return use
        return None
    return uses[0]  # a lead of any suit, a lead taken, a hit paid again: take it


def _gap(card: Card, hand: set[Card]) -> int:
    """How many ranks below `card` in its suit are not in `hand` before the next card that is."""
    gap = 0
    rank = card.rank - 1
    while rank >= 1 and Card(rank, card.suit) not in hand:
        gap += 1
        rank -= 1
    return gap
