"""`bench` figures for the windowed game: frame time at a busy 8-player table, start-up time, memory over frames,
and whether a long session stays as quick late as early.

Nothing here imports pygame until a measurement runs, so `bench` stays importable by the headless tools.
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..ai.character import Character, StrategyChoice, searches
from ..ai.registry import character_ids, load_character_by_id
from ..bundle import ROOT, program_command
from ..config import default_rules

FRAME = 1 / 60
WARM_FRAMES = 30  # the first frames draw the table's background and fill the caches once
MEMORY_FRAMES = 10_000
MEMORY_WARM = 10_000  # by then the text cache (a bounded LRU) is full and turning over
LONG_DEALS = 500
LONG_WINDOW = 20  # deals timed at each end of the long session
LONG_CHIPS = 100_000  # enough that nobody at the long session's table runs out in 500 deals


def _headless() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def busy_table(app: Any, players: int = 8, seed: int = 1) -> Any:
    """A table of `players` characters (no human, so nothing waits for input) playing on its own."""
    ids = character_ids()
    characters = [load_character_by_id(ids[seat % len(ids)]) for seat in range(players)]
    rules = dataclasses.replace(default_rules(), players=players, deals=None, starting_chips=400)
    return watched_table(app, rules, characters, seed)


def watched_table(app: Any, rules: Any, characters: list[Character], seed: int) -> Any:
    """A table scene of these characters only, under `rules`."""
    from ..app.table.scene import TableScene  # lazy: pygame loads only when a measurement runs

    return TableScene.seated(app, rules, [(character.name, character) for character in characters], seed)


def keep_playing(app: Any, table: Any) -> Any:
    """Dismiss what a player would click away (a deal summary; a finished session starts a new table), so that
    every measured frame is the table dealing, playing and moving chips. Returns the table in play."""
    top = app.scenes.top
    if top is table:
        return table
    if table.session.over:
        table = busy_table(app, seed=table.seed + 1)
        app.scenes.clear_to(table)
        return table
    table.close_summary()
    if app.scenes.top is not table:  # something else on top (a pause, say): back to the table
        app.scenes.clear_to(table)
    return table


def _app(folder: str) -> Any:
    from ..app.app import App, AppOptions  # lazy: pygame loads only when a measurement runs
    return App(AppOptions(data_dir=Path(folder), headless=True, fps=0))


def frame_ms(budget: float) -> dict[str, float]:
    """Milliseconds a frame (update, draw and flip) at an 8-player table while cards are dealt and played."""
    _headless()
    import pygame

    with tempfile.TemporaryDirectory(prefix="newmarket-bench-") as folder:
        app = _app(folder)
        try:
            table = busy_table(app)
            app.scenes.push(table)
            times: list[float] = []
            clock = time.perf_counter
            start = clock()
            frames = 0
            while clock() - start < budget or frames < WARM_FRAMES + 100:
                table = keep_playing(app, table)
                began = clock()
                app.step(FRAME)
                app.window.present()
                pygame.display.flip()
                if frames >= WARM_FRAMES:
                    times.append((clock() - began) * 1000)
                frames += 1
        finally:
            app.scenes.close()
            pygame.quit()
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return {"mean": round(statistics.fmean(times), 3), "p99": round(p99, 3)}


def startup_s(budget: float) -> float:
    """Seconds from starting `python main.py` to its first frame drawn (dummy video driver): the median of a few
    starts after one unmeasured start that fills the bytecode cache, as a player's second start would find it."""
    with tempfile.TemporaryDirectory(prefix="newmarket-pyc-") as cache:
        startup_once(cache)
        runs: list[float] = []
        start = time.perf_counter()
        while len(runs) < 3 or (time.perf_counter() - start < budget and len(runs) < 7):
            runs.append(startup_once(cache))
    return round(statistics.median(runs), 3)


