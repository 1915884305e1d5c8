"""The characters' and rules files' words come from the locale files, in every language, and a player's
own files keep their own words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.character import MOMENTS, CharacterAgent
from game.ai.character_file import MAX_BIO, MAX_LINE, MAX_NAME, list_character_files, load_character
from game.config import RULES_DIR, load_rules
from game.locale import LANGUAGES, catalog, set_language, texts, tr
from game.locale.texts import character_bio, character_lines, character_name, rules_description, rules_name

SHIPPED = {path.stem: load_character(path) for path in list_character_files()}
RULES = ("classic", "michigan", "saratoga", "chicago", "house")
FRENCH_RULES = {"classic": "Newmarket classique", "michigan": "Michigan", "saratoga": "Saratoga",
                "chicago": "Chicago", "house": "Règles maison"}

OWN = """\
id: tess
name: Tess Tester
bio: Tess tests things. She is never surprised.
look: {colour: "#112233", accent: "#aabbcc", initials: TT}
staking: biggest
lead: lowest
dead_hand: never
follow: always
think_time: {min: 0.5, max: 1.5}
chattiness: 1
lines:
  stop: ["Stop."]
  boodle_win: ["Mine."]
  going_out: ["Out."]
  big_loss: ["Ouch."]
  win: ["Won.", "Again."]
"""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the game in English."""
    yield
    set_language("en")


def test_the_characters_shipped_are_the_ones_the_locale_has_words_for() -> None:
    worded = {key.split(".")[1] for key in catalog("en").entries if key.startswith("characters.")}
    assert SHIPPED and set(SHIPPED) == worded


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_character_has_its_words_in_every_language(code: str) -> None:
    english = catalog("en").entries
    entries = catalog(code).entries
    for character_id in SHIPPED:
        prefix = f"characters.{character_id}."
        for part in ("name", "short", "bio"):
            found = entries.get(prefix + part)
            assert isinstance(found, str) and found.strip(), f"{code}: {prefix}{part} is missing"
        assert len(entries[prefix + "name"]) <= MAX_NAME and len(entries[prefix + "bio"]) <= MAX_BIO
        for moment in MOMENTS:
            key = f"{prefix}lines.{moment}"
            said = entries.get(key)
            assert isinstance(said, tuple) and said, f"{code}: {key} is missing"
            assert len(said) == len(english[key]), f"{code}: {key} needs {len(english[key])} lines like English"
            assert all(line.strip() and len(line) <= MAX_LINE for line in said)
        if code != "en":
            assert entries[prefix + "bio"] != english[prefix + "bio"], f"{code}: {prefix}bio is not translated"
        assert not {k for k in entries if k.startswith(prefix)} - {k for k in english if k.startswith(prefix)}


def test_shipped_files_take_their_words_from_the_english_locale() -> None:
    english = catalog("en").entries
    for character_id, character in SHIPPED.items():
        text = (Path("config/personalities") / f"{character_id}.yaml").read_text(encoding="utf-8")
        assert "\nbio:" not in text and "\nlines:" not in text, "the words live in config/locales only"
        assert character.name == english[f"characters.{character_id}.name"]
        assert character.bio == " ".join(str(english[f"characters.{character_id}.bio"]).split())
        assert all(character.lines[m] == english[f"characters.{character_id}.lines.{m}"] for m in MOMENTS)


def test_texts_give_the_current_language() -> None:
    hetty, professor = SHIPPED["hetty"], SHIPPED["professor"]
    assert character_name(hetty) == "Aunt Hetty Bramble" and texts.character_short_name(hetty) == "Aunt Hetty"
    set_language("fr")
    assert character_name(hetty) == "Tante Hetty Bramble" and texts.character_short_name(hetty) == "Tante Hetty"
    assert character_name(professor) == "Professeur Alaric Quist"
    assert character_bio(SHIPPED["maud"]).startswith("Maud a enseigné")
    assert character_lines(SHIPPED["vera"], "stop")[1] == "Main morte. Comme je pensais."
    set_language("nl")
    assert character_name(hetty) == "Tante Hetty Bramble"
    assert "dode hand" in character_lines(SHIPPED["vera"], "stop")[1].lower()


