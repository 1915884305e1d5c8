"""The hint in words: the choice the expert would make and the one reason its playouts give, in a player's words
(`hint_words`), and the figures behind them (`hint_detail`, shown when the player asks for the details); kept as
`Words` so a language switch rewords the hint on screen."""

from __future__ import annotations

from collections.abc import Callable

from ...ai.hint import BidHint, BuyHint, CharmHint, FollowHint, Hint, LeadHint, NoHint, StakeHint
from ...ai.hint_tally import Reason
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


PLAIN = ("sheds", "sheds_and_keeps_lead", "keeps_lead", "own_boodle", "goes_out", "chips", "chips_only")


def plain_reason(reason: Reason, name_of: Namer) -> Words:
    """The reason in a player's words, without figures, to follow the choice."""
    if reason.kind in PLAIN:
        return Words.of(f"hint.plain.{reason.kind}", card=reason.card)
    return reason_words(reason, name_of)  # a boodle card named, no figure: already a player's words


def reason_words(reason: Reason, name_of: Namer) -> Words:
    """The reason with its figures (the details of `plain_reason`)."""
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
    if close_call(reason):  # the two would read alike: say so instead
        return Words.of("hint.reason.close", value=_Signed(reason.value))
    return Words.of("hint.reason.chips", value=_Signed(reason.value), other=_Signed(reason.other))


class _Edge(_Plain):
    """A selected choice's edge over the next best, always with a plus ("+0.3", "+0,0")."""

    def __call__(self) -> str:
        return f"+{super().__call__()}"


def close_call(reason: Reason) -> bool:
    """Whether the chips of the choice and of the next best read alike (the plain words then call it close)."""
    return reason.kind == "chips" and round(reason.value, 1) == round(reason.other, 1)


def hint_words(hint: Hint, name_of: Namer) -> Words:
    """The hint in a player's words, worded when shown: the choice, then its reason (or that it is about as good
    as the next); its figures are `hint_detail`'s."""
    match hint:
        case LeadHint(reason=Reason(kind="about_equal")) if len(hint.ranked) > 1:
            return Words.of("hint.lead_close", card=hint.card, other=hint.ranked[1][0])
        case FollowHint(card=card, play=play, decline=decline, reason=Reason(kind="about_equal")):
            return Words.of("hint.play_close" if play >= decline else "hint.decline_close", card=card)
        case BuyHint(buy=buy, keep=keep, reason=Reason(kind="about_equal")):
            return Words.of("hint.buy_close" if buy > keep else "hint.keep_close")
        case BidHint(chips=chips, buy=buy, keep=keep, reason=Reason(kind="about_equal")):
            return Words.of("auction.hint.bid_close" if buy > keep else "auction.hint.pass_close", chips=chips)
        case LeadHint(reason=reason) | FollowHint(reason=reason) | BidHint(reason=reason) | BuyHint(reason=reason):
            close = close_call(reason) or reason.kind == "about_equal"  # (about equal to a choice not named)
            plain = Words.of("hint.plain.close") if close else plain_reason(reason, name_of)
            return _choice(hint, plain)
        case StakeHint(card=card, other=other) if hint.barely_matters:
            return Words.of("hint.stake_even", card=card, other=other)
        case StakeHint(card=Combination() as card, chips=chips):  # R30: a pile is won
            return Words.of("combinations.hint_stake", chips, card=card)
        case StakeHint(card=card, chips=chips):
            return Words.of("hint.stake", chips, card=card)
        case NoHint(error=error):
            return Words.of("table.hint.unavailable", error=error)
        case CharmHint(use=None):
            return Words.of("charm_hint.pass")
        case CharmHint(use=use, decline=decline, use_value=value) if use is not None:
            name = Words.of(f"charms.{use.charm}.name")
            if decline == value == 0.0:
                return Words.of("charm_hint.peek", charm=name)
            if use.card is None:
                return Words.of("charm_hint.use", charm=name, edge=_Edge(value - decline))
            return Words.of("charm_hint.use_on", charm=name, card=use.card, edge=_Edge(value - decline))
    raise AssertionError(f"no words for {hint!r}")


def _choice(hint: LeadHint | FollowHint | BidHint | BuyHint, reason: Words) -> Words:
    """The choice a hint makes, with `reason` after it."""
    match hint:
        case LeadHint():
            return Words.of("hint.lead", card=hint.card, reason=reason)
        case FollowHint(card=card, play=play, decline=decline):
            return Words.of("hint.play" if play >= decline else "hint.decline", card=card, reason=reason)
        case BidHint(chips=chips, buy=buy, keep=keep):
            return Words.of("auction.hint.bid" if buy > keep else "auction.hint.pass", chips=chips, reason=reason)
        case BuyHint(buy=buy, keep=keep):
            return Words.of("hint.buy" if buy > keep else "hint.keep", reason=reason)


def hint_detail(hint: Hint, name_of: Namer) -> Words | None:
    """The figures behind a hint's plain words (the chips expected, how often in the playouts), shown when the
    player asks for the details; None when its words already say all there is."""
    match hint:
        case LeadHint(reason=reason) | FollowHint(reason=reason) | BidHint(reason=reason) | BuyHint(reason=reason):
            if reason.kind == "about_equal":
                return Words.of("hint.detail.close", edge=_Edge(reason.edge), spread=_Plain(reason.spread))
            if reason.kind in PLAIN:
                return reason_words(reason, name_of)
        case StakeHint(seats=seats, rate=rate, other_rate=other_rate) if hint.barely_matters:
            return Words.of("hint.detail.stake_even", seats=seats, rate=_Percent(rate), other_rate=_Percent(other_rate))
        case StakeHint(card=Combination(), seats=seats, rate=rate):
            return Words.of("combinations.hint_detail", seats=seats, rate=_Percent(rate))
        case StakeHint(seats=seats, rate=rate):
            return Words.of("hint.detail.stake", seats=seats, rate=_Percent(rate))
        case CharmHint(best=best, decline=decline, use_value=value) if best is not None and (decline or value):
            return Words.of("charm_hint.detail", charm=Words.of(f"charms.{best.charm}.name"),
                            decline=_Signed(decline), value=_Signed(value))
    return None
