"""The storage and config layers' messages in the player's language: same facts, same prefixes, same placeholders."""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from unreadable import refuse_reading

from game.campaign.high_scores_file import high_scores_path, load_high_scores
from game.config import ConfigError, load_locale_file, load_rules_text
from game.locale import LANGUAGES, LOCALES_DIR, catalog, set_language
from game.storage.resume import load_resume, resume_path
from game.storage.saves import load_slot, restore_backup, slot_path
from game.storage.statistics_file import load_statistics, statistics_path

AREAS = ("storage", "config", "rules_file")

# Rules that break every check the engine makes, one key at a time, and the same in a file's mistakes.
BROKEN_RULES = """name: Broken
players: 2
ante_boodle: -1
dealer_ante_multiplier: 0
boodle_cards: [AS, AS, KH]
follow: sometimes
first_lead: as
deals: 0
ante_bodle: 4
switch_suit: "yes"
buy_dead_hand: 3
"""


@pytest.fixture
def language() -> Iterator[None]:
    """Leave the language as English after a test that changes it."""
    yield
    set_language("en")


def _problems(text: str) -> list[str]:
    """The problem lines of a rules text that must not load, each checked to begin `file:line: key: `."""
    with pytest.raises(ConfigError) as raised:
        load_rules_text(text, "house.yaml")
    for line, detail in zip(raised.value.problems, raised.value.details):
        assert line.startswith(_prefix(detail.source, detail.line, detail.key)) and line.count(": ") >= 1
    return raised.value.problems


def _prefix(source: str, line: int | None, key: str | None) -> str:
    """How a problem line begins: `file:line: key: ` (without the parts a problem does not have)."""
    where = source if line is None else f"{source}:{line}"
    return f"{where}: " if key is None else f"{where}: {key}: "


def _prefixes(text: str) -> list[str]:
    """The `file:line: key: ` beginnings of a rules text's problems, in the current language."""
    with pytest.raises(ConfigError) as raised:
        load_rules_text(text, "house.yaml")
    return [_prefix(d.source, d.line, d.key) for d in raised.value.details]


