"""Every rules key declared once (game/engine/rules_keys.py): the engine's problems are values worded only when
shown, cross-key checks step aside for a key already wrong, and docs/modding.md, house.yaml and How to play follow."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

import game.locale
from game.app.scenes.rules_lines import TOLD, rules_summary
from game.config import ConfigError, load_rules, load_rules_text, rules_doc
from game.config.errors import Problem, why
from game.config.rules_file import rules_problem_line
from game.engine.cards import Card, parse_cards
from game.engine.combinations import Combination
from game.engine.rules import BuyDeadHand, RulesError, RuleSet
from game.engine.rules_keys import CROSS_CHECKS, ENGLISH, RULES_KEYS, RulesKey, RulesProblem, check_settings
from game.locale import LANGUAGES, catalog, set_language

CLASSIC = RuleSet()


def problems_of(**settings: Any) -> tuple[RulesProblem, ...]:
    """The engine's problems with these settings (which must be refused)."""
    with pytest.raises(RulesError) as caught:
        RuleSet(**settings)
    return caught.value.problems


# ----- the engine's problems are values ----------------------------------------------------------------

@pytest.mark.parametrize("settings, expected", [
    ({"ante_pot": -1}, RulesProblem("ante_pot", "negative", {"value": -1})),
    ({"players": 9}, RulesProblem("players", "between", {"low": 3, "high": 8, "value": 9})),
    ({"dealer_ante_multiplier": 0}, RulesProblem("dealer_ante_multiplier", "at_least", {"low": 1, "value": 0})),
    ({"deals": 0}, RulesProblem("deals", "at_least_or_null", {"low": 1, "value": 0})),
    ({"boodle_cards": ()}, RulesProblem("boodle_cards", "card_count", {"low": 1, "high": 13, "count": 0})),
    ({"boodle_cards": parse_cards(["AS", "KH", "AS"])},
     RulesProblem("boodle_cards", "listed_twice", {"cards": ("AS",)})),
    ({"follow": "sometimes"}, RulesProblem("follow", "one_of", {"choices": ("compulsory", "optional"),
                                                                "value": "sometimes"})),
    ({"first_lead": "2X"}, RulesProblem("first_lead", "first_lead", {"default": "dealer_left", "value": "2X"})),
    ({"first_lead": "2d"}, RulesProblem("first_lead", "card_spelling", {"card": Card.parse("2D"), "value": "2d"})),
    ({"deals": None, "ante_pot": 0, "ante_boodle": 0}, RulesProblem("deals", "endless")),
    ({"staking": "even", "ante_boodle": 5}, RulesProblem("staking", "even_staking", {"ante": 5, "count": 4})),
    ({"starting_chips": 4}, RulesProblem("starting_chips", "cannot_pay", {"chips": 4, "ante": 5})),
    ({"players": "4"}, RulesProblem("players", "whole_number", {"value": "4"})),
    ({"switch_suit": 1}, RulesProblem("switch_suit", "flag", {"value": 1})),
    ({"buy_dead_hand": BuyDeadHand(True, -2)}, RulesProblem("buy_dead_hand.fee", "negative", {"value": -2})),
    ({"buy_dead_hand": True}, RulesProblem("buy_dead_hand", "section", {
        "example": "{enabled: false, fee: 4, auction: false, paid_to: pot}", "value": True})),
])
def test_each_problem_is_its_key_a_code_and_the_values_its_words_need(settings: dict[str, Any],
                                                                       expected: RulesProblem) -> None:
    assert problems_of(**settings) == (expected,)


def test_the_english_of_a_problem_is_made_from_its_values() -> None:
    (problem,) = problems_of(ante_pot=-1)
    assert str(problem) == "ante_pot: must not be negative, got -1"
    error = RulesError([problem, RulesProblem("players", "between", {"low": 3, "high": 8, "value": 2})])
    assert str(error) == "ante_pot: must not be negative, got -1; players: must be 3 to 8, got 2"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_problem_code_is_worded_in_every_language_and_english_as_the_engine_says(code: str) -> None:
    words = catalog(code).entries
    for problem_code, english in ENGLISH.items():
        assert isinstance(words.get(f"rules_file.engine.{problem_code}"), str), (code, problem_code)
        if code == "en":
            assert words[f"rules_file.engine.{problem_code}"] == english, problem_code
    assert {key.rpartition(".")[2] for key in words if key.startswith("rules_file.engine.")} == set(ENGLISH)


def test_an_engine_problem_is_worded_when_it_is_shown() -> None:
    (problem,) = problems_of(players=9)
    line = rules_problem_line(problem)
    assert str(line) == "players: must be 3 to 8, got 9"
    set_language("fr")
    assert str(line) == "players: doit être entre 3 et 8, et non 9"
    set_language("nl")
    assert str(line) == "players: moet 3 tot 8 zijn, maar is 9"


