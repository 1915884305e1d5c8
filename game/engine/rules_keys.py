"""Every key a rules file may set, declared once, and the checks of the values they hold.

From these declarations come the RuleSet's defaults and its plain-data settings, the engine's checks, the
rules-file readers (game/config/rules_file.py), docs/modding.md's table of keys and house.yaml's comments
(tools/rules_keys.py writes both), and How to play's list of the rules in play. A problem is a value,
`RulesProblem(key, code, params)`: the game words it in the player's language when it shows it (the
`rules_file.engine.<code>` words), and `str()` gives the same in English for programmers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, parse_cards
from .combinations import Combination

# a problem of rules settings, declared with its words in a module of its own, and known here too
from .rules_problems import ENGLISH as ENGLISH
from .rules_problems import RulesError as RulesError
from .rules_problems import RulesProblem as RulesProblem

CLASSIC_BOODLE: tuple[Card, ...] = parse_cards(["AS", "KH", "QC", "JD"])
STAKING_MODES = ("free", "even")
FOLLOW_MODES = ("compulsory", "optional")
SWITCH_TO_MODES = ("other_suit", "other_colour")
WHEN_UNABLE_MODES = ("same_suit", "pass_left", "step_down")
SHORT_ANTE_MODES = ("out", "all_in")
BOODLE_AT_END_MODES = ("split", "stay")
ACES_MODES = ("low", "high")
CUT_DEALS_MODES = ("highest", "lowest")
# The table looks a campaign venue can unlock (the app draws them by these names); a rules file may name one
TABLE_LOOKS: tuple[str, ...] = ("green_baize", "pope_joan_board", "walnut_parlour", "riverboat_felt",
                                "gaslight_club")
LOOK_MODES = ("player", "club", *TABLE_LOOKS)  # player: the look chosen in Settings; club: the club's felt
PAID_TO_MODES = ("pot", "dealer")
FIRST_LEAD_DEFAULT = "dealer_left"
MIN_PLAYERS = 3
MAX_PLAYERS = 8
KINDS = ("line", "cards", "whole", "flag", "word", "lead", "combos")  # lead: dealer_left or a card


@dataclass(frozen=True)
class RulesKey:
    """One setting a rules file may write: its type, default and allowed values, what it means (the words of
    docs/modding.md and house.yaml), the rule of docs/rules.md it belongs to, and which line of How to play tells
    it."""

    name: str  # dotted for a key of a section: buy_dead_hand.fee
    kind: str  # one of KINDS
    default: Any
    rule: str  # "R8"; "" for a key no rule is about
    meaning: str  # docs/modding.md's meaning column, before the rule id
    comment: str  # house.yaml's lines above the key (for a section's key: its line in the section's comment)
    told: str | None  # How to play's line of the rules in play that tells it; None when none does
    low: int | None = None  # the least whole number, or the fewest cards
    high: int | None = None  # the most: a whole number, cards, or a line's characters
    choices: tuple[str, ...] = ()
    or_null: bool = False  # null is a value too (no limit)
    blank_ok: bool = False
    detail: str = ""  # docs/modding.md: words after the rule id
    values: str = ""  # docs/modding.md's type column, when kind and range do not say it
    note: str = ""  # docs/modding.md: words after the type
    before: Any = None  # what a log or snapshot written before the key existed meant by leaving it out
    # (None: the default, as for a rules file)
    quiet: bool = False  # left out of the settings a log or snapshot writes while at its default, so that
    # sessions of rules that do not use it stay byte for byte what they were before the key existed

    @property
    def section(self) -> str:
        """The section the key belongs to ("" for a top-level key)."""
        return self.name.rpartition(".")[0]

    @property
    def leaf(self) -> str:
        """The key's own name within its section (its whole name at the top level)."""
        return self.name.rpartition(".")[2]


@dataclass(frozen=True)
class RulesSection:
    """A key whose value is a mapping of keys of its own (buy_dead_hand: {enabled, fee})."""

    name: str
    comment: str  # house.yaml's lines above the section, before a line for each of its keys


