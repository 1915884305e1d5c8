"""Words kept as a key and its parameters and worded in the current language each time they are shown, so a
language switch reaches sentences already made (on the table, on a road's card, in a problem line)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card
from ..engine.combinations import Combination
from . import tr, trn
from .cards import card_label, pile_label


def worded(value: Any) -> Any:
    """A parameter as the current language shows it: a card by its label, deferred words worded now."""
    if isinstance(value, Card):
        return card_label(value)
    if isinstance(value, Combination):
        return pile_label(value)
    if isinstance(value, Words):
        return str(value)
    if callable(value):
        return value()
    return value


@dataclass(frozen=True)
class Words:
    """A sentence kept as its key and parameters, and worded in the current language each time it is shown,
    so a language switch reaches words already on the table. Cards, callables (a seat's name) and other words
    among the parameters are worded then too; with `count`, the key is a plural one (`trn`); `then` follows
    the sentence (more words, or plain text)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    count: int | None = None
    then: tuple[object, ...] = ()

    @classmethod
    def of(cls, key: str, count: int | None = None, **params: Any) -> Words:
        """Words for `key` with these parameters."""
        return cls(key, tuple(params.items()), count)

    @property
    def code(self) -> str:
        """The locale key that words it."""
        return self.key

    def and_then(self, *more: object) -> Words:
        """These words followed by `more`."""
        return Words(self.key, self.params, self.count, self.then + more)

    def __str__(self) -> str:
        values = {name: worded(value) for name, value in self.params}
        said = tr(self.key, **values) if self.count is None else trn(self.key, self.count, **values)
        return said + "".join(str(part) for part in self.then)

    def __bool__(self) -> bool:
        return True
