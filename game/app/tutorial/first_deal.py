"""The guided first deal's table: classic rules for one deal, three gentle characters and a seed whose deal
teaches the whole game (found by `tools/first_deal_seed.py`; `tests/test_tutorial.py` proves it still does).

With seed 776 and the coached leads below, the cut makes Pip the dealer, so the player stakes first and leads
first: the 8♦ runs through Bert and Maud to the player's J♦ (a boodle card) and Q♦, and stops because the K♦
lies in the dead hand; the player leads again, the 2♣ runs to the player's Q♣ (another boodle card) and K♣,
a king's stop; the Q♠ is stopped by Bert's K♠, and Bert's hearts end on the player's J♥: the player goes out.
The characters decide from their own seeded streams, and no lead of theirs looks at the chips, so the player's
stake changes who wins what, never which card is played.
"""

from __future__ import annotations

import dataclasses

from ...ai.registry import load_character_by_id
from ...ai.seats import HUMAN_NAME, SeatSpec
from ...config import rules_by_name
from ...engine.cards import Card
from ...engine.rules import RuleSet
from ..table.controller import TableController

SEED = 776
CHARACTERS = ("maud", "bert", "pip")  # the steadiest, the cheeriest and the newest at the club
COACHED_LEADS = tuple(Card.parse(name) for name in ("8D", "2C", "QS"))  # the player's leads, in order


def first_deal_rules() -> RuleSet:
    """Classic Newmarket (config/rules/classic.yaml) at four players, for a single deal."""
    return dataclasses.replace(rules_by_name("classic"), players=len(CHARACTERS) + 1, deals=1)


def first_deal_seats() -> list[SeatSpec]:
    """The player in seat 0, then Maud, Bert and Pip."""
    characters = [load_character_by_id(character_id) for character_id in CHARACTERS]
    return [(HUMAN_NAME, None)] + [(character.name, character) for character in characters]


def first_deal_table() -> TableController:
    """The guided deal's session, laid afresh."""
    return TableController(first_deal_rules(), first_deal_seats(), SEED, session_id=f"first-deal-{SEED}")


def coached_lead(leads_made: int) -> Card | None:
    """The card the coach asks the player to lead, after `leads_made` leads of theirs (None past the script)."""
    return COACHED_LEADS[leads_made] if leads_made < len(COACHED_LEADS) else None