RULES_KEYS: tuple[RulesKey, ...] = (
    RulesKey("name", "line", "Classic Newmarket", "", "the name shown in menus and written to the log",
             "The name shown in menus and written to the session log.", told="name", high=120),
    RulesKey("description", "line", "", "", "one line saying how these rules differ from the classic game",
             "One line saying how these rules differ from the classic game.", told="name", blank_ok=True,
             high=600),
    RulesKey("boodle_cards", "cards", CLASSIC_BOODLE, "R2", "the cards that carry stakes",
             "The cards laid out to carry stakes: 1 to 13 different cards, each written\n"
             "rank then suit (A 2 ... 10 J Q K, then S H D C), for example AS, 10H, QC.\n"
             "A list may also be written one card per line:  boodle_cards:\n"
             "                                                 - AS\n"
             "                                                 - KH", told="boodle_cards", low=1, high=13),
    RulesKey("starting_chips", "whole", 40, "R3", "chips each player starts the session with",
             "Chips every player starts the session with. Must cover the dealer's first\n"
             "ante (ante_pot + ante_boodle x dealer_ante_multiplier).", told="starting_chips", low=0,
             values="whole number, at least the dealer's first ante"),
    RulesKey("players", "whole", 4, "R3", "players at the table, the human included",
             "How many players sit at the table, the human included: 3 to 8.", told=None,  # New game seats them
             low=MIN_PLAYERS, high=MAX_PLAYERS),
    RulesKey("ante_pot", "whole", 1, "R8", "chips each player puts in the pot before a deal",
             "Chips each player puts in the pot before every deal.", told="ante", low=0),
    RulesKey("ante_boodle", "whole", 4, "R8", "chips each player puts on the boodle cards before a deal",
             "Chips each player puts on the boodle cards before every deal.", told="ante", low=0),
    RulesKey("staking", "word", "free", "R8",
             "how boodle chips are spread: as each player likes, or equally over every boodle card",
             "How the boodle chips are spread over the boodle cards:\n"
             "  free  each player splits them as they like (all on one card, one each, 3+1, ...)\n"
             "  even  split equally over every boodle card (Saratoga); ante_boodle must then\n"
             "        divide evenly by the number of boodle cards", told="ante", choices=STAKING_MODES,
             note="(with `even`, `ante_boodle` must divide by the number of boodle cards)"),
    RulesKey("dealer_ante_multiplier", "whole", 1, "R8", "the dealer's boodle stake is `ante_boodle` times this",
             "The dealer's boodle stake is ante_boodle times this (2 = the dealer stakes\n"
             "double, as in Pagat's Michigan). At least 1.", told="dealer_ante_multiplier", low=1),
    RulesKey("per_card_payment", "whole", 1, "R19",
             "chips the deal's winner collects for each card left in another player's hand",
             "Chips the winner of a deal collects from every other player for each card\n"
             "still in that player's hand.", told="per_card_payment", low=0),
    RulesKey("switch_suit", "flag", True, "R16", "after a stop, the new leader must lead another suit if they hold one",
             "After a stop, must the new leader lead a different suit when they hold one?\n"
             "true or false (false: any suit, as in Pagat's Epsom).", told="after_stop"),
    RulesKey("switch_to", "word", "other_suit", "R16", "which suits count as another suit when switching",
             "When switching, which suits count as different (used only with switch_suit: true):\n"
             "  other_suit    any suit but the one that just stopped\n"
             "  other_colour  a suit of the other colour (after a red run, a black suit)", told="after_stop",
             choices=SWITCH_TO_MODES),
    RulesKey("when_unable", "word", "same_suit", "R16",
             "a leader who cannot switch leads any suit they hold (`same_suit`), or the lead passes left to the "
             "first player who can (`pass_left`), or they lead another suit before the same one (`step_down`)",
             "What happens when the new leader holds no suit they may switch to:\n"
             "  same_suit  they lead the lowest card of any suit they hold (with other_suit,\n"
             "             that is the suit that stopped)\n"
             "  pass_left  the lead passes to the left, to the first player who can switch\n"
             "  step_down  they lead another suit if they hold one, else the same suit\n"
             "             (with other_colour: the other colour, else the other suit of\n"
             "             the same colour, else the same suit; bh2smith's Michigan)", told="after_stop",
             choices=WHEN_UNABLE_MODES, detail="R28 for `step_down`"),
    RulesKey("follow", "word", "compulsory", "R14", "whether the holder of the next card of a run must play it",
             "Must the holder of the next card of a run play it?\n"
             "  compulsory  yes, at once\n"
             "  optional    they may decline, which stops the run", told="follow", choices=FOLLOW_MODES),
    RulesKey("first_lead", "lead", FIRST_LEAD_DEFAULT, "R12", "who leads first in a deal",
             "Who leads first in every deal: dealer_left, or a card such as 2D or 2C whose\n"
             "holder leads (the dealer's left leads when that card is in the dead hand).", told="first_lead",
             detail="the dealer's left, or the holder of a card (the dealer's left if it is in the dead hand)",
             values="`dealer_left` or a card such as `2D`"),
    RulesKey("buy_dead_hand.enabled", "flag", False, "R11", "the dealer may swap their hand for the dead hand",
             "true or false.", told="buy_dead_hand"),
    RulesKey("buy_dead_hand.fee", "whole", 4, "R11", "chips the dealer pays into the pot to buy the dead hand",
             "chips, 0 or more.", told="buy_dead_hand", low=0),
    RulesKey("deals", "whole", 10, "R6", "the most deals in a session",
             "How many deals a session lasts at most (it also ends when only one player\n"
             "has chips left): 1 or more, or null for no limit.", told="deals", low=1, or_null=True,
             note="(which needs an ante, or nobody could ever go out)"),
    RulesKey("boodle_at_end", "word", "split", "R22",
             "what becomes of the chips still on the boodle cards when the session ends",
             "What becomes of the chips still on the boodle cards when the session ends:\n"
             "  split  shared equally among the players still in; the chips that do not\n"
             "         divide go one each to the first of them from the last dealer's left\n"
             "  stay   they stay on the boodle cards and count for nobody", told="boodle_at_end",
             choices=BOODLE_AT_END_MODES, before="stay",
             note="(a log or saved session from before this key reads as `stay`)"),
    RulesKey("aces", "word", "low", "R23", "whether the ace ranks below the two or above the king",
             "Where the ace ranks, in runs, leads and the cut:\n"
             "  low   below the two: runs go A 2 ... K and stop at the king\n"
             "  high  above the king: runs go 2 ... K A and stop at the ace (American Michigan)",
             told="aces", choices=ACES_MODES, quiet=True),
    RulesKey("removed_cards", "cards", (), "R24", "cards taken out of the deck before every deal",
             "Cards taken out of the deck before every deal, a stop the whole table knows\n"
             "(the 1885 rules take out the eight of diamonds: [8D]). None by default; not a\n"
             "boodle card, the first_lead card nor a card of a combination.", told="removed_cards", low=0, high=13,
             quiet=True),
    RulesKey("cut_deals", "word", "highest", "R25", "who deals first after the cut: the highest card or the lowest",
             "Who deals first after the cut (the ace ranks as `aces` says):\n"
             "  highest  the highest card\n"
             "  lowest   the lowest card", told="cut_deals", choices=CUT_DEALS_MODES, quiet=True),
    RulesKey("pass_penalty", "whole", 0, "R27",
             "chips each player the lead passes over pays into the pot (needs `when_unable: pass_left`)",
             "Chips each player the lead passes over pays into the pot (all they have if\n"
             "less), starting with the player who should have led. Above 0 it needs\n"
             "when_unable: pass_left.", told="pass_penalty", low=0, before=0, quiet=True),
    RulesKey("short_ante", "word", "out", "R29", "what becomes of a player who cannot pay the whole ante",
             "What becomes of a player who cannot pay the whole ante before a deal:\n"
             "  out     they leave the session\n"
             "  all_in  they pay the pot first, stake what is left on the boodle cards\n"
             "          and play the deal; only a player with no chips at all leaves", told="short_ante",
             choices=SHORT_ANTE_MODES, before="out", quiet=True),
    RulesKey("buy_dead_hand.auction", "flag", False, "R26",
             "when the dealer keeps their hand, the others bid for the dead hand from the dealer's left",
             "true or false: others bid if the dealer keeps it.",
             told="auction", note="(needs `enabled: true`)", before=False, quiet=True),
    RulesKey("buy_dead_hand.paid_to", "word", "pot", "R26", "who receives an auction winner's bid",
             "pot or dealer: who gets the auction's winning bid.", told="auction",
             choices=PAID_TO_MODES, before="pot", quiet=True),
    RulesKey("combinations", "combos", (), "R30",
             "piles staked like boodle cards, each won by the player who plays all its cards in one deal",
             "Combination piles (Pope Joan's Matrimony, Intrigue, ...), staked like boodle\n"
             "cards and won by the player who plays every card of one in the same deal, at\n"
             "the moment they play the last; unwon piles carry over like boodle cards.\n"
             "Each has a name and 2 or more different cards; boodle cards and combinations\n"
             "together are 13 at most:\n"
             "  combinations: [{name: Matrimony, cards: [KH, QH]}, {name: Intrigue, cards: [QH, JH]}]",
             told="combinations", values="list of `{name, cards}`",
             note="(with `staking: even`, `ante_boodle` must divide by the boodle cards plus combinations)",
             quiet=True),
    RulesKey("look", "word", "player", "", "the table look these rules are played on (the play is the same)",
             "The table these rules are played on, whatever look is chosen in Settings:\n"
             "  player           the look chosen in Settings\n"
             "  club             the club's green felt\n"
             "  green_baize, pope_joan_board, walnut_parlour, riverboat_felt, gaslight_club\n"
             "                   one of the looks the campaign's venues show",
             told=None, choices=LOOK_MODES, quiet=True),
)

