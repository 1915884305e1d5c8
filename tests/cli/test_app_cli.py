"""The command line around the game: screenshots, the start-up probe, one-line errors, tools without pygame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every test here starts Python in a subprocess

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def run_main(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT,
                          env=env or HEADLESS, timeout=timeout)


TOOL_RUNS = [
    ["simulate", "--players", "3", "--deals", "1", "--seed", "2"],
    ["check-config", str(ROOT / "config" / "rules")],
    ["--help"],
    ["screenshots", "--help"],
    ["review", str(ROOT / "tests" / "golden" / "classic_4p_seed7.jsonl"), "--seat", "0", "--deal", "1"],
]


@pytest.mark.parametrize("argv", TOOL_RUNS, ids=lambda argv: argv[0])
def test_the_headless_tools_never_import_pygame(argv: list[str]) -> None:
    code = ("import sys\n"
            "from game.cli import main\n"
            "try:\n"
            f"    main({argv!r})\n"
            "except SystemExit:\n"
            "    pass\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=HEADLESS,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_startup_probe_draws_a_frame(tmp_path: Path) -> None:
    done = run_main("--data-dir", str(tmp_path), "--startup-probe")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("first-frame ")
    assert "pygame-ce" not in done.stdout + done.stderr  # the support prompt is hidden


def test_a_bad_data_dir_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_main("--data-dir", str(blocker / "inside"))
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("newmarket: ") and "data folder" in lines[0]


def test_no_display_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    env = dict(HEADLESS, SDL_VIDEODRIVER="no-such-driver")
    done = run_main("--data-dir", str(tmp_path), env=env)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("newmarket: cannot open the game window")


def test_unknown_options_are_refused() -> None:
    done = run_main("--no-such-option")
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr


def test_a_terminal_that_cannot_show_suits_gets_them_escaped_not_a_crash() -> None:
    env = dict(HEADLESS, PYTHONIOENCODING="ascii")
    done = run_main("replay", str(ROOT / "tests" / "golden" / "classic_4p_seed7.jsonl"), "--text", "--deal", "1",
                    env=env)
    assert done.returncode == 0, done.stderr
    assert "\\u2660" in done.stdout or "\\u2665" in done.stdout  # a suit, escaped
    assert "unexpected error" not in done.stderr
