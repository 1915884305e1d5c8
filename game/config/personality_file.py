"""Character files: one YAML file per AI opponent in, a validated `Character` out, or every mistake with its line.

A character file names its strategies; they are checked against the strategy
registries of `game.ai` (so a file cannot name a strategy or a parameter that does
not exist), which are imported only when a file is loaded: `game.config` stays
importable without the AI, and the AI may use `game.config` freely.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..locale import english, tr
from .errors import ConfigError, Problem
from .kinds import ConfigKind, register_kind
from .rules_file import PERSONALITIES_DIR, YAML_SUFFIXES, text_problem, unknown_key
from .yaml_lines import YamlDocument, describe, key_name, read_yaml_file, read_yaml_text, shorten

if TYPE_CHECKING:
    from game.ai.character import Character, Look, StrategyChoice
    from game.ai.strategy import Param, Registry

# The keys of a character file, in the order files list them; all but mistake_rate are required, except
# that a shipped character's bio and lines live in the locale files (config/locales/<lang>/characters.yaml).
TOP_KEYS = ("id", "name", "bio", "look", "staking", "lead", "dead_hand", "follow", "think_time", "chattiness",
            "lines", "mistake_rate")
OPTIONAL_KEYS = frozenset({"mistake_rate"})
LOOK_KEYS = ("colour", "accent", "initials", "portrait")
STRATEGY_KEYS = ("strategy", "params")
THINK_KEYS = ("min", "max")
STRATEGY_SECTIONS = ("staking", "lead", "dead_hand", "follow")
MAX_NAME = 40
MAX_BIO = 400
MAX_LINE = 100
MAX_THINK = 30.0
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,23}\Z")
COLOUR_PATTERN = re.compile(r"#[0-9a-fA-F]{6}\Z")
# The player sees these problems in the game, so they are worded in the current language (tr), from the
# locale area personality_file; check-config runs in English.

_EXAMPLES = {
    "name": "name: Maud Pennyfeather",
    "look": 'look: {colour: "#5b3a8c", accent: "#f2d16b", initials: MP}',
    "staking": "staking: {strategy: even}",
    "lead": "lead: {strategy: lowest}",
    "dead_hand": "dead_hand: {strategy: never}",
    "follow": "follow: {strategy: always}",
    "think_time": "think_time: {min: 0.5, max: 1.5}",
    "chattiness": "chattiness: 0.5",
    "lines": "lines: {stop: [...], boodle_win: [...], going_out: [...], big_loss: [...], win: [...]}",
    "look.colour": 'colour: "#5b3a8c"',
    "look.accent": 'accent: "#f2d16b"',
    "look.initials": "initials: MP",
    "think_time.min": "min: 0.5",
    "think_time.max": "max: 1.5",
}


def load_character(path: str | Path) -> Character:
    """Load and validate one character file, whose id must be its file name's stem; raise ConfigError."""
    return character_from_document(read_yaml_file(path), Path(path).stem)


def load_character_text(text: str, source_name: str = "<text>", expected_id: str | None = None) -> Character:
    """Load and validate a character from YAML text; `expected_id`, if given, is the id it must have."""
    return character_from_document(read_yaml_text(text, source_name), expected_id)


def list_character_files(folder: str | Path = PERSONALITIES_DIR) -> list[Path]:
    """The character files (*.yaml, *.yml) directly in `folder`, sorted by name."""
    base = Path(folder)
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir()
                  if p.is_file() and p.suffix.lower() in YAML_SUFFIXES and not p.name.startswith("."))


def load_characters(folder: str | Path = PERSONALITIES_DIR) -> dict[str, Character]:
    """Every character in `folder`, by id; one ConfigError lists the problems of every file."""
    characters: dict[str, Character] = {}
    where: dict[str, Path] = {}
    problems: list[Problem] = []
    files = list_character_files(folder)
    if not files:
        raise ConfigError.single(str(folder), "no character files (*.yaml) in this folder")
    for path in files:
        try:
            character = load_character(path)
        except ConfigError as error:
            problems.extend(error.details)
            continue
        if character.id in characters:
            problems.append(_duplicate(path, character.id, where[character.id]))
            continue
        characters[character.id] = character
        where[character.id] = path
    if problems:
        raise ConfigError(problems)
    return dict(sorted(characters.items()))


