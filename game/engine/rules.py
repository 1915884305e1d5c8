"""The rules settings of a session: every choice docs/rules.md leaves open, as data (declared in rules_keys.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Card, parse_cards
from .combinations import Combination, Pile
from .rules_keys import (
    BOODLE_AT_END_MODES,
    CLASSIC_BOODLE,
    FIRST_LEAD_DEFAULT,
    FOLLOW_MODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_KEYS,
    SECTION_KEYS,
    SHORT_ANTE_MODES,
    STAKING_MODES,
    SWITCH_TO_MODES,
    TOP_KEYS,
    WHEN_UNABLE_MODES,
    RulesError,
    RulesKey,
    RulesProblem,
    check_settings,
    default,
    section_example,
    unwritten,
)

__all__ = ["BOODLE_AT_END_MODES", "CLASSIC_BOODLE", "FIRST_LEAD_DEFAULT", "FOLLOW_MODES", "MAX_PLAYERS",
           "MIN_PLAYERS", "SHORT_ANTE_MODES", "STAKING_MODES", "SWITCH_TO_MODES", "WHEN_UNABLE_MODES", "BuyDeadHand",
           "RuleSet", "RulesError", "RulesProblem", "unmatched_fields"]


@dataclass(frozen=True)
class BuyDeadHand:
    """R11: whether the dealer may swap hands with the dead hand, and the fee to the pot."""

    enabled: bool = default("buy_dead_hand.enabled")
    fee: int = default("buy_dead_hand.fee")
    auction: bool = default("buy_dead_hand.auction")
    paid_to: str = default("buy_dead_hand.paid_to")


_SECTIONS: dict[str, type] = {"buy_dead_hand": BuyDeadHand}


@dataclass(frozen=True)
class RuleSet:
    """Resolved rules settings; the defaults are the classic game of docs/rules.md."""

    name: str = default("name")
    description: str = default("description")
    boodle_cards: tuple[Card, ...] = default("boodle_cards")
    starting_chips: int = default("starting_chips")
    players: int = default("players")
    ante_pot: int = default("ante_pot")
    ante_boodle: int = default("ante_boodle")
    staking: str = default("staking")
    dealer_ante_multiplier: int = default("dealer_ante_multiplier")
    per_card_payment: int = default("per_card_payment")
    switch_suit: bool = default("switch_suit")
    switch_to: str = default("switch_to")
    when_unable: str = default("when_unable")
    follow: str = default("follow")
    first_lead: str = default("first_lead")
    buy_dead_hand: BuyDeadHand = field(default_factory=BuyDeadHand)
    deals: int | None = default("deals")
    boodle_at_end: str = default("boodle_at_end")
    aces: str = default("aces")
    removed_cards: tuple[Card, ...] = default("removed_cards")
    cut_deals: str = default("cut_deals")
    pass_penalty: int = default("pass_penalty")
    short_ante: str = default("short_ante")
    combinations: tuple[Combination, ...] = default("combinations")
    look: str = default("look")

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RulesError(problems)

    def problems(self) -> list[RulesProblem]:
        """Every way these settings break docs/rules.md."""
        found: list[RulesProblem] = []
        unset: set[str] = set()
        for name, kind in _SECTIONS.items():
            section = getattr(self, name)
            if not isinstance(section, kind):
                found.append(RulesProblem(name, "section", {"example": section_example(name), "value": section}))
                unset.update(key.name for key in SECTION_KEYS[name])
        return found + check_settings(self.values(), unset)

    def values(self) -> dict[str, Any]:
        """Every setting by its dotted key (buy_dead_hand.fee), as the declaration in rules_keys.py names them."""
        found: dict[str, Any] = {}
        for key in RULES_KEYS:
            holder = getattr(self, key.section, None) if key.section else self
            found[key.name] = getattr(holder, key.leaf, None)
        return found

    def ante(self, is_dealer: bool) -> int:
        """R8: the chips one player puts up before a deal, pot and boodle together."""
        return self.ante_pot + self.boodle_stake(is_dealer)

    def boodle_stake(self, is_dealer: bool) -> int:
        """R8: the chips one player spreads on the boodle cards."""
        return self.ante_boodle * (self.dealer_ante_multiplier if is_dealer else 1)

    @property
    def piles(self) -> tuple[Pile, ...]:
        """R30: every place chips are staked on: the boodle cards, then the combinations."""
        return self.boodle_cards + self.combinations

    @property
    def has_pot(self) -> bool:
        """True when chips can reach the pot (R8's ante, R11's fee, R27's penalty): American Michigan has none."""
        return self.ante_pot > 0 or self.buy_dead_hand.enabled or self.pass_penalty > 0

    @property
    def max_ante(self) -> int:
        """The dealer's ante, the largest anyone pays."""
        return self.ante(True)

    @property
    def first_lead_card(self) -> Card | None:
        """The card whose holder leads first, or None for the dealer's left."""
        return None if self.first_lead == FIRST_LEAD_DEFAULT else Card.parse(self.first_lead)

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> RuleSet:
        """The RuleSet of settings by dotted key (as `values()` gives them); a key left out takes its default."""
        arguments: dict[str, Any] = {name: values[name] for name in TOP_KEYS if name in values}
        for name, kind in _SECTIONS.items():
            arguments[name] = kind(**{key.leaf: values[key.name] for key in SECTION_KEYS[name] if key.name in values})
        return cls(**arguments)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> RuleSet:
        """The RuleSet that `settings()` described (as a log or a saved session keeps it); unknown keys are ignored,
        and a key left out means what it meant before the key existed (`unwritten`: boodle_at_end reads as stay)."""
        values: dict[str, Any] = {}
        for key in RULES_KEYS:
            holder = (settings.get(key.section) or {}) if key.section else settings
            if key.leaf in holder:
                value = holder[key.leaf]
                values[key.name] = (parse_cards(value) if key.kind == "cards" else
                                    _combinations_read(value) if key.kind == "combos" else value)
            elif key.before is not None:
                values[key.name] = unwritten(key.name)
        return cls.from_values(values)

    def settings(self, every: bool = False) -> dict[str, Any]:
        """The resolved settings as plain data, keyed as in the rules files and the log (a quiet key at its default
        left out, unless `every`: a rules file written out whole)."""
        plain: dict[str, Any] = {}
        for key in RULES_KEYS:
            value = getattr(getattr(self, key.section), key.leaf) if key.section else getattr(self, key.name)
            if key.quiet and value == key.default and not every:
                continue
            if key.kind == "cards":
                value = [str(card) for card in value]
            elif key.kind == "combos":
                value = [{"name": combo.name, "cards": [str(card) for card in combo.cards]} for combo in value]
            (plain.setdefault(key.section, {}) if key.section else plain)[key.leaf] = value
        return plain


def _combinations_read(plain: Any) -> tuple[Combination, ...]:
    """R30: the combinations as `settings()` writes them."""
    return tuple(Combination(parse_cards(item["cards"]), item["name"]) for item in plain)


def unmatched_fields(keys: Sequence[RulesKey] = RULES_KEYS) -> list[str]:
    """How RuleSet's fields (and its sections') differ from the rules keys `keys` declare: a key with no field, a
    field no key declares, a default not the declared one, fields out of the declared order; empty when they
    match."""
    found: list[str] = []
    declared: dict[str, dict[str, RulesKey | None]] = {"": {}}
    for key in keys:
        if key.section:
            declared[""].setdefault(key.section, None)
        declared.setdefault(key.section, {})[key.leaf] = key
    for section, want in declared.items():
        kind = RuleSet if not section else _SECTIONS.get(section)
        if kind is None:
            found.append(f"section {section}: no class for it in rules.py's _SECTIONS")
            continue
        have = {f.name: f for f in fields(kind)}
        for name, declaring in want.items():
            got = have.get(name)
            if got is None:
                found.append(f"{'.'.join(filter(None, (section, name)))}: no field on {kind.__name__}")
            elif declaring is not None and got.default != declaring.default:
                found.append(f"{kind.__name__}.{name}: defaults to {got.default!r}, declared {declaring.default!r}")
        found += [f"{kind.__name__}.{name}: no rules key declares it" for name in have if name not in want]
        if set(have) == set(want) and tuple(have) != tuple(want):
            found.append(f"{kind.__name__}: fields out of the declared order")
    found += [f"section {name}: in rules.py's _SECTIONS, but no rules key declares it" for name in _SECTIONS
              if name not in declared]
    return found


if unmatched_fields():
    raise TypeError("RuleSet's fields must be the keys declared in rules_keys.py, in their order: "
                    + "; ".join(unmatched_fields()))
