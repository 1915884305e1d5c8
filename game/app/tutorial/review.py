"""The coach's word on the player's choices in the guided deal: what a lead did, and, when the expert's values
(the hint's search, run on a worker thread) put another choice clearly ahead, which one and why, told from what
the player can see: their own cards in a row, a boodle card of theirs up the suit, a king on top.

The values stay behind the words: a newcomer reads "the 5♣ would have started four of your own clubs in a row",
never a number of chips.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ai.hint import FollowHint, Hint, LeadHint
from ...ai.worker import OnWorker
from ...engine.cards import Card
from ...engine.decisions import FollowDecision, LeadDecision
from ...engine.view import PlayerView
from ...locale import tr, trn
from ...locale.cards import card_label

CLEARLY_BETTER = 1.0  # chips: another choice this far ahead of the player's is named (less is the search's noise)
KING = 13


@dataclass(frozen=True)
class Look:
    """What the player can see of a lead: their own cards in a row from it, a boodle card of theirs (with chips on
    it) up the suit, and whether their cards in a row end on the king."""

    card: Card
    own_run: tuple[Card, ...]
    boodle: Card | None
    king: bool

    @property
    def speaks(self) -> bool:
        """True when something the player can see says why this lead is good."""
        return self.boodle is not None or len(self.own_run) > 1


def look_at(card: Card, view: PlayerView) -> Look:
    """The visible promise of leading (or playing) `card` from this hand."""
    hand = set(view.hand)
    run = [card]
    while run[-1].rank < KING and Card(run[-1].rank + 1, card.suit) in hand:
        run.append(Card(run[-1].rank + 1, card.suit))
    staked = [boodle for boodle, chips in view.table.boodle if chips > 0 and boodle.suit == card.suit
              and boodle.rank >= card.rank and boodle in hand]
    return Look(card, tuple(run), min(staked, key=lambda c: c.rank, default=None), run[-1].rank == KING)


def why_better(better: Look) -> str:
    """Why a lead was the better one, in a newcomer's words, from what the player could see."""
    count = len(better.own_run)
    if better.boodle == better.card:
        return tr("tutorial.why.boodle_itself")
    if better.boodle is not None and better.boodle in better.own_run:
        return trn("tutorial.why.boodle_run", count, boodle=card_label(better.boodle))
    if better.boodle is not None:
        return tr("tutorial.why.boodle_up", boodle=card_label(better.boodle))
    if better.king and count > 1:
        return trn("tutorial.why.king", count, king=card_label(better.own_run[-1]))
    if count > 1:
        return trn("tutorial.why.own_run", count)
    return tr("tutorial.why.played_out")


@dataclass
class Choice:
    """One of the player's choices: the decision, what they saw, the expert's values searched meanwhile, and
    (once made) what they chose."""

    decision: LeadDecision | FollowDecision
    view: PlayerView
    search: OnWorker[Hint]
    made: Card | bool | None = None  # the card led, or whether the run's next card was played

    @property
    def ready(self) -> bool:
        """True once the expert's values are in."""
        return self.search.ready

    def better(self) -> Card | bool | None:
        """The choice clearly ahead of the player's (a card, or play/keep back), or None when theirs was fine."""
        hint = self.search.result()
        if isinstance(hint, LeadHint) and isinstance(self.made, Card):
            values = dict(hint.ranked)
            best, value = hint.ranked[0]
            return best if value - values.get(self.made, value) >= CLEARLY_BETTER else None
        if isinstance(hint, FollowHint) and isinstance(self.made, bool):
            mine, other = (hint.play, hint.decline) if self.made else (hint.decline, hint.play)
            return (not self.made) if other - mine >= CLEARLY_BETTER else None
        return None  # the search failed: say nothing rather than guess


@dataclass
class Run:
    """The run one of the player's leads started, as the table showed it: who played what, the boodle cards the
    player hit in it, and how it ended."""

    choice: Choice
    plays: list[tuple[int, Card]] = field(default_factory=list)
    hits: list[tuple[Card, int]] = field(default_factory=list)
    stop: tuple[Card, str] | None = None  # the card it stopped after, and why as the player may know it
    out: int | None = None  # the seat that went out in it

    @property
    def ended(self) -> bool:
        """True once the run stopped or someone went out in it."""
        return self.stop is not None or self.out is not None


def lead_review(run: Run) -> tuple[str, str]:
    """The review of a lead's run: its title and its words, what it did, then the verdict (who leads next, or who
    went out, the steps of the stop and of going out say)."""
    led = run.plays[0][1] if run.plays else run.choice.made
    assert isinstance(led, Card)
    label = card_label(led)
    mine = sum(1 for seat, _ in run.plays if seat == 0)
    reason = run.stop[1] if run.stop is not None else ""
    if len(run.plays) > 1:
        words = [trn("tutorial.review.ran", len(run.plays), card=label, mine=mine)]
    elif led.rank == KING:
        words = [tr("tutorial.review.king_alone", card=label)]
    else:
        alone = {"kept": "kept", "already_played": "already"}.get(reason, "alone")
        words = [tr(f"tutorial.review.{alone}", card=label, next=card_label(Card(led.rank + 1, led.suit)))]
    words += [trn("tutorial.review.hit", chips, card=card_label(card)) for card, chips in run.hits]
    better = run.choice.better()
    if isinstance(better, Card):
        words.append(tr("tutorial.review.better", card=card_label(better),
                        why=why_better(look_at(better, run.choice.view))))
    elif reason != "kept" and isinstance(run.choice.made, Card) and \
            (look := look_at(run.choice.made, run.choice.view)).speaks:
        words.append(tr("tutorial.review.good", why=why_better(look)))
    else:
        words.append(tr("tutorial.review.fine"))
    return tr("tutorial.review.title", card=label), " ".join(words)


def follow_review(choice: Choice) -> tuple[str, str] | None:
    """The word on a follow when the other answer was clearly better (None when the player's was fine)."""
    better = choice.better()
    if better is None or not isinstance(choice.decision, FollowDecision):
        return None
    card = choice.decision.card
    label = card_label(card)
    if better is False:
        following = Card(card.rank + 1, card.suit) if card.rank < KING else None
        if following is None or following in choice.view.hand:
            return None  # a king, or a run coming back to the player: nothing visible says why to keep it back
        return tr("tutorial.review.keep_title", card=label), tr("tutorial.review.keep_body", card=label)
    look = look_at(card, choice.view)
    if len(look.own_run) > 1:
        why = tr("tutorial.review.play_run", next=card_label(look.own_run[1]))
    elif look.boodle is not None:
        why = tr("tutorial.review.play_boodle", boodle=card_label(look.boodle))
    else:
        why = tr("tutorial.review.play_shed")
    return tr("tutorial.review.play_title", card=label), f"{tr('tutorial.review.play_body', card=label)} {why}"
