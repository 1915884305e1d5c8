"""Every file the game writes, damaged every way a disk, an editor or a bad day can damage it: the game loads
it without an exception, says so in a sentence when it could not use it, and never loses the damaged bytes,
neither by loading nor by saving again afterwards, nor by saving over a file damaged after it was read.

The kinds of file are a table (`KINDS`): a name, how the game writes a valid one, how it loads it and how it
saves again; a kind added there (a kept session, say) is fuzzed like the rest. The damages are drawn from
fixed seeds: truncation at random points, NUL bytes, deep nesting, 1e400, NaN, huge integers, a value of
the wrong type at each place, a version from the future. And in place of the file: a FIFO no one writes (never
waited on), a link to a file outside (never written through).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from app_helpers import frames, make_app
from file_traps import fifo, finishes, needs_fifo

from game.ai.registry import make_agent
from game.ai.seats import seats_against
from game.ai.simple import LowestAgent
from game.app.scenes.replays import ReplaysScene, kept_deals
from game.app.table.controller import HumanTurn, TableController, snapshot_problem
from game.campaign.daily import DailyBests
from game.campaign.daily_file import load_daily_bests, save_daily_bests
from game.campaign.high_scores_file import load_high_scores, save_high_scores
from game.campaign.scores import HighScores
from game.config import rules_by_name
from game.engine import Event, SeatInfo, Session, play_session
from game.storage.keeper import SessionKeeper
from game.storage.resume import FREE, kept_sessions, resume_path, road_mode, set_aside_unresumable
from game.storage.saves import (
    SaveData,
    append_deal_log,
    deal_log,
    deal_logs,
    list_slots,
    load_slot,
    read_save_file,
    restore_backup,
    save_slot,
    slot_path,
)
from game.storage.settings import Settings, load_settings, save_settings
from game.storage.statistics_file import load_statistics, record_finished_session, statistics_path
from game.storage.trophies_file import add_trophies, load_trophy_case, trophies_path
from game.storage.unlocks_file import add_unlocks, load_unlocks


@dataclass(frozen=True)
class FileKind:
    """One file the game writes: where it lives, how the game writes a valid one, loads it (the sentence it
    answers, or None) and saves again (its sentence, or None)."""

    name: str
    path: Callable[[Path], Path]
    make_valid: Callable[[Path], object]
    load: Callable[[Path], str | None]
    save: Callable[[Path], str | None]


def _events() -> list[Event]:
    ids = ["pip", "dex", "maud"]
    rules = rules_by_name("classic")
    session = Session(dataclasses.replace(rules, deals=2), [SeatInfo(i, "ai", i) for i in ids], 7)
    events: list[Event] = []
    play_session(session, [make_agent(i, 7, seat) for seat, i in enumerate(ids)], events.append)
    return events


EVENTS = _events()
LOG = deal_log([event.to_json() for event in EVENTS[:40]])


def _raising(save: Callable[[], object]) -> str | None:
    """A saver that raises OSError for a file it would not write, as a sentence."""
    try:
        save()
    except OSError as error:
        return str(error)
    return None


def _load_slot(folder: Path) -> str | None:
    """A slot loaded every way the game reads one: the list, the replays, the slot itself."""
    infos = list_slots(folder)
    for slot, logs in deal_logs(folder):
        kept_deals(slot, logs)
    found = load_slot(folder, "slot-1")
    no_file = not slot_path(folder, "slot-1").is_file()  # a pipe there is no save: the slot is empty
    assert found.ok or found.problem or no_file, "a slot that could not be used is explained"
    return found.problem or next((info.problem for info in infos if info.problem), None)


def _save_slot(folder: Path) -> str | None:
    """The game's two ways of writing a slot: keeping a deal (which leaves a slot it cannot use alone), then a
    save of its own (which moves such a slot aside first)."""
    kept = append_deal_log(folder, "slot-1", LOG)
    try:
        save_slot(folder, "slot-1", SaveData(logs=(LOG,)))
    except OSError as error:
        return str(error)
    return kept


def _load_backup(folder: Path) -> str | None:
    found = restore_backup(folder, "slot-1")
    return found.problem


def _scores() -> HighScores:
    scores = HighScores()
    for name, score in (("Ann", 300), ("Bob", 120), ("Cy", 40)):
        scores.add(name, score, "2026-11-29")
    return scores


def _bests() -> DailyBests:
    bests = DailyBests()
    bests.record("2026-11-28", 44)
    bests.record("2026-11-29", 61)
    return bests


def _two_saves(folder: Path) -> None:
    save = SaveData(logs=(LOG,), venue="The Crown", deal=3, chips=41, campaign={"bankroll": 60})
    save_slot(folder, "slot-1", save)
    save_slot(folder, "slot-1", save)  # the first becomes the backup


@functools.cache
def _snapshot_text(seed: int) -> str:
    """The kept text of a free table a few decisions in, with the player in seat 0 (made once a seed)."""
    table = TableController(rules_by_name("classic"), seats_against(("pip", "dex", "maud")), seed)
    for _ in range(40):
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            table.submit(LowestAgent().decide(step.view, step.decision))
    return str(table.snapshot_text())


def _keep(folder: Path, mode: str, seed: int) -> str | None:
    """A table of `mode` keeping its session, as the table's keeper does after a decision."""
    keeper = SessionKeeper(folder, mode, threaded=False, usable=snapshot_problem)
    keeper.keep(_snapshot_text(seed))
    return " ".join(keeper.problems()) or None


