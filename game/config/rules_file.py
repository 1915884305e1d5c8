"""Rules files: a YAML file of settings in, the engine's `RuleSet` out, or every mistake with its line.

The checks are split in two on purpose. This module checks what only a file
can get wrong: unknown keys, duplicated keys, values of the wrong type (in YAML
`true` is not 1 and `"4"` is not 4), card names. The engine's `RuleSet.problems()`
stays the one place that knows which values and combinations docs/rules.md allows
(ranges, choices, staking: even against ante_boodle, ...); its `key: why`
messages are mapped back to the line of that key here, and worded in the current language
(the `rules_file` locale area) by matching the engine's English sentence.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from game.engine.cards import Card
from game.engine.rules import FIRST_LEAD_DEFAULT, RulesError, RuleSet

from ..locale import tr
from .errors import ConfigError, Problem
from .kinds import ConfigKind, register_kind
from .yaml_lines import YamlDocument, describe, key_name, read_yaml_bytes, read_yaml_file, read_yaml_text

CONFIG_DIR = Path(__file__).resolve().parents[2] / "config"
RULES_DIR = CONFIG_DIR / "rules"
PERSONALITIES_DIR = CONFIG_DIR / "personalities"
DEFAULT_RULES_NAME = "classic"
DEFAULT_RULES_FILE = RULES_DIR / f"{DEFAULT_RULES_NAME}.yaml"
YAML_SUFFIXES = (".yaml", ".yml")

_DEFAULTS = RuleSet()


def _default_of(key: str) -> Any:
    """The engine's default for a dotted key."""
    value: Any = _DEFAULTS
    for part in key.split("."):
        value = getattr(value, part)
    return value


# Issues found by a reader: (index of the list item or None for the value itself, why it is wrong).
Issues = list[tuple[int | None, str]]
Reader = Callable[[Any], tuple[Any, Issues]]


def _unquote_hint(raw: str, wanted: str) -> str:
    """A hint when text in quotes looks like the value that was wanted."""
    text = raw.strip().lower()
    if wanted == "number" and text.lstrip("+-").isdigit():
        return tr("rules_file.hint_number")
    if wanted == "flag" and text in ("true", "false", "yes", "no", "on", "off"):
        return tr("rules_file.hint_flag")
    return ""


def _whole(raw: Any, or_null: bool = False) -> tuple[Any, Issues]:
    """A whole number; bools, decimals and numbers in quotes are refused."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, []
    if raw is None and or_null:
        return None, []
    hint = _unquote_hint(raw, "number") if isinstance(raw, str) else ""
    why = tr("rules_file.whole_number_or_null" if or_null else "rules_file.whole_number", what=describe(raw))
    return None, [(None, why + hint)]


def _whole_or_null(raw: Any) -> tuple[Any, Issues]:
    """A whole number, or null."""
    return _whole(raw, or_null=True)


def _flag(raw: Any) -> tuple[Any, Issues]:
    """true or false; 0, 1 and quoted words are refused."""
    if isinstance(raw, bool):
        return raw, []
    hint = _unquote_hint(raw, "flag") if isinstance(raw, str) else ""
    return None, [(None, tr("rules_file.flag", what=describe(raw)) + hint)]


def _word(raw: Any) -> tuple[Any, Issues]:
    """A word; which words are allowed is the engine's to say."""
    if isinstance(raw, str):
        return raw, []
    return None, [(None, tr("rules_file.word", what=describe(raw)))]


def text_problem(raw: Any, blank_ok: bool = False) -> str | None:
    """Why `raw` is not one line of text (numbers and dates are refused: quote them), or None when it is."""
    if not isinstance(raw, str):
        quote = raw is not None and not isinstance(raw, (list, dict))
        return tr("rules_file.text_quote" if quote else "rules_file.text", what=describe(raw))
    text = raw.strip()
    if not text and not blank_ok:
        return tr("rules_file.blank")
    if "\n" in text:
        return tr("rules_file.one_line")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # an escape such as "\ud800" names half a character, which no file can hold
        return tr("rules_file.half_character")
    return None


