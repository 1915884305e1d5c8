"""Charm files (config/charms/, R31): the shipped charms, every mistake a file can make said as `path:line: key: why`,
check-config knowing a charm file, and damaged files that load or say why, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.config import CHARMS_DIR, ConfigError, charms_by_id, load_charm_text, load_charms
from game.engine import EFFECTS, CharmSpec
from game.locale import LANGUAGES, catalog

SHIPPED_TEXTS = [path.read_text(encoding="utf-8") for path in sorted(CHARMS_DIR.glob("*.yaml"))]


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_charm_text(text, "c.yaml")
    return caught.value.problems


def test_R31_the_shipped_charms_are_eight_or_more_and_use_every_effect() -> None:
    charms = load_charms()
    assert len(charms) >= 8
    assert {spec.effect for spec in charms.values()} == set(EFFECTS)
    for path in CHARMS_DIR.glob("*.yaml"):
        assert load_charms()[path.stem].id == path.stem  # one file a charm, named by its id


def test_R31_every_charm_has_a_name_and_one_line_in_every_language() -> None:
    for code in LANGUAGES:
        words = catalog(code)
        for charm_id in load_charms():
            name = words.entries.get(f"charms.{charm_id}.name")
            line = words.entries.get(f"charms.{charm_id}.description")
            assert isinstance(name, str) and isinstance(line, str) and "\n" not in line and len(line) <= 120


def test_a_good_charm_loads() -> None:
    spec = load_charm_text("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: deal\nparams: {cards: 2}\nfee: 1\n")
    assert spec == CharmSpec("glimpse", "peek_dead", "stop", "deal", (("cards", 2),), 1)
    assert spec.param("cards") == 2 and spec.per_deal
    assert CharmSpec.from_data(spec.to_data()) == spec


@pytest.mark.parametrize(("text", "wanted"), [
    ("id: Glimpse\neffect: peek_dead\nwhen: after_deal\nuses: 1\n", "c.yaml:1: id: must be 1 to 32 lower-case"),
    ("id: glimpse\neffect: peek_dad\nwhen: after_deal\nuses: 1\n", "c.yaml:2: effect: must be one of peek_dead"),
    ("id: glimpse\neffect: peek_dad\nwhen: after_deal\nuses: 1\n", "did you mean peek_dead?"),
    ("id: glimpse\neffect: peek_dead\nwhen: follow\nuses: 1\n",
     "c.yaml:3: when: peek_dead may be used at after_deal, stop, got the text 'follow'"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 0\n", "c.yaml:4: uses: must be session (once a session)"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: forever\n", "c.yaml:4: uses: must be session"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 2\nparams: {cards: 14}\n",
     "c.yaml:5: params.cards: must be 1 to 13, got 14"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 2\nparams: {cards: '3'}\n",
     "c.yaml:5: params.cards: must be a whole number"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 2\nparams: {card: 3}\n", "c.yaml:5: params.card: "),
    ("id: dam\neffect: block_follow\nwhen: follow\nuses: 2\nparams: {x: 1}\n",
     "c.yaml:5: params: block_follow takes no parameters"),
    ("id: moonbeam\neffect: peek_dead\nwhen: stop\nuses: 2\n",
     "c.yaml:1: id: moonbeam has no words: add charms.moonbeam.name"),
    ("effect: peek_dead\nwhen: stop\nuses: 2\n", "c.yaml:1: id: missing; add a line such as `id: glimpse`"),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 2\nwhen: stop\n", "c.yaml:5: "),
    ("id: glimpse\neffect: peek_dead\nwhen: stop\nuses: 2\nsize: 3\n", "c.yaml:5: size: "),
    ("- glimpse\n", "c.yaml:1: the top level must be a mapping"),
    ("id: cut_in\neffect: take_lead\nwhen: stop\nuses: 1\nfee: 25\n", "c.yaml:5: fee: must be 0 to 20, got 25"),
    ("id: cut_in\neffect: take_lead\nwhen: stop\nuses: 1\nfee: two\n", "c.yaml:5: fee: must be a whole number"),
])
def test_R31_each_mistake_is_one_line_at_its_key(text: str, wanted: str) -> None:
    found = problems(text)
    assert any(wanted in line for line in found), found


def test_two_charm_files_with_one_id_are_refused(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("id: dam\neffect: block_follow\nwhen: follow\nuses: 2\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_charms(tmp_path)
    assert any("dam is already the id of the charm in" in line for line in caught.value.problems)
    with pytest.raises(ConfigError, match="no charm moonbeam"):
        charms_by_id(["moonbeam"])


def test_check_config_knows_a_charm_file_by_its_folder_and_by_its_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "charms"
    folder.mkdir()
    (folder / "odd.yaml").write_text("id: dam\neffect: block_follow\nwhen: lead\nuses: 2\n", encoding="utf-8")
    (tmp_path / "my-charm.yaml").write_text("id: dam\neffect: block_follow\nwhen: follow\nuses: 2\n",
                                            encoding="utf-8")
    assert main(["check-config", str(folder / "odd.yaml"), str(tmp_path / "my-charm.yaml")]) == 1
    out = capsys.readouterr().out
    assert re.search(r"odd\.yaml:3: when: block_follow may be used at follow", out)
    assert re.search(r"ok  .*my-charm\.yaml \(charm\)", out)


# ----- damaged files load or say why ---------------------------------------------------------------------------

fast = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
yaml_values = st.sampled_from(["", "null", "true", "0", "-1", "1.5", "1e400", ".nan", "[]", "{}", "[1, 2]", "deal",
                               "session", "peek_dead", "stop", "~", "2024-01-01", "{cards: 3}", "{per: 0}",
                               "!!int 3", "&a 1", "*a", "'x'", "[a, [b, {c: d}]]", "0x1F", "'" + "w" * 200 + "'"])


def loads_or_config_error(text: str) -> None:
    """Load `text` as a charm; anything but success or ConfigError fails the test."""
    try:
        spec = load_charm_text(text, "mutant.yaml")
    except ConfigError as error:
        assert error.problems and all(line.startswith("mutant.yaml") for line in error.problems)
    else:
        assert isinstance(spec, CharmSpec) and not spec.problems()


@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_deleting_lines_never_crashes(text: str, data: st.DataObject) -> None:
    lines = text.splitlines()
    gone = data.draw(st.sets(st.integers(0, len(lines) - 1), max_size=4))
    loads_or_config_error("\n".join(line for i, line in enumerate(lines) if i not in gone))


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
    keys = st.sampled_from(["id", "effect", "when", "uses", "params", "cards", "per", "zzz", "1", "null", "? [a]",
                            "<<"])
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines)))
        indent = data.draw(st.sampled_from(["", "  ", "    "]))
        lines.insert(at, f"{indent}{data.draw(keys)}: {data.draw(yaml_values)}")
    loads_or_config_error("\n".join(lines))


@fast
@given(text=st.sampled_from(SHIPPED_TEXTS), data=st.data())
def test_truncating_or_splicing_never_crashes(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(alphabet=st.sampled_from(list(":-[]{}#&*!|>'\"\n\t ,?%@`aZ9")), max_size=12))
    loads_or_config_error(text[:cut] + junk + text[cut:][:data.draw(st.integers(0, len(text)))])