def _continue(folder: Path, mode: str) -> str | None:
    """The kept session read as the title's Continue reads it, and the table resumed from it as Continue does."""
    kept, problems = kept_sessions(folder)
    for found in kept:
        try:
            TableController.from_snapshot(found.snapshot or {})
        except Exception as error:  # noqa: BLE001 - the title catches whatever a snapshot raises, as here
            problems.append(set_aside_unresumable(resume_path(folder, found.mode), error))
    return " ".join(problems) or None


KINDS: tuple[FileKind, ...] = (
    FileKind("kept free game", lambda folder: resume_path(folder, FREE), lambda folder: _keep(folder, FREE, 5),
             lambda folder: _continue(folder, FREE), lambda folder: _keep(folder, FREE, 6)),
    FileKind("kept road venue", lambda folder: resume_path(folder, road_mode("campaign-2")),
             lambda folder: _keep(folder, road_mode("campaign-2"), 7),
             lambda folder: _continue(folder, road_mode("campaign-2")),
             lambda folder: _keep(folder, road_mode("campaign-2"), 8)),
    FileKind("settings", lambda folder: folder / "settings.json",
             lambda folder: save_settings(folder, Settings(master_volume=0.3, language="fr", muted=True)),
             lambda folder: load_settings(folder)[1],
             lambda folder: _raising(lambda: save_settings(folder, Settings(effects_volume=0.1)))),
    FileKind("save", lambda folder: slot_path(folder, "slot-1"), _two_saves, _load_slot, _save_slot),
    FileKind("save backup", lambda folder: slot_path(folder, "slot-1").with_name("slot-1.json.bak"), _two_saves,
             _load_backup, _save_slot),
    FileKind("statistics", statistics_path,
             lambda folder: record_finished_session(folder, EVENTS, 0) and None,
             lambda folder: load_statistics(folder).problem,
             lambda folder: record_finished_session(folder, EVENTS, 1)),
    FileKind("unlocks", lambda folder: folder / "unlocks.json",
             lambda folder: add_unlocks(folder, ["look:green_baize", "character:bert"]) and None,
             lambda folder: load_unlocks(folder)[1],
             lambda folder: add_unlocks(folder, ["rules:house"])),
    FileKind("trophies", trophies_path,
             lambda folder: add_trophies(folder, ["first_win", "clean_sweep"], "daily", charms=["peek", "swap"])[0],
             lambda folder: load_trophy_case(folder)[1],
             lambda folder: add_trophies(folder, ["grand_tour"], "road", charms=["lead_any"])[0]),
    FileKind("high scores", lambda folder: folder / "high_scores.json",
             lambda folder: save_high_scores(folder, _scores()) and None,
             lambda folder: load_high_scores(folder)[1],
             lambda folder: save_high_scores(folder, _scores())),
    FileKind("daily bests", lambda folder: folder / "daily_bests.json",
             lambda folder: save_daily_bests(folder, _bests()) and None,
             lambda folder: load_daily_bests(folder)[1],
             lambda folder: save_daily_bests(folder, _bests())),
)

