"""A rules setting that breaks docs/rules.md, as a value: the key to blame, a code and its parameters, with the
English words each code has for programmers (the game words them in the player's language)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

# The English of each problem's code, for programmers (str() of a problem and of a RulesError); the game
# shows the words of config/locales/<lang>/rules_file.yaml (engine.<code>), English's the same as these.
ENGLISH: dict[str, str] = {
    "whole_number": "must be a whole number, got {value}",
    "whole_number_or_null": "must be a whole number (or null for no limit), got {value}",
    "text": "must be text, got {value}",
    "flag": "must be true or false, got {value}",
    "cards": "must be a list of cards like [AS, KH, QC, JD], got {value}",
    "section": "must be a mapping like {example}, got {value}",
    "card_count": "needs {low} to {high} cards, got {count}",
    "listed_twice": "{cards} listed more than once",
    "negative": "must not be negative, got {value}",
    "at_least": "must be at least {low}, got {value}",
    "at_least_or_null": "must be at least {low} (or null for no limit), got {value}",
    "between": "must be {low} to {high}, got {value}",
    "one_of": "must be one of {choices}, got {value}",
    "first_lead": "must be {default} or a card like 2D, got {value}",
    "card_spelling": "write the card as {card}, not {value}",
    "endless": "null (no limit) needs an ante (ante_pot + ante_boodle above 0): without one nobody can go out "
               "and the session never ends",
    "even_staking": "even needs ante_boodle ({ante}) divisible by the {count} boodle cards",
    "cannot_pay": "{chips} cannot pay the first ante of {ante}",
    "removed_boodle": "{cards} cannot be taken out: a boodle card must be in the deck",
    "removed_first_lead": "{card} cannot be taken out: it is the first_lead card",
    "removed_combination": "{cards} cannot be taken out: {name} needs them",
    "penalty_needs_pass_left": "a pass penalty needs when_unable: pass_left, got {value}",
    "auction_needs_buying": "true needs buy_dead_hand.enabled: true (the auction is for a dead hand the dealer "
                            "may buy)",
    "combinations": "must be a list of combinations, each with a name and cards, got {value}",
    "combination_name": "combination {number} needs a name",
    "combination_cards": "{name} needs 2 or more different cards, got {cards}",
    "combination_named_twice": "{names} named more than once",
    "even_staking_piles": "even needs ante_boodle ({ante}) divisible by the {count} boodle cards and combinations",
    "too_many_piles": "{count} boodle cards and combinations together: at most {high}",
}


def shown(name: str, value: object) -> str:
    """A problem's parameter as any language shows it: the value got as written in code (repr), a list
    with commas, anything else as text."""
    if name == "value":
        return repr(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(item) for item in value) or "—"  # an empty list is shown, not left a blank
    return str(value)


@dataclass(frozen=True)
class RulesProblem:
    """One way a rules setting breaks docs/rules.md: the (dotted) key to blame, a code, and the values the
    words of the code need."""

    key: str
    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def shown_params(self) -> dict[str, str]:
        """The parameters as the words show them."""
        return {name: shown(name, value) for name, value in self.params.items()}

    def __str__(self) -> str:
        return f"{self.key}: {ENGLISH[self.code].format(**self.shown_params())}"


class RulesError(ValueError):
    """Rules settings of the wrong kind or impossible; `problems` holds each as a RulesProblem."""

    def __init__(self, problems: Collection[RulesProblem]) -> None:
        self.problems: tuple[RulesProblem, ...] = tuple(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.problems,)
