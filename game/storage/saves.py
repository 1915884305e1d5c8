"""Save slots: versioned JSON files in `<data>/saves/`, migrated step by step, written atomically with a backup.

A save is one JSON document (`FORMAT`, `VERSION`):

    {"format": "newmarket-save", "version": 2, "saved_at": 1764432000, "slot": "autosave",
     "summary": {"venue": "The Crown", "deal": 3, "chips": 41},
     "table": {...TableScene.snapshot(): rules, seats, seed, actions, agents...} or null,
     "campaign": {...opaque, owned by the campaign model...} or null,
     "logs": ["<JSONL of finished deal 1>", "<JSONL of deal 2>", ...]}

The finished deals' logs are kept as one JSONL string per deal: compact, and exactly what `replay` reads.

Version 1 is the kept-session file of `resume.py` (`{"format": "newmarket-session", "version": 1,
"saved_at", "snapshot"}`); `MIGRATIONS[n]` turns a version-n document into version n+1, so any older file
walks the chain up to `VERSION`. A file that cannot be used (not JSON, empty, truncated, not an object,
not ours, a version we do not know, missing parts) is renamed aside with a time stamp, never deleted, and
`load_slot` says why in one sentence and whether the slot's backup (`<slot>.json.bak`, the save before the
last one) can be restored. Nothing here raises on a bad file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import backup_path, write_atomically
from ..engine.decisions import action_from_data, action_to_data  # noqa: F401  (saves keep actions in this form)
from ..locale import tr
from ..regular_file import present
from .door import MAX_JSON_BYTES, PlayerFileError, keep_aside, parse_json, read_bytes
from .folders import closed_folder, closed_to, closed_words

MAX_SAVE_BYTES = MAX_JSON_BYTES  # a save with 150 kept deals is about 1 MB

SAVES_FOLDER = "saves"
FORMAT = "newmarket-save"
VERSION = 2
AUTOSAVE = "autosave"
MAX_KEPT_LOGS = 150  # finished deals kept per slot: the oldest go first (a deal's log is a few kilobytes)
LEGACY_FORMAT = "newmarket-session"  # resume.py's session.json, version 1 of this chain
_SLOT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
MAX_TIME = 32503680000  # 1 January 3000: a save time beyond it is not one (and every calendar can show it)
MAX_COUNT = 10**12  # a summary's deal and chips; no table comes near
MAX_TEXT = 200  # a summary's venue name

Document = dict[str, Any]


# --- migrations ------------------------------------------------------------------------------------

def _v1_to_v2(document: Document) -> Document:
    """resume.py's kept session (one table snapshot) becomes a save with no campaign and no logs."""
    snapshot = document.get("snapshot")
    deal = snapshot.get("deal") if isinstance(snapshot, dict) else None
    return {"format": FORMAT, "version": 2, "saved_at": document.get("saved_at", 0), "slot": AUTOSAVE,
            "summary": {"venue": None, "deal": deal if type(deal) is int else None, "chips": None},
            "table": snapshot, "campaign": None, "logs": []}


MIGRATIONS: dict[int, Callable[[Document], Document]] = {1: _v1_to_v2}
_FORMATS = {1: LEGACY_FORMAT}  # the format string each old version carried, when it differs from FORMAT


def migrate(document: Document) -> Document:
    """`document` walked up the migration chain to `VERSION`; ValueError (with a sentence) if it cannot be."""
    version = document.get("version")
    if type(version) is not int:
        raise ValueError(tr("storage.why.no_version"))
    if version > VERSION:
        raise ValueError(tr("storage.why.newer_save", version=version, newest=VERSION))
    if version < 1:
        raise ValueError(tr("storage.why.unknown_save_format", version=version))
    if document.get("format") != _FORMATS.get(version, FORMAT):
        raise ValueError(tr("storage.why.not_a_save"))
    while version < VERSION:
        document = MIGRATIONS[version](document)
        version += 1
        if document.get("version") != version:
            raise AssertionError(f"migration from {version - 1} did not produce version {version}")
    return document


