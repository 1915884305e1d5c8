"""Rules files: a YAML file of settings in, the engine's `RuleSet` out, or every mistake with its line.

Every key is declared once, in game/engine/rules_keys.py; the readers here come from those declarations.
This module checks what only a file can get wrong: unknown keys, duplicated keys, values of the wrong type
(in YAML `true` is not 1 and `"4"` is not 4), card names. The engine's `check_settings` stays the one place
that knows which values and combinations docs/rules.md allows (ranges, choices, staking: even against
ante_boodle, ...), skipping what reads a value the file got wrong; its problems (key, code, values) are
placed at the line of their key here, and worded when shown, by their code, in the language current then
(the `rules_file` locale area, `engine.<code>`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from game.engine.cards import Card
from game.engine.combinations import Combination
from game.engine.rules import FIRST_LEAD_DEFAULT, RulesError, RuleSet
from game.engine.rules_keys import KEYS, SECTION_KEYS, RulesKey, RulesProblem, check_settings, section_example, written
from game.engine.rules_keys import RULES_KEYS as DECLARED
from game.engine.rules_keys import TOP_KEYS as DECLARED_TOP

from ..bundle import CONFIG_DIR as CONFIG_DIR
from ..locale.safe_yaml import FileCache
from ..locale.shown import shown_name
from ..locale.words import Words
from ..regular_file import present
from .errors import ConfigError, Joined, Problem, why
from .kinds import ConfigKind, register_kind
from .yaml_lines import YamlDocument, describe, key_name, read_yaml_bytes, read_yaml_file, read_yaml_text

RULES_DIR = CONFIG_DIR / "rules"
PERSONALITIES_DIR = CONFIG_DIR / "personalities"
DEFAULT_RULES_NAME = "classic"
DEFAULT_RULES_FILE = RULES_DIR / f"{DEFAULT_RULES_NAME}.yaml"
YAML_SUFFIXES = (".yaml", ".yml")
MAX_COMBINATION_NAME = 40  # the rules editor types at most 24
# Unicode's control characters (Cc) but the tab, which is read as a space; a newline is said apart
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def _default_of(key: str) -> Any:
    """The declared default of a dotted key (a section's: its keys' defaults)."""
    return KEYS[key].default if key in KEYS else section_example(key)


_yaml_form = written  # a value as a rules file writes it

# Issues found by a reader: (index of the list item or None for the value itself, why it is wrong).
Issues = list[tuple[int | None, Words]]
Reader = Callable[[Any], tuple[Any, Issues]]


def _unquote_hint(raw: str, wanted: str) -> tuple[Words, ...]:
    """A hint when text in quotes looks like the value that was wanted."""
    text = raw.strip().lower()
    if wanted == "number" and text.lstrip("+-").isdigit():
        return (why("rules_file.hint_number"),)
    if wanted == "flag" and text in ("true", "false", "yes", "no", "on", "off"):
        return (why("rules_file.hint_flag"),)
    return ()


def _whole(raw: Any, or_null: bool = False) -> tuple[Any, Issues]:
    """A whole number; bools, decimals and numbers in quotes are refused."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, []
    if raw is None and or_null:
        return None, []
    hint = _unquote_hint(raw, "number") if isinstance(raw, str) else ()
    wrong = why("rules_file.whole_number_or_null" if or_null else "rules_file.whole_number", what=describe(raw))
    return None, [(None, wrong.and_then(*hint))]


def _flag(raw: Any) -> tuple[Any, Issues]:
    """true or false; 0, 1 and quoted words are refused."""
    if isinstance(raw, bool):
        return raw, []
    hint = _unquote_hint(raw, "flag") if isinstance(raw, str) else ()
    return None, [(None, why("rules_file.flag", what=describe(raw)).and_then(*hint))]


def _word(raw: Any) -> tuple[Any, Issues]:
    """A word; which words are allowed is the engine's to say."""
    if isinstance(raw, str):
        return raw, []
    return None, [(None, why("rules_file.word", what=describe(raw)))]


def trimmed_line(raw: str) -> str:
    """A line of text as the game keeps it: trimmed, a tab (which files written before allowed) a space."""
    return raw.strip().replace("\t", " ")


