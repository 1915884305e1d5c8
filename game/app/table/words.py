"""What the table tells the player in words: whose turn it is, why a card may not be led, and what the hint
advises. Everything is kept as `Words` where it stays on screen, so a language switch rewords it."""

from __future__ import annotations

from ...ai.hint import BuyHint, FollowHint, Hint, LeadHint, NoHint, StakeHint
from ...engine.cards import Card, Suit, card_order
from ...engine.rules import RuleSet
from ...locale import decimal, percent, tr
from ...locale.cards import card_label
from ...locale.words import Words


def your_turn(kind: str) -> str:
    """The status band's words when the human must decide `kind` ("stake", "buy_dead", "lead", "follow")."""
    return tr(f"table.turn.you.{kind}")


def their_turn(kind: str, name: str) -> str:
    """The status band's words while `name` decides `kind`."""
    return tr(f"table.turn.them.{kind}", name=name)


def lead_refusal_words(card: Card, hand: list[Card], options: tuple[Card, ...], rules: RuleSet,
                       stopped_suit: int | None) -> Words | None:
    """Why `card` may not be led now (None when it may), from the decision's options and the rules' settings."""
    if card in options:
        return None
    suit = card.suit
    if not any(option.suit == suit for option in options):
        if stopped_suit is not None and rules.switch_suit:
            stopped = Suit(stopped_suit)
            if rules.switch_to == "other_colour":
                key = "table.refusal.lead_black" if stopped.is_red else "table.refusal.lead_red"
                return Words.of(key, suit=stopped.symbol)
            return Words.of("table.refusal.switch_suit", suit=stopped.symbol)
        return Words.of("table.refusal.not_now", suit=suit.symbol)
    lowest = min((c for c in hand if c.suit == suit), key=card_order)
    return Words.of("table.refusal.lowest", suit=suit.symbol, card=lowest)


def lead_refusal(card: Card, hand: list[Card], options: tuple[Card, ...], rules: RuleSet,
                 stopped_suit: int | None) -> str:
    """Why `card` may not be led now, in the current language's words (empty when it may)."""
    words = lead_refusal_words(card, hand, options, rules, stopped_suit)
    return "" if words is None else str(words)


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


class _Others:
    """The other leads with their estimates, "3♣ +0.4, 9♦ −1.2", worded when shown."""

    def __init__(self, ranked: list[tuple[Card, float]]) -> None:
        self.ranked = ranked

    def __call__(self) -> str:
        return ", ".join(f"{card_label(card)} {signed(value)}" for card, value in self.ranked)


class _Percent:
    """A share as the language writes a percentage ("42%", "42 %")."""

    def __init__(self, share: float) -> None:
        self.share = share

    def __call__(self) -> str:
        return percent(round(self.share * 100))


def hint_words(hint: Hint) -> tuple[Words, Card | None]:
    """The hint in words worded when shown, and the card it would play, if any."""
    match hint:
        case LeadHint(ranked=ranked) if len(ranked) == 1:
            return Words.of("table.hint.lead_only", card=hint.card, value=_Signed(ranked[0][1])), hint.card
        case LeadHint(ranked=ranked):
            return Words.of("table.hint.lead", card=hint.card, value=_Signed(ranked[0][1]),
                            others=_Others(list(ranked[1:]))), hint.card
        case FollowHint(card=card, play=play, decline=decline):
            key, chosen = ("table.hint.play", card) if play >= decline else ("table.hint.decline", None)
            return Words.of(key, card=card, play=_Signed(play), decline=_Signed(decline)), chosen
        case BuyHint(buy=buy, keep=keep):
            key = "table.hint.buy" if buy > keep else "table.hint.keep"
            return Words.of(key, buy=_Signed(buy), keep=_Signed(keep)), None
        case StakeHint(card=card, seats=seats, rate=rate, chips=chips):
            return Words.of("table.hint.stake", chips, card=card, seats=seats, rate=_Percent(rate)), None
        case NoHint(error=error):
            return Words.of("table.hint.unavailable", error=error), None
