"""The review (issue 13 item 7): a seat's decisions of a deal walked through the engine from the log and put to the
expert's search; the same log gives the same review, a deliberately bad lead is the costliest, forced leads are
not searched, and `main.py review` answers bad input with one line and exit code 2."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from game.ai.expert.search import lead_values
from game.ai.registry import make_agent
from game.cli import main
from game.config import default_rules
from game.engine import Agent, SeatInfo, Session, event_dict, play_session
from game.engine.decisions import Action, Decision, LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.view import PlayerView
from game.replay import split_deals
from game.review.judge import REVIEW_BUDGET, review_deal
from game.review.walk import ReviewError, SessionLog, walk_deal

BAD_SEED = 2  # a 4-seat deal whose second lead of seat 0's, led at its worst, costs about 4 chips


class WorstLeadOnce:
    """Seat 0 for the test: all on the first boodle card, and each lead the expert's best but the `target`-th,
    which is the one the expert rates worst."""

    def __init__(self, target: int) -> None:
        self.leads = 0
        self.target = target
        self.bad: LeadAction | None = None

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The stake, or the lead as above."""
        if isinstance(decision, StakeDecision):
            return StakeAction(view.player, ((decision.cards[0], decision.boodle_total),))
        assert isinstance(decision, LeadDecision), "classic rules ask only stakes and leads"
        self.leads += 1
        values = lead_values(view, [card.index for card in decision.options], REVIEW_BUDGET, random.Random(self.leads))
        pick = min if self.leads == self.target else max
        action = LeadAction(view.player, decision.options[pick(range(len(values)), key=values.__getitem__)])
        if self.leads == self.target:
            self.bad = action
        return action


def session_log(seed: int, players: int = 4, deals: int = 1, first: Agent | None = None) -> str:
    """The JSONL log of a session of `lowest` agents (seat 0 `first` when given)."""
    rules = dataclasses.replace(default_rules(), players=players, deals=deals)
    session = Session(rules, [SeatInfo(f"Seat {seat}") for seat in range(players)], seed)
    agents = [first or make_agent("lowest", seed, 0)] + [make_agent("lowest", seed, s) for s in range(1, players)]
    events: list[str] = []
    play_session(session, agents, lambda event: events.append(json.dumps(event_dict(event))))
    return "".join(line + "\n" for line in events)


def run_review(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`main.py review ARGS`, in this process: the exit code, stdout and stderr."""
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    """A two-deal 4-seat session's log on disk."""
    path = tmp_path / "session.jsonl"
    path.write_text(session_log(11, deals=2), encoding="utf-8")
    return path


def test_the_review_of_a_log_is_the_same_byte_for_byte(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    first = run_review(capsys, str(log_file), "--seat", "1", "--json")
    second = run_review(capsys, str(log_file), "--seat", "1", "--json")
    assert first[0] == 0 and first == second
    assert run_review(capsys, str(log_file), "--seat", "1") == run_review(capsys, str(log_file), "--seat", "1")


def test_a_deal_kept_on_its_own_reviews_as_in_the_whole_log(log_file: Path) -> None:
    text = log_file.read_text(encoding="utf-8")
    kept = split_deals(text.splitlines())[1]  # as a save keeps deal 2: opening with the table before it
    whole = SessionLog.from_text(text)
    assert whole.numbers == (1, 2) and SessionLog.from_text(kept).deals == (kept,)
    assert review_deal(walk_deal(kept, 2)) == review_deal(walk_deal(whole.deals[1], 2))


def test_a_deliberately_bad_lead_is_the_costliest_with_a_positive_cost() -> None:
    agent = WorstLeadOnce(target=2)
    review = review_deal(walk_deal(SessionLog.from_text(session_log(BAD_SEED, first=agent)).deals[0], 0))
    assert agent.bad is not None
    costliest = next(judged for judged in review.decisions if judged.number == review.costliest)
    assert costliest.kind == "lead" and costliest.chosen is not None
    assert costliest.options[costliest.chosen].card == agent.bad.card
    assert costliest.cost is not None and costliest.cost_error is not None
    assert costliest.cost > 2 * costliest.cost_error > 0
    assert costliest.best != costliest.chosen and costliest.reason is not None


def test_forced_leads_are_listed_without_a_search() -> None:
    forced = [judged for seed in (5, 6, 7) for seat in range(4)
              for judged in review_deal(walk_deal(SessionLog.from_text(session_log(seed)).deals[0], seat)).decisions
              if judged.forced]
    assert forced, "some seat led its only lawful card"
    for judged in forced:
        assert judged.cost is None and judged.samples == 0 and not judged.searched and len(judged.options) == 1


def test_the_json_names_every_field(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    code, out, _ = run_review(capsys, str(log_file), "--seat", "0", "--deal", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"log", "seat", "player", "deals"} and data["seat"] == 0
    (deal,) = data["deals"]
    assert set(deal) == {"deal", "finished", "costliest", "decisions"} and deal["deal"] == 2
    decisions = deal["decisions"]
    assert decisions[0]["kind"] == "stake" and decisions[0]["reason"] in ("stake", "stake_barely_matters")
    for decision in decisions:
        assert set(decision) == {"number", "kind", "forced", "searched", "hand", "run", "run_stopped", "options",
                                 "chosen", "best", "cost", "cost_error", "about_equal", "costliest", "reason",
                                 "reason_text", "samples"}
        assert decision["costliest"] == (decision["number"] == deal["costliest"])
        for option in decision["options"]:
            assert set(option) == {"option", "chips", "error", "rate", "staked", "chosen", "best"}
        if decision["searched"]:
            chosen = next(o for o in decision["options"] if o["chosen"])
            best = next(o for o in decision["options"] if o["best"])
            assert decision["cost"] == pytest.approx(best["chips"] - chosen["chips"], abs=0.002)
            assert decision["reason_text"]


def _garbled(path: Path) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5][:20]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("make,args,words", [
    (lambda p: p.parent / "missing.jsonl", [], "cannot be read"),
    (lambda p: p.write_text("hello\n", encoding="utf-8") and p, [], "line 1: not JSON"),
    (_garbled, [], "line 6: not JSON"),
    (lambda p: p, ["--seat", "4"], "--seat: the table has seats 0 to 3, not 4"),
    (lambda p: p, ["--deal", "3"], "--deal: the log has deals 1 to 2, not 3"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str], log_file: Path, make: object,
                                               args: list[str], words: str) -> None:
    path = make(log_file)  # type: ignore[operator]
    code, out, err = run_review(capsys, str(path), *(args if "--seat" in args else ["--seat", "0", *args]))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_a_log_the_engine_plays_otherwise_is_refused(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    kept = split_deals(log_file.read_text(encoding="utf-8").splitlines())[0].splitlines()
    at = next(i for i, line in enumerate(kept) if '"type": "deal_end"' in line)
    data = json.loads(kept[at])
    data["boodle"] = {card: chips + 1 for card, chips in data["boodle"].items()}  # the stacks carried change
    with pytest.raises(ReviewError):
        tampered = "\n".join(kept[:at] + [json.dumps(data)] + kept[at + 1:]) + "\n"
        walk_deal(tampered, 0)
