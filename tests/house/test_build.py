"""The desktop build (tools/build.py): the game finds its files in source and built alike, and the built program,
made with PyInstaller when it is installed (requirements-build.txt), starts headless, carries assets/ and config/,
plays the golden session and keeps the player's data in the usual folder."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game import bundle
from game.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "classic_4p_seed7.jsonl"
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
HAS_PYINSTALLER = importlib.util.find_spec("PyInstaller") is not None
needs_pyinstaller = pytest.mark.skipif(not HAS_PYINSTALLER,
                                       reason="PyInstaller is not installed (pip install -r requirements-build.txt)")


def build_tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/build.py loaded as a module."""
    spec = importlib.util.spec_from_file_location("build_tool", ROOT / "tools" / "build.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "build_tool", tool)
    spec.loader.exec_module(tool)
    return tool


def test_from_source_the_game_files_are_the_repositorys() -> None:
    assert bundle.bundle_folder() is None
    assert bundle.install_root() == ROOT
    assert (bundle.ASSETS_DIR / "fonts" / "DejaVuSans.ttf").is_file()
    assert (bundle.CONFIG_DIR / "rules" / "classic.yaml").is_file()
    assert bundle.program_command() == [sys.executable, str(ROOT / "main.py")]
    assert build_parser().prog == "main.py"


def test_built_the_game_files_are_in_the_bundles_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert bundle.install_root() == tmp_path.resolve()
    assert bundle.program_command() == [sys.executable]
    assert build_parser().prog == "newmarket"


def test_a_frozen_program_without_pyinstallers_folder_still_uses_the_source(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert bundle.install_root() == ROOT


def test_the_build_takes_in_assets_and_config_and_leaves_the_tools_out(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    tool = build_tool(monkeypatch)
    arguments = tool.pyinstaller_arguments(tmp_path / "dist", tmp_path / "work")
    data = [arguments[i + 1] for i, word in enumerate(arguments) if word == "--add-data"]
    assert data == [f"{ROOT / 'assets'}{os.pathsep}assets", f"{ROOT / 'config'}{os.pathsep}config"]
    excluded = {arguments[i + 1] for i, word in enumerate(arguments) if word == "--exclude-module"}
    assert {"numpy", "pytest", "hypothesis"} <= excluded
    assert arguments[arguments.index("--distpath") + 1] == str(tmp_path / "dist")
    assert "--onedir" in arguments and arguments[0] == str(ROOT / "main.py")


def test_pyinstaller_is_pinned_for_the_build_only() -> None:
    build = (ROOT / "requirements-build.txt").read_text(encoding="utf-8")
    assert re.search(r"^pyinstaller==\d+\.\d+\.\d+$", build, re.MULTILINE)
    assert "pyinstaller" not in (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "build/" in ignored and "dist/" in ignored


def test_without_pyinstaller_the_build_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    tool = build_tool(monkeypatch)
    monkeypatch.setattr(tool.importlib.util, "find_spec", lambda name, *rest: None)
    assert tool.main([]) == 1
    said = capsys.readouterr()
    assert said.out == "" and "pip install -r requirements-build.txt" in said.err


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The program tools/build.py built into a scratch folder (about 70 MB; a minute at most on two cores)."""
    scratch = tmp_path_factory.mktemp("build")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(scratch / "dist"),
                           "--work", str(scratch / "work")], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    program = scratch / "dist" / "newmarket" / ("newmarket.exe" if sys.platform.startswith("win") else "newmarket")
    assert program.is_file() and f"built {program}" in done.stdout
    return program


def run_built(program: Path, *args: str, cwd: Path,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The built program run with `args` from `cwd` (not the repository), headless."""
    return subprocess.run([str(program), *args], cwd=cwd, env=env or HEADLESS, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.slow
@needs_pyinstaller
def test_the_built_program_starts_headless_and_draws_the_title(built: Path, tmp_path: Path) -> None:
    done = run_built(built, "--data-dir", str(tmp_path / "data"), "--startup-probe", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"first-frame \d+\.\d+\n", done.stdout)
    assert done.stderr == ""  # no font, sound or music it could not find (each would warn here)


@pytest.mark.slow
@needs_pyinstaller
def test_the_built_folder_carries_the_assets_and_config_files(built: Path) -> None:
    for relative in ("assets/fonts/DejaVuSans.ttf", "assets/music/title.ogg", "config/rules/classic.yaml",
                     "config/locales/nl/title.yaml", "config/campaign.yaml"):
        found = [path for path in built.parent.rglob(Path(relative).name) if path.as_posix().endswith(relative)]
        assert len(found) == 1, relative
        assert found[0].read_bytes() == (ROOT / relative).read_bytes()
    assert not list(built.parent.rglob("tests")) and not list(built.parent.rglob("numpy"))


@pytest.mark.slow
@needs_pyinstaller
def test_the_built_program_plays_the_golden_session(built: Path, tmp_path: Path) -> None:
    log = tmp_path / "session.jsonl"
    done = run_built(built, "simulate", "--rules", "classic", "--players", "4", "--seed", "7", "--ai", "random",
                     "--log", str(log), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == GOLDEN.read_bytes()


@pytest.mark.slow
@needs_pyinstaller
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the usual folder is found through XDG on Linux")
def test_the_built_program_keeps_the_players_data_in_the_usual_folder(built: Path, tmp_path: Path) -> None:
    before = sorted(built.parent.rglob("*"))
    done = run_built(built, "--startup-probe", cwd=tmp_path, env=dict(HEADLESS, XDG_DATA_HOME=str(tmp_path / "xdg")))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "xdg" / "newmarket").is_dir()
    assert sorted(built.parent.rglob("*")) == before  # nothing written beside the program
