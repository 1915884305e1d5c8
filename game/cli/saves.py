"""`saves`: what the data folder keeps (sessions in progress, save slots, files set aside, leftovers of a crash),
read without changing anything unless `--recover` asks for the start-up recovery."""

from __future__ import annotations

import argparse
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..locale import tr
from ..locale.shown import shown_name, shown_text
from ..storage.door import PlayerFileError, read_json
from ..storage.lock import DataFolderLock
from ..storage.paths import default_data_dir
from ..storage.resume import (
    LEGACY_FILE,
    TEMPORARY_NAME,
    is_mode,
    mode_of_snapshot,
    read_document,
    recover,
    saved_at_of,
    sessions_dir,
)
from ..storage.saves import list_slots, read_save_file, saves_dir
from ..storage.unrecorded import is_put_by

_TAGS = "unreadable|deleted|replaced|older|abandoned|leftover"  # what atomic.move_aside was told, file by file
_SET_ASIDE = re.compile(rf"^(?P<name>.+?)\.(?P<tag>{_TAGS})-\d{{8}}-\d{{6}}(-\d+)?$")


@dataclass(frozen=True)
class KeptRow:
    """One kept session file as the listing tells it."""

    file: str
    mode: str | None
    rules: str | None
    deal: int | None
    saved_at: float | None
    problem: str | None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the saves command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "saves", help="list the kept sessions, save slots and files set aside in the data folder",
        description="List every session kept for Continue (its mode, rules, deal and when it was saved), every "
                    "save slot (readable or not, and its backup), every file set aside and why, and what a crash "
                    "left half-written. Nothing is changed unless --recover is given, which does what the game "
                    "does at start: half-written files settled, the old session.json moved to its place.")
    # SUPPRESS: without --data-dir here, the global `main.py --data-dir DIR saves` stands
    parser.add_argument("--data-dir", type=Path, metavar="DIR", default=argparse.SUPPRESS,
                        help="the data folder to read (default: the usual per-user folder)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object of everything listed")
    parser.add_argument("--recover", action="store_true", help="do the start-up recovery first, and say what it did")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """List what the data folder keeps; 0 when it could be read, 1 when the folder cannot be read at all."""
    chosen = getattr(args, "data_dir", None)
    folder = Path(chosen).expanduser() if chosen else default_data_dir()
    if not folder.exists():
        print(f"saves: there is no data folder at {shown_name(folder)}; nothing is kept yet")
        if args.json:
            print(json.dumps({"data_dir": str(folder), "resumable": [], "unusable": [], "slots": [],
                              "set_aside": [], "leftovers": [], "waiting": []}))
        return 0
    if not folder.is_dir():
        print(f"saves: {shown_name(folder)} is not a folder")
        return 1
    if args.recover:
        with DataFolderLock(folder) as lock:
            if not lock.acquire():  # the running game writes there: settling its files under it would race it
                print(f"saves: the game is open on {shown_name(folder)}; close it first (nothing was changed)")
                return 1
            said = recover(folder)
        print("recovered: " + (" ".join(said) if said else "nothing needed settling"))
    report = survey(folder)
    print_report(folder, report)
    if args.json:
        print(json.dumps({"data_dir": str(folder), **report}, ensure_ascii=False))
    return 0


def survey(folder: Path) -> dict[str, Any]:
    """Everything the data folder keeps, as JSON-ready data."""
    rows = kept_rows(folder)
    return {
        "resumable": [{"mode": r.mode, "deal": r.deal, "rules": r.rules, "saved_at": r.saved_at, "file": r.file}
                      for r in sorted(rows, key=lambda r: r.saved_at or 0.0, reverse=True) if r.problem is None],
        "unusable": [{"file": r.file, "why": r.problem} for r in rows if r.problem is not None],
        "slots": [{"slot": s.slot, "readable": s.problem is None, "problem": s.problem, "venue": s.venue,
                   "deal": s.deal, "chips": s.chips, "saved_at": s.saved_at, "backup": s.backup_available}
                  for s in list_slots(folder)],
        "set_aside": [{"file": name, "why": why} for name, why in set_aside(folder)],
        "leftovers": leftovers(folder),
        "waiting": [str(path.relative_to(folder)) for path in put_by(folder)],
    }


