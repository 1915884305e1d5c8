"""Newmarket: start the game, or run one of the headless tools (`python main.py --help`)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
