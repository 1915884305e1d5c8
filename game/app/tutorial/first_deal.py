"""The guided first deal's table: classic rules with optional following for one deal, three gentle characters and
a seed whose deal gives the player real choices (found by `tools/first_deal_seed.py`; `tests/app/test_tutorial.py`
proves it still does).

Optional following (config/rules/free_following.yaml) lets whoever holds the next card of a run play it or keep
it back, so the player decides follows as well as leads: a newcomer learns from choices, not from watching.
With seed 117 the cut makes Pip the dealer, so the player stakes first and leads first, from 7♠ 9♥ 8♦ 10♦ J♦ K♦
5♣ 6♣ 7♣ 8♣ J♣: the 7♠ a newcomer may well lead stops at once (the 8♠ lies in the dead hand), while the 5♣
starts four of their own clubs in a row; later the 8♦ leads up to their J♦ and K♦. Played well, the deal asks
about ten real choices (leads of two cards or more, and follows). The characters decide from their own seeded
streams, and no lead of theirs looks at the chips, so the same answers of the player's play the same cards
whatever the stake.
"""

from __future__ import annotations

import dataclasses

from ...ai.registry import load_character_by_id
from ...ai.seats import HUMAN_NAME, SeatSpec
from ...config import rules_by_name
from ...engine.rules import RuleSet
from ..table.controller import TableController

SEED = 117
CHARACTERS = ("maud", "bert", "pip")  # the steadiest, the cheeriest and the newest at the club
RULES = "free_following"


def first_deal_rules() -> RuleSet:
    """Classic Newmarket with optional following (config/rules/free_following.yaml) at four players, one deal."""
    return dataclasses.replace(rules_by_name(RULES), players=len(CHARACTERS) + 1, deals=1)


def first_deal_seats() -> list[SeatSpec]:
    """The player in seat 0, then Maud, Bert and Pip."""
    characters = [load_character_by_id(character_id) for character_id in CHARACTERS]
    return [(HUMAN_NAME, None)] + [(character.name, character) for character in characters]


def first_deal_table(seed: int = SEED) -> TableController:
    """The guided deal's session, laid afresh."""
    return TableController(first_deal_rules(), first_deal_seats(), seed, session_id=f"first-deal-{seed}")
