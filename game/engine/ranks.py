"""Rank order under the rules (R23, R24): which card follows which in a run, and which is lowest in a suit."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import cache

from .cards import ACE, DECK, KING, Card

TOP = -1  # a run's last card: nothing follows it


def rank_value(card: Card, aces: str) -> int:
    """R23: the card's place in its suit, 1 (lowest) to 14; the ace is 14 when aces are high."""
    return KING + 1 if aces == "high" and card.rank == ACE else card.rank


def top_rank(aces: str) -> int:
    """R23: the rank every run stops at: the king, or the ace when aces are high."""
    return ACE if aces == "high" else KING


def top_reason(aces: str) -> str:
    """R23: the stop reason for a run reaching the top card."""
    return "ace" if aces == "high" else "king"


@cache
def successors(aces: str) -> tuple[int, ...]:
    """By deck index: the index of the card a run goes on to, or TOP at the top card."""
    after: list[int] = []
    for card in DECK:
        base = card.index - card.rank + 1
        if aces == "high":
            after.append(TOP if card.rank == ACE else base if card.rank == KING else card.index + 1)
        else:
            after.append(TOP if card.rank == KING else card.index + 1)
    return tuple(after)


def successor(card: Card, aces: str) -> Card | None:
    """The card after `card` in a run, or None at the top."""
    nxt = successors(aces)[card.index]
    return None if nxt == TOP else DECK[nxt]


def hand_order(aces: str) -> Callable[[Card], int]:
    """Sort key for showing a hand: by suit, then rank as the rules rank it (a high ace last in its suit)."""
    return lambda card: int(card.suit) * 16 + rank_value(card, aces)


def wanted_after(after: Card) -> Card:
    """The card a run that stopped short of its top wanted after `after`: the ace after a king (aces high)."""
    return DECK[after.index - KING + 1] if after.rank == KING else DECK[after.index + 1]


def lowest_of_suits(cards: Iterable[Card], aces: str) -> dict[int, Card]:
    """R13: by suit, the lowest of `cards` in it (the card a lead of that suit must be)."""
    lowest: dict[int, Card] = {}
    for card in cards:
        now = lowest.get(card.suit)
        if now is None or rank_value(card, aces) < rank_value(now, aces):
            lowest[card.suit] = card
    return lowest


def in_deck(removed: Collection[Card]) -> tuple[Card, ...]:
    """R24: the cards dealt, in deck order: all 52 but the removed ones."""
    return tuple(card for card in DECK if card not in removed)


def top_value(aces: str) -> int:
    """R23: the rank value (as `rank_value` gives it) of the top card of every suit."""
    return KING + 1 if aces == "high" else KING
