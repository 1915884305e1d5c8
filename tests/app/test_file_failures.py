"""Every scene with the disk refusing every write (EPERM, ENOSPC, EROFS), or with a folder of the data folder the
game may not read at all: the player is told or asked, the game never raises, never prints a traceback, and keeps
running.

The writes are refused at the narrowest points every write of the game goes through: opening a file for
writing (`open`, `io.open`, `os.open` with a writing flag), making a temporary file, and renaming or removing
one. Reads still work, so the data folder is first filled by an ordinary session (a kept session, a road with
deals kept), then the game is started again on it with the disk refusing, and driven through its scenes by
their keys as a player would.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import app_helpers  # sets the dummy drivers before pygame starts; its key is pressed below
import pygame
import pytest
from app_helpers import FRAME, instant_app, make_app
from file_traps import deny

from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.scene import Scene
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.high_scores import HighScoresScene
from game.app.scenes.how_to_play import HowToPlayScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.rules_editor.scene import RulesEditorScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.locale import tr

pytestmark = pytest.mark.slow  # whole sessions, three times over

ERRNOS = {"EPERM": errno.EPERM, "ENOSPC": errno.ENOSPC, "EROFS": errno.EROFS}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class RefusingDisk:
    """Every write refused with one errno while installed; counts the refusals."""

    def __init__(self, code: int) -> None:
        self.code = code
        self.refused: list[str] = []

    def refuse(self, what: str, target: object) -> OSError:
        """The error a write of `target` meets, counted."""
        self.refused.append(f"{what} {target}")
        return OSError(self.code, os.strerror(self.code), str(target))

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Patch the writing primitives (restored by monkeypatch at the end of the test)."""
        real_open, real_os_open = io.open, os.open

        def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, int) or not any(flag in mode for flag in "wax+"):
                return real_open(file, mode, *args, **kwargs)
            raise self.refuse("open", file)

        def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if flags & WRITE_FLAGS:
                raise self.refuse("os.open", path)
            return real_os_open(path, flags, *args, **kwargs)

        def refused(what: str) -> Callable[..., Any]:
            def primitive(target: Any = "", *args: Any, **kwargs: Any) -> Any:
                raise self.refuse(what, target)
            return primitive
        monkeypatch.setattr(builtins, "open", open_)
        monkeypatch.setattr(io, "open", open_)
        monkeypatch.setattr(os, "open", os_open)
        monkeypatch.setattr(tempfile, "mkstemp", refused("mkstemp"))
        monkeypatch.setattr(tempfile, "NamedTemporaryFile", refused("NamedTemporaryFile"))
        for name in ("replace", "rename", "unlink", "remove", "rmdir", "mkdir", "truncate"):
            monkeypatch.setattr(os, name, refused(f"os.{name}"))


# --- driving the game as a player does ------------------------------------------------------------------------

def key(app: App, code: int) -> None:
    """A key pressed as a player would: first reading and dismissing the notice over the scene, if one shows (a
    write refused is told in the window)."""
    while app.notices.over(app.scenes.top):
        app_helpers.key(app, pygame.K_RETURN)
    app_helpers.key(app, code)


def frames(app: App, count: int = 3) -> None:
    """A few frames with no input."""
    for _ in range(count):
        app.step(FRAME)


def on_top(app: App, kind: type[Scene]) -> None:
    """The game still runs with a `kind` on top (the journey fails saying what is there instead)."""
    assert app.running, "the game closed on its own"
    assert isinstance(app.scenes.top, kind), f"{type(app.scenes.top).__name__} on top, not {kind.__name__}"


def answer(app: App, yes: bool) -> None:
    """Answer the question on top, if one is asked (a failed write asks before anything is lost)."""
    if isinstance(app.scenes.top, ConfirmScene):
        key(app, pygame.K_y if yes else pygame.K_n)


def play(app: App, decisions: int, *, until: Callable[[App], bool] = lambda app: False,
         max_frames: int = 4000) -> int:
    """Play the table on top: the human's decisions answered by a plain agent (as clicks would), summaries
    closed by Enter, until `decisions` were made or `until(app)`; the decisions made."""
    stand_in, made = LowestAgent(), 0
    for _ in range(max_frames):
        if made >= decisions or until(app):
            break
        top = app.scenes.top
        if isinstance(top, DealSummaryScene):
            frames(app, 40)  # a summary takes a key only after its first half second
            key(app, pygame.K_RETURN)
        elif isinstance(top, TableScene) and top.human.decision is not None:
            decision = top.human.decision
            top.human.clear()
            top.submit(stand_in.decide(top.table.human_view(), decision))
            made += 1
            app.step(FRAME)
        elif isinstance(top, TableScene):
            app.step(FRAME)
        else:
            break
    return made


def to_title_from_table(app: App) -> None:
    """Esc to the pause menu, Quit to title, and leave anyway if asked (the session could not be kept)."""
    for _ in range(3):
        if isinstance(app.scenes.top, DealSummaryScene):  # a deal that just ended: its summary closed first
            frames(app, 40)
            key(app, pygame.K_RETURN)
    on_top(app, TableScene)
    key(app, pygame.K_ESCAPE)
    on_top(app, PauseScene)
    key(app, pygame.K_t)
    answer(app, yes=True)
    on_top(app, TitleScene)


