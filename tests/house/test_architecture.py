"""The house keeps its shape: the game's packages stand in layers and no import runs up them, scenes reach one
another only by name, the modules import one another with no cycle and almost nothing inside functions, and the
table's controller runs without pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from game.app.registry import SCENES
from game.app.scene import SceneName

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
MAX_LAZY_IMPORTS = 12
LAZY_REASON = "# lazy:"  # how a function-level import of the game's own modules says why it is one

# The layers, lowest first (docs/architecture.md, "The layers"): a module imports only from its own layer and
# the layers below it. Each name is a package of `game/` (everything inside it) or a single module.
LAYERS: list[set[str]] = [
    {"game", "game.bundle", "game.regular_file", "game.atomic"},  # where the game's files are, how any is read/written
    {"game.engine"},  # the rules, pure
    {"game.locale"},  # the words a player reads
    {"game.config"},  # YAML in, checked values out
    {"game.ai"},  # the agents, and the character files they are built from
    {"game.stats", "game.replay", "game.review"},  # readers of event logs
    {"game.storage"},  # the player's files
    {"game.campaign"},  # the campaign, the daily deal and the high scores, with the files they are built from
    {"game.app"},  # the pygame game: its runtime and nothing else
    {"game.shots"},  # the screenshots: the app driven headless, picture by picture
    {"game.cli"},  # the command line (the bench's app half, `cli/bench_app.py`, among it)
    {"game.__main__"},  # `python -m game`: the installed game's way in to the command line
]
DRIVERS = ("game.shots", "game.cli")  # what drives the game from outside; the game's runtime never imports them


def module_name(path: Path) -> str:
    """`game/app/scene.py` -> `game.app.scene`, a package's __init__ by its package's name."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The game's modules an import statement in `module` reaches (a name imported from a package counts as
    its submodule when there is one)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
    out = []
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            out.append(name)
    return out


def every_import(module: str) -> list[tuple[str, int]]:
    """Each of the game's modules `module` imports, with the line: at the top, for type checkers only, or inside
    a function alike."""
    return [(other, node.lineno) for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8")))
            if isinstance(node, (ast.Import, ast.ImportFrom)) for other in dict.fromkeys(imported(module, node))]


def holds(name: str, module: str) -> bool:
    """True when the layer entry `name` (a package or a module; the root package only as itself) holds `module`."""
    return module == name or (name != "game" and module.startswith(name + "."))


def layer_of(module: str) -> int:
    """The index in LAYERS of the layer holding `module` (by its most precise entry); -1 when none does."""
    entries = [(len(name), index) for index, names in enumerate(LAYERS) for name in names if holds(name, module)]
    return max(entries)[1] if entries else -1


def runtime_imports(module: str) -> set[str]:
    """What `module` imports at its top level when it runs (imports only for type checkers left out)."""
    found: set[str] = set()
    for node in ast.parse(MODULES[module].read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(imported(module, node))
    return found


def defines_a_scene(path: Path) -> bool:
    """True for a module with a class deriving from Scene (or from a scene)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.ClassDef) and any(ast.unparse(base).endswith("Scene") for base in node.bases)
               for node in tree.body)


def test_no_scene_module_imports_another_scene_module() -> None:
    scene_modules = {name for name, path in MODULES.items() if defines_a_scene(path) and name != "game.app.scene"}
    assert len(scene_modules) >= 15, "the scene modules were found"
    reaching = {module: sorted(runtime_imports(module) & (scene_modules - {module})) for module in scene_modules}
    assert {module: found for module, found in reaching.items() if found} == {}


def test_every_scene_name_is_in_the_one_registry_and_builds_a_scene() -> None:
    assert set(SCENES) == set(get_args(SceneName))
    assert all(callable(make) for make in SCENES.values())


def test_the_game_imports_in_one_direction_with_no_cycle() -> None:
    graph = {module: runtime_imports(module) for module in MODULES}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: being visited, 2: done
    trail: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        trail.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == 1:
                cycles.append(trail[trail.index(other):] + [other])
            elif other not in state:
                visit(other)
        trail.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    assert cycles == []


def test_every_module_stands_in_one_layer() -> None:
    assert [module for module in MODULES if layer_of(module) < 0] == []
    assert [name for names in LAYERS for name in names if name not in MODULES] == [], "each entry names a real module"


def test_no_import_runs_up_the_layers() -> None:
    upward = [f"{module} -> {other} ({line})" for module in MODULES for other, line in every_import(module)
              if layer_of(other) > layer_of(module)]
    assert upward == []


def test_the_architecture_doc_lists_the_layers_in_this_order() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("## The layers\n"):].split("\n## ", 1)[0]
    spelt = {name: "`" + name.replace(".", "/") + ("" if MODULES[name].name == "__init__.py" else ".py") + "`"
             for names in LAYERS for name in names if name != "game"}
    missing = [spelling for spelling in spelt.values() if spelling not in section]
    assert missing == []
    in_the_doc = sorted(spelt, key=lambda name: section.index(spelt[name]))
    assert [layer_of(name) for name in in_the_doc] == sorted(layer_of(name) for name in in_the_doc), in_the_doc


def test_the_game_runtime_never_imports_what_drives_it() -> None:
    runtime = {module for module in MODULES if holds("game.app", module)}
    reached = set(runtime)
    todo = list(runtime)
    while todo:
        for other, _ in every_import(todo.pop()):
            if other not in reached:
                reached.add(other)
                todo.append(other)
    assert len(runtime) >= 100, "the runtime's modules were found"
    assert sorted(module for module in reached if any(holds(driver, module) for driver in DRIVERS)) == []


def test_function_level_imports_of_the_game_are_few_and_each_says_why() -> None:
    lazy: list[str] = []
    unexplained: list[str] = []
    for module, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)) and imported(module, inner):
                    where = f"{path.relative_to(ROOT)}:{inner.lineno}"
                    lazy.append(where)
                    if LAZY_REASON not in lines[inner.lineno - 1]:
                        unexplained.append(where)
    assert len(set(lazy)) <= MAX_LAZY_IMPORTS, lazy
    assert unexplained == []
    assert [where for where in lazy if not where.startswith("game/cli/")] == [], "only the command line waits to import"


@pytest.mark.slow
def test_the_table_controller_and_the_origin_run_without_pygame() -> None:
    code = "import sys, game.app.table.controller, game.campaign.origin, game.ai.hint; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
