"""`replay`: open a session's event log (from `simulate`, or a deal kept in a save), check it and summarise it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..app.replay_words import logged_names, session_start, told
from ..engine.events import Cut, SessionStart
from ..locale import tr
from ..locale.shown import shown_text
from ..replay import LogError, Replay, describe

MAX_PROBLEMS = 20


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the replay command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay", help="check an event log and show it deal by deal",
        description="Check a JSONL event log (as `simulate --log` writes it, or one deal kept in a save) line by "
                    "line and open it in the replay window. A log that cannot be replayed is listed line by line "
                    "and no window opens. --summary prints one line per deal instead, --text the table after "
                    "every event.")
    parser.add_argument("log", type=Path, metavar="LOG.jsonl", help="the event log to replay")
    parser.add_argument("--text", action="store_true", help="print the table state after every event")
    parser.add_argument("--summary", action="store_true", help="print one line per deal instead of opening a window")
    parser.add_argument("--deal", type=int, metavar="N", help="only this deal (--text), or start the window there")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Check and show the log; 0 when it replays, 1 (with one line per problem) when it does not."""
    try:
        replay = Replay.from_file(args.log)
    except LogError as error:
        print(f"{error.source}: cannot be replayed:", file=sys.stderr)
        for problem in error.problems[:MAX_PROBLEMS]:
            print(f"  {problem}" if problem.line else f"  {problem.message}", file=sys.stderr)
        if len(error.problems) > MAX_PROBLEMS:
            print(f"  … and {len(error.problems) - MAX_PROBLEMS} more", file=sys.stderr)
        return 1
    if args.deal is not None and not any(span.deal == args.deal for span in replay.deals):
        print(f"--deal: the log has deals 1 to {len(replay.deals)}, not {args.deal}", file=sys.stderr)
        return 1
    if args.text:
        print_steps(replay, args.deal)
        return 0
    if args.summary:
        print_summary(replay)
        return 0
    from .replay_window import play_replay  # lazy: the window pulls in pygame, which --text and --summary never load
    return play_replay(getattr(args, "data_dir", None), replay, args.deal)


def print_summary(replay: Replay) -> None:
    """One line per deal, and the session's end."""
    players = tuple(map(shown_text, logged_names(session_start(replay))))  # each seat's one name; from a file: escaped
    print(f"{replay.source}: {len(replay.steps)} events, {len(replay.deals)} deals, {len(players)} players")
    for span in replay.deals:
        winner = "unfinished" if span.winner is None else f"won by {players[span.winner]} (pot {span.pot})"
        hits = ", ".join(f"{card} by {players[seat]} ({chips})" for seat, card, chips in span.boodle_hits)
        print(f"deal {span.deal}: {players[span.dealer]} dealt; {winner}; {span.stops} stops"
              + (f"; boodle hit: {hits}" if hits else ""))
    final = replay.steps[-1].state
    if final.winners is not None:
        print("session won by " + ", ".join(players[w] for w in final.winners)
              + "; chips " + " ".join(str(c) for c in final.chips))
    print("The log is sound. Without --summary the replay scene opens it; --text shows every step here.")


def print_steps(replay: Replay, deal: int | None) -> None:
    """Every event, in the words the table's deal log and the replay window tell it, and the table after it."""
    names = logged_names(session_start(replay))
    for index, step in enumerate(replay.steps):
        if deal is not None and step.state.deal != deal:
            continue
        said = shown_text(tr("replay.between").join(told(replay, index, names)) or step.event.type)
        print(f"[{index + 1}/{len(replay.steps)}, line {step.line}] {said}")
        if not isinstance(step.event, SessionStart | Cut):
            for line in describe(step.state):
                print("    " + shown_text(line))
