"""The docs keep up with the code: rules.md's rule ids, event table and rules keys; architecture.md's table of
modules; the counts the docs quote; and a short README that links every doc."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
RULES_MD = REPO / "docs" / "rules.md"
README = REPO / "README.md"
DOCS = [REPO / "CONTRIBUTING.md", *sorted((REPO / "docs").glob("*.md"))]
README_MOST_LINES = 300
# a file the docs show how to write, and the folder only an installed wheel has (setup.py maps the files there)
NOT_IN_A_CHECKOUT = {"config/charms/peep.yaml", "game/shipped"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
RULE_COUNT = 22
RULE_IDS = [*range(1, 40)]  # ids given out for issues 14 and 25 (charms, R31-R39); each placed where it belongs

# ----- where the names live: re-point these when the modules move -------------------------------

def event_fields() -> dict[str, tuple[str, ...]]:
    """Every event type the engine can log, with its fields in order (the log's schema)."""
    from game.engine.events import EVENT_TYPES
    return {kind: tuple(name for name, _ in cls.schema) for kind, cls in EVENT_TYPES.items()}


def rules_keys() -> tuple[str, ...]:
    """Every key a rules file may set (dotted for a section's keys)."""
    from game.config.rules_file import RULES_KEYS
    return tuple(RULES_KEYS)


def commands() -> list[str]:
    """Every command `python main.py` takes, as typed."""
    from game.cli import TOOLS
    return [tool.__name__.rpartition(".")[2].replace("_", "-") for tool in TOOLS]


def languages() -> dict[str, str]:
    """The languages the game speaks: code to the language's own name."""
    from game.locale import LANGUAGES
    return dict(LANGUAGES)


def quoted_counts() -> list[tuple[str, str]]:
    """Every count of shipped things the docs quote, as (doc, the words that must be in it)."""
    from game.ai.expert.opponents import CAST_STYLES
    from game.campaign.campaign_file import load_campaign
    from game.campaign.roads import SLOTS
    from game.campaign.spec import TABLE_LOOKS
    from game.config.trophies_file import shipped_trophies
    venues = word(len(load_campaign(REPO / "config" / "campaign.yaml").venues))
    return [("docs/playing.md", f"{venues} tables from a village pub"),
            ("docs/playing.md", f"the classic road's {venues} tables"),
            ("docs/playing.md", f"There are {word(len(SLOTS))} roads"),
            ("docs/playing.md", f'("7 of {len(shipped_trophies())}")'),
            ("docs/ai.md", f"the cast's {word(len(CAST_STYLES))} ways of leading"),
            ("docs/commands.md", f"each of the {word(len(TABLE_LOOKS))} unlockable looks")]


def module_table() -> ModuleType:
    """tools/module_table.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("module_table", REPO / "tools" / "module_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def word(count: int) -> str:
    """A count as the docs write it: in words up to twelve."""
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else f"{count:,}"


# ----- reading the book ----------------------------------------------------------------------------

# An id is R and digits not glued to other letters or digits; `_` may touch it, as in test_R13_leading.
ID_IN_CODE = re.compile(r"(?<![A-Za-z0-9])R(\d+)(?![A-Za-z0-9])")
# A definition: a heading or a bold lead-in that starts with the id ("### R13. Leading", "**R13.** ...").
ID_DEFINED = re.compile(r"^(?:#{1,6}[ \t]+|\*\*)R(\d+)\b", re.MULTILINE)


def rules_text() -> str:
    """The text of docs/rules.md."""
    return RULES_MD.read_text(encoding="utf-8")


def defined_ids(text: str) -> list[int]:
    """The rule ids the book defines, in the order it defines them (repeats kept)."""
    return [int(number) for number in ID_DEFINED.findall(text)]


def ids_named_in(path: Path) -> set[int]:
    """The rule ids a source file names anywhere: code, comments, docstrings, strings, test names."""
    return {int(number) for number in ID_IN_CODE.findall(path.read_text(encoding="utf-8"))}


def code_files() -> list[Path]:
    """The Python files whose rule ids must be in the book: tests/**/*.py and game/**/*.py."""
    return sorted(REPO.glob("tests/**/*.py")) + sorted(REPO.glob("game/**/*.py"))


def event_table(text: str) -> dict[str, set[str]]:
    """The docs' event table: each event type with the fields listed for it.

    A table row names its event in the first cell (blank: the event of the row above) and a field in the second.
    """
    table: dict[str, set[str]] = {}
    section = text.partition("### Event types and their fields")[2]
    assert section, "docs/rules.md has no '### Event types and their fields' section"
    event = ""
    for line in section.splitlines():
        if not line.startswith("|"):
            if table:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] == "event" or all(re.fullmatch(r":?-+:?", cell) for cell in cells):
            continue
        if cells[0]:
            event = cells[0].strip("`")
        if event:
            table.setdefault(event, set()).add(cells[1].strip("`"))
    return table


# ----- the tests -----------------------------------------------------------------------------------

def test_docs_rules_defines_exactly_R1_to_R22_each_once_and_in_order() -> None:
    ids = defined_ids(rules_text())
    first = [rule for rule in ids if rule <= RULE_COUNT]
    assert first == list(range(1, RULE_COUNT + 1)), f"docs/rules.md defines {ids}, not R1 to R{RULE_COUNT} in order"
    assert sorted(ids) == RULE_IDS, f"docs/rules.md defines {ids}, not each of {RULE_IDS} once"


def test_every_rule_id_named_in_the_code_is_in_docs_rules() -> None:
    known = set(defined_ids(rules_text()))
    unknown = {}
    for path in code_files():
        missing = ids_named_in(path) - known
        if missing:
            unknown[str(path.relative_to(REPO))] = sorted(f"R{n}" for n in missing)
    assert not unknown, f"rule ids with no heading in docs/rules.md: {unknown}"


def test_the_rule_id_check_finds_ids_in_test_names_comments_and_strings(tmp_path: Path) -> None:
    # the ids are put together here, so that this file names no unknown id itself
    sample = tmp_path / "sample.py"
    sample.write_text(f'def test_{"R"}22_typo() -> None:\n    """{"R"}93 here."""\n    # {"R"}94, {"R"}95–{"R"}96\n'
                      f'x = "{"R"}97: no"  # not ids: CR2, R2D2, R3x, 4R5\n', encoding="utf-8")
    assert ids_named_in(sample) == {22, 93, 94, 95, 96, 97}
    assert not ids_named_in(sample) <= set(defined_ids(rules_text()))


def test_a_rule_id_mentioned_only_in_passing_is_not_a_definition() -> None:
    text = "### R1. Deck\n\nSee R2 and **R3** for more.\n\n**R4.** Lead-in\n| R5 | table |\n"
    assert defined_ids(text) == [1, 4]


def test_every_event_type_and_field_is_in_the_docs_event_table() -> None:
    table = event_table(rules_text())
    problems = []
    for kind, fields in event_fields().items():
        if kind not in table:
            problems.append(f"event {kind} is missing")
            continue
        problems += [f"{kind}.{field} is missing" for field in fields if field not in table[kind]]
    assert not problems, f"docs/rules.md's event table: {problems}"


def test_the_docs_event_table_lists_no_event_or_field_the_log_does_not_have() -> None:
    known = event_fields()
    extra = [f"{kind}.{field}" for kind, fields in event_table(rules_text()).items()
             for field in sorted(fields) if field not in known.get(kind, ())]
    assert not extra, f"in docs/rules.md's event table but not in the log: {extra}"


def test_every_rules_key_is_in_docs_rules() -> None:
    text = rules_text()
    missing = [key for key in rules_keys() if f"`{key}`" not in text and f"### {key}" not in text]
    assert not missing, f"rules keys docs/rules.md does not describe: {missing}"


def test_the_readme_is_short_and_links_every_doc() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MOST_LINES, f"README.md is over {README_MOST_LINES} lines"
    unlinked = [str(doc.relative_to(REPO)) for doc in DOCS if f"({doc.relative_to(REPO).as_posix()})" not in text]
    assert not unlinked, f"README.md does not link {unlinked}"


def test_the_readme_picture_is_in_the_repository() -> None:
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README.read_text(encoding="utf-8"))
    assert pictures, "README.md shows no picture"
    assert all((REPO / picture).is_file() for picture in pictures), pictures


def anchors(doc: Path) -> set[str]:
    """The anchors of a doc's headings, as GitHub makes them ("## The player's agency" is the-players-agency)."""
    headings = re.findall(r"^#{1,6}[ \t]+(.+?)[ \t]*$", doc.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_every_link_between_the_docs_finds_its_file_and_heading() -> None:
    broken = []
    for doc in [README, *DOCS]:
        for target, anchor in re.findall(r"\]\(([^)#:]*)(?:#([^)]*))?\)", doc.read_text(encoding="utf-8")):
            path = doc.parent / target if target else doc
            if not path.exists() or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
                broken.append(f"{doc.relative_to(REPO)} -> {target}#{anchor}")
    assert not broken, f"links to no file or no heading: {broken}"


def test_a_heading_s_anchor_is_github_s(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("# Title\n\n## The player's agency, measured\n\n### `look` (R2)\n", encoding="utf-8")
    assert anchors(doc) == {"title", "the-players-agency-measured", "look-r2"}


def test_the_readme_and_the_players_guide_name_every_language() -> None:
    for doc in (README, REPO / "docs" / "playing.md"):
        text = doc.read_text(encoding="utf-8")
        missing = [name for name in languages().values() if name not in text]
        assert not missing, f"{doc.name} does not name {missing}"


def test_every_count_the_docs_quote_is_the_count_of_what_ships() -> None:
    wrong = [f"{doc}: {words!r}" for doc, words in quoted_counts()
             if words not in (REPO / doc).read_text(encoding="utf-8")]
    assert not wrong, f"counts the docs quote that are not what ships (or were reworded): {wrong}"


def named_paths(text: str) -> list[str]:
    """The repository paths a doc names in backticks (`game/app/canvas.py`), placeholders and globs left out."""
    found = re.findall(r"`((?:game|tools|tests|config|assets|docs|\.ci)/[^`\s]*)`", text)
    return [path.rstrip("/") for path in found if not re.search(r"[<>*{}]|[A-Z]{3,}", path)]


def named_modules(text: str) -> list[str]:
    """The dotted names a doc gives in backticks (`game.campaign.model`, `game.x.load(path)`), without arguments."""
    return list(re.findall(r"`(game(?:\.\w+)+)(?:\([^`]*\))?`", text))


def resolves(name: str) -> bool:
    """Whether a dotted name is a module of the game, or a name one of its modules defines."""
    parts = name.split(".")
    found: object = None
    for depth, part in enumerate(parts):
        if hasattr(found, part):
            found = getattr(found, part)
            continue
        if found is not None and not hasattr(found, "__path__"):
            return False  # a name a module does not define
        try:
            found = importlib.import_module(".".join(parts[:depth + 1]))
        except ModuleNotFoundError:
            return False
    return True


def test_every_path_and_module_the_docs_name_is_there() -> None:
    missing = []
    for doc in [README, *DOCS]:
        text = doc.read_text(encoding="utf-8")
        missing += [f"{doc.name}: {path}" for path in named_paths(text)
                    if path not in NOT_IN_A_CHECKOUT and not (REPO / path).exists()]
        missing += [f"{doc.name}: {name}" for name in named_modules(text) if not resolves(name)]
    assert not missing, f"named in the docs but not in the repository (moved? update the doc): {missing}"


def test_the_path_check_reads_paths_and_names_as_the_docs_write_them() -> None:
    loader = "game.campaign.campaign_file.load_campaign"
    text = f"`game/app/canvas.py`, `config/locales/<lang>/`, `config/AREA.yaml`, `{loader}(path)`"
    assert named_paths(text) == ["game/app/canvas.py"] and named_modules(text) == [loader]
    assert resolves(loader) and resolves("game.campaign.daily") and resolves("game.campaign.daily.DailyBests")
    assert not resolves("game.campaign.no_such_loader") and not resolves("game.no_such_package")
    assert not resolves("game.campaign.daily.no_such_name") and not resolves("game.campaign.daily.DailyBests.nope")


def test_the_command_line_doc_has_every_command_and_option() -> None:
    text = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    missing = [name for name in commands() if f"| `python main.py {name}" not in text]
    missing += [option for option in ("--data-dir DIR", "--lang CODE", "--campaign FILE") if option not in text]
    assert "check-config" in commands() and not missing, f"docs/commands.md does not describe {missing}"


def test_a_count_in_words_reads_as_the_docs_write_it() -> None:
    assert (word(0), word(7), word(12), word(13), word(1200)) == ("no", "seven", "twelve", "13", "1,200")


def test_the_module_table_is_the_one_the_docstrings_write() -> None:
    table = module_table()
    assert not table.undocumented(), f"modules with no docstring: {table.undocumented()}"
    assert not table.stale(), f"docs/architecture.md's table of modules is out of step: run {table.WRITE_COMMAND}"


def test_a_changed_docstring_shows_in_the_module_table(tmp_path: Path) -> None:
    table = module_table()
    (tmp_path / "game" / "engine").mkdir(parents=True)
    (tmp_path / "tools").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "main.py").write_text('"""Start here."""\n', encoding="utf-8")
    module = tmp_path / "game" / "engine" / "cards.py"
    module.write_text('"""Cards: A | B.\n\nMore words."""\n', encoding="utf-8")
    (tmp_path / "tools" / "make.py").write_text("x = 1\n", encoding="utf-8")
    doc = tmp_path / "docs" / "architecture.md"
    doc.write_text(f"# Map\n\n{table.BEGIN}\nold\n{table.END}\n\nAfter.\n", encoding="utf-8")
    assert table.stale(tmp_path)
    assert table.undocumented(tmp_path) == [Path("tools/make.py")]
    written = table.with_table(doc.read_text(encoding="utf-8"), tmp_path)
    assert "| `game/engine/cards.py` | Cards: A \\| B. |" in written and "| `main.py` | Start here. |" in written
    assert "old" not in written and written.endswith("\n\nAfter.\n")
    doc.write_text(written, encoding="utf-8")
    assert not table.stale(tmp_path)
    module.write_text('"""Cards, changed."""\n', encoding="utf-8")
    assert table.stale(tmp_path)
