"""Campaign files: a road of venues in YAML in, a validated `Campaign` out, or every mistake with its line.

A venue names its rules file (a name from config/rules, or a .yaml path next to
the campaign file) and its opponents (character ids from config/personalities);
both are loaded and checked here, so a campaign that loads can be played. The
venue's number of opponents and deals replace the rules file's `players` and
`deals`. Venues are counted from 1 in problem lines: `venues[2].goal`.

A shipped campaign keeps its words in the locale files: `texts: road` (an area of `TEXT_AREAS`) means the
road's name, description and ante_note, and each venue's name and intro, are `road.name` ...
`road.venues.<id>.intro` in `config/locales/<lang>/road.yaml`. The `Campaign` and its `Venue`s then hold
the English words (saves are keyed by the English name) and show the current language's through `title()` and `story()`.
The problems are kept as values and worded when shown (area `campaign_file`): the map shows them.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from game.engine.charms import CharmSpec
from game.engine.rules import MAX_PLAYERS, MIN_PLAYERS, RulesError, RuleSet
from game.locale import FALLBACK, english

from ..ai.character_file import character_ids
from ..config.charm_file import load_charms
from ..config.checker import Checker, nearest
from ..config.errors import ConfigError, Joined, why
from ..config.kinds import ConfigKind, register_kind
from ..config.rules_file import RULES_DIR, YAML_SUFFIXES, load_rules, rules_names, rules_problem_line, text_problem
from ..config.yaml_lines import YamlDocument, describe, read_yaml_file, read_yaml_text, shorten
from ..locale.shown import shown_name
from ..locale.words import Words
from .charm_road import MAX_HOLD, MAX_OFFERS, MAX_PRICE, CharmRoad
from .spec import TABLE_LOOKS, TEXT_AREAS, UNLOCK_KINDS, Campaign, Goal, Unlock, Venue

CAMPAIGN_FILE = RULES_DIR.parent / "campaign.yaml"
TOP_KEYS = ("name", "description", "bankroll", "ante_note", "texts", "charms", "venues")
REQUIRED_TOP = ("name", "bankroll", "venues")
TEXT_TOP = ("name", "description", "ante_note")  # with `texts: AREA` these come from the locale area
TEXT_VENUE = ("name", "intro")
VENUE_KEYS = ("id", "name", "intro", "rules", "opponents", "deals", "goal", "unlocks", "host_charms")
CHARMS_KEYS = ("hold", "choice", "shop", "prices")  # a road with charms (see game.campaign.charm_road)
REQUIRED_VENUE = ("id", "name", "intro", "rules", "opponents", "deals", "goal")
GOAL_KEYS = ("finish", "finish_top", "chips_at_least")
FINISH_WORDS = ("first",)
MAX_NAME = 40
MAX_TEXT = 400
MAX_DEALS = 100
MAX_BANKROLL = 10**6
MIN_OPPONENTS = MIN_PLAYERS - 1
MAX_OPPONENTS = MAX_PLAYERS - 1
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")

_HINTED = ("name", "bankroll", "venues", "id", "intro", "rules", "opponents", "deals", "goal")  # campaign_file.hints.*


def _hints() -> dict[str, Words]:
    """What to add for each missing key."""
    examples = {"first": "`goal: {finish: first}`", "chips": "`goal: {chips_at_least: 50}`"}  # for the goal's words
    return {key: why(f"campaign_file.hints.{key}", **examples) for key in _HINTED}


def load_campaign(path: str | Path = CAMPAIGN_FILE) -> Campaign:
    """Load and validate a campaign file (default: config/campaign.yaml); raise ConfigError listing every problem."""
    return campaign_from_document(read_yaml_file(path), Path(path).resolve().parent)


def load_campaign_text(text: str, source_name: str = "<text>", folder: str | Path | None = None) -> Campaign:
    """Load and validate a campaign from YAML text; rules paths are relative to `folder` (default: cwd)."""
    return campaign_from_document(read_yaml_text(text, source_name), Path(folder or "."))


def campaign_from_document(doc: YamlDocument, folder: Path) -> Campaign:
    """Validate a parsed campaign document and build its Campaign; raise ConfigError listing every problem."""
    check = _CampaignChecker(doc, folder)
    raw = doc.data if isinstance(doc.data, dict) else {}
    check.area = check.texts("texts", raw["texts"]) if "texts" in raw else ""
    required = tuple(k for k in REQUIRED_TOP if not (check.area and k in TEXT_TOP))
    data = check.mapping("", doc.data, TOP_KEYS, required, hints=_hints())
    if check.area:
        name = check.from_texts("texts", "name", data)
        description = check.from_texts("texts", "description", data, blank_ok=True)
        ante_note = check.from_texts("texts", "ante_note", data, blank_ok=True)
    else:
        name = check.text("name", data["name"], MAX_NAME) if "name" in data else None
        description = check.text("description", data["description"], MAX_TEXT, blank_ok=True) \
            if "description" in data else ""
        ante_note = check.text("ante_note", data["ante_note"], MAX_TEXT, blank_ok=True) \
            if "ante_note" in data else ""
    bankroll = check.whole("bankroll", data["bankroll"], 1, MAX_BANKROLL) if "bankroll" in data else None
    charms = check.charm_road("charms", data["charms"]) if "charms" in data else None
    check.with_charms = "charms" in data
    venues = check.venues("venues", data["venues"]) if "venues" in data else None
    if venues and charms is not None:
        check.idle_prices("charms.prices", charms, venues)
    if venues and bankroll is not None and not venues[0].can_play(bankroll):
        check.add("bankroll", why("campaign_file.first_ante", bankroll=bankroll, ante=venues[0].ante))
    if check.problems:
        raise ConfigError(check.problems)
    assert name is not None and bankroll is not None and venues is not None
    return Campaign(name=name, bankroll=bankroll, venues=tuple(venues), description=description or "",
                    ante_note=ante_note or "", source=doc.source, texts=check.area, charms=charms)


class _CampaignChecker(Checker):
    """Reads a campaign document part by part, collecting a problem for every mistake."""

    def __init__(self, doc: YamlDocument, folder: Path) -> None:
        super().__init__(doc, {})
        self.folder = folder
        self.area = ""  # the locale area named by `texts:`, when the words live in the locale files
        self.with_charms = False  # the file declares `charms:` (a venue's host_charms need it)
        self._charms: dict[str, CharmSpec] | None = None
        self._rules: dict[str, RuleSet | None] = {}

    def texts(self, key: str, raw: Any) -> str:
        """`texts: AREA`: the locale area (config/locales/en/AREA.yaml) holding the campaign's words."""
        if not isinstance(raw, str) or raw.strip() not in TEXT_AREAS:
            self.add(key, why("campaign_file.texts_area", areas=", ".join(TEXT_AREAS), what=describe(raw)))
            return ""
        return raw.strip()

    def from_texts(self, key: str, name: str, data: dict[str, Any], blank_ok: bool = False,
                   where: str = "") -> str | None:
        """The English words of `AREA.<name>`; a problem when the file writes them too or English lacks them."""
        place = f"{where}.{name}" if where else name
        if name in data:
            self.add(place, why("campaign_file.from_texts", area=self.area))
            return None
        entry = TEXT_AREAS[self.area](name)
        found = english(entry)
        if not isinstance(found, str) or (not found.strip() and not blank_ok):
            self.add(key, why("campaign_file.no_words", entry=entry,
                             file=f"config/locales/{FALLBACK}/{self.area}.yaml"))
            return None
        return " ".join(found.split())

    def text(self, key: str, raw: Any, limit: int, blank_ok: bool = False) -> str | None:
        """One line of text (a folded YAML block is joined), at most `limit` characters."""
        if isinstance(raw, str):
            raw = " ".join(raw.split())
            if not raw and blank_ok:
                return ""
        return self.one_line(key, raw, limit)

    def whole(self, key: str, raw: Any, low: int, high: int) -> int | None:
        """A whole number from `low` to `high`."""
        value = self.number(key, raw, whole=True)
        if value is None:
            return None
        if not low <= value <= high:
            self.add(key, why("campaign_file.range", low=low, high=high, value=value))
            return None
        return int(value)

    def venues(self, key: str, raw: Any) -> list[Venue] | None:
        """The list of venues, each checked, with ids unique."""
        if not isinstance(raw, list) or not raw:
            self.add(key, why("campaign_file.venues", what=describe(raw)))
            return None
        venues: list[Venue] = []
        bad = False
        first: dict[str, int] = {}  # venue id -> the number of the venue that has it
        for number, item in enumerate(raw, start=1):
            where = f"{key}[{number}]"
            venue = self.venue(where, item, self.doc.item_line(key, number - 1))
            if venue is None:
                bad = True
            else:
                venues.append(venue)
            venue_id = item.get("id") if isinstance(item, dict) else None
            if not isinstance(venue_id, str):
                continue
            if venue_id in first:
                self.add(f"{where}.id", why("campaign_file.id_twice", id=repr(venue_id), number=first[venue_id],
                                           line=self.doc.line_of(f"{key}[{first[venue_id]}].id")))
                bad = True
            else:
                first[venue_id] = number
        return None if bad else venues

    def venue(self, key: str, raw: Any, line: int | None) -> Venue | None:
        """One venue: a mapping of id, name, intro, rules, opponents, deals, goal and unlocks."""
        if not isinstance(raw, dict):
            self.add(key, why("campaign_file.not_a_venue", keys=", ".join(REQUIRED_VENUE), what=describe(raw)), line)
            return None
        before = len(self.problems)
        required = tuple(k for k in REQUIRED_VENUE if not (self.area and k in TEXT_VENUE))
        data = self.mapping(key, raw, VENUE_KEYS, required, hints=_hints())
        venue_id = self.venue_id(f"{key}.id", data["id"]) if "id" in data else None
        if self.area:
            name = intro = None
            if venue_id is not None:
                name = self.from_texts(f"{key}.id", f"venues.{venue_id}.name", {}, where=key)
                intro = self.from_texts(f"{key}.id", f"venues.{venue_id}.intro", {}, where=key)
            for written in TEXT_VENUE:
                if written in data:
                    self.add(f"{key}.{written}", why("campaign_file.from_texts", area=self.area))
        else:
            name = self.text(f"{key}.name", data["name"], MAX_NAME) if "name" in data else None
            intro = self.text(f"{key}.intro", data["intro"], MAX_TEXT) if "intro" in data else None
        rules = self.rules(f"{key}.rules", data["rules"]) if "rules" in data else None
        opponents = self.opponents(f"{key}.opponents", data["opponents"]) if "opponents" in data else None
        deals = self.whole(f"{key}.deals", data["deals"], 1, MAX_DEALS) if "deals" in data else None
        goal = self.goal(f"{key}.goal", data["goal"], opponents) if "goal" in data else None
        unlocks = self.unlocks(f"{key}.unlocks", data["unlocks"]) if "unlocks" in data else ()
        hosts = self.host_charms(f"{key}.host_charms", data["host_charms"], opponents) \
            if "host_charms" in data else ()
        if len(self.problems) > before or None in (venue_id, name, intro, rules, opponents, deals, goal, unlocks,
                                                   hosts):
            return None
        assert isinstance(rules, RuleSet) and opponents is not None and deals is not None and goal is not None
        try:
            table = dataclasses.replace(rules, players=len(opponents) + 1, deals=deals)
        except RulesError as error:
            self.add(f"{key}.rules", why("campaign_file.cannot_play", opponents=len(opponents), deals=deals,
                                         why=Joined("; ", tuple(rules_problem_line(p) for p in error.problems))))
            return None
        assert venue_id is not None and name is not None and intro is not None and unlocks is not None
        assert hosts is not None
        self.idle_hosts(f"{key}.host_charms", hosts, table)
        return Venue(id=venue_id, name=name, intro=intro, rules_name=str(data["rules"]).strip(), rules=table,
                     opponents=opponents, goal=goal, unlocks=unlocks, texts=self.area, host_charms=hosts)

    def venue_id(self, key: str, raw: Any) -> str | None:
        """A short lower-case id, as saves and unlocks name the venue."""
        if not isinstance(raw, str) or not ID_PATTERN.match(raw):
            self.add(key, why("campaign_file.venue_id", what=describe(raw)))
            return None
        return raw

    def rules(self, key: str, raw: Any) -> RuleSet | None:
        """The venue's rules: a name from config/rules, or a .yaml path relative to the campaign file."""
        if not isinstance(raw, str) or not raw.strip():
            self.add(key, why("campaign_file.rules_name", names=", ".join(rules_names()), what=describe(raw)))
            return None
        wrong = text_problem(raw)  # a control character (NUL) names no file: said here, never met by the system
        if wrong is not None:
            self.add(key, wrong)
            return None
        name = raw.strip()
        if name not in self._rules:
            self._rules[name] = self._load_rules(key, name)
        elif self._rules[name] is None:
            self.add(key, why("campaign_file.rules_again", name=repr(name)))
        return self._rules[name]

    def _load_rules(self, key: str, name: str) -> RuleSet | None:
        """Load a rules file once; its problems are reported at this key, with the file's own lines."""
        given = Path(name)
        if given.suffix.lower() in YAML_SUFFIXES or len(given.parts) > 1:
            path = given if given.is_absolute() else self.folder / given
        else:
            known = rules_names()
            if name not in known:
                near = _near(name, known)
                self.add(key, why("campaign_file.no_rules", name=shorten(repr(name)), near=near,
                                 names=", ".join(known)))
                return None
            path = RULES_DIR / f"{name}.yaml"
            path = path if path.is_file() else path.with_suffix(".yml")
        try:
            return load_rules(path)
        except ConfigError as error:
            self.add(key, why("campaign_file.rules_problems", path=shorten(shown_name(path), 80),
                              problems=Joined(" | ", error.details)))
            return None

    def opponents(self, key: str, raw: Any) -> tuple[str, ...] | None:
        """Two to seven character ids, each a character that loads, none twice."""
        if not isinstance(raw, list) or not MIN_OPPONENTS <= len(raw) <= MAX_OPPONENTS:
            self.add(key, why("campaign_file.opponents", low=MIN_OPPONENTS, high=MAX_OPPONENTS, seats_low=MIN_PLAYERS,
                             seats_high=MAX_PLAYERS, what=describe(raw)))
            return None
        known = character_ids()
        found: list[str] = []
        bad = False
        for index, item in enumerate(raw):
            line = self.doc.item_line(key, index)
            if not isinstance(item, str) or item not in known:
                near = _near(item, known)
                self.add(key, why("campaign_file.no_character", item=index + 1, name=_shown(item), near=near,
                                 names=", ".join(known) or why("campaign_file.none")), line)
                bad = True
            elif item in found:
                self.add(key, why("campaign_file.seated_twice", item=index + 1, id=item), line)
                bad = True
            else:
                found.append(item)
        return None if bad else tuple(found)

    def goal(self, key: str, raw: Any, opponents: tuple[str, ...] | None) -> Goal | None:
        """`{finish: first}`, `{finish_top: N}` and/or `{chips_at_least: N}`."""
        example = "{finish: first}, {finish_top: 2} or {chips_at_least: 50}"
        if not isinstance(raw, dict) or not raw:
            self.add(key, why("campaign_file.goal", example=example, what=describe(raw)))
            return None
        data = self.mapping(key, raw, GOAL_KEYS, ())
        if len(data) != len(raw):
            return None
        seats = len(opponents) + 1 if opponents is not None else MAX_PLAYERS
        top = None
        if "finish" in data and "finish_top" in data:
            self.add(f"{key}.finish_top", why("campaign_file.finish_both"))
            return None
        if "finish" in data:
            word = data["finish"]
            if word not in FINISH_WORDS:
                self.add(f"{key}.finish", why("campaign_file.finish", what=describe(word)))
                return None
            top = 1
        if "finish_top" in data:
            top = self.whole(f"{key}.finish_top", data["finish_top"], 1, seats - 1)
            if top is None:
                return None
        chips = None
        if "chips_at_least" in data:
            chips = self.whole(f"{key}.chips_at_least", data["chips_at_least"], 1, MAX_BANKROLL)
            if chips is None:
                return None
        return Goal(finish_top=top, chips_at_least=chips)

    def unlocks(self, key: str, raw: Any) -> tuple[Unlock, ...] | None:
        """`{character: ID, look: NAME, rules: NAME}`, each an id or a list of ids, every one existing."""
        if raw is None:
            return ()
        if not isinstance(raw, dict):
            self.add(key, why("campaign_file.unlocks", what=describe(raw)))
            return None
        data = self.mapping(key, raw, UNLOCK_KINDS, ())
        bad = len(data) != len(raw)
        targets = {"character": character_ids(), "look": list(TABLE_LOOKS), "rules": rules_names()}
        found: list[Unlock] = []
        for kind, value in data.items():
            where = f"{key}.{kind}"
            items = value if isinstance(value, list) else [value]
            for index, item in enumerate(items):
                line = self.doc.item_line(where, index) if isinstance(value, list) else None
                if not isinstance(item, str) or item not in targets[kind]:
                    near = _near(item, targets[kind])
                    self.add(where, why("campaign_file.no_target", kind=kind, name=_shown(item), near=near,
                                       names=", ".join(targets[kind]) or why("campaign_file.none")), line)
                    bad = True
                elif Unlock(kind, item) not in found:
                    found.append(Unlock(kind, item))
        return None if bad else tuple(found)


    def charm_ids(self, key: str) -> list[str]:
        """The ids of the charms of config/charms (loaded once); a problem at `key` when those files have one."""
        return list(self.charms(key))

    def charms(self, key: str) -> dict[str, CharmSpec]:
        """The charms of config/charms by id (loaded once); a problem at `key` when those files have one."""
        if self._charms is None:
            try:
                self._charms = load_charms()
            except ConfigError as error:
                self.add(key, why("charm_road.file.charm_files", problems=Joined(" | ", error.details)))
                self._charms = {}
        return self._charms

    def idle_hosts(self, key: str, hosts: tuple[tuple[str, tuple[str, ...]], ...], table: RuleSet) -> None:
        """A problem for each host's charm that has nothing to do at this venue's table."""
        for host, ids in hosts:
            for charm_id in ids:
                idle = self.charms(key).get(charm_id)
                reason = idle.idle_at(table, table.players) if idle is not None else None
                if reason is not None:
                    self.add(f"{key}.{host}", why("charm_idle.host", id=charm_id,
                                                  why=why(f"charm_idle.why.{reason}")))

    def idle_prices(self, key: str, road: CharmRoad, venues: list[Venue]) -> None:
        """A problem for each charm the road sells that has nothing to do at any of its venues."""
        for charm_id in road.ids:
            spec = self.charms(key).get(charm_id)
            if spec is not None and venues and not any(spec.acts_under(v.rules, v.rules.players) for v in venues):
                reason = spec.idle_at(venues[0].rules, venues[0].rules.players) or "hand"
                self.add(f"{key}.{charm_id}", why("charm_idle.everywhere", id=charm_id,
                                                  why=why(f"charm_idle.why.{reason}")))

    def charm_road(self, key: str, raw: Any) -> CharmRoad | None:
        """`charms: {hold: N, choice: N, shop: N, prices: {ID: PRICE, ...}}`: the road's charm rules."""
        if not isinstance(raw, dict):
            self.add(key, why("charm_road.file.charms", what=describe(raw)))
            return None
        before = len(self.problems)
        data = self.mapping(key, raw, CHARMS_KEYS, ("prices",))
        hold = self.whole(f"{key}.hold", data["hold"], 1, MAX_HOLD) if "hold" in data else 4
        choice = self.whole(f"{key}.choice", data["choice"], 1, MAX_OFFERS) if "choice" in data else 3
        shop = self.whole(f"{key}.shop", data["shop"], 1, MAX_OFFERS) if "shop" in data else 3
        prices = self.prices(f"{key}.prices", data["prices"]) if "prices" in data else None
        if len(self.problems) > before or None in (hold, choice, shop, prices):
            return None
        assert hold is not None and choice is not None and shop is not None and prices is not None
        return CharmRoad(prices, hold, choice, shop)

    def prices(self, key: str, raw: Any) -> tuple[tuple[str, int], ...] | None:
        """`{ID: PRICE, ...}`: at least one charm of config/charms, each with its price in chips."""
        if not isinstance(raw, dict) or not raw:
            self.add(key, why("charm_road.file.prices", what=describe(raw)))
            return None
        known = self.charm_ids(key)
        found: list[tuple[str, int]] = []
        bad = False
        for charm_id, price in raw.items():
            if not isinstance(charm_id, str) or charm_id not in known:
                self.add(key, why("charm_road.file.no_charm", name=_shown(charm_id), near=_near(charm_id, known),
                                  names=", ".join(known) or why("campaign_file.none")))
                bad = True
                continue
            value = self.whole(f"{key}.{charm_id}", price, 0, MAX_PRICE)
            if value is None:
                bad = True
            else:
                found.append((charm_id, value))
        return None if bad else tuple(found)

    def host_charms(self, key: str, raw: Any, opponents: tuple[str, ...] | None) \
            -> tuple[tuple[str, tuple[str, ...]], ...] | None:
        """`{CHARACTER: [ID, ...]}`: the charms an opponent of this venue holds at its table."""
        if not self.with_charms:
            self.add(key, why("charm_road.file.hosts_need_charms"))
            return None
        if not isinstance(raw, dict):
            self.add(key, why("charm_road.file.host_charms", what=describe(raw)))
            return None
        known = self.charm_ids(key)
        seated = list(opponents or ())
        found: list[tuple[str, tuple[str, ...]]] = []
        bad = False
        for host, charms in raw.items():
            where = f"{key}.{host}"
            if not isinstance(host, str) or host not in seated:
                self.add(key, why("charm_road.file.not_seated", name=_shown(host), names=", ".join(seated) or "-"))
                bad = True
                continue
            items = charms if isinstance(charms, list) else [charms]
            ids: list[str] = []
            for item in items:
                if not isinstance(item, str) or item not in known:
                    self.add(where, why("charm_road.file.no_charm", name=_shown(item), near=_near(item, known),
                                        names=", ".join(known) or why("campaign_file.none")))
                    bad = True
                elif item in ids:
                    self.add(where, why("charm_road.file.charm_twice", id=item))
                    bad = True
                else:
                    ids.append(item)
            if not ids and not bad:
                self.add(where, why("charm_road.file.host_charms", what=describe(charms)))
                bad = True
            found.append((host, tuple(ids)))
        return None if bad else tuple(found)


def _near(raw: Any, known: list[str]) -> Words | str:
    """'did you mean X? ' for the closest known word, or nothing."""
    close = nearest(raw, known)
    return why("campaign_file.did_you_mean", name=close).and_then(" ") if close is not None else ""


def _shown(raw: Any) -> Words | str:
    """A name as the file wrote it, or what the value is when it is not text."""
    return shorten(repr(raw)) if isinstance(raw, str) else describe(raw)


CAMPAIGN_KIND = register_kind(ConfigKind(
    name="campaign", folders=("campaign", "campaigns"), load=load_campaign,
    keys=frozenset({"venues", "bankroll", "ante_note"}), name_words=("campaign",)))
