"""The menu scenes driven headless: random input, keyboard reach, settings that stick, broken rules files."""

from __future__ import annotations

import dataclasses
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import click, empty_table, frames, fuzz, key, make_app, text_words, top

from game.app.app import App
from game.app.canvas import Canvas
from game.app.form import Choice, Form, Slider, Toggle
from game.app.scene import Scene
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.how_to_play import HowToPlayScene, rule_sections
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.app.scenes.trophies import TrophiesScene
from game.app.table.scene import TableScene
from game.app.text import TextCache
from game.app.widgets import PAD_X, Button
from game.config import RULES_DIR, load_rules, rules_by_name
from game.engine.rules import RuleSet
from game.shots.extra import sample_trophy_case
from game.shots.render import table as seated_table
from game.storage.settings import load_settings

FUZZ_FRAMES = 2000


def title_with(app: App, make: Callable[[App], Scene]) -> Callable[[], Scene]:
    """A starter for fuzz: the title with `make(app)` on top, as a player would reach it."""
    def start() -> Scene:
        app.scenes.clear_to(TitleScene(app))
        scene = make(app)
        if not isinstance(scene, TitleScene):
            app.scenes.push(scene)
        return top(app, Scene)
    return start


class Backdrop(Scene):
    """Something for overlays to sit on; with `again`, it puts the overlay back whenever it is left on top."""

    def __init__(self, app: App, again: Callable[[App], Scene] | None = None) -> None:
        super().__init__(app)
        self.again = again

    def update(self, dt: float) -> None:
        if self.again is not None and self.app.scenes.top is self:
            self.app.scenes.push(self.again(self.app))

    def draw(self, surface: Canvas) -> None:
        surface.fill((20, 80, 50))


def over_backdrop(app: App, make: Callable[[App], Scene]) -> Callable[[], Scene]:
    def start() -> Scene:
        app.scenes.clear_to(Backdrop(app, make))
        app.scenes.push(make(app))
        return top(app, Scene)
    return start


SCENES: dict[str, Callable[[App], Callable[[], Scene]]] = {
    "title": lambda app: title_with(app, TitleScene),
    "new_game": lambda app: title_with(app, lambda a: NewGameScene(a, seed=5)),
    "settings": lambda app: title_with(app, SettingsScene),
    "how_to_play": lambda app: title_with(app, HowToPlayScene),
    "statistics": lambda app: title_with(app, StatisticsScene),
    "trophies": lambda app: title_with(app, lambda a: TrophiesScene(a, sample_trophy_case())),
    "pause": lambda app: over_backdrop(app, PauseScene),
    "table": lambda app: title_with(app, lambda a: seated_table(a, 5, 8)),
    "confirm": lambda app: over_backdrop(app, lambda a: ConfirmScene(a, "Really?", "Details.", on_yes=lambda: None)),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_survives_random_input(app: App, name: str) -> None:
    seen = fuzz(app, SCENES[name](app), FUZZ_FRAMES, seed=sum(map(ord, name)))
    assert sum(seen.values()) >= FUZZ_FRAMES - 10


# --- keyboard -------------------------------------------------------------------------------------

def test_every_title_entry_is_reachable_from_the_keyboard(app: App) -> None:
    app.scenes.push(TitleScene(app))
    app.step(0.0)
    reached = []
    for steps in range(8):  # New game, Campaign, Daily deal, Settings, How to play, Statistics, Replays, then Quit
        for _ in range(steps):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        reached.append(type(app.scenes.top).__name__)
        if isinstance(app.scenes.top, TitleScene):
            break
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, TitleScene)
        app.scenes.top.menu.focus = 0
    assert reached[:7] == ["NewGameScene", "CampaignSlotsScene", "DailyScene", "SettingsScene", "HowToPlayScene",
                           "StatisticsScene", "ReplaysScene"]
    assert not app.running  # the eighth entry is Quit, and nothing was in progress: no question asked


def test_title_shortcut_letters_and_escape(app: App) -> None:
    app.scenes.push(TitleScene(app))
    for letter, scene in ((pygame.K_s, SettingsScene), (pygame.K_h, HowToPlayScene), (pygame.K_t, StatisticsScene),
                          (pygame.K_n, NewGameScene)):
        key(app, letter)
        assert isinstance(app.scenes.top, scene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_ESCAPE)  # first Esc moves to Quit ...
    assert app.running
    key(app, pygame.K_ESCAPE)  # ... the second asks rather than quits
    assert app.running and isinstance(app.scenes.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # Esc again says no
    assert app.running and isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # a hasty Enter takes the safe answer
    assert app.running and isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)  # yes quits
    assert not app.running