def check_character_file(path: Path) -> Character:
    """`check-config`'s loader: one file, and no other file beside it with the same id."""
    problems: list[Problem] = []
    try:
        character = load_character(path)
    except ConfigError as error:
        problems.extend(error.details)
    for suffix in YAML_SUFFIXES:
        twin = path.with_suffix(suffix)
        if twin.name != path.name and twin.is_file() and twin.name < path.name:
            problems.append(_duplicate(path, path.stem, twin))
    if problems:
        raise ConfigError(problems)
    return character


def _duplicate(path: Path, character_id: str, first: Path) -> Problem:
    """The problem of a second file with an id already taken."""
    line = None
    try:
        line = read_yaml_file(path).line_of("id")
    except ConfigError:
        pass
    return Problem(str(path), tr("personality_file.id_taken", id=repr(character_id), file=first.name), line, "id")


def character_from_document(doc: YamlDocument, expected_id: str | None = None) -> Character:
    """Validate a parsed character document and build its Character; raise ConfigError listing every problem."""
    from game.ai.character import Character

    check = _Checker(doc)
    shipped = _shipped_words(doc.data)
    data = check.mapping("", doc.data, TOP_KEYS,
                         required=[k for k in TOP_KEYS if k not in OPTIONAL_KEYS and k not in shipped],
                         hints={"id": tr("personality_file.add_id", id=expected_id or "NAME")})
    values: dict[str, Any] = {}
    for key, raw in data.items():
        read = getattr(check, f"read_{key}")
        value = read(key, raw)
        if value is not None:
            values[key] = value
    if "id" in values and expected_id is not None and values["id"] != expected_id:
        check.add("id", tr("personality_file.id_not_file_name", expected=repr(expected_id), got=repr(values["id"]),
                           stem=expected_id, file=f"{values['id']}.yaml"))
    for key, words in shipped.items():
        values.setdefault(key, words)
    if check.problems:
        raise ConfigError(check.problems)
    return Character(
        id=values["id"], name=values["name"], bio=values["bio"], look=values["look"],
        staking=values["staking"], lead=values["lead"], dead_hand=values["dead_hand"], follow=values["follow"],
        think_time=values["think_time"], chattiness=values["chattiness"], lines=values["lines"],
        mistake_rate=values.get("mistake_rate", 0.0))


def _shipped_words(data: Any) -> dict[str, Any]:
    """The bio and lines the English locale holds for the file's id: a shipped character's words."""
    from game.ai.character import MOMENTS

    character_id = data.get("id") if isinstance(data, dict) else None
    if not isinstance(character_id, str) or not ID_PATTERN.match(character_id):
        return {}
    prefix = f"characters.{character_id}."
    words: dict[str, Any] = {}
    bio = english(prefix + "bio")
    if isinstance(bio, str) and bio.strip():
        words["bio"] = " ".join(bio.split())
    said = {moment: english(f"{prefix}lines.{moment}") for moment in MOMENTS}
    if all(isinstance(sayings, tuple) and sayings for sayings in said.values()):
        words["lines"] = MappingProxyType(said)
    return words


