"""`python -m game`: the game, as `newmarket` or `python main.py` start it (the installed package has no main.py)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