def _line_of_text(raw: Any, blank_ok: bool) -> tuple[Any, Issues]:
    """One line of text (numbers and dates are refused: quote them)."""
    why = text_problem(raw, blank_ok)
    return (None, [(None, why)]) if why is not None else (raw.strip(), [])


def _name(raw: Any) -> tuple[Any, Issues]:
    """The rules' name: one line, not blank."""
    return _line_of_text(raw, blank_ok=False)


def _description(raw: Any) -> tuple[Any, Issues]:
    """A one-line description."""
    return _line_of_text(raw, blank_ok=True)


def _cards(raw: Any) -> tuple[Any, Issues]:
    """A list of card names like [AS, KH, QC, JD]; each bad item is reported at its own line."""
    if not isinstance(raw, list):
        return None, [(None, tr("rules_file.cards", what=describe(raw)))]
    cards: list[Card] = []
    issues: Issues = []
    for index, item in enumerate(raw):
        if not isinstance(item, str):
            issues.append((index, tr("rules_file.card_item", number=index + 1, what=describe(item))))
            continue
        try:
            cards.append(Card.parse(item))
        except ValueError as error:
            issues.append((index, tr("rules_file.card_item_error", number=index + 1, error=error)))
    return tuple(cards), issues


def _first_lead(raw: Any) -> tuple[Any, Issues]:
    """dealer_left or a card name (written as the engine writes it); the engine checks which."""
    if isinstance(raw, str):
        try:
            return (raw if raw == FIRST_LEAD_DEFAULT else str(Card.parse(raw))), []
        except ValueError:
            return raw, []
    return None, [(None, tr("rules_file.first_lead", what=describe(raw)))]


_READERS: dict[str, Reader] = {
    "name": _name,
    "description": _description,
    "boodle_cards": _cards,
    "starting_chips": _whole,
    "players": _whole,
    "ante_pot": _whole,
    "ante_boodle": _whole,
    "staking": _word,
    "dealer_ante_multiplier": _whole,
    "per_card_payment": _whole,
    "switch_suit": _flag,
    "switch_to": _word,
    "when_unable": _word,
    "follow": _word,
    "first_lead": _first_lead,
    "buy_dead_hand.enabled": _flag,
    "buy_dead_hand.fee": _whole,
    "deals": _whole_or_null,
}

# The keys a rules file may set, dotted for the keys of a section, in the order files list them.
RULES_KEYS: tuple[str, ...] = tuple(_READERS)
TOP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(key.split(".")[0] for key in RULES_KEYS))
# a section is a key whose value is a mapping of its own keys (buy_dead_hand: {enabled, fee})
_SECTION_LEAVES: dict[str, tuple[str, ...]] = {
    top: leaves for top in TOP_KEYS
    if (leaves := tuple(key.split(".", 1)[1] for key in RULES_KEYS if key.startswith(top + ".")))}
_LEAF_HOMES: dict[str, str] = {key.rsplit(".", 1)[1]: key for key in RULES_KEYS if "." in key}

# Valid stand-ins, each unlike the default, for values the file got wrong (see _engine_problems).
_STAND_INS: dict[str, Any] = {
    "name": "stand-in",
    "description": "stand-in",
    "boodle_cards": (Card.parse("7C"),),
    "starting_chips": 10**9,
    "players": 7,
    "ante_pot": 0,
    "ante_boodle": 0,
    "staking": "even",
    "dealer_ante_multiplier": 3,
    "per_card_payment": 0,
    "switch_suit": False,
    "switch_to": "other_colour",
    "when_unable": "pass_left",
    "follow": "optional",
    "first_lead": "2C",
    "buy_dead_hand.enabled": True,
    "buy_dead_hand.fee": 0,
    "deals": None,
}


class _UncheckedRuleSet(RuleSet):
    """A RuleSet that does not check itself, so `problems()` can list everything instead of raising."""

    def __post_init__(self) -> None:
        pass


