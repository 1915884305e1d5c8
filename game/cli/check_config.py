"""`check-config PATH...`: validate config files without starting a game.

A file's kind comes from the folder it sits in (`rules/`, `locales/` and whatever
folders other kinds register), else from its keys. Every problem is printed as one
line `path:line: key: why`, its `why` in the current language (`--lang`); the exit
code is 0 only when every file is valid, and 1 otherwise: a problem in a file, a path
that does not exist, or a folder with no config file in it (which says so, so that
nothing checked is never taken for all valid). A locale file is checked against the
English file of its area (missing or extra keys, placeholders, list lengths). File
names are shown with their control characters escaped.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# the character and campaign files are read in the layers above config, where their kinds register themselves
import game.ai.character_file
import game.campaign.campaign_file  # noqa: F401
from game.config import (
    CONFIG_DIR,
    YAML_SUFFIXES,
    ConfigError,
    ConfigKind,
    config_kinds,
    kind_for_content,
    kind_name_for_path,
    kind_named,
    read_yaml_file,
)
from game.locale.shown import shown_name
from game.regular_file import present


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `check-config` subcommand to a parser's subcommands."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-config",
        help="validate rules files (and the other config and locale files) and report every problem",
        description="Validate config files: print `ok  PATH (kind)` for each valid file and one "
                    "`PATH:LINE: key: why` line for each problem. Exit code 0 when all are valid, else 1 (a problem, "
                    "a path that does not exist, or no config file found).")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="a config file, or a folder to search for *.yaml and *.yml files "
                             f"(default: the game's config folder, {_shown(CONFIG_DIR)})")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Check every file named or found under the folders in `args.paths`; 0 if all are valid, else 1."""
    paths: list[Path] = list(args.paths) or [_relative(CONFIG_DIR)]
    files, problems, unread = find_config_files(paths)
    for line in problems:
        print(line)
    bad = 0
    for path in files:
        kind, file_problems = check_file(path)
        if file_problems:
            bad += 1
            for line in file_problems:
                print(line)
        else:
            print(f"ok  {shown_name(path)} ({kind})")
    print(verdict(len(files), bad, len(problems), unread), file=sys.stderr)
    return 0 if files and not bad and not problems else 1


def verdict(total: int, bad: int, unchecked: int, unread: int = 0) -> str:
    """The closing line: how many files were checked and how they fared, or that none was found (or could be
    read: `unread` folders could not be)."""
    if not total:
        return "no config files found: nothing was checked" if not unread else \
            f"nothing was checked: {unread} folder{'' if unread == 1 else 's'} could not be read (see above)"
    said = f"checked {total} file{'' if total == 1 else 's'}: " + ("all valid" if not bad else f"{bad} with problems")
    if unchecked:
        said += f"; {unchecked} path{' was' if unchecked == 1 else 's were'} not checked (see above)"
    return said


def find_config_files(paths: Iterable[Path]) -> tuple[list[Path], list[str], int]:
    """The files to check (folders searched for YAML files), a problem line for each path that fails, and how many
    folders could not be read."""
    files: list[Path] = []
    problems: list[str] = []
    unread = 0
    seen: set[Path] = set()
    for path in paths:
        found: list[Path] = []
        try:
            if path.is_dir():
                found, unread_folders = _yaml_files_under(path)
                problems += [f"{shown_name(folder)}: cannot be read ({why})" for folder, why in unread_folders]
                unread += len(unread_folders)
                if not found and not unread_folders:
                    problems.append(f"{shown_name(path)}: no config files found in this folder "
                                    "(config files are .yaml or .yml files)")
            elif path.is_file():
                found = [path]
            elif path.exists():  # a device or a pipe, which could be endless or never answer
                problems.append(f"{shown_name(path)}: not a file or a folder")
            else:
                problems.append(f"{shown_name(path)}: no such file or folder")
        except OSError as error:
            problems.append(f"{shown_name(path)}: cannot be searched ({error.strerror or error})")
        for file in found:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                files.append(file)
    return files, problems, unread


def check_file(path: Path) -> tuple[str | None, list[str]]:
    """Validate one config file: its kind (None if unknown) and its problem lines (empty when valid)."""
    name = kind_name_for_path(path)
    if name is not None:
        kind = kind_named(name)
        if kind is None:
            return None, [f"{shown_name(path)}: unknown kind of config file: nothing checks {name} files yet; "
                          f"{_where_kinds_live()}"]
        return kind.name, _load(kind, path)
    try:
        kind = kind_for_content(read_yaml_file(path))
    except ConfigError as error:
        return None, error.problems
    if kind is None:
        return None, [f"{shown_name(path)}: unknown kind of config file; {_where_kinds_live()}"]
    return kind.name, _load(kind, path)


def _load(kind: ConfigKind, path: Path) -> list[str]:
    """The problem lines from loading `path` as `kind`."""
    try:
        kind.load(path)
    except ConfigError as error:
        return error.problems
    except Exception as error:  # noqa: BLE001 - a checker must report, not crash, whatever a loader does
        return [f"{shown_name(path)}: the {kind.name} loader failed: {type(error).__name__}: {shown_name(str(error))}"]
    return []


def _yaml_files_under(folder: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The YAML files in a folder and its subfolders, hidden ones left out, in name order; and each folder that
    could not be read, with why (a folder without permission is said, never taken for an empty one)."""
    found: list[Path] = []
    unread: list[tuple[Path, str]] = []

    def not_read(error: OSError) -> None:
        unread.append((Path(error.filename) if error.filename else folder, error.strerror or str(error)))

    for top, folders, files in os.walk(folder, onerror=not_read):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        found += [Path(top) / name for name in files
                  if Path(name).suffix.lower() in YAML_SUFFIXES and not name.startswith(".")
                  and present(Path(top) / name)]
    return sorted(found), sorted(unread)


def _where_kinds_live() -> str:
    """Where each known kind of file belongs, for the unknown-kind message."""
    kinds = config_kinds()
    if not kinds:
        return "no kinds of config file are known"
    places = "; ".join(f"{kind.name} files go in a {kind.folders[0]}/ folder" for kind in kinds if kind.folders)
    return f"the known kinds are {', '.join(kind.name for kind in kinds)} ({places})"


def _shown(path: Path) -> str:
    """A path relative to the working folder when it is under it, control characters escaped."""
    return shown_name(_relative(path))


def _relative(path: Path) -> Path:
    """A path relative to the working folder when it is under it."""
    try:
        return path.relative_to(Path.cwd())
    except (ValueError, OSError):
        return path
