"""A one-folder desktop build of Newmarket with PyInstaller: a program that runs without Python installed.

    python3 -m pip install -r requirements-build.txt
    python tools/build.py                  # dist/newmarket/newmarket (newmarket.exe on Windows)
    python tools/build.py --probe          # then start the built program headless once to check it

assets/ and config/ go inside the folder (found there through game/bundle.py); the player's data stays in
the usual per-user folder (game/storage/paths.py), so a build and the source share settings and saves.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "newmarket"
DATA_FOLDERS = ("assets", "config")
# imported by the tools or tests only, never by the game; left out so the folder holds what a player runs
EXCLUDED = ("numpy", "soundfile", "tkinter", "pytest", "_pytest", "hypothesis", "mypy", "ruff", "PyInstaller")
PROBE_SECONDS = 120


def pyinstaller_arguments(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the one-folder build into `dist`, its scratch files in `work`."""
    arguments = [str(ROOT / "main.py"), "--name", NAME, "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
                 "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
                 # game.ai.strategies loads its modules by listing the package, and the replay window by name
                 "--collect-submodules", "game"]
    for folder in DATA_FOLDERS:
        arguments += ["--add-data", f"{ROOT / folder}{os.pathsep}{folder}"]
    for module in EXCLUDED:
        arguments += ["--exclude-module", module]
    return arguments


def program(dist: Path) -> Path:
    """The built program inside `dist`."""
    return dist / NAME / (f"{NAME}.exe" if sys.platform.startswith("win") else NAME)


def folder_bytes(folder: Path) -> int:
    """The size of every file under `folder`."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def build(dist: Path, work: Path) -> int:
    """Run PyInstaller; its exit code."""
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_arguments(dist, work)]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")  # pygame's greeting, once per analysed import, is noise
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def probe(executable: Path) -> tuple[int, str]:
    """Start the built program headless on a scratch data folder, drawing one frame of the title: its exit code
    and what it printed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory(prefix="newmarket-probe-") as folder:
        # run from elsewhere than the repository, so a file found there by accident would not pass for the bundle's
        done = subprocess.run([str(executable), "--data-dir", folder, "--startup-probe"], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=PROBE_SECONDS, check=False)
    return done.returncode, (done.stdout + done.stderr).strip()


def main(argv: list[str] | None = None) -> int:
    """Build the folder, say where it is, how big and how long it took; with --probe, start it once."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="put the built folder here (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's scratch files and spec (default: build/)")
    parser.add_argument("--probe", action="store_true", help="start the built program headless once to check it")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build: PyInstaller is not installed; run: python3 -m pip install -r requirements-build.txt",
              file=sys.stderr)
        return 1
    dist, work = args.dist.resolve(), args.work.resolve()
    began = time.perf_counter()
    code = build(dist, work)
    seconds = time.perf_counter() - began
    executable = program(dist)
    if code != 0 or not executable.is_file():
        print(f"build: PyInstaller failed (exit code {code})", file=sys.stderr)
        return code or 1
    size = folder_bytes(executable.parent) / (1024 * 1024)
    print(f"built {executable} ({size:.1f} MB in {executable.parent}) in {seconds:.0f} s")
    if args.probe:
        code, said = probe(executable)
        print(f"probe: exit code {code}: {said}")
        return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
