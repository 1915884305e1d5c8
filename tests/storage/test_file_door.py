"""The door every player file comes in through: sizes and depths refused before any parser sees the file,
numbers no value can be refused with a sentence, YAML aliases bounded, and config files read once while they
are unchanged (game/storage/door.py, game/locale/safe_yaml.py, game/config/yaml_lines.py)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from app_helpers import make_app
from file_traps import deny, fifo, finishes, needs_fifo

from game.app.scenes.new_game.table_choices import read_rules_files
from game.campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from game.campaign.high_scores_file import load_high_scores
from game.config import ConfigError, load_rules, read_yaml_file, read_yaml_text
from game.config.rules_file import DEFAULT_RULES_FILE
from game.locale import tr
from game.locale.catalog import Catalog, LocaleError
from game.locale.safe_yaml import (
    LOADER,
    MAX_YAML_DEPTH,
    FileCache,
    nesting_estimate,
    read_limited,
    safe_load,
)
from game.regular_file import present
from game.storage.door import (
    MAX_DEPTH,
    MAX_JSON_BYTES,
    MAX_SMALL_JSON_BYTES,
    PlayerFileError,
    Unusable,
    nesting_depth,
    parse_json,
    read_bytes,
    read_json,
)
from game.storage.settings import SETTINGS_FILE, Settings, load_settings, save_settings

RULES_TEXT = DEFAULT_RULES_FILE.read_text(encoding="utf-8")


class Spy:
    """Counts the calls of what it wraps."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped
        self.calls: list[tuple[Any, ...]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(args)
        return self.wrapped(*args, **kwargs)


def sparse_file(path: Path, size: int) -> Path:
    """A file of `size` bytes that costs no disk (and would take long to read)."""
    with path.open("wb") as out:
        out.truncate(size)
    return path


def no_open(monkeypatch: pytest.MonkeyPatch, guarded: Path) -> list[Path]:
    """Record any opening of `guarded`, by pathlib or by `os.open`: the size check must refuse it before a byte
    is read."""
    opened: list[Path] = []
    real_open, real_os_open = Path.open, os.open

    def watching(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.resolve() == guarded.resolve():
            opened.append(self)
        return real_open(self, *args, **kwargs)

    def watching_os(path: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(path, int) and Path(path).resolve() == guarded.resolve():
            opened.append(Path(path))
        return real_os_open(path, *args, **kwargs)
    monkeypatch.setattr(Path, "open", watching)
    monkeypatch.setattr(os, "open", watching_os)
    return opened


# --- JSON ---------------------------------------------------------------------------------------------------

def test_an_oversized_json_file_is_refused_by_its_size_before_a_byte_is_read(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = sparse_file(tmp_path / "settings.json", MAX_SMALL_JSON_BYTES + 1)
    opened = no_open(monkeypatch, path)
    parser = Spy(json.loads)
    monkeypatch.setattr("game.storage.door.json.loads", parser)
    with pytest.raises(PlayerFileError) as refused:
        read_json(path, MAX_SMALL_JSON_BYTES)
    assert opened == [] and parser.calls == []
    assert refused.value.damaged and "too big (1,048,577 bytes; the limit is 1,048,576 bytes)" in refused.value.why


@pytest.mark.parametrize("text", ["[" * 200_000 + "]" * 200_000, '{"a": ' * 65 + "1" + "}" * 65])
def test_an_overdeep_json_file_is_refused_before_the_parser_sees_it(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parser = Spy(json.loads)
    monkeypatch.setattr("game.storage.door.json.loads", parser)
    with pytest.raises(PlayerFileError) as refused:
        parse_json(text.encode())
    assert parser.calls == [] and f"deeper than {MAX_DEPTH}" in refused.value.why


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    assert parse_json(json.dumps({"a": "[" * 500}).encode()) == {"a": "[" * 500}


def test_the_depth_counted_with_a_limit_is_the_whole_depth_up_to_it_and_past_it_beyond() -> None:
    text = rb'{"a": "[[[{", "b": [[1], {"c": 2}], "d": "\\\"["}'  # an escaped backslash, then an escaped quote
    assert nesting_depth(text) == nesting_depth(text, 3) == 3
    assert nesting_depth(text, 2) == 3  # one past the limit: counting stopped there
    deep = b'["]", ' * 100 + b"]" * 100
    assert nesting_depth(deep) == 100 and nesting_depth(deep, MAX_DEPTH) == MAX_DEPTH + 1


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "9" * 31, "-" + "9" * 5000])
def test_a_number_no_value_can_be_is_refused_with_a_sentence(number: str) -> None:
    with pytest.raises(PlayerFileError) as refused:
        parse_json(f'{{"saved_at": {number}}}'.encode())
    assert refused.value.why == "it holds a number too big to use"


@pytest.mark.parametrize("number", ["1e400", "NaN", "9" * 31])
def test_marked_numbers_leave_the_rest_of_the_file_usable(number: str) -> None:
    found = parse_json(f'{{"bad": {number}, "good": 0.5, "seed": {2**64}}}'.encode(), mark_unusable=True)
    assert isinstance(found["bad"], Unusable) and found["good"] == 0.5 and found["seed"] == 2**64


@pytest.mark.parametrize(("data", "why"), [(b"", "empty"), (b"\xff\xfe", "not text"), (b"{cut", "not valid JSON")])
def test_every_other_failure_is_a_sentence(data: bytes, why: str) -> None:
    with pytest.raises(PlayerFileError) as refused:
        parse_json(data)
    assert why in refused.value.why


@pytest.mark.parametrize(("value", "kept"), [
    ("loud", False), (True, False), (None, False), ([0.5], False), (1e300, False), (7, False), (-1, False),
    (10**29, False), (0.25, True), (1, True)])
def test_a_settings_value_of_the_wrong_type_or_range_is_refused_alone(tmp_path: Path, value: Any, kept: bool) -> None:
    raw = json.dumps({"master_volume": value, "muted": True}).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(raw)
    settings, problem = load_settings(tmp_path)
    assert settings.muted is True  # the good value is always kept
    if kept:
        assert problem is None and settings.master_volume == float(value)
    else:
        assert settings.master_volume == Settings().master_volume
        assert problem is not None and "1 of its values could not be used" in problem
        assert [p.read_bytes() for p in tmp_path.glob(SETTINGS_FILE + ".unreadable-*")] == [raw]


def test_1e400_in_settings_is_refused_alone_and_the_file_kept(tmp_path: Path) -> None:
    raw = b'{"master_volume": 1e400, "effects_volume": 0.5}'
    (tmp_path / SETTINGS_FILE).write_bytes(raw)
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(effects_volume=0.5) and problem is not None
    save_settings(tmp_path, settings)
    assert [p.read_bytes() for p in tmp_path.glob(SETTINGS_FILE + ".unreadable-*")] == [raw]


def test_a_high_score_table_keeps_its_good_entries(tmp_path: Path) -> None:
    entries = [{"name": "Ann", "score": 90, "date": "2026-01-02"}, {"name": "Bob", "score": "x", "date": "2026-01-02"},
               {"name": "Cy", "score": 1e300, "date": "2026-01-02"}, {"name": "Di", "score": 10, "date": "2026-13-45"}]
    (tmp_path / "high_scores.json").write_text(json.dumps(
        {"format": "newmarket-high-scores", "version": 1, "entries": entries}), encoding="utf-8")
    scores, problem = load_high_scores(tmp_path)
    assert [e.name for e in scores.entries] == ["Ann"]
    assert problem is not None and "3 of its values" in problem
    assert load_high_scores(tmp_path) == (scores, None)  # what could be used was written back


def test_a_file_from_a_newer_game_is_kept_and_said_so(tmp_path: Path) -> None:
    (tmp_path / "high_scores.json").write_text('{"format": "newmarket-high-scores", "version": 9, "entries": []}')
    _, problem = load_high_scores(tmp_path)
    assert problem is not None and "newer version" in problem and "high_scores.json.unreadable-" in problem


# --- what is not a file ------------------------------------------------------------------------------------

@needs_fifo
def test_a_fifo_in_place_of_a_player_file_is_refused_without_waiting(tmp_path: Path) -> None:
    path = fifo(tmp_path / "settings.json")
    with pytest.raises(PlayerFileError) as refused:
        finishes(lambda: read_json(path), fifos=(path,))
    assert not refused.value.damaged and refused.value.why == tr("storage.why.not_regular")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_said_to_be_no_file_not_too_big() -> None:
    with pytest.raises(PlayerFileError) as refused:
        finishes(lambda: read_bytes(Path("/dev/zero"), MAX_JSON_BYTES))
    assert refused.value.why == tr("storage.why.not_regular") and "too big" not in refused.value.why


def test_a_file_just_over_its_limit_is_not_said_to_be_the_limit_s_size(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_bytes(b" " * (1024 * 1024 + 20 * 1024))  # 1 MB and 20 KB: "1.0 MB" both, to one place
    with pytest.raises(PlayerFileError) as refused:
        read_bytes(path, 1024 * 1024)
    assert refused.value.why == tr("storage.why.too_big", size="1.02 MB", limit="1.00 MB")


@needs_fifo
def test_a_file_swapped_for_a_fifo_after_it_was_looked_at_is_refused_without_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    regular = tmp_path / "regular.json"
    regular.write_text("{}", encoding="utf-8")
    path = fifo(tmp_path / "statistics.json")
    real_stat = os.stat

    def looked_at_before_the_swap(name: Any, *args: Any, **kwargs: Any) -> Any:
        return real_stat(regular if not isinstance(name, int) and Path(name) == path else name, *args, **kwargs)
    monkeypatch.setattr(os, "stat", looked_at_before_the_swap)
    with pytest.raises(PlayerFileError) as refused:
        finishes(lambda: read_bytes(path, MAX_JSON_BYTES), fifos=(path,))
    assert refused.value.why == tr("storage.why.not_regular")


@needs_fifo
def test_a_campaign_naming_a_pipe_for_its_rules_is_refused_without_waiting(tmp_path: Path) -> None:
    rules = fifo(tmp_path / "rules.yaml")  # as `rules: /dev/stdin` names the terminal, or a pipe
    campaign = tmp_path / "campaign.yaml"
    shutil.copytree(CAMPAIGN_FILE.parent / "road", tmp_path / "road")  # the road's own rules, named by path
    shipped = CAMPAIGN_FILE.read_text(encoding="utf-8")
    assert "rules: free_following" in shipped
    campaign.write_text(shipped.replace("rules: free_following", f"rules: {rules}", 1), encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        finishes(lambda: load_campaign(campaign), fifos=(rules,))
    assert any(tr("config.read.not_regular") in line for line in refused.value.problems), refused.value.problems


def test_present_says_whether_there_is_a_file_to_read_and_never_raises(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file.json").write_text("{}", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    assert present(tmp_path / "file.json") and not present(tmp_path / "folder")
    assert not present(tmp_path / "missing.json") and not present(tmp_path / "file.json" / "below")
    assert not present(tmp_path / "nul\0.json")  # a name no file can have (os.stat raises ValueError)
    deny(monkeypatch, tmp_path / "folder")
    assert present(tmp_path / "folder" / "kept.json")  # it cannot be looked at: reading it will say why


# --- YAML ---------------------------------------------------------------------------------------------------

def test_the_c_loader_reads_config_files_when_pyyaml_has_it() -> None:
    assert LOADER is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def test_an_oversized_rules_file_in_the_data_folder_is_refused_unread_with_a_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    big = sparse_file(rules / "big.yaml", 50 * 1024 * 1024)
    (rules / "mine.yaml").write_text(RULES_TEXT, encoding="utf-8")
    opened = no_open(monkeypatch, big)
    loader = Spy(LOADER)
    monkeypatch.setattr("game.config.yaml_lines.LOADER", loader)
    entries = {entry.path.name: entry for entry in read_rules_files([rules])}
    assert opened == [] and entries["mine.yaml"].rules is not None and len(loader.calls) == 1
    assert entries["big.yaml"].rules is None
    assert entries["big.yaml"].problems == ("the file is too big (50.0 MB; the limit is 1.0 MB)",)


@pytest.mark.parametrize("text", [
    "a: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "a: " + "{b: " * 70 + "1" + "}" * 70 + "\n",
    "".join(" " * depth + f"k{depth}:\n" for depth in range(70)) + " " * 70 + "x: 1\n",
    "- " * 70 + "x\n",
])
def test_an_overdeep_yaml_text_is_refused_before_any_yaml_code_reads_it(text: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    loader, python = Spy(LOADER), Spy(yaml.SafeLoader)
    monkeypatch.setattr("game.config.yaml_lines.LOADER", loader)
    monkeypatch.setattr("yaml.SafeLoader", python)
    with pytest.raises(ConfigError) as refused:
        read_yaml_text(text, "deep.yaml")
    assert loader.calls == [] and python.calls == []
    assert refused.value.problems == [f"deep.yaml: the YAML is nested too deeply to read (more than {MAX_YAML_DEPTH} "
                                      "levels)"]


def test_a_depth_the_text_hides_is_still_caught_while_composing() -> None:
    # a quote inside a plain scalar is a word, not a quoted string: the estimate skips these brackets, the
    # composer does not, and stops at the first node too deep (no recursion: no crash however deep)
    text = 'a: [x ", ' + "[" * 5000 + "]" * 5000 + ', "]\n'
    assert nesting_estimate(text) < MAX_YAML_DEPTH
    with pytest.raises(ConfigError) as refused:
        read_yaml_text(text, "hidden.yaml")
    assert "nested too deeply" in str(refused.value)


def test_a_billion_laughs_is_refused_before_its_values_are_built() -> None:
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8))
    with pytest.raises(ConfigError) as refused:
        read_yaml_text(text, "laughs.yaml")
    assert "aliases" in str(refused.value) and "more than 1000000 values" in str(refused.value)


def test_aliases_stacked_deeper_than_the_limit_are_refused() -> None:
    text = "a: &a " + "[" * 40 + "x" + "]" * 40 + "\nb: &b " + "[" * 40 + "*a" + "]" * 40 + "\n"
    with pytest.raises(ConfigError, match="nested too deeply"):
        read_yaml_text(text, "stacked.yaml")


def test_an_alias_inside_what_it_names_is_refused() -> None:
    with pytest.raises(ConfigError, match="would never end"):
        read_yaml_text("a: &a [1, *a]\n", "loop.yaml")


def test_aliases_within_bounds_read_as_yaml_reads_them() -> None:
    text = "base: &base {ante_pot: 1, deals: 3}\nother:\n  <<: *base\n  deals: 4\nlist: [*base, *base]\n"
    assert read_yaml_text(text, "ok.yaml").data == yaml.safe_load(text)
    assert safe_load(text) == yaml.safe_load(text)


def test_the_depth_estimate_never_refuses_a_shipped_file() -> None:
    shipped = sorted((Path(__file__).resolve().parents[2] / "config").rglob("*.yaml"))
    assert len(shipped) > 50
    assert max(nesting_estimate(path.read_text(encoding="utf-8")) for path in shipped) <= 8


def test_a_language_file_is_read_through_the_same_limits(tmp_path: Path) -> None:
    folder = tmp_path / "xx"
    folder.mkdir()
    (folder / "title.yaml").write_text("a: " + "[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(LocaleError, match="nests deeper than"):
        Catalog.load("xx", tmp_path)


# --- the cache ----------------------------------------------------------------------------------------------

def test_listing_rules_files_twice_reads_each_once_and_again_when_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    first, second = rules / "first.yaml", rules / "second.yaml"
    first.write_text(RULES_TEXT, encoding="utf-8")
    second.write_text(RULES_TEXT.replace("Classic Newmarket", "Second"), encoding="utf-8")
    reads = Spy(read_limited)
    monkeypatch.setattr("game.config.yaml_lines.read_limited", reads)
    read_rules_files([rules])
    read_rules_files([rules])
    assert sorted(path.name for path, in reads.calls) == ["first.yaml", "second.yaml"]
    second.write_text(RULES_TEXT.replace("Classic Newmarket", "Changed, longer"), encoding="utf-8")
    entries = {entry.path.name: entry for entry in read_rules_files([rules])}
    assert sorted(path.name for path, in reads.calls) == ["first.yaml", "second.yaml", "second.yaml"]
    assert entries["second.yaml"].rules is not None and entries["second.yaml"].rules.name == "Changed, longer"
    stat = first.stat()  # the same size, a new time: read again
    os.utime(first, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    load_rules(first)
    assert [path.name for path, in reads.calls].count("first.yaml") == 2


def test_a_broken_file_s_problems_are_kept_too_and_given_afresh(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\nplayers 4\n", encoding="utf-8")
    reads = Spy(read_limited)
    monkeypatch.setattr("game.config.yaml_lines.read_limited", reads)
    errors = []
    for _ in range(2):
        with pytest.raises(ConfigError) as refused:
            read_yaml_file(broken)
        errors.append(refused.value)
    assert len(reads.calls) == 1 and errors[0] is not errors[1] and errors[0].problems == errors[1].problems


# --- at the start -------------------------------------------------------------------------------------------

def test_a_settings_file_nested_200000_deep_does_not_stop_the_start(tmp_path: Path) -> None:
    raw = b"[" * 200_000 + b"]" * 200_000
    (tmp_path / SETTINGS_FILE).write_bytes(raw)
    app = make_app(tmp_path)
    assert app.settings == Settings() and "Your settings file could not be used" in app.notices.words()
    kept = list(tmp_path.glob(SETTINGS_FILE + ".unreadable-*"))
    assert [p.read_bytes() for p in kept] == [raw] and kept[0].name in app.notices.words()
    assert make_app(tmp_path).notices.words() == ""  # the next start finds nothing wrong


def test_the_title_says_what_was_wrong_with_the_settings_in_the_language_they_choose(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"language": "fr", "master_volume": "fort"}', encoding="utf-8")
    app = make_app(tmp_path, language=None)
    assert app.language == "fr" and app.settings.language == "fr"
    assert "Votre fichier de réglages" in app.notices.words() and "1 de ses valeurs" in app.notices.words()


def test_the_cache_keeps_the_newest_files_within_its_budget(tmp_path: Path) -> None:
    paths = [tmp_path / f"{n}.txt" for n in range(3)]
    for path in paths:
        path.write_bytes(b"x" * 100)
    cache: FileCache[bytes] = FileCache(Path.read_bytes, budget=250)
    for path in paths + paths[1:]:
        cache.get(path)
    assert cache.reads == 3  # the two newest stayed; the oldest went to keep within 250 bytes
    cache.get(paths[0])
    assert cache.reads == 4
