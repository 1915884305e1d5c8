"""docs/modding.md's table of rules keys and house.yaml's comments, from the declarations in game/engine/rules_keys.py.

    python tools/rules_keys.py            # say which file is out of step (exit 1 if one is)
    python tools/rules_keys.py --write    # write the table and the comments into the files
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.config.rules_doc import stale_files, write_files


def main(argv: list[str] | None = None) -> int:
    """Check, or with --write rewrite, the words the rules keys' declarations give docs/modding.md and house.yaml."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="write the table and the comments into the files")
    args = parser.parse_args(argv)
    if args.write:
        for path in write_files():
            print(f"wrote {path}")
        return 0
    stale = stale_files()
    for path in stale:
        print(f"{path}: out of step with game/engine/rules_keys.py; run python tools/rules_keys.py --write")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
