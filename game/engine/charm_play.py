"""Charms at the table (R31-R39): the moments a seat may use one, the decision that offers them, and their effects.

A session whose seats hold no charm never comes here (`_charmed` is False): its decisions, events and shuffles are
the classic game's, byte for byte. With charms, each moment (`charms.MOMENTS`) asks the seats that could use one
now, in turn, with a `CharmDecision` listing every lawful use; a seat that declines leaves the game as it was.
A charm's own randomness (which dead cards a peek shows) comes from a stream of its own, never the deal's, so
the deals of a session are the same whether or not a charm is used.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, Card
from .charms import CharmSpec
from .decisions import CharmDecision, CharmUse
from .errors import IllegalActionError
from .events import Charm, Payment, Stop
from .ranks import successors
from .state import DEAD, SessionState
from .view import CharmUsed

CHARM_STOP = -2  # R35: in a deal's successors, a card a charm made a stop
PRIVATE = ("peek_dead", "swap_dead")  # R32, R33: what these name is the holder's alone

_new = tuple.__new__


class CharmPlay(SessionState):
    """The session's charms: who may use one when, and what each effect does."""

    __slots__ = ()

    def _setup_charms(self, charms: Any) -> None:
        """R31: each seat's charms (none by default), with their uses."""
        held: tuple[tuple[CharmSpec, ...], ...] = tuple(() for _ in range(self.n)) if charms is None else tuple(
            tuple(seat) for seat in charms)
        if len(held) != self.n:
            raise ValueError(f"R31: charms for {len(held)} seats at a table of {self.n}")
        for seat, specs in enumerate(held):
            if not all(isinstance(spec, CharmSpec) for spec in specs):
                raise ValueError(f"R31: seat {seat}'s charms are not CharmSpecs")
            ids = [spec.id for spec in specs]
            if len(set(ids)) != len(ids):
                raise ValueError(f"R31: seat {seat} holds a charm twice ({', '.join(ids)})")
        self._charms = held
        self._charmed = any(held)
        self._charm_left = [[spec.session_uses for spec in specs] for specs in held]
        self._charm_dealt = [[False] * len(specs) for specs in held]
        self._charm_seen = [() for _ in range(self.n)]
        self._charm_uses = ()
        self._charm_at = None
        self._stakes_now = [{} for _ in range(self.n)]

    def _charm_new_deal(self) -> None:
        """A new deal: once-a-deal charms are ready again, peeks and named stops are forgotten."""
        self._charm_dealt = [[False] * len(specs) for specs in self._charms]
        self._charm_seen = [() for _ in range(self.n)]
        self._charm_uses = ()
        self._stakes_now = [{} for _ in range(self.n)]
        base = successors(self.rules.aces)
        if self._run_constants[3] is not base:
            self._run_constants = self._run_constants[:3] + (base,) + self._run_constants[4:]

    def _charm_staked(self, seat: int, slot: int, chips: int) -> None:
        """Remember what `seat` staked this deal (R34 moves it)."""
        stakes = self._stakes_now[seat]
        stakes[slot] = stakes.get(slot, 0) + chips

    # ----- the moments -----------------------------------------------------------------------------

    def _charm_after_deal(self) -> bool:
        """R31: after the deal (and any buying of the dead hand), before the first lead."""
        return self._open_moment("after_deal", list(self._order), ())

    def _charm_stop(self, seat: int, suit: int) -> None:
        """R31: after a stop, before the next lead: every seat from the one who played the last card round."""
        if not self._open_moment("stop", [seat] + [s for s in self._seats_from_left_of(seat) if s != seat],
                                 (seat, suit)):
            self._lead(seat, suit)

    def _charm_lead(self, seat: int, suit: int, options: list[Card]) -> bool:
        """R31: a seat about to lead after a stop."""
        return self._open_moment("lead", [seat], (seat, suit, options))

    def _charm_follow(self, holder: int, nxt: int, c: int, seat: int) -> bool:
        """R31: a seat about to play a compulsory follow."""
        return self._open_moment("follow", [holder], (holder, nxt, c, seat))

    def _charm_hit(self, seat: int, c: int, won: int) -> bool:
        """R31: a seat that has just hit a boodle card."""
        return self._open_moment("hit", [seat], (seat, c, won))

    def _open_moment(self, moment: str, seats: list[int], context: tuple[Any, ...]) -> bool:
        """Offer the moment's charms to `seats` in turn; True when a decision is open."""
        self._charm_at = [moment, seats, 0, set(), context]
        return self._offer_next()

    def _offer_next(self) -> bool:
        at = self._charm_at
        assert at is not None
        moment, seats, _, used, context = at
        while at[2] < len(seats):
            seat = seats[at[2]]
            options = self._charm_options(seat, moment, context, used)
            if options:
                self._pending = CharmDecision(seat, moment, tuple(options), context[2] if moment == "hit" else 0)
                return True
            at[2] += 1
            used.clear()
        self._charm_at = None
        return False

    def _go_on(self, moment: str, context: tuple[Any, ...]) -> None:
        """Nobody used (another) charm at this moment: the game goes on as it would have."""
        if moment == "after_deal":
            self._lead_first()
        elif moment == "stop":
            self._lead(*context)
        elif moment == "lead":
            self._lead_with(context[0], context[2])
        elif moment == "follow":
            self._run(context[0], context[1], False)
        else:
            self._run(context[0], context[1], False, True)

    # ----- what may be used -------------------------------------------------------------------------

    def _charm_options(self, seat: int, moment: str, context: tuple[Any, ...], used: set[str]) -> list[CharmUse]:
        """Every lawful use of `seat`'s charms at this moment."""
        options: list[CharmUse] = []
        if not self.in_session[seat] or (not self.hands[seat] and moment != "hit"):  # a hit may go out
            return options
        for place, spec in enumerate(self._charms[seat]):
            if (spec.when != moment or spec.id in used or self._charm_left[seat][place] <= 0
                    or (spec.per_deal and self._charm_dealt[seat][place]) or self.chips[seat] < spec.fee):
                continue
            options += [CharmUse(spec.id, card) for card in self._targets(seat, spec, context)]
        return options

    def _targets(self, seat: int, spec: CharmSpec, context: tuple[Any, ...]) -> list[Card | None]:
        """The targets `spec` may take now (None for an effect without one); empty when it may not be used."""
        effect, hand = spec.effect, self.hands[seat]
        if effect == "peek_dead":
            return [None] if any(card not in self._charm_seen[seat] for card in self.dead) else []
        if effect == "swap_dead":
            return list(hand) if self.dead else []
        if effect == "move_stake":
            stakes = self._stakes_now[seat]
            cards = self.rules.boodle_cards
            return [card for slot, card in enumerate(cards)
                    if any(chips for other, chips in stakes.items() if other != slot)]
        if effect == "make_stop":
            after = self._run_constants[3]
            return [card for card in hand if after[card.index] >= 0]
        if effect == "lead_any":
            lawful = context[2]
            return [card for card in self._lead_options(seat, -1) if card not in lawful] if context[0] == seat else []
        if effect == "block_follow":
            return [DECK[context[1]]]
        if effect == "take_lead":  # R38: not by the player who stopped, nor with fewer cards than `min_hand`
            if seat == context[0] or len(hand) < spec.param("min_hand"):
                return []
            return list(self._lead_options(seat, context[1]))
        if effect == "hit_again":
            each = context[2] // spec.param("per")
            return [None] if each and any(self.chips[s] for s in self._order if s != seat) else []
        raise AssertionError(f"unknown effect {effect}")

    # ----- a use -------------------------------------------------------------------------------------

    def _apply_charm(self, decision: CharmDecision, use: Any) -> None:
        at = self._charm_at
        assert at is not None
        moment, context = at[0], at[4]
        if use is not None and (type(use) is not CharmUse or use not in decision.options):
            held = ", ".join(f"{o.charm}{'' if o.card is None else ' ' + str(o.card)}" for o in decision.options)
            raise IllegalActionError(f"R31: {use!r} is not a lawful use of a charm now ({held}, or None)")
        self._pending = None
        if use is None:
            at[2] += 1
            at[3].clear()
        else:
            seat = decision.player
            place = next(i for i, spec in enumerate(self._charms[seat]) if spec.id == use.charm)
            spec = self._charms[seat][place]
            self._charm_left[seat][place] -= 1
            self._charm_dealt[seat][place] = True
            at[3].add(spec.id)
            self._table_view = None
            if self._use(seat, spec, use.card, context):
                return  # the charm took the game elsewhere (a lead, a stop)
        if not self._offer_next():
            self._go_on(moment, context)

    def _stream(self, seat: int, spec: CharmSpec) -> random.Random:
        """The charm's own stream for this use: never the deal's, so using a charm changes no later shuffle; and
        named by the deal and the cards played in it (a charm is used once a moment), not by the session before,
        so a deal laid on its own (`LaidDeal`) draws the same."""
        return random.Random(f"charm:{self.seed}:{self.deal_number}:{seat}:{spec.id}:{len(self._plays)}")

    def _use(self, seat: int, spec: CharmSpec, card: Card | None, context: tuple[Any, ...]) -> bool:
        """Apply one charm (R32-R39) and log it; True when it moved the game on by itself."""
        effect = spec.effect
        cards: tuple[Card, ...] = () if card is None else (card,)
        payments: tuple[Payment, ...] = ()
        boodle: tuple[tuple[Any, int], ...] = ()
        out = self._out
        if effect == "peek_dead":
            unseen = [c for c in self.dead if c not in self._charm_seen[seat]]
            shown = self._stream(seat, spec).sample(unseen, min(spec.param("cards"), len(unseen)))
            cards = tuple(sorted(shown, key=lambda c: c.index))
            self._charm_seen[seat] = tuple(sorted(self._charm_seen[seat] + cards, key=lambda c: c.index))
        elif effect == "swap_dead":
            assert card is not None
            taken = self._stream(seat, spec).choice(self.dead)
            self._swap_card(seat, card, taken)
            cards = (card, taken)
        elif effect == "move_stake":
            assert card is not None
            boodle = self._move_stake(seat, self.rules.boodle_cards.index(card))
        elif effect == "make_stop":
            assert card is not None
            after = list(self._run_constants[3])
            after[card.index] = CHARM_STOP
            self._run_constants = self._run_constants[:3] + (tuple(after),) + self._run_constants[4:]
        elif effect == "hit_again":
            each = context[2] // spec.param("per")
            payments = self._pay_again(seat, each)
        if spec.fee:
            self.chips[seat] -= spec.fee
            self.pot += spec.fee
        out.append(Charm(seat, spec.id, effect, cards, spec.fee, payments, boodle))
        public = None if effect in PRIVATE else card
        self._charm_uses += (CharmUsed(seat, spec.id, effect, public, len(self._plays)),)
        if effect in ("lead_any", "take_lead"):
            assert card is not None
            self._charm_at = None
            self._run(seat, card.index, True)
            return True
        if effect == "block_follow":
            c, run_seat = context[2], context[3]
            out.append(Stop(DECK[c], "declined"))  # R37: a block is a decline the rules did not allow
            self._stops.append(Stop(DECK[c], "no_follow"))  # at the table, as a decline looks (R15)
            self._charm_at = None
            self._charm_stop(run_seat, DECK[c].suit)
            return True
        return False

    def _swap_card(self, seat: int, given: Card, taken: Card) -> None:
        """R33: `given` goes to the dead hand, `taken` comes from it."""
        hand = self.hands[seat]
        hand.remove(given)
        hand.append(taken)
        hand.sort(key=lambda c: c.index)
        self.dead = sorted([c for c in self.dead if c is not taken] + [given], key=lambda c: c.index)
        self._owner[given.index] = DEAD
        self._owner[taken.index] = seat
        seen = [c for c in self._charm_seen[seat] if c is not taken] + [given]
        self._charm_seen[seat] = tuple(sorted(seen, key=lambda c: c.index))

    def _move_stake(self, seat: int, target: int) -> tuple[tuple[Any, int], ...]:
        """R34: every chip `seat` staked this deal goes onto boodle card `target`; the piles changed, as they are."""
        stakes = self._stakes_now[seat]
        moved = 0
        changed = {target}
        for slot, chips in list(stakes.items()):
            if slot != target and chips:
                self.boodle[slot] -= chips
                moved += chips
                changed.add(slot)
                del stakes[slot]
        self.boodle[target] += moved
        stakes[target] = stakes.get(target, 0) + moved
        piles = self.rules.piles
        return tuple((piles[slot], self.boodle[slot]) for slot in sorted(changed))

    def _pay_again(self, seat: int, each: int) -> tuple[Payment, ...]:
        """R39: every other player of the deal pays `seat` `each` chips (all they have, if fewer)."""
        payments = []
        for other in self._order:
            if other != seat:
                paid = min(each, self.chips[other])
                self.chips[other] -= paid
                self.chips[seat] += paid
                payments.append(Payment(other, paid))
        return tuple(payments)

    # ----- what a seat sees ---------------------------------------------------------------------------

    def charms_held(self) -> tuple[tuple[tuple[CharmSpec, int], ...], ...]:
        """Every seat's charms with the uses left now (a once-a-deal charm: 1 until used this deal, then 0)."""
        return tuple(tuple((spec, 0 if spec.per_deal and dealt else left)
                           for spec, left, dealt in zip(specs, self._charm_left[seat], self._charm_dealt[seat]))
                     for seat, specs in enumerate(self._charms))

