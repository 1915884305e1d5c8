"""The review (issue 13 item 7): a seat's decisions of a deal walked through the engine from the log and put to the
expert's search; the same log gives the same review, a deliberately bad lead is the costliest, forced leads are
not searched, and `main.py review` answers bad input with one line and exit code 2."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from file_traps import fifo, finishes, needs_fifo

from game.ai.expert.search import lead_values
from game.ai.hint import StakeHint
from game.ai.hint_tally import Reason
from game.ai.registry import make_agent
from game.app.review_words import cost_text, marks, reason_text
from game.cli import main
from game.config import default_rules
from game.engine import Agent, SeatInfo, Session, event_dict, play_session
from game.engine.cards import Card
from game.engine.decisions import Action, Decision, LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.view import PlayerView
from game.replay import split_deals
from game.review.judge import REVIEW_BUDGET, Judged, Option, review_deal
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
    try:
        code = main(["review", *args])
    except SystemExit as stop:  # argparse's own errors end the process there
        code = stop.code if isinstance(stop.code, int) else 1
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
        assert judged.position is not None and judged.options[0].card in judged.position.hand  # the hand is shown


def _lead(reason: Reason, chosen: int, best: int) -> Judged:
    """A searched lead of two cards, 3♥ and 9♠, with the given reason."""
    options = (Option("3H", Card.parse("3H"), 1.2, 0.5), Option("9S", Card.parse("9S"), 1.1, 0.5))
    cost = (options[best].chips or 0.0) - (options[chosen].chips or 0.0)
    return Judged(4, "lead", False, None, options, chosen, best, cost, reason.error, reason)


def test_about_equal_gives_the_gap_between_the_two_not_a_value() -> None:
    close = Reason("about_equal", value=1.2, other=1.1, edge=0.1, error=0.5)
    gave_up = reason_text(_lead(close, chosen=1, best=0), ())
    assert "3♥" in gave_up and "0.1 ± 1.0 chips apart" in gave_up and "+0.1" not in gave_up
    kept = reason_text(_lead(close, chosen=0, best=0), ())
    assert "9♠" in kept and "0.1 ± 1.0 chips apart" in kept and "+0.1" not in kept


def test_about_equal_on_every_sampled_deal_says_so_without_a_margin() -> None:
    same = Reason("about_equal", value=1.2, other=1.2, edge=0.0, error=0.0)
    for chosen in (0, 1):
        words = reason_text(_lead(same, chosen=chosen, best=0), ())
        assert "the same on every sampled deal" in words and "±" not in words
    alike = dataclasses.replace(_lead(same, chosen=1, best=0), cost=0.0, cost_error=0.0)
    assert "±" not in (cost_text(alike) or "") and "same" in (cost_text(alike) or "")


def _stake(barely_matters: bool) -> Judged:
    """A stake of 2 on A♠ and 2 on K♥, the hint's card A♠, K♥ close behind or far behind."""
    cards = [Card.parse(c) for c in ("AS", "KH", "QC", "JD")]
    other_rate = 0.51 if barely_matters else 0.30
    hint = StakeHint(cards[0], 4, 0.52, 4, cards[1], other_rate)
    assert hint.barely_matters == barely_matters
    options = tuple(Option(str(card), card, rate=0.5, staked=2 if i < 2 else 0) for i, card in enumerate(cards))
    return Judged(1, "stake", False, None, options, None, 0, None, None, None, stake=hint)


def test_a_stake_marks_the_cards_staked_on_and_no_best_when_it_barely_matters() -> None:
    clear, close = _stake(False), _stake(True)
    assert [marks(clear, i) for i in range(4)] == [(True, True), (True, False), (False, False), (False, False)]
    assert [marks(close, i) for i in range(4)] == [(True, False), (True, False), (False, False), (False, False)]


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


def _cut_short(path: Path) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[5] = '{"type": "ab'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _a_save(path: Path) -> Path:
    save = path.parent / "free.json"
    save.write_text(json.dumps({"version": 3, "seats": [{"name": "You"}]}, indent=2), encoding="utf-8")
    return save