def start_free_game(app: App, deals: int = 1) -> None:
    """Title, New game, a random table of 3 for `deals` deals, Start."""
    on_top(app, TitleScene)
    key(app, pygame.K_n)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.seed = 11
    scene.length, scene.deals_index = 0, deals - 1  # "deals", and the first choices are 1, 2, 3...
    key(app, pygame.K_r)
    start = [c for c in scene.form.controls if getattr(c, "label", "") == "Start"][0]
    scene.form.focus_on(start)
    key(app, pygame.K_RETURN)
    answer(app, yes=True)  # over a kept session
    on_top(app, TableScene)


def open_first_road(app: App) -> CampaignMapScene:
    """Title, Campaign, the first road (started or opened)."""
    key(app, pygame.K_m)
    on_top(app, CampaignSlotsScene)
    key(app, pygame.K_1)
    road = app.scenes.top
    assert isinstance(road, CampaignMapScene)
    frames(app)
    return road


def fill_the_data_folder(folder: Path) -> None:
    """An ordinary evening, with a working disk: a road with a venue played into, a free game kept, and the
    animations set to instant (remembered, so the journey plays at that speed too)."""
    app = instant_app(folder)
    try:
        app.scenes.push(TitleScene(app))
        open_first_road(app)
        key(app, pygame.K_p)
        answer(app, yes=True)
        play(app, 200, until=lambda app: isinstance(app.scenes.top, TableScene)
             and app.scenes.top.session.deal_number >= 3)
        to_title_from_table(app)
        start_free_game(app, deals=10)
        assert play(app, 6) == 6
        to_title_from_table(app)
    finally:
        app.scenes.close()


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder as an evening's play leaves it (made once for the module)."""
    folder = tmp_path_factory.mktemp("filled")
    fill_the_data_folder(folder)
    return folder


@pytest.fixture
def no_thread_errors(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Exceptions that end a thread (a writer off the frame), which would otherwise print a traceback."""
    caught: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: caught.append(repr(args.exc_value)))
    yield caught


def journey(app: App) -> tuple[list[str], dict[str, str]]:
    """Every scene through its main actions; the scenes seen on top, by name, and what the buttons that move or
    write the player's files answered (by button)."""
    seen: list[str] = []

    def note() -> None:
        seen.append(type(app.scenes.top).__name__)
    app.scenes.push(TitleScene(app))
    frames(app)
    note()
    # the kept session: Continue, a few decisions, the pause menu and its settings, back to the title
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    if any(button.label.startswith("Continue") for button in title.menu.buttons):
        key(app, pygame.K_c)
        note()
        if isinstance(app.scenes.top, TableScene):
            assert play(app, 3) == 3
            key(app, pygame.K_ESCAPE)
            on_top(app, PauseScene)
            key(app, pygame.K_s)
            on_top(app, SettingsScene)
            note()
            key(app, pygame.K_RIGHT)  # the first row's value: a change to remember
            key(app, pygame.K_DOWN)
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_h)
            on_top(app, HowToPlayScene)
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
            to_title_from_table(app)
    # a free game of one deal to its results, then one left part way
    start_free_game(app, deals=1)
    play(app, 400, until=lambda app: isinstance(app.scenes.top, ResultsScene))
    on_top(app, ResultsScene)
    frames(app, 40)  # the results take a key only after their first half second
    note()
    key(app, pygame.K_RETURN)
    frames(app)
    on_top(app, TitleScene)
    start_free_game(app, deals=5)
    assert play(app, 4) == 4
    to_title_from_table(app)
    # the campaign: the roads, a road's map, its high scores, a venue played into and left
    road = open_first_road(app)
    note()
    if any(button.label == "High scores" for button in road.menu.buttons):
        key(app, pygame.K_h)
        on_top(app, HighScoresScene)
        note()
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_p)
    answer(app, yes=True)
    if isinstance(app.scenes.top, TableScene):
        note()
        assert play(app, 4) == 4
        to_title_from_table(app)
    else:
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
    on_top(app, TitleScene)
    # the daily deal
    key(app, pygame.K_d)
    on_top(app, DailyScene)
    note()
    key(app, pygame.K_p)
    answer(app, yes=True)
    on_top(app, TableScene)
    assert play(app, 3) == 3
    to_title_from_table(app)
    # statistics, replays (one watched), how to play, settings
    key(app, pygame.K_t)
    on_top(app, StatisticsScene)
    note()
    frames(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    on_top(app, ReplaysScene)
    note()
    key(app, pygame.K_RETURN)
    if isinstance(app.scenes.top, ReplayScene):
        note()
        key(app, pygame.K_SPACE)
        frames(app, 30)
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)
    on_top(app, HowToPlayScene)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s)
    on_top(app, SettingsScene)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    on_top(app, TitleScene)
    answers = file_buttons(app)
    note()
    # quit: closes, or asks (a session that could not be kept), and a second close means it
    key(app, pygame.K_q)
    answer(app, yes=True)
    return seen, answers


