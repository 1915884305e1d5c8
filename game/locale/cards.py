"""Cards in the current language's words: rank letters (French V D R, Dutch B V H), rank and suit names."""

from __future__ import annotations

from ..engine.cards import Card, Suit
from ..engine.combinations import Pile
from . import lines, tr


def rank_letter(rank: int) -> str:
    """The letter or number on the card for `rank` (1 = ace ... 13 = king)."""
    letters = lines("cards.ranks")
    return letters[rank - 1] if len(letters) == 13 else str(rank)


def rank_name(rank: int) -> str:
    """The rank in words ("queen", "dame")."""
    names = lines("cards.rank_names")
    return names[rank - 1] if len(names) == 13 else str(rank)


def suit_name(suit: Suit) -> str:
    """The suit in words ("spades", "pique")."""
    return tr(f"cards.suits.{suit.letter}")


def card_label(card: Card) -> str:
    """The card as players write it: the rank letter and the suit symbol ("D♣" in French)."""
    return f"{rank_letter(card.rank)}{card.suit.symbol}"


def pile_label(pile: Pile) -> str:
    """A boodle card as `card_label` writes it, or a combination (R30) by its name and cards: "Matrimony (R♦ D♦)"
    (the log's "+" is for files, not for players)."""
    if isinstance(pile, Card):
        return card_label(pile)
    cards = " ".join(card_label(card) for card in pile.cards)
    return f"{pile.name} ({cards})" if pile.name else cards
