"""The statistics file and scene, the replay scene and the windowed `replay` command, all headless."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import fuzz, key, top

from game.app.app import App, AppOptions
from game.app.canvas import Canvas
from game.app.scene import Scene, SceneName
from game.app.scenes.replay import ReplayScene
from game.app.scenes.statistics import StatisticsScene, nice_step
from game.replay import Replay, split_deals
from game.shots.extra import render_extra_screenshots, sample_session, sample_statistics
from game.stats import Statistics
from game.storage.saves import SaveData, load_slot, save_slot
from game.storage.statistics_file import load_statistics, record_finished_session, save_statistics, statistics_path

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.jsonl"))
FUZZ_FRAMES = 2000


@pytest.fixture
def app(tmp_path: Path) -> App:
    return App(AppOptions(data_dir=tmp_path, headless=True))


class Backdrop(Scene):
    """Something under the scene under test, so that Esc has somewhere to return to."""

    def draw(self, surface: Canvas) -> None:
        surface.fill((20, 80, 50))


# --- the statistics file ---------------------------------------------------------------------------

def test_statistics_file_round_trip(tmp_path: Path) -> None:
    assert load_statistics(tmp_path).statistics == Statistics() and load_statistics(tmp_path).problem is None
    events = sample_session(3)
    assert record_finished_session(tmp_path, events, 0) is None
    assert record_finished_session(tmp_path, [json.dumps(e) for e in sample_session(4)], 0) is None
    expected = Statistics()
    expected.add_session(events, 0)
    expected.add_session(sample_session(4), 0)
    found = load_statistics(tmp_path)
    assert found.problem is None and found.statistics == expected and found.statistics.sessions == 2
    save_statistics(tmp_path, Statistics())
    assert load_statistics(tmp_path).statistics == Statistics()
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe", b"[]", b'{"version": 99}'])
def test_a_corrupt_statistics_file_is_moved_aside(tmp_path: Path, content: bytes) -> None:
    statistics_path(tmp_path).write_bytes(content)
    found = load_statistics(tmp_path)
    assert found.statistics == Statistics() and found.problem and found.moved_to is not None
    assert found.moved_to.read_bytes() == content and not statistics_path(tmp_path).exists()
    statistics_path(tmp_path).write_bytes(content)
    problem = record_finished_session(tmp_path, sample_session(5), 0)
    assert problem and "kept as" in problem
    assert load_statistics(tmp_path).statistics.sessions == 1
    assert len(list(tmp_path.glob("statistics.json.unreadable-*"))) == 2


def test_a_failed_write_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "file"
    folder.write_text("not a folder")
    assert "could not be saved" in (record_finished_session(folder, sample_session(6), 0) or "")


def test_gridline_steps_are_round() -> None:
    assert [nice_step(s) for s in (0, 7, 40, 95, 480)] == [1, 2, 10, 20, 100]


# --- the statistics scene --------------------------------------------------------------------------

def _over_backdrop(app: App, make: Callable[..., Scene], *args: object) -> Callable[[], Scene]:
    """A fresh stack of just the scene: Esc empties it (or quits), and fuzz starts it again."""
    def start() -> Scene:
        app.scenes.clear_to(make(app, *args))
        return top(app, Scene)
    return start


@pytest.mark.slow
def test_statistics_scene_empty_survives_random_input(app: App) -> None:
    scene = StatisticsScene(app)
    assert scene.empty
    seen = fuzz(app, _over_backdrop(app, StatisticsScene), FUZZ_FRAMES, seed=11)
    assert seen.get("StatisticsScene", 0) > 100


@pytest.mark.slow
def test_statistics_scene_with_data_survives_random_input(app: App) -> None:
    for seed in (1, 2, 3):
        record_finished_session(app.data_dir, sample_session(seed, players=3 + seed % 3), 0)
    scene = StatisticsScene(app)
    assert not scene.empty and scene.stats.sessions == 3 and scene.opponents
    assert len(scene.chart["line"]) == len(scene.stats.chips_over_time)
    plot = scene.chart["plot"]
    assert all(plot.collidepoint(x, y) or y == plot.bottom or x == plot.right for x, y in scene.chart["line"])
    seen = fuzz(app, _over_backdrop(app, StatisticsScene), FUZZ_FRAMES, seed=12)
    assert seen.get("StatisticsScene", 0) > 100


def test_statistics_scene_says_when_the_file_was_bad(app: App) -> None:
    statistics_path(app.data_dir).write_text("{oops")
    scene = StatisticsScene(app)
    assert scene.empty and "kept as" in scene.message
    assert "kept as" in app.notices.words()  # said in the window's notice too, not on one screen only
    app.scenes.push(Backdrop(app))
    app.scenes.push(scene)
    app.step(0.0)
    key(app, pygame.K_ESCAPE)  # the notice first
    assert app.scenes.top is scene and not app.notices.waiting
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, Backdrop)


# --- the replay scene ------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_replay_scene_forwards_and_back_reproduce_the_states(app: App, path: Path) -> None:
    expected = Replay.from_file(path)
    scene = ReplayScene(app, Replay.from_file(path))
    app.scenes.push(Backdrop(app))
    app.scenes.push(scene)
    app.step(0.0)
    assert scene.position == 0 and scene.replay.state == expected.steps[0].state
    for index in range(1, len(expected.steps)):
        key(app, pygame.K_RIGHT)
        assert scene.position == index and scene.replay.state == expected.steps[index].state
    key(app, pygame.K_RIGHT)
    assert scene.position == len(expected.steps) - 1
    for index in range(len(expected.steps) - 2, -1, -1):
        key(app, pygame.K_LEFT)
        assert scene.replay.state == expected.steps[index].state
    key(app, pygame.K_LEFT)
    assert scene.position == 0
    key(app, pygame.K_END)
    assert scene.position == len(expected.steps) - 1
    key(app, pygame.K_HOME)
    assert scene.position == 0


def test_replay_scene_pages_by_deal_and_plays_at_a_pace(app: App) -> None:
    replay = Replay.from_file(GOLDEN[0])
    scene = ReplayScene(app, replay)
    app.scenes.push(Backdrop(app))
    app.scenes.push(scene)
    firsts = [span.first for span in replay.deals]
    for first in firsts:
        key(app, pygame.K_PAGEDOWN)
        assert scene.position == first
    key(app, pygame.K_PAGEDOWN)
    assert scene.position == len(replay.steps) - 1
    key(app, pygame.K_PAGEUP)
    assert scene.position == firsts[-1]
    key(app, pygame.K_PAGEUP)
    assert scene.position == firsts[-2]
    key(app, pygame.K_HOME)
    key(app, pygame.K_SPACE)
    assert scene.playing
    for _ in range(60):
        app.step(0.1)
    assert scene.position == 8  # 6 seconds at 0.7 s a step
    key(app, pygame.K_SPACE)
    where = scene.position
    app.step(5.0)
    assert not scene.playing and scene.position == where
    key(app, pygame.K_END)
    key(app, pygame.K_SPACE)  # from the end, play starts again at the beginning
    assert scene.playing and scene.position == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, Backdrop)


def test_replay_scene_alone_closes_the_app_on_escape(app: App) -> None:
    app.scenes.push(ReplayScene(app, Replay.from_file(GOLDEN[1])))
    key(app, pygame.K_ESCAPE)
    assert not app.running


@pytest.mark.slow
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_replay_scene_survives_random_input(app: App, path: Path) -> None:
    seen = fuzz(app, _over_backdrop(app, ReplayScene, Replay.from_file(path)), FUZZ_FRAMES,
                seed=len(path.stem))
    assert seen.get("ReplayScene", 0) > 100


def test_replay_scene_plays_deal_logs_kept_in_a_save(app: App, tmp_path: Path) -> None:
    logs = split_deals(GOLDEN[0].read_text(encoding="utf-8").splitlines())
    save_slot(tmp_path, "slot-1", SaveData(logs=tuple(logs)))
    kept = load_slot(tmp_path, "slot-1").save
    assert kept is not None and len(kept.logs) == len(logs) > 1
    for index in range(len(kept.logs)):
        scene = ReplayScene.from_deal_logs(app, kept.logs, index)
        app.scenes.clear_to(Backdrop(app))
        app.scenes.push(scene)
        key(app, pygame.K_END)
        assert scene.replay.state.deal == index + 1
        app.draw(app.screen)


@pytest.mark.slow
def test_replay_scene_plays_a_simulated_session(app: App) -> None:
    replay = Replay.from_lines([json.dumps(e) for e in sample_session(21, players=6)])
    scene = ReplayScene(app, replay)
    app.scenes.push(Backdrop(app))
    app.scenes.push(scene)
    while scene.position < len(replay.steps) - 1:
        key(app, pygame.K_RIGHT)
    assert scene.replay.state == replay.steps[-1].state and scene.replay.state.winners is not None


# --- screenshots and the command line --------------------------------------------------------------

@pytest.mark.slow
def test_extra_screenshots_are_written(app: App, tmp_path: Path) -> None:
    paths = render_extra_screenshots(app, tmp_path / "shots")
    assert [p.name for p in paths] == ["11b_statistics_record.png", "11c_trophies.png",
                                       "11d_trophies_locked.png", "13_replay.png", "14_campaign_map.png",
                                       "14d_campaign_unlocked.png", "14e_campaign_unlocked_two.png",
                                       "14b_campaign_roads.png", "14c_campaign_table.png", "15_daily.png",
                                       "15b_daily_house_rules.png", "16_replays.png"]
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in paths)
    assert sample_statistics(2).sessions == 2


HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT,
                          env=HEADLESS, timeout=120)


@pytest.mark.slow
def test_replay_text_mode_still_works() -> None:
    done = run_main("replay", str(ROOT / "tests" / "golden" / "classic_4p_seed7.jsonl"), "--text")
    assert done.returncode == 0, done.stderr
    assert "deal 1," in done.stdout and "run:" in done.stdout and "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_broken_log_exits_1_without_a_window(tmp_path: Path) -> None:
    log = tmp_path / "broken.jsonl"
    lines = GOLDEN[0].read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(lines[:5] + ["{oops"] + lines[5:]), encoding="utf-8")
    done = run_main("--data-dir", str(tmp_path / "data"), "replay", str(log))
    assert done.returncode == 1
    assert "cannot be replayed" in done.stderr and "line 6: not JSON" in done.stderr
    assert "Traceback" not in done.stderr and "pygame" not in done.stdout + done.stderr


def test_a_tied_cut_replays(tmp_path: Path) -> None:
    events = sample_session(9, players=8)
    cuts = [e for e in events if e["type"] == "cut"]
    assert cuts[0]["dealer"] is None and cuts[-1]["dealer"] is not None  # this seed's cut ties first
    replay = Replay.from_lines([json.dumps(e) for e in events])
    assert replay.steps[1].state.dealer is None and replay.steps[2].state.dealer == cuts[-1]["dealer"]


@pytest.mark.filterwarnings("ignore:no fast renderer")
def test_the_replay_command_opens_the_replay_scene(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.cli import main
    opened: list[ReplayScene] = []

    def run(self: App, first: SceneName, **options: Any) -> None:  # the loop itself would wait for a person
        self.scenes.push(first, **options)
        scene = top(self, ReplayScene)
        self.step(1 / 60)
        key(self, pygame.K_ESCAPE)
        assert not self.running
        opened.append(scene)

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["--data-dir", str(tmp_path), "replay", str(GOLDEN[0]), "--deal", "3"]) == 0
    assert opened and opened[0].replay.state.deal == 3 and opened[0].replay.step is not None
    assert opened[0].replay.step.event.type == "deal_start"


def test_a_card_stepped_onto_flies_to_the_board_and_lands(app: App) -> None:
    from game.app.scenes.replay import FLIGHT
    replay = Replay.from_file(GOLDEN[0])
    scene = ReplayScene(app, replay)
    app.scenes.push(scene)
    play = next(i for i, step in enumerate(replay.steps) if step.event.type == "play")
    scene.seek(play - 1)
    key(app, pygame.K_RIGHT)
    played = replay.steps[play].event
    assert played.type == "play" and scene.flight_card() == str(played.card) and scene.flight < FLIGHT
    app.step(FLIGHT)
    assert scene.flight == FLIGHT
    key(app, pygame.K_LEFT)
    assert scene.flight == FLIGHT  # going back jumps, it does not fly


def test_the_records_columns_all_speak_from_the_players_side_and_say_what_they_count(app: App) -> None:
    """Issue 24: Bert showed "behind 1" beside "+1", two measures with nothing to tell them apart. The columns are
    worded from the player's side ("you behind", "chips to you") and a note under them says what each counts."""
    from app_helpers import text_words

    from game.locale import tr
    from game.stats.statistics import Record
    stats = sample_statistics()
    stats.records = {"bert": Record(sessions=1, behind=1, chips_won=3, chips_lost=2)}  # behind him, yet +1 from him
    app.scenes.clear_to(StatisticsScene(app, stats))
    app.step(1 / 60)
    app.draw(app.screen)
    drawn = text_words(app)
    assert "you behind" in drawn and "chips to you" in drawn and "+1" in drawn
    assert tr("statistics.against_note") in drawn
    assert "fewer chips than them" in drawn and "what they paid you" in drawn
