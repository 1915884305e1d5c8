"""An independent referee: replays a session's event log by docs/rules.md and checks every event and step.

`Referee.feed` takes one event (or `feed_line` one JSONL line) and checks it against
its own model of the table, built from the log alone: the fields of docs/rules.md's event
table, the card whereabouts (each of the 52 cards in exactly one hand, the dead hand,
or played), chip conservation (R21), ascending runs (R14), lawful leads (R13, R16,
first lead R12), stop reasons (R15), boodle wins (R17), settlement (R19), dealer
rotation and players going out (R5–R7), hand sizes after the deal (R10), and what is left on the boodle
cards at the end (R22: under `split` shared among the players still in, from the last dealer's left),
the penalties of a lead passed over (R27), step_down leads (R28), short antes (R29), the auction of the
dead hand (R26: bids in turn from the dealer's left, each above the last, passes final) and combination
piles (R30: won by the player who has played all of a combination's cards in the deal, when they play the
last; keyed in the log by the cards joined with `+`).
`Referee.check` compares that model with a live `Session` between steps, including the
pending decision's options and every seat's `PlayerView`. `play_checked` runs a whole
session through both.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.engine.cards import DECK, Card, parse_cards
from game.engine.combinations import Combination
from game.engine.decisions import BidDecision, BuyDeadDecision, FollowDecision, LeadDecision, StakeDecision
from game.engine.events import Event, event_dict
from game.engine.play import Agent
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.session import Session
from game.engine.view import PlayerView

DEAD = -1
PLAYED = -2
REMOVED = -3  # R24: out of the deck before the deal
INDEX = {str(card): card.index for card in DECK}
RED = (False, True, True, False)

FIELDS = {
    "session_start": {"seed", "rules", "players", "chips"},
    "cut": {"cards", "dealer"},
    "deal_start": {"deal", "dealer"},
    "stake": {"player", "pot", "boodle"},
    "deal": {"hands", "dead"},
    "buy_dead": {"player", "fee"},
    "bid": {"player", "chips"},
    "play": {"player", "card", "lead"},
    "boodle_won": {"player", "card", "chips"},
    "stop": {"after", "reason"},
    "hand_won": {"player", "pot", "payments"},
    "deal_end": {"chips", "boodle"},
    "player_out": {"player"},
    "penalty": {"player", "chips"},
    "boodle_split": {"shares"},
    "session_end": {"chips", "winners"},
}
RULES_FIELDS = {"boodle_cards", "starting_chips", "ante_pot", "ante_boodle", "staking", "dealer_ante_multiplier",
                "per_card_payment", "switch_suit", "follow", "buy_dead_hand", "deals"}
STOP_REASONS = {"king", "dead_hand", "already_played", "declined", "ace", "removed"}
# what a log written before a key existed meant by leaving it out
UNWRITTEN = {"boodle_at_end": "stay"}  # quiet keys (rules_keys) are left out of settings() too


def rules_from_log(data: dict[str, Any]) -> RuleSet:
    """The RuleSet a session_start's `rules` object describes; a log from before R22's setting kept the boodle."""
    fields = {**UNWRITTEN, **data}
    fields["boodle_cards"] = parse_cards(fields["boodle_cards"])
    if "removed_cards" in fields:
        fields["removed_cards"] = parse_cards(fields["removed_cards"])
    fields["buy_dead_hand"] = BuyDeadHand(**fields["buy_dead_hand"])
    fields["combinations"] = tuple(Combination(parse_cards(combo["cards"]), combo["name"])
                                   for combo in fields.get("combinations", ()))
    return RuleSet(**fields)


class Referee:
    """Checks a session's events one by one against docs/rules.md (see the module docstring)."""

    def __init__(self, equal_start: bool = True, real_deals: bool = True) -> None:
        self.equal_start = equal_start
        self.real_deals = real_deals  # False for chosen deals: hand sizes are then the test's choice
        self.may_end_early = False  # set when the session was asked to end (request_end, end_now)
        self.ended_at_once = False  # set for end_now, which leaves the boodle where it is (R22)
        self.live = False  # set by check(): the referee also sees the pending decisions
        self.phase = "start"
        self.events = 0
        self.counts: dict[str, int] = {}
        self.stop_reasons: dict[str, int] = {}

    # ----- feeding ----------------------------------------------------------------------

    def feed(self, event: Event) -> None:
        """Check one engine event: it must serialise to one JSON line that agrees with its fields."""
        line = event.to_json()
        data = self.feed_line(line)
        assert data == json.loads(json.dumps(event_dict(event))), (data, event)

    def feed_line(self, line: str) -> dict[str, Any]:
        """Check one JSONL line of a log; the parsed object."""
        assert "\n" not in line and line.strip() == line, repr(line)
        data = json.loads(line)
        assert isinstance(data, dict) and list(data)[0] == "type", data
        kind = data["type"]
        assert kind in FIELDS, kind
        assert set(data) == FIELDS[kind] | {"type"}, (kind, sorted(data))
        assert self.phase != "over", f"{kind} after session_end"
        if self.phase not in ("start", "cut") and kind != "boodle_won":
            assert not self.boodle_due, f"{kind} where boodle_won was due"
        getattr(self, "_" + kind)(data)
        self.events += 1
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.phase not in ("start", "cut"):
            assert sum(self.chips) + self.pot + sum(self.boodle.values()) == self.total, "R21: chips not conserved"
            assert min(self.chips) >= 0 and self.pot >= 0 and min(self.boodle.values()) >= 0
        return data

    @property
    def over(self) -> bool:
        """True once session_end was fed."""
        return self.phase == "over"

    # ----- seats ------------------------------------------------------------------------

    def _left_of(self, seat: int) -> int:
        """The next seat clockwise still in the session."""
        for step in range(1, self.n + 1):
            nxt = (seat + step) % self.n
            if self.in_session[nxt]:
                return nxt
        raise AssertionError("nobody left")

    def _order_from_left_of(self, dealer: int) -> list[int]:
        return [s for s in ((dealer + k) % self.n for k in range(1, self.n + 1)) if self.in_session[s]]

    # ----- the events -------------------------------------------------------------------

    def _session_start(self, e: dict[str, Any]) -> None:
        assert self.phase == "start"
        assert RULES_FIELDS <= set(e["rules"]), sorted(RULES_FIELDS - set(e["rules"]))
        self.rules = rules = rules_from_log(e["rules"])
        assert rules.settings() == {**UNWRITTEN, **e["rules"]}
        self.n = n = len(e["players"])
        assert 3 <= n <= 8, "R3"
        assert all(set(p) == {"name", "kind", "personality"} for p in e["players"])
        assert len(e["chips"]) == n
        if self.equal_start:
            assert e["chips"] == [rules.starting_chips] * n, "R3: everyone starts with the same stock"
        self.chips = list(e["chips"])
        self.total = sum(self.chips)
        self.pot = 0
        self.boodle = {str(card): 0 for card in rules.boodle_cards}
        # R30: each combination's log key and the deck indexes of its cards
        self.combos = [("+".join(map(str, combo.cards)), {card.index for card in combo.cards})
                       for combo in rules.combinations]
        self.boodle.update((key, 0) for key, _ in self.combos)
        self.played_by: dict[int, int] = {}
        self.in_session = [True] * n
        self.deal = 0
        self.dealer = -1
        self.cutters = list(range(n))
        self.allowed: dict[int, tuple[bool, ...]] = {-1: (True,) * 4}
        for stopped in range(4):
            if not rules.switch_suit:
                self.allowed[stopped] = (True,) * 4
            elif rules.switch_to == "other_colour":
                self.allowed[stopped] = tuple(RED[s] != RED[stopped] for s in range(4))
            else:
                self.allowed[stopped] = tuple(s != stopped for s in range(4))
        self.boodle_due: list[str] = []  # the piles the card just played wins, in the order they are won
        self.high = rules.aces == "high"
        self.removed = {card.index for card in rules.removed_cards}
        self.phase = "cut"

    def rank(self, card: int) -> int:
        """R23: a card's rank by the rules: 1 to 13, the ace 14 when aces are high."""
        rank = card % 13 + 1
        return 14 if self.high and rank == 1 else rank

    def after(self, card: int) -> int | None:
        """R14/R23: the card a run goes on to after `card`, or None when `card` is the top of its suit."""
        wanted = self.rank(card) + 1
        found = [c for c in range(card - card % 13, card - card % 13 + 13) if self.rank(c) == wanted]
        return found[0] if found else None

    def _cut(self, e: dict[str, Any]) -> None:
        assert self.phase == "cut"
        cards = e["cards"]
        assert len(cards) == self.n
        assert [s for s in range(self.n) if cards[s] is not None] == self.cutters, "R4: only the tied cut again"
        assert not {INDEX[c] for c in cards if c is not None} & self.removed, "R24: a removed card cut"
        ranks = {s: self.rank(INDEX[cards[s]]) for s in self.cutters}
        top = (min if self.rules.cut_deals == "lowest" else max)(ranks.values())
        tied = [s for s in self.cutters if ranks[s] == top]
        if e["dealer"] is None:
            assert len(tied) > 1, "R4: a cut without a dealer must be a tie"
            self.cutters = tied
        else:
            assert tied == [e["dealer"]], "R4/R25: the highest (or lowest) card deals"
            self.dealer = e["dealer"]
            self.phase = "deal_start"

    def _deal_start(self, e: dict[str, Any]) -> None:
        assert self.phase in ("deal_start", "between")
        assert e["deal"] == self.deal + 1
        if self.deal:
            assert e["dealer"] == self._left_of(self.dealer), "R5: the deal passes to the next seat in the session"
        else:
            assert e["dealer"] == self.dealer, "the cut's winner deals first"
        if self.rules.deals is not None:
            assert e["deal"] <= self.rules.deals, "R6: more deals than the limit"
        self.deal = e["deal"]
        self.dealer = dealer = e["dealer"]
        assert self.in_session[dealer]
        self.order = self._order_from_left_of(dealer)
        assert len(self.order) >= 2, "R6: a deal with fewer than two players"
        for seat in self.order:
            assert self.chips[seat] >= self.staying_ante(seat == dealer), f"R7: seat {seat} cannot pay the ante"
        self.stakers = list(self.order)
        self.hands: list[set[int]] = [set() for _ in range(self.n)]
        self.owner: list[int] = [REMOVED if card in self.removed else PLAYED for card in range(52)]
        self.dealt = False
        self.given_up: tuple[int, ...] = ()
        self.buyer = -1
        self.played_by = {}
        self.phase = "stakes"

    def staying_ante(self, is_dealer: bool) -> int:
        """R7/R29: the chips a player needs to stay in: the ante, or under all_in any chip (none for no ante)."""
        ante = self.rules.ante(is_dealer)
        return min(ante, 1) if self.rules.short_ante == "all_in" else ante

    def stake_due(self, seat: int) -> tuple[int, int]:
        """R8/R29: what `seat` puts in the pot and on the boodle cards: the ante, or all they have, the pot first."""
        chips = self.chips[seat]
        pot = min(self.rules.ante_pot, chips)
        return pot, min(self.rules.boodle_stake(seat == self.dealer), chips - pot)

    def _stake(self, e: dict[str, Any]) -> None:
        assert self.phase == "stakes" and self.stakers, "a stake out of place"
        seat = self.stakers.pop(0)
        assert e["player"] == seat, "R8: stakes go round from the dealer's left"
        pot, total = self.stake_due(seat)
        assert e["pot"] == pot, "R8/R29: the pot's ante, or all the player has"
        boodle = dict(e["boodle"])
        assert set(boodle) <= set(self.boodle), "R8: stake on a card that is not a boodle card"
        assert all(type(chips) is int and chips > 0 for chips in boodle.values())
        assert sum(boodle.values()) == total, "R8: wrong boodle stake"
        k = len(self.boodle)
        short = total < self.rules.boodle_stake(seat == self.dealer)
        if (self.rules.staking == "even" or k == 1 or (short and self.rules.ante_boodle == 0)) and total:
            each, odd = divmod(total, k)
            spread = {card: each + (i < odd) for i, card in enumerate(self.boodle) if each + (i < odd)}
            assert boodle == spread, "R8/R29: even staking, the odd chips of a short stake on the first cards"
        self.chips[seat] -= e["pot"] + total
        self.pot += e["pot"]
        for card, chips in boodle.items():
            self.boodle[card] += chips
        if not self.stakers:
            self.phase = "deal"

    def _deal(self, e: dict[str, Any]) -> None:
        assert self.phase == "deal", "a deal before all the stakes"
        hands = [[INDEX[c] for c in hand] for hand in e["hands"]]
        dead = [INDEX[c] for c in e["dead"]]
        assert len(hands) == self.n
        size = 52 - len(self.removed)
        assert sorted(sum(hands, []) + dead + sorted(self.removed)) == list(range(52)), \
            "R10/R24: the deal is not the 52 cards less the removed ones"
        k = len(self.order) + 1
        for place, seat in enumerate(self.order + [DEAD]):
            held = dead if seat == DEAD else hands[seat]
            assert held == sorted(held), "hands are sorted in deck order"
            if self.real_deals:
                assert len(held) == size // k + (place < size % k), "R10: dealt one at a time from the dealer's left"
        for seat in range(self.n):
            if not self.in_session[seat]:
                assert hands[seat] == [], "R7: a player out is dealt no cards"
        self.hands = [set(h) for h in hands]
        self.dead = set(dead)
        for card in dead:
            self.owner[card] = DEAD
        for seat, hand in enumerate(hands):
            for card in hand:
                self.owner[card] = seat
        self.dealt = True
        buy = self.rules.buy_dead_hand
        self.may_buy = buy.enabled and self.chips[self.dealer] >= buy.fee
        self.buy_asked = False
        self.bidders: list[int] | None = None  # R26: the auction's seats still bidding, once it has opened
        self.bid_turn = 0
        self.top_bid = (0, -1)
        self.buyer = -1
        self.stopped = -1
        self.last_card = -1
        self.last_player = -1
        self.next_stop: str | None = None
        self.next_holder = -1
        self.penalties_due: list[int] = []
        self.phase = "lead"

    def _buy_dead(self, e: dict[str, Any]) -> None:
        seat, fee = e["player"], e["fee"]
        assert self.phase == "lead" and self.buyer < 0 and self.owner.count(PLAYED) == 0, "R11: not open"
        if self.bidders is None:
            assert self.may_buy, "R11: buying the dead hand is not open"
            assert seat == self.dealer and fee == self.rules.buy_dead_hand.fee
            self.pot += fee
        else:
            assert self.auction_closed(), "R26: the dead hand sold before the auction closed"
            assert (fee, seat) == self.top_bid, "R26: the dead hand goes to the last bidder at their bid"
            if self.rules.buy_dead_hand.paid_to == "dealer":
                self.chips[self.dealer] += fee
            else:
                self.pot += fee
        self.chips[seat] -= fee
        old = self.hands[seat]
        self.given_up = tuple(sorted(old))
        self.hands[seat], self.dead = self.dead, old
        for card in self.hands[seat]:
            self.owner[card] = seat
        for card in old:
            self.owner[card] = DEAD
        self.may_buy = False
        self.buyer = seat

    # ----- R26: the auction ---------------------------------------------------------------

    def auction_due(self) -> bool:
        """Whether the dead hand is auctioned now: the auction is on, nobody bought, nothing played yet."""
        return (self.rules.buy_dead_hand.auction and self.phase == "lead" and self.dealt and self.buyer < 0
                and self.owner.count(PLAYED) == 0)

    def open_auction(self) -> None:
        """The dealer kept their hand: everyone else bids, from the dealer's left."""
        if self.bidders is None:
            if self.may_buy and self.live:
                assert self.buy_asked, "R11: the dealer could pay the fee but was not offered the dead hand"
            self.may_buy = False
            self.bidders = [seat for seat in self.order if seat != self.dealer]

    def auction_closed(self) -> bool:
        """Everyone passed, or one bidder is left and theirs is the last bid."""
        bidders = self.bidders
        return bidders is not None and (not bidders or (len(bidders) == 1 and self.top_bid[1] == bidders[0]))

    def bid_range(self, seat: int) -> tuple[int, int]:
        """R26: more than the last bid, at least the fee and at least 1 (0 is a pass), at most their chips."""
        return max(self.rules.buy_dead_hand.fee, 1, self.top_bid[0] + 1), self.chips[seat]

    def _bid(self, e: dict[str, Any]) -> None:
        assert self.auction_due(), "R26: a bid where no auction is open"
        self.open_auction()
        assert self.bidders is not None and not self.auction_closed(), "R26: a bid after the auction closed"
        self.bid_turn %= len(self.bidders)
        seat, chips = e["player"], e["chips"]
        assert seat == self.bidders[self.bid_turn], f"R26: seat {seat} bid out of turn"
        low, high = self.bid_range(seat)
        if chips:
            assert low <= chips <= high, f"R26: a bid of {chips} outside {low}..{high}"
            self.top_bid = (chips, seat)
            self.bid_turn += 1
        else:
            del self.bidders[self.bid_turn]

    def lead_options(self) -> tuple[int, list[int]]:
        """R12/R13/R16: who must lead now, and the cards they may lead (deck indices)."""
        if self.stopped == -1:
            card = self.rules.first_lead_card
            leader = self.order[0]
            if card is not None and self.owner[card.index] >= 0:
                leader = self.owner[card.index]
            return leader, self._lowest(leader, self.allowed[-1])
        seat = self.last_player
        allowed = self.allowed[self.stopped]
        options = self._lowest(seat, allowed)
        if options:
            return seat, options
        if self.rules.when_unable == "pass_left":
            nxt = self._left_of(seat)
            while nxt != seat:
                options = self._lowest(nxt, allowed)
                if options:
                    return nxt, options
                nxt = self._left_of(nxt)
        if self.rules.when_unable == "step_down":
            options = self._lowest(seat, tuple(s != self.stopped for s in range(4)))  # R28: another suit first
            if options:
                return seat, options
        return seat, self._lowest(seat, self.allowed[-1])

    def passed_over(self) -> list[int]:
        """R27: the seats the lead passes over after the stop just made, the one who should have led first."""
        if self.rules.when_unable != "pass_left" or not self.rules.pass_penalty:
            return []
        leader, _ = self.lead_options()
        seat = self.last_player
        passed: list[int] = []
        while seat != leader or not passed and not self._lowest(seat, self.allowed[self.stopped]):
            passed.append(seat)
            seat = self._left_of(seat)
            if seat == self.last_player:
                break
        return passed

    def _penalty(self, e: dict[str, Any]) -> None:
        assert self.phase == "lead" and self.penalties_due, "R27: a penalty where no lead passed over anybody"
        seat = self.penalties_due.pop(0)
        assert e["player"] == seat, f"R27: seat {e['player']} paid a penalty, seat {seat} was due to"
        assert e["chips"] == min(self.rules.pass_penalty, self.chips[seat]), "R27: the penalty, or all they have"
        self.chips[seat] -= e["chips"]
        self.pot += e["chips"]

    def _lowest(self, seat: int, allowed: tuple[bool, ...]) -> list[int]:
        lowest: dict[int, int] = {}
        for card in self.hands[seat]:
            suit = card // 13
            if allowed[suit] and (suit not in lowest or self.rank(card) < self.rank(lowest[suit])):
                lowest[suit] = card
        return sorted(lowest.values())

    def _play(self, e: dict[str, Any]) -> None:
        card, seat = INDEX[e["card"]], e["player"]
        if e["lead"]:
            assert self.phase == "lead", "a lead in the middle of a run"
            assert not self.penalties_due, f"R27: seats {self.penalties_due} passed over without their penalty"
            leader, options = self.lead_options()
            assert seat == leader, f"R12/R16: seat {seat} led, seat {leader} should have"
            assert card in options, f"R13/R16: {e['card']} is not a lawful lead"
        else:
            assert self.phase == "run" and self.next_holder >= 0, "a follow without a run"
            assert card == self.after(self.last_card), "R14/R23: runs go up one suit"
            assert seat == self.next_holder, "R14: the next card is played by its holder"
        assert self.owner[card] == seat, f"seat {seat} does not hold {e['card']}"
        if self.may_buy and self.live:
            assert self.buy_asked, "R11: the dealer could pay the fee but was not offered the dead hand"
        if self.auction_due():
            self.open_auction()
            assert self.auction_closed(), "R26: play began before the auction closed"
            assert self.top_bid[1] < 0, "R26: the auction's winner did not get the dead hand"
        self.owner[card] = PLAYED
        self.hands[seat].remove(card)
        self.may_buy = False
        self.last_card, self.last_player = card, seat
        self.played_by[card] = seat
        if e["card"] in self.boodle:
            self.boodle_due = [e["card"]]
        for key, cards in self.combos:
            if card in cards and all(self.played_by.get(c) == seat for c in cards):
                self.boodle_due.append(key)
        self.next_stop, self.next_holder = None, -1
        if not self.hands[seat]:
            self.phase = "won"
        elif (nxt := self.after(card)) is None:
            self.next_stop = "ace" if self.high else "king"
        else:
            holder = self.owner[nxt]
            if holder == DEAD:
                self.next_stop = "dead_hand"
            elif holder == REMOVED:
                self.next_stop = "removed"
            elif holder == PLAYED:
                self.next_stop = "already_played"
            else:
                self.next_holder = holder
        if self.phase != "won":
            self.phase = "run"

    def _boodle_won(self, e: dict[str, Any]) -> None:
        card = e["card"]
        assert self.boodle_due and self.boodle_due[0] == card, "R17/R30: boodle_won without its card just played"
        assert e["player"] == self.last_player
        assert e["chips"] == self.boodle[card], "R17: the whole stake on the card is won"
        self.chips[self.last_player] += self.boodle[card]
        self.boodle[card] = 0
        self.boodle_due.pop(0)

    def _stop(self, e: dict[str, Any]) -> None:
        assert self.phase == "run", "a stop without a run"
        assert INDEX[e["after"]] == self.last_card
        reason = e["reason"]
        assert reason in STOP_REASONS
        if reason == "declined":
            assert self.rules.follow == "optional" and self.next_holder >= 0, "R14: only optional follows decline"
        else:
            assert reason == self.next_stop, f"R15: stop {reason!r}, expected {self.next_stop!r}"
        self.stop_reasons[reason] = self.stop_reasons.get(reason, 0) + 1
        self.stopped = self.last_card // 13
        self.phase = "lead"
        self.penalties_due = self.passed_over()

    def _hand_won(self, e: dict[str, Any]) -> None:
        assert self.phase == "won", "R18: hand_won before a hand is empty"
        winner = e["player"]
        assert winner == self.last_player and not self.hands[winner]
        assert e["pot"] == self.pot, "R19: the winner takes the whole pot"
        per_card = self.rules.per_card_payment
        expected = [{"from": s, "chips": min(per_card * len(self.hands[s]), self.chips[s])}
                    for s in self.order if s != winner]
        assert e["payments"] == expected, "R19: payments"
        for payment in expected:
            self.chips[payment["from"]] -= payment["chips"]
            self.chips[winner] += payment["chips"]
        self.chips[winner] += self.pot
        self.pot = 0
        self.phase = "settled"

    def _deal_end(self, e: dict[str, Any]) -> None:
        assert self.phase == "settled"
        assert e["chips"] == self.chips
        assert e["boodle"] == self.boodle, "R20: boodle carried over"
        assert list(e["boodle"]) == list(self.boodle), "the boodle cards, then the combinations (R30)"
        self.phase = "between"

    def _player_out(self, e: dict[str, Any]) -> None:
        assert self.phase == "between"
        seat = e["player"]
        assert self.in_session[seat]
        candidate = self._left_of(self.dealer)
        assert self.chips[seat] < self.staying_ante(seat == candidate), "R7: put out while able to pay the ante"
        self.in_session[seat] = False

    def _boodle_split(self, e: dict[str, Any]) -> None:
        assert self.phase == "between", "boodle_split before the last deal is settled"
        assert self.rules.boodle_at_end == "split", "R22: the boodle shared under boodle_at_end: stay"
        left = sum(self.boodle.values())
        assert left > 0, "R22: a boodle_split with nothing left on the boodle cards"
        sharers = [s for s in self.order if self.in_session[s]] or list(self.order)
        each, odd = divmod(left, len(sharers))
        expected = [{"player": s, "chips": each + (i < odd)} for i, s in enumerate(sharers)]
        assert e["shares"] == expected, f"R22: shares {e['shares']}, expected {expected}"
        for share in expected:
            self.chips[share["player"]] += share["chips"]
        self.boodle = dict.fromkeys(self.boodle, 0)
        self.phase = "shared"

    def _session_end(self, e: dict[str, Any]) -> None:
        assert self.phase in ("between", "shared"), "session_end in the middle of a deal"
        if self.phase == "between" and self.rules.boodle_at_end == "split" and not self.ended_at_once:
            assert not any(self.boodle.values()), "R22: the chips left on the boodle cards were not shared"
        assert e["chips"] == self.chips
        top = max(self.chips)
        assert e["winners"] == [s for s in range(self.n) if self.chips[s] == top], "R6: most chips win, ties share"
        if self.may_end_early:
            pass
        elif self.rules.deals is None or self.deal < self.rules.deals:
            assert sum(self.in_session) < 2, "R6: ended early with two players still in"
        else:
            assert self.deal == self.rules.deals
        self.phase = "over"

    # ----- against a live session --------------------------------------------------------

    def check(self, session: Session) -> None:
        """Compare the model with the session between two steps: state, pending decision and views."""
        self.live = True
        assert session.chips == self.chips and session.pot == self.pot
        assert session.boodle == list(self.boodle.values())
        assert session.chips_total() == self.total, "R21"
        assert session.in_session == self.in_session
        decision = session.pending()
        if self.phase == "over":
            assert decision is None and session.over
            return
        assert decision is not None and not session.over
        if self.dealt:
            held = [c.index for hand in session.hands for c in hand] + [c.index for c in session.dead]
            played = [i for i in range(52) if session._owner[i] == PLAYED]
            assert sorted(held + played + sorted(self.removed)) == list(range(52)), "a card is lost or in two places"
            assert session._owner == self.owner
            for seat in range(self.n):
                assert [c.index for c in session.hands[seat]] == sorted(self.hands[seat])
            assert [c.index for c in session.dead] == sorted(self.dead)
        if isinstance(decision, StakeDecision):
            assert self.phase == "stakes" and decision.player == self.stakers[0]
            assert (decision.pot, decision.boodle_total) == self.stake_due(decision.player)
            assert decision.boodle_total > 0 and [str(c) for c in decision.cards] == list(self.boodle)
            assert self.rules.staking == "free" and len(self.boodle) > 1, "R8: no choice to make"
        elif isinstance(decision, BuyDeadDecision):
            assert self.phase == "lead" and self.may_buy, "R11: the dead hand offered when it may not be bought"
            assert decision.player == self.dealer and decision.fee == self.rules.buy_dead_hand.fee
            self.buy_asked = True
        elif isinstance(decision, BidDecision):
            assert self.auction_due(), "R26: a bid asked where no auction is open"
            self.open_auction()
            assert self.bidders is not None and not self.auction_closed()
            assert decision.player == self.bidders[self.bid_turn % len(self.bidders)], "R26: not their turn"
            low, high = self.bid_range(decision.player)
            assert (decision.low, decision.high) == (low, high) and low <= high, "R26: wrong range"
        elif isinstance(decision, LeadDecision):
            assert self.phase == "lead"
            if self.auction_due():
                self.open_auction()
                assert self.auction_closed() and self.top_bid[1] < 0, "R26: a lead before the auction closed"
            if self.may_buy:
                assert self.buy_asked, "R11: the dealer could pay the fee but was not offered the dead hand"
                self.may_buy = False
            leader, options = self.lead_options()
            assert decision.player == leader
            assert [c.index for c in decision.options] == options
            assert len(options) > 1, "a single lawful lead is played without a decision"
        elif isinstance(decision, FollowDecision):
            assert self.rules.follow == "optional" and self.phase == "run"
            assert decision.player == self.next_holder and decision.card.index == self.after(self.last_card)
        else:
            raise AssertionError(f"unknown decision {decision!r}")
        for seat in range(self.n):
            self.check_view(session, seat)

    def check_view(self, session: Session, seat: int) -> None:
        """R10 and the view rule: a seat sees its own hand and public play, other hands only as counts."""
        view = session.view(seat)
        hand = {c.index for c in view.hand}
        assert hand == (self.hands[seat] if self.dealt else set())
        played = {i for i in range(52) if self.owner[i] == PLAYED} if self.dealt else set()
        given_up = set(self.given_up) if seat == self.buyer else set()
        assert {c.index for c in view.given_up} == given_up
        shown = {c.index for c in view_cards(view)}
        assert shown <= hand | played | given_up, f"seat {seat} sees cards of another hand"
        assert {c.index for c in view.known_dead} <= (self.dead if self.dealt else set())
        assert not {c.index for c in view.unseen} & self.removed, "R24: a removed card counted as unseen"
        if self.dealt:
            assert list(view.hand_sizes) == [len(h) for h in self.hands]
            assert view.table.dead_size == len(self.dead)
        assert list(view.chips) == self.chips and view.pot == self.pot and view.dealer == self.dealer


