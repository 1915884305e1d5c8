"""The engine is pure Python: no pygame, no files, no clocks, no sleeping (docs/architecture.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "game" / "engine"
ENGINE_FILES = sorted(ENGINE.rglob("*.py"))
# modules that would let the engine draw, read or write files, look at the clock, or wait
FORBIDDEN = {"pygame", "os", "io", "pathlib", "shutil", "time", "datetime", "threading", "asyncio", "socket",
             "subprocess"}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}

IMPORT_EVERYTHING = """
import importlib, pkgutil, sys
import game.engine
names = [m.name for m in pkgutil.walk_packages(game.engine.__path__, "game.engine.")]
for name in names:
    importlib.import_module(name)
for package in ("game.ai", "game.config"):
    module = importlib.import_module(package)
    for m in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(m.name)
loaded = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(len(names), loaded)
"""


@pytest.mark.slow
def test_importing_every_engine_module_loads_no_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", IMPORT_EVERYTHING], cwd=REPO, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    count, loaded = result.stdout.split(" ", 1)
    assert int(count) == len([p for p in ENGINE_FILES if p.name != "__init__.py"])
    assert loaded.strip() == "[]", f"pygame was imported: {loaded}"


def imported_modules(tree: ast.AST) -> set[str]:
    """Top-level names of every module a source file imports (relative imports excluded)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.name)
def test_engine_source_imports_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    assert not imported_modules(tree) & FORBIDDEN
    game_imports = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 0
                    and node.module and node.module.split(".")[0] == "game"}
    assert all(module.startswith("game.engine") for module in game_imports), "the engine imports only itself"
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not calls & FORBIDDEN_CALLS


def test_the_scan_would_see_a_pygame_import() -> None:
    tree = ast.parse("import pygame.display\nfrom pygame import Rect\n")
    assert imported_modules(tree) == {"pygame"}
