"""Character files: the shipped ones load, every mistake is one `path:line: key: why` line, nothing else escapes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import registry
from game.ai.character import MOMENTS, PORTRAIT_STYLES, Character, CharacterAgent
from game.ai.character_file import list_character_files, load_character, load_character_text, load_characters
from game.ai.strategy import DEAD_HAND, FOLLOWING, LEADING, STAKING
from game.cli import main
from game.config import PERSONALITIES_DIR, ConfigError, kind_for_content, read_yaml_text

REPO = Path(__file__).resolve().parents[2]
SHIPPED = list_character_files()

# A valid character; the mistakes below are made by replacing one piece of it. Line numbers matter.
BASE = """\
id: tess
name: Tess Tester
bio: Tess tests things. She is never surprised.
look:
  colour: "#112233"
  accent: "#aabbcc"
  initials: TT
  portrait: plain
staking:
  strategy: biggest
  params: {share: 0.5, tie_break: first}
lead:
  strategy: lowest
dead_hand:
  strategy: threshold
  params: {below: 0.4}
follow: always
think_time: {min: 0.5, max: 1.5}
chattiness: 0.5
mistake_rate: 0.1
lines:
  stop: ["Stop."]
  boodle_win: ["Mine."]
  going_out: ["Out."]
  big_loss: ["Ouch."]
  win: ["Won."]
"""


def write(folder: Path, text: str, stem: str = "tess", suffix: str = ".yaml") -> Path:
    """Write a character file into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    """The problem lines loading `path` gives (failing the test if it loads)."""
    with pytest.raises(ConfigError) as raised:
        load_character(path)
    return raised.value.problems


# ----- the shipped characters --------------------------------------------------------------

def test_at_least_nine_characters_ship_with_an_expert() -> None:
    stems = [path.stem for path in SHIPPED]
    assert len(stems) >= 9 and "expert" in stems


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_file_loads(path: Path) -> None:
    character = load_character(path)
    assert character.id == path.stem
    assert set(character.lines) == set(MOMENTS)
    assert all(len(character.lines[moment]) >= 3 for moment in MOMENTS)
    assert character.bio.count(". ") + character.bio.endswith(".") >= 2  # two sentences or so
    assert character.look.portrait in PORTRAIT_STYLES
    assert re.fullmatch(r"[A-Z]{2}", character.look.initials)


def heuristic_characters() -> dict[str, Character]:
    """The shipped characters other than the expert."""
    return {path.stem: load_character(path) for path in SHIPPED if path.stem != "expert"}


def test_eight_heuristic_characters_each_play_differently() -> None:
    characters = heuristic_characters()
    assert len(characters) >= 8
    styles = {(c.staking.name, c.lead.name) for c in characters.values()}
    assert len(styles) == len(characters), "two characters stake and lead alike"
    used_staking = {c.staking.name for c in characters.values()}
    used_leads = {c.lead.name for c in characters.values()}
    assert {"even", "biggest", "hot_card", "contrarian", "random", "mix"} <= used_staking
    assert {"lowest", "longest_suit", "boodle_hunter", "fresh_suit", "stop_counter", "shedder"} <= used_leads
    assert len({c.name for c in characters.values()}) == len(characters)
    assert len({c.look.colour for c in characters.values()}) == len(characters)
    assert any(c.mistake_rate > 0.1 or c.lead.params.get("slip", 0) > 0.1 for c in characters.values()), \
        "nobody is a nervous newcomer"


def test_the_expert_file_names_the_expert_strategies() -> None:
    doc = read_yaml_text((PERSONALITIES_DIR / "expert.yaml").read_text(encoding="utf-8"), "expert.yaml")
    for section in ("lead", "dead_hand", "follow"):
        assert doc.data[section]["strategy"] == "expert"
    assert all("expert" in registry for registry in (STAKING, LEADING, DEAD_HAND, FOLLOWING))
    expert = load_character(PERSONALITIES_DIR / "expert.yaml")
    assert (expert.lead.name, expert.dead_hand.name, expert.follow.name) == ("expert", "expert", "expert")


def test_load_characters_reads_the_folder_by_id(tmp_path: Path) -> None:
    for path in SHIPPED:
        write(tmp_path, path.read_text(encoding="utf-8"), path.stem)
    characters = load_characters(tmp_path)
    assert list(characters) == sorted(characters)
    assert all(character.id == key for key, character in characters.items())
    assert len(characters) == len(SHIPPED)


