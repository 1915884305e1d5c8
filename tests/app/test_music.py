"""The music: the committed pieces (seamless loops, the manifest the tool checks), the player's fades, levels and
silent fallbacks, the music volume setting, and the click every button makes."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import make_app

from game.app import music as music_module
from game.app.assets import ASSETS_DIR, init_mixer
from game.app.form import Choice, Form, Slider, Tile, Toggle
from game.app.music import DUCK, FADE_IN, FADE_OUT, Music
from game.app.scene import Scene
from game.app.scenes.settings import MAX_ROWS, ROW_GAP, ROW_H, SettingsScene
from game.app.widgets import Button, Menu, on_press
from game.storage.settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]
MUSIC_DIR = ASSETS_DIR / "music"
MANIFEST = json.loads((MUSIC_DIR / "manifest.json").read_text(encoding="utf-8"))
LOOPS = [name for name, entry in MANIFEST["tracks"].items() if entry["loop"]]


# --- a mixer that records what the player asks of it -------------------------------------------------------

class FakeChannel:
    def __init__(self) -> None:
        self.volume = 1.0
        self.played: list[Any] = []

    def set_volume(self, value: float) -> None:
        self.volume = value

    def play(self, sound: Any) -> None:
        self.played.append(sound)


class FakeSound:
    def __init__(self, path: Path) -> None:
        if not Path(path).is_file():
            raise FileNotFoundError(path)
        self.path = Path(path)

    def get_length(self) -> float:
        return 3.0


class FakeMixer:
    """Stands in for pygame.mixer.music (and the sting's Sound and Channel): every call is written down."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.volume = 1.0
        self.loaded: str | None = None
        self.damaged: set[str] = set()
        self.channel = FakeChannel()

    def load(self, path: Path) -> None:
        if Path(path).name in self.damaged or not Path(path).is_file():
            raise pygame.error(f"could not open {Path(path).name}")
        self.loaded = Path(path).stem
        self.calls.append(("load", self.loaded))

    def play(self, loops: int = 0) -> None:
        self.calls.append(("play", loops))

    def set_volume(self, value: float) -> None:
        self.volume = value

    def stop(self) -> None:
        self.calls.append(("stop", self.loaded))

    def unload(self) -> None:
        self.loaded = None


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> FakeMixer:
    fake = FakeMixer()
    for name in ("load", "play", "set_volume", "stop", "unload"):
        monkeypatch.setattr(pygame.mixer.music, name, getattr(fake, name))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    monkeypatch.setattr(pygame.mixer, "set_reserved", lambda count: count)
    monkeypatch.setattr(pygame.mixer, "Channel", lambda index: fake.channel)
    return fake


def run(player: Music, seconds: float, step: float = 0.05) -> None:
    for _ in range(math.ceil(seconds / step)):
        player.update(step)


# --- the player ---------------------------------------------------------------------------------------------

def test_the_first_track_fades_in_from_silence(mixer: FakeMixer) -> None:
    player = Music(master_volume=1.0, music_volume=0.5)
    player.play("title")
    assert mixer.calls == [("load", "title"), ("play", -1)] and mixer.volume == 0.0
    run(player, FADE_IN / 2)
    assert 0.1 < mixer.volume < 0.4
    run(player, FADE_IN)
    assert mixer.volume == pytest.approx(0.5)


def test_a_new_track_comes_in_only_once_the_old_one_has_faded_out(mixer: FakeMixer) -> None:
    player = Music(music_volume=1.0)
    player.play("title")
    run(player, FADE_IN + 0.1)
    mixer.calls.clear()
    player.play("table")
    player.play("table")  # asked every frame: still one change
    run(player, FADE_OUT / 2)
    assert mixer.calls == [] and 0.2 < mixer.volume < 0.8  # the title is still fading
    run(player, FADE_OUT)
    assert mixer.calls[:3] == [("stop", "title"), ("load", "table"), ("play", -1)]
    assert player.playing == "table" and mixer.volume < 0.5
    run(player, FADE_IN + 0.1)
    assert mixer.volume == pytest.approx(1.0)
    player.play(None)  # a scene that keeps whatever plays
    run(player, 1.0)
    assert player.playing == "table" and mixer.loaded == "table"


def test_turning_back_while_fading_out_fades_the_same_track_back_in(mixer: FakeMixer) -> None:
    player = Music(music_volume=1.0)
    player.play("title")
    run(player, FADE_IN + 0.1)
    player.play("table")
    run(player, FADE_OUT / 2)
    player.play("title")
    run(player, FADE_IN + 0.1)
    assert [call for call in mixer.calls if call[0] == "load"] == [("load", "title")]
    assert mixer.volume == pytest.approx(1.0)


@pytest.mark.parametrize("change", [{"music_volume": 0.0}, {"master_volume": 0.0}, {"muted": True}])
def test_no_music_volume_or_mute_silences_the_music_at_once(mixer: FakeMixer, change: dict[str, Any]) -> None:
    player = Music()
    player.apply_settings(Settings())
    player.play("table")
    run(player, FADE_IN + 0.1)
    assert mixer.volume == pytest.approx(Settings().master_volume * Settings().music_volume)
    player.apply_settings(dataclasses.replace(Settings(), **change))
    assert player.level == 0.0 and mixer.volume == 0.0  # no frame needed
    player.sting("win")
    assert mixer.channel.played == []


def test_the_win_sting_plays_at_the_music_level_and_the_music_ducks_under_it(mixer: FakeMixer) -> None:
    player = Music(master_volume=0.5, music_volume=0.8)
    player.play("title")
    run(player, FADE_IN + 0.1)
    player.sting("win")
    assert len(mixer.channel.played) == 1 and mixer.channel.played[0].path.name == "win.ogg"
    assert mixer.channel.volume == pytest.approx(0.4)
    assert mixer.volume == pytest.approx(0.4 * DUCK)
    run(player, 3.0 + 1.0)  # the sting's length, then the rise
    assert mixer.volume == pytest.approx(0.4)
    with pytest.raises(KeyError):
        player.sting("fanfare")
    with pytest.raises(KeyError):
        player.play("disco")


def test_missing_music_is_said_once_and_the_game_plays_on_silently(mixer: FakeMixer, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    player = Music(tmp_path)
    warnings = capsys.readouterr().err.strip().splitlines()
    assert len(warnings) == 1 and "title" in warnings[0] and "table" in warnings[0] and "win" in warnings[0]
    player.play("title")
    run(player, 2.0)
    player.play("table")
    run(player, 2.0)
    player.sting("win")
    assert mixer.calls == [] and mixer.channel.played == [] and player.playing is None


def test_a_damaged_track_is_said_once_and_skipped(mixer: FakeMixer, capsys: pytest.CaptureFixture[str]) -> None:
    mixer.damaged.add("table.ogg")
    player = Music()
    capsys.readouterr()
    player.play("table")
    player.play("title")
    run(player, 1.0)
    player.play("table")
    run(player, 3.0)
    assert "table.ogg would not play" in capsys.readouterr().err
    assert player.playing is None and ("load", "table") not in mixer.calls


def test_without_a_mixer_the_player_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("pygame.mixer.music used with no mixer")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer.music, "load", refuse)
    player = Music()
    player.play("title")
    run(player, 2.0)
    player.sting("win")
    player.apply_settings(Settings(muted=True))
    assert not player.audio and player.playing is None
    assert not Music(audio=False).audio


# --- the app: tracks follow the screen, volume follows the settings ----------------------------------------

class Quiet(Scene):
    """A scene that asks for no music of its own."""

    music = None


class AtTable(Scene):
    """A stand-in for the table: it asks for the table's music."""

    music = "table"


def test_the_app_plays_the_track_the_bottom_scene_asks_for(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.step(0.0)
        assert app.music.wanted == "title"
        app.scenes.push(AtTable(app))
        app.step(0.0)
        assert app.music.wanted == "table"
        over = app.scenes.push("settings", over_table=True)  # an overlay: the table's music goes on
        app.step(0.0)
        assert over.overlay and app.music.wanted == "table"
        app.scenes.pop()
        app.scenes.push(Quiet(app))
        app.step(0.0)
        assert app.music.wanted == "table"
        app.scenes.clear_to("title")
        app.step(0.0)
        assert app.music.wanted == "title"
        app.change_settings(dataclasses.replace(app.settings, music_volume=0.25, master_volume=1.0),
                            remember=False)
        assert app.music.level == pytest.approx(0.25)
    finally:
        app.scenes.close()


# --- the setting --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["loud", True, None, 1.5, -0.1, [0.5], float("nan")])
def test_an_unusable_music_volume_takes_its_default(tmp_path: Path, bad: Any) -> None:
    data = {"music_volume": bad, "effects_volume": 0.3}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(effects_volume=0.3) and settings.music_volume == 0.6
    assert problem is not None


def test_the_music_volume_is_kept_and_cleaned(tmp_path: Path) -> None:
    save_settings(tmp_path, Settings(music_volume=0.3))
    assert load_settings(tmp_path) == (Settings(music_volume=0.3), None)
    assert Settings(music_volume=7).clean().music_volume == 1.0
    assert Settings(music_volume="x").clean().music_volume == 0.6  # type: ignore[arg-type]


def test_the_music_row_changes_the_music_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        scene = SettingsScene(app)
        app.scenes.push(scene)
        row = scene.form.controls[4]  # after the two page tabs
        assert isinstance(row, Slider) and row.label == "Music volume"
        scene.form.focus_on(row)
        for _ in range(2):
            scene.form.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
        assert app.settings.music_volume == pytest.approx(0.4) and app.music.music_volume == pytest.approx(0.4)
        assert load_settings(tmp_path)[0].music_volume == pytest.approx(0.4)
    finally:
        app.scenes.close()


def test_every_page_of_settings_rows_fits_between_the_tabs_the_buttons_and_the_hint(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        scene = SettingsScene(app)
        app.scenes.push(scene)
        for page in (0, 1):
            scene.show_page(page)
            rows = [c for c in scene.form.controls if not isinstance(c, Button)]
            tabs = [c for c in scene.form.controls if isinstance(c, Button) and c.rect.y < rows[0].rect.y]
            buttons = [c for c in scene.form.controls if isinstance(c, Button) and c not in tabs]
            first = rows[0].rect
            last_row_bottom = first.y + MAX_ROWS * (ROW_H + ROW_GAP) - ROW_GAP
            assert len(tabs) == 2 and all(tab.rect.bottom <= first.top for tab in tabs)
            assert len(rows) <= MAX_ROWS
            assert all(b.rect.top >= last_row_bottom + 8 for b in buttons)
            assert all(b.rect.bottom <= scene.panel.bottom - 8 for b in buttons)
            assert scene.panel.bottom <= app.screen.get_height() - 36  # the hint bar's line is below
            assert all(a.rect.bottom <= b.rect.top for a, b in zip(rows, rows[1:]))
    finally:
        app.scenes.close()


# --- every press clicks once ------------------------------------------------------------------------------------

@pytest.fixture
def clicks() -> Iterator[list[int]]:
    heard: list[int] = []
    on_press(lambda: heard.append(1))
    yield heard
    on_press(None)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0)


def press_at(rect: pygame.Rect) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)


def test_a_menu_button_clicks_once_by_mouse_enter_or_hotkey(clicks: list[int]) -> None:
    done: list[str] = []
    menu = Menu()
    menu.set([Button(pygame.Rect(0, 0, 100, 40), "A", lambda: done.append("a"), hotkey=pygame.K_a),
              Button(pygame.Rect(0, 50, 100, 40), "B", lambda: done.append("b"), enabled=False)])
    for event in (press_at(menu.buttons[0].rect), key(pygame.K_RETURN), key(pygame.K_a)):
        menu.handle_event(event)
    menu.handle_event(press_at(menu.buttons[1].rect))  # disabled: neither runs nor clicks
    menu.handle_event(key(pygame.K_DOWN))  # moving the focus is not a press
    assert done == ["a", "a", "a"] and len(clicks) == 3


def test_form_controls_click_once_when_pressed_and_sliders_do_not(clicks: list[int]) -> None:
    changed: list[object] = []
    toggle = Toggle(pygame.Rect(0, 0, 300, 40), "T", False, changed.append)
    choice = Choice(pygame.Rect(0, 50, 300, 40), "C", ["x", "y"], 0, changed.append, wrap=False)
    slider = Slider(pygame.Rect(0, 100, 300, 40), "S", 0.5, lambda value, final: changed.append(value))
    tile = Tile(pygame.Rect(0, 150, 300, 40), lambda: changed.append("tile"), lambda *args: None)
    button = Button(pygame.Rect(0, 200, 300, 40), "B", lambda: changed.append("button"), hotkey=pygame.K_b)
    form = Form()
    form.set([toggle, choice, slider, tile, button])
    form.handle_event(key(pygame.K_RETURN))  # toggle on
    form.handle_event(press_at(toggle.rect))  # and off
    form.handle_event(key(pygame.K_RIGHT))  # and on
    assert len(clicks) == 3
    form.focus_on(choice)
    form.handle_event(key(pygame.K_RIGHT))  # x -> y
    form.handle_event(key(pygame.K_RIGHT))  # already the last: no change, no click
    assert len(clicks) == 4
    form.focus_on(slider)
    form.handle_event(key(pygame.K_LEFT))
    assert len(clicks) == 4  # a slider's own sound (if any) is its owner's
    form.handle_event(press_at(tile.rect))
    form.handle_event(key(pygame.K_b))
    assert len(clicks) == 6 and changed[-2:] == ["tile", "button"]


def test_settings_mute_clicks_once_through_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    played: list[str] = []
    monkeypatch.setattr(app.assets, "play", lambda name, volume=1.0: played.append(name))
    try:
        scene = SettingsScene(app)
        app.scenes.push(scene)
        mute = scene.form.controls[5]  # after the two page tabs
        assert isinstance(mute, Toggle) and not app.settings.muted
        scene.form.handle_event(press_at(mute.rect))
        assert app.settings.muted and played == ["click"]
        back = scene.form.controls[-2]
        assert isinstance(back, Button)
        scene.form.handle_event(press_at(back.rect))
        assert played == ["click", "click"] and app.scenes.top is not scene
    finally:
        app.scenes.close()
        on_press(None)


# --- the committed pieces ------------------------------------------------------------------------------------------

def test_the_manifest_describes_the_committed_files() -> None:
    assert set(MANIFEST["tracks"]) == {*music_module.TRACKS, *music_module.STINGS}
    total = 0
    for name, entry in MANIFEST["tracks"].items():
        path = MUSIC_DIR / entry["file"]
        data = path.read_bytes()
        total += len(data)
        assert hashlib.sha256(data).hexdigest() == entry["ogg_sha256"], f"{name}: not the file the tool made"
        assert data[:4] == b"OggS" and b"vorbis" in data[:64]
        if entry["loop"]:
            assert entry["seconds"] >= 60, name
        else:
            assert 2 <= entry["seconds"] <= 4, name
        assert abs(entry["frames"] - entry["seconds"] * entry["rate"]) <= entry["rate"] / 1000
    assert total < 3 * 1024 * 1024
    requirements = (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
    assert "soundfile" not in requirements and "numpy" not in requirements


def _decoded(name: str) -> tuple[memoryview, int, int]:
    """The piece as the mixer plays it: its samples, the mixer's rate and channels (skips without a mixer)."""
    if not init_mixer():
        pytest.skip("no mixer to decode Ogg Vorbis with")
    found = pygame.mixer.get_init()
    assert found is not None
    rate, size, channels = found
    if size != -16:
        pytest.skip(f"the mixer runs at {size}-bit samples")
    try:
        raw = pygame.mixer.Sound(MUSIC_DIR / MANIFEST["tracks"][name]["file"]).get_raw()
    except pygame.error as error:
        pytest.skip(f"this pygame cannot decode Ogg Vorbis: {error}")
    return memoryview(raw).cast("h"), rate, channels


def _rms(values: list[int]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values))


@pytest.mark.parametrize("name", LOOPS)
def test_each_loop_goes_round_without_a_seam(name: str) -> None:
    samples, rate, channels = _decoded(name)
    frames = len(samples) // channels
    assert frames == pytest.approx(MANIFEST["tracks"][name]["frames"] * rate / 44100, abs=2)
    near = rate // 2  # half a second either side of where the end meets the start
    for channel in range(channels):
        tail = list(samples[(frames - near) * channels + channel::channels])
        head = list(samples[channel:near * channels:channels])
        round_ = tail + head  # the loop as it plays through its wrap point
        jumps = [abs(b - a) for a, b in zip(round_, round_[1:])]
        wrap = jumps[near - 1]
        inside = jumps[: near - 1] + jumps[near:]
        assert wrap <= max(inside), f"{name}: a jump of {wrap} where the loop wraps"
        assert wrap <= 6 * sum(inside) / len(inside), f"{name}: a click where the loop wraps"
        bends = [abs(c - 2 * b + a) for a, b, c in zip(round_, round_[1:], round_[2:])]  # a kink shows here
        kink = max(bends[near - 2], bends[near - 1])
        assert kink <= 6 * sum(bends) / len(bends), f"{name}: a kink of {kink} where the loop wraps"
        window = rate // 50  # 20 ms
        levels = [_rms(round_[start:start + window]) for start in range(0, len(round_) - window + 1, window // 2)]
        across = _rms(round_[near - window // 2: near + window // 2])
        others = [level for level in levels if level > 0]
        assert min(levels) > 0.004 * 32767, f"{name}: a moment of silence by the wrap"
        assert 0.5 * min(others) <= across <= 2 * max(others), f"{name}: the level jumps at the wrap"


def test_the_sting_is_short_bright_and_ends_in_silence() -> None:
    samples, rate, channels = _decoded("win")
    frames = len(samples) // channels
    assert 2 * rate <= frames <= 4 * rate
    peak = max(abs(v) for v in samples)
    assert 0.3 * 32767 < peak < 32767
    assert max(abs(v) for v in samples[-channels * rate // 100:]) < 0.01 * 32767


def test_the_loops_sit_under_the_effects_and_never_clip() -> None:
    for name in LOOPS:
        samples, rate, channels = _decoded(name)
        every = samples[::97]  # a sample of the samples: plenty for a level, quick in pure Python
        peak = max(abs(v) for v in every)
        rms = _rms(list(every))
        assert peak < 0.9 * 32767, f"{name}: too near full scale"
        assert 10 ** (-30 / 20) * 32767 < rms < 10 ** (-16 / 20) * 32767, f"{name}: RMS {rms:.0f}"


def test_the_music_tool_renders_the_sting_the_manifest_describes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rendering all three pieces takes half a minute on a busy machine, too long for the suite: the sting
    # (a second) goes through the same instruments, room and master; `make_music.py --check` renders the rest.
    if importlib.util.find_spec("numpy") is None:
        pytest.skip("numpy (a tools-only requirement) is not installed")
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "tools" / "make_music.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_music", tool)  # its dataclasses look their module up
    spec.loader.exec_module(tool)
    frames = tool.master(tool.win())
    assert tool.describe("win", frames, None)["pcm_sha256"] == MANIFEST["tracks"]["win"]["pcm_sha256"]
