"""The five languages: every key in every language and used by the code, the same placeholders everywhere, every
scene drawn in every language without a word cut or off the screen, `--lang`, and the settings' switch."""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (dummy video and audio drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app
from rendered import Rendered

import game.locale
from game.app.app import App, AppOptions
from game.locale import LANGUAGES, catalog, tr
from game.storage.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
CODES = sorted(LANGUAGES)
OTHERS = [code for code in CODES if code != "en"]
PLURALS = (".one", ".other")
KEY_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)*\.$")  # the literal start of an f-string key


# --- a. every key in every language ---------------------------------------------------------------------------

def keys(code: str) -> set[str]:
    return set(catalog(code).entries)


def test_every_area_file_reads() -> None:
    for code in CODES:
        assert catalog(code).entries, code
        assert isinstance(catalog(code).entries.get("meta.name"), str), code


@pytest.mark.parametrize("code", OTHERS)
def test_every_key_is_in_every_language(code: str) -> None:
    english, theirs = keys("en"), keys(code)
    missing, extra = sorted(english - theirs), sorted(theirs - english)
    assert not missing and not extra, f"{code}: missing {missing}; not in English {extra}"


@functools.cache
def game_trees() -> tuple[ast.Module, ...]:
    """Every module of game/ parsed, once for this file's tests (which only read the trees)."""
    return tuple(ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in GAME.rglob("*.py"))


@functools.cache
def counted_keys() -> frozenset[str]:
    """Every key the code counts with trn("a.b", n): each needs a.b.one and a.b.other (found once for this file)."""
    found = set()
    for tree in game_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "trn" \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return frozenset(found)


@pytest.mark.parametrize("code", CODES)
def test_counted_keys_have_both_plural_forms(code: str) -> None:
    entries = keys(code)
    lonely = sorted(f"{name}{suffix}" for name in counted_keys() for suffix in PLURALS
                    if f"{name}{suffix}" not in entries)
    assert not lonely, f"{code}: trn() reads these and they are missing: {lonely}"


# --- b. no key unused -----------------------------------------------------------------------------------------

@functools.cache
def code_strings() -> tuple[frozenset[str], frozenset[str]]:
    """Every string literal in game/ and the literal start of every f-string that looks like a key ("stops."),
    found once for this file."""
    literals: set[str] = set()
    prefixes: set[str] = set()
    for tree in game_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                first = node.values[0] if node.values else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and KEY_SHAPE.match(first.value):
                    prefixes.add(first.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
    return frozenset(literals), frozenset(prefixes)


def test_every_key_is_used_by_the_code() -> None:
    literals, prefixes = code_strings()

    def used(name: str) -> bool:
        if name in literals or any(name.startswith(prefix) for prefix in prefixes):
            return True
        for suffix in PLURALS:  # trn("a.b", n) reads a.b.one and a.b.other
            if name.endswith(suffix) and name[:-len(suffix)] in literals:
                return True
        return False
    unused = sorted(name for name in keys("en") if not used(name))
    assert not unused, f"{len(unused)} keys no code reads: {unused}"


def test_the_rule_finds_keys_read_through_code_paths() -> None:
    literals, prefixes = code_strings()
    assert "meta.name" in literals  # the settings list each language by its own name
    assert "cards.ranks" in literals and "cards.suits." in prefixes  # rank letters, suit names by letter


# --- c. placeholders ------------------------------------------------------------------------------------------

def placeholders(text: str) -> set[str]:
    """The {names} of a format string (ValueError when its braces are broken)."""
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text)
            if field is not None}


def test_english_format_strings_are_well_formed() -> None:
    broken = []
    for name, value in catalog("en").entries.items():
        for line in (value if isinstance(value, tuple) else (value,)):
            try:
                placeholders(line)
            except ValueError as error:
                broken.append(f"{name}: {error}")
    assert not broken, broken