def test_a_players_own_character_keeps_its_words_in_every_language(tmp_path: Path) -> None:
    path = tmp_path / "tess.yaml"
    path.write_text(OWN, encoding="utf-8")
    tess = load_character(path)
    for code in LANGUAGES:
        set_language(code)
        assert character_name(tess) == "Tess Tester" and texts.character_short_name(tess) is None
        assert character_bio(tess) == "Tess tests things. She is never surprised."
        assert character_lines(tess, "win") == ("Won.", "Again.")
        assert character_lines(tess, "nothing") == ()


def test_a_players_file_reusing_a_shipped_id_keeps_its_own_words(tmp_path: Path) -> None:
    path = tmp_path / "maud.yaml"
    path.write_text(OWN.replace("id: tess", "id: maud"), encoding="utf-8")
    mine = load_character(path)
    set_language("it")
    assert character_name(mine) == "Tess Tester" and character_lines(mine, "stop") == ("Stop.",)


def test_a_players_own_character_must_give_its_bio_and_lines(tmp_path: Path) -> None:
    from game.config import ConfigError

    path = tmp_path / "tess.yaml"
    path.write_text(OWN.replace("bio: Tess tests things. She is never surprised.\n", ""), encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        load_character(path)
    assert raised.value.problems == [f"{path}:1: bio: missing; add a line such as "
                                     "`bio: Two short sentences about who they are.`"]


def test_problems_are_worded_in_the_current_language(tmp_path: Path) -> None:
    from game.config import ConfigError

    path = tmp_path / "tess.yaml"
    path.write_text(OWN.replace("chattiness: 1", "chattiness: 9"), encoding="utf-8")
    for code in LANGUAGES:
        set_language(code)
        with pytest.raises(ConfigError) as raised:
            load_character(path)
        (problem,) = raised.value.problems
        assert problem.startswith(f"{path}:10: chattiness: ") and "9" in problem
        if code != "en":
            assert "must be between" not in problem


@pytest.mark.parametrize("stem", RULES)
def test_rules_names_in_french(stem: str) -> None:
    rules = load_rules(RULES_DIR / f"{stem}.yaml")
    english = catalog("en").entries
    assert english[f"rules_files.{stem}.name"] == rules.name  # the English locale repeats the file's name
    assert english[f"rules_files.{stem}.description"] == rules.description
    assert rules_name(rules) == rules.name and rules_description(rules) == rules.description
    set_language("fr")
    assert rules_name(rules) == FRENCH_RULES[stem]
    assert rules_description(rules) == catalog("fr").entries[f"rules_files.{stem}.description"]
    assert rules.name == english[f"rules_files.{stem}.name"]  # the RuleSet itself (and so the log) stays English


def test_an_unknown_rules_file_keeps_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("name: Pub Rules\ndescription: Our way.\n", encoding="utf-8")
    rules = load_rules(path)
    set_language("fr")
    assert rules_name(rules) == "Pub Rules" and rules_description(rules) == "Our way."
    classic = load_rules(RULES_DIR / "classic.yaml")
    changed = classic.__class__(**{**classic.__dict__, "description": "Our own words."})
    assert rules_name(changed) == "Newmarket classique" and rules_description(changed) == "Our own words."


def test_a_line_at_the_table_comes_from_the_current_language() -> None:
    vera = SHIPPED["vera"]
    said = {}
    for code in LANGUAGES:
        set_language(code)
        agent = CharacterAgent(vera, 11)
        said[code] = [agent.line("stop") for _ in range(40)]
        assert [line is None for line in said[code]] == [line is None for line in said["en"]]
        expected = [None if line is None else texts.character_lines(vera, "stop")[vera.lines["stop"].index(line)]
                    for line in said["en"]]
        assert said[code] == expected  # the same draws, the same choices, this language's words
    assert any(line == "Main morte. Comme je pensais." for line in said["fr"])


def test_a_name_tag_is_the_locales_short_form_or_the_name_shortened() -> None:
    import dataclasses

    import app_helpers  # noqa: F401  (the scenes' module imports pygame)

    from game.ai.registry import load_character_by_id
    from game.locale.names import character_short
    hetty = load_character_by_id("hetty")
    try:
        set_language("fr")
        assert character_short(hetty) == tr("characters.hetty.short") == "Tante Hetty"
        own = dataclasses.replace(hetty, id="nell", name="Captain Nell Moss")
        assert character_short(own) == "Capt. Moss"  # a player's own character: their name, shortened
    finally:
        set_language("en")
    assert character_short(hetty) == "Aunt Hetty"