def test_a_missing_seat_is_one_line_naming_the_seats(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    code, out, err = run_review(capsys, str(log_file))
    assert code == 2 and out == "" and err == "newmarket review: --seat: say which seat to review, 0 to 3\n"


def test_a_save_file_is_said_not_to_be_an_event_log(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    code, _, err = run_review(capsys, str(_a_save(log_file)), "--seat", "0")
    assert code == 2 and "not an event log" in err and "simulate --log" in err and "Replays" in err


def test_the_header_names_the_seat_once(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    code, out, _ = run_review(capsys, str(log_file), "--seat", "1", "--deal", "1")
    header = out.splitlines()[0]
    assert code == 0 and ": Seat 1; chips" in header and "(Seat" not in header


def test_the_json_marks_the_staked_cards_chosen(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    code, out, _ = run_review(capsys, str(log_file), "--seat", "0", "--deal", "1", "--json")
    stake = json.loads(out)["deals"][0]["decisions"][0]
    assert code == 0 and stake["kind"] == "stake"
    assert [o["chosen"] for o in stake["options"]] == [bool(o["staked"]) for o in stake["options"]]
    assert stake["best"] == next((o["option"] for o in stake["options"] if o["best"]), None)
    assert any(o["chosen"] for o in stake["options"])


@pytest.mark.parametrize("make,args,words", [
    (lambda p: p.parent / "missing.jsonl", [], "cannot be read"),
    (lambda p: p.write_text("hello\n", encoding="utf-8") and p, [], "line 1: not JSON"),
    (_garbled, [], "line 6: not JSON"),
    (lambda p: p, ["--seat", "4"], "--seat: the table has seats 0 to 3, not 4"),
    (lambda p: p, ["--deal", "3"], "--deal: the log has deals 1 to 2, not 3"),
    (lambda p: p, ["--seat", "x"], "--seat: a seat is a whole number (0 is the first), not 'x'"),
    (lambda p: p, ["--seat"], "newmarket review: "),
    (lambda p: p, ["--deal", "y"], "--deal: a deal is a whole number (1 is the first), not 'y'"),
    (_cut_short, [], "line 6: not JSON (unterminated string starting at column 10)"),
    (_a_save, [], "not an event log"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str], log_file: Path, make: object,
                                               args: list[str], words: str) -> None:
    path = make(log_file)  # type: ignore[operator]
    code, out, err = run_review(capsys, str(path), *(args if "--seat" in args else ["--seat", "0", *args]))
    assert code == 2 and out == "" and err.startswith("newmarket review: ")
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@needs_fifo
def test_a_fifo_given_as_a_log_is_one_line_without_waiting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = fifo(tmp_path / "log.jsonl")
    code, out, err = finishes(lambda: run_review(capsys, str(log), "--seat", "0"), fifos=(log,))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "is not a file (a pipe or a device)" in err


def test_a_log_larger_than_any_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "huge.jsonl"
    with log.open("wb") as sparse:
        sparse.truncate(40 * 1024 * 1024)  # costs no disk
    code, out, err = run_review(capsys, str(log), "--seat", "0")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "is too big (40.0 MB; the longest log read is 32.0 MB)" in err


def test_a_log_the_engine_plays_otherwise_is_refused(capsys: pytest.CaptureFixture[str], log_file: Path) -> None:
    kept = split_deals(log_file.read_text(encoding="utf-8").splitlines())[0].splitlines()
    at = next(i for i, line in enumerate(kept) if '"type": "deal_end"' in line)
    data = json.loads(kept[at])
    data["boodle"] = {card: chips + 1 for card, chips in data["boodle"].items()}  # the stacks carried change
    with pytest.raises(ReviewError):
        tampered = "\n".join(kept[:at] + [json.dumps(data)] + kept[at + 1:]) + "\n"
        walk_deal(tampered, 0)