def test_the_window_close_still_quits_at_once_from_the_title_and_its_question(app: App) -> None:
    app.scenes.push(TitleScene(app))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(0.0)
    assert not app.running  # the window's X is meant: it never asks when nothing would be lost


def test_pause_menu_keys(app: App) -> None:
    app.scenes.push(Backdrop(app))
    app.scenes.push(PauseScene(app))
    key(app, pygame.K_s)
    assert isinstance(app.scenes.top, SettingsScene) and app.scenes.top.overlay
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)
    assert isinstance(app.scenes.top, HowToPlayScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Esc toggles the pause off
    assert isinstance(app.scenes.top, Backdrop)


def test_how_to_play_pages_by_keyboard_and_fits_the_rules_in_play(app: App) -> None:
    michigan = load_rules(RULES_DIR / "michigan.yaml")
    scene = HowToPlayScene(app, michigan)
    app.scenes.push(scene)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert scene.index == 3
    key(app, pygame.K_UP)
    assert scene.index == 2
    words = " ".join(" ".join(section.paragraphs) for section in scene.sections)
    assert "buy the dead hand for 4 chips" in words and "A♠, K♠, Q♠, J♠" in words
    classic = " ".join(" ".join(s.paragraphs) for s in rule_sections(RuleSet()))
    assert "these rules do not" in classic


def test_how_to_play_covers_every_topic() -> None:
    titles = [section.title for section in rule_sections(RuleSet())]
    for topic in ("Setting up", "Antes and boodle cards", "Leading and runs", "Stops", "Leading after a stop",
                  "Boodle wins", "Going out and payments", "These rules"):
        assert topic in titles
    optional = rule_sections(RuleSet(follow="optional", switch_suit=False))
    text = " ".join(" ".join(s.paragraphs) for s in optional)
    assert "declined" in text and "any suit" in text


# --- settings -------------------------------------------------------------------------------------

def test_settings_change_at_once_and_persist_across_apps(tmp_path: Path) -> None:
    first = make_app(tmp_path)
    scene = SettingsScene(first)
    first.scenes.push(scene)
    first.step(0.0)
    key(first, pygame.K_LEFT)  # master volume 0.8 -> 0.7
    assert first.settings.master_volume == pytest.approx(0.7)
    assert first.assets.master_volume == pytest.approx(0.7)
    for _ in range(3):  # past the effects and the music volumes
        key(first, pygame.K_DOWN)
    key(first, pygame.K_RETURN)  # mute on
    key(first, pygame.K_DOWN)
    key(first, pygame.K_RIGHT)  # animation speed normal -> fast
    key(first, pygame.K_DOWN)
    for _ in range(12):
        key(first, pygame.K_LEFT)  # chattiness down to silent
    key(first, pygame.K_PAGEDOWN)  # the Comfort page, its first tab focused
    key(first, pygame.K_DOWN)
    key(first, pygame.K_RIGHT)  # text size 100% -> 125%
    for _ in range(2):  # past card size
        key(first, pygame.K_DOWN)
    key(first, pygame.K_SPACE)  # four-colour deck on
    for _ in range(3):  # past high contrast and reduced motion
        key(first, pygame.K_DOWN)
    key(first, pygame.K_RETURN)  # pause after each stop on
    expected = first.settings
    assert (expected.muted, expected.animation_speed, expected.pause_after_stop, expected.chattiness,
            expected.four_colour_deck, expected.text_size) == (True, "fast", True, 0.0, True, 125)
    assert first.assets.effects_level == 0.0
    first.scenes.close()
    second = make_app(tmp_path)
    assert second.settings == expected
    assert load_settings(tmp_path) == (expected, None)


def test_dragging_a_slider_writes_the_file_once_on_release(app: App, tmp_path: Path) -> None:
    scene = SettingsScene(app)
    app.scenes.push(scene)
    slider = scene.form.controls[2]  # after the two page tabs
    assert isinstance(slider, Slider)
    track = slider.track
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.x + 5, track.centery), button=1))
    app.step(FRAME := 1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.centerx, track.centery), rel=(1, 0),
                                         buttons=(1, 0, 0)))
    app.step(FRAME)
    assert app.settings.master_volume == pytest.approx(0.5, abs=0.02)
    assert not (tmp_path / "settings.json").exists()  # not written while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.centerx, track.centery), button=1))
    app.step(FRAME)
    assert load_settings(tmp_path)[0].master_volume == pytest.approx(0.5, abs=0.02)


