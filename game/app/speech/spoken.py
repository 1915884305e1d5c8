"""Words written for the eye made ready for the ear: "J♦" becomes "jack of diamonds", a lone "♦" "diamonds", the
dots between parts a pause; and the player's hand said suit by suit."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ...engine.cards import Card, Suit
from ...locale import lines, tr
from ...locale.cards import rank_name, suit_name

PAUSES = str.maketrans({"·": ",", "—": ",", "–": ",", "…": "."})


@lru_cache(maxsize=8)
def _card_pattern(letters: tuple[str, ...]) -> re.Pattern[str]:
    """A rank letter of the language (the longest first: 10 before 1) followed by a suit symbol."""
    ranks = "|".join(re.escape(letter) for letter in sorted(letters, key=len, reverse=True))
    return re.compile(rf"(?<!\w)({ranks})([♠♥♦♣])")


def card_said(card: Card) -> str:
    """One card by name, as the language says it ("queen of hearts", "dame de cœur")."""
    return tr("speech.card", rank=rank_name(card.rank), suit=suit_name(card.suit))


def speakable(text: str) -> str:
    """`text` as a voice should read it: cards and suits by name, symbols that mean a pause made commas."""
    letters = tuple(lines("cards.ranks"))

    def one_card(found: re.Match[str]) -> str:
        return card_said(Card(letters.index(found.group(1)) + 1, Suit.parse(found.group(2))))
    said = _card_pattern(letters).sub(one_card, text) if len(letters) == 13 else text
    for suit in Suit:
        said = said.replace(suit.symbol, suit_name(suit))
    said = said.translate(PAUSES).replace("+", ", ")
    return re.sub(r"\s+", " ", re.sub(r"\s+,", ",", said)).strip()


def hand_said(hand: Sequence[Card], options: Sequence[Card] = ()) -> str:
    """The player's cards suit by suit ("Your cards: spades: three, queen. hearts: ace."), then the cards they may
    lead when that is a choice among fewer than all of them."""
    if not hand:
        return tr("speech.no_cards")
    suits: dict[Suit, list[str]] = {}
    for card in hand:
        suits.setdefault(card.suit, []).append(rank_name(card.rank))
    parts = [tr("speech.suit_cards", suit=suit_name(suit), ranks=", ".join(ranks)) for suit, ranks in suits.items()]
    said = tr("speech.hand", cards="; ".join(parts))
    if options and len(options) < len(hand):
        said += " " + tr("speech.may_lead", cards=", ".join(card_said(card) for card in options))
    return said

