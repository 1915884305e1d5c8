"""The README's test command is all a fresh machine needs: every package the tests use comes from its install
line, and CI runs that very line in a brand-new virtual environment (issue 23)."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
# the line .ci/run picks out of the README (the same pattern, so the two cannot disagree about which line it is)
TEST_LINE = re.compile(r"^    (python3 -m pip install .*&& python3 -m pytest.*)$", re.MULTILINE)
# pygame's array modules import numpy when first used, which requirements.txt leaves out on purpose
NEEDS_NUMPY = {"surfarray", "sndarray", "pixelcopy"}


def readme_test_line() -> str:
    """The README's test command, as CI reads it."""
    found = TEST_LINE.search((REPO / "README.md").read_text(encoding="utf-8"))
    assert found is not None, "the README has no indented 'python3 -m pip install ... && python3 -m pytest' line"
    return found.group(1)


def normal(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(path: Path) -> set[str]:
    """The distributions a requirements file asks for, following its -r lines."""
    names: set[str] = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("-r"):
            names |= requirement_names(path.parent / line[2:].strip())
        elif line:
            names.add(normal(re.split(r"[<>=!~;\[ ]", line, maxsplit=1)[0]))
    return names


def installed_with(roots: set[str]) -> set[str]:
    """`roots` and every distribution they require, as installed here (extras left out)."""
    seen: set[str] = set()
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        waiting += [normal(re.split(r"[<>=!~;\[ (]", each, maxsplit=1)[0])
                    for each in requires if "extra ==" not in each]
    return seen


def python_files() -> Iterator[Path]:
    """Every Python file of the test suite."""
    yield from sorted(TESTS.rglob("*.py"))


def imported_tops(tree: ast.AST) -> set[str]:
    """The top-level modules a file imports, anywhere in it (absolute imports only)."""
    tops: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def test_ci_runs_the_readme_test_line_in_a_new_virtual_environment() -> None:
    line = readme_test_line()
    assert "-r requirements-dev.txt" in line  # the game's requirements and the test tools
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m venv" in ci and "mktemp -d" in ci  # a brand-new venv in a temporary folder, every run
    picked = re.search(r"grep -m1 -E '([^']+)' README.md", ci)
    assert picked is not None, "CI no longer picks the README's line with grep"
    assert "pip install" not in ci.replace(picked.group(0), "")  # nothing installed but by the README's own line
    readme = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert next(raw.strip() for raw in readme if re.search(picked.group(1), raw)) == line


def test_every_package_the_tests_import_comes_from_the_readme_install() -> None:
    install = re.search(r"-r (\S+)", readme_test_line())
    assert install is not None
    provided = installed_with(requirement_names(REPO / install.group(1)))
    # the tests' own modules, and their folders, by which one test module imports another
    local = {path.stem for path in TESTS.rglob("*.py")} | {path.name for path in TESTS.iterdir() if path.is_dir()}
    local |= {"game", "tests"}
    owners = metadata.packages_distributions()
    missing: dict[str, list[str]] = {}
    for path in python_files():
        for top in imported_tops(ast.parse(path.read_text(encoding="utf-8"))):
            if top in sys.stdlib_module_names or top in local or top == "__future__":
                continue
            if not {normal(owner) for owner in owners.get(top, [top])} & provided:
                missing.setdefault(top, []).append(path.name)
    assert not missing, f"imported by the tests but not installed by the README's test line: {missing}"


def test_no_test_uses_pygame_s_numpy_arrays() -> None:
    users = sorted(f"{path.name}:{node.lineno}" for path in python_files()
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Attribute) and node.attr in NEEDS_NUMPY)
    assert not users, f"pygame's array modules need numpy, which the README's install leaves out: {users}"
