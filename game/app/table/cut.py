"""The cut for the deal presented: each seat's card turned over by its seat, clear of the plates and the boodle
cards, a caption saying what the cut is for, then who deals, in a band under the board that leaves the pot and the
dead hand's counts in view, held long enough to be read."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.cards import Card
from ...engine.events import Cut
from ...engine.ranks import rank_value
from ...engine.rules import RuleSet
from ...locale import tr
from ...locale.cards import card_label
from .animation import Flight, Wait
from .layout import SeatPlace, TableLayout

if TYPE_CHECKING:
    from .effects import Effects

CAPTION_S = 1.2  # "Cut for the deal" while the cards go round
RESULT_S = 2.4  # then who deals, and why
CLEARANCE = 3


def cut_card_rect(place: SeatPlace, size: tuple[int, int]) -> pygame.Rect:
    """Where a seat's cut card lies: the player's own where their hand goes, an opponent's just under their
    plate, never over its name or chip count."""
    rect = pygame.Rect((0, 0), size)
    if place.side == "bottom":
        rect.center = place.card_origin
    else:
        rect.midtop = (place.fan.centerx, place.plate.bottom + CLEARANCE)
    return rect


def cut_banner_centre(layout: TableLayout) -> tuple[int, int]:
    """The cut's band: under the board, over the empty status and prompt lines, clear of the counts."""
    return layout.board.centerx, (layout.board.bottom + layout.hand.y) // 2 + 4


def cut_rule(rules: RuleSet) -> str:
    """R4/R25: the caption's rule: which card deals, and where the ace ranks."""
    if rules.cut_deals == "lowest":
        return tr("ranks.cut_lowest_aces_high" if rules.aces == "high" else "ranks.cut_lowest_aces_low")
    return tr("ranks.cut_highest_aces_high" if rules.aces == "high" else "table_notes.cut.rule")


def present_cut(director: Effects, event: Cut) -> float:
    """Fly each seat's card to its place and say what the cut decides; the seconds the table holds for it."""
    model, decks, layout = director.model, director.stage.decks, director.stage.layout
    back = decks.flight.back()
    at = cut_banner_centre(layout)
    model.cut_cards.clear()
    for i, (seat, card) in enumerate((s, c) for s, c in enumerate(event.cards) if c is not None):
        def land(seat: int = seat, card: Card = card) -> None:
            model.cut_cards[seat] = card
            model.touch()
        face, place = decks.flight.face(card), layout.seats[seat]
        # from the seat's own cards' place, turned over where it lands: a flight from the middle of the table
        # would cross the boodle cards on its way to a seat above them
        director.motion.add(Flight(back, place.card_origin, cut_card_rect(place, face.get_size()).center, 0.35,
                                   i * 0.08, arc=6.0, end_image=face, on_done=land))
    director.sound("deal")
    rules = model.rules
    director.banner(tr("table_notes.cut.title"), cut_rule(rules), duration=CAPTION_S, at=at)
    if event.dealer is None:
        ranks = {s: rank_value(c, rules.aces) for s, c in enumerate(event.cards) if c is not None}
        top = (min if rules.cut_deals == "lowest" else max)(ranks.values())
        tied = [model.name(s) for s, rank in ranks.items() if rank == top]
        who = tr("table.and", first=", ".join(tied[:-1]), last=tied[-1]) if len(tied) > 1 else "".join(tied)
        title, words = tr("table.banner.tie"), tr("table.banner.tie_who", names=who)
    else:
        cut = event.cards[event.dealer]
        name = model.name(event.dealer)
        you = director.you(event.dealer)
        title = tr("table.banner.you_deal") if you else tr("table.banner.they_deal", name=name)
        lowest = rules.cut_deals == "lowest"
        if cut is None:
            words = ""
        elif you:
            words = tr("ranks.you_cut_lowest" if lowest else "table.banner.you_cut_highest", card=card_label(cut))
        else:
            words = tr("ranks.they_cut_lowest" if lowest else "table.banner.they_cut_highest", name=name,
                       card=card_label(cut))
    director.motion.add(Wait(0.0, CAPTION_S, on_done=lambda: director.banner(title, words, duration=RESULT_S,
                                                                                at=at)))
    return CAPTION_S + RESULT_S - 0.2
