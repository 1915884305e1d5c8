"""`screenshots DIR`: every scene rendered headless to PNG files, the same pictures every run."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ..locale.shown import shown_name
from ..storage.settings import COMFORT_SIZES


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the screenshots command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "screenshots", help="render every scene to PNG files (no window needed)",
        description="Render every scene of the game headless to PNG files in DIR: the title, new game, the "
                    "table at 3 and at 8 players, staking, a stop, the deal summary, the session results, "
                    "settings, how to play and statistics. Fixed seeds: the same build gives the same pictures, "
                    "in English unless --lang says otherwise (never the system's language).")
    parser.add_argument("folder", type=Path, metavar="DIR", help="where to write the PNG files (created if need be)")
    # SUPPRESS: without --lang here, the global `main.py --lang xx screenshots DIR` stands
    parser.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS,
                        help="the language of the pictures (default: English)")
    parser.add_argument("--size", metavar="WxH", type=window_size, default=None,
                        help="the window's size in pixels, e.g. 2560x1440: every scene drawn at that size "
                             "(default: 1280x720)")
    for option, what in (("--text-size", "words"), ("--card-size", "cards")):
        parser.add_argument(option, metavar="PERCENT", type=int, choices=COMFORT_SIZES, default=100,
                            help=f"Settings' {option[2:].replace('-', ' ')}: the {what} drawn at "
                                 f"{', '.join(map(str, COMFORT_SIZES))} percent (default: 100)")
    parser.add_argument("--check", action="store_true",
                        help="also say every word that crosses other words or is cut short, and exit 1 if any is")
    parser.set_defaults(run=run)
    return parser


def window_size(text: str) -> tuple[int, int]:
    """`WxH` (e.g. 2560x1440) as a size; argparse's error for anything else."""
    width, _, height = text.lower().replace("×", "x").partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 2560x1440: {text!r}") from None
    if not (320 <= size[0] <= 16384 and 180 <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(f"a size from 320x180 to 16384x16384, not {text!r}")
    return size


def run(args: argparse.Namespace) -> int:
    """Render the scenes; 0 on success, 1 if the folder cannot be written."""
    try:
        args.folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"screenshots: cannot create {shown_name(args.folder)}: {error.strerror or error}", file=sys.stderr)
        return 1
    if not os.access(args.folder, os.W_OK):
        print(f"screenshots: cannot write in {shown_name(args.folder)}", file=sys.stderr)
        return 1
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # never a window, even on a desktop
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..shots.render import render_all  # lazy: pygame is imported only now
    crossings: set[str] = set()
    overflows: set[str] = set()
    paths = render_all(args.folder, language=getattr(args, "lang", None) or "en", size=args.size,
                       comfort=(args.text_size, args.card_size), overflows=overflows,
                       crossings=crossings if args.check else None)
    for path in paths:
        print(shown_name(path))
    print(f"{len(paths)} screenshots in {shown_name(args.folder)}")
    if not args.check:
        return 0
    for crossing in sorted(crossings):
        print(f"crossing: {crossing}")
    for words in sorted(overflows):
        print(f"cut short: {words!r}")
    print(f"{len(crossings)} crossings, {len(overflows)} cut short")
    return 1 if crossings or overflows else 0
