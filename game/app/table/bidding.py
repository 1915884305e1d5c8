"""R26: the human's bid for the dead hand at auction: a bid button showing the stepper's chips, More and Less
within the decision's legal range, and Pass (a pass is final); the keys do the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.decisions import BidDecision
from ...locale import tr, trn
from .input_keys import ADD_KEYS, ENTER_KEYS, REMOVE_KEYS

if TYPE_CHECKING:
    from .human import HumanSeat

Spec = tuple[str, str, Callable[[], None], int | None, bool, str]  # label, key cap, action, hotkey, enabled, tip
BID, PASS = 0, 3  # the places of the bid and pass buttons, which the focus moves between


def bid_specs(decision: BidDecision, chips: int, bid: Callable[[int], None], step: Callable[[int], None]
              ) -> list[Spec]:
    """The bid's buttons: bid the chips shown, one more, one less, pass."""
    return [(trn("auction.button.bid", chips), "B", lambda: bid(chips), pygame.K_b, True, tr("auction.tip.bid")),
            (tr("auction.button.more"), "+", lambda: step(1), pygame.K_PLUS, chips < decision.high,
             tr("auction.tip.more")),
            (tr("auction.button.less"), "-", lambda: step(-1), pygame.K_MINUS, chips > decision.low,
             tr("auction.tip.less")),
            (tr("auction.button.pass"), "P", lambda: bid(0), pygame.K_p, True, tr("auction.tip.pass"))]


def bid_prompt(decision: BidDecision) -> tuple[str, str]:
    """The question in words, and its line of keys."""
    return trn("auction.prompt", decision.low, high=decision.high), tr("auction.keys")


def bid_key(seat: HumanSeat, key: int, number: int | None) -> bool:
    """A key while the human bids: step the bid (+ −, ↑ ↓), move between bidding and passing (← → or Tab, so a
    controller's D-pad reaches Pass), or answer; True when used."""
    if key in ADD_KEYS:
        seat.step_bid(1)
    elif key in REMOVE_KEYS:
        seat.step_bid(-1)
    elif key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
        seat.focus = PASS if seat.focus == BID else BID
    elif key in (pygame.K_y, pygame.K_n):
        seat.bid(seat.bid_chips if key == pygame.K_y else 0)
    elif key in ENTER_KEYS:
        seat.bid(seat.bid_chips if seat.focus == BID else 0)
    else:
        return False
    return True