@pytest.mark.parametrize("code", OTHERS)
def test_placeholders_and_list_lengths_match_english(code: str) -> None:
    english, theirs = catalog("en").entries, catalog(code).entries
    problems = []
    for name, value in english.items():
        other = theirs.get(name)
        if other is None:
            continue  # reported by test_every_key_is_in_every_language
        if isinstance(value, tuple) != isinstance(other, tuple):
            problems.append(f"{name}: a list in one language, words in the other")
            continue
        if isinstance(value, tuple) and len(value) != len(other):
            problems.append(f"{name}: {len(other)} lines, English has {len(value)}")
        try:
            want = set().union(*(placeholders(v) for v in (value if isinstance(value, tuple) else (value,))))
            got = set().union(*(placeholders(v) for v in (other if isinstance(other, tuple) else (other,))))
        except ValueError as error:
            problems.append(f"{name}: broken braces ({error})")
            continue
        if want != got:
            problems.append(f"{name}: {sorted(got)} where English has {sorted(want)}")
    assert not problems, f"{code}: " + "; ".join(problems)


# --- d. every scene in every language, nothing cut ------------------------------------------------------------

def shoot(app: App) -> None:
    app.draw(app.screen)


def table_story(app: App, players: int, seed: int) -> list[str]:
    """A table of `players` drawn at the cut, staking, leading (with the pause menu and the quit questions over
    it), a stop, the deal summary and the session's results; the moments reached."""
    from game.app.scenes.pause import PauseScene
    from game.shots.render import human_to_lead, play_until, settle, table

    reached = []
    scene = table(app, players, seed, deals=1)
    app.scenes.clear_to(scene)
    settle(app, 0.8)
    shoot(app)
    reached.append("dealing")
    if scene.fast_forward_until(lambda t: t.human.kind == "stake", play_for_human=False):
        for slot in (0, 0, 1):
            scene.human.add_chip(slot)
        settle(app, 0.2)
        shoot(app)
        reached.append("staking")
    if scene.fast_forward_until(lambda t: human_to_lead(t) and len(t.model.board) >= 1):
        settle(app, 0.6)
        shoot(app)
        reached.append("leading")
        pause = PauseScene(app, scene)
        app.scenes.push(pause)
        app.step(1 / 60)
        shoot(app)
        cannot = tr("app.session.cannot_keep")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(app, "keep_session", lambda: cannot)
            pause.quit_to_title()  # "Quit to the title?" over the pause menu
            shoot(app)
            app.scenes.pop()
            app.request_quit()  # "Quit the game?"
            shoot(app)
            app.scenes.pop()
        app.scenes.pop()  # the pause menu
        reached.append("pause")
    if play_until(app, scene, lambda: scene.director.stop_banner_showing(), seconds=30):
        settle(app, 0.3)
        shoot(app)
        reached.append("stop")
    if scene.fast_forward_until(lambda t: t.app.scenes.top is not t):
        settle(app, 0.6)
        shoot(app)
        reached.append("summary")
    if scene.fast_forward_until(lambda t: t.session.over and type(t.app.scenes.top).__name__ == "ResultsScene"):
        settle(app, 0.6)
        shoot(app)
        reached.append("results")
    return reached


def other_scenes(app: App) -> None:
    """What the screenshots leave out: the title with Continue (an 8-player session kept), its every tooltip, every
    how-to-play page, every settings row's help, the statistics empty."""
    from game.app.scenes.how_to_play import HowToPlayScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.statistics import StatisticsScene
    from game.app.scenes.title import TitleScene
    from game.shots.render import table
    from game.storage.resume import save_resume

    kept = table(app, 8, 20243)
    app.scenes.clear_to(kept)
    assert kept.fast_forward_until(lambda t: len(t.model.board) >= 3)
    save_resume(app.data_dir, kept.snapshot())
    title = TitleScene(app)
    app.scenes.clear_to(title)
    assert title.kept is not None
    app.step(1 / 60)
    for focus in range(len(title.menu.buttons)):  # every tooltip
        title.menu.focus, title.menu.keyboard = focus, True
        shoot(app)
    pages = HowToPlayScene(app)
    app.scenes.clear_to(pages)
    for index in range(len(pages.sections)):
        pages.show(index)
        app.step(1 / 60)
        shoot(app)
    settings = SettingsScene(app)
    app.scenes.clear_to(settings)
    for page in (0, 1):  # every row's help, on both pages
        settings.show_page(page)
        for focus in range(len(settings.form.controls)):
            settings.form.focus, settings.form.keyboard = focus, True
            shoot(app)
    app.scenes.clear_to(StatisticsScene(app))
    app.step(1 / 60)
    shoot(app)


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_every_screenshot_fits_in_every_language(code: str, screenshots: dict[str, Rendered]) -> None:
    shots = screenshots[code]
    assert len(shots.paths) == len(screenshots["en"].paths)
    assert not shots.overflows, f"{code}: cut or off the screen: {sorted(shots.overflows)}"
    assert not shots.crossings, f"{code}: words over words: {sorted(shots.crossings)}"


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_every_screenshot_fits_in_every_language_at_the_largest_text_and_cards(
        code: str, large_print_screenshots: dict[str, Rendered], screenshots: dict[str, Rendered]) -> None:
    shots = large_print_screenshots[code]
    assert len(shots.paths) == len(screenshots["en"].paths)
    assert not shots.overflows, f"{code}: cut or off the screen: {sorted(shots.overflows)}"
    assert not shots.crossings, f"{code}: words over words: {sorted(shots.crossings)}"


