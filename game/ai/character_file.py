"""Character files: one YAML file per AI opponent in, a validated `Character` out, or every mistake with its line.

A character file names its strategies; they are checked against the strategy registries of `game.ai` (so a
file cannot name a strategy or a parameter that does not exist). The AI's registry of characters reads its
files with this module, and names the built-in agents in game.ai.simple, which this module reads in turn.
The problems are kept as values and worded when shown (area `personality_file`); check-config runs in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..config.checker import Checker, nearest, shown_number, with_near
from ..config.errors import ConfigError, Problem, why
from ..config.kinds import ConfigKind, register_kind
from ..config.rules_file import PERSONALITIES_DIR, YAML_SUFFIXES, unknown_key
from ..config.yaml_lines import YamlDocument, describe, key_name, read_yaml_file, read_yaml_text, shorten
from ..locale import english
from ..locale.shown import shown_name
from ..locale.words import Words
from .character import LEVELS, MOMENTS, PORTRAIT_STYLES, Character, Look, StrategyChoice
from .character_charms import read_charms
from .charm_choice import CharmStyles
from .simple import BUILT_IN, ORACLE_ID
from .strategy import DEAD_HAND, FOLLOWING, LEADING, STAKING, Param, Registry

# The keys of a character file, in the order files list them; all but mistake_rate and level are required,
# except that a shipped character's bio and lines live in the locale files (config/locales/<lang>/characters.yaml).
TOP_KEYS = ("id", "name", "level", "bio", "look", "staking", "lead", "dead_hand", "follow", "think_time",
            "chattiness", "lines", "mistake_rate", "charms")
OPTIONAL_KEYS = frozenset({"mistake_rate", "level", "charms"})  # a player's own file may be unrated
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

_EXAMPLES = {
    "name": "name: Maud Pennyfeather",
    "look": 'look: {colour: "#5b3a8c", accent: "#f2d16b", initials: MP}',
    "staking": "staking: {strategy: even}",
    "lead": "lead: {strategy: lowest}",
    "dead_hand": "dead_hand: {strategy: never}",
    "follow": "follow: {strategy: always}",
    "think_time": "think_time: {min: 0.5, max: 1.5}",
    "charms": "charms: {held: [glimpse], style: careful}",
    "chattiness": "chattiness: 0.5",
    "lines": "lines: {stop: [...], boodle_win: [...], going_out: [...], big_loss: [...], win: [...]}",
    "look.colour": 'colour: "#5b3a8c"',
    "look.accent": 'accent: "#f2d16b"',
    "look.initials": "initials: MP",
    "think_time.min": "min: 0.5",
    "think_time.max": "max: 1.5",
}
# The strategy registry each strategy section of a file names from.
_REGISTRIES: dict[str, Registry[Any]] = {"staking": STAKING, "lead": LEADING, "dead_hand": DEAD_HAND,
                                         "follow": FOLLOWING}


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


# the ids of the characters that load, by folder and the name, time and size of each of its files
_IDS: dict[tuple[Path, tuple[tuple[str, int, int], ...]], list[str]] = {}


def character_ids(folder: str | Path = PERSONALITIES_DIR) -> list[str]:
    """The ids of the characters in `folder` whose files load, sorted; read again only when a file changes."""
    files = list_character_files(folder)
    try:
        stamp = (Path(folder).resolve(), tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files))
    except OSError:  # a file gone since the listing: read the folder as it is now
        stamp = (Path(folder).resolve(), ())
        _IDS.pop(stamp, None)
    if stamp not in _IDS:
        found: set[str] = set()
        for path in files:
            try:
                found.add(load_character(path).id)
            except (ConfigError, OSError):
                continue
        _IDS[stamp] = sorted(found)
    return list(_IDS[stamp])


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
    taken = why("personality_file.id_taken", id=repr(character_id), file=shown_name(first.name))
    return Problem(str(path), taken, line, "id")


def character_from_document(doc: YamlDocument, expected_id: str | None = None) -> Character:
    """Validate a parsed character document and build its Character; raise ConfigError listing every problem."""
    check = _Checker(doc, {**_EXAMPLES, "bio": why("personality_file.example_bio")})
    shipped = _shipped_words(doc.data)
    data = check.mapping("", doc.data, TOP_KEYS,
                         required=[k for k in TOP_KEYS if k not in OPTIONAL_KEYS and k not in shipped],
                         hints={"id": why("personality_file.add_id", id=expected_id or "NAME")})
    values: dict[str, Any] = {}
    for key, raw in data.items():
        read = getattr(check, f"read_{key}")
        value = read(key, raw)
        if value is not None:
            values[key] = value
    if "id" in values and expected_id is not None and values["id"] != expected_id:
        check.add("id", why("personality_file.id_not_file_name", expected=repr(expected_id), got=repr(values["id"]),
                           stem=expected_id, file=f"{values['id']}.yaml"))
    for key, words in shipped.items():
        values.setdefault(key, words)
    if check.problems:
        raise ConfigError(check.problems)
    return Character(
        id=values["id"], name=values["name"], bio=values["bio"], look=values["look"],
        staking=values["staking"], lead=values["lead"], dead_hand=values["dead_hand"], follow=values["follow"],
        think_time=values["think_time"], chattiness=values["chattiness"], lines=values["lines"],
        mistake_rate=values.get("mistake_rate", 0.0), level=values.get("level"),
        charms=values.get("charms", CharmStyles()))


def _shipped_words(data: Any) -> dict[str, Any]:
    """The bio and lines the English locale holds for the file's id: a shipped character's words."""
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


class _Checker(Checker):
    """Reads a character document part by part, collecting a problem for every mistake."""

    # ----- who they are -------------------------------------------------------------------

    def read_id(self, key: str, raw: Any) -> str | None:
        """A short lower-case id usable in `--ai` lists, not taken by a built-in AI."""
        if not isinstance(raw, str):
            self.add(key, why("personality_file.id_not_word", got=describe(raw)))
            return None
        if not ID_PATTERN.match(raw):
            self.add(key, why("personality_file.id_letters", got=shorten(repr(raw))))
            return None
        if raw in BUILT_IN or raw == ORACLE_ID:
            taken = ", ".join([*sorted(BUILT_IN), ORACLE_ID])
            self.add(key, why("personality_file.id_built_in", id=repr(raw), ids=taken))
            return None
        return raw

    def read_name(self, key: str, raw: Any) -> str | None:
        """The name shown at the table: one line."""
        return self.one_line(key, raw, MAX_NAME)

    def read_level(self, key: str, raw: Any) -> int | None:
        """The character's level on the ladder: a whole number from 1 to 5."""
        if isinstance(raw, bool) or not isinstance(raw, int) or raw not in LEVELS:
            self.add(key, why("levels.file_level", low=LEVELS[0], high=LEVELS[-1], got=describe(raw)))
            return None
        return raw

    def read_bio(self, key: str, raw: Any) -> str | None:
        """A couple of sentences; lines of a folded YAML block are joined."""
        if isinstance(raw, str):
            raw = " ".join(raw.split())
        return self.one_line(key, raw, MAX_BIO)

    def read_look(self, key: str, raw: Any) -> Look | None:
        """Colours, initials and portrait style."""
        found = self.mapping(key, raw, LOOK_KEYS, LOOK_KEYS[:3], _EXAMPLES["look"].split(": ", 1)[1])
        colour = self._colour(f"{key}.colour", found["colour"]) if "colour" in found else None
        accent = self._colour(f"{key}.accent", found["accent"]) if "accent" in found else None
        initials = None
        if "initials" in found:
            raw_initials = found["initials"]
            if not isinstance(raw_initials, str) or not 1 <= len(raw_initials.strip()) <= 3 \
                    or any(ch.isspace() for ch in raw_initials.strip()):
                self.add(f"{key}.initials", why("personality_file.initials", got=describe(raw_initials)))
            else:
                initials = raw_initials.strip()
        portrait = "plain"
        if "portrait" in found:
            style = found["portrait"]
            if not isinstance(style, str) or style not in PORTRAIT_STYLES:
                self.add(f"{key}.portrait", with_near(
                    "personality_file.portrait", nearest(style, PORTRAIT_STYLES), got=describe(style),
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
        self.add(key, why("personality_file.colour_quotes" if raw is None else "personality_file.colour",
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
        registry = _REGISTRIES[key]
        if isinstance(raw, str):
            found: dict[str, Any] = {"strategy": raw}
        else:
            found = self.mapping(key, raw, STRATEGY_KEYS, ("strategy",), _EXAMPLES[key].split(": ", 1)[1],
                                 {"strategy": why("personality_file.name_one_of", names=", ".join(registry.names()))})
            if not found and not isinstance(raw, dict):
                return None
        name = found.get("strategy")
        strategy = None
        if "strategy" in found:
            where = f"{key}.strategy" if not isinstance(raw, str) else key
            if not isinstance(name, str):
                self.add(where, why(f"personality_file.strategy_not_named.{key}", names=", ".join(registry.names()),
                                   got=describe(name)))
            elif name not in registry:
                self.add(where, with_near(f"personality_file.strategy_unknown.{key}", nearest(name, registry.names()),
                                           got=shorten(repr(name)), names=", ".join(registry.names())))
            else:
                strategy = registry.get(name)
        raw_params = found.get("params")
        if raw_params is None:
            raw_params = {}
        if not isinstance(raw_params, dict):
            self.add(f"{key}.params", why("personality_file.params_not_mapping", got=describe(raw_params)))
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
                    self.add(where, why("personality_file.unknown_parameter_near", near=near))
                elif strategy.params:
                    self.add(where, why("personality_file.unknown_parameter", strategy=strategy.name,
                                       names=", ".join(strategy.params)))
                else:
                    self.add(where, why("personality_file.no_parameters", strategy=strategy.name))
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
            self.add(key, why("personality_file.true_false", got=describe(raw)))
            return None
        if spec.kind is str:
            if not isinstance(raw, str) or (spec.choices and raw not in spec.choices):
                if spec.choices:
                    self.add(key, with_near("personality_file.one_of", nearest(raw, spec.choices),
                                             choices=", ".join(spec.choices), got=describe(raw)))
                else:
                    self.add(key, why("personality_file.a_word", got=describe(raw)))
                return None
            return raw
        whole = spec.kind is int
        value = self.number(key, raw, whole)
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
            self.add(key, why("personality_file.not_mapping_like", example=f"{{{example}}}", got=describe(raw)))
            return None
        found: dict[str, float] = {}
        bad = False
        for raw_key, value in raw.items():
            name = key_name(raw_key)
            where = f"{key}.{name}"
            if not isinstance(raw_key, str) or (spec.keys and name not in spec.keys):
                wrong, near = unknown_key(name, spec.keys)
                self.add(where, wrong if near is not None else why("personality_file.unknown_weight",
                                                                   keys=", ".join(spec.keys)))
                bad = True
                continue
            number = self.number(where, value, whole=False)
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
            self.add(key, why("personality_file.no_weight"))
            return None
        return MappingProxyType(found)

    def read_think_time(self, key: str, raw: Any) -> tuple[float, float] | None:
        """Seconds the character takes to act: `{min, max}`, 0 <= min <= max."""
        found = self.mapping(key, raw, THINK_KEYS, THINK_KEYS, _EXAMPLES[key].split(": ", 1)[1])
        bounds: list[float] = []
        for name in THINK_KEYS:
            if name not in found:
                continue
            value = self.number(f"{key}.{name}", found[name], whole=False)
            if value is None:
                continue
            if not 0 <= value <= MAX_THINK:
                self.add(f"{key}.{name}", why("personality_file.seconds", max=shown_number(MAX_THINK),
                                              got=shown_number(value)))
                continue
            bounds.append(float(value))
        if len(bounds) != 2:
            return None
        if bounds[0] > bounds[1]:
            self.add(f"{key}.min", why("personality_file.min_over_max", max=shown_number(bounds[1]),
                                       got=shown_number(bounds[0])))
            return None
        return bounds[0], bounds[1]

    def read_chattiness(self, key: str, raw: Any) -> float | None:
        """The chance of saying something at a moment: 0 to 1."""
        return self.fraction(key, raw)

    def read_mistake_rate(self, key: str, raw: Any) -> float | None:
        """The chance of a random lawful choice instead of the strategy's: 0 to 1."""
        return self.fraction(key, raw)

    def read_lines(self, key: str, raw: Any) -> Mapping[str, tuple[str, ...]] | None:
        """What the character says at each moment: a list of one-line sayings per moment."""
        found = self.mapping(key, raw, MOMENTS, MOMENTS, "{stop: [...], win: [...]}")
        lines: dict[str, tuple[str, ...]] = {}
        bad = not isinstance(raw, dict) or len(found) != len(MOMENTS)
        for moment, sayings in found.items():
            where = f"{key}.{moment}"
            if isinstance(sayings, str):
                sayings = [sayings]
            if not isinstance(sayings, list) or not sayings:
                self.add(where, why("personality_file.no_sayings", got=describe(sayings)))
                bad = True
                continue
            kept = []
            for index, saying in enumerate(sayings):
                text = self.one_line(where, saying, MAX_LINE, index)
                if text is None:
                    bad = True
                else:
                    kept.append(text)
            lines[moment] = tuple(kept)
        return None if bad else MappingProxyType(lines)


    def read_charms(self, key: str, raw: Any) -> CharmStyles | None:
        """R31: the charms the character holds and how it uses them (`character_charms`)."""
        return read_charms(self, key, raw, _EXAMPLES["charms"].split(": ", 1)[1])


def _in_range(value: float, spec: Param) -> bool:
    """True when `value` lies within the parameter's bounds."""
    return (spec.low is None or value >= spec.low) and (spec.high is None or value <= spec.high)


def _out_of_range(spec: Param, value: float) -> Words:
    """Words `value` is refused: the parameter's range in words."""
    if spec.low is not None and spec.high is not None:
        return why("personality_file.between", low=shown_number(spec.low), high=shown_number(spec.high),
                   got=shown_number(value))
    if spec.low is not None:
        return why("personality_file.at_least", low=shown_number(spec.low), got=shown_number(value))
    return why("personality_file.at_most", high=shown_number(spec.high), got=shown_number(value))


PERSONALITY_KIND = register_kind(ConfigKind(
    name="personalities", folders=("personalities",), load=check_character_file,
    # only keys no rules file has: staking and follow are rules keys too
    keys=frozenset({"level", "bio", "look", "lead", "dead_hand", "think_time", "chattiness", "lines", "mistake_rate"})))