# --- the save itself -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SaveData:
    """What one slot holds: where the player is at the table, their campaign, and the finished deals' logs."""

    table: dict[str, Any] | None = None
    campaign: Any = None
    logs: tuple[str, ...] = ()
    venue: str | None = None
    deal: int | None = None
    chips: int | None = None
    saved_at: int = 0
    slot: str = AUTOSAVE
    unknown: dict[str, Any] = field(default_factory=dict)  # the file's top-level keys of a newer version, kept

    def to_document(self) -> Document:
        """The save as the current version's JSON-ready document."""
        deal = self.deal
        if deal is None and self.table is not None and type(self.table.get("deal")) is int:
            deal = self.table["deal"]
        return {**self.unknown, "format": FORMAT, "version": VERSION, "saved_at": self.saved_at, "slot": self.slot,
                "summary": {"venue": self.venue, "deal": deal, "chips": self.chips},
                "table": self.table, "campaign": self.campaign, "logs": list(self.logs)}

    @classmethod
    def from_document(cls, document: Document) -> SaveData:
        """A current-version document as a SaveData; ValueError (a sentence) if a part is the wrong shape."""
        problem = _shape_problem(document)
        if problem:
            raise ValueError(problem)
        summary = document.get("summary") or {}
        slot = document.get("slot")
        return cls(table=document.get("table"), campaign=document.get("campaign"),
                   logs=tuple(document.get("logs") or ()), venue=summary.get("venue"), deal=summary.get("deal"),
                   chips=summary.get("chips"), saved_at=int(document.get("saved_at") or 0),
                   slot=slot if isinstance(slot, str) and _SLOT_NAME.match(slot) else AUTOSAVE,
                   unknown={key: value for key, value in document.items() if key not in _KEYS})


_KEYS = frozenset(SaveData().to_document())  # the top-level keys this version writes


def _shape_problem(document: Document) -> str | None:
    """Why a current-version document cannot be used, or None."""
    table = document.get("table")
    if table is not None:
        if not isinstance(table, dict):
            return tr("storage.why.bad_table")
        if type(table.get("seed")) is not int or not isinstance(table.get("actions"), list) \
                or not isinstance(table.get("rules"), dict) or not isinstance(table.get("seats"), list):
            return tr("storage.why.table_parts")
    logs = document.get("logs", [])
    if not isinstance(logs, list) or not all(isinstance(log, str) for log in logs):
        return tr("storage.why.bad_logs")
    summary = document.get("summary", {})
    if summary is not None and not isinstance(summary, dict):
        return tr("storage.why.bad_summary")
    for key, fits in (("venue", _fits_text), ("deal", _fits_count), ("chips", _fits_count)):
        value = (summary or {}).get(key)
        if value is not None and not fits(value):
            return tr("storage.why.bad_summary_value", part=key)
    saved_at = document.get("saved_at", 0)
    if type(saved_at) not in (int, float):
        return tr("storage.why.bad_saved_at")
    if not 0 <= saved_at <= MAX_TIME:  # compared before int() sees it: a time the calendar can show
        return tr("files.why.saved_at")
    return None


def _fits_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _fits_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def deal_log(events: list[dict[str, Any]] | list[str]) -> str:
    """One deal's log as kept in a save: JSONL text from event dicts (or from JSON lines)."""
    lines = [line if isinstance(line, str) else json.dumps(line, separators=(", ", ": "), ensure_ascii=False)
             for line in events]
    return "".join(line.rstrip("\n") + "\n" for line in lines)


# --- slots ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LoadResult:
    """What `load_slot` found: the save, or a sentence for the player and whether a backup can be offered."""

    save: SaveData | None = None
    problem: str | None = None
    backup_available: bool = False
    moved_to: Path | None = None
    migrated_from: int | None = None
    unusable: str = ""  # the sentence saying the file could not be used and where it was kept, without the offer
    closed: bool = False  # its folder is closed to the game: nothing in it can be looked at (`problem` says so)

    @property
    def ok(self) -> bool:
        """True when there is a save to use."""
        return self.save is not None


@dataclass(frozen=True)
class SlotInfo:
    """One line of the slot list: when it was saved and where the player was."""

    slot: str
    saved_at: int | None = None
    venue: str | None = None
    deal: int | None = None
    chips: int | None = None
    problem: str | None = None
    backup_available: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def check_slot_name(slot: str) -> str:
    """`slot` if it is a usable slot name (letters, digits, - and _, up to 32); ValueError otherwise."""
    if not isinstance(slot, str) or not _SLOT_NAME.match(slot):
        raise ValueError(f"a save slot is named with letters, digits, '-' and '_' (up to 32), not {slot!r}")
    return slot