@pytest.mark.slow
def test_screenshots_write_every_scene(screenshots: dict[str, Rendered]) -> None:
    # drawn once a run (conftest), here beside the other tests that read them (one worker draws them); the
    # command line's own run, and that it draws the same bytes, is the test below
    names = sorted(p.name for p in screenshots["en"].paths)
    assert len(names) >= 8 and all(p.is_file() for p in screenshots["en"].paths)
    for scene in ("title", "new_game", "table_3_players", "table_8_players", "staking", "stop", "deal_summary",
                  "results", "settings", "how_to_play", "statistics", "pause", "deal_log", "tutorial", "your_boodle",
                  "you_went_out", "session_won", "take_back", "relaxed", "auction_bid", "trophies", "trophy_earned"):
        assert any(scene in name for name in names), scene


@pytest.mark.slow
def test_the_readme_picture_is_the_stop_screenshot_as_drawn_today(screenshots: dict[str, Rendered]) -> None:
    # the README shows docs/table.png: a change to how the table looks must refresh it, as the message says
    drawn = next(path for path in screenshots["en"].paths if path.name == "06_stop.png")
    picture = Path(__file__).resolve().parents[2] / "docs" / "table.png"
    assert picture.read_bytes() == drawn.read_bytes(), \
        "docs/table.png is not today's stop: run python main.py screenshots DIR, copy DIR/06_stop.png there"


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_every_shortcut_is_shown_on_its_button_as_the_key_it_is(code: str, screenshots: dict[str, Rendered]) -> None:
    # one set of keys in every language, shown where they work: a button with a hotkey wears its keycap, and a
    # one-letter keycap is that very letter (the initials are the English ones, shown so in every language)
    unshown = sorted(label for label, hotkey, cap in screenshots[code].keycaps if hotkey and not cap)
    wrong = sorted(f"{label} [{cap}] presses {hotkey}" for label, hotkey, cap in screenshots[code].keycaps
                   if hotkey and len(cap) == 1 and cap.lower() != hotkey)
    assert len(screenshots[code].keycaps) > 20 and not unshown and not wrong, (unshown, wrong)


KEY_LETTER = re.compile(r"(?<![\w{\[(])([A-Z])(?=[\s:·,]|$)")  # "P play", "H: hint", "E even"


def test_the_keys_a_hint_names_are_the_same_letters_in_every_language() -> None:
    english = {name: words for name, words in catalog("en").entries.items() if isinstance(words, str)}
    hints = [name for name in english if re.fullmatch(r"[a-z_]+\.(hint\w*|keys\.\w+|controls\.\w+)", name)]
    assert len(hints) > 10
    for code in OTHERS:
        theirs = catalog(code).entries
        for name in hints:
            said = theirs[name]
            assert isinstance(said, str)
            assert sorted(KEY_LETTER.findall(said)) == sorted(KEY_LETTER.findall(english[name])), (code, name)


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en"])
def test_every_button_in_every_screenshot_fits_its_label_with_margins(code: str,
                                                                      screenshots: dict[str, Rendered]) -> None:
    shots = screenshots[code]
    assert len(shots.buttons) > 20 and not shots.tight, sorted(shots.tight)


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_every_scene_fits_at_3_and_8_players(code: str, tmp_path: Path) -> None:
    app = make_app(tmp_path, code)
    try:
        three = table_story(app, 3, 20240)
        eight = table_story(app, 8, 20243)
        other_scenes(app)
        for players, reached in ((3, three), (8, eight)):
            assert {"dealing", "leading", "pause", "summary", "results"} <= set(reached), (players, reached)
        overflows = sorted(app.text.overflows)
    finally:
        app.scenes.close()
    assert not overflows, f"{code}: cut or off the screen: {overflows}"


