"""Each "how to add" holds: every rules key, lead strategy, language and character has all it needs, and a
throw-away language and character in a copy of config/ pass the same checks, or fail naming the step left out.

Each check returns the steps missing, one line each, empty when the addition is complete; docs/modding.md's
checklists name the same steps.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

import game.ai.strategies  # noqa: F401  (registers every strategy a character file may name)
from game.ai.character import LEVELS, MOMENTS, PORTRAIT_STYLES
from game.ai.character_file import list_character_files, load_character
from game.ai.expert import opponents
from game.ai.expert.styles import seat_policy
from game.ai.strategy import LEADING
from game.config import ConfigError
from game.engine.rules import unmatched_fields
from game.engine.rules_keys import RULES_KEYS, RulesKey
from game.locale import FALLBACK, LANGUAGES, LOCALES_DIR, Catalog, Entry, LocaleError, catalog
from game.locale.names import short_name

CONFIG = LOCALES_DIR.parent
CHARACTER_WORDS = ("name", "short", "bio", *(f"lines.{moment}" for moment in MOMENTS))


_READ: dict[tuple[str, Path, tuple[tuple[str, int, int], ...]], Mapping[str, Entry]] = {}


def words(code: str, locales: Path) -> Mapping[str, Entry]:
    """Language `code`'s words in `locales` (the game's own catalog for config/locales), read again only when a
    file changes; none if unreadable."""
    if locales == LOCALES_DIR:
        return catalog(code).entries
    files = sorted((locales / code).glob("*.yaml"))
    stamp = (code, locales, tuple((path.name, path.stat().st_mtime_ns, path.stat().st_size) for path in files))
    if stamp not in _READ:
        try:
            _READ[stamp] = Catalog.load(code, locales).entries
        except LocaleError:
            _READ[stamp] = {}  # language_steps names why
    return _READ[stamp]


def rules_key_steps(keys: Sequence[RulesKey], languages: Collection[str], locales: Path) -> list[str]:
    """What each rules key lacks: its field on RuleSet with the declared default, its rules editor label and the
    words of its choices in every language (without them the editor shows the bare key)."""
    steps = [f"rules key {problem} (game/engine/rules.py)" for problem in unmatched_fields(keys)]
    for code in languages:
        found = words(code, locales)
        for key in keys:
            if f"rules_editor.keys.{key.name}" not in found:
                steps.append(f"rules key {key.name}: no label in config/locales/{code}/rules_editor.yaml "
                             f"(keys.{key.name})")
            steps += [f"rules key {key.name}: no words for {word!r} in config/locales/{code}/rules_editor.yaml "
                      f"(choices.{word})" for word in key.choices if f"rules_editor.choices.{word}" not in found]
    return steps


def lead_steps(name: str) -> list[str]:
    """What the expert lacks to model a seat leading by strategy `name`: a playout style and a place among the
    cast's styles, unless the strategy searches or opponents.BY_ROLLOUT says why it has neither."""
    if name not in LEADING:
        return [f"lead strategy {name}: not registered (game/ai/strategies/leading.py)"]
    if LEADING.get(name).searches or name in opponents.BY_ROLLOUT:
        return []
    steps = []
    if seat_policy(opponents.model_of(name, {}, 0.0)) is None:
        steps.append(f"lead strategy {name}: no playout style in game/ai/expert/styles.py (or say why in "
                     "opponents.BY_ROLLOUT)")
    if name not in opponents.CAST_STYLES:
        steps.append(f"lead strategy {name}: not in CAST_STYLES of game/ai/expert/opponents.py (or say why in "
                     "opponents.BY_ROLLOUT)")
    return steps


def language_steps(code: str, languages: Collection[str], locales: Path, characters: Sequence[str]) -> list[str]:
    """What language `code` lacks: its place in LANGUAGES, a file for each of English's, every English key, its
    own name, and the kinship words and titles of its `characters`' names in game/locale/names.py."""
    steps = [] if code in languages else [f"language {code}: not in LANGUAGES (game/locale/__init__.py)"]
    folder = locales / code
    if not folder.is_dir():
        return [*steps, f"language {code}: no folder config/locales/{code}/ (copy config/locales/{FALLBACK}/)"]
    have = {path.name for path in folder.glob("*.yaml")}
    steps += [f"language {code}: no config/locales/{code}/{path.name}"
              for path in sorted((locales / FALLBACK).glob("*.yaml")) if path.name not in have]
    try:
        Catalog.load(code, locales)
    except LocaleError as error:
        return [*steps, f"language {code}: {error}"]
    found = words(code, locales)
    english = words(FALLBACK, locales)
    missing = sorted(set(english) - set(found))
    if missing:
        steps.append(f"language {code}: {len(missing)} of English's keys missing, the first {missing[0]}")
    if code != FALLBACK and found.get("meta.name") == english.get("meta.name"):
        steps.append(f"language {code}: config/locales/{code}/meta.yaml's name is English's, not its own")
    for character_id in characters:
        name, short = found.get(f"characters.{character_id}.name"), found.get(f"characters.{character_id}.short")
        if isinstance(name, str) and isinstance(short, str) and short_name(name) != short:
            steps.append(f"language {code}: game/locale/names.py tags {name!r} as {short_name(name)!r}, not "
                         f"{short!r} (add its kinship words and titles)")
    return steps