def test_restore_defaults(app: App) -> None:
    scene = SettingsScene(app)
    app.scenes.push(scene)
    key(app, pygame.K_LEFT)
    defaults = [c for c in scene.form.controls if isinstance(c, Button) and c.label == "Restore defaults"][0]
    click(app, defaults.rect.center)
    assert app.settings.master_volume == pytest.approx(0.8)


# --- new game -------------------------------------------------------------------------------------

BROKEN = "name: Broken\nante_boodle: -3\nstaking: sideways\nboodle_cards: [AS, XX]\n"


def test_a_broken_rules_file_shows_its_problems_and_cannot_be_chosen(app: App, tmp_path: Path) -> None:
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "classic.yaml").write_bytes((RULES_DIR / "classic.yaml").read_bytes())
    (rules_dir / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (rules_dir / "binary.yaml").write_bytes(b"\xff\xfe\x00garbage")
    scene = NewGameScene(app, rules_folders=[rules_dir], seed=3)
    app.scenes.push(scene)
    app.step(0.0)
    names = [entry.path.name for entry in scene.entries]
    assert names == ["binary.yaml", "broken.yaml", "classic.yaml"]
    broken = scene.entries[1]
    assert broken.rules is None and any("ante_boodle" in line for line in broken.problems)
    assert any("XX" in line for line in broken.problems) and all(str(rules_dir) not in p for p in broken.problems)
    assert scene.entries[2].rules is not None and scene.rules_index == 2
    row = [c for c in scene.form.controls if getattr(c, "rules_slot", None) == 1][0]
    click(app, row.rect.center)  # choosing it is refused ...
    assert scene.rules_index == 2 and "cannot be used" in scene.flash
    app.draw(app.screen)
    assert "ante_boodle" in text_words(app)  # ... and its problem lines are on screen while it has the focus


def test_no_usable_rules_file_disables_start(app: App, tmp_path: Path) -> None:
    (tmp_path / "only.yaml").write_text(BROKEN, encoding="utf-8")
    scene = NewGameScene(app, rules_folders=[tmp_path], seed=3)
    app.scenes.push(scene)
    app.step(0.0)
    start = [c for c in scene.form.controls if isinstance(c, Button) and c.label == "Start"][0]
    assert scene.rules is None and not start.enabled
    frames(app, 5)


def test_new_game_players_opponents_and_length(app: App) -> None:
    scene = NewGameScene(app, seed=11, locks={})
    app.scenes.push(scene)
    app.step(0.0)
    assert len(scene.characters) >= 3
    empty_table(scene)
    for index in (0, 1, 2, 3):
        scene.toggle(index)
    assert scene.chosen == [0, 1, 2]  # four players: three opponents, the fourth is refused
    players = [c for c in scene.form.controls if isinstance(c, Choice) and c.label == "Players"][0]
    players.adjust(-1)
    assert scene.players == 3 and scene.chosen == [0, 1]
    players.adjust(5)
    assert scene.players == 8
    seats = scene.seats()
    assert len(seats) == 8 and seats[0][1] is None and all(c is not None for _, c in seats[1:])
    scene.random_table()
    assert len(set(scene.chosen)) == min(7, len(scene.characters))
    scene._set_length(1)
    rules, limit, problem = scene.session_rules()
    assert rules is not None and rules.deals is None and limit is None and rules.players == 8
    scene._set_length(2)
    rules, limit, _ = scene.session_rules()
    assert rules is not None and limit == 20 * 60
    scene._set_length(0)
    rules, limit, _ = scene.session_rules()
    assert rules is not None and rules.deals == 10 and limit is None


def test_new_game_keyboard_walks_every_control(app: App) -> None:
    scene = NewGameScene(app, seed=2, locks={})
    app.scenes.push(scene)
    app.step(0.0)
    visited = set()
    for _ in range(len(scene.form.controls) + 2):
        visited.add(scene.form.focus)
        key(app, pygame.K_TAB)
    assert visited == set(range(len(scene.form.controls)))
    empty_table(scene)
    scene.form.focus = 0
    key(app, pygame.K_RETURN)  # seat the first character by keyboard
    assert scene.chosen == [0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert scene.form.focus == 1 + 5  # the grid is navigated in two dimensions


# --- widgets --------------------------------------------------------------------------------------

def test_form_moves_by_direction_and_adjusts_values() -> None:
    changes: list[object] = []
    grid = [Button(pygame.Rect(x * 100, y * 60, 90, 50), f"{x},{y}", lambda: None) for y in range(2) for x in range(3)]
    slider = Slider(pygame.Rect(0, 200, 400, 50), "Volume", 0.5, lambda v, final: changes.append((v, final)))
    toggle = Toggle(pygame.Rect(0, 260, 400, 50), "Mute", False, changes.append)
    choice = Choice(pygame.Rect(0, 320, 400, 50), "Speed", ["a", "b", "c"], 2, changes.append, wrap=False)
    form = Form()
    form.set([*grid, slider, toggle, choice])
    assert form.move(1, 0) and form.focus == 1
    assert form.move(0, 1) and form.focus == 4
    form.focus_on(grid[5])
    assert form.move(0, 1) and form.focused is slider
    slider.adjust(1)
    toggle.adjust(1)
    choice.adjust(1)  # no wrap: stays on the last option
    choice.adjust(-1)
    assert changes == [(0.6, True), True, 1]


def test_menu_tooltip_only_after_keyboard_focus(app: App) -> None:
    scene = TitleScene(app)
    app.scenes.push(scene)
    assert scene.menu.keyboard is False
    key(app, pygame.K_DOWN)
    assert scene.menu.keyboard is True


# --- memory ---------------------------------------------------------------------------------------

@pytest.mark.slow
def test_menu_scenes_do_not_grow_memory_over_frames(app: App) -> None:
    for make in (TitleScene, NewGameScene):
        app.scenes.clear_to(make(app))
        frames(app, 100)
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        frames(app, 300)
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        assert grown < 16_000, f"{make.__name__} grew {grown} bytes over 300 frames"


def test_no_characters_disables_start(app: App) -> None:
    scene = NewGameScene(app, seed=3, characters=[])
    app.scenes.push(scene)
    frames(app, 3)
    start = [c for c in scene.form.controls if isinstance(c, Button) and c.label == "Start"][0]
    assert not start.enabled and "No characters" in start.tooltip
    scene.start()
    assert app.scenes.top is scene


# --- buttons keep their margins ------------------------------------------------------------------------

def fits(text: TextCache, button: Button) -> bool:
    """True when the button's label fits its label box (inside the margins, clear of the keycap) at its size."""
    box = button.label_box(text)
    return text.width(button.label, "bold", button.size) <= box.width and \
        box.left >= button.rect.left + PAD_X and box.right <= button.rect.right - PAD_X


def asking_for(kind: str) -> Callable[[TableScene], bool]:
    """True of a table once it asks the player for a `kind` decision."""
    return lambda table: table.human.kind == kind


def test_the_questions_and_the_rarer_decisions_fit_their_buttons(app: App) -> None:
    buttons: list[Button] = []
    for yes, no in (("Quit anyway", "Keep playing"), ("Leave anyway", "Keep playing"), ("Start new game", "Cancel")):
        confirm = ConfirmScene(app, "Quit?", "Something would be lost.", yes=yes, no=no, on_yes=lambda: None)
        buttons += confirm.menu.buttons
    for rules, kind in ((rules_by_name("michigan"), "buy_dead"),
                        (dataclasses.replace(rules_by_name("classic"), follow="optional"), "follow")):
        table = seated_table(app, 4, 5)
        table = TableScene.seated(app, dataclasses.replace(rules, players=4), table.seats, 5)
        app.scenes.clear_to(table)
        assert table.fast_forward_until(asking_for(kind), 40_000)
        buttons += table.human.buttons
    tight = [f"{b.label!r} in {b.rect.width}px" for b in buttons if not fits(app.text, b)]
    assert len(buttons) >= 8 and not tight