RULES_SECTIONS: tuple[RulesSection, ...] = (
    RulesSection("buy_dead_hand", "Buying the dead hand: after looking at their hand, the dealer may pay `fee`\n"
                                  "chips into the pot to swap their hand for the dead hand."),
)

KEYS: dict[str, RulesKey] = {key.name: key for key in RULES_KEYS}
# the keys a rules file writes at its top level, sections included, in the order files list them
TOP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(key.name.split(".")[0] for key in RULES_KEYS))
SECTION_KEYS: dict[str, tuple[RulesKey, ...]] = {
    section.name: tuple(key for key in RULES_KEYS if key.section == section.name) for section in RULES_SECTIONS}


def default(name: str) -> Any:
    """The declared default of a (dotted) key."""
    return KEYS[name].default


def unwritten(name: str) -> Any:
    """What a log or snapshot that leaves a (dotted) key out means by it: the value before the key existed, if it
    says one, else the default (a rules file that leaves a key out always means the default)."""
    key = KEYS[name]
    return key.default if key.before is None else key.before


# ----- values as written -----------------------------------------------------------------------------------

def written(value: object) -> str:
    """A value as a rules file writes it: null, true, [AS, KH], 4."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)


def section_example(section: str) -> str:
    """A section written with its defaults: {enabled: false, fee: 4}."""
    return "{" + ", ".join(f"{key.leaf}: {written(key.default)}" for key in SECTION_KEYS[section]) + "}"


# ----- the checks -------------------------------------------------------------------------------------------

def _type_problem(key: RulesKey, value: Any) -> RulesProblem | None:
    """The problem when `value` is not of the key's kind (a bool is not a number here, nor a number a bool)."""
    if key.kind == "whole":
        if type(value) is int or (value is None and key.or_null):
            return None
        return RulesProblem(key.name, "whole_number_or_null" if key.or_null else "whole_number", {"value": value})
    if key.kind == "flag":
        return None if type(value) is bool else RulesProblem(key.name, "flag", {"value": value})
    if key.kind == "cards":
        if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
            return None
        return RulesProblem(key.name, "cards", {"value": value})
    if key.kind == "combos":
        if isinstance(value, tuple) and all(isinstance(combo, Combination) for combo in value):
            return None
        return RulesProblem(key.name, "combinations", {"value": value})
    return None if isinstance(value, str) else RulesProblem(key.name, "text", {"value": value})


