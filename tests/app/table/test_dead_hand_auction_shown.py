"""R26 as the player sees it: each bid and pass said by the bidder's seat until the auction ends, its end in a
banner, the deal log and the replay words telling who bought the dead hand for how much and where the chips went
(or that nobody did), and the human's bid made with the mouse within its legal range."""

from __future__ import annotations

import pygame
from engine.test_dead_hand_auction import AUCTION, TO_DEALER, _bidding_table, auction_of

from game.app.app import App
from game.app.replay_words import logged_names, session_start, told
from game.app.table.auction_show import AuctionTrack, buy_words
from game.app.table.deal_log import deal_log_lines
from game.engine.cards import Card
from game.engine.decisions import BidAction, BidDecision
from game.engine.events import Bid, BuyDead, Event, Play
from game.replay.replay import Replay

NAMES = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]


def moments(events: list[Event]) -> list[tuple[str, str]]:
    """Each event's moment in the auction, where it has one."""
    track = AuctionTrack()
    return [(event.type, moment) for event in events if (moment := track.feed(event)) is not None]


def test_r26_the_track_tells_the_opening_the_sale_and_an_unsold_end() -> None:
    _, sold, _ = auction_of(AUCTION, {1: [2], 2: [3]})
    assert moments(sold) == [("bid", "open"), ("buy_dead", "sold")]
    _, unsold, _ = auction_of(AUCTION, {})
    lead = Play(1, Card.parse("2S"), True)
    assert moments(unsold + [lead, lead]) == [("bid", "open"), ("bid", "unsold"), ("play", "closed")]
    _, bought, _ = auction_of(AUCTION, {}, buy=True)  # the dealer buying at the fee is no auction
    assert moments(bought) == []


def log_words(events: list[Event], human: int | None, to_dealer: bool) -> list[str]:
    """The deal log's lines in English."""
    return [str(line) for line in deal_log_lines(events, human, NAMES.__getitem__, False, paid_to_dealer=to_dealer)]


def test_r26_the_deal_log_says_who_bought_for_how_much_and_where_the_chips_went() -> None:
    _, to_pot, _ = auction_of(AUCTION, {1: [5]})
    assert "Seat 1 buys the dead hand for 5 chips, into the pot" in log_words(to_pot, None, False)
    _, to_dealer, _ = auction_of(TO_DEALER, {1: [5]})
    assert "Seat 1 buys the dead hand for 5 chips, paid to Seat 0" in log_words(to_dealer, None, True)
    assert "Seat 1 buys the dead hand for 5 chips, paid to you" in log_words(to_dealer, 0, True)
    assert "You buy the dead hand for 5 chips, paid to Seat 0" in log_words(to_dealer, 1, True)
    _, unsold, _ = auction_of(AUCTION, {})
    lines = log_words(unsold, 2, False)
    assert lines.index("Everyone passes: nobody buys the dead hand") == lines.index("Seat 3 passes") + 1
    _, dealer_buys, _ = auction_of(AUCTION, {}, buy=True)
    assert "Seat 0 buys the dead hand for 2 chips" in log_words(dealer_buys, None, False)


def test_r26_the_replay_says_where_an_auction_s_price_went_as_the_deal_log_does() -> None:
    for rule_set, words in ((TO_DEALER, "Seat 1 buys the dead hand for 5 chips, paid to Seat 0"),
                            (AUCTION, "Seat 1 buys the dead hand for 5 chips, into the pot")):
        _, events, _ = auction_of(rule_set, {1: [5]})
        replay = Replay.from_lines([e.to_json() for e in events])
        bought = next(at for at, step in enumerate(replay.steps) if isinstance(step.event, BuyDead))
        assert told(replay, bought, logged_names(session_start(replay))) == [words]


# ----- at the table ----------------------------------------------------------------------------------------

def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def test_r26_the_others_bids_stay_said_by_their_seats_while_the_human_bids(app: App) -> None:
    scene = _bidding_table(app, 5)
    deal = scene.director.deal_log.events
    before = {e.player for e in deal if isinstance(e, Bid)}
    said = {seat for seat, bubble in scene.director._bubbles.items() if not bubble.done}
    assert before and before <= said
    _click(app, scene.human.buttons[3].rect.center)  # Pass
    assert scene.fast_forward_until(lambda s: any(isinstance(e, Play) for e in s.director.deal_log.events), 4000,
                                    play_for_human=False)
    assert not any(not bubble.done and bubble.seat in before for bubble in scene.director._bubbles.values())


def test_r26_the_winner_s_banner_names_the_price_and_where_it_goes(app: App) -> None:
    scene = _bidding_table(app, 5)  # the price goes to the dealer at this table
    dealer = scene.model.dealer
    assert dealer is not None and dealer != 0
    name = scene.model.name(1 if dealer != 1 else 2)
    title, paid = buy_words(scene.director, BuyDead(1 if dealer != 1 else 2, 6), True)
    assert title == f"{name} buys the dead hand for 6 chips"
    assert paid == f"The 6 chips go to {scene.model.name(dealer)}, the dealer"
    assert buy_words(scene.director, BuyDead(dealer, 2), False)[1] == "for 2 chips, paid into the pot"


def test_r26_the_human_bids_with_the_mouse_within_the_legal_range(app: App) -> None:
    scene = _bidding_table(app, 5)
    decision = scene.human.decision
    assert isinstance(decision, BidDecision) and decision.low < decision.high
    low, high = decision.low, decision.high
    assert f"(up to {high})" in scene.human.prompt()[0]
    less = scene.human.buttons[2]
    assert not less.enabled  # never below the least bid
    for _ in range(high - low + 3):
        _click(app, scene.human.buttons[1].rect.center)  # More, past the most the human has
    assert scene.human.bid_chips == high and not scene.human.buttons[1].enabled
    assert scene.human.buttons[0].label == f"Bid {high} chips"
    _click(app, scene.human.buttons[2].rect.center)  # Less
    _click(app, scene.human.buttons[0].rect.center)  # Bid
    assert [a for a in scene.actions if isinstance(a, BidAction)][-1] == BidAction(0, high - 1)
    assert any(str(line) == f"You bid {high - 1} chips for the dead hand" for line in scene.director.deal_log.lines)
