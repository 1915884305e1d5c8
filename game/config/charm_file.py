"""Charm files (`config/charms/<id>.yaml`, one charm a file): YAML in, a checked `CharmSpec` out, or every mistake
with its line (R31).

One file a charm, so a charm of one's own is one new file (and its words), and a mistake is named by the file of
the charm it is in. A charm's words, its name and one line saying what it does, are `charms.<id>.name` and
`charms.<id>.description` in `config/locales/<lang>/charms.yaml` (English's at least). The problems are kept as
values and worded when shown (area `charm_file`, with the character files' words for what any file gets wrong).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.engine.charms import CHARM_ID, EFFECTS, MAX_FEE, MAX_USES, USES_WORDS, CharmSpec

from ..bundle import CONFIG_DIR
from ..locale import english
from ..locale.shown import shown_name
from ..locale.words import Words
from ..regular_file import present
from .checker import Checker, nearest, shown_number
from .errors import ConfigError, Problem, why
from .kinds import ConfigKind, register_kind
from .rules_file import YAML_SUFFIXES
from .yaml_lines import YamlDocument, describe, read_yaml_file, read_yaml_text

CHARMS_DIR = CONFIG_DIR / "charms"
KEYS = ("id", "effect", "when", "uses", "params", "fee")
REQUIRED = ("id", "effect", "when", "uses")
_EXAMPLES = {"id": "id: glimpse", "effect": "effect: peek_dead", "when": "when: after_deal", "uses": "uses: session"}


def load_charm(path: str | Path) -> CharmSpec:
    """Load and check one charm file; ConfigError listing every problem."""
    return charm_from_document(read_yaml_file(path))


def load_charm_text(text: str, source_name: str = "<text>") -> CharmSpec:
    """Load and check a charm from YAML text; `source_name` names it in problem lines."""
    return charm_from_document(read_yaml_text(text, source_name))


def charm_from_document(doc: YamlDocument) -> CharmSpec:
    """Check a parsed charm document and build its CharmSpec; ConfigError listing every problem."""
    check = Checker(doc, _EXAMPLES)
    data = check.mapping("", doc.data, KEYS, REQUIRED)
    charm_id = data.get("id")
    if "id" in data and not (isinstance(charm_id, str) and CHARM_ID.match(charm_id)):
        check.add("id", why("charm_file.id", what=describe(charm_id)))
        charm_id = None
    effect = _effect(check, data)
    when = _when(check, data, effect)
    uses = _uses(check, data)
    params = _params(check, data, effect)
    fee = _fee(check, data)
    if isinstance(charm_id, str) and not all(english(f"charms.{charm_id}.{key}") is not None
                                             for key in ("name", "description")):
        check.add("id", why("charm_file.no_words", id=charm_id))
    if check.problems:
        raise ConfigError(check.problems)
    assert isinstance(charm_id, str) and effect is not None and when is not None and uses is not None
    return CharmSpec(charm_id, effect, when, uses, params, fee)


def _effect(check: Checker, data: dict[str, Any]) -> str | None:
    raw = data.get("effect")
    if "effect" not in data:
        return None
    if isinstance(raw, str) and raw in EFFECTS:
        return raw
    near, effects = nearest(raw, list(EFFECTS)), ", ".join(EFFECTS)
    check.add("effect", why("charm_file.effect", effects=effects, what=describe(raw)) if near is None else
              why("charm_file.effect_near", effects=effects, what=describe(raw), near=near))
    return None


def _when(check: Checker, data: dict[str, Any], effect: str | None) -> str | None:
    raw = data.get("when")
    if "when" not in data or effect is None:
        return None
    moments = EFFECTS[effect].moments
    if isinstance(raw, str) and raw in moments:
        return raw
    check.add("when", why("charm_file.when", effect=effect, moments=", ".join(moments), what=describe(raw)))
    return None


def _uses(check: Checker, data: dict[str, Any]) -> int | str | None:
    raw = data.get("uses")
    if "uses" not in data:
        return None
    if (isinstance(raw, str) and raw in USES_WORDS) or (type(raw) is int and 1 <= raw <= MAX_USES):
        return raw
    check.add("uses", why("charm_file.uses", high=MAX_USES, what=describe(raw)))
    return None


def _params(check: Checker, data: dict[str, Any], effect: str | None) -> tuple[tuple[str, int], ...]:
    if "params" not in data or effect is None:
        return ()
    declared = dict(EFFECTS[effect].params)
    if not declared:
        check.add("params", why("charm_file.no_params", effect=effect))
        return ()
    found = check.mapping("params", data["params"], tuple(declared), ())
    params: list[tuple[str, int]] = []
    for name, raw in found.items():
        value = check.number(f"params.{name}", raw, whole=True)
        if value is None:
            continue
        param = declared[name]
        if not param.low <= value <= param.high:
            check.add(f"params.{name}", why("charm_file.range", low=param.low, high=param.high,
                                            value=shown_number(value)))
            continue
        params.append((name, int(value)))
    return tuple(params)


def _fee(check: Checker, data: dict[str, Any]) -> int:
    if "fee" not in data:
        return 0
    value = check.number("fee", data["fee"], whole=True)
    if value is None:
        return 0
    if not 0 <= value <= MAX_FEE:
        check.add("fee", why("charm_file.range", low=0, high=MAX_FEE, value=shown_number(value)))
        return 0
    return int(value)


def list_charm_files(folder: str | Path = CHARMS_DIR) -> list[Path]:
    """The charm files directly in `folder`, sorted by name (none when there is no such folder)."""
    base = Path(folder)
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir()
                  if p.suffix.lower() in YAML_SUFFIXES and not p.name.startswith(".") and present(p))


def load_charms(folder: str | Path = CHARMS_DIR) -> dict[str, CharmSpec]:
    """Every charm in `folder` by id, in the order of their files; ConfigError listing every problem of them all
    (an id two files give included)."""
    charms: dict[str, CharmSpec] = {}
    files: dict[str, str] = {}
    problems: list[Problem] = []
    for path in list_charm_files(folder):
        try:
            spec = load_charm(path)
        except ConfigError as error:
            problems += error.details
            continue
        if spec.id in charms:
            problems.append(Problem(str(path), why("charm_file.id_twice", id=spec.id, file=shown_name(files[spec.id])),
                                    None, "id"))
            continue
        charms[spec.id] = spec
        files[spec.id] = str(path)
    if problems:
        raise ConfigError(problems)
    return charms


def charms_by_id(ids: Iterable[str], folder: str | Path = CHARMS_DIR) -> tuple[CharmSpec, ...]:
    """The charms named by `ids`, in that order; ConfigError naming an id no file gives."""
    known = load_charms(folder)
    unknown = [charm_id for charm_id in ids if charm_id not in known]
    if unknown:
        raise ConfigError.single(shown_name(folder), why("charm_file.unknown", id=unknown[0],
                                                         names=", ".join(known) or "-"))
    return tuple(known[charm_id] for charm_id in ids)


def charm_name(spec: CharmSpec) -> Words:
    """The charm's name, worded when shown."""
    return why(f"charms.{spec.id}.name")


def charm_description(spec: CharmSpec) -> Words:
    """The charm's one line, worded when shown."""
    return why(f"charms.{spec.id}.description")


CHARM_KIND = register_kind(ConfigKind(name="charm", folders=("charms",), load=load_charm,
                                      keys=frozenset({"effect", "when", "uses"}), name_words=("charm",)))