def portraits(path: Path) -> list[str]:
    """The portrait style the character of file `path` wears (none when the file has problems of its own)."""
    try:
        return [load_character(path).look.portrait]
    except ConfigError:
        return []


def character_steps(path: Path, languages: Collection[str], locales: Path) -> list[str]:
    """What the character of file `path` lacks: a file that loads (strategies that exist), a level, a portrait of
    its own, its lead modelled by the expert, and its name, name tag, bio and lines in every language."""
    try:
        character = load_character(path)
    except ConfigError as error:
        return [f"character {path.stem}: {problem}" for problem in error.problems]
    who = f"character {character.id}"
    steps = [] if character.level in LEVELS else [f"{who}: no level on the ladder ({LEVELS[0]} to {LEVELS[-1]})"]
    look = yaml.safe_load(path.read_text(encoding="utf-8")).get("look") or {}
    worn = {portrait: other.stem for other in list_character_files(path.parent) if other != path
            for portrait in portraits(other)}
    if "portrait" not in look:
        steps.append(f"{who}: no look.portrait (one of {', '.join(PORTRAIT_STYLES)})")
    elif character.look.portrait in worn:
        steps.append(f"{who}: wears {worn[character.look.portrait]}'s portrait, {character.look.portrait}")
    steps += [f"{who}: {step}" for step in lead_steps(character.lead.name)]
    for code in languages:
        found = words(code, locales)
        steps += [f"{who}: no {part} in config/locales/{code}/characters.yaml ({character.id}.{part})"
                  for part in CHARACTER_WORDS if f"characters.{character.id}.{part}" not in found]
    return steps


def every_step(config: Path, languages: Collection[str]) -> list[str]:
    """Every step missing from the rules keys, lead strategies, languages and characters of the tree `config`."""
    locales, files = config / "locales", list_character_files(config / "personalities")
    steps = rules_key_steps(RULES_KEYS, languages, locales)
    steps += [step for name in LEADING.names() for step in lead_steps(name)]
    codes = sorted({*languages, *(path.name for path in locales.iterdir() if path.is_dir())})
    for code in codes:
        steps += language_steps(code, languages, locales, [path.stem for path in files])
    for path in files:
        steps += character_steps(path, languages, locales)
    return steps


# ----- the game as shipped ----------------------------------------------------------------------------------


def test_every_rules_key_language_character_and_lead_strategy_is_complete() -> None:
    assert every_step(CONFIG, LANGUAGES) == []


def test_a_rules_key_without_its_field_label_or_words_is_named() -> None:
    tip = RulesKey("tip", "word", "none", "", "a tip for the dealer", "A tip.", told=None, choices=("none", "coin"))
    fee = dataclasses.replace(next(key for key in RULES_KEYS if key.name == "buy_dead_hand.fee"), default=5)
    keys = tuple(fee if key.name == fee.name else key for key in RULES_KEYS) + (tip,)
    steps = rules_key_steps(keys, ["en", "fr"], LOCALES_DIR)
    assert steps == ["rules key tip: no field on RuleSet (game/engine/rules.py)",
                     "rules key BuyDeadHand.fee: defaults to 4, declared 5 (game/engine/rules.py)",
                     *(f"rules key tip: {what} in config/locales/{code}/rules_editor.yaml ({where})"
                       for code in ("en", "fr") for what, where in (
                           ("no label", "keys.tip"), ("no words for 'none'", "choices.none"),
                           ("no words for 'coin'", "choices.coin")))]


def test_a_lead_strategy_the_expert_cannot_model_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    assert lead_steps("nervous") == [] and lead_steps("expert") == []  # said why; searches
    monkeypatch.setattr(opponents, "BY_ROLLOUT", {})
    assert lead_steps("nervous") == [
        "lead strategy nervous: no playout style in game/ai/expert/styles.py (or say why in opponents.BY_ROLLOUT)",
        "lead strategy nervous: not in CAST_STYLES of game/ai/expert/opponents.py (or say why in "
        "opponents.BY_ROLLOUT)"]
    monkeypatch.setattr(opponents, "CAST_STYLES", ("lowest",))
    assert lead_steps("shedder") == [
        "lead strategy shedder: not in CAST_STYLES of game/ai/expert/opponents.py (or say why in "
        "opponents.BY_ROLLOUT)"]


def test_what_the_expert_says_it_leaves_to_the_rollout_is_so() -> None:
    for name, why in opponents.BY_ROLLOUT.items():
        assert name in LEADING and not LEADING.get(name).searches and why, name
        assert seat_policy(opponents.model_of(name, {}, 0.0)) is None and name not in opponents.CAST_STYLES, name
    assert all(name in LEADING for name in opponents.CAST_STYLES)


