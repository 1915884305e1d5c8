"""Newmarket as a Python package (pyproject.toml, setup.py): the wheel carries the game with its assets/ and config/,
and, installed in a fresh virtual environment, its `newmarket` command plays from outside the repository; the
game's requirements are apart from the tests'."""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from game import bundle
from game.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "classic_4p_seed7.jsonl"
# what the build reads: copied out, so its scratch folders (build/, *.egg-info) never land in the tree
SOURCE = ("pyproject.toml", "setup.py", "README.md", "game", "assets", "config")
SHIPPED = ("assets", "config")
TEST_TOOLS = {"pytest", "pytest-xdist", "hypothesis", "mypy", "ruff"}
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def pyproject() -> dict[str, object]:
    """pyproject.toml's [project] table."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert isinstance(table, dict)
    return table


def requirement_names(path: Path) -> set[str]:
    """The distributions a requirements file names itself (its -r lines not followed), lower-cased."""
    lines = (raw.split("#", 1)[0].strip() for raw in path.read_text(encoding="utf-8").splitlines())
    return {re.split(r"[<>=!~;\[ ]", line, maxsplit=1)[0].lower() for line in lines if line and line[0] != "-"}


def test_the_game_s_requirements_are_the_package_s_dependencies_and_no_test_tool() -> None:
    dependencies = pyproject()["dependencies"]
    assert isinstance(dependencies, list)
    named = {re.split(r"[<>=!~;\[ ]", each, maxsplit=1)[0].lower() for each in dependencies}
    assert named == requirement_names(ROOT / "requirements.txt") == {"pygame-ce", "pyyaml"}


def test_the_tests_requirements_add_the_test_tools_to_the_game_s() -> None:
    lines = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    assert "-r requirements.txt" in lines
    assert TEST_TOOLS <= requirement_names(ROOT / "requirements-dev.txt")


def test_the_package_needs_the_python_the_game_is_written_for_and_names_its_command() -> None:
    project = pyproject()
    assert project["name"] == "newmarket" and project["requires-python"] == ">=3.11"
    assert project["scripts"] == {"newmarket": "game.cli:main"}


def test_installed_the_game_files_are_the_package_s_copy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "game"
    (package / bundle.SHIPPED).mkdir(parents=True)
    monkeypatch.setattr(bundle, "PACKAGE", package)
    assert bundle.package_folder() == package / bundle.SHIPPED
    assert bundle.install_root() == package / bundle.SHIPPED
    assert bundle.program_command() == [sys.executable, "-m", "game"]
    assert build_parser().prog == "newmarket"


def test_in_the_repository_there_is_no_package_copy() -> None:
    assert bundle.package_folder() is None
    assert bundle.install_root() == bundle.REPOSITORY == ROOT


def test_the_repository_s_source_started_by_the_newmarket_command_is_named_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [str(ROOT / "main.py")])
    assert bundle.program_name() == "main.py"
    monkeypatch.setattr(sys, "argv", ["/home/someone/.venv/bin/newmarket", "--lang", "fr"])  # pip install -e .
    assert bundle.program_name() == "newmarket"


def cannot_build_offline() -> str | None:
    """Why this Python cannot build the wheel without the network, or None when it can."""
    try:
        version = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        return "setuptools is not installed"
    major, minor = (int(part) for part in re.findall(r"\d+", version)[:2])
    if (major, minor) < (70, 1):  # bdist_wheel joined setuptools in 70.1; before, it came with `wheel`
        try:
            metadata.version("wheel")
        except metadata.PackageNotFoundError:
            return f"setuptools {version} builds wheels only with the wheel package"
    return None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from a copy of the source, offline (with this Python's setuptools)."""
    why = cannot_build_offline()
    if why is not None:
        pytest.skip(f"{why}: python3 -m pip install -r requirements-dev.txt")
    scratch = tmp_path_factory.mktemp("wheel")
    (scratch / "source").mkdir()
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, scratch / "source" / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, scratch / "source" / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                           "--disable-pip-version-check", "-q", "-w", str(scratch / "dist"), str(scratch / "source")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    [built] = (scratch / "dist").glob("newmarket-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed (no dependencies: pygame and PyYAML are read from this
    Python's own site-packages, so nothing is downloaded); its folder of programs."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    programs = folder / ("Scripts" if os.name == "nt" else "bin")
    python = programs / ("python.exe" if os.name == "nt" else "python")
    found = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                           capture_output=True, text=True, check=True, timeout=60)
    # a venv's --system-site-packages would be the base Python's, not this (possibly virtual) environment's
    ours = [*site.getsitepackages(), site.getusersitepackages()]
    (Path(found.stdout.strip()) / "newmarket_test_env.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                           "--disable-pip-version-check", "-q", str(wheel)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return programs


def run_installed(venv: Path, program: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A program of the virtual environment run with `args` from `cwd` (not the repository), headless."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"} | HEADLESS
    path = venv / (f"{program}.exe" if os.name == "nt" else program)
    return subprocess.run([str(path), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


@pytest.mark.slow
def test_the_wheel_carries_the_game_its_assets_and_config_and_nothing_else(wheel: Path) -> None:
    inside = set(zipfile.ZipFile(wheel).namelist())
    source = {path.relative_to(ROOT).as_posix() for path in (ROOT / "game").rglob("*.py")}
    shipped = {f"game/{bundle.SHIPPED}/{path.relative_to(ROOT).as_posix()}"
               for folder in SHIPPED for path in (ROOT / folder).rglob("*") if path.is_file()}
    assert source <= inside, f"left out of the wheel: {sorted(source - inside)[:5]}"
    assert shipped <= inside, f"left out of the wheel: {sorted(shipped - inside)[:5]}"
    metadata_folder = "-".join(wheel.name.split("-")[:2]) + ".dist-info"  # newmarket-1.0.0.dist-info
    assert {name.split("/")[0] for name in inside - source - shipped} == {metadata_folder}


@pytest.mark.slow
def test_the_installed_command_starts_headless_from_outside_the_repository(venv: Path, tmp_path: Path) -> None:
    done = run_installed(venv, "newmarket", "--data-dir", str(tmp_path / "data"), "--startup-probe", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"first-frame \d+\.\d+\n", done.stdout)
    assert done.stderr == ""  # no font, sound or music it could not find (each would warn here)


@pytest.mark.slow
def test_the_installed_game_reads_its_own_copy_of_the_files(venv: Path, tmp_path: Path) -> None:
    done = run_installed(venv, "python", "-c", "from game import bundle; print(bundle.install_root()); "
                         "print(bundle.program_command()[1:])", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    root, command = done.stdout.splitlines()
    assert Path(root).is_relative_to(venv.parent) and Path(root).name == bundle.SHIPPED
    assert command == "['-m', 'game']"
    done = run_installed(venv, "python", "-m", "game", "--data-dir", str(tmp_path / "data"), "--startup-probe",
                         cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("first-frame"), done.stderr


@pytest.mark.slow
def test_the_installed_command_checks_its_config_and_plays_the_golden_session(venv: Path, tmp_path: Path) -> None:
    done = run_installed(venv, "newmarket", "check-config", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"checked \d+ files: all valid", done.stdout + done.stderr)
    log = tmp_path / "session.jsonl"
    done = run_installed(venv, "newmarket", "simulate", "--rules", "classic", "--players", "4", "--seed", "7",
                         "--ai", "random", "--log", str(log), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == GOLDEN.read_bytes()
