"""One running game per data folder: a second copy says so and touches nothing; a killed holder blocks nobody."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from file_traps import fifo, finishes, needs_fifo

from game.storage.lock import LOCK_FILE, DataFolderLock

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the holder subprocess is killed with SIGKILL")


def listing(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every file under `folder` with its size, modification time and bytes."""
    return {str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns, path.read_bytes())
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_one_holder_at_a_time_and_the_holder_is_named(tmp_path: Path) -> None:
    first, second = DataFolderLock(tmp_path), DataFolderLock(tmp_path)
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held
    assert second.holder() == os.getpid()
    first.release()
    assert second.acquire()  # given back: the next copy takes it
    assert not first.acquire()
    second.release()


def test_a_folder_where_no_lock_can_be_made_does_not_stop_the_game(tmp_path: Path) -> None:
    assert DataFolderLock(tmp_path / "no such folder").acquire()


@pytest.mark.parametrize("target", ["outside.txt", "missing.txt"])
def test_a_lock_file_that_is_a_link_is_never_written_through(target: str, tmp_path: Path) -> None:
    folder, outside = tmp_path / "data", tmp_path / target
    folder.mkdir()
    if target == "outside.txt":
        outside.write_bytes(b"the player's own words\n")
    (folder / LOCK_FILE).symlink_to(outside)
    first, second = DataFolderLock(folder), DataFolderLock(folder)
    assert first.acquire() and first.held
    assert not second.acquire() and second.holder() is None  # the folder is still held, by its own lock
    first.release()
    assert second.acquire()
    second.release()
    assert (outside.read_bytes() == b"the player's own words\n") if target == "outside.txt" else not outside.exists()
    assert (folder / LOCK_FILE).is_symlink()  # left as it was found


def test_a_lock_file_no_copy_may_open_still_keeps_a_second_copy_out(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / LOCK_FILE).write_bytes(b"")
    real_open = os.open

    def refusing(path: Any, flags: int, *args: Any) -> int:  # as a .lock of mode 000 is to anyone but root
        if Path(os.fsdecode(path)).name == LOCK_FILE:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        return real_open(path, flags, *args)
    monkeypatch.setattr(os, "open", refusing)
    first, second = DataFolderLock(tmp_path), DataFolderLock(tmp_path)
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held  # both lock the folder itself
    first.release()
    assert second.acquire()
    second.release()


def test_a_lock_file_only_readable_is_locked_and_left_unwritten(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / LOCK_FILE).write_bytes(b"kept\n")
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any) -> int:  # a .lock of mode 444, to anyone but root
        if Path(os.fsdecode(path)).name == LOCK_FILE and flags & (os.O_RDWR | os.O_WRONLY):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
        return real_open(path, flags, *args)
    monkeypatch.setattr(os, "open", read_only)
    first, second = DataFolderLock(tmp_path), DataFolderLock(tmp_path)
    assert first.acquire() and not second.acquire()
    first.release()
    assert (tmp_path / LOCK_FILE).read_bytes() == b"kept\n"


def test_a_lock_file_hard_linked_to_another_file_is_never_written(tmp_path: Path) -> None:
    folder, outside = tmp_path / "data", tmp_path / "diary.txt"
    folder.mkdir()
    outside.write_bytes(b"the player's own words\n")
    os.link(outside, folder / LOCK_FILE)
    first, second = DataFolderLock(folder), DataFolderLock(folder)
    assert first.acquire() and first.held
    assert not second.acquire() and second.holder() is None  # the words in it are no process id
    first.release()
    assert outside.read_bytes() == b"the player's own words\n"


@needs_fifo
def test_a_lock_file_that_is_a_fifo_is_never_waited_on(tmp_path: Path) -> None:
    lock = fifo(tmp_path / LOCK_FILE)
    first, second = DataFolderLock(tmp_path), DataFolderLock(tmp_path)
    assert finishes(first.acquire, fifos=(lock,))
    assert not finishes(second.acquire, fifos=(lock,))
    assert finishes(second.holder, fifos=(lock,)) is None  # the second copy's message names no process
    first.release()


@pytest.mark.slow
def test_a_holder_killed_outright_leaves_no_lock(tmp_path: Path) -> None:
    code = ("import sys, time\nfrom pathlib import Path\nfrom game.storage.lock import DataFolderLock\n"
            f"lock = DataFolderLock(Path({str(tmp_path)!r}))\nprint(lock.acquire(), flush=True)\ntime.sleep(120)\n")
    holder = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        mine = DataFolderLock(tmp_path)
        assert not mine.acquire() and mine.holder() == holder.pid
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
        assert (tmp_path / LOCK_FILE).exists()  # the file stays behind, its lock does not
        assert mine.acquire()
        mine.release()
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


@pytest.mark.slow
def test_a_second_game_on_a_held_folder_says_so_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"language": "fr", "muted": true}\n', encoding="utf-8")
    (tmp_path / "session.json").write_text("{not a session", encoding="utf-8")  # a start would move it aside
    with DataFolderLock(tmp_path) as held:
        assert held.acquire()
        before = listing(tmp_path)
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--startup-probe"],
                              capture_output=True, text=True, cwd=ROOT, env=HEADLESS, timeout=120)
        assert listing(tmp_path) == before
    assert done.returncode == 1 and "first-frame" not in done.stdout
    assert done.stderr == (f"newmarket: Newmarket is already open on the data folder {tmp_path} "
                           f"(process {os.getpid()}); close the other window first\n")
    again = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--startup-probe"],
                           capture_output=True, text=True, cwd=ROOT, env=HEADLESS, timeout=120)
    assert again.returncode == 0 and again.stdout.startswith("first-frame"), again.stderr  # released: it starts


@pytest.mark.filterwarnings("ignore:no fast renderer")  # SCALED under the dummy video driver
def test_the_second_copy_shows_the_message_in_its_window_until_a_key(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import app_helpers  # noqa: F401  (dummy drivers)
    import pygame

    import game.locale
    from game.app.text import TextCache
    from game.cli.game import play

    (tmp_path / "settings.json").write_text('{"language": "fr"}\n', encoding="utf-8")
    drawn: list[str] = []
    draw = TextCache.draw

    def spy(self: TextCache, target: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return draw(self, target, text, *args, **kwargs)  # type: ignore[arg-type]
    frames: list[int] = []

    def events() -> list[pygame.event.Event]:
        frames.append(1)
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)] if len(
            frames) == 3 else []
    monkeypatch.setattr(TextCache, "draw", spy)
    monkeypatch.setattr(pygame.event, "get", events)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    try:
        with DataFolderLock(tmp_path) as held:
            assert held.acquire()
            before = listing(tmp_path)
            assert play(tmp_path) == 1
            assert listing(tmp_path) == before
    finally:
        game.locale.set_language("en")
    assert len(frames) == 3  # shown until the key
    assert "Newmarket est déjà ouvert" in drawn  # in the language of the folder's settings


@pytest.mark.slow
def test_saves_recover_waits_for_the_game_to_close(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    (sessions / "free.json.zzz111.tmp").write_text("{", encoding="utf-8")  # what the running game is writing
    command = [sys.executable, str(ROOT / "main.py"), "saves", "--data-dir", str(tmp_path), "--recover"]
    with DataFolderLock(tmp_path) as held:
        assert held.acquire()
        before = listing(tmp_path)
        refused = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=HEADLESS, timeout=120)
        assert listing(tmp_path) == before
    assert refused.returncode == 1 and "the game is open on" in refused.stdout
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=HEADLESS, timeout=120)
    assert done.returncode == 0 and not (sessions / "free.json.zzz111.tmp").exists()
