"""The command line: the game by default, and the headless tools as subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..locale import LANGUAGES, set_language
from . import bench, check_config, replay, saves, screenshots, simulate, tournament
from .game import play

# each tool module offers add_parser(subparsers) and run(args) -> exit code; none imports pygame until it runs
TOOLS = (simulate, check_config, bench, tournament, screenshots, replay, saves)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="main.py", description="Newmarket, the classic British stops game.")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="keep settings and the session in progress here (default: the usual per-user folder)")
    parser.add_argument("--campaign", type=Path, metavar="FILE",
                        help="offer this campaign file (besides the shipped road) when a new road is started")
    parser.add_argument("--lang", metavar="CODE",
                        help=f"play in this language for this run ({', '.join(sorted(LANGUAGES))}; "
                             "default: the one chosen in Settings, else the system's, else English)")
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)  # bench's startup_s
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for tool in TOOLS:
        tool.add_parser(commands)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run the command named in `argv`; with none, start the game."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = build_parser()
    args = parser.parse_args(list(argv))
    problem = check_language(getattr(args, "lang", None))
    if problem:
        print(f"newmarket: {problem}", file=sys.stderr)
        return 2
    if getattr(args, "lang", None):  # the tools word their messages in it too (the game sets its own)
        set_language(args.lang)
    run: Callable[[argparse.Namespace], int] = args.run if args.command is not None else start_game
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def check_language(code: str | None) -> str | None:
    """Why `code` (a --lang value) cannot be used, or None when it can (or none was given)."""
    if code is None or code in LANGUAGES:
        return None
    return f"unknown language {code!r}; choose one of {', '.join(sorted(LANGUAGES))}"


def start_game(args: argparse.Namespace) -> int:
    """Open the window on the title scene (pygame is imported only then, so the tools never load it)."""
    return play(args.data_dir, startup_probe=args.startup_probe, campaign=args.campaign, language=args.lang)