def text_problem(raw: Any, blank_ok: bool = False, limit: int | None = None) -> Words | None:
    """Words `raw` is not one line of text that can be shown (numbers and dates are refused: quote them; a
    control character such as NUL, which no screen can draw, too), at most `limit` characters when given; or
    None when it is."""
    if not isinstance(raw, str):
        quote = raw is not None and not isinstance(raw, (list, dict))
        return why("rules_file.text_quote" if quote else "rules_file.text", what=describe(raw))
    text = trimmed_line(raw)
    if not text and not blank_ok:
        return why("rules_file.blank")
    if "\n" in text:
        return why("rules_file.one_line")
    control = _CONTROL.search(text)
    if control is not None:  # written as an escape in quotes ("\0", "\x07"): YAML refuses them bare
        return why("rules_file.control_character", code=f"U+{ord(control.group()):04X}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # an escape such as "\ud800" names half a character, which no file can hold
        return why("rules_file.half_character")
    if limit is not None and len(text) > limit:
        return why("rules_file.too_long", limit=limit, count=len(text))
    return None


def _line_of_text(raw: Any, blank_ok: bool, limit: int | None) -> tuple[Any, Issues]:
    """One line of text (numbers and dates are refused: quote them), at most `limit` characters."""
    wrong = text_problem(raw, blank_ok, limit)
    return (None, [(None, wrong)]) if wrong is not None else (trimmed_line(raw), [])


def _cards(raw: Any) -> tuple[Any, Issues]:
    """A list of card names like [AS, KH, QC, JD]; each bad item is reported at its own line."""
    if not isinstance(raw, list):
        return None, [(None, why("rules_file.cards", what=describe(raw)))]
    cards: list[Card] = []
    issues: Issues = []
    for index, item in enumerate(raw):
        if not isinstance(item, str):
            issues.append((index, why("rules_file.card_item", number=index + 1, what=describe(item))))
            continue
        try:
            cards.append(Card.parse(item))
        except ValueError as error:
            issues.append((index, why("rules_file.card_item_error", number=index + 1, error=str(error))))
    return tuple(cards), issues


def _combinations(raw: Any) -> tuple[Any, Issues]:
    """R30: a list of {name, cards} mappings; each bad item is reported at its own line."""
    if not isinstance(raw, list):
        return None, [(None, why("rules_file.combinations", what=describe(raw)))]
    combos: list[Combination] = []
    issues: Issues = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or set(map(str, item)) != {"name", "cards"}:
            issues.append((index, why("rules_file.combination_item", number=index + 1, what=describe(item))))
            continue
        name_wrong = text_problem(item["name"], limit=MAX_COMBINATION_NAME)
        cards, card_issues = _cards(item["cards"])
        if name_wrong is not None:
            issues.append((index, why("rules_file.combination_part", number=index + 1, part="name").and_then(
                name_wrong)))
        for _, wrong in card_issues:
            issues.append((index, why("rules_file.combination_part", number=index + 1, part="cards").and_then(wrong)))
        if name_wrong is None and not card_issues:
            combos.append(Combination(cards, trimmed_line(item["name"])))
    return tuple(combos), issues


def _first_lead(raw: Any) -> tuple[Any, Issues]:
    """dealer_left or a card name (written as the engine writes it); the engine checks which."""
    if isinstance(raw, str):
        try:
            return (raw if raw == FIRST_LEAD_DEFAULT else str(Card.parse(raw))), []
        except ValueError:
            return raw, []
    return None, [(None, why("rules_file.first_lead", what=describe(raw)))]


def _reader(key: RulesKey) -> Reader:
    """The reader of a declared key's value, by its kind."""
    if key.kind == "line":
        return lambda raw: _line_of_text(raw, key.blank_ok, key.high)
    if key.kind == "whole":
        return lambda raw: _whole(raw, key.or_null)
    readers: dict[str, Reader] = {"cards": _cards, "flag": _flag, "word": _word, "lead": _first_lead,
                                  "combos": _combinations}
    return readers[key.kind]


_READERS: dict[str, Reader] = {key.name: _reader(key) for key in DECLARED}

# The keys a rules file may set, dotted for the keys of a section, in the order files list them.
RULES_KEYS: tuple[str, ...] = tuple(key.name for key in DECLARED)
TOP_KEYS: tuple[str, ...] = DECLARED_TOP
# a section is a key whose value is a mapping of its own keys (buy_dead_hand: {enabled, fee})
_SECTION_LEAVES: dict[str, tuple[str, ...]] = {
    section: tuple(key.leaf for key in keys) for section, keys in SECTION_KEYS.items()}
_LEAF_HOMES: dict[str, str] = {key.leaf: key.name for key in DECLARED if key.section}


def load_rules(path: str | Path) -> RuleSet:
    """Load and validate a rules file; raise ConfigError listing every problem. A file is read and checked once
    while it is unchanged (by path, size, modification time and inode): New game, the campaign and How to play
    ask again and again."""
    try:
        return _RULES.get(Path(path), str(path))
    except ConfigError as error:
        raise ConfigError(error.details) from None  # a fresh error each time, with the same problems


def _load_rules(path: Path, source: str) -> RuleSet:
    return rules_from_document(read_yaml_file(source))


_RULES: FileCache[RuleSet] = FileCache(_load_rules)


def load_rules_text(text: str, source_name: str = "<text>") -> RuleSet:
    """Load and validate rules from YAML text; `source_name` names it in problem lines."""
    return rules_from_document(read_yaml_text(text, source_name))


def load_rules_bytes(data: bytes, source_name: str = "<bytes>") -> RuleSet:
    """Load and validate rules from the raw bytes of a file (UTF-8)."""
    return rules_from_document(read_yaml_bytes(data, source_name))


def rules_from_document(doc: YamlDocument) -> RuleSet:
    """Validate a parsed rules document and build its RuleSet; raise ConfigError listing every problem."""
    problems: list[Problem] = list(doc.duplicates)
    values: dict[str, Any] = {}
    bad: set[str] = set()
    for raw_key, raw in doc.data.items():
        name = key_name(raw_key)
        if not isinstance(raw_key, str) or name not in TOP_KEYS:
            problems.append(Problem(doc.source, unknown_key(name, TOP_KEYS, _LEAF_HOMES)[0], doc.line_of(name), name))
        elif name in _SECTION_LEAVES:
            _read_section(doc, name, raw, values, bad, problems)
        else:
            _read_value(doc, name, raw, values, bad, problems)
    settings = {key.name: values.get(key.name, key.default) for key in DECLARED}
    problems += [_engine_problem(doc, problem) for problem in check_settings(settings, bad)]
    if problems:
        raise ConfigError(problems)
    try:
        return RuleSet.from_values(settings)
    except RulesError as error:  # check_settings found nothing above, so this means the engine changed under us
        raise ConfigError([_engine_problem(doc, problem) for problem in error.problems] or
                          [Problem(doc.source, why("rules_file.refused"))]) from None


def _read_value(doc: YamlDocument, key: str, raw: Any, values: dict[str, Any], bad: set[str],
                problems: list[Problem]) -> None:
    """Read one leaf value into `values`, or mark it bad and say why."""
    value, issues = _READERS[key](raw)
    if issues:
        bad.add(key)
        for index, wrong in issues:
            line = doc.line_of(key) if index is None else doc.item_line(key, index)
            problems.append(Problem(doc.source, wrong, line, key))
    else:
        values[key] = value


def _read_section(doc: YamlDocument, section: str, raw: Any, values: dict[str, Any], bad: set[str],
                  problems: list[Problem]) -> None:
    """Read a mapping of sub-keys such as buy_dead_hand: {enabled, fee}."""
    leaves = _SECTION_LEAVES[section]
    if not isinstance(raw, dict):
        problems.append(Problem(doc.source, why("rules_file.section", example=section_example(section),
                                                what=describe(raw)), doc.line_of(section), section))
        bad.update(f"{section}.{leaf}" for leaf in leaves)
        return
    for raw_key, sub in raw.items():
        name = key_name(raw_key)
        dotted = f"{section}.{name}"
        if not isinstance(raw_key, str) or name not in leaves:
            problems.append(Problem(doc.source, unknown_key(name, leaves)[0], doc.line_of(dotted), dotted))
        else:
            _read_value(doc, dotted, sub, values, bad, problems)


def unknown_key(name: str, known: Iterable[str], homes: Mapping[str, str] | None = None) -> tuple[Words, str | None]:
    """Words a key is refused, and the known key a misspelt `name` most likely meant ("Lines" or "look-s": lines,
    look; a leaf written at the top: its home in `homes`), None when no known key is close."""
    known = list(known)
    homes = homes or {}
    plain = name.strip().lower().replace("-", "_").replace(" ", "_")
    if plain in known:
        return why("rules_file.unknown_key_did_you_mean", name=plain), plain
    if plain in homes:
        return why("rules_file.unknown_key_here", name=homes[plain]), homes[plain]
    close = difflib.get_close_matches(plain, known + list(homes.values()), n=1, cutoff=0.6)
    if close:
        return why("rules_file.unknown_key_did_you_mean", name=close[0]), close[0]
    return why("rules_file.unknown_key", keys=", ".join(known)), None


def rules_problem_why(problem: RulesProblem) -> Words:
    """Words the engine refuses a setting, worded by its code when shown (`rules_file.engine.<code>`)."""
    return why(f"rules_file.engine.{problem.code}", **problem.shown_params())


def rules_problem_line(problem: RulesProblem) -> Joined:
    """One of the engine's problems as `key: why`, worded when shown."""
    return Joined(": ", (problem.key, rules_problem_why(problem)))


def _engine_problem(doc: YamlDocument, problem: RulesProblem) -> Problem:
    """Place one of the engine's problems at the line of its key."""
    wrong = rules_problem_why(problem)
    if not doc.has(problem.key):
        wrong = wrong.and_then(why("rules_file.default_applies", name=problem.key,
                                   default=_yaml_form(_default_of(problem.key))))
    return Problem(doc.source, wrong, doc.line_of(problem.key), problem.key)


def rules_yaml(rules: RuleSet) -> str:
    """The text of a rules file that loads back to `rules`."""
    settings = {"name": rules.name, "description": rules.description, **rules.settings()}
    text: str = yaml.safe_dump(settings, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return text


def list_rules_files(folder: str | Path = RULES_DIR) -> list[Path]:
    """The rules files (*.yaml, *.yml) directly in `folder`, sorted by name; OSError when the folder cannot be
    listed. A file that cannot even be looked at is listed, and loading it says why it cannot be read."""
    base = Path(folder)
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir()
                  if p.suffix.lower() in YAML_SUFFIXES and not p.name.startswith(".") and present(p))


def rules_names(folder: str | Path = RULES_DIR) -> list[str]:
    """The names of the rules files in `folder` ("classic", "michigan", ...)."""
    return [p.stem for p in list_rules_files(folder)]


def rules_path(name_or_path: str | Path, folder: str | Path = RULES_DIR) -> Path:
    """The file for a rules name like "michigan" (a file in `folder`), or the path itself if it is a file."""
    given = Path(name_or_path)
    if given.suffix.lower() in YAML_SUFFIXES or len(given.parts) > 1:
        return given
    for path in list_rules_files(folder):
        if path.stem.lower() == str(name_or_path).lower():
            return path
    names = rules_names(folder)
    close = difflib.get_close_matches(str(name_or_path).lower(), names, n=1)
    shown: Words | str = ", ".join(map(shown_name, names)) or why("rules_file.none")
    wrong = (why("rules_file.no_such_rules_close", close=shown_name(close[0]), folder=shown_name(folder),
                 names=shown) if close
             else why("rules_file.no_such_rules", folder=shown_name(folder), names=shown))
    raise ConfigError.single(str(name_or_path), wrong)


def rules_by_name(name_or_path: str | Path, folder: str | Path = RULES_DIR) -> RuleSet:
    """Load the rules called `name_or_path` ("classic", "michigan", or a path to a file)."""
    return load_rules(rules_path(name_or_path, folder))


def default_rules() -> RuleSet:
    """The default rules: config/rules/classic.yaml."""
    return load_rules(DEFAULT_RULES_FILE)


RULES_KIND = register_kind(ConfigKind(name="rules", folders=("rules",), load=load_rules,
                                      keys=frozenset(TOP_KEYS) - {"name", "description"}))