# --- e. screenshots --lang ------------------------------------------------------------------------------------

def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)


@pytest.mark.slow
def test_screenshots_in_another_language_from_the_command_line(
        tmp_path: Path, screenshots: dict[str, Rendered]) -> None:
    done = run_main("screenshots", str(tmp_path / "nl"), "--lang", "nl")  # the others: `screenshots`, in-process
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    names = sorted(p.name for p in (tmp_path / "nl").glob("*.png"))
    english = {p.name: p for p in screenshots["en"].paths}
    dutch = {p.name: p for p in screenshots["nl"].paths}
    assert names == sorted(english)
    # the same pictures as in-process in Dutch, byte for byte (another process, another data folder: the same build
    # gives the same pictures), and not the English ones
    differing = [name for name in names if (tmp_path / "nl" / name).read_bytes() != dutch[name].read_bytes()]
    assert not differing, differing
    assert (tmp_path / "nl" / "09_settings.png").read_bytes() != english["09_settings.png"].read_bytes()


@pytest.mark.parametrize("argv", [["--lang", "fr", "screenshots", "DIR"], ["screenshots", "DIR", "--lang", "fr"]])
def test_lang_goes_before_or_after_the_screenshots_command(argv: list[str]) -> None:
    from game.cli import build_parser
    assert build_parser().parse_args(argv).lang == "fr"
    assert getattr(build_parser().parse_args(["screenshots", "DIR"]), "lang", None) is None


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["--lang", "xx"], ["screenshots", "DIR", "--lang", "xx"]])
def test_an_unknown_language_is_one_line(argv: list[str], tmp_path: Path) -> None:
    done = run_main(*[str(tmp_path / a) if a == "DIR" else a for a in argv])
    assert done.returncode == 2
    assert done.stderr.strip() == "newmarket: unknown language 'xx'; choose one of en, fr, it, nl, pt"
    assert not (tmp_path / "DIR").exists()


# --- f. the settings switch -----------------------------------------------------------------------------------

def language_row(scene: Any) -> Any:
    from game.app.form import Choice
    from game.app.scenes.settings import language_names
    return next(c for c in scene.form.controls if isinstance(c, Choice) and list(c.options) == language_names())


def test_the_language_changes_at_once_and_is_remembered(tmp_path: Path) -> None:
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.title import TitleScene
    from game.app.widgets import Button

    app = make_app(tmp_path)
    title = TitleScene(app)
    app.scenes.push(title)
    settings = SettingsScene(app)
    app.scenes.push(settings)
    app.step(1 / 60)
    row = language_row(settings)
    assert row.options[row.index] == "English" and "Français" in row.options and "Nederlands" in row.options
    settings.form.focus_on(row)
    for _ in range(list(LANGUAGES).index("fr") - row.index):
        key(app, pygame.K_RIGHT)
    assert app.language == "fr" == game.locale.language()
    back = [c for c in settings.form.controls if isinstance(c, Button)][2]  # after the two page tabs
    assert back.label == "Retour" and language_row(settings).label == "Langue"  # this scene, rebuilt at once
    assert title.menu.buttons[0].label == "Nouvelle partie"  # and the one underneath
    assert app.art.deck(64).ranks[10:] == ("V", "D", "R")  # the court cards wear the French letters
    assert load_settings(tmp_path)[0].language == "fr"
    app.scenes.close()

    again = make_app(tmp_path, None)  # the next start speaks French
    assert again.language == "fr" and again.art.deck(64).ranks[10:] == ("V", "D", "R")
    again.scenes.close()
    dutch = make_app(tmp_path, "nl")  # --lang nl: Dutch for this run only
    assert dutch.language == "nl" and dutch.art.deck(64).ranks[10:] == ("B", "V", "H")
    assert load_settings(tmp_path)[0].language == "fr"
    settings = SettingsScene(dutch)
    dutch.scenes.push(settings)
    row = language_row(settings)
    row.index = list(LANGUAGES).index("it")
    row.adjust(-1)  # back to French, the saved choice: the run still switches
    assert dutch.language == "fr" and load_settings(tmp_path)[0].language == "fr"
    dutch.scenes.close()


