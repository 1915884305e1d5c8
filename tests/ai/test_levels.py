"""The ladder of levels: every shipped character rated 1 to 5 and the cast covering all five, the level checked in a
character file, the nervous newcomer unlike the schoolteacher, the noisy expert's noise seeded, the road climbing."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from statistics import mean

import pytest

from game.ai import registry
from game.ai.character import LEVELS, CharacterAgent
from game.ai.character_file import list_character_files, load_character_text
from game.ai.expert.search import Budget
from game.ai.simple import RandomAgent
from game.ai.strategies import leading
from game.ai.strategies.noisy_expert import noisy_pick
from game.ai.strategy import LEADING
from game.campaign.campaign_file import load_campaign
from game.config import PERSONALITIES_DIR, ConfigError, rules_by_name
from game.config.yaml_lines import read_yaml_file
from game.engine import LeadDecision, PlayerView, SeatInfo, Session
from game.locale import tr

SHIPPED = list_character_files(PERSONALITIES_DIR)
OWN = """\
id: tess
name: Tess Tester
bio: A tester.
look: {colour: "#112233", accent: "#445566", initials: TT}
staking: even
lead: lowest
dead_hand: never
follow: always
think_time: {min: 0.5, max: 1.5}
chattiness: 0.5
lines: {stop: [Hm.], boodle_win: [Ha.], going_out: [Out.], big_loss: [Oh.], win: [Won.]}
"""


def test_every_shipped_file_writes_a_level_and_the_cast_covers_all_five() -> None:
    levels = {}
    for path in SHIPPED:
        doc = read_yaml_file(path)
        assert "level" in doc.data, f"{path.name} has no level: every shipped character is rated"
        levels[path.stem] = registry.load_character_by_id(path.stem).level
    assert set(levels.values()) == set(LEVELS), levels
    assert levels["expert"] == 5


def test_a_players_own_file_may_leave_the_level_out() -> None:
    assert load_character_text(OWN, "tess.yaml").level is None
    assert load_character_text(OWN + "level: 3\n", "tess.yaml").level == 3


@pytest.mark.parametrize("written", ["0", "6", "2.5", '"3"', "true", "[1]", "''"])
def test_a_level_that_is_not_a_whole_number_from_1_to_5_is_one_line(written: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_character_text(OWN + f"level: {written}\n", "tess.yaml")
    (problem,) = caught.value.problems
    assert problem.startswith("tess.yaml:12: level: must be a whole number from 1 (the gentlest) to 5 (the strongest),")


def test_the_level_is_said_in_words_in_every_language() -> None:
    assert tr("levels.level_of", level=3, top=5) == "Level 3 of 5"
    assert tr("levels.opponents", low=2, high=4) == "Levels 2 to 4"


# ----- the nervous newcomer leads unlike the schoolteacher ---------------------------------------------------

def _lead_views(count: int) -> list[tuple[PlayerView, LeadDecision]]:
    """Lead decisions with a real choice (two options or more) from random 5-seat classic deals."""
    rules = dataclasses.replace(rules_by_name("classic"), starting_chips=500, deals=40)
    found: list[tuple[PlayerView, LeadDecision]] = []
    seed = 0
    while len(found) < count:
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(5)], 9000 + seed)
        agents = [RandomAgent(f"{seed}:{i}") for i in range(5)]
        session.start()
        while (decision := session.pending()) is not None and len(found) < count:
            view = session.view(decision.player)
            if isinstance(decision, LeadDecision) and len(decision.options) > 1:
                found.append((view, decision))
            session.apply(agents[decision.player].decide(view, decision))
        seed += 1
    return found


def agreement(decisions: int) -> float:
    """The share of lead decisions (with a real choice) on which pip and maud, asked at the same view, agree."""
    pip = CharacterAgent(registry.load_character_by_id("pip"), 1, deadline_ms=0)
    maud = CharacterAgent(registry.load_character_by_id("maud"), 1, deadline_ms=0)
    return mean(pip.decide(view, decision) == maud.decide(view, decision) for view, decision in _lead_views(decisions))


def test_pip_and_maud_agree_on_fewer_than_70_percent_of_leads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leading, "SLIP_BUDGET", Budget(time_budget_ms=1.0, max_samples=8))  # quick slips
    share = agreement(300)
    assert share < 0.7, f"pip and maud agree on {share:.0%} of 300 leads"


@pytest.mark.slow
def test_pip_and_maud_agree_on_fewer_than_70_percent_of_leads_with_their_own_slips() -> None:
    # 200 leads: the quick test above asks 300 with quick slips; a share near 0.7 would be well inside the noise
    share = agreement(200)
    assert share < 0.7, f"pip and maud agree on {share:.0%} of 200 leads"


# ----- the noisy expert ------------------------------------------------------------------------------------

def test_noisy_pick_takes_the_best_at_zero_temperature_and_the_worst_on_a_blunder() -> None:
    values = [0.5, 2.0, -1.0]
    rng = random.Random(1)
    assert {noisy_pick(values, {"temperature": 0.0}, rng) for _ in range(50)} == {1}
    assert {noisy_pick(values, {"temperature": 0.0, "blunder": 1.0}, rng) for _ in range(50)} == {2}
    warm = [noisy_pick(values, {"temperature": 1.0}, rng) for _ in range(2000)]
    assert warm.count(1) > warm.count(0) > warm.count(2) > 0  # softmax: the better, the likelier


def test_the_noisy_expert_changes_its_choices_and_the_same_seed_gives_the_same_ones() -> None:
    strategy = LEADING.get("noisy_expert")
    decisions = _lead_views(40)

    def leads(params: dict[str, float], seed: int) -> list[int]:
        resolved = strategy.resolved({"time_budget_ms": 2, "deadline_ms": 0, **params})
        rng = random.Random(seed)
        return [strategy.function(view, decision, resolved, rng).index for view, decision in decisions]
    calm = leads({"temperature": 0.0}, 5)
    noisy = leads({"temperature": 3.0, "blunder": 0.2}, 5)
    assert noisy != calm
    assert leads({"temperature": 3.0, "blunder": 0.2}, 5) == noisy


# ----- the road climbs ------------------------------------------------------------------------------------

def test_the_road_climbs_in_level() -> None:
    campaign = load_campaign()
    rated = [[registry.load_character_by_id(o).level or 0 for o in venue.opponents] for venue in campaign.venues]
    means = [mean(levels) for levels in rated]
    tops = [max(levels) for levels in rated]
    assert all(later >= earlier for earlier, later in zip(means, means[1:])), means
    assert all(later >= earlier for earlier, later in zip(tops, tops[1:])), tops
    assert tops[-1] == max(LEVELS) and tops[0] < tops[-1]


def test_shipped_files_sit_where_the_test_reads_them() -> None:
    assert SHIPPED and all(Path(path).parent == PERSONALITIES_DIR for path in SHIPPED)