class _Checker:
    """Reads a character document part by part, collecting a problem for every mistake."""

    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self.problems: list[Problem] = list(doc.duplicates)

    def add(self, key: str, why: str, line: int | None = None) -> None:
        """Record a problem at `line`, else at the line of `key` (or of the nearest enclosing key)."""
        if line is None:
            line = self.doc.line_of(key) if key else None
        if line is None:
            line = self.doc.line
        self.problems.append(Problem(self.doc.source, why, line, key or None))

    def mapping(self, key: str, raw: Any, known: tuple[str, ...], required: list[str] | tuple[str, ...],
                example: str = "", hints: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The known keys of a mapping value; unknown and missing keys are problems."""
        prefix = f"{key}." if key else ""
        if not isinstance(raw, dict):
            if example:
                self.add(key, tr("personality_file.not_mapping_like", example=example, got=describe(raw)))
            else:
                self.add(key, tr("personality_file.not_mapping", got=describe(raw)))
            return {}
        found: dict[str, Any] = {}
        suggested: set[str] = set()  # a misspelt key is reported once, not again as a missing one
        for raw_key, value in raw.items():
            name = key_name(raw_key)
            if not isinstance(raw_key, str) or name not in known:
                why, near = unknown_key(name, known)
                if near is not None and difflib.SequenceMatcher(None, name.lower(), near).ratio() >= 0.75:
                    suggested.add(near)
                self.add(prefix + name, why)
            else:
                found[name] = value
        for name in required:
            if name not in found and name not in suggested:
                where = self.doc.line_of(key) if key else self.doc.line
                example_line = _example(prefix + name)
                if hints and name in hints:
                    self.add(prefix + name, tr("personality_file.missing_hint", hint=hints[name]), where)
                elif example_line:
                    self.add(prefix + name, tr("personality_file.missing_example", example=example_line), where)
                else:
                    self.add(prefix + name, tr("personality_file.missing"), where)
        return {name: found[name] for name in known if name in found}

    # ----- who they are -------------------------------------------------------------------

    def read_id(self, key: str, raw: Any) -> str | None:
        """A short lower-case id usable in `--ai` lists, not taken by a built-in AI."""
        if not isinstance(raw, str):
            self.add(key, tr("personality_file.id_not_word", got=describe(raw)))
            return None
        if not ID_PATTERN.match(raw):
            self.add(key, tr("personality_file.id_letters", got=shorten(repr(raw))))
            return None
        from game.ai.registry import BUILT_IN
        if raw in BUILT_IN:
            self.add(key, tr("personality_file.id_built_in", id=repr(raw), ids=", ".join(sorted(BUILT_IN))))
            return None
        return raw

    def read_name(self, key: str, raw: Any) -> str | None:
        """The name shown at the table: one line."""
        return self._text(key, raw, MAX_NAME)

    def read_bio(self, key: str, raw: Any) -> str | None:
        """A couple of sentences; lines of a folded YAML block are joined."""
        if isinstance(raw, str):
            raw = " ".join(raw.split())
        return self._text(key, raw, MAX_BIO)

    def _text(self, key: str, raw: Any, limit: int, item: int | None = None) -> str | None:
        """One line of text, not blank, at most `limit` characters (item `item` of the list under `key`)."""
        line = None if item is None else self.doc.item_line(key, item)
        text = raw.strip() if isinstance(raw, str) else ""
        why = text_problem(raw)
        if why is None and len(text) > limit:
            why = tr("personality_file.too_long", limit=limit, count=len(text))
        if why is not None:
            self.add(key, why if item is None else tr("personality_file.item", number=item + 1, why=why), line)
            return None
        return text

    def read_look(self, key: str, raw: Any) -> Look | None:
        """Colours, initials and portrait style."""
        from game.ai.character import PORTRAIT_STYLES, Look

        found = self.mapping(key, raw, LOOK_KEYS, LOOK_KEYS[:3], _EXAMPLES["look"].split(": ", 1)[1])
        colour = self._colour(f"{key}.colour", found["colour"]) if "colour" in found else None
        accent = self._colour(f"{key}.accent", found["accent"]) if "accent" in found else None
        initials = None
        if "initials" in found:
            raw_initials = found["initials"]
            if not isinstance(raw_initials, str) or not 1 <= len(raw_initials.strip()) <= 3 \
                    or any(ch.isspace() for ch in raw_initials.strip()):
                self.add(f"{key}.initials", tr("personality_file.initials", got=describe(raw_initials)))
            else:
                initials = raw_initials.strip()
        portrait = "plain"
        if "portrait" in found:
            style = found["portrait"]
            if not isinstance(style, str) or style not in PORTRAIT_STYLES:
                self.add(f"{key}.portrait", _with_near(
                    "personality_file.portrait", _nearest(style, PORTRAIT_STYLES), got=describe(style),
                    styles=", ".join(PORTRAIT_STYLES)))
            else:
                portrait = style
        if colour is None or accent is None or initials is None:
            return None
        return Look(colour, accent, initials, portrait)

    def _colour(self, key: str, raw: Any) -> str | None:
        """A colour written "#rrggbb"."""
        if isinstance(raw, str) and COLOUR_PATTERN.match(raw.strip()):
            return raw.strip().lower()
        self.add(key, tr("personality_file.colour_quotes" if raw is None else "personality_file.colour",
                         got=describe(raw)))
        return None

    # ----- how they play ------------------------------------------------------------------

    def read_staking(self, key: str, raw: Any) -> StrategyChoice | None:
        """The staking strategy."""
        return self._strategy(key, raw)

    def read_lead(self, key: str, raw: Any) -> StrategyChoice | None:
        """The lead strategy."""
        return self._strategy(key, raw)

    def read_dead_hand(self, key: str, raw: Any) -> StrategyChoice | None:
        """The dead-hand policy."""
        return self._strategy(key, raw)

    def read_follow(self, key: str, raw: Any) -> StrategyChoice | None:
        """The follow policy (for `follow: optional` rules)."""
        return self._strategy(key, raw)

    def _strategy(self, key: str, raw: Any) -> StrategyChoice | None:
        """`{strategy: NAME, params: {...}}`, or just `NAME`, checked against the registry for `key`."""
        from game.ai.character import StrategyChoice

        registry = _registries()[key]
        if isinstance(raw, str):
            found: dict[str, Any] = {"strategy": raw}
        else:
            found = self.mapping(key, raw, STRATEGY_KEYS, ("strategy",), _EXAMPLES[key].split(": ", 1)[1],
                                 {"strategy": tr("personality_file.name_one_of", names=", ".join(registry.names()))})
            if not found and not isinstance(raw, dict):
                return None
        name = found.get("strategy")
        strategy = None
        if "strategy" in found:
            where = f"{key}.strategy" if not isinstance(raw, str) else key
            if not isinstance(name, str):
                self.add(where, tr(f"personality_file.strategy_not_named.{key}", names=", ".join(registry.names()),
                                   got=describe(name)))
            elif name not in registry:
                self.add(where, _with_near(f"personality_file.strategy_unknown.{key}", _nearest(name, registry.names()),
                                           got=shorten(repr(name)), names=", ".join(registry.names())))
            else:
                strategy = registry.get(name)
        raw_params = found.get("params")
        if raw_params is None:
            raw_params = {}
        if not isinstance(raw_params, dict):
            self.add(f"{key}.params", tr("personality_file.params_not_mapping", got=describe(raw_params)))
            return None
        if strategy is None:
            return None
        params: dict[str, Any] = {}
        bad = False
        for raw_key, value in raw_params.items():
            pname = key_name(raw_key)
            where = f"{key}.params.{pname}"
            if not isinstance(raw_key, str) or pname not in strategy.params:
                near = unknown_key(pname, strategy.params)[1]
                if near is not None:
                    self.add(where, tr("personality_file.unknown_parameter_near", near=near))
                elif strategy.params:
                    self.add(where, tr("personality_file.unknown_parameter", strategy=strategy.name,
                                       names=", ".join(strategy.params)))
                else:
                    self.add(where, tr("personality_file.no_parameters", strategy=strategy.name))
                bad = True
                continue
            checked = self._param(where, strategy.params[pname], value)
            if checked is None:
                bad = True
            else:
                params[pname] = checked
        if bad:
            return None
        return StrategyChoice(strategy.name, MappingProxyType(params))

    def _param(self, key: str, spec: Param, raw: Any) -> Any:
        """One parameter's value, checked against its type and range; None when it is wrong."""
        if spec.kind is dict:
            return self._weights(key, spec, raw)
        if spec.kind is bool:
            if isinstance(raw, bool):
                return raw
            self.add(key, tr("personality_file.true_false", got=describe(raw)))
            return None
        if spec.kind is str:
            if not isinstance(raw, str) or (spec.choices and raw not in spec.choices):
                if spec.choices:
                    self.add(key, _with_near("personality_file.one_of", _nearest(raw, spec.choices),
                                             choices=", ".join(spec.choices), got=describe(raw)))
                else:
                    self.add(key, tr("personality_file.a_word", got=describe(raw)))
                return None
            return raw
        whole = spec.kind is int
        value = self._number(key, raw, whole)
        if value is None:
            return None
        if not _in_range(value, spec):
            self.add(key, _out_of_range(spec, value))
            return None
        return value

    def _weights(self, key: str, spec: Param, raw: Any) -> Mapping[str, float] | None:
        """A mapping of names to numbers, such as a mix's weights."""
        if not isinstance(raw, dict):
            example = ", ".join(f"{name}: 1" for name in spec.keys[:2]) or "name: 1"
            self.add(key, tr("personality_file.not_mapping_like", example=f"{{{example}}}", got=describe(raw)))
            return None
        found: dict[str, float] = {}
        bad = False
        for raw_key, value in raw.items():
            name = key_name(raw_key)
            where = f"{key}.{name}"
            if not isinstance(raw_key, str) or (spec.keys and name not in spec.keys):
                why, near = unknown_key(name, spec.keys)
                self.add(where, why if near is not None else tr("personality_file.unknown_weight",
                                                                 keys=", ".join(spec.keys)))
                bad = True
                continue
            number = self._number(where, value, whole=False)
            if number is None:
                bad = True
            elif not _in_range(number, spec):
                self.add(where, _out_of_range(spec, number))
                bad = True
            else:
                found[name] = float(number)
        if bad:
            return None
        if not any(weight > 0 for weight in found.values()):
            self.add(key, tr("personality_file.no_weight"))
            return None
        return MappingProxyType(found)

    def _number(self, key: str, raw: Any, whole: bool, line: int | None = None) -> float | int | None:
        """A number (a whole one when `whole`); bools, text and infinities are refused."""
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (whole and not isinstance(raw, int)):
            quoted = False
            if isinstance(raw, str):
                try:
                    float(raw.strip())
                    quoted = True
                except ValueError:
                    pass
            wanted = ("whole_number" if whole else "number") + ("_quoted" if quoted else "")
            self.add(key, tr(f"personality_file.{wanted}", got=describe(raw)), line)
            return None
        if isinstance(raw, float) and not math.isfinite(raw):
            self.add(key, tr("personality_file.finite", got=describe(raw)), line)
            return None
        return raw

    def _fraction(self, key: str, raw: Any) -> float | None:
        """A number from 0 to 1."""
        value = self._number(key, raw, whole=False)
        if value is None:
            return None
        if not 0 <= value <= 1:
            self.add(key, tr("personality_file.between", low=0, high=1, got=_shown(value)))
            return None
        return float(value)

    def read_think_time(self, key: str, raw: Any) -> tuple[float, float] | None:
        """Seconds the character takes to act: `{min, max}`, 0 <= min <= max."""
        found = self.mapping(key, raw, THINK_KEYS, THINK_KEYS, _EXAMPLES[key].split(": ", 1)[1])
        bounds: list[float] = []
        for name in THINK_KEYS:
            if name not in found:
                continue
            value = self._number(f"{key}.{name}", found[name], whole=False)
            if value is None:
                continue
            if not 0 <= value <= MAX_THINK:
                self.add(f"{key}.{name}", tr("personality_file.seconds", max=_shown(MAX_THINK), got=_shown(value)))
                continue
            bounds.append(float(value))
        if len(bounds) != 2:
            return None
        if bounds[0] > bounds[1]:
            self.add(f"{key}.min", tr("personality_file.min_over_max", max=_shown(bounds[1]), got=_shown(bounds[0])))
            return None
        return bounds[0], bounds[1]

    def read_chattiness(self, key: str, raw: Any) -> float | None:
        """The chance of saying something at a moment: 0 to 1."""
        return self._fraction(key, raw)

    def read_mistake_rate(self, key: str, raw: Any) -> float | None:
        """The chance of a random lawful choice instead of the strategy's: 0 to 1."""
        return self._fraction(key, raw)

    def read_lines(self, key: str, raw: Any) -> Mapping[str, tuple[str, ...]] | None:
        """What the character says at each moment: a list of one-line sayings per moment."""
        from game.ai.character import MOMENTS

        found = self.mapping(key, raw, MOMENTS, MOMENTS, "{stop: [...], win: [...]}")
        lines: dict[str, tuple[str, ...]] = {}
        bad = not isinstance(raw, dict) or len(found) != len(MOMENTS)
        for moment, sayings in found.items():
            where = f"{key}.{moment}"
            if isinstance(sayings, str):
                sayings = [sayings]
            if not isinstance(sayings, list) or not sayings:
                self.add(where, tr("personality_file.no_sayings", got=describe(sayings)))
                bad = True
                continue
            kept = []
            for index, saying in enumerate(sayings):
                text = self._text(where, saying, MAX_LINE, index)
                if text is None:
                    bad = True
                else:
                    kept.append(text)
            lines[moment] = tuple(kept)
        return None if bad else MappingProxyType(lines)


def _registries() -> dict[str, Registry[Any]]:
    """The strategy registry each strategy section of a file names from (filled on first use)."""
    from game.ai import character  # noqa: F401  (importing it registers every strategy)
    from game.ai.strategy import DEAD_HAND, FOLLOWING, LEADING, STAKING

    return {"staking": STAKING, "lead": LEADING, "dead_hand": DEAD_HAND, "follow": FOLLOWING}


def _nearest(raw: Any, known: tuple[str, ...] | list[str]) -> str | None:
    """The known word closest to `raw`, if one is close."""
    if not isinstance(raw, str):
        return None
    close = difflib.get_close_matches(raw.strip().lower(), list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def _with_near(key: str, near: str | None, **params: object) -> str:
    """The words of `key`, or of `key_near` naming the closest known word when there is one."""
    return tr(f"{key}_near", near=near, **params) if near is not None else tr(key, **params)


def _example(key: str) -> str:
    """A line to add for a missing key, like `think_time: {min: 0.5, max: 1.5}` ("" when there is none)."""
    if key == "bio":
        return tr("personality_file.example_bio")
    return _EXAMPLES.get(key, "")


def _in_range(value: float, spec: Param) -> bool:
    """True when `value` lies within the parameter's bounds."""
    return (spec.low is None or value >= spec.low) and (spec.high is None or value <= spec.high)


def _out_of_range(spec: Param, value: float) -> str:
    """Why `value` is refused: the parameter's range in words."""
    if spec.low is not None and spec.high is not None:
        return tr("personality_file.between", low=_shown(spec.low), high=_shown(spec.high), got=_shown(value))
    if spec.low is not None:
        return tr("personality_file.at_least", low=_shown(spec.low), got=_shown(value))
    return tr("personality_file.at_most", high=_shown(spec.high), got=_shown(value))


def _shown(value: float | None) -> str:
    """A number as a file would write it: 1 rather than 1.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return shorten(repr(value))


PERSONALITY_KIND = register_kind(ConfigKind(
    name="personalities", folders=("personalities",), load=check_character_file,
    # only keys no rules file has: staking and follow are rules keys too
    keys=frozenset({"bio", "look", "lead", "dead_hand", "think_time", "chattiness", "lines", "mistake_rate"})))