_VIEW_FIELDS_WALKED_FAST = {"player", "table", "hand", "plays", "stops", "given_up"}


def view_cards(view: PlayerView) -> set[Card]:
    """Every card anywhere in a view, apart from the rules' own (boodle and first-lead cards)."""
    shown = set(view.hand) | set(view.given_up)
    shown.update(play.card for play in view.plays)
    shown.update(stop.after for stop in view.stops)
    shown |= _cards_in(tuple(view.table))
    for name in view._fields:
        if name not in _VIEW_FIELDS_WALKED_FAST:
            shown |= _cards_in(getattr(view, name))
    return shown


def _cards_in(value: Any) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list, set, frozenset)):  # a RuleSet is none of these: it is skipped
        found: set[Card] = set()
        for item in value:
            if not isinstance(item, (int, str)):
                found |= _cards_in(item)
        return found
    return set()


def play_checked(session: Session, agents: Sequence[Agent], referee: Referee | None = None) -> Referee:
    """Play a whole session with `agents`, checking every event and every step; the referee."""
    ref = referee or Referee()
    for event in session.start():
        ref.feed(event)
    ref.check(session)
    while (decision := session.pending()) is not None:
        seat = decision.player
        for event in session.apply(agents[seat].decide(session.view(seat), decision)):
            ref.feed(event)
        ref.check(session)
    assert ref.over, "the session stopped without session_end"
    return ref
