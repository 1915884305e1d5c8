"""Cards and suits: small interned value objects that parse and print themselves."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum


class Suit(IntEnum):
    """The four suits, in the order a sorted hand shows them."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter name used in logs and rules files: S H D C."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit's glyph: ♠ ♥ ♦ ♣."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or glyph ("S", "♠", "h")."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol):
                return suit
        raise ValueError(f"not a suit: {text!r} (use S, H, D or C)")


RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE = 1
KING = 13
KING_INDEX = KING - 1  # a King's place among its suit's 13 deck indices (index % 13), counting from 0


class Card:
    """One card of the 52-card deck; instances are interned, so `Card(1, Suit.SPADES) is Card.parse("AS")`."""

    __slots__ = ("rank", "suit", "index", "_text")
    rank: int
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: int, suit: Suit) -> Card:
        if not (ACE <= rank <= KING):
            raise ValueError(f"rank out of range: {rank}")
        return DECK[int(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", int(suit) * 13 + rank - 1)
        object.__setattr__(card, "_text", RANK_NAMES[rank - 1] + suit.letter)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from rank + suit: "AS", "10H", "qc", "K♦"."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r} (write rank then suit, like AS or 10H)")
        raw = text.strip().upper()
        if len(raw) < 2:
            raise ValueError(f"not a card: {text!r} (write rank then suit, like AS or 10H)")
        rank_text, suit_text = raw[:-1], raw[-1]
        if rank_text == "T":
            rank_text = "10"
        if rank_text == "1":
            rank_text = "A"
        if rank_text not in RANK_NAMES:
            raise ValueError(f"not a card: {text!r} (rank must be one of {' '.join(RANK_NAMES)})")
        try:
            suit = Suit.parse(suit_text)
        except ValueError:
            raise ValueError(f"not a card: {text!r} (suit must be S, H, D or C)") from None
        return DECK[int(suit) * 13 + RANK_NAMES.index(rank_text)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this deck index (suit * 13 + rank - 1)."""
        return DECK[index]

    @property
    def label(self) -> str:
        """Rank and suit glyph for people: "10♥"."""
        return RANK_NAMES[self.rank - 1] + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Equality is identity (cards are interned) and there is deliberately no ordering method: any
    # rich comparison would route every `==` through Python, and hands compare cards constantly.
    # Sort cards with `key=card_order`.
    def __hash__(self) -> int:
        return self.index  # hashing by index keeps the order of sets of cards the same on every run

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"


DECK: tuple[Card, ...] = tuple(Card._make(rank, suit) for suit in Suit for rank in range(ACE, KING + 1))


def card_order(card: Card) -> int:
    """Sort key: by suit (S H D C), then rank, ace low."""
    return card.index


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse a list of card names."""
    return tuple(Card.parse(t) for t in texts)