def _value_problems(key: RulesKey, value: Any) -> list[RulesProblem]:
    """The ways a value of the right kind breaks the key's range or choices."""
    found: list[RulesProblem] = []
    if key.kind == "whole" and value is not None and key.low is not None:
        if value < key.low or (key.high is not None and value > key.high):
            if key.high is not None:
                found.append(RulesProblem(key.name, "between", {"low": key.low, "high": key.high, "value": value}))
            elif key.or_null:
                found.append(RulesProblem(key.name, "at_least_or_null", {"low": key.low, "value": value}))
            elif key.low == 0:
                found.append(RulesProblem(key.name, "negative", {"value": value}))
            else:
                found.append(RulesProblem(key.name, "at_least", {"low": key.low, "value": value}))
    elif key.kind == "cards":
        if key.low is not None and key.high is not None and not key.low <= len(value) <= key.high:
            found.append(RulesProblem(key.name, "card_count", {"low": key.low, "high": key.high, "count": len(value)}))
        twice = tuple(sorted(str(card) for card, count in Counter(value).items() if count > 1))
        if twice:
            found.append(RulesProblem(key.name, "listed_twice", {"cards": twice}))
    elif key.kind == "word" and value not in key.choices:
        found.append(RulesProblem(key.name, "one_of", {"choices": key.choices, "value": value}))
    elif key.kind == "combos":
        found += _combination_problems(key.name, value)
    return found