# Raw JSON put in place of a value (the text a damaged file holds, which json.dumps cannot write).
NUMBERS = ["1e400", "-1e400", "NaN", "Infinity", "9" * 40, "-" + "9" * 5000]
WRONG_TYPES = ['"x"', "null", "true", "[]", "{}", "-1", "0.5", '"' + "é" * 300 + '"', "[" * 70 + "]" * 70]


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place a value sits in JSON data, containers included."""
    if path:
        yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _places(value, (*path, index))


MARK = "\u0000MARK\u0000"


def _with_raw(data: Any, place: tuple[Any, ...], raw: str) -> bytes:
    """`data` as JSON with the value at `place` replaced by the raw text `raw`."""
    copy = json.loads(json.dumps(data))
    holder = copy
    for step in place[:-1]:
        holder = holder[step]
    holder[place[-1]] = MARK
    return json.dumps(copy).replace(json.dumps(MARK), raw).encode()


def damages(valid: bytes, seed: int, places: int) -> Iterator[tuple[str, bytes]]:
    """The damaged versions of `valid` tried for one seed."""
    rng = random.Random(seed)
    for _ in range(3):
        cut = rng.randrange(len(valid))
        yield f"cut at {cut}", valid[:cut]
    at = rng.randrange(len(valid))
    yield f"NUL at {at}", valid[:at] + b"\x00" + valid[at + 1:]
    yield "NUL bytes", b"\x00" * len(valid)
    yield "deep", b"[" * 200_000 + valid + b"]" * 200_000
    yield "deep inside", valid[:1] + b'"deep": ' + b"[" * 100_000 + b"]" * 100_000 + b"," + valid[1:]
    data = json.loads(valid)
    found = list(_places(data))
    for place in rng.sample(found, min(places, len(found))):
        for raw in rng.sample(NUMBERS, 2) + rng.sample(WRONG_TYPES, 3):
            yield f"{raw[:12]} at {place}", _with_raw(data, place, raw)
    if isinstance(data, dict) and "version" in data:
        yield "from the future", _with_raw(data, ("version",), "99")


def _everything(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in folder.rglob("*") if path.is_file()]


def _fuzz(kind: FileKind, tmp_path: Path, seeds: range, places: int) -> int:
    tried = 0
    for seed in seeds:
        template = tmp_path / f"{kind.name}-valid-{seed}"
        template.mkdir()
        kind.make_valid(template)
        valid = kind.path(template).read_bytes()
        for number, (what, damaged) in enumerate(damages(valid, seed, places)):
            folder = tmp_path / f"{kind.name}-{seed}-{number}"
            folder.mkdir()
            kind.make_valid(folder)
            target = kind.path(folder)
            target.write_bytes(damaged)
            problem = kind.load(folder)
            untouched = target.is_file() and target.read_bytes() == damaged
            assert untouched or problem, f"{kind.name}, {what}: the file was set aside without a word"
            assert damaged in _everything(folder), f"{kind.name}, {what}: the damaged bytes were lost by loading"
            kind.save(folder)
            if untouched and problem is None:
                continue  # the game could use it all (a value of the wrong type where any will do): it is its own
            assert damaged in _everything(folder), f"{kind.name}, {what}: the damaged bytes were written over"
            # damaged while the game runs, after it was read: saving must not write over it either
            folder = tmp_path / f"{kind.name}-{seed}-{number}-unread"
            folder.mkdir()
            kind.make_valid(folder)
            kind.path(folder).write_bytes(damaged)
            kind.save(folder)
            assert damaged in _everything(folder), f"{kind.name}, {what}: saving wrote over the damaged bytes"
            tried += 1
    return tried


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_damaged_file_is_explained_and_kept_never_written_over(kind: FileKind, tmp_path: Path) -> None:
    assert _fuzz(kind, tmp_path, range(1), places=2) >= 7


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_every_file_survives_many_damages(kind: FileKind, tmp_path: Path) -> None:
    assert _fuzz(kind, tmp_path, range(1, 4), places=10) >= 24


@needs_fifo
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_fifo_in_place_of_a_file_is_never_waited_on(kind: FileKind, tmp_path: Path) -> None:
    target = fifo(kind.path(tmp_path))
    finishes(lambda: kind.load(tmp_path), fifos=(target,))
    finishes(lambda: kind.save(tmp_path), fifos=(target,))
    finishes(lambda: kind.load(tmp_path), fifos=(target,))


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_a_link_in_place_of_a_file_is_never_written_through(kind: FileKind, tmp_path: Path) -> None:
    folder, outside = tmp_path / "data", tmp_path / "outside.txt"
    folder.mkdir()
    outside.write_bytes(b"not the game's")
    target = kind.path(folder)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(outside)
    kind.load(folder)
    kind.save(folder)
    kind.make_valid(folder)
    assert outside.read_bytes() == b"not the game's"


def test_the_table_covers_every_file_the_game_writes(tmp_path: Path) -> None:
    for kind in KINDS:
        kind.make_valid(tmp_path)
    written = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_file())
    assert written == sorted(str(kind.path(tmp_path).relative_to(tmp_path)) for kind in KINDS)


SLOT_DAMAGES = {
    "saved_at 1e400": ("saved_at", "1e400"), "saved_at far ahead": ("saved_at", "1e18"),
    "saved_at text": ("saved_at", '"noon"'), "huge chips": ("summary", '{"chips": ' + "9" * 29 + "}"),
    "deal of the wrong type": ("summary", '{"deal": [1]}'),
    "a log line nested deep": ("logs", json.dumps(["[" * 5000 + "]" * 5000 + "\n" + LOG])),
    "logs not text": ("logs", "[1, 2]"),
}


@pytest.mark.parametrize("damage", list(SLOT_DAMAGES), ids=list(SLOT_DAMAGES))
def test_the_replays_scene_lists_every_slot_without_a_crash(damage: str, tmp_path: Path) -> None:

    _two_saves(tmp_path)
    save_slot(tmp_path, "autosave", SaveData(logs=(LOG,)))
    key, raw = SLOT_DAMAGES[damage]
    path = slot_path(tmp_path, "slot-1")
    path.write_bytes(_with_raw(json.loads(path.read_bytes()), (key,), raw))
    app = make_app(tmp_path)
    app.scenes.push("replays")
    frames(app, 3)
    scene = app.scenes.top
    assert isinstance(scene, ReplaysScene)
    notes = {row.title: row.note for row in scene.rows if row.title}
    assert set(notes) == {"Free play", "Slot 1"}
    readable, _, why = read_save_file(path)
    if readable is None:
        assert why is not None and why in notes["Slot 1"]  # listed with its problem, left where it is
    assert path.is_file()
