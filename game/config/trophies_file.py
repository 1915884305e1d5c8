"""The trophy case's file, `config/trophies.yaml`: each trophy an `id:` and a condition from the small vocabulary
the game judges (`CONDITIONS`), with that condition's settings; a validated tuple of `Trophy` out, or every
mistake with its line (`path:line: key: why`, area `trophies_file`).

A trophy's words (its name, what it takes, and a hint while it is locked) are `trophies.list.<id>.*` in
`config/locales/<lang>/trophies.yaml`; a trophy English has no words for is a problem here, so every trophy the
game loads can be shown.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..locale import english
from ..locale.words import Words
from .checker import Checker, nearest, with_near
from .errors import ConfigError, why
from .kinds import ConfigKind, register_kind
from .rules_file import RULES_DIR
from .yaml_lines import YamlDocument, describe, read_yaml_file, read_yaml_text

TROPHIES_FILE = RULES_DIR.parent / "trophies.yaml"
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")
MODES = ("any", "free", "daily", "road")  # free play, the daily deal, a road's venue
MAX_TROPHIES = 200
WORDS = ("name", "takes", "hint")  # trophies.list.<id>.<word> in every language
Moment = Literal["deal", "session"]


@dataclass(frozen=True)
class Condition:
    """One word of the vocabulary: when it is judged (at a deal's end or a session's), the key naming its number
    and that number's range (none for a condition without one), and the optional keys it takes."""

    at: Moment
    number: tuple[str, int, int] | None = None
    options: tuple[str, ...] = ()


CONDITIONS: dict[str, Condition] = {
    # at a deal's end, from that deal's events, for the player's seat
    "boodle_hits": Condition("deal", ("cards", 1, 8)),  # hit this many boodle cards in one deal
    "boodle_sweep": Condition("deal"),  # hit every boodle card of the rules in one deal
    "out_first": Condition("deal", ("others_hold", 1, 60)),  # go out first while the others hold this many cards
    "pot": Condition("deal", ("chips", 1, 10_000)),  # take a pot of this many chips or more
    "run": Condition("deal", ("cards", 2, 52)),  # play this many of your own cards one after another in a run
    "out_with_charm_unused": Condition("deal"),  # go out first holding a charm not yet used this session
    "out_after_charm": Condition("deal"),  # go out first in a deal you used a charm in
    # at a session's end
    "win_session": Condition("session", None, ("mode", "without_hint", "seats", "with_charms")),
    "deals_in_row": Condition("session", ("deals", 2, 100), ("mode",)),  # go out first in this many deals running
    "finish_chips": Condition("session", ("times", 2, 20), ("mode",)),  # end with this many times your stack
    "comeback": Condition("session", ("percent", 1, 99), ("mode",)),  # win after falling to this % of your stack
    "clear_venue": Condition("session", None, ("without_hint", "with_charms")),  # meet a road venue's goal
    "clear_road": Condition("session", None, ("without_hint", "with_charms")),  # clear the road's last venue
    "charms_used": Condition("session", ("charms", 1, 100)),  # have used this many different charms, ever
    "trophies": Condition("session", None, ("all_of",)),  # hold every trophy named
}
COMMON_KEYS = ("id", "condition")
OPTION_KEYS = ("mode", "without_hint", "seats", "with_charms", "all_of")


@dataclass(frozen=True)
class Trophy:
    """One trophy as its file declares it: the condition and its settings (a number, `count`, when it has one)."""

    id: str
    condition: str
    count: int = 0
    mode: str = "any"
    without_hint: bool = False
    seats: int = 0  # at least this many seats at the table (0: any)
    with_charms: bool = False  # the player held charms
    all_of: tuple[str, ...] = ()

    @property
    def at(self) -> Moment:
        """When the trophy is judged: at a deal's end or a session's."""
        return CONDITIONS[self.condition].at


def load_trophies(path: str | Path = TROPHIES_FILE) -> tuple[Trophy, ...]:
    """Load and check a trophies file (default: config/trophies.yaml); ConfigError listing every problem."""
    return trophies_from_document(read_yaml_file(path))


def load_trophies_text(text: str, source_name: str = "<text>") -> tuple[Trophy, ...]:
    """Load and check trophies from YAML text."""
    return trophies_from_document(read_yaml_text(text, source_name))


@functools.cache
def shipped_trophies() -> tuple[Trophy, ...]:
    """The game's own trophies, read once (ConfigError if the file was damaged)."""
    return load_trophies()


def trophies_from_document(doc: YamlDocument) -> tuple[Trophy, ...]:
    """Check a parsed trophies document and build its trophies; ConfigError listing every problem."""
    check = _TrophyChecker(doc)
    data = check.mapping("", doc.data, ("trophies",), ("trophies",))
    raw = data.get("trophies")
    if "trophies" in data and (not isinstance(raw, list) or not raw or len(raw) > MAX_TROPHIES):
        check.add("trophies", why("trophies_file.list", limit=MAX_TROPHIES, what=describe(raw)))
        raw = None
    found: list[Trophy] = []
    first: dict[str, int] = {}
    for number, item in enumerate(raw or (), start=1):
        trophy = check.trophy(f"trophies[{number}]", item, doc.item_line("trophies", number - 1))
        named = item.get("id") if isinstance(item, dict) else None
        if isinstance(named, str) and named in first:  # said even when either of the two has other problems
            check.add(f"trophies[{number}].id", why("trophies_file.id_twice", id=named, number=first[named]))
            continue
        if isinstance(named, str):
            first[named] = number
        if trophy is not None:
            found.append(trophy)
    for trophy in found:
        for named in trophy.all_of:
            if named not in first:
                where = f"trophies[{first[trophy.id]}].all_of"
                check.add(where, _near("no_trophy", nearest(named, list(first)), name=named))
    for trophy in found:
        loop = _loop_through(trophy, {t.id: t for t in found})
        if loop:
            check.add(f"trophies[{first[trophy.id]}].all_of", why("trophies_file.loop", id=trophy.id,
                                                                   path=" → ".join(loop)))
    if check.problems:
        raise ConfigError(check.problems)
    return tuple(found)