def file_buttons(app: App) -> dict[str, str]:
    """From the title, the buttons that move or write the player's files, each pressed where it is offered:
    Delete on the first road, Start afresh on its map, Save in the rules editor; what each answered."""
    answers: dict[str, str] = {}
    key(app, pygame.K_m)
    roads = app.scenes.top
    assert isinstance(roads, CampaignSlotsScene)
    delete = next((button for button in roads.menu.buttons if button.label == "Delete"), None)
    if delete is not None:  # offered on a road whose save can be looked at
        delete.action()
        answer(app, yes=True)
        on_top(app, CampaignSlotsScene)
        answers["delete"] = roads.message
    key(app, pygame.K_1)
    road = app.scenes.top
    assert isinstance(road, CampaignMapScene)
    if any(button.hotkey == pygame.K_n and button.enabled for button in road.menu.buttons):
        key(app, pygame.K_n)
        answer(app, yes=True)
        on_top(app, CampaignMapScene)
        answers["afresh"] = road.message
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    on_top(app, TitleScene)
    key(app, pygame.K_n)
    new_game = app.scenes.top
    assert isinstance(new_game, NewGameScene)
    new_game.edit_rules()
    editor = app.scenes.top
    assert isinstance(editor, RulesEditorScene)
    editor.stem = "mine"
    key(app, pygame.K_RETURN) if app.notices.over(editor) else None
    app_helpers.key(app, pygame.K_s, pygame.KMOD_CTRL)
    answer(app, yes=True)  # over a file of that name
    on_top(app, RulesEditorScene)
    answers["save rules"] = editor.flash
    key(app, pygame.K_ESCAPE)
    answer(app, yes=True)  # changes not saved are lost: the player said so
    key(app, pygame.K_ESCAPE)
    on_top(app, TitleScene)
    return answers


@pytest.mark.parametrize("name", ERRNOS)
def test_every_scene_with_every_write_refused(name: str, filled: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              no_thread_errors: list[str]) -> None:
    folder = tmp_path / "data"
    shutil.copytree(filled, folder)
    disk = RefusingDisk(ERRNOS[name])
    disk.install(monkeypatch)
    app = make_app(folder)
    assert app.settings.animation_speed == "instant"
    try:
        seen, answers = journey(app)
    finally:
        app.scenes.close()
    assert {"TableScene", "SettingsScene", "ResultsScene", "CampaignMapScene", "DailyScene", "StatisticsScene",
            "ReplaysScene", "ReplayScene"} <= set(seen), seen
    refused = os.strerror(ERRNOS[name])
    assert answers == {"delete": tr("roads.not_deleted", road="Road 1", error=refused),
                       "save rules": tr("rules_editor.not_saved", file="mine.yaml", error=refused)}
    assert not app.running  # it closed when the player quit, and only then
    assert disk.refused, "the journey tried to write something"
    assert any(os.strerror(ERRNOS[name]) in said for said in app.notices.told), "and the window said so"
    assert no_thread_errors == []
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err


@pytest.mark.parametrize("mode", [0o000, 0o444, 0o555], ids=["000", "r--", "r-x"])
@pytest.mark.parametrize("name", ["sessions", "saves", "rules"])
def test_every_scene_with_a_folder_without_permission(name: str, mode: int, filled: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str],
                                                      no_thread_errors: list[str]) -> None:
    folder = tmp_path / "data"
    shutil.copytree(filled, folder)
    (folder / name).mkdir(exist_ok=True)
    (folder / name / "free.json.a1b2c3.tmp").write_text("{}", encoding="utf-8")  # a crash's leftover
    deny(monkeypatch, folder / name, mode)  # as `chmod` does for anyone but root
    app = make_app(folder)
    try:
        seen, answers = journey(app)
    finally:
        app.scenes.close()
    # a free game played to its results, the road's map, the daily deal (a kept session cannot be continued)
    assert {"ResultsScene", "CampaignMapScene", "DailyScene", "StatisticsScene", "ReplaysScene"} <= set(seen), seen
    assert "CrashScene" not in seen and not app.running
    denied = os.strerror(errno.EACCES)
    if name == "saves":  # a closed folder offers no Delete; Start afresh (its save unknown) changes nothing
        road = {button: said for button, said in answers.items() if button != "save rules"}
        assert road == ({"delete": tr("roads.not_deleted", road="Road 1", error=denied)} if mode == 0o555 else
                        {"afresh": tr("campaign.not_afresh", error=denied)})
    if name == "rules":
        assert answers["save rules"] == tr("rules_editor.not_saved", file="mine.yaml", error=denied)
    if mode != 0o555:  # said once, in the folder's sentence, and no word of a backup or a damaged file
        assert [said for said in app.notices.told if str(folder / name) in said] == \
            [tr("storage.folder.closed", folder=str(folder / name), error=denied)]
    assert no_thread_errors == []
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