def saves_dir(folder: Path) -> Path:
    """The folder of save slots inside the data folder."""
    return folder / SAVES_FOLDER


def slot_path(folder: Path, slot: str | int) -> Path:
    """The file of one slot; numbered slots are named `slot-N`."""
    name = f"slot-{slot}" if isinstance(slot, int) else slot
    return saves_dir(folder) / f"{check_slot_name(name)}.json"


def save_slot(folder: Path, slot: str | int, save: SaveData, said: list[str] | None = None) -> SaveData:
    """Write `save` to `slot` atomically, keeping the previous save as the backup; the save as written. A file
    there the game cannot use is kept aside first, with a sentence for the player added to `said`.

    Raises OSError if the file cannot be written and TypeError/ValueError if the data is not JSON-ready.
    """
    path = slot_path(folder, slot)
    written = dataclasses.replace(save, logs=tuple(save.logs), saved_at=round(time.time()), slot=path.stem)
    text = json.dumps(written.to_document(), ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
    data = text.encode("utf-8")
    _clear_the_way(path, said if said is not None else [])
    write_atomically(path, data, keep_backup=True)
    _remember_good(data)
    return written


def _clear_the_way(path: Path, said: list[str]) -> None:
    """Before a save is written: the slot's file (about to become the backup) and its backup (about to be
    replaced) are each kept aside first if the game cannot use them, so no file it could not read is ever
    written over, each with a sentence in `said`; OSError (a sentence) when one cannot be moved aside."""
    for existing in (path, backup_path(path)):
        closed = closed_to(existing)
        if closed is not None:  # nothing can be looked at there, nor written
            raise closed
        if not present(existing) or _known_good(existing):
            continue
        save, _, why = read_save_file(existing)
        if save is not None:
            continue
        why = why or tr("storage.why.damaged")
        moved, error = keep_aside(existing)
        if moved is None:
            raise OSError(tr("storage.save.unusable_stuck", slot=path.stem, why=why, error=error))
        said.append(tr("storage.save.unusable" if existing == path else "storage.save.backup_set_aside",
                       slot=path.stem, why=why, file=moved.name))


# Digests of save files this run wrote or read whole: checking one again before it is written over is then
# reading its bytes, not parsing them (a save is rewritten after every deal). Bytes, not a file's time and
# size, so a file changed since cannot pass for the one that was good.
_GOOD: OrderedDict[bytes, None] = OrderedDict()
_GOOD_KEPT = 32


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


_GOOD_LOCK = threading.Lock()  # the table's keeper writes saves on its worker while the scenes read them


def _remember_good(data: bytes) -> None:
    digest = _digest(data)
    with _GOOD_LOCK:
        _GOOD[digest] = None
        _GOOD.move_to_end(digest)
        while len(_GOOD) > _GOOD_KEPT:
            _GOOD.popitem(last=False)


def _known_good(path: Path) -> bool:
    try:
        digest = _digest(read_bytes(path, MAX_SAVE_BYTES))
    except PlayerFileError:
        return False
    with _GOOD_LOCK:
        return digest in _GOOD


def load_slot(folder: Path, slot: str | int) -> LoadResult:
    """The save in `slot`; a file that cannot be used is moved aside and explained, and its backup offered."""
    path = slot_path(folder, slot)
    backup = backup_path(path)
    if not present(path):  # a saves/ folder without permission reads on, and is said as a save that cannot be read
        if present(backup):
            return LoadResult(problem=tr("storage.save.missing", slot=path.stem), backup_available=True)
        return LoadResult()
    save, version, why = read_save_file(path)
    if save is not None:
        return LoadResult(save=save, migrated_from=version if version != VERSION else None)
    closed = closed_to(path)
    if closed is not None:  # what the folder holds is unknown: no save said damaged, no backup offered
        return LoadResult(problem=closed_words(path.parent, closed), closed=True)
    moved, error = keep_aside(path)
    why = why or tr("storage.why.damaged")
    sentence = (tr("storage.save.unusable", slot=path.stem, why=why, file=moved.name) if moved is not None
                else tr("storage.save.unusable_stuck", slot=path.stem, why=why, error=error))
    has_backup = present(backup)
    offer = tr("storage.save.backup_offered") if has_backup else tr("storage.save.no_backup")
    return LoadResult(problem=f"{sentence} {offer}", backup_available=has_backup, moved_to=moved, unusable=sentence)


def read_save_file(path: Path) -> tuple[SaveData | None, int | None, str | None]:
    """The save in a file (any known version): (save, the version read, None) or (None, None, why not).

    The file comes in through the door (`door.read_json`: at most `MAX_SAVE_BYTES`, nested at most
    `door.MAX_DEPTH` deep, checked before it is parsed; no number that is not finite or too long to be ours),
    and every value of the summary is checked before it is used; nothing here raises on a bad file."""
    try:
        data = read_bytes(path, MAX_SAVE_BYTES)
        document = parse_json(data)
    except PlayerFileError as error:
        return None, None, error.why
    if not isinstance(document, dict):
        return None, None, tr("storage.why.not_object")
    version = document.get("version")
    try:
        current = migrate(document)
        save = SaveData.from_document(current)
        _remember_good(data)
        return save, version if type(version) is int else None, None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
        return None, None, str(error) if type(error) is ValueError else tr("storage.why.malformed",
                                                                            error=repr(error)[:100])


def restore_backup(folder: Path, slot: str | int) -> LoadResult:
    """Put the slot's backup back in place and load it; a bad backup is moved aside and explained too."""
    path = slot_path(folder, slot)
    backup = backup_path(path)
    closed = closed_to(backup)
    if closed is not None:
        return LoadResult(problem=closed_words(path.parent, closed), closed=True)
    if not present(backup):
        return LoadResult(problem=tr("storage.save.no_backup_to_restore", slot=path.stem))
    save, version, why = read_save_file(backup)
    if save is None:
        moved, error = keep_aside(backup)
        why = why or tr("storage.why.damaged")
        sentence = (tr("storage.save.backup_unusable", slot=path.stem, why=why, file=moved.name)
                    if moved is not None else
                    tr("storage.save.backup_unusable_stuck", slot=path.stem, why=why, error=error))
        return LoadResult(problem=sentence, moved_to=moved)
    moved_current: Path | None = None
    if present(path):  # never overwrite whatever is there now: kept aside first, or the backup stays a backup
        moved_current, error = keep_aside(path, tag="replaced")
        if moved_current is None:
            return LoadResult(problem=tr("storage.save.backup_not_put_back", slot=path.stem, error=error),
                              backup_available=True)
    try:
        write_atomically(path, read_bytes(backup, MAX_SAVE_BYTES))
    except PlayerFileError as error:
        return LoadResult(problem=tr("storage.save.backup_not_put_back", slot=path.stem, error=error.why),
                          backup_available=True, moved_to=moved_current)
    except OSError as error:
        return LoadResult(problem=tr("storage.save.backup_not_put_back", slot=path.stem,
                                     error=error.strerror or error),
                          backup_available=True, moved_to=moved_current)
    return LoadResult(save=save, migrated_from=version if version != VERSION else None, moved_to=moved_current)


def delete_slot(folder: Path, slot: str | int) -> tuple[Path | None, str]:
    """Retire a slot the player chose to delete, and its backup with it (a road deleted on purpose is not one to
    restore: that would undo what was played on it): renamed aside, never removed. Where the slot went (None when
    there was none), and the system's words when it could not be set aside ("" when it could)."""
    path = slot_path(folder, slot)
    closed = closed_to(path)
    if closed is not None:
        return None, str(closed.strerror or closed)
    for existing in (backup_path(path), path):
        moved, error = keep_aside(existing, tag="deleted") if present(existing) else (None, "")
        if error:  # the slot stays whole, with its backup, rather than half deleted
            return None, error
    return moved, ""


def list_slots(folder: Path) -> list[SlotInfo]:
    """Every slot with its summary, autosave first, then by name; unreadable ones are listed with their problem."""
    found = saves_dir(folder)
    if not found.is_dir() or closed_folder(found) is not None:  # a closed folder is said by whoever reads it
        return []
    names = {p.name[:-len(".json")] for p in found.glob("*.json")}
    names |= {p.name[:-len(".json.bak")] for p in found.glob("*.json.bak")}
    infos: list[SlotInfo] = []
    for name in sorted(names, key=lambda n: (n != AUTOSAVE, n)):
        if not _SLOT_NAME.match(name):
            continue
        path = found / f"{name}.json"
        has_backup = present(backup_path(path))
        if not present(path):
            infos.append(SlotInfo(name, problem="missing", backup_available=has_backup))
            continue
        save, _, why = read_save_file(path)
        if save is None:
            infos.append(SlotInfo(name, problem=why, backup_available=has_backup))
        else:
            infos.append(SlotInfo(name, save.saved_at, save.venue, save.to_document()["summary"]["deal"],
                                  save.chips, backup_available=has_backup))
    return infos


def append_deal_log(folder: Path, slot: str | int, log: str, keep: int = MAX_KEPT_LOGS, *,
                    create: bool = True) -> str | None:
    """Keep one finished deal's log in `slot` (the oldest beyond `keep` dropped); None when kept as ever, else
    a sentence for the player (why it was not kept, or what was set aside on the way).

    A slot that is not there yet is started empty (unless `create` is False). A slot file that cannot be used
    is moved aside and explained (`load_slot`), never written over: a slot the game may create (one that keeps
    only deals) is then taken up again from its backup, or started anew, so the deals after it are kept; a
    campaign's slot is left to its map, which offers its backup or a fresh start.
    """
    try:
        path = slot_path(folder, slot)
    except ValueError as error:
        return tr("storage.save.deal_not_kept", error=error)
    found = load_slot(folder, slot)
    said: list[str] = []
    if found.closed:
        return found.problem
    if found.problem:
        if not create:
            return f"{found.problem} {tr('storage.save.deal_not_kept_in_it')}"
        found, said = _taken_up_again(folder, path.stem, found)
    if found.save is None and not create:
        return None
    save = found.save or SaveData(slot=path.stem)
    logs = (*save.logs, log)[-keep:] if keep > 0 else ()
    try:
        save_slot(folder, slot, dataclasses.replace(save, logs=logs), said)
    except OSError as error:
        said.append(tr("storage.save.deal_not_written", slot=path.stem, error=error.strerror or error))
    except (TypeError, ValueError) as error:
        said.append(tr("storage.save.deal_not_written", slot=path.stem, error=error))
    return " ".join(said) or None


def take_up_deal_slot(folder: Path, slot: str) -> str | None:
    """A slot of deals alone (free play's, the daily deal's) that cannot be used: kept aside at once and taken up
    again from its backup when it has one, so its deals are listed and kept before the next deal's end; what to
    tell the player, or None when the slot was fine or missing."""
    found = load_slot(folder, slot)
    if found.closed:
        return found.problem
    if not found.unusable:
        return None
    if found.moved_to is None:  # it could not even be kept aside (a read-only folder): said and left be, with no
        return found.unusable  # backup offered, since none could be put back over it
    _, said = _taken_up_again(folder, slot, found)
    return " ".join(said)


def _taken_up_again(folder: Path, slot: str, found: LoadResult) -> tuple[LoadResult, list[str]]:
    """A slot of deals alone that could not be used (kept aside) or is missing: its backup put back when it can
    be, else nothing (a new slot); and the sentences saying so."""
    first = found.unusable or tr("storage.save.gone", slot=slot)
    if found.backup_available:
        restored = restore_backup(folder, slot)
        if restored.save is not None:
            return restored, [first, tr("storage.save.deals_from_backup")]
        first = f"{first} {restored.problem}" if restored.problem else first
    return LoadResult(), [first, tr("storage.save.deals_anew", slot=slot)]


def deal_logs(folder: Path) -> list[tuple[str, tuple[str, ...]]]:
    """(slot name, its finished deals' logs, oldest first) for every readable slot that has any."""
    found = saves_dir(folder)
    if not found.is_dir():
        return []
    kept: list[tuple[str, tuple[str, ...]]] = []
    for path in sorted(found.glob("*.json"), key=lambda p: (p.stem != AUTOSAVE, p.stem)):
        if not _SLOT_NAME.match(path.stem):
            continue
        save, _, _ = read_save_file(path)
        if save is not None and save.logs:
            kept.append((path.stem, save.logs))
    return kept
