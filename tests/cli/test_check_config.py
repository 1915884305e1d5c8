"""`check-config`: ok lines for valid files, one line per problem, exit code 0 only when all are valid."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from app_helpers import frames, make_app, top
from file_traps import deny

from game.ai.character_file import list_character_files
from game.app.scenes.new_game.scene import NewGameScene
from game.cli import main
from game.config import (
    CONFIG_DIR,
    ConfigError,
    ConfigKind,
    Problem,
    kinds,
    list_charm_files,
    list_rules_files,
    load_rules,
)
from game.locale import LANGUAGES, LOCALES_DIR, tr
from game.locale.catalog import Catalog

REPO = Path(__file__).resolve().parents[2]


def english(key: str, **params: object) -> str:
    """The English words of `key`, whatever the language now."""
    words = Catalog.load("en").entries[key]
    assert isinstance(words, str)
    return words.format(**params)


def check(capsys: pytest.CaptureFixture[str], *paths: object) -> tuple[int, list[str]]:
    """Run `check-config` on `paths`; the exit code and the lines printed to stdout."""
    code = main(["check-config", *map(str, paths)])
    return code, capsys.readouterr().out.splitlines()


def write(path: Path, text: str | bytes) -> Path:
    """Write a file, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_shipped_rules_folder_is_valid(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, out = check(capsys, "config/rules")
    assert code == 0
    assert out == [f"ok  config/rules/{p.name} (rules)" for p in list_rules_files()]


def test_no_path_checks_the_game_config_folder(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, out = check(capsys)
    # config/ holds rules, characters, the campaign, the trophies, the road's own rules, charms and every language's
    # locale files
    locale_files = sorted(LOCALES_DIR.glob("*/*.yaml"))
    assert len(locale_files) >= 5 * 2  # at least every language's cards and meta
    road_rules = list_rules_files(REPO / "config" / "road")
    charms = list_charm_files()
    assert len(charms) >= 8
    expected = (len(list_rules_files()) + len(list_character_files()) + 3 + len(road_rules) + len(locale_files)
                + len(charms))
    assert code == 0 and len(out) == expected and all(line.startswith("ok  ") for line in out)
    assert "ok  config/campaign.yaml (campaign)" in out and "ok  config/trophies.yaml (trophies)" in out
    assert "ok  config/road/free_michigan.yaml (rules)" in out
    assert "ok  config/locales/fr/cards.yaml (locale)" in out and "ok  config/locales/en/storage.yaml (locale)" in out
    assert "ok  config/charms/glimpse.yaml (charm)" in out


def test_problems_are_one_line_each_and_fail(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = write(tmp_path / "rules" / "good.yaml", "name: Good\n")
    bad = write(tmp_path / "rules" / "house.yaml", "name: Bad\nante_bodle: 4\nplayers: 2\n\nante_boodle: -1\n")
    code, out = check(capsys, tmp_path / "rules")
    assert code == 1
    assert out == [
        f"ok  {good} (rules)",
        f"{bad}:2: ante_bodle: unknown key; did you mean ante_boodle?",
        f"{bad}:3: players: must be 3 to 8, got 2",
        f"{bad}:5: ante_boodle: must not be negative, got -1",
    ]


def test_missing_path_is_a_problem_not_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = write(tmp_path / "rules" / "a.yaml", "name: A\n")
    code, out = check(capsys, tmp_path / "nowhere.yaml", good)
    assert code == 1
    assert out == [f"{tmp_path / 'nowhere.yaml'}: no such file or folder", f"ok  {good} (rules)"]


def test_a_folder_with_no_config_file_says_so_not_all_valid(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    write(tmp_path / "notes.txt", "not a config file\n")
    code = main(["check-config", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.splitlines() == [f"{tmp_path}: no config files found in this folder "
                                "(config files are .yaml or .yml files)"]
    assert err.splitlines() == ["no config files found: nothing was checked"] and "all valid" not in err


def test_paths_that_hold_no_config_file_at_all_say_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["check-config", str(tmp_path / "missing.yaml"), str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1 and f"{tmp_path / 'missing.yaml'}: no such file or folder" in out.splitlines()
    assert err.strip() == "no config files found: nothing was checked"


def test_a_mixture_checks_what_it_finds_and_fails(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = write(tmp_path / "rules" / "a.yaml", "name: A\n")
    (tmp_path / "empty").mkdir()
    code = main(["check-config", str(good), str(tmp_path / "empty"), str(tmp_path / "gone")])
    out, err = capsys.readouterr()
    assert code == 1 and f"ok  {good} (rules)" in out.splitlines() and len(out.splitlines()) == 3
    assert err.strip() == "checked 1 file: all valid; 2 paths were not checked (see above)"


def test_a_device_is_not_read_as_a_config_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(capsys, os.devnull)
    assert code == 1 and out == [f"{os.devnull}: not a file or a folder"]


def test_control_characters_in_file_names_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(tmp_path / "rules" / "evil\n\x1b[2Jname.yaml", "players: 2\n")
    good = write(tmp_path / "rules" / "tab\tgood.yaml", "name: Good\n")
    code, out = check(capsys, tmp_path / "rules", tmp_path / "gone\rnow")
    assert code == 1
    folder = tmp_path / "rules"
    assert out == [f"{tmp_path}/gone\\rnow: no such file or folder",
                   f"{folder}/evil\\n\\x1b[2Jname.yaml:1: players: must be 3 to 8, got 2",
                   f"ok  {folder}/tab\\tgood.yaml (rules)"]
    assert good.is_file() and bad.is_file()


def test_unreadable_files_each_give_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "empty.yaml": "",
        "list.yaml": "- a\n- b\n",
        "syntax.yaml": "name: x\nplayers 4\n",
        "latin1.yml": "name: caf\xe9\n".encode("latin-1"),
    }
    for name, text in files.items():
        write(tmp_path / "rules" / name, text)
    code, out = check(capsys, tmp_path)
    assert code == 1 and len(out) == len(files)
    rules = tmp_path / "rules"
    assert out == [
        f"{rules / 'empty.yaml'}: the file is empty: expected settings such as `name: My rules`",
        f"{rules / 'latin1.yml'}:1: not UTF-8 text: byte 0xe9 at column 10 cannot be read (save the file as UTF-8)",
        f"{rules / 'list.yaml'}:1: the top level must be a mapping of settings (key: value lines), "
        "got a list of 2 items",
        f"{rules / 'syntax.yaml'}:2: YAML syntax error: while scanning a simple key, could not find expected ':'",
    ]


def test_kind_comes_from_the_folder_or_the_content(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loose = write(tmp_path / "mine.yaml", "name: Mine\nstaking: even\n")
    other = write(tmp_path / "notes.yaml", "shopping: [eggs]\n")
    person = write(tmp_path / "personalities" / "bob.yaml", "name: Bob\nboldness: 3\n")
    hidden = write(tmp_path / ".git" / "x.yaml", "not: checked\n")
    code, out = check(capsys, tmp_path)
    assert code == 1
    assert f"ok  {loose} (rules)" in out
    assert any(line.startswith(f"{other}: unknown kind of config file; the known kinds are rules") for line in out)
    # a personalities/ folder is not a rules folder: its files are checked as characters
    assert f"{person}:2: boldness: unknown key; did you mean lines?" in out
    assert f"{person}:1: bio: missing; add a line such as `bio: Two short sentences about who they are.`" in out
    assert not any(str(hidden) in line for line in out)


def test_other_modules_can_register_a_kind(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def load_personality(path: Path) -> object:
        if "boldness" not in path.read_text(encoding="utf-8"):
            raise ConfigError([Problem(str(path), "must say how bold", 1, "boldness")])
        return object()

    monkeypatch.setitem(kinds._KINDS, "personalities", ConfigKind(
        name="personalities", folders=("personalities",), keys=frozenset({"boldness"}), load=load_personality))
    bob = write(tmp_path / "personalities" / "bob.yaml", "name: Bob\nboldness: 3\n")
    ann = write(tmp_path / "personalities" / "ann.yaml", "name: Ann\n")
    code, out = check(capsys, tmp_path)
    assert code == 1
    assert out == [f"{ann}:1: boldness: must say how bold", f"ok  {bob} (personalities)"]


def test_a_loader_that_crashes_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(path: Path) -> object:
        raise KeyError("oops")

    monkeypatch.setitem(kinds._KINDS, "campaign", ConfigKind(
        name="campaign", folders=("campaign",), keys=frozenset(), load=broken))
    path = write(tmp_path / "campaign" / "tour.yaml", "stages: []\n")
    code, out = check(capsys, path)
    assert code == 1 and out == [f"{path}: the campaign loader failed: KeyError: 'oops'"]


def test_the_same_file_twice_is_checked_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "a.yaml", "name: A\n")
    code, out = check(capsys, path, tmp_path / "rules", path)
    assert code == 0 and out == [f"ok  {path} (rules)"]


def test_help_describes_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["check-config", "--help"])
    assert done.value.code == 0
    assert "PATH" in capsys.readouterr().out


@pytest.mark.slow
def test_main_py_check_config_exit_codes(tmp_path: Path) -> None:
    bad = write(tmp_path / "rules" / "bad.yaml", "players: many\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    ok = subprocess.run([sys.executable, "main.py", "check-config", "config/rules"], cwd=REPO, env=env,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "ok  config/rules/classic.yaml (rules)" in ok.stdout.splitlines()
    failed = subprocess.run([sys.executable, "main.py", "check-config", str(bad), str(tmp_path / "missing")],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1
    assert "Traceback" not in failed.stdout + failed.stderr
    assert failed.stdout.splitlines() == [
        f"{tmp_path / 'missing'}: no such file or folder",
        f"{bad}:1: players: must be a whole number, got the text 'many'",
    ]


def test_locale_files_are_checked_against_english(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    english = write(locales / "en" / "area.yaml", "title: New game\nturn: \"{name}'s turn\"\n"
                                                   "group:\n  left: \"{count} left\"\n  gone: Gone\n"
                                                   "lines: [One, Two]\n")
    good = write(locales / "fr" / "area.yaml", "title: Nouvelle partie\nturn: \"À {name} de jouer\"\n"
                                               "group:\n  left: \"{count} restantes\"\n  gone: Parti\n"
                                               "lines: [Un, Deux]\n")
    bad = write(locales / "it" / "area.yaml", "title: Nuova partita\nturn: \"Tocca a {nome}\"\n"
                                              "group:\n  left: \"{count} rimaste\"\n  extra: Di troppo\n"
                                              "lines: [Uno]\n")
    code, out = check(capsys, locales)
    assert code == 1
    assert f"ok  {english} (locale)" in out and f"ok  {good} (locale)" in out
    assert [line for line in out if line.startswith(str(bad))] == [
        f"{bad}:2: turn: the placeholders {{nome}} differ from English's {{name}}",
        f"{bad}:3: group.gone: missing: English has this key (line 5 of en/area.yaml)",
        f"{bad}:5: group.extra: English has no such key",
        f"{bad}:6: lines: has 1 lines where English has 2",
    ]


def test_a_locale_file_must_be_a_mapping_of_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    locales = tmp_path / "config" / "locales"
    write(locales / "en" / "area.yaml", "title: New game\nlines: [a, b]\n")
    listed = write(locales / "nl" / "area.yaml", "- Nieuw spel\n- Regels\n")
    empty = write(locales / "pt" / "area.yaml", "# nada\n")
    odd = write(locales / "fr" / "area.yaml", "title: [[Nouvelle], partie]\nlines: Un\n")
    braces = write(locales / "it" / "area.yaml", "title: \"Nuova {partita\"\nlines: [a, b]\n")
    alone = write(locales / "it" / "other.yaml", "title: Solo\n")
    broken = write(locales / "nl" / "other.yaml", "title: [Nieuw\n")
    code, out = check(capsys, locales)
    assert code == 1
    assert f"{listed}:1: must be a mapping of keys to words, got a list of 2 items" in out
    assert f"{empty}:1: must be a mapping of keys to words, got nothing (null)" in out
    assert f"{odd}:1: title: must be words, a list of words or a mapping, got a list of 2 items" in out
    assert f"{odd}:2: lines: English has a list of 2 lines here" in out
    assert any(line.startswith(f"{braces}:1: title: is not a valid format string (") for line in out)
    assert f"{alone}: English has no en/other.yaml file, so none of these words would be used" in out
    assert any(line.startswith(f"{broken}:") and "YAML syntax error" in line for line in out)
    assert not any("Traceback" in line for line in out)


def test_a_placeholder_missing_from_a_translation_is_named(tmp_path: Path) -> None:
    from game.config import load_locale_file
    write(tmp_path / "locales" / "en" / "area.yaml", "chips: \"{name} has {count} chips\"\nplain: Hello\n")
    fr = write(tmp_path / "locales" / "fr" / "area.yaml", "chips: \"{name} a des jetons\"\nplain: \"Salut {name}\"\n")
    with pytest.raises(ConfigError) as raised:
        load_locale_file(fr)
    assert raised.value.problems == [
        f"{fr}:1: chips: the placeholders {{name}} differ from English's {{count}}, {{name}}",
        f"{fr}:2: plain: the placeholders {{name}} differ from English's none",
    ]
    english = load_locale_file(tmp_path / "locales" / "en" / "area.yaml")
    assert english == {"chips": "{name} has {count} chips", "plain": "Hello"}


# --- words no screen can show, and words too long to show -----------------------------------------------------

@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_nul_in_a_rules_description_is_refused_at_its_line_in_every_language(
        code: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "nul.yaml", 'name: Nul rules\ndescription: "bad\\0text"\n')
    assert main(["--lang", code, "check-config", str(path)]) == 1
    why = tr("rules_file.control_character", code="U+0000")
    assert capsys.readouterr().out.splitlines() == [f"{path}:2: description: {why}"]
    assert "U+0000" in why and (code == "en" or why != english("rules_file.control_character", code="U+0000"))


@pytest.mark.parametrize("text, code", [("bell\\a", "U+0007"), ("escape\\e[2J", "U+001B"), ("delete\\x7f", "U+007F"),
                                        ("next line\\x85here", "U+0085"),
                                        ("return\\rhere", "U+000D")])
def test_every_control_character_in_a_rules_name_is_refused(text: str, code: str, capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "odd.yaml", f'name: "{text}"\n')
    code_, out = check(capsys, path)
    assert code_ == 1 and out == [f"{path}:1: name: must be text that can be shown: it holds the control "
                                  f"character {code}"]


def test_a_tab_in_a_rules_name_or_description_is_read_as_a_space(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "tabs.yaml", 'name: "Tab\\there"\ndescription: "one\\ttwo"\n')
    assert check(capsys, path)[0] == 0  # a file written before control characters were refused loads as it did
    rules = load_rules(path)
    assert rules.name == "Tab here" and rules.description == "one two"


def test_a_nul_in_a_characters_name_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shipped = (CONFIG_DIR / "personalities" / "pip.yaml").read_text(encoding="utf-8")
    path = write(tmp_path / "personalities" / "pip.yaml", shipped.replace("name: Pip Hartley", 'name: "Pip\\0Hartley"'))
    code, out = check(capsys, path)
    assert code == 1 and out == [f"{path}:3: name: must be text that can be shown: it holds the control character "
                                 "U+0000"]


def test_a_nul_in_a_campaign_venues_rules_file_is_refused_at_its_line(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    shipped = (CONFIG_DIR / "campaign.yaml").read_text(encoding="utf-8")
    first = shipped.index("    rules: ")
    line = shipped.count("\n", 0, first) + 1
    end = shipped.index("\n", first)
    path = write(tmp_path / "campaign" / "nul.yaml", f'{shipped[:first]}    rules: "x\\0y.yaml"{shipped[end:]}')
    shutil.copytree(CONFIG_DIR / "road", tmp_path / "campaign" / "road")  # the rules files the other venues name
    code, out = check(capsys, path)  # not "the campaign loader failed: ValueError: embedded null byte"
    assert code == 1 and out == [f"{path}:{line}: venues[1].rules: must be text that can be shown: it holds the "
                                 "control character U+0000"]


def test_a_combination_named_with_a_control_character_is_refused(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "piles.yaml",
                 'name: Piles\ncombinations:\n  - {name: "Matri\\x1bmony", cards: [KD, QD]}\n')
    code, out = check(capsys, path)
    assert code == 1 and len(out) == 1 and out[0].startswith(f"{path}:3: combinations:")
    assert "control character U+001B" in out[0]


def test_a_900_kb_description_and_a_long_name_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    words = ("word " * 180_000).strip()
    path = write(tmp_path / "rules" / "long.yaml", f"name: {'N' * 121}\ndescription: {words}\n"
                 f"combinations:\n  - {{name: {'M' * 41}, cards: [KD, QD]}}\n")
    code, out = check(capsys, path)
    assert code == 1 and out == [
        f"{path}:1: name: must be at most 120 characters, got 121",
        f"{path}:2: description: must be at most 600 characters, got {len(words)}",
        f"{path}:4: combinations: combination 1, name: must be at most 40 characters, got 41",
    ]


def test_the_longest_name_and_description_the_editor_writes_still_load(tmp_path: Path) -> None:
    path = write(tmp_path / "rules" / "mine.yaml", f"name: {'N' * 120}\ndescription: {'d' * 600}\n")
    assert load_rules(path).name == "N" * 120


def test_new_game_lists_such_a_file_as_one_that_will_not_load_and_draws_it(tmp_path: Path) -> None:
    write(tmp_path / "rules" / "nul.yaml", 'name: Nul rules\ndescription: "bad\\0text"\n')
    write(tmp_path / "rules" / "long.yaml", f"name: Long\ndescription: {'word ' * 180_000}\n")
    app = make_app(tmp_path)
    app.scenes.push("new_game")
    scene = top(app, NewGameScene)
    mine = {entry.path.name: entry for entry in scene.entries if entry.path.parent == tmp_path / "rules"}
    assert mine.keys() == {"nul.yaml", "long.yaml"} and all(entry.rules is None for entry in mine.values())
    chosen = scene.rules_index
    for index, entry in enumerate(scene.entries):
        if entry in mine.values():  # its note drawn as if chosen: its problem, in words any font draws
            scene.rules_index = index
            frames(app, 1)
    scene.rules_index = chosen
    frames(app, 1)
    top(app, NewGameScene)


def test_a_folder_that_cannot_be_read_is_said_so_not_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "rules" / "a.yaml", "name: A\n")
    deny(monkeypatch, tmp_path)
    code = main(["check-config", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1 and out.splitlines() == [f"{tmp_path}: cannot be read ({os.strerror(13)})"]
    assert err.splitlines() == ["nothing was checked: 1 folder could not be read (see above)"]


def test_a_subfolder_that_cannot_be_read_is_said_and_the_rest_checked(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    good = write(tmp_path / "rules" / "a.yaml", "name: A\n")
    write(tmp_path / "locked" / "b.yaml", "name: B\n")
    deny(monkeypatch, tmp_path / "locked")
    code, out = check(capsys, tmp_path)
    assert code == 1 and out == [f"{tmp_path / 'locked'}: cannot be read ({os.strerror(13)})", f"ok  {good} (rules)"]