# ----- cross-key checks step aside for a key already wrong ---------------------------------------------------

# for each cross-key check, settings it refuses
REFUSED: dict[str, dict[str, Any]] = {
    "_endless": {"deals": None, "ante_pot": 0, "ante_boodle": 0},
    "_first_lead": {"first_lead": "2d"},
    "_even_staking": {"staking": "even", "ante_boodle": 5},
    "_cannot_pay": {"starting_chips": 3},
    "_removed_boodle": {"removed_cards": parse_cards(["KH"])},
    "_removed_first_lead": {"removed_cards": parse_cards(["2D"]), "first_lead": "2D"},
    "_removed_combination": {"removed_cards": parse_cards(["QH"]),
                             "combinations": (Combination(parse_cards(["KH", "QH"]), "Matrimony"),)},
    "_penalty_needs_pass_left": {"pass_penalty": 2, "when_unable": "step_down"},
    "_auction": {"buy_dead_hand.auction": True},
    "_too_many_piles": {"boodle_cards": parse_cards(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS",
                                                     "QS", "KS"]),
                        "combinations": (Combination(parse_cards(["KH", "QH"]), "Matrimony"),)},
}


def test_every_cross_check_is_skipped_when_a_key_it_reads_has_a_problem() -> None:
    assert set(REFUSED) == {cross.check.__name__ for cross in CROSS_CHECKS}
    for cross in CROSS_CHECKS:
        values = {**CLASSIC.values(), **REFUSED[cross.check.__name__]}
        found = cross.check(values)
        assert found is not None and found in check_settings(values), cross.check.__name__
        for key in cross.reads:
            assert found not in check_settings(values, skip={key}), (cross.check.__name__, key)


def test_a_value_the_engine_refuses_silences_the_cross_checks_that_read_it() -> None:
    # -1 chips cannot pay an ante either, but that would only say the same thing twice
    assert problems_of(starting_chips=-1) == (RulesProblem("starting_chips", "negative", {"value": -1}),)
    # -4 does not divide by 3 boodle cards, but a negative ante is the mistake
    assert problems_of(staking="even", ante_boodle=-4, boodle_cards=parse_cards(["AS", "KH", "QC"])) == (
        RulesProblem("ante_boodle", "negative", {"value": -4}),)
    text = "staking: even\nboodle_cards: [AS, KH, QC]\nante_boodle: -4\nstarting_chips: -1\n"
    with pytest.raises(ConfigError) as caught:
        load_rules_text(text, "x.yaml")
    assert caught.value.problems == ["x.yaml:3: ante_boodle: must not be negative, got -4",
                                     "x.yaml:4: starting_chips: must not be negative, got -1"]


# ----- problem lines are worded when read ----------------------------------------------------------------------

def test_a_language_switch_rewords_the_problems_already_found() -> None:
    text = "players: 2\nante_boodle: four\nfollow: sometimes\ncolour: red\n"
    with pytest.raises(ConfigError) as caught:
        load_rules_text(text, "x.yaml")
    error = caught.value
    english = error.problems
    assert english[0] == "x.yaml:1: players: must be 3 to 8, got 2"
    set_language("fr")
    french = error.problems
    assert french[0] == "x.yaml:1: players: doit être entre 3 et 8, et non 2"
    assert all(a != b for a, b in zip(english, french)) and str(error) == "\n".join(french)
    with pytest.raises(ConfigError) as again:
        load_rules_text(text, "x.yaml")
    assert again.value.problems == french  # the same as a file read in French
    set_language("en")
    assert error.problems == english


def test_a_problem_keeps_its_key_code_and_values() -> None:
    with pytest.raises(ConfigError) as caught:
        load_rules_text("ante_pot: -1\nplayers: x\n", "x.yaml")
    negative, whole = caught.value.details
    assert isinstance(negative.why, type(why("x"))) and negative.why.code == "rules_file.engine.negative"
    assert dict(negative.why.params) == {"value": "-1"} and (negative.line, negative.key) == (1, "ante_pot")
    assert isinstance(whole.why, type(why("x"))) and whole.why.code == "rules_file.whole_number"
    assert str(Problem("f.yaml", "plain words", 3, "k")) == "f.yaml:3: k: plain words"


# ----- docs/modding.md, house.yaml and How to play come from the declarations ----------------------------------------

def test_modding_table_and_house_comments_are_those_the_declarations_write() -> None:
    stale = [str(path) for path in rules_doc.stale_files()]
    assert not stale, f"{stale} out of step with game/engine/rules_keys.py: run {rules_doc.WRITE_COMMAND}"


