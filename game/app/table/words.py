"""What the table tells the player in words: whose turn it is and why a card may not be led (the hint's words are
`hint_words`). Everything is kept as `Words` where it stays on screen, so a language switch rewords it."""

from __future__ import annotations

from typing import Any

from ...engine.cards import Card, Suit
from ...engine.ranks import lowest_of_suits
from ...engine.rules import RuleSet
from ...locale import tr
from ...locale.words import Words


def your_turn(kind: str) -> str:
    """The status band's words when the human must decide `kind` ("stake", "buy_dead", "lead", "follow", "bid",
    "charm")."""
    if kind in ("bid", "charm"):  # R26, R31: their words are the auction's and the charms' own
        return tr("auction.turn.you" if kind == "bid" else "charm_tray.turn.you")
    return tr(f"table.turn.you.{kind}")


def their_turn(kind: str, name: str) -> str:
    """The status band's words while `name` decides `kind`."""
    if kind == "charm":
        return tr("charm_tray.turn.them", name=name)
    return tr("auction.turn.them" if kind == "bid" else f"table.turn.them.{kind}", name=name)


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
    lowest = lowest_of_suits(hand, rules.aces)[suit]
    return Words.of("table.refusal.lowest", suit=suit.symbol, card=lowest)


def lead_refusal(card: Card, hand: list[Card], options: tuple[Card, ...], rules: RuleSet,
                 stopped_suit: int | None) -> str:
    """Why `card` may not be led now, in the current language's words (empty when it may)."""
    words = lead_refusal_words(card, hand, options, rules, stopped_suit)
    return "" if words is None else str(words)


TakingKeys = tuple[str, str, str]  # the pot and the cards left, the pot alone, the cards left alone
TAKE_BANNER: dict[bool, TakingKeys] = {
    True: ("table.banner.you_take_all", "table.banner.you_take_pot", "table.banner.you_take_cards"),
    False: ("table.banner.they_take_all", "table.banner.they_take_pot", "table.banner.they_take_cards")}
TOOK_SUMMARY: dict[bool, TakingKeys] = {
    True: ("summary.you_took", "summary.you_took_pot", "summary.you_took_cards"),
    False: ("summary.they_took", "summary.they_took_pot", "summary.they_took_cards")}


def takings(keys: TakingKeys, pot: int, paid: int, **params: Any) -> Words | None:
    """What the winner of a deal takes, worded by `keys`: never "the pot of 0" (American Michigan has no pot) nor "0
    chips for the cards left"; None when there is nothing to take."""
    both, pot_only, cards_only = keys
    if pot and paid:
        return Words.of(both, paid, pot=pot, **params)
    if pot:
        return Words.of(pot_only, pot=pot, **params)
    if paid:
        return Words.of(cards_only, paid, **params)
    return None
