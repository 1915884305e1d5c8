"""The rules the editor holds while the player changes them: every setting by its dotted key, checked as a rules
file is (the text checks of the file's reader, then the engine's `check_settings`), worded by key, and the
rules they make once nothing is wrong (a helper module: it holds no scene)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ....config.rules_file import list_rules_files, load_rules, rules_problem_why, text_problem
from ....config.rules_writer import flow_text
from ....engine.cards import Card
from ....engine.combinations import Combination
from ....engine.rules import RulesError, RuleSet
from ....engine.rules_keys import FIRST_LEAD_DEFAULT, RULES_KEYS, RulesKey, check_settings
from ....locale import tr
from ....locale.cards import card_label
from ....locale.texts import rules_name
from ..rules_lines import differences

EDITABLE = ("line", "cards", "whole", "flag", "word", "lead", "combos")  # the kinds the editor has a control for
GENERAL = ""  # the problems no one key is to blame for
LINES = frozenset(key.name for key in RULES_KEYS if key.kind == "line")
PER_PILE = ("combination_name", "combination_cards")  # what the piles panel says under the pile itself
PILES = frozenset(key.name for key in RULES_KEYS if key.kind == "combos")


def key_label(key: RulesKey) -> str:
    """A setting's name in the player's language; its name in the file for a key the words do not know yet."""
    words = tr(f"rules_editor.keys.{key.name}")
    return key.name if words == f"rules_editor.keys.{key.name}" else words


def choice_label(word: str) -> str:
    """One of a setting's words in the player's language; the word itself when the words do not know it yet."""
    words = tr(f"rules_editor.choices.{word}")
    return word if words == f"rules_editor.choices.{word}" else words


def written_by_hand(description: str) -> bool:
    """True when a description is neither a shipped rules file's nor one the editor wrote from the settings."""
    if not description:
        return False
    marker = tr("rules_editor.told_description", source="\x00", changes="\x01")
    head, rest = marker.split("\x00", 1)
    middle = rest.split("\x01", 1)[0].strip()
    if description.startswith(head) and middle in description:
        return False
    shipped = set()
    for path in list_rules_files():
        try:
            shipped.add(load_rules(path).description)
        except (ValueError, OSError):
            continue
    return description not in shipped


@dataclass
class RulesDraft:
    """Settings by dotted key, as the editor's controls leave them."""

    values: dict[str, Any]
    last_good: RuleSet = field(default_factory=RuleSet)
    source: RuleSet = field(default_factory=RuleSet)  # the file the editor started from
    own_description: bool = False  # the player wrote the description: the settings no longer rewrite it

    @classmethod
    def of(cls, rules: RuleSet) -> RulesDraft:
        """The draft of a rules file's rules; a description the player wrote by hand is theirs from the start,
        so changing a setting never writes over it."""
        return cls(rules.values(), rules, rules, own_description=written_by_hand(rules.description))

    def set(self, name: str, value: Any) -> None:
        """Change one setting, keeping the rules they make while they hold together, and the description in step
        with them until the player writes their own."""
        self.values[name] = value
        if name == "description":
            self.own_description = True
        made = self.rules()
        if made is None:
            return
        if not self.own_description and made.description != (told := self.told_description(made)):
            self.values["description"] = told
            made = dataclasses.replace(made, description=told)
        self.last_good = made

    def told_description(self, rules: RuleSet) -> str:
        """The description the settings make: the starting file's own while nothing differs from it, else what
        was changed from it, in whole sentences up to the line's limit."""
        changes = list(differences(rules, self.source))
        if not changes:
            return self.source.description
        limit = _KEYS["description"].high or 600
        while True:
            told = tr("rules_editor.told_description", source=rules_name(self.source), changes=" ".join(changes))
            if len(told) <= limit or len(changes) == 1:
                return told[:limit]
            changes.pop()

    def toggle_card(self, name: str, card: Card) -> None:
        """Put `card` in a list of cards, or take it out."""
        cards: tuple[Card, ...] = self.values[name]
        self.set(name, tuple(c for c in cards if c != card) if card in cards else cards + (card,))

    def piles(self, name: str) -> tuple[Combination, ...]:
        """R30: the combinations a setting holds."""
        combos: tuple[Combination, ...] = self.values[name]
        return combos

    def add_pile(self, name: str, called: str) -> None:
        """R30: one more combination, named `called` and with no cards yet (the checker asks for two)."""
        self.set(name, self.piles(name) + (Combination((), called),))

    def remove_pile(self, name: str, index: int) -> None:
        """R30: take combination `index` away."""
        piles = self.piles(name)
        self.set(name, piles[:index] + piles[index + 1:])

    def rename_pile(self, name: str, index: int, called: str) -> None:
        """R30: give combination `index` another name."""
        piles = list(self.piles(name))
        piles[index] = Combination(piles[index].cards, called)
        self.set(name, tuple(piles))

    def toggle_pile_card(self, name: str, index: int, card: Card) -> None:
        """R30: put `card` in combination `index`, or take it out."""
        piles = list(self.piles(name))
        cards = piles[index].cards
        piles[index] = Combination(tuple(c for c in cards if c != card) if card in cards else cards + (card,),
                                   piles[index].name)
        self.set(name, tuple(piles))

    def pile_problems(self, name: str) -> tuple[dict[int, str], list[str]]:
        """R30: what is wrong with each pile, worded by pile number, and what is wrong with the piles together."""
        each: dict[int, str] = {}
        for index, pile in enumerate(self.piles(name)):
            words = ([tr("rules_editor.pile_needs_name")] if not pile.name.strip() else []) + \
                ([tr("rules_editor.pile_needs_cards")] if len(pile.cards) < 2 else [])
            if words:
                each[index] = " · ".join(words)
        together = [for_players(str(rules_problem_why(problem))) for problem in check_settings(self._cleaned(), set())
                    if problem.key == name and problem.code not in PER_PILE]
        return each, together

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
        """What is wrong, worded, by the key to blame (GENERAL for none), as a rules file's checker says it but
        with the rows' words for the settings, their choices and the cards (`for_players`)."""
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
            found.setdefault(blamed, []).append(for_players(str(rules_problem_why(problem))))
        return found

    def _cleaned(self) -> dict[str, Any]:
        """The values as a file's reader leaves them: lines of text and piles' names without their outer spaces."""
        return {name: value.strip() if name in LINES and isinstance(value, str)
                else tuple(Combination(pile.cards, pile.name.strip()) for pile in value) if name in PILES
                else value for name, value in self.values.items()}

    def rules(self) -> RuleSet | None:
        """The rules these settings make, None while anything is wrong."""
        if self.problems():
            return None
        try:
            return RuleSet.from_values(self._cleaned())
        except RulesError:
            return None


