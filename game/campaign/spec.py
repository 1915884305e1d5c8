"""A campaign as data: venues with their table, goal and unlocks, as `campaign_file` builds them.

Bankroll and stacks ("table stakes"): the engine gives every seat the same
`RuleSet.starting_chips`, so a campaign cannot seat the player with their whole
bankroll and the opponents with the house stack. Instead each venue has a stake,
the `starting_chips` of its rules file. The player puts up the stake from their
bankroll, or the whole bankroll when it is smaller, and everyone at the table sits
down with that same stack (the house plays only for what the player can cover).
After the session the player's final chips go back into the bankroll:
`bankroll_after = bankroll - stack + final_chips`. A venue can be played only while
the bankroll covers the largest ante there (the dealer's, `RuleSet.max_ante`), which
is also what the engine needs of a stack.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass

from game.engine.rules import RuleSet
from game.engine.rules_keys import TABLE_LOOKS as TABLE_LOOKS  # the looks a venue can unlock, declared with the rules
from game.locale import english, has, tr, trn

from .charm_road import CharmRoad

UNLOCK_KINDS: tuple[str, ...] = ("character", "look", "rules")


@dataclass(frozen=True)
class Goal:
    """What the player must do at a venue to go on; every condition given must hold."""

    finish_top: int | None = None  # finish among the first N (ties share a place); `finish: first` is 1
    chips_at_least: int | None = None  # final chips at the table

    def met(self, standing: int, final_chips: int) -> bool:
        """True when a session that ended at `standing` (1 = most chips) with `final_chips` meets the goal."""
        if self.finish_top is not None and standing > self.finish_top:
            return False
        return self.chips_at_least is None or final_chips >= self.chips_at_least

    def describe(self) -> str:
        """The goal in words, in the current language, for the campaign map."""
        parts = []
        if self.finish_top == 1:
            parts.append(tr("campaign.goal.first"))
        elif self.finish_top is not None:
            parts.append(tr("campaign.goal.top", top=self.finish_top))
        if self.chips_at_least is not None:
            parts.append(trn("campaign.goal.chips", self.chips_at_least))
        if len(parts) == 2:
            return tr("campaign.goal.both", first=parts[0], second=parts[1])
        return parts[0] if parts else ""


@dataclass(frozen=True)
class Unlock:
    """Something a venue gives when its goal is first met: a character, a table look or a rules variant."""

    kind: str  # one of UNLOCK_KINDS
    target: str  # a character id, a name in TABLE_LOOKS, or a rules name

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}"

    @classmethod
    def parse(cls, text: str) -> Unlock:
        """"look:pope_joan_board" -> Unlock("look", "pope_joan_board")."""
        kind, sep, target = text.partition(":")
        if not sep or kind not in UNLOCK_KINDS or not target:
            raise ValueError(f"not an unlock like look:pope_joan_board: {text!r}")
        return cls(kind, target)


@dataclass(frozen=True)
class Venue:
    """One table on the road: its rules (players and deals already set), opponents, goal and unlocks."""

    id: str
    name: str
    intro: str
    rules_name: str
    rules: RuleSet
    opponents: tuple[str, ...]
    goal: Goal
    unlocks: tuple[Unlock, ...] = ()
    texts: str = ""  # the locale area holding its name and intro (the shipped road's), else its own words
    host_charms: tuple[tuple[str, tuple[str, ...]], ...] = ()  # on a road with charms: opponent id -> its charms

    def charms_of(self, character_id: str) -> tuple[str, ...]:
        """The charms the opponent `character_id` holds at this venue (none for most)."""
        return dict(self.host_charms).get(character_id, ())

    def title(self) -> str:
        """The venue's name in the current language (a player's own venue keeps its file's words)."""
        return words_of(self.texts, f"venues.{self.id}.name", self.name)

    def story(self) -> str:
        """The venue's intro in the current language."""
        return words_of(self.texts, f"venues.{self.id}.intro", self.intro)

    @property
    def seats(self) -> int:
        """Players at the table, the human included."""
        return len(self.opponents) + 1

    @property
    def deals(self) -> int | None:
        """How many deals the session lasts at most."""
        return self.rules.deals

    @property
    def stake(self) -> int:
        """The stack the venue plays for, when the bankroll covers it."""
        return self.rules.starting_chips

    @property
    def ante(self) -> int:
        """The largest ante at this table (the dealer's): the least a bankroll must hold to sit down."""
        return self.rules.max_ante

    def stack(self, bankroll: int) -> int:
        """The chips everyone sits down with when the player brings `bankroll` (table stakes)."""
        return min(bankroll, self.stake)

    def can_play(self, bankroll: int) -> bool:
        """True when `bankroll` can pay this table's largest ante."""
        return bankroll >= self.ante

    def table_rules(self, bankroll: int) -> RuleSet:
        """The RuleSet of a session here for a player bringing `bankroll`; ValueError if it cannot pay the ante."""
        if not self.can_play(bankroll):
            raise ValueError(f"a bankroll of {bankroll} cannot pay the ante of {self.ante} at {self.name}")
        return dataclasses.replace(self.rules, starting_chips=self.stack(bankroll))


@dataclass(frozen=True)
class Campaign:
    """A road of venues played in order, starting with `bankroll` chips."""

    name: str
    bankroll: int
    venues: tuple[Venue, ...]
    description: str = ""
    ante_note: str = ""
    source: str = ""
    texts: str = ""  # the locale area holding its words (`texts: road` in the file), else its own words
    charms: CharmRoad | None = None  # a road with charms (`charms:` in the file): its charms, prices and limits

    def title(self) -> str:
        """The road's name in the current language (`name` itself stays English: saves are keyed by it)."""
        return words_of(self.texts, "name", self.name)

    def blurb(self) -> str:
        """The road's one-line description in the current language."""
        return words_of(self.texts, "description", self.description)

    def note(self) -> str:
        """The map's note on antes in the current language."""
        return words_of(self.texts, "ante_note", self.ante_note)

    def venue(self, venue_id: str) -> Venue:
        """The venue with this id; KeyError if there is none."""
        for venue in self.venues:
            if venue.id == venue_id:
                return venue
        raise KeyError(venue_id)

    def locks(self, unlocked: Collection[str]) -> dict[str, Venue]:
        """What this road unlocks that is still locked ("character:bert"), each with the venue that first gives it."""
        out: dict[str, Venue] = {}
        for venue in self.venues:
            for unlock in venue.unlocks:
                name = str(unlock)
                if name not in unlocked and name not in out:
                    out[name] = venue
        return out


def _charm_road(key: str) -> str:
    """The road with charms has its own name and words, and borrows the shipped road's words for a venue it does
    not word itself (its venues are the shipped road's tables)."""
    own = f"charm_road.{key}"
    return own if english(own) is not None or not key.startswith("venues.") else f"road.{key}"


# The locale areas a campaign file may name with `texts:`, each with how its keys are spelt. Only the shipped
# roads have them: a player's own campaign cannot add locale files, so it writes its words in its file.
TEXT_AREAS: dict[str, Callable[[str], str]] = {"road": lambda key: f"road.{key}", "charm_road": _charm_road}


def words_of(area: str, key: str, own: str) -> str:
    """`key` of locale area `area` in the current language when the campaign's words live there, else `own`."""
    spell = TEXT_AREAS.get(area)
    if spell is None:
        return own
    full = spell(key)
    return tr(full) if has(full) else own
