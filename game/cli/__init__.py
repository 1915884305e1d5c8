"""The command line: the game by default, and the headless tools as subcommands."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..bundle import program_name
from ..locale import LANGUAGES, set_language
from ..storage.crash_report import write_crash_report
from ..storage.paths import data_dir
from . import agency, bench, check_config, replay, review, road_check, saves, screenshots, simulate, tournament
from .game import play

# failures only a write can meet (EDQUOT looked up: not every platform's errno names it)
WRITE_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EROFS, getattr(errno, "EDQUOT", errno.ENOSPC)}
MESSAGE_LIMIT = 200  # an exception's message can be a whole file: the line stays a line, the report has it all
# each tool module offers add_parser(subparsers) and run(args) -> exit code; none imports pygame until it runs
TOOLS = (simulate, check_config, bench, tournament, agency, road_check, screenshots, replay, review, saves)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog=program_name(), description="Newmarket, the classic British stops game.")
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command named in `argv` (by default the process's own arguments); with none, start the game."""
    argv = sys.argv[1:] if argv is None else argv
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    plain_terminal_safe()
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
    except BrokenPipeError:
        return quiet_broken_pipe()
    except OSError as error:
        return one_line(os_error_words(error))
    except Exception as error:  # noqa: BLE001 - the crash guard: one line and a report, never a traceback
        report = write_crash_report(crash_folder(args), error, {"command": " ".join([program_name(), *argv])})
        where = f"a crash report is at {report}" if report else "no crash report could be written"
        message = " ".join(str(error).split())
        message = message if len(message) <= MESSAGE_LIMIT else message[:MESSAGE_LIMIT - 1] + "…"
        return one_line(f"unexpected error ({type(error).__name__}: {message}); {where}")


def plain_terminal_safe() -> None:
    """A terminal that cannot show ♠ or é (a cp1252 console, a C locale) gets them escaped, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a stream a test or an embedder swapped in may have none
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def check_language(code: str | None) -> str | None:
    """Why `code` (a --lang value) cannot be used, or None when it can (or none was given)."""
    if code is None or code in LANGUAGES:
        return None
    return f"unknown language {code!r}; choose one of {', '.join(sorted(LANGUAGES))}"


def os_error_words(error: OSError) -> str:
    """An OSError as a sentence: what could not be done to which file, and the system's reason."""
    why = error.strerror or str(error) or type(error).__name__
    if error.filename is None:
        return f"a file operation failed: {why}"
    verb = "write" if error.errno in WRITE_ERRNOS else "use"
    return f"cannot {verb} {error.filename}: {why}"


def one_line(message: str) -> int:
    """`message` as one line on stderr (if stderr still takes it); the exit code 1."""
    try:
        print(f"newmarket: {' '.join(message.split())}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return 1


def quiet_broken_pipe() -> int:
    """The reader of our output went away (`... | head`): stop without Python complaining at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1


def crash_folder(args: argparse.Namespace) -> Path | None:
    """Where a command's crash report goes: the data folder (the temporary folder when it cannot be had)."""
    try:
        return data_dir(getattr(args, "data_dir", None))
    except OSError:
        return None


def start_game(args: argparse.Namespace) -> int:
    """Open the window on the title scene (pygame is imported only then, so the tools never load it)."""
    return play(args.data_dir, startup_probe=args.startup_probe, campaign=args.campaign, language=args.lang)