def startup_once(bytecode_cache: str | None = None) -> float:
    """One start of the game in a fresh process, timed to its first flip; `bytecode_cache` keeps compiled
    modules between starts (this project's CI sets PYTHONDONTWRITEBYTECODE, which players do not)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if bytecode_cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_cache
    with tempfile.TemporaryDirectory(prefix="newmarket-start-") as folder:
        command = [*program_command(), "--data-dir", folder, "--startup-probe"]
        began = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT,
                                   text=True)
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - began
        process.wait(timeout=30)
    if not line.startswith("first-frame"):
        raise RuntimeError("the game did not report its first frame")
    return elapsed


def memory_growth_kb(frames: int = MEMORY_FRAMES, warm: int = MEMORY_WARM) -> dict[str, float]:
    """How much the process grows over `frames` frames at the busy table, after `warm` frames in which the
    bounded caches (text, bubbles, banners) fill up: resident size in KB, as the median of the first and of
    the last tenth of samples taken every 100 frames (single readings jump by a few MB as the caches turn
    over), and the change in the count of live Python objects (the session's own history grows a little)."""
    _headless()
    import gc

    import pygame

    samples: list[float] = []
    with tempfile.TemporaryDirectory(prefix="newmarket-bench-") as folder:
        app = _app(folder)
        try:
            table = busy_table(app)
            app.scenes.push(table)
            for _ in range(warm):
                table = keep_playing(app, table)
                app.step(FRAME)
            gc.collect()
            objects_before = len(gc.get_objects())
            for frame in range(frames):
                table = keep_playing(app, table)
                app.step(FRAME)
                if frame % 100 == 0:
                    samples.append(resident_kb())
            gc.collect()
            objects_after = len(gc.get_objects())
        finally:
            app.scenes.close()
            pygame.quit()
    tenth = max(1, len(samples) // 10)
    growth = statistics.median(samples[-tenth:]) - statistics.median(samples[:tenth])
    return {"rss_kb": round(growth, 1), "objects": objects_after - objects_before}


def frame_memory_growth_kb(budget: float) -> float:
    """Resident memory gained over 10,000 frames at the busy 8-player table once its caches are full, in KB."""
    return memory_growth_kb()["rss_kb"]


def resident_kb() -> float:
    """This process's resident set size in KB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1024
    except (OSError, ValueError, IndexError):
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 1024 if sys.platform == "darwin" else float(peak)


def heuristic_characters() -> list[Character]:
    """Every character who plays by rules of thumb (no strategy of theirs searches), with their slips off: a slip
    looks ahead with the expert's search, whose work a deal varies with the deal, not with the deals played."""
    found = []
    for character in (load_character_by_id(i) for i in character_ids()):
        if searches(character):
            continue
        if "slip" in character.lead.params:
            character = dataclasses.replace(character, lead=StrategyChoice(
                character.lead.name, {**character.lead.params, "slip": 0.0}))
        found.append(character)
    return found


def long_session_table(app: Any, seed: int = 1) -> Any:
    """The heuristic characters at instant speed, under rules with no deal limit and chips for 500 deals."""
    characters = heuristic_characters()[:8]
    app.change_settings(dataclasses.replace(app.settings, animation_speed="instant"), remember=False)
    rules = dataclasses.replace(default_rules(), players=len(characters), deals=None, starting_chips=LONG_CHIPS)
    return watched_table(app, rules, characters, seed)


def long_session(budget: float, deals: int = LONG_DEALS, window: int = LONG_WINDOW) -> dict[str, float]:
    """Ms a frame (update with the characters' thinking, draw, flip; wall and main-thread processor time) over
    deals 1-20 (after the warm-up frames) and 481-500 of the long session's table, and what each deal in between
    leaves: KB of resident memory (a slope) and live objects. Takes the whole session, whatever the budget."""
    _headless()
    import gc

    import pygame

    wall: dict[str, list[float]] = {"early": [], "late": []}
    cpu: dict[str, list[float]] = {"early": [], "late": []}
    resident: list[tuple[float, float]] = []
    objects: dict[int, int] = {}
    with tempfile.TemporaryDirectory(prefix="newmarket-bench-") as folder:
        app = _app(folder)
        try:
            table = long_session_table(app)
            app.scenes.push(table)
            last = frames = 0
            while not table.session.over and table.session.deal_number <= deals:
                deal = table.session.deal_number
                if deal != last and window <= deal <= deals - window:
                    if deal in (window, deals - window):
                        gc.collect()
                        objects[deal] = len(gc.get_objects())
                    resident.append((deal, resident_kb()))
                last = deal
                if app.scenes.top is not table:
                    table.close_summary()
                    if app.scenes.top is not table:
                        app.scenes.clear_to(table)
                began, began_cpu = time.perf_counter(), time.thread_time()
                app.step(FRAME)
                app.window.present()
                pygame.display.flip()
                frames += 1
                part = "early" if deal <= window else "late" if deal > deals - window else None
                if part is not None and frames > WARM_FRAMES:
                    wall[part].append((time.perf_counter() - began) * 1000)
                    cpu[part].append((time.thread_time() - began_cpu) * 1000)
            players_in = sum(table.session.in_session)
        finally:
            app.scenes.close()
            pygame.quit()
    seated = len(heuristic_characters()[:8])
    if players_in < seated or len(objects) < 2:
        raise RuntimeError(f"the long session lost players ({players_in} of {seated} in) before deal {deals}")
    slope = statistics.linear_regression([d for d, _ in resident], [kb for _, kb in resident]).slope
    return {"early_ms": round(statistics.fmean(wall["early"]), 3), "late_ms": round(statistics.fmean(wall["late"]), 3),
            "early_cpu_ms": round(statistics.fmean(cpu["early"]), 3),
            "late_cpu_ms": round(statistics.fmean(cpu["late"]), 3),
            "memory_per_deal_kb": round(slope, 2),
            "objects_per_deal": round((objects[deals - window] - objects[window]) / (deals - 2 * window), 1)}