def load_rules(path: str | Path) -> RuleSet:
    """Load and validate a rules file; raise ConfigError listing every problem."""
    return rules_from_document(read_yaml_file(path))


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
    for message in _engine_problems(values, bad):
        problems.append(_engine_problem(doc, message))
    if problems:
        raise ConfigError(problems)
    try:
        return RuleSet(**_arguments(values, {}))
    except RulesError:  # problems() came back empty above, so this means the engine changed under us
        raise ConfigError([_engine_problem(doc, message) for message in
                           _UncheckedRuleSet(**_arguments(values, {})).problems()] or
                          [Problem(doc.source, tr("rules_file.refused"))]) from None


def _read_value(doc: YamlDocument, key: str, raw: Any, values: dict[str, Any], bad: set[str],
                problems: list[Problem]) -> None:
    """Read one leaf value into `values`, or mark it bad and say why."""
    value, issues = _READERS[key](raw)
    if issues:
        bad.add(key)
        for index, why in issues:
            line = doc.line_of(key) if index is None else doc.item_line(key, index)
            problems.append(Problem(doc.source, why, line, key))
    else:
        values[key] = value


def _read_section(doc: YamlDocument, section: str, raw: Any, values: dict[str, Any], bad: set[str],
                  problems: list[Problem]) -> None:
    """Read a mapping of sub-keys such as buy_dead_hand: {enabled, fee}."""
    leaves = _SECTION_LEAVES[section]
    if not isinstance(raw, dict):
        example = ", ".join(f"{leaf}: {_yaml_form(_default_of(f'{section}.{leaf}'))}" for leaf in leaves)
        problems.append(Problem(doc.source, tr("rules_file.section", example=f"{{{example}}}", what=describe(raw)),
                                doc.line_of(section), section))
        bad.update(f"{section}.{leaf}" for leaf in leaves)
        return
    for raw_key, sub in raw.items():
        name = key_name(raw_key)
        dotted = f"{section}.{name}"
        if not isinstance(raw_key, str) or name not in leaves:
            problems.append(Problem(doc.source, unknown_key(name, leaves)[0], doc.line_of(dotted), dotted))
        else:
            _read_value(doc, dotted, sub, values, bad, problems)


def unknown_key(name: str, known: Iterable[str], homes: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """Why a key is refused, and the known key a misspelt `name` most likely meant ("Lines" or "look-s": lines,
    look; a leaf written at the top: its home in `homes`), None when no known key is close."""
    known = list(known)
    homes = homes or {}
    plain = name.strip().lower().replace("-", "_").replace(" ", "_")
    if plain in known:
        return tr("rules_file.unknown_key_did_you_mean", name=plain), plain
    if plain in homes:
        return tr("rules_file.unknown_key_here", name=homes[plain]), homes[plain]
    close = difflib.get_close_matches(plain, known + list(homes.values()), n=1, cutoff=0.6)
    if close:
        return tr("rules_file.unknown_key_did_you_mean", name=close[0]), close[0]
    return tr("rules_file.unknown_key", keys=", ".join(known)), None


def _arguments(values: Mapping[str, Any], stand_ins: Mapping[str, Any]) -> dict[str, Any]:
    """RuleSet keyword arguments: the file's values, stand-ins for bad ones, defaults for the rest."""
    def pick(key: str) -> Any:
        return values[key] if key in values else stand_ins.get(key, _default_of(key))

    arguments: dict[str, Any] = {}
    for name in TOP_KEYS:
        if name in _SECTION_LEAVES:
            arguments[name] = dataclasses.replace(
                _default_of(name), **{leaf: pick(f"{name}.{leaf}") for leaf in _SECTION_LEAVES[name]})
        else:
            arguments[name] = pick(name)
    return arguments


def _engine_problems(values: Mapping[str, Any], bad: set[str]) -> list[str]:
    """The engine's `key: why` problems with these values, leaving out those a bad value could cause."""
    first = _UncheckedRuleSet(**_arguments(values, {})).problems()
    if not bad:
        return first
    # With a wrong value replaced by the default, a cross-key check may blame a key the user got
    # right ("starting_chips: 40 cannot pay ..." when ante_boodle was "four"). A problem that also
    # shows, word for word, with very different stand-ins does not hang on the wrong values.
    second = set(_UncheckedRuleSet(**_arguments(values, {k: _STAND_INS[k] for k in bad})).problems())
    return [message for message in first if message in second]


def _engine_problem(doc: YamlDocument, message: str) -> Problem:
    """Place an engine `key: why` message at the line of its key."""
    key, sep, why = message.partition(": ")
    if not sep or key not in TOP_KEYS + RULES_KEYS:
        return Problem(doc.source, message)
    why = engine_words(why)
    if not doc.has(key):
        why += tr("rules_file.default_applies", name=key, default=_yaml_form(_default_of(key)))
    return Problem(doc.source, why, doc.line_of(key), key)


# The engine words its `key: why` problems in English (the words of docs/rules.md); each sentence it can say is
# matched here and said again in the current language. A sentence not listed passes through unchanged.
_ENGINE_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), key) for pattern, key in (
    (r"needs 1 to 13 cards, got (?P<count>-?\d+)", "rules_file.engine.boodle_count"),
    (r"(?P<cards>.+) listed more than once", "rules_file.engine.listed_twice"),
    (r"must not be negative, got (?P<value>.+)", "rules_file.engine.negative"),
    (r"must be at least 1, got (?P<value>.+)", "rules_file.engine.at_least_one"),
    (r"must be (?P<low>\d+) to (?P<high>\d+), got (?P<value>.+)", "rules_file.engine.players"),
    (r"must be at least 1 \(or null for no limit\), got (?P<value>.+)", "rules_file.engine.deals_at_least_one"),
    (r"null \(no limit\) needs an ante .*", "rules_file.engine.endless"),
    (r"must be one of (?P<choices>.+), got (?P<value>.+)", "rules_file.engine.one_of"),
    (r"write the card as (?P<card>\S+), not (?P<value>.+)", "rules_file.engine.card_spelling"),
    (r"must be (?P<default>\w+) or a card like 2D, got (?P<value>.+)", "rules_file.engine.first_lead"),
    (r"even needs ante_boodle \((?P<ante>-?\d+)\) divisible by the (?P<count>\d+) boodle cards",
     "rules_file.engine.even_staking"),
    (r"(?P<chips>-?\d+) cannot pay the first ante of (?P<ante>-?\d+)", "rules_file.engine.cannot_pay"),
))


