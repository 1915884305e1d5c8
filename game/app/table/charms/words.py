"""A charm's use in words (R31), as the deal log, the status line, a replay and spoken play tell it: what the player's
own charm showed them, and only what the table saw of another seat's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....engine.cards import Card
from ....engine.events import Charm
from ....locale.cards import card_label
from ....locale.words import Words

PRIVATE = ("peek_dead", "swap_dead")  # R32, R33: what these named is the holder's alone
Namer = Callable[[int], object]


def charm_name(charm: str) -> Words:
    """A charm's name by its id, worded when shown."""
    return Words.of(f"charms.{charm}.name")


def charm_description(charm: str) -> Words:
    """A charm's one line by its id, worded when shown."""
    return Words.of(f"charms.{charm}.description")


@dataclass(frozen=True)
class _Cards:
    """Cards in a row, "3♣ 8♦ J♠", worded when shown."""

    cards: tuple[Card, ...]

    def __call__(self) -> str:
        return " ".join(card_label(card) for card in self.cards)


def charm_words(event: Charm, mine: bool, name: object) -> Words:
    """The use of a charm in one line: `mine` for the player's own (what a peek showed, what a swap moved), else
    `name`'s as the table saw it (a peek or a swap names no card)."""
    you = "you_" if mine else ""
    who: dict[str, Any] = {} if mine else {"name": name}
    charm = charm_name(event.charm)
    paid = sum(payment.chips for payment in event.payments)
    if mine and event.effect == "peek_dead":
        words = Words.of(f"charm_tray.line.{you}peek", charm=charm, cards=_Cards(event.cards)) if event.cards else \
            Words.of(f"charm_tray.line.{you}use", charm=charm)
    elif mine and event.effect == "swap_dead" and len(event.cards) == 2:
        words = Words.of(f"charm_tray.line.{you}swap", charm=charm, given=event.cards[0], taken=event.cards[1])
    elif event.effect == "hit_again":
        words = Words.of(f"charm_tray.line.{you}paid", paid, charm=charm, **who)
    elif event.cards and event.effect not in PRIVATE:
        words = Words.of(f"charm_tray.line.{you}card", charm=charm, card=event.cards[0], **who)
    else:
        words = Words.of(f"charm_tray.line.{you}use", charm=charm, **who)
    return words.and_then(Words.of("charm_tray.line.fee", event.pot)) if event.pot else words


def bubble_words(charm: str) -> Words:
    """What a character says as they use a charm: its name, called out."""
    return Words.of("charm_tray.bubble", charm=charm_name(charm))
