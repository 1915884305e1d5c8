"""Campaign files: the shipped campaign loads, every kind of mistake is one clean `path:line: key: why` line."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yaml_damage import damaged

from game.ai.registry import character_ids
from game.campaign.campaign_file import CAMPAIGN_FILE, load_campaign, load_campaign_text
from game.campaign.spec import TABLE_LOOKS, Goal, Unlock
from game.cli import main
from game.config import ConfigError, load_rules, rules_by_name, rules_names

SHIPPED = CAMPAIGN_FILE.read_text(encoding="utf-8")

GOOD = """\
name: Test Road
bankroll: 50
venues:
  - id: first
    name: First
    intro: The first table.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
    unlocks: {character: bert, look: pope_joan_board, rules: house}
  - id: second
    name: Second
    intro: The second table.
    rules: saratoga
    opponents: [bert, hetty, vera]
    deals: 6
    goal: {finish_top: 2, chips_at_least: 30}
"""


def problems(text: str, folder: Path | None = None) -> list[str]:
    """The problem lines of loading `text` as a campaign named c.yaml (empty when it loads)."""
    try:
        load_campaign_text(text, "c.yaml", folder)
    except ConfigError as error:
        return error.problems
    return []


def test_shipped_campaign_loads() -> None:
    campaign = load_campaign()
    assert len(campaign.venues) >= 6
    assert len({v.id for v in campaign.venues}) == len(campaign.venues)
    assert "expert" in campaign.venues[-1].opponents
    assert all(2 <= len(v.opponents) <= 7 for v in campaign.venues)
    assert any(u == Unlock("look", "pope_joan_board") for v in campaign.venues for u in v.unlocks)
    assert campaign.venues[0].can_play(campaign.bankroll)
    for venue in campaign.venues:
        assert venue.rules.players == venue.seats and venue.intro.count(".") >= 2
        named = venue.rules_name  # a name from config/rules, or a path next to the campaign file (config/road/)
        own = load_rules(CAMPAIGN_FILE.parent / named) if named.endswith(".yaml") else rules_by_name(named)
        assert venue.rules.boodle_cards == own.boodle_cards and venue.rules.follow == own.follow


def test_good_campaign_builds_what_it_says() -> None:
    campaign = load_campaign_text(GOOD, "c.yaml")
    first, second = campaign.venues
    assert (campaign.name, campaign.bankroll) == ("Test Road", 50)
    assert first.goal == Goal(finish_top=1) and second.goal == Goal(finish_top=2, chips_at_least=30)
    assert first.unlocks == (Unlock("character", "bert"), Unlock("look", "pope_joan_board"), Unlock("rules", "house"))
    assert (first.rules.players, first.rules.deals, second.rules.players, second.rules.deals) == (3, 4, 4, 6)
    assert second.rules.staking == "even"


def test_check_config_covers_the_shipped_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-config", str(CAMPAIGN_FILE)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok  {CAMPAIGN_FILE} (campaign)"]


@pytest.mark.parametrize("where", ["content", "folder"])
def test_check_config_finds_a_players_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               where: str) -> None:
    folder = tmp_path / ("campaigns" if where == "folder" else "mine")
    folder.mkdir()
    path = folder / "my-campaign.yaml"
    path.write_text(GOOD.replace("deals: 4", "deals: 0"), encoding="utf-8")
    assert main(["check-config", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{path}:9: venues[1].deals: must be 1 to 100, got 0"]


def test_rules_path_relative_to_the_campaign_file(tmp_path: Path) -> None:
    (tmp_path / "fast.yaml").write_text("name: Fast\nstarting_chips: 20\n", encoding="utf-8")
    path = tmp_path / "road.yaml"
    path.write_text(GOOD.replace("rules: classic", "rules: fast.yaml"), encoding="utf-8")
    assert load_campaign(path).venues[0].stake == 20
    (tmp_path / "fast.yaml").write_text("name: Fast\nstarting_chips: lots\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_campaign(path)
    assert caught.value.problems[0].startswith(f"{path}:7: venues[1].rules: the rules file ")
    assert "starting_chips: must be a whole number" in caught.value.problems[0]


@pytest.mark.parametrize("old, new, expected", [
    ("bankroll: 50", "bankrol: 50", "c.yaml:2: bankrol: unknown key; did you mean bankroll?"),
    ("bankroll: 50", "bankroll: fifty", "c.yaml:2: bankroll: must be a whole number, got the text 'fifty'"),
    ("bankroll: 50", "bankroll: 4",
     "c.yaml:2: bankroll: 4 cannot pay the first venue's largest ante of 5; "
     "the campaign would be over before it starts"),
    ("name: Test Road\n", "", "c.yaml:1: name: missing; add a line such as `name: The Newmarket Road`"),
    ("  - id: second", "  - id: first",
     "c.yaml:12: venues[2].id: 'first' is already the id of venue 1 (line 4); venue ids must be unique"),
    ("  - id: second", "  - id: Second Table",
     "c.yaml:12: venues[2].id: must be 1 to 32 lower-case letters, digits or _, starting with a letter, "
     "like the_crown, got the text 'Second Table'"),
    ("rules: saratoga", "rules: saratga",
     "c.yaml:15: venues[2].rules: no rules called 'saratga'; did you mean saratoga? the rules are "
     + ", ".join(rules_names()) + " (or write a path to a .yaml file)"),
    ("opponents: [pip, maud]", "opponents: [pip, mawd]",
     "c.yaml:8: venues[1].opponents: item 2: no character 'mawd'; did you mean maud? the characters are "
     + ", ".join(character_ids())),
    ("opponents: [pip, maud]", "opponents: [pip, pip]",
     "c.yaml:8: venues[1].opponents: item 2: pip already sits at this table"),
    ("opponents: [pip, maud]", "opponents: [pip]",
     "c.yaml:8: venues[1].opponents: must be a list of 2 to 7 character ids (a table seats 3 to 8 with you), "
     "got a list of 1 item"),
    ("opponents: [pip, maud]", "opponents: [pip, maud, bert, hetty, vera, dex, reggie, expert]",
     "c.yaml:8: venues[1].opponents: must be a list of 2 to 7 character ids (a table seats 3 to 8 with you), "
     "got a list of 8 items"),
    ("deals: 4", "deals: true", "c.yaml:9: venues[1].deals: must be a whole number, got the true/false value true"),
    ("goal: {finish: first}", "goal: {finish: last}",
     "c.yaml:10: venues[1].goal.finish: must be first (for a lower place write finish_top: N), got the text 'last'"),
    ("goal: {finish: first}", "goal: {finish_top: 3}", "c.yaml:10: venues[1].goal.finish_top: must be 1 to 2, got 3"),
    ("goal: {finish: first}", "goal: {chips_atleast: 3}",
     "c.yaml:10: venues[1].goal.chips_atleast: unknown key; did you mean chips_at_least?"),
    ("goal: {finish: first}", "goal: first",
     "c.yaml:10: venues[1].goal: must be a mapping like {finish: first}, {finish_top: 2} or {chips_at_least: 50}, "
     "got the text 'first'"),
    ("goal: {finish: first}", "goal: {finish: first, finish_top: 1}",
     "c.yaml:10: venues[1].goal.finish_top: give finish or finish_top, not both"),
    ("look: pope_joan_board", "look: pope_joan",
     "c.yaml:11: venues[1].unlocks.look: no look 'pope_joan'; did you mean pope_joan_board? the look names are "
     + ", ".join(TABLE_LOOKS)),
    ("character: bert", "character: bret",
     "c.yaml:11: venues[1].unlocks.character: no character 'bret'; did you mean bert? the character names are "
     + ", ".join(character_ids())),
    ("rules: house}", "rules: hose}",
     "c.yaml:11: venues[1].unlocks.rules: no rules 'hose'; did you mean house? the rules names are "
     + ", ".join(rules_names())),
    ("character: bert,", "charcter: bert,",
     "c.yaml:11: venues[1].unlocks.charcter: unknown key; did you mean character?"),
    ("    intro: The first table.\n", "",
     "c.yaml:4: venues[1].intro: missing; add two or three sentences introducing the venue"),
    ("    name: Second\n", "    name: Second\n    colour: red\n",
     "c.yaml:14: venues[2].colour: unknown key; the keys are id, name, intro, rules, opponents, deals, goal, unlocks, "
         "host_charms"),
])
def test_each_mistake_is_one_line_with_its_key(old: str, new: str, expected: str) -> None:
    assert old in GOOD
    assert problems(GOOD.replace(old, new, 1)) == [expected]


def test_a_venue_that_is_not_a_mapping() -> None:
    assert problems(GOOD + "  - 5\n") == [
        "c.yaml:19: venues[3]: must be a venue (a mapping with id, name, intro, rules, opponents, deals, goal), "
        "got the number 5"]


def test_deals_beyond_the_limit() -> None:
    assert problems(GOOD.replace("deals: 4", "deals: 1000")) == [
        "c.yaml:9: venues[1].deals: must be 1 to 100, got 1000"]


def test_every_problem_at_once_in_line_order() -> None:
    bad = (GOOD.replace("bankroll: 50", "bankroll: -1").replace("deals: 6", "deals: x")
           .replace("[bert, hetty, vera]", "[bert, nobody]"))
    found = problems(bad)
    assert [int(line.split(":")[1]) for line in found] == [2, 16, 17]


def test_not_a_campaign_at_all() -> None:
    assert problems("") == ["c.yaml: the file is empty: expected settings such as `name: My rules`"]
    assert problems("- a\n- b\n")[0].startswith("c.yaml:1: the top level must be a mapping")
    assert problems("venues: {}\nname: X\nbankroll: 9\n") == [
        "c.yaml:1: venues: must be a list of one or more venues, got a mapping (key: value pairs)"]


_LINE = re.compile(r"^c\.yaml(:\d+)?: ")


@pytest.mark.slow
@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_campaigns_load_or_raise_config_error(data: st.DataObject) -> None:
    text = damaged(data, SHIPPED, ["", "0", "-3", "true", "null", "[]", "{}", "[pip]", "x y",
                                   "'7'", "999999999", "first", "{finish: first}", "&a 1"])
    try:
        campaign = load_campaign_text(text, "c.yaml")
    except ConfigError as error:
        assert error.problems and all(_LINE.match(p) for p in error.problems)
    else:
        assert campaign.venues and all(3 <= v.seats <= 8 for v in campaign.venues)
        assert campaign.venues[0].can_play(campaign.bankroll)


def test_venue_table_rules_follow_table_stakes() -> None:
    venue = load_campaign_text(GOOD, "c.yaml").venues[0]
    assert venue.table_rules(100).starting_chips == 40
    assert venue.table_rules(12).starting_chips == 12
    assert dataclasses.replace(venue.table_rules(12), starting_chips=40) == venue.rules
    with pytest.raises(ValueError):
        venue.table_rules(4)


def test_check_config_knows_a_campaign_by_its_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "my-campaign.yaml"
    path.write_text("name: Mine\nvenue: []\n", encoding="utf-8")
    assert main(["check-config", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:1: bankroll: missing; add a line such as `bankroll: 60` (the chips the player starts with)",
        f"{path}:2: venue: unknown key; did you mean venues?"]


def test_the_modding_guide_example_loads() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "modding.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Campaigns and roads"):]
    example = section[section.index("```yaml\n") + 8:section.index("```\n", section.index("```yaml\n") + 8)]
    campaign = load_campaign_text(example, "docs/modding.md")
    assert campaign.name == "My Road" and campaign.venues[0].goal == Goal(finish_top=1)
