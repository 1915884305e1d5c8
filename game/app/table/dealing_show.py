"""The deal presented: card backs flown round the table from the dealer's left, one at a time, the player's own
turning face up in their hand as they land (in a shuffled order, as a real deal would bring them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.cards import Card
from ...engine.events import Dealt
from .animation import Flight
from .model import HUMAN

if TYPE_CHECKING:
    from .director import Director

DEAL_INTERVAL = 0.03  # seconds between two dealt cards at normal speed
DEAL_HOLD = 0.15  # the hold once the last card is on its way (the flights block the next event anyway)


def present_deal(director: Director, event: Dealt) -> float:
    """Fly every dealt card to its seat or the dead hand; the hold to set."""
    model, layout, decks = director.model, director.stage.layout, director.stage.decks
    dealer = model.dealer if model.dealer is not None else 0
    order = model.order_from_left_of(dealer)
    start = layout.seats[dealer].plate.center
    back = decks.flight.back()
    mine = list(event.hands[HUMAN])
    director.stage.rng.shuffle(mine)
    sizes = {seat: len(event.hands[seat]) for seat in order}
    rounds = max(list(sizes.values()) + [len(event.dead)])
    delay = 0.0
    dealt_mine = 0
    for r in range(rounds):
        for seat in order + [-1]:
            size = len(event.dead) if seat < 0 else sizes[seat]
            if r >= size:
                continue
            if seat < 0:
                target = layout.dead_pile
                land = _dealt_to(director, -1, None)
            elif seat == HUMAN:
                target = layout.hand.center
                land = _dealt_to(director, HUMAN, mine[dealt_mine])
                dealt_mine += 1
            else:
                target = director.card_spot(seat)
                land = _dealt_to(director, seat, None)
            director.motion.add(Flight(back, start, target, 0.24, delay, arc=10, on_done=land))
            delay += DEAL_INTERVAL
    return DEAL_HOLD


def _dealt_to(director: Director, seat: int, card: Card | None) -> Callable[[], None]:
    """What happens when a dealt card lands: the dead hand (-1) or a seat counts it; the human sees it."""
    model = director.model

    def land() -> None:
        if seat < 0:
            model.dead_count += 1
            model.touch()
        elif card is not None:
            model.add_to_hand(card)
            director.sound("deal", 0.5)
        else:
            model.seats[seat].cards += 1
            model.touch()
            director.sound("deal", 0.35)
    return land
