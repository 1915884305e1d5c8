"""The rules the editor holds while the player changes them: every setting by its dotted key, checked as a rules
file is (the text checks of the file's reader, then the engine's `check_settings`), worded by key, and the
rules they make once nothing is wrong (a helper module: it holds no scene)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...config.rules_file import rules_problem_why, text_problem
from ...engine.cards import Card
from ...engine.rules import RulesError, RuleSet
from ...engine.rules_keys import FIRST_LEAD_DEFAULT, RULES_KEYS, RulesKey, check_settings
from ...locale import tr

EDITABLE = ("line", "cards", "whole", "flag", "word", "lead")  # the kinds the editor has a control for
GENERAL = ""  # the problems no one key is to blame for
LINES = frozenset(key.name for key in RULES_KEYS if key.kind == "line")


def key_label(key: RulesKey) -> str:
    """A setting's name in the player's language; its name in the file for a key the words do not know yet."""
    words = tr(f"rules_editor.keys.{key.name}")
    return key.name if words == f"rules_editor.keys.{key.name}" else words


def choice_label(word: str) -> str:
    """One of a setting's words in the player's language; the word itself when the words do not know it yet."""
    words = tr(f"rules_editor.choices.{word}")
    return word if words == f"rules_editor.choices.{word}" else words


@dataclass
class RulesDraft:
    """Settings by dotted key, as the editor's controls leave them."""

    values: dict[str, Any]
    last_good: RuleSet = field(default_factory=RuleSet)

    @classmethod
    def of(cls, rules: RuleSet) -> RulesDraft:
        """The draft of a rules file's rules."""
        return cls(rules.values(), rules)

    def set(self, name: str, value: Any) -> None:
        """Change one setting, keeping the rules they make while they hold together."""
        self.values[name] = value
        made = self.rules()
        if made is not None:
            self.last_good = made

    def toggle_card(self, name: str, card: Card) -> None:
        """Put `card` in a list of cards, or take it out."""
        cards: tuple[Card, ...] = self.values[name]
        self.set(name, tuple(c for c in cards if c != card) if card in cards else cards + (card,))

    def lead_card(self, name: str) -> Card | None:
        """The card a lead setting names, None for the dealer's left (or a value that is no card)."""
        value = self.values[name]
        if value == FIRST_LEAD_DEFAULT:
            return None
        try:
            return Card.parse(value)
        except ValueError:
            return None

    def problems(self) -> dict[str, list[str]]:
        """What is wrong, worded, by the key to blame (GENERAL for none), as a rules file's checker says it."""
        found: dict[str, list[str]] = {}
        skip: set[str] = set()
        for key in RULES_KEYS:
            if key.kind == "line":
                wrong = text_problem(self.values[key.name], key.blank_ok)
                if wrong is not None:
                    found.setdefault(key.name, []).append(str(wrong))
                    skip.add(key.name)
        for problem in check_settings(self._cleaned(), skip):
            blamed = problem.key if problem.key in self.values else GENERAL
            found.setdefault(blamed, []).append(str(rules_problem_why(problem)))
        return found

    def _cleaned(self) -> dict[str, Any]:
        """The values as a file's reader leaves them: lines of text without their outer spaces."""
        return {name: value.strip() if name in LINES and isinstance(value, str) else value
                for name, value in self.values.items()}

    def rules(self) -> RuleSet | None:
        """The rules these settings make, None while anything is wrong."""
        if self.problems():
            return None
        try:
            return RuleSet.from_values(self._cleaned())
        except RulesError:
            return None