def _combination_problems(name: str, combos: tuple[Combination, ...]) -> list[RulesProblem]:
    """R30: each combination has a name and two or more different cards, and no two share a name."""
    found: list[RulesProblem] = []
    for number, combo in enumerate(combos, 1):
        if not combo.name.strip():
            found.append(RulesProblem(name, "combination_name", {"number": number}))
        if len(combo.cards) < 2 or len(set(combo.cards)) != len(combo.cards):
            found.append(RulesProblem(name, "combination_cards", {"name": combo.name or number, "cards": combo.cards}))
    twice = tuple(sorted(n for n, count in Counter(c.name for c in combos).items() if count > 1 and n.strip()))
    if twice:
        found.append(RulesProblem(name, "combination_named_twice", {"names": twice}))
    return found


@dataclass(frozen=True)
class CrossCheck:
    """A check of keys against each other (or of a value only a card can say), blaming one key; it is skipped
    when a key it reads has a problem of its own already."""

    reads: tuple[str, ...]
    check: Callable[[Mapping[str, Any]], RulesProblem | None]


def dealer_ante(values: Mapping[str, Any]) -> int:
    """R8: the dealer's ante, the largest anyone pays."""
    return int(values["ante_pot"] + values["ante_boodle"] * values["dealer_ante_multiplier"])


def _endless(values: Mapping[str, Any]) -> RulesProblem | None:
    """R6: with no deal limit, only antes make players go out, so the session could never end without one."""
    if values["deals"] is None and values["ante_pot"] + values["ante_boodle"] == 0:
        return RulesProblem("deals", "endless")
    return None


def _first_lead(values: Mapping[str, Any]) -> RulesProblem | None:
    """R12: dealer_left, or a card written as the engine writes it."""
    lead = values["first_lead"]
    if lead == FIRST_LEAD_DEFAULT:
        return None
    try:
        card = Card.parse(lead)
    except ValueError:
        return RulesProblem("first_lead", "first_lead", {"default": FIRST_LEAD_DEFAULT, "value": lead})
    return None if str(card) == lead else RulesProblem("first_lead", "card_spelling", {"card": card, "value": lead})


def _even_staking(values: Mapping[str, Any]) -> RulesProblem | None:
    """R8: an even spread needs the boodle ante to divide by the number of boodle cards (and combinations, R30)."""
    count = len(values["boodle_cards"]) + len(values["combinations"])
    if values["staking"] == "even" and values["ante_boodle"] % count:
        code = "even_staking_piles" if values["combinations"] else "even_staking"
        return RulesProblem("staking", code, {"ante": values["ante_boodle"], "count": count})
    return None


def _too_many_piles(values: Mapping[str, Any]) -> RulesProblem | None:
    """R30: the piles lie in one row on the table, as many as the boodle cards may be at most."""
    count, high = len(values["boodle_cards"]) + len(values["combinations"]), KEYS["boodle_cards"].high or 0
    return RulesProblem("combinations", "too_many_piles", {"count": count, "high": high}) if count > high else None


def _cannot_pay(values: Mapping[str, Any]) -> RulesProblem | None:
    """R3: a session whose dealer could not pay the first ante would be over before it starts."""
    ante = dealer_ante(values)
    if values["starting_chips"] < ante:
        return RulesProblem("starting_chips", "cannot_pay", {"chips": values["starting_chips"], "ante": ante})
    return None