def _placeholders(text: str) -> set[str]:
    """The {names} in a format string."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_a_corrupt_save_is_explained_in_french_and_named(tmp_path: Path, language: None) -> None:
    path = slot_path(tmp_path, "autosave")
    path.parent.mkdir(parents=True)
    path.write_text("{cut short", encoding="utf-8")
    path.with_name(path.name + ".bak").write_text("{}", encoding="utf-8")
    set_language("fr")
    found = load_slot(tmp_path, "autosave")
    assert found.problem is not None and found.moved_to is not None and found.moved_to.is_file()
    assert found.moved_to.read_text(encoding="utf-8") == "{cut short"  # kept, never deleted
    assert found.moved_to.name in found.problem and "« autosave »" in found.problem
    assert "inutilisable" in found.problem and "tronqué" in found.problem and "copie de secours" in found.problem
    assert "could not" not in found.problem and "kept as" not in found.problem
    # the backup ({} has no version) is explained in French too
    restored = restore_backup(tmp_path, "autosave")
    assert restored.problem is not None and "numéro de version" in restored.problem
    assert restored.moved_to is not None and restored.moved_to.name in restored.problem


def test_the_same_save_problem_in_english_keeps_its_words(tmp_path: Path) -> None:
    path = slot_path(tmp_path, "slot-1")
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]", encoding="utf-8")
    found = load_slot(tmp_path, 1)
    assert found.moved_to is not None
    assert found.problem == (f"The save 'slot-1' could not be used: it is not a Newmarket save (not a JSON object). "
                             f"It was kept as {found.moved_to.name}. There is no backup of it.")


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_language_words_the_kept_files(tmp_path: Path, code: str, language: None) -> None:
    english: list[str] = []
    for lang in ("en", code):
        folder = tmp_path / lang
        folder.mkdir()
        statistics_path(folder).write_bytes(b"\xff\xfe")
        high_scores_path(folder).write_text("not json", encoding="utf-8")
        resume_path(folder).parent.mkdir(exist_ok=True)
        resume_path(folder).write_text(json.dumps({"format": "newmarket-session", "version": 99}), encoding="utf-8")
        set_language(lang)
        stats = load_statistics(folder)
        _, scores = load_high_scores(folder)
        session = load_resume(folder).message
        found = [stats.problem, scores, session]
        assert all(found) and stats.moved_to is not None and stats.moved_to.name in str(stats.problem)
        assert "99" in str(session)
        if lang == "en":
            english = [str(text) for text in found]
        else:
            assert all(text != words for text, words in zip(found, english))


def test_a_broken_rules_file_is_explained_in_french_with_the_same_prefixes(language: None) -> None:
    english, english_prefixes = _problems(BROKEN_RULES), _prefixes(BROKEN_RULES)
    set_language("fr")
    french = _problems(BROKEN_RULES)
    assert _prefixes(BROKEN_RULES) == english_prefixes
    assert all(line.startswith(prefix) for line, prefix in zip(french, english_prefixes))
    assert len(french) >= 9
    for fr_line, en_line in zip(french, english):
        assert fr_line != en_line, f"not translated: {en_line}"
    assert "house.yaml:3: ante_boodle: ne doit pas être négatif, et non -1" in french
    assert "house.yaml:2: players: doit être entre 3 et 8, et non 2" in french
    wanted = "house.yaml:9: ante_bodle: clé inconnue ; vouliez-vous dire ante_boodle"
    assert any(line.startswith(wanted) for line in french)


def test_the_engine_sentences_the_rules_file_knows_are_all_translated(language: None) -> None:
    cases = ["name: A\nstaking: even\nante_boodle: 5\n",  # even staking
             "name: A\nstarting_chips: 2\n",  # cannot pay
             "name: A\ndeals: null\nante_pot: 0\nante_boodle: 0\n",  # endless
             "name: A\nfirst_lead: ZZ\n",  # neither dealer_left nor a card
             "name: A\nboodle_cards: []\n"]  # too few boodle cards
    english = [_problems(text) for text in cases]
    prefixes = [_prefixes(text) for text in cases]
    set_language("it")
    italian = [_problems(text) for text in cases]
    for it_lines, en_lines, starts in zip(italian, english, prefixes):
        assert all(line.startswith(start) for line, start in zip(it_lines, starts)) and len(it_lines) == len(starts)
        assert all(a != b for a, b in zip(it_lines, en_lines)), it_lines


def test_a_yaml_mistake_keeps_its_line_in_dutch(language: None) -> None:
    english = _prefixes("name: A\nplayers: [4\n")
    set_language("nl")
    dutch = _problems("name: A\nplayers: [4\n")
    assert _prefixes("name: A\nplayers: [4\n") == english == ["house.yaml:2: "]
    assert dutch[0].startswith("house.yaml:2: YAML-syntaxfout: ")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_storage_and_config_key_has_english_placeholders(code: str) -> None:
    english = {k: v for k, v in catalog("en").entries.items() if k.split(".")[0] in AREAS}
    words = {k: v for k, v in catalog(code).entries.items() if k.split(".")[0] in AREAS}
    assert len(english) > 100
    assert set(words) == set(english)
    for key, text in english.items():
        theirs = words[key]
        assert isinstance(text, str) and isinstance(theirs, str)
        assert _placeholders(theirs) == _placeholders(text), key


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_locale_checker_passes_the_shipped_error_words(code: str) -> None:
    for area in AREAS:
        assert load_locale_file(LOCALES_DIR / code / f"{area}.yaml")


def test_the_engines_own_problems_with_a_table_are_worded_in_the_language() -> None:
    from game.config.rules_file import rules_problem_line
    from game.engine.rules import RulesProblem
    from game.locale import set_language
    line = rules_problem_line(RulesProblem("players", "between", {"low": 3, "high": 8, "value": 9}))
    try:
        set_language("fr")
        words = str(line)
        assert words.startswith("players: ") and "must be" not in words and "9" in words
    finally:
        set_language("en")
    assert str(line) == "players: must be 3 to 8, got 9"


def test_a_language_switch_rewords_character_and_campaign_problems_already_found(tmp_path: Path) -> None:
    from game.ai.character_file import load_character_text
    from game.campaign.campaign_file import load_campaign_text
    (tmp_path / "bad.yaml").write_text("players: 2\n", encoding="utf-8")
    campaign = ("name: Road\nbankroll: 50\nvenues:\n  - id: a\n    name: A\n    intro: The table.\n"
                f"    rules: {tmp_path / 'bad.yaml'}\n    opponents: [pip, mawd]\n    deals: 4\n"
                "    goal: {finish: first}\n")
    errors = []
    for load in (lambda: load_character_text("id: tess\nchattiness: 9\n", "tess.yaml"),
                 lambda: load_campaign_text(campaign, "road.yaml")):
        with pytest.raises(ConfigError) as raised:
            load()
        errors.append((load, raised.value, raised.value.problems))
    try:
        set_language("fr")
        for load, error, english in errors:
            french = error.problems
            assert len(french) == len(english) and all(a != b for a, b in zip(french, english)), french
            with pytest.raises(ConfigError) as again:
                load()
            assert again.value.problems == french  # as if read in French
        campaign_lines = " ".join(errors[1][1].problems)
        assert "doit être entre 3 et 8, et non 2" in campaign_lines and "vouliez-vous dire maud" in campaign_lines
    finally:
        set_language("en")
    assert [error.problems for _, error, _ in errors] == [english for _, _, english in errors]


def test_a_file_that_cannot_be_read_is_said_once_with_the_systems_words(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    statistics_path(tmp_path).write_text('{"version": 1}', encoding="utf-8")
    refuse_reading(monkeypatch, statistics_path(tmp_path))
    problem = load_statistics(tmp_path).problem
    assert problem == "The statistics could not be read (Permission denied)."
    monkeypatch.undo()
    assert statistics_path(tmp_path).read_text(encoding="utf-8") == '{"version": 1}', "left where it is"
