"""A character file's `charms:` section (R31): the charms it holds and its style for each, checked with clear
words, and the agent following that style."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.ai.character import CharacterAgent
from game.ai.character_file import load_character_text
from game.ai.charm_choice import CharmStyles
from game.ai.registry import load_character_by_id
from game.cli import main
from game.config import ConfigError, charms_by_id
from game.engine import CharmSpec, RuleSet, SeatInfo, Session
from game.engine.decisions import CharmAction, CharmDecision

DEX = (Path(__file__).resolve().parents[2] / "config" / "personalities" / "dex.yaml").read_text(encoding="utf-8")
PLAIN = "\n".join(line for line in DEX.splitlines() if not line.startswith(("charms:", "  held:", "  style")))


def with_charms(section: str) -> str:
    """Dex's file with this `charms:` section in place of his own."""
    return PLAIN + "\n" + section + "\n"


def test_a_good_section_is_read() -> None:
    dex = load_character_text(with_charms(
        "charms: {held: [glimpse, cut_in], style: careful, styles: {cut_in: never, peek_dead: eager}}"),
        "dex.yaml", "dex")
    assert dex.charms.held == ("glimpse", "cut_in")
    glimpse, cut_in, dam = charms_by_id(["glimpse", "cut_in", "dam"])
    assert dex.charms.style_of(glimpse, searches=False) == "eager"  # by its effect
    assert dex.charms.style_of(cut_in, searches=False) == "never"  # by its id
    assert dex.charms.style_of(dam, searches=False) == "careful"  # the file's style for the rest


def test_without_a_section_searchers_are_careful_and_the_rest_eager() -> None:
    dex = load_character_text(PLAIN, "dex.yaml", "dex")
    assert dex.charms == CharmStyles()
    (dam,) = charms_by_id(["dam"])
    assert dex.charms.style_of(dam, searches=True) == "careful"
    assert dex.charms.style_of(dam, searches=False) == "eager"


@pytest.mark.parametrize("section, words", [
    ("charms: 3", "must be a mapping like {held: [glimpse], style: careful}"),
    ("charms: {hold: [glimpse]}", "did you mean held"),
    ("charms: {held: glimpse}", "must be a list of charm ids"),
    ("charms: {held: [glimps]}", "did you mean glimpse"),
    ("charms: {held: [glimpse, glimpse]}", "glimpse is held twice"),
    ("charms: {style: keen}", "must be one of eager, careful, never"),
    ("charms: {styles: [never]}", "must be a mapping of a charm or an effect to a style"),
    ("charms: {styles: {peeking: never}}", "peeking is neither a charm nor an effect"),
    ("charms: {styles: {lock: sometimes}}", "must be one of eager, careful, never"),
])
def test_a_bad_section_is_refused_with_its_line_and_why(section: str, words: str) -> None:
    with pytest.raises(ConfigError) as raised:
        load_character_text(with_charms(section), "dex.yaml", "dex")
    text = "\n".join(raised.value.problems)
    assert words in text and "charms" in text
    assert f"dex.yaml:{len(PLAIN.splitlines()) + 1}:" in text


def test_several_shipped_characters_hold_charms_in_styles_of_their_own() -> None:
    held = {cid: load_character_by_id(cid).charms for cid in ("hetty", "dex", "vera", "reggie", "maud", "expert")}
    assert all(styles.held for styles in held.values())
    assert held["hetty"].style == "eager" and held["maud"].style == "never" and held["expert"].style == "careful"


def agent_answers(character_id: str, styles: CharmStyles, spec: CharmSpec, seeds: range) -> list[CharmAction]:
    """The character's answers (with these styles) at seat 0's charm decisions, the others letting theirs pass."""
    agent = CharacterAgent(dataclasses.replace(load_character_by_id(character_id), charms=styles), "1:0")
    rules = RuleSet(players=4, deals=1)
    answers: list[CharmAction] = []
    for seed in seeds:
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(4)], seed, ((spec,), (), (), ()))
        others = [CharacterAgent(load_character_by_id("maud"), f"{seed}:{i}") for i in range(4)]
        session.start()
        while (decision := session.pending()) is not None:
            if isinstance(decision, CharmDecision):
                action = agent.decide(session.view(0), decision)
                assert isinstance(action, CharmAction)
                answers.append(action)
                session.apply(action)
            else:
                session.apply(others[decision.player].decide(session.view(decision.player), decision))
    return answers


def test_a_character_follows_its_style() -> None:
    """Cut In (at any hand size) offered at many stops: never lets every one pass, eager takes the first."""
    cut_in = dataclasses.replace(charms_by_id(["cut_in"])[0], params=())
    never = agent_answers("maud", CharmStyles((), "never"), cut_in, range(4))
    eager = agent_answers("maud", CharmStyles((), "eager"), cut_in, range(4))
    assert never and all(action.use is None for action in never)
    assert eager and eager[0].use is not None
    assert sum(action.use is not None for action in eager) == 4  # once a session: the first chance of each


def test_check_config_names_a_bad_charms_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "personalities"
    folder.mkdir()
    (folder / "dex.yaml").write_text(with_charms("charms: {held: [glimpse], style: keen}"), encoding="utf-8")
    assert main(["check-config", str(folder / "dex.yaml")]) == 1
    out = capsys.readouterr().out
    assert "charms.style: must be one of eager, careful, never, got the text 'keen'" in out
