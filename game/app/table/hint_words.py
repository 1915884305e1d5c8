"""The hint in words: the choice the expert would make and the one reason its playouts give, kept as `Words` so
a language switch rewords the hint on screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ai.hint import BidHint, BuyHint, FollowHint, Hint, LeadHint, NoHint, StakeHint
from ...ai.hint_tally import Reason
from ...engine.cards import Card
from ...engine.combinations import Combination
from ...locale import decimal, percent
from ...locale.words import Words

Namer = Callable[[int], Callable[[], str]]  # a seat's name, worded when shown


def signed(value: float) -> str:
    """A chip estimate with its sign, in the language's decimals: "+1.8", "−0,4"."""
    if value >= 0.05:
        return f"+{decimal(value, '.1f')}"
    return f"−{decimal(-value, '.1f')}" if value <= -0.05 else f"±{decimal(0.0, '.1f')}"


class _Signed:
    """A chip estimate worded when shown (the decimal point follows the language)."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __call__(self) -> str:
        return signed(self.value)


class _Plain:
    """A non-negative chip figure worded when shown, unsigned ("0.6", "0,6")."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __call__(self) -> str:
        return decimal(max(0.0, self.value), '.1f')


class _Percent:
    """A share as the language writes a percentage ("42%", "42 %")."""

    def __init__(self, share: float) -> None:
        self.share = share

    def __call__(self) -> str:
        return percent(round(self.share * 100))


def tenths(share: float) -> int:
    """A share of the playouts as so many of 10 (at least 1 when any at all, at most 9 when not all)."""
    count = round(share * 10)
    if 0 < share < 1:
        count = min(9, max(1, count))
    return count


def reason_words(reason: Reason, name_of: Namer) -> Words:
    """The reason in words, to follow the choice."""
    share = tenths(reason.share)
    match reason.kind:
        case "sheds":
            return Words.of("hint.reason.sheds", max(1, round(reason.cards)))
        case "sheds_and_keeps_lead":
            return Words.of("hint.reason.sheds_and_keeps_lead", max(1, round(reason.cards)), share=share)
        case "keeps_lead":
            return Words.of("hint.reason.keeps_lead", share=share)
        case "own_boodle":
            return Words.of("hint.reason.own_boodle", card=reason.card, share=share)
        case "others_boodle" if reason.holder is not None:
            return Words.of("hint.reason.others_boodle_known", card=reason.card, name=name_of(reason.holder))
        case "others_boodle":
            return Words.of("hint.reason.others_boodle", card=reason.card)
        case "goes_out":
            return Words.of("hint.reason.goes_out", share=share)
        case "chips_only":
            return Words.of("hint.reason.chips_only", value=_Signed(reason.value))
    if round(reason.value, 1) == round(reason.other, 1):  # the two would read alike: say so instead
        return Words.of("hint.reason.close", value=_Signed(reason.value))
    return Words.of("hint.reason.chips", value=_Signed(reason.value), other=_Signed(reason.other))


class _Edge(_Plain):
    """A selected choice's edge over the next best, always with a plus ("+0.3", "+0,0")."""

    def __call__(self) -> str:
        return f"+{super().__call__()}"


def _close(key: str, reason: Reason, card: Card | None = None, other: Card | None = None, **params: Any) -> Words:
    """Two choices about equal: the selected one's edge over the other with its margin of error."""
    return Words.of(key, card=card, other=other, edge=_Edge(reason.edge), spread=_Plain(reason.spread), **params)


def hint_words(hint: Hint, name_of: Namer) -> Words:
    """The hint in words, worded when shown: the choice, then its reason (or that it is about equal to the next)."""
    match hint:
        case LeadHint(reason=Reason(kind="about_equal") as reason) if len(hint.ranked) > 1:
            return _close("hint.lead_close", reason, card=hint.card, other=hint.ranked[1][0])
        case FollowHint(card=card, play=play, decline=decline, reason=Reason(kind="about_equal") as reason):
            return _close("hint.play_close" if play >= decline else "hint.decline_close", reason, card=card)
        case BuyHint(buy=buy, keep=keep, reason=Reason(kind="about_equal") as reason):
            return _close("hint.buy_close" if buy > keep else "hint.keep_close", reason)
        case LeadHint(reason=reason):
            return Words.of("hint.lead", card=hint.card, reason=reason_words(reason, name_of))
        case FollowHint(card=card, play=play, decline=decline, reason=reason):
            key = "hint.play" if play >= decline else "hint.decline"
            return Words.of(key, card=card, reason=reason_words(reason, name_of))
        case BidHint(chips=chips, buy=buy, keep=keep, reason=Reason(kind="about_equal") as reason):
            return _close("auction.hint.bid_close" if buy > keep else "auction.hint.pass_close", reason, chips=chips)
        case BidHint(chips=chips, buy=buy, keep=keep, reason=reason):
            key = "auction.hint.bid" if buy > keep else "auction.hint.pass"
            return Words.of(key, chips=chips, reason=reason_words(reason, name_of))
        case BuyHint(buy=buy, keep=keep, reason=reason):
            return Words.of("hint.buy" if buy > keep else "hint.keep", reason=reason_words(reason, name_of))
        case StakeHint(card=card, seats=seats, rate=rate, other=other, other_rate=other_rate) if hint.barely_matters:
            return Words.of("hint.stake_even", card=card, other=other, seats=seats, rate=_Percent(rate),
                            other_rate=_Percent(other_rate))
        case StakeHint(card=Combination() as card, seats=seats, rate=rate, chips=chips):  # R30: a pile is won
            return Words.of("combinations.hint_stake", chips, card=card, seats=seats, rate=_Percent(rate))
        case StakeHint(card=card, seats=seats, rate=rate, chips=chips):
            return Words.of("hint.stake", chips, card=card, seats=seats, rate=_Percent(rate))
        case NoHint(error=error):
            return Words.of("table.hint.unavailable", error=error)