def engine_problem_words(problem: str) -> str:
    """One of the engine's English `key: why` problems with its `why` in the current language."""
    key, sep, why = problem.partition(": ")
    return f"{key}: {engine_words(why)}" if sep else engine_words(problem)


def engine_words(why: str) -> str:
    """One of the engine's English `why` sentences in the current language (unchanged when not known)."""
    for pattern, key in _ENGINE_SENTENCES:
        found = pattern.fullmatch(why)
        if found:
            return tr(key, **found.groupdict())
    return why


def _yaml_form(value: Any) -> str:
    """A value as it would be written in a rules file."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)


def rules_yaml(rules: RuleSet) -> str:
    """The text of a rules file that loads back to `rules`."""
    settings = {"name": rules.name, "description": rules.description, **rules.settings()}
    text: str = yaml.safe_dump(settings, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return text


def list_rules_files(folder: str | Path = RULES_DIR) -> list[Path]:
    """The rules files (*.yaml, *.yml) directly in `folder`, sorted by name."""
    base = Path(folder)
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir()
                  if p.is_file() and p.suffix.lower() in YAML_SUFFIXES and not p.name.startswith("."))


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
    shown = ", ".join(names) or tr("rules_file.none")
    why = (tr("rules_file.no_such_rules_close", close=close[0], folder=folder, names=shown) if close
           else tr("rules_file.no_such_rules", folder=folder, names=shown))
    raise ConfigError.single(str(name_or_path), why)


def rules_by_name(name_or_path: str | Path, folder: str | Path = RULES_DIR) -> RuleSet:
    """Load the rules called `name_or_path` ("classic", "michigan", or a path to a file)."""
    return load_rules(rules_path(name_or_path, folder))


def default_rules() -> RuleSet:
    """The default rules: config/rules/classic.yaml."""
    return load_rules(DEFAULT_RULES_FILE)


RULES_KIND = register_kind(ConfigKind(name="rules", folders=("rules",), load=load_rules,
                                      keys=frozenset(TOP_KEYS) - {"name", "description"}))