def value_words(draft: RulesDraft, key: RulesKey) -> str:
    """A setting of cards, or of a kind the editor cannot change, as the row shows it."""
    value = draft.values[key.name]
    if key.kind == "cards":
        return " ".join(card_label(card) for card in value) or "—"
    if key.kind == "lead":
        card = draft.lead_card(key.name)
        return tr("rules_editor.dealer_left") if card is None else card_label(card)
    if key.kind == "combos":
        return ", ".join(f"{combo.name.strip()} ({' '.join(card_label(card) for card in combo.cards)})"
                         for combo in value) or "—"
    return flow_text(value)


_CARD = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")
_KEYS = {key.name: key for key in RULES_KEYS}
_WORDS = {word for key in RULES_KEYS for word in key.choices}


def _either(names: Iterable[str], tail: Callable[[str], str] = lambda name: "") -> str:
    """One alternation of `names`, the longest first (buy_dead_hand.fee before fee), each with its own tail."""
    return "|".join(re.escape(name) + tail(name) for name in sorted(names, key=len, reverse=True))


# a plain word ("name", "players") only where it is a key, written "name: …"; a file's word for a choice bare only
# when no sentence could hold it ("pass_left"), else only as quoted; each one pattern, as the rows draw every frame
_KEY_WORDS = re.compile(r"(?<![\w.])(?:" + _either(
    _KEYS, lambda name: r"(?![\w.])" if "_" in name or "." in name else r"(?=:)") + ")")
_CHOICE_WORDS = re.compile(r"(?<![\w«])(?P<bare>" + _either(w for w in _WORDS if "_" in w) + r")(?![\w»])|'(?P<quoted>"
                           + _either(w for w in _WORDS if "_" not in w) + ")'")


def _choice_said(found: re.Match[str]) -> str:
    bare = found.group("bare")
    return choice_label(bare) if bare else f"'{choice_label(found.group('quoted'))}'"


def for_players(words: str) -> str:
    """The checker's words as the editor's rows say things: a setting's file name as its row's label, a choice
    as the row shows it ('same suit', not 'same_suit') and a card as players write it (K♥, not KH)."""
    words = _KEY_WORDS.sub(lambda found: f"«{key_label(_KEYS[found.group(0)])}»", words)
    words = _CHOICE_WORDS.sub(_choice_said, words)
    return _CARD.sub(lambda found: card_label(Card.parse(found.group(0))), words)
