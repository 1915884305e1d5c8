"""Rules files: the shipped variants load and round-trip; every kind of mistake is one line with file, line, key."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.config import (
    DEFAULT_RULES_FILE,
    RULES_DIR,
    RULES_KEYS,
    TOP_KEYS,
    ConfigError,
    default_rules,
    list_rules_files,
    load_rules,
    load_rules_bytes,
    load_rules_text,
    read_yaml_file,
    rules_by_name,
    rules_file,
    rules_names,
    rules_path,
    rules_yaml,
)
from game.engine.cards import parse_cards
from game.engine.combinations import Combination
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.rules_keys import RULES_KEYS as DECLARED_KEYS

REPO = Path(__file__).resolve().parents[2]
SHIPPED = {"classic", "michigan", "saratoga", "chicago", "house", "michigan_us", "pope_joan_board",
           "free_following"}
SHIPPED_TEXTS = [path.read_text(encoding="utf-8") for path in list_rules_files()]
PROBLEM_LINE = re.compile(r"^\S[^\n]*?(:\d+)?: \S[^\n]*$")


def problems_of(text: str, source: str = "bad.yaml") -> list[str]:
    """The problem lines of rules text that must not load."""
    with pytest.raises(ConfigError) as caught:
        load_rules_text(text, source)
    return caught.value.problems


def flat_keys(data: dict[str, Any]) -> set[str]:
    """Top-level keys, with the keys of a nested mapping dotted."""
    keys: set[str] = set()
    for key, value in data.items():
        keys.add(key)
        if isinstance(value, dict):
            keys.update(f"{key}.{sub}" for sub in value)
    return keys


# ---- the shipped files -------------------------------------------------------------------------

def test_shipped_rules_files_are_the_five_variants() -> None:
    assert set(rules_names()) == SHIPPED
    assert DEFAULT_RULES_FILE == RULES_DIR / "classic.yaml" and DEFAULT_RULES_FILE.is_file()
    assert RULES_DIR == REPO / "config" / "rules"


@pytest.mark.parametrize("path", list_rules_files(), ids=lambda p: p.stem)
def test_shipped_file_loads_and_round_trips(path: Path) -> None:
    rules = load_rules(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    # house.yaml writes every key, the quiet ones (which the log leaves out at their defaults) included
    settings = rules.settings()
    if path.stem == "house":
        for key in DECLARED_KEYS:
            if key.quiet:
                value = [] if key.kind in ("cards", "combos") else key.default
                (settings.setdefault(key.section, {}) if key.section else settings).setdefault(key.leaf, value)
    if data.get("combinations") == []:  # R30: the settings leave out an empty list, as logs before the key did
        settings["combinations"] = []
    settings_keys = flat_keys(settings)
    # the file uses exactly the keys of the resolved settings (the log's `rules`), but for keys newer than the
    # variants (declared with what older logs meant), which a variant writes only when its sources say so
    newer = {key.name for key in DECLARED_KEYS if key.before is not None}
    assert flat_keys(data) == settings_keys - (set() if path.stem == "house" else newer)
    assert data == {k: v for k, v in settings.items() if k in data}
    assert load_rules_text(rules_yaml(rules), "again.yaml") == rules


@pytest.mark.parametrize("path", list_rules_files(), ids=lambda p: p.stem)
def test_shipped_file_has_a_name_and_a_one_line_description(path: Path) -> None:
    rules = load_rules(path)
    assert rules.name.strip() and rules.description.strip() and "\n" not in rules.description


def test_classic_is_the_default_and_matches_the_engine_defaults() -> None:
    classic = default_rules()
    assert classic == rules_by_name("classic") == load_rules(DEFAULT_RULES_FILE)
    assert dataclasses.replace(classic, name=RuleSet().name, description="") == RuleSet()
    assert classic.boodle_cards == parse_cards(["AS", "KH", "QC", "JD"])
    assert (classic.staking, classic.ante_pot, classic.ante_boodle) == ("free", 1, 4)
    assert (classic.follow, classic.switch_suit, classic.buy_dead_hand.enabled) == ("compulsory", True, False)


def test_variants_differ_as_rules_md_says() -> None:
    michigan = rules_by_name("michigan")
    assert michigan.boodle_cards == parse_cards(["AS", "KS", "QS", "JS"])
    assert michigan.buy_dead_hand == BuyDeadHand(enabled=True, fee=4)
    assert rules_by_name("saratoga").staking == "even"
    assert rules_by_name("chicago").boodle_cards == parse_cards(["KD", "QS", "JC", "10H"])
    assert "Chicago" in (RULES_DIR / "chicago.yaml").read_text(encoding="utf-8")


def test_house_file_sets_every_key_with_a_comment() -> None:
    doc = read_yaml_file(RULES_DIR / "house.yaml")
    assert set(RULES_KEYS) <= set(doc.key_lines)
    lines = (RULES_DIR / "house.yaml").read_text(encoding="utf-8").splitlines()
    for key in RULES_KEYS:
        line = doc.key_lines[key]
        assert lines[line - 2].lstrip().startswith("#") or "." in key, f"{key} has no comment above it"


def test_rules_keys_cover_every_rules_setting() -> None:
    assert set(TOP_KEYS) == {f.name for f in dataclasses.fields(RuleSet)}
    assert {k.split(".", 1)[1] for k in RULES_KEYS if k.startswith("buy_dead_hand.")} == {
        f.name for f in dataclasses.fields(BuyDeadHand)}
    quiet = {key.name for key in DECLARED_KEYS if key.quiet}  # left out of the log at their defaults
    assert set(flat_keys(RuleSet().settings())) | {"description"} | quiet == set(RULES_KEYS) | {"buy_dead_hand"}
    assert quiet <= set(flat_keys(RuleSet(aces="high", removed_cards=parse_cards(["8D"]),
                                          cut_deals="lowest", when_unable="pass_left", pass_penalty=1,
                                          short_ante="all_in", buy_dead_hand=BuyDeadHand(True, 4, auction=True,
                                                                                       paid_to="dealer"),
                                          combinations=(Combination(parse_cards(["KH", "QH"]), "M"),),
                                          look="club").settings()))


# (a file with an unreadable value, where the reader blames it, the file with it put right, which a cross-key
# check then refuses, blaming another key)
CROSS_CASES = [
    ("ante_boodle: x\nstaking: even\nboodle_cards: [AS, KH, QC]\n", "x.yaml:1: ante_boodle: ",
     "ante_boodle: 4\nstaking: even\nboodle_cards: [AS, KH, QC]\n", "x.yaml:2: staking: "),
    ("starting_chips: 3\nante_pot: x\n", "x.yaml:2: ante_pot: ", "starting_chips: 3\nante_pot: 1\n",
     "x.yaml:1: starting_chips: "),
    ("deals: null\nante_pot: 0\nante_boodle: '0'\n", "x.yaml:3: ante_boodle: ",
     "deals: null\nante_pot: 0\nante_boodle: 0\n", "x.yaml:1: deals: "),
    ("dealer_ante_multiplier: true\nstarting_chips: 4\n", "x.yaml:1: dealer_ante_multiplier: ",
     "dealer_ante_multiplier: 1\nstarting_chips: 4\n", "x.yaml:2: starting_chips: "),
    ("boodle_cards: [AS, XX, QC]\nstaking: even\n", "x.yaml:1: boodle_cards: ",
     "boodle_cards: [AS, KH, QC]\nstaking: even\n", "x.yaml:2: staking: "),
]


@pytest.mark.parametrize("unreadable, blamed, fixed, cross", CROSS_CASES)
def test_a_cross_key_check_reading_an_unreadable_value_says_nothing(unreadable: str, blamed: str, fixed: str,
                                                                    cross: str) -> None:
    problems = problems_of(unreadable, "x.yaml")
    assert len(problems) == 1 and problems[0].startswith(blamed), problems
    problems = problems_of(fixed, "x.yaml")
    assert len(problems) == 1 and problems[0].startswith(cross), problems


def test_the_modding_guide_lists_every_key_with_its_default() -> None:
    guide = (REPO / "docs" / "modding.md").read_text(encoding="utf-8")
    section = guide.split("<!-- rules:begin -->")[1].split("<!-- rules:end -->")[0]
    row = re.compile(r"^\| `([a-z_.]+)` \| [^|]+ \| [^|]+ \| ([^|]+) \|$", re.M)
    rows = {m.group(1): m.group(2) for m in row.finditer(section)}
    assert set(rows) == set(RULES_KEYS)
    for key in RULES_KEYS:
        default = rules_file._yaml_form(rules_file._default_of(key))
        assert rows[key].strip() in (f"`{default}`", "empty" if default == "" else "-"), key
    for stem in SHIPPED:
        assert f"`{stem}.yaml`" in section
    assert "check-config" in section


# ---- looking rules up ------------------------------------------------------------------------

def test_rules_path_finds_names_and_passes_paths_through(tmp_path: Path) -> None:
    assert rules_path("michigan") == RULES_DIR / "michigan.yaml"
    assert rules_path("MICHIGAN") == RULES_DIR / "michigan.yaml"
    assert rules_path(tmp_path / "mine.yaml") == tmp_path / "mine.yaml"
    with pytest.raises(ConfigError, match="did you mean michigan"):
        rules_path("michgan")


def test_list_rules_files_skips_other_files(tmp_path: Path) -> None:
    for name in ("b.yaml", "a.yml", "notes.txt", ".hidden.yaml"):
        (tmp_path / name).write_text("name: x\n", encoding="utf-8")
    (tmp_path / "sub.yaml").mkdir()
    assert [p.name for p in list_rules_files(tmp_path)] == ["a.yml", "b.yaml"]
    assert list_rules_files(tmp_path / "missing") == []


# ---- leaving keys out --------------------------------------------------------------------------

def test_a_file_may_leave_out_any_key() -> None:
    assert load_rules_text("{}\n") == RuleSet()
    rules = load_rules_text("name: Short\nstaking: even\nbuy_dead_hand:\n  enabled: true\n")
    assert rules == RuleSet(name="Short", staking="even", buy_dead_hand=BuyDeadHand(enabled=True, fee=4))
    assert load_rules_text("deals: null\n").deals is None
    assert load_rules_text("deals:\n").deals is None


def test_yaml_spellings_safe_load_accepts_are_accepted() -> None:
    rules = load_rules_text("switch_suit: no\nbuy_dead_hand: {enabled: yes}\nboodle_cards: [as, T♥, 1c]\n")
    assert rules.switch_suit is False and rules.buy_dead_hand.enabled is True
    assert [str(c) for c in rules.boodle_cards] == ["AS", "10H", "AC"]
    assert load_rules_bytes("\ufeffname: BOM\n".encode("utf-8")).name == "BOM"


# ---- every kind of mistake: line and key ---------------------------------------------------------

# (text, [(line, key or None, words the message must contain)])
ERRORS: dict[str, tuple[str, list[tuple[int | None, str | None, str]]]] = {
    "unknown key": ("name: x\nante_bodle: 4\n", [(2, "ante_bodle", "did you mean ante_boodle?")]),
    "unknown key, case": ("Players: 4\n", [(1, "Players", "did you mean players?")]),
    "nested key at top": ("fee: 3\n", [(1, "fee", "buy_dead_hand.fee")]),
    "unknown nested key": ("buy_dead_hand:\n  enabled: true\n  fees: 3\n",
                           [(3, "buy_dead_hand.fees", "did you mean fee?")]),
    "bool for int": ("name: x\nstarting_chips: true\n", [(2, "starting_chips", "whole number")]),
    "int for bool": ("switch_suit: 1\n", [(1, "switch_suit", "true or false")]),
    "quoted number": ("ante_pot: '1'\n", [(1, "ante_pot", "without quotes")]),
    "quoted bool": ("buy_dead_hand:\n  enabled: 'true'\n", [(2, "buy_dead_hand.enabled", "true or false")]),
    "decimal": ("deals: 2.5\n", [(1, "deals", "whole number")]),
    "number for text": ("name: 1885\n", [(1, "name", "must be text")]),
    "blank name": ("name: ''\n", [(1, "name", "blank")]),
    "list for word": ("staking: [free]\n", [(1, "staking", "must be a word")]),
    "map for cards": ("boodle_cards: {AS: 1}\n", [(1, "boodle_cards", "list of cards")]),
    "bad card": ("name: x\nboodle_cards:\n  - AS\n  - XX\n", [(4, "boodle_cards", "not a card: 'XX'")]),
    "bad card flow": ("boodle_cards: [AS, KH, QX, JD]\n", [(1, "boodle_cards", "not a card: 'QX'")]),
    "number card": ("boodle_cards: [AS, 10]\n", [(1, "boodle_cards", "item 2")]),
    "duplicate card": ("boodle_cards: [AS, KH, AS]\n", [(1, "boodle_cards", "AS listed more than once")]),
    "no cards": ("boodle_cards: []\n", [(1, "boodle_cards", "1 to 13")]),
    "negative": ("name: x\n\nante_boodle: -1\n", [(3, "ante_boodle", "must not be negative, got -1")]),
    "negative fee": ("buy_dead_hand:\n  enabled: false\n  fee: -2\n", [(3, "buy_dead_hand.fee", "negative")]),
    "too few players": ("players: 2\n", [(1, "players", "3 to 8")]),
    "too many players": ("players: 9\n", [(1, "players", "3 to 8")]),
    "zero deals": ("deals: 0\n", [(1, "deals", "at least 1")]),
    "multiplier": ("dealer_ante_multiplier: 0\n", [(1, "dealer_ante_multiplier", "at least 1")]),
    "bad choice": ("follow: sometimes\n", [(1, "follow", "compulsory, optional")]),
    "bad first lead": ("first_lead: 2X\n", [(1, "first_lead", "dealer_left or a card")]),
    "even staking": ("boodle_cards: [AS, KH, QC]\nstaking: even\n", [(2, "staking", "divisible")]),
    "chips below ante": ("starting_chips: 4\n", [(1, "starting_chips", "cannot pay the first ante of 5")]),
    "chips default below ante": ("ante_boodle: 50\n", [(None, "starting_chips", "default 40 applies")]),
    "section not a map": ("buy_dead_hand: true\n", [(1, "buy_dead_hand", "mapping")]),
    "r26 auction without buying": ("buy_dead_hand:\n  auction: true\n", [(2, "buy_dead_hand.auction", "enabled")]),
    "r26 paid to nobody": ("buy_dead_hand: {enabled: true, paid_to: bank}\n",
                           [(1, "buy_dead_hand.paid_to", "pot, dealer")]),
    "r26 auction not a flag": ("buy_dead_hand:\n  enabled: true\n  auction: 1\n",
                               [(3, "buy_dead_hand.auction", "true or false")]),
    "duplicate key": ("ante_pot: 1\nname: x\nante_pot: 2\n", [(3, "ante_pot", "first on line 1")]),
    "non-text key": ("name: x\n12: y\n", [(2, "12", "unknown key")]),
    "empty": ("", [(None, None, "empty")]),
    "only comments": ("# nothing here\n", [(None, None, "empty")]),
    "only null": ("~\n", [(None, None, "empty")]),
    "top-level list": ("- name\n- x\n", [(1, None, "mapping")]),
    "top-level text": ("just words\n", [(1, None, "mapping")]),
    "syntax: missing colon": ("name: x\nplayers 4\ndeals: 3\n", [(2, None, "YAML syntax error")]),
    "syntax: bad indent": ("name: x\nplayers: 4\n  deals: 3\n", [(3, None, "YAML syntax error")]),
    "syntax: unclosed list": ("name: x\nboodle_cards: [AS, KH\n", [(2, None, "YAML syntax error")]),
    "syntax: tab": ("name: x\n\tplayers: 4\n", [(2, None, "YAML syntax error")]),
    "two documents": ("name: x\n---\nname: y\n", [(2, None, "single document")]),
    "impossible date": ("name: x\ndeals: 2024-13-45\n", [(2, None, "cannot be read")]),
    "bad explicit tag": ("name: x\nplayers: !!int four\n", [(2, None, "cannot be read")]),
    "python tag": ("name: !!python/object/apply:os.system [ls]\n", [(1, None, "constructor")]),
    "control character": ("name: a\x01b\n", [(1, None, "character #x0001")]),
    "nested too deep": ("a: " + "[" * 1000 + "]" * 1000 + "\n", [(None, None, "nested too deeply")]),
}


@pytest.mark.parametrize("case", list(ERRORS), ids=list(ERRORS))
def test_each_mistake_is_one_line_with_file_line_and_key(case: str) -> None:
    text, expected = ERRORS[case]
    problems = problems_of(text, "config/rules/bad.yaml")
    assert len(problems) == len(expected), problems
    for problem, (line, key, words) in zip(problems, expected):
        where = "config/rules/bad.yaml" + ("" if line is None else f":{line}")
        assert problem.startswith(f"{where}: " + ("" if key is None else f"{key}: ")), problem
        assert words in problem and "\n" not in problem


def test_every_problem_of_a_file_is_reported() -> None:
    text = ("name: 7\n"                 # 1 wrong type
            "boodle_cards: [AS, ZZ]\n"   # 2 bad card
            "players: 12\n"              # 3 out of range
            "ante_pot: -1\n"             # 4 negative
            "staking: evenly\n"          # 5 bad choice
            "switch_suit: 0\n"           # 6 int for bool
            "colour: red\n"              # 7 unknown key
            "buy_dead_hand: {fee: '4'}\n"  # 8 quoted number
            "deals: 0\n")                # 9 out of range
    problems = problems_of(text, "house.yaml")
    assert [int(p.split(":")[1]) for p in problems] == list(range(1, 10))


def test_a_wrong_value_does_not_blame_the_keys_it_is_checked_against() -> None:
    # with ante_boodle unreadable, nothing can be said about starting_chips or even staking
    problems = problems_of("ante_boodle: four\nstarting_chips: 3\nstaking: even\nboodle_cards: [AS, KH, QC]\n")
    assert problems == ["bad.yaml:1: ante_boodle: must be a whole number, got the text 'four'"]
    # but problems that do not hang on the wrong value are still reported
    problems = problems_of("ante_boodle: four\nplayers: 2\n")
    assert [p.split(": ")[1] for p in problems] == ["ante_boodle", "players"]


def test_config_error_is_a_value_error_with_its_lines() -> None:
    with pytest.raises(ValueError) as caught:
        load_rules_text("players: 2\ndeals: 0\n", "x.yaml")
    error = caught.value
    assert isinstance(error, ConfigError)
    assert str(error) == "\n".join(error.problems)
    assert [(d.line, d.key) for d in error.details] == [(1, "players"), (2, "deals")]


# ---- files that cannot be read --------------------------------------------------------------------

def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_rules(tmp_path / "nope.yaml")
    assert caught.value.problems == [f"{tmp_path / 'nope.yaml'}: file not found"]


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a folder"):
        load_rules(tmp_path)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions that bind")
def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text("name: x\n", encoding="utf-8")
    path.chmod(0)
    with pytest.raises(ConfigError, match="permission denied"):
        load_rules(path)


def test_non_utf8_bytes_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: x\ndescription: caf\xe9\n".encode("latin-1"))
    with pytest.raises(ConfigError) as caught:
        load_rules(path)
    assert caught.value.problems == [f"{path}:2: not UTF-8 text: byte 0xe9 at column 17 cannot be read "
                                     "(save the file as UTF-8)"]


# ---- random mutations: load, or ConfigError with problem lines; nothing else ------------------------

def assert_loads_or_reports(load: Any, source: str) -> None:
    """Loading gives a RuleSet or a ConfigError of one-line problems naming the source."""
    try:
        rules = load()
    except ConfigError as error:
        assert error.problems
        for line in error.problems:
            assert isinstance(line, str) and line.startswith(source) and "\n" not in line, line
            assert PROBLEM_LINE.match(line), line
    else:
        assert isinstance(rules, RuleSet) and rules.problems() == []


yaml_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                         st.text(max_size=12), st.sampled_from(["AS", "10H", "even", "free", "dealer_left", "2D",
                                                                "high", "lowest", "8D",
                                                                "pass_left", "step_down", "all_in", "out", "pot",
                                                                "dealer"]))
yaml_values = st.recursive(yaml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=3)), max_leaves=8)
key_names = st.one_of(st.sampled_from(list(TOP_KEYS) + ["fee", "enabled", "Players", "ante-pot", "auction",
                                                       "paid_to"]),
                      st.from_regex(r"[a-z_]{1,12}", fullmatch=True))
# no example database: the tests leave no files behind in the repository
fast = settings(max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


# R23-R25: values near and far from the right ones, and removed cards that clash with the boodle or first lead
RANKS_VALUES = st.one_of(
    st.sampled_from(["low", "high", "highest", "lowest", "High", "ace", "", None, 14, True]),
    st.lists(st.sampled_from(["8D", "AS", "KH", "2D", "2C", "8d", "T♦", "ZZ", "AH", "JS", 3, None]), max_size=5),
    yaml_values)


@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.sampled_from(SHIPPED_TEXTS), key=st.sampled_from(["aces", "removed_cards", "cut_deals"]),
       value=RANKS_VALUES, lead=st.sampled_from(["", "first_lead: 2D\n", "first_lead: 8D\n"]))
def test_r23_r24_r25_mutations_load_or_are_refused_cleanly(text: str, key: str, value: Any, lead: str) -> None:
    kept = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith((f"{key}:", "first_lead:" if lead else "\0")))
    mutated = f"{kept}{lead}{key}: {json.dumps(value)}\n"
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_deleting_lines_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines(keepends=True)
    drop = data.draw(st.sets(st.integers(0, len(lines) - 1), max_size=6))
    mutated = "".join(line for i, line in enumerate(lines) if i not in drop)
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_replacing_values_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines(keepends=True)
    keyed = [i for i, line in enumerate(lines) if re.match(r"^\s*[a-z_]+:", line)]
    for i in data.draw(st.lists(st.sampled_from(keyed), min_size=1, max_size=3)):
        indent_key = lines[i].split(":", 1)[0]
        value = data.draw(st.one_of(yaml_values.map(json.dumps), st.text(max_size=15)))
        lines[i] = f"{indent_key}: {value}\n"
    mutated = "".join(lines)
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_inserting_keys_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines(keepends=True)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines)))
        indent = data.draw(st.sampled_from(["", "", "  "]))
        lines.insert(at, f"{indent}{data.draw(key_names)}: {json.dumps(data.draw(yaml_values))}\n")
    mutated = "".join(lines)
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")


@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), penalty=st.one_of(st.integers(-3, 5), yaml_scalars),
       unable=st.one_of(st.sampled_from(["same_suit", "pass_left", "step_down"]), yaml_scalars),
       short=st.one_of(st.sampled_from(["out", "all_in"]), yaml_scalars))
def test_r27_r28_r29_keys_mutated_load_or_give_a_clean_error(text: str, penalty: Any, unable: Any, short: Any) -> None:
    lines = [line for line in text.splitlines(keepends=True) if not line.startswith(("when_unable:", "pass_penalty:",
                                                                                     "short_ante:"))]
    lines += [f"when_unable: {json.dumps(unable)}\n", f"pass_penalty: {json.dumps(penalty)}\n",
              f"short_ante: {json.dumps(short)}\n"]
    mutated = "".join(lines)
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")
    if type(penalty) is int and penalty > 0 and unable in ("same_suit", "step_down") and short in ("out", "all_in"):
        with pytest.raises(ConfigError, match=r"m\.yaml:\d+: pass_penalty: a pass penalty needs"):
            load_rules_text(mutated, "m.yaml")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_truncating_never_crashes(text: str, data: st.DataObject) -> None:
    cut = text[:data.draw(st.integers(0, len(text)))]
    assert_loads_or_reports(lambda: load_rules_text(cut, "m.yaml"), "m.yaml")


YAML_TOKENS = ["&a ", "*a", "<<: *a\n", "<<: [*a, *a]\n", "!!binary ", "!!int ", "!!float ", "!!timestamp ",
               "!!python/name:os.system ", "!!set ", "!!omap ", "? ", ": ", "- ", "{", "}", "[", "]", ",", "'", '"',
               "|\n", ">-\n", "---\n", "...\n", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n", "#", "\t", "\n  ",
               "\\x", "\\u12", "~", "0o17", "0x1F", "1_000", "1e400", ".inf", "2024-02-30", "12:30:00", "=",
               "\ufeff", "\u2028", "\x85", "😀"]


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_inserting_yaml_syntax_never_crashes(text: str, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        text = text[:at] + data.draw(st.sampled_from(YAML_TOKENS)) + text[at:]
    assert_loads_or_reports(lambda: load_rules_text(text, "m.yaml"), "m.yaml")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_inserting_random_bytes_never_crashes(text: str, data: st.DataObject) -> None:
    raw = text.encode("utf-8")
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw)))
        raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=6)) + raw[at:]
    assert_loads_or_reports(lambda: load_rules_bytes(raw, "m.yaml"), "m.yaml")


combination_items = st.one_of(
    yaml_values,
    st.fixed_dictionaries({"name": st.one_of(st.sampled_from(["Matrimony", "Intrigue", "", " "]), yaml_scalars),
                           "cards": st.one_of(st.lists(st.sampled_from(["KH", "QH", "JH", "9D", "XX", "kh"]),
                                                       max_size=4), yaml_values)}))


@pytest.mark.slow
@fast
@given(items=st.lists(combination_items, max_size=4), staking=st.sampled_from(["free", "even"]),
       ante=st.integers(0, 9))
def test_r30_mutated_combinations_load_or_are_blamed_on_their_key(items: list[Any], staking: str, ante: int) -> None:
    text = (f"name: Mutant\nstaking: {staking}\nante_boodle: {ante}\nstarting_chips: 60\n"
            f"combinations: {json.dumps(items)}\n")
    try:
        rules = load_rules_text(text, "m.yaml")
    except ConfigError as error:
        assert all(p.startswith(("m.yaml:5: combinations: ", "m.yaml:2: staking: ")) for p in error.problems), \
            error.problems
    else:
        assert [combo.name for combo in rules.combinations] == [item["name"].strip() for item in items]
        assert len({combo.name for combo in rules.combinations}) == len(items)
        assert all(len(set(combo.cards)) == len(combo.cards) >= 2 for combo in rules.combinations)
        assert staking == "free" or ante % len(rules.piles) == 0


@pytest.mark.slow
@fast
@given(key=st.sampled_from([k for k in RULES_KEYS if "." not in k]), value=yaml_values)
def test_a_wrong_value_is_blamed_on_its_key_and_line(key: str, value: Any) -> None:
    text = f"name: Mutant\n# a comment\n{key}: {json.dumps(value)}\n"
    try:
        rules = load_rules_text(text, "m.yaml")
    except ConfigError as error:
        # a well-typed value may instead leave the default starting_chips unable to pay the ante
        assert all(p.startswith((f"m.yaml:3: {key}: ", "m.yaml: starting_chips: ")) for p in error.problems), \
            error.problems
    else:
        read = yaml.safe_load(json.dumps(value))  # what YAML makes of the text: JSON escapes may not survive it
        expected = read.strip() if isinstance(read, str) else read
        assert getattr(rules, key) == expected or key in ("boodle_cards", "removed_cards", "combinations")


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), enabled=st.one_of(st.booleans(), yaml_scalars),
       auction=st.one_of(st.booleans(), yaml_scalars),
       paid_to=st.one_of(st.sampled_from(["pot", "dealer"]), yaml_scalars),
       fee=st.one_of(st.integers(-3, 50), yaml_scalars))
def test_r26_auction_mutations_load_or_report(text: str, enabled: object, auction: object, paid_to: object,
                                              fee: object) -> None:
    kept = re.sub(r"(?m)^buy_dead_hand:.*\n(?:[ #].*\n)*", "", text)
    section = (f"buy_dead_hand:\n  enabled: {json.dumps(enabled)}\n  fee: {json.dumps(fee)}\n"
               f"  auction: {json.dumps(auction)}\n  paid_to: {json.dumps(paid_to)}\n")
    mutated = kept + section
    assert_loads_or_reports(lambda: load_rules_text(mutated, "m.yaml"), "m.yaml")
    if auction is True and enabled is False:
        with pytest.raises(ConfigError, match="buy_dead_hand.auction"):
            load_rules_text(mutated, "m.yaml")
