"""docs/rules.md keeps up with the code: its rule ids, the event table, the rules keys, and README's links."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES_MD = REPO / "docs" / "rules.md"
README = REPO / "README.md"
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
    """The Python files whose rule ids must be in the book: tests/*.py and game/**/*.py."""
    return sorted(REPO.glob("tests/*.py")) + sorted(REPO.glob("game/**/*.py"))


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


def test_readme_links_docs_rules() -> None:
    assert "(docs/rules.md)" in README.read_text(encoding="utf-8"), "README.md has no link to docs/rules.md"


def test_readme_links_docs_architecture() -> None:
    assert "(docs/architecture.md)" in README.read_text(encoding="utf-8"), \
        "README.md has no link to docs/architecture.md"