def test_a_changed_declaration_shows_in_modding_and_house(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = rules_doc.MODDING.read_text(encoding="utf-8")
    house = rules_doc.HOUSE.read_text(encoding="utf-8")
    changed = tuple(dataclasses.replace(key, meaning="the chips in the pot", comment="Pot chips.", default=2)
                    if key.name == "ante_pot" else key for key in RULES_KEYS)
    monkeypatch.setattr(rules_doc, "RULES_KEYS", changed)
    row = "| `ante_pot` | the chips in the pot (R8) | whole number, 0 or more | `2` |"
    assert row in rules_doc.doc_with_table(doc)
    assert "\n# Pot chips. classic: 2\nante_pot: 1\n" in rules_doc.house_with_comments(house)
    assert rules_doc.doc_with_table(doc).count("\n| `") == doc.count("\n| `")


def test_house_still_loads_to_the_same_rules() -> None:
    assert load_rules(rules_doc.HOUSE) == RuleSet(
        name="House Rules",
        description="Five players, the dealer stakes double and may buy the dead hand for 3 chips, twelve deals.",
        starting_chips=50, players=5, dealer_ante_multiplier=2, buy_dead_hand=BuyDeadHand(True, 3), deals=12)


def _tried_values(key: RulesKey) -> list[Any]:
    """Values of a key worth showing on How to play's page."""
    if key.kind == "flag":
        return [True, False]
    if key.kind == "word":
        return list(key.choices)
    if key.kind == "lead":
        return ["dealer_left", "2D"]
    if key.kind == "cards":
        return [key.default, parse_cards(["2C", "3C"])]
    if key.kind == "line":
        return ["", "Words"] if key.blank_ok else ["Mine", "Yours"]
    if key.kind == "combos":
        return [(), (Combination(parse_cards(["KH", "QH"]), "Matrimony"),)]
    low = key.low or 0
    return [low, low + 1, low + 2, key.default, key.default + 1] + ([None] if key.or_null else [])


def _variants(key: RulesKey, base: RuleSet) -> Iterator[RuleSet]:
    """The lawful rules made by giving `key` each of its tried values."""
    for value in _tried_values(key):
        try:
            yield RuleSet.from_values({**base.values(), key.name: value})
        except RulesError:
            continue


def test_every_declared_key_is_told_on_how_to_play_in_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    bases = [CLASSIC, RuleSet(buy_dead_hand=BuyDeadHand(True, 4)), RuleSet(when_unable="pass_left"),
             RuleSet(buy_dead_hand=BuyDeadHand(True, 4, True))]
    # New game seats the table, and the table shows its look
    assert {key.name for key in RULES_KEYS if key.told is None} == {"players", "look"}
    assert {key.told for key in RULES_KEYS if key.told is not None} == set(TOLD)
    monkeypatch.setattr(game.locale, "english", lambda key: None)  # no falling back: each language's own words
    for code in LANGUAGES:
        set_language(code)
        for key in RULES_KEYS:
            pages = {base: {rules_summary(rules) for rules in _variants(key, base)} for base in bases}
            for shown in pages.values():
                for page in shown:
                    assert not any("how_to_play." in line for line in page), (code, key.name, page)
            if key.told is None:
                assert all(len(shown) == 1 for shown in pages.values()), (code, key.name)
            else:
                assert any(len(shown) > 1 for shown in pages.values()), f"{code}: How to play does not tell {key.name}"


def test_the_rules_page_words_the_rules_as_before() -> None:
    assert rules_summary(load_rules(rules_doc.HOUSE)) == (
        "House Rules: Five players, the dealer stakes double and may buy the dead hand for 3 chips, twelve deals.",
        "•  Boodle cards: A♠, K♥, Q♣, J♦.", "•  Starting chips: 50 each.",
        "•  Ante: 1 to the pot and 4 on the boodle cards, spread freely.",
        "•  The dealer stakes 2× on the boodle cards.",
        "•  Following: compulsory.", "•  After a stop: another suit, else the lowest card of the same suit.",
        "•  First lead: the player on the dealer's left.", "•  Buying the dead hand: allowed, for 3 chips.",
        "•  Going out: 1 chip for each card left in a hand.", "•  Length: 12 deals.",
        "•  At the end: chips left on the boodle are shared among the players still in.")
    assert rules_summary(RuleSet(follow="optional", switch_suit=False, per_card_payment=0, deals=None,
                                 first_lead="2D", boodle_at_end="stay")) == (
        "Classic Newmarket", "•  Boodle cards: A♠, K♥, Q♣, J♦.", "•  Starting chips: 40 each.",
        "•  Ante: 1 to the pot and 4 on the boodle cards, spread freely.",
        "•  Following: optional, a holder may decline.",
        "•  After a stop: any suit may be led.", "•  First lead: whoever holds 2♦.",
        "•  Buying the dead hand: not allowed.", "•  Going out: nothing is paid for the cards left in hand.",
        "•  Length: no limit, until one player is left.",
        "•  At the end: chips left on the boodle stay there and count for nobody.")
