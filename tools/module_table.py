"""docs/architecture.md's table of modules, written from each module's own docstring.

    python tools/module_table.py            # say whether the table is out of step (exit 1 if it is)
    python tools/module_table.py --write    # write the table into docs/architecture.md
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = Path("docs") / "architecture.md"
BEGIN, END = "<!-- modules:begin -->", "<!-- modules:end -->"
WRITE_COMMAND = "python tools/module_table.py --write"
_HEAD = "| module | what it is for |\n|---|---|\n"


def module_paths(root: Path = ROOT) -> list[Path]:
    """Every module the table lists, relative to `root`: main.py, the game's package, then the tools."""
    found = [Path("main.py")] if (root / "main.py").is_file() else []
    found += sorted(path.relative_to(root) for path in (root / "game").rglob("*.py"))
    found += sorted(path.relative_to(root) for path in (root / "tools").glob("*.py"))
    return found


def summary(path: Path) -> str | None:
    """A module's docstring's first paragraph on one line (None when it has no docstring)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc:
        return None
    return " ".join(doc.split("\n\n")[0].split()).replace("|", "\\|")


def undocumented(root: Path = ROOT) -> list[Path]:
    """The modules with no docstring to put in the table."""
    return [path for path in module_paths(root) if summary(root / path) is None]


def table(root: Path = ROOT) -> str:
    """The table: a row a module, its path and its docstring's first paragraph."""
    rows = [f"| `{path.as_posix()}` | {summary(root / path) or ''} |\n" for path in module_paths(root)]
    return _HEAD + "".join(rows)


def with_table(text: str, root: Path = ROOT) -> str:
    """`text` with the table between the modules markers written afresh."""
    before, begin, rest = text.partition(BEGIN)
    _, end, after = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"{DOC} has no table of modules between {BEGIN} and {END}")
    return f"{before}{BEGIN}\n{table(root)}{END}{after}"


def stale(root: Path = ROOT) -> bool:
    """Whether the doc's table differs from what the modules' docstrings write."""
    text = (root / DOC).read_text(encoding="utf-8")
    return with_table(text, root) != text


def main(argv: list[str] | None = None) -> int:
    """Check, or with --write rewrite, docs/architecture.md's table of modules."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="write the table into docs/architecture.md")
    args = parser.parse_args(argv)
    missing = undocumented()
    for path in missing:
        print(f"{path}: no docstring to put in the table of modules")
    if args.write:
        path = ROOT / DOC
        text = path.read_text(encoding="utf-8")
        if with_table(text) != text:
            path.write_text(with_table(text), encoding="utf-8")
            print(f"wrote {DOC}")
        return 1 if missing else 0
    if stale():
        print(f"{DOC}: its table of modules is out of step with the modules' docstrings; run {WRITE_COMMAND}")
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