def test_check_config_validates_the_shipped_characters(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code = main(["check-config", "config/personalities"])
    out = capsys.readouterr().out.splitlines()
    ok = [f"ok  config/personalities/{p.name} (personalities)" for p in SHIPPED]
    assert code == 0 and out == ok


def test_check_config_of_the_config_folder_covers_rules_and_characters(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    main(["check-config", "config"])
    out = capsys.readouterr().out
    assert "ok  config/rules/classic.yaml (rules)" in out
    assert "ok  config/personalities/maud.yaml (personalities)" in out


def test_a_loose_file_is_known_as_a_character_by_its_keys() -> None:
    kind = kind_for_content(read_yaml_text(BASE, "tess.yaml"))
    assert kind is not None and kind.name == "personalities"


def test_base_loads_with_every_field(tmp_path: Path) -> None:
    character = load_character(write(tmp_path, BASE))
    assert character.id == "tess" and character.name == "Tess Tester"
    assert character.look.colour == "#112233" and character.look.initials == "TT"
    assert character.staking.name == "biggest" and dict(character.staking.params) == {"share": 0.5,
                                                                                     "tie_break": "first"}
    assert character.follow.name == "always" and dict(character.follow.params) == {}
    assert character.think_time == (0.5, 1.5) and character.chattiness == 0.5 and character.mistake_rate == 0.1
    assert character.lines["win"] == ("Won.",)
    CharacterAgent(character, 1)  # the agent accepts what the loader built


def test_optional_fields_take_their_defaults() -> None:
    text = BASE.replace("mistake_rate: 0.1\n", "").replace("  portrait: plain\n", "")
    character = load_character_text(text)
    assert character.mistake_rate == 0.0 and character.look.portrait == "plain"


# ----- mistakes: one line each, with file, line and key -------------------------------------

# (name, text to replace, replacement, expected "line: key: why" after the path)
MISTAKES = [
    ("unknown key", "chattiness: 0.5", "chatiness: 0.5", "19: chatiness: unknown key; did you mean chattiness?"),
    ("number in quotes", "chattiness: 0.5", 'chattiness: "0.5"',
     "19: chattiness: must be a number, got the text '0.5' (write the number without quotes)"),
    ("fraction too big", "chattiness: 0.5", "chattiness: 1.5", "19: chattiness: must be between 0 and 1, got 1.5"),
    ("negative mistake rate", "mistake_rate: 0.1", "mistake_rate: -0.1",
     "20: mistake_rate: must be between 0 and 1, got -0.1"),
    ("bool is not a number", "mistake_rate: 0.1", "mistake_rate: true",
     "20: mistake_rate: must be a number, got the true/false value true"),
    ("unknown strategy", "strategy: biggest", "strategy: bigest",
     "10: staking.strategy: unknown staking strategy 'bigest'; did you mean biggest? the staking strategies are "),
    ("unknown lead strategy", "strategy: lowest", "strategy: cleverest",
     "13: lead.strategy: unknown lead strategy 'cleverest'; the lead strategies are "),
    ("unknown shorthand", "follow: always", "follow: sometimes", "17: follow: unknown follow strategy 'sometimes'"),
    ("unknown param", "{share: 0.5, tie_break: first}", "{shares: 0.5}",
     "11: staking.params.shares: unknown parameter; did you mean share?"),
    ("param of wrong type", "{share: 0.5, tie_break: first}", "{share: half}",
     "11: staking.params.share: must be a number, got the text 'half'"),
    ("param out of range", "{share: 0.5, tie_break: first}", "{share: 2}",
     "11: staking.params.share: must be between 0 and 1, got 2"),
    ("param not a choice", "{share: 0.5, tie_break: first}", "{tie_break: last}",
     "11: staking.params.tie_break: must be one of first, random, got the text 'last'"),
    ("whole number param", "strategy: lowest", "strategy: boodle_hunter\n  params: {min_chips: 1.5}",
     "14: lead.params.min_chips: must be a whole number, got the number 1.5"),
    ("params for a strategy without any", "follow: always", "follow: {strategy: always, params: {x: 1}}",
     "17: follow.params.x: unknown parameter; always takes no parameters"),
    ("params not a mapping", "params: {below: 0.4}", "params: [0.4]",
     "16: dead_hand.params: must be a mapping of parameters"),
    ("strategy section of wrong type", "follow: always", "follow: 3",
     "17: follow: must be a mapping like {strategy: always}, got the number 3"),
    ("strategy missing", "dead_hand:\n  strategy: threshold\n", "dead_hand:\n",
     "14: dead_hand.strategy: missing; name one of " + ", ".join(DEAD_HAND.names())),
    ("colour not #rrggbb", 'colour: "#112233"', "colour: red",
     '5: look.colour: must be a colour written "#rrggbb" like "#5b3a8c", got the text \'red\''),
    ("colour unquoted", 'colour: "#112233"', "colour: #112233", "5: look.colour: "),
    ("colour too short", 'accent: "#aabbcc"', 'accent: "#abc"', "6: look.accent: must be a colour"),
    ("initials too long", "initials: TT", "initials: TESS", "7: look.initials: must be 1 to 3 letters"),
    ("unknown portrait", "portrait: plain", "portrait: spectacle",
     "8: look.portrait: must be a portrait style, got the text 'spectacle'; did you mean spectacles?"),
    ("look key missing", "  initials: TT\n", "", "4: look.initials: missing"),
    ("think time reversed", "{min: 0.5, max: 1.5}", "{min: 2, max: 1}",
     "18: think_time.min: must not be more than max (1), got 2"),
    ("think time negative", "{min: 0.5, max: 1.5}", "{min: -1, max: 1}",
     "18: think_time.min: must be 0 to 30 seconds, got -1"),
    ("think time as a list", "{min: 0.5, max: 1.5}", "[0.5, 1.5]", "18: think_time: must be a mapping like"),
    ("id not the file name", "id: tess", "id: bess",
     "1: id: must be the file's name without .yaml ('tess'), got 'bess'; set id: tess, or rename"),
    ("id not a word", "id: tess", "id: Tess Tester", "1: id: must be 1 to 24 lower-case letters"),
    ("id of a built-in", "id: tess", "id: random", "1: id: 'random' is the id of a built-in AI"),
    ("name blank", "name: Tess Tester", "name: ''", "2: name: must not be blank"),
    ("name too long", "name: Tess Tester", "name: " + "T" * 50, "2: name: must be at most 40 characters, got 50"),
    ("bio not text", "bio: Tess tests things. She is never surprised.", "bio: [a, b]",
     "3: bio: must be text, got a list of 2 items"),
    ("unknown moment", '  stop: ["Stop."]', '  stops: ["Stop."]', "22: lines.stops: unknown key; did you mean stop?"),
    ("saying not text", '  win: ["Won."]', "  win: [12]", "26: lines.win: item 1 must be text, got the number 12"),
    ("saying too long", '  win: ["Won."]', f'  win: ["Won.", "{"o" * 120}"]',
     "26: lines.win: item 2 must be at most 100 characters, got 120"),
    ("no sayings", '  win: ["Won."]', "  win: []", "26: lines.win: must be a list of one or more lines"),
    ("set twice", "chattiness: 0.5", "chattiness: 0.5\nchattiness: 0.6",
     "20: chattiness: set more than once (first on line 19)"),
]


@pytest.mark.parametrize("old, new, expected", [case[1:] for case in MISTAKES], ids=[case[0] for case in MISTAKES])
def test_each_mistake_is_one_line_with_file_line_and_key(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert old in BASE
    path = write(tmp_path, BASE.replace(old, new, 1))
    problems = problems_of(path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:{expected}"), problems[0]


def test_a_missing_top_level_field_is_reported_at_the_top(tmp_path: Path) -> None:
    path = write(tmp_path, BASE.replace("bio: Tess tests things. She is never surprised.\n", ""))
    assert problems_of(path) == [f"{path}:1: bio: missing; add a line such as `bio: Two short sentences about "
                                 "who they are.`"]


def test_every_problem_of_a_file_is_reported(tmp_path: Path) -> None:
    text = (BASE.replace("chattiness: 0.5", "chattiness: 5").replace("strategy: lowest", "strategy: lowst")
            .replace('colour: "#112233"', "colour: blue").replace("  win: [\"Won.\"]\n", ""))
    path = write(tmp_path, text)
    problems = problems_of(path)
    assert [line.split(": ")[1] for line in problems] == ["look.colour", "lead.strategy", "chattiness", "lines.win"]
    assert all(re.match(rf"{re.escape(str(path))}:\d+: ", line) for line in problems)


def test_mix_weights_are_checked_name_by_name(tmp_path: Path) -> None:
    mix = "strategy: mix\n  params:\n    weights: {even: 1, hot_crd: 2, random: -1}"
    path = write(tmp_path, BASE.replace("strategy: biggest\n  params: {share: 0.5, tie_break: first}", mix))
    assert problems_of(path) == [
        f"{path}:12: staking.params.weights.hot_crd: unknown key; did you mean hot_card?",
        f"{path}:12: staking.params.weights.random: must be between 0 and 1000, got -1",
    ]
    zero = write(tmp_path, BASE.replace("strategy: biggest\n  params: {share: 0.5, tie_break: first}",
                                        "strategy: mix\n  params: {weights: {even: 0}}"), "tess")
    assert problems_of(zero) == [f"{zero}:11: staking.params.weights: needs at least one weight above 0"]
    good = write(tmp_path, BASE.replace("strategy: biggest\n  params: {share: 0.5, tie_break: first}",
                                        "strategy: mix\n  params: {weights: {even: 2, contrarian: 1}}"), "tess")
    assert dict(load_character(good).staking.params["weights"]) == {"even": 2.0, "contrarian": 1.0}


def test_duplicate_ids_across_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = write(tmp_path / "personalities", BASE)
    second = write(tmp_path / "personalities", BASE, suffix=".yml")
    with pytest.raises(ConfigError) as raised:
        load_characters(tmp_path / "personalities")
    assert raised.value.problems == [f"{second}:1: id: 'tess' is already the id of {first.name}; ids must be unique"]
    code = main(["check-config", str(tmp_path / "personalities")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [f"ok  {first} (personalities)",
                   f"{second}:1: id: 'tess' is already the id of {first.name}; ids must be unique"]


def test_a_folder_without_characters_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as raised:
        load_characters(tmp_path)
    assert raised.value.problems == [f"{tmp_path}: no character files (*.yaml) in this folder"]


def test_load_characters_collects_the_problems_of_every_file(tmp_path: Path) -> None:
    write(tmp_path, BASE.replace("chattiness: 0.5", "chattiness: 2"), "tess")
    write(tmp_path, BASE.replace("id: tess", "id: ann").replace("mistake_rate: 0.1", "mistake_rate: x"), "ann")
    with pytest.raises(ConfigError) as raised:
        load_characters(tmp_path)
    assert len(raised.value.problems) == 2
    assert {line.split(": ")[1] for line in raised.value.problems} == {"chattiness", "mistake_rate"}


def test_check_config_reports_a_bad_character_by_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "personalities", BASE.replace("follow: always", "follow: alway"))
    assert main(["check-config", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:17: follow: unknown follow strategy 'alway'; did you mean always? the follow strategies are "
        + ", ".join(FOLLOWING.names())]


# ----- no input makes the loader raise anything but ConfigError -----------------------------

SHIPPED_TEXTS = [BASE] + [path.read_text(encoding="utf-8") for path in SHIPPED[:3]]
fast = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
yaml_values = st.sampled_from(["", "null", "true", "0", "-1", "1.5", "1e400", ".nan", "[]", "{}", "[1, 2]",
                               "{strategy: even}", "'#zzzzzz'", "\"#abcdef\"", "even", "expert", "~", "2024-01-01",
                               "{min: 3, max: 1}", "{weights: {even: 1}}", "!!int 3", "&a 1", "*a", "'x'",
                               "{share: 0.5}", "[a, [b, {c: d}]]", "0x1F", "'" + "w" * 200 + "'"])


def loads_or_config_error(text: str) -> None:
    """Load `text` as a character; anything but success or ConfigError fails the test."""
    try:
        character = load_character_text(text, "mutant.yaml")
    except ConfigError as error:
        assert error.problems and all(line.startswith("mutant.yaml") for line in error.problems)
    else:
        assert isinstance(character, Character)


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_deleting_lines_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    gone = data.draw(st.sets(st.integers(0, len(lines) - 1), max_size=4))
    loads_or_config_error("\n".join(line for i, line in enumerate(lines) if i not in gone))


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_replacing_values_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    keyed = [i for i, line in enumerate(lines) if re.match(r"\s*[a-z_]+:", line)]
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.sampled_from(keyed))
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {data.draw(yaml_values)}"
    loads_or_config_error("\n".join(lines))


@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_inserting_keys_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    keys = st.sampled_from(["id", "look", "params", "strategy", "weights", "min", "share", "stop", "zzz", "1", "null",
                            "? [a]", "<<"])
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines)))
        indent = data.draw(st.sampled_from(["", "  ", "    "]))
        lines.insert(at, f"{indent}{data.draw(keys)}: {data.draw(yaml_values)}")
    loads_or_config_error("\n".join(lines))


@pytest.mark.slow
@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_truncating_or_splicing_never_crashes(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(alphabet=st.sampled_from(list(":-[]{}#&*!|>'\"\n\t ,?%@`aZ9")), max_size=12))
    loads_or_config_error(text[:cut] + junk + text[cut:][:data.draw(st.integers(0, len(text)))])


# ----- the registry knows the characters -----------------------------------------------------

def test_registry_lists_characters_and_built_ins() -> None:
    ids = registry.character_ids()
    assert "maud" in ids and "lowest" not in ids
    assert registry.agent_ids()[:len(ids)] == ids and {"lowest", "first", "random"} <= set(registry.agent_ids())
    assert registry.load_character_by_id("maud").name == "Maud Pennyfeather"


def test_make_agent_takes_character_ids() -> None:
    agent = registry.make_agent("maud", 7, 2)
    assert isinstance(agent, CharacterAgent) and agent.character.id == "maud"
    assert registry.seat_agent_ids("maud, reggie", 5) == ["maud", "reggie", "maud", "reggie", "maud"]
    assert registry.seat_agent_ids("lowest", 3) == ["lowest"] * 3


def test_unknown_ids_list_the_characters_and_built_ins() -> None:
    with pytest.raises(registry.UnknownAgentError) as raised:
        registry.seat_agent_ids("maud,nobody", 4)
    message = str(raised.value)
    assert "'nobody'" in message and "maud" in message and "lowest" in message
    with pytest.raises(registry.UnknownAgentError):
        registry.make_agent("nobody", 1, 0)
    with pytest.raises(registry.UnknownAgentError):
        registry.load_character_by_id("nobody")


def test_a_broken_character_file_names_its_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, BASE)
    write(tmp_path, BASE.replace("id: tess", "id: bad").replace("chattiness: 0.5", "chattiness: 9"), "bad")
    monkeypatch.setattr(registry, "PERSONALITIES_DIR", tmp_path)
    monkeypatch.setattr(registry, "_CACHE", {})
    assert registry.character_ids() == ["tess"]
    with pytest.raises(registry.UnknownAgentError) as raised:
        registry.make_agent("bad", 1, 0)
    assert "chattiness: must be between 0 and 1, got 9" in str(raised.value)


def test_simulate_takes_character_ids(capsys: pytest.CaptureFixture[str]) -> None:
    ids = [i for i in registry.character_ids() if i != "expert"][:5]
    code = main(["simulate", "--ai", ",".join(ids), "--players", "5", "--deals", "3", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0
    assert all(f"({character_id})" in out for character_id in ids)
    assert main(["simulate", "--ai", "maud,nobody"]) == 1
    assert "the characters are" in capsys.readouterr().err


def test_same_character_in_two_seats_draws_different_streams() -> None:
    one, two = registry.make_agent("pip", 1, 0), registry.make_agent("pip", 1, 1)
    assert isinstance(one, CharacterAgent) and isinstance(two, CharacterAgent)
    assert [one.think_time() for _ in range(3)] != [two.think_time() for _ in range(3)]


def test_every_strategy_a_character_names_is_registered() -> None:
    for character in heuristic_characters().values():
        assert character.staking.name in STAKING and character.lead.name in LEADING
        assert character.dead_hand.name in DEAD_HAND and character.follow.name in FOLLOWING


def test_the_modding_guide_describes_every_character_and_strategy() -> None:
    guide = (REPO / "docs" / "modding.md").read_text(encoding="utf-8")
    section = guide[guide.index("<!-- characters:begin -->"):guide.index("<!-- characters:end -->")]
    for path in SHIPPED:
        assert f"| `{path.stem}` |" in section
    for reg in (STAKING, LEADING, DEAD_HAND, FOLLOWING):
        for name in reg.names():
            assert f"| `{name}` |" in section, f"docs/modding.md does not describe the {reg.decision} strategy {name}"
            for param in reg.get(name).params:
                assert f"`{param}`" in section or name == "expert", f"docs/modding.md does not name {name}'s {param}"
    for key in ("id", "name", "level", "bio", "look", "staking", "lead", "dead_hand", "follow", "think_time",
                "chattiness", "lines", "mistake_rate"):
        assert f"| `{key}` |" in section
