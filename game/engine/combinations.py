"""R30: combination piles, staked like boodle cards and won by the player who plays all of a combination's cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, parse_cards


@dataclass(frozen=True)
class Combination:
    """A pile won by whoever plays every one of `cards` in one deal; two combinations of the same cards are the same
    pile (the log keys a pile by its cards alone), whatever their names."""

    cards: tuple[Card, ...]
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return "+".join(str(card) for card in self.cards)

    @property
    def label(self) -> str:
        """The name, or the cards for people (K♥ Q♥) when it has none."""
        return self.name or " ".join(card.label for card in self.cards)

    @classmethod
    def parse(cls, key: str, name: str = "") -> Combination:
        """The combination a log key such as "KH+QH" names."""
        return cls(parse_cards(key.split("+")), name)


Pile = Card | Combination  # a place chips are staked on: a boodle card or a combination


def is_combination_key(text: object) -> bool:
    """Whether `text` is a log key of two or more cards joined by `+`."""
    if not isinstance(text, str) or "+" not in text:
        return False
    try:
        cards = Combination.parse(text).cards
    except ValueError:
        return False
    return str(Combination(cards)) == text and len(set(cards)) == len(cards) >= 2