# ----- a throw-away language and character, in a copy of config/ ---------------------------------------------


NELL: dict[str, Any] = {"name": "Nell Tester", "short": "Nell", "bio": "Nell tests things. She is never surprised.",
        "lines": {moment: [f"{moment}!"] for moment in MOMENTS}}


def edit_yaml(path: Path, change: Any) -> None:
    """Read a YAML file, let `change` alter its data, write it back."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of config/'s locales and characters with a language `xx` (English's words, its own name) and a
    character `nell` (Maud's play, a portrait nobody wears, her words in every language): a complete addition."""
    config = tmp_path / "config"
    shutil.copytree(CONFIG / "locales", config / "locales")
    shutil.copytree(CONFIG / "personalities", config / "personalities")
    shutil.copytree(config / "locales" / "en", config / "locales" / "xx")
    edit_yaml(config / "locales" / "xx" / "meta.yaml", lambda meta: meta.update(name="Xxish"))
    worn = {load_character(path).look.portrait for path in list_character_files(config / "personalities")}
    spare = next(style for style in PORTRAIT_STYLES if style not in worn)
    maud = (config / "personalities" / "maud.yaml").read_text(encoding="utf-8")
    nell = (maud.replace("id: maud", "id: nell").replace("Maud Pennyfeather", NELL["name"])
            .replace("portrait: spectacles", f"portrait: {spare}"))
    nell += yaml.safe_dump({"bio": NELL["bio"], "lines": NELL["lines"]}, sort_keys=False)
    (config / "personalities" / "nell.yaml").write_text(nell, encoding="utf-8")
    for folder in (config / "locales").iterdir():
        edit_yaml(folder / "characters.yaml", lambda words: words.update(nell=NELL))
    return config


XX = {**LANGUAGES, "xx": "Xxish"}


def test_a_complete_language_and_character_pass_every_check(tree: Path) -> None:
    assert every_step(tree, XX) == []


def test_a_language_missing_a_step_is_named(tree: Path) -> None:
    locales = tree / "locales"
    (locales / "xx" / "rules_editor.yaml").unlink()
    edit_yaml(locales / "xx" / "characters.yaml", lambda words: words["hetty"].update(
        name="Tía Hetty Bramble", short="Tía Hetty"))
    steps = language_steps("xx", LANGUAGES, locales, ["hetty"])
    assert steps[:2] == ["language xx: not in LANGUAGES (game/locale/__init__.py)",
                         "language xx: no config/locales/xx/rules_editor.yaml"]
    assert steps[2].startswith("language xx: ") and "of English's keys missing, the first rules_editor." in steps[2]
    assert steps[3:] == ["language xx: game/locale/names.py tags 'Tía Hetty Bramble' as 'Tía', not 'Tía Hetty' "
                         "(add its kinship words and titles)"]
    assert "rules key name: no label in config/locales/xx/rules_editor.yaml (keys.name)" in rules_key_steps(
        RULES_KEYS, XX, locales)
    assert language_steps("yy", XX, locales, []) == [
        "language yy: not in LANGUAGES (game/locale/__init__.py)",
        "language yy: no folder config/locales/yy/ (copy config/locales/en/)"]


def test_a_character_missing_a_step_is_named(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, locales = tree / "personalities" / "nell.yaml", tree / "locales"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("strategy: lowest", "strategy: hopeful"), encoding="utf-8")
    assert any("hopeful" in step for step in character_steps(path, XX, locales))
    path.write_text(text.replace("strategy: lowest", "strategy: nervous").replace(
        "params: {tie_break: first, slip: 0.3}", "params: {slip: 0.3}"), encoding="utf-8")
    monkeypatch.setattr(opponents, "BY_ROLLOUT", {})
    assert character_steps(path, XX, locales) == [f"character nell: {step}" for step in lead_steps("nervous")]
    monkeypatch.undo()
    portrait = next(line for line in text.splitlines() if "portrait:" in line)
    path.write_text(text.replace(portrait, "  portrait: spectacles").replace("level: 2", "level: 9"),
                    encoding="utf-8")
    assert any("level" in step for step in character_steps(path, XX, locales))  # the file itself refuses 9
    path.write_text(text.replace(portrait, "  portrait: spectacles"), encoding="utf-8")
    assert character_steps(path, XX, locales) == ["character nell: wears maud's portrait, spectacles"]
    path.write_text(text.replace(portrait + "\n", ""), encoding="utf-8")
    assert character_steps(path, XX, locales) == [
        f"character nell: no look.portrait (one of {', '.join(PORTRAIT_STYLES)})"]
    path.write_text(text, encoding="utf-8")
    edit_yaml(locales / "fr" / "characters.yaml", lambda words: words["nell"].pop("short"))
    assert character_steps(path, XX, locales) == [
        "character nell: no short in config/locales/fr/characters.yaml (nell.short)"]