def test_set_language_relabels_every_scene_on_the_stack(tmp_path: Path) -> None:
    from game.app.scenes.pause import PauseScene
    from game.app.scenes.title import TitleScene

    app = make_app(tmp_path)
    title, pause = TitleScene(app), PauseScene(app)
    app.scenes.push(title)
    app.scenes.push(pause)
    app.set_language("it")
    assert title.menu.buttons[0].label == "Nuova partita" and pause.menu.buttons[0].label == "Riprendi"
    assert app.settings.language == ""  # App.set_language speaks; only the settings remember
    app.scenes.close()


def test_the_system_language_then_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.locale, "system_language", lambda known: "pt")
    first = make_app(tmp_path, None)
    assert first.language == "pt"
    first.scenes.close()
    (tmp_path / "settings.json").write_text(json.dumps({"language": "klingon"}), encoding="utf-8")
    second = make_app(tmp_path, None)
    assert second.settings.language == "" and second.language == "pt"
    second.scenes.close()
    monkeypatch.setattr(game.locale, "system_language", lambda known: "en")
    assert make_app(tmp_path, None).language == "en"


# --- g. the other tests speak English on any machine ----------------------------------------------------------

def test_tests_run_in_english_on_a_french_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.setenv(name, "fr_FR.UTF-8")
    assert game.locale.language() == "en"
    app = make_app(tmp_path)
    assert app.language == "en" and tr("title.menu.new_game") == "New game"
    app.scenes.close()
    bare = App(AppOptions(data_dir=tmp_path, headless=True))  # as the tests that build their App themselves do
    assert bare.language == "en"
    bare.scenes.close()


def test_plural_forms_count_as_each_language_does() -> None:
    from game.locale import plural_form
    assert [plural_form("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    for code in sorted(set(LANGUAGES) - {"fr"}):  # a new language counts as English does, or says otherwise here
        assert [plural_form(code, n) for n in (0, 1, 2)] == ["other", "one", "other"], code


def test_numbers_are_written_with_the_languages_decimal_point() -> None:
    from game.locale import decimal, set_language
    try:
        set_language("fr")
        assert decimal(0.5) == "0,5" and decimal(12.25, ".1f") == "12,2" and decimal(3) == "3"
        set_language("nl")
        assert decimal(1.5) == "1,5"
    finally:
        set_language("en")
    assert decimal(0.5) == "0.5"


def test_a_language_whose_files_cannot_be_read_falls_back_to_english_with_a_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.locale.catalog import Catalog, LocaleError
    real = Catalog.load

    def damaged(cls: type[Catalog], code: str, *args: Any) -> Catalog:
        if code == "fr":
            raise LocaleError("config/locales/fr/title.yaml: cannot be read (a tab where YAML wants spaces)")
        loaded: Catalog = real(code, *args)
        return loaded

    monkeypatch.setattr(Catalog, "load", classmethod(damaged))
    saved = game.locale._catalogs.pop("fr", None)
    try:
        assert game.locale.set_language("fr") == "en" and tr("meta.name") == "English"
        assert "title.yaml" in (game.locale.load_problem("fr") or "")
        app = make_app(tmp_path, language="fr")
        try:
            assert app.language == "en" and "Français" in app.notices.words() and "title.yaml" in app.notices.words()
        finally:
            app.scenes.close()
    finally:
        game.locale._catalogs.pop("fr", None)
        game.locale._problems.pop("fr", None)
        if saved is not None:
            game.locale._catalogs["fr"] = saved
        game.locale.set_language("en")


def test_dates_are_worded_in_the_language() -> None:
    import datetime as dt

    from game.locale.dates import long_date, saved_date, short_date
    day = dt.date(2026, 11, 29)
    try:
        game.locale.set_language("fr")
        assert short_date(day) == "29 novembre 2026" and long_date(day) == "dimanche 29 novembre 2026"
        game.locale.set_language("nl")
        assert long_date(day) == "zondag 29 november 2026"
        noon = dt.datetime(2026, 11, 29, 12, 0).timestamp()
        assert saved_date(noon) == "29 november 2026"
    finally:
        game.locale.set_language("en")
    assert long_date(day) == "Sunday 29 November 2026"
