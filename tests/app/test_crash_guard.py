"""Never a traceback: a crash in the game keeps the session, writes a report and shows one calm screen; a
command that fails says so in one line and exits non-zero."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import make_app

from game.app.app import App
from game.app.registry import SCENES
from game.app.scene import Scene
from game.app.scenes.crash import CrashScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.cli import main
from game.cli import simulate as simulate_tool
from game.locale import LANGUAGES
from game.shots.render import table

ROOT = Path(__file__).resolve().parents[2]


def reports(folder: Path) -> list[Path]:
    """The crash reports in `folder`."""
    return sorted(folder.glob("crash-*.txt"))


def run_until_closed(app: App, first: Scene, monkeypatch: pytest.MonkeyPatch) -> list[Scene | None]:
    """`app.run` from the scene `first`; the top scene seen as the loop ended (pygame stays up for other tests)."""
    app.scenes.registry = {**SCENES, "title": lambda app, **options: first}
    monkeypatch.setattr(pygame, "quit", lambda: None)
    seen: list[Scene | None] = []
    close = app.scenes.close

    def closing() -> None:
        seen.append(app.scenes.top)
        close()
    monkeypatch.setattr(app.scenes, "close", closing)
    app.run("title")
    return seen


def broken_table(app: App) -> TableScene:
    """A 3-player table part way through its first deal whose next update raises (and closes the window)."""
    scene = table(app, 3, 20240)
    app.scenes.push(scene)
    assert scene.fast_forward_until(lambda t: len(t.model.board) >= 2)
    app.scenes.close()

    def boom(dt: float) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the crash screen's first frame closes the game
        raise RuntimeError("boom in the table")
    scene.update = boom  # type: ignore[method-assign]
    return scene


def test_a_crash_keeps_the_session_writes_a_report_and_shows_the_crash_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(tmp_path)
    seen = run_until_closed(app, broken_table(app), monkeypatch)
    assert len(seen) == 1 and isinstance(seen[0], CrashScene)
    crash = seen[0]
    assert crash.session == "kept" and crash.report is not None
    assert reports(tmp_path) == [crash.report]
    text = crash.report.read_text(encoding="utf-8")
    for part in ("Traceback (most recent call last)", "RuntimeError: boom in the table", "version:", "platform:",
                 "python:", "pygame-ce:", "scenes: TableScene", "session: kept"):
        assert part in text, part
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and 'File "' not in out + err
    assert str(crash.report) in err and len(err.strip().splitlines()) == 1
    again = make_app(tmp_path)  # the session can be continued at the next start
    title = TitleScene(again)
    again.scenes.push(title)
    assert any(button.label.startswith("Continue") for button in title.menu.buttons)
    again.scenes.close()


def test_the_crash_screen_says_where_the_report_is_and_closes_on_a_key(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    report = tmp_path / "crash-20260101-000000.txt"
    crash = CrashScene(app, report, "lost", "The session could not be saved.")
    app.scenes.push(crash)
    app.step(1 / 60)
    words = " ".join(str(entry[1]) for entry in app.text._surfaces if isinstance(entry, tuple) and len(entry) > 1)
    assert str(report) in words.replace("/ ", "/") and "Something went wrong" in words and "could not be saved" in words
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    assert app.running  # a key already down as the game broke does not close it unread
    crash.update(1.0)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert not app.running
    app.scenes.close()


def test_a_crash_screen_that_cannot_draw_shows_a_plain_screen(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    crash = CrashScene(app, None)
    monkeypatch.setattr(app.text, "draw", lambda *args, **kwargs: 1 / 0)
    crash.draw(app.screen)  # no exception
    assert app.screen.get_at((5, 5))[:3] == (10, 30, 22)


def test_a_second_crash_on_the_crash_screen_closes_quietly_with_both_reports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(tmp_path)
    crashes = []

    def crash_again(self: CrashScene, dt: float) -> None:
        crashes.append(dt)
        raise ValueError("the crash screen broke too")
    monkeypatch.setattr(CrashScene, "update", crash_again)
    seen = run_until_closed(app, broken_table(app), monkeypatch)
    assert len(crashes) == 1 and isinstance(seen[0], CrashScene)  # once, not a loop
    found = reports(tmp_path)
    assert len(found) == 2
    assert any("ValueError: the crash screen broke too" in path.read_text(encoding="utf-8") for path in found)
    assert "Traceback" not in "".join(capsys.readouterr())


def test_a_crash_report_falls_back_to_the_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.storage.crash_report import write_crash_report

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    written = write_crash_report(tmp_path / "no such folder", KeyError("x"))
    assert written is not None and written.parent == tmp_path / "temp" and "KeyError" in written.read_text()
    assert write_crash_report(tmp_path / "temp", KeyError("y")) != written  # never overwrites a report


def test_a_thread_that_dies_is_reported_not_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    from game.storage.crash_report import thread_crashes_reported

    def die() -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    before = threading.excepthook
    with thread_crashes_reported(tmp_path):
        worker = threading.Thread(target=die, name="writer")
        worker.start()
        worker.join()
    assert threading.excepthook is before
    [report] = reports(tmp_path)
    assert "thread: writer" in report.read_text(encoding="utf-8")
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"the writer thread stopped (OSError); a crash report is at {report}" in err


# --- commands ---------------------------------------------------------------------------------------------

def test_a_command_that_raises_says_one_line_exits_1_and_writes_a_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise ZeroDivisionError("a tool went wrong")
    monkeypatch.setattr(simulate_tool, "run", broken)
    assert main(["--data-dir", str(tmp_path), "simulate", "--players", "3"]) == 1
    out, err = capsys.readouterr()
    [report] = reports(tmp_path)
    assert err == f"newmarket: unexpected error (ZeroDivisionError: a tool went wrong); a crash report is at {report}\n"
    assert out == "" and "ZeroDivisionError: a tool went wrong" in report.read_text(encoding="utf-8")
    assert "command: main.py --data-dir" in report.read_text(encoding="utf-8")


@pytest.mark.parametrize(("error", "line"), [
    (OSError(errno.ENOSPC, "No space left on device", "/full/log.jsonl"),
     "newmarket: cannot write /full/log.jsonl: No space left on device"),
    (PermissionError(errno.EACCES, "Permission denied", "/locked"), "newmarket: cannot use /locked: Permission denied"),
    (OSError(errno.EIO, "Input/output error"), "newmarket: a file operation failed: Input/output error"),
])
def test_an_os_error_in_a_command_is_one_line_without_a_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: OSError,
        line: str) -> None:
    def failing(args: object) -> int:
        raise error
    monkeypatch.setattr(simulate_tool, "run", failing)
    assert main(["--data-dir", str(tmp_path), "simulate"]) == 1
    assert capsys.readouterr().err == line + "\n"
    assert reports(tmp_path) == []


def test_ctrl_c_in_a_command_is_still_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt
    monkeypatch.setattr(simulate_tool, "run", interrupted)
    assert main(["simulate"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


@pytest.mark.slow
def test_simulate_to_a_full_disk_is_one_line_and_no_traceback(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "simulate",
                           "--players", "3", "--deals", "2", "--seed", "2", "--log", "/dev/full"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode != 0
    [line] = done.stderr.splitlines()  # the tool's own words, or the guard's: one line either way
    assert "cannot write" in line and "/dev/full: No space left on device" in line
    assert "Traceback" not in done.stdout and reports(tmp_path) == []


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_calm_screens_fit_in_every_language(tmp_path: Path, code: str) -> None:
    from game.app.busy_window import draw_busy

    app = make_app(tmp_path, code)
    try:
        deep = tmp_path / "a rather long folder name" / "newmarket" / "crash-20260101-000000.txt"
        for fate in ("kept", "lost", "none"):
            app.scenes.clear_to(CrashScene(app, deep, fate, "The session could not be saved."))
            app.step(1 / 60)
        app.scenes.clear_to(CrashScene(app, None))
        app.step(1 / 60)
        draw_busy(app.screen, app.text, deep.parent, 4242)
        assert not app.text.overflows, app.text.overflows
    finally:
        app.scenes.close()
        import game.locale
        game.locale.set_language("en")