def _removed_boodle(values: Mapping[str, Any]) -> RulesProblem | None:
    """R24: a boodle card taken out of the deck could never be won."""
    both = tuple(sorted(str(card) for card in set(values["removed_cards"]) & set(values["boodle_cards"])))
    return RulesProblem("removed_cards", "removed_boodle", {"cards": both}) if both else None


def _removed_first_lead(values: Mapping[str, Any]) -> RulesProblem | None:
    """R24: the first-lead card taken out of the deck would never be held."""
    lead = values["first_lead"]
    if any(str(card) == lead for card in values["removed_cards"]):
        return RulesProblem("removed_cards", "removed_first_lead", {"card": lead})
    return None


def _removed_combination(values: Mapping[str, Any]) -> RulesProblem | None:
    """R24/R30: a combination with a card taken out of the deck could never be completed."""
    removed = {str(card) for card in values["removed_cards"]}
    for combo in values["combinations"]:
        both = tuple(sorted(removed & {str(card) for card in combo.cards}))
        if both:
            return RulesProblem("removed_cards", "removed_combination", {"cards": both, "name": combo.name})
    return None


def _penalty_needs_pass_left(values: Mapping[str, Any]) -> RulesProblem | None:
    """R27: only a lead that passes left passes anybody over."""
    if values["pass_penalty"] and values["when_unable"] != "pass_left":
        return RulesProblem("pass_penalty", "penalty_needs_pass_left", {"value": values["when_unable"]})
    return None


def _auction(values: Mapping[str, Any]) -> RulesProblem | None:
    """R26: the dead hand is auctioned only where it may be bought at all."""
    if values["buy_dead_hand.auction"] and not values["buy_dead_hand.enabled"]:
        return RulesProblem("buy_dead_hand.auction", "auction_needs_buying")
    return None


CROSS_CHECKS: tuple[CrossCheck, ...] = (
    CrossCheck(("deals", "ante_pot", "ante_boodle"), _endless),
    CrossCheck(("first_lead",), _first_lead),
    CrossCheck(("staking", "ante_boodle", "boodle_cards", "combinations"), _even_staking),
    CrossCheck(("starting_chips", "ante_pot", "ante_boodle", "dealer_ante_multiplier"), _cannot_pay),
    CrossCheck(("removed_cards", "boodle_cards"), _removed_boodle),
    CrossCheck(("removed_cards", "first_lead"), _removed_first_lead),
    CrossCheck(("removed_cards", "combinations"), _removed_combination),
    CrossCheck(("pass_penalty", "when_unable"), _penalty_needs_pass_left),
    CrossCheck(("buy_dead_hand.auction", "buy_dead_hand.enabled"), _auction),
    CrossCheck(("boodle_cards", "combinations"), _too_many_piles),
)


def check_settings(values: Mapping[str, Any], skip: Collection[str] = ()) -> list[RulesProblem]:
    """Every way these settings (by dotted key, every key given) break docs/rules.md. The keys in `skip` have
    problems found elsewhere (a file's reader): they are not checked, nor is anything that reads them."""
    found: list[RulesProblem] = []
    broken = set(skip)
    for key in RULES_KEYS:
        if key.name in broken:
            continue
        value = values[key.name]
        wrong = _type_problem(key, value)
        problems = [wrong] if wrong is not None else _value_problems(key, value)
        if problems:
            broken.add(key.name)
            found += problems
    for cross in CROSS_CHECKS:
        if not broken.intersection(cross.reads):
            problem = cross.check(values)
            if problem is not None:
                found.append(problem)
    return found


def _declared_rightly() -> None:
    """Refuse a declaration that breaks itself: a kind not known, a section not declared, a wrong default."""
    unknown = [key.name for key in RULES_KEYS
               if key.kind not in KINDS or (key.section and key.section not in SECTION_KEYS)]
    wrong = check_settings({key.name: key.default for key in RULES_KEYS})
    if unknown or wrong:
        raise TypeError(f"rules keys declared wrongly: {unknown} {'; '.join(map(str, wrong))}")


_declared_rightly()
