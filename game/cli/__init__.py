"""The command line: the game by default, and the headless tools as subcommands."""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from . import bench, check_config, simulate, tournament

# each tool module offers add_parser(subparsers) and run(args) -> exit code
TOOLS = (simulate, check_config, bench, tournament)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="main.py", description="Newmarket, the classic British stops game.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for tool in TOOLS:
        tool.add_parser(commands)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run the command named in `argv`; with none, start the game."""
    parser = build_parser()
    args = parser.parse_args(list(argv))
    if args.command is None:
        print("The windowed game is not built yet; try `python main.py --help` for the headless tools.",
              file=sys.stderr)
        return 2
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