def _loop_through(trophy: Trophy, by_id: dict[str, Trophy]) -> list[str]:
    """The trophies `trophy` needs that lead back to it ([] when none do): such a trophy could never be earned."""
    seen: set[str] = set()
    stack = [(named, [trophy.id, named]) for named in trophy.all_of]
    while stack:
        named, path = stack.pop()
        if named == trophy.id:
            return path
        if named in seen or named not in by_id:
            continue
        seen.add(named)
        stack += [(further, [*path, further]) for further in by_id[named].all_of]
    return []


def _near(code: str, near: str | None, **params: object) -> Words:
    """The words of `trophies_file.<code>`, naming the nearest known word when one is close (`<code>_near`)."""
    return with_near(f"trophies_file.{code}", near, **params)


class _TrophyChecker(Checker):
    """Reads a trophies document trophy by trophy, collecting a problem for every mistake."""

    def __init__(self, doc: YamlDocument) -> None:
        super().__init__(doc, {})

    def trophy(self, key: str, raw: Any, line: int | None) -> Trophy | None:
        """One trophy: its id, its condition and that condition's settings."""
        if not isinstance(raw, dict):
            self.add(key, why("trophies_file.not_a_trophy", what=describe(raw)), line)
            return None
        before = len(self.problems)
        word = raw.get("condition")
        condition = CONDITIONS.get(word) if isinstance(word, str) else None
        number = condition.number[0] if condition and condition.number else None
        if condition is None:  # every key some condition takes: only the condition itself is then said wrong
            known = COMMON_KEYS + OPTION_KEYS + tuple(sorted({c.number[0] for c in CONDITIONS.values() if c.number}))
        else:
            known = COMMON_KEYS + ((number,) if number else ()) + condition.options
        hints = {}
        if condition is not None and condition.number is not None:
            name, low, high = condition.number
            hints[name] = why("trophies_file.number_hint", name=name, low=low, high=high)
        data = self.mapping(key, raw, known, COMMON_KEYS + ((number,) if number else ()), hints=hints)
        trophy_id = self.trophy_id(f"{key}.id", data["id"]) if "id" in data else None
        if "condition" in data and condition is None:
            self.add(f"{key}.condition", _near("condition", nearest(word, list(CONDITIONS)),
                                                   words=", ".join(CONDITIONS), what=describe(word)))
        settings: dict[str, Any] = {}
        if condition is not None and condition.number is not None and number in data:
            _, low, high = condition.number
            settings["count"] = self.whole(f"{key}.{number}", data[number], low, high)
        if "mode" in data:
            settings["mode"] = self.mode(f"{key}.mode", data["mode"])
        for flag in ("without_hint", "with_charms"):
            if flag in data:
                settings[flag] = self.flag(f"{key}.{flag}", data[flag])
        if "seats" in data:
            settings["seats"] = self.whole(f"{key}.seats", data["seats"], 3, 8)
        if "all_of" in data:
            settings["all_of"] = self.ids(f"{key}.all_of", data["all_of"])
        elif word == "trophies":
            self.add(f"{key}.all_of", why("trophies_file.all_of_missing"), line)
        if len(self.problems) > before or trophy_id is None or condition is None or None in settings.values():
            return None
        return Trophy(trophy_id, str(word), **settings)

    def trophy_id(self, key: str, raw: Any) -> str | None:
        """An id of lower-case letters, digits and _, with English words in the locale files."""
        if not isinstance(raw, str) or not ID_PATTERN.match(raw):
            self.add(key, why("trophies_file.id", what=describe(raw)))
            return None
        missing = [word for word in WORDS if not isinstance(english(f"trophies.list.{raw}.{word}"), str)]
        if missing:
            self.add(key, why("trophies_file.no_words", id=raw, words=", ".join(missing),
                              file="config/locales/en/trophies.yaml"))
            return None
        return raw

    def whole(self, key: str, raw: Any, low: int, high: int) -> int | None:
        """A whole number from `low` to `high`."""
        value = self.number(key, raw, whole=True)
        if value is None:
            return None
        if not low <= value <= high:
            self.add(key, why("trophies_file.range", low=low, high=high, value=value))
            return None
        return int(value)

    def mode(self, key: str, raw: Any) -> str | None:
        """One of the modes a session is played in (or any)."""
        if raw not in MODES:
            self.add(key, _near("mode", nearest(raw, MODES), modes=", ".join(MODES),
                                    what=describe(raw)))
            return None
        return str(raw)

    def flag(self, key: str, raw: Any) -> bool | None:
        """true or false."""
        if not isinstance(raw, bool):
            self.add(key, why("trophies_file.flag", what=describe(raw)))
            return None
        return raw

    def ids(self, key: str, raw: Any) -> tuple[str, ...] | None:
        """A list of one or more trophy ids (checked against the file's trophies once all are read)."""
        if not isinstance(raw, list) or not raw or not all(isinstance(i, str) and ID_PATTERN.match(i) for i in raw):
            self.add(key, why("trophies_file.all_of", what=describe(raw)))
            return None
        return tuple(raw)


TROPHIES_KIND = register_kind(ConfigKind(
    name="trophies", folders=(), load=load_trophies, keys=frozenset({"trophies"}), name_words=("trophies",)))
