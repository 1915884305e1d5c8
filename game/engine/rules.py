"""The rules settings of a session: every choice docs/rules.md leaves open, as data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, parse_cards

CLASSIC_BOODLE: tuple[Card, ...] = parse_cards(["AS", "KH", "QC", "JD"])

STAKING_MODES = ("free", "even")
FOLLOW_MODES = ("compulsory", "optional")
SWITCH_TO_MODES = ("other_suit", "other_colour")
WHEN_UNABLE_MODES = ("same_suit", "pass_left")
FIRST_LEAD_DEFAULT = "dealer_left"
MIN_PLAYERS = 3
MAX_PLAYERS = 8


class RulesError(ValueError):
    """A rules setting is of the wrong kind or impossible; `problems` lists each as `key: why`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


_WHOLE_NUMBERS = ("starting_chips", "players", "ante_pot", "ante_boodle", "dealer_ante_multiplier",
                  "per_card_payment")
_WORDS = ("name", "description", "staking", "switch_to", "when_unable", "follow", "first_lead")


@dataclass(frozen=True)
class BuyDeadHand:
    """R11: whether the dealer may swap hands with the dead hand, and the fee to the pot."""

    enabled: bool = False
    fee: int = 4


@dataclass(frozen=True)
class RuleSet:
    """Resolved rules settings; the defaults are the classic game of docs/rules.md."""

    name: str = "Classic Newmarket"
    description: str = ""
    boodle_cards: tuple[Card, ...] = CLASSIC_BOODLE
    starting_chips: int = 40
    players: int = 4
    ante_pot: int = 1
    ante_boodle: int = 4
    staking: str = "free"
    dealer_ante_multiplier: int = 1
    per_card_payment: int = 1
    switch_suit: bool = True
    switch_to: str = "other_suit"
    when_unable: str = "same_suit"
    follow: str = "compulsory"
    first_lead: str = FIRST_LEAD_DEFAULT
    buy_dead_hand: BuyDeadHand = field(default_factory=BuyDeadHand)
    deals: int | None = 10

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RulesError(problems)

    def problems(self) -> list[str]:
        """Every way these settings break docs/rules.md, as `key: why` sentences."""
        out = self._type_problems()
        if out:
            return out
        cards = self.boodle_cards
        if not 1 <= len(cards) <= 13:
            out.append(f"boodle_cards: needs 1 to 13 cards, got {len(cards)}")
        if len(set(cards)) != len(cards):
            dupes = sorted({str(c) for c in cards if cards.count(c) > 1})
            out.append(f"boodle_cards: {', '.join(dupes)} listed more than once")
        for key in ("starting_chips", "ante_pot", "ante_boodle", "per_card_payment"):
            if getattr(self, key) < 0:
                out.append(f"{key}: must not be negative, got {getattr(self, key)}")
        if self.dealer_ante_multiplier < 1:
            out.append(f"dealer_ante_multiplier: must be at least 1, got {self.dealer_ante_multiplier}")
        if self.buy_dead_hand.fee < 0:
            out.append(f"buy_dead_hand.fee: must not be negative, got {self.buy_dead_hand.fee}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            out.append(f"players: must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {self.players}")
        if self.deals is not None and self.deals < 1:
            out.append(f"deals: must be at least 1 (or null for no limit), got {self.deals}")
        if self.deals is None and self.ante(False) == 0:
            out.append("deals: null (no limit) needs an ante (ante_pot + ante_boodle above 0): without one "
                       "nobody can go out and the session never ends")
        for key, allowed in (("staking", STAKING_MODES), ("follow", FOLLOW_MODES),
                             ("switch_to", SWITCH_TO_MODES), ("when_unable", WHEN_UNABLE_MODES)):
            if getattr(self, key) not in allowed:
                out.append(f"{key}: must be one of {', '.join(allowed)}, got {getattr(self, key)!r}")
        if self.first_lead != FIRST_LEAD_DEFAULT:
            try:
                if str(Card.parse(self.first_lead)) != self.first_lead:
                    out.append(f"first_lead: write the card as {Card.parse(self.first_lead)}, not {self.first_lead!r}")
            except ValueError:
                out.append(f"first_lead: must be {FIRST_LEAD_DEFAULT} or a card like 2D, got {self.first_lead!r}")
        if self.staking == "even" and cards and self.ante_boodle >= 0 and self.ante_boodle % len(cards):
            out.append(f"staking: even needs ante_boodle ({self.ante_boodle}) divisible by the "
                       f"{len(cards)} boodle cards")
        if self.starting_chips < self.max_ante:
            out.append(f"starting_chips: {self.starting_chips} cannot pay the first ante of {self.max_ante}")
        return out

    def _type_problems(self) -> list[str]:
        """Settings of the wrong kind (a bool is not a number here, nor a number a bool)."""
        out = [f"{key}: must be a whole number, got {getattr(self, key)!r}" for key in _WHOLE_NUMBERS
               if type(getattr(self, key)) is not int]
        out += [f"{key}: must be text, got {getattr(self, key)!r}" for key in _WORDS
                if not isinstance(getattr(self, key), str)]
        if type(self.switch_suit) is not bool:
            out.append(f"switch_suit: must be true or false, got {self.switch_suit!r}")
        if self.deals is not None and type(self.deals) is not int:
            out.append(f"deals: must be a whole number or null, got {self.deals!r}")
        if not isinstance(self.boodle_cards, tuple) or not all(isinstance(c, Card) for c in self.boodle_cards):
            out.append(f"boodle_cards: must be a tuple of cards, got {self.boodle_cards!r}")
        buy = self.buy_dead_hand
        if not isinstance(buy, BuyDeadHand) or type(buy.enabled) is not bool or type(buy.fee) is not int:
            out.append(f"buy_dead_hand: must be BuyDeadHand(enabled: bool, fee: int), got {buy!r}")
        return out

    def ante(self, is_dealer: bool) -> int:
        """R8: the chips one player puts up before a deal, pot and boodle together."""
        return self.ante_pot + self.boodle_stake(is_dealer)

    def boodle_stake(self, is_dealer: bool) -> int:
        """R8: the chips one player spreads on the boodle cards."""
        return self.ante_boodle * (self.dealer_ante_multiplier if is_dealer else 1)

    @property
    def max_ante(self) -> int:
        """The dealer's ante, the largest anyone pays."""
        return self.ante(True)

    @property
    def first_lead_card(self) -> Card | None:
        """The card whose holder leads first, or None for the dealer's left."""
        return None if self.first_lead == FIRST_LEAD_DEFAULT else Card.parse(self.first_lead)

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> RuleSet:
        """The RuleSet that `settings()` described (as a log or a saved session keeps it); unknown keys are ignored."""
        values = dict(settings)
        values["boodle_cards"] = parse_cards(values["boodle_cards"])
        buy = values.get("buy_dead_hand") or {}
        values["buy_dead_hand"] = BuyDeadHand(bool(buy.get("enabled", False)), int(buy.get("fee", 4)))
        known = set(cls.__dataclass_fields__)
        return cls(**{key: value for key, value in values.items() if key in known})

    def settings(self) -> dict[str, Any]:
        """The resolved settings as plain data, keyed as in the rules files and the log."""
        return {
            "name": self.name,
            "description": self.description,
            "boodle_cards": [str(c) for c in self.boodle_cards],
            "starting_chips": self.starting_chips,
            "players": self.players,
            "ante_pot": self.ante_pot,
            "ante_boodle": self.ante_boodle,
            "staking": self.staking,
            "dealer_ante_multiplier": self.dealer_ante_multiplier,
            "per_card_payment": self.per_card_payment,
            "switch_suit": self.switch_suit,
            "switch_to": self.switch_to,
            "when_unable": self.when_unable,
            "follow": self.follow,
            "first_lead": self.first_lead,
            "buy_dead_hand": {"enabled": self.buy_dead_hand.enabled, "fee": self.buy_dead_hand.fee},
            "deals": self.deals,
        }
