"""`CharmSpec.acts_under`: a charm with nothing to do at a table is told apart from one that may be used there."""

from __future__ import annotations

from dataclasses import replace

from game.config import default_rules
from game.engine.cards import parse_cards
from game.engine.charms import CharmSpec

RULES = default_rules()


def spec(effect: str, when: str, **params: int) -> CharmSpec:
    """A charm of `effect` with `params`."""
    return CharmSpec("c", effect, when, "session", tuple(params.items()))


def test_a_block_needs_compulsory_following() -> None:
    block = spec("block_follow", "follow")
    assert block.acts_under(RULES, 4)
    assert not block.acts_under(replace(RULES, follow="optional"), 4)


def test_leading_any_suit_needs_a_switch_of_suit() -> None:
    free = spec("lead_any", "lead")
    assert free.acts_under(RULES, 4) and not free.acts_under(replace(RULES, switch_suit=False), 4)


def test_moving_a_stake_needs_a_second_pile_and_a_stake() -> None:
    move = spec("move_stake", "after_deal")
    assert move.acts_under(RULES, 4)
    assert not move.acts_under(replace(RULES, boodle_cards=parse_cards(["AH"])), 4)
    assert not move.acts_under(replace(RULES, ante_boodle=0), 4)


def test_taking_the_lead_needs_a_hand_as_big_as_its_limit() -> None:
    cut = spec("take_lead", "stop", min_hand=9)
    assert [cut.acts_under(RULES, players) for players in range(3, 9)] == [True, True, True, False, False, False]
    assert not cut.acts_under(replace(RULES, removed_cards=parse_cards("2C 2D 2H 2S".split())), 5)  # 48 cards: 8 a hand
    assert spec("take_lead", "stop").acts_under(RULES, 8)


def test_the_other_effects_act_everywhere() -> None:
    loose = replace(RULES, follow="optional", switch_suit=False, ante_boodle=0)
    others = (("peek_dead", "stop"), ("swap_dead", "after_deal"), ("make_stop", "stop"), ("hit_again", "hit"))
    for effect, when in others:
        assert spec(effect, when).acts_under(loose, 8)