def kept_rows(folder: Path) -> list[KeptRow]:
    """Each kept session file (and the old single session.json), read without moving anything."""
    paths = [p for p in sorted(sessions_dir(folder).glob("*.json")) if is_mode(p.stem)] \
        if sessions_dir(folder).is_dir() else []
    legacy = folder / LEGACY_FILE
    rows: list[KeptRow] = []
    for path in ([legacy] if legacy.is_file() else []) + paths:
        document, why, _ = read_document(path)
        name = str(path.relative_to(folder))
        if document is None:
            rows.append(KeptRow(name, None, None, None, None, why))
            continue
        snapshot = document["snapshot"]
        rules = snapshot.get("rules")
        deal = snapshot.get("deal")
        rows.append(KeptRow(name, mode_of_snapshot(snapshot) if path == legacy else path.stem,
                            rules.get("name") if isinstance(rules, dict) and isinstance(rules.get("name"), str)
                            else None,
                            deal if type(deal) is int else None,
                            saved_at_of(document) or None,
                            None))
    return rows


def set_aside(folder: Path) -> list[tuple[str, str]]:
    """Every file the game set aside (renamed, never erased), and why."""
    found: list[tuple[str, str]] = []
    for place in (folder, sessions_dir(folder), saves_dir(folder)):
        if not place.is_dir():
            continue
        for path in sorted(place.iterdir()):
            matched = _SET_ASIDE.match(path.name)
            if matched is None or not path.is_file():
                continue
            found.append((str(path.relative_to(folder)), _why_set_aside(path, matched.group("tag"),
                                                                          matched.group("name"))))
    return found


def _why_set_aside(path: Path, tag: str, name: str) -> str:
    """Why a file was set aside: what its tag says, or for an unreadable one, what is wrong with it now."""
    if tag == "deleted":
        return "deleted by the player (kept, not erased)"
    if tag == "replaced":
        return "replaced (by its backup, or by a fresh start of its road)"
    if tag == "older":
        return "an older copy of a kept session"
    if tag == "abandoned":
        return "its campaign road began afresh"
    if tag == "leftover":
        return "half-written by an older version when it stopped; kept, not resumed"
    if path.parent.name == "sessions" or name == LEGACY_FILE:
        _, why, _ = read_document(path)
    elif path.parent.name == "saves":
        _, _, found = read_save_file(path)
        why = found or ""
    else:
        try:
            read_json(path)
            why = tr("storage.why.damaged")
        except PlayerFileError as error:
            why = error.why
    return why or "it could not be used when it was read"


def leftovers(folder: Path) -> list[str]:
    """Temporary files a crash left half-written (the next start settles them)."""
    found: list[str] = []
    for place in (folder, sessions_dir(folder), saves_dir(folder)):
        if place.is_dir():
            found += [str(p.relative_to(folder)) for p in sorted(place.glob("*.tmp")) if TEMPORARY_NAME.match(p.name)]
    return found


def print_report(folder: Path, report: dict[str, Any]) -> None:
    """The survey in lines a person reads."""
    print(f"data folder: {shown_name(folder)}")
    print("sessions in progress (Continue):" if report["resumable"] else "sessions in progress: none")
    for row in report["resumable"]:
        deal = f"deal {row['deal']}" if row["deal"] else "not dealt yet"
        print(f"  {row['mode']}: {shown_text(row['rules'] or 'unknown rules')}, {deal}, saved {when(row['saved_at'])}"
              f"  [{shown_name(row['file'])}]")
    for row in report["unusable"]:
        print(f"  unusable: {shown_name(row['file'])}: {row['why']}")
    print("save slots:" if report["slots"] else "save slots: none")
    for slot in report["slots"]:
        backup = "with a backup" if slot["backup"] else "no backup"
        if slot["readable"]:
            venue = f"{shown_text(slot['venue'])}, " if slot["venue"] else ""
            print(f"  {shown_name(slot['slot'])}: {venue}saved {when(slot['saved_at'])}, {backup}")
        else:
            print(f"  {shown_name(slot['slot'])}: NOT READABLE ({slot['problem']}), {backup}")
    print("set aside:" if report["set_aside"] else "set aside: nothing")
    for row in report["set_aside"]:
        print(f"  {shown_name(row['file'])}: {row['why']}")
    if report["leftovers"]:
        print("left half-written by a crash (settled at the next start, or with --recover):")
        for name in report["leftovers"]:
            print(f"  {shown_name(name)}")
    if report["waiting"]:
        print("finished sessions not yet recorded (the next start records them):")
        for name in report["waiting"]:
            print(f"  {shown_name(name)}")


def put_by(folder: Path) -> list[Path]:
    """The finished sessions a full disk kept from being recorded, put by until the next start records them."""
    try:
        return sorted(path for path in sessions_dir(folder).iterdir() if is_put_by(path))
    except OSError:  # no sessions folder yet (or one that cannot be listed: its kept sessions say so)
        return []


def when(stamp: float | None) -> str:
    """A save time as a person reads it."""
    if not stamp or stamp <= 0 or stamp > 32503680000:  # after the year 3000: not a time this game wrote
        return "at an unknown time"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
